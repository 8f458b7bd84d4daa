//! Text puzzles: one per line, Project Euler `Grid` blocks, and pasted grids.

use std::io::BufRead;

use super::{BOM, InputError, Record, not_utf8};
use crate::graph::{ConstraintGraph, Layout};
use crate::location::Location;
use crate::puzzle::Puzzle;
use crate::symbols::Token;

/// Characters that draw grids rather than hold cells.
const SEPARATORS: &[char] = &['|', '-', '+', '*', '='];

/// How a block of lines maps to cells: `rows` lines of `cols` tokens.
#[derive(Debug, Clone)]
pub(super) struct BlockShape {
    pub(super) rows: usize,
    cols: usize,
    /// Cell at each position (row-major), `None` where the shape has no cell.
    cell_at: Vec<Option<usize>>,
    /// The cells of each row, in order.
    row_cells: Vec<Vec<usize>>,
}

impl BlockShape {
    pub(super) fn of(graph: &ConstraintGraph) -> Option<Self> {
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
    pub(super) fn read_row(
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

/// When a line came out as fewer tokens than cells because its cells were
/// written together (`.....`) under an alphabet whose symbols need blanks
/// between them (`10`, `11` …), a hint saying so.
fn spacing_hint(graph: &ConstraintGraph, tokens: &[(usize, &str)]) -> Option<String> {
    let alphabet = graph.alphabet();
    let glued = tokens
        .iter()
        .any(|(_, t)| t.chars().count() > alphabet.width());
    (!alphabet.single_chars() && tokens.len() < graph.len() && glued).then(|| {
        let symbols = alphabet.symbols();
        format!(
            "; with symbols of more than one character ({} … {}), cells are written \
             with blanks between them: `. . {} . {}`",
            symbols[..3.min(symbols.len())].join(" "),
            symbols[symbols.len() - 1],
            symbols[0],
            symbols[symbols.len() - 1],
        )
    })
}

/// Splits a line into cell tokens with their 1-based columns.
pub(super) fn tokens<'a>(graph: &ConstraintGraph, text: &'a str) -> Vec<(usize, &'a str)> {
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
pub(super) fn read_cells(
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
pub(super) fn checked(
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
    /// What each byte means when every symbol is one ASCII character.
    bytes: Option<Box<ByteTable>>,
}

/// What each byte of a puzzle line means, when every symbol is one character.
#[derive(Debug)]
struct ByteTable {
    /// The meaning of every byte.
    bytes: [Byte; 256],
    /// When the symbols are consecutive bytes, a cheaper reading of them.
    run: Option<Run>,
}

/// Symbols written as consecutive bytes (colour `c` as `first + c`): a line
/// of one byte per cell is then read by arithmetic on each byte, which the
/// compiler does many bytes at a time, instead of a table lookup per byte.
#[derive(Debug, Clone, Copy)]
struct Run {
    /// The byte of colour 0.
    first: u8,
    /// How many colours.
    colours: u8,
    /// The bytes of a blank cell (the same byte twice when there is one).
    blanks: [u8; 2],
}

/// What a byte of a puzzle line means, when every symbol is one character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Byte {
    /// The cell's value when `kind` is [`Kind::Cell`].
    value: Option<u8>,
    kind: Kind,
}

/// The kinds of [`Byte`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A symbol or a blank.
    Cell,
    /// Whitespace or drawing.
    Skip,
    /// Anything else: the line is read the slow way, which explains it.
    Other,
}

/// The meaning of every byte for `graph`, when its symbols are single characters.
fn byte_table(graph: &ConstraintGraph) -> Option<Box<ByteTable>> {
    let alphabet = graph.alphabet();
    if !alphabet.single_chars() {
        return None;
    }
    let other = Byte {
        value: None,
        kind: Kind::Other,
    };
    let mut bytes = [other; 256];
    let mut blanks = Vec::new();
    for b in 0..128u8 {
        let ch = b as char;
        let (value, kind) = match alphabet.token(ch.encode_utf8(&mut [0; 4])) {
            Token::Symbol(c) => (Some(c), Kind::Cell),
            Token::Empty => {
                blanks.push(b);
                (None, Kind::Cell)
            }
            Token::Unknown if ch.is_whitespace() || SEPARATORS.contains(&ch) => (None, Kind::Skip),
            Token::Unknown => (None, Kind::Other),
        };
        bytes[b as usize] = Byte { value, kind };
    }
    let run = run_of(&bytes, alphabet.len(), &blanks);
    Some(Box::new(ByteTable { bytes, run }))
}

/// The [`Run`] of a byte table with `colours` colours and these blank bytes,
/// if its symbols are consecutive bytes and it has one or two blanks.
fn run_of(bytes: &[Byte; 256], colours: usize, blanks: &[u8]) -> Option<Run> {
    let first = bytes.iter().position(|b| b.value == Some(0))?;
    let consecutive = (0..colours).all(|c| {
        let at = first + c;
        at < 256 && bytes[at].value == Some(c as u8)
    });
    let blanks = match *blanks {
        [one] => [one, one],
        [one, two] => [one, two],
        _ => return None,
    };
    (consecutive && colours < 256).then_some(Run {
        first: first as u8,
        colours: colours as u8,
        blanks,
    })
}

/// Where a line is, for its record.
#[derive(Clone, Copy)]
struct Place<'a> {
    file: &'a str,
    line: usize,
}

impl ByteTable {
    /// Whether `bytes` (a line without its end) may hold one puzzle of
    /// `cells` cells written one byte per cell: long enough, not a comment,
    /// not a block's title.
    fn may_be_line(bytes: &[u8], cells: usize) -> bool {
        match bytes.first() {
            _ if bytes.len() < cells => return false,
            // The common line starts with a cell: no search for its start.
            Some(&b) if b.is_ascii_graphic() && b != b'#' && b != b'G' => return true,
            _ => {}
        }
        let first = bytes.iter().position(|&b| !(b as char).is_whitespace());
        let start = &bytes[first.unwrap_or(bytes.len())..];
        !start.starts_with(b"#") && !start.starts_with(b"Grid")
    }

    /// Reads a line of [`Self::may_be_line`] into `givens` (one per cell);
    /// false when it is not one puzzle of one byte per cell after all (with
    /// `plain`, also when a byte is not a cell), and `givens` is then garbage.
    fn cells(&self, bytes: &[u8], givens: &mut [Option<u8>], plain: bool) -> bool {
        if bytes.len() == givens.len() {
            // The common line: a byte per cell, nothing to skip, no test per
            // byte, many bytes at a time where the symbols are a run.
            let cell = match self.run {
                Some(run) => run.cells(bytes, givens),
                None => {
                    let mut other = false;
                    for (given, &b) in givens.iter_mut().zip(bytes) {
                        let byte = self.bytes[b as usize];
                        other |= byte.kind != Kind::Cell;
                        *given = byte.value;
                    }
                    !other
                }
            };
            if cell || plain {
                return cell;
            }
        }
        let mut cells = 0;
        for &b in bytes {
            let byte = self.bytes[b as usize];
            match byte.kind {
                Kind::Cell => {
                    let Some(given) = givens.get_mut(cells) else {
                        return false;
                    };
                    *given = byte.value;
                    cells += 1;
                }
                Kind::Skip => {}
                Kind::Other => return false,
            }
        }
        cells == givens.len()
    }

    /// Reads `line` (with or without its end) into `record` if it is one
    /// puzzle of one byte per cell, reusing the record's memory; false
    /// (record untouched or garbage) for any other line, and with `plain`
    /// unless every byte is a cell.
    fn record(
        &self,
        graph: &ConstraintGraph,
        line: &[u8],
        at: Place,
        record: &mut Record,
        plain: bool,
    ) -> bool {
        let mut bytes = line;
        while let [rest @ .., b'\n' | b'\r'] = bytes {
            bytes = rest;
        }
        let cells = graph.len();
        if !Self::may_be_line(bytes, cells) {
            return false;
        }
        if !matches!(&record.puzzle, Ok(p) if p.givens().len() == cells) {
            record.puzzle = Ok(Puzzle::empty(cells));
        }
        let Ok(puzzle) = &mut record.puzzle else {
            return false;
        };
        if !self.cells(bytes, puzzle.givens_mut(), plain) {
            return false;
        }
        if let Err(message) = puzzle.check(graph) {
            record.puzzle = Err(InputError {
                location: Location::new(at.file.to_string(), at.line, 0),
                message,
            });
        }
        set_line_label(&mut record.label, at.line);
        if record.location.file != at.file {
            record.location.file.clear();
            record.location.file.push_str(at.file);
        }
        record.location.line = at.line;
        record.location.column = 0;
        true
    }
}

impl Run {
    /// Reads a line of one byte per cell into `givens`: false when a byte is
    /// neither a symbol nor a blank. No branch per byte: the compiler reads
    /// many bytes at a time.
    fn cells(self, bytes: &[u8], givens: &mut [Option<u8>]) -> bool {
        let mut cell = true;
        for (given, &b) in givens.iter_mut().zip(bytes) {
            let colour = b.wrapping_sub(self.first);
            let symbol = colour < self.colours;
            cell &= symbol | (b == self.blanks[0]) | (b == self.blanks[1]);
            *given = if symbol { Some(colour) } else { None };
        }
        cell
    }
}

/// A record to be filled in by [`PuzzleReader::read_into`]: allocates nothing.
fn blank_record() -> Record {
    Record {
        label: String::new(),
        location: Location::new(String::new(), 0, 0),
        puzzle: Err(InputError {
            location: Location::new(String::new(), 0, 0),
            message: String::new(),
        }),
    }
}

/// `label` set to `line N`, in place (no formatting machinery, no allocation
/// once the string has room).
fn set_line_label(label: &mut String, line: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = line;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    label.clear();
    label.push_str("line ");
    label.extend(digits[at..].iter().map(|&d| d as char));
}

/// Where the first `\n` of `bytes` is, eight bytes at a time.
fn newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const LF: u64 = ONES * b'\n' as u64;
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word) ^ LF;
        // A high bit for each zero byte (and maybe above one): the lowest is the first.
        let zeros = x.wrapping_sub(ONES) & !x & (ONES << 7);
        if zeros != 0 {
            return Some(at + zeros.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    let rest = chunks.remainder().iter().position(|&b| b == b'\n');
    rest.map(|i| at + i)
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
            bytes: byte_table(graph),
        }
    }

    /// A reader of `input`, a later piece of the file `file` that starts
    /// after `lines` lines, between two records: where a reader of the whole
    /// file stood at [`PuzzleReader::resume_point`] or at a
    /// [`PuzzleReader::split_point`]. Its records are those the whole file's
    /// reader would give from there, with the same lines and labels: pieces of
    /// one file can be read in parallel.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, PuzzleReader};
    /// let g = ConstraintGraph::load("sudoku4").unwrap();
    /// let text = "# a comment\n1..4.4...3..2..1\n";
    /// let record = PuzzleReader::continuing(&g, &text.as_bytes()[12..], "f", 1).next().unwrap();
    /// assert_eq!(record.label, "line 2");
    /// ```
    pub fn continuing(graph: &'g ConstraintGraph, input: R, file: &str, lines: usize) -> Self {
        PuzzleReader {
            line: lines,
            ..PuzzleReader::new(graph, input, file)
        }
    }

    /// The lines read so far, when this reader stands between two records (no
    /// grid block open, the input not at its end): where a reader
    /// [`continuing`](PuzzleReader::continuing) from its input takes over.
    pub fn resume_point(&self) -> Option<usize> {
        (self.block.is_none() && !self.finished).then_some(self.line)
    }

    /// A place in `text` (whole lines of this reader's variant, from a place
    /// between two records) where it may be cut so that each side reads as
    /// the whole would: just after the last of `rows + 1` lines in a row that
    /// are each one puzzle of one byte per cell (a grid block takes at most
    /// `rows` lines, so the last of them is a record of its own and leaves no
    /// block open). Looks at the last `look` lines at most; `None` when they
    /// have no such place. The reader itself is not read from.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, PuzzleReader};
    /// let g = ConstraintGraph::load("sudoku4").unwrap();
    /// let reader = PuzzleReader::new(&g, &[][..], "f");
    /// let lines = "1..4.4...3..2..1\n".repeat(6);
    /// assert_eq!(reader.split_point(lines.as_bytes(), 10), Some(6 * 17));
    /// let rows = "1..4\n.4..\n.3..\n2..1\n".repeat(6);
    /// assert_eq!(reader.split_point(rows.as_bytes(), 10), None);
    /// ```
    pub fn split_point(&self, text: &[u8], look: usize) -> Option<usize> {
        let table = self.bytes.as_deref()?;
        let needed = self.shape.as_ref().map_or(1, |shape| shape.rows + 1);
        let plain = |line: &[u8]| {
            let mut bytes = line;
            while let [rest @ .., b'\n' | b'\r'] = bytes {
                bytes = rest;
            }
            bytes.len() == self.graph.len()
                && bytes
                    .iter()
                    .all(|&b| table.bytes[b as usize].kind == Kind::Cell)
        };
        let (mut end, mut run, mut cut) = (text.len(), 0, 0);
        for _ in 0..look {
            if end == 0 {
                break;
            }
            let start = text[..end - 1]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            match plain(&text[start..end]) {
                true if run == 0 => (run, cut) = (1, end),
                true => run += 1,
                false => run = 0,
            }
            if run == needed {
                return Some(cut);
            }
            end = start;
        }
        None
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

    /// Reads the line in `buffer` into `record` if it is one puzzle of one
    /// byte per cell, reusing the record's memory; false (record untouched or
    /// garbage) for any other line.
    fn one_byte_record(&self, record: &mut Record) -> bool {
        let Some(table) = self.bytes.as_deref() else {
            return false;
        };
        let at = Place {
            file: &self.file,
            line: self.line,
        };
        self.block.is_none() && table.record(self.graph, &self.buffer, at, record, false)
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
                let mut message = format!("expected {expected}, found {}", tokens.len());
                if let Some(hint) = spacing_hint(self.graph, &tokens) {
                    message += &hint;
                }
                return Some(self.error(column, message));
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
        self.record(at, puzzle)
    }

    fn record(&self, location: Location, puzzle: Result<Puzzle, InputError>) -> Record {
        Record {
            label: format!("line {}", self.line),
            location,
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

/// The buffered bytes of `input` (empty at its end), read again when a read
/// was interrupted.
fn fill<R: BufRead>(input: &mut R) -> std::io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Ok([]) => return Ok(&[]),
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    // The buffer holds bytes: `fill_buf` returns them without reading (the
    // borrow checker cannot yet let the first call's bytes out of the loop).
    input.fill_buf()
}

/// The longest line a reader of `graph` keeps: far more than any way of writing
/// one of its puzzles on a line (with separators and padding), at least 64 KiB.
pub(super) fn max_line(graph: &ConstraintGraph) -> usize {
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
            let available = fill(&mut self.input)?;
            if available.is_empty() {
                return Ok((total > 0).then_some(total));
            }
            let (n, done) = match newline(available) {
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

impl<R: BufRead> PuzzleReader<'_, R> {
    /// Reads the next line into `record` straight from the input's buffer, if
    /// the buffer holds all of it and it is one puzzle of one byte per cell:
    /// true then, the line consumed; false, nothing consumed, for any other
    /// line (`record` then untouched or garbage), which is read the usual way.
    fn one_byte_in_place(&mut self, record: &mut Record) -> std::io::Result<bool> {
        let Some(table) = self.bytes.as_deref() else {
            return Ok(false);
        };
        if self.block.is_some() {
            return Ok(false);
        }
        let available = fill(&mut self.input)?;
        let at = Place {
            file: &self.file,
            line: self.line + 1,
        };
        // The common line, a byte per cell and its end, needs no search for
        // its end: it is where it must be if every byte before it is a cell.
        let cells = self.graph.len();
        let plain_length = match available.get(cells..) {
            Some([b'\n', ..]) => Some(cells + 1),
            Some([b'\r', b'\n', ..]) => Some(cells + 2),
            _ => None,
        };
        let length = match plain_length {
            Some(length)
                if length <= self.max_line
                    && table.record(self.graph, &available[..cells], at, record, true) =>
            {
                length
            }
            _ => match newline(available) {
                Some(end)
                    if end < self.max_line
                        && table.record(self.graph, &available[..end], at, record, false) =>
                {
                    end + 1
                }
                _ => return Ok(false),
            },
        };
        self.input.consume(length);
        self.line += 1;
        Ok(true)
    }
}

impl<R: BufRead> PuzzleReader<'_, R> {
    /// Reads the next record into `record`, reusing its memory: the lean way
    /// through a big file, where a line of one byte per cell costs a table
    /// lookup per byte and no allocation. Returns false at the end of the
    /// input (`record` is then unchanged). The records are those of the
    /// [`Iterator`], which calls this.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, PuzzleReader};
    /// let g = ConstraintGraph::load("sudoku4").unwrap();
    /// let text = "1..4.4...3..2..1\n# a comment\n11..............\n";
    /// let mut reader = PuzzleReader::new(&g, text.as_bytes(), "example");
    /// let mut record = reader.next().unwrap();
    /// assert_eq!(record.puzzle.as_ref().unwrap().clue_count(), 6);
    /// assert!(reader.read_into(&mut record));
    /// assert_eq!(record.label, "line 3");
    /// assert!(record.puzzle.is_err()); // two 1s in a row
    /// assert!(!reader.read_into(&mut record));
    /// ```
    pub fn read_into(&mut self, record: &mut Record) -> bool {
        while !self.finished {
            let read = match self.one_byte_in_place(record) {
                Ok(true) => return true,
                Ok(false) => self.read_line(),
                Err(e) => Err(e),
            };
            match read {
                Ok(None) => {
                    self.finished = true;
                    let Some(block) = self.block.take() else {
                        return false;
                    };
                    *record = self.close(block);
                    return true;
                }
                Ok(Some(length)) => {
                    self.line += 1;
                    if length <= self.max_line && self.one_byte_record(record) {
                        return true;
                    }
                    let mut bytes = std::mem::take(&mut self.buffer);
                    let found = self.decoded(&bytes, length);
                    bytes.clear();
                    self.buffer = bytes;
                    if let Some(found) = found {
                        *record = found;
                        return true;
                    }
                }
                Err(e) => {
                    self.finished = true;
                    self.line += 1;
                    *record = self.error(0, format!("{}{e}", super::CANNOT_READ));
                    return true;
                }
            }
        }
        false
    }
}

impl<R: BufRead> Iterator for PuzzleReader<'_, R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        let mut record = blank_record();
        self.read_into(&mut record).then_some(record)
    }
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
    fn one_byte_lines_read_as_tokens_do() {
        // Read a byte at a time (spaces and drawing skipped), or token by token
        // when another character is in the way: the same puzzle either way.
        let compact =
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
        let drawn: Vec<String> = (compact.as_bytes().chunks(3))
            .map(|c| {
                c.iter()
                    .map(|&b| (b as char).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let drawn = drawn.join(" | ");
        let records = read("sudoku9", &format!("{compact}\n{drawn}\n"));
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].puzzle, records[1].puzzle);
        assert_eq!(records[1].label, "line 2");
        // A clash is found and named on the fast path too.
        let clash = format!("44{}", &compact[2..]);
        let err = read("sudoku9", &clash).remove(0).puzzle.unwrap_err();
        assert!(err.message.contains("r1c1 and r1c2"), "{}", err.message);
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
    fn runs_of_symbols_read_every_byte_as_the_table_does() {
        let mut runs = 0;
        for variant in [
            "sudoku4", "sudoku6", "sudoku9", "sudoku12", "sudoku16", "x-sudoku",
        ] {
            let g = ConstraintGraph::load(variant).unwrap();
            let table = byte_table(&g).unwrap();
            let Some(run) = table.run else { continue };
            runs += 1;
            for b in 0..=255u8 {
                let mut given = [Some(99)];
                let cell = run.cells(&[b], &mut given);
                let byte = table.bytes[b as usize];
                assert_eq!(cell, byte.kind == Kind::Cell, "{variant} {b}");
                if cell {
                    assert_eq!(given[0], byte.value, "{variant} {b}");
                }
            }
        }
        assert!(runs >= 3);
        // 0-9 then A-F: no run, a table lookup per byte.
        let hex = ConstraintGraph::load("sudoku16").unwrap();
        assert!(byte_table(&hex).unwrap().run.is_none());
    }

    #[test]
    fn lines_read_alike_from_a_whole_buffer_or_in_pieces() {
        // In place from the input's buffer when it holds the whole line,
        // copied when the line straddles two fills: the same records.
        let puzzle = EXAMPLE_ROWS.concat();
        let clash = format!("44{}", &puzzle[2..]);
        let spaced = format!("{} ", &puzzle[..80]);
        let tabbed = format!("{}\t{}", &puzzle[..40], &puzzle[40..]);
        let drawn = format!("| {} |", &puzzle);
        let lines = [
            puzzle.as_str(),
            "# a comment",
            &clash,
            &spaced,
            &tabbed,
            &drawn,
            "Grid 01",
            EXAMPLE_ROWS[0],
            EXAMPLE_ROWS[1],
        ];
        let g = ConstraintGraph::load("sudoku9").unwrap();
        let mut rows = lines.join("\n");
        rows.push('\n');
        rows.push_str(&EXAMPLE_ROWS[2..].join("\r\n"));
        let text = format!("{rows}\r\n{puzzle}\r\n{puzzle}\n{puzzle}");
        let whole: Vec<Record> = PuzzleReader::new(&g, text.as_bytes(), "t").collect();
        assert_eq!(whole.len(), 9);
        for capacity in [1, 5, 81, 82, 83, 100, 200] {
            let input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
            let pieces: Vec<Record> = PuzzleReader::new(&g, input, "t").collect();
            assert_eq!(pieces, whole, "{capacity}");
        }
        let ok = |r: &Record| r.puzzle.is_ok();
        let found: Vec<bool> = whole.iter().map(ok).collect();
        let expected = [true, false, false, true, true, true, true, true, true];
        assert_eq!(found, expected);
        let labels: Vec<&str> = whole.iter().map(|r| r.label.as_str()).collect();
        let lines = ["line 1", "line 3", "line 4", "line 5", "line 6", "Grid 01"];
        assert_eq!(labels[..6], lines);
        assert_eq!(labels[6..], ["line 17", "line 18", "line 19"]);
    }
}
