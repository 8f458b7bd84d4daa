//! Running the commands: shared input handling here, one module per command.

mod check;
mod count;
mod euler;
mod explain;
mod generate;
mod grade;
mod solve;

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use graphdoku::input::{self, looks_like_ron};
use graphdoku::{ConstraintGraph, Puzzle, PuzzleReader, Record, Solution, Solver, verify};

use crate::cli::{Cli, Command, InputArgs};

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
}

impl Status {
    /// Severity: a bug, then bad input, then no solution, then several solutions.
    fn rank(self) -> u8 {
        match self {
            Status::Ok => 0,
            Status::Multiple => 1,
            Status::Unsolved => 2,
            Status::Invalid => 3,
            Status::Internal => 4,
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
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let status = match cli.command {
        Command::Solve {
            input,
            format,
            stats,
        } => for_each_record(&input, |graph, solver, record| {
            solve::run(graph, solver, record, format, stats, &mut out)
        }),
        Command::Count {
            input,
            limit,
            all,
            json,
        } => for_each_record(&input, |graph, solver, record| {
            count::run(
                graph,
                solver,
                record,
                count::Options { limit, all, json },
                &mut out,
            )
        }),
        Command::Euler { file, verbose } => euler::run(&file, verbose, &mut out),
        Command::Check { input, json } => for_each_record(&input, |graph, solver, record| {
            check::run(graph, solver, record, json, &mut out)
        }),
        Command::Generate(args) => generate::run(&args, &mut out),
        Command::Grade { input, json } => for_each_record(&input, |graph, solver, record| {
            grade::run(graph, solver, record, json, &mut out)
        }),
        Command::Explain { input, json } => for_each_record(&input, |graph, solver, record| {
            explain::run(graph, solver, record, explain::Mode::All, json, &mut out)
        }),
        Command::Hint { input, json } => for_each_record(&input, |graph, solver, record| {
            explain::run(graph, solver, record, explain::Mode::Hint, json, &mut out)
        }),
    };
    match out.flush() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(status?),
        other => {
            other?;
            status
        }
    }
}

/// Opens `path` (`-` is standard input) with a buffer large enough to sniff the format.
pub(crate) fn open(path: &Path) -> io::Result<Box<dyn BufRead>> {
    Ok(if path == Path::new("-") {
        Box::new(BufReader::with_capacity(1 << 16, io::stdin()))
    } else {
        Box::new(BufReader::with_capacity(1 << 16, File::open(path)?))
    })
}

/// Calls `visit` on every record of every input file, in order, with the graph
/// and solver it belongs to. Returns the worst status.
fn for_each_record(
    args: &InputArgs,
    mut visit: impl FnMut(&ConstraintGraph, &Solver, Record) -> Result<Status>,
) -> Result<Status> {
    let graph = ConstraintGraph::load(&args.variant)?;
    let solver = Solver::new(&graph);
    let mut status = Status::Ok;
    for path in &args.files {
        let name = path.display().to_string();
        let mut reader = match open(path) {
            Ok(reader) => reader,
            Err(e) => {
                eprintln!("error: cannot read {name}: {e}");
                status = status.max(Status::Invalid);
                continue;
            }
        };
        let head = reader.fill_buf().map(looks_like_ron).unwrap_or(false);
        if head {
            let mut source = String::new();
            let parsed = reader
                .read_to_string(&mut source)
                .map_err(|source| input::Error::Io {
                    path: name.clone(),
                    source,
                })
                .and_then(|_| input::read_ron_puzzle(&source, &name));
            match parsed {
                Ok((own_graph, record)) => {
                    let own_solver = Solver::new(&own_graph);
                    status = status.max(visit(&own_graph, &own_solver, record)?);
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    status = status.max(Status::Invalid);
                }
            }
            continue;
        }
        for record in PuzzleReader::new(&graph, reader, &name) {
            status = status.max(visit(&graph, &solver, record)?);
        }
    }
    Ok(status)
}

/// The puzzle of a record, or the status after reporting why there is none.
pub(crate) fn puzzle_or_report(record: &Record) -> Result<&Puzzle, Status> {
    record.puzzle.as_ref().map_err(|e| {
        eprintln!("error: {e}");
        Status::Invalid
    })
}

/// Verifies a solution before anything prints it.
pub(crate) fn checked(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    solution: Solution,
    label: &str,
) -> Result<Solution, Status> {
    match verify(graph, puzzle, &solution) {
        Ok(()) => Ok(solution),
        Err(violation) => {
            eprintln!("internal error: {label}: the solver's answer is wrong: {violation}");
            Err(Status::Internal)
        }
    }
}
