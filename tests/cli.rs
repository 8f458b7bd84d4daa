//! The `graphdoku` binary end to end: output, exit codes and error messages.

mod common;

use std::path::PathBuf;

use common::{EXAMPLE, data, graphdoku};
use predicates::prelude::*;
use predicates::str::contains;

/// A temporary file holding `text`, named `name`.
fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn euler_example_gives_483_with_lf_and_crlf() {
    graphdoku()
        .args(["euler"])
        .arg(data("euler-example.txt"))
        .assert()
        .success()
        .stdout("483\n");
    let dir = tempfile::tempdir().unwrap();
    let crlf = std::fs::read_to_string(data("euler-example.txt"))
        .unwrap()
        .replace('\n', "\r\n");
    let path = file(&dir, "crlf.txt", crlf.trim_end());
    graphdoku()
        .arg("euler")
        .arg(path)
        .assert()
        .success()
        .stdout("483\n");
}

#[test]
fn solve_draws_the_grid() {
    graphdoku()
        .args(["solve", "-"])
        .write_stdin(EXAMPLE)
        .assert()
        .success()
        .stdout(contains("line 1 (-:1): solved\n4 8 3 | 9 2 1 | 6 5 7\n"))
        .stdout(contains("------+-------+------"));
}

#[test]
fn solve_the_pie_homework_as_a_table() {
    graphdoku()
        .arg("solve")
        .arg(data("pie-homework.ron"))
        .assert()
        .success()
        .stdout(contains("pie homework"))
        .stdout(contains("ring  1  2  3  4  5  6\ns1:   5 "))
        .stdout(contains("\ns12: "));
}

#[test]
fn count_says_unique_or_at_least() {
    graphdoku()
        .args(["count", "--variant", "sudoku4"])
        .arg(data("sudoku4-minimal.txt"))
        .assert()
        .success()
        .stdout("line 5: unique\n");
    graphdoku()
        .args(["count", "--limit", "2"])
        .arg(data("pie-homework.ron"))
        .assert()
        .success()
        .stdout("pie homework: at least 2\n");
    graphdoku()
        .args(["count", "--limit", "1000", "-v", "sudoku4", "-"])
        .write_stdin(".".repeat(16))
        .assert()
        .success()
        .stdout("line 1: 288 solutions\n");
}

#[test]
fn line_and_json_formats() {
    graphdoku()
        .args(["solve", "-f", "line", "-"])
        .write_stdin(EXAMPLE)
        .assert()
        .success()
        .stdout(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n",
        );
    let output = graphdoku()
        .args(["solve", "-f", "json", "-"])
        .write_stdin(format!("{EXAMPLE}\n{}\n", &EXAMPLE[1..]))
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> = String::from_utf8(output)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[1]["status"], "invalid");
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("expected 81 cells")
    );
}

#[test]
fn bad_lines_are_reported_and_the_rest_still_run() {
    let input = format!("{}\n{}x\n{EXAMPLE}\n", &EXAMPLE[1..], &EXAMPLE[1..]);
    graphdoku()
        .args(["solve", "-f", "line", "-"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout("invalid\ninvalid\n483921657967345821251876493548132976729564138136798245372689514814253769695417382\n")
        .stderr(contains("error: -:1:81: expected 81 cells (one puzzle per line) or 9 (one grid row), found 80"))
        .stderr(contains("error: -:2:81: unknown symbol \"x\": expected a symbol (123456789) or '.' or '0' for an empty cell"));
}

#[test]
fn conflicting_givens_name_both_cells() {
    let input = format!("55{}", &EXAMPLE[2..]);
    graphdoku()
        .args(["solve", "-"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stderr(contains(
            "error: -:1: givens clash: r1c1 and r1c2 are both 5 (row 1)",
        ));
}

#[test]
fn unsolvable_puzzle_exits_1() {
    let input = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    graphdoku()
        .args(["solve", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(contains("line 1 (-:1): no solution"));
}

#[test]
fn malformed_variant_points_at_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "bad.ron",
        "Variant(\n    name: \"bad\",\n    symbols: Chars(\"1234\"),\n    cells: Grid(rows: 4 cols: 4),\n)\n",
    );
    graphdoku()
        .args(["solve", "--variant"])
        .arg(&path)
        .arg("-")
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(
            contains("bad.ron:4:")
                .and(contains("cells: Grid(rows: 4 cols: 4)"))
                .and(contains("^")),
        );
}

#[test]
fn malformed_ron_puzzle_points_at_the_token() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "p.ron",
        "Puzzle(\n    variant: \"sudoku4\",\n    givens: Rows([\"12.4\" \"....\"]),\n)\n",
    );
    graphdoku()
        .arg("solve")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("p.ron:3:").and(contains("givens: Rows")));
    let path = file(
        &dir,
        "q.ron",
        "Puzzle(variant: \"sudoku4\", givens: Cells({\"r1c1\": \"1\", \"r9c9\": \"2\"}))",
    );
    graphdoku()
        .arg("solve")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("q.ron:1:").and(contains("unknown cell name \"r9c9\"")));
}

#[test]
fn unknown_variant_and_missing_file() {
    graphdoku()
        .args(["solve", "--variant", "sudoku7", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(contains("unknown variant \"sudoku7\"").and(contains("sudoku16")));
    graphdoku()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(6)
        .stdout("no/such/file.txt: unreadable\n")
        .stderr(contains("error: no/such/file.txt: cannot read: "));
}

#[test]
fn every_data_file_solves() {
    for (variant, file) in [
        ("sudoku9", "euler-example.txt"),
        ("sudoku4", "sudoku4-minimal.txt"),
        ("sudoku16", "sudoku16-45pct.txt"),
        ("sudoku25", "sudoku25-55pct.txt"),
        ("sudoku9", "pie-homework.ron"),
    ] {
        graphdoku()
            .args(["solve", "--variant", variant])
            .arg(data(file))
            .assert()
            .success()
            .stdout(contains("solved"));
    }
}

#[test]
fn validate_accepts_the_catalogue_and_puzzles_and_refuses_a_bad_file() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut command = graphdoku();
    command.current_dir(&root).arg("validate");
    for entry in std::fs::read_dir(root.join("variants")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            command.arg(path.strip_prefix(&root).unwrap());
        }
    }
    command
        .args(["samurai", "data/samurai.ron", "data/pie-homework.ron"])
        .assert()
        .success()
        .stdout(contains(
            "variants/samurai.ron: valid variant \"Samurai Sudoku\": 369 cells",
        ))
        .stdout(contains("samurai: valid variant"))
        .stdout(contains("data/samurai.ron: valid puzzle \"samurai 94\""))
        .stderr("");
    graphdoku()
        .current_dir(&root)
        .args([
            "validate",
            "-v",
            "samurai",
            "data/samurai.txt",
            "tests/broken/unknown-cell.ron",
        ])
        .assert()
        .code(2)
        .stdout(contains(
            "data/samurai.txt: 1 of 1 puzzle of \"Samurai Sudoku\" valid",
        ))
        .stderr(contains(
            "unknown-cell.ron:8:64: house corners: unknown cell name \"r5c1\"",
        ));
}

#[test]
fn info_counts_and_json() {
    graphdoku()
        .args(["info", "anti-knight"])
        .assert()
        .success()
        .stdout(contains("cells:    81\nedges:    962\n"))
        .stdout(contains("houses:   27 (9 boxes, 9 columns, 9 rows)"))
        .stdout(contains("degree:   min 20, max 28, mean 23.75"));
    let output = graphdoku()
        .arg("info")
        .arg(data("pie-homework.ron"))
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let info: serde_json::Value = serde_json::from_slice(&output).unwrap();
    assert_eq!(info["cells"], 72);
    assert_eq!(info["houses"]["rings"], 6);
    assert_eq!(info["houses"]["wedges"], 6);
    assert_eq!(info["all_houses_full"], true);
    assert_eq!(info["degree_min"], 21);
    assert_eq!(info["symbols"].as_array().unwrap().len(), 12);
    graphdoku()
        .args(["info", "no-such-variant"])
        .assert()
        .code(2)
        .stderr(contains("unknown variant"));
}

#[test]
fn samurai_reads_as_a_block_with_gaps_and_solves() {
    graphdoku()
        .args(["solve", "-v", "samurai"])
        .arg(data("samurai.txt"))
        .assert()
        .success()
        .stdout(contains("solved"));
    graphdoku()
        .args(["count", "-v", "samurai"])
        .arg(data("samurai.txt"))
        .arg(data("samurai.ron"))
        .assert()
        .success()
        .stdout("line 4: unique\nsamurai 94: unique\n");
}

#[test]
fn help_lists_the_commands() {
    graphdoku().arg("--help").assert().success().stdout(
        contains("solve")
            .and(contains("count"))
            .and(contains("euler"))
            .and(contains("validate"))
            .and(contains("info"))
            .and(contains("Exit status")),
    );
}

/// A count of one in a message is singular: "the rows hold 1 cell".
#[test]
fn a_count_of_one_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    let one = file(
        &dir,
        "one.ron",
        "Puzzle(variant: \"sudoku4\", givens: Rows([\"1\"]))\n",
    );
    graphdoku()
        .arg("solve")
        .arg(&one)
        .assert()
        .code(2)
        .stderr(contains("the rows hold 1 cell, the variant 16"));
}

/// A line of unspaced cells under symbols of more than one character reads as
/// one token: the error says how such cells are written.
#[test]
fn unspaced_cells_of_wide_symbols_get_a_hint() {
    graphdoku()
        .args(["solve", "-v", "sudoku16", "-"])
        .write_stdin(".".repeat(256))
        .assert()
        .code(0);
    let dir = tempfile::tempdir().unwrap();
    let variant = dir.path().join("s144.ron");
    std::fs::write(&variant, "Sudoku(box_size: 12)").unwrap();
    graphdoku()
        .args(["solve", "-v"])
        .arg(&variant)
        .arg("-")
        .write_stdin(".".repeat(144 * 144))
        .assert()
        .code(2)
        .stderr(
            contains("expected 20736 cells (one puzzle per line) or 144 (one grid row), found 1")
                .and(contains(
                    "cells are written with blanks between them: `. . 1 . 144`",
                )),
        );
}

/// `generate` prints a drawn grid where a line would not read (shapes with
/// gaps), and the grid reads back.
#[test]
fn generate_draws_shapes_with_gaps() {
    let out = graphdoku()
        .args(["generate", "-v", "samurai", "-s", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Grid 01\n"), "{text}");
    assert_eq!(text.lines().count(), 1 + 21 + 6, "{text}"); // header, rows, rules
    graphdoku()
        .args(["check", "-v", "samurai", "-"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(contains("unique"));
    // A whole rectangle stays one line per puzzle.
    graphdoku()
        .args(["generate", "-s", "3"])
        .assert()
        .code(0)
        .stdout(predicate::str::is_match("^[1-9.]{81}\n$").unwrap());
}

/// A generation that cannot finish in its time gives up with a message that
/// says how to get more (exit 5), instead of running on.
#[test]
fn generate_gives_up_at_its_timeout() {
    let started = std::time::Instant::now();
    graphdoku()
        .args(["generate", "-v", "sudoku25", "-s", "1", "--timeout", "0.3"])
        .assert()
        .code(5)
        .stdout("")
        .stderr(contains("gave up after 0.3 s").and(contains("--timeout")));
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// A variant file past the documented size is refused without being read
/// whole: a clear error, exit 2.
#[test]
fn oversized_variant_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.ron");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(graphdoku::variant::MAX_VARIANT_BYTES + 1)
        .unwrap();
    graphdoku()
        .args(["solve", "-v"])
        .arg(&big)
        .arg(data("euler-example.txt"))
        .assert()
        .code(2)
        .stderr(contains("larger than 8 MiB: not a variant file"));
}

/// Every command that prints JSON takes `--json` as the same as `-f json`
/// (and every command whose help offers `-f … json` offers `--json`).
#[test]
fn json_is_one_switch_on_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = file(&dir, "four.txt", "1..4.4...3..2..1\n");
    let puzzles = puzzles.to_str().unwrap();
    let petersen = data("graphs/petersen.col");
    let petersen = petersen.to_str().unwrap();
    let four = ["-v", "sudoku4", puzzles];
    let commands: Vec<Vec<&str>> = vec![
        [&["solve"][..], &four].concat(),
        [&["count"][..], &four].concat(),
        [&["candidates"][..], &four].concat(),
        [&["check"][..], &four].concat(),
        [&["grade"][..], &four].concat(),
        [&["explain"][..], &four].concat(),
        [&["hint"][..], &four].concat(),
        [&["canon"][..], &four].concat(),
        vec!["info", "sudoku4"],
        vec!["graph", "sudoku4"],
        vec!["generate", "-v", "sudoku4", "--seed", "1"],
        vec!["colour", petersen],
        vec!["chromatic", petersen],
        vec!["export", "-v", "sudoku4"],
    ];
    for args in &commands {
        let run = |extra: &[&str]| graphdoku().args(args).args(extra).output().unwrap();
        let (format, switch) = (run(&["-f", "json"]), run(&["--json"]));
        assert_eq!(format.status.code(), switch.status.code(), "{args:?}");
        let text = String::from_utf8(switch.stdout.clone()).unwrap();
        assert!(text.starts_with('{'), "{args:?}: {text}");
        // Timings differ from run to run: everything else is the same.
        let without_time = |out: &[u8]| {
            let text = String::from_utf8(out.to_vec()).unwrap();
            text.lines()
                .map(|l| match serde_json::from_str::<serde_json::Value>(l) {
                    Ok(mut v) => {
                        if let Some(o) = v.as_object_mut() {
                            o.retain(|k, _| !k.contains("second") && k != "elapsed");
                        }
                        v.to_string()
                    }
                    Err(_) => l.to_string(),
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            without_time(&format.stdout),
            without_time(&switch.stdout),
            "{args:?}"
        );
    }
    // The help of each command that offers JSON says `--json` too.
    let help = graphdoku().arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let names: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| *w != "help")
        .collect();
    assert!(names.len() > 20, "{names:?}");
    for name in names {
        let text = graphdoku().args([name, "--help"]).output().unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        if text.contains("-f, --format") && text.contains("json") {
            assert!(
                text.contains("--json"),
                "{name} offers -f json but not --json"
            );
        }
    }
}

/// `info` and `graph` take the variant with `-v/--variant`, as every other
/// command does, as well as on their own.
#[test]
fn info_and_graph_take_the_variant_as_the_rest_do() {
    for command in [["info", "-f", "json"], ["graph", "-f", "json"]] {
        let alone = graphdoku().args(command).arg("x-sudoku").output().unwrap();
        let option = graphdoku()
            .args(command)
            .args(["-v", "x-sudoku"])
            .output()
            .unwrap();
        let long = graphdoku()
            .args(command)
            .args(["--variant", "x-sudoku"])
            .output()
            .unwrap();
        assert!(alone.status.success(), "{alone:?}");
        assert_eq!(alone.stdout, option.stdout);
        assert_eq!(alone.stdout, long.stdout);
    }
    graphdoku()
        .args(["info"])
        .assert()
        .code(2)
        .stderr(contains("VARIANT"));
}

/// `euler` on a file of another kind says so once (exit 2), not once a line.
#[test]
fn euler_on_another_file_says_so_once() {
    let out = graphdoku()
        .arg("euler")
        .arg(data("sudoku6.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("is not a Project Euler 96 file"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

/// `render -o` says what it wrote.
#[test]
fn render_says_what_it_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("killer.svg");
    graphdoku()
        .arg("render")
        .arg(data("killer.ron"))
        .arg("-o")
        .arg(&path)
        .assert()
        .success()
        .stdout(contains(format!("wrote {} (SVG, ", path.display())));
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("<svg"));
}

/// Results stream: the first puzzle's result is out while the run goes on,
/// not when a chunk of hundreds is done (`grade` of hard puzzles printed
/// nothing for 15 to 20 s, its output held in pieces and buffers). Here each
/// puzzle takes a quarter of a second: an estimate's time.
#[test]
fn the_first_results_show_while_the_run_goes_on() {
    use std::io::BufRead;
    use std::time::Instant;
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "empty.txt",
        &format!("{}\n", ".".repeat(81)).repeat(24),
    );
    let started = Instant::now();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("graphdoku"))
        .args(["count", "--estimate", "--timeout", "0.25"])
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let first_after = started.elapsed();
    assert_eq!(lines.count(), 23);
    assert!(child.wait().unwrap().success());
    let all_after = started.elapsed();
    assert!(first.starts_with("line 1: "), "{first}");
    assert!(
        first_after * 3 < all_after,
        "the first result came after {first_after:?} of {all_after:?}"
    );
}

/// "No solution" says why: a small set of the givens and rules that has
/// none together (shrunk until each is needed), on the CLI as text and JSON.
#[test]
fn no_solution_names_the_givens_and_rules_that_conflict() {
    let dir = tempfile::tempdir().unwrap();
    // A thermometer up from r1c1 to r1c2 and a greater-than sign the other
    // way; a cage and a given that have nothing to do with it.
    let puzzle = file(
        &dir,
        "broken.ron",
        r#"Puzzle(
            variant: "sudoku4",
            givens: Rows(["..1.", "....", "....", "...."]),
            rules: [
                Thermometer(["r1c1", "r1c2"]),
                Killer(cells: ["r3c1", "r3c2"], total: 5),
                GreaterThan("r1c1", "r1c2"),
            ],
        )"#,
    );
    let why =
        "why: these have no solution together: thermometer r1c1 r1c2, greater-than sign r1c1 r1c2";
    graphdoku()
        .arg("solve")
        .arg(&puzzle)
        .assert()
        .code(1)
        .stdout(contains(format!("no solution\n{why}\n")));
    graphdoku()
        .arg("check")
        .arg(&puzzle)
        .assert()
        .code(1)
        .stdout(contains(format!("none\n{why}\n")));
    let out = graphdoku()
        .args(["solve", "--json"])
        .arg(&puzzle)
        .output()
        .unwrap();
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["status"], "no-solution");
    assert_eq!(
        record["core"],
        serde_json::json!({
            "members": ["thermometer r1c1 r1c2", "greater-than sign r1c1 r1c2"],
            "minimal": true
        })
    );
    // Givens that break a rule are named with it.
    let cage = file(
        &dir,
        "cage.ron",
        r#"Puzzle(variant: "sudoku4", givens: Rows(["4...", "....", "..2.", "...."]),
            rules: [Killer(cells: ["r1c1", "r1c2"], total: 3)])"#,
    );
    graphdoku()
        .arg("solve")
        .arg(&cage)
        .assert()
        .code(1)
        .stdout(contains(
            "why: these have no solution together: r1c1=4, killer cage r1c1 r1c2\n",
        ));
}
