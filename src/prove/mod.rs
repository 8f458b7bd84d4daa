//! The learning back end: the questions the search gives up on, put to a CDCL
//! SAT solver (CaDiCaL) over a direct encoding of the graph and its rules.
//!
//! Callers ask the same questions as of the [`Solver`](crate::Solver) — a first
//! solution, a count up to a limit, uniqueness — and get the same answer types
//! ([`Count`], [`Verdict`]). Every model is decoded into a [`Solution`] and
//! checked with the independent [`verify`] before it is returned. A formula is
//! built only when asked: the commands ask the search first, under a node
//! budget, and come here only when it gave up. The solver is interrupted at
//! the budget's deadline or stop flag (CaDiCaL's terminate callback); node
//! limits are the search's and do not apply here.
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

mod cnf;
mod colouring;
mod encode;

use std::fmt;
use std::time::Instant;

pub use cnf::{Cnf, Lit};
pub use colouring::{Colouring, Decision, Step, close};
pub use encode::{Encoding, Unsupported};

use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};
use crate::solver::{Budget, Count, Stats, Stop};
use crate::uniqueness::Verdict;
use crate::verify::{Violation, verify};

/// The node budget of the search before a command hands a question to SAT:
/// the search settles nearly every puzzle far below it (a hard 9×9 in a few
/// thousand nodes), and what it has not settled by then it seldom settles soon.
pub const HAND_OFF_NODES: u64 = 200_000;

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
    /// The puzzle does not have one entry per cell.
    #[error("the puzzle has {found} cells, the variant {expected}")]
    WrongSize {
        /// Cells of the graph.
        expected: usize,
        /// Entries of the puzzle.
        found: usize,
    },
}

/// The answer to one question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A solution, verified.
    Found(Solution),
    /// None: the formula is unsatisfiable.
    None,
    /// Interrupted by the budget's deadline or stop flag.
    GaveUp,
}

/// CaDiCaL's terminate callback: the budget's deadline and stop flag.
#[derive(Debug, Default)]
struct Limits {
    deadline: Option<Instant>,
    stop: Option<Stop>,
}

impl Limits {
    fn new(budget: Budget) -> Self {
        let timeout = budget.timeout.map(|t| Instant::now() + t);
        let deadline = match (timeout, budget.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            deadline,
            stop: budget.stop,
        }
    }

    fn over(&self) -> bool {
        self.stop.is_some_and(Stop::is_set) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

impl cadical::Callbacks for Limits {
    fn terminate(&mut self) -> bool {
        self.over()
    }
}

/// One graph's formula in an incremental SAT solver: ask it many questions
/// (puzzles as assumptions, solutions blocked one by one).
///
/// # Example
/// ```
/// use graphdoku::{Budget, ConstraintGraph, Puzzle};
/// use graphdoku::prove::{Answer, Sat};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let mut sat = Sat::new(&graph).unwrap();
/// let Answer::Found(first) = sat.solve(&Puzzle::empty(16), Budget::unlimited()).unwrap() else {
///     panic!("the empty board has solutions")
/// };
/// sat.block(&first);
/// assert!(matches!(sat.solve(&first.to_puzzle(), Budget::unlimited()).unwrap(), Answer::None));
/// ```
pub struct Sat<'g> {
    graph: &'g ConstraintGraph,
    encoding: Encoding,
    solver: cadical::Solver<Limits>,
}

impl fmt::Debug for Sat<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sat")
            .field("graph", &self.graph.name())
            .field("vars", &self.encoding.cnf().vars())
            .field("clauses", &self.encoding.cnf().clauses().len())
            .finish()
    }
}

impl<'g> Sat<'g> {
    /// Encodes `graph` and loads its clauses.
    ///
    /// # Errors
    /// [`Unsupported`] for a rule without an encoding.
    pub fn new(graph: &'g ConstraintGraph) -> Result<Self, Unsupported> {
        let encoding = Encoding::new(graph)?;
        let mut solver = cadical::Solver::new();
        for clause in encoding.cnf().clauses() {
            solver.add_clause(clause.iter().copied());
        }
        Ok(Sat {
            graph,
            encoding,
            solver,
        })
    }

    /// The encoding, to name variables in clauses of one's own.
    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// Adds a clause for every question from now on.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause.iter().copied());
    }

    /// Rules out `solution` for every question from now on.
    pub fn block(&mut self, solution: &Solution) {
        let clause = self.encoding.blocking(solution);
        self.add_clause(&clause);
    }

    /// Whether the formula holds under `assumptions`: `None` when interrupted
    /// by `budget`. After `Some(true)`, [`Sat::model`] reads the colouring.
    pub fn solve_assuming(&mut self, assumptions: &[Lit], budget: Budget) -> Option<bool> {
        let limits = Limits::new(budget);
        if limits.over() {
            return None;
        }
        self.solver.set_callbacks(Some(limits));
        self.solver.solve_with(assumptions.iter().copied())
    }

    /// The colouring of the last satisfiable call.
    pub fn model(&self) -> Solution {
        self.encoding
            .decode(|lit| self.solver.value(lit) == Some(true))
    }

    /// A solution of `puzzle` (its givens assumed), verified; none; or
    /// interrupted.
    ///
    /// # Errors
    /// [`ProveError::WrongSize`] for a puzzle of another variant;
    /// [`ProveError::Unverified`] if a model fails [`verify`] (a bug).
    pub fn solve(&mut self, puzzle: &Puzzle, budget: Budget) -> Result<Answer, ProveError> {
        if puzzle.givens().len() != self.graph.len() {
            return Err(ProveError::WrongSize {
                expected: self.graph.len(),
                found: puzzle.givens().len(),
            });
        }
        let mut assumptions = Vec::with_capacity(puzzle.clue_count());
        for (cell, given) in puzzle.givens().iter().enumerate() {
            if let Some(colour) = *given {
                match self.encoding.lit(cell, colour) {
                    Some(lit) => assumptions.push(lit),
                    // A given the cell does not allow: no solution.
                    None => return Ok(Answer::None),
                }
            }
        }
        match self.solve_assuming(&assumptions, budget) {
            None => Ok(Answer::GaveUp),
            Some(false) => Ok(Answer::None),
            Some(true) => {
                let solution = self.model();
                verify(self.graph, puzzle, &solution).map_err(ProveError::Unverified)?;
                Ok(Answer::Found(solution))
            }
        }
    }
}

/// The first solution of `puzzle`, as [`Solver::count_solutions`](crate::Solver::count_solutions)
/// with a limit of 1 reports it.
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

/// The solutions of `puzzle` counted up to `limit` (each found, verified, then
/// blocked), keeping the first; `gave_up` when interrupted.
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
    let budget = Budget {
        timeout: None,
        deadline: Limits::new(budget).deadline,
        ..budget
    };
    let mut sat = Sat::new(graph)?;
    let mut found = Count {
        solutions: 0,
        first: None,
        gave_up: false,
        stats: Stats::default(),
    };
    while found.solutions < limit {
        match sat.solve(puzzle, budget)? {
            Answer::Found(solution) => {
                sat.block(&solution);
                found.solutions += 1;
                found.first.get_or_insert(solution);
            }
            Answer::None => break,
            Answer::GaveUp => {
                found.gave_up = true;
                break;
            }
        }
    }
    Ok(found)
}

/// No solution, one, or two (the first blocked, then asked again), as
/// [`uniqueness`](crate::uniqueness) says it.
///
/// # Errors
/// As [`Sat::new`] and [`Sat::solve`].
pub fn uniqueness(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    budget: Budget,
) -> Result<Verdict, ProveError> {
    let budget = Budget {
        timeout: None,
        deadline: Limits::new(budget).deadline,
        ..budget
    };
    let mut sat = Sat::new(graph)?;
    let first = match sat.solve(puzzle, budget)? {
        Answer::Found(first) => first,
        Answer::None => return Ok(Verdict::None),
        Answer::GaveUp => return Ok(Verdict::GaveUp(None)),
    };
    sat.block(&first);
    Ok(match sat.solve(puzzle, budget)? {
        Answer::Found(second) => Verdict::Multiple(first, second),
        Answer::None => Verdict::Unique(first),
        Answer::GaveUp => Verdict::GaveUp(Some(first)),
    })
}
