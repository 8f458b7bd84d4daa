//! A request at work: its deadline, its worker (one of
//! [`Limits::workers`](super::Limits::workers)) and that worker's stop flag,
//! and the memory it holds. Every search, step-through, generation, setter
//! tool, SAT call and picture of a request runs within the job's deadline,
//! stopped early when the flag is set.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::Limits;
use super::memory::{Memory, Reservation};
use super::reply::Failure;
use crate::solver::{Budget, Stop};

/// The workers searches run on, each with its stop flag.
#[derive(Debug)]
pub(super) struct Workers {
    permits: Arc<Semaphore>,
    /// Every worker's flag (made once for the server's life).
    flags: &'static [AtomicBool],
    /// The flags of the idle workers.
    idle: Mutex<Vec<&'static AtomicBool>>,
}

impl Workers {
    /// `count` workers, their flags made for the life of the process.
    pub fn new(count: usize) -> Arc<Workers> {
        let flags: &'static [AtomicBool] =
            Box::leak((0..count).map(|_| AtomicBool::new(false)).collect());
        Arc::new(Workers {
            permits: Arc::new(Semaphore::new(count)),
            flags,
            idle: Mutex::new(flags.iter().collect()),
        })
    }

    /// A worker, waiting for one until `until` (then 503).
    pub async fn take(self: &Arc<Self>, until: Instant) -> Result<Worker, Failure> {
        let wanted = Arc::clone(&self.permits).acquire_owned();
        let Ok(Ok(permit)) = tokio::time::timeout_at(until.into(), wanted).await else {
            return Err(Failure::busy(
                "busy: every worker was taken until this request's deadline",
            ));
        };
        let flag = self.idle_flags().pop().expect("a flag for each worker");
        flag.store(false, Ordering::Relaxed);
        Ok(Worker {
            _permit: permit,
            flag,
            workers: Arc::clone(self),
        })
    }

    /// Stops what every busy worker is doing: its searches end as if their
    /// budget ran out.
    pub fn stop_all(&self) {
        let idle = self.idle_flags();
        for flag in self.flags {
            if !idle.iter().any(|f| std::ptr::eq(*f, flag)) {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }

    fn idle_flags(&self) -> std::sync::MutexGuard<'_, Vec<&'static AtomicBool>> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// One worker, taken until dropped.
#[derive(Debug)]
pub(super) struct Worker {
    _permit: OwnedSemaphorePermit,
    flag: &'static AtomicBool,
    workers: Arc<Workers>,
}

impl Worker {
    /// This worker's stop flag.
    pub fn flag(&self) -> &'static AtomicBool {
        self.flag
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.workers.idle_flags().push(self.flag);
    }
}

/// A request at work on a worker thread.
#[derive(Debug)]
pub(super) struct Job {
    limits: Limits,
    deadline: Instant,
    worker: Worker,
    memory: Arc<Memory>,
    held: Mutex<Reservation>,
}

impl Job {
    pub fn new(
        limits: Limits,
        deadline: Instant,
        worker: Worker,
        (memory, held): (Arc<Memory>, Reservation),
    ) -> Job {
        Job {
            limits,
            deadline,
            worker,
            memory,
            held: Mutex::new(held),
        }
    }

    /// The server's limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// When the request must be answered.
    pub fn deadline(&self) -> Instant {
        self.deadline
    }

    /// The budget of a search that may run until the deadline: the
    /// server's node limit, the deadline, the worker's stop flag.
    pub fn budget(&self) -> Budget {
        self.budget_until(self.deadline)
    }

    /// The budget of a search that may run until `until` (at the latest the
    /// deadline): one part of a request's time.
    pub fn budget_until(&self, until: Instant) -> Budget {
        let budget = Budget::unlimited()
            .until(until.min(self.deadline))
            .stopped_by(Stop::new(self.worker.flag()));
        match self.limits.budget.max_nodes {
            Some(nodes) => budget.nodes(nodes),
            None => budget,
        }
    }

    /// The budget for this request's generator: the deadline and the stop
    /// flag, and no node limit (a generation is a run of many searches).
    pub fn unlimited_nodes(&self) -> Budget {
        Budget::unlimited()
            .until(self.deadline)
            .stopped_by(Stop::new(self.worker.flag()))
    }

    /// The worker's stop flag, for what takes a [`Stop`] of its own.
    pub fn stop_flag(&self) -> &'static AtomicBool {
        self.worker.flag()
    }

    /// Whether the deadline has passed or the job was stopped.
    pub fn over(&self) -> bool {
        self.worker.flag().load(Ordering::Relaxed) || Instant::now() >= self.deadline
    }

    /// Holds `bytes` for this request in all (its estimate, before it builds
    /// anything of that size), waiting for room until the deadline.
    ///
    /// # Errors
    /// 422 when no request may hold so much, 503 when no room came in time.
    pub fn need(&self, bytes: u64) -> Result<(), Failure> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        self.memory.grow(&mut held, bytes, self.deadline)
    }

    /// The memory the job holds: its largest estimate so far.
    pub fn reserved(&self) -> u64 {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).bytes()
    }

    /// `bytes` of what the job holds, kept for its answer until that is
    /// sent or dropped; the rest is given back with the job.
    pub fn keep(&self, bytes: u64) -> Reservation {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        held.split(bytes)
    }
}
