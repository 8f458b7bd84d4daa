//! A linear sum Σ wᵢ·vᵢ = total over cells: killer cages, sum cages, arrows
//! and the generic `Sum`.
//!
//! Three levels, cheapest first: bounds (a value stays while the other cells'
//! least and greatest contributions can make up the rest); for cells that
//! must differ with unit weights, the combination table (the sets of distinct
//! colours that make the total, e.g. {6, 8, 9} and {7, 7+…} for 23 in three
//! cells, kept while every cell can take one of them and every colour of them
//! has a cell); and, when the cells' candidates are few, an exact enumeration
//! that keeps only values with a full solution of the sum.

use std::sync::Arc;

use super::{Propagator, colours_of};
use crate::solver::search::Contradiction;

/// The most combinations a table of distinct colours may hold.
const COMBINATIONS_MAX: usize = 20_000;

/// Exact enumeration runs when the product of the cells' candidate counts is
/// at most this.
const ENUMERATE_MAX: u64 = 4_096;

/// One sum.
#[derive(Debug)]
pub(crate) struct Sum {
    cells: Vec<u32>,
    weights: Vec<i64>,
    total: i64,
    /// The cells must differ (a killer cage).
    distinct: bool,
    values: Arc<[i64]>,
    /// For distinct cells with unit weights: each set of colours that makes
    /// the total, when there are not too many.
    combinations: Option<Vec<u128>>,
}

impl Sum {
    pub(crate) fn new(
        cells: &[usize],
        weights: Vec<i64>,
        total: i64,
        distinct: bool,
        values: Arc<[i64]>,
    ) -> Self {
        let combinations = (distinct && weights.iter().all(|&w| w == 1))
            .then(|| combinations(&values, cells.len(), total))
            .flatten();
        Sum {
            cells: cells.iter().map(|&c| c as u32).collect(),
            weights,
            total,
            distinct,
            values,
            combinations,
        }
    }

    /// The least and greatest of wᵢ·v over the candidates of cell `i`.
    fn range(&self, i: usize, domain: u128) -> (i64, i64) {
        let w = self.weights[i];
        colours_of(domain)
            .map(|c| w * self.values[c])
            .fold((i64::MAX, i64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
    }

    /// Bounds to a fixed point.
    fn bounds(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        // An empty domain has no range (and would overflow the sums below).
        if domains.contains(&0) {
            return Err(Contradiction);
        }
        loop {
            let ranges: Vec<(i64, i64)> = (domains.iter().enumerate())
                .map(|(i, &d)| self.range(i, d))
                .collect();
            let lo: i64 = ranges.iter().map(|r| r.0).sum();
            let hi: i64 = ranges.iter().map(|r| r.1).sum();
            if lo > self.total || hi < self.total {
                return Err(Contradiction);
            }
            let mut changed = false;
            for (i, d) in domains.iter_mut().enumerate() {
                let (rest_lo, rest_hi) = (lo - ranges[i].0, hi - ranges[i].1);
                let w = self.weights[i];
                let kept = colours_of(*d)
                    .filter(|&c| {
                        let x = w * self.values[c];
                        rest_lo + x <= self.total && rest_hi + x >= self.total
                    })
                    .fold(0u128, |m, c| m | 1 << c);
                if kept == 0 {
                    return Err(Contradiction);
                }
                changed |= kept != *d;
                *d = kept;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// The combination table: every cell keeps the colours of the combinations
    /// still possible.
    fn table(&self, combinations: &[u128], domains: &mut [u128]) -> Result<(), Contradiction> {
        let union = domains.iter().fold(0, |u, &d| u | d);
        let keep = combinations
            .iter()
            .filter(|&&set| union & set == set && domains.iter().all(|&d| d & set != 0))
            .fold(0u128, |k, &set| k | set);
        for d in domains.iter_mut() {
            *d &= keep;
            if *d == 0 {
                return Err(Contradiction);
            }
        }
        Ok(())
    }

    /// Exact supports by enumeration: each cell keeps the colours some full
    /// solution of the sum gives it.
    fn enumerate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let n = domains.len();
        // What the cells from `i` on can add, at the least and the most.
        let mut least = vec![0i64; n + 1];
        let mut most = vec![0i64; n + 1];
        for i in (0..n).rev() {
            let (lo, hi) = self.range(i, domains[i]);
            least[i] = least[i + 1] + lo;
            most[i] = most[i + 1] + hi;
        }
        let mut supported = vec![0u128; n];
        let search = Enumeration {
            sum: self,
            domains,
            least: &least,
            most: &most,
        };
        search.walk(0, 0, 0, &mut supported);
        for (d, s) in domains.iter_mut().zip(&supported) {
            *d &= s;
            if *d == 0 {
                return Err(Contradiction);
            }
        }
        Ok(())
    }
}

/// A depth-first walk over the cells' candidates.
struct Enumeration<'a> {
    sum: &'a Sum,
    domains: &'a [u128],
    least: &'a [i64],
    most: &'a [i64],
}

impl Enumeration<'_> {
    /// Whether cells `i..` can complete `partial` to the total with colours
    /// not in `used` (when distinct); marks the colours of every completion.
    fn walk(&self, i: usize, partial: i64, used: u128, supported: &mut [u128]) -> bool {
        let s = self.sum;
        if i == self.domains.len() {
            return partial == s.total;
        }
        let mut any = false;
        let free = match s.distinct {
            true => self.domains[i] & !used,
            false => self.domains[i],
        };
        for c in colours_of(free) {
            let x = partial + s.weights[i] * s.values[c];
            if x + self.least[i + 1] > s.total || x + self.most[i + 1] < s.total {
                continue;
            }
            if self.walk(i + 1, x, used | 1 << c, supported) {
                supported[i] |= 1 << c;
                any = true;
            }
        }
        any
    }
}

/// Every set of `n` distinct colours whose values sum to `total`, or `None`
/// when there are more than [`COMBINATIONS_MAX`].
fn combinations(values: &[i64], n: usize, total: i64) -> Option<Vec<u128>> {
    let mut out = Vec::new();
    let mut sorted: Vec<(i64, usize)> = values.iter().enumerate().map(|(c, &v)| (v, c)).collect();
    sorted.sort_unstable();
    fn walk(
        sorted: &[(i64, usize)],
        from: usize,
        left: usize,
        rest: i64,
        set: u128,
        out: &mut Vec<u128>,
        budget: &mut u64,
    ) -> bool {
        if left == 0 {
            if rest == 0 {
                out.push(set);
            }
            return out.len() <= COMBINATIONS_MAX;
        }
        for i in from..sorted.len() {
            if sorted.len() - i < left {
                break;
            }
            *budget = budget.saturating_sub(1);
            if *budget == 0 {
                return false;
            }
            // The least the remaining picks can add, from here on (sorted).
            let lowest: i64 = sorted[i..i + left].iter().map(|p| p.0).sum();
            if lowest > rest {
                break;
            }
            let (v, c) = sorted[i];
            if !walk(sorted, i + 1, left - 1, rest - v, set | 1 << c, out, budget) {
                return false;
            }
        }
        true
    }
    let mut budget = 2_000_000;
    walk(&sorted, 0, n, total, 0, &mut out, &mut budget).then_some(out)
}

impl Propagator for Sum {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        // A store may hand over a cell it has emptied but not yet noticed.
        if domains.contains(&0) {
            return Err(Contradiction);
        }
        self.bounds(domains)?;
        if let Some(combinations) = &self.combinations {
            self.table(combinations, domains)?;
        }
        let product = domains.iter().try_fold(1u64, |p, d| {
            let p = p * d.count_ones() as u64;
            (p <= ENUMERATE_MAX).then_some(p)
        });
        if product.is_some() {
            self.enumerate(domains)?;
        }
        Ok(())
    }

    fn symmetric(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits() -> Arc<[i64]> {
        (1..=9).collect::<Vec<i64>>().into()
    }

    fn list(mask: u128) -> Vec<i64> {
        colours_of(mask).map(|c| c as i64 + 1).collect()
    }

    #[test]
    fn twenty_three_in_three_cells_needs_a_six_or_more() {
        let cage = Sum::new(&[0, 1, 2], vec![1; 3], 23, true, digits());
        let all = (1u128 << 9) - 1;
        let mut d = [all; 3];
        cage.propagate(&mut d).unwrap();
        // The only three distinct digits that make 23 are 6, 8 and 9.
        assert_eq!(list(d[0]), vec![6, 8, 9]);
        let mut none = [1 << 0, all, all];
        assert!(cage.propagate(&mut none).is_err());
    }

    #[test]
    fn an_arrow_of_two_cells_bounds_its_circle() {
        // circle − a − b = 0
        let arrow = Sum::new(&[0, 1, 2], vec![1, -1, -1], 0, false, digits());
        let all = (1u128 << 9) - 1;
        let mut d = [all, all, all];
        arrow.propagate(&mut d).unwrap();
        assert_eq!(list(d[0]), vec![2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(list(d[1]), vec![1, 2, 3, 4, 5, 6, 7, 8]);
        let mut d = [1 << 2, all, all]; // circle 3: 1+2 or 2+1
        arrow.propagate(&mut d).unwrap();
        assert_eq!(list(d[1]), vec![1, 2]);
    }
}
