//! The `colour` and `chromatic` commands end to end, on the graphs of
//! `data/graphs/` in the three formats and on generated ones.

mod common;

use common::{data, graphdoku};
use graphdoku::colouring::queen;
use graphdoku::read::read_json_graph;
use predicates::prelude::*;
use std::io::Write;

fn graph(name: &str) -> String {
    data(&format!("graphs/{name}")).display().to_string()
}

/// The n×n queen graph as an edge list in a temporary file.
fn queen_file(n: usize) -> tempfile::NamedTempFile {
    let g = queen(n);
    let mut file = tempfile::NamedTempFile::new().unwrap();
    for &(a, b) in g.edges() {
        writeln!(file, "{} {}", g.name(a as usize), g.name(b as usize)).unwrap();
    }
    file
}

#[test]
fn chromatic_proves_the_petersen_graph_needs_three() {
    graphdoku()
        .args(["chromatic", &graph("petersen.col")])
        .assert()
        .success()
        .stdout(predicate::str::contains("k ≥ 2 (a clique of 2, maximum)"))
        .stdout(predicate::str::contains(
            "k > 2 (no colouring with 2: exhaustive search)",
        ))
        .stdout(predicate::str::contains("proven χ = 3"));
}

#[test]
fn colour_prints_a_checked_colouring_or_the_clique_that_forbids_it() {
    let out = graphdoku()
        .args(["colour", &graph("exams.txt"), "-k", "3"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines = String::from_utf8(out).unwrap();
    assert_eq!(lines.lines().count(), 7);
    assert!(lines.starts_with("algebra "));
    graphdoku()
        .args(["colour", &graph("exams.txt"), "-k", "2"])
        .assert()
        .code(1)
        .stdout("no colouring with 2 colours: these 3 vertices are pairwise adjacent: algebra physics chemistry\n");
}

#[test]
fn json_output_is_a_proper_colouring_keeping_the_precolouring_and_lists() {
    let out = graphdoku()
        .args(["colour", &graph("map.json"), "-k", "4", "-f", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let map = std::fs::read(graph("map.json")).unwrap();
    let g = read_json_graph(map.as_slice(), "map.json").unwrap();
    let colouring: Vec<u32> = (0..g.len())
        .map(|v| value["colouring"][g.name(v).as_ref()].as_u64().unwrap() as u32 - 1)
        .collect();
    g.check(&colouring).unwrap();
    assert_eq!(value["colouring"]["France"], 1);
    let classes = value["classes"].as_array().unwrap();
    assert_eq!(classes.len(), value["colours"].as_u64().unwrap() as usize);
    graphdoku()
        .args(["colour", &graph("map.json"), "-k", "3"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("pairwise adjacent"));
}

#[test]
fn dot_output_fills_the_vertices() {
    graphdoku()
        .args(["colour", &graph("petersen.col"), "-k", "3", "-f", "dot"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("graph colouring {"))
        .stdout(predicate::str::contains("\"1\" -- \"2\";"))
        .stdout(predicate::str::contains("fillcolor="));
}

#[test]
fn errors_name_file_line_and_column() {
    graphdoku()
        .args(["colour", "-"])
        .write_stdin("p edge 3 2\ne 1 2\ne 2 4\n")
        .assert()
        .code(2)
        .stderr("error: -:3:5: vertex 4 is not in 1..3\n");
    // Forced to read DIMACS as an edge list, the `p` line has too many names.
    graphdoku()
        .args([
            "chromatic",
            "--input-format",
            "edges",
            &graph("petersen.col"),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("petersen.col:1:7: expected `U V`"));
    graphdoku()
        .args(["colour", "-"])
        .write_stdin("{\"nodes\": [\"a\"],\n \"edges\": [[\"a\", \"b\"]]}")
        .assert()
        .code(2)
        .stderr("error: -:2:18: edge 1: no node `b` in `nodes`\n");
}

#[test]
fn limits_give_up_with_status_5_and_the_bounds() {
    let file = queen_file(8);
    let path = file.path().to_str().unwrap();
    graphdoku()
        .args(["chromatic", path, "--max-nodes", "1"])
        .assert()
        .code(5)
        .stdout(predicate::str::contains("9 ≤ χ ≤ 9").not())
        .stdout(predicate::str::contains(
            "8 ≤ χ ≤ 9 (the search budget ran out",
        ));
    graphdoku()
        .args(["colour", path, "-k", "8", "--max-nodes", "1"])
        .assert()
        .code(5)
        .stdout("gave up: the search budget ran out\n");
    graphdoku()
        .args(["chromatic", path, "--heuristic"])
        .assert()
        .code(5)
        .stdout(predicate::str::contains("8 ≤ χ ≤ 9 (heuristic mode"));
    graphdoku()
        .args(["colour", path, "-k", "9"])
        .assert()
        .success()
        .stderr(predicate::str::contains("of 9 colours"));
}

/// A temporary graph file holding `text`.
fn graph_file(text: &str, suffix: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::Builder::new().suffix(suffix).tempfile().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    file
}

#[test]
fn sizes_beyond_the_limits_are_errors_with_a_place_not_aborts() {
    let huge = graph_file("p edge 4000000000 1\ne 1 2\n", ".col");
    graphdoku()
        .args(["colour", huge.path().to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            ":1:8: 4000000000 vertices: at most 8388608 are supported",
        ));
    let colour = graph_file(
        r#"{"nodes":[{"id":"a","colour":4000000000},"b"],"edges":[["a","b"]]}"#,
        ".json",
    );
    graphdoku()
        .args(["colour", colour.path().to_str().unwrap(), "-f", "json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "colours are numbers from 1 to 65536",
        ));
}

#[test]
fn empty_and_missing_graphs_are_invalid_and_unreadable() {
    let empty = graph_file("# no edges yet\n", ".txt");
    graphdoku()
        .args(["chromatic", empty.path().to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no vertices: nothing to colour"));
    graphdoku()
        .args(["colour", "no/such/graph.col"])
        .assert()
        .code(6)
        .stderr(predicate::str::contains("cannot read no/such/graph.col"));
}

#[test]
fn a_precolouring_that_forbids_every_colouring_is_no_solution() {
    let clash = graph_file(
        r#"{"nodes":[{"id":"a","colour":1},{"id":"b","colour":1}],"edges":[["a","b"]]}"#,
        ".json",
    );
    let path = clash.path().to_str().unwrap();
    for command in ["colour", "chromatic"] {
        graphdoku()
            .args([command, path])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("gave up").not());
    }
}

#[test]
fn chromatic_with_a_format_prints_the_colouring_alone_on_stdout() {
    let out = graphdoku()
        .args(["chromatic", &graph("petersen.col"), "-f", "json"])
        .assert()
        .success()
        .stderr(predicate::str::contains("proven χ = 3"))
        .get_output()
        .stdout
        .clone();
    let value: serde_json::Value = serde_json::from_slice(&out).expect("stdout is one JSON value");
    assert_eq!(value["colours"], 3);
}

/// What `graph -f json` writes (nodes by `name`, edges as `{a, b, reason}`)
/// reads back as a general graph: sudoku4's graph colours with 4 and needs 4.
#[test]
fn graph_json_output_reads_back_as_a_general_graph() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sudoku4.json");
    let json = graphdoku()
        .args(["graph", "sudoku4", "-f", "json"])
        .output()
        .unwrap();
    assert!(json.status.success());
    std::fs::write(&file, &json.stdout).unwrap();
    let graph = read_json_graph(&json.stdout[..], "sudoku4.json").unwrap();
    assert_eq!(graph.len(), 16);
    assert_eq!(graph.edges().len(), 56);
    graphdoku()
        .args(["colour", file.to_str().unwrap(), "-k", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("r4c4"));
    graphdoku()
        .args(["chromatic", file.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("proven χ = 4"));
}

/// Counts of one are singular: "1 edge", "1 colour", "1 vertex".
#[test]
fn counts_of_one_are_singular() {
    let one_edge = graph_file("a b\n", ".txt");
    let one_edge = one_edge.path().to_str().unwrap();
    graphdoku()
        .args(["chromatic", one_edge])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("2 vertices, 1 edge\n"));
    graphdoku()
        .args(["colour", one_edge, "-k", "1"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("no colouring with 1 colour: "));
    let lone = graph_file("a\n", ".txt");
    let lone = lone.path().to_str().unwrap();
    graphdoku()
        .args(["chromatic", lone])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("1 vertex, 0 edges\n"));
    graphdoku()
        .args(["colour", lone, "-k", "1"])
        .assert()
        .success()
        .stderr("coloured with 1 of 1 colour by DSATUR, checked\n");
    graphdoku()
        .args(["colour", lone])
        .assert()
        .success()
        .stderr(predicate::str::contains("coloured with 1 colour by"));
}

/// A puzzle file handed to a graph command is refused, saying what it reads
/// as, not coloured as a graph of lone vertices (χ = 1); the format given
/// explicitly reads it all the same.
#[test]
fn puzzle_files_are_not_graphs() {
    for (file, reads_as) in [
        ("euler-example.txt", "(sudoku9)"),
        ("sudoku16-45pct.txt", "(sudoku16)"),
        ("samurai.ron", "(a RON file)"),
    ] {
        for command in ["chromatic", "colour"] {
            graphdoku()
                .arg(command)
                .arg(data(file))
                .assert()
                .code(2)
                .stdout("")
                .stderr(
                    predicate::str::contains(format!(
                        "reads as a puzzle file {reads_as}, not a graph"
                    ))
                    .and(predicate::str::contains("graphdoku solve")),
                );
        }
    }
    graphdoku()
        .args(["chromatic", "--input-format", "edges"])
        .arg(data("euler-example.txt"))
        .assert()
        .code(0);
}
