//! True candidates: the values each cell takes in some solution, and how many
//! solutions use each, counted up to a cap.
//!
//! A first search counts the whole puzzle's solutions, up to the cap times the
//! number of symbols: when it finds them all, every count is known at once.
//! Otherwise each pair of an empty cell and a value still open gets one search
//! of its own, counting up to the cap the solutions with the value placed. The
//! solutions of one search are distinct, so the number of them that use any
//! other pair is a lower bound of that pair's count: a pair whose bound
//! reaches the cap needs no search of its own, and a value seen in any
//! solution is a candidate for sure. Pairs no solution has shown yet are
//! searched first, so that a run cut short by its budget has settled which
//! values are candidates before refining how many solutions use them.

use crate::logic::Logic;
use crate::solver::{Budget, Solver};
use crate::{ConstraintGraph, Puzzle, Violation, verify};

/// Solutions counted per value when no cap is asked for.
pub const DEFAULT_LIMIT: u64 = 1000;

/// What to count with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Solutions counted at most per value (at least 1).
    pub limit: u64,
    /// Nodes and time for all the searches together.
    pub budget: Budget,
}

impl Default for Options {
    /// [`DEFAULT_LIMIT`], no budget.
    fn default() -> Self {
        Options {
            limit: DEFAULT_LIMIT,
            budget: Budget::unlimited(),
        }
    }
}

/// How many solutions were counted, and whether that is all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Solutions counted.
    pub solutions: u64,
    /// They are all there are; else there are at least as many (the cap was
    /// reached, or the budget ran out: 0 then means not yet known).
    pub exact: bool,
}

/// The candidates of one cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellCandidates {
    /// The cell is given: its one value's tally is the whole puzzle's.
    pub given: bool,
    /// Every value not proven to be in no solution, in symbol order, with the
    /// solutions that use it.
    pub values: Vec<(u8, Tally)>,
}

impl CellCandidates {
    /// Every value's count is exact, and no value is left open.
    pub fn complete(&self) -> bool {
        self.values.iter().all(|(_, tally)| tally.exact)
    }
}

/// The true candidates of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidates {
    /// One entry per cell, in the variant's order.
    pub cells: Vec<CellCandidates>,
    /// The whole puzzle's solutions, counted up to the cap times the number
    /// of symbols.
    pub solutions: Tally,
    /// The cap of each count.
    pub limit: u64,
    /// Searches made.
    pub searches: u64,
    /// Their nodes.
    pub nodes: u64,
    /// The budget ran out before every count was settled.
    pub gave_up: bool,
}

impl Candidates {
    /// Every cell is [complete](CellCandidates::complete).
    pub fn complete(&self) -> bool {
        self.cells.iter().all(CellCandidates::complete)
    }

    /// The values of the empty `cell` whose placement leaves exactly one
    /// solution, when the puzzle has several (none when it has one already).
    pub fn unique_with(&self, cell: usize) -> Vec<u8> {
        let entry = &self.cells[cell];
        if entry.given || self.solutions.solutions < 2 {
            return Vec::new();
        }
        let one = Tally {
            solutions: 1,
            exact: true,
        };
        (entry.values.iter())
            .filter(|(_, tally)| *tally == one)
            .map(|&(value, _)| value)
            .collect()
    }
}

/// The true candidates of `puzzle`: for every empty cell the values it takes
/// in some solution, with how many solutions use each, counted up to
/// `options.limit`. Every solution that shows a value for the first time is
/// checked by [`verify`].
///
/// # Errors
/// A solution that fails the check (a bug in the solver).
///
/// # Panics
/// When the puzzle does not have one entry per cell of the graph.
///
/// # Example
/// ```
/// use graphdoku::candidates::{Options, candidates};
/// use graphdoku::{ConstraintGraph, Puzzle};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let found = candidates(&graph, &Puzzle::empty(16), Options::default()).unwrap();
/// // 288 solutions, each value in each cell in a quarter of them.
/// assert_eq!(found.solutions.solutions, 288);
/// assert!(found.complete());
/// assert!(found.cells.iter().all(|cell| cell.values.iter().all(|(_, t)| t.solutions == 72)));
/// ```
pub fn candidates(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    options: Options,
) -> Result<Candidates, Violation> {
    let limit = options.limit.max(1);
    let k = graph.alphabet().len();
    let mut run = Run::new(graph, puzzle, options.budget);
    let whole = run.count(puzzle, limit.saturating_mul(k as u64))?;
    // The values that the givens' neighbours and the rules leave each cell
    // at the start (none when the givens contradict): only those can be open.
    let start = Logic::new(graph).start(puzzle).ok();
    let open = |cell: usize| start.as_ref().map_or(Vec::new(), |b| b.candidates(cell));
    let empty: Vec<usize> = (0..graph.len())
        .filter(|&cell| puzzle.givens()[cell].is_none())
        .collect();
    if whole.exhausted {
        // Every solution was found: every count is known.
        run.exact.fill(true);
    } else {
        // Values no solution has shown yet first, then the counts below the cap.
        'passes: for unseen in [true, false] {
            for &cell in &empty {
                // The searches of one cell place different values in it: they
                // share no solution, so their counts add up.
                run.group.fill(0);
                for colour in open(cell) {
                    let pair = cell * k + colour as usize;
                    let settled = run.exact[pair] || run.lower[pair] >= limit;
                    if settled || (unseen && run.lower[pair] > 0) {
                        continue;
                    }
                    if run.gave_up {
                        break 'passes;
                    }
                    let mut placed = puzzle.clone();
                    placed.givens_mut()[cell] = Some(colour);
                    if run.count(&placed, limit)?.exhausted {
                        run.exact[pair] = true;
                    }
                }
            }
        }
    }
    let capped = |solutions: u64, exact: bool| Tally {
        solutions: solutions.min(limit),
        exact: exact && solutions <= limit,
    };
    let cells = (0..graph.len())
        .map(|cell| match puzzle.givens()[cell] {
            Some(given) => CellCandidates {
                given: true,
                values: vec![(given, capped(whole.solutions, whole.exhausted))],
            },
            None => CellCandidates {
                given: false,
                values: (open(cell).into_iter())
                    .map(|colour| (colour, cell * k + colour as usize))
                    .filter(|&(_, pair)| !(run.exact[pair] && run.lower[pair] == 0))
                    .map(|(colour, pair)| (colour, capped(run.lower[pair], run.exact[pair])))
                    .collect(),
            },
        })
        .collect();
    Ok(Candidates {
        cells,
        solutions: Tally {
            solutions: whole.solutions,
            exact: whole.exhausted,
        },
        limit,
        searches: run.searches,
        nodes: run.nodes,
        gave_up: run.gave_up,
    })
}

/// What one search counted.
#[derive(Debug, Clone, Copy)]
struct Counted {
    solutions: u64,
    /// Every solution was found: neither the cap nor the budget stopped it.
    exhausted: bool,
}

/// The searches of one run, their budget, and what they found: per pair of
/// a cell and a colour (`cell * colours + colour`), the most solutions one
/// search found that use it, and whether that is their exact number.
struct Run<'g> {
    graph: &'g ConstraintGraph,
    puzzle: &'g Puzzle,
    solver: Solver,
    colours: usize,
    budget: Budget,
    lower: Vec<u64>,
    exact: Vec<bool>,
    /// The count per pair over the searches of the current group, which
    /// share no solution.
    group: Vec<u64>,
    searches: u64,
    nodes: u64,
    gave_up: bool,
}

impl<'g> Run<'g> {
    /// A run under `budget` for all its searches: a timeout becomes a
    /// deadline from now, and nodes are counted over every search.
    fn new(graph: &'g ConstraintGraph, puzzle: &'g Puzzle, budget: Budget) -> Self {
        let colours = graph.alphabet().len();
        let pairs = graph.len() * colours;
        let deadline = budget.timeout.map(|t| std::time::Instant::now() + t);
        let budget = Budget {
            timeout: None,
            deadline: match (deadline, budget.deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            ..budget
        };
        Run {
            graph,
            puzzle,
            solver: Solver::new(graph),
            colours,
            budget,
            lower: vec![0; pairs],
            exact: vec![false; pairs],
            group: vec![0; pairs],
            searches: 0,
            nodes: 0,
            gave_up: false,
        }
    }

    /// Counts the solutions of `puzzle` (the run's, or it with a value
    /// placed) up to `cap`, one by one, into the group's counts, which raise
    /// the lower bound of every pair they use; checks each solution that
    /// shows a pair for the first time.
    fn count(&mut self, puzzle: &Puzzle, cap: u64) -> Result<Counted, Violation> {
        let left = self
            .budget
            .max_nodes
            .map(|max| max.saturating_sub(self.nodes));
        if left == Some(0) {
            self.gave_up = true;
            return Ok(Counted {
                solutions: 0,
                exhausted: false,
            });
        }
        self.solver.set_budget(Budget {
            max_nodes: left,
            ..self.budget
        });
        let k = self.colours;
        let mut search = self.solver.search(puzzle);
        let mut solutions = 0;
        while solutions < cap {
            let Some(solution) = search.next() else { break };
            solutions += 1;
            let pairs =
                || (solution.colours().iter().enumerate()).map(|(c, &v)| c * k + v as usize);
            let mut shows_new = false;
            for pair in pairs() {
                self.group[pair] += 1;
                shows_new |= self.lower[pair] == 0;
            }
            if shows_new {
                verify(self.graph, self.puzzle, &solution)?;
                for pair in pairs() {
                    self.lower[pair] = self.lower[pair].max(1);
                }
            }
        }
        let gave_up = search.gave_up();
        self.nodes += search.stats().nodes;
        self.searches += 1;
        self.gave_up |= gave_up;
        for (lower, &found) in self.lower.iter_mut().zip(&self.group) {
            *lower = (*lower).max(found);
        }
        Ok(Counted {
            solutions,
            exhausted: solutions < cap && !gave_up,
        })
    }
}
