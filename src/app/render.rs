//! `graphdoku render`: a puzzle, its solution, or an empty shape as an SVG or PNG picture.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use graphdoku::picture::Picture;
use graphdoku::read;
use graphdoku::write::{png, svg};
use graphdoku::{Budget, ConstraintGraph, Puzzle, PuzzleReader};

use super::{DEFAULT_VARIANT, Status, open, variant_ignored};

/// What `render` draws and where.
#[derive(Debug)]
pub(crate) struct Options {
    pub file: Option<PathBuf>,
    pub variant: Option<String>,
    pub solution: bool,
    pub output: Option<PathBuf>,
    pub scale: f32,
    /// The search budget of --solution.
    pub budget: Budget,
}

/// The kinds of picture `-o` writes, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Svg,
    Png,
}

/// The extensions `-o` accepts (any case), and the kind each writes.
const EXTENSIONS: [(&str, Kind); 2] = [("svg", Kind::Svg), ("png", Kind::Png)];

/// The kind of picture to write at `path`, from its extension; an error naming
/// the accepted ones for any other (a `.jpg` once silently received an SVG).
fn kind(path: &Path) -> Result<Kind> {
    let accepted = EXTENSIONS.map(|(e, _)| format!(".{e}")).join(" or ");
    let Some(extension) = path.extension() else {
        anyhow::bail!(
            "{}: no extension to tell the picture's format: name it {accepted} (or leave out -o for SVG on standard output)",
            path.display()
        );
    };
    EXTENSIONS
        .iter()
        .find(|(e, _)| extension.eq_ignore_ascii_case(e))
        .map(|&(_, kind)| kind)
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{}: cannot write a .{} picture: render writes {accepted} (or SVG on standard output without -o)",
                path.display(),
                extension.to_string_lossy()
            )
        })
}

pub(crate) fn run(options: &Options, out: &mut impl Write) -> Result<Status> {
    // Before any work: a picture that cannot be written is not worth solving for.
    let kind = options.output.as_deref().map(kind).transpose()?;
    let variant = options.variant.as_deref();
    let (graph, puzzle, label) = match &options.file {
        Some(path) => first_puzzle(path, variant)?,
        None => {
            let graph = ConstraintGraph::load(variant.unwrap_or(DEFAULT_VARIANT))?;
            let empty = Puzzle::empty(graph.len());
            (graph, empty, "empty".to_string())
        }
    };
    let solved = match options.solution {
        false => None,
        true => match super::solve_one(&graph, &puzzle, options.budget, &label)? {
            Ok(solution) => Some(solution.to_puzzle()),
            Err(Status::Unsolved) => {
                eprintln!("error: {label}: no solution");
                return Ok(Status::Unsolved);
            }
            Err(status) => return Ok(status),
        },
    };
    // A generated puzzle's name already says the variant.
    let mut title = match label.contains(graph.name()) {
        true => label,
        false => format!("{}: {label}", graph.name()),
    };
    if solved.is_some() {
        title += ", solved";
    }
    let values = svg::Values {
        givens: puzzle.givens(),
        solved: solved.as_ref().map(Puzzle::givens),
    };
    let picture = svg::svg(&graph, values, &title);
    match (&options.output, kind) {
        (Some(path), Some(Kind::Png)) => {
            // Refused before resvg starts, which cannot be stopped.
            Picture::of(&picture)
                .check(options.scale)
                .map_err(|why| anyhow::anyhow!("{why}"))?;
            let bytes = png::png(&picture, options.scale)?;
            std::fs::write(path, &bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(
                out,
                "wrote {} (PNG, {} bytes): {title}",
                path.display(),
                bytes.len()
            )?;
        }
        (Some(path), _) => {
            std::fs::write(path, &picture)
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(
                out,
                "wrote {} (SVG, {} bytes): {title}",
                path.display(),
                picture.len()
            )?;
        }
        (None, _) => out.write_all(picture.as_bytes())?,
    }
    Ok(Status::Ok)
}

/// The graph and first puzzle of a puzzle file, and its label for the title
/// (a RON puzzle's name, or the file name and the puzzle's place in it).
pub(crate) fn first_puzzle(
    path: &Path,
    variant: Option<&str>,
) -> Result<(ConstraintGraph, Puzzle, String)> {
    let name = path.display().to_string();
    let short = path
        .file_name()
        .map_or(name.clone(), |f| f.to_string_lossy().into_owned());
    let mut reader = open(path).with_context(|| format!("cannot read {name}"))?;
    let (graph, record, several, label) = if read::looks_like_ron(reader.fill_buf()?) {
        if let Some(warning) = variant_ignored(variant, &name) {
            eprint!("{warning}");
        }
        let source = read::read_text(reader, &name)?;
        let mut read = read::read_ron_puzzles(&source, &name)?;
        let several = read.records.len() > 1;
        let (index, record) = read.records.swap_remove(0);
        let graph = match index {
            Some(i) => read.graphs.swap_remove(i),
            None => return Err(record.puzzle.map(|_| ()).unwrap_err().into()),
        };
        let label = record.label.clone();
        (graph, record, several, label)
    } else {
        let graph = ConstraintGraph::load(variant.unwrap_or(DEFAULT_VARIANT))?;
        let mut records = PuzzleReader::new(&graph, reader, &name);
        let first = records.next();
        let several = records.next().is_some();
        let Some(record) = first else {
            anyhow::bail!("{name}: no puzzles found");
        };
        let label = format!("{short}, {}", record.label);
        (graph, record, several, label)
    };
    if several {
        eprintln!("note: {name} holds several puzzles: drawing the first");
    }
    Ok((graph, record.puzzle?, label))
}
