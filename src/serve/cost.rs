//! What a request will cost, estimated before anything big is built: the
//! memory of its searches, steps, formulas and pictures, from the graph and
//! its rules (cells × symbols, the edges, the cells the rules watch and the
//! copies of them a search keeps, the SAT formula's clauses, the pixels and
//! elements of a picture). A handler asks its [`Job`](super::job::Job) for
//! that much before it starts; the limits on a picture's size and text are
//! checked here too.
//!
//! The figures are upper bounds fitted to measured peaks (`tests/serve_cost.rs`
//! checks them against the heap of real requests, reported by each answer's
//! `X-Memory-Reserved`); the server's watchdog stops the searches if they
//! are wrong all the same.

use crate::graph::{ConstraintGraph, Layout};
use crate::picture::Picture;

use super::reply::Failure;

/// One megabyte, the floor of every estimate.
const MB: u64 = 1 << 20;

/// The sizes an estimate is made of.
#[derive(Debug, Clone, Copy)]
struct Size {
    /// Cells.
    n: u64,
    /// Symbols.
    k: u64,
    /// Edges.
    e: u64,
    /// Cells watched by the rules, with repeats.
    rule_cells: u64,
    /// Cells watched by at least one rule.
    watched: u64,
}

impl Size {
    fn of(graph: &ConstraintGraph) -> Size {
        let work = graph.rule_work();
        Size {
            n: graph.len() as u64,
            k: graph.alphabet().len() as u64,
            e: graph.graph().edge_count() as u64,
            rule_cells: work.cells,
            watched: work.distinct as u64,
        }
    }

    /// The graph itself: its edges, its cells with their names, its rules.
    /// (A 64×64 Sudoku's: 9.8 MB measured.)
    fn graph(&self) -> u64 {
        30 * self.e + 400 * self.n + 40 * self.rule_cells
    }

    /// A solver's tables: the edges again, the candidates, the rules'
    /// propagators (7.4 MB for the 64×64; 0.55 MB more for each
    /// non-consecutive rule on it, whose 16,128 cells are watched).
    fn solver(&self) -> u64 {
        24 * self.e + 8 * self.n * self.k + 40 * self.rule_cells
    }

    /// A search's trail: the candidates at each level (4.5 MB on the empty
    /// 64×64), and with rules their copy of the cells they watch at each of
    /// up to one level per cell (273 MB with one rule over the 64×64's 4,096
    /// cells, whatever the rule).
    fn trail(&self) -> u64 {
        let dense = match self.n <= crate::solver::DENSE_CELLS as u64 {
            true => self.n * self.k * self.n.div_ceil(64) * 16,
            false => 0,
        };
        17 * self.n * self.k + dense + 16 * self.n * self.watched
    }

    /// Logic's tables and its steps: on boards of at most 25 symbols the
    /// techniques past triples (chains, fish) hold about a byte per pair of
    /// candidates (203 MB for one step on the empty 25×25); bigger boards
    /// stop at triples.
    fn logic(&self) -> u64 {
        let candidates = self.n * self.k;
        let steps = match self.k <= 25 {
            true => candidates * candidates,
            false => 64 * candidates,
        };
        60 * self.e + steps
    }
}

/// A search (solve, count, check): the graph, its solver and one search.
pub(super) fn search(graph: &ConstraintGraph) -> u64 {
    let s = Size::of(graph);
    MB + s.graph() + s.solver() + s.trail()
}

/// The true candidates: a search, logic's start, and a count per cell and
/// value.
pub(super) fn candidates(graph: &ConstraintGraph) -> u64 {
    let s = Size::of(graph);
    search(graph) + 60 * s.e + 24 * s.n * s.k
}

/// An estimate's probes: a search's tables and the nodes of a level of
/// strata, at most 256 of them, each a copy of the candidates (30 MB on the
/// empty 36×36).
pub(super) fn probes(graph: &ConstraintGraph) -> u64 {
    let s = Size::of(graph);
    let node = s.n * (s.k.div_ceil(8) + 24) + 16 * s.watched;
    MB + s.graph() + s.solver() + 768 * node
}

/// Logic's steps (the step-through, a hint's or a grade's path), after the
/// search that found the solution they follow.
pub(super) fn logic(graph: &ConstraintGraph) -> u64 {
    let s = Size::of(graph);
    search(graph).max(MB + s.graph() + s.logic())
}

/// The SAT formula of the puzzle, at most `clauses` clauses of it: one per
/// cell and a sequential at-most-one per cell and per house and symbol,
/// about 400 bytes each between the clauses kept and CaDiCaL's own copy
/// (3.1 million clauses and 1.1 GB for the empty 64×64).
pub(super) fn formula(graph: &ConstraintGraph, clauses: usize) -> u64 {
    let s = Size::of(graph);
    let in_houses: u64 = (graph.houses().iter())
        .map(|h| s.k * (3 * h.cells.len() as u64 + 1))
        .sum();
    let estimate = s.n * (3 * s.k + 1) + in_houses + 2 * s.k * s.rule_cells;
    400 * estimate.min(clauses as u64)
}

/// A generation: a search, logic for the grade, the forced givens' tables,
/// and the SAT formula of a question the search gives up on.
pub(super) fn generation(graph: &ConstraintGraph, clauses: usize) -> u64 {
    let s = Size::of(graph);
    logic(graph) + s.solver() + s.trail() + 8 * s.n * s.k + formula(graph, clauses)
}

/// The setter's tools: a generation's, and the solver without each rule in
/// turn beside the first.
pub(super) fn setter(graph: &ConstraintGraph, clauses: usize) -> u64 {
    generation(graph, clauses) + search(graph)
}

/// A picture drawn as SVG with `text` characters of title and words, and
/// the copies of it an answer makes (the string, the JSON value, the JSON
/// text, and the cells listed beside it): cells, every edge of a free
/// layout (its drawing shows them when it can), the marks of the rules; the
/// graph twice over, as it is built. (22.5 MB measured for the 64×64's
/// `variant`.)
pub(super) fn drawing(graph: &ConstraintGraph, text: usize) -> u64 {
    let s = Size::of(graph);
    let lines = match graph.layout() {
        Layout::Free => s.e,
        _ => 0,
    };
    let svg = 600 * s.n + 80 * lines + 150 * s.rule_cells + 8 * text as u64;
    MB + 2 * s.graph() + 4 * svg
}

/// What rasterizing `svg` at `scale` (`pixels` pixels) takes: the pixels
/// and the layers drawn on them (145 MB measured for the 64×64's 16 million
/// pixels), the parsed tree of its elements; or 422 when the picture is more
/// than a PNG may be ([`Picture::check`]).
pub(super) fn raster(svg: &str, scale: f32, pixels: f64) -> Result<u64, Failure> {
    let picture = Picture::of(svg);
    picture.check(scale).map_err(|why| Failure::new(422, why))?;
    Ok(MB + 10 * pixels as u64 + 1200 * picture.elements as u64 + 4 * svg.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issues_requests_cost_what_was_measured_or_more() {
        let big = ConstraintGraph::load("sudoku36").unwrap();
        assert!(search(&big) > 5 * MB && search(&big) < 40 * MB);
        let ruled = crate::variant::parse(
            "Variant(name: \"n\", extends: \"sudoku9\", rules: [NonConsecutive])",
            "n",
        )
        .unwrap();
        let ruled = ConstraintGraph::build(&ruled).unwrap();
        // 81 cells watched at each of 81 levels.
        assert!(search(&ruled) >= 16 * 81 * 81);
        let five = ConstraintGraph::load("sudoku25").unwrap();
        assert!(logic(&five) > 200 * MB, "{}", logic(&five) / MB);
        // The clause budget bounds a formula whatever the board.
        let sixty_four =
            ConstraintGraph::build(&crate::variant::parse("Sudoku(box_size: 8)", "s").unwrap())
                .unwrap();
        assert_eq!(formula(&sixty_four, 600_000), 400 * 600_000);
        assert!(formula(&ConstraintGraph::load("sudoku9").unwrap(), 600_000) < 4 * MB);
    }
}
