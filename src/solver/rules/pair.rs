//! A relation between two cells, as a table of allowed colour pairs, with
//! support-based pruning: a colour stays in one cell while some colour of the
//! other supports it. Thermometers, kropki dots, XV, whispers, negative
//! constraints, non-consecutive and the generic `Relation` all compile to it.

use std::sync::Arc;

use super::{Propagator, colours_of};
use crate::rules::primitive::Relation;
use crate::solver::search::Contradiction;

/// The allowed pairs of one relation over the colours.
#[derive(Debug)]
pub(crate) struct Table {
    /// Row `x`: the colours the second cell may hold when the first holds `x`.
    forward: Vec<u128>,
    /// Row `y`: the colours the first cell may hold when the second holds `y`.
    backward: Vec<u128>,
    /// Every permutation of the colours maps the table onto itself.
    symmetric: bool,
}

impl Table {
    /// The table of `allows(first value, second value)` over `values`.
    #[cfg(test)]
    pub(crate) fn new(values: &[i64], allows: &dyn Fn(i64, i64) -> bool) -> Self {
        Table::of(&Relation::new(values, allows))
    }

    /// The table of a relation.
    pub(crate) fn of(relation: &Relation) -> Self {
        let k = relation.colours();
        let forward: Vec<u128> = (0..k).map(|x| relation.row(x)).collect();
        let transposed = relation.transposed();
        let backward: Vec<u128> = (0..k).map(|y| transposed.row(y)).collect();
        // Invariant under every permutation: all pairs, or all pairs of
        // different colours, or none but the equal ones.
        let all = if k >= 128 {
            u128::MAX
        } else {
            (1u128 << k) - 1
        };
        let rows: [fn(usize) -> u128; 3] = [|_| u128::MAX, |x| !(1u128 << x), |x| 1u128 << x];
        let symmetric = (rows.iter()).any(|row| (0..k).all(|x| forward[x] == row(x) & all));
        Table {
            forward,
            backward,
            symmetric,
        }
    }
}

/// One pair of cells under a [`Table`].
#[derive(Debug)]
pub(crate) struct Pair {
    cells: [u32; 2],
    table: Arc<Table>,
}

impl Pair {
    pub(crate) fn new(first: usize, second: usize, table: Arc<Table>) -> Self {
        Pair {
            cells: [first as u32, second as u32],
            table,
        }
    }
}

impl Propagator for Pair {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let t = &self.table;
        let (a, b) = (domains[0], domains[1]);
        let first = colours_of(a)
            .filter(|&x| t.forward[x] & b != 0)
            .fold(0, |set, x| set | 1 << x);
        let second = colours_of(b)
            .filter(|&y| t.backward[y] & first != 0)
            .fold(0, |set, y| set | 1 << y);
        if first == 0 || second == 0 {
            return Err(Contradiction);
        }
        domains[0] = first;
        domains[1] = second;
        Ok(())
    }

    fn symmetric(&self) -> bool {
        self.table.symmetric
    }

    /// The second cell keeps what supports the first's survivors, and each
    /// survivor keeps the value that supported it.
    fn idempotent(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thermometer_step_keeps_what_has_support() {
        let values: Vec<i64> = (1..=9).collect();
        let less = Arc::new(Table::new(&values, &|a, b| a < b));
        let pair = Pair::new(0, 1, less);
        // First cell {5, 9}, second {2, 7}: 5 < 7 only.
        let mut d = [1 << 4 | 1 << 8, 1 << 1 | 1 << 6];
        pair.propagate(&mut d).unwrap();
        assert_eq!(d, [1 << 4, 1 << 6]);
        let mut none = [1 << 8, 1 << 0];
        assert!(pair.propagate(&mut none).is_err());
        assert!(!pair.symmetric());
        let differ = Table::new(&values, &|a, b| a != b);
        assert!(differ.symmetric);
    }
}
