//! Rating time on the Sudoku Explainer scale over public rated sets: the
//! distribution of the time `Logic::rated_path` takes per puzzle (9×9, one
//! solution each), by the rating band the puzzle falls in.
//!
//! ```text
//! cargo bench --bench grades                       # calibration.tsv, top1465's first 300
//! cargo bench --bench grades -- --top1465 1465     # all of top1465
//! ```
//!
//! The sets come from `../shared/data` (`se/calibration.tsv`: 187 puzzles
//! serate has rated, from easy to 11.9; `bench/top1465.txt`: hard puzzles,
//! mostly forcing chains). For the calibration set it also counts the
//! puzzles whose three ratings (ER/EP/ED) are serate's.

use std::path::PathBuf;
use std::time::Instant;

use graphdoku::logic::{Grade, Level, Logic};
use graphdoku::{ConstraintGraph, PuzzleReader, Solver};

/// One rated puzzle: our ratings (tenths; `None` when it needed a guess),
/// serate's if known, and the time.
struct Rated {
    ours: Option<[u16; 3]>,
    theirs: Option<[u16; 3]>,
    seconds: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let top: usize = args
        .iter()
        .position(|a| a == "--top1465")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(300);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let graph = ConstraintGraph::load("sudoku9").expect("built in");
    match std::fs::read_to_string(dir.join("se/calibration.tsv")) {
        Ok(text) => {
            let rows: Vec<(String, Option<[u16; 3]>)> = text
                .lines()
                .skip(1)
                .filter_map(|line| {
                    let f: Vec<&str> = line.split('\t').collect();
                    let tenths = |s: &str| s.parse::<f64>().ok().map(|v| (v * 10.0).round() as u16);
                    let se = [tenths(f.get(2)?)?, tenths(f.get(3)?)?, tenths(f.get(4)?)?];
                    Some((f.get(1)?.to_string(), Some(se)))
                })
                .collect();
            report("calibration.tsv", &rate(&graph, &rows));
        }
        Err(e) => eprintln!("calibration.tsv: {e} (skipped)"),
    }
    match std::fs::read_to_string(dir.join("bench/top1465.txt")) {
        Ok(text) => {
            let rows: Vec<(String, Option<[u16; 3]>)> = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .take(top)
                .map(|l| (l.trim().to_string(), None))
                .collect();
            report(
                &format!("top1465 (first {})", rows.len()),
                &rate(&graph, &rows),
            );
        }
        Err(e) => eprintln!("top1465.txt: {e} (skipped)"),
    }
}

/// Rates each puzzle line, timing the rated path alone.
fn rate(graph: &ConstraintGraph, rows: &[(String, Option<[u16; 3]>)]) -> Vec<Rated> {
    let (solver, logic) = (Solver::new(graph), Logic::new(graph));
    rows.iter()
        .filter_map(|(line, theirs)| {
            let puzzle = PuzzleReader::new(graph, line.as_bytes(), "-")
                .next()?
                .puzzle
                .ok()?;
            let solution = solver.solve(&puzzle)?;
            let start = Instant::now();
            let path = logic.rated_path(&puzzle, &solution).ok()?;
            let seconds = start.elapsed().as_secs_f64();
            let ours = Grade::of(&path).se.map(|se| [se.er, se.ep, se.ed]);
            Some(Rated {
                ours,
                theirs: *theirs,
                seconds,
            })
        })
        .collect()
}

fn report(name: &str, rated: &[Rated]) {
    let mut times: Vec<f64> = rated.iter().map(|r| r.seconds).collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] * 1000.0;
    println!("{name}: {} puzzles", rated.len());
    if times.is_empty() {
        return;
    }
    println!(
        "  time: median {:.1} ms, 90% {:.1} ms, 99% {:.1} ms, max {:.1} ms, total {:.1} s, {} under 10 ms",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        times.iter().sum::<f64>(),
        times.iter().filter(|&&t| t < 0.01).count()
    );
    println!("  | level (ER band) | puzzles | median ms | max ms |");
    println!("  |---|---|---|---|");
    let mut bands: Vec<(String, Vec<f64>)> = Vec::new();
    for r in rated {
        let band = match r.ours {
            Some([er, ..]) if er >= 100 => "extreme, 10.0 and up".to_string(),
            Some([er, ..]) => Level::of_rating(er).to_string(),
            None => "needs a guess".to_string(),
        };
        match bands.iter_mut().find(|(b, _)| *b == band) {
            Some((_, list)) => list.push(r.seconds),
            None => bands.push((band, vec![r.seconds])),
        }
    }
    bands.sort_by(|a, b| a.1.len().cmp(&b.1.len()).reverse());
    for (band, mut list) in bands {
        list.sort_by(f64::total_cmp);
        println!(
            "  | {band} | {} | {:.1} | {:.1} |",
            list.len(),
            list[list.len() / 2] * 1000.0,
            list[list.len() - 1] * 1000.0
        );
    }
    let known: Vec<&Rated> = rated.iter().filter(|r| r.theirs.is_some()).collect();
    if !known.is_empty() {
        let same = known.iter().filter(|r| r.ours == r.theirs).count();
        println!("  ER/EP/ED equal to serate's: {same} of {}", known.len());
    }
}
