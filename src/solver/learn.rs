//! Branching that learns where the conflicts are, for graphs with rules: a
//! score per cell, raised each time a branch on the cell ends in a
//! contradiction and halved now and then, so that the search goes where the
//! puzzle is hard (the Interactive Sudoku Solver's conflict scores, a cousin of
//! the weighted degree of CSP solvers).
//!
//! A cell's score starts from how constrained it is (its houses and the rules
//! watching it). The choice is the cell with the most score per candidate; or,
//! at a node just reached by a branch, when that cell has more than two
//! candidates, a colour with exactly two places left in a full house, where
//! those places have scored high: branching on one place decides the other
//! by a hidden single.

use super::search::mix;

/// Conflicts between two halvings of the scores.
const DECAY_EVERY: u32 = 1 << 14;

/// Branches on cells with at least this many candidates are watched for
/// deciding nothing beyond their cell (as the Interactive Sudoku Solver does).
const WATCH_FROM: u32 = 5;

/// The learnt scores of one search, and the houses its places are read from.
#[derive(Debug, Clone)]
pub(crate) struct Learning {
    /// Per cell: conflicts blamed on it, on top of its starting score.
    scores: Vec<u32>,
    /// Per cell: how constrained it is, where its score starts.
    initial: Vec<u32>,
    /// Per colour: conflicts after trying it, halved twice as fast.
    colours: Vec<u32>,
    /// Conflicts until the next halving.
    countdown: u32,
    /// The full houses (every colour has a place in each), as cells.
    houses: Vec<Vec<u32>>,
    /// Per cell, the full houses it lies in.
    houses_of: Vec<Vec<u32>>,
    /// Houses already looked at for the current choice.
    looked: Vec<bool>,
    /// The node was reached by a branch (not by the negation of one).
    fresh: bool,
    /// Per cell, its candidates at the current choice (scratch)...
    candidates: Vec<u128>,
    /// ... and how many (counted once a choice: a count is a dozen
    /// instructions on an x86-64 without a popcount instruction, the
    /// baseline the binary is built for).
    counts: Vec<u8>,
    /// The last branch's cell and the candidates it leaves in all when it
    /// decides nothing else: a branch that did not propagate at all halves
    /// its cell's score, so that a cell which only scores by being in the
    /// way stops being chosen.
    watching: Option<(usize, u32)>,
    /// Whether a conflict is blamed on one of the cells its propagation
    /// decided rather than always on the branch's cell (see
    /// [`Learning::conflict_among`]).
    spread: bool,
    /// Conflicts blamed by [`Learning::conflict_among`]: the seed of its
    /// next draw.
    draws: u64,
}

impl Learning {
    /// Learning over `cells` cells and `colours` colours, each cell starting
    /// from its `initial` score, with places read in the full `houses`.
    pub(crate) fn new(
        initial: Vec<u32>,
        colours: usize,
        houses: Vec<Vec<u32>>,
        spread: bool,
    ) -> Self {
        let mut houses_of = vec![Vec::new(); initial.len()];
        for (h, house) in houses.iter().enumerate() {
            for &c in house {
                houses_of[c as usize].push(h as u32);
            }
        }
        Learning {
            scores: initial.clone(),
            candidates: vec![0; initial.len()],
            counts: vec![0; initial.len()],
            initial,
            colours: vec![0; colours],
            countdown: DECAY_EVERY,
            looked: vec![false; houses.len()],
            houses,
            houses_of,
            fresh: true,
            watching: None,
            spread,
            draws: 0,
        }
    }

    /// Forgets what was learnt: a new puzzle starts from the starting scores
    /// (the same puzzle then gets the same search, whatever came before).
    pub(crate) fn forget(&mut self) {
        self.scores.copy_from_slice(&self.initial);
        self.colours.fill(0);
        self.countdown = DECAY_EVERY;
        self.fresh = true;
        self.watching = None;
        self.draws = 0;
    }

    /// Whether conflicts are blamed by [`Learning::conflict_among`].
    pub(crate) fn spreads(&self) -> bool {
        self.spread
    }

    /// A branch on `cell` (to or away from `colour`) ended in a
    /// contradiction after its propagation decided the cells `decided` (a
    /// bitset, as [`Store::undecided_cells`](super::search::Store::undecided_cells)): the
    /// blame goes to one of them or the branch's cell, drawn evenly (hashed,
    /// so the same puzzle gets the same search).
    ///
    /// The Interactive Sudoku Solver propagates a cell's exclusions only
    /// when the search fixes it, so the singles a branch leads to are fixed
    /// in steps of their own, and a contradiction is blamed on the cell of
    /// the step that finds it, often one of them. Blaming only the branch's
    /// cell piles the scores onto a few cells. Measured (search alone, find
    /// and prove unique, the 3 hard thermometers and 3 hard renbans each
    /// with their 4 rotations and transpositions): nodes 4.43M → 1.05M and
    /// 7.45M → 1.83M. Killers are better off without it (20 extreme killers
    /// 1.68M → 2.06M): their sums decide much of what a branch leads to in
    /// the branch's own step.
    pub(crate) fn conflict_among(&mut self, cell: usize, colour: usize, decided: &[u64]) {
        let count: u32 = decided.iter().map(|w| w.count_ones()).sum();
        let mut draw = (mix(self.draws ^ (cell as u64) << 20) % (count as u64 + 1)) as u32;
        self.draws += 1;
        let mut blamed = cell;
        for (i, &word) in decided.iter().enumerate() {
            let ones = word.count_ones();
            if draw < ones {
                // The `draw`-th cell of this word.
                let mut w = word;
                for _ in 0..draw {
                    w &= w - 1;
                }
                blamed = 64 * i + w.trailing_zeros() as usize;
                break;
            }
            draw -= ones;
        }
        self.conflict(blamed, colour);
    }

    /// A branch on `cell` (to or away from `colour`) ended in a contradiction.
    pub(crate) fn conflict(&mut self, cell: usize, colour: usize) {
        self.scores[cell] += 1;
        if let Some(c) = self.colours.get_mut(colour) {
            *c += 1;
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = DECAY_EVERY;
            self.scores.iter_mut().for_each(|s| *s >>= 1);
            self.colours.iter_mut().for_each(|s| *s >>= 2);
        }
    }

    /// Whether the node to choose at was reached by a branch (`true`) or by
    /// the negation of one.
    pub(crate) fn reached(&mut self, fresh: bool) {
        self.fresh = fresh;
    }

    /// The colour that conflicts most, when it stands out (its count at least
    /// the number of colours and half as much again as the least one's).
    fn hot_colour(&self) -> Option<(usize, u32)> {
        let (mut best, mut max, mut min) = (0, 0, u32::MAX);
        for (c, &s) in self.colours.iter().enumerate() {
            if s > max {
                (best, max) = (c, s);
            }
            if s != 0 {
                min = min.min(s);
            }
        }
        (max as usize >= self.colours.len() && 2 * max as u64 > 3 * min as u64)
            .then_some((best, max))
    }

    /// The branch to take among the undecided cells (`fill` writes every
    /// cell's candidates): `None` when nothing has scored yet (the store's own
    /// choice is then as good), else the cell and colour to try first.
    pub(crate) fn choose(&mut self, fill: impl FnOnce(&mut [u128])) -> Option<(usize, usize)> {
        let n = self.scores.len();
        let hot = self.hot_colour();
        // The most score per candidate, in fixed point (a fifth of the hot
        // colour's count for each cell that may take it).
        let (mut best, mut best_score, mut best_count) = (usize::MAX, 0u64, 1u64);
        fill(&mut self.candidates);
        // The candidates left in all.
        let mut total = 0u32;
        for (count, &set) in self.counts.iter_mut().zip(&self.candidates) {
            *count = ones(set) as u8;
            total += *count as u32;
        }
        if let Some((cell, left)) = self.watching.take()
            && self.fresh
            && total == left
        {
            self.scores[cell] >>= 1;
        }
        for cell in 0..n {
            let set = self.candidates[cell];
            let count = self.counts[cell] as u64;
            if count < 2 {
                continue;
            }
            let mut score = 5 * self.scores[cell] as u64;
            if let Some((colour, s)) = hot
                && set >> colour & 1 == 1
            {
                score += s as u64;
            }
            if score * best_count > best_score * count {
                (best, best_score, best_count) = (cell, score, count);
            }
        }
        if best == usize::MAX || best_score == 0 {
            return None;
        }
        let colour = self.candidates[best].trailing_zeros() as usize;
        if self.fresh && best_count > 2 && self.scores[best] > 0 {
            let per_candidate = self.scores[best] as f64 / best_count as f64;
            if let Some(place) = self.place(per_candidate) {
                return Some(place);
            }
        }
        if self.fresh && best_count >= WATCH_FROM as u64 {
            self.watching = Some((best, total - (best_count as u32 - 1)));
        }
        Some((best, colour))
    }

    /// A colour with two places in a full house whose places score high:
    /// the houses of cells scoring at least twice `beat` are looked at, and a
    /// colour's two places must score at least twice `beat` at their best
    /// (raised by each one found). The better-scoring place and the colour.
    fn place(&mut self, mut beat: f64) -> Option<(usize, usize)> {
        let mut least = (2.0 * beat).ceil() as u64;
        self.looked.fill(false);
        let mut found = None;
        for cell in 0..self.scores.len() {
            if (self.scores[cell] as u64) < least || self.counts[cell] < 2 {
                continue;
            }
            for &h in &self.houses_of[cell] {
                if std::mem::replace(&mut self.looked[h as usize], true) {
                    continue;
                }
                // Colours with exactly two places in the house.
                let (mut one, mut two, mut more) = (0u128, 0u128, 0u128);
                for &c in &self.houses[h as usize] {
                    let set = self.candidates[c as usize];
                    more |= two & set;
                    two |= one & set;
                    one |= set;
                }
                let mut pairs = two & !more;
                while pairs != 0 {
                    let colour = pairs.trailing_zeros() as usize;
                    pairs &= pairs - 1;
                    let mut places = (self.houses[h as usize].iter())
                        .map(|&c| c as usize)
                        .filter(|&c| self.candidates[c] >> colour & 1 == 1);
                    let (Some(a), Some(b)) = (places.next(), places.next()) else {
                        continue;
                    };
                    // A decided cell is no choice.
                    if self.counts[a] < 2 || self.counts[b] < 2 {
                        continue;
                    }
                    let top = self.scores[a].max(self.scores[b]);
                    let score = top as f64 * 0.5;
                    if score >= beat {
                        beat = score;
                        least = (2.0 * score).ceil() as u64;
                        let first = match self.scores[a] >= self.scores[b] {
                            true => a,
                            false => b,
                        };
                        found = Some((first, colour));
                    }
                }
            }
        }
        found
    }
}

/// The starting score of each of `cells` cells: the size of each full house
/// it lies in, plus the priority of each rule watching it (`rules`: cell and
/// priority): cells under many rules are where conflicts are found first.
/// As the Interactive Sudoku Solver weighs them; twice the size of a house
/// took more nodes (search alone, the hard rule puzzles of ISS with the
/// rotations and transpositions of the hard ones: thermometers 1.03M →
/// 0.80M, extreme killers 1.68M → 1.30M, the 42 TAREK killers 129K → 99K,
/// renbans 1.74M → 1.82M).
pub(crate) fn priorities(
    cells: usize,
    houses: &[Vec<u32>],
    rules: impl Iterator<Item = (u32, u32)>,
) -> Vec<u32> {
    let mut initial = vec![0u32; cells];
    for house in houses {
        for &c in house {
            initial[c as usize] += house.len() as u32;
        }
    }
    for (cell, priority) in rules {
        initial[cell as usize] += priority;
    }
    initial
}

/// The colours of `set`: one word's count when it fits in one (most
/// alphabets), half the work of a 128-bit count.
#[inline(always)]
fn ones(set: u128) -> u32 {
    match set >> 64 {
        0 => (set as u64).count_ones(),
        _ => set.count_ones(),
    }
}
