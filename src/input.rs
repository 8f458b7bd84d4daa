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

use std::collections::BTreeMap;
use std::io::{BufRead, Read};
use std::path::Path;

use serde::Deserialize;
use thiserror::Error;

use crate::graph::{ConstraintGraph, Layout};
use crate::location::{Location, snippet};
use crate::puzzle::Puzzle;
use crate::symbols::Token;
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
            Error::Io { source, .. } => whole(format!("cannot read: {source}")),
            other => whole(other.to_string()),
        }
    }
}

/// The UTF-8 byte-order mark some editors (Notepad) put at the start of a file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Characters that draw grids rather than hold cells.
const SEPARATORS: &[char] = &['|', '-', '+', '*', '='];

/// How a block of lines maps to cells: `rows` lines of `cols` tokens.
#[derive(Debug, Clone)]
struct BlockShape {
    rows: usize,
    cols: usize,
    /// Cell at each position (row-major), `None` where the shape has no cell.
    cell_at: Vec<Option<usize>>,
    /// The cells of each row, in order.
    row_cells: Vec<Vec<usize>>,
}

impl BlockShape {
    fn of(graph: &ConstraintGraph) -> Option<Self> {
        let (rows, cols) = match graph.layout() {
            Layout::Grid { rows, cols, .. } => (rows, cols),
            Layout::Polar { sectors, rings } => (sectors, rings),
            Layout::Free => return None,
        };
        let mut cell_at = vec![None; rows * cols];
        for (i, cell) in graph.cells().iter().enumerate() {
            let pos = match cell.coord {
                crate::graph::Coord::Grid { row, col } => row * cols + col,
                crate::graph::Coord::Polar { sector, ring } => sector * cols + ring,
                crate::graph::Coord::Free { .. } => return None,
            };
            cell_at[pos] = Some(i);
        }
        let row_cells = cell_at
            .chunks(cols)
            .map(|row| row.iter().flatten().copied().collect())
            .collect();
        (rows > 1).then_some(BlockShape {
            rows,
            cols,
            cell_at,
            row_cells,
        })
    }

    /// Whether `n` tokens can be row `row`: one per position, or one per cell.
    fn fits(&self, row: usize, n: usize) -> bool {
        n == self.cols || n == self.row_cells[row].len()
    }

    /// What row `row` may hold, for messages.
    fn expected(&self, row: usize) -> String {
        match self.row_cells[row].len() {
            n if n == self.cols => format!("{n} cells"),
            n => format!(
                "{} positions ('.' where there is no cell) or its {n} cells",
                self.cols
            ),
        }
    }

    /// Reads the tokens of row `row` into `givens`.
    fn read_row(
        &self,
        graph: &ConstraintGraph,
        row: usize,
        tokens: &[(usize, &str)],
        at: &Location,
        givens: &mut [Option<u8>],
    ) -> Result<(), InputError> {
        if !self.fits(row, tokens.len()) {
            // Point at the first token too many, if any.
            let cells = self.row_cells[row].len();
            let surplus = if tokens.len() > self.cols {
                self.cols
            } else {
                cells
            };
            let column = tokens.get(surplus).map_or(0, |t| t.0);
            return Err(InputError {
                location: Location::new(at.file.clone(), at.line, column),
                message: format!(
                    "expected {} in this row, found {}",
                    self.expected(row),
                    tokens.len()
                ),
            });
        }
        let compact = tokens.len() != self.cols;
        read_cells(graph, tokens, at, |i, v| {
            let cell = if compact {
                Some(self.row_cells[row][i])
            } else {
                self.cell_at[row * self.cols + i]
            };
            match (cell, v) {
                (Some(cell), _) => {
                    givens[cell] = v;
                    Ok(())
                }
                (None, None) => Ok(()),
                (None, Some(_)) => Err("a symbol where the shape has no cell".into()),
            }
        })
    }
}

/// A grid block being read.
#[derive(Debug)]
struct Block {
    label: String,
    start: Location,
    rows: usize,
    givens: Vec<Option<u8>>,
    error: Option<InputError>,
}

/// Splits a line into cell tokens with their 1-based columns.
fn tokens<'a>(graph: &ConstraintGraph, text: &'a str) -> Vec<(usize, &'a str)> {
    let alphabet = graph.alphabet();
    let keep = |t: &str| {
        !t.chars().all(|c| SEPARATORS.contains(&c)) || !matches!(alphabet.token(t), Token::Unknown)
    };
    let mut out = Vec::new();
    if alphabet.single_chars() {
        for (col, (at, ch)) in text.char_indices().enumerate() {
            let t = &text[at..at + ch.len_utf8()];
            if !ch.is_whitespace() && keep(t) {
                out.push((col + 1, t));
            }
        }
    } else {
        let mut col = 0;
        let mut start = None;
        for (at, ch) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            col += 1;
            match (ch.is_whitespace(), start) {
                (false, None) => start = Some((col, at)),
                (true, Some((c, s))) => {
                    let t = &text[s..at];
                    if keep(t) {
                        out.push((c, t));
                    }
                    start = None;
                }
                _ => {}
            }
        }
    }
    out
}

/// Reads `tokens` as cells, writing givens through `place` (position → slot).
fn read_cells(
    graph: &ConstraintGraph,
    tokens: &[(usize, &str)],
    at: &Location,
    mut place: impl FnMut(usize, Option<u8>) -> Result<(), String>,
) -> Result<(), InputError> {
    for (i, &(col, text)) in tokens.iter().enumerate() {
        let value = match graph.alphabet().token(text) {
            Token::Symbol(c) => Some(c),
            Token::Empty => None,
            Token::Unknown => {
                return Err(InputError {
                    location: Location::new(at.file.clone(), at.line, col),
                    message: format!(
                        "unknown symbol {text:?}: expected {}",
                        graph.alphabet().expected()
                    ),
                });
            }
        };
        place(i, value).map_err(|message| InputError {
            location: Location::new(at.file.clone(), at.line, col),
            message,
        })?;
    }
    Ok(())
}

/// Checks a complete puzzle against the graph (clashing givens).
fn checked(
    graph: &ConstraintGraph,
    givens: Vec<Option<u8>>,
    at: &Location,
) -> Result<Puzzle, InputError> {
    let puzzle = Puzzle::new(givens);
    puzzle.check(graph).map_err(|message| InputError {
        location: at.clone(),
        message,
    })?;
    Ok(puzzle)
}

/// Streams the puzzles of a text input (see the module docs for the formats).
///
/// # Example
/// ```
/// use graphdoku::{ConstraintGraph, PuzzleReader};
/// let g = ConstraintGraph::load("sudoku4").unwrap();
/// let text = "# two 4x4 puzzles\n1..4.4...3..2..1\n12..\n....\n....\n..21\n";
/// let records: Vec<_> = PuzzleReader::new(&g, text.as_bytes(), "example").collect();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[1].label, "line 3");
/// assert_eq!(records[1].puzzle.as_ref().unwrap().clue_count(), 4);
/// ```
pub struct PuzzleReader<'g, R> {
    graph: &'g ConstraintGraph,
    input: R,
    file: String,
    line: usize,
    buffer: Vec<u8>,
    /// Longest line kept; the rest of a longer line is skipped unread into memory.
    max_line: usize,
    shape: Option<BlockShape>,
    block: Option<Block>,
    finished: bool,
}

impl<'g, R: BufRead> PuzzleReader<'g, R> {
    /// A reader of `input`, which is called `file` in messages.
    pub fn new(graph: &'g ConstraintGraph, input: R, file: &str) -> Self {
        PuzzleReader {
            graph,
            input,
            file: file.to_string(),
            line: 0,
            buffer: Vec::new(),
            max_line: max_line(graph),
            shape: BlockShape::of(graph),
            block: None,
            finished: false,
        }
    }

    fn here(&self, column: usize) -> Location {
        Location::new(self.file.clone(), self.line, column)
    }

    fn error(&self, column: usize, message: String) -> Record {
        Record {
            label: format!("line {}", self.line),
            location: self.here(column),
            puzzle: Err(InputError {
                location: self.here(column),
                message,
            }),
        }
    }

    /// The record of a block, complete or not.
    fn close(&mut self, block: Block) -> Record {
        let puzzle = match block.error {
            Some(e) => Err(e),
            None if block.rows < self.shape.as_ref().map_or(0, |s| s.rows) => Err(InputError {
                location: block.start.clone(),
                message: format!(
                    "{}: only {} of {} rows",
                    block.label,
                    block.rows,
                    self.shape.as_ref().map_or(0, |s| s.rows)
                ),
            }),
            None => checked(self.graph, block.givens, &block.start),
        };
        Record {
            label: block.label,
            location: block.start,
            puzzle,
        }
    }

    /// Handles one line; returns a record when one is complete.
    fn line(&mut self, text: &str) -> Option<Record> {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return None;
        }
        if trimmed.starts_with("Grid") {
            let previous = self.block.take().map(|b| self.close(b));
            self.start_block(trimmed.to_string());
            if self.shape.is_none() {
                self.block = None;
                return Some(self.error(1, "grid blocks need a grid or polar variant".into()));
            }
            return previous;
        }
        let tokens = tokens(self.graph, text);
        if tokens.is_empty() {
            return None; // a separator line
        }
        if self.block.is_none() {
            if tokens.len() == self.graph.len() {
                return Some(self.single_line(&tokens));
            }
            if !self.shape.as_ref().is_some_and(|s| s.fits(0, tokens.len())) {
                let expected = match &self.shape {
                    Some(shape) => format!(
                        "{} cells (one puzzle per line) or {} (one grid row)",
                        self.graph.len(),
                        shape.expected(0).trim_end_matches(" cells")
                    ),
                    None => format!("{} cells", self.graph.len()),
                };
                let column = tokens
                    .get(self.graph.len())
                    .map_or(text.chars().count() + 1, |t| t.0);
                return Some(self.error(
                    column,
                    format!("expected {expected}, found {}", tokens.len()),
                ));
            }
            self.start_block(format!("line {}", self.line));
        }
        self.block_row(&tokens)
    }

    /// Handles the bytes of one line (`length` bytes long in the input): too
    /// long, not UTF-8, or text to read.
    fn decoded(&mut self, bytes: &[u8], length: usize) -> Option<Record> {
        if length > self.max_line {
            let message = format!(
                "a line of {length} bytes, longer than any puzzle of {:?} ({} bytes at most): not read",
                self.graph.name(),
                self.max_line
            );
            return Some(self.error(0, message));
        }
        let mut bytes = bytes;
        if self.line == 1 {
            bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => self.line(text.trim_end_matches(['\n', '\r'])),
            Err(e) => {
                let (at, message) = not_utf8(bytes, e.valid_up_to(), &self.file, self.line);
                Some(self.error(at.column, message))
            }
        }
    }

    fn start_block(&mut self, label: String) {
        self.block = Some(Block {
            label,
            start: self.here(0),
            rows: 0,
            givens: vec![None; self.graph.len()],
            error: None,
        });
    }

    fn single_line(&self, tokens: &[(usize, &str)]) -> Record {
        let at = self.here(0);
        let mut givens = vec![None; self.graph.len()];
        let puzzle = read_cells(self.graph, tokens, &at, |i, v| {
            givens[i] = v;
            Ok(())
        })
        .and_then(|()| checked(self.graph, givens, &at));
        Record {
            label: format!("line {}", self.line),
            location: at,
            puzzle,
        }
    }

    fn block_row(&mut self, tokens: &[(usize, &str)]) -> Option<Record> {
        let (shape, mut block) = (self.shape.as_ref()?, self.block.take()?);
        let row = block.rows;
        block.rows += 1;
        if block.error.is_none() {
            block.error = shape
                .read_row(self.graph, row, tokens, &self.here(0), &mut block.givens)
                .err();
        }
        if block.rows == shape.rows {
            Some(self.close(block))
        } else {
            self.block = Some(block);
            None
        }
    }
}

/// The longest line a reader of `graph` keeps: far more than any way of writing
/// one of its puzzles on a line (with separators and padding), at least 64 KiB.
fn max_line(graph: &ConstraintGraph) -> usize {
    let per_cell = graph.alphabet().width() + 1;
    (graph.len() * per_cell * 4).max(1 << 16)
}

impl<R: BufRead> PuzzleReader<'_, R> {
    /// Reads the next line's bytes into `buffer`, keeping at most `max_line` of
    /// them: returns the line's full length (its newline included), `None` at
    /// the end of the input.
    fn read_line(&mut self) -> std::io::Result<Option<usize>> {
        self.buffer.clear();
        let mut total = 0;
        loop {
            let available = match self.input.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok((total > 0).then_some(total));
            }
            let (n, done) = match available.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (available.len(), false),
            };
            let room = self.max_line.saturating_sub(self.buffer.len());
            self.buffer.extend_from_slice(&available[..n.min(room)]);
            self.input.consume(n);
            total += n;
            if done {
                return Ok(Some(total));
            }
        }
    }
}

impl<R: BufRead> Iterator for PuzzleReader<'_, R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        while !self.finished {
            match self.read_line() {
                Ok(None) => {
                    self.finished = true;
                    return self.block.take().map(|b| self.close(b));
                }
                Ok(Some(length)) => {
                    self.line += 1;
                    let mut bytes = std::mem::take(&mut self.buffer);
                    let record = self.decoded(&bytes, length);
                    bytes.clear();
                    self.buffer = bytes;
                    if record.is_some() {
                        return record;
                    }
                }
                Err(e) => {
                    self.finished = true;
                    self.line += 1;
                    return Some(self.error(0, format!("cannot read: {e}")));
                }
            }
        }
        None
    }
}

/// A puzzle file in RON: names its variant and lists its givens.
///
/// ```ron
/// Puzzle(
///     variant: "../variants/pie.ron",   // a path relative to this file, or a built-in name
///     givens: Rows(["5 . . . 7 4", ...]), // or Cells({"s1r1": "5", ...})
/// )
/// ```
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename = "Puzzle", deny_unknown_fields)]
pub struct PuzzleSpec {
    /// The variant: a path relative to the puzzle file, or a built-in name.
    pub variant: String,
    /// A name for messages and output.
    #[serde(default)]
    pub name: Option<String>,
    /// The givens.
    pub givens: GivensSpec,
}

/// How a RON puzzle lists its givens.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum GivensSpec {
    /// Strings of cells that, read in order, cover every cell in the variant's order
    /// (one string per grid row, or per sector of a polar shape).
    Rows(Vec<String>),
    /// Givens by cell name; other cells are empty. A cell named twice is an error.
    Cells(#[serde(deserialize_with = "crate::variant::unique_keys")] BTreeMap<String, String>),
}

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

/// The puzzles of a RON puzzle file, each with the graph of its variant.
#[derive(Debug)]
pub struct RonPuzzles {
    /// The graphs of the variants the puzzles name, each built once.
    pub graphs: Vec<ConstraintGraph>,
    /// Every puzzle in file order, with the index of its graph in `graphs`, or
    /// `None` when its variant could not be used (the record says why).
    pub records: Vec<(Option<usize>, Record)>,
}

/// Reads a RON puzzle file's text: one `Puzzle(…)` document, or several in a row
/// (as `graphdoku generate -f ron -n N` writes them). Each names its variant,
/// resolved next to `path` or else as a built-in; each variant is built once.
///
/// With one document, a record is located at the whole file; with several, at
/// the line where its document starts, and labelled so when it has no name.
///
/// # Errors
/// RON syntax (with line, column and the offending line; a file that ends too
/// soon says so), which stops the reading. An unusable variant or bad givens
/// (unknown symbol or cell, a cell given twice, wrong count, clashing givens) make
/// that puzzle's record an error and the others are still read.
///
/// # Example
/// ```
/// let text = r#"Puzzle(variant: "sudoku4", givens: Rows(["1...", "....", "....", "...."]))
/// Puzzle(variant: "sudoku4", givens: Cells({"r1c1": "2"}))"#;
/// let read = graphdoku::input::read_ron_puzzles(text, "two.ron").unwrap();
/// assert_eq!(read.graphs.len(), 1);
/// assert_eq!(read.records.len(), 2);
/// assert_eq!(read.records[1].1.label, "two.ron:2");
/// ```
pub fn read_ron_puzzles(source: &str, path: &str) -> Result<RonPuzzles, Error> {
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let syntax = |e: ron::error::SpannedError| {
        let (line, column) = (e.span.start.line, e.span.start.col);
        Error::Input {
            error: InputError {
                location: Location::new(path, line, column),
                message: crate::ron_error::message(&e, source, "the puzzle"),
            },
            snippet: format!("\n{}", snippet(source, line, column)),
        }
    };
    let mut de = ron::Deserializer::from_str_with_options(source, &options).map_err(syntax)?;
    let mut specs = Vec::new();
    while de.end().is_err() {
        let start = source.len() - de.remainder().len();
        let spec = PuzzleSpec::deserialize(&mut de).map_err(|e| syntax(de.span_error(e)))?;
        specs.push((start, spec));
    }
    if specs.is_empty() {
        return Err(Error::Input {
            error: InputError {
                location: Location::new(path, 0, 0),
                message: "no puzzles found".into(),
            },
            snippet: String::new(),
        });
    }
    let several = specs.len() > 1;
    let mut read = RonPuzzles {
        graphs: Vec::new(),
        records: Vec::new(),
    };
    let mut by_variant: Vec<(String, Result<usize, InputError>)> = Vec::new();
    for (start, spec) in specs {
        let line = source[..start].matches('\n').count() + 1;
        let whole = Location::new(path, if several { line } else { 0 }, 0);
        let label = match &spec.name {
            Some(name) => name.clone(),
            None => whole.to_string(),
        };
        let graph = match by_variant.iter().find(|(v, _)| *v == spec.variant) {
            Some((_, graph)) => graph.clone(),
            None => {
                let graph = puzzle_variant(&spec.variant, source, start, path).map(|graph| {
                    read.graphs.push(graph);
                    read.graphs.len() - 1
                });
                by_variant.push((spec.variant.clone(), graph.clone()));
                graph
            }
        };
        let (index, puzzle) = match graph {
            Ok(index) => {
                let graph = &read.graphs[index];
                let puzzle = ron_givens(graph, &spec.givens, source, path, start)
                    .and_then(|givens| checked(graph, givens, &whole));
                (Some(index), puzzle)
            }
            Err(e) => (None, Err(e)),
        };
        let record = Record {
            label,
            location: whole,
            puzzle,
        };
        read.records.push((index, record));
    }
    Ok(read)
}

/// The graph of the variant a RON puzzle names (at byte `start` of `source`): a
/// path beside the puzzle file, or else a built-in. When it is neither, the error
/// points at the name in the puzzle file and says which path was tried.
fn puzzle_variant(
    name: &str,
    source: &str,
    start: usize,
    path: &str,
) -> Result<ConstraintGraph, InputError> {
    let beside = Path::new(path).parent().unwrap_or(Path::new("")).join(name);
    let variant = if beside.is_file() {
        beside.to_string_lossy().into_owned()
    } else {
        name.to_string()
    };
    ConstraintGraph::load(&variant).map_err(|e| match e {
        VariantError::Unknown { .. } => {
            let at = source[start..]
                .find(&format!("{name:?}"))
                .map_or(start, |at| start + at);
            let line = source[..at].matches('\n').count() + 1;
            let column = source[..at]
                .rsplit('\n')
                .next()
                .map_or(0, |l| l.chars().count())
                + 1;
            let builtins: Vec<&str> = crate::variant::BUILTINS.iter().map(|b| b.0).collect();
            InputError {
                location: Location::new(path, line, column),
                message: format!(
                    "variant {name:?}: no such file (looked for {}) and not a built-in ({})\n{}",
                    beside.display(),
                    builtins.join(", "),
                    snippet(source, line, column)
                ),
            }
        }
        other => Error::Variant(other).located(path),
    })
}

/// Reads a RON puzzle file's text that holds exactly one puzzle: its variant
/// (resolved next to `path`) and its record.
///
/// # Errors
/// As [`read_ron_puzzles`]; an unusable variant is an error here, and so is a
/// file of several puzzles.
pub fn read_ron_puzzle(source: &str, path: &str) -> Result<(ConstraintGraph, Record), Error> {
    let mut read = read_ron_puzzles(source, path)?;
    if read.records.len() > 1 {
        return Err(Error::Input {
            error: InputError {
                location: Location::new(path, 0, 0),
                message: format!("{} puzzles where one was expected", read.records.len()),
            },
            snippet: String::new(),
        });
    }
    match read.records.pop() {
        Some((Some(index), record)) => Ok((read.graphs.swap_remove(index), record)),
        Some((None, record)) => Err(Error::Input {
            error: record
                .puzzle
                .expect_err("a record without a graph is an error"),
            snippet: String::new(),
        }),
        None => unreachable!("read_ron_puzzles returns at least one record"),
    }
}

/// The givens of a RON puzzle; errors point into `source` where the text is found.
fn ron_givens(
    graph: &ConstraintGraph,
    spec: &GivensSpec,
    source: &str,
    path: &str,
    start: usize,
) -> Result<Vec<Option<u8>>, InputError> {
    let mut givens = vec![None; graph.len()];
    let locate = |needle: &str, from: usize| -> (Location, usize) {
        match source[from..].find(needle) {
            Some(at) => {
                let at = from + at;
                let line = source[..at].matches('\n').count() + 1;
                let column = source[..at]
                    .rsplit('\n')
                    .next()
                    .map_or(0, |l| l.chars().count())
                    + 2;
                (Location::new(path, line, column), at + needle.len())
            }
            None => (Location::new(path, 0, 0), from),
        }
    };
    match spec {
        GivensSpec::Rows(rows) => {
            // One string per grid row (or sector) reads like a grid block; any
            // other split is read as the cells in order.
            let shape = BlockShape::of(graph).filter(|s| s.rows == rows.len());
            let mut cursor = start;
            let mut filled = 0;
            for (r, row) in rows.iter().enumerate() {
                let (at, next) = locate(&format!("{row:?}"), cursor);
                cursor = next;
                let tokens = tokens(graph, row);
                let offset = at.column;
                let shifted: Vec<_> = tokens.iter().map(|&(c, t)| (c + offset - 1, t)).collect();
                if let Some(shape) = &shape {
                    shape.read_row(graph, r, &shifted, &at, &mut givens)?;
                    continue;
                }
                read_cells(graph, &shifted, &at, |i, v| {
                    let slot = givens
                        .get_mut(filled + i)
                        .ok_or_else(|| format!("more cells than the variant's {}", graph.len()))?;
                    *slot = v;
                    Ok(())
                })?;
                filled += tokens.len();
            }
            if shape.is_none() && filled != graph.len() {
                let (at, _) = locate("Rows", start);
                return Err(InputError {
                    message: format!(
                        "the rows hold {filled} cells, the variant {}\n{}",
                        graph.len(),
                        snippet(source, at.line, at.column - 1)
                    ),
                    location: Location::new(path, at.line, at.column - 1),
                });
            }
        }
        GivensSpec::Cells(cells) => {
            for (name, value) in cells {
                let (at, _) = locate(&format!("{name:?}"), start);
                let cell = graph.cell_index(name).ok_or_else(|| InputError {
                    location: at.clone(),
                    message: format!("unknown cell name {name:?}"),
                })?;
                read_cells(graph, &[(at.column, value.trim())], &at, |_, v| {
                    givens[cell] = v;
                    Ok(())
                })?;
            }
        }
    }
    Ok(givens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(variant: &str, text: &str) -> Vec<Record> {
        let g = ConstraintGraph::load(variant).unwrap();
        PuzzleReader::new(&g, text.as_bytes(), "t").collect()
    }

    const EXAMPLE_ROWS: [&str; 9] = [
        "003020600",
        "900305001",
        "001806400",
        "008102900",
        "700000008",
        "006708200",
        "002609500",
        "800203009",
        "005010300",
    ];

    #[test]
    fn euler_blocks_with_lf_crlf_and_no_final_newline() {
        let block = format!("Grid 01\n{}\n", EXAMPLE_ROWS.join("\n"));
        let lf = format!("{block}{block}\n\n");
        let crlf = lf.replace('\n', "\r\n");
        let bare = lf.trim_end().to_string();
        for text in [lf, crlf, bare] {
            let records = read("sudoku9", &text);
            assert_eq!(records.len(), 2);
            assert_eq!(records[0].label, "Grid 01");
            assert_eq!(records[1].location.line, 11);
            assert_eq!(records[0].puzzle.as_ref().unwrap().clue_count(), 32);
        }
    }

    #[test]
    fn a_short_row_spoils_its_block_only() {
        let mut rows = EXAMPLE_ROWS.map(String::from).to_vec();
        rows[2].pop();
        let text = format!(
            "Grid 01\n{}\nGrid 02\n{}\n",
            rows.join("\n"),
            EXAMPLE_ROWS.join("\n")
        );
        let records = read("sudoku9", &text);
        assert_eq!(records.len(), 2);
        let err = records[0].puzzle.as_ref().unwrap_err();
        assert_eq!(
            err.to_string(),
            "t:4: expected 9 cells in this row, found 8"
        );
        assert!(records[1].puzzle.is_ok());
    }

    #[test]
    fn pasted_boxed_grid() {
        let text = "\
+-------+-------+-------+
| . . 3 | . 2 . | 6 . . |
| 9 . . | 3 . 5 | . . 1 |
| . . 1 | 8 . 6 | 4 . . |
+-------+-------+-------+
| . . 8 | 1 . 2 | 9 . . |
| 7 . . | . . . | . . 8 |
| . . 6 | 7 . 8 | 2 . . |
+-------+-------+-------+
| . . 2 | 6 . 9 | 5 . . |
| 8 . . | 2 . 3 | . . 9 |
| . . 5 | . 1 . | 3 . . |
+-------+-------+-------+
";
        let records = read("sudoku9", text);
        assert_eq!(records.len(), 1);
        let expected = read("sudoku9", &EXAMPLE_ROWS.concat());
        assert_eq!(records[0].puzzle, expected[0].puzzle);
    }

    #[test]
    fn line_errors_have_columns() {
        let records = read(
            "sudoku9",
            &format!(
                "{}\n{}x\n{}\n",
                &EXAMPLE_ROWS.concat()[..80],
                &EXAMPLE_ROWS.concat()[..80],
                EXAMPLE_ROWS.concat()
            ),
        );
        assert_eq!(records.len(), 3);
        assert_eq!(
            records[0].puzzle.as_ref().unwrap_err().to_string(),
            "t:1:81: expected 81 cells (one puzzle per line) or 9 (one grid row), found 80"
        );
        let unknown = records[1].puzzle.as_ref().unwrap_err().to_string();
        assert!(
            unknown.starts_with("t:2:81: unknown symbol \"x\""),
            "{unknown}"
        );
        assert!(records[2].puzzle.is_ok());
    }

    #[test]
    fn multi_character_symbols_are_tokens() {
        let line = "5 . . . 7 4 ".repeat(12);
        let records = read("pie", &line);
        assert_eq!(records.len(), 1);
        let err = records[0].puzzle.as_ref().unwrap_err().to_string();
        assert!(
            err.contains("givens clash: s1r1 and s2r1 are both 5 (ring 1)"),
            "{err}"
        );
    }

    #[test]
    fn zero_is_a_symbol_in_hex_alphabets() {
        let line = format!("0{}", ".".repeat(255));
        let records = read("sudoku16", &line);
        assert_eq!(records[0].puzzle.as_ref().unwrap().givens()[0], Some(0));
    }

    #[test]
    fn incomplete_block_at_end_of_input() {
        let text = format!("Grid 01\n{}\n", EXAMPLE_ROWS[..5].join("\n"));
        let records = read("sudoku9", &text);
        assert_eq!(records.len(), 1);
        assert!(
            records[0]
                .puzzle
                .as_ref()
                .unwrap_err()
                .message
                .contains("only 5 of 9 rows")
        );
    }

    #[test]
    fn rows_of_a_masked_shape_list_positions_or_cells() {
        let src = r###"Variant(name: "L", symbols: Chars("12"),
            cells: Grid(rows: 2, cols: 3, mask: ["##.", ".##"]), houses: [Rows])"###;
        let g = ConstraintGraph::build(&crate::variant::parse(src, "t").unwrap()).unwrap();
        let read = |text: &str| {
            let records: Vec<_> = PuzzleReader::new(&g, text.as_bytes(), "t").collect();
            assert_eq!(records.len(), 1, "{text}");
            records[0].puzzle.clone()
        };
        let expected = Puzzle::new(vec![Some(0), None, Some(1), None]);
        // Every position, '.' at the gaps; only the cells; a mixture.
        for text in ["1..\n.2.\n", "1.\n2.\n", "1 .\n.2.\n"] {
            assert_eq!(read(text).as_ref(), Ok(&expected), "{text:?}");
        }
        let err = read("1.2\n.2.\n").unwrap_err();
        assert_eq!(err.message, "a symbol where the shape has no cell");
        let err = read("1.\n2...\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "t:2:4: expected 3 positions ('.' where there is no cell) or its 2 cells in this row, found 4"
        );
    }

    #[test]
    fn detects_ron() {
        assert!(looks_like_ron(b"// a puzzle\n\nPuzzle(variant: \"pie\")"));
        assert!(!looks_like_ron(b"Grid 01\n"));
    }
}
