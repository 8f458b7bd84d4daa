//! Running the commands: reading inputs, solving, printing one record per puzzle.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use graphdoku::input::{self, looks_like_ron};
use graphdoku::{ConstraintGraph, Puzzle, PuzzleReader, Record, Solution, Solver, render, verify};
use serde_json::json;

use crate::cli::{Cli, Command, InputArgs, SolveFormat};

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
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let status = match cli.command {
        Command::Solve {
            input,
            format,
            stats,
        } => for_each_record(&input, |graph, solver, record| {
            solve(graph, solver, record, format, stats, &mut out)
        }),
        Command::Count { input, limit, json } => {
            for_each_record(&input, |graph, solver, record| {
                count(graph, solver, record, limit, json, &mut out)
            })
        }
        Command::Euler { file, verbose } => euler(&file, verbose, &mut out),
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
fn open(path: &Path) -> io::Result<Box<dyn BufRead>> {
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
        let head = reader
            .fill_buf()
            .map(looks_like_ron)
            .unwrap_or(false);
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
fn puzzle_or_report(record: &Record) -> Result<&Puzzle, Status> {
    record.puzzle.as_ref().map_err(|e| {
        eprintln!("error: {e}");
        Status::Invalid
    })
}

/// Verifies a solution before anything prints it.
fn checked(
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

fn solve(
    graph: &ConstraintGraph,
    solver: &Solver,
    record: Record,
    format: SolveFormat,
    show_stats: bool,
    out: &mut impl Write,
) -> Result<Status> {
    let outcome = puzzle_or_report(&record).and_then(|puzzle| {
        let mut search = solver.search(puzzle);
        let found = search.next();
        if show_stats {
            let stats = search.stats();
            eprintln!(
                "{}: {} nodes, {} backtracks",
                record.label, stats.nodes, stats.backtracks
            );
        }
        let solution = found.ok_or(Status::Unsolved)?;
        checked(graph, puzzle, solution, &record.label)
    });
    let status = outcome.as_ref().err().copied().unwrap_or(Status::Ok);
    let verdict = match status {
        Status::Ok => "solved",
        Status::Unsolved => "no solution",
        Status::Invalid => "invalid",
        Status::Internal => "internal error",
    };
    let values = outcome.ok().map(|s| s.to_puzzle());
    match format {
        SolveFormat::Grid => {
            writeln!(out, "{} ({}): {verdict}", record.label, record.location)?;
            if let Some(values) = &values {
                write!(out, "{}", render::drawing(graph, values.givens()))?;
            }
            writeln!(out)?;
        }
        SolveFormat::Line => match &values {
            Some(values) => writeln!(out, "{}", render::line(graph, values.givens()))?,
            None => writeln!(out, "{verdict}")?,
        },
        SolveFormat::Json => {
            let error = record.puzzle.as_ref().err().map(|e| e.to_string());
            let line = json!({
                "label": record.label,
                "location": record.location.to_string(),
                "status": verdict,
                "solution": values.map(|v| render::line(graph, v.givens())),
                "error": error,
            });
            writeln!(out, "{line}")?;
        }
    }
    Ok(status)
}

fn count(
    graph: &ConstraintGraph,
    solver: &Solver,
    record: Record,
    limit: u64,
    json: bool,
    out: &mut impl Write,
) -> Result<Status> {
    let outcome = puzzle_or_report(&record).map(|puzzle| {
        let mut search = solver.search(puzzle);
        // Nothing is printed but the count: verify the first solution, count the rest.
        let Some(first) = search.next() else {
            return Ok((0, search.stats()));
        };
        checked(graph, puzzle, first, &record.label)?;
        let found = 1 + search.count_up_to(limit - 1);
        Ok((found, search.stats()))
    });
    let (found, status) = match outcome {
        Ok(Ok((found, _))) => (
            Some(found),
            if found == 0 {
                Status::Unsolved
            } else {
                Status::Ok
            },
        ),
        Ok(Err(status)) | Err(status) => (None, status),
    };
    let verdict = match found {
        None if status == Status::Invalid => "invalid".to_string(),
        None => "internal error".to_string(),
        Some(0) => "none".to_string(),
        Some(n) if n == limit => format!("at least {n}"),
        Some(1) => "unique".to_string(),
        Some(n) => format!("{n} solutions"),
    };
    if json {
        let line = json!({
            "label": record.label,
            "location": record.location.to_string(),
            "count": found,
            "complete": found.map(|n| n < limit),
            "verdict": verdict,
        });
        writeln!(out, "{line}")?;
    } else {
        writeln!(out, "{}: {verdict}", record.label)?;
    }
    Ok(status)
}

fn euler(file: &Path, verbose: bool, out: &mut impl Write) -> Result<Status> {
    let graph = ConstraintGraph::load("sudoku9")?;
    let solver = Solver::new(&graph);
    let name = file.display().to_string();
    let reader = open(file).with_context(|| format!("cannot read {name}"))?;
    let mut status = Status::Ok;
    let (mut sum, mut grids) = (0u64, 0usize);
    for record in PuzzleReader::new(&graph, reader, &name) {
        grids += 1;
        let solved = puzzle_or_report(&record).and_then(|puzzle| {
            let solution = solver.solve(puzzle).ok_or_else(|| {
                eprintln!("error: {}: no solution", record.label);
                Status::Unsolved
            })?;
            checked(&graph, puzzle, solution, &record.label)
        });
        match solved {
            Ok(solution) => {
                let corner: String = solution.colours()[..3]
                    .iter()
                    .map(|&c| graph.alphabet().symbol(c))
                    .collect();
                if verbose {
                    eprintln!("{}: {corner}", record.label);
                }
                sum += corner.parse::<u64>().expect("sudoku9 symbols are digits");
            }
            Err(s) => status = status.max(s),
        }
    }
    if grids == 0 {
        anyhow::bail!(
            "{name}: no grids found (expected `Grid NN` headers followed by 9 rows of 9 digits)"
        );
    }
    if status == Status::Ok {
        writeln!(out, "{sum}")?;
    } else {
        eprintln!("error: no answer: not every grid was solved");
    }
    Ok(status)
}
