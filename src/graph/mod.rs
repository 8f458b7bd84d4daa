//! The constraint graph of a variant: cells, houses, and "must differ" edges, and
//! the questions asked of it. Building one from a variant is in `build.rs`.

mod build;
mod cost;
mod flat;
mod plain;
pub mod symmetry;

use std::sync::OnceLock;

use petgraph::graph::{NodeIndex, UnGraph};

pub use crate::cell::{Cell, Coord, House, HouseKind};
use crate::symbols::Alphabet;
use crate::variant::VariantError;
pub use build::Capacity;
pub use cost::RuleWork;
pub(crate) use flat::Flat;
pub use plain::{MAX_COLOUR, MAX_VERTICES, PlainGraph};

/// How the cells are laid out, for text output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// A rectangle (possibly with absent cells); `boxes` when the variant has boxes.
    Grid {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Box height and width, for drawing separators.
        boxes: Option<(usize, usize)>,
    },
    /// Sectors × rings.
    Polar {
        /// Number of sectors.
        sectors: usize,
        /// Number of rings.
        rings: usize,
    },
    /// Explicit cells with no regular arrangement.
    Free,
}

/// A variant compiled to a graph: vertex `i` is `cells[i]`, an edge joins two
/// cells that must hold different symbols, symbols are the colours.
///
/// # Example
/// ```
/// let g = graphdoku::ConstraintGraph::load("sudoku9").unwrap();
/// assert_eq!(g.graph().node_count(), 81);
/// assert_eq!(g.graph().edge_count(), 810);
/// assert!(g.graph().neighbors(0.into()).count() == 20);
/// ```
#[derive(Debug, Clone)]
pub struct ConstraintGraph {
    name: String,
    origin: String,
    alphabet: Alphabet,
    cells: Vec<Cell>,
    houses: Vec<House>,
    layout: Layout,
    /// Per-cell allowed colours (list colouring); `None` = every symbol.
    allowed: Vec<Option<Vec<u8>>>,
    graph: UnGraph<(), ()>,
    /// Whether an edge may lie in no house (anti-knight moves, a plain graph's
    /// edges): only then does a symmetry's check visit every edge.
    edges_beyond_houses: bool,
    /// The graph for checking colourings, made when first asked for.
    flat: OnceLock<Flat>,
    /// The numeric value of each symbol, when the symbols have values.
    values: Option<Vec<i64>>,
    /// Rules on the values of cells, beyond "differ".
    rules: Vec<crate::rules::Rule>,
    /// The declared symmetries, each an automorphism (see [`symmetry::check`]).
    symmetries: Vec<symmetry::Permutation>,
    /// The group they generate, enumerated when first asked for.
    group: OnceLock<symmetry::Group>,
}

impl ConstraintGraph {
    /// Reads a variant file or built-in name and builds its graph.
    ///
    /// # Errors
    /// Any [`VariantError`], with the file and the offending item.
    pub fn load(name: &str) -> Result<Self, VariantError> {
        Self::build(&crate::variant::load(name)?)
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file (or `builtin:NAME`) the variant came from.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The symbols.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The cells, in the variant's cell order (= vertex order).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The colours `cell` may take, when the variant restricts it (list
    /// colouring); `None` means any symbol.
    pub fn allowed(&self, cell: usize) -> Option<&[u8]> {
        self.allowed[cell].as_deref()
    }

    /// The numeric value of each symbol in colour order, when the symbols have
    /// values (digits, ranges, or `values: [...]`).
    pub fn values(&self) -> Option<&[i64]> {
        self.values.as_deref()
    }

    /// The rules on the values of cells (killer cages, thermometers, …), from
    /// the variant and any the puzzle added.
    pub fn rules(&self) -> &[crate::rules::Rule] {
        &self.rules
    }

    /// Its rules lowered to primitives, as the solver, the SAT encoding and
    /// the shape read them (none when the symbols have no values).
    pub(crate) fn lowered(&self) -> Vec<crate::rules::primitive::Lowered> {
        use crate::rules::primitive::{Context, lower};
        match self.values() {
            Some(values) if !self.rules.is_empty() => {
                let cx = Context {
                    cells: self.cells(),
                    values,
                };
                lower(&self.rules, cx)
            }
            _ => Vec::new(),
        }
    }

    /// The symmetries the variant declares (its `symmetries`, or those of its
    /// short form), as permutations of the cells (`to[c]` is where cell `c`
    /// goes): each an automorphism of the graph with its rules. Rules added
    /// later ([`ConstraintGraph::with_rules`]) keep the symmetries that keep them.
    pub fn symmetries(&self) -> &[symmetry::Permutation] {
        &self.symmetries
    }

    /// The group the [symmetries](ConstraintGraph::symmetries) generate, every
    /// element, while it has at most 50,000 (and 2²⁴ cells in all); enumerated
    /// once, when first asked for.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, graph::symmetry::Group};
    /// let six = ConstraintGraph::load("sudoku6").unwrap();
    /// assert!(matches!(six.symmetry_group(), Group::Elements(all) if all.len() == 3456));
    /// let sixteen = ConstraintGraph::load("sudoku16").unwrap();
    /// assert_eq!(sixteen.symmetry_group(), &Group::TooLarge);
    /// ```
    pub fn symmetry_group(&self) -> &symmetry::Group {
        self.group
            .get_or_init(|| symmetry::group(self.len(), &self.symmetries))
    }

    /// The houses (all-different groups).
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The layout, for drawing.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The constraint graph itself: node `i` is cell `i`.
    pub fn graph(&self) -> &UnGraph<(), ()> {
        &self.graph
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for a variant without cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Index of the cell with this name.
    pub fn cell_index(&self, name: &str) -> Option<usize> {
        self.cells.iter().position(|c| c.name == name)
    }

    /// The cells that must differ from `cell`.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.graph
            .neighbors(NodeIndex::new(cell))
            .map(|n| n.index())
    }

    /// Whether cells `a` and `b` must differ.
    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        self.graph
            .find_edge(NodeIndex::new(a), NodeIndex::new(b))
            .is_some()
    }

    /// The houses of every cell, by index into [`ConstraintGraph::houses`].
    pub(crate) fn houses_by_cell(&self) -> Vec<Vec<usize>> {
        let mut houses_of = vec![Vec::new(); self.len()];
        for (h, house) in self.houses.iter().enumerate() {
            for &c in &house.cells {
                houses_of[c].push(h);
            }
        }
        houses_of
    }

    /// The graph as flat arrays for checking colourings (made once, on first use).
    pub(crate) fn flat(&self) -> &Flat {
        self.flat.get_or_init(|| Flat::new(self))
    }

    /// Why `a` and `b` must differ, for messages: the first house holding both,
    /// or "an edge rule".
    pub fn reason(&self, a: usize, b: usize) -> String {
        self.houses
            .iter()
            .find(|h| h.cells.contains(&a) && h.cells.contains(&b))
            .map_or_else(|| "an edge rule".to_string(), |h| h.name.clone())
    }
}
