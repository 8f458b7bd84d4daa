//! In-process fuzzing of every reader and loader and of the solver: a bounded
//! pass in `cargo test`, a long campaign by hand (see docs/development.md).
//!
//! Inputs are structure-aware mutations of real files (the repository's `data/`,
//! `variants/`, `tests/broken/` and `../shared/data`): bit flips, truncation,
//! duplication, splices of two files, huge numbers, odd Unicode, byte-order marks
//! and CRLF. No input may panic, take longer than [`harness::SLOW`], allocate
//! without bound (the allocator here stops the run), or break a property of its
//! target (a puzzle read fits its graph and reads back from its line, every
//! solution verifies, counts equal an independent count).

#[path = "../common/mod.rs"]
mod common;
mod harness;
mod mutate;
mod targets;

use std::time::Instant;

use harness::{Outcome, Tally, fuzz, run_one};

#[global_allocator]
static ALLOCATOR: harness::Capped = harness::Capped;

/// Prints the tallies as a table, and fails on any finding.
fn report(tallies: &[Tally], started: Instant) {
    eprintln!(
        "{:<12} {:>12} {:>10} {:>10} {:>12} {:>10}",
        "target", "inputs", "accepted", "seconds", "inputs/s", "slowest"
    );
    for t in tallies {
        eprintln!(
            "{:<12} {:>12} {:>10} {:>10.1} {:>12.0} {:>10.1?}",
            t.target,
            t.inputs,
            t.accepted,
            t.time.as_secs_f64(),
            t.rate(),
            t.slowest
        );
    }
    let total: u64 = tallies.iter().map(|t| t.inputs).sum();
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{:<12} {total:>12} {:>10} {seconds:>10.1} {:>12.0}",
        "total",
        "",
        total as f64 / seconds
    );
    let findings: Vec<String> = tallies
        .iter()
        .flat_map(|t| &t.findings)
        .map(|f| format!("{}: {} ({})", f.target, f.what, f.saved.display()))
        .collect();
    assert!(
        findings.is_empty(),
        "{} findings:\n{}",
        findings.len(),
        findings.join("\n")
    );
}

/// The bounded pass: a fixed seed and thousands of inputs per target, every
/// `cargo test` (about 15 s on one idle core).
#[test]
fn bounded_pass() {
    let started = Instant::now();
    let tallies: Vec<Tally> = targets::all()
        .iter()
        .map(|target| {
            let inputs = match target.name {
                "lines" => 50_000,
                "text" => 15_000,
                "variant" => 3_000,
                _ => 10_000,
            };
            fuzz(target, inputs, 0x5eed, false)
        })
        .collect();
    report(&tallies, started);
}

/// The long campaign, by hand: `GRAPHDOKU_FUZZ_INPUTS` inputs in all (default
/// ten million) shared among the targets by `weights`, from the seed in
/// `GRAPHDOKU_FUZZ_SEED` (default: the clock, printed), only the targets named
/// in `GRAPHDOKU_FUZZ_TARGETS` (comma-separated) when given.
#[test]
#[ignore = "the long campaign: minutes to hours (see docs/development.md)"]
fn campaign() {
    let total: u64 = env_number("GRAPHDOKU_FUZZ_INPUTS").unwrap_or(10_000_000);
    let seed = env_number("GRAPHDOKU_FUZZ_SEED").unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let only = std::env::var("GRAPHDOKU_FUZZ_TARGETS").ok();
    let targets: Vec<_> = targets::all()
        .into_iter()
        .filter(|t| {
            only.as_deref()
                .is_none_or(|o| o.split(',').any(|n| n == t.name))
        })
        .collect();
    // Shares of the total: the fast readers get the most.
    let weight = |name: &str| match name {
        "lines" => 57,
        "text" => 14,
        "ron-puzzle" => 10,
        "variant" => 5,
        _ => 14,
    };
    let sum: u64 = targets.iter().map(|t| weight(t.name)).sum();
    eprintln!("fuzz campaign: {total} inputs, seed {seed}");
    let started = Instant::now();
    let tallies: Vec<Tally> = targets
        .iter()
        .map(|t| {
            let tally = fuzz(t, total * weight(t.name) / sum, seed, true);
            eprintln!(
                "fuzz: {} done: {} inputs in {:.0} s",
                t.name,
                tally.inputs,
                tally.time.as_secs_f64()
            );
            tally
        })
        .collect();
    report(&tallies, started);
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().map(|v| {
        v.replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v}: not a number"))
    })
}

/// Replays the saved inputs of `GRAPHDOKU_FUZZ_REPLAY` (files, each named
/// `TARGET-HASH.bin` as the campaign saves them) and prints what each does.
#[test]
#[ignore = "by hand: replays saved findings"]
fn replay() {
    let Ok(paths) = std::env::var("GRAPHDOKU_FUZZ_REPLAY") else {
        return;
    };
    let targets = targets::all();
    for path in paths.split(',') {
        let name = std::path::Path::new(path)
            .file_name()
            .unwrap()
            .to_string_lossy();
        let target = targets
            .iter()
            .find(|t| name.starts_with(&format!("{}-", t.name)))
            .expect("a file named after its target");
        let input = std::fs::read(path).unwrap();
        let (result, took) = run_one(target, &input);
        let outcome = match result {
            Ok(Outcome::Accepted) => "accepted".to_string(),
            Ok(Outcome::Refused) => "refused".to_string(),
            Err(e) => e,
        };
        eprintln!("{path}: {outcome} in {took:?}");
    }
}

/// The command layer too (format detection, variant hints, batches, RON
/// files, validate and info): mutated files through the binary, a few hundred
/// processes (`GRAPHDOKU_FUZZ_PROCESSES` for more, `GRAPHDOKU_FUZZ_SEED` for
/// others). Each must end with a documented status (not 3: no solution here is
/// wrong) and no panic.
#[test]
fn mutated_files_through_the_binary() {
    let targets = targets::all();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = mutate::Rng::new(env_number("GRAPHDOKU_FUZZ_SEED").unwrap_or(0xb1a));
    for i in 0..env_number("GRAPHDOKU_FUZZ_PROCESSES").unwrap_or(240) as usize {
        let target = &targets[i % 4];
        let base = rng.pick(&target.seeds);
        let other = rng.pick(&target.seeds);
        let input = mutate::mutate(&mut rng, base, other);
        let path = dir.path().join(format!("input-{i}"));
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_graphdoku"));
        // A variant name that reads as a path and is no file is an I/O error (6).
        let mut missing_variant = None;
        match target.name {
            "lines" | "text" => {
                // The first line names the variant, as the target reads it.
                let end = input
                    .iter()
                    .position(|&b| b == b'\n')
                    .unwrap_or(input.len());
                // (An odd name is tested too, but an argument cannot hold a NUL.)
                let variant = String::from_utf8_lossy(&input[..end]).replace('\0', "?");
                std::fs::write(&path, &input[(end + 1).min(input.len())..]).unwrap();
                let variant = if variant.is_empty() {
                    "sudoku9".into()
                } else {
                    variant
                };
                command.args(["solve", "-f", "line", "--max-nodes", "2000", "-v", &variant]);
                missing_variant = Some(format!("error: cannot read {variant}:"));
            }
            "ron-puzzle" => {
                std::fs::write(&path, &input).unwrap();
                command.args(["solve", "--max-nodes", "2000"]);
            }
            _ => {
                std::fs::write(&path, &input).unwrap();
                command.args(["info"]);
            }
        }
        let out = command.arg(&path).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        let io = code == Some(6) && missing_variant.is_some_and(|m| err.starts_with(&m));
        assert!(
            (matches!(code, Some(0 | 1 | 2 | 4 | 5)) || io) && !err.contains("panicked"),
            "{} on {}: {:?}\n{err}",
            target.name,
            String::from_utf8_lossy(&input)
                .chars()
                .take(400)
                .collect::<String>(),
            out.status
        );
    }
}

// Regression tests: one per finding of the fuzzer, fixed.

/// A variant of a million cells in houses of 128 made ~66 million edges before
/// anything said no (20 s, 1.9 GB): edges are counted before they are made.
#[test]
fn a_variant_of_too_many_edges_is_refused_before_they_are_made() {
    let source = r#"Variant(name: "big", symbols: Range(1, 128),
        cells: Grid(rows: 1024, cols: 1024), houses: [Boxes(rows: 8, cols: 16)])"#;
    let started = Instant::now();
    let loaded = graphdoku::variant::parse(source, "big.ron").unwrap();
    let error = graphdoku::ConstraintGraph::build(&loaded).unwrap_err();
    assert!(
        error.to_string().contains("is more than 16777216"),
        "{error}"
    );
    assert!(started.elapsed() < harness::SLOW, "{:?}", started.elapsed());
}

/// A RON file of many puzzle documents counted the lines before each document
/// from the file's start: quadratic, 10 s for 1 MiB of 22,000 documents (and
/// hours for the 64 MiB allowed). Now lines are indexed once.
#[test]
fn many_ron_documents_are_read_in_linear_time() {
    let one = "Puzzle(variant: \"sudoku4\", givens: Cells({\"r9c9\": \"1\"}))\r\n";
    let source = one.repeat(20_000);
    let started = Instant::now();
    let read = graphdoku::read::read_ron_puzzles(&source, "many.ron").unwrap();
    assert_eq!(read.records.len(), 20_000);
    // Every record is the unknown cell, located on its own line.
    let last = &read.records[19_999].1;
    let error = last.puzzle.as_ref().unwrap_err();
    assert_eq!(error.location.to_string(), "many.ron:20000:44");
    assert!(started.elapsed() < harness::SLOW, "{:?}", started.elapsed());
}
