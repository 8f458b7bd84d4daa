//! The solver through the library API: known solutions, known counts, and a
//! brute-force cross-check on small random graphs.

mod common;

use common::graph_with_houses;
use graphdoku::generate::{GenerateError, Generator, Options};
use graphdoku::{ConstraintGraph, Puzzle, PuzzleReader, Solution, Solver, verify};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn data(name: &str) -> String {
    format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The puzzles of a data file read with `variant`.
fn puzzles(variant: &str, file: &str) -> (ConstraintGraph, Vec<Puzzle>) {
    let graph = ConstraintGraph::load(variant).unwrap();
    let text = std::fs::read_to_string(data(file)).unwrap();
    let puzzles = PuzzleReader::new(&graph, text.as_bytes(), file)
        .map(|r| r.puzzle.unwrap())
        .collect();
    (graph, puzzles)
}

/// A variant of `n` free cells with `k` symbols and the given edges.
fn free_graph(n: usize, k: usize, edges: &[(usize, usize)]) -> ConstraintGraph {
    graph_with_houses(n, k, edges, &[])
}

#[test]
fn euler_example_solves_to_the_published_grid() {
    let (graph, puzzles) = puzzles("sudoku9", "euler-example.txt");
    let solution = Solver::new(&graph).solve(&puzzles[0]).unwrap();
    verify(&graph, &puzzles[0], &solution).unwrap();
    let published =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    assert_eq!(
        graphdoku::write::text::line(&graph, solution.to_puzzle().givens()),
        published
    );
}

#[test]
fn empty_four_by_four_has_288_solutions() {
    let graph = ConstraintGraph::load("sudoku4").unwrap();
    let solver = Solver::new(&graph);
    let empty = Puzzle::empty(16);
    assert_eq!(solver.count(&empty, u64::MAX), 288);
    // Every one is distinct and proper.
    let all: std::collections::HashSet<Solution> = solver.search(&empty).collect();
    assert_eq!(all.len(), 288);
    assert!(all.iter().all(|s| verify(&graph, &empty, s).is_ok()));
}

#[test]
fn known_chromatic_counts() {
    // Proper 3-colourings of the 5-cycle: (k-1)^n + (-1)^n (k-1) = 30.
    let cycle = free_graph(5, 3, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]);
    assert_eq!(Solver::new(&cycle).count(&Puzzle::empty(5), u64::MAX), 30);
    // The Petersen graph has 120 proper 3-colourings.
    let petersen = free_graph(
        10,
        3,
        &[
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 0),
            (0, 5),
            (1, 6),
            (2, 7),
            (3, 8),
            (4, 9),
            (5, 7),
            (7, 9),
            (9, 6),
            (6, 8),
            (8, 5),
        ],
    );
    assert_eq!(
        Solver::new(&petersen).count(&Puzzle::empty(10), u64::MAX),
        120
    );
    // Latin squares of order 4: 576.
    let latin = graphdoku::variant::parse(
        r#"Variant(name: "latin4", symbols: Chars("1234"), cells: Grid(rows: 4, cols: 4), houses: [Rows, Columns])"#,
        "t",
    )
    .unwrap();
    let latin = ConstraintGraph::build(&latin).unwrap();
    assert_eq!(Solver::new(&latin).count(&Puzzle::empty(16), u64::MAX), 576);
}

/// Alphabets past 128 colours take the widest candidate sets: counts still
/// come out whole, through the interchangeable colours' weights.
#[test]
fn known_counts_with_more_than_128_colours() {
    let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)];
    // The 5-cycle with 200 colours: (k-1)^5 - (k-1).
    let cycle = free_graph(5, 200, &edges);
    let solver = Solver::new(&cycle);
    assert_eq!(
        solver.count(&Puzzle::empty(5), u64::MAX),
        199u64.pow(5) - 199
    );
    // With one cell given colour 170: a 200th of them, and 170 is where it was put.
    let mut givens = vec![None; 5];
    givens[2] = Some(170);
    let given = Puzzle::new(givens);
    assert_eq!(solver.count(&given, u64::MAX), (199u64.pow(5) - 199) / 200);
    let first = solver.solve(&given).unwrap();
    assert_eq!(first.colours()[2], 170);
    verify(&cycle, &given, &first).unwrap();
    // A triangle with 150 colours, and every solution one by one on a smaller case.
    let triangle = free_graph(3, 150, &[(0, 1), (1, 2), (2, 0)]);
    assert_eq!(
        Solver::new(&triangle).count(&Puzzle::empty(3), u64::MAX),
        150 * 149 * 148
    );
    let path = free_graph(2, 140, &[(0, 1)]);
    let every: Vec<Solution> = Solver::new(&path).search(&Puzzle::empty(2)).collect();
    assert_eq!(every.len(), 140 * 139);
    assert!(every.iter().all(|s| s.colours()[0] != s.colours()[1]));
}

/// Small graphs with many full houses go to wider bitboards (more than 64
/// houses) or to the cell-major store (more than 256): every edge of these
/// two-colour graphs is a house.
#[test]
fn graphs_with_many_houses_count_right() {
    let cycle = |n: usize| (0..n).map(|i| (i, (i + 1) % n)).collect::<Vec<_>>();
    let side = 16;
    let grid: Vec<(usize, usize)> = (0..side * side)
        .flat_map(|v| {
            let right = (v % side + 1 < side).then_some((v, v + 1));
            let down = (v + side < side * side).then_some((v, v + side));
            right.into_iter().chain(down)
        })
        .collect();
    let mut odd_grid = grid.clone();
    odd_grid.push((0, side + 1));
    // An even cycle and a grid are two-coloured in two ways; an odd cycle and
    // a grid with a diagonal in none.
    let cases = [
        (100, cycle(100), 2),
        (101, cycle(101), 0),
        (side * side, grid, 2),
        (side * side, odd_grid, 0),
    ];
    for (n, edges, expected) in cases {
        let houses: Vec<Vec<usize>> = edges.iter().map(|&(a, b)| vec![a, b]).collect();
        let graph = graph_with_houses(n, 2, &[], &houses);
        let puzzle = Puzzle::empty(n);
        for solver in [Solver::new(&graph), Solver::cell_major(&graph)] {
            assert_eq!(solver.count(&puzzle, 10), expected, "{n} cells");
            for solution in solver.search(&puzzle) {
                verify(&graph, &puzzle, &solution).unwrap();
            }
        }
    }
}

#[test]
fn an_unsolvable_puzzle_has_no_solution() {
    // Consistent givens, yet r1c9 can hold nothing: row 1 has 1-8, column 9 has 9.
    let line = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let puzzle = PuzzleReader::new(&graph, line.as_bytes(), "t")
        .next()
        .unwrap()
        .puzzle
        .unwrap();
    let solver = Solver::new(&graph);
    assert_eq!(solver.solve(&puzzle), None);
    assert_eq!(solver.count(&puzzle, 10), 0);
}

#[test]
fn limits_stop_counting() {
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let solver = Solver::new(&graph);
    assert_eq!(solver.count(&Puzzle::empty(81), 5), 5);
    let mut search = solver.search(&Puzzle::empty(81));
    assert_eq!(search.count_up_to(3), 3);
    assert!(search.stats().nodes >= 3);
}

#[test]
fn boards_of_every_size_solve_and_verify() {
    for (variant, file, clues) in [
        ("sudoku4", "sudoku4-minimal.txt", 4),
        ("sudoku16", "sudoku16-45pct.txt", 115),
        ("sudoku25", "sudoku25-55pct.txt", 344),
    ] {
        let (graph, puzzles) = puzzles(variant, file);
        assert_eq!(puzzles.len(), 1);
        assert_eq!(puzzles[0].clue_count(), clues, "{file}");
        let solver = Solver::new(&graph);
        let solution = solver.solve(&puzzles[0]).unwrap();
        verify(&graph, &puzzles[0], &solution).unwrap();
        assert_eq!(solver.count(&puzzles[0], 2), 1, "{file} is unique");
    }
}

#[test]
fn pie_homework_solves_and_has_4534272_solutions() {
    let path = data("pie-homework.ron");
    let source = std::fs::read_to_string(&path).unwrap();
    let (graph, record) = graphdoku::read::read_ron_puzzle(&source, &path).unwrap();
    let puzzle = record.puzzle.unwrap();
    assert_eq!(puzzle.clue_count(), 30);
    let solver = Solver::new(&graph);
    let mut search = solver.search(&puzzle);
    for solution in search.by_ref().take(1000) {
        verify(&graph, &puzzle, &solution).unwrap();
    }
    assert_eq!(1000 + search.count_up_to(u64::MAX), 4_534_272);
}

#[test]
fn the_verifier_catches_a_broken_solution() {
    let (graph, puzzles) = puzzles("sudoku9", "euler-example.txt");
    let solution = Solver::new(&graph).solve(&puzzles[0]).unwrap();
    let mut colours = solution.colours().to_vec();
    colours.swap(2, 3); // r1c3 is a given: swapping breaks it
    assert!(verify(&graph, &puzzles[0], &Solution::new(colours.clone())).is_err());
    colours.swap(2, 3);
    colours.swap(0, 1); // two free cells of row 1: columns and boxes break
    assert!(verify(&graph, &Puzzle::empty(81), &Solution::new(colours)).is_err());
}

/// Counts proper colourings extending `givens` by trying every assignment.
fn brute_force(n: usize, k: usize, edges: &[(usize, usize)], givens: &[Option<u8>]) -> u64 {
    let mut colours = vec![0u8; n];
    let mut count = 0;
    loop {
        let fits = givens
            .iter()
            .zip(&colours)
            .all(|(g, c)| g.is_none_or(|g| g == *c));
        if fits && edges.iter().all(|&(a, b)| colours[a] != colours[b]) {
            count += 1;
        }
        let mut i = 0;
        loop {
            if i == n {
                return count;
            }
            colours[i] += 1;
            if (colours[i] as usize) < k {
                break;
            }
            colours[i] = 0;
            i += 1;
        }
    }
}

/// Cells, symbols, edges, houses and givens of a small colouring problem.
type Case = (
    usize,
    usize,
    Vec<(usize, usize)>,
    Vec<Vec<usize>>,
    Vec<Option<u8>>,
);

fn small_graph() -> impl Strategy<Value = Case> {
    (2usize..9, 2usize..5).prop_flat_map(|(n, k)| {
        let edges = proptest::collection::vec((0..n, 0..n), 0..12)
            .prop_map(|e| e.into_iter().filter(|(a, b)| a != b).collect::<Vec<_>>());
        // Houses of exactly `k` distinct cells exercise hidden singles and, where
        // two share cells, locked candidates.
        let house = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), k.min(n));
        let houses = proptest::collection::vec(house, 0..4);
        let givens = proptest::collection::vec(proptest::option::weighted(0.25, 0..k as u8), n);
        (Just(n), Just(k), edges, houses, givens)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn counts_match_brute_force((n, k, edges, houses, givens) in small_graph()) {
        let graph = graph_with_houses(n, k, &edges, &houses);
        let mut all_edges = edges.clone();
        for house in &houses {
            for (i, &a) in house.iter().enumerate() {
                all_edges.extend(house[i + 1..].iter().map(|&b| (a, b)));
            }
        }
        let puzzle = Puzzle::new(givens.clone());
        let expected = brute_force(n, k, &all_edges, &givens);
        // Both candidate stores, counting up to colour symmetry and one by one.
        for solver in [Solver::new(&graph), Solver::cell_major(&graph)] {
            prop_assert_eq!(solver.count(&puzzle, u64::MAX), expected);
            // "No solution" agrees, and a solution found verifies.
            match solver.solve(&puzzle) {
                Some(solution) => prop_assert!(verify(&graph, &puzzle, &solution).is_ok()),
                None => prop_assert_eq!(expected, 0),
            }
            let mut distinct = std::collections::HashSet::new();
            for solution in solver.search(&puzzle) {
                prop_assert!(verify(&graph, &puzzle, &solution).is_ok());
                distinct.insert(solution);
            }
            prop_assert_eq!(distinct.len() as u64, expected);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// Puzzles generated on random graphs (random cliques and extra edges) are
    /// unique and minimal by brute force; a graph with no colouring at all is
    /// the only one the generator refuses.
    #[test]
    fn generated_puzzles_are_unique_and_minimal_by_brute_force(
        (n, k, edges, houses, _) in small_graph(),
        seed in any::<u64>(),
    ) {
        let graph = graph_with_houses(n, k, &edges, &houses);
        let mut all_edges = edges.clone();
        for house in &houses {
            for (i, &a) in house.iter().enumerate() {
                all_edges.extend(house[i + 1..].iter().map(|&b| (a, b)));
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        match Generator::new(&graph).generate(&mut rng, &Options::default()) {
            Ok(made) => {
                prop_assert!(verify(&graph, &made.puzzle, &made.solution).is_ok());
                let givens = made.puzzle.givens().to_vec();
                prop_assert_eq!(brute_force(n, k, &all_edges, &givens), 1, "not unique");
                for cell in (0..n).filter(|&c| givens[c].is_some()) {
                    let mut fewer = givens.clone();
                    fewer[cell] = None;
                    prop_assert!(
                        brute_force(n, k, &all_edges, &fewer) >= 2,
                        "not minimal: v{} can go", cell
                    );
                }
            }
            Err(GenerateError::NoColouring) => {
                prop_assert_eq!(brute_force(n, k, &all_edges, &vec![None; n]), 0);
            }
            Err(other) => prop_assert!(false, "{}", other),
        }
    }
}

#[test]
fn the_minimal_pie_is_unique_and_minimal() {
    let (graph, puzzles) = puzzles("pie", "pie-minimal.txt");
    let solver = Solver::new(&graph);
    let puzzle = &puzzles[0];
    assert_eq!(puzzle.clue_count(), 40);
    assert_eq!(solver.count(puzzle, 2), 1);
    for cell in (0..graph.len()).filter(|&c| puzzle.givens()[c].is_some()) {
        let mut fewer = puzzle.givens().to_vec();
        fewer[cell] = None;
        assert_eq!(
            solver.count(&Puzzle::new(fewer), 2),
            2,
            "{} is not needed",
            graph.cells()[cell].name
        );
    }
}
