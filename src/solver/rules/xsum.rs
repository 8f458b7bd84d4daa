//! X-sum: the first X cells from the clue sum to it, X the first cell's
//! value. For each value X of the first cell, the next X − 1 cells must make
//! up the rest (bounds); the first cell keeps the X that can, the others what
//! some such X allows (anything, past the X-th cell).

use std::sync::Arc;

use super::{Propagator, colours_of, narrow};
use crate::solver::search::Contradiction;

/// An X-sum clue on a row or column.
#[derive(Debug)]
pub(crate) struct XSum {
    cells: Vec<u32>,
    total: i64,
    values: Arc<[i64]>,
}

impl XSum {
    pub(crate) fn new(cells: &[usize], total: i64, values: Arc<[i64]>) -> Self {
        XSum {
            cells: cells.iter().map(|&c| c as u32).collect(),
            total,
            values,
        }
    }

    fn range(&self, domain: u128) -> (i64, i64) {
        colours_of(domain)
            .map(|c| self.values[c])
            .fold((i64::MAX, i64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
    }
}

impl Propagator for XSum {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        if domains.contains(&0) {
            return Err(Contradiction);
        }
        let n = domains.len();
        let ranges: Vec<(i64, i64)> = domains.iter().map(|&d| self.range(d)).collect();
        let mut keep = vec![0u128; n];
        for c in colours_of(domains[0]) {
            let x = self.values[c];
            if x < 1 || x > n as i64 {
                continue;
            }
            let x = x as usize;
            let rest = self.total - x as i64;
            let (lo, hi) = ranges[1..x]
                .iter()
                .fold((0, 0), |(lo, hi), r| (lo + r.0, hi + r.1));
            if lo > rest || hi < rest {
                continue;
            }
            keep[0] |= 1 << c;
            for k in 1..n {
                keep[k] |= match k < x {
                    false => domains[k],
                    true => {
                        let (rest_lo, rest_hi) = (lo - ranges[k].0, hi - ranges[k].1);
                        colours_of(domains[k])
                            .filter(|&c| {
                                let v = self.values[c];
                                rest_lo + v <= rest && rest_hi + v >= rest
                            })
                            .fold(0u128, |m, c| m | 1 << c)
                    }
                };
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
    fn the_first_digit_says_how_many_to_add() {
        let values: Arc<[i64]> = (1..=4).collect::<Vec<i64>>().into();
        let xsum = XSum::new(&[0, 1, 2, 3], 10, values);
        // 10 in four cells of 1 to 4 (repeats are the graph's business): X = 4
        // (4 + six in three), or X = 3 with 3 + 3 + 4; not 2 + 8, nor 1.
        let all = 0b1111;
        let mut d = [all, all, all, all];
        xsum.propagate(&mut d).unwrap();
        assert_eq!(d[0], 0b1100);
        // X = 3: the next two make 7, so 3 or 4; the last is free.
        let mut d = [0b0100, all, all, all];
        xsum.propagate(&mut d).unwrap();
        assert_eq!(d, [0b0100, 0b1100, 0b1100, all]);
        let mut none = [0b0001, all, all, all];
        assert!(xsum.propagate(&mut none).is_err());
    }
}
