//! Precoloring extension by DSATUR-ordered search with constraint propagation.
//!
//! The solver compiles a [`ConstraintGraph`] once into flat arrays, choosing the
//! narrowest bitset that holds the variant's symbols, and then serves any number
//! of puzzles of that variant. One search routine serves solving, counting,
//! uniqueness and enumeration.

mod bits;
mod dsatur;
mod engine;

use engine::Tables;

use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};

/// Work done by a search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// States propagated: the root plus one per branch tried.
    pub nodes: u64,
    /// Branches (or the root) that ended in a contradiction.
    pub backtracks: u64,
}

/// A solver for every puzzle of one variant.
///
/// At each node the search branches on the undecided cell with the fewest
/// candidates (ties: most undecided neighbours), after propagating naked singles
/// (a cell with one candidate) and hidden singles (in a house with one cell per
/// symbol, a symbol with one possible cell) to a fixed point.
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
    tables: Width<Tables<u16>, Tables<u32>, Tables<u64>, Tables<u128>>,
}

/// One value per bitset width.
#[derive(Debug, Clone)]
enum Width<A, B, C, D> {
    W16(A),
    W32(B),
    W64(C),
    W128(D),
}

/// Runs `$body` with `$x` bound to whichever width `$value` holds.
macro_rules! each_width {
    ($value:expr, $x:ident => $body:expr) => {
        match $value {
            Width::W16($x) => $body,
            Width::W32($x) => $body,
            Width::W64($x) => $body,
            Width::W128($x) => $body,
        }
    };
}

/// Same as `each_width`, wrapping the result back into the same width.
macro_rules! map_width {
    ($value:expr, $x:ident => $body:expr) => {
        match $value {
            Width::W16($x) => Width::W16($body),
            Width::W32($x) => Width::W32($body),
            Width::W64($x) => Width::W64($body),
            Width::W128($x) => Width::W128($body),
        }
    };
}

impl Solver {
    /// Compiles `graph` for searching.
    ///
    /// Linear in the size of the graph.
    pub fn new(graph: &ConstraintGraph) -> Self {
        let tables = match graph.alphabet().len() {
            0..=16 => Width::W16(Tables::new(graph)),
            17..=32 => Width::W32(Tables::new(graph)),
            33..=64 => Width::W64(Tables::new(graph)),
            _ => Width::W128(Tables::new(graph)),
        };
        Solver { tables }
    }

    /// A search over the solutions of `puzzle`, in a fixed order.
    ///
    /// Givens whose colour is outside the alphabet, or that clash, simply leave
    /// no solution; use [`Puzzle::check`] to explain why.
    ///
    /// # Panics
    /// When the puzzle does not have one entry per cell of the graph.
    pub fn search(&self, puzzle: &Puzzle) -> Search<'_> {
        Search {
            inner: map_width!(&self.tables, t => engine::Search::new(t, puzzle)),
        }
    }

    /// The first solution, if any.
    pub fn solve(&self, puzzle: &Puzzle) -> Option<Solution> {
        self.search(puzzle).next()
    }

    /// The number of solutions, counting no further than `limit`.
    ///
    /// "Unique" is `count(puzzle, 2) == 1`.
    pub fn count(&self, puzzle: &Puzzle, limit: u64) -> u64 {
        self.search(puzzle).count_up_to(limit)
    }
}

/// The solutions of one puzzle, found one at a time (an [`Iterator`]).
#[derive(Debug, Clone)]
pub struct Search<'s> {
    inner: Width<
        engine::Search<'s, u16>,
        engine::Search<'s, u32>,
        engine::Search<'s, u64>,
        engine::Search<'s, u128>,
    >,
}

impl Search<'_> {
    /// Starts over on another puzzle of the same variant, reusing this search's
    /// memory (faster than a new [`Solver::search`] when solving many puzzles).
    ///
    /// # Panics
    /// When the puzzle does not have one entry per cell of the graph.
    pub fn restart(&mut self, puzzle: &Puzzle) {
        each_width!(&mut self.inner, s => s.restart(puzzle))
    }

    /// Counts the remaining solutions, stopping at `limit`.
    pub fn count_up_to(&mut self, limit: u64) -> u64 {
        let mut found = 0;
        while found < limit && each_width!(&mut self.inner, s => s.advance()) {
            found += 1;
        }
        found
    }

    /// Work done so far.
    pub fn stats(&self) -> Stats {
        each_width!(&self.inner, s => s.stats())
    }
}

impl Iterator for Search<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        each_width!(&mut self.inner, s => s.advance().then(|| Solution::new(s.colours())))
    }
}
