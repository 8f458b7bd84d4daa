//! Deciding k-colourability exactly, with the puzzle engine: the graph becomes
//! a constraint graph with k colours and a clique precoloured.

use std::collections::HashSet;

use super::adjacency::{MATRIX_VERTICES, Matrix};
use super::{Adjacency, Decision};
use crate::graph::{ConstraintGraph, PlainGraph};
use crate::puzzle::Puzzle;
use crate::solver::{Budget, Solver, Stats};

/// Decides whether `graph` has a proper colouring with `k` colours keeping its
/// precolouring and allowed lists, by the engine's DSATUR-ordered search
/// under `budget`. When the graph has neither, `clique` (vertices of a
/// clique) is precoloured 1, 2, …: every colouring is a permutation of one
/// that does so, and the engine treats the colours no given uses as
/// interchangeable, so the search never tries two permutations of a class.
///
/// # Errors
/// When the engine cannot take `k` colours (more than
/// [`MAX_SYMBOLS`](crate::symbols::MAX_SYMBOLS)), with the reason.
///
/// # Example
/// ```
/// use graphdoku::colouring::{Decision, k_colourable};
/// use graphdoku::{Budget, PlainGraph};
/// let k4 = PlainGraph::new(4, vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]).unwrap();
/// let decide = |k, clique: &[u32]| k_colourable(&k4, k, clique, Budget::unlimited()).unwrap().0;
/// assert_eq!(decide(3, &[0, 1]), Decision::Impossible);
/// assert!(matches!(decide(4, &[]), Decision::Coloured(_)));
/// assert!(k_colourable(&k4, 300, &[], Budget::unlimited()).is_err());
/// ```
pub fn k_colourable(
    graph: &PlainGraph,
    k: usize,
    clique: &[u32],
    budget: Budget,
) -> Result<(Decision, Stats), String> {
    if clique.len() > k {
        return Ok((Decision::Impossible, Stats::default()));
    }
    let fixed = if graph.is_constrained() {
        graph.clone()
    } else {
        let mut fixed = graph.clone();
        for (colour, &v) in clique.iter().enumerate() {
            fixed = fixed.precolour(v as usize, colour as u32);
        }
        fixed
    };
    let constraint = ConstraintGraph::plain(&fixed, "graph", k)?
        .with_cliques(&full_cliques(&Adjacency::from_plain(graph), k));
    let puzzle = match fixed.givens(k) {
        Ok(givens) => Puzzle::new(givens),
        // A vertex precoloured with a colour past k.
        Err(_) => return Ok((Decision::Impossible, Stats::default())),
    };
    let count = Solver::new(&constraint)
        .without_probing()
        .with_budget(budget)
        .count_solutions(&puzzle, 1);
    let decision = match (count.first, count.gave_up) {
        (Some(solution), _) => {
            Decision::Coloured(solution.colours().iter().map(|&c| c as u32).collect())
        }
        (None, false) => Decision::Impossible,
        (None, true) => Decision::GaveUp,
    };
    Ok((decision, count.stats))
}

/// The exact search's answer: a colouring or "impossible"; the reason it has
/// none (the budget ran out, too many colours for the engine) as an error.
pub(super) fn decide(
    graph: &PlainGraph,
    k: usize,
    clique: &[u32],
    budget: Budget,
) -> Result<Decision, String> {
    match k_colourable(graph, k, clique, budget)?.0 {
        Decision::GaveUp => Err("the search budget ran out".into()),
        decision => Ok(decision),
    }
}

/// Largest graph searched for cliques of k vertices (one greedy clique per edge).
const FULL_CLIQUE_EDGES: usize = 20_000;

/// Cliques of exactly `k` vertices, found greedily around each edge: in a
/// k-colouring each holds every colour once, which the engine uses as a house
/// rule (the rows and columns of a queen graph, for instance).
fn full_cliques(adj: &Adjacency, k: usize) -> Vec<Vec<u32>> {
    if adj.edge_count() > FULL_CLIQUE_EDGES || adj.len() > MATRIX_VERTICES || k < 3 {
        return Vec::new();
    }
    let matrix = Matrix::new(adj);
    let mut found = HashSet::new();
    // The cliques found so far that hold each vertex: an edge inside one of
    // them would mostly grow into it again (on a big clique, growing from every
    // one of its edges cost seconds).
    let mut holding: Vec<Vec<usize>> = vec![Vec::new(); adj.len()];
    for (a, b) in adj.edges() {
        let (of_a, of_b) = (&holding[a as usize], &holding[b as usize]);
        if of_a.iter().any(|c| of_b.contains(c)) {
            continue;
        }
        let mut clique = vec![a, b];
        let mut candidates: Vec<u32> = adj
            .neighbours(a as usize)
            .iter()
            .copied()
            .filter(|&c| matrix.adjacent(b as usize, c as usize))
            .collect();
        // Grow by the candidate adjacent to most other candidates.
        while !candidates.is_empty() && clique.len() < k {
            let (_, best) = candidates
                .iter()
                .map(|&c| {
                    let links = candidates
                        .iter()
                        .filter(|&&d| matrix.adjacent(c as usize, d as usize))
                        .count();
                    (links, std::cmp::Reverse(c))
                })
                .max()
                .expect("a candidate");
            let v = best.0;
            clique.push(v);
            candidates.retain(|&c| c != v && matrix.adjacent(v as usize, c as usize));
        }
        if clique.len() == k {
            clique.sort_unstable();
            if !found.contains(&clique) {
                for &v in &clique {
                    holding[v as usize].push(found.len());
                }
                found.insert(clique);
            }
        }
    }
    let mut cliques: Vec<Vec<u32>> = found.into_iter().collect();
    cliques.sort_unstable();
    cliques
}
