//! Colourings of a dense graph as covers by its maximal stable sets, settled
//! by branch and bound with the fractional bound at every node.
//!
//! A k-colouring's classes, each grown to a maximal stable set, cover the
//! vertices with k sets; a cover by k sets is a k-colouring (each vertex takes
//! one of its sets). A dense graph has few maximal stable sets (DSJC125.9 has
//! 524), so they are listed once. The search takes the uncovered vertex with
//! the fewest candidate sets and tries each: the vertex's class lies in it,
//! and its vertices leave the problem.
//!
//! **The bound at each node** is the LP relaxation's dual: a weight per vertex
//! left, no set weighing more than 1; the sets still needed are at least the
//! total. A child's LP is its parent's with the covered vertices' weights
//! fixed to 0, re-solved from where the parent's ended (microlp). The LP's
//! floats are not trusted: as in `bounds::fractional`, the weights are rounded
//! down to integers w and the bound is ⌈Σ w / W⌉, W the heaviest listed set
//! under w, computed exactly.
//!
//! **No branch is searched twice.** Once a set has been tried for a vertex, a
//! later sibling's subtree uses no set of that vertex lying within it: a
//! cover there with such a class would, the vertex moved into that class, be
//! a cover of the same size the earlier branch already ruled out.

use std::time::Instant;

use microlp::{ComparisonOp, OptimizationDirection, Problem, Solution, SolveOutcome, Variable};

use super::bounds::fractional::{certify, scaled};
use super::bounds::stable::{self, Bits, Complement, ones};
use super::{Adjacency, Clock, Decision};
use crate::graph::PlainGraph;
use crate::solver::Budget;

/// Maximal stable sets listed at most: past this many, each node's work
/// (every set restricted to the vertices left) costs more than SAT's.
const MAX_SETS: usize = 5_000;

/// Nodes of the listing at most (a few per set on a dense graph).
const LISTING_NODES: u64 = 100_000;

/// Largest graph tried: past it, a graph with so few maximal stable sets
/// would be nearly complete, and listing a sparse one costs n² bits a node.
const MAX_VERTICES: usize = 500;

/// The maximal stable sets of a graph, ready for any number of colours.
pub(crate) struct Covers {
    sets: Vec<Bits>,
    vertices: usize,
    /// The root LP: every listed set a row.
    root: Option<(Solution, Vec<Variable>)>,
}

impl Covers {
    /// Lists the maximal stable sets of `graph` and solves the root LP;
    /// `None` for a precoloured or list-coloured graph, one too big, one
    /// with too many maximal stable sets, or when `budget` ran out first.
    pub fn new(graph: &PlainGraph, budget: Budget) -> Option<Covers> {
        let n = graph.len();
        if graph.is_constrained() || n == 0 || n > MAX_VERTICES {
            return None;
        }
        let clock = Clock::new(budget);
        let comp = Complement::new(&Adjacency::from_plain(graph));
        let sets = stable::all_maximal(&comp, MAX_SETS, LISTING_NODES, clock.deadline)?;
        let mut problem = Problem::new(OptimizationDirection::Maximize);
        let vars: Vec<Variable> = (0..n)
            .map(|_| problem.add_var(1.0, (0.0, f64::INFINITY)))
            .collect();
        for set in &sets {
            let row: Vec<(Variable, f64)> = ones(set).map(|v| (vars[v], 1.0)).collect();
            problem.add_constraint(row.as_slice(), ComparisonOp::Le, 1.0);
        }
        if let Some(d) = clock.deadline {
            problem.set_time_limit(d.saturating_duration_since(Instant::now()));
        }
        let root = match problem.solve() {
            Ok(SolveOutcome::Solution(solution)) => Some((solution, vars)),
            _ => None,
        };
        Some(Covers {
            sets,
            vertices: n,
            root,
        })
    }

    /// A colouring with at most `k` colours (colours from 0, not yet
    /// checked), or the proof there is none, within `budget`.
    pub fn colour(&self, k: usize, budget: Budget) -> Decision {
        let words = self.vertices.div_ceil(64);
        let mut all: Bits = vec![0; words];
        for v in 0..self.vertices {
            all[v / 64] |= 1 << (v % 64);
        }
        let mut tree = Tree {
            covers: self,
            clock: Clock::new(budget),
            forbidden: vec![false; self.sets.len()],
            classes: Vec::new(),
            nodes: 0,
        };
        let lp = self.root.as_ref().map(|(solution, _)| solution.clone());
        match tree.search(&all, k, lp) {
            Some(true) => {
                let mut colouring = vec![u32::MAX; self.vertices];
                for (colour, class) in tree.classes.iter().enumerate() {
                    for v in ones(class) {
                        colouring[v] = colour as u32;
                    }
                }
                Decision::Coloured(colouring)
            }
            Some(false) => Decision::Impossible,
            None => Decision::GaveUp,
        }
    }
}

/// The search for one number of colours.
struct Tree<'a> {
    covers: &'a Covers,
    clock: Clock,
    /// Sets this subtree may not use (see the module's last paragraph).
    forbidden: Vec<bool>,
    /// The classes chosen on the path from the root.
    classes: Vec<Bits>,
    nodes: u64,
}

impl Tree<'_> {
    /// Whether `left` is covered by `k` sets at most (`classes` then ends
    /// with them); `None` once the budget ran out. `lp` is this node's LP.
    fn search(&mut self, left: &Bits, k: usize, lp: Option<Solution>) -> Option<bool> {
        if left.iter().all(|&w| w == 0) {
            return Some(true);
        }
        if k == 0 {
            return Some(false);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(16) && self.clock.over() {
            return None;
        }
        let weights = self.weights(left, lp.as_ref());
        if self.bound(&weights) > k {
            return Some(false);
        }
        let candidates = self.candidates(left, &weights);
        let Some((vertex, mut branches)) = candidates else {
            // A vertex no allowed set covers.
            return Some(false);
        };
        branches.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut banned = Vec::new();
        for (_, class) in branches {
            let rest: Bits = left.iter().zip(&class).map(|(a, b)| a & !b).collect();
            let child = lp.clone().and_then(|lp| self.fixed(lp, &class));
            self.classes.push(class);
            match self.search(&rest, k - 1, child) {
                Some(false) => {}
                // Found (`classes` holds the cover), or stopped: the tree is done.
                done => return done,
            }
            let class = self.classes.pop().expect("pushed above");
            // Later siblings use no set of `vertex` within this class.
            for (i, set) in self.covers.sets.iter().enumerate() {
                if !self.forbidden[i]
                    && set[vertex / 64] >> (vertex % 64) & 1 == 1
                    && set
                        .iter()
                        .zip(left)
                        .zip(&class)
                        .all(|((s, l), c)| s & l & !c == 0)
                {
                    self.forbidden[i] = true;
                    banned.push(i);
                }
            }
        }
        for i in banned {
            self.forbidden[i] = false;
        }
        Some(false)
    }

    /// The LP's vertex weights, clamped to [0, 1] (a feasible dual is), and
    /// 0 for vertices already covered.
    fn weights(&self, left: &Bits, lp: Option<&Solution>) -> Vec<f64> {
        let mut weights = vec![0.0; self.covers.vertices];
        if let (Some(lp), Some((_, vars))) = (lp, &self.covers.root) {
            for v in ones(left) {
                weights[v] = lp.var_value(vars[v]).clamp(0.0, 1.0);
            }
        }
        weights
    }

    /// The certified bound on the sets still needed: ⌈Σ w / W⌉ over the
    /// weights rounded down to integers (every stable set of the vertices
    /// left lies in a listed set).
    fn bound(&self, weights: &[f64]) -> usize {
        let scaled = scaled(weights);
        let top = (self.covers.sets.iter())
            .map(|set| ones(set).map(|v| scaled[v]).sum::<u64>())
            .max()
            .unwrap_or(0);
        certify(&scaled, top).bound
    }

    /// The vertex to branch on (the one in fewest candidate classes) with its
    /// candidates, each with its weight: the allowed sets restricted to the
    /// vertices left, none within another; `None` when some vertex has none.
    fn candidates(&self, left: &Bits, weights: &[f64]) -> Option<(usize, Vec<(f64, Bits)>)> {
        let mut classes: Vec<Bits> = self
            .covers
            .sets
            .iter()
            .zip(&self.forbidden)
            .filter(|&(_, &banned)| !banned)
            .map(|(set, _)| set.iter().zip(left).map(|(s, l)| s & l).collect::<Bits>())
            .filter(|class: &Bits| class.iter().any(|&w| w != 0))
            .collect();
        classes.sort_unstable_by_key(|class| {
            std::cmp::Reverse(class.iter().map(|w| w.count_ones()).sum::<u32>())
        });
        let mut kept: Vec<Bits> = Vec::new();
        for class in classes {
            let within = |other: &Bits| class.iter().zip(other).all(|(c, o)| c & !o == 0);
            if !kept.iter().any(within) {
                kept.push(class);
            }
        }
        let mut holding = vec![0usize; self.covers.vertices];
        for class in &kept {
            for v in ones(class) {
                holding[v] += 1;
            }
        }
        let vertex = ones(left).min_by_key(|&v| holding[v])?;
        if holding[vertex] == 0 {
            return None;
        }
        let branches = kept
            .into_iter()
            .filter(|class| class[vertex / 64] >> (vertex % 64) & 1 == 1)
            .map(|class| (ones(&class).map(|v| weights[v]).sum(), class))
            .collect();
        Some((vertex, branches))
    }

    /// `lp` with the weights of `class`'s vertices fixed to 0: the LP of the
    /// vertices left once `class` is a colour.
    fn fixed(&self, mut lp: Solution, class: &Bits) -> Option<Solution> {
        let (_, vars) = self.covers.root.as_ref()?;
        for v in ones(class) {
            lp = match lp.fix_var(vars[v], 0.0) {
                Ok(SolveOutcome::Solution(next)) => next,
                _ => return None,
            };
        }
        Some(lp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colouring::{self, mycielski, queen, random};

    fn decide(graph: &PlainGraph, k: usize) -> Decision {
        Covers::new(graph, Budget::unlimited())
            .expect("few maximal stable sets")
            .colour(k, Budget::unlimited())
    }

    #[test]
    fn known_chromatic_numbers_are_met_and_not_beaten() {
        // (graph, χ): a Mycielski graph (no triangle), queens.
        for (graph, chi) in [(mycielski(4), 5), (queen(5), 5), (queen(6), 7)] {
            let Decision::Coloured(colouring) = decide(&graph, chi) else {
                panic!("{chi} colours should do");
            };
            graph.check(&colouring).unwrap();
            assert!(colouring::colours_used(&colouring) <= chi);
            assert_eq!(decide(&graph, chi - 1), Decision::Impossible, "χ = {chi}");
        }
    }

    #[test]
    fn random_graphs_agree_with_the_exact_search() {
        let mut decided = 0;
        for seed in 0..40 {
            let graph = random(18, [0.5, 0.7, 0.9][seed as usize % 3], seed);
            // χ by the exact search: the smallest k it colours with.
            let chi = (1..=18)
                .find(|&k| {
                    matches!(
                        colouring::k_colourable(&graph, k, &[], Budget::unlimited())
                            .unwrap()
                            .0,
                        Decision::Coloured(_)
                    )
                })
                .unwrap();
            let Some(covers) = Covers::new(&graph, Budget::unlimited()) else {
                continue;
            };
            let Decision::Coloured(colouring) = covers.colour(chi, Budget::unlimited()) else {
                panic!("seed {seed}: χ = {chi} colours should do");
            };
            graph.check(&colouring).unwrap();
            assert!(colouring::colours_used(&colouring) <= chi);
            let fewer = covers.colour(chi - 1, Budget::unlimited());
            assert_eq!(fewer, Decision::Impossible, "seed {seed}, χ = {chi}");
            decided += 1;
        }
        assert_eq!(decided, 40);
    }
}
