//! A constraint graph, its rules included, as clauses: the direct encoding (one
//! variable per cell and allowed colour).
//!
//! Each cell takes exactly one of its colours; two cells that must differ never
//! share one (an at-most-one per house and colour, binary clauses for the edges
//! outside houses); a house with as many cells as colours holds every colour
//! (the hidden singles' strength). Rules are encoded from the primitives they
//! lower to (`rules::primitive`): relations as forbidden pairs of colours,
//! sums as layered diagrams of partial sums ([`Cnf::linear`]), automata as a
//! variable per position and state, and the dedicated primitives from their
//! definitions. A primitive not encoded here is a named refusal, never a wrong
//! answer; `verify` checks every model against the rules themselves.

use std::collections::HashSet;

use super::cnf::{Cnf, Lit};
use crate::colouring::Clock;
use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};
use crate::rules::primitive::{Automaton, EndsKind, Primitive, Relation};
use crate::solver::Budget;

/// Why a graph has no encoding (yet): the SAT back end refuses it rather than
/// answer without one of its rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unsupported {
    /// A rule this encoding does not state yet.
    #[error("the SAT back end does not encode the {0} rule yet")]
    Rule(&'static str),
    /// A formula with more clauses than its budget (see
    /// [`Encoding::restricted_within`]): it stopped growing there, unused.
    #[error("the formula would have more than {0} clauses: more than this question may build")]
    TooLarge(usize),
    /// The question's deadline or stop flag came while the formula was built.
    #[error("the time ran out while the formula was built")]
    OutOfTime,
    /// Rules on values over symbols that have none.
    #[error("the rules need symbol values, and these symbols have none")]
    NoValues,
    /// A rule whose encoding here assumes every symbol has its own value.
    #[error("the SAT back end encodes the {0} rule only over symbols of distinct values")]
    EqualValues(&'static str),
}

/// The clauses of a graph with the variable of each cell and colour.
#[derive(Debug, Clone)]
pub(crate) struct Encoding {
    cnf: Cnf,
    /// Per cell, its allowed colours with their variables, by colour.
    vars: Vec<Vec<(u8, Lit)>>,
}

impl Encoding {
    /// Encodes `graph` for the puzzles whose givens include those of
    /// `puzzle`: a given cell has its colour alone, an open cell the colours
    /// that it allows and that no given neighbour holds. On a big board with
    /// many givens the formula is a small part of the whole, and the solver
    /// starts from what the givens settle instead of finding it again. Built
    /// only as far as `clauses` clauses and `budget`'s deadline and stop flag
    /// allow: a formula that would be larger stops growing at the limit, and
    /// is not kept (an empty 64×64's has about 3 million clauses, and
    /// CaDiCaL takes about 300 bytes for each).
    ///
    /// # Errors
    /// [`Unsupported::TooLarge`] past `clauses`, [`Unsupported::OutOfTime`]
    /// once `budget` runs out, or a rule without an encoding here.
    pub fn restricted_within(
        graph: &ConstraintGraph,
        puzzle: &Puzzle,
        clauses: usize,
        budget: Budget,
    ) -> Result<Self, Unsupported> {
        let (mut encoding, room) = Encoding::shape_within(graph, puzzle, clauses, budget)?;
        Rules::new(&mut encoding, graph)?.all(graph, &room)?;
        room.check(&encoding.cnf)?;
        Ok(encoding)
    }

    /// [`Encoding::restricted_within`] without the rules: the cells and the
    /// differences, and how far the formula may still grow.
    fn shape_within(
        graph: &ConstraintGraph,
        puzzle: &Puzzle,
        clauses: usize,
        budget: Budget,
    ) -> Result<(Self, Room), Unsupported> {
        Encoding::supports(graph)?;
        let clock = Clock::new(budget);
        let colours = graph.alphabet().len();
        let givens = puzzle.givens();
        let mut cnf = Cnf::limited(clauses);
        let vars: Vec<Vec<(u8, Lit)>> = (0..graph.len())
            .map(|cell| {
                let mut allowed: Vec<u8> = match (givens[cell], graph.allowed(cell)) {
                    (Some(given), _) => vec![given],
                    (None, Some(list)) => list.to_vec(),
                    (None, None) => (0..colours).map(|c| c as u8).collect(),
                };
                if givens[cell].is_none() {
                    let taken: Vec<u8> = graph.neighbours(cell).filter_map(|n| givens[n]).collect();
                    allowed.retain(|c| !taken.contains(c));
                }
                allowed.into_iter().map(|c| (c, cnf.fresh())).collect()
            })
            .collect();
        let mut encoding = Encoding { cnf, vars };
        let room = Room { clauses, clock };
        encoding.cells();
        encoding.differ(graph, colours, &room)?;
        Ok((encoding, room))
    }

    /// Encodes `graph` for any givens (none assumed), each of its rules
    /// under a selector of its own, returned in the rules' order: assumed
    /// true, a rule holds (its primitives' clauses); left out, it does not
    /// (see `prove::core`). Built within `budget`'s time.
    ///
    /// # Errors
    /// [`Unsupported`] for a rule without an encoding here, or out of time.
    pub fn guarded(
        graph: &ConstraintGraph,
        budget: Budget,
    ) -> Result<(Self, Vec<Lit>), Unsupported> {
        let empty = Puzzle::empty(graph.len());
        let (mut encoding, room) = Encoding::shape_within(graph, &empty, usize::MAX, budget)?;
        let selectors: Vec<Lit> = graph.rules().iter().map(|_| encoding.cnf.fresh()).collect();
        let mut rules = Rules::new(&mut encoding, graph)?;
        for lowered in graph.lowered() {
            room.check(&rules.enc.cnf)?;
            rules.enc.cnf.guard(selectors.get(lowered.rule).copied());
            rules.primitive(&lowered.primitive)?;
        }
        rules.enc.cnf.guard(None);
        Ok((encoding, selectors))
    }

    /// Whether `graph` has an encoding, without building it.
    ///
    /// # Errors
    /// [`Unsupported`], as [`Encoding::restricted_within`] would say it.
    pub fn supports(graph: &ConstraintGraph) -> Result<(), Unsupported> {
        let Some(values) = graph.values() else {
            return match graph.rules().is_empty() {
                true => Ok(()),
                false => Err(Unsupported::NoValues),
            };
        };
        let distinct = distinct(values);
        (graph.lowered().iter())
            .try_for_each(|l| refusal(&l.primitive, distinct).map_or(Ok(()), Err))
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
    fn differ(
        &mut self,
        graph: &ConstraintGraph,
        colours: usize,
        room: &Room,
    ) -> Result<(), Unsupported> {
        let mut covered: HashSet<(usize, usize)> = HashSet::new();
        for house in graph.houses() {
            room.check(&self.cnf)?;
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
        Ok(())
    }
}

/// How far a formula may grow while it is built: its clauses, and its
/// question's deadline and stop flag, looked at between houses and rules.
struct Room {
    clauses: usize,
    clock: Clock,
}

impl Room {
    /// An error once the formula is over its clauses or its time.
    fn check(&self, cnf: &Cnf) -> Result<(), Unsupported> {
        match (cnf.over(), self.clock.over()) {
            (true, _) => Err(Unsupported::TooLarge(self.clauses)),
            (_, true) => Err(Unsupported::OutOfTime),
            _ => Ok(()),
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
        let distinct = distinct(&values);
        Ok(Rules {
            enc,
            values,
            distinct,
        })
    }

    fn all(&mut self, graph: &ConstraintGraph, room: &Room) -> Result<(), Unsupported> {
        for lowered in graph.lowered() {
            room.check(&self.enc.cnf)?;
            self.primitive(&lowered.primitive)?;
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

    /// A new variable true exactly when one of `lits` is.
    fn any(&mut self, lits: &[Lit]) -> Lit {
        let v = self.enc.cnf.fresh();
        self.enc.cnf.clause(lits.iter().copied().chain([-v]));
        for &lit in lits {
            self.enc.cnf.clause([-lit, v]);
        }
        v
    }

    /// The variable "`cell` holds one of the values `wanted` accepts".
    fn holds(&mut self, cell: usize, wanted: &dyn Fn(i64) -> bool) -> Lit {
        let lits: Vec<Lit> = self
            .options(cell)
            .into_iter()
            .filter(|&(_, v)| wanted(v))
            .map(|(l, _)| l)
            .collect();
        self.any(&lits)
    }

    /// Exactly one of `lits`.
    fn exactly_one(&mut self, lits: &[Lit]) {
        self.enc.cnf.clause(lits.iter().copied());
        self.enc.cnf.at_most_one(lits);
    }

    /// The sandwich: the line holds the smallest and the largest value once
    /// each, and the values strictly between them sum to `total`. A cell is
    /// inside when it is no end and an end lies on each side of it (there
    /// being exactly two ends); the sum is over "inside and this value".
    fn sandwich(&mut self, cells: &[usize], total: i64) {
        let lo = self.values.iter().copied().min().unwrap_or(0);
        let hi = self.values.iter().copied().max().unwrap_or(0);
        let low: Vec<Lit> = cells.iter().map(|&c| self.holds(c, &|v| v == lo)).collect();
        self.exactly_one(&low);
        if lo == hi {
            // One value: the one end is both, nothing lies between.
            if total != 0 {
                self.enc.cnf.clause([]);
            }
            return;
        }
        let high: Vec<Lit> = cells.iter().map(|&c| self.holds(c, &|v| v == hi)).collect();
        self.exactly_one(&high);
        let ends: Vec<Lit> = low
            .iter()
            .zip(&high)
            .map(|(&l, &h)| self.any(&[l, h]))
            .collect();
        let n = cells.len();
        // before[i]: an end among cells[..i]; after[i]: among cells[i + 1..].
        let mut before = vec![None; n];
        let mut after = vec![None; n];
        for i in 1..n {
            let lits: Vec<Lit> = before[i - 1].into_iter().chain([ends[i - 1]]).collect();
            before[i] = Some(self.any(&lits));
        }
        for i in (0..n - 1).rev() {
            let lits: Vec<Lit> = after[i + 1].into_iter().chain([ends[i + 1]]).collect();
            after[i] = Some(self.any(&lits));
        }
        let mut terms = Vec::with_capacity(n);
        for i in 0..n {
            let (Some(b), Some(a)) = (before[i], after[i]) else {
                continue;
            };
            // inside ↔ ¬end ∧ an end before ∧ an end after.
            let inside = self.enc.cnf.fresh();
            self.enc.cnf.clause([-inside, -ends[i]]);
            self.enc.cnf.clause([-inside, b]);
            self.enc.cnf.clause([-inside, a]);
            self.enc.cnf.clause([inside, ends[i], -b, -a]);
            // One option true per term: outside (0), or inside with its value.
            let mut options = vec![(-inside, 0)];
            for (lit, value) in self.options(cells[i]) {
                if value == lo || value == hi {
                    continue;
                }
                let both = self.enc.cnf.fresh();
                self.enc.cnf.clause([-both, inside]);
                self.enc.cnf.clause([-both, lit]);
                self.enc.cnf.clause([both, -inside, -lit]);
                options.push((both, value));
            }
            terms.push((options, 1));
        }
        self.enc.cnf.linear(&terms, total, None);
    }

    /// The skyscrapers: `count` cells of the line are taller than every one
    /// before them. `taller[v]` after each cell: the tallest so far is at
    /// least value `v`; a cell is seen when its value is above the tallest
    /// before it.
    fn skyscraper(&mut self, cells: &[usize], count: i64) {
        let mut heights = self.values.clone();
        heights.sort_unstable();
        heights.dedup();
        let mut taller: Vec<Lit> = Vec::new();
        let mut terms = Vec::with_capacity(cells.len());
        for (i, &cell) in cells.iter().enumerate() {
            let options = self.options(cell);
            let seen = self.enc.cnf.fresh();
            for &(lit, value) in &options {
                match (i, heights.iter().position(|&h| h == value)) {
                    // The first cell is always seen.
                    (0, _) => self.enc.cnf.clause([-lit, seen]),
                    (_, Some(at)) => {
                        // Seen with this value exactly when nothing before reaches it.
                        self.enc.cnf.clause([-lit, taller[at], seen]);
                        self.enc.cnf.clause([-lit, -taller[at], -seen]);
                    }
                    (_, None) => unreachable!("a value of the alphabet"),
                }
            }
            terms.push((vec![(seen, 1), (-seen, 0)], 1));
            // The tallest so far, after this cell: before, or this cell's value.
            let next: Vec<Lit> = heights
                .iter()
                .enumerate()
                .map(|(at, &h)| {
                    let here: Vec<Lit> = options
                        .iter()
                        .filter(|&&(_, v)| v >= h)
                        .map(|&(l, _)| l)
                        .collect();
                    let lits: Vec<Lit> = taller.get(at).copied().into_iter().chain(here).collect();
                    self.any(&lits)
                })
                .collect();
            taller = next;
        }
        self.enc.cnf.linear(&terms, count, None);
    }

    /// Every two of `cells` hold different colours.
    fn distinct_cells(&mut self, cells: &[usize]) {
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                self.pair(a, b, true, &|_, _| true);
            }
        }
    }

    /// Forbids every pair of colours of `a` and `b` the relation refuses.
    fn relation(&mut self, a: usize, b: usize, relation: &Relation) {
        let (left, right) = (self.enc.vars[a].clone(), self.enc.vars[b].clone());
        for &(ca, va) in &left {
            for &(cb, vb) in &right {
                match (relation.allows(ca as usize, cb as usize), a == b) {
                    (true, _) => {}
                    // A pair of one cell: only its own colour counts.
                    (false, true) if ca == cb => self.enc.cnf.clause([-va]),
                    (false, true) => {}
                    (false, false) => self.enc.cnf.clause([-va, -vb]),
                }
            }
        }
    }

    /// The colours along `cells` spell a word of `automaton`: a variable per
    /// position and state, "a run of the automaton can be in this state
    /// here"; some start state holds at the first position, a state and the
    /// cell's colour lead to one of their next states, and only accepting
    /// states hold after the last cell. A satisfying assignment traces a run
    /// from its start (each step forced by a true state and the cell's one
    /// colour), and a run gives one.
    fn automaton(&mut self, cells: &[usize], automaton: &Automaton) {
        let states = automaton.states();
        let mut here: Vec<Lit> = (0..states).map(|_| self.enc.cnf.fresh()).collect();
        let start: Vec<Lit> = automaton
            .start()
            .iter()
            .map(|&q| here[q as usize])
            .collect();
        self.enc.cnf.clause(start);
        for q in 0..states as u32 {
            if !automaton.start().contains(&q) {
                self.enc.cnf.clause([-here[q as usize]]);
            }
        }
        for &cell in cells {
            let next: Vec<Lit> = (0..states).map(|_| self.enc.cnf.fresh()).collect();
            for &(colour, lit) in &self.enc.vars[cell].clone() {
                for (q, &now) in here.iter().enumerate() {
                    let mut clause = vec![-now, -lit];
                    let moves = automaton.moves(q as u32).iter();
                    let to = moves.filter(|&&(_, colours)| colours >> colour & 1 == 1);
                    clause.extend(to.map(|&(t, _)| next[t as usize]));
                    self.enc.cnf.clause(clause);
                }
            }
            here = next;
        }
        for q in 0..states as u32 {
            if !automaton.accepts(q) {
                self.enc.cnf.clause([-here[q as usize]]);
            }
        }
    }

    /// The clauses of one primitive, read from its definition.
    fn primitive(&mut self, primitive: &Primitive) -> Result<(), Unsupported> {
        if let Some(why) = refusal(primitive, self.distinct) {
            return Err(why);
        }
        let ones =
            |cells: &[usize]| -> Vec<(usize, i64)> { cells.iter().map(|&c| (c, 1)).collect() };
        match primitive {
            Primitive::Sum(s) => {
                let terms: Vec<(usize, i64)> = s
                    .cells
                    .iter()
                    .copied()
                    .zip(s.weights.iter().copied())
                    .collect();
                self.sum(&terms, s.total, None);
            }
            Primitive::Distinct(cells) => self.distinct_cells(cells),
            Primitive::Pairs { pairs, relation } => {
                for &(a, b) in pairs {
                    self.relation(a, b, relation);
                }
            }
            Primitive::Allowed { cells, colours } => {
                for &c in cells {
                    for &(colour, lit) in &self.enc.vars[c].clone() {
                        if colours >> colour & 1 == 0 {
                            self.enc.cnf.clause([-lit]);
                        }
                    }
                }
            }
            Primitive::Line { cells, automaton } => self.automaton(cells, automaton),
            Primitive::Run(cells) => {
                // Distinct values all within n − 1 of each other are a run of n.
                let span = cells.len() as i64 - 1;
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        self.pair(a, b, true, &|x, y| (x - y).abs() <= span);
                    }
                }
            }
            Primitive::Contains { cells, values } => {
                let mut listed = values.clone();
                listed.sort_unstable();
                listed.dedup();
                for d in listed {
                    let k = values.iter().filter(|&&e| e == d).count();
                    let lits: Vec<Lit> = cells
                        .iter()
                        .flat_map(|&c| self.options(c))
                        .filter(|&(_, v)| v == d)
                        .map(|(l, _)| l)
                        .collect();
                    self.enc.cnf.at_least(k, &lits);
                }
            }
            Primitive::XSum { cells, total } => {
                for (lit, x) in self.options(cells[0]) {
                    if x < 1 || x as usize > cells.len() {
                        self.enc.cnf.clause([-lit]);
                    } else {
                        self.sum(&ones(&cells[..x as usize]), *total, Some(lit));
                    }
                }
            }
            Primitive::Ends { cells, kind } => {
                let n = cells.len();
                let (a, b) = (cells[0], cells[n - 1]);
                let lockout = match kind {
                    EndsKind::Lockout(difference) => {
                        self.pair(a, b, false, &|x, y| (x - y).abs() >= *difference);
                        true
                    }
                    EndsKind::Between => false,
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
            Primitive::Sandwich { cells, total } => self.sandwich(cells, *total),
            Primitive::Skyscraper { cells, count } => self.skyscraper(cells, *count as i64),
        }
        Ok(())
    }
}

/// Whether no two of `values` are equal.
fn distinct(values: &[i64]) -> bool {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len() == values.len()
}

/// Why `primitive` has no encoding here (over values all distinct or not),
/// if it has none.
fn refusal(primitive: &Primitive, distinct: bool) -> Option<Unsupported> {
    match primitive {
        // Both read "all different" off distinct values.
        Primitive::Run(_) if !distinct => Some(Unsupported::EqualValues("renban line")),
        Primitive::Contains { .. } if !distinct => Some(Unsupported::EqualValues("quadruple")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_formula_stops_at_its_clause_budget_and_its_time() {
        let graph = ConstraintGraph::load("sudoku9").unwrap();
        let empty = Puzzle::empty(81);
        let within = |clauses, budget| Encoding::restricted_within(&graph, &empty, clauses, budget);
        let whole = within(usize::MAX, Budget::unlimited()).unwrap();
        let count = whole.cnf().clauses().len();
        assert_eq!(
            within(count - 1, Budget::unlimited()).unwrap_err(),
            Unsupported::TooLarge(count - 1)
        );
        assert!(within(count, Budget::unlimited()).is_ok());
        let past = Budget::unlimited().until(std::time::Instant::now());
        assert_eq!(within(count, past).unwrap_err(), Unsupported::OutOfTime);
    }
}
