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
    let text = std::fs::read_to_string(fpuzzle("refused.json")).unwrap();
    match fpuzzles::read(&text, "r.json") {
        Err(FpuzzlesError::Refused { refused, .. }) => {
            assert_eq!(refused, ["clock (1)", "sumdot(intersection) (1)"])
        }
        other => panic!("{other:?}"),
    }
    // A kind of negative constraint no rule expresses is named too.
    let negative = r#"{"size": 4, "grid": [], "negative": ["ratio", "sum"], "clock": [{"lines": [["R1C1", "R1C2"]]}]}"#;
    match fpuzzles::read(negative, "n.json") {
        Err(FpuzzlesError::Refused { refused, .. }) => {
            assert_eq!(refused, ["clock (1)", "negative \"sum\""]);
        }
        other => panic!("{other:?}"),
    }
    graphdoku()
        .arg("import")
        .arg(fpuzzle("refused.json"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "cannot be imported: clock (1), sumdot(intersection) (1)",
        ));
}

/// The rows of every 4×4 Sudoku, values from 1, row by row.
fn every_sudoku4() -> Vec<Vec<i64>> {
    let graph = ConstraintGraph::load("sudoku4").unwrap();
    let empty = graphdoku::Puzzle::empty(16);
    let all: Vec<Vec<i64>> = Solver::new(&graph)
        .search(&empty)
        .map(|s| {
            (s.to_puzzle().givens().iter())
                .map(|c| i64::from(c.unwrap()) + 1)
                .collect()
        })
        .collect();
    assert_eq!(all.len(), 288);
    all
}

/// A 4×4 Sudoku the global cases mark up.
const REFERENCE: [[i64; 4]; 4] = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]];

/// The orthogonal neighbours of a 4×4 grid, each pair once, 0-based (row, column).
fn neighbours4() -> Vec<((usize, usize), (usize, usize))> {
    let mut pairs = Vec::new();
    for r in 0..4 {
        for c in 0..4 {
            if c + 1 < 4 {
                pairs.push(((r, c), (r, c + 1)));
            }
            if r + 1 < 4 {
                pairs.push(((r, c), (r + 1, c)));
            }
        }
    }
    pairs
}

#[test]
fn every_mapped_field_counts_as_brute_force_says() {
    type Holds = fn(&dyn Fn(usize, usize) -> i64) -> bool;
    // Each field on an empty 4×4, and the rule it means, written from the
    // f-puzzles definition (sharing nothing with the import or the solver).
    let cases: &[(&str, &str, Holds)] = &[
        (
            "killercage",
            r#"[{"cells": ["R1C2", "R2C3"], "value": "4"}]"#,
            |v| v(1, 2) != v(2, 3) && v(1, 2) + v(2, 3) == 4,
        ),
        (
            "killercage",
            r#"[{"cells": ["R1C1", "R2C3", "R3C2"], "value": ""}]"#,
            |v| v(1, 1) != v(2, 3) && v(2, 3) != v(3, 2) && v(1, 1) != v(3, 2),
        ),
        (
            "thermometer",
            r#"[{"lines": [["R2C1", "R1C2", "R1C3"]]}]"#,
            |v| v(2, 1) < v(1, 2) && v(1, 2) < v(1, 3),
        ),
        (
            "arrow",
            r#"[{"cells": ["R1C1"], "lines": [["R1C1", "R2C2", "R3C2"]]}]"#,
            |v| v(1, 1) == v(2, 2) + v(3, 2),
        ),
        (
            "difference",
            r#"[{"cells": ["R1C1", "R1C2"], "value": ""}]"#,
            |v| (v(1, 1) - v(1, 2)).abs() == 1,
        ),
        (
            "difference",
            r#"[{"cells": ["R3C1", "R3C2"], "value": "3"}]"#,
            |v| (v(3, 1) - v(3, 2)).abs() == 3,
        ),
        ("ratio", r#"[{"cells": ["R2C1", "R2C2"]}]"#, |v| {
            v(2, 1) == 2 * v(2, 2) || v(2, 2) == 2 * v(2, 1)
        }),
        (
            "xv",
            r#"[{"cells": ["R1C1", "R2C1"], "value": "V"}]"#,
            |v| v(1, 1) + v(2, 1) == 5,
        ),
        (
            "whispers",
            r#"[{"lines": [["R1C1", "R1C2", "R2C2"]], "value": "2"}]"#,
            |v| (v(1, 1) - v(1, 2)).abs() >= 2 && (v(1, 2) - v(2, 2)).abs() >= 2,
        ),
        (
            "renban",
            r#"[{"lines": [["R1C1", "R2C2", "R3C3"]]}]"#,
            |v| {
                let mut d = [v(1, 1), v(2, 2), v(3, 3)];
                d.sort_unstable();
                d[1] == d[0] + 1 && d[2] == d[1] + 1
            },
        ),
        ("odd", r#"[{"cell": "R1C1"}, {"cell": "R2C3"}]"#, |v| {
            v(1, 1) % 2 == 1 && v(2, 3) % 2 == 1
        }),
        ("even", r#"[{"cell": "R4C4"}]"#, |v| v(4, 4) % 2 == 0),
        (
            "littlekillersum",
            r#"[{"cell": "R0C1", "cells": ["R1C2", "R2C3", "R3C4"], "direction": "DR", "value": "7"}]"#,
            |v| v(1, 2) + v(2, 3) + v(3, 4) == 7,
        ),
        (
            "littlekillersum",
            r#"[{"cell": "R5C2", "direction": "UR", "value": "5"}]"#,
            |v| v(4, 3) + v(3, 4) == 5,
        ),
        (
            "regionsumline",
            r#"[{"lines": [["R1C2", "R1C3", "R2C3"]]}]"#,
            |v| v(1, 2) == v(1, 3) + v(2, 3),
        ),
        (
            "palindrome",
            r#"[{"lines": [["R1C1", "R2C2", "R3C3"]]}]"#,
            |v| v(1, 1) == v(3, 3),
        ),
        (
            "clone",
            r#"[{"cells": ["R1C1", "R1C2"], "cloneCells": ["R4C3", "R4C4"]}]"#,
            |v| v(1, 1) == v(4, 3) && v(1, 2) == v(4, 4),
        ),
        ("minimum", r#"[{"cell": "R2C2"}]"#, |v| {
            [v(1, 2), v(3, 2), v(2, 1), v(2, 3)]
                .iter()
                .all(|&n| v(2, 2) < n)
        }),
        ("maximum", r#"[{"cell": "R4C4"}]"#, |v| {
            v(4, 4) > v(3, 4) && v(4, 4) > v(4, 3)
        }),
        ("sandwichsum", r#"[{"cell": "R0C1", "value": "3"}]"#, |v| {
            let line = [v(1, 1), v(2, 1), v(3, 1), v(4, 1)];
            let at = |x: i64| line.iter().position(|&d| d == x).unwrap();
            let (a, b) = (at(1).min(at(4)), at(1).max(at(4)));
            line[a + 1..b].iter().sum::<i64>() == 3
        }),
        ("xsum", r#"[{"cell": "R1C0", "value": "6"}]"#, |v| {
            let line = [v(1, 1), v(1, 2), v(1, 3), v(1, 4)];
            line[..line[0] as usize].iter().sum::<i64>() == 6
        }),
        ("skyscraper", r#"[{"cell": "R5C2", "value": "3"}]"#, |v| {
            let line = [v(4, 2), v(3, 2), v(2, 2), v(1, 2)];
            let mut tallest = 0;
            let seen = line.iter().filter(|&&d| {
                let seen = d > tallest;
                tallest = tallest.max(d);
                seen
            });
            seen.count() == 3
        }),
        (
            "betweenline",
            r#"[{"lines": [["R1C1", "R2C2", "R3C3"]]}]"#,
            |v| v(1, 1).min(v(3, 3)) < v(2, 2) && v(2, 2) < v(1, 1).max(v(3, 3)),
        ),
        (
            "quadruple",
            r#"[{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [1, 1]}]"#,
            |v| {
                [v(2, 2), v(2, 3), v(3, 2), v(3, 3)]
                    .iter()
                    .filter(|&&d| d == 1)
                    .count()
                    == 2
            },
        ),
    ];
    let all = every_sudoku4();
    let dir = tempfile::tempdir().unwrap();
    for (n, (field, value, holds)) in cases.iter().enumerate() {
        let json = format!(
            r#"{{"size": 4, "grid": [[{{}}, {{}}, {{}}, {{}}], [{{}}, {{}}, {{}}, {{}}], [{{}}, {{}}, {{}}, {{}}], [{{}}, {{}}, {{}}, {{}}]], "{field}": {value}}}"#
        );
        let expected = all
            .iter()
            .filter(|s| holds(&|r, c| s[(r - 1) * 4 + c - 1]))
            .count() as u64;
        assert!(0 < expected && expected < 288, "{field}: {expected}");
        let counted = count_imported(&json, &dir.path().join(format!("case{n}")), field);
        assert_eq!(counted, expected, "{field}: {value}");
    }
    // The negative constraints and non-consecutive are global.
    // Marks on every pair of `REFERENCE` that has the property, so that at
    // least that grid keeps to the negative constraint.
    let marks = |key: &str, has: fn(i64, i64) -> Option<&'static str>| {
        let entries: Vec<String> = neighbours4()
            .into_iter()
            .filter_map(|((r1, c1), (r2, c2))| {
                let value = has(REFERENCE[r1][c1], REFERENCE[r2][c2])?;
                Some(format!(
                    r#"{{"cells": ["R{}C{}", "R{}C{}"], "value": "{value}"}}"#,
                    r1 + 1,
                    c1 + 1,
                    r2 + 1,
                    c2 + 1
                ))
            })
            .collect();
        format!(r#""{key}": [{}]"#, entries.join(", "))
    };
    let consecutive = |a: i64, b: i64| ((a - b).abs() == 1).then_some("");
    let double = |a: i64, b: i64| (a == 2 * b || b == 2 * a).then_some("");
    let five = |a: i64, b: i64| (a + b == 5).then_some("V");
    let globals: Vec<(String, Holds)> = vec![
        (
            format!(
                r#""negative": ["difference"], {}"#,
                marks("difference", consecutive)
            ),
            |v| {
                neighbours4().iter().all(|&((r1, c1), (r2, c2))| {
                    let dot = (REFERENCE[r1][c1] - REFERENCE[r2][c2]).abs() == 1;
                    ((v(r1 + 1, c1 + 1) - v(r2 + 1, c2 + 1)).abs() == 1) == dot
                })
            },
        ),
        (
            format!(r#""negative": ["ratio"], {}"#, marks("ratio", double)),
            |v| {
                neighbours4().iter().all(|&((r1, c1), (r2, c2))| {
                    let (x, y) = (REFERENCE[r1][c1], REFERENCE[r2][c2]);
                    let dot = x == 2 * y || y == 2 * x;
                    let (a, b) = (v(r1 + 1, c1 + 1), v(r2 + 1, c2 + 1));
                    (a == 2 * b || b == 2 * a) == dot
                })
            },
        ),
        (
            format!(r#""negative": ["xv"], {}"#, marks("xv", five)),
            |v| {
                neighbours4().iter().all(|&((r1, c1), (r2, c2))| {
                    let mark = REFERENCE[r1][c1] + REFERENCE[r2][c2] == 5;
                    let sum = v(r1 + 1, c1 + 1) + v(r2 + 1, c2 + 1);
                    (sum == 5) == mark && sum != 10
                })
            },
        ),
    ];
    for (n, (fields, holds)) in globals.iter().enumerate() {
        let json = format!(
            r#"{{"size": 4, "grid": [[{{}}, {{}}, {{}}, {{}}], [{{}}, {{}}, {{}}, {{}}], [{{}}, {{}}, {{}}, {{}}], [{{}}, {{}}, {{}}, {{}}]], {fields}}}"#
        );
        let expected = all
            .iter()
            .filter(|s| holds(&|r, c| s[(r - 1) * 4 + c - 1]))
            .count() as u64;
        assert!(0 < expected && expected < 288, "{fields}: {expected}");
        let counted = count_imported(&json, &dir.path().join(format!("global{n}")), fields);
        assert_eq!(counted, expected, "{fields}");
    }
}

/// Writes `json` to `prefix.json`, imports it with the CLI into
/// `prefix.variant.ron` and `prefix.ron`, and counts the solutions of the
/// puzzle read back from those files.
fn count_imported(json: &str, prefix: &std::path::Path, what: &str) -> u64 {
    let file = prefix.with_extension("json");
    std::fs::write(&file, json).unwrap();
    graphdoku()
        .arg("import")
        .arg(&file)
        .arg("-o")
        .arg(prefix)
        .assert()
        .success();
    let puzzle_path = format!("{}.ron", prefix.display());
    let text = std::fs::read_to_string(&puzzle_path).unwrap();
    let read = graphdoku::read::read_ron_puzzles(&text, &puzzle_path)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let (index, record) = &read.records[0];
    let graph = &read.graphs[index.expect("a graph")];
    assert!(!graph.rules().is_empty(), "{what}: no rule read back");
    let puzzle = record
        .puzzle
        .as_ref()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    Solver::new(graph).count(puzzle, u64::MAX)
}

#[test]
fn non_consecutive_anti_king_anti_knight_has_72_solutions() {
    let empty = vec![vec![serde_json::json!({}); 9]; 9];
    let json = serde_json::json!({"size": 9, "grid": empty, "nonconsecutive": true,
        "antiking": true, "antiknight": true});
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("miracle");
    let count = count_imported(&json.to_string(), &prefix, "nonconsecutive");
    assert_eq!(count, 72);
}

#[test]
fn killer_and_thermo_imports_solve_as_the_ron_puzzles_do() {
    for name in ["killer", "thermo"] {
        let (graph, count) = import(&format!("{name}.json"));
        assert_eq!(count, 1, "{name}");
        let text = std::fs::read_to_string(data(&format!("{name}.ron"))).unwrap();
        let read = graphdoku::read::read_ron_puzzles(&text, name).unwrap();
        let (index, record) = &read.records[0];
        let ours = &read.graphs[index.expect("a graph")];
        assert_eq!(graph.rules().len(), ours.rules().len(), "{name}");
        let expected = Solver::new(ours)
            .solve(record.puzzle.as_ref().unwrap())
            .unwrap();
        let json = std::fs::read_to_string(fpuzzle(&format!("{name}.json"))).unwrap();
        let imported = fpuzzles::read(&json, name).unwrap();
        let line = graphdoku::write::ron::rows(&imported).join("");
        let puzzle = graphdoku::PuzzleReader::new(&graph, line.as_bytes(), name)
            .next()
            .unwrap()
            .puzzle
            .unwrap();
        let solution = Solver::new(&graph).solve(&puzzle).unwrap();
        assert_eq!(solution.to_puzzle(), expected.to_puzzle(), "{name}");
        // Without its rules the same givens are far from unique.
        let plain = ConstraintGraph::load("sudoku9").unwrap();
        assert_eq!(Solver::new(&plain).count(&puzzle, 2), 2, "{name}");
    }
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("killer");
    graphdoku()
        .args(["import", "-o"])
        .arg(&prefix)
        .arg(fpuzzle("killer.json"))
        .assert()
        .success();
    graphdoku()
        .arg("check")
        .arg(format!("{}.ron", prefix.display()))
        .assert()
        .success()
        .stdout(predicates::str::contains("killer 1: unique"));
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
