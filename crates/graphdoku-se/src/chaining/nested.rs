// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Part of graphdoku-se, a Rust port of SukakuExplainer's rating algorithms,
// licensed under the GNU Lesser General Public License, version 2.1 or (at
// your option) any later version; see this crate's LICENSE file and lib.rs.

//! What a chase adds to the singles at levels 1 and up (Sudoku Explainer's
//! `getAdvancedPotentials`): when its singles run out, the first of locked
//! candidates, hidden pairs, naked pairs, X-wings (and, by level, the forcing
//! chains and cycles, the multiple forcing chains, or dynamic forcing chains
//! nested to a level) that finds something on the chase's grid resting on
//! what the chase removed; everything it finds is turned off, each removal
//! resting on those removals.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::super::{Hint, Mask, Rules, basic, bit, group_domains, symbols};
use super::{ChainHint, Config, Ctx, MULTIPLE, Nested, dynamic};

/// What [`Ctx::advanced`] found on each grid, by (producer, start grid,
/// grid): it depends on nothing else, and chases of different assumptions
/// often reach the same grid (an assumption that forces a single reaches
/// what assuming the single does).
#[derive(Default)]
pub(super) struct Memo {
    found: Mutex<HashMap<u64, Vec<Entry>>>,
    /// The links each group of rules makes, by the group and its domains.
    pub(super) links: Mutex<HashMap<Box<[u64]>, GroupLinks>>,
}

/// The links of one group on some domains (see `cycles::GroupLink`).
type GroupLinks = Arc<[super::cycles::GroupLink]>;

/// One grid's removals, with the grids (to tell hash collisions apart).
struct Entry {
    config: Config,
    initial: Vec<Mask>,
    current: Vec<Mask>,
    removals: Arc<Vec<Advanced>>,
}

/// A candidate a nested technique removes, the removals it rests on, and the
/// nested chain that found it.
pub(super) struct Advanced {
    pub cell: usize,
    pub v: u8,
    pub parents: Vec<(usize, u8)>,
    pub nested: Option<Nested>,
}

impl Ctx<'_> {
    /// The removals the first nested technique finds on `current` (a chase
    /// started on `initial`), in Sudoku Explainer's order.
    pub(super) fn advanced(
        &self,
        config: Config,
        current: &[Mask],
        initial: &[Mask],
    ) -> Arc<Vec<Advanced>> {
        // A quick hash: the entries tell collisions apart.
        let mut key = u64::from(config.multiple)
            | u64::from(config.dynamic) << 1
            | u64::from(config.nishio) << 2
            | u64::from(config.level) << 8
            | u64::from(config.nesting) << 16;
        for &m in initial.iter().chain(current) {
            key = (key ^ m).wrapping_mul(0x0100_0000_01b3).rotate_left(23);
        }
        let same = |e: &Entry| e.config == config && e.initial == initial && e.current == current;
        if let Some(list) = self.memo.found.lock().expect("not poisoned").get(&key)
            && let Some(entry) = list.iter().find(|e| same(e))
        {
            return Arc::clone(&entry.removals);
        }
        let removals = Arc::new(self.find_advanced(config, current, initial));
        let entry = Entry {
            config,
            initial: initial.to_vec(),
            current: current.to_vec(),
            removals: Arc::clone(&removals),
        };
        self.memo
            .found
            .lock()
            .expect("not poisoned")
            .entry(key)
            .or_default()
            .push(entry);
        removals
    }

    /// [`Ctx::advanced`], uncached.
    fn find_advanced(&self, config: Config, current: &[Mask], initial: &[Mask]) -> Vec<Advanced> {
        let ladder = self.ladder;

        type Producer<'a> = Box<dyn Fn(&mut dyn FnMut(Hint) -> bool) + 'a>;
        let g = current;
        let places = super::super::house_places(ladder, g);
        let p = &places;
        let basics: [Producer; 4] = [
            Box::new(|f| basic::locking(ladder, g, p, false, f)),
            Box::new(|f| basic::hidden_sets(ladder, g, p, 2, false, f)),
            Box::new(|f| basic::naked_sets(ladder, g, 2, f)),
            Box::new(|f| basic::fish(ladder, g, 2, f)),
        ];
        for producer in &basics {
            let mut out = Vec::new();
            producer(&mut |hint| {
                let parents = basic::rule_parents(ladder, &hint, initial, current);
                if !parents.is_empty() {
                    push_removals(&mut out, &hint, &parents, None);
                }
                true
            });
            if !out.is_empty() {
                return out;
            }
        }
        if let Some(rules) = self.rules {
            let out = self.rule_pointing(rules, current, initial);
            if !out.is_empty() {
                return out;
            }
        }
        let chains: Vec<Vec<ChainHint>> = if config.level < 4 {
            let mut lists = Vec::new();
            if config.level >= 2 {
                lists.push(self.unary_hints(current, Some(initial)));
            }
            if config.level >= 3 && lists.iter().all(|l| no_parents(l)) {
                lists.push(self.multiple_hints(MULTIPLE, current, Some(initial)));
            }
            lists
        } else {
            vec![self.multiple_hints(dynamic(config.nesting, 0), current, Some(initial))]
        };
        for hints in chains {
            let mut out = Vec::new();
            for hint in &hints {
                if !hint.parents.is_empty() {
                    let nested = Nested {
                        key: hint.key,
                        complexity: hint.complexity as u32,
                    };
                    push_removals(&mut out, &hint.hint, &hint.parents, Some(nested));
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
        Vec::new()
    }
}

impl Ctx<'_> {
    /// Rule pointing on a chase's grid `current` (started on `initial`): a
    /// symbol that every way of a group of rules places among its open
    /// cells (the group allows no values with it taken from all of them)
    /// leaves every other cell that sees all of its places there. Only the
    /// groups whose cells lost candidates in the chase are looked at, and
    /// each removal rests on those losses: the rest is the board's own rule
    /// pointing, a step before the chains.
    fn rule_pointing(
        &self,
        rules: &dyn Rules,
        current: &[Mask],
        initial: &[Mask],
    ) -> Vec<Advanced> {
        let ladder = self.ladder;
        let mut out = Vec::new();
        let mut domains = Vec::new();
        let mut without = Vec::new();
        for g in 0..rules.count() {
            let cells = rules.cells(g);
            let parents: Vec<(usize, u8)> = (cells.iter())
                .flat_map(|&c| symbols(initial[c] & !current[c]).map(move |v| (c, v)))
                .collect();
            if parents.is_empty() {
                continue;
            }
            group_domains(rules, current, g, &mut domains);
            let open = |i: usize| current[cells[i]] != 0;
            let held = (0..cells.len())
                .filter(|&i| !open(i))
                .fold(0, |m, i| m | domains[i]);
            let union = (0..cells.len())
                .filter(|&i| open(i))
                .fold(0, |m, i| m | domains[i]);
            for y in symbols(union & !held) {
                let places: Vec<usize> = (0..cells.len())
                    .filter(|&i| open(i) && domains[i] & bit(y) != 0)
                    .map(|i| cells[i])
                    .collect();
                let targets: Vec<usize> = (ladder.neighbours[places[0]].iter().copied())
                    .filter(|&c| {
                        current[c] & bit(y) != 0
                            && !places.contains(&c)
                            && places.iter().all(|&p| ladder.sees(c, p))
                    })
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                without.clone_from(&domains);
                for (d, &c) in without.iter_mut().zip(cells) {
                    if current[c] != 0 {
                        *d &= !bit(y);
                    }
                }
                if without.contains(&0) || rules.narrow_exact(g, &mut without) {
                    // Not required (or a cell that holds only it: the
                    // group's narrowing places it, and its links follow).
                    continue;
                }
                for c in targets {
                    out.push(Advanced {
                        cell: c,
                        v: y,
                        parents: parents.clone(),
                        nested: None,
                    });
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
        out
    }
}

/// Whether no hint of `hints` rests on a removal.
fn no_parents(hints: &[ChainHint]) -> bool {
    hints.iter().all(|h| h.parents.is_empty())
}

/// Adds a hint's removals, in the order Sudoku Explainer's hash map of them
/// is walked (by cell index modulo its table size, then as inserted).
fn push_removals(
    out: &mut Vec<Advanced>,
    hint: &Hint,
    parents: &[(usize, u8)],
    nested: Option<Nested>,
) {
    let mut table = 16;
    while hint.removals.len() > table * 3 / 4 {
        table *= 2;
    }
    let mut order: Vec<usize> = (0..hint.removals.len()).collect();
    order.sort_by_key(|&i| (hint.removals[i].0 & (table - 1), i));
    for i in order {
        let (cell, mask) = hint.removals[i];
        for v in super::super::symbols(mask) {
            out.push(Advanced {
                cell,
                v,
                parents: parents.to_vec(),
                nested,
            });
        }
    }
}
