//! graphdoku: Sudoku-like puzzles as graph colouring.
//!
//! Cells are vertices, "must differ" relations are edges, symbols are colours and
//! the givens are a precoloring; solving extends the precoloring to a proper
//! colouring. A variant (the shape) is a RON file read by [`variant`], built into a
//! [`ConstraintGraph`] (a petgraph graph plus its houses), and solved by a
//! [`Solver`]; [`verify`] checks any solution independently of the solver.
//!
//! ```
//! use graphdoku::{ConstraintGraph, PuzzleReader, Solver, verify};
//!
//! let graph = ConstraintGraph::load("sudoku9").unwrap();
//! let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
//! let record = PuzzleReader::new(&graph, line.as_bytes(), "example").next().unwrap();
//! let puzzle = record.puzzle.unwrap();
//! let solver = Solver::new(&graph);
//! let solution = solver.solve(&puzzle).unwrap();
//! verify(&graph, &puzzle, &solution).unwrap();
//! assert_eq!(&graphdoku::write::text::line(&graph, &solution.to_puzzle().givens())[..3], "483");
//! assert_eq!(solver.count(&puzzle, 2), 1); // unique
//! ```
#![warn(missing_docs)]

pub mod candidates;
pub mod canon;
mod cell;
pub mod colouring;
mod colours;
pub mod estimate;
pub mod generate;
pub mod graph;
pub mod lint;
mod location;
pub mod logic;
mod names;
pub mod picture;
pub mod prove;
pub mod puzzle;
pub mod read;
mod ron_error;
pub mod rules;
#[cfg(feature = "serve")]
pub mod serve;
pub mod solver;
pub mod symbols;
mod uniqueness;
pub mod variant;
mod verify;
pub mod write;

pub use graph::{ConstraintGraph, PlainGraph};
pub use location::Location;
pub use puzzle::{Puzzle, Solution};
pub use read::{InputError, PuzzleReader, Record};
pub use solver::{Budget, Count, Search, Solver, Stats};
pub use symbols::{Alphabet, Token};
pub use uniqueness::{Checker, Verdict, differences, uniqueness};
pub use variant::VariantError;
pub use verify::{Violation, verify};
