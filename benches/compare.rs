//! graphdoku against the `sudoku` crate (a JCZSolve-derived 9×9 solver) on the same
//! puzzles, same thread, same mode; solve time only, both answers cross-checked.
//!
//! ```text
//! cargo bench --bench compare                      # every dataset found in ../shared/data
//! cargo bench --bench compare -- FILE [--mode one|unique|batch|read] [--rounds N]
//! cargo bench --bench compare -- --mode generate   # generation only
//! ```
//!
//! `--engine graphdoku|sudoku|neither` runs one engine (or none: loading only) and skips the comparison: for
//! counting instructions under `valgrind --tool=callgrind`, which is repeatable
//! whatever the machine's load. `--engine stats` prints graphdoku's nodes and
//! backtracks per puzzle (proving each unique).
//!
//! `one`: find a solution. `unique`: find a solution and prove there is no second
//! (count up to 2). `batch`: the whole path of a batch run from the file's text:
//! read each line, solve, prove unique, verify, format the solution line (the
//! crate: `from_str_line`, `solutions_count_up_to(2)`, `solution`, `to_str_line`).
//! `read` (only when asked for): the lean path alone, read each line and verify
//! its (precomputed) solution, graphdoku only; for `callgrind`, its instructions
//! per puzzle are `--engine graphdoku` less `--engine neither`.
//! Last, generation: minimal unique 9×9 puzzles per second, our generator against
//! the crate's `generate_with_symmetry(Symmetry::None)`. The `sudoku` crate is
//! AGPL-licensed: it is a dev-dependency, used only here, never linked into the
//! library or the binary.
//!
//! `--tdoku PATH` adds tdoku (t-dillon/tdoku, the fastest public 9×9 solver, C++)
//! to the `one` and `unique` rows, as two more columns: `tdoku`, its puzzles/s, and
//! `vs tdoku`, graphdoku's rate over it. PATH is a small harness, run as a
//! subprocess `PATH one|unique FILE ROUNDS` on the same puzzles (written one per
//! line to a temporary FILE); it times its own rounds (best of ROUNDS, solve time
//! only) and prints how many puzzles have no, one, or two or more solutions, which
//! must agree with graphdoku's (a disagreement is printed under the row). The
//! harness's source is `benches/tdoku/` (`main.cc`, and `build.sh`, which compiles
//! it with `g++ -O3 -march=native` against tdoku's DPLL triad SIMD solver):
//! tdoku's own sources (BSD-2-Clause) are fetched from its repository, not vendored
//! here; `benches/tdoku/README.md` says which files and how.
//!
//! ```text
//! benches/tdoku/build.sh ~/tdoku            # ~/tdoku: a checkout of t-dillon/tdoku
//! cargo bench --bench compare -- --tdoku ~/tdoku/tdoku_bench
//! ```

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use graphdoku::generate::{Generator, Options};
use graphdoku::write::text;
use graphdoku::{Checker, ConstraintGraph, Puzzle, PuzzleReader, Solver, Verdict, verify};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use sudoku::Sudoku;
use sudoku::Symmetry;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    One,
    Unique,
    Batch,
    Read,
}

/// What an engine says of one puzzle: a solution (as 81 digits) and how many it found.
type Answer = (Option<[u8; 81]>, usize);

fn graphdoku_answers(solver: &Solver, puzzles: &[Puzzle], mode: Mode) -> Vec<Answer> {
    let limit = if mode == Mode::One { 1 } else { 2 };
    let mut search = solver.search(&puzzles[0]);
    puzzles
        .iter()
        .map(|p| {
            search.restart(p);
            let first = search.next().map(|s| {
                let mut digits = [0u8; 81];
                for (d, &c) in digits.iter_mut().zip(s.colours()) {
                    *d = c + 1;
                }
                digits
            });
            let found = match first {
                Some(_) => 1 + search.count_up_to(limit - 1) as usize,
                None => 0,
            };
            (first, found)
        })
        .collect()
}

/// The work graphdoku's search does on the puzzles, proving each unique.
fn graphdoku_work(solver: &Solver, puzzles: &[Puzzle]) -> (u64, u64) {
    let mut search = solver.search(&puzzles[0]);
    puzzles.iter().fold((0, 0), |(nodes, backtracks), p| {
        search.restart(p);
        search.count_up_to(2);
        let stats = search.stats();
        (nodes + stats.nodes, backtracks + stats.backtracks)
    })
}

fn sudoku_answers(puzzles: &[Sudoku], mode: Mode) -> Vec<Answer> {
    let limit = if mode == Mode::One { 1 } else { 2 };
    puzzles
        .iter()
        .map(|&p| {
            let mut buffer = [[0u8; 81]];
            let found = p.solutions_up_to_buffer(&mut buffer, limit);
            ((found > 0).then_some(buffer[0]), found)
        })
        .collect()
}

/// The batch path from the file's text, as `solve --unique -f line` takes it:
/// one record read into again and again, one search kept between puzzles, the
/// solution written into a buffer; one output line per puzzle line.
fn graphdoku_batch(graph: &ConstraintGraph, solver: &Solver, text: &str) -> Vec<String> {
    let mut reader = PuzzleReader::new(graph, text.as_bytes(), "bench");
    let mut checker = Checker::new(solver);
    let mut lines = Vec::new();
    let Some(mut record) = reader.next() else {
        return lines;
    };
    let mut out = Vec::new();
    loop {
        let puzzle = record.puzzle.as_ref().expect("valid");
        match checker.uniqueness(puzzle).0 {
            Verdict::Unique(solution) => {
                verify(graph, puzzle, &solution).expect("verified");
                out.clear();
                text::write_line(graph, solution.colours(), &mut out).expect("in memory");
                out.pop(); // the newline
                lines.push(String::from_utf8(out.clone()).expect("ASCII"));
            }
            Verdict::None => lines.push("no solution".into()),
            _ => lines.push("several solutions".into()),
        }
        if !reader.read_into(&mut record) {
            return lines;
        }
    }
}

fn sudoku_batch(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let puzzle = Sudoku::from_str_line(line.trim()).expect("valid");
            match puzzle.solutions_count_up_to(2) {
                1 => puzzle.solution().expect("unique").to_str_line().to_string(),
                0 => "no solution".into(),
                _ => "several solutions".into(),
            }
        })
        .collect()
}

/// Minimal unique puzzles generated per second by each generator, in one run.
fn generation(rounds: usize) {
    let graph = ConstraintGraph::load("sudoku9").expect("built-in variant");
    let generator = Generator::new(&graph);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let count = 200;
    let ((ours, made), (theirs, _)) = race(
        rounds,
        || {
            (0..count)
                .map(|_| {
                    generator
                        .generate(&mut rng, &Options::default())
                        .expect("generated")
                })
                .collect::<Vec<_>>()
        },
        || {
            (0..count)
                .map(|_| Sudoku::generate_with_symmetry(Symmetry::None))
                .collect::<Vec<_>>()
        },
    );
    assert_eq!(made.len(), count);
    let rate = |t: Duration| count as f64 / t.as_secs_f64();
    println!(
        "{:<16} {:>7} {:>7} {:>12.0} {:>12.0} {:>7.2} {:>13}",
        "generate",
        "minimal",
        count,
        rate(ours),
        rate(theirs),
        rate(ours) / rate(theirs),
        "-"
    );
}

/// Times `ours` and `theirs` alternately, `rounds` times each, so that both see the
/// same machine load; returns the fastest time of each and their last results.
fn race<A, B>(
    rounds: usize,
    mut ours: impl FnMut() -> A,
    mut theirs: impl FnMut() -> B,
) -> ((Duration, A), (Duration, B)) {
    fn timed<T>(work: &mut impl FnMut() -> T, best: &mut Duration) -> T {
        let start = Instant::now();
        let result = black_box(work());
        *best = (*best).min(start.elapsed());
        result
    }
    let (mut best_a, mut best_b) = (Duration::MAX, Duration::MAX);
    let mut results = None;
    for _ in 0..rounds.max(1) {
        let a = timed(&mut ours, &mut best_a);
        let b = timed(&mut theirs, &mut best_b);
        results = Some((a, b));
    }
    let (a, b) = results.expect("at least one round");
    ((best_a, a), (best_b, b))
}

/// Which engines to run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Engines {
    Both,
    Graphdoku,
    Sudoku,
    /// Load the puzzles only: the baseline to subtract from instruction counts.
    Neither,
    /// graphdoku's nodes and backtracks per puzzle, proving each unique.
    Stats,
}

fn run(path: &Path, mode: Mode, rounds: usize, engines: Engines, tdoku: Option<&Path>) {
    let graph = ConstraintGraph::load("sudoku9").expect("built-in variant");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles: Vec<Puzzle> =
        PuzzleReader::new(&graph, text.as_bytes(), &path.display().to_string())
            .map(|r| r.puzzle.unwrap_or_else(|e| panic!("{e}")))
            .collect();
    let theirs: Vec<Sudoku> = puzzles
        .iter()
        .map(|p| {
            let bytes: Vec<u8> = p.givens().iter().map(|g| g.map_or(0, |c| c + 1)).collect();
            Sudoku::from_bytes_slice(&bytes).expect("81 cells")
        })
        .collect();
    let solver = Solver::new(&graph);
    if mode == Mode::Read {
        return read(path, &graph, &solver, &puzzles, rounds, engines);
    }
    if mode == Mode::Batch {
        // One puzzle per line (Euler's blocks too), `.` for empty: what both read.
        let lines: String = puzzles
            .iter()
            .map(|p| text::line(&graph, p.givens()) + "\n")
            .collect();
        return batch(path, &graph, &solver, &lines, rounds, engines);
    }
    if engines == Engines::Stats {
        let (nodes, backtracks) = graphdoku_work(&solver, &puzzles);
        let per = |n: u64| n as f64 / puzzles.len() as f64;
        println!(
            "{}: {} puzzles, {:.2} nodes and {:.2} backtracks per puzzle",
            path.display(),
            puzzles.len(),
            per(nodes),
            per(backtracks)
        );
        return;
    }
    match engines {
        Engines::Graphdoku => return drop(black_box(graphdoku_answers(&solver, &puzzles, mode))),
        Engines::Sudoku => return drop(black_box(sudoku_answers(&theirs, mode))),
        Engines::Neither | Engines::Stats => return,
        Engines::Both => {}
    }
    let ((ours_time, ours), (theirs_time, reference)) = race(
        rounds,
        || graphdoku_answers(&solver, &puzzles, mode),
        || sudoku_answers(&theirs, mode),
    );
    let disagreements = ours
        .iter()
        .zip(&reference)
        .filter(|(a, b)| {
            // In `one` mode either valid solution is fine when there are several;
            // the solution itself must match when it is unique.
            a.1 != b.1 || (mode == Mode::Unique && a.1 == 1 && a.0 != b.0)
        })
        .count();
    let rate = |t: Duration| puzzles.len() as f64 / t.as_secs_f64();
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    print!(
        "{name:<16} {:>7} {:>7} {:>12.0} {:>12.0} {:>7.2} {:>13}",
        format!("{mode:?}").to_lowercase(),
        puzzles.len(),
        rate(ours_time),
        rate(theirs_time),
        rate(ours_time) / rate(theirs_time),
        disagreements
    );
    match tdoku {
        None => println!(),
        Some(harness) => {
            let tdoku = tdoku_run(harness, &graph, &puzzles, mode, rounds);
            println!(
                " {:>12.0} {:>8.2}",
                tdoku.rate,
                rate(ours_time) / tdoku.rate
            );
            // How many puzzles have no, one, two or more solutions, by graphdoku's count.
            let mut counts = [0; 3];
            for (_, found) in &ours {
                counts[(*found).min(2)] += 1;
            }
            if tdoku.counts != counts {
                println!(
                    "  tdoku disagrees on {name}: puzzles with 0/1/2+ solutions {:?}, graphdoku {counts:?}",
                    tdoku.counts
                );
            }
        }
    }
    assert_eq!(disagreements, 0, "the engines disagree on {name}");
}

/// What tdoku's harness reports on a set of puzzles.
struct Tdoku {
    /// Puzzles per second, best of its rounds.
    rate: f64,
    /// How many puzzles have no solution, one, two or more (one, in `one` mode).
    counts: [usize; 3],
}

/// Runs tdoku's harness (`PATH one|unique FILE ROUNDS`) on the puzzles, written one
/// per line to a temporary file, and reads its `key=value` line.
fn tdoku_run(
    harness: &Path,
    graph: &ConstraintGraph,
    puzzles: &[Puzzle],
    mode: Mode,
    rounds: usize,
) -> Tdoku {
    let lines: String = puzzles
        .iter()
        .map(|p| text::line(graph, p.givens()) + "\n")
        .collect();
    let file = std::env::temp_dir().join(format!("graphdoku-tdoku-{}.txt", std::process::id()));
    std::fs::write(&file, lines).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mode = if mode == Mode::One { "one" } else { "unique" };
    let output = Command::new(harness)
        .arg(mode)
        .arg(&file)
        .arg(rounds.to_string())
        .output();
    let _ = std::fs::remove_file(&file);
    let output = output.unwrap_or_else(|e| panic!("{}: {e}", harness.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{} failed: {}",
        harness.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let field = |key: &str| -> f64 {
        stdout
            .split_whitespace()
            .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
            .and_then(|value| value.parse().ok())
            .unwrap_or_else(|| panic!("no {key}= in the harness's output: {stdout}"))
    };
    Tdoku {
        rate: field("per_second"),
        counts: [
            field("none") as usize,
            field("one") as usize,
            field("two") as usize,
        ],
    }
}

/// Reads every puzzle from its line and verifies its solution: the lean path.
fn read(
    path: &Path,
    graph: &ConstraintGraph,
    solver: &Solver,
    puzzles: &[Puzzle],
    rounds: usize,
    engines: Engines,
) {
    let lines: String = puzzles
        .iter()
        .map(|p| text::line(graph, p.givens()) + "\n")
        .collect();
    let solutions: Vec<_> = puzzles
        .iter()
        .map(|p| solver.solve(p).expect("solvable"))
        .collect();
    // The lean path: one record, read into again and again.
    let read_and_verify = || {
        let mut records = PuzzleReader::new(graph, lines.as_bytes(), "bench");
        let mut solutions = solutions.iter();
        let mut record = records.next().expect("a puzzle");
        loop {
            let puzzle = record.puzzle.as_ref().expect("valid");
            let solution = solutions.next().expect("a solution per puzzle");
            verify(graph, puzzle, solution).expect("verified");
            if !records.read_into(&mut record) {
                break;
            }
        }
    };
    match engines {
        Engines::Graphdoku => return read_and_verify(),
        Engines::Sudoku | Engines::Neither | Engines::Stats => return,
        Engines::Both => {}
    }
    let ((time, ()), _) = race(rounds, read_and_verify, || ());
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    println!(
        "{name:<16} {:>7} {:>7} {:>12.0} {:>12} {:>7} {:>13}",
        "read",
        puzzles.len(),
        puzzles.len() as f64 / time.as_secs_f64(),
        "-",
        "-",
        "-"
    );
}

fn batch(
    path: &Path,
    graph: &ConstraintGraph,
    solver: &Solver,
    text: &str,
    rounds: usize,
    engines: Engines,
) {
    match engines {
        Engines::Graphdoku => return drop(black_box(graphdoku_batch(graph, solver, text))),
        Engines::Sudoku => return drop(black_box(sudoku_batch(text))),
        Engines::Neither | Engines::Stats => return,
        Engines::Both => {}
    }
    let ((ours_time, ours), (theirs_time, reference)) = race(
        rounds,
        || graphdoku_batch(graph, solver, text),
        || sudoku_batch(text),
    );
    let disagreements = ours.iter().zip(&reference).filter(|(a, b)| a != b).count();
    let rate = |t: Duration| ours.len() as f64 / t.as_secs_f64();
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    println!(
        "{name:<16} {:>7} {:>7} {:>12.0} {:>12.0} {:>7.2} {:>13}",
        "batch",
        ours.len(),
        rate(ours_time),
        rate(theirs_time),
        rate(ours_time) / rate(theirs_time),
        disagreements
    );
    assert_eq!(disagreements, 0, "the batch paths disagree on {name}");
}

fn main() {
    // `cargo bench` passes `--bench`; everything else is ours.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut files = Vec::new();
    let mut modes = vec![Mode::One, Mode::Unique, Mode::Batch];
    let mut generate = true;
    let mut rounds = 3;
    let mut engines = Engines::Both;
    let mut tdoku = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--mode" => {
                modes = match iter.next().map(String::as_str) {
                    Some("one") => vec![Mode::One],
                    Some("unique") => vec![Mode::Unique],
                    Some("batch") => vec![Mode::Batch],
                    Some("read") => vec![Mode::Read],
                    Some("generate") => vec![],
                    other => {
                        panic!("--mode takes one, unique, batch, read or generate, not {other:?}")
                    }
                };
                generate = modes.is_empty();
            }
            "--engine" => {
                engines = match iter.next().map(String::as_str) {
                    Some("graphdoku") => Engines::Graphdoku,
                    Some("sudoku") => Engines::Sudoku,
                    Some("neither") => Engines::Neither,
                    Some("stats") => Engines::Stats,
                    other => {
                        panic!("--engine takes graphdoku, sudoku, neither or stats, not {other:?}")
                    }
                }
            }
            "--tdoku" => tdoku = Some(PathBuf::from(iter.next().expect("--tdoku PATH"))),
            "--rounds" => {
                rounds = iter
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--rounds N")
            }
            file => {
                files.push(PathBuf::from(file));
                generate &= modes.is_empty();
            }
        }
    }
    if files.is_empty() && !modes.is_empty() {
        let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
        files = [
            "bench/17-clue.txt",
            "bench/top1465.txt",
            "euler96/p096_sudoku.txt",
        ]
        .iter()
        .map(|f| shared.join(f))
        .filter(|f| f.is_file())
        .collect();
        if files.is_empty() && !modes.is_empty() {
            eprintln!("no dataset given and none found in {}", shared.display());
            return;
        }
    }
    println!("single thread, best of {rounds} alternating rounds, solve time only (puzzles/s)");
    print!(
        "{:<16} {:>7} {:>7} {:>12} {:>12} {:>7} {:>13}",
        "dataset", "mode", "puzzles", "graphdoku", "sudoku", "ratio", "disagreements"
    );
    match tdoku {
        Some(_) => println!(" {:>12} {:>8}", "tdoku", "vs tdoku"),
        None => println!(),
    }
    for file in &files {
        for &mode in &modes {
            run(file, mode, rounds, engines, tdoku.as_deref());
        }
    }
    if generate && engines == Engines::Both {
        generation(rounds);
    }
}
