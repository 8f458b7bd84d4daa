//! Reading puzzles: Project Euler files, one puzzle per line, pasted grids, and RON puzzle files.
//!
//! Text input is read line by line (a file of a million puzzles is never held in
//! memory) and yields exactly one [`Record`] per puzzle, valid or not, in order:
//!
//! * a line with one token per cell is a puzzle (`#` starts a comment line);
//! * a line starting with `Grid` (as in Project Euler 96) starts a grid block, as
//!   does a line with one token per grid column; the block is the next lines, one
//!   per row (one per sector for polar shapes);
//! * a row of a shape with absent cells (a samurai's canvas) lists either every
//!   position, `.` where there is no cell, or only the cells it has, so the gaps
//!   may be left blank;
//! * separator lines and characters (`|`, `-`, `+`, `*`, `=`) are ignored, so
//!   boxed grids pasted from a web page or a `.sdk` file read as they are.
//!
//! Cells are single characters when every symbol is, otherwise whitespace-separated
//! tokens. `.` is an empty cell; so is `0` in alphabets of at most nine symbols
//! that lack it (see [`crate::Alphabet`]).

pub mod csv;
mod dimacs;
mod edges;
pub mod fpuzzles;
mod graph_file;
pub mod iss;
mod json_graph;
pub mod link;
mod lz;
mod ron_puzzle;
pub mod share;
pub mod sudokupad;
mod text;

pub use ron_puzzle::{
    GivensSpec, PuzzleSpec, RonPuzzles, VariantRef, read_ron_puzzle, read_ron_puzzles,
};
pub use text::PuzzleReader;

pub use dimacs::read_dimacs;
pub use edges::read_edge_list;
pub use graph_file::{GraphFormat, detect_graph_format, read_graph};
pub use json_graph::read_json_graph;

use std::io::Read;

use thiserror::Error;

use crate::location::Location;
use crate::puzzle::Puzzle;
use crate::variant::VariantError;

/// A puzzle that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{location}: {message}")]
pub struct InputError {
    /// Where the problem is.
    pub location: Location,
    /// What was wrong, and what was expected.
    pub message: String,
}

impl InputError {
    /// True when the input itself could not be read (missing, unreadable, a
    /// directory, an I/O error part way): not the puzzle's fault, so exit
    /// status 6 and `"status": "io-error"`, not "invalid".
    pub fn is_io(&self) -> bool {
        self.message.starts_with(CANNOT_READ)
    }
}

/// How the message of an [`InputError`] from an I/O error starts (see [`InputError::is_io`]).
pub(crate) const CANNOT_READ: &str = "cannot read: ";

/// One puzzle of an input, or why it could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// How to refer to it: `Grid 01`, `line 7`, or the RON puzzle's name.
    pub label: String,
    /// Where it starts.
    pub location: Location,
    /// The puzzle, checked against the variant, or the error.
    pub puzzle: Result<Puzzle, InputError>,
}

/// Anything that can go wrong opening an input.
#[derive(Debug, Error)]
pub enum Error {
    /// The input could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The variant a RON puzzle names is unusable.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The puzzle file is malformed.
    #[error("{error}{snippet}")]
    Input {
        /// What and where.
        error: InputError,
        /// The offending line with a caret, after a newline; or empty.
        snippet: String,
    },
}

impl Error {
    /// The error as an [`InputError`] at the most precise location known, so
    /// a file that could not be read still yields a record.
    pub fn located(self, path: &str) -> InputError {
        let whole = |message: String| InputError {
            location: Location::new(path, 0, 0),
            message,
        };
        match self {
            Error::Input { error, snippet } => InputError {
                message: format!("{}{snippet}", error.message),
                location: error.location,
            },
            Error::Variant(
                VariantError::Syntax {
                    location,
                    message,
                    snippet,
                }
                | VariantError::Invalid {
                    location,
                    message,
                    snippet,
                },
            ) => InputError {
                location,
                message: format!("{message}{snippet}"),
            },
            Error::Io { source, .. } => whole(format!("{CANNOT_READ}{source}")),
            other => whole(other.to_string()),
        }
    }
}

/// The UTF-8 byte-order mark some editors (Notepad) put at the start of a file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Largest RON puzzle file read (a million givens by name fit in far less).
pub const MAX_RON_BYTES: u64 = 64 << 20;

/// Reads a whole RON file from `input` (called `path` in messages) as text:
/// at most [`MAX_RON_BYTES`], UTF-8, a leading byte-order mark dropped.
///
/// # Errors
/// The I/O error; a file too large; bytes that are not UTF-8, with the line and
/// column where they start.
pub fn read_text(input: impl std::io::Read, path: &str) -> Result<String, Error> {
    let mut bytes = Vec::new();
    input
        .take(MAX_RON_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| Error::Io {
            path: path.to_string(),
            source,
        })?;
    let fail = |location: Location, message: String| Error::Input {
        error: InputError { location, message },
        snippet: String::new(),
    };
    if bytes.len() as u64 > MAX_RON_BYTES {
        let message = format!("larger than {} MiB: not a puzzle file", MAX_RON_BYTES >> 20);
        return Err(fail(Location::new(path, 0, 0), message));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let (location, message) = not_utf8(e.as_bytes(), e.utf8_error().valid_up_to(), path, 1);
        fail(location, message)
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Where the first invalid byte of `bytes` (at `valid` bytes in) is, counting
/// lines from `first_line`, and what to say about it.
fn not_utf8(bytes: &[u8], valid: usize, path: &str, first_line: usize) -> (Location, String) {
    let before = String::from_utf8_lossy(&bytes[..valid]);
    let line = first_line + before.matches('\n').count();
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (
        Location::new(path, line, column),
        format!(
            "not UTF-8 text: byte 0x{:02X} here starts no character (save the file as UTF-8)",
            bytes[valid]
        ),
    )
}

/// True when `text` (the start of a file) looks like a RON puzzle rather than plain text.
pub fn looks_like_ron(text: &[u8]) -> bool {
    ron_head(text) == "Puzzle"
}

/// The leading word of the first line of `text` that is neither blank nor a `//`
/// comment: the type of a RON file (`Puzzle`, `Variant`, `Sudoku`, …), or of
/// anything else whatever comes first.
pub fn ron_head(text: &[u8]) -> String {
    let text = text.strip_prefix(BOM).unwrap_or(text);
    let text = String::from_utf8_lossy(text);
    let meaningful = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .unwrap_or("");
    meaningful
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_ron() {
        assert!(looks_like_ron(b"// a puzzle\n\nPuzzle(variant: \"pie\")"));
        assert!(!looks_like_ron(b"Grid 01\n"));
    }
}
