//! RON output: imported shapes as a variant and puzzle, and puzzles of any variant.

use std::fmt::Write;

use crate::graph::{ConstraintGraph, Coord};
use crate::read::fpuzzles::Imported;

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
/// (diagonals, extra regions), disjoint groups, and anti-knight/king edges.
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
    let _ = writeln!(out, "// Imported from f-puzzles by `graphdoku import`.");
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
    let _ = writeln!(out, ")");
    out
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
    let _ = writeln!(out, "// Imported from f-puzzles by `graphdoku import`.");
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
pub fn givens_rows(graph: &ConstraintGraph, values: &[Option<u8>]) -> Vec<String> {
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
    let mut out = String::new();
    let _ = writeln!(out, "Puzzle(");
    let _ = writeln!(out, "    name: {},", quoted(name));
    let _ = writeln!(out, "    variant: {},", quoted(variant));
    let _ = writeln!(out, "    givens: Rows([");
    for row in givens_rows(graph, givens) {
        let _ = writeln!(out, "        {},", quoted(&row));
    }
    let _ = writeln!(out, "    ]),");
    let _ = writeln!(out, ")");
    out
}
