//! Writers: every output format of puzzles and solutions, one module each.

pub mod colouring;
pub mod text;
