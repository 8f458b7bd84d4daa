//! SVG pictures of puzzles and solutions, drawn from the variant's layout.
//!
//! Every shape is drawn from what the [`ConstraintGraph`] knows: grids (boxes,
//! jigsaw regions, extra houses, diagonals, parts on a canvas), polar shapes
//! (rings and wedges), freely placed cells, and a circle of vertices for cells
//! without coordinates. Rules that are edges, not houses (anti-knight,
//! anti-king, listed pairs), get a legend. Rules on values (cages,
//! thermometers, dots…) are drawn on grids by `svg/rules.rs`, each as one
//! `<g class="killer">` (its kind) group under the digits.

use std::collections::BTreeSet;
use std::f64::consts::PI;
use std::fmt::Write;

mod rules;

use super::{Places, Why};
use crate::graph::{ConstraintGraph, Coord, HouseKind, Layout};

/// Side of a grid cell, in pixels.
const UNIT: f64 = 40.0;
/// Space around the drawing.
const MARGIN: f64 = 24.0;
/// Height of the title line.
const TITLE: f64 = 40.0;
/// Height of one legend line.
const LEGEND: f64 = 22.0;
/// Font of every text.
const FONT: &str = "DejaVu Sans, sans-serif";
/// Colour of given values.
const GIVEN: &str = "#000000";
/// Colour of values found by solving.
const SOLVED: &str = "#1f5fbf";
/// Soft fills for regions and extra houses, one per house in turn.
const PALETTE: &[&str] = &[
    "#fde2e4", "#e2ece9", "#dfe7fd", "#fff1c1", "#e8dff5", "#d7f0dd", "#fce1c8", "#d8eef7",
    "#f0e6d2", "#e6e6e6", "#f9d5e5", "#dcedc1",
];

/// What to draw in the cells: the givens, and optionally a solution over them.
#[derive(Debug, Clone, Copy)]
pub struct Values<'a> {
    /// The puzzle's givens, drawn in black bold.
    pub givens: &'a [Option<u8>],
    /// A solution (or any filling), drawn in blue where there is no given.
    pub solved: Option<&'a [Option<u8>]>,
}

/// An SVG picture of `values` on `graph`'s shape, under `title`.
///
/// Givens are black and bold, solved values blue; the shape decides the
/// drawing (see the module documentation). The result is a complete,
/// standalone SVG document.
///
/// # Example
/// ```
/// use graphdoku::write::svg::{Values, svg};
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let mut givens = vec![None; 16];
/// givens[0] = Some(0);
/// let picture = svg(&g, Values { givens: &givens, solved: None }, "A 4×4");
/// assert!(picture.starts_with("<svg"));
/// assert!(picture.contains(">A 4×4</text>"));
/// ```
pub fn svg(graph: &ConstraintGraph, values: Values, title: &str) -> String {
    draw(graph, values, title, false)
}

/// As [`svg`], but every cell's shape carries `data-cell="i"` (its index in
/// the variant), so that a web page can find and click the cells.
///
/// # Example
/// ```
/// use graphdoku::write::svg::{Values, svg_tagged};
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let picture = svg_tagged(&g, Values { givens: &[None; 16], solved: None }, "");
/// assert_eq!(picture.matches("data-cell=").count(), 16);
/// assert!(picture.contains(r#"data-cell="15""#));
/// ```
pub fn svg_tagged(graph: &ConstraintGraph, values: Values, title: &str) -> String {
    draw(graph, values, title, true)
}

/// The picture of [`svg`], with cells tagged when `tagged` (see [`svg_tagged`]).
fn draw(graph: &ConstraintGraph, values: Values, title: &str, tagged: bool) -> String {
    // Grids, and listed cells on whole-number coordinates, are drawn as grids.
    let places = Places::of(graph);
    let legend = legend(graph, places.as_ref());
    let mut body = String::new();
    let (drawn, height) = match (graph.layout(), &places) {
        (Layout::Polar { sectors, rings }, _) => {
            polar(graph, values, (sectors, rings), tagged, &mut body)
        }
        (_, Some(places)) => grid(graph, values, places, tagged, &mut body),
        (_, None) => free(graph, values, tagged, &mut body),
    };
    let widest = legend.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64 * 7.5;
    let width = drawn
        .max(title.chars().count() as f64 * 12.5 + 2.0 * MARGIN)
        .max(widest + 2.0 * MARGIN);
    let total = TITLE + height + legend.len() as f64 * LEGEND + MARGIN;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{total:.0}" viewBox="0 0 {width:.0} {total:.0}" font-family="{FONT}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{width:.0}" height="{total:.0}" fill="white"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" font-size="20" font-weight="bold" text-anchor="middle">{}</text>"#,
        width / 2.0,
        TITLE * 0.7,
        escape(title)
    );
    // A drawing narrower than its title is centred under it.
    let _ = writeln!(
        out,
        r#"<g transform="translate({:.1} {TITLE})">"#,
        (width - drawn) / 2.0
    );
    out.push_str(&body);
    out.push_str("</g>\n");
    for (i, line) in legend.iter().enumerate() {
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="14" fill="#333">{}</text>"##,
            ((width - drawn) / 2.0 + MARGIN).min(width - widest - MARGIN),
            TITLE + height + (i as f64 + 0.7) * LEGEND,
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// `text` with the characters XML reserves escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The attribute naming cell `i` in a tagged picture; nothing otherwise.
fn tag(tagged: bool, i: usize) -> String {
    match tagged {
        true => format!(r#" data-cell="{i}""#),
        false => String::new(),
    }
}

/// The text of cell `i`, and whether it is a given; `None` when empty.
fn shown<'g>(graph: &'g ConstraintGraph, values: Values, i: usize) -> Option<(&'g str, bool)> {
    if let Some(colour) = values.givens.get(i).copied().flatten() {
        return Some((graph.alphabet().symbol(colour), true));
    }
    let colour = values.solved?.get(i).copied().flatten()?;
    Some((graph.alphabet().symbol(colour), false))
}

/// A value to draw in a cell: its text, whether it is a given, and the
/// colour of a halo around its strokes (the cell's fill) when a line runs
/// under it, so that the line stops short of the digit instead of crossing it.
struct Shown<'t> {
    text: &'t str,
    given: bool,
    halo: Option<&'t str>,
}

/// A value centred on (`x`, `y`), at most `size` pixels high and `room` wide.
fn value(out: &mut String, shown: Shown, x: f64, y: f64, size: f64, room: f64) {
    // DejaVu digits are about 0.64 em wide.
    let chars = shown.text.chars().count().max(1) as f64;
    let size = size.min(room / (0.64 * chars));
    let (fill, weight) = if shown.given {
        (GIVEN, "bold")
    } else {
        (SOLVED, "normal")
    };
    // The halo is the text's own stroke, painted before its fill.
    let halo = shown.halo.map_or(String::new(), |colour| {
        format!(
            r#" stroke="{colour}" stroke-width="{:.1}" stroke-linejoin="round" paint-order="stroke""#,
            size * 0.3
        )
    });
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{:.1}" font-size="{size:.1}" font-weight="{weight}" fill="{fill}"{halo} text-anchor="middle">{}</text>"#,
        y + size * 0.36,
        escape(shown.text)
    );
}

/// How a grid picture shows each house.
#[derive(Debug, Default, PartialEq, Eq)]
struct GridHouses {
    /// Houses that cut the grid into pieces with thick borders: boxes, jigsaw
    /// regions when there are no boxes, listed box-like houses of listed shapes.
    pieces: Vec<usize>,
    /// Extra houses, shaded: windoku windows, disjoint groups, other listed houses.
    shaded: Vec<usize>,
    /// Houses drawn as a line corner to corner: diagonals, listed or not.
    diagonals: Vec<usize>,
}

/// Sorts the houses of a grid picture by how they are shown (rows and columns,
/// listed or not, need nothing: the grid shows them).
fn grid_houses(graph: &ConstraintGraph, places: &Places) -> GridHouses {
    let houses = graph.houses();
    let has = |kind| houses.iter().any(|h| h.kind == kind);
    let (has_boxes, has_regions) = (has(HouseKind::Box), has(HouseKind::Region));
    let mut sorted = GridHouses::default();
    for (i, house) in houses.iter().enumerate() {
        let at: Vec<(usize, usize)> = house.cells.iter().filter_map(|&c| places.of[c]).collect();
        // Listed houses are recognised by shape: a line along a row or column,
        // or a diagonal.
        let line = |key: fn(&(usize, usize)) -> isize| at.iter().all(|p| key(p) == key(&at[0]));
        let full = house.cells.len() == graph.alphabet().len();
        let straight = full && (line(|p| p.0 as isize) || line(|p| p.1 as isize));
        let diagonal = full
            && at.len() > 1
            && (line(|p| p.0 as isize - p.1 as isize) || line(|p| (p.0 + p.1) as isize));
        match house.kind {
            HouseKind::Box => sorted.pieces.push(i),
            HouseKind::Region if !has_boxes => sorted.pieces.push(i),
            HouseKind::Diagonal => sorted.diagonals.push(i),
            HouseKind::Listed if straight => {}
            HouseKind::Listed if diagonal => sorted.diagonals.push(i),
            HouseKind::Listed if !has_boxes && !has_regions && full => sorted.pieces.push(i),
            HouseKind::Region | HouseKind::Listed => sorted.shaded.push(i),
            _ => {}
        }
    }
    // Pieces must tile the board; partial ones are shaded instead.
    let k = graph.alphabet().len();
    if !has_boxes && sorted.pieces.iter().any(|&h| houses[h].cells.len() < k) {
        sorted.shaded.append(&mut sorted.pieces);
        sorted.shaded.sort_unstable();
    }
    sorted
}

/// Draws a grid shape; returns the drawing's width and height.
fn grid(
    graph: &ConstraintGraph,
    values: Values,
    places: &Places,
    tagged: bool,
    out: &mut String,
) -> (f64, f64) {
    let (rows, cols, at) = (places.rows, places.cols, &places.at);
    let place = |i: usize| places.of[i];
    let cell_at = |r: isize, c: isize| {
        (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
            .then(|| at[r as usize * cols + c as usize])
            .flatten()
    };
    // Room around the grid for clues outside it, when the rules have any.
    let pad = rules::outside_room(graph.rules());
    let corner =
        |row: usize, col: usize| (MARGIN + pad + col as f64 * UNIT, pad + row as f64 * UNIT);
    let GridHouses {
        pieces,
        shaded,
        diagonals,
    } = grid_houses(graph, places);
    let houses = graph.houses();
    // The pieces of each cell, to find borders between different ones.
    let mut piece_of: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); graph.len()];
    for &h in &pieces {
        for &c in &houses[h].cells {
            piece_of[c].insert(h);
        }
    }
    let jigsaw = pieces.iter().any(|&h| houses[h].kind == HouseKind::Region);
    let mut fill: Vec<&str> = vec!["white"; graph.len()];
    if jigsaw {
        for (n, &h) in pieces.iter().enumerate() {
            for &c in &houses[h].cells {
                fill[c] = PALETTE[n % PALETTE.len()];
            }
        }
    }
    for (n, &h) in shaded.iter().enumerate() {
        // Few extra houses (windoku) share one grey; many (disjoint groups) get colours.
        let colour = if shaded.len() <= 4 {
            "#d9d9d9"
        } else {
            PALETTE[n % PALETTE.len()]
        };
        for &c in &houses[h].cells {
            fill[c] = colour;
        }
    }
    out.push_str("<g stroke=\"#aaaaaa\" stroke-width=\"1\">\n");
    for (i, (&place, fill)) in places.of.iter().zip(&fill).enumerate() {
        if let Some((row, col)) = place {
            let (x, y) = corner(row, col);
            let _ = writeln!(
                out,
                r#"<rect x="{x:.1}" y="{y:.1}" width="{UNIT}" height="{UNIT}" fill="{fill}"{}/>"#,
                tag(tagged, i)
            );
        }
    }
    out.push_str("</g>\n");
    for house in diagonals.iter().map(|&h| &houses[h]) {
        let ends = [house.cells[0], house.cells[house.cells.len() - 1]];
        let [a, b] = ends.map(|c| place(c).map_or((0.0, 0.0), |(r, c)| corner(r, c)));
        // From the outer corner of the first cell to that of the last.
        let (x1, x2) = if a.0 <= b.0 {
            (a.0, b.0 + UNIT)
        } else {
            (a.0 + UNIT, b.0)
        };
        let _ = writeln!(
            out,
            r##"<line x1="{x1:.1}" y1="{:.1}" x2="{x2:.1}" y2="{:.1}" stroke="#7f9fd6" stroke-width="2.5" stroke-opacity="0.6"/>"##,
            a.1,
            b.1 + UNIT
        );
    }
    // Listed extra houses may lie over other shading (disjoint groups): a dashed
    // outline, a little inside the cells, shows each on its own.
    for house in shaded.iter().map(|&h| &houses[h]) {
        if house.kind != HouseKind::Listed {
            continue;
        }
        let inside: BTreeSet<(usize, usize)> =
            house.cells.iter().filter_map(|&c| place(c)).collect();
        let _ = writeln!(
            out,
            r##"<path d="{}" stroke="#7a4fb0" stroke-width="2" stroke-dasharray="5 3" fill="none"/>"##,
            outline(&inside, 4.0, &corner)
        );
    }
    // Thick borders: the edge of the shape, and between different pieces.
    let mut thick = String::new();
    for &(row, col) in places.of.iter().flatten() {
        let me = at[row * cols + col].expect("a cell of the grid");
        let (x, y) = corner(row, col);
        let sides = [
            ((-1, 0), (x, y, x + UNIT, y)),
            ((1, 0), (x, y + UNIT, x + UNIT, y + UNIT)),
            ((0, -1), (x, y, x, y + UNIT)),
            ((0, 1), (x + UNIT, y, x + UNIT, y + UNIT)),
        ];
        for ((dr, dc), (x1, y1, x2, y2)) in sides {
            let other = cell_at(row as isize + dr, col as isize + dc);
            let border = match other {
                None => true,
                // Each shared side once, from the cell above or to the left.
                Some(o) => (dr == 1 || dc == 1) && piece_of[o] != piece_of[me],
            };
            if border {
                let _ = write!(thick, "M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}");
            }
        }
    }
    let _ = writeln!(
        out,
        r#"<path d="{thick}" stroke="black" stroke-width="3" stroke-linecap="square" fill="none"/>"#
    );
    // Each part of a canvas in its own colour, a little inside its cells: where
    // two parts share a side, the later one steps further in, so both show.
    let parts = parts(graph, places);
    for (n, (part, level)) in parts.iter().zip(part_levels(&parts)).enumerate() {
        let inset = PART_INSET + PART_STEP * level.min(2) as f64;
        let _ = writeln!(
            out,
            r#"<path d="{}" stroke="{}" stroke-width="{PART_WIDTH}" stroke-linecap="square" fill="none"/>"#,
            outline(&part.at, inset, &corner),
            PART_COLOURS[n % PART_COLOURS.len()]
        );
    }
    // Lines through the middle of cells pass under their digits.
    let mut under_line = vec![false; graph.len()];
    for &h in &diagonals {
        for &c in &houses[h].cells {
            under_line[c] = true;
        }
    }
    // Rules on values, under the digits; a line through a cell haloes its digit.
    let board = rules::Board {
        places: &places.of,
        corner: &corner,
        fill: &fill,
    };
    let ruled = rules::draw(graph.rules(), &board, out);
    for (under, ruled) in under_line.iter_mut().zip(&ruled.line) {
        *under |= ruled;
    }
    let pairs = rule_edges(graph).other;
    for &(from, to) in &pairs {
        (under_line[from], under_line[to]) = (true, true);
    }
    for (from, to) in pairs {
        let [a, b] = [from, to].map(|c| place(c).map_or((0.0, 0.0), |(r, c)| corner(r, c)));
        let h = UNIT / 2.0;
        let _ = writeln!(
            out,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#d62728" stroke-width="1.5" stroke-dasharray="4 3"/>"##,
            a.0 + h,
            a.1 + h,
            b.0 + h,
            b.1 + h
        );
    }
    for i in 0..graph.len() {
        if let (Some((row, col)), Some((text, given))) = (place(i), shown(graph, values, i)) {
            let (x, y) = corner(row, col);
            let h = UNIT / 2.0;
            let shown = Shown {
                text,
                given,
                halo: under_line[i].then_some(ruled.ground[i].unwrap_or(fill[i])),
            };
            value(out, shown, x + h, y + h, UNIT * 0.62, UNIT * 0.85);
        }
    }
    (
        2.0 * (MARGIN + pad) + cols as f64 * UNIT,
        rows as f64 * UNIT + 2.0 * pad,
    )
}

/// The path of the outline of the grid positions `inside`, `inset` pixels
/// inside their outer sides; `corner` gives the top-left corner of a position.
fn outline(
    inside: &BTreeSet<(usize, usize)>,
    inset: f64,
    corner: &dyn Fn(usize, usize) -> (f64, f64),
) -> String {
    let mut path = String::new();
    for &(row, col) in inside {
        let (x, y) = corner(row, col);
        let (x0, y0, x1, y1) = (x + inset, y + inset, x + UNIT - inset, y + UNIT - inset);
        let open = |dr: isize, dc: isize| {
            let (r, c) = (row as isize + dr, col as isize + dc);
            r < 0 || c < 0 || !inside.contains(&(r as usize, c as usize))
        };
        // A side runs on to the next cell inside, so the outline is whole.
        let (left, right) = (
            if open(0, -1) { x0 } else { x },
            if open(0, 1) { x1 } else { x + UNIT },
        );
        let (top, bottom) = (
            if open(-1, 0) { y0 } else { y },
            if open(1, 0) { y1 } else { y + UNIT },
        );
        for (side, (ax, ay, bx, by)) in [
            (open(-1, 0), (left, y0, right, y0)),
            (open(1, 0), (left, y1, right, y1)),
            (open(0, -1), (x0, top, x0, bottom)),
            (open(0, 1), (x1, top, x1, bottom)),
        ] {
            if side {
                let _ = write!(path, "M{ax:.1} {ay:.1}L{bx:.1} {by:.1}");
            }
        }
    }
    path
}

/// Width of a part's outline, in pixels.
const PART_WIDTH: f64 = 3.0;
/// Distance from a cell's side to the middle of a part's outline.
const PART_INSET: f64 = 3.0;
/// How much further in the outline of a part goes that shares a side with an earlier one.
const PART_STEP: f64 = 4.0;
/// Colours of part outlines, one per part in turn: strong, and none of them the
/// blue of solved values.
const PART_COLOURS: &[&str] = &[
    "#d35400", "#27ae60", "#8e44ad", "#c0392b", "#16a085", "#7f8c8d",
];

/// One grid placed on a canvas (`parts` in the variant).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Part {
    /// Its name in the variant.
    name: String,
    /// The canvas positions it covers.
    at: BTreeSet<(usize, usize)>,
    /// Its rows and columns (the extent of its positions).
    size: (usize, usize),
}

/// The parts a canvas is made of, in the variant's order; none for a shape
/// without parts.
///
/// The graph keeps no list of parts, but the builder names every house a part
/// brings `… of PART` (`row 3 of centre`), and keeps a house that overlapping
/// parts share once, under the first part's name. So a part is found as the
/// rectangle its remaining houses span (a later part of a butterfly keeps only
/// some of its rows, but they still reach its far sides), less the positions
/// with no cell. A name whose houses hold no row or column (made by `Rows`
/// and `Columns`, or a full line listed cell by cell) is not a part: a listed
/// house may be called `corner of the grid`.
fn parts(graph: &ConstraintGraph, places: &Places) -> Vec<Part> {
    /// A part's name, the positions of its houses' cells, and whether a row
    /// or column is among its houses.
    type Found<'g> = (&'g str, Vec<(usize, usize)>, bool);
    let mut found: Vec<Found> = Vec::new();
    for house in graph.houses() {
        // The last ` of ` names the outermost part (parts may hold parts).
        let Some((_, name)) = house.name.rsplit_once(" of ") else {
            continue;
        };
        let index = match found.iter().position(|(n, _, _)| *n == name) {
            Some(index) => index,
            None => {
                found.push((name, Vec::new(), false));
                found.len() - 1
            }
        };
        let (_, at, lines) = &mut found[index];
        let before = at.len();
        at.extend(house.cells.iter().filter_map(|&c| places.of[c]));
        // A row or column, made by `Rows`/`Columns` or listed cell by cell.
        let mine = &at[before..];
        let straight = |key: fn(&(usize, usize)) -> usize| {
            mine.len() > 1 && mine.iter().all(|p| key(p) == key(&mine[0]))
        };
        *lines |= matches!(house.kind, HouseKind::Row | HouseKind::Column)
            || (house.kind == HouseKind::Listed
                && house.cells.len() == graph.alphabet().len()
                && (straight(|p| p.0) || straight(|p| p.1)));
    }
    found
        .into_iter()
        .filter(|(_, at, lines)| *lines && !at.is_empty())
        .map(|(name, at, _)| {
            let span = |key: fn(&(usize, usize)) -> usize| {
                let (least, most) = (at.iter().map(key).min(), at.iter().map(key).max());
                least.unwrap_or(0)..most.unwrap_or(0) + 1
            };
            let (rows, cols) = (span(|p| p.0), span(|p| p.1));
            let size = (rows.len(), cols.len());
            let at = rows
                .flat_map(|r| cols.clone().map(move |c| (r, c)))
                .filter(|&(r, c)| places.at[r * places.cols + c].is_some())
                .collect();
            Part {
                name: name.to_string(),
                at,
                size,
            }
        })
        .collect()
}

/// How far in each part's outline is drawn (0 on the cells' sides, then one
/// step further in each time): the lowest level no earlier part sharing a cell
/// side with it has taken.
fn part_levels(parts: &[Part]) -> Vec<usize> {
    // The outer sides of a part: (row, col, horizontal) of the side above or
    // left of position (row, col).
    let sides = |part: &Part| -> BTreeSet<(usize, usize, bool)> {
        let mut sides = BTreeSet::new();
        for &(r, c) in &part.at {
            let has = |r: usize, c: usize| part.at.contains(&(r, c));
            if r == 0 || !has(r - 1, c) {
                sides.insert((r, c, true));
            }
            if !has(r + 1, c) {
                sides.insert((r + 1, c, true));
            }
            if c == 0 || !has(r, c - 1) {
                sides.insert((r, c, false));
            }
            if !has(r, c + 1) {
                sides.insert((r, c + 1, false));
            }
        }
        sides
    };
    let sides: Vec<_> = parts.iter().map(sides).collect();
    let mut levels: Vec<usize> = Vec::with_capacity(parts.len());
    for (i, mine) in sides.iter().enumerate() {
        let taken: BTreeSet<usize> = (0..i)
            .filter(|&j| !mine.is_disjoint(&sides[j]))
            .map(|j| levels[j])
            .collect();
        levels.push((0..).find(|l| !taken.contains(l)).expect("a free level"));
    }
    levels
}

/// A point at `radius` from (`cx`, `cy`), `angle` radians clockwise from the top.
fn at_angle(cx: f64, cy: f64, radius: f64, angle: f64) -> (f64, f64) {
    (cx + radius * angle.sin(), cy - radius * angle.cos())
}

/// Draws a polar shape: rings from the centre out, sector 1 at the top and the
/// others clockwise; wedges alternate in shade and are cut by thick spokes.
fn polar(
    graph: &ConstraintGraph,
    values: Values,
    (sectors, rings): (usize, usize),
    tagged: bool,
    out: &mut String,
) -> (f64, f64) {
    let ring_width = 48.0_f64;
    // The innermost ring's cells must still hold a number.
    let inner = (ring_width * sectors as f64 / (2.0 * PI)).max(ring_width);
    let outer = inner + rings as f64 * ring_width;
    let label = 22.0;
    let (cx, cy) = (MARGIN + label + outer, label + outer);
    let step = 2.0 * PI / sectors as f64;
    // The wedge (or sector house) of every sector, for shading and spokes.
    let mut wedge_of = vec![None; sectors];
    for (n, house) in graph
        .houses()
        .iter()
        .filter(|h| h.kind == HouseKind::Wedge)
        .enumerate()
    {
        for &c in &house.cells {
            if let Coord::Polar { sector, .. } = graph.cells()[c].coord {
                wedge_of[sector] = Some(n);
            }
        }
    }
    out.push_str("<g stroke=\"#aaaaaa\" stroke-width=\"1\">\n");
    for (i, cell) in graph.cells().iter().enumerate() {
        let Coord::Polar { sector, ring } = cell.coord else {
            continue;
        };
        let (r0, r1) = (
            inner + ring as f64 * ring_width,
            inner + (ring + 1) as f64 * ring_width,
        );
        let (a0, a1) = (sector as f64 * step, (sector + 1) as f64 * step);
        let shade = match wedge_of[sector] {
            Some(n) if n % 2 == 1 => "#dde7f7",
            _ => "white",
        };
        let p = [
            at_angle(cx, cy, r1, a0),
            at_angle(cx, cy, r1, a1),
            at_angle(cx, cy, r0, a1),
            at_angle(cx, cy, r0, a0),
        ];
        let large = u8::from(step > PI);
        let _ = writeln!(
            out,
            r#"<path d="M{:.2} {:.2}A{r1:.2} {r1:.2} 0 {large} 1 {:.2} {:.2}L{:.2} {:.2}A{r0:.2} {r0:.2} 0 {large} 0 {:.2} {:.2}Z" fill="{shade}"{}/>"#,
            p[0].0,
            p[0].1,
            p[1].0,
            p[1].1,
            p[2].0,
            p[2].1,
            p[3].0,
            p[3].1,
            tag(tagged, i)
        );
    }
    out.push_str("</g>\n");
    // Spokes between sectors of different wedges, and the two rims.
    let mut thick = String::new();
    for sector in 0..sectors {
        let before = wedge_of[(sector + sectors - 1) % sectors];
        if before.is_none() || before != wedge_of[sector] {
            let (x0, y0) = at_angle(cx, cy, inner, sector as f64 * step);
            let (x1, y1) = at_angle(cx, cy, outer, sector as f64 * step);
            let _ = write!(thick, "M{x0:.2} {y0:.2}L{x1:.2} {y1:.2}");
        }
    }
    let _ = writeln!(
        out,
        r#"<path d="{thick}" stroke="black" stroke-width="3" stroke-linecap="round" fill="none"/>"#
    );
    for radius in [inner, outer] {
        let _ = writeln!(
            out,
            r#"<circle cx="{cx:.2}" cy="{cy:.2}" r="{radius:.2}" stroke="black" stroke-width="3" fill="none"/>"#
        );
    }
    for sector in 0..sectors {
        let (x, y) = at_angle(cx, cy, outer + label * 0.6, (sector as f64 + 0.5) * step);
        let _ = writeln!(
            out,
            r##"<text x="{x:.1}" y="{:.1}" font-size="12" fill="#666" text-anchor="middle">s{}</text>"##,
            y + 4.0,
            sector + 1
        );
    }
    for (i, cell) in graph.cells().iter().enumerate() {
        let (Coord::Polar { sector, ring }, Some((text, given))) =
            (cell.coord, shown(graph, values, i))
        else {
            continue;
        };
        let middle = inner + (ring as f64 + 0.5) * ring_width;
        let arc = middle * step;
        let (x, y) = at_angle(cx, cy, middle, (sector as f64 + 0.5) * step);
        let room = arc.min(ring_width) * 0.8;
        let shown = Shown {
            text,
            given,
            halo: None,
        };
        value(out, shown, x, y, ring_width * 0.5, room);
    }
    (2.0 * (MARGIN + label + outer), 2.0 * (label + outer))
}

/// Draws freely placed cells at their coordinates, or, when they have none
/// (all at the origin), on a circle with the graph's edges.
fn free(graph: &ConstraintGraph, values: Values, tagged: bool, out: &mut String) -> (f64, f64) {
    let n = graph.len();
    let points: Vec<(f64, f64)> = graph
        .cells()
        .iter()
        .map(|c| match c.coord {
            Coord::Free { x, y } => (x, y),
            _ => (0.0, 0.0),
        })
        .collect();
    let placed = points.iter().any(|&p| p != points[0]);
    let (centres, radius, edges) = if placed {
        // The closest two cells are one unit apart.
        let mut closest = f64::INFINITY;
        for (i, a) in points.iter().enumerate() {
            for b in &points[i + 1..] {
                let d = (a.0 - b.0).hypot(a.1 - b.1);
                if d > 1e-9 {
                    closest = closest.min(d);
                }
            }
        }
        let scale = 1.5 * UNIT / closest;
        let min_x = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let min_y = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let centres: Vec<_> = points
            .iter()
            .map(|p| {
                (
                    MARGIN + UNIT / 2.0 + (p.0 - min_x) * scale,
                    UNIT / 2.0 + (p.1 - min_y) * scale,
                )
            })
            .collect();
        // Few edges are worth drawing; many (a whole Sudoku listed) only clutter.
        let few = graph.graph().edge_count() <= 3 * n;
        (centres, UNIT * 0.45, few)
    } else {
        // Cells around a circle, far enough apart to hold their values.
        let ring = (1.5 * n as f64 * UNIT / (2.0 * PI)).max(3.0 * UNIT);
        let (cx, cy) = (MARGIN + UNIT + ring, UNIT + ring);
        let centres = (0..n)
            .map(|i| at_angle(cx, cy, ring, i as f64 * 2.0 * PI / n as f64))
            .collect();
        (centres, UNIT * 0.4, true)
    };
    if edges {
        out.push_str("<g stroke=\"#9aa8c0\" stroke-width=\"1\">\n");
        for edge in graph.graph().edge_indices() {
            let (a, b) = graph.graph().edge_endpoints(edge).expect("an edge");
            let (a, b) = (centres[a.index()], centres[b.index()]);
            let _ = writeln!(
                out,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
                a.0, a.1, b.0, b.1
            );
        }
        out.push_str("</g>\n");
    }
    for (i, &(x, y)) in centres.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="white" stroke="black" stroke-width="2"{}/>"#,
            tag(tagged, i)
        );
        let _ = writeln!(
            out,
            r##"<text x="{x:.1}" y="{:.1}" font-size="9" fill="#777" text-anchor="middle">{}</text>"##,
            y - radius * 0.55,
            escape(&graph.cells()[i].name)
        );
        if let Some((text, given)) = shown(graph, values, i) {
            let shown = Shown {
                text,
                given,
                halo: None,
            };
            value(out, shown, x, y + 3.0, radius, radius * 1.5);
        }
    }
    let width = centres.iter().map(|c| c.0).fold(0.0, f64::max) + UNIT / 2.0 + MARGIN;
    let height = centres.iter().map(|c| c.1).fold(0.0, f64::max) + UNIT / 2.0;
    (width, height)
}

/// Edges that no house explains, by the rule that most likely made them.
#[derive(Debug, Default)]
struct RuleEdges {
    knight: usize,
    king: usize,
    other: Vec<(usize, usize)>,
}

/// The edges no house holds, sorted into knight moves, king moves and others.
fn rule_edges(graph: &ConstraintGraph) -> RuleEdges {
    let mut found = RuleEdges::default();
    for (a, b, why) in super::edges(graph) {
        match why {
            Why::House(_) => {}
            Why::Knight => found.knight += 1,
            Why::King => found.king += 1,
            Why::Pair => found.other.push((a, b)),
        }
    }
    found
}

/// Lines under the picture for rules a reader cannot see in the houses.
fn legend(graph: &ConstraintGraph, places: Option<&Places>) -> Vec<String> {
    let edges = rule_edges(graph);
    let mut lines = Vec::new();
    if edges.knight > 0 {
        lines.push("♞ Anti-knight: cells a knight's move apart differ".to_string());
    }
    if edges.king > 0 {
        lines.push("♚ Anti-king: diagonally touching cells differ".to_string());
    }
    // Rules on values are drawn on grids only; other shapes note them.
    let on_grid = places.is_some() && !matches!(graph.layout(), Layout::Polar { .. });
    lines.extend(rules::legend(graph.rules(), on_grid));
    // Only grids draw the other pairs as dashed lines; free drawings show every edge.
    let Some(places) = places else {
        return lines;
    };
    if let Some(line) = parts_line(&parts(graph, places)) {
        lines.push(line);
    }
    let sorted = grid_houses(graph, places);
    let counted = [
        (
            edges.other.len(),
            "Dashed red line: a pair of cells that must differ",
            "Dashed red lines: pairs of cells that must differ",
        ),
        (
            sorted.diagonals.len(),
            "Blue diagonal: holds every symbol once",
            "Blue diagonals: each holds every symbol once",
        ),
        (
            sorted.shaded.len(),
            "Shaded group: holds its symbols once",
            "Shaded groups: each holds its symbols once",
        ),
    ];
    for (n, one, many) in counted {
        match n {
            0 => {}
            1 => lines.push(one.to_string()),
            _ => lines.push(many.to_string()),
        }
    }
    lines
}

/// The legend's line for the parts of a canvas: how many grids, their size,
/// and whether they overlap; `None` without parts.
fn parts_line(parts: &[Part]) -> Option<String> {
    let first = parts.first()?;
    let size = |part: &Part| format!("{}×{}", part.size.0, part.size.1);
    let same = parts.iter().all(|p| p.size == first.size);
    if parts.len() == 1 {
        return Some(format!(
            "Coloured outline: a {} grid with its own rows and columns",
            size(first)
        ));
    }
    let overlap = parts
        .iter()
        .enumerate()
        .any(|(i, a)| parts[i + 1..].iter().any(|b| !a.at.is_disjoint(&b.at)));
    let how = if overlap { "overlapping" } else { "separate" };
    let grids = match same {
        true => format!("{} {how} {} grids", parts.len(), size(first)),
        false => {
            let sizes: Vec<String> = parts.iter().map(size).collect();
            format!("{} {how} grids ({})", parts.len(), sizes.join(", "))
        }
    };
    Some(format!(
        "Coloured outlines: {grids}, each with its own rows and columns"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_edges_are_sorted_by_move() {
        let knight = ConstraintGraph::load("anti-knight").unwrap();
        let edges = rule_edges(&knight);
        assert!(edges.knight > 0);
        assert_eq!((edges.king, edges.other.len()), (0, 0));
        assert_eq!(
            rule_edges(&ConstraintGraph::load("sudoku9").unwrap()).knight,
            0
        );
    }

    #[test]
    fn jigsaw_regions_are_pieces_and_windoku_windows_shaded() {
        let sorted = |name: &str| {
            let graph = ConstraintGraph::load(name).unwrap();
            let places = Places::of(&graph).unwrap();
            let sorted = grid_houses(&graph, &places);
            (
                sorted.pieces.len(),
                sorted.shaded.len(),
                sorted.diagonals.len(),
            )
        };
        assert_eq!(sorted("jigsaw9"), (9, 0, 0));
        assert_eq!(sorted("windoku"), (9, 4, 0));
        assert_eq!(sorted("x-sudoku"), (9, 0, 2));
        assert_eq!(sorted("disjoint-groups"), (9, 9, 0));
    }

    /// The graph of a variant written in RON.
    fn variant(source: &str) -> ConstraintGraph {
        ConstraintGraph::build(&crate::variant::parse(source, "test.ron").unwrap()).unwrap()
    }

    /// Four 9×9 grids overlapping on a 12×12 canvas.
    const BUTTERFLY: &str = r#"Variant(name: "Butterfly", symbols: Chars("123456789"),
        cells: Grid(rows: 12, cols: 12), parts: [
            Part(name: "a", variant: "sudoku9", offset: (0, 0)),
            Part(name: "b", variant: "sudoku9", offset: (0, 3)),
            Part(name: "c", variant: "sudoku9", offset: (3, 0)),
            Part(name: "d", variant: "sudoku9", offset: (3, 3))])"#;

    #[test]
    fn parts_are_found_whole_even_when_their_houses_are_shared() {
        let graph = variant(BUTTERFLY);
        let found = parts(&graph, &Places::of(&graph).unwrap());
        let names: Vec<&str> = found.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        // The last part's first row and column are the second's and third's
        // (kept once), yet it covers its whole 9×9.
        for (part, (dr, dc)) in found.iter().zip([(0, 0), (0, 3), (3, 0), (3, 3)]) {
            let square: BTreeSet<(usize, usize)> = (dr..dr + 9)
                .flat_map(|r| (dc..dc + 9).map(move |c| (r, c)))
                .collect();
            assert_eq!(part.at, square, "{}", part.name);
            assert_eq!(part.size, (9, 9));
        }
        // Parts sharing a side are drawn at different depths; the samurai's never do.
        assert_eq!(part_levels(&found), [0, 1, 1, 0]);
        let samurai = ConstraintGraph::load("samurai").unwrap();
        let found = parts(&samurai, &Places::of(&samurai).unwrap());
        assert_eq!(found.len(), 5);
        assert!(found.iter().all(|p| p.at.len() == 81));
        assert_eq!(part_levels(&found), [0; 5]);
    }

    #[test]
    fn a_house_named_of_something_is_no_part() {
        let graph = variant(
            r#"Variant(extends: "sudoku4", name: "Named",
                houses: [House(name: "corner of the grid", cells: ["r1c1", "r1c2"])])"#,
        );
        assert!(parts(&graph, &Places::of(&graph).unwrap()).is_empty());
        let sudoku = ConstraintGraph::load("sudoku9").unwrap();
        assert!(parts(&sudoku, &Places::of(&sudoku).unwrap()).is_empty());
        assert!(
            !legend(&sudoku, Places::of(&sudoku).as_ref())
                .iter()
                .any(|l| l.contains("outline"))
        );
    }

    #[test]
    fn the_legend_counts_in_words() {
        let lines = |graph: &ConstraintGraph| legend(graph, Places::of(graph).as_ref());
        let one = variant(
            r#"Variant(extends: "sudoku4", name: "One of each",
                houses: [House(name: "slope", cells: ["r1c1", "r2c2", "r3c3", "r4c4"]),
                         House(name: "pair", cells: ["r1c4", "r2c3"])],
                edges: [Pairs([("r1c2", "r4c3")])])"#,
        );
        assert_eq!(
            lines(&one),
            [
                "Dashed red line: a pair of cells that must differ",
                "Blue diagonal: holds every symbol once",
                "Shaded group: holds its symbols once",
            ]
        );
        let x = ConstraintGraph::load("x-sudoku").unwrap();
        assert_eq!(lines(&x), ["Blue diagonals: each holds every symbol once"]);
        assert_eq!(
            lines(&variant(BUTTERFLY)),
            ["Coloured outlines: 4 overlapping 9×9 grids, each with its own rows and columns"]
        );
        let single = variant(
            r#"Variant(name: "Alone", symbols: Chars("1234"), cells: Grid(rows: 4, cols: 6),
                parts: [Part(variant: "sudoku4", offset: (0, 1))])"#,
        );
        assert_eq!(
            lines(&single),
            ["Coloured outline: a 4×4 grid with its own rows and columns"]
        );
    }
}
