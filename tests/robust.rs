//! Regression tests for issue 10 (robustness and honest answers): one test per
//! finding, each asserting the exact behaviour that was wrong.

mod common;

use std::path::PathBuf;

use common::graphdoku;
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
