//! Does a puzzle have no solution, exactly one, or several?

use crate::puzzle::{Puzzle, Solution};
use crate::solver::{Count, Goal, Search, Solver, Stats};

/// How many solutions a puzzle has, with the evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Solution),
    /// At least two: two different solutions.
    Multiple(Solution, Solution),
    /// The budget ran out first; the first solution, if one was found.
    GaveUp(Option<Solution>),
}

/// Searches `puzzle` for up to two solutions; also returns the work done.
///
/// The solutions come from the solver: check them with [`crate::verify`] before
/// showing them.
///
/// # Example
/// ```
/// use graphdoku::{uniqueness, ConstraintGraph, Puzzle, Solver, Verdict};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let solver = Solver::new(&graph);
/// let (verdict, _) = uniqueness(&solver, &Puzzle::empty(16));
/// let Verdict::Multiple(a, b) = verdict else { panic!("the empty board has 288 solutions") };
/// assert!(!graphdoku::differences(&a, &b).is_empty());
/// ```
///
/// Under the solver's [budget](Solver::with_budget): [`Verdict::GaveUp`] when it runs out.
pub fn uniqueness(solver: &Solver, puzzle: &Puzzle) -> (Verdict, Stats) {
    verdict(&mut solver.search_up_to_symmetry(puzzle, Goal::Count))
}

/// The verdict of a counting search just started on a puzzle.
fn verdict(search: &mut Search<'_>) -> (Verdict, Stats) {
    let first = search.next();
    // An image under a swap of interchangeable colours is a second solution.
    let second = match first {
        Some(_) => search.image().or_else(|| search.next()),
        None => None,
    };
    let verdict = match (first, second) {
        (first, _) if search.gave_up() => Verdict::GaveUp(first),
        (None, _) => Verdict::None,
        (Some(only), None) => Verdict::Unique(only),
        (Some(first), Some(second)) => Verdict::Multiple(first, second),
    };
    (verdict, search.stats())
}

/// Solves or checks many puzzles of one variant, one after another, through
/// searches kept from one puzzle to the next: [`Solver::count_solutions`] and
/// [`uniqueness`] without their set-up per puzzle (the search's memory),
/// with the same answers.
///
/// # Example
/// ```
/// use graphdoku::{Checker, ConstraintGraph, Puzzle, Solver, Verdict};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let solver = Solver::new(&graph);
/// let mut checker = Checker::new(&solver);
/// let empty = Puzzle::empty(16);
/// assert!(matches!(checker.uniqueness(&empty).0, Verdict::Multiple(..)));
/// let solution = checker.first(&empty).first.unwrap();
/// assert!(matches!(checker.uniqueness(&solution.to_puzzle()).0, Verdict::Unique(_)));
/// ```
#[derive(Debug, Clone)]
pub struct Checker<'s> {
    solver: &'s Solver,
    /// Finds one solution (made on first use).
    first: Option<Search<'s>>,
    /// Counts up to symmetry (made on first use).
    count: Option<Search<'s>>,
}

impl<'s> Checker<'s> {
    /// A checker of puzzles for `solver` (under its budget); allocates nothing yet.
    pub fn new(solver: &'s Solver) -> Self {
        Checker {
            solver,
            first: None,
            count: None,
        }
    }

    /// The solver it searches with.
    pub fn solver(&self) -> &'s Solver {
        self.solver
    }

    /// As [`Solver::count_solutions`] with a limit of 1: the first solution, if any.
    pub fn first(&mut self, puzzle: &Puzzle) -> Count {
        started(&mut self.first, self.solver, puzzle, Goal::First).tally(1)
    }

    /// As [`uniqueness`].
    pub fn uniqueness(&mut self, puzzle: &Puzzle) -> (Verdict, Stats) {
        verdict(started(&mut self.count, self.solver, puzzle, Goal::Count))
    }
}

/// `slot`'s search restarted on `puzzle`, or a new one for `goal` if none yet.
fn started<'a, 's>(
    slot: &'a mut Option<Search<'s>>,
    solver: &'s Solver,
    puzzle: &Puzzle,
    goal: Goal,
) -> &'a mut Search<'s> {
    match slot {
        Some(search) => {
            search.restart(puzzle);
            search
        }
        None => slot.insert(solver.search_up_to_symmetry(puzzle, goal)),
    }
}

/// The cells where two colourings differ, ascending.
pub fn differences(a: &Solution, b: &Solution) -> Vec<usize> {
    let pairs = a.colours().iter().zip(b.colours());
    pairs
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(cell, _)| cell)
        .collect()
}
