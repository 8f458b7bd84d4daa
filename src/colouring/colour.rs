//! Colouring a graph with a given number of colours, or proving it cannot be.

use std::time::Instant;

use super::Decision;
use super::chromatic::Effort;
use super::exact::decide;
use super::reduce::reduce;
use super::tabu::{TabuLimits, tabucol};
use super::{Adjacency, colours_used, dsatur, large_clique_until};
use crate::graph::PlainGraph;
use crate::solver::Budget;

/// The outcome of [`colour`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A proper colouring with at most k colours (colours from 0), and what found it.
    Coloured {
        /// One colour per vertex.
        colouring: Vec<u32>,
        /// `DSATUR`, `tabu search` or `exact search`.
        by: &'static str,
    },
    /// No colouring with k colours exists.
    Impossible(Proof),
    /// The limits ran out first (or the heuristic mode found none).
    GaveUp(String),
}

/// Why no colouring with k colours exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// These vertices are pairwise adjacent, and more than k.
    Clique(Vec<u32>),
    /// A precoloured vertex has a colour above k.
    Precoloured(u32),
    /// The exhaustive search found none.
    Search,
}

/// A proper colouring of `graph` with `k` colours (keeping its precolouring and
/// allowed lists), or the proof that there is none, within the limits of
/// `options`: DSATUR first, a clique of more than `k` vertices as a quick
/// proof, tabu search (graphs without precolouring or lists), then the exact
/// search on what is left once vertices of degree below `k` and dominated
/// vertices are set aside, component by component.
///
/// # Example
/// ```
/// use graphdoku::PlainGraph;
/// use graphdoku::colouring::{colour, Effort, Outcome, Proof};
/// let k4 = PlainGraph::new(4, vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]).unwrap();
/// assert_eq!(colour(&k4, 3, Effort::default()), Outcome::Impossible(Proof::Clique(vec![0, 1, 2, 3])));
/// let Outcome::Coloured { colouring, .. } = colour(&k4, 4, Effort::default()) else { panic!() };
/// assert!(k4.check(&colouring).is_ok());
/// ```
pub fn colour(graph: &PlainGraph, k: usize, options: Effort) -> Outcome {
    let deadline = options.timeout.map(|t| Instant::now() + t);
    let adj = Adjacency::from_plain(graph);
    if let Some(&(v, _)) = graph.precoloured().iter().find(|p| p.1 as usize >= k) {
        return Outcome::Impossible(Proof::Precoloured(v));
    }
    let greedy = dsatur(&adj, graph.precoloured(), graph.allowed_lists()).ok();
    if let Some(colouring) = greedy.as_ref().filter(|c| colours_used(c) <= k) {
        return Outcome::Coloured {
            colouring: colouring.clone(),
            by: "DSATUR",
        };
    }
    let clique = large_clique_until(&adj, options.clique_nodes, deadline);
    if clique.vertices.len() > k {
        return Outcome::Impossible(Proof::Clique(clique.vertices));
    }
    if let (false, Some(start)) = (graph.is_constrained(), &greedy) {
        let moves = options.moves(&adj);
        let limits = TabuLimits {
            deadline,
            max_moves: moves,
            seed: options.seed,
        };
        if let Some(colouring) = tabucol(&adj, k, start, limits) {
            return Outcome::Coloured {
                colouring,
                by: "tabu search",
            };
        }
    }
    if options.heuristic {
        return Outcome::GaveUp(format!("the heuristic found no colouring with {k} colours"));
    }
    let budget = |deadline: Option<Instant>| -> Option<Budget> {
        let mut budget = Budget {
            max_nodes: options.max_nodes,
            ..Budget::default()
        };
        if let Some(deadline) = deadline {
            budget = budget.time(deadline.checked_duration_since(Instant::now())?);
        }
        Some(budget)
    };
    let colourable = |graph: &PlainGraph, clique: &[u32]| -> Result<Decision, String> {
        decide(graph, k, clique, budget(deadline).ok_or("time is up")?)
    };
    if graph.is_constrained() {
        return match colourable(graph, &[]) {
            Ok(Decision::Coloured(colouring)) => Outcome::Coloured {
                colouring,
                by: "exact search",
            },
            Ok(_) => Outcome::Impossible(Proof::Search),
            Err(why) => Outcome::GaveUp(why),
        };
    }
    let reduction = reduce(&adj, k, deadline);
    let mut colouring = vec![u32::MAX; adj.len()];
    for vertices in &reduction.components {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Outcome::GaveUp("time is up".into());
        }
        let sub = graph.induced(vertices);
        let sub_clique = large_clique_until(
            &Adjacency::from_plain(&sub),
            options.clique_nodes / 4,
            deadline,
        );
        match colourable(&sub, &sub_clique.vertices) {
            Ok(Decision::Coloured(part)) => {
                for (i, &v) in vertices.iter().enumerate() {
                    colouring[v as usize] = part[i];
                }
            }
            Ok(_) => return Outcome::Impossible(Proof::Search),
            Err(why) => return Outcome::GaveUp(why),
        }
    }
    reduction.restore(&adj, &mut colouring);
    Outcome::Coloured {
        colouring,
        by: "exact search",
    }
}
