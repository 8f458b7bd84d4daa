//! Colouring any graph: bounds on the chromatic number and colourings with few colours.

mod adjacency;
pub mod bounds;
mod chromatic;
mod clique;
mod colour;
mod exact;
mod families;
mod greedy;
mod reduce;
mod tabu;

pub use adjacency::Adjacency;
pub use chromatic::{Chromatic, Event, Options, chromatic};
pub use clique::{Clique, large_clique, large_clique_until};
pub use colour::{Outcome, Proof, colour};
pub use exact::{Decision, k_colourable};
pub use families::{leighton, mycielski, planted, queen, random};
pub use greedy::{colours_used, dsatur};
pub use tabu::{Limits as TabuLimits, MAX_TABLE, reduce as tabu_reduce, tabucol};
