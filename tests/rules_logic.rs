//! The logic engine with rules on values: `explain`, `hint` and `grade` name a
//! rule's deduction after the rule, every step (rule steps included) is sound
//! on random small instances, and a puzzle that needs the rules grades `rules`.
//!
//! The random rules are `tests/common/random_rules.rs`, shared with `tests/rules.rs`.

mod common;

use common::graphdoku;
use common::random_rules::{Rng, random_more_rule, random_newest_rule, random_rule};
use graphdoku::logic::{Grade, Level, Logic, Step, Technique};
use graphdoku::rules::{Mark, RuleSpec};
use graphdoku::serve::{Limits, Server};
use graphdoku::{ConstraintGraph, Puzzle, Solver};
use serde_json::{Value, json};

/// Random instances of `variant` (side `n`) with one to three random rules and
/// the givens `keep` of a random solution keeps: for each that has a solution,
/// the path to it never removes the solution's value (rule steps included) and
/// ends at it. Returns the number of rule steps seen.
fn sound_paths(
    variant: &str,
    n: usize,
    instances: usize,
    (seed, keep): (u64, usize),
    rule: fn(&mut Rng, usize, &[i64]) -> RuleSpec,
) -> usize {
    let base = ConstraintGraph::load(variant).unwrap();
    let plain = Solver::new(&base);
    let mut rng = Rng(seed);
    let (mut rule_steps, mut solved) = (0, 0);
    for instance in 0..instances {
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
        let Some(solution) = Solver::new(&graph).solve(&puzzle) else {
            continue;
        };
        let what = format!("instance {instance} of {variant}: {rules:?}");
        // Many instances have several solutions, where the forcing chains
        // through rules search in vain: a short budget for them.
        let logic = Logic::new(&graph).with_path_budget(std::time::Duration::from_millis(100));
        let path = logic.path(&puzzle, &solution).unwrap_or_else(|c| {
            panic!(
                "the path contradicts the solution at cell {}, {what}",
                c.cell
            )
        });
        let truth = solution.colours();
        for step in &path.steps {
            let text = keeps_the_solution(&logic, step, truth, &what);
            if step.technique == Technique::Rule {
                let rule = &graph.rules()[step.rule.as_ref().unwrap().index];
                assert!(text.contains(rule.name()), "{text}, {what}");
                rule_steps += 1;
            }
        }
        solved += 1;
    }
    assert!(
        solved >= instances / 8,
        "{solved} of {instances} solved, {rule_steps} rule steps"
    );
    rule_steps
}

/// Asserts that `step` places only the solution's values (`truth`) and
/// removes none of them; its text.
fn keeps_the_solution(logic: &Logic, step: &Step, truth: &[u8], what: &str) -> String {
    let text = logic.describe(step);
    if let Some((cell, colour)) = step.placed {
        assert_eq!(colour, truth[cell], "{text}, {what}");
    }
    for &(cell, colour) in &step.eliminated {
        assert_ne!(colour, truth[cell], "{text}, {what}");
    }
    text
}

#[test]
fn every_step_is_sound_on_random_four_by_fours() {
    let steps = sound_paths("sudoku4", 4, 600, (0x5eed_0101, 0), random_rule);
    assert!(steps >= 100, "{steps} rule steps");
}

#[test]
fn every_step_is_sound_on_random_six_by_sixes() {
    let steps = sound_paths("sudoku6", 6, 400, (0x5eed_0102, 6), random_rule);
    assert!(steps >= 40, "{steps} rule steps");
}

#[test]
fn every_step_is_sound_on_random_puzzles_with_the_newest_rules() {
    let steps = sound_paths("sudoku4", 4, 400, (0x5eed_0103, 0), random_newest_rule);
    let steps6 = sound_paths("sudoku6", 6, 200, (0x5eed_0104, 6), random_newest_rule);
    assert!(steps >= 40 && steps6 >= 20, "{steps}, {steps6} rule steps");
}

/// Random 6×6 puzzles with one solution whose rules are arrows and little
/// killers (true of a random grid), the givens cut down while the solution
/// stays unique: every step of the graded path (Sudoku Explainer's order, so
/// the forcing chains through the rules and their rule pointing too) keeps
/// the solution's values. Returns how many steps of each technique were seen.
fn sound_sum_paths(instances: usize, seed: u64) -> std::collections::BTreeMap<Technique, usize> {
    let n = 6;
    let base = ConstraintGraph::load("sudoku6").unwrap();
    let mut rng = Rng(seed);
    let mut seen = std::collections::BTreeMap::new();
    let mut made = 0;
    for instance in 0..instances {
        let mut givens = vec![None; n * n];
        for _ in 0..n {
            givens[rng.below(n * n)] = Some(rng.below(n) as u8);
        }
        let Some(reference) = Solver::new(&base).solve(&Puzzle::new(givens)) else {
            continue;
        };
        let values: Vec<i64> = reference.colours().iter().map(|&c| c as i64 + 1).collect();
        let full = Puzzle::new(reference.colours().iter().map(|&c| Some(c)).collect());
        // Arrows and little killers that the reference keeps.
        let mut rules: Vec<RuleSpec> = Vec::new();
        for _ in 0..400 {
            if rules.len() == 3 + instance % 4 {
                break;
            }
            let rule = match rng.below(2) {
                0 => random_rule(&mut rng, n, &values),
                _ => random_more_rule(&mut rng, n, &values),
            };
            if !matches!(rule, RuleSpec::Arrow { .. } | RuleSpec::LittleKiller { .. }) {
                continue;
            }
            let mut with = rules.clone();
            with.push(rule);
            if (base.clone().with_rules(&with))
                .is_ok_and(|g| Solver::new(&g).solve(&full).is_some())
            {
                rules = with;
            }
        }
        let graph = base.clone().with_rules(&rules).unwrap();
        let solver = Solver::new(&graph);
        let mut givens: Vec<Option<u8>> = reference.colours().iter().map(|&c| Some(c)).collect();
        let mut order: Vec<usize> = (0..n * n).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for cell in order {
            let kept = givens[cell].take();
            if solver.count(&Puzzle::new(givens.clone()), 2) != 1 {
                givens[cell] = kept;
            }
        }
        let puzzle = Puzzle::new(givens);
        let logic = Logic::new(&graph).with_path_budget(std::time::Duration::from_millis(300));
        let path = logic.graded_path(&puzzle, &reference).unwrap();
        let what = format!("instance {instance}: {rules:?}, {puzzle:?}");
        let truth = reference.colours();
        for step in &path.steps {
            keeps_the_solution(&logic, step, truth, &what);
            *seen.entry(step.technique).or_insert(0) += 1;
        }
        made += 1;
    }
    // How many are rated depends on the machine (a chain that runs out of
    // time guesses); the guesses' steps are checked all the same.
    assert!(made >= instances / 4, "{made} of {instances} made");
    seen
}

#[test]
fn every_graded_step_is_sound_on_random_arrow_and_little_killer_puzzles() {
    let seen = sound_sum_paths(200, 0x5eed_0a77);
    // The rules' own steps, with the houses, and chains through them.
    for technique in [Technique::Rule, Technique::RulePointing] {
        assert!(seen.contains_key(&technique), "{technique:?}: {seen:?}");
    }
    let chains = (seen.iter())
        .filter(|(t, _)| **t >= Technique::XChain && **t != Technique::Guess)
        .count();
    assert!(chains > 0, "{seen:?}");
}

/// A 4×4 whose only given, 2 in r1c2, sits at the top of a two-cell
/// thermometer: no single applies, and the thermometer forces its bulb to 1.
#[test]
fn a_thermometer_forces_its_bulb_to_one() {
    let base = ConstraintGraph::load("sudoku4").unwrap();
    let graph = base
        .with_rules(&[RuleSpec::Thermometer(vec!["r1c1".into(), "r1c2".into()])])
        .unwrap();
    let mut givens = vec![None; 16];
    givens[1] = Some(1);
    let puzzle = Puzzle::new(givens);
    let solution = Solver::new(&graph).solve(&puzzle).unwrap();
    let logic = Logic::new(&graph);
    let path = logic.path(&puzzle, &solution).unwrap();
    let first = &path.steps[0];
    assert_eq!(first.technique, Technique::Rule);
    assert_eq!(first.placed, Some((0, 0)));
    assert_eq!(first.cells, vec![0, 1]);
    assert_eq!(
        logic.describe(first),
        "r1c1 = 1: thermometer r1c1→r1c2, nothing larger can follow"
    );
    // The board before it offers no single.
    let board = logic.start(&puzzle).unwrap();
    assert_eq!(logic.next_step(&board).as_ref(), Some(first));
    assert_eq!(board.candidates(0), vec![0, 2, 3]);
}

/// A 4×4 killer with no givens: the cages alone make it unique.
const KILLER4: &str = r#"Puzzle(
    variant: "sudoku4",
    givens: Rows(["....", "....", "....", "...."]),
    rules: [
        Killer(cells: ["r1c1", "r1c2"], total: 3),
        Killer(cells: ["r1c3", "r2c3"], total: 4),
        Killer(cells: ["r1c4", "r2c4"], total: 6),
        Killer(cells: ["r2c1", "r3c1"], total: 5),
        Killer(cells: ["r2c2", "r3c2", "r4c2"], total: 8),
        Killer(cells: ["r3c3", "r3c4"], total: 7),
        Killer(cells: ["r4c1"], total: 4),
        Killer(cells: ["r4c3", "r4c4"], total: 3),
    ],
)
"#;

#[test]
fn a_killer_without_givens_is_explained_and_grades_rules() {
    let (graph, record) = graphdoku::read::read_ron_puzzle(KILLER4, "k4.ron").unwrap();
    let puzzle = record.puzzle.unwrap();
    assert_eq!(puzzle.clue_count(), 0);
    let solution = Solver::new(&graph).solve(&puzzle).unwrap();
    let logic = Logic::new(&graph);
    let path = logic.path(&puzzle, &solution).unwrap();
    assert_eq!(
        logic.describe(&path.steps[0]),
        "r1c1, r1c2 ≠ 3, 4: killer cage 3 in r1c1, r1c2: only 1+2 makes 3"
    );
    let grade = Grade::of(&path);
    assert_eq!(grade.level, Level::Rules);
    assert_eq!(grade.guesses, 0);

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k4.ron");
    std::fs::write(&file, KILLER4).unwrap();
    let out = graphdoku().arg("explain").arg(&file).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains(": rules, 20 steps"), "{text}");
    assert!(
        text.contains("   1. r1c1, r1c2 ≠ 3, 4: killer cage 3 in r1c1, r1c2: only 1+2 makes 3"),
        "{text}"
    );
    let grade = graphdoku().arg("grade").arg(&file).output().unwrap();
    let text = String::from_utf8_lossy(&grade.stdout).to_string();
    // Rated on Sudoku Explainer's scale, rules or not: a rule step is 2.3
    // (see docs/rating.md); SE's direct hidden pair (2.0) is easier, so the
    // level is the rules' one, as the ratings say.
    assert!(text.contains("k4.ron: rules ED=2.3/2.3/2.3 ("), "{text}");
    assert!(text.contains("rule ×6"), "{text}");
    let hint = graphdoku().arg("hint").arg(&file).output().unwrap();
    let text = String::from_utf8_lossy(&hint.stdout).to_string();
    assert!(
        text.ends_with(
            "k4.ron: r1c1, r1c2 ≠ 3, 4: killer cage 3 in r1c1, r1c2: only 1+2 makes 3\n"
        ),
        "{text}"
    );
    // JSON names the rule: its kind and cells.
    let json = graphdoku()
        .args(["explain", "-f", "json"])
        .arg(&file)
        .output()
        .unwrap();
    let line: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(line["level"], "rules");
    let first = &line["steps"][0];
    assert_eq!(first["technique"], "rule");
    assert_eq!(first["rule"]["kind"], "killer-cage");
    assert_eq!(first["rule"]["cells"], serde_json::json!(["r1c1", "r1c2"]));
    assert_eq!(first["eliminated"].as_array().unwrap().len(), 4);
    let singles = (line["steps"].as_array().unwrap().iter())
        .find(|s| s["technique"].as_str().unwrap().ends_with("-single"))
        .unwrap();
    assert!(singles.get("rule").is_none(), "{singles}");
}

#[test]
fn the_killer_and_thermo_puzzles_in_data_are_explained_with_rule_steps() {
    for (file, rule, example) in [
        (
            "killer.ron",
            "killer cage",
            "r5c5, r6c5, r6c6 ≠ 1, 2, 3, 4, 5, 7: killer cage 23 in r5c5, r6c5, r6c6: only 6+8+9 makes 23",
        ),
        (
            "thermo.ron",
            "thermometer",
            "r5c7 = 1; r6c7 ≠ 5: thermometer r5c7→r6c7→r5c8→r4c8→r4c7, nothing larger can follow",
        ),
    ] {
        let text = std::fs::read_to_string(common::data(file)).unwrap();
        let (graph, record) = graphdoku::read::read_ron_puzzle(&text, file).unwrap();
        let puzzle = record.puzzle.unwrap();
        let solution = Solver::new(&graph).solve(&puzzle).unwrap();
        let logic = Logic::new(&graph);
        // `path` checks that the steps reach the solution.
        let path = logic.path(&puzzle, &solution).unwrap();
        let texts: Vec<String> = path.steps.iter().map(|s| logic.describe(s)).collect();
        let rules = (path.steps.iter())
            .filter(|s| s.technique == Technique::Rule)
            .count();
        assert!(rules >= 20, "{file}: {rules} rule steps");
        // Every rule step names its rule (the steps of a rule with its
        // house name it too).
        assert!(
            (path.steps.iter().zip(&texts))
                .filter(|(s, _)| s.technique == Technique::Rule)
                .all(|(_, t)| t.contains(rule)),
            "{file}"
        );
        assert!(texts.iter().any(|t| t == example), "{file}: {texts:#?}");

        let out = graphdoku()
            .arg("explain")
            .arg(common::data(file))
            .output()
            .unwrap();
        assert!(out.status.success(), "{file}");
        let shown = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(shown.contains(example), "{file}: {shown}");
    }
}

/// A rule of each kind that makes steps, alone on a 4×4 with at most one
/// given, and its first step in words.
#[test]
fn each_kind_of_rule_step_says_why() {
    let cells = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    // (rule, a given as (cell, colour), the first step in words)
    type Case = (RuleSpec, Option<(usize, u8)>, &'static str);
    let cases: Vec<Case> = vec![
        (
            RuleSpec::Difference {
                cells: pair("r1c1", "r1c2"),
                value: Some(3),
            },
            None,
            "r1c1, r1c2 ≠ 2, 3: white dot r1c1–r1c2, they differ by 3: no value of the other cell allows it",
        ),
        (
            RuleSpec::Ratio {
                cells: pair("r1c1", "r1c2"),
                value: Some(3),
            },
            None,
            "r1c1, r1c2 ≠ 2, 4: black dot r1c1–r1c2, one is 3 times the other: no value of the other cell allows it",
        ),
        (
            RuleSpec::V("r1c1".into(), "r1c2".into()),
            Some((2, 3)),
            "r1c1, r1c2 ≠ 1: V r1c1–r1c2, they sum to 5: no value of the other cell allows it",
        ),
        (
            RuleSpec::Whispers {
                cells: cells(&["r1c1", "r1c2", "r1c3"]),
                difference: Some(3),
            },
            None,
            "r1c1, r1c2, r1c3 ≠ 2, 3: whispers line r1c1–r1c2–r1c3, neighbours on it differ by at least 3",
        ),
        (
            RuleSpec::Renban(cells(&["r1c1", "r1c2"])),
            Some((2, 1)),
            "r1c1, r1c2 ≠ 1: renban line r1c1–r1c2, consecutive values in any order: only the run 3–4 is left",
        ),
        (
            RuleSpec::Arrow {
                circle: cells(&["r1c1"]),
                line: cells(&["r1c2", "r1c3"]),
            },
            None,
            "r1c1 ≠ 1, 2; r1c2, r1c3 ≠ 4: arrow from r1c1 along r1c2→r1c3, the sum along it is the circle: 3 = 1+2 or 4 = 1+3",
        ),
        (
            RuleSpec::SlowThermometer(cells(&["r1c1", "r2c1"])),
            Some((4, 1)),
            "r1c1 = 1: slow thermometer r1c1→r2c1, nothing as large can follow",
        ),
        (
            RuleSpec::Cage {
                cells: cells(&["r1c1", "r2c2"]),
                total: 7,
            },
            None,
            "r1c1, r2c2 ≠ 1, 2: sum cage 7 in r1c1, r2c2: only 3+4 makes 7",
        ),
        (
            RuleSpec::Sum {
                cells: cells(&["r1c1", "r1c2"]),
                weights: Some(vec![2, -1]),
                total: 5,
            },
            None,
            "r1c1 ≠ 1, 2; r1c2 ≠ 2, 4: sum 2·r1c1 − r1c2 = 5, no other values make the total",
        ),
    ];
    let base = ConstraintGraph::load("sudoku4").unwrap();
    let mut wrong = Vec::new();
    for (rule, given, expected) in cases {
        let graph = base
            .clone()
            .with_rules(std::slice::from_ref(&rule))
            .unwrap();
        let logic = Logic::new(&graph);
        let mut givens = vec![None; 16];
        if let Some((cell, colour)) = given {
            givens[cell] = Some(colour);
        }
        let board = logic.start(&Puzzle::new(givens)).unwrap();
        let step = logic.next_step(&board);
        let text = step.as_ref().map(|s| logic.describe(s)).unwrap_or_default();
        if text != expected {
            wrong.push(format!("{rule:?}:\n  {text}\n  not {expected}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_grid_wide_rule_makes_steps_of_two_cells() {
    let base = ConstraintGraph::load("sudoku4").unwrap();
    for (rule, name) in [
        (RuleSpec::NonConsecutive, "non-consecutive"),
        (RuleSpec::Negative(Mark::XV), "negative constraint"),
    ] {
        let graph = base.clone().with_rules(&[rule]).unwrap();
        let logic = Logic::new(&graph);
        let mut givens = vec![None; 16];
        givens[5] = Some(1); // r2c2 = 2
        let board = logic.start(&Puzzle::new(givens)).unwrap();
        let step = logic.next_step(&board).unwrap();
        assert_eq!(step.technique, Technique::Rule, "{name}");
        assert_eq!(step.cells.len(), 2, "{name}");
        assert!(step.cells.contains(&5), "{name}");
        let text = logic.describe(&step);
        assert!(text.contains(name), "{text}");
        assert!(text.contains("no value of r2c2 allows it"), "{text}");
    }
}

#[test]
fn the_page_api_hints_and_grades_with_rules() {
    let server = Server::bind(0, Limits::default()).expect("a free loopback port");
    let (addr, token) = (server.addr(), server.token().expect("a token").to_string());
    std::thread::spawn(move || server.run());
    // The 4×4 of `a_thermometer_forces_its_bulb_to_one`, as the page sends it.
    let ron = r#"Variant(extends: "sudoku4", rules: [Thermometer(["r1c1", "r1c2"])])"#;
    let givens: Vec<Value> = (0..16)
        .map(|c| if c == 1 { json!("2") } else { Value::Null })
        .collect();
    let body = json!({"ron": ron, "givens": givens});
    let hint = common::api_post(addr, &token, "hint", &body).1;
    let step = &hint["steps"][0];
    assert_eq!(step["technique"], "rule", "{hint}");
    assert_eq!(
        step["text"],
        "r1c1 = 1: thermometer r1c1→r1c2, nothing larger can follow"
    );
    assert_eq!(step["rule"]["kind"], "thermometer");
    assert_eq!(step["rule"]["cells"], json!(["r1c1", "r1c2"]));
    assert_eq!(step["cells"], json!([0, 1]), "the page highlights the rule");
    // The killer without givens, its cages in the variant: level `rules`.
    let cages = &KILLER4[KILLER4.find("rules:").unwrap()..KILLER4.rfind(')').unwrap()];
    let ron = format!("Variant(extends: \"sudoku4\", {cages})");
    let grade = common::api_post(addr, &token, "grade", &json!({"ron": ron})).1;
    assert_eq!(grade["status"], "unique", "{grade}");
    assert_eq!(grade["level"], "rules", "{grade}");
    assert_eq!(grade["hardest"], "rule", "{grade}");
}

/// The rule puzzles the project ships: the examples in `data/` that have
/// rules on values, and the collection in `data/rules/`.
fn shipped_rule_puzzles() -> Vec<(String, ConstraintGraph, Puzzle)> {
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in [common::data(""), common::data("rules")] {
        let mut found: Vec<_> = (std::fs::read_dir(&dir).unwrap())
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        found.sort();
        files.extend(found);
    }
    (files.into_iter())
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.display().to_string();
            let (graph, record) = graphdoku::read::read_ron_puzzle(&text, &name).unwrap();
            let puzzle = record.puzzle.unwrap();
            (!graph.rules().is_empty()).then_some((name, graph, puzzle))
        })
        .collect()
}

#[test]
fn no_step_on_the_shipped_rule_puzzles_removes_a_solution_value() {
    // Each puzzle's graded path (Sudoku Explainer's order, with the rule
    // steps, the rules with houses and the chains through rules), and on the
    // examples its explain path too, replayed against the solution: a step
    // that places a wrong value or removes the solution's is a defect,
    // whatever its technique. A short budget for the chains keeps the test
    // short; the steps found within it are checked all the same.
    let puzzles = shipped_rule_puzzles();
    assert!(puzzles.len() >= 80, "{} puzzles", puzzles.len());
    let budget = std::time::Duration::from_millis(400);
    let seen = std::sync::Mutex::new(std::collections::BTreeMap::<Technique, usize>::new());
    let check = |(name, graph, puzzle): &(String, ConstraintGraph, Puzzle)| {
        let solution = Solver::new(graph).solve(puzzle).unwrap();
        let truth = solution.colours();
        let logic = Logic::new(graph).with_path_budget(budget);
        let mut paths = vec![logic.graded_path(puzzle, &solution).unwrap()];
        if !name.contains("/rules/") {
            paths.push(logic.path(puzzle, &solution).unwrap());
        }
        for path in &paths {
            for (i, step) in path.steps.iter().enumerate() {
                let at = || format!("{name}: step {}: {}", i + 1, logic.describe(step));
                if let Some((cell, colour)) = step.placed {
                    assert_eq!(colour, truth[cell], "{} places a wrong value", at());
                }
                for &(cell, colour) in &step.eliminated {
                    assert_ne!(colour, truth[cell], "{} removes the solution's value", at());
                }
                if step.technique != Technique::Guess {
                    *seen.lock().unwrap().entry(step.technique).or_default() += 1;
                }
            }
        }
    };
    std::thread::scope(|scope| {
        let (odd, even): (Vec<_>, Vec<_>) =
            puzzles.iter().enumerate().partition(|(i, _)| i % 2 == 1);
        for half in [odd, even] {
            scope.spawn(move || half.into_iter().for_each(|(_, p)| check(p)));
        }
    });
    // The rule families with houses and the chains are exercised (and so
    // checked) here.
    let seen = seen.into_inner().unwrap();
    for technique in [
        Technique::Rule,
        Technique::RulePointing,
        Technique::InniesOuties,
        Technique::RuleHouse,
        Technique::DynamicForcingChain,
    ] {
        assert!(seen.contains_key(&technique), "{technique:?}: {seen:?}");
    }
}

#[test]
fn the_shipped_rule_examples_are_solved_without_a_guess() {
    // Every built-in example (`graphdoku example` lists them, each
    // `data/NAME.ron`) is solved whole by logic, by `grade`'s path and by
    // `explain`'s (within a second or two each; the budget is long so that a
    // loaded machine cannot make it guess).
    let listed = graphdoku().arg("example").output().unwrap();
    assert!(listed.status.success(), "{listed:?}");
    let names: Vec<String> = (String::from_utf8(listed.stdout).unwrap().lines())
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect();
    assert_eq!(names.len(), 9, "{names:?}");
    for name in &names {
        let file = &format!("{name}.ron");
        let text = std::fs::read_to_string(common::data(file)).unwrap();
        let (graph, record) = graphdoku::read::read_ron_puzzle(&text, file).unwrap();
        let puzzle = record.puzzle.unwrap();
        let solution = Solver::new(&graph).solve(&puzzle).unwrap();
        let logic = Logic::new(&graph).with_path_budget(std::time::Duration::from_secs(120));
        let graded = logic.graded_path(&puzzle, &solution).unwrap();
        let truth = solution.colours();
        for step in &graded.steps {
            let text = logic.describe(step);
            assert!(
                step.placed.is_none_or(|(c, v)| truth[c] == v),
                "{file}: {text}"
            );
            assert!(
                step.eliminated.iter().all(|&(c, v)| truth[c] != v),
                "{file}: {text}"
            );
        }
        let grade = Grade::of(&graded);
        assert_eq!(grade.guesses, 0, "{file}: {grade:?}");
        assert!(grade.se.is_some(), "{file}: rated on the SE scale");
        // Explain's path stops at dynamic forcing chains: the arrow needs
        // the (+) and nested ones, through its rule pointing.
        if file != "arrow.ron" {
            let path = logic.path(&puzzle, &solution).unwrap();
            assert_eq!(Grade::of(&path).guesses, 0, "{file}: explain");
        }
    }
}

#[test]
fn the_logic_budget_decides_how_far_chains_through_rules_go() {
    // data/thermo.ron needs forcing chains through its thermometers: without
    // time for them the path guesses; with plenty (long, so that a loaded
    // machine cannot make it guess) it is solved by logic.
    let file = common::data("thermo.ron");
    let grade = |budget: &str| {
        let out = (graphdoku().args(["grade", "--logic-budget", budget]))
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let none = grade("0");
    assert!(none.starts_with("thermo 1: needs-search ("), "{none}");
    assert!(none.contains(" guess ×"), "{none}");
    let plenty = grade("60");
    assert!(plenty.starts_with("thermo 1: extreme ED=8.8/"), "{plenty}");
    assert!(!plenty.contains("guess"), "{plenty}");
    // explain and hint take it too; a budget that is not a number is refused.
    for command in ["explain", "hint"] {
        let out = (graphdoku().args([command, "--logic-budget", "0.5"]))
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success(), "{command}: {out:?}");
    }
    let bad = (graphdoku().args(["grade", "--logic-budget", "soon"]))
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("expected a number of seconds, found `soon`"),
        "{err}"
    );
}
