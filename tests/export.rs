//! f-puzzles export round-trips through import, and rules go out with JSON records.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::graphdoku;
use graphdoku::read::{link, read_ron_puzzle, read_ron_puzzles};
use graphdoku::write::fpuzzles;
use graphdoku::write::json::{RuleRecord, rules};
use graphdoku::{ConstraintGraph, Puzzle, PuzzleReader, variant};
use predicates::str::{contains, starts_with};

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// Every puzzle of `data/` (text files with the variant `data/README.md`
/// gives them, RON puzzle files) and `data/rules/`: label, graph, puzzle.
fn puzzles() -> Vec<(String, ConstraintGraph, Puzzle)> {
    let text = [
        ("anti-king.txt", "anti-king"),
        ("anti-knight.txt", "anti-knight"),
        ("disjoint-groups.txt", "disjoint-groups"),
        ("euler-example.txt", "sudoku9"),
        ("jigsaw9.txt", "jigsaw9"),
        ("latin9.txt", "latin9"),
        ("pie-minimal.txt", "pie"),
        ("samurai.txt", "samurai"),
        ("sudoku12.txt", "sudoku12"),
        ("sudoku16-45pct.txt", "sudoku16"),
        ("sudoku25-55pct.txt", "sudoku25"),
        ("sudoku36-55pct.txt", "sudoku36"),
        ("sudoku49-55pct.txt", "sudoku49"),
        ("sudoku4-minimal.txt", "sudoku4"),
        ("sudoku6.txt", "sudoku6"),
        ("sudoku8.txt", "sudoku8"),
        ("windoku.txt", "windoku"),
        ("x-sudoku.txt", "x-sudoku"),
    ];
    let mut out = Vec::new();
    for (file, variant) in text {
        let graph = ConstraintGraph::load(variant).unwrap();
        let source = std::fs::read_to_string(data().join(file)).unwrap();
        let record = PuzzleReader::new(&graph, source.as_bytes(), file)
            .next()
            .unwrap();
        out.push((file.to_string(), graph.clone(), record.puzzle.unwrap()));
    }
    let mut ron: Vec<PathBuf> = [data(), data().join("rules")]
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    ron.sort();
    for path in ron {
        let shown = path.display().to_string();
        let source = std::fs::read_to_string(&path).unwrap();
        let read = read_ron_puzzles(&source, &shown).unwrap();
        for (i, (graph, record)) in read.records.into_iter().enumerate() {
            let graph = read.graphs[graph.expect("a variant")].clone();
            let label = format!("{}:{}", file_name(&path), i + 1);
            out.push((label, graph, record.puzzle.unwrap()));
        }
    }
    out
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// What f-puzzles cannot express, by file, and a word its refusal must say.
const REFUSED: &[(&str, &str)] = &[
    ("latin9.txt", "do not tile it into regions"),
    ("pie-minimal.txt", "polar shape"),
    ("pie-homework.ron", "polar shape"),
    ("samurai.txt", "not a square grid"),
    ("samurai.ron", "not a square grid"),
    ("sudoku25-55pct.txt", "16×16 at most"),
    ("sudoku36-55pct.txt", "16×16 at most"),
    ("sudoku49-55pct.txt", "16×16 at most"),
    // The rules benchmark's later kinds that f-puzzles has no field for
    // (`data/rules/KIND-NN.ron`, matched by the start of the name).
    ("lockout-", "f-puzzles has no such constraint"),
    ("zipper-", "f-puzzles has no such constraint"),
    ("double-arrow-", "f-puzzles has no such constraint"),
    ("entropic-", "f-puzzles has no such constraint"),
    ("modular-", "f-puzzles has no such constraint"),
    ("nabner-", "f-puzzles has no such constraint"),
    ("regex-", "f-puzzles has no such constraint"),
];

/// A graph in names only: edges, houses (as sets of cells), rules (as
/// records, odd and even cells gathered, in a stable order), givens (as
/// colours: f-puzzles writes the k-th symbol as k, so a 16×16's `0`…`F` come
/// back as `1`…`16`).
#[derive(Debug, PartialEq, Eq)]
struct Named {
    edges: BTreeSet<(String, String)>,
    houses: BTreeSet<BTreeSet<String>>,
    rules: Vec<String>,
    givens: BTreeMap<String, u8>,
}

fn named(graph: &ConstraintGraph, puzzle: &Puzzle) -> Named {
    let name = |c: usize| graph.cells()[c].name.clone();
    let g = graph.graph();
    let edges = g
        .edge_indices()
        .map(|e| g.edge_endpoints(e).unwrap())
        .map(|(a, b)| {
            let (a, b) = (name(a.index()), name(b.index()));
            (a.clone().min(b.clone()), a.max(b))
        })
        .collect();
    let houses = graph
        .houses()
        .iter()
        .map(|h| h.cells.iter().map(|&c| name(c)).collect())
        .collect();
    // The importer gathers every odd (even) cell into one rule.
    let mut parity: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut records: Vec<String> = Vec::new();
    for record in rules(graph) {
        match record.kind.as_str() {
            "Odd" | "Even" => parity
                .entry(record.kind.clone())
                .or_default()
                .extend(record.cells),
            _ => records.push(format!("{record:?}")),
        }
    }
    for (kind, cells) in parity {
        records.push(format!("{kind} {cells:?}"));
    }
    records.sort();
    let givens = puzzle
        .givens()
        .iter()
        .enumerate()
        .filter_map(|(c, g)| g.map(|g| (name(c), g)))
        .collect();
    Named {
        edges,
        houses,
        rules: records,
        givens,
    }
}

/// The graph and puzzle `graphdoku import` makes of an f-puzzles link.
fn import(link_text: &str) -> (ConstraintGraph, Puzzle) {
    let imported = link::read(link_text, "the link").unwrap().imported;
    let ron = graphdoku::write::ron::variant(&imported);
    let graph = ConstraintGraph::build(&variant::parse(&ron, "imported.ron").unwrap()).unwrap();
    let line =
        graphdoku::write::ron::rows(&imported).join(if imported.size <= 9 { "" } else { " " });
    let puzzle = PuzzleReader::new(&graph, line.as_bytes(), "imported")
        .next()
        .unwrap()
        .puzzle
        .unwrap();
    (graph, puzzle)
}

/// Asserts `import(export(p))` is `p`, in names.
fn round_trip(label: &str, graph: &ConstraintGraph, puzzle: &Puzzle) {
    let link =
        fpuzzles::link(graph, puzzle.givens(), label).unwrap_or_else(|e| panic!("{label}: {e}"));
    assert!(link.starts_with(fpuzzles::LINK_PREFIX), "{label}");
    let (back, back_puzzle) = import(&link);
    let (before, after) = (named(graph, puzzle), named(&back, &back_puzzle));
    assert_eq!(before.edges, after.edges, "{label}: edges");
    assert_eq!(before.houses, after.houses, "{label}: houses");
    assert_eq!(before.rules, after.rules, "{label}: rules");
    assert_eq!(before.givens, after.givens, "{label}: givens");
    let digits: Vec<String> = (1..=graph.alphabet().len())
        .map(|k| k.to_string())
        .collect();
    if graph.alphabet().symbols() == digits {
        assert_eq!(graph.alphabet().symbols(), back.alphabet().symbols());
    }
    // The plain JSON is the link's content.
    let json = fpuzzles::json(graph, puzzle.givens(), label).unwrap();
    assert_eq!(
        import(&json).1.givens().len(),
        back_puzzle.givens().len(),
        "{label}"
    );
}

#[test]
fn every_puzzle_f_puzzles_can_express_round_trips_and_the_rest_is_refused_by_name() {
    let mut exported = 0;
    for (label, graph, puzzle) in puzzles() {
        let file = label.split(':').next().unwrap();
        match REFUSED.iter().find(|(f, _)| file.starts_with(f)) {
            Some((_, why)) => {
                let err = fpuzzles::link(&graph, puzzle.givens(), &label).unwrap_err();
                assert!(err.to_string().contains(why), "{label}: {err}");
            }
            None => {
                round_trip(&label, &graph, &puzzle);
                exported += 1;
            }
        }
    }
    // 12 text files (every grid up to 16×16 with regions), the killer and
    // the thermo at least.
    assert!(exported >= 14, "{exported}");
}

/// A 9×9 with every rule f-puzzles has a field for, each in a form that
/// differs from its default where it has one.
const EVERY_RULE: &str = r#"Puzzle(variant: "sudoku9", name: "every rule",
    givens: Rows(["1........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........9"]),
    rules: [
        Killer(cells: ["r1c2", "r1c3"], total: 10),
        Killer(cells: ["r2c2", "r2c3", "r3c3"]),
        Arrow(circle: ["r4c1", "r4c2"], line: ["r5c3", "r6c4", "r7c4"]),
        Arrow(circle: ["r2c5"], line: ["r3c5", "r4c5"]),
        LittleKiller(from: "r1c8", towards: DownRight, total: 9),
        LittleKiller(from: "r9c1", towards: UpLeft, total: 4),
        LittleKiller(from: "r3c1", towards: DownRight, total: 40),
        Sandwich(from: "r9c1", towards: Right, total: 12),
        XSum(from: "r9c9", towards: Up, total: 20),
        Skyscraper(from: "r1c9", towards: Down, count: 3),
        Between(["r6c6", "r7c6", "r8c7"]),
        Quadruple(cells: ["r6c2", "r6c3", "r7c2", "r7c3"], digits: [1, 9]),
        Palindrome(["r9c6", "r9c7", "r9c8"]),
        RegionSum(["r4c3", "r4c4", "r4c5"]),
        Thermometer(["r5c5", "r5c6", "r6c7"]),
        Difference(cells: ("r8c1", "r8c2")),
        Difference(cells: ("r8c3", "r8c4"), value: 3),
        Ratio(cells: ("r9c2", "r9c3")),
        Ratio(cells: ("r9c4", "r9c5"), value: 3),
        X("r7c7", "r7c8"),
        V("r8c8", "r8c9"),
        Negative(Difference),
        Negative(XV),
        Whispers(cells: ["r1c5", "r1c6", "r2c7"]),
        Whispers(cells: ["r3c7", "r3c8"], difference: 4),
        Renban(["r4c7", "r4c8", "r5c8"]),
        NonConsecutive,
        Odd(["r6c1", "r6c2"]),
        Even(["r7c1"]),
        Odd(["r6c9"]),
        Clone(["r2c1", "r1c4"], ["r3c2", "r1c7"]),
        Minimum(["r5c1"]),
    ])"#;

#[test]
fn every_rule_with_an_f_puzzles_field_round_trips() {
    let (graph, record) = read_ron_puzzle(EVERY_RULE, "every.ron").unwrap();
    assert_eq!(graph.rules().len(), 32);
    round_trip("every rule", &graph, &record.puzzle.unwrap());
}

#[test]
fn rules_f_puzzles_has_no_field_for_are_refused_each_by_name() {
    let source = r#"Puzzle(variant: "sudoku9", givens: Rows([".........", ".........", ".........", ".........", ".........", ".........", ".........", ".........", "........."]),
        rules: [
            Cage(cells: ["r1c1", "r2c1"], total: 4),
            SlowThermometer(["r3c3", "r3c4"]),
            Sum(cells: ["r5c5", "r5c6"], weights: [1, -1], total: 2),
            Sum(cells: ["r2c2", "r3c3"], total: 5),
            Arrow(circle: ["r7c2", "r7c1"], line: ["r8c3", "r9c4"]),
            Relation(pairs: [("r9c1", "r9c2")], allowed: [(1, 3)]),
            Killer(cells: ["r4c4", "r4c5"], total: 5),
        ])"#;
    let (graph, record) = read_ron_puzzle(source, "refused.ron").unwrap();
    let err = fpuzzles::json(&graph, record.puzzle.unwrap().givens(), "x").unwrap_err();
    let text = err.to_string();
    assert_eq!(err.what.len(), 6, "{text}");
    for part in [
        "a sum cage (r1c1, r2c1): f-puzzles cages do not let digits repeat",
        "a slow thermometer (r3c3, r3c4)",
        "a sum (r5c5, r5c6): f-puzzles writes a sum only as a little killer",
        "a sum (r2c2, r3c3)",
        "an arrow (r7c2, r7c1): a pill whose digits are not in reading order",
        "a relation (r9c1, r9c2)",
    ] {
        assert!(text.contains(part), "{part:?} not in {text}");
    }
}

#[test]
fn edges_no_house_or_move_explains_are_refused() {
    let source =
        r#"Variant(extends: "sudoku4", name: "paired", edges: [Pairs([("r1c1", "r4c4")])])"#;
    let graph = ConstraintGraph::build(&variant::parse(source, "p.ron").unwrap()).unwrap();
    let err = fpuzzles::link(&graph, &[None; 16], "p").unwrap_err();
    assert_eq!(
        err.to_string(),
        "f-puzzles cannot express edges that no house, knight's or king's move explains (r1c1–r4c4)"
    );
}

#[test]
fn export_prints_a_link_that_import_reads_back() {
    let out = graphdoku()
        .args(["export"])
        .arg(data().join("killer.ron"))
        .assert()
        .success()
        .stdout(starts_with("https://www.f-puzzles.com/?load=N4Ig"))
        .get_output()
        .stdout
        .clone();
    let link = String::from_utf8(out).unwrap();
    let dir = tempfile::tempdir().unwrap();
    graphdoku()
        .args(["import", link.trim(), "-o"])
        .arg(dir.path().join("back"))
        .assert()
        .success()
        .stdout(contains("33 rules"));
    let json = graphdoku()
        .args(["export", "--json"])
        .arg(data().join("thermo.ron"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(value["thermometer"].as_array().unwrap().len(), 12);
    assert_eq!(value["title"], "Sudoku 9×9: thermo 1");
}

#[test]
fn export_refuses_shapes_naming_what_cannot_be_written() {
    graphdoku()
        .args(["export", "-v", "pie"])
        .assert()
        .code(2)
        .stderr(contains(
            "cannot export empty pie: f-puzzles cannot express a polar shape",
        ));
    graphdoku()
        .args(["export"])
        .arg(data().join("samurai.ron"))
        .assert()
        .code(2)
        .stderr(contains("not a square grid"));
}

#[test]
fn graph_and_info_json_carry_the_rules_by_name() {
    let out = graphdoku()
        .args(["graph", "-f", "json"])
        .arg(data().join("killer.ron"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let rules: Vec<RuleRecord> = serde_json::from_value(value["rules"].clone()).unwrap();
    assert_eq!(rules.len(), 33);
    assert_eq!(rules[0].kind, "Killer");
    assert_eq!(rules[0].cells, ["r7c5", "r8c5"]);
    assert_eq!(rules[0].total, Some(13));
    let out = graphdoku()
        .args(["info", "-f", "json"])
        .arg(data().join("thermo.ron"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(value["rules"].as_array().unwrap().len(), 12);
    assert_eq!(
        value["rules"][0],
        serde_json::json!({"kind": "Thermometer", "cells": ["r3c2", "r2c3", "r1c2", "r2c1"]})
    );
    // A variant without rules has no `rules` field.
    let out = graphdoku()
        .args(["graph", "-f", "json", "sudoku4"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert!(value.get("rules").is_none());
}

#[test]
fn every_rule_kind_has_its_json_fields() {
    let (graph, _) = read_ron_puzzle(EVERY_RULE, "every.ron").unwrap();
    let records = rules(&graph);
    let line = |kind: &str| {
        let record = records.iter().find(|r| r.kind == kind).unwrap();
        serde_json::to_string(record).unwrap()
    };
    assert_eq!(
        line("Arrow"),
        r#"{"kind":"Arrow","circle":["r4c1","r4c2"],"line":["r5c3","r6c4","r7c4"]}"#
    );
    assert_eq!(
        line("Difference"),
        r#"{"kind":"Difference","cells":["r8c1","r8c2"],"value":1}"#
    );
    assert_eq!(line("V"), r#"{"kind":"V","cells":["r8c8","r8c9"]}"#);
    assert_eq!(
        line("Negative"),
        r#"{"kind":"Negative","mark":"Difference"}"#
    );
    assert_eq!(line("NonConsecutive"), r#"{"kind":"NonConsecutive"}"#);
    assert_eq!(
        line("LittleKiller"),
        r#"{"kind":"LittleKiller","cells":["r1c8","r2c9"],"total":9,"towards":"DownRight"}"#
    );
    assert_eq!(
        line("Skyscraper"),
        r#"{"kind":"Skyscraper","cells":["r1c9","r2c9","r3c9","r4c9","r5c9","r6c9","r7c9","r8c9","r9c9"],"towards":"Down","count":3}"#
    );
    assert_eq!(
        line("Quadruple"),
        r#"{"kind":"Quadruple","cells":["r6c2","r6c3","r7c2","r7c3"],"digits":[1,9]}"#
    );
    assert_eq!(
        line("Clone"),
        r#"{"kind":"Clone","segments":[["r2c1","r1c4"],["r3c2","r1c7"]]}"#
    );
}
