//! Solution estimates (`graphdoku::estimate`, `count --estimate`) against exact
//! counts: the interval holds the truth in at least 95% of seeded runs.

mod common;

use common::{EXAMPLE, data, graphdoku};
use graphdoku::estimate::{CONFIDENCE, Estimate, Options, estimate};
use graphdoku::{Budget, ConstraintGraph, Puzzle, PuzzleReader};

/// A puzzle of a file (its first) or of a built-in's empty board.
fn puzzle(source: &str) -> (ConstraintGraph, Puzzle) {
    if source.ends_with(".ron") {
        let path = data(source).display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut read = graphdoku::read::read_ron_puzzles(&text, &path).unwrap();
        let (graph, record) = read.records.remove(0);
        return (read.graphs.remove(graph.unwrap()), record.puzzle.unwrap());
    }
    let graph = ConstraintGraph::load(source).unwrap();
    let empty = Puzzle::empty(graph.len());
    (graph, empty)
}

/// `samples` probes from `seed`, without a budget.
fn run(graph: &ConstraintGraph, puzzle: &Puzzle, samples: u64, seed: u64) -> Estimate {
    let options = Options {
        samples: Some(samples),
        seed,
        budget: Budget::unlimited(),
    };
    estimate(graph, puzzle, options).unwrap()
}

/// How many of `seeds` runs of `samples` probes hold `truth` in their interval.
fn hits(source: &str, truth: f64, samples: u64, seeds: std::ops::Range<u64>) -> usize {
    let (graph, puzzle) = puzzle(source);
    seeds
        .filter(|&seed| {
            let found = run(&graph, &puzzle, samples, seed);
            assert!(!found.exact && found.samples == samples);
            found.low.to_f64() <= truth && truth <= found.high.to_f64()
        })
        .count()
}

/// The known counts: the empty 4×4 and 6×6 Sudoku, and the pie homework.
const CASES: [(&str, f64); 3] = [
    ("sudoku4", 288.0),
    ("sudoku6", 28_200_960.0),
    ("pie-homework.ron", 4_534_272.0),
];

#[test]
fn intervals_hold_the_truth_in_95_of_100_seeded_runs() {
    for (source, truth) in CASES {
        let hits = hits(source, truth, 50, 0..100);
        assert!(hits >= 95, "{source}: {hits} of 100 intervals hold {truth}");
    }
}

/// The sample counts a run ends with when its budget, not `--samples`, stops
/// it (the page's count and the CLI's default): few probes on a big board.
/// Below [`MIN_SAMPLES`] the interval has no upper end and a lower end that
/// holds for any weights: it holds the truth in (almost) every run; from
/// there on, the t interval in at least 95 of 100 runs. Labelled 99%, the
/// t interval held it in 49% of 400 runs of 2 probes on the empty 4×4.
#[test]
fn intervals_hold_the_truth_at_every_sample_count() {
    use graphdoku::estimate::MIN_SAMPLES;
    for (source, truth) in CASES {
        let (graph, puzzle) = puzzle(source);
        for samples in [2, 3, 5, 10, MIN_SAMPLES - 1, MIN_SAMPLES] {
            let runs: Vec<Estimate> = (0..100)
                .map(|seed| run(&graph, &puzzle, samples, 5000 + seed))
                .collect();
            let held = (runs.iter())
                .filter(|e| e.low.to_f64() <= truth && truth <= e.high.to_f64())
                .count();
            let open = runs
                .iter()
                .filter(|e| e.high.to_f64().is_infinite())
                .count();
            match samples < MIN_SAMPLES {
                true => {
                    assert!(held >= 98, "{source}, {samples} probes: {held} of 100");
                    assert_eq!(open, 100, "{source}, {samples} probes");
                }
                false => assert!(held >= 95, "{source}, {samples} probes: {held} of 100"),
            }
        }
    }
}

/// The coverage measured by hand for the manual (`docs/benchmarks.md`), on 1,000
/// other seeds and the empty 9×9 too (minutes): `cargo test --test estimate --
/// --ignored --nocapture`.
#[test]
#[ignore = "by hand: 1,000 seeds on four boards take minutes (docs/benchmarks.md quotes its coverage)"]
fn coverage_on_1000_seeds() {
    let nine = ("sudoku9", 6_670_903_752_021_072_936_960.0);
    for (source, truth) in CASES.into_iter().chain([nine]) {
        for samples in [50, 200] {
            let hits = hits(source, truth, samples, 1000..2000);
            println!("{source}, {samples} probes: {hits} of 1000 intervals hold {truth}");
            assert!(hits >= 950, "{source}: {hits} of 1000");
        }
    }
}

#[test]
fn the_empty_9x9_lands_near_its_count() {
    let (graph, empty) = puzzle("sudoku9");
    let truth = 6_670_903_752_021_072_936_960.0;
    let found = run(&graph, &empty, 2000, 1);
    let (low, high) = (found.low.to_f64(), found.high.to_f64());
    assert!(low <= truth && truth <= high, "{low:e} to {high:e}");
    // Two thousand probes: within a few percent.
    assert!((found.estimate.to_f64() / truth - 1.0).abs() < 0.05);
    assert!(high / low < 1.2, "{low:e} to {high:e}");
}

#[test]
fn seeds_repeat_and_differ() {
    let (graph, empty) = puzzle("sudoku6");
    let a = run(&graph, &empty, 30, 7);
    assert_eq!(a, run(&graph, &empty, 30, 7));
    assert_ne!(a.estimate, run(&graph, &empty, 30, 8).estimate);
}

#[test]
fn small_trees_are_counted_exactly() {
    // A unique puzzle: one probe holds the whole tree.
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let record = PuzzleReader::new(&graph, EXAMPLE.as_bytes(), "-").next();
    let found = run(&graph, &record.unwrap().puzzle.unwrap(), 100, 1);
    assert!(found.exact && found.samples == 1);
    assert_eq!(found.estimate.to_f64(), 1.0);
    // Clashing givens: none, exactly.
    let mut clash = vec![None; 81];
    (clash[0], clash[1]) = (Some(4), Some(4));
    let found = run(&graph, &Puzzle::new(clash), 100, 1);
    assert!(found.exact && found.estimate.to_f64() == 0.0);
}

#[test]
fn the_budget_ends_the_probes() {
    let (graph, empty) = puzzle("sudoku9");
    let options = |nodes| Options {
        samples: None,
        seed: 1,
        budget: Budget::unlimited().nodes(nodes),
    };
    let none = estimate(&graph, &empty, options(10)).unwrap();
    assert_eq!(none.samples, 0);
    assert!(none.low.to_f64() == 0.0 && none.high.to_f64().is_infinite());
    let some = estimate(&graph, &empty, options(20_000)).unwrap();
    assert!(some.samples >= 2 && some.nodes <= 20_000, "{some:?}");
}

#[test]
fn the_cli_prints_the_estimate_and_its_interval() {
    let out = graphdoku()
        .args([
            "count",
            "--estimate",
            "--samples",
            "200",
            "--seed",
            "3",
            "-f",
            "json",
        ])
        .arg(data("pie-homework.ron"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let record: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(record["record"], "count");
    assert_eq!(record["status"], "estimated");
    assert_eq!(record["samples"], 200);
    assert_eq!(record["confidence"], CONFIDENCE);
    let (low, high) = (
        record["low"].as_f64().unwrap(),
        record["high"].as_f64().unwrap(),
    );
    let estimate = record["estimate"].as_f64().unwrap();
    assert!(low < estimate && estimate < high);
    // The same seed, the same text.
    let text = |seed: &str| {
        let out = graphdoku()
            .args(["count", "--estimate", "--samples", "200", "--seed", seed])
            .arg(data("pie-homework.ron"))
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    assert_eq!(text("3"), text("3"));
    assert!(
        text("3").starts_with("pie homework: about "),
        "{}",
        text("3")
    );
}

#[test]
fn the_cli_refuses_an_estimate_with_a_limit() {
    graphdoku()
        .args(["count", "--estimate", "--limit", "5"])
        .arg(data("pie-homework.ron"))
        .assert()
        .code(2);
}
