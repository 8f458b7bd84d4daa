//! The local web page and its JSON API (`graphdoku serve`), on 127.0.0.1 only.
//!
//! One thread accepts connections and hands each request to a small pool of
//! workers through a bounded queue, so a slow search never blocks the accept
//! loop; a full queue answers 503 at once. Request bodies are capped at
//! [`Limits::body`] bytes (413 beyond), every search runs under
//! [`Limits::budget`], and a handler that panics answers 500 instead of taking
//! the server down. The handlers call the same library paths as the CLI.

mod api;

use std::io::Read;
use std::net::SocketAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use tiny_http::{Header, Method, Request, Response};

/// The bounds every request is held to.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub body: usize,
    /// Nodes and time for each search (solve, count, check, hint, grade).
    pub budget: crate::Budget,
    /// Longest wait for a generated puzzle (the generator has no budget of its own).
    pub generate: Duration,
    /// Worker threads answering requests.
    pub workers: usize,
    /// Requests waiting for a worker before new ones get 503.
    pub queue: usize,
}

impl Default for Limits {
    /// 1 MiB bodies, 2 s and 2 million nodes per search, 10 s per generated
    /// puzzle, 4 workers, 64 waiting requests.
    fn default() -> Self {
        Limits {
            body: 1 << 20,
            budget: crate::Budget::unlimited()
                .nodes(2_000_000)
                .time(Duration::from_secs(2)),
            generate: Duration::from_secs(10),
            workers: 4,
            queue: 64,
        }
    }
}

/// A bound, not yet running, server.
pub struct Server {
    http: Arc<tiny_http::Server>,
    addr: SocketAddr,
    limits: Limits,
}

impl Server {
    /// Binds 127.0.0.1:`port` (0 picks a free port).
    ///
    /// # Errors
    /// When the port cannot be bound (in use, not permitted).
    pub fn bind(port: u16, limits: Limits) -> std::io::Result<Server> {
        let http = tiny_http::Server::http(("127.0.0.1", port)).map_err(std::io::Error::other)?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| std::io::Error::other("not an IP address"))?;
        Ok(Server {
            http: Arc::new(http),
            addr,
            limits,
        })
    }

    /// The address bound.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address: `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let (send, receive) = sync_channel::<Request>(self.limits.queue);
        let receive = Arc::new(Mutex::new(receive));
        for n in 0..self.limits.workers.max(1) {
            let receive = Arc::clone(&receive);
            let limits = self.limits;
            let _ = thread::Builder::new()
                .name(format!("serve-{n}"))
                .spawn(move || work(&receive, limits));
        }
        for request in self.http.incoming_requests() {
            match send.try_send(request) {
                Ok(()) => {}
                Err(TrySendError::Full(request)) => {
                    respond(request, api::error(503, "busy: too many requests waiting"))
                }
                Err(TrySendError::Disconnected(request)) => {
                    respond(request, api::error(503, "shutting down"))
                }
            }
        }
    }
}

/// One worker: takes requests off the queue and answers them.
fn work(queue: &Mutex<Receiver<Request>>, limits: Limits) {
    loop {
        // The lock is held only while waiting for the next request.
        let next = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(request) = next else { return };
        answer(request, &limits);
    }
}

/// Reads the body within the limit, routes the request, and responds.
fn answer(mut request: Request, limits: &Limits) {
    if request.body_length().is_some_and(|n| n > limits.body) {
        return respond(request, too_large(limits));
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(limits.body as u64 + 1)
        .read_to_end(&mut body);
    if read.is_err() {
        return respond(request, api::error(400, "could not read the request body"));
    }
    if body.len() > limits.body {
        return respond(request, too_large(limits));
    }
    let method = request.method().clone();
    let path = request.url().split('?').next().unwrap_or("").to_string();
    // A bug in one handler must not take the server down.
    let reply = catch_unwind(AssertUnwindSafe(|| route(&method, &path, &body, limits)))
        .unwrap_or_else(|_| api::error(500, "internal error: the handler panicked"));
    respond(request, reply);
}

/// The 413 answer.
fn too_large(limits: &Limits) -> api::Reply {
    api::error(
        413,
        &format!("the request body is larger than {} bytes", limits.body),
    )
}

/// The page and its API, by method and path.
fn route(method: &Method, path: &str, body: &[u8], limits: &Limits) -> api::Reply {
    const HTML: &str = "text/html; charset=utf-8";
    match (method, path) {
        (Method::Get, "/") => api::Reply::text(HTML, include_str!("page.html")),
        (Method::Get, "/page.js") => {
            api::Reply::text("text/javascript; charset=utf-8", include_str!("page.js"))
        }
        (Method::Get, "/page.css") => {
            api::Reply::text("text/css; charset=utf-8", include_str!("page.css"))
        }
        (Method::Get, "/api/variants") => api::variants(),
        (Method::Post, api_path) if api_path.starts_with("/api/") => {
            api::post(&api_path[5..], body, limits)
        }
        (_, "/" | "/page.js" | "/page.css" | "/api/variants") => {
            api::error(405, "method not allowed")
        }
        (_, p) if p.starts_with("/api/") => api::error(405, "the API takes POST with JSON"),
        _ => api::error(404, "no such page"),
    }
}

/// Sends `reply`; a client gone away is not the server's problem.
fn respond(request: Request, reply: api::Reply) {
    // Bodies are whole in memory: a Content-Length, never chunks, suits every client.
    let mut response = Response::from_data(reply.body)
        .with_status_code(reply.status)
        .with_chunked_threshold(usize::MAX);
    if let Ok(header) = Header::from_bytes(&b"Content-Type"[..], reply.content_type.as_bytes()) {
        response.add_header(header);
    }
    if let Ok(header) = Header::from_bytes(&b"Cache-Control"[..], &b"no-store"[..]) {
        response.add_header(header);
    }
    let _ = request.respond(response);
}
