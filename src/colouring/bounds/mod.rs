//! Lower bounds on the chromatic number beyond the largest clique, each
//! saying its kind: a tower of Mycielski steps (`mycielski.rs`), the
//! stable-set count ⌈n / α⌉ (`stable.rs`) and the fractional chromatic
//! number (`fractional.rs`). Every one is exact: integers, or a float bound
//! made sound by an integer certificate. [`prove::close`](crate::prove::close)
//! asks them in that order, cheapest first, before SAT.

pub(crate) mod fractional;
mod mycielski;
pub(crate) mod stable;

use std::fmt;
use std::time::Instant;

use super::Adjacency;
use crate::graph::PlainGraph;

pub use fractional::Fractional;
use stable::Complement;

/// Why χ is at least some number.
#[derive(Debug, Clone, PartialEq)]
pub enum BoundKind {
    /// The colour classes are stable sets of at most `alpha` vertices.
    StableSets {
        /// Vertices.
        vertices: usize,
        /// The size of a largest stable set.
        alpha: usize,
    },
    /// Mycielski steps (see `mycielski.rs`) down to a clique.
    Mycielski {
        /// Steps, each adding one colour.
        steps: usize,
        /// The clique at the foot.
        clique: usize,
    },
    /// The fractional chromatic number, at least this (certified).
    Fractional(Fractional),
}

/// A lower bound on χ and its kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Bound {
    /// χ is at least this.
    pub colours: usize,
    /// Why.
    pub kind: BoundKind,
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            BoundKind::StableSets { vertices, alpha } => write!(
                f,
                "stable sets of at most {alpha} vertices: {vertices} / {alpha}, rounded up"
            ),
            BoundKind::Mycielski { steps, clique } => {
                write!(f, "Mycielski: {steps} steps over a clique of {clique}")
            }
            BoundKind::Fractional(fractional) => write!(
                f,
                "fractional {:.2}{}",
                fractional.value,
                if fractional.optimal { "" } else { " so far" }
            ),
        }
    }
}

/// Nodes of the search for a largest stable set (one proven so): enough for
/// a dense graph's small ones, not a sparse graph's large ones.
const STABLE_NODES: u64 = 5_000_000;

/// Graphs up to this many vertices get the fractional bound.
const FRACTIONAL_VERTICES: usize = 1_000;

/// The Mycielski bound of `graph`, if a step applies (cheap: a few passes
/// over the vertices per step).
///
/// # Example
/// ```
/// use graphdoku::colouring::{bounds, mycielski};
/// // M4: χ = 5, no triangle.
/// let bound = bounds::mycielski_tower(&mycielski(4), None).unwrap();
/// assert_eq!(bound.colours, 5);
/// assert_eq!(bound.to_string(), "Mycielski: 3 steps over a clique of 2");
/// ```
pub fn mycielski_tower(graph: &PlainGraph, deadline: Option<Instant>) -> Option<Bound> {
    if graph.len() > stable::MAX_VERTICES {
        return None;
    }
    let (colours, steps, clique) = mycielski::tower(&Adjacency::from_plain(graph), deadline);
    (steps > 0).then_some(Bound {
        colours,
        kind: BoundKind::Mycielski { steps, clique },
    })
}

/// The stable-set bound ⌈n / α⌉ of `graph`, with α; `None` when α is not
/// proven within a bounded search or by `deadline`.
///
/// # Example
/// ```
/// use graphdoku::colouring::{bounds, queen};
/// // Ten non-attacking queens at most on a 10×10 board: χ ≥ 100 / 10.
/// let (bound, alpha) = bounds::stable_sets(&queen(10), None).unwrap();
/// assert_eq!((bound.colours, alpha), (10, 10));
/// ```
pub fn stable_sets(graph: &PlainGraph, deadline: Option<Instant>) -> Option<(Bound, usize)> {
    let n = graph.len();
    let set = stable::largest(&Adjacency::from_plain(graph), STABLE_NODES, deadline)?;
    let alpha = set.len().max(1);
    let bound = Bound {
        colours: n.div_ceil(alpha),
        kind: BoundKind::StableSets { vertices: n, alpha },
    };
    Some((bound, alpha))
}

/// The fractional bound of `graph` by column generation from the stable
/// sets `classes` (a colouring's: they must cover every vertex), until the
/// LP's optimum or `deadline`; `None` on a graph too big or when no
/// certificate came in time.
///
/// # Example
/// ```
/// use graphdoku::PlainGraph;
/// use graphdoku::colouring::bounds;
/// // The 7-cycle's complement: χ_f = 7/2 (3.5), so χ ≥ 4 with no K4 in it.
/// let mut edges = Vec::new();
/// for a in 0..7u32 {
///     for b in a + 2..7 {
///         if (a, b) != (0, 6) {
///             edges.push((a, b));
///         }
///     }
/// }
/// let graph = PlainGraph::new(7, edges).unwrap();
/// let classes = vec![vec![0, 1], vec![2, 3], vec![4, 5], vec![6]];
/// let bound = bounds::fractional(&graph, &classes, None).unwrap();
/// assert_eq!(bound.colours, 4);
/// assert_eq!(bound.to_string(), "fractional 3.50");
/// ```
pub fn fractional(
    graph: &PlainGraph,
    classes: &[Vec<u32>],
    deadline: Option<Instant>,
) -> Option<Bound> {
    if graph.len() > FRACTIONAL_VERTICES {
        return None;
    }
    let comp = Complement::new(&Adjacency::from_plain(graph));
    let fractional = fractional::fractional(&comp, classes, deadline)?;
    Some(Bound {
        colours: fractional.bound,
        kind: BoundKind::Fractional(fractional),
    })
}

/// The colour classes of `colouring` (colours from 0), as stable sets.
pub fn classes(colouring: &[u32]) -> Vec<Vec<u32>> {
    let mut classes: Vec<Vec<u32>> = Vec::new();
    for (v, &c) in colouring.iter().enumerate() {
        let c = c as usize;
        if classes.len() <= c {
            classes.resize(c + 1, Vec::new());
        }
        classes[c].push(v as u32);
    }
    classes.retain(|class| !class.is_empty());
    classes
}
