//! Regression tests for issue 10 (robustness and honest answers): one test per
//! finding, each asserting the exact behaviour that was wrong.

mod common;

use std::path::PathBuf;

use common::{EXAMPLE, data, graphdoku};
use predicates::prelude::*;
use predicates::str::contains;

/// A temporary file holding `bytes`, named `name`.
fn file(dir: &tempfile::TempDir, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// A huge canvas with parts is refused by its size before it is allocated: a
/// clear error and exit 2, never an abort (it was SIGABRT, 96 GB asked for).
#[test]
fn a_huge_canvas_with_parts_is_refused_before_allocation() {
    let dir = tempfile::tempdir().unwrap();
    let variant = file(
        &dir,
        "huge.ron",
        r#"Variant(name: "huge", symbols: Chars("1234"),
            cells: Grid(rows: 100000, cols: 1000000),
            parts: [Part(variant: "sudoku4", offset: (0, 0))])"#,
    );
    let expected = "a grid of 100000×1000000 has more than 1048576 cells";
    graphdoku()
        .arg("validate")
        .arg(&variant)
        .assert()
        .code(2)
        .stderr(contains(expected));
    graphdoku()
        .arg("info")
        .arg(&variant)
        .assert()
        .code(2)
        .stderr(contains(expected));
    graphdoku()
        .arg("solve")
        .arg("-v")
        .arg(&variant)
        .arg("-")
        .write_stdin("1...\n")
        .assert()
        .code(2)
        .stderr(contains(expected));
}

/// Sizes written as extreme integers are errors, not overflows.
#[test]
fn extreme_numbers_in_a_variant_are_errors() {
    for (source, message) in [
        (
            r#"Variant(name: "r", symbols: Range(-9223372036854775808, 9223372036854775807), cells: Grid(rows: 2, cols: 2))"#,
            "has 18446744073709551616 symbols: at most 128 are supported",
        ),
        (
            r#"Variant(name: "m", symbols: Chars("12"), cells: Grid(rows: 2, cols: 2), edges: [Moves([(1, -9223372036854775808)])])"#,
            "",
        ),
    ] {
        let result = graphdoku::variant::parse(source, "t")
            .and_then(|v| graphdoku::ConstraintGraph::build(&v).map(|_| ()));
        match result {
            Err(e) => assert!(e.to_string().contains(message), "{e}"),
            Ok(()) => assert!(message.is_empty(), "{source} was accepted"),
        }
    }
}

/// `solve --unique` on a puzzle of several solutions exits 4 and marks the
/// record in every format; plain `solve` keeps exit 0 (it looks for one).
#[test]
fn solve_unique_reports_several_solutions() {
    let pie = data("pie-homework.ron");
    graphdoku()
        .args(["solve", "--unique"])
        .arg(&pie)
        .assert()
        .code(4)
        .stdout(contains("pie homework (").and(contains("): solved, several solutions\n")));
    graphdoku()
        .args(["solve", "--unique", "-f", "line"])
        .arg(&pie)
        .assert()
        .code(4)
        .stdout("several solutions\n");
    let output = graphdoku()
        .args(["solve", "--unique", "-f", "json"])
        .arg(&pie)
        .assert()
        .code(4)
        .get_output()
        .stdout
        .clone();
    let record: serde_json::Value = serde_json::from_slice(&output).unwrap();
    assert_eq!(record["status"], "solved, several solutions");
    assert_eq!(record["unique"], false);
    // A unique puzzle: exit 0, its line, and "unique": true.
    graphdoku()
        .args(["solve", "--unique", "-f", "line", "-"])
        .write_stdin(EXAMPLE)
        .assert()
        .success()
        .stdout(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n",
        );
    let output = graphdoku()
        .args(["solve", "--unique", "-f", "json", "-"])
        .write_stdin(EXAMPLE)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let record: serde_json::Value = serde_json::from_slice(&output).unwrap();
    assert_eq!(record["unique"], true);
    // Without --unique nothing is claimed either way.
    graphdoku()
        .args(["solve", "-f", "line"])
        .arg(&pie)
        .assert()
        .success()
        .stdout(predicate::str::is_match("^[0-9 ]+\n$").unwrap());
}

/// A `0`-for-blank puzzle written in a 0-F alphabet is no longer misread: for
/// `sudoku16` and `Sudoku(box_size: 4)` alike `0` is a symbol; for a 12-symbol
/// alphabet without `0` it is an error naming the rule.
#[test]
fn zero_is_a_blank_only_in_small_alphabets() {
    let dir = tempfile::tempdir().unwrap();
    let short = file(&dir, "s16.ron", "Sudoku(box_size: 4)");
    let line = format!("0{}", ".".repeat(255));
    for variant in ["sudoku16".into(), short.display().to_string()] {
        let output = graphdoku()
            .args(["solve", "-f", "line", "-v", &variant, "-"])
            .write_stdin(line.clone())
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        assert!(
            output.starts_with(b"0"),
            "{variant}: 0 was not kept as a given"
        );
    }
    graphdoku()
        .args(["solve", "-v", "sudoku12", "-"])
        .write_stdin(format!("0{}", ".".repeat(143)))
        .assert()
        .code(2)
        .stderr(contains(
            "error: -:1:1: unknown symbol \"0\": expected a symbol (123456789ABC) or '.' ('0' is a blank only with at most nine symbols) for an empty cell",
        ));
}
