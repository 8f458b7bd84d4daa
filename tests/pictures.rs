//! Pictures and graph exports: SVG (snapshots, well-formed XML), PNG (decodes,
//! shows its text), DOT (loads in Graphviz) and the graph's JSON (round-trips).

mod common;

use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::graphdoku;
use graphdoku::write::json::{GraphRecord, to_line};
use graphdoku::write::svg::{Values, svg};
use graphdoku::write::{dot, png, text};
use graphdoku::{ConstraintGraph, Solver};
use resvg::tiny_skia::Pixmap;

/// A shape of `tests/render/`.
fn shape(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/render")
        .join(name)
        .display()
        .to_string()
}

/// Every shape drawn: each built-in and the free ones of `tests/render/`.
fn all_shapes() -> Vec<String> {
    let mut names: Vec<String> = graphdoku::variant::BUILTINS
        .iter()
        .map(|(name, _)| name.to_string())
        .collect();
    names.push(shape("pentagon.ron"));
    names.push(shape("petersen.ron"));
    names.push(shape("plus.ron"));
    names.push(shape("butterfly.ron"));
    names
}

/// A filling of every cell that does not depend on the solver (snapshots must
/// not change when the search does): colour `i mod k` in cell `i`.
fn filling(graph: &ConstraintGraph) -> Vec<Option<u8>> {
    let k = graph.alphabet().len();
    (0..graph.len()).map(|i| Some((i % k) as u8)).collect()
}

#[test]
fn every_shape_draws_as_well_formed_svg() {
    for name in all_shapes() {
        let graph = ConstraintGraph::load(&name).unwrap();
        let givens = vec![None; graph.len()];
        let solved = Solver::new(&graph).solve(&graphdoku::Puzzle::empty(graph.len()));
        let solved = solved.map(|s| s.to_puzzle().givens().to_vec());
        let picture = svg(
            &graph,
            Values {
                givens: &givens,
                solved: solved.as_deref(),
            },
            "title & <more>",
        );
        let doc = roxmltree::Document::parse(&picture).unwrap_or_else(|e| panic!("{name}: {e}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{name}");
        let texts = root
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .count();
        // The title, and a value in every cell when solved.
        if solved.is_some() {
            assert!(texts > graph.len(), "{name}: {texts} texts");
        }
        assert!(picture.contains("title &amp; &lt;more&gt;"), "{name}");
    }
}

#[test]
fn svg_snapshots() {
    let sudoku4 = ConstraintGraph::load("sudoku4").unwrap();
    let mut givens = vec![None; 16];
    (givens[0], givens[6], givens[9], givens[15]) = (Some(0), Some(2), Some(3), Some(1));
    let solved = filling(&sudoku4);
    let cases = [
        ("sudoku4-puzzle", &sudoku4, givens.clone(), None),
        ("sudoku4-solved", &sudoku4, givens, Some(solved)),
    ];
    for (name, graph, givens, solved) in cases {
        let values = Values {
            givens: &givens,
            solved: solved.as_deref(),
        };
        insta::assert_snapshot!(name, svg(graph, values, name));
    }
    for name in [
        "sudoku6",
        "jigsaw9",
        "windoku",
        "x-sudoku",
        "anti-king",
        "pie",
    ] {
        let graph = ConstraintGraph::load(name).unwrap();
        let givens = vec![None; graph.len()];
        let values = Values {
            givens: &givens,
            solved: None,
        };
        insta::assert_snapshot!(name, svg(&graph, values, name));
    }
    // Solved values over lines: the digits of cells on a diagonal wear a halo.
    let x = ConstraintGraph::load("x-sudoku").unwrap();
    let values = Values {
        givens: &[None; 81],
        solved: Some(&filling(&x)),
    };
    insta::assert_snapshot!("x-sudoku-filled", svg(&x, values, "x-sudoku"));
    // Parts: each grid of a butterfly outlined on its own.
    let butterfly = ConstraintGraph::load(&shape("butterfly.ron")).unwrap();
    let values = Values {
        givens: &[None; 144],
        solved: None,
    };
    insta::assert_snapshot!("butterfly", svg(&butterfly, values, "butterfly"));
    for file in ["pentagon.ron", "petersen.ron", "plus.ron"] {
        let graph = ConstraintGraph::load(&shape(file)).unwrap();
        let (givens, solved) = (vec![None; graph.len()], filling(&graph));
        let values = Values {
            givens: &givens,
            solved: Some(&solved),
        };
        insta::assert_snapshot!(file, svg(&graph, values, file));
    }
}

/// `name` rewritten as an explicit list: cells at their grid coordinates,
/// every house listed by name, the same edges as pairs.
fn listed(name: &str) -> ConstraintGraph {
    let record = GraphRecord::of(&ConstraintGraph::load(name).unwrap());
    let cells: Vec<String> = record
        .nodes
        .iter()
        .map(|n| {
            format!(
                "(name: {:?}, x: {}, y: {})",
                n.name,
                n.x.unwrap(),
                n.y.unwrap()
            )
        })
        .collect();
    let houses: Vec<String> = record
        .houses
        .iter()
        .map(|h| format!("House(name: {:?}, cells: {:?})", h.name, h.cells))
        .collect();
    let pairs: Vec<String> = record
        .edges
        .iter()
        .map(|e| format!("({:?}, {:?})", e.a, e.b))
        .collect();
    let source = format!(
        "Variant(name: {:?}, symbols: List({:?}), cells: List([{}]), houses: [{}], edges: [Pairs([{}])])",
        record.name,
        record.symbols,
        cells.join(", "),
        houses.join(", "),
        pairs.join(", ")
    );
    ConstraintGraph::build(&graphdoku::variant::parse(&source, "listed").unwrap()).unwrap()
}

#[test]
fn listed_grids_draw_as_their_grids() {
    // Issue 9: a samurai written cell by cell printed 369 `name = value` lines.
    for name in ["sudoku6", "samurai"] {
        let (grid, list) = (ConstraintGraph::load(name).unwrap(), listed(name));
        let values = filling(&grid);
        assert_eq!(
            text::drawing(&list, &values).lines().count(),
            text::drawing(&grid, &values).lines().count() - grid_separators(&grid)
        );
        let picture = |g: &ConstraintGraph| {
            let givens = vec![None; g.len()];
            let values = Values {
                givens: &givens,
                solved: Some(&values),
            };
            svg(g, values, name)
        };
        assert_eq!(picture(&list), picture(&grid), "{name}");
    }
}

/// The box separator lines of a grid's text drawing.
fn grid_separators(graph: &ConstraintGraph) -> usize {
    let drawn = text::drawing(graph, &filling(graph));
    drawn.lines().filter(|l| l.contains('+')).count()
}

#[test]
fn text_snapshots() {
    for name in ["sudoku4", "sudoku6", "jigsaw9", "pie", "samurai"] {
        let graph = ConstraintGraph::load(name).unwrap();
        let drawn = text::drawing(&graph, &filling(&graph));
        insta::assert_snapshot!(format!("text-{name}"), drawn);
    }
    // Listed cells: a grid when their coordinates are whole numbers, else a list.
    for file in ["plus.ron", "pentagon.ron"] {
        let graph = ConstraintGraph::load(&shape(file)).unwrap();
        let drawn = text::drawing(&graph, &filling(&graph));
        insta::assert_snapshot!(format!("text-{file}"), drawn);
    }
    // On a terminal: box-drawing lines, givens bold, solved values blue.
    let graph = ConstraintGraph::load("sudoku6").unwrap();
    let mut givens = vec![None; graph.len()];
    (givens[0], givens[8], givens[35]) = (Some(0), Some(2), Some(5));
    let style = text::Style {
        unicode: true,
        colour: true,
    };
    let drawn = text::drawing_with(&graph, &filling(&graph), Some(&givens), style);
    assert_eq!(drawn.matches("\x1b[1m").count(), 3);
    insta::assert_snapshot!("text-sudoku6-terminal", drawn);
    let plain = text::Style {
        unicode: true,
        colour: false,
    };
    let drawn = text::drawing_with(&graph, &filling(&graph), Some(&givens), plain);
    assert!(!drawn.contains('\x1b'));
}

/// Pixels darker than mid-grey.
fn dark_pixels(png: &[u8]) -> usize {
    let pixmap = Pixmap::decode_png(png).unwrap();
    pixmap
        .pixels()
        .iter()
        .filter(|p| u16::from(p.red()) + u16::from(p.green()) + u16::from(p.blue()) < 300)
        .count()
}

#[test]
fn pngs_decode_and_show_their_digits() {
    let graph = ConstraintGraph::load("sudoku4").unwrap();
    let empty = vec![None; 16];
    let mut one = empty.clone();
    one[5] = Some(3);
    let draw = |givens: &[Option<u8>]| {
        let values = Values {
            givens,
            solved: None,
        };
        png::png(&svg(&graph, values, "t"), 1.0).unwrap()
    };
    let (blank, with_digit) = (draw(&empty), draw(&one));
    let pixmap = Pixmap::decode_png(&with_digit).unwrap();
    assert!(pixmap.width() > 100 && pixmap.height() > 100);
    // The digit is drawn: text reaches the PNG through the built-in font.
    assert!(
        dark_pixels(&with_digit) > dark_pixels(&blank) + 40,
        "{} vs {}",
        dark_pixels(&with_digit),
        dark_pixels(&blank)
    );
    assert!(png::png("<svg", 1.0).is_err());
}

#[test]
fn render_command_writes_svg_and_png() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pie.png");
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/pie.ron");
    graphdoku()
        .args(["render", "--solution", "-o"])
        .arg(&out)
        .arg(&docs)
        .assert()
        .success();
    let pixmap = Pixmap::decode_png(&std::fs::read(&out).unwrap()).unwrap();
    assert!(pixmap.width() > 500);
    let svg = graphdoku()
        .args(["render", "--variant", "samurai"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let svg = String::from_utf8(svg).unwrap();
    roxmltree::Document::parse(&svg).unwrap();
    assert!(svg.contains("Samurai Sudoku: empty"));
    // A puzzle that does not fit its variant is invalid input.
    graphdoku()
        .args(["render", "-v", "sudoku4", "-"])
        .write_stdin("1.3.\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("-:1:"));
}

#[test]
fn graph_json_round_trips() {
    for name in all_shapes() {
        let graph = ConstraintGraph::load(&name).unwrap();
        let record = GraphRecord::of(&graph);
        assert_eq!(record.version, 1);
        assert_eq!(record.nodes.len(), graph.len());
        assert_eq!(record.edges.len(), graph.graph().edge_count());
        let line = to_line(&record);
        let back: GraphRecord = serde_json::from_str(&line).unwrap();
        assert_eq!(back, record, "{name}");
    }
    let pie = GraphRecord::of(&ConstraintGraph::load("pie").unwrap());
    assert!(pie.edges.iter().any(|e| e.reason == "wedge 1"));
    assert!(pie.edges.iter().any(|e| e.reason == "ring 6"));
    let knight = GraphRecord::of(&ConstraintGraph::load("anti-knight").unwrap());
    assert!(knight.edges.iter().any(|e| e.reason == "anti-knight"));
}

/// Runs Graphviz's `dot` on `source`, or `None` when it is not installed
/// (which fails the test under `CI=true`).
fn graphviz(source: &str) -> Option<std::process::Output> {
    let child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "Graphviz's `dot` cannot run ({e}), and CI=true: install graphviz"
            );
            eprintln!("note: Graphviz's `dot` cannot run ({e}): the DOT loading test is skipped");
            return None;
        }
    };
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(source.as_bytes())
        .unwrap();
    Some(child.wait_with_output().unwrap())
}

#[test]
fn pie_dot_loads_in_graphviz() {
    let pie = ConstraintGraph::load("pie").unwrap();
    let source = dot::dot(&pie, true);
    assert_eq!(source.matches(" -- ").count(), pie.graph().edge_count());
    assert!(source.contains(r#"label = "s12r6""#));
    let Some(output) = graphviz(&source) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let drawn = String::from_utf8(output.stdout).unwrap();
    let options = roxmltree::ParsingOptions {
        allow_dtd: true, // Graphviz writes a DOCTYPE
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(&drawn, options).unwrap();
    assert!(drawn.contains(">s12r6</text>"));
    assert!(drawn.contains(">wedge 6</text>"));
    // The free shape without coordinates, laid out by Graphviz itself.
    let petersen = ConstraintGraph::load(&shape("petersen.ron")).unwrap();
    let output = graphviz(&dot::dot(&petersen, true)).unwrap();
    assert!(output.status.success());
}

#[test]
fn graph_command_prints_dot_and_json() {
    let out = graphdoku()
        .args(["graph", "sudoku4"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("graph {\n"));
    assert!(out.contains(r#"0 -- 1 [ label = "row 1" ]"#), "{out}");
    let out = graphdoku()
        .args(["graph", "pie", "--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let record: GraphRecord = serde_json::from_slice(&out).unwrap();
    assert_eq!(record.nodes.len(), 72);
    graphdoku()
        .args(["graph", "no-such-variant"])
        .assert()
        .code(2);
}

/// The solved digits of `graph` drawn with a halo, by cell: those whose text
/// carries a stroke painted under its fill.
fn haloed_digits(graph: &ConstraintGraph) -> usize {
    let values = Values {
        givens: &vec![None; graph.len()],
        solved: Some(&filling(graph)),
    };
    svg(graph, values, "")
        .lines()
        .filter(|l| l.starts_with("<text") && l.contains(r#"paint-order="stroke""#))
        .count()
}

#[test]
fn digits_on_lines_are_drawn_over_them() {
    // The 17 cells of the two diagonals; no line, no halo.
    assert_eq!(
        haloed_digits(&ConstraintGraph::load("x-sudoku").unwrap()),
        17
    );
    assert_eq!(haloed_digits(&ConstraintGraph::load("sudoku9").unwrap()), 0);
    // The two ends of a dashed pair line.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pair.ron");
    let pair = r#"Variant(extends: "sudoku4", name: "Pair", edges: [Pairs([("r1c2", "r4c3")])])"#;
    std::fs::write(&file, pair).unwrap();
    let graph = ConstraintGraph::load(&file.display().to_string()).unwrap();
    assert_eq!(haloed_digits(&graph), 2);
}

/// Pixels within a small distance of the colour `#rrggbb`.
fn pixels_of(png: &[u8], colour: &str) -> usize {
    let channel = |i: usize| i32::from_str_radix(&colour[1 + 2 * i..3 + 2 * i], 16).unwrap();
    let (r, g, b) = (channel(0), channel(1), channel(2));
    let pixmap = Pixmap::decode_png(png).unwrap();
    pixmap
        .pixels()
        .iter()
        .filter(|p| {
            let (pr, pg, pb) = (
                i32::from(p.red()),
                i32::from(p.green()),
                i32::from(p.blue()),
            );
            (pr - r).abs() + (pg - g).abs() + (pb - b).abs() < 30
        })
        .count()
}

#[test]
fn each_part_of_a_butterfly_is_outlined_in_its_colour() {
    let graph = ConstraintGraph::load(&shape("butterfly.ron")).unwrap();
    let values = Values {
        givens: &[None; 144],
        solved: None,
    };
    let picture = svg(&graph, values, "butterfly");
    assert!(picture.contains("4 overlapping 9×9 grids"), "{picture}");
    let png = png::png(&picture, 1.0).unwrap();
    // Four outlines of about 4 × 9 cells × 40 px, 3 px wide, partly covered by
    // the next: each colour shows for most of its length.
    for colour in ["#d35400", "#27ae60", "#8e44ad", "#c0392b"] {
        let seen = pixels_of(&png, colour);
        assert!(seen > 2000, "{colour}: {seen} pixels");
    }
    // A shape without parts has none of them.
    let sudoku = ConstraintGraph::load("sudoku9").unwrap();
    let plain = svg(
        &sudoku,
        Values {
            givens: &[None; 81],
            solved: None,
        },
        "",
    );
    assert_eq!(pixels_of(&png::png(&plain, 1.0).unwrap(), "#d35400"), 0);
}

#[test]
fn render_refuses_a_picture_format_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap();
    // Issue 19: `-o x.jpg` silently received an SVG.
    for name in ["x.jpg", "x.svg.gz", "picture"] {
        let out = dir.path().join(name);
        graphdoku()
            .args(["render", "--variant", "sudoku4", "-o"])
            .arg(&out)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(".svg or .png"))
            .stderr(predicates::str::contains(name));
        assert!(!out.exists(), "{name} was written");
    }
    // Checked before the search: no time is spent solving for nothing.
    graphdoku()
        .args(["render", "--solution", "--variant", "sudoku49", "-o"])
        .arg(dir.path().join("big.jpeg"))
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2);
    // The accepted extensions, in any case.
    for name in ["x.SVG", "x.Png"] {
        let out = dir.path().join(name);
        graphdoku()
            .args(["render", "--variant", "sudoku4", "-o"])
            .arg(&out)
            .assert()
            .success();
        let bytes = std::fs::read(&out).unwrap();
        match name.ends_with("SVG") {
            true => assert!(bytes.starts_with(b"<svg")),
            false => assert_eq!(&bytes[1..4], b"PNG"),
        }
    }
}

#[test]
fn graph_labels_edges_only_while_they_can_be_read() {
    let run = |args: &[&str]| {
        let output = graphdoku().arg("graph").args(args).assert().success();
        let output = output.get_output();
        (
            String::from_utf8(output.stdout.clone()).unwrap(),
            String::from_utf8(output.stderr.clone()).unwrap(),
        )
    };
    let labelled = |dot: &str| {
        dot.lines()
            .filter(|l| l.contains(" -- ") && l.contains("label"))
            .count()
    };
    // The pie's 756 edges: no labels unasked, and a note saying how to get them.
    let (dot, note) = run(&["pie"]);
    assert_eq!(dot.matches(" -- ").count(), 756);
    assert_eq!(labelled(&dot), 0, "{dot}");
    assert!(dot.contains(r#"label = "s12r6""#), "cells keep their names");
    assert!(
        note.contains("756 edges") && note.contains("--labels"),
        "{note}"
    );
    let (dot, note) = run(&["pie", "--labels"]);
    assert_eq!(labelled(&dot), 756);
    assert!(note.is_empty(), "{note}");
    // A small graph is labelled unless asked not to; the last flag wins.
    let (dot, note) = run(&["sudoku4"]);
    assert_eq!(labelled(&dot), 56);
    assert!(note.is_empty(), "{note}");
    assert_eq!(labelled(&run(&["sudoku4", "--no-labels"]).0), 0);
    assert_eq!(
        labelled(&run(&["sudoku4", "--no-labels", "--labels"]).0),
        56
    );
    assert_eq!(labelled(&run(&["pie", "--labels", "--no-labels"]).0), 0);
}

#[test]
fn generated_ron_of_a_samurai_lines_up_and_reads_back() {
    // Issue 19: rows of shapes with gaps were ragged.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("samurai.ron");
    let made = graphdoku()
        .args(["generate", "-v", "samurai", "--seed", "3", "-f", "ron"])
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(made).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("        \""))
        .collect();
    assert_eq!(rows.len(), 21, "{text}");
    // Row 10 has only the centre grid's cells, from column 7 on.
    let row10 = rows[9].trim_start().trim_start_matches('"');
    assert_eq!(row10.find(|c: char| c != ' '), Some(6), "{text}");
    assert_eq!(rows[0].len(), rows[6].len(), "{text}");
    std::fs::write(&file, &text).unwrap();
    graphdoku().arg("solve").arg(&file).assert().success();
}

/// A RON puzzle file's graph (with its rules) and givens.
fn ruled(path: &std::path::Path) -> (ConstraintGraph, Vec<Option<u8>>) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.display().to_string();
    let (graph, record) = graphdoku::read::read_ron_puzzle(&text, &name).unwrap();
    let givens = record.puzzle.unwrap().givens().to_vec();
    (graph, givens)
}

/// The four puzzles with rules that the pictures are tested on.
fn ruled_files() -> [(&'static str, PathBuf); 4] {
    [
        ("killer", common::data("killer.ron")),
        ("thermo", common::data("thermo.ron")),
        ("every-rule", PathBuf::from(shape("every-rule.ron"))),
        (
            "every-later-rule",
            PathBuf::from(shape("every-later-rule.ron")),
        ),
    ]
}

#[test]
fn rules_snapshots() {
    for (name, path) in ruled_files() {
        let (graph, givens) = ruled(&path);
        let values = Values {
            givens: &givens,
            solved: None,
        };
        insta::assert_snapshot!(format!("rules-{name}"), svg(&graph, values, name));
    }
    // Solved: digits on lines wear a halo, digits on thermometers do not.
    let (graph, givens) = ruled(&common::data("thermo.ron"));
    let solved = Solver::new(&graph)
        .solve(&graphdoku::Puzzle::new(givens.clone()))
        .unwrap()
        .to_puzzle();
    let values = Values {
        givens: &givens,
        solved: Some(solved.givens()),
    };
    insta::assert_snapshot!("rules-thermo-solved", svg(&graph, values, "thermo"));
}

/// The groups of an SVG with the class `class`.
fn groups<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
        .collect()
}

/// Children of `group` with tag `tag` (and, when given, attribute `key` = `value`).
fn shapes(group: roxmltree::Node, tag: &str, attr: Option<(&str, &str)>) -> usize {
    group
        .children()
        .filter(|n| n.has_tag_name(tag))
        .filter(|n| attr.is_none_or(|(k, v)| n.attribute(k) == Some(v)))
        .count()
}

#[test]
fn every_rule_is_drawn_once_with_its_marks() {
    use graphdoku::rules::Rule;
    for (name, path) in ruled_files() {
        let (graph, givens) = ruled(&path);
        let values = Values {
            givens: &givens,
            solved: None,
        };
        let picture = svg(&graph, values, name);
        let doc = roxmltree::Document::parse(&picture).unwrap();
        let rules = graph.rules();
        let count = |f: fn(&Rule) -> bool| rules.iter().filter(|r| f(r)).count();
        type Kind = fn(&Rule) -> bool;
        let kinds: [(&str, Kind); 15] = [
            ("killer", |r| matches!(r, Rule::Killer { .. })),
            ("cage", |r| matches!(r, Rule::Cage { .. })),
            ("arrow", |r| matches!(r, Rule::Arrow { .. })),
            ("sum", |r| matches!(r, Rule::Sum { .. })),
            ("thermometer", |r| matches!(r, Rule::Thermometer(_))),
            ("slow-thermometer", |r| {
                matches!(r, Rule::SlowThermometer(_))
            }),
            ("difference", |r| matches!(r, Rule::Difference { .. })),
            ("ratio", |r| matches!(r, Rule::Ratio { .. })),
            ("x", |r| matches!(r, Rule::Xv { sum: 10, .. })),
            ("v", |r| matches!(r, Rule::Xv { sum: 5, .. })),
            ("whispers", |r| matches!(r, Rule::Whispers { .. })),
            ("renban", |r| matches!(r, Rule::Renban(_))),
            ("odd", |r| matches!(r, Rule::Parity { odd: true, .. })),
            ("even", |r| matches!(r, Rule::Parity { odd: false, .. })),
            ("relation", |r| matches!(r, Rule::Relation { .. })),
        ];
        for (class, kind) in kinds {
            assert_eq!(groups(&doc, class).len(), count(kind), "{name}: {class}");
        }
        // A cage: one dashed outline; a total, when given, as its one text.
        for class in ["killer", "cage"] {
            for g in groups(&doc, class) {
                let dashed = g
                    .children()
                    .filter(|n| n.has_tag_name("path") && n.attribute("stroke-dasharray").is_some())
                    .count();
                assert_eq!(dashed, 1, "{name}: {class}");
            }
        }
        let totals: Vec<String> = groups(&doc, "killer")
            .iter()
            .chain(&groups(&doc, "cage"))
            .flat_map(|g| g.children().filter(|n| n.has_tag_name("text")))
            .map(|n| n.text().unwrap().to_string())
            .collect();
        let mut expected: Vec<String> = rules
            .iter()
            .filter_map(|r| match r {
                Rule::Killer { total, .. } => total.map(|t| t.to_string()),
                Rule::Cage { total, .. } => Some(total.to_string()),
                _ => None,
            })
            .collect();
        let mut totals = totals;
        totals.sort();
        expected.sort();
        assert_eq!(totals, expected, "{name}: cage totals");
        // A thermometer: one bulb and its line; an arrow: a line and a head.
        for g in groups(&doc, "thermometer") {
            assert_eq!(shapes(g, "circle", None), 1, "{name}");
            assert_eq!(shapes(g, "path", None), 1, "{name}");
        }
        for g in groups(&doc, "arrow") {
            assert!(shapes(g, "path", None) >= 2, "{name}");
        }
        // Dots: white and black; a value shown only when not the default.
        for (class, fill) in [("difference", "white"), ("ratio", "black")] {
            for g in groups(&doc, class) {
                assert_eq!(shapes(g, "circle", Some(("fill", fill))), 1, "{name}");
            }
        }
        for (class, letter) in [("x", "X"), ("v", "V")] {
            for g in groups(&doc, class) {
                let text = g.children().find(|n| n.has_tag_name("text")).unwrap();
                assert_eq!(text.text(), Some(letter), "{name}");
            }
        }
        for g in groups(&doc, "whispers") {
            assert_eq!(shapes(g, "path", Some(("stroke", "#5cc85c"))), 1);
        }
        for g in groups(&doc, "renban") {
            assert_eq!(shapes(g, "path", Some(("stroke", "#b36ae2"))), 1);
        }
        let later: [(&str, Kind); 18] = [
            ("little-killer", |r| matches!(r, Rule::LittleKiller { .. })),
            ("sandwich", |r| matches!(r, Rule::Sandwich { .. })),
            ("x-sum", |r| matches!(r, Rule::XSum { .. })),
            ("skyscraper", |r| matches!(r, Rule::Skyscraper { .. })),
            ("between", |r| matches!(r, Rule::Between(_))),
            ("lockout", |r| matches!(r, Rule::Lockout { .. })),
            ("quadruple", |r| matches!(r, Rule::Quadruple { .. })),
            ("minimum", |r| {
                matches!(r, Rule::Extremum { minimum: true, .. })
            }),
            ("maximum", |r| {
                matches!(r, Rule::Extremum { minimum: false, .. })
            }),
            ("greater-than", |r| matches!(r, Rule::GreaterThan { .. })),
            ("region-sum", |r| matches!(r, Rule::RegionSum { .. })),
            ("palindrome", |r| matches!(r, Rule::Palindrome(_))),
            ("clone", |r| matches!(r, Rule::Clone(..))),
            ("zipper", |r| matches!(r, Rule::Zipper(_))),
            ("double-arrow", |r| matches!(r, Rule::DoubleArrow(_))),
            ("entropic", |r| matches!(r, Rule::Entropic(_))),
            ("modular", |r| matches!(r, Rule::Modular(_))),
            ("nabner", |r| matches!(r, Rule::Nabner(_))),
        ];
        for (class, kind) in later {
            assert_eq!(groups(&doc, class).len(), count(kind), "{name}: {class}");
        }
    }
    // The later rules' details: clues outside the grid with their numbers,
    // circles and diamonds on the ends of lines, a quadruple's digits.
    let (graph, givens) = ruled(&PathBuf::from(shape("every-later-rule.ron")));
    let values = Values {
        givens: &givens,
        solved: None,
    };
    let picture = svg(&graph, values, "every later rule");
    let doc = roxmltree::Document::parse(&picture).unwrap();
    let texts = |class| -> Vec<String> {
        groups(&doc, class)
            .iter()
            .flat_map(|g| g.children().filter(|n| n.has_tag_name("text")))
            .map(|n| n.text().unwrap().to_string())
            .collect()
    };
    assert_eq!(texts("little-killer"), ["40", "45", "20"]);
    assert_eq!(texts("sandwich"), ["10", "35"]);
    assert_eq!(texts("x-sum"), ["17"]);
    assert_eq!(texts("skyscraper"), ["3"]);
    assert_eq!(texts("quadruple"), ["1 2", "3"]);
    for g in groups(&doc, "little-killer") {
        assert_eq!(shapes(g, "path", None), 1, "its arrow");
    }
    assert_eq!(shapes(groups(&doc, "between")[0], "circle", None), 2);
    assert_eq!(shapes(groups(&doc, "double-arrow")[0], "circle", None), 2);
    assert_eq!(shapes(groups(&doc, "lockout")[0], "path", None), 3);
    assert_eq!(shapes(groups(&doc, "clone")[0], "rect", None), 2);
    // The clues stand outside the grid: the grid is drawn inside the room
    // left for them, and the clue above column 1 is above the grid's top.
    let top_clue: f64 = groups(&doc, "sandwich")[1]
        .children()
        .find(|n| n.has_tag_name("text"))
        .and_then(|n| n.attribute("y"))
        .unwrap()
        .parse()
        .unwrap();
    assert!(top_clue < 30.0, "{top_clue}");
    assert!(picture.contains("Green numbers outside: X-sums"));
    // The fixture's details: dots with values, parity shapes, global legends.
    let (graph, givens) = ruled(&PathBuf::from(shape("every-rule.ron")));
    let values = Values {
        givens: &givens,
        solved: None,
    };
    let picture = svg(&graph, values, "every rule");
    let doc = roxmltree::Document::parse(&picture).unwrap();
    let labels = |class| -> Vec<String> {
        groups(&doc, class)
            .iter()
            .flat_map(|g| g.children().filter(|n| n.has_tag_name("text")))
            .map(|n| n.text().unwrap().to_string())
            .collect()
    };
    assert_eq!(labels("difference"), ["2"]);
    assert_eq!(labels("ratio"), ["3"]);
    assert_eq!(shapes(groups(&doc, "odd")[0], "circle", None), 1);
    assert_eq!(shapes(groups(&doc, "even")[0], "rect", None), 1);
    assert_eq!(shapes(groups(&doc, "slow-thermometer")[0], "path", None), 2);
    for line in [
        "Non-consecutive: orthogonal neighbours without a dot are never consecutive",
        "Negative white dots:",
        "Negative black dots:",
        "Negative X and V:",
        "Sum cage (dashed, like a killer cage)",
    ] {
        assert!(picture.contains(line), "{line}");
    }
    // Rules lie under the digits: every rule group comes before the first value.
    let first_value = picture.find(">1</text>").unwrap();
    assert!(picture.rfind("<g class=").unwrap() < first_value);
}

#[test]
fn rules_off_a_grid_are_noted_in_the_legend() {
    let variant = r#"Variant(extends: "pie", name: "Pie with a cage",
        rules: [Killer(cells: ["s1r1", "s2r1"], total: 3)])"#;
    let graph =
        ConstraintGraph::build(&graphdoku::variant::parse(variant, "pie-cage.ron").unwrap())
            .unwrap();
    let picture = svg(
        &graph,
        Values {
            givens: &vec![None; graph.len()],
            solved: None,
        },
        "pie",
    );
    assert!(!picture.contains("<g class=\"killer\">"));
    assert!(picture.contains("Not drawn on this shape: 1 rule on cells"));
}

#[test]
fn rules_render_to_png() {
    // The killer drawn, and the same givens on a plain 9×9: the cages' dashes
    // and totals are thousands of dark pixels more.
    let (killer, givens) = ruled(&common::data("killer.ron"));
    let plain = ConstraintGraph::load("sudoku9").unwrap();
    let dark = |graph: &ConstraintGraph| {
        let values = Values {
            givens: &givens,
            solved: None,
        };
        let bytes = png::png(&svg(graph, values, "killer"), 1.0).unwrap();
        let image = Pixmap::decode_png(&bytes).unwrap();
        image
            .pixels()
            .iter()
            .filter(|p| p.red() < 100 && p.green() < 100 && p.blue() < 100)
            .count()
    };
    let (with, without) = (dark(&killer), dark(&plain));
    assert!(
        with > without + 2000,
        "{with} against {without} dark pixels"
    );
}
