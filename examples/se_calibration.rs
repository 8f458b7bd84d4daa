//! Compares graphdoku's Sudoku Explainer ratings with `serate`'s on a rated set.
//!
//! Reads a tab-separated file with a header and the columns `source puzzle
//! ER EP ED` (81-character 9×9 puzzles, `.` empty), as
//! `../shared/data/se/calibration.tsv`; rates each puzzle with
//! [`Logic::rated_path`], and prints the Spearman correlation of the two
//! ERs, the mean |ΔER| (and of EP, ED), the worst disagreements, and the
//! distribution of rating times.
//!
//! ```text
//! cargo run --example se_calibration -- ../shared/data/se/calibration.tsv
//! ```

use std::error::Error;
use std::time::Instant;

use graphdoku::logic::{Grade, Logic};
use graphdoku::{ConstraintGraph, PuzzleReader, Solver};

/// One rated puzzle: theirs and ours, in tenths, and our time.
struct Row {
    source: String,
    puzzle: String,
    theirs: [u16; 3],
    ours: Option<[u16; 3]>,
    seconds: f64,
}

fn tenths(field: &str, line: usize) -> Result<u16, Box<dyn Error>> {
    let value: f64 = field
        .trim()
        .parse()
        .map_err(|e| format!("line {line}: rating {field:?}: {e}"))?;
    Ok((value * 10.0).round() as u16)
}

/// Ranks with ties averaged (1-based).
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        for &o in &order[i..=j] {
            ranks[o] = rank;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's ρ: Pearson's correlation of the ranks.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/se/calibration.tsv".to_string());
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let graph = ConstraintGraph::load("sudoku9")?;
    let solver = Solver::new(&graph);
    let logic = Logic::new(&graph);
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [source, puzzle, er, ep, ed] = fields[..] else {
            return Err(format!("{path}:{}: expected 5 tab-separated fields", n + 1).into());
        };
        let theirs = [tenths(er, n + 1)?, tenths(ep, n + 1)?, tenths(ed, n + 1)?];
        let record = PuzzleReader::new(&graph, puzzle.as_bytes(), &path)
            .next()
            .ok_or_else(|| format!("{path}:{}: no puzzle", n + 1))?;
        let puzzle_value = record
            .puzzle
            .map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        let solution = solver
            .solve(&puzzle_value)
            .ok_or_else(|| format!("{path}:{}: no solution", n + 1))?;
        let start = Instant::now();
        let rated = logic
            .rated_path(&puzzle_value, &solution)
            .map_err(|_| format!("{path}:{}: the deductions contradict the solution", n + 1))?;
        let seconds = start.elapsed().as_secs_f64();
        let ours = Grade::of(&rated).se.map(|se| [se.er, se.ep, se.ed]);
        eprintln!(
            "{:>3} {source:<12} serate {:>4.1} graphdoku {:>4} {seconds:>7.3} s",
            n,
            f64::from(theirs[0]) / 10.0,
            ours.map_or("-".to_string(), |o| format!(
                "{:.1}",
                f64::from(o[0]) / 10.0
            )),
        );
        rows.push(Row {
            source: source.to_string(),
            puzzle: puzzle.to_string(),
            theirs,
            ours,
            seconds,
        });
    }
    let rated: Vec<&Row> = rows.iter().filter(|r| r.ours.is_some()).collect();
    println!(
        "{} puzzles, {} rated without a guess",
        rows.len(),
        rated.len()
    );
    let column = |rows: &[&Row], i: usize, ours: bool| -> Vec<f64> {
        rows.iter()
            .map(|r| {
                f64::from(if ours {
                    r.ours.unwrap()[i]
                } else {
                    r.theirs[i]
                }) / 10.0
            })
            .collect()
    };
    for (i, name) in ["ER", "EP", "ED"].into_iter().enumerate() {
        let (ours, theirs) = (column(&rated, i, true), column(&rated, i, false));
        let mean = ours
            .iter()
            .zip(&theirs)
            .map(|(a, b)| (a - b).abs())
            .sum::<f64>()
            / ours.len() as f64;
        let exact = ours
            .iter()
            .zip(&theirs)
            .filter(|(a, b)| (*a - *b).abs() < 0.05)
            .count();
        println!(
            "{name}: Spearman ρ {:.3}, mean |Δ| {mean:.2}, equal {exact}/{}",
            spearman(&ours, &theirs),
            ours.len()
        );
    }
    let mut worst = rated.clone();
    worst.sort_by_key(|r| std::cmp::Reverse(r.ours.unwrap()[0].abs_diff(r.theirs[0])));
    println!("worst ER disagreements (serate, graphdoku):");
    for r in worst.iter().take(10) {
        println!(
            "  {:.1} {:.1}  {} {}",
            f64::from(r.theirs[0]) / 10.0,
            f64::from(r.ours.unwrap()[0]) / 10.0,
            r.source,
            r.puzzle
        );
    }
    let mut times: Vec<f64> = rows.iter().map(|r| r.seconds).collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] * 1000.0;
    println!(
        "rating time: median {:.1} ms, 90% {:.1} ms, max {:.1} ms, {} of {} under 10 ms",
        at(0.5),
        at(0.9),
        at(1.0),
        times.iter().filter(|&&t| t < 0.01).count(),
        times.len()
    );
    Ok(())
}
