//! Exit codes, as `--help` and the manual (`docs/exit-status.md`) document them, and
//! the quiet endings: a closed output pipe and Ctrl-C.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{EXAMPLE, graphdoku};
use predicates::str::contains;

/// Every exit code and its meaning's first words, as the documentation gives them.
const CODES: &[(u8, &str)] = &[
    (0, "0 success"),
    (1, "1 some puzzle has no solution"),
    (2, "2 invalid input or usage"),
    (3, "3 internal error"),
    (4, "4 some puzzle has several solutions"),
    (5, "5 gave up"),
    (6, "6 I/O error"),
];

/// `--help` states every code; so does the manual's page of exit statuses.
#[test]
fn every_code_is_documented() {
    let help = graphdoku().arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let readme = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/exit-status.md");
    let readme = std::fs::read_to_string(readme).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    for (_, words) in CODES {
        assert!(help.contains(words), "--help does not say {words:?}");
        assert!(
            readme.contains(words),
            "docs/exit-status.md does not say {words:?}"
        );
    }
    assert!(help.contains("when several apply: 3, then 6, then 2, then 5, then 1, then 4"));
}

/// One command per code (3, a solution the verifier rejects, cannot be caused
/// from outside: the verifier's own tests cover it).
#[test]
fn each_code_is_what_it_says() {
    let run = |args: &[&str], stdin: &str| graphdoku().args(args).write_stdin(stdin).assert();
    run(&["solve", "-"], EXAMPLE).code(0);
    // Row 1 needs its 9 in column 9, which has one: no solution, no clash.
    let none = format!("12345678.........9{}", ".".repeat(63));
    run(&["solve", "-"], &none).code(1);
    run(&["solve", "-"], "11").code(2);
    run(&["solve", "--bogus", "-"], EXAMPLE).code(2);
    run(&["solve", "--unique", "-"], &".".repeat(81)).code(4);
    run(&["solve", "--max-nodes", "1", "-"], &".".repeat(81)).code(5);
    run(&["solve", "no/such/file.txt"], "").code(6);
}

/// A file that cannot be read is an I/O error (6), not bad input (2), for every
/// command; the other files of the run are still read.
#[test]
fn unreadable_files_exit_6() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(&good, EXAMPLE).unwrap();
    let missing = dir.path().join("missing.txt");
    let folder = dir.path().to_path_buf();
    for bad in [&missing, &folder] {
        for command in ["solve", "count", "check", "grade"] {
            graphdoku()
                .arg(command)
                .arg(bad)
                .arg(&good)
                .assert()
                .code(6)
                .stderr(contains("cannot read"))
                .stderr(contains("1 unreadable"));
        }
        graphdoku()
            .arg("validate")
            .arg(bad)
            .assert()
            .code(6)
            .stderr(contains("cannot read"));
        graphdoku().arg("euler").arg(bad).assert().code(6);
    }
    // A clash in one file and a missing other: the I/O error wins.
    let clash = dir.path().join("clash.txt");
    std::fs::write(&clash, format!("55{}", &EXAMPLE[2..])).unwrap();
    graphdoku()
        .arg("solve")
        .arg(&clash)
        .arg(&missing)
        .assert()
        .code(6);
}

/// A variant file that cannot be read is an I/O error (6) naming it, as a
/// puzzle file is, for every command that takes a variant; a name that is
/// neither a file nor a built-in stays a usage error (2).
#[test]
fn missing_variant_files_exit_6() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(&good, EXAMPLE).unwrap();
    let missing = dir.path().join("missing.ron");
    let missing = missing.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    let good = good.to_str().unwrap();
    for variant in [missing, folder] {
        let runs: &[&[&str]] = &[
            &["graph", variant],
            &["graph", variant, "-f", "json"],
            &["info", variant],
            &["generate", "-v", variant],
            &["render", "-v", variant],
            &["render", "-v", variant, good],
            &["validate", "-v", variant, good],
            &["solve", "-v", variant, good],
            &["count", "-v", variant, good],
            &["check", "-v", variant, good],
            &["grade", "-v", variant, good],
            &["explain", "-v", variant, good],
            &["hint", "-v", variant, good],
        ];
        for args in runs {
            let out = graphdoku().args(*args).output().unwrap();
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(6), "{args:?}: {err}");
            assert!(
                err.contains(&format!("cannot read {variant}")),
                "{args:?}: {err}"
            );
            // The operating system's reason once, not repeated by the error chain.
            assert!(err.matches("os error").count() <= 1, "{args:?}: {err}");
        }
    }
    graphdoku()
        .args(["graph", "no-such-variant"])
        .assert()
        .code(2)
        .stderr(contains("not a built-in"));
}

/// With `-f json` a puzzle file that cannot be read is reported as
/// `"status": "io-error"`, not "invalid", and the run exits 6.
#[test]
fn unreadable_files_are_io_errors_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt");
    for command in ["solve", "count", "check", "grade", "explain", "hint"] {
        let out = graphdoku()
            .args([command, "-f", "json"])
            .arg(&missing)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(6), "{command}");
        let line: serde_json::Value =
            serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
        assert_eq!(line["status"], "io-error", "{command}");
        assert!(line["error"].as_str().unwrap().contains("cannot read"));
    }
}

/// `render --solution` and `import --solve` take the search budget of the
/// other searching commands and give up with 5 when it runs out, instead of
/// searching on: here an empty jigsaw that has no solution (which the search
/// cannot show), and an empty 16×16 f-puzzle.
#[test]
fn render_and_import_give_up_on_their_budget() {
    let dir = tempfile::tempdir().unwrap();
    let variant = dir.path().join("hopeless.ron");
    std::fs::write(&variant, common::HOPELESS).unwrap();
    let variant = variant.to_str().unwrap();
    let svg = dir.path().join("out.svg");
    for budget in [["--max-nodes", "1"], ["--timeout", "0.001"]] {
        graphdoku()
            .args(["render", "-v", variant, "--solution", "-o"])
            .arg(&svg)
            .args(budget)
            .timeout(Duration::from_secs(120))
            .assert()
            .code(5)
            .stderr(contains("gave up"));
    }
    assert!(!svg.exists(), "no picture when the search gave up");
    // With time for it, the engine `solve` asks (the search, then SAT)
    // proves there is none: render says so as `solve` does.
    graphdoku()
        .args([
            "render",
            "-v",
            variant,
            "--solution",
            "--timeout",
            "30",
            "-o",
        ])
        .arg(&svg)
        .timeout(Duration::from_secs(120))
        .assert()
        .code(1)
        .stderr(contains("no solution"));
    let row = format!("[{}]", vec!["{}"; 16].join(", "));
    let empty = format!(
        "{{\"size\": 16, \"title\": \"Empty\", \"grid\": [{}]}}",
        vec![row; 16].join(", ")
    );
    let file = dir.path().join("empty.json");
    std::fs::write(&file, empty).unwrap();
    graphdoku()
        .args(["import", "--solve", "--max-nodes", "1"])
        .arg(&file)
        .timeout(Duration::from_secs(120))
        .assert()
        .code(5)
        .stdout("Empty: gave up\n")
        .stderr(contains("gave up"));
    // Within budget, both still solve.
    graphdoku()
        .args([
            "render",
            "-v",
            "sudoku4",
            "--solution",
            "--max-nodes",
            "1000",
        ])
        .assert()
        .code(0);
    graphdoku()
        .args(["import", "--solve", "--timeout", "60"])
        .arg(&file)
        .assert()
        .code(0)
        .stdout(contains("Empty: solved"));
}

/// Output that cannot be written (a full disk) is an I/O error, said once.
#[test]
fn a_write_error_exits_6() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        common::skipped("no /dev/full here");
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_graphdoku"))
        .args(["generate", "-n", "2000", "-s", "1", "-v", "sudoku4"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(6));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("No space left on device"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A file of `n` copies of the example puzzle.
fn many(dir: &tempfile::TempDir, n: usize) -> PathBuf {
    let path = dir.path().join("many.txt");
    std::fs::write(&path, format!("{EXAMPLE}\n").repeat(n)).unwrap();
    path
}

/// `graphdoku … | head -1`: the reader leaves after one line and the run ends
/// at once, with status 0 and nothing on stderr (no "Broken pipe", no panic),
/// for the parallel, one-thread and streaming paths alike.
#[test]
fn a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let big = many(&dir, 20_000);
    let big = big.to_str().unwrap();
    // Every solution of the empty board: far more than any pipe holds.
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, ".".repeat(81)).unwrap();
    let empty = empty.to_str().unwrap();
    for args in [
        vec!["solve", big],
        vec!["solve", "-j", "1", "-f", "line", big],
        vec!["count", "--all", empty],
        vec!["generate", "-n", "100000", "-s", "1", "-v", "sudoku4"],
        vec!["check", big],
        vec!["completions", "bash"],
        vec!["man"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_graphdoku"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(!line.is_empty(), "{args:?} printed nothing");
        // The pipe closes here, as `head -1` would close it.
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
        // A reader gone before the first write (small outputs fit in the pipe).
        let mut child = Command::new(env!("CARGO_BIN_EXE_graphdoku"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?} at once: {err}");
        assert_eq!(err, "", "{args:?} at once");
    }
}

/// Ctrl-C, as a terminal sends it (SIGINT), 300 ms into `child`'s run.
#[cfg(unix)]
fn interrupt(child: &std::process::Child) {
    std::thread::sleep(Duration::from_millis(300));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
}

/// Ctrl-C (SIGINT) stops a long run at once without a word: the default
/// action, status "killed by signal 2" as the shell reports it (130).
#[test]
#[cfg(unix)]
fn ctrl_c_ends_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let big = many(&dir, 2_000_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_graphdoku"))
        .args(["solve", "-f", "line"])
        .arg(&big)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    interrupt(&child);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(2), "{status:?}");
    assert_eq!(err, "");
}

/// Ctrl-C during a long `count` says how far it got, as the record, and exits
/// with 130 (the pie homework has 4,534,272 solutions: far more than 0.3 s).
#[test]
#[cfg(unix)]
fn ctrl_c_during_a_count_says_how_far_it_got() {
    let child = Command::new(env!("CARGO_BIN_EXE_graphdoku"))
        .args(["count", "--limit", "100000000"])
        .arg(common::data("pie-homework.ron"))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    interrupt(&child);
    let out = child.wait_with_output().unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    let found: u64 = out
        .strip_prefix("pie homework: interrupted after ")
        .and_then(|rest| rest.strip_suffix(" solutions\n"))
        .unwrap_or_else(|| panic!("{out:?}"))
        .parse()
        .unwrap();
    assert!(found < 4_534_272, "{out}");
}

/// With standard error unwritable (`2>/dev/full`) every command still exits
/// with the status it has when its messages can be written: a lost message is
/// not an I/O error, and never a panic (101).
#[test]
#[cfg(target_os = "linux")]
fn statuses_hold_when_stderr_is_full() {
    let example = common::data("euler-example.txt");
    let example = example.to_str().unwrap();
    let cases: &[(&[&str], &str, i32)] = &[
        (&["solve", "-"], EXAMPLE, 0),
        (&["solve", "-"], "11", 2),
        (&["solve", "no/such/file.txt"], "", 6),
        (&["solve", "-v", "no-such-variant", example], "", 2),
        (&["count", "--limit", "3", "-"], &".".repeat(81), 0),
        (&["solve", "--max-nodes", "1", "-"], &".".repeat(81), 5),
        (&["generate", "-v", "sudoku16", "--timeout", "0"], "", 5),
        (&["chromatic", example], "", 2),
        (&["euler", example], "", 0),
        (&["solve", "--bogus"], "", 2),
    ];
    for (args, stdin, code) in cases {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_graphdoku"))
            .args(*args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(full)
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(stdin.as_bytes()); // some commands never read it
        drop(input);
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(*code), "{args:?}");
    }
}

/// With no FILE, the puzzle commands read standard input when it is not a
/// terminal (`graphdoku solve < puzzles.txt`).
#[test]
fn no_file_reads_standard_input() {
    graphdoku()
        .args(["solve", "-f", "line"])
        .write_stdin(EXAMPLE)
        .assert()
        .code(0)
        .stdout(contains("483921657"));
    graphdoku()
        .arg("euler")
        .write_stdin(EXAMPLE)
        .assert()
        .code(0)
        .stdout("483\n");
}
