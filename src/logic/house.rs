//! Rules with houses: what a rule says together with the houses and edges
//! around it, beyond the rule alone.
//!
//! - **Rule pointing** (2.6, as pointing): a symbol every way of satisfying a
//!   rule places among its cells (a 9 in a cage of 23 in three cells, the
//!   middle of a renban's runs) leaves every cell that sees all of its
//!   places there; with one place, the place holds it.
//! - **Rule and house** (3.0, as a naked pair): a rule whose cells must
//!   differ and lie in one full house leaves the rest of the house exactly the
//!   symbols it does not take, so a way of the rule whose leftover symbols the
//!   rest cannot hold goes, and the rest keeps only symbols some way leaves.

use super::links::{Bound, Origin};
use super::{Board, Logic, RuleUse, Step, Technique};

/// Ways of a rule enumerated, at most, for [`complement`].
const WAYS_MAX: usize = 5_000;

/// The first rule pointing step on `board`: rules in order, symbols in order.
pub(super) fn pointing(logic: &Logic, board: &Board, bound: &Bound) -> Option<Step> {
    for (g, group) in logic.groups.groups.iter().enumerate() {
        let Origin::Rule(index) = group.origin else {
            continue;
        };
        let mut domains = logic.domains(board, &group.cells);
        if !bound.narrow_wide(g, &mut domains) {
            continue;
        }
        let open = |i: usize| board.placed[group.cells[i]].is_none();
        let held = (0..group.cells.len())
            .filter(|&i| !open(i))
            .fold(0u128, |m, i| m | domains[i]);
        let union = (0..group.cells.len())
            .filter(|&i| open(i))
            .fold(0u128, |m, i| m | domains[i]);
        for y in bits(union & !held) {
            let places: Vec<usize> = (0..group.cells.len())
                .filter(|&i| open(i) && domains[i] >> y & 1 == 1)
                .collect();
            // Required: without it in any of its places, the rule fails.
            let mut without = domains.clone();
            for &i in &places {
                without[i] &= !(1 << y);
            }
            if places.iter().any(|&i| without[i] == 0) {
                // A cell of the rule that can only hold it: the rule alone.
                continue;
            }
            if bound.narrow_wide(g, &mut without) {
                continue;
            }
            let cells: Vec<usize> = places.iter().map(|&i| group.cells[i]).collect();
            let placed = (cells.len() == 1).then(|| (cells[0], y as u8));
            let eliminated: Vec<(usize, u8)> = (0..board.placed.len())
                .filter(|&c| {
                    board.placed[c].is_none()
                        && board.candidates[c].contains(y as u8)
                        && !cells.contains(&c)
                        && cells.iter().all(|&p| logic.sees(c, p))
                })
                .map(|c| (c, y as u8))
                .collect();
            if eliminated.is_empty() && placed.is_none() {
                continue;
            }
            let symbol = logic.graph.alphabet().symbol(y as u8);
            let names = logic.cell_list(&cells);
            let reason = match placed {
                Some(_) => format!(
                    "{}, it must hold {symbol} (every way of it does) and only {names} can",
                    super::rules::label(logic.graph, index)
                ),
                None => format!(
                    "{}, it must hold {symbol} (every way of it does), in {names}, and these cells see them all",
                    super::rules::label(logic.graph, index)
                ),
            };
            let mut step = Step::removing(
                Technique::RulePointing,
                eliminated,
                logic.graph.rules()[index].cells(),
                Vec::new(),
                vec![y as u8],
            );
            step.placed = placed;
            step.rule = Some(RuleUse { index, reason });
            return Some(step);
        }
    }
    None
}

/// The first rule and house step on `board`: a rule whose cells that see
/// each other must differ, beyond what the rule alone says; else a rule
/// against the rest of its house.
pub(super) fn find(logic: &Logic, board: &Board, bound: &Bound) -> Option<Step> {
    apart(logic, board, bound).or_else(|| complement(logic, board, bound))
}

/// A rule whose ways, its cells that see each other different, leave out
/// values the rule alone keeps (two cells of an arrow in one box).
fn apart(logic: &Logic, board: &Board, bound: &Bound) -> Option<Step> {
    for (g, group) in logic.groups.groups.iter().enumerate() {
        let Origin::Rule(index) = group.origin else {
            continue;
        };
        // Cells a rule holds different anyway (a cage's) are not news.
        if group.apart.is_empty() || logic.graph.rules()[index].distinct_cells().is_some() {
            continue;
        }
        let mut alone = logic.domains(board, &group.cells);
        if !bound.narrow_wide(g, &mut alone) {
            continue;
        }
        let mut exact = alone.clone();
        if !bound.narrow_exact(g, &mut exact) {
            continue;
        }
        let mut eliminated = Vec::new();
        for (i, &c) in group.cells.iter().enumerate() {
            if board.placed[c].is_none() {
                eliminated.extend(bits(alone[i] & !exact[i]).map(|y| (c, y as u8)));
            }
        }
        if eliminated.is_empty() {
            continue;
        }
        eliminated.sort_unstable();
        let pairs: Vec<String> = (group.apart.iter())
            .filter(|&&(i, j)| {
                board.placed[group.cells[i as usize]].is_none()
                    || board.placed[group.cells[j as usize]].is_none()
            })
            .map(|&(i, j)| {
                logic
                    .cell_list(&[group.cells[i as usize], group.cells[j as usize]])
                    .replace(", ", " ≠ ")
            })
            .collect();
        let reason = format!(
            "{}, with its cells that see each other different ({}), no way of it keeps these",
            super::rules::label(logic.graph, index),
            pairs.join(", "),
        );
        let placed = (group.cells.iter().enumerate())
            .find(|&(i, &c)| {
                board.placed[c].is_none() && alone[i] != exact[i] && exact[i].is_power_of_two()
            })
            .map(|(i, &c)| (c, exact[i].trailing_zeros() as u8));
        if let Some((cell, _)) = placed {
            eliminated.retain(|&(c, _)| c != cell);
        }
        let mut step = Step::removing(
            Technique::RuleHouse,
            eliminated,
            logic.graph.rules()[index].cells(),
            Vec::new(),
            Vec::new(),
        );
        step.placed = placed;
        step.rule = Some(RuleUse { index, reason });
        return Some(step);
    }
    None
}

/// A rule whose cells lie in a full house, against the rest of the house.
fn complement(logic: &Logic, board: &Board, bound: &Bound) -> Option<Step> {
    let k = logic.graph.alphabet().len();
    let everything = if k == 128 {
        u128::MAX
    } else {
        (1u128 << k) - 1
    };
    for (g, group) in logic.groups.groups.iter().enumerate() {
        let Origin::Rule(index) = group.origin else {
            continue;
        };
        let cells = &group.cells;
        let n = cells.len();
        if n < 2 || !(0..n).all(|i| (i + 1..n).all(|j| logic.sees(cells[i], cells[j]))) {
            continue;
        }
        let houses = logic.graph.houses();
        let Some(house) = (0..houses.len()).find(|&h| {
            logic.is_full(h)
                && houses[h].cells.len() > n
                && cells.iter().all(|c| houses[h].cells.contains(c))
        }) else {
            continue;
        };
        let rest: Vec<usize> = (houses[house].cells.iter().copied())
            .filter(|c| !cells.contains(c))
            .collect();
        let mut domains = logic.domains(board, cells);
        if !bound.narrow_wide(g, &mut domains) {
            continue;
        }
        let Some(ways) = ways(bound, g, &domains) else {
            continue;
        };
        let rest_domains = logic.domains(board, &rest);
        // The ways whose leftover symbols the rest can hold, one each.
        let fits = |set: u128| fills(&rest_domains, everything & !set);
        let mut kept_sets: Vec<u128> = Vec::new();
        let mut dropped_sets: Vec<u128> = Vec::new();
        let mut new = vec![0u128; n];
        for way in &ways {
            let set = way.iter().fold(0u128, |m, &c| m | 1 << c);
            let ok = match (kept_sets.contains(&set), dropped_sets.contains(&set)) {
                (true, _) => true,
                (_, true) => false,
                _ if fits(set) => {
                    kept_sets.push(set);
                    true
                }
                _ => {
                    dropped_sets.push(set);
                    false
                }
            };
            if ok {
                for (d, &c) in new.iter_mut().zip(way) {
                    *d |= 1 << c;
                }
            }
        }
        if kept_sets.is_empty() {
            continue;
        }
        let left = kept_sets.iter().fold(0u128, |m, &s| m | (everything & !s));
        let mut eliminated = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            if board.placed[c].is_none() {
                eliminated.extend(bits(domains[i] & !new[i]).map(|y| (c, y as u8)));
            }
        }
        for (i, &c) in rest.iter().enumerate() {
            if board.placed[c].is_none() {
                eliminated.extend(bits(rest_domains[i] & !left).map(|y| (c, y as u8)));
            }
        }
        // What the rule alone removes is the rule step's, not this one's.
        let alone = logic.domains(board, cells);
        eliminated.retain(|&(c, y)| match cells.iter().position(|&x| x == c) {
            Some(i) => alone[i] >> y & 1 == 1 && domains[i] >> y & 1 == 1,
            None => true,
        });
        if eliminated.is_empty() {
            continue;
        }
        eliminated.sort_unstable();
        let sep = match logic.graph.rules()[index] {
            crate::rules::Rule::Killer { .. } => "+",
            _ => " ",
        };
        let show = |sets: &[u128]| -> Vec<String> {
            let mut shown: Vec<String> = sets.iter().map(|&s| logic.value_set(s, sep)).collect();
            shown.sort();
            shown
        };
        let (kept, dropped) = (show(&kept_sets), show(&dropped_sets));
        let label = super::rules::label(logic.graph, index);
        let house_name = &houses[house].name;
        let reason = match dropped.is_empty() {
            true => format!(
                "{label} lies in {house_name}, whose other cells hold the symbols it leaves: {} {} them",
                or_list(&kept),
                match kept.len() {
                    1 => "leaves",
                    _ => "can leave",
                },
            ),
            false => format!(
                "{label} lies in {house_name}, whose other cells hold the symbols it leaves: {} leave{} them symbols they cannot hold, {} left",
                or_list(&dropped),
                if dropped.len() == 1 { "s" } else { "" },
                match kept.len() {
                    1 => format!("only {} is", kept[0]),
                    _ => format!("{} are", or_list(&kept)),
                },
            ),
        };
        let mut step = Step::removing(
            Technique::RuleHouse,
            eliminated,
            logic.graph.rules()[index].cells(),
            vec![house],
            Vec::new(),
        );
        step.rule = Some(RuleUse { index, reason });
        return Some(step);
    }
    None
}

/// Every way (a colour per cell) of group `g` within `domains`, or `None`
/// when there are more than [`WAYS_MAX`]. Depth first, each cell's colour
/// tried in order and the group narrowed after each choice.
pub(super) fn ways(bound: &Bound, g: usize, domains: &[u128]) -> Option<Vec<Vec<u8>>> {
    fn walk(bound: &Bound, g: usize, domains: &[u128], i: usize, out: &mut Vec<Vec<u8>>) -> bool {
        if out.len() > WAYS_MAX {
            return false;
        }
        if i == domains.len() {
            out.push(domains.iter().map(|d| d.trailing_zeros() as u8).collect());
            return true;
        }
        for c in bits(domains[i]) {
            let mut next = domains.to_vec();
            next[i] = 1 << c;
            if bound.narrow_wide(g, &mut next) && !walk(bound, g, &next, i + 1, out) {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    walk(bound, g, domains, 0, &mut out).then_some(out)
}

/// Whether `cells` (their candidates) can hold each symbol of `symbols`
/// once, one per cell, as many cells as symbols: a perfect matching.
fn fills(cells: &[u128], symbols: u128) -> bool {
    let wanted: Vec<u32> = bits(symbols).collect();
    if wanted.len() != cells.len() {
        return false;
    }
    // Kuhn's augmenting paths: `owner[s]` the cell holding symbol s.
    let mut owner: Vec<Option<usize>> = vec![None; wanted.len()];
    fn augment(
        cell: usize,
        cells: &[u128],
        wanted: &[u32],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for (s, &y) in wanted.iter().enumerate() {
            if cells[cell] >> y & 1 == 0 || std::mem::replace(&mut seen[s], true) {
                continue;
            }
            if owner[s].is_none_or(|o| augment(o, cells, wanted, owner, seen)) {
                owner[s] = Some(cell);
                return true;
            }
        }
        false
    }
    (0..cells.len()).all(|cell| {
        let mut seen = vec![false; wanted.len()];
        augment(cell, cells, &wanted, &mut owner, &mut seen)
    })
}

/// `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn bits(mut mask: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros();
            mask &= mask - 1;
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::fills;

    #[test]
    fn a_perfect_matching_is_found_or_refused() {
        // Cells {0,1}, {0}, {1,2}: symbols 0, 1, 2 fit (1, 0, 2).
        assert!(fills(&[0b011, 0b001, 0b110], 0b111));
        // Cells {0}, {0}: two cells, one symbol between them.
        assert!(!fills(&[0b01, 0b01], 0b11));
        assert!(!fills(&[0b01], 0b11));
    }
}
