//! A Mycielski-style lower bound, where cliques and LPs are weak (graphs
//! without triangles can need any number of colours).
//!
//! **The step.** Let w be a vertex and H a set of its non-neighbours such
//! that every v in H has a *shadow*: a neighbour u of w adjacent to every
//! neighbour of v in H. Then χ(G) ≥ χ(G[H]) + 1. Proof: colour G with k
//! colours, w taking colour k. Recolour each v of H that has colour k with
//! its shadow's colour (not k: the shadow is w's neighbour). Two adjacent
//! vertices of H cannot both have had colour k; if v had, its new colour is
//! its shadow's, which differs from the other's (the shadow is adjacent to
//! it). So H is coloured with k − 1 colours. The Mycielskian M(H) of any
//! graph H is built so (a shadow per vertex, an apex w): χ(M(H)) = χ(H) + 1.
//!
//! **The tower.** The step is applied again inside H, down to where a clique
//! bounds what is left: myciel7 is 6 steps over a clique of 2, so χ ≥ 8.

use std::time::Instant;

use super::super::Adjacency;
use super::super::adjacency::{Bits, Matrix};
use super::super::large_clique_until;

/// Nodes of the clique search at the foot of the tower.
const CLIQUE_NODES: u64 = 20_000;

/// A lower bound on χ(`adj`) by Mycielski steps down to a clique: the bound,
/// the number of steps and the clique's size.
pub(crate) fn tower(adj: &Adjacency, deadline: Option<Instant>) -> (usize, usize, usize) {
    let matrix = Matrix::new(adj);
    let all: Vec<u32> = (0..adj.len() as u32).collect();
    let mut steps = 0;
    let mut part = all;
    // The step that keeps the most edges (a tower needs them), again and again.
    loop {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let best = part
            .iter()
            .map(|&w| shadowed(&matrix, &part, w as usize))
            .max_by_key(|h| edges(&matrix, h));
        match best {
            Some(h) if h.len() >= 2 => {
                part = h;
                steps += 1;
            }
            _ => break,
        }
    }
    let sub = induced(adj, &part);
    let clique = large_clique_until(&sub, CLIQUE_NODES, deadline)
        .vertices
        .len();
    (clique + steps, steps, clique)
}

/// The largest set H of non-neighbours of `w` within `part` whose every
/// vertex has a shadow (see the module's docs): all of them, less those
/// without one, until every one left has one (fewer in H only makes a
/// shadow easier to find).
fn shadowed(matrix: &Matrix, part: &[u32], w: usize) -> Vec<u32> {
    let words = matrix.words;
    let mut h: Bits = vec![0; words];
    for &v in part {
        let v = v as usize;
        if v != w && !matrix.adjacent(v, w) {
            h[v / 64] |= 1 << (v % 64);
        }
    }
    let shadows: Vec<usize> = part
        .iter()
        .map(|&u| u as usize)
        .filter(|&u| matrix.adjacent(u, w))
        .collect();
    loop {
        let mut dropped = false;
        for &v in part {
            let v = v as usize;
            if h[v / 64] >> (v % 64) & 1 == 0 {
                continue;
            }
            // v's neighbours within H, all adjacent to one shadow.
            let near: Bits = h.iter().zip(matrix.row(v)).map(|(a, b)| a & b).collect();
            let has = shadows.iter().any(|&u| {
                near.iter()
                    .zip(matrix.row(u))
                    .all(|(&need, &row)| need & !row == 0)
            });
            if !has {
                h[v / 64] &= !(1 << (v % 64));
                dropped = true;
            }
        }
        if !dropped {
            break;
        }
    }
    part.iter()
        .copied()
        .filter(|&v| h[v as usize / 64] >> (v % 64) & 1 == 1)
        .collect()
}

/// The edges among `vertices`.
fn edges(matrix: &Matrix, vertices: &[u32]) -> usize {
    let mut bits: Bits = vec![0; matrix.words];
    for &v in vertices {
        bits[v as usize / 64] |= 1 << (v % 64);
    }
    let degrees: usize = vertices
        .iter()
        .map(|&v| {
            let row = matrix.row(v as usize);
            bits.iter()
                .zip(row)
                .map(|(a, b)| (a & b).count_ones() as usize)
                .sum::<usize>()
        })
        .sum();
    degrees / 2
}

/// The subgraph of `adj` induced by `vertices`, renumbered in their order.
fn induced(adj: &Adjacency, vertices: &[u32]) -> Adjacency {
    let mut index = vec![u32::MAX; adj.len()];
    for (i, &v) in vertices.iter().enumerate() {
        index[v as usize] = i as u32;
    }
    let edges: Vec<(u32, u32)> = adj
        .edges()
        .filter_map(|(a, b)| {
            let (a, b) = (index[a as usize], index[b as usize]);
            (a != u32::MAX && b != u32::MAX).then_some((a, b))
        })
        .collect();
    Adjacency::from_edges(vertices.len(), &edges)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colouring::mycielski;

    #[test]
    fn mycielski_graphs_are_towers_over_an_edge() {
        for k in 2..=7 {
            let graph = mycielski(k);
            let (bound, steps, clique) = tower(&Adjacency::from_plain(&graph), None);
            // M_k has χ = k + 1 and no triangle.
            assert_eq!((bound, clique), (k + 1, 2), "M{k}: {steps} steps");
        }
    }

    #[test]
    fn no_step_on_an_even_cycle() {
        let c6 = Adjacency::from_edges(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]);
        assert_eq!(tower(&c6, None).0, 2);
    }
}
