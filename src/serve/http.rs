//! Connections and the search pool: capped, timed out, the page never
//! waiting behind a search, and every API request answered or refused by
//! its deadline.
//!
//! hyper on tokio: two I/O threads answer the page, static files and refusals
//! directly. An API request takes a place in the search line (at most
//! [`Limits::workers`] running and [`Limits::queue`] waiting, else 503 with
//! `Retry-After`), reads its body, and gets its deadline ([`routes::Time`]);
//! then a worker and the memory its estimate needs ([`Job::need`]), or 503
//! when none comes by the deadline. Its handler runs on tokio's blocking
//! pool; if it has not answered 0.4 s after the deadline, the
//! request is answered 503 while the work finishes on its own (still holding
//! its worker and memory). Answers are sent in chunks, their memory held
//! until the last is written or the connection is dropped.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Limited};
use hyper::body::{Bytes, Frame, Incoming, SizeHint};
use hyper::header::{CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, HeaderValue, RETRY_AFTER};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::Limits;
use super::assets;
use super::connections::{Connection, Connections, Stream};
use super::guard::Guard;
use super::job::{Job, Workers};
use super::memory::{self, Memory, Reservation};
use super::reply::{Reply, error};
use super::routes::{self, MAX_LONG, Time};

/// Seconds a client is asked to wait after a 503.
const RETRY_AFTER_SECONDS: u64 = 2;

/// Longest life of one connection, however busy: a client that reads its
/// answers slowly cannot hold a place for ever.
const CONNECTION_LIFETIME: Duration = Duration::from_secs(120);

/// How long after its deadline a request is answered 503 if its handler has
/// not answered (every search in it stops at the deadline; what cannot be
/// stopped in between, a step of logic or a picture, is bounded by its
/// estimate).
const GRACE: Duration = Duration::from_millis(400);

/// Memory every API request holds from the start: its body read into the
/// request's fields, its graph built (a 64×64's is 10 MB) before its
/// estimate is known.
const BASE: u64 = 16 << 20;

/// Bytes of an answer handed to hyper at a time.
const CHUNK: usize = 64 << 10;

/// What every connection shares.
struct Shared {
    limits: Limits,
    guard: Guard,
    /// A place in the search line (running or waiting): taken before the body is read.
    line: Arc<Semaphore>,
    /// A place for a long request (generation, setter tools).
    long: Arc<Semaphore>,
    workers: Arc<Workers>,
    memory: Arc<Memory>,
    connections: Arc<Connections>,
}

/// Accepts connections on `listener` (non-blocking, bound to `addr`) until the process ends.
pub(super) async fn serve(
    listener: std::net::TcpListener,
    addr: SocketAddr,
    limits: Limits,
    token: Option<String>,
) -> std::io::Result<()> {
    let listener = TcpListener::from_std(listener)?;
    let workers = limits.workers.max(1);
    let shared = Arc::new(Shared {
        limits,
        guard: Guard::new(addr, token),
        line: Arc::new(Semaphore::new(workers + limits.queue)),
        long: Arc::new(Semaphore::new(MAX_LONG)),
        workers: Workers::new(workers),
        memory: Arc::new(Memory::new(limits.memory)),
        connections: Connections::new(limits.connections),
    });
    let running = Arc::clone(&shared.workers);
    tokio::spawn(memory::watch(limits.memory, move || running.stop_all()));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was
            // accepted: wait a little rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // A second handle on the socket, for the look at whether a request
        // waits on it (both are non-blocking, as tokio set the socket up).
        let (stream, socket) = match stream.into_std() {
            Ok(std) => {
                let socket = std.try_clone().ok();
                match tokio::net::TcpStream::from_std(std) {
                    Ok(stream) => (stream, socket),
                    Err(_) => continue,
                }
            }
            Err(_) => continue,
        };
        let Some(connection) = shared.connections.open(socket) else {
            // Every connection busy: a short answer if the socket takes it at once, then close.
            let _ = stream.try_write(
                format!(
                    "HTTP/1.1 503 Service Unavailable\r\nRetry-After: {RETRY_AFTER_SECONDS}\r\n\
                     Content-Length: 0\r\nConnection: close\r\n\r\n"
                )
                .as_bytes(),
            );
            continue;
        };
        tokio::spawn(connected(stream, connection, Arc::clone(&shared)));
    }
}

/// Serves one connection until it closes, is closed to make room, stops
/// reading its answers, or reaches [`CONNECTION_LIFETIME`].
async fn connected(
    stream: tokio::net::TcpStream,
    connection: Arc<Connection>,
    shared: Arc<Shared>,
) {
    let (limits, connections) = (shared.limits, Arc::clone(&shared.connections));
    let serving = Arc::clone(&connection);
    let service = service_fn(move |request| {
        let (shared, busy) = (Arc::clone(&shared), serving.busy());
        async move {
            let (reply, held) = handle(request, &shared).await;
            drop(busy);
            Ok::<_, Infallible>(respond(reply, held))
        }
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.headers)
        .max_buf_size(64 << 10);
    let io = TokioIo::new(Stream::new(stream, &connection));
    let life = connection.watch(builder.serve_connection(io, service), limits.body_time);
    let _ = tokio::time::timeout(CONNECTION_LIFETIME, life).await;
    connections.closed(&connection);
}

/// The answer to one request, and the memory its answer holds.
async fn handle(request: Request<Incoming>, shared: &Shared) -> (Reply, Reservation) {
    let (parts, body) = request.into_parts();
    if let Err(refused) = shared
        .guard
        .check(&parts.method, &parts.uri, &parts.headers)
    {
        return (refused, Reservation::default());
    }
    let reply = match (
        &parts.method,
        parts.uri.path(),
        assets::find(parts.uri.path()),
    ) {
        (&Method::GET, _, Some((kind, text))) => Reply::text(kind, text),
        (_, _, Some(_)) => error(405, "method not allowed"),
        (&Method::GET, "/api/variants", _) => routes::variants(),
        (_, "/api/variants", _) => error(405, "method not allowed"),
        (&Method::POST, path, _) if path.starts_with("/api/") => {
            return api(&path["/api/".len()..], &parts.headers, body, shared).await;
        }
        (_, p, _) if p.starts_with("/api/") => error(405, "the API takes POST with JSON"),
        _ => error(404, "no such page"),
    };
    (reply, Reservation::default())
}

/// An API call: its route, a place in the line, the body within its size and
/// time, a worker and memory by its deadline, then the handler on the
/// blocking pool, answered by the deadline.
async fn api(
    endpoint: &str,
    headers: &hyper::HeaderMap,
    body: Incoming,
    shared: &Shared,
) -> (Reply, Reservation) {
    let refused = |reply| (reply, Reservation::default());
    let Some(route) = routes::find(endpoint) else {
        return refused(error(404, &format!("no API endpoint {endpoint:?}")));
    };
    let limits = shared.limits;
    let too_large = || {
        error(
            413,
            &format!("the request body is larger than {} bytes", limits.body),
        )
    };
    let declared = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.body as u64) {
        return refused(too_large());
    }
    let Ok(place) = Arc::clone(&shared.line).try_acquire_owned() else {
        return refused(error(503, "busy: too many searches running or waiting"));
    };
    let long = match route.time {
        Time::Long => match Arc::clone(&shared.long).try_acquire_owned() {
            Ok(long) => Some(long),
            Err(_) => {
                return refused(error(503, "busy: other puzzles are being generated"));
            }
        },
        _ => None,
    };
    let read = Limited::new(body, limits.body).collect();
    let body = match tokio::time::timeout(limits.body_time, read).await {
        Err(_) => {
            return refused(error(
                408,
                &format!(
                    "the request body took longer than {} s",
                    limits.body_time.as_secs()
                ),
            ));
        }
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return refused(too_large()),
        Ok(Err(_)) => return refused(error(400, "could not read the request body")),
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    let deadline = Instant::now() + route.time.of(&limits);
    let worker = match shared.workers.take(deadline).await {
        Ok(worker) => worker,
        Err(failure) => return refused(failure.reply()),
    };
    let base = match shared.memory.reserve(BASE, deadline).await {
        Ok(base) => base,
        Err(failure) => return refused(failure.reply()),
    };
    let job = Job::new(limits, deadline, worker, (Arc::clone(&shared.memory), base));
    let work = tokio::task::spawn_blocking(move || {
        // Held while the work lasts, even past an answer sent at the deadline.
        let _held = (place, long);
        below_the_page();
        // A bug in one handler must not take the server down.
        let mut reply = catch_unwind(AssertUnwindSafe(|| routes::answer(route, &body, &job)))
            .unwrap_or_else(|_| error(500, "internal error: the handler panicked"));
        reply.reserved = Some(job.reserved());
        let kept = job.keep(reply.body.len() as u64);
        drop((job, body));
        memory::give_back();
        (reply, kept)
    });
    match tokio::time::timeout_at((deadline + GRACE).into(), work).await {
        Ok(Ok(done)) => done,
        Ok(Err(_)) => refused(error(500, "internal error: the handler stopped")),
        Err(_) => refused(error(
            503,
            &format!(
                "busy: the request did not end by its deadline ({:.1} s)",
                route.time.of(&limits).as_secs_f32()
            ),
        )),
    }
}

/// An answer's body, handed to hyper a chunk at a time: hyper buffers a
/// chunk or two, and the memory of the rest stays held (and counted) here
/// until it is written or the connection is dropped.
struct Answer {
    bytes: Bytes,
    at: usize,
    _held: Reservation,
}

impl hyper::body::Body for Answer {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        if this.at >= this.bytes.len() {
            return Poll::Ready(None);
        }
        let end = (this.at + CHUNK).min(this.bytes.len());
        // A copy: hyper's buffer must not keep the whole answer alive.
        let chunk = Bytes::copy_from_slice(&this.bytes[this.at..end]);
        this.at = end;
        Poll::Ready(Some(Ok(Frame::data(chunk))))
    }

    fn is_end_stream(&self) -> bool {
        self.at >= self.bytes.len()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact((self.bytes.len() - self.at) as u64)
    }
}

/// The HTTP response of `reply`, its body holding `held`: never cached, no
/// CORS headers.
fn respond(reply: Reply, held: Reservation) -> Response<Answer> {
    let (status, reserved) = (reply.status, reply.reserved);
    let mut response = Response::new(Answer {
        bytes: Bytes::from(reply.body),
        at: 0,
        _held: held,
    });
    *response.status_mut() =
        hyper::StatusCode::from_u16(status).unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&reply.content_type) {
        headers.insert(CONTENT_TYPE, value);
    }
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    if status == 503 {
        headers.insert(RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
    }
    if let Some(bytes) = reserved {
        headers.insert("x-memory-reserved", HeaderValue::from(bytes));
    }
    response
}

/// Lowers the calling thread's scheduling priority (nice 10), so that a CPU
/// busy with searches still runs the I/O threads that answer the page at once.
/// On Linux a thread's nice value is its own; elsewhere this does nothing.
pub(super) fn below_the_page() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its integer arguments; `who == 0` is the
    // calling thread on Linux. A failure leaves the priority as it was.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}
