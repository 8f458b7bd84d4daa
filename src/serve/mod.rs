//! The local web page and its JSON API (`graphdoku serve`), on 127.0.0.1 only.
//!
//! Safe against the web pages the user visits (`guard.rs`): a request must name
//! this server in its `Host` (no DNS rebinding), come from the page's own
//! `Origin` when it says where it comes from, carry the run's secret token to
//! reach the API, and POST `application/json` (which a cross-site form cannot
//! send without a CORS preflight, never granted). A pasted variant may refer to
//! built-in variants only: no request opens a file.
//!
//! Bounded against any client (`http.rs`): connections are capped and time out
//! while their headers or body trickle in; the page and static files are
//! answered at once on the I/O threads, never behind a search; searches run on
//! a small pool whose waiting line is bounded, and a full line answers 503 with
//! `Retry-After`; a request body is read only once its search has a place in
//! that line, and within [`Limits::body`] bytes; a variant is refused before it
//! is built when it is larger than [`Limits::capacity`]; every search runs under
//! [`Limits::budget`]; a handler that panics answers 500.

mod api;
mod assets;
mod exchange;
mod guard;
mod http;
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
    /// The largest variant a request may name or paste, checked before it is built.
    pub capacity: Capacity,
    /// Nodes and time for each search (solve, count, check, hint, grade).
    pub budget: crate::Budget,
    /// Longest wait for a generated puzzle, after which its generator stops too.
    pub generate: Duration,
    /// Searches running at once (worker threads).
    pub workers: usize,
    /// Searches waiting for a worker; past that, new ones get 503 at once.
    pub queue: usize,
    /// Open connections; past that, a new one gets 503 and is closed.
    pub connections: usize,
    /// Longest wait for a request's headers (also how long an idle
    /// keep-alive connection is kept).
    pub headers: Duration,
    /// Longest wait for a request's body once its headers are in.
    pub body_time: Duration,
}

impl Default for Limits {
    /// 256 KiB bodies; variants of at most 4,096 cells, 2^19 edges and 64
    /// symbols (a 64×64 Sudoku; every built-in fits); 2 s and 2 million nodes
    /// per search, 10 s per generated puzzle; 4 workers and 8 waiting searches;
    /// 128 connections, 10 s for headers and 10 s for a body.
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
            workers: 4,
            queue: 8,
            connections: 128,
            headers: Duration::from_secs(10),
            body_time: Duration::from_secs(10),
        }
    }
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
