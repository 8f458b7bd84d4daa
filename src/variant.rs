//! The RON schema of variant files, and reading them (built-in or from disk).
//!
//! A variant describes a *shape*, not a puzzle: its symbols, its cells and the
//! groups of cells that must all differ. See `variants/README.md` for the format
//! by example; [`crate::ConstraintGraph::build`] turns a [`VariantSpec`] into a graph.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use ron::extensions::Extensions;
use serde::Deserialize;
use thiserror::Error;

use crate::location::{Location, Needle, find, snippet};

/// A variant file: the full form, or a short form for the common square boards.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum VariantFile {
    /// Everything spelled out, or extending another variant.
    Variant(VariantDef),
    /// `Sudoku(box_size: n)` or `Sudoku(boxes: (r, c))`: a Sudoku with square or
    /// rectangular boxes.
    Sudoku(SudokuSpec),
    /// `Latin(size: n)`: an n×n Latin square (rows and columns only).
    Latin(LatinSpec),
}

/// The full form as written. Fields left out are taken from the variant named by
/// `extends`; lists (`houses`, `edges`, `allowed`, `parts`) are added to its own.
/// Every field may be left out.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename = "Variant", default, deny_unknown_fields)]
pub struct VariantDef {
    /// A variant to start from: a path relative to this file, or a built-in name.
    pub extends: Option<String>,
    /// Human-readable name, shown in output.
    pub name: Option<String>,
    /// The symbols (colours) cells may hold.
    pub symbols: Option<SymbolsSpec>,
    /// Which cells exist (with `parts`: the canvas the parts are placed on).
    pub cells: Option<CellsSpec>,
    /// Groups of cells that must all differ.
    pub houses: Vec<HouseSpec>,
    /// Extra "must differ" relations between pairs of cells.
    pub edges: Vec<EdgeSpec>,
    /// Cells restricted to some of the symbols.
    pub allowed: Vec<AllowedSpec>,
    /// Other grid variants placed on this grid at offsets.
    pub parts: Vec<PartDef>,
    /// The numeric value of each symbol, in order, for rules (digits and
    /// ranges have theirs already).
    pub values: Option<Vec<i64>>,
    /// Rules on the values of cells (see [`crate::rules`]).
    pub rules: Vec<crate::rules::RuleSpec>,
    /// Symmetries of the shape, as generators of its group: each must map every
    /// "must differ" relation, allowed list and rule onto one of the variant's
    /// own. Not inherited through `extends` (added houses or rules break most).
    pub symmetries: Vec<SymmetrySpec>,
}

/// A symmetry of a shape: a permutation of its cells that keeps every "must
/// differ" relation, allowed list and rule. Lines (rows, columns, sectors,
/// rings) are numbered from 1 and moved in cycles: `Rows([[1, 2], [7, 9]])`
/// swaps rows 1 and 2 and rows 7 and 9; `Rows([[1, 4, 7]])` moves row 1 to row
/// 4, 4 to 7 and 7 to 1.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum SymmetrySpec {
    /// The grid mirrored in its main diagonal: row r column c to row c column r.
    Transpose,
    /// Rows moved in cycles.
    Rows(Vec<Vec<usize>>),
    /// Columns moved in cycles.
    Columns(Vec<Vec<usize>>),
    /// Sectors of a polar shape moved in cycles.
    Sectors(Vec<Vec<usize>>),
    /// Rings of a polar shape moved in cycles.
    Rings(Vec<Vec<usize>>),
    /// Cells by name moved in cycles, for any shape: `Cells([["a", "b"]])`.
    Cells(Vec<Vec<String>>),
    /// Several of these at once, applied left to right (as one symmetry):
    /// `All([Rows([[1, 9]]), Columns([[1, 9]])])`.
    All(Vec<SymmetrySpec>),
}

/// The full description of a shape, with `extends` and `parts` resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantSpec {
    /// Human-readable name, shown in output.
    pub name: String,
    /// The symbols (colours) cells may hold.
    pub symbols: SymbolsSpec,
    /// Which cells exist (with `parts`: the canvas they are placed on).
    pub cells: CellsSpec,
    /// Groups of cells that must all differ.
    pub houses: Vec<HouseSpec>,
    /// Extra "must differ" relations between pairs of cells.
    pub edges: Vec<EdgeSpec>,
    /// Cells restricted to some of the symbols.
    pub allowed: Vec<AllowedSpec>,
    /// Grid variants placed on this grid.
    pub parts: Vec<Part>,
    /// The numeric value of each symbol, when given explicitly.
    pub values: Option<Vec<i64>>,
    /// Rules on the values of cells.
    pub rules: Vec<crate::rules::RuleSpec>,
    /// Symmetries of the shape (generators of its group).
    pub symmetries: Vec<SymmetrySpec>,
}

impl VariantSpec {
    /// A shape with these symbols and cells and no rules yet.
    pub fn new(name: impl Into<String>, symbols: SymbolsSpec, cells: CellsSpec) -> Self {
        VariantSpec {
            name: name.into(),
            symbols,
            cells,
            houses: vec![],
            edges: vec![],
            allowed: vec![],
            parts: vec![],
            values: None,
            rules: vec![],
            symmetries: vec![],
        }
    }
}

/// Short form: a Sudoku of `n×n` boxes (`box_size`) or `r×c` boxes (`boxes`) on a
/// square board whose side is the number of cells in a box.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SudokuSpec {
    /// Side of a square box: 2 gives 4×4, 3 gives 9×9, 4 gives 16×16.
    #[serde(default)]
    pub box_size: Option<usize>,
    /// Height and width of a rectangular box: `(2, 3)` gives 6×6.
    #[serde(default)]
    pub boxes: Option<(usize, usize)>,
    /// Name; defaults to "Sudoku N×N".
    #[serde(default)]
    pub name: Option<String>,
    /// Symbols; defaults to one alphabet per size (see [`default_symbols`]).
    #[serde(default)]
    pub symbols: Option<SymbolsSpec>,
}

/// Short form: an n×n Latin square, every row and column holding each symbol once.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LatinSpec {
    /// Number of rows, columns and symbols.
    pub size: usize,
    /// Name; defaults to "Latin square N×N".
    #[serde(default)]
    pub name: Option<String>,
    /// Symbols; the same default as `Sudoku`.
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
    /// Regions drawn as rows of letters over the grid, one house per letter
    /// (`.` = in no region). A map over every cell (a jigsaw) needs one cell per
    /// symbol in each region; a map that leaves cells out may hold smaller
    /// regions, ordinary houses whose symbols all differ.
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
        /// Sectors the first group starts after sector 1 (`offset: 1` with size 2:
        /// wedges 2-3, 4-5, …, 12-1); 0 when left out.
        #[serde(default)]
        offset: usize,
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
#[serde(deny_unknown_fields)]
pub enum EdgeSpec {
    /// Pairs of cell names.
    Pairs(Vec<(String, String)>),
    /// Cells a chess knight's move apart (grid shapes).
    Knight,
    /// Cells a chess king's move apart (grid shapes).
    King,
    /// Cells any of these (row, column) steps apart, in either direction (grid shapes).
    Moves(Vec<(isize, isize)>),
}

/// Cells that may hold only some of the symbols (list colouring).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum AllowedSpec {
    /// These cells, by name, may hold only these symbols.
    Cells {
        /// Cell names.
        cells: Vec<String>,
        /// The symbols they may hold.
        symbols: Vec<String>,
    },
    /// A letter map over the grid (`.` = unrestricted): a cell marked with a letter
    /// may hold only that letter's symbols.
    Map {
        /// One string per grid row.
        map: Vec<String>,
        /// The symbols of each letter (a letter given twice is an error).
        #[serde(deserialize_with = "unique_keys")]
        symbols: BTreeMap<char, Vec<String>>,
    },
}

/// A map in which every key appears once: a repeated key is an error naming
/// it, where serde's maps would silently keep the last value.
pub(crate) fn unique_keys<'de, D, K, V>(deserializer: D) -> Result<BTreeMap<K, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: Deserialize<'de> + Ord + std::fmt::Debug,
    V: Deserialize<'de>,
{
    struct Unique<K, V>(std::marker::PhantomData<(K, V)>);
    impl<'de, K, V> serde::de::Visitor<'de> for Unique<K, V>
    where
        K: Deserialize<'de> + Ord + std::fmt::Debug,
        V: Deserialize<'de>,
    {
        type Value = BTreeMap<K, V>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((key, value)) = map.next_entry::<K, V>()? {
                if out.contains_key(&key) {
                    return Err(serde::de::Error::custom(format!("{key:?} is given twice")));
                }
                out.insert(key, value);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Unique(std::marker::PhantomData))
}

/// A grid variant placed on this one, as written.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename = "Part", deny_unknown_fields)]
pub struct PartDef {
    /// The variant to place: a path relative to this file, or a built-in name.
    pub variant: String,
    /// Rows down and columns right from the top-left corner: its `r1c1` lands on
    /// `r(1+rows)c(1+cols)`.
    pub offset: (usize, usize),
    /// Name used in house names and messages; defaults to "grid N".
    #[serde(default)]
    pub name: Option<String>,
}

/// A grid variant placed on this one: its cells, houses, edges and allowed lists
/// move by `offset`; cells placed on the same position are one cell.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// Name used in house names and messages.
    pub name: String,
    /// Rows down and columns right.
    pub offset: (usize, usize),
    /// The placed variant.
    pub variant: LoadedVariant,
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
    #[error("{location}: {message}{snippet}")]
    Syntax {
        /// Where.
        location: Location,
        /// What was wrong or expected.
        message: String,
        /// A newline and the offending line with a caret, or nothing.
        snippet: String,
    },
    /// The file parses but describes an impossible or inconsistent shape.
    #[error("{location}: {message}{snippet}")]
    Invalid {
        /// The file, and the line and column of the offending item when it can be found.
        location: Location,
        /// What is wrong, naming the offending item.
        message: String,
        /// A newline and the offending line with a caret, or nothing.
        snippet: String,
    },
    /// Neither a readable file nor a built-in name.
    #[error("unknown variant {name:?}: no such file, and not a built-in ({})", BUILTINS.iter().map(|b| b.0).collect::<Vec<_>>().join(", "))]
    Unknown {
        /// The name as given.
        name: String,
    },
    /// A name in `extends` or `parts` that is not a built-in, where files are
    /// off (see [`Files::Off`]): nothing was opened or looked up on disk.
    #[error(
        "{name:?} is not a built-in variant: here `extends` and `parts` may name built-ins only ({}), never a file",
        BUILTINS.iter().map(|b| b.0).collect::<Vec<_>>().join(", ")
    )]
    NotBuiltin {
        /// The name as given.
        name: String,
    },
    /// Variants that extend or place each other in a circle.
    #[error("a cycle: {}", chain.join(" → "))]
    Cycle {
        /// The files (or built-ins) in the cycle, the first repeated at the end.
        chain: Vec<String>,
    },
    /// A variant this one extends or places could not be used.
    #[error("{location}: {item}: {source}")]
    Within {
        /// Where the reference is.
        location: Location,
        /// The reference: `extends "sudoku9"`, `part "grid 2"`.
        item: String,
        /// What went wrong with the variant referred to.
        source: Box<VariantError>,
    },
}

impl VariantError {
    /// An [`VariantError::Invalid`] in `origin`, pointing at `needle` in `source` when found.
    pub(crate) fn invalid(
        origin: &str,
        source: &str,
        needle: Option<Needle>,
        message: String,
    ) -> Self {
        let (location, snippet) = locate(origin, source, needle);
        VariantError::Invalid {
            location,
            message,
            snippet,
        }
    }
}

/// The location of `needle` in `source`, and the snippet to show under the message.
fn locate(origin: &str, source: &str, needle: Option<Needle>) -> (Location, String) {
    match needle.and_then(|n| find(source, &n)) {
        Some((line, column)) => (
            Location::new(origin, line, column),
            format!("\n{}", snippet(source, line, column)),
        ),
        None => (Location::new(origin, 0, 0), String::new()),
    }
}

/// The variants compiled into the binary, by name.
pub const BUILTINS: &[(&str, &str)] = &[
    ("sudoku4", include_str!("../variants/sudoku4.ron")),
    ("sudoku6", include_str!("../variants/sudoku6.ron")),
    ("sudoku8", include_str!("../variants/sudoku8.ron")),
    ("sudoku9", include_str!("../variants/sudoku9.ron")),
    ("sudoku12", include_str!("../variants/sudoku12.ron")),
    ("sudoku16", include_str!("../variants/sudoku16.ron")),
    ("sudoku25", include_str!("../variants/sudoku25.ron")),
    ("sudoku36", include_str!("../variants/sudoku36.ron")),
    ("sudoku49", include_str!("../variants/sudoku49.ron")),
    ("latin9", include_str!("../variants/latin9.ron")),
    ("jigsaw9", include_str!("../variants/jigsaw9.ron")),
    ("x-sudoku", include_str!("../variants/x-sudoku.ron")),
    ("windoku", include_str!("../variants/windoku.ron")),
    (
        "disjoint-groups",
        include_str!("../variants/disjoint-groups.ron"),
    ),
    ("anti-knight", include_str!("../variants/anti-knight.ron")),
    ("anti-king", include_str!("../variants/anti-king.ron")),
    ("samurai", include_str!("../variants/samurai.ron")),
    ("pie", include_str!("../variants/pie.ron")),
];

/// A variant read from a file or a built-in, remembering where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedVariant {
    /// The full description, with `extends` and `parts` resolved.
    pub spec: VariantSpec,
    /// File name (or `builtin:NAME`) used in messages.
    pub origin: String,
    /// The RON text, to point at offending items in messages; empty when the
    /// variant was made in code.
    pub source: String,
    /// The variant this one extends, as read on its own.
    pub base: Option<Box<LoadedVariant>>,
}

impl LoadedVariant {
    /// A variant made in code, called `origin` in messages.
    pub fn new(spec: VariantSpec, origin: impl Into<String>) -> Self {
        LoadedVariant {
            spec,
            origin: origin.into(),
            source: String::new(),
            base: None,
        }
    }

    /// An [`VariantError::Invalid`] in this variant's file, pointing at `needle`.
    pub(crate) fn invalid(&self, needle: Option<Needle>, message: String) -> VariantError {
        VariantError::invalid(&self.origin, &self.source, needle, message)
    }
}

/// Parses variant RON text; `origin` names it in error messages, and the
/// variants it extends or places are looked for beside it (or built in).
///
/// # Errors
/// [`VariantError::Syntax`] with line, column and the offending line; a missing
/// field; or any error of a variant it refers to, wrapped in [`VariantError::Within`].
///
/// # Example
/// ```
/// let v = graphdoku::variant::parse("Sudoku(box_size: 2)", "inline").unwrap();
/// assert_eq!(v.spec.name, "Sudoku 4×4");
/// let x = graphdoku::variant::parse(r#"Variant(extends: "sudoku9", houses: [Diagonals])"#, "x").unwrap();
/// assert_eq!(x.spec.houses.len(), 4);
/// ```
pub fn parse(source: &str, origin: &str) -> Result<LoadedVariant, VariantError> {
    parse_with(source, origin, Files::Beside)
}

/// Whether the variants a parsed text refers to (`extends`, `parts`) may be files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Files {
    /// Files beside the text's `origin` first, then built-ins: the command line.
    Beside,
    /// Built-ins only: no file is opened, or even looked for, so an error says
    /// nothing of what is on disk. For text from elsewhere (a web request).
    Off,
}

/// Parses variant RON text as [`parse`] does, with file references as `files` says.
///
/// # Errors
/// As [`parse`]; with [`Files::Off`], a reference that is not a built-in is
/// [`VariantError::NotBuiltin`] (inside [`VariantError::Within`]).
///
/// # Example
/// ```
/// use graphdoku::variant::{Files, parse_with};
/// let x = parse_with(r#"Variant(extends: "sudoku9", houses: [Diagonals])"#, "x", Files::Off);
/// assert_eq!(x.unwrap().spec.houses.len(), 4);
/// let e = parse_with(r#"Variant(extends: "/etc/passwd")"#, "x", Files::Off).unwrap_err();
/// assert!(e.to_string().contains("may name built-ins only"), "{e}");
/// ```
pub fn parse_with(source: &str, origin: &str, files: Files) -> Result<LoadedVariant, VariantError> {
    match files {
        Files::Beside => {
            let dir = Path::new(origin).parent().unwrap_or(Path::new(""));
            Reader::default().parse(source, origin, Some(dir))
        }
        Files::Off => Reader {
            files_off: true,
            ..Reader::default()
        }
        .parse(source, origin, None),
    }
}

/// Reads a variant from a file, or a built-in by name (`sudoku9`, `pie`, …).
///
/// A path that exists wins over a built-in of the same name.
///
/// # Errors
/// I/O, syntax, semantic, or [`VariantError::Unknown`] when `name` is neither.
pub fn load(name: &str) -> Result<LoadedVariant, VariantError> {
    Reader::default().load(name, Path::new(""))
}

/// Where a variant name leads.
enum Target {
    File(PathBuf),
    Builtin(&'static str, &'static str),
}

impl Target {
    /// `name` as a path in `dir` if such a file exists, else as a built-in.
    fn find(name: &str, dir: Option<&Path>) -> Option<Target> {
        if let Some(path) = dir.map(|d| d.join(name))
            && path.is_file()
        {
            return Some(Target::File(path));
        }
        let bare = name.strip_suffix(".ron").unwrap_or(name);
        BUILTINS
            .iter()
            .find(|(builtin, _)| *builtin == bare)
            .map(|&(name, source)| Target::Builtin(name, source))
    }

    /// What identifies it in a chain of references (to find cycles), and its name
    /// in messages.
    fn key(&self) -> (PathBuf, String) {
        match self {
            Target::File(path) => (
                std::fs::canonicalize(path).unwrap_or_else(|_| path.clone()),
                path.display().to_string(),
            ),
            Target::Builtin(name, _) => (PathBuf::from(name), format!("builtin:{name}")),
        }
    }
}

/// The error for `name`, neither a readable file in `dir` nor a built-in: an
/// I/O error naming the file when `name` is a path (it has a folder or ends in
/// `.ron`, or exists as something other than a file), so a missing variant
/// file exits as a missing puzzle file does; else [`VariantError::Unknown`].
fn missing(name: &str, dir: &Path) -> VariantError {
    let path = dir.join(name);
    let file_like = Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
        || name.contains(['/', std::path::MAIN_SEPARATOR])
        || path.exists();
    match std::fs::File::open(&path).and_then(|f| f.metadata()) {
        Err(source) if file_like => VariantError::Io { path, source },
        Ok(metadata) if metadata.is_dir() => VariantError::Io {
            path,
            source: std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                "a directory, not a file",
            ),
        },
        _ => VariantError::Unknown {
            name: name.to_string(),
        },
    }
}

/// Longest chain of `extends` and `parts` followed.
const MAX_DEPTH: usize = 16;

/// Largest variant file read: a variant that lists 100,000 cells by name takes
/// a few MB; past this a file is refused before it is read whole.
pub const MAX_VARIANT_BYTES: u64 = 8 << 20;

/// The text of the variant file at `path`, at most [`MAX_VARIANT_BYTES`].
fn read_file(path: &Path) -> Result<String, VariantError> {
    let io = |source| VariantError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    // The size a file says it has first; what is read counts for the rest (a pipe).
    let said = file.metadata().map_or(0, |m| m.len());
    let mut source = String::new();
    if said <= MAX_VARIANT_BYTES {
        file.take(MAX_VARIANT_BYTES + 1)
            .read_to_string(&mut source)
            .map_err(io)?;
    }
    if said.max(source.len() as u64) > MAX_VARIANT_BYTES {
        return Err(VariantError::Invalid {
            location: Location::new(path.display().to_string(), 0, 0),
            message: format!(
                "larger than {} MiB: not a variant file",
                MAX_VARIANT_BYTES >> 20
            ),
            snippet: String::new(),
        });
    }
    Ok(source)
}

/// Reads variants, following `extends` and `parts`, and refusing cycles.
#[derive(Default)]
struct Reader {
    /// Keys and names of the variants being read, outermost first.
    chain: Vec<(PathBuf, String)>,
    /// References name built-ins only ([`Files::Off`]).
    files_off: bool,
}

impl Reader {
    fn load(&mut self, name: &str, dir: &Path) -> Result<LoadedVariant, VariantError> {
        let target = Target::find(name, Some(dir)).ok_or_else(|| missing(name, dir))?;
        self.chain.push(target.key());
        let loaded = self.read(&target);
        self.chain.pop();
        loaded
    }

    fn read(&mut self, target: &Target) -> Result<LoadedVariant, VariantError> {
        match target {
            Target::File(path) => {
                let source = read_file(path)?;
                let origin = path.display().to_string();
                // A byte-order mark (Notepad) is not part of the text.
                let source = source.strip_prefix('\u{feff}').unwrap_or(&source);
                self.parse(source, &origin, path.parent())
            }
            Target::Builtin(name, source) => self.parse(source, &format!("builtin:{name}"), None),
        }
    }

    /// `dir` is where references are looked for; `None` for built-ins, which
    /// refer to built-ins only.
    fn parse(
        &mut self,
        source: &str,
        origin: &str,
        dir: Option<&Path>,
    ) -> Result<LoadedVariant, VariantError> {
        let options = ron::Options::default().with_default_extension(
            Extensions::UNWRAP_VARIANT_NEWTYPES | Extensions::IMPLICIT_SOME,
        );
        let file: VariantFile = options.from_str(source).map_err(|e| {
            let (line, column) = (e.span.start.line, e.span.start.col);
            VariantError::Syntax {
                location: Location::new(origin, line, column),
                message: crate::ron_error::message(&e, source, "the variant"),
                snippet: format!("\n{}", snippet(source, line, column)),
            }
        })?;
        let mut loaded = LoadedVariant {
            spec: VariantSpec::new("", SymbolsSpec::List(vec![]), CellsSpec::List(vec![])),
            origin: origin.to_string(),
            source: source.to_string(),
            base: None,
        };
        loaded.spec = match file {
            VariantFile::Variant(def) => self.resolve(def, &mut loaded, dir)?,
            VariantFile::Sudoku(short) => expand_sudoku(short)
                .map_err(|(field, message)| loaded.invalid(Some(Needle::Word(field)), message))?,
            VariantFile::Latin(short) => expand_latin(short)
                .map_err(|message| loaded.invalid(Some(Needle::Word("size")), message))?,
        };
        Ok(loaded)
    }

    /// The full spec of `def`, reading what it extends (into `loaded.base`) and places.
    fn resolve(
        &mut self,
        def: VariantDef,
        loaded: &mut LoadedVariant,
        dir: Option<&Path>,
    ) -> Result<VariantSpec, VariantError> {
        let base = match &def.extends {
            Some(name) => Some(self.reference(name, format!("extends {name:?}"), loaded, dir)?),
            None => None,
        };
        let inherited = base.as_ref().map(|b| b.spec.clone());
        let missing = |field: &str| {
            loaded.invalid(
                Some(Needle::Word("Variant")),
                format!("`{field}` is missing: give it, or `extends` a variant that has it"),
            )
        };
        let new_symbols = def.symbols.is_some();
        let mut spec = match inherited {
            Some(base) => VariantSpec {
                name: def.name.unwrap_or(base.name),
                symbols: def.symbols.unwrap_or(base.symbols),
                cells: def.cells.unwrap_or(base.cells),
                ..base
            },
            None => VariantSpec::new(
                def.name.ok_or_else(|| missing("name"))?,
                def.symbols.ok_or_else(|| missing("symbols"))?,
                def.cells.ok_or_else(|| missing("cells"))?,
            ),
        };
        spec.houses.extend(def.houses);
        spec.edges.extend(def.edges);
        spec.allowed.extend(def.allowed);
        if new_symbols {
            // Values given for other symbols no longer apply.
            spec.values = None;
        }
        add_rules(&mut spec, def.values, def.rules);
        spec.symmetries = def.symmetries;
        for part in def.parts {
            let name = part
                .name
                .unwrap_or_else(|| format!("grid {}", spec.parts.len() + 1));
            let item = format!("part {name:?} ({:?})", part.variant);
            let variant = self.reference(&part.variant, item, loaded, dir)?;
            spec.parts.push(Part {
                name,
                offset: part.offset,
                variant,
            });
        }
        loaded.base = base.map(Box::new);
        Ok(spec)
    }

    /// Reads the variant `loaded` refers to as `name`; errors point at the reference.
    fn reference(
        &mut self,
        name: &str,
        item: String,
        loaded: &LoadedVariant,
        dir: Option<&Path>,
    ) -> Result<LoadedVariant, VariantError> {
        let (location, _) = locate(
            &loaded.origin,
            &loaded.source,
            Some(Needle::Quoted(name.to_string())),
        );
        let within = |source| VariantError::Within {
            location: location.clone(),
            item: item.clone(),
            source: Box::new(source),
        };
        // Built-ins (no `dir`) refer to built-ins only, never to a file that happens to be here.
        let target = Target::find(name, dir).ok_or_else(|| {
            let name = name.to_string();
            within(if self.files_off {
                VariantError::NotBuiltin { name }
            } else {
                VariantError::Unknown { name }
            })
        })?;
        let key = target.key();
        if let Some(at) = self.chain.iter().position(|k| k.0 == key.0) {
            let mut cycle: Vec<String> = self.chain[at..].iter().map(|k| k.1.clone()).collect();
            cycle.push(key.1);
            return Err(within(VariantError::Cycle { chain: cycle }));
        }
        if self.chain.len() >= MAX_DEPTH {
            return Err(within(VariantError::invalid(
                &loaded.origin,
                "",
                None,
                format!("more than {MAX_DEPTH} variants deep"),
            )));
        }
        self.chain.push(key);
        let read = self.read(&target);
        self.chain.pop();
        read.map_err(within)
    }
}

/// The default symbols of an `n`-symbol board, one alphabet per size, the same
/// for `Sudoku`, `Latin` and the built-ins: `0`-`9` then `A`-`F` for 16 (the
/// usual hexadecimal 16×16), `A`-`Y` for 25, otherwise `1`-`9` then `A`-`Z` as
/// far as needed, and the numbers `1`…`n` past 35 symbols.
///
/// ```
/// use graphdoku::variant::{SymbolsSpec, default_symbols};
/// assert_eq!(default_symbols(9), SymbolsSpec::Chars("123456789".into()));
/// assert_eq!(default_symbols(16), SymbolsSpec::Chars("0123456789ABCDEF".into()));
/// assert_eq!(default_symbols(36), SymbolsSpec::Range(1, 36));
/// ```
pub fn default_symbols(n: usize) -> SymbolsSpec {
    const DIGITS_THEN_LETTERS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if n == 16 {
        SymbolsSpec::Chars("0123456789ABCDEF".to_string())
    } else if n == 25 {
        SymbolsSpec::Chars("ABCDEFGHIJKLMNOPQRSTUVWXY".to_string())
    } else if n <= DIGITS_THEN_LETTERS.len() {
        SymbolsSpec::Chars(DIGITS_THEN_LETTERS[..n].to_string())
    } else {
        SymbolsSpec::Range(1, n as i64)
    }
}

/// The full form of a `Sudoku(…)` short form; errors name the offending field.
fn expand_sudoku(short: SudokuSpec) -> Result<VariantSpec, (&'static str, String)> {
    let (h, w) = match (short.box_size, short.boxes) {
        (Some(n), None) => (n, n),
        (None, Some(boxes)) => boxes,
        (Some(_), Some(_)) => {
            return Err(("boxes", "give `box_size` or `boxes`, not both".into()));
        }
        (None, None) => {
            return Err((
                "Sudoku",
                "`box_size: n` (square boxes) or `boxes: (rows, cols)` is missing".into(),
            ));
        }
    };
    let field = if short.boxes.is_some() {
        "boxes"
    } else {
        "box_size"
    };
    let side = h.saturating_mul(w);
    if h == 0 || w == 0 || side > crate::symbols::MAX_SYMBOLS {
        return Err((
            field,
            format!(
                "boxes of {h}×{w} make a board of {side} symbols (1 to {} are supported)",
                crate::symbols::MAX_SYMBOLS
            ),
        ));
    }
    let name = short
        .name
        .unwrap_or_else(|| format!("Sudoku {side}×{side}"));
    let boxes = HouseSpec::Boxes { rows: h, cols: w };
    let mut spec = square(name, short.symbols, side, [boxes]);
    spec.symmetries = box_symmetries(h, w);
    Ok(spec)
}

/// Generators of the symmetries of a Sudoku of `h`×`w` boxes: rows within the
/// first band and the bands (swap and cycle generate each symmetric group),
/// the same for columns and stacks, and the transposition when the boxes are
/// square. The group generated is the whole group of the grid's lines.
///
/// # Example
/// ```
/// use graphdoku::variant::{SymmetrySpec::*, box_symmetries};
/// let six = box_symmetries(2, 3);
/// assert!(six.contains(&Rows(vec![vec![1, 2]])));
/// assert!(six.contains(&Columns(vec![vec![1, 4], vec![2, 5], vec![3, 6]])));
/// assert!(!six.contains(&Transpose));
/// assert!(box_symmetries(3, 3).contains(&Transpose));
/// ```
pub fn box_symmetries(h: usize, w: usize) -> Vec<SymmetrySpec> {
    // Lines in bands of `size`, `count` bands: a swap and a cycle of the lines
    // of the first band, and of the bands (their lines moved together).
    let lines = |size: usize, count: usize| {
        let mut moves = Vec::new();
        if size >= 2 {
            moves.push(vec![vec![1, 2]]);
        }
        if size >= 3 {
            moves.push(vec![(1..=size).collect()]);
        }
        let band = |b: usize| (1..=size).map(move |line| b * size + line);
        if count >= 2 {
            moves.push(band(0).zip(band(1)).map(|(a, b)| vec![a, b]).collect());
        }
        if count >= 3 {
            let cycle = |line: usize| (0..count).map(|b| b * size + line).collect();
            moves.push((1..=size).map(cycle).collect());
        }
        moves
    };
    let side = h * w;
    // Bands are `h` rows (there are `w` of them), stacks `w` columns.
    let mut all: Vec<SymmetrySpec> = lines(h, w).into_iter().map(SymmetrySpec::Rows).collect();
    if h == w && side > 1 {
        all.push(SymmetrySpec::Transpose);
    } else {
        all.extend(lines(w, h).into_iter().map(SymmetrySpec::Columns));
    }
    all
}

/// A `side`×`side` grid with rows, columns and `extra` houses.
fn square(
    name: String,
    symbols: Option<SymbolsSpec>,
    side: usize,
    extra: impl IntoIterator<Item = HouseSpec>,
) -> VariantSpec {
    let cells = CellsSpec::Grid {
        rows: side,
        cols: side,
        mask: None,
    };
    let symbols = symbols.unwrap_or_else(|| default_symbols(side));
    let mut spec = VariantSpec::new(name, symbols, cells);
    spec.houses = vec![HouseSpec::Rows, HouseSpec::Columns];
    spec.houses.extend(extra);
    spec
}

/// The full form of `Latin(size: n)`.
fn expand_latin(short: LatinSpec) -> Result<VariantSpec, String> {
    let n = short.size;
    if !(1..=crate::symbols::MAX_SYMBOLS).contains(&n) {
        return Err(format!(
            "size {n} is out of range (1 to {})",
            crate::symbols::MAX_SYMBOLS
        ));
    }
    let name = short
        .name
        .unwrap_or_else(|| format!("Latin square {n}×{n}"));
    let mut spec = square(name, short.symbols, n, []);
    // Any order of the rows (one band of n), and the transposition.
    spec.symmetries = box_symmetries(n, 1)
        .into_iter()
        .filter(|s| matches!(s, SymmetrySpec::Rows(_)))
        .chain((n > 1).then_some(SymmetrySpec::Transpose))
        .collect();
    Ok(spec)
}

/// Adds the rules of a variant's own file, and its symbol values when given.
fn add_rules(spec: &mut VariantSpec, values: Option<Vec<i64>>, rules: Vec<crate::rules::RuleSpec>) {
    if values.is_some() {
        spec.values = values;
    }
    spec.rules.extend(rules);
}

impl SymbolsSpec {
    /// The numeric value of each symbol, in colour order, for rules: a
    /// `Range` its integers, `Chars` of decimal digits their digits; other
    /// alphabets have none (a variant may give them with `values: [...]`).
    ///
    /// # Example
    /// ```
    /// use graphdoku::variant::SymbolsSpec;
    /// assert_eq!(SymbolsSpec::Chars("1234".into()).values(), Some(vec![1, 2, 3, 4]));
    /// assert_eq!(SymbolsSpec::Range(0, 2).values(), Some(vec![0, 1, 2]));
    /// assert_eq!(SymbolsSpec::Chars("ABC".into()).values(), None);
    /// ```
    pub fn values(&self) -> Option<Vec<i64>> {
        match self {
            SymbolsSpec::Chars(s) => s.chars().map(|c| c.to_digit(10).map(i64::from)).collect(),
            SymbolsSpec::Range(lo, hi) => {
                let n = i128::from(*hi) - i128::from(*lo) + 1;
                (1..=crate::symbols::MAX_SYMBOLS as i128)
                    .contains(&n)
                    .then(|| (*lo..=*hi).collect())
            }
            SymbolsSpec::List(_) => None,
        }
    }

    /// The symbols written out, in colour order.
    ///
    /// # Errors
    /// An empty or reversed range, or one of more than
    /// [`MAX_SYMBOLS`](crate::symbols::MAX_SYMBOLS) symbols (checked before
    /// anything is allocated).
    pub fn expand(&self) -> Result<Vec<String>, String> {
        match self {
            SymbolsSpec::Chars(s) => Ok(s.chars().map(String::from).collect()),
            SymbolsSpec::Range(lo, hi) if lo > hi => {
                Err(format!("symbol range {lo}..={hi} is empty"))
            }
            SymbolsSpec::Range(lo, hi) => {
                // In i128: the width of an i64 range can overflow an i64.
                let n = i128::from(*hi) - i128::from(*lo) + 1;
                if n > crate::symbols::MAX_SYMBOLS as i128 {
                    return Err(format!(
                        "symbol range {lo}..={hi} has {n} symbols: at most {} are supported",
                        crate::symbols::MAX_SYMBOLS
                    ));
                }
                Ok((*lo..=*hi).map(|i| i.to_string()).collect())
            }
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
        assert_eq!(v.symbols, SymbolsSpec::Chars("0123456789ABCDEF".into()));
        assert!(v.houses.contains(&HouseSpec::Boxes { rows: 4, cols: 4 }));
        let big = parse("Sudoku(box_size: 7)", "t").unwrap().spec;
        assert_eq!(big.symbols, SymbolsSpec::Range(1, 49));
    }

    #[test]
    fn one_default_alphabet_per_size() {
        // Issue 10: `sudoku16` was 0-F and `Sudoku(box_size: 4)` 1-G.
        for (builtin, short) in [
            ("sudoku4", "Sudoku(box_size: 2)"),
            ("sudoku9", "Sudoku(box_size: 3)"),
            ("sudoku16", "Sudoku(box_size: 4)"),
            ("sudoku25", "Sudoku(box_size: 5)"),
            ("sudoku36", "Sudoku(box_size: 6)"),
            ("sudoku12", "Sudoku(boxes: (3, 4))"),
            ("latin9", "Latin(size: 9)"),
        ] {
            let builtin = load(builtin).unwrap().spec.symbols;
            assert_eq!(builtin, parse(short, "t").unwrap().spec.symbols, "{short}");
        }
        let latin16 = parse("Latin(size: 16)", "t").unwrap().spec.symbols;
        assert_eq!(latin16, SymbolsSpec::Chars("0123456789ABCDEF".into()));
    }

    #[test]
    fn a_letter_given_twice_in_an_allowed_map_is_an_error() {
        let src = r#"Variant(name: "x", symbols: Chars("12"), cells: Grid(rows: 1, cols: 2),
            allowed: [Map(map: ["a."], symbols: {'a': ["1"], 'a': ["2"]})])"#;
        let err = parse(src, "t").unwrap_err().to_string();
        assert!(err.starts_with("t:2:"), "{err}");
        assert!(err.contains("'a' is given twice"), "{err}");
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
    fn extends_inherits_fields_and_adds_rules() {
        let v = parse(
            r#"Variant(extends: "sudoku4", name: "X4", houses: [Diagonals], edges: [King])"#,
            "t",
        )
        .unwrap();
        assert_eq!(v.spec.name, "X4");
        assert_eq!(v.spec.symbols, SymbolsSpec::Chars("1234".into()));
        assert_eq!(v.spec.houses.len(), 4);
        assert_eq!(v.spec.houses[3], HouseSpec::Diagonals);
        assert_eq!(v.spec.edges, vec![EdgeSpec::King]);
        assert_eq!(v.base.as_ref().unwrap().origin, "builtin:sudoku4");
        let err = parse(r#"Variant(name: "x", cells: Grid(rows: 1, cols: 1))"#, "t")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("t:1:1: `symbols` is missing"), "{err}");
    }

    #[test]
    fn rectangular_boxes_and_latin_squares() {
        let six = parse("Sudoku(boxes: (2, 3))", "t").unwrap().spec;
        assert_eq!(six.name, "Sudoku 6×6");
        assert!(six.houses.contains(&HouseSpec::Boxes { rows: 2, cols: 3 }));
        let latin = parse("Latin(size: 7)", "t").unwrap().spec;
        assert_eq!(latin.houses, vec![HouseSpec::Rows, HouseSpec::Columns]);
        for bad in [
            "Sudoku(box_size: 3, boxes: (3, 3))",
            "Sudoku()",
            "Sudoku(boxes: (16, 16))",
            "Latin(size: 0)",
        ] {
            assert!(
                matches!(parse(bad, "t"), Err(VariantError::Invalid { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_variant_extending_itself_is_a_cycle() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("self.ron");
        std::fs::write(&path, r#"Variant(extends: "self.ron")"#).unwrap();
        let err = load(&path.display().to_string()).unwrap_err().to_string();
        assert!(
            err.contains(":1:18: extends \"self.ron\": a cycle: "),
            "{err}"
        );
    }

    #[test]
    fn builtins_refer_to_builtins_only() {
        let x = load("x-sudoku").unwrap();
        assert_eq!(x.base.unwrap().origin, "builtin:sudoku9");
        let samurai = load("samurai").unwrap();
        assert_eq!(samurai.spec.parts.len(), 5);
        assert_eq!(samurai.spec.parts[2].name, "centre");
        assert_eq!(samurai.spec.parts[2].offset, (6, 6));
    }

    #[test]
    fn unknown_names_list_the_builtins() {
        let err = load("no-such-variant").unwrap_err().to_string();
        assert!(err.contains("sudoku16"), "{err}");
    }
}
