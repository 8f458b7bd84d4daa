//! Checking a solution against the constraint graph, independently of the solver.
//!
//! Nothing here shares code with [`crate::solver`]: it reads the graph's houses
//! and edges (as flat arrays, and the petgraph edges to name a broken rule), and
//! checks each rule on values from its definition (the sum, the order, the
//! pair), so a solver bug cannot hide itself.

use std::fmt;

use petgraph::visit::EdgeRef;

use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};
use crate::rules::{Mark, Rule};

/// The first rule a colouring breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// The solution does not have one colour per cell.
    WrongSize {
        /// Cells in the graph.
        expected: usize,
        /// Colours in the solution.
        found: usize,
    },
    /// A colour outside the alphabet.
    BadColour {
        /// Cell name.
        cell: String,
    },
    /// A given was changed.
    GivenChanged {
        /// Cell name.
        cell: String,
    },
    /// Two adjacent cells share a colour.
    SameColour {
        /// One cell.
        first: String,
        /// The other.
        second: String,
    },
    /// A house with one cell per symbol misses a symbol.
    MissingSymbol {
        /// House name.
        house: String,
        /// The symbol.
        symbol: String,
    },
    /// A rule on values does not hold.
    RuleBroken {
        /// The rule's name (`killer cage`, `thermometer`, …).
        rule: String,
        /// The cells where it fails, by name.
        cells: Vec<String>,
        /// What is wrong.
        why: String,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::WrongSize { expected, found } => {
                write!(f, "{found} colours for {expected} cells")
            }
            Violation::BadColour { cell } => write!(f, "{cell} holds no valid symbol"),
            Violation::GivenChanged { cell } => write!(f, "the given at {cell} was changed"),
            Violation::SameColour { first, second } => {
                write!(f, "{first} and {second} must differ but are equal")
            }
            Violation::MissingSymbol { house, symbol } => write!(f, "{house} lacks {symbol}"),
            Violation::RuleBroken { rule, cells, why } => {
                write!(f, "{rule} at {}: {why}", cells.join(", "))
            }
        }
    }
}

impl std::error::Error for Violation {}

/// Checks that `solution` is a proper colouring of `graph` extending `puzzle`.
///
/// # Errors
/// The first [`Violation`] found.
///
/// # Example
/// ```
/// use graphdoku::{verify, ConstraintGraph, Puzzle, Solution};
/// let g = ConstraintGraph::load("sudoku4").unwrap();
/// let bad = Solution::new(vec![0; 16]);
/// assert!(verify(&g, &Puzzle::empty(16), &bad).is_err());
/// ```
pub fn verify(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    solution: &Solution,
) -> Result<(), Violation> {
    let colours = solution.colours();
    let cells = graph.cells();
    if colours.len() != cells.len() || puzzle.givens().len() != cells.len() {
        return Err(Violation::WrongSize {
            expected: cells.len(),
            found: colours.len(),
        });
    }
    // The common case in a pass or two over flat arrays; the rest of this
    // function only names what is wrong.
    if graph.flat().proper_extension(puzzle.givens(), colours) {
        return check_rules(graph, colours);
    }
    let symbols = graph.alphabet().len();
    for (i, &colour) in colours.iter().enumerate() {
        if colour as usize >= symbols || graph.allowed(i).is_some_and(|a| !a.contains(&colour)) {
            return Err(Violation::BadColour {
                cell: cells[i].name.clone(),
            });
        }
        if puzzle.givens()[i].is_some_and(|given| given != colour) {
            return Err(Violation::GivenChanged {
                cell: cells[i].name.clone(),
            });
        }
    }
    for edge in graph.graph().edge_references() {
        let (a, b) = (edge.source().index(), edge.target().index());
        if colours[a] == colours[b] {
            return Err(Violation::SameColour {
                first: cells[a].name.clone(),
                second: cells[b].name.clone(),
            });
        }
    }
    for house in graph.houses().iter().filter(|h| h.cells.len() == symbols) {
        let mut present = vec![false; symbols];
        for &cell in &house.cells {
            present[colours[cell] as usize] = true;
        }
        if let Some(missing) = present.iter().position(|&p| !p) {
            return Err(Violation::MissingSymbol {
                house: house.name.clone(),
                symbol: graph.alphabet().symbol(missing as u8).to_string(),
            });
        }
    }
    check_rules(graph, colours)
}

/// Checks every rule on values of `graph` against a colouring of proper
/// colours, each from its definition (the sum, the order, the pair).
fn check_rules(graph: &ConstraintGraph, colours: &[u8]) -> Result<(), Violation> {
    let rules = graph.rules();
    if rules.is_empty() {
        return Ok(());
    }
    let values = graph
        .values()
        .expect("a graph with rules has symbol values");
    let value = |cell: usize| values[colours[cell] as usize];
    let names = |cells: &[usize]| -> Vec<String> {
        cells
            .iter()
            .map(|&c| graph.cells()[c].name.clone())
            .collect()
    };
    // A rule written twice holds once it holds.
    let mut checked = std::collections::HashSet::new();
    for rule in rules.iter().filter(|&r| checked.insert(r)) {
        let broken = |cells: &[usize], why: String| Violation::RuleBroken {
            rule: rule.name().to_string(),
            cells: names(cells),
            why,
        };
        let sum = |cells: &[usize]| cells.iter().map(|&c| value(c)).sum::<i64>();
        let repeat = |cells: &[usize]| {
            (0..cells.len()).find(|&i| cells[..i].iter().any(|&d| colours[d] == colours[cells[i]]))
        };
        // A pair rule: the first pair of `pairs` whose values `ok` refuses.
        let pairs = |pairs: &mut dyn Iterator<Item = (usize, usize)>,
                     ok: &dyn Fn(i64, i64) -> bool,
                     why: &str| {
            for (a, b) in pairs {
                if !ok(value(a), value(b)) {
                    let why = format!("{} and {} {why}", value(a), value(b));
                    return Err(broken(&[a, b], why));
                }
            }
            Ok(())
        };
        let steps = |cells: &[usize]| -> Vec<(usize, usize)> {
            (1..cells.len()).map(|i| (cells[i - 1], cells[i])).collect()
        };
        match rule {
            Rule::Killer { cells, total } => {
                if let Some(i) = repeat(cells) {
                    return Err(broken(cells, format!("{} repeats", value(cells[i]))));
                }
                if let Some(total) = *total
                    && sum(cells) != total
                {
                    return Err(broken(
                        cells,
                        format!("sums to {}, not {total}", sum(cells)),
                    ));
                }
            }
            Rule::Cage { cells, total } => {
                if sum(cells) != *total {
                    return Err(broken(
                        cells,
                        format!("sums to {}, not {total}", sum(cells)),
                    ));
                }
            }
            Rule::Arrow { circle, line } => {
                let number = circle.iter().fold(0i64, |n, &c| n * 10 + value(c));
                if number != sum(line) {
                    return Err(broken(
                        circle,
                        format!("the circle reads {number}, the arrow sums to {}", sum(line)),
                    ));
                }
            }
            Rule::Sum {
                cells,
                weights,
                total,
            } => {
                let got: i64 = cells.iter().zip(weights).map(|(&c, w)| w * value(c)).sum();
                if got != *total {
                    return Err(broken(cells, format!("makes {got}, not {total}")));
                }
            }
            Rule::Thermometer(cells) => pairs(
                &mut steps(cells).into_iter(),
                &|a, b| a < b,
                "do not increase",
            )?,
            Rule::SlowThermometer(cells) => {
                pairs(&mut steps(cells).into_iter(), &|a, b| a <= b, "decrease")?
            }
            Rule::Difference { cells, value: d } => pairs(
                &mut std::iter::once(*cells),
                &|a, b| (a - b).abs() == *d,
                &format!("do not differ by {d}"),
            )?,
            Rule::Ratio { cells, value: r } => pairs(
                &mut std::iter::once(*cells),
                &|a, b| a == r * b || b == r * a,
                &format!("are not in ratio {r}"),
            )?,
            Rule::Xv { cells, sum: s } => pairs(
                &mut std::iter::once(*cells),
                &|a, b| a + b == *s,
                &format!("do not sum to {s}"),
            )?,
            Rule::Negative(mark) => {
                let unmarked = crate::rules::unmarked_pairs(graph.cells(), rules, *mark);
                let (ok, why): (&dyn Fn(i64, i64) -> bool, &str) = match mark {
                    Mark::Difference => (
                        &|a, b| (a - b).abs() != 1,
                        "are consecutive without a kropki dot",
                    ),
                    Mark::Ratio => (
                        &|a, b| a != 2 * b && b != 2 * a,
                        "are in ratio 2 without a kropki dot",
                    ),
                    Mark::XV => (
                        &|a, b| a + b != 10 && a + b != 5,
                        "sum to 10 or 5 without an X or V",
                    ),
                };
                pairs(&mut unmarked.into_iter(), ok, why)?
            }
            Rule::Whispers { cells, difference } => pairs(
                &mut steps(cells).into_iter(),
                &|a, b| (a - b).abs() >= *difference,
                &format!("differ by less than {difference}"),
            )?,
            Rule::Renban(cells) => {
                if let Some(i) = repeat(cells) {
                    return Err(broken(cells, format!("{} repeats", value(cells[i]))));
                }
                let lo = cells.iter().map(|&c| value(c)).min().unwrap_or(0);
                let hi = cells.iter().map(|&c| value(c)).max().unwrap_or(0);
                if hi - lo + 1 != cells.len() as i64 {
                    return Err(broken(
                        cells,
                        format!("{lo} to {hi} is not a run of {}", cells.len()),
                    ));
                }
            }
            Rule::NonConsecutive => pairs(
                &mut crate::rules::unmarked_pairs(graph.cells(), rules, Mark::Difference)
                    .into_iter(),
                &|a, b| (a - b).abs() != 1,
                "are consecutive",
            )?,
            Rule::Parity { cells, odd } => {
                if let Some(&c) = cells
                    .iter()
                    .find(|&&c| (value(c).rem_euclid(2) == 1) != *odd)
                {
                    return Err(broken(
                        &[c],
                        format!("{} is not {}", value(c), if *odd { "odd" } else { "even" }),
                    ));
                }
            }
            Rule::Relation {
                pairs: cells,
                allowed,
            } => pairs(
                &mut cells.iter().copied(),
                &|a, b| allowed.contains(&(a, b)),
                "are not an allowed pair",
            )?,
            Rule::LittleKiller { cells, total, .. } => {
                if sum(cells) != *total {
                    return Err(broken(
                        cells,
                        format!("the diagonal sums to {}, not {total}", sum(cells)),
                    ));
                }
            }
            Rule::Sandwich { cells, total, .. } => {
                let lo = values.iter().copied().min().unwrap_or(0);
                let hi = values.iter().copied().max().unwrap_or(0);
                let at = |v: i64| -> Vec<usize> {
                    (0..cells.len()).filter(|&i| value(cells[i]) == v).collect()
                };
                let (low, high) = (at(lo), at(hi));
                if low.len() != 1 || high.len() != 1 {
                    return Err(broken(
                        cells,
                        format!(
                            "holds {lo} {} times and {hi} {} times, not once each",
                            low.len(),
                            high.len()
                        ),
                    ));
                }
                let (a, b) = (low[0].min(high[0]), low[0].max(high[0]));
                let between = sum(&cells[a + 1..b]);
                if between != *total {
                    return Err(broken(
                        cells,
                        format!("the digits between {lo} and {hi} sum to {between}, not {total}"),
                    ));
                }
            }
            Rule::XSum { cells, total, .. } => {
                let x = value(cells[0]);
                if x < 1 || x as usize > cells.len() {
                    return Err(broken(
                        &cells[..1],
                        format!("X = {x} counts no cells of the line"),
                    ));
                }
                let first = sum(&cells[..x as usize]);
                if first != *total {
                    return Err(broken(
                        cells,
                        format!("the first {x} digits sum to {first}, not {total}"),
                    ));
                }
            }
            Rule::Skyscraper { cells, count, .. } => {
                let mut tallest = None;
                let mut seen = 0;
                for &c in cells {
                    if tallest.is_none_or(|t| value(c) > t) {
                        (tallest, seen) = (Some(value(c)), seen + 1);
                    }
                }
                if seen != *count {
                    return Err(broken(cells, format!("{seen} are seen, not {count}")));
                }
            }
            Rule::Between(cells) | Rule::Lockout { cells, .. } => {
                let n = cells.len();
                let (a, b) = (value(cells[0]), value(cells[n - 1]));
                let (lo, hi) = (a.min(b), a.max(b));
                if let Rule::Lockout { difference, .. } = rule
                    && hi - lo < *difference
                {
                    return Err(broken(
                        &[cells[0], cells[n - 1]],
                        format!("the ends {a} and {b} differ by less than {difference}"),
                    ));
                }
                for &c in &cells[1..n - 1] {
                    let v = value(c);
                    let why = match rule {
                        Rule::Between(_) if v <= lo || v >= hi => "not strictly between",
                        Rule::Lockout { .. } if lo <= v && v <= hi => "not outside",
                        _ => continue,
                    };
                    return Err(broken(&[c], format!("{v} is {why} the ends {a} and {b}")));
                }
            }
            Rule::Quadruple { cells, digits } => {
                for &d in digits {
                    let listed = digits.iter().filter(|&&e| e == d).count();
                    let held = cells.iter().filter(|&&c| value(c) == d).count();
                    if held < listed {
                        return Err(broken(
                            cells,
                            format!("{d} appears {held} times, listed {listed}"),
                        ));
                    }
                }
            }
            Rule::Extremum { cells, minimum } => {
                for &c in cells {
                    for d in crate::rules::neighbours(graph.cells(), c) {
                        let (a, b) = (value(c), value(d));
                        if (*minimum && a >= b) || (!*minimum && a <= b) {
                            let word = if *minimum { "smaller" } else { "greater" };
                            return Err(broken(&[c, d], format!("{a} is not {word} than {b}")));
                        }
                    }
                }
            }
            Rule::GreaterThan { cells } => pairs(
                &mut std::iter::once(*cells),
                &|a, b| a > b,
                "are not in decreasing order",
            )?,
            Rule::RegionSum { segments } => {
                let first = sum(&segments[0]);
                if let Some(other) = segments.iter().find(|s| sum(s) != first) {
                    return Err(broken(
                        other,
                        format!(
                            "this box's segment sums to {}, the first to {first}",
                            sum(other)
                        ),
                    ));
                }
            }
            Rule::Palindrome(cells) => {
                let n = cells.len();
                pairs(
                    &mut (0..n / 2).map(|i| (cells[i], cells[n - 1 - i])),
                    &|a, b| a == b,
                    "mirror each other but differ",
                )?
            }
            Rule::Clone(a, b) => pairs(
                &mut a.iter().copied().zip(b.iter().copied()),
                &|a, b| a == b,
                "are clones but differ",
            )?,
            Rule::Zipper(cells) => {
                let n = cells.len();
                let target = match n % 2 {
                    1 => value(cells[n / 2]),
                    _ => value(cells[0]) + value(cells[n - 1]),
                };
                for i in 0..n / 2 {
                    let pair = value(cells[i]) + value(cells[n - 1 - i]);
                    if pair != target {
                        return Err(broken(
                            &[cells[i], cells[n - 1 - i]],
                            format!("sum to {pair}, not {target}"),
                        ));
                    }
                }
            }
            Rule::DoubleArrow(cells) => {
                let n = cells.len();
                let (ends, line) = (value(cells[0]) + value(cells[n - 1]), sum(&cells[1..n - 1]));
                if ends != line {
                    return Err(broken(
                        cells,
                        format!("the circles sum to {ends}, the line to {line}"),
                    ));
                }
            }
            Rule::Entropic(cells) | Rule::Modular(cells) => {
                let mut distinct = values.to_vec();
                distinct.sort_unstable();
                distinct.dedup();
                let group = |v: i64| match rule {
                    Rule::Entropic(_) => {
                        let rank = distinct.iter().position(|&d| d == v).unwrap_or(0);
                        (rank * 3 / distinct.len()) as i64
                    }
                    _ => v.rem_euclid(3),
                };
                for w in cells.windows(3.min(cells.len())) {
                    let mut groups: Vec<i64> = w.iter().map(|&c| group(value(c))).collect();
                    groups.sort_unstable();
                    groups.dedup();
                    if groups.len() != w.len() {
                        return Err(broken(
                            w,
                            "two of these digits are in the same group".into(),
                        ));
                    }
                }
            }
            Rule::Nabner(cells) => {
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        if (value(a) - value(b)).abs() < 2 {
                            return Err(broken(
                                &[a, b],
                                format!("{} and {} are equal or consecutive", value(a), value(b)),
                            ));
                        }
                    }
                }
            }
            Rule::Regex { cells, pattern } => {
                // The line's digits as characters, matched by the regex crate
                // (not the automaton the solver propagates).
                let word: Option<String> = (cells.iter())
                    .map(|&c| match value(c) {
                        v @ 0..=9 => char::from_digit(v as u32, 10),
                        v @ 10..=35 => Some((b'A' + (v - 10) as u8) as char),
                        _ => None,
                    })
                    .collect();
                let pattern: String = pattern.chars().filter(|c| !c.is_whitespace()).collect();
                let whole = regex::bytes::RegexBuilder::new(&format!("^(?:{pattern})$"))
                    .unicode(false)
                    .case_insensitive(true)
                    .build();
                let matched = match (&word, &whole) {
                    (Some(word), Ok(re)) => re.is_match(word.as_bytes()),
                    _ => false,
                };
                if !matched {
                    return Err(broken(
                        cells,
                        format!("{} does not match {pattern}", word.unwrap_or_default()),
                    ));
                }
            }
            Rule::SumLine {
                cells,
                total,
                closed,
            } => {
                // Cut the line before each cell in turn (the first only, when
                // open) and add up greedily: with positive digits a cut
                // decides the segments.
                let n = cells.len();
                let starts = if *closed { n } else { 1 };
                let splits = (0..starts).any(|start| {
                    let mut part = 0;
                    for i in 0..n {
                        part += value(cells[(start + i) % n]);
                        if part == *total {
                            part = 0;
                        } else if part > *total {
                            return false;
                        }
                    }
                    part == 0
                });
                if !splits {
                    return Err(broken(
                        cells,
                        format!("does not divide into segments summing to {total}"),
                    ));
                }
            }
            Rule::Lunchbox { cells, total } => {
                if let Some(i) = repeat(cells) {
                    return Err(broken(cells, format!("{} repeats", value(cells[i]))));
                }
                // The digits differ: one smallest, one largest.
                let lo = (0..cells.len())
                    .min_by_key(|&i| value(cells[i]))
                    .unwrap_or(0);
                let hi = (0..cells.len())
                    .max_by_key(|&i| value(cells[i]))
                    .unwrap_or(0);
                let between = sum(&cells[lo.min(hi) + 1..lo.max(hi)]);
                if between != *total {
                    return Err(broken(
                        cells,
                        format!("{between} between the smallest and the largest, not {total}"),
                    ));
                }
            }
            Rule::RellikCage { cells, total } => {
                if let Some(i) = repeat(cells) {
                    return Err(broken(cells, format!("{} repeats", value(cells[i]))));
                }
                let n = cells.len();
                if let Some(subset) = (1u32..1 << n).find(|&m| {
                    (0..n)
                        .filter(|&i| m >> i & 1 == 1)
                        .map(|i| value(cells[i]))
                        .sum::<i64>()
                        == *total
                }) {
                    let some: Vec<usize> = (0..n)
                        .filter(|&i| subset >> i & 1 == 1)
                        .map(|i| cells[i])
                        .collect();
                    return Err(broken(&some, format!("these digits sum to {total}")));
                }
            }
            Rule::EqualityCage(cells) => {
                if let Some(i) = repeat(cells) {
                    return Err(broken(cells, format!("{} repeats", value(cells[i]))));
                }
                let mut sorted = values.to_vec();
                sorted.sort_unstable();
                sorted.dedup();
                let n = sorted.len();
                let (mut even, mut low, mut high) = (0, 0, 0);
                for &c in cells {
                    let v = value(c);
                    let rank = sorted.iter().position(|&s| s == v).unwrap_or(0);
                    even += usize::from(v % 2 == 0);
                    low += usize::from(rank < n / 2);
                    high += usize::from(rank >= n.div_ceil(2));
                }
                if 2 * even != cells.len() || low != high || low + high != cells.len() {
                    return Err(broken(
                        cells,
                        format!("{even} even of {}, {low} low and {high} high", cells.len()),
                    ));
                }
            }
            Rule::GlobalEntropy(squares) | Rule::GlobalModular(squares) => {
                let mut sorted = values.to_vec();
                sorted.sort_unstable();
                sorted.dedup();
                let group = |v: i64| match rule {
                    Rule::GlobalEntropy(_) => {
                        let rank = sorted.iter().position(|&s| s == v).unwrap_or(0);
                        (3 * rank / sorted.len()) as i64
                    }
                    _ => v.rem_euclid(3),
                };
                for square in squares {
                    let mut groups: Vec<i64> = square.iter().map(|&c| group(value(c))).collect();
                    groups.sort_unstable();
                    groups.dedup();
                    if groups.len() < 3 {
                        return Err(broken(
                            square,
                            "lacks a digit of one of the three groups".into(),
                        ));
                    }
                }
            }
            Rule::AntiTaxicab(_) => {
                // From the cells' places, not the pairs the rule listed.
                let places: Vec<(usize, (usize, usize))> = (graph.cells().iter().enumerate())
                    .filter_map(|(i, cell)| match cell.coord {
                        crate::cell::Coord::Grid { row, col } => Some((i, (row, col))),
                        _ => None,
                    })
                    .collect();
                for (i, &(a, (r1, c1))) in places.iter().enumerate() {
                    for &(b, (r2, c2)) in &places[i + 1..] {
                        let steps = (r1.abs_diff(r2) + c1.abs_diff(c2)) as i64;
                        if value(a) == value(b) && value(a) == steps {
                            return Err(broken(
                                &[a, b],
                                format!("two {steps}s are {steps} steps apart"),
                            ));
                        }
                    }
                }
            }
            Rule::Indexing { lines, .. } => {
                for (cells, at) in lines {
                    let d = value(cells[*at]);
                    let target = usize::try_from(d - 1).ok().and_then(|k| cells.get(k));
                    let holds = target.is_some_and(|&t| value(t) == *at as i64 + 1);
                    if !holds {
                        return Err(broken(
                            &[cells[*at]],
                            format!("{d} does not point at a {} on its line", at + 1),
                        ));
                    }
                }
            }
            Rule::NumberedRoom {
                cells, value: clue, ..
            } => {
                let n = value(cells[0]);
                let room = usize::try_from(n - 1).ok().and_then(|k| cells.get(k));
                if room.is_none_or(|&c| value(c) != *clue) {
                    return Err(broken(
                        cells,
                        format!("the {n}th cell from the clue does not hold {clue}"),
                    ));
                }
            }
            Rule::ValueIndexing(cells) => {
                let (first, d) = (value(cells[0]), value(cells[1]));
                let at = usize::try_from(d)
                    .ok()
                    .and_then(|d| cells.get(1 + d))
                    .filter(|_| d >= 1);
                if at.is_none_or(|&c| value(c) != first) {
                    return Err(broken(
                        cells,
                        format!("the {d}th cell after the second does not hold {first}"),
                    ));
                }
            }
            Rule::Candidates {
                cells,
                values: listed,
            } => {
                if let Some(&c) = cells.iter().find(|&&c| !listed.contains(&value(c))) {
                    return Err(broken(
                        &[c],
                        format!("{} is not among {listed:?}", value(c)),
                    ));
                }
            }
            Rule::EqualSum(groups) => {
                let first = sum(&groups[0]);
                if let Some(g) = groups.iter().find(|g| sum(g) != first) {
                    return Err(broken(
                        g,
                        format!("sums to {}, another group to {first}", sum(g)),
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Euler example's solution: a proper 9×9 colouring.
    const SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    fn solution() -> Vec<u8> {
        SOLVED.bytes().map(|b| b - b'1').collect()
    }

    #[test]
    fn the_fast_path_passes_only_what_the_slow_one_would() {
        let g = ConstraintGraph::load("sudoku9").unwrap();
        let colours = solution();
        let mut givens: Vec<Option<u8>> = vec![None; 81];
        for cell in [0, 40, 63, 64, 80] {
            givens[cell] = Some(colours[cell]);
        }
        let puzzle = Puzzle::new(givens.clone());
        assert_eq!(verify(&g, &puzzle, &Solution::new(colours.clone())), Ok(()));
        // A given changed past cell 64.
        givens[70] = Some((colours[70] + 1) % 9);
        let err = verify(&g, &Puzzle::new(givens), &Solution::new(colours.clone()));
        let cell = g.cells()[70].name.clone();
        assert_eq!(err, Err(Violation::GivenChanged { cell }));
        // A colour out of range, and a clash only a knight's move finds.
        let mut bad = colours.clone();
        bad[75] = 9;
        let err = verify(&g, &puzzle, &Solution::new(bad));
        assert!(matches!(err, Err(Violation::BadColour { .. })), "{err:?}");
        let knight = ConstraintGraph::load("anti-knight").unwrap();
        let err = verify(&knight, &puzzle, &Solution::new(colours));
        assert!(matches!(err, Err(Violation::SameColour { .. })), "{err:?}");
    }

    /// Each rule with a colouring that keeps it and one that breaks it, on a
    /// 3×3 grid without houses (so only the rule can be broken); values row
    /// by row.
    const RULES: &[(&str, &str, &str)] = &[
        (
            r#"Killer(cells: ["r1c1", "r1c2"], total: 3)"#,
            "121111111",
            "111111111",
        ),
        (
            r#"Killer(cells: ["r1c1", "r1c2"], total: 3)"#,
            "121111111",
            "131111111",
        ),
        (
            r#"Killer(cells: ["r1c1", "r1c2"])"#,
            "191111111",
            "991111111",
        ),
        (
            r#"Cage(cells: ["r1c1", "r1c2"], total: 2)"#,
            "111111111",
            "121111111",
        ),
        (
            r#"Arrow(circle: ["r1c1", "r1c2"], line: ["r1c3", "r2c3"])"#,
            "129113111",
            "129114111",
        ),
        (
            r#"Sum(cells: ["r1c1", "r1c2"], weights: [2, -1], total: 0)"#,
            "241111111",
            "231111111",
        ),
        (
            r#"Thermometer(["r1c1", "r1c2", "r1c3"])"#,
            "123111111",
            "122111111",
        ),
        (
            r#"SlowThermometer(["r1c1", "r1c2", "r1c3"])"#,
            "122111111",
            "121111111",
        ),
        (
            r#"Difference(cells: ("r1c1", "r1c2"))"#,
            "121111111",
            "131111111",
        ),
        (
            r#"Difference(cells: ("r1c1", "r1c2"), value: 3)"#,
            "141111111",
            "121111111",
        ),
        (
            r#"Ratio(cells: ("r1c1", "r1c2"))"#,
            "241111111",
            "231111111",
        ),
        (r#"X("r1c1", "r1c2")"#, "191111111", "181111111"),
        (r#"V("r1c1", "r1c2")"#, "141111111", "151111111"),
        ("Negative(Difference)", "111111111", "121111111"),
        ("Negative(Ratio)", "111111111", "211111111"),
        ("Negative(XV)", "111111111", "141111111"),
        (
            r#"Whispers(cells: ["r1c1", "r1c2"])"#,
            "161111111",
            "151111111",
        ),
        (
            r#"Renban(["r1c1", "r1c2", "r1c3"])"#,
            "312111111",
            "313111111",
        ),
        (
            r#"Renban(["r1c1", "r1c2", "r1c3"])"#,
            "312111111",
            "124111111",
        ),
        ("NonConsecutive", "111111111", "111111112"),
        // A kropki dot of either colour exempts its pair from both negative
        // kropki rules (a black-dotted 1–2), an X or a V does not.
        (
            r#"NonConsecutive, Ratio(cells: ("r1c1", "r1c2"))"#,
            "125555555",
            "135555555",
        ),
        (
            r#"Negative(Difference), Ratio(cells: ("r1c1", "r1c2"))"#,
            "215555555",
            "215555565",
        ),
        (
            r#"Negative(Ratio), Difference(cells: ("r1c1", "r1c2"), value: 2)"#,
            "245555555",
            "245555536",
        ),
        (
            r#"NonConsecutive, V("r1c1", "r1c2")"#,
            "417999999",
            "327999999",
        ),
        (r#"Odd(["r1c1"])"#, "111111111", "211111111"),
        (r#"Even(["r1c1"])"#, "211111111", "111111111"),
        (
            r#"Relation(pairs: [("r1c1", "r1c2")], allowed: [(1, 3)])"#,
            "131111111",
            "311111111",
        ),
        (
            r#"LittleKiller(from: "r1c2", towards: DownRight, total: 5)"#,
            "121113111",
            "121112111",
        ),
        (
            r#"Sandwich(from: "r1c1", towards: Right, total: 5)"#,
            "159111111",
            "195111111",
        ),
        (
            r#"Sandwich(from: "r1c1", towards: Right, total: 0)"#,
            "195111111",
            "111111111",
        ),
        (
            r#"XSum(from: "r1c1", towards: Right, total: 6)"#,
            "321111111",
            "231111111",
        ),
        (
            r#"Skyscraper(from: "r1c3", towards: Left, count: 2)"#,
            "312111111",
            "321111111",
        ),
        (
            r#"Between(["r1c1", "r1c2", "r1c3"])"#,
            "135111111",
            "133111111",
        ),
        (
            r#"Lockout(cells: ["r1c1", "r1c2", "r1c3"])"#,
            "195111111",
            "145111111",
        ),
        (
            r#"Lockout(cells: ["r1c1", "r1c2", "r1c3"])"#,
            "195111111",
            "173111111",
        ),
        (
            r#"Lockout(cells: ["r1c1", "r1c2", "r1c3"])"#,
            "195111111",
            "155111111",
        ),
        (
            r#"Quadruple(cells: ["r1c1", "r1c2", "r2c1", "r2c2"], digits: [1, 1, 2])"#,
            "121311111",
            "123331111",
        ),
        (r#"Minimum(["r2c2"])"#, "222212222", "222222222"),
        (r#"Maximum(["r1c1"])"#, "311211111", "331211111"),
        (r#"GreaterThan("r1c1", "r1c2")"#, "211111111", "121111111"),
        (
            r#"Palindrome(["r1c1", "r1c2", "r1c3"])"#,
            "121111111",
            "122111111",
        ),
        (r#"Clone(["r1c1"], ["r3c3"])"#, "511111115", "511111114"),
        (
            r#"Zipper(["r1c1", "r1c2", "r1c3", "r2c3", "r3c3"])"#,
            "137114116",
            "137114115",
        ),
        (
            r#"Zipper(["r1c1", "r1c2", "r1c3", "r2c3"])"#,
            "146119111",
            "146118111",
        ),
        (
            r#"DoubleArrow(["r1c1", "r1c2", "r1c3", "r2c3"])"#,
            "134116111",
            "134115111",
        ),
        (
            r#"Entropic(["r1c1", "r1c2", "r1c3", "r2c3"])"#,
            "159112111",
            "159116111",
        ),
        (
            r#"Modular(["r1c1", "r1c2", "r1c3", "r2c3"])"#,
            "123114111",
            "123115111",
        ),
        (
            r#"Nabner(["r1c1", "r1c2", "r1c3"])"#,
            "136111111",
            "134111111",
        ),
    ];

    #[test]
    fn every_rule_is_checked_from_its_definition() {
        for (rule, good, bad) in RULES {
            let src = format!(
                r#"Variant(name: "t", symbols: Chars("123456789"), cells: Grid(rows: 3, cols: 3), rules: [{rule}])"#
            );
            let graph = ConstraintGraph::build(&crate::variant::parse(&src, "t").unwrap())
                .unwrap_or_else(|e| panic!("{rule}: {e}"));
            let colours = |s: &str| Solution::new(s.bytes().map(|b| b - b'1').collect());
            let empty = Puzzle::empty(9);
            assert_eq!(verify(&graph, &empty, &colours(good)), Ok(()), "{rule}");
            let err = verify(&graph, &empty, &colours(bad));
            assert!(
                matches!(err, Err(Violation::RuleBroken { .. })),
                "{rule} with {bad}: {err:?}"
            );
        }
    }
}
