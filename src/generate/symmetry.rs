//! Symmetric clue patterns: which cells must be given or removed together.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use crate::graph::{ConstraintGraph, Coord, Layout};

/// A symmetry of the clue pattern (not of the rules): cells in one orbit are
/// given or empty together.
///
/// | symmetry | grid shapes | polar shapes |
/// |---|---|---|
/// | `none` | yes | yes |
/// | `rot180` | yes | even number of sectors (half a turn) |
/// | `rot90` | square grids | sectors divisible by 4 (a quarter turn) |
/// | `mirror` | left–right | sector `s` ↔ sector `S+1−s` |
/// | `diagonal` | square grids (transpose) | no |
///
/// Masked grids need a mask with the same symmetry; freely listed cells allow only `none`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Unchanged by a half turn.
    Rot180,
    /// Unchanged by a quarter turn.
    Rot90,
    /// Unchanged by a left–right reflection.
    Mirror,
    /// Unchanged by reflection in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The cells of `graph` grouped into orbits (each cell in exactly one), in
    /// order of their first cell.
    ///
    /// # Errors
    /// A message when the layout does not support this symmetry.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{generate::Symmetry, ConstraintGraph};
    /// let g = ConstraintGraph::load("sudoku9").unwrap();
    /// let orbits = Symmetry::Rot180.orbits(&g).unwrap();
    /// assert_eq!(orbits.len(), 41); // 40 pairs and the centre
    /// assert_eq!(orbits[0], vec![0, 80]);
    /// assert!(Symmetry::Diagonal.orbits(&ConstraintGraph::load("pie").unwrap()).is_err());
    /// ```
    pub fn orbits(self, graph: &ConstraintGraph) -> Result<Vec<Vec<usize>>, String> {
        let image = self.image(graph)?;
        let mut seen = vec![false; image.len()];
        let mut orbits = Vec::new();
        for start in 0..image.len() {
            let mut orbit = Vec::new();
            let mut cell = start;
            while !seen[cell] {
                seen[cell] = true;
                orbit.push(cell);
                cell = image[cell];
            }
            if !orbit.is_empty() {
                orbit.sort_unstable();
                orbits.push(orbit);
            }
        }
        Ok(orbits)
    }

    /// Where the symmetry sends each cell.
    fn image(self, graph: &ConstraintGraph) -> Result<Vec<usize>, String> {
        if self == Symmetry::None {
            return Ok((0..graph.len()).collect());
        }
        let unsupported = |why: String| Err(format!("symmetry {} {why}", self.name()));
        // On (row, column) for grids, (sector, ring) for polar shapes.
        let map: Box<dyn Fn(usize, usize) -> (usize, usize)> = match (graph.layout(), self) {
            (Layout::Grid { rows, cols, .. }, Symmetry::Rot90 | Symmetry::Diagonal)
                if rows != cols =>
            {
                return unsupported(format!("needs a square grid, not {rows}×{cols}"));
            }
            (Layout::Grid { rows, cols, .. }, Symmetry::Rot180) => {
                Box::new(move |r, c| (rows - 1 - r, cols - 1 - c))
            }
            (Layout::Grid { rows, .. }, Symmetry::Rot90) => Box::new(move |r, c| (c, rows - 1 - r)),
            (Layout::Grid { cols, .. }, Symmetry::Mirror) => {
                Box::new(move |r, c| (r, cols - 1 - c))
            }
            (Layout::Grid { .. }, _) => Box::new(|r, c| (c, r)),
            (Layout::Polar { sectors, .. }, Symmetry::Rot180) if sectors % 2 == 0 => {
                Box::new(move |s, r| ((s + sectors / 2) % sectors, r))
            }
            (Layout::Polar { sectors, .. }, Symmetry::Rot90) if sectors % 4 == 0 => {
                Box::new(move |s, r| ((s + sectors / 4) % sectors, r))
            }
            (Layout::Polar { sectors, .. }, Symmetry::Mirror) => {
                Box::new(move |s, r| (sectors - 1 - s, r))
            }
            (Layout::Polar { .. }, Symmetry::Diagonal) => {
                return unsupported("has no meaning for a polar shape".into());
            }
            (Layout::Polar { sectors, .. }, _) => {
                return unsupported(format!("does not fit {sectors} sectors"));
            }
            (Layout::Free, _) => {
                return unsupported(
                    "needs a grid or polar shape; this variant lists its cells freely".into(),
                );
            }
        };
        let position = |coord: Coord| match coord {
            Coord::Grid { row, col } => (row, col),
            Coord::Polar { sector, ring } => (sector, ring),
            Coord::Free { .. } => unreachable!("a grid or polar layout has no free cells"),
        };
        let cells = graph.cells();
        let at: BTreeMap<(usize, usize), usize> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| (position(c.coord), i))
            .collect();
        cells
            .iter()
            .map(|cell| {
                let (a, b) = position(cell.coord);
                at.get(&map(a, b)).copied().ok_or_else(|| {
                    format!(
                        "symmetry {}: the shape is not symmetric ({} has no partner cell)",
                        self.name(),
                        cell.name
                    )
                })
            })
            .collect()
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        crate::names::parse(&Symmetry::ALL, Symmetry::name, text, "symmetry")
    }
}
