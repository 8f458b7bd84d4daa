//! Random rules on small grids for the rules tests (`tests/rules.rs`,
//! `tests/rules_logic.rs`, `tests/prove.rs`): a seeded generator and rules a given solution
//! satisfies more often than not.

use graphdoku::rules::{Direction, Mark, RuleSpec};

/// A seeded xorshift generator: the same seed, the same instances.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub fn name(row: usize, col: usize) -> String {
    format!("r{}c{}", row + 1, col + 1)
}

/// A random path of up to `least` + a random number below `spread` cells of an `n`×`n` grid, each touching the
/// last (king's move), without repeats.
pub fn path(
    rng: &mut Rng,
    n: usize,
    least: usize,
    spread: usize,
    orthogonal: bool,
) -> Vec<(usize, usize)> {
    let len = least + rng.below(spread);
    let mut cells = vec![(rng.below(n), rng.below(n))];
    while cells.len() < len {
        let (r, c) = *cells.last().unwrap();
        let mut next = Vec::new();
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                if (dr, dc) == (0, 0) || (orthogonal && dr != 0 && dc != 0) {
                    continue;
                }
                let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                    let cell = (r2 as usize, c2 as usize);
                    if !cells.contains(&cell) {
                        next.push(cell);
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

/// One or two random cells of an `n`×`n` grid, by name, each once.
fn some_cells(rng: &mut Rng, n: usize) -> Vec<String> {
    (0..1 + rng.below(2))
        .map(|_| name(rng.below(n), rng.below(n)))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

pub fn names(cells: &[(usize, usize)]) -> Vec<String> {
    cells.iter().map(|&(r, c)| name(r, c)).collect()
}

/// A random rule on an `n`×`n` grid whose numbers mostly come from `solution`
/// (values by cell), so that most instances have solutions and some do not.
pub fn random_rule(rng: &mut Rng, n: usize, solution: &[i64]) -> RuleSpec {
    let v = |(r, c): (usize, usize)| solution[r * n + c];
    let sum = |cells: &[(usize, usize)]| cells.iter().map(|&c| v(c)).sum::<i64>();
    let nudge = |rng: &mut Rng| [0, 0, 0, 1, -1][rng.below(5)];
    match rng.below(16) {
        0 => {
            let cells = path(rng, n, 2, 3, false);
            let total = (rng.below(4) > 0).then(|| sum(&cells) + nudge(rng));
            RuleSpec::Killer {
                cells: names(&cells),
                total,
            }
        }
        1 => {
            let cells = path(rng, n, 2, 2, false);
            let total = sum(&cells) + nudge(rng);
            RuleSpec::Cage {
                cells: names(&cells),
                total: total.clamp(cells.len() as i64, cells.len() as i64 * n as i64),
            }
        }
        2 | 3 => {
            let mut cells = path(rng, n, 2, 2, false);
            if v(cells[0]) > v(*cells.last().unwrap()) {
                cells.reverse();
            }
            match rng.below(2) {
                0 => RuleSpec::Thermometer(names(&cells)),
                _ => RuleSpec::SlowThermometer(names(&cells)),
            }
        }
        4 => {
            let cells = path(rng, n, 2, 2, false);
            RuleSpec::Arrow {
                circle: names(&cells[..1]),
                line: names(&cells[1..]),
            }
        }
        5 => {
            let cells = path(rng, n, 2, 1, true);
            let value = (v(cells[0]) - v(cells[1])).abs().max(1);
            RuleSpec::Difference {
                cells: (name(cells[0].0, cells[0].1), name(cells[1].0, cells[1].1)),
                value: (value != 1).then_some(value),
            }
        }
        6 => {
            let cells = path(rng, n, 2, 1, true);
            RuleSpec::Ratio {
                cells: (name(cells[0].0, cells[0].1), name(cells[1].0, cells[1].1)),
                value: [None, Some(3)][rng.below(2)],
            }
        }
        7 => {
            let cells = path(rng, n, 2, 1, true);
            let (a, b) = (name(cells[0].0, cells[0].1), name(cells[1].0, cells[1].1));
            match v(cells[0]) + v(cells[1]) {
                5 => RuleSpec::V(a, b),
                _ => RuleSpec::X(a, b),
            }
        }
        8 => RuleSpec::Negative([Mark::Difference, Mark::Ratio, Mark::XV][rng.below(3)]),
        9 => RuleSpec::Whispers {
            cells: names(&path(rng, n, 2, 3, false)),
            difference: Some(1 + rng.below(n / 2) as i64),
        },
        10 => RuleSpec::Renban(names(&path(rng, n, 2, 2, false))),
        11 => RuleSpec::NonConsecutive,
        12 => {
            let cells: Vec<String> = (0..1 + rng.below(3))
                .map(|_| name(rng.below(n), rng.below(n)))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            match rng.below(2) {
                0 => RuleSpec::Odd(cells),
                _ => RuleSpec::Even(cells),
            }
        }
        13 => {
            let cells = path(rng, n, 2, 2, false);
            let weights: Vec<i64> = cells
                .iter()
                .map(|_| [-2, -1, 1, 2, 3][rng.below(5)])
                .collect();
            let total = cells
                .iter()
                .zip(&weights)
                .map(|(&c, w)| w * v(c))
                .sum::<i64>();
            RuleSpec::Sum {
                cells: names(&cells),
                weights: Some(weights),
                total,
            }
        }
        14 => {
            // A pill of two cells and an arrow of two or three.
            let cells = path(rng, n, 4, 2, false);
            RuleSpec::Arrow {
                circle: names(&cells[..2]),
                line: names(&cells[2..]),
            }
        }
        _ => {
            let pairs = (0..1 + rng.below(3))
                .map(|_| {
                    let p = path(rng, n, 2, 1, false);
                    (name(p[0].0, p[0].1), name(p[1].0, p[1].1))
                })
                .collect();
            let allowed = (0..2 + rng.below(6))
                .map(|_| (1 + rng.below(n) as i64, 1 + rng.below(n) as i64))
                .collect();
            RuleSpec::Relation { pairs, allowed }
        }
    }
}

/// The cells an outside clue sees, from the clue: a random row or column
/// from a random side, or (`diagonal`) a random diagonal.
pub fn clue_line(rng: &mut Rng, n: usize, diagonal: bool) -> (Vec<(usize, usize)>, Direction) {
    let towards = match diagonal {
        true => [
            Direction::UpLeft,
            Direction::UpRight,
            Direction::DownLeft,
            Direction::DownRight,
        ][rng.below(4)],
        false => [
            Direction::Up,
            Direction::Down,
            Direction::Left,
            Direction::Right,
        ][rng.below(4)],
    };
    let (dr, dc) = towards.step();
    let inside = |r: i64, c: i64| (0..n as i64).contains(&r) && (0..n as i64).contains(&c);
    // Back from a random cell to the edge, then forward across the grid.
    let (mut r, mut c) = (rng.below(n) as i64, rng.below(n) as i64);
    while inside(r - dr, c - dc) {
        (r, c) = (r - dr, c - dc);
    }
    let mut cells = Vec::new();
    while inside(r, c) {
        cells.push((r as usize, c as usize));
        (r, c) = (r + dr, c + dc);
    }
    (cells, towards)
}

/// A random rule of those added after the first seventeen (outside clues,
/// between and lockout lines, quadruples, minimum and maximum cells,
/// greater-than signs, region-sum, palindrome, clone, zipper, double arrow,
/// entropic, modular and nabner lines), numbers mostly from `solution`.
pub fn random_more_rule(rng: &mut Rng, n: usize, solution: &[i64]) -> RuleSpec {
    let v = |(r, c): (usize, usize)| solution[r * n + c];
    let nudge = |rng: &mut Rng| [0, 0, 0, 1, -1][rng.below(5)];
    let from = |cells: &[(usize, usize)]| name(cells[0].0, cells[0].1);
    match rng.below(18) {
        0 => {
            let (cells, towards) = clue_line(rng, n, true);
            let total = cells.iter().map(|&c| v(c)).sum::<i64>() + nudge(rng);
            RuleSpec::LittleKiller {
                from: from(&cells),
                towards,
                total,
            }
        }
        1 => {
            let (cells, towards) = clue_line(rng, n, false);
            let at = |x: i64| cells.iter().position(|&c| v(c) == x).unwrap();
            let (a, b) = (at(1).min(at(n as i64)), at(1).max(at(n as i64)));
            let total = cells[a + 1..b].iter().map(|&c| v(c)).sum::<i64>() + nudge(rng);
            RuleSpec::Sandwich {
                from: from(&cells),
                towards,
                total: total.max(0),
            }
        }
        2 => {
            let (cells, towards) = clue_line(rng, n, false);
            let x = v(cells[0]) as usize;
            let total = cells[..x].iter().map(|&c| v(c)).sum::<i64>() + nudge(rng);
            RuleSpec::XSum {
                from: from(&cells),
                towards,
                total,
            }
        }
        3 => {
            let (cells, towards) = clue_line(rng, n, false);
            let mut seen = 0;
            let mut tallest = 0;
            for &c in &cells {
                if v(c) > tallest {
                    (seen, tallest) = (seen + 1, v(c));
                }
            }
            let count = (seen + nudge(rng)).clamp(1, n as i64);
            RuleSpec::Skyscraper {
                from: from(&cells),
                towards,
                count,
            }
        }
        4 => RuleSpec::Between(names(&path(rng, n, 3, 2, false))),
        5 => RuleSpec::Lockout {
            cells: names(&path(rng, n, 2, 3, false)),
            difference: Some(1 + rng.below(n - 1) as i64),
        },
        6 => {
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
            let mut digits: Vec<i64> = (0..1 + rng.below(3))
                .map(|_| v(square[rng.below(4)]))
                .collect();
            if rng.below(4) == 0 {
                digits.push(1 + rng.below(n) as i64);
            }
            RuleSpec::Quadruple {
                cells: names(&square),
                digits,
            }
        }
        7 => {
            let cells = some_cells(rng, n);
            match rng.below(2) {
                0 => RuleSpec::Minimum(cells),
                _ => RuleSpec::Maximum(cells),
            }
        }
        8 => {
            let mut cells = path(rng, n, 2, 1, true);
            if v(cells[0]) < v(cells[1]) && rng.below(4) > 0 {
                cells.reverse();
            }
            RuleSpec::GreaterThan(from(&cells), name(cells[1].0, cells[1].1))
        }
        9 => RuleSpec::RegionSum(names(&path(rng, n, 3, 3, false))),
        10 => RuleSpec::Palindrome(names(&path(rng, n, 2, 3, false))),
        11 => {
            let (dr, dc) = (1 + rng.below(n - 1), rng.below(n));
            let cells = path(rng, n, 1, 2, true);
            let moved: Vec<(usize, usize)> = cells
                .iter()
                .map(|&(r, c)| ((r + dr) % n, (c + dc) % n))
                .collect();
            RuleSpec::Clone(names(&cells), names(&moved))
        }
        12 => RuleSpec::Zipper(names(&path(rng, n, 3, 3, false))),
        13 => RuleSpec::DoubleArrow(names(&path(rng, n, 3, 2, false))),
        14 => RuleSpec::Entropic(names(&path(rng, n, 2, 3, false))),
        15 => RuleSpec::Modular(names(&path(rng, n, 2, 3, false))),
        16 => RuleSpec::Nabner(names(&path(rng, n, 2, 2, false))),
        // A pattern the solution's digits along a line match, piece by
        // piece (a digit, a class around it, any digit, a run), now and
        // then a digit off.
        _ => {
            let cells = path(rng, n, 2, 3, false);
            let mut pattern = String::new();
            for &c in &cells {
                let d = v(c);
                match rng.below(6) {
                    0 => pattern.push('.'),
                    1 => pattern += &format!("[{}-{}]", (d - 1).max(1), (d + 1).min(n as i64)),
                    2 => pattern += &format!("[^{}]?{d}", (d % n as i64) + 1),
                    3 if d > 1 => pattern += &format!("({}|{d})", d - 1),
                    _ => pattern += &d.to_string(),
                }
            }
            if rng.below(5) == 0 {
                pattern += &format!("{}?", 1 + rng.below(n));
            }
            if rng.below(6) == 0 {
                pattern = pattern.replacen(|ch: char| ch.is_ascii_digit(), "1", 1);
            }
            RuleSpec::Regex {
                cells: names(&cells),
                pattern,
            }
        }
    }
}

/// A random rule of those imported from the Interactive Sudoku Solver's later
/// kinds (sum lines, lunchboxes, rellik and equality cages, global entropy and
/// modular squares, anti-taxicab, indexing, numbered rooms, equal sums,
/// value indexing, candidates),
/// numbers mostly from `solution`.
pub fn random_newest_rule(rng: &mut Rng, n: usize, solution: &[i64]) -> RuleSpec {
    let v = |(r, c): (usize, usize)| solution[r * n + c];
    let sum = |cells: &[(usize, usize)]| cells.iter().map(|&c| v(c)).sum::<i64>();
    let nudge = |rng: &mut Rng| [0, 0, 0, 1, -1][rng.below(5)];
    match rng.below(12) {
        0 => {
            // Segments from the solution: the first few cells' sum.
            let cells = path(rng, n, 2, 4, false);
            let total = (sum(&cells[..1 + rng.below(cells.len())]) + nudge(rng)).max(1);
            let (first, last) = (cells[0], cells[cells.len() - 1]);
            let touching = first.0.abs_diff(last.0) <= 1 && first.1.abs_diff(last.1) <= 1;
            RuleSpec::SumLine {
                cells: names(&cells),
                total,
                closed: cells.len() > 2 && touching && rng.below(2) == 0,
            }
        }
        1 => {
            let cells = path(rng, n, 3, 2, false);
            let lo = (0..cells.len()).min_by_key(|&i| v(cells[i])).unwrap();
            let hi = (0..cells.len()).max_by_key(|&i| v(cells[i])).unwrap();
            let total = sum(&cells[lo.min(hi) + 1..lo.max(hi)]) + nudge(rng);
            RuleSpec::Lunchbox {
                cells: names(&cells),
                total: total.max(0),
            }
        }
        2 => RuleSpec::RellikCage {
            cells: names(&path(rng, n, 1, 3, false)),
            total: 1 + rng.below(2 * n) as i64,
        },
        3 => RuleSpec::EqualityCage(names(&path(rng, n, 2, 1, true))),
        4 => [RuleSpec::GlobalEntropy, RuleSpec::GlobalModular][rng.below(2)].clone(),
        5 => RuleSpec::AntiTaxicab,
        6 => {
            let cells = some_cells(rng, n);
            match rng.below(2) {
                0 => RuleSpec::ColumnIndexing(cells),
                _ => RuleSpec::RowIndexing(cells),
            }
        }
        7 => {
            let (cells, towards) = clue_line(rng, n, false);
            let room = cells[v(cells[0]) as usize - 1];
            let value = match rng.below(4) {
                0 => 1 + rng.below(n) as i64,
                _ => v(room),
            };
            RuleSpec::NumberedRoom {
                from: name(cells[0].0, cells[0].1),
                towards,
                value,
            }
        }
        8 => RuleSpec::ValueIndexing(names(&path(rng, n, 3, 3, false))),
        9 => {
            let cells = path(rng, n, 1, 2, false);
            let mut values = vec![v(cells[0]), 1 + rng.below(n) as i64];
            values.sort_unstable();
            values.dedup();
            RuleSpec::Candidates {
                cells: names(&cells),
                values,
            }
        }
        _ => {
            let groups: Vec<Vec<(usize, usize)>> = (0..2 + rng.below(2))
                .map(|_| path(rng, n, 1, 2, false))
                .collect();
            RuleSpec::EqualSum(groups.iter().map(|g| names(g)).collect())
        }
    }
}
