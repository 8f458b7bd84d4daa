//! The candidate state of a 9×9 board as band words, and its propagation.
//!
//! A band is three rows; its 27 cells are the bits of a `u32` (bit `9 × row +
//! column`, row within the band). For every digit and band one word holds the
//! cells where the digit may still go: 27 words in all, the representation of
//! JCZSolve and fsss2. What one digit may do inside one band is small enough to
//! tabulate: each row and each box of the band holds it once, so of its nine
//! minirows (a row's three cells in one box) it fills three, one per row and one
//! per box, in one of six patterns; a word keeps only the cells of the patterns
//! its minirows still allow (locked candidates, both ways, in one look-up), and
//! a box of the band left with one column keeps that column free of the digit
//! in the other two bands. A box left with one cell is the digit placed there,
//! which leaves the cell to no other digit. Naked singles are counted across
//! the nine digits of a band with three words, bit-sliced.
//!
//! A cell stays in its own digit's word once placed (and leaves `unsolved`),
//! so every cell is always in at least one word of a consistent state.

use crate::solver::search::Contradiction;

/// Whether stacks get the locked candidates bands get (an experiment).
const STACKS: bool = true;

/// The 27 cells of a band.
const ALL: u32 = 0o777_777_777;

/// The 9 cells of a band's first row.
const ROW: u32 = 0o777;

/// Columns 0..3 of every row of a band: the cells of its first box.
const BOX: u32 = 0o007_007_007;

/// For a row's nine cells, its possible minirows: bit `k` when any of columns
/// `3k..3k + 3` is set.
static MINIROWS: [u8; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row >> (3 * k) & 7 != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
};

/// The six ways a digit fills a band: the box of each of its three rows.
const PATTERNS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For the possible minirows of a digit in a band (bit `3 × row + box`), the
/// minirows of every pattern they still allow; 0 when no pattern fits. The
/// same table serves a stack, with bands for rows and columns for boxes.
static PATTERN_MINIROWS: [u16; 512] = {
    let mut table = [0; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let mut p = 0;
        while p < 6 {
            let boxes = PATTERNS[p];
            let mut used = 0;
            let mut row = 0;
            while row < 3 {
                used |= 1 << (3 * row + boxes[row]);
                row += 1;
            }
            if minirows & used == used {
                table[minirows] |= used as u16;
            }
            p += 1;
        }
        minirows += 1;
    }
    table
};

/// [`PATTERN_MINIROWS`] as cells: what a digit may keep of a band.
static PATTERN_CELLS: [u32; 512] = {
    let mut table = [0; 512];
    let mut minirows = 0;
    while minirows < 512 {
        let allowed = PATTERN_MINIROWS[minirows] as u32;
        let mut m = 0;
        while m < 9 {
            if allowed >> m & 1 == 1 {
                table[minirows] |= 0o7 << (9 * (m / 3) + 3 * (m % 3));
            }
            m += 1;
        }
        minirows += 1;
    }
    table
};

/// For the columns a digit may take in a band, the cells it may keep in the
/// other two bands: a box where one column is left holds the digit in that
/// column, which no other band may then hold it in.
static OTHER_BANDS: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut taken = 0;
        let mut k = 0;
        while k < 3 {
            let three = columns >> (3 * k) & 7;
            if three != 0 && three & (three - 1) == 0 {
                taken |= three << (3 * k);
            }
            k += 1;
        }
        table[columns] = ALL & !(taken * 0o001_001_001) as u32;
        columns += 1;
    }
    table
};

/// For a cell of a band (0..27), the band's cells outside its row and box,
/// and the cell itself: what its digit keeps once placed there.
static PLACED: [u32; 27] = {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let row = ROW << (9 * (cell / 9));
        let boxed = BOX << (3 * (cell % 9 / 3));
        table[cell] = (ALL & !(row | boxed)) | 1 << cell;
        cell += 1;
    }
    table
};

/// The candidate state: see the module's documentation.
#[derive(Debug, Clone, Copy)]
pub(super) struct Board {
    /// `words[3 × digit + band]`: the cells of the band where the digit may go.
    words: [u32; 27],
    /// Each word as it was when last propagated: a word that differs has news.
    seen: [u32; 27],
    /// The cells of each band not yet placed.
    unsolved: [u32; 3],
    /// The cells of each band with exactly two candidates, as of the last
    /// count of naked singles.
    pairs: [u32; 3],
    /// The digits whose words changed since their stacks were last looked at.
    unstacked: u32,
}

/// What to branch on: a digit for a cell, then its negation.
#[derive(Debug, Clone, Copy)]
pub(super) struct Choice {
    band: usize,
    /// The cell's bit in its band.
    bit: u32,
    digit: usize,
    /// The cell's other candidate when it has two: the negation places it.
    other: Option<usize>,
}

impl Board {
    /// The empty board: every digit everywhere.
    pub(super) const EMPTY: Board = Board {
        words: [ALL; 27],
        seen: [0; 27],
        unsolved: [ALL; 3],
        pairs: [0; 3],
        unstacked: 0x1ff,
    };

    /// Places `digit` in `cell` (row-major, 0..81) with everything it rules
    /// out, or fails when the cell may no longer hold it. For givens: the
    /// search places its choices more cheaply (see [`Board::assign`]).
    pub(super) fn give(&mut self, cell: usize, digit: usize) -> Result<(), Contradiction> {
        let (band, at) = (cell / 27, cell % 27);
        let bit = 1 << at;
        if digit >= 9 || self.words[3 * digit + band] & bit == 0 {
            return Err(Contradiction);
        }
        self.unsolved[band] &= !bit;
        for other in 0..9 {
            self.words[3 * other + band] &= !bit;
        }
        let column = !(0o001_001_001 << (at % 9));
        for b in 0..3 {
            self.words[3 * digit + b] &= column;
        }
        self.words[3 * digit + band] &= PLACED[at];
        self.words[3 * digit + band] |= bit;
        Ok(())
    }

    /// Takes `digit` from the candidates of `cell` (row-major).
    pub(super) fn remove(&mut self, cell: usize, digit: usize) {
        if digit < 9 {
            self.words[3 * digit + cell / 27] &= !(1 << (cell % 27));
        }
    }

    /// Places the digit of word `word` in the cell of `bit`: the rest follows
    /// from propagation.
    #[inline(always)]
    fn assign(&mut self, word: usize, bit: u32) {
        self.words[word] &= PLACED[bit.trailing_zeros() as usize];
    }

    /// Whether every cell is placed.
    #[inline(always)]
    pub(super) fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Propagates to a fixed point: locked candidates and placements within
    /// bands, then naked singles, until neither finds anything.
    #[inline(always)]
    pub(super) fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            self.update_bands()?;
            if self.solved() {
                return Ok(());
            }
            if self.naked_singles()? {
                continue;
            }
            if !STACKS {
                return Ok(());
            }
            let mut narrowed = false;
            let mut digits = self.unstacked;
            self.unstacked = 0;
            while digits != 0 {
                narrowed |= self.stacks(digits.trailing_zeros() as usize)?;
                digits &= digits - 1;
            }
            if !narrowed {
                return Ok(());
            }
        }
    }

    /// Updates every word that changed, until none does.
    #[inline(always)]
    fn update_bands(&mut self) -> Result<(), Contradiction> {
        loop {
            let mut changed = false;
            // Unrolled, so that each word's neighbours are constant offsets.
            macro_rules! each_word {
                ($($word:literal)*) => {
                    $(
                        if self.words[$word] != self.seen[$word] {
                            changed = true;
                            self.update::<$word>()?;
                        }
                    )*
                };
            }
            each_word!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if !changed {
                return Ok(());
            }
        }
    }

    /// Locked candidates of one digit in one band, the columns it leaves to
    /// the other bands, and the cells it is placed in.
    #[inline(always)]
    fn update<const WORD: usize>(&mut self) -> Result<(), Contradiction> {
        let (digit, band) = (WORD / 3, WORD % 3);
        let cells = self.words[WORD];
        let minirows = MINIROWS[(cells & ROW) as usize] as usize
            | (MINIROWS[(cells >> 9 & ROW) as usize] as usize) << 3
            | (MINIROWS[(cells >> 18) as usize] as usize) << 6;
        let cells = cells & PATTERN_CELLS[minirows];
        if cells == 0 {
            return Err(Contradiction);
        }
        self.seen[WORD] = cells;
        self.unstacked |= 1 << digit;
        let columns = (cells | cells >> 9 | cells >> 18) & ROW;
        let others = OTHER_BANDS[columns as usize];
        self.words[3 * digit + (band + 1) % 3] &= others;
        self.words[3 * digit + (band + 2) % 3] &= others;
        // A box with one cell left: the digit is placed there.
        let mut placed = 0;
        for k in 0..3 {
            let inside = cells & BOX << (3 * k);
            if inside & inside.wrapping_sub(1) == 0 {
                placed |= inside;
            }
        }
        // Cells placed before left the other digits then.
        let placed = placed & self.unsolved[band];
        if placed != 0 {
            self.unsolved[band] &= !placed;
            for other in 0..9 {
                self.words[3 * other + band] &= !placed;
            }
        }
        // Its own word keeps them.
        self.words[WORD] = cells;
        Ok(())
    }

    /// Locked candidates of one digit in the three stacks: the same patterns
    /// as in a band, with bands for rows and columns for boxes.
    #[inline(always)]
    fn stacks(&mut self, digit: usize) -> Result<bool, Contradiction> {
        let at = 3 * digit;
        let columns = |cells: u32| (cells | cells >> 9 | cells >> 18) & ROW;
        // Band b's columns at bits 9b..9b + 9.
        let all = columns(self.words[at])
            | columns(self.words[at + 1]) << 9
            | columns(self.words[at + 2]) << 18;
        let mut allowed = 0;
        for stack in 0..3 {
            let x = all >> (3 * stack) & BOX;
            let minicolumns = (x | x >> 6 | x >> 12) & ROW;
            let kept = PATTERN_MINIROWS[minicolumns as usize] as u32;
            if kept == 0 {
                return Err(Contradiction);
            }
            allowed |= (kept & 0o7 | (kept & 0o70) << 6 | (kept & 0o700) << 12) << (3 * stack);
        }
        let mut narrowed = false;
        for band in 0..3 {
            let cells = self.words[at + band];
            let kept = cells & (((allowed >> (9 * band)) & ROW) * 0o001_001_001);
            narrowed |= kept != cells;
            self.words[at + band] = kept;
        }
        Ok(narrowed)
    }

    /// Places every naked single (a cell left with one candidate) and notes
    /// the cells with two; fails on a cell with none. Returns whether it
    /// placed anything.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for band in 0..3 {
            // Cells with one candidate or more, two or more, three or more.
            let (mut one, mut two, mut three) = (0, 0, 0);
            for digit in 0..9 {
                let cells = self.words[3 * digit + band];
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            if one != ALL {
                return Err(Contradiction);
            }
            self.pairs[band] = two & !three;
            let mut singles = one & !two & self.unsolved[band];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                placed = true;
                let digit = (0..9)
                    .find(|&digit| self.words[3 * digit + band] & bit != 0)
                    .ok_or(Contradiction)?;
                self.assign(3 * digit + band, bit);
            }
        }
        Ok(placed)
    }

    /// The branch of a propagated, unsolved state: a cell with two candidates
    /// when there is one, else the emptiest of the first open cell of each band.
    #[inline(always)]
    pub(super) fn choose(&self) -> Choice {
        let digits_of = |band: usize, bit: u32| {
            (0..9).filter(move |&digit| self.words[3 * digit + band] & bit != 0)
        };
        if let Some(band) = (0..3).find(|&band| self.pairs[band] != 0) {
            let bit = self.pairs[band] & self.pairs[band].wrapping_neg();
            let mut digits = digits_of(band, bit);
            let digit = digits.next().unwrap_or(0);
            return Choice {
                band,
                bit,
                digit,
                other: digits.next(),
            };
        }
        let (band, bit) = (0..3)
            .filter(|&band| self.unsolved[band] != 0)
            .map(|band| {
                (
                    band,
                    self.unsolved[band] & self.unsolved[band].wrapping_neg(),
                )
            })
            .min_by_key(|&(band, bit)| digits_of(band, bit).count())
            .unwrap_or((0, 1));
        Choice {
            band,
            bit,
            digit: digits_of(band, bit).next().unwrap_or(0),
            other: None,
        }
    }

    /// Applies `choice` to this state and returns the state of its negation.
    #[inline(always)]
    pub(super) fn branch(&mut self, choice: Choice) -> Board {
        let mut negation = *self;
        match choice.other {
            Some(other) => negation.assign(3 * other + choice.band, choice.bit),
            None => negation.words[3 * choice.digit + choice.band] &= !choice.bit,
        }
        self.assign(3 * choice.digit + choice.band, choice.bit);
        negation
    }

    /// The digit of every cell (row-major) of a solved state.
    pub(super) fn digits(&self) -> [u8; 81] {
        let mut digits = [0; 81];
        for (word, &cells) in self.words.iter().enumerate() {
            let (digit, band) = (word / 3, word % 3);
            let mut cells = cells;
            while cells != 0 {
                digits[27 * band + cells.trailing_zeros() as usize] = digit as u8;
                cells &= cells - 1;
            }
        }
        digits
    }
}
