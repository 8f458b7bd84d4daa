//! `graphdoku canon`: each puzzle's canonical form, one line each, to find equivalent puzzles.

use std::io::Write;

use anyhow::Result;
use graphdoku::write::text;
use graphdoku::{ConstraintGraph, Record, canon};

use super::{Report, Status, puzzle_or_report};

pub(crate) fn run(graph: &ConstraintGraph, record: &Record, report: &mut Report) -> Result<Status> {
    let puzzle = match puzzle_or_report(record, &mut report.err) {
        Ok(puzzle) => puzzle,
        Err(status) => return Ok(status),
    };
    let form = canon::canonical(graph, puzzle);
    writeln!(report.out, "{}", text::line(graph, form.givens()))?;
    Ok(Status::Ok)
}
