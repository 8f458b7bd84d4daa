//! `graphdoku solve`: one verified solution per puzzle, drawn, as a line, or as JSON.

use std::io::Write;

use anyhow::Result;
use graphdoku::{ConstraintGraph, Record, Solver, render};
use serde_json::json;

use super::{Report, Status, checked, puzzle_or_report};
use crate::cli::SolveFormat;

/// How `solve` reports.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    pub format: SolveFormat,
    pub stats: bool,
    pub unique: bool,
}

pub(crate) fn run(
    graph: &ConstraintGraph,
    solver: &Solver,
    record: Record,
    options: Options,
    report: &mut Report,
) -> Result<Status> {
    let err = &mut report.err;
    let solved = puzzle_or_report(&record, err).and_then(|puzzle| {
        let mut search = solver.search(puzzle);
        let found = search.next();
        let several = options.unique && found.is_some() && search.next().is_some();
        if options.stats {
            let stats = search.stats();
            let _ = writeln!(
                err,
                "{}: {}, {}",
                record.label,
                super::counted(stats.nodes as usize, "node", "nodes"),
                super::counted(stats.backtracks as usize, "backtrack", "backtracks")
            );
        }
        let solution = found.ok_or(Status::Unsolved)?;
        Ok((
            checked(graph, puzzle, solution, &record.label, err)?,
            several,
        ))
    });
    let status = match &solved {
        Ok((_, true)) => Status::Multiple,
        Ok((_, false)) => Status::Ok,
        Err(status) => *status,
    };
    let verdict = match status {
        Status::Ok => "solved",
        Status::Multiple => "solved, several solutions",
        Status::Unsolved => "no solution",
        Status::Invalid => "invalid",
        Status::Internal => "internal error",
        Status::GaveUp => "gave up",
    };
    let values = solved.ok().map(|(s, _)| s.to_puzzle());
    let out = &mut report.out;
    match options.format {
        SolveFormat::Grid => {
            writeln!(out, "{} ({}): {verdict}", record.label, record.location)?;
            if let Some(values) = &values {
                write!(out, "{}", render::drawing(graph, values.givens()))?;
            }
            writeln!(out)?;
        }
        // A line is a solution or, in its place, why there is none to give:
        // with --unique a puzzle of several solutions has no unique one.
        SolveFormat::Line => match &values {
            Some(values) if status == Status::Ok => {
                writeln!(out, "{}", render::line(graph, values.givens()))?
            }
            Some(_) => writeln!(out, "several solutions")?,
            None => writeln!(out, "{verdict}")?,
        },
        SolveFormat::Json => {
            let error = record.puzzle.as_ref().err().map(|e| e.to_string());
            let line = json!({
                "label": record.label,
                "location": record.location.to_string(),
                "status": verdict,
                "solution": values.map(|v| render::line(graph, v.givens())),
                "unique": options.unique.then_some(status == Status::Ok),
                "error": error,
            });
            writeln!(out, "{line}")?;
        }
    }
    Ok(status)
}
