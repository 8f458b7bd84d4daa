//! What every candidate store needs from the graph, flattened once: neighbours,
//! full houses and each cell's allowed colours.

use crate::graph::ConstraintGraph;

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

impl Shape {
    pub fn new(graph: &ConstraintGraph) -> Self {
        let k = graph.alphabet().len();
        let g = graph.graph();
        let neighbours = g
            .node_indices()
            .map(|node| {
                let mut peers: Vec<u32> = g.neighbors(node).map(|n| n.index() as u32).collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect();
        let houses: Vec<Vec<u32>> = graph
            .houses()
            .iter()
            .filter(|h| h.cells.len() == k)
            .map(|h| h.cells.iter().map(|&c| c as u32).collect())
            .collect();
        let allowed = (0..graph.len())
            .map(|cell| graph.allowed(cell).map(<[u8]>::to_vec))
            .collect();
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
}
