//! CSV datasets: one puzzle per row, with its answer and rating where the header
//! names columns for them.
//!
//! The columns are found by name in the header, as the public 9×9 datasets
//! write them: `question,answer,rating`, `puzzle,solution,clues,difficulty`,
//! `quizzes,solutions`, with any other columns (`id`, `source`) around them.
//! Each puzzle or answer cell is one line of the text format (`.` or `0` for an
//! empty cell); an error names the file, the line and the column of the
//! character at fault.

use std::io::Read;

use crate::graph::ConstraintGraph;
use crate::location::Location;
use crate::puzzle::Puzzle;
use crate::read::text::PuzzleReader;
use crate::read::{InputError, Record};

/// Header names of the puzzle column, the answer column and the rating column.
const QUESTION: [&str; 5] = ["question", "puzzle", "quizzes", "quiz", "puzzles"];
const ANSWER: [&str; 3] = ["answer", "solution", "solutions"];
const RATING: [&str; 2] = ["rating", "difficulty"];

/// Where a dataset's columns are, from its header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    /// The puzzles.
    pub question: usize,
    /// The answers, if the file has them (a row may leave its answer empty).
    pub answer: Option<usize>,
    /// The ratings, if the file has them.
    pub rating: Option<usize>,
}

impl Columns {
    /// The columns of a header line, or `None` when no column is named like a
    /// puzzle column (then the file is not read as CSV).
    ///
    /// # Example
    /// ```
    /// use graphdoku::read::csv::Columns;
    /// let c = Columns::detect("id,puzzle,solution,clues,difficulty").unwrap();
    /// assert_eq!((c.question, c.answer, c.rating), (1, Some(2), Some(4)));
    /// assert!(Columns::detect("003020600900305001001806400008102900700000008006708200002609500800203009005010300").is_none());
    /// ```
    pub fn detect(header: &str) -> Option<Columns> {
        let names: Vec<String> = header
            .trim_end_matches(['\r', '\n'])
            .split(',')
            .map(|name| name.trim().trim_matches('"').to_ascii_lowercase())
            .collect();
        if names.len() < 2 {
            return None;
        }
        let find = |wanted: &[&str]| names.iter().position(|n| wanted.contains(&n.as_str()));
        Some(Columns {
            question: find(&QUESTION)?,
            answer: find(&ANSWER),
            rating: find(&RATING),
        })
    }
}

/// The columns of a CSV dataset starting with `head`, or `None` when its first
/// line is not a dataset header.
pub fn sniff(head: &[u8]) -> Option<Columns> {
    let end = head.iter().position(|&b| b == b'\n').unwrap_or(head.len());
    let line = std::str::from_utf8(&head[..end]).ok()?;
    Columns::detect(line.strip_prefix('\u{feff}').unwrap_or(line))
}

/// One row of a dataset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The question as a record (label `line N`), or why it could not be read.
    pub question: Record,
    /// The question's field as the file writes it (trimmed): a key to join
    /// results on.
    pub key: String,
    /// The answer as a full grid, when the file has an answer column.
    pub answer: Option<Result<Puzzle, InputError>>,
    /// The rating, as written, when the file has a rating column.
    pub rating: Option<String>,
}

/// Reads the rows of a CSV dataset after its header.
pub struct Reader<'g, R: Read> {
    graph: &'g ConstraintGraph,
    csv: ::csv::Reader<Bounded<R>>,
    columns: Columns,
    file: String,
    record: ::csv::StringRecord,
    /// Records read so far, the header included.
    records: u64,
}

impl<'g, R: Read> Reader<'g, R> {
    /// A reader of `input` (header included), called `file` in messages; `None`
    /// when its header names no puzzle column.
    pub fn new(graph: &'g ConstraintGraph, input: R, file: &str) -> Result<Self, InputError> {
        // A row holds a puzzle, its answer and a few short fields: twice the
        // text reader's longest line is room enough.
        let most = 2 * super::text::max_line(graph);
        let mut csv = ::csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(true)
            .from_reader(Bounded::new(input, most));
        let headers = csv.headers().map_err(|e| error(file, &e))?;
        let line: Vec<&str> = headers.iter().collect();
        let columns = Columns::detect(&line.join(",")).ok_or_else(|| InputError {
            location: Location::new(file, 1, 1),
            message: format!(
                "a CSV header naming no puzzle column (one of {})",
                QUESTION.join(", ")
            ),
        })?;
        Ok(Reader {
            graph,
            csv,
            columns,
            file: file.to_string(),
            record: ::csv::StringRecord::new(),
            records: 1,
        })
    }

    /// The columns found in the header.
    pub fn columns(&self) -> Columns {
        self.columns
    }

    /// The field of column `index` of the current row as a full grid, one
    /// symbol per cell, read as it is: two equal symbols that must differ are
    /// an answer that is wrong, which `verify` says, not a row that cannot be
    /// read. `None` when the field is not a full grid of symbols.
    fn grid(&self, index: usize) -> Option<Puzzle> {
        full_grid(self.graph, self.record.get(index)?)
    }

    /// The cell of column `index` of the current row as a puzzle, with errors
    /// placed at their line and column in the file.
    fn cell(&self, index: usize, line: usize, what: &str) -> Result<Puzzle, InputError> {
        let Some(text) = self.record.get(index) else {
            return Err(InputError {
                location: Location::new(&self.file, line, 0),
                message: format!(
                    "no {what} column: the row has {} fields, the header names it as field {}",
                    self.record.len(),
                    index + 1
                ),
            });
        };
        // The column where the field starts, for an unquoted row.
        let start = (0..index)
            .map(|i| self.record.get(i).map_or(0, |f| f.chars().count()) + 1)
            .sum::<usize>();
        let mut records = PuzzleReader::new(self.graph, text.trim().as_bytes(), &self.file);
        let placed = |mut e: InputError| {
            e.location.line = line;
            e.location.column = if e.location.column == 0 {
                start + 1
            } else {
                start + e.location.column
            };
            e
        };
        match records.next() {
            None => Err(InputError {
                location: Location::new(&self.file, line, start + 1),
                message: format!("an empty {what}"),
            }),
            Some(record) => match record.puzzle {
                Ok(puzzle) if records.next().is_none() => Ok(puzzle),
                Ok(_) => Err(InputError {
                    location: Location::new(&self.file, line, start + 1),
                    message: format!("more than one puzzle in one {what}"),
                }),
                Err(e) => Err(placed(e)),
            },
        }
    }
}

impl<R: Read> Iterator for Reader<'_, R> {
    type Item = Row;

    fn next(&mut self) -> Option<Row> {
        let mut record = std::mem::take(&mut self.record);
        let read = self.csv.read_record(&mut record);
        self.record = record;
        let line = self.record.position().map_or(0, |p| p.line() as usize);
        let label = format!("line {line}");
        let index = self.records;
        self.records += 1;
        let cut = self.csv.get_mut().was_cut(index);
        match read {
            Ok(false) => None,
            Ok(true) if cut => {
                let most = self.csv.get_ref().most;
                let e = InputError {
                    location: Location::new(&self.file, line, 1),
                    message: format!(
                        "a row longer than {most} bytes: no puzzle of this variant is so long"
                    ),
                };
                Some(Row {
                    question: Record {
                        label,
                        location: e.location.clone(),
                        puzzle: Err(e),
                    },
                    key: String::new(),
                    answer: None,
                    rating: None,
                })
            }
            Err(e) => {
                // A row that cannot be split (bad UTF-8, an open quote) is one bad record.
                let e = error(&self.file, &e);
                Some(Row {
                    question: Record {
                        label: format!("line {}", e.location.line),
                        location: e.location.clone(),
                        puzzle: Err(e),
                    },
                    key: String::new(),
                    answer: None,
                    rating: None,
                })
            }
            Ok(true) => {
                let question = self.cell(self.columns.question, line, "question");
                // An empty answer field is no answer (a dataset of questions only).
                let answer = (self.columns.answer)
                    .filter(|&i| self.record.get(i).is_some_and(|f| !f.trim().is_empty()))
                    .map(|i| {
                        self.grid(i)
                            .map_or_else(|| self.cell(i, line, "answer"), Ok)
                    });
                let rating = self
                    .columns
                    .rating
                    .and_then(|i| self.record.get(i))
                    .map(str::to_string);
                let key = (self.record.get(self.columns.question))
                    .map_or_else(String::new, |f| f.trim().to_string());
                Some(Row {
                    question: Record {
                        label,
                        location: Location::new(&self.file, line, 1),
                        puzzle: question,
                    },
                    key,
                    answer,
                    rating,
                })
            }
        }
    }
}

/// `text` as a full grid of `graph`, one symbol per cell (characters when
/// every symbol is one, else whitespace-separated), read as it is: no check
/// that cells which must differ do (an answer to verify, not a puzzle to
/// solve). `None` when it is not a full grid of symbols.
///
/// ```
/// let graph = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// // Two 1s in the first row: still a full grid, for `verify` to refuse.
/// let grid = graphdoku::read::csv::full_grid(&graph, "1134341221434321").unwrap();
/// assert_eq!(grid.clue_count(), 16);
/// assert!(graphdoku::read::csv::full_grid(&graph, "12.4341221434321").is_none());
/// ```
pub fn full_grid(graph: &ConstraintGraph, text: &str) -> Option<Puzzle> {
    let text = text.trim();
    let alphabet = graph.alphabet();
    let symbol = |token: &str| match alphabet.token(token) {
        crate::symbols::Token::Symbol(colour) => Some(Some(colour)),
        _ => None,
    };
    let values: Option<Vec<Option<u8>>> = match alphabet.single_chars() {
        true => text
            .char_indices()
            .map(|(at, c)| symbol(&text[at..at + c.len_utf8()]))
            .collect(),
        false => text.split_whitespace().map(symbol).collect(),
    };
    values.filter(|v| v.len() == graph.len()).map(Puzzle::new)
}

/// Where the bytes of a CSV stream are, for [`Bounded`]: in a field or
/// between fields, within quotes or not (RFC 4180, as the `csv` crate reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    FieldStart,
    Unquoted,
    Quoted,
    /// A quote within a quoted field: its end, or the first of two.
    QuoteInQuoted,
}

/// A CSV stream whose records are cut at `most` bytes: past them a record's
/// bytes are dropped up to its end, and the `csv` reader is given the end
/// of a record at once (a closing quote if it was within one, then a line
/// end). A quoted field of 1.5 GB is then read as a cut row of `most`
/// bytes, not held whole; [`Bounded::was_cut`] says which records were.
struct Bounded<R> {
    inner: R,
    most: usize,
    place: Place,
    /// Bytes of the current record passed on so far.
    length: usize,
    /// Records begun so far (the header is record 0).
    record: u64,
    /// Dropping the rest of a record that was cut.
    dropping: bool,
    /// The records cut, in order, not yet asked about.
    cut: std::collections::VecDeque<u64>,
    /// Bytes to pass on before any more of the input: a cut record's end.
    pending: &'static [u8],
    /// The input read ahead, and how far it has been passed on.
    buffer: Vec<u8>,
    at: usize,
}

impl<R: Read> Bounded<R> {
    fn new(inner: R, most: usize) -> Self {
        Bounded {
            inner,
            most,
            place: Place::FieldStart,
            length: 0,
            record: 0,
            dropping: false,
            cut: std::collections::VecDeque::new(),
            pending: &[],
            buffer: Vec::new(),
            at: 0,
        }
    }

    /// Whether record `index` was cut (each index asked once, in order).
    fn was_cut(&mut self, index: u64) -> bool {
        while self.cut.front().is_some_and(|&c| c < index) {
            self.cut.pop_front();
        }
        self.cut.front() == Some(&index) && self.cut.pop_front().is_some()
    }

    /// The place after `byte`, and whether `byte` ends a record.
    fn scan(&mut self, byte: u8) -> bool {
        let end = matches!(byte, b'\n' | b'\r');
        let (place, ends) = match (self.place, byte) {
            (Place::Quoted, b'"') => (Place::QuoteInQuoted, false),
            (Place::Quoted, _) => (Place::Quoted, false),
            (Place::QuoteInQuoted, b'"') => (Place::Quoted, false),
            (Place::FieldStart, b'"') => (Place::Quoted, false),
            (_, b',') => (Place::FieldStart, false),
            (_, _) if end => (Place::FieldStart, true),
            _ => (Place::Unquoted, false),
        };
        self.place = place;
        ends
    }
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if !self.pending.is_empty() {
                let n = self.pending.len().min(out.len());
                out[..n].copy_from_slice(&self.pending[..n]);
                self.pending = &self.pending[n..];
                return Ok(n);
            }
            if self.at == self.buffer.len() {
                self.buffer.resize(BUFFER, 0);
                let read = self.inner.read(&mut self.buffer)?;
                self.buffer.truncate(read);
                self.at = 0;
                if read == 0 {
                    return Ok(0);
                }
            }
            let mut kept = 0;
            while kept < out.len() && self.at < self.buffer.len() {
                let byte = self.buffer[self.at];
                self.at += 1;
                let within = self.place;
                let ends = self.scan(byte);
                if self.dropping {
                    self.dropping &= !ends;
                    continue;
                }
                if self.length >= self.most && !ends {
                    // The record ends here for the reader; its rest is dropped.
                    self.dropping = true;
                    self.cut.push_back(self.record);
                    self.pending = match within {
                        Place::Quoted => b"\"\n",
                        _ => b"\n",
                    };
                    self.length = 0;
                    self.record += 1;
                    break;
                }
                out[kept] = byte;
                kept += 1;
                match ends {
                    // An empty line is no record, as the reader skips it.
                    true if self.length > 0 => {
                        self.length = 0;
                        self.record += 1;
                    }
                    true => {}
                    false => self.length += 1,
                }
            }
            if kept > 0 {
                return Ok(kept);
            }
        }
    }
}

/// Bytes [`Bounded`] reads from its input at a time.
const BUFFER: usize = 8 << 10;

/// A CSV error as an input error at its line.
fn error(file: &str, e: &::csv::Error) -> InputError {
    let line = e.position().map_or(0, |p| p.line() as usize);
    let message = match e.kind() {
        ::csv::ErrorKind::Io(io) => format!("{}{io}", super::CANNOT_READ),
        ::csv::ErrorKind::Utf8 { .. } => "not UTF-8 text".to_string(),
        _ => e.to_string(),
    };
    InputError {
        location: Location::new(file, line, 0),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const Q: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    const A: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    #[test]
    fn reads_questions_answers_and_ratings() {
        let graph = ConstraintGraph::load("sudoku9").unwrap();
        let text = format!("source,question,answer,rating\nx,{Q},{A},2.5\n");
        let rows: Vec<Row> = Reader::new(&graph, text.as_bytes(), "d.csv")
            .unwrap()
            .collect();
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        assert_eq!(row.question.label, "line 2");
        assert_eq!(row.question.puzzle.as_ref().unwrap().clue_count(), 32);
        assert_eq!(
            row.answer.as_ref().unwrap().as_ref().unwrap().clue_count(),
            81
        );
        assert_eq!(row.rating.as_deref(), Some("2.5"));
    }

    #[test]
    fn a_bad_cell_is_placed_at_its_line_and_column() {
        let graph = ConstraintGraph::load("sudoku9").unwrap();
        // Two 3s in the first row of the second data row's puzzle, at column 3.
        let bad = format!("33{}", &Q[2..]);
        let text = format!("quizzes,solutions\n{Q},{A}\n{bad},{A}\n");
        let rows: Vec<Row> = Reader::new(&graph, text.as_bytes(), "d.csv")
            .unwrap()
            .collect();
        assert!(rows[0].question.puzzle.is_ok());
        let e = rows[1].question.puzzle.as_ref().unwrap_err();
        assert_eq!((e.location.line, e.location.file.as_str()), (3, "d.csv"));
        assert!(e.location.column >= 1 && e.location.column <= 3, "{e}");
        // An answer too short: its error is in the answer's column.
        let text = format!("puzzle,solution\n{Q},{}\n", &A[..80]);
        let row = Reader::new(&graph, text.as_bytes(), "d.csv")
            .unwrap()
            .next()
            .unwrap();
        let e = row.answer.unwrap().unwrap_err();
        assert_eq!(e.location.line, 2);
        assert!(e.location.column > 82, "{e}");
    }

    #[test]
    fn a_quoted_field_past_the_line_limit_is_cut_not_held() {
        let graph = ConstraintGraph::load("sudoku9").unwrap();
        let long = "x".repeat(10 << 20);
        let text = format!("question,answer\n{Q},{A}\n\"{long}\n{long}\",{A}\n{Q},\n");
        let mut reader = Reader::new(&graph, text.as_bytes(), "d.csv").unwrap();
        let first = reader.next().unwrap();
        assert!(first.question.puzzle.is_ok());
        let cut = reader.next().unwrap();
        let e = cut.question.puzzle.unwrap_err();
        assert_eq!(e.location.line, 3);
        assert!(
            e.message.starts_with("a row longer than 131072 bytes"),
            "{e}"
        );
        // No more than the limit was kept of it.
        assert!(reader.record.as_byte_record().as_slice().len() <= 131_072);
        // The row after it is read as it is.
        let last = reader.next().unwrap();
        assert_eq!(last.question.puzzle.unwrap().clue_count(), 32);
        assert!(last.answer.is_none());
        assert!(reader.next().is_none());
    }

    #[test]
    fn the_cut_reader_passes_ordinary_rows_unchanged() {
        let text = "a,\"b\"\"c\",d\r\n\r\n\"e\nf\",g\n";
        let mut bounded = Bounded::new(text.as_bytes(), 1 << 10);
        let mut out = String::new();
        bounded.read_to_string(&mut out).unwrap();
        assert_eq!(out, text);
        assert_eq!(bounded.record, 2);
        // Cut inside quotes: closed, ended, the rest dropped.
        let mut bounded = Bounded::new(&b"\"abcdef\ngh\",i\nj\n"[..], 4);
        let mut out = Vec::new();
        bounded.read_to_end(&mut out).unwrap();
        assert_eq!(out, b"\"abc\"\nj\n");
        assert!(bounded.was_cut(0) && !bounded.was_cut(1));
    }

    #[test]
    fn sniffs_only_dataset_headers() {
        assert!(sniff(b"question,answer\n1,2\n").is_some());
        assert!(sniff(b"\xef\xbb\xbfpuzzle,solution\n").is_some());
        assert!(sniff(Q.as_bytes()).is_none());
        assert!(sniff(b"# question\n").is_none());
    }
}
