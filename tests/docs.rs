//! Every RON example in the documentation builds, and every console transcript in
//! `README.md`, the manual (`docs/`, every page) and `variants/README.md` runs as
//! written against the real binary.
//!
//! A transcript is a fenced block marked `console` (other blocks, `sh` or `text`
//! included, are never run). Each `$ COMMAND` line in it is run by `sh -c`, with the
//! built `graphdoku` first on `PATH`, and must print exactly the lines below it
//! (stdout, then stderr; trailing blanks ignored):
//! - a line `…` stands for any number of lines, and `[..]` for any text within a line
//!   (for what changes from run to run, such as times);
//! - a command must exit 0 unless the next line is `$ echo $?`, whose output is the
//!   status it must exit with;
//! - a command naming `../shared/data` is skipped with a note when that folder is
//!   absent, and fails when `CI=true`.
//!
//! `README.md` and the manual run in the repository's root. `variants/README.md` runs
//! in an empty folder: its tutorial's `ron FILE` blocks are written there in page
//! order, each before the commands that follow it.

use std::path::Path;
use std::process::{Command, Stdio};

use graphdoku::ConstraintGraph;

mod common;

/// A fenced block: its info string (`ron`, `ron garden.ron`, `console`), the line of
/// its first text line in the page, and its text.
struct Block {
    info: String,
    line: usize,
    text: String,
}

/// The fenced blocks of a Markdown file, in order.
fn blocks(file: &str) -> Vec<Block> {
    let markdown =
        std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    for (number, line) in markdown.lines().enumerate() {
        let trimmed = line.trim_start();
        match (&mut current, trimmed.strip_prefix("```")) {
            (None, Some(info)) => {
                current = Some(Block {
                    info: info.trim().to_string(),
                    line: number + 2,
                    text: String::new(),
                })
            }
            (Some(_), Some("")) => blocks.push(current.take().unwrap()),
            (Some(block), _) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
            _ => {}
        }
    }
    blocks
}

/// Standalone variant examples (unnamed `ron` blocks): whole blocks, or one short
/// form per line.
fn variant_examples(file: &str) -> Vec<String> {
    blocks(file)
        .into_iter()
        .filter(|b| b.info == "ron")
        .flat_map(|b| {
            let text = b.text.trim_start();
            if text.starts_with("Sudoku(") || text.starts_with("Latin(") {
                b.text.lines().map(String::from).collect()
            } else if text.starts_with("Variant(") {
                vec![b.text]
            } else {
                vec![]
            }
        })
        .collect()
}

/// The pages of the manual: every Markdown file under `docs/`, as paths from the
/// repository's root, sorted.
fn manual_pages() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    common::files_with_extension(&root.join("docs"), "md")
        .iter()
        .map(|page| {
            page.strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

#[test]
fn variant_examples_build() {
    let mut files: Vec<(String, usize)> =
        vec![("README.md".into(), 0), ("variants/README.md".into(), 15)];
    files.extend(manual_pages().into_iter().map(|page| (page, 0)));
    let mut built = 0;
    for (file, at_least) in &files {
        let examples = variant_examples(file);
        assert!(examples.len() >= *at_least, "{file}: examples not found");
        for example in examples {
            let variant =
                graphdoku::variant::parse(&example, file).unwrap_or_else(|e| panic!("{e}"));
            ConstraintGraph::build(&variant).unwrap_or_else(|e| panic!("{file}: {e}\n{example}"));
            built += 1;
        }
    }
    // The manual's own (docs/variants.md has two) beside variants/README.md's.
    assert!(built >= 17, "only {built} variant examples found");
}

/// One `$ COMMAND` of a transcript, where it is, and the text shown below it.
struct Step {
    at: String,
    command: String,
    expected: String,
}

/// The steps of a `console` block.
fn steps(file: &str, block: &Block) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for (offset, line) in block.text.lines().enumerate() {
        match line.strip_prefix("$ ") {
            Some(command) => steps.push(Step {
                at: format!("{file}:{}", block.line + offset),
                command: command.to_string(),
                expected: String::new(),
            }),
            None => {
                let step = steps.last_mut().unwrap_or_else(|| {
                    panic!("{file}:{}: output before a command", block.line + offset)
                });
                step.expected.push_str(line);
                step.expected.push('\n');
            }
        }
    }
    steps
}

/// Whether `line` fits `pattern`, where `[..]` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// Whether `lines` fit `pattern`, where a line `…` stands for any number of lines.
fn lines_match(pattern: &[&str], lines: &[&str]) -> bool {
    match pattern.split_first() {
        None => lines.is_empty(),
        Some((&"…", rest)) => (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..])),
        Some((first, rest)) => {
            !lines.is_empty() && line_matches(first, lines[0]) && lines_match(rest, &lines[1..])
        }
    }
}

/// `text` as lines without trailing blanks, and without blank lines at the end.
fn trimmed_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Whether a command may run here: `false` (after a note) when it needs
/// `../shared/data` and that folder is absent; a failure then under `CI=true`.
fn has_its_data(step: &Step, dir: &Path) -> bool {
    if !step.command.contains("../shared/data") || dir.join("../shared/data").is_dir() {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{}: `{}` needs ../shared/data, which is missing, and CI=true",
        step.at,
        step.command
    );
    common::skipped(&format!(
        "../shared/data is absent: `{}` ({}) not run",
        step.command, step.at
    ));
    false
}

/// Runs every `console` block of `file` in `dir`, first writing each `ron FILE` block
/// there when `write_files` (else there must be none). Returns the commands run and
/// every mismatch found, described.
fn run_transcripts(file: &str, dir: &Path, write_files: bool) -> (usize, Vec<String>) {
    let bin = Path::new(env!("CARGO_BIN_EXE_graphdoku")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let (mut run, mut failures) = (0, Vec::new());
    for block in blocks(file) {
        if let Some(name) = block.info.strip_prefix("ron ") {
            assert!(write_files, "{file}:{}: a named block here", block.line);
            std::fs::write(dir.join(name), &block.text).unwrap();
            continue;
        }
        if block.info != "console" {
            continue;
        }
        // The status of the last command run, for an `echo $?` after it (`None`
        // when it was skipped).
        let mut last: Option<(String, i32)> = None;
        for step in steps(file, &block) {
            if step.command == "echo $?" {
                let (command, status) = last
                    .take()
                    .unwrap_or_else(|| panic!("{}: `echo $?` must follow a command", step.at));
                if command.is_empty() {
                    continue; // skipped
                }
                if step.expected.trim() != status.to_string() {
                    failures.push(format!(
                        "{}: `{command}` exits {status}, the page says {}",
                        step.at,
                        step.expected.trim()
                    ));
                }
                continue;
            }
            // Whatever status the previous command had, its `echo $?` was not there.
            if let Some((command, status)) = last.take()
                && status != 0
            {
                failures.push(format!(
                    "`{command}` exits {status}: show it with `$ echo $?` after it"
                ));
            }
            assert!(
                step.command.contains("graphdoku"),
                "{}: `{}` does not run graphdoku",
                step.at,
                step.command
            );
            assert!(
                write_files || !step.command.contains('>'),
                "{}: `{}` would write into the repository",
                step.at,
                step.command
            );
            if !has_its_data(&step, dir) {
                last = Some((String::new(), 0));
                continue;
            }
            let output = Command::new("sh")
                .arg("-c")
                .arg(&step.command)
                .current_dir(dir)
                .env("PATH", &path)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            run += 1;
            let printed = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            let (expected, printed_lines) =
                (trimmed_lines(&step.expected), trimmed_lines(&printed));
            if !lines_match(&expected, &printed_lines) {
                failures.push(format!(
                    "{}: `{}` prints\n{}\n-- but the page shows --\n{}\n",
                    step.at,
                    step.command,
                    printed_lines.join("\n"),
                    expected.join("\n")
                ));
            }
            let status = output.status.code().unwrap_or(-1);
            last = Some((format!("{} ({})", step.command, step.at), status));
        }
        if let Some((command, status)) = last
            && status != 0
        {
            failures.push(format!(
                "`{command}` exits {status}: show it with `$ echo $?` after it"
            ));
        }
    }
    (run, failures)
}

/// Panics with every failure, if any.
fn report(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} example(s) differ from what graphdoku does:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
#[cfg(unix)]
fn the_readme_transcripts_run_as_written() {
    let (run, failures) =
        run_transcripts("README.md", Path::new(env!("CARGO_MANIFEST_DIR")), false);
    report(&failures);
    assert!(run >= 8, "only {run} commands found");
}

#[test]
#[cfg(unix)]
fn the_manuals_transcripts_run_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pages = manual_pages();
    assert!(pages.len() >= 15, "only {} pages in docs/", pages.len());
    let (mut run, mut failures) = (0, Vec::new());
    for page in &pages {
        let (page_run, page_failures) = run_transcripts(page, root, false);
        run += page_run;
        failures.extend(page_failures);
    }
    report(&failures);
    assert!(run >= 50, "only {run} commands found in docs/");
}

#[test]
#[cfg(unix)]
fn the_tutorial_runs_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let (run, failures) = run_transcripts("variants/README.md", dir.path(), true);
    report(&failures);
    assert!(run >= 7, "only {run} commands found");
}

/// Every command `graphdoku --help` lists has its row in the reference
/// (`docs/cli.md`), so that a new command cannot go undocumented.
#[test]
fn every_command_is_in_the_reference() {
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_graphdoku"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let list = help
        .split("Commands:\n")
        .nth(1)
        .expect("a Commands: section");
    let commands: Vec<&str> = (list.split("\n\n").next().unwrap().lines())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .collect();
    assert!(commands.len() >= 20, "{commands:?}");
    let reference =
        std::fs::read_to_string(format!("{}/docs/cli.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for command in commands {
        assert!(
            reference.contains(&format!("| `{command}` |")),
            "docs/cli.md has no row for `{command}`"
        );
    }
}

#[test]
fn the_transcript_patterns() {
    assert!(line_matches("a [..] s, [..]/s", "a 0.01 s, 12/s"));
    assert!(line_matches("[..]", ""));
    assert!(!line_matches("ab[..]ba", "aba"));
    assert!(!line_matches("a", "ab"));
    assert!(lines_match(&["a", "…", "d"], &["a", "b", "c", "d"]));
    assert!(lines_match(&["a", "…"], &["a"]));
    assert!(!lines_match(&["a", "…", "d"], &["a", "b"]));
    assert!(!lines_match(&["a"], &["a", "b"]));
}

#[test]
fn a_command_on_absent_shared_data_is_skipped_but_not_in_ci() {
    // A folder inside a fresh one: its `../shared` cannot exist, wherever the
    // temporary folders are (even beside a real `shared`).
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("work");
    std::fs::create_dir(&work).unwrap();
    let step = Step {
        at: "test".to_string(),
        command: "graphdoku euler ../shared/data/euler96/p096_sudoku.txt".to_string(),
        expected: String::new(),
    };
    assert!(!work.join("../shared/data").exists());
    let answer = std::panic::catch_unwind(|| has_its_data(&step, &work));
    if std::env::var("CI").as_deref() == Ok("true") {
        assert!(answer.is_err(), "CI=true: a missing folder must fail");
    } else {
        assert_eq!(answer.ok(), Some(false));
    }
}
