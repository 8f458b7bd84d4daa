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
mod line;
mod pair;
mod quadruple;
mod renban;
mod sandwich;
mod skyscraper;
pub(crate) mod sum;
mod xsum;

use std::sync::Arc;

use super::bits::Bits;
use super::learn::{self, Learning};
use super::propagate::{Depth, Houses, houses};
use super::search::{Choice, Contradiction, Domain, Store};
use crate::graph::ConstraintGraph;
use crate::rules::primitive::{self, Context, Lowered, Primitive};
use crate::solver::optimize;

/// A propagator and the index of the rule it comes from.
type Compiled = (Box<dyn Propagator>, u32);

/// What compiling a primitive reads of the graph.
struct Compiler<'a> {
    values: &'a Arc<[i64]>,
    /// Whether two cells must differ.
    differ: &'a dyn Fn(usize, usize) -> bool,
    /// The full houses a cage reasons with (none: each alone).
    houses: &'a [(u8, Vec<u32>)],
}

/// Whether `s` is a cage: a plain sum of cells that pairwise `differ`.
fn is_cage(s: &primitive::Sum, differ: &dyn Fn(usize, usize) -> bool) -> bool {
    let cells = &s.cells;
    s.is_plain()
        && (0..cells.len()).all(|i| (i + 1..cells.len()).all(|j| differ(cells[i], cells[j])))
}

impl Compiler<'_> {
    /// The propagator of a sum or a dedicated primitive (`None` for the
    /// primitives the shape holds, or no propagator has yet).
    fn compile(&self, primitive: &Primitive) -> Option<Box<dyn Propagator>> {
        let values = self.values.clone();
        Some(match primitive {
            Primitive::Sum(s) => {
                let cells = &s.cells;
                let distinct = is_cage(s, self.differ);
                let all = u128::MAX >> (128 - values.len().min(128));
                let sum = sum::Sum::new(cells, s.weights.clone(), s.total, distinct, values)
                    .differing(self.differ);
                // A cage inside a full house, with the rest of the house.
                let house = (self.houses.iter()).map(|h| &h.1).find(|h| {
                    cells.len() < h.len() && cells.iter().all(|&c| h.contains(&(c as u32)))
                });
                match house {
                    Some(house) if distinct => {
                        let rest: Vec<usize> = (house.iter())
                            .map(|&c| c as usize)
                            .filter(|c| !cells.contains(c))
                            .collect();
                        Box::new(sum.with_complement(&rest, all))
                    }
                    _ => Box::new(sum),
                }
            }
            Primitive::Run(cells) => Box::new(renban::Renban::new(cells, &values)),
            Primitive::Contains {
                cells,
                values: digits,
            } => Box::new(quadruple::Quadruple::new(cells, digits, &values)),
            Primitive::Sandwich { cells, total } => {
                Box::new(sandwich::Sandwich::new(cells, *total, values))
            }
            Primitive::XSum { cells, total } => Box::new(xsum::XSum::new(cells, *total, values)),
            Primitive::Skyscraper { cells, count } => {
                Box::new(skyscraper::Skyscraper::new(cells, *count, values))
            }
            Primitive::Ends { cells, kind } => Box::new(ends::Ends::new(cells, *kind, values)),
            Primitive::Line { cells, automaton } => {
                Box::new(line::Line::new(cells, automaton.clone()))
            }
            Primitive::Distinct(_) | Primitive::Allowed { .. } | Primitive::Pairs { .. } => {
                return None;
            }
        })
    }
}

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
    /// [`Propagator::propagate`], returning the colours every way of
    /// satisfying it over the narrowed domains places in one of its cells
    /// (its cells being pairwise different): each leaves every cell that sees
    /// all of its places. None by default.
    fn propagate_requiring(&self, domains: &mut [u128]) -> Result<u128, Contradiction> {
        self.propagate(domains).map(|()| 0)
    }
    /// How much it adds to the starting conflict score of its cell at
    /// index `at` of [`Propagator::cells`] (see `learn.rs`), over `colours`
    /// colours: by default its size.
    fn priority(&self, _colours: usize, _at: usize) -> u32 {
        self.cells().len() as u32
    }
    /// How many of its cells, from the first, wake it at every change; the
    /// others (a cage's complement in its house) only when decided, below
    /// the root. By default all of them.
    fn woken_by(&self) -> usize {
        self.cells().len()
    }
    /// Narrows `domains` to the values some way of it alone takes, with the
    /// cells of each position's mask in `apart` (bits are positions)
    /// different from it: exact supports, by a search of at most `nodes`
    /// nodes, for the logic's exact narrowing. `Some(false)` when no way is
    /// left; `None` (nothing narrowed) when it has no such search of its own
    /// or the nodes ran out. None by default.
    fn exact_ways(&self, _domains: &mut [u128], _apart: &[u64], _nodes: usize) -> Option<bool> {
        None
    }
}

/// The most cells a board may have for the branching that learns to spread
/// the blame of a conflict (see [`Learning::conflict_among`]): measured on
/// 9×9 boards only. On a big board a failed branch decides hundreds of cells
/// and a blame drawn among them is noise: the empty 64×64 with a global
/// non-consecutive rule of `tests/robust.rs` found two solutions in 4,759
/// nodes blaming the branch's cell, none in 500,000 spreading.
const SPREAD_UP_TO: usize = 81;

/// The origin of a propagator no rule of the graph wrote: an implied sum.
const IMPLIED: u32 = u32::MAX;

/// The propagators of one graph, and which of them watch each cell.
#[derive(Debug, Default)]
pub(crate) struct RuleSet {
    propagators: Vec<Box<dyn Propagator>>,
    /// The watched cells, by slot.
    watched: Vec<u32>,
    /// The slot of each cell, `u32::MAX` for cells no rule watches (empty
    /// without rules).
    slot: Vec<u32>,
    /// The slots of each propagator's cells, in the order of its cells.
    slots: Vec<Box<[u32]>>,
    /// The propagators watching each slot.
    watchers: Vec<Vec<u32>>,
    /// The implied propagators (the optimizer's sums, see `optimize.rs`),
    /// and the cages whose complement in a house holds the slot's cell
    /// ([`Propagator::woken_by`]: 6% fewer instructions on the geometric
    /// mean of the 46 killers of `rules-hard`), watching each slot: woken at
    /// the root and, below it, only when the cell is decided, as the
    /// Interactive Sudoku Solver wakes its auxiliary handlers. They only
    /// repeat what the rules imply, and woken at every change they cost
    /// more than they prune. Measured (search alone, side by side): the 42
    /// TAREK killers' median 27.6 → 12.7 ms, extreme killer 01 3.3 → 1.5 s
    /// (a third of the propagator runs for 10% fewer nodes); the 8-given
    /// little killer then `data/little-killer.ron` 0.69 → 0.81 s.
    decided_watchers: Vec<Vec<u32>>,
    /// The index in `graph.rules()` of the rule each propagator comes from,
    /// or [`IMPLIED`].
    origin: Vec<u32>,
    /// Each cell's starting conflict score, and the full houses, for the
    /// branching that learns (empty without rules).
    initial: Vec<u32>,
    houses: Vec<Vec<u32>>,
    colours: usize,
    /// Whether the branching that learns spreads the blame of a conflict
    /// over the cells its propagation decided: without sums, on boards of
    /// at most [`SPREAD_UP_TO`] cells (see [`Learning::conflict_among`]).
    spread: bool,
    /// Whether sums of cells that must differ (cages) cover half the board
    /// or more (see [`RuleSet::probes`]).
    cages: bool,
}

impl RuleSet {
    /// Compiles the rules of `graph`, lowered to primitives: a propagator per
    /// sum, pair of cells under a relation, and dedicated primitive.
    /// Distinct cells (killer cages, renban) and allowed colours (odd/even
    /// cells) are not here: they become edges and allowed colours of the
    /// solver's shape (`shape.rs`), where the stores handle them natively.
    /// With the implied sums of `optimize.rs`, and a cage inside a full
    /// house reasoning with the rest of the house.
    pub(crate) fn new(graph: &ConstraintGraph) -> Self {
        RuleSet::build(graph, true)
    }

    /// Each rule's own propagators, nothing implied: what the logic engine
    /// explains a rule's step with.
    pub(crate) fn as_written(graph: &ConstraintGraph) -> Self {
        RuleSet::build(graph, false)
    }

    fn build(graph: &ConstraintGraph, optimized: bool) -> Self {
        let mut set = RuleSet::default();
        let rules = graph.rules();
        if rules.is_empty() {
            return set;
        }
        let values: Arc<[i64]> = graph
            .values()
            .expect("rules are checked to have values")
            .into();
        let cx = Context {
            cells: graph.cells(),
            values: &values,
        };
        let lowered = primitive::lower(rules, cx);
        // Cells a primitive holds distinct, besides the graph's edges.
        let mut apart = std::collections::HashSet::new();
        for l in &lowered {
            if let Primitive::Distinct(cells) = &l.primitive {
                for (i, &a) in cells.iter().enumerate() {
                    apart.extend(cells[i + 1..].iter().map(|&b| (a.min(b), a.max(b))));
                }
            }
        }
        let differ =
            |a: usize, b: usize| graph.adjacent(a, b) || apart.contains(&(a.min(b), a.max(b)));
        // Cages: plain sums of cells that must differ, over half the board.
        let mut caged = vec![false; graph.len()];
        for l in &lowered {
            if let Primitive::Sum(s) = &l.primitive
                && is_cage(s, &differ)
            {
                s.cells.iter().for_each(|&c| caged[c] = true);
            }
        }
        set.cages = 2 * caged.iter().filter(|&&c| c).count() >= graph.len();
        let full = optimize::full_houses(graph, values.len());
        let mut lowered = lowered;
        set.spread = graph.len() <= SPREAD_UP_TO
            && !(lowered.iter()).any(|l| matches!(l.primitive, Primitive::Sum(_)));
        if optimized {
            let sums: Vec<primitive::Sum> = (lowered.iter())
                .filter_map(|l| match &l.primitive {
                    Primitive::Sum(s) => Some(s.clone()),
                    _ => None,
                })
                .collect();
            let puzzle = optimize::Puzzle {
                cells: graph.len(),
                houses: &full,
                house_sum: values.iter().sum(),
                sums: &sums,
            };
            lowered.extend(optimize::implied(puzzle).into_iter().map(|s| Lowered {
                primitive: Primitive::Sum(s),
                rule: usize::MAX,
            }));
        }
        let compiler = Compiler {
            values: &values,
            differ: &differ,
            houses: if optimized { &full } else { &[] },
        };
        // Pairs first: cheap, and they narrow what the sums enumerate.
        let (mut pairs, mut others): (Vec<Compiled>, Vec<Compiled>) = (Vec::new(), Vec::new());
        for l in &lowered {
            let origin = u32::try_from(l.rule).unwrap_or(IMPLIED);
            match &l.primitive {
                Primitive::Distinct(_) | Primitive::Allowed { .. } => {}
                Primitive::Pairs {
                    pairs: cells,
                    relation,
                } => {
                    let table = Arc::new(pair::Table::of(relation));
                    let mut seen = std::collections::HashSet::new();
                    let links: Vec<(usize, usize)> =
                        cells.iter().copied().filter(|&p| seen.insert(p)).collect();
                    // For the search, a line's links as one chain.
                    let paths = match optimized {
                        true => pair::paths(&links),
                        false => (links.iter())
                            .map(|&(a, b)| vec![a as u32, b as u32])
                            .collect(),
                    };
                    for path in paths {
                        let prop: Box<dyn Propagator> = match path[..] {
                            [a, b] => {
                                Box::new(pair::Pair::new(a as usize, b as usize, table.clone()))
                            }
                            _ => Box::new(pair::Chain::new(path, table.clone())),
                        };
                        pairs.push((prop, origin));
                    }
                }
                primitive => {
                    let prop = compiler.compile(primitive);
                    others.extend(prop.map(|p| (p, origin)));
                }
            }
        }
        pairs.extend(others);
        let (props, origin): (Vec<_>, Vec<_>) = pairs.into_iter().unzip();
        set.origin = origin;
        set.slot = vec![u32::MAX; graph.len()];
        for (p, prop) in props.iter().enumerate() {
            for (i, &cell) in prop.cells().iter().enumerate() {
                let cell = cell as usize;
                if set.slot[cell] == u32::MAX {
                    set.slot[cell] = set.watched.len() as u32;
                    set.watched.push(cell as u32);
                    set.watchers.push(Vec::new());
                    set.decided_watchers.push(Vec::new());
                }
                let slot = set.slot[cell] as usize;
                let watchers = match set.origin[p] == IMPLIED || i >= prop.woken_by() {
                    true => &mut set.decided_watchers[slot],
                    false => &mut set.watchers[slot],
                };
                if watchers.last() != Some(&(p as u32)) {
                    watchers.push(p as u32);
                }
            }
        }
        set.slots = (props.iter())
            .map(|p| p.cells().iter().map(|&c| set.slot[c as usize]).collect())
            .collect();
        set.colours = values.len();
        set.houses = full.into_iter().map(|(_, cells)| cells).collect();
        let colours = set.colours;
        let rule_priorities = (props.iter()).flat_map(|p| {
            (p.cells().iter().enumerate()).map(move |(at, &c)| (c, p.priority(colours, at)))
        });
        set.initial = learn::priorities(graph.len(), &set.houses, rule_priorities);
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

    /// Every propagator with the index in the graph's rules of the rule it
    /// comes from, in order: the logic engine's groups of rules.
    pub(crate) fn all(&self) -> impl Iterator<Item = (&dyn Propagator, usize)> {
        (self.propagators.iter().zip(&self.origin)).map(|(p, &o)| (p.as_ref(), o as usize))
    }

    /// Whether the search should probe failed literals: not on a board
    /// mostly under killer cages, where a probe's propagation costs a node's and the branching
    /// finds what probing would. Measured (search alone, find and prove
    /// unique, the 4 extreme killers with 3 rotations or transpositions each):
    /// nodes 1.01M → 0.63M (0.22M → 0.31M backtracks), 13.8 → 11.2 s in all,
    /// extreme killer 00 10.5G → 6.4G instructions; the 42 TAREK killers
    /// 0.335G → 0.328G. Other sums keep it (the 8-given little killer then
    /// `data/little-killer.ron` 5.7G → 7.4G instructions without, the arrows
    /// of `data/rules` 8.8G → 8.2G), as do thermometers (even) and renbans
    /// (7.8 → 8.7 s without).
    pub(crate) fn probes(&self) -> bool {
        !self.cages
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
    /// What `seen` held before each change since the first saved state
    /// (slot, candidates), and where each saved state starts in it: a
    /// restore undoes the changes since (a copy per state cost 16 bytes per
    /// watched cell and level, 268 MB deep in a 64×64 under a global rule).
    trail: Vec<(u32, u128)>,
    saved: Vec<usize>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    domains: Vec<u128>,
    /// The cells the store says changed since the rules last asked.
    changed: Vec<u32>,
    /// Where the conflicts are: the choice of a branch.
    learning: Learning,
    /// The places of a required colour (scratch).
    places: Vec<u32>,
    /// The undecided cells before the last branch, negation or probe, those
    /// of a failed state, and those of the first that the failed propagation
    /// decided (for [`Learning::conflict_among`]).
    before: Vec<u64>,
    after: Vec<u64>,
}

impl<'s, D: Houses> Ruled<'s, D> {
    pub(crate) fn new(inner: D, set: &'s RuleSet) -> Self {
        Ruled {
            inner,
            set,
            seen: vec![0; set.watched.len()],
            trail: Vec::new(),
            saved: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; set.propagators.len()],
            domains: Vec::new(),
            changed: Vec::new(),
            learning: Learning::new(
                set.initial.clone(),
                set.colours,
                set.houses.clone(),
                set.spread,
            ),
            places: Vec::new(),
            before: Vec::new(),
            after: Vec::new(),
        }
    }

    /// Takes `now` as the candidates seen at `slot`, undoably.
    fn see(&mut self, slot: usize, now: u128) {
        if !self.saved.is_empty() {
            self.trail.push((slot as u32, self.seen[slot]));
        }
        self.seen[slot] = now;
    }

    /// Queues the propagators watching `slot`, but `except`.
    fn wake_but(&mut self, slot: usize, except: u32) {
        let set = self.set;
        let seen = self.seen[slot];
        let decided = seen != 0 && seen & (seen - 1) == 0;
        let implied = match self.saved.is_empty() || decided {
            true => set.decided_watchers[slot].as_slice(),
            false => &[],
        };
        for &p in set.watchers[slot].iter().chain(implied) {
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
    /// fixed point: the singles and the rules first, locked candidates only
    /// once they rest (see [`Ruled::locked`]).
    fn fixed_point(&mut self, depth: Depth) -> Result<(), Contradiction> {
        let set = self.set;
        self.clear_queue(); // left over from a contradiction
        loop {
            houses(&mut self.inner, Depth::Singles)?;
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
                    self.see(slot, now);
                    self.wake_but(slot, u32::MAX);
                }
            }
            self.changed = changed;
            if self.queue.is_empty() {
                match self.locked(depth)? {
                    true => continue,
                    false => return Ok(()),
                }
            }
            let mut narrowed = false;
            while let Some(p) = self.queue.pop() {
                self.queued[p as usize] = false;
                let prop = &set.propagators[p as usize];
                let (cells, slots) = (prop.cells(), &set.slots[p as usize]);
                // The candidates as the rules last saw them: the store's, but
                // where a narrowing just decided a cell, whose neighbours the
                // store has narrowed since (a wider domain, so a weaker but
                // sound pruning until the next look at what changed).
                self.domains.clear();
                let seen = &self.seen;
                (self.domains).extend(slots.iter().map(|&slot| seen[slot as usize]));
                let result = prop.propagate_requiring(&mut self.domains);
                let again = match prop.idempotent() {
                    true => p,
                    false => u32::MAX,
                };
                let Ok(mut required) = result else {
                    self.clear_queue();
                    return Err(Contradiction);
                };
                for (i, (&cell, &slot)) in cells.iter().zip(slots.iter()).enumerate() {
                    let slot = slot as usize;
                    if self.domains[i] & self.seen[slot] == self.seen[slot] {
                        continue;
                    }
                    // Narrowed from what was seen: against what is.
                    let was = self.inner.cell_candidates(cell as usize).wide();
                    let now = self.domains[i] & was;
                    if now == was {
                        // Seen wider than it is: whoever read it (this
                        // propagator too) looks again.
                        self.see(slot, now);
                        self.wake_but(slot, u32::MAX);
                        continue;
                    }
                    if now == 0 {
                        self.clear_queue();
                        return Err(Contradiction);
                    }
                    (self.inner).exclude_from(
                        cell as usize,
                        D::Set::from_wide(was),
                        D::Set::from_wide(was & !now),
                    );
                    self.see(slot, now);
                    narrowed = true;
                    // Exact for what it saw; but a cell narrower than it saw
                    // (now below what it kept) leaves its other cells'
                    // supports stale: then it looks again too.
                    let except = match now == self.domains[i] {
                        true => again,
                        false => u32::MAX,
                    };
                    self.wake_but(slot, except);
                }
                // Colours the rule must place: gone from the cells that see
                // all their places (the changes are looked at next round).
                while required != 0 {
                    let colour = required.trailing_zeros() as usize;
                    required &= required - 1;
                    self.places.clear();
                    (self.places).extend(
                        (cells.iter().zip(&self.domains))
                            .filter(|&(_, &d)| d >> colour & 1 == 1)
                            .map(|(&c, _)| c),
                    );
                    if self.places.len() >= 2 {
                        let result = self.inner.exclude_seen_by_all(&self.places, colour);
                        match result {
                            Ok(removed) => narrowed |= removed,
                            Err(_) => {
                                self.clear_queue();
                                return Err(Contradiction);
                            }
                        }
                    }
                }
            }
            if !narrowed && !self.locked(depth)? {
                return Ok(());
            }
        }
    }

    /// Locked candidates (at [`Depth::Locked`], while enough cells are
    /// open), run when the singles and the rules rest: whether they removed
    /// a candidate. Run after every round of singles, as the store alone
    /// does, they took a third of a hard thermometer puzzle's time; run last,
    /// the same fixed point costs 4% fewer instructions a state over the 50
    /// puzzles of `rules-hard` and `data/rules` past 1,000 nodes, and the
    /// branching, which learns from where the contradictions are found, takes
    /// 4% fewer states (callgrind, `check -j 1`; hard thermometers 5,354 →
    /// 2,320 M, renbans 16,215 → 8,815 M). Hidden singles run last too, or a
    /// rule's required colours excluded only then, cost more (`rules-hard`
    /// 30,467 → 33,490 and 33,311 M).
    fn locked(&mut self, depth: Depth) -> Result<bool, Contradiction> {
        Ok(depth == Depth::Locked
            && self.inner.undecided() > self.inner.locked_above()
            && self.inner.locked_candidates()?)
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
        self.trail.clear();
        self.saved.clear();
        self.inner.reset(givens)
    }

    fn choose(&mut self, salt: u64, seeking: bool) -> Choice {
        if self.set.is_empty() {
            return self.inner.choose(salt, seeking);
        }
        let inner = &self.inner;
        match self.learning.choose(|out| inner.every_candidates(out)) {
            Some((cell, colour)) => Choice::Branch { cell, colour },
            None => self.inner.choose(salt, seeking),
        }
    }

    fn conflict(&mut self, cell: usize, colour: usize) {
        if self.set.is_empty() {
            return;
        }
        match self.learning.spreads() {
            true => {
                self.inner.undecided_cells(&mut self.after);
                // The cells undecided before and not now, but the branch's.
                for (now, was) in self.after.iter_mut().zip(&self.before) {
                    *now = was & !*now;
                }
                if let Some(word) = self.after.get_mut(cell / 64) {
                    *word &= !(1 << (cell % 64));
                }
                (self.learning).conflict_among(cell, colour, &self.after);
            }
            false => self.learning.conflict(cell, colour),
        }
    }

    fn deciding(&mut self) {
        if !self.set.is_empty() && self.learning.spreads() {
            self.inner.undecided_cells(&mut self.before);
        }
    }

    fn forget(&mut self) {
        self.learning.forget();
    }

    fn save(&mut self) {
        self.saved.push(self.trail.len());
        self.inner.save();
    }

    fn restore(&mut self) {
        let at = self.saved.pop().expect("a saved state");
        for (slot, was) in self.trail.drain(at..).rev() {
            self.seen[slot as usize] = was;
        }
        self.inner.restore();
        // The rules saw this state as it was saved.
        if !self.set.is_empty() {
            self.inner.mark();
        }
    }

    fn assign(&mut self, cell: usize, colour: usize) {
        self.learning.reached(true);
        self.inner.assign(cell, colour);
    }

    fn exclude(&mut self, cell: usize, colours: Self::Set) {
        self.learning.reached(false);
        self.inner.exclude(cell, colours);
    }

    fn exclude_seen_by_all(&mut self, cells: &[u32], colour: usize) -> Result<bool, Contradiction> {
        self.inner.exclude_seen_by_all(cells, colour)
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

    fn undecided_cells(&self, out: &mut Vec<u64>) {
        self.inner.undecided_cells(out);
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

/// The most cells a propagator's own search for its ways takes
/// ([`Propagator::exact_ways`]).
const WAYS_CELLS_MAX: usize = 64;

/// Exact supports from a search for one way at a time: for each colour of
/// each of `domains` that no way found so far holds, `way_with(i, c, way)`
/// looks for a way giving cell `i` the colour `c` (a bit), writing it into
/// `way`; every way found adds its colours to `supported`. `None` as soon as
/// a search says so (its nodes ran out).
fn support_by_ways(
    domains: &[u128],
    supported: &mut [u128],
    mut way_with: impl FnMut(usize, u128, &mut [u128]) -> Option<bool>,
) -> Option<()> {
    let n = domains.len();
    let mut way = [0u128; WAYS_CELLS_MAX];
    for i in 0..n {
        let mut rest = domains[i] & !supported[i];
        while rest != 0 {
            let c = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if supported[i] & c == 0 && way_with(i, c, &mut way[..n])? {
                for (s, &v) in supported.iter_mut().zip(&way[..n]) {
                    *s |= v;
                }
            }
        }
    }
    Some(())
}

/// Checks a propagator's own search for its ways against `expected`, each
/// cell's values over every way by brute force (one left empty: no way);
/// whether the search narrowed `domains`.
#[cfg(test)]
fn ways_agree(p: &dyn Propagator, domains: &[u128], apart: &[u64], expected: &[u128]) -> bool {
    let mut got = domains.to_vec();
    let ok = p
        .exact_ways(&mut got, apart, usize::MAX)
        .expect("unbounded");
    match expected.contains(&0) {
        true => {
            assert!(!ok, "{domains:?} has no way");
            false
        }
        false => {
            assert!(ok, "{domains:?} has a way");
            assert_eq!(got, expected, "{domains:?}");
            got != domains
        }
    }
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
