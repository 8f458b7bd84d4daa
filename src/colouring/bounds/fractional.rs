//! The fractional chromatic number χ_f, by column generation: a lower bound
//! on χ that is often far above the largest clique (a random graph's).
//!
//! The LP, in its dual form: give each vertex a weight y ≥ 0, no stable set
//! weighing more than 1, and maximise the total. Any colouring with k colours
//! splits the vertices into k stable sets, each of weight at most 1, so
//! χ ≥ Σ y. The LP (microlp, a dual simplex that re-solves from where it was
//! when a row is added) starts with the stable sets of a colouring and gets,
//! round after round, a stable set heavier than 1 under its current weights
//! (greedily, then by the exact search of [`super::stable::heaviest`]) until
//! none is left: then Σ y is χ_f.
//!
//! **Soundness under floating point.** The LP's numbers are not trusted.
//! Each round's weights are scaled and rounded down to integers w; the exact
//! integer search finds W, the weight of the heaviest stable set under w; and
//! the bound is ⌈Σ w / W⌉, computed in integers: every colour class weighs at
//! most W, so no colouring has fewer than Σ w / W classes, whatever the LP got
//! wrong. Rounding down costs at most n / 2²⁴ of the bound.

use std::time::{Duration, Instant};

use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOutcome};

use super::stable::{Complement, heaviest};

/// The integer scale of the certificate's weights.
const SCALE: f64 = (1u64 << 24) as f64;

/// A stable set lighter than this many times the scale (1 + 10⁻⁹) counts
/// as within the LP's tolerance: the LP is done.
const DONE: f64 = 1.0 + 1e-9;

/// Rounds of column generation at most (each adds a few rows).
const ROUNDS: usize = 5_000;

/// Entries (vertices of stable sets) in the LP's rows at most: each round
/// adds a row per heavy set found, up to one per vertex, and the simplex
/// keeps every row, so a big graph's LP would otherwise grow without bound
/// before its deadline. Past it the bound reached so far stands.
const MAX_ENTRIES: usize = 4_000_000;

/// The fractional bound reached: the certificate's ratio and its ceiling.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fractional {
    /// Σ w / W of the best certificate: a proven lower bound on χ_f.
    pub value: f64,
    /// ⌈Σ w / W⌉: a proven lower bound on χ.
    pub bound: usize,
    /// Whether the LP reached its optimum (then `value` is χ_f, up to the
    /// rounding of the weights).
    pub optimal: bool,
}

/// The fractional bound of the graph whose complement is `comp`, starting
/// from the stable sets `start` (they must cover every vertex: a
/// colouring's classes do); `None` when `deadline` came before any
/// certificate.
pub(crate) fn fractional(
    comp: &Complement,
    start: &[Vec<u32>],
    deadline: Option<Instant>,
) -> Option<Fractional> {
    let n = comp.len();
    let mut entries: usize = start.iter().map(Vec::len).sum();
    let mut problem = Problem::new(OptimizationDirection::Maximize);
    let y: Vec<microlp::Variable> = (0..n)
        .map(|_| problem.add_var(1.0, (0.0, f64::INFINITY)))
        .collect();
    for set in start {
        let row: Vec<(microlp::Variable, f64)> =
            set.iter().map(|&v| (y[v as usize], 1.0)).collect();
        problem.add_constraint(row.as_slice(), ComparisonOp::Le, 1.0);
    }
    if let Some(d) = deadline {
        problem.set_time_limit(
            d.checked_duration_since(Instant::now())
                .unwrap_or(Duration::ZERO),
        );
    }
    let mut solution = match problem.solve().ok()? {
        SolveOutcome::Solution(solution) => solution,
        SolveOutcome::Interrupted(_) => return None,
    };
    let mut best: Option<Fractional> = None;
    for _ in 0..ROUNDS {
        // Clamped to [0, 1] (a feasible y is, each vertex being in a row):
        // any weights certify, and these keep the integer sums far from overflow.
        let weights: Vec<f64> = y
            .iter()
            .map(|&v| solution.var_value(v).clamp(0.0, 1.0))
            .collect();
        let scaled = scaled(&weights);
        // Cheap first: stable sets grown greedily from each vertex.
        let mut heavy = greedy_heavy(comp, &weights);
        let mut optimal = false;
        if heavy.is_empty() {
            let Some((top, set)) = heaviest(comp, &scaled, u64::MAX, deadline) else {
                break;
            };
            let certificate = certify(&scaled, top);
            if best.is_none_or(|b| certificate.value > b.value) {
                best = Some(certificate);
            }
            if (top as f64) <= SCALE * DONE {
                optimal = true;
            } else {
                heavy.push(set);
            }
        }
        if optimal {
            if let Some(b) = best.as_mut() {
                b.optimal = true;
            }
            break;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        entries += heavy.iter().map(Vec::len).sum::<usize>();
        if entries > MAX_ENTRIES {
            break;
        }
        for set in heavy {
            let row: Vec<(microlp::Variable, f64)> =
                set.iter().map(|&v| (y[v as usize], 1.0)).collect();
            solution = match solution.add_constraint(row.as_slice(), ComparisonOp::Le, 1.0) {
                Ok(SolveOutcome::Solution(next)) => next,
                _ => return best,
            };
        }
    }
    best
}

/// `weights` (each in [0, 1]) scaled and rounded down to the certificate's integers.
pub(crate) fn scaled(weights: &[f64]) -> Vec<u64> {
    weights
        .iter()
        .map(|&w| (w * SCALE).floor() as u64)
        .collect()
}

/// The bound of integer weights `scaled` whose heaviest stable set weighs `top`.
pub(crate) fn certify(scaled: &[u64], top: u64) -> Fractional {
    let total: u64 = scaled.iter().sum();
    let top = top.max(1);
    Fractional {
        value: total as f64 / top as f64,
        bound: total.div_ceil(top) as usize,
        optimal: false,
    }
}

/// Stable sets heavier than 1 under `weights`, grown greedily from each
/// vertex (heaviest neighbours-to-be first), without repeats.
fn greedy_heavy(comp: &Complement, weights: &[f64]) -> Vec<Vec<u32>> {
    let n = comp.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| weights[b].total_cmp(&weights[a]));
    let mut found: Vec<Vec<u32>> = Vec::new();
    for &seed in order.iter().take(n.min(64)) {
        let mut set = vec![seed as u32];
        let mut weight = weights[seed];
        for &v in &order {
            if v != seed && weights[v] > 0.0 && set.iter().all(|&u| comp.apart(v, u as usize)) {
                set.push(v as u32);
                weight += weights[v];
            }
        }
        set.sort_unstable();
        if weight > DONE + 1e-6 && !found.contains(&set) {
            found.push(set);
            if found.len() == 8 {
                break;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colouring::Adjacency;

    #[test]
    fn the_five_cycle_is_two_and_a_half() {
        let c5 = Adjacency::from_edges(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]);
        let comp = Complement::new(&c5);
        let classes = [vec![0, 2], vec![1, 3], vec![4]];
        let bound = fractional(&comp, &classes, None).unwrap();
        assert!(bound.optimal);
        assert!((bound.value - 2.5).abs() < 1e-4, "{bound:?}");
        assert_eq!(bound.bound, 3);
    }

    #[test]
    fn a_clique_is_its_size() {
        let mut edges = Vec::new();
        for a in 0..6 {
            for b in a + 1..6 {
                edges.push((a, b));
            }
        }
        let k6 = Adjacency::from_edges(6, &edges);
        let classes: Vec<Vec<u32>> = (0..6).map(|v| vec![v]).collect();
        let bound = fractional(&Complement::new(&k6), &classes, None).unwrap();
        assert_eq!(bound.bound, 6);
    }
}
