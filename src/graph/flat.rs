//! The graph as flat arrays for checking colourings fast: the cells of every
//! house, and the edges that lie in no house.
//!
//! A colouring is proper when every house holds each colour at most once and
//! every other edge joins two colours: one bit test per cell of a house and
//! one comparison per loose edge, where walking every edge of a 9×9 board
//! takes 810 comparisons.

use petgraph::visit::EdgeRef;

use super::ConstraintGraph;

/// Flat houses and loose edges of one graph (see the module docs).
#[derive(Debug, Clone)]
pub(crate) struct Flat {
    /// The cells of every house, house after house.
    cells: Vec<u32>,
    /// Where each house ends in `cells`.
    ends: Vec<u32>,
    /// The edges that no house holds both ends of.
    loose: Vec<(u32, u32)>,
    /// Colours in the alphabet.
    colours: usize,
}

impl Flat {
    pub(crate) fn new(graph: &ConstraintGraph) -> Self {
        let mut cells = Vec::new();
        let mut ends = Vec::new();
        let mut houses_of = vec![Vec::new(); graph.len()];
        for (h, house) in graph.houses().iter().enumerate() {
            cells.extend(house.cells.iter().map(|&c| c as u32));
            ends.push(cells.len() as u32);
            for &c in &house.cells {
                houses_of[c].push(h);
            }
        }
        let loose = graph
            .graph()
            .edge_references()
            .map(|e| (e.source().index(), e.target().index()))
            .filter(|&(a, b)| !houses_of[a].iter().any(|h| houses_of[b].contains(h)))
            .map(|(a, b)| (a as u32, b as u32))
            .collect();
        Flat {
            cells,
            ends,
            loose,
            colours: graph.alphabet().len(),
        }
    }

    /// Whether no two adjacent cells hold the same value (`None`: not set).
    ///
    /// # Panics
    /// When `values` has fewer entries than the graph has cells, or a value is
    /// not below 128.
    pub(crate) fn proper<T: Copy + Into<Option<u8>>>(&self, values: &[T]) -> bool {
        if self.colours <= 64 {
            self.houses_differ::<u64, T>(values) && self.loose_differ(values)
        } else {
            self.houses_differ::<u128, T>(values) && self.loose_differ(values)
        }
    }

    /// Whether every house holds each value at most once, with colour sets of type `M`.
    fn houses_differ<M: Mask, T: Copy + Into<Option<u8>>>(&self, values: &[T]) -> bool {
        let mut start = 0;
        for &end in &self.ends {
            let mut seen = M::default();
            for &c in &self.cells[start as usize..end as usize] {
                if let Some(v) = values[c as usize].into() {
                    let bit = M::bit(v);
                    if seen & bit != M::default() {
                        return false;
                    }
                    seen = seen | bit;
                }
            }
            start = end;
        }
        true
    }

    fn loose_differ<T: Copy + Into<Option<u8>>>(&self, values: &[T]) -> bool {
        self.loose.iter().all(|&(a, b)| {
            let (a, b) = (values[a as usize].into(), values[b as usize].into());
            a.is_none() || a != b
        })
    }
}

/// A set of colours in one integer.
trait Mask:
    Copy + Default + PartialEq + std::ops::BitAnd<Output = Self> + std::ops::BitOr<Output = Self>
{
    fn bit(colour: u8) -> Self;
}

impl Mask for u64 {
    fn bit(colour: u8) -> Self {
        1 << colour
    }
}

impl Mask for u128 {
    fn bit(colour: u8) -> Self {
        1 << colour
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Euler example's solution: a proper 9×9 colouring.
    const SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    fn colours(text: &str) -> Vec<u8> {
        text.bytes().map(|b| b - b'1').collect()
    }

    #[test]
    fn houses_and_loose_edges_are_both_checked() {
        let plain = ConstraintGraph::load("sudoku9").unwrap();
        assert!(plain.flat().loose.is_empty());
        assert!(plain.flat().proper(&colours(SOLVED)));
        // Two cells of row 1 swapped: a column clash, found through the houses.
        let swapped = format!("{}{}{}", &SOLVED[1..2], &SOLVED[..1], &SOLVED[2..]);
        assert!(!plain.flat().proper(&colours(&swapped)));
        // Anti-knight: the knight moves lie in no house, and this solution breaks one.
        let knight = ConstraintGraph::load("anti-knight").unwrap();
        assert!(!knight.flat().loose.is_empty());
        assert!(!knight.flat().proper(&colours(SOLVED)));
    }

    #[test]
    fn unset_cells_never_clash() {
        let graph = ConstraintGraph::load("anti-knight").unwrap();
        let mut values = vec![None; 81];
        assert!(graph.flat().proper(&values));
        values[0] = Some(3);
        values[11] = Some(3); // r2c3: a knight's move from r1c1
        assert!(!graph.flat().proper(&values));
        values[11] = Some(4);
        assert!(graph.flat().proper(&values));
    }
}
