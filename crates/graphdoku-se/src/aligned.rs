// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Part of graphdoku-se, a Rust port of SukakuExplainer's rating algorithms,
// licensed under the GNU Lesser General Public License, version 2.1 or (at
// your option) any later version; see this crate's LICENSE file and lib.rs.

//! Aligned exclusion (SukakuExplainer's `AlignedPairExclusion` and
//! `AlignedExclusion(3)`), over the graph's edges.
//!
//! Take two (or three) cells and the cells with two (or three) candidates
//! that see all of them (at least two such *excluders*). A combination of
//! the base cells' candidates is impossible when two base cells that see
//! each other take the same symbol, or when it takes every candidate of an
//! excluder. A candidate of a base cell in no possible combination goes
//! (pairs 6.2, triples 7.5).

use super::{Grid, Hint, Mask, bit, subsets, symbols};
use crate::{Ladder, Technique};

/// The first aligned pair exclusion, by pair of cells.
pub(super) fn pairs(ladder: &Ladder, grid: &Grid) -> Option<Hint> {
    first(ladder, grid, 2)
}

/// The first aligned triple exclusion.
pub(super) fn triples(ladder: &Ladder, grid: &Grid) -> Option<Hint> {
    first(ladder, grid, 3)
}

fn first(ladder: &Ladder, grid: &Grid, degree: usize) -> Option<Hint> {
    let peers = &ladder.orders.peers;
    // The cells that may be base cells, each with its excluders.
    let mut bases: Vec<(usize, Vec<usize>)> = Vec::new();
    for c in 0..grid.len() {
        if grid[c].count_ones() < 2 || peers[c].iter().any(|&p| grid[p].count_ones() == 1) {
            continue;
        }
        let excluders: Vec<usize> = (peers[c].iter().copied())
            .filter(|&p| (2..=degree as u32).contains(&grid[p].count_ones()))
            .collect();
        if !excluders.is_empty() {
            bases.push((c, excluders));
        }
    }
    if bases.len() < degree {
        return None;
    }
    let mut found = None;
    subsets(bases.len(), 2, &mut |pair| {
        let mut two = symbols(pair).map(|i| i as usize);
        let (a, b) = (two.next().expect("two"), two.next().expect("two"));
        if degree == 2 {
            found = exclusion(ladder, grid, &[&bases[a], &bases[b]]);
            return found.is_none();
        }
        // The third cell: another base cell among either one's excluders.
        let mut tail: Vec<usize> = Vec::new();
        for &c in bases[a].1.iter().chain(&bases[b].1) {
            if c != bases[a].0
                && c != bases[b].0
                && !tail.contains(&c)
                && let Some(i) = bases.iter().position(|(x, _)| *x == c)
            {
                tail.push(i);
            }
        }
        for &t in &tail {
            found = exclusion(ladder, grid, &[&bases[a], &bases[b], &bases[t]]);
            if found.is_some() {
                return false;
            }
        }
        true
    });
    found
}

/// The exclusion on one set of base cells, if it removes anything.
fn exclusion(ladder: &Ladder, grid: &Grid, cells: &[&(usize, Vec<usize>)]) -> Option<Hint> {
    let common: Vec<usize> = (cells[0].1.iter().copied())
        .filter(|c| cells[1..].iter().all(|(_, e)| e.contains(c)))
        .collect();
    if common.len() < 2 {
        return None;
    }
    let base: Vec<usize> = cells.iter().map(|(c, _)| *c).collect();
    let values: Vec<Vec<u8>> = base.iter().map(|&c| symbols(grid[c]).collect()).collect();
    // Which candidates of each base cell some possible combination uses.
    let mut allowed: Vec<Mask> = vec![0; base.len()];
    let mut pick = vec![0u8; base.len()];
    combine(&values, 0, &mut pick, &mut |combo| {
        for i in 0..combo.len() {
            for j in i + 1..combo.len() {
                if combo[i] == combo[j] && ladder.sees(base[i], base[j]) {
                    return;
                }
            }
        }
        let taken = combo.iter().fold(0, |m, &v| m | bit(v));
        if common.iter().any(|&e| grid[e] & !taken == 0) {
            return;
        }
        for (i, &v) in combo.iter().enumerate() {
            allowed[i] |= bit(v);
        }
    });
    let removals: Vec<(usize, Mask)> = (0..base.len())
        .filter(|&i| grid[base[i]] & !allowed[i] != 0)
        .map(|i| (base[i], grid[base[i]] & !allowed[i]))
        .collect();
    let (technique, se) = if base.len() == 2 {
        (Technique::AlignedPairExclusion, 62)
    } else {
        (Technique::AlignedTripletExclusion, 75)
    };
    (!removals.is_empty())
        .then(|| Hint::removing(technique, se, removals, base, Vec::new(), Vec::new()))
}

/// Calls `each` on every combination of one value per list.
fn combine(values: &[Vec<u8>], i: usize, pick: &mut Vec<u8>, each: &mut dyn FnMut(&[u8])) {
    if i == values.len() {
        each(pick);
        return;
    }
    for &v in &values[i] {
        pick[i] = v;
        combine(values, i + 1, pick, each);
    }
}
