//! Connections and the search pool: capped, timed out, and the page never
//! waiting behind a search.
//!
//! hyper on tokio: two I/O threads answer the page, static files and refusals
//! directly; a search runs on tokio's blocking pool, at most [`Limits::workers`]
//! at once, with at most [`Limits::queue`] more waiting before new ones get
//! 503 and `Retry-After`.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, HeaderValue, RETRY_AFTER};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::Limits;
use super::api::{self, Reply};
use super::assets;
use super::guard::Guard;

/// Seconds a client is asked to wait after a 503.
const RETRY_AFTER_SECONDS: u64 = 2;

/// Longest life of one connection, however busy: a client that reads its
/// answers slowly cannot hold a place for ever.
const CONNECTION_LIFETIME: Duration = Duration::from_secs(120);

/// What every connection shares.
struct Shared {
    limits: Limits,
    guard: Guard,
    /// A place in the search line (running or waiting): taken before the body is read.
    line: Arc<Semaphore>,
    /// A worker: taken before the search runs.
    workers: Arc<Semaphore>,
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
        workers: Arc::new(Semaphore::new(workers)),
    });
    let connections = Arc::new(Semaphore::new(limits.connections.max(1)));
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
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
            // Over the cap: a short answer if the socket takes it at once, then close.
            let _ = stream.try_write(
                format!(
                    "HTTP/1.1 503 Service Unavailable\r\nRetry-After: {RETRY_AFTER_SECONDS}\r\n\
                     Content-Length: 0\r\nConnection: close\r\n\r\n"
                )
                .as_bytes(),
            );
            continue;
        };
        let shared = Arc::clone(&shared);
        tokio::spawn(async move {
            let service = service_fn(move |request| {
                let shared = Arc::clone(&shared);
                async move { Ok::<_, Infallible>(respond(handle(request, &shared).await)) }
            });
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.headers)
                .max_buf_size(64 << 10);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(CONNECTION_LIFETIME, connection).await;
            drop(permit);
        });
    }
}

/// The answer to one request.
async fn handle(request: Request<Incoming>, shared: &Shared) -> Reply {
    let (parts, body) = request.into_parts();
    if let Err(refused) = shared
        .guard
        .check(&parts.method, &parts.uri, &parts.headers)
    {
        return refused;
    }
    match (
        &parts.method,
        parts.uri.path(),
        assets::find(parts.uri.path()),
    ) {
        (&Method::GET, _, Some((kind, text))) => Reply::text(kind, text),
        (_, _, Some(_)) => api::error(405, "method not allowed"),
        (&Method::GET, "/api/variants", _) => api::variants(),
        (_, "/api/variants", _) => api::error(405, "method not allowed"),
        (&Method::POST, path, _) if path.starts_with("/api/") => {
            let endpoint = path["/api/".len()..].to_string();
            search(endpoint, &parts.headers, body, shared).await
        }
        (_, p, _) if p.starts_with("/api/") => api::error(405, "the API takes POST with JSON"),
        _ => api::error(404, "no such page"),
    }
}

/// An API call: a place in the line, the body within its size and time, a
/// worker, then the handler on the blocking pool.
async fn search(
    endpoint: String,
    headers: &hyper::HeaderMap,
    body: Incoming,
    shared: &Shared,
) -> Reply {
    let limits = shared.limits;
    let too_large = || {
        api::error(
            413,
            &format!("the request body is larger than {} bytes", limits.body),
        )
    };
    let declared = headers
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.body as u64) {
        return too_large();
    }
    let Ok(_place) = Arc::clone(&shared.line).try_acquire_owned() else {
        return api::error(503, "busy: too many searches running or waiting");
    };
    let read = Limited::new(body, limits.body).collect();
    let body = match tokio::time::timeout(limits.body_time, read).await {
        Err(_) => {
            return api::error(
                408,
                &format!(
                    "the request body took longer than {} s",
                    limits.body_time.as_secs()
                ),
            );
        }
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return too_large(),
        Ok(Err(_)) => return api::error(400, "could not read the request body"),
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    let Ok(_worker) = Arc::clone(&shared.workers).acquire_owned().await else {
        return api::error(503, "shutting down");
    };
    let work = tokio::task::spawn_blocking(move || {
        below_the_page();
        // A bug in one handler must not take the server down.
        catch_unwind(AssertUnwindSafe(|| api::post(&endpoint, &body, &limits)))
            .unwrap_or_else(|_| api::error(500, "internal error: the handler panicked"))
    });
    work.await
        .unwrap_or_else(|_| api::error(500, "internal error: the handler stopped"))
}

/// The HTTP response of `reply`: whole in memory, never cached, no CORS headers.
fn respond(reply: Reply) -> Response<Full<Bytes>> {
    let status = reply.status;
    let mut response = Response::new(Full::new(Bytes::from(reply.body)));
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
