//! General graph files: which format a file is in, and reading it into a [`PlainGraph`].

use std::io::BufRead;

use super::InputError;
use crate::graph::PlainGraph;
use crate::location::Location;

/// The formats of graph files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// DIMACS `.col`: `c` comments, `p edge N M`, `e U V` (vertices 1..N).
    Dimacs,
    /// One edge `U V` per line (names or numbers; a lone name is a vertex), `#` comments.
    EdgeList,
    /// `{"nodes": [...], "edges": [[U, V], ...]}`.
    Json,
}

/// The format of a graph file from its first bytes: JSON when it starts with
/// `{`, DIMACS when its first line that is neither blank nor a comment is a
/// `p` line, an edge list otherwise.
///
/// # Example
/// ```
/// use graphdoku::read::{GraphFormat, detect_graph_format};
/// assert_eq!(detect_graph_format(b"c a comment\np edge 3 2\n"), GraphFormat::Dimacs);
/// assert_eq!(detect_graph_format(b" {\"nodes\": []}"), GraphFormat::Json);
/// assert_eq!(detect_graph_format(b"# roads\nparis lyon\n"), GraphFormat::EdgeList);
/// ```
pub fn detect_graph_format(head: &[u8]) -> GraphFormat {
    let head = head.strip_prefix(super::BOM).unwrap_or(head);
    let text = String::from_utf8_lossy(head);
    if text.trim_start().starts_with('{') {
        return GraphFormat::Json;
    }
    let first = text.lines().map(str::trim).find(|l| {
        !l.is_empty()
            && !l.starts_with('#')
            && !l.starts_with('%')
            && l.split_whitespace().next() != Some("c")
    });
    match first.and_then(|l| l.split_whitespace().next()) {
        Some("p") => GraphFormat::Dimacs,
        _ => GraphFormat::EdgeList,
    }
}

/// Reads a graph in `format` from `input`, called `path` in messages.
///
/// # Errors
/// The first problem, with its file, line and column.
pub fn read_graph(
    input: impl BufRead,
    path: &str,
    format: GraphFormat,
) -> Result<PlainGraph, InputError> {
    match format {
        GraphFormat::Dimacs => super::read_dimacs(input, path),
        GraphFormat::EdgeList => super::read_edge_list(input, path),
        GraphFormat::Json => super::read_json_graph(input, path),
    }
}

/// Calls `each` with every line of `input` (1-based number, text without the
/// line end), stopping at the first error.
pub(crate) fn for_each_line(
    mut input: impl BufRead,
    path: &str,
    mut each: impl FnMut(usize, &str) -> Result<(), InputError>,
) -> Result<(), InputError> {
    let mut buffer = Vec::new();
    let mut number = 0;
    loop {
        buffer.clear();
        let read = input
            .read_until(b'\n', &mut buffer)
            .map_err(|e| InputError {
                location: Location::new(path, number + 1, 0),
                message: format!("{}{e}", super::CANNOT_READ),
            })?;
        if read == 0 {
            return Ok(());
        }
        number += 1;
        let mut bytes = buffer.as_slice();
        if number == 1 {
            bytes = bytes.strip_prefix(super::BOM).unwrap_or(bytes);
        }
        let line = std::str::from_utf8(bytes).map_err(|e| {
            let (location, message) = super::not_utf8(bytes, e.valid_up_to(), path, number);
            InputError { location, message }
        })?;
        each(number, line.trim_end_matches(['\n', '\r']))?;
    }
}

/// The 1-based column (in characters) where `token`, a slice of `line`, starts.
pub(crate) fn column(line: &str, token: &str) -> usize {
    let offset = token.as_ptr() as usize - line.as_ptr() as usize;
    line[..offset].chars().count() + 1
}

/// An error at `line`:`column` of `path`.
pub(crate) fn error_at(path: &str, line: usize, column: usize, message: String) -> InputError {
    InputError {
        location: Location::new(path, line, column),
        message,
    }
}
