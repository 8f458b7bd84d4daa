//! Every RON example in the documentation parses and builds.

use graphdoku::ConstraintGraph;

/// The ```ron blocks of a Markdown file.
fn ron_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match (&mut current, line.trim_start()) {
            (None, "```ron") => current = Some(String::new()),
            (Some(_), "```") => blocks.push(current.take().unwrap()),
            (Some(block), _) => {
                block.push_str(line);
                block.push('\n');
            }
            _ => {}
        }
    }
    blocks
}

/// Variant examples: whole blocks, or one `Sudoku(...)` per line.
fn variant_examples(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    ron_blocks(&text)
        .into_iter()
        .flat_map(|block| {
            if block.trim_start().starts_with("Sudoku(") {
                block.lines().map(String::from).collect()
            } else if block.trim_start().starts_with("Variant(") {
                vec![block]
            } else {
                vec![]
            }
        })
        .collect()
}

#[test]
fn variant_examples_build() {
    for file in ["README.md", "variants/README.md"] {
        let examples = variant_examples(file);
        assert!(examples.len() >= 2, "{file}: examples not found");
        for example in examples {
            let variant =
                graphdoku::variant::parse(&example, file).unwrap_or_else(|e| panic!("{e}"));
            ConstraintGraph::build(&variant).unwrap_or_else(|e| panic!("{file}: {e}\n{example}"));
        }
    }
}
