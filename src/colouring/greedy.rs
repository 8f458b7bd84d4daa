//! DSATUR greedy colouring (Brélaz 1979): colour next the vertex that sees the
//! most colours, ties to the one with most uncoloured neighbours.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::Adjacency;

/// A DSATUR colouring of `adj` (colours from 0), extending the `precoloured`
/// (vertex, colour) pairs and keeping to the `allowed` (vertex, sorted colours)
/// lists: each vertex takes the smallest colour its coloured neighbours leave it.
///
/// This is a heuristic: it gives an upper bound on the chromatic number, often
/// a few colours above it.
///
/// # Returns
/// The colouring, or the first vertex left without a colour by its allowed list
/// (or precoloured like a neighbour).
///
/// # Complexity
/// O((n + m) log n) time; memory linear in vertices + edges (each vertex keeps
/// the colours it sees in a slice of its own neighbour count).
///
/// # Example
/// ```
/// use graphdoku::colouring::{Adjacency, dsatur};
/// // A 5-cycle needs 3 colours.
/// let c5 = Adjacency::from_edges(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)]);
/// let colours = dsatur(&c5, &[], &[]).unwrap();
/// assert_eq!(colours.iter().max(), Some(&2));
/// assert!(c5.edges().all(|(a, b)| colours[a as usize] != colours[b as usize]));
/// ```
pub fn dsatur(
    adj: &Adjacency,
    precoloured: &[(u32, u32)],
    allowed: &[(u32, Vec<u32>)],
) -> Result<Vec<u32>, u32> {
    let n = adj.len();
    let mut state = State {
        adj,
        colour: vec![NONE; n],
        seen: vec![0; adj.edge_count() * 2],
        seen_len: vec![0; n],
        uncoloured: (0..n).map(|v| adj.degree(v) as u32).collect(),
        heap: BinaryHeap::with_capacity(n),
    };
    let mut lists: Vec<Option<&[u32]>> = Vec::new();
    if !allowed.is_empty() {
        lists = vec![None; n];
        for (v, list) in allowed {
            lists[*v as usize] = Some(list);
        }
    }
    for &(v, c) in precoloured {
        if state.sees(v as usize, c) {
            return Err(v);
        }
        state.assign(v as usize, c);
    }
    for v in 0..n {
        if state.colour[v] == NONE {
            state.heap.push((0, state.uncoloured[v], Reverse(v as u32)));
        }
    }
    // Saturations only grow and uncoloured degrees only shrink: stale entries
    // are skipped (a fresher one exists) or pushed back with their new degree.
    while let Some((saturation, degree, Reverse(v))) = state.heap.pop() {
        let v = v as usize;
        if state.colour[v] != NONE || saturation != state.seen_len[v] {
            continue;
        }
        if degree != state.uncoloured[v] {
            state
                .heap
                .push((saturation, state.uncoloured[v], Reverse(v as u32)));
            continue;
        }
        let colour = match lists.get(v).copied().flatten() {
            Some(list) => list
                .iter()
                .copied()
                .find(|&c| !state.sees(v, c))
                .ok_or(v as u32)?,
            None => state.smallest_free(v),
        };
        state.assign(v, colour);
    }
    Ok(state.colour)
}

const NONE: u32 = u32::MAX;

struct State<'a> {
    adj: &'a Adjacency,
    colour: Vec<u32>,
    /// The colours each vertex's neighbours hold, sorted, in a slice as long as
    /// its degree (it cannot see more colours than it has neighbours).
    seen: Vec<u32>,
    seen_len: Vec<u32>,
    uncoloured: Vec<u32>,
    heap: BinaryHeap<(u32, u32, Reverse<u32>)>,
}

impl State<'_> {
    fn seen(&self, v: usize) -> &[u32] {
        let start = self.adj.offset(v);
        &self.seen[start..start + self.seen_len[v] as usize]
    }

    fn sees(&self, v: usize, colour: u32) -> bool {
        self.seen(v).binary_search(&colour).is_ok()
    }

    /// The smallest colour missing from `v`'s sorted seen colours.
    fn smallest_free(&self, v: usize) -> u32 {
        let seen = self.seen(v);
        // seen[i] == i up to the first gap: binary search for it.
        let (mut lo, mut hi) = (0, seen.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if seen[mid] == mid as u32 {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo as u32
    }

    fn assign(&mut self, v: usize, colour: u32) {
        self.colour[v] = colour;
        for &u in self.adj.neighbours(v) {
            let u = u as usize;
            self.uncoloured[u] -= 1;
            let start = self.adj.offset(u);
            let len = self.seen_len[u] as usize;
            let slice = &mut self.seen[start..start + len + 1];
            if let Err(at) = slice[..len].binary_search(&colour) {
                slice.copy_within(at..len, at + 1);
                slice[at] = colour;
                self.seen_len[u] += 1;
                if self.colour[u] == NONE {
                    self.heap
                        .push((self.seen_len[u], self.uncoloured[u], Reverse(u as u32)));
                }
            }
        }
    }
}

/// The number of colours a colouring uses (its largest colour + 1).
pub fn colours_used(colouring: &[u32]) -> usize {
    colouring.iter().max().map_or(0, |&c| c as usize + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proper(adj: &Adjacency, colours: &[u32]) -> bool {
        adj.edges()
            .all(|(a, b)| colours[a as usize] != colours[b as usize])
    }

    #[test]
    fn bipartite_graphs_take_two_colours() {
        // An even cycle and a star: DSATUR is exact on bipartite graphs.
        let c6 = Adjacency::from_edges(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (0, 5)]);
        let colours = dsatur(&c6, &[], &[]).unwrap();
        assert!(proper(&c6, &colours));
        assert_eq!(colours_used(&colours), 2);
    }

    #[test]
    fn precolouring_and_lists_are_kept() {
        let path = Adjacency::from_edges(3, &[(0, 1), (1, 2)]);
        let colours = dsatur(&path, &[(0, 4)], &[(2, vec![4, 7])]).unwrap();
        assert!(proper(&path, &colours));
        assert_eq!(colours[0], 4);
        assert_eq!(colours[2], 4);
        assert_eq!(dsatur(&path, &[(0, 1)], &[(1, vec![1])]), Err(1));
        assert_eq!(dsatur(&path, &[(0, 1), (1, 1)], &[]), Err(1));
    }
}
