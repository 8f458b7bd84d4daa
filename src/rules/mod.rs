//! Rules on the values of cells (sums, orders, pair relations): the schema as
//! written in RON, each rule's one-sentence meaning, and its load-time checks.
//!
//! A rule is a typed hyperedge of the constraint graph: an ordered list of cells
//! and a relation on their values. Here it is written once; the solver compiles
//! it to propagators (`solver/rules/`), [`crate::verify`] checks it from its
//! definition, and nothing else needs to know its name.
//!
//! The schema and the checks every rule shares are here; a family's own checks
//! in its file: [`sum`] (which totals values can reach), [`line`] (runs of
//! consecutive values).

pub mod line;
pub mod sum;

use serde::Deserialize;

use crate::graph::{Cell, Coord};

/// A rule as written in a variant's or a puzzle's `rules: [...]`, cells by name.
///
/// Every rule speaks of the numeric values of symbols (see
/// [`crate::variant::SymbolsSpec::values`]); a variant whose symbols have none
/// cannot have rules.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum RuleSpec {
    /// Killer cage: "the digits in a cage may not repeat and, if a total is
    /// given, must sum to it".
    Killer {
        /// The cage's cells.
        cells: Vec<String>,
        /// The total, when given.
        #[serde(default)]
        total: Option<i64>,
    },
    /// Sum cage: "the digits in a cage sum to the total; they may repeat".
    Cage {
        /// The cage's cells.
        cells: Vec<String>,
        /// The total.
        total: i64,
    },
    /// Arrow: "the digits along an arrow sum to the number in its circle; a
    /// circle of two or three cells (a pill) reads as a number, left to right".
    Arrow {
        /// The circle (or pill), most significant digit first.
        circle: Vec<String>,
        /// The cells along the arrow, from the circle out.
        line: Vec<String>,
    },
    /// The generic linear sum Σ wᵢ·vᵢ = total.
    Sum {
        /// The cells.
        cells: Vec<String>,
        /// One integer weight per cell; all 1 when left out.
        #[serde(default)]
        weights: Option<Vec<i64>>,
        /// The total.
        total: i64,
    },
    /// Thermometer: "digits along a thermometer strictly increase from the bulb".
    Thermometer(Vec<String>),
    /// Slow thermometer: "digits along a slow thermometer increase or stay the
    /// same from the bulb".
    SlowThermometer(Vec<String>),
    /// White kropki dot: "the digits of two cells joined by a white dot differ
    /// by the dot's value (1 unless given)".
    Difference {
        /// The two cells, orthogonal neighbours.
        cells: (String, String),
        /// The difference; 1 when left out.
        #[serde(default)]
        value: Option<i64>,
    },
    /// Black kropki dot: "one of the digits of two cells joined by a black dot
    /// is the other times the dot's value (2 unless given)".
    Ratio {
        /// The two cells, orthogonal neighbours.
        cells: (String, String),
        /// The ratio; 2 when left out.
        #[serde(default)]
        value: Option<i64>,
    },
    /// X: "the digits of two cells joined by an X sum to 10".
    X(String, String),
    /// V: "the digits of two cells joined by a V sum to 5".
    V(String, String),
    /// The negative constraint of a kind of mark: "every pair of orthogonal
    /// neighbours without such a mark does not have its property" (not
    /// consecutive; not one double the other; summing to neither 10 nor 5).
    Negative(Mark),
    /// Whispers: "neighbouring digits along a whispers line differ by at least
    /// the line's difference (5, German whispers, unless given)".
    Whispers {
        /// The line's cells, in order.
        cells: Vec<String>,
        /// The least difference; 5 when left out.
        #[serde(default)]
        difference: Option<i64>,
    },
    /// Renban: "the digits on a renban line are distinct and form a set of
    /// consecutive numbers, in any order".
    Renban(Vec<String>),
    /// Non-consecutive: "digits in orthogonally adjacent cells are never
    /// consecutive".
    NonConsecutive,
    /// Odd cells: "a cell with a grey circle holds an odd digit".
    Odd(Vec<String>),
    /// Even cells: "a cell with a grey square holds an even digit".
    Even(Vec<String>),
    /// The generic pair relation: every listed pair of cells holds one of the
    /// allowed pairs of values (first cell's value, second cell's value).
    Relation {
        /// Ordered pairs of cells.
        pairs: Vec<(String, String)>,
        /// The allowed (first, second) value pairs.
        allowed: Vec<(i64, i64)>,
    },
}

/// A kind of mark between two orthogonal neighbours, for [`RuleSpec::Negative`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
pub enum Mark {
    /// White kropki dots (difference 1).
    Difference,
    /// Black kropki dots (ratio 2).
    Ratio,
    /// X and V.
    XV,
}

/// A rule with its cells resolved to indices and its defaults filled in: what
/// the solver, `verify` and the writers read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum Rule {
    /// See [`RuleSpec::Killer`].
    Killer {
        /// Cells.
        cells: Vec<usize>,
        /// Total, when given.
        total: Option<i64>,
    },
    /// See [`RuleSpec::Cage`].
    Cage {
        /// Cells.
        cells: Vec<usize>,
        /// Total.
        total: i64,
    },
    /// See [`RuleSpec::Arrow`].
    Arrow {
        /// Circle or pill, most significant first.
        circle: Vec<usize>,
        /// The arrow's cells.
        line: Vec<usize>,
    },
    /// See [`RuleSpec::Sum`].
    Sum {
        /// Cells.
        cells: Vec<usize>,
        /// Weights, one per cell.
        weights: Vec<i64>,
        /// Total.
        total: i64,
    },
    /// See [`RuleSpec::Thermometer`]: cells from the bulb.
    Thermometer(Vec<usize>),
    /// See [`RuleSpec::SlowThermometer`]: cells from the bulb.
    SlowThermometer(Vec<usize>),
    /// See [`RuleSpec::Difference`].
    Difference {
        /// The two cells.
        cells: (usize, usize),
        /// The difference.
        value: i64,
    },
    /// See [`RuleSpec::Ratio`].
    Ratio {
        /// The two cells.
        cells: (usize, usize),
        /// The ratio.
        value: i64,
    },
    /// See [`RuleSpec::X`] and [`RuleSpec::V`]: the two cells sum to `sum`.
    Xv {
        /// The two cells.
        cells: (usize, usize),
        /// 10 for X, 5 for V.
        sum: i64,
    },
    /// See [`RuleSpec::Negative`].
    Negative(Mark),
    /// See [`RuleSpec::Whispers`].
    Whispers {
        /// Cells in line order.
        cells: Vec<usize>,
        /// Least difference.
        difference: i64,
    },
    /// See [`RuleSpec::Renban`].
    Renban(Vec<usize>),
    /// See [`RuleSpec::NonConsecutive`].
    NonConsecutive,
    /// See [`RuleSpec::Odd`] and [`RuleSpec::Even`].
    Parity {
        /// Cells.
        cells: Vec<usize>,
        /// Odd (true) or even.
        odd: bool,
    },
    /// See [`RuleSpec::Relation`].
    Relation {
        /// Ordered pairs of cells.
        pairs: Vec<(usize, usize)>,
        /// Allowed (first, second) values.
        allowed: Vec<(i64, i64)>,
    },
}

impl Rule {
    /// The rule's name for messages: `killer cage`, `thermometer`, …
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Killer { .. } => "killer cage",
            Rule::Cage { .. } => "sum cage",
            Rule::Arrow { .. } => "arrow",
            Rule::Sum { .. } => "sum",
            Rule::Thermometer(_) => "thermometer",
            Rule::SlowThermometer(_) => "slow thermometer",
            Rule::Difference { .. } => "white dot",
            Rule::Ratio { .. } => "black dot",
            Rule::Xv { sum: 10, .. } => "X",
            Rule::Xv { .. } => "V",
            Rule::Negative(_) => "negative constraint",
            Rule::Whispers { .. } => "whispers line",
            Rule::Renban(_) => "renban line",
            Rule::NonConsecutive => "non-consecutive",
            Rule::Parity { odd: true, .. } => "odd cell",
            Rule::Parity { .. } => "even cell",
            Rule::Relation { .. } => "relation",
        }
    }

    /// The same rule on other cells: `to(cell)` is where `cell` goes (a part
    /// placed on a canvas).
    pub fn map_cells(&self, to: impl Fn(usize) -> usize) -> Rule {
        let list = |cells: &[usize]| cells.iter().map(|&c| to(c)).collect::<Vec<_>>();
        let pair = |(a, b): (usize, usize)| (to(a), to(b));
        match self {
            Rule::Killer { cells, total } => Rule::Killer {
                cells: list(cells),
                total: *total,
            },
            Rule::Cage { cells, total } => Rule::Cage {
                cells: list(cells),
                total: *total,
            },
            Rule::Arrow { circle, line } => Rule::Arrow {
                circle: list(circle),
                line: list(line),
            },
            Rule::Sum {
                cells,
                weights,
                total,
            } => Rule::Sum {
                cells: list(cells),
                weights: weights.clone(),
                total: *total,
            },
            Rule::Thermometer(cells) => Rule::Thermometer(list(cells)),
            Rule::SlowThermometer(cells) => Rule::SlowThermometer(list(cells)),
            Rule::Difference { cells, value } => Rule::Difference {
                cells: pair(*cells),
                value: *value,
            },
            Rule::Ratio { cells, value } => Rule::Ratio {
                cells: pair(*cells),
                value: *value,
            },
            Rule::Xv { cells, sum } => Rule::Xv {
                cells: pair(*cells),
                sum: *sum,
            },
            Rule::Negative(mark) => Rule::Negative(*mark),
            Rule::Whispers { cells, difference } => Rule::Whispers {
                cells: list(cells),
                difference: *difference,
            },
            Rule::Renban(cells) => Rule::Renban(list(cells)),
            Rule::NonConsecutive => Rule::NonConsecutive,
            Rule::Parity { cells, odd } => Rule::Parity {
                cells: list(cells),
                odd: *odd,
            },
            Rule::Relation { pairs, allowed } => Rule::Relation {
                pairs: pairs.iter().map(|&p| pair(p)).collect(),
                allowed: allowed.clone(),
            },
        }
    }

    /// Whether the rule holds every cell of it to a different value (so the
    /// solver may treat its cells as neighbours of the graph).
    pub fn distinct_cells(&self) -> Option<&[usize]> {
        match self {
            Rule::Killer { cells, .. } | Rule::Renban(cells) => Some(cells),
            _ => None,
        }
    }
}

/// A rule that cannot be used, and the name (of a cell, or the rule's word)
/// to point at in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleFault {
    /// What is wrong, naming the rule.
    pub message: String,
    /// A cell name to point at, when the fault is about one.
    pub cell: Option<String>,
    /// The rule's word in the file (`Killer`, `Thermometer`, …).
    pub word: &'static str,
}

/// What resolving rules needs to know of the variant.
pub struct Context<'a> {
    /// The cells, in graph order.
    pub cells: &'a [Cell],
    /// The value of each symbol, in colour order, when the symbols have values.
    pub values: Option<&'a [i64]>,
    /// Every cell's index by name.
    pub index: &'a dyn Fn(&str) -> Option<usize>,
}

/// The most symbols a variant with rules may have: the solver reads a cell's
/// candidates as one 128-bit word when it applies a rule.
pub const MAX_RULE_SYMBOLS: usize = 128;

impl RuleSpec {
    /// The rule's word as written in RON, to point at in messages.
    pub fn word(&self) -> &'static str {
        match self {
            RuleSpec::Killer { .. } => "Killer",
            RuleSpec::Cage { .. } => "Cage",
            RuleSpec::Arrow { .. } => "Arrow",
            RuleSpec::Sum { .. } => "Sum",
            RuleSpec::Thermometer(_) => "Thermometer",
            RuleSpec::SlowThermometer(_) => "SlowThermometer",
            RuleSpec::Difference { .. } => "Difference",
            RuleSpec::Ratio { .. } => "Ratio",
            RuleSpec::X(..) => "X",
            RuleSpec::V(..) => "V",
            RuleSpec::Negative(_) => "Negative",
            RuleSpec::Whispers { .. } => "Whispers",
            RuleSpec::Renban(_) => "Renban",
            RuleSpec::NonConsecutive => "NonConsecutive",
            RuleSpec::Odd(_) => "Odd",
            RuleSpec::Even(_) => "Even",
            RuleSpec::Relation { .. } => "Relation",
        }
    }

    /// This rule with its cells found in `cx` and checked: cells that exist, a
    /// line of neighbouring cells where the rule needs one, a total some values
    /// can reach, a thermometer no longer than the symbols allow.
    ///
    /// # Errors
    /// A [`RuleFault`] naming the rule and, when it is about one, the cell.
    pub fn resolve(&self, cx: &Context) -> Result<Rule, RuleFault> {
        let word = self.word();
        let fault = |message: String, cell: Option<&str>| RuleFault {
            message: format!("{word}: {message}"),
            cell: cell.map(str::to_string),
            word,
        };
        let Some(values) = cx.values else {
            return Err(fault(
                "the symbols have no numeric values: give `values: [...]` with the symbols".into(),
                None,
            ));
        };
        if values.len() > MAX_RULE_SYMBOLS {
            return Err(fault(
                format!(
                    "rules are supported on at most {MAX_RULE_SYMBOLS} symbols, not {}",
                    values.len()
                ),
                None,
            ));
        }
        let one = |name: &String| {
            (cx.index)(name).ok_or_else(|| fault(format!("unknown cell name {name:?}"), Some(name)))
        };
        // Cells of one rule, each once, at least `least` of them.
        let list = |names: &[String], least: usize| -> Result<Vec<usize>, RuleFault> {
            let cells = names.iter().map(one).collect::<Result<Vec<_>, _>>()?;
            if cells.len() < least {
                return Err(fault(
                    format!("needs at least {least} cells, has {}", cells.len()),
                    names.first().map(String::as_str),
                ));
            }
            for (i, c) in cells.iter().enumerate() {
                if cells[..i].contains(c) {
                    return Err(fault(
                        format!("cell {} is listed twice", names[i]),
                        Some(&names[i]),
                    ));
                }
            }
            Ok(cells)
        };
        let path = |names: &[String], cells: &[usize]| -> Result<(), RuleFault> {
            match not_a_path(cx.cells, cells) {
                Some(i) => Err(fault(
                    format!(
                        "{} does not touch {}: a line goes from cell to neighbouring cell",
                        names[i],
                        names[i - 1]
                    ),
                    Some(&names[i]),
                )),
                None => Ok(()),
            }
        };
        let dot = |(a, b): &(String, String)| -> Result<(usize, usize), RuleFault> {
            let cells = list(&[a.clone(), b.clone()], 2)?;
            if !orthogonal(cx.cells, cells[0], cells[1]) {
                return Err(fault(
                    format!("{a} and {b} are not orthogonal neighbours of a grid"),
                    Some(a),
                ));
            }
            Ok((cells[0], cells[1]))
        };
        let rule = match self {
            RuleSpec::Killer {
                cells: names,
                total,
            } => {
                let cells = list(names, 1)?;
                if let Some(total) = *total {
                    sum::check_distinct_total(values, cells.len(), total)
                        .map_err(|m| fault(m, names.first().map(String::as_str)))?;
                } else if cells.len() > values.len() {
                    return Err(fault(
                        format!(
                            "{} distinct cells but {} symbols",
                            cells.len(),
                            values.len()
                        ),
                        None,
                    ));
                }
                Rule::Killer {
                    cells,
                    total: *total,
                }
            }
            RuleSpec::Cage {
                cells: names,
                total,
            } => {
                let cells = list(names, 1)?;
                sum::check_reachable(values, &vec![1; cells.len()], *total)
                    .map_err(|m| fault(m, names.first().map(String::as_str)))?;
                Rule::Cage {
                    cells,
                    total: *total,
                }
            }
            RuleSpec::Arrow { circle, line } => {
                let circle_cells = list(circle, 1)?;
                let line_cells = list(line, 1)?;
                if circle.len() > 3 {
                    return Err(fault(
                        format!("a circle of {} cells: a pill has 3 at most", circle.len()),
                        Some(&circle[0]),
                    ));
                }
                if let Some(c) = line_cells.iter().find(|c| circle_cells.contains(c)) {
                    let name = &cx.cells[*c].name;
                    return Err(fault(
                        format!("{name} is both in the circle and on the arrow"),
                        Some(name),
                    ));
                }
                path(circle, &circle_cells)?;
                // The arrow leaves from a cell of the circle.
                let mut whole = line.clone();
                let mut cells = line_cells.clone();
                let start = (circle_cells.iter())
                    .position(|&c| touches(cx.cells, c, line_cells[0]))
                    .unwrap_or(circle_cells.len() - 1);
                whole.insert(0, circle[start].clone());
                cells.insert(0, circle_cells[start]);
                path(&whole, &cells)?;
                let mut weights: Vec<i64> = (0..circle.len())
                    .rev()
                    .map(|p| 10i64.pow(p as u32))
                    .collect();
                weights.extend(line.iter().map(|_| -1));
                sum::check_reachable(values, &weights, 0).map_err(|_| {
                    fault(
                        "no digits make the arrow's sum equal its circle".into(),
                        Some(&circle[0]),
                    )
                })?;
                Rule::Arrow {
                    circle: circle_cells,
                    line: line_cells,
                }
            }
            RuleSpec::Sum {
                cells: names,
                weights,
                total,
            } => {
                let cells = list(names, 1)?;
                let weights = weights.clone().unwrap_or_else(|| vec![1; cells.len()]);
                if weights.len() != cells.len() {
                    return Err(fault(
                        format!("{} weights for {} cells", weights.len(), cells.len()),
                        None,
                    ));
                }
                if weights.iter().any(|w| w.unsigned_abs() > 1 << 20) {
                    return Err(fault("a weight is beyond ±2^20".into(), None));
                }
                sum::check_reachable(values, &weights, *total)
                    .map_err(|m| fault(m, names.first().map(String::as_str)))?;
                Rule::Sum {
                    cells,
                    weights,
                    total: *total,
                }
            }
            RuleSpec::Thermometer(names) | RuleSpec::SlowThermometer(names) => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                let strict = matches!(self, RuleSpec::Thermometer(_));
                let mut distinct = values.to_vec();
                distinct.sort_unstable();
                distinct.dedup();
                if strict && cells.len() > distinct.len() {
                    return Err(fault(
                        format!(
                            "a thermometer of {} cells, longer than the {} values it can increase through",
                            cells.len(),
                            distinct.len()
                        ),
                        Some(&names[0]),
                    ));
                }
                match strict {
                    true => Rule::Thermometer(cells),
                    false => Rule::SlowThermometer(cells),
                }
            }
            RuleSpec::Difference { cells, value } => {
                let value = value.unwrap_or(1);
                if value < 1 {
                    return Err(fault(format!("a difference of {value}"), None));
                }
                Rule::Difference {
                    cells: dot(cells)?,
                    value,
                }
            }
            RuleSpec::Ratio { cells, value } => {
                let value = value.unwrap_or(2);
                if value < 2 {
                    return Err(fault(format!("a ratio of {value}"), None));
                }
                Rule::Ratio {
                    cells: dot(cells)?,
                    value,
                }
            }
            RuleSpec::X(a, b) => Rule::Xv {
                cells: dot(&(a.clone(), b.clone()))?,
                sum: 10,
            },
            RuleSpec::V(a, b) => Rule::Xv {
                cells: dot(&(a.clone(), b.clone()))?,
                sum: 5,
            },
            RuleSpec::Negative(mark) => {
                grid_only(cx.cells).map_err(|m| fault(m, None))?;
                Rule::Negative(*mark)
            }
            RuleSpec::NonConsecutive => {
                grid_only(cx.cells).map_err(|m| fault(m, None))?;
                Rule::NonConsecutive
            }
            RuleSpec::Whispers {
                cells: names,
                difference,
            } => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                let difference = difference.unwrap_or(5);
                if difference < 1 {
                    return Err(fault(format!("a difference of {difference}"), None));
                }
                Rule::Whispers { cells, difference }
            }
            RuleSpec::Renban(names) => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                if !line::has_run(values, cells.len()) {
                    return Err(fault(
                        format!("no {} consecutive values among the symbols", cells.len()),
                        Some(&names[0]),
                    ));
                }
                Rule::Renban(cells)
            }
            RuleSpec::Odd(names) | RuleSpec::Even(names) => Rule::Parity {
                cells: list(names, 1)?,
                odd: matches!(self, RuleSpec::Odd(_)),
            },
            RuleSpec::Relation { pairs, allowed } => {
                let mut cells = Vec::new();
                for (a, b) in pairs {
                    let pair = list(&[a.clone(), b.clone()], 2)?;
                    cells.push((pair[0], pair[1]));
                }
                if allowed.is_empty() {
                    return Err(fault("no allowed pair of values".into(), None));
                }
                Rule::Relation {
                    pairs: cells,
                    allowed: allowed.clone(),
                }
            }
        };
        Ok(rule)
    }
}

/// The first cell of `cells` (from the second) that does not touch the one
/// before it, on a grid (king's move); `None` for a path, and for cells not
/// on a grid, whose neighbourhood is not known.
fn not_a_path(all: &[Cell], cells: &[usize]) -> Option<usize> {
    (1..cells.len()).find(|&i| {
        let (a, b) = (cells[i - 1], cells[i]);
        grid(all, a).is_some() && grid(all, b).is_some() && !touches(all, a, b)
    })
}

fn grid(all: &[Cell], cell: usize) -> Option<(usize, usize)> {
    match all[cell].coord {
        Coord::Grid { row, col } => Some((row, col)),
        _ => None,
    }
}

/// Whether two grid cells are a king's move apart.
fn touches(all: &[Cell], a: usize, b: usize) -> bool {
    match (grid(all, a), grid(all, b)) {
        (Some((r1, c1)), Some((r2, c2))) => a != b && r1.abs_diff(r2) <= 1 && c1.abs_diff(c2) <= 1,
        _ => false,
    }
}

/// Whether two grid cells share an edge.
pub fn orthogonal(all: &[Cell], a: usize, b: usize) -> bool {
    match (grid(all, a), grid(all, b)) {
        (Some((r1, c1)), Some((r2, c2))) => r1.abs_diff(r2) + c1.abs_diff(c2) == 1,
        _ => false,
    }
}

fn grid_only(all: &[Cell]) -> Result<(), String> {
    match all.iter().all(|c| matches!(c.coord, Coord::Grid { .. })) {
        true => Ok(()),
        false => Err("needs a grid: it speaks of orthogonal neighbours".into()),
    }
}

/// Every pair of orthogonal neighbours of a grid, lower index first, in order.
pub fn orthogonal_pairs(all: &[Cell]) -> Vec<(usize, usize)> {
    let at: std::collections::HashMap<(usize, usize), usize> = (0..all.len())
        .filter_map(|c| grid(all, c).map(|p| (p, c)))
        .collect();
    let mut pairs = Vec::new();
    for (c, cell) in all.iter().enumerate() {
        if let Coord::Grid { row, col } = cell.coord {
            for p in [(row + 1, col), (row, col + 1)] {
                if let Some(&d) = at.get(&p) {
                    pairs.push((c.min(d), c.max(d)));
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The pairs a [`Rule::Negative`] of `mark` covers among `rules`: every pair
/// of orthogonal neighbours that carries no such mark.
pub fn unmarked_pairs(all: &[Cell], rules: &[Rule], mark: Mark) -> Vec<(usize, usize)> {
    let marked: std::collections::HashSet<(usize, usize)> = rules
        .iter()
        .filter_map(|rule| match (rule, mark) {
            (Rule::Difference { cells, .. }, Mark::Difference)
            | (Rule::Ratio { cells, .. }, Mark::Ratio)
            | (Rule::Xv { cells, .. }, Mark::XV) => {
                Some((cells.0.min(cells.1), cells.0.max(cells.1)))
            }
            _ => None,
        })
        .collect();
    let mut pairs = orthogonal_pairs(all);
    pairs.retain(|p| !marked.contains(p));
    pairs
}
