//! Large external puzzle sets from `../shared/data`: every solution verified and
//! proven unique, and explained step by step. Skipped with a note when the folder is absent; a failure when `CI=true`.

mod common;

use std::path::PathBuf;

use assert_cmd::Command;
use common::shared_data;
use graphdoku::logic::{Grade, Level, Logic, Technique};
use graphdoku::{ConstraintGraph, PuzzleReader, Solver, verify};

/// Solves, verifies and proves unique the first `limit` puzzles of `file`;
/// returns the solutions' top-left three digits summed.
fn check_unique(file: &PathBuf, limit: usize) -> (usize, u64) {
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let solver = Solver::new(&graph);
    let text = std::fs::read_to_string(file).unwrap();
    let (mut n, mut corners) = (0, 0);
    for record in
        PuzzleReader::new(&graph, text.as_bytes(), &file.display().to_string()).take(limit)
    {
        let puzzle = record.puzzle.unwrap_or_else(|e| panic!("{e}"));
        let mut solutions = solver.search(&puzzle);
        let first = solutions
            .next()
            .unwrap_or_else(|| panic!("{}: no solution", record.label));
        verify(&graph, &puzzle, &first).unwrap_or_else(|v| panic!("{}: {v}", record.label));
        assert_eq!(
            solutions.next(),
            None,
            "{}: a second solution",
            record.label
        );
        corners += first.colours()[..3]
            .iter()
            .fold(0, |acc, &c| acc * 10 + c as u64 + 1);
        n += 1;
    }
    (n, corners)
}

#[test]
fn euler_96_all_fifty_grids() {
    let Some(dir) = shared_data() else { return };
    let (grids, sum) = check_unique(&dir.join("euler96/p096_sudoku.txt"), usize::MAX);
    assert_eq!((grids, sum), (50, 24702));
}

#[test]
fn euler_96_through_the_binary_with_lf_and_crlf() {
    let Some(dir) = shared_data() else { return };
    let path = dir.join("euler96/p096_sudoku.txt");
    Command::cargo_bin("graphdoku")
        .unwrap()
        .arg("euler")
        .arg(&path)
        .assert()
        .success()
        .stdout("24702\n");
    let crlf = std::fs::read_to_string(&path)
        .unwrap()
        .replace('\n', "\r\n");
    Command::cargo_bin("graphdoku")
        .unwrap()
        .args(["euler", "-"])
        .write_stdin(crlf)
        .assert()
        .success()
        .stdout("24702\n");
}

#[test]
fn first_2000_seventeen_clue_puzzles_are_unique() {
    let Some(dir) = shared_data() else { return };
    let (n, _) = check_unique(&dir.join("bench/17-clue.txt"), 2000);
    assert_eq!(n, 2000);
}

#[test]
fn top1465_puzzles_are_unique() {
    let Some(dir) = shared_data() else { return };
    let (n, _) = check_unique(&dir.join("bench/top1465.txt"), usize::MAX);
    assert_eq!(n, 1465);
}

/// The logic engine's path for every puzzle of `file`: each step checked by the
/// test-side replay. Returns the grades.
fn grades(file: &PathBuf) -> Vec<Grade> {
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let (solver, logic) = (Solver::new(&graph), Logic::new(&graph));
    let text = std::fs::read_to_string(file).unwrap();
    PuzzleReader::new(&graph, text.as_bytes(), "corpus")
        .map(|record| {
            let puzzle = record.puzzle.unwrap();
            let solution = solver.solve(&puzzle).unwrap();
            let path = logic.path(&puzzle, &solution).unwrap();
            let guesses = common::replay(&graph, &puzzle, &path, &solution);
            let grade = Grade::of(&path);
            assert_eq!(grade.guesses, guesses, "{}", record.label);
            grade
        })
        .collect()
}

#[test]
fn euler_96_explanations_replay_to_the_solution() {
    let Some(dir) = shared_data() else { return };
    let grades = grades(&dir.join("euler96/p096_sudoku.txt"));
    assert_eq!(grades.len(), 50);
    // Project Euler's grids are mostly easy; none needs more than one guess.
    let easy = grades.iter().filter(|g| g.level == Level::Easy).count();
    assert!(easy >= 40, "{easy} easy");
    assert!(grades.iter().all(|g| g.guesses <= 1));
}

#[test]
fn top1465_grades_at_the_hardest_levels() {
    let Some(dir) = shared_data() else { return };
    let grades = grades(&dir.join("bench/top1465.txt"));
    let count = |level| grades.iter().filter(|g| g.level == level).count();
    let counts: Vec<(Level, usize)> = Level::ALL.iter().map(|&l| (l, count(l))).collect();
    // Measured: none easy, 60 medium, 216 hard, 127 fiendish (turbot fish
    // among them), 126 diabolical, 213 extreme (chains and cycles), 723
    // needs-search (forcing chains are `grade`'s only).
    assert_eq!(count(Level::Easy), 0, "{counts:?}");
    assert!(
        count(Level::NeedsSearch) * 5 >= grades.len() * 2,
        "{counts:?}"
    );
    assert!(count(Level::Medium) * 20 <= grades.len(), "{counts:?}");
    // Every technique is exercised (and so checked by the replay) somewhere;
    // rule steps (alone and with houses) need rules on values
    // (`tests/rules_logic.rs`).
    // (the ladder above triples is `tests/grades.rs`'s).
    let with_rules = [
        Technique::Rule,
        Technique::RulePointing,
        Technique::InniesOuties,
        Technique::RuleHouse,
    ];
    for technique in Technique::ALL.into_iter().filter(|&t| {
        !with_rules.contains(&t) && (t <= Technique::HiddenTriple || t == Technique::Guess)
    }) {
        assert!(
            grades
                .iter()
                .any(|g| g.uses.iter().any(|&(t, _)| t == technique)),
            "{technique:?} never used"
        );
    }
}
