//! `graphdoku count`: how many solutions, up to a limit; with `--all`, each one too.

use std::io::Write;

use anyhow::Result;
use graphdoku::write::json::{self, Kind, Outcome, PuzzleRecord, SolutionRecord};
use graphdoku::write::text;
use graphdoku::{ConstraintGraph, Puzzle, Record, Solver};

use super::{Report, Status, checked, puzzle_or_report};

/// What `count` was asked for.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// Stop at this many solutions; `None`: 2, or no limit with `all`.
    pub limit: Option<u64>,
    /// Print every solution as it is found, numbered.
    pub all: bool,
    /// JSON lines.
    pub json: bool,
}

pub(crate) fn run(
    graph: &ConstraintGraph,
    solver: &Solver,
    record: Record,
    options: Options,
    report: &mut Report,
) -> Result<Status> {
    let (out, err) = (&mut report.out, &mut report.err);
    let limit = options
        .limit
        .unwrap_or(if options.all { u64::MAX } else { 2 });
    let counted = match puzzle_or_report(&record, err) {
        Ok(puzzle) => count(
            graph,
            solver,
            puzzle,
            (&record.label, limit, options),
            out,
            err,
        )?,
        Err(status) => Err(status),
    };
    let (found, status) = match counted {
        Ok((found, true)) => (Some(found), Status::GaveUp),
        Ok((0, false)) => (Some(0), Status::Unsolved),
        Ok((1, false)) => (Some(1), Status::Ok),
        Ok((found, false)) => (Some(found), Status::Multiple),
        Err(status) => (None, status),
    };
    let verdict = match found {
        None if status == Status::Invalid => "invalid".to_string(),
        None if status == Status::Io => "unreadable".to_string(),
        None => "internal error".to_string(),
        Some(n) if status == Status::GaveUp => format!("gave up after {n} found"),
        Some(0) => "none".to_string(),
        Some(n) if n == limit => format!("at least {n}"),
        Some(1) => "unique".to_string(),
        Some(n) => format!("{n} solutions"),
    };
    if options.json {
        let outcome = match status {
            Status::Ok => Outcome::Unique,
            other => super::outcome(other),
        };
        let mut line = PuzzleRecord::new(
            Kind::Count,
            &record.label,
            &record.location.to_string(),
            outcome,
        );
        line.error = record.puzzle.as_ref().err().map(|e| e.to_string());
        line.count = found;
        line.complete = found.map(|n| n < limit && status != Status::GaveUp);
        writeln!(out, "{}", json::to_line(&line))?;
    } else {
        writeln!(out, "{}: {verdict}", record.label)?;
    }
    Ok(status)
}

/// Counts the solutions of `puzzle` up to `limit`, printing each with `--all`,
/// and whether the budget ran out; the inner error is the status of a solution
/// that failed verification.
fn count(
    graph: &ConstraintGraph,
    solver: &Solver,
    puzzle: &Puzzle,
    (label, limit, options): (&str, u64, Options),
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<Result<(u64, bool), Status>> {
    // Without --all nothing is printed but the count: verify the first solution
    // and count the rest (up to symmetry, which is faster). With --all, verify
    // each before printing it.
    if !options.all {
        let count = solver.count_solutions(puzzle, limit);
        if let Some(first) = count.first
            && let Err(status) = checked(graph, puzzle, first, label, err)
        {
            return Ok(Err(status));
        }
        return Ok(Ok((count.solutions, count.gave_up)));
    }
    let mut search = solver.search(puzzle);
    let mut found = 0;
    while found < limit {
        let Some(solution) = search.next() else { break };
        let solution = match checked(graph, puzzle, solution, label, err) {
            Ok(solution) => solution,
            Err(status) => return Ok(Err(status)),
        };
        found += 1;
        let line = text::line(graph, solution.to_puzzle().givens());
        if options.json {
            let record = SolutionRecord {
                version: json::VERSION,
                record: Kind::Solution,
                label: label.to_string(),
                n: found,
                solution: line,
            };
            writeln!(out, "{}", json::to_line(&record))?;
        } else {
            writeln!(out, "{found}: {line}")?;
        }
    }
    Ok(Ok((found, search.gave_up())))
}
