//! Large external puzzle sets from `../shared/data`: every solution verified and
//! proven unique. Skipped with a note when the folder is absent; a failure when `CI=true`.

use std::path::PathBuf;

use assert_cmd::Command;
use graphdoku::{ConstraintGraph, PuzzleReader, Solver, verify};

/// `../shared/data`, or `None` (after saying so) when it is absent outside CI.
fn shared_data() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{} is missing, and CI=true: the corpus tests must run in CI",
        dir.display()
    );
    eprintln!(
        "note: {} is absent: skipping the corpus test",
        dir.display()
    );
    None
}

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
