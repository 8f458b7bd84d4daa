//! The kernel for the classic 9×9: everything in the engine that knows what a
//! row, a column and a box are, and nothing outside it.
//!
//! [`Solver::new`](super::Solver::new) picks it when the compiled graph is the
//! 9×9 Sudoku's by structure ([`Kernel::new`]: 81 cells, 9 colours allowed
//! everywhere, no rules on values, and as edges exactly the pairs of cells that
//! share a row, a column or a box, in any numbering); every other graph,
//! including a 9×9 with one more edge, goes to the generic stores. It answers
//! the same questions through the same [`Search`]: solutions one at a time,
//! counts, budgets, stats.
//!
//! Inside, a depth-first search over the band words of `board.rs`, copying the
//! small state at each branch (a cell with two candidates, tried both ways) and
//! keeping the negation on a stack, so that it can stop at each solution and
//! go on from there. It does not break the symmetry of interchangeable
//! colours: it counts each solution once (a puzzle that leaves two digits
//! unused has several solutions anyway, found in a few nodes).

mod board;
mod detect;

use super::shape::Shape;
use super::{Limits, Stats};
use crate::colours::Colours;
use board::Board;

/// Whether the processor has what the x86-64-v3 level adds (AVX2, BMI1 and 2,
/// LZCNT, POPCNT, MOVBE, FMA).
fn x86_64_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt") && has!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The classic graph compiled: how its cells map onto a row-major 9×9.
#[derive(Debug, Clone)]
pub(crate) struct Kernel {
    /// The row-major cell of each of the graph's cells.
    to_board: [u8; 81],
    /// The processor has AVX2 and BMI: the search is compiled for them too,
    /// and that copy runs (checked at run time, so the portable build still
    /// runs on every x86-64).
    v3: bool,
}

impl Kernel {
    /// The kernel for `shape` when it is the classic 9×9 and no rule tells its
    /// values apart (`ruled`); else `None`.
    pub(crate) fn new(shape: &Shape, ruled: bool) -> Option<Self> {
        if ruled {
            return None;
        }
        detect::classic_cells(shape).map(|to_board| Kernel {
            to_board,
            v3: x86_64_v3(),
        })
    }
}

/// A search over one puzzle of the classic graph, finding its solutions in turn.
#[derive(Debug, Clone)]
pub(crate) struct Search<'k> {
    kernel: &'k Kernel,
    /// The states still to explore, the deepest last: the root after a
    /// restart, then the negations of the branches taken.
    stack: Vec<Board>,
    /// The last solution found.
    solution: Board,
    done: bool,
    gave_up: bool,
    limits: Limits,
    stats: Stats,
}

impl<'k> Search<'k> {
    pub(crate) fn new(kernel: &'k Kernel) -> Self {
        Search {
            kernel,
            stack: Vec::new(),
            solution: Board::EMPTY,
            done: true,
            gave_up: false,
            limits: Limits::default(),
            stats: Stats::default(),
        }
    }

    /// Starts over on `givens` (in the graph's numbering), with colour
    /// `without.1` taken from cell `without.0` when asked. `_free` and `_seed`
    /// are the generic search's symmetry and restarts, which this one has no
    /// use for.
    pub(crate) fn restart(
        &mut self,
        givens: &[Option<u8>],
        without: Option<(usize, usize)>,
        _free: Colours,
        _seed: Option<u64>,
    ) {
        assert_eq!(givens.len(), 81, "a puzzle of 81 cells");
        self.stack.clear();
        self.stats = Stats::default();
        self.gave_up = false;
        let mut board = Board::EMPTY;
        let to_board = &self.kernel.to_board;
        let placed = givens
            .iter()
            .enumerate()
            .try_for_each(|(cell, given)| match given {
                Some(colour) => board.give(to_board[cell] as usize, *colour as usize),
                None => Ok(()),
            });
        if let Some((cell, colour)) = without {
            board.remove(to_board[cell] as usize, colour);
        }
        if placed.is_ok() {
            self.stack.push(board);
        }
        self.done = placed.is_err();
        if placed.is_err() {
            self.stats.nodes += 1;
            self.stats.backtracks += 1;
        }
    }

    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The kernel keeps its own order: a 9×9's searches are short whatever
    /// the order (see the generic search's `prefer`).
    pub(crate) fn prefer(&mut self, _colouring: &[u8]) {}

    /// The kernel has no failed-literal probing to turn off.
    pub(crate) fn never_probe(&mut self) {}

    /// Moves to the next solution; returns false when there is none left or
    /// the budget ran out ([`Self::gave_up`]).
    pub(crate) fn advance(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self.kernel.v3 {
            // SAFETY: the processor has the features (`Kernel::v3`).
            return unsafe { self.advance_v3() };
        }
        self.advance_portable()
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn advance_v3(&mut self) -> bool {
        self.advance_portable()
    }

    #[inline(always)]
    fn advance_portable(&mut self) -> bool {
        if self.done {
            return false;
        }
        // The state walked over stays in this local from node to node.
        let mut board = match self.stack.pop() {
            Some(board) => board,
            None => return self.finish(false),
        };
        loop {
            if self.over_budget() {
                return self.finish(true);
            }
            self.stats.nodes += 1;
            if board.propagate().is_err() {
                self.stats.backtracks += 1;
                match self.stack.pop() {
                    Some(negation) => board = negation,
                    None => return self.finish(false),
                }
                continue;
            }
            if board.solved() {
                self.solution = board;
                return true;
            }
            let negation = board.branch(board.choose());
            self.stack.push(negation);
        }
    }

    /// Ends the search, having run out of budget or not; returns false.
    #[cold]
    fn finish(&mut self, gave_up: bool) -> bool {
        self.gave_up = gave_up;
        self.done = true;
        false
    }

    fn over_budget(&self) -> bool {
        self.limits.spent(self.stats.nodes)
    }

    /// Every solution counts once here: no symmetry is broken.
    pub(crate) fn weight(&self) -> u128 {
        1
    }

    /// No solution stands for another here (see [`Self::weight`]).
    pub(crate) fn image(&self) -> Option<Vec<u8>> {
        None
    }

    /// The colours of the last solution found, in the graph's numbering.
    pub(crate) fn colours(&self) -> Vec<u8> {
        let digits = self.solution.digits();
        self.kernel
            .to_board
            .iter()
            .map(|&cell| digits[cell as usize])
            .collect()
    }

    pub(crate) fn gave_up(&self) -> bool {
        self.gave_up
    }

    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }
}
