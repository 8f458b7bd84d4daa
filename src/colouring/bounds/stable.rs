//! Stable sets (no two vertices adjacent): the heaviest one for integer
//! weights by exact branch and bound, and the bound it gives: a colouring's
//! classes are stable sets, so no colouring of n vertices uses fewer than
//! ⌈n / α⌉ colours, α the size of a largest stable set.

use std::time::Instant;

use super::super::Adjacency;
pub(crate) use super::super::adjacency::Bits;
use super::super::adjacency::Matrix;

/// Largest graph whose stable sets are searched (a bit matrix of n² bits).
pub(crate) const MAX_VERTICES: usize = 2048;

/// The complement of a graph as rows of bits: its cliques are the graph's
/// stable sets.
#[derive(Debug, Clone)]
pub(crate) struct Complement(Matrix);

impl Complement {
    /// The complement of `adj` (no loops).
    pub fn new(adj: &Adjacency) -> Self {
        Complement(Matrix::complement(adj))
    }

    /// The vertices.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    fn row(&self, v: usize) -> &[u64] {
        self.0.row(v)
    }

    /// Whether `a` and `b` (distinct) may share a stable set.
    pub fn apart(&self, a: usize, b: usize) -> bool {
        self.0.adjacent(a, b)
    }

    /// Every vertex, as bits.
    fn all(&self) -> Bits {
        let mut all = vec![0u64; self.0.words];
        for v in 0..self.len() {
            all[v / 64] |= 1 << (v % 64);
        }
        all
    }
}

/// The smallest member of a bit set.
fn first(bits: &[u64]) -> Option<usize> {
    let w = bits.iter().position(|&w| w != 0)?;
    Some(w * 64 + bits[w].trailing_zeros() as usize)
}

/// A heaviest stable set of the graph whose complement is `comp`, by
/// `weights` (one per vertex): its weight and vertices; `None` when
/// `max_nodes` nodes or `deadline` stopped the search first.
///
/// Branch and bound over the complement's cliques (Tomita's MCQ, weighted):
/// the candidates are split greedily into classes of pairwise adjacent
/// vertices (of which a stable set takes one at most), and a branch whose
/// weight plus its classes' heaviest members cannot beat the best is cut.
/// Integer weights keep the answer exact.
pub(crate) fn heaviest(
    comp: &Complement,
    weights: &[u64],
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Option<(u64, Vec<u32>)> {
    let start = greedy(comp, weights);
    let mut search = Heaviest {
        comp,
        weights,
        best: (start.iter().map(|&v| weights[v as usize]).sum(), start),
        nodes: 0,
        max_nodes,
        deadline,
    };
    let mut chosen = Vec::new();
    search
        .expand(&mut chosen, 0, comp.all())
        .then_some(search.best)
}

/// A maximal stable set, heaviest vertices first.
fn greedy(comp: &Complement, weights: &[u64]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..comp.len()).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(weights[v]));
    let mut chosen: Vec<u32> = Vec::new();
    for v in order {
        if weights[v] > 0 && chosen.iter().all(|&u| comp.apart(v, u as usize)) {
            chosen.push(v as u32);
        }
    }
    chosen
}

struct Heaviest<'a> {
    comp: &'a Complement,
    weights: &'a [u64],
    best: (u64, Vec<u32>),
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
}

impl Heaviest<'_> {
    /// Extends `chosen` (of weight `weight`) with candidates from `p`; false
    /// when the deadline stopped the search.
    fn expand(&mut self, chosen: &mut Vec<u32>, weight: u64, mut p: Bits) -> bool {
        let (order, bounds) = self.classes(&p);
        for i in (0..order.len()).rev() {
            if weight + bounds[i] <= self.best.0 {
                return true;
            }
            self.nodes += 1;
            if self.nodes > self.max_nodes
                || (self.nodes.is_multiple_of(256)
                    && self.deadline.is_some_and(|d| Instant::now() >= d))
            {
                return false;
            }
            let v = order[i];
            chosen.push(v as u32);
            let here = weight + self.weights[v];
            if here > self.best.0 {
                self.best = (here, chosen.clone());
            }
            let next: Bits = p.iter().zip(self.comp.row(v)).map(|(a, b)| a & b).collect();
            if next.iter().any(|&w| w != 0) && !self.expand(chosen, here, next) {
                return false;
            }
            chosen.pop();
            p[v / 64] &= !(1 << (v % 64));
        }
        true
    }

    /// The candidates in greedy class order (each class pairwise adjacent in
    /// the graph), with the weight bound of each prefix: a stable set within
    /// `order[..=i]` weighs at most `bounds[i]`.
    fn classes(&self, p: &Bits) -> (Vec<usize>, Vec<u64>) {
        let mut order = Vec::new();
        let mut bounds = Vec::new();
        let mut left = p.clone();
        let mut full = 0;
        while left.iter().any(|&w| w != 0) {
            // A class: vertices none of which may share a stable set.
            let mut q = left.clone();
            let mut heaviest = 0;
            while let Some(v) = first(&q) {
                left[v / 64] &= !(1 << (v % 64));
                for (w, row) in q.iter_mut().zip(self.comp.row(v)) {
                    *w &= !row;
                }
                q[v / 64] &= !(1 << (v % 64));
                heaviest = heaviest.max(self.weights[v]);
                order.push(v);
                bounds.push(full + heaviest);
            }
            full += heaviest;
        }
        (order, bounds)
    }
}

/// A largest stable set of `adj` (α vertices); `None` when `max_nodes`
/// nodes or `deadline` came first, or the graph is too big.
pub(crate) fn largest(
    adj: &Adjacency,
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Option<Vec<u32>> {
    if adj.len() > MAX_VERTICES {
        return None;
    }
    let comp = Complement::new(adj);
    heaviest(&comp, &vec![1; adj.len()], max_nodes, deadline).map(|(_, set)| set)
}

/// Every stable set of exactly `size` vertices of `adj` (`size` being α), up
/// to `cap` of them; `None` past the cap or `deadline`.
pub(crate) fn all_largest(
    comp: &Complement,
    size: usize,
    cap: usize,
    deadline: Option<Instant>,
) -> Option<Vec<Vec<u32>>> {
    fn extend(
        comp: &Complement,
        (size, cap, deadline): (usize, usize, Option<Instant>),
        chosen: &mut Vec<u32>,
        p: Bits,
        found: &mut Vec<Vec<u32>>,
    ) -> bool {
        if chosen.len() == size {
            found.push(chosen.clone());
            return found.len() <= cap;
        }
        let count: usize = p.iter().map(|w| w.count_ones() as usize).sum();
        if chosen.len() + count < size {
            return true;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return false;
        }
        let mut p = p;
        while let Some(v) = first(&p) {
            let next: Bits = p.iter().zip(comp.row(v)).map(|(a, b)| a & b).collect();
            chosen.push(v as u32);
            if !extend(comp, (size, cap, deadline), chosen, next, found) {
                return false;
            }
            chosen.pop();
            p[v / 64] &= !(1 << (v % 64));
            let left: usize = p.iter().map(|w| w.count_ones() as usize).sum();
            if chosen.len() + left < size {
                break;
            }
        }
        true
    }
    let mut found = Vec::new();
    let finished = extend(
        comp,
        (size, cap, deadline),
        &mut Vec::new(),
        comp.all(),
        &mut found,
    );
    finished.then_some(found)
}

/// Every maximal stable set of the graph whose complement is `comp` (its
/// maximal cliques, by Bron–Kerbosch with Tomita's pivot), as bits, up to
/// `cap` of them; `None` past the cap, `max_nodes` nodes of the listing, or
/// `deadline`. A dense graph has few: DSJC125.9 has 524 (456 nodes).
pub(crate) fn all_maximal(
    comp: &Complement,
    cap: usize,
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Option<Vec<Bits>> {
    struct Listing<'a> {
        comp: &'a Complement,
        cap: usize,
        nodes: u64,
        max_nodes: u64,
        deadline: Option<Instant>,
        found: Vec<Bits>,
    }
    impl Listing<'_> {
        /// Lists the maximal sets holding `chosen`, extended from `p`, none
        /// of which could take a vertex of `x`; false once stopped.
        fn extend(&mut self, chosen: &mut Bits, mut p: Bits, mut x: Bits) -> bool {
            if p.iter().chain(&x).all(|&w| w == 0) {
                self.found.push(chosen.clone());
                return self.found.len() <= self.cap;
            }
            self.nodes += 1;
            if self.nodes > self.max_nodes || self.deadline.is_some_and(|d| Instant::now() >= d) {
                return false;
            }
            // The pivot: a vertex of p ∪ x apart from most of p; its partners
            // in p are reached through the other branches.
            let candidates = p.iter().zip(&x).map(|(a, b)| a | b).collect::<Bits>();
            let pivot = ones(&candidates)
                .max_by_key(|&u| count(&p, self.comp.row(u)))
                .expect("p ∪ x is not empty");
            let branches: Bits = p
                .iter()
                .zip(self.comp.row(pivot))
                .map(|(a, b)| a & !b)
                .collect();
            for v in ones(&branches).collect::<Vec<_>>() {
                let row = self.comp.row(v);
                chosen[v / 64] |= 1 << (v % 64);
                let next_p = p.iter().zip(row).map(|(a, b)| a & b).collect();
                let next_x = x.iter().zip(row).map(|(a, b)| a & b).collect();
                if !self.extend(chosen, next_p, next_x) {
                    return false;
                }
                chosen[v / 64] &= !(1 << (v % 64));
                p[v / 64] &= !(1 << (v % 64));
                x[v / 64] |= 1 << (v % 64);
            }
            true
        }
    }
    let words = comp.0.words;
    let mut listing = Listing {
        comp,
        cap,
        nodes: 0,
        max_nodes,
        deadline,
        found: Vec::new(),
    };
    let finished = listing.extend(&mut vec![0; words], comp.all(), vec![0; words]);
    finished.then_some(listing.found)
}

/// The members of a bit set, smallest first.
pub(crate) fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                w * 64 + bit
            })
        })
    })
}

/// The size of `a ∩ b`.
fn count(a: &[u64], b: &[u64]) -> u32 {
    a.iter().zip(b).map(|(x, y)| (x & y).count_ones()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_graph(n: usize, state: &mut u64, density: u64) -> Adjacency {
        let mut edges = Vec::new();
        for a in 0..n as u32 {
            for b in a + 1..n as u32 {
                *state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if *state >> 60 < density {
                    edges.push((a, b));
                }
            }
        }
        Adjacency::from_edges(n, &edges)
    }

    fn stable(adj: &Adjacency, set: u32) -> bool {
        let n = adj.len();
        (0..n).all(|a| {
            (a + 1..n).all(|b| set >> a & 1 == 0 || set >> b & 1 == 0 || !adj.adjacent(a, b))
        })
    }

    #[test]
    fn the_heaviest_stable_set_matches_brute_force() {
        let mut state = 0x5eed_u64;
        for round in 0..80 {
            let n = 1 + round % 14;
            let adj = random_graph(n, &mut state, 4 + round as u64 % 8);
            let weights: Vec<u64> = (0..n as u64).map(|v| (v * 7 + round as u64) % 5).collect();
            let brute = (0u32..1 << n)
                .filter(|&set| stable(&adj, set))
                .map(|set| {
                    (0..n)
                        .filter(|&v| set >> v & 1 == 1)
                        .map(|v| weights[v])
                        .sum()
                })
                .max()
                .unwrap_or(0);
            let (weight, set) = heaviest(&Complement::new(&adj), &weights, u64::MAX, None).unwrap();
            assert_eq!(weight, brute, "round {round}");
            let bits = set.iter().fold(0u32, |b, &v| b | 1 << v);
            assert!(stable(&adj, bits));
            assert_eq!(
                set.iter().map(|&v| weights[v as usize]).sum::<u64>(),
                weight
            );
        }
    }

    #[test]
    fn every_maximal_stable_set_is_listed() {
        let mut state = 7;
        for density in [4, 8, 12] {
            let adj = random_graph(12, &mut state, density);
            let n = adj.len() as u32;
            // By brute force: stable sets that no outside vertex extends.
            let mut expected: Vec<u32> = (1..1u32 << n)
                .filter(|&set| {
                    stable(&adj, set)
                        && (0..n).all(|v| set >> v & 1 == 1 || !stable(&adj, set | 1 << v))
                })
                .collect();
            expected.sort_unstable();
            let comp = Complement::new(&adj);
            let mut listed: Vec<u32> = all_maximal(&comp, usize::MAX, u64::MAX, None)
                .unwrap()
                .iter()
                .map(|bits| bits[0] as u32)
                .collect();
            listed.sort_unstable();
            assert_eq!(listed, expected, "density {density}");
            assert!(expected.len() > 3);
            assert_eq!(all_maximal(&comp, expected.len() - 1, u64::MAX, None), None);
            assert_eq!(all_maximal(&comp, usize::MAX, 1, None), None);
        }
    }

    #[test]
    fn every_largest_stable_set_is_listed() {
        let mut state = 0xabc_u64;
        for round in 0..40 {
            let n = 2 + round % 11;
            let adj = random_graph(n, &mut state, 6);
            let alpha = largest(&adj, u64::MAX, None).unwrap().len();
            let brute = (0u32..1 << n)
                .filter(|&set| set.count_ones() as usize == alpha && stable(&adj, set))
                .count();
            let listed = all_largest(&Complement::new(&adj), alpha, 10_000, None).unwrap();
            assert_eq!(listed.len(), brute, "round {round}");
        }
    }
}
