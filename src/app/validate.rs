//! `graphdoku validate`: check variant and puzzle files, and warn about doubtful shapes.

use std::io::{BufRead, Write};
use std::path::Path;

use anyhow::Result;
use graphdoku::read::{self, ron_head};
use graphdoku::{ConstraintGraph, PuzzleReader, lint, variant};

use super::{Status, open};

/// What a file holds, judged from its first meaningful line.
enum Kind {
    Variant,
    RonPuzzle,
    TextPuzzles,
}

fn kind(head: &[u8]) -> Kind {
    match ron_head(head).as_str() {
        "Puzzle" => Kind::RonPuzzle,
        "Variant" | "Sudoku" | "Latin" => Kind::Variant,
        _ => Kind::TextPuzzles,
    }
}

pub(crate) fn run(
    files: &[std::path::PathBuf],
    variant: Option<&str>,
    out: &mut impl Write,
) -> Result<Status> {
    let mut status = Status::Ok;
    for path in files {
        let verdict = validate(path, variant, out)?;
        status = status.max(verdict);
    }
    Ok(status)
}

/// Checks one file (`-`: standard input), reporting on `out` (valid) or standard
/// error (errors, warnings).
fn validate(path: &Path, text_variant: Option<&str>, out: &mut impl Write) -> Result<Status> {
    let name = path.display().to_string();
    let builtin = variant::BUILTINS.iter().any(|(b, _)| *b == name);
    if builtin && !path.exists() {
        return variant_file(&name, ConstraintGraph::load(&name), out);
    }
    let mut reader = match open(path) {
        Ok(reader) => reader,
        Err(e) => {
            eprintln!("error: cannot read {name}: {e}");
            return Ok(Status::Io);
        }
    };
    let head = reader.fill_buf().map(kind).unwrap_or(Kind::TextPuzzles);
    match head {
        Kind::Variant if name != "-" => variant_file(&name, ConstraintGraph::load(&name), out),
        Kind::Variant => {
            // Standard input has no name to load by: read the text here.
            let graph = read::read_text(reader, &name)
                .map_err(|e| e.to_string())
                .and_then(|source| {
                    variant::parse(&source, &name)
                        .and_then(|v| ConstraintGraph::build(&v))
                        .map_err(|e| e.to_string())
                });
            variant_file(&name, graph, out)
        }
        Kind::RonPuzzle => {
            if let Some(warning) = super::variant_ignored(text_variant, &name) {
                eprint!("{warning}");
            }
            let puzzles = match read::read_text(reader, &name)
                .and_then(|source| read::read_ron_puzzles(&source, &name))
            {
                Ok(puzzles) => puzzles,
                Err(e) => return Ok(invalid(e.located(&name).to_string())),
            };
            let mut status = Status::Ok;
            for (index, record) in puzzles.records {
                match (index, record.puzzle) {
                    (Some(i), Ok(puzzle)) => writeln!(
                        out,
                        "{name}: valid puzzle {:?} of {:?}, {}",
                        record.label,
                        puzzles.graphs[i].name(),
                        super::counted(puzzle.clue_count(), "given", "givens")
                    )?,
                    (_, Err(e)) => status = status.max(invalid(e.to_string())),
                    (None, Ok(_)) => unreachable!("a puzzle is read with its graph"),
                }
            }
            Ok(status)
        }
        Kind::TextPuzzles => {
            let text_variant_given = text_variant;
            let text_variant = text_variant.unwrap_or(super::DEFAULT_VARIANT);
            let graph = match ConstraintGraph::load(text_variant) {
                Ok(graph) => graph,
                // A missing --variant file is an I/O error, as a missing puzzle file is.
                Err(e @ variant::VariantError::Io { .. }) => {
                    eprintln!("error: {e}");
                    return Ok(Status::Io);
                }
                Err(e) => return Ok(invalid(e.to_string())),
            };
            let head = super::head(text_variant_given, &mut reader);
            let mut records = PuzzleReader::new(&graph, reader, &name).peekable();
            if let Some(hint) = super::variant_hint(&head, records.peek(), &name) {
                eprint!("{hint}");
            }
            let (mut total, mut bad) = (0, 0);
            for record in records {
                total += 1;
                if let Err(e) = record.puzzle {
                    bad += 1;
                    eprintln!("error: {e}");
                }
            }
            if total == 0 {
                return Ok(invalid(format!("{name}: no puzzles found")));
            }
            writeln!(
                out,
                "{name}: {} of {} of {:?} valid",
                total - bad,
                super::counted(total, "puzzle", "puzzles"),
                graph.name()
            )?;
            Ok(if bad == 0 {
                Status::Ok
            } else {
                Status::Invalid
            })
        }
    }
}

/// Reports on a variant called `name` (a file or a built-in) and prints its warnings.
fn variant_file<E: std::fmt::Display>(
    name: &str,
    graph: Result<ConstraintGraph, E>,
    out: &mut impl Write,
) -> Result<Status> {
    let graph = match graph {
        Ok(graph) => graph,
        Err(e) => return Ok(invalid(e.to_string())),
    };
    writeln!(
        out,
        "{name}: valid variant {:?}: {}, {}, {}",
        graph.name(),
        super::counted(graph.len(), "cell", "cells"),
        super::counted(graph.graph().edge_count(), "edge", "edges"),
        super::counted(graph.houses().len(), "house", "houses")
    )?;
    for warning in lint::warnings(&graph) {
        eprintln!("warning: {name}: {warning}");
    }
    Ok(Status::Ok)
}

fn invalid(message: String) -> Status {
    eprintln!("error: {message}");
    Status::Invalid
}
