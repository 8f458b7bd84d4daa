//! Renban: the cells hold a run of consecutive values, in any order. Each run
//! the cells could hold is a window of colours; a window stays possible while
//! every cell has a candidate in it and every colour of it a cell that may take
//! it, and each cell keeps the candidates of the possible windows. (That the
//! cells differ is left to the graph: they are neighbours in the solver's shape.)

use super::Propagator;
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
}

#[cfg(test)]
mod tests {
    use super::super::colours_of;
    use super::*;

    fn list(mask: u128) -> Vec<usize> {
        colours_of(mask).collect()
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
