//! `graphdoku validate`: check variant and puzzle files, and warn about doubtful shapes.

use std::io::{BufRead, Read, Write};
use std::path::Path;

use anyhow::Result;
use graphdoku::input::{self, ron_head};
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
    variant: &str,
    out: &mut impl Write,
) -> Result<Status> {
    let mut status = Status::Ok;
    for path in files {
        let verdict = validate(path, variant, out)?;
        status = status.max(verdict);
    }
    Ok(status)
}

/// Checks one file, reporting on `out` (valid) or standard error (errors, warnings).
fn validate(path: &Path, text_variant: &str, out: &mut impl Write) -> Result<Status> {
    let name = path.display().to_string();
    let builtin = variant::BUILTINS.iter().any(|(b, _)| *b == name);
    if builtin && !path.exists() {
        return variant_file(&name, out);
    }
    let mut reader = match open(path) {
        Ok(reader) => reader,
        Err(e) => return Ok(invalid(format!("cannot read {name}: {e}"))),
    };
    let head = reader.fill_buf().map(kind).unwrap_or(Kind::TextPuzzles);
    match head {
        Kind::Variant => variant_file(&name, out),
        Kind::RonPuzzle => {
            let mut source = String::new();
            if let Err(e) = reader.read_to_string(&mut source) {
                return Ok(invalid(format!("cannot read {name}: {e}")));
            }
            match input::read_ron_puzzle(&source, &name) {
                Ok((graph, record)) => match record.puzzle {
                    Ok(puzzle) => {
                        writeln!(
                            out,
                            "{name}: valid puzzle {:?} of {:?}, {} givens",
                            record.label,
                            graph.name(),
                            puzzle.clue_count()
                        )?;
                        Ok(Status::Ok)
                    }
                    Err(e) => Ok(invalid(e.to_string())),
                },
                Err(e) => Ok(invalid(e.to_string())),
            }
        }
        Kind::TextPuzzles => {
            let graph = match ConstraintGraph::load(text_variant) {
                Ok(graph) => graph,
                Err(e) => return Ok(invalid(e.to_string())),
            };
            let (mut total, mut bad) = (0, 0);
            for record in PuzzleReader::new(&graph, reader, &name) {
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
                "{name}: {} of {total} puzzles of {:?} valid",
                total - bad,
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

/// Checks a variant (file or built-in name) and prints its warnings.
fn variant_file(name: &str, out: &mut impl Write) -> Result<Status> {
    let graph = match ConstraintGraph::load(name) {
        Ok(graph) => graph,
        Err(e) => return Ok(invalid(e.to_string())),
    };
    writeln!(
        out,
        "{name}: valid variant {:?}: {} cells, {} edges, {} houses",
        graph.name(),
        graph.len(),
        graph.graph().edge_count(),
        graph.houses().len()
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
