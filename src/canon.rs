//! Canonical forms: one representative per class of equivalent puzzles, so that
//! two datasets can be checked for puzzles that are the same up to symmetry.
//!
//! The class is the orbit under the variant's symmetry group (the permutations
//! of the cells it declares, see [`ConstraintGraph::symmetries`]) and, when the
//! variant treats all symbols alike (no rule on values, no cell restricted to
//! some symbols), the relabelling of the symbols. The representative is the
//! smallest equivalent puzzle, cell by cell, empty cells first and the symbols
//! relabelled in order of first appearance.
//!
//! On the plain 9×9 Sudoku the group (transposition, band and stack
//! permutations, rows within bands, columns within stacks: 2 · 6⁸ elements)
//! is searched by [`sudoku9`]; on other variants its elements are enumerated
//! while there are at most 50,000 of them ([`Group::Elements`]). A larger
//! group is not searched: its forms are under relabelling only ([`Under`]).

use std::cmp::Ordering;

use crate::graph::ConstraintGraph;
use crate::graph::symmetry::{Group, Permutation};
use crate::puzzle::Puzzle;

/// What equivalent means for a variant's canonical forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Under {
    /// The whole 9×9 group and relabelling.
    Sudoku9,
    /// The declared symmetries' group, this many elements, and relabelling
    /// when `relabelled`.
    Declared {
        /// Elements of the group (1: no symmetry declared).
        elements: usize,
        /// Whether symbols are relabelled too.
        relabelled: bool,
    },
    /// The declared group is too large to search: relabelling only (when
    /// `relabelled`; else the puzzle is its own form).
    TooLarge {
        /// Whether symbols are relabelled.
        relabelled: bool,
    },
}

/// Canonical forms of the puzzles of one variant.
///
/// # Example
/// ```
/// use graphdoku::{ConstraintGraph, Puzzle, canon::{Canon, Under}};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let canon = Canon::new(&graph);
/// assert_eq!(canon.under(), Under::Declared { elements: 128, relabelled: true });
/// // r1c1 = 1 and r1c2 = 2, or r2c1 = 3 and r1c1 = 4: the same up to symmetry.
/// let mut a = vec![None; 16];
/// (a[0], a[1]) = (Some(0), Some(1));
/// let mut b = vec![None; 16];
/// (b[4], b[0]) = (Some(2), Some(3));
/// assert_eq!(canon.form(&Puzzle::new(a)), canon.form(&Puzzle::new(b)));
/// ```
pub struct Canon<'g> {
    sudoku9: bool,
    group: &'g Group,
    relabel: bool,
}

impl<'g> Canon<'g> {
    /// The canonical forms of `graph`'s puzzles.
    pub fn new(graph: &'g ConstraintGraph) -> Self {
        let relabel =
            graph.rules().is_empty() || crate::solver::rules::RuleSet::new(graph).symmetric();
        Canon {
            sudoku9: is_sudoku9(graph),
            group: graph.symmetry_group(),
            relabel: relabel && (0..graph.len()).all(|cell| graph.allowed(cell).is_none()),
        }
    }

    /// What the forms are taken under.
    pub fn under(&self) -> Under {
        match (self.sudoku9, self.group) {
            (true, _) => Under::Sudoku9,
            (false, Group::Elements(all)) => Under::Declared {
                elements: all.len(),
                relabelled: self.relabel,
            },
            (false, Group::TooLarge) => Under::TooLarge {
                relabelled: self.relabel,
            },
        }
    }

    /// The canonical form of `puzzle` (one entry per cell of the graph).
    pub fn form(&self, puzzle: &Puzzle) -> Puzzle {
        match (self.sudoku9, self.group) {
            (true, _) => sudoku9(puzzle),
            (false, Group::Elements(all)) => smallest(puzzle, all, self.relabel),
            (false, Group::TooLarge) if self.relabel => relabelled(puzzle),
            (false, Group::TooLarge) => puzzle.clone(),
        }
    }
}

/// The canonical form of `puzzle` for `graph` (see [`Canon`]).
pub fn canonical(graph: &ConstraintGraph, puzzle: &Puzzle) -> Puzzle {
    Canon::new(graph).form(puzzle)
}

/// The smallest image of `puzzle` under the group of `elements`, relabelled
/// when `relabel`. As the group holds every inverse, each element is read as
/// "cell `i` of the image is cell `to[i]` of the puzzle", and an image is
/// dropped at its first cell greater than the best so far.
fn smallest(puzzle: &Puzzle, elements: &[Permutation], relabel: bool) -> Puzzle {
    let givens = puzzle.givens();
    let mut best = vec![u16::MAX; givens.len()];
    let mut image = vec![0u16; givens.len()];
    for to in elements {
        let mut labels = [0u16; 256];
        let mut next = 1;
        let mut order = Ordering::Equal;
        for (i, &from) in to.iter().enumerate() {
            let value = match givens[from as usize] {
                None => 0,
                Some(colour) if relabel => {
                    let label = &mut labels[usize::from(colour)];
                    if *label == 0 {
                        *label = next;
                        next += 1;
                    }
                    *label
                }
                Some(colour) => u16::from(colour) + 1,
            };
            if order == Ordering::Equal {
                order = value.cmp(&best[i]);
                if order == Ordering::Greater {
                    break;
                }
            }
            image[i] = value;
        }
        if order == Ordering::Less {
            best.copy_from_slice(&image);
        }
    }
    let givens = best.iter().map(|&v| v.checked_sub(1).map(|c| c as u8));
    Puzzle::new(givens.collect())
}

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
pub(crate) fn is_sudoku9(graph: &ConstraintGraph) -> bool {
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
    use crate::graph::symmetry::Group;
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

    /// Whether some element of `graph`'s group, with a relabelling of the
    /// symbols where `relabel`, takes `p` to `q`: checked element by element,
    /// with no smallest image (the test's own way, apart from [`smallest`]).
    fn equivalent(graph: &ConstraintGraph, p: &Puzzle, q: &Puzzle, relabel: bool) -> bool {
        let Group::Elements(all) = graph.symmetry_group() else {
            panic!("a group to enumerate")
        };
        let (p, q) = (p.givens(), q.givens());
        all.iter().any(|to| {
            let (mut there, mut back) = ([None; 256], [None; 256]);
            (0..p.len()).all(|i| match (p[to[i] as usize], q[i]) {
                (None, None) => true,
                (Some(a), Some(b)) if !relabel => a == b,
                (Some(a), Some(b)) => {
                    let (a, b) = (usize::from(a), usize::from(b));
                    *there[a].get_or_insert(b) == b && *back[b].get_or_insert(a) == a
                }
                _ => false,
            })
        })
    }

    /// Some of the cells of a solution of `graph`, chosen by `rng`.
    fn random_puzzle(graph: &ConstraintGraph, rng: &mut ChaCha8Rng) -> Puzzle {
        let mut givens: Vec<Option<u8>> = vec![None; graph.len()];
        let first = rng.next_u32() as usize % graph.len();
        givens[first] = Some((rng.next_u32() % graph.alphabet().len() as u32) as u8);
        let solution = crate::Solver::new(graph)
            .solve(&Puzzle::new(givens))
            .unwrap();
        let kept = solution
            .colours()
            .iter()
            .map(|&c| rng.next_u32().is_multiple_of(3).then_some(c));
        Puzzle::new(kept.collect())
    }

    #[test]
    fn declared_symmetries_give_one_form_per_class() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for name in ["sudoku4", "sudoku6", "x-sudoku", "pie"] {
            let graph = ConstraintGraph::load(name).unwrap();
            let canon = Canon::new(&graph);
            let Group::Elements(all) = graph.symmetry_group() else {
                panic!("{name}")
            };
            let symbols = graph.alphabet().len() as u32;
            let (mut same, mut other) = (0, 0);
            for _ in 0..40 {
                let p = random_puzzle(&graph, &mut rng);
                // An image of p: a random element, symbols swapped in pairs.
                let to = &all[rng.next_u32() as usize % all.len()];
                let mut labels: Vec<u8> = (0..symbols as u8).collect();
                labels.swap(
                    (rng.next_u32() % symbols) as usize,
                    (rng.next_u32() % symbols) as usize,
                );
                let mut q: Vec<Option<u8>> = (0..graph.len())
                    .map(|i| p.givens()[to[i] as usize].map(|c| labels[usize::from(c)]))
                    .collect();
                // Half the time, one cell changed as well: most often another class.
                if rng.next_u32().is_multiple_of(2) {
                    let cell = rng.next_u32() as usize % q.len();
                    q[cell] = match q[cell] {
                        Some(_) => None,
                        None => Some((rng.next_u32() % symbols) as u8),
                    };
                }
                let q = Puzzle::new(q);
                let equal = canon.form(&p) == canon.form(&q);
                assert_eq!(
                    equal,
                    equivalent(&graph, &p, &q, true),
                    "{name}: {p:?} {q:?}"
                );
                if equal {
                    same += 1
                } else {
                    other += 1
                }
                // The form is in the class, and its own form.
                let form = canon.form(&p);
                assert!(equivalent(&graph, &p, &form, true), "{name}");
                assert_eq!(canon.form(&form), form, "{name}");
            }
            assert!(
                same >= 10 && other >= 5,
                "{name}: {same} alike, {other} not"
            );
        }
    }

    #[test]
    fn symbols_are_not_relabelled_where_rules_tell_them_apart() {
        let thermo = |cells: &str| {
            let text = format!(
                r#"Variant(extends: "sudoku4", rules: [Thermometer([{cells}])], symmetries: [Transpose])"#
            );
            ConstraintGraph::build(&crate::variant::parse(&text, "thermo").unwrap())
        };
        // Transposing moves a thermometer along row 1 to column 1: refused.
        let e = thermo(r#""r1c1", "r1c2""#).unwrap_err().to_string();
        assert!(
            e.contains("symmetry 1 (Transpose): the thermometer on r1c1, r1c2 moves to no rule"),
            "{e}"
        );
        // Along the diagonal it stays.
        let graph = thermo(r#""r1c1", "r2c2""#).unwrap();
        let canon = Canon::new(&graph);
        assert_eq!(
            canon.under(),
            Under::Declared {
                elements: 2,
                relabelled: false
            }
        );
        let mut p = vec![None; 16];
        p[4] = Some(3); // r2c1 = 4
        let mut q = vec![None; 16];
        q[1] = Some(3); // r1c2 = 4: the transposed puzzle
        // Empty cells first: the form keeps its given in the later cell, r2c1.
        assert_eq!(canon.form(&Puzzle::new(p.clone())), Puzzle::new(p.clone()));
        assert_eq!(canon.form(&Puzzle::new(q)), Puzzle::new(p.clone()));
        // Not relabelled: another symbol is another class.
        p[4] = Some(2);
        assert_ne!(
            canon.form(&Puzzle::new(p.clone())),
            canonical(&graph, &{
                let mut r = p.clone();
                r[4] = Some(3);
                Puzzle::new(r)
            })
        );
        // Rules a puzzle adds keep only the symmetries that keep them.
        let plain = ConstraintGraph::load("sudoku4").unwrap();
        assert_eq!(plain.symmetries().len(), 3);
        let cage = crate::rules::RuleSpec::Killer {
            cells: vec!["r1c1".into(), "r1c2".into()],
            total: Some(3),
        };
        assert!(plain.with_rules(&[cage]).unwrap().symmetries().is_empty());
    }

    #[test]
    fn too_large_groups_fall_back_to_relabelling() {
        let graph = ConstraintGraph::load("sudoku16").unwrap();
        let canon = Canon::new(&graph);
        assert_eq!(canon.under(), Under::TooLarge { relabelled: true });
        let p = Puzzle::new(
            (0..256)
                .map(|i| (i % 17 == 0).then_some(15 - (i / 17) as u8))
                .collect(),
        );
        assert_eq!(canon.form(&p), relabelled(&p));
        assert!(is_sudoku9(&ConstraintGraph::load("sudoku9").unwrap()));
        assert!(!is_sudoku9(&graph));
    }
}
