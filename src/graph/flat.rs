//! The graph as flat arrays for checking colourings fast: the cells of every
//! house, and the edges that lie in no house.
//!
//! A colouring is proper when every house holds each colour at most once and
//! every other edge joins two colours: one bit test per cell of a house and
//! one comparison per loose edge, where walking every edge of a 9×9 board
//! takes 810 comparisons.

use petgraph::visit::EdgeRef;

use super::ConstraintGraph;
use crate::colours::Colours;

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
    /// The colours each cell allows, as a set; empty when every cell allows all.
    allowed: Vec<Colours>,
}

impl Flat {
    pub(crate) fn new(graph: &ConstraintGraph) -> Self {
        let mut cells = Vec::new();
        let mut ends = Vec::new();
        for house in graph.houses() {
            cells.extend(house.cells.iter().map(|&c| c as u32));
            ends.push(cells.len() as u32);
        }
        // Each cell's houses as a bit set: an edge is loose when its ends' sets
        // are disjoint (a word operation or two per edge; there are many edges).
        let words = graph.houses().len().div_ceil(64).max(1);
        let mut member = vec![0u64; graph.len() * words];
        for (h, house) in graph.houses().iter().enumerate() {
            for &c in &house.cells {
                member[c * words + h / 64] |= 1 << (h % 64);
            }
        }
        let houses_of = |c: usize| &member[c * words..c * words + words];
        let loose = graph
            .graph()
            .edge_references()
            .map(|e| (e.source().index(), e.target().index()))
            .filter(|&(a, b)| {
                houses_of(a)
                    .iter()
                    .zip(houses_of(b))
                    .all(|(x, y)| x & y == 0)
            })
            .map(|(a, b)| (a as u32, b as u32))
            .collect();
        let restricted = (0..graph.len()).any(|c| graph.allowed(c).is_some());
        let allowed = match restricted {
            false => Vec::new(),
            true => (0..graph.len())
                .map(|c| match graph.allowed(c) {
                    Some(list) => list.iter().copied().collect(),
                    None => !Colours::EMPTY,
                })
                .collect(),
        };
        Flat {
            cells,
            ends,
            loose,
            colours: graph.alphabet().len(),
            allowed,
        }
    }

    /// Whether every value set is a colour of the alphabet that its cell allows.
    ///
    /// # Panics
    /// When `values` has fewer entries than the graph has cells.
    pub(crate) fn admits<T: Copy + Into<Option<u8>>>(&self, values: &[T]) -> bool {
        let k = self.colours;
        let in_range = |v: T| v.into().is_none_or(|c| (c as usize) < k);
        if self.allowed.is_empty() {
            return values.iter().all(|&v| in_range(v));
        }
        let allows = |(&v, set): (&T, &Colours)| v.into().is_none_or(|c| set.contains(c));
        values.iter().all(|&v| in_range(v)) && values.iter().zip(&self.allowed).all(allows)
    }

    /// Whether no two adjacent cells hold the same value (`None`: not set).
    ///
    /// # Panics
    /// When `values` has fewer entries than the graph has cells, or (in an
    /// alphabet of at most 64 or 128 colours) a value not below that.
    pub(crate) fn proper<T: Copy + Into<Option<u8>>>(&self, values: &[T]) -> bool {
        let houses = match self.colours {
            0..=64 => self.houses_differ::<u64, T>(values),
            65..=128 => self.houses_differ::<u128, T>(values),
            _ => self.houses_differ::<Colours, T>(values),
        };
        houses && self.loose_differ(values)
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

impl Mask for Colours {
    fn bit(colour: u8) -> Self {
        Colours::single(colour)
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
