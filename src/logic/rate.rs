//! Rating on the Sudoku Explainer scale: paths in `serate`'s order (see `se`;
//! with the `se` feature only, but for [`Logic::graded_path`]).

use std::time::Duration;
#[cfg(feature = "se")]
use std::{cell::Cell, time::Instant};

use super::{Contradiction, Logic, Path};
use crate::puzzle::{Puzzle, Solution};
#[cfg(feature = "se")]
use {
    super::{Board, Step},
    crate::solver::Solver,
};

impl Logic<'_> {
    /// A cache of chain hints for one path (see `graphdoku_se::Cache`):
    /// with rules only, so that a puzzle without gets `serate`'s ratings.
    #[cfg(feature = "se")]
    fn path_cache(&self) -> Option<graphdoku_se::Cache> {
        (!self.graph.rules().is_empty()).then(graphdoku_se::Cache::default)
    }

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
    #[cfg(feature = "se")]
    pub fn rate_step(&self, board: &Board) -> Option<Step> {
        self.se_step(
            board,
            false,
            u16::MAX,
            None,
            Instant::now() + super::STEP_BUDGET,
        )
    }

    /// The path a puzzle is graded by: Sudoku Explainer's
    /// ([`Logic::rated_path`]) where it applies, that is without rules on
    /// values, else the classic ladder's ([`Logic::path`]). `grade` and
    /// `generate --difficulty` both grade by it, so they agree. Built without
    /// the `se` feature, the classic ladder's always.
    ///
    /// # Errors
    /// A [`Contradiction`] when `solution` is not a solution of `puzzle`.
    pub fn graded_path(&self, puzzle: &Puzzle, solution: &Solution) -> Result<Path, Contradiction> {
        #[cfg(feature = "se")]
        return self.rated_path(puzzle, solution);
        #[cfg(not(feature = "se"))]
        self.path(puzzle, solution)
    }

    /// [`Logic::graded_path`] of a puzzle the caller has shown to have one
    /// solution, its chains through rules given `budget` in all instead of
    /// [`Logic::path_budget`]: the check of uniqueness [`Logic::rated_path`]
    /// makes is skipped (on a hard puzzle with rules the search takes
    /// seconds, as long as the caller's own check did), and a caller that
    /// has spent time already (`grade`, within [`super::GRADE_BUDGET`]) gives
    /// the path what is left.
    ///
    /// The caller vouches for uniqueness: on a puzzle with several
    /// solutions the chains search in vain until `budget` runs out, and the
    /// path's ratings mean nothing.
    ///
    /// # Errors
    /// A [`Contradiction`] when `solution` is not a solution of `puzzle`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use graphdoku::logic::{Grade, Logic};
    /// use graphdoku::{ConstraintGraph, PuzzleReader, Solver};
    /// let graph = ConstraintGraph::load("sudoku9").unwrap();
    /// let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    /// let puzzle = PuzzleReader::new(&graph, line.as_bytes(), "-").next().unwrap().puzzle.unwrap();
    /// let solver = Solver::new(&graph);
    /// assert_eq!(solver.count(&puzzle, 2), 1);
    /// let solution = solver.solve(&puzzle).unwrap();
    /// let logic = Logic::new(&graph);
    /// let path = logic.graded_path_of_unique(&puzzle, &solution, Duration::from_secs(1)).unwrap();
    /// assert_eq!(path, logic.graded_path(&puzzle, &solution).unwrap());
    /// assert_eq!(Grade::of(&path).guesses, 0);
    /// ```
    pub fn graded_path_of_unique(
        &self,
        puzzle: &Puzzle,
        solution: &Solution,
        budget: Duration,
    ) -> Result<Path, Contradiction> {
        #[cfg(feature = "se")]
        return self.rated_walk(puzzle, solution, budget);
        #[cfg(not(feature = "se"))]
        self.path_within(puzzle, solution, budget)
    }

    /// Solves `puzzle` as Sudoku Explainer rates it: the step `serate`
    /// takes each time (the uniqueness techniques included), and a guess
    /// from `solution` when logic runs out. [`super::Grade::of`] the path
    /// gives the ER/EP/ED ratings.
    ///
    /// Sudoku Explainer rates puzzles with one solution; one with several
    /// (checked here) gets [`Logic::path`] instead, which needs a guess and
    /// so has no rating (its forcing chains would search in vain, for long).
    ///
    /// # Errors
    /// A [`Contradiction`] when `solution` is not a solution of `puzzle`.
    #[cfg(feature = "se")]
    pub fn rated_path(&self, puzzle: &Puzzle, solution: &Solution) -> Result<Path, Contradiction> {
        if Solver::new(self.graph).count(puzzle, 2) != 1 {
            return self.path(puzzle, solution);
        }
        self.rated_walk(puzzle, solution, self.path_budget)
    }

    /// [`Logic::rated_path`] of a puzzle known to have one solution, its
    /// chains through rules within `budget`.
    #[cfg(feature = "se")]
    fn rated_walk(
        &self,
        puzzle: &Puzzle,
        solution: &Solution,
        budget: Duration,
    ) -> Result<Path, Contradiction> {
        let cache = self.path_cache();
        let deadline = Instant::now() + budget;
        self.walk(puzzle, solution, &|board| {
            self.se_step(board, true, u16::MAX, cache.as_ref(), deadline)
        })
    }

    /// [`Logic::rated_path`] when every step of it rates `ceiling` (tenths)
    /// or less, so that its ER is at most `ceiling`; `None` when it rates
    /// higher (or needs a guess, or the puzzle has several solutions).
    /// Faster than rating in full for puzzles rated above the ceiling: the
    /// forcing chains rated above it are not searched, and the walk stops
    /// at the first step above it.
    ///
    /// # Errors
    /// A [`Contradiction`] when `solution` is not a solution of `puzzle`.
    #[cfg(feature = "se")]
    pub fn rated_path_up_to(
        &self,
        puzzle: &Puzzle,
        solution: &Solution,
        ceiling: u16,
    ) -> Result<Option<Path>, Contradiction> {
        if Solver::new(self.graph).count(puzzle, 2) != 1 {
            return Ok(None);
        }
        // Past the first step above the ceiling, the walk finishes with
        // (cheap) guesses from the solution and the path is thrown away.
        let over = Cell::new(false);
        let cache = self.path_cache();
        let deadline = Instant::now() + self.path_budget;
        let path = self.walk(puzzle, solution, &|board| {
            if over.get() {
                return None;
            }
            let step = self.se_step(board, true, ceiling, cache.as_ref(), deadline);
            if step.as_ref().is_none_or(|s| s.se > ceiling) {
                over.set(true);
                return None;
            }
            step
        })?;
        Ok((!over.get()).then_some(path))
    }
}
