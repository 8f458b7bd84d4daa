//! `graphdoku check`: unique, none, or multiple (with two solutions and where they differ).

use std::io::Write;

use anyhow::Result;
use graphdoku::prove::{Answerer, Question};
use graphdoku::write::json::{self, Difference, Kind, Outcome, PuzzleRecord};
use graphdoku::write::text;
use graphdoku::{ConstraintGraph, Record, Verdict, differences};

use super::{Report, Status, checked, puzzle_or_report};

pub(crate) fn run(
    graph: &ConstraintGraph,
    answerer: &mut Answerer,
    record: &Record,
    json: bool,
    report: &mut Report,
) -> Result<Status> {
    let (out, err) = (&mut report.out, &mut report.err);
    let mut engine = None;
    let outcome = puzzle_or_report(record, err).and_then(|puzzle| {
        let answer = super::proved(answerer.ask(puzzle, Question::Unique), &record.label, err)?;
        engine = answer.settled_by;
        let verdict = answer.verdict();
        // Every solution shown is verified first.
        Ok(match verdict {
            Verdict::None => Verdict::None,
            Verdict::Unique(only) => {
                Verdict::Unique(checked(graph, puzzle, only, &record.label, err)?)
            }
            Verdict::Multiple(a, b) => Verdict::Multiple(
                checked(graph, puzzle, a, &record.label, err)?,
                checked(graph, puzzle, b, &record.label, err)?,
            ),
            Verdict::GaveUp(_) => Verdict::GaveUp(None),
        })
    });
    let (word, status) = match &outcome {
        Ok(Verdict::Unique(_)) => ("unique", Status::Ok),
        Ok(Verdict::None) => ("none", Status::Unsolved),
        Ok(Verdict::Multiple(..)) => ("multiple", Status::Multiple),
        Ok(Verdict::GaveUp(_)) => ("gave up", Status::GaveUp),
        Err(Status::Invalid) => ("invalid", Status::Invalid),
        Err(Status::Io) => ("unreadable", Status::Io),
        Err(status) => ("internal error", *status),
    };
    let pair = match &outcome {
        Ok(Verdict::Multiple(a, b)) => Some((a, b)),
        _ => None,
    };
    let name = |cell: usize| graph.cells()[cell].name.as_str();
    let symbol = |colour: u8| graph.alphabet().symbol(colour);
    if json {
        let said = match status {
            Status::Ok => Outcome::Unique,
            other => super::outcome(other),
        };
        let mut line = PuzzleRecord::new(
            Kind::Check,
            &record.label,
            &record.location.to_string(),
            said,
        );
        line.error = record.puzzle.as_ref().err().map(|e| e.to_string());
        line.settled_by = engine.map(|e| e.as_str().to_string());
        if let Ok(Verdict::Unique(only)) = &outcome {
            line.solution = Some(text::line(graph, only.to_puzzle().givens()));
        }
        let core = match (&outcome, &record.puzzle) {
            (Ok(Verdict::None), Ok(puzzle)) => super::core_names(graph, puzzle),
            _ => None,
        };
        if let Some((a, b)) = pair {
            line.solutions = Some(vec![
                text::line(graph, a.to_puzzle().givens()),
                text::line(graph, b.to_puzzle().givens()),
            ]);
            line.differences = Some(
                differences(a, b)
                    .into_iter()
                    .map(|c| Difference {
                        cell: name(c).to_string(),
                        first: symbol(a.colours()[c]).to_string(),
                        second: symbol(b.colours()[c]).to_string(),
                    })
                    .collect(),
            );
        }
        writeln!(
            out,
            "{}",
            super::solve::with_core(&json::to_line(&line), core)
        )?;
        return Ok(status);
    }
    writeln!(out, "{}: {word}", record.label)?;
    if let (Ok(Verdict::None), Ok(puzzle)) = (&outcome, &record.puzzle)
        && let Some(why) = super::why_none(graph, puzzle)
    {
        writeln!(out, "{why}")?;
    }
    if let Some((a, b)) = pair {
        for (n, solution) in [(1, a), (2, b)] {
            writeln!(out, "solution {n}:")?;
            write!(
                out,
                "{}",
                text::drawing(graph, solution.to_puzzle().givens())
            )?;
        }
        let cells = differences(a, b);
        let listed: Vec<String> = cells
            .iter()
            .map(|&c| {
                format!(
                    "{} ({} or {})",
                    name(c),
                    symbol(a.colours()[c]),
                    symbol(b.colours()[c])
                )
            })
            .collect();
        writeln!(
            out,
            "they differ in {}: {}",
            super::counted(cells.len(), "cell", "cells"),
            listed.join(", ")
        )?;
        writeln!(out)?;
    }
    Ok(status)
}
