//! Exact supports of one sum by a search over its ways: what the logic's
//! exact narrowing of a group asks (`logic/links.rs`), many times a step.
//! The generic search there runs the propagator to its fixed point at each
//! of its nodes; this one only adds values and compares bounds, so a node
//! costs tens of instructions instead of thousands.

use super::Sum;
use crate::solver::rules::{WAYS_CELLS_MAX as CELLS_MAX, colours_of, support_by_ways};

impl Sum {
    /// Narrows `domains` (of the sum's cells, its complement's after them)
    /// to the values some way of the sum takes, with the cells of each
    /// position's mask in `apart` (bits are positions) different from it:
    /// each value is kept only if a way holds it. `Some(false)` when no way
    /// is left; `None` when the search would take more than `nodes` nodes
    /// (nothing is narrowed then).
    pub(super) fn exact_ways(
        &self,
        domains: &mut [u128],
        apart: &[u64],
        nodes: usize,
    ) -> Option<bool> {
        let n = domains.len();
        if n > CELLS_MAX || apart.len() != n || n != self.cells.len() {
            return None;
        }
        if domains.contains(&0) {
            return Some(false);
        }
        let mut search = Search {
            sum: self,
            apart,
            order: [0; CELLS_MAX],
            doms: [0; CELLS_MAX],
            value: [0; CELLS_MAX],
            least: [0; CELLS_MAX + 1],
            most: [0; CELLS_MAX + 1],
            n,
            nodes: 0,
            budget: nodes,
        };
        let mut supported = [0u128; CELLS_MAX];
        support_by_ways(domains, &mut supported[..n], |i, c, way| {
            let found = search.way_with(domains, i, c)?;
            way.copy_from_slice(&search.value[..n]);
            Some(found)
        })?;
        if supported[..n].contains(&0) {
            return Some(false);
        }
        domains.copy_from_slice(&supported[..n]);
        Some(true)
    }
}

/// One search for a way of a sum with a given cell's value: the cells in
/// order of fewest candidates (the decided ones first), each given a value
/// none of its `apart` cells before it holds, while the sum can still reach
/// its total from the bounds of the cells after it.
struct Search<'a> {
    sum: &'a Sum,
    apart: &'a [u64],
    /// The positions, in the order they are given values.
    order: [usize; CELLS_MAX],
    /// The candidates of each position for this search.
    doms: [u128; CELLS_MAX],
    /// The value (a bit) each position holds, once given one.
    value: [u128; CELLS_MAX],
    /// What the sum's cells from `order[k]` on add at the least and most.
    least: [i64; CELLS_MAX + 1],
    most: [i64; CELLS_MAX + 1],
    n: usize,
    nodes: usize,
    budget: usize,
}

impl Search<'_> {
    /// Whether a way gives cell `i` the colour `c` (a bit); then `value`
    /// holds it. `None` when the nodes ran out.
    fn way_with(&mut self, domains: &[u128], i: usize, c: u128) -> Option<bool> {
        let n = self.n;
        self.doms[..n].copy_from_slice(domains);
        self.doms[i] = c;
        for (k, o) in self.order[..n].iter_mut().enumerate() {
            *o = k;
        }
        let doms = &self.doms;
        self.order[..n].sort_by_key(|&k| doms[k].count_ones());
        let sum = self.sum;
        for k in (0..n).rev() {
            let at = self.order[k];
            let (lo, hi) = match at < sum.size {
                true => sum.range(at, self.doms[at]),
                false => (0, 0),
            };
            self.least[k] = self.least[k + 1] + lo;
            self.most[k] = self.most[k + 1] + hi;
        }
        self.walk(0, 0, 0, 0)
    }

    /// Gives values to the positions `order[k..]`, the sum's cells before
    /// them adding `partial` with the colours `used`, the positions of
    /// `given` holding theirs.
    fn walk(&mut self, k: usize, partial: i64, used: u128, given: u64) -> Option<bool> {
        let sum = self.sum;
        if k == self.n {
            return Some(partial == sum.total && self.fills_house());
        }
        let at = self.order[k];
        let mut taken = 0u128;
        let mut near = self.apart[at] & given;
        while near != 0 {
            taken |= self.value[near.trailing_zeros() as usize];
            near &= near - 1;
        }
        let own = at < sum.size;
        if sum.distinct && own {
            // A cage's cells differ whether or not the graph says so.
            taken |= used;
        }
        for c in colours_of(self.doms[at] & !taken) {
            self.nodes += 1;
            if self.nodes > self.budget {
                return None;
            }
            let (x, now) = match own {
                true => (partial + sum.weights[at] * sum.values[c], used | 1 << c),
                false => (partial, used),
            };
            if x + self.least[k + 1] > sum.total || x + self.most[k + 1] < sum.total {
                continue;
            }
            self.value[at] = 1 << c;
            if self.walk(k + 1, x, now, given | 1 << at)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether the sum's cells and its complement hold every colour of its
    /// house between them (true without a complement).
    fn fills_house(&self) -> bool {
        let sum = self.sum;
        sum.house == 0 || self.value[..self.n].iter().fold(0, |u, &v| u | v) == sum.house
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::rules::sum::tests::{adds_up, digits, draws, supports};
    use crate::solver::rules::ways_agree;

    #[test]
    fn the_ways_keep_exactly_the_values_some_assignment_takes() {
        // Random sums, some with repeats, weights and cells apart, some
        // cages with the rest of their house: the search and a brute force
        // over every assignment keep the same values.
        let mut next = draws(0x5EED_CAFE);
        let mut narrowed = 0;
        for round in 0..3_000 {
            let cage = round % 3 == 0;
            let n = 2 + next(3) as usize;
            let m = if cage { 9 } else { n };
            let weights: Vec<i64> = match cage {
                true => vec![1; n],
                false => (0..n).map(|_| [1, 1, -1, 2][next(4) as usize]).collect(),
            };
            let mut total = match cage {
                true => 3 + next(30) as i64,
                false => next(24) as i64 - 4,
            };
            // A cage's house: a shuffled 1..9 with a few more candidates
            // (3^9 assignments at most), the cage often making its total.
            let domains: Vec<u128> = match cage {
                true => {
                    let mut perm: Vec<usize> = (0..9).collect();
                    for i in (1..9).rev() {
                        perm.swap(i, next(i as u64 + 1) as usize);
                    }
                    if next(2) == 0 {
                        total = perm[..n].iter().map(|&c| c as i64 + 1).sum();
                    }
                    (perm.iter())
                        .map(|&c| 1 << c | 1 << next(9) | 1 << next(9))
                        .collect()
                }
                false => (0..m).map(|_| next(511) as u128 + 1).collect(),
            };
            let cells: Vec<usize> = (0..n).collect();
            let sum = Sum::new(&cells, weights.clone(), total, cage, digits());
            let sum = match cage {
                true => sum.with_complement(&(n..9).collect::<Vec<_>>(), 0x1FF),
                false => sum,
            };
            assert_eq!(sum.cells.len(), m);
            // Cages: every cell of the house apart; otherwise a random few.
            let pairs: Vec<(usize, usize)> = (0..m)
                .flat_map(|i| (i + 1..m).map(move |j| (i, j)))
                .filter(|_| cage || next(3) == 0)
                .collect();
            let mut apart = vec![0u64; m];
            for &(i, j) in &pairs {
                apart[i] |= 1 << j;
                apart[j] |= 1 << i;
            }
            let expected = supports(&domains, |pick| {
                adds_up(&pick[..n], &weights, total)
                    && pairs.iter().all(|&(i, j)| pick[i] != pick[j])
            });
            narrowed += usize::from(ways_agree(&sum, &domains, &apart, &expected));
        }
        assert!(
            narrowed > 300,
            "the cases narrow something often: {narrowed}"
        );
    }

    #[test]
    fn a_search_out_of_nodes_narrows_nothing() {
        let sum = Sum::new(&[0, 1, 2, 3], vec![1; 4], 20, true, digits());
        let mut domains = vec![0x1FFu128; 4];
        assert_eq!(
            sum.exact_ways(&mut domains, &[0b1110, 0b1101, 0b1011, 0b0111], 3),
            None
        );
        assert_eq!(domains, vec![0x1FF; 4]);
    }
}
