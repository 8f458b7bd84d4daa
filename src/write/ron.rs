//! RON output of imported shapes: a variant file and a puzzle file naming it.

use std::fmt::Write;

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
