//! CSV datasets out: a header, then one row per puzzle, as `read::csv` reads them
//! back (`question,answer[,status…]`).

use std::io::{self, Write};

use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};
use crate::write::text;

/// The header of `solve -f csv`.
pub const SOLVED: [&str; 3] = ["question", "answer", "status"];

/// The header of `count -f csv`.
pub const COUNTED: [&str; 4] = ["question", "answer", "status", "count"];

/// Writes one row (or the header) of fields, quoted where a field needs it
/// (a comma, a quote, a line break).
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// graphdoku::write::csv::row(&mut out, &["question", "answer", "status"]).unwrap();
/// graphdoku::write::csv::row(&mut out, &["1.3", "", "no \"solution\", sadly"]).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "question,answer,status\n1.3,,\"no \"\"solution\"\", sadly\"\n"
/// );
/// ```
pub fn row<S: AsRef<[u8]>>(out: &mut impl Write, fields: &[S]) -> io::Result<()> {
    // A small buffer: a row is one puzzle, and each row is written as it comes.
    let mut writer = ::csv::WriterBuilder::new()
        .buffer_capacity(1 << 10)
        .terminator(::csv::Terminator::Any(b'\n'))
        .from_writer(out);
    writer.write_record(fields)?;
    writer.flush()
}

/// Writes the row of one puzzle: its question (empty when it could not be
/// read), its answer (empty when there is none to give), then `rest`.
pub fn puzzle<S: AsRef<[u8]>>(
    out: &mut impl Write,
    graph: &ConstraintGraph,
    question: Option<&Puzzle>,
    answer: Option<&Solution>,
    rest: &[S],
) -> io::Result<()> {
    let question = question.map_or_else(String::new, |q| text::line(graph, q.givens()));
    let answer = answer.map_or_else(String::new, |a| text::line(graph, a.to_puzzle().givens()));
    let mut fields: Vec<&[u8]> = vec![question.as_bytes(), answer.as_bytes()];
    fields.extend(rest.iter().map(AsRef::as_ref));
    row(out, &fields)
}
