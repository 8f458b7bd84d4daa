//! Warnings about a shape that is valid but probably not what its designer meant.

use std::collections::HashMap;
use std::fmt;

use petgraph::unionfind::UnionFind;
use petgraph::visit::EdgeRef;

use crate::graph::ConstraintGraph;

/// Something legal but suspicious in a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// Cells in no house and on no edge: any symbol goes there.
    Unconstrained {
        /// Their names.
        cells: Vec<String>,
    },
    /// A house with fewer cells than symbols: it forbids repeats but need not hold
    /// every symbol, so the solver finds no hidden singles in it.
    SmallHouse {
        /// The house.
        house: String,
        /// Its cells.
        cells: usize,
        /// The number of symbols.
        symbols: usize,
    },
    /// The constrained cells fall into groups with no edge between them: each
    /// group can be solved (and relabelled) on its own.
    Disconnected {
        /// One cell of each group, largest group first.
        examples: Vec<String>,
        /// The size of each group, largest first.
        sizes: Vec<usize>,
    },
}

/// How many names a message lists before "and N more".
const SHOWN: usize = 8;

fn list(names: &[String]) -> String {
    let mut text = names[..names.len().min(SHOWN)].join(", ");
    if names.len() > SHOWN {
        text.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    text
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::Unconstrained { cells } => write!(
                f,
                "{} cell{} in no house and on no edge (any symbol fits): {}",
                cells.len(),
                if cells.len() == 1 { " is" } else { "s are" },
                list(cells)
            ),
            Warning::SmallHouse {
                house,
                cells,
                symbols,
            } => write!(
                f,
                "{house} has {cells} cells for {symbols} symbols: it only forbids repeats"
            ),
            Warning::Disconnected { examples, sizes } => {
                let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
                write!(
                    f,
                    "the graph falls into {} unconnected parts of {} cells (containing {}): each is solved on its own",
                    examples.len(),
                    sizes.join(", "),
                    list(examples)
                )
            }
        }
    }
}

/// The warnings for `graph`, in a fixed order: unconstrained cells, small houses,
/// disconnected parts.
///
/// Linear in the size of the graph.
///
/// # Example
/// ```
/// use graphdoku::{ConstraintGraph, lint};
/// assert!(lint::warnings(&ConstraintGraph::load("sudoku9").unwrap()).is_empty());
/// let v = graphdoku::variant::parse(
///     r#"Variant(name: "two", symbols: Chars("12"), cells: Grid(rows: 1, cols: 3),
///        houses: [House(name: "pair", cells: ["r1c1", "r1c2"])])"#, "t").unwrap();
/// let warnings = lint::warnings(&ConstraintGraph::build(&v).unwrap());
/// assert_eq!(warnings.len(), 1); // r1c3 is unconstrained
/// ```
pub fn warnings(graph: &ConstraintGraph) -> Vec<Warning> {
    let cells = graph.cells();
    let symbols = graph.alphabet().len();
    let mut in_house = vec![false; cells.len()];
    for house in graph.houses() {
        for &cell in &house.cells {
            in_house[cell] = true;
        }
    }
    let is_free: Vec<bool> = (0..cells.len())
        .map(|c| !in_house[c] && graph.neighbours(c).next().is_none())
        .collect();
    let free: Vec<usize> = (0..cells.len()).filter(|&c| is_free[c]).collect();
    let mut warnings = Vec::new();
    if !free.is_empty() {
        warnings.push(Warning::Unconstrained {
            cells: free.iter().map(|&c| cells[c].name.clone()).collect(),
        });
    }
    warnings.extend(
        graph
            .houses()
            .iter()
            .filter(|h| h.cells.len() < symbols)
            .map(|h| Warning::SmallHouse {
                house: h.name.clone(),
                cells: h.cells.len(),
                symbols,
            }),
    );
    let mut groups = UnionFind::new(cells.len());
    for edge in graph.graph().edge_references() {
        groups.union(edge.source().index(), edge.target().index());
    }
    for house in graph.houses() {
        for pair in house.cells.windows(2) {
            groups.union(pair[0], pair[1]);
        }
    }
    // The constrained cells by group: (first cell, size), in order of first cell.
    let mut parts: Vec<(usize, usize)> = Vec::new();
    let mut part_of_root = HashMap::new();
    for cell in (0..cells.len()).filter(|&c| !is_free[c]) {
        let part = *part_of_root.entry(groups.find(cell)).or_insert_with(|| {
            parts.push((cell, 0));
            parts.len() - 1
        });
        parts[part].1 += 1;
    }
    if parts.len() > 1 {
        parts.sort_by_key(|p| std::cmp::Reverse(p.1));
        warnings.push(Warning::Disconnected {
            examples: parts.iter().map(|p| cells[p.0].name.clone()).collect(),
            sizes: parts.iter().map(|p| p.1).collect(),
        });
    }
    warnings
}
