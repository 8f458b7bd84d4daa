//! `graphdoku dataset verify`: every answer solves its question, every question is
//! unique, no question twice (or, with `--canon`, no two equivalent).

use std::collections::HashMap;
use std::io::{self, Write};

use anyhow::Result;
use graphdoku::canon::Canon;
use graphdoku::prove::{self, Answerer, Question};
use graphdoku::read::csv::{self, Row};
use graphdoku::{ConstraintGraph, Puzzle, Solution, Solver, Verdict, verify};
use rayon::prelude::*;

use super::Status;
use crate::cli::DatasetVerifyArgs;

/// Rows per thread handed out at once.
const CHUNK: usize = 256;

/// What was found wrong with one row, and the status it makes.
struct Finding {
    status: Status,
    message: String,
}

/// Counts of the rows by what was found.
#[derive(Default)]
struct Tally {
    rows: u64,
    ok: u64,
    invalid: u64,
    wrong: u64,
    several: u64,
    gave_up: u64,
    duplicates: u64,
    equivalent: u64,
}

pub(crate) fn run(args: &DatasetVerifyArgs, out: &mut impl Write) -> Result<Status> {
    let graph = ConstraintGraph::load(args.variant.as_deref().unwrap_or(super::DEFAULT_VARIANT))?;
    // The question `check` asks: the search, then SAT for what it leaves.
    let budget = args.budget.budget();
    let solver = Solver::new(&graph).with_budget(prove::searching(&graph, budget));
    let sat = prove::handed_off(budget);
    let name = args.file.display().to_string();
    let input = super::open(&args.file).map_err(|e| anyhow::anyhow!("cannot read {name}: {e}"))?;
    let mut rows = csv::Reader::new(&graph, input, &name).map_err(|e| anyhow::anyhow!("{e}"))?;
    let has_answers = rows.columns().answer.is_some();
    let jobs = super::jobs(args.jobs);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let mut tally = Tally::default();
    let mut status = Status::Ok;
    // The first line of each question (or canonical form) seen.
    let mut seen: HashMap<Puzzle, usize> = HashMap::new();
    let mut forms: HashMap<Puzzle, usize> = HashMap::new();
    let mut err = io::stderr().lock();
    let canon = Canon::new(&graph);
    if let Some(note) = super::canon::note(&graph, canon.under()).filter(|_| args.canon) {
        let _ = writeln!(err, "{note}");
    }
    loop {
        let chunk: Vec<Row> = rows.by_ref().take(CHUNK * jobs).collect();
        if chunk.is_empty() {
            break;
        }
        let results: Vec<(Option<Finding>, Option<Puzzle>)> = pool.install(|| {
            chunk
                .par_iter()
                .map_init(
                    || Answerer::new(&graph, &solver, sat),
                    |checker, row| {
                        let finding = check_row(&graph, checker, row);
                        let form = match (&row.question.puzzle, args.canon) {
                            (Ok(p), true) => Some(canon.form(p)),
                            _ => None,
                        };
                        (finding, form)
                    },
                )
                .collect()
        });
        for (row, (finding, form)) in chunk.iter().zip(results) {
            tally.rows += 1;
            let line = row.question.location.line;
            // Every readable question counts for the duplicates, even one with
            // another problem (which is the one reported for its row).
            let repeat = row.question.puzzle.as_ref().ok().and_then(|question| {
                if let Some(&first) = seen.get(question) {
                    return Some((true, first));
                }
                seen.insert(question.clone(), line);
                let form = form?;
                if let Some(&first) = forms.get(&form) {
                    return Some((false, first));
                }
                forms.insert(form, line);
                None
            });
            let finding = finding.or_else(|| {
                let (same, first) = repeat?;
                let message = if same {
                    tally.duplicates += 1;
                    format!("{name}:{line}: duplicate of line {first}")
                } else {
                    tally.equivalent += 1;
                    format!("{name}:{line}: equivalent to line {first} (the same canonical form)")
                };
                Some(Finding {
                    status: Status::Invalid,
                    message,
                })
            });
            match finding {
                None => tally.ok += 1,
                Some(finding) => {
                    match finding.status {
                        Status::Invalid | Status::Io => tally.invalid += 1,
                        Status::Multiple => tally.several += 1,
                        Status::GaveUp => tally.gave_up += 1,
                        _ => tally.wrong += 1,
                    }
                    status = status.max(finding.status);
                    // A message that cannot be written is lost: the status says it.
                    let _ = writeln!(err, "{}", finding.message);
                }
            }
        }
    }
    if tally.rows == 0 {
        let _ = writeln!(err, "error: {name}: no puzzles found");
        return Ok(Status::Invalid);
    }
    // Duplicates were counted as invalid above; say them apart.
    tally.invalid -= tally.duplicates + tally.equivalent;
    let mut parts = vec![format!("{} ok", tally.ok)];
    for (n, word) in [
        (tally.invalid, "unreadable"),
        (tally.wrong, "wrong answer"),
        (tally.several, "not unique"),
        (tally.gave_up, "gave up"),
        (tally.duplicates, "duplicate"),
        (tally.equivalent, "equivalent"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {word}"));
        }
    }
    writeln!(
        out,
        "{name}: {}{}: {}",
        super::counted(tally.rows as usize, "row", "rows"),
        if has_answers {
            ""
        } else {
            " (no answer column)"
        },
        parts.join(", ")
    )?;
    Ok(status)
}

/// What is wrong with one row, if anything: unreadable, an answer that is not a
/// solution of its question, a question with no or several solutions.
fn check_row(graph: &ConstraintGraph, answerer: &mut Answerer, row: &Row) -> Option<Finding> {
    let invalid = |message: String| {
        Some(Finding {
            status: Status::Invalid,
            message,
        })
    };
    let question = match &row.question.puzzle {
        Ok(question) => question,
        Err(e) => return invalid(format!("{e}")),
    };
    let line = &row.question.location;
    let answer = match &row.answer {
        None => None,
        Some(Err(e)) => return invalid(format!("{e}")),
        Some(Ok(answer)) => {
            let colours: Option<Vec<u8>> = answer.givens().iter().copied().collect();
            let Some(colours) = colours else {
                return invalid(format!(
                    "{}:{}: the answer has {} empty cells",
                    line.file,
                    line.line,
                    graph.len() - answer.clue_count()
                ));
            };
            let answer = Solution::new(colours);
            if let Err(violation) = verify(graph, question, &answer) {
                return Some(Finding {
                    status: Status::Unsolved,
                    message: format!(
                        "{}:{}: the answer does not solve the question: {violation}",
                        line.file, line.line
                    ),
                });
            }
            Some(answer)
        }
    };
    let verdict = match answerer.ask(question, Question::Unique) {
        Ok(answer) => answer.verdict(),
        Err(fault) => {
            return Some(Finding {
                status: Status::Internal,
                message: format!("{}:{}: internal error: {fault}", line.file, line.line),
            });
        }
    };
    let (status, what) = match verdict {
        Verdict::Unique(only) => match answer {
            Some(answer) if answer != only => (
                Status::Internal,
                "internal error: the answer is a solution, but not the one found unique",
            ),
            _ => return None,
        },
        Verdict::None => (Status::Unsolved, "the question has no solution"),
        Verdict::Multiple(..) => (Status::Multiple, "the question has several solutions"),
        Verdict::GaveUp(_) => (Status::GaveUp, "gave up: the search budget ran out"),
    };
    Some(Finding {
        status,
        message: format!("{}:{}: {what}", line.file, line.line),
    })
}
