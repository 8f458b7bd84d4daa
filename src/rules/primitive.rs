//! The few forms every rule lowers to, and the one place it does
//! ([`lower`]): what the solver's builder, the optimizer and the SAT encoder
//! read instead of rule names.
//!
//! A primitive speaks of cells (indices) and colours (the symbols' indices;
//! their values are the variant's). The general ones carry most rules: a
//! linear [`Sum`] (cages, arrows, little killers, region sums, zippers), a
//! [`Relation`] over pairs of cells (thermometers, dots, XV, whispers,
//! palindromes, negative constraints), [`Primitive::Distinct`] cells (cages,
//! renban), [`Primitive::Allowed`] colours (odd and even cells) and an
//! [`Automaton`] along a line (regular-expression lines). A few rules whose
//! meaning is not local to pairs or sums keep a primitive of their own, with
//! its own propagator and encoding: runs of consecutive values (renban),
//! required values (quadruples), sandwiches, X-sums, skyscrapers and the
//! between and lockout lines.
//!
//! `verify` does not read primitives: it checks each rule from its sentence,
//! so that a wrong lowering shows as a rejected solution.

use std::sync::Arc;

use super::{Mark, Rule, neighbours, unmarked_pairs};
use crate::cell::Cell;

/// One lowered form of a rule.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Primitive {
    /// Σ weightᵢ · valueᵢ = total.
    Sum(Sum),
    /// The cells hold pairwise different colours.
    Distinct(Vec<usize>),
    /// Each pair of cells holds a pair of colours the relation allows (first
    /// cell's, second cell's).
    Pairs {
        /// The ordered pairs of cells.
        pairs: Vec<(usize, usize)>,
        /// The allowed pairs of colours.
        relation: Arc<Relation>,
    },
    /// Each cell holds one of the colours of the set (bit `c`: colour `c`).
    Allowed {
        /// The cells.
        cells: Vec<usize>,
        /// The colours they may hold.
        colours: u128,
    },
    /// The colours along the cells, in order, spell a word the automaton
    /// accepts.
    Line {
        /// The cells, in line order.
        cells: Vec<usize>,
        /// The automaton over colours.
        automaton: Arc<Automaton>,
    },
    /// The values of the cells form a set of consecutive numbers (with
    /// [`Primitive::Distinct`]: renban).
    Run(Vec<usize>),
    /// The cells hold each of these values, as many times as listed.
    Contains {
        /// The cells.
        cells: Vec<usize>,
        /// The values, repeated as often as required.
        values: Vec<i64>,
    },
    /// The values between the least and the greatest value of the cells sum
    /// to the total.
    Sandwich {
        /// The row or column, in order.
        cells: Vec<usize>,
        /// The sum between the extremes.
        total: i64,
    },
    /// The first X values sum to the total, X being the first value.
    XSum {
        /// The row or column from the clue.
        cells: Vec<usize>,
        /// The sum.
        total: i64,
    },
    /// As many values are seen from the first cell, a value hiding every
    /// lower one behind it.
    Skyscraper {
        /// The row or column from the clue.
        cells: Vec<usize>,
        /// How many are seen.
        count: usize,
    },
    /// The inner cells against the two ends (first and last).
    Ends {
        /// The line, ends first and last.
        cells: Vec<usize>,
        /// Between or lockout.
        kind: EndsKind,
    },
}

/// How a line's inner cells relate to its ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndsKind {
    /// Strictly between the ends.
    Between,
    /// Outside the ends' range, the ends at least this far apart.
    Lockout(i64),
}

/// A linear equation over cells.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sum {
    /// The cells (each once).
    pub cells: Vec<usize>,
    /// One integer weight per cell.
    pub weights: Vec<i64>,
    /// The total.
    pub total: i64,
}

impl Sum {
    /// Σ weights · values = total, a cell listed twice taking the sum of its
    /// weights, and cells of weight 0 left out.
    pub fn new(cells: &[usize], weights: &[i64], total: i64) -> Self {
        let mut merged: Vec<(usize, i64)> = Vec::with_capacity(cells.len());
        for (&c, &w) in cells.iter().zip(weights) {
            match merged.iter_mut().find(|(d, _)| *d == c) {
                Some((_, x)) => *x += w,
                None => merged.push((c, w)),
            }
        }
        merged.retain(|&(_, w)| w != 0);
        Sum {
            cells: merged.iter().map(|p| p.0).collect(),
            weights: merged.iter().map(|p| p.1).collect(),
            total,
        }
    }

    /// The plain sum of `cells` (every weight 1).
    pub fn plain(cells: &[usize], total: i64) -> Self {
        Sum::new(cells, &vec![1; cells.len()], total)
    }

    /// Whether every weight is 1.
    pub fn is_plain(&self) -> bool {
        self.weights.iter().all(|&w| w == 1)
    }
}

/// A relation between two cells' colours, as a table: row `x` holds the
/// colours the second cell may take when the first takes `x`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Relation {
    rows: Vec<u128>,
}

impl Relation {
    /// The relation `allows(first value, second value)` over `values` (the
    /// value of each colour, at most 128 colours).
    pub fn new(values: &[i64], allows: impl Fn(i64, i64) -> bool) -> Self {
        let rows = values
            .iter()
            .map(|&a| {
                (values.iter().enumerate())
                    .filter(|&(_, &b)| allows(a, b))
                    .fold(0u128, |row, (y, _)| row | 1 << y)
            })
            .collect();
        Relation { rows }
    }

    /// The colours the second cell may take when the first takes `x`.
    pub fn row(&self, x: usize) -> u128 {
        self.rows[x]
    }

    /// How many colours it is over.
    pub fn colours(&self) -> usize {
        self.rows.len()
    }

    /// Whether the pair of colours (`x`, `y`) is allowed.
    pub fn allows(&self, x: usize, y: usize) -> bool {
        self.rows[x] >> y & 1 == 1
    }

    /// The same relation read from the second cell to the first.
    pub fn transposed(&self) -> Relation {
        let k = self.rows.len();
        let rows = (0..k)
            .map(|y| {
                (0..k)
                    .filter(|&x| self.allows(x, y))
                    .fold(0, |r, x| r | 1 << x)
            })
            .collect();
        Relation { rows }
    }

    /// The pairs both allow.
    pub fn and(&self, other: &Relation) -> Relation {
        let rows = self
            .rows
            .iter()
            .zip(&other.rows)
            .map(|(a, b)| a & b)
            .collect();
        Relation { rows }
    }
}

/// A nondeterministic finite automaton over colours: what a line's colours,
/// read in order, may spell.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Automaton {
    /// Per state, its moves: (next state, the colours that lead there).
    moves: Vec<Vec<(u32, u128)>>,
    /// The states it starts in.
    start: Vec<u32>,
    /// The states that accept.
    accept: Vec<bool>,
}

/// The most states an automaton may have (a regular expression that needs
/// more is refused).
pub const AUTOMATON_STATES_MAX: usize = 4096;

impl Automaton {
    /// An automaton of `states` states, starting in `start`, accepting in
    /// `accept`, with the moves `edges`: (from, colour, to).
    pub fn new(
        states: usize,
        start: Vec<u32>,
        accept: Vec<bool>,
        edges: impl IntoIterator<Item = (u32, usize, u32)>,
    ) -> Self {
        let mut moves: Vec<Vec<(u32, u128)>> = vec![Vec::new(); states];
        for (from, colour, to) in edges {
            let list = &mut moves[from as usize];
            match list.iter_mut().find(|(t, _)| *t == to) {
                Some((_, colours)) => *colours |= 1 << colour,
                None => list.push((to, 1 << colour)),
            }
        }
        Automaton {
            moves,
            start,
            accept,
        }
    }

    /// The automaton of a regular expression over the values of the colours
    /// (`values`), a value read as its character: `0`–`9`, then `A`–`Z` (or
    /// `a`–`z`) for 10 to 35, so that `[1-4]+9` is one to four low digits,
    /// then a 9. The whole line must match (the pattern is anchored at both
    /// ends); white space in the pattern is ignored. Any syntax of the `regex`
    /// crate is accepted.
    ///
    /// # Errors
    /// The pattern does not parse, a value has no character, or the
    /// automaton needs more than [`AUTOMATON_STATES_MAX`] states.
    ///
    /// # Example
    /// ```
    /// use graphdoku::rules::primitive::Automaton;
    /// let values: Vec<i64> = (1..=9).collect();
    /// let a = Automaton::from_regex("[1-3]*9", &values).unwrap();
    /// // Colours are indices: colour 0 is the value 1, colour 8 the value 9.
    /// assert!(a.matches(&[0, 2, 8]));
    /// assert!(!a.matches(&[0, 3, 8]));
    /// assert!(!a.matches(&[8, 0]));
    /// ```
    pub fn from_regex(pattern: &str, values: &[i64]) -> Result<Automaton, String> {
        use regex_automata::dfa::{Automaton as _, dense};
        use regex_automata::util::start;
        use regex_automata::{Anchored, util::primitives::StateID};
        let pattern: String = pattern.chars().filter(|c| !c.is_whitespace()).collect();
        // Each colour's characters (a letter in both cases).
        let mut bytes: Vec<(usize, u8)> = Vec::new();
        for (colour, &v) in values.iter().enumerate() {
            match v {
                0..=9 => bytes.push((colour, b'0' + v as u8)),
                10..=35 => {
                    bytes.push((colour, b'A' + (v - 10) as u8));
                    bytes.push((colour, b'a' + (v - 10) as u8));
                }
                _ => {
                    return Err(format!(
                        "the value {v} has no character (values 0 to 35 do)"
                    ));
                }
            }
        }
        let dfa = dense::Builder::new()
            .syntax(
                regex_automata::util::syntax::Config::new()
                    .unicode(false)
                    .utf8(false),
            )
            .configure(dense::Config::new().start_kind(regex_automata::dfa::StartKind::Anchored))
            .build(&format!("(?:{pattern})$"))
            .map_err(|e| format!("the pattern {pattern:?} does not parse: {e}"))?;
        let first = dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
            .map_err(|e| e.to_string())?;
        // The states reachable from the start on the colours' characters.
        let mut index: std::collections::HashMap<StateID, u32> = Default::default();
        let mut order = vec![first];
        index.insert(first, 0);
        let mut edges = Vec::new();
        let mut at = 0;
        while at < order.len() {
            let state = order[at];
            for &(colour, byte) in &bytes {
                let next = dfa.next_state(state, byte);
                if dfa.is_dead_state(next) {
                    continue;
                }
                let id = *index.entry(next).or_insert_with(|| {
                    order.push(next);
                    (order.len() - 1) as u32
                });
                edges.push((at as u32, colour, id));
            }
            if order.len() > AUTOMATON_STATES_MAX {
                return Err(format!(
                    "the pattern {pattern:?} needs more than {AUTOMATON_STATES_MAX} states"
                ));
            }
            at += 1;
        }
        let accept = (order.iter())
            .map(|&s| dfa.is_match_state(dfa.next_eoi_state(s)))
            .collect();
        Ok(Automaton::new(order.len(), vec![0], accept, edges))
    }

    /// The automaton whose states are the values of `S` reachable from
    /// `starts` by `step` (the state after reading a colour, or `None` where
    /// no word goes on from there), accepting where `accepts` says.
    ///
    /// # Errors
    /// More than [`AUTOMATON_STATES_MAX`] states are reachable.
    ///
    /// # Example
    /// ```
    /// use graphdoku::rules::primitive::Automaton;
    /// // Colours 0 and 1; the words with an even count of 1s.
    /// let even = Automaton::explore(vec![false], 2, |&odd, c| Some(odd ^ (c == 1)), |&odd| !odd)
    ///     .unwrap();
    /// assert!(even.matches(&[1, 0, 1]) && !even.matches(&[1, 0]));
    /// ```
    pub fn explore<S: Clone + Eq + std::hash::Hash>(
        starts: Vec<S>,
        colours: usize,
        step: impl Fn(&S, usize) -> Option<S>,
        accepts: impl Fn(&S) -> bool,
    ) -> Result<Automaton, String> {
        let mut index: std::collections::HashMap<S, u32> = Default::default();
        let mut order: Vec<S> = Vec::new();
        let mut number = |s: S, order: &mut Vec<S>| {
            *index.entry(s.clone()).or_insert_with(|| {
                order.push(s);
                (order.len() - 1) as u32
            })
        };
        let start: Vec<u32> = starts.into_iter().map(|s| number(s, &mut order)).collect();
        let mut edges = Vec::new();
        let mut at = 0;
        while at < order.len() {
            for colour in 0..colours {
                if let Some(next) = step(&order[at], colour) {
                    let to = number(next, &mut order);
                    edges.push((at as u32, colour, to));
                }
            }
            if order.len() > AUTOMATON_STATES_MAX {
                return Err(format!(
                    "its automaton needs more than {AUTOMATON_STATES_MAX} states"
                ));
            }
            at += 1;
        }
        let accept = order.iter().map(accepts).collect();
        Ok(Automaton::new(order.len(), start, accept, edges))
    }

    /// How many states it has.
    pub fn states(&self) -> usize {
        self.accept.len()
    }

    /// The states it starts in.
    pub fn start(&self) -> &[u32] {
        &self.start
    }

    /// Whether `state` accepts.
    pub fn accepts(&self, state: u32) -> bool {
        self.accept[state as usize]
    }

    /// The moves of `state`: (next state, the colours that lead there).
    pub fn moves(&self, state: u32) -> &[(u32, u128)] {
        &self.moves[state as usize]
    }

    /// Whether it accepts the colours `word`, read in order.
    pub fn matches(&self, word: &[u8]) -> bool {
        let mut now: Vec<u32> = self.start.clone();
        for &c in word {
            let mut then: Vec<u32> = (now.iter())
                .flat_map(|&s| self.moves(s).iter())
                .filter(|&&(_, colours)| colours >> c & 1 == 1)
                .map(|&(t, _)| t)
                .collect();
            then.sort_unstable();
            then.dedup();
            now = then;
        }
        now.iter().any(|&s| self.accepts(s))
    }
}

/// The sum line's automaton: the partial sum of the segment being read; on
/// a closed loop also the part of a segment that runs past the last cell
/// back to the first, guessed at the start and met at the end.
///
/// # Errors
/// A value below 1, a total below 1, or too many states.
pub fn sum_line(values: &[i64], total: i64, closed: bool) -> Result<Automaton, String> {
    if values.iter().any(|&v| v < 1) || total < 1 {
        return Err("needs values and a total of at least 1".into());
    }
    let starts: Vec<(i64, i64)> = match closed {
        true => (0..total).map(|g| (g, g)).collect(),
        false => vec![(0, 0)],
    };
    Automaton::explore(
        starts,
        values.len(),
        |&(guess, part), c| match part + values[c] {
            p if p < total => Some((guess, p)),
            p if p == total => Some((guess, 0)),
            _ => None,
        },
        |&(guess, part)| part == guess,
    )
}

/// The lunchbox's automaton: its smallest and largest value guessed at the
/// start; then before the first of them, between them (with the sum so far,
/// and which was first), after both.
///
/// # Errors
/// A negative value or total, or too many states.
pub fn lunchbox(values: &[i64], total: i64) -> Result<Automaton, String> {
    if values.iter().any(|&v| v < 0) || total < 0 {
        return Err("needs values and a total of at least 0".into());
    }
    // (smallest, largest, phase, sum): phase 0 before both, 1 after the
    // smallest, 2 after the largest, 3 after both.
    let mut starts = Vec::new();
    for &lo in values {
        for &hi in values.iter().filter(|&&hi| hi > lo) {
            starts.push((lo, hi, 0u8, 0i64));
        }
    }
    Automaton::explore(
        starts,
        values.len(),
        |&(lo, hi, phase, sum), c| {
            let v = values[c];
            let end = v == lo || v == hi;
            match phase {
                _ if v < lo || v > hi => None,
                0 if v == lo => Some((lo, hi, 1, 0)),
                0 if v == hi => Some((lo, hi, 2, 0)),
                1 | 2 if end && v == [hi, lo][phase as usize - 1] => {
                    (sum == total).then_some((lo, hi, 3, 0))
                }
                1 | 2 if !end => (sum + v <= total).then_some((lo, hi, phase, sum + v)),
                0 | 3 if !end => Some((lo, hi, phase, sum)),
                _ => None,
            }
        },
        |&(_, _, phase, _)| phase == 3,
    )
}

/// The rellik cage's automaton over its `cells` cells: the colours read so
/// far, each once, no one or more of their values summing to `total`.
///
/// # Errors
/// Too many states.
pub fn rellik(values: &[i64], cells: usize, total: i64) -> Result<Automaton, String> {
    Automaton::explore(
        vec![0u128],
        values.len(),
        |&used, c| {
            if used >> c & 1 == 1 || used.count_ones() as usize >= cells {
                return None;
            }
            // The sums of the subsets of what was read, with the new value.
            let mut sums = vec![0i64];
            for u in (0..values.len()).filter(|&u| used >> u & 1 == 1) {
                let more: Vec<i64> = sums.iter().map(|s| s + values[u]).collect();
                sums.extend(more);
            }
            let hits = sums.iter().any(|s| s + values[c] == total);
            (!hits).then_some(used | 1 << c)
        },
        |_| true,
    )
}

/// The equality cage's automaton over its `cells` cells: evens less odds,
/// lows less highs; the middle of an odd count of values never read.
///
/// # Errors
/// Too many states.
pub fn equality(values: &[i64], cells: usize) -> Result<Automaton, String> {
    let (n, rank) = ranks(values);
    let bound = cells as i64;
    Automaton::explore(
        vec![(0i64, 0i64)],
        values.len(),
        |&(parity, height), c| {
            let v = values[c];
            let height = match rank(v) {
                r if n % 2 == 1 && r == n / 2 => return None,
                r if r < n / 2 => height + 1,
                _ => height - 1,
            };
            let parity = parity + if v.rem_euclid(2) == 0 { 1 } else { -1 };
            (parity.abs() <= bound && height.abs() <= bound).then_some((parity, height))
        },
        |&state| state == (0, 0),
    )
}

/// The value-indexing line's automaton over its `indexed` cells after the
/// first two: (the first value, the second, the indexed cells read), the
/// dth of them the first value again.
fn value_indexing(values: &[i64], indexed: usize) -> Automaton {
    // (first colour, second value, cells read after the second); -1 unread.
    Automaton::explore(
        vec![(usize::MAX, -1i64, 0usize)],
        values.len(),
        |&(first, d, read), c| match (first, d) {
            (usize::MAX, _) => Some((c, -1, 0)),
            (_, -1) => (1..=indexed as i64)
                .contains(&values[c])
                .then_some((first, values[c], 0)),
            _ if read as i64 + 1 == d => (c == first).then_some((first, d, read + 1)),
            _ => (read < indexed).then_some((first, d, read + 1)),
        },
        |&(first, d, read)| first != usize::MAX && d >= 1 && read == indexed,
    )
    .expect("at most values² × cells states")
}

/// How many distinct values there are, and each value's rank among them
/// (0 the lowest).
fn ranks(values: &[i64]) -> (usize, impl Fn(i64) -> usize) {
    let mut distinct = values.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let n = distinct.len();
    let rank = move |v| distinct.binary_search(&v).expect("a value of the list");
    (n, rank)
}

/// The third of the values (0 low, 1 middle, 2 high) a value is in.
fn thirds(values: &[i64]) -> impl Fn(i64) -> usize {
    let (n, rank) = ranks(values);
    move |v| rank(v) * 3 / n
}

/// A 2×2 square's automaton: the classes (0, 1, 2) of the values read so
/// far; it accepts when all three were read.
fn three_classes(values: &[i64], class: impl Fn(i64) -> usize) -> Automaton {
    Automaton::explore(
        vec![0u8],
        values.len(),
        |&seen, c| Some(seen | 1 << class(values[c])),
        |&seen| seen == 0b111,
    )
    .expect("eight states at most")
}

/// A primitive and the rule it comes from (an index into the graph's rules).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lowered {
    /// The primitive.
    pub primitive: Primitive,
    /// The rule's index.
    pub rule: usize,
}

/// What lowering needs of the variant.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// Every cell (for orthogonal neighbours).
    pub cells: &'a [Cell],
    /// The value of each colour.
    pub values: &'a [i64],
}

/// Every rule of `rules` as primitives, in rule order; a rule written twice
/// is lowered once.
///
/// # Example
/// ```
/// use graphdoku::rules::Rule;
/// use graphdoku::rules::primitive::{Context, Primitive, Sum, lower};
/// let values: Vec<i64> = (1..=9).collect();
/// let cage = Rule::Killer { cells: vec![0, 1], total: Some(3) };
/// let lowered = lower(&[cage], Context { cells: &[], values: &values });
/// assert_eq!(lowered[0].primitive, Primitive::Distinct(vec![0, 1]));
/// assert_eq!(lowered[1].primitive, Primitive::Sum(Sum::plain(&[0, 1], 3)));
/// ```
pub fn lower(rules: &[Rule], cx: Context<'_>) -> Vec<Lowered> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (index, rule) in rules.iter().enumerate() {
        if !seen.insert(rule) {
            continue;
        }
        out.extend(rule.lower(rules, cx).into_iter().map(|primitive| Lowered {
            primitive,
            rule: index,
        }));
    }
    out
}

/// The groups of cells `lowered` holds distinct.
pub fn distinct(lowered: &[Lowered]) -> impl Iterator<Item = &[usize]> {
    lowered.iter().filter_map(|l| match &l.primitive {
        Primitive::Distinct(cells) => Some(cells.as_slice()),
        _ => None,
    })
}

/// The cells `lowered` restricts to some colours, with those colours.
pub fn allowed(lowered: &[Lowered]) -> impl Iterator<Item = (&[usize], u128)> {
    lowered.iter().filter_map(|l| match &l.primitive {
        Primitive::Allowed { cells, colours } => Some((cells.as_slice(), *colours)),
        _ => None,
    })
}

/// Consecutive cells of a line, as pairs.
fn chain(cells: &[usize]) -> Vec<(usize, usize)> {
    cells.windows(2).map(|w| (w[0], w[1])).collect()
}

/// Pairs of cells at most `reach` apart along a line.
fn near(cells: &[usize], reach: usize) -> Vec<(usize, usize)> {
    (0..cells.len())
        .flat_map(|i| (i + 1..cells.len().min(i + reach + 1)).map(move |j| (i, j)))
        .map(|(i, j)| (cells[i], cells[j]))
        .collect()
}

impl Rule {
    /// This rule as primitives (`rules`: every rule of the variant, which the
    /// negative constraints read their marks from).
    pub fn lower(&self, rules: &[Rule], cx: Context<'_>) -> Vec<Primitive> {
        let values = cx.values;
        let pairs =
            |pairs: Vec<(usize, usize)>, allows: &dyn Fn(i64, i64) -> bool| Primitive::Pairs {
                pairs,
                relation: Arc::new(Relation::new(values, allows)),
            };
        let sum = |cells: &[usize], weights: &[i64], total: i64| {
            Primitive::Sum(Sum::new(cells, weights, total))
        };
        let plain = |cells: &[usize], total: i64| Primitive::Sum(Sum::plain(cells, total));
        let line = |cells: &[usize], automaton: Automaton| Primitive::Line {
            cells: cells.to_vec(),
            automaton: Arc::new(automaton),
        };
        match self {
            Rule::Killer { cells, total } => {
                let mut out = vec![Primitive::Distinct(cells.clone())];
                out.extend(total.map(|t| plain(cells, t)));
                out
            }
            Rule::Cage { cells, total } | Rule::LittleKiller { cells, total, .. } => {
                vec![plain(cells, *total)]
            }
            Rule::Arrow { circle, line } => {
                let mut cells = circle.clone();
                cells.extend(line);
                let mut weights: Vec<i64> = (0..circle.len())
                    .rev()
                    .map(|p| 10i64.pow(p as u32))
                    .collect();
                weights.extend(line.iter().map(|_| -1));
                vec![sum(&cells, &weights, 0)]
            }
            Rule::Sum {
                cells,
                weights,
                total,
            } => vec![sum(cells, weights, *total)],
            Rule::Thermometer(cells) => vec![pairs(chain(cells), &|a, b| a < b)],
            Rule::SlowThermometer(cells) => vec![pairs(chain(cells), &|a, b| a <= b)],
            Rule::Difference { cells, value } => {
                vec![pairs(vec![*cells], &|a, b| (a - b).abs() == *value)]
            }
            Rule::Ratio { cells, value } => {
                vec![pairs(vec![*cells], &|a, b| {
                    a == value * b || b == value * a
                })]
            }
            Rule::Xv { cells, sum } => vec![pairs(vec![*cells], &|a, b| a + b == *sum)],
            Rule::Negative(mark) => {
                let allows: &dyn Fn(i64, i64) -> bool = match mark {
                    Mark::Difference => &|a, b| (a - b).abs() != 1,
                    Mark::Ratio => &|a, b| a != 2 * b && b != 2 * a,
                    Mark::XV => &|a, b| a + b != 10 && a + b != 5,
                };
                vec![pairs(unmarked_pairs(cx.cells, rules, *mark), allows)]
            }
            Rule::NonConsecutive => vec![pairs(
                unmarked_pairs(cx.cells, rules, Mark::Difference),
                &|a, b| (a - b).abs() != 1,
            )],
            Rule::Whispers { cells, difference } => {
                vec![pairs(chain(cells), &|a, b| (a - b).abs() >= *difference)]
            }
            Rule::Renban(cells) => vec![
                Primitive::Distinct(cells.clone()),
                Primitive::Run(cells.clone()),
            ],
            Rule::Parity { cells, odd } => {
                let colours = (values.iter().enumerate())
                    .filter(|&(_, v)| (v.rem_euclid(2) == 1) == *odd)
                    .fold(0u128, |set, (c, _)| set | 1 << c);
                vec![Primitive::Allowed {
                    cells: cells.clone(),
                    colours,
                }]
            }
            Rule::Relation {
                pairs: cells,
                allowed,
            } => {
                let allowed: std::collections::HashSet<(i64, i64)> =
                    allowed.iter().copied().collect();
                let mut out = vec![pairs(cells.clone(), &|a, b| allowed.contains(&(a, b)))];
                // A relation no equal values satisfy holds each pair apart:
                // neighbours for the search and the logic, as a cage's are.
                if values.iter().all(|&v| !allowed.contains(&(v, v))) {
                    out.extend(cells.iter().map(|&(a, b)| Primitive::Distinct(vec![a, b])));
                }
                out
            }
            Rule::Sandwich { cells, total, .. } => vec![Primitive::Sandwich {
                cells: cells.clone(),
                total: *total,
            }],
            Rule::XSum { cells, total, .. } => vec![Primitive::XSum {
                cells: cells.clone(),
                total: *total,
            }],
            Rule::Skyscraper { cells, count, .. } => vec![Primitive::Skyscraper {
                cells: cells.clone(),
                count: (*count).max(0) as usize,
            }],
            Rule::Between(cells) => vec![Primitive::Ends {
                cells: cells.clone(),
                kind: EndsKind::Between,
            }],
            Rule::Lockout { cells, difference } => vec![Primitive::Ends {
                cells: cells.clone(),
                kind: EndsKind::Lockout(*difference),
            }],
            Rule::Quadruple { cells, digits } => vec![Primitive::Contains {
                cells: cells.clone(),
                values: digits.clone(),
            }],
            Rule::Extremum { cells, minimum } => {
                let around = (cells.iter())
                    .flat_map(|&c| neighbours(cx.cells, c).into_iter().map(move |d| (c, d)))
                    .collect();
                let less: &dyn Fn(i64, i64) -> bool = match minimum {
                    true => &|a, b| a < b,
                    false => &|a, b| a > b,
                };
                vec![pairs(around, less)]
            }
            Rule::GreaterThan { cells } => vec![pairs(vec![*cells], &|a, b| a > b)],
            Rule::RegionSum { segments } => (segments[1..].iter())
                .map(|later| {
                    let mut cells = segments[0].clone();
                    cells.extend(later);
                    let mut weights = vec![1; segments[0].len()];
                    weights.extend(later.iter().map(|_| -1));
                    sum(&cells, &weights, 0)
                })
                .collect(),
            Rule::Palindrome(cells) => {
                let n = cells.len();
                let mirror = (0..n / 2).map(|i| (cells[i], cells[n - 1 - i])).collect();
                vec![pairs(mirror, &|a, b| a == b)]
            }
            Rule::Clone(a, b) => {
                vec![pairs(
                    a.iter().copied().zip(b.iter().copied()).collect(),
                    &|a, b| a == b,
                )]
            }
            Rule::Zipper(cells) => {
                let n = cells.len();
                let mut out = Vec::new();
                for i in 0..n / 2 {
                    let (a, b) = (cells[i], cells[n - 1 - i]);
                    let against = match n % 2 {
                        1 => vec![cells[n / 2]],
                        _ if i == 0 => continue,
                        _ => vec![cells[0], cells[n - 1]],
                    };
                    let mut all = vec![a, b];
                    all.extend(&against);
                    let mut weights = vec![1, 1];
                    weights.extend(against.iter().map(|_| -1));
                    out.push(sum(&all, &weights, 0));
                }
                out
            }
            Rule::DoubleArrow(cells) => {
                let n = cells.len();
                let mut weights = vec![-1; n];
                (weights[0], weights[n - 1]) = (1, 1);
                vec![sum(cells, &weights, 0)]
            }
            Rule::Entropic(cells) => {
                let third = thirds(values);
                vec![pairs(near(cells, 2), &|a, b| third(a) != third(b))]
            }
            Rule::Modular(cells) => vec![pairs(near(cells, 2), &|a, b| {
                a.rem_euclid(3) != b.rem_euclid(3)
            })],
            Rule::Nabner(cells) => vec![
                Primitive::Distinct(cells.clone()),
                pairs(near(cells, cells.len()), &|a, b| (a - b).abs() >= 2),
            ],
            Rule::SumLine {
                cells,
                total,
                closed,
            } => vec![line(
                cells,
                sum_line(values, *total, *closed).expect("checked when the rule was read"),
            )],
            Rule::Lunchbox { cells, total } => vec![
                Primitive::Distinct(cells.clone()),
                line(
                    cells,
                    lunchbox(values, *total).expect("checked when the rule was read"),
                ),
            ],
            Rule::RellikCage { cells, total } => vec![
                Primitive::Distinct(cells.clone()),
                line(
                    cells,
                    rellik(values, cells.len(), *total).expect("checked when the rule was read"),
                ),
            ],
            Rule::EqualityCage(cells) => vec![
                Primitive::Distinct(cells.clone()),
                line(
                    cells,
                    equality(values, cells.len()).expect("a bounded count of states"),
                ),
            ],
            Rule::GlobalEntropy(squares) | Rule::GlobalModular(squares) => {
                let automaton = Arc::new(match self {
                    Rule::GlobalEntropy(_) => three_classes(values, thirds(values)),
                    _ => three_classes(values, |v| v.rem_euclid(3) as usize),
                });
                (squares.iter())
                    .map(|square| Primitive::Line {
                        cells: square.to_vec(),
                        automaton: automaton.clone(),
                    })
                    .collect()
            }
            Rule::AntiTaxicab(all) => {
                let mut distances: Vec<i64> = all.iter().map(|&(_, _, d)| d).collect();
                distances.sort_unstable();
                distances.dedup();
                (distances.into_iter())
                    .map(|d| {
                        let at_d = (all.iter())
                            .filter(|&&(_, _, e)| e == d)
                            .map(|&(a, b, _)| (a, b))
                            .collect();
                        pairs(at_d, &|a, b| a != d || b != d)
                    })
                    .collect()
            }
            Rule::Indexing { lines, .. } => {
                // The indexing cell holding k says: the kth cell holds its place.
                let mut out = Vec::new();
                for (cells, at) in lines {
                    let place = *at as i64 + 1;
                    for (k, &other) in cells.iter().enumerate().filter(|&(k, _)| k != *at) {
                        let k = k as i64 + 1;
                        out.push(pairs(vec![(cells[*at], other)], &|a, b| {
                            a != k || b == place
                        }));
                    }
                }
                out
            }
            Rule::NumberedRoom { cells, value, .. } => {
                // The first digit is a place on the line, itself only if the
                // clue is 1; the cell it names holds the clue.
                let n = cells.len() as i64;
                let colours = (values.iter().enumerate())
                    .filter(|&(_, &v)| (1..=n).contains(&v) && (v != 1 || *value == 1))
                    .fold(0u128, |set, (c, _)| set | 1 << c);
                let mut out = vec![Primitive::Allowed {
                    cells: vec![cells[0]],
                    colours,
                }];
                for (k, &other) in cells.iter().enumerate().skip(1) {
                    let k = k as i64 + 1;
                    out.push(pairs(vec![(cells[0], other)], &|a, b| {
                        a != k || b == *value
                    }));
                }
                out
            }
            Rule::EqualSum(groups) => {
                let first = &groups[0];
                (groups[1..].iter())
                    .map(|group| {
                        let cells: Vec<usize> = group.iter().chain(first).copied().collect();
                        let weights: Vec<i64> = (group.iter().map(|_| 1))
                            .chain(first.iter().map(|_| -1))
                            .collect();
                        Sum::new(&cells, &weights, 0)
                    })
                    .filter(|s| !s.cells.is_empty())
                    .map(Primitive::Sum)
                    .collect()
            }
            Rule::ValueIndexing(cells) => {
                vec![line(cells, value_indexing(values, cells.len() - 2))]
            }
            Rule::Candidates {
                cells,
                values: listed,
            } => {
                let colours = (values.iter().enumerate())
                    .filter(|(_, v)| listed.contains(v))
                    .fold(0u128, |set, (c, _)| set | 1 << c);
                vec![Primitive::Allowed {
                    cells: cells.clone(),
                    colours,
                }]
            }
            Rule::Regex { cells, pattern } => vec![Primitive::Line {
                cells: cells.clone(),
                automaton: Arc::new(
                    Automaton::from_regex(pattern, values).expect("checked when the rule was read"),
                ),
            }],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_merges_repeated_cells_and_drops_zero_weights() {
        let s = Sum::new(&[3, 4, 3, 5], &[1, 2, -1, 0], 7);
        assert_eq!((s.cells, s.weights, s.total), (vec![4], vec![2], 7));
    }

    #[test]
    fn a_relation_reads_both_ways() {
        let values: Vec<i64> = (1..=9).collect();
        let less = Relation::new(&values, |a, b| a < b);
        assert!(less.allows(0, 1) && !less.allows(1, 0));
        let greater = less.transposed();
        assert!(greater.allows(1, 0) && !greater.allows(0, 1));
        assert_eq!(less.and(&greater).row(4), 0);
    }

    #[test]
    fn an_automaton_reads_a_word() {
        // Colours 0 and 1: words ending in 1.
        let a = Automaton::new(
            2,
            vec![0],
            vec![false, true],
            [(0, 0, 0), (0, 1, 1), (1, 0, 0), (1, 1, 1)],
        );
        assert!(a.matches(&[0, 0, 1]));
        assert!(!a.matches(&[1, 0]));
        assert!(!a.matches(&[]));
    }

    #[test]
    fn a_rule_written_twice_is_lowered_once() {
        let values: Vec<i64> = (1..=9).collect();
        let rules = vec![
            Rule::Thermometer(vec![0, 1, 2]),
            Rule::Thermometer(vec![0, 1, 2]),
        ];
        let lowered = lower(
            &rules,
            Context {
                cells: &[],
                values: &values,
            },
        );
        assert_eq!(lowered.len(), 1);
    }
}
