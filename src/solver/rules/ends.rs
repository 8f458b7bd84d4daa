//! Lines ruled by their two ends: a between line (the cells on it strictly
//! between the ends' values) and a lockout line (ends at least d apart, the
//! cells on it outside the ends' closed range). Over every pair of values of
//! the ends, a pair stays while each cell on the line can hold a value it
//! allows; each cell keeps what some such pair allows. Exact for the line
//! alone.

use std::sync::Arc;

use super::{Propagator, colours_of, narrow};
use crate::solver::search::Contradiction;

pub(crate) use crate::rules::primitive::EndsKind as Kind;

/// A between or lockout line: ends first and last in `cells`.
#[derive(Debug)]
pub(crate) struct Ends {
    cells: Vec<u32>,
    kind: Kind,
    values: Arc<[i64]>,
}

impl Ends {
    pub(crate) fn new(cells: &[usize], kind: Kind, values: Arc<[i64]>) -> Self {
        Ends {
            cells: cells.iter().map(|&c| c as u32).collect(),
            kind,
            values,
        }
    }
}

impl Propagator for Ends {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let n = domains.len();
        let mut keep = vec![0u128; n];
        for x in colours_of(domains[0]) {
            for y in colours_of(domains[n - 1]) {
                let (a, b) = (self.values[x], self.values[y]);
                let (lo, hi) = (a.min(b), a.max(b));
                let inside: &dyn Fn(i64) -> bool = match self.kind {
                    Kind::Between => &|v| lo < v && v < hi,
                    Kind::Lockout(d) if hi - lo < d => continue,
                    Kind::Lockout(_) => &|v| v < lo || v > hi,
                };
                let allowed = (self.values.iter().enumerate())
                    .filter(|&(_, &v)| inside(v))
                    .fold(0u128, |m, (c, _)| m | 1 << c);
                if domains[1..n - 1].iter().any(|&d| d & allowed == 0) {
                    continue;
                }
                keep[0] |= 1 << x;
                keep[n - 1] |= 1 << y;
                for k in 1..n - 1 {
                    keep[k] |= domains[k] & allowed;
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
    fn a_between_line_squeezes_its_middle() {
        let values: Arc<[i64]> = (1..=9).collect::<Vec<i64>>().into();
        let between = Ends::new(&[0, 1, 2], Kind::Between, values.clone());
        let all = (1u128 << 9) - 1;
        // Ends 3 and 6 at most: the middle is 4 or 5.
        let mut d = [1 << 2, all, 1 << 4 | 1 << 5];
        between.propagate(&mut d).unwrap();
        assert_eq!(d[1], 1 << 3 | 1 << 4);
        let lockout = Ends::new(&[0, 1, 2], Kind::Lockout(4), values);
        // Ends 1 and 5: the middle is 6 to 9.
        let mut d = [1 << 0, all, 1 << 4];
        lockout.propagate(&mut d).unwrap();
        assert_eq!(d[1], all & !0b11111);
        let mut close = [1 << 0, all, 1 << 3];
        assert!(lockout.propagate(&mut close).is_err());
    }
}
