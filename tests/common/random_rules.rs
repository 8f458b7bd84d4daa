//! Random rules on small grids for the rules tests (`tests/rules.rs`,
//! `tests/rules_logic.rs`): a seeded generator and rules a given solution
//! satisfies more often than not.

use graphdoku::rules::{Mark, RuleSpec};

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
