//! A relation between two cells, as a table of allowed colour pairs, with
//! support-based pruning: a colour stays in one cell while some colour of the
//! other supports it. Thermometers, kropki dots, XV, whispers, negative
//! constraints, non-consecutive and the generic `Relation` all compile to it;
//! for the search, a line's links (a thermometer, a whisper) to one [`Chain`].
//!
//! Over few colours a step is two table lookups: each direction keeps the
//! union of its rows for every set of colours, so the supports of a whole
//! domain are read, not gathered colour by colour (the thermometers' search
//! makes hundreds of thousands of these steps).

use std::sync::Arc;

use super::{Propagator, colours_of};
use crate::rules::primitive::Relation;
use crate::solver::search::Contradiction;

/// The most colours for which a [`Table`] keeps its unions: 2^k entries of
/// two bytes a direction, 4 KB at ten.
const UNIONS_MAX: usize = 10;

/// The allowed pairs of one relation over the colours.
#[derive(Debug)]
pub(crate) struct Table {
    /// Row `x`: the colours the second cell may hold when the first holds `x`.
    forward: Vec<u128>,
    /// Row `y`: the colours the first cell may hold when the second holds `y`.
    backward: Vec<u128>,
    /// For at most [`UNIONS_MAX`] colours, entry `m` of each: the union of
    /// `forward`'s rows (then `backward`'s) over the colours of set `m`.
    unions: Option<[Box<[u16]>; 2]>,
    /// Every permutation of the colours maps the table onto itself.
    symmetric: bool,
}

/// Entry `m`: the union of `rows` over the colours of set `m` (rows of at
/// most sixteen colours).
fn unions(rows: &[u128]) -> Box<[u16]> {
    let mut out = vec![0u16; 1 << rows.len()];
    for m in 1..out.len() {
        // The set without its lowest colour, and that colour's row.
        out[m] = out[m & (m - 1)] | rows[m.trailing_zeros() as usize] as u16;
    }
    out.into_boxed_slice()
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
        let unions = (k <= UNIONS_MAX).then(|| [unions(&forward), unions(&backward)]);
        Table {
            forward,
            backward,
            unions,
            symmetric,
        }
    }

    /// The colours the second cell may hold when the first holds one of `set`.
    #[inline]
    fn follows(&self, set: u128) -> u128 {
        match &self.unions {
            Some([forward, _]) => forward[(set & (forward.len() as u128 - 1)) as usize] as u128,
            None => colours_of(set).fold(0, |union, x| union | self.forward[x]),
        }
    }

    /// The colours the first cell may hold when the second holds one of `set`.
    #[inline]
    fn backs(&self, set: u128) -> u128 {
        match &self.unions {
            Some([_, backward]) => backward[(set & (backward.len() as u128 - 1)) as usize] as u128,
            None => colours_of(set).fold(0, |union, y| union | self.backward[y]),
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
        let first = domains[0] & t.backs(domains[1]);
        let second = domains[1] & t.follows(first);
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

/// Cells along a line, each with the next under one [`Table`] (the links of
/// a thermometer or a whisper line): one propagator where a pair per link
/// paid the engine's gather, call and scatter for each. A path has no cycle,
/// so a sweep forward (each cell keeps what the one before allows) and one
/// back (what the one after allows) leave every colour a support on both
/// sides: the same narrowing as its pairs to their fixed point, at once.
#[derive(Debug)]
pub(crate) struct Chain {
    cells: Vec<u32>,
    table: Arc<Table>,
}

impl Chain {
    /// The chain of `cells` (at least three, none twice: a cell met again
    /// would close a cycle, where two sweeps are not enough).
    pub(crate) fn new(cells: Vec<u32>, table: Arc<Table>) -> Self {
        debug_assert!(cells.len() >= 3);
        Chain { cells, table }
    }
}

impl Propagator for Chain {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let t = &self.table;
        for i in 1..domains.len() {
            domains[i] &= t.follows(domains[i - 1]);
            if domains[i] == 0 {
                return Err(Contradiction);
            }
        }
        for i in (0..domains.len() - 1).rev() {
            domains[i] &= t.backs(domains[i + 1]);
            if domains[i] == 0 {
                return Err(Contradiction);
            }
        }
        Ok(())
    }

    fn symmetric(&self) -> bool {
        self.table.symmetric
    }

    fn idempotent(&self) -> bool {
        true
    }

    /// Two for each link a cell is on, as its pairs would count.
    fn priority(&self, _colours: usize, at: usize) -> u32 {
        2 * (1 + (at > 0 && at + 1 < self.cells.len()) as u32)
    }
}

/// The links of `pairs` (cell pairs under one relation, in order) taken
/// as paths: each maximal run of links where one ends where the next starts
/// and no cell comes twice, as its cells (two for a lone link).
pub(crate) fn paths(pairs: &[(usize, usize)]) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    for &(a, b) in pairs {
        let (a, b) = (a as u32, b as u32);
        match out.last_mut() {
            Some(path) if path.last() == Some(&a) && !path.contains(&b) => path.push(b),
            _ => out.push(vec![a, b]),
        }
    }
    out
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

    /// A chain's two sweeps reach what its pairs reach by waking each other
    /// to a fixed point, on random domains along a thermometer and a whisper
    /// line (with the lone links and broken runs that `paths` leaves).
    #[test]
    fn a_chain_narrows_as_its_pairs_to_their_fixed_point() {
        let values: Vec<i64> = (1..=9).collect();
        let relations: [&dyn Fn(i64, i64) -> bool; 2] = [&|a, b| a < b, &|a, b| (a - b).abs() >= 5];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state = crate::solver::search::mix(state);
            state
        };
        for allows in relations {
            let table = Arc::new(Table::new(&values, allows));
            for n in 3..=6 {
                let chain = Chain::new((0..n as u32).collect(), table.clone());
                let pairs: Vec<Pair> = (1..n).map(|i| Pair::new(i - 1, i, table.clone())).collect();
                for _ in 0..500 {
                    let start: Vec<u128> = (0..n)
                        .map(|_| (next() as u128 & 0x1FF) | 1 << (next() % 9))
                        .collect();
                    let mut by_pairs = start.clone();
                    let mut fixed = Ok(());
                    'sweep: loop {
                        let before = by_pairs.clone();
                        for (i, pair) in pairs.iter().enumerate() {
                            let mut d = [by_pairs[i], by_pairs[i + 1]];
                            if pair.propagate(&mut d).is_err() {
                                fixed = Err(Contradiction);
                                break 'sweep;
                            }
                            [by_pairs[i], by_pairs[i + 1]] = d;
                        }
                        if by_pairs == before {
                            break;
                        }
                    }
                    let mut by_chain = start.clone();
                    match chain.propagate(&mut by_chain) {
                        Ok(()) => {
                            assert!(fixed.is_ok(), "{start:?}");
                            assert_eq!(by_chain, by_pairs, "{start:?}");
                        }
                        Err(_) => assert!(fixed.is_err(), "{start:?}"),
                    }
                }
            }
        }
        assert_eq!(paths(&[(0, 1), (1, 2), (2, 3)]), vec![vec![0, 1, 2, 3]]);
        assert_eq!(
            paths(&[(0, 1), (1, 2), (2, 0), (5, 6), (7, 8)]),
            vec![vec![0, 1, 2], vec![2, 0], vec![5, 6], vec![7, 8]]
        );
    }

    /// The unions' two lookups keep what the colour-by-colour supports keep,
    /// for every pair of domains over a few random relations of six colours,
    /// and over twelve colours (no unions) the definition still holds.
    #[test]
    fn the_unions_keep_exactly_the_supported_colours() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for k in [6usize, 12] {
            let values: Vec<i64> = (1..=k as i64).collect();
            for _ in 0..4 {
                let bits: Vec<u64> = (0..k)
                    .map(|_| {
                        state = crate::solver::search::mix(state);
                        state
                    })
                    .collect();
                let allows = |a: i64, b: i64| bits[a as usize - 1] >> (b - 1) & 1 == 1;
                let table = Arc::new(Table::new(&values, &allows));
                assert_eq!(table.unions.is_some(), k <= UNIONS_MAX);
                let pair = Pair::new(0, 1, table);
                let step = 1 + (k > 8) as usize * 37;
                for a in (1..1u128 << k).step_by(step) {
                    for b in (1..1u128 << k).step_by(step) {
                        // The definition: a colour stays with a partner.
                        let has = |x: usize, y: usize| allows(x as i64 + 1, y as i64 + 1);
                        let first: u128 = colours_of(a)
                            .filter(|&x| colours_of(b).any(|y| has(x, y)))
                            .fold(0, |m, x| m | 1 << x);
                        let second: u128 = colours_of(b)
                            .filter(|&y| colours_of(first).any(|x| has(x, y)))
                            .fold(0, |m, y| m | 1 << y);
                        let mut d = [a, b];
                        match pair.propagate(&mut d) {
                            Ok(()) => assert_eq!(d, [first, second]),
                            Err(_) => assert!(first == 0 || second == 0),
                        }
                    }
                }
            }
        }
    }
}
