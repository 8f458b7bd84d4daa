//! `graphdoku colour`: a colouring of a general graph with K colours, or why there is none.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use anyhow::Result;
use graphdoku::colouring::{self, Adjacency, Decision, Effort as Options, Outcome, Proof};
use graphdoku::prove::{self, Colouring};
use graphdoku::read::{GraphFormat, detect_graph_format, read_graph};
use graphdoku::{Budget, PlainGraph};

use super::Status;
use crate::cli::{ColourArgs, ColouringOutput, GraphArgs, GraphFormatArg};

/// Reads the graph file of `args`, in its given or detected format; prints the
/// error and returns `None` when it cannot.
pub(crate) fn load(args: &GraphArgs) -> Result<PlainGraph, Status> {
    let path = args.file.display().to_string();
    let mut input = super::open(&args.file).map_err(|e| {
        eprintln!("error: cannot read {path}: {e}");
        Status::Io
    })?;
    let format = match args.format {
        Some(GraphFormatArg::Dimacs) => GraphFormat::Dimacs,
        Some(GraphFormatArg::Edges) => GraphFormat::EdgeList,
        Some(GraphFormatArg::Json) => GraphFormat::Json,
        None => {
            let head = input.fill_buf().unwrap_or_default();
            if let Some(refusal) = puzzle_not_graph(head, &path) {
                eprintln!("error: {refusal}");
                return Err(Status::Invalid);
            }
            detect_graph_format(head)
        }
    };
    match read_graph(input, &path, format) {
        Ok(graph) if graph.is_empty() => {
            eprintln!("error: {path}: no vertices: nothing to colour");
            Err(Status::Invalid)
        }
        Ok(graph) => Ok(graph),
        Err(e) => {
            eprintln!("error: {e}");
            Err(Status::Invalid)
        }
    }
}

/// Why a graph file whose format was left to detection is refused: it reads as
/// a puzzle file (RON, Project Euler, a puzzle per line), which as an edge list
/// would be a graph of lone vertices (χ = 1), an answer to a question nobody asked.
fn puzzle_not_graph(head: &[u8], path: &str) -> Option<String> {
    let reads_as = match graphdoku::read::looks_like_ron(head) {
        true => "a RON file",
        false if starts_with_an_edge(head) => return None,
        false => super::builtin_reading(head, path, "")?,
    };
    Some(format!(
        "{path} reads as a puzzle file ({reads_as}), not a graph: `graphdoku solve {path}` \
         solves it; a graph is a DIMACS .col file, an edge list (`U V` per line) or JSON \
         (--input-format edges reads it as an edge list all the same)"
    ))
}

/// Whether the first line of `head` that is neither blank nor a comment is an
/// edge `U V` (and not a Project Euler `Grid 01`): then it is no puzzle file,
/// and the built-in variants need not be built to say so.
fn starts_with_an_edge(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%'));
    let tokens: Vec<&str> = first.map_or(vec![], |l| l.split_whitespace().collect());
    tokens.len() == 2 && !tokens[0].eq_ignore_ascii_case("grid")
}

/// The search options of `args`.
pub(crate) fn options(args: &GraphArgs) -> Options {
    Options {
        timeout: args.timeout,
        max_nodes: args.max_nodes,
        heuristic: args.heuristic,
        seed: args.seed,
        ..Options::default()
    }
}

/// Whether what the exact search leaves goes to the SAT back end: unless
/// `--max-nodes` asks for the search alone, or `--heuristic` for none.
pub(crate) fn hands_off(options: &Options) -> bool {
    options.max_nodes.is_none() && !options.heuristic
}

/// `options` for the exact search before SAT takes over: capped in nodes.
pub(crate) fn searched(options: Options) -> Options {
    match hands_off(&options) {
        true => Options {
            max_nodes: Some(prove::HAND_OFF_NODES),
            ..options
        },
        false => options,
    }
}

/// The SAT back end's budget: what is left of `timeout` since `started`.
pub(crate) fn sat_budget(timeout: Option<Duration>, started: Instant) -> Budget {
    Budget {
        deadline: timeout.map(|t| started + t),
        ..Budget::unlimited()
    }
}

/// A colouring of `graph` with `k` colours by SAT, or the proof there is none.
fn sat_colour(graph: &PlainGraph, k: usize, budget: Budget) -> Decision {
    let clique = match graph.is_constrained() {
        true => Vec::new(),
        false => {
            colouring::large_clique_until(&Adjacency::from_plain(graph), 20_000, budget.deadline)
                .vertices
        }
    };
    Colouring::within(graph, k, &clique, budget)
        .map_or(Decision::GaveUp, |mut sat| sat.colour(k, budget))
}

/// Checks `colouring` against the graph's edges (independently of the search)
/// and prints it; a colouring that fails is a bug, reported as such.
pub(crate) fn print(
    graph: &PlainGraph,
    colouring: &[u32],
    output: ColouringOutput,
    out: &mut impl Write,
) -> Result<Status> {
    if let Err(fault) = graph.check(colouring) {
        eprintln!("internal error: the colouring found is wrong: {fault}");
        return Ok(Status::Internal);
    }
    let write = graphdoku::write::colouring::text;
    match output {
        ColouringOutput::Text => write(graph, colouring, out)?,
        ColouringOutput::Json => {
            graphdoku::write::colouring::json(graph, colouring, out)?;
            writeln!(out)?;
        }
        ColouringOutput::Dot => graphdoku::write::colouring::dot(graph, colouring, out)?,
    }
    Ok(Status::Ok)
}

pub fn run(args: &ColourArgs, out: &mut impl Write) -> Result<Status> {
    let graph = match load(&args.graph) {
        Ok(graph) => graph,
        Err(status) => return Ok(status),
    };
    let options = options(&args.graph);
    let Some(k) = args.colours else {
        // As few colours as the heuristics find (no proof of optimality).
        let mut best = colouring::chromatic(
            &graph,
            Options {
                heuristic: true,
                ..options
            },
            |_| {},
        );
        if best.colouring.is_empty() {
            // A precolouring or allowed lists the heuristics cannot meet: the
            // exact search finds a colouring or proves there is none.
            best = colouring::chromatic(&graph, options, |_| {});
        }
        if best.impossible {
            eprintln!("no colouring at all: the precolouring and allowed lists forbid every one");
            return Ok(Status::Unsolved);
        }
        if best.colouring.is_empty() && !graph.is_empty() {
            eprintln!(
                "gave up: no colouring found ({})",
                best.stopped.unwrap_or_default()
            );
            return Ok(Status::GaveUp);
        }
        let status = print(&graph, &best.colouring, args.format(), out)?;
        if status == Status::Ok {
            eprintln!(
                "coloured with {} by the heuristics (fewest found, not proven), checked",
                super::counted(best.upper, "colour", "colours")
            );
        }
        return Ok(status);
    };
    let started = Instant::now();
    let outcome = match colouring::colour(&graph, k as usize, searched(options)) {
        // What the exact search gave up on goes to SAT, within what is left of --timeout.
        Outcome::GaveUp(why) if hands_off(&options) => {
            match sat_colour(&graph, k as usize, sat_budget(options.timeout, started)) {
                Decision::Coloured(colouring) => Outcome::Coloured {
                    colouring,
                    by: "SAT",
                },
                Decision::Impossible => {
                    let with = super::counted(k as usize, "colour", "colours");
                    writeln!(out, "no colouring with {with}: refuted by SAT")?;
                    return Ok(Status::Unsolved);
                }
                Decision::GaveUp => Outcome::GaveUp(format!("{why}; SAT: time is up")),
            }
        }
        outcome => outcome,
    };
    match outcome {
        Outcome::Coloured { colouring, by } => {
            let status = print(&graph, &colouring, args.format(), out)?;
            if status == Status::Ok {
                let used = colouring::colours_used(&colouring);
                let of = super::counted(k as usize, "colour", "colours");
                eprintln!("coloured with {used} of {of} by {by}, checked");
            }
            Ok(status)
        }
        Outcome::Impossible(proof) => {
            let why = match proof {
                Proof::Clique(clique) => {
                    let names: Vec<_> = clique.iter().map(|&v| graph.name(v as usize)).collect();
                    format!(
                        "these {} vertices are pairwise adjacent: {}",
                        clique.len(),
                        names.join(" ")
                    )
                }
                Proof::Precoloured(v) => format!(
                    "{} is precoloured {}",
                    graph.name(v as usize),
                    graph.given(v as usize).map_or(0, |c| c + 1)
                ),
                Proof::Search => "the exhaustive search found none".to_string(),
            };
            let with = super::counted(k as usize, "colour", "colours");
            writeln!(out, "no colouring with {with}: {why}")?;
            Ok(Status::Unsolved)
        }
        Outcome::GaveUp(why) => {
            writeln!(out, "gave up: {why}")?;
            Ok(Status::GaveUp)
        }
    }
}
