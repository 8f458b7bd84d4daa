//! Rates 9×9 puzzles (one 81-character line each, `.` or `0` empty) as
//! `serate` does, with the ladder alone: a quick way to time and profile
//! the ladder without building graphdoku. Prints each puzzle's ER (the
//! hardest step), its steps' count, a hash of its path (every hint's
//! technique, rating, placement and removals) and the time it took.
//!
//! ```text
//! cargo run --release -p graphdoku-se --example rate9 -- puzzles.txt
//! ```

use std::time::Instant;

use graphdoku_se::{Family, Grid, House, HouseKind, Ladder, Search, Shape, bit};

/// Sudoku's shape as graphdoku hands it over: rows, columns, boxes.
fn sudoku9() -> Shape {
    let row = |r: usize| (0..9).map(|c| r * 9 + c).collect::<Vec<_>>();
    let column = |c: usize| (0..9).map(|r| r * 9 + c).collect::<Vec<_>>();
    let boxed = |b: usize| {
        (0..9)
            .map(|i| (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3)
            .collect::<Vec<_>>()
    };
    let mut houses = Vec::new();
    houses.extend((0..9).map(|i| House {
        cells: row(i),
        kind: HouseKind::Row,
    }));
    houses.extend((0..9).map(|i| House {
        cells: column(i),
        kind: HouseKind::Column,
    }));
    houses.extend((0..9).map(|i| House {
        cells: boxed(i),
        kind: HouseKind::Region,
    }));
    let mut neighbours = vec![Vec::new(); 81];
    for house in &houses {
        for &a in &house.cells {
            for &b in &house.cells {
                if a != b && !neighbours[a].contains(&b) {
                    neighbours[a].push(b);
                }
            }
        }
    }
    let mut intersections = Vec::new();
    for (a, house) in houses.iter().enumerate() {
        for (b, other) in houses.iter().enumerate().filter(|&(b, _)| b != a) {
            let shared: Vec<usize> = (house.cells.iter().copied())
                .filter(|c| other.cells.contains(c))
                .collect();
            if shared.len() >= 2 && other.cells.len() > shared.len() {
                intersections.push((a, b, shared));
            }
        }
    }
    let family = |first: usize| {
        let mut of_cell = vec![usize::MAX; 81];
        for (h, house) in houses.iter().enumerate().skip(first).take(9) {
            for &c in &house.cells {
                of_cell[c] = h;
            }
        }
        Family {
            houses: (first..first + 9).collect(),
            of_cell,
        }
    };
    let families = vec![family(0), family(9), family(18)];
    Shape {
        symbols: 9,
        houses,
        neighbours,
        intersections,
        families,
        fish_pairs: vec![(0, 1), (1, 0)],
    }
}

fn main() {
    let path = std::env::args().nth(1).expect("a file of puzzles");
    let text = std::fs::read_to_string(&path).expect("readable");
    let shape = sudoku9();
    let neighbours = shape.neighbours.clone();
    let ladder = Ladder::new(shape);
    let search = Search {
        unique: true,
        ..Search::default()
    };
    let all = Instant::now();
    for line in text.lines().filter(|l| l.len() >= 81) {
        let start = Instant::now();
        let mut grid: Grid = vec![0x1ff; 81];
        let place = |grid: &mut Grid, cell: usize, v: u8| {
            grid[cell] = 0;
            for &n in &neighbours[cell] {
                grid[n] &= !bit(v);
            }
        };
        for (cell, ch) in line.bytes().take(81).enumerate() {
            if (b'1'..=b'9').contains(&ch) {
                place(&mut grid, cell, ch - b'1');
            }
        }
        let (mut er, mut steps, mut hash) = (0, 0, 0xcbf2_9ce4_8422_2325u64);
        let mut mix = |x: u64| hash = (hash ^ x).wrapping_mul(0x0100_0000_01b3);
        while grid.iter().any(|&m| m != 0) {
            let Some(hint) = ladder
                .direct(&grid)
                .or_else(|| ladder.indirect(&grid, &search))
            else {
                println!("stuck");
                break;
            };
            er = er.max(hint.se);
            steps += 1;
            mix(hint.technique as u64);
            mix(u64::from(hint.se));
            for &(cell, mask) in &hint.removals {
                mix(cell as u64);
                mix(mask);
                grid[cell] &= !mask;
            }
            if let Some((cell, v)) = hint.place {
                mix(1000 + cell as u64 * 64 + u64::from(v));
                place(&mut grid, cell, v);
            }
        }
        println!(
            "{} ER {}.{} steps {steps} path {hash:016x} {:.3} s",
            &line[..81],
            er / 10,
            er % 10,
            start.elapsed().as_secs_f64()
        );
    }
    eprintln!("{:.3} s in all", all.elapsed().as_secs_f64());
}
