//! Checking a solution against the constraint graph, independently of the solver.
//!
//! Nothing here shares code with [`crate::solver`]: it reads the graph's houses
//! and edges (as flat arrays, and the petgraph edges to name a broken rule), so
//! a solver bug cannot hide itself.

use std::fmt;

use petgraph::visit::EdgeRef;

use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};

/// The first rule a colouring breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// The solution does not have one colour per cell.
    WrongSize {
        /// Cells in the graph.
        expected: usize,
        /// Colours in the solution.
        found: usize,
    },
    /// A colour outside the alphabet.
    BadColour {
        /// Cell name.
        cell: String,
    },
    /// A given was changed.
    GivenChanged {
        /// Cell name.
        cell: String,
    },
    /// Two adjacent cells share a colour.
    SameColour {
        /// One cell.
        first: String,
        /// The other.
        second: String,
    },
    /// A house with one cell per symbol misses a symbol.
    MissingSymbol {
        /// House name.
        house: String,
        /// The symbol.
        symbol: String,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::WrongSize { expected, found } => {
                write!(f, "{found} colours for {expected} cells")
            }
            Violation::BadColour { cell } => write!(f, "{cell} holds no valid symbol"),
            Violation::GivenChanged { cell } => write!(f, "the given at {cell} was changed"),
            Violation::SameColour { first, second } => {
                write!(f, "{first} and {second} must differ but are equal")
            }
            Violation::MissingSymbol { house, symbol } => write!(f, "{house} lacks {symbol}"),
        }
    }
}

impl std::error::Error for Violation {}

/// Checks that `solution` is a proper colouring of `graph` extending `puzzle`.
///
/// # Errors
/// The first [`Violation`] found.
///
/// # Example
/// ```
/// use graphdoku::{verify, ConstraintGraph, Puzzle, Solution};
/// let g = ConstraintGraph::load("sudoku4").unwrap();
/// let bad = Solution::new(vec![0; 16]);
/// assert!(verify(&g, &Puzzle::empty(16), &bad).is_err());
/// ```
pub fn verify(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    solution: &Solution,
) -> Result<(), Violation> {
    let colours = solution.colours();
    let cells = graph.cells();
    if colours.len() != cells.len() || puzzle.givens().len() != cells.len() {
        return Err(Violation::WrongSize {
            expected: cells.len(),
            found: colours.len(),
        });
    }
    // The common case in a pass or two over flat arrays; the rest of this
    // function only names what is wrong.
    if graph.flat().proper_extension(puzzle.givens(), colours) {
        return Ok(());
    }
    let symbols = graph.alphabet().len();
    for (i, &colour) in colours.iter().enumerate() {
        if colour as usize >= symbols || graph.allowed(i).is_some_and(|a| !a.contains(&colour)) {
            return Err(Violation::BadColour {
                cell: cells[i].name.clone(),
            });
        }
        if puzzle.givens()[i].is_some_and(|given| given != colour) {
            return Err(Violation::GivenChanged {
                cell: cells[i].name.clone(),
            });
        }
    }
    for edge in graph.graph().edge_references() {
        let (a, b) = (edge.source().index(), edge.target().index());
        if colours[a] == colours[b] {
            return Err(Violation::SameColour {
                first: cells[a].name.clone(),
                second: cells[b].name.clone(),
            });
        }
    }
    for house in graph.houses().iter().filter(|h| h.cells.len() == symbols) {
        let mut present = vec![false; symbols];
        for &cell in &house.cells {
            present[colours[cell] as usize] = true;
        }
        if let Some(missing) = present.iter().position(|&p| !p) {
            return Err(Violation::MissingSymbol {
                house: house.name.clone(),
                symbol: graph.alphabet().symbol(missing as u8).to_string(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Euler example's solution: a proper 9×9 colouring.
    const SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    fn solution() -> Vec<u8> {
        SOLVED.bytes().map(|b| b - b'1').collect()
    }

    #[test]
    fn the_fast_path_passes_only_what_the_slow_one_would() {
        let g = ConstraintGraph::load("sudoku9").unwrap();
        let colours = solution();
        let mut givens: Vec<Option<u8>> = vec![None; 81];
        for cell in [0, 40, 63, 64, 80] {
            givens[cell] = Some(colours[cell]);
        }
        let puzzle = Puzzle::new(givens.clone());
        assert_eq!(verify(&g, &puzzle, &Solution::new(colours.clone())), Ok(()));
        // A given changed past cell 64.
        givens[70] = Some((colours[70] + 1) % 9);
        let err = verify(&g, &Puzzle::new(givens), &Solution::new(colours.clone()));
        let cell = g.cells()[70].name.clone();
        assert_eq!(err, Err(Violation::GivenChanged { cell }));
        // A colour out of range, and a clash only a knight's move finds.
        let mut bad = colours.clone();
        bad[75] = 9;
        let err = verify(&g, &puzzle, &Solution::new(bad));
        assert!(matches!(err, Err(Violation::BadColour { .. })), "{err:?}");
        let knight = ConstraintGraph::load("anti-knight").unwrap();
        let err = verify(&knight, &puzzle, &Solution::new(colours));
        assert!(matches!(err, Err(Violation::SameColour { .. })), "{err:?}");
    }
}
