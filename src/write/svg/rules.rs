//! Rules on values drawn on a grid picture, in the conventions of f-puzzles
//! and SudokuPad: dashed cages with their total in the corner, grey
//! bulb-and-line thermometers, circle-and-arrow, dots and letters on cell
//! edges, coloured lines, grey odd circles and even squares.
//!
//! Each rule is one `<g class="…">` group (the class is the rule's kind), so a
//! reader of the SVG (or a test) can find and count them. Everything here lies
//! under the digits; rules that hold everywhere get a legend line instead.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::{UNIT, escape, outline};
use crate::rules::{Mark, Rule};

/// Grey of thermometers.
const GREY: &str = "#c8c8c8";
/// Lighter grey of odd circles and even squares (a bulb is darker).
const PARITY: &str = "#dddddd";
/// Grey of arrows (circle, line and head).
const ARROW: &str = "#808080";
/// Green of whispers lines.
const WHISPERS: &str = "#5cc85c";
/// Purple of renban lines.
const RENBAN: &str = "#b36ae2";
/// Colour of the generic rules' dashed lines.
const GENERIC: &str = "#555555";
/// How far inside its cells a cage's dashed outline runs.
const CAGE_INSET: f64 = 3.5;

/// Where the rules are drawn: each cell's grid position, the top-left corner
/// of a position in the picture, and each cell's fill (for the patches that
/// keep small texts readable).
pub(super) struct Board<'a> {
    /// The grid position of each cell, `None` for a cell not on the grid.
    pub places: &'a [Option<(usize, usize)>],
    /// The top-left corner of a (row, column) in the picture.
    pub corner: &'a dyn Fn(usize, usize) -> (f64, f64),
    /// The fill of each cell.
    pub fill: &'a [&'a str],
}

impl Board<'_> {
    fn centre(&self, cell: usize) -> Option<(f64, f64)> {
        let (x, y) = self.places[cell].map(|(r, c)| (self.corner)(r, c))?;
        Some((x + UNIT / 2.0, y + UNIT / 2.0))
    }

    /// The centres of `cells`, `None` when one is off the grid.
    fn centres(&self, cells: &[usize]) -> Option<Vec<(f64, f64)>> {
        cells.iter().map(|&c| self.centre(c)).collect()
    }
}

/// The kind of a rule, as its group's class in the SVG: `killer`, `cage`,
/// `arrow`, `sum`, `thermometer`, `slow-thermometer`, `difference`, `ratio`,
/// `x`, `v`, `whispers`, `renban`, `odd`, `even`, `relation`; `None` for the
/// rules that hold everywhere (drawn as a legend line).
pub(crate) fn class(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::Killer { .. } => "killer",
        Rule::Cage { .. } => "cage",
        Rule::Arrow { .. } => "arrow",
        Rule::Sum { .. } => "sum",
        Rule::Thermometer(_) => "thermometer",
        Rule::SlowThermometer(_) => "slow-thermometer",
        Rule::Difference { .. } => "difference",
        Rule::Ratio { .. } => "ratio",
        Rule::Xv { sum: 10, .. } => "x",
        Rule::Xv { .. } => "v",
        Rule::Whispers { .. } => "whispers",
        Rule::Renban(_) => "renban",
        Rule::Parity { odd: true, .. } => "odd",
        Rule::Parity { .. } => "even",
        Rule::Relation { .. } => "relation",
        Rule::Negative(_) | Rule::NonConsecutive => return None,
    })
}

/// The order rules are drawn in, bottom first: shapes inside cells, thick
/// lines, thin lines, arrows, cages, then marks on the cells' edges on top.
fn layer(rule: &Rule) -> u8 {
    match rule {
        Rule::Parity { .. } => 0,
        Rule::Thermometer(_) | Rule::SlowThermometer(_) => 1,
        Rule::Whispers { .. } | Rule::Renban(_) => 2,
        Rule::Sum { .. } | Rule::Relation { .. } => 3,
        Rule::Arrow { .. } => 4,
        Rule::Killer { .. } | Rule::Cage { .. } => 5,
        Rule::Difference { .. } | Rule::Ratio { .. } | Rule::Xv { .. } => 6,
        Rule::Negative(_) | Rule::NonConsecutive => 7,
    }
}

/// What the rules put under each cell's digit.
pub(super) struct Under {
    /// Whether a line runs through the cell that its digit should be haloed
    /// against.
    pub line: Vec<bool>,
    /// The colour a rule painted under the digit (an odd circle, an even
    /// square), for its halo; `None` where the cell's fill shows.
    pub ground: Vec<Option<&'static str>>,
}

/// Draws every rule of `rules` that has cells on `board` into `out`, and says
/// what lies under each digit. A rule with a cell off the grid is left out.
pub(super) fn draw(rules: &[Rule], board: &Board, out: &mut String) -> Under {
    let mut under_line = vec![false; board.places.len()];
    let mut ground = vec![None; board.places.len()];
    let mut order: Vec<&Rule> = rules.iter().collect();
    order.sort_by_key(|r| layer(r));
    for rule in order {
        let Some(class) = class(rule) else {
            continue;
        };
        let mut body = String::new();
        let drawn = match rule {
            Rule::Killer { cells, total } => cage(board, cells, *total, &mut body),
            Rule::Cage { cells, total } => cage(board, cells, Some(*total), &mut body),
            Rule::Thermometer(cells) => thermometer(board, cells, false, &mut body),
            Rule::SlowThermometer(cells) => thermometer(board, cells, true, &mut body),
            // The arrow's thin line passes under its digits without a halo,
            // which would hide its head.
            Rule::Arrow { circle, line } => arrow(board, circle, line, &mut body),
            Rule::Whispers { cells, .. } | Rule::Renban(cells) => {
                let colour = match rule {
                    Rule::Renban(_) => RENBAN,
                    _ => WHISPERS,
                };
                let drawn = polyline(board, cells, colour, UNIT * 0.22, "", &mut body);
                if drawn {
                    cells.iter().for_each(|&c| under_line[c] = true);
                }
                drawn
            }
            Rule::Sum { cells, .. } => {
                let dashed = r#" stroke-dasharray="3 3""#;
                let drawn = polyline(board, cells, GENERIC, 1.5, dashed, &mut body);
                if drawn {
                    cells.iter().for_each(|&c| under_line[c] = true);
                }
                drawn
            }
            Rule::Relation { pairs, .. } => {
                let dashed = r#" stroke-dasharray="3 3""#;
                let mut any = false;
                for &(a, b) in pairs {
                    if polyline(board, &[a, b], GENERIC, 1.5, dashed, &mut body) {
                        (under_line[a], under_line[b], any) = (true, true, true);
                    }
                }
                any
            }
            Rule::Difference { cells, value } => {
                let label = (*value != 1).then(|| value.to_string());
                dot(board, *cells, false, label.as_deref(), &mut body)
            }
            Rule::Ratio { cells, value } => {
                let label = (*value != 2).then(|| value.to_string());
                dot(board, *cells, true, label.as_deref(), &mut body)
            }
            Rule::Xv { cells, sum } => {
                letter(board, *cells, if *sum == 10 { "X" } else { "V" }, &mut body)
            }
            Rule::Parity { cells, odd } => {
                let drawn = parity(board, cells, *odd, &mut body);
                if drawn {
                    cells.iter().for_each(|&c| ground[c] = Some(PARITY));
                }
                drawn
            }
            Rule::Negative(_) | Rule::NonConsecutive => false,
        };
        if drawn {
            let _ = writeln!(out, r#"<g class="{class}">"#);
            out.push_str(&body);
            out.push_str("</g>\n");
        }
    }
    Under {
        line: under_line,
        ground,
    }
}

/// A dashed outline inside the cage's cells, and its total (when given) small
/// in the top-left corner of its top-left-most cell.
fn cage(board: &Board, cells: &[usize], total: Option<i64>, out: &mut String) -> bool {
    let Some(at) = cells
        .iter()
        .map(|&c| board.places[c])
        .collect::<Option<BTreeSet<(usize, usize)>>>()
    else {
        return false;
    };
    let corner = board.corner;
    let _ = writeln!(
        out,
        r#"<path d="{}" stroke="black" stroke-width="1.2" stroke-dasharray="4 3" fill="none"/>"#,
        outline(&at, CAGE_INSET, corner)
    );
    if let Some(total) = total {
        // The top-left-most cell: the first in reading order.
        let &(row, col) = at.iter().next().expect("a cage has cells");
        let (x, y) = corner(row, col);
        let text = total.to_string();
        let cell = cells
            .iter()
            .copied()
            .find(|&c| board.places[c] == Some((row, col)))
            .expect("the corner cell is the cage's");
        // A patch of the cell's fill keeps the dashes off the number.
        let _ = writeln!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="11" fill="{}"/>"#,
            x + 1.5,
            y + 1.5,
            text.len() as f64 * 6.2 + 3.0,
            board.fill[cell]
        );
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="10" fill="black">{}</text>"#,
            x + 2.5,
            y + 10.5,
            escape(&text)
        );
    }
    true
}

/// `d` of a path through `points`.
fn path_through(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{x:.1} {y:.1}", if i == 0 { "M" } else { "L" });
    }
    d
}

/// A line through the centres of `cells`, rounded at its ends and bends.
fn polyline(
    board: &Board,
    cells: &[usize],
    colour: &str,
    width: f64,
    extra: &str,
    out: &mut String,
) -> bool {
    let Some(points) = board.centres(cells) else {
        return false;
    };
    let _ = writeln!(
        out,
        r#"<path d="{}" stroke="{colour}" stroke-width="{width:.1}" stroke-linecap="round" stroke-linejoin="round" fill="none"{extra}/>"#,
        path_through(&points)
    );
    true
}

/// A grey bulb on the first cell and a thick grey line through the others; a
/// slow thermometer's line has a white dashed core.
fn thermometer(board: &Board, cells: &[usize], slow: bool, out: &mut String) -> bool {
    let Some(points) = board.centres(cells) else {
        return false;
    };
    let (bx, by) = points[0];
    let _ = writeln!(
        out,
        r#"<circle cx="{bx:.1}" cy="{by:.1}" r="{:.1}" fill="{GREY}"/>"#,
        UNIT * 0.38
    );
    polyline(board, cells, GREY, UNIT * 0.3, "", out);
    if slow {
        let dashed = r#" stroke-dasharray="4 5""#;
        polyline(board, cells, "white", 3.0, dashed, out);
    }
    true
}

/// The arrow's circle (a pill over two or three cells), and a thin line from
/// its rim through the arrow's cells ending in a head.
fn arrow(board: &Board, circle: &[usize], line: &[usize], out: &mut String) -> bool {
    let (Some(round), Some(along)) = (board.centres(circle), board.centres(line)) else {
        return false;
    };
    let radius = UNIT * 0.4;
    if round.len() == 1 {
        let (x, y) = round[0];
        let _ = writeln!(
            out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" stroke="{ARROW}" stroke-width="2" fill="{}"/>"#,
            board.fill[circle[0]]
        );
    } else {
        // A pill: a wide grey stroke through the centres with a narrower one
        // of the cell's fill inside it, so that it bends with the cells.
        let d = path_through(&round);
        for (colour, width) in [
            (ARROW, 2.0 * radius),
            (board.fill[circle[0]], 2.0 * radius - 4.0),
        ] {
            let _ = writeln!(
                out,
                r#"<path d="{d}" stroke="{colour}" stroke-width="{width:.1}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>"#
            );
        }
    }
    // The line leaves the circle cell next to its first cell.
    let start = (0..circle.len())
        .find(|&i| {
            let (a, b) = (board.places[circle[i]], board.places[line[0]]);
            matches!((a, b), (Some(a), Some(b)) if a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1)
        })
        .unwrap_or(circle.len() - 1);
    let (cx, cy) = round[start];
    let (fx, fy) = along[0];
    let length = (fx - cx).hypot(fy - cy).max(1e-9);
    let rim = (
        cx + (fx - cx) / length * radius,
        cy + (fy - cy) / length * radius,
    );
    let mut points = vec![rim];
    points.extend(&along);
    // The head stops short of the last cell's centre, off its digit.
    let n = points.len();
    let ((px, py), (ex, ey)) = (points[n - 2], points[n - 1]);
    let length = (ex - px).hypot(ey - py).max(1e-9);
    let short = (UNIT * 0.28).min(length / 2.0);
    points[n - 1] = (
        ex - (ex - px) / length * short,
        ey - (ey - py) / length * short,
    );
    let _ = writeln!(
        out,
        r#"<path d="{}" stroke="{ARROW}" stroke-width="2" stroke-linejoin="round" fill="none"/>"#,
        path_through(&points)
    );
    // The head, at the last cell's centre, along the last segment.
    let (ex, ey) = points[points.len() - 1];
    let (px, py) = points[points.len() - 2];
    let length = (ex - px).hypot(ey - py).max(1e-9);
    let (dx, dy) = ((ex - px) / length, (ey - py) / length);
    let (back, side) = (UNIT * 0.22, UNIT * 0.16);
    let _ = writeln!(
        out,
        r#"<path d="M{:.1} {:.1}L{ex:.1} {ey:.1}L{:.1} {:.1}" stroke="{ARROW}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" fill="none"/>"#,
        ex - dx * back - dy * side,
        ey - dy * back + dx * side,
        ex - dx * back + dy * side,
        ey - dy * back - dx * side,
    );
    true
}

/// The middle of the edge two neighbouring cells share.
fn edge(board: &Board, (a, b): (usize, usize)) -> Option<(f64, f64)> {
    let ((ax, ay), (bx, by)) = (board.centre(a)?, board.centre(b)?);
    Some(((ax + bx) / 2.0, (ay + by) / 2.0))
}

/// A kropki dot on the shared edge: white (difference) or black (ratio), with
/// its value small inside when it is not the default.
fn dot(
    board: &Board,
    cells: (usize, usize),
    black: bool,
    label: Option<&str>,
    out: &mut String,
) -> bool {
    let Some((x, y)) = edge(board, cells) else {
        return false;
    };
    let (fill, ink) = if black {
        ("black", "white")
    } else {
        ("white", "black")
    };
    let _ = writeln!(
        out,
        r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="black" stroke-width="1.5"/>"#,
        UNIT * 0.16
    );
    if let Some(label) = label {
        let _ = writeln!(
            out,
            r#"<text x="{x:.1}" y="{:.1}" font-size="8.5" font-weight="bold" fill="{ink}" text-anchor="middle">{}</text>"#,
            y + 3.1,
            escape(label)
        );
    }
    true
}

/// The letter X or V on the shared edge, with a white halo.
fn letter(board: &Board, cells: (usize, usize), text: &str, out: &mut String) -> bool {
    let Some((x, y)) = edge(board, cells) else {
        return false;
    };
    let size = UNIT * 0.42;
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{:.1}" font-size="{size:.1}" font-weight="bold" fill="black" stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke" text-anchor="middle">{text}</text>"#,
        y + size * 0.36
    );
    true
}

/// A grey circle in each odd cell, a grey square in each even one.
fn parity(board: &Board, cells: &[usize], odd: bool, out: &mut String) -> bool {
    let Some(points) = board.centres(cells) else {
        return false;
    };
    for (x, y) in points {
        let _ = match odd {
            true => writeln!(
                out,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{PARITY}"/>"#,
                UNIT * 0.36
            ),
            false => writeln!(
                out,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{PARITY}"/>"#,
                x - UNIT * 0.36,
                y - UNIT * 0.36,
                UNIT * 0.72,
                UNIT * 0.72
            ),
        };
    }
    true
}

/// Legend lines for rules: those that hold everywhere, those that look like
/// another rule, the generic ones; and, when `drawn` is false (a shape that
/// is not a grid), a note that the rules with cells are not drawn.
pub(super) fn legend(rules: &[Rule], drawn: bool) -> Vec<String> {
    let has = |f: &dyn Fn(&Rule) -> bool| rules.iter().any(f);
    let mut lines = Vec::new();
    if has(&|r| matches!(r, Rule::NonConsecutive)) {
        lines.push("Non-consecutive: orthogonal neighbours are never consecutive".to_string());
    }
    for (mark, line) in [
        (
            Mark::Difference,
            "Negative white dots: neighbours without a white dot are not consecutive",
        ),
        (
            Mark::Ratio,
            "Negative black dots: of neighbours without a black dot, neither is double the other",
        ),
        (
            Mark::XV,
            "Negative X and V: neighbours without an X or a V sum to neither 10 nor 5",
        ),
    ] {
        if rules.contains(&Rule::Negative(mark)) {
            lines.push(line.to_string());
        }
    }
    let placed = rules.iter().filter(|r| class(r).is_some()).count();
    if !drawn {
        if placed > 0 {
            lines.push(format!(
                "Not drawn on this shape: {placed} rule{} on cells (see the puzzle file)",
                if placed == 1 { "" } else { "s" }
            ));
        }
        return lines;
    }
    if has(&|r| matches!(r, Rule::Cage { .. })) {
        lines.push("Sum cage (dashed, like a killer cage): digits may repeat".to_string());
    }
    if has(&|r| matches!(r, Rule::SlowThermometer(_))) {
        lines.push("Dashed-core thermometer: slow, digits may stay the same".to_string());
    }
    if has(&|r| matches!(r, Rule::Sum { .. } | Rule::Relation { .. })) {
        lines.push("Thin dashed grey line: cells under a sum or relation rule".to_string());
    }
    lines
}
