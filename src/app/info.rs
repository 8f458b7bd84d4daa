//! `graphdoku info`: what a variant's graph looks like, in numbers.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::Result;
use graphdoku::graph::Layout;
use graphdoku::write::json::{self, InfoRecord, Kind};
use graphdoku::{ConstraintGraph, lint, read, variant};

use super::Status;

/// The numbers `info` prints.
#[derive(Debug)]
struct Summary {
    name: String,
    origin: String,
    shape: String,
    cells: usize,
    edges: usize,
    symbols: Vec<String>,
    houses: BTreeMap<&'static str, usize>,
    /// The singular of each kind in `houses`, for counts of one.
    singular: BTreeMap<&'static str, &'static str>,
    all_houses_full: bool,
    degree_min: usize,
    degree_max: usize,
    degree_mean: f64,
    restricted_cells: usize,
    warnings: Vec<String>,
}

impl Summary {
    fn of(graph: &ConstraintGraph) -> Self {
        let degrees: Vec<usize> = (0..graph.len())
            .map(|c| graph.neighbours(c).count())
            .collect();
        let symbols = graph.alphabet().symbols().to_vec();
        let mut houses = BTreeMap::new();
        let mut singular = BTreeMap::new();
        for house in graph.houses() {
            *houses.entry(house.kind.plural()).or_insert(0) += 1;
            singular.insert(house.kind.plural(), house.kind.singular());
        }
        Summary {
            name: graph.name().to_string(),
            origin: graph.origin().to_string(),
            shape: match graph.layout() {
                Layout::Grid { rows, cols, .. } => format!("grid {rows}×{cols}"),
                Layout::Polar { sectors, rings } => {
                    format!("polar, {sectors} sectors × {rings} rings")
                }
                Layout::Free => "listed cells".to_string(),
            },
            cells: graph.len(),
            edges: graph.graph().edge_count(),
            all_houses_full: graph
                .houses()
                .iter()
                .all(|h| h.cells.len() == symbols.len()),
            symbols,
            houses,
            singular,
            degree_min: degrees.iter().copied().min().unwrap_or(0),
            degree_max: degrees.iter().copied().max().unwrap_or(0),
            degree_mean: degrees.iter().sum::<usize>() as f64 / degrees.len().max(1) as f64,
            restricted_cells: (0..graph.len())
                .filter(|&c| graph.allowed(c).is_some())
                .count(),
            warnings: lint::warnings(graph)
                .iter()
                .map(ToString::to_string)
                .collect(),
        }
    }

    fn write_text(&self, out: &mut impl Write) -> Result<()> {
        let kinds: Vec<String> = self
            .houses
            .iter()
            .map(|(kind, n)| super::counted(*n, self.singular[kind], kind))
            .collect();
        let total: usize = self.houses.values().sum();
        writeln!(out, "{} ({})", self.name, self.origin)?;
        writeln!(out, "shape:    {}", self.shape)?;
        writeln!(out, "cells:    {}", self.cells)?;
        writeln!(out, "edges:    {}", self.edges)?;
        writeln!(
            out,
            "symbols:  {} ({})",
            self.symbols.len(),
            self.symbols.join(" ")
        )?;
        writeln!(out, "houses:   {total} ({})", kinds.join(", "))?;
        writeln!(
            out,
            "full:     {}",
            if self.all_houses_full {
                "yes, every house has one cell per symbol"
            } else {
                "no, some houses have fewer cells than symbols"
            }
        )?;
        writeln!(
            out,
            "degree:   min {}, max {}, mean {:.2}",
            self.degree_min, self.degree_max, self.degree_mean
        )?;
        writeln!(
            out,
            "allowed:  {} restricted",
            super::counted(self.restricted_cells, "cell", "cells")
        )?;
        for warning in &self.warnings {
            writeln!(out, "warning:  {warning}")?;
        }
        Ok(())
    }
}

pub(crate) fn run(variant: &str, json: bool, out: &mut impl Write) -> Result<Status> {
    let graph = load(variant)?;
    let summary = Summary::of(&graph);
    if json {
        let record = InfoRecord {
            version: json::VERSION,
            record: Kind::Info,
            name: summary.name,
            origin: summary.origin,
            shape: summary.shape,
            cells: summary.cells,
            edges: summary.edges,
            symbols: summary.symbols,
            houses: summary
                .houses
                .into_iter()
                .map(|(kind, n)| (kind.to_string(), n))
                .collect(),
            all_houses_full: summary.all_houses_full,
            degree_min: summary.degree_min,
            degree_max: summary.degree_max,
            degree_mean: summary.degree_mean,
            restricted_cells: summary.restricted_cells,
            warnings: summary.warnings,
            rules: json::rules(&graph),
        };
        writeln!(out, "{}", json::to_line(&record))?;
    } else {
        summary.write_text(out)?;
    }
    Ok(Status::Ok)
}

/// The graph of a variant file or built-in, or of the variant a RON puzzle
/// names (its first puzzle's); `-` reads either from standard input.
pub(crate) fn load(name: &str) -> Result<ConstraintGraph> {
    let path = std::path::Path::new(name);
    if name == "-" || path.is_file() {
        let source = read::read_text(super::open(path)?, name)?;
        if read::looks_like_ron(source.as_bytes()) {
            let mut puzzles = read::read_ron_puzzles(&source, name)?;
            return match puzzles.records.swap_remove(0) {
                (Some(index), _) => Ok(puzzles.graphs.swap_remove(index)),
                (None, record) => Err(record.puzzle.map(|_| ()).unwrap_err().into()),
            };
        }
        if name == "-" {
            return Ok(ConstraintGraph::build(&variant::parse(&source, name)?)?);
        }
    }
    Ok(ConstraintGraph::load(name)?)
}
