//! Rules on values (killer cages, thermometers, arrows, kropki, XV, whispers,
//! renban, non-consecutive, odd/even, `Sum`, `Relation`, and the later ones:
//! outside clues, between and lockout lines, quadruples, minimum and maximum
//! cells, greater-than signs, region-sum, palindrome, clone, zipper, double
//! arrow, entropic, modular and nabner lines): the solver's counts
//! against an independent brute force on random small instances, a known count,
//! load-time errors, and the CLI on a RON puzzle that adds rules to its variant.

mod common;

use common::graphdoku;
use common::random_rules::{Rng, random_more_rule, random_newest_rule, random_rule};
use graphdoku::rules::RuleSpec;
use graphdoku::{ConstraintGraph, Puzzle, Solution, Solver, verify};

/// A generator of random rules on an `n`×`n` grid from a solution's values.
type Generator = fn(&mut Rng, usize, &[i64]) -> RuleSpec;

/// Counts the solutions of `puzzle` by brute force: every proper colouring
/// extending the givens, cell by cell with no propagation beyond the graph's
/// edges, kept when [`verify`] accepts it (rules included).
fn brute_force(graph: &ConstraintGraph, puzzle: &Puzzle) -> u64 {
    let n = graph.len();
    let k = graph.alphabet().len() as u8;
    let mut colours = vec![0u8; n];
    fn walk(
        graph: &ConstraintGraph,
        puzzle: &Puzzle,
        colours: &mut Vec<u8>,
        cell: usize,
        k: u8,
    ) -> u64 {
        if cell == colours.len() {
            let s = Solution::new(colours.clone());
            return verify(graph, puzzle, &s).is_ok() as u64;
        }
        let mut found = 0;
        for c in 0..k {
            if puzzle.givens()[cell].is_some_and(|g| g != c) {
                continue;
            }
            if graph.neighbours(cell).any(|d| d < cell && colours[d] == c) {
                continue;
            }
            colours[cell] = c;
            found += walk(graph, puzzle, colours, cell + 1, k);
        }
        found
    }
    walk(graph, puzzle, &mut colours, 0, k)
}

/// Random instances of `variant` (side `n`), each with one to three random
/// rules and the givens `keep` of a random solution keeps: the solver (both
/// stores, and every solution it lists) against the brute force.
fn cross_check(variant: &str, n: usize, instances: usize, seed: u64, keep: usize, rule: Generator) {
    let base = ConstraintGraph::load(variant).unwrap();
    let plain = Solver::new(&base);
    let mut rng = Rng(seed);
    let mut counted = [0usize; 3];
    for instance in 0..instances {
        // A random solution of the plain variant: the first of a random puzzle.
        let mut givens = vec![None; n * n];
        for _ in 0..n {
            givens[rng.below(n * n)] = Some(rng.below(n) as u8);
        }
        let Some(reference) = plain.solve(&Puzzle::new(givens)) else {
            continue;
        };
        let values: Vec<i64> = reference.colours().iter().map(|&c| c as i64 + 1).collect();
        let rules: Vec<RuleSpec> = (0..1 + rng.below(3))
            .map(|_| rule(&mut rng, n, &values))
            .collect();
        let Ok(graph) = base.clone().with_rules(&rules) else {
            continue;
        };
        let givens = (0..n * n)
            .map(|c| (rng.below(n * n) < keep).then_some(reference.colours()[c]))
            .collect();
        let puzzle = Puzzle::new(givens);
        let expected = brute_force(&graph, &puzzle);
        let listed: Vec<Solution> = Solver::new(&graph).search(&puzzle).collect();
        let what = format!("instance {instance} of {variant}: {rules:?}");
        assert_eq!(listed.len() as u64, expected, "listed, {what}");
        for s in &listed {
            assert_eq!(verify(&graph, &puzzle, s), Ok(()), "{what}");
        }
        assert_eq!(
            Solver::new(&graph).count(&puzzle, u64::MAX),
            expected,
            "counted, {what}"
        );
        let cell_major = Solver::cell_major(&graph).count(&puzzle, u64::MAX);
        assert_eq!(cell_major, expected, "cell-major, {what}");
        counted[expected.min(2) as usize] += 1;
    }
    // The instances are not all trivial: some have none, one, several; and a
    // fair share of them is checked (random givens often clash, and a random
    // rule may not load, e.g. a region-sum line inside one box).
    assert!(counted.iter().all(|&c| c > 0), "{counted:?}");
    let checked: usize = counted.iter().sum();
    assert!(
        checked * 4 >= instances,
        "{checked} of {instances}: {counted:?}"
    );
    eprintln!(
        "{variant}: {checked} of {instances} instances checked, {counted:?} with 0, 1, 2+ solutions"
    );
}

#[test]
fn four_by_four_counts_match_brute_force() {
    cross_check("sudoku4", 4, 300, 0x5eed_0001, 0, random_rule);
}

#[test]
fn six_by_six_counts_match_brute_force() {
    cross_check("sudoku6", 6, 120, 0x5eed_0002, 18, random_rule);
}

#[test]
fn four_by_four_counts_match_brute_force_for_the_later_rules() {
    cross_check("sudoku4", 4, 1000, 0x5eed_0003, 0, random_more_rule);
}

#[test]
fn six_by_six_counts_match_brute_force_for_the_later_rules() {
    cross_check("sudoku6", 6, 400, 0x5eed_0004, 18, random_more_rule);
}

#[test]
fn four_by_four_counts_match_brute_force_for_the_newest_rules() {
    cross_check("sudoku4", 4, 600, 0x5eed_0006, 0, random_newest_rule);
}

#[test]
fn six_by_six_counts_match_brute_force_for_the_newest_rules() {
    cross_check("sudoku6", 6, 200, 0x5eed_0007, 18, random_newest_rule);
}

/// The kinds of the rules `rule` makes (600 of them, on a 6×6 solution) that
/// load on their own.
fn kinds_that_load(rule: Generator, seed: u64) -> std::collections::BTreeSet<&'static str> {
    let mut rng = Rng(seed);
    let base = ConstraintGraph::load("sudoku6").unwrap();
    let solution: Vec<i64> = (0..36)
        .map(|i| ((i + i / 6 * 3 + i / 12) % 6) as i64 + 1)
        .collect();
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..600 {
        let spec = rule(&mut rng, 6, &solution);
        if base.clone().with_rules(std::slice::from_ref(&spec)).is_ok() {
            kinds.insert(spec.word());
        }
    }
    kinds
}

#[test]
fn every_newest_rule_kind_loads_somewhere() {
    let kinds = kinds_that_load(random_newest_rule, 0x5eed_0008);
    assert_eq!(kinds.len(), 13, "{kinds:?}");
}

#[test]
fn every_later_rule_kind_is_drawn_and_loads_somewhere() {
    let kinds = kinds_that_load(random_more_rule, 0x5eed_0003);
    assert_eq!(kinds.len(), 19, "{kinds:?}");
}

#[test]
fn every_rule_kind_is_drawn_by_the_cross_check() {
    let mut rng = Rng(0x5eed_0001);
    let solution: Vec<i64> = (0..16).map(|i| (i % 4) as i64 + 1).collect();
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..400 {
        let rule = random_rule(&mut rng, 4, &solution);
        kinds.insert(
            format!("{rule:?}")
                .split(['(', ' '])
                .next()
                .unwrap()
                .to_string(),
        );
    }
    assert_eq!(kinds.len(), 17, "{kinds:?}");
}

/// Two lines under automata on an empty 4×4, the longer first: the search
/// once listed six solutions, two of them breaking the first line (a line
/// that narrowed a cell the store had narrowed further did not look again).
#[test]
fn a_line_that_narrows_a_cell_narrower_than_it_saw_looks_again() {
    let base = ConstraintGraph::load("sudoku4").unwrap();
    let rules: Vec<RuleSpec> = ron::from_str(
        r#"[
            SumLine(cells: ["r1c4", "r2c3", "r3c2", "r4c2"], total: 4),
            SumLine(cells: ["r2c2", "r3c3"], total: 5),
        ]"#,
    )
    .unwrap();
    let graph = base.with_rules(&rules).unwrap();
    let empty = Puzzle::empty(16);
    let listed: Vec<Solution> = Solver::new(&graph).search(&empty).collect();
    assert!(listed.iter().all(|s| verify(&graph, &empty, s).is_ok()));
    assert_eq!(listed.len() as u64, brute_force(&graph, &empty));
    assert_eq!(listed.len(), 4);
}

#[test]
fn the_miracle_board_has_72_solutions() {
    let source = r#"Variant(extends: "anti-king", name: "miracle", edges: [Knight], rules: [NonConsecutive])"#;
    let graph = ConstraintGraph::build(&graphdoku::variant::parse(source, "m").unwrap()).unwrap();
    let empty = Puzzle::empty(81);
    assert_eq!(Solver::new(&graph).count(&empty, 1000), 72);
    let all: std::collections::HashSet<Solution> = Solver::new(&graph).search(&empty).collect();
    assert_eq!(all.len(), 72);
    assert!(all.iter().all(|s| verify(&graph, &empty, s).is_ok()));
}

#[test]
fn a_rule_turns_the_colour_symmetry_off() {
    // The empty 4×4 with one V: with symmetry, 288 would be weighed wrongly.
    let graph = ConstraintGraph::load("sudoku4")
        .unwrap()
        .with_rules(&[RuleSpec::V("r1c1".into(), "r1c2".into())])
        .unwrap();
    let empty = Puzzle::empty(16);
    let listed = Solver::new(&graph).search(&empty).count() as u64;
    assert_eq!(Solver::new(&graph).count(&empty, u64::MAX), listed);
    assert_eq!(listed, brute_force(&graph, &empty));
    // A killer cage without a total only says "distinct": symmetric, and the
    // weighed count is still right.
    let cage = RuleSpec::Killer {
        cells: vec!["r1c1".into(), "r2c3".into()],
        total: None,
    };
    let graph = ConstraintGraph::load("sudoku4")
        .unwrap()
        .with_rules(&[cage])
        .unwrap();
    assert_eq!(
        Solver::new(&graph).count(&empty, u64::MAX),
        brute_force(&graph, &empty)
    );
}

#[test]
fn budgets_hold_with_rules() {
    let source = r#"Variant(extends: "sudoku9", rules: [NonConsecutive])"#;
    let graph = ConstraintGraph::build(&graphdoku::variant::parse(source, "m").unwrap()).unwrap();
    let solver = Solver::new(&graph).with_budget(graphdoku::Budget::unlimited().nodes(5));
    let count = solver.count_solutions(&Puzzle::empty(81), 2);
    assert!(count.gave_up);
    assert!(count.stats.nodes <= 5);
}

/// The error of a variant with these rules, extending `sudoku4`.
fn error(rules: &str) -> String {
    let source = format!("Variant(\n  extends: \"sudoku4\",\n  rules: [\n    {rules},\n  ],\n)");
    let parsed = graphdoku::variant::parse(&source, "v.ron").unwrap();
    ConstraintGraph::build(&parsed).unwrap_err().to_string()
}

#[test]
fn load_time_errors_point_at_the_rule() {
    let cases = [
        (
            r#"Killer(cells: ["r1c1", "r1c2"], total: 8)"#,
            "v.ron:4:20: Killer: no 2 distinct values sum to 8",
        ),
        (
            r#"Thermometer(["r1c1", "r2c2", "r3c3", "r4c4", "r4c3"])"#,
            "a thermometer of 5 cells, longer than the 4 values",
        ),
        (
            r#"Cage(cells: ["r1c1", "r9c9"], total: 3)"#,
            "v.ron:4:26: Cage: unknown cell name \"r9c9\"",
        ),
        (
            r#"Whispers(cells: ["r1c1", "r1c3"], difference: 2)"#,
            "v.ron:4:30: Whispers: r1c3 does not touch r1c1",
        ),
        (
            r#"Difference(cells: ("r1c1", "r2c2"))"#,
            "are not orthogonal neighbours",
        ),
        (
            r#"Renban(["r1c1", "r1c2", "r1c1"])"#,
            "cell r1c1 is listed twice",
        ),
        (
            r#"Arrow(circle: ["r1c1"], line: ["r3c1"])"#,
            "r3c1 does not touch r1c1",
        ),
        (
            r#"Sum(cells: ["r1c1"], weights: [1, 2], total: 3)"#,
            "2 weights for 1 cells",
        ),
        (
            r#"Arrow(circle: ["r1c1", "r1c2"], line: ["r1c3"])"#,
            "no digits make the arrow's sum equal its circle",
        ),
    ];
    for (rule, expected) in cases {
        let err = error(rule);
        assert!(err.contains(expected), "{rule}: {err}");
    }
    // Symbols without values.
    let source = r#"Variant(name: "c", symbols: List(["red", "green"]), cells: Grid(rows: 1, cols: 2),
        houses: [Rows], rules: [X("r1c1", "r1c2")])"#;
    let err = ConstraintGraph::build(&graphdoku::variant::parse(source, "c.ron").unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("no numeric values"), "{err}");
    // … which `values` gives.
    let source = r#"Variant(name: "c", symbols: List(["red", "green"]), values: [3, 7], cells: Grid(rows: 1, cols: 2),
        houses: [Rows], rules: [X("r1c1", "r1c2")])"#;
    let graph =
        ConstraintGraph::build(&graphdoku::variant::parse(source, "c.ron").unwrap()).unwrap();
    assert_eq!(Solver::new(&graph).count(&Puzzle::empty(2), 10), 2);
}

#[test]
fn the_later_rules_load_time_errors_point_at_the_rule() {
    let cases = [
        (
            r#"LittleKiller(from: "r2c2", towards: DownRight, total: 5)"#,
            "v.ron:4:24: LittleKiller: the clue would stand on r1c1",
        ),
        (
            r#"Sandwich(from: "r1c1", towards: DownRight, total: 3)"#,
            "looks DownRight, not in an orthogonal direction",
        ),
        (
            r#"Sandwich(from: "r1c1", towards: Right, total: 9)"#,
            "no digits between 1 and 4 make a sandwich of 9",
        ),
        (
            r#"XSum(from: "r1c1", towards: Right, total: 20)"#,
            "no first digit X makes the first X digits sum to 20",
        ),
        (
            r#"Skyscraper(from: "r1c1", towards: Down, count: 5)"#,
            "5 seen, but between 1 and 4 can be",
        ),
        (
            r#"Quadruple(cells: ["r1c1", "r1c2", "r2c1", "r3c3"], digits: [1])"#,
            "needs the four cells of a 2×2 square",
        ),
        (
            r#"Quadruple(cells: ["r1c1", "r1c2", "r2c1", "r2c2"], digits: [7])"#,
            "7 is not the value of a symbol",
        ),
        (
            r#"RegionSum(["r1c1", "r1c2"])"#,
            "the line stays in one box",
        ),
        (
            r#"Entropic(["r1c1", "r1c2"])"#,
            "4 values do not split into three equal groups",
        ),
        (
            r#"Nabner(["r1c1", "r1c2", "r1c3"])"#,
            "3 cells, but at most 2 values are pairwise two apart",
        ),
        (
            r#"Clone(["r1c1"], ["r1c2", "r1c3"])"#,
            "1 cells cloned to 2",
        ),
        (
            r#"Lockout(cells: ["r1c1", "r1c2"], difference: 4)"#,
            "ends that differ by 4 or more: the values span 1 to 4",
        ),
        (
            r#"Zipper(["r1c1", "r1c2"])"#,
            "needs at least 3 cells, has 2",
        ),
        (
            r#"Between(["r1c1", "r1c2", "r3c3"])"#,
            "r3c3 does not touch r1c2",
        ),
        (
            r#"GreaterThan("r1c1", "r2c2")"#,
            "are not orthogonal neighbours",
        ),
    ];
    for (rule, expected) in cases {
        let err = error(rule);
        assert!(err.contains(expected), "{rule}: {err}");
    }
}

#[test]
fn the_later_rules_are_written_as_they_are_read() {
    let mut rng = Rng(0x5eed_0005);
    let solution: Vec<i64> = (0..36)
        .map(|i| ((i + i / 6 * 3 + i / 12) % 6) as i64 + 1)
        .collect();
    let mut written = std::collections::BTreeSet::new();
    for _ in 0..300 {
        let mut spec = random_more_rule(&mut rng, 6, &solution);
        if let RuleSpec::Lockout { difference, .. } = &mut spec {
            *difference = difference.filter(|_| rng.below(2) == 0);
        }
        let text = graphdoku::write::ron::rule(&spec);
        let back = read_back(&text);
        assert_eq!(back, spec, "{text}");
        written.insert(text.split('(').next().unwrap().to_string());
    }
    assert_eq!(written.len(), 19, "{written:?}");
}

/// A rule as written, read back as variant files are read.
fn read_back(text: &str) -> RuleSpec {
    ron::Options::default()
        .with_default_extension(
            ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES
                | ron::extensions::Extensions::IMPLICIT_SOME,
        )
        .from_str(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn the_newest_rules_are_written_as_they_are_read() {
    let mut rng = Rng(0x5eed_0009);
    let solution: Vec<i64> = (0..36)
        .map(|i| ((i + i / 6 * 3 + i / 12) % 6) as i64 + 1)
        .collect();
    let mut written = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let spec = random_newest_rule(&mut rng, 6, &solution);
        let text = graphdoku::write::ron::rule(&spec);
        let back = read_back(&text);
        assert_eq!(back, spec, "{text}");
        written.insert(spec.word());
    }
    assert_eq!(written.len(), 13, "{written:?}");
}

/// A 4×4 puzzle file adding rules to the built-in `sudoku4`: with one given,
/// a killer cage, a thermometer, two white dots and a black one make it unique.
const PUZZLE: &str = r#"Puzzle(
    variant: "sudoku4",
    givens: Rows(["1...", "....", "....", "...."]),
    rules: [
        Killer(cells: ["r2c1", "r2c2"], total: 7),
        Thermometer(["r3c2", "r3c1", "r4c2"]),
        Difference(cells: ("r4c1", "r4c2")),
        Difference(cells: ("r2c2", "r2c3"), value: 3),
        Ratio(cells: ("r1c4", "r2c4")),
    ],
)
"#;

#[test]
fn the_cli_solves_counts_and_checks_a_puzzle_with_rules() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rules.ron");
    std::fs::write(&file, PUZZLE).unwrap();
    let (graph, record) = graphdoku::read::read_ron_puzzle(PUZZLE, "rules.ron").unwrap();
    let puzzle = record.puzzle.unwrap();
    let expected = brute_force(&graph, &puzzle);
    assert!(expected >= 1);
    let count = graphdoku().arg("count").arg(&file).output().unwrap();
    let text = String::from_utf8_lossy(&count.stdout).to_string();
    let word = match expected {
        1 => "unique".to_string(),
        n => format!("{n} solutions"),
    };
    assert!(text.contains(&word), "{text}");
    let solved = graphdoku().arg("solve").arg(&file).output().unwrap();
    assert!(solved.status.success());
    let check = graphdoku().arg("check").arg(&file).output().unwrap();
    assert_eq!(check.status.code(), Some(if expected == 1 { 0 } else { 4 }));
    // A rule the puzzle gets wrong points at the file, line and column.
    let bad = PUZZLE.replace("\"r4c2\"))", "\"r4c4\"))");
    std::fs::write(&file, bad).unwrap();
    let out = graphdoku().arg("count").arg(&file).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("rules.ron:7:"), "{err}");
    assert!(err.contains("not orthogonal neighbours"), "{err}");
    // Explain names a rule's deduction after the rule.
    std::fs::write(&file, PUZZLE).unwrap();
    let explain = graphdoku().arg("explain").arg(&file).output().unwrap();
    assert!(explain.status.success());
    let text = String::from_utf8_lossy(&explain.stdout).to_string();
    assert!(
        text.contains("r2c1, r2c2 ≠ 2: killer cage 7 in r2c1, r2c2: only 3+4 makes 7"),
        "{text}"
    );
    let variant = dir.path().join("nc.ron");
    std::fs::write(
        &variant,
        r#"Variant(extends: "sudoku4", rules: [NonConsecutive])"#,
    )
    .unwrap();
    let generate = graphdoku()
        .args(["generate", "--variant"])
        .arg(&variant)
        .output()
        .unwrap();
    assert!(!generate.status.success());
}

#[test]
fn the_killer_and_thermo_puzzles_in_data_are_unique() {
    for (file, rule) in [("killer.ron", "killer cage"), ("thermo.ron", "thermometer")] {
        let path = common::data(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let (graph, record) = graphdoku::read::read_ron_puzzle(&text, file).unwrap();
        assert!(graph.rules().iter().all(|r| r.name() == rule), "{file}");
        assert!(graph.rules().len() >= 10, "{file}");
        let puzzle = record.puzzle.unwrap();
        for solver in [Solver::new(&graph), Solver::cell_major(&graph)] {
            let count = solver.count_solutions(&puzzle, 2);
            assert_eq!(count.solutions, 1, "{file}");
            assert_eq!(
                verify(&graph, &puzzle, &count.first.unwrap()),
                Ok(()),
                "{file}"
            );
        }
    }
}
