//! Generating puzzles with rules by grade: `generate --rules KINDS --se RANGE`
//! and `--from PUZZLE --se RANGE` (and `--difficulty`), checked against the
//! grade `graphdoku grade` gives each puzzle on its own, and the library's
//! rating of the path, not against what the generator says of them. Every
//! puzzle is also checked unique under its rules. 9×9 killers, whose ratings
//! take milliseconds; the seeds are fixed, so the puzzles are too.
#![cfg(feature = "se")]

mod common;

use common::graphdoku;
use graphdoku::generate::dress::{Kind, dress};
use graphdoku::generate::{GenerateError, Generator, Options, SeRange};
use graphdoku::logic::{Grade, Logic};
use graphdoku::{ConstraintGraph, Solver, verify};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;

/// The JSON lines of a run that must succeed.
fn json_lines(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The ER of a JSON record, in tenths.
fn er(record: &Value) -> u16 {
    let er = record["se"]["er"]
        .as_f64()
        .unwrap_or_else(|| panic!("no rating: {record}"));
    (er * 10.0).round() as u16
}

/// `args` (a `generate` command) printed as JSON and as RON puzzle files:
/// the same seed, the same puzzles. Each is graded by `graphdoku grade`,
/// found unique there, and rated in `range` by it and by the generator alike.
fn generated_in_range(args: &[&str], range: &str, count: usize) {
    let range: SeRange = range.parse().unwrap();
    let run = |format: &str| {
        let out = graphdoku()
            .args(args)
            .args(["--se", &range.to_string(), "-f", format])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let generated = json_lines(&run("json"));
    assert_eq!(generated.len(), count, "{args:?}");
    let out = graphdoku()
        .args(["grade", "--json", "-"])
        .write_stdin(run("ron"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let graded = json_lines(&out.stdout);
    assert_eq!(graded.len(), count);
    for (made, grade) in generated.iter().zip(&graded) {
        assert_eq!(grade["status"], "unique", "{grade}");
        assert!(range.contains(er(grade)), "{args:?}: {grade}");
        // The generator's ratings are `grade`'s, all three, and its level.
        assert_eq!(made["se"], grade["se"], "{made}\n{grade}");
        assert_eq!(made["level"], grade["level"], "{made}\n{grade}");
        assert!(made["rules"].as_array().is_some_and(|r| !r.is_empty()));
    }
}

#[test]
fn dressed_puzzles_are_rated_in_the_range_asked_for() {
    let killer = ["generate", "--rules", "killer", "-n", "3", "-s", "1"];
    generated_in_range(&killer, "3.0..4.0", 3);
    let killer = ["generate", "--rules", "killer", "-n", "2", "-s", "4"];
    generated_in_range(&killer, "4.2..6.4", 2);
    // Two kinds together.
    generated_in_range(
        &["generate", "--rules", "killer,kropki-partial", "-s", "2"],
        "2.6..3.5",
        1,
    );
}

#[test]
fn a_puzzle_file_is_reduced_to_the_range_asked_for() {
    // The built-in killer example rates 2.8 as it is: random reductions of it.
    generated_in_range(&["generate", "--from", "killer", "-s", "1"], "2.0..2.9", 1);
}

#[test]
fn a_level_is_met_from_a_puzzle_file_too() {
    // It was accepted and not looked at: any reduction came out.
    let out = graphdoku()
        .args(["generate", "--from", "killer", "--difficulty", "medium"])
        .args(["-s", "1", "-f", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let made = &json_lines(&out.stdout)[0];
    assert_eq!(made["level"], "medium", "{made}");
    // `grade` says so of the example itself, whose givens are minimal.
    graphdoku()
        .arg("grade")
        .arg(common::data("killer.ron"))
        .assert()
        .success()
        .stdout(predicates::str::contains(": medium ED=2.8/"));
    graphdoku()
        .args(["generate", "--from", "killer", "--difficulty", "easy"])
        .args(["--attempts", "3", "-s", "1"])
        .assert()
        .code(5)
        .stderr("error: puzzle 1: no puzzle with level easy in 3 attempts\n");
}

#[test]
fn a_range_not_reached_fails_with_a_reason() {
    // No step rates below 1.0, with givens given back or not.
    graphdoku()
        .args(["generate", "--rules", "killer", "--se", "..0.5"])
        .args(["--attempts", "2", "-s", "1"])
        .assert()
        .code(5)
        .stdout("")
        .stderr(
            "error: puzzle 1: no puzzle with a Sudoku Explainer rating in 0.0..0.5 in 2 attempts\n",
        );
    graphdoku()
        .args(["generate", "--from", "killer", "--se", "6.5.."])
        .args(["--attempts", "3", "-s", "1"])
        .assert()
        .code(5)
        .stderr(predicates::str::contains(
            "no puzzle with a Sudoku Explainer rating in 6.5..20.0 in 3 attempts",
        ));
    // A level and a range at once: one or the other.
    graphdoku()
        .args(["generate", "--rules", "killer", "--se", "3.0..4.0"])
        .args(["--difficulty", "hard", "-s", "1"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot be used with"));
}

#[test]
fn the_timeout_bounds_the_ratings() {
    // Thermometers and arrows that rate 9 or more are rare: this seed's first
    // attempts rate below and take seconds of forcing chains each.
    let started = std::time::Instant::now();
    graphdoku()
        .args(["generate", "--rules", "thermo,arrow", "--se", "9.0.."])
        .args(["-s", "2", "--timeout", "0.5"])
        .assert()
        .code(5)
        .stderr(predicates::str::contains("gave up after 0.5 s"));
    assert!(
        started.elapsed().as_secs_f64() < 5.0,
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn the_library_dresses_to_a_rating_and_its_level() {
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let generator = Generator::new(&graph);
    let range: SeRange = "3.5..4.5".parse().unwrap();
    let options = Options {
        se: Some(range),
        ..Options::default()
    };
    let made = |seed: u64| {
        dress(
            &generator,
            &[Kind::Killer],
            &mut ChaCha8Rng::seed_from_u64(seed),
            &options,
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
    };
    let mut eased = 0;
    for seed in 0..3 {
        let dressed = made(seed);
        let (puzzle, solution) = (&dressed.made.puzzle, &dressed.made.solution);
        let solver = Solver::new(&dressed.graph);
        assert_eq!(solver.count(puzzle, 2), 1);
        // Minimal, or rated above the range with givens given back.
        let givens = puzzle.givens();
        eased += usize::from((0..81).filter(|&c| givens[c].is_some()).any(|c| {
            let mut fewer = givens.to_vec();
            fewer[c] = None;
            solver.count(&graphdoku::Puzzle::new(fewer), 2) == 1
        }));
        verify(&dressed.graph, puzzle, solution).unwrap();
        // Rated in full, as `grade` rates it, not up to the range's top.
        let path = Logic::new(&dressed.graph)
            .graded_path(puzzle, solution)
            .unwrap();
        let grade = Grade::of(&path);
        assert!(
            range.contains(grade.se.unwrap().er),
            "seed {seed}: {grade:?}"
        );
        assert_eq!(dressed.made.grade.as_ref(), Some(&grade), "seed {seed}");
        // The same seed, the same puzzle (on the quickest seed).
        if seed == 2 {
            assert_eq!(made(seed).made.puzzle, *puzzle);
        }
    }
    assert!(eased > 0, "no puzzle had givens given back");
    // A level is the grade's too: the one `grade` gives the puzzle.
    let level = Options {
        difficulty: Some(graphdoku::logic::Level::Medium),
        attempts: 20,
        ..Options::default()
    };
    let dressed = dress(
        &generator,
        &[Kind::Killer],
        &mut ChaCha8Rng::seed_from_u64(1),
        &level,
    )
    .unwrap();
    let path = Logic::new(&dressed.graph)
        .graded_path(&dressed.made.puzzle, &dressed.made.solution)
        .unwrap();
    assert_eq!(Grade::of(&path).level, graphdoku::logic::Level::Medium);
    // Out of reach: given up after the attempts, with the range in the reason.
    let never = Options {
        se: Some("..0.5".parse().unwrap()),
        attempts: 2,
        ..Options::default()
    };
    let refused = dress(
        &generator,
        &[Kind::Killer],
        &mut ChaCha8Rng::seed_from_u64(1),
        &never,
    );
    match refused {
        Err(e @ GenerateError::GaveUp { attempts: 2, .. }) => {
            assert!(e.to_string().contains("rating in 0.0..0.5"), "{e}")
        }
        other => panic!("{other:?}"),
    }
}
