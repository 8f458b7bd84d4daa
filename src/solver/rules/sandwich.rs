//! Sandwich: the values strictly between the line's one smallest and one
//! largest value sum to the clue. Over every placement of the two extremes
//! (cell `i` the smallest, `j` the largest), a placement stays while every
//! other cell can hold a middle value and the cells between can make the sum
//! (bounds); each cell keeps what some placement gives it.

use std::sync::Arc;

use super::{Propagator, colours_of, narrow};
use crate::solver::search::Contradiction;

/// A sandwich clue on a row or column.
#[derive(Debug)]
pub(crate) struct Sandwich {
    cells: Vec<u32>,
    total: i64,
    values: Arc<[i64]>,
    /// Colours of the smallest value, of the largest, of the values between.
    low: u128,
    high: u128,
    middle: u128,
}

impl Sandwich {
    pub(crate) fn new(cells: &[usize], total: i64, values: Arc<[i64]>) -> Self {
        let lo = values.iter().copied().min().unwrap_or(0);
        let hi = values.iter().copied().max().unwrap_or(0);
        let mask = |keep: &dyn Fn(i64) -> bool| {
            (values.iter().enumerate())
                .filter(|&(_, &v)| keep(v))
                .fold(0u128, |m, (c, _)| m | 1 << c)
        };
        let (low, high, middle) = (
            mask(&|v| v == lo),
            mask(&|v| v == hi),
            mask(&|v| v != lo && v != hi),
        );
        Sandwich {
            cells: cells.iter().map(|&c| c as u32).collect(),
            total,
            values,
            low,
            high,
            middle,
        }
    }

    /// The least and greatest middle value a domain allows.
    fn range(&self, domain: u128) -> Option<(i64, i64)> {
        colours_of(domain & self.middle)
            .map(|c| self.values[c])
            .fold(None, |r, v| match r {
                None => Some((v, v)),
                Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
            })
    }
}

impl Propagator for Sandwich {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        if domains.contains(&0) {
            return Err(Contradiction);
        }
        let n = domains.len();
        let ranges: Vec<Option<(i64, i64)>> = domains.iter().map(|&d| self.range(d)).collect();
        let without_middle = ranges.iter().filter(|r| r.is_none()).count();
        let mut keep = vec![0u128; n];
        for i in (0..n).filter(|&i| domains[i] & self.low != 0) {
            for j in (0..n).filter(|&j| j != i && domains[j] & self.high != 0) {
                // Every other cell holds a middle value.
                let placed = ranges[i].is_none() as usize + ranges[j].is_none() as usize;
                if without_middle > placed {
                    continue;
                }
                let (a, b) = (i.min(j), i.max(j));
                let (lo, hi) = (a + 1..b)
                    .filter_map(|k| ranges[k])
                    .fold((0, 0), |(lo, hi), r| (lo + r.0, hi + r.1));
                if lo > self.total || hi < self.total {
                    continue;
                }
                keep[i] |= domains[i] & self.low;
                keep[j] |= domains[j] & self.high;
                for k in (0..n).filter(|&k| k != i && k != j) {
                    let inside = domains[k] & self.middle;
                    keep[k] |= match (a..b).contains(&k) {
                        false => inside,
                        true => {
                            let (own_lo, own_hi) = ranges[k].expect("checked above");
                            let (rest_lo, rest_hi) = (lo - own_lo, hi - own_hi);
                            colours_of(inside)
                                .filter(|&c| {
                                    let v = self.values[c];
                                    rest_lo + v <= self.total && rest_hi + v >= self.total
                                })
                                .fold(0u128, |m, c| m | 1 << c)
                        }
                    };
                }
            }
        }
        narrow(domains, &keep)
    }

    fn symmetric(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_sandwich_puts_the_extremes_side_by_side() {
        let values: Arc<[i64]> = (1..=4).collect::<Vec<i64>>().into();
        let sandwich = Sandwich::new(&[0, 1, 2, 3], 0, values);
        // 1 in the first cell: 4 must be the second.
        let all = 0b1111;
        let mut d = [0b0001, all, all, all];
        sandwich.propagate(&mut d).unwrap();
        assert_eq!(d, [0b0001, 0b1000, 0b0110, 0b0110]);
        // 1 and 4 two apart: no zero sandwich.
        let mut far = [0b0001, 0b0110, 0b1000, 0b0110];
        assert!(sandwich.propagate(&mut far).is_err());
    }
}
