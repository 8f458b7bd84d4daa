//! `graphdoku canon`: each puzzle's canonical form, one line each, to find equivalent puzzles.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;
use graphdoku::canon::{Canon, Under};
use graphdoku::write::text;
use graphdoku::{ConstraintGraph, Record};

use super::{Report, Status, puzzle_or_report};

pub(crate) fn run(graph: &ConstraintGraph, record: &Record, report: &mut Report) -> Result<Status> {
    let puzzle = match puzzle_or_report(record, &mut report.err) {
        Ok(puzzle) => puzzle,
        Err(status) => return Ok(status),
    };
    let canon = Canon::new(graph);
    // Said once a run: forms that miss some equivalent puzzles.
    static NOTED: AtomicBool = AtomicBool::new(false);
    if let Some(note) = note(graph, canon.under())
        && !NOTED.swap(true, Ordering::Relaxed)
    {
        writeln!(report.err, "{note}")?;
    }
    let form = canon.form(puzzle);
    writeln!(report.out, "{}", text::line(graph, form.givens()))?;
    Ok(Status::Ok)
}

/// A note when the forms of `graph` are not under its whole declared group.
pub(crate) fn note(graph: &ConstraintGraph, under: Under) -> Option<String> {
    let Under::TooLarge { relabelled } = under else {
        return None;
    };
    Some(format!(
        "note: {}: the group of its declared symmetries is too large to search; \
         forms are under {} only",
        graph.name(),
        match relabelled {
            true => "symbol relabelling",
            false => "the identity",
        }
    ))
}
