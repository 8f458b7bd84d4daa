//! `graphdoku count`: how many solutions, up to a limit; with `--all`, each one too.

use std::borrow::Cow;
use std::io::Write;

use anyhow::Result;
use graphdoku::estimate;
use graphdoku::prove::{Answerer, Engine, Question};
use graphdoku::write::json::{self, EstimateRecord, Kind, Outcome, PuzzleRecord, SolutionRecord};
use graphdoku::write::{csv, text};
use graphdoku::{ConstraintGraph, Puzzle, Record, Solution};

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
    /// A CSV dataset's rows (not with `all`).
    pub csv: bool,
    /// Estimate instead of counting (`--estimate`), with these probes.
    pub estimate: Option<estimate::Options>,
}

pub(crate) fn run(
    graph: &ConstraintGraph,
    answerer: &mut Answerer,
    record: &Record,
    options: Options,
    report: &mut Report,
) -> Result<Status> {
    if let (Some(estimating), Ok(puzzle)) = (options.estimate, &record.puzzle) {
        return estimated(graph, puzzle, record, (estimating, options.json), report);
    }
    let (out, err) = (&mut report.out, &mut report.err);
    let limit = options
        .limit
        .unwrap_or(if options.all { u64::MAX } else { 2 });
    let mut engine = None;
    let mut first = None;
    let counted = match puzzle_or_report(record, err) {
        Ok(puzzle) => count(
            graph,
            answerer,
            puzzle,
            (&record.label, limit, options),
            (out, err),
            (&mut engine, &mut first),
        )?,
        Err(status) => Err(status),
    };
    let (found, status) = match counted {
        Ok((found, true)) if super::interrupt::happened() => (Some(found), Status::Interrupted),
        Ok((found, true)) => (Some(found), Status::GaveUp),
        Ok((0, false)) => (Some(0), Status::Unsolved),
        Ok((1, false)) => (Some(1), Status::Ok),
        Ok((found, false)) => (Some(found), Status::Multiple),
        Err(status) => (None, status),
    };
    // Words, not formatted strings, for the common verdicts: one line per
    // puzzle of a big batch.
    let verdict: Cow<str> = match found {
        None if status == Status::Invalid => "invalid".into(),
        None if status == Status::Io => "unreadable".into(),
        None => "internal error".into(),
        Some(n) if status == Status::GaveUp => format!("gave up after {n} found").into(),
        Some(n) if status == Status::Interrupted => format!(
            "interrupted after {}",
            super::counted(n as usize, "solution", "solutions")
        )
        .into(),
        Some(0) => "none".into(),
        Some(2) if limit == 2 => "at least 2".into(),
        Some(n) if n == limit => format!("at least {n}").into(),
        Some(1) => "unique".into(),
        Some(n) => format!("{n} solutions").into(),
    };
    let outcome = match status {
        // One found, and one asked for: a solution, not a proof of uniqueness.
        Status::Ok if options.csv && limit == 1 => Outcome::Solved,
        Status::Ok => Outcome::Unique,
        other => super::outcome(other),
    };
    if options.csv {
        // The answer of a dataset is the one solution, when there is one.
        let answer = first.as_ref().filter(|_| status == Status::Ok);
        let count = found.map_or_else(String::new, |n| n.to_string());
        let question = record.puzzle.as_ref().ok();
        csv::puzzle(out, graph, question, answer, &[json::word(&outcome), count])?;
    } else if options.json {
        let mut line = PuzzleRecord::new(
            Kind::Count,
            &record.label,
            &record.location.to_string(),
            outcome,
        );
        line.error = record.puzzle.as_ref().err().map(|e| e.to_string());
        line.count = found;
        line.complete = found.map(|n| n < limit && status != Status::GaveUp);
        line.settled_by = engine.map(|e| e.as_str().to_string());
        writeln!(out, "{}", json::to_line(&line))?;
    } else {
        for part in [record.label.as_str(), ": ", &verdict, "\n"] {
            out.write_all(part.as_bytes())?;
        }
    }
    Ok(status)
}

/// `count --estimate`: the estimate of the number of solutions of `puzzle`,
/// and its interval.
fn estimated(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    record: &Record,
    (options, json): (estimate::Options, bool),
    report: &mut Report,
) -> Result<Status> {
    let found = match estimate::estimate(graph, puzzle, options) {
        Ok(found) => found,
        Err(violation) => {
            let label = &record.label;
            writeln!(
                report.err,
                "internal error: {label}: the solver's answer is wrong: {violation}"
            )?;
            return Ok(Status::Internal);
        }
    };
    let outcome = Outcome::of_estimate(&found);
    let status = match outcome {
        _ if super::interrupt::happened() => Status::Interrupted,
        Outcome::NoSolution => Status::Unsolved,
        Outcome::Multiple => Status::Multiple,
        Outcome::GaveUp => Status::GaveUp,
        _ => Status::Ok,
    };
    if json {
        let location = record.location.to_string();
        let mut line = PuzzleRecord::new(Kind::Count, &record.label, &location, outcome);
        if found.exact {
            line.count = Some(found.estimate.to_f64() as u64);
            line.complete = Some(true);
        }
        line.estimate = Some(EstimateRecord::of(&found));
        writeln!(report.out, "{}", json::to_line(&line))?;
    } else {
        writeln!(report.out, "{}: {}", record.label, text::estimate(&found))?;
    }
    Ok(status)
}

/// Counts the solutions of `puzzle` up to `limit`, printing each with `--all`,
/// and whether the budget ran out; the inner error is the status of a solution
/// that failed verification. `engine` is set to who settled the count, and
/// `first` (without `--all`) to the first solution found, verified.
fn count(
    graph: &ConstraintGraph,
    answerer: &mut Answerer,
    puzzle: &Puzzle,
    (label, limit, options): (&str, u64, Options),
    (out, err): (&mut impl Write, &mut impl Write),
    (engine, first): (&mut Option<Engine>, &mut Option<Solution>),
) -> Result<Result<(u64, bool), Status>> {
    // Without --all nothing is printed but the count: verify the first solution
    // and count the rest (up to symmetry, which is faster). With --all, verify
    // each before printing it.
    if !options.all {
        let answer = match super::proved(answerer.ask(puzzle, Question::Count(limit)), label, err) {
            Ok(answer) => answer,
            Err(status) => return Ok(Err(status)),
        };
        *engine = answer.settled_by;
        if let Some(found) = answer.first {
            match checked(graph, puzzle, found, label, err) {
                Ok(found) => *first = Some(found),
                Err(status) => return Ok(Err(status)),
            }
        }
        return Ok(Ok((answer.solutions, answer.gave_up)));
    }
    let mut search = answerer.solver().search(puzzle);
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
    *engine = (!search.gave_up()).then_some(Engine::Search);
    Ok(Ok((found, search.gave_up())))
}
