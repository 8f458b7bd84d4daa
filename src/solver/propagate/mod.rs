//! The house techniques and their fixed point: naked singles, hidden singles
//! and locked candidates, run over any store.
//!
//! Each technique lives in its own file behind its own trait, with one kernel
//! per store side by side (the bitboards' bit-parallel form and the cell-major
//! sets' queue are different algorithms, not one written twice), statically
//! dispatched: the search is monomorphised per store, so nothing here costs a
//! virtual call or an allocation. The stores keep storage, save/restore, the
//! choice and the primitive edits the kernels use (place, close, remove).
//!
//! [`houses`] is the one loop that runs them to a fixed point, for every
//! store; [`Ruled`](super::rules::Ruled) runs it and the rules' propagators to
//! a common fixed point. Adding a technique: a file here with its trait and a
//! kernel per store, a bound in [`Houses`] and a line in [`houses`].

mod hidden;
mod locked;
mod singles;

pub(crate) use hidden::HiddenSingles;
pub(crate) use locked::LockedCandidates;
pub(crate) use singles::NakedSingles;

use super::search::{Contradiction, Store};

/// A store with every house technique.
pub(crate) trait Houses: Store + NakedSingles + HiddenSingles + LockedCandidates {}

impl<S: Store + NakedSingles + HiddenSingles + LockedCandidates> Houses for S {}

/// How far [`houses`] goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Depth {
    /// Naked and hidden singles: cheap, for probing.
    Singles,
    /// And locked candidates, while more than [`Store::locked_above`] cells
    /// are undecided.
    Locked,
}

/// Runs the house techniques on `store` to a fixed point: naked singles until
/// there are none, then hidden singles, and again while they decide a cell;
/// then (at [`Depth::Locked`]) locked candidates, and all over again while
/// they remove a candidate. Ends at a fixed point that naked singles saw
/// last (the bitboards keep their two-candidate cells from it for the choice).
///
/// # Returns
/// A [`Contradiction`] when a cell has no candidate left or a colour no place
/// in a full house.
#[inline]
pub(crate) fn houses<S: Houses>(store: &mut S, depth: Depth) -> Result<(), Contradiction> {
    loop {
        singles(store)?;
        if depth == Depth::Singles
            || store.undecided() <= store.locked_above()
            || !store.locked_candidates()?
        {
            return Ok(());
        }
    }
}

/// Naked and hidden singles to a fixed point.
#[inline(always)]
fn singles<S: Houses>(store: &mut S) -> Result<(), Contradiction> {
    loop {
        if store.naked_singles()? {
            // Every cell decided: nothing left to look at.
            if store.undecided() == 0 {
                return Ok(());
            }
        } else if store.undecided() == 0 || !store.hidden_singles()? {
            return Ok(());
        }
    }
}
