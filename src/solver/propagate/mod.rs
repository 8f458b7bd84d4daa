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
//! store; [`Ruled`](super::rules::Ruled) runs the singles and the rules'
//! propagators to a common fixed point, and locked candidates when they rest.
//! Adding a technique: a file here with its trait and a kernel per store, a
//! bound in [`Houses`] and a line in [`houses`].

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

#[cfg(test)]
mod tests {
    use super::super::bits::Bits;
    use super::super::dense::{self, Board};
    use super::super::shape::Shape;
    use super::super::sparse::{self, Cells};
    use super::*;
    use crate::graph::ConstraintGraph;

    /// The candidates of every cell after `depth`, or `None` for a contradiction.
    fn fixed_point<S: Houses>(
        store: &mut S,
        givens: &[Option<u8>],
        depth: Depth,
    ) -> Option<Vec<u128>> {
        store.reset(givens).ok()?;
        houses(store, depth).ok()?;
        Some(
            (0..givens.len())
                .map(|c| store.cell_candidates(c).wide())
                .collect(),
        )
    }

    /// Naked and hidden singles have one fixed point (each removes only what
    /// the other deductions keep removed), so both stores' kernels must reach
    /// the same one, contradiction or not, on puzzles with random givens; and
    /// locked candidates never undo it.
    #[test]
    fn both_kernels_reach_the_same_fixed_point() {
        for name in ["sudoku9", "jigsaw9", "sudoku6", "x-sudoku"] {
            let graph = ConstraintGraph::load(name).unwrap();
            let shape = Shape::new(&graph);
            let (bits, sets) = (
                dense::Tables::<2, 1>::new(&shape),
                sparse::Tables::<u16>::new(&shape),
            );
            let (mut board, mut cells) = (Board::new(&bits), Cells::new(&sets));
            let n = shape.cells();
            let mut rng = 0x9E37_79B9_7F4A_7C15u64;
            let (mut agreed, mut contradictions) = (0, 0);
            for round in 0..300 {
                let mut givens = vec![None; n];
                for _ in 0..(round % 30) {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    givens[(rng % n as u64) as usize] =
                        Some((rng >> 32) as u8 % shape.colours as u8);
                }
                let a = fixed_point(&mut board, &givens, Depth::Singles);
                let b = fixed_point(&mut cells, &givens, Depth::Singles);
                assert_eq!(a, b, "{name}, round {round}");
                contradictions += a.is_none() as usize;
                agreed += 1;
                if let Some(singles) = a {
                    for locked in [
                        fixed_point(&mut board, &givens, Depth::Locked),
                        fixed_point(&mut cells, &givens, Depth::Locked),
                    ]
                    .into_iter()
                    .flatten()
                    {
                        let within = locked.iter().zip(&singles).all(|(l, s)| l & !s == 0);
                        assert!(within, "{name}, round {round}: locked candidates added one");
                    }
                }
            }
            // Both outcomes were exercised.
            assert!(
                agreed == 300 && contradictions > 10 && contradictions < 290,
                "{name}: {contradictions}"
            );
        }
    }

    /// Walks a store through random branches, negations and restores; at every
    /// step [`Store::changed`] names every cell whose candidates differ from
    /// when it was last asked (the rules wake on nothing else).
    fn changed_covers_every_change<S: Houses>(store: &mut S, n: usize, colours: usize, seed: u64) {
        let mut rng = seed;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let snapshot = |store: &S| {
            (0..n)
                .map(|c| store.cell_candidates(c).wide())
                .collect::<Vec<_>>()
        };
        assert!(store.reset(&vec![None; n]).is_ok());
        let mut out = Vec::new();
        store.changed(&mut out);
        assert_eq!(out.len(), n, "after a reset every cell is new");
        let (mut seen, mut depth, mut reported) = (snapshot(store), 0, 0);
        for step in 0..200 {
            let ok = houses(store, Depth::Locked).is_ok();
            let cell = (next() % n as u64) as usize;
            let set = store.cell_candidates(cell).wide();
            if ok && set.count_ones() >= 2 && (depth == 0 || next() % 3 != 0) {
                store.save();
                depth += 1;
                let colour = (set.trailing_zeros() as usize + (next() % 2) as usize) % colours;
                match next() % 2 {
                    0 if set >> colour & 1 == 1 => store.assign(cell, colour),
                    _ => store.exclude(cell, S::Set::from_wide(1 << colour)),
                }
            } else if depth > 0 {
                store.restore();
                store.mark();
                depth -= 1;
                seen = snapshot(store);
                continue;
            } else {
                break;
            }
            let _ = houses(store, Depth::Locked);
            out.clear();
            store.changed(&mut out);
            let now = snapshot(store);
            for c in 0..n {
                if now[c] != seen[c] {
                    assert!(
                        out.contains(&(c as u32)),
                        "step {step}: cell {c} changed unreported"
                    );
                    reported += 1;
                }
            }
            seen = now;
        }
        assert!(reported > 50, "only {reported} changes seen");
    }

    #[test]
    fn changed_cells_are_reported_by_both_stores() {
        let graph = ConstraintGraph::load("sudoku9").unwrap();
        let shape = Shape::new(&graph);
        let (bits, sets) = (
            dense::Tables::<2, 1>::new(&shape),
            sparse::Tables::<u16>::new(&shape),
        );
        for seed in 1..=10u64 {
            let seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            changed_covers_every_change(&mut Board::new(&bits), 81, 9, seed);
            changed_covers_every_change(&mut Cells::new(&sets), 81, 9, seed);
        }
    }
}
