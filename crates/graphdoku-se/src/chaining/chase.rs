// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Part of graphdoku-se, a Rust port of SukakuExplainer's rating algorithms,
// licensed under the GNU Lesser General Public License, version 2.1 or (at
// your option) any later version; see this crate's LICENSE file and lib.rs.

//! One assumption followed (Sudoku Explainer's `doChaining`): the candidates
//! it turns on and off, each with the facts it follows from.
//!
//! A *fact* is a candidate on or off: `2 × (cell × k + symbol) + on`. A
//! candidate on turns off the cell's other candidates and the symbol in every
//! neighbour (houses first: boxes, rows, columns, then the other edges); a
//! candidate off turns another on when it leaves a cell two candidates, or a
//! symbol two places in a full house. A dynamic chase also takes each
//! candidate turned off out of its grid, so that later singles see it gone,
//! and records, for each single, the earlier removals it rests on. Facts are
//! followed breadth first, every "on" before the next "off", as Sudoku
//! Explainer does: the parents a fact records, and so a chain's length,
//! depend on that order.

use std::collections::VecDeque;

use super::super::{Mask, Rules, bit, group_domains, house_places, symbols};
use super::cycles::Table;
use super::{Config, Ctx, Nested};

/// Why a fact follows from its parents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cause {
    /// The assumption itself.
    Assumed,
    /// A cell's other candidate, or its last one.
    Cell,
    /// A symbol's other place in a house, or its last one (the house).
    House(u32),
    /// A neighbour outside the full houses (a knight's move, a cage).
    Edge,
    /// A nested technique removed it.
    Advanced,
    /// A group of rules on values ([`crate::Rules`]) narrowed it.
    Rule(u32),
}

/// Facts linked to the facts they follow from.
pub(super) trait Dag {
    fn fact(&self, n: u32) -> u32;
    fn cause(&self, n: u32) -> Cause;
    fn parents(&self, n: u32) -> &[u32];
    fn nested(&self, n: u32) -> Option<Nested>;
    /// Itself as a chase, if it is one (for static calls where it counts).
    fn as_chase(&self) -> Option<&Chase> {
        None
    }
}

/// A derived fact (small: a chase makes many).
#[derive(Debug, Clone)]
pub(super) struct Node {
    pub fact: u32,
    pub cause: Cause,
    /// Its parents, from here in [`Chase::parents`] to the next node's
    /// start (nodes and their parents are pushed together).
    start: u32,
}

/// The facts one assumption leads to.
pub(super) struct Chase {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// The nested hints that removed candidates, by node (few: kept apart
    /// to keep the nodes small).
    nested: Vec<(u32, Nested)>,
    /// Node of each fact (index + 1; 0: not derived): a candidate's on and
    /// off side by side. Only while it is chased (see [`Chase::attach`]):
    /// one array per depth of chases, warm in the cache, rather than one
    /// per chase; empty otherwise, when `facts` and the lists tell.
    node: Vec<u32>,
    /// The nodes turned on and off, in order.
    pub ons: Vec<u32>,
    pub offs: Vec<u32>,
    /// The facts derived, a bit each: what several chases share is their
    /// sets' intersection.
    pub facts: Vec<u64>,
}

/// A contradiction: the same candidate both on (first) and off (second).
pub(super) type Absurd = (u32, u32);

impl Dag for Chase {
    fn fact(&self, n: u32) -> u32 {
        self.nodes[n as usize].fact
    }
    fn cause(&self, n: u32) -> Cause {
        self.nodes[n as usize].cause
    }
    fn parents(&self, n: u32) -> &[u32] {
        let start = self.nodes[n as usize].start as usize;
        let end = (self.nodes.get(n as usize + 1)).map_or(self.parents.len(), |x| x.start as usize);
        &self.parents[start..end]
    }
    fn nested(&self, n: u32) -> Option<Nested> {
        if self.nodes[n as usize].cause != Cause::Advanced {
            return None;
        }
        (self.nested.iter()).find_map(|&(m, nested)| (m == n).then_some(nested))
    }
    fn as_chase(&self) -> Option<&Chase> {
        Some(self)
    }
}

impl Chase {
    pub(super) fn new(cells: usize, k: usize) -> Self {
        Chase {
            nodes: Vec::with_capacity(cells * k / 2),
            parents: Vec::with_capacity(cells * k),
            nested: Vec::new(),
            node: Vec::new(),
            ons: Vec::new(),
            offs: Vec::new(),
            facts: vec![0; (2 * cells * k).div_ceil(64)],
        }
    }

    /// Empties it for another assumption (its buffers kept).
    pub(super) fn reset(&mut self) {
        debug_assert!(self.node.is_empty());
        self.nodes.clear();
        self.parents.clear();
        self.nested.clear();
        self.ons.clear();
        self.offs.clear();
        self.facts.iter_mut().for_each(|w| *w = 0);
    }

    /// A new node (not yet in the on or off sets).
    pub(super) fn push(&mut self, fact: u32, cause: Cause, parents: &[u32]) -> u32 {
        self.nodes.push(Node {
            fact,
            cause,
            start: self.parents.len() as u32,
        });
        // Most facts have one parent: a push, not a copy of a slice.
        match *parents {
            [p] => self.parents.push(p),
            _ => self.parents.extend_from_slice(parents),
        }
        self.nodes.len() as u32 - 1
    }

    /// Records the nested hint that removed node `n`'s candidate.
    pub(super) fn set_nested(&mut self, n: u32, nested: Option<Nested>) {
        if let Some(nested) = nested {
            self.nested.push((n, nested));
        }
    }

    /// The node turning candidate `cv` (`cell × k + symbol`) off, if derived.
    pub(super) fn off_node(&self, cv: usize) -> Option<u32> {
        self.node_of(2 * cv as u32)
    }

    /// Whether `fact` is derived and its opposite not: deriving it again
    /// would do nothing (false in an empty chase, made for no cells).
    pub(super) fn settled(&self, fact: u32) -> bool {
        self.node_of(fact).is_some() && self.node_of(fact ^ 1).is_none()
    }

    /// The node of `fact` in its set (on or off), if derived.
    pub(super) fn node_of(&self, fact: u32) -> Option<u32> {
        if let Some(&n) = self.node.get(fact as usize) {
            return n.checked_sub(1);
        }
        // Not chased now: found in its list (rare, for facts several
        // chases share).
        let word = self.facts.get(fact as usize / 64)?;
        if word >> (fact % 64) & 1 == 0 {
            return None;
        }
        let list = if fact & 1 == 1 { &self.ons } else { &self.offs };
        (list.iter().copied()).find(|&n| self.nodes[n as usize].fact == fact)
    }

    /// Gives it `node` (all zero, one per fact) for a chase.
    pub(super) fn attach(&mut self, mut node: Vec<u32>) {
        for &n in self.ons.iter().chain(&self.offs) {
            node[self.nodes[n as usize].fact as usize] = n + 1;
        }
        self.node = node;
    }

    /// Takes its node array back after a chase, all zero again.
    pub(super) fn detach(&mut self) -> Vec<u32> {
        let mut node = std::mem::take(&mut self.node);
        for &n in self.ons.iter().chain(&self.offs) {
            node[self.nodes[n as usize].fact as usize] = 0;
        }
        node
    }

    /// `fact` derived for `cause` from `parents`: the contradiction when its
    /// opposite is derived already, else a new node for it (queued on
    /// `pending`) unless it is derived already.
    fn derive(
        &mut self,
        fact: u32,
        cause: Cause,
        parents: &[u32],
        pending: &mut VecDeque<u32>,
    ) -> Option<Absurd> {
        // Only while chased: its node array is there.
        if let Some(opposite) = self.node[fact as usize ^ 1].checked_sub(1) {
            let n = self.push(fact, cause, parents);
            return Some(if fact & 1 == 1 {
                (n, opposite)
            } else {
                (opposite, n)
            });
        }
        if self.node[fact as usize] == 0 {
            let n = self.push(fact, cause, parents);
            self.set(fact, n);
            pending.push_back(n);
        }
        None
    }

    /// Adds node `n` to its set (on or off) unless one is there; true if added.
    pub(super) fn insert(&mut self, n: u32) -> bool {
        let fact = self.nodes[n as usize].fact;
        if self.node_of(fact).is_some() {
            return false;
        }
        self.set(fact, n);
        true
    }

    /// Makes node `n` the one of `fact`, not yet derived.
    fn set(&mut self, fact: u32, n: u32) {
        if let Some(slot) = self.node.get_mut(fact as usize) {
            *slot = n + 1;
        }
        if fact & 1 == 1 {
            self.ons.push(n);
        } else {
            self.offs.push(n);
        }
        self.facts[fact as usize / 64] |= 1 << (fact % 64);
    }
}

/// The facts seen in a walk up a chain ([`Ancestors::walk`]), and its two
/// layers, kept for the next walk.
pub(super) struct Ancestors {
    seen: Seen,
    todo: Vec<u32>,
    next: Vec<u32>,
}

impl Ancestors {
    /// For chains over `facts` facts.
    pub(super) fn new(facts: usize) -> Self {
        Ancestors {
            seen: Seen::new(facts),
            todo: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Counts the distinct facts behind node `n` (itself included), as
    /// Sudoku Explainer's `getAncestorCount` does, and calls `each` on each
    /// node it reaches first for its fact, breadth first.
    pub(super) fn walk<D: Dag + ?Sized>(
        &mut self,
        dag: &D,
        n: u32,
        mut each: impl FnMut(u32),
    ) -> usize {
        let Ancestors { seen, todo, next } = self;
        seen.next();
        let mut count = 0;
        todo.clear();
        todo.push(n);
        while !todo.is_empty() {
            for &p in todo.iter() {
                if seen.mark(dag.fact(p) as usize) {
                    count += 1;
                    each(p);
                    // Most facts have one parent: a push, not a copy.
                    match *dag.parents(p) {
                        [q] => next.push(q),
                        ref parents => next.extend_from_slice(parents),
                    }
                }
            }
            std::mem::swap(todo, next);
            next.clear();
        }
        count
    }
}

/// The space one chase works in, kept for the next.
#[derive(Default)]
pub(super) struct Scratch {
    /// The grid the last chase started from, and its [`house_places`].
    grid: Vec<Mask>,
    grid_places: Vec<u64>,
    /// The chase's grid and its house places (between chases, those of
    /// `grid`).
    cand: Vec<Mask>,
    places: Vec<u64>,
    /// The candidates the chase removed from `cand`.
    removed: Vec<(u32, u8)>,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    ons: Vec<(u32, Cause, std::ops::Range<usize>)>,
    hidden: Vec<u32>,
    parents: Vec<u32>,
    /// The node array of the chase under way ([`Chase::attach`]).
    node: Vec<u32>,
}

/// Marks over the facts (or cells), cleared in O(1) between uses.
pub(super) struct Seen {
    stamp: Vec<u32>,
    now: u32,
}

impl Seen {
    pub(super) fn new(size: usize) -> Self {
        Seen {
            stamp: vec![0; size],
            now: 0,
        }
    }

    pub(super) fn next(&mut self) {
        self.now += 1;
        if self.now == u32::MAX {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
    }

    /// Whether `i` is not marked.
    pub(super) fn is_new(&self, i: usize) -> bool {
        self.stamp[i] != self.now
    }

    /// Marks `i`; true when it was not marked.
    pub(super) fn mark(&mut self, i: usize) -> bool {
        if self.stamp[i] == self.now {
            return false;
        }
        self.stamp[i] = self.now;
        true
    }
}

impl Ctx<'_> {
    /// The candidates turned off when (`cell`, `v`) turns on: (fact,
    /// cause), in Sudoku Explainer's order. `cell_links` adds the cell's
    /// other candidates.
    pub(super) fn on_to_off(
        &self,
        grid: &[Mask],
        cell: usize,
        v: u8,
        cell_links: bool,
        out: &mut Vec<(u32, Cause)>,
    ) {
        out.clear();
        if cell_links {
            for w in symbols(grid[cell] & !bit(v)) {
                out.push((self.fact(cell, w, false), Cause::Cell));
            }
        }
        let b = bit(v);
        for &(x, h) in &self.ladder.orders.links[cell] {
            if grid[x] & b != 0 {
                let cause = if h == u32::MAX {
                    Cause::Edge
                } else {
                    Cause::House(h)
                };
                out.push((self.fact(x, v, false), cause));
            }
        }
    }

    /// The candidates a removal of (`cell`, `v`) turns on (its cell's last
    /// one, the symbol's last place in a house), on `grid` before the
    /// removal (`places`: its [`house_places`]): (fact, cause), and into
    /// `hidden` (one list per fact, as a range) the removals since `source`
    /// (`source_places`) each also rests on. Those `chase` has settled
    /// already are left out (most are, and deriving them again does
    /// nothing).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn off_to_on(
        &self,
        chase: &Chase,
        grid: &[Mask],
        source: &[Mask],
        (places, source_places): (&[u64], &[u64]),
        cell: usize,
        v: u8,
        cell_links: bool,
        out: &mut Vec<(u32, Cause, std::ops::Range<usize>)>,
        hidden: &mut Vec<u32>,
    ) {
        out.clear();
        hidden.clear();
        let k = self.k;
        if cell_links && grid[cell].count_ones() == 2 {
            let w = (grid[cell] & !bit(v)).trailing_zeros() as u8;
            let fact = self.fact(cell, w, true);
            if !chase.settled(fact) {
                let from = hidden.len();
                for u in symbols(source[cell] & !grid[cell]) {
                    hidden.extend(chase.off_node(cell * k + u as usize));
                }
                out.push((fact, Cause::Cell, from..hidden.len()));
            }
        }
        let houses = &self.ladder.houses;
        let orders = &self.ladder.orders;
        for (&h, &at) in orders.regions[cell].iter().zip(&orders.positions[cell]) {
            let hv = h * k + v as usize;
            let others = places[hv] & !(1u64 << at);
            if others.count_ones() != 1 {
                continue;
            }
            let cells = &houses[h].cells;
            let fact = self.fact(cells[others.trailing_zeros() as usize], v, true);
            if chase.settled(fact) {
                continue;
            }
            let from = hidden.len();
            let mut gone = source_places[hv] & !places[hv];
            while gone != 0 {
                let y = cells[gone.trailing_zeros() as usize];
                gone &= gone - 1;
                hidden.extend(chase.off_node(y * k + v as usize));
            }
            out.push((fact, Cause::House(h as u32), from..hidden.len()));
        }
    }

    /// Follows the facts pending in `chase` (its assumption) on `grid`
    /// (Sudoku Explainer's `doChaining`): `Some` at the first contradiction.
    pub(super) fn chase(&self, config: Config, grid: &[Mask], chase: &mut Chase) -> Option<Absurd> {
        // A chase's scratch space, from a stack (chases nest in chases).
        let mut scratch = self.scratch.borrow_mut().pop().unwrap_or_default();
        self.attach(chase, &mut scratch);
        let absurd = self.chase_in(config, grid, chase, &mut scratch);
        scratch.node = chase.detach();
        self.scratch.borrow_mut().push(scratch);
        absurd
    }

    /// Gives `chase` the node array of `s` for a chase.
    fn attach(&self, chase: &mut Chase, s: &mut Scratch) {
        let size = 2 * self.ladder.cells * self.k;
        if s.node.len() != size {
            s.node = vec![0; size];
        }
        chase.attach(std::mem::take(&mut s.node));
    }

    /// [`Ctx::chase`] in `s`.
    fn chase_in(
        &self,
        config: Config,
        grid: &[Mask],
        chase: &mut Chase,
        s: &mut Scratch,
    ) -> Option<Absurd> {
        self.spend();
        if s.grid != grid {
            s.grid.clear();
            s.grid.extend_from_slice(grid);
            s.grid_places = house_places(self.ladder, grid);
            s.cand.clone_from(&s.grid);
            s.places.clone_from(&s.grid_places);
        }
        let absurd = self.follow(config, grid, chase, s);
        // Back to the start grid for the next chase from it: only the
        // removals changed it.
        let (k, orders) = (self.k, &self.ladder.orders);
        for &(cell, v) in &s.removed {
            s.cand[cell as usize] |= bit(v);
            let at = orders.regions[cell as usize]
                .iter()
                .zip(&orders.positions[cell as usize]);
            for (&h, &at) in at {
                s.places[h * k + v as usize] |= 1u64 << at;
            }
        }
        s.removed.clear();
        absurd
    }

    /// [`Ctx::chase_in`] from `s.cand` and `s.places` (the start grid
    /// `grid` and its places): the candidates a dynamic chase removes from
    /// them go into `s.removed`.
    fn follow(
        &self,
        config: Config,
        grid: &[Mask],
        chase: &mut Chase,
        s: &mut Scratch,
    ) -> Option<Absurd> {
        let k = self.k;
        let Scratch {
            cand,
            places,
            grid_places,
            pending_on,
            pending_off,
            ons,
            hidden,
            parents,
            removed,
            ..
        } = s;
        pending_on.clear();
        pending_on.extend(chase.ons.iter().copied());
        pending_off.clear();
        pending_off.extend(chase.offs.iter().copied());
        let cell_links = !config.nishio;
        let orders = &self.ladder.orders;
        loop {
            if let Some(p) = pending_on.pop_front() {
                let (cell, v) = self.split(chase.fact(p));
                // [`Ctx::on_to_off`], each derived as it comes (deriving
                // changes nothing in `cand`).
                let b = bit(v);
                if cell_links {
                    for w in symbols(cand[cell] & !b) {
                        let off = self.fact(cell, w, false);
                        if let Some(absurd) = chase.derive(off, Cause::Cell, &[p], pending_off) {
                            return Some(absurd);
                        }
                    }
                }
                // The links in order: each house's places (`places`
                // mirrors `cand`), then the other edges.
                for (&h, &fresh) in orders.regions[cell].iter().zip(&orders.fresh[cell]) {
                    let mut at = places[h * k + v as usize] & fresh;
                    while at != 0 {
                        let x = self.ladder.houses[h].cells[at.trailing_zeros() as usize];
                        at &= at - 1;
                        let off = self.fact(x, v, false);
                        let cause = Cause::House(h as u32);
                        if let Some(absurd) = chase.derive(off, cause, &[p], pending_off) {
                            return Some(absurd);
                        }
                    }
                }
                for &x in orders.edges[cell].iter().filter(|&&x| cand[x] & b != 0) {
                    let off = self.fact(x, v, false);
                    if let Some(absurd) = chase.derive(off, Cause::Edge, &[p], pending_off) {
                        return Some(absurd);
                    }
                }
                if let Some(rules) = self.rules.filter(|_| !config.nishio) {
                    let absurd = self.rule_consequences(rules, chase, cand, grid, p, pending_off);
                    if absurd.is_some() {
                        return absurd;
                    }
                }
                continue;
            }
            if let Some(p) = pending_off.pop_front() {
                let (cell, v) = self.split(chase.fact(p));
                self.off_to_on(
                    chase,
                    cand,
                    grid,
                    (places, grid_places),
                    cell,
                    v,
                    cell_links,
                    ons,
                    hidden,
                );
                if config.dynamic && cand[cell] & bit(v) != 0 {
                    cand[cell] &= !bit(v);
                    for (&h, &at) in orders.regions[cell].iter().zip(&orders.positions[cell]) {
                        places[h * k + v as usize] &= !(1u64 << at);
                    }
                    removed.push((cell as u32, v));
                }
                for (on, cause, range) in ons.drain(..) {
                    parents.clear();
                    parents.push(p);
                    parents.extend_from_slice(&hidden[range]);
                    if let Some(absurd) = chase.derive(on, cause, parents, pending_on) {
                        return Some(absurd);
                    }
                }
                if config.dynamic
                    && let Some(rules) = self.rules.filter(|_| !config.nishio)
                {
                    let absurd = self.rule_consequences(rules, chase, cand, grid, p, pending_off);
                    if absurd.is_some() {
                        return absurd;
                    }
                }
                continue;
            }
            if config.level == 0 || self.exhausted() {
                return None;
            }
            let mut added = false;
            for advanced in self.advanced(config, cand, grid).iter() {
                let cv = advanced.cell * k + advanced.v as usize;
                if chase.off_node(cv).is_some() {
                    continue;
                }
                parents.clear();
                parents.extend(
                    (advanced.parents.iter())
                        .filter_map(|&(c, u)| chase.off_node(c * k + u as usize)),
                );
                let fact = self.fact(advanced.cell, advanced.v, false);
                let n = chase.push(fact, Cause::Advanced, parents);
                chase.set_nested(n, advanced.nested);
                chase.insert(n);
                pending_off.push_back(n);
                added = true;
            }
            if !added {
                return None;
            }
        }
    }

    /// What the groups of rules reading the cell of fact `p` remove from
    /// `cand` (a dynamic chase's grid, started on `source`) once `p` holds:
    /// each removal derived as a fact off, resting on `p` and on the
    /// removals in the group's cells since `source`; a group no values
    /// satisfy derives `p`'s opposite. `Some` at the first contradiction.
    fn rule_consequences(
        &self,
        rules: &dyn Rules,
        chase: &mut Chase,
        cand: &[Mask],
        source: &[Mask],
        p: u32,
        pending_off: &mut VecDeque<u32>,
    ) -> Option<Absurd> {
        let k = self.k;
        let fact = chase.fact(p);
        let (cell, v) = self.split(fact);
        let mut scratch = self.rule_scratch.borrow_mut();
        let (domains, before, parents) = &mut *scratch;
        for &g in rules.groups_of(cell) {
            let cells = rules.cells(g);
            group_domains(rules, cand, g, domains);
            if fact & 1 == 1 {
                // The cell's other candidates go by the cell's own links.
                for (d, &c) in domains.iter_mut().zip(cells) {
                    if c == cell {
                        *d &= bit(v);
                    }
                }
            }
            before.clone_from(domains);
            let ok = rules.narrow_exact(g, domains);
            if ok && domains.iter().zip(before.iter()).all(|(a, b)| a & b == *b) {
                continue;
            }
            parents.clear();
            parents.push(p);
            for &c in cells {
                for u in symbols(source[c] & !cand[c]) {
                    parents.extend(chase.off_node(c * k + u as usize));
                }
            }
            if !ok {
                let absurd = chase.derive(fact ^ 1, Cause::Rule(g), parents, pending_off);
                if absurd.is_some() {
                    return absurd;
                }
                continue;
            }
            for (i, &c) in cells.iter().enumerate() {
                if cand[c] == 0 {
                    continue;
                }
                for u in symbols(before[i] & !domains[i]) {
                    let off = self.fact(c, u, false);
                    if let Some(absurd) = chase.derive(off, Cause::Rule(g), parents, pending_off) {
                        return Some(absurd);
                    }
                }
            }
        }
        None
    }

    /// [`Ctx::chase`] on the board's own links (a static producer: the grid
    /// does not change, so its links come from `table`).
    pub(super) fn chase_static(&self, table: &Table, chase: &mut Chase) -> Option<Absurd> {
        self.spend();
        // The queues of a chase's scratch space, not new ones each time.
        let mut scratch = self.scratch.borrow_mut().pop().unwrap_or_default();
        self.attach(chase, &mut scratch);
        let Scratch {
            pending_on,
            pending_off,
            ..
        } = &mut scratch;
        pending_on.clear();
        pending_on.extend(chase.ons.iter().copied());
        pending_off.clear();
        pending_off.extend(chase.offs.iter().copied());
        let absurd = 'chase: loop {
            if let Some(p) = pending_on.pop_front() {
                let cv = (chase.fact(p) >> 1) as usize;
                for &(off, cause) in table.on(cv) {
                    if let Some(absurd) = chase.derive(off, cause, &[p], pending_off) {
                        break 'chase Some(absurd);
                    }
                }
                continue;
            }
            let Some(p) = pending_off.pop_front() else {
                break None;
            };
            let cv = (chase.fact(p) >> 1) as usize;
            for &(on, cause) in table.off(cv) {
                if let Some(absurd) = chase.derive(on, cause, &[p], pending_on) {
                    break 'chase Some(absurd);
                }
            }
        };
        scratch.node = chase.detach();
        self.scratch.borrow_mut().push(scratch);
        absurd
    }
}
