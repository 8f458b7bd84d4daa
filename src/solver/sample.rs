//! Stratified probes of a puzzle's search tree, with the solver's propagation:
//! what [`crate::estimate`] builds its estimate of the number of solutions on.
//!
//! The tree is not the search's (binary, steered by the failures seen so far)
//! but one fixed by each node alone. A node is the propagated state of its
//! path; its children are the candidates of its first undecided cell with the
//! fewest, each assigned and propagated; a child whose propagation ends in a
//! contradiction has no solution and is left out, and a child with no cell
//! left undecided is a solution.
//!
//! A probe is Chen's stratified sampling (1992), level by level: every child
//! of the nodes kept at one level is looked at; the solutions among them are
//! counted, each with its parent's weight; the others are grouped into strata
//! by how many cells they leave undecided, and each stratum keeps one child,
//! drawn with a chance proportional to its weight, which takes the weight of
//! the whole stratum. With one stratum per level it is Knuth's random probe
//! (1975); with a stratum per node, the whole tree. Nodes that leave as many
//! cells open tend to hold alike subtrees, so the strata cut the variance of
//! Knuth's probe by more than they add to its cost (see the README).

use rand_core::Rng;

use super::bits::Bits;
use super::search::Domain;
use super::{Compiled, Limits, Solver, Store, dense, rules, sparse};
use crate::puzzle::{Puzzle, Solution};

/// Strata at most per level: more cells than this share strata, so the
/// nodes a probe holds stay bounded on big boards.
const MAX_STRATA: usize = 256;

/// A count of solutions, however big: an `f64` times a power of two, so that
/// the tree of a 64×64 board does not overflow it (the empty 25×25 Sudoku
/// already has more solutions than an `f64` holds). Sums of whole numbers
/// below 2^53 are exact.
///
/// # Example
/// ```
/// use graphdoku::solver::Weight;
/// let two = Weight::ONE + Weight::ONE;
/// assert_eq!(two.to_f64(), 2.0);
/// assert_eq!(two.times(1e300).times(1e300).ratio(Weight::ONE.times(1e300)), 2e300);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weight {
    /// Below 2^[`Weight::STEP`], not negative.
    mantissa: f64,
    /// A multiple of [`Weight::STEP`].
    exponent: i32,
}

impl Weight {
    /// No solution.
    pub const ZERO: Weight = Weight {
        mantissa: 0.0,
        exponent: 0,
    };
    /// One solution.
    pub const ONE: Weight = Weight {
        mantissa: 1.0,
        exponent: 0,
    };
    /// The power of two the exponent moves by.
    const STEP: i32 = 256;

    /// This weight times `x`, a finite number not negative.
    pub fn times(self, x: f64) -> Weight {
        // Both below 2^STEP: their product is below f64's limit.
        let x = Weight {
            mantissa: x,
            exponent: 0,
        }
        .normal();
        Weight {
            mantissa: self.mantissa * x.mantissa,
            exponent: self.exponent + x.exponent,
        }
        .normal()
    }

    /// This weight divided by `x`, a positive finite number.
    pub fn divided_by(self, x: f64) -> Weight {
        Weight {
            mantissa: self.mantissa / x,
            ..self
        }
    }

    /// This weight divided by `other` (infinite when that overflows, or
    /// when `other` is zero).
    pub fn ratio(self, other: Weight) -> f64 {
        times_two_to(
            self.mantissa / other.mantissa,
            self.exponent - other.exponent,
        )
    }

    /// The nearest `f64`: infinite beyond `f64::MAX`.
    pub fn to_f64(self) -> f64 {
        times_two_to(self.mantissa, self.exponent)
    }

    /// The decimal logarithm (minus infinity for zero), for weights of any size.
    pub fn log10(self) -> f64 {
        self.mantissa.log10() + self.exponent as f64 * std::f64::consts::LOG10_2
    }

    /// The mantissa this weight would have with `exponent`.
    fn scaled_to(self, exponent: i32) -> f64 {
        times_two_to(self.mantissa, self.exponent - exponent)
    }

    /// The same number with the mantissa below 2^STEP (or infinite).
    fn normal(mut self) -> Weight {
        let limit = times_two_to(1.0, Weight::STEP);
        while self.mantissa >= limit && self.mantissa.is_finite() {
            self.mantissa /= limit;
            self.exponent += Weight::STEP;
        }
        self
    }
}

impl std::ops::Add for Weight {
    type Output = Weight;

    fn add(self, other: Weight) -> Weight {
        let exponent = self.exponent.max(other.exponent);
        Weight {
            mantissa: self.scaled_to(exponent) + other.scaled_to(exponent),
            exponent,
        }
        .normal()
    }
}

/// `x` times 2^`k`, exact while the result is a normal `f64`.
fn times_two_to(x: f64, k: i32) -> f64 {
    // Two steps, each a power of two within f64's range.
    let half = k / 2;
    let power = |e: i32| f64::from_bits(((e.clamp(-1022, 1023) + 1023) as u64) << 52);
    x * power(half) * power(k - half)
}

/// One stratified probe of the tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Probe {
    /// Its estimate of the number of solutions (see [`Sampler::probe`]).
    pub weight: Weight,
    /// The solutions it met, for checking.
    pub leaves: Vec<Solution>,
    /// No stratum ever held two nodes: the probe went through the whole
    /// tree, and its weight is the number of solutions itself.
    pub exact: bool,
}

/// Stratified probes of the tree of one puzzle ([`Solver::sampler`]), all
/// of them under the solver's budget together.
#[derive(Debug, Clone)]
pub struct Sampler<'s> {
    probers: Probers<'s>,
    givens: Vec<Option<u8>>,
    limits: Limits,
    nodes: u64,
}

/// A prober over one store.
type Probers<'s> = Store<
    Prober<rules::Ruled<'s, dense::Board<'s, 2, 1>>>,
    Prober<rules::Ruled<'s, dense::Board<'s, 4, 1>>>,
    Prober<rules::Ruled<'s, dense::Board<'s, 8, 4>>>,
    Prober<rules::Ruled<'s, sparse::Cells<'s, u16>>>,
    Prober<rules::Ruled<'s, sparse::Cells<'s, u32>>>,
    Prober<rules::Ruled<'s, sparse::Cells<'s, u64>>>,
    Prober<rules::Ruled<'s, sparse::Cells<'s, u128>>>,
    Prober<rules::Ruled<'s, sparse::Cells<'s, crate::colours::Colours>>>,
    // Never built: a classic solver probes its generic tables.
    Prober<rules::Ruled<'s, dense::Board<'s, 2, 1>>>,
>;

impl Solver {
    /// Stratified probes of the search tree of `puzzle` (see
    /// [`Sampler::probe`]); this solver's [`Budget`](super::Budget) holds for
    /// all of them together, nodes counted from the first probe and time
    /// from now.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, Puzzle, Solver};
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_core::SeedableRng;
    /// let graph = ConstraintGraph::load("sudoku4").unwrap();
    /// let solver = Solver::new(&graph);
    /// let mut sampler = solver.sampler(&Puzzle::empty(16));
    /// let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// // The empty 4×4 has 288 solutions: the mean of many probes comes near.
    /// let mean = (0..1000)
    ///     .map(|_| sampler.probe(&mut rng).unwrap().weight.to_f64())
    ///     .sum::<f64>()
    ///     / 1000.0;
    /// assert!((270.0..306.0).contains(&mean), "{mean}");
    /// ```
    pub fn sampler(&self, puzzle: &Puzzle) -> Sampler<'_> {
        Sampler {
            probers: self.probers(&self.tables),
            givens: puzzle.givens().to_vec(),
            limits: Limits::from(self.budget),
            nodes: 0,
        }
    }

    fn probers<'s>(&'s self, tables: &'s Compiled) -> Probers<'s> {
        macro_rules! prober {
            ($store:expr) => {
                Prober::new(rules::Ruled::new($store, &self.rules))
            };
        }
        match tables {
            Store::D2(t) => Store::D2(prober!(dense::Board::new(t))),
            Store::D4(t) => Store::D4(prober!(dense::Board::new(t))),
            Store::D8(t) => Store::D8(prober!(dense::Board::new(t))),
            Store::S16(t) => Store::S16(prober!(sparse::Cells::new(t))),
            Store::S32(t) => Store::S32(prober!(sparse::Cells::new(t))),
            Store::S64(t) => Store::S64(prober!(sparse::Cells::new(t))),
            Store::S128(t) => Store::S128(prober!(sparse::Cells::new(t))),
            Store::S256(t) => Store::S256(prober!(sparse::Cells::new(t))),
            Store::Classic(c) => self.probers(&c.generic),
        }
    }
}

impl Sampler<'_> {
    /// One probe from the root, its draws from `rng`; `None` once the budget
    /// has run out (the probe under way is dropped).
    ///
    /// Its weight is an unbiased estimate of the number of solutions: the
    /// mean of many probes comes as near to it as their spread allows.
    ///
    /// # Panics
    /// When the puzzle does not have one entry per cell of the graph.
    pub fn probe<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Probe> {
        let mut meter = Meter {
            limits: self.limits,
            nodes: &mut self.nodes,
        };
        let givens = &self.givens;
        each_store!(&mut self.probers, p => p.probe(givens, rng, &mut meter))
    }

    /// Whether the budget bounds the probes at all (in nodes, time, or by a
    /// flag): else only a number of probes ends a run of them.
    pub fn bounded(&self) -> bool {
        let l = &self.limits;
        l.nodes.is_some() || l.deadline.is_some() || l.stop.is_some()
    }

    /// Nodes (propagated states) of every probe so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The budget's count of nodes and look at the clock.
struct Meter<'a> {
    limits: Limits,
    nodes: &'a mut u64,
}

impl Meter<'_> {
    /// Counts a node, unless the budget is spent: then false.
    fn node(&mut self) -> bool {
        let l = &self.limits;
        let spent = l.nodes.is_some_and(|max| *self.nodes >= max)
            || l.stop.is_some_and(|stop| stop.is_set())
            || l.deadline.is_some_and(|d| std::time::Instant::now() >= d);
        *self.nodes += u64::from(!spent);
        !spent
    }
}

/// The child that stands for a stratum of the next level, and the weight of
/// the stratum: the child is the candidate `colour` of the parent's `cell`.
#[derive(Debug, Clone, Copy)]
struct Stratum {
    parent: usize,
    cell: usize,
    colour: usize,
    weight: Weight,
}

/// Probes over one domain.
#[derive(Debug, Clone)]
struct Prober<D: Domain> {
    /// The root, once propagated (a scratch state before).
    root: D,
    /// The nodes kept at the level being expanded, with their weights.
    level: Vec<(D, Weight)>,
    /// The strata of the next level, and where each one is by its number.
    strata: Vec<Stratum>,
    slot: Vec<u32>,
}

impl<D: Domain + Clone> Prober<D> {
    fn new(root: D) -> Self {
        Prober {
            root,
            level: Vec::new(),
            strata: Vec::new(),
            slot: Vec::new(),
        }
    }

    fn probe<R: Rng + ?Sized>(
        &mut self,
        givens: &[Option<u8>],
        rng: &mut R,
        meter: &mut Meter,
    ) -> Option<Probe> {
        let mut probe = Probe {
            weight: Weight::ZERO,
            leaves: Vec::new(),
            exact: true,
        };
        if !meter.node() {
            return None;
        }
        if self.root.reset(givens).is_err() || self.root.propagate().is_err() {
            return Some(probe);
        }
        if self.root.undecided() == 0 {
            probe.weight = Weight::ONE;
            probe.leaves.push(Solution::new(self.root.solution()));
            return Some(probe);
        }
        let cells = givens.len();
        // Nodes with as many undecided cells, within this width, share a stratum.
        let width = cells.div_ceil(MAX_STRATA).max(1);
        self.slot.clear();
        self.slot.resize(cells / width + 1, u32::MAX);
        self.level.clear();
        self.level.push((self.root.clone(), Weight::ONE));
        while !self.level.is_empty() {
            self.strata.clear();
            for (parent, (node, weight)) in self.level.iter_mut().enumerate() {
                let weight = *weight;
                // Every node kept has a cell open (else it was counted as a
                // solution); should propagation leave none, it is one.
                let Some(cell) = tightest(node, cells) else {
                    probe.weight = probe.weight + weight;
                    probe.leaves.push(Solution::new(node.solution()));
                    continue;
                };
                let mut candidates = node.cell_candidates(cell);
                while candidates != D::Set::ZERO {
                    let colour = candidates.index();
                    candidates ^= candidates.lowest();
                    if !meter.node() {
                        return None;
                    }
                    node.save();
                    node.assign(cell, colour);
                    if node.propagate().is_ok() {
                        match node.undecided() {
                            0 => {
                                probe.weight = probe.weight + weight;
                                probe.leaves.push(Solution::new(node.solution()));
                            }
                            left => {
                                let child = Stratum {
                                    parent,
                                    cell,
                                    colour,
                                    weight,
                                };
                                let slot = &mut self.slot[left / width];
                                match self.strata.get_mut(*slot as usize) {
                                    None => {
                                        *slot = self.strata.len() as u32;
                                        self.strata.push(child);
                                    }
                                    Some(stratum) => {
                                        probe.exact = false;
                                        stratum.weight = stratum.weight + weight;
                                        // Kept with a chance of its share of the weight.
                                        if unit(rng) < weight.ratio(stratum.weight) {
                                            *stratum = Stratum {
                                                weight: stratum.weight,
                                                ..child
                                            };
                                        }
                                    }
                                }
                            }
                        }
                    }
                    node.restore();
                }
            }
            // The next level: each stratum's child, made again from its parent
            // (the propagation is the same as a moment ago: no contradiction).
            let mut next = Vec::with_capacity(self.strata.len());
            for s in &self.strata {
                let mut child = self.level[s.parent].0.clone();
                child.assign(s.cell, s.colour);
                if child.propagate().is_ok() {
                    next.push((child, s.weight));
                }
            }
            self.slot.fill(u32::MAX);
            self.level = next;
        }
        Some(probe)
    }
}

/// The first undecided cell of `domain` with the fewest candidates, if any.
fn tightest<D: Domain>(domain: &D, cells: usize) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for cell in 0..cells {
        let k = domain.cell_candidates(cell).count();
        if k >= 2 && best.is_none_or(|(fewest, _)| k < fewest) {
            best = Some((k, cell));
            if k == 2 {
                break;
            }
        }
    }
    best.map(|(_, cell)| cell)
}

/// A uniform draw from [0, 1): 53 random bits.
fn unit<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}
