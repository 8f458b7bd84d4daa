//! TabuCol local search (Hertz and de Werra 1987, with Galinier and Hao's
//! dynamic tenure): fewer colours than greedy, on graphs of any size.

use std::time::Instant;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use super::Adjacency;

/// When a local search stops, and its random seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TabuLimits {
    /// Stop at this time, wherever the search is.
    pub deadline: Option<Instant>,
    /// Moves at most per number of colours tried.
    pub max_moves: u64,
    /// The seed: the same seed, graph and limits give the same colourings.
    pub seed: u64,
}

impl Default for TabuLimits {
    fn default() -> Self {
        TabuLimits {
            deadline: None,
            max_moves: 10_000_000,
            seed: 1,
        }
    }
}

/// Largest vertices × colours table the search keeps (two 4-byte entries each).
pub const MAX_TABLE: usize = 1 << 27;

/// Looks for a proper colouring of `adj` with `k` colours by TabuCol, starting
/// from `start` (any assignment of colours below `k`).
///
/// Each move recolours a vertex in conflict, choosing the move that removes the
/// most conflicts and is not tabu (undoing a recent move), unless it beats the
/// best so far. A heuristic: `None` proves nothing.
///
/// # Returns
/// A proper colouring with colours below `k`, or `None` when the limits ran out
/// (or the vertices × colours table would exceed [`MAX_TABLE`]).
///
/// # Example
/// ```
/// use graphdoku::colouring::{Adjacency, tabucol, TabuLimits};
/// let c5 = Adjacency::from_edges(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)]);
/// let colours = tabucol(&c5, 3, &[0; 5], TabuLimits::default()).unwrap();
/// assert!(c5.edges().all(|(a, b)| colours[a as usize] != colours[b as usize]));
/// assert!(tabucol(&c5, 2, &[0; 5], TabuLimits { max_moves: 10_000, ..TabuLimits::default() }).is_none());
/// ```
pub fn tabucol(adj: &Adjacency, k: usize, start: &[u32], limits: TabuLimits) -> Option<Vec<u32>> {
    let n = adj.len();
    if n.checked_mul(k)? > MAX_TABLE || k == 0 && n > 0 {
        return None;
    }
    let mut rng =
        ChaCha8Rng::seed_from_u64(limits.seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut colour: Vec<u32> = start.iter().map(|&c| c.min(k as u32 - 1)).collect();
    // gamma[v * k + c]: neighbours of v coloured c.
    let mut gamma = vec![0i32; n * k];
    for v in 0..n {
        for &u in adj.neighbours(v) {
            gamma[v * k + colour[u as usize] as usize] += 1;
        }
    }
    let mut conflicts: i64 = (0..n)
        .map(|v| gamma[v * k + colour[v] as usize] as i64)
        .sum::<i64>()
        / 2;
    let mut tabu = vec![0u64; n * k];
    let mut in_conflict = Conflicted::new(n);
    for v in 0..n {
        if gamma[v * k + colour[v] as usize] > 0 {
            in_conflict.insert(v);
        }
    }
    let mut best = conflicts;
    let mut moves: u64 = 0;
    while conflicts > 0 {
        moves += 1;
        if moves > limits.max_moves {
            return None;
        }
        if moves.is_multiple_of(1024) && limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        // The best move, ties broken at random (reservoir sampling).
        let mut chosen: Option<(usize, u32)> = None;
        let mut chosen_delta = i32::MAX;
        let mut ties = 0u32;
        for &v in &in_conflict.list {
            let v = v as usize;
            let row = &gamma[v * k..(v + 1) * k];
            let own = row[colour[v] as usize];
            for (c, &count) in row.iter().enumerate() {
                if c as u32 == colour[v] {
                    continue;
                }
                let delta = count - own;
                if delta > chosen_delta {
                    continue;
                }
                let aspired = conflicts + (delta as i64) < best;
                if tabu[v * k + c] > moves && !aspired {
                    continue;
                }
                if delta < chosen_delta {
                    chosen_delta = delta;
                    chosen = Some((v, c as u32));
                    ties = 1;
                } else {
                    ties += 1;
                    if rng.next_u32() % ties == 0 {
                        chosen = Some((v, c as u32));
                    }
                }
            }
        }
        let (v, c) = chosen.unwrap_or_else(|| {
            // Every move tabu: a random one.
            let list = &in_conflict.list;
            let v = list[(rng.next_u64() % list.len() as u64) as usize] as usize;
            let c = (colour[v] + 1 + (rng.next_u64() % (k as u64 - 1).max(1)) as u32) % k as u32;
            (v, c)
        });
        let old = colour[v];
        if old == c {
            continue;
        }
        conflicts += (gamma[v * k + c as usize] - gamma[v * k + old as usize]) as i64;
        colour[v] = c;
        for &u in adj.neighbours(v) {
            let u = u as usize;
            gamma[u * k + old as usize] -= 1;
            gamma[u * k + c as usize] += 1;
            if gamma[u * k + colour[u] as usize] > 0 {
                in_conflict.insert(u);
            } else {
                in_conflict.remove(u);
            }
        }
        if gamma[v * k + c as usize] > 0 {
            in_conflict.insert(v);
        } else {
            in_conflict.remove(v);
        }
        // Tenure grows with the conflicts left (Galinier and Hao: L + 0.6 f).
        let tenure = (rng.next_u64() % 10) + (0.6 * in_conflict.list.len() as f64) as u64;
        tabu[v * k + old as usize] = moves + tenure + 1;
        best = best.min(conflicts);
    }
    Some(colour)
}

/// The vertices in conflict, as a list with positions for O(1) updates.
struct Conflicted {
    list: Vec<u32>,
    position: Vec<u32>,
}

impl Conflicted {
    fn new(n: usize) -> Self {
        Conflicted {
            list: Vec::new(),
            position: vec![u32::MAX; n],
        }
    }

    fn insert(&mut self, v: usize) {
        if self.position[v] == u32::MAX {
            self.position[v] = self.list.len() as u32;
            self.list.push(v as u32);
        }
    }

    fn remove(&mut self, v: usize) {
        let at = self.position[v];
        if at != u32::MAX {
            let last = self.list.pop().expect("a listed vertex");
            if last as usize != v {
                self.list[at as usize] = last;
                self.position[last as usize] = at;
            }
            self.position[v] = u32::MAX;
        }
    }
}

/// Colours `adj` with fewer and fewer colours, from a proper `start` colouring
/// down to `floor` colours, by [`tabucol`]: each success drops the highest
/// colour class and spreads its vertices over the others. Calls `improved` with
/// every proper colouring found, and returns the best.
pub fn reduce(
    adj: &Adjacency,
    start: Vec<u32>,
    floor: usize,
    limits: TabuLimits,
    mut improved: impl FnMut(&[u32]),
) -> Vec<u32> {
    let mut best = start;
    loop {
        let k = super::colours_used(&best);
        if k <= floor.max(1) {
            return best;
        }
        let target = k - 1;
        // The vertices of the dropped colour take the colour of fewest conflicts.
        let mut seed = best.clone();
        for v in 0..adj.len() {
            if seed[v] as usize == target {
                let mut counts = vec![0u32; target];
                for &u in adj.neighbours(v) {
                    let c = seed[u as usize] as usize;
                    if c < target {
                        counts[c] += 1;
                    }
                }
                let fewest = (0..target).min_by_key(|&c| counts[c]).unwrap_or(0);
                seed[v] = fewest as u32;
            }
        }
        match tabucol(adj, target, &seed, limits) {
            Some(colouring) => {
                improved(&colouring);
                best = colouring;
            }
            None => return best,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_colouring() {
        // The Petersen graph: 3-chromatic.
        let edges = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (0, 4),
            (0, 5),
            (1, 6),
            (2, 7),
            (3, 8),
            (4, 9),
            (5, 7),
            (7, 9),
            (6, 9),
            (6, 8),
            (5, 8),
        ];
        let petersen = Adjacency::from_edges(10, &edges);
        let run = |seed| {
            tabucol(
                &petersen,
                3,
                &[0; 10],
                TabuLimits {
                    seed,
                    ..TabuLimits::default()
                },
            )
        };
        let first = run(7).unwrap();
        assert_eq!(run(7).unwrap(), first);
        assert!(
            petersen
                .edges()
                .all(|(a, b)| first[a as usize] != first[b as usize])
        );
        let quick = TabuLimits {
            max_moves: 20_000,
            ..TabuLimits::default()
        };
        let reduced = reduce(&petersen, (0..10).collect(), 1, quick, |_| {});
        assert_eq!(crate::colouring::colours_used(&reduced), 3);
    }
}
