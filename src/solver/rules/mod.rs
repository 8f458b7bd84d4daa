//! Rules as propagators: the [`Propagator`] trait, the builder that maps the
//! graph's rules to propagators ([`RuleSet::new`]), and [`Ruled`], the domain
//! that runs them to a fixed point together with a store's own propagation.
//!
//! A propagator reads and narrows the candidates of the cells it watches, as
//! 128-bit masks (bit `i`: colour `i`), and is woken only when one of them
//! changed. [`Ruled`] wraps either store (bitboards or cell-major sets): it
//! runs the store's singles, hidden singles and locked candidates, then the
//! woken propagators, and again until nothing changes, so the search and the
//! stores need not know that rules exist. A graph without rules costs one test
//! per call. The house techniques are in `propagate/` (one file each, a kernel
//! per store, statically dispatched), the rules here behind `dyn Propagator`.
//!
//! Adding a rule: its schema and meaning in `crate::rules`, its check in
//! `verify`, and here one arm of [`RuleSet::new`], onto [`sum::Sum`],
//! [`pair::Pair`] or a new propagator file.

mod ends;
mod pair;
mod quadruple;
mod renban;
mod sandwich;
mod skyscraper;
mod sum;
mod xsum;

use std::sync::Arc;

use super::bits::Bits;
use super::propagate::{Depth, Houses, houses};
use super::search::{Choice, Contradiction, Domain, Store};
use crate::graph::ConstraintGraph;
use crate::rules::{Mark, Rule, unmarked_pairs};

/// The contract of a rule inside the engine.
pub(crate) trait Propagator: std::fmt::Debug + Send + Sync {
    /// The cells it reads and narrows, in the order of [`Propagator::propagate`]'s
    /// domains.
    fn cells(&self) -> &[u32];
    /// Narrows `domains` (the candidates of [`Propagator::cells`], in order) to
    /// what the rule allows; removes only values that no solution of the rule
    /// can hold there. A domain left empty, or a rule no values satisfy, is a
    /// [`Contradiction`].
    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction>;
    /// Whether it treats all symbols alike: any permutation of the colours maps
    /// what it allows onto what it allows. The interchangeable-colours symmetry
    /// of the search holds only when every propagator says so.
    fn symmetric(&self) -> bool;
    /// Whether a second [`Propagator::propagate`] right after the first never
    /// narrows more (its pruning is exact for what it sees): then its own
    /// narrowing does not wake it again.
    fn idempotent(&self) -> bool {
        false
    }
}

/// The propagators of one graph, and which of them watch each cell.
#[derive(Debug, Default)]
pub(crate) struct RuleSet {
    propagators: Vec<Box<dyn Propagator>>,
    /// The watched cells, by slot.
    watched: Vec<u32>,
    /// The slot of each cell, `u32::MAX` for cells no rule watches (empty
    /// without rules).
    slot: Vec<u32>,
    /// The propagators watching each slot.
    watchers: Vec<Vec<u32>>,
    /// The index in `graph.rules()` of the rule each propagator comes from.
    origin: Vec<u32>,
}

impl RuleSet {
    /// Compiles the rules of `graph`. Distinctness (killer cages, renban) and
    /// odd/even cells are not here: they become edges and allowed colours of
    /// the solver's shape (`shape.rs`), where the stores handle them natively.
    pub(crate) fn new(graph: &ConstraintGraph) -> Self {
        let mut set = RuleSet::default();
        let rules = graph.rules();
        if rules.is_empty() {
            return set;
        }
        let values: Arc<[i64]> = graph
            .values()
            .expect("rules are checked to have values")
            .into();
        let mut props: Vec<Box<dyn Propagator>> = Vec::new();
        // The rule being compiled, and the origin of each pair and each sum.
        let current = std::cell::Cell::new(0u32);
        let (mut pair_origin, mut sum_origin) = (Vec::new(), Vec::new());
        let mut pairs = |cells: &mut dyn Iterator<Item = (usize, usize)>,
                         allows: &dyn Fn(i64, i64) -> bool| {
            let table = Arc::new(pair::Table::new(&values, allows));
            for (a, b) in cells {
                props.push(Box::new(pair::Pair::new(a, b, table.clone())));
                pair_origin.push(current.get());
            }
        };
        let chain = |cells: &[usize]| -> Vec<(usize, usize)> {
            cells.windows(2).map(|w| (w[0], w[1])).collect()
        };
        let mut sums: Vec<Box<dyn Propagator>> = Vec::new();
        // Σ weights·values = total, repeats allowed.
        // Cells of a sum that see each other differ: the sum takes them
        // together (arrow cells in one box).
        let differ = |a: usize, b: usize| graph.adjacent(a, b);
        let linear = |cells: &[usize], weights: Vec<i64>, total: i64| -> Box<dyn Propagator> {
            Box::new(sum::Sum::new(cells, weights, total, false, values.clone()).differing(differ))
        };
        // Pairs of cells at most `reach` apart along a line.
        let near = |cells: &[usize], reach: usize| -> Vec<(usize, usize)> {
            (0..cells.len())
                .flat_map(|i| (i + 1..cells.len().min(i + reach + 1)).map(move |j| (i, j)))
                .map(|(i, j)| (cells[i], cells[j]))
                .collect()
        };
        for (index, rule) in rules.iter().enumerate() {
            current.set(index as u32);
            match rule {
                Rule::Killer { total: None, .. } | Rule::Parity { .. } => {}
                Rule::Killer {
                    cells,
                    total: Some(total),
                } => sums.push(Box::new(sum::Sum::new(
                    cells,
                    vec![1; cells.len()],
                    *total,
                    true,
                    values.clone(),
                ))),
                Rule::Cage { cells, total } => {
                    sums.push(linear(cells, vec![1; cells.len()], *total))
                }
                Rule::Arrow { circle, line } => {
                    let mut cells = circle.clone();
                    cells.extend(line);
                    let mut weights: Vec<i64> = (0..circle.len())
                        .rev()
                        .map(|p| 10i64.pow(p as u32))
                        .collect();
                    weights.extend(line.iter().map(|_| -1));
                    sums.push(linear(&cells, weights, 0));
                }
                Rule::Sum {
                    cells,
                    weights,
                    total,
                } => sums.push(linear(cells, weights.clone(), *total)),
                Rule::Thermometer(cells) => pairs(&mut chain(cells).into_iter(), &|a, b| a < b),
                Rule::SlowThermometer(cells) => {
                    pairs(&mut chain(cells).into_iter(), &|a, b| a <= b)
                }
                Rule::Difference { cells, value } => {
                    let v = *value;
                    pairs(&mut std::iter::once(*cells), &move |a, b| {
                        (a - b).abs() == v
                    })
                }
                Rule::Ratio { cells, value } => {
                    let v = *value;
                    pairs(&mut std::iter::once(*cells), &move |a, b| {
                        a == v * b || b == v * a
                    })
                }
                Rule::Xv { cells, sum } => {
                    let s = *sum;
                    pairs(&mut std::iter::once(*cells), &move |a, b| a + b == s)
                }
                Rule::Negative(mark) => {
                    let unmarked = unmarked_pairs(graph.cells(), rules, *mark);
                    let allows: &dyn Fn(i64, i64) -> bool = match mark {
                        Mark::Difference => &|a, b| (a - b).abs() != 1,
                        Mark::Ratio => &|a, b| a != 2 * b && b != 2 * a,
                        Mark::XV => &|a, b| a + b != 10 && a + b != 5,
                    };
                    pairs(&mut unmarked.into_iter(), allows)
                }
                Rule::Whispers { cells, difference } => {
                    let d = *difference;
                    pairs(&mut chain(cells).into_iter(), &move |a, b| {
                        (a - b).abs() >= d
                    })
                }
                Rule::Renban(cells) => sums.push(Box::new(renban::Renban::new(cells, &values))),
                Rule::NonConsecutive => {
                    let unmarked = unmarked_pairs(graph.cells(), rules, Mark::Difference);
                    pairs(&mut unmarked.into_iter(), &|a, b| (a - b).abs() != 1)
                }
                Rule::Relation {
                    pairs: cells,
                    allowed,
                } => {
                    let allowed: std::collections::HashSet<(i64, i64)> =
                        allowed.iter().copied().collect();
                    pairs(&mut cells.iter().copied(), &|a, b| {
                        allowed.contains(&(a, b))
                    })
                }
                Rule::LittleKiller { cells, total, .. } => {
                    sums.push(linear(cells, vec![1; cells.len()], *total))
                }
                Rule::Sandwich { cells, total, .. } => sums.push(Box::new(
                    sandwich::Sandwich::new(cells, *total, values.clone()),
                )),
                Rule::XSum { cells, total, .. } => {
                    sums.push(Box::new(xsum::XSum::new(cells, *total, values.clone())))
                }
                Rule::Skyscraper { cells, count, .. } => sums.push(Box::new(
                    skyscraper::Skyscraper::new(cells, *count as usize, values.clone()),
                )),
                Rule::Between(cells) => sums.push(Box::new(ends::Ends::new(
                    cells,
                    ends::Kind::Between,
                    values.clone(),
                ))),
                Rule::Lockout { cells, difference } => sums.push(Box::new(ends::Ends::new(
                    cells,
                    ends::Kind::Lockout(*difference),
                    values.clone(),
                ))),
                Rule::Quadruple { cells, digits } => {
                    sums.push(Box::new(quadruple::Quadruple::new(cells, digits, &values)))
                }
                Rule::Extremum { cells, minimum } => {
                    let around = (cells.iter()).flat_map(|&c| {
                        crate::rules::neighbours(graph.cells(), c)
                            .into_iter()
                            .map(move |d| (c, d))
                    });
                    let less: &dyn Fn(i64, i64) -> bool = match minimum {
                        true => &|a, b| a < b,
                        false => &|a, b| a > b,
                    };
                    pairs(&mut around.collect::<Vec<_>>().into_iter(), less)
                }
                Rule::GreaterThan { cells } => pairs(&mut std::iter::once(*cells), &|a, b| a > b),
                Rule::RegionSum { segments } => {
                    for later in &segments[1..] {
                        let mut cells = segments[0].clone();
                        cells.extend(later);
                        let mut weights = vec![1; segments[0].len()];
                        weights.extend(later.iter().map(|_| -1));
                        sums.push(linear(&cells, weights, 0));
                    }
                }
                Rule::Palindrome(cells) => {
                    let n = cells.len();
                    let mirror = (0..n / 2).map(|i| (cells[i], cells[n - 1 - i]));
                    pairs(&mut mirror.collect::<Vec<_>>().into_iter(), &|a, b| a == b)
                }
                Rule::Clone(a, b) => {
                    pairs(&mut a.iter().copied().zip(b.iter().copied()), &|a, b| {
                        a == b
                    })
                }
                Rule::Zipper(cells) => {
                    let n = cells.len();
                    for i in 0..n / 2 {
                        let (a, b) = (cells[i], cells[n - 1 - i]);
                        let against = match n % 2 {
                            1 => vec![cells[n / 2]],
                            _ if i == 0 => continue,
                            _ => vec![cells[0], cells[n - 1]],
                        };
                        let mut all = vec![a, b];
                        all.extend(&against);
                        let mut weights = vec![1, 1];
                        weights.extend(against.iter().map(|_| -1));
                        sums.push(linear(&all, weights, 0));
                    }
                }
                Rule::DoubleArrow(cells) => {
                    let n = cells.len();
                    let mut weights = vec![-1; n];
                    (weights[0], weights[n - 1]) = (1, 1);
                    sums.push(linear(cells, weights, 0));
                }
                Rule::Entropic(cells) => {
                    let mut distinct = values.to_vec();
                    distinct.sort_unstable();
                    distinct.dedup();
                    let third = |v: i64| {
                        let rank = distinct.binary_search(&v).expect("a value of the list");
                        rank * 3 / distinct.len()
                    };
                    pairs(&mut near(cells, 2).into_iter(), &|a, b| {
                        third(a) != third(b)
                    })
                }
                Rule::Modular(cells) => pairs(&mut near(cells, 2).into_iter(), &|a, b| {
                    a.rem_euclid(3) != b.rem_euclid(3)
                }),
                Rule::Nabner(cells) => pairs(&mut near(cells, cells.len()).into_iter(), &|a, b| {
                    (a - b).abs() >= 2
                }),
            }
            sum_origin.resize(sums.len(), index as u32);
        }
        // Pairs first: cheap, and they narrow what the sums enumerate.
        props.extend(sums);
        pair_origin.extend(sum_origin);
        set.origin = pair_origin;
        set.slot = vec![u32::MAX; graph.len()];
        for (p, prop) in props.iter().enumerate() {
            for &cell in prop.cells() {
                let cell = cell as usize;
                if set.slot[cell] == u32::MAX {
                    set.slot[cell] = set.watched.len() as u32;
                    set.watched.push(cell as u32);
                    set.watchers.push(Vec::new());
                }
                let watchers = &mut set.watchers[set.slot[cell] as usize];
                if watchers.last() != Some(&(p as u32)) {
                    watchers.push(p as u32);
                }
            }
        }
        set.propagators = props;
        set
    }

    /// Whether every propagator treats all symbols alike (true without rules).
    pub(crate) fn symmetric(&self) -> bool {
        self.propagators.iter().all(|p| p.symmetric())
    }

    /// The propagators compiled from rule `rule` (an index into the graph's
    /// rules), in order: what the logic engine runs alone to explain that rule.
    pub(crate) fn of_rule(&self, rule: usize) -> impl Iterator<Item = &dyn Propagator> {
        (self.propagators.iter().zip(&self.origin))
            .filter(move |&(_, &o)| o as usize == rule)
            .map(|(p, _)| p.as_ref())
    }

    /// Whether there is no propagator.
    pub(crate) fn is_empty(&self) -> bool {
        self.propagators.is_empty()
    }
}

/// A store with rules: the store's propagation and the rules' to a common fixed
/// point, the rules woken by the cells that changed since they last looked.
#[derive(Debug, Clone)]
pub(crate) struct Ruled<'s, D> {
    inner: D,
    set: &'s RuleSet,
    /// The candidates of each watched cell when the rules last saw them.
    seen: Vec<u128>,
    /// `seen` at each saved state.
    saved: Vec<u128>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    domains: Vec<u128>,
    /// The cells the store says changed since the rules last asked.
    changed: Vec<u32>,
    /// How often each propagator found a contradiction: the weight of its
    /// cells in the choice of a branch.
    failures: Vec<u32>,
}

impl<'s, D: Houses> Ruled<'s, D> {
    pub(crate) fn new(inner: D, set: &'s RuleSet) -> Self {
        Ruled {
            inner,
            set,
            seen: vec![0; set.watched.len()],
            saved: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; set.propagators.len()],
            domains: Vec::new(),
            changed: Vec::new(),
            failures: vec![0; set.propagators.len()],
        }
    }

    /// Queues the propagators watching `slot`, but `except`.
    fn wake_but(&mut self, slot: usize, except: u32) {
        for &p in &self.set.watchers[slot] {
            if p != except && !std::mem::replace(&mut self.queued[p as usize], true) {
                self.queue.push(p);
            }
        }
    }

    /// Empties the queue of propagators to run.
    fn clear_queue(&mut self) {
        for p in self.queue.drain(..) {
            self.queued[p as usize] = false;
        }
    }

    /// The house techniques (to `depth`) and the propagators, to a common
    /// fixed point.
    fn fixed_point(&mut self, depth: Depth) -> Result<(), Contradiction> {
        let set = self.set;
        self.clear_queue(); // left over from a contradiction
        loop {
            houses(&mut self.inner, depth)?;
            // Only the cells that changed, as the store tracks them, can wake
            // a propagator: no look at every watched cell. Their slots are
            // woken in slot order, as a scan of every slot would: the order
            // decides which propagator finds a contradiction first, and so
            // the failure counts that steer the branching.
            let mut changed = std::mem::take(&mut self.changed);
            changed.clear();
            self.inner.changed(&mut changed);
            changed.retain_mut(|cell| {
                *cell = set.slot[*cell as usize];
                *cell != u32::MAX
            });
            changed.sort_unstable();
            for &slot in &changed {
                let slot = slot as usize;
                let cell = set.watched[slot] as usize;
                let now = self.inner.cell_candidates(cell).wide();
                if now != self.seen[slot] {
                    self.seen[slot] = now;
                    self.wake_but(slot, u32::MAX);
                }
            }
            self.changed = changed;
            if self.queue.is_empty() {
                return Ok(());
            }
            let mut narrowed = false;
            while let Some(p) = self.queue.pop() {
                self.queued[p as usize] = false;
                let prop = &set.propagators[p as usize];
                let cells = prop.cells();
                self.domains.clear();
                let inner = &self.inner;
                (self.domains)
                    .extend((cells.iter()).map(|&c| inner.cell_candidates(c as usize).wide()));
                let result = prop.propagate(&mut self.domains);
                let again = match prop.idempotent() {
                    true => p,
                    false => u32::MAX,
                };
                if result.is_err() {
                    self.failures[p as usize] += 1;
                    self.clear_queue();
                    return Err(Contradiction);
                }
                for (i, &cell) in cells.iter().enumerate() {
                    let slot = set.slot[cell as usize] as usize;
                    let was = self.inner.cell_candidates(cell as usize).wide();
                    let now = self.domains[i] & was;
                    if now == was {
                        continue;
                    }
                    if now == 0 {
                        self.clear_queue();
                        return Err(Contradiction);
                    }
                    self.inner
                        .exclude(cell as usize, D::Set::from_wide(was & !now));
                    self.seen[slot] = now;
                    narrowed = true;
                    self.wake_but(slot, again);
                }
            }
            if !narrowed {
                return Ok(());
            }
        }
    }
}

impl<D: Houses> Domain for Ruled<'_, D> {
    fn propagate(&mut self) -> Result<(), Contradiction> {
        match self.set.is_empty() {
            true => houses(&mut self.inner, Depth::Locked),
            false => self.fixed_point(Depth::Locked),
        }
    }

    fn propagate_singles(&mut self) -> Result<(), Contradiction> {
        match self.set.is_empty() {
            true => houses(&mut self.inner, Depth::Singles),
            false => self.fixed_point(Depth::Singles),
        }
    }
}

impl<D: Houses> Store for Ruled<'_, D> {
    type Set = D::Set;

    fn reset(&mut self, givens: &[Option<u8>]) -> Result<(), Contradiction> {
        // Nothing seen: every rule looks at the root.
        self.seen.fill(0);
        self.saved.clear();
        self.inner.reset(givens)
    }

    fn choose(&mut self, salt: u64, seeking: bool) -> Choice {
        let choice = self.inner.choose(salt, seeking);
        let Choice::Branch { cell, .. } = choice else {
            return choice;
        };
        if self.set.is_empty() {
            return choice;
        }
        let set = self.set;
        let count = |c: usize| self.inner.cell_candidates(c).wide().count_ones() as u64;
        let weight = |slot: usize| -> u64 {
            1 + (set.watchers[slot].iter())
                .map(|&p| self.failures[p as usize] as u64)
                .sum::<u64>()
        };
        // dom/wdeg: fewest candidates per failure of the cell's rules.
        let (mut bk, mut bw, mut best) = match set.slot.get(cell) {
            Some(&slot) if slot != u32::MAX => (count(cell), weight(slot as usize), cell),
            _ => (count(cell), 1, cell),
        };
        // At a fixed point the rules have seen every watched cell as it is.
        for (slot, &c) in set.watched.iter().enumerate() {
            let k = self.seen[slot].count_ones() as u64;
            if k < 2 {
                continue;
            }
            let w = weight(slot);
            if k * bw < bk * w {
                (bk, bw, best) = (k, w, c as usize);
            }
        }
        match best == cell {
            true => choice,
            false => Choice::Branch {
                cell: best,
                colour: self.inner.cell_candidates(best).wide().trailing_zeros() as usize,
            },
        }
    }

    fn save(&mut self) {
        self.saved.extend_from_slice(&self.seen);
        self.inner.save();
    }

    fn restore(&mut self) {
        let at = self.saved.len() - self.seen.len();
        self.seen.copy_from_slice(&self.saved[at..]);
        self.saved.truncate(at);
        self.inner.restore();
        // The rules saw this state as it was saved.
        if !self.set.is_empty() {
            self.inner.mark();
        }
    }

    fn assign(&mut self, cell: usize, colour: usize) {
        self.inner.assign(cell, colour);
    }

    fn exclude(&mut self, cell: usize, colours: Self::Set) {
        self.inner.exclude(cell, colours);
    }

    fn cell_candidates(&self, cell: usize) -> Self::Set {
        self.inner.cell_candidates(cell)
    }

    fn solution(&self) -> Vec<u8> {
        self.inner.solution()
    }

    fn pairs(&self, out: &mut Vec<(u32, Self::Set)>) {
        self.inner.pairs(out);
    }

    fn undecided(&self) -> usize {
        self.inner.undecided()
    }

    fn locked_above(&self) -> usize {
        self.inner.locked_above()
    }

    fn mark(&mut self) {
        self.inner.mark();
    }

    fn changed(&mut self, out: &mut Vec<u32>) {
        self.inner.changed(out);
    }
}

/// Narrows each domain to the values a propagator found support for; a
/// domain left empty is a [`Contradiction`].
#[inline]
pub(super) fn narrow(domains: &mut [u128], supported: &[u128]) -> Result<(), Contradiction> {
    for (d, s) in domains.iter_mut().zip(supported) {
        *d &= s;
        if *d == 0 {
            return Err(Contradiction);
        }
    }
    Ok(())
}

/// The colours of a mask, lowest first.
#[inline]
pub(super) fn colours_of(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            c
        })
    })
}
