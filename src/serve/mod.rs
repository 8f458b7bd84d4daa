//! The local web page and its JSON API (`graphdoku serve`), on 127.0.0.1 only.
//!
//! Safe against the web pages the user visits (`guard.rs`): a request must name
//! this server in its `Host` (no DNS rebinding), come from the page's own
//! `Origin` when it says where it comes from, carry the run's secret token to
//! reach the API, and POST `application/json` (which a cross-site form cannot
//! send without a CORS preflight, never granted). A pasted variant may refer to
//! built-in variants only: no request opens a file.
//!
//! Bounded against any client, whatever it sends within the limits:
//! - connections are capped, and when all are open the oldest idle one is
//!   closed for a new one, so the page always gets one (`connections.rs`);
//!   headers and bodies that trickle in time out, and so does an answer its
//!   client does not read;
//! - the page and static files are answered at once on the I/O threads,
//!   never behind a search; searches run on a small pool whose waiting line
//!   is bounded, and a full line answers 503 with `Retry-After` (`http.rs`);
//! - each request has one budget, decided before anything big is built: its
//!   variant within [`Limits::capacity`] (the rules of a pasted variant
//!   counted with the request's), then the memory its estimate says
//!   (`cost.rs`), reserved from the server's ceiling [`Limits::memory`]
//!   (`memory.rs`, waiting or 503), and its deadline: every search, step,
//!   generation, SAT call and picture in it stops by then (`job.rs`), and the
//!   request is answered 0.4 s after it at the latest;
//! - answers are at most [`Limits::answer`] bytes (422 beyond), sent in
//!   chunks; a handler that panics answers 500.
//!
//! The API: request fields in `request.rs`, answers in `reply.rs`, the
//! routes in `routes.rs`, the handlers in `search.rs`, `hint.rs`,
//! `steps.rs`, `generate.rs`, `setter.rs`, `picture.rs` and `exchange.rs`.

mod assets;
mod connections;
mod cost;
mod exchange;
mod generate;
mod guard;
mod hint;
mod http;
mod job;
mod memory;
mod picture;
mod reply;
mod request;
mod routes;
mod search;
mod setter;
mod steps;

use std::net::SocketAddr;
use std::time::Duration;

use crate::graph::Capacity;

/// The bounds every request and connection is held to.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub body: usize,
    /// The largest variant a request may name or paste, with its rules,
    /// checked before it is built.
    pub capacity: Capacity,
    /// Nodes and time for each search (solve, count, check, candidates,
    /// steps; a hint's or grade's search, then as long again for its path).
    pub budget: crate::Budget,
    /// Time of a generation or of the setter's tools (their SAT questions
    /// included).
    pub generate: Duration,
    /// Time of a request that runs no search: a picture, an import, an export.
    pub quick: Duration,
    /// The whole server's memory, in bytes: requests reserve what their
    /// estimate says from it before they build anything big, and wait (or
    /// get 503) while it is taken.
    pub memory: u64,
    /// Largest answer, in bytes (422 beyond).
    pub answer: usize,
    /// Most clauses of a SAT formula a request builds (a generation's or the
    /// setter's hard questions); a question whose formula would be larger
    /// is left unanswered.
    pub clauses: usize,
    /// Searches running at once (worker threads).
    pub workers: usize,
    /// Searches waiting for a worker; past that, new ones get 503 at once.
    pub queue: usize,
    /// Open connections; past that, the oldest idle one is closed for a new
    /// one (and a new one gets 503 when none is idle).
    pub connections: usize,
    /// Longest wait for a request's headers (also how long an idle
    /// keep-alive connection is kept).
    pub headers: Duration,
    /// Longest wait for a request's body once its headers are in, and for a
    /// client to read its answer.
    pub body_time: Duration,
}

impl Default for Limits {
    /// 256 KiB bodies and 8 MiB answers; variants of at most 4,096 cells,
    /// 2^19 edges and 64 symbols (a 64×64 Sudoku; every built-in fits), 500
    /// rules (pasted or added) watching 100,000 cells; 2 s and 2 million
    /// nodes per search, 10 s per generated puzzle, 5 s for the rest; 512 MB
    /// for the whole server; 600,000 clauses per SAT formula; 4 workers and 8
    /// waiting searches; 128 connections, 10 s for headers, for a body, and
    /// for reading an answer.
    fn default() -> Self {
        Limits {
            body: 256 << 10,
            capacity: Capacity {
                cells: 4096,
                edges: 1 << 19,
                symbols: 64,
                rules: 500,
                rule_cells: 100_000,
            },
            budget: crate::Budget::unlimited()
                .nodes(2_000_000)
                .time(Duration::from_secs(2)),
            generate: Duration::from_secs(10),
            quick: Duration::from_secs(5),
            memory: 512 << 20,
            answer: 8 << 20,
            clauses: 600_000,
            workers: 4,
            queue: 8,
            connections: 128,
            headers: Duration::from_secs(10),
            body_time: Duration::from_secs(10),
        }
    }
}

/// Connections the system may hold before the server accepts them: the
/// standard library asks for 128, and a client opening hundreds at once
/// then makes a new one (the page's) wait a second for its SYN to be sent
/// again.
const BACKLOG: i32 = 1024;

/// Asks the system for a [`BACKLOG`] on `listener` (a second `listen` on a
/// listening socket changes its backlog); elsewhere than Unix, nothing.
fn longer_backlog(listener: &std::net::TcpListener) {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: listen only reads the descriptor, which `listener` owns and
        // keeps open, and an integer; a failure leaves the backlog as it was.
        unsafe {
            libc::listen(listener.as_raw_fd(), BACKLOG);
        }
    }
    #[cfg(not(unix))]
    let _ = listener;
}

/// A bound, not yet running, server.
pub struct Server {
    listener: std::net::TcpListener,
    addr: SocketAddr,
    limits: Limits,
    token: Option<String>,
}

impl Server {
    /// Binds 127.0.0.1:`port` (0 picks a free port), with a fresh secret token
    /// that every API call must carry (see [`Server::token`]).
    ///
    /// # Errors
    /// When the port cannot be bound (in use, not permitted), or the system
    /// gives no random bytes for the token.
    pub fn bind(port: u16, limits: Limits) -> std::io::Result<Server> {
        let listener = std::net::TcpListener::bind(("127.0.0.1", port))?;
        longer_backlog(&listener);
        let addr = listener.local_addr()?;
        let mut secret = [0u8; 24];
        getrandom::fill(&mut secret).map_err(std::io::Error::other)?;
        let token = secret.iter().map(|b| format!("{b:02x}")).collect();
        Ok(Server {
            listener,
            addr,
            limits,
            token: Some(token),
        })
    }

    /// The same server with no token: any program on this machine, and any
    /// page the user visits that passes the `Host`, `Origin` and content-type
    /// checks, may call the API.
    pub fn without_token(mut self) -> Server {
        self.token = None;
        self
    }

    /// The secret the API asks for, as `?token=…` or `Authorization: Bearer …`.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The address bound.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address, with its token: `http://127.0.0.1:PORT/?token=…`.
    pub fn url(&self) -> String {
        match &self.token {
            Some(token) => format!("http://{}/?token={token}", self.addr),
            None => format!("http://{}/", self.addr),
        }
    }

    /// Answers requests until the process ends.
    ///
    /// # Errors
    /// When the I/O threads cannot be started.
    pub fn run(self) -> std::io::Result<()> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .max_blocking_threads(self.limits.workers.max(1) + 1)
            .thread_name("serve")
            .enable_all()
            .build()?;
        self.listener.set_nonblocking(true)?;
        runtime.block_on(http::serve(
            self.listener,
            self.addr,
            self.limits,
            self.token,
        ))
    }
}
