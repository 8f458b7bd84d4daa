//! A budget's deadline and stop flag, read while a proof runs (the LP's
//! branch and bound here, CaDiCaL's terminate callback in `prove`).

use std::time::Instant;

use crate::solver::{Budget, Stop};

/// When to stop: the budget's timeout (counted from when the clock is made)
/// or deadline, whichever comes first, and its stop flag.
#[derive(Debug, Default)]
pub(crate) struct Clock {
    pub(crate) deadline: Option<Instant>,
    stop: Option<Stop>,
}

impl Clock {
    /// The clock of `budget`, its timeout starting now.
    pub(crate) fn new(budget: Budget) -> Self {
        let timeout = budget.timeout.map(|t| Instant::now() + t);
        let deadline = match (timeout, budget.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Clock {
            deadline,
            stop: budget.stop,
        }
    }

    /// Whether the deadline has passed or the stop flag is set.
    pub(crate) fn over(&self) -> bool {
        self.stop.is_some_and(Stop::is_set) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
