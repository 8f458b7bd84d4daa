//! `graphdoku export`: a puzzle (with its rules) as an f-puzzles or SudokuPad link, or f-puzzles JSON.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use graphdoku::write::fpuzzles;
use graphdoku::{ConstraintGraph, Puzzle};

use super::{DEFAULT_VARIANT, Status};
use crate::cli::ExportFormat;

/// Writes the first puzzle of `file` (or `variant`'s empty shape) to `out` as
/// `format` says: an f-puzzles link, a SudokuPad link, or f-puzzles JSON.
///
/// # Errors
/// The puzzle does not read, or f-puzzles cannot express it (every part that
/// cannot be written is named).
pub(crate) fn run(
    file: Option<PathBuf>,
    variant: Option<String>,
    format: ExportFormat,
    out: &mut impl Write,
) -> Result<Status> {
    let (graph, puzzle, label) = match &file {
        Some(path) => super::render::first_puzzle(path, variant.as_deref())?,
        None => {
            let graph = ConstraintGraph::load(variant.as_deref().unwrap_or(DEFAULT_VARIANT))?;
            let empty = Puzzle::empty(graph.len());
            (graph, empty, graph_title(variant.as_deref()))
        }
    };
    let title = match label.contains(graph.name()) {
        true => label.clone(),
        false => format!("{}: {label}", graph.name()),
    };
    let written = match format {
        ExportFormat::Json => fpuzzles::json(&graph, puzzle.givens(), &title),
        ExportFormat::Fpuzzles => fpuzzles::link(&graph, puzzle.givens(), &title),
        ExportFormat::Sudokupad => fpuzzles::sudokupad_link(&graph, puzzle.givens(), &title),
    };
    let text = written.with_context(|| format!("cannot export {label}"))?;
    writeln!(out, "{text}")?;
    Ok(Status::Ok)
}

/// The title of an empty shape.
fn graph_title(variant: Option<&str>) -> String {
    format!("empty {}", variant.unwrap_or(DEFAULT_VARIANT))
}
