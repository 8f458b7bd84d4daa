// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Part of graphdoku-se, a Rust port of SukakuExplainer's rating algorithms,
// licensed under the GNU Lesser General Public License, version 2.1 or (at
// your option) any later version; see this crate's LICENSE file and lib.rs.

//! Uniqueness techniques (SukakuExplainer's `UniqueLoops` and
//! `BivalueUniversalGrave`, with its default lksudoku fixes), for puzzles
//! known to have one solution, on graphs whose every edge is a full house's
//! (so that swapping two symbols around a loop keeps every constraint).
//!
//! A *unique loop* is cells holding the same two symbols, each house it
//! passes through holding two of them: were they all down to those two,
//! they could be filled two ways, so one of the cells with more candidates
//! keeps one (a rectangle of four cells rates 4.5, loops of 6, 8, 10 cells
//! 4.6, 4.7, 5.0). Type 1: one such cell loses the two symbols; type 2: the
//! extra cells share one more symbol, which leaves the cells seeing them
//! all; type 3: the two extra cells' extra symbols with other cells of a
//! house make a naked (or hidden) set (+0.1 a symbol past two); type 4: one
//! of the two symbols is confined to the two extra cells in a house, so the
//! other leaves them.
//!
//! BUG (bivalue universal grave): removing one candidate from a cell would
//! leave every cell two candidates and every symbol two places in each house
//! (a pattern with no or several solutions), so that candidate is true
//! (BUG+1, 5.6); several such cells with one extra symbol: it leaves the
//! cells seeing them all (5.7).

use super::{Grid, Hint, Mask, bit, chain_rank, positions, subsets, symbols};
use crate::{Ladder, Technique};

/// The longest loop looked for.
const MAX_LOOP: usize = 16;

/// Whether every edge of the graph comes from a full house.
pub(super) fn plain(ladder: &Ladder) -> bool {
    (0..ladder.cells).all(|c| {
        (ladder.neighbours[c].iter())
            .all(|&n| ladder.houses_of[c].iter().any(|&h| ladder.holds(h, n)))
    })
}

/// The easiest unique loop hint on `grid`.
pub(super) fn loops(ladder: &Ladder, grid: &Grid) -> Option<Hint> {
    if !ladder.orders.plain {
        return None;
    }
    let mut found: Vec<(Hint, u8, Vec<usize>)> = Vec::new();
    for cell in 0..grid.len() {
        if grid[cell].count_ones() != 2 {
            continue;
        }
        let mut values = symbols(grid[cell]);
        let (v1, v2) = (values.next().expect("two"), values.next().expect("two"));
        let mut results = Vec::new();
        search(
            ladder,
            grid,
            cell,
            (v1, v2),
            &mut Vec::new(),
            2,
            0,
            None,
            &mut results,
        );
        for lp in results {
            if !valid(ladder, &lp) {
                continue;
            }
            for (hint, kind) in hints_of(ladder, grid, &lp, v1, v2) {
                let mut sorted_loop = lp.clone();
                sorted_loop.sort_unstable();
                let same = |(h, t, l): &(Hint, u8, Vec<usize>)| {
                    *t == kind && *l == sorted_loop && h.colours == hint.colours
                };
                if !found.iter().any(same) {
                    found.push((hint, kind, sorted_loop));
                }
            }
        }
    }
    found
        .into_iter()
        .enumerate()
        .min_by_key(|(i, (h, t, _))| (h.se, *t, *i))
        .map(|(_, (h, _, _))| h)
}

/// Loops from `cell` (Sudoku Explainer's `checkForLoops`): cells holding
/// both symbols, each reached through a house of another kind than the one
/// before; at most two cells with other candidates, or any number sharing
/// one extra symbol.
#[allow(clippy::too_many_arguments)]
fn search(
    ladder: &Ladder,
    grid: &Grid,
    cell: usize,
    (v1, v2): (u8, u8),
    lp: &mut Vec<usize>,
    allowed: usize,
    extra: Mask,
    last: Option<u8>,
    results: &mut Vec<Vec<usize>>,
) {
    lp.push(cell);
    let houses = &ladder.houses;
    let pair = bit(v1) | bit(v2);
    for &h in &ladder.orders.regions[cell] {
        let rank = chain_rank(houses[h].kind);
        if Some(rank) == last {
            continue;
        }
        for &next in &houses[h].cells {
            if next == lp[0] && lp.len() >= 4 {
                results.push(lp.clone());
            } else if !lp.contains(&next) && grid[next] & pair == pair && lp.len() < MAX_LOOP {
                let more = extra | (grid[next] & !pair);
                let two = grid[next].count_ones() == 2;
                if two || more.count_ones() == 1 || allowed > 0 {
                    let allowed = if two {
                        allowed
                    } else {
                        allowed.saturating_sub(1)
                    };
                    search(
                        ladder,
                        grid,
                        next,
                        (v1, v2),
                        lp,
                        allowed,
                        more,
                        Some(rank),
                        results,
                    );
                }
            }
        }
    }
    lp.pop();
}

/// Whether each house the loop visits holds two of its cells, one of each
/// parity (Sudoku Explainer's `isValidLoop`).
fn valid(ladder: &Ladder, lp: &[usize]) -> bool {
    let mut odd: Vec<usize> = Vec::new();
    let mut even: Vec<usize> = Vec::new();
    for (i, &cell) in lp.iter().enumerate() {
        let side = if i % 2 == 1 { &mut odd } else { &mut even };
        for &h in &ladder.orders.regions[cell] {
            if side.contains(&h) {
                return false;
            }
            side.push(h);
        }
    }
    odd.len() == even.len() && odd.iter().all(|h| even.contains(h))
}

/// The hints of a valid loop on symbols `v1`, `v2`, with their type.
fn hints_of(ladder: &Ladder, grid: &Grid, lp: &[usize], v1: u8, v2: u8) -> Vec<(Hint, u8)> {
    let pair = bit(v1) | bit(v2);
    let extras: Vec<usize> = lp
        .iter()
        .copied()
        .filter(|&c| grid[c].count_ones() > 2)
        .collect();
    let base = match lp.len() {
        4 => 45,
        6 => 46,
        8 => 47,
        _ => 50,
    };
    let hint = |removals: Vec<(usize, Mask)>, se: u16| {
        Hint::removing(
            Technique::UniqueRectangle,
            se,
            removals,
            lp.to_vec(),
            Vec::new(),
            vec![v1, v2],
        )
    };
    let mut out = Vec::new();
    match extras[..] {
        [] => {}
        [rescue] => out.push((hint(vec![(rescue, pair)], base), 1)),
        [c1, c2] => {
            let others = (grid[c1] | grid[c2]) & !pair;
            if others.count_ones() == 1 {
                out.extend(type2(ladder, grid, &extras, others).map(|r| (hint(r, base), 2)));
            } else if others.count_ones() >= 2 {
                for (removals, add) in type3(ladder, grid, c1, c2, pair, others) {
                    out.push((hint(removals, base + add), 3));
                }
            }
            if let Some(removals) = type4(ladder, grid, c1, c2, v1, v2) {
                out.push((hint(removals, base), 4));
            }
        }
        _ => {
            let value = (grid[extras[0]] & !pair).trailing_zeros() as u8;
            out.extend(type2(ladder, grid, &extras, bit(value)).map(|r| (hint(r, base), 2)));
        }
    }
    out.retain(|(h, _)| !h.removals.is_empty());
    out
}

/// Type 2: the extra symbol leaves the cells seeing every extra cell.
fn type2(
    ladder: &Ladder,
    grid: &Grid,
    extras: &[usize],
    value: Mask,
) -> Option<Vec<(usize, Mask)>> {
    let removals: Vec<(usize, Mask)> = (0..grid.len())
        .filter(|&c| {
            !extras.contains(&c)
                && grid[c] & value != 0
                && extras.iter().all(|&e| ladder.sees(e, c))
        })
        .map(|c| (c, value))
        .collect();
    (!removals.is_empty()).then_some(removals)
}

/// Type 3: in a house holding both extra cells, their extra symbols and
/// other cells make a naked set (or the pair's symbols and others a hidden
/// one): the removals, and what the set's size adds to the rating.
fn type3(
    ladder: &Ladder,
    grid: &Grid,
    c1: usize,
    c2: usize,
    pair: Mask,
    others: Mask,
) -> Vec<(Vec<(usize, Mask)>, u16)> {
    let houses = &ladder.houses;
    let k = ladder.symbols;
    let mut out = Vec::new();
    let shared: Vec<usize> = (ladder.orders.regions[c1].iter().copied())
        .filter(|h| ladder.orders.regions[c2].contains(h))
        .collect();
    for degree in 2..=7 {
        for &h in &shared {
            let cells = &houses[h].cells;
            let empty = cells.iter().filter(|&&c| grid[c] != 0).count();
            let (i1, i2) = (
                cells.iter().position(|&c| c == c1).expect("in the house"),
                cells.iter().position(|&c| c == c2).expect("in the house"),
            );
            if degree * 2 <= empty && degree >= others.count_ones() as usize {
                subsets(cells.len(), degree, &mut |chosen| {
                    if chosen >> i1 & 1 == 0 || chosen >> i2 & 1 == 1 {
                        return true;
                    }
                    let mates: Vec<usize> = symbols(chosen)
                        .filter(|&i| i as usize != i1)
                        .map(|i| cells[i as usize])
                        .collect();
                    let sets: Vec<Mask> = std::iter::once(others)
                        .chain(mates.iter().map(|&c| grid[c]))
                        .collect();
                    let naked =
                        (others & grid[c1] & grid[c2]) | mates.iter().fold(0, |m, &c| m | grid[c]);
                    let union = sets.iter().fold(0, |m, s| m | s);
                    if naked.count_ones() as usize == degree
                        && sets.iter().all(|s| s.count_ones() >= 2)
                        && union.count_ones() as usize == degree
                    {
                        let removals: Vec<(usize, Mask)> = (cells.iter().copied())
                            .filter(|c| {
                                !mates.contains(c) && *c != c1 && *c != c2 && grid[*c] & union != 0
                            })
                            .map(|c| (c, grid[c] & union))
                            .collect();
                        out.push((removals, (degree as u16 - 1)));
                    }
                    true
                });
            }
            if degree * 2 < empty {
                let rest: Vec<u8> = (0..k as u8)
                    .filter(|&v| (pair | others) & bit(v) == 0)
                    .collect();
                if degree < 2 || degree - 2 > rest.len() {
                    continue;
                }
                let without = |v: u8| positions(grid, cells, v) & !(1 << i2);
                let mut each = |values: Vec<u8>| {
                    let places: Vec<u64> = values.iter().map(|&v| without(v)).collect();
                    let union = places.iter().fold(0, |m, p| m | p);
                    if places.contains(&0) || union.count_ones() as usize != degree {
                        return;
                    }
                    let hidden = values.iter().fold(0, |m, &v| m | bit(v));
                    let at = union & !(1 << i1);
                    let removals: Vec<(usize, Mask)> = symbols(at)
                        .map(|i| cells[i as usize])
                        .filter(|&c| grid[c] & !hidden != 0)
                        .map(|c| (c, grid[c] & !hidden))
                        .collect();
                    out.push((removals, at.count_ones() as u16 - 1));
                };
                if degree == 2 {
                    each(symbols(pair).collect());
                } else {
                    subsets(rest.len(), degree - 2, &mut |chosen| {
                        let mut values: Vec<u8> =
                            symbols(chosen).map(|i| rest[i as usize]).collect();
                        values.extend(symbols(pair));
                        each(values);
                        true
                    });
                }
            }
        }
    }
    out
}

/// Type 4: a house holding both extra cells where one of the pair's symbols
/// is only in them: the other leaves them.
fn type4(
    ladder: &Ladder,
    grid: &Grid,
    c1: usize,
    c2: usize,
    v1: u8,
    v2: u8,
) -> Option<Vec<(usize, Mask)>> {
    let houses = &ladder.houses;
    let (mut lock1, mut lock2) = (false, false);
    for &h in &ladder.orders.regions[c1] {
        if !ladder.orders.regions[c2].contains(&h) {
            continue;
        }
        let rest = (houses[h].cells.iter()).filter(|&&c| c != c1 && c != c2);
        let (has1, has2) = rest.fold((false, false), |(a, b), &c| {
            (a || grid[c] & bit(v1) != 0, b || grid[c] & bit(v2) != 0)
        });
        lock1 |= !has1;
        lock2 |= !has2;
    }
    let remove = if lock1 {
        v2
    } else if lock2 {
        v1
    } else {
        return None;
    };
    Some(vec![(c1, bit(remove)), (c2, bit(remove))])
}

/// BUG+1 (one cell keeps a symbol of its extra ones) or, with several cells
/// and one extra symbol, the cells seeing them all lose it.
pub(super) fn bug(ladder: &Ladder, grid: &Grid) -> Option<Hint> {
    if !ladder.orders.plain {
        return None;
    }
    let houses = &ladder.houses;
    let k = ladder.symbols as u8;
    let mut temp = grid.clone();
    let mut cells: Vec<usize> = Vec::new();
    let mut extra: Mask = 0;
    for &h in &ladder.orders.scan {
        for v in 0..k {
            let places: Vec<usize> = (houses[h].cells.iter().copied())
                .filter(|&c| grid[c] & bit(v) != 0)
                .collect();
            if places.is_empty() || places.len() == 2 {
                continue;
            }
            let big: Vec<usize> = places
                .into_iter()
                .filter(|&c| grid[c].count_ones() >= 3)
                .collect();
            match big[..] {
                [] => return None,
                [cell] => {
                    if !cells.contains(&cell) {
                        cells.push(cell);
                    }
                    extra |= bit(v);
                    temp[cell] &= !bit(v);
                }
                _ => {}
            }
        }
    }
    if temp.iter().any(|&m| m != 0 && m.count_ones() != 2)
        || ladder.orders.scan.iter().any(|&h| {
            (0..k).any(|v| !matches!(positions(&temp, &houses[h].cells, v).count_ones(), 0 | 2))
        })
    {
        return None;
    }
    match cells[..] {
        [] => None,
        [cell] => {
            let removals = vec![(cell, grid[cell] & !extra)];
            Some(Hint::removing(
                Technique::Bug,
                56,
                removals,
                cells.clone(),
                Vec::new(),
                symbols(extra).collect(),
            ))
            .filter(|h| h.removals[0].1 != 0)
        }
        _ if extra.count_ones() == 1 => {
            let removals = type2(ladder, grid, &cells, extra)?;
            Some(Hint::removing(
                Technique::Bug,
                57,
                removals,
                cells.clone(),
                Vec::new(),
                symbols(extra).collect(),
            ))
        }
        _ => None,
    }
}
