//! `graphdoku count`: how many solutions, up to a limit.

use std::io::Write;

use anyhow::Result;
use graphdoku::{ConstraintGraph, Record, Solver};
use serde_json::json;

use super::{Outcome, Report, Status, checked, puzzle_or_report};

pub(crate) fn run(
    graph: &ConstraintGraph,
    solver: &Solver,
    record: Record,
    limit: u64,
    json: bool,
    report: &mut Report,
) -> Result<Outcome> {
    let err = &mut report.err;
    let outcome = puzzle_or_report(&record, err).map(|puzzle| {
        let mut search = solver.search(puzzle);
        // Nothing is printed but the count: verify the first solution, count the rest.
        let Some(first) = search.next() else {
            return Ok((0, search.stats()));
        };
        checked(graph, puzzle, first, &record.label, err)?;
        let found = 1 + search.count_up_to(limit - 1);
        Ok((found, search.stats()))
    });
    let (found, status) = match outcome {
        Ok(Ok((found, _))) => (
            Some(found),
            if found == 0 {
                Status::Unsolved
            } else {
                Status::Ok
            },
        ),
        Ok(Err(status)) | Err(status) => (None, status),
    };
    let verdict = match found {
        None if status == Status::Invalid => "invalid".to_string(),
        None => "internal error".to_string(),
        Some(0) => "none".to_string(),
        Some(n) if n == limit => format!("at least {n}"),
        Some(1) => "unique".to_string(),
        Some(n) => format!("{n} solutions"),
    };
    let out = &mut report.out;
    if json {
        let line = json!({
            "label": record.label,
            "location": record.location.to_string(),
            "count": found,
            "complete": found.map(|n| n < limit),
            "verdict": verdict,
        });
        writeln!(out, "{line}")?;
    } else {
        writeln!(out, "{}: {verdict}", record.label)?;
    }
    Ok(match found {
        Some(n) if n > 1 => Outcome::Several,
        _ => Outcome::from(status),
    })
}
