//! The SAT back end (`graphdoku::prove`): its answers against the search's on
//! random small puzzles with rules, known counts, what the search cannot settle
//! (an impossible jigsaw), refusals by name, `--timeout`, and the commands'
//! hand-off (`--stats`, JSON `settled_by`).

mod common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use common::random_rules::{Rng, random_more_rule, random_newest_rule, random_rule};
use common::{HOPELESS, graphdoku};
use graphdoku::colouring::Decision;
use graphdoku::prove::{self, ProveError, Unsupported};
use graphdoku::rules::RuleSpec;
use graphdoku::solver::Stop;
use graphdoku::{Budget, ConstraintGraph, PlainGraph, Puzzle, Solver, Verdict, verify};
use predicates::prelude::*;
use predicates::str::contains;

/// A generator of random rules on an `n`×`n` grid from a solution's values.
type Generator = fn(&mut Rng, usize, &[i64]) -> RuleSpec;

/// Random instances of `variant` with one to three random rules and some
/// givens of a random solution: SAT's count (each solution verified, then
/// blocked) against the search's, up to 40. Returns the kinds of rules
/// compared and those SAT refused, by name.
fn agree(
    variant: &str,
    n: usize,
    instances: usize,
    seed: u64,
    keep: usize,
    rule: Generator,
) -> (Vec<&'static str>, Vec<String>) {
    let base = ConstraintGraph::load(variant).unwrap();
    let plain = Solver::new(&base);
    let mut rng = Rng(seed);
    let (mut compared, mut refused) = (0, Vec::new());
    let mut kinds = Vec::new();
    let mut seen = [0usize; 3];
    for instance in 0..instances {
        let mut givens = vec![None; n * n];
        for _ in 0..n {
            givens[rng.below(n * n)] = Some(rng.below(n) as u8);
        }
        let Some(reference) = plain.solve(&Puzzle::new(givens)) else {
            continue;
        };
        let values: Vec<i64> = reference.colours().iter().map(|&c| c as i64 + 1).collect();
        let rules: Vec<RuleSpec> = (0..1 + rng.below(3))
            .map(|_| rule(&mut rng, n, &values))
            .collect();
        let Ok(graph) = base.clone().with_rules(&rules) else {
            continue;
        };
        let givens = (0..n * n)
            .map(|c| (rng.below(n * n) < keep).then_some(reference.colours()[c]))
            .collect();
        let puzzle = Puzzle::new(givens);
        let what = format!("instance {instance} of {variant}: {rules:?}");
        let search = Solver::new(&graph).count(&puzzle, 40);
        match prove::count(&graph, &puzzle, 40, Budget::unlimited()) {
            Ok(sat) => {
                assert!(!sat.gave_up, "{what}");
                assert_eq!(sat.solutions, search, "{what}");
                if let Some(first) = &sat.first {
                    assert_eq!(verify(&graph, &puzzle, first), Ok(()), "{what}");
                }
                let verdict = prove::uniqueness(&graph, &puzzle, Budget::unlimited()).unwrap();
                let said = match verdict {
                    Verdict::None => 0,
                    Verdict::Unique(_) => 1,
                    Verdict::Multiple(a, b) => {
                        assert_ne!(a, b, "{what}");
                        2
                    }
                    Verdict::GaveUp(_) => panic!("no budget to run out: {what}"),
                };
                assert_eq!(said, search.min(2), "{what}");
                seen[said as usize] += 1;
                compared += 1;
                kinds.extend(graph.rules().iter().map(|r| r.name()));
            }
            Err(ProveError::Unsupported(Unsupported::Rule(name))) => refused.push(name.to_string()),
            Err(other) => panic!("{other}: {what}"),
        }
    }
    // Not all trivial: some instances have none, one, several; and a fair
    // share of them compared (random givens often clash, a rule may not load).
    assert!(seen.iter().all(|&s| s > 0), "{seen:?}");
    assert!(
        compared * 4 >= instances,
        "{compared} of {instances}: {seen:?}"
    );
    eprintln!("{variant}: {compared} of {instances} compared, {seen:?} with 0, 1, 2+ solutions");
    kinds.sort_unstable();
    kinds.dedup();
    (kinds, refused)
}

#[test]
fn sat_agrees_with_the_search_on_random_4x4_and_6x6_puzzles_with_rules() {
    let (_, refused) = agree("sudoku4", 4, 200, 0x5a7_0001, 0, random_rule);

    assert!(refused.is_empty(), "{refused:?}");
    let (_, refused) = agree("sudoku6", 6, 80, 0x5a7_0002, 18, random_rule);

    assert!(refused.is_empty(), "{refused:?}");
}

#[test]
fn sat_agrees_with_the_search_on_the_newest_rules() {
    let (_, refused) = agree("sudoku4", 4, 300, 0x5a7_0005, 4, random_newest_rule);
    let (_, refused6) = agree("sudoku6", 6, 150, 0x5a7_0006, 12, random_newest_rule);
    assert!(
        refused.is_empty() && refused6.is_empty(),
        "{refused:?} {refused6:?}"
    );
}

#[test]
fn sat_agrees_with_the_search_on_the_later_rules_sandwiches_and_skyscrapers_included() {
    let (kinds, refused) = agree("sudoku4", 4, 400, 0x5a7_0003, 0, random_more_rule);

    let (kinds6, refused6) = agree("sudoku6", 6, 150, 0x5a7_0004, 10, random_more_rule);

    // Every rule encodes: none refused, and both of the last two compared.
    assert!(
        refused.is_empty() && refused6.is_empty(),
        "{refused:?} {refused6:?}"
    );
    for kind in ["sandwich", "skyscraper"] {
        assert!(
            kinds.contains(&kind) && kinds6.contains(&kind),
            "{kind}: {kinds:?} {kinds6:?}"
        );
    }
}

#[test]
fn known_counts() {
    let four = ConstraintGraph::load("sudoku4").unwrap();
    let count = prove::count(&four, &Puzzle::empty(16), 1000, Budget::unlimited()).unwrap();
    assert_eq!((count.solutions, count.gave_up), (288, false));
    let source = r#"Variant(extends: "anti-king", name: "miracle", edges: [Knight], rules: [NonConsecutive])"#;
    let miracle = ConstraintGraph::build(&graphdoku::variant::parse(source, "m").unwrap()).unwrap();
    let count = prove::count(&miracle, &Puzzle::empty(81), 1000, Budget::unlimited()).unwrap();
    assert_eq!(count.solutions, 72);
}

#[test]
fn an_impossible_jigsaw_the_search_cannot_refute_is_refuted_by_sat() {
    let graph = common::variant(HOPELESS);
    let empty = Puzzle::empty(81);
    let searched = Solver::new(&graph)
        .with_budget(Budget::unlimited().nodes(20_000))
        .count_solutions(&empty, 1);
    assert!(
        searched.gave_up,
        "the search settles it now: pick a harder map"
    );
    let started = Instant::now();
    let verdict = prove::uniqueness(
        &graph,
        &empty,
        Budget::unlimited().time(Duration::from_secs(60)),
    )
    .unwrap();
    assert_eq!(verdict, Verdict::None);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_timeout_or_a_stop_interrupts_the_sat_solver() {
    // Twelve pigeons, eleven holes: hopeless for resolution, so for CDCL.
    let mut edges = Vec::new();
    for a in 0..12u32 {
        for b in a + 1..12 {
            edges.push((a, b));
        }
    }
    let plain = PlainGraph::new(12, edges).unwrap();
    let graph = ConstraintGraph::plain(&plain, "pigeons", 11).unwrap();
    let started = Instant::now();
    let count = prove::first(
        &graph,
        &Puzzle::empty(12),
        Budget::unlimited().time(Duration::from_millis(300)),
    )
    .unwrap();
    assert!(count.gave_up && count.first.is_none());
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // The incremental colouring formula of the same graph, under a deadline.
    let mut sat = prove::Colouring::new(&plain, 11, &[]);
    let started = Instant::now();
    let deadline = Budget::unlimited().until(Instant::now() + Duration::from_millis(300));
    assert_eq!(sat.colour(11, deadline), Decision::GaveUp);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

/// The deadline bounds building a formula too: a clause per edge and colour,
/// 8 million for this graph, would take seconds and 900 MB.
#[test]
fn a_deadline_stops_a_dense_formula_half_built() {
    let dense = graphdoku::colouring::random(500, 0.75, 2);
    let started = Instant::now();
    let deadline = Budget::unlimited().until(started + Duration::from_millis(100));
    assert!(prove::Colouring::within(&dense, 88, &[], deadline).is_none());
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // A stop flag already set: not one clause.
    static STOPPED: AtomicBool = AtomicBool::new(true);
    let stopped = Budget::unlimited().stopped_by(Stop::new(&STOPPED));
    assert!(prove::Colouring::within(&dense, 88, &[], stopped).is_none());
}

#[test]
fn the_commands_hand_what_the_search_leaves_to_sat_and_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let variant = dir.path().join("hopeless.ron");
    std::fs::write(&variant, HOPELESS).unwrap();
    let variant = variant.to_str().unwrap();
    let empty = ".".repeat(81);
    graphdoku()
        .args(["solve", "--stats", "-v", variant, "-"])
        .write_stdin(empty.clone())
        .timeout(Duration::from_secs(60))
        .assert()
        .code(1)
        .stdout(contains("no solution"))
        .stderr(contains("settled by sat"));
    graphdoku()
        .args(["check", "--json", "-v", variant, "-"])
        .write_stdin(empty.clone())
        .timeout(Duration::from_secs(60))
        .assert()
        .code(1)
        .stdout(contains(r#""status":"no-solution""#).and(contains(r#""settled_by":"sat""#)));
    graphdoku()
        .args(["count", "--json", "-v", variant, "-"])
        .write_stdin(empty.clone())
        .timeout(Duration::from_secs(60))
        .assert()
        .code(1)
        .stdout(contains(r#""count":0"#).and(contains(r#""settled_by":"sat""#)));
    // --max-nodes asks for the search alone: it gives up.
    graphdoku()
        .args(["count", "--max-nodes", "1000", "-v", variant, "-"])
        .write_stdin(empty)
        .timeout(Duration::from_secs(60))
        .assert()
        .code(5);
    // What the search settles never reaches SAT.
    graphdoku()
        .args(["solve", "--stats", "-f", "line", "-"])
        .write_stdin(common::EXAMPLE)
        .assert()
        .success()
        .stderr(contains("settled by search"));
}

#[test]
fn chromatic_refutes_by_sat_what_the_exact_search_leaves() {
    // The Mycielski graph M5 (χ = 6, largest clique 2): the exact search
    // proves it too, so this asks SAT through the library, bottom-up.
    let graph = graphdoku::colouring::mycielski(5);
    let (a, b) = graph.edges()[0];
    let mut sat = prove::Colouring::new(&graph, 6, &[a, b]);
    for k in 2..6 {
        assert_eq!(
            sat.colour(k, Budget::unlimited()),
            Decision::Impossible,
            "k = {k}"
        );
    }
    let Decision::Coloured(colouring) = sat.colour(6, Budget::unlimited()) else {
        panic!("M5 has a 6-colouring")
    };
    assert!(graph.check(&colouring).is_ok());
}
