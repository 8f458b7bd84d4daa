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

/// What [`Ctx::advanced`] found on each grid, by (start grid, grid): it
/// depends on nothing else, and chases of different assumptions often
/// reach the same grid (an assumption that forces a single reaches what
/// assuming the single does), as do the chases of the levels one above the
/// other (a level's chase is the one below it until the techniques below
/// find nothing).
#[derive(Default)]
pub(super) struct Memo {
    found: Mutex<HashMap<u64, Vec<Entry>>>,
    /// The links each group of rules makes, by the group and its domains.
    pub(super) links: Mutex<HashMap<Box<[u64]>, GroupLinks>>,
    /// The scratch space of the contexts done with (see [`super::Kept`]).
    pub(super) kept: Mutex<Vec<super::Kept>>,
}

/// The links of one group on some domains (see `cycles::GroupLink`).
type GroupLinks = Arc<[super::cycles::GroupLink]>;

/// Removals found by a nested technique, shared.
type Removals = Arc<Vec<Advanced>>;

/// One grid's removals, with the grids (to tell hash collisions apart):
/// what each producer was given, and the parts the levels share, each
/// computed once.
struct Entry {
    initial: Vec<Mask>,
    current: Vec<Mask>,
    /// What each producer was given (a producer asking again spends nothing).
    given: Vec<(Config, Removals)>,
    /// Locked candidates, pairs and X-wings (and rule pointing).
    basics: Option<Removals>,
    /// The forcing chains and cycles (levels 2 and 3), and the chases they
    /// spent: a level that takes them from another spends those too, so
    /// that the budget runs as if each level searched for itself.
    unary: Option<(Removals, u64)>,
}

/// A candidate a nested technique removes, the removals it rests on, and the
/// nested chain that found it.
pub(super) struct Advanced {
    pub cell: usize,
    pub v: u8,
    /// Shared by the removals of one hint.
    pub parents: Arc<[(usize, u8)]>,
    pub nested: Option<Nested>,
}

impl Memo {
    /// Calls `f` on the entry of (`initial`, `current`), made if missing.
    fn with<R>(
        &self,
        key: u64,
        (initial, current): (&[Mask], &[Mask]),
        f: impl FnOnce(&mut Entry) -> R,
    ) -> R {
        let mut found = self.found.lock().expect("not poisoned");
        let list = found.entry(key).or_default();
        let at = match (list.iter()).position(|e| e.initial == initial && e.current == current) {
            Some(at) => at,
            None => {
                list.push(Entry {
                    initial: initial.to_vec(),
                    current: current.to_vec(),
                    given: Vec::new(),
                    basics: None,
                    unary: None,
                });
                list.len() - 1
            }
        };
        f(&mut list[at])
    }
}

impl Ctx<'_> {
    /// The removals the first nested technique finds on `current` (a chase
    /// started on `initial`), in Sudoku Explainer's order.
    pub(super) fn advanced(&self, config: Config, current: &[Mask], initial: &[Mask]) -> Removals {
        // A quick hash: the entries tell collisions apart.
        let mut key: u64 = 0;
        for &m in initial.iter().chain(current) {
            key = (key ^ m).wrapping_mul(0x0100_0000_01b3).rotate_left(23);
        }
        let grids = (initial, current);
        let memo = self.memo;
        let given = |e: &mut Entry| {
            (e.given.iter())
                .find(|(c, _)| *c == config)
                .map(|(_, r)| Arc::clone(r))
        };
        if let Some(removals) = memo.with(key, grids, given) {
            return removals;
        }
        let basics = match memo.with(key, grids, |e| e.basics.clone()) {
            Some(basics) => basics,
            None => {
                let basics = Arc::new(self.basics(current, initial));
                memo.with(key, grids, |e| e.basics = Some(Arc::clone(&basics)));
                basics
            }
        };
        let removals = if !basics.is_empty() {
            basics
        } else if config.level < 4 {
            let mut removals = Arc::default();
            if config.level >= 2 {
                removals = match memo.with(key, grids, |e| e.unary.clone()) {
                    Some((removals, spent)) => {
                        self.spend_many(spent);
                        removals
                    }
                    None => {
                        let hints = self.unary_hints(current, Some(initial));
                        let spent = unary_cost(current);
                        let removals = Arc::new(chain_removals(&hints));
                        let unary = Some((Arc::clone(&removals), spent));
                        memo.with(key, grids, |e| e.unary = unary);
                        removals
                    }
                };
            }
            if config.level >= 3 && removals.is_empty() {
                let hints = self.multiple_hints(MULTIPLE, current, Some(initial));
                removals = Arc::new(chain_removals(&hints));
            }
            removals
        } else {
            let hints = self.multiple_hints(dynamic(config.nesting, 0), current, Some(initial));
            Arc::new(chain_removals(&hints))
        };
        let entry = (config, Arc::clone(&removals));
        memo.with(key, grids, |e| e.given.push(entry));
        removals
    }

    /// The removals of the basic techniques (locked candidates, hidden and
    /// naked pairs, X-wings, then rule pointing) on `current` that rest on
    /// removals since `initial`: the first technique's that finds any.
    fn basics(&self, current: &[Mask], initial: &[Mask]) -> Vec<Advanced> {
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
        match self.rules {
            Some(rules) => self.rule_pointing(rules, current, initial),
            None => Vec::new(),
        }
    }
}

/// How many chases [`Ctx::unary_hints`] spends on `grid`: one per candidate
/// of a cell with two or more for the X- and XY-chains, and one per
/// candidate of a bivalue cell for the Y-chains.
pub(super) fn unary_cost(grid: &[Mask]) -> u64 {
    (grid.iter())
        .map(|m| match m.count_ones() {
            0 | 1 => 0,
            2 => 6,
            n => 2 * u64::from(n),
        })
        .sum()
}

/// The removals of the nested chain hints that rest on removals, in order.
fn chain_removals(hints: &[ChainHint]) -> Vec<Advanced> {
    let mut out = Vec::new();
    for hint in hints.iter().filter(|h| !h.parents.is_empty()) {
        let nested = Nested {
            key: hint.key,
            complexity: hint.complexity as u32,
        };
        push_removals(&mut out, &hint.hint, &hint.parents, Some(nested));
    }
    out
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
            let parents: Arc<[(usize, u8)]> = (cells.iter())
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
                        parents: Arc::clone(&parents),
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
    let parents: Arc<[(usize, u8)]> = parents.into();
    let mut order: Vec<usize> = (0..hint.removals.len()).collect();
    order.sort_by_key(|&i| (hint.removals[i].0 & (table - 1), i));
    for i in order {
        let (cell, mask) = hint.removals[i];
        for v in super::super::symbols(mask) {
            out.push(Advanced {
                cell,
                v,
                parents: Arc::clone(&parents),
                nested,
            });
        }
    }
}
