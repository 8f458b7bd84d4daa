//! `graphdoku import`: an f-puzzles or SudokuPad puzzle (file, link or string) as a RON variant (with its rules) and puzzle, or solved.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use graphdoku::read::link;
use graphdoku::write::{ron, text};
use graphdoku::{Budget, ConstraintGraph, PuzzleReader, variant};

use super::Status;

/// Largest file `import` reads: an f-puzzles save or a text file holding a link
/// is a few kB, the largest real ones a few hundred.
pub(crate) const MAX_IMPORT_BYTES: u64 = 16 << 20;

pub(crate) fn run(
    source: &str,
    output: Option<PathBuf>,
    solve: bool,
    budget: Budget,
    out: &mut impl Write,
) -> Result<Status> {
    let path = Path::new(source);
    let (decoded, origin) = match source {
        "-" => {
            let text = read_bounded(std::io::stdin().lock(), source)?;
            (link::read(&text, source)?, source.to_string())
        }
        _ => match std::fs::File::open(path) {
            Ok(file) => {
                let text = read_bounded(file, source)?;
                (link::read(&text, source)?, source.to_string())
            }
            // Not a file: a link or a puzzle string, or neither (said once).
            Err(error) => match link::read(source, link_origin(source)) {
                Ok(decoded) => (decoded, link_origin(source).to_string()),
                Err(e) if e.is_unrecognised() => {
                    let message = format!(
                        "cannot read {}: {error}; nor is it a puzzle link or string ({})",
                        shorten(source),
                        link::ACCEPTED
                    );
                    return Err(anyhow::Error::new(error).context(message));
                }
                Err(e) => return Err(e.into()),
            },
        },
    };
    let imported = decoded.imported;
    for ignored in &imported.ignored {
        eprintln!("note: {origin}: cosmetic {ignored} left out (no rule on the digits)");
    }
    let variant_text = ron::variant(&imported);
    // What is written must read back: build it before writing anything.
    let graph = ConstraintGraph::build(&variant::parse(&variant_text, &origin)?)?;
    if solve {
        let line = ron::rows(&imported).join(if imported.size <= 9 { "" } else { " " });
        let record = PuzzleReader::new(&graph, line.as_bytes(), &origin)
            .next()
            .context("no puzzle")?;
        let puzzle = record.puzzle?;
        let solution = match super::solve_one(&graph, &puzzle, budget, &imported.name)? {
            Ok(solution) => solution,
            Err(status) => {
                let what = match status {
                    Status::GaveUp => "gave up",
                    _ => "no solution",
                };
                writeln!(out, "{}: {what}", imported.name)?;
                return Ok(status);
            }
        };
        writeln!(out, "{}: solved", imported.name)?;
        let style = super::text_style();
        let drawn = text::drawing_with(
            &graph,
            solution.to_puzzle().givens(),
            Some(puzzle.givens()),
            style,
        );
        write!(out, "{drawn}")?;
        return Ok(Status::Ok);
    }
    let prefix = output.unwrap_or_else(|| match path.is_file() {
        true => path.with_extension(""),
        false => PathBuf::from(decoded.format.name()),
    });
    let variant_path = PathBuf::from(format!("{}.variant.ron", prefix.display()));
    let puzzle_path = PathBuf::from(format!("{}.ron", prefix.display()));
    let variant_name = variant_path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    write_both(
        (&variant_path, &variant_text),
        (&puzzle_path, &ron::puzzle(&imported, &variant_name)),
    )?;
    // Rules are named only when there are some: a plain shape reads as before.
    let rules = match graph.rules().len() {
        0 => String::new(),
        n => format!(", {}", super::counted(n, "rule", "rules")),
    };
    writeln!(
        out,
        "{}: wrote {} (variant: {}, {}{rules}) and {} (puzzle: {})",
        imported.name,
        variant_path.display(),
        super::counted(graph.len(), "cell", "cells"),
        super::counted(graph.houses().len(), "house", "houses"),
        puzzle_path.display(),
        super::counted(
            imported.givens.iter().flatten().flatten().count(),
            "given",
            "givens"
        )
    )?;
    Ok(Status::Ok)
}

/// Writes both files, or neither: the puzzle's file is created first (a
/// folder in its place, or no right to write there, stops the import before
/// anything is written), and a file written before a failure is removed.
fn write_both(
    (variant, variant_text): (&Path, &str),
    (puzzle, puzzle_text): (&Path, &str),
) -> Result<()> {
    let cannot = |path: &Path| format!("cannot write {}", path.display());
    let mut puzzle_file = std::fs::File::create(puzzle).with_context(|| cannot(puzzle))?;
    let written = std::fs::write(variant, variant_text)
        .with_context(|| cannot(variant))
        .and_then(|()| {
            puzzle_file
                .write_all(puzzle_text.as_bytes())
                .and_then(|()| puzzle_file.flush())
                .with_context(|| cannot(puzzle))
                .inspect_err(|_| drop(std::fs::remove_file(variant)))
        });
    if written.is_err() {
        let _ = std::fs::remove_file(puzzle);
    }
    written
}

/// The whole of `input` as text, refused above [`MAX_IMPORT_BYTES`] before
/// more is read.
fn read_bounded(input: impl Read, source: &str) -> Result<String> {
    let mut bytes = Vec::new();
    input
        .take(MAX_IMPORT_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {source}"))?;
    if bytes.len() as u64 > MAX_IMPORT_BYTES {
        anyhow::bail!(
            "{source}: larger than {} MiB: not an f-puzzles or SudokuPad puzzle",
            MAX_IMPORT_BYTES >> 20
        );
    }
    String::from_utf8(bytes).with_context(|| format!("{source}: not UTF-8 text"))
}

/// `source` as quoted in a message: a long string cut after 60 characters.
fn shorten(source: &str) -> String {
    match source.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", &source[..at]),
        None => source.to_string(),
    }
}

/// How a link or string given on the command line is named in messages.
fn link_origin(source: &str) -> &'static str {
    match source.contains("://") {
        true => "the link",
        false => "the puzzle string",
    }
}
