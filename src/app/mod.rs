//! Running the commands: shared input handling here, one module per command.

mod batch;
mod candidates;
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

use anyhow::Result;
use graphdoku::prove;
use graphdoku::{Budget, ConstraintGraph, Puzzle, PuzzleReader, Record, Solution, verify};

use crate::cli::{Cli, Command, DatasetCommand, SolveFormat};
use batch::{Mode, for_each_record};

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
            json,
            stats,
            unique,
        } => {
            let format = match json {
                true => SolveFormat::Json,
                false => format,
            };
            if format == SolveFormat::Csv {
                graphdoku::write::csv::row(&mut io::stdout(), &graphdoku::write::csv::SOLVED)?;
            }
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
            mut input,
            limit,
            all,
            estimate,
            samples,
            seed,
            output,
        } => {
            let (json, csv) = (output.json(), output.csv());
            if csv && all {
                anyhow::bail!(
                    "--all prints every solution; a CSV row is one puzzle: leave out -f csv"
                );
            }
            if csv && estimate {
                anyhow::bail!("an estimate is not a CSV row's count: leave out -f csv");
            }
            if csv {
                graphdoku::write::csv::row(&mut io::stdout(), &graphdoku::write::csv::COUNTED)?;
            }
            // Every solution of one puzzle can be far more than memory: stream it.
            // A long count stopped by Ctrl-C says how far it got.
            let stop = interrupt::catch();
            // An estimate runs until its probes or its time are up: by default
            // ESTIMATE_TIME.
            if estimate && samples.is_none() && input.budget.timeout.is_none() {
                input.budget.timeout = Some(ESTIMATE_TIME);
            }
            let estimate = estimate.then(|| graphdoku::estimate::Options {
                samples,
                seed,
                budget: input.budget().stopped_by(stop),
            });
            // Every solution one by one (--all), or more than two, is the
            // search's alone: SAT would find them one at a time, each blocked;
            // an estimate is the probes' alone.
            let mode = Mode {
                stream: all,
                stop: Some(stop),
                hand_off: !all && estimate.is_none() && limit.unwrap_or(2) <= 2,
                ..Mode::default()
            };
            for_each_record(&input, mode, |graph, answerer, record, report| {
                let options = count::Options {
                    limit,
                    all,
                    json,
                    csv,
                    estimate,
                };
                count::run(graph, answerer, record, options, report)
            })
        }
        Command::Candidates {
            input,
            limit,
            output,
        } => {
            let options = graphdoku::candidates::Options {
                limit,
                budget: input.budget(),
            };
            let json = output.json();
            for_each_record(&input, Mode::default(), |graph, _, record, report| {
                candidates::run(graph, record, (options, json), report)
            })
        }
        Command::Check { input, output } => for_each_record(
            &input,
            Mode::answering(),
            |graph, answerer, record, report| {
                check::run(graph, answerer, record, output.json(), report)
            },
        ),
        // The question of uniqueness goes to SAT where the search leaves it,
        // as `check`'s does: every command asks the same engine.
        Command::Grade {
            input,
            output,
            logic,
        } => for_each_record(
            &input,
            Mode::answering(),
            |graph, checker, record, report| {
                let budget = logic.path_budget();
                grade::run(graph, checker, record, budget, output.json(), report)
            },
        ),
        Command::Explain {
            input,
            output,
            logic,
        } => for_each_record(
            &input,
            Mode::answering(),
            |graph, checker, record, report| {
                explain::run(
                    graph,
                    checker,
                    record,
                    explain::Mode::All,
                    logic.path_budget(),
                    output.json(),
                    report,
                )
            },
        ),
        Command::Hint {
            input,
            output,
            logic,
        } => for_each_record(
            &input,
            Mode::answering(),
            |graph, checker, record, report| {
                explain::run(
                    graph,
                    checker,
                    record,
                    explain::Mode::Hint,
                    logic.path_budget(),
                    output.json(),
                    report,
                )
            },
        ),
        Command::Generate(args) => buffered(|out| generate::run(&args, out)),
        Command::Colour(args) => buffered(|out| colour::run(&args, out)),
        Command::Chromatic(args) => buffered(|out| chromatic::run(&args, out)),
        Command::Canon {
            input,
            format,
            json,
        } => {
            let format = match json {
                true => Some(crate::cli::CanonFormat::Json),
                false => format,
            };
            canon::all(&input, format)
        }
        Command::Dataset(DatasetCommand::Verify(args)) => buffered(|out| dataset::run(&args, out)),
        Command::Euler { file, verbose } => buffered(|out| euler::run(file, verbose, out)),
        Command::Validate { files, variant } => {
            buffered(|out| validate::run(&files, variant.as_deref(), out))
        }
        Command::Info { variant, output } => {
            buffered(|out| info::run(variant.name(), output.json(), out))
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
            force,
            solve,
            budget,
        } => {
            let options = import::Options {
                output,
                force,
                solve,
                budget: budget.budget(),
            };
            buffered(|out| import::run(&source, options, out))
        }
        Command::Export {
            file,
            variant,
            format,
            json,
        } => {
            let format = match json {
                true => crate::cli::ExportFormat::Json,
                false => format,
            };
            buffered(|out| export::run(file, variant, format, out))
        }
        Command::Graph {
            variant,
            format,
            json,
            labels,
            no_labels,
        } => {
            // The last of --labels / --no-labels wins; neither leaves it to the size.
            let labels = (labels || no_labels).then_some(labels);
            let format = match json {
                true => crate::cli::GraphFormat::Json,
                false => format,
            };
            buffered(|out| graph::run(variant.name(), format, labels, out))
        }
        Command::Completions { shell } => buffered(|out| completions::run(shell, out)),
        Command::Example { name } => buffered(|out| example::run(name.as_deref(), out)),
        Command::Man => buffered(man::run),
        Command::Serve {
            port,
            open,
            no_token,
            max_memory,
        } => serve::run(port, open, no_token, max_memory),
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

/// The threads `-j N` asks for, or one per core.
pub(crate) fn jobs(asked: Option<u32>) -> usize {
    asked.map_or_else(cores, |n| n as usize)
}

/// The cores this process may use.
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The variant of text puzzles when `--variant` is not given.
pub(crate) const DEFAULT_VARIANT: &str = "sudoku9";

/// How long `count --estimate` probes a puzzle without --timeout or --samples.
const ESTIMATE_TIME: std::time::Duration = std::time::Duration::from_secs(3);

/// Warns that `--variant` does not apply to a RON puzzle file, which names its own.
pub(crate) fn variant_ignored(variant: Option<&str>, name: &str) -> Option<String> {
    variant.map(|v| {
        format!("warning: {name} names its own variant: --variant {v} is not used for it\n")
    })
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

/// A record's heading: its label and, where it says more, its location
/// (`Grid 01 (p096.txt:1)`, but `missing.txt` once).
pub(crate) fn heading(record: &Record) -> String {
    let location = record.location.to_string();
    match location == record.label {
        true => location,
        false => format!("{} ({location})", record.label),
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
/// that solve one puzzle on the side (`import --solve`, `render --solution`,
/// `euler`): the question `solve` asks ([`prove::answer`]: the search, then
/// SAT); else [`Status::Unsolved`], or [`Status::GaveUp`] after saying so on
/// standard error.
pub(crate) fn solve_one(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    budget: Budget,
    label: &str,
) -> Result<Result<Solution, Status>> {
    let answer = match prove::answer(graph, puzzle, prove::Question::First, budget) {
        Ok(answer) => answer,
        Err(fault) => anyhow::bail!("internal error: {label}: {fault}"),
    };
    if let Some(why) = &answer.refused {
        eprintln!("note: {label}: {why}");
    }
    match (answer.first, answer.gave_up) {
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

/// Why `puzzle` has no solution, for people: a line naming a small set of
/// its givens and rules that has none together ([`prove::core`]), found
/// within a few seconds; `None` when none was found in time (or the rules
/// have no SAT encoding).
pub(crate) fn why_none(graph: &ConstraintGraph, puzzle: &Puzzle) -> Option<String> {
    let (names, minimal) = core_names(graph, puzzle)?;
    Some(why_text(&names, minimal))
}

/// The line that names a core's members (see [`why_none`]).
pub(crate) fn why_text(names: &[String], minimal: bool) -> String {
    let minimal = match minimal {
        true => "",
        false => " (not shrunk to the end in time)",
    };
    match names.is_empty() {
        true => "why: the shape itself has no solution, whatever the givens and rules".to_string(),
        false => format!(
            "why: these have no solution together{minimal}: {}",
            names.join(", ")
        ),
    }
}

/// The members of a small set of `puzzle`'s givens and rules with no
/// solution together (`r1c1=5`, `killer cage r1c1 r1c2`), and whether it is
/// minimal; `None` when none was found within [`CORE_TIME`].
pub(crate) fn core_names(graph: &ConstraintGraph, puzzle: &Puzzle) -> Option<(Vec<String>, bool)> {
    let core = prove::core(graph, puzzle, Budget::unlimited().time(CORE_TIME))
        .ok()
        .flatten()?;
    Some((core.names(graph, puzzle), core.minimal))
}

/// How long [`why_none`] looks for a core.
const CORE_TIME: std::time::Duration = std::time::Duration::from_secs(2);

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
