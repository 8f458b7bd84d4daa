//! The one search, over any [`Domain`]: depth-first binary branching (a choice,
//! then its negation) on the tightest choice the domain offers, under a
//! [`Budget`], with colour symmetry breaking.
//!
//! Symmetry: colours that no given uses and that every cell allows alike are
//! interchangeable, so the solutions of a node are closed under permuting the
//! interchangeable colours not yet used there (`free`). When a cell is branched
//! on and its first candidate is free, only that colour is tried: the other free
//! colours lead to images of the same solutions, counted by multiplying (the
//! node's `weight`), and the negation removes every free colour from the cell.

use super::bits::Bits;
use super::{Limits, Stats};
use crate::colours::Colours;

/// Propagation found a cell with no candidate, or a colour with no place in a house.
#[derive(Debug)]
pub(crate) struct Contradiction;

/// What to branch on next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Choice {
    /// Every cell is decided.
    Solved,
    /// Try `colour` in `cell` first, then the negation: `cell` is not `colour`.
    /// The tightest choice, as the domain sees it: an undecided cell with the
    /// fewest candidates and one of them (see [`Store::choose`]), or a colour
    /// with few places left in a full house and one of them.
    Branch { cell: usize, colour: usize },
}

/// A candidate store: storage, save/restore, the branching choice and the
/// primitive edits. Propagation is not here: the house techniques
/// (`propagate/`) and the rules (`rules/`) are written against stores, and
/// [`Domain`] adds their fixed point.
pub(crate) trait Store {
    /// A set of colours, as wide as the alphabet needs.
    type Set: Bits;
    /// Starts over from the graph's allowed colours and `givens` (unpropagated).
    fn reset(&mut self, givens: &[Option<u8>]) -> Result<(), Contradiction>;
    /// The tightest branching choice of a propagated state; ties go to the
    /// lowest index, or, for a `salt` other than 0, to the lowest [`mix`]ed one.
    /// While `seeking` a first solution, a cell's first colour is its least
    /// constraining candidate, the likeliest to lead to one; else the lowest:
    /// a search that goes through every branch takes as long in any order,
    /// less the cost of ordering (5–15% on the 36×36 and 49×49 puzzles of the
    /// variants bench, proven unique).
    fn choose(&mut self, salt: u64, seeking: bool) -> Choice;
    /// Saves the state; [`Store::restore`] returns to it.
    fn save(&mut self);
    /// Returns to the last saved state and forgets it.
    fn restore(&mut self);
    /// Decides `cell` to be `colour` (a candidate of it).
    fn assign(&mut self, cell: usize, colour: usize);
    /// Removes `colours` from the candidates of `cell`.
    fn exclude(&mut self, cell: usize, colours: Self::Set);
    /// [`Store::exclude`] for a caller that has just read the cell's
    /// candidates, `had` (a store that gathers them saves a second look).
    fn exclude_from(&mut self, cell: usize, _had: Self::Set, colours: Self::Set) {
        self.exclude(cell, colours);
    }
    /// The candidates of `cell` (one colour once it is decided).
    fn cell_candidates(&self, cell: usize) -> Self::Set;
    /// The colour of every cell of a solved state.
    fn solution(&self) -> Vec<u8>;
    /// The candidates of every cell, widened, into `out` (a slot per cell).
    fn every_candidates(&self, out: &mut [u128]) {
        for (cell, set) in out.iter_mut().enumerate() {
            *set = self.cell_candidates(cell).wide();
        }
    }
    /// The undecided cells of a propagated state with exactly two candidates,
    /// and their candidates, appended to `out`.
    fn pairs(&self, out: &mut Vec<(u32, Self::Set)>);
    /// The cells with more than one candidate, into `out` as a bitset (cell
    /// `c` is bit `c % 64` of word `c / 64`; `out` is cleared first).
    fn undecided_cells(&self, out: &mut Vec<u64>);
    /// How many cells are undecided.
    fn undecided(&self) -> usize;
    /// Locked candidates are applied only while more cells than this are
    /// undecided: they prune well high in the tree and cost more than they
    /// save near the leaves.
    fn locked_above(&self) -> usize;
    /// Takes the current candidates as seen: [`Store::changed`] reports what
    /// changes from here.
    fn mark(&mut self);
    /// Appends to `out` every cell whose candidates changed since the last
    /// [`Store::mark`] or `changed` (perhaps others too, perhaps twice), and
    /// marks. What the rules use to wake only the propagators of changed cells
    /// instead of comparing every cell they watch.
    fn changed(&mut self, out: &mut Vec<u32>);
    /// Propagation failed right after a branch decided `cell` to be `colour`,
    /// or took `colour` from it: what a store that learns where conflicts
    /// are counts, called in the failed state.
    fn conflict(&mut self, _cell: usize, _colour: usize) {}
    /// A new puzzle: forgets what [`Store::conflict`] taught.
    fn forget(&mut self) {}
    /// A branch, its negation or a probe is about to narrow the current
    /// state: what a store that learns compares a failed state with, to see
    /// which cells the failed propagation decided.
    fn deciding(&mut self) {}
    /// Removes `colour` from every cell that is a neighbour of each of
    /// `cells` (the places a group of cells must hold `colour` in): one of
    /// them takes it, and each such cell sees it. Returns whether anything
    /// was removed; a decided cell holding `colour` there is a
    /// [`Contradiction`].
    fn exclude_seen_by_all(&mut self, cells: &[u32], colour: usize) -> Result<bool, Contradiction>;
}

/// The candidate state a search walks over: a store and its propagation to a
/// fixed point.
pub(crate) trait Domain: Store {
    /// Applies every technique and rule to a fixed point.
    fn propagate(&mut self) -> Result<(), Contradiction>;
    /// Applies the cheap ones (naked and hidden singles, and the rules) to a
    /// fixed point: how probing tries a literal.
    fn propagate_singles(&mut self) -> Result<(), Contradiction>;
}

/// A well-spread hash of `x` (the SplitMix64 finaliser), for seeded tie-breaking.
pub(crate) fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The `i`-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 …: run
/// lengths whose total work is within a log factor of the best fixed length.
fn luby(mut i: u64) -> u64 {
    loop {
        let k = 64 - i.leading_zeros() as u64; // 2^(k-1) <= i < 2^k
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Nodes of the shortest run between restarts, per cell: a run must at least
/// be able to reach a solution without a wrong turn.
const RUN_UNIT_PER_CELL: u64 = 2;

/// Nodes of the shortest run between restarts, at the least.
const RUN_UNIT_MIN: u64 = 1024;

/// Nodes of the shortest run between restarts on a board of `cells` cells.
fn run_unit(cells: usize) -> u64 {
    (cells as u64 * RUN_UNIT_PER_CELL).max(RUN_UNIT_MIN)
}

/// A pending negation: what to do when the choice below it is exhausted.
#[derive(Debug, Clone, Copy)]
struct Frame<S> {
    cell: usize,
    exclude: S,
    /// `free` and `weight` of the node, for the negation.
    free: S,
    weight: u128,
    /// For a free colour tried for all: it and another free colour, which trade
    /// places in an image of any solution below.
    swap: Option<(u8, u8)>,
}

/// A search over one puzzle that finds its solutions in turn.
#[derive(Debug, Clone)]
pub(crate) struct Search<D: Domain> {
    domain: D,
    frames: Vec<Frame<D::Set>>,
    free: D::Set,
    weight: u128,
    /// The current state still needs propagating (else it is the last solution).
    pending: bool,
    done: bool,
    gave_up: bool,
    limits: Limits,
    stats: Stats,
    /// Restarts (until a first solution) with seeded tie-breaking: the run, its
    /// salt, where it started and how long it may last; `None` when off.
    restarts: Option<Restarts>,
    givens: Vec<Option<u8>>,
    /// A colour taken from an empty cell at the root, besides the givens.
    without: Option<(usize, usize)>,
    root_free: D::Set,
    probing: Probing,
    /// A solution was found since the search started.
    found: bool,
    /// Each cell's colour to try first when it is a candidate (see
    /// [`Search::prefer`]); empty for the store's own order.
    preferred: Vec<u8>,
    /// The two-candidate cells of the node being probed (kept to reuse its memory).
    pairs: Vec<(u32, D::Set)>,
    /// The cell and colour of the last branch or negation, to blame for a
    /// contradiction.
    last: Option<(usize, usize)>,
}

/// When to probe (see [`Search::probe`]): not before `after` nodes, then at
/// every node while probing narrows something, and after a round that finds
/// nothing only after twice as many nodes as the last time.
#[derive(Debug, Clone, Copy)]
struct Probing {
    after: u64,
    gap: u64,
    /// The cell where the last failed literal was found.
    cursor: u32,
    /// Probing has started.
    on: bool,
}

impl Probing {
    fn new() -> Self {
        Probing {
            after: PROBE_AFTER,
            gap: 1,
            cursor: 0,
            on: false,
        }
    }
}

/// Nodes a search takes before it starts probing. Measured: on top1465, 16
/// nodes cost 18% more instructions and 64 nodes 2%; a 49×49 puzzle with 55%
/// givens is proven unique in 18,709 nodes without probing, 265 probing from
/// the root and 333 from the 64th node.
const PROBE_AFTER: u64 = 64;

/// The state of restarts: see [`Search::restart`].
#[derive(Debug, Clone, Copy)]
struct Restarts {
    seed: u64,
    run: u64,
    salt: u64,
    started: u64,
    length: u64,
}

/// Decisions a run must have held for the next to keep most of them (see
/// [`Search::next_run`]): below it a full restart costs little. Measured: the
/// empty hand-drawn jigsaw of the variants bench takes 1,065 nodes with full
/// restarts and 33,848 when every other one keeps its 60-odd decisions.
const PARTIAL_DEPTH: usize = 256;

/// The key that orders equal candidates: `x` itself for salt 0, so the lowest
/// comes first, else its [`mix`] with the salt.
pub(crate) fn rank(x: usize, salt: u64) -> u64 {
    match salt {
        0 => x as u64,
        _ => mix(x as u64 ^ salt),
    }
}

impl<D: Domain> Search<D> {
    pub(crate) fn new(domain: D) -> Self {
        Search {
            domain,
            frames: Vec::new(),
            free: D::Set::ZERO,
            weight: 1,
            pending: false,
            done: true,
            gave_up: false,
            limits: Limits::default(),
            stats: Stats::default(),
            restarts: None,
            givens: Vec::new(),
            without: None,
            root_free: D::Set::ZERO,
            probing: Probing::new(),
            pairs: Vec::new(),
            last: None,
            found: false,
            preferred: Vec::new(),
        }
    }

    /// Starts over on `givens`, with colour `without.1` taken from cell
    /// `without.0` when asked; `free` are the interchangeable colours (none to
    /// find every solution one by one), within the domain's alphabet.
    ///
    /// With a seed, the search restarts from the root, with ties broken by a
    /// new salt drawn from the seed, whenever a run takes more nodes than the
    /// Luby sequence allows, until the first solution: it keeps a search from
    /// getting lost under an early wrong choice. The run that finds the first
    /// solution goes on to find the rest, so nothing is lost or found twice.
    pub(crate) fn restart(
        &mut self,
        givens: &[Option<u8>],
        without: Option<(usize, usize)>,
        free: Colours,
        seed: Option<u64>,
    ) {
        let free = D::Set::narrow(free);
        self.frames.clear();
        self.free = free;
        self.root_free = free;
        self.weight = 1;
        self.stats = Stats::default();
        self.gave_up = false;
        self.probing = Probing::new();
        self.found = false;
        self.preferred.clear();
        self.restarts = seed.map(|seed| Restarts {
            seed,
            run: 1,
            salt: 0,
            started: 0,
            length: run_unit(givens.len()),
        });
        self.givens.clear();
        self.givens.extend_from_slice(givens);
        self.domain.forget();
        self.without = without;
        let ok = self.root().is_ok();
        self.pending = ok;
        self.done = !ok;
        if !ok {
            self.stats.nodes += 1;
            self.stats.backtracks += 1;
        }
    }

    /// Tries `colouring`'s colour of a cell first, where it is a candidate,
    /// until the next [`Search::restart`]: a search for a solution other than
    /// a known one then stays near it, changing only what it must.
    pub(crate) fn prefer(&mut self, colouring: &[u8]) {
        self.preferred.clear();
        self.preferred.extend_from_slice(colouring);
    }

    /// No failed-literal probing until the next [`Search::restart`].
    pub(crate) fn never_probe(&mut self) {
        self.probing.after = u64::MAX;
    }

    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Moves to the next solution; returns false when there is none left or the
    /// budget ran out ([`Self::gave_up`]).
    pub(crate) fn advance(&mut self) -> bool {
        if self.done {
            return false;
        }
        if !self.pending && !self.backtrack() {
            return false;
        }
        loop {
            if self.over_budget() {
                self.gave_up = true;
                self.done = true;
                return false;
            }
            self.stats.nodes += 1;
            if self.run_is_over() {
                self.next_run();
                continue;
            }
            if self.domain.propagate().is_err() {
                self.stats.backtracks += 1;
                if let Some((cell, colour)) = self.last.take() {
                    self.domain.conflict(cell, colour);
                }
                if !self.backtrack() {
                    return false;
                }
                continue;
            }
            if self.stats.nodes >= self.probing.after {
                if !self.probing.on {
                    self.probing.on = true;
                    // Probing pays most at the root: start over, unless a
                    // solution was found already (it would be found twice).
                    if !self.found && !self.frames.is_empty() {
                        self.rewind();
                        continue;
                    }
                }
                if self.probe() {
                    // A failed literal left its cell: propagate again.
                    continue;
                }
            }
            let salt = self.restarts.map_or(0, |r| r.salt);
            // Restarts are on until a first solution, when one is sought.
            let seeking = self.restarts.is_some();
            let (cell, colour) = match self.domain.choose(salt, seeking) {
                Choice::Solved => {
                    self.pending = false;
                    self.found = true;
                    // This run finds the rest: no more restarts.
                    self.restarts = None;
                    return true;
                }
                Choice::Branch { cell, colour } => match self.preferred.get(cell) {
                    Some(&near)
                        if self.domain.cell_candidates(cell) & D::Set::bit(near as usize)
                            != D::Set::ZERO =>
                    {
                        (cell, near as usize)
                    }
                    _ => (cell, colour),
                },
            };
            let mut frame = Frame {
                cell,
                exclude: D::Set::bit(colour),
                free: self.free,
                weight: self.weight,
                swap: None,
            };
            if self.free & D::Set::bit(colour) != D::Set::ZERO {
                // Every free colour is a candidate here, by symmetry, and has
                // the same places: one stands for all, and the negation is
                // that the cell takes none of them.
                let others = self.free & !D::Set::bit(colour);
                frame.exclude = self.free;
                if others != D::Set::ZERO {
                    frame.swap = Some((colour as u8, others.index() as u8));
                }
                self.weight = self.weight.saturating_mul(self.free.count() as u128);
                self.free = others;
            }
            self.branch(frame, colour);
        }
    }

    /// Failed-literal probing: each colour of each two-candidate cell is tried
    /// and propagated; one that ends in a contradiction leaves its cell, which
    /// returns true. Each try counts as a node. It cuts the trees of hard
    /// puzzles and big boards by orders of magnitude (a 36×36 puzzle with 55%
    /// givens: 7,191 nodes to none), and costs a propagation per try, so it
    /// starts only once a search has shown it is not easy and backs off while
    /// it finds nothing.
    fn probe(&mut self) -> bool {
        let mut pairs = std::mem::take(&mut self.pairs);
        pairs.clear();
        self.domain.pairs(&mut pairs);
        let mut narrowed = false;
        // From where the last round stopped: the cells before it held up then.
        let from = pairs.partition_point(|&(cell, _)| cell < self.probing.cursor);
        let (before, after) = pairs.split_at(from);
        'cells: for &(cell, colours) in after.iter().chain(before) {
            let mut set = colours;
            while set != D::Set::ZERO {
                if self.over_budget() {
                    break 'cells;
                }
                let colour = set.index();
                set ^= set.lowest();
                self.stats.nodes += 1;
                self.domain.save();
                self.domain.deciding();
                self.domain.assign(cell as usize, colour);
                let failed = self.domain.propagate_singles().is_err();
                if failed {
                    // A conflict the search would have met: the branching
                    // that learns counts it as one (the rules bench: hard
                    // renbans 6.5 → 4.6 s in all, the extreme killers and
                    // thermometers 10–20% faster; the two zippers slower),
                    // in the failed state.
                    self.domain.conflict(cell as usize, colour);
                }
                self.domain.restore();
                if failed {
                    self.probing.cursor = cell;
                    self.domain.exclude(cell as usize, D::Set::bit(colour));
                    narrowed = true;
                    break 'cells;
                }
            }
        }
        self.pairs = pairs;
        let p = &mut self.probing;
        match narrowed {
            true => p.gap = 1,
            false => p.gap *= 2,
        }
        p.after = self.stats.nodes + p.gap;
        narrowed
    }

    fn run_is_over(&self) -> bool {
        self.restarts
            .is_some_and(|r| self.stats.nodes - r.started > r.length)
    }

    /// Starts the next run: from the root, or, every other time when the last
    /// run held more than [`PARTIAL_DEPTH`] decisions, from the first three
    /// quarters of them, redoing the rest. A search can go astray early (a
    /// full restart mends that) or get stuck near the bottom of a big board,
    /// where a full restart throws away thousands of good decisions. Measured
    /// on the empty 49×49 over 14 seeds: median nodes to a solution 27,000 →
    /// 6,000; the 50 hand-made jigsaws of `tests/engine.rs` settle as before.
    fn next_run(&mut self) {
        let Some(r) = &mut self.restarts else { return };
        r.run += 1;
        r.salt = mix(r.seed ^ r.run).max(1);
        r.started = self.stats.nodes;
        r.length = luby(r.run) * run_unit(self.givens.len());
        let depth = self.frames.len();
        match r.run % 2 == 0 && depth > PARTIAL_DEPTH {
            true => self.back_to(depth * 3 / 4),
            false => self.rewind(),
        }
    }

    /// Goes back to the node at `depth` decisions, as it was before its choice
    /// was made; the choices above it keep their negations.
    fn back_to(&mut self, depth: usize) {
        while self.frames.len() > depth {
            let frame = self.frames.pop().expect("a frame");
            self.domain.restore();
            self.free = frame.free;
            self.weight = frame.weight;
        }
    }

    /// Goes back to the root, as the search started.
    fn rewind(&mut self) {
        self.back_to(0);
        self.free = self.root_free;
        self.weight = 1;
        // The root was consistent when this search started.
        let _ = self.root();
    }

    /// Sets the domain to the root: the givens, less the colour taken away.
    fn root(&mut self) -> Result<(), Contradiction> {
        self.domain.reset(&self.givens)?;
        if let Some((cell, colour)) = self.without {
            self.domain.exclude(cell, D::Set::bit(colour));
        }
        Ok(())
    }

    fn branch(&mut self, frame: Frame<D::Set>, colour: usize) {
        self.domain.save();
        self.domain.deciding();
        self.domain.assign(frame.cell, colour);
        self.last = Some((frame.cell, colour));
        self.frames.push(frame);
    }

    /// Leaves the current subtree for the negation of the innermost choice;
    /// false (and done) when there is none.
    fn backtrack(&mut self) -> bool {
        let Some(frame) = self.frames.pop() else {
            self.done = true;
            return false;
        };
        self.domain.restore();
        self.domain.deciding();
        self.domain.exclude(frame.cell, frame.exclude);
        self.last = Some((frame.cell, frame.exclude.index()));
        self.free = frame.free;
        self.weight = frame.weight;
        self.pending = true;
        true
    }

    fn over_budget(&self) -> bool {
        self.limits.spent(self.stats.nodes)
    }

    /// How many solutions the last one found stands for (1 without symmetry).
    pub(crate) fn weight(&self) -> u128 {
        self.weight
    }

    /// The colours of the last solution found.
    pub(crate) fn colours(&self) -> Vec<u8> {
        self.domain.solution()
    }

    /// Another solution than the last one found, its image under a swap of two
    /// interchangeable colours, when its weight is more than one.
    pub(crate) fn image(&self) -> Option<Vec<u8>> {
        let (a, b) = self.frames.iter().rev().find_map(|f| f.swap)?;
        let swapped = self.colours().into_iter().map(|c| match c {
            c if c == a => b,
            c if c == b => a,
            c => c,
        });
        Some(swapped.collect())
    }

    pub(crate) fn gave_up(&self) -> bool {
        self.gave_up
    }

    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }
}
