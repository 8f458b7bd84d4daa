//! Grades on the Sudoku Explainer scale: ratings against `serate`'s on the
//! calibration set, every step of a rated path sound (checked by the
//! test-side replay against the solution), the uniqueness techniques only
//! where the puzzle has one solution, the ladder on variants, and generation
//! by rating. The external sets are skipped with a note when
//! `../shared/data` is absent; a failure when `CI=true`.

mod common;

use std::collections::BTreeSet;

use common::{data, graphdoku, replay, shared_data};
use graphdoku::generate::{Generator, Options, SeRange};
use graphdoku::logic::{Grade, Level, Logic, Technique};
use graphdoku::{ConstraintGraph, Puzzle, PuzzleReader, Solver, Verdict, uniqueness};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// `serate`'s ratings (tenths) of the calibration puzzles `keep` picks (by
/// line number and ER), with the puzzle line.
fn calibration(keep: impl Fn(usize, u16) -> bool) -> Option<Vec<(String, [u16; 3])>> {
    let dir = shared_data()?;
    let text = std::fs::read_to_string(dir.join("se/calibration.tsv")).unwrap();
    let tenths = |s: &str| (s.parse::<f64>().unwrap() * 10.0).round() as u16;
    Some(
        text.lines()
            .skip(1)
            .enumerate()
            .map(|(i, line)| {
                let f: Vec<&str> = line.split('\t').collect();
                (
                    i,
                    f[1].to_string(),
                    [tenths(f[2]), tenths(f[3]), tenths(f[4])],
                )
            })
            .filter(|(i, _, se)| keep(*i, se[0]))
            .map(|(_, p, se)| (p, se))
            .collect(),
    )
}

fn puzzle_of(graph: &ConstraintGraph, line: &str) -> Puzzle {
    let record = PuzzleReader::new(graph, line.as_bytes(), "-")
        .next()
        .unwrap();
    record.puzzle.unwrap()
}

/// The rated path of each puzzle line, replayed against its solution (every
/// placement the solution's, no elimination of a solution value); the grades
/// and the techniques used.
fn rate_all(graph: &ConstraintGraph, lines: &[String]) -> (Vec<Grade>, BTreeSet<Technique>) {
    let (solver, logic) = (Solver::new(graph), Logic::new(graph));
    let mut used = BTreeSet::new();
    let grades = lines
        .iter()
        .map(|line| {
            let puzzle = puzzle_of(graph, line);
            let solution = solver.solve(&puzzle).unwrap();
            let path = logic.rated_path(&puzzle, &solution).unwrap();
            let guesses = replay(graph, &puzzle, &path, &solution);
            assert_eq!(guesses, 0, "{line}: a guess");
            used.extend(path.steps.iter().map(|s| s.technique));
            Grade::of(&path)
        })
        .collect();
    (grades, used)
}

/// Rates `rows` and asserts every one gets exactly `serate`'s ER, EP and ED.
fn rates_as_serate(rows: &[(String, [u16; 3])]) -> BTreeSet<Technique> {
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let lines: Vec<String> = rows.iter().map(|(p, _)| p.clone()).collect();
    let (grades, used) = rate_all(&graph, &lines);
    let wrong: Vec<String> = grades
        .iter()
        .zip(rows)
        .filter_map(|(g, (line, theirs))| {
            let se = g.se.unwrap();
            let ours = [se.er, se.ep, se.ed];
            (ours != *theirs).then(|| format!("{line}: ours {ours:?}, serate {theirs:?}"))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
    used
}

#[test]
fn ratings_up_to_forcing_chains_match_serate_exactly() {
    // The 125 calibration puzzles that serate rates 9.2 or less, up to the
    // dynamic forcing chains (+): the same three numbers for every one.
    let Some(rows) = calibration(|_, er| er <= 92) else {
        return;
    };
    assert!(rows.len() >= 120, "{} puzzles", rows.len());
    let used = rates_as_serate(&rows);
    for technique in [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::TurbotFish,
        Technique::UniqueRectangle,
        Technique::AlsXz,
        Technique::XyChain,
        Technique::ForcingChain,
        Technique::DynamicForcingChain,
    ] {
        assert!(used.contains(&technique), "{technique:?} never used");
    }
}

#[test]
fn nested_forcing_chains_match_serate_exactly() {
    // Two of the hardest (serate 10.2 and 11.0), whose paths take nested
    // forcing chains: the nesting, its complexity and the order of the
    // producers as serate has them.
    let Some(rows) = calibration(|i, er| er > 92 && [152, 175].contains(&i)) else {
        return;
    };
    assert_eq!(rows.len(), 2);
    let used = rates_as_serate(&rows);
    assert!(used.contains(&Technique::NestedForcingChain));
}

#[test]
fn uniqueness_techniques_only_with_one_solution() {
    // serate rates this 4.5: a unique rectangle.
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let (solver, logic) = (Solver::new(&graph), Logic::new(&graph));
    let line = ".2......6....41.....78....1......7....37.....6..412....1..74..5..8.5..7......39..";
    let puzzle = puzzle_of(&graph, line);
    let solution = solver.solve(&puzzle).unwrap();
    let path = logic.rated_path(&puzzle, &solution).unwrap();
    replay(&graph, &puzzle, &path, &solution);
    assert_eq!(Grade::of(&path).se.unwrap().er, 45);
    let at = (path.steps.iter())
        .position(|s| s.technique == Technique::UniqueRectangle)
        .expect("a unique rectangle");
    assert!(
        logic
            .describe(&path.steps[at])
            .contains("the puzzle has one solution")
    );
    // Rated up to a ceiling: the same path at 4.5, none below it.
    let capped = logic.rated_path_up_to(&puzzle, &solution, 45).unwrap();
    assert_eq!(capped.map(|p| Grade::of(&p)), Some(Grade::of(&path)));
    assert!(
        logic
            .rated_path_up_to(&puzzle, &solution, 44)
            .unwrap()
            .is_none()
    );
    // A board alone does not say the puzzle has one solution: there,
    // `rate_step` takes another technique.
    let mut board = logic.start(&puzzle).unwrap();
    for step in &path.steps[..at] {
        logic.apply(&mut board, step).unwrap();
    }
    let other = logic.rate_step(&board).unwrap();
    assert!(![Technique::UniqueRectangle, Technique::Bug].contains(&other.technique));
    // Without the clue at r1c2 it has several solutions: no rectangle, and
    // every path still ends at the solution it was given.
    let open = line.replacen('2', ".", 1);
    let puzzle = puzzle_of(&graph, &open);
    let Verdict::Multiple(first, second) = uniqueness(&solver, &puzzle).0 else {
        panic!("{open}: expected several solutions");
    };
    for solution in [first, second] {
        let path = logic.rated_path(&puzzle, &solution).unwrap();
        assert!(
            path.steps
                .iter()
                .all(|s| s.technique != Technique::UniqueRectangle)
        );
        assert!(replay(&graph, &puzzle, &path, &solution) > 0);
    }
}

#[test]
fn top1465_opening_puzzles_rate_soundly() {
    let Some(dir) = shared_data() else { return };
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let text = std::fs::read_to_string(dir.join("bench/top1465.txt")).unwrap();
    let lines: Vec<String> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(12)
        .map(str::to_string)
        .collect();
    let (grades, _) = rate_all(&graph, &lines);
    assert!(grades.iter().all(|g| g.se.is_some_and(|se| se.er >= 26)));
}

#[test]
fn ladder_works_on_variants() {
    // Every technique over other shapes (knight and king edges, extra
    // windows, diagonals, irregular regions): the explained and the rated
    // paths of generated puzzles rated 4.2 to 8.5 (wings to forcing chains)
    // replay soundly.
    for variant in [
        "x-sudoku",
        "windoku",
        "jigsaw9",
        "anti-knight",
        "anti-king",
        "disjoint-groups",
    ] {
        let graph = ConstraintGraph::load(variant).unwrap();
        let (generator, logic) = (Generator::new(&graph), Logic::new(&graph));
        let range: SeRange = "4.2..8.5".parse().unwrap();
        let options = Options {
            attempts: 200,
            ..Options::default()
        };
        let made = generator
            .generate_rated(&mut ChaCha8Rng::seed_from_u64(1), &options, range)
            .unwrap();
        let path = logic.rated_path(&made.puzzle, &made.solution).unwrap();
        assert_eq!(
            replay(&graph, &made.puzzle, &path, &made.solution),
            0,
            "{variant}"
        );
        let path = logic.path(&made.puzzle, &made.solution).unwrap();
        replay(&graph, &made.puzzle, &path, &made.solution);
    }
}

#[test]
fn generated_ratings_fall_in_range() {
    let solver_check = |graph: &ConstraintGraph, range: SeRange, seed: u64| {
        let generator = Generator::new(graph);
        let made = generator
            .generate_rated(
                &mut ChaCha8Rng::seed_from_u64(seed),
                &Options::default(),
                range,
            )
            .unwrap();
        let se = made.grade.unwrap().se.unwrap();
        assert!(range.contains(se.er), "{range}: {}", se.er);
        assert_eq!(Solver::new(graph).count(&made.puzzle, 2), 1);
        // The rating is the one a fresh rating gives.
        let path = Logic::new(graph)
            .rated_path(&made.puzzle, &made.solution)
            .unwrap();
        assert_eq!(Grade::of(&path).se.unwrap(), se);
    };
    let sudoku = ConstraintGraph::load("sudoku9").unwrap();
    for (range, seed) in [("2.6..3.4", 1), ("4.0..6.0", 2), ("6.5..8.0", 3)] {
        solver_check(&sudoku, range.parse().unwrap(), seed);
    }
    solver_check(
        &ConstraintGraph::load("windoku").unwrap(),
        "3.0..5.0".parse().unwrap(),
        4,
    );
}

#[test]
fn generate_se_prints_puzzles_in_range() {
    let out = graphdoku()
        .args([
            "generate", "--se", "hard", "--seed", "5", "-n", "2", "-f", "json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 2);
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let er = value["se"]["er"].as_f64().unwrap();
        assert!((3.0..=3.5).contains(&er), "{line}");
        assert_eq!(value["level"], "hard");
    }
    graphdoku()
        .args(["generate", "--se", "7.5..6.0"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("the range is empty"));
}

#[test]
fn grade_prints_the_three_ratings() {
    graphdoku()
        .arg("grade")
        .arg(data("euler-example.txt"))
        .assert()
        .success()
        .stdout("Grid 01: easy ED=1.2/1.2/1.2 (hidden single ×49; search: 1 node, 0 backtracks)\n");
    let out = graphdoku()
        .args(["grade", "--json"])
        .arg(data("euler-example.txt"))
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["se"]["er"], 1.2);
    assert_eq!(value["se"]["ep"], 1.2);
    assert_eq!(value["se"]["ed"], 1.2);
}

#[test]
fn level_names_map_to_se_ranges() {
    let ranges: Vec<(u16, u16)> = Level::ALL.iter().filter_map(|l| l.se_range()).collect();
    assert!(
        ranges.windows(2).all(|w| w[0].1 + 1 == w[1].0),
        "{ranges:?}"
    );
    for technique in Technique::ALL {
        if let Some((low, high)) = Level::of(technique).se_range() {
            assert!((low..=high).contains(&technique.se()), "{technique:?}");
        }
    }
    for (tenths, level) in [
        (12, Level::Easy),
        (26, Level::Medium),
        (42, Level::Diabolical),
        (110, Level::Extreme),
    ] {
        assert_eq!(Level::of_rating(tenths), level);
    }
}
