//! RON puzzle files: one `Puzzle(…)` document or several, each naming its variant.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde::Deserialize;

use super::text::{BlockShape, checked, read_cells, tokens};
use super::{Error, InputError, Record};
use crate::graph::ConstraintGraph;
use crate::location::{Lines, Location, snippet};
use crate::variant::VariantError;

/// A puzzle file in RON: names its variant (or holds it) and lists its givens.
///
/// ```ron
/// Puzzle(
///     variant: "../variants/pie.ron",   // a path relative to this file, or a built-in name
///     givens: Rows(["5 . . . 7 4", ...]), // or Cells({"s1r1": "5", ...})
/// )
/// ```
///
/// The variant may also be written out in the puzzle file itself, so that the
/// file stands alone: `variant: Variant(name: "…", cells: Grid(…), …)` (or a
/// short form, `variant: Sudoku(box_size: 3)`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename = "Puzzle", deny_unknown_fields)]
pub struct PuzzleSpec {
    /// The variant: a path relative to the puzzle file, a built-in name, or
    /// the variant itself.
    pub variant: VariantRef,
    /// A name for messages and output.
    #[serde(default)]
    pub name: Option<String>,
    /// Who set the puzzle (kept for exports; no command needs it).
    #[serde(default)]
    pub author: Option<String>,
    /// The rules in words, as the setter wrote them for solvers (kept for
    /// exports; the typed `rules` are what the commands use).
    #[serde(default)]
    pub rules_text: Option<String>,
    /// The givens.
    pub givens: GivensSpec,
    /// Rules this puzzle adds to its variant (killer cages, thermometers, …:
    /// see [`crate::rules::RuleSpec`]).
    #[serde(default)]
    pub rules: Vec<crate::rules::RuleSpec>,
}

/// The variant a RON puzzle uses: named, or written out in the puzzle file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum VariantRef {
    /// A path relative to the puzzle file, or a built-in name.
    Named(String),
    /// The variant's own RON text, as it stands in the puzzle file.
    Inline(String),
}

impl VariantRef {
    /// The reference as it is written after `variant: `, quoted when it is a name.
    ///
    /// ```
    /// use graphdoku::read::VariantRef;
    /// assert_eq!(VariantRef::Named("pie".into()).to_ron(), "\"pie\"");
    /// assert_eq!(VariantRef::Inline("Latin(size: 3)".into()).to_ron(), "Latin(size: 3)");
    /// ```
    pub fn to_ron(&self) -> String {
        match self {
            VariantRef::Named(name) => format!("{name:?}"),
            VariantRef::Inline(text) => text.clone(),
        }
    }

    /// The name, or `embedded` for a variant written out in the file.
    pub fn label(&self) -> &str {
        match self {
            VariantRef::Named(name) => name,
            VariantRef::Inline(_) => "embedded",
        }
    }
}

impl<'de> Deserialize<'de> for VariantRef {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Kept as text: a string is a name, anything else the variant itself,
        // read by the variant reader (which knows where its parts are).
        let raw = Box::<ron::value::RawValue>::deserialize(deserializer)?;
        // Comments before the value are not part of it.
        let text = raw.trim().get_ron();
        if text.starts_with('"') || text.starts_with('r') && text[1..].starts_with(['"', '#']) {
            let name: String = raw.into_rust().map_err(serde::de::Error::custom)?;
            return Ok(VariantRef::Named(name));
        }
        Ok(VariantRef::Inline(text.to_string()))
    }
}

/// How a RON puzzle lists its givens.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum GivensSpec {
    /// Strings of cells that, read in order, cover every cell in the variant's order
    /// (one string per grid row, or per sector of a polar shape).
    Rows(Vec<String>),
    /// Givens by cell name; other cells are empty. A cell named twice is an error.
    /// Values are symbols as strings (`"12"`), or numbers (`12`) for numeric symbols.
    Cells(#[serde(deserialize_with = "unique_symbols")] BTreeMap<String, String>),
}

/// A given's symbol, written as a string or, for numeric symbols, a number.
struct SymbolText(String);

impl<'de> Deserialize<'de> for SymbolText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = SymbolText;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a symbol: a string, or a number")
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<SymbolText, E> {
                Ok(SymbolText(text.to_string()))
            }

            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<SymbolText, E> {
                Ok(SymbolText(n.to_string()))
            }

            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<SymbolText, E> {
                Ok(SymbolText(n.to_string()))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// Givens by cell, each name once, symbols as strings or numbers.
fn unique_symbols<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    let map: BTreeMap<String, SymbolText> = crate::variant::unique_keys(deserializer)?;
    Ok(map.into_iter().map(|(cell, s)| (cell, s.0)).collect())
}

/// The puzzles of a RON puzzle file, each with the graph of its variant.
#[derive(Debug)]
pub struct RonPuzzles {
    /// The graphs of the variants the puzzles name, each built once.
    pub graphs: Vec<ConstraintGraph>,
    /// Every puzzle in file order, with the index of its graph in `graphs`, or
    /// `None` when its variant could not be used (the record says why).
    pub records: Vec<(Option<usize>, Record)>,
}

/// Reads a RON puzzle file's text: one `Puzzle(…)` document, or several in a row
/// (as `graphdoku generate -f ron -n N` writes them). Each names its variant,
/// resolved next to `path` or else as a built-in; each variant is built once.
///
/// With one document, a record is located at the whole file; with several, at
/// the line where its document starts, and labelled so when it has no name.
///
/// # Errors
/// RON syntax (with line, column and the offending line; a file that ends too
/// soon says so), which stops the reading. An unusable variant or bad givens
/// (unknown symbol or cell, a cell given twice, wrong count, clashing givens) make
/// that puzzle's record an error and the others are still read.
///
/// # Example
/// ```
/// let text = r#"Puzzle(variant: "sudoku4", givens: Rows(["1...", "....", "....", "...."]))
/// Puzzle(variant: "sudoku4", givens: Cells({"r1c1": "2"}))"#;
/// let read = graphdoku::read::read_ron_puzzles(text, "two.ron").unwrap();
/// assert_eq!(read.graphs.len(), 1);
/// assert_eq!(read.records.len(), 2);
/// assert_eq!(read.records[1].1.label, "two.ron:2");
/// ```
pub fn read_ron_puzzles(source: &str, path: &str) -> Result<RonPuzzles, Error> {
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let syntax = |e: ron::error::SpannedError| {
        let (line, column) = (e.span.start.line, e.span.start.col);
        Error::Input {
            error: InputError {
                location: Location::new(path, line, column),
                message: crate::ron_error::message(&e, source, "the puzzle"),
            },
            snippet: format!("\n{}", snippet(source, line, column)),
        }
    };
    let mut de = ron::Deserializer::from_str_with_options(source, &options).map_err(syntax)?;
    let mut specs = Vec::new();
    while de.end().is_err() {
        let start = source.len() - de.remainder().len();
        let spec = PuzzleSpec::deserialize(&mut de).map_err(|e| syntax(de.span_error(e)))?;
        specs.push((start, spec));
    }
    if specs.is_empty() {
        return Err(Error::Input {
            error: InputError {
                location: Location::new(path, 0, 0),
                message: "no puzzles found".into(),
            },
            snippet: String::new(),
        });
    }
    let several = specs.len() > 1;
    let lines = Lines::new(source);
    // Each document's text ends where the next starts: what is looked for in
    // one is looked for there only.
    let ends: Vec<usize> = specs
        .iter()
        .skip(1)
        .map(|(start, _)| *start)
        .chain(Some(source.len()))
        .collect();
    let mut read = RonPuzzles {
        graphs: Vec::new(),
        records: Vec::new(),
    };
    let mut by_variant: HashMap<VariantRef, Result<usize, InputError>> = HashMap::new();
    for ((start, spec), end) in specs.into_iter().zip(ends) {
        let document = Document {
            source: &source[..end],
            lines: &lines,
            start,
            path,
        };
        let line = lines.position(start).0;
        let whole = Location::new(path, if several { line } else { 0 }, 0);
        let label = match &spec.name {
            Some(name) => name.clone(),
            None => whole.to_string(),
        };
        let graph = match by_variant.get(&spec.variant) {
            Some(graph) => graph.clone(),
            None => {
                let graph = match &spec.variant {
                    VariantRef::Named(name) => puzzle_variant(name, &document),
                    VariantRef::Inline(text) => inline_variant(text, &document),
                };
                let graph = graph.map(|graph| {
                    read.graphs.push(graph);
                    read.graphs.len() - 1
                });
                by_variant.insert(spec.variant.clone(), graph.clone());
                graph
            }
        };
        // A puzzle's own rules make a graph of its own.
        let graph = match graph {
            Ok(index) if !spec.rules.is_empty() => {
                puzzle_rules(&read.graphs[index], &spec.rules, &document).map(|graph| {
                    read.graphs.push(graph);
                    read.graphs.len() - 1
                })
            }
            other => other,
        };
        let (index, puzzle) = match graph {
            Ok(index) => {
                let graph = &read.graphs[index];
                let puzzle = ron_givens(graph, &spec.givens, &document)
                    .and_then(|givens| checked(graph, givens, &whole));
                (Some(index), puzzle)
            }
            Err(e) => (None, Err(e)),
        };
        let record = Record {
            label,
            location: whole,
            puzzle,
        };
        read.records.push((index, record));
    }
    Ok(read)
}

/// One document of a RON puzzle file, for locating what it holds.
struct Document<'a> {
    /// The file's text up to the document's end.
    source: &'a str,
    /// The file's line starts.
    lines: &'a Lines<'a>,
    /// Where the document starts.
    start: usize,
    /// The file name.
    path: &'a str,
}

impl Document<'_> {
    /// Where `needle` first occurs in the document from byte `from` on (at the
    /// document's start when nowhere): the line, the characters before it on
    /// that line, and the byte offset.
    fn find(&self, needle: &str, from: usize) -> Option<(usize, usize, usize)> {
        let at = from + self.source[from..].find(needle)?;
        let (line, before) = self.lines.position(at);
        Some((line, before, at))
    }
}

/// The graph of the variant a RON puzzle names (in `document`): a path beside
/// the puzzle file, or else a built-in. When it is neither, the error points at
/// the name in the puzzle file and says which path was tried.
fn puzzle_variant(name: &str, document: &Document) -> Result<ConstraintGraph, InputError> {
    let (source, start, path) = (document.source, document.start, document.path);
    let beside = Path::new(path).parent().unwrap_or(Path::new("")).join(name);
    let variant = if beside.is_file() {
        beside.to_string_lossy().into_owned()
    } else {
        name.to_string()
    };
    let unknown = || {
        let at = source[start..]
            .find(&format!("{name:?}"))
            .map_or(start, |at| start + at);
        let (line, before) = document.lines.position(at);
        let column = before + 1;
        let builtins: Vec<&str> = crate::variant::BUILTINS.iter().map(|b| b.0).collect();
        InputError {
            location: Location::new(path, line, column),
            message: format!(
                "variant {name:?}: no such file (looked for {}) and not a built-in ({})\n{}",
                beside.display(),
                builtins.join(", "),
                document.lines.snippet(line, column)
            ),
        }
    };
    ConstraintGraph::load(&variant).map_err(|e| match e {
        // A name that is a missing path is this file's error, as an unknown name is.
        VariantError::Unknown { .. } => unknown(),
        VariantError::Io { ref source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            unknown()
        }
        other => Error::Variant(other).located(path),
    })
}

/// The graph of a variant written out in the puzzle file (in `document`);
/// the variants it refers to are looked for beside the file, or built in.
/// Errors point into the puzzle file.
fn inline_variant(text: &str, document: &Document) -> Result<ConstraintGraph, InputError> {
    let at = document.source[document.start..]
        .find(text)
        .map_or(document.start, |at| document.start + at);
    // The variant's text where it stands in the file, everything before it
    // blanked: the variant reader's lines and columns are then the file's.
    let blanked: String = document.source[..at]
        .chars()
        .map(|c| if c == '\n' { c } else { ' ' })
        .chain(text.chars())
        .collect();
    crate::variant::parse(&blanked, document.path)
        .and_then(|variant| ConstraintGraph::build(&variant))
        .map_err(|e| Error::Variant(e).located(document.path))
}

/// The graph of a puzzle's variant with the puzzle's own rules added; an
/// unusable rule is an error pointing at it (its cell, or its word) in the file.
fn puzzle_rules(
    graph: &ConstraintGraph,
    rules: &[crate::rules::RuleSpec],
    document: &Document,
) -> Result<ConstraintGraph, InputError> {
    graph.clone().with_rules(rules).map_err(|fault| {
        let needle = match &fault.cell {
            Some(cell) => format!("{cell:?}"),
            None => fault.word.to_string(),
        };
        let from = document.source[document.start..]
            .find("rules")
            .map_or(document.start, |at| document.start + at);
        let (line, before) = match document.find(&needle, from) {
            Some((line, before, _)) => (line, before),
            None => document.lines.position(document.start),
        };
        let column = before + 1;
        InputError {
            location: Location::new(document.path, line, column),
            message: format!(
                "{}\n{}",
                fault.message,
                document.lines.snippet(line, column)
            ),
        }
    })
}

/// Reads a RON puzzle file's text that holds exactly one puzzle: its variant
/// (resolved next to `path`) and its record.
///
/// # Errors
/// As [`read_ron_puzzles`]; an unusable variant is an error here, and so is a
/// file of several puzzles.
pub fn read_ron_puzzle(source: &str, path: &str) -> Result<(ConstraintGraph, Record), Error> {
    let mut read = read_ron_puzzles(source, path)?;
    if read.records.len() > 1 {
        return Err(Error::Input {
            error: InputError {
                location: Location::new(path, 0, 0),
                message: format!("{} puzzles where one was expected", read.records.len()),
            },
            snippet: String::new(),
        });
    }
    match read.records.pop() {
        Some((Some(index), record)) => Ok((read.graphs.swap_remove(index), record)),
        Some((None, record)) => Err(Error::Input {
            error: record
                .puzzle
                .expect_err("a record without a graph is an error"),
            snippet: String::new(),
        }),
        None => unreachable!("read_ron_puzzles returns at least one record"),
    }
}

/// The givens of a RON puzzle; errors point into `source` where the text is found.
fn ron_givens(
    graph: &ConstraintGraph,
    spec: &GivensSpec,
    document: &Document,
) -> Result<Vec<Option<u8>>, InputError> {
    let (start, path) = (document.start, document.path);
    let mut givens = vec![None; graph.len()];
    let locate = |needle: &str, from: usize| -> (Location, usize) {
        match document.find(needle, from) {
            Some((line, before, at)) => (Location::new(path, line, before + 2), at + needle.len()),
            None => (Location::new(path, 0, 0), from),
        }
    };
    match spec {
        GivensSpec::Rows(rows) => {
            // One string per grid row (or sector) reads like a grid block; any
            // other split is read as the cells in order.
            let shape = BlockShape::of(graph).filter(|s| s.rows == rows.len());
            let mut cursor = start;
            let mut filled = 0;
            for (r, row) in rows.iter().enumerate() {
                let (at, next) = locate(&format!("{row:?}"), cursor);
                cursor = next;
                let tokens = tokens(graph, row);
                let offset = at.column;
                let shifted: Vec<_> = tokens.iter().map(|&(c, t)| (c + offset - 1, t)).collect();
                if let Some(shape) = &shape {
                    shape.read_row(graph, r, &shifted, &at, &mut givens)?;
                    continue;
                }
                read_cells(graph, &shifted, &at, |i, v| {
                    let slot = givens
                        .get_mut(filled + i)
                        .ok_or_else(|| format!("more cells than the variant's {}", graph.len()))?;
                    *slot = v;
                    Ok(())
                })?;
                filled += tokens.len();
            }
            if shape.is_none() && filled != graph.len() {
                let (at, _) = locate("Rows", start);
                return Err(InputError {
                    message: format!(
                        "the rows hold {}, the variant {}\n{}",
                        crate::names::counted(filled, "cell", "cells"),
                        graph.len(),
                        document.lines.snippet(at.line, at.column.saturating_sub(1))
                    ),
                    location: Location::new(path, at.line, at.column.saturating_sub(1)),
                });
            }
        }
        GivensSpec::Cells(cells) => {
            for (name, value) in cells {
                let (at, _) = locate(&format!("{name:?}"), start);
                let cell = graph.cell_index(name).ok_or_else(|| InputError {
                    location: at.clone(),
                    message: format!("unknown cell name {name:?}"),
                })?;
                read_cells(graph, &[(at.column, value.trim())], &at, |_, v| {
                    givens[cell] = v;
                    Ok(())
                })?;
            }
        }
    }
    Ok(givens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_written_out_in_the_file_is_read_and_its_errors_located_there() {
        let text = "Puzzle(\n    name: \"inline\",\n    variant: Variant(\n        name: \"Four\",\n        symbols: Chars(\"1234\"),\n        cells: Grid(rows: 4, cols: 4),\n        houses: [Rows, Columns, Boxes(rows: 2, cols: 2)],\n    ),\n    givens: Rows([\"1...\", \"....\", \"....\", \"....\"]),\n)";
        let (graph, record) = read_ron_puzzle(text, "inline.ron").unwrap();
        assert_eq!(graph.len(), 16);
        assert_eq!(record.puzzle.unwrap().clue_count(), 1);
        // A mistake in the variant is pointed at in the puzzle file: line 7, `Boxez`.
        let wrong = text.replace("Boxes(", "Boxez(");
        let read = read_ron_puzzles(&wrong, "inline.ron").unwrap();
        let error = read.records[0].1.puzzle.as_ref().unwrap_err();
        assert_eq!(error.location.line, 7, "{error}");
        assert_eq!(error.location.column, 33, "{error}");
        // A short form too, and a name is still a name.
        let short = text.replace(
            &text[text.find("Variant(").unwrap()..text.find("    givens").unwrap()],
            "Sudoku(box_size: 2),\n",
        );
        assert_eq!(read_ron_puzzle(&short, "short.ron").unwrap().0.len(), 16);
        let spec: PuzzleSpec =
            ron::from_str(r#"Puzzle(variant: "sudoku4", givens: Rows([]))"#).unwrap();
        assert_eq!(spec.variant, VariantRef::Named("sudoku4".into()));
        // A comment before the variant is not part of it.
        let spec: PuzzleSpec =
            ron::from_str("Puzzle(variant: // three\n Latin(size: 3), givens: Rows([]))").unwrap();
        assert_eq!(spec.variant, VariantRef::Inline("Latin(size: 3)".into()));
    }

    #[test]
    fn cell_givens_may_be_numbers() {
        let text = r#"Puzzle(variant: "pie", givens: Cells({"s1r1": 12, "s2r1": "11"}))"#;
        let read = read_ron_puzzles(text, "n.ron").unwrap();
        let puzzle = read.records[0].1.puzzle.as_ref().unwrap();
        let graph = &read.graphs[0];
        let symbol = |cell: &str| {
            let colour = puzzle.givens()[graph.cell_index(cell).unwrap()].unwrap();
            graph.alphabet().symbol(colour).to_string()
        };
        assert_eq!((symbol("s1r1"), symbol("s2r1")), ("12".into(), "11".into()));
        // A number that is no symbol is an error like any other.
        let text = r#"Puzzle(variant: "pie", givens: Cells({"s1r1": 13}))"#;
        let read = read_ron_puzzles(text, "n.ron").unwrap();
        assert!(read.records[0].1.puzzle.is_err());
    }
}
