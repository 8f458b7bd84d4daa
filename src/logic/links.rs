//! Links from every rule: the rules on values, and the sums the houses imply
//! with them (innies and outies), as groups of cells whose candidates their
//! propagators narrow. Sudoku Explainer's chains and forcing chains follow
//! them besides the houses and edges (`graphdoku_se::Rules`), so a chain can
//! pass through a cage, a dot or a thermometer; the rule steps run them alone.
//!
//! A group is one rule's propagators (the solver's, as written: nothing
//! implied), one pair of a rule made of independent pairs over the grid
//! (non-consecutive, negative constraints, the generic relation), or one
//! implied sum. Narrowing a group runs its propagators to their common fixed
//! point, so it removes only what no solution of the group allows: every link
//! it makes holds in every solution.

use std::sync::Arc;

use crate::graph::ConstraintGraph;
use crate::rules::Rule;
use crate::rules::primitive::{self, Context, Primitive};
use crate::solver::optimize;
use crate::solver::rules::{Propagator, RuleSet, sum};

/// Where a group comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Origin {
    /// A rule of the graph (an index into [`ConstraintGraph::rules`]).
    Rule(usize),
    /// A sum the houses and the plain sums imply (an index into
    /// [`Groups::implied`]).
    Implied(usize),
}

/// One group: its cells, and its propagators with the positions of their
/// cells among the group's.
#[derive(Debug, Clone)]
pub(crate) struct Group {
    pub(crate) cells: Vec<usize>,
    /// (propagator, the position in `cells` of each of its cells).
    props: Vec<(u32, Vec<u32>)>,
    pub(crate) origin: Origin,
    /// The positions of cells that must differ (they share a house, or an
    /// edge): the group's cells are not only its rule's.
    pub(crate) apart: Vec<(u32, u32)>,
}

/// Every group of a graph, and the groups of each cell.
#[derive(Debug, Clone, Default)]
pub(crate) struct Groups {
    pub(crate) groups: Vec<Group>,
    // Read by the chains (the `se` feature) only, as the memo below.
    #[cfg_attr(not(feature = "se"), allow(dead_code))]
    of_cell: Vec<Vec<u32>>,
    /// The implied sums, with their propagators (numbered after the rule
    /// set's).
    pub(crate) implied: Arc<[Implied]>,
    /// How many propagators the rule set has.
    written: usize,
}

/// A sum the houses imply, and its propagator.
#[derive(Debug)]
pub(crate) struct Implied {
    pub(crate) sum: primitive::Sum,
    prop: Box<dyn Propagator>,
}

/// The most cells a relation may have to be read as one group.
const RELATION_GROUP_MAX: usize = 9;

impl Groups {
    /// The groups of `graph`'s rules (compiled in `rules`) and of the sums
    /// its full houses imply with them; `differ` says which cells must differ.
    pub(crate) fn new(
        graph: &ConstraintGraph,
        rules: &RuleSet,
        differ: &dyn Fn(usize, usize) -> bool,
    ) -> Self {
        let mut groups = Vec::new();
        let all: Vec<(&dyn Propagator, usize)> = rules.all().collect();
        let mut by_rule: Vec<Vec<u32>> = vec![Vec::new(); graph.rules().len()];
        for (p, &(_, rule)) in all.iter().enumerate() {
            by_rule[rule].push(p as u32);
        }
        for (index, props) in by_rule.iter().enumerate() {
            // Rules over the whole grid read piece by piece (a pair, a 2×2
            // square); a relation over a few cells (a line of pairs) as one
            // group, as a cage is.
            let pairwise = match &graph.rules()[index] {
                Rule::NonConsecutive
                | Rule::Negative(_)
                | Rule::GlobalEntropy(_)
                | Rule::GlobalModular(_)
                | Rule::AntiTaxicab(_)
                | Rule::Indexing { .. } => true,
                rule @ Rule::Relation { .. } => rule.cells().len() > RELATION_GROUP_MAX,
                _ => false,
            };
            let chunks: Vec<&[u32]> = match pairwise {
                true => props.chunks(1).collect(),
                false => vec![&props[..]],
            };
            for chunk in chunks.into_iter().filter(|c| !c.is_empty()) {
                let cells = |p: u32| all[p as usize].0.cells();
                groups.push(group(chunk, &cells, Origin::Rule(index)));
            }
        }
        let written = all.len();
        let implied: Vec<Implied> = implied_sums(graph, differ);
        for (i, imp) in implied.iter().enumerate() {
            let p = (written + i) as u32;
            let cells = |_: u32| imp.prop.cells();
            groups.push(group(&[p], &cells, Origin::Implied(i)));
        }
        for group in &mut groups {
            let cells = &group.cells;
            group.apart = (0..cells.len())
                .flat_map(|i| (i + 1..cells.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| differ(cells[i], cells[j]))
                .map(|(i, j)| (i as u32, j as u32))
                .collect();
        }
        let mut of_cell = vec![Vec::new(); graph.len()];
        for (g, group) in groups.iter().enumerate() {
            for &c in &group.cells {
                of_cell[c].push(g as u32);
            }
        }
        Groups {
            groups,
            of_cell,
            implied: implied.into(),
            written,
        }
    }

    /// Whether there are no groups.
    pub(crate) fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// The groups that read `cell`.
    #[cfg_attr(not(feature = "se"), allow(dead_code))]
    pub(crate) fn of_cell(&self, cell: usize) -> &[u32] {
        &self.of_cell[cell]
    }
}

/// A group of the propagators `props`, whose cells `cells` gives.
fn group<'c>(props: &[u32], cells: &dyn Fn(u32) -> &'c [u32], origin: Origin) -> Group {
    let mut list: Vec<usize> = Vec::new();
    for &p in props {
        for &c in cells(p) {
            if !list.contains(&(c as usize)) {
                list.push(c as usize);
            }
        }
    }
    let props = (props.iter())
        .map(|&p| {
            let at = (cells(p).iter())
                .map(|&c| list.iter().position(|&x| x == c as usize).expect("listed") as u32)
                .collect();
            (p, at)
        })
        .collect();
    Group {
        cells: list,
        props,
        origin,
        apart: Vec::new(),
    }
}

/// The sums `graph`'s full houses imply with its plain sums (the solver's
/// optimizer), each compiled to a propagator.
fn implied_sums(graph: &ConstraintGraph, differ: &dyn Fn(usize, usize) -> bool) -> Vec<Implied> {
    let Some(values) = graph.values().filter(|_| !graph.rules().is_empty()) else {
        return Vec::new();
    };
    let values: Arc<[i64]> = values.into();
    let cx = Context {
        cells: graph.cells(),
        values: &values,
    };
    let sums: Vec<primitive::Sum> = (primitive::lower(graph.rules(), cx).into_iter())
        .filter_map(|l| match l.primitive {
            Primitive::Sum(s) => Some(s),
            _ => None,
        })
        .collect();
    if sums.is_empty() {
        return Vec::new();
    }
    let houses = optimize::full_houses(graph, values.len());
    let puzzle = optimize::Puzzle {
        cells: graph.len(),
        houses: &houses,
        house_sum: values.iter().sum(),
        sums: &sums,
    };
    (optimize::implied(puzzle).into_iter())
        .map(|s| {
            let cells = &s.cells;
            let distinct = s.is_plain()
                && (0..cells.len())
                    .all(|i| (i + 1..cells.len()).all(|j| differ(cells[i], cells[j])));
            let prop = sum::Sum::new(cells, s.weights.clone(), s.total, distinct, values.clone())
                .differing(differ);
            Implied {
                sum: s,
                prop: Box::new(prop),
            }
        })
        .collect()
}

/// What narrowing each group gave on the domains the chains asked about:
/// the chases of one step, and of later steps, ask about the same domains
/// again and again (a sum's enumeration costs microseconds, a look-up less).
#[derive(Debug, Default)]
pub(crate) struct Memo {
    /// In shards by the key's hash, so that the chains' threads seldom wait
    /// for each other.
    #[cfg_attr(not(feature = "se"), allow(dead_code))]
    shards: [std::sync::Mutex<Narrowed>; MEMO_SHARDS],
}

/// One shard of a [`Memo`]: each entry is the length of its domains, its
/// key (the group, then the domains) and, unless they contradict, the
/// narrowed domains, in one allocation; found by the key's hash.
type Narrowed = hashbrown::HashTable<Box<[u64]>>;

/// How many shards a [`Memo`] has (a power of two).
const MEMO_SHARDS: usize = 16;

/// Entries a [`Memo`]'s shard holds before it starts again (tens of
/// megabytes over all shards).
#[cfg_attr(not(feature = "se"), allow(dead_code))]
const MEMO_MAX: usize = (1 << 20) / MEMO_SHARDS;

/// The groups of a graph bound to one board: what the chains call.
pub(crate) struct Bound<'a> {
    groups: &'a Groups,
    props: Vec<&'a dyn Propagator>,
    /// The value of each placed cell (bit of its colour), 0 for open cells.
    #[cfg_attr(not(feature = "se"), allow(dead_code))]
    placed: Vec<u64>,
    #[cfg_attr(not(feature = "se"), allow(dead_code))]
    memo: &'a Memo,
}

impl<'a> Bound<'a> {
    /// `groups` (from `rules`) on a board whose placed cells hold `placed`.
    pub(crate) fn new(
        groups: &'a Groups,
        rules: &'a RuleSet,
        memo: &'a Memo,
        placed: &[Option<u8>],
    ) -> Self {
        let mut props: Vec<&dyn Propagator> = rules.all().map(|(p, _)| p).collect();
        debug_assert_eq!(props.len(), groups.written);
        props.extend(groups.implied.iter().map(|i| i.prop.as_ref()));
        Bound {
            groups,
            props,
            memo,
            placed: (placed.iter())
                .map(|v| v.map_or(0, |c| 1u64 << c))
                .collect(),
        }
    }

    /// Narrows `domains` (of group `g`'s cells, as 128-bit masks) to the
    /// common fixed point of its propagators; `false` on a contradiction.
    pub(crate) fn narrow_wide(&self, g: usize, domains: &mut [u128]) -> bool {
        narrow(&self.groups.groups[g], &self.props, domains)
    }

    /// [`Bound::narrow_wide`], then, when it is cheap, exactly: each value
    /// kept only if a way of the group holds it with the cells that see
    /// each other different. `false` on a contradiction.
    pub(crate) fn narrow_exact(&self, g: usize, domains: &mut [u128]) -> bool {
        let group = &self.groups.groups[g];
        narrow(group, &self.props, domains) && exact(group, &self.props, domains)
    }
}

/// Nodes an exact narrowing visits, at most: past them it keeps what the
/// propagators left.
const EXACT_NODES: usize = 400;

/// Nodes a propagator's own search for its ways ([`Propagator::exact_ways`])
/// visits, at most, before the generic search takes over: a node of its
/// costs tens of instructions, one of the generic search's thousands.
const WAYS_NODES: usize = 20_000;

/// Narrows `domains` (of `group`'s cells) by running its propagators, each
/// on its own cells, until none narrows more: their common fixed point.
/// `false` on a contradiction (a propagator's, or an empty domain).
fn narrow(group: &Group, props: &[&dyn Propagator], domains: &mut [u128]) -> bool {
    // On the stack for most propagators (it runs at every chase's step).
    let (mut small, mut large) = ([0u128; 32], Vec::new());
    loop {
        let mut changed = false;
        for (p, at) in &group.props {
            let local: &mut [u128] = match at.len() <= small.len() {
                true => &mut small[..at.len()],
                false => {
                    large.resize(at.len(), 0);
                    &mut large
                }
            };
            for (l, &i) in local.iter_mut().zip(at) {
                *l = domains[i as usize];
            }
            if props[*p as usize].propagate(local).is_err() {
                return false;
            }
            for (&i, &d) in at.iter().zip(local.iter()) {
                let slot = &mut domains[i as usize];
                if *slot != d {
                    // A propagator only narrows: `d` is a subset of `*slot`.
                    *slot = d;
                    changed = true;
                }
            }
        }
        // One propagator alone is at its fixed point after one pass only if
        // it is idempotent; otherwise the loop runs it again.
        let single_idempotent =
            group.props.len() == 1 && props[group.props[0].0 as usize].idempotent();
        if !changed || single_idempotent {
            return domains.iter().all(|&d| d != 0);
        }
    }
}

/// Narrows `domains` (at a fixed point of `group`'s propagators) to the
/// values some way of the group takes, its cells that must differ
/// different: for each value no way found so far holds, a depth-first
/// search for one that does (the most constrained cell first, the group
/// narrowed after each choice); a value whose search ends without one goes.
/// The searches share [`EXACT_NODES`] nodes: a value whose search runs out
/// of them stays. `false` when no way is left.
fn exact(group: &Group, props: &[&dyn Propagator], domains: &mut [u128]) -> bool {
    let n = domains.len();
    if domains.iter().all(|d| d.is_power_of_two()) {
        return (group.apart.iter()).all(|&(i, j)| domains[i as usize] != domains[j as usize]);
    }
    // A group of one propagator with a search of its own (a sum, a renban):
    // the same supports, without a fixed point at every node.
    if let [(p, at)] = &group.props[..]
        && n <= 64
        && at.iter().enumerate().all(|(k, &a)| a as usize == k)
    {
        let mut apart = [0u64; 64];
        for &(i, j) in &group.apart {
            apart[i as usize] |= 1 << j;
            apart[j as usize] |= 1 << i;
        }
        if let Some(ok) = props[*p as usize].exact_ways(domains, &apart[..n], WAYS_NODES) {
            return ok;
        }
    }
    let mut supported = vec![0u128; n];
    let mut nodes = 0usize;
    for i in 0..n {
        let mut rest = domains[i] & !supported[i];
        while rest != 0 {
            let c = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if supported[i] & c != 0 {
                continue;
            }
            let mut trial = domains.to_vec();
            let found = if choose(group, props, &mut trial, i, c) {
                find_one(group, props, trial, &mut nodes)
            } else {
                Some(None)
            };
            match found {
                Some(Some(way)) => {
                    for (s, w) in supported.iter_mut().zip(&way) {
                        *s |= w;
                    }
                }
                // None: the value goes, and what it held up with it.
                Some(None) => {
                    domains[i] &= !c;
                    if domains[i] == 0 || !narrow(group, props, domains) {
                        return false;
                    }
                    rest &= domains[i];
                }
                // Out of nodes: it stays.
                None => supported[i] |= c,
            }
        }
    }
    true
}

/// Sets cell `i` of `domains` to colour `c` (a bit), takes it from the
/// cells that must differ from it, and narrows: false when that fails.
fn choose(
    group: &Group,
    props: &[&dyn Propagator],
    domains: &mut [u128],
    i: usize,
    c: u128,
) -> bool {
    domains[i] = c;
    for &(a, b) in &group.apart {
        let other = match (a as usize, b as usize) {
            (a, b) if a == i => b,
            (a, b) if b == i => a,
            _ => continue,
        };
        domains[other] &= !c;
        if domains[other] == 0 {
            return false;
        }
    }
    narrow(group, props, domains)
}

/// A way of the group within `domains` (one colour per cell, the cells
/// that must differ different): `Some(Some(way))`, `Some(None)` when there
/// is none, `None` when the search ran out of nodes.
fn find_one(
    group: &Group,
    props: &[&dyn Propagator],
    domains: Vec<u128>,
    nodes: &mut usize,
) -> Option<Option<Vec<u128>>> {
    let open = (0..domains.len())
        .filter(|&i| !domains[i].is_power_of_two())
        .min_by_key(|&i| domains[i].count_ones());
    let Some(i) = open else {
        let apart = (group.apart.iter()).all(|&(a, b)| domains[a as usize] != domains[b as usize]);
        return Some(apart.then_some(domains));
    };
    let mut rest = domains[i];
    while rest != 0 {
        let c = rest & rest.wrapping_neg();
        rest &= rest - 1;
        *nodes += 1;
        if *nodes > EXACT_NODES {
            return None;
        }
        let mut next = domains.clone();
        if choose(group, props, &mut next, i, c)
            && let Some(way) = find_one(group, props, next, nodes)?
        {
            return Some(Some(way));
        }
    }
    Some(None)
}

#[cfg(feature = "se")]
impl graphdoku_se::Rules for Bound<'_> {
    fn count(&self) -> u32 {
        self.groups.groups.len() as u32
    }

    fn groups_of(&self, cell: usize) -> &[u32] {
        self.groups.of_cell(cell)
    }

    fn cells(&self, group: u32) -> &[usize] {
        &self.groups.groups[group as usize].cells
    }

    fn narrow(&self, group: u32, domains: &mut [u64]) -> bool {
        self.remembered(group, domains, false)
    }

    fn narrow_exact(&self, group: u32, domains: &mut [u64]) -> bool {
        self.remembered(group, domains, true)
    }

    fn placed(&self, cell: usize) -> u64 {
        self.placed[cell]
    }
}

#[cfg(feature = "se")]
impl Bound<'_> {
    /// A narrowing (exact or not) from the memo, or made and remembered.
    fn remembered(&self, group: u32, domains: &mut [u64], exact: bool) -> bool {
        use std::hash::BuildHasher;
        let n = domains.len();
        let mut small = [0u64; 33];
        let mut large = Vec::new();
        let key: &mut [u64] = match n < small.len() {
            true => &mut small[..n + 1],
            false => {
                large.resize(n + 1, 0);
                &mut large
            }
        };
        key[0] = u64::from(group) << 1 | u64::from(exact);
        key[1..].copy_from_slice(domains);
        let key: &[u64] = key;
        let hash = rustc_hash::FxBuildHasher.hash_one(key);
        let shard = &self.memo.shards[hash as usize % MEMO_SHARDS];
        let is_key = |entry: &[u64]| entry[0] == n as u64 && entry[1..n + 2] == *key;
        if let Some(entry) = shard
            .lock()
            .expect("not poisoned")
            .find(hash, |e| is_key(e))
        {
            let narrowed = &entry[n + 2..];
            if narrowed.is_empty() {
                return false;
            }
            domains.copy_from_slice(narrowed);
            return true;
        }
        let ok = self.narrow_u64(group, domains, exact);
        let narrowed: &[u64] = match ok {
            true => domains,
            false => &[],
        };
        let entry: Box<[u64]> = (std::iter::once(n as u64).chain(key.iter().copied()))
            .chain(narrowed.iter().copied())
            .collect();
        let mut table = shard.lock().expect("not poisoned");
        if table.len() >= MEMO_MAX {
            table.clear();
        }
        // Another thread may have made it meanwhile: the same narrowing.
        if table.find(hash, |e| is_key(e)).is_none() {
            let rehash = |entry: &[u64]| {
                let key = &entry[1..entry[0] as usize + 2];
                rustc_hash::FxBuildHasher.hash_one(key)
            };
            table.insert_unique(hash, entry, |e| rehash(e));
        }
        ok
    }

    /// A narrowing of 64-bit domains, not remembered.
    fn narrow_u64(&self, group: u32, domains: &mut [u64], exact: bool) -> bool {
        let mut small = [0u128; 32];
        let mut large = Vec::new();
        let wide: &mut [u128] = match domains.len() <= small.len() {
            true => &mut small[..domains.len()],
            false => {
                large.resize(domains.len(), 0);
                &mut large
            }
        };
        for (w, &d) in wide.iter_mut().zip(domains.iter()) {
            *w = u128::from(d);
        }
        let ok = match exact {
            true => self.narrow_exact(group as usize, wide),
            false => self.narrow_wide(group as usize, wide),
        };
        for (d, w) in domains.iter_mut().zip(wide.iter()) {
            *d = *w as u64;
        }
        ok
    }
}
