//! Rules on the values of cells (sums, orders, pair relations): the schema as
//! written in RON, each rule's one-sentence meaning, and its load-time checks.
//!
//! A rule is a typed hyperedge of the constraint graph: an ordered list of cells
//! and a relation on their values. Here it is written once; the solver compiles
//! it to propagators (`solver/rules/`), [`crate::verify`] checks it from its
//! definition, and nothing else needs to know its name.
//!
//! The schema and the checks every rule shares are here; a family's own checks
//! in its file: [`sum`] (which totals values can reach), [`line`] (runs of
//! consecutive values), [`clue`] (outside clues: their direction and line).

pub mod clue;
pub mod line;
pub mod primitive;
pub mod sum;

pub use clue::Direction;

use serde::Deserialize;

use crate::cell::{Cell, Coord, House, HouseKind};

/// A rule as written in a variant's or a puzzle's `rules: [...]`, cells by name.
///
/// Every rule speaks of the numeric values of symbols (see
/// [`crate::variant::SymbolsSpec::values`]); a variant whose symbols have none
/// cannot have rules. The same derives read it from JSON (the web page sends
/// its drawn rules so: `{"Killer": {"cells": ["r1c1"], "total": 5}}`) and
/// write it back.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub enum RuleSpec {
    /// Killer cage: "the digits in a cage may not repeat and, if a total is
    /// given, must sum to it".
    Killer {
        /// The cage's cells.
        cells: Vec<String>,
        /// The total, when given.
        #[serde(default)]
        total: Option<i64>,
    },
    /// Sum cage: "the digits in a cage sum to the total; they may repeat".
    Cage {
        /// The cage's cells.
        cells: Vec<String>,
        /// The total.
        total: i64,
    },
    /// Arrow: "the digits along an arrow sum to the number in its circle; a
    /// circle of two or three cells (a pill) reads as a number, left to right".
    Arrow {
        /// The circle (or pill), most significant digit first.
        circle: Vec<String>,
        /// The cells along the arrow, from the circle out.
        line: Vec<String>,
    },
    /// The generic linear sum Σ wᵢ·vᵢ = total.
    Sum {
        /// The cells.
        cells: Vec<String>,
        /// One integer weight per cell; all 1 when left out.
        #[serde(default)]
        weights: Option<Vec<i64>>,
        /// The total.
        total: i64,
    },
    /// Thermometer: "digits along a thermometer strictly increase from the bulb".
    Thermometer(Vec<String>),
    /// Slow thermometer: "digits along a slow thermometer increase or stay the
    /// same from the bulb".
    SlowThermometer(Vec<String>),
    /// White kropki dot: "the digits of two cells joined by a white dot differ
    /// by the dot's value (1 unless given)".
    Difference {
        /// The two cells, orthogonal neighbours.
        cells: (String, String),
        /// The difference; 1 when left out.
        #[serde(default)]
        value: Option<i64>,
    },
    /// Black kropki dot: "one of the digits of two cells joined by a black dot
    /// is the other times the dot's value (2 unless given)".
    Ratio {
        /// The two cells, orthogonal neighbours.
        cells: (String, String),
        /// The ratio; 2 when left out.
        #[serde(default)]
        value: Option<i64>,
    },
    /// X: "the digits of two cells joined by an X sum to 10".
    X(String, String),
    /// V: "the digits of two cells joined by a V sum to 5".
    V(String, String),
    /// The negative constraint of a kind of mark: "every pair of orthogonal
    /// neighbours without a mark of its family does not have its property"
    /// (not consecutive; not one double the other; summing to neither 10 nor
    /// 5). White and black kropki dots are one family: a pair under either
    /// is exempt from both negative kropki rules; X and V are another.
    Negative(Mark),
    /// Whispers: "neighbouring digits along a whispers line differ by at least
    /// the line's difference (5, German whispers, unless given)".
    Whispers {
        /// The line's cells, in order.
        cells: Vec<String>,
        /// The least difference; 5 when left out.
        #[serde(default)]
        difference: Option<i64>,
    },
    /// Renban: "the digits on a renban line are distinct and form a set of
    /// consecutive numbers, in any order".
    Renban(Vec<String>),
    /// Non-consecutive: "digits in orthogonally adjacent cells are never
    /// consecutive, but across a kropki dot": the same pairs as
    /// `Negative(Difference)` (a pair under a white or a black dot is exempt).
    NonConsecutive,
    /// Odd cells: "a cell with a grey circle holds an odd digit".
    Odd(Vec<String>),
    /// Even cells: "a cell with a grey square holds an even digit".
    Even(Vec<String>),
    /// The generic pair relation: every listed pair of cells holds one of the
    /// allowed pairs of values (first cell's value, second cell's value).
    Relation {
        /// Ordered pairs of cells.
        pairs: Vec<(String, String)>,
        /// The allowed (first, second) value pairs.
        allowed: Vec<(i64, i64)>,
    },
    /// Little killer: "a clue outside the grid with an arrow gives the sum of
    /// the digits along the diagonal it points at; digits may repeat".
    LittleKiller {
        /// The first cell of the diagonal, next to the clue.
        from: String,
        /// The diagonal's direction into the grid (`DownRight`, …).
        towards: Direction,
        /// The sum.
        total: i64,
    },
    /// Sandwich: "a clue outside the grid gives the sum of the digits
    /// sandwiched between the smallest and the largest digit (1 and 9) of
    /// that row or column".
    Sandwich {
        /// The first cell of the row or column, next to the clue.
        from: String,
        /// Into the grid: `Right` for a clue left of a row, `Down` above a column.
        towards: Direction,
        /// The sum between the two.
        total: i64,
    },
    /// X-sum: "a clue outside the grid gives the sum of the first X digits
    /// of that row or column seen from the clue, X being the first of them".
    XSum {
        /// The first cell, next to the clue.
        from: String,
        /// Into the grid.
        towards: Direction,
        /// The sum.
        total: i64,
    },
    /// Skyscraper: "a clue outside the grid counts the skyscrapers seen from
    /// it in that row or column, digits being heights: a taller one hides
    /// every lower one behind it".
    Skyscraper {
        /// The first cell, next to the clue.
        from: String,
        /// Into the grid.
        towards: Direction,
        /// How many are seen.
        count: i64,
    },
    /// Between line: "the digits on a line between two circles lie strictly
    /// between the digits in the circles".
    Between(Vec<String>),
    /// Lockout line: "the digits in the two diamonds at the ends of a lockout
    /// line differ by at least the line's difference (4 unless given), and no
    /// digit on the line lies between them or equals either".
    Lockout {
        /// The line's cells, ends first and last.
        cells: Vec<String>,
        /// The least difference of the ends; 4 when left out.
        #[serde(default)]
        difference: Option<i64>,
    },
    /// Quadruple: "the digits in a circle at the corner of four cells all
    /// appear in those four cells (as many times as listed)".
    Quadruple {
        /// The four cells around the corner.
        cells: Vec<String>,
        /// The digits, one to four of them.
        digits: Vec<i64>,
    },
    /// Minimum cells: "a minimum cell holds a digit smaller than each of its
    /// orthogonal neighbours".
    Minimum(Vec<String>),
    /// Maximum cells: "a maximum cell holds a digit greater than each of its
    /// orthogonal neighbours".
    Maximum(Vec<String>),
    /// Greater-than sign: "the digit on the open side of the sign is greater
    /// than the one at its point": the first cell's.
    GreaterThan(String, String),
    /// Region-sum line: "the digits on a region-sum line have the same sum in
    /// each box (region) the line passes through; a line entering a box twice
    /// makes two segments".
    RegionSum(Vec<String>),
    /// Palindrome: "the digits along a palindrome line read the same from
    /// either end".
    Palindrome(Vec<String>),
    /// Clone: "cloned cells hold the same digits, cell for cell".
    Clone(Vec<String>, Vec<String>),
    /// Zipper line: "digits at the same distance from the centre of a zipper
    /// line sum to the digit in the centre (on a line of odd length) or all
    /// to the same total (even length)".
    Zipper(Vec<String>),
    /// Double arrow: "the digits in the two circles at the ends of the line
    /// sum to the total of the digits on the line between them".
    DoubleArrow(Vec<String>),
    /// Entropic line: "any three consecutive digits on an entropic line hold
    /// one low (1–3), one middle (4–6) and one high (7–9) digit".
    Entropic(Vec<String>),
    /// Modular line: "any three consecutive digits on a modular line hold one
    /// of each remainder modulo 3".
    Modular(Vec<String>),
    /// Nabner line: "no two digits on a nabner line are the same or
    /// consecutive".
    Nabner(Vec<String>),
    /// Regular-expression line (the Interactive Sudoku Solver's `Regex`):
    /// "the digits along the line, read in order, match the pattern", a
    /// digit read as its character (`0`–`9`, then `A`–`Z` for 10 to 35).
    Regex {
        /// The line's cells, in reading order.
        cells: Vec<String>,
        /// The regular expression, matched against the whole line.
        pattern: String,
    },
    /// Sum line (the Interactive Sudoku Solver's `SumLine`): "the line
    /// divides into segments of neighbouring cells that each sum to the
    /// total"; on a closed loop a segment may run past the last cell back to
    /// the first.
    SumLine {
        /// The line's cells, in order.
        cells: Vec<String>,
        /// Each segment's sum.
        total: i64,
        /// Whether the line is a closed loop (its last cell touches its first).
        #[serde(default)]
        closed: bool,
    },
    /// Lunchbox: "the digits in a lunchbox differ, and those between its
    /// smallest and its largest digit (in the order of its cells) sum to the
    /// total".
    Lunchbox {
        /// The lunchbox's cells, in order.
        cells: Vec<String>,
        /// The sum between the smallest and the largest digit.
        total: i64,
    },
    /// Rellik cage: "the digits in the cage differ, and no one or more of
    /// them sum to the total".
    RellikCage {
        /// The cage's cells.
        cells: Vec<String>,
        /// The sum no digits of the cage make.
        total: i64,
    },
    /// Equality cage: "the digits in the cage differ, as many are even as odd
    /// and as many low as high (of an odd count of values, the middle one is
    /// neither, and never in the cage)".
    EqualityCage(Vec<String>),
    /// Global entropy: "every 2×2 square of the grid holds a low, a middle
    /// and a high digit (the lower, middle and upper third of the values)".
    GlobalEntropy,
    /// Global modular: "every 2×2 square of the grid holds a digit of each
    /// remainder modulo 3".
    GlobalModular,
    /// Anti-taxicab: "a digit d is never d orthogonal steps (the taxicab
    /// distance) from a cell holding the same digit".
    AntiTaxicab,
    /// Column indexing: "a digit d in one of these cells, in column c, says
    /// where c stands in its row: in column d".
    ColumnIndexing(Vec<String>),
    /// Row indexing: "a digit d in one of these cells, in row r, says where r
    /// stands in its column: in row d".
    RowIndexing(Vec<String>),
    /// Numbered room: "a clue outside the grid is the digit in the Nth cell
    /// of that row or column seen from the clue, N being the first cell's
    /// digit".
    NumberedRoom {
        /// The first cell, next to the clue.
        from: String,
        /// Into the grid.
        towards: Direction,
        /// The digit in the Nth cell.
        value: i64,
    },
    /// Equal sums: "the groups of cells all have the same sum" (a cell may be
    /// in several groups, as on a magic square).
    EqualSum(Vec<Vec<String>>),
    /// Value indexing (the Interactive Sudoku Solver's `ValueIndexing`): "the
    /// digit in the first cell appears again on the line, in the dth cell
    /// after the second, d being the second cell's digit".
    ValueIndexing(Vec<String>),
    /// Candidates (pencil marks given with the puzzle): "each of the cells
    /// holds one of the values".
    Candidates {
        /// The cells.
        cells: Vec<String>,
        /// The values they may hold.
        values: Vec<i64>,
    },
}

/// A kind of mark between two orthogonal neighbours, for [`RuleSpec::Negative`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
pub enum Mark {
    /// White kropki dots (difference 1).
    Difference,
    /// Black kropki dots (ratio 2).
    Ratio,
    /// X and V.
    XV,
}

/// A rule with its cells resolved to indices and its defaults filled in: what
/// the solver, `verify` and the writers read.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Rule {
    /// See [`RuleSpec::Killer`].
    Killer {
        /// Cells.
        cells: Vec<usize>,
        /// Total, when given.
        total: Option<i64>,
    },
    /// See [`RuleSpec::Cage`].
    Cage {
        /// Cells.
        cells: Vec<usize>,
        /// Total.
        total: i64,
    },
    /// See [`RuleSpec::Arrow`].
    Arrow {
        /// Circle or pill, most significant first.
        circle: Vec<usize>,
        /// The arrow's cells.
        line: Vec<usize>,
    },
    /// See [`RuleSpec::Sum`].
    Sum {
        /// Cells.
        cells: Vec<usize>,
        /// Weights, one per cell.
        weights: Vec<i64>,
        /// Total.
        total: i64,
    },
    /// See [`RuleSpec::Thermometer`]: cells from the bulb.
    Thermometer(Vec<usize>),
    /// See [`RuleSpec::SlowThermometer`]: cells from the bulb.
    SlowThermometer(Vec<usize>),
    /// See [`RuleSpec::Difference`].
    Difference {
        /// The two cells.
        cells: (usize, usize),
        /// The difference.
        value: i64,
    },
    /// See [`RuleSpec::Ratio`].
    Ratio {
        /// The two cells.
        cells: (usize, usize),
        /// The ratio.
        value: i64,
    },
    /// See [`RuleSpec::X`] and [`RuleSpec::V`]: the two cells sum to `sum`.
    Xv {
        /// The two cells.
        cells: (usize, usize),
        /// 10 for X, 5 for V.
        sum: i64,
    },
    /// See [`RuleSpec::Negative`].
    Negative(Mark),
    /// See [`RuleSpec::Whispers`].
    Whispers {
        /// Cells in line order.
        cells: Vec<usize>,
        /// Least difference.
        difference: i64,
    },
    /// See [`RuleSpec::Renban`].
    Renban(Vec<usize>),
    /// See [`RuleSpec::NonConsecutive`].
    NonConsecutive,
    /// See [`RuleSpec::Odd`] and [`RuleSpec::Even`].
    Parity {
        /// Cells.
        cells: Vec<usize>,
        /// Odd (true) or even.
        odd: bool,
    },
    /// See [`RuleSpec::Relation`].
    Relation {
        /// Ordered pairs of cells.
        pairs: Vec<(usize, usize)>,
        /// Allowed (first, second) values.
        allowed: Vec<(i64, i64)>,
    },
    /// See [`RuleSpec::LittleKiller`].
    LittleKiller {
        /// The diagonal from the clue.
        cells: Vec<usize>,
        /// Its direction.
        towards: Direction,
        /// Sum.
        total: i64,
    },
    /// See [`RuleSpec::Sandwich`].
    Sandwich {
        /// The row or column from the clue.
        cells: Vec<usize>,
        /// Its direction.
        towards: Direction,
        /// Sum between the extremes.
        total: i64,
    },
    /// See [`RuleSpec::XSum`].
    XSum {
        /// The row or column from the clue.
        cells: Vec<usize>,
        /// Its direction.
        towards: Direction,
        /// Sum.
        total: i64,
    },
    /// See [`RuleSpec::Skyscraper`].
    Skyscraper {
        /// The row or column from the clue.
        cells: Vec<usize>,
        /// Its direction.
        towards: Direction,
        /// Cells seen.
        count: i64,
    },
    /// See [`RuleSpec::Between`]: ends first and last.
    Between(Vec<usize>),
    /// See [`RuleSpec::Lockout`].
    Lockout {
        /// Ends first and last.
        cells: Vec<usize>,
        /// Least difference of the ends.
        difference: i64,
    },
    /// See [`RuleSpec::Quadruple`].
    Quadruple {
        /// The four cells.
        cells: Vec<usize>,
        /// The digits that appear.
        digits: Vec<i64>,
    },
    /// See [`RuleSpec::Minimum`] and [`RuleSpec::Maximum`].
    Extremum {
        /// The cells.
        cells: Vec<usize>,
        /// Smaller (true) or greater than every orthogonal neighbour.
        minimum: bool,
    },
    /// See [`RuleSpec::GreaterThan`].
    GreaterThan {
        /// The greater cell, then the smaller.
        cells: (usize, usize),
    },
    /// See [`RuleSpec::RegionSum`]: the line cut where it changes box.
    RegionSum {
        /// The segments, in line order.
        segments: Vec<Vec<usize>>,
    },
    /// See [`RuleSpec::Palindrome`].
    Palindrome(Vec<usize>),
    /// See [`RuleSpec::Clone`].
    Clone(Vec<usize>, Vec<usize>),
    /// See [`RuleSpec::Zipper`].
    Zipper(Vec<usize>),
    /// See [`RuleSpec::DoubleArrow`]: circles first and last.
    DoubleArrow(Vec<usize>),
    /// See [`RuleSpec::Entropic`].
    Entropic(Vec<usize>),
    /// See [`RuleSpec::Modular`].
    Modular(Vec<usize>),
    /// See [`RuleSpec::Nabner`].
    Nabner(Vec<usize>),
    /// See [`RuleSpec::Regex`].
    Regex {
        /// Cells in reading order.
        cells: Vec<usize>,
        /// The pattern.
        pattern: String,
    },
    /// See [`RuleSpec::SumLine`].
    SumLine {
        /// Cells in line order.
        cells: Vec<usize>,
        /// Each segment's sum.
        total: i64,
        /// Whether the line is a loop.
        closed: bool,
    },
    /// See [`RuleSpec::Lunchbox`].
    Lunchbox {
        /// Cells in order.
        cells: Vec<usize>,
        /// The sum between the extremes.
        total: i64,
    },
    /// See [`RuleSpec::RellikCage`].
    RellikCage {
        /// The cage.
        cells: Vec<usize>,
        /// The sum none of its digits make.
        total: i64,
    },
    /// See [`RuleSpec::EqualityCage`].
    EqualityCage(Vec<usize>),
    /// See [`RuleSpec::GlobalEntropy`]: every 2×2 square of the grid, its
    /// cells in reading order.
    GlobalEntropy(Vec<[usize; 4]>),
    /// See [`RuleSpec::GlobalModular`]: every 2×2 square of the grid.
    GlobalModular(Vec<[usize; 4]>),
    /// See [`RuleSpec::AntiTaxicab`]: (cell, cell, distance) for every two
    /// cells of a grid at most as many steps apart as the largest value.
    AntiTaxicab(Vec<(usize, usize, i64)>),
    /// See [`RuleSpec::ColumnIndexing`] and [`RuleSpec::RowIndexing`].
    Indexing {
        /// Per indexing cell: the cells of its row (column indexing) or
        /// column (row indexing), in order, and its own place among them
        /// (from 0).
        lines: Vec<(Vec<usize>, usize)>,
        /// Column indexing (else row indexing).
        column: bool,
    },
    /// See [`RuleSpec::NumberedRoom`].
    NumberedRoom {
        /// The row or column from the clue.
        cells: Vec<usize>,
        /// Its direction.
        towards: Direction,
        /// The digit in the Nth cell.
        value: i64,
    },
    /// See [`RuleSpec::EqualSum`].
    EqualSum(Vec<Vec<usize>>),
    /// See [`RuleSpec::ValueIndexing`].
    ValueIndexing(Vec<usize>),
    /// See [`RuleSpec::Candidates`].
    Candidates {
        /// The cells.
        cells: Vec<usize>,
        /// The values.
        values: Vec<i64>,
    },
}

impl Rule {
    /// The rule's name for messages: `killer cage`, `thermometer`, …
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Killer { .. } => "killer cage",
            Rule::Cage { .. } => "sum cage",
            Rule::Arrow { .. } => "arrow",
            Rule::Sum { .. } => "sum",
            Rule::Thermometer(_) => "thermometer",
            Rule::SlowThermometer(_) => "slow thermometer",
            Rule::Difference { .. } => "white dot",
            Rule::Ratio { .. } => "black dot",
            Rule::Xv { sum: 10, .. } => "X",
            Rule::Xv { .. } => "V",
            Rule::Negative(_) => "negative constraint",
            Rule::Whispers { .. } => "whispers line",
            Rule::Renban(_) => "renban line",
            Rule::NonConsecutive => "non-consecutive",
            Rule::Parity { odd: true, .. } => "odd cell",
            Rule::Parity { .. } => "even cell",
            Rule::Relation { .. } => "relation",
            Rule::LittleKiller { .. } => "little killer",
            Rule::Sandwich { .. } => "sandwich",
            Rule::XSum { .. } => "X-sum",
            Rule::Skyscraper { .. } => "skyscraper",
            Rule::Between(_) => "between line",
            Rule::Lockout { .. } => "lockout line",
            Rule::Quadruple { .. } => "quadruple",
            Rule::Extremum { minimum: true, .. } => "minimum cell",
            Rule::Extremum { .. } => "maximum cell",
            Rule::GreaterThan { .. } => "greater-than sign",
            Rule::RegionSum { .. } => "region-sum line",
            Rule::Palindrome(_) => "palindrome",
            Rule::Clone(..) => "clone",
            Rule::Zipper(_) => "zipper line",
            Rule::DoubleArrow(_) => "double arrow",
            Rule::Entropic(_) => "entropic line",
            Rule::Modular(_) => "modular line",
            Rule::Nabner(_) => "nabner line",
            Rule::Regex { .. } => "regex line",
            Rule::SumLine { .. } => "sum line",
            Rule::Lunchbox { .. } => "lunchbox",
            Rule::RellikCage { .. } => "rellik cage",
            Rule::EqualityCage(_) => "equality cage",
            Rule::GlobalEntropy(_) => "global entropy",
            Rule::GlobalModular(_) => "global modular",
            Rule::AntiTaxicab(_) => "anti-taxicab",
            Rule::Indexing { column: true, .. } => "column indexing",
            Rule::Indexing { .. } => "row indexing",
            Rule::NumberedRoom { .. } => "numbered room",
            Rule::EqualSum(_) => "equal sums",
            Rule::ValueIndexing(_) => "value indexing line",
            Rule::Candidates { .. } => "candidates",
        }
    }

    /// The same rule on other cells: `to(cell)` is where `cell` goes (a part
    /// placed on a canvas).
    pub fn map_cells(&self, to: impl Fn(usize) -> usize) -> Rule {
        let list = |cells: &[usize]| cells.iter().map(|&c| to(c)).collect::<Vec<_>>();
        let pair = |(a, b): (usize, usize)| (to(a), to(b));
        let squares4 =
            |squares: &[[usize; 4]]| squares.iter().map(|q| q.map(&to)).collect::<Vec<_>>();
        match self {
            Rule::Killer { cells, total } => Rule::Killer {
                cells: list(cells),
                total: *total,
            },
            Rule::Cage { cells, total } => Rule::Cage {
                cells: list(cells),
                total: *total,
            },
            Rule::Arrow { circle, line } => Rule::Arrow {
                circle: list(circle),
                line: list(line),
            },
            Rule::Sum {
                cells,
                weights,
                total,
            } => Rule::Sum {
                cells: list(cells),
                weights: weights.clone(),
                total: *total,
            },
            Rule::Thermometer(cells) => Rule::Thermometer(list(cells)),
            Rule::SlowThermometer(cells) => Rule::SlowThermometer(list(cells)),
            Rule::Difference { cells, value } => Rule::Difference {
                cells: pair(*cells),
                value: *value,
            },
            Rule::Ratio { cells, value } => Rule::Ratio {
                cells: pair(*cells),
                value: *value,
            },
            Rule::Xv { cells, sum } => Rule::Xv {
                cells: pair(*cells),
                sum: *sum,
            },
            Rule::Negative(mark) => Rule::Negative(*mark),
            Rule::Whispers { cells, difference } => Rule::Whispers {
                cells: list(cells),
                difference: *difference,
            },
            Rule::Renban(cells) => Rule::Renban(list(cells)),
            Rule::NonConsecutive => Rule::NonConsecutive,
            Rule::Parity { cells, odd } => Rule::Parity {
                cells: list(cells),
                odd: *odd,
            },
            Rule::Relation { pairs, allowed } => Rule::Relation {
                pairs: pairs.iter().map(|&p| pair(p)).collect(),
                allowed: allowed.clone(),
            },
            Rule::LittleKiller {
                cells,
                towards,
                total,
            } => Rule::LittleKiller {
                cells: list(cells),
                towards: *towards,
                total: *total,
            },
            Rule::Sandwich {
                cells,
                towards,
                total,
            } => Rule::Sandwich {
                cells: list(cells),
                towards: *towards,
                total: *total,
            },
            Rule::XSum {
                cells,
                towards,
                total,
            } => Rule::XSum {
                cells: list(cells),
                towards: *towards,
                total: *total,
            },
            Rule::Skyscraper {
                cells,
                towards,
                count,
            } => Rule::Skyscraper {
                cells: list(cells),
                towards: *towards,
                count: *count,
            },
            Rule::Between(cells) => Rule::Between(list(cells)),
            Rule::Lockout { cells, difference } => Rule::Lockout {
                cells: list(cells),
                difference: *difference,
            },
            Rule::Quadruple { cells, digits } => Rule::Quadruple {
                cells: list(cells),
                digits: digits.clone(),
            },
            Rule::Extremum { cells, minimum } => Rule::Extremum {
                cells: list(cells),
                minimum: *minimum,
            },
            Rule::GreaterThan { cells } => Rule::GreaterThan {
                cells: pair(*cells),
            },
            Rule::RegionSum { segments } => Rule::RegionSum {
                segments: segments.iter().map(|s| list(s)).collect(),
            },
            Rule::Palindrome(cells) => Rule::Palindrome(list(cells)),
            Rule::Clone(a, b) => Rule::Clone(list(a), list(b)),
            Rule::Zipper(cells) => Rule::Zipper(list(cells)),
            Rule::DoubleArrow(cells) => Rule::DoubleArrow(list(cells)),
            Rule::Entropic(cells) => Rule::Entropic(list(cells)),
            Rule::Modular(cells) => Rule::Modular(list(cells)),
            Rule::Nabner(cells) => Rule::Nabner(list(cells)),
            Rule::Regex { cells, pattern } => Rule::Regex {
                cells: list(cells),
                pattern: pattern.clone(),
            },
            Rule::SumLine {
                cells,
                total,
                closed,
            } => Rule::SumLine {
                cells: list(cells),
                total: *total,
                closed: *closed,
            },
            Rule::Lunchbox { cells, total } => Rule::Lunchbox {
                cells: list(cells),
                total: *total,
            },
            Rule::RellikCage { cells, total } => Rule::RellikCage {
                cells: list(cells),
                total: *total,
            },
            Rule::EqualityCage(cells) => Rule::EqualityCage(list(cells)),
            Rule::GlobalEntropy(squares) => Rule::GlobalEntropy(squares4(squares)),
            Rule::GlobalModular(squares) => Rule::GlobalModular(squares4(squares)),
            Rule::AntiTaxicab(pairs) => {
                Rule::AntiTaxicab((pairs.iter()).map(|&(a, b, d)| (to(a), to(b), d)).collect())
            }
            Rule::Indexing { lines, column } => Rule::Indexing {
                lines: lines.iter().map(|(l, at)| (list(l), *at)).collect(),
                column: *column,
            },
            Rule::NumberedRoom {
                cells,
                towards,
                value,
            } => Rule::NumberedRoom {
                cells: list(cells),
                towards: *towards,
                value: *value,
            },
            Rule::EqualSum(groups) => Rule::EqualSum(groups.iter().map(|g| list(g)).collect()),
            Rule::ValueIndexing(cells) => Rule::ValueIndexing(list(cells)),
            Rule::Candidates { cells, values } => Rule::Candidates {
                cells: list(cells),
                values: values.clone(),
            },
        }
    }

    /// The cells the rule speaks of, each once, in the rule's order (none for
    /// the rules that hold everywhere: non-consecutive, negative constraints).
    pub fn cells(&self) -> Vec<usize> {
        let seen = std::cell::RefCell::new(Vec::new());
        self.map_cells(|c| {
            let mut seen = seen.borrow_mut();
            if !seen.contains(&c) {
                seen.push(c);
            }
            c
        });
        seen.into_inner()
    }

    /// Whether the rule holds every cell of it to a different value (so the
    /// solver may treat its cells as neighbours of the graph).
    pub fn distinct_cells(&self) -> Option<&[usize]> {
        match self {
            Rule::Killer { cells, .. }
            | Rule::Renban(cells)
            | Rule::Nabner(cells)
            | Rule::Lunchbox { cells, .. }
            | Rule::RellikCage { cells, .. }
            | Rule::EqualityCage(cells) => Some(cells),
            _ => None,
        }
    }
}

/// A rule that cannot be used, and the name (of a cell, or the rule's word)
/// to point at in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleFault {
    /// What is wrong, naming the rule.
    pub message: String,
    /// A cell name to point at, when the fault is about one.
    pub cell: Option<String>,
    /// The rule's word in the file (`Killer`, `Thermometer`, …).
    pub word: &'static str,
}

/// What resolving rules needs to know of the variant.
pub struct Context<'a> {
    /// The cells, in graph order.
    pub cells: &'a [Cell],
    /// The value of each symbol, in colour order, when the symbols have values.
    pub values: Option<&'a [i64]>,
    /// Every cell's index by name.
    pub index: &'a dyn Fn(&str) -> Option<usize>,
    /// The houses (a region-sum line is cut by the boxes and regions).
    pub houses: &'a [House],
}

/// The most symbols a variant with rules may have: the solver reads a cell's
/// candidates as one 128-bit word when it applies a rule.
pub const MAX_RULE_SYMBOLS: usize = 128;

impl RuleSpec {
    /// The rule's word as written in RON, to point at in messages.
    pub fn word(&self) -> &'static str {
        match self {
            RuleSpec::Killer { .. } => "Killer",
            RuleSpec::Cage { .. } => "Cage",
            RuleSpec::Arrow { .. } => "Arrow",
            RuleSpec::Sum { .. } => "Sum",
            RuleSpec::Thermometer(_) => "Thermometer",
            RuleSpec::SlowThermometer(_) => "SlowThermometer",
            RuleSpec::Difference { .. } => "Difference",
            RuleSpec::Ratio { .. } => "Ratio",
            RuleSpec::X(..) => "X",
            RuleSpec::V(..) => "V",
            RuleSpec::Negative(_) => "Negative",
            RuleSpec::Whispers { .. } => "Whispers",
            RuleSpec::Renban(_) => "Renban",
            RuleSpec::NonConsecutive => "NonConsecutive",
            RuleSpec::Odd(_) => "Odd",
            RuleSpec::Even(_) => "Even",
            RuleSpec::Relation { .. } => "Relation",
            RuleSpec::LittleKiller { .. } => "LittleKiller",
            RuleSpec::Sandwich { .. } => "Sandwich",
            RuleSpec::XSum { .. } => "XSum",
            RuleSpec::Skyscraper { .. } => "Skyscraper",
            RuleSpec::Between(_) => "Between",
            RuleSpec::Lockout { .. } => "Lockout",
            RuleSpec::Quadruple { .. } => "Quadruple",
            RuleSpec::Minimum(_) => "Minimum",
            RuleSpec::Maximum(_) => "Maximum",
            RuleSpec::GreaterThan(..) => "GreaterThan",
            RuleSpec::RegionSum(_) => "RegionSum",
            RuleSpec::Palindrome(_) => "Palindrome",
            RuleSpec::Clone(..) => "Clone",
            RuleSpec::Zipper(_) => "Zipper",
            RuleSpec::DoubleArrow(_) => "DoubleArrow",
            RuleSpec::Entropic(_) => "Entropic",
            RuleSpec::Modular(_) => "Modular",
            RuleSpec::Nabner(_) => "Nabner",
            RuleSpec::Regex { .. } => "Regex",
            RuleSpec::SumLine { .. } => "SumLine",
            RuleSpec::Lunchbox { .. } => "Lunchbox",
            RuleSpec::RellikCage { .. } => "RellikCage",
            RuleSpec::EqualityCage(_) => "EqualityCage",
            RuleSpec::GlobalEntropy => "GlobalEntropy",
            RuleSpec::GlobalModular => "GlobalModular",
            RuleSpec::AntiTaxicab => "AntiTaxicab",
            RuleSpec::ColumnIndexing(_) => "ColumnIndexing",
            RuleSpec::RowIndexing(_) => "RowIndexing",
            RuleSpec::NumberedRoom { .. } => "NumberedRoom",
            RuleSpec::EqualSum(_) => "EqualSum",
            RuleSpec::ValueIndexing(_) => "ValueIndexing",
            RuleSpec::Candidates { .. } => "Candidates",
        }
    }

    /// This rule with its cells found in `cx` and checked: cells that exist, a
    /// line of neighbouring cells where the rule needs one, a total some values
    /// can reach, a thermometer no longer than the symbols allow.
    ///
    /// # Errors
    /// A [`RuleFault`] naming the rule and, when it is about one, the cell.
    pub fn resolve(&self, cx: &Context) -> Result<Rule, RuleFault> {
        let word = self.word();
        let fault = |message: String, cell: Option<&str>| RuleFault {
            message: format!("{word}: {message}"),
            cell: cell.map(str::to_string),
            word,
        };
        let Some(values) = cx.values else {
            return Err(fault(
                "the symbols have no numeric values: give `values: [...]` with the symbols".into(),
                None,
            ));
        };
        if values.len() > MAX_RULE_SYMBOLS {
            return Err(fault(
                format!(
                    "rules are supported on at most {MAX_RULE_SYMBOLS} symbols, not {}",
                    values.len()
                ),
                None,
            ));
        }
        let one = |name: &String| {
            (cx.index)(name).ok_or_else(|| fault(format!("unknown cell name {name:?}"), Some(name)))
        };
        // Cells of one rule, each once, at least `least` of them.
        let list = |names: &[String], least: usize| -> Result<Vec<usize>, RuleFault> {
            let cells = names.iter().map(one).collect::<Result<Vec<_>, _>>()?;
            if cells.len() < least {
                return Err(fault(
                    format!("needs at least {least} cells, has {}", cells.len()),
                    names.first().map(String::as_str),
                ));
            }
            for (i, c) in cells.iter().enumerate() {
                if cells[..i].contains(c) {
                    return Err(fault(
                        format!("cell {} is listed twice", names[i]),
                        Some(&names[i]),
                    ));
                }
            }
            Ok(cells)
        };
        let path = |names: &[String], cells: &[usize]| -> Result<(), RuleFault> {
            match not_a_path(cx.cells, cells) {
                Some(i) => Err(fault(
                    format!(
                        "{} does not touch {}: a line goes from cell to neighbouring cell",
                        names[i],
                        names[i - 1]
                    ),
                    Some(&names[i]),
                )),
                None => Ok(()),
            }
        };
        let dot = |(a, b): &(String, String)| -> Result<(usize, usize), RuleFault> {
            let cells = list(&[a.clone(), b.clone()], 2)?;
            if !orthogonal(cx.cells, cells[0], cells[1]) {
                return Err(fault(
                    format!("{a} and {b} are not orthogonal neighbours of a grid"),
                    Some(a),
                ));
            }
            Ok((cells[0], cells[1]))
        };
        // The line an outside clue sees, orthogonal or diagonal as the rule needs.
        let outside = |from: &String, towards: Direction, diagonal: bool| {
            let start = one(from)?;
            if towards.diagonal() != diagonal {
                let kind = if diagonal {
                    "a diagonal"
                } else {
                    "an orthogonal"
                };
                return Err(fault(
                    format!("looks {}, not in {kind} direction", towards.word()),
                    Some(from),
                ));
            }
            clue::line(cx.cells, start, towards).map_err(|m| fault(m, Some(from)))
        };
        // Cells whose digits differ: no more than there are values.
        let distinct_room = |cells: &[usize], names: &[String]| -> Result<(), RuleFault> {
            let room = distinct_values(values).len();
            match cells.len() > room {
                true => Err(fault(
                    format!(
                        "{} cells with different digits, but {room} values",
                        cells.len()
                    ),
                    names.first().map(String::as_str),
                )),
                false => Ok(()),
            }
        };
        let rule = match self {
            RuleSpec::Killer {
                cells: names,
                total,
            } => {
                let cells = list(names, 1)?;
                if let Some(total) = *total {
                    sum::check_distinct_total(values, cells.len(), total)
                        .map_err(|m| fault(m, names.first().map(String::as_str)))?;
                } else if cells.len() > values.len() {
                    return Err(fault(
                        format!(
                            "{} distinct cells but {} symbols",
                            cells.len(),
                            values.len()
                        ),
                        None,
                    ));
                }
                Rule::Killer {
                    cells,
                    total: *total,
                }
            }
            RuleSpec::Cage {
                cells: names,
                total,
            } => {
                let cells = list(names, 1)?;
                sum::check_reachable(values, &vec![1; cells.len()], *total)
                    .map_err(|m| fault(m, names.first().map(String::as_str)))?;
                Rule::Cage {
                    cells,
                    total: *total,
                }
            }
            RuleSpec::Arrow { circle, line } => {
                let circle_cells = list(circle, 1)?;
                let line_cells = list(line, 1)?;
                if circle.len() > 3 {
                    return Err(fault(
                        format!("a circle of {} cells: a pill has 3 at most", circle.len()),
                        Some(&circle[0]),
                    ));
                }
                if let Some(c) = line_cells.iter().find(|c| circle_cells.contains(c)) {
                    let name = &cx.cells[*c].name;
                    return Err(fault(
                        format!("{name} is both in the circle and on the arrow"),
                        Some(name),
                    ));
                }
                path(circle, &circle_cells)?;
                // The arrow leaves from a cell of the circle.
                let mut whole = line.clone();
                let mut cells = line_cells.clone();
                let start = (circle_cells.iter())
                    .position(|&c| touches(cx.cells, c, line_cells[0]))
                    .unwrap_or(circle_cells.len() - 1);
                whole.insert(0, circle[start].clone());
                cells.insert(0, circle_cells[start]);
                path(&whole, &cells)?;
                let mut weights: Vec<i64> = (0..circle.len())
                    .rev()
                    .map(|p| 10i64.pow(p as u32))
                    .collect();
                weights.extend(line.iter().map(|_| -1));
                sum::check_reachable(values, &weights, 0).map_err(|_| {
                    fault(
                        "no digits make the arrow's sum equal its circle".into(),
                        Some(&circle[0]),
                    )
                })?;
                Rule::Arrow {
                    circle: circle_cells,
                    line: line_cells,
                }
            }
            RuleSpec::Sum {
                cells: names,
                weights,
                total,
            } => {
                let cells = list(names, 1)?;
                let weights = weights.clone().unwrap_or_else(|| vec![1; cells.len()]);
                if weights.len() != cells.len() {
                    return Err(fault(
                        format!("{} weights for {} cells", weights.len(), cells.len()),
                        None,
                    ));
                }
                if weights.iter().any(|w| w.unsigned_abs() > 1 << 20) {
                    return Err(fault("a weight is beyond ±2^20".into(), None));
                }
                sum::check_reachable(values, &weights, *total)
                    .map_err(|m| fault(m, names.first().map(String::as_str)))?;
                Rule::Sum {
                    cells,
                    weights,
                    total: *total,
                }
            }
            RuleSpec::Thermometer(names) | RuleSpec::SlowThermometer(names) => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                let strict = matches!(self, RuleSpec::Thermometer(_));
                let mut distinct = values.to_vec();
                distinct.sort_unstable();
                distinct.dedup();
                if strict && cells.len() > distinct.len() {
                    return Err(fault(
                        format!(
                            "a thermometer of {} cells, longer than the {} values it can increase through",
                            cells.len(),
                            distinct.len()
                        ),
                        Some(&names[0]),
                    ));
                }
                match strict {
                    true => Rule::Thermometer(cells),
                    false => Rule::SlowThermometer(cells),
                }
            }
            RuleSpec::Difference { cells, value } => {
                let value = value.unwrap_or(1);
                if value < 1 {
                    return Err(fault(format!("a difference of {value}"), None));
                }
                Rule::Difference {
                    cells: dot(cells)?,
                    value,
                }
            }
            RuleSpec::Ratio { cells, value } => {
                let value = value.unwrap_or(2);
                if value < 2 {
                    return Err(fault(format!("a ratio of {value}"), None));
                }
                Rule::Ratio {
                    cells: dot(cells)?,
                    value,
                }
            }
            RuleSpec::X(a, b) => Rule::Xv {
                cells: dot(&(a.clone(), b.clone()))?,
                sum: 10,
            },
            RuleSpec::V(a, b) => Rule::Xv {
                cells: dot(&(a.clone(), b.clone()))?,
                sum: 5,
            },
            RuleSpec::Negative(mark) => {
                grid_only(cx.cells).map_err(|m| fault(m, None))?;
                Rule::Negative(*mark)
            }
            RuleSpec::NonConsecutive => {
                grid_only(cx.cells).map_err(|m| fault(m, None))?;
                Rule::NonConsecutive
            }
            RuleSpec::Whispers {
                cells: names,
                difference,
            } => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                let difference = difference.unwrap_or(5);
                if difference < 1 {
                    return Err(fault(format!("a difference of {difference}"), None));
                }
                Rule::Whispers { cells, difference }
            }
            RuleSpec::Renban(names) => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                if !line::has_run(values, cells.len()) {
                    return Err(fault(
                        format!("no {} consecutive values among the symbols", cells.len()),
                        Some(&names[0]),
                    ));
                }
                Rule::Renban(cells)
            }
            RuleSpec::Odd(names) | RuleSpec::Even(names) => Rule::Parity {
                cells: list(names, 1)?,
                odd: matches!(self, RuleSpec::Odd(_)),
            },
            RuleSpec::Relation { pairs, allowed } => {
                let mut cells = Vec::new();
                for (a, b) in pairs {
                    let pair = list(&[a.clone(), b.clone()], 2)?;
                    cells.push((pair[0], pair[1]));
                }
                if allowed.is_empty() {
                    return Err(fault("no allowed pair of values".into(), None));
                }
                Rule::Relation {
                    pairs: cells,
                    allowed: allowed.clone(),
                }
            }
            RuleSpec::LittleKiller {
                from,
                towards,
                total,
            } => {
                let cells = outside(from, *towards, true)?;
                sum::check_reachable(values, &vec![1; cells.len()], *total)
                    .map_err(|m| fault(m, Some(from)))?;
                Rule::LittleKiller {
                    cells,
                    towards: *towards,
                    total: *total,
                }
            }
            RuleSpec::Sandwich {
                from,
                towards,
                total,
            } => {
                let cells = outside(from, *towards, false)?;
                let (lo, hi) = extremes(values);
                let inner: Vec<i64> = values
                    .iter()
                    .copied()
                    .filter(|v| (lo + 1..hi).contains(v))
                    .collect();
                if cells.len() < 2 || lo == hi {
                    return Err(fault(
                        "needs a line of at least two cells and two different values".into(),
                        Some(from),
                    ));
                }
                if !clue::reachable(&inner, 0..=cells.len() - 2, *total) {
                    return Err(fault(
                        format!("no digits between {lo} and {hi} make a sandwich of {total}"),
                        Some(from),
                    ));
                }
                Rule::Sandwich {
                    cells,
                    towards: *towards,
                    total: *total,
                }
            }
            RuleSpec::XSum {
                from,
                towards,
                total,
            } => {
                let cells = outside(from, *towards, false)?;
                let n = cells.len() as i64;
                let possible = values.iter().filter(|&&x| (1..=n).contains(&x)).any(|&x| {
                    sum::check_reachable(values, &vec![1; x as usize - 1], total - x).is_ok()
                });
                if !possible {
                    return Err(fault(
                        format!("no first digit X makes the first X digits sum to {total}"),
                        Some(from),
                    ));
                }
                Rule::XSum {
                    cells,
                    towards: *towards,
                    total: *total,
                }
            }
            RuleSpec::Skyscraper {
                from,
                towards,
                count,
            } => {
                let cells = outside(from, *towards, false)?;
                let heights = distinct_values(values).len().min(cells.len()) as i64;
                if !(1..=heights).contains(count) {
                    return Err(fault(
                        format!("{count} seen, but between 1 and {heights} can be"),
                        Some(from),
                    ));
                }
                Rule::Skyscraper {
                    cells,
                    towards: *towards,
                    count: *count,
                }
            }
            RuleSpec::Between(names) => {
                let cells = list(names, 3)?;
                path(names, &cells)?;
                let distinct = distinct_values(values);
                if distinct.len() < 3 {
                    return Err(fault("needs at least three values".into(), None));
                }
                Rule::Between(cells)
            }
            RuleSpec::Lockout {
                cells: names,
                difference,
            } => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                let difference = difference.unwrap_or(4);
                let (lo, hi) = extremes(values);
                if difference < 1 || difference > hi - lo {
                    return Err(fault(
                        format!(
                            "ends that differ by {difference} or more: the values span {lo} to {hi}"
                        ),
                        None,
                    ));
                }
                Rule::Lockout { cells, difference }
            }
            RuleSpec::Quadruple {
                cells: names,
                digits,
            } => {
                let cells = list(names, 4)?;
                let mut at: Vec<(usize, usize)> = (cells.iter())
                    .map(|&c| grid(cx.cells, c).unwrap_or((usize::MAX, usize::MAX)))
                    .collect();
                at.sort_unstable();
                let (r, c) = at[0];
                let square = cells.len() == 4
                    && r != usize::MAX
                    && at == [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
                if !square {
                    return Err(fault(
                        "needs the four cells of a 2×2 square of a grid".into(),
                        Some(&names[0]),
                    ));
                }
                if digits.is_empty() || digits.len() > 4 {
                    return Err(fault(
                        format!("{} digits: a quadruple lists one to four", digits.len()),
                        None,
                    ));
                }
                if let Some(d) = digits.iter().find(|d| !values.contains(d)) {
                    return Err(fault(format!("{d} is not the value of a symbol"), None));
                }
                Rule::Quadruple {
                    cells,
                    digits: digits.clone(),
                }
            }
            RuleSpec::Minimum(names) | RuleSpec::Maximum(names) => {
                let cells = list(names, 1)?;
                if let Some(i) =
                    (0..cells.len()).find(|&i| neighbours(cx.cells, cells[i]).is_empty())
                {
                    return Err(fault(
                        format!("{} has no orthogonal neighbour on a grid", names[i]),
                        Some(&names[i]),
                    ));
                }
                Rule::Extremum {
                    cells,
                    minimum: matches!(self, RuleSpec::Minimum(_)),
                }
            }
            RuleSpec::GreaterThan(a, b) => Rule::GreaterThan {
                cells: dot(&(a.clone(), b.clone()))?,
            },
            RuleSpec::RegionSum(names) => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                let region = |c: usize| {
                    cx.houses.iter().position(|h| {
                        matches!(h.kind, HouseKind::Box | HouseKind::Region) && h.cells.contains(&c)
                    })
                };
                if let Some(i) = (0..cells.len()).find(|&i| region(cells[i]).is_none()) {
                    return Err(fault(
                        format!("{} is in no box or region", names[i]),
                        Some(&names[i]),
                    ));
                }
                let segments: Vec<Vec<usize>> = cells
                    .chunk_by(|&a, &b| region(a) == region(b))
                    .map(<[usize]>::to_vec)
                    .collect();
                if segments.len() < 2 {
                    return Err(fault(
                        "the line stays in one box: there is no other sum to equal".into(),
                        Some(&names[0]),
                    ));
                }
                Rule::RegionSum { segments }
            }
            RuleSpec::Palindrome(names) => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                Rule::Palindrome(cells)
            }
            RuleSpec::Clone(a, b) => {
                let (first, second) = (list(a, 1)?, list(b, 1)?);
                if first.len() != second.len() {
                    return Err(fault(
                        format!("{} cells cloned to {}", first.len(), second.len()),
                        None,
                    ));
                }
                if let Some(c) = first.iter().find(|c| second.contains(c)) {
                    let name = &cx.cells[*c].name;
                    return Err(fault(format!("{name} is in both parts"), Some(name)));
                }
                Rule::Clone(first, second)
            }
            RuleSpec::Zipper(names) | RuleSpec::DoubleArrow(names) => {
                let cells = list(names, 3)?;
                path(names, &cells)?;
                let n = cells.len();
                let mut weights = vec![0i64; n];
                match self {
                    RuleSpec::Zipper(_) if n % 2 == 1 => {
                        (weights[0], weights[n - 1], weights[n / 2]) = (1, 1, -1)
                    }
                    RuleSpec::Zipper(_) => {
                        (weights[0], weights[n - 1], weights[1], weights[n - 2]) = (1, 1, -1, -1)
                    }
                    _ => {
                        weights.fill(-1);
                        (weights[0], weights[n - 1]) = (1, 1);
                    }
                }
                weights.retain(|&w| w != 0);
                sum::check_reachable(values, &weights, 0)
                    .map_err(|_| fault("no digits make its sums equal".into(), Some(&names[0])))?;
                match self {
                    RuleSpec::Zipper(_) => Rule::Zipper(cells),
                    _ => Rule::DoubleArrow(cells),
                }
            }
            RuleSpec::Entropic(names) | RuleSpec::Modular(names) => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                let distinct = distinct_values(values);
                match self {
                    RuleSpec::Entropic(_) if !distinct.len().is_multiple_of(3) => {
                        return Err(fault(
                            format!(
                                "{} values do not split into three equal groups (low, middle, high)",
                                distinct.len()
                            ),
                            None,
                        ));
                    }
                    RuleSpec::Entropic(_) => Rule::Entropic(cells),
                    _ => Rule::Modular(cells),
                }
            }
            RuleSpec::Nabner(names) => {
                let cells = list(names, 2)?;
                path(names, &cells)?;
                // The most values pairwise two or more apart, taken greedily.
                let mut room = 0;
                let mut last = None;
                for v in distinct_values(values) {
                    if last.is_none_or(|l| v - l >= 2) {
                        (room, last) = (room + 1, Some(v));
                    }
                }
                if cells.len() > room {
                    return Err(fault(
                        format!(
                            "{} cells, but at most {room} values are pairwise two apart",
                            cells.len()
                        ),
                        Some(&names[0]),
                    ));
                }
                Rule::Nabner(cells)
            }
            RuleSpec::Regex {
                cells: names,
                pattern,
            } => {
                let cells = list(names, 1)?;
                // Checked here, for its place in the file; lowered from it later.
                primitive::Automaton::from_regex(pattern, values)
                    .map_err(|why| fault(why, Some(&names[0])))?;
                Rule::Regex {
                    cells,
                    pattern: pattern.clone(),
                }
            }
            RuleSpec::SumLine {
                cells: names,
                total,
                closed,
            } => {
                let cells = list(names, 1)?;
                path(names, &cells)?;
                let (first, last) = (cells[0], cells[cells.len() - 1]);
                if *closed && cells.len() > 1 && !touches(cx.cells, first, last) {
                    return Err(fault(
                        format!(
                            "a closed line's last cell {} does not touch its first",
                            names[names.len() - 1]
                        ),
                        names.last().map(String::as_str),
                    ));
                }
                primitive::sum_line(values, *total, *closed)
                    .map_err(|why| fault(why, Some(&names[0])))?;
                Rule::SumLine {
                    cells,
                    total: *total,
                    closed: *closed,
                }
            }
            RuleSpec::Lunchbox {
                cells: names,
                total,
            } => {
                let cells = list(names, 2)?;
                distinct_room(&cells, names)?;
                primitive::lunchbox(values, *total).map_err(|why| fault(why, Some(&names[0])))?;
                Rule::Lunchbox {
                    cells,
                    total: *total,
                }
            }
            RuleSpec::RellikCage {
                cells: names,
                total,
            } => {
                let cells = list(names, 1)?;
                distinct_room(&cells, names)?;
                primitive::rellik(values, cells.len(), *total)
                    .map_err(|why| fault(why, Some(&names[0])))?;
                Rule::RellikCage {
                    cells,
                    total: *total,
                }
            }
            RuleSpec::EqualityCage(names) => {
                let cells = list(names, 2)?;
                distinct_room(&cells, names)?;
                if cells.len() % 2 == 1 {
                    return Err(fault(
                        format!(
                            "{} cells cannot hold as many even as odd digits",
                            cells.len()
                        ),
                        Some(&names[0]),
                    ));
                }
                Rule::EqualityCage(cells)
            }
            RuleSpec::GlobalEntropy | RuleSpec::GlobalModular => {
                let distinct = distinct_values(values);
                if matches!(self, RuleSpec::GlobalEntropy) && !distinct.len().is_multiple_of(3) {
                    return Err(fault(
                        format!(
                            "{} values do not split into three equal groups (low, middle, high)",
                            distinct.len()
                        ),
                        None,
                    ));
                }
                let squares = squares(cx.cells);
                if squares.is_empty() {
                    return Err(fault("the shape has no 2×2 square of cells".into(), None));
                }
                match self {
                    RuleSpec::GlobalEntropy => Rule::GlobalEntropy(squares),
                    _ => Rule::GlobalModular(squares),
                }
            }
            RuleSpec::AntiTaxicab => {
                let distances: Vec<i64> = values.iter().copied().filter(|&v| v >= 1).collect();
                let cells: Vec<(usize, (usize, usize))> = (0..cx.cells.len())
                    .filter_map(|c| grid(cx.cells, c).map(|p| (c, p)))
                    .collect();
                let mut pairs = Vec::new();
                for (i, &(a, (r1, c1))) in cells.iter().enumerate() {
                    for &(b, (r2, c2)) in &cells[i + 1..] {
                        let d = (r1.abs_diff(r2) + c1.abs_diff(c2)) as i64;
                        if distances.contains(&d) {
                            pairs.push((a, b, d));
                        }
                    }
                }
                Rule::AntiTaxicab(pairs)
            }
            RuleSpec::ColumnIndexing(names) | RuleSpec::RowIndexing(names) => {
                let column = matches!(self, RuleSpec::ColumnIndexing(_));
                let cells = list(names, 1)?;
                let (kind, word) = match column {
                    true => (HouseKind::Row, "row"),
                    false => (HouseKind::Column, "column"),
                };
                let mut lines = Vec::new();
                for (&cell, name) in cells.iter().zip(names) {
                    let house = cx
                        .houses
                        .iter()
                        .find(|h| h.kind == kind && h.cells.contains(&cell));
                    let Some(house) = house else {
                        return Err(fault(format!("{name} is in no {word}"), Some(name)));
                    };
                    // The house in order along it (the other coordinate).
                    let mut line = house.cells.clone();
                    line.sort_by_key(|&c| match cx.cells[c].coord {
                        Coord::Grid { row, col } => {
                            if column {
                                col
                            } else {
                                row
                            }
                        }
                        _ => c,
                    });
                    let positions: Vec<i64> = (1..=line.len() as i64).collect();
                    if distinct_values(values) != positions {
                        return Err(fault(
                            format!(
                                "the values must be 1 to {}, the places along the line",
                                line.len()
                            ),
                            Some(name),
                        ));
                    }
                    let at = line
                        .iter()
                        .position(|&c| c == cell)
                        .expect("the house holds it");
                    lines.push((line, at));
                }
                Rule::Indexing { lines, column }
            }
            RuleSpec::NumberedRoom {
                from,
                towards,
                value,
            } => {
                let cells = outside(from, *towards, false)?;
                if !values.contains(value) {
                    return Err(fault(
                        format!("{value} is not a value of the symbols"),
                        Some(from),
                    ));
                }
                Rule::NumberedRoom {
                    cells,
                    towards: *towards,
                    value: *value,
                }
            }
            RuleSpec::EqualSum(groups) => {
                if groups.len() < 2 {
                    return Err(fault("needs at least two groups of cells".into(), None));
                }
                let groups = groups
                    .iter()
                    .map(|g| list(g, 1))
                    .collect::<Result<Vec<_>, _>>()?;
                Rule::EqualSum(groups)
            }
            RuleSpec::ValueIndexing(names) => {
                let cells = list(names, 3)?;
                path(names, &cells)?;
                Rule::ValueIndexing(cells)
            }
            RuleSpec::Candidates {
                cells: names,
                values: listed,
            } => {
                let cells = list(names, 1)?;
                if let Some(v) = listed.iter().find(|v| !values.contains(v)) {
                    return Err(fault(format!("{v} is not a value of the symbols"), None));
                }
                if listed.is_empty() {
                    return Err(fault("no values to choose from".into(), Some(&names[0])));
                }
                Rule::Candidates {
                    cells,
                    values: listed.clone(),
                }
            }
        };
        Ok(rule)
    }
}

/// The values, sorted, each once.
fn distinct_values(values: &[i64]) -> Vec<i64> {
    let mut distinct = values.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    distinct
}

/// Every 2×2 square of a grid's cells, each in reading order.
fn squares(all: &[Cell]) -> Vec<[usize; 4]> {
    let at: std::collections::HashMap<(usize, usize), usize> = (0..all.len())
        .filter_map(|c| grid(all, c).map(|p| (p, c)))
        .collect();
    let mut found: Vec<[usize; 4]> = (0..all.len())
        .filter_map(|c| {
            let (r, k) = grid(all, c)?;
            let cell = |p| at.get(&p).copied();
            Some([
                c,
                cell((r, k + 1))?,
                cell((r + 1, k))?,
                cell((r + 1, k + 1))?,
            ])
        })
        .collect();
    found.sort_by_key(|q| grid(all, q[0]));
    found
}

/// The smallest and the largest value.
fn extremes(values: &[i64]) -> (i64, i64) {
    let lo = values.iter().copied().min().unwrap_or(0);
    let hi = values.iter().copied().max().unwrap_or(0);
    (lo, hi)
}

/// The orthogonal neighbours of `cell` on its grid, in index order.
pub fn neighbours(all: &[Cell], cell: usize) -> Vec<usize> {
    (0..all.len())
        .filter(|&d| orthogonal(all, cell, d))
        .collect()
}

/// The first cell of `cells` (from the second) that does not touch the one
/// before it, on a grid (king's move); `None` for a path, and for cells not
/// on a grid, whose neighbourhood is not known.
fn not_a_path(all: &[Cell], cells: &[usize]) -> Option<usize> {
    (1..cells.len()).find(|&i| {
        let (a, b) = (cells[i - 1], cells[i]);
        grid(all, a).is_some() && grid(all, b).is_some() && !touches(all, a, b)
    })
}

fn grid(all: &[Cell], cell: usize) -> Option<(usize, usize)> {
    match all[cell].coord {
        Coord::Grid { row, col } => Some((row, col)),
        _ => None,
    }
}

/// Whether two grid cells are a king's move apart.
fn touches(all: &[Cell], a: usize, b: usize) -> bool {
    match (grid(all, a), grid(all, b)) {
        (Some((r1, c1)), Some((r2, c2))) => a != b && r1.abs_diff(r2) <= 1 && c1.abs_diff(c2) <= 1,
        _ => false,
    }
}

/// Whether two grid cells share an edge.
pub fn orthogonal(all: &[Cell], a: usize, b: usize) -> bool {
    match (grid(all, a), grid(all, b)) {
        (Some((r1, c1)), Some((r2, c2))) => r1.abs_diff(r2) + c1.abs_diff(c2) == 1,
        _ => false,
    }
}

fn grid_only(all: &[Cell]) -> Result<(), String> {
    match all.iter().all(|c| matches!(c.coord, Coord::Grid { .. })) {
        true => Ok(()),
        false => Err("needs a grid: it speaks of orthogonal neighbours".into()),
    }
}

/// Every pair of orthogonal neighbours of a grid, lower index first, in order.
pub fn orthogonal_pairs(all: &[Cell]) -> Vec<(usize, usize)> {
    let at: std::collections::HashMap<(usize, usize), usize> = (0..all.len())
        .filter_map(|c| grid(all, c).map(|p| (p, c)))
        .collect();
    let mut pairs = Vec::new();
    for (c, cell) in all.iter().enumerate() {
        if let Coord::Grid { row, col } = cell.coord {
            for p in [(row + 1, col), (row, col + 1)] {
                if let Some(&d) = at.get(&p) {
                    pairs.push((c.min(d), c.max(d)));
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The pairs a [`Rule::Negative`] of `mark` covers among `rules`: every pair
/// of orthogonal neighbours that carries no mark of its family. Kropki dots
/// are one family, white or black (a pair under a black dot is exempt from
/// the negative white-dot rule, and the other way round), X and V another,
/// as in f-puzzles, SudokuPad and Rangsk's SudokuSolver. [`Rule::NonConsecutive`]
/// covers the pairs of the negative white-dot rule.
pub fn unmarked_pairs(all: &[Cell], rules: &[Rule], mark: Mark) -> Vec<(usize, usize)> {
    let kropki = matches!(mark, Mark::Difference | Mark::Ratio);
    let marked: std::collections::HashSet<(usize, usize)> = rules
        .iter()
        .filter_map(|rule| match rule {
            Rule::Difference { cells, .. } | Rule::Ratio { cells, .. } if kropki => Some(cells),
            Rule::Xv { cells, .. } if !kropki => Some(cells),
            _ => None,
        })
        .map(|cells| (cells.0.min(cells.1), cells.0.max(cells.1)))
        .collect();
    let mut pairs = orthogonal_pairs(all);
    pairs.retain(|p| !marked.contains(p));
    pairs
}
