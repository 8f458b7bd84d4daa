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
    match line.checked_sub(1).and_then(|i| source.lines().nth(i)) {
        Some(text) => caret(text, line, column),
        None => String::new(),
    }
}

/// The line `text` (number `line`) with a caret under `column`.
fn caret(text: &str, line: usize, column: usize) -> String {
    let text = text.trim_end_matches('\r');
    let gutter = line.to_string();
    let pad = " ".repeat(gutter.len());
    let caret = " ".repeat(column.saturating_sub(1));
    format!("{pad} |\n{gutter} | {text}\n{pad} | {caret}^")
}

/// Where the lines of a text start, to turn a byte offset into a line and
/// column in logarithmic time: a file of many documents, each located, would
/// otherwise be read again for each (quadratic in the file's size).
pub(crate) struct Lines<'a> {
    text: &'a str,
    /// The byte offset of every line's start.
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    /// The line starts of `text`.
    pub(crate) fn new(text: &'a str) -> Self {
        let newlines = text.match_indices('\n').map(|(i, _)| i + 1);
        Lines {
            text,
            starts: std::iter::once(0).chain(newlines).collect(),
        }
    }

    /// The 1-based line of byte `at`, and the characters before it on that line.
    pub(crate) fn position(&self, at: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&s| s <= at);
        let start = self.starts[line - 1];
        (line, self.text[start..at].chars().count())
    }

    /// As [`snippet`], without reading the text from its start.
    pub(crate) fn snippet(&self, line: usize, column: usize) -> String {
        let Some(&start) = line.checked_sub(1).and_then(|i| self.starts.get(i)) else {
            return String::new();
        };
        if start == self.text.len() && line > 1 {
            return String::new(); // after a final newline: no line (as `str::lines`)
        }
        let end = self.starts.get(line).map_or(self.text.len(), |&e| e - 1);
        caret(&self.text[start..end], line, column)
    }
}

/// What to look for in a RON source to point at the item an error is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Needle {
    /// The first string literal with exactly this content (a cell or house name, a map row).
    Quoted(String),
    /// A bare word (a field or rule name) outside strings and comments, when it occurs
    /// exactly once: pointing at one of several would mislead.
    Word(&'static str),
}

/// The 1-based line and column of `needle` in `source`, skipping comments.
pub(crate) fn find(source: &str, needle: &Needle) -> Option<(usize, usize)> {
    let mut found = Vec::new();
    let (mut line, mut column) = (1, 0);
    let mut chars = source.chars().peekable();
    let mut word = String::new();
    let mut word_at = (0, 0);
    while let Some(ch) = chars.next() {
        column += 1;
        if ch.is_alphanumeric() || ch == '_' {
            if word.is_empty() {
                word_at = (line, column);
            }
            word.push(ch);
            continue;
        }
        if matches!(needle, Needle::Word(w) if *w == word) {
            found.push(word_at);
        }
        word.clear();
        match ch {
            '\n' => (line, column) = (line + 1, 0),
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        (line, column) = (line + 1, 0);
                        break;
                    }
                }
            }
            '"' => {
                let at = (line, column);
                let mut text = String::new();
                while let Some(c) = chars.next() {
                    column += 1;
                    match c {
                        '"' => break,
                        '\\' => {
                            text.push(c);
                            if let Some(escaped) = chars.next() {
                                column += 1;
                                text.push(escaped);
                            }
                        }
                        '\n' => {
                            (line, column) = (line + 1, 0);
                            text.push(c);
                        }
                        _ => text.push(c),
                    }
                }
                if matches!(needle, Needle::Quoted(q) if *q == text) {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    if matches!(needle, Needle::Word(w) if *w == word) {
        found.push(word_at);
    }
    match found.as_slice() {
        [only] => Some(*only),
        _ => None,
    }
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
    fn lines_agree_with_a_scan_from_the_start() {
        let text = "ab\r\n\nxyz é\nlast";
        let lines = Lines::new(text);
        for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let line = text[..at].matches('\n').count() + 1;
            let column = text[..at].rsplit('\n').next().unwrap().chars().count();
            assert_eq!(lines.position(at), (line, column), "at {at}");
        }
        for line in 0..6 {
            assert_eq!(
                lines.snippet(line, 2),
                snippet(text, line, 2),
                "line {line}"
            );
        }
        assert_eq!(Lines::new("a\n").snippet(2, 1), snippet("a\n", 2, 1));
    }

    #[test]
    fn snippet_points_at_the_column() {
        let s = snippet("first\nsecond line\n", 2, 3);
        assert_eq!(s, "  |\n2 | second line\n  |   ^");
        assert_eq!(snippet("one", 5, 1), "");
    }

    #[test]
    fn finds_names_and_words_outside_comments() {
        let src = "// Rows \"a\"\nV(houses: [Rows, House(name: \"a\", cells: [\"r1c1\"])])";
        let quoted = |s: &str| find(src, &Needle::Quoted(s.into()));
        assert_eq!(quoted("a"), Some((2, 30)));
        assert_eq!(quoted("r1c1"), Some((2, 43)));
        assert_eq!(quoted("b"), None);
        assert_eq!(find(src, &Needle::Word("Rows")), Some((2, 12)));
        assert_eq!(find(src, &Needle::Word("cells")), Some((2, 35)));
        assert_eq!(find("[Rows, Rows]", &Needle::Word("Rows")), None);
    }
}
