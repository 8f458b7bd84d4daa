//! Plain graphs (vertices, edges, optional precolouring and allowed lists), as
//! general graph files give them, and the constraint graph of one with k colours.

use std::borrow::Cow;

use petgraph::graph::UnGraph;

use super::{Cell, ConstraintGraph, Coord, House, HouseKind, Layout};
use crate::symbols::{Alphabet, MAX_SYMBOLS};

/// Most vertices a graph file may declare: memory for them is set aside before
/// the edges are read.
pub const MAX_VERTICES: usize = 1 << 23;

/// Largest colour number a graph file may give a vertex (precoloured or allowed).
pub const MAX_COLOUR: u64 = 1 << 16;

/// A graph to colour, with no fixed number of colours: what the DIMACS, edge
/// list and JSON graph readers produce.
///
/// Vertices are `0..len()`; colours are `0..` (written 1-based in files and
/// output). Edges are stored once each, as `(a, b)` with `a < b`, sorted: the
/// memory is linear in vertices + edges.
///
/// # Example
/// ```
/// use graphdoku::PlainGraph;
/// let triangle = PlainGraph::new(3, vec![(0, 1), (1, 2), (2, 0), (1, 0)]).unwrap();
/// assert_eq!(triangle.edges(), &[(0, 1), (0, 2), (1, 2)]);
/// assert_eq!(triangle.name(2), "3");
/// assert!(triangle.check(&[0, 1, 2]).is_ok());
/// assert!(triangle.check(&[0, 1, 1]).is_err());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlainGraph {
    vertices: usize,
    /// Vertex names; `None`: vertex `i` is called `i + 1` (DIMACS numbering).
    names: Option<Vec<String>>,
    edges: Vec<(u32, u32)>,
    /// Precoloured vertices: (vertex, colour), sorted by vertex.
    precoloured: Vec<(u32, u32)>,
    /// Vertices restricted to some colours: (vertex, sorted colours), sorted by vertex.
    allowed: Vec<(u32, Vec<u32>)>,
}

impl PlainGraph {
    /// A graph of `vertices` vertices numbered from 1 and these edges (0-based
    /// endpoints, in any order, repeats allowed).
    ///
    /// # Errors
    /// A message for an endpoint out of range or a loop (a vertex adjacent to
    /// itself can have no colour).
    pub fn new(vertices: usize, edges: Vec<(u32, u32)>) -> Result<Self, String> {
        let mut graph = PlainGraph {
            vertices,
            ..PlainGraph::default()
        };
        graph.set_edges(edges)?;
        Ok(graph)
    }

    /// A graph of named vertices and these edges between them (0-based indices
    /// into `names`).
    ///
    /// # Errors
    /// As [`PlainGraph::new`].
    pub fn named(names: Vec<String>, edges: Vec<(u32, u32)>) -> Result<Self, String> {
        let mut graph = PlainGraph::new(names.len(), edges)?;
        graph.names = Some(names);
        Ok(graph)
    }

    fn set_edges(&mut self, mut edges: Vec<(u32, u32)>) -> Result<(), String> {
        for edge in &mut edges {
            let (a, b) = *edge;
            if a as usize >= self.vertices || b as usize >= self.vertices {
                return Err(format!(
                    "edge {} {}: there are only {} vertices",
                    a as u64 + 1,
                    b as u64 + 1,
                    self.vertices
                ));
            }
            if a == b {
                return Err(format!(
                    "edge from {} to itself: such a vertex can have no colour",
                    self.name(a as usize)
                ));
            }
            *edge = (a.min(b), a.max(b));
        }
        // Real files list edges twice (both directions, or plain repeats).
        edges.sort_unstable();
        edges.dedup();
        edges.shrink_to_fit();
        self.edges = edges;
        Ok(())
    }

    /// This graph with `vertex` precoloured with `colour` (0-based).
    ///
    /// # Panics
    /// When `vertex` is out of range.
    pub fn precolour(mut self, vertex: usize, colour: u32) -> Self {
        assert!(vertex < self.vertices, "precolour: no vertex {vertex}");
        match self
            .precoloured
            .binary_search_by_key(&(vertex as u32), |p| p.0)
        {
            Ok(i) => self.precoloured[i].1 = colour,
            Err(i) => self.precoloured.insert(i, (vertex as u32, colour)),
        }
        self
    }

    /// This graph with `vertex` restricted to `colours` (0-based; list colouring).
    ///
    /// # Panics
    /// When `vertex` is out of range.
    pub fn allow(mut self, vertex: usize, mut colours: Vec<u32>) -> Self {
        assert!(vertex < self.vertices, "allow: no vertex {vertex}");
        colours.sort_unstable();
        colours.dedup();
        match self.allowed.binary_search_by_key(&(vertex as u32), |p| p.0) {
            Ok(i) => self.allowed[i].1 = colours,
            Err(i) => self.allowed.insert(i, (vertex as u32, colours)),
        }
        self
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.vertices
    }

    /// True for the graph without vertices.
    pub fn is_empty(&self) -> bool {
        self.vertices == 0
    }

    /// The edges, each once as `(a, b)` with `a < b`, sorted.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The name of `vertex`: as listed, or its 1-based number.
    pub fn name(&self, vertex: usize) -> Cow<'_, str> {
        match &self.names {
            Some(names) => Cow::Borrowed(&names[vertex]),
            None => Cow::Owned((vertex + 1).to_string()),
        }
    }

    /// The precoloured vertices as (vertex, colour), sorted by vertex.
    pub fn precoloured(&self) -> &[(u32, u32)] {
        &self.precoloured
    }

    /// The vertices with an allowed list as (vertex, colours), sorted by vertex.
    pub(crate) fn allowed_lists(&self) -> &[(u32, Vec<u32>)] {
        &self.allowed
    }

    /// The colours `vertex` may take, when restricted.
    pub fn allowed(&self, vertex: usize) -> Option<&[u32]> {
        self.allowed
            .binary_search_by_key(&(vertex as u32), |p| p.0)
            .ok()
            .map(|i| self.allowed[i].1.as_slice())
    }

    /// The precoloured colour of `vertex`, if any.
    pub fn given(&self, vertex: usize) -> Option<u32> {
        self.precoloured
            .binary_search_by_key(&(vertex as u32), |p| p.0)
            .ok()
            .map(|i| self.precoloured[i].1)
    }

    /// True when some vertex is precoloured or has an allowed list: then
    /// colours are not interchangeable.
    pub fn is_constrained(&self) -> bool {
        !self.precoloured.is_empty() || !self.allowed.is_empty()
    }

    /// Checks that `colours` (one per vertex, 0-based) is a proper colouring
    /// that keeps the precolouring and the allowed lists, by reading the edge
    /// list directly (no code shared with any colouring algorithm).
    ///
    /// # Errors
    /// What is wrong, naming the vertices.
    pub fn check(&self, colours: &[u32]) -> Result<(), String> {
        if colours.len() != self.vertices {
            return Err(format!(
                "{} colours for {} vertices",
                colours.len(),
                self.vertices
            ));
        }
        for &(a, b) in &self.edges {
            if colours[a as usize] == colours[b as usize] {
                return Err(format!(
                    "{} and {} are adjacent and both coloured {}",
                    self.name(a as usize),
                    self.name(b as usize),
                    colours[a as usize] + 1
                ));
            }
        }
        for &(v, c) in &self.precoloured {
            if colours[v as usize] != c {
                return Err(format!(
                    "{} is precoloured {} but coloured {}",
                    self.name(v as usize),
                    c + 1,
                    colours[v as usize] + 1
                ));
            }
        }
        for (v, list) in &self.allowed {
            if list.binary_search(&colours[*v as usize]).is_err() {
                return Err(format!(
                    "{} is coloured {}, outside its allowed list",
                    self.name(*v as usize),
                    colours[*v as usize] + 1
                ));
            }
        }
        Ok(())
    }

    /// The subgraph induced by `keep` (vertex indices, in the order given), with
    /// names, precolouring and allowed lists carried over.
    pub(crate) fn induced(&self, keep: &[u32]) -> PlainGraph {
        let mut index = vec![u32::MAX; self.vertices];
        for (i, &v) in keep.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let edges = self
            .edges
            .iter()
            .filter_map(|&(a, b)| {
                let (a, b) = (index[a as usize], index[b as usize]);
                (a != u32::MAX && b != u32::MAX).then_some((a, b))
            })
            .collect();
        let names = keep.iter().map(|&v| self.name(v as usize).into_owned());
        let mut graph = PlainGraph::named(names.collect(), edges).expect("a subgraph");
        for &(v, c) in &self.precoloured {
            if index[v as usize] != u32::MAX {
                graph = graph.precolour(index[v as usize] as usize, c);
            }
        }
        for (v, list) in &self.allowed {
            if index[*v as usize] != u32::MAX {
                graph = graph.allow(index[*v as usize] as usize, list.clone());
            }
        }
        graph
    }
}

impl ConstraintGraph {
    /// The constraint graph of `plain` with `colours` colours written `1`..`k`:
    /// the same graph the variants give the solver, with the allowed lists
    /// (colours past `k` dropped). [`PlainGraph::givens`] gives the precolouring.
    ///
    /// # Errors
    /// When `colours` is 0 or more than the solver's [`MAX_SYMBOLS`].
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, PlainGraph, Puzzle, Solver};
    /// let c5 = PlainGraph::new(5, vec![(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]).unwrap();
    /// let two = ConstraintGraph::plain(&c5, "c5", 2).unwrap();
    /// let puzzle = |k| Puzzle::new(c5.givens(k).unwrap());
    /// assert!(Solver::new(&two).solve(&puzzle(2)).is_none());
    /// let three = ConstraintGraph::plain(&c5, "c5", 3).unwrap();
    /// assert!(Solver::new(&three).solve(&puzzle(3)).is_some());
    /// ```
    pub fn plain(plain: &PlainGraph, name: &str, colours: usize) -> Result<Self, String> {
        if colours > MAX_SYMBOLS {
            return Err(format!(
                "{colours} colours: the exact search handles at most {MAX_SYMBOLS}"
            ));
        }
        let alphabet = Alphabet::new((1..=colours).map(|c| c.to_string()).collect())?;
        let cells = (0..plain.len())
            .map(|v| Cell {
                name: plain.name(v).into_owned(),
                coord: Coord::Free {
                    x: v as f64,
                    y: 0.0,
                },
            })
            .collect();
        let mut allowed = vec![None; plain.len()];
        for (v, list) in &plain.allowed {
            let kept = list.iter().filter(|&&c| (c as usize) < colours);
            allowed[*v as usize] = Some(kept.map(|&c| c as u8).collect());
        }
        let mut graph = UnGraph::with_capacity(plain.len(), plain.edges.len());
        for _ in 0..plain.len() {
            graph.add_node(());
        }
        graph.extend_with_edges(plain.edges.iter().copied());
        Ok(ConstraintGraph {
            name: name.to_string(),
            origin: name.to_string(),
            alphabet,
            cells,
            houses: Vec::new(),
            layout: Layout::Free,
            allowed,
            graph,
            edges_beyond_houses: true,
            flat: std::sync::OnceLock::new(),
            values: None,
            rules: Vec::new(),
            symmetries: Vec::new(),
            group: std::sync::OnceLock::new(),
        })
    }
}

impl ConstraintGraph {
    /// This graph with these cliques as houses (named `clique 1`, …), so that
    /// the solver's house rules (hidden singles, locked candidates) apply to
    /// those of exactly as many vertices as there are colours.
    ///
    /// # Panics
    /// When a clique's vertices are out of range or not pairwise adjacent.
    pub(crate) fn with_cliques(mut self, cliques: &[Vec<u32>]) -> Self {
        // The flat form, if made already, would miss the new houses.
        self.flat = std::sync::OnceLock::new();
        for (i, clique) in cliques.iter().enumerate() {
            for (j, &a) in clique.iter().enumerate() {
                for &b in &clique[j + 1..] {
                    assert!(self.adjacent(a as usize, b as usize), "not a clique");
                }
            }
            self.houses.push(House {
                name: format!("clique {}", i + 1),
                kind: HouseKind::Listed,
                cells: clique.iter().map(|&v| v as usize).collect(),
            });
        }
        self
    }
}

impl PlainGraph {
    /// The precolouring as the givens of a puzzle ([`crate::Puzzle::new`]) of
    /// the constraint graph with `colours` colours.
    ///
    /// # Errors
    /// When a precoloured colour is not among the `colours`.
    pub fn givens(&self, colours: usize) -> Result<Vec<Option<u8>>, String> {
        let mut givens = vec![None; self.vertices];
        for &(v, c) in &self.precoloured {
            if c as usize >= colours {
                return Err(format!(
                    "{} is precoloured {}, but there are only {colours} colours",
                    self.name(v as usize),
                    c + 1
                ));
            }
            givens[v as usize] = Some(c as u8);
        }
        Ok(givens)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_and_out_of_range_endpoints_are_refused() {
        assert!(
            PlainGraph::new(2, vec![(1, 1)])
                .unwrap_err()
                .contains("itself")
        );
        assert!(
            PlainGraph::new(2, vec![(0, 2)])
                .unwrap_err()
                .contains("only 2")
        );
    }

    #[test]
    fn precolouring_and_lists_are_checked_and_carried_to_the_solver() {
        let path = PlainGraph::named(
            ["a", "b", "c"].map(String::from).to_vec(),
            vec![(0, 1), (1, 2)],
        )
        .unwrap()
        .precolour(0, 1)
        .allow(2, vec![1]);
        assert!(path.check(&[1, 0, 1]).is_ok());
        assert!(path.check(&[0, 1, 0]).unwrap_err().contains("precoloured"));
        assert!(path.check(&[1, 2, 0]).unwrap_err().contains("allowed"));
        let graph = ConstraintGraph::plain(&path, "p", 2).unwrap();
        let solution = crate::Solver::new(&graph)
            .solve(&crate::Puzzle::new(path.givens(2).unwrap()))
            .unwrap();
        assert_eq!(solution.colours(), &[1, 0, 1]);
        assert!(path.givens(1).is_err());
        assert!(ConstraintGraph::plain(&path, "p", 256).is_err());
        assert!(ConstraintGraph::plain(&path, "p", 255).is_ok());
    }

    #[test]
    fn induced_subgraphs_renumber_and_keep_names() {
        let g = PlainGraph::new(4, vec![(0, 1), (1, 2), (2, 3)]).unwrap();
        let sub = g.induced(&[3, 2, 0]);
        assert_eq!(sub.edges(), &[(0, 1)]);
        assert_eq!(sub.name(0), "4");
    }
}
