//! Running the commands: shared input handling here, one module per command.

mod canon;
mod check;
mod chromatic;
mod colour;
mod completions;
mod count;
mod dataset;
mod euler;
mod example;
mod explain;
mod export;
mod generate;
mod grade;
mod graph;
mod import;
mod info;
mod interrupt;
mod man;
mod progress;
mod render;
mod serve;
mod solve;
mod validate;

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use graphdoku::prove::{self, Answerer};
use graphdoku::read::{self, looks_like_ron};
use graphdoku::{
    Budget, ConstraintGraph, InputError, Puzzle, PuzzleReader, Record, Solution, Solver, verify,
};
use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::cli::{Cli, Command, DatasetCommand, InputArgs};

/// The exit status; when several apply, the most severe wins (see [`Status::rank`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything solved (or counted as asked).
    Ok = 0,
    /// Some puzzle has no solution.
    Unsolved = 1,
    /// Some input could not be read.
    Invalid = 2,
    /// The solver produced a colouring the verifier rejects: a bug.
    Internal = 3,
    /// Some puzzle has several solutions (commands that check uniqueness).
    Multiple = 4,
    /// Gave up: the search budget (`--timeout`, `--max-nodes`) ran out before
    /// an answer, or `generate` found no puzzle with the asked --clues or
    /// --difficulty within --attempts (not "no solution", which is 1).
    GaveUp = 5,
    /// A file could not be read (missing, unreadable, a directory) or the
    /// output could not be written.
    Io = 6,
    /// Stopped by Ctrl-C (`count`), after saying how far it got.
    Interrupted = 130,
}

impl Status {
    /// Severity: a bug, then an I/O error, then bad input, then giving up, then
    /// no solution, then several solutions.
    fn rank(self) -> u8 {
        match self {
            Status::Ok => 0,
            Status::Multiple => 1,
            Status::Unsolved => 2,
            Status::GaveUp => 3,
            Status::Invalid => 4,
            Status::Io => 5,
            Status::Internal => 6,
            Status::Interrupted => 7,
        }
    }
}

impl Ord for Status {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Status {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
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
                style: text_style(),
            };
            // With --unique the question is uniqueness: several solutions exit 4.
            let mode = Mode {
                several_is_error: unique,
                hand_off: true,
                ..Mode::default()
            };
            for_each_record(&input, mode, |graph, answerer, record, report| {
                solve::run(graph, answerer, record, options, report)
            })
        }
        Command::Count {
            input,
            limit,
            all,
            output,
        } => {
            let json = output.json();
            // Every solution of one puzzle can be far more than memory: stream it.
            // A long count stopped by Ctrl-C says how far it got.
            let stop = interrupt::catch();
            // Every solution one by one (--all), or more than two, is the
            // search's alone: SAT would find them one at a time, each blocked.
            let mode = Mode {
                stream: all,
                stop: Some(stop),
                hand_off: !all && limit.unwrap_or(2) <= 2,
                ..Mode::default()
            };
            for_each_record(&input, mode, |graph, answerer, record, report| {
                let options = count::Options { limit, all, json };
                count::run(graph, answerer, record, options, report)
            })
        }
        Command::Check { input, output } => {
            let mode = Mode {
                hand_off: true,
                ..Mode::uniqueness()
            };
            for_each_record(&input, mode, |graph, answerer, record, report| {
                check::run(graph, answerer, record, output.json(), report)
            })
        }
        Command::Grade { input, output } => for_each_record(
            &input,
            Mode::uniqueness(),
            |graph, checker, record, report| {
                grade::run(graph, checker.solver(), record, output.json(), report)
            },
        ),
        Command::Explain { input, output } => for_each_record(
            &input,
            Mode::uniqueness(),
            |graph, checker, record, report| {
                explain::run(
                    graph,
                    checker.solver(),
                    record,
                    explain::Mode::All,
                    output.json(),
                    report,
                )
            },
        ),
        Command::Hint { input, output } => for_each_record(
            &input,
            Mode::uniqueness(),
            |graph, checker, record, report| {
                explain::run(
                    graph,
                    checker.solver(),
                    record,
                    explain::Mode::Hint,
                    output.json(),
                    report,
                )
            },
        ),
        Command::Generate(args) => buffered(|out| generate::run(&args, out)),
        Command::Colour(args) => buffered(|out| colour::run(&args, out)),
        Command::Chromatic(args) => buffered(|out| chromatic::run(&args, out)),
        Command::Canon { input } => for_each_record(
            &input,
            Mode {
                no_summary: true,
                ..Mode::default()
            },
            |graph, _checker, record, report| canon::run(graph, record, report),
        ),
        Command::Dataset(DatasetCommand::Verify(args)) => buffered(|out| dataset::run(&args, out)),
        Command::Euler { file, verbose } => buffered(|out| euler::run(file, verbose, out)),
        Command::Validate { files, variant } => {
            buffered(|out| validate::run(&files, variant.as_deref(), out))
        }
        Command::Info { variant, output } => {
            buffered(|out| info::run(&variant, output.json(), out))
        }
        Command::Render {
            file,
            variant,
            solution,
            output,
            scale,
            budget,
        } => {
            let options = render::Options {
                file,
                variant,
                solution,
                output,
                scale,
                budget: budget.budget(),
            };
            buffered(|out| render::run(&options, out))
        }
        Command::Import {
            source,
            output,
            solve,
            budget,
        } => buffered(|out| import::run(&source, output, solve, budget.budget(), out)),
        Command::Export {
            file,
            variant,
            json,
        } => buffered(|out| export::run(file, variant, json, out)),
        Command::Graph {
            variant,
            format,
            labels,
            no_labels,
        } => {
            // The last of --labels / --no-labels wins; neither leaves it to the size.
            let labels = (labels || no_labels).then_some(labels);
            buffered(|out| graph::run(&variant, format, labels, out))
        }
        Command::Completions { shell } => buffered(|out| completions::run(shell, out)),
        Command::Example { name } => buffered(|out| example::run(name.as_deref(), out)),
        Command::Man => buffered(man::run),
        Command::Serve {
            port,
            open,
            no_token,
        } => serve::run(port, open, no_token),
    }
}

/// How drawings look: box-drawing lines and colour (givens bold, solved values
/// blue) when standard output is a terminal, colour never with `NO_COLOR` set;
/// plain ASCII that reads back otherwise.
pub(crate) fn text_style() -> graphdoku::write::text::Style {
    use std::io::IsTerminal;
    let terminal = io::stdout().is_terminal();
    let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    graphdoku::write::text::Style {
        unicode: terminal,
        colour: terminal && !no_colour,
    }
}

/// The JSON outcome of a record's status (`Ok` is `solved`: commands that
/// settle uniqueness say `unique` themselves).
pub(crate) fn outcome(status: Status) -> graphdoku::write::json::Outcome {
    use graphdoku::write::json::Outcome;
    match status {
        Status::Ok => Outcome::Solved,
        Status::Unsolved => Outcome::NoSolution,
        Status::Invalid => Outcome::Invalid,
        Status::Internal => Outcome::InternalError,
        Status::Multiple => Outcome::Multiple,
        Status::GaveUp | Status::Interrupted => Outcome::GaveUp,
        Status::Io => Outcome::IoError,
    }
}

/// `n` and the noun, singular for one: "1 house", "2 houses".
pub(crate) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
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

/// The input files named, or standard input (`-`) when none is and it is not a
/// terminal (`graphdoku solve < puzzles.txt`).
///
/// # Errors
/// None named while standard input is a terminal: waiting for typed puzzles
/// would look like a hang.
pub(crate) fn input_files(files: &[PathBuf]) -> Result<Cow<'_, [PathBuf]>> {
    if !files.is_empty() {
        return Ok(Cow::Borrowed(files));
    }
    if io::stdin().is_terminal() {
        anyhow::bail!(
            "no FILE given, and standard input is a terminal: name puzzle files, \
             or send them to standard input (`graphdoku solve < puzzles.txt`)"
        );
    }
    Ok(Cow::Owned(vec![PathBuf::from("-")]))
}

/// Opens `path` (`-` is standard input) with a buffer large enough to sniff the
/// format. A directory is an error here, not at the first read.
pub(crate) fn open(path: &Path) -> io::Result<Box<dyn BufRead>> {
    Ok(if path == Path::new("-") {
        Box::new(BufReader::with_capacity(1 << 16, io::stdin()))
    } else {
        let file = File::open(path)?;
        if file.metadata()?.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "a directory, not a file",
            ));
        }
        Box::new(BufReader::with_capacity(1 << 16, file))
    })
}

/// Where a record's standard output goes: a buffer when records run in parallel
/// (printed in input order afterwards), or standard output itself when one
/// record's output may be larger than memory (`count --all`).
pub(crate) enum Output {
    Buffer(Vec<u8>),
    Stream(io::BufWriter<io::Stdout>),
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Output::Buffer(buffer) => buffer.write(bytes),
            Output::Stream(stream) => stream.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Buffer(_) => Ok(()),
            Output::Stream(stream) => stream.flush(),
        }
    }
}

/// What one record printed: its standard output, and its messages for stderr.
pub(crate) struct Report {
    pub out: Output,
    pub err: Vec<u8>,
}

impl Report {
    fn buffered() -> Self {
        Report {
            out: Output::Buffer(Vec::new()),
            err: Vec::new(),
        }
    }
}

/// How a command treats its records.
#[derive(Debug, Clone, Copy, Default)]
struct Mode {
    /// Several solutions make the exit status [`Status::Multiple`] (else 0).
    several_is_error: bool,
    /// Records print straight to standard output, one at a time.
    stream: bool,
    /// What stops every search of the run (Ctrl-C), besides its budget.
    stop: Option<graphdoku::solver::Stop>,
    /// No closing "N puzzles: N solved, …" line (commands that do not solve).
    no_summary: bool,
    /// The search runs under [`prove::HAND_OFF_NODES`] nodes and leaves what
    /// it does not settle to the SAT back end (unless `--max-nodes` asks for
    /// the search alone).
    hand_off: bool,
}

impl Mode {
    /// For commands whose question is uniqueness.
    fn uniqueness() -> Self {
        Mode {
            several_is_error: true,
            ..Mode::default()
        }
    }
}

/// The signature of a command's work on one record, with the searches (and
/// SAT formula) of the thread it runs on: it prints into the report and
/// returns the record's status ([`Status::Multiple`] for several solutions).
trait Visit:
    Fn(&ConstraintGraph, &mut Answerer, &Record, &mut Report) -> Result<Status> + Sync
{
}
impl<F> Visit for F where
    F: Fn(&ConstraintGraph, &mut Answerer, &Record, &mut Report) -> Result<Status> + Sync
{
}

/// The variant of text puzzles when `--variant` is not given.
pub(crate) const DEFAULT_VARIANT: &str = "sudoku9";

/// The most worker threads `-j` gives: four per core, and never above 256.
fn max_jobs() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (cores * 4).min(256)
}

/// Warns that `--variant` does not apply to a RON puzzle file, which names its own.
pub(crate) fn variant_ignored(variant: Option<&str>, name: &str) -> Option<String> {
    variant.map(|v| {
        format!("warning: {name} names its own variant: --variant {v} is not used for it\n")
    })
}

/// Calls `visit` on every record of every input file, with the graph and solver
/// it belongs to, on `args.jobs` threads; prints the reports in input order, a
/// progress line while only stderr is a terminal (see [`progress::wanted`]), and a
/// summary of batches. An input
/// with no puzzle at all is an error ("no puzzles found"). Returns the worst
/// status.
fn for_each_record(args: &InputArgs, mode: Mode, visit: impl Visit) -> Result<Status> {
    let variant = args.variant.as_deref().unwrap_or(DEFAULT_VARIANT);
    let graph = ConstraintGraph::load(variant)?;
    let budget = match mode.stop {
        Some(stop) => args.budget().stopped_by(stop),
        None => args.budget(),
    };
    // The SAT back end's budget, and the search's: capped in nodes where SAT takes over.
    let sat = prove::handed_off(budget).filter(|_| mode.hand_off);
    let searching = |graph: &ConstraintGraph| match sat {
        Some(_) => prove::searching(graph, budget),
        None => budget,
    };
    let solver = Solver::new(&graph).with_budget(searching(&graph));
    let jobs = match (mode.stream, args.jobs) {
        (true, _) => 1,
        (false, Some(n)) if n as usize > max_jobs() => {
            eprintln!(
                "warning: -j {n} is more threads than useful here: using {}",
                max_jobs()
            );
            max_jobs()
        }
        (false, Some(n)) => n as usize,
        (false, None) => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let mut batch = Batch::new(mode);
    // The searches of the main thread, kept from one record to the next.
    let mut checker = Answerer::new(&graph, &solver, sat);
    let one =
        |batch: &mut Batch, graph: &ConstraintGraph, checker: &mut Answerer, record: &Record| {
            let mut report = batch.report()?;
            let status = visit(graph, checker, record, &mut report);
            batch.print(report, status)
        };
    for path in input_files(&args.files)?.iter() {
        let name = path.display().to_string();
        let mut reader = match open(path) {
            Ok(reader) => reader,
            Err(source) => {
                let error = read::Error::Io {
                    path: name.clone(),
                    source,
                }
                .located(&name);
                one(
                    &mut batch,
                    &graph,
                    &mut checker,
                    &invalid_record(&name, error),
                )?;
                continue;
            }
        };
        if reader.fill_buf().map(looks_like_ron).unwrap_or(false) {
            if let Some(warning) = variant_ignored(args.variant.as_deref(), &name) {
                batch.message(warning.as_bytes())?;
            }
            let puzzles = read::read_text(reader, &name)
                .and_then(|source| read::read_ron_puzzles(&source, &name));
            match puzzles {
                Ok(puzzles) => {
                    let solvers: Vec<Solver> = puzzles
                        .graphs
                        .iter()
                        .map(|g| Solver::new(g).with_budget(searching(g)))
                        .collect();
                    for (index, record) in &puzzles.records {
                        match index {
                            Some(i) => {
                                let mut own = Answerer::new(&puzzles.graphs[*i], &solvers[*i], sat);
                                one(&mut batch, &puzzles.graphs[*i], &mut own, record)?
                            }
                            None => one(&mut batch, &graph, &mut checker, record)?,
                        }
                    }
                }
                Err(e) => one(
                    &mut batch,
                    &graph,
                    &mut checker,
                    &invalid_record(&name, e.located(&name)),
                )?,
            }
            continue;
        }
        if reader.fill_buf().ok().and_then(read::csv::sniff).is_some() {
            // A CSV dataset: its question column, row by row.
            let before = batch.total();
            match read::csv::Reader::new(&graph, reader, &name) {
                Ok(rows) => {
                    let mut records = rows.map(|row| row.question);
                    loop {
                        let chunk: Vec<Record> = records.by_ref().take(CHUNK * jobs).collect();
                        if chunk.is_empty() {
                            break;
                        }
                        if jobs == 1 {
                            for record in &chunk {
                                one(&mut batch, &graph, &mut checker, record)?;
                            }
                            continue;
                        }
                        in_parallel(&pool, (&solver, sat), &graph, &visit, &mut batch, &chunk)?;
                    }
                    if batch.total() == before {
                        batch.no_puzzles(&name)?;
                    }
                }
                Err(e) => one(&mut batch, &graph, &mut checker, &invalid_record(&name, e))?,
            }
            continue;
        }
        let head = head(args.variant.as_deref(), &mut reader);
        let before = batch.total();
        let mut records = PuzzleReader::new(&graph, reader, &name);
        // One record, read into again and again: no allocation per puzzle.
        let mut record = match records.next() {
            Some(first) => first,
            None => {
                batch.no_puzzles(&name)?;
                continue;
            }
        };
        if let Some(hint) = variant_hint(&head, Some(&record), &name) {
            batch.message(hint.as_bytes())?;
        }
        if jobs == 1 {
            loop {
                one(&mut batch, &graph, &mut checker, &record)?;
                if !records.read_into(&mut record) {
                    break;
                }
            }
        } else {
            let mut chunk = vec![record];
            loop {
                // A bounded chunk at a time keeps memory flat on files of any size.
                chunk.extend(records.by_ref().take(CHUNK * jobs - chunk.len()));
                if chunk.is_empty() {
                    break;
                }
                in_parallel(&pool, (&solver, sat), &graph, &visit, &mut batch, &chunk)?;
                chunk.clear();
            }
        }
        if batch.total() == before {
            batch.no_puzzles(&name)?;
        }
    }
    batch.finish()
}

/// Runs `visit` on a chunk of records on the pool's threads and prints the
/// reports in input order.
fn in_parallel(
    pool: &rayon::ThreadPool,
    (solver, sat): (&Solver, Option<Budget>),
    graph: &ConstraintGraph,
    visit: &impl Visit,
    batch: &mut Batch,
    chunk: &[Record],
) -> Result<()> {
    let reports: Vec<_> = pool.install(|| {
        chunk
            .par_iter()
            .map_init(
                || Answerer::new(graph, solver, sat),
                |checker, record| {
                    let mut report = Report::buffered();
                    let status = visit(graph, checker, record, &mut report);
                    (report, status)
                },
            )
            .collect()
    });
    for (report, status) in reports {
        batch.print(report, status)?;
    }
    Ok(())
}

/// Bytes of a text file kept to guess its variant.
const HEAD: usize = 1 << 14;

/// The head of a text input, kept to suggest a variant if it reads as none:
/// empty when `--variant` was given.
pub(crate) fn head(variant: Option<&str>, reader: &mut impl BufRead) -> Vec<u8> {
    match (variant, reader.fill_buf()) {
        (None, Ok(bytes)) => bytes[..bytes.len().min(HEAD)].to_vec(),
        _ => Vec::new(),
    }
}

/// When the `first` record of a text input (read as the default variant, from
/// `head`) has the wrong number of cells, a hint naming the built-in it reads
/// as, or else saying to pass `--variant`. Nothing for other errors (a clash
/// is not a question of shape).
pub(crate) fn variant_hint(head: &[u8], first: Option<&Record>, name: &str) -> Option<String> {
    let wrong_size = first.is_some_and(|r| {
        r.puzzle
            .as_ref()
            .is_err_and(|e| e.message.starts_with("expected "))
    });
    if head.is_empty() || !wrong_size {
        return None;
    }
    Some(match builtin_reading(head, name, DEFAULT_VARIANT) {
        Some(builtin) => format!(
            "hint: {name} is read as {DEFAULT_VARIANT}, the default; its first puzzle reads as {builtin}: pass --variant {builtin}\n"
        ),
        None => format!(
            "hint: {name} is read as {DEFAULT_VARIANT}, the default; pass --variant (a built-in name or a variant file) for another shape\n"
        ),
    })
}

/// The first built-in variant other than `except` as which the first puzzle of
/// `head` (the start of a file called `name`) reads without error.
pub(crate) fn builtin_reading(head: &[u8], name: &str, except: &str) -> Option<&'static str> {
    graphdoku::variant::BUILTINS
        .iter()
        .map(|(builtin, _)| *builtin)
        .filter(|b| *b != except)
        .find(|builtin| {
            ConstraintGraph::load(builtin).is_ok_and(|graph| {
                PuzzleReader::new(&graph, head, name)
                    .next()
                    .is_some_and(|r| r.puzzle.is_ok())
            })
        })
}

/// Records per thread handed out at once.
const CHUNK: usize = 256;

/// A record's heading: its label and, where it says more, its location
/// (`Grid 01 (p096.txt:1)`, but `missing.txt` once).
pub(crate) fn heading(record: &Record) -> String {
    let location = record.location.to_string();
    match location == record.label {
        true => location,
        false => format!("{} ({location})", record.label),
    }
}

/// The record of an input that could not be read at all.
fn invalid_record(name: &str, error: InputError) -> Record {
    Record {
        label: name.to_string(),
        location: error.location.clone(),
        puzzle: Err(error),
    }
}

/// Printing a run's reports in order, with its progress bar and closing summary.
struct Batch {
    mode: Mode,
    out: io::BufWriter<io::StdoutLock<'static>>,
    /// Records by status: ok, no solution, invalid, internal error, several,
    /// gave up, unreadable.
    counts: [u64; 7],
    status: Status,
    started: Instant,
    progress: Option<ProgressBar>,
    /// Messages for standard error not yet written (while the progress line shows).
    pending: Vec<u8>,
    /// When messages were last written.
    flushed: Instant,
    /// The buffers of the last report, emptied, for the next.
    spare: Option<Report>,
}

/// How often held-back messages go out while the progress line shows.
const MESSAGE_INTERVAL: std::time::Duration = std::time::Duration::from_millis(250);

impl Batch {
    fn new(mode: Mode) -> Self {
        let progress = progress::bar(progress::Counting::Open);
        Batch {
            mode,
            out: io::BufWriter::new(io::stdout().lock()),
            counts: [0; 7],
            status: Status::Ok,
            started: Instant::now(),
            progress,
            pending: Vec::new(),
            flushed: Instant::now(),
            spare: None,
        }
    }

    /// Records printed so far.
    fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Prints a message to standard error, after what is already printed.
    fn message(&mut self, text: &[u8]) -> Result<()> {
        self.out.flush()?;
        self.pending.extend_from_slice(text);
        self.flush_messages()
    }

    /// Writes the messages held back while the progress line shows.
    fn flush_messages(&mut self) -> Result<()> {
        let pending = std::mem::take(&mut self.pending);
        // A message that cannot be written (`2>/dev/full`) is lost: the exit
        // status still says what happened.
        let write = || {
            let _ = io::stderr().lock().write_all(&pending);
        };
        match &self.progress {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
        self.flushed = Instant::now();
        Ok(())
    }

    /// Reports an input that held no puzzle: an error, like an unreadable one.
    fn no_puzzles(&mut self, name: &str) -> Result<()> {
        self.message(format!("error: {name}: no puzzles found\n").as_bytes())?;
        self.status = self.status.max(Status::Invalid);
        Ok(())
    }

    /// A report for the next record, streaming when the mode says so.
    fn report(&mut self) -> io::Result<Report> {
        if !self.mode.stream {
            return Ok(self.spare.take().unwrap_or_else(Report::buffered));
        }
        // What this batch printed so far comes first.
        self.out.flush()?;
        Ok(Report {
            out: Output::Stream(io::BufWriter::new(io::stdout())),
            err: Vec::new(),
        })
    }

    fn print(&mut self, report: Report, status: Result<Status>) -> Result<()> {
        let status = status?;
        let Report {
            out: output,
            mut err,
        } = report;
        let emptied = match output {
            Output::Buffer(mut bytes) => {
                self.out.write_all(&bytes)?;
                bytes.clear();
                Some(bytes)
            }
            Output::Stream(mut stream) => {
                stream.flush()?;
                None
            }
        };
        match self.progress.clone() {
            // Standard output is not the terminal then: only messages need the
            // line cleared, and they go out a few times a second, not per record.
            Some(bar) => {
                self.pending.extend_from_slice(&err);
                if !self.pending.is_empty() && self.flushed.elapsed() >= MESSAGE_INTERVAL {
                    self.flush_messages()?;
                }
                bar.inc(1);
            }
            None if !err.is_empty() => {
                self.out.flush()?; // keep a record and its message together on a terminal
                let _ = io::stderr().lock().write_all(&err); // lost, as above
            }
            None => {}
        }
        if let Some(bytes) = emptied {
            err.clear();
            self.spare = Some(Report {
                out: Output::Buffer(bytes),
                err,
            });
        }
        if status == Status::Interrupted {
            // The record said how far it got; the rest of the run is not wanted.
            self.out.flush()?;
            self.flush_messages()?;
            if let Some(bar) = &self.progress {
                bar.finish_and_clear();
            }
            std::process::exit(Status::Interrupted as i32);
        }
        self.counts[status as usize] += 1;
        let status = match status {
            Status::Multiple if !self.mode.several_is_error => Status::Ok,
            other => other,
        };
        self.status = self.status.max(status);
        Ok(())
    }

    /// Clears the bar and, for more than one puzzle, prints the summary.
    fn finish(mut self) -> Result<Status> {
        self.out.flush()?;
        self.flush_messages()?;
        if let Some(bar) = &self.progress {
            bar.finish_and_clear();
        }
        let total: u64 = self.counts.iter().sum();
        if total > 1 && !self.mode.no_summary {
            let seconds = self.started.elapsed().as_secs_f64();
            let [
                solved,
                none,
                invalid,
                internal,
                several,
                gave_up,
                unreadable,
            ] = self.counts;
            let mut line = format!(
                "{total} puzzles: {solved} solved, {several} with several solutions, \
                 {none} with no solution, {invalid} invalid"
            );
            if gave_up > 0 {
                line += &format!(", {gave_up} gave up");
            }
            if unreadable > 0 {
                line += &format!(", {unreadable} unreadable");
            }
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

/// The puzzle of a record, or the status after reporting to `err` why there is
/// none: [`Status::Io`] when its file could not be read, else [`Status::Invalid`].
pub(crate) fn puzzle_or_report<'r>(
    record: &'r Record,
    err: &mut impl Write,
) -> Result<&'r Puzzle, Status> {
    record.puzzle.as_ref().map_err(|e| {
        let _ = writeln!(err, "error: {e}");
        match e.is_io() {
            true => Status::Io,
            false => Status::Invalid,
        }
    })
}

/// The first solution of `puzzle` under `budget`, verified, for the commands
/// that solve one puzzle on the side; else [`Status::Unsolved`], or
/// [`Status::GaveUp`] after saying so on standard error.
pub(crate) fn solve_one(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    budget: Budget,
    label: &str,
) -> Result<Result<Solution, Status>> {
    let count = Solver::new(graph)
        .with_budget(budget)
        .count_solutions(puzzle, 1);
    match (count.first, count.gave_up) {
        (Some(solution), _) => {
            verify(graph, puzzle, &solution)
                .map_err(|v| anyhow::anyhow!("internal error: a wrong solution: {v}"))?;
            Ok(Ok(solution))
        }
        (None, true) => {
            eprintln!("gave up: {label}: the search budget ran out (--timeout, --max-nodes)");
            Ok(Err(Status::GaveUp))
        }
        (None, false) => Ok(Err(Status::Unsolved)),
    }
}

/// The answer to a question, with a note on standard error when the SAT back
/// end refused the graph (the search's "gave up" stands); an internal error
/// when a SAT model fails verification (a bug).
pub(crate) fn proved(
    answer: std::result::Result<prove::Answer, prove::ProveError>,
    label: &str,
    err: &mut impl Write,
) -> std::result::Result<prove::Answer, Status> {
    match answer {
        Ok(answer) => {
            if let Some(why) = &answer.refused {
                let _ = writeln!(err, "note: {label}: {why}");
            }
            Ok(answer)
        }
        // A model that fails verification (a puzzle of the wrong size
        // never reaches here: the reader refuses it).
        Err(fault) => {
            let _ = writeln!(err, "internal error: {label}: {fault}");
            Err(Status::Internal)
        }
    }
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
