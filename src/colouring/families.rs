//! Graphs defined by formula, with known or planted chromatic numbers: queen
//! graphs, Mycielski graphs, random graphs, and graphs with a hidden colouring.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::graph::PlainGraph;

/// The n×n queen graph: squares, adjacent when a queen on one attacks the other
/// (same row, column or diagonal). χ(queen5_5) = 5, 6_6 = 7, 7_7 = 7, 8_8 = 9,
/// 9_9 = 10, 10_10 = 11. Vertices are named `r1c1` …, row by row.
///
/// # Example
/// ```
/// let q = graphdoku::colouring::queen(8);
/// assert_eq!((q.len(), q.edges().len()), (64, 728));
/// ```
pub fn queen(n: usize) -> PlainGraph {
    let mut edges = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            if ra == rb || ca == cb || ra.abs_diff(rb) == ca.abs_diff(cb) {
                edges.push((a as u32, b as u32));
            }
        }
    }
    let names = (0..n * n).map(|v| format!("r{}c{}", v / n + 1, v % n + 1));
    PlainGraph::named(names.collect(), edges).expect("a queen graph")
}

/// The Mycielski graph M`k` (DIMACS `myciel<k>`): M1 = K2, and M(k+1) is the
/// Mycielskian of M`k`. Triangle-free, with χ = k + 1 (M3, the Grötzsch graph,
/// has 11 vertices and χ = 4).
///
/// # Example
/// ```
/// let m = graphdoku::colouring::mycielski(3);
/// assert_eq!((m.len(), m.edges().len()), (11, 20));
/// ```
pub fn mycielski(k: usize) -> PlainGraph {
    let mut n = 2usize;
    let mut edges: Vec<(u32, u32)> = vec![(0, 1)];
    for _ in 1..k.max(1) {
        // Each vertex v gets a shadow n + v joined to v's neighbours; a new
        // vertex 2n joins every shadow.
        let mut next = edges.clone();
        for &(a, b) in &edges {
            next.push((a, n as u32 + b));
            next.push((b, n as u32 + a));
        }
        for v in 0..n {
            next.push(((n + v) as u32, 2 * n as u32));
        }
        edges = next;
        n = 2 * n + 1;
    }
    PlainGraph::new(n, edges).expect("a Mycielski graph")
}

/// The random graph G(n, p): each pair adjacent with probability `p`.
pub fn random(n: usize, p: f64, seed: u64) -> PlainGraph {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut edges = Vec::new();
    for a in 0..n as u32 {
        for b in a + 1..n as u32 {
            if unit(&mut rng) < p {
                edges.push((a, b));
            }
        }
    }
    PlainGraph::new(n, edges).expect("a random graph")
}

/// A graph with a hidden k-colouring (vertex v in class v mod k): pairs in
/// different classes are adjacent with probability `p` (like Culberson's flat
/// graphs, without their degree levelling). χ ≤ k; with `clique`, one vertex
/// of each class are also made pairwise adjacent, so that χ = k exactly.
pub fn planted(n: usize, k: usize, p: f64, clique: bool, seed: u64) -> PlainGraph {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let forced = clique && a < k && b < k;
            if a % k != b % k && (forced || unit(&mut rng) < p) {
                edges.push((a as u32, b as u32));
            }
        }
    }
    PlainGraph::new(n, edges).expect("a planted graph")
}

/// A Leighton-style graph: n vertices in k classes, made of cliques (each at
/// most one vertex per class, one of them of size k) added until the graph has
/// `edges` edges. χ = k: the cliques respect the classes, and one needs k.
pub fn leighton(n: usize, k: usize, edges: usize, seed: u64) -> PlainGraph {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pairs = std::collections::BTreeSet::new();
    let mut size = k;
    while pairs.len() < edges.min(n * n / 2) {
        // Classes in random order; one random vertex of each of the first `size`.
        let mut classes: Vec<usize> = (0..k).collect();
        for i in (1..k).rev() {
            classes.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let members: Vec<u32> = classes[..size]
            .iter()
            .map(|&c| {
                let in_class = (n - c).div_ceil(k);
                (c + k * (rng.next_u64() % in_class as u64) as usize) as u32
            })
            .collect();
        for (i, &a) in members.iter().enumerate() {
            for &b in &members[i + 1..] {
                pairs.insert((a.min(b), a.max(b)));
            }
        }
        // Mostly small cliques after the first, as Leighton's are.
        size = 2 + (rng.next_u64() % (k as u64 / 3).max(1)) as usize;
    }
    PlainGraph::new(n, pairs.into_iter().collect()).expect("a Leighton graph")
}

/// A uniform number in [0, 1).
fn unit(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}
