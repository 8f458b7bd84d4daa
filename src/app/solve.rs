//! `graphdoku solve`: one verified solution per puzzle, drawn, as a line, or as JSON.

use std::io::Write;

use anyhow::Result;
use graphdoku::{ConstraintGraph, Record, Solver, render};
use serde_json::json;

use super::{Status, checked, puzzle_or_report};
use crate::cli::SolveFormat;

pub(crate) fn run(
    graph: &ConstraintGraph,
    solver: &Solver,
    record: Record,
    format: SolveFormat,
    show_stats: bool,
    out: &mut impl Write,
) -> Result<Status> {
    let outcome = puzzle_or_report(&record).and_then(|puzzle| {
        let mut search = solver.search(puzzle);
        let found = search.next();
        if show_stats {
            let stats = search.stats();
            eprintln!(
                "{}: {} nodes, {} backtracks",
                record.label, stats.nodes, stats.backtracks
            );
        }
        let solution = found.ok_or(Status::Unsolved)?;
        checked(graph, puzzle, solution, &record.label)
    });
    let status = outcome.as_ref().err().copied().unwrap_or(Status::Ok);
    let verdict = match status {
        Status::Ok => "solved",
        Status::Unsolved => "no solution",
        Status::Invalid => "invalid",
        Status::Internal => "internal error",
        Status::Multiple => "several solutions",
    };
    let values = outcome.ok().map(|s| s.to_puzzle());
    match format {
        SolveFormat::Grid => {
            writeln!(out, "{} ({}): {verdict}", record.label, record.location)?;
            if let Some(values) = &values {
                write!(out, "{}", render::drawing(graph, values.givens()))?;
            }
            writeln!(out)?;
        }
        SolveFormat::Line => match &values {
            Some(values) => writeln!(out, "{}", render::line(graph, values.givens()))?,
            None => writeln!(out, "{verdict}")?,
        },
        SolveFormat::Json => {
            let error = record.puzzle.as_ref().err().map(|e| e.to_string());
            let line = json!({
                "label": record.label,
                "location": record.location.to_string(),
                "status": verdict,
                "solution": values.map(|v| render::line(graph, v.givens())),
                "error": error,
            });
            writeln!(out, "{line}")?;
        }
    }
    Ok(status)
}
