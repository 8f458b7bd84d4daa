//! The learning back end: the questions the search gives up on, put to a CDCL
//! SAT solver (CaDiCaL) over a direct encoding of the graph and its rules.
//!
//! Callers ask a question ([`Question`]: a first solution, uniqueness, a count)
//! through an [`Answerer`], or in one call with [`answer`], and get the
//! [`Answer`] with who settled it: the propagation search within a node
//! budget, then SAT within what is left of the time. A formula is built only
//! when the search gave up, once per [`Answerer`], and reused for every later
//! puzzle (the givens are assumptions). Every model is decoded into a
//! [`Solution`] and checked with the independent [`verify`] before it is
//! returned. The solver is interrupted at the budget's deadline or stop flag
//! (CaDiCaL's terminate callback); node limits are the search's and do not
//! apply here.
//!
//! ```
//! use graphdoku::{ConstraintGraph, Budget, Puzzle, Verdict};
//! use graphdoku::prove;
//! let graph = ConstraintGraph::load("sudoku4").unwrap();
//! let verdict = prove::uniqueness(&graph, &Puzzle::empty(16), Budget::unlimited()).unwrap();
//! assert!(matches!(verdict, Verdict::Multiple(..)));
//! let count = prove::count(&graph, &Puzzle::empty(16), 1000, Budget::unlimited()).unwrap();
//! assert_eq!(count.solutions, 288);
//! ```

mod answer;
mod cnf;
mod colouring;
mod core;
mod cover;
mod encode;
mod sat;

use std::fmt;
use std::time::Instant;

pub use self::core::{Core, core};
pub use answer::{
    Answer, Answerer, HAND_OFF_NODES, Question, answer, hand_off_nodes, handed_off, searching,
    since,
};
pub use colouring::{Closing, Colouring, Method, close};
pub use cover::cover;
pub(crate) use encode::Encoding;
pub use encode::Unsupported;
pub(crate) use sat::{Reply, Sat};

use crate::colouring::Clock;
use crate::graph::ConstraintGraph;
use crate::puzzle::Puzzle;
use crate::solver::{Budget, Count, Stats};
use crate::uniqueness::Verdict;
use crate::verify::Violation;

/// Who settled a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The propagation search.
    Search,
    /// The SAT back end.
    Sat,
}

impl Engine {
    /// `search` or `sat`, as `--stats` and JSON write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::Search => "search",
            Engine::Sat => "sat",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why the SAT back end has no answer to give.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProveError {
    /// The graph has no encoding.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// A model failed the independent check: a bug in the encoding.
    #[error("internal error: a SAT model fails verification: {0:?}")]
    Unverified(Violation),
    /// A model said to differ from a known solution agrees with it on every
    /// cell it had to differ in: a bug in the encoding or the solver.
    #[error("internal error: a SAT model given as another solution is the known one")]
    NotOther,
    /// The formula was restricted to givens the puzzle lacks (see
    /// [`Sat::restricted`]).
    #[error("internal error: the SAT formula was built for givens this puzzle lacks")]
    Narrower,
    /// The puzzle does not have one entry per cell.
    #[error("the puzzle has {found} cells, the variant {expected}")]
    WrongSize {
        /// Cells of the graph.
        expected: usize,
        /// Entries of the puzzle.
        found: usize,
    },
}

/// CaDiCaL's terminate callback: the budget's deadline and stop flag.
impl cadical::Callbacks for Clock {
    fn terminate(&mut self) -> bool {
        self.over()
    }
}

/// The first solution of `puzzle` by SAT alone, as
/// [`Solver::count_solutions`](crate::Solver::count_solutions) with a limit of
/// 1 reports it.
///
/// # Errors
/// As [`Sat::new`] and [`Sat::solve`].
pub fn first(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    budget: Budget,
) -> Result<Count, ProveError> {
    count(graph, puzzle, 1, budget)
}

/// The solutions of `puzzle` counted up to `limit` by SAT alone (each found,
/// verified, then blocked), keeping the first; `gave_up` when interrupted.
///
/// # Errors
/// As [`Sat::new`] and [`Sat::solve`].
pub fn count(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    limit: u64,
    budget: Budget,
) -> Result<Count, ProveError> {
    // One deadline for every call.
    let budget = since(budget, Instant::now());
    let mut sat = Sat::new(graph)?;
    let mut found = Count {
        solutions: 0,
        first: None,
        gave_up: false,
        stats: Stats::default(),
    };
    while found.solutions < limit {
        match sat.solve(puzzle, budget)? {
            Reply::Found(solution) => {
                sat.block(&solution);
                found.solutions += 1;
                found.first.get_or_insert(solution);
            }
            Reply::None => break,
            Reply::GaveUp => {
                found.gave_up = true;
                break;
            }
        }
    }
    Ok(found)
}

/// No solution, one, or two, by SAT alone (a first solution, then another),
/// as [`uniqueness`](crate::uniqueness) says it.
///
/// # Errors
/// As [`Sat::new`] and [`Sat::solve`].
pub fn uniqueness(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    budget: Budget,
) -> Result<Verdict, ProveError> {
    let budget = since(budget, Instant::now());
    let mut sat = Sat::new(graph)?;
    let first = match sat.solve(puzzle, budget)? {
        Reply::Found(first) => first,
        Reply::None => return Ok(Verdict::None),
        Reply::GaveUp => return Ok(Verdict::GaveUp(None)),
    };
    Ok(match sat.other(puzzle, &first, budget)? {
        Reply::Found(second) => Verdict::Multiple(first, second),
        Reply::None => Verdict::Unique(first),
        Reply::GaveUp => Verdict::GaveUp(Some(first)),
    })
}
