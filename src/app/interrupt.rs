//! Ctrl-C during a long count: the first one stops the searches, which then say
//! how far they got (exit 130); a second ends the process at once.

use std::sync::atomic::{AtomicBool, Ordering};

use graphdoku::solver::Stop;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Catches Ctrl-C from now on and returns the flag it sets, for the budgets of
/// the searches it should stop. Without a handler (none can be set) Ctrl-C
/// simply ends the process, as it does for the other commands.
pub(crate) fn catch() -> Stop {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    Stop::new(&INTERRUPTED)
}

/// Whether Ctrl-C was pressed.
pub(crate) fn happened() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
