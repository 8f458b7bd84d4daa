//! The open connections: at most [`Limits::connections`](super::Limits), and
//! when all are open the oldest idle one (no request of it being answered)
//! is closed to make room, so that idle or slow clients cannot take the
//! last place from the page; and a connection whose client stops reading
//! its answer is closed after [`Limits::body_time`](super::Limits), its
//! answer dropped.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;
use tokio::time::Sleep;

/// The open connections.
#[derive(Debug)]
pub(super) struct Connections {
    most: usize,
    open: Mutex<Vec<Arc<Connection>>>,
    /// The moment times are counted from.
    epoch: Instant,
}

/// One open connection.
#[derive(Debug)]
pub(super) struct Connection {
    /// Its requests being answered: it is idle when there are none.
    busy: AtomicUsize,
    /// When it was opened or last answered, in milliseconds from the epoch.
    since: AtomicU64,
    /// Since when its writes wait on the client, in milliseconds from the
    /// epoch plus one; 0 while they do not.
    stalled: AtomicU64,
    /// Told to close.
    close: Notify,
    /// A second handle on its socket, to look whether a request is waiting
    /// to be read (such a connection is not idle, whatever it has sent).
    socket: Option<std::net::TcpStream>,
    epoch: Instant,
}

impl Connections {
    /// Room for `most` connections.
    pub fn new(most: usize) -> Arc<Connections> {
        Arc::new(Connections {
            most: most.max(1),
            open: Mutex::new(Vec::new()),
            epoch: Instant::now(),
        })
    }

    fn open_list(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Connection>>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for a new connection (`socket`: a second handle on it): when
    /// every place is taken, the oldest idle connection is told to close and
    /// gives up its own; `None` when none is idle.
    pub fn open(&self, socket: Option<std::net::TcpStream>) -> Option<Arc<Connection>> {
        let mut open = self.open_list();
        if open.len() >= self.most {
            let oldest = (0..open.len())
                .filter(|&i| open[i].idle())
                .min_by_key(|&i| open[i].since.load(Ordering::SeqCst))?;
            open.swap_remove(oldest).close.notify_one();
        }
        let connection = Arc::new(Connection {
            busy: AtomicUsize::new(0),
            since: AtomicU64::new(millis(self.epoch)),
            stalled: AtomicU64::new(0),
            close: Notify::new(),
            socket,
            epoch: self.epoch,
        });
        open.push(Arc::clone(&connection));
        Some(connection)
    }

    /// Gives up `connection`'s place, once it is closed.
    pub fn closed(&self, connection: &Arc<Connection>) {
        self.open_list().retain(|c| !Arc::ptr_eq(c, connection));
    }
}

/// Milliseconds from `epoch` to now.
fn millis(epoch: Instant) -> u64 {
    epoch.elapsed().as_millis() as u64
}

impl Connection {
    /// No request of it is being answered, and none waits to be read (a
    /// client's request that arrived before its connection was served would
    /// otherwise be closed unanswered by a flood of new connections).
    fn idle(&self) -> bool {
        let waiting =
            (self.socket.as_ref()).is_some_and(|s| matches!(s.peek(&mut [0u8]), Ok(n) if n > 0));
        self.busy.load(Ordering::SeqCst) == 0 && !waiting
    }

    /// Marks the connection busy until the guard is dropped.
    pub fn busy(self: &Arc<Self>) -> Busy {
        self.busy.fetch_add(1, Ordering::SeqCst);
        Busy(Arc::clone(self))
    }

    /// How long its writes have waited on the client, if they wait.
    fn stalled_for(&self) -> Option<Duration> {
        match self.stalled.load(Ordering::Relaxed) {
            0 => None,
            since => Some(Duration::from_millis(
                millis(self.epoch).saturating_sub(since - 1),
            )),
        }
    }

    /// Notes whether a write waited on the client or went through.
    fn wrote(&self, waited: bool) {
        match waited {
            true => {
                let now = millis(self.epoch) + 1;
                let _ =
                    (self.stalled).compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed);
            }
            false => self.stalled.store(0, Ordering::Relaxed),
        }
    }

    /// `serving` (the connection's whole life), ended early when the
    /// connection is told to close or its client has not read for
    /// `patience`.
    pub fn watch<F: Future>(self: &Arc<Self>, serving: F, patience: Duration) -> Watched<F> {
        let connection = Arc::clone(self);
        Watched {
            serving: Box::pin(serving),
            closed: Box::pin(async move { connection.close.notified().await }),
            tick: Box::pin(tokio::time::sleep(STALL_CHECK)),
            connection: Arc::clone(self),
            patience,
        }
    }
}

/// A request of a connection being answered.
#[derive(Debug)]
pub(super) struct Busy(Arc<Connection>);

impl Drop for Busy {
    fn drop(&mut self) {
        let connection = &self.0;
        connection
            .since
            .store(millis(connection.epoch), Ordering::SeqCst);
        connection.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

/// How often a connection looks whether its client has stopped reading.
const STALL_CHECK: Duration = Duration::from_millis(250);

/// A connection's life, ended early (see [`Connection::watch`]).
pub(super) struct Watched<F: Future> {
    serving: Pin<Box<F>>,
    closed: Pin<Box<dyn Future<Output = ()> + Send>>,
    tick: Pin<Box<Sleep>>,
    connection: Arc<Connection>,
    patience: Duration,
}

impl<F: Future> Future for Watched<F> {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let this = self.get_mut();
        if this.serving.as_mut().poll(cx).is_ready() || this.closed.as_mut().poll(cx).is_ready() {
            return Poll::Ready(());
        }
        while this.tick.as_mut().poll(cx).is_ready() {
            if this
                .connection
                .stalled_for()
                .is_some_and(|d| d > this.patience)
            {
                // The client does not read its answer: it is dropped.
                return Poll::Ready(());
            }
            let next = tokio::time::Instant::now() + STALL_CHECK;
            this.tick.as_mut().reset(next);
        }
        Poll::Pending
    }
}

/// A connection's stream, noting whether its writes wait on the client.
pub(super) struct Stream<S> {
    inner: S,
    connection: Arc<Connection>,
}

impl<S> Stream<S> {
    pub fn new(inner: S, connection: &Arc<Connection>) -> Self {
        Stream {
            inner,
            connection: Arc::clone(connection),
        }
    }

    fn noted<T>(&self, written: Poll<std::io::Result<T>>) -> Poll<std::io::Result<T>> {
        match &written {
            Poll::Pending => self.connection.wrote(true),
            Poll::Ready(Ok(_)) => self.connection.wrote(false),
            Poll::Ready(Err(_)) => {}
        }
        written
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Stream<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Stream<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.noted(written)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.noted(written)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let flushed = Pin::new(&mut this.inner).poll_flush(cx);
        this.noted(flushed)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_idle_connection_makes_room() {
        let connections = Connections::new(2);
        let first = connections.open(None).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        let second = connections.open(None).unwrap();
        // Both taken, the first busy: the second (idle) gives up its place.
        let busy = first.busy();
        let third = connections.open(None).unwrap();
        assert_eq!(connections.open_list().len(), 2);
        assert!(
            connections
                .open_list()
                .iter()
                .any(|c| Arc::ptr_eq(c, &third))
        );
        assert!(
            !connections
                .open_list()
                .iter()
                .any(|c| Arc::ptr_eq(c, &second))
        );
        // Every one busy: no room.
        let _also = third.busy();
        assert!(connections.open(None).is_none());
        drop(busy);
        assert!(connections.open(None).is_some());
    }

    #[test]
    fn a_connection_with_a_request_waiting_is_not_idle() {
        use std::io::Write;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let mut client = std::net::TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (server_side, _) = listener.accept().unwrap();
        // As tokio leaves it: a look that never waits.
        server_side.set_nonblocking(true).unwrap();
        let connections = Connections::new(1);
        let first = connections.open(Some(server_side)).unwrap();
        // Nothing sent yet: idle, and closed to make room.
        assert!(first.idle());
        client.write_all(b"GET / HTTP/1.1\r\n").unwrap();
        // Sent but not yet read: not idle, so no room is made.
        let deadline = Instant::now() + Duration::from_secs(5);
        while first.idle() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(connections.open(None).is_none());
    }
}
