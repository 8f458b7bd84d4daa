//! `graphdoku explain` and `hint`: a puzzle's solution path in words, or its next step.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use graphdoku::logic::{Grade, Logic, Path, Step};
use graphdoku::prove::{Answerer, Question};
use graphdoku::write::json::{self, Kind, Outcome, Placement, PuzzleRecord, StepRecord, StepRule};
use graphdoku::{ConstraintGraph, Record, Stats, Verdict};

use super::{Report, Status, checked, puzzle_or_report};

/// The whole path, or its first step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    All,
    Hint,
}

impl Mode {
    /// The JSON record kind of this mode.
    fn kind(self) -> Kind {
        match self {
            Mode::All => Kind::Explain,
            Mode::Hint => Kind::Hint,
        }
    }
}

/// What the logic engine makes of a puzzle that has a solution.
pub(super) struct Analysis {
    /// From the givens to the (first) solution.
    pub path: Path,
    /// Whether that solution is the only one.
    pub unique: bool,
    /// The solver's work to find it and settle uniqueness.
    pub stats: Stats,
}

/// The deduction engine and its analysis of the record's puzzle (its path
/// is the one every door shows, see [`Logic::shown_path`]); or,
/// after printing the record's line saying why there is none, the status.
/// Its chains through rules get `budget` at most (see
/// [`Logic::with_path_budget`]).
pub(super) fn analyse_or_report<'g>(
    graph: &'g ConstraintGraph,
    budget: Duration,
    answerer: &mut Answerer,
    record: &Record,
    json: Option<Kind>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<Result<(Logic<'g>, Analysis), Status>> {
    let logic = Logic::new(graph).with_path_budget(budget);
    Ok(match analyse(graph, answerer, &logic, record, err) {
        Ok(analysis) => Ok((logic, analysis)),
        Err(status) => Err(report_failure(record, status, json, out)?),
    })
}

/// Finds a verified solution, whether it is unique, and the logic path to it;
/// or the status after reporting why not.
fn analyse(
    graph: &ConstraintGraph,
    answerer: &mut Answerer,
    logic: &Logic,
    record: &Record,
    err: &mut impl Write,
) -> Result<Analysis, Status> {
    let puzzle = puzzle_or_report(record, err)?;
    let started = Instant::now();
    // The question `check` asks: the search, then SAT for what it leaves.
    let answer = super::proved(answerer.ask(puzzle, Question::Unique), &record.label, err)?;
    let (verdict, stats) = (answer.verdict(), answer.stats);
    let (solution, unique) = match verdict {
        Verdict::None => return Err(Status::Unsolved),
        Verdict::Unique(only) => (only, true),
        Verdict::Multiple(first, _) => (first, false),
        Verdict::GaveUp(_) => return Err(Status::GaveUp),
    };
    let solution = checked(graph, puzzle, solution, &record.label, err)?;
    // Every door shows the same path (`Logic::shown_path`): the search has
    // shown uniqueness, and the chains get what is left of `grade`'s time.
    let path = logic.shown_path(puzzle, &solution, unique, logic.budget_since(started));
    let path = path.map_err(|contradiction| {
        let _ = writeln!(
            err,
            "internal error: {}: the deductions contradict the verified solution at {}",
            record.label,
            graph.cells()[contradiction.cell].name
        );
        Status::Internal
    })?;
    Ok(Analysis {
        path,
        unique,
        stats,
    })
}

/// Prints the record of a puzzle that could not be analysed; returns `status`.
fn report_failure(
    record: &Record,
    status: Status,
    json: Option<Kind>,
    out: &mut impl Write,
) -> Result<Status> {
    let word = match status {
        Status::Unsolved => "no solution",
        Status::Invalid => "invalid",
        Status::Io => "unreadable",
        Status::GaveUp => "gave up",
        _ => "internal error",
    };
    if let Some(kind) = json {
        let mut line = PuzzleRecord::new(
            kind,
            &record.label,
            &record.location.to_string(),
            super::outcome(status),
        );
        line.error = record.puzzle.as_ref().err().map(|e| e.to_string());
        writeln!(out, "{}", json::to_line(&line))?;
    } else {
        writeln!(out, "{}: {word}", record.label)?;
    }
    Ok(status)
}

/// The status of an analysed puzzle: several solutions are reported as such.
pub(super) fn status(analysis: &Analysis) -> Status {
    if analysis.unique {
        Status::Ok
    } else {
        Status::Multiple
    }
}

pub(crate) fn run(
    graph: &ConstraintGraph,
    answerer: &mut Answerer,
    record: &Record,
    mode: Mode,
    budget: Duration,
    json: bool,
    report: &mut Report,
) -> Result<Status> {
    let out = &mut report.out;
    let (logic, analysis) = match analyse_or_report(
        graph,
        budget,
        answerer,
        record,
        json.then_some(mode.kind()),
        out,
        &mut report.err,
    )? {
        Ok(analysed) => analysed,
        Err(status) => return Ok(status),
    };
    let steps = match mode {
        Mode::All => &analysis.path.steps[..],
        Mode::Hint => &analysis.path.steps[..analysis.path.steps.len().min(1)],
    };
    let level = Grade::of(&analysis.path).level;
    let several = if analysis.unique {
        ""
    } else {
        " (several solutions: guesses follow the first one found)"
    };
    if json {
        let mut line = PuzzleRecord::new(
            mode.kind(),
            &record.label,
            &record.location.to_string(),
            Outcome::uniqueness(analysis.unique),
        );
        line.level = Some(json::word(&level));
        line.steps = Some(steps.iter().map(|s| step_json(&logic, s)).collect());
        writeln!(out, "{}", json::to_line(&line))?;
    } else if mode == Mode::Hint {
        let hint = steps
            .first()
            .map_or("already solved".to_string(), |s| logic.describe(s));
        writeln!(out, "{}: {hint}{several}", record.label)?;
    } else {
        writeln!(
            out,
            "{}: {level}, {}{several}",
            super::heading(record),
            super::counted(steps.len(), "step", "steps")
        )?;
        for (n, step) in steps.iter().enumerate() {
            writeln!(out, "{:>4}. {}", n + 1, logic.describe(step))?;
        }
        writeln!(out)?;
    }
    Ok(status(&analysis))
}

/// A step for tools: technique, text, and its effect by cell and symbol name.
fn step_json(logic: &Logic, step: &Step) -> StepRecord {
    let graph = logic.graph();
    let named = |(cell, colour): (usize, u8)| Placement {
        cell: graph.cells()[cell].name.clone(),
        symbol: graph.alphabet().symbol(colour).to_string(),
    };
    StepRecord {
        technique: json::word(&step.technique),
        text: logic.describe(step),
        placed: step.placed.map(named),
        eliminated: step.eliminated.iter().copied().map(named).collect(),
        rule: rule_json(logic, step),
    }
}

/// The rule of a rule step, for tools: its kind and cells by name.
fn rule_json(logic: &Logic, step: &Step) -> Option<StepRule> {
    let graph = logic.graph();
    Some(StepRule {
        kind: logic.rule_kind(step)?,
        cells: (step.cells.iter())
            .map(|&c| graph.cells()[c].name.clone())
            .collect(),
    })
}
