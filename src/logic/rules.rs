//! Rule steps: each rule of the graph run alone on the board's candidates, what
//! it removes one step named after the rule, with its reason in words.
//!
//! The rule's own propagators (the solver's, `solver/rules/`) run to their
//! common fixed point on the candidates of the rule's cells, and nothing else
//! does, so a step is exactly one rule's deduction. Rules made of independent
//! pairs over the whole grid (non-consecutive, negative constraints, the generic
//! relation) run one pair at a time, so a step speaks of two cells. Killer-cage
//! and renban distinctness and odd/even cells are not here: [`super::Logic`]
//! makes them neighbours and allowed candidates, used by the singles.

use super::{Board, Logic, RuleUse, Step, Technique};
use crate::graph::ConstraintGraph;
use crate::rules::{Mark, Rule};
use crate::solver::rules::Propagator;

/// Assignments of a sum's cells enumerated for its reason, at most.
const ENUMERATE_MAX: u64 = 20_000;

/// Combinations named in a sum's reason, at most.
const NAMED_MAX: usize = 4;

/// The first rule (or pair of a pair-wise rule), in the graph's order, whose
/// propagators alone remove something from `board`.
pub(super) fn find(logic: &Logic, board: &Board) -> Option<Step> {
    let rules = logic.graph.rules();
    for (index, rule) in rules.iter().enumerate() {
        let props: Vec<&dyn Propagator> = logic.rules.of_rule(index).collect();
        let pairwise = matches!(
            rule,
            Rule::NonConsecutive | Rule::Negative(_) | Rule::Relation { .. }
        );
        let groups: Vec<&[&dyn Propagator]> = match pairwise {
            true => props.chunks(1).collect(),
            false => vec![&props[..]],
        };
        for group in groups.into_iter().filter(|g| !g.is_empty()) {
            if let Some(step) = run(logic, board, index, group) {
                return Some(step);
            }
        }
    }
    None
}

/// The step of `props` (all from rule `index`), if they remove anything.
fn run(logic: &Logic, board: &Board, index: usize, props: &[&dyn Propagator]) -> Option<Step> {
    // The group's cells, in first appearance, and their candidates.
    let mut cells: Vec<usize> = Vec::new();
    for prop in props {
        for &c in prop.cells() {
            if !cells.contains(&(c as usize)) {
                cells.push(c as usize);
            }
        }
    }
    let before: Vec<u128> = cells.iter().map(|&c| board.candidates[c].low()).collect();
    let mut after = before.clone();
    let mut domains = Vec::new();
    loop {
        let mut changed = false;
        for prop in props {
            let at: Vec<usize> = (prop.cells().iter())
                .map(|&c| cells.iter().position(|&x| x == c as usize).expect("listed"))
                .collect();
            domains.clear();
            domains.extend(at.iter().map(|&i| after[i]));
            // A board that contradicts the rule is left to the other steps
            // (it cannot happen on the way to a true solution).
            prop.propagate(&mut domains).ok()?;
            for (&i, &d) in at.iter().zip(&domains) {
                let narrowed = after[i] & d;
                changed |= narrowed != after[i];
                after[i] = narrowed;
            }
        }
        if !changed {
            break;
        }
    }
    if after.contains(&0) {
        return None;
    }
    let mut eliminated: Vec<(usize, u8)> = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        let gone = before[i] & !after[i];
        eliminated.extend(bits(gone).map(|colour| (cell, colour)));
    }
    if eliminated.is_empty() {
        return None;
    }
    eliminated.sort_unstable();
    // A cell left with one candidate is placed by the step itself.
    let placed = (cells.iter().enumerate())
        .find(|&(i, &c)| {
            board.placed[c].is_none() && before[i] != after[i] && after[i].is_power_of_two()
        })
        .map(|(i, &c)| (c, after[i].trailing_zeros() as u8));
    if let Some((cell, _)) = placed {
        eliminated.retain(|&(c, _)| c != cell);
    }
    let named: Vec<usize> = match props.len() {
        1 if cells.len() == 2 => cells.clone(),
        _ => logic.graph.rules()[index].cells(),
    };
    let reason = reason(logic.graph, index, &cells, &before, &after);
    Some(Step {
        technique: Technique::Rule,
        placed,
        eliminated,
        cells: named,
        houses: Vec::new(),
        colours: Vec::new(),
        rule: Some(RuleUse { index, reason }),
        se: Technique::Rule.se(),
    })
}

fn bits(mut mask: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            c
        })
    })
}

/// The reason of a step of rule `index` that narrowed `cells` from `before`
/// to `after`: the rule, its cells, and why in a few words.
fn reason(
    graph: &ConstraintGraph,
    index: usize,
    cells: &[usize],
    before: &[u128],
    after: &[u128],
) -> String {
    let rule = &graph.rules()[index];
    let values = graph.values().expect("rules are checked to have values");
    let name = |c: usize| graph.cells()[c].name.as_str();
    let list = |cs: &[usize]| cs.iter().map(|&c| name(c)).collect::<Vec<_>>().join(", ");
    let line = |cs: &[usize], sep: &str| cs.iter().map(|&c| name(c)).collect::<Vec<_>>().join(sep);
    let kind = rule.name();
    // Positions of `cells` that hold different values: the rule's own
    // distinctness, or an edge of the graph (the ways named are those the
    // grid allows, a subset of what the rule alone allows).
    let distinct = rule.distinct_cells().is_some();
    let differ = |i: usize, j: usize| distinct || graph.adjacent(cells[i], cells[j]);
    // For a pair: whose values leave nothing for the other.
    let pair = || -> String {
        let (a, b) = (cells[0], cells[1]);
        let from_a = before[0] != after[0];
        let from_b = before[1] != after[1];
        match (from_a, from_b) {
            (true, false) => format!("no value of {} allows it", name(b)),
            (false, true) => format!("no value of {} allows it", name(a)),
            _ => "no value of the other cell allows it".to_string(),
        }
    };
    // For a rule made of pairs, the pair's reason; for more cells, none.
    let either = || match cells.len() {
        2 => pair(),
        _ => "no other values fit".to_string(),
    };
    match rule {
        Rule::Killer {
            total: Some(total), ..
        }
        | Rule::Cage { total, .. } => {
            let weights = vec![1; cells.len()];
            let ways = Ways {
                values,
                weights: &weights,
                total: *total,
                differ: &differ,
            };
            let combos = ways.sets(after);
            format!(
                "{kind} {total} in {}: {}",
                list(cells),
                combinations(combos, *total)
            )
        }
        Rule::Arrow {
            circle,
            line: arrow,
        } => {
            let mut weights: Vec<i64> = (0..circle.len())
                .rev()
                .map(|p| 10i64.pow(p as u32))
                .collect();
            weights.extend(arrow.iter().map(|_| -1));
            // The circle's number, and the arrow's values, of each way left.
            let ways = Ways {
                values,
                weights: &weights,
                total: 0,
                differ: &differ,
            };
            let all = ways.all(after);
            let mut shown: Vec<String> = (all.iter().flatten())
                .map(|w| {
                    let number: i64 = (w.iter().zip(&weights))
                        .filter(|(_, wt)| **wt > 0)
                        .map(|(v, wt)| v * wt)
                        .sum();
                    let mut parts: Vec<i64> = w[circle.len()..].to_vec();
                    parts.sort_unstable();
                    let parts: Vec<String> = parts.iter().map(i64::to_string).collect();
                    format!("{number} = {}", parts.join("+"))
                })
                .collect();
            shown.sort();
            shown.dedup();
            format!(
                "{kind} from {} along {}, the sum along it is the circle: {}",
                line(circle, ""),
                line(arrow, "→"),
                match all {
                    Some(_) => listed(shown),
                    None => "too many ways to list".to_string(),
                }
            )
        }
        Rule::Sum { weights, total, .. } => {
            let terms: Vec<String> = (cells.iter().zip(weights))
                .map(|(&c, w)| match w {
                    1 => name(c).to_string(),
                    -1 => format!("−{}", name(c)),
                    w => format!("{w}·{}", name(c)),
                })
                .collect();
            format!(
                "{kind} {} = {total}, no other values make the total",
                terms.join(" + ").replace("+ −", "− ")
            )
        }
        Rule::Thermometer(_) | Rule::SlowThermometer(_) => {
            let strict = matches!(rule, Rule::Thermometer(_));
            // Removed from above what remains (nothing larger follows) or below it.
            let (mut high, mut low) = (false, false);
            for i in 0..cells.len() {
                let left = || bits(after[i]).map(|c| values[c as usize]);
                let (lo, hi) = (left().min().unwrap_or(0), left().max().unwrap_or(0));
                for c in bits(before[i] & !after[i]) {
                    let v = values[c as usize];
                    high |= v > hi;
                    low |= v < lo;
                }
            }
            let why = match (high, low, strict) {
                (true, false, true) => "nothing larger can follow",
                (false, true, true) => "nothing smaller can come before",
                (true, false, false) => "nothing as large can follow",
                (false, true, false) => "nothing as small can come before",
                (_, _, true) => "values strictly increase from the bulb",
                (_, _, false) => "values never decrease from the bulb",
            };
            format!("{kind} {}, {why}", line(cells, "→"))
        }
        Rule::Whispers { difference, .. } => format!(
            "{kind} {}, neighbours on it differ by at least {difference}",
            line(cells, "–")
        ),
        Rule::Renban(_) => {
            // The runs of consecutive values every cell can still take part in.
            let union = after.iter().fold(0u128, |u, &d| u | d);
            let mut starts: Vec<i64> = bits(union).map(|c| values[c as usize]).collect();
            starts.sort_unstable();
            starts.dedup();
            let n = cells.len() as i64;
            let fits = |lo: i64| {
                after
                    .iter()
                    .all(|&d| bits(d).any(|c| (lo..lo + n).contains(&values[c as usize])))
                    && (lo..lo + n).all(|v| starts.contains(&v))
            };
            let shown: Vec<String> = (starts.iter())
                .filter(|&&lo| fits(lo))
                .map(|lo| format!("{lo}–{}", lo + n - 1))
                .collect();
            format!(
                "{kind} {}, consecutive values in any order: {}",
                line(cells, "–"),
                match shown.len() {
                    1 => format!("only the run {} is left", shown[0]),
                    _ => format!("the runs left are {}", shown.join(", ")),
                }
            )
        }
        Rule::Difference { value, .. } => format!(
            "{kind} {}, they differ by {value}: {}",
            line(cells, "–"),
            pair()
        ),
        Rule::Ratio { value, .. } => {
            let times = match value {
                2 => "twice".to_string(),
                v => format!("{v} times"),
            };
            format!(
                "{kind} {}, one is {times} the other: {}",
                line(cells, "–"),
                pair()
            )
        }
        Rule::Xv { sum, .. } => {
            format!("{kind} {}, they sum to {sum}: {}", line(cells, "–"), pair())
        }
        Rule::Negative(mark) => {
            let why = match mark {
                Mark::Difference => "no kropki dot, so not consecutive",
                Mark::Ratio => "no kropki dot, so neither is twice the other",
                Mark::XV => "no X or V, so the sum is neither 10 nor 5",
            };
            format!("{kind} on {}, {why}: {}", line(cells, "–"), pair())
        }
        Rule::NonConsecutive => format!(
            "{kind} {}, neighbours without a dot are never consecutive: {}",
            line(cells, "–"),
            pair()
        ),
        Rule::Relation { .. } => format!(
            "{kind} on {}, the allowed pairs: {}",
            line(cells, "–"),
            pair()
        ),
        Rule::LittleKiller { total, .. } => {
            let weights = vec![1; cells.len()];
            let ways = Ways {
                values,
                weights: &weights,
                total: *total,
                differ: &differ,
            };
            format!(
                "{kind} {total} along {}: {}",
                line(cells, "→"),
                combinations(ways.sets(after), *total)
            )
        }
        Rule::Sandwich { total, .. } => format!(
            "{kind} {total} from {}, the digits between the smallest and the largest sum to {total}",
            name(cells[0])
        ),
        Rule::XSum { total, .. } => format!(
            "{kind} {total} from {}, the first X digits sum to {total}, X the first digit",
            name(cells[0])
        ),
        Rule::Skyscraper { count, .. } => format!(
            "{kind} {count} from {}, {count} seen from the clue, a taller hiding a lower",
            name(cells[0])
        ),
        Rule::Between(_) => format!(
            "{kind} {}, its cells lie strictly between the ends",
            line(cells, "–")
        ),
        Rule::Lockout { difference, .. } => format!(
            "{kind} {}, the ends differ by at least {difference} and the cells lie outside them",
            line(cells, "–")
        ),
        Rule::Quadruple { digits, .. } => {
            let digits: Vec<String> = digits.iter().map(i64::to_string).collect();
            format!("{kind} {} in {}", digits.join(""), list(cells))
        }
        Rule::Extremum { minimum, .. } => {
            let than = match minimum {
                true => "smaller",
                false => "greater",
            };
            format!(
                "{kind} {}, {than} than its neighbours: {}",
                line(cells, "–"),
                either()
            )
        }
        Rule::GreaterThan { .. } => format!(
            "{kind} {}, the first is greater: {}",
            line(cells, " > "),
            either()
        ),
        Rule::RegionSum { .. } => format!(
            "{kind} {}, each box's stretch of it sums alike",
            line(cells, "–")
        ),
        Rule::Palindrome(_) | Rule::Clone(..) => format!(
            "{kind} {}, the matching cells are equal: {}",
            line(cells, "–"),
            either()
        ),
        Rule::Zipper(_) => format!(
            "{kind} {}, cells as far from the centre sum alike",
            line(cells, "–")
        ),
        Rule::DoubleArrow(_) => format!(
            "{kind} {}, the two circles sum to the line between",
            line(cells, "–")
        ),
        Rule::Entropic(_) => format!(
            "{kind} {}, any three in a row are low, middle and high: {}",
            line(cells, "–"),
            either()
        ),
        Rule::Modular(_) => format!(
            "{kind} {}, any three in a row differ modulo 3: {}",
            line(cells, "–"),
            either()
        ),
        Rule::Nabner(_) => format!(
            "{kind} {}, no two digits on it equal or consecutive: {}",
            line(cells, "–"),
            either()
        ),
        // No propagators: never a step.
        Rule::Killer { total: None, .. } | Rule::Parity { .. } => {
            format!("{kind} {}", list(cells))
        }
        // A rule without words of its own: what its cells keep.
        _ => format!("{kind} {}: {}", line(cells, "–"), either()),
    }
}

/// A linear sum over a rule's cells, for naming the ways it can be made.
struct Ways<'a> {
    values: &'a [i64],
    weights: &'a [i64],
    total: i64,
    /// Whether the cells at two positions must differ.
    differ: &'a dyn Fn(usize, usize) -> bool,
}

impl Ways<'_> {
    /// The value tuples of `domains` (one mask per cell) that make the total
    /// with the cells that must differ different; `None` when there are too
    /// many to enumerate.
    fn all(&self, domains: &[u128]) -> Option<Vec<Vec<i64>>> {
        let size = (domains.iter()).try_fold(1u64, |p, d| p.checked_mul(u64::from(d.count_ones())));
        if size.is_none_or(|s| s > ENUMERATE_MAX) {
            return None;
        }
        let mut found = Vec::new();
        self.walk(domains, &mut Vec::with_capacity(domains.len()), &mut found);
        Some(found)
    }

    fn walk(&self, domains: &[u128], chosen: &mut Vec<i64>, found: &mut Vec<Vec<i64>>) {
        let i = chosen.len();
        if i == domains.len() {
            let sum: i64 = chosen.iter().zip(self.weights).map(|(v, w)| v * w).sum();
            if sum == self.total {
                found.push(chosen.clone());
            }
            return;
        }
        for c in bits(domains[i]) {
            let v = self.values[c as usize];
            if (0..i).any(|j| chosen[j] == v && (self.differ)(j, i)) {
                continue;
            }
            chosen.push(v);
            self.walk(domains, chosen, found);
            chosen.pop();
        }
    }

    /// The sets of values (sorted, each once) that make the total.
    fn sets(&self, domains: &[u128]) -> Option<Vec<Vec<i64>>> {
        let mut sets: Vec<Vec<i64>> = (self.all(domains)?.into_iter())
            .map(|mut w| {
                w.sort_unstable();
                w
            })
            .collect();
        sets.sort();
        sets.dedup();
        Some(sets)
    }
}

/// `only 6+8+9 makes 23`, `only 4+9, 5+8 or 6+7 make 13`, or the count when
/// there are many.
fn combinations(sets: Option<Vec<Vec<i64>>>, total: i64) -> String {
    let Some(sets) = sets else {
        return format!("the other cells cannot make up the rest of {total}");
    };
    let shown: Vec<String> = (sets.iter())
        .map(|s| s.iter().map(i64::to_string).collect::<Vec<_>>().join("+"))
        .collect();
    match shown.len() {
        0 => format!("nothing makes {total}"),
        1 if sets[0].len() == 1 => format!("one cell holds the total {total}"),
        1 => format!("only {} makes {total}", shown[0]),
        n if n <= NAMED_MAX => format!(
            "only {} or {} make {total}",
            shown[..n - 1].join(", "),
            shown[n - 1]
        ),
        n => format!("{n} combinations of the candidates left make {total}"),
    }
}

/// `a, b or c`, or the count when there are many.
fn listed(shown: Vec<String>) -> String {
    match shown.len() {
        0 => "no way is left".to_string(),
        n if n <= NAMED_MAX => shown.join(" or "),
        n => format!("{n} ways are left"),
    }
}
