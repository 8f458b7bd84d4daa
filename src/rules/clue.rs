//! Outside clues (little killers, sandwiches, X-sums, skyscrapers): the
//! direction a clue looks in, and the line of cells it sees.

use serde::{Deserialize, Serialize};

use crate::cell::{Cell, Coord};

/// The direction an outside clue looks into the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Direction {
    /// Towards the top (a clue below the grid).
    Up,
    /// Towards the bottom (a clue above the grid).
    Down,
    /// Towards the left (a clue right of the grid).
    Left,
    /// Towards the right (a clue left of the grid).
    Right,
    /// Diagonally up and left.
    UpLeft,
    /// Diagonally up and right.
    UpRight,
    /// Diagonally down and left.
    DownLeft,
    /// Diagonally down and right.
    DownRight,
}

impl Direction {
    /// One step in this direction, as (rows, columns).
    ///
    /// # Example
    /// ```
    /// use graphdoku::rules::clue::Direction;
    /// assert_eq!(Direction::UpRight.step(), (-1, 1));
    /// ```
    pub fn step(self) -> (i64, i64) {
        match self {
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }

    /// Whether the direction is a diagonal one.
    pub fn diagonal(self) -> bool {
        let (r, c) = self.step();
        r != 0 && c != 0
    }

    /// The word written in RON: `Down`, `UpLeft`, …
    pub fn word(self) -> &'static str {
        match self {
            Direction::Up => "Up",
            Direction::Down => "Down",
            Direction::Left => "Left",
            Direction::Right => "Right",
            Direction::UpLeft => "UpLeft",
            Direction::UpRight => "UpRight",
            Direction::DownLeft => "DownLeft",
            Direction::DownRight => "DownRight",
        }
    }
}

/// The cells an outside clue sees: from `from` in direction `towards` while
/// there are cells, `from` first.
///
/// # Errors
/// When `from` is not on a grid, or the cell before it (where the clue
/// stands) is a cell of the grid: the clue must stand outside.
pub fn line(all: &[Cell], from: usize, towards: Direction) -> Result<Vec<usize>, String> {
    let at: std::collections::HashMap<(i64, i64), usize> = (all.iter().enumerate())
        .filter_map(|(i, c)| match c.coord {
            Coord::Grid { row, col } => Some(((row as i64, col as i64), i)),
            _ => None,
        })
        .collect();
    let Coord::Grid { row, col } = all[from].coord else {
        return Err(format!("{} is not a cell of a grid", all[from].name));
    };
    let (dr, dc) = towards.step();
    let (mut r, mut c) = (row as i64, col as i64);
    if let Some(&before) = at.get(&(r - dr, c - dc)) {
        return Err(format!(
            "the clue would stand on {}: {} is not on the edge of the grid looking {}",
            all[before].name,
            all[from].name,
            towards.word()
        ));
    }
    let mut cells = Vec::new();
    while let Some(&cell) = at.get(&(r, c)) {
        cells.push(cell);
        (r, c) = (r + dr, c + dc);
    }
    Ok(cells)
}

/// Whether some `count` values of `values` (repeats allowed) sum to `total`,
/// for some `count` in `counts`: the totals a sandwich can have.
///
/// # Example
/// ```
/// use graphdoku::rules::clue::reachable;
/// assert!(reachable(&[2, 3], 0..=2, 0));
/// assert!(reachable(&[2, 3], 0..=2, 5));
/// assert!(!reachable(&[2, 3], 0..=2, 1));
/// ```
pub fn reachable(values: &[i64], counts: std::ops::RangeInclusive<usize>, total: i64) -> bool {
    let mut reach = std::collections::BTreeSet::from([0i64]);
    for count in 0..=*counts.end() {
        if counts.contains(&count) && reach.contains(&total) {
            return true;
        }
        reach = reach
            .iter()
            .flat_map(|s| values.iter().map(move |v| s + v))
            .collect();
    }
    false
}
