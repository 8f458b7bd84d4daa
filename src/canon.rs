//! Canonical forms: one representative per class of equivalent puzzles, so that
//! two datasets can be checked for puzzles that are the same up to symmetry.
//!
//! On the 9×9 Sudoku the class is the orbit under its validity-preserving group:
//! transposition, band and stack permutations, row permutations within a band,
//! column permutations within a stack, and relabelling of the digits (2 · 6⁸ · 9!
//! elements). The representative is the lexicographically smallest grid, empty
//! cells (0) first. On any other variant the class is the orbit under symbol
//! relabelling: symbols renumbered in order of first appearance.

use std::cmp::Ordering;

use crate::graph::ConstraintGraph;
use crate::puzzle::Puzzle;

/// The smallest equivalent of `puzzle` under symbol relabelling: the symbols
/// renumbered 0, 1, 2, … in the order they first appear, cell by cell.
///
/// # Example
/// ```
/// use graphdoku::{Puzzle, canon::relabelled};
/// let p = Puzzle::new(vec![Some(3), None, Some(1), Some(3)]);
/// assert_eq!(relabelled(&p), Puzzle::new(vec![Some(0), None, Some(1), Some(0)]));
/// ```
pub fn relabelled(puzzle: &Puzzle) -> Puzzle {
    let mut map = [u8::MAX; 256];
    let mut next = 0u8;
    let givens = puzzle.givens().iter().map(|given| {
        given.map(|colour| {
            let label = &mut map[usize::from(colour)];
            if *label == u8::MAX {
                *label = next;
                next = next.wrapping_add(1);
            }
            *label
        })
    });
    Puzzle::new(givens.collect())
}

/// True when `graph` is the plain 9×9 Sudoku: 81 cells in rows, columns and
/// 3×3 boxes, nine symbols, no other rule.
pub fn is_sudoku9(graph: &ConstraintGraph) -> bool {
    use std::sync::OnceLock;
    static SUDOKU9: OnceLock<Option<ConstraintGraph>> = OnceLock::new();
    let Some(reference) = SUDOKU9.get_or_init(|| ConstraintGraph::load("sudoku9").ok()) else {
        return false;
    };
    graph.len() == 81
        && graph.alphabet().len() == 9
        && graph.rules().is_empty()
        && (0..81).all(|cell| graph.allowed(cell).is_none())
        && graph.graph().edge_count() == reference.graph().edge_count()
        && (0..81).all(|a| reference.neighbours(a).all(|b| graph.adjacent(a, b)))
}

/// The canonical form of `puzzle` for `graph`: under the whole 9×9 group for
/// the plain 9×9 Sudoku ([`sudoku9`]), under symbol relabelling
/// ([`relabelled`]) otherwise.
pub fn canonical(graph: &ConstraintGraph, puzzle: &Puzzle) -> Puzzle {
    if puzzle.givens().len() == 81 && is_sudoku9(graph) {
        sudoku9(puzzle)
    } else {
        relabelled(puzzle)
    }
}

/// The lexicographically smallest grid equivalent to a 9×9 `puzzle` (cells row by
/// row) under transposition, band/stack/row/column permutations and relabelling,
/// with empty cells smallest and the digits relabelled 0..8 in order of first
/// appearance.
///
/// For each of the 2 · 1296 orders of the columns (transposed or not, stacks and
/// columns within them), the rows are chosen one at a time: only the rows that
/// give the smallest next line are followed, and a line greater than the best
/// grid's so far ends the branch.
///
/// # Panics
/// When `puzzle` does not have 81 cells.
///
/// # Example
/// ```
/// use graphdoku::{ConstraintGraph, Puzzle, PuzzleReader, canon};
/// let graph = ConstraintGraph::load("sudoku9").unwrap();
/// let read = |s: &str| PuzzleReader::new(&graph, s.as_bytes(), "x").next().unwrap().puzzle.unwrap();
/// let p = read("003020600900305001001806400008102900700000008006708200002609500800203009005010300");
/// let g = p.givens();
/// // The same puzzle transposed, with the digits 1 and 2 swapped.
/// let swap = |c: u8| match c { 0 => 1, 1 => 0, c => c };
/// let q = Puzzle::new((0..81).map(|i| g[(i % 9) * 9 + i / 9].map(swap)).collect());
/// assert_ne!(p, q);
/// assert_eq!(canon::sudoku9(&p), canon::sudoku9(&q));
/// assert_eq!(canon::sudoku9(&p).clue_count(), p.clue_count());
/// ```
pub fn sudoku9(puzzle: &Puzzle) -> Puzzle {
    assert_eq!(puzzle.givens().len(), 81, "a 9×9 puzzle has 81 cells");
    // Values 0 (empty) or colour + 1.
    let mut grid = [[0u8; 9]; 9];
    for (cell, given) in puzzle.givens().iter().enumerate() {
        grid[cell / 9][cell % 9] = given.map_or(0, |c| c + 1);
    }
    let mut transposed = [[0u8; 9]; 9];
    for (r, row) in grid.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            transposed[c][r] = v;
        }
    }
    let mut best = Best {
        grid: [[u8::MAX; 9]; 9],
    };
    for source in [&grid, &transposed] {
        for stacks in PERMUTATIONS {
            for a in PERMUTATIONS {
                for b in PERMUTATIONS {
                    for c in PERMUTATIONS {
                        let within = [a, b, c];
                        let mut columns = [0usize; 9];
                        for (slot, column) in columns.iter_mut().enumerate() {
                            let stack = stacks[slot / 3];
                            *column = stack * 3 + within[slot / 3][slot % 3];
                        }
                        let mut search = RowSearch {
                            grid: source,
                            columns,
                            lines: [[0; 9]; 9],
                            rows: [0; 9],
                            used: [false; 9],
                        };
                        search.descend(0, [0; 10], 1, &mut best);
                    }
                }
            }
        }
    }
    let givens = best.grid.iter().flatten().map(|&v| v.checked_sub(1));
    Puzzle::new(givens.collect())
}

/// The six orders of three things.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The smallest grid found so far (all 255 before the first).
struct Best {
    grid: [[u8; 9]; 9],
}

/// The choice of rows under one order of the columns.
struct RowSearch<'a> {
    grid: &'a [[u8; 9]; 9],
    columns: [usize; 9],
    /// The lines chosen so far, relabelled.
    lines: [[u8; 9]; 9],
    /// The source row of each line chosen.
    rows: [usize; 9],
    /// Source rows already chosen.
    used: [bool; 9],
}

impl RowSearch<'_> {
    /// Row `row` of the source as the next line, relabelled with `map` (extended
    /// into a copy), and the next free label.
    fn line(&self, row: usize, mut map: [u8; 10], mut next: u8) -> ([u8; 9], [u8; 10], u8) {
        let mut line = [0u8; 9];
        for (slot, &column) in self.columns.iter().enumerate() {
            let v = self.grid[row][column];
            if v != 0 {
                if map[usize::from(v)] == 0 {
                    map[usize::from(v)] = next;
                    next += 1;
                }
                line[slot] = map[usize::from(v)];
            }
        }
        (line, map, next)
    }

    /// Chooses the line at `depth` among the rows its band allows, following
    /// only the rows that give the smallest line, while the lines so far are no
    /// greater than the best grid's.
    fn descend(&mut self, depth: usize, map: [u8; 10], next: u8, best: &mut Best) {
        let prefix = self.lines[..depth].cmp(&best.grid[..depth]);
        if prefix == Ordering::Greater {
            return;
        }
        if depth == 9 {
            if prefix == Ordering::Less {
                best.grid = self.lines;
            }
            return;
        }
        // The first line of a band may be any row of an unused band; the others,
        // the unused rows of the band the first opened.
        let band = (!depth.is_multiple_of(3)).then(|| self.rows[depth - depth % 3] / 3);
        let mut candidates = [([0u8; 9], [0u8; 10], 0u8, 0usize); 9];
        let mut n = 0;
        for row in 0..9 {
            if self.used[row] || band.is_some_and(|b| row / 3 != b) {
                continue;
            }
            let (line, map, next) = self.line(row, map, next);
            candidates[n] = (line, map, next, row);
            n += 1;
        }
        let Some(smallest) = candidates[..n].iter().map(|c| c.0).min() else {
            return;
        };
        if prefix == Ordering::Equal && smallest > best.grid[depth] {
            return;
        }
        for &(line, map, next, row) in &candidates[..n] {
            if line != smallest {
                continue;
            }
            self.lines[depth] = line;
            self.rows[depth] = row;
            self.used[row] = true;
            self.descend(depth + 1, map, next, best);
            self.used[row] = false;
        }
        self.lines[depth] = [0; 9];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    const P: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    fn puzzle(text: &str) -> Puzzle {
        let givens = text.bytes().map(|b| (b != b'0').then(|| b - b'1'));
        Puzzle::new(givens.collect())
    }

    /// `puzzle` under a random element of the 9×9 group.
    fn transformed(puzzle: &Puzzle, rng: &mut ChaCha8Rng) -> Puzzle {
        let mut pick = |n: u32| (rng.next_u32() % n) as usize;
        let order = |pick: &mut dyn FnMut(u32) -> usize| {
            let bands = PERMUTATIONS[pick(6)];
            let within = [0; 3].map(|_| PERMUTATIONS[pick(6)]);
            let mut lines = [0; 9];
            for (slot, line) in lines.iter_mut().enumerate() {
                *line = bands[slot / 3] * 3 + within[slot / 3][slot % 3];
            }
            lines
        };
        let (rows, columns) = (order(&mut pick), order(&mut pick));
        let transpose = pick(2) == 1;
        let mut labels: Vec<u8> = (0..9).collect();
        for i in (1..9).rev() {
            labels.swap(i, pick(i as u32 + 1));
        }
        let g = puzzle.givens();
        let givens = (0..81).map(|cell| {
            let (r, c) = (rows[cell / 9], columns[cell % 9]);
            let source = if transpose { c * 9 + r } else { r * 9 + c };
            g[source].map(|colour| labels[usize::from(colour)])
        });
        Puzzle::new(givens.collect())
    }

    #[test]
    fn equivalent_puzzles_share_one_form() {
        let p = puzzle(P);
        let form = sudoku9(&p);
        assert_eq!(form.clue_count(), p.clue_count());
        let mut rng = ChaCha8Rng::seed_from_u64(23);
        for _ in 0..20 {
            let q = transformed(&p, &mut rng);
            assert_eq!(sudoku9(&q), form);
        }
        // The form is its own form, and no greater than the puzzle relabelled.
        assert_eq!(sudoku9(&form), form);
        assert!(form.givens() <= relabelled(&p).givens());
    }

    #[test]
    fn different_puzzles_have_different_forms() {
        let p = puzzle(P);
        // One given fewer: a different puzzle, not equivalent.
        let mut fewer = p.givens().to_vec();
        fewer[2] = None;
        assert_ne!(sudoku9(&Puzzle::new(fewer)), sudoku9(&p));
        // One given moved to another empty cell of its row: same count, other class.
        let mut moved = p.givens().to_vec();
        moved.swap(0, 2);
        let moved = Puzzle::new(moved);
        assert_ne!(sudoku9(&moved), sudoku9(&p));
    }

    #[test]
    fn a_full_grid_relabels_to_its_first_row_counting() {
        let graph = ConstraintGraph::load("sudoku9").unwrap();
        let solution = crate::Solver::new(&graph).solve(&puzzle(P)).unwrap();
        let form = canonical(&graph, &solution.to_puzzle());
        // A full grid's first line is always 1..9 after relabelling.
        let first: Vec<_> = form.givens()[..9].iter().map(|g| g.unwrap()).collect();
        assert_eq!(first, (0..9).collect::<Vec<u8>>());
    }

    #[test]
    fn other_variants_are_relabelled_only() {
        let graph = ConstraintGraph::load("sudoku4").unwrap();
        assert!(!is_sudoku9(&graph));
        assert!(is_sudoku9(&ConstraintGraph::load("sudoku9").unwrap()));
        let p = Puzzle::new(
            (0..16)
                .map(|i| (i % 5 == 0).then_some(3 - (i / 5) as u8))
                .collect(),
        );
        let form = canonical(&graph, &p);
        assert_eq!(form.givens()[0], Some(0));
        assert_eq!(form.givens()[5], Some(1));
        assert_eq!(form, relabelled(&form));
    }
}
