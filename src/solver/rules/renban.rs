//! Renban: the cells hold a run of consecutive values, in any order. Each run
//! the cells could hold is a window of colours; a window stays possible while
//! every cell has a candidate in it and every colour of it a cell that may take
//! it, and each cell keeps the candidates of the possible windows. (That the
//! cells differ is left to the graph: they are neighbours in the solver's shape.)

use super::{Propagator, WAYS_CELLS_MAX as CELLS_MAX, support_by_ways};
use crate::solver::search::Contradiction;

/// A renban line.
#[derive(Debug)]
pub(crate) struct Renban {
    cells: Vec<u32>,
    /// The colours of each run of `cells.len()` consecutive values, and
    /// whether it has as many colours as cells (then each is used).
    windows: Vec<(u128, bool)>,
}

impl Renban {
    pub(crate) fn new(cells: &[usize], values: &[i64]) -> Self {
        let n = cells.len() as i64;
        let mut starts: Vec<i64> = values.to_vec();
        starts.sort_unstable();
        starts.dedup();
        let windows = starts
            .iter()
            .filter_map(|&lo| {
                let inside = |v: i64| (lo..lo + n).contains(&v);
                let all = (lo..lo + n).all(|v| values.contains(&v));
                let mask = (values.iter().enumerate())
                    .filter(|&(_, &v)| inside(v))
                    .fold(0u128, |m, (c, _)| m | 1 << c);
                all.then_some((mask, mask.count_ones() as usize == cells.len()))
            })
            .collect();
        Renban {
            cells: cells.iter().map(|&c| c as u32).collect(),
            windows,
        }
    }
}

impl Renban {
    /// The colours of the windows still possible, and the colours every
    /// one of them uses (none when no window is exact).
    fn windows(&self, domains: &[u128]) -> (u128, u128) {
        let union = domains.iter().fold(0, |u, &d| u | d);
        let (mut keep, mut every) = (0u128, u128::MAX);
        for &(w, exact) in &self.windows {
            // With as many colours as cells, each colour of the window is used.
            if domains.iter().all(|&d| d & w != 0) && (!exact || union & w == w) {
                keep |= w;
                every &= if exact { w } else { 0 };
            }
        }
        (keep, if keep == 0 { 0 } else { every })
    }
}

impl Propagator for Renban {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        self.propagate_requiring(domains).map(|_| ())
    }

    /// The colours every possible window uses.
    fn propagate_requiring(&self, domains: &mut [u128]) -> Result<u128, Contradiction> {
        let (keep, every) = self.windows(domains);
        for d in domains.iter_mut() {
            *d &= keep;
            if *d == 0 {
                return Err(Contradiction);
            }
        }
        super::sum::hidden_singles(domains, every)?;
        Ok(every)
    }

    fn symmetric(&self) -> bool {
        false
    }

    /// Per window of as many colours as cells, the values some order of
    /// the window over the cells gives them (the cells differ, so any cells
    /// apart besides do not narrow more).
    fn exact_ways(&self, domains: &mut [u128], apart: &[u64], nodes: usize) -> Option<bool> {
        let n = domains.len();
        if n > CELLS_MAX || apart.len() != n || self.windows.iter().any(|&(_, exact)| !exact) {
            return None;
        }
        let mut budget = nodes;
        let mut supported = [0u128; CELLS_MAX];
        let mut order = [0usize; CELLS_MAX];
        for &(window, _) in &self.windows {
            let mut doms = [0u128; CELLS_MAX];
            for (d, &all) in doms.iter_mut().zip(domains.iter()) {
                *d = all & window;
            }
            if doms[..n].contains(&0) {
                continue;
            }
            support_by_ways(&doms[..n], &mut supported[..n], |i, c, way| {
                let mut trial = doms;
                trial[i] = c;
                for (k, o) in order[..n].iter_mut().enumerate() {
                    *o = k;
                }
                order[..n].sort_by_key(|&k| trial[k].count_ones());
                arrangement(&trial, &order[..n], 0, way, &mut budget)
            })?;
        }
        if supported[..n].contains(&0) {
            return Some(false);
        }
        domains.copy_from_slice(&supported[..n]);
        Some(true)
    }
}

/// Whether the cells `order` can take distinct colours of their `doms`
/// besides `used`, giving each its own in `value`; `None` when `budget`
/// nodes ran out.
fn arrangement(
    doms: &[u128],
    order: &[usize],
    used: u128,
    value: &mut [u128],
    budget: &mut usize,
) -> Option<bool> {
    let Some((&at, later)) = order.split_first() else {
        return Some(true);
    };
    let mut free = doms[at] & !used;
    while free != 0 {
        let c = free & free.wrapping_neg();
        free &= free - 1;
        *budget = budget.checked_sub(1)?;
        value[at] = c;
        if arrangement(doms, later, used | c, value, budget)? {
            return Some(true);
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::super::sum::tests::{draws, supports};
    use super::super::{colours_of, ways_agree};
    use super::*;

    fn list(mask: u128) -> Vec<usize> {
        colours_of(mask).collect()
    }

    #[test]
    fn the_ways_keep_exactly_the_values_some_run_takes() {
        // Random candidates of three or four cells: the search and a brute
        // force over every assignment of distinct consecutive values agree.
        let values: Vec<i64> = (1..=9).collect();
        let mut next = draws(0x2545_F491_4F6C_DD1D);
        let mut narrowed = 0;
        for _ in 0..2_000 {
            let n = 3 + next(2) as usize;
            let renban = Renban::new(&(0..n).collect::<Vec<_>>(), &values);
            let domains: Vec<u128> = (0..n).map(|_| next(511) as u128 + 1).collect();
            let expected = supports(&domains, |pick| {
                let (lo, hi) = (pick.iter().min().unwrap(), pick.iter().max().unwrap());
                let distinct = (0..n).all(|i| (i + 1..n).all(|j| pick[i] != pick[j]));
                distinct && hi - lo == n - 1
            });
            narrowed += usize::from(ways_agree(&renban, &domains, &vec![0; n], &expected));
        }
        assert!(
            narrowed > 100,
            "the cases narrow something often: {narrowed}"
        );
    }

    #[test]
    fn a_nine_pins_the_run_to_the_top() {
        let values: Vec<i64> = (1..=9).collect();
        let renban = Renban::new(&[0, 1, 2], &values);
        let all = (1u128 << 9) - 1;
        let mut d = [1 << 8, all, all];
        renban.propagate(&mut d).unwrap();
        // 9 is in the run: 7 8 9 only.
        assert_eq!(list(d[1]), vec![6, 7, 8]);
        let mut gap = [1 << 0, 1 << 8, all];
        assert!(renban.propagate(&mut gap).is_err());
    }
}
