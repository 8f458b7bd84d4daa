//! Interchange: f-puzzles import (files, links, refusals) and the versioned JSON
//! records of every command, read back through their serde structs.

mod common;

use std::path::PathBuf;

use common::{EXAMPLE, data, graphdoku};
use graphdoku::read::fpuzzles::{self, FpuzzlesError};
use graphdoku::write::json::{
    GraphRecord, InfoRecord, Kind, Outcome, PuzzleRecord, SolutionRecord, VERSION,
};
use graphdoku::{ConstraintGraph, Solver, variant};

/// A file of `tests/fpuzzles/`.
fn fpuzzle(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fpuzzles")
        .join(name)
}

/// The lines a command prints on stdout, whatever its exit status.
fn lines(args: &[&str], stdin: &str) -> Vec<String> {
    let output = graphdoku().args(args).write_stdin(stdin).output().unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// Reads a line as a puzzle record and checks it writes back the same.
fn puzzle_record(line: &str) -> PuzzleRecord {
    let record: PuzzleRecord = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    assert_eq!(record.version, VERSION);
    assert_eq!(serde_json::to_string(&record).unwrap(), line);
    record
}

#[test]
fn every_command_writes_versioned_records_that_round_trip() {
    let pie = data("pie-homework.ron").display().to_string();
    let cases: &[(&[&str], Kind, Outcome)] = &[
        (&["solve", "-f", "json", "-"], Kind::Solve, Outcome::Solved),
        (
            &["solve", "--unique", "-f", "json", "-"],
            Kind::Solve,
            Outcome::Unique,
        ),
        (&["count", "--json", "-"], Kind::Count, Outcome::Unique),
        (&["check", "--json", "-"], Kind::Check, Outcome::Unique),
        (&["grade", "--json", "-"], Kind::Grade, Outcome::Unique),
        (&["explain", "--json", "-"], Kind::Explain, Outcome::Unique),
        (&["hint", "-f", "json", "-"], Kind::Hint, Outcome::Unique),
    ];
    for (args, kind, outcome) in cases {
        let lines = lines(args, EXAMPLE);
        assert_eq!(lines.len(), 1, "{args:?}");
        let record = puzzle_record(&lines[0]);
        assert_eq!(
            (record.record, record.status),
            (*kind, *outcome),
            "{args:?}"
        );
        assert_eq!(record.label, "line 1");
        assert_eq!(record.location, "-:1");
    }
    // Several solutions, and the fields that come with them.
    let check = puzzle_record(&lines(&["check", "--json", &pie], "")[0]);
    assert_eq!(check.status, Outcome::Multiple);
    assert_eq!(check.solutions.as_ref().unwrap().len(), 2);
    assert_eq!(check.differences.as_ref().unwrap()[0].cell, "s11r2");
    let grade = puzzle_record(&lines(&["grade", "--json", &pie], "")[0]);
    assert_eq!(grade.level.as_deref(), Some("needs-search"));
    // Invalid input and no solution: the same fields, the status says which.
    let invalid = lines(&["count", "--json", "-"], &EXAMPLE[1..]);
    let invalid = puzzle_record(&invalid[0]);
    assert_eq!(invalid.status, Outcome::Invalid);
    assert!(invalid.error.unwrap().contains("expected 81 cells"));
    let clash = format!("11{}", &EXAMPLE[2..]);
    for command in ["solve", "hint"] {
        let record = puzzle_record(&lines(&[command, "-f", "json", "-"], &clash)[0]);
        assert_eq!(record.status, Outcome::Invalid, "{command}");
    }
    // Batches are JSON Lines, in input order.
    let batch = lines(
        &["solve", "-f", "json", "-"],
        &format!("{EXAMPLE}\n{EXAMPLE}\n"),
    );
    assert_eq!(batch.len(), 2);
    assert_eq!(puzzle_record(&batch[1]).label, "line 2");
}

#[test]
fn generate_count_info_and_graph_records_round_trip() {
    let made = lines(
        &[
            "generate", "-v", "sudoku4", "-s", "3", "-n", "2", "-f", "json",
        ],
        "",
    );
    assert_eq!(made.len(), 2);
    for line in &made {
        let record = puzzle_record(line);
        assert_eq!(record.status, Outcome::Generated);
        assert_eq!(record.seed, Some(3));
        // The puzzle reads back and has the solution given.
        let solved = lines(
            &["solve", "-f", "line", "-v", "sudoku4", "-"],
            &record.puzzle.unwrap(),
        );
        assert_eq!(Some(&solved[0]), record.solution.as_ref());
    }
    let all = lines(
        &["count", "--all", "--json", "-v", "sudoku4", "-"],
        "12..34..........\n",
    );
    assert_eq!(all.len(), 13);
    let first: SolutionRecord = serde_json::from_str(&all[0]).unwrap();
    assert_eq!((first.record, first.n), (Kind::Solution, 1));
    assert_eq!(serde_json::to_string(&first).unwrap(), all[0]);
    assert_eq!(puzzle_record(&all[12]).count, Some(12));
    let info = lines(&["info", "--json", "pie"], "");
    let record: InfoRecord = serde_json::from_str(&info[0]).unwrap();
    assert_eq!((record.version, record.record), (VERSION, Kind::Info));
    assert_eq!(record.houses["wedges"], 6);
    assert_eq!(serde_json::to_string(&record).unwrap(), info[0]);
    let graph = lines(&["graph", "-f", "json", "x-sudoku"], "");
    let record: GraphRecord = serde_json::from_str(&graph[0]).unwrap();
    assert!(record.houses.iter().any(|h| h.kind == "diagonal"));
    assert_eq!(serde_json::to_string(&record).unwrap(), graph[0]);
}

/// Imports `file`, builds its variant from the written RON, and returns the graph
/// and the number of solutions (up to 2) of its puzzle.
fn import(file: &str) -> (ConstraintGraph, u64) {
    let text = std::fs::read_to_string(fpuzzle(file)).unwrap();
    let imported = fpuzzles::read(&text, file).unwrap();
    let ron = graphdoku::write::ron::variant(&imported);
    let graph = ConstraintGraph::build(&variant::parse(&ron, file).unwrap()).unwrap();
    let separator = if imported.size <= 9 { "" } else { " " };
    let line = graphdoku::write::ron::rows(&imported).join(separator);
    let record = graphdoku::PuzzleReader::new(&graph, line.as_bytes(), file)
        .next()
        .unwrap();
    let count = Solver::new(&graph).count(&record.puzzle.unwrap(), 2);
    (graph, count)
}

#[test]
fn f_puzzles_files_import_with_their_rules() {
    let (x, count) = import("crossing-lines.json");
    assert_eq!(count, 1);
    assert_eq!(x.name(), "Crossing Lines");
    // Rows, columns, boxes and both diagonals: the same graph as the built-in X-Sudoku.
    assert_eq!(x.houses().len(), 29);
    let builtin = ConstraintGraph::load("x-sudoku").unwrap();
    assert_eq!(x.graph().edge_count(), builtin.graph().edge_count());
    let (jigsaw, count) = import("jigsaw.json");
    assert_eq!(count, 1);
    let jigsaw_builtin = ConstraintGraph::load("jigsaw9").unwrap();
    assert_eq!(
        jigsaw.graph().edge_count(),
        jigsaw_builtin.graph().edge_count()
    );
    let (six, count) = import("six-windows.json");
    assert_eq!(count, 1);
    // Rows, columns, boxes, six disjoint groups, one extra region; king edges.
    assert_eq!(six.houses().len(), 6 * 4 + 1);
    assert!(six.adjacent(0, 7), "r1c1 and r2c2 touch diagonally");
}

#[test]
fn refused_constraints_are_all_named() {
    let text = std::fs::read_to_string(fpuzzle("killer-thermo.json")).unwrap();
    match fpuzzles::read(&text, "k.json") {
        Err(FpuzzlesError::Refused { refused, .. }) => {
            assert_eq!(refused, ["killercage (2)", "thermometer (1)"]);
        }
        other => panic!("{other:?}"),
    }
    graphdoku()
        .arg("import")
        .arg(fpuzzle("killer-thermo.json"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "cannot be imported: killercage (2), thermometer (1)",
        ));
}

#[test]
fn import_writes_files_that_read_back_and_takes_links() {
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("lines");
    graphdoku()
        .arg("import")
        .arg(fpuzzle("crossing-lines.json"))
        .arg("-o")
        .arg(&prefix)
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "lines.variant.ron (variant: 81 cells, 29 houses)",
        ))
        .stderr(predicates::str::contains("cosmetic text (1) left out"));
    graphdoku()
        .arg("check")
        .arg(dir.path().join("lines.ron"))
        .assert()
        .success()
        .stdout("Crossing Lines: unique\n");
    // The same puzzle as an f-puzzles link.
    let json = std::fs::read_to_string(fpuzzle("crossing-lines.json")).unwrap();
    let link = format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json.as_str())
    );
    graphdoku()
        .args(["import", "--solve", &link])
        .assert()
        .success()
        .stdout(predicates::str::starts_with("Crossing Lines: solved\n"));
    graphdoku()
        .args(["import", "--solve", "N4IgzglgXgpiBcBOANCA"])
        .assert()
        .code(2);
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{\n  \"size\": 9,\n  \"grid\": [\n}").unwrap();
    graphdoku()
        .arg("import")
        .arg(&broken)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("broken.json:4:1: "));
}

#[test]
fn a_missing_import_file_is_unreadable_and_standard_input_is_read() {
    graphdoku()
        .args(["import", "--solve", "no/such/puzzle.json"])
        .assert()
        .code(6)
        .stderr(predicates::str::contains("cannot read no/such/puzzle.json"));
    let json = std::fs::read_to_string(common::data("../tests/fpuzzles/six-windows.json"))
        .expect("the sample file");
    graphdoku()
        .args(["import", "--solve", "-"])
        .write_stdin(json)
        .assert()
        .success()
        .stdout(predicates::str::contains("Six Windows: solved"));
}

#[test]
fn a_picture_too_big_to_rasterise_is_an_error_not_an_abort() {
    let out = tempfile::Builder::new().suffix(".png").tempfile().unwrap();
    graphdoku()
        .args(["render", "--variant", "sudoku4", "--scale", "1000", "-o"])
        .arg(out.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot be rasterised"));
}
