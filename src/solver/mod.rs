//! The engine: precoloring extension by search with constraint propagation.
//!
//! A [`Solver`] compiles a [`ConstraintGraph`] once and then serves any number of
//! puzzles of it; every search runs under a [`Budget`]. Inside, one search
//! (`search.rs`: branching, budgets, colour symmetry) walks over one of two
//! candidate stores chosen at compile time: symbol-major bitboards
//! (`dense.rs`, for graphs up to [`DENSE_CELLS`] cells) or cell-major sets with
//! adjacency lists and a trail (`sparse.rs`, memory linear in the graph). Neither
//! knows what a row or a box is: everything comes from the graph.
//!
//! The stores keep storage, save/restore and the choice; propagation runs over
//! them: the house techniques (naked singles, hidden singles, locked
//! candidates) in `propagate/`, one file each, and the rules on values (sums,
//! orders, pair relations) as propagators in `rules/`, to one common fixed
//! point; the search stays as it is.

mod bits;
mod classic;
mod dense;
mod learn;
pub(crate) mod optimize;
mod propagate;
pub(crate) mod rules;
mod search;
mod shape;
mod sparse;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::colours::Colours;
use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};
use shape::Shape;

/// Graphs with at most this many cells (and 256 full houses) get bitboards;
/// bigger ones the cell-major store. Measured: a bitboard sweep for hidden singles costs
/// colours × houses × words, which on a 36×36 board made each node 2.4× and on
/// 49×49 3.3× slower than the cell-major store's.
pub const DENSE_CELLS: usize = 512;

/// The seed of the tie-breaking of restarted runs.
const RESTART_SEED: u64 = 0x6772_6170_6864_6f6b;

/// Work done by a search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// States propagated: the root, one per branch tried and one per literal probed.
    pub nodes: u64,
    /// Branches (or the root) that ended in a contradiction.
    pub backtracks: u64,
}

/// How much a search may do before it gives up: nodes, time, or both.
///
/// # Example
/// ```
/// use std::time::Duration;
/// use graphdoku::Budget;
/// let budget = Budget::unlimited().nodes(1_000_000).time(Duration::from_secs(2));
/// assert_eq!(budget.max_nodes, Some(1_000_000));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Budget {
    /// Nodes (see [`Stats::nodes`]) at the most.
    pub max_nodes: Option<u64>,
    /// Time at the most, from the start of the search.
    pub timeout: Option<Duration>,
    /// A moment past which no search goes on, whenever it started: one
    /// deadline for a run of many searches.
    pub deadline: Option<Instant>,
    /// A flag that stops the search once set, from any thread (a Ctrl-C
    /// handler): it then ends as if its budget ran out.
    pub stop: Option<Stop>,
}

/// A flag that stops the searches whose [`Budget`] holds it, checked as often
/// as the clock (every few hundred nodes).
///
/// # Example
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use graphdoku::{Budget, ConstraintGraph, Puzzle, Solver};
/// use graphdoku::solver::Stop;
///
/// static STOP: AtomicBool = AtomicBool::new(false);
/// let graph = ConstraintGraph::load("sudoku9").unwrap();
/// let solver = Solver::new(&graph).with_budget(Budget::unlimited().stopped_by(Stop::new(&STOP)));
/// STOP.store(true, Ordering::Relaxed);
/// let count = solver.count_solutions(&Puzzle::empty(81), u64::MAX);
/// assert!(count.gave_up);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Stop(&'static AtomicBool);

impl Stop {
    /// Stops searches when `flag` is set.
    pub fn new(flag: &'static AtomicBool) -> Self {
        Stop(flag)
    }

    /// Whether the flag is set.
    pub fn is_set(self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The same flag.
impl PartialEq for Stop {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Stop {}

impl Budget {
    /// No limit.
    pub fn unlimited() -> Self {
        Budget::default()
    }

    /// This budget, limited to `max` nodes.
    pub fn nodes(self, max: u64) -> Self {
        Budget {
            max_nodes: Some(max),
            ..self
        }
    }

    /// This budget, limited to `timeout`.
    pub fn time(self, timeout: Duration) -> Self {
        Budget {
            timeout: Some(timeout),
            ..self
        }
    }

    /// This budget, stopped when `stop` is set.
    pub fn stopped_by(self, stop: Stop) -> Self {
        Budget {
            stop: Some(stop),
            ..self
        }
    }

    /// This budget, ending at `deadline` at the latest.
    pub fn until(self, deadline: Instant) -> Self {
        Budget {
            deadline: Some(deadline),
            ..self
        }
    }
}

/// The limits a search checks: a budget made absolute when the search starts.
#[derive(Debug, Clone, Copy, Default)]
struct Limits {
    nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<Stop>,
}

/// Nodes between two looks at the clock and the stop flag.
const CLOCK_EVERY: u64 = 256;

impl Limits {
    /// Whether a search that has taken `nodes` nodes is over its limits: the
    /// clock and the stop flag are read every [`CLOCK_EVERY`] nodes only.
    #[inline]
    fn spent(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|max| nodes >= max)
            || (nodes.is_multiple_of(CLOCK_EVERY)
                && (self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.stop.is_some_and(|stop| stop.is_set())))
    }
}

impl From<Budget> for Limits {
    fn from(budget: Budget) -> Self {
        Limits {
            nodes: budget.max_nodes,
            deadline: match (budget.timeout.map(|t| Instant::now() + t), budget.deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            stop: budget.stop,
        }
    }
}

/// What a counting search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: u64,
    /// The first solution found, if any.
    pub first: Option<Solution>,
    /// The budget ran out before the count was complete (or reached the limit).
    pub gave_up: bool,
    /// Work done.
    pub stats: Stats,
}

/// A solver for every puzzle of one variant.
///
/// The search branches on the tightest choice: the undecided cell with the
/// fewest candidates (ties: most undecided neighbours) or, when fewer, the
/// places left for a colour in a full house. Between branches it propagates
/// naked singles, hidden singles and (high in the tree) locked candidates to a
/// fixed point; once a search proves not to be easy, it also probes: a colour
/// of a two-candidate cell that propagates to a contradiction leaves the cell. Colours that no given uses and every cell allows alike are
/// interchangeable: [`Solver::solve`] and [`Solver::count`] try one of them for
/// all, counting the others by multiplication.
///
/// # Example
/// ```
/// use graphdoku::{ConstraintGraph, Puzzle, Solver};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let solver = Solver::new(&graph);
/// // The empty 4×4 board has 288 solutions.
/// assert_eq!(solver.count(&Puzzle::empty(16), 1000), 288);
/// let first = solver.solve(&Puzzle::empty(16)).unwrap();
/// assert!(graphdoku::verify(&graph, &Puzzle::empty(16), &first).is_ok());
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    tables: Compiled,
    /// Colours whose cells allow them alike: each class is interchangeable
    /// where no given uses it.
    classes: Vec<Colours>,
    /// The budget of every search this solver starts.
    budget: Budget,
    /// The graph's rules on values, as propagators (none for most variants).
    rules: Arc<rules::RuleSet>,
    /// Whether searches probe failed literals (see [`Solver::without_probing`]).
    probing: bool,
}

/// One value per candidate store: bitboards by width in words, cell-major sets
/// by colour width, and the classic 9×9's own kernel.
#[derive(Debug, Clone)]
enum Store<D2, D4, D8, S16, S32, S64, S128, S256, C> {
    D2(D2),
    D4(D4),
    D8(D8),
    S16(S16),
    S32(S32),
    S64(S64),
    S128(S128),
    S256(S256),
    Classic(C),
}

/// The graph compiled for one store.
type Compiled = Store<
    dense::Tables<2, 1>,
    dense::Tables<4, 1>,
    dense::Tables<8, 4>,
    sparse::Tables<u16>,
    sparse::Tables<u32>,
    sparse::Tables<u64>,
    sparse::Tables<u128>,
    sparse::Tables<Colours>,
    ClassicTables,
>;

/// The classic kernel, with the generic tables of the same graph for what
/// the kernel does not do (stratified probes: [`Solver::sampler`]).
#[derive(Debug, Clone)]
struct ClassicTables {
    kernel: classic::Kernel,
    generic: Box<Compiled>,
}

/// The cell-major store for `shape`, as narrow as its colours allow.
fn cell_major(shape: &Shape) -> Compiled {
    match shape.colours {
        0..=16 => Store::S16(sparse::Tables::new(shape)),
        17..=32 => Store::S32(sparse::Tables::new(shape)),
        33..=64 => Store::S64(sparse::Tables::new(shape)),
        65..=128 => Store::S128(sparse::Tables::new(shape)),
        _ => Store::S256(sparse::Tables::new(shape)),
    }
}

/// The generic engine's store for `shape`: the narrowest bitboards that hold
/// every cell and every full house, else the cell-major store.
fn generic_tables(shape: &Shape) -> Compiled {
    let (cells, houses) = (shape.cells(), shape.houses.len());
    match () {
        // Bitboards hold at most 128 colours.
        _ if shape.colours > 128 => cell_major(shape),
        _ if dense::fits::<2, 1>(cells, houses) => Store::D2(dense::Tables::new(shape)),
        _ if dense::fits::<4, 1>(cells, houses) => Store::D4(dense::Tables::new(shape)),
        _ if dense::fits::<8, 4>(cells, houses) => Store::D8(dense::Tables::new(shape)),
        _ => cell_major(shape),
    }
}

/// A search over one store.
type Searches<'s> = Store<
    search::Search<rules::Ruled<'s, dense::Board<'s, 2, 1>>>,
    search::Search<rules::Ruled<'s, dense::Board<'s, 4, 1>>>,
    search::Search<rules::Ruled<'s, dense::Board<'s, 8, 4>>>,
    search::Search<rules::Ruled<'s, sparse::Cells<'s, u16>>>,
    search::Search<rules::Ruled<'s, sparse::Cells<'s, u32>>>,
    search::Search<rules::Ruled<'s, sparse::Cells<'s, u64>>>,
    search::Search<rules::Ruled<'s, sparse::Cells<'s, u128>>>,
    search::Search<rules::Ruled<'s, sparse::Cells<'s, Colours>>>,
    classic::Search<'s>,
>;

/// Runs `$body` with `$x` bound to whichever store `$value` holds.
macro_rules! each_store {
    ($value:expr, $x:ident => $body:expr) => {
        match $value {
            Store::D2($x) => $body,
            Store::D4($x) => $body,
            Store::D8($x) => $body,
            Store::S16($x) => $body,
            Store::S32($x) => $body,
            Store::S64($x) => $body,
            Store::S128($x) => $body,
            Store::S256($x) => $body,
            Store::Classic($x) => $body,
        }
    };
}

// After the macro, which it uses.
mod sample;
pub use sample::{Probe, Sampler, Weight};

impl Solver {
    /// Compiles `graph` for searching: with the classic kernel when it is the
    /// 9×9 Sudoku (by structure, whatever its cell names or order) with no
    /// rules on values, else as [`Solver::generic`] does.
    pub fn new(graph: &ConstraintGraph) -> Self {
        let shape = Shape::new(graph);
        let rules = rules::RuleSet::new(graph);
        match classic::Kernel::new(&shape, !rules.is_empty()) {
            Some(kernel) => {
                let generic = Box::new(generic_tables(&shape));
                Solver::compiled(
                    &shape,
                    Store::Classic(ClassicTables { kernel, generic }),
                    rules,
                )
            }
            None => Solver::generic_of(&shape, rules),
        }
    }

    /// Compiles `graph` for the generic engine, the one every graph but the
    /// classic 9×9 gets from [`Solver::new`]: for checking one against the other.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, Puzzle, Solver};
    /// let graph = ConstraintGraph::load("sudoku9").unwrap();
    /// let empty = Puzzle::empty(81);
    /// assert_eq!(Solver::generic(&graph).count(&empty, 5), Solver::new(&graph).count(&empty, 5));
    /// ```
    pub fn generic(graph: &ConstraintGraph) -> Self {
        Solver::generic_of(&Shape::new(graph), rules::RuleSet::new(graph))
    }

    fn generic_of(shape: &Shape, rules: rules::RuleSet) -> Self {
        Solver::compiled(shape, generic_tables(shape), rules)
    }

    /// Compiles `graph` for the cell-major store whatever its size: memory
    /// linear in the graph, for big sparse graphs ([`Solver::new`] picks it
    /// above [`DENSE_CELLS`] cells). It finds the same solutions, in another
    /// order, and propagates less (no pointing, no branching on a house).
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, Puzzle, Solver};
    /// let graph = ConstraintGraph::load("sudoku4").unwrap();
    /// assert_eq!(Solver::cell_major(&graph).count(&Puzzle::empty(16), 1000), 288);
    /// ```
    pub fn cell_major(graph: &ConstraintGraph) -> Self {
        let shape = Shape::new(graph);
        Solver::compiled(&shape, cell_major(&shape), rules::RuleSet::new(graph))
    }

    fn compiled(shape: &Shape, tables: Compiled, rules: rules::RuleSet) -> Self {
        // Cells that allow every colour tell no two colours apart.
        let restricted = shape.restricted();
        let mut classes: Vec<Colours> = Vec::new();
        // A rule that tells values apart leaves no colour like another.
        let alike = rules.symmetric();
        let mut seen: Vec<Vec<bool>> = Vec::new();
        for colour in 0..shape.colours {
            let allows: Vec<bool> = restricted
                .iter()
                .map(|&c| shape.allows(c, colour))
                .collect();
            match seen.iter().position(|s| alike && *s == allows) {
                Some(i) => classes[i] |= Colours::single(colour as u8),
                None => {
                    seen.push(allows);
                    classes.push(Colours::single(colour as u8));
                }
            }
        }
        Solver {
            tables,
            classes,
            budget: Budget::unlimited(),
            probing: rules.probes(),
            rules: Arc::new(rules),
        }
    }

    /// Whether this solver runs the classic 9×9 kernel (see [`Solver::new`]).
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, Solver};
    /// let graph = ConstraintGraph::load("sudoku9").unwrap();
    /// assert!(Solver::new(&graph).is_classic());
    /// assert!(!Solver::generic(&graph).is_classic());
    /// assert!(!Solver::new(&ConstraintGraph::load("jigsaw9").unwrap()).is_classic());
    /// ```
    pub fn is_classic(&self) -> bool {
        matches!(self.tables, Store::Classic(_))
    }

    /// This solver with a budget for each search it starts (each puzzle, each
    /// restart): past it a search stops and says it [gave up](Search::gave_up).
    ///
    /// # Example
    /// ```
    /// use graphdoku::{Budget, ConstraintGraph, Puzzle, Solver};
    /// let graph = ConstraintGraph::load("sudoku9").unwrap();
    /// let solver = Solver::new(&graph).with_budget(Budget::unlimited().nodes(1));
    /// let count = solver.count_solutions(&Puzzle::empty(81), 2);
    /// assert!(count.gave_up && count.first.is_none());
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.set_budget(budget);
        self
    }

    /// Sets the budget of the searches started from now on.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// This solver with no failed-literal probing. On a plain graph's
    /// colouring it prunes nothing the branching would not: myciel5's
    /// refutation of 5 colours takes 5.0M nodes, 3.8M of them probes, and
    /// 1.0M without (0.44 s → 0.12 s). Puzzles keep it (a 36×36 with 55%
    /// givens: 7,191 nodes to none).
    pub(crate) fn without_probing(mut self) -> Self {
        self.probing = false;
        self
    }

    /// A search over every solution of `puzzle`, one by one, in a fixed order.
    ///
    /// Givens whose colour is outside the alphabet, or that clash, simply leave
    /// no solution; use [`Puzzle::check`] to explain why.
    ///
    /// # Panics
    /// When the puzzle does not have one entry per cell of the graph.
    pub fn search(&self, puzzle: &Puzzle) -> Search<'_> {
        self.new_search(puzzle, Goal::Every)
    }

    /// A search that finds one solution per class of solutions equal up to a
    /// permutation of the interchangeable colours, each weighed by its class.
    pub(crate) fn search_up_to_symmetry(&self, puzzle: &Puzzle, goal: Goal) -> Search<'_> {
        self.new_search(puzzle, goal)
    }

    fn new_search(&self, puzzle: &Puzzle, goal: Goal) -> Search<'_> {
        // Each store wrapped with the rules (a pass-through when there are none).
        macro_rules! ruled {
            ($store:expr) => {
                search::Search::new(rules::Ruled::new($store, &self.rules))
            };
        }
        let inner = match &self.tables {
            Store::D2(t) => Store::D2(ruled!(dense::Board::new(t))),
            Store::D4(t) => Store::D4(ruled!(dense::Board::new(t))),
            Store::D8(t) => Store::D8(ruled!(dense::Board::new(t))),
            Store::S16(t) => Store::S16(ruled!(sparse::Cells::new(t))),
            Store::S32(t) => Store::S32(ruled!(sparse::Cells::new(t))),
            Store::S64(t) => Store::S64(ruled!(sparse::Cells::new(t))),
            Store::S128(t) => Store::S128(ruled!(sparse::Cells::new(t))),
            Store::S256(t) => Store::S256(ruled!(sparse::Cells::new(t))),
            Store::Classic(c) => Store::Classic(classic::Search::new(&c.kernel)),
        };
        let mut search = Search {
            solver: self,
            inner,
            goal,
            max_nodes: None,
        };
        search.restart(puzzle);
        search
    }

    /// The interchangeable colours of `puzzle`: the biggest class of colours
    /// that its cells allow alike and no given uses.
    fn interchangeable(&self, puzzle: &Puzzle) -> Colours {
        let given: Colours = puzzle.givens().iter().flatten().copied().collect();
        let free = self.classes.iter().map(|&class| class.minus(given));
        let biggest = free.max_by_key(|set| set.len()).unwrap_or_default();
        // One colour alone is interchangeable with none.
        if biggest.len() >= 2 {
            biggest
        } else {
            Colours::EMPTY
        }
    }

    /// The first solution, if any (`None` too when the budget ran out: see
    /// [`Solver::count_solutions`] to tell the two apart).
    pub fn solve(&self, puzzle: &Puzzle) -> Option<Solution> {
        self.count_solutions(puzzle, 1).first
    }

    /// The number of solutions, counting no further than `limit`.
    ///
    /// "Unique" is `count(puzzle, 2) == 1`.
    pub fn count(&self, puzzle: &Puzzle, limit: u64) -> u64 {
        self.count_solutions(puzzle, limit).solutions
    }

    /// Counts the solutions of `puzzle` up to `limit` (a limit of 1 finds one),
    /// keeping the first, and says whether the budget ran out.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, Puzzle, Solver};
    /// let graph = ConstraintGraph::load("sudoku9").unwrap();
    /// let count = Solver::new(&graph).count_solutions(&Puzzle::empty(81), 10);
    /// assert_eq!(count.solutions, 10);
    /// assert!(!count.gave_up && count.first.is_some());
    /// ```
    pub fn count_solutions(&self, puzzle: &Puzzle, limit: u64) -> Count {
        let goal = if limit <= 1 { Goal::First } else { Goal::Count };
        self.search_up_to_symmetry(puzzle, goal).tally(limit)
    }
}

/// The solutions of one puzzle, found one at a time (an [`Iterator`]).
#[derive(Debug, Clone)]
pub struct Search<'s> {
    solver: &'s Solver,
    inner: Searches<'s>,
    goal: Goal,
    /// A lower node cap than the solver's, if any (see [`Search::cap_nodes`]).
    max_nodes: Option<u64>,
}

/// What a search is for, which decides its symmetry breaking and restarts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Goal {
    /// Every solution, one by one, in a fixed order: neither.
    Every,
    /// Counting up to symmetry; restarts until the first solution where there
    /// are interchangeable colours (a board with them is under-constrained,
    /// where searches get lost; elsewhere a restart only adds to the proof).
    Count,
    /// One solution: both.
    First,
}

impl Search<'_> {
    /// Starts over on another puzzle of the same variant, reusing this search's
    /// memory (faster than a new [`Solver::search`] when solving many puzzles),
    /// with a fresh budget.
    ///
    /// # Panics
    /// When the puzzle does not have one entry per cell of the graph.
    pub fn restart(&mut self, puzzle: &Puzzle) {
        self.restart_at(puzzle, None);
    }

    /// Caps the nodes of every search from the next restart on at `nodes`,
    /// where the solver's budget caps them at all: a budget without a cap
    /// means that no one settles what the search leaves.
    pub(crate) fn cap_nodes(&mut self, nodes: u64) {
        self.max_nodes = Some(nodes);
    }

    /// Starts over on `puzzle` with `near`'s colour taken from the
    /// candidates of the empty `cell`: whether a removed given was the cell's
    /// only possibility is then one search, not one per other colour. Each
    /// other cell tries `near`'s colour first, so that a second solution,
    /// where there is one, is found near `near` (a reduction's late
    /// removals on a 25×25: three times as many settled by the search).
    pub(crate) fn restart_near(&mut self, puzzle: &Puzzle, cell: usize, near: &Solution) {
        self.restart_at(puzzle, Some((cell, near.colours()[cell])));
        each_store!(&mut self.inner, s => s.prefer(near.colours()));
    }

    fn restart_at(&mut self, puzzle: &Puzzle, without: Option<(usize, u8)>) {
        let mut free = match self.goal {
            Goal::Every => Colours::EMPTY,
            Goal::Count | Goal::First => self.solver.interchangeable(puzzle),
        };
        // The colour taken away is no longer like the others.
        if let Some((_, colour)) = without {
            free = free.minus(Colours::single(colour));
            if free.len() < 2 {
                free = Colours::EMPTY;
            }
        }
        // Seeded: the same puzzle gives the same answer on every run.
        let seed = match self.goal {
            Goal::First => Some(RESTART_SEED),
            Goal::Count if !free.is_empty() => Some(RESTART_SEED),
            _ => None,
        };
        let mut budget = self.solver.budget;
        budget.max_nodes = budget
            .max_nodes
            .map(|n| self.max_nodes.map_or(n, |m| m.min(n)));
        let limits = Limits::from(budget);
        each_store!(&mut self.inner, s => {
            s.restart(puzzle.givens(), without.map(|(c, k)| (c, k as usize)), free, seed);
            s.set_limits(limits);
            if !self.solver.probing {
                s.never_probe();
            }
        })
    }

    /// The first solution of a search just started, and its solutions
    /// counted up to `limit`.
    pub(crate) fn tally(&mut self, limit: u64) -> Count {
        let first = self.next();
        let solutions = match first {
            None => 0,
            Some(_) => {
                let first = self.weight().min(limit);
                first + self.count_up_to(limit - first)
            }
        };
        Count {
            solutions,
            first,
            gave_up: self.gave_up(),
            stats: self.stats(),
        }
    }

    /// Counts the remaining solutions, stopping at `limit`.
    pub fn count_up_to(&mut self, limit: u64) -> u64 {
        let mut found = 0;
        while found < limit && self.advance() {
            found = found.saturating_add(self.weight());
        }
        found.min(limit)
    }

    fn advance(&mut self) -> bool {
        each_store!(&mut self.inner, s => s.advance())
    }

    /// How many solutions the last one found stands for: 1, unless searching
    /// up to symmetry.
    fn weight(&self) -> u64 {
        let weight = each_store!(&self.inner, s => s.weight());
        weight.min(u64::MAX as u128) as u64
    }

    /// A solution other than the last one found that the same search would not
    /// report: its image under a swap of interchangeable colours, when any.
    pub(crate) fn image(&self) -> Option<Solution> {
        each_store!(&self.inner, s => s.image()).map(Solution::new)
    }

    /// Whether the budget ran out: the search stopped without finishing.
    pub fn gave_up(&self) -> bool {
        each_store!(&self.inner, s => s.gave_up())
    }

    /// Work done so far.
    pub fn stats(&self) -> Stats {
        each_store!(&self.inner, s => s.stats())
    }
}

impl Iterator for Search<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.advance()
            .then(|| Solution::new(each_store!(&self.inner, s => s.colours())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PuzzleReader;

    /// A removed given is redundant exactly when the search near the
    /// solution finds no other; when it finds one, that one is a solution
    /// that differs in the cell.
    #[test]
    fn searching_near_a_solution_answers_as_counting() {
        let cases = [
            ("jigsaw9", "data/jigsaw9.txt"),
            ("pie", "data/pie-minimal.txt"),
            ("sudoku16", "data/sudoku16-45pct.txt"),
        ];
        let (mut needed, mut redundant) = (0, 0);
        for (variant, file) in cases {
            let graph = ConstraintGraph::load(variant).unwrap();
            let solver = Solver::new(&graph);
            let text = std::fs::read_to_string(file).unwrap();
            let puzzle = PuzzleReader::new(&graph, text.as_bytes(), file)
                .next()
                .unwrap()
                .puzzle
                .unwrap();
            let solution = solver.solve(&puzzle).unwrap();
            let mut search = solver.search_up_to_symmetry(&puzzle, Goal::Count);
            let givens = (0..graph.len()).filter(|&c| puzzle.givens()[c].is_some());
            for cell in givens.step_by(3) {
                let mut fewer = puzzle.clone();
                fewer.givens_mut()[cell] = None;
                search.restart_near(&fewer, cell, &solution);
                let other = search.next();
                assert_eq!(
                    other.is_none(),
                    solver.count(&fewer, 2) == 1,
                    "{variant} {cell}"
                );
                match other {
                    Some(other) => {
                        assert_ne!(other.colours()[cell], solution.colours()[cell]);
                        crate::verify(&graph, &fewer, &other).unwrap();
                        needed += 1;
                    }
                    None => redundant += 1,
                }
            }
        }
        assert!(
            needed > 10 && redundant > 10,
            "{needed} needed, {redundant} redundant"
        );
    }
}
