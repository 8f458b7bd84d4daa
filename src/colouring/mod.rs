//! Colouring any graph: bounds on the chromatic number and colourings with few colours.

mod adjacency;
pub mod bounds;
mod branch;
mod chromatic;
mod clique;
mod clock;
mod colour;
mod exact;
mod families;
mod greedy;
mod reduce;
mod tabu;

pub use adjacency::Adjacency;
pub(crate) use branch::Covers;
pub use chromatic::{Chromatic, Effort, Event, chromatic};
pub use clique::{Clique, large_clique, large_clique_until};
pub(crate) use clock::Clock;
pub use colour::{Outcome, Proof, colour};
pub use exact::k_colourable;
pub use families::{leighton, mycielski, planted, queen, random};
pub use greedy::{colours_used, dsatur};
pub use tabu::{MAX_TABLE, TabuLimits, reduce as tabu_reduce, tabucol};

/// The answer to "can this graph be coloured with k colours?", whoever
/// answers it: the exact search ([`k_colourable`]), branch and bound over
/// stable sets, or SAT ([`crate::prove::Colouring`], [`crate::prove::cover`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Yes: a colouring with colours below k (colours from 0), to be checked
    /// with [`PlainGraph::check`](crate::PlainGraph::check) before it is shown.
    Coloured(Vec<u32>),
    /// No: the search was exhaustive, or the formula is unsatisfiable.
    Impossible,
    /// Unknown: the budget (nodes, deadline or stop flag) ran out first.
    GaveUp,
}
