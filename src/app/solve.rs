//! `graphdoku solve`: one verified solution per puzzle, drawn, as a line, or as JSON.

use std::io::Write;

use anyhow::Result;
use graphdoku::prove::{Answerer, Question};
use graphdoku::write::json::{self, Kind, Outcome, PuzzleRecord};
use graphdoku::write::{csv, text};
use graphdoku::{ConstraintGraph, Record};

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
    answerer: &mut Answerer,
    record: &Record,
    options: Options,
    report: &mut Report,
) -> Result<Status> {
    let err = &mut report.err;
    let mut engine = None;
    let solved = puzzle_or_report(record, err).and_then(|puzzle| {
        let question = match options.unique {
            true => Question::Unique,
            false => Question::First,
        };
        let answer = super::proved(answerer.ask(puzzle, question), &record.label, err)?;
        let (found, several, gave_up, stats) = (
            answer.first,
            answer.second.is_some(),
            answer.gave_up,
            answer.stats,
        );
        engine = answer.settled_by;
        if options.stats {
            let _ = writeln!(
                err,
                "{}: {}, {}, {}",
                record.label,
                super::counted(stats.nodes as usize, "node", "nodes"),
                super::counted(stats.backtracks as usize, "backtrack", "backtracks"),
                match engine {
                    Some(engine) => format!("settled by {engine}"),
                    None => "not settled".to_string(),
                }
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
    let outcome = match status {
        Status::Ok if options.unique => Outcome::Unique,
        other => super::outcome(other),
    };
    if let SolveFormat::Csv = options.format {
        // The answer is a solution to give: none for several with --unique.
        let answer = match (&solved, status) {
            (Ok((solution, ..)), Status::Ok) => Some(solution),
            _ => None,
        };
        let question = record.puzzle.as_ref().ok();
        csv::puzzle(out, graph, question, answer, &[json::word(&outcome)])?;
        return Ok(status);
    }
    let values = solved.ok().map(|(s, ..)| s.to_puzzle());
    // No solution: which givens and rules conflict.
    let puzzle = record.puzzle.as_ref().ok();
    let core = puzzle
        .filter(|_| status == Status::Unsolved)
        .and_then(|p| super::core_names(graph, p));
    match options.format {
        SolveFormat::Grid => {
            writeln!(out, "{}: {verdict}", super::heading(record))?;
            if let Some((names, minimal)) = &core {
                writeln!(out, "{}\n", super::why_text(names, *minimal))?;
            }
            // A drawing is followed by a blank line, to part it from the next.
            if let Some(values) = &values {
                let givens = record.puzzle.as_ref().ok().map(|p| p.givens());
                let drawn = text::drawing_with(graph, values.givens(), givens, options.style);
                writeln!(out, "{drawn}")?;
            }
        }
        SolveFormat::Line | SolveFormat::Csv => {}
        SolveFormat::Json => {
            let mut line = PuzzleRecord::new(
                Kind::Solve,
                &record.label,
                &record.location.to_string(),
                outcome,
            );
            line.error = record.puzzle.as_ref().err().map(|e| e.to_string());
            line.solution = values.map(|v| text::line(graph, v.givens()));
            line.settled_by = engine.map(|e| e.as_str().to_string());
            writeln!(out, "{}", with_core(&json::to_line(&line), core))?;
        }
    }
    Ok(status)
}

/// A JSON record with `core` added (the members of a set of givens and rules
/// with no solution together, and whether it is minimal) when there is one.
pub(crate) fn with_core(line: &str, core: Option<(Vec<String>, bool)>) -> String {
    let Some((members, minimal)) = core else {
        return line.to_string();
    };
    match serde_json::from_str::<serde_json::Value>(line) {
        Ok(serde_json::Value::Object(mut record)) => {
            record.insert(
                "core".into(),
                serde_json::json!({ "members": members, "minimal": minimal }),
            );
            serde_json::Value::Object(record).to_string()
        }
        _ => line.to_string(),
    }
}
