//! Rating on the Sudoku Explainer scale: paths in `serate`'s order (see `se`;
//! with the `se` feature only, but for [`Logic::graded_path`]), and the
//! [`Stepper`] that takes every door's steps in that order.

#[cfg(feature = "se")]
use std::cell::Cell;
use std::time::{Duration, Instant};

use super::{Board, Contradiction, Logic, Path, STEP_BUDGET, Step};
use crate::puzzle::{Puzzle, Solution};
#[cfg(feature = "se")]
use crate::solver::Solver;

/// The next step of a graded path, a board at a time: the one order of
/// steps that every door shows (`grade`, `explain`, `hint`, the page's
/// Hint, Apply and "Logic up to here", the Python package), so that they
/// agree. Made by [`Logic::stepper`].
///
/// On a puzzle shown to have one solution, Sudoku Explainer's order
/// (uniqueness techniques included), whose ratings `grade` reports; on
/// one with several, or not known to have one, [`Logic::next_step`]'s:
/// there Sudoku Explainer's forcing chains would search in vain. Built
/// without the `se` feature, [`Logic::next_step`]'s always.
pub struct Stepper<'l, 'g> {
    logic: &'l Logic<'g>,
    unique: bool,
    /// When the chains through rules stop, all steps together.
    deadline: Instant,
    #[cfg(feature = "se")]
    cache: Option<graphdoku_se::Cache>,
}

impl Stepper<'_, '_> {
    /// The next step on `board`; `None` when logic is stuck there (or the
    /// board is solved). Never a guess.
    pub fn step(&self, board: &Board) -> Option<Step> {
        #[cfg(feature = "se")]
        if self.unique {
            let cache = self.cache.as_ref();
            return (self.logic).se_step(board, true, u16::MAX, cache, self.deadline);
        }
        let deadline = (Instant::now() + STEP_BUDGET).min(self.deadline);
        self.logic.next_step_until(board, deadline)
    }

    /// Whether the steps are in Sudoku Explainer's order, and so rated.
    pub fn rated(&self) -> bool {
        cfg!(feature = "se") && self.unique
    }
}

impl<'g> Logic<'g> {
    /// The [`Stepper`] for a puzzle that is `unique` (shown to have one
    /// solution) or not, its chains through rules given `budget` in all.
    ///
    /// ```
    /// use std::time::Duration;
    /// use graphdoku::ConstraintGraph;
    /// use graphdoku::logic::{Logic, Technique};
    /// let graph = ConstraintGraph::load("sudoku9").unwrap();
    /// let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    /// let puzzle = graphdoku::PuzzleReader::new(&graph, line.as_bytes(), "-").next().unwrap().puzzle.unwrap();
    /// let logic = Logic::new(&graph);
    /// let board = logic.start(&puzzle).unwrap();
    /// let first = logic.stepper(true, Duration::from_secs(1)).step(&board).unwrap();
    /// // Sudoku Explainer's order: a box's hidden single (1.2) first.
    /// # #[cfg(feature = "se")]
    /// assert_eq!(first.technique, Technique::HiddenSingle);
    /// assert!(first.placed.is_some());
    /// ```
    pub fn stepper(&self, unique: bool, budget: Duration) -> Stepper<'_, 'g> {
        Stepper {
            logic: self,
            unique,
            deadline: Instant::now() + budget,
            #[cfg(feature = "se")]
            cache: self.path_cache(),
        }
    }

    /// The budget of the chains through rules of a path that a door shows
    /// ([`Logic::shown_path`]) when its work on the puzzle (the search for
    /// uniqueness included) started at `started`: at most
    /// [`Logic::path_budget`], and the whole within a second more
    /// ([`super::GRADE_BUDGET`] by default).
    pub fn budget_since(&self, started: Instant) -> Duration {
        let whole = self.path_budget + (super::GRADE_BUDGET - super::PATH_BUDGET);
        (whole.saturating_sub(started.elapsed())).min(self.path_budget)
    }

    /// The path every door shows ([`Stepper`]): of a puzzle the caller has
    /// shown to be `unique`, or not, its chains through rules within
    /// `budget` in all. On a unique puzzle it is [`Logic::graded_path`]
    /// without that function's own check of uniqueness (on a hard puzzle
    /// with rules the search takes seconds, as long as the caller's own
    /// check did); a caller that has spent time already (`grade`, within
    /// [`super::GRADE_BUDGET`]) gives the path what is left.
    ///
    /// The caller vouches for uniqueness: on a puzzle with several
    /// solutions said to be unique, the chains search in vain until
    /// `budget` runs out, and the path's ratings mean nothing.
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
    /// let path = logic.shown_path(&puzzle, &solution, true, Duration::from_secs(1)).unwrap();
    /// assert_eq!(path, logic.graded_path(&puzzle, &solution).unwrap());
    /// assert_eq!(Grade::of(&path).guesses, 0);
    /// ```
    pub fn shown_path(
        &self,
        puzzle: &Puzzle,
        solution: &Solution,
        unique: bool,
        budget: Duration,
    ) -> Result<Path, Contradiction> {
        let stepper = self.stepper(unique, budget);
        self.walk(puzzle, solution, &|board| stepper.step(board))
    }
}

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
        let unique = Solver::new(self.graph).count(puzzle, 2) == 1;
        self.shown_path(puzzle, solution, unique, self.path_budget)
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
