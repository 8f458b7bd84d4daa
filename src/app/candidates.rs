//! `graphdoku candidates`: the values each empty cell takes in some solution,
//! and how many solutions use each.

use std::io::Write;

use anyhow::Result;
use graphdoku::candidates::{self, Candidates, Options};
use graphdoku::write::json::{self, CandidateRecord, Kind, Outcome, PuzzleRecord};
use graphdoku::write::text;
use graphdoku::{ConstraintGraph, Record};

use super::{Report, Status, puzzle_or_report};

pub(crate) fn run(
    graph: &ConstraintGraph,
    record: &Record,
    (options, json): (Options, bool),
    report: &mut Report,
) -> Result<Status> {
    let (out, err) = (&mut report.out, &mut report.err);
    let location = record.location.to_string();
    let found = match puzzle_or_report(record, err) {
        Ok(puzzle) => match candidates::candidates(graph, puzzle, options) {
            Ok(found) => Ok(found),
            Err(violation) => {
                let label = &record.label;
                writeln!(
                    err,
                    "internal error: {label}: the solver's answer is wrong: {violation}"
                )?;
                Err(Status::Internal)
            }
        },
        Err(status) => Err(status),
    };
    let found = match found {
        Ok(found) => found,
        Err(status) => {
            if json {
                let mut line = PuzzleRecord::new(
                    Kind::Candidates,
                    &record.label,
                    &location,
                    super::outcome(status),
                );
                line.error = record.puzzle.as_ref().err().map(|e| e.to_string());
                writeln!(out, "{}", json::to_line(&line))?;
            } else {
                writeln!(
                    out,
                    "{}: {}",
                    record.label,
                    json::word(&super::outcome(status))
                )?;
            }
            return Ok(status);
        }
    };
    let outcome = Outcome::of_candidates(&found);
    let status = match outcome {
        Outcome::GaveUp => Status::GaveUp,
        Outcome::NoSolution => Status::Unsolved,
        _ => Status::Ok,
    };
    if json {
        let mut line = PuzzleRecord::new(Kind::Candidates, &record.label, &location, outcome);
        line.count = Some(found.solutions.solutions);
        line.complete = Some(found.complete());
        line.cells = Some(CandidateRecord::of(graph, &found));
        writeln!(out, "{}", json::to_line(&line))?;
    } else {
        writeln!(out, "{}: {}", record.label, summary(&found))?;
        if outcome != Outcome::NoSolution {
            out.write_all(text::candidates(graph, &found).as_bytes())?;
        }
    }
    Ok(status)
}

/// The line above the cells: the whole puzzle's count, and how to read the
/// counts below it.
fn summary(found: &Candidates) -> String {
    let total = found.solutions;
    let solutions = match (total.solutions, total.exact) {
        (0, true) => return "none".to_string(),
        (1, true) => "unique".to_string(),
        (n, true) => format!("{n} solutions"),
        (n, false) => format!("at least {n} solutions"),
    };
    let limit = found.limit;
    match found.gave_up {
        true => format!(
            "gave up after {} (the budget ran out): {solutions}; each empty cell's values, \
             with the solutions counted so far (≥: at least; ?: not yet known)",
            super::counted(found.searches as usize, "search", "searches")
        ),
        false => format!(
            "{solutions}; each empty cell's values, with the solutions that use each \
             (counted up to {limit})"
        ),
    }
}
