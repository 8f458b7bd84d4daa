//! Hidden singles: a colour with one place left in a full house goes there;
//! with none, a contradiction.
//!
//! Two kernels side by side, one per store: the bitboards meet each colour's
//! set with the houses where it lost places, the cell-major store counts the
//! colours of the houses where a cell changed.

use super::super::bits::Bits;
use super::super::dense::{self, Board};
use super::super::search::Contradiction;
use super::super::sparse::Cells;

/// The hidden singles of one store.
pub(crate) trait HiddenSingles {
    /// Looks at every full house where something changed since the last call;
    /// a colour not placed there with one place left is decided at once.
    /// Returns whether anything changed, or a contradiction if a colour has
    /// no place left in a house.
    fn hidden_singles(&mut self) -> Result<bool, Contradiction>;
}

/// For every colour and stale full house it is not placed in.
impl<const W: usize, const H: usize> HiddenSingles for Board<'_, W, H> {
    fn hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let t = self.t;
        let mut changed = false;
        // Houses gone stale on the way for a colour already looked at wait for
        // the next call: naked singles first.
        for s in 0..t.colours {
            for j in 0..H {
                let stale = std::mem::take(&mut self.stale[s][j]);
                if stale == 0 {
                    continue;
                }
                self.to_point[s][j] |= stale;
                let mut houses = stale & self.open[s][j];
                let mut set = self.sets[s];
                while houses != 0 {
                    let h = j * 64 + houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    let places = dense::and(&set, &t.houses[h]);
                    match dense::few(&places) {
                        0 => return Err(Contradiction),
                        // Open, so not decided: a hidden single.
                        1 => {
                            self.place(s, dense::first(&places));
                            set = self.sets[s];
                            // It closed its houses: not to be looked at again.
                            houses &= self.open[s][j];
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(changed)
    }
}

/// For every full house where a cell changed since the last call.
impl<B: Bits> HiddenSingles for Cells<'_, B> {
    fn hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let mut found = false;
        // Houses that change on the way wait for the next call.
        std::mem::swap(&mut self.changed, &mut self.sweep);
        self.changed.fill(0);
        for j in 0..self.sweep.len() {
            let mut houses = self.sweep[j];
            while houses != 0 {
                let h = j * 64 + houses.trailing_zeros() as usize;
                houses &= houses - 1;
                found |= self.hidden_in(h)?;
            }
        }
        Ok(found)
    }
}

impl<B: Bits> Cells<'_, B> {
    /// Hidden singles in full house `h`; returns whether any cell was decided.
    fn hidden_in(&mut self, h: usize) -> Result<bool, Contradiction> {
        let t = self.t;
        let placed = self.placed[h];
        if placed == t.full {
            return Ok(false);
        }
        let (mut once, mut twice) = (B::ZERO, B::ZERO);
        for &cell in t.house(h) {
            let set = self.candidates[cell as usize];
            twice |= once & set;
            once |= set;
        }
        if once != t.full {
            return Err(Contradiction);
        }
        let mut found = false;
        let mut hidden = once & !twice & !placed;
        while hidden != B::ZERO {
            let colour = hidden.lowest();
            hidden ^= colour;
            // None: an earlier hidden single of this sweep took the only cell.
            let cell = t
                .house(h)
                .iter()
                .map(|&c| c as usize)
                .find(|&c| self.candidates[c] & colour != B::ZERO)
                .ok_or(Contradiction)?;
            // A single already (decided by another house in this sweep): queued once.
            if self.candidates[cell].several() {
                self.set(cell, colour);
                self.queue.push(cell as u32);
                // Deciding at once lets the rest of this sweep see the consequences.
                self.decide_queued()?;
                found = true;
            }
        }
        Ok(found)
    }
}
