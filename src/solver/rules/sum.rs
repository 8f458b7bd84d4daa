//! A linear sum Σ wᵢ·vᵢ = total over cells: killer cages, sum cages, arrows
//! and the generic `Sum`.
//!
//! Three levels, cheapest first: the reachable partial sums (a value stays
//! while some partial sum of the cells before it, plus its own contribution,
//! can still be completed by the cells after it: the exact supports of the
//! equation, as bitsets of sums, forward then backward; plain bounds when the
//! sums span too wide a range); for cells that
//! must differ with unit weights, the combination table (the sets of distinct
//! colours that make the total, e.g. {6, 8, 9} and {7, 7+…} for 23 in three
//! cells, kept while every cell can take one of them and every colour of them
//! has a cell); and, when the cells' candidates are few, an exact enumeration
//! that keeps only values with a full solution of the sum (two or three open
//! cells of unit weight over consecutive values by mirrored masks).

use std::sync::Arc;

use super::{Propagator, colours_of};
use crate::solver::search::Contradiction;

mod ways;

/// The most combinations a table of distinct colours may hold.
const COMBINATIONS_MAX: usize = 20_000;

/// Exact enumeration runs when the product of the cells' candidate counts is
/// at most this (three open cells of three candidates, or so): exact where it
/// is cheap, as the Interactive Sudoku Solver is on its last three cells.
/// Measured on the 44 killers of `rules-hard` (TAREK_ALL, two EXTREME):
/// 4,096 took 112 ms median, 27 84 ms, 0 80 ms, with the exact supports of
/// the partial sums below; without them, 35 ms at 27 and 32 ms at 0, for
/// 20% more nodes at 0.
const ENUMERATE_MAX: u64 = 27;

/// The most open cells (of two candidates or more) an enumeration takes:
/// as many as [`ENUMERATE_MAX`] allows.
const OPEN_MAX: usize = ENUMERATE_MAX.ilog2() as usize;

/// The exact supports of the partial sums ([`Sum::reach`]) are taken for a
/// sum with repeats of at most this many cells (an arrow, a short line);
/// longer ones, and cages, get bounds, their combination table and, near the
/// end, enumeration: per call the supports cost more than they prune
/// (the timings at [`ENUMERATE_MAX`]).
const REACH_MAX: usize = 4;

/// The widest range of partial sums the reachable-sums pass handles, in
/// 64-bit words (wider: bounds only).
const REACH_WORDS: usize = 16;

/// The most cells [`Sum::quick_bounds`] takes in one pass (more: bounds to
/// a fixed point), and the most groups [`Sum::group_bounds`] parks in an
/// array on the stack (more: on the heap). It runs at nearly every wake of
/// an implied sum: a larger array to clear cost 3% of the time on the
/// extreme killers.
const QUICK_MAX: usize = 16;

/// The most cells of a block (see [`Sum::blocks`]).
const BLOCK_MAX: usize = 3;

/// The most value tuples a block enumerates at one wake (more: its cells are
/// taken one by one, as if they could repeat).
const TUPLES_MAX: usize = 512;

/// One sum.
#[derive(Debug)]
pub(crate) struct Sum {
    /// The sum's cells, then its complement's (see [`Sum::with_complement`]).
    cells: Vec<u32>,
    /// How many of `cells` are the sum's.
    size: usize,
    /// The values rise with the colours: a cell's least and greatest value
    /// are those of its lowest and highest candidate.
    ascending: bool,
    /// The values rise by one from colour to colour (digits): two open cells
    /// of unit weight are then settled by a mirror of their masks.
    consecutive: bool,
    /// Consecutive values, at most 64: a value is the first plus its colour.
    digits: bool,
    /// Every weight is 1.
    unit: bool,
    /// The colours the sum's cells and its complement hold between them.
    house: u128,
    weights: Vec<i64>,
    total: i64,
    /// The cells must differ (a killer cage).
    distinct: bool,
    values: Arc<[i64]>,
    /// For distinct cells with unit weights: each set of colours that makes
    /// the total, when there are not too many.
    combinations: Option<Combinations>,
    /// The cells (indices into `cells`) in the order of the reachable-sums
    /// pass, in blocks of up to [`BLOCK_MAX`] cells of the same weight that
    /// must differ (neighbours in the graph: two arrow cells in one box),
    /// whose values that pass takes together.
    blocks: Vec<Vec<usize>>,
    /// The cells (indices into `cells`) in groups of the same weight that
    /// pairwise differ, as large as greedily found: the bounds take a group's
    /// cells as distinct values (see [`Sum::group_bounds`]).
    groups: Vec<Vec<usize>>,
}

impl Sum {
    pub(crate) fn new(
        cells: &[usize],
        weights: Vec<i64>,
        total: i64,
        distinct: bool,
        values: Arc<[i64]>,
    ) -> Self {
        let combinations = (distinct && weights.iter().all(|&w| w == 1))
            .then(|| combinations(&values, cells.len(), total))
            .flatten()
            .map(|sets| match values.len() <= 16 {
                true => Combinations::Narrow(sets.iter().map(|&set| set as u16).collect()),
                false => Combinations::Wide(sets),
            });
        let consecutive = values.windows(2).all(|w| w[0].checked_add(1) == Some(w[1]));
        Sum {
            cells: cells.iter().map(|&c| c as u32).collect(),
            size: cells.len(),
            ascending: values.windows(2).all(|w| w[0] < w[1]),
            consecutive,
            digits: consecutive && values.len() <= 64,
            unit: weights.iter().all(|&w| w == 1),
            house: 0,
            blocks: (0..cells.len()).map(|i| vec![i]).collect(),
            groups: (0..cells.len()).map(|i| vec![i]).collect(),
            weights,
            total,
            distinct,
            values,
            combinations,
        }
    }

    /// Takes cells of the same weight that `differ` (by cell number) together
    /// in the reachable-sums pass, so that it keeps only values they can hold
    /// while differing: greedily, in blocks of up to [`BLOCK_MAX`] cells that
    /// all differ pairwise. (For a sum of distinct cells the enumeration does
    /// this already.)
    pub(crate) fn differing(mut self, differ: impl Fn(usize, usize) -> bool) -> Self {
        if self.distinct {
            return self;
        }
        self.blocks = self.cliques(&differ, BLOCK_MAX);
        self.groups = self.cliques(&differ, usize::MAX);
        self
    }

    /// The cells in greedy cliques of at most `most` cells of the same weight
    /// that pairwise `differ`.
    fn cliques(&self, differ: &impl Fn(usize, usize) -> bool, most: usize) -> Vec<Vec<usize>> {
        let n = self.size;
        let mut taken = vec![false; n];
        let mut out = Vec::new();
        for i in 0..n {
            if std::mem::replace(&mut taken[i], true) {
                continue;
            }
            let mut block = vec![i];
            for (j, taken) in taken.iter_mut().enumerate().skip(i + 1) {
                if block.len() < most
                    && !*taken
                    && self.weights[j] == self.weights[i]
                    && (block.iter())
                        .all(|&k| differ(self.cells[k] as usize, self.cells[j] as usize))
                {
                    *taken = true;
                    block.push(j);
                }
            }
            out.push(block);
        }
        out
    }

    /// Takes the other cells of a full house the sum's (distinct) cells lie
    /// in, `rest`, along: the house holds `house` (every colour) once, so the
    /// colours of a combination the sum's cells take are exactly those the
    /// rest does not. A combination stays only while the rest can take every
    /// colour it leaves, and the rest keeps only colours some combination
    /// leaves. Without a combination table (repeats, weights, too many) it
    /// changes nothing.
    pub(crate) fn with_complement(mut self, rest: &[usize], house: u128) -> Self {
        if self.combinations.is_some() && self.size == self.cells.len() && !rest.is_empty() {
            self.cells.extend(rest.iter().map(|&c| c as u32));
            self.house = house;
        }
        self
    }

    /// The least and greatest of wᵢ·v over the candidates of cell `i`.
    #[inline(always)]
    fn range(&self, i: usize, domain: u128) -> (i64, i64) {
        let w = self.weights[i];
        if self.ascending {
            let (lo, hi) = match self.digits {
                // A 64-bit word's ends are an instruction each.
                true => {
                    let d = domain as u64;
                    let first = self.values[0];
                    (
                        first + i64::from(d.trailing_zeros()),
                        first + 63 - i64::from(d.leading_zeros()),
                    )
                }
                false => (
                    self.values[domain.trailing_zeros() as usize],
                    self.values[127 - domain.leading_zeros() as usize],
                ),
            };
            return match w > 0 {
                true => (w * lo, w * hi),
                false => (w * hi, w * lo),
            };
        }
        colours_of(domain)
            .map(|c| w * self.values[c])
            .fold((i64::MAX, i64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
    }

    /// The exact supports of the equation (each cell keeps the values some
    /// solution of Σ wᵢ·vᵢ = total over the domains gives it, repeats
    /// allowed), by the partial sums reachable from the left and completable
    /// to the right; `None` when the sums span too wide a range for the
    /// bitsets or there are too many cells.
    ///
    /// Complexity: O(cells × candidates × range / 64).
    fn reach(&self, domains: &mut [u128]) -> Option<Result<(), Contradiction>> {
        let n = domains.len();
        if n > REACH_MAX {
            return None;
        }
        let mut lows = [0i64; REACH_MAX];
        let (mut base, mut span) = (0i64, 0i64);
        for (i, &d) in domains.iter().enumerate() {
            let (lo, hi) = self.range(i, d);
            lows[i] = lo;
            base = base.checked_add(lo)?;
            span = span.checked_add(hi.checked_sub(lo)?)?;
        }
        let target = self.total.checked_sub(base)?;
        if !(0..=span).contains(&target) {
            return Some(Err(Contradiction));
        }
        let lows = &lows[..n];
        Some(match span {
            0..128 => self.supports::<u128>(domains, lows, target as u32),
            _ if span < 64 * REACH_WORDS as i64 => {
                self.supports::<Wide>(domains, lows, target as u32)
            }
            _ => return None,
        })
    }

    /// [`Sum::reach`] over one width of bitset: bit `k` of a set after some
    /// blocks is the partial sum of their cells' `lows` plus `k`.
    fn supports<B: SumSet>(
        &self,
        domains: &mut [u128],
        lows: &[i64],
        target: u32,
    ) -> Result<(), Contradiction> {
        // Each block's value tuples: the shift of the partial sum, and the
        // colour of each of its cells.
        let room = (self.blocks.iter())
            .map(|b| {
                let p = b.iter().map(|&i| domains[i].count_ones() as usize);
                p.product::<usize>().min(TUPLES_MAX)
            })
            .sum();
        let mut tuples: Vec<(u32, [u8; BLOCK_MAX])> = Vec::with_capacity(room);
        let mut ends = [0usize; REACH_MAX + 1];
        let mut blocks: [&[usize]; REACH_MAX] = [&[]; REACH_MAX];
        let mut count = 0;
        for block in &self.blocks {
            let product = (block.iter()).try_fold(1usize, |p, &i| {
                let p = p * domains[i].count_ones() as usize;
                (p <= TUPLES_MAX).then_some(p)
            });
            // Too many tuples: its cells one by one.
            let parts: &mut dyn Iterator<Item = &[usize]> = match product {
                Some(_) => &mut std::iter::once(block.as_slice()),
                None => &mut block.chunks(1),
            };
            for part in parts {
                self.tuples(part, domains, lows, &mut tuples);
                if tuples.len() == ends[count] {
                    return Err(Contradiction);
                }
                blocks[count] = part;
                ends[count + 1] = tuples.len();
                count += 1;
            }
        }
        let of = |b: usize| &tuples[ends[b]..ends[b + 1]];
        // forward[b]: the partial sums the blocks before `b` can make.
        let mut forward = [B::EMPTY; REACH_MAX + 1];
        forward[0] = B::bit(0);
        for b in 0..count {
            let mut next = B::EMPTY;
            for &(shift, _) in of(b) {
                next = next.or(forward[b].shl(shift));
            }
            forward[b + 1] = next;
        }
        // After `b` blocks, the partial sums the blocks from `b` on complete.
        let mut back = B::bit(target);
        if forward[count].and(back).is_empty() {
            return Err(Contradiction);
        }
        for b in (0..count).rev() {
            let mut kept = [0u128; BLOCK_MAX];
            let mut before = B::EMPTY;
            for &(shift, colours) in of(b) {
                let from = back.shr(shift).and(forward[b]);
                if !from.is_empty() {
                    for (k, &c) in kept.iter_mut().zip(&colours[..blocks[b].len()]) {
                        *k |= 1 << c;
                    }
                    before = before.or(from);
                }
            }
            for (&i, &k) in blocks[b].iter().zip(&kept) {
                if k == 0 {
                    return Err(Contradiction);
                }
                domains[i] = k;
            }
            back = before;
        }
        Ok(())
    }

    /// Appends the value tuples of the cells `part` (pairwise different when
    /// more than one) to `out`: the shift of each above the cells' `lows`.
    fn tuples(
        &self,
        part: &[usize],
        domains: &[u128],
        lows: &[i64],
        out: &mut Vec<(u32, [u8; BLOCK_MAX])>,
    ) {
        let low: i64 = part.iter().map(|&i| lows[i]).sum();
        let mut colours = [0u8; BLOCK_MAX];
        /// The sum, the cells and their domains.
        type Cells<'a> = (&'a Sum, &'a [usize], &'a [u128]);
        fn walk(
            (sum, part, domains): Cells,
            at: usize,
            used: u128,
            partial: i64,
            colours: &mut [u8; BLOCK_MAX],
            out: &mut Vec<(u32, [u8; BLOCK_MAX])>,
        ) {
            let Some(&i) = part.get(at) else {
                out.push((partial as u32, *colours));
                return;
            };
            for c in colours_of(domains[i] & !used) {
                colours[at] = c as u8;
                let x = partial + sum.weights[i] * sum.values[c];
                let cells = (sum, part, domains);
                walk(cells, at + 1, used | 1 << c, x, colours, out);
            }
        }
        walk((self, part, domains), 0, 0, -low, &mut colours, out);
    }

    /// The colours of `d` that cell `i` may hold when the other cells add up
    /// to between `rest.0` and `rest.1`.
    #[inline]
    fn completing(&self, i: usize, d: u128, (rest_lo, rest_hi): (i64, i64)) -> u128 {
        let w = self.weights[i];
        // w·v must lie between these.
        let (low, high) = (self.total - rest_hi, self.total - rest_lo);
        if !self.ascending {
            return colours_of(d)
                .filter(|&c| (low..=high).contains(&(w * self.values[c])))
                .fold(0u128, |m, c| m | 1 << c);
        }
        // The values rise with the colours, so the colours kept are a run:
        // two binary searches, not a test per candidate (it runs at many of
        // a sum's wakes).
        let values = &self.values[..];
        let run = match w.signum() {
            1 => {
                (values.partition_point(|&v| w * v < low))
                    ..values.partition_point(|&v| w * v <= high)
            }
            -1 => {
                (values.partition_point(|&v| w * v > high))
                    ..values.partition_point(|&v| w * v >= low)
            }
            _ => match (low..=high).contains(&0) {
                true => 0..values.len(),
                false => 0..0,
            },
        };
        d & colour_run(run)
    }

    /// One pass of bounds, without allocating: each cell keeps the values
    /// that the others' least and greatest contributions can complete to
    /// the total. True when every cell is decided (and the sum holds).
    fn quick_bounds(&self, domains: &mut [u128]) -> Result<bool, Contradiction> {
        let n = domains.len();
        if n > QUICK_MAX {
            self.bounds(domains)?;
            return Ok(false);
        }
        let (mut lo, mut hi, mut widest) = (0i64, 0i64, 0i64);
        match self.digits && self.unit {
            // A cage: the colours' ends, and the first value once a cell.
            true => {
                for &d in domains.iter() {
                    let d = d as u64;
                    let (least, most) = (d.trailing_zeros(), 63 - d.leading_zeros());
                    lo += i64::from(least);
                    hi += i64::from(most);
                    widest = widest.max(i64::from(most - least));
                }
                let base = self.values[0] * n as i64;
                (lo, hi) = (lo + base, hi + base);
            }
            false => {
                for (i, &d) in domains.iter().enumerate() {
                    let (least, most) = self.range(i, d);
                    lo += least;
                    hi += most;
                    widest = widest.max(most - least);
                }
            }
        }
        if lo > self.total || hi < self.total {
            return Err(Contradiction);
        }
        if lo == hi {
            return Ok(true);
        }
        // A cell keeps its range while it is no wider than the slack either
        // way: most wakes end here, without a second look at the cells.
        let slack = (self.total - lo).min(hi - self.total);
        if widest <= slack {
            return Ok(false);
        }
        for (i, d) in domains.iter_mut().enumerate() {
            let (least, most) = self.range(i, *d);
            if most - least <= slack {
                continue;
            }
            let kept = self.completing(i, *d, (lo - least, hi - most));
            if kept == 0 {
                return Err(Contradiction);
            }
            *d = kept;
        }
        Ok(false)
    }

    /// Bounds that take each group of pairwise different cells as distinct
    /// values (the Interactive Sudoku Solver's exclusion groups): a group's
    /// least sum is that of the colours its cells park in, each taking the
    /// lowest free colour from its own lowest up (the set is the same in any
    /// order, as a parking function's), its greatest likewise from the top.
    /// Against the total, each cell of a group may rise at most as far above
    /// the highest parked colour as the slack allows (the others keep at
    /// least the rest of their parked colours), and fall likewise. For values
    /// that rise with the colours.
    fn group_bounds(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        match self.consecutive && self.values.len() <= 32 {
            true => self.consecutive_group_bounds(domains),
            false => self.any_group_bounds(domains),
        }
    }

    /// [`Sum::group_bounds`] over at most 32 consecutive values (digits), in
    /// 32-bit masks and colour indices (a value is the first value plus its
    /// colour): the same narrowing, without the 128-bit shifts, the values'
    /// lookups and the searches for a run's ends. The implied sums of a
    /// killer run it at nearly every wake: on extreme killer 00, 1,335
    /// instructions a call in the general form, 13% of the search's.
    fn consecutive_group_bounds(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let k = self.values.len() as u32;
        let first = self.values[0];
        let top = |set: u32| 31 - set.leading_zeros();
        // Per group: weight, the highest colour parked low and the lowest
        // parked high.
        let (mut stack, mut heap) = ([(0i64, 0u32, 0u32); QUICK_MAX], Vec::new());
        let parked = match self.groups.len() {
            n if n <= QUICK_MAX => &mut stack[..n],
            n => {
                heap.resize(n, (0, 0, 0));
                &mut heap[..]
            }
        };
        let (mut lo, mut hi) = (0i64, 0i64);
        for (g, group) in self.groups.iter().enumerate() {
            let w = self.weights[group[0]];
            let (mut low, mut high, mut least, mut most) = (0u32, 0u32, 0i64, 0i64);
            for &i in group {
                let d = domains[i] as u32;
                let at = (!low & (u32::MAX << d.trailing_zeros())).trailing_zeros();
                let below = !high & (u32::MAX >> (31 - top(d)));
                if at >= k || below == 0 {
                    return Err(Contradiction);
                }
                low |= 1 << at;
                high |= 1 << top(below);
                least += i64::from(at);
                most += i64::from(top(below));
            }
            let base = first * group.len() as i64;
            let (least, most) = (base + least, base + most);
            match w > 0 {
                true => (lo, hi) = (lo + w * least, hi + w * most),
                false => (lo, hi) = (lo + w * most, hi + w * least),
            }
            parked[g] = (w, top(low), high.trailing_zeros());
        }
        if lo > self.total || hi < self.total {
            return Err(Contradiction);
        }
        let (up, down) = (self.total - lo, hi - self.total);
        for (group, &(w, high_low, low_high)) in self.groups.iter().zip(parked.iter()) {
            // A group's range is all colours while the slack covers it.
            if group.len() < 2 || up.min(down) >= (i64::from(k) - 1) * w.abs() {
                continue;
            }
            let (rise, fall) = match w > 0 {
                true => (up / w, down / w),
                false => (down / -w, up / -w),
            };
            // The colours from `low_high - fall` to `high_low + rise`.
            let ceiling = (i64::from(high_low).saturating_add(rise)).min(i64::from(k) - 1);
            let floor = (i64::from(low_high).saturating_sub(fall)).max(0);
            let allowed = match floor <= ceiling {
                true => colour_run(floor as usize..ceiling as usize + 1),
                false => 0,
            };
            for &i in group {
                let kept = domains[i] & allowed;
                if kept == 0 {
                    return Err(Contradiction);
                }
                domains[i] = kept;
            }
        }
        Ok(())
    }

    /// [`Sum::group_bounds`] over any rising values.
    fn any_group_bounds(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let k = self.values.len();
        let top = |set: u128| 127 - set.leading_zeros() as usize;
        // Per group: weight, the highest colour parked low and the lowest
        // parked high; on the stack when it fits (it runs at nearly every
        // wake of an implied sum).
        let (mut stack, mut heap) = ([(0i64, 0usize, 0usize); QUICK_MAX], Vec::new());
        let parked = match self.groups.len() {
            n if n <= QUICK_MAX => &mut stack[..n],
            n => {
                heap.resize(n, (0, 0, 0));
                &mut heap[..]
            }
        };
        let (mut lo, mut hi) = (0i64, 0i64);
        for (g, group) in self.groups.iter().enumerate() {
            let w = self.weights[group[0]];
            let (mut low, mut high, mut least, mut most) = (0u128, 0u128, 0i64, 0i64);
            for &i in group {
                let d = domains[i];
                let free = !low & (u128::MAX << d.trailing_zeros());
                let at = free.trailing_zeros() as usize;
                let below = !high & (u128::MAX >> (127 - top(d)));
                if at >= k || below == 0 {
                    return Err(Contradiction);
                }
                low |= 1 << at;
                high |= 1 << top(below);
                least += self.values[at];
                most += self.values[top(below)];
            }
            match w > 0 {
                true => (lo, hi) = (lo + w * least, hi + w * most),
                false => (lo, hi) = (lo + w * most, hi + w * least),
            }
            parked[g] = (w, top(low), high.trailing_zeros() as usize);
        }
        if lo > self.total || hi < self.total {
            return Err(Contradiction);
        }
        let (up, down) = (self.total - lo, hi - self.total);
        for (group, &(w, high_low, low_high)) in self.groups.iter().zip(parked.iter()) {
            if group.len() < 2 {
                continue;
            }
            // How far the group's value sum may rise above its least, and
            // fall below its greatest.
            let (rise, fall) = match w > 0 {
                true => (up / w, down / w),
                false => (down / -w, up / -w),
            };
            let (ceiling, floor) = (
                self.values[high_low].saturating_add(rise),
                self.values[low_high].saturating_sub(fall),
            );
            let run = (self.values.partition_point(|&v| v < floor))
                ..self.values.partition_point(|&v| v <= ceiling);
            let allowed = colour_run(run);
            for &i in group {
                let kept = domains[i] & allowed;
                if kept == 0 {
                    return Err(Contradiction);
                }
                domains[i] = kept;
            }
        }
        Ok(())
    }

    /// Bounds to a fixed point.
    fn bounds(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        // An empty domain has no range (and would overflow the sums below).
        if domains.contains(&0) {
            return Err(Contradiction);
        }
        loop {
            let ranges: Vec<(i64, i64)> = (domains.iter().enumerate())
                .map(|(i, &d)| self.range(i, d))
                .collect();
            let lo: i64 = ranges.iter().map(|r| r.0).sum();
            let hi: i64 = ranges.iter().map(|r| r.1).sum();
            if lo > self.total || hi < self.total {
                return Err(Contradiction);
            }
            let mut changed = false;
            for (i, d) in domains.iter_mut().enumerate() {
                let (rest_lo, rest_hi) = (lo - ranges[i].0, hi - ranges[i].1);
                let kept = self.completing(i, *d, (rest_lo, rest_hi));
                if kept == 0 {
                    return Err(Contradiction);
                }
                changed |= kept != *d;
                *d = kept;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// The combination table: every cell keeps the colours of the combinations
    /// still possible, and the complement's cells (`rest`) the colours they
    /// leave.
    fn table<M: Mask>(
        &self,
        combinations: &[M],
        domains: &mut [u128],
        rest: &mut [u128],
    ) -> Result<u128, Contradiction> {
        let (mut union, mut fixed) = (0u128, 0u128);
        for &d in domains.iter() {
            union |= d;
            if d & (d - 1) == 0 {
                fixed |= d;
            }
        }
        let union = M::narrow(union);
        let rest_union = M::narrow(rest.iter().fold(0, |u, &d| u | d));
        let house = M::narrow(self.house);
        let (mut keep, mut keep_rest, mut every) = (M::ZERO, M::ZERO, !M::ZERO);
        for &set in combinations {
            let left = house & !set;
            // Cheapest first: most combinations fail on the unions.
            if union & set == set
                && left & !rest_union == M::ZERO
                && domains.iter().all(|&d| M::narrow(d) & set != M::ZERO)
            {
                keep = keep | set;
                keep_rest = keep_rest | left;
                every = every & set;
            }
        }
        let (keep, keep_rest, every) = (keep.wide(), keep_rest.wide(), every.wide());
        for d in domains.iter_mut() {
            *d &= keep;
            if *d == 0 {
                return Err(Contradiction);
            }
        }
        // The decided cells' colours are placed already.
        hidden_singles(domains, every & !fixed)?;
        for d in rest.iter_mut() {
            *d &= keep_rest;
            if *d == 0 {
                return Err(Contradiction);
            }
        }
        // Those of one place too: no cell sees all their places.
        let placed = (domains.iter())
            .filter(|&&d| d & (d - 1) == 0)
            .fold(0, |u, &d| u | d);
        Ok(every & !placed)
    }

    /// Exact supports by enumeration: each cell keeps the colours some full
    /// solution of the sum gives it. The decided cells add their values once
    /// and the walk goes over the open ones, at most [`OPEN_MAX`] (more:
    /// nothing is narrowed), without allocating: it runs at nearly every node.
    fn enumerate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        let mut open = [0usize; OPEN_MAX];
        let (mut count, mut partial, mut used) = (0, 0i64, 0u128);
        for (i, &d) in domains.iter().enumerate() {
            if d == 0 {
                return Err(Contradiction);
            }
            if d & (d - 1) != 0 {
                if count == OPEN_MAX {
                    return Ok(());
                }
                open[count] = i;
                count += 1;
                continue;
            }
            if self.distinct && used & d != 0 {
                return Err(Contradiction);
            }
            used |= d;
            partial += self.weights[i] * self.values[d.trailing_zeros() as usize];
        }
        let open = &open[..count];
        if self.consecutive && open.iter().all(|&i| self.weights[i] == 1) {
            let free = match self.distinct {
                true => !used,
                false => u128::MAX,
            };
            let rest = self.total - partial;
            match *open {
                [i, j] => {
                    let pair = self.two_open(domains[i] & free, domains[j] & free, rest);
                    if pair.0 == 0 || pair.1 == 0 {
                        return Err(Contradiction);
                    }
                    (domains[i], domains[j]) = pair;
                    return Ok(());
                }
                // Each colour of the first, and the other two by their mirror.
                [i, j, k] => {
                    let mut kept = [0u128; 3];
                    for c in colours_of(domains[i] & free) {
                        let others = match self.distinct {
                            true => free & !(1 << c),
                            false => free,
                        };
                        let (b, d) = (domains[j] & others, domains[k] & others);
                        let pair = self.two_open(b, d, rest - self.values[c]);
                        if pair.0 != 0 && pair.1 != 0 {
                            kept[0] |= 1 << c;
                            kept[1] |= pair.0;
                            kept[2] |= pair.1;
                        }
                    }
                    if kept[0] == 0 {
                        return Err(Contradiction);
                    }
                    (domains[i], domains[j], domains[k]) = (kept[0], kept[1], kept[2]);
                    return Ok(());
                }
                _ => {}
            }
        }
        // What the open cells from `k` on can add, at the least and the most.
        let (mut least, mut most) = ([0i64; OPEN_MAX + 1], [0i64; OPEN_MAX + 1]);
        for (k, &i) in open.iter().enumerate().rev() {
            let (lo, hi) = self.range(i, domains[i]);
            least[k] = least[k + 1] + lo;
            most[k] = most[k + 1] + hi;
        }
        let mut supported = [0u128; OPEN_MAX];
        let search = Enumeration {
            sum: self,
            domains,
            open,
            least: &least,
            most: &most,
        };
        if !search.walk(0, partial, used, &mut supported) {
            return Err(Contradiction);
        }
        for (&i, &s) in open.iter().zip(&supported) {
            domains[i] &= s;
        }
        Ok(())
    }

    /// Two open cells of unit weight, with candidates `a` and `b`, that must
    /// add up to `rest`, over consecutive values: the colours of each whose
    /// partner the other can take (ISS's reversed masks). Colour `c` pairs
    /// with `t - c`, so the partners of a mask are its mirror about `t / 2`;
    /// distinct cells cannot both take `t / 2`. The enumeration's answer in a
    /// few instructions (it runs at most nodes of a killer); three open cells
    /// are a pair for each colour of the first.
    #[inline]
    fn two_open(&self, a: u128, b: u128, rest: i64) -> (u128, u128) {
        let t = rest - 2 * self.values[0];
        if !(0..=2 * 127).contains(&t) {
            return (0, 0);
        }
        let t = t as u32;
        // In one word for digits: two colours below 32 add up to at most 62.
        let narrow = self.digits && self.values.len() <= 32;
        if narrow && t > 62 {
            return (0, 0);
        }
        // Bit `c` set when colour `t - c` is in `mask`.
        let mirror = |mask: u128| match (narrow, t <= 127) {
            (true, _) => ((mask as u64).reverse_bits() >> (63 - t)) as u128,
            (false, true) => mask.reverse_bits() >> (127 - t),
            (false, false) => mask.reverse_bits() << (t - 127),
        };
        let (mut a2, mut b2) = (a & mirror(b), b & mirror(a));
        if self.distinct && t.is_multiple_of(2) {
            let half = !(1u128 << (t / 2));
            (a2, b2) = (a2 & half, b2 & half);
        }
        (a2, b2)
    }
}

/// A sum's combination table, in the narrowest mask its colours fit.
#[derive(Debug)]
enum Combinations {
    /// Up to 16 colours: half the work of a 128-bit mask per test.
    Narrow(Vec<u16>),
    Wide(Vec<u128>),
}

/// A set of colours as a machine word of some width.
trait Mask:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
{
    const ZERO: Self;
    /// The colours of `wide` that fit (all of them, where the sum uses it).
    fn narrow(wide: u128) -> Self;
    fn wide(self) -> u128;
}

impl Mask for u16 {
    const ZERO: Self = 0;
    fn narrow(wide: u128) -> Self {
        wide as u16
    }
    fn wide(self) -> u128 {
        self as u128
    }
}

impl Mask for u128 {
    const ZERO: Self = 0;
    fn narrow(wide: u128) -> Self {
        wide
    }
    fn wide(self) -> u128 {
        self
    }
}

/// The colours of `run` as a mask.
#[inline]
fn colour_run(run: std::ops::Range<usize>) -> u128 {
    match run.start < run.end {
        true => (u128::MAX >> (128 - run.end)) & (u128::MAX << run.start),
        false => 0,
    }
}

/// Places each colour of `required` that only one of `domains` may take
/// there; a required colour none may take is a [`Contradiction`].
pub(super) fn hidden_singles(
    domains: &mut [u128],
    mut required: u128,
) -> Result<(), Contradiction> {
    while required != 0 {
        let bit = required & required.wrapping_neg();
        required ^= bit;
        let mut places = domains.iter_mut().filter(|d| **d & bit != 0);
        match (places.next(), places.next()) {
            (None, _) => return Err(Contradiction),
            (Some(d), None) => *d = bit,
            _ => {}
        }
    }
    Ok(())
}

/// A depth-first walk over the open cells' candidates.
struct Enumeration<'a> {
    sum: &'a Sum,
    domains: &'a [u128],
    /// The open cells (indices into `domains`).
    open: &'a [usize],
    least: &'a [i64],
    most: &'a [i64],
}

impl Enumeration<'_> {
    /// Whether open cells `k..` can complete `partial` to the total with
    /// colours not in `used` (when distinct); marks the colours of every
    /// completion.
    fn walk(&self, k: usize, partial: i64, used: u128, supported: &mut [u128]) -> bool {
        let s = self.sum;
        let Some(&i) = self.open.get(k) else {
            return partial == s.total;
        };
        let mut any = false;
        let free = match s.distinct {
            true => self.domains[i] & !used,
            false => self.domains[i],
        };
        for c in colours_of(free) {
            let x = partial + s.weights[i] * s.values[c];
            if x + self.least[k + 1] > s.total || x + self.most[k + 1] < s.total {
                continue;
            }
            if self.walk(k + 1, x, used | 1 << c, supported) {
                supported[k] |= 1 << c;
                any = true;
            }
        }
        any
    }
}

/// A set of partial sums, as a bitset (bit `k`: the sum `k` above a base).
trait SumSet: Copy {
    const EMPTY: Self;
    /// The set of the one sum `k`.
    fn bit(k: u32) -> Self;
    /// Every sum `k` higher.
    fn shl(self, k: u32) -> Self;
    /// Every sum `k` lower (those below 0 dropped).
    fn shr(self, k: u32) -> Self;
    fn or(self, other: Self) -> Self;
    fn and(self, other: Self) -> Self;
    fn is_empty(self) -> bool;
}

impl SumSet for u128 {
    const EMPTY: Self = 0;
    fn bit(k: u32) -> Self {
        1 << k
    }
    fn shl(self, k: u32) -> Self {
        self.checked_shl(k).unwrap_or(0)
    }
    fn shr(self, k: u32) -> Self {
        self.checked_shr(k).unwrap_or(0)
    }
    fn or(self, other: Self) -> Self {
        self | other
    }
    fn and(self, other: Self) -> Self {
        self & other
    }
    fn is_empty(self) -> bool {
        self == 0
    }
}

/// Sums over [`REACH_WORDS`] words, lowest word first.
#[derive(Clone, Copy)]
struct Wide([u64; REACH_WORDS]);

impl SumSet for Wide {
    const EMPTY: Self = Wide([0; REACH_WORDS]);
    fn bit(k: u32) -> Self {
        let mut w = Self::EMPTY;
        w.0[k as usize / 64] = 1 << (k % 64);
        w
    }
    fn shl(self, k: u32) -> Self {
        let (words, bits) = (k as usize / 64, k % 64);
        let mut out = Self::EMPTY;
        for j in words..REACH_WORDS {
            let from = j - words;
            out.0[j] = self.0[from] << bits;
            if bits > 0 && from > 0 {
                out.0[j] |= self.0[from - 1] >> (64 - bits);
            }
        }
        out
    }
    fn shr(self, k: u32) -> Self {
        let (words, bits) = (k as usize / 64, k % 64);
        let mut out = Self::EMPTY;
        for j in 0..REACH_WORDS.saturating_sub(words) {
            let from = j + words;
            out.0[j] = self.0[from] >> bits;
            if bits > 0 && from + 1 < REACH_WORDS {
                out.0[j] |= self.0[from + 1] << (64 - bits);
            }
        }
        out
    }
    fn or(mut self, other: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        self
    }
    fn and(mut self, other: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        self
    }
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// Every set of `n` distinct colours whose values sum to `total`, or `None`
/// when there are more than [`COMBINATIONS_MAX`].
fn combinations(values: &[i64], n: usize, total: i64) -> Option<Vec<u128>> {
    let mut out = Vec::new();
    let mut sorted: Vec<(i64, usize)> = values.iter().enumerate().map(|(c, &v)| (v, c)).collect();
    sorted.sort_unstable();
    fn walk(
        sorted: &[(i64, usize)],
        from: usize,
        left: usize,
        rest: i64,
        set: u128,
        out: &mut Vec<u128>,
        budget: &mut u64,
    ) -> bool {
        if left == 0 {
            if rest == 0 {
                out.push(set);
            }
            return out.len() <= COMBINATIONS_MAX;
        }
        for i in from..sorted.len() {
            if sorted.len() - i < left {
                break;
            }
            *budget = budget.saturating_sub(1);
            if *budget == 0 {
                return false;
            }
            // The least the remaining picks can add, from here on (sorted).
            let lowest: i64 = sorted[i..i + left].iter().map(|p| p.0).sum();
            if lowest > rest {
                break;
            }
            let (v, c) = sorted[i];
            if !walk(sorted, i + 1, left - 1, rest - v, set | 1 << c, out, budget) {
                return false;
            }
        }
        true
    }
    let mut budget = 2_000_000;
    walk(&sorted, 0, n, total, 0, &mut out, &mut budget).then_some(out)
}

impl Propagator for Sum {
    fn cells(&self) -> &[u32] {
        &self.cells
    }

    fn propagate(&self, domains: &mut [u128]) -> Result<(), Contradiction> {
        self.propagate_requiring(domains).map(|_| ())
    }

    /// For a cage, the colours every combination left uses (the complement
    /// of a cage in a house is its house's business).
    fn propagate_requiring(&self, domains: &mut [u128]) -> Result<u128, Contradiction> {
        // A store may hand over a cell it has emptied but not yet noticed.
        if domains.contains(&0) {
            return Err(Contradiction);
        }
        let (domains, rest) = domains.split_at_mut(self.size);
        if !self.distinct && self.size <= REACH_MAX {
            // Exact when repeats are allowed: nothing left to do.
            if let Some(result) = self.reach(domains) {
                return result.map(|()| 0);
            }
        }
        if self.quick_bounds(domains)? {
            return Ok(0);
        }
        if self.ascending && self.groups.len() < self.size {
            self.group_bounds(domains)?;
        }
        let required = match &self.combinations {
            Some(Combinations::Narrow(sets)) => self.table(sets, domains, rest)?,
            Some(Combinations::Wide(sets)) => self.table(sets, domains, rest)?,
            None => 0,
        };
        // The decided cells count once each: no popcount for them (a dozen
        // instructions a word on the x86-64 baseline).
        let product = domains.iter().try_fold(1u64, |p, &d| {
            if d & (d - 1) == 0 {
                return Some(p);
            }
            let count = match self.digits {
                true => (d as u64).count_ones(),
                false => d.count_ones(),
            };
            let p = p * u64::from(count);
            (p <= ENUMERATE_MAX).then_some(p)
        });
        if product.is_some() {
            self.enumerate(domains)?;
        }
        Ok(required)
    }

    fn symmetric(&self) -> bool {
        false
    }

    fn exact_ways(&self, domains: &mut [u128], apart: &[u64], nodes: usize) -> Option<bool> {
        Sum::exact_ways(self, domains, apart, nodes)
    }

    /// A cage's own cells; its complement's only when decided.
    fn woken_by(&self) -> usize {
        self.size
    }

    /// A sum ranks high whatever its size, and a small one higher (twice the
    /// colours less its size, at least the colours); a cage's distinctness
    /// adds its size again.
    fn priority(&self, colours: usize, _at: usize) -> u32 {
        let n = self.size;
        let own = (2 * colours).saturating_sub(n).max(colours);
        (own + if self.distinct { n } else { 0 }) as u32
    }

    /// With repeats allowed its supports are exact (bounds, when the sums are
    /// too wide, run to their own fixed point), but for a block with too many
    /// tuples to take together at this wake: a rerun could narrow it further,
    /// which is only a weaker pruning, never a wrong one.
    fn idempotent(&self) -> bool {
        !self.distinct
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(in crate::solver::rules) fn digits() -> Arc<[i64]> {
        (1..=9).collect::<Vec<i64>>().into()
    }

    /// A seeded stream of draws below the bound asked for.
    pub(in crate::solver::rules) fn draws(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed;
        move |bound| {
            state = crate::solver::search::mix(state);
            state % bound
        }
    }

    /// Whether colours `cs` (value colour + 1) with `weights` make `total`.
    pub(in crate::solver::rules) fn adds_up(cs: &[usize], weights: &[i64], total: i64) -> bool {
        (cs.iter().zip(weights))
            .map(|(&c, w)| w * (c as i64 + 1))
            .sum::<i64>()
            == total
    }

    /// Each domain's colours that some choice of one colour per domain
    /// passing `holds` gives it (brute force).
    pub(in crate::solver::rules) fn supports(
        domains: &[u128],
        holds: impl Fn(&[usize]) -> bool,
    ) -> Vec<u128> {
        let options: Vec<Vec<usize>> = domains.iter().map(|&d| colours_of(d).collect()).collect();
        let mut supported = vec![0u128; domains.len()];
        let mut at = vec![0usize; domains.len()];
        // Counting through the choices, the first domain fastest.
        'all: loop {
            let choice: Vec<usize> = (at.iter().zip(&options)).map(|(&k, o)| o[k]).collect();
            if holds(&choice) {
                for (s, &c) in supported.iter_mut().zip(&choice) {
                    *s |= 1 << c;
                }
            }
            for (k, o) in at.iter_mut().zip(&options) {
                *k += 1;
                if *k < o.len() {
                    continue 'all;
                }
                *k = 0;
            }
            return supported;
        }
    }

    fn list(mask: u128) -> Vec<i64> {
        colours_of(mask).map(|c| c as i64 + 1).collect()
    }

    #[test]
    fn twenty_three_in_three_cells_needs_a_six_or_more() {
        let cage = Sum::new(&[0, 1, 2], vec![1; 3], 23, true, digits());
        let all = (1u128 << 9) - 1;
        let mut d = [all; 3];
        cage.propagate(&mut d).unwrap();
        // The only three distinct digits that make 23 are 6, 8 and 9.
        assert_eq!(list(d[0]), vec![6, 8, 9]);
        let mut none = [1 << 0, all, all];
        assert!(cage.propagate(&mut none).is_err());
    }

    #[test]
    fn a_cells_completing_values_are_those_the_rest_can_complete() {
        // Every weight sign, rising values (a run of colours) and values
        // out of order (a test per colour), against the definition.
        let mut next = draws(0x5eed_u64);
        let rising: Arc<[i64]> = vec![-3, 0, 1, 2, 5, 8, 9, 20].into();
        let shuffled: Arc<[i64]> = vec![5, -3, 9, 0, 20, 1, 8, 2].into();
        for _ in 0..5_000 {
            let values = [&rising, &shuffled][next(2) as usize].clone();
            let w = next(7) as i64 - 3;
            let total = next(60) as i64 - 30;
            let rest_lo = next(40) as i64 - 20;
            let rest = (rest_lo, rest_lo + next(30) as i64);
            let sum = Sum::new(&[0, 1], vec![w, 1], total, false, values.clone());
            let d = next(255) as u128 + 1;
            let expected = colours_of(d)
                .filter(|&c| rest.0 + w * values[c] <= total && rest.1 + w * values[c] >= total)
                .fold(0u128, |m, c| m | 1 << c);
            assert_eq!(
                sum.completing(0, d, rest),
                expected,
                "w {w}, total {total}, {rest:?}"
            );
        }
    }

    #[test]
    fn an_arrow_of_two_cells_bounds_its_circle() {
        // circle − a − b = 0
        let arrow = Sum::new(&[0, 1, 2], vec![1, -1, -1], 0, false, digits());
        let all = (1u128 << 9) - 1;
        let mut d = [all, all, all];
        arrow.propagate(&mut d).unwrap();
        assert_eq!(list(d[0]), vec![2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(list(d[1]), vec![1, 2, 3, 4, 5, 6, 7, 8]);
        let mut d = [1 << 2, all, all]; // circle 3: 1+2 or 2+1
        arrow.propagate(&mut d).unwrap();
        assert_eq!(list(d[1]), vec![1, 2]);
    }

    #[test]
    fn reachable_sums_keep_exactly_what_enumeration_keeps() {
        // Random sums with mixed weights: the bitset pass and the walk over
        // every assignment agree on each cell's supported values.
        let mut next = draws(0x9E37_79B9_7F4A_7C15u64);
        for _ in 0..2_000 {
            let n = 2 + next(3) as usize;
            let weights: Vec<i64> = (0..n)
                .map(|_| [1, -1, 2, 10, -3][next(5) as usize])
                .collect();
            let total = next(30) as i64 - 8;
            let sum = Sum::new(&(0..n).collect::<Vec<_>>(), weights, total, false, digits());
            let domains: Vec<u128> = (0..n).map(|_| next(511) as u128 + 1).collect();
            let mut walked = domains.clone();
            let walked = sum.enumerate(&mut walked).map(|_| walked);
            let mut reached = domains.clone();
            let reached = sum.reach(&mut reached).expect("narrow").map(|_| reached);
            assert_eq!(walked.ok(), reached.ok(), "{sum:?} on {domains:?}");
        }
    }

    /// Two or three open cells over consecutive values are settled by
    /// mirrored masks: on random sums (decided cells, distinct or not, values
    /// from 0, 1 or 5 up), exactly the supports of brute force.
    #[test]
    fn two_or_three_open_cells_keep_exactly_their_supports() {
        let mut next = draws(0x00DD_BA11_5EED_u64);
        let mut settled = [0; 2];
        for _ in 0..10_000 {
            let base = [0, 1, 5][next(3) as usize];
            let values: Arc<[i64]> = (base..base + 9).collect::<Vec<_>>().into();
            let open = 2 + next(2) as usize;
            let n = open + next(3) as usize;
            let distinct = next(2) == 0;
            let total = (n as i64) * base + next(8 * n as u64) as i64;
            let cells: Vec<usize> = (0..n).collect();
            let sum = Sum::new(&cells, vec![1; n], total, distinct, values.clone());
            // The first `open` cells open (two to five candidates), the rest
            // decided.
            let domains: Vec<u128> = (0..n)
                .map(|i| match i < open {
                    true => loop {
                        let d = next(511) as u128 + 1;
                        if (2..=5).contains(&d.count_ones()) {
                            break d;
                        }
                    },
                    false => 1 << next(9),
                })
                .collect();
            let supported = supports(&domains, |cs| {
                let adds = cs.iter().map(|&c| values[c]).sum::<i64>() == total;
                let differ = (0..n).all(|i| (i + 1..n).all(|j| cs[i] != cs[j]));
                adds && (differ || !distinct)
            });
            let mut d = domains.clone();
            match sum.enumerate(&mut d) {
                Ok(()) => {
                    assert_eq!(d, supported, "{sum:?} on {domains:?}");
                    settled[open - 2] += 1;
                }
                Err(Contradiction) => assert_eq!(supported[0], 0, "{sum:?} on {domains:?}"),
            }
        }
        assert!(
            settled.iter().all(|&s| s > 500),
            "{settled:?} with a solution"
        );
    }

    /// The reachable sums over blocks of cells that differ keep exactly the
    /// values some solution gives (the cells of a block holding different
    /// values): on random sums, weights and blocks, against brute force.
    #[test]
    fn reachable_sums_over_blocks_keep_exactly_the_supports() {
        let mut next = draws(0x5EED_00F0_B10C_u64);
        let mut narrowed = 0;
        for _ in 0..3_000 {
            let n = 2 + next(3) as usize;
            let weights: Vec<i64> = (0..n).map(|_| [1, 1, 1, -1, 2][next(5) as usize]).collect();
            let total = next(30) as i64 - 5;
            let a = 1 + next(n as u64 - 1) as usize;
            let differ = move |x: usize, y: usize| (x < a) == (y < a);
            let cells: Vec<usize> = (0..n).collect();
            let sum = Sum::new(&cells, weights.clone(), total, false, digits()).differing(differ);
            let domains: Vec<u128> = (0..n)
                .map(|_| {
                    loop {
                        let d = next(511) as u128 + 1;
                        if (1..=5).contains(&d.count_ones()) {
                            break d;
                        }
                    }
                })
                .collect();
            let block_of: Vec<usize> = (0..n)
                .map(|i| sum.blocks.iter().position(|b| b.contains(&i)).unwrap())
                .collect();
            let supported = supports(&domains, |cs| {
                adds_up(cs, &weights, total)
                    && (0..n)
                        .all(|i| (i + 1..n).all(|j| block_of[i] != block_of[j] || cs[i] != cs[j]))
            });
            let mut d = domains.clone();
            match sum.reach(&mut d).expect("narrow") {
                Ok(()) => {
                    assert_eq!(d, supported, "{sum:?} on {domains:?}");
                    narrowed += (d != domains) as usize;
                }
                Err(Contradiction) => assert_eq!(supported[0], 0, "{sum:?} on {domains:?}"),
            }
        }
        assert!(narrowed > 300, "{narrowed} narrowed");
    }

    #[test]
    fn arrow_cells_that_see_each_other_differ() {
        // circle − a − b = 0 with a and b in one box: 4 is 1 + 3, not 2 + 2.
        let arrow = Sum::new(&[0, 1, 2], vec![1, -1, -1], 0, false, digits())
            .differing(|a, b| a != 0 && b != 0);
        let all = (1u128 << 9) - 1;
        let mut d = [1 << 3, all, all];
        arrow.propagate(&mut d).unwrap();
        assert_eq!(list(d[1]), vec![1, 3]);
        // Without the edge, 2 + 2 stays.
        let loose = Sum::new(&[0, 1, 2], vec![1, -1, -1], 0, false, digits());
        let mut d = [1 << 3, all, all];
        loose.propagate(&mut d).unwrap();
        assert_eq!(list(d[1]), vec![1, 2, 3]);
        // 2 cannot be two different positive digits.
        let mut d = [1 << 1, all, all];
        assert!(arrow.propagate(&mut d).is_err());
    }

    /// A cage inside a house of nine, with the rest of the house: on random
    /// candidates, every value some filling of the house gives a cell stays,
    /// and a colour called required is in the cage in every filling.
    #[test]
    fn a_cage_with_its_complement_keeps_every_filling() {
        let mut next = draws(0x51_7cc1_b727_220au64);
        let all = (1u128 << 9) - 1;
        let (mut checked, mut narrowed) = (0, 0);
        for _ in 0..400 {
            let n = 2 + next(3) as usize;
            let total = (1..=n as i64).sum::<i64>() + next(20) as i64;
            let cells: Vec<usize> = (0..n).collect();
            let rest: Vec<usize> = (n..9).collect();
            let cage =
                Sum::new(&cells, vec![1; n], total, true, digits()).with_complement(&rest, all);
            let domains: Vec<u128> = (0..9)
                .map(|_| all & !(next(512) as u128) | 1 << next(9))
                .collect();
            // Every filling of the house: distinct colours, the cage's total.
            let mut supported = [0u128; 9];
            let mut every = all;
            let mut fillings = 0;
            let mut filling = [0usize; 9];
            fn fill(
                at: usize,
                used: u128,
                domains: &[u128],
                f: &mut [usize; 9],
                out: &mut dyn FnMut(&[usize; 9]),
            ) {
                if at == 9 {
                    return out(f);
                }
                for c in colours_of(domains[at] & !used) {
                    f[at] = c;
                    fill(at + 1, used | 1 << c, domains, f, out);
                }
            }
            fill(0, 0, &domains, &mut filling, &mut |f| {
                if f[..n].iter().map(|&c| c as i64 + 1).sum::<i64>() == total {
                    fillings += 1;
                    let mut set = 0u128;
                    for (i, &c) in f.iter().enumerate() {
                        supported[i] |= 1 << c;
                        if i < n {
                            set |= 1 << c;
                        }
                    }
                    every &= set;
                }
            });
            let mut d = domains.clone();
            let result = cage.propagate_requiring(&mut d);
            if fillings == 0 {
                continue;
            }
            let Ok(required) = result else {
                panic!("{domains:?}: {fillings} fillings, but a contradiction");
            };
            for i in 0..9 {
                assert_eq!(
                    d[i] & supported[i],
                    supported[i],
                    "cell {i} lost a value of a filling"
                );
            }
            assert_eq!(
                required & !every,
                0,
                "a required colour some filling leaves out"
            );
            checked += 1;
            narrowed += (d != domains) as usize;
        }
        assert!(
            checked > 50 && narrowed > 20,
            "{checked} checked, {narrowed} narrowed"
        );
    }

    /// The group bounds over digits (32-bit masks) narrow exactly as those
    /// over any rising values: on random sums, weights, groups and domains.
    #[test]
    fn consecutive_group_bounds_agree_with_the_general_ones() {
        let mut next = draws(0x0f1e_2d3c_4b5a_6978u64);
        let (mut narrowed, mut failed) = (0, 0);
        for _ in 0..20_000 {
            let n = 2 + next(7) as usize;
            let weights: Vec<i64> = (0..n)
                .map(|_| [1, 1, -1, 2, -3][next(5) as usize])
                .collect();
            let total = next(80) as i64 - 30;
            let a = 1 + next(n as u64 - 1) as usize;
            let differ = move |x: usize, y: usize| (x < a) == (y < a);
            let values: Arc<[i64]> = match next(2) {
                0 => digits(),
                _ => (0..16).collect(),
            };
            let k = values.len() as u64;
            let sum = Sum::new(&(0..n).collect::<Vec<_>>(), weights, total, false, values)
                .differing(differ);
            assert!(sum.consecutive);
            let domains: Vec<u128> = (0..n).map(|_| next((1 << k) - 1) as u128 + 1).collect();
            let (mut fast, mut general) = (domains.clone(), domains.clone());
            let got = sum.consecutive_group_bounds(&mut fast);
            let expected = sum.any_group_bounds(&mut general);
            assert_eq!(got.is_ok(), expected.is_ok(), "{sum:?} on {domains:?}");
            match got {
                Ok(()) => {
                    assert_eq!(fast, general, "{sum:?} on {domains:?}");
                    narrowed += (fast != domains) as usize;
                }
                Err(_) => failed += 1,
            }
        }
        assert!(
            narrowed > 500 && failed > 500,
            "{narrowed} narrowed, {failed} failed"
        );
    }

    /// Bounds over groups of different cells never drop a value that some
    /// solution of the sum (the grouped cells holding different values)
    /// gives a cell: on random sums, weights and groups, against brute force.
    #[test]
    fn group_bounds_keep_every_supported_value() {
        let mut next = draws(0x1234_5678_9abc_def1u64);
        let mut narrowed = 0;
        for _ in 0..3_000 {
            let n = 3 + next(4) as usize;
            let weights: Vec<i64> = (0..n).map(|_| [1, 1, -1, 2][next(4) as usize]).collect();
            let total = next(40) as i64 - 10;
            // Cells 0..a pairwise differ, and so do a..n.
            let a = 1 + next(n as u64 - 1) as usize;
            let differ = move |x: usize, y: usize| (x < a) == (y < a);
            let sum = Sum::new(
                &(0..n).collect::<Vec<_>>(),
                weights.clone(),
                total,
                false,
                digits(),
            )
            .differing(differ);
            let domains: Vec<u128> = (0..n).map(|_| next(511) as u128 + 1).collect();
            let supported = supports(&domains, |cs| {
                adds_up(cs, &weights, total)
                    && (0..n).all(|i| (i + 1..n).all(|j| !differ(i, j) || cs[i] != cs[j]))
            });
            let mut d = domains.clone();
            let result = sum.group_bounds(&mut d);
            if supported.iter().all(|&s| s != 0) {
                assert!(
                    result.is_ok(),
                    "{sum:?} on {domains:?}: a contradiction with solutions"
                );
                for i in 0..n {
                    assert_eq!(
                        d[i] & supported[i],
                        supported[i],
                        "{sum:?} on {domains:?}: cell {i}"
                    );
                }
                narrowed += (d != domains) as usize;
            }
        }
        assert!(narrowed > 50, "{narrowed} narrowed");
    }
}
