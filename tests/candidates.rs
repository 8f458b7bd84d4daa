//! True candidates (`graphdoku::candidates`, `graphdoku candidates`), checked
//! against counts made without the library's solver.

mod common;

use common::{EXAMPLE, count_colourings, data, graphdoku};
use graphdoku::candidates::{Candidates, Options, Tally, candidates};
use graphdoku::{Budget, ConstraintGraph, Puzzle, PuzzleReader, Solution, Solver, verify};

/// The first puzzle of `line`, read as `variant`.
fn read(variant: &str, line: &str) -> (ConstraintGraph, Puzzle) {
    let graph = ConstraintGraph::load(variant).unwrap();
    let record = PuzzleReader::new(&graph, line.as_bytes(), "-").next();
    let puzzle = record.unwrap().puzzle.unwrap();
    (graph, puzzle)
}

/// The first puzzle of a RON text, with the graph of its variant and rules.
fn read_ron(text: &str, path: &str) -> (ConstraintGraph, Puzzle) {
    let mut read = graphdoku::read::read_ron_puzzles(text, path).unwrap();
    let (graph, record) = read.records.remove(0);
    (read.graphs.remove(graph.unwrap()), record.puzzle.unwrap())
}

/// `puzzle` with `colour` given in `cell`.
fn placed(puzzle: &Puzzle, cell: usize, colour: u8) -> Puzzle {
    let mut givens = puzzle.givens().to_vec();
    givens[cell] = Some(colour);
    Puzzle::new(givens)
}

fn run(graph: &ConstraintGraph, puzzle: &Puzzle, limit: u64) -> Candidates {
    let options = Options {
        limit,
        budget: Budget::unlimited(),
    };
    candidates(graph, puzzle, options).unwrap()
}

/// The tally of `colour` in `cell`, if the cell lists it.
fn tally(found: &Candidates, cell: usize, colour: u8) -> Option<Tally> {
    let values = &found.cells[cell].values;
    values.iter().find(|&&(c, _)| c == colour).map(|&(_, t)| t)
}

/// Every pair of an empty cell and a colour, against `truth(pair)`, the
/// number of solutions with it (counted up to at least `limit + 1`): a value
/// left out has none, an exact count is the truth, a lower bound is the cap
/// and the truth reaches it.
fn check(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    found: &Candidates,
    truth: impl Fn(usize, u8) -> u64,
) {
    let limit = found.limit;
    for cell in (0..graph.len()).filter(|&c| puzzle.givens()[c].is_none()) {
        for colour in 0..graph.alphabet().len() as u8 {
            let (n, name) = (truth(cell, colour), &graph.cells()[cell].name);
            match tally(found, cell, colour) {
                None => assert_eq!(n, 0, "{name} = {colour} left out"),
                Some(t) if t.exact => assert_eq!(t.solutions, n, "{name} = {colour}"),
                Some(t) => assert!(
                    t.solutions == limit && n >= limit,
                    "{name} = {colour}: {t:?}, {n}"
                ),
            }
        }
    }
}

/// Counts by the tests' own backtracking counter (no rules).
fn counted(graph: &ConstraintGraph, puzzle: &Puzzle, limit: u64) -> impl Fn(usize, u8) -> u64 {
    move |cell, colour| {
        count_colourings(graph, &placed(puzzle, cell, colour), limit as usize + 1) as u64
    }
}

#[test]
fn the_empty_4x4_has_every_value_in_every_cell_72_times() {
    let (graph, empty) = (ConstraintGraph::load("sudoku4").unwrap(), Puzzle::empty(16));
    let found = run(&graph, &empty, 1000);
    assert_eq!(
        found.solutions,
        Tally {
            solutions: 288,
            exact: true
        }
    );
    assert_eq!(found.searches, 1, "one search counts them all");
    assert!(found.complete() && !found.gave_up);
    for cell in &found.cells {
        let expected: Vec<(u8, Tally)> = (0..4)
            .map(|c| {
                (
                    c,
                    Tally {
                        solutions: 72,
                        exact: true,
                    },
                )
            })
            .collect();
        assert_eq!(cell.values, expected);
    }
    check(&graph, &empty, &found, counted(&graph, &empty, 1000));
}

#[test]
fn a_unique_puzzle_has_only_its_solution() {
    let (graph, puzzle) = read("sudoku9", EXAMPLE);
    let found = run(&graph, &puzzle, 1000);
    let solution = Solver::new(&graph).solve(&puzzle).unwrap();
    assert_eq!(
        found.solutions,
        Tally {
            solutions: 1,
            exact: true
        }
    );
    for (cell, entry) in found.cells.iter().enumerate() {
        let one = Tally {
            solutions: 1,
            exact: true,
        };
        assert_eq!(entry.values, [(solution.colours()[cell], one)]);
        assert_eq!(entry.given, puzzle.givens()[cell].is_some());
        // Already unique: no value makes it so.
        assert!(found.unique_with(cell).is_empty());
    }
}

/// The cells of a rectangle of `solution` (a 9×9) whose two values can swap
/// places: two rows and two columns within two boxes, holding a b / b a.
fn deadly_rectangle(solution: &Solution) -> [usize; 4] {
    let v = |r: usize, c: usize| solution.colours()[r * 9 + c];
    for (r1, r2) in (0..9).flat_map(|a| (a + 1..9).map(move |b| (a, b))) {
        for (c1, c2) in (0..9).flat_map(|a| (a + 1..9).map(move |b| (a, b))) {
            let two_boxes = r1 / 3 == r2 / 3 || c1 / 3 == c2 / 3;
            if two_boxes && v(r1, c1) == v(r2, c2) && v(r1, c2) == v(r2, c1) {
                return [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
            }
        }
    }
    panic!("no rectangle to swap");
}

#[test]
fn two_solutions_show_both_values_and_that_either_makes_it_unique() {
    let (graph, puzzle) = read("sudoku9", EXAMPLE);
    let solution = Solver::new(&graph).solve(&puzzle).unwrap();
    let open = deadly_rectangle(&solution);
    let mut givens: Vec<Option<u8>> = solution.colours().iter().map(|&c| Some(c)).collect();
    for cell in open {
        givens[cell] = None;
    }
    let two = Puzzle::new(givens);
    let found = run(&graph, &two, 1000);
    assert_eq!(
        found.solutions,
        Tally {
            solutions: 2,
            exact: true
        }
    );
    let (a, b) = (solution.colours()[open[0]], solution.colours()[open[1]]);
    let one = Tally {
        solutions: 1,
        exact: true,
    };
    for cell in open {
        assert_eq!(found.cells[cell].values, [(a.min(b), one), (a.max(b), one)]);
        assert_eq!(found.unique_with(cell), [a.min(b), a.max(b)]);
    }
    check(&graph, &two, &found, counted(&graph, &two, 1000));
}

#[test]
fn many_solutions_match_the_independent_counter() {
    // 1,111 solutions; counts per value up to 100, some of them reached.
    let line = "4....62.......9...8...3..1.6.8.....43.....5....7.1..6.1.....6.7....6..5..4..8....";
    let (graph, puzzle) = read("sudoku9", line);
    let found = run(&graph, &puzzle, 100);
    assert!(!found.gave_up && !found.complete());
    assert!(found.solutions.solutions >= 900);
    check(&graph, &puzzle, &found, counted(&graph, &puzzle, 100));
}

#[test]
fn caps_are_reached_honestly() {
    let (graph, empty) = (ConstraintGraph::load("sudoku4").unwrap(), Puzzle::empty(16));
    let found = run(&graph, &empty, 50);
    assert!(!found.complete() && !found.gave_up);
    assert!(found.cells.iter().all(|cell| {
        cell.values.len() == 4
            && cell.values.iter().all(|(_, t)| {
                *t == Tally {
                    solutions: 50,
                    exact: false,
                }
            })
    }));
    // The pie homework has 4,534,272 solutions: few values reach a cap of 20.
    let path = data("pie-homework.ron").display().to_string();
    let (graph, pie) = read_ron(&std::fs::read_to_string(&path).unwrap(), &path);
    let found = run(&graph, &pie, 20);
    check(&graph, &pie, &found, counted(&graph, &pie, 20));
}

/// A 4×4 killer with two cages and room for several solutions.
const KILLER: &str = r#"Puzzle(
    name: "two cages",
    variant: "sudoku4",
    givens: Rows(["....", "....", "....", "...."]),
    rules: [
        Killer(cells: ["r1c1", "r1c2"], total: 3),
        Killer(cells: ["r3c3", "r4c3", "r4c4"], total: 6),
    ],
)"#;

/// Every solution of the empty 4×4 without rules, by brute force.
fn latin_4x4() -> Vec<Vec<u8>> {
    let graph = ConstraintGraph::load("sudoku4").unwrap();
    let mut grids = Vec::new();
    let mut grid = vec![0u8; 16];
    fn fill(graph: &ConstraintGraph, grid: &mut Vec<u8>, cell: usize, out: &mut Vec<Vec<u8>>) {
        if cell == 16 {
            out.push(grid.clone());
            return;
        }
        for colour in 0..4 {
            if graph
                .neighbours(cell)
                .all(|n| n > cell || grid[n] != colour)
            {
                grid[cell] = colour;
                fill(graph, grid, cell + 1, out);
            }
        }
    }
    fill(&graph, &mut grid, 0, &mut grids);
    grids
}

#[test]
fn rules_are_respected() {
    let (graph, puzzle) = read_ron(KILLER, "killer.ron");
    let grids = latin_4x4();
    assert_eq!(grids.len(), 288);
    // The solutions under the cages: the grids that the checker accepts.
    let solutions: Vec<&Vec<u8>> = (grids.iter())
        .filter(|g| verify(&graph, &puzzle, &Solution::new(g.to_vec())).is_ok())
        .collect();
    assert!(
        solutions.len() >= 2 && solutions.len() < 288,
        "{}",
        solutions.len()
    );
    let found = run(&graph, &puzzle, 1000);
    assert_eq!(
        found.solutions,
        Tally {
            solutions: solutions.len() as u64,
            exact: true
        }
    );
    let truth =
        |cell: usize, colour: u8| solutions.iter().filter(|g| g[cell] == colour).count() as u64;
    check(&graph, &puzzle, &found, truth);
    // r1c1 + r1c2 = 3: only 1 and 2 there.
    assert_eq!(
        found.cells[0]
            .values
            .iter()
            .map(|v| v.0)
            .collect::<Vec<_>>(),
        [0, 1]
    );
}

#[test]
fn a_budget_cut_short_leaves_lower_bounds_and_every_candidate() {
    let path = data("pie-homework.ron").display().to_string();
    let (graph, pie) = read_ron(&std::fs::read_to_string(&path).unwrap(), &path);
    let options = Options {
        limit: 1000,
        budget: Budget::unlimited().nodes(3000),
    };
    let found = candidates(&graph, &pie, options).unwrap();
    assert!(found.gave_up && !found.complete());
    assert!(found.nodes <= 3000, "{}", found.nodes);
    let truth = counted(&graph, &pie, 1000);
    let mut unknown = 0;
    for cell in (0..graph.len()).filter(|&c| pie.givens()[c].is_none()) {
        for colour in 0..12 {
            let n = truth(cell, colour);
            match tally(&found, cell, colour) {
                // A value left out is in no solution, as ever.
                None => assert_eq!(n, 0),
                Some(t) if t.exact => assert_eq!(t.solutions, n),
                Some(t) => {
                    assert!(t.solutions <= n);
                    unknown += usize::from(t.solutions == 0);
                }
            }
        }
    }
    assert!(unknown > 0, "the budget left some values open");
}

#[test]
fn the_cli_lists_each_empty_cell() {
    let out = graphdoku()
        .args(["candidates", "-v", "sudoku4", "-"])
        .write_stdin("12..34..........\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "line 1: 12 solutions; each empty cell's values, with the solutions that use each (counted up to 1000)",
            "r1c3: 3 (6), 4 (6)",
            "r1c4: 3 (6), 4 (6)",
        ]
    );
    assert_eq!(lines.len(), 1 + 12);
}

#[test]
fn the_cli_marks_caps_unique_values_and_a_budget_out() {
    // Two solutions: every value of the open cells leaves one.
    let text = |args: &[&str], input: &str| {
        let out = graphdoku()
            .args(args)
            .write_stdin(input.to_string())
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let (code, out) = text(&["candidates", "-v", "sudoku4", "-"], ".2.4.4.221434321\n");
    assert_eq!(code, Some(0));
    assert!(
        out.contains("\nr1c1: 1 (1, unique), 3 (1, unique)\n"),
        "{out}"
    );
    let (code, out) = text(
        &["candidates", "-v", "sudoku4", "--limit", "10", "-"],
        "................\n",
    );
    assert_eq!(code, Some(0));
    assert!(
        out.contains("r1c1: 1 (≥10), 2 (≥10), 3 (≥10), 4 (≥10)"),
        "{out}"
    );
    let pie = data("pie-homework.ron").display().to_string();
    let (code, out) = text(&["candidates", "--max-nodes", "300", &pie], "");
    assert_eq!(code, Some(5));
    assert!(
        out.starts_with("pie homework: gave up after 1 search") && out.contains("(?)"),
        "{out}"
    );
}

#[test]
fn the_json_record_has_an_entry_per_cell() {
    let out = graphdoku()
        .args(["candidates", "-v", "sudoku4", "-f", "json", "-"])
        .write_stdin(".2.4.4.221434321\n..34....\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "the second line is invalid");
    let lines: Vec<serde_json::Value> = (out.stdout.split(|&b| b == b'\n'))
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let record = &lines[0];
    assert_eq!(record["record"], "candidates");
    assert_eq!(record["status"], "multiple");
    assert_eq!(
        (record["count"].as_u64(), record["complete"].as_bool()),
        (Some(2), Some(true))
    );
    let cells = record["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 16);
    assert_eq!(
        cells[0],
        serde_json::json!({"cell": "r1c1", "counts": {"1": 1, "3": 1}, "complete": true, "unique_with": ["1", "3"]})
    );
    assert_eq!(
        cells[1],
        serde_json::json!({"cell": "r1c2", "counts": {"2": 2}, "complete": true})
    );
    assert_eq!(lines[1]["status"], "invalid");
}
