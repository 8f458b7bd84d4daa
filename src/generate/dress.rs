//! Dressing a solution with rules ("generate me a killer"): rules of the kinds
//! asked for that a random solution satisfies, added until the puzzle needs
//! few givens, then the givens removed while it stays unique.
//!
//! Each kind is one function from the solution to *units*: rules that go into
//! the puzzle together (a killer's whole partition into cages, all the dots of
//! a negative kropki, or one thermometer). The driver ([`dress`]) takes units
//! in a random order, a first batch and then a few more at a time, reducing the
//! givens after each batch, until the puzzle is unique with at most a few
//! givens (as designers publish) or the units run out. Adding a kind is one
//! [`Kind`] and one function.

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use rand_core::Rng;

use super::random::{below, shuffle};
use super::{GenerateError, Generated, Generator, Options};
use crate::graph::{ConstraintGraph, Coord};
use crate::puzzle::Solution;
use crate::rules::{Direction, Mark, RuleSpec};

/// A kind of rule to dress a solution with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Killer cages of 1–5 orthogonally connected cells (mostly 2–4), with
    /// their totals, partitioning the grid.
    Killer,
    /// Thermometers of 3–8 cells along which the solution increases.
    Thermo,
    /// Arrows: a circle and a path of 2–4 cells summing to the circle's digit.
    Arrow,
    /// Every white dot (consecutive neighbours) with the negative constraint,
    /// and every black dot (one double the other) not already white.
    Kropki,
    /// Some white and black dots, without the negative constraint.
    KropkiPartial,
    /// Every X (sum 10) and V (sum 5) with the negative constraint.
    Xv,
    /// Some X and V marks, without the negative constraint.
    XvPartial,
    /// Whispers lines of 3–7 cells: neighbours differ by at least half the
    /// range of values (5 on 1–9).
    Whispers,
    /// Renban lines of 3–6 cells holding a set of consecutive values.
    Renban,
    /// Little killers: the sums along diagonals, from clues outside the grid.
    LittleKiller,
    /// Sandwich sums of rows and columns, between the smallest and the
    /// largest value.
    Sandwich,
    /// X-sums of rows and columns from both sides.
    XSum,
    /// Skyscraper counts of rows and columns from both sides.
    Skyscraper,
    /// Between lines of 3–7 cells.
    Between,
    /// Lockout lines of 3–6 cells.
    Lockout,
    /// Double arrows of 4–6 cells.
    DoubleArrow,
    /// Palindrome lines of 3–7 cells.
    Palindrome,
    /// Zipper lines of 3–7 cells.
    Zipper,
    /// Entropic lines of 3–7 cells.
    Entropic,
    /// Modular lines of 3–7 cells.
    Modular,
    /// Nabner lines of 3–5 cells.
    Nabner,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 21] = [
        Kind::Killer,
        Kind::Thermo,
        Kind::Arrow,
        Kind::Kropki,
        Kind::KropkiPartial,
        Kind::Xv,
        Kind::XvPartial,
        Kind::Whispers,
        Kind::Renban,
        Kind::LittleKiller,
        Kind::Sandwich,
        Kind::XSum,
        Kind::Skyscraper,
        Kind::Between,
        Kind::Lockout,
        Kind::DoubleArrow,
        Kind::Palindrome,
        Kind::Zipper,
        Kind::Entropic,
        Kind::Modular,
        Kind::Nabner,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Killer => "killer",
            Kind::Thermo => "thermo",
            Kind::Arrow => "arrow",
            Kind::Kropki => "kropki",
            Kind::KropkiPartial => "kropki-partial",
            Kind::Xv => "xv",
            Kind::XvPartial => "xv-partial",
            Kind::Whispers => "whispers",
            Kind::Renban => "renban",
            Kind::LittleKiller => "little-killer",
            Kind::Sandwich => "sandwich",
            Kind::XSum => "x-sum",
            Kind::Skyscraper => "skyscraper",
            Kind::Between => "between",
            Kind::Lockout => "lockout",
            Kind::DoubleArrow => "double-arrow",
            Kind::Palindrome => "palindrome",
            Kind::Zipper => "zipper",
            Kind::Entropic => "entropic",
            Kind::Modular => "modular",
            Kind::Nabner => "nabner",
        }
    }

    /// Whether its rules take cells that others may then not use (lines and
    /// arrows), so that several such kinds share the grid.
    fn draws_on_cells(self) -> bool {
        matches!(
            self,
            Kind::Thermo
                | Kind::Arrow
                | Kind::Whispers
                | Kind::Renban
                | Kind::Between
                | Kind::Lockout
                | Kind::DoubleArrow
                | Kind::Palindrome
                | Kind::Zipper
                | Kind::Entropic
                | Kind::Modular
                | Kind::Nabner
        )
    }

    /// The units of this kind that `cx`'s solution satisfies.
    fn units<R: Rng + ?Sized>(self, cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
        match self {
            Kind::Killer => vec![killer(cx, rng)],
            Kind::Thermo => thermo(cx, rng),
            Kind::Arrow => arrow(cx, rng),
            Kind::Kropki => vec![kropki(cx, rng, true).concat()],
            Kind::KropkiPartial => kropki(cx, rng, false),
            Kind::Xv => vec![xv(cx, true).concat()],
            Kind::XvPartial => xv(cx, false),
            Kind::Whispers => whispers(cx, rng),
            Kind::Renban => renban(cx, rng),
            Kind::LittleKiller => little_killer(cx),
            Kind::Sandwich => sandwich(cx),
            Kind::XSum => x_sum(cx),
            Kind::Skyscraper => skyscraper(cx),
            Kind::Between => between(cx, rng),
            Kind::Lockout => lockout(cx, rng),
            Kind::DoubleArrow => double_arrow(cx, rng),
            Kind::Palindrome => palindrome(cx, rng),
            Kind::Zipper => zipper(cx, rng),
            Kind::Entropic => entropic(cx, rng),
            Kind::Modular => modular(cx, rng),
            Kind::Nabner => nabner(cx, rng),
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        crate::names::parse(&Kind::ALL, Kind::name, text, "kind of rule")
    }
}

/// A puzzle dressed with rules.
#[derive(Debug, Clone)]
pub struct Dressed {
    /// The rules added to the variant, as a puzzle file writes them.
    pub rules: Vec<RuleSpec>,
    /// The variant's graph with those rules.
    pub graph: ConstraintGraph,
    /// The puzzle (unique under the rules, minimal) and its solution.
    pub made: Generated,
}

/// A random solution of `generator`'s variant dressed with rules of `kinds`,
/// and its givens removed while the puzzle stays unique under them (with
/// `options`' symmetry; `options.clues`, when given, as a floor that the
/// result must meet exactly, else another solution is tried). With
/// `options.difficulty` or `options.se` the dressed puzzle is graded under its
/// rules as `grade` grades it (see `Generator::generate_rated`, with the `se` feature): another
/// solution is dressed until one meets the level or rating, and one rated
/// above the range gets givens back until it is in it.
///
/// Rules are added a batch at a time until the unique puzzle has at most
/// about one given per 27 cells (3 on a 9×9) or every unit of the kinds is in.
/// The result is minimal: every given left is needed under the final rules.
/// The same `rng` state gives the same puzzle.
///
/// # Errors
/// [`GenerateError::Unfit`] when a kind needs what the variant lacks (rows and
/// columns, numeric values); else as [`Generator::generate`].
///
/// # Example
/// ```
/// use graphdoku::generate::dress::{dress, Kind};
/// use graphdoku::generate::{Generator, Options};
/// use graphdoku::{ConstraintGraph, Solver, verify};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let generator = Generator::new(&graph);
/// let mut rng = ChaCha8Rng::seed_from_u64(3);
/// let dressed = dress(&generator, &[Kind::Killer], &mut rng, &Options::default()).unwrap();
/// let solver = Solver::new(&dressed.graph);
/// assert_eq!(solver.count(&dressed.made.puzzle, 2), 1);
/// assert!(verify(&dressed.graph, &dressed.made.puzzle, &dressed.made.solution).is_ok());
/// ```
pub fn dress<R: Rng + ?Sized>(
    generator: &Generator,
    kinds: &[Kind],
    rng: &mut R,
    options: &Options,
) -> Result<Dressed, GenerateError> {
    let graph = generator.graph;
    let unfit = |kind: Kind, why: String| GenerateError::Unfit {
        kind: kind.name(),
        why,
    };
    for &kind in kinds {
        if graph.values().is_none() {
            return Err(unfit(
                kind,
                format!("symbols with numeric values, which {} lacks", graph.name()),
            ));
        }
        let distinct: HashSet<i64> = graph.values().into_iter().flatten().copied().collect();
        if kind == Kind::Entropic && !distinct.len().is_multiple_of(3) {
            return Err(unfit(
                kind,
                format!(
                    "values in three equal groups (low, middle, high), which {}'s {} values are not",
                    graph.name(),
                    distinct.len()
                ),
            ));
        }
        if !graph
            .cells()
            .iter()
            .all(|c| matches!(c.coord, Coord::Grid { .. }))
        {
            return Err(unfit(
                kind,
                format!("a grid of rows and columns, which {} is not", graph.name()),
            ));
        }
    }
    if let Some(clues) = options.clues.filter(|&c| c > graph.len()) {
        return Err(GenerateError::TooManyClues {
            clues,
            cells: graph.len(),
        });
    }
    let orbits = options.orbits(graph)?;
    let floor = options.clues.unwrap_or(0);
    for attempt in 1..=options.attempts {
        generator.in_time()?;
        let solution = generator.solution(rng)?;
        let mut cx = Dresser::new(graph, &solution);
        // Kinds drawn on cells (lines, arrows) share the grid fairly.
        let drawn = kinds.iter().filter(|k| k.draws_on_cells()).count();
        cx.share = graph.len() / drawn.max(1);
        // The kinds' units, interleaved so that each kind comes early.
        let mut by_kind: Vec<Vec<Vec<RuleSpec>>> = Vec::new();
        for &kind in kinds {
            let mut units = kind.units(&mut cx, rng);
            shuffle(rng, &mut units);
            by_kind.push(units);
        }
        let mut queue = Vec::new();
        for i in 0..by_kind.iter().map(Vec::len).max().unwrap_or(0) {
            queue.extend(by_kind.iter().filter_map(|units| units.get(i).cloned()));
        }
        // A solution with nothing of these kinds on it (no V on a 4×4, say).
        if queue.is_empty() {
            continue;
        }
        let n = graph.len();
        let target = (n / 27).max(floor);
        let step = (n / 27).max(1);
        let mut taken = (n / 9).max(1).min(queue.len());
        let mut puzzle = solution.to_puzzle();
        loop {
            let rules: Vec<RuleSpec> = queue[..taken].concat();
            let ruled = graph
                .clone()
                .with_rules(&rules)
                .map_err(|fault| GenerateError::Dressing(fault.message))?;
            let mut reducer = Generator::new(&ruled).with_max_clauses(generator.clauses);
            if let Some(stop) = generator.stop {
                reducer = reducer.with_stop(stop);
            }
            reducer.set_deadline(generator.deadline);
            // More rules keep the last puzzle unique: reduce from it.
            puzzle = reducer.reduce_from(rng, &puzzle, &solution, &orbits, floor)?;
            if puzzle.clue_count() <= target || taken == queue.len() {
                // A rating may give clues back: the count is a floor then.
                if options.se.is_none() && options.clues.is_some_and(|c| c != puzzle.clue_count()) {
                    break;
                }
                // A level or rating is the grade of the whole puzzle, rules
                // and all, as `grade` gives it.
                let Some((puzzle, grade)) =
                    reducer.aim(rng, puzzle, &solution, &orbits, options)?
                else {
                    break;
                };
                return Ok(Dressed {
                    rules,
                    graph: ruled,
                    made: Generated {
                        puzzle,
                        solution,
                        grade,
                        attempts: attempt,
                    },
                });
            }
            taken = (taken + step).min(queue.len());
        }
    }
    Err(GenerateError::GaveUp {
        wanted: options.wanted("rules of the kinds asked for"),
        attempts: options.attempts,
    })
}

/// What the kinds' functions read: the solution's values on the grid, and
/// the cells and steps lines have taken already.
struct Dresser {
    /// Each cell's name.
    names: Vec<String>,
    /// Each cell's (row, column).
    at: Vec<(usize, usize)>,
    /// The cell at each (row, column), if any.
    grid: std::collections::HashMap<(usize, usize), usize>,
    /// The solution's value in each cell.
    value: Vec<i64>,
    /// The least and the greatest value of the symbols.
    range: (i64, i64),
    /// The symbols' distinct values, in increasing order.
    distinct: Vec<i64>,
    /// Cells on a line or arrow already.
    used: Vec<bool>,
    /// The most cells one kind's lines may take.
    share: usize,
    /// Diagonal steps of lines already drawn, lower cell first (a diagonal
    /// step may not cross one).
    diagonals: HashSet<(usize, usize)>,
}

impl Dresser {
    fn new(graph: &ConstraintGraph, solution: &Solution) -> Self {
        let values = graph.values().expect("checked by dress");
        let at: Vec<(usize, usize)> = (graph.cells().iter())
            .map(|c| match c.coord {
                Coord::Grid { row, col } => (row, col),
                _ => unreachable!("checked by dress"),
            })
            .collect();
        Dresser {
            names: graph.cells().iter().map(|c| c.name.clone()).collect(),
            grid: at.iter().enumerate().map(|(i, &p)| (p, i)).collect(),
            at,
            value: (solution.colours().iter())
                .map(|&c| values[c as usize])
                .collect(),
            range: (
                values.iter().copied().min().unwrap_or(0),
                values.iter().copied().max().unwrap_or(0),
            ),
            distinct: {
                let mut distinct = values.to_vec();
                distinct.sort_unstable();
                distinct.dedup();
                distinct
            },
            used: vec![false; graph.len()],
            share: graph.len(),
            diagonals: HashSet::new(),
        }
    }

    fn len(&self) -> usize {
        self.names.len()
    }

    fn names(&self, cells: &[usize]) -> Vec<String> {
        cells.iter().map(|&c| self.names[c].clone()).collect()
    }

    /// The cells next to `cell`: sharing an edge, or also a corner.
    fn around(&self, cell: usize, corners: bool) -> Vec<usize> {
        let (r, c) = self.at[cell];
        let mut out = Vec::new();
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                if (dr, dc) == (0, 0) || (!corners && dr != 0 && dc != 0) {
                    continue;
                }
                let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                if r2 < 0 || c2 < 0 {
                    continue;
                }
                if let Some(&d) = self.grid.get(&(r2 as usize, c2 as usize)) {
                    out.push(d);
                }
            }
        }
        out
    }

    /// Every pair of orthogonal neighbours, lower index first.
    fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.len())
            .flat_map(|a| {
                self.around(a, false)
                    .into_iter()
                    .filter(move |&b| a < b)
                    .map(move |b| (a, b))
            })
            .collect()
    }

    /// Whether `line` may step from `a` to the unused `b`: not across a
    /// diagonal step of another line or of `line` itself.
    fn may_step(&self, line: &[usize], a: usize, b: usize) -> bool {
        let ((r1, c1), (r2, c2)) = (self.at[a], self.at[b]);
        if self.used[b] {
            return false;
        }
        if r1 == r2 || c1 == c2 {
            return true;
        }
        match (self.grid.get(&(r1, c2)), self.grid.get(&(r2, c1))) {
            (Some(&x), Some(&y)) => {
                !self.diagonals.contains(&(x.min(y), x.max(y)))
                    && !line.windows(2).any(|w| w == [x, y] || w == [y, x])
            }
            _ => true,
        }
    }

    /// Marks `cells`, a line, as taken.
    fn take(&mut self, cells: &[usize]) {
        for &c in cells {
            self.used[c] = true;
        }
        for w in cells.windows(2) {
            let ((r1, c1), (r2, c2)) = (self.at[w[0]], self.at[w[1]]);
            if r1 != r2 && c1 != c2 {
                self.diagonals.insert((w[0].min(w[1]), w[0].max(w[1])));
            }
        }
    }

    /// Lines grown from every unused cell in a random order: from a start,
    /// a random next cell that `fits` the line so far (with `close`, half the
    /// time the one whose value is closest to the last, so that increasing
    /// lines grow long), up to a random length in `lengths`; cut back while
    /// not `done`, and kept when at least `lengths.start` long.
    fn lines<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        (lengths, close): (std::ops::RangeInclusive<usize>, bool),
        fits: impl Fn(&Dresser, &[usize], usize) -> bool,
        done: impl Fn(&Dresser, &[usize]) -> bool,
    ) -> Vec<Vec<usize>> {
        let mut starts: Vec<usize> = (0..self.len()).collect();
        shuffle(rng, &mut starts);
        let mut lines = Vec::new();
        let mut taken = 0;
        for start in starts {
            if taken >= self.share {
                break;
            }
            if self.used[start] {
                continue;
            }
            let want = lengths.start() + below(rng, lengths.end() - lengths.start() + 1);
            let mut line = vec![start];
            while line.len() < want {
                let last = *line.last().expect("a line has a start");
                let next: Vec<usize> = (self.around(last, true).into_iter())
                    .filter(|&n| !line.contains(&n) && self.may_step(&line, last, n))
                    .filter(|&n| fits(self, &line, n))
                    .collect();
                let distance = |n: &&usize| (self.value[**n] - self.value[last]).abs();
                let chosen = match (next.iter().min_by_key(distance), below(rng, 2)) {
                    (None, _) => break,
                    (Some(&nearest), 0) if close => nearest,
                    _ => next[below(rng, next.len())],
                };
                line.push(chosen);
            }
            while line.len() >= *lengths.start() && !done(self, &line) {
                line.pop();
            }
            if line.len() >= *lengths.start() {
                taken += line.len();
                self.take(&line);
                lines.push(line);
            }
        }
        lines
    }
}

/// A random partition of the grid into killer cages of 1–5 orthogonally
/// connected cells with distinct values, mostly 2–4, with their totals.
fn killer<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<RuleSpec> {
    let n = cx.len();
    let mut cage_of: Vec<Option<usize>> = vec![None; n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..n).collect();
    shuffle(rng, &mut order);
    for start in order {
        if cage_of[start].is_some() {
            continue;
        }
        // Sizes 1 to 5, weighted as published cages are: 2 and 3 mostly.
        let size = match below(rng, 20) {
            0 => 1,
            1..=8 => 2,
            9..=15 => 3,
            16..=18 => 4,
            _ => 5,
        };
        let mut cage = vec![start];
        while cage.len() < size {
            let mut next: Vec<usize> = (cage.iter())
                .flat_map(|&c| cx.around(c, false))
                .filter(|&d| cage_of[d].is_none() && !cage.contains(&d))
                .filter(|&d| cage.iter().all(|&c| cx.value[c] != cx.value[d]))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            cage.push(next[below(rng, next.len())]);
        }
        // A cell left alone when its cage wanted more joins a neighbouring
        // cage that has room for its value.
        if cage.len() == 1 && size > 1 {
            let home = (cx.around(start, false).into_iter())
                .filter_map(|d| cage_of[d])
                .find(|&k| {
                    cages[k].len() < 5 && cages[k].iter().all(|&c| cx.value[c] != cx.value[start])
                });
            if let Some(k) = home {
                cages[k].push(start);
                cage_of[start] = Some(k);
                continue;
            }
        }
        for &c in &cage {
            cage_of[c] = Some(cages.len());
        }
        cages.push(cage);
    }
    cages
        .into_iter()
        .map(|mut cage| {
            cage.sort_unstable();
            RuleSpec::Killer {
                total: Some(cage.iter().map(|&c| cx.value[c]).sum()),
                cells: cx.names(&cage),
            }
        })
        .collect()
}

/// Thermometers of 3–8 cells from the bulb, the solution increasing along
/// each; the next cell is often the smallest increase, so that they grow long.
fn thermo<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    cx.lines(
        rng,
        (3..=8, true),
        |cx, line, next| cx.value[next] > cx.value[*line.last().expect("a start")],
        |_, _| true,
    )
    .into_iter()
    .map(|line| vec![RuleSpec::Thermometer(cx.names(&line))])
    .collect()
}

/// Arrows: from an unused circle, a path of 2–4 unused cells whose values sum
/// to the circle's, found by a bounded random search.
fn arrow<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    /// Extends `path` (the circle first) to cells summing to `left` more.
    fn search<R: Rng + ?Sized>(
        cx: &Dresser,
        rng: &mut R,
        path: &mut Vec<usize>,
        left: i64,
        tries: &mut usize,
    ) -> bool {
        let length = path.len() - 1;
        if left == 0 && length >= 2 {
            return true;
        }
        if length == 4 || *tries == 0 {
            return false;
        }
        *tries -= 1;
        let last = *path.last().expect("the circle");
        let mut next: Vec<usize> = (cx.around(last, true).into_iter())
            .filter(|&n| !path.contains(&n) && cx.may_step(path, last, n))
            .filter(|&n| cx.range.0 <= 0 || cx.value[n] <= left)
            .collect();
        shuffle(rng, &mut next);
        for n in next {
            path.push(n);
            if search(cx, rng, path, left - cx.value[n], tries) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut circles: Vec<usize> = (0..cx.len()).collect();
    shuffle(rng, &mut circles);
    let mut arrows = Vec::new();
    let mut taken = 0;
    for circle in circles {
        if taken >= cx.share {
            break;
        }
        if cx.used[circle] {
            continue;
        }
        let mut path = vec![circle];
        let mut tries = 200;
        if search(cx, rng, &mut path, cx.value[circle], &mut tries) {
            taken += path.len();
            cx.take(&path);
            arrows.push(vec![RuleSpec::Arrow {
                circle: cx.names(&path[..1]),
                line: cx.names(&path[1..]),
            }]);
        }
    }
    arrows
}

/// Kropki dots: white between consecutive values, black where one is double
/// the other (white wins a pair that is both, 1 and 2). With `negative`, the
/// units are every dot and the negative constraint of white dots, in one;
/// else each dot alone, a random colour where a pair is both.
fn kropki<R: Rng + ?Sized>(cx: &Dresser, rng: &mut R, negative: bool) -> Vec<Vec<RuleSpec>> {
    let mut units = Vec::new();
    if negative {
        units.push(vec![RuleSpec::Negative(Mark::Difference)]);
    }
    for (a, b) in cx.edges() {
        let (x, y) = (cx.value[a], cx.value[b]);
        let white = (x - y).abs() == 1;
        let black = x != 0 && (x == 2 * y || y == 2 * x);
        let cells = (cx.names[a].clone(), cx.names[b].clone());
        let dot = match (white, black) {
            (true, true) if !negative && below(rng, 2) == 0 => {
                RuleSpec::Ratio { cells, value: None }
            }
            (true, _) => RuleSpec::Difference { cells, value: None },
            (false, true) => RuleSpec::Ratio { cells, value: None },
            (false, false) => continue,
        };
        units.push(vec![dot]);
    }
    units
}

/// X (sum 10) and V (sum 5) marks; with `negative`, every mark and the
/// negative constraint, else each mark alone.
fn xv(cx: &Dresser, negative: bool) -> Vec<Vec<RuleSpec>> {
    let mut units = Vec::new();
    if negative {
        units.push(vec![RuleSpec::Negative(Mark::XV)]);
    }
    for (a, b) in cx.edges() {
        let (na, nb) = (cx.names[a].clone(), cx.names[b].clone());
        match cx.value[a] + cx.value[b] {
            10 => units.push(vec![RuleSpec::X(na, nb)]),
            5 => units.push(vec![RuleSpec::V(na, nb)]),
            _ => {}
        }
    }
    units
}

/// Every ray into the grid in each of `directions`: from each cell whose
/// previous cell that way is off the grid, the cells on to the far edge (at
/// least two), in order from the clue.
fn rays(cx: &Dresser, directions: &[Direction]) -> Vec<(Direction, Vec<usize>)> {
    let cell = |r: i64, c: i64| -> Option<usize> {
        let (r, c) = (usize::try_from(r).ok()?, usize::try_from(c).ok()?);
        cx.grid.get(&(r, c)).copied()
    };
    let mut out = Vec::new();
    for &towards in directions {
        let (dr, dc) = towards.step();
        for first in 0..cx.len() {
            let (r, c) = (cx.at[first].0 as i64, cx.at[first].1 as i64);
            if cell(r - dr, c - dc).is_some() {
                continue;
            }
            let ray: Vec<usize> = (0..).map_while(|k| cell(r + k * dr, c + k * dc)).collect();
            if ray.len() >= 2 {
                out.push((towards, ray));
            }
        }
    }
    out
}

/// The four ways into the grid from a clue beside a row or a column.
const ORTHOGONAL: [Direction; 4] = [
    Direction::Right,
    Direction::Left,
    Direction::Down,
    Direction::Up,
];

/// Every little killer of two cells or more: each diagonal once (from one of
/// its two ends), with the solution's sum along it.
fn little_killer(cx: &Dresser) -> Vec<Vec<RuleSpec>> {
    let mut seen = HashSet::new();
    let diagonals = [
        Direction::DownRight,
        Direction::DownLeft,
        Direction::UpRight,
        Direction::UpLeft,
    ];
    (rays(cx, &diagonals).into_iter())
        .filter(|(_, cells)| {
            let mut key = cells.clone();
            key.sort_unstable();
            seen.insert(key)
        })
        .map(|(towards, cells)| {
            vec![RuleSpec::LittleKiller {
                from: cx.names[cells[0]].clone(),
                towards,
                total: cells.iter().map(|&x| cx.value[x]).sum(),
            }]
        })
        .collect()
}

/// The sandwich clue of every row (from the left) and column (from the top):
/// the solution's sum strictly between its smallest and its largest value.
fn sandwich(cx: &Dresser) -> Vec<Vec<RuleSpec>> {
    let mut units = Vec::new();
    for (towards, cells) in rays(cx, &[Direction::Right, Direction::Down]) {
        let find = |v: i64| cells.iter().position(|&x| cx.value[x] == v);
        let (Some(low), Some(high)) = (find(cx.range.0), find(cx.range.1)) else {
            continue;
        };
        let between = &cells[low.min(high) + 1..low.max(high)];
        units.push(vec![RuleSpec::Sandwich {
            from: cx.names[cells[0]].clone(),
            towards,
            total: between.iter().map(|&x| cx.value[x]).sum(),
        }]);
    }
    units
}

/// The X-sum clue of every row and column from both sides, where the first
/// value counts cells of the line: the sum of that many first values.
fn x_sum(cx: &Dresser) -> Vec<Vec<RuleSpec>> {
    (rays(cx, &ORTHOGONAL).into_iter())
        .filter_map(|(towards, cells)| {
            let x = usize::try_from(cx.value[cells[0]]).ok()?;
            (1..=cells.len()).contains(&x).then(|| {
                vec![RuleSpec::XSum {
                    from: cx.names[cells[0]].clone(),
                    towards,
                    total: cells[..x].iter().map(|&c| cx.value[c]).sum(),
                }]
            })
        })
        .collect()
}

/// The skyscraper clue of every row and column from both sides: how many
/// values are greater than every value before them.
fn skyscraper(cx: &Dresser) -> Vec<Vec<RuleSpec>> {
    (rays(cx, &ORTHOGONAL).into_iter())
        .map(|(towards, cells)| {
            let mut tallest = i64::MIN;
            let mut count = 0;
            for &c in &cells {
                if cx.value[c] > tallest {
                    (tallest, count) = (cx.value[c], count + 1);
                }
            }
            vec![RuleSpec::Skyscraper {
                from: cx.names[cells[0]].clone(),
                towards,
                count,
            }]
        })
        .collect()
}

/// The least difference of whispers on these values: just over half their
/// range (5 on 1–9, 3 on 1–6, 2 on 1–4).
fn whispers_difference(cx: &Dresser) -> i64 {
    (cx.range.1 - cx.range.0) / 2 + 1
}

/// Whispers lines of 3–7 cells, neighbours along each differing by at least
/// [`whispers_difference`].
fn whispers<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    let difference = whispers_difference(cx);
    cx.lines(
        rng,
        (3..=7, false),
        |cx, line, next| {
            (cx.value[next] - cx.value[*line.last().expect("a start")]).abs() >= difference
        },
        |_, _| true,
    )
    .into_iter()
    .map(|line| {
        vec![RuleSpec::Whispers {
            cells: cx.names(&line),
            difference: (difference != 5).then_some(difference),
        }]
    })
    .collect()
}

/// Renban lines of 3–6 cells whose values are distinct and consecutive: grown
/// within a window of values as wide as the longest line, then cut back to
/// the longest start that is a run.
fn renban<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    let run = |cx: &Dresser, line: &[usize]| {
        let values: Vec<i64> = line.iter().map(|&c| cx.value[c]).collect();
        let (lo, hi) = (values.iter().min(), values.iter().max());
        let distinct: HashSet<i64> = values.iter().copied().collect();
        distinct.len() == values.len()
            && hi
                .zip(lo)
                .is_some_and(|(h, l)| h - l + 1 == values.len() as i64)
    };
    cx.lines(
        rng,
        (3..=6, true),
        |cx, line, next| {
            let v = cx.value[next];
            line.iter().all(|&c| cx.value[c] != v)
                && line.iter().all(|&c| (cx.value[c] - v).abs() < 6)
        },
        run,
    )
    .into_iter()
    .map(|line| vec![RuleSpec::Renban(cx.names(&line))])
    .collect()
}

/// Between lines of 3–7 cells: every value inside the line strictly between
/// the two ends' values. Grown on one side of the start's value, then cut
/// back to the longest start whose last cell bounds the rest.
fn between<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    let side = |cx: &Dresser, line: &[usize], c: usize| (cx.value[c] - cx.value[line[0]]).signum();
    cx.lines(
        rng,
        (3..=7, false),
        |cx, line, next| {
            let s = side(cx, line, next);
            s != 0
                && line
                    .get(1)
                    .is_none_or(|&second| side(cx, line, second) == s)
        },
        |cx, line| {
            let (a, z) = (cx.value[line[0]], cx.value[line[line.len() - 1]]);
            let (lo, hi) = (a.min(z), a.max(z));
            (line[1..line.len() - 1].iter()).all(|&c| lo < cx.value[c] && cx.value[c] < hi)
        },
    )
    .into_iter()
    .map(|line| vec![RuleSpec::Between(cx.names(&line))])
    .collect()
}

/// The least difference of a lockout line's ends: 4, the rule's default,
/// where the values span 1–9; else just under half their range.
fn lockout_difference(cx: &Dresser) -> i64 {
    ((cx.range.1 - cx.range.0) / 2).max(1)
}

/// Lockout lines of 3–6 cells: the ends differ by at least
/// [`lockout_difference`] and every value inside lies outside them.
fn lockout<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    let difference = lockout_difference(cx);
    cx.lines(
        rng,
        (3..=6, false),
        |cx, line, next| cx.value[next] != cx.value[line[0]],
        |cx, line| {
            let (a, z) = (cx.value[line[0]], cx.value[line[line.len() - 1]]);
            let (lo, hi) = (a.min(z), a.max(z));
            hi - lo >= difference
                && (line[1..line.len() - 1].iter()).all(|&c| cx.value[c] < lo || cx.value[c] > hi)
        },
    )
    .into_iter()
    .map(|line| {
        vec![RuleSpec::Lockout {
            cells: cx.names(&line),
            difference: (difference != 4).then_some(difference),
        }]
    })
    .collect()
}

/// Double arrows of 4–6 cells: the two ends sum to the cells between them.
fn double_arrow<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    cx.lines(
        rng,
        (4..=6, false),
        |cx, line, _| line[1..].iter().map(|&c| cx.value[c]).sum::<i64>() < 2 * cx.range.1,
        |cx, line| {
            let n = line.len();
            let inside: i64 = line[1..n - 1].iter().map(|&c| cx.value[c]).sum();
            inside == cx.value[line[0]] + cx.value[line[n - 1]]
        },
    )
    .into_iter()
    .map(|line| vec![RuleSpec::DoubleArrow(cx.names(&line))])
    .collect()
}

/// Lines of 3–7 cells on which any three consecutive values fall in three
/// different `group`s.
fn three_groups<R: Rng + ?Sized>(
    cx: &mut Dresser,
    rng: &mut R,
    group: impl Fn(&Dresser, i64) -> i64,
) -> Vec<Vec<usize>> {
    cx.lines(
        rng,
        (3..=7, false),
        |cx, line, next| {
            let g = group(cx, cx.value[next]);
            line.iter()
                .rev()
                .take(2)
                .all(|&c| group(cx, cx.value[c]) != g)
        },
        |_, _| true,
    )
}

/// Entropic lines: any three consecutive values are one low, one middle and
/// one high (thirds of the values).
fn entropic<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    let third = |cx: &Dresser, v: i64| {
        let rank = cx.distinct.partition_point(|&d| d < v);
        (rank * 3 / cx.distinct.len()) as i64
    };
    three_groups(cx, rng, third)
        .into_iter()
        .map(|line| vec![RuleSpec::Entropic(cx.names(&line))])
        .collect()
}

/// Modular lines: any three consecutive values have three different
/// remainders modulo 3.
fn modular<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    three_groups(cx, rng, |_, v| v.rem_euclid(3))
        .into_iter()
        .map(|line| vec![RuleSpec::Modular(cx.names(&line))])
        .collect()
}

/// Nabner lines of 3–5 cells (2–5 where the values hold no three apart, as
/// 1–4): no two values on the line equal or consecutive.
fn nabner<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    let most = cx.distinct.len().div_ceil(2);
    cx.lines(
        rng,
        (3.min(most)..=5.min(most), false),
        |cx, line, next| {
            line.iter()
                .all(|&c| (cx.value[c] - cx.value[next]).abs() >= 2)
        },
        |_, _| true,
    )
    .into_iter()
    .map(|line| vec![RuleSpec::Nabner(cx.names(&line))])
    .collect()
}

/// Lines grown from the middle out, a pair of cells at a time (one at each
/// end), while `pairs` holds for the new pair and the line's middle (one cell
/// or two neighbours); kept at 3–7 cells. Each start is tried as a middle
/// cell or, with a random neighbour, as a middle pair.
fn mirrored<R: Rng + ?Sized>(
    cx: &mut Dresser,
    rng: &mut R,
    middle_pair: impl Fn(&Dresser, usize, usize) -> bool,
    pairs: impl Fn(&Dresser, &[usize], usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let mut starts: Vec<usize> = (0..cx.len()).collect();
    shuffle(rng, &mut starts);
    let mut lines = Vec::new();
    let mut taken = 0;
    let step = |cx: &Dresser, line: &[usize], from: usize| -> Vec<usize> {
        (cx.around(from, true).into_iter())
            .filter(|&n| !line.contains(&n) && cx.may_step(line, from, n))
            .collect()
    };
    for start in starts {
        if taken >= cx.share || cx.used[start] {
            continue;
        }
        let mut middle = vec![start];
        if below(rng, 2) == 0 {
            let next: Vec<usize> = (step(cx, &middle, start).into_iter())
                .filter(|&n| middle_pair(cx, start, n))
                .collect();
            if !next.is_empty() {
                middle.push(next[below(rng, next.len())]);
            }
        }
        let want = 3 + below(rng, 5);
        let mut line = middle.clone();
        while line.len() + 2 <= want {
            let (first, last) = (line[0], line[line.len() - 1]);
            let mut found = Vec::new();
            for a in step(cx, &line, first) {
                let longer: Vec<usize> = std::iter::once(a).chain(line.iter().copied()).collect();
                for b in step(cx, &longer, last) {
                    if pairs(cx, &middle, a, b) {
                        found.push((a, b));
                    }
                }
            }
            if found.is_empty() {
                break;
            }
            let (a, b) = found[below(rng, found.len())];
            line.insert(0, a);
            line.push(b);
        }
        if line.len() >= 3 {
            taken += line.len();
            cx.take(&line);
            lines.push(line);
        }
    }
    lines
}

/// Palindromes: lines that read the same from either end.
fn palindrome<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    let same = |cx: &Dresser, a: usize, b: usize| cx.value[a] == cx.value[b];
    mirrored(cx, rng, same, |cx, _, a, b| same(cx, a, b))
        .into_iter()
        .map(|line| vec![RuleSpec::Palindrome(cx.names(&line))])
        .collect()
}

/// Zipper lines: cells as far from the centre sum to the centre's value (odd
/// length) or to the two middle cells' sum (even length).
fn zipper<R: Rng + ?Sized>(cx: &mut Dresser, rng: &mut R) -> Vec<Vec<RuleSpec>> {
    let target = |cx: &Dresser, middle: &[usize]| match middle {
        [m] => cx.value[*m],
        _ => middle.iter().map(|&m| cx.value[m]).sum(),
    };
    mirrored(
        cx,
        rng,
        |_, _, _| true,
        |cx, middle, a, b| cx.value[a] + cx.value[b] == target(cx, middle),
    )
    .into_iter()
    .map(|line| vec![RuleSpec::Zipper(cx.names(&line))])
    .collect()
}
