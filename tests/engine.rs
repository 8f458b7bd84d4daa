//! The search engine on the inputs that used to send it astray: empty boards,
//! hand-made jigsaws, uncoloured graphs that need one colour more than offered;
//! counts up to colour symmetry on boards with known totals; budgets.

use std::time::Duration;

use graphdoku::variant::{self, CellSpec, CellsSpec, EdgeSpec, LoadedVariant, SymbolsSpec};
use graphdoku::{Budget, ConstraintGraph, Puzzle, Solver, verify};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

fn build(ron: &str) -> ConstraintGraph {
    ConstraintGraph::build(&variant::parse(ron, "test").unwrap()).unwrap()
}

/// A graph of `n` vertices, `k` colours and the given edges (no houses).
fn plain_graph(n: usize, k: usize, edges: &[(usize, usize)]) -> ConstraintGraph {
    let name = |i: usize| format!("v{i}");
    let cells = (0..n).map(|i| CellSpec {
        name: name(i),
        x: 0.0,
        y: 0.0,
    });
    let mut spec = variant::VariantSpec::new(
        "graph",
        SymbolsSpec::Range(1, k as i64),
        CellsSpec::List(cells.collect()),
    );
    spec.edges = vec![EdgeSpec::Pairs(
        edges.iter().map(|&(a, b)| (name(a), name(b))).collect(),
    )];
    ConstraintGraph::build(&LoadedVariant::new(spec, "test")).unwrap()
}

/// The queens graph of an `n`×`n` board: squares a queen move apart are adjacent.
fn queens(n: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            if ra == rb || ca == cb || ra.abs_diff(rb) == ca.abs_diff(cb) {
                edges.push((a, b));
            }
        }
    }
    edges
}

/// Mycielski's graph M`k` (triangle-free, chromatic number `k`), from M2 = K2.
fn mycielski(k: usize) -> (usize, Vec<(usize, usize)>) {
    let (mut n, mut edges) = (2, vec![(0, 1)]);
    for _ in 2..k {
        // Vertices v (0..n), their shadows u (n..2n), and w (2n).
        let mut next = edges.clone();
        for &(a, b) in &edges {
            next.push((n + a, b));
            next.push((n + b, a));
        }
        next.extend((0..n).map(|i| (n + i, 2 * n)));
        (n, edges) = (2 * n + 1, next);
    }
    (n, edges)
}

/// The search settles `puzzle` within a budget, with a verified solution or none.
fn settle(graph: &ConstraintGraph, puzzle: &Puzzle, budget: Budget) -> Option<bool> {
    let count = Solver::new(graph)
        .with_budget(budget)
        .count_solutions(puzzle, 1);
    if count.gave_up {
        return None;
    }
    if let Some(solution) = &count.first {
        verify(graph, puzzle, solution).unwrap();
    }
    Some(count.first.is_some())
}

#[test]
fn counts_up_to_symmetry_match_known_totals() {
    let cases = [
        ("Sudoku(box_size: 2)", 16, 288),
        ("Latin(size: 4)", 16, 576),
        ("Latin(size: 5)", 25, 161_280),
        // Mixed boxes: the 6×6 Sudoku has 28,200,960 solutions.
        ("Sudoku(boxes: (2, 3))", 36, 28_200_960),
    ];
    for (ron, cells, total) in cases {
        let graph = build(ron);
        // Both stores: each branches on house places too, where a free colour
        // stands for all the free colours.
        for solver in [Solver::new(&graph), Solver::cell_major(&graph)] {
            let count = solver.count_solutions(&Puzzle::empty(cells), u64::MAX);
            assert_eq!(count.solutions, total, "{ron}");
            // Far fewer nodes than solutions: one per class of relabellings.
            assert!(
                count.stats.nodes * 10 < total.max(1000),
                "{ron}: {:?}",
                count.stats
            );
            // A limit stops the count there, also in the middle of a class.
            assert_eq!(solver.count(&Puzzle::empty(cells), 100), 100);
        }
    }
    // One by one (no symmetry), the small ones agree.
    let graph = build("Latin(size: 4)");
    assert_eq!(Solver::new(&graph).search(&Puzzle::empty(16)).count(), 576);
}

#[test]
fn a_given_colour_is_not_interchangeable() {
    // With one cell given, only the other three colours of the 4×4 permute.
    let graph = build("Sudoku(box_size: 2)");
    let mut givens = vec![None; 16];
    givens[0] = Some(2);
    assert_eq!(
        Solver::new(&graph).count(&Puzzle::new(givens), 1000),
        288 / 4
    );
}

#[test]
fn one_colour_too_few_is_proven_fast() {
    // χ(queens 6×6) = 7, χ(M5) = 5: one colour fewer has no colouring, found
    // without trying every ordering of the colours.
    let (n, edges) = mycielski(5);
    let cases = [(36, 6, queens(6)), (25, 4, queens(5)), (n, 4, edges)];
    for (n, k, edges) in cases {
        let graph = plain_graph(n, k, &edges);
        let count = Solver::new(&graph)
            .with_budget(Budget::unlimited().nodes(2_000_000))
            .count_solutions(&Puzzle::empty(n), 1);
        assert!(
            !count.gave_up,
            "{n} vertices, {k} colours: {:?}",
            count.stats
        );
        assert_eq!(count.solutions, 0);
        let sparse = Solver::cell_major(&graph).count_solutions(&Puzzle::empty(n), 1);
        assert_eq!(sparse.solutions, 0);
    }
    // And with the colour needed, a colouring at once.
    let graph = plain_graph(25, 5, &queens(5));
    assert_eq!(
        settle(
            &graph,
            &Puzzle::empty(25),
            Budget::unlimited().nodes(10_000)
        ),
        Some(true)
    );
}

#[test]
fn empty_boards_of_every_builtin_solve_at_once() {
    let budget = Budget::unlimited().nodes(30_000);
    let mut graphs: Vec<(String, ConstraintGraph)> = [
        "sudoku4",
        "sudoku6",
        "sudoku8",
        "sudoku9",
        "sudoku12",
        "sudoku16",
        "sudoku25",
        "sudoku36",
        // Lost near the bottom until restarts kept most of their decisions
        // every other time (94,821 nodes then; 19,782 now, with the least
        // constraining colour first: from 5,357 to 42,936 over twelve seeds).
        "sudoku49",
        "latin9",
        "jigsaw9",
        "x-sudoku",
        "windoku",
        "disjoint-groups",
        "anti-knight",
        "anti-king",
        "samurai",
        "pie",
    ]
    .iter()
    .map(|name| (name.to_string(), ConstraintGraph::load(name).unwrap()))
    .collect();
    graphs.push(("box size 6".into(), build("Sudoku(box_size: 6)")));
    // Gave up within any budget until the least constraining colour came
    // first: 7,960 nodes, in its first run.
    graphs.push(("box size 8".into(), build("Sudoku(box_size: 8)")));
    for (name, graph) in &graphs {
        let found = settle(graph, &Puzzle::empty(graph.len()), budget);
        assert_eq!(found, Some(true), "{name}");
    }
}

/// A random jigsaw region map: the 3×3 boxes reshaped by `swaps` exchanges of
/// two neighbouring cells of different regions that keep both regions connected.
fn random_regions(rng: &mut ChaCha8Rng, swaps: usize) -> Vec<Vec<u8>> {
    let mut map: Vec<Vec<u8>> = (0..9)
        .map(|r| (0..9).map(|c| (r / 3 * 3 + c / 3) as u8).collect())
        .collect();
    let connected = |map: &Vec<Vec<u8>>, region: u8| {
        let cells: Vec<(usize, usize)> = (0..81)
            .map(|i| (i / 9, i % 9))
            .filter(|&(r, c)| map[r][c] == region)
            .collect();
        let mut seen = vec![cells[0]];
        let mut i = 0;
        while i < seen.len() {
            let (r, c) = seen[i];
            for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if (0..9).contains(&nr) && (0..9).contains(&nc) {
                    let next = (nr as usize, nc as usize);
                    if map[next.0][next.1] == region && !seen.contains(&next) {
                        seen.push(next);
                    }
                }
            }
            i += 1;
        }
        seen.len() == cells.len()
    };
    let mut done = 0;
    while done < swaps {
        let a = (rng.next_u32() % 9) as usize;
        let b = (rng.next_u32() % 9) as usize;
        let c = (rng.next_u32() % 9) as usize;
        let d = (rng.next_u32() % 9) as usize;
        let (ra, rb) = (map[a][b], map[c][d]);
        let adjacent_to = |region: u8, (r, c): (usize, usize)| {
            [(0, 1), (1, 0), (0, -1), (-1, 0)].iter().any(|(dr, dc)| {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                (0..9).contains(&nr)
                    && (0..9).contains(&nc)
                    && map[nr as usize][nc as usize] == region
            })
        };
        // Cell (a, b) joins region rb and cell (c, d) region ra.
        if ra == rb || !adjacent_to(rb, (a, b)) || !adjacent_to(ra, (c, d)) {
            continue;
        }
        map[a][b] = rb;
        map[c][d] = ra;
        if connected(&map, ra) && connected(&map, rb) {
            done += 1;
        } else {
            map[a][b] = ra;
            map[c][d] = rb;
        }
    }
    map
}

/// Hand-made jigsaws: most empty boards are settled at once. The four that are
/// not have no solution at all (a CDCL SAT solver, CaDiCaL through
/// python-sat, refutes each in about 10 ms with the first row fixed), but the
/// proof needs learnt clauses: this search and a plain exact-cover solver run
/// for minutes without one. They are counted, and the count may only go down.
#[test]
fn fifty_random_jigsaws_are_settled_empty() {
    let mut rng = ChaCha8Rng::seed_from_u64(96);
    // Nodes, not seconds: the same verdicts on any machine.
    let budget = Budget::unlimited().nodes(NODES);
    let (mut solved, mut impossible, mut lost) = (0, 0, 0);
    for _ in 0..50 {
        let map = random_regions(&mut rng, 60);
        let rows: Vec<String> = map
            .iter()
            .map(|row| {
                format!(
                    "{:?}",
                    row.iter().map(|&r| (b'A' + r) as char).collect::<String>()
                )
            })
            .collect();
        let ron = format!(
            "Variant(name: \"jigsaw\", symbols: Chars(\"123456789\"), cells: Grid(rows: 9, cols: 9), \
             houses: [Rows, Columns, Regions([{}])])",
            rows.join(", ")
        );
        let graph = build(&ron);
        match settle(&graph, &Puzzle::empty(81), budget) {
            Some(true) => solved += 1,
            Some(false) => impossible += 1,
            None => lost += 1,
        }
    }
    println!(
        "50 random jigsaws, {NODES} nodes each: {solved} solved, {impossible} proven impossible, {lost} neither"
    );
    assert!(
        lost <= 4,
        "{solved} solved, {impossible} impossible, {lost} lost"
    );
}

/// The node budget of one empty jigsaw (about a second).
const NODES: u64 = 100_000;

#[test]
fn a_budget_stops_a_search_and_says_so() {
    let graph = ConstraintGraph::load("sudoku9").unwrap();
    let solver = Solver::new(&graph).with_budget(Budget::unlimited().nodes(3));
    let count = solver.count_solutions(&Puzzle::empty(81), u64::MAX);
    assert!(count.gave_up);
    assert_eq!(count.stats.nodes, 3);
    let mut search = solver.search(&Puzzle::empty(81));
    assert_eq!(search.by_ref().count(), 0);
    assert!(search.gave_up());
    // A deadline in the past stops at the first look at the clock.
    let late = Solver::new(&graph).with_budget(Budget::unlimited().time(Duration::ZERO));
    assert!(late.count_solutions(&Puzzle::empty(81), u64::MAX).gave_up);
    // Without a budget the same search finishes.
    assert!(
        !Solver::new(&graph)
            .count_solutions(&Puzzle::empty(81), 2)
            .gave_up
    );
}

#[test]
fn the_commands_give_up_with_exit_5() {
    let empty = ".".repeat(81);
    for command in ["solve", "count", "check"] {
        assert_cmd::Command::cargo_bin("graphdoku")
            .unwrap()
            .args([command, "--max-nodes", "2", "-"])
            .write_stdin(empty.clone())
            .assert()
            .code(5)
            .stdout(predicates::str::contains("gave up"));
    }
    // A timeout takes seconds, whole or not.
    assert_cmd::Command::cargo_bin("graphdoku")
        .unwrap()
        .args(["solve", "--timeout", "0.5", "-f", "line", "-"])
        .write_stdin(empty)
        .assert()
        .success();
}
