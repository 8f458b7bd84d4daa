//! Symbol-major bitboards: for every colour, the set of cells where it may still
//! go, as `W` machine words; each cell's neighbours and each full house as cell
//! sets of the same width, so the house techniques (`propagate/`, each with a
//! kernel for this store) are a few word operations each.
//!
//! Placing colour `s` in cell `c` clears `c` from every colour's set and `c`'s
//! neighbours from `s`'s set, and marks stale the houses where a colour lost
//! places, for hidden singles and pointing to look at. `W` (cell words) and `H` (house words) are
//! fixed at compile time, so every set is an array the compiler unrolls, with
//! no bounds check per word.
//!
//! A cell keeps its colour's bit once decided (it is also in the solved set),
//! so a decided colour still counts one cell in each of its houses.

use super::search::{Choice, Contradiction, Store, rank};
use super::shape::Shape;

/// A set of cells: bit `c % 64` of word `c / 64` is cell `c`.
type Set<const W: usize> = [u64; W];

#[inline(always)]
pub(in crate::solver) fn and<const W: usize>(a: &Set<W>, b: &Set<W>) -> Set<W> {
    std::array::from_fn(|i| a[i] & b[i])
}

#[inline(always)]
pub(in crate::solver) fn and_not<const W: usize>(a: &Set<W>, b: &Set<W>) -> Set<W> {
    std::array::from_fn(|i| a[i] & !b[i])
}

#[inline(always)]
pub(in crate::solver) fn is_empty<const W: usize>(a: &Set<W>) -> bool {
    a.iter().fold(0, |any, x| any | x) == 0
}

/// 0 for no cell, 1 for one, 2 or more for several (no popcount: not every
/// x86-64 has one).
#[inline(always)]
pub(in crate::solver) fn few<const W: usize>(a: &Set<W>) -> u32 {
    if W == 2 {
        // Two words as one: a borrow instead of a test per word.
        let x = a[0] as u128 | (a[1] as u128) << 64;
        return (x != 0) as u32 + (x & x.wrapping_sub(1) != 0) as u32;
    }
    a.iter()
        .map(|&x| (x != 0) as u32 + (x & x.wrapping_sub(1) != 0) as u32)
        .sum()
}

#[inline(always)]
fn count<const W: usize>(a: &Set<W>) -> u32 {
    a.iter().map(|x| x.count_ones()).sum()
}

/// The lowest cell of a non-empty set.
#[inline(always)]
pub(in crate::solver) fn first<const W: usize>(a: &Set<W>) -> usize {
    let i = a.iter().position(|&x| x != 0).unwrap_or(0);
    i * 64 + a[i].trailing_zeros() as usize
}

/// The cells of `a`, lowest first.
#[inline(always)]
pub(in crate::solver) fn cells<const W: usize>(a: Set<W>) -> Cells<W> {
    Cells { words: a, word: 0 }
}

/// The iterator of [`cells`]: a plain loop over words (a `flat_map` over
/// them cost a fifth of a thermometer puzzle's instructions).
pub(in crate::solver) struct Cells<const W: usize> {
    words: Set<W>,
    word: usize,
}

impl<const W: usize> Iterator for Cells<W> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let x = &mut self.words[self.word];
            if *x != 0 {
                let cell = self.word * 64 + x.trailing_zeros() as usize;
                *x &= *x - 1;
                return Some(cell);
            }
            self.word += 1;
        }
        None
    }
}

/// The set of the given cells.
fn set_of<const W: usize>(cells: impl IntoIterator<Item = usize>) -> Set<W> {
    let mut set = [0; W];
    for c in cells {
        set[c / 64] |= 1 << (c % 64);
    }
    set
}

/// A set of full houses: bit `h % 64` of word `h / 64` is house `h`.
type Houses<const H: usize> = [u64; H];

#[inline(always)]
pub(in crate::solver) fn or_into<const H: usize>(into: &mut Houses<H>, a: &Houses<H>) {
    for (x, y) in into.iter_mut().zip(a) {
        *x |= y;
    }
}

/// Whether a graph of `cells` cells and `houses` full houses fits the
/// bitboards of `W` cell words and `H` house words.
pub(crate) const fn fits<const W: usize, const H: usize>(cells: usize, houses: usize) -> bool {
    cells <= W * 64 && houses <= H * 64
}

/// The graph as cell sets, shared by every search.
#[derive(Debug, Clone)]
pub(crate) struct Tables<const W: usize, const H: usize> {
    pub(in crate::solver) colours: usize,
    cells: usize,
    /// The neighbours of each cell.
    pub(in crate::solver) peers: Vec<Set<W>>,
    /// The cells of each full house.
    pub(in crate::solver) houses: Vec<Set<W>>,
    /// The full houses of each cell.
    pub(in crate::solver) cell_houses: Vec<Houses<H>>,
    /// The full houses that meet the neighbours of each cell, where a colour
    /// placed in the cell loses places.
    peer_houses: Vec<Houses<H>>,
    /// Every full house.
    every_house: Houses<H>,
    /// The cells that allow each colour.
    initial: Vec<Set<W>>,
    /// Every cell.
    pub(in crate::solver) all: Set<W>,
}

impl<const W: usize, const H: usize> Tables<W, H> {
    pub(crate) fn new(shape: &Shape) -> Self {
        let cells = shape.cells();
        assert!(
            fits::<W, H>(cells, shape.houses.len()),
            "the graph does not fit {W} and {H} words"
        );
        let peers = (shape.neighbours.iter())
            .map(|n| set_of(n.iter().map(|&c| c as usize)))
            .collect();
        let houses = (shape.houses.iter())
            .map(|h| set_of(h.iter().map(|&c| c as usize)))
            .collect();
        let mut cell_houses = vec![[0; H]; cells];
        for (h, house) in shape.houses.iter().enumerate() {
            for &c in house {
                cell_houses[c as usize][h / 64] |= 1 << (h % 64);
            }
        }
        let peer_houses = (shape.neighbours.iter())
            .map(|neighbours| {
                let mut near = [0; H];
                for &n in neighbours {
                    or_into(&mut near, &cell_houses[n as usize]);
                }
                near
            })
            .collect();
        let every_house = set_of(0..shape.houses.len());
        let all = set_of(0..cells);
        let restricted = shape.restricted();
        let initial = (0..shape.colours)
            .map(|colour| {
                let refused = restricted
                    .iter()
                    .copied()
                    .filter(|&c| !shape.allows(c, colour));
                and_not(&all, &set_of(refused))
            })
            .collect();
        Tables {
            colours: shape.colours,
            cells,
            peers,
            houses,
            cell_houses,
            peer_houses,
            every_house,
            initial,
            all,
        }
    }
}

/// The most word operations a search for the tightest house place may cost.
const PLACE_SCAN_MAX: usize = 20_000;

/// The cell of the non-empty set `ties` with the most neighbours in
/// `undecided`; further ties go to the lowest [`rank`].
#[inline(always)]
fn busiest<const W: usize>(ties: Set<W>, peers: &[Set<W>], undecided: Set<W>, salt: u64) -> usize {
    let mut best: Option<(usize, (u32, u64))> = None;
    for cell in cells(ties) {
        let free = count(&and(&peers[cell], &undecided));
        let key = (free, u64::MAX - rank(cell, salt));
        if best.is_none_or(|(_, most)| key > most) {
            best = Some((cell, key));
        }
    }
    best.expect("a tied cell").0
}

/// One search's state: a candidate set per colour and the decided cells, per
/// colour the full houses it is not placed in yet, and the undecided count;
/// and what the rules have still to look at.
#[derive(Debug, Clone)]
pub(crate) struct Board<'t, const W: usize, const H: usize> {
    pub(in crate::solver) t: &'t Tables<W, H>,
    /// Row `s < k`: the cells colour `s` may go in; row `k`: the decided cells.
    pub(in crate::solver) sets: Vec<Set<W>>,
    /// Row `s`: the full houses colour `s` is not placed in.
    pub(in crate::solver) open: Vec<Houses<H>>,
    pub(in crate::solver) undecided: usize,
    saved_sets: Vec<Set<W>>,
    saved_open: Vec<Houses<H>>,
    saved_undecided: Vec<usize>,
    saved_pairs: Vec<Set<W>>,
    /// Row `s`: the full houses where colour `s` lost places since they were
    /// last looked at for hidden singles...
    pub(in crate::solver) stale: Vec<Houses<H>>,
    /// ... and since they were last pointed from.
    pub(in crate::solver) to_point: Vec<Houses<H>>,
    /// The cells tied for the fewest candidates, from the last count.
    ties: Set<W>,
    /// The undecided cells with two candidates, as naked singles last saw them.
    pub(in crate::solver) pairs: Set<W>,
    /// The colours' sets at the last [`Store::mark`] (empty since a reset).
    marked: Vec<Set<W>>,
    /// Pointing is applied only while more cells than this are undecided (see
    /// [`Store::locked_above`]).
    locked_above: usize,
}

impl<'t, const W: usize, const H: usize> Board<'t, W, H> {
    pub(crate) fn new(t: &'t Tables<W, H>) -> Self {
        let k = t.colours;
        Board {
            t,
            sets: vec![[0; W]; k + 1],
            open: vec![[0; H]; k],
            undecided: 0,
            saved_sets: Vec::new(),
            saved_open: Vec::new(),
            saved_undecided: Vec::new(),
            saved_pairs: Vec::new(),
            stale: vec![[0; H]; k],
            to_point: vec![[0; H]; k],
            ties: [0; W],
            pairs: [0; W],
            locked_above: 0,
            marked: Vec::new(),
        }
    }

    #[inline(always)]
    pub(in crate::solver) fn has(&self, colour: usize, cell: usize) -> bool {
        self.sets[colour][cell / 64] & (1 << (cell % 64)) != 0
    }

    /// The colours `cell` may still hold.
    fn candidates(&self, cell: usize) -> u128 {
        let (word, bit) = (cell / 64, cell % 64);
        // Checked once here, not once per colour below.
        assert!(word < W, "cell {cell} is off the board");
        // The common alphabets with a fixed count of rows, which the compiler
        // unrolls: the rules' fixed point reads a cell's candidates at every
        // change it looks at (a tenth of a killer's instructions, looped).
        match self.t.colours {
            4 => return self.gather::<4>(word, bit),
            6 => return self.gather::<6>(word, bit),
            8 => return self.gather::<8>(word, bit),
            9 => return self.gather::<9>(word, bit),
            16 => return self.gather::<16>(word, bit),
            _ => {}
        }
        let rows = self.sets[..self.t.colours].iter().enumerate();
        if self.t.colours <= 64 {
            // One word: a u128 shift per colour costs several instructions.
            let set = rows.fold(0u64, |set, (s, row)| set | (row[word] >> bit & 1) << s);
            return set as u128;
        }
        rows.fold(0, |set, (s, row)| {
            set | ((row[word] >> bit & 1) as u128) << s
        })
    }

    /// [`Board::candidates`] over the first `K` colours' rows.
    #[inline(always)]
    fn gather<const K: usize>(&self, word: usize, bit: usize) -> u128 {
        let rows: &[Set<W>; K] = (self.sets[..K]).try_into().expect("K rows");
        let mut set = 0u64;
        for (s, row) in rows.iter().enumerate() {
            set |= (row[word] >> bit & 1) << s;
        }
        set as u128
    }

    #[inline(always)]
    pub(in crate::solver) fn undecided_cells(&self) -> Set<W> {
        and_not(&self.t.all, &self.sets[self.t.colours])
    }

    /// Decides `cell` to be `colour`, marking stale where a colour loses places.
    #[inline(always)]
    pub(in crate::solver) fn place(&mut self, colour: usize, cell: usize) {
        let (t, k) = (self.t, self.t.colours);
        let (word, bit) = (cell / 64, cell % 64);
        let of = &t.cell_houses[cell];
        // Every colour that could go here loses a place in each house of the cell.
        for (row, stale) in self.sets[..k].iter_mut().zip(&mut self.stale) {
            let had = 0u64.wrapping_sub(row[word] >> bit & 1);
            row[word] &= !(1 << bit);
            for (x, h) in stale.iter_mut().zip(of) {
                *x |= h & had;
            }
        }
        self.sets[colour][word] |= 1 << bit;
        self.place_single(colour, cell);
    }

    /// Decides `cell`, where no other colour may go any more, to be `colour`:
    /// a naked single needs no look at the other colours.
    #[inline(always)]
    pub(in crate::solver) fn place_single(&mut self, colour: usize, cell: usize) {
        let t = self.t;
        let row = &mut self.sets[colour];
        // The colour loses the cell's neighbours, if it had any left.
        if !is_empty(&and(row, &t.peers[cell])) {
            *row = and_not(row, &t.peers[cell]);
            or_into(&mut self.stale[colour], &t.peer_houses[cell]);
        }
        self.close(colour, cell);
    }

    /// Decides `cell` to be `colour`, marking nothing stale: for the givens.
    fn decide(&mut self, colour: usize, cell: usize) {
        let (t, k) = (self.t, self.t.colours);
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        for row in &mut self.sets[..k] {
            row[word] &= !bit;
        }
        let row = &mut self.sets[colour];
        *row = and_not(row, &t.peers[cell]);
        row[word] |= bit;
        self.close(colour, cell);
    }

    /// Counts `cell` as decided, and `colour` as placed in its houses.
    #[inline(always)]
    fn close(&mut self, colour: usize, cell: usize) {
        let (t, k) = (self.t, self.t.colours);
        self.sets[k][cell / 64] |= 1 << (cell % 64);
        for (x, h) in self.open[colour].iter_mut().zip(&t.cell_houses[cell]) {
            *x &= !h;
        }
        self.undecided -= 1;
    }

    /// Counts the candidates of every undecided cell and keeps the cells with
    /// the fewest in `ties`: returns that count, `None` when every cell is decided.
    fn fewest_candidates(&mut self) -> Option<u32> {
        let k = self.t.colours;
        let undecided = self.undecided_cells();
        if is_empty(&undecided) {
            return None;
        }
        // Counted already, for two (by naked singles at the fixed point).
        if !is_empty(&self.pairs) {
            self.ties = self.pairs;
            return Some(2);
        }
        // Bit-sliced counters: plane p holds bit p of each cell's count.
        let planes = (usize::BITS - k.leading_zeros()) as usize;
        let mut counters = [[0u64; W]; 8];
        for row in &self.sets[..k] {
            for i in 0..W {
                let mut carry = row[i];
                for plane in &mut counters[..planes] {
                    let next = plane[i] & carry;
                    plane[i] ^= carry;
                    carry = next;
                }
            }
        }
        for n in 2..=k as u32 {
            let mut x = undecided;
            for (p, plane) in counters[..planes].iter().enumerate() {
                x = if n >> p & 1 == 1 {
                    and(&x, plane)
                } else {
                    and_not(&x, plane)
                };
            }
            if !is_empty(&x) {
                self.ties = x;
                return Some(n);
            }
        }
        unreachable!("an undecided cell has between 2 and k candidates after propagation")
    }

    /// The tied cell with the most undecided neighbours ([`busiest`]) and its
    /// first colour (see [`Store::choose`]), compiled with the popcount instruction
    /// where the processor has it (checked at run time: the portable build
    /// cannot assume it). Counting bits is then one instruction a word instead
    /// of a dozen, and the choice counts a set per tied cell and candidate.
    fn branch(&self, salt: u64, seeking: bool) -> (usize, usize) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the instruction.
            return unsafe { self.branch_popcnt(salt, seeking) };
        }
        self.branch_with(salt, seeking)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn branch_popcnt(&self, salt: u64, seeking: bool) -> (usize, usize) {
        self.branch_with(salt, seeking)
    }

    #[inline(always)]
    fn branch_with(&self, salt: u64, seeking: bool) -> (usize, usize) {
        let cell = busiest(self.ties, &self.t.peers, self.undecided_cells(), salt);
        let colour = match seeking {
            true => self.least_constraining(cell, salt),
            false => (0..self.t.colours)
                .find(|&s| self.has(s, cell))
                .expect("an undecided cell has candidates"),
        };
        (cell, colour)
    }

    /// The candidate of `cell` that the fewest undecided neighbours may still
    /// take: placing it takes the fewest candidates away, so it is the likeliest
    /// to lead to a solution. Ties go to the lowest [`rank`]. Measured on the
    /// empty boards, against a colour picked at random per cell, ten restart
    /// seeds each: 64×64 solved in its first run (7,960 nodes) every time,
    /// where the random colour gave up after 100,000 nodes every time; 49×49
    /// solved every time (5,357 to 42,936 nodes), where it gave up once.
    #[inline(always)]
    fn least_constraining(&self, cell: usize, salt: u64) -> usize {
        let peers = &self.t.peers[cell];
        let mut best = (u32::MAX, u64::MAX, 0);
        for s in (0..self.t.colours).filter(|&s| self.has(s, cell)) {
            let key = (count(&and(&self.sets[s], peers)), rank(s, salt));
            if key < (best.0, best.1) {
                best = (key.0, key.1, s);
            }
        }
        best.2
    }

    /// The colour with the fewest places (2 or more, below `below`) in a full
    /// house it is not placed in yet, and its first place there.
    fn tightest_place(&self, below: u32) -> Option<(usize, usize)> {
        let t = self.t;
        let mut best = None;
        let mut fewest = below;
        for s in 0..t.colours {
            for j in 0..H {
                let mut houses = self.open[s][j];
                while houses != 0 {
                    let h = j * 64 + houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    let places = and(&self.sets[s], &t.houses[h]);
                    let n = count(&places);
                    if n < fewest {
                        fewest = n;
                        best = Some((s, first(&places)));
                        if n == 2 {
                            return best;
                        }
                    }
                }
            }
        }
        best
    }
}

impl<const W: usize, const H: usize> Store for Board<'_, W, H> {
    /// Bitboards serve alphabets of up to 128 colours.
    type Set = u128;

    fn reset(&mut self, givens: &[Option<u8>]) -> Result<(), Contradiction> {
        let (t, k) = (self.t, self.t.colours);
        assert_eq!(givens.len(), t.cells, "the puzzle does not fit the graph");
        self.saved_sets.clear();
        self.saved_open.clear();
        self.saved_undecided.clear();
        self.saved_pairs.clear();
        // Not marked since: every cell is new.
        self.marked.clear();
        self.sets[..k].copy_from_slice(&t.initial);
        self.sets[k] = [0; W];
        self.undecided = t.cells;
        self.open.fill(t.every_house);
        let mut empty = 0;
        for (cell, given) in givens.iter().enumerate() {
            match *given {
                None => empty += 1,
                Some(s) if (s as usize) < k && self.has(s as usize, cell) => {
                    self.decide(s as usize, cell)
                }
                Some(_) => return Err(Contradiction),
            }
        }
        // Every open house is to be looked at.
        self.stale.copy_from_slice(&self.open);
        self.to_point.fill([0; H]);
        // Half the empty cells (measured on the cell-major engine: the same on
        // 17-clue puzzles, top1465 −8% instructions, the pie homework's full
        // count twice as fast).
        self.locked_above = empty / 2;
        Ok(())
    }

    fn choose(&mut self, salt: u64, seeking: bool) -> Choice {
        let Some(fewest) = self.fewest_candidates() else {
            return Choice::Solved;
        };
        // Scanning every colour of every house costs colours × houses × words:
        // on big boards more than the node itself, so they branch on cells only.
        // After propagation a colour has two places or more in each open house,
        // so with two candidates in some cell no place can be tighter.
        let (t, k) = (self.t, self.t.colours);
        let scan = k * t.houses.len() * W;
        if fewest > 2
            && scan <= PLACE_SCAN_MAX
            && let Some((colour, cell)) = self.tightest_place(fewest)
        {
            return Choice::Branch { cell, colour };
        }
        let (cell, colour) = self.branch(salt, seeking);
        Choice::Branch { cell, colour }
    }

    fn save(&mut self) {
        self.saved_sets.extend_from_slice(&self.sets);
        self.saved_open.extend_from_slice(&self.open);
        self.saved_undecided.push(self.undecided);
        self.saved_pairs.push(self.pairs);
    }

    fn restore(&mut self) {
        let at = self.saved_sets.len() - self.sets.len();
        self.sets.copy_from_slice(&self.saved_sets[at..]);
        self.saved_sets.truncate(at);
        let at = self.saved_open.len() - self.open.len();
        self.open.copy_from_slice(&self.saved_open[at..]);
        self.saved_open.truncate(at);
        self.undecided = self.saved_undecided.pop().expect("a saved state");
        self.pairs = self.saved_pairs.pop().expect("a saved state");
        // A saved state is propagated: only what changes from here is new.
        self.stale.fill([0; H]);
        self.to_point.fill([0; H]);
    }

    fn assign(&mut self, cell: usize, colour: usize) {
        self.place(colour, cell);
    }

    fn exclude_seen_by_all(&mut self, group: &[u32], colour: usize) -> Result<bool, Contradiction> {
        let t = self.t;
        let Some((&first, rest)) = group.split_first() else {
            return Ok(false);
        };
        let mut common = t.peers[first as usize];
        for &c in rest {
            common = and(&common, &t.peers[c as usize]);
        }
        for &c in group {
            common[c as usize / 64] &= !(1 << (c % 64));
        }
        let hit = and(&common, &self.sets[colour]);
        if is_empty(&hit) {
            return Ok(false);
        }
        if !is_empty(&and(&hit, &self.sets[t.colours])) {
            return Err(Contradiction);
        }
        for cell in cells(hit) {
            self.exclude(cell, 1 << colour);
        }
        Ok(true)
    }

    fn exclude(&mut self, cell: usize, colours: u128) {
        self.exclude_from(cell, self.candidates(cell), colours);
    }

    fn exclude_from(&mut self, cell: usize, had: u128, colours: u128) {
        let left = had & !colours;
        // Stale only where a colour really loses its place.
        let mut set = had & colours;
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            self.sets[s][cell / 64] &= !(1 << (cell % 64));
            or_into(&mut self.stale[s], &self.t.cell_houses[cell]);
        }
        // One colour left (the negation of a branch on two): placed now
        // rather than found by the next count of every cell's candidates.
        if left != 0 && left & (left - 1) == 0 {
            self.place_single(left.trailing_zeros() as usize, cell);
        }
    }

    fn cell_candidates(&self, cell: usize) -> u128 {
        self.candidates(cell)
    }

    /// Colour by colour over the bitboards: a step per candidate, not one
    /// per colour and cell.
    fn every_candidates(&self, out: &mut [u128]) {
        let rows = &self.sets[..self.t.colours];
        if self.t.colours <= 64 {
            // A word of cells at a time into one-word sets on the stack: an
            // `or` into a 128-bit set in memory is two, and it was a fifth
            // of a thermometer puzzle's time.
            for (w, out) in out.chunks_mut(64).enumerate() {
                let mut sets = [0u64; 64];
                for (s, row) in rows.iter().enumerate() {
                    let mut x = row[w];
                    while x != 0 {
                        sets[x.trailing_zeros() as usize] |= 1 << s;
                        x &= x - 1;
                    }
                }
                for (o, &set) in out.iter_mut().zip(&sets) {
                    *o = set as u128;
                }
            }
            return;
        }
        out.fill(0);
        for (s, row) in rows.iter().enumerate() {
            for cell in cells(*row) {
                out[cell] |= 1 << s;
            }
        }
    }

    fn undecided(&self) -> usize {
        self.undecided
    }

    fn locked_above(&self) -> usize {
        self.locked_above
    }

    fn mark(&mut self) {
        let k = self.t.colours;
        self.marked.clear();
        self.marked.extend_from_slice(&self.sets[..k]);
    }

    /// A cell changed where some colour's set differs from the mark: a few
    /// word operations per colour, however many cells are watched.
    fn changed(&mut self, out: &mut Vec<u32>) {
        let k = self.t.colours;
        if self.marked.len() != k {
            out.extend(0..self.t.cells as u32);
            return self.mark();
        }
        let mut diff = [0u64; W];
        for (now, then) in self.sets[..k].iter().zip(&mut self.marked) {
            for (d, (x, y)) in diff.iter_mut().zip(now.iter().zip(then.iter_mut())) {
                *d |= x ^ *y;
                *y = *x;
            }
        }
        out.extend(cells(diff).map(|c| c as u32));
    }

    fn pairs(&self, out: &mut Vec<(u32, u128)>) {
        out.extend(cells(self.pairs).map(|cell| (cell as u32, self.candidates(cell))));
    }

    fn undecided_cells(&self, out: &mut Vec<u64>) {
        // The cells in two colours' sets at least, a word at a time.
        let (mut one, mut two) = ([0u64; W], [0u64; W]);
        for row in &self.sets[..self.t.colours] {
            for ((o, t), r) in one.iter_mut().zip(&mut two).zip(row) {
                *t |= *o & r;
                *o |= r;
            }
        }
        out.clear();
        out.extend_from_slice(&two[..self.t.cells.div_ceil(64)]);
    }

    fn solution(&self) -> Vec<u8> {
        let t = self.t;
        let mut colours = vec![0; t.cells];
        for s in 0..t.colours {
            for cell in cells(self.sets[s]) {
                colours[cell] = s as u8;
            }
        }
        colours
    }
}
