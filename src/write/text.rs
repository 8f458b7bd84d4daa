//! Text output of puzzles and solutions: a drawn grid or table, or one line.

use std::fmt::Write;

use super::Places;
use crate::candidates::Candidates;
use crate::estimate::Estimate;
use crate::graph::{ConstraintGraph, Coord, Layout};
use crate::solver::Weight;

/// The symbol of a cell, or `.` when empty.
fn symbol(graph: &ConstraintGraph, value: Option<u8>) -> &str {
    value.map_or(".", |c| graph.alphabet().symbol(c))
}

/// A puzzle or solution as one line, in the format the readers accept: one
/// character per cell when symbols are single characters, else space-separated.
///
/// ```
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let mut cells = vec![None; 16];
/// cells[0] = Some(3);
/// assert_eq!(graphdoku::write::text::line(&g, &cells), "4...............");
/// ```
pub fn line(graph: &ConstraintGraph, values: &[Option<u8>]) -> String {
    let single = graph.alphabet().single_chars();
    let mut out = String::with_capacity(values.len() * if single { 1 } else { 3 });
    for (i, &v) in values.iter().enumerate() {
        if !single && i > 0 {
            out.push(' ');
        }
        out.push_str(symbol(graph, v));
    }
    out
}

/// [`line`] and a newline written to `out`, for one line after another: one
/// write, and no allocation when every symbol is one byte. `values` are
/// givens (`Option<u8>`) or a solution's colours (`u8`).
///
/// # Errors
/// Those of `out`.
///
/// ```
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let mut out = Vec::new();
/// graphdoku::write::text::write_line(&g, &[3u8; 16], &mut out).unwrap();
/// graphdoku::write::text::write_line(&g, &[None::<u8>; 16], &mut out).unwrap();
/// assert_eq!(out, b"4444444444444444\n................\n");
/// ```
pub fn write_line<T: Copy + Into<Option<u8>>>(
    graph: &ConstraintGraph,
    values: &[T],
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let alphabet = graph.alphabet();
    // The byte of each colour, when every symbol is one byte.
    let mut bytes = [0u8; 256];
    let mut one_byte = true;
    for (colour, byte) in bytes.iter_mut().enumerate().take(alphabet.len()) {
        match alphabet.symbol(colour as u8).as_bytes() {
            &[b] => *byte = b,
            _ => one_byte = false,
        }
    }
    if !one_byte {
        let values: Vec<Option<u8>> = values.iter().map(|&v| v.into()).collect();
        let mut text = line(graph, &values);
        text.push('\n');
        return out.write_all(text.as_bytes());
    }
    // A buffer on the stack, written when full: one write for a 9×9 line.
    let mut buffer = [0u8; 512];
    let mut chunks = values.chunks(buffer.len() - 1).peekable();
    while let Some(chunk) = chunks.next() {
        for (b, &v) in buffer.iter_mut().zip(chunk) {
            *b = v.into().map_or(b'.', |c| bytes[c as usize]);
        }
        let mut end = chunk.len();
        if chunks.peek().is_none() {
            buffer[end] = b'\n';
            end += 1;
        }
        out.write_all(&buffer[..end])?;
    }
    if values.is_empty() {
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// How a drawing looks: plain ASCII that the readers take back (for files and
/// pipes), or box-drawing lines and colour (for a terminal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Box-drawing characters (`│ ─ ┼`) in place of `| - +`.
    pub unicode: bool,
    /// ANSI colour: givens bold, solved values blue (see [`drawing_with`]).
    pub colour: bool,
}

impl Style {
    /// ASCII without colour: what files and pipes get.
    pub const PLAIN: Style = Style {
        unicode: false,
        colour: false,
    };
}

/// A puzzle or solution drawn for people: a grid with box lines, a sector-by-ring
/// table for polar shapes, listed cells with whole-number coordinates as a grid
/// (blank where no cell is), or else `name = symbol` lines.
///
/// ```
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let text = graphdoku::write::text::drawing(&g, &[None; 16]);
/// assert_eq!(text.lines().next(), Some(". . | . ."));
/// assert_eq!(text.lines().nth(2), Some("----+----"));
/// ```
pub fn drawing(graph: &ConstraintGraph, values: &[Option<u8>]) -> String {
    drawing_with(graph, values, None, Style::PLAIN)
}

/// [`drawing`] in a [`Style`]; with colour, cells given in `givens` are bold and
/// the others blue.
///
/// ```
/// use graphdoku::write::text::{Style, drawing_with};
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let mut givens = vec![None; 16];
/// givens[0] = Some(0);
/// let style = Style { unicode: true, colour: true };
/// let text = drawing_with(&g, &[Some(0); 16], Some(&givens), style);
/// assert!(text.starts_with("\x1b[1m1\x1b[0m \x1b[34m1\x1b[0m │"));
/// assert_eq!(text.lines().nth(2), Some("────┼────"));
/// ```
pub fn drawing_with(
    graph: &ConstraintGraph,
    values: &[Option<u8>],
    givens: Option<&[Option<u8>]>,
    style: Style,
) -> String {
    let width = graph.alphabet().width();
    // A cell's text, right-aligned to the widest symbol, coloured when asked.
    let cell = |i: usize| {
        let text = format!("{:>width$}", symbol(graph, values[i]));
        match (style.colour, values[i], givens) {
            (true, Some(_), Some(givens)) if givens[i].is_some() => format!("\x1b[1m{text}\x1b[0m"),
            (true, Some(_), _) => format!("\x1b[34m{text}\x1b[0m"),
            _ => text,
        }
    };
    let (bar, dash, cross) = match style.unicode {
        true => ("│", "─", "┼"),
        false => ("|", "-", "+"),
    };
    let mut out = String::new();
    match graph.layout() {
        Layout::Grid { rows, cols, boxes } => {
            let mut at = vec![None; rows * cols];
            for (i, c) in graph.cells().iter().enumerate() {
                if let Coord::Grid { row, col } = c.coord {
                    at[row * cols + col] = Some(i);
                }
            }
            let (box_rows, box_cols) = boxes.unwrap_or((rows, cols));
            for row in 0..rows {
                if row > 0 && row % box_rows == 0 {
                    let segment = dash.repeat((width + 1) * box_cols + 1);
                    let line = vec![segment; cols / box_cols].join(cross);
                    let chars: Vec<char> = line.chars().collect();
                    out.extend(&chars[1..chars.len() - 1]);
                    out.push('\n');
                }
                let mut text = String::new();
                for col in 0..cols {
                    if col > 0 && col % box_cols == 0 {
                        let _ = write!(text, " {bar}");
                    }
                    match at[row * cols + col] {
                        Some(i) => {
                            let _ = write!(text, " {}", cell(i));
                        }
                        None => {
                            let _ = write!(text, " {:width$}", "");
                        }
                    }
                }
                out.push_str(text[1..].trim_end());
                out.push('\n');
            }
        }
        Layout::Polar { sectors, rings } => {
            let label = format!("s{sectors}:").len().max(4);
            let _ = write!(out, "{:label$}", "ring");
            for ring in 1..=rings {
                let _ = write!(out, " {ring:>width$}");
            }
            out.push('\n');
            for (i, c) in graph.cells().iter().enumerate() {
                if let Coord::Polar { sector, ring } = c.coord {
                    if ring == 0 {
                        let _ = write!(out, "{:label$}", format!("s{}:", sector + 1));
                    }
                    let _ = write!(out, " {}", cell(i));
                    if ring + 1 == rings {
                        out.push('\n');
                    }
                }
            }
        }
        Layout::Free => match Places::of(graph) {
            Some(places) => {
                for row in places.at.chunks(places.cols) {
                    let mut text = String::new();
                    for position in row {
                        match position {
                            Some(i) => {
                                let _ = write!(text, " {}", cell(*i));
                            }
                            None => {
                                let _ = write!(text, " {:width$}", "");
                            }
                        }
                    }
                    out.push_str(text[1..].trim_end());
                    out.push('\n');
                }
            }
            None => {
                for (i, c) in graph.cells().iter().enumerate() {
                    let _ = writeln!(out, "{} = {}", c.name, cell(i).trim_start());
                }
            }
        },
    }
    out
}

/// The true candidates of every empty cell, a line each, as in
/// `r1c2: 1 (12), 4 (≥1000), 7 (1, unique)`: each value, the solutions
/// counted that use it (`≥` before a lower bound, `?` for a value not yet
/// known to be in any), and `unique` when placing it leaves one solution.
///
/// ```
/// use graphdoku::candidates::{Options, candidates};
/// use graphdoku::{ConstraintGraph, PuzzleReader};
/// let g = ConstraintGraph::load("sudoku4").unwrap();
/// let record = PuzzleReader::new(&g, &b"12..34..........\n"[..], "-").next().unwrap();
/// let found = candidates(&g, &record.puzzle.unwrap(), Options::default()).unwrap();
/// let text = graphdoku::write::text::candidates(&g, &found);
/// assert_eq!(text.lines().next(), Some("r1c3: 3 (6), 4 (6)"));
/// ```
pub fn candidates(graph: &ConstraintGraph, found: &Candidates) -> String {
    let mut out = String::new();
    for (cell, entry) in found.cells.iter().enumerate() {
        if entry.given {
            continue;
        }
        let unique = found.unique_with(cell);
        out.push_str(&graph.cells()[cell].name);
        out.push(':');
        if entry.values.is_empty() {
            out.push_str(" none");
        }
        for (i, &(value, tally)) in entry.values.iter().enumerate() {
            let count = match (tally.exact, tally.solutions) {
                (true, n) => n.to_string(),
                (false, 0) => "?".to_string(),
                (false, n) => format!("≥{n}"),
            };
            let separator = if i == 0 { " " } else { ", " };
            let mark = if unique.contains(&value) {
                ", unique"
            } else {
                ""
            };
            let symbol = graph.alphabet().symbol(value);
            let _ = write!(out, "{separator}{symbol} ({count}{mark})");
        }
        out.push('\n');
    }
    out
}

/// A number of solutions for people, of any size: whole below a million,
/// else three digits and the power of ten.
///
/// ```
/// use graphdoku::solver::Weight;
/// use graphdoku::write::text::approximately;
/// assert_eq!(approximately(Weight::ONE.times(288.4)), "288");
/// assert_eq!(approximately(Weight::ONE.times(6.6709e21)), "6.67e21");
/// assert_eq!(approximately(Weight::ONE.times(4e200).times(1e200)), "4.00e400");
/// ```
pub fn approximately(weight: Weight) -> String {
    let x = weight.to_f64();
    if x < 1e6 {
        return format!("{x:.0}");
    }
    if x.is_finite() {
        return format!("{x:.2e}");
    }
    let log = weight.log10();
    if !log.is_finite() {
        return "∞".to_string();
    }
    // Three digits from the logarithm, carried when they round up to 10.
    let (mut power, mut digits) = (log.floor(), 10f64.powf(log - log.floor()));
    if digits >= 9.995 {
        (power, digits) = (power + 1.0, digits / 10.0);
    }
    format!("{digits:.2}e{power}")
}

/// What `count --estimate` says of a puzzle: `about 4.53e6 solutions (99%
/// interval 4.41e6 to 4.66e6, 5210 probes)`, or the exact count when a probe
/// went through the whole tree.
pub fn estimate(found: &Estimate) -> String {
    let plural =
        |n: &str, one: &str, many: &str| format!("{n} {}", if n == "1" { one } else { many });
    if found.exact {
        let count = match found.estimate.to_f64() {
            0.0 => "none".to_string(),
            1.0 => "unique".to_string(),
            n => format!("{n:.0} solutions"),
        };
        return format!("{count}, exactly (one probe went through the whole tree)");
    }
    if found.samples == 0 {
        return "no estimate: the budget ran out before the first probe ended".to_string();
    }
    format!(
        "about {} ({}% interval {} to {}, {})",
        plural(&approximately(found.estimate), "solution", "solutions"),
        crate::estimate::CONFIDENCE * 100.0,
        approximately(found.low),
        approximately(found.high),
        plural(&found.samples.to_string(), "probe", "probes")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pie_table_has_a_line_per_sector() {
        let g = ConstraintGraph::load("pie").unwrap();
        let values: Vec<_> = (0..72).map(|i| Some((i % 12) as u8)).collect();
        let text = drawing(&g, &values);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[0], "ring  1  2  3  4  5  6");
        assert_eq!(lines[1], "s1:   1  2  3  4  5  6");
        assert_eq!(lines[12], "s12:  7  8  9 10 11 12");
    }

    #[test]
    fn nine_by_nine_has_box_lines() {
        let g = ConstraintGraph::load("sudoku9").unwrap();
        let text = drawing(&g, &[Some(0); 81]);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "1 1 1 | 1 1 1 | 1 1 1");
        assert_eq!(lines[3], "------+-------+------");
    }
}
