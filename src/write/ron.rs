//! RON output: imported shapes as a variant and puzzle, and puzzles of any variant.

use std::fmt::Write;

use crate::graph::{ConstraintGraph, Coord, Layout};
use crate::read::VariantRef;
use crate::read::fpuzzles::Imported;
use crate::rules::{Direction, Mark, RuleSpec};

/// A RON string literal of `text`.
fn quoted(text: &str) -> String {
    format!("{text:?}")
}

/// The symbols of an f-puzzles grid of `size`: digits, then numbers.
fn symbols(size: usize) -> String {
    if size <= 9 {
        format!("Chars({})", quoted(&"123456789"[..size]))
    } else {
        format!("Range(1, {size})")
    }
}

/// The variant file of an imported puzzle: its grid, regions, listed houses
/// (diagonals, extra regions), disjoint groups, anti-knight/king edges, and
/// its rules on the values (cages, thermometers, dots…).
///
/// ```
/// let json = r#"{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}],
///   [{}, {}, {}, {}], [{}, {}, {}, {}]], "diagonal-": true, "antiknight": true}"#;
/// let imported = graphdoku::read::fpuzzles::read(json, "x.json").unwrap();
/// let ron = graphdoku::write::ron::variant(&imported);
/// let variant = graphdoku::variant::parse(&ron, "x.ron").unwrap();
/// let graph = graphdoku::ConstraintGraph::build(&variant).unwrap();
/// assert_eq!(graph.houses().len(), 4 + 4 + 4 + 1);
/// ```
pub fn variant(imported: &Imported) -> String {
    let n = imported.size;
    let mut out = String::new();
    let _ = writeln!(out, "// Imported by `graphdoku import`.");
    let _ = writeln!(out, "Variant(");
    let _ = writeln!(out, "    name: {},", quoted(&imported.name));
    let _ = writeln!(out, "    symbols: {},", symbols(n));
    let _ = writeln!(out, "    cells: Grid(rows: {n}, cols: {n}),");
    let _ = writeln!(out, "    houses: [");
    let _ = writeln!(out, "        Rows,");
    let _ = writeln!(out, "        Columns,");
    if let Some((h, w)) = imported.boxes
        && h * w == n
        && h > 1
        && w > 1
    {
        let _ = writeln!(out, "        Boxes(rows: {h}, cols: {w}),");
    }
    let maps = [&imported.regions, &imported.disjoint];
    for map in maps.into_iter().flatten() {
        let _ = writeln!(out, "        Regions([");
        for row in map {
            let _ = writeln!(out, "            {},", quoted(row));
        }
        let _ = writeln!(out, "        ]),");
    }
    for (name, cells) in &imported.houses {
        let cells: Vec<String> = cells.iter().map(|c| quoted(c)).collect();
        let _ = writeln!(
            out,
            "        House(name: {}, cells: [{}]),",
            quoted(name),
            cells.join(", ")
        );
    }
    let _ = writeln!(out, "    ],");
    let edges: Vec<&str> = [(imported.knight, "Knight"), (imported.king, "King")]
        .into_iter()
        .filter_map(|(on, rule)| on.then_some(rule))
        .collect();
    if !edges.is_empty() {
        let _ = writeln!(out, "    edges: [{}],", edges.join(", "));
    }
    if !imported.rules.is_empty() {
        let _ = writeln!(out, "    rules: [");
        for spec in &imported.rules {
            let _ = writeln!(out, "        {},", rule(spec));
        }
        let _ = writeln!(out, "    ],");
    }
    let _ = writeln!(out, ")");
    out
}

/// A rule as the variant and puzzle files write it (see [`RuleSpec`]).
///
/// ```
/// use graphdoku::rules::RuleSpec;
/// let cage = RuleSpec::Killer { cells: vec!["r1c1".into(), "r1c2".into()], total: Some(3) };
/// assert_eq!(graphdoku::write::ron::rule(&cage), r#"Killer(cells: ["r1c1", "r1c2"], total: 3)"#);
/// ```
pub fn rule(spec: &RuleSpec) -> String {
    let cells = |names: &[String]| {
        let quoted: Vec<String> = names.iter().map(|n| quoted(n)).collect();
        format!("[{}]", quoted.join(", "))
    };
    let pair = |(a, b): &(String, String)| format!("({}, {})", quoted(a), quoted(b));
    let numbers = |list: &[(i64, i64)]| {
        let pairs: Vec<String> = list.iter().map(|(a, b)| format!("({a}, {b})")).collect();
        format!("[{}]", pairs.join(", "))
    };
    let clue = |word: &str, from: &str, towards: Direction, name: &str, value: i64| {
        format!(
            "{word}(from: {}, towards: {}, {name}: {value})",
            quoted(from),
            towards.word()
        )
    };
    let optional = |name: &str, value: &Option<i64>| match value {
        Some(v) => format!(", {name}: {v}"),
        None => String::new(),
    };
    match spec {
        RuleSpec::Killer { cells: c, total } => {
            format!("Killer(cells: {}{})", cells(c), optional("total", total))
        }
        RuleSpec::Cage { cells: c, total } => format!("Cage(cells: {}, total: {total})", cells(c)),
        RuleSpec::Arrow { circle, line } => {
            format!("Arrow(circle: {}, line: {})", cells(circle), cells(line))
        }
        RuleSpec::Sum {
            cells: c,
            weights,
            total,
        } => {
            let weights = match weights {
                Some(w) => format!(", weights: {w:?}"),
                None => String::new(),
            };
            format!("Sum(cells: {}{weights}, total: {total})", cells(c))
        }
        RuleSpec::Thermometer(c) => format!("Thermometer({})", cells(c)),
        RuleSpec::SlowThermometer(c) => format!("SlowThermometer({})", cells(c)),
        RuleSpec::Difference { cells: c, value } => {
            format!("Difference(cells: {}{})", pair(c), optional("value", value))
        }
        RuleSpec::Ratio { cells: c, value } => {
            format!("Ratio(cells: {}{})", pair(c), optional("value", value))
        }
        RuleSpec::X(a, b) => format!("X({}, {})", quoted(a), quoted(b)),
        RuleSpec::V(a, b) => format!("V({}, {})", quoted(a), quoted(b)),
        RuleSpec::Negative(mark) => {
            let mark = match mark {
                Mark::Difference => "Difference",
                Mark::Ratio => "Ratio",
                Mark::XV => "XV",
            };
            format!("Negative({mark})")
        }
        RuleSpec::Whispers {
            cells: c,
            difference,
        } => format!(
            "Whispers(cells: {}{})",
            cells(c),
            optional("difference", difference)
        ),
        RuleSpec::Renban(c) => format!("Renban({})", cells(c)),
        RuleSpec::NonConsecutive => "NonConsecutive".to_string(),
        RuleSpec::Odd(c) => format!("Odd({})", cells(c)),
        RuleSpec::Even(c) => format!("Even({})", cells(c)),
        RuleSpec::Relation { pairs, allowed } => {
            let pairs: Vec<String> = pairs.iter().map(pair).collect();
            format!(
                "Relation(pairs: [{}], allowed: {})",
                pairs.join(", "),
                numbers(allowed)
            )
        }
        RuleSpec::LittleKiller {
            from,
            towards,
            total,
        } => clue("LittleKiller", from, *towards, "total", *total),
        RuleSpec::Sandwich {
            from,
            towards,
            total,
        } => clue("Sandwich", from, *towards, "total", *total),
        RuleSpec::XSum {
            from,
            towards,
            total,
        } => clue("XSum", from, *towards, "total", *total),
        RuleSpec::Skyscraper {
            from,
            towards,
            count,
        } => clue("Skyscraper", from, *towards, "count", *count),
        RuleSpec::Between(c) => format!("Between({})", cells(c)),
        RuleSpec::Lockout {
            cells: c,
            difference,
        } => format!(
            "Lockout(cells: {}{})",
            cells(c),
            optional("difference", difference)
        ),
        RuleSpec::Quadruple { cells: c, digits } => {
            format!("Quadruple(cells: {}, digits: {digits:?})", cells(c))
        }
        RuleSpec::Minimum(c) => format!("Minimum({})", cells(c)),
        RuleSpec::Maximum(c) => format!("Maximum({})", cells(c)),
        RuleSpec::GreaterThan(a, b) => format!("GreaterThan({}, {})", quoted(a), quoted(b)),
        RuleSpec::RegionSum(c) => format!("RegionSum({})", cells(c)),
        RuleSpec::Palindrome(c) => format!("Palindrome({})", cells(c)),
        RuleSpec::Clone(a, b) => format!("Clone({}, {})", cells(a), cells(b)),
        RuleSpec::Zipper(c) => format!("Zipper({})", cells(c)),
        RuleSpec::DoubleArrow(c) => format!("DoubleArrow({})", cells(c)),
        RuleSpec::Entropic(c) => format!("Entropic({})", cells(c)),
        RuleSpec::Modular(c) => format!("Modular({})", cells(c)),
        RuleSpec::Nabner(c) => format!("Nabner({})", cells(c)),
        // A rule without a layout of its own: as serde writes its schema.
        other => {
            let config = ron::ser::PrettyConfig::new()
                .struct_names(true)
                .compact_structs(true)
                .compact_arrays(true);
            ron::ser::to_string_pretty(other, config).expect("a rule serialises")
        }
    }
}

/// The givens as rows in the readers' format: one character per cell up to
/// nine symbols, else space-separated numbers; `.` for an empty cell.
pub fn rows(imported: &Imported) -> Vec<String> {
    let separator = if imported.size <= 9 { "" } else { " " };
    imported
        .givens
        .iter()
        .map(|row| {
            row.iter()
                .map(|g| g.map_or(".".to_string(), |d| d.to_string()))
                .collect::<Vec<_>>()
                .join(separator)
        })
        .collect()
}

/// The puzzle file of an imported puzzle, naming its variant file `variant`
/// (a path relative to the puzzle file).
pub fn puzzle(imported: &Imported, variant: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "// Imported by `graphdoku import`.");
    let _ = writeln!(out, "Puzzle(");
    let _ = writeln!(out, "    name: {},", quoted(&imported.name));
    let _ = writeln!(out, "    variant: {},", quoted(variant));
    let _ = writeln!(out, "    givens: Rows([");
    for row in rows(imported) {
        let _ = writeln!(out, "        {},", quoted(&row));
    }
    let _ = writeln!(out, "    ]),");
    let _ = writeln!(out, ")");
    out
}

/// The cells of `values` in variant order, one string per grid row or polar
/// sector (one string in all for freely listed cells), as RON puzzles and grid
/// blocks read them.
///
/// A grid with gaps (a mask, or a canvas of parts) writes every row of the
/// canvas with a blank at each position that has no cell, and every symbol
/// right-aligned to the widest, so that columns line up; the readers take a
/// row of fewer symbols than positions as the cells the row has, in order.
///
/// ```
/// use graphdoku::ConstraintGraph;
/// let samurai = ConstraintGraph::load("samurai").unwrap();
/// let mut values = vec![None; samurai.len()];
/// values[0] = Some(4);
/// let rows = graphdoku::write::ron::givens_rows(&samurai, &values);
/// assert_eq!(rows.len(), 21);
/// assert_eq!(rows[0], "5........   .........");
/// assert_eq!(rows[9], "      .........");
/// ```
pub fn givens_rows(graph: &ConstraintGraph, values: &[Option<u8>]) -> Vec<String> {
    if let Layout::Grid { rows, cols, .. } = graph.layout()
        && graph.len() < rows * cols
    {
        return padded_rows(graph, values, cols);
    }
    let mut rows: Vec<(usize, Vec<Option<u8>>)> = Vec::new();
    for (cell, given) in graph.cells().iter().zip(values) {
        let key = match cell.coord {
            Coord::Grid { row, .. } => row,
            Coord::Polar { sector, .. } => sector,
            Coord::Free { .. } => 0,
        };
        match rows.last_mut() {
            Some((k, values)) if *k == key => values.push(*given),
            _ => rows.push((key, vec![*given])),
        }
    }
    rows.iter()
        .map(|(_, values)| super::text::line(graph, values))
        .collect()
}

/// The rows of a grid of `cols` columns with gaps, as [`givens_rows`] writes them.
fn padded_rows(graph: &ConstraintGraph, values: &[Option<u8>], cols: usize) -> Vec<String> {
    let alphabet = graph.alphabet();
    let single = alphabet.single_chars();
    let width = match single {
        true => 1,
        false => alphabet
            .symbols()
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(1),
    };
    // Each position's text; `None` where the shape has no cell.
    let Layout::Grid { rows, .. } = graph.layout() else {
        unreachable!("padded rows are of grids")
    };
    let mut at: Vec<Option<&str>> = vec![None; rows * cols];
    for (cell, value) in graph.cells().iter().zip(values) {
        if let Coord::Grid { row, col } = cell.coord {
            at[row * cols + col] = Some(value.map_or(".", |c| alphabet.symbol(c)));
        }
    }
    at.chunks(cols)
        .map(|row| {
            let mut line = String::with_capacity(cols * (width + 1));
            for (i, text) in row.iter().enumerate() {
                if !single && i > 0 {
                    line.push(' ');
                }
                let _ = write!(line, "{:>width$}", text.unwrap_or(""));
            }
            line.truncate(line.trim_end().len());
            line
        })
        .collect()
}

/// A RON puzzle file named `name` of `givens` on `graph`, naming its variant
/// `variant` (a built-in name, or a path relative to the puzzle file).
///
/// ```
/// use graphdoku::{ConstraintGraph, read};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let mut givens = vec![None; 16];
/// givens[1] = Some(2);
/// let text = graphdoku::write::ron::puzzle_of(&graph, "mine", "sudoku4", &givens);
/// let back = read::read_ron_puzzles(&text, "mine.ron").unwrap();
/// let (_, record) = &back.records[0];
/// assert_eq!(record.puzzle.as_ref().unwrap().givens(), &givens[..]);
/// ```
pub fn puzzle_of(
    graph: &ConstraintGraph,
    name: &str,
    variant: &str,
    givens: &[Option<u8>],
) -> String {
    let about = PuzzleAbout {
        name,
        author: None,
        rules_text: None,
        variant: &VariantRef::Named(variant.to_string()),
        rules: &[],
    };
    puzzle_file(graph, &about, givens)
}

/// What a RON puzzle file says besides its givens.
#[derive(Debug, Clone, Copy)]
pub struct PuzzleAbout<'a> {
    /// The puzzle's name (its title).
    pub name: &'a str,
    /// Who set it.
    pub author: Option<&'a str>,
    /// Its rules in words, for solvers.
    pub rules_text: Option<&'a str>,
    /// Its variant: a name, or the variant's text to write out in the file.
    pub variant: &'a VariantRef,
    /// The rules the puzzle adds to its variant.
    pub rules: &'a [RuleSpec],
}

/// A RON puzzle file of `givens` on `graph`, as `about` describes it; with
/// the variant written out ([`VariantRef::Inline`]) the file stands alone.
///
/// ```
/// use graphdoku::read::{VariantRef, read_ron_puzzle};
/// use graphdoku::rules::RuleSpec;
/// use graphdoku::write::ron::{PuzzleAbout, puzzle_file};
/// let variant = VariantRef::Inline("Sudoku(box_size: 2)".to_string());
/// let cage = RuleSpec::Killer { cells: vec!["r1c1".into(), "r1c2".into()], total: Some(3) };
/// let about = PuzzleAbout {
///     name: "tiny", author: Some("me"), rules_text: Some("Normal rules."),
///     variant: &variant, rules: &[cage],
/// };
/// let graph = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let text = puzzle_file(&graph, &about, &vec![None; 16]);
/// let (graph, record) = read_ron_puzzle(&text, "nowhere/tiny.ron").unwrap();
/// assert_eq!((graph.len(), graph.rules().len()), (16, 1));
/// assert_eq!(record.label, "tiny");
/// ```
pub fn puzzle_file(graph: &ConstraintGraph, about: &PuzzleAbout, givens: &[Option<u8>]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Puzzle(");
    let _ = writeln!(out, "    name: {},", quoted(about.name));
    for (field, text) in [("author", about.author), ("rules_text", about.rules_text)] {
        if let Some(text) = text {
            let _ = writeln!(out, "    {field}: {},", quoted(text));
        }
    }
    let variant = about.variant.to_ron();
    // Comment lines above a written-out variant go above `variant:`.
    let mut variant = variant.trim();
    while variant.starts_with("//") {
        let (comment, rest) = variant.split_once('\n').unwrap_or((variant, ""));
        let _ = writeln!(out, "    {}", comment.trim_end());
        variant = rest.trim_start();
    }
    // The variant is indented with the rest, unless a raw string (whose lines
    // are its own) might span lines.
    let variant = match variant.contains("r\"") || variant.contains("r#") {
        true => variant.to_string(),
        false => variant.replace('\n', "\n    "),
    };
    let _ = writeln!(out, "    variant: {variant},");
    let _ = writeln!(out, "    givens: Rows([");
    for row in givens_rows(graph, givens) {
        let _ = writeln!(out, "        {},", quoted(&row));
    }
    let _ = writeln!(out, "    ]),");
    if !about.rules.is_empty() {
        let _ = writeln!(out, "    rules: [");
        for spec in about.rules {
            let _ = writeln!(out, "        {},", rule(spec));
        }
        let _ = writeln!(out, "    ],");
    }
    let _ = writeln!(out, ")");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::read_ron_puzzles;
    use crate::{Puzzle, Solver};

    /// `graph`'s givens written as a RON puzzle (naming `variant`) and read back.
    fn round_trip(graph: &ConstraintGraph, variant: &str, givens: &[Option<u8>]) -> Vec<String> {
        let text = puzzle_of(graph, "round trip", variant, givens);
        let back = read_ron_puzzles(&text, "round-trip.ron").unwrap();
        let (_, record) = &back.records[0];
        let read = record
            .puzzle
            .as_ref()
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(read.givens(), givens, "{text}");
        givens_rows(graph, givens)
    }

    /// Half the cells of a solution of `graph`'s empty puzzle.
    fn some_givens(graph: &ConstraintGraph) -> Vec<Option<u8>> {
        let solution = Solver::new(graph)
            .solve(&Puzzle::empty(graph.len()))
            .expect("a solution");
        let solved = solution.to_puzzle();
        let mut givens = solved.givens().to_vec();
        for (i, given) in givens.iter_mut().enumerate() {
            if i % 2 == 1 {
                *given = None;
            }
        }
        givens
    }

    /// The column (in characters) of each symbol or `.` of `row`.
    fn columns(row: &str) -> Vec<usize> {
        row.chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, _)| i)
            .collect()
    }

    #[test]
    fn samurai_rows_line_up_and_read_back() {
        let graph = ConstraintGraph::load("samurai").unwrap();
        let rows = round_trip(&graph, "samurai", &some_givens(&graph));
        assert_eq!(rows.len(), 21);
        // Every row's symbols sit in the columns of their canvas positions.
        for (r, row) in rows.iter().enumerate() {
            let expected: Vec<usize> = graph
                .cells()
                .iter()
                .filter_map(|c| match c.coord {
                    Coord::Grid { row, col } if row == r => Some(col),
                    _ => None,
                })
                .collect();
            assert_eq!(columns(row), expected, "row {}: {row:?}", r + 1);
        }
    }

    #[test]
    fn masked_rows_of_numbers_line_up_and_read_back() {
        // Twelve symbols written as numbers, on a shape with holes and an empty row.
        let source = r####"Variant(
            name: "Holes",
            symbols: Range(1, 12),
            cells: Grid(rows: 4, cols: 5, mask: ["#.###", "##.##", ".....", "###.#"]),
            houses: [Rows, Columns],
        )"####;
        let variant = crate::variant::parse(source, "holes.ron").unwrap();
        let graph = ConstraintGraph::build(&variant).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("holes.ron");
        std::fs::write(&path, source).unwrap();
        let mut givens = vec![None; graph.len()];
        (givens[0], givens[1], givens[4], givens[9]) = (Some(11), Some(0), Some(9), Some(2));
        let rows = round_trip(&graph, &path.display().to_string(), &givens);
        assert_eq!(
            rows,
            ["12     1  .  .", "10  .     .  .", "", " .  3  .     ."]
        );
    }

    #[test]
    fn full_shapes_are_written_as_before() {
        let graph = ConstraintGraph::load("pie").unwrap();
        let rows = round_trip(&graph, "pie", &some_givens(&graph));
        assert_eq!(rows.len(), 12);
        assert!(rows.iter().all(|r| !r.contains("  ")), "{rows:?}");
        let sudoku = ConstraintGraph::load("sudoku9").unwrap();
        let rows = round_trip(&sudoku, "sudoku9", &some_givens(&sudoku));
        assert!(rows.iter().all(|r| r.len() == 9), "{rows:?}");
    }
}
