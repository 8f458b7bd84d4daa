// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Part of graphdoku-se, a Rust port of SukakuExplainer's rating algorithms,
// licensed under the GNU Lesser General Public License, version 2.1 or (at
// your option) any later version; see this crate's LICENSE file and lib.rs.

//! Forcing chains and cycles on the board's own links (Sudoku Explainer's
//! `Chaining(false, false, …)`: `doUnaryChaining`, `doCycles`,
//! `doForcingChains`), from each candidate: on one symbol (X), through
//! bivalue cells (Y), or both (XY).
//!
//! A *cycle* leads from a candidate back to itself, alternating strong and
//! weak links: every weak link of it is then a strong one too, so a
//! candidate seeing both ends of one of its links (on the same symbol) goes
//! (6.5; through cells and houses 7.0). A *forcing chain* leads from a
//! candidate to its opposite: assumed on it turns off (it goes), assumed off
//! it turns on (it is placed) (6.6; 7.0).
//!
//! The links do not change during the search, so they are listed once per
//! grid ([`Table`]) and every walk reuses one buffer ([`Walk`]).

use super::super::{Mask, Rules, bit, group_domains, symbols};
use super::chase::{Cause, Dag, Seen};
use super::{ChainHint, Ctx, Nested, sorted};
use crate::Technique;

/// The board's links, by candidate (`cell × k + symbol`): what it turned on
/// turns off, and what it turned off turns on.
#[derive(Default)]
pub(super) struct Table {
    /// The grid it lists.
    grid: Vec<Mask>,
    on_start: Vec<u32>,
    on_to: Vec<(u32, Cause)>,
    off_start: Vec<u32>,
    off_to: Vec<(u32, Cause)>,
}

impl Table {
    /// What candidate `cv` turned on turns off.
    pub(super) fn on(&self, cv: usize) -> &[(u32, Cause)] {
        &self.on_to[self.on_start[cv] as usize..self.on_start[cv + 1] as usize]
    }

    /// What candidate `cv` turned off turns on.
    pub(super) fn off(&self, cv: usize) -> &[(u32, Cause)] {
        &self.off_to[self.off_start[cv] as usize..self.off_start[cv + 1] as usize]
    }
}

/// The links rules add, by candidate: those a candidate on turns off, and
/// those a candidate off turns on.
type RuleLinks = (Vec<Vec<(u32, Cause)>>, Vec<Vec<(u32, Cause)>>);

/// A link a group makes: (cell, symbol, cell, symbol, strong).
pub(super) type GroupLink = (usize, u8, usize, u8, bool);

/// Which forcing chains may exist: whether each candidate assumed on leads
/// to it off, and assumed off to it on, on all the board's links (those of
/// the XY-chains; the X- and Y-chains follow some of them), so that the
/// walks that find the chains' exact paths need only run where there may
/// be one.
///
/// Decided on the graph of facts (a candidate on or off, linked as the
/// XY-chains follow them): its strongly connected components (Tarjan's,
/// which completes a component after every component it leads to), which
/// also bound the cycles' walks, and for each the candidates turned on
/// somewhere after it, as a set of bits. The buffers are kept for the next
/// grid.
#[derive(Default)]
pub(super) struct Reach {
    /// By candidate (`cell × k + symbol`): on leads to off, off leads to on.
    on: Vec<bool>,
    off: Vec<bool>,
    /// The candidates numbered, and back; a fact's node is `2 × id + on`.
    id: Vec<u32>,
    cvs: Vec<u32>,
    /// The nodes each node leads to: `edges[start[u]..start[u + 1]]`.
    start: Vec<u32>,
    edges: Vec<u32>,
    /// Tarjan's visit order and low link of each node (0: not visited).
    index: Vec<u32>,
    low: Vec<u32>,
    /// The component of each node, once completed (`u32::MAX` before).
    component: Vec<u32>,
    stack: Vec<u32>,
    /// (node, next link to look at)
    calls: Vec<(u32, u32)>,
    /// For each component, the candidates turned on from it (itself included).
    turned_on: Vec<u64>,
    /// For each component, the last component found leading to it.
    met: Vec<u32>,
}

impl Reach {
    /// Fills it for `grid` (its links `table`).
    fn fill(&mut self, table: &Table, grid: &[Mask], k: usize) {
        self.id.clear();
        self.id.resize(grid.len() * k, u32::MAX);
        self.cvs.clear();
        for (c, &m) in grid.iter().enumerate() {
            for v in symbols(m) {
                self.id[c * k + v as usize] = self.cvs.len() as u32;
                self.cvs.push((c * k + v as usize) as u32);
            }
        }
        let n = self.cvs.len();
        let words = n.div_ceil(64).max(1);
        let Reach {
            id,
            cvs,
            start,
            edges,
            index,
            low,
            component,
            stack,
            calls,
            turned_on,
            met,
            ..
        } = self;
        // All the links, node to node (a fact's node is `2 × id + on`).
        start.clear();
        edges.clear();
        for u in 0..2 * n {
            start.push(edges.len() as u32);
            let cv = cvs[u >> 1] as usize;
            let links = if u & 1 == 1 {
                table.on(cv)
            } else {
                table.off(cv)
            };
            edges
                .extend((links.iter()).map(|&(fact, _)| 2 * id[(fact >> 1) as usize] + (fact & 1)));
        }
        start.push(edges.len() as u32);
        let next = |u: u32| &edges[start[u as usize] as usize..start[u as usize + 1] as usize];
        index.clear();
        index.resize(2 * n, 0);
        low.clear();
        low.resize(2 * n, 0);
        component.clear();
        component.resize(2 * n, u32::MAX);
        turned_on.clear();
        met.clear();
        let mut counter = 0;
        let mut set = vec![0u64; words];
        for root in 0..2 * n as u32 {
            if index[root as usize] != 0 {
                continue;
            }
            counter += 1;
            index[root as usize] = counter;
            low[root as usize] = counter;
            stack.push(root);
            calls.push((root, 0));
            while let Some(&mut (u, ref mut at)) = calls.last_mut() {
                if let Some(&v) = next(u).get(*at as usize) {
                    *at += 1;
                    let v = v as usize;
                    if index[v] == 0 {
                        counter += 1;
                        index[v] = counter;
                        low[v] = counter;
                        stack.push(v as u32);
                        calls.push((v as u32, 0));
                    } else if component[v] == u32::MAX {
                        // On the stack: in the component being built.
                        low[u as usize] = low[u as usize].min(index[v]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[u as usize]);
                }
                if low[u as usize] != index[u as usize] {
                    continue;
                }
                // `u` roots a component: the nodes above it on the stack.
                let c = met.len() as u32;
                met.push(u32::MAX);
                let from = stack.iter().rposition(|&x| x == u).expect("on the stack");
                for &x in &stack[from..] {
                    component[x as usize] = c;
                }
                set.iter_mut().for_each(|w| *w = 0);
                for &x in &stack[from..] {
                    if x & 1 == 1 {
                        set[(x >> 1) as usize / 64] |= 1 << ((x >> 1) % 64);
                    }
                    for &v in next(x) {
                        // Each component it leads to once.
                        let d = component[v as usize];
                        if d != c && met[d as usize] != c {
                            met[d as usize] = c;
                            let row = &turned_on[d as usize * words..(d as usize + 1) * words];
                            set.iter_mut().zip(row).for_each(|(w, r)| *w |= r);
                        }
                    }
                }
                turned_on.extend_from_slice(&set);
                stack.truncate(from);
            }
        }
        self.on.clear();
        self.on.resize(grid.len() * k, false);
        self.off.clear();
        self.off.resize(grid.len() * k, false);
        let has =
            |c: u32, i: u32| turned_on[c as usize * words + i as usize / 64] >> (i % 64) & 1 == 1;
        for (i, &cv) in cvs.iter().enumerate() {
            let (on, off) = (2 * i as u32 + 1, 2 * i as u32);
            // On leads to off: some candidate turned on after it turns it
            // off (the links are symmetric: one it turns off).
            let from = component[on as usize];
            self.on[cv as usize] = next(on).iter().any(|&v| has(from, v >> 1));
            // Off leads to on: it is turned on after its opposite.
            self.off[cv as usize] = has(component[off as usize], i as u32);
        }
    }

    /// The component of `fact` (a candidate of the grid it was filled for).
    fn component_of(&self, fact: u32) -> u32 {
        let node = 2 * self.id[(fact >> 1) as usize] + (fact & 1);
        self.component[node as usize]
    }

    /// Whether the walk from `from` reaches its opposite.
    fn chain(&self, from: u32) -> bool {
        let cv = (from >> 1) as usize;
        if from & 1 == 1 {
            self.on[cv]
        } else {
            self.off[cv]
        }
    }
}

/// A node of a walk: a fact and the one it follows from.
#[derive(Debug, Clone, Copy)]
struct Step {
    fact: u32,
    cause: Cause,
    parent: [u32; 1],
    rooted: bool,
    /// A bit per fact on the path above (hashed): a quick "not above" test.
    above: u64,
}

/// The bit of `fact` in [`Step::above`].
fn sign(fact: u32) -> u64 {
    1 << (fact.wrapping_mul(0x9e37_79b9) >> 26)
}

/// The facts of one walk on the board's links, each with one parent.
pub(super) struct Walk {
    steps: Vec<Step>,
    /// The layers of a walk, kept for the next.
    layers: (Vec<u32>, Vec<u32>, Vec<u32>),
    on: Seen,
    on_node: Vec<u32>,
    off: Seen,
    off_node: Vec<u32>,
}

impl Dag for Walk {
    fn fact(&self, n: u32) -> u32 {
        self.steps[n as usize].fact
    }
    fn cause(&self, n: u32) -> Cause {
        self.steps[n as usize].cause
    }
    fn parents(&self, n: u32) -> &[u32] {
        let step = &self.steps[n as usize];
        &step.parent[..usize::from(!step.rooted)]
    }
    fn nested(&self, _: u32) -> Option<Nested> {
        None
    }
}

impl Walk {
    pub(super) fn new(candidates: usize) -> Self {
        Walk {
            steps: Vec::new(),
            layers: Default::default(),
            on: Seen::new(candidates),
            on_node: vec![0; candidates],
            off: Seen::new(candidates),
            off_node: vec![0; candidates],
        }
    }

    /// Starts a walk from `fact`.
    fn start(&mut self, fact: u32) -> u32 {
        self.steps.clear();
        self.on.next();
        self.off.next();
        let n = self.push(fact, Cause::Assumed, None);
        self.insert(n);
        n
    }

    fn push(&mut self, fact: u32, cause: Cause, parent: Option<u32>) -> u32 {
        let above = parent.map_or(0, |p| {
            let up = &self.steps[p as usize];
            up.above | sign(up.fact)
        });
        self.steps.push(Step {
            fact,
            cause,
            parent: [parent.unwrap_or(0)],
            rooted: parent.is_none(),
            above,
        });
        self.steps.len() as u32 - 1
    }

    /// Adds node `n` as its fact's node unless there is one; true if added.
    fn insert(&mut self, n: u32) -> bool {
        let fact = self.steps[n as usize].fact;
        let cv = (fact >> 1) as usize;
        let (seen, nodes) = if fact & 1 == 1 {
            (&mut self.on, &mut self.on_node)
        } else {
            (&mut self.off, &mut self.off_node)
        };
        if seen.mark(cv) {
            nodes[cv] = n;
            true
        } else {
            false
        }
    }

    fn known(&mut self, fact: u32) -> bool {
        let cv = (fact >> 1) as usize;
        let seen = if fact & 1 == 1 {
            &mut self.on
        } else {
            &mut self.off
        };
        !seen.is_new(cv)
    }

    /// Whether fact `fact` is on the path above node `n`.
    fn above(&self, n: u32, fact: u32) -> bool {
        if self.steps[n as usize].above & sign(fact) == 0 {
            return false;
        }
        let mut p = n;
        while !self.steps[p as usize].rooted {
            p = self.steps[p as usize].parent[0];
            if self.steps[p as usize].fact == fact {
                return true;
            }
        }
        false
    }

    /// The path from node `n` up to the assumption, `n` first.
    fn path(&self, n: u32) -> Vec<u32> {
        let mut path = vec![n];
        let mut p = n;
        while !self.steps[p as usize].rooted {
            p = self.steps[p as usize].parent[0];
            path.push(p);
        }
        path
    }
}

impl Ctx<'_> {
    /// The links of `grid` (listed again only when the grid changed).
    pub(super) fn table(&self, grid: &[Mask]) -> std::cell::RefMut<'_, Table> {
        let mut table = self.table.borrow_mut();
        if table.grid != grid {
            self.fill(&mut table, grid);
        }
        table
    }

    /// Lists the links of `grid` into `table`.
    fn fill(&self, table: &mut Table, grid: &[Mask]) {
        let k = self.k;
        table.grid.clear();
        table.grid.extend_from_slice(grid);
        table.on_start.clear();
        table.on_start.resize(grid.len() * k + 1, 0);
        table.off_start.clear();
        table.off_start.resize(grid.len() * k + 1, 0);
        table.on_to.clear();
        table.off_to.clear();
        let (mut offs, mut ons, mut hidden) = (Vec::new(), Vec::new(), Vec::new());
        let none = super::chase::Chase::new(0, 0);
        let places = super::super::house_places(self.ladder, grid);
        let (rule_on, rule_off) = match self.rules {
            Some(rules) => self.rule_links(rules, grid),
            None => (Vec::new(), Vec::new()),
        };
        // A rule's link between candidates the board links already adds nothing.
        let append = |to: &mut Vec<(u32, Cause)>, from: usize, extra: &[(u32, Cause)]| {
            for &(fact, cause) in extra {
                if !to[from..].iter().any(|&(f, _)| f == fact) {
                    to.push((fact, cause));
                }
            }
        };
        for cell in 0..grid.len() {
            for v in 0..k as u8 {
                let cv = cell * k + v as usize;
                if grid[cell] & bit(v) != 0 {
                    let (on_from, off_from) = (table.on_to.len(), table.off_to.len());
                    self.on_to_off(grid, cell, v, true, &mut offs);
                    table.on_to.extend_from_slice(&offs);
                    self.off_to_on(
                        &none,
                        grid,
                        grid,
                        (&places, &places),
                        cell,
                        v,
                        true,
                        &mut ons,
                        &mut hidden,
                    );
                    table.off_to.extend(ons.iter().map(|&(f, c, _)| (f, c)));
                    if let (Some(on), Some(off)) = (rule_on.get(cv), rule_off.get(cv)) {
                        append(&mut table.on_to, on_from, on);
                        append(&mut table.off_to, off_from, off);
                    }
                }
                table.on_start[cv + 1] = table.on_to.len() as u32;
                table.off_start[cv + 1] = table.off_to.len() as u32;
            }
        }
    }

    /// The links the rules add on `grid`, by candidate (`cell × k +
    /// symbol`): what it turned on turns off (two candidates a group of
    /// rules never allows together), and what it turned off turns on (two
    /// of which the group needs one: without the first, its propagation
    /// leaves the second's cell only the second). Both ways, as the
    /// board's links are.
    fn rule_links(&self, rules: &dyn Rules, grid: &[Mask]) -> RuleLinks {
        let k = self.k;
        let mut on = vec![Vec::new(); grid.len() * k];
        let mut off = vec![Vec::new(); grid.len() * k];
        let mut domains = Vec::new();
        for g in 0..rules.count() {
            group_domains(rules, grid, g, &mut domains);
            for &(a, v, b, u, strong) in self.group_links(rules, g, &domains, grid).iter() {
                let (av, bu) = (a * k + v as usize, b * k + u as usize);
                if strong {
                    off[av].push((self.fact(b, u, true), Cause::Rule(g)));
                    off[bu].push((self.fact(a, v, true), Cause::Rule(g)));
                } else {
                    on[av].push((self.fact(b, u, false), Cause::Rule(g)));
                    on[bu].push((self.fact(a, v, false), Cause::Rule(g)));
                }
            }
        }
        (on, off)
    }

    /// The links group `g` makes between the candidates of its open cells,
    /// its cells' domains being `domains` (on `grid`): (cell, symbol, cell,
    /// symbol, strong), each once. Remembered by domains for the search.
    fn group_links(
        &self,
        rules: &dyn Rules,
        g: u32,
        domains: &[Mask],
        grid: &[Mask],
    ) -> std::sync::Arc<[GroupLink]> {
        let mut key = Vec::with_capacity(domains.len() + 1);
        key.push(u64::from(g));
        key.extend_from_slice(domains);
        let memo = &self.memo.links;
        if let Some(known) = memo.lock().expect("not poisoned").get(&key[..]) {
            return known.clone();
        }
        let cells = rules.cells(g);
        let mut found = Vec::new();
        let mut narrowed = Vec::new();
        for (i, &a) in cells.iter().enumerate() {
            if grid[a].count_ones() < 2 {
                continue;
            }
            for v in symbols(grid[a]) {
                // Assumed on: what the group rules out.
                narrowed.clear();
                narrowed.extend_from_slice(domains);
                narrowed[i] = bit(v);
                if rules.narrow_exact(g, &mut narrowed) {
                    for (j, &b) in cells.iter().enumerate() {
                        if j == i || b == a || grid[b] == 0 {
                            continue;
                        }
                        for u in symbols(domains[j] & !narrowed[j]) {
                            found.push((a, v, b, u, false));
                        }
                    }
                }
                // Assumed off: the cells it leaves one candidate.
                narrowed.clear();
                narrowed.extend_from_slice(domains);
                narrowed[i] &= !bit(v);
                if rules.narrow_exact(g, &mut narrowed) {
                    for (j, &b) in cells.iter().enumerate() {
                        if j == i || b == a || grid[b] == 0 {
                            continue;
                        }
                        if domains[j].count_ones() >= 2 && narrowed[j].count_ones() == 1 {
                            let u = narrowed[j].trailing_zeros() as u8;
                            found.push((a, v, b, u, true));
                        }
                    }
                }
            }
        }
        let found: std::sync::Arc<[GroupLink]> = found.into();
        memo.lock()
            .expect("not poisoned")
            .insert(key.into(), found.clone());
        found
    }

    /// Every forcing chain and cycle on `grid`, sorted: X ones first found,
    /// then Y, then XY (Sudoku Explainer's `getLoopHintList` thrice).
    pub(super) fn unary_hints(&self, grid: &[Mask], initial: Option<&[Mask]>) -> Vec<ChainHint> {
        let table = self.table(grid);
        let table = &*table;
        let mut out = Vec::new();
        // The X- and Y-chains follow some of the XY-chains' links: a cycle
        // of theirs stays within an XY-component too, and a chain of theirs
        // is one of the XY-chains (found exactly by its walk).
        let mut reach = self.reach.borrow_mut();
        reach.fill(table, grid, self.k);
        // A chase's worth for each walk's source (nothing in between reads
        // the budget: spent at once).
        self.spend_many(super::nested::unary_cost(grid));
        for (y, x) in [(false, true), (true, false), (true, true)] {
            for cell in 0..grid.len() {
                let card = grid[cell].count_ones();
                if card < 2 || (!x && card > 2) {
                    continue;
                }
                for v in symbols(grid[cell]) {
                    self.unary(table, grid, cell, v, (y, x), &reach, initial, &mut out);
                }
            }
        }
        sorted(out)
    }

    /// The cycles and chains from (`cell`, `v`).
    #[allow(clippy::too_many_arguments)]
    fn unary(
        &self,
        table: &Table,
        grid: &[Mask],
        cell: usize,
        v: u8,
        (y, x): (bool, bool),
        reach: &Reach,
        initial: Option<&[Mask]>,
        out: &mut Vec<ChainHint>,
    ) {
        let (technique, cycle_base, chain_base, sort_key) = match (y, x) {
            (true, true) => (Technique::XyChain, 70, 70, 4),
            (true, false) => (Technique::XyChain, 65, 66, 3),
            _ => (Technique::XChain, 65, 66, 2),
        };
        let source = self.fact(cell, v, true);
        let mut walk = self.walk.borrow_mut();
        for end in self.cycle_ends(table, &mut walk, y, x, source, reach) {
            let hint = self.cycle_hint(grid, &walk, end, technique, cycle_base, sort_key, initial);
            out.extend(hint);
        }
        if !x {
            return;
        }
        // Assumed on, it turns off; assumed off, it turns on.
        for from in [source, source ^ 1] {
            if !reach.chain(from) {
                continue;
            }
            if let Some(end) = self.forcing_end(table, &mut walk, y, from) {
                let Some(change) = self.conclusion(grid, from ^ 1) else {
                    continue;
                };
                out.push(self.hint(
                    technique,
                    chain_base,
                    sort_key,
                    &[(&*walk as &dyn Dag, end)],
                    None,
                    &|| (vec![cell], Vec::new(), vec![v]),
                    change,
                    initial,
                    grid,
                ));
            }
        }
    }

    /// The nodes where a walk from `source` comes back to it (Sudoku
    /// Explainer's `doCycles`): breadth first, a candidate turned off
    /// followed again whenever it is reached (unless it is on the path that
    /// reached it), one turned on only once.
    ///
    /// Only the facts of `source`'s component `within` (of a graph holding
    /// the walk's links) are followed: a fact on a way back to `source` is
    /// one, and the others change nothing the walk finds (their subtrees
    /// hold none of its facts, so not which node of a fact comes first).
    fn cycle_ends(
        &self,
        table: &Table,
        walk: &mut Walk,
        y: bool,
        x: bool,
        source: u32,
        within: &Reach,
    ) -> Vec<u32> {
        let component = within.component_of(source);
        let follow = |fact: u32| within.component_of(fact) == component;
        let mut ends = Vec::new();
        let (mut pending_on, mut pending_off, mut layer) = std::mem::take(&mut walk.layers);
        pending_on.clear();
        pending_off.clear();
        layer.clear();
        pending_on.push(walk.start(source));
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            std::mem::swap(&mut layer, &mut pending_on);
            for &p in &layer {
                let cv = (walk.fact(p) >> 1) as usize;
                for &(off, cause) in table.on(cv) {
                    if weak_joins(cause, y, x) && follow(off) && !walk.above(p, off) {
                        let n = walk.push(off, cause, Some(p));
                        walk.insert(n);
                        pending_off.push(n);
                    }
                }
            }
            layer.clear();
            length += 1;
            std::mem::swap(&mut layer, &mut pending_off);
            for &p in &layer {
                let cv = (walk.fact(p) >> 1) as usize;
                for &(on, cause) in table.off(cv) {
                    if !strong_joins(cause, y, x) || !follow(on) {
                        continue;
                    }
                    let n = walk.push(on, cause, Some(p));
                    if length >= 4 && on == source {
                        ends.push(n);
                    }
                    if walk.insert(n) {
                        pending_on.push(n);
                    }
                }
            }
            layer.clear();
        }
        walk.layers = (pending_on, pending_off, layer);
        ends
    }

    /// The node where a walk from `from` first reaches its opposite, each
    /// fact followed once (`doForcingChains`; the walk stops there, as
    /// nothing after can change which node reached it first).
    fn forcing_end(&self, table: &Table, walk: &mut Walk, y: bool, from: u32) -> Option<u32> {
        let (mut pending_on, mut pending_off, mut layer) = std::mem::take(&mut walk.layers);
        pending_on.clear();
        pending_off.clear();
        layer.clear();
        let end = forcing_walk(
            table,
            walk,
            y,
            from,
            [&mut pending_on, &mut pending_off, &mut layer],
        );
        walk.layers = (pending_on, pending_off, layer);
        end
    }

    /// The hint of a cycle ending at node `end`: each weak link's two ends
    /// see the candidates it removes.
    #[allow(clippy::too_many_arguments)]
    fn cycle_hint(
        &self,
        grid: &[Mask],
        walk: &Walk,
        end: u32,
        technique: Technique,
        base: u16,
        sort_key: u8,
        initial: Option<&[Mask]>,
    ) -> Option<ChainHint> {
        let path = walk.path(end);
        let linked = &path[..path.len() - 1];
        let mut cells: Vec<usize> = Vec::new();
        for &n in linked {
            let (c, _) = self.split(walk.fact(n));
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        let mut forward: Vec<(usize, u8)> = Vec::new();
        let mut back: Vec<(usize, u8)> = Vec::new();
        for &n in linked {
            let fact = walk.fact(n);
            let (c, v) = self.split(fact);
            let side = if fact & 1 == 1 {
                &mut forward
            } else {
                &mut back
            };
            for &x in &self.ladder.orders.peers[c] {
                if !cells.contains(&x) && grid[x] & bit(v) != 0 && !side.contains(&(x, v)) {
                    side.push((x, v));
                }
            }
        }
        let mut removals: Vec<(usize, Mask)> = Vec::new();
        for (c, v) in forward.into_iter().filter(|p| back.contains(p)) {
            match removals.iter_mut().find(|(x, _)| *x == c) {
                Some((_, m)) => *m |= bit(v),
                None => removals.push((c, bit(v))),
            }
        }
        if removals.is_empty() {
            return None;
        }
        let (_, v) = self.split(walk.fact(end));
        let targets = [(walk as &dyn Dag, end)];
        let mut hint = self.hint(
            technique,
            base,
            sort_key,
            &targets,
            None,
            &|| (cells.clone(), Vec::new(), vec![v]),
            (None, removals),
            initial,
            grid,
        );
        if let Some(initial) = initial {
            // The reversed cycle (Sudoku Explainer's second target): each
            // candidate turned off there is one turned on here, for the
            // same reason.
            for &n in linked {
                let fact = walk.fact(n);
                if fact & 1 == 0 {
                    let cause = walk.cause(n);
                    self.rule_parents(cause, fact, (initial, grid), &mut hint.parents);
                }
            }
            hint.key = path.iter().rev().fold(hint.key, |k, &n| {
                (k ^ u64::from(walk.fact(n) ^ 1)).rotate_left(5)
            });
        }
        Some(hint)
    }
}

/// [`Ctx::forcing_end`] in the buffers `[pending_on, pending_off, layer]`.
fn forcing_walk(
    table: &Table,
    walk: &mut Walk,
    y: bool,
    from: u32,
    [pending_on, pending_off, layer]: [&mut Vec<u32>; 3],
) -> Option<u32> {
    let target = from ^ 1;
    let root = walk.start(from);
    if from & 1 == 1 {
        pending_on.push(root);
    } else {
        pending_off.push(root);
    }
    while !pending_on.is_empty() || !pending_off.is_empty() {
        std::mem::swap(layer, pending_on);
        if let Some(end) = forcing_layer(table, walk, y, target, Table::on, layer, pending_off) {
            return Some(end);
        }
        layer.clear();
        std::mem::swap(layer, pending_off);
        if let Some(end) = forcing_layer(table, walk, y, target, Table::off, layer, pending_on) {
            return Some(end);
        }
        layer.clear();
    }
    None
}

/// One layer of [`forcing_walk`]: each fact of `layer` follows its `links`
/// (those of a candidate turned on, or off) to the facts it implies, queued
/// in `next`; the end of the walk when one reaches `target`.
fn forcing_layer(
    table: &Table,
    walk: &mut Walk,
    y: bool,
    target: u32,
    links: fn(&Table, usize) -> &[(u32, Cause)],
    layer: &[u32],
    next: &mut Vec<u32>,
) -> Option<u32> {
    for &p in layer {
        let cv = (walk.fact(p) >> 1) as usize;
        for &(fact, cause) in links(table, cv) {
            if weak_joins(cause, y, true) && reach(walk, fact, cause, p, target, next) {
                return Some(walk.steps.len() as u32 - 1);
            }
        }
    }
    None
}

/// Whether a walk through cells (`y`: Y-chains) and houses (`x`: X-chains)
/// follows a link of `cause` from a candidate turned on: a cell's own links
/// only through cells, the rules' (which join symbols and cells both) only
/// in XY-chains, the rest always.
fn weak_joins(cause: Cause, y: bool, x: bool) -> bool {
    match cause {
        Cause::Cell => y,
        Cause::Rule(_) => y && x,
        _ => true,
    }
}

/// Whether such a walk follows a link of `cause` from a candidate turned
/// off: a cell's last candidate through cells, the rules' in XY-chains
/// only, a house's last place through houses.
fn strong_joins(cause: Cause, y: bool, x: bool) -> bool {
    match cause {
        Cause::Cell => y,
        Cause::Rule(_) => y && x,
        _ => x,
    }
}

/// `fact` reached from node `p`: followed when new; true when it is `target`
/// (its node is the last one).
fn reach(
    walk: &mut Walk,
    fact: u32,
    cause: Cause,
    p: u32,
    target: u32,
    pending: &mut Vec<u32>,
) -> bool {
    if walk.known(fact) {
        return false;
    }
    let n = walk.push(fact, cause, Some(p));
    if fact == target {
        return true;
    }
    walk.insert(n);
    pending.push(n);
    false
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicI64;

    use super::*;
    use crate::{House, HouseKind, Ladder, Search, Shape};

    /// A 4×4 Sudoku's shape: rows, columns, 2×2 boxes.
    fn sudoku4() -> Shape {
        let at = |r: usize, c: usize| r * 4 + c;
        let mut houses = Vec::new();
        for i in 0..4 {
            let row = (0..4).map(|c| at(i, c)).collect();
            houses.push(House {
                cells: row,
                kind: HouseKind::Row,
            });
        }
        for i in 0..4 {
            let column = (0..4).map(|r| at(r, i)).collect();
            houses.push(House {
                cells: column,
                kind: HouseKind::Column,
            });
        }
        for b in 0..4 {
            let cells = (0..4).map(|j| at(b / 2 * 2 + j / 2, b % 2 * 2 + j % 2));
            houses.push(House {
                cells: cells.collect(),
                kind: HouseKind::Region,
            });
        }
        let mut neighbours = vec![Vec::new(); 16];
        for house in &houses {
            for &a in &house.cells {
                for &b in house.cells.iter().filter(|&&b| b != a) {
                    if !neighbours[a].contains(&b) {
                        neighbours[a].push(b);
                    }
                }
            }
        }
        Shape {
            symbols: 4,
            houses,
            neighbours,
            ..Shape::default()
        }
    }

    #[test]
    fn reach_bounds_the_forcing_walks() {
        let ladder = Ladder::new(sudoku4());
        let (budget, memo) = (
            AtomicI64::new(i64::MAX),
            super::super::nested::Memo::default(),
        );
        let ctx = Ctx::new(&ladder, &budget, &memo, &Search::default());
        // Each cell its solution's symbol and the next: bivalue cells and
        // strong links everywhere.
        let solution = [0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
        // And a naked pair in row 1 beside a cell that would break it: a
        // forcing chain from that cell's 1 to its opposite.
        let mut pair = vec![0b1111; 16];
        pair[..4].copy_from_slice(&[0b0011, 0b0011, 0b0101, 0b1100]);
        let grids: [Vec<Mask>; 3] = [
            (solution.iter())
                .map(|&s| bit(s) | bit((s + 1) % 4))
                .collect(),
            (solution.iter())
                .map(|&s| !bit((s + 2) % 4) & 0b1111)
                .collect(),
            pair,
        ];
        let mut chains = 0;
        for grid in &grids {
            let table = ctx.table(grid);
            let mut reach = Reach::default();
            reach.fill(&table, grid, 4);
            let mut walk = Walk::new(16 * 4);
            for (cell, &m) in grid.iter().enumerate() {
                for v in symbols(m) {
                    for from in [ctx.fact(cell, v, true), ctx.fact(cell, v, false)] {
                        // Exactly the XY-chains' reach; the X-chains' within it.
                        let xy = ctx.forcing_end(&table, &mut walk, true, from).is_some();
                        let x = ctx.forcing_end(&table, &mut walk, false, from).is_some();
                        assert_eq!(reach.chain(from), xy, "{cell} {v} {from}");
                        assert!(xy || !x);
                        chains += usize::from(xy);
                    }
                }
            }
        }
        assert!(chains > 0);
    }
}
