//! Rating on the Sudoku Explainer scale: paths in `serate`'s order (see `se`).

use super::{Board, Contradiction, Logic, Path, Step};
use crate::puzzle::{Puzzle, Solution};
use crate::solver::Solver;

impl Logic<'_> {
    /// The step Sudoku Explainer would take next on `board`: the first hint
    /// of the first of `serate`'s producers that finds one; `None` when none
    /// does (or the board is solved). Never a guess. Without the uniqueness
    /// techniques (unique rectangles, BUG): a board alone does not say that
    /// its puzzle has one solution.
    ///
    /// # Complexity
    /// As [`Logic::next_step`] up to the wings; the forcing chains, tried
    /// last, follow every candidate's consequences, and at their deeper
    /// levels the consequences' own chains (milliseconds to seconds on 9×9).
    pub fn rate_step(&self, board: &Board) -> Option<Step> {
        self.se_step(board, false)
    }

    /// Solves `puzzle` as Sudoku Explainer rates it: the step `serate`
    /// takes each time (the uniqueness techniques too when the puzzle has one
    /// solution, which is checked here), and a guess from `solution` when
    /// logic runs out. [`super::Grade::of`] the path gives the ER/EP/ED
    /// ratings.
    ///
    /// # Errors
    /// A [`Contradiction`] when `solution` is not a solution of `puzzle`.
    pub fn rated_path(&self, puzzle: &Puzzle, solution: &Solution) -> Result<Path, Contradiction> {
        let unique = Solver::new(self.graph).count(puzzle, 2) == 1;
        self.walk(puzzle, solution, &|board| self.se_step(board, unique))
    }
}
