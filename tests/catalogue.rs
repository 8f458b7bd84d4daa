//! The variant catalogue: every file in `variants/` is a built-in that validates
//! without warnings, and its puzzles in `data/` solve, verify and (where meant to
//! be) are unique. Also the shape facts the catalogue is built on.

use std::path::PathBuf;

use graphdoku::{ConstraintGraph, Puzzle, PuzzleReader, Solver, lint, variant, verify};

/// Each catalogue variant, its puzzles in `data/`, and whether they are unique.
const CATALOGUE: &[(&str, &[&str], bool)] = &[
    ("sudoku4", &["sudoku4-minimal.txt"], true),
    ("sudoku6", &["sudoku6.txt"], true),
    ("sudoku8", &["sudoku8.txt"], true),
    ("sudoku9", &["euler-example.txt"], true),
    ("sudoku12", &["sudoku12.txt"], true),
    ("sudoku16", &["sudoku16-45pct.txt"], true),
    ("sudoku25", &["sudoku25-55pct.txt"], true),
    ("sudoku36", &["sudoku36-55pct.txt"], true),
    ("sudoku49", &["sudoku49-55pct.txt"], true),
    ("latin9", &["latin9.txt"], true),
    ("jigsaw9", &["jigsaw9.txt"], true),
    ("x-sudoku", &["x-sudoku.txt"], true),
    ("windoku", &["windoku.txt"], true),
    ("disjoint-groups", &["disjoint-groups.txt"], true),
    ("anti-knight", &["anti-knight.txt"], true),
    ("anti-king", &["anti-king.txt"], true),
    ("samurai", &["samurai.txt", "samurai.ron"], true),
    // The seed homework has 4,534,272 solutions (tests/solver.rs counts them).
    ("pie", &["pie-homework.ron"], false),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The puzzles of a data file: a RON puzzle file names its variant, a text file is
/// read with `graph`.
fn puzzles(graph: &ConstraintGraph, file: &str) -> Vec<(ConstraintGraph, Puzzle)> {
    let path = root().join("data").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let name = path.display().to_string();
    if graphdoku::read::looks_like_ron(text.as_bytes()) {
        let (own, record) = graphdoku::read::read_ron_puzzle(&text, &name).unwrap();
        assert_eq!(own.name(), graph.name(), "{file} names another variant");
        return vec![(own, record.puzzle.unwrap())];
    }
    PuzzleReader::new(graph, text.as_bytes(), &name)
        .map(|r| (graph.clone(), r.puzzle.unwrap_or_else(|e| panic!("{e}"))))
        .collect()
}

#[test]
fn every_catalogue_file_is_a_builtin_listed_here() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("variants"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".ron").map(String::from))
        .collect();
    files.sort();
    let mut builtins: Vec<String> = variant::BUILTINS.iter().map(|b| b.0.to_string()).collect();
    builtins.sort();
    let mut listed: Vec<String> = CATALOGUE.iter().map(|c| c.0.to_string()).collect();
    listed.sort();
    assert_eq!(files, builtins);
    assert_eq!(files, listed);
}

#[test]
fn every_catalogue_variant_validates_and_its_puzzles_solve() {
    for &(name, files, unique) in CATALOGUE {
        let path = root().join("variants").join(format!("{name}.ron"));
        let graph =
            ConstraintGraph::load(&path.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
        let builtin = ConstraintGraph::load(name).unwrap();
        assert_eq!(graph.graph().edge_count(), builtin.graph().edge_count());
        assert_eq!(lint::warnings(&graph), vec![], "{name}");
        assert!(
            graph
                .houses()
                .iter()
                .all(|h| h.cells.len() == graph.alphabet().len()),
            "{name}: every catalogue house is full"
        );
        for file in files {
            let found = puzzles(&graph, file);
            assert!(!found.is_empty(), "{file}: no puzzles");
            for (graph, puzzle) in found {
                let solver = Solver::new(&graph);
                let solution = solver
                    .solve(&puzzle)
                    .unwrap_or_else(|| panic!("{file}: no solution"));
                verify(&graph, &puzzle, &solution).unwrap_or_else(|v| panic!("{file}: {v}"));
                if unique {
                    assert_eq!(solver.count(&puzzle, 2), 1, "{file} is unique");
                }
            }
        }
    }
}

fn degree(graph: &ConstraintGraph, cell: &str) -> usize {
    graph.neighbours(graph.cell_index(cell).unwrap()).count()
}

#[test]
fn samurai_has_369_cells_on_a_21_by_21_canvas() {
    let g = ConstraintGraph::load("samurai").unwrap();
    assert_eq!(g.graph().node_count(), 369);
    assert_eq!(g.len(), 5 * 81 - 4 * 9);
    // The gaps between the outer grids have no cells.
    assert_eq!(g.cell_index("r1c10"), None);
    assert_eq!(g.cell_index("r10c1"), None);
    assert!(g.cell_index("r21c21").is_some());
    // 5 grids × 27 houses, less the 4 shared corner boxes.
    assert_eq!(g.houses().len(), 5 * 27 - 4);
    // A cell of a shared box sees its row, column and box in both grids.
    assert_eq!(degree(&g, "r7c7"), 20 + 6 + 6);
    assert_eq!(degree(&g, "r1c1"), 20);
    assert_eq!(degree(&g, "r11c11"), 20);
}

#[test]
fn anti_knight_adds_the_knight_moves_that_are_not_already_peers() {
    let g = ConstraintGraph::load("anti-knight").unwrap();
    // All eight knight moves from the centre leave its row, column and box.
    assert_eq!(degree(&g, "r5c5"), 20 + 8);
    // From a corner, both knight moves stay in the box.
    assert_eq!(degree(&g, "r1c1"), 20);
    // From r1c5: r3c4 and r3c6 are box-mates, r2c3 and r2c7 are new.
    assert_eq!(degree(&g, "r1c5"), 20 + 2);
}

#[test]
fn anti_king_adds_only_the_diagonal_touches() {
    let g = ConstraintGraph::load("anti-king").unwrap();
    // Every king move from r3c3 stays in box 1 except r2c4, r4c2 and r4c4, which are
    // diagonal; r2c3, r3c4, r4c3, r3c2 already share a row or column.
    assert_eq!(degree(&g, "r3c3"), 20 + 3);
    assert_eq!(degree(&g, "r5c5"), 20);
}

#[test]
fn x_sudoku_and_windoku_add_their_houses() {
    let x = ConstraintGraph::load("x-sudoku").unwrap();
    // Both diagonals through the centre: 16 cells, 4 of them already in its box.
    assert_eq!(degree(&x, "r5c5"), 20 + 12);
    assert_eq!(x.houses().len(), 29);
    let w = ConstraintGraph::load("windoku").unwrap();
    assert_eq!(w.houses().len(), 31);
    // r2c2's window (r2-4, c2-4): r3c4, r4c3 and r4c4 are outside its row, column and box.
    assert_eq!(degree(&w, "r2c2"), 20 + 3);
}

#[test]
fn thirty_six_by_thirty_six_builds_and_solves() {
    let v = variant::parse("Sudoku(box_size: 6)", "t").unwrap();
    let g = ConstraintGraph::build(&v).unwrap();
    assert_eq!(g.len(), 1296);
    assert_eq!(degree(&g, "r1c1"), 3 * 35 - 10);
    let solver = Solver::new(&g);
    let solution = solver.solve(&Puzzle::empty(1296)).unwrap();
    verify(&g, &Puzzle::empty(1296), &solution).unwrap();
    // Keep every third cell of that solution (relabelled): still solvable.
    let puzzle = Puzzle::new(
        solution
            .colours()
            .iter()
            .enumerate()
            .map(|(i, &c)| (i % 3 == 0).then_some((c + 7) % 36))
            .collect(),
    );
    let again = solver.solve(&puzzle).unwrap();
    verify(&g, &puzzle, &again).unwrap();
}

#[test]
fn latin_squares_of_any_order() {
    let four = ConstraintGraph::build(&variant::parse("Latin(size: 4)", "t").unwrap()).unwrap();
    assert_eq!(Solver::new(&four).count(&Puzzle::empty(16), u64::MAX), 576);
    let twelve = variant::parse("Latin(size: 12, symbols: Range(1, 12))", "t").unwrap();
    let twelve = ConstraintGraph::build(&twelve).unwrap();
    assert_eq!(twelve.houses().len(), 24);
    let solution = Solver::new(&twelve).solve(&Puzzle::empty(144)).unwrap();
    verify(&twelve, &Puzzle::empty(144), &solution).unwrap();
}
