//! Naked singles: an undecided cell left with one candidate takes it.
//!
//! Two kernels side by side, one per store: the bitboards count every cell's
//! candidates at once (bit-sliced over the colours' sets), the cell-major
//! store decides the cells its edits queued when they came down to one.

use super::super::bits::Bits;
use super::super::dense::{self, Board};
use super::super::search::Contradiction;
use super::super::sparse::Cells;

/// The naked singles of one store.
pub(crate) trait NakedSingles {
    /// Decides every undecided cell left with one candidate. Returns whether
    /// there was one, or a contradiction if a cell has none.
    fn naked_singles(&mut self) -> Result<bool, Contradiction>;
}

/// Bit-sliced: a cell in no colour's set has no candidate, in one colour's
/// set only a single. Keeps the cells with two candidates in `pairs`, for the
/// choice that follows a fixed point (none once every cell is decided).
impl<const W: usize, const H: usize> NakedSingles for Board<'_, W, H> {
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let k = self.t.colours;
        let (mut once, mut twice, mut thrice) = ([0u64; W], [0u64; W], [0u64; W]);
        for row in &self.sets[..k] {
            for i in 0..W {
                thrice[i] |= twice[i] & row[i];
                twice[i] |= once[i] & row[i];
                once[i] |= row[i];
            }
        }
        let undecided = self.undecided_cells();
        if !dense::is_empty(&dense::and_not(&undecided, &once)) {
            return Err(Contradiction);
        }
        let singles = dense::and_not(&undecided, &twice);
        if dense::is_empty(&singles) {
            self.pairs = dense::and_not(&dense::and(&undecided, &twice), &thrice);
            return Ok(false);
        }
        for s in 0..k {
            let mine = dense::and(&self.sets[s], &singles);
            if dense::is_empty(&mine) {
                continue;
            }
            for cell in dense::cells(mine) {
                // A single decided just before, in this loop, may have taken it.
                if !self.has(s, cell) {
                    return Err(Contradiction);
                }
                self.place_single(s, cell);
            }
        }
        // Every cell decided without a clash: a solution, with no candidates
        // left to count.
        if self.undecided == 0 {
            self.pairs = [0; W];
        }
        Ok(true)
    }
}

/// From the queue: every cell an edit brought down to one candidate is
/// decided, and its colour leaves its peers (which may queue them in turn).
impl<B: Bits> NakedSingles for Cells<'_, B> {
    #[inline]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        // An exclusion from outside (a branch's negation, a rule) emptied a cell.
        if std::mem::take(&mut self.failed) {
            return Err(Contradiction);
        }
        let any = !self.queue.is_empty();
        self.decide_queued()?;
        Ok(any)
    }
}

impl<B: Bits> Cells<'_, B> {
    /// Decides every queued cell (a single already); its colour leaves its peers.
    #[inline]
    pub(in crate::solver) fn decide_queued(&mut self) -> Result<(), Contradiction> {
        let t = self.t;
        while let Some(cell) = self.queue.pop() {
            let cell = cell as usize;
            let colour = self.candidates[cell];
            self.undecided -= 1;
            for &house in t.houses_of(cell) {
                let h = house as usize;
                self.trail.push(((t.cells() + h) as u32, self.placed[h]));
                self.placed[h] |= colour;
            }
            for &peer in t.peers(cell) {
                self.remove(peer as usize, colour)?;
            }
        }
        Ok(())
    }
}
