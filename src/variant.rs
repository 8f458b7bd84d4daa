//! The RON schema of variant files, and reading them (built-in or from disk).
//!
//! A variant describes a *shape*, not a puzzle: its symbols, its cells and the
//! groups of cells that must all differ. See `variants/README.md` for the format
//! by example; [`crate::ConstraintGraph::build`] turns a [`VariantSpec`] into a graph.

use std::path::{Path, PathBuf};

use ron::extensions::Extensions;
use serde::Deserialize;
use thiserror::Error;

use crate::location::{Location, snippet};

/// A variant file: either the full form, or the short form for N²×N² Sudoku.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum VariantFile {
    /// Everything spelled out.
    Variant(VariantSpec),
    /// `Sudoku(box_size: n)`: the classic n²×n² board with n×n boxes.
    Sudoku(SudokuSpec),
}

/// The full description of a shape.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSpec {
    /// Human-readable name, shown in output.
    pub name: String,
    /// The symbols (colours) cells may hold.
    pub symbols: SymbolsSpec,
    /// Which cells exist, with their names and layout.
    pub cells: CellsSpec,
    /// Groups of cells that must all differ.
    #[serde(default)]
    pub houses: Vec<HouseSpec>,
    /// Extra "must differ" relations between pairs of cells.
    #[serde(default)]
    pub edges: Vec<EdgeSpec>,
}

/// Short form: an n²×n² Sudoku with n×n boxes.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SudokuSpec {
    /// Side of a box: 2 gives 4×4, 3 gives 9×9, 4 gives 16×16.
    pub box_size: usize,
    /// Name; defaults to "Sudoku N×N".
    #[serde(default)]
    pub name: Option<String>,
    /// Symbols; defaults to 1-9 then A-Z as far as needed, or numbers past 35 symbols.
    #[serde(default)]
    pub symbols: Option<SymbolsSpec>,
}

/// How the symbols are written.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum SymbolsSpec {
    /// Each character of the string is one symbol: `Chars("123456789")`.
    Chars(String),
    /// The integers from the first to the second, inclusive: `Range(1, 12)`.
    Range(i64, i64),
    /// Arbitrary tokens: `List(["red", "green", "blue"])`.
    List(Vec<String>),
}

/// Which cells exist.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CellsSpec {
    /// A rectangle of cells named `r1c1` … ; `mask` rows use `#` for a cell and `.` for none.
    Grid {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
        /// Optional shape: one string per row, `#` = cell, `.` = no cell.
        #[serde(default)]
        mask: Option<Vec<String>>,
    },
    /// A circle of `sectors` wedges by `rings` rings; cells `s1r1` … in sector-major order.
    Polar {
        /// Number of sectors (around the circle).
        sectors: usize,
        /// Number of rings (from the centre out).
        rings: usize,
    },
    /// Cells listed one by one, in this order.
    List(Vec<CellSpec>),
}

/// One explicitly listed cell.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellSpec {
    /// The cell's unique name.
    pub name: String,
    /// Layout x coordinate (for drawing).
    #[serde(default)]
    pub x: f64,
    /// Layout y coordinate (for drawing).
    #[serde(default)]
    pub y: f64,
}

/// A family of houses (groups of cells that must all differ).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum HouseSpec {
    /// Every row of a grid.
    Rows,
    /// Every column of a grid.
    Columns,
    /// The grid cut into boxes of `rows`×`cols` cells.
    Boxes {
        /// Height of a box.
        rows: usize,
        /// Width of a box.
        cols: usize,
    },
    /// Irregular regions drawn as rows of letters over the grid (`.` = in no region).
    Regions(Vec<String>),
    /// Both main diagonals of a square grid.
    Diagonals,
    /// Every ring of a polar shape (one cell from each sector).
    Rings,
    /// Every sector of a polar shape.
    Sectors,
    /// Groups of `size` consecutive sectors (sectors 1-2, 3-4, … for size 2), over all rings.
    SectorGroups {
        /// Sectors per group.
        size: usize,
    },
    /// One house listed by cell names.
    House {
        /// Name used in messages.
        name: String,
        /// Names of its cells.
        cells: Vec<String>,
    },
}

/// A family of extra "must differ" edges.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum EdgeSpec {
    /// Pairs of cell names.
    Pairs(Vec<(String, String)>),
    /// Cells a chess knight's move apart (grid shapes).
    Knight,
    /// Cells a chess king's move apart (grid shapes).
    King,
}

/// Why a variant could not be read.
#[derive(Debug, Error)]
pub enum VariantError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path as given.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The RON text is malformed, or does not match the schema.
    #[error("{location}: {message}\n{snippet}")]
    Syntax {
        /// Where.
        location: Location,
        /// What was wrong or expected.
        message: String,
        /// The offending line with a caret.
        snippet: String,
    },
    /// The file parses but describes an impossible or inconsistent shape.
    #[error("{file}: {message}")]
    Invalid {
        /// The variant file.
        file: String,
        /// What is wrong, naming the offending item.
        message: String,
    },
    /// Neither a readable file nor a built-in name.
    #[error("unknown variant {name:?}: no such file, and not a built-in ({})", BUILTINS.iter().map(|b| b.0).collect::<Vec<_>>().join(", "))]
    Unknown {
        /// The name as given.
        name: String,
    },
}

/// The variants compiled into the binary, by name.
pub const BUILTINS: &[(&str, &str)] = &[
    ("sudoku4", include_str!("../variants/sudoku4.ron")),
    ("sudoku9", include_str!("../variants/sudoku9.ron")),
    ("sudoku16", include_str!("../variants/sudoku16.ron")),
    ("sudoku25", include_str!("../variants/sudoku25.ron")),
    ("pie", include_str!("../variants/pie.ron")),
];

/// A variant read from a file or a built-in, remembering where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedVariant {
    /// The full description.
    pub spec: VariantSpec,
    /// File name (or `builtin:NAME`) used in messages.
    pub origin: String,
}

/// Parses variant RON text; `origin` names it in error messages.
///
/// # Errors
/// [`VariantError::Syntax`] with line, column and the offending line.
///
/// # Example
/// ```
/// let v = graphdoku::variant::parse("Sudoku(box_size: 2)", "inline").unwrap();
/// assert_eq!(v.spec.name, "Sudoku 4×4");
/// ```
pub fn parse(source: &str, origin: &str) -> Result<LoadedVariant, VariantError> {
    let options = ron::Options::default()
        .with_default_extension(Extensions::UNWRAP_VARIANT_NEWTYPES | Extensions::IMPLICIT_SOME);
    let file: VariantFile = options.from_str(source).map_err(|e| {
        let (line, column) = (e.span.start.line, e.span.start.col);
        VariantError::Syntax {
            location: Location::new(origin, line, column),
            message: e.code.to_string(),
            snippet: snippet(source, line, column),
        }
    })?;
    let spec = match file {
        VariantFile::Variant(spec) => spec,
        VariantFile::Sudoku(short) => {
            expand_sudoku(short).map_err(|message| VariantError::Invalid {
                file: origin.to_string(),
                message,
            })?
        }
    };
    Ok(LoadedVariant {
        spec,
        origin: origin.to_string(),
    })
}

/// Reads a variant from a file, or a built-in by name (`sudoku9`, `pie`, …).
///
/// A path that exists wins over a built-in of the same name.
///
/// # Errors
/// I/O, syntax, or [`VariantError::Unknown`] when `name` is neither.
pub fn load(name: &str) -> Result<LoadedVariant, VariantError> {
    let path = Path::new(name);
    if path.is_file() {
        let source = std::fs::read_to_string(path).map_err(|source| VariantError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        return parse(&source, name);
    }
    let bare = name.strip_suffix(".ron").unwrap_or(name);
    match BUILTINS.iter().find(|(builtin, _)| *builtin == bare) {
        Some((builtin, source)) => parse(source, &format!("builtin:{builtin}")),
        None => Err(VariantError::Unknown {
            name: name.to_string(),
        }),
    }
}

/// The full form of `Sudoku(box_size: n)`.
fn expand_sudoku(short: SudokuSpec) -> Result<VariantSpec, String> {
    let n = short.box_size;
    if !(1..=11).contains(&n) {
        return Err(format!(
            "box_size {n} is out of range (1 to 11: at most {} symbols)",
            crate::symbols::MAX_SYMBOLS
        ));
    }
    let side = n * n;
    const DIGITS_THEN_LETTERS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let symbols = short.symbols.unwrap_or_else(|| {
        if side <= DIGITS_THEN_LETTERS.len() {
            SymbolsSpec::Chars(DIGITS_THEN_LETTERS[..side].to_string())
        } else {
            SymbolsSpec::Range(1, side as i64)
        }
    });
    Ok(VariantSpec {
        name: short
            .name
            .unwrap_or_else(|| format!("Sudoku {side}×{side}")),
        symbols,
        cells: CellsSpec::Grid {
            rows: side,
            cols: side,
            mask: None,
        },
        houses: vec![
            HouseSpec::Rows,
            HouseSpec::Columns,
            HouseSpec::Boxes { rows: n, cols: n },
        ],
        edges: vec![],
    })
}

impl SymbolsSpec {
    /// The symbols written out, in colour order.
    ///
    /// # Errors
    /// An empty or reversed range.
    pub fn expand(&self) -> Result<Vec<String>, String> {
        match self {
            SymbolsSpec::Chars(s) => Ok(s.chars().map(String::from).collect()),
            SymbolsSpec::Range(lo, hi) if lo <= hi && hi - lo < 1 << 16 => {
                Ok((*lo..=*hi).map(|i| i.to_string()).collect())
            }
            SymbolsSpec::Range(lo, hi) => Err(format!("symbol range {lo}..={hi} is unusable")),
            SymbolsSpec::List(list) => Ok(list.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_parses() {
        for (name, _) in BUILTINS {
            let v = load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!v.spec.name.is_empty());
        }
    }

    #[test]
    fn short_form_expands_to_boxes() {
        let v = parse("Sudoku(box_size: 4)", "t").unwrap().spec;
        assert_eq!(v.symbols, SymbolsSpec::Chars("123456789ABCDEFG".into()));
        assert!(v.houses.contains(&HouseSpec::Boxes { rows: 4, cols: 4 }));
        let big = parse("Sudoku(box_size: 7)", "t").unwrap().spec;
        assert_eq!(big.symbols, SymbolsSpec::Range(1, 49));
    }

    #[test]
    fn syntax_errors_point_at_line_and_column() {
        let src = "Variant(\n    name: \"x\",\n    symbols: Chars(\"12\"),\n    cells: Grid(rows: 2, cols: 2),\n    houses: [Rows, Colums],\n)";
        let err = parse(src, "bad.ron").unwrap_err().to_string();
        assert!(err.starts_with("bad.ron:5:"), "{err}");
        assert!(err.contains("Colums"), "{err}");
        assert!(err.contains("houses: [Rows, Colums]"), "{err}");
    }

    #[test]
    fn unknown_fields_are_rejected() {
        let src = "Variant(name: \"x\", symbols: Chars(\"12\"), cells: Grid(rows: 2, cols: 2), colour: 3)";
        let err = parse(src, "t").unwrap_err().to_string();
        assert!(err.contains("colour"), "{err}");
        let src = "Variant(name: \"x\", symbols: Chars(\"12\"), cells: Grid(rows: 2, cols: 2, mask: [], extra: 1))";
        assert!(parse(src, "t").is_err());
    }

    #[test]
    fn unknown_names_list_the_builtins() {
        let err = load("no-such-variant").unwrap_err().to_string();
        assert!(err.contains("sudoku16"), "{err}");
    }
}
