//! `graphdoku solve`: one verified solution per puzzle, drawn, as a line, or as JSON.

use std::io::Write;

use anyhow::Result;
use graphdoku::write::json::{self, Kind, Outcome, PuzzleRecord};
use graphdoku::write::text;
use graphdoku::{Checker, ConstraintGraph, Record, Verdict};

use super::{Report, Status, checked, puzzle_or_report};
use crate::cli::SolveFormat;

/// How `solve` reports.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    pub format: SolveFormat,
    pub stats: bool,
    pub unique: bool,
    pub style: text::Style,
}

pub(crate) fn run(
    graph: &ConstraintGraph,
    checker: &mut Checker,
    record: &Record,
    options: Options,
    report: &mut Report,
) -> Result<Status> {
    let err = &mut report.err;
    let solved = puzzle_or_report(record, err).and_then(|puzzle| {
        let (found, several, gave_up, stats) = if options.unique {
            match checker.uniqueness(puzzle) {
                (Verdict::None, stats) => (None, false, false, stats),
                (Verdict::Unique(only), stats) => (Some(only), false, false, stats),
                (Verdict::Multiple(first, _), stats) => (Some(first), true, false, stats),
                (Verdict::GaveUp(first), stats) => (first, false, true, stats),
            }
        } else {
            let count = checker.first(puzzle);
            (count.first, false, count.gave_up, count.stats)
        };
        if options.stats {
            let _ = writeln!(
                err,
                "{}: {}, {}",
                record.label,
                super::counted(stats.nodes as usize, "node", "nodes"),
                super::counted(stats.backtracks as usize, "backtrack", "backtracks")
            );
        }
        let solution = found.ok_or(match gave_up {
            true => Status::GaveUp,
            false => Status::Unsolved,
        })?;
        let solution = checked(graph, puzzle, solution, &record.label, err)?;
        Ok((solution, several, gave_up))
    });
    let status = match &solved {
        Ok((_, true, _)) => Status::Multiple,
        Ok((_, _, true)) => Status::GaveUp,
        Ok(_) => Status::Ok,
        Err(status) => *status,
    };
    let verdict = match (status, solved.is_ok()) {
        (Status::Ok, _) => "solved",
        (Status::Multiple, _) => "solved, several solutions",
        (Status::GaveUp, true) => "solved, gave up proving it unique",
        (Status::GaveUp, false) => "gave up",
        (Status::Unsolved, _) => "no solution",
        (Status::Invalid, _) => "invalid",
        (Status::Io, _) => "unreadable",
        (Status::Internal, _) => "internal error",
        (Status::Interrupted, _) => "interrupted",
    };
    let out = &mut report.out;
    // A line is a solution or, in its place, why there is none to give:
    // with --unique a puzzle of several solutions has no unique one.
    if let SolveFormat::Line = options.format {
        match (&solved, status) {
            (Ok((solution, ..)), Status::Ok) => text::write_line(graph, solution.colours(), out)?,
            (Ok(_), Status::Multiple) => out.write_all(b"several solutions\n")?,
            _ => writeln!(out, "{verdict}")?,
        }
        return Ok(status);
    }
    let values = solved.ok().map(|(s, ..)| s.to_puzzle());
    match options.format {
        SolveFormat::Grid => {
            writeln!(out, "{}: {verdict}", super::heading(record))?;
            // A drawing is followed by a blank line, to part it from the next.
            if let Some(values) = &values {
                let givens = record.puzzle.as_ref().ok().map(|p| p.givens());
                let drawn = text::drawing_with(graph, values.givens(), givens, options.style);
                writeln!(out, "{drawn}")?;
            }
        }
        SolveFormat::Line => {}
        SolveFormat::Json => {
            let outcome = match status {
                Status::Ok if options.unique => Outcome::Unique,
                other => super::outcome(other),
            };
            let mut line = PuzzleRecord::new(
                Kind::Solve,
                &record.label,
                &record.location.to_string(),
                outcome,
            );
            line.error = record.puzzle.as_ref().err().map(|e| e.to_string());
            line.solution = values.map(|v| text::line(graph, v.givens()));
            writeln!(out, "{}", json::to_line(&line))?;
        }
    }
    Ok(status)
}
