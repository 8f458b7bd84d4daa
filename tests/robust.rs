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
            "has 18446744073709551616 symbols: at most 255 are supported",
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
    assert_eq!(record["status"], "multiple");
    assert_eq!(record["version"], 1);
    // A unique puzzle: exit 0, its line, and "status": "unique".
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
    assert_eq!(record["status"], "unique");
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

/// An empty file or empty standard input is "no puzzles found", exit 2, for
/// every command that reads puzzles (solve and count gave exit 0 and nothing).
#[test]
fn empty_input_is_no_puzzles_found_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let empty = file(&dir, "empty.txt", "");
    let comments = file(&dir, "comments.txt", "# nothing here\n\n");
    for command in [
        "solve", "count", "check", "grade", "explain", "hint", "validate",
    ] {
        for path in [&empty, &comments] {
            graphdoku()
                .arg(command)
                .arg(path)
                .assert()
                .code(2)
                .stdout("")
                .stderr(format!("error: {}: no puzzles found\n", path.display()));
        }
        graphdoku()
            .args([command, "-"])
            .write_stdin("")
            .assert()
            .code(2)
            .stderr("error: -: no puzzles found\n");
    }
    // One empty file among good ones: the others still run, the status is 2.
    graphdoku()
        .args(["solve", "-f", "line", "-", &empty.display().to_string()])
        .write_stdin(EXAMPLE)
        .assert()
        .code(2)
        .stdout(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n",
        );
}

/// `generate -n 2 -f ron` writes documents that solve, validate and info read back.
#[test]
fn generated_ron_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let output = graphdoku()
        .args(["generate", "-s", "1", "-n", "2", "-f", "ron"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let path = file(&dir, "two.ron", &output);
    let lines = graphdoku()
        .args(["generate", "-s", "1", "-n", "2"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let expected: String = String::from_utf8(lines)
        .unwrap()
        .lines()
        .map(|l| l.replace('.', "0"))
        .collect::<Vec<_>>()
        .join("\n");
    let solved = graphdoku()
        .args(["solve", "-f", "line"])
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let solved = String::from_utf8(solved).unwrap();
    assert_eq!(solved.lines().count(), 2);
    // Each solution keeps the givens of its puzzle, in order.
    for (solution, puzzle) in solved.lines().zip(expected.lines()) {
        for (s, p) in solution.chars().zip(puzzle.chars()) {
            assert!(p == '0' || p == s, "{solution} does not extend {puzzle}");
        }
    }
    graphdoku()
        .arg("validate")
        .arg(&path)
        .assert()
        .success()
        .stdout(
            contains("valid puzzle \"Sudoku 9×9 1 (seed 1)\" of \"Sudoku 9×9\"")
                .and(contains("valid puzzle \"Sudoku 9×9 2 (seed 1)\"")),
        );
    graphdoku()
        .arg("info")
        .arg(&path)
        .assert()
        .success()
        .stdout(contains("cells:    81\n"));
    // Unnamed documents are labelled by the line they start on.
    let unnamed = file(
        &dir,
        "unnamed.ron",
        "Puzzle(variant: \"sudoku4\", givens: Rows([\"1...\", \"....\", \"....\", \"....\"]))\n\n// the second\nPuzzle(variant: \"sudoku4\", givens: Rows([\"..2.\", \"....\", \"....\", \"....\"]))\n",
    );
    graphdoku()
        .args(["count"])
        .arg(&unnamed)
        .assert()
        .code(0)
        .stdout(format!(
            "{0}:1: at least 2\n{0}:4: at least 2\n",
            unnamed.display()
        ));
}

/// check, grade, explain, hint, count and info take `-f json` as solve does;
/// `--json` still works and says the same; the two together are refused.
#[test]
fn report_commands_take_format_json() {
    for command in ["check", "grade", "explain", "hint", "count"] {
        let run = |flags: &[&str]| {
            let output = graphdoku()
                .arg(command)
                .args(flags)
                .arg("-")
                .write_stdin(EXAMPLE)
                .assert()
                .success()
                .get_output()
                .stdout
                .clone();
            String::from_utf8(output).unwrap()
        };
        let long = run(&["--json"]);
        assert_eq!(run(&["-f", "json"]), long, "{command}");
        assert_eq!(run(&["--format", "json"]), long, "{command}");
        let value: serde_json::Value = serde_json::from_str(long.lines().next().unwrap()).unwrap();
        assert_eq!(value["label"], "line 1", "{command}");
        assert_eq!(run(&["-f", "text"]), run(&[]), "{command}");
        graphdoku()
            .args([command, "--json", "-f", "text", "-"])
            .write_stdin(EXAMPLE)
            .assert()
            .code(2)
            .stderr(contains("cannot be used with"));
    }
    let info = graphdoku()
        .args(["info", "-f", "json", "pie"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let info: serde_json::Value = serde_json::from_slice(&info).unwrap();
    assert_eq!(info["cells"], 72);
}

/// `validate -` and `info -` read standard input (they said "no such file").
#[test]
fn validate_and_info_read_standard_input() {
    let pie =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("variants/pie.ron"))
            .unwrap();
    graphdoku()
        .args(["validate", "-"])
        .write_stdin(pie.clone())
        .assert()
        .success()
        .stdout("-: valid variant \"Sudoku pie\": 72 cells, 756 edges, 12 houses\n");
    graphdoku()
        .args(["info", "-"])
        .write_stdin(pie)
        .assert()
        .success()
        .stdout(contains(
            "Sudoku pie (-)\nshape:    polar, 12 sectors × 6 rings\n",
        ));
    graphdoku()
        .args(["validate", "-"])
        .write_stdin(EXAMPLE)
        .assert()
        .success()
        .stdout("-: 1 of 1 puzzle of \"Sudoku 9×9\" valid\n");
    graphdoku()
        .args(["info", "-"])
        .write_stdin("Puzzle(variant: \"sudoku4\", givens: Cells({}))")
        .assert()
        .success()
        .stdout(contains("Sudoku 4×4 (builtin:sudoku4)\n"));
}

/// `-v` given with a RON puzzle file that names its own variant is warned about.
#[test]
fn variant_flag_with_a_ron_puzzle_is_warned_about() {
    let pie = data("pie-homework.ron");
    let warning = format!(
        "warning: {} names its own variant: --variant sudoku4 is not used for it\n",
        pie.display()
    );
    for command in ["solve", "count", "validate"] {
        graphdoku()
            .args([command, "-v", "sudoku4"])
            .arg(&pie)
            .assert()
            .success()
            .stderr(warning.clone());
        graphdoku()
            .arg(command)
            .arg(&pie)
            .assert()
            .success()
            .stderr("");
    }
}

/// `generate` that gives up exits 5, not 1 (which means "no solution").
#[test]
fn generate_giving_up_exits_5() {
    graphdoku()
        .args(["generate", "-s", "1", "--clues", "17", "--attempts", "1"])
        .assert()
        .code(5)
        .stdout("")
        .stderr("error: puzzle 1: no puzzle with 17 clues in 1 attempt\n");
    graphdoku()
        .arg("--help")
        .assert()
        .success()
        .stdout(contains("5 gave up: the search budget ran out"));
}

/// Counts of one are singular: "1 given", "1 house", "1 puzzle", "1 node".
#[test]
fn counts_of_one_are_singular() {
    let dir = tempfile::tempdir().unwrap();
    let one = file(
        &dir,
        "one.ron",
        r#"Variant(name: "one", symbols: Chars("12"), cells: Grid(rows: 1, cols: 2), houses: [Rows])"#,
    );
    graphdoku()
        .arg("validate")
        .arg(&one)
        .assert()
        .success()
        .stdout(format!(
            "{}: valid variant \"one\": 2 cells, 1 edge, 1 house\n",
            one.display()
        ));
    graphdoku()
        .arg("info")
        .arg(&one)
        .assert()
        .success()
        .stdout(contains("houses:   1 (1 row)\n").and(contains("allowed:  0 cells restricted")));
    let puzzle = file(
        &dir,
        "p.ron",
        "Puzzle(variant: \"sudoku4\", givens: Cells({\"r1c1\": \"1\"}))",
    );
    graphdoku()
        .arg("validate")
        .arg(&puzzle)
        .assert()
        .success()
        .stdout(format!(
            "{0}: valid puzzle \"{0}\" of \"Sudoku 4×4\", 1 given\n",
            puzzle.display()
        ));
    graphdoku()
        .args(["grade", "-"])
        .write_stdin(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        )
        .assert()
        .success()
        .stdout("line 1: easy (already solved; search: 1 node, 0 backtracks)\n");
}

/// A UTF-8 byte-order mark (Notepad) is dropped before the format is detected:
/// text puzzles, RON puzzles and variant files read as without it.
#[test]
fn a_byte_order_mark_is_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let text = file(&dir, "bom.txt", format!("\u{feff}{EXAMPLE}\n"));
    graphdoku()
        .args(["solve", "-f", "line"])
        .arg(&text)
        .assert()
        .success()
        .stdout(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n",
        );
    let ron = file(
        &dir,
        "bom.ron",
        "\u{feff}// a comment first\nPuzzle(variant: \"sudoku4\", givens: Cells({\"r1c1\": \"1\"}))",
    );
    graphdoku()
        .arg("count")
        .arg(&ron)
        .assert()
        .success()
        .stdout(format!("{}: at least 2\n", ron.display()));
    let variant = file(&dir, "v.ron", "\u{feff}Sudoku(box_size: 2)\n");
    graphdoku()
        .arg("validate")
        .arg(&variant)
        .assert()
        .success()
        .stdout(contains("valid variant \"Sudoku 4×4\""));
}

/// A cell given twice in `Cells({...})` is an error naming it, with its place
/// (serde kept the last value silently).
#[test]
fn a_cell_given_twice_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "twice.ron",
        "Puzzle(\n    variant: \"sudoku4\",\n    givens: Cells({\"r1c1\": \"1\", \"r2c2\": \"2\", \"r1c1\": \"3\"}),\n)\n",
    );
    graphdoku()
        .arg("validate")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains(format!("error: {}:3:", path.display())))
        .stderr(contains("\"r1c1\" is given twice"));
}

/// A line longer than any puzzle of the variant is refused without being read
/// whole, and the lines after it still run.
#[test]
fn an_overlong_line_is_refused_and_the_rest_run() {
    let long = "1".repeat(1 << 20);
    graphdoku()
        .args(["solve", "-f", "line", "-"])
        .write_stdin(format!("{long}\n{EXAMPLE}\n"))
        .assert()
        .code(2)
        .stdout("invalid\n483921657967345821251876493548132976729564138136798245372689514814253769695417382\n")
        .stderr(contains(
            "error: -:1: a line of 1048577 bytes, longer than any puzzle of \"Sudoku 9×9\" (65536 bytes at most): not read",
        ));
}

/// Bytes that are not UTF-8 are reported with their line and column, and the
/// other lines still run (reading stopped there, with no line).
#[test]
fn non_utf8_input_has_a_place() {
    let mut input = format!("{EXAMPLE}\n").into_bytes();
    input.extend_from_slice(b"00302\xff600\n");
    input.extend_from_slice(format!("{EXAMPLE}\n").as_bytes());
    graphdoku()
        .args(["solve", "-f", "line", "-"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(contains("\ninvalid\n"))
        .stderr(contains(
            "error: -:2:6: not UTF-8 text: byte 0xFF here starts no character (save the file as UTF-8)",
        ));
    let dir = tempfile::tempdir().unwrap();
    let ron = file(
        &dir,
        "latin1.ron",
        b"Puzzle(\n    name: \"caf\xe9\",\n    variant: \"sudoku4\",\n    givens: Cells({}),\n)\n",
    );
    graphdoku()
        .arg("validate")
        .arg(&ron)
        .assert()
        .code(2)
        .stderr(contains(format!(
            "error: {}:2:15: not UTF-8 text: byte 0xE9",
            ron.display()
        )));
}

/// `-j` far above the cores is capped, with a warning, instead of spawning
/// that many threads.
#[test]
fn jobs_are_capped() {
    graphdoku()
        .args(["solve", "-f", "line", "-j", "100000", "-"])
        .write_stdin(EXAMPLE)
        .assert()
        .success()
        .stderr(
            predicate::str::is_match(
                "^warning: -j 100000 is more threads than useful here: using [0-9]+\n$",
            )
            .unwrap(),
        );
}

/// A text file of another shape read as the default variant gets a hint naming
/// the variant it reads as (the pie gave twelve errors and no hint).
#[test]
fn a_pie_text_file_without_variant_gets_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let pie = data("pie-minimal.txt");
    let expected = format!(
        "hint: {} is read as sudoku9, the default; its first puzzle reads as pie: pass --variant pie\n",
        pie.display()
    );
    graphdoku()
        .arg("solve")
        .arg(&pie)
        .assert()
        .code(2)
        .stderr(contains(expected.clone()));
    graphdoku()
        .args(["solve", "-v", "pie"])
        .arg(&pie)
        .assert()
        .success()
        .stderr(contains("hint:").not());
    graphdoku()
        .arg("validate")
        .arg(&pie)
        .assert()
        .code(2)
        .stderr(contains(expected.clone()));
    // Nothing fits: the hint still says where to look.
    let odd = file(&dir, "odd.txt", "1 2 3 4 5 6 7\n");
    graphdoku()
        .arg("solve")
        .arg(&odd)
        .assert()
        .code(2)
        .stderr(contains(
            "pass --variant (a built-in name or a variant file) for another shape",
        ));
    // A clash is not a question of shape: no hint.
    graphdoku()
        .args(["solve", "-"])
        .write_stdin(format!("55{}", &EXAMPLE[2..]))
        .assert()
        .code(2)
        .stderr(contains("hint:").not());
}

/// A missing variant named by a RON puzzle: the puzzle file, its line and
/// column, and the path tried.
#[test]
fn a_missing_variant_names_the_puzzle_and_the_path_tried() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "p.ron",
        "Puzzle(\n    variant: \"../nowhere/v.ron\",\n    givens: Cells({}),\n)\n",
    );
    let tried = dir.path().join("../nowhere/v.ron");
    for command in ["validate", "solve"] {
        graphdoku()
            .arg(command)
            .arg(&path)
            .assert()
            .code(2)
            .stderr(contains(format!(
                "error: {}:2:14: variant \"../nowhere/v.ron\": no such file (looked for {}) and not a built-in (sudoku4, ",
                path.display(),
                tried.display()
            )))
            .stderr(contains("    variant: \"../nowhere/v.ron\",\n  |              ^"));
    }
}

/// "The rows hold N cells" points at the `Rows` of the puzzle file.
#[test]
fn the_rows_hold_n_cells_has_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(
        &dir,
        "p.ron",
        "Puzzle(\n    variant: \"sudoku4\",\n    givens: Rows([\"1 . . .\", \". . . .\", \". .\"]),\n)\n",
    );
    graphdoku()
        .arg("validate")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains(format!(
            "error: {}:3:13: the rows hold 10 cells, the variant 16",
            path.display()
        )));
}

/// A RON file cut short says it ends early; serde's type names stay out of
/// messages.
#[test]
fn truncated_ron_and_no_serde_names() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = file(
        &dir,
        "cut.ron",
        "Puzzle(\n    variant: \"sudoku4\",\n    givens",
    );
    graphdoku()
        .arg("validate")
        .arg(&puzzle)
        .assert()
        .code(2)
        .stderr(contains("the file ends before the puzzle is complete ("));
    let variant = file(
        &dir,
        "cut-variant.ron",
        "Variant(\n    name: \"x\",\n    symbols: Chars(\"12\"),\n    cells: Grid(rows: 2,",
    );
    graphdoku()
        .arg("validate")
        .arg(&variant)
        .assert()
        .code(2)
        .stderr(contains("the file ends before the variant is complete ("));
    let misnamed = file(&dir, "square.ron", "Square(size: 4)\n");
    graphdoku()
        .arg("validate")
        .arg(&misnamed)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/broken/misspelt-rule.ron"))
        .assert()
        .code(2)
        .stderr(contains("VariantFile").not())
        .stderr(contains("HouseSpec").not())
        .stderr(contains("Unexpected variant named `Colums` in `houses`"));
}

/// Issue 40: a variant file with 15,000 copies of a global rule (it took the
/// solver 8 GB to build) is as cheap as one copy, compiled and checked once:
/// answered in well under its timeout; and a PNG of a free layout whose
/// edges cross its picture is refused before resvg starts (a minute at
/// --scale 0.2), exit 2, naming the limit.
#[test]
fn rules_written_many_times_and_pictures_too_costly_stay_cheap() {
    let dir = tempfile::tempdir().unwrap();
    let rules = vec!["NonConsecutive"; 15_000].join(", ");
    let ruled = format!(
        "Variant(name: \"r\", symbols: Range(1, 64), cells: Grid(rows: 64, cols: 64), \
         houses: [Rows, Columns, Boxes(rows: 8, cols: 8)], rules: [{rules}])"
    );
    let variant = file(&dir, "ruled.ron", ruled);
    let started = std::time::Instant::now();
    graphdoku()
        .args(["check", "--timeout", "5", "-v"])
        .arg(&variant)
        .write_stdin(vec!["."; 4096].join(" "))
        .assert()
        .code(4)
        .stdout(contains("multiple"));
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // 200 unplaced cells, every pair an edge: drawn on a circle, each edge across it.
    let cells: Vec<String> = (0..200).map(|i| format!("(name: \"c{i}\")")).collect();
    let names: Vec<String> = (0..200).map(|i| format!("\"c{i}\"")).collect();
    let free = format!(
        "Variant(name: \"f\", symbols: Range(1, 200), cells: List([{}]), \
         houses: [House(name: \"all\", cells: [{}])])",
        cells.join(", "),
        names.join(", ")
    );
    let free = file(&dir, "free.ron", free);
    graphdoku()
        .args(["render", "-v"])
        .arg(&free)
        .arg("-o")
        .arg(dir.path().join("free.png"))
        .write_stdin(vec!["."; 200].join(" "))
        .assert()
        .code(2)
        .stderr(contains(
            "pixels of lines, more than the 2000000 a PNG may have",
        ));
    assert!(!dir.path().join("free.png").exists());
}
