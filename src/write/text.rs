//! Text output of puzzles and solutions: a drawn grid or table, or one line.

use std::fmt::Write;

use crate::graph::{ConstraintGraph, Coord, Layout};

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

/// A puzzle or solution drawn for people: a grid with box lines, a sector-by-ring
/// table for polar shapes, or `name = symbol` lines for free shapes.
///
/// ```
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let text = graphdoku::write::text::drawing(&g, &[None; 16]);
/// assert_eq!(text.lines().next(), Some(". . | . ."));
/// assert_eq!(text.lines().nth(2), Some("----+----"));
/// ```
pub fn drawing(graph: &ConstraintGraph, values: &[Option<u8>]) -> String {
    let width = graph.alphabet().width();
    let mut out = String::new();
    match graph.layout() {
        Layout::Grid { rows, cols, boxes } => {
            let mut at = vec![None; rows * cols];
            for (cell, value) in graph.cells().iter().zip(values) {
                if let Coord::Grid { row, col } = cell.coord {
                    at[row * cols + col] = Some(symbol(graph, *value));
                }
            }
            let (box_rows, box_cols) = boxes.unwrap_or((rows, cols));
            for row in 0..rows {
                if row > 0 && row % box_rows == 0 {
                    let segment = "-".repeat((width + 1) * box_cols + 1);
                    let line = vec![segment; cols / box_cols].join("+");
                    out.push_str(&line[1..line.len() - 1]);
                    out.push('\n');
                }
                let mut text = String::new();
                for col in 0..cols {
                    if col > 0 && col % box_cols == 0 {
                        text.push_str(" |");
                    }
                    let _ = write!(text, " {:>width$}", at[row * cols + col].unwrap_or(""));
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
            for (cell, value) in graph.cells().iter().zip(values) {
                if let Coord::Polar { sector, ring } = cell.coord {
                    if ring == 0 {
                        let _ = write!(out, "{:label$}", format!("s{}:", sector + 1));
                    }
                    let _ = write!(out, " {:>width$}", symbol(graph, *value));
                    if ring + 1 == rings {
                        out.push('\n');
                    }
                }
            }
        }
        Layout::Free => {
            for (cell, value) in graph.cells().iter().zip(values) {
                let _ = writeln!(out, "{} = {}", cell.name, symbol(graph, *value));
            }
        }
    }
    out
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
