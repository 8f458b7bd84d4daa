//! Quadruple: the listed digits all appear in the four cells around a corner
//! (a digit listed twice, twice). Every way to give each listed digit its own
//! cell (at most 4! of them) is tried against the domains; a cell keeps the
//! digit some way gives it, or all its candidates when some way leaves it
//! free. Exact for the clue alone.

use super::{Propagator, narrow};
use crate::solver::search::Contradiction;

/// A quadruple clue.
#[derive(Debug)]
pub(crate) struct Quadruple {
    cells: Vec<u32>,
    /// The colours of each listed digit.
    digits: Vec<u128>,
}

impl Quadruple {
    pub(crate) fn new(cells: &[usize], digits: &[i64], values: &[i64]) -> Self {
        let digits = (digits.iter())
            .map(|&d| {
                (values.iter().enumerate())
                    .filter(|&(_, &v)| v == d)
                    .fold(0u128, |m, (c, _)| m | 1 << c)
            })
            .collect();
        Quadruple {
            cells: cells.iter().map(|&c| c as u32).collect(),
            digits,
        }
    }

    /// Gives digit `i` onwards a cell each among those not `used`; records in
    /// `keep` what each complete way allows.
    fn place(&self, i: usize, used: u8, given: &mut [u128], domains: &[u128], keep: &mut [u128]) {
        if i == self.digits.len() {
            for (k, d) in domains.iter().enumerate() {
                keep[k] |= match used >> k & 1 {
                    1 => given[k],
                    _ => *d,
                };
            }
            return;
        }
        for k in 0..domains.len() {
            let fits = domains[k] & self.digits[i];
            if used >> k & 1 == 0 && fits != 0 {
                given[k] = fits;
                self.place(i + 1, used | 1 << k, given, domains, keep);
            }
        }
    }
}

impl Propagator for Quadruple {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let mut keep = vec![0u128; domains.len()];
        let mut given = vec![0u128; domains.len()];
        self.place(0, 0, &mut given, domains, &mut keep);
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
    fn four_digits_fill_the_four_cells() {
        let values: Vec<i64> = (1..=9).collect();
        let quad = Quadruple::new(&[0, 1, 2, 3], &[1, 2, 3, 3], &values);
        let all = (1u128 << 9) - 1;
        let mut d = [1 << 0, all, all, all];
        quad.propagate(&mut d).unwrap();
        assert_eq!(d, [1 << 0, 0b110, 0b110, 0b110]);
        let mut none = [1 << 0, 1 << 0, 1 << 0, all];
        assert!(quad.propagate(&mut none).is_err());
    }
}
