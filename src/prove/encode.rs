//! A constraint graph, its rules included, as clauses: the direct encoding (one
//! variable per cell and allowed colour).
//!
//! Each cell takes exactly one of its colours; two cells that must differ never
//! share one (an at-most-one per house and colour, binary clauses for the edges
//! outside houses); a house with as many cells as colours holds every colour
//! (the hidden singles' strength). Rules are written from their definitions
//! (the sentences in `src/rules/`, as `verify` checks them): pair relations as
//! forbidden pairs, orders as pairs along the line, sums as layered diagrams of
//! partial sums ([`Cnf::linear`]). A rule not encoded here is a named refusal,
//! never a wrong answer.

use std::collections::HashSet;

use super::cnf::{Cnf, Lit};
use crate::graph::ConstraintGraph;
use crate::puzzle::Solution;
use crate::rules::{self, Mark, Rule};

/// Why a graph has no encoding (yet): the SAT back end refuses it rather than
/// answer without one of its rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unsupported {
    /// A rule this encoding does not state yet.
    #[error("the SAT back end does not encode the {0} rule yet")]
    Rule(&'static str),
    /// Rules on values over symbols that have none.
    #[error("the rules need symbol values, and these symbols have none")]
    NoValues,
    /// A rule whose encoding here assumes every symbol has its own value.
    #[error("the SAT back end encodes the {0} rule only over symbols of distinct values")]
    EqualValues(&'static str),
}

/// The clauses of a graph with the variable of each cell and colour.
#[derive(Debug, Clone)]
pub struct Encoding {
    cnf: Cnf,
    /// Per cell, its allowed colours with their variables, by colour.
    vars: Vec<Vec<(u8, Lit)>>,
}

impl Encoding {
    /// Encodes `graph` with all its houses, edges, allowed lists and rules.
    ///
    /// # Errors
    /// [`Unsupported`] for a rule without an encoding here.
    pub fn new(graph: &ConstraintGraph) -> Result<Self, Unsupported> {
        let colours = graph.alphabet().len();
        let mut cnf = Cnf::default();
        let vars: Vec<Vec<(u8, Lit)>> = (0..graph.len())
            .map(|cell| {
                let allowed: Vec<u8> = match graph.allowed(cell) {
                    Some(list) => list.to_vec(),
                    None => (0..colours).map(|c| c as u8).collect(),
                };
                allowed.into_iter().map(|c| (c, cnf.fresh())).collect()
            })
            .collect();
        let mut encoding = Encoding { cnf, vars };
        encoding.cells();
        encoding.differ(graph, colours);
        Rules::new(&mut encoding, graph)?.all(graph)?;
        Ok(encoding)
    }

    /// The clauses.
    pub fn cnf(&self) -> &Cnf {
        &self.cnf
    }

    /// The variable "`cell` has `colour`", if the colour is allowed there.
    pub fn lit(&self, cell: usize, colour: u8) -> Option<Lit> {
        self.vars[cell]
            .iter()
            .find(|&&(c, _)| c == colour)
            .map(|&(_, v)| v)
    }

    /// The colouring a model gives (`value` says whether a variable is true).
    pub fn decode(&self, value: impl Fn(Lit) -> bool) -> Solution {
        Solution::new(
            self.vars
                .iter()
                .map(|cell| cell.iter().find(|&&(_, v)| value(v)).map_or(0, |&(c, _)| c))
                .collect(),
        )
    }

    /// The clause that rules `solution` out: some cell takes another colour.
    pub fn blocking(&self, solution: &Solution) -> Vec<Lit> {
        solution
            .colours()
            .iter()
            .enumerate()
            .filter_map(|(cell, &colour)| self.lit(cell, colour).map(|v| -v))
            .collect()
    }

    /// Exactly one colour per cell.
    fn cells(&mut self) {
        for cell in 0..self.vars.len() {
            let lits: Vec<Lit> = self.vars[cell].iter().map(|&(_, v)| v).collect();
            self.cnf.clause(lits.iter().copied());
            self.cnf.at_most_one(&lits);
        }
    }

    /// No colour twice in a house or across an edge; every colour in a full house.
    fn differ(&mut self, graph: &ConstraintGraph, colours: usize) {
        let mut covered: HashSet<(usize, usize)> = HashSet::new();
        for house in graph.houses() {
            for (i, &a) in house.cells.iter().enumerate() {
                for &b in &house.cells[i + 1..] {
                    covered.insert((a.min(b), a.max(b)));
                }
            }
            for colour in 0..colours as u8 {
                let lits: Vec<Lit> = house
                    .cells
                    .iter()
                    .filter_map(|&c| self.lit(c, colour))
                    .collect();
                self.cnf.at_most_one(&lits);
                if house.cells.len() == colours {
                    self.cnf.clause(lits);
                }
            }
        }
        for edge in graph.graph().edge_indices() {
            let Some((a, b)) = graph.graph().edge_endpoints(edge) else {
                continue;
            };
            let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
            if covered.contains(&(a, b)) {
                continue;
            }
            for i in 0..self.vars[a].len() {
                let (colour, va) = self.vars[a][i];
                if let Some(vb) = self.lit(b, colour) {
                    self.cnf.clause([-va, -vb]);
                }
            }
        }
    }
}

/// The rules' encodings, over the cells' values.
struct Rules<'e> {
    enc: &'e mut Encoding,
    values: Vec<i64>,
    /// Whether no two symbols share a value.
    distinct: bool,
}

impl<'e> Rules<'e> {
    fn new(enc: &'e mut Encoding, graph: &ConstraintGraph) -> Result<Self, Unsupported> {
        let values = match (graph.values(), graph.rules().is_empty()) {
            (Some(values), _) => values.to_vec(),
            (None, true) => Vec::new(),
            (None, false) => return Err(Unsupported::NoValues),
        };
        let mut sorted = values.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let distinct = sorted.len() == values.len();
        Ok(Rules {
            enc,
            values,
            distinct,
        })
    }

    fn all(&mut self, graph: &ConstraintGraph) -> Result<(), Unsupported> {
        for rule in graph.rules() {
            self.rule(graph, rule)?;
        }
        Ok(())
    }

    /// The cell's options: (variable, value).
    fn options(&self, cell: usize) -> Vec<(Lit, i64)> {
        self.enc.vars[cell]
            .iter()
            .map(|&(c, v)| (v, self.values[c as usize]))
            .collect()
    }

    /// Forbids every pair of colours of `a` and `b` whose values `ok` refuses
    /// (`same` says whether equal colours are refused too).
    fn pair(&mut self, a: usize, b: usize, same: bool, ok: &dyn Fn(i64, i64) -> bool) {
        let (left, right) = (self.enc.vars[a].clone(), self.enc.vars[b].clone());
        for &(ca, va) in &left {
            for &(cb, vb) in &right {
                let (x, y) = (self.values[ca as usize], self.values[cb as usize]);
                let refused = !ok(x, y) || (same && ca == cb);
                match (refused, a == b) {
                    (false, _) => {}
                    // A pair of one cell: only its own colour counts.
                    (true, true) if ca == cb => self.enc.cnf.clause([-va]),
                    (true, true) => {}
                    (true, false) => self.enc.cnf.clause([-va, -vb]),
                }
            }
        }
    }

    /// Forbids every triple of colours whose values `ok` refuses.
    fn triple(&mut self, cells: [usize; 3], ok: &dyn Fn(i64, i64, i64) -> bool) {
        let [a, b, c] = cells.map(|cell| self.options(cell));
        for &(la, x) in &a {
            for &(lb, y) in &b {
                for &(lc, z) in &c {
                    if !ok(x, y, z) {
                        self.enc.cnf.clause([-la, -lb, -lc]);
                    }
                }
            }
        }
    }

    /// `Σ weight · value = total` over (cell, weight) terms.
    fn sum(&mut self, terms: &[(usize, i64)], total: i64, guard: Option<Lit>) {
        let terms: Vec<(Vec<(Lit, i64)>, i64)> =
            terms.iter().map(|&(c, w)| (self.options(c), w)).collect();
        self.enc.cnf.linear(&terms, total, guard);
    }

    /// Every two of `cells` hold different colours.
    fn distinct_cells(&mut self, cells: &[usize]) {
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                self.pair(a, b, true, &|_, _| true);
            }
        }
    }

    fn steps(&mut self, cells: &[usize], ok: &dyn Fn(i64, i64) -> bool) {
        for w in cells.windows(2) {
            self.pair(w[0], w[1], false, ok);
        }
    }

    fn rule(&mut self, graph: &ConstraintGraph, rule: &Rule) -> Result<(), Unsupported> {
        let ones =
            |cells: &[usize]| -> Vec<(usize, i64)> { cells.iter().map(|&c| (c, 1)).collect() };
        match rule {
            Rule::Killer { cells, total } => {
                self.distinct_cells(cells);
                if let Some(total) = total {
                    self.sum(&ones(cells), *total, None);
                }
            }
            Rule::Cage { cells, total } | Rule::LittleKiller { cells, total, .. } => {
                self.sum(&ones(cells), *total, None)
            }
            Rule::Arrow { circle, line } => {
                let mut terms = ones(line);
                let mut weight = 1;
                for &c in circle.iter().rev() {
                    terms.push((c, -weight));
                    weight *= 10;
                }
                self.sum(&terms, 0, None);
            }
            Rule::Sum {
                cells,
                weights,
                total,
            } => {
                let terms: Vec<(usize, i64)> =
                    cells.iter().copied().zip(weights.iter().copied()).collect();
                self.sum(&terms, *total, None);
            }
            Rule::Thermometer(cells) => self.steps(cells, &|a, b| a < b),
            Rule::SlowThermometer(cells) => self.steps(cells, &|a, b| a <= b),
            Rule::Difference { cells, value } => {
                self.pair(cells.0, cells.1, false, &|a, b| (a - b).abs() == *value)
            }
            Rule::Ratio { cells, value } => self.pair(cells.0, cells.1, false, &|a, b| {
                a == value * b || b == value * a
            }),
            Rule::Xv { cells, sum } => self.pair(cells.0, cells.1, false, &|a, b| a + b == *sum),
            Rule::Negative(mark) => {
                let ok: &dyn Fn(i64, i64) -> bool = match mark {
                    Mark::Difference => &|a, b| (a - b).abs() != 1,
                    Mark::Ratio => &|a, b| a != 2 * b && b != 2 * a,
                    Mark::XV => &|a, b| a + b != 10 && a + b != 5,
                };
                for (a, b) in rules::unmarked_pairs(graph.cells(), graph.rules(), *mark) {
                    self.pair(a, b, false, ok);
                }
            }
            Rule::Whispers { cells, difference } => {
                self.steps(cells, &|a, b| (a - b).abs() >= *difference)
            }
            Rule::Renban(cells) => {
                if !self.distinct {
                    return Err(Unsupported::EqualValues(rule.name()));
                }
                // Distinct values all within n − 1 of each other are a run of n.
                let span = cells.len() as i64 - 1;
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        self.pair(a, b, true, &|x, y| (x - y).abs() <= span);
                    }
                }
            }
            Rule::NonConsecutive => {
                for (a, b) in rules::orthogonal_pairs(graph.cells()) {
                    self.pair(a, b, false, &|x, y| (x - y).abs() != 1);
                }
            }
            Rule::Parity { cells, odd } => {
                for &c in cells {
                    for (lit, v) in self.options(c) {
                        if (v.rem_euclid(2) == 1) != *odd {
                            self.enc.cnf.clause([-lit]);
                        }
                    }
                }
            }
            Rule::Relation { pairs, allowed } => {
                for &(a, b) in pairs {
                    self.pair(a, b, false, &|x, y| allowed.contains(&(x, y)));
                }
            }
            Rule::XSum { cells, total, .. } => {
                for (lit, x) in self.options(cells[0]) {
                    if x < 1 || x as usize > cells.len() {
                        self.enc.cnf.clause([-lit]);
                    } else {
                        self.sum(&ones(&cells[..x as usize]), *total, Some(lit));
                    }
                }
            }
            Rule::Between(cells) | Rule::Lockout { cells, .. } => {
                let n = cells.len();
                let (a, b) = (cells[0], cells[n - 1]);
                let lockout = match rule {
                    Rule::Lockout { difference, .. } => {
                        self.pair(a, b, false, &|x, y| (x - y).abs() >= *difference);
                        true
                    }
                    _ => false,
                };
                for &c in &cells[1..n - 1] {
                    self.triple([a, b, c], &|x, y, z| {
                        let (lo, hi) = (x.min(y), x.max(y));
                        match lockout {
                            false => lo < z && z < hi,
                            true => z < lo || z > hi,
                        }
                    });
                }
            }
            Rule::Quadruple { cells, digits } => {
                if !self.distinct {
                    return Err(Unsupported::EqualValues(rule.name()));
                }
                let mut listed = digits.clone();
                listed.sort_unstable();
                listed.dedup();
                for d in listed {
                    let k = digits.iter().filter(|&&e| e == d).count();
                    let lits: Vec<Lit> = cells
                        .iter()
                        .flat_map(|&c| self.options(c))
                        .filter(|&(_, v)| v == d)
                        .map(|(l, _)| l)
                        .collect();
                    self.enc.cnf.at_least(k, &lits);
                }
            }
            Rule::Extremum { cells, minimum } => {
                for &c in cells {
                    for d in rules::neighbours(graph.cells(), c) {
                        let ok: &dyn Fn(i64, i64) -> bool = match minimum {
                            true => &|a, b| a < b,
                            false => &|a, b| a > b,
                        };
                        self.pair(c, d, false, ok);
                    }
                }
            }
            Rule::GreaterThan { cells } => self.pair(cells.0, cells.1, false, &|a, b| a > b),
            Rule::RegionSum { segments } => {
                for other in &segments[1..] {
                    let mut terms = ones(other);
                    terms.extend(segments[0].iter().map(|&c| (c, -1)));
                    self.sum(&terms, 0, None);
                }
            }
            Rule::Palindrome(cells) => {
                let n = cells.len();
                for i in 0..n / 2 {
                    self.pair(cells[i], cells[n - 1 - i], false, &|a, b| a == b);
                }
            }
            Rule::Clone(a, b) => {
                for (&x, &y) in a.iter().zip(b) {
                    self.pair(x, y, false, &|a, b| a == b);
                }
            }
            Rule::Zipper(cells) => {
                let n = cells.len();
                for i in 0..n / 2 {
                    let pair = [(cells[i], 1), (cells[n - 1 - i], 1)];
                    match n % 2 {
                        1 => self.sum(&[pair[0], pair[1], (cells[n / 2], -1)], 0, None),
                        _ if i == 0 => {}
                        _ => self.sum(
                            &[pair[0], pair[1], (cells[0], -1), (cells[n - 1], -1)],
                            0,
                            None,
                        ),
                    }
                }
            }
            Rule::DoubleArrow(cells) => {
                let n = cells.len();
                let mut terms = ones(&cells[1..n - 1]);
                terms.extend([(cells[0], -1), (cells[n - 1], -1)]);
                self.sum(&terms, 0, None);
            }
            Rule::Entropic(cells) | Rule::Modular(cells) => {
                let mut distinct = self.values.clone();
                distinct.sort_unstable();
                distinct.dedup();
                let group = |v: i64| match rule {
                    Rule::Entropic(_) => {
                        let rank = distinct.iter().position(|&d| d == v).unwrap_or(0);
                        (rank * 3 / distinct.len()) as i64
                    }
                    _ => v.rem_euclid(3),
                };
                // Every window of three holds three groups: cells up to two apart differ in group.
                for (i, &a) in cells.iter().enumerate() {
                    for &b in cells.iter().skip(i + 1).take(2) {
                        self.pair(a, b, false, &|x, y| group(x) != group(y));
                    }
                }
            }
            Rule::Nabner(cells) => {
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        self.pair(a, b, false, &|x, y| (x - y).abs() >= 2);
                    }
                }
            }
            Rule::Sandwich { .. } | Rule::Skyscraper { .. } => {
                return Err(Unsupported::Rule(rule.name()));
            }
        }
        Ok(())
    }
}
