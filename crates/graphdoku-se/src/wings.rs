// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Part of graphdoku-se, a Rust port of SukakuExplainer's rating algorithms,
// licensed under the GNU Lesser General Public License, version 2.1 or (at
// your option) any later version; see this crate's LICENSE file and lib.rs.

//! Wings over the graph's edges, as Sudoku Explainer finds them.
//!
//! XY-wing (4.2): a pivot {x, y} sees pincers {x, z} and {y, z}: one pincer
//! is z, so z leaves the cells seeing both. XYZ-wing (4.4): the pivot is
//! {x, y, z} and z leaves the cells seeing all three.
//!
//! The bigger wings (SukakuExplainer's WXYZ-, VWXYZ-, UVWXYZ- and
//! TUVWXYZ-wings) are ALS-XZ with a bivalue cell: `n` cells that all see
//! each other hold `n + 1` symbols between them (an almost locked set), and
//! a cell {x, z} outside sees every one of them that can hold x. If that
//! cell is x, the set loses x and is locked; either way z is in the cell or
//! in the set, so z leaves the cells seeing the cell and every z of the set.
//! When z is linked the same way (doubly linked), every symbol of the set
//! leaves the cells seeing all of the set's cells that can hold it.

use super::{Grid, Hint, Mask, bit, symbols};
use crate::{Ladder, Technique};

/// XY-wings (`xyz` false) or XYZ-wings, by pivot cell, then pincers in cell order.
pub(super) fn xy(ladder: &Ladder, grid: &Grid, xyz: bool, found: &mut dyn FnMut(Hint) -> bool) {
    let peers = &ladder.orders.peers;
    let size = if xyz { 3 } else { 2 };
    for pivot in 0..grid.len() {
        let pv = grid[pivot];
        if pv.count_ones() != size {
            continue;
        }
        for &a in &peers[pivot] {
            let av = grid[a];
            if av.count_ones() != 2 || (pv & !av).count_ones() != 1 {
                continue;
            }
            for &b in &peers[pivot] {
                let bv = grid[b];
                if bv.count_ones() != 2 {
                    continue;
                }
                let union = pv | av | bv;
                let common = (pv & av & bv).count_ones();
                if union.count_ones() != 3 || common != u32::from(xyz) {
                    continue;
                }
                let z = (av & bv).trailing_zeros() as u8;
                let removals: Vec<(usize, Mask)> = (peers[a].iter().copied())
                    .filter(|&c| {
                        c != pivot
                            && c != b
                            && grid[c] & bit(z) != 0
                            && ladder.sees(b, c)
                            && (!xyz || ladder.sees(pivot, c))
                    })
                    .map(|c| (c, bit(z)))
                    .collect();
                if removals.is_empty() {
                    continue;
                }
                let technique = if xyz {
                    Technique::XyzWing
                } else {
                    Technique::XyWing
                };
                let se = if xyz { 44 } else { 42 };
                let hint = Hint::removing(
                    technique,
                    se,
                    removals,
                    vec![pivot, a, b],
                    Vec::new(),
                    vec![z],
                );
                if !found(hint) {
                    return;
                }
            }
        }
    }
}

/// The easiest ALS-XZ whose set has `size` cells (3: WXYZ-wing 5.5–5.6, 4:
/// VWXYZ 6.2–6.4, 5: UVWXYZ 6.6, 6: TUVWXYZ 7.5): the lowest rating, then
/// the most removals, then the doubly linked ones.
pub(super) fn als(ladder: &Ladder, grid: &Grid, size: usize) -> Option<Hint> {
    let mut best: Option<(
        u16,
        std::cmp::Reverse<usize>,
        std::cmp::Reverse<String>,
        Hint,
    )> = None;
    let mut set = Vec::with_capacity(size);
    sets(ladder, grid, size, 0, &mut set, 0, &mut |set, union| {
        for hint in wings_of(ladder, grid, set, union) {
            let key = (
                hint.0.se,
                std::cmp::Reverse(hint.0.removal_count()),
                std::cmp::Reverse(hint.1),
            );
            if best
                .as_ref()
                .is_none_or(|(a, b, c, _)| key < (*a, *b, c.clone()))
            {
                best = Some((key.0, key.1, key.2, hint.0));
            }
        }
    });
    best.map(|(_, _, _, hint)| hint)
}

/// Calls `each` on every set of `size` cells that see each other, each with
/// two candidates or more, holding `size + 1` symbols, in Sudoku Explainer's
/// order (each cell after the ones before it).
fn sets(
    ladder: &Ladder,
    grid: &Grid,
    size: usize,
    from: usize,
    set: &mut Vec<usize>,
    union: Mask,
    each: &mut dyn FnMut(&[usize], Mask),
) {
    let candidates: Vec<usize> = match set.last() {
        None => (0..grid.len()).collect(),
        Some(&last) => (ladder.orders.peers[last].iter().copied())
            .filter(|&c| c >= from && set.iter().all(|&s| ladder.sees(s, c)))
            .collect(),
    };
    for c in candidates {
        let cv = grid[c];
        let joined = union | cv;
        let limit = size as u32 + 1;
        if cv.count_ones() < 2 || joined.count_ones() > limit {
            continue;
        }
        set.push(c);
        if set.len() == size {
            if joined.count_ones() == limit {
                each(set, joined);
            }
        } else {
            sets(ladder, grid, size, c + 1, set, joined, each);
        }
        set.pop();
    }
}

/// The wings of one almost locked set: each bivalue cell outside it with
/// both symbols in it, linked by one of them (or both).
fn wings_of(ladder: &Ladder, grid: &Grid, set: &[usize], union: Mask) -> Vec<(Hint, String)> {
    let size = set.len();
    let biggest = set.iter().map(|&c| grid[c].count_ones()).max().unwrap_or(0) as i32;
    let se = match size {
        3 => 55 + (1 - (3 - biggest).abs()),
        4 => 62 + (2 - (3 - biggest).abs()),
        5 => 66,
        _ => 75,
    } as u16;
    let cells_count: u32 = set.iter().map(|&c| grid[c].count_ones()).sum();
    let mut out = Vec::new();
    let mut seen = vec![false; grid.len()];
    for &s in set {
        for &c in &ladder.orders.peers[s] {
            seen[c] = true;
        }
    }
    for &s in set {
        seen[s] = false;
    }
    // Cells seeing every cell of the set that holds symbol `v` (and `also`, if any).
    let seeing = |v: u8, also: Option<usize>| -> Vec<usize> {
        let holders: Vec<usize> = set
            .iter()
            .copied()
            .filter(|&c| grid[c] & bit(v) != 0)
            .collect();
        (0..grid.len())
            .filter(|&c| {
                !set.contains(&c)
                    && Some(c) != also
                    && grid[c] & bit(v) != 0
                    && holders.iter().all(|&h| ladder.sees(h, c))
                    && also.is_none_or(|a| ladder.sees(a, c))
            })
            .collect()
    };
    for yz in (0..grid.len()).filter(|&c| seen[c]) {
        let pair = grid[yz];
        if pair.count_ones() != 2 || (pair & union).count_ones() != 2 {
            continue;
        }
        let linked = |v: u8| {
            set.iter()
                .all(|&c| grid[c] & bit(v) == 0 || ladder.sees(yz, c))
        };
        let mut values = symbols(pair);
        let (lo, hi) = (values.next().expect("two"), values.next().expect("two"));
        let (x, z, double) = match (linked(lo), linked(hi)) {
            (true, double) => (lo, hi, double),
            (false, true) => (hi, lo, false),
            (false, false) => continue,
        };
        let mut removals: Vec<(usize, Mask)> = Vec::new();
        let mut add = |cells: Vec<usize>, v: u8| {
            for c in cells.into_iter().filter(|&c| c != yz) {
                match removals.iter_mut().find(|(x, _)| *x == c) {
                    Some((_, m)) => *m |= bit(v),
                    None => removals.push((c, bit(v))),
                }
            }
        };
        let (mut weak, mut strong_x) = (false, false);
        if double {
            for w in symbols(union & !pair) {
                let victims = seeing(w, None);
                weak |= !victims.is_empty();
                add(victims, w);
            }
            let victims = seeing(x, Some(yz));
            strong_x = !victims.is_empty();
            add(victims, x);
        }
        let victims = seeing(z, Some(yz));
        let strong_z = !victims.is_empty();
        add(victims, z);
        if removals.is_empty() {
            continue;
        }
        // Named doubly linked only when that removes more (Sudoku Explainer's rule).
        let double = double && (weak || (strong_z && strong_x));
        let suffix = format!("{}{}{}", if double { 2 } else { 1 }, biggest, cells_count);
        let mut cells = set.to_vec();
        cells.push(yz);
        out.push((
            Hint::removing(
                Technique::AlsXz,
                se,
                removals,
                cells,
                Vec::new(),
                vec![x, z],
            ),
            suffix,
        ));
    }
    out
}
