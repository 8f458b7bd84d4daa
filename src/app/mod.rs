//! Running the commands: shared input handling here, one module per command.

mod count;
mod euler;
mod info;
mod solve;
mod validate;

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use graphdoku::input::{self, looks_like_ron};
use graphdoku::{
    ConstraintGraph, InputError, Puzzle, PuzzleReader, Record, Solution, Solver, verify,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::cli::{Cli, Command, InputArgs};

/// The exit status; when several apply, the highest wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything solved (or counted as asked).
    Ok = 0,
    /// Some puzzle has no solution.
    Unsolved = 1,
    /// Some input could not be read.
    Invalid = 2,
    /// The solver produced a colouring the verifier rejects: a bug.
    Internal = 3,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

pub fn run(cli: Cli) -> Result<Status> {
    match cli.command {
        Command::Solve {
            input,
            format,
            stats,
            unique,
        } => {
            let options = solve::Options {
                format,
                stats,
                unique,
            };
            for_each_record(&input, |graph, solver, record, report| {
                solve::run(graph, solver, record, options, report)
            })
        }
        Command::Count { input, limit, json } => {
            for_each_record(&input, |graph, solver, record, report| {
                count::run(graph, solver, record, limit, json, report)
            })
        }
        Command::Euler { file, verbose } => buffered(|out| euler::run(&file, verbose, out)),
        Command::Validate { files, variant } => {
            buffered(|out| validate::run(&files, &variant, out))
        }
        Command::Info { variant, json } => buffered(|out| info::run(&variant, json, out)),
    }
}

/// Runs `work` with a buffered standard output, flushed at the end.
fn buffered(
    work: impl FnOnce(&mut io::BufWriter<io::StdoutLock<'static>>) -> Result<Status>,
) -> Result<Status> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let status = work(&mut out)?;
    out.flush()?;
    Ok(status)
}

/// Opens `path` (`-` is standard input) with a buffer large enough to sniff the format.
pub(crate) fn open(path: &Path) -> io::Result<Box<dyn BufRead>> {
    Ok(if path == Path::new("-") {
        Box::new(BufReader::with_capacity(1 << 16, io::stdin()))
    } else {
        Box::new(BufReader::with_capacity(1 << 16, File::open(path)?))
    })
}

/// Where a record's output goes, so records solved in parallel print in input order.
#[derive(Debug, Default)]
pub(crate) struct Report {
    /// For standard output.
    pub out: Vec<u8>,
    /// For standard error.
    pub err: Vec<u8>,
}

/// Calls `visit` on every record of every input file, with the graph and solver
/// it belongs to, on `args.jobs` threads; prints the reports in input order, a
/// progress bar while stderr is a terminal, and a summary of batches. Returns
/// the worst status.
fn for_each_record(
    args: &InputArgs,
    visit: impl Fn(&ConstraintGraph, &Solver, Record, &mut Report) -> Result<Outcome> + Sync,
) -> Result<Status> {
    let graph = ConstraintGraph::load(&args.variant)?;
    let solver = Solver::new(&graph);
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let mut batch = Batch::new();
    for path in &args.files {
        let name = path.display().to_string();
        let mut reader = match open(path) {
            Ok(reader) => reader,
            Err(e) => {
                let error = input::Error::Io {
                    path: name.clone(),
                    source: e,
                }
                .located(&name);
                batch.print(invalid_record(&graph, &solver, &name, error, &visit))?;
                continue;
            }
        };
        if reader.fill_buf().map(looks_like_ron).unwrap_or(false) {
            let mut source = String::new();
            let parsed = reader
                .read_to_string(&mut source)
                .map_err(|source| input::Error::Io {
                    path: name.clone(),
                    source,
                })
                .and_then(|_| input::read_ron_puzzle(&source, &name));
            let result = match parsed {
                Ok((own_graph, record)) => {
                    let mut report = Report::default();
                    let outcome = visit(&own_graph, &Solver::new(&own_graph), record, &mut report);
                    (report, outcome)
                }
                Err(e) => invalid_record(&graph, &solver, &name, e.located(&name), &visit),
            };
            batch.print(result)?;
            continue;
        }
        let mut records = PuzzleReader::new(&graph, reader, &name).peekable();
        while records.peek().is_some() {
            // A bounded chunk at a time keeps memory flat on files of any size.
            let chunk: Vec<Record> = records.by_ref().take(CHUNK * jobs).collect();
            let reports: Vec<_> = pool.install(|| {
                chunk
                    .into_par_iter()
                    .map(|record| {
                        let mut report = Report::default();
                        let outcome = visit(&graph, &solver, record, &mut report);
                        (report, outcome)
                    })
                    .collect()
            });
            for result in reports {
                batch.print(result)?;
            }
        }
    }
    batch.finish()
}

/// Records per thread handed out at once.
const CHUNK: usize = 256;

/// The record of an input that could not be read at all.
fn invalid_record(
    graph: &ConstraintGraph,
    solver: &Solver,
    name: &str,
    error: InputError,
    visit: impl Fn(&ConstraintGraph, &Solver, Record, &mut Report) -> Result<Outcome>,
) -> (Report, Result<Outcome>) {
    let record = Record {
        label: name.to_string(),
        location: error.location.clone(),
        puzzle: Err(error),
    };
    let mut report = Report::default();
    let outcome = visit(graph, solver, record, &mut report);
    (report, outcome)
}

/// What became of one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Solved (with one solution, or without looking for another).
    Solved,
    /// Solved, and it has more than one solution.
    Several,
    /// No solution.
    NoSolution,
    /// The input could not be read.
    Invalid,
    /// A solution failed verification.
    Internal,
}

impl From<Status> for Outcome {
    fn from(status: Status) -> Outcome {
        match status {
            Status::Ok => Outcome::Solved,
            Status::Unsolved => Outcome::NoSolution,
            Status::Invalid => Outcome::Invalid,
            Status::Internal => Outcome::Internal,
        }
    }
}

impl Outcome {
    fn status(self) -> Status {
        match self {
            Outcome::Solved | Outcome::Several => Status::Ok,
            Outcome::NoSolution => Status::Unsolved,
            Outcome::Invalid => Status::Invalid,
            Outcome::Internal => Status::Internal,
        }
    }
}

/// Printing a run's reports in order, with its progress bar and closing summary.
struct Batch {
    out: io::BufWriter<io::StdoutLock<'static>>,
    counts: [u64; 5],
    status: Status,
    started: Instant,
    progress: Option<ProgressBar>,
}

impl Batch {
    fn new() -> Self {
        let progress = io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} {human_pos} puzzles, {per_sec}, {elapsed}")
            {
                bar.set_style(style);
            }
            bar
        });
        Batch {
            out: io::BufWriter::new(io::stdout().lock()),
            counts: [0; 5],
            status: Status::Ok,
            started: Instant::now(),
            progress,
        }
    }

    fn print(&mut self, (report, outcome): (Report, Result<Outcome>)) -> Result<()> {
        let outcome = outcome?;
        let out = &mut self.out;
        let mut write = || -> io::Result<()> {
            out.write_all(&report.out)?;
            if !report.err.is_empty() {
                out.flush()?; // keep a record and its message together on a terminal
                io::stderr().lock().write_all(&report.err)?;
            }
            Ok(())
        };
        match &self.progress {
            Some(bar) => {
                bar.suspend(write)?;
                bar.inc(1);
            }
            None => write()?,
        }
        self.counts[outcome as usize] += 1;
        self.status = self.status.max(outcome.status());
        Ok(())
    }

    /// Clears the bar and, for more than one puzzle, prints the summary.
    fn finish(mut self) -> Result<Status> {
        self.out.flush()?;
        if let Some(bar) = &self.progress {
            bar.finish_and_clear();
        }
        let total: u64 = self.counts.iter().sum();
        if total > 1 {
            let seconds = self.started.elapsed().as_secs_f64();
            let [solved, several, none, invalid, internal] = self.counts;
            let mut line = format!(
                "{total} puzzles: {solved} solved, {several} with several solutions, {none} with no solution, {invalid} invalid"
            );
            if internal > 0 {
                line += &format!(", {internal} INTERNAL ERRORS");
            }
            eprintln!(
                "{line}; {seconds:.2} s, {:.0} puzzles/s",
                total as f64 / seconds
            );
        }
        Ok(self.status)
    }
}

/// The puzzle of a record, or the status after reporting to `err` why there is none.
pub(crate) fn puzzle_or_report<'r>(
    record: &'r Record,
    err: &mut impl Write,
) -> Result<&'r Puzzle, Status> {
    record.puzzle.as_ref().map_err(|e| {
        let _ = writeln!(err, "error: {e}");
        Status::Invalid
    })
}

/// Verifies a solution before anything prints it.
pub(crate) fn checked(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    solution: Solution,
    label: &str,
    err: &mut impl Write,
) -> Result<Solution, Status> {
    match verify(graph, puzzle, &solution) {
        Ok(()) => Ok(solution),
        Err(violation) => {
            let _ = writeln!(
                err,
                "internal error: {label}: the solver's answer is wrong: {violation}"
            );
            Err(Status::Internal)
        }
    }
}
