//! RON parse errors in the user's words: no serde type names, and a file that
//! ends too soon says so.

/// The names of the schema's Rust types as they appear in serde's messages, and
/// what the user wrote for them.
const TYPE_NAMES: &[(&str, &str)] = &[
    (
        "VariantFile",
        "a variant file (`Variant`, `Sudoku` or `Latin`)",
    ),
    ("VariantDef", "`Variant`"),
    ("SudokuSpec", "`Sudoku`"),
    ("LatinSpec", "`Latin`"),
    ("SymbolsSpec", "`symbols` (`Chars`, `Range` or `List`)"),
    ("CellsSpec", "`cells` (`Grid`, `Polar` or `List`)"),
    ("CellSpec", "a listed cell"),
    ("HouseSpec", "`houses`"),
    ("EdgeSpec", "`edges`"),
    ("AllowedSpec", "`allowed`"),
    ("PartDef", "`Part`"),
    ("PuzzleSpec", "`Puzzle`"),
    ("GivensSpec", "`givens` (`Rows` or `Cells`)"),
];

/// The message of a RON error in `source`, in the user's words: serde's `in
/// enum \`HouseSpec\``, `struct \`VariantDef\`` become the field or rule written in
/// the file, and an error that reaches the end of the text says the file ends
/// early, `what` (`the variant`, `the puzzle`) unfinished.
pub(crate) fn message(error: &ron::error::SpannedError, source: &str, what: &str) -> String {
    let code = &error.code;
    let mut text = code.to_string();
    for (rust, user) in TYPE_NAMES {
        for kind in ["enum", "struct", "variant"] {
            text = text.replace(&format!("{kind} `{rust}`"), user);
        }
        text = text.replace(&format!("`{rust}`"), user);
    }
    let end = (error.span.end.line, error.span.end.col);
    if matches!(code, ron::Error::Eof) || at_end(source, end) {
        return format!("the file ends before {what} is complete ({text})");
    }
    text
}

/// True when `line`:`column` (an error's end, just after its last character) is
/// past the last character that is not
/// whitespace or a comment: nothing follows the error but the end of the file.
fn at_end(source: &str, (line, column): (usize, usize)) -> bool {
    let meaningful = source
        .lines()
        .map(|l| match l.find("//") {
            Some(at) => &l[..at],
            None => l,
        })
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .last();
    match meaningful {
        None => true,
        Some((i, text)) => {
            let last = (i + 1, text.trim_end().chars().count());
            (line, column) > last
        }
    }
}

#[cfg(test)]
mod tests {

    /// The message of the error of variant `source`, without its place and snippet.
    fn parse_error(source: &str) -> String {
        match crate::variant::parse(source, "t").unwrap_err() {
            crate::VariantError::Syntax { message, .. } => message,
            other => panic!("not a syntax error: {other}"),
        }
    }

    #[test]
    fn a_truncated_file_says_it_ends_early() {
        let err = parse_error("Variant(\n    name: \"x\",\n    symbols");
        assert!(
            err.starts_with("the file ends before the variant is complete ("),
            "{err}"
        );
        let err = parse_error("Variant(name: \"x\", // a comment\n");
        assert!(err.starts_with("the file ends before"), "{err}");
    }

    #[test]
    fn no_serde_type_names() {
        let err = parse_error("Variant(houses: [Colums])");
        assert!(!err.contains("HouseSpec"), "{err}");
        assert!(err.contains("in `houses`"), "{err}");
        let err = parse_error("Square(size: 3)");
        assert!(!err.contains("VariantFile"), "{err}");
        assert!(
            err.contains("a variant file (`Variant`, `Sudoku` or `Latin`)"),
            "{err}"
        );
    }
}
