//! CSV datasets end to end: `generate -f csv` writes them, `dataset verify` checks
//! them (every bad row reported with its line, the rest still checked), `canon`
//! prints one form for equivalent puzzles, and the puzzle commands read them.

use assert_cmd::Command;

fn graphdoku() -> Command {
    Command::cargo_bin("graphdoku").unwrap()
}

/// `n` generated puzzles as a CSV dataset (header included), one line a row.
fn generated(n: usize, seed: u64) -> Vec<String> {
    let out = graphdoku()
        .args(["generate", "-f", "csv", "--count", &n.to_string(), "--seed"])
        .arg(seed.to_string())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(lines[0], "question,answer");
    assert_eq!(lines.len(), n + 1);
    lines
}

fn split(row: &str) -> (String, String) {
    let (q, a) = row.split_once(',').unwrap();
    (q.to_string(), a.to_string())
}

/// The puzzle transposed, with the digits 1 and 2 swapped: an equivalent puzzle.
fn transformed(question: &str) -> String {
    let cells: Vec<char> = question.chars().collect();
    (0..81)
        .map(|i| match cells[(i % 9) * 9 + i / 9] {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect()
}

#[test]
fn a_generated_dataset_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("made.csv");
    std::fs::write(&file, generated(12, 3).join("\n") + "\n").unwrap();
    let out = graphdoku()
        .args(["dataset", "verify", "--canon"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.ends_with(": 12 rows: 12 ok\n"), "{stdout}");
    assert!(out.stderr.is_empty());
}

#[test]
fn every_bad_row_is_reported_with_its_line_and_the_rest_still_run() {
    let lines = generated(4, 5);
    let (q1, a1) = split(&lines[1]);
    let (q2, a2) = split(&lines[2]);
    let wrong: String = a2.chars().rev().collect();
    let mut rows = vec!["id,puzzle,solution".to_string()];
    rows.push(format!("1,{q1},{a1}")); // line 2: fine
    rows.push(format!("2,{q2},{wrong}")); // line 3: an answer that is not a solution
    rows.push(format!("3,{q1},{a1}")); // line 4: a duplicate of line 2
    rows.push(format!("4,{},", ".".repeat(81))); // line 5: several solutions, no answer
    rows.push(format!("5,{},{a1}", &q1[..70])); // line 6: too short
    rows.push(format!("6,{},", transformed(&q2))); // line 7: equivalent to line 3
    rows.push(lines[3].replacen("", "7,", 1)); // line 8: fine
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.csv");
    std::fs::write(&file, rows.join("\n") + "\n").unwrap();
    let out = graphdoku()
        .args(["dataset", "verify", "--canon"])
        .arg(&file)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let name = file.display().to_string();
    let reported: Vec<&str> = stderr.lines().collect();
    assert_eq!(reported.len(), 5, "{stderr}");
    assert!(reported[0].starts_with(&format!("{name}:3: the answer does not solve the question")));
    assert_eq!(reported[1], format!("{name}:4: duplicate of line 2"));
    assert_eq!(
        reported[2],
        format!("{name}:5: the question has several solutions")
    );
    // Placed in the file: line 6, past the id column and inside the puzzle's.
    let at = reported[3].strip_prefix(&format!("{name}:6:")).unwrap();
    let (column, message) = at.split_once(": ").unwrap();
    assert!(
        (3..=73).contains(&column.parse::<usize>().unwrap()),
        "{stderr}"
    );
    assert!(message.starts_with("expected 81 cells"), "{stderr}");
    assert_eq!(
        reported[4],
        format!("{name}:7: equivalent to line 3 (the same canonical form)")
    );
    assert!(
        stdout.ends_with(
            ": 7 rows: 2 ok, 1 unreadable, 1 wrong answer, 1 not unique, 1 duplicate, 1 equivalent\n"
        ),
        "{stdout}"
    );
    // Unreadable rows are the worst found: exit 2.
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn canon_prints_one_form_for_equivalent_puzzles() {
    let lines = generated(3, 9);
    let (q1, _) = split(&lines[1]);
    let (q2, _) = split(&lines[2]);
    let input = format!("{q1}\n{}\n{q2}\n", transformed(&q1));
    let out = graphdoku()
        .arg("canon")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let forms: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(forms.len(), 3);
    assert_eq!(forms[0], forms[1]);
    assert_ne!(forms[0], forms[2]);
    // The form keeps the clue count and is no greater than the puzzle itself.
    let clues = |s: &str| s.chars().filter(|&c| c != '.').count();
    assert_eq!(clues(&forms[0]), clues(&q1));
    assert_eq!(forms[0].len(), 81);
    // Reading the dataset itself gives the same forms, as a CSV keyed by the
    // questions as the dataset writes them (to join on).
    let out = graphdoku()
        .arg("canon")
        .write_stdin(lines.join("\n") + "\n")
        .output()
        .unwrap();
    let again: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(again[0], "question,canon");
    assert_eq!(again[1], format!("{q1},{}", forms[0]));
    assert_eq!(again[2], format!("{q2},{}", forms[2]));
    // A question that does not read keeps its row (the form left empty).
    let bad = format!("{}\n11{},x\n", lines[0], &q1[2..]);
    let out = graphdoku()
        .args(["canon", "-f", "json"])
        .write_stdin(bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let json = String::from_utf8(out.stdout).unwrap();
    assert_eq!(json.lines().count(), 1, "{json}");
    assert!(json.ends_with("\"canon\":null}\n"), "{json}");
}

#[test]
fn canon_on_other_variants_uses_their_declared_symmetries() {
    // r1c1 = 4, r1c4 = 3: moved as far back as the 4×4's symmetries go (the
    // last row; the two columns of one stack it cannot share), relabelled.
    let out = graphdoku()
        .args(["canon", "-v", "sudoku4"])
        .write_stdin("4..3\n....\n....\n....\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), ".............1.2\n");
    // Generated 6×6 and X-Sudoku puzzles, and images of them under a declared
    // symmetry (6×6: columns 1 and 2 swapped; X: transposed), digits swapped.
    for (variant, side, image) in [
        (
            "sudoku6",
            6,
            (|r: usize, c: usize| (r, [1, 0, 2, 3, 4, 5][c])) as fn(usize, usize) -> (usize, usize),
        ),
        ("x-sudoku", 9, |r, c| (c, r)),
    ] {
        let made = graphdoku()
            .args([
                "generate", "-f", "line", "--count", "2", "--seed", "3", "-v", variant,
            ])
            .output()
            .unwrap();
        let made = String::from_utf8(made.stdout).unwrap();
        let puzzles: Vec<Vec<char>> = made.lines().map(|l| l.chars().collect()).collect();
        let moved: String = (0..side * side)
            .map(|i| {
                let (r, c) = image(i / side, i % side);
                match puzzles[0][r * side + c] {
                    '1' => '2',
                    '2' => '1',
                    other => other,
                }
            })
            .collect();
        let input = format!("{made}{moved}\n");
        let out = graphdoku()
            .args(["canon", "-v", variant])
            .write_stdin(input)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let forms: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        assert_eq!(forms.len(), 3, "{variant}");
        assert_eq!(forms[0], forms[2], "{variant}: an image, the same form");
        assert_ne!(
            forms[0], forms[1],
            "{variant}: another puzzle, another form"
        );
        assert!(out.stderr.is_empty(), "{variant}");
    }
    // A group too large to search: relabelling only, and a note saying so.
    let out = graphdoku()
        .args(["canon", "-v", "sudoku16"])
        .write_stdin(format!("{}1\n{}2\n", ".".repeat(255), ".".repeat(255)))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout,
        format!("{}0\n{}0\n", ".".repeat(255), ".".repeat(255))
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.matches("too large to search").count(), 1, "{stderr}");
}

#[test]
fn solve_reads_a_dataset_and_its_answers_match() {
    let lines = generated(5, 11);
    let out = graphdoku()
        .args(["solve", "-f", "line"])
        .write_stdin(lines.join("\n") + "\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let solved: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let answers: Vec<String> = lines[1..].iter().map(|l| split(l).1).collect();
    assert_eq!(solved, answers);
}

/// The rows of CSV text, each split at its commas (no field here is quoted).
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let fields = |line: &str| line.split(',').map(str::to_string).collect();
    text.lines().map(fields).collect()
}

#[test]
fn solve_and_count_write_csv_datasets_that_read_back() {
    let lines = generated(6, 13);
    // Questions only, with one of several solutions and one unreadable row among them.
    let mut input = vec!["id,puzzle".to_string()];
    for (i, line) in lines[1..].iter().enumerate() {
        input.push(format!("{i},{}", split(line).0));
    }
    input.insert(3, format!("x,{}", ".".repeat(81)));
    input.insert(5, "y,12x".to_string());
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("questions.csv");
    std::fs::write(&file, input.join("\n") + "\n").unwrap();

    let out = graphdoku()
        .args(["solve", "--unique", "-f", "csv"])
        .arg(&file)
        .output()
        .unwrap();
    // Several solutions and an unreadable row: the worst is the unreadable one.
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let rows = csv_rows(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(rows[0], ["question", "answer", "status"]);
    assert_eq!(rows.len(), 1 + 8, "{rows:?}");
    // In input order: the generated ones with their own answers, unique.
    let expected: Vec<(String, String)> = lines[1..].iter().map(|l| split(l)).collect();
    let (mut made, mut others) = (Vec::new(), Vec::new());
    for (i, row) in rows[1..].iter().enumerate() {
        match i {
            2 | 4 => others.push(row.clone()),
            _ => made.push((row[0].clone(), row[1].clone(), row[2].clone())),
        }
    }
    for ((q, a, status), (eq, ea)) in made.iter().zip(&expected) {
        assert_eq!((q, a, status.as_str()), (eq, ea, "unique"));
    }
    // No answer to give for several solutions, nor for a row that did not read.
    assert_eq!(
        others[0],
        [".".repeat(81), String::new(), "multiple".into()]
    );
    assert_eq!(others[1], ["", "", "invalid"]);

    // count: the same answers, with the count.
    let out = graphdoku()
        .args(["count", "-f", "csv"])
        .arg(&file)
        .output()
        .unwrap();
    let counted = csv_rows(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(counted[0], ["question", "answer", "status", "count"]);
    for (c, s) in counted[1..].iter().zip(&rows[1..]) {
        assert_eq!(c[..3], s[..3]);
    }
    let counts: Vec<&str> = counted[1..].iter().map(|r| r[3].as_str()).collect();
    assert_eq!(counts, ["1", "1", "2", "1", "", "1", "1", "1"]);

    // Read back: solving the written dataset gives its answers again, and
    // `dataset verify` finds the written answers right (all but the two rows
    // that have none to check: one not unique, one unreadable).
    let written = dir.path().join("answers.csv");
    let solved = graphdoku()
        .args(["solve", "--unique", "-f", "csv"])
        .arg(&file)
        .output()
        .unwrap();
    std::fs::write(&written, &solved.stdout).unwrap();
    let again = graphdoku()
        .args(["solve", "-f", "csv", "--unique"])
        .arg(&written)
        .output()
        .unwrap();
    assert_eq!(again.stdout, solved.stdout);
    let verified = graphdoku()
        .args(["dataset", "verify"])
        .arg(&written)
        .output()
        .unwrap();
    let stdout = String::from_utf8(verified.stdout).unwrap();
    assert!(
        stdout.ends_with(": 8 rows: 6 ok, 1 unreadable, 1 not unique\n"),
        "{stdout}"
    );
}

#[test]
fn count_csv_with_all_is_refused() {
    let out = graphdoku()
        .args(["count", "--all", "-f", "csv"])
        .write_stdin(".".repeat(16) + "\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("--all"));
}

/// An answer with two equal digits in a row is a wrong answer (exit 1), as
/// `verify` says it: not a row that cannot be read (it read as a grid).
#[test]
fn an_answer_that_breaks_a_house_is_wrong_not_unreadable() {
    let lines = generated(1, 5);
    let (question, answer) = split(&lines[1]);
    // The answer's first two cells swapped, and then the first made equal
    // to the second: a full grid of digits, wrong in row 1.
    let cells: Vec<char> = answer.chars().collect();
    let wrong: String = std::iter::once(cells[1])
        .chain(cells[1..].iter().copied())
        .collect();
    let out = graphdoku()
        .args(["dataset", "verify", "-"])
        .write_stdin(format!("question,answer\n{question},{wrong}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("-:2: the answer does not solve the question: "),
        "{stderr}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.ends_with(": 1 row: 0 ok, 1 wrong answer\n"),
        "{stdout}"
    );
}
