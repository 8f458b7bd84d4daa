//! The designer commands end to end: check, count --all, generate, grade,
//! explain and hint: output, exit codes, and round trips between them.

mod common;

use assert_cmd::Command;
use common::{EXAMPLE, data, graphdoku};
use predicates::prelude::*;
use predicates::str::contains;

fn stdout(command: &mut Command) -> String {
    String::from_utf8(command.output().unwrap().stdout).unwrap()
}

#[test]
fn check_says_unique_none_or_multiple_with_distinct_exit_codes() {
    graphdoku()
        .args(["check", "-"])
        .write_stdin(EXAMPLE)
        .assert()
        .code(0)
        .stdout("line 1: unique\n");
    let unsolvable = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    graphdoku()
        .args(["check", "-"])
        .write_stdin(unsolvable)
        .assert()
        .code(1)
        // Row 1 needs a 9 in its last three cells, which r2c9's 9 sees: the
        // two givens between them are not part of why.
        .stdout(concat!(
            "line 1: none\n",
            "why: these have no solution together: ",
            "r1c1=1, r1c2=2, r1c3=3, r1c4=4, r1c5=5, r1c6=6, r2c9=9\n"
        ));
    graphdoku()
        .arg("check")
        .arg(data("pie-homework.ron"))
        .assert()
        .code(4)
        .stdout(
            contains("pie homework: multiple\nsolution 1:\nring  1  2  3  4  5  6\n")
                .and(contains("solution 2:"))
                .and(contains(
                    "they differ in 2 cells: s11r2 (2 or 3), s12r2 (3 or 2)",
                )),
        );
    // A batch: one record per puzzle, in order; the worst outcome sets the code.
    let batch = format!("{EXAMPLE}\n{}\n{}x\n", ".".repeat(81), &EXAMPLE[1..]);
    graphdoku()
        .args(["check", "-"])
        .write_stdin(batch)
        .assert()
        .code(2)
        .stdout(contains("line 1: unique\nline 2: multiple\n").and(contains("line 3: invalid\n")));
}

#[test]
fn check_json_lists_the_differences() {
    let out = stdout(
        graphdoku()
            .args(["check", "--json"])
            .arg(data("pie-homework.ron")),
    );
    let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(value["status"], "multiple");
    assert_eq!(value["solutions"].as_array().unwrap().len(), 2);
    assert_eq!(value["differences"][0]["cell"], "s11r2");
    assert_eq!(value["differences"].as_array().unwrap().len(), 2);
}

#[test]
fn count_all_numbers_every_solution() {
    let out = stdout(
        graphdoku()
            .args(["count", "--all", "-v", "sudoku4", "-"])
            .write_stdin(".".repeat(16)),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 289);
    assert_eq!(lines[288], "line 1: 288 solutions");
    let solutions: std::collections::BTreeSet<&str> = lines[..288]
        .iter()
        .enumerate()
        .map(|(i, line)| line.strip_prefix(&format!("{}: ", i + 1)).unwrap())
        .collect();
    assert_eq!(solutions.len(), 288);
    // Each printed solution is a complete grid that `check` accepts as unique.
    let first = solutions.iter().next().unwrap().to_string();
    graphdoku()
        .args(["check", "-v", "sudoku4", "-"])
        .write_stdin(first)
        .assert()
        .success();
    // --limit bounds the stream.
    let out = stdout(
        graphdoku()
            .args(["count", "--all", "--limit", "3"])
            .arg(data("pie-homework.ron")),
    );
    assert_eq!(out.lines().count(), 4);
    assert!(out.ends_with("pie homework: at least 3\n"), "{out}");
}

#[test]
fn count_all_streams_the_whole_pie_homework() {
    // 4,534,272 solutions, each verified and printed: read as a stream.
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("graphdoku"))
        .args(["count", "--all"])
        .arg(data("pie-homework.ron"))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (mut lines, mut last) = (0u64, String::new());
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        last = line.unwrap();
        lines += 1;
    }
    assert!(child.wait().unwrap().success());
    assert_eq!(last, "pie homework: 4534272 solutions");
    assert_eq!(lines, 4_534_272 + 1);
}

#[test]
fn generated_puzzles_are_unique_for_check_and_reproducible() {
    let run = |args: &[&str]| stdout(graphdoku().arg("generate").args(args));
    let nine = run(&["--seed", "42", "--count", "5"]);
    assert_eq!(nine.lines().count(), 5);
    assert_eq!(run(&["--seed", "42", "--count", "5"]), nine);
    assert_eq!(
        run(&["--seed", "42", "--count", "2"]),
        nine.lines()
            .take(2)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    assert_ne!(run(&["--seed", "43", "--count", "5"]), nine);
    graphdoku()
        .args(["check", "-"])
        .write_stdin(nine)
        .assert()
        .success()
        .stdout(contains("unique").count(5));
    for (variant, format) in [
        ("pie", "line"),
        ("pie", "grid"),
        ("sudoku16", "grid"),
        ("sudoku4", "line"),
    ] {
        let out = run(&["-v", variant, "--seed", "1", "-n", "2", "-f", format]);
        graphdoku()
            .args(["check", "-v", variant, "-"])
            .write_stdin(out)
            .assert()
            .success()
            .stdout(
                "line 1: unique\nline 2: unique\n"
                    .replace(
                        "line 1",
                        if format == "grid" {
                            "Grid 01"
                        } else {
                            "line 1"
                        },
                    )
                    .replace(
                        "line 2",
                        if format == "grid" {
                            "Grid 02"
                        } else {
                            "line 2"
                        },
                    ),
            );
    }
    // A RON puzzle file names its variant and reads back on its own.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pie.ron");
    std::fs::write(&path, run(&["-v", "pie", "--seed", "9", "-f", "ron"])).unwrap();
    graphdoku()
        .arg("check")
        .arg(&path)
        .assert()
        .success()
        .stdout(contains(": unique"));
}

#[test]
fn generate_options_and_their_errors() {
    let out = stdout(graphdoku().args([
        "generate",
        "--seed",
        "3",
        "--clues",
        "30",
        "--symmetry",
        "rot180",
    ]));
    assert_eq!(
        out.trim().chars().filter(|c| c.is_ascii_digit()).count(),
        30
    );
    let cells: Vec<char> = out.trim().chars().collect();
    assert!(
        (0..81).all(|i| (cells[i] == '.') == (cells[80 - i] == '.')),
        "{out}"
    );
    let out = stdout(graphdoku().args(["generate", "--seed", "3", "--difficulty", "medium"]));
    graphdoku()
        .args(["grade", "-"])
        .write_stdin(out)
        .assert()
        .success()
        .stdout(contains("line 1: medium"));
    graphdoku()
        .args(["generate", "-v", "pie", "--symmetry", "diagonal"])
        .assert()
        .code(2)
        .stderr(contains(
            "symmetry diagonal has no meaning for a polar shape",
        ));
    graphdoku()
        .args([
            "generate",
            "--clues",
            "16",
            "--attempts",
            "2",
            "--seed",
            "1",
        ])
        .assert()
        .code(5)
        .stderr(contains("no puzzle with 16 clues in 2 attempts"));
    graphdoku()
        .args(["generate", "--difficulty", "impossible"])
        .assert()
        .code(2)
        .stderr(contains("needs-search"));
    // Without --seed the seed is chosen and told, so the run can be repeated.
    graphdoku()
        .arg("generate")
        .assert()
        .success()
        .stderr(contains("seed "));
}

#[test]
fn grade_levels_and_json() {
    graphdoku()
        .arg("grade")
        .arg(data("euler-example.txt"))
        .assert()
        .success()
        .stdout("Grid 01: easy ED=1.2/1.2/1.2 (hidden single ×49; search: 1 node, 0 backtracks)\n");
    let out = stdout(
        graphdoku()
            .args(["grade", "--json"])
            .arg(data("pie-homework.ron")),
    );
    let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(value["status"], "multiple");
    assert_eq!(value["level"], "needs-search");
    assert!(value["guesses"].as_u64().unwrap() >= 1);
    graphdoku()
        .arg("grade")
        .arg(data("pie-homework.ron"))
        .assert()
        .code(4)
        .stdout(contains("needs-search, not unique"));
}

#[test]
fn explain_and_hint_use_the_variant_names() {
    graphdoku()
        .arg("hint")
        .arg(data("euler-example.txt"))
        .assert()
        .success()
        // The first step of the path `grade` rates: Sudoku Explainer takes a
        // box's hidden single (1.2) before a naked single (2.3).
        .stdout("Grid 01: r2c2 = 6: hidden single, the only place for 6 in box 1\n");
    graphdoku()
        .arg("explain")
        .arg(data("pie-homework.ron"))
        .assert()
        .code(4)
        .stdout(
            contains("s8r5 = 4: hidden single, the only place for 4 in ring 5")
                .and(contains("guess: logic runs out here"))
                .and(contains("wedge")),
        );
    let out = stdout(
        graphdoku()
            .args(["explain", "--json"])
            .arg(data("euler-example.txt")),
    );
    let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let steps = value["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 49);
    assert_eq!(steps[0]["placed"]["cell"], "r2c2");
    assert_eq!(steps[0]["technique"], "hidden-single");
    graphdoku()
        .args(["hint", "-"])
        .write_stdin(format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)))
        .assert()
        .code(1)
        .stdout("line 1: no solution\n");
}
