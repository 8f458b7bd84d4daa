//! General graph files: which format a file is in, and reading it into a [`PlainGraph`].

use std::io::{BufRead, Read};

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
        // Read no further than the longest line kept: a file of one endless
        // line is refused at its first MAX_LINE bytes, not held whole.
        let read = (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buffer)
            .map_err(|e| InputError {
                location: Location::new(path, number + 1, 0),
                message: format!("{}{e}", super::CANNOT_READ),
            })?;
        if read == 0 {
            return Ok(());
        }
        number += 1;
        if buffer.len() > MAX_LINE {
            return Err(error_at(
                path,
                number,
                0,
                format!("a line longer than {MAX_LINE} bytes: not a graph file's line"),
            ));
        }
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

/// The longest line of an edge list or DIMACS file: an edge or a comment
/// takes a few dozen bytes.
const MAX_LINE: usize = 1 << 16;

/// The edges of a graph file as they are read, repeats folded away whenever
/// the list has doubled since the last fold: a file that lists one edge a
/// hundred million times holds one edge, not 800 MB of them, and one of
/// distinct edges at most twice its final size.
#[derive(Debug, Default)]
pub(crate) struct Edges {
    list: Vec<(u32, u32)>,
    /// The length of the list after its last fold.
    folded: usize,
}

impl Edges {
    /// Adds the edge between `a` and `b` (either way round).
    pub(crate) fn push(&mut self, a: u32, b: u32) {
        self.list.push((a.min(b), a.max(b)));
        if self.list.len() >= (2 * self.folded).max(FOLD_FROM) {
            self.fold();
        }
    }

    /// The edges, each once, sorted.
    pub(crate) fn into_sorted(mut self) -> Vec<(u32, u32)> {
        self.fold();
        self.list
    }

    fn fold(&mut self) {
        self.list.sort_unstable();
        self.list.dedup();
        self.folded = self.list.len();
    }
}

/// Edges kept before the first fold.
const FOLD_FROM: usize = 1 << 16;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_edges_are_folded_as_they_are_read() {
        let mut edges = Edges::default();
        for _ in 0..1_000_000 {
            edges.push(2, 1);
            edges.push(1, 2);
        }
        edges.push(0, 3);
        // Two million edges read, never more than a fold's worth held.
        assert!(
            edges.list.capacity() <= 2 * FOLD_FROM,
            "{}",
            edges.list.capacity()
        );
        assert_eq!(edges.into_sorted(), [(0, 3), (1, 2)]);
    }
}
