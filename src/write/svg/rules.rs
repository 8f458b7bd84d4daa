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
use crate::rules::{Direction, Mark, Rule};

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
/// Light grey of between lines and their circles.
const BETWEEN: &str = "#a8a8a8";
/// Blue of lockout lines and their diamonds.
const LOCKOUT: &str = "#4a6fb5";
/// Blue of region-sum lines.
const REGION_SUM: &str = "#3c9be6";
/// Grey of palindrome lines.
const PALINDROME: &str = "#b4b4b4";
/// Pink of zipper lines.
const ZIPPER: &str = "#e88cc8";
/// Orange of entropic lines.
const ENTROPIC: &str = "#f0a030";
/// Teal of modular lines.
const MODULAR: &str = "#3fb3a0";
/// Yellow of nabner lines.
const NABNER: &str = "#e3cc3c";
/// Pale yellow of cloned cells.
const CLONE: &str = "#f4e9a6";
/// Sum lines.
const SUM_LINE: &str = "#64c864";
/// Lunchboxes' cells.
const LUNCHBOX: &str = "#e4e4e4";
/// Indexing cells.
const INDEXING: &str = "#f3c6c6";
/// Ink of sandwich, X-sum and skyscraper clues.
const SANDWICH_INK: &str = "#000000";
const XSUM_INK: &str = "#2e7d32";
const SKYSCRAPER_INK: &str = "#8b1a1a";
const NUMBERED_ROOM_INK: &str = "#5b2c8f";
/// Room around the grid for the clues outside it.
pub(super) const OUTSIDE: f64 = UNIT * 0.75;
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
        Rule::LittleKiller { .. } => "little-killer",
        Rule::Sandwich { .. } => "sandwich",
        Rule::XSum { .. } => "x-sum",
        Rule::Skyscraper { .. } => "skyscraper",
        Rule::Between(_) => "between",
        Rule::Lockout { .. } => "lockout",
        Rule::Quadruple { .. } => "quadruple",
        Rule::Extremum { minimum: true, .. } => "minimum",
        Rule::Extremum { .. } => "maximum",
        Rule::GreaterThan { .. } => "greater-than",
        Rule::RegionSum { .. } => "region-sum",
        Rule::Palindrome(_) => "palindrome",
        Rule::Clone(..) => "clone",
        Rule::Zipper(_) => "zipper",
        Rule::DoubleArrow(_) => "double-arrow",
        Rule::Entropic(_) => "entropic",
        Rule::Modular(_) => "modular",
        Rule::Nabner(_) => "nabner",
        Rule::Regex { .. } => "regex",
        Rule::SumLine { .. } => "sum-line",
        Rule::Lunchbox { .. } => "lunchbox",
        Rule::RellikCage { .. } => "rellik-cage",
        Rule::EqualityCage(_) => "equality-cage",
        Rule::Indexing { .. } => "indexing",
        Rule::NumberedRoom { .. } => "numbered-room",
        Rule::EqualSum(_) => "equal-sum",
        Rule::ValueIndexing(_) => "value-indexing",
        Rule::Candidates { .. } => "candidates",
        Rule::Negative(_)
        | Rule::NonConsecutive
        | Rule::GlobalEntropy(_)
        | Rule::GlobalModular(_)
        | Rule::AntiTaxicab(_) => return None,
    })
}

/// The order rules are drawn in, bottom first: shapes inside cells, thick
/// lines, thin lines, arrows, cages, then marks on the cells' edges on top.
fn layer(rule: &Rule) -> u8 {
    match rule {
        Rule::Parity { .. }
        | Rule::Clone(..)
        | Rule::Extremum { .. }
        | Rule::Lunchbox { .. }
        | Rule::Indexing { .. }
        | Rule::Candidates { .. } => 0,
        Rule::Thermometer(_) | Rule::SlowThermometer(_) => 1,
        Rule::Whispers { .. }
        | Rule::Renban(_)
        | Rule::Between(_)
        | Rule::Lockout { .. }
        | Rule::RegionSum { .. }
        | Rule::Palindrome(_)
        | Rule::Zipper(_)
        | Rule::Entropic(_)
        | Rule::Modular(_)
        | Rule::Nabner(_) => 2,
        Rule::Sum { .. }
        | Rule::Relation { .. }
        | Rule::Regex { .. }
        | Rule::SumLine { .. }
        | Rule::EqualSum(_)
        | Rule::ValueIndexing(_) => 3,
        Rule::Arrow { .. } | Rule::DoubleArrow(_) => 4,
        Rule::Killer { .. }
        | Rule::Cage { .. }
        | Rule::RellikCage { .. }
        | Rule::EqualityCage(_) => 5,
        Rule::Difference { .. }
        | Rule::Ratio { .. }
        | Rule::Xv { .. }
        | Rule::GreaterThan { .. }
        | Rule::Quadruple { .. } => 6,
        Rule::LittleKiller { .. }
        | Rule::Sandwich { .. }
        | Rule::XSum { .. }
        | Rule::Skyscraper { .. }
        | Rule::NumberedRoom { .. } => 7,
        Rule::Negative(_)
        | Rule::NonConsecutive
        | Rule::GlobalEntropy(_)
        | Rule::GlobalModular(_)
        | Rule::AntiTaxicab(_) => 8,
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
    // Outside cells that two little killers start from (down-left and
    // down-right from above the grid, say).
    let mut starts = std::collections::HashMap::new();
    for rule in rules {
        if let Rule::LittleKiller { cells, towards, .. } = rule
            && let Some((row, col)) = board.places.get(cells[0]).copied().flatten()
        {
            let (dr, dc) = towards.step();
            *starts
                .entry((row as i64 - dr, col as i64 - dc))
                .or_insert(0) += 1;
        }
    }
    let shared = |from: usize, towards: Direction| {
        board
            .places
            .get(from)
            .copied()
            .flatten()
            .is_some_and(|(row, col)| {
                let (dr, dc) = towards.step();
                starts.get(&(row as i64 - dr, col as i64 - dc)) > Some(&1)
            })
    };
    for rule in order {
        let Some(class) = class(rule) else {
            continue;
        };
        let mut body = String::new();
        let drawn = match rule {
            Rule::Killer { cells, total } => {
                cage(board, cells, total.map(|t| t.to_string()), &mut body)
            }
            Rule::Cage { cells, total } => cage(board, cells, Some(total.to_string()), &mut body),
            Rule::RellikCage { cells, total } => {
                cage(board, cells, Some(format!("≠{total}")), &mut body)
            }
            Rule::EqualityCage(cells) => cage(board, cells, Some("=".into()), &mut body),
            Rule::Lunchbox { cells, total } => {
                let drawn = squares(board, cells, LUNCHBOX, 0.5, &mut body);
                if drawn {
                    cells.iter().for_each(|&c| ground[c] = Some(LUNCHBOX));
                }
                drawn && cage(board, cells, Some(total.to_string()), &mut body)
            }
            Rule::Indexing { lines, .. } => {
                let cells: Vec<usize> = lines.iter().map(|(line, at)| line[*at]).collect();
                let drawn = squares(board, &cells, INDEXING, 0.5, &mut body);
                if drawn {
                    cells.iter().for_each(|&c| ground[c] = Some(INDEXING));
                }
                drawn
            }
            Rule::SumLine { cells, closed, .. } => {
                let mut cells = cells.clone();
                if *closed {
                    cells.push(cells[0]);
                }
                let dashed = r#" stroke-dasharray="6 4""#;
                let drawn = polyline(board, &cells, SUM_LINE, UNIT * 0.12, dashed, &mut body);
                if drawn {
                    cells.iter().for_each(|&c| under_line[c] = true);
                }
                drawn
            }
            Rule::ValueIndexing(cells) => {
                let dashed = r#" stroke-dasharray="4 3""#;
                let drawn = polyline(board, cells, GENERIC, 2.0, dashed, &mut body);
                drawn && squares(board, &cells[..1], GREY, 0.3, &mut body)
            }
            Rule::Candidates {
                cells,
                values: listed,
            } => pencil_marks(board, cells, listed, &mut body),
            Rule::EqualSum(groups) => {
                let dotted = r#" stroke-dasharray="1 3""#;
                let mut any = false;
                for group in groups {
                    any |= polyline(board, group, GENERIC, 2.0, dotted, &mut body);
                }
                any
            }
            Rule::NumberedRoom {
                cells,
                towards,
                value,
            } => outside(
                board,
                cells[0],
                *towards,
                &value.to_string(),
                NUMBERED_ROOM_INK,
                &mut body,
            ),
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
            Rule::Between(cells) | Rule::Lockout { cells, .. } | Rule::DoubleArrow(cells) => {
                let drawn = ended(board, rule, cells, &mut body);
                if drawn {
                    cells.iter().for_each(|&c| under_line[c] = true);
                }
                drawn
            }
            Rule::RegionSum { .. }
            | Rule::Palindrome(_)
            | Rule::Zipper(_)
            | Rule::Entropic(_)
            | Rule::Modular(_)
            | Rule::Nabner(_) => {
                let (cells, colour, width) = match rule {
                    Rule::RegionSum { segments } => (segments.concat(), REGION_SUM, 0.16),
                    Rule::Palindrome(c) => (c.clone(), PALINDROME, 0.22),
                    Rule::Zipper(c) => (c.clone(), ZIPPER, 0.18),
                    Rule::Entropic(c) => (c.clone(), ENTROPIC, 0.18),
                    Rule::Modular(c) => (c.clone(), MODULAR, 0.18),
                    Rule::Nabner(c) => (c.clone(), NABNER, 0.2),
                    _ => unreachable!("the arms above"),
                };
                let drawn = polyline(board, &cells, colour, UNIT * width, "", &mut body);
                if drawn {
                    cells.iter().for_each(|&c| under_line[c] = true);
                }
                drawn
            }
            Rule::Regex { cells, .. } => {
                let dashes = r#" stroke-dasharray="2 4 8 4""#;
                polyline(board, cells, GENERIC, UNIT * 0.06, dashes, &mut body)
            }
            Rule::Clone(a, b) => {
                let cells: Vec<usize> = a.iter().chain(b).copied().collect();
                let drawn = squares(board, &cells, CLONE, 0.44, &mut body);
                if drawn {
                    cells.iter().for_each(|&c| ground[c] = Some(CLONE));
                }
                drawn
            }
            Rule::Extremum { cells, minimum } => chevrons(board, cells, *minimum, &mut body),
            Rule::GreaterThan { cells } => greater(board, *cells, &mut body),
            Rule::Quadruple { cells, digits } => quadruple(board, cells, digits, &mut body),
            Rule::LittleKiller {
                cells,
                towards,
                total,
            } => {
                let shared = shared(cells[0], *towards);
                little_killer(board, cells[0], *towards, *total, shared, &mut body)
            }
            Rule::Sandwich {
                cells,
                towards,
                total,
            } => outside(
                board,
                cells[0],
                *towards,
                &total.to_string(),
                SANDWICH_INK,
                &mut body,
            ),
            Rule::XSum {
                cells,
                towards,
                total,
            } => outside(
                board,
                cells[0],
                *towards,
                &total.to_string(),
                XSUM_INK,
                &mut body,
            ),
            Rule::Skyscraper {
                cells,
                towards,
                count,
            } => outside(
                board,
                cells[0],
                *towards,
                &count.to_string(),
                SKYSCRAPER_INK,
                &mut body,
            ),
            Rule::Negative(_)
            | Rule::NonConsecutive
            | Rule::GlobalEntropy(_)
            | Rule::GlobalModular(_)
            | Rule::AntiTaxicab(_) => false,
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
fn cage(board: &Board, cells: &[usize], label: Option<String>, out: &mut String) -> bool {
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
    if let Some(text) = label {
        // The top-left-most cell: the first in reading order.
        let &(row, col) = at.iter().next().expect("a cage has cells");
        let (x, y) = corner(row, col);
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
            text.chars().count() as f64 * 6.2 + 3.0,
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

/// The candidates of each cell, small along its top edge.
fn pencil_marks(board: &Board, cells: &[usize], values: &[i64], out: &mut String) -> bool {
    let text: Vec<String> = values.iter().map(i64::to_string).collect();
    let text = escape(&text.join(""));
    let mut drawn = false;
    for &c in cells {
        let Some((row, col)) = board.places[c] else {
            continue;
        };
        let (x, y) = (board.corner)(row, col);
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="8" fill="{GENERIC}" text-anchor="middle">{text}</text>"#,
            x + UNIT / 2.0,
            y + 9.0
        );
        drawn = true;
    }
    drawn
}

/// Whether `rules` have clues outside the grid, which need room around it.
pub(super) fn outside_room(rules: &[Rule]) -> f64 {
    let outside = rules.iter().any(|r| {
        matches!(
            r,
            Rule::LittleKiller { .. }
                | Rule::Sandwich { .. }
                | Rule::XSum { .. }
                | Rule::Skyscraper { .. }
                | Rule::NumberedRoom { .. }
        )
    });
    if outside { OUTSIDE } else { 0.0 }
}

/// Where the clue of a line starting at `from` towards `towards` stands: in
/// the band of room outside the grid, beside the cell before `from`; and
/// whether that cell is off the grid by its row, by its column.
fn clue_at(board: &Board, from: usize, towards: Direction) -> Option<(f64, f64, (bool, bool))> {
    let (row, col) = board.places[from]?;
    let (rows, cols) = board
        .places
        .iter()
        .flatten()
        .fold((0, 0), |(r, c), &(pr, pc)| (r.max(pr + 1), c.max(pc + 1)));
    let (ox, oy) = (board.corner)(0, 0);
    let (dr, dc) = towards.step();
    let place = |at: i64, size: usize, origin: f64| {
        if at < 0 {
            origin - OUTSIDE / 2.0
        } else if at >= size as i64 {
            origin + size as f64 * UNIT + OUTSIDE / 2.0
        } else {
            origin + (at as f64 + 0.5) * UNIT
        }
    };
    let (r, c) = (row as i64 - dr, col as i64 - dc);
    let off = |at: i64, size: usize| at < 0 || at >= size as i64;
    Some((
        place(c, cols, ox),
        place(r, rows, oy),
        (off(r, rows), off(c, cols)),
    ))
}

/// A number outside the grid, in the band beside its row or column.
fn outside(
    board: &Board,
    from: usize,
    towards: Direction,
    text: &str,
    ink: &str,
    out: &mut String,
) -> bool {
    let Some((x, y, _)) = clue_at(board, from, towards) else {
        return false;
    };
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{:.1}" font-size="15" font-weight="bold" fill="{ink}" text-anchor="middle">{}</text>"#,
        y + 5.3,
        escape(text)
    );
    true
}

/// A little killer's total outside the grid, and a small arrow beside it
/// pointing along the diagonal; `shared` when another diagonal starts from
/// the same cell outside the grid.
fn little_killer(
    board: &Board,
    from: usize,
    towards: Direction,
    total: i64,
    shared: bool,
    out: &mut String,
) -> bool {
    let Some((x, y, off)) = clue_at(board, from, towards) else {
        return false;
    };
    let (dr, dc) = towards.step();
    // Where two diagonals start from one cell outside the grid (down-left
    // and down-right from above it), each clue leans back from its arrow.
    let (x, y) = match off {
        (true, false) if shared => (x - dc as f64 * UNIT / 4.0, y),
        (false, true) if shared => (x, y - dr as f64 * UNIT / 4.0),
        _ => (x, y),
    };
    let (ux, uy) = (dc as f64 / 2f64.sqrt(), dr as f64 / 2f64.sqrt());
    let (tx, ty) = (x - ux * 5.0, y - uy * 5.0);
    let _ = writeln!(
        out,
        r#"<text x="{tx:.1}" y="{:.1}" font-size="12" fill="black" text-anchor="middle">{total}</text>"#,
        ty + 4.2,
    );
    let (ax, ay) = (x + ux * 5.0, y + uy * 5.0);
    let (ex, ey) = (x + ux * 13.0, y + uy * 13.0);
    let (back, side) = (4.0, 3.0);
    let _ = writeln!(
        out,
        r#"<path d="M{ax:.1} {ay:.1}L{ex:.1} {ey:.1}M{:.1} {:.1}L{ex:.1} {ey:.1}L{:.1} {:.1}" stroke="black" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round" fill="none"/>"#,
        ex - ux * back - uy * side,
        ey - uy * back + ux * side,
        ex - ux * back + uy * side,
        ey - uy * back - ux * side,
    );
    true
}

/// A line with a shape on each end: circles (between line, double arrow) or
/// diamonds (lockout line).
fn ended(board: &Board, rule: &Rule, cells: &[usize], out: &mut String) -> bool {
    let Some(points) = board.centres(cells) else {
        return false;
    };
    let (colour, width, radius) = match rule {
        Rule::Lockout { .. } => (LOCKOUT, 2.5, UNIT * 0.36),
        Rule::DoubleArrow(_) => (ARROW, 2.0, UNIT * 0.4),
        _ => (BETWEEN, UNIT * 0.12, UNIT * 0.38),
    };
    polyline(board, cells, colour, width, "", out);
    for (&cell, &(x, y)) in [cells[0], cells[cells.len() - 1]]
        .iter()
        .zip([points[0], points[points.len() - 1]].iter())
    {
        let fill = board.fill[cell];
        let _ = match rule {
            Rule::Lockout { .. } => writeln!(
                out,
                r#"<path d="M{x:.1} {:.1}L{:.1} {y:.1}L{x:.1} {:.1}L{:.1} {y:.1}Z" stroke="{colour}" stroke-width="2" fill="{fill}"/>"#,
                y - radius,
                x + radius,
                y + radius,
                x - radius
            ),
            _ => writeln!(
                out,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" stroke="{colour}" stroke-width="2" fill="{fill}"/>"#
            ),
        };
    }
    true
}

/// A square of `colour` in each cell (`half` of a side from its centre).
fn squares(board: &Board, cells: &[usize], colour: &str, half: f64, out: &mut String) -> bool {
    let Some(points) = board.centres(cells) else {
        return false;
    };
    for (x, y) in points {
        let _ = writeln!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{colour}"/>"#,
            x - UNIT * half,
            y - UNIT * half,
            UNIT * 2.0 * half,
            UNIT * 2.0 * half
        );
    }
    true
}

/// `d` of a chevron with its tip at (`x`, `y`), pointing along (`dx`, `dy`).
fn chevron(x: f64, y: f64, (dx, dy): (f64, f64), size: f64) -> String {
    let (bx, by) = (x - dx * size * 0.6, y - dy * size * 0.6);
    format!(
        "M{:.1} {:.1}L{x:.1} {y:.1}L{:.1} {:.1}",
        bx - dy * size,
        by + dx * size,
        bx + dy * size,
        by - dx * size
    )
}

/// Grey chevrons by each side of a minimum (pointing in) or maximum
/// (pointing out) cell, as f-puzzles draws them.
fn chevrons(board: &Board, cells: &[usize], minimum: bool, out: &mut String) -> bool {
    let Some(points) = board.centres(cells) else {
        return false;
    };
    let mut d = String::new();
    for (x, y) in points {
        for (dx, dy) in [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)] {
            let (near, far) = (UNIT * 0.3, UNIT * 0.42);
            let (tip, towards) = match minimum {
                true => (near, (-dx, -dy)),
                false => (far, (dx, dy)),
            };
            d.push_str(&chevron(x + dx * tip, y + dy * tip, towards, UNIT * 0.12));
        }
    }
    let _ = writeln!(
        out,
        r#"<path d="{d}" stroke="{ARROW}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" fill="none"/>"#
    );
    true
}

/// A greater-than sign on the shared edge, its point towards the smaller
/// (second) cell.
fn greater(board: &Board, (a, b): (usize, usize), out: &mut String) -> bool {
    let (Some((ax, ay)), Some((bx, by))) = (board.centre(a), board.centre(b)) else {
        return false;
    };
    let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
    let length = (bx - ax).hypot(by - ay).max(1e-9);
    let (dx, dy) = ((bx - ax) / length, (by - ay) / length);
    let size = UNIT * 0.17;
    let d = chevron(mx + dx * size * 0.3, my + dy * size * 0.3, (dx, dy), size);
    let _ = writeln!(
        out,
        r#"<path d="{d}" stroke="white" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" fill="none"/>"#
    );
    let _ = writeln!(
        out,
        r#"<path d="{d}" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" fill="none"/>"#
    );
    true
}

/// A white circle on the corner the four cells share, with the digits in it.
fn quadruple(board: &Board, cells: &[usize], digits: &[i64], out: &mut String) -> bool {
    let Some(points) = board.centres(cells) else {
        return false;
    };
    let x = points.iter().map(|p| p.0).sum::<f64>() / points.len() as f64;
    let y = points.iter().map(|p| p.1).sum::<f64>() / points.len() as f64;
    let r = UNIT * 0.3;
    let _ = writeln!(
        out,
        r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="white" stroke="black" stroke-width="1.2"/>"#
    );
    let texts: Vec<String> = digits.iter().map(i64::to_string).collect();
    let lines: Vec<String> = match texts.len() {
        0..=2 => vec![texts.join(" ")],
        _ => texts.chunks(2).map(|c| c.join(" ")).collect(),
    };
    let size = if lines.len() == 1 { 10.0 } else { 9.0 };
    for (i, line) in lines.iter().enumerate() {
        let dy = (i as f64 - (lines.len() as f64 - 1.0) / 2.0) * size + size * 0.36;
        let _ = writeln!(
            out,
            r#"<text x="{x:.1}" y="{:.1}" font-size="{size:.1}" fill="black" text-anchor="middle">{}</text>"#,
            y + dy,
            escape(line)
        );
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
        lines.push(
            "Non-consecutive: orthogonal neighbours without a dot are never consecutive"
                .to_string(),
        );
    }
    for (mark, line) in [
        (
            Mark::Difference,
            "Negative white dots: neighbours without a dot are not consecutive",
        ),
        (
            Mark::Ratio,
            "Negative black dots: of neighbours without a dot, neither is double the other",
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
    for (holds, line) in [
        (
            &(|r: &Rule| matches!(r, Rule::GlobalEntropy(_))) as &dyn Fn(&Rule) -> bool,
            "Global entropy: every 2×2 square holds a low, a middle and a high digit",
        ),
        (
            &|r: &Rule| matches!(r, Rule::GlobalModular(_)),
            "Global modular: every 2×2 square holds a digit of each remainder modulo 3",
        ),
        (
            &|r: &Rule| matches!(r, Rule::AntiTaxicab(_)),
            "Anti-taxicab: a digit d is never d orthogonal steps from the same digit",
        ),
    ] {
        if has(holds) {
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
    for (holds, line) in [
        (
            &(|r: &Rule| matches!(r, Rule::Sandwich { .. })) as &dyn Fn(&Rule) -> bool,
            "Black numbers outside: sandwich sums, between the smallest and largest digit",
        ),
        (
            &|r: &Rule| matches!(r, Rule::XSum { .. }),
            "Green numbers outside: X-sums, the first X digits from the clue",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Skyscraper { .. }),
            "Red numbers outside: skyscrapers seen from the clue",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Lockout { .. }),
            "Blue line with diamonds: lockout, the line outside the ends' range",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Zipper(_)),
            "Pink line: zipper, pairs from the centre sum alike",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Entropic(_)),
            "Orange line: entropic, any three in a row low, middle and high",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Modular(_)),
            "Teal line: modular, any three in a row differ modulo 3",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Nabner(_)),
            "Yellow line: nabner, no two digits equal or consecutive",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Clone(..)),
            "Yellow cells: clones, the same digits cell for cell",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Lunchbox { .. }),
            "Grey box: lunchbox, the digits between its smallest and largest sum to its number",
        ),
        (
            &|r: &Rule| matches!(r, Rule::RellikCage { .. }),
            "Cage marked ≠N: rellik cage, no digits in it sum to N",
        ),
        (
            &|r: &Rule| matches!(r, Rule::EqualityCage(_)),
            "Cage marked =: equality cage, as many even as odd and low as high digits",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Indexing { column: true, .. }),
            "Pink cells: column indexing, a digit d in column c puts c in column d of its row",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Indexing { column: false, .. }),
            "Pink cells: row indexing, a digit d in row r puts r in row d of its column",
        ),
        (
            &|r: &Rule| matches!(r, Rule::NumberedRoom { .. }),
            "Purple numbers outside: numbered rooms, the digit N cells in, N the first digit",
        ),
        (
            &|r: &Rule| matches!(r, Rule::EqualSum(_)),
            "Dotted grey lines: groups of cells with equal sums",
        ),
        (
            &|r: &Rule| matches!(r, Rule::ValueIndexing(_)),
            "Dashed line from a grey square: value indexing, the first digit again d cells after the second (d)",
        ),
        (
            &|r: &Rule| matches!(r, Rule::Candidates { .. }),
            "Small digits at the top of a cell: its candidates, one of them goes there",
        ),
    ] {
        if has(holds) {
            lines.push(line.to_string());
        }
    }
    if has(&|r| matches!(r, Rule::Sum { .. } | Rule::Relation { .. })) {
        lines.push("Thin dashed grey line: cells under a sum or relation rule".to_string());
    }
    let mut totals: Vec<String> = (rules.iter())
        .filter_map(|r| match r {
            Rule::SumLine { total, .. } => Some(total.to_string()),
            _ => None,
        })
        .collect();
    totals.sort();
    totals.dedup();
    if !totals.is_empty() {
        lines.push(format!(
            "Green dashed line: sum line, its segments each sum to {}",
            totals.join(" or ")
        ));
    }
    let mut patterns: Vec<&str> = (rules.iter())
        .filter_map(|r| match r {
            Rule::Regex { pattern, .. } => Some(pattern.as_str()),
            _ => None,
        })
        .collect();
    patterns.dedup();
    if !patterns.is_empty() {
        lines.push(format!(
            "Dark dash-dot line: regex line, its digits in order match {}",
            patterns.join(" or ")
        ));
    }
    lines
}
