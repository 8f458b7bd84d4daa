//! Large cliques, for the lower bound on the chromatic number: exact branch
//! and bound on small graphs (Tomita's MCQ), greedy growth on big ones.

use std::time::Instant;

use super::Adjacency;
use super::adjacency::{Bits, MATRIX_VERTICES, Matrix};

/// A clique of `adj` and whether it is proven maximum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clique {
    /// The vertices, in increasing order.
    pub vertices: Vec<u32>,
    /// True when no larger clique exists.
    pub maximum: bool,
}

/// A large clique of `adj`: greedy from many starting vertices, then, on graphs
/// of at most 8192 vertices, a branch and bound for a maximum one that stops
/// after `max_nodes` nodes (keeping the best found).
///
/// # Complexity
/// The greedy part is O(m log n) on sparse graphs; the exact part is
/// exponential in the worst case, hence the node limit.
///
/// # Example
/// ```
/// use graphdoku::colouring::{Adjacency, large_clique};
/// // K4 plus a pendant vertex.
/// let g = Adjacency::from_edges(5, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (3, 4)]);
/// let clique = large_clique(&g, 10_000);
/// assert_eq!(clique.vertices, vec![0, 1, 2, 3]);
/// assert!(clique.maximum);
/// ```
pub fn large_clique(adj: &Adjacency, max_nodes: u64) -> Clique {
    large_clique_until(adj, max_nodes, None)
}

/// [`large_clique`] that also stops at `deadline`, keeping the best clique
/// found by then (not proven maximum).
///
/// # Example
/// ```
/// use std::time::Instant;
/// use graphdoku::colouring::{Adjacency, large_clique_until};
/// let triangle = Adjacency::from_edges(3, &[(0, 1), (1, 2), (0, 2)]);
/// // A deadline already past: the greedy start is kept, nothing is proven.
/// let clique = large_clique_until(&triangle, 10_000, Some(Instant::now()));
/// assert!(!clique.maximum && !clique.vertices.is_empty());
/// ```
pub fn large_clique_until(adj: &Adjacency, max_nodes: u64, deadline: Option<Instant>) -> Clique {
    let mut best = greedy(adj, deadline);
    let mut maximum = false;
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    if adj.len() <= MATRIX_VERTICES && max_nodes > 0 && !late() {
        let matrix = Matrix::new(adj);
        let mut search = Mcq {
            matrix: &matrix,
            best: best.clone(),
            nodes: 0,
            max_nodes,
            deadline,
        };
        let mut all = vec![0u64; matrix.words];
        for v in 0..adj.len() {
            all[v / 64] |= 1 << (v % 64);
        }
        let finished = search.expand(&mut Vec::new(), all);
        best = search.best;
        maximum = finished;
    }
    best.sort_unstable();
    if adj.is_empty() {
        maximum = true;
    }
    Clique {
        vertices: best,
        maximum,
    }
}

/// Grows a clique from each of the highest-degree vertices, adding neighbours
/// by decreasing degree when adjacent to every member.
fn greedy(adj: &Adjacency, deadline: Option<Instant>) -> Vec<u32> {
    let n = adj.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(adj.degree(v as usize)));
    let mut best: Vec<u32> = order.first().map(|&v| vec![v]).unwrap_or_default();
    // Bounded work (about 20 million candidates looked at): the starts by
    // decreasing degree, as long as their degree could beat the best.
    let mut work = 0usize;
    for (i, &start) in order.iter().enumerate() {
        if adj.degree(start as usize) < best.len() || work > 20_000_000 {
            break;
        }
        // The clock is read every 64 starts: a start costs at most a degree squared.
        if i % 64 == 63 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        work += adj.degree(start as usize);
        let mut candidates: Vec<u32> = adj.neighbours(start as usize).to_vec();
        candidates.sort_by_key(|&v| std::cmp::Reverse(adj.degree(v as usize)));
        let mut clique = vec![start];
        for &u in &candidates {
            if adj.degree(u as usize) >= best.len()
                && clique.iter().all(|&w| adj.adjacent(u as usize, w as usize))
            {
                clique.push(u);
            }
        }
        if clique.len() > best.len() {
            best = clique;
        }
    }
    best
}

/// The smallest member of a bit set.
fn first(bits: &[u64]) -> Option<usize> {
    let w = bits.iter().position(|&w| w != 0)?;
    Some(w * 64 + bits[w].trailing_zeros() as usize)
}

/// Maximum clique by branch and bound, bounded by greedy colourings of the
/// candidates (Tomita and Seki 2003).
struct Mcq<'a> {
    matrix: &'a Matrix,
    best: Vec<u32>,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
}

impl Mcq<'_> {
    /// Extends `clique` with candidates from `p`; false when the node limit
    /// stopped the search.
    fn expand(&mut self, clique: &mut Vec<u32>, mut p: Bits) -> bool {
        let (order, bounds) = self.colour_sort(&p);
        for i in (0..order.len()).rev() {
            if clique.len() + bounds[i] <= self.best.len() {
                return true;
            }
            self.nodes += 1;
            if self.nodes > self.max_nodes
                || (self.nodes.is_multiple_of(64)
                    && self.deadline.is_some_and(|d| Instant::now() >= d))
            {
                return false;
            }
            let v = order[i];
            clique.push(v as u32);
            let next: Bits = p
                .iter()
                .zip(self.matrix.row(v))
                .map(|(a, b)| a & b)
                .collect();
            if next.iter().all(|&w| w == 0) {
                if clique.len() > self.best.len() {
                    self.best = clique.clone();
                }
            } else if !self.expand(clique, next) {
                return false;
            }
            clique.pop();
            p[v / 64] &= !(1 << (v % 64));
        }
        true
    }

    /// The candidates in greedy colour-class order, each with its class
    /// number: a clique among `order[..=i]` has at most `bounds[i]` vertices.
    fn colour_sort(&self, p: &Bits) -> (Vec<usize>, Vec<usize>) {
        let mut order = Vec::new();
        let mut bounds = Vec::new();
        let mut left = p.clone();
        let mut class = 0;
        while left.iter().any(|&w| w != 0) {
            class += 1;
            let mut q = left.clone();
            while let Some(v) = first(&q) {
                left[v / 64] &= !(1 << (v % 64));
                for (w, row) in q.iter_mut().zip(self.matrix.row(v)) {
                    *w &= !row;
                }
                q[v / 64] &= !(1 << (v % 64));
                order.push(v);
                bounds.push(class);
            }
        }
        (order, bounds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The clique number by brute force over subsets.
    fn brute(adj: &Adjacency) -> usize {
        let n = adj.len();
        (0u32..1 << n)
            .filter(|set| {
                (0..n).all(|a| {
                    (a + 1..n).all(|b| set >> a & 1 == 0 || set >> b & 1 == 0 || adj.adjacent(a, b))
                })
            })
            .map(|set| set.count_ones() as usize)
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn exact_on_random_small_graphs() {
        let mut state = 0x1234_5678u64;
        for round in 0..60 {
            let n = 1 + round % 13;
            let mut edges = Vec::new();
            for a in 0..n as u32 {
                for b in a + 1..n as u32 {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    if state >> 60 < 9 {
                        edges.push((a, b));
                    }
                }
            }
            let adj = Adjacency::from_edges(n, &edges);
            let clique = large_clique(&adj, u64::MAX);
            assert!(clique.maximum);
            assert_eq!(clique.vertices.len(), brute(&adj), "{edges:?}");
            for (i, &a) in clique.vertices.iter().enumerate() {
                for &b in &clique.vertices[i + 1..] {
                    assert!(adj.adjacent(a as usize, b as usize));
                }
            }
        }
    }
}
