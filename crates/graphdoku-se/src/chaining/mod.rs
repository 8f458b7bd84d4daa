// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Part of graphdoku-se, a Rust port of SukakuExplainer's rating algorithms,
// licensed under the GNU Lesser General Public License, version 2.1 or (at
// your option) any later version; see this crate's LICENSE file and lib.rs.

//! Chains and forcing chains as Sudoku Explainer finds and rates them
//! (SukakuExplainer's `chaining/Chaining.java` and its hints), over the
//! graph's full houses and edges.
//!
//! - *Forcing chains and cycles* (6.5–7.0 and up, [`cycles`]): the board's
//!   own links (a cell's two candidates, a symbol's two places in a house)
//!   from one candidate: a cycle back to it, or a chain to its opposite.
//!   On one symbol they are X-cycles and X-chains (simple colouring); through
//!   cells too, Y-cycles and XY-chains (alternating inference chains).
//! - *Forcing chains* ([`forcing`]): each candidate of each cell assumed on
//!   and off and followed ([`chase`]): a contradiction, or a fact that both
//!   the assumption and its opposite lead to (a *double* forcing chain), or
//!   that every candidate of a cell, or every place of a symbol in a house,
//!   leads to. Nishio (7.5) follows one symbol; the multiple forcing chains
//!   (8.0) the board's own links; the dynamic ones (8.5) the singles each
//!   assumption leaves; level 1 (9.0) adds locked candidates, pairs and
//!   X-wings to the singles, level 2 (9.5) the forcing chains and cycles,
//!   level 3 (10.0) the multiple forcing chains, level 4 (10.5) dynamic
//!   forcing chains, themselves nested up to level 3.
//!
//! A hint's rating is its producer's base plus Sudoku Explainer's length
//! modifier ([`length_bonus`]) of its *complexity*: the distinct facts its
//! chains rest on, each nested chain's own complexity added once. Each
//! producer gives its lowest-rated hint (then the least complex, then by
//! kind), as `serate` applies it.

mod chase;
mod cycles;
mod nested;

use std::cell::RefCell;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use self::chase::{Ancestors, Cause, Chase, Dag, Scratch};
use self::cycles::{Reach, Table, Walk};
use super::{Grid, Hint, Mask, bit, symbols};
use crate::{Ladder, Rules, Search, Technique};

/// How far a producer follows its assumptions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Config {
    /// Cell and region forcing chains (several assumptions to one fact).
    multiple: bool,
    /// Assumptions change the grid, so that singles follow from it.
    dynamic: bool,
    /// One symbol's links only; contradictions only.
    nishio: bool,
    /// What the chases add to the singles (see the module doc).
    level: u8,
    /// For level 4: the level of the dynamic forcing chains nested in it.
    nesting: u8,
}

const NISHIO: Config = Config {
    multiple: false,
    dynamic: true,
    nishio: true,
    level: 0,
    nesting: 0,
};

const MULTIPLE: Config = Config {
    multiple: true,
    dynamic: false,
    nishio: false,
    level: 0,
    nesting: 0,
};

/// A dynamic forcing chain producer at `level`.
const fn dynamic(level: u8, nesting: u8) -> Config {
    Config {
        multiple: true,
        dynamic: true,
        nishio: false,
        level,
        nesting,
    }
}

impl Config {
    /// The producer's base rating, in tenths.
    fn base(self) -> u16 {
        if self.level > 0 {
            85 + 5 * u16::from(self.level.min(4))
        } else if self.nishio {
            75
        } else if self.dynamic {
            85
        } else {
            80
        }
    }

    fn technique(self) -> Technique {
        match (self.level, self.nishio, self.dynamic) {
            (0, true, _) => Technique::Nishio,
            (0, false, false) => Technique::ForcingChain,
            (0, false, true) => Technique::DynamicForcingChain,
            (1, _, _) => Technique::DynamicForcingChainPlus,
            _ => Technique::NestedForcingChain,
        }
    }
}

/// Sudoku Explainer's length modifier, in tenths: 0.1 for each threshold
/// (4, 6, 8, 12, 16, 24, 32, …, alternately ×3/2 and ×4/3) that
/// `complexity − 2` exceeds.
///
/// ```text
/// complexity:  ≤6  7–8  9–10  11–14  15–18  19–26  27–34
/// bonus:        0   .1    .2     .3     .4     .5     .6
/// ```
pub(super) fn length_bonus(complexity: usize) -> u16 {
    let length = complexity.saturating_sub(2);
    let (mut ceiling, mut odd, mut bonus) = (4, false, 0);
    while length > ceiling {
        bonus += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    bonus
}

/// A nested chain a fact rests on: its identity (the chains it is made of)
/// and its complexity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Nested {
    key: u64,
    complexity: u32,
}

/// A chain hint with what sorting and nesting need.
#[derive(Debug, Clone)]
pub(super) struct ChainHint {
    hint: Hint,
    complexity: usize,
    /// Sudoku Explainer's tie-break between kinds at equal rating and complexity.
    sort_key: u8,
    /// The identity of its chains (Sudoku Explainer's `FullChain`).
    key: u64,
    /// The removals since the outer chase's start it rests on (nested only).
    parents: Vec<(usize, u8)>,
}

/// The most chases one step's search makes before giving up: it bounds the
/// time where no chain exists (a puzzle with several solutions) and keeps
/// ratings the same on every machine.
const BUDGET: i64 = 4_000_000;

/// What a search needs throughout: the engine, scratch space, the budget
/// (shared by the threads of one search).
pub(super) struct Ctx<'l> {
    ladder: &'l Ladder,
    k: usize,
    ancestors: RefCell<Ancestors>,
    walk: RefCell<Walk>,
    table: RefCell<Table>,
    reach: RefCell<Reach>,
    budget: &'l AtomicI64,
    memo: &'l nested::Memo,
    /// The rules on values the chains follow too (not Nishio's).
    rules: Option<&'l dyn Rules>,
    /// Domains, domains before, parents: a rule's narrowing in a chase.
    rule_scratch: RefCell<(Vec<Mask>, Vec<Mask>, Vec<u32>)>,
    /// The chases' scratch space, a stack (chases nest).
    scratch: RefCell<Vec<Scratch>>,
    /// The removals a nested hint rests on, gathered (one copy of the
    /// right size kept, rather than a vector grown for each hint).
    parents: RefCell<Vec<(usize, u8)>>,
    /// Chases done with, for new assumptions.
    /// (Boxed: taken and given back for each assumption, a pointer moves.)
    #[allow(clippy::vec_box)]
    spare: RefCell<Vec<Box<Chase>>>,
    deadline: Option<Instant>,
}

/// A context's scratch space, kept (in [`nested::Memo::kept`]) for the
/// next context of the same search when it is dropped: each holds what
/// its chases grew, and building it again would cost more than the
/// chases that use it.
pub(super) struct Kept {
    ancestors: Ancestors,
    walk: Walk,
    table: Table,
    reach: Reach,
    rule_scratch: (Vec<Mask>, Vec<Mask>, Vec<u32>),
    scratch: Vec<Scratch>,
    parents: Vec<(usize, u8)>,
    #[allow(clippy::vec_box)]
    spare: Vec<Box<Chase>>,
}

impl Drop for Ctx<'_> {
    fn drop(&mut self) {
        let kept = Kept {
            ancestors: std::mem::replace(self.ancestors.get_mut(), Ancestors::new(0)),
            walk: std::mem::replace(self.walk.get_mut(), Walk::new(0)),
            table: self.table.take(),
            reach: self.reach.take(),
            rule_scratch: self.rule_scratch.take(),
            scratch: self.scratch.take(),
            parents: self.parents.take(),
            spare: self.spare.take(),
        };
        if let Ok(mut pool) = self.memo.kept.lock() {
            pool.push(kept);
        }
    }
}

/// What [`Ctx::measure`] gathers along the chains.
struct Measure<'b> {
    flat: usize,
    nested: Vec<Nested>,
    key: u64,
    /// [`Ctx::parents`], cleared.
    parents: &'b mut Vec<(usize, u8)>,
}

/// What a hint does: the placement, if any, and the removals.
type Change = (Option<(usize, u8)>, Vec<(usize, Mask)>);

/// The nodes a hint's chains end at, each in its chase (or walk).
type Targets<'c> = Vec<(&'c dyn Dag, u32)>;

impl<'l> Ctx<'l> {
    fn new(
        ladder: &'l Ladder,
        budget: &'l AtomicI64,
        memo: &'l nested::Memo,
        search: &Search<'l>,
    ) -> Self {
        let (n, k) = (ladder.cells, ladder.symbols);
        // The scratch space of a context done with in this search (the
        // threads of a search make many), else new.
        let kept = memo.kept.lock().expect("not poisoned").pop();
        let kept = kept.unwrap_or_else(|| Kept {
            ancestors: Ancestors::new(2 * n * k),
            walk: Walk::new(n * k),
            table: Table::default(),
            reach: Reach::default(),
            rule_scratch: Default::default(),
            scratch: Vec::new(),
            parents: Vec::new(),
            spare: Vec::new(),
        });
        Ctx {
            rules: search.rules,
            rule_scratch: RefCell::new(kept.rule_scratch),
            scratch: RefCell::new(kept.scratch),
            spare: RefCell::new(kept.spare),
            parents: RefCell::new(kept.parents),
            deadline: search.deadline,
            ladder,
            k,
            ancestors: RefCell::new(kept.ancestors),
            walk: RefCell::new(kept.walk),
            table: RefCell::new(kept.table),
            reach: RefCell::new(kept.reach),
            budget,
            memo,
        }
    }

    /// The search options this context was made with (for the threads of
    /// a search).
    fn search(&self) -> Search<'l> {
        Search {
            rules: self.rules,
            deadline: self.deadline,
            ..Search::default()
        }
    }

    fn fact(&self, cell: usize, v: u8, on: bool) -> u32 {
        (2 * (cell * self.k + v as usize) + usize::from(on)) as u32
    }

    fn split(&self, fact: u32) -> (usize, u8) {
        let (cell, v) = self.ladder.orders.split[(fact >> 1) as usize];
        (cell as usize, v)
    }

    fn spend(&self) {
        self.spend_many(1);
    }

    /// Spends `n` chases at once (one atomic subtraction: what is left
    /// may go below zero, spent all the same).
    fn spend_many(&self, n: u64) {
        self.budget.fetch_sub(n as i64, Ordering::Relaxed);
    }

    fn exhausted(&self) -> bool {
        self.budget.load(Ordering::Relaxed) <= 0
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// A fresh chase assuming candidate (`cell`, `v`) `on` or off.
    fn assume(&self, cell: usize, v: u8, on: bool) -> Box<Chase> {
        let spare = self.spare.borrow_mut().pop();
        let mut chase = spare.unwrap_or_else(|| Box::new(Chase::new(self.ladder.cells, self.k)));
        let n = chase.push(self.fact(cell, v, on), Cause::Assumed, &[]);
        chase.insert(n);
        chase
    }

    /// Keeps `chase`'s buffers for a later [`Ctx::assume`].
    fn recycle(&self, mut chase: Box<Chase>) {
        chase.reset();
        self.spare.borrow_mut().push(chase);
    }

    /// Adds to `out` the removals from `initial` to `current` that a
    /// candidate turned on for `cause` rests on (Sudoku Explainer's
    /// `collectRuleParents`): a cell's, or the symbol's in a house.
    fn rule_parents(
        &self,
        cause: Cause,
        fact: u32,
        (initial, current): (&[Mask], &[Mask]),
        out: &mut Vec<(usize, u8)>,
    ) {
        let (cell, v) = self.split(fact);
        match cause {
            Cause::Cell => out.extend(symbols(initial[cell] & !current[cell]).map(|u| (cell, u))),
            Cause::House(h) => out.extend(
                (self.ladder.houses[h as usize].cells.iter())
                    .filter(|&&y| initial[y] & bit(v) != 0 && current[y] & bit(v) == 0)
                    .map(|&y| (y, v)),
            ),
            // Every removal in the group's cells (the group's narrowing
            // read them all).
            Cause::Rule(g) => {
                if let Some(rules) = self.rules {
                    out.extend(
                        (rules.cells(g).iter())
                            .flat_map(|&y| symbols(initial[y] & !current[y]).map(move |u| (y, u))),
                    );
                }
            }
            _ => {}
        }
    }

    /// The complexity of chains ending at `targets`, their identity, and
    /// (when `initial` is given: a nested hint) the removals from `initial`
    /// to `current` they rest on; `assumed` is how the assumptions follow
    /// (a cell's or a house's candidates), for those.
    fn measure(
        &self,
        targets: &[(&dyn Dag, u32)],
        assumed: Option<Cause>,
        initial: Option<&[Mask]>,
        current: &[Mask],
    ) -> (usize, u64, Vec<(usize, u8)>) {
        let mut buffer = self.parents.borrow_mut();
        buffer.clear();
        let mut m = Measure {
            flat: 0,
            nested: Vec::new(),
            key: 0xcbf2_9ce4_8422_2325,
            parents: &mut buffer,
        };
        let mut ancestors = self.ancestors.borrow_mut();
        let grids = initial.map(|initial| (initial, current));
        for &(dag, node) in targets {
            // Chases, statically: their walks are most of the measuring.
            match dag.as_chase() {
                Some(chase) => self.visit(&mut ancestors, chase, node, assumed, grids, &mut m),
                None => self.visit(&mut ancestors, dag, node, assumed, grids, &mut m),
            }
            m.key = m.key.rotate_left(17) ^ 0x9e37_79b9_7f4a_7c15;
        }
        let inner: usize = m.nested.iter().map(|n| n.complexity as usize).sum();
        (m.flat + inner, m.key, m.parents.clone())
    }

    /// [`Ctx::measure`] of the chain ending at `node` of `dag`, into `m`.
    fn visit<D: Dag + ?Sized>(
        &self,
        ancestors: &mut Ancestors,
        dag: &D,
        node: u32,
        assumed: Option<Cause>,
        grids: Option<(&[Mask], &[Mask])>,
        m: &mut Measure<'_>,
    ) {
        m.flat += ancestors.walk(dag, node, |n| {
            let fact = dag.fact(n);
            m.key = (m.key ^ u64::from(fact)).wrapping_mul(0x0100_0000_01b3);
            if let Some(inner) = dag.nested(n)
                && !m.nested.iter().any(|x| x.key == inner.key)
            {
                m.nested.push(inner);
            }
            if let Some(grids) = grids
                && fact & 1 == 1
            {
                let cause = match dag.cause(n) {
                    Cause::Assumed => assumed,
                    cause => Some(cause),
                };
                if let Some(cause) = cause {
                    self.rule_parents(cause, fact, grids, m.parents);
                }
            }
        });
    }

    /// A chain hint ending at `targets`.
    #[allow(clippy::too_many_arguments)]
    fn hint(
        &self,
        technique: Technique,
        base: u16,
        sort_key: u8,
        targets: &[(&dyn Dag, u32)],
        assumed: Option<Cause>,
        pattern: &dyn Fn() -> (Vec<usize>, Vec<usize>, Vec<u8>),
        change: Change,
        initial: Option<&[Mask]>,
        grid: &[Mask],
    ) -> ChainHint {
        let (complexity, key, parents) = self.measure(targets, assumed, initial, grid);
        // A nested hint gives its removals only.
        let (cells, houses, colours) = match initial {
            Some(_) => Default::default(),
            None => pattern(),
        };
        ChainHint {
            hint: Hint {
                technique,
                se: base + length_bonus(complexity),
                place: change.0,
                removals: change.1,
                cells,
                houses,
                colours,
            },
            complexity,
            sort_key,
            key,
            parents,
        }
    }

    /// What concluding fact `fact` does on `grid`: a candidate turned on is
    /// placed (the cell's others removed), one turned off removed. `None`
    /// when it changes nothing.
    fn conclusion(&self, grid: &[Mask], fact: u32) -> Option<Change> {
        let (cell, v) = self.split(fact);
        if fact & 1 == 1 {
            let others = grid[cell] & !bit(v);
            (others != 0).then(|| (Some((cell, v)), vec![(cell, others)]))
        } else {
            Some((None, vec![(cell, bit(v))]))
        }
    }

    /// Every hint of a forcing chain producer on `grid`, sorted as Sudoku
    /// Explainer sorts them (rating, complexity, kind, then the order found)
    /// and without two removing the same candidates. `initial`: the grid
    /// an outer chase started from, for the hints' rule parents. The
    /// chase of each candidate assumed on is made once (the region chains
    /// reuse them); a search from the top spreads the cells over threads.
    fn multiple_hints(
        &self,
        config: Config,
        grid: &[Mask],
        initial: Option<&[Mask]>,
    ) -> Vec<ChainHint> {
        let k = self.k;
        let search = self.search();
        let candidates: Vec<(usize, u8)> = (0..grid.len())
            .filter(|&c| grid[c].count_ones() >= 2)
            .flat_map(|c| symbols(grid[c]).map(move |v| (c, v)))
            .collect();
        let chase_on = |ctx: &Ctx, &(cell, v): &(usize, u8)| {
            let mut on = ctx.assume(cell, v, true);
            let absurd = if config.dynamic {
                ctx.chase(config, grid, &mut on)
            } else {
                ctx.chase_static(&ctx.table(grid), &mut on)
            };
            (on, absurd)
        };
        let cells: Vec<usize> = (0..grid.len())
            .filter(|&c| {
                let card = grid[c].count_ones();
                card > 2 || (card > 1 && config.dynamic)
            })
            .collect();
        let parallel = initial.is_none();
        let chased: Vec<(Box<Chase>, Option<chase::Absurd>)> = if parallel {
            candidates
                .par_iter()
                .map_init(
                    || Ctx::new(self.ladder, self.budget, self.memo, &search),
                    |ctx, c| chase_on(ctx, c),
                )
                .collect()
        } else {
            candidates.iter().map(|c| chase_on(self, c)).collect()
        };
        let mut index = vec![usize::MAX; grid.len() * k];
        for (i, &(c, v)) in candidates.iter().enumerate() {
            index[c * k + v as usize] = i;
        }
        let places = super::house_places(self.ladder, grid);
        let memo = Memo {
            chased: &chased,
            index: &index,
            places: &places,
        };
        let per_cell = |ctx: &Ctx, &cell: &usize| {
            let mut out = Vec::new();
            if !ctx.exhausted() {
                ctx.cell_hints(config, grid, cell, &memo, initial, &mut out);
            }
            out
        };
        let found: Vec<Vec<ChainHint>> = if parallel {
            cells
                .par_iter()
                .map_init(
                    || Ctx::new(self.ladder, self.budget, self.memo, &search),
                    |ctx, c| per_cell(ctx, c),
                )
                .collect()
        } else {
            cells.iter().map(|c| per_cell(self, c)).collect()
        };
        for (chase, _) in chased {
            self.recycle(chase);
        }
        sorted(found.into_iter().flatten().collect())
    }

    /// The hints from the candidates of `cell` (Sudoku Explainer's
    /// `getMultipleChainsHintList` for one cell).
    fn cell_hints(
        &self,
        config: Config,
        grid: &[Mask],
        cell: usize,
        memo: &Memo,
        initial: Option<&[Mask]>,
        out: &mut Vec<ChainHint>,
    ) {
        let k = self.k;
        let card = grid[cell].count_ones();
        let (technique, base) = (config.technique(), config.base());
        let contradictions = config.dynamic || config.nishio;
        let doubles = card >= 3 && !config.nishio && config.dynamic;
        let mut branches: Vec<&Chase> = Vec::new();
        for v in symbols(grid[cell]) {
            let (on, absurd) = memo.get(cell * k + v as usize);
            let on: &Chase = on;
            if let (true, Some((a, b))) = (contradictions, *absurd) {
                out.push(self.hint(
                    technique,
                    base,
                    7,
                    &[(on as &dyn Dag, a), (on as &dyn Dag, b)],
                    None,
                    &|| (vec![cell], Vec::new(), vec![v]),
                    (None, vec![(cell, bit(v))]),
                    initial,
                    grid,
                ));
            }
            // The chase of its opposite serves only contradictions and
            // double chains (Sudoku Explainer makes it anyway).
            if !(contradictions || doubles) {
                if !config.nishio {
                    self.region_hints(config, grid, cell, v, memo, initial, out);
                }
                branches.push(on);
                continue;
            }
            let mut off = self.assume(cell, v, false);
            let absurd = self.chase(config, grid, &mut off);
            if let (true, Some((a, b))) = (contradictions, absurd) {
                out.push(self.hint(
                    technique,
                    base,
                    7,
                    &[(&*off as &dyn Dag, a), (&*off as &dyn Dag, b)],
                    None,
                    &|| (vec![cell], Vec::new(), vec![v]),
                    (Some((cell, v)), vec![(cell, grid[cell] & !bit(v))]),
                    initial,
                    grid,
                ));
            }
            if doubles {
                self.doubles(technique, base, grid, cell, v, on, &off, initial, out);
            }
            if !config.nishio {
                self.region_hints(config, grid, cell, v, memo, initial, out);
            }
            self.recycle(off);
            branches.push(on);
        }
        if config.nishio || !(card == 2 || (config.multiple && card > 2)) {
            return;
        }
        for (targets, change, cv) in self.common_conclusions(grid, &branches) {
            out.push(self.hint(
                technique,
                base,
                5,
                &targets,
                Some(Cause::Cell),
                &|| (vec![cell, cv / k], Vec::new(), vec![(cv % k) as u8]),
                change,
                initial,
                grid,
            ));
        }
    }

    /// The facts that every one of `branches` leads to, in the first
    /// branch's order: each with the chains that reach it, what it changes on
    /// `grid`, and its cell and value (`cell * k + v`). The conclusions of a
    /// cell or region forcing chain.
    fn common_conclusions<'c>(
        &self,
        grid: &[Mask],
        branches: &[&'c Chase],
    ) -> Vec<(Targets<'c>, Change, usize)> {
        let first = branches[0];
        // The facts all branches derive, as bits: most often none (so
        // looked at before anything is allocated).
        let common = |i: usize| (branches.iter()).fold(u64::MAX, |c, b| c & b.facts[i]);
        if (0..first.facts.len()).all(|i| common(i) == 0) {
            return Vec::new();
        }
        let common: Vec<u64> = (0..first.facts.len()).map(common).collect();
        (first.ons.iter().chain(&first.offs))
            .filter_map(|&n| {
                let fact = first.fact(n);
                if common[fact as usize / 64] >> (fact % 64) & 1 == 0 {
                    return None;
                }
                let targets = (branches.iter())
                    .map(|b| b.node_of(fact).map(|n| (*b as &dyn Dag, n)))
                    .collect::<Option<Targets>>()?;
                let change = self.conclusion(grid, fact)?;
                Some((targets, change, (fact >> 1) as usize))
            })
            .collect()
    }

    /// Double forcing chains: facts that (`cell`, `v`) on and off both lead to.
    #[allow(clippy::too_many_arguments)]
    fn doubles(
        &self,
        technique: Technique,
        base: u16,
        grid: &[Mask],
        cell: usize,
        v: u8,
        on: &Chase,
        off: &Chase,
        initial: Option<&[Mask]>,
        out: &mut Vec<ChainHint>,
    ) {
        let k = self.k;
        // Most often the two chases share no fact.
        if on.facts.iter().zip(&off.facts).all(|(a, b)| a & b == 0) {
            return;
        }
        for &n in on.ons.iter().chain(&on.offs) {
            let fact = on.fact(n);
            let Some(m) = off.node_of(fact) else { continue };
            let Some(change) = self.conclusion(grid, fact) else {
                continue;
            };
            let cv = (fact >> 1) as usize;
            out.push(self.hint(
                technique,
                base,
                1,
                &[(on as &dyn Dag, n), (off as &dyn Dag, m)],
                None,
                &|| (vec![cell, cv / k], Vec::new(), vec![v, (cv % k) as u8]),
                change,
                initial,
                grid,
            ));
        }
    }

    /// Region forcing chains: facts that every place of `v` in a house of
    /// `cell` leads to, from the house's first place.
    #[allow(clippy::too_many_arguments)]
    fn region_hints(
        &self,
        config: Config,
        grid: &[Mask],
        cell: usize,
        v: u8,
        memo: &Memo,
        initial: Option<&[Mask]>,
        out: &mut Vec<ChainHint>,
    ) {
        let k = self.k;
        let (houses, orders) = (&self.ladder.houses, &self.ladder.orders);
        for (&h, &at) in orders.regions[cell].iter().zip(&orders.positions[cell]) {
            // From the house's first place only (checked before anything
            // is collected: most candidates are not one).
            let places = memo.places[h * k + v as usize];
            if places.trailing_zeros() != at {
                continue;
            }
            let card = places.count_ones() as usize;
            if !(card == 2 || (config.multiple && card > 2)) {
                continue;
            }
            // On the stack (a house has at most 64 places).
            let first: &Chase = &memo.get(cell * k + v as usize).0;
            let mut branches = [first; 64];
            let (mut rest, cells) = (places, &houses[h].cells);
            for b in branches.iter_mut().take(card) {
                let c = cells[rest.trailing_zeros() as usize];
                rest &= rest - 1;
                *b = &memo.get(c * k + v as usize).0;
            }
            let branches = &branches[..card];
            for (targets, change, cv) in self.common_conclusions(grid, branches) {
                out.push(self.hint(
                    config.technique(),
                    config.base(),
                    6,
                    &targets,
                    Some(Cause::House(h as u32)),
                    &|| (vec![cv / k], vec![h], vec![v, (cv % k) as u8]),
                    change,
                    initial,
                    grid,
                ));
            }
        }
    }
}

/// The chase of each candidate assumed on, made once per producer.
struct Memo<'m> {
    chased: &'m [(Box<Chase>, Option<chase::Absurd>)],
    /// The position in `chased` of each candidate (`cell × k + symbol`).
    index: &'m [usize],
    /// The places of each symbol in each house ([`super::house_places`]).
    places: &'m [u64],
}

impl Memo<'_> {
    fn get(&self, cv: usize) -> &(Box<Chase>, Option<chase::Absurd>) {
        &self.chased[self.index[cv]]
    }
}

/// Sorted by rating, complexity and kind (stable, so the order found breaks
/// ties), without a later hint removing what an earlier one does.
fn sorted(mut hints: Vec<ChainHint>) -> Vec<ChainHint> {
    hints.sort_by_key(|h| (h.hint.se, h.complexity, h.sort_key));
    let mut kept: Vec<ChainHint> = Vec::with_capacity(hints.len());
    // Most hints remove from one cell: those need no list of their own.
    let mut single = std::collections::HashSet::with_capacity(hints.len());
    let mut several: std::collections::HashSet<Vec<(usize, Mask)>> =
        std::collections::HashSet::new();
    for hint in hints {
        let new = match hint.hint.removals[..] {
            [one] => single.insert(one),
            _ => {
                let mut key = hint.hint.removals.clone();
                key.sort_unstable();
                several.insert(key)
            }
        };
        if new {
            kept.push(hint);
        }
    }
    kept
}

/// The easiest forcing chain or cycle on `grid` (6.5–7.0 and up).
pub(super) fn cycles(ladder: &Ladder, grid: &Grid, search: &Search) -> Option<Hint> {
    let budget = AtomicI64::new(BUDGET);
    let memo = nested::Memo::default();
    let ctx = Ctx::new(ladder, &budget, &memo, search);
    if let Some(hint) = search.cache.and_then(|c| c.take(CYCLES, grid)) {
        return Some(hint);
    }
    let mut hints = ctx.unary_hints(grid, None).into_iter();
    let best = hints.next()?;
    if let Some(cache) = search.cache {
        cache.keep(CYCLES, hints.map(|h| h.hint).collect());
    }
    Some(best.hint)
}

/// The cache's name for the forcing chains and cycles producer.
const CYCLES: u8 = u8::MAX;

/// The first forcing chain, producer by producer: Nishio, multiple, dynamic,
/// then the nested levels; none of the producers (in increasing order of
/// base rating) whose base is above `search.ceiling` (tenths).
pub(super) fn forcing(ladder: &Ladder, grid: &Grid, search: &Search) -> Option<Hint> {
    let ceiling = search.ceiling;
    let budget = AtomicI64::new(BUDGET);
    let memo = nested::Memo::default();
    let ctx = Ctx::new(ladder, &budget, &memo, search);
    let producers = [
        NISHIO,
        MULTIPLE,
        dynamic(0, 0),
        dynamic(1, 0),
        dynamic(2, 0),
        dynamic(3, 0),
    ]
    .into_iter()
    .chain((0..4).map(|nesting| dynamic(4, nesting)));
    for (i, config) in producers.enumerate() {
        if ctx.exhausted() || config.base() > ceiling {
            return None;
        }
        let producer = i as u8;
        if let Some(hint) = search.cache.and_then(|c| c.take(producer, grid)) {
            return Some(hint);
        }
        let mut hints = ctx.multiple_hints(config, grid, None).into_iter();
        if let Some(best) = hints.next() {
            if let Some(cache) = search.cache {
                cache.keep(producer, hints.map(|h| h.hint).collect());
            }
            return Some(best.hint);
        }
    }
    None
}
