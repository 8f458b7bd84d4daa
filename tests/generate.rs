//! Generated puzzles, checked by the test-side counter (not the library's
//! solver): unique, minimal, reproducible from their seed, for every shape;
//! and their explanations replay to the solution.

mod common;

use common::{assert_unique_and_minimal, jigsaw, replay, x_sudoku};
use graphdoku::generate::{GenerateError, Generated, Generator, Options, Symmetry};
use graphdoku::logic::{Grade, Level, Logic};
use graphdoku::{ConstraintGraph, Puzzle, verify};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// `count` puzzles from one seeded stream.
fn generate(graph: &ConstraintGraph, seed: u64, count: usize, options: &Options) -> Vec<Generated> {
    let generator = Generator::new(graph);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| generator.generate(&mut rng, options).unwrap())
        .collect()
}

/// Generates `count` puzzles, checks each, and checks the first `again` come
/// back identical from the same seed.
fn check_variant(
    graph: &ConstraintGraph,
    seed: u64,
    count: usize,
    again: usize,
    options: &Options,
) -> Vec<Puzzle> {
    check_variant_with(graph, seed, count, again, options, &|g, p| {
        common::count_colourings(g, p, 2)
    })
}

/// [`check_variant`] with the minimality checks counted by `count_to_2`.
fn check_variant_with(
    graph: &ConstraintGraph,
    seed: u64,
    count: usize,
    again: usize,
    options: &Options,
    count_to_2: &dyn Fn(&ConstraintGraph, &Puzzle) -> usize,
) -> Vec<Puzzle> {
    let made = generate(graph, seed, count, options);
    let orbits = options.symmetry.orbits(graph).unwrap();
    let logic = Logic::new(graph);
    for (i, m) in made.iter().enumerate() {
        let what = format!("{} #{i} (seed {seed})", graph.name());
        verify(graph, &m.puzzle, &m.solution).unwrap_or_else(|v| panic!("{what}: {v}"));
        assert_unique_and_minimal(graph, &m.puzzle, &orbits, &what, count_to_2);
        let path = logic.path(&m.puzzle, &m.solution).unwrap();
        replay(graph, &m.puzzle, &path, &m.solution);
    }
    let repeated = generate(graph, seed, again, options);
    assert!(
        repeated
            .iter()
            .zip(&made)
            .all(|(a, b)| a.puzzle == b.puzzle),
        "{}: seed {seed} is not reproducible",
        graph.name()
    );
    let other = generate(graph, seed + 1, 1, options);
    assert_ne!(
        other[0].puzzle, made[0].puzzle,
        "another seed, another puzzle"
    );
    made.into_iter().map(|m| m.puzzle).collect()
}

#[test]
fn two_hundred_nine_by_nine() {
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let puzzles = check_variant(&graph, 96, 200, 200, &Options::default());
    // Minimal 9×9 puzzles have about 20 to 30 clues; all distinct.
    assert!(puzzles.iter().all(|p| (17..=32).contains(&p.clue_count())));
    let distinct: std::collections::BTreeSet<_> =
        puzzles.iter().map(|p| p.givens().to_vec()).collect();
    assert_eq!(distinct.len(), 200);
}

/// Twenty puzzles of a big variant: unique by the test-side counter, minimal by
/// the library's solver, as the test-side counter takes up to a second per removal
/// on some of them (the solver is itself cross-checked against brute force in
/// tests/solver.rs).
fn twenty_big(variant: &str, seed: u64) {
    let graph = ConstraintGraph::load(variant).unwrap();
    let solver = graphdoku::Solver::new(&graph);
    check_variant_with(&graph, seed, 20, 2, &Options::default(), &|_, p| {
        solver.count(p, 2) as usize
    });
}

#[test]
fn twenty_sixteen_by_sixteen() {
    twenty_big("sudoku16", 16);
}

#[test]
fn twenty_samurai() {
    twenty_big("samurai", 5);
}

#[test]
fn twenty_each_jigsaw_x_sudoku_and_pie() {
    for graph in [jigsaw(), x_sudoku(), ConstraintGraph::load("pie").unwrap()] {
        check_variant(&graph, 12, 20, 20, &Options::default());
    }
}

#[test]
fn symmetric_patterns_are_symmetric_and_orbit_minimal() {
    let sudoku = ConstraintGraph::load("sudoku9").unwrap();
    let pie = ConstraintGraph::load("pie").unwrap();
    for (graph, symmetry) in [
        (&sudoku, Symmetry::Rot180),
        (&sudoku, Symmetry::Rot90),
        (&sudoku, Symmetry::Mirror),
        (&sudoku, Symmetry::Diagonal),
        (&pie, Symmetry::Rot180),
        (&pie, Symmetry::Mirror),
    ] {
        let options = Options {
            symmetry,
            ..Options::default()
        };
        for puzzle in check_variant(graph, 3, 10, 3, &options) {
            // assert_unique_and_minimal has already checked every orbit is all
            // given or all empty; check the shape on one case by hand too.
            if symmetry == Symmetry::Rot180 && graph.len() == 81 {
                let g = puzzle.givens();
                assert!((0..81).all(|c| g[c].is_some() == g[80 - c].is_some()));
            }
        }
    }
}

#[test]
fn unsupported_symmetries_are_refused_with_a_reason() {
    let pie = ConstraintGraph::load("pie").unwrap();
    let options = Options {
        symmetry: Symmetry::Diagonal,
        ..Options::default()
    };
    let err = Generator::new(&pie)
        .generate(&mut ChaCha8Rng::seed_from_u64(1), &options)
        .unwrap_err();
    assert!(err.to_string().contains("polar"), "{err}");
    let wide = common::variant(
        r#"Variant(name: "w", symbols: Chars("123456"), cells: Grid(rows: 2, cols: 3), houses: [Rows])"#,
    );
    let options = Options {
        symmetry: Symmetry::Rot90,
        ..Options::default()
    };
    let err = Generator::new(&wide)
        .generate(&mut ChaCha8Rng::seed_from_u64(1), &options)
        .unwrap_err();
    assert!(err.to_string().contains("square grid, not 2×3"), "{err}");
}

#[test]
fn exact_clue_counts() {
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let options = Options {
        clues: Some(30),
        ..Options::default()
    };
    for m in generate(&graph, 5, 10, &options) {
        assert_eq!(m.puzzle.clue_count(), 30);
        assert_eq!(common::count_colourings(&graph, &m.puzzle, 2), 1);
    }
    let options = Options {
        clues: Some(82),
        ..Options::default()
    };
    let err = Generator::new(&graph)
        .generate(&mut ChaCha8Rng::seed_from_u64(1), &options)
        .unwrap_err();
    assert_eq!(
        err,
        GenerateError::TooManyClues {
            clues: 82,
            cells: 81
        }
    );
    // 16 clues cannot make a unique 9×9 puzzle: the generator gives up.
    let options = Options {
        clues: Some(16),
        attempts: 3,
        ..Options::default()
    };
    let err = Generator::new(&graph)
        .generate(&mut ChaCha8Rng::seed_from_u64(1), &options)
        .unwrap_err();
    assert!(
        matches!(err, GenerateError::GaveUp { attempts: 3, .. }),
        "{err}"
    );
}

#[test]
fn requested_levels() {
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let logic = Logic::new(&graph);
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Fiendish] {
        let options = Options {
            difficulty: Some(level),
            ..Options::default()
        };
        for m in generate(&graph, 8, 3, &options) {
            assert_eq!(m.grade.as_ref().map(|g| g.level), Some(level));
            // Graded as `grade` grades it: Sudoku Explainer's ladder (no rules
            // here), the classic ladder in a build without it.
            let path = logic.graded_path(&m.puzzle, &m.solution).unwrap();
            assert_eq!(Grade::of(&path).level, level);
        }
    }
}

#[test]
fn twenty_four_by_four() {
    let small = ConstraintGraph::load("sudoku4").unwrap();
    check_variant(&small, 4, 20, 20, &Options::default());
}
