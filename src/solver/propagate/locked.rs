//! Locked candidates: a colour that one house can place only where it meets
//! other cells' neighbourhoods leaves those cells.
//!
//! Two kernels side by side, one per store: the bitboards point from a
//! house where a colour has few places (every cell that sees all of them
//! loses it), the cell-major store looks where two full houses meet (a colour
//! confined to the shared cells in one house leaves the other's other cells).

use super::super::bits::Bits;
use super::super::dense::{self, Board};
use super::super::search::Contradiction;
use super::super::sparse::Cells;

/// At most this many places of a colour in a house are pointed from.
const POINTING_MAX: usize = 4;

/// The locked candidates of one store.
pub(crate) trait LockedCandidates {
    /// Removes the candidates that a house locks elsewhere, from the houses
    /// that changed since the last call (or every meeting of two houses).
    /// Returns whether a candidate was removed, or a contradiction if a cell
    /// lost its last one.
    fn locked_candidates(&mut self) -> Result<bool, Contradiction>;
}

/// Pointing from every open house where a colour lost places since the last
/// time (the houses hidden singles looked at).
impl<const W: usize, const H: usize> LockedCandidates for Board<'_, W, H> {
    fn locked_candidates(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        for s in 0..self.t.colours {
            for j in 0..H {
                let to_point = std::mem::take(&mut self.to_point[s][j]);
                let mut houses = to_point & self.open[s][j];
                while houses != 0 {
                    let h = j * 64 + houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    changed |= self.point(s, h);
                }
            }
        }
        // A cell left with none is found by the naked singles that follow.
        Ok(changed)
    }
}

impl<const W: usize, const H: usize> Board<'_, W, H> {
    /// Colour `s` goes in one of its places in house `h`: when they are few,
    /// every other cell that sees all of them loses it. Returns whether one did.
    fn point(&mut self, s: usize, h: usize) -> bool {
        let t = self.t;
        let places = dense::and(&self.sets[s], &t.houses[h]);
        // Counted first: most houses have too many places to point from.
        if places
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum::<usize>()
            > POINTING_MAX
        {
            return false;
        }
        let mut seen = t.all;
        for cell in dense::cells(places) {
            seen = dense::and(&seen, &t.peers[cell]);
        }
        let removed = dense::and(&self.sets[s], &seen);
        if dense::is_empty(&removed) {
            return false;
        }
        self.sets[s] = dense::and_not(&self.sets[s], &seen);
        for cell in dense::cells(removed) {
            dense::or_into(&mut self.stale[s], &t.cell_houses[cell]);
        }
        true
    }
}

/// Where two full houses meet, every time.
impl<B: Bits> LockedCandidates for Cells<'_, B> {
    fn locked_candidates(&mut self) -> Result<bool, Contradiction> {
        let t = self.t;
        let mut changed = false;
        for (&start, parts) in t.meets.iter().zip(&t.meet_parts) {
            let cells = &t.meet_cells[start as usize..];
            let (shared, rest) = cells.split_at(parts[0] as usize);
            let (only_first, rest) = rest.split_at(parts[1] as usize);
            let only_second = &rest[..parts[2] as usize];
            // The undecided shared cells' colours; those with no place left
            // outside in one house leave the other's outside cells. Most have
            // one there, and eight cells at a time are looked at until none is
            // left to ask about: on an empty 64×64 board the first eight do
            // (29% fewer instructions than reading every outside cell; puzzles
            // with 55% givens 10–15% faster).
            let inside = shared.iter().fold(B::ZERO, |union, &c| {
                let set = self.candidates[c as usize];
                if set.several() { union | set } else { union }
            });
            if inside == B::ZERO {
                continue;
            }
            let only_here = |outside: &[u32]| {
                let mut colours = inside;
                for cells in outside.chunks(8) {
                    let union = cells
                        .iter()
                        .fold(B::ZERO, |u, &c| u | self.candidates[c as usize]);
                    colours &= !union;
                    if colours == B::ZERO {
                        break;
                    }
                }
                colours
            };
            let (locked_first, locked_second) = (only_here(only_first), only_here(only_second));
            // Locked in both houses: no place outside either, nothing to take.
            for (cells, colours) in [
                (only_second, locked_first & !locked_second),
                (only_first, locked_second & !locked_first),
            ] {
                if colours == B::ZERO {
                    continue;
                }
                for &cell in cells {
                    if self.candidates[cell as usize] & colours != B::ZERO {
                        self.remove(cell as usize, colours)?;
                        changed = true;
                    }
                }
            }
        }
        Ok(changed)
    }
}
