// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Part of graphdoku-se, a Rust port of SukakuExplainer's rating algorithms,
// licensed under the GNU Lesser General Public License, version 2.1 or (at
// your option) any later version; see this crate's LICENSE file and lib.rs.

//! The producers up to the quads, as Sudoku Explainer walks them: singles,
//! locked candidates (direct and not), naked and hidden sets, fish.
//!
//! Each calls `found` on its hints in Sudoku Explainer's order until it
//! returns false; the first is the one `serate` applies, and the nested
//! forcing chains take all of them (with [`rule_parents`]).

use super::{Hint, Mask, bit, positions, subsets, symbols};
use crate::{Ladder, Technique};

/// The first cell with one candidate (2.3).
pub(super) fn naked_single(grid: &[Mask]) -> Option<Hint> {
    let cell = (0..grid.len()).find(|&c| grid[c].count_ones() == 1)?;
    let v = grid[cell].trailing_zeros() as u8;
    Some(Hint {
        technique: Technique::NakedSingle,
        se: 23,
        place: Some((cell, v)),
        removals: Vec::new(),
        cells: vec![cell],
        houses: Vec::new(),
        colours: vec![v],
    })
}

/// Hidden singles: first the last empty cell of a house (1.0), then a
/// symbol's only place in a box (1.2) or another house (1.5).
pub(super) fn hidden_singles(
    ladder: &Ladder,
    grid: &[Mask],
    places: &[u64],
    found: &mut dyn FnMut(Hint) -> bool,
) {
    let houses = &ladder.houses;
    let k = ladder.symbols;
    for alone in [true, false] {
        for &h in &ladder.orders.scan {
            let cells = &houses[h].cells;
            let empty = cells.iter().filter(|&&c| grid[c] != 0).count();
            if (empty == 1) != alone {
                continue;
            }
            for v in 0..k {
                let at = places[h * k + v];
                if at.count_ones() != 1 {
                    continue;
                }
                let cell = cells[at.trailing_zeros() as usize];
                let se = match (alone, ladder.is_box_like(h)) {
                    (true, _) => 10,
                    (false, true) => 12,
                    (false, false) => 15,
                };
                let hint = Hint {
                    technique: Technique::HiddenSingle,
                    se,
                    place: Some((cell, v as u8)),
                    removals: Vec::new(),
                    cells: vec![cell],
                    houses: vec![h],
                    colours: vec![v as u8],
                };
                if !found(hint) {
                    return;
                }
            }
        }
    }
}

/// Locked candidates: a symbol's places in a full house all in its
/// intersection with another house leave that house's other cells. Pointing
/// (a box confines) rates 2.6, claiming 2.8; `direct` keeps only those after
/// which another house of the confining house's kind has a hidden single
/// (1.7 and 1.9).
pub(super) fn locking(
    ladder: &Ladder,
    grid: &[Mask],
    places: &[u64],
    direct: bool,
    found: &mut dyn FnMut(Hint) -> bool,
) {
    let houses = &ladder.houses;
    let k = ladder.symbols;
    for group in &ladder.orders.locking {
        for v in 0..k {
            for lock in group {
                let at = places[lock.a * k + v];
                if at.count_ones() < 2 || at & !lock.shared != 0 {
                    continue;
                }
                let mask = bit(v as u8);
                if !lock.outside.iter().any(|&c| grid[c] & mask != 0) {
                    continue;
                }
                let pointing = ladder.is_box_like(lock.a);
                let hint = |se| {
                    let removals = (lock.outside.iter())
                        .filter(|&&c| grid[c] & mask != 0)
                        .map(|&c| (c, mask))
                        .collect();
                    let cells = super::symbols(at)
                        .map(|i| houses[lock.a].cells[i as usize])
                        .collect();
                    Hint::removing(
                        Technique::LockedCandidates,
                        se,
                        removals,
                        cells,
                        vec![lock.a, lock.b],
                        vec![v as u8],
                    )
                };
                if !direct {
                    if !found(hint(if pointing { 26 } else { 28 })) {
                        return;
                    }
                    continue;
                }
                // Another house of the confining house's kind, crossing the
                // other house, left with one place outside it.
                for &(h3, inside) in &lock.crossing {
                    let at3 = places[h3 * k + v];
                    if at3.count_ones() < 2 || (at3 & !inside).count_ones() != 1 {
                        continue;
                    }
                    let single = houses[h3].cells[(at3 & !inside).trailing_zeros() as usize];
                    // A direct hint places the hidden single it leaves
                    // (and removes nothing: Sudoku Explainer's `DirectLockingHint`).
                    let mut hint = hint(if pointing { 17 } else { 19 });
                    hint.place = Some((single, v as u8));
                    hint.removals.clear();
                    if !found(hint) {
                        return;
                    }
                }
            }
        }
    }
}

/// Hidden sets of `degree` symbols in a full house (3.4, 4.0, 5.4); `direct`
/// keeps only those after which the house has a hidden single (2.0, 2.5).
pub(super) fn hidden_sets(
    ladder: &Ladder,
    grid: &[Mask],
    places: &[u64],
    degree: usize,
    direct: bool,
    found: &mut dyn FnMut(Hint) -> bool,
) {
    let houses = &ladder.houses;
    let k = ladder.symbols;
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][degree - 2];
    let se = if direct {
        [20, 25, 25][degree - 2]
    } else {
        [34, 40, 54][degree - 2]
    };
    let mut go = true;
    for &h in &ladder.orders.scan {
        let cells = &houses[h].cells;
        let empty = cells.iter().filter(|&&c| grid[c] != 0).count();
        if !(empty > 2 * degree || (direct && empty > degree)) {
            continue;
        }
        let places = &places[h * k..(h + 1) * k];
        subsets(k, degree, &mut |values| {
            let mut union = 0;
            for v in symbols(values) {
                let p = places[v as usize];
                if p.count_ones() < 2 {
                    return true;
                }
                union |= p;
            }
            if union.count_ones() as usize != degree {
                return true;
            }
            let set_cells: Vec<usize> = symbols(union).map(|i| cells[i as usize]).collect();
            let removals: Vec<(usize, Mask)> = set_cells
                .iter()
                .filter(|&&c| grid[c] & !values != 0)
                .map(|&c| (c, grid[c] & !values))
                .collect();
            if removals.is_empty() {
                return true;
            }
            let chosen = symbols(values).collect();
            let mut hint = Hint::removing(technique, se, removals, set_cells, vec![h], chosen);
            if direct {
                // A direct hint places the hidden single it leaves.
                let single = (0..k as u8)
                    .filter(|v| values & bit(*v) == 0)
                    .find_map(|w| {
                        let p = places[w as usize];
                        (p.count_ones() > 1 && (p & !union).count_ones() == 1)
                            .then(|| (cells[(p & !union).trailing_zeros() as usize], w))
                    });
                let Some(single) = single else {
                    return true;
                };
                // Placing it is all it does (`DirectHiddenSetHint`).
                hint.place = Some(single);
                hint.removals.clear();
            }
            go = found(hint);
            go
        });
        if !go {
            return;
        }
    }
}

/// Naked sets of `degree` cells in a house (3.0, 3.6, 5.0).
pub(super) fn naked_sets(
    ladder: &Ladder,
    grid: &[Mask],
    degree: usize,
    found: &mut dyn FnMut(Hint) -> bool,
) {
    let houses = &ladder.houses;
    let technique = [
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
    ][degree - 2];
    let se = [30, 36, 50][degree - 2];
    let mut go = true;
    for &h in &ladder.orders.scan {
        let cells = &houses[h].cells;
        let empty = cells.iter().filter(|&&c| grid[c] != 0).count();
        if empty < 2 * degree {
            continue;
        }
        subsets(cells.len(), degree, &mut |chosen| {
            let mut union = 0;
            for i in symbols(chosen) {
                let m = grid[cells[i as usize]];
                if m.count_ones() < 2 {
                    return true;
                }
                union |= m;
            }
            if union.count_ones() as usize != degree {
                return true;
            }
            let inside = |i: usize| chosen >> i & 1 == 1;
            let removals: Vec<(usize, Mask)> = (0..cells.len())
                .filter(|&i| !inside(i) && grid[cells[i]] & union != 0)
                .map(|i| (cells[i], grid[cells[i]] & union))
                .collect();
            if removals.is_empty() {
                return true;
            }
            let set = symbols(chosen).map(|i| cells[i as usize]).collect();
            go = found(Hint::removing(
                technique,
                se,
                removals,
                set,
                vec![h],
                symbols(union).collect(),
            ));
            go
        });
        if !go {
            return;
        }
    }
}

/// Fish of `degree` base houses (X-wing 3.2, swordfish 3.8, jellyfish 5.2):
/// the symbol's places in the base houses lie in `degree` cover houses.
pub(super) fn fish(
    ladder: &Ladder,
    grid: &[Mask],
    degree: usize,
    found: &mut dyn FnMut(Hint) -> bool,
) {
    let houses = &ladder.houses;
    let k = ladder.symbols as u8;
    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][degree - 2];
    let se = [32, 38, 52][degree - 2];
    let mut go = true;
    for &(b, c) in &ladder.orders.fish {
        let (base, cover) = (&ladder.families[b], &ladder.families[c]);
        let index_of = |h: usize| cover.houses.iter().position(|&x| x == h);
        // Each base house's places of each symbol, as cover indices
        // (`None` when a place lies outside the cover family).
        let covers: Vec<Vec<Option<u64>>> = (base.houses.iter())
            .map(|&h| {
                (0..k)
                    .map(|v| {
                        (houses[h].cells.iter())
                            .filter(|&&cell| grid[cell] & bit(v) != 0)
                            .try_fold(0u64, |m, &cell| {
                                index_of(cover.of_cell[cell]).map(|i| m | 1 << i)
                            })
                    })
                    .collect()
            })
            .collect();
        let absent: Vec<usize> = (0..k as usize)
            .map(|v| covers.iter().filter(|h| h[v] == Some(0)).count())
            .collect();
        subsets(base.houses.len(), degree, &mut |chosen| {
            let bases: Vec<usize> = symbols(chosen).map(|i| i as usize).collect();
            for v in 0..k {
                if absent[v as usize] + 2 * degree > base.houses.len() {
                    continue;
                }
                let mut union = 0u64;
                let mut ok = true;
                for &i in &bases {
                    match covers[i][v as usize] {
                        Some(m) if m.count_ones() >= 2 => union |= m,
                        _ => ok = false,
                    }
                }
                if !ok || union.count_ones() as usize != degree {
                    continue;
                }
                let in_base =
                    |cell: usize| bases.iter().any(|&i| base.houses[i] == base.of_cell[cell]);
                let removals: Vec<(usize, Mask)> = symbols(union)
                    .flat_map(|i| houses[cover.houses[i as usize]].cells.iter().copied())
                    .filter(|&cell| grid[cell] & bit(v) != 0 && !in_base(cell))
                    .map(|cell| (cell, bit(v)))
                    .collect();
                if removals.is_empty() {
                    continue;
                }
                let mut cells: Vec<usize> = (bases.iter())
                    .flat_map(|&i| houses[base.houses[i]].cells.iter().copied())
                    .filter(|&cell| grid[cell] & bit(v) != 0)
                    .collect();
                cells.sort_unstable();
                let mut fish_houses: Vec<usize> = bases.iter().map(|&i| base.houses[i]).collect();
                fish_houses.extend(symbols(union).map(|i| cover.houses[i as usize]));
                go = found(Hint::removing(
                    technique,
                    se,
                    removals,
                    cells,
                    fish_houses,
                    vec![v],
                ));
                if !go {
                    return false;
                }
            }
            true
        });
        if !go {
            return;
        }
    }
}

/// The candidates that were on `initial` and are gone from `current` that a
/// locked candidate, subset or fish found on `current` rests on (Sudoku
/// Explainer's `getRuleParents`): none when it holds on `initial` already.
pub(super) fn rule_parents(
    ladder: &Ladder,
    hint: &Hint,
    initial: &[Mask],
    current: &[Mask],
) -> Vec<(usize, u8)> {
    let houses = &ladder.houses;
    let gone = |c: usize, v: u8| initial[c] & bit(v) != 0 && current[c] & bit(v) == 0;
    match hint.technique {
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
            let set = hint.colours.iter().fold(0, |m, &v| m | bit(v));
            (hint.cells.iter())
                .flat_map(|&c| symbols(initial[c] & !set).map(move |v| (c, v)))
                .collect()
        }
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
            let cells = &houses[hint.houses[0]].cells;
            let mine = (hint.colours.iter()).fold(0, |m, &v| m | positions(current, cells, v));
            (0..cells.len())
                .filter(|&i| mine >> i & 1 == 0)
                .flat_map(|i| {
                    let c = cells[i];
                    (hint.colours.iter())
                        .filter(move |&&v| initial[c] & bit(v) != 0)
                        .map(move |&v| (c, v))
                })
                .collect()
        }
        _ => {
            // Locked candidates and fish: the base houses, then the covers.
            let half = hint.houses.len() / 2;
            let (bases, covers) = hint.houses.split_at(half);
            let v = hint.colours[0];
            (bases.iter())
                .flat_map(|&h| houses[h].cells.iter().copied())
                .filter(|&c| gone(c, v) && !covers.iter().any(|&h| houses[h].cells.contains(&c)))
                .map(|c| (c, v))
                .collect()
        }
    }
}
