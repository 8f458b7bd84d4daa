//! Innies and outies as steps: each sum the solver's optimizer finds from the
//! full houses and the plain sums (cages, little killers…), applied as a
//! cage's sum, with the sums that make it in words: `rows 1–3 sum to 135,
//! the cages in them to 121, so r4c1 + r4c2 = 14`.
//!
//! The optimizer (`solver/optimize.rs`) says which sums hold, not how it
//! found them: the words come from finding again a union of houses of one
//! kind and the cages whose difference is the sum, checked exactly; a sum
//! found no such way is named as the houses' and cages' without them.

use super::links::{Bound, Origin};
use super::{Board, Logic, RuleUse, Step, Technique};
use crate::rules::primitive::{self, Context, Primitive, Sum};

/// The first implied sum that removes something from `board`, alone.
pub(super) fn find(logic: &Logic, board: &Board, bound: &Bound) -> Option<Step> {
    for (g, group) in logic.groups.groups.iter().enumerate() {
        let Origin::Implied(j) = group.origin else {
            continue;
        };
        let before = logic.domains(board, &group.cells);
        let mut after = before.clone();
        if !bound.narrow_wide(g, &mut after) {
            continue;
        }
        let mut eliminated = Vec::new();
        for (i, &c) in group.cells.iter().enumerate() {
            if board.placed[c].is_none() {
                let gone = before[i] & !after[i];
                eliminated.extend((0..128u8).filter(|&y| gone >> y & 1 == 1).map(|y| (c, y)));
            }
        }
        if eliminated.is_empty() {
            continue;
        }
        eliminated.sort_unstable();
        let sum = &logic.groups.implied[j].sum;
        let placed = (group.cells.iter().enumerate())
            .find(|&(i, &c)| {
                board.placed[c].is_none() && before[i] != after[i] && after[i].is_power_of_two()
            })
            .map(|(i, &c)| (c, after[i].trailing_zeros() as u8));
        if let Some((cell, _)) = placed {
            eliminated.retain(|&(c, _)| c != cell);
        }
        let (reason, first) = explain(logic, sum);
        let mut step = Step::removing(
            Technique::InniesOuties,
            eliminated,
            group.cells.clone(),
            Vec::new(),
            Vec::new(),
        );
        step.placed = placed;
        step.rule = Some(RuleUse {
            index: first,
            reason,
        });
        return Some(step);
    }
    None
}

/// The words of an implied sum, and the rule of the first cage it uses.
pub(super) fn explain(logic: &Logic, sum: &Sum) -> (String, usize) {
    let graph = logic.graph;
    let expression = expression(logic, sum);
    let Some(values) = graph.values() else {
        return (expression, 0);
    };
    let house_sum: i64 = values.iter().sum();
    let cx = Context {
        cells: graph.cells(),
        values,
    };
    // The plain sums that share no cell, in the rules' order (as the
    // optimizer takes them), with their rules.
    let mut taken = vec![false; graph.len()];
    let mut pieces: Vec<(Sum, usize)> = Vec::new();
    for lowered in primitive::lower(graph.rules(), cx) {
        if let Primitive::Sum(s) = lowered.primitive
            && s.is_plain()
            && !s.cells.is_empty()
            && s.cells.iter().all(|&c| !taken[c])
        {
            s.cells.iter().for_each(|&c| taken[c] = true);
            pieces.push((s, lowered.rule));
        }
    }
    let k = values.len();
    let houses = graph.houses();
    let full: Vec<usize> = (0..houses.len())
        .filter(|&h| houses[h].cells.len() == k)
        .collect();
    // Unions of houses to try: each full house, and the first houses of each
    // kind that tiles, from either end.
    let mut unions: Vec<Vec<usize>> = full.iter().map(|&h| vec![h]).collect();
    let mut kinds: Vec<_> = full.iter().map(|&h| houses[h].kind).collect();
    kinds.dedup();
    for kind in kinds {
        let layer: Vec<usize> = full
            .iter()
            .copied()
            .filter(|&h| houses[h].kind == kind)
            .collect();
        for order in [layer.clone(), layer.iter().rev().copied().collect()] {
            for i in 2..=order.len() {
                unions.push(order[..i].to_vec());
            }
        }
    }
    let target = signed(&sum.cells, &sum.weights, graph.len());
    for union in &unions {
        let mut region = vec![false; graph.len()];
        for &h in union {
            houses[h].cells.iter().for_each(|&c| region[c] = true);
        }
        let inside = |p: &Sum| p.cells.iter().filter(|&&c| region[c]).count();
        let mostly: Vec<usize> = (0..pieces.len())
            .filter(|&p| 2 * inside(&pieces[p].0) > pieces[p].0.cells.len())
            .collect();
        let within: Vec<usize> = (0..pieces.len())
            .filter(|&p| inside(&pieces[p].0) == pieces[p].0.cells.len())
            .collect();
        let mut choices = vec![mostly, within.clone()];
        for (p, (piece, _)) in pieces.iter().enumerate() {
            let n = piece.cells.len();
            if inside(piece) + 1 == n && n > 1 {
                let mut with = within.clone();
                with.push(p);
                choices.push(with);
            }
        }
        for chosen in choices {
            let mut weights = vec![0i64; graph.len()];
            for (c, w) in weights.iter_mut().enumerate() {
                *w += i64::from(region[c]);
            }
            let mut total = union.len() as i64 * house_sum;
            for &p in &chosen {
                for &c in &pieces[p].0.cells {
                    weights[c] -= 1;
                }
                total -= pieces[p].0.total;
            }
            if weights == target && total == sum.total {
                let held: i64 = chosen.iter().map(|&p| pieces[p].0.total).sum();
                let first = chosen.first().map_or(0, |&p| pieces[p].1);
                let them = if union.len() == 1 { "it" } else { "them" };
                let cages = match chosen.len() {
                    1 => format!(
                        "the cage {} {them}",
                        where_word(&pieces[chosen[0]].0, &region)
                    ),
                    _ => format!(
                        "the cages {} {them}",
                        if chosen
                            .iter()
                            .all(|&p| inside(&pieces[p].0) == pieces[p].0.cells.len())
                        {
                            "in"
                        } else {
                            "mostly in"
                        }
                    ),
                };
                let reason = format!(
                    "{} {} {}, {cages} {held}, so {expression}",
                    house_names(graph, union),
                    if union.len() == 1 {
                        "sums to"
                    } else {
                        "sum to"
                    },
                    union.len() as i64 * house_sum,
                );
                return (reason, first);
            }
        }
    }
    (
        format!("the houses and the cages together make {expression}"),
        pieces.first().map_or(0, |p| p.1),
    )
}

/// `in` or `mostly in`, of one piece in a region.
fn where_word(piece: &Sum, region: &[bool]) -> &'static str {
    match piece.cells.iter().all(|&c| region[c]) {
        true => "in",
        false => "mostly in",
    }
}

/// The weight of each cell of the board in a signed sum.
fn signed(cells: &[usize], weights: &[i64], n: usize) -> Vec<i64> {
    let mut out = vec![0; n];
    for (&c, &w) in cells.iter().zip(weights) {
        out[c] += w;
    }
    out
}

/// `r4c1 + r4c2 − r3c9 = 14`.
fn expression(logic: &Logic, sum: &Sum) -> String {
    let name = |c: usize| logic.graph.cells()[c].name.as_str();
    // Said with a total of zero or more, the cells added first:
    // `r6c2 + r6c8 − r5c9 = 13` rather than `r5c9 − r6c2 − r6c8 = -13`.
    let sign = if sum.total < 0 { -1 } else { 1 };
    let mut terms: Vec<(usize, i64)> = (sum.cells.iter().copied())
        .zip(sum.weights.iter().map(|&w| sign * w))
        .collect();
    terms.sort_by_key(|&(_, w)| w < 0);
    let mut out = String::new();
    for (i, &(c, w)) in terms.iter().enumerate() {
        let sign = match (i, w < 0) {
            (0, false) => "",
            (0, true) => "−",
            (_, false) => " + ",
            (_, true) => " − ",
        };
        let times = match w.abs() {
            1 => String::new(),
            a => format!("{a}·"),
        };
        out.push_str(&format!("{sign}{times}{}", name(c)));
    }
    format!("{out} = {}", sign * sum.total)
}

/// `rows 1–3`, `box 5`, or the names listed.
fn house_names(graph: &crate::ConstraintGraph, union: &[usize]) -> String {
    let names: Vec<&str> = union
        .iter()
        .map(|&h| graph.houses()[h].name.as_str())
        .collect();
    if let [one] = names.as_slice() {
        return one.to_string();
    }
    // "row 1", "row 2", "row 3": one word and consecutive numbers.
    let split: Option<Vec<(&str, i64)>> = (names.iter())
        .map(|n| {
            let (word, number) = n.rsplit_once(' ')?;
            Some((word, number.parse().ok()?))
        })
        .collect();
    if let Some(split) = split {
        let word = split[0].0;
        let mut numbers: Vec<i64> = split.iter().map(|s| s.1).collect();
        numbers.sort_unstable();
        if split.iter().all(|s| s.0 == word) && numbers.windows(2).all(|w| w[1] == w[0] + 1) {
            let plural = match word {
                "box" => "boxes".to_string(),
                w => format!("{w}s"),
            };
            return format!("{plural} {}–{}", numbers[0], numbers[numbers.len() - 1]);
        }
    }
    names.join(", ")
}
