//! The server's memory ceiling ([`Limits::memory`](super::Limits::memory)):
//! each request reserves what its estimate says before it builds anything
//! big, waiting while the rest is taken (or 503 at its deadline), and gives
//! it back when its answer has been sent or dropped. A watchdog reads the
//! process's resident memory and stops every search when it nears the
//! ceiling all the same, and freed memory is given back to the system after
//! each request.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::reply::Failure;

/// Memory set aside from the requests' reservations: the server itself (its
/// code and threads), its connections' buffers and the bodies being read.
pub(super) const RESERVE: u64 = 64 << 20;

/// The pool's unit: reservations are counted in KiB.
const UNIT: u64 = 1 << 10;

/// The memory the requests share.
#[derive(Debug)]
pub(super) struct Memory {
    pool: Arc<Semaphore>,
    /// Bytes the requests may hold together: the ceiling less [`RESERVE`].
    room: u64,
    /// The whole server's ceiling, in bytes.
    ceiling: u64,
}

/// Memory held by one request (or its answer), given back when dropped.
#[derive(Debug, Default)]
pub(super) struct Reservation(Option<OwnedSemaphorePermit>);

impl Reservation {
    /// Bytes held.
    pub fn bytes(&self) -> u64 {
        self.0.as_ref().map_or(0, |p| p.num_permits() as u64 * UNIT)
    }

    /// `bytes` of this reservation split off into one of its own (all of
    /// it, when it holds less).
    pub fn split(&mut self, bytes: u64) -> Reservation {
        let units = bytes.div_ceil(UNIT) as usize;
        match &mut self.0 {
            Some(permit) if permit.num_permits() > units => Reservation(permit.split(units)),
            _ => Reservation(self.0.take()),
        }
    }
}

impl Memory {
    /// A pool for a server of `ceiling` bytes.
    pub fn new(ceiling: u64) -> Memory {
        // A small ceiling still leaves the requests a quarter of it.
        let room = ceiling.saturating_sub(RESERVE).max(ceiling / 4);
        let units = (room / UNIT).min(Semaphore::MAX_PERMITS as u64) as usize;
        Memory {
            pool: Arc::new(Semaphore::new(units)),
            room,
            ceiling,
        }
    }

    /// The units of `bytes`, or 422 when no request may hold so much.
    fn units(&self, bytes: u64) -> Result<u32, Failure> {
        if bytes > self.room {
            return Err(Failure::new(
                422,
                format!(
                    "this request would take about {} MB of memory, more than the {} MB one \
                     request may have (the server's ceiling, --max-memory, is {} MB)",
                    bytes.div_ceil(1 << 20),
                    self.room >> 20,
                    self.ceiling >> 20
                ),
            ));
        }
        Ok(bytes.div_ceil(UNIT) as u32)
    }

    /// The 503 of a request that found no room before `until`.
    fn no_room(&self) -> Failure {
        Failure::busy(format!(
            "busy: the memory of the server ({} MB) is taken by other requests",
            self.ceiling >> 20
        ))
    }

    /// `bytes` reserved, waiting for them until `until` (then 503).
    pub async fn reserve(&self, bytes: u64, until: Instant) -> Result<Reservation, Failure> {
        let units = self.units(bytes)?;
        let wanted = Arc::clone(&self.pool).acquire_many_owned(units);
        match tokio::time::timeout_at(until.into(), wanted).await {
            Ok(Ok(permit)) => Ok(Reservation(Some(permit))),
            _ => Err(self.no_room()),
        }
    }

    /// `held` grown to `bytes` (if it holds less), waiting until `until`
    /// (then 503); from a worker thread of the runtime's blocking pool.
    pub fn grow(&self, held: &mut Reservation, bytes: u64, until: Instant) -> Result<(), Failure> {
        let more = self
            .units(bytes)?
            .saturating_sub(held.bytes().div_ceil(UNIT) as u32);
        if more == 0 {
            return Ok(());
        }
        let wanted = Arc::clone(&self.pool).acquire_many_owned(more);
        let got = tokio::runtime::Handle::current()
            .block_on(async { tokio::time::timeout_at(until.into(), wanted).await });
        let Ok(Ok(permit)) = got else {
            return Err(self.no_room());
        };
        match &mut held.0 {
            Some(mine) => mine.merge(permit),
            none => *none = Some(permit),
        }
        Ok(())
    }
}

/// The process's resident memory in bytes, where the system says it.
pub(super) fn resident() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
        // SAFETY: sysconf only reads its integer argument.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        Some(pages * u64::try_from(page).ok()?)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// Gives memory freed by a request back to the system (glibc keeps it in
/// its arenas otherwise, and the resident memory would stay at its peak).
pub(super) fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim takes an integer and walks glibc's own arenas.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// How often the watchdog reads the resident memory.
const WATCH_EVERY: Duration = Duration::from_millis(20);

/// Stops every running search (`stop`) while the resident memory is above
/// nine tenths of `ceiling`: the estimates are estimates, and the ceiling
/// holds. Runs until the process ends.
pub(super) async fn watch(ceiling: u64, stop: impl Fn()) {
    if resident().is_none() {
        return;
    }
    let mut tick = tokio::time::interval(WATCH_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tick.tick().await;
        if resident().is_some_and(|rss| rss > ceiling / 10 * 9) {
            stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservations_wait_for_room_and_give_it_back() {
        // Worker threads drive the timers while a plain thread waits in `grow`.
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_time()
            .build()
            .unwrap();
        runtime.block_on(waiting_and_giving_back());
    }

    async fn waiting_and_giving_back() {
        // 40 MB for the requests.
        let memory = Memory::new(RESERVE + (40 << 20));
        let soon = || Instant::now() + Duration::from_millis(50);
        let mut held = memory.reserve(32 << 20, soon()).await.unwrap();
        assert_eq!(held.bytes(), 32 << 20);
        // 10 MB more do not fit until some is given back.
        assert_eq!(
            memory.reserve(10 << 20, soon()).await.unwrap_err().status,
            503
        );
        let answer = held.split(4 << 20);
        drop(held);
        assert_eq!(answer.bytes(), 4 << 20);
        let mut more = memory.reserve(30 << 20, soon()).await.unwrap();
        // Grown from a worker thread, waiting for room that never comes.
        let handle = tokio::runtime::Handle::current();
        let grown = std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    let _entered = handle.enter();
                    memory.grow(&mut more, 37 << 20, soon())
                })
                .join()
                .unwrap()
        });
        assert_eq!(grown.unwrap_err().status, 503);
        drop(answer);
        // More than a request may ever hold: 422 at once.
        let e = memory.reserve(41 << 20, soon()).await.unwrap_err();
        assert_eq!(e.status, 422);
    }
}
