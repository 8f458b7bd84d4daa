//! Puzzles (a partial colouring: the givens) and solutions (a full colouring).

use crate::graph::ConstraintGraph;

/// The givens of a puzzle: for each cell, in the variant's cell order, its colour
/// (symbol index) or `None` when empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    givens: Vec<Option<u8>>,
}

/// Two givens that break a "must differ" rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clash {
    /// The first cell (lower index).
    pub first: usize,
    /// The second cell.
    pub second: usize,
    /// The colour both hold.
    pub colour: u8,
}

impl Puzzle {
    /// A puzzle from per-cell givens.
    pub fn new(givens: Vec<Option<u8>>) -> Self {
        Puzzle { givens }
    }

    /// A puzzle with every one of `cells` cells empty.
    pub fn empty(cells: usize) -> Self {
        Puzzle {
            givens: vec![None; cells],
        }
    }

    /// The givens, cell by cell.
    pub fn givens(&self) -> &[Option<u8>] {
        &self.givens
    }

    /// The givens, to overwrite in place: a reader of many puzzles reuses one
    /// puzzle's memory.
    pub(crate) fn givens_mut(&mut self) -> &mut [Option<u8>] {
        &mut self.givens
    }

    /// Number of cells that are given.
    pub fn clue_count(&self) -> usize {
        self.givens.iter().flatten().count()
    }

    /// Checks that the puzzle fits `graph`: right number of cells, colours within
    /// the alphabet and allowed in their cells, and no two adjacent givens alike.
    ///
    /// # Errors
    /// A message naming the offending cells (and, for a clash, the house or rule).
    pub fn check(&self, graph: &ConstraintGraph) -> Result<(), String> {
        if self.givens.len() != graph.len() {
            return Err(format!(
                "the puzzle has {}, the variant {}",
                crate::names::counted(self.givens.len(), "cell", "cells"),
                graph.len()
            ));
        }
        // The common case in one pass over flat arrays; the rest of this
        // function only names what is wrong.
        let flat = graph.flat();
        if flat.admits_properly(&self.givens) {
            return Ok(());
        }
        let k = graph.alphabet().len();
        if let Some(cell) = self
            .givens
            .iter()
            .position(|g| g.is_some_and(|c| c as usize >= k))
        {
            return Err(format!("{}: colour out of range", graph.cells()[cell].name));
        }
        let forbidden = self.givens.iter().enumerate().find_map(|(cell, given)| {
            let allowed = graph.allowed(cell)?;
            given
                .filter(|c| !allowed.contains(c))
                .map(|c| (cell, c, allowed))
        });
        if let Some((cell, colour, allowed)) = forbidden {
            let alphabet = graph.alphabet();
            let allowed: Vec<&str> = allowed.iter().map(|&c| alphabet.symbol(c)).collect();
            return Err(format!(
                "{} is given {}, but may hold only {}",
                graph.cells()[cell].name,
                alphabet.symbol(colour),
                allowed.join(" ")
            ));
        }
        match self.clashes(graph).first() {
            None => Ok(()),
            Some(clash) => Err(describe_clash(graph, clash)),
        }
    }

    /// Every pair of adjacent cells given the same colour.
    pub fn clashes(&self, graph: &ConstraintGraph) -> Vec<Clash> {
        let g = graph.graph();
        let mut clashes: Vec<Clash> = g
            .edge_indices()
            .filter_map(|e| {
                let (a, b) = g.edge_endpoints(e)?;
                let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
                match (self.givens.get(a)?, self.givens.get(b)?) {
                    (Some(x), Some(y)) if x == y => Some(Clash {
                        first: a,
                        second: b,
                        colour: *x,
                    }),
                    _ => None,
                }
            })
            .collect();
        clashes.sort_by_key(|c| (c.first, c.second));
        clashes
    }
}

fn describe_clash(graph: &ConstraintGraph, clash: &Clash) -> String {
    let cells = graph.cells();
    format!(
        "givens clash: {} and {} are both {} ({})",
        cells[clash.first].name,
        cells[clash.second].name,
        graph.alphabet().symbol(clash.colour),
        graph.reason(clash.first, clash.second)
    )
}

/// A full colouring: one colour (symbol index) per cell.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    colours: Vec<u8>,
}

impl Solution {
    /// A solution from per-cell colours.
    pub fn new(colours: Vec<u8>) -> Self {
        Solution { colours }
    }

    /// The colours, cell by cell.
    pub fn colours(&self) -> &[u8] {
        &self.colours
    }

    /// The solution as a (full) puzzle, e.g. for printing with the same code.
    pub fn to_puzzle(&self) -> Puzzle {
        Puzzle::new(self.colours.iter().map(|&c| Some(c)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clashing_givens_are_named_with_their_house() {
        let g = ConstraintGraph::load("sudoku4").unwrap();
        let mut givens = vec![None; 16];
        givens[0] = Some(2);
        givens[3] = Some(2);
        let err = Puzzle::new(givens).check(&g).unwrap_err();
        assert_eq!(err, "givens clash: r1c1 and r1c4 are both 3 (row 1)");
    }

    #[test]
    fn givens_outside_their_allowed_list_are_named() {
        let v = crate::variant::parse(
            r#"Variant(extends: "sudoku4", allowed: [Cells(cells: ["r1c1"], symbols: ["2", "4"])])"#,
            "t",
        )
        .unwrap();
        let g = ConstraintGraph::build(&v).unwrap();
        let mut givens = vec![None; 16];
        givens[0] = Some(2);
        let err = Puzzle::new(givens.clone()).check(&g).unwrap_err();
        assert_eq!(err, "r1c1 is given 3, but may hold only 2 4");
        givens[0] = Some(3);
        assert!(Puzzle::new(givens).check(&g).is_ok());
    }

    #[test]
    fn wrong_size_is_reported() {
        let g = ConstraintGraph::load("sudoku4").unwrap();
        assert!(Puzzle::empty(15).check(&g).is_err());
        assert!(Puzzle::empty(16).check(&g).is_ok());
    }
}
