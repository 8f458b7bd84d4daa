//! Where in an input file something was found, and how to show it.

use std::fmt;

/// A position in a named input: file, 1-based line and 1-based column.
///
/// A column of 0 means "the whole line"; a line of 0 means "the whole file".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The file name as the user gave it (`-` for standard input).
    pub file: String,
    /// 1-based line number, 0 when unknown.
    pub line: usize,
    /// 1-based column number (in characters), 0 when unknown.
    pub column: usize,
}

impl Location {
    /// A location at `line`:`column` of `file`.
    pub fn new(file: impl Into<String>, line: usize, column: usize) -> Self {
        Location {
            file: file.into(),
            line,
            column,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}", self.file),
            (line, 0) => write!(f, "{}:{line}", self.file),
            (line, column) => write!(f, "{}:{line}:{column}", self.file),
        }
    }
}

/// The offending line of `source` with a caret under `column`, ready to print
/// under an error message; empty when the line does not exist.
pub(crate) fn snippet(source: &str, line: usize, column: usize) -> String {
    let Some(text) = line.checked_sub(1).and_then(|i| source.lines().nth(i)) else {
        return String::new();
    };
    let text = text.trim_end_matches('\r');
    let gutter = line.to_string();
    let pad = " ".repeat(gutter.len());
    let caret = " ".repeat(column.saturating_sub(1));
    format!("{pad} |\n{gutter} | {text}\n{pad} | {caret}^")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_only_what_is_known() {
        assert_eq!(Location::new("a.txt", 0, 0).to_string(), "a.txt");
        assert_eq!(Location::new("a.txt", 3, 0).to_string(), "a.txt:3");
        assert_eq!(Location::new("a.txt", 3, 7).to_string(), "a.txt:3:7");
    }

    #[test]
    fn snippet_points_at_the_column() {
        let s = snippet("first\nsecond line\n", 2, 3);
        assert_eq!(s, "  |\n2 | second line\n  |   ^");
        assert_eq!(snippet("one", 5, 1), "");
    }
}
