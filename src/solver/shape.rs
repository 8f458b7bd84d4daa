//! What every candidate store needs from the graph, flattened once: neighbours,
//! full houses, each cell's allowed colours, and (on demand) where two houses meet.

use petgraph::visit::EdgeRef;

use crate::graph::ConstraintGraph;
use crate::rules::primitive;

/// The graph as plain index lists (cells and colours are indices).
#[derive(Debug, Clone)]
pub(crate) struct Shape {
    pub colours: usize,
    /// Sorted neighbours of each cell.
    pub neighbours: Vec<Vec<u32>>,
    /// Houses with exactly one cell per colour: every colour appears in each once.
    pub houses: Vec<Vec<u32>>,
    /// The colours each cell may hold before any given (`None`: all of them).
    pub allowed: Vec<Option<Vec<u8>>>,
}

/// Where two full houses meet.
#[derive(Debug, Clone)]
pub(crate) struct Meet {
    pub shared: Vec<u32>,
    pub only_first: Vec<u32>,
    pub only_second: Vec<u32>,
}

impl Shape {
    pub fn new(graph: &ConstraintGraph) -> Self {
        let k = graph.alphabet().len();
        let g = graph.graph();
        let mut degree = vec![0; graph.len()];
        for edge in g.edge_references() {
            degree[edge.source().index()] += 1;
            degree[edge.target().index()] += 1;
        }
        let mut neighbours: Vec<Vec<u32>> = degree.into_iter().map(Vec::with_capacity).collect();
        for edge in g.edge_references() {
            let (a, b) = (edge.source().index(), edge.target().index());
            neighbours[a].push(b as u32);
            neighbours[b].push(a as u32);
        }
        let lowered = graph.lowered();
        // Cells a rule holds distinct (killer cages, renban) are neighbours here.
        for cells in primitive::distinct(&lowered) {
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    neighbours[a].push(b as u32);
                    neighbours[b].push(a as u32);
                }
            }
        }
        // Edges in order (as variants make them) give sorted lists already.
        for peers in &mut neighbours {
            if !peers.is_sorted_by(|a, b| a < b) {
                peers.sort_unstable();
                peers.dedup();
            }
        }
        let houses: Vec<Vec<u32>> = graph
            .houses()
            .iter()
            .filter(|h| h.cells.len() == k)
            .map(|h| h.cells.iter().map(|&c| c as u32).collect())
            .collect();
        let mut allowed: Vec<Option<Vec<u8>>> = (0..graph.len())
            .map(|cell| graph.allowed(cell).map(<[u8]>::to_vec))
            .collect();
        // Odd and even cells allow the colours of their parity.
        for (cells, colours) in primitive::allowed(&lowered) {
            for &cell in cells {
                let list = allowed[cell].get_or_insert_with(|| (0..k as u8).collect());
                list.retain(|&c| colours >> c & 1 == 1);
            }
        }
        Shape {
            colours: k,
            neighbours,
            houses,
            allowed,
        }
    }

    pub fn cells(&self) -> usize {
        self.neighbours.len()
    }

    /// Whether `cell` may hold `colour` before any given.
    pub fn allows(&self, cell: usize, colour: usize) -> bool {
        self.allowed[cell]
            .as_ref()
            .is_none_or(|a| a.contains(&(colour as u8)))
    }

    /// The cells that do not allow every colour.
    pub fn restricted(&self) -> Vec<usize> {
        (0..self.cells())
            .filter(|&c| self.allowed[c].is_some())
            .collect()
    }

    /// Every pair of full houses sharing two cells or more, for locked
    /// candidates (the cell-major store's; bitboards point from any house).
    ///
    /// Pairs are found through the houses of each cell, so the cost grows with
    /// the board, not with the square of the number of houses.
    pub fn meets(&self) -> Vec<Meet> {
        meets(&self.houses, self.cells())
    }
}

fn meets(houses: &[Vec<u32>], cells: usize) -> Vec<Meet> {
    let mut houses_of = vec![Vec::new(); cells];
    for (h, house) in houses.iter().enumerate() {
        for &cell in house {
            houses_of[cell as usize].push(h);
        }
    }
    let mut shared_with = vec![0usize; houses.len()];
    let mut inside = vec![false; cells];
    let mut meets = Vec::new();
    for (a, house) in houses.iter().enumerate() {
        shared_with.fill(0);
        for &cell in house {
            for &b in &houses_of[cell as usize] {
                shared_with[b] += 1;
            }
        }
        for b in (a + 1..houses.len()).filter(|&b| shared_with[b] >= 2) {
            let other = &houses[b];
            other.iter().for_each(|&c| inside[c as usize] = true);
            let (shared, only_first) = house.iter().partition(|&&c| inside[c as usize]);
            other.iter().for_each(|&c| inside[c as usize] = false);
            house.iter().for_each(|&c| inside[c as usize] = true);
            let only_second = other
                .iter()
                .copied()
                .filter(|&c| !inside[c as usize])
                .collect();
            house.iter().for_each(|&c| inside[c as usize] = false);
            meets.push(Meet {
                shared,
                only_first,
                only_second,
            });
        }
    }
    meets
}
