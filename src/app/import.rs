//! `graphdoku import`: an f-puzzles puzzle as a RON variant and puzzle, or solved.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use graphdoku::read::fpuzzles;
use graphdoku::write::{ron, text};
use graphdoku::{Budget, ConstraintGraph, PuzzleReader, variant};

use super::Status;

pub(crate) fn run(
    source: &str,
    output: Option<PathBuf>,
    solve: bool,
    budget: Budget,
    out: &mut impl Write,
) -> Result<Status> {
    let path = Path::new(source);
    // A link or its `?load=` string, else a file: one that exists, `-`, or a
    // name that looks like one (so a mistyped file name is not read as a link).
    let link = source.contains("load=")
        || !(path.exists() || source == "-" || source.ends_with(".json") || source.contains('/'));
    let (text, origin) = if link {
        (source.to_string(), "the f-puzzles string".to_string())
    } else if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        (text, source.to_string())
    } else {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("cannot read {source}"))?;
        (text, source.to_string())
    };
    let imported = fpuzzles::read(&text, &origin)?;
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
        false => PathBuf::from("fpuzzles"),
    });
    let variant_path = PathBuf::from(format!("{}.variant.ron", prefix.display()));
    let puzzle_path = PathBuf::from(format!("{}.ron", prefix.display()));
    let variant_name = variant_path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    std::fs::write(&variant_path, &variant_text)
        .with_context(|| format!("cannot write {}", variant_path.display()))?;
    std::fs::write(&puzzle_path, ron::puzzle(&imported, &variant_name))
        .with_context(|| format!("cannot write {}", puzzle_path.display()))?;
    writeln!(
        out,
        "{}: wrote {} (variant: {}, {}) and {} (puzzle: {})",
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
