//! The classic 9×9 kernel against the generic engine: which graphs get it, and
//! the same answers (solutions checked by `verify`, counts, uniqueness, no
//! solution, budgets) on random puzzles, the published sets and broken givens.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::{EXAMPLE, graph_with_houses, shared_data, variant};
use graphdoku::read::read_ron_puzzle;
use graphdoku::solver::Stop;
use graphdoku::{
    Budget, ConstraintGraph, PlainGraph, Puzzle, PuzzleReader, Solver, Verdict, uniqueness, verify,
};
use proptest::prelude::*;

fn sudoku9() -> ConstraintGraph {
    ConstraintGraph::load("sudoku9").unwrap()
}

/// `text` with `changes` (cell, given) made.
fn changed(text: &str, changes: &[(usize, Option<u8>)]) -> Puzzle {
    let mut givens = line(text).givens().to_vec();
    for &(cell, given) in changes {
        givens[cell] = given;
    }
    Puzzle::new(givens)
}

fn line(text: &str) -> Puzzle {
    let givens = text
        .bytes()
        .map(|b| match b {
            b'1'..=b'9' => Some(b - b'1'),
            _ => None,
        })
        .collect();
    Puzzle::new(givens)
}

/// The houses of a row-major 9×9: rows, columns, boxes.
fn houses() -> Vec<Vec<usize>> {
    let rows = (0..9).map(|r| (0..9).map(|c| 9 * r + c).collect());
    let columns = (0..9).map(|c| (0..9).map(|r| 9 * r + c).collect());
    let boxes = (0..9).map(|b| {
        (0..9)
            .map(|i| 9 * (3 * (b / 3) + i / 3) + 3 * (b % 3) + i % 3)
            .collect()
    });
    rows.chain(columns).chain(boxes).collect()
}

/// A shuffle of `0..n` drawn from `seed` (an LCG: the tests need no quality).
fn shuffled(n: usize, seed: u64) -> Vec<usize> {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        order.swap(i, (state >> 33) as usize % (i + 1));
    }
    order
}

/// Both engines on `puzzle`: the same count up to `limit`, every first
/// solution verified, neither giving up; returns the count.
fn agree(graph: &ConstraintGraph, puzzle: &Puzzle, limit: u64) -> u64 {
    let classic = Solver::new(graph);
    let generic = Solver::generic(graph);
    assert!(classic.is_classic() && !generic.is_classic());
    let ours = classic.count_solutions(puzzle, limit);
    let theirs = generic.count_solutions(puzzle, limit);
    assert!(!ours.gave_up && !theirs.gave_up);
    assert_eq!(ours.solutions, theirs.solutions, "counts differ");
    for first in [&ours.first, &theirs.first].into_iter().flatten() {
        verify(graph, puzzle, first).expect("a verified solution");
    }
    assert_eq!(ours.first.is_some(), ours.solutions > 0);
    // Every solution one by one, as `count --all` sees them.
    let listed: Vec<_> = classic.search(puzzle).take(limit as usize).collect();
    assert_eq!(listed.len() as u64, ours.solutions);
    for (i, solution) in listed.iter().enumerate() {
        verify(graph, puzzle, solution).expect("a verified solution");
        assert!(!listed[..i].contains(solution), "a solution found twice");
    }
    ours.solutions
}

/// Uniqueness by both engines: the same verdict, and the same solution when unique.
fn same_verdict(graph: &ConstraintGraph, puzzle: &Puzzle) -> Verdict {
    let (ours, _) = uniqueness(&Solver::new(graph), puzzle);
    let (theirs, _) = uniqueness(&Solver::generic(graph), puzzle);
    match (&ours, &theirs) {
        (Verdict::Unique(a), Verdict::Unique(b)) => assert_eq!(a, b),
        (Verdict::None, Verdict::None) => {}
        (Verdict::Multiple(a, b), Verdict::Multiple(..)) => {
            assert_ne!(a, b);
            verify(graph, puzzle, a).unwrap();
            verify(graph, puzzle, b).unwrap();
        }
        _ => panic!("verdicts differ: {ours:?} and {theirs:?}"),
    }
    ours
}

#[test]
fn the_classic_graph_gets_the_kernel_however_it_is_written() {
    let regions = r#"Variant(name: "boxes as regions", symbols: Chars("123456789"),
        cells: Grid(rows: 9, cols: 9), houses: [Rows, Columns, Regions([
        "AAABBBCCC", "AAABBBCCC", "AAABBBCCC", "DDDEEEFFF", "DDDEEEFFF", "DDDEEEFFF",
        "GGGHHHIII", "GGGHHHIII", "GGGHHHIII"])])"#;
    let twice = r#"Variant(name: "rows twice", symbols: Chars("abcdefghi"),
        cells: Grid(rows: 9, cols: 9), houses: [Rows, Rows, Columns, Boxes(rows: 3, cols: 3)])"#;
    // Cells in a shuffled order, the houses given as lists.
    let order = shuffled(81, 7);
    let moved: Vec<Vec<usize>> = houses()
        .iter()
        .map(|h| h.iter().map(|&c| order[c]).collect())
        .collect();
    // The edges alone, no house declared.
    let mut edges = Vec::new();
    for house in houses() {
        for (i, &a) in house.iter().enumerate() {
            edges.extend(house[i + 1..].iter().map(|&b| (a as u32, b as u32)));
        }
    }
    let plain = PlainGraph::new(81, edges).unwrap();
    let graphs = [
        sudoku9(),
        variant("Sudoku(box_size: 3)"),
        variant(regions),
        variant(twice),
        graph_with_houses(81, 9, &[], &moved),
        ConstraintGraph::plain(&plain, "edges", 9).unwrap(),
    ];
    for graph in &graphs {
        assert!(Solver::new(graph).is_classic(), "{}", graph.name());
    }
}

#[test]
fn other_graphs_get_the_generic_engine() {
    let extra_edge = r#"Variant(extends: "sudoku9", edges: [Pairs([("r1c1", "r9c9")])])"#;
    let restricted =
        r#"Variant(extends: "sudoku9", allowed: [Cells(cells: ["r1c1"], symbols: ["1", "2"])])"#;
    let mut graphs: Vec<ConstraintGraph> = [
        "jigsaw9",
        "x-sudoku",
        "windoku",
        "anti-knight",
        "latin9",
        "sudoku4",
        "sudoku16",
    ]
    .iter()
    .map(|name| ConstraintGraph::load(name).unwrap())
    .collect();
    graphs.push(variant(extra_edge));
    graphs.push(variant(restricted));
    let text = std::fs::read_to_string(common::data("killer.ron")).unwrap();
    graphs.push(read_ron_puzzle(&text, "killer.ron").unwrap().0);
    for graph in &graphs {
        assert!(!Solver::new(graph).is_classic(), "{}", graph.name());
    }
}

#[test]
fn a_shuffled_numbering_maps_solutions_back() {
    let order = shuffled(81, 11);
    let moved: Vec<Vec<usize>> = houses()
        .iter()
        .map(|h| h.iter().map(|&c| order[c]).collect())
        .collect();
    let graph = graph_with_houses(81, 9, &[], &moved);
    let plain = line(EXAMPLE);
    let mut givens = vec![None; 81];
    for (cell, &given) in plain.givens().iter().enumerate() {
        givens[order[cell]] = given;
    }
    let puzzle = Puzzle::new(givens);
    let Verdict::Unique(solution) = same_verdict(&graph, &puzzle) else {
        panic!("the Euler example is unique")
    };
    let Verdict::Unique(expected) = same_verdict(&sudoku9(), &plain) else {
        panic!("the Euler example is unique")
    };
    for (cell, &placed) in order.iter().enumerate() {
        assert_eq!(solution.colours()[placed], expected.colours()[cell]);
    }
}

#[test]
fn several_solutions_and_none() {
    let graph = sudoku9();
    // Givens taken away from the example: several solutions, counted alike.
    let removed: Vec<_> = [2, 4, 6, 9, 12, 14].iter().map(|&c| (c, None)).collect();
    let fewer = changed(EXAMPLE, &removed);
    assert!(agree(&graph, &fewer, 1000) > 1);
    assert!(matches!(
        same_verdict(&graph, &fewer),
        Verdict::Multiple(..)
    ));
    // The empty board: every count stops at its limit.
    assert_eq!(agree(&graph, &Puzzle::empty(81), 200), 200);
    // Two givens clashing in a row; a given outside the alphabet.
    let clash = changed(EXAMPLE, &[(0, Some(1))]);
    assert_eq!(agree(&graph, &clash, 2), 0);
    let outside = changed(&".".repeat(81), &[(40, Some(9))]);
    assert_eq!(agree(&graph, &outside, 2), 0);
    // A wrong given that clashes with nothing: no solution, found by search.
    let wrong = changed(EXAMPLE, &[(0, Some(0))]);
    assert_eq!(agree(&graph, &wrong, 2), 0);
    assert_eq!(same_verdict(&graph, &wrong), Verdict::None);
}

#[test]
fn budgets_make_the_kernel_give_up() {
    let graph = sudoku9();
    // The first of top1465: it takes many nodes.
    let hard =
        line("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    let one_node = Solver::new(&graph).with_budget(Budget::unlimited().nodes(1));
    let count = one_node.count_solutions(&hard, 2);
    assert!(count.gave_up && count.first.is_none());
    assert_eq!(count.stats.nodes, 1);
    let expired = Solver::new(&graph).with_budget(Budget::unlimited().time(Duration::ZERO));
    assert!(
        expired
            .count_solutions(&Puzzle::empty(81), u64::MAX)
            .gave_up
    );
    static STOP: AtomicBool = AtomicBool::new(false);
    let stopped = Solver::new(&graph).with_budget(Budget::unlimited().stopped_by(Stop::new(&STOP)));
    STOP.store(true, Ordering::Relaxed);
    assert!(
        stopped
            .count_solutions(&Puzzle::empty(81), u64::MAX)
            .gave_up
    );
    // Unlimited, it settles the puzzle.
    let count = Solver::new(&graph).count_solutions(&hard, 2);
    assert!(!count.gave_up && count.solutions == 1 && count.stats.nodes > 1);
}

#[test]
fn euler_96_and_the_published_sets_agree() {
    let Some(shared) = shared_data() else { return };
    let graph = sudoku9();
    let classic = Solver::new(&graph);
    let generic = Solver::generic(&graph);
    for (file, step) in [
        ("euler96/p096_sudoku.txt", 1),
        ("bench/top1465.txt", 1),
        ("bench/17-clue.txt", 7),
    ] {
        let text = std::fs::read_to_string(shared.join(file)).unwrap();
        let puzzles: Vec<Puzzle> = PuzzleReader::new(&graph, text.as_bytes(), file)
            .map(|r| r.puzzle.unwrap())
            .step_by(step)
            .collect();
        assert!(puzzles.len() >= 50, "{file}");
        for puzzle in &puzzles {
            let ours = classic.count_solutions(puzzle, 2);
            let theirs = generic.count_solutions(puzzle, 2);
            assert_eq!((ours.solutions, ours.gave_up), (1, false), "{file}");
            assert_eq!(ours.first, theirs.first, "{file}");
            verify(&graph, puzzle, ours.first.as_ref().unwrap()).unwrap();
        }
    }
}

/// A random valid grid: the banded pattern under random relabelling, row and
/// column moves within bands and stacks, band and stack moves.
fn grid(seed: u64) -> Vec<u8> {
    let relabel = shuffled(9, seed);
    let within = |s: u64| {
        let bands = shuffled(3, s);
        let lines: Vec<Vec<usize>> = (0..3).map(|b| shuffled(3, s + 1 + b as u64)).collect();
        (0..9)
            .map(|i| 3 * bands[i / 3] + lines[i / 3][i % 3])
            .collect::<Vec<_>>()
    };
    let (rows, columns) = (within(seed + 10), within(seed + 20));
    (0..81)
        .map(|cell| {
            let (r, c) = (rows[cell / 9], columns[cell % 9]);
            relabel[(3 * (r % 3) + r / 3 + c) % 9] as u8
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Random puzzles (a grid's cells kept at random, sometimes with a wrong
    /// given) get the same answers from both engines.
    #[test]
    fn random_puzzles_agree(
        seed in any::<u64>(),
        kept in proptest::collection::vec(any::<bool>(), 81),
        density in 0u8..4,
        wrong in proptest::option::of((0usize..81, 0u8..9)),
    ) {
        let graph = sudoku9();
        let solution = grid(seed);
        let mut givens: Vec<Option<u8>> = solution
            .iter()
            .zip(&kept)
            .enumerate()
            // Keep about half, a third, a quarter or a fifth of the cells.
            .map(|(cell, (&d, &k))| (k && cell % (density as usize + 1) == 0).then_some(d))
            .collect();
        if let Some((cell, digit)) = wrong {
            givens[cell] = Some(digit);
        }
        let puzzle = Puzzle::new(givens);
        agree(&graph, &puzzle, 3);
        same_verdict(&graph, &puzzle);
    }
}
