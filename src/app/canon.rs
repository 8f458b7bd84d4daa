//! `graphdoku canon`: each puzzle's canonical form, one line each, to find equivalent puzzles; a CSV dataset's forms keyed by its questions.

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;
use graphdoku::canon::{Canon, Under};
use graphdoku::read::csv::{self, Row};
use graphdoku::write::text;
use graphdoku::{ConstraintGraph, Record};
use rayon::prelude::*;

use super::batch::{Mode, for_each_record};
use super::{Report, Status, puzzle_or_report};
use crate::cli::{CanonFormat, InputArgs};

/// Rows of a CSV dataset per thread handed out at once.
const CHUNK: usize = 256;

/// `canon` on every input: a CSV dataset as a CSV keyed by its questions
/// (unless another format is asked for), anything else a form per record.
pub(crate) fn all(input: &InputArgs, format: Option<CanonFormat>) -> Result<Status> {
    let mut status = Status::Ok;
    let mut header = false;
    for path in super::input_files(&input.files)?.iter() {
        if is_csv(path) {
            let format = format.unwrap_or(CanonFormat::Csv);
            status = status.max(dataset(input, path, format, &mut header)?);
            continue;
        }
        let format = format.unwrap_or(CanonFormat::Line);
        if format == CanonFormat::Csv && !header {
            header = true;
            graphdoku::write::csv::row(&mut io::stdout(), &HEADER)?;
        }
        let one = InputArgs {
            files: vec![path.clone()],
            variant: input.variant.clone(),
            jobs: input.jobs,
            budget: input.budget,
        };
        let mode = Mode {
            no_summary: true,
            ..Mode::default()
        };
        status = status.max(for_each_record(&one, mode, |graph, _, record, report| {
            run(graph, record, format, report)
        })?);
    }
    Ok(status)
}

/// The header of a CSV of forms.
const HEADER: [&str; 2] = ["question", "canon"];

/// Whether `path` (`-` for standard input, peeked at without taking
/// anything from it) starts as a CSV dataset.
fn is_csv(path: &Path) -> bool {
    if path == Path::new("-") {
        let mut stdin = io::stdin().lock();
        return stdin.fill_buf().ok().and_then(csv::sniff).is_some();
    }
    super::open(path)
        .ok()
        .and_then(|mut r| r.fill_buf().ok().and_then(csv::sniff).map(|_| ()))
        .is_some()
}

/// The form of one record, as `format` writes it.
pub(crate) fn run(
    graph: &ConstraintGraph,
    record: &Record,
    format: CanonFormat,
    report: &mut Report,
) -> Result<Status> {
    let puzzle = match puzzle_or_report(record, &mut report.err) {
        Ok(puzzle) => puzzle,
        Err(status) => return Ok(status),
    };
    let canon = Canon::new(graph);
    noted(graph, &canon, &mut report.err)?;
    let form = text::line(graph, canon.form(puzzle).givens());
    let question = text::line(graph, puzzle.givens());
    write_form(&mut report.out, format, &question, Some(&form))?;
    Ok(Status::Ok)
}

/// Said once a run: forms that miss some equivalent puzzles.
fn noted(graph: &ConstraintGraph, canon: &Canon, err: &mut impl Write) -> Result<()> {
    static NOTED: AtomicBool = AtomicBool::new(false);
    if let Some(note) = note(graph, canon.under())
        && !NOTED.swap(true, Ordering::Relaxed)
    {
        writeln!(err, "{note}")?;
    }
    Ok(())
}

/// One form (none for a question that does not read) as `format` writes it.
fn write_form(
    out: &mut impl Write,
    format: CanonFormat,
    question: &str,
    form: Option<&str>,
) -> Result<()> {
    match format {
        CanonFormat::Line => writeln!(out, "{}", form.unwrap_or(""))?,
        CanonFormat::Csv => graphdoku::write::csv::row(out, &[question, form.unwrap_or("")])?,
        // The key first, as the CSV has it (serde_json's maps would sort).
        CanonFormat::Json => writeln!(
            out,
            "{{\"question\":{},\"canon\":{}}}",
            serde_json::Value::from(question),
            serde_json::Value::from(form)
        )?,
    }
    Ok(())
}

/// The forms of a CSV dataset's questions, in its order, each with its
/// question as the file writes it: a row of output for every row of input
/// (an empty form where the question does not read, said on standard error).
fn dataset(
    input: &InputArgs,
    path: &Path,
    format: CanonFormat,
    header: &mut bool,
) -> Result<Status> {
    let graph = ConstraintGraph::load(input.variant.as_deref().unwrap_or(super::DEFAULT_VARIANT))?;
    let name = path.display().to_string();
    let reader = super::open(path).map_err(|e| anyhow::anyhow!("cannot read {name}: {e}"))?;
    let mut rows = csv::Reader::new(&graph, reader, &name).map_err(|e| anyhow::anyhow!("{e}"))?;
    let canon = Canon::new(&graph);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut err = io::stderr().lock();
    noted(&graph, &canon, &mut err)?;
    if format == CanonFormat::Csv && !*header {
        *header = true;
        graphdoku::write::csv::row(&mut out, &HEADER)?;
    }
    let jobs = super::jobs(input.jobs);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let mut status = Status::Ok;
    let mut any = false;
    loop {
        let chunk: Vec<Row> = rows.by_ref().take(CHUNK * jobs).collect();
        if chunk.is_empty() {
            break;
        }
        any = true;
        let forms: Vec<Option<String>> = pool.install(|| {
            (chunk.par_iter())
                .map(|row| {
                    (row.question.puzzle.as_ref().ok())
                        .map(|p| text::line(&graph, canon.form(p).givens()))
                })
                .collect()
        });
        for (row, form) in chunk.iter().zip(forms) {
            if let Err(e) = &row.question.puzzle {
                let _ = writeln!(err, "error: {e}");
                status = status.max(match e.is_io() {
                    true => Status::Io,
                    false => Status::Invalid,
                });
            }
            write_form(&mut out, format, &row.key, form.as_deref())?;
        }
    }
    out.flush()?;
    if !any {
        let _ = writeln!(err, "error: {name}: no puzzles found");
        return Ok(Status::Invalid);
    }
    Ok(status)
}

/// A note when the forms of `graph` are not under its whole declared group.
pub(crate) fn note(graph: &ConstraintGraph, under: Under) -> Option<String> {
    let Under::TooLarge { relabelled } = under else {
        return None;
    };
    Some(format!(
        "note: {}: the group of its declared symmetries is too large to search; \
         forms are under {} only",
        graph.name(),
        match relabelled {
            true => "symbol relabelling",
            false => "the identity",
        }
    ))
}
