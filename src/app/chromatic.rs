//! `graphdoku chromatic`: the chromatic number of a general graph, as bounds that meet.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use graphdoku::colouring::{self, Event};
use graphdoku::prove::{self, Closing as Step};

use super::Status;
use super::colour::{hands_off, load, options, print, sat_budget, searched};
use crate::cli::ChromaticArgs;

pub fn run(args: &ChromaticArgs, out: &mut impl Write) -> Result<Status> {
    let graph = match load(&args.graph) {
        Ok(graph) => graph,
        Err(status) => return Ok(status),
    };
    let start = Instant::now();
    // The bounds are the answer, unless a colouring is asked for: then they
    // are progress, on stderr, and stdout holds the colouring alone.
    let mut stderr = std::io::stderr().lock();
    let log: &mut dyn Write = match args.format() {
        Some(_) => &mut stderr,
        None => out,
    };
    writeln!(
        log,
        "{}, {}",
        super::counted(graph.len(), "vertex", "vertices"),
        super::counted(graph.edges().len(), "edge", "edges")
    )?;
    // Each bound is printed (and flushed) as soon as it is found.
    let mut failed = None;
    let options = options(&args.graph);
    let mut result = colouring::chromatic(&graph, searched(options), |event| {
        let line = match event {
            Event::Clique { size, maximum } => format!(
                "k ≥ {size} (a clique of {size}{})",
                if *maximum { ", maximum" } else { "" }
            ),
            // Tabu search runs for long: when each bound came is worth knowing.
            Event::Upper {
                colours,
                by: by @ "tabu search",
            } => format!(
                "k ≤ {colours} ({by}, {:.2} s)",
                start.elapsed().as_secs_f64()
            ),
            Event::Upper { colours, by } => format!("k ≤ {colours} ({by})"),
            Event::Reduced {
                vertices,
                components,
            } => format!(
                "reduced to {} in {}",
                super::counted(*vertices, "vertex", "vertices"),
                super::counted(*components, "component", "components")
            ),
            Event::Impossible { colours } => {
                format!("k > {colours} (no colouring with {colours}: exhaustive search)")
            }
        };
        if let Err(e) = writeln!(log, "{line}").and_then(|()| log.flush()) {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed.take() {
        return Err(e.into());
    }
    // What the exact search left open: the lower bounds beyond the clique,
    // the exact cover, then SAT, within what is left of --timeout.
    if hands_off(&options) && !result.proven() && !result.impossible && !result.colouring.is_empty()
    {
        let budget = sat_budget(options.timeout, start);
        let closed = prove::close(&graph, &mut result, budget, |step| {
            let line = match step {
                Step::Bound(bound) => format!("k ≥ {} ({bound})", bound.colours),
                Step::Refuted(k, by) => format!("k > {k} (no colouring with {k}: refuted by {by})"),
                Step::Coloured(k, by) => format!("k ≤ {k} ({by})"),
            };
            let seconds = start.elapsed().as_secs_f64();
            if let Err(e) = writeln!(log, "{line}, {seconds:.2} s").and_then(|()| log.flush()) {
                failed.get_or_insert(e);
            }
        });
        if let Err(fault) = closed {
            eprintln!("internal error: the SAT colouring is wrong: {fault}");
            return Ok(Status::Internal);
        }
        if let Some(e) = failed {
            return Err(e.into());
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let status = if result.impossible {
        let why = result.stopped.as_deref().unwrap_or("no colouring at all");
        writeln!(log, "{why} ({seconds:.2} s)")?;
        Status::Unsolved
    } else if result.proven() {
        writeln!(log, "proven χ = {} ({seconds:.2} s)", result.upper)?;
        Status::Ok
    } else if result.colouring.is_empty() {
        let why = result.stopped.as_deref().unwrap_or("stopped");
        writeln!(
            log,
            "χ ≥ {}, no colouring found ({why}; {seconds:.2} s)",
            result.lower
        )?;
        Status::GaveUp
    } else {
        let why = result.stopped.as_deref().unwrap_or("stopped");
        writeln!(
            log,
            "{} ≤ χ ≤ {} ({why}; {seconds:.2} s)",
            result.lower, result.upper
        )?;
        Status::GaveUp
    };
    if let Some(output) = args.format() {
        if !result.colouring.is_empty() {
            let printed = print(&graph, &result.colouring, output, out)?;
            if printed != Status::Ok {
                return Ok(printed);
            }
        }
    } else if graph.check(&result.colouring).is_err() && !result.colouring.is_empty() {
        eprintln!("internal error: the colouring found is wrong");
        return Ok(Status::Internal);
    }
    Ok(status)
}
