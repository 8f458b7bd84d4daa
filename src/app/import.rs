//! `graphdoku import`: a puzzle from f-puzzles, SudokuPad, the Interactive Sudoku Solver or the page's share link, as a RON variant and puzzle, or solved.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use graphdoku::read::link::{self, Source};
use graphdoku::read::share::Shared;
use graphdoku::read::{VariantRef, fpuzzles::Imported};
use graphdoku::rules::RuleSpec;
use graphdoku::write::{ron, text};
use graphdoku::{Budget, ConstraintGraph, Puzzle, PuzzleReader, variant};

use super::Status;

/// Largest file `import` reads: an f-puzzles save or a text file holding a link
/// is a few kB, the largest real ones a few hundred.
pub(crate) const MAX_IMPORT_BYTES: u64 = 16 << 20;

/// What `import` is asked to do with the puzzle.
pub(crate) struct Options {
    /// Where to write (`PREFIX.variant.ron`, `PREFIX.ron`).
    pub output: Option<PathBuf>,
    /// Overwrite files that exist.
    pub force: bool,
    /// Solve instead of writing.
    pub solve: bool,
    /// The budget of `--solve`.
    pub budget: Budget,
}

/// A puzzle read, ready to write or solve: whatever its source.
struct Prepared {
    name: String,
    author: Option<String>,
    rules_text: Option<String>,
    /// The variant's text to write beside the puzzle, or the built-in it names.
    variant: VariantRef,
    /// Rules the puzzle file adds to its variant (a share link's).
    rules: Vec<RuleSpec>,
    /// The graph with every rule.
    graph: ConstraintGraph,
    puzzle: Puzzle,
    /// The format's name, the default prefix of a link's files.
    format: &'static str,
}

pub(crate) fn run(source: &str, options: Options, out: &mut impl Write) -> Result<Status> {
    let path = Path::new(source);
    let (found, origin) = match source {
        "-" => {
            let text = read_bounded(std::io::stdin().lock(), source)?;
            (link::read_source(&text, source)?, source.to_string())
        }
        _ => match std::fs::File::open(path) {
            Ok(file) => {
                let text = read_bounded(file, source)?;
                (link::read_source(&text, source)?, source.to_string())
            }
            // Not a file: a link or a puzzle string, or neither (said once).
            Err(error) => match link::read_source(source, link_origin(source)) {
                Ok(found) => (found, link_origin(source).to_string()),
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
    let prepared = match found {
        Source::Imported(decoded) => imported(decoded.imported, decoded.format.name(), &origin)?,
        Source::Shared(shared) => shared_puzzle(shared, &origin)?,
    };
    if options.solve {
        return solve(&prepared, options.budget, out);
    }
    write_files(&prepared, path, &options, out)
}

/// An f-puzzles, SudokuPad or ISS puzzle: its variant written as RON (the
/// rules in it), built as every command will read it.
fn imported(imported: Imported, format: &'static str, origin: &str) -> Result<Prepared> {
    for ignored in &imported.ignored {
        eprintln!("note: {origin}: cosmetic {ignored} left out (no rule on the digits)");
    }
    let variant_text = ron::variant(&imported);
    // What is written must read back: build it before writing anything.
    let graph = ConstraintGraph::build(&variant::parse(&variant_text, origin)?)?;
    let line = ron::rows(&imported).join(if imported.size <= 9 { "" } else { " " });
    let record = PuzzleReader::new(&graph, line.as_bytes(), origin)
        .next()
        .context("no puzzle")?;
    Ok(Prepared {
        name: imported.name,
        author: imported.author,
        rules_text: imported.rules_text,
        variant: VariantRef::Inline(variant_text),
        rules: Vec::new(),
        puzzle: record.puzzle?,
        graph,
        format,
    })
}

/// The page's share link: its variant (a built-in by name, else its RON),
/// its rules added, its givens read by cell as the page keeps them.
fn shared_puzzle(shared: Shared, origin: &str) -> Result<Prepared> {
    if shared.unfinished > 0 {
        eprintln!(
            "note: {origin}: {} left out, as the page leaves them out of its answers",
            super::counted(
                shared.unfinished,
                "rule not finished (a clue without its number)",
                "rules not finished (clues without their numbers)"
            )
        );
    }
    let base = match &shared.variant {
        VariantRef::Named(name) => ConstraintGraph::load(name)?,
        VariantRef::Inline(text) => ConstraintGraph::build(&variant::parse(text, origin)?)?,
    };
    let graph = base
        .with_rules(&shared.rules)
        .map_err(|e| anyhow::anyhow!("{origin}: {}", e.message))?;
    let mut tokens: Vec<&str> = (shared.givens.iter())
        .map(|g| g.as_deref().unwrap_or("."))
        .collect();
    tokens.resize(graph.len(), ".");
    let line = tokens.join(" ");
    let record = PuzzleReader::new(&graph, line.as_bytes(), origin)
        .next()
        .context("no puzzle")?;
    Ok(Prepared {
        name: shared.name,
        author: shared.author,
        rules_text: shared.rules_text,
        variant: shared.variant,
        rules: shared.rules,
        puzzle: record.puzzle?,
        graph,
        format: "shared",
    })
}

/// `--solve`: the first solution by the engine every command asks, verified,
/// drawn; or why there is none.
fn solve(prepared: &Prepared, budget: Budget, out: &mut impl Write) -> Result<Status> {
    let (graph, puzzle, name) = (&prepared.graph, &prepared.puzzle, &prepared.name);
    let solution = match super::solve_one(graph, puzzle, budget, name)? {
        Ok(solution) => solution,
        Err(status) => {
            let what = match status {
                Status::GaveUp => "gave up",
                _ => "no solution",
            };
            writeln!(out, "{name}: {what}")?;
            if status == Status::Unsolved
                && let Some(why) = super::why_none(graph, puzzle)
            {
                writeln!(out, "{why}")?;
            }
            return Ok(status);
        }
    };
    writeln!(out, "{name}: solved")?;
    let drawn = text::drawing_with(
        graph,
        solution.to_puzzle().givens(),
        Some(puzzle.givens()),
        super::text_style(),
    );
    write!(out, "{drawn}")?;
    Ok(Status::Ok)
}

/// Writes `PREFIX.variant.ron` (unless the variant is a built-in) and
/// `PREFIX.ron`, refusing to overwrite without `--force`.
fn write_files(
    prepared: &Prepared,
    source: &Path,
    options: &Options,
    out: &mut impl Write,
) -> Result<Status> {
    let prefix = options
        .output
        .clone()
        .unwrap_or_else(|| match source.is_file() {
            true => source.with_extension(""),
            false => PathBuf::from(prepared.format),
        });
    let variant_path = PathBuf::from(format!("{}.variant.ron", prefix.display()));
    let puzzle_path = PathBuf::from(format!("{}.ron", prefix.display()));
    let variant_text = match &prepared.variant {
        VariantRef::Inline(text) => Some(text),
        VariantRef::Named(_) => None,
    };
    let mut paths = vec![&puzzle_path];
    if variant_text.is_some() {
        paths.insert(0, &variant_path);
    }
    if !options.force
        && let Some(taken) = paths.iter().find(|p| p.exists())
    {
        anyhow::bail!(
            "{} exists: pass --force to overwrite it, or -o PREFIX to write elsewhere",
            taken.display()
        );
    }
    // The variant file sits beside the puzzle file, which names it so.
    let reference = match variant_text {
        Some(_) => VariantRef::Named(
            variant_path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        ),
        None => prepared.variant.clone(),
    };
    let about = ron::PuzzleAbout {
        name: &prepared.name,
        author: prepared.author.as_deref(),
        rules_text: prepared.rules_text.as_deref(),
        variant: &reference,
        rules: &prepared.rules,
    };
    let puzzle_text = format!(
        "// Imported by `graphdoku import`.\n{}",
        ron::puzzle_file(&prepared.graph, &about, prepared.puzzle.givens())
    );
    match variant_text {
        Some(text) => write_both((&variant_path, text), (&puzzle_path, &puzzle_text))?,
        None => std::fs::write(&puzzle_path, puzzle_text)
            .with_context(|| format!("cannot write {}", puzzle_path.display()))?,
    }
    let graph = &prepared.graph;
    // Rules are named only when there are some: a plain shape reads as before.
    let rules = match graph.rules().len() {
        0 => String::new(),
        n => format!(", {}", super::counted(n, "rule", "rules")),
    };
    let shape = format!(
        "{}, {}{rules}",
        super::counted(graph.len(), "cell", "cells"),
        super::counted(graph.houses().len(), "house", "houses"),
    );
    let givens = super::counted(prepared.puzzle.clue_count(), "given", "givens");
    match variant_text {
        Some(_) => writeln!(
            out,
            "{}: wrote {} (variant: {shape}) and {} (puzzle: {givens})",
            prepared.name,
            variant_path.display(),
            puzzle_path.display(),
        )?,
        None => writeln!(
            out,
            "{}: wrote {} (puzzle: {givens}, on the built-in {}: {shape})",
            prepared.name,
            puzzle_path.display(),
            reference.label(),
        )?,
    }
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
            "{source}: larger than {} MiB: not a puzzle to import",
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
