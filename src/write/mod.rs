//! Writers: every output format of puzzles and solutions, one module each.

pub mod colouring;
pub mod csv;
pub mod dot;
pub mod fpuzzles;
pub mod json;
#[cfg(feature = "png")]
pub mod png;
pub mod ron;
pub mod svg;
pub mod text;

use crate::graph::{ConstraintGraph, Coord, Layout};

/// Why two cells must differ, as the writers label an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Why {
    /// The first house (by index) holding both.
    House(usize),
    /// No house: a knight's move apart on a grid (anti-knight).
    Knight,
    /// No house: diagonal neighbours on a grid (anti-king).
    King,
    /// No house, and no move the writers know: a listed pair or other step.
    Pair,
}

/// Every edge `(a, b, why)` with `a < b`, in the graph's edge order.
///
/// Faster than [`ConstraintGraph::reason`] per edge: each cell's houses are
/// listed once, which matters on the 49×49 board's 170 000 edges.
pub(crate) fn edges(graph: &ConstraintGraph) -> Vec<(usize, usize, Why)> {
    let houses_of = graph.houses_by_cell();
    let g = graph.graph();
    g.edge_indices()
        .map(|edge| {
            let (a, b) = g.edge_endpoints(edge).expect("an edge of the graph");
            let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
            let shared = houses_of[a].iter().find(|h| houses_of[b].contains(h));
            let why = match shared {
                Some(&h) => Why::House(h),
                None => match (graph.cells()[a].coord, graph.cells()[b].coord) {
                    (Coord::Grid { row: r1, col: c1 }, Coord::Grid { row: r2, col: c2 }) => {
                        match (r1.abs_diff(r2), c1.abs_diff(c2)) {
                            (1, 2) | (2, 1) => Why::Knight,
                            (1, 1) => Why::King,
                            _ => Why::Pair,
                        }
                    }
                    _ => Why::Pair,
                },
            };
            (a, b, why)
        })
        .collect()
}

/// The label of an edge's reason: the house's name, or the rule's.
pub(crate) fn why_label(graph: &ConstraintGraph, why: Why) -> &str {
    match why {
        Why::House(h) => &graph.houses()[h].name,
        Why::Knight => "anti-knight",
        Why::King => "anti-king",
        Why::Pair => "edge rule",
    }
}

/// A cell's position for drawings and exports, in cell units (x right, y down),
/// or `None` for freely listed cells without coordinates.
pub(crate) fn position(graph: &ConstraintGraph, cell: usize) -> Option<(f64, f64)> {
    match graph.cells()[cell].coord {
        Coord::Grid { row, col } => Some((col as f64, row as f64)),
        Coord::Polar { sector, ring } => {
            let Layout::Polar { sectors, rings } = graph.layout() else {
                return None;
            };
            // Ring 0 innermost; the inner hole as wide as a third of the disc.
            let radius = rings as f64 / 2.0 + ring as f64 + 0.5;
            let angle = (sector as f64 + 0.5) * std::f64::consts::TAU / sectors as f64;
            Some((radius * angle.sin(), -radius * angle.cos()))
        }
        Coord::Free { x, y } => {
            let all_zero = graph
                .cells()
                .iter()
                .all(|c| matches!(c.coord, Coord::Free { x: 0.0, y: 0.0 }));
            (!all_zero).then_some((x, y))
        }
    }
}

/// Largest grid a list of cells is drawn as: more positions than this is not a
/// shape but a scatter.
const MAX_FREE_GRID: usize = 1 << 16;

/// Where the cells sit on a grid, for drawing it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Places {
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Each cell's (row, column); `None` for a cell off the grid.
    pub of: Vec<Option<(usize, usize)>>,
    /// The cell at each position, row by row; `None` where no cell is.
    pub at: Vec<Option<usize>>,
}

impl Places {
    /// The grid of a grid shape, or of listed cells whose coordinates are
    /// distinct whole numbers (x = column, y = row); `None` for other shapes,
    /// and for listed cells all at the origin (no coordinates).
    pub(crate) fn of(graph: &ConstraintGraph) -> Option<Places> {
        let (rows, cols, of): (usize, usize, Vec<Option<(usize, usize)>>) = match graph.layout() {
            Layout::Grid { rows, cols, .. } => {
                let of = graph
                    .cells()
                    .iter()
                    .map(|c| match c.coord {
                        Coord::Grid { row, col } => Some((row, col)),
                        _ => None,
                    })
                    .collect();
                (rows, cols, of)
            }
            Layout::Polar { .. } => return None,
            Layout::Free => {
                let points: Vec<(f64, f64)> = graph
                    .cells()
                    .iter()
                    .map(|c| match c.coord {
                        Coord::Free { x, y } => Some((x, y)),
                        _ => None,
                    })
                    .collect::<Option<_>>()?;
                let whole = |v: f64| v.fract() == 0.0 && v.abs() < 1e9;
                if points.iter().all(|&p| p == (0.0, 0.0))
                    || !points.iter().all(|p| whole(p.0) && whole(p.1))
                {
                    return None;
                }
                let least =
                    |f: fn(&(f64, f64)) -> f64| points.iter().map(f).fold(f64::INFINITY, f64::min);
                let most = |f: fn(&(f64, f64)) -> f64| {
                    points.iter().map(f).fold(f64::NEG_INFINITY, f64::max)
                };
                let (min_x, min_y) = (least(|p| p.0), least(|p| p.1));
                let cols = (most(|p| p.0) - min_x) as usize + 1;
                let rows = (most(|p| p.1) - min_y) as usize + 1;
                if cols.checked_mul(rows).is_none_or(|n| n > MAX_FREE_GRID) {
                    return None;
                }
                let of = points
                    .iter()
                    .map(|p| Some(((p.1 - min_y) as usize, (p.0 - min_x) as usize)))
                    .collect();
                (rows, cols, of)
            }
        };
        let mut at = vec![None; rows * cols];
        for (i, place) in of.iter().enumerate() {
            if let Some((row, col)) = *place {
                if at[row * cols + col].is_some() {
                    return None; // two cells on one spot
                }
                at[row * cols + col] = Some(i);
            }
        }
        Some(Places { rows, cols, of, at })
    }
}
