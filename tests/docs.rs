//! Every RON example in the documentation builds, and the tutorial in
//! `variants/README.md` runs as written: its files are written in order and each
//! `$ graphdoku …` command prints exactly what the page shows.

use assert_cmd::Command;
use graphdoku::ConstraintGraph;

/// A fenced block: its info string (`ron`, `ron garden.ron`, `console`) and text.
struct Block {
    info: String,
    text: String,
}

/// The fenced blocks of a Markdown file, in order.
fn blocks(file: &str) -> Vec<Block> {
    let markdown =
        std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        match (&mut current, trimmed.strip_prefix("```")) {
            (None, Some(info)) => {
                current = Some(Block {
                    info: info.trim().to_string(),
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

#[test]
fn variant_examples_build() {
    for (file, at_least) in [("README.md", 2), ("variants/README.md", 15)] {
        let examples = variant_examples(file);
        assert!(examples.len() >= at_least, "{file}: examples not found");
        for example in examples {
            let variant =
                graphdoku::variant::parse(&example, file).unwrap_or_else(|e| panic!("{e}"));
            ConstraintGraph::build(&variant).unwrap_or_else(|e| panic!("{file}: {e}\n{example}"));
        }
    }
}

#[test]
fn the_tutorial_runs_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let (mut files, mut commands) = (0, 0);
    for block in blocks("variants/README.md") {
        if let Some(name) = block.info.strip_prefix("ron ") {
            std::fs::write(dir.path().join(name), &block.text).unwrap();
            files += 1;
            continue;
        }
        if block.info != "console" {
            continue;
        }
        // `$ graphdoku ARGS` lines, each followed by its expected output.
        let mut runs: Vec<(Vec<&str>, String)> = Vec::new();
        for line in block.text.lines() {
            match line.strip_prefix("$ graphdoku ") {
                Some(args) => runs.push((args.split_whitespace().collect(), String::new())),
                None => {
                    let (_, expected) = runs.last_mut().expect("output before a command");
                    expected.push_str(line);
                    expected.push('\n');
                }
            }
        }
        for (args, expected) in runs {
            let output = Command::cargo_bin("graphdoku")
                .unwrap()
                .current_dir(dir.path())
                .args(&args)
                .output()
                .unwrap();
            let printed = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            assert_eq!(
                printed.trim_end(),
                expected.trim_end(),
                "graphdoku {args:?}"
            );
            commands += 1;
        }
    }
    assert!(
        files >= 5 && commands >= 7,
        "{files} files, {commands} commands"
    );
}
