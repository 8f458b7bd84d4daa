//! Symbol-major bitboards: for every colour, the set of cells where it may still
//! go, as `words` machine words; each cell's neighbours and each full house as
//! cell sets of the same width, so the rules are a few word operations each.
//!
//! Placing colour `s` in cell `c` clears `c` from every colour's set and `c`'s
//! neighbours from `s`'s set. Naked singles are cells in exactly one colour's set
//! (bit-sliced counting over the sets), hidden singles a colour whose set meets a
//! full house in one cell, locked candidates a colour that one house confines to
//! the cells it shares with another. `W` fixes the width at compile time, so the
//! loops over words unroll; 0 means the width is read at run time.
//!
//! A cell keeps its colour's bit once decided (it is also in `solved`), so a
//! decided colour still counts one cell in each of its houses.

use super::search::{Choice, Colours, Contradiction, Domain, mix};
use super::shape::Shape;

/// The graph as cell sets, shared by every search.
#[derive(Debug, Clone)]
pub(crate) struct Tables<const W: usize> {
    words: usize,
    colours: usize,
    cells: usize,
    /// Row `c`: the neighbours of cell `c`.
    peers: Vec<u64>,
    /// Row `h`: the cells of full house `h`.
    houses: Vec<u64>,
    /// Words per set of full houses.
    house_words: usize,
    /// Row `c` (`house_words` wide): the full houses of cell `c`.
    cell_houses: Vec<u64>,
    /// Row `c` (`house_words` wide): the full houses that meet the neighbours
    /// of cell `c`, where a colour placed in `c` loses places.
    peer_houses: Vec<u64>,
    /// Every full house (`house_words` wide).
    every_house: Vec<u64>,
    /// Row `s`: the cells that allow colour `s`.
    initial: Vec<u64>,
    /// Every cell.
    all: Vec<u64>,
}

/// Appends `cells` to `rows` as one row of `words` words.
fn push_row(rows: &mut Vec<u64>, words: usize, cells: impl IntoIterator<Item = usize>) {
    let start = rows.len();
    rows.resize(start + words, 0);
    for c in cells {
        rows[start + c / 64] |= 1 << (c % 64);
    }
}

impl<const W: usize> Tables<W> {
    pub(crate) fn new(shape: &Shape) -> Self {
        let cells = shape.cells();
        let words = cells.div_ceil(64).max(1);
        assert!(
            W == 0 || words <= W,
            "{cells} cells need {words} words, not {W}"
        );
        let words = if W == 0 { words } else { W };
        let mut peers = Vec::with_capacity(cells * words);
        for neighbours in &shape.neighbours {
            push_row(&mut peers, words, neighbours.iter().map(|&c| c as usize));
        }
        let mut houses = Vec::new();
        for house in &shape.houses {
            push_row(&mut houses, words, house.iter().map(|&c| c as usize));
        }
        let house_words = shape.houses.len().div_ceil(64).max(1);
        let mut houses_of = vec![Vec::new(); cells];
        for (h, house) in shape.houses.iter().enumerate() {
            for &c in house {
                houses_of[c as usize].push(h);
            }
        }
        let mut cell_houses = Vec::new();
        let mut peer_houses = Vec::new();
        for neighbours in &shape.neighbours {
            let meet = neighbours.iter().flat_map(|&c| &houses_of[c as usize]);
            push_row(&mut peer_houses, house_words, meet.copied());
        }
        for of in houses_of {
            push_row(&mut cell_houses, house_words, of);
        }
        let mut every_house = Vec::new();
        push_row(&mut every_house, house_words, 0..shape.houses.len());
        let mut initial = Vec::new();
        for colour in 0..shape.colours {
            push_row(
                &mut initial,
                words,
                (0..cells).filter(|&c| shape.allows(c, colour)),
            );
        }
        let mut all = Vec::new();
        push_row(&mut all, words, 0..cells);
        Tables {
            words,
            colours: shape.colours,
            cells,
            peers,
            houses,
            house_words,
            cell_houses,
            peer_houses,
            every_house,
            initial,
            all,
        }
    }

    /// Words per cell set: `W`, known to the compiler, unless it is 0.
    #[inline(always)]
    fn w(&self) -> usize {
        if W == 0 { self.words } else { W }
    }

    #[inline(always)]
    fn peers(&self, cell: usize) -> &[u64] {
        let w = self.w();
        &self.peers[cell * w..cell * w + w]
    }

    #[inline(always)]
    fn houses_of(&self, cell: usize) -> &[u64] {
        let hw = self.house_words;
        &self.cell_houses[cell * hw..cell * hw + hw]
    }
}

/// The most word operations a search for the tightest house place may cost.
const PLACE_SCAN_MAX: usize = 20_000;

/// At most this many places of a colour in a house are pointed from.
const POINTING_MAX: usize = 4;

/// One search's state: a candidate set per colour, the decided cells, per
/// colour the full houses it is not placed in yet, and the undecided count.
#[derive(Debug, Clone)]
pub(crate) struct Board<'t, const W: usize> {
    t: &'t Tables<W>,
    state: Vec<u64>,
    saved: Vec<u64>,
    /// Row `s` (`house_words` wide): the full houses where colour `s` lost
    /// places since they were last looked at for hidden singles...
    stale: Vec<u64>,
    /// ... and since they were last pointed from.
    to_point: Vec<u64>,
    /// The full houses of the cells decided since hidden singles last looked
    /// (stale for every colour: one update per cell, not one per colour lost)...
    touched: Vec<u64>,
    /// (`touched` as hidden singles took it.)
    touched_before: Vec<u64>,
    /// ... and since pointing last looked.
    touched_to_point: Vec<u64>,
    /// Scratch rows: naked singles or ties, bit-sliced counters, undecided cells.
    scratch: Vec<u64>,
    /// Pointing is applied only while more cells than this are undecided: it
    /// prunes well high in the tree and costs more than it saves near the leaves.
    pointing_above: usize,
}

impl<'t, const W: usize> Board<'t, W> {
    pub(crate) fn new(t: &'t Tables<W>) -> Self {
        let w = t.w();
        Board {
            t,
            state: vec![0; (t.colours + 1) * w + t.colours * t.house_words + 1],
            saved: Vec::new(),
            stale: vec![0; t.colours * t.house_words],
            to_point: vec![0; t.colours * t.house_words],
            touched: vec![0; t.house_words],
            touched_before: vec![0; t.house_words],
            touched_to_point: vec![0; t.house_words],
            scratch: vec![0; 10 * w],
            pointing_above: 0,
        }
    }

    #[inline(always)]
    fn has(&self, colour: usize, cell: usize) -> bool {
        self.state[colour * self.t.w() + cell / 64] & (1 << (cell % 64)) != 0
    }

    /// Where the open houses of `colour` start in `state`.
    #[inline(always)]
    fn open_at(&self, colour: usize) -> usize {
        (self.t.colours + 1) * self.t.w() + colour * self.t.house_words
    }

    /// Decides `cell` to be `colour`.
    #[inline(always)]
    fn place(&mut self, colour: usize, cell: usize) {
        let (t, w) = (self.t, self.t.w());
        let (word, bit, hw) = (cell / 64, 1u64 << (cell % 64), t.house_words);
        // Every colour loses the cell, so its houses are touched.
        for row in self.state[..t.colours * w].chunks_exact_mut(w) {
            row[word] &= !bit;
        }
        let of = t.houses_of(cell);
        for (x, h) in self.touched.iter_mut().zip(of) {
            *x |= h;
        }
        // The colour loses the cell's neighbours.
        let near = &t.peer_houses[cell * hw..cell * hw + hw];
        for (x, h) in self.stale[colour * hw..colour * hw + hw]
            .iter_mut()
            .zip(near)
        {
            *x |= h;
        }
        let undecided = self.undecided_at();
        self.state[undecided] -= 1;
        let row = &mut self.state[colour * w..colour * w + w];
        for (x, p) in row.iter_mut().zip(t.peers(cell)) {
            *x &= !p;
        }
        row[word] |= bit;
        self.state[t.colours * w + word] |= bit;
        let open = self.open_at(colour);
        for (x, h) in self.state[open..open + hw].iter_mut().zip(of) {
            *x &= !h;
        }
    }

    /// Naked singles: decides every undecided cell left with one candidate.
    /// Returns whether there was one, or a contradiction if a cell has none.
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let (t, w, k) = (self.t, self.t.w(), self.t.colours);
        let mut any = 0;
        for i in 0..w {
            let (mut once, mut twice) = (0u64, 0u64);
            for s in 0..k {
                let x = self.state[s * w + i];
                twice |= once & x;
                once |= x;
            }
            let undecided = t.all[i] & !self.state[k * w + i];
            if undecided & !once != 0 {
                return Err(Contradiction);
            }
            let singles = undecided & !twice;
            self.scratch[i] = singles;
            any |= singles;
        }
        if any == 0 {
            return Ok(false);
        }
        for s in 0..k {
            for i in 0..w {
                let mut x = self.state[s * w + i] & self.scratch[i];
                while x != 0 {
                    let cell = i * 64 + x.trailing_zeros() as usize;
                    x &= x - 1;
                    // A single decided just before, in this loop, may have taken it.
                    if !self.has(s, cell) {
                        return Err(Contradiction);
                    }
                    self.place(s, cell);
                }
            }
        }
        Ok(true)
    }

    /// Hidden singles: for every colour and stale full house it is not placed
    /// in, no place left is a contradiction, one place a hidden single (decided
    /// at once). Returns whether anything changed.
    fn hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let (t, w, hw) = (self.t, self.t.w(), self.t.house_words);
        let mut changed = false;
        // Houses gone stale on the way wait for the next call: naked singles first.
        std::mem::swap(&mut self.touched, &mut self.touched_before);
        self.touched.fill(0);
        for (x, t) in self.touched_to_point.iter_mut().zip(&self.touched_before) {
            *x |= t;
        }
        for s in 0..t.colours {
            let open = self.open_at(s);
            for j in 0..hw {
                let stale = std::mem::take(&mut self.stale[s * hw + j]);
                self.to_point[s * hw + j] |= stale;
                let mut houses = (stale | self.touched_before[j]) & self.state[open + j];
                while houses != 0 {
                    let h = j * 64 + houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    let house = &t.houses[h * w..h * w + w];
                    let row = &self.state[s * w..s * w + w];
                    // None, one or several places (no popcount: not every x86-64 has one).
                    let (mut any, mut several) = (false, false);
                    for i in 0..w {
                        let x = row[i] & house[i];
                        several |= (any & (x != 0)) | (x & x.wrapping_sub(1) != 0);
                        any |= x != 0;
                    }
                    match (any, several) {
                        (false, _) => return Err(Contradiction),
                        // Open, so not decided: a hidden single.
                        (true, false) => {
                            let i = (0..w).find(|&i| row[i] & house[i] != 0).unwrap_or(0);
                            let cell = i * 64 + (row[i] & house[i]).trailing_zeros() as usize;
                            self.place(s, cell);
                            // It closed its houses: not to be looked at again.
                            houses &= self.state[open + j];
                            changed = true;
                        }
                        (true, true) => {}
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Pointing from every open house where a colour lost places since the
    /// last time. Returns whether a candidate was removed.
    fn pointing(&mut self) -> bool {
        let hw = self.t.house_words;
        let mut changed = false;
        std::mem::swap(&mut self.touched_to_point, &mut self.touched_before);
        self.touched_to_point.fill(0);
        for s in 0..self.t.colours {
            let open = self.open_at(s);
            for j in 0..hw {
                let to_point = std::mem::take(&mut self.to_point[s * hw + j]);
                let mut houses = (to_point | self.touched_before[j]) & self.state[open + j];
                while houses != 0 {
                    let h = j * 64 + houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    changed |= self.point(s, h);
                }
            }
        }
        changed
    }

    /// Colour `s` goes in one of its places in house `h`: when they are few,
    /// every other cell that sees all of them loses it. Returns whether one did.
    fn point(&mut self, s: usize, h: usize) -> bool {
        let (t, w) = (self.t, self.t.w());
        let seen = &mut self.scratch[..w];
        seen.copy_from_slice(&t.all[..w]);
        let house = &t.houses[h * w..h * w + w];
        let mut places = 0;
        let row = &self.state[s * w..s * w + w];
        for (i, (r, h)) in row.iter().zip(house).enumerate() {
            let mut x = r & h;
            while x != 0 {
                places += 1;
                if places > POINTING_MAX {
                    return false;
                }
                let cell = i * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                for (a, p) in seen.iter_mut().zip(t.peers(cell)) {
                    *a &= p;
                }
            }
        }
        let row = &mut self.state[s * w..s * w + w];
        let mut changed = false;
        for (i, (x, a)) in row.iter_mut().zip(&*seen).enumerate() {
            let mut removed = *x & a;
            *x &= !a;
            changed |= removed != 0;
            while removed != 0 {
                let cell = i * 64 + removed.trailing_zeros() as usize;
                removed &= removed - 1;
                let hw = t.house_words;
                for (x, h) in self.stale[s * hw..s * hw + hw]
                    .iter_mut()
                    .zip(t.houses_of(cell))
                {
                    *x |= h;
                }
            }
        }
        changed
    }

    /// Where the number of undecided cells is kept in `state` (its last word).
    #[inline(always)]
    fn undecided_at(&self) -> usize {
        self.state.len() - 1
    }

    fn undecided(&self) -> usize {
        self.state[self.undecided_at()] as usize
    }

    /// The undecided cells with exactly `fewest` candidates, for the smallest
    /// such count, into `scratch[..w]`; `None` when every cell is decided.
    fn fewest_candidates(&mut self) -> Option<u32> {
        let (t, w, k) = (self.t, self.t.w(), self.t.colours);
        let planes = (usize::BITS - k.leading_zeros()) as usize;
        let (out, counters) = self.scratch.split_at_mut(w);
        counters[..planes * w].fill(0);
        for s in 0..k {
            for i in 0..w {
                let mut carry = self.state[s * w + i];
                for p in 0..planes {
                    let plane = &mut counters[p * w + i];
                    let next = *plane & carry;
                    *plane ^= carry;
                    carry = next;
                }
            }
        }
        let undecided = |i: usize| t.all[i] & !self.state[k * w + i];
        if (0..w).all(|i| undecided(i) == 0) {
            return None;
        }
        for count in 2..=k as u32 {
            let mut any = 0;
            for (i, o) in out.iter_mut().enumerate() {
                let mut x = undecided(i);
                for p in 0..planes {
                    let plane = counters[p * w + i];
                    x &= if count >> p & 1 == 1 { plane } else { !plane };
                }
                *o = x;
                any |= x;
            }
            if any != 0 {
                return Some(count);
            }
        }
        unreachable!("an undecided cell has between 2 and k candidates after propagation")
    }

    /// The colour with the fewest places (2 or more, below `below`) in a full
    /// house it is not placed in yet, and its first place there.
    fn tightest_place(&self, below: u32) -> Option<(usize, usize)> {
        let (t, w, hw) = (self.t, self.t.w(), self.t.house_words);
        let mut best = None;
        let mut fewest = below;
        for s in 0..t.colours {
            let row = &self.state[s * w..s * w + w];
            let open = self.open_at(s);
            for j in 0..hw {
                let mut houses = self.state[open + j];
                while houses != 0 {
                    let h = j * 64 + houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    let house = &t.houses[h * w..h * w + w];
                    let count: u32 = (0..w).map(|i| (row[i] & house[i]).count_ones()).sum();
                    if count < fewest {
                        fewest = count;
                        let i = (0..w).find(|&i| row[i] & house[i] != 0).unwrap_or(0);
                        best = Some((s, i * 64 + (row[i] & house[i]).trailing_zeros() as usize));
                        if count == 2 {
                            return best;
                        }
                    }
                }
            }
        }
        best
    }
}

impl<const W: usize> Domain for Board<'_, W> {
    fn reset(&mut self, givens: &[Option<u8>]) -> Result<(), Contradiction> {
        let (t, w, k) = (self.t, self.t.w(), self.t.colours);
        assert_eq!(givens.len(), t.cells, "the puzzle does not fit the graph");
        self.saved.clear();
        self.state[..k * w].copy_from_slice(&t.initial);
        self.state[k * w..].fill(0);
        let undecided = self.undecided_at();
        self.state[undecided] = t.cells as u64;
        for s in 0..k {
            let open = self.open_at(s);
            self.state[open..open + t.house_words].copy_from_slice(&t.every_house);
        }
        // Every house is to be looked at.
        self.touched.copy_from_slice(&t.every_house);
        self.stale.fill(0);
        self.to_point.fill(0);
        self.touched_to_point.fill(0);
        let mut empty = 0;
        for (cell, given) in givens.iter().enumerate() {
            match *given {
                None => empty += 1,
                Some(s) if (s as usize) < k && self.has(s as usize, cell) => {
                    self.place(s as usize, cell)
                }
                Some(_) => return Err(Contradiction),
            }
        }
        // Half the empty cells (measured on the cell-major engine: the same on
        // 17-clue puzzles, top1465 −8% instructions, the pie homework's full
        // count twice as fast).
        self.pointing_above = empty / 2;
        Ok(())
    }

    fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            if self.naked_singles()? {
                continue;
            }
            if self.hidden_singles()? {
                continue;
            }
            if self.undecided() <= self.pointing_above || !self.pointing() {
                return Ok(());
            }
        }
    }

    fn choose(&mut self, salt: u64) -> Choice {
        let Some(fewest) = self.fewest_candidates() else {
            return Choice::Solved;
        };
        // Scanning every colour of every house costs colours × houses × words:
        // on big boards more than the node itself, so they branch on cells only.
        // After propagation a colour has two places or more in each open house,
        // so with two candidates in some cell no place can be tighter.
        let scan = self.t.colours * (self.t.houses.len() / self.t.w()) * self.t.w();
        if fewest > 2
            && scan <= PLACE_SCAN_MAX
            && let Some((colour, cell)) = self.tightest_place(fewest)
        {
            return Choice::Place { cell, colour };
        }
        let (t, w, k) = (self.t, self.t.w(), self.t.colours);
        let (ties, rest) = self.scratch.split_at_mut(w);
        let undecided = &mut rest[8 * w..9 * w];
        for (i, u) in undecided.iter_mut().enumerate() {
            *u = t.all[i] & !self.state[k * w + i];
        }
        // Ties: the most undecided neighbours, then the lowest index.
        let mut best: Option<(usize, (u32, u64))> = None;
        for (i, &word) in ties.iter().enumerate() {
            let mut x = word;
            while x != 0 {
                let cell = i * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                let free: u32 = t
                    .peers(cell)
                    .iter()
                    .zip(&*undecided)
                    .map(|(p, u)| (p & u).count_ones())
                    .sum();
                let key = (
                    free,
                    u64::MAX - mix(cell as u64 ^ salt) * (salt != 0) as u64,
                );
                if best.is_none_or(|(_, most)| key > most) {
                    best = Some((cell, key));
                }
            }
        }
        let cell = best.expect("a tied cell").0;
        let colours = (0..k)
            .filter(|&s| self.has(s, cell))
            .fold(0, |set: Colours, s| set | 1 << s);
        Choice::Cell { cell, colours }
    }

    fn save(&mut self) {
        self.saved.extend_from_slice(&self.state);
    }

    fn restore(&mut self) {
        let at = self.saved.len() - self.state.len();
        self.state.copy_from_slice(&self.saved[at..]);
        self.saved.truncate(at);
        // A saved state is propagated: only what changes from here is new.
        self.stale.fill(0);
        self.to_point.fill(0);
        self.touched.fill(0);
        self.touched_to_point.fill(0);
    }

    fn assign(&mut self, cell: usize, colour: usize) {
        self.place(colour, cell);
    }

    fn exclude(&mut self, cell: usize, colours: Colours) {
        let (t, w, hw) = (self.t, self.t.w(), self.t.house_words);
        let mut set = colours;
        while set != 0 {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            self.state[s * w + cell / 64] &= !(1 << (cell % 64));
            for (x, h) in self.stale[s * hw..s * hw + hw]
                .iter_mut()
                .zip(t.houses_of(cell))
            {
                *x |= h;
            }
        }
    }

    fn solution(&self) -> Vec<u8> {
        let (t, w) = (self.t, self.t.w());
        let mut colours = vec![0; t.cells];
        for s in 0..t.colours {
            for i in 0..w {
                let mut x = self.state[s * w + i];
                while x != 0 {
                    colours[i * 64 + x.trailing_zeros() as usize] = s as u8;
                    x &= x - 1;
                }
            }
        }
        colours
    }
}
