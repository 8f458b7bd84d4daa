//! Does a puzzle have no solution, exactly one, or several?

use crate::puzzle::{Puzzle, Solution};
use crate::solver::{Goal, Solver, Stats};

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
    let mut search = solver.search_up_to_symmetry(puzzle, Goal::Count);
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

/// The cells where two colourings differ, ascending.
pub fn differences(a: &Solution, b: &Solution) -> Vec<usize> {
    let pairs = a.colours().iter().zip(b.colours());
    pairs
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(cell, _)| cell)
        .collect()
}
