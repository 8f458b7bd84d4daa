//! The fuzz targets: every reader and loader, and the solver on small random
//! graphs, each with the properties its output must have.

use std::path::{Path, PathBuf};

use graphdoku::read::{read_ron_puzzle, read_ron_puzzles, read_text};
use graphdoku::{Budget, ConstraintGraph, Puzzle, PuzzleReader, Record, Solver, verify};

use crate::common;
use crate::harness::{Outcome, Target};
use crate::mutate::Rng;

/// Nodes a search of a fuzzed puzzle may take: enough to solve most, few
/// enough to keep thousands of inputs a second.
const NODES: u64 = 500;

/// Puzzles of graphs up to this many cells are solved (bigger ones cost
/// milliseconds even within the budget, and the solver has its own tests).
const SOLVED_CELLS: usize = 512;

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file of `dir` whose name ends with `ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    found.retain(|p| p.to_string_lossy().ends_with(ext));
    found.sort();
    found
}

/// The first `lines` lines of `path`, or nothing when it is absent.
fn head(path: &Path, lines: usize) -> Option<Vec<u8>> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        text.lines()
            .take(lines)
            .flat_map(|l| l.bytes().chain(Some(b'\n')))
            .collect(),
    )
}

/// The variants the text target reads with (named on the input's first line).
const TEXT_VARIANTS: &[&str] = &[
    "sudoku9",
    "sudoku4",
    "sudoku6",
    "sudoku8",
    "sudoku12",
    "sudoku16",
    "sudoku25",
    "sudoku36",
    "latin9",
    "jigsaw9",
    "x-sudoku",
    "windoku",
    "anti-king",
    "samurai",
    "pie",
];

/// The variant a data file's puzzles are written for.
fn variant_of(file: &str) -> &'static str {
    let stem = file.split(['.', '-']).next().unwrap_or("");
    match file {
        f if f.starts_with("x-sudoku") => "x-sudoku",
        f if f.starts_with("anti-king") => "anti-king",
        f if f.starts_with("anti-knight") => "anti-king",
        f if f.starts_with("euler") || f.starts_with("text-clash") => "sudoku9",
        _ => TEXT_VARIANTS
            .iter()
            .find(|v| **v == stem)
            .copied()
            .unwrap_or("sudoku9"),
    }
}

/// Text inputs: the repository's text puzzles, Project Euler blocks and the
/// benchmark lines of `../shared/data` when present, and each puzzle drawn as
/// `solve` prints it (a grid to paste back). Each starts with a line naming
/// the variant to read it with.
fn text_seeds(graphs: &[(&str, ConstraintGraph)]) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    let mut add = |variant: &str, body: &[u8]| {
        let mut seed = format!("{variant}\n").into_bytes();
        seed.extend_from_slice(body);
        seeds.push(seed);
    };
    let root = manifest();
    let mut sources: Vec<PathBuf> = files(&root.join("data"), ".txt");
    sources.extend(files(&root.join("tests/broken"), ".txt"));
    for path in &sources {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let variant = variant_of(&name);
        // Millions of reads of whole files would be slow: the first puzzle or
        // two (the grid blocks of the biggest boards are longer).
        let Some(body) = head(path, 24) else { continue };
        add(variant, &body);
        let graph = &graphs.iter().find(|(n, _)| *n == variant).unwrap().1;
        for record in PuzzleReader::new(graph, &body[..], &name).take(2) {
            if let Ok(puzzle) = record.puzzle {
                add(
                    variant,
                    graphdoku::write::text::drawing(graph, puzzle.givens()).as_bytes(),
                );
                add(
                    variant,
                    graphdoku::write::text::line(graph, puzzle.givens()).as_bytes(),
                );
            }
        }
    }
    let shared = root.join("../shared/data");
    if let Some(euler) = head(&shared.join("euler96/p096_sudoku.txt"), 50) {
        add("sudoku9", &euler);
    }
    for bench in ["bench/17-clue.txt", "bench/top1465.txt"] {
        if let Some(lines) = head(&shared.join(bench), 12) {
            add("sudoku9", &lines);
        }
    }
    // A .sdk-style pasted grid and a boxed one with `+---+` rules.
    add(
        "sudoku9",
        b"[Puzzle]\n..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n7.......8\n..67.82..\n..26.95..\n8..2.3..9\n..5.1.3..\n",
    );
    add(
        "sudoku4",
        b"+-----+-----+\n| 1 . | . 4 |\n| . 4 | . . |\n+-----+-----+\n| . 3 | . . |\n| 2 . | . 1 |\n+-----+-----+\n",
    );
    seeds
}

/// The properties of a record read against `graph`: a puzzle fits the graph,
/// reads back from the line written for it, and any solution found verifies.
fn check_record(graph: &ConstraintGraph, record: &Record, solve: bool) -> Result<bool, String> {
    let Ok(puzzle) = &record.puzzle else {
        return Ok(false);
    };
    if puzzle.givens().len() != graph.len() {
        return Err(format!(
            "{}: a puzzle of {} cells",
            record.label,
            puzzle.givens().len()
        ));
    }
    puzzle
        .check(graph)
        .map_err(|e| format!("{}: a puzzle read that does not fit: {e}", record.label))?;
    let line = graphdoku::write::text::line(graph, puzzle.givens());
    let again: Vec<Record> = PuzzleReader::new(graph, line.as_bytes(), "again").collect();
    match &again[..] {
        [one] if one.puzzle.as_ref() == Ok(puzzle) => {}
        _ => {
            return Err(format!(
                "{}: the line written does not read back: {line:?}",
                record.label
            ));
        }
    }
    if solve && graph.len() <= SOLVED_CELLS {
        let solver = Solver::new(graph).with_budget(Budget::unlimited().nodes(NODES));
        let count = solver.count_solutions(puzzle, 1);
        if let Some(first) = &count.first {
            verify(graph, puzzle, first)
                .map_err(|v| format!("{}: a wrong solution: {v}", record.label))?;
        }
        if count.solutions > 0 && count.first.is_none() {
            return Err(format!("{}: solutions counted, none kept", record.label));
        }
    }
    Ok(true)
}

/// Splits an input into the variant named on its first line and the rest.
fn variant_line<'a, 'g>(
    graphs: &'g [(&str, ConstraintGraph)],
    input: &'a [u8],
) -> (&'g ConstraintGraph, &'a [u8]) {
    let end = input
        .iter()
        .position(|&b| b == b'\n')
        .unwrap_or(input.len());
    let (name, body) = (&input[..end], &input[(end + 1).min(input.len())..]);
    let graph = graphs
        .iter()
        .find(|(n, _)| n.as_bytes() == name)
        .unwrap_or_else(|| &graphs[name.iter().map(|&b| b as usize).sum::<usize>() % graphs.len()]);
    (&graph.1, body)
}

/// The graphs of [`TEXT_VARIANTS`].
fn text_graphs() -> Vec<(&'static str, ConstraintGraph)> {
    TEXT_VARIANTS
        .iter()
        .map(|v| (*v, ConstraintGraph::load(v).unwrap()))
        .collect()
}

/// Lines, Project Euler blocks and pasted grids, read as one of several variants.
pub fn text() -> Target {
    let graphs = text_graphs();
    let seeds = text_seeds(&graphs);
    text_target("text", graphs, seeds)
}

/// One puzzle per line, the batch format: single lines of every variant's
/// puzzles and of the benchmark collections (cheap inputs, so the most of them).
pub fn lines() -> Target {
    let graphs = text_graphs();
    let mut seeds: Vec<Vec<u8>> = text_seeds(&graphs)
        .into_iter()
        .filter(|s| s.iter().filter(|&&b| b == b'\n').count() == 1)
        .collect();
    let shared = manifest().join("../shared/data/bench");
    for bench in ["17-clue.txt", "top1465.txt"] {
        if let Ok(text) = std::fs::read_to_string(shared.join(bench)) {
            // Every 97th line: a few hundred different puzzles.
            for line in text.lines().step_by(97) {
                seeds.push(format!("sudoku9\n{line}\n").into_bytes());
            }
        }
    }
    text_target("lines", graphs, seeds)
}

/// A target reading its inputs with [`PuzzleReader`], each as the variant
/// named on its first line.
fn text_target(
    name: &'static str,
    graphs: Vec<(&'static str, ConstraintGraph)>,
    seeds: Vec<Vec<u8>>,
) -> Target {
    Target {
        name,
        seeds,
        run: Box::new(move |input| {
            let (graph, body) = variant_line(&graphs, input);
            let lines = body.iter().filter(|&&b| b == b'\n').count() + 1;
            let mut records = 0;
            let mut accepted = false;
            for record in PuzzleReader::new(graph, body, "fuzz.txt") {
                records += 1;
                if record.location.file != "fuzz.txt" {
                    return Err(format!("a record located in {}", record.location.file));
                }
                // Solving every puzzle of a big input would be slow: the first.
                accepted |= check_record(graph, &record, records == 1)?;
            }
            if records > lines {
                return Err(format!("{records} records from {lines} lines"));
            }
            Ok(if accepted {
                Outcome::Accepted
            } else {
                Outcome::Refused
            })
        }),
    }
}

/// RON puzzle files (one document or several), read as if in `data/`, where the
/// variants they name by path are found.
pub fn ron_puzzles() -> Target {
    let root = manifest();
    let mut seeds: Vec<Vec<u8>> = files(&root.join("data"), ".ron")
        .into_iter()
        .chain(
            files(&root.join("tests/broken"), ".ron")
                .into_iter()
                .filter(|p| {
                    p.file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with("puzzle-")
                }),
        )
        .filter_map(|p| std::fs::read(p).ok())
        .collect();
    seeds.push(
        br#"Puzzle(variant: "sudoku4", givens: Rows(["1...", "....", "....", "...."]))
Puzzle(variant: "sudoku4", name: "two", givens: Cells({"r1c1": "2", "r4c4": "3"}))
Puzzle(variant: "x-sudoku", givens: Cells({}))
"#
        .to_vec(),
    );
    let path = root.join("data/fuzz.ron").to_string_lossy().to_string();
    Target {
        name: "ron-puzzle",
        seeds,
        run: Box::new(move |input| {
            let text = match read_text(input, &path) {
                Ok(text) => text,
                Err(_) => return Ok(Outcome::Refused),
            };
            let expected =
                std::str::from_utf8(input).map(|t| t.strip_prefix('\u{feff}').unwrap_or(t));
            if expected != Ok(&text[..]) {
                return Err("read_text changed the text".into());
            }
            let read = match read_ron_puzzles(&text, &path) {
                Ok(read) => read,
                Err(_) => return Ok(Outcome::Refused),
            };
            let mut accepted = false;
            for (i, (index, record)) in read.records.iter().enumerate() {
                match index {
                    Some(g) => {
                        let graph = read.graphs.get(*g).ok_or("a graph index out of range")?;
                        accepted |= check_record(graph, record, i == 0)?;
                    }
                    None if record.puzzle.is_ok() => return Err("a puzzle without a graph".into()),
                    None => {}
                }
            }
            if read.records.len() == 1 {
                // The one-document reader must agree.
                let single = read_ron_puzzle(&text, &path).map(|(_, r)| r.puzzle);
                let many = &read.records[0].1.puzzle;
                if single.as_ref().ok().map(|p| p.is_ok()) != Some(many.is_ok()) && many.is_ok() {
                    return Err("read_ron_puzzle and read_ron_puzzles disagree".into());
                }
            }
            Ok(if accepted {
                Outcome::Accepted
            } else {
                Outcome::Refused
            })
        }),
    }
}

/// Variant files, read as if in `variants/` (where `extends` finds files), built
/// into graphs and searched briefly.
pub fn variants() -> Target {
    let root = manifest();
    let mut seeds: Vec<Vec<u8>> = files(&root.join("variants"), ".ron")
        .into_iter()
        .chain(files(&root.join("tests/broken"), ".ron"))
        .filter(|p| {
            !p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("puzzle-")
        })
        .filter_map(|p| std::fs::read(p).ok())
        // The biggest boards cost milliseconds each to build: keep to the rest.
        .filter(|s| !String::from_utf8_lossy(s).contains("box_size: 7"))
        .collect();
    for extra in [
        "Sudoku(box_size: 2)",
        "Sudoku(box_rows: 2, box_cols: 3)",
        "Latin(size: 5)",
        r#"Variant(extends: "sudoku4", houses: [Diagonals], edges: [Knight])"#,
        r#"Variant(name: "k4", symbols: Range(1, 3), cells: List([Cell(name: "a", x: 0, y: 0), Cell(name: "b", x: 1, y: 0)]), houses: [House(name: "h", cells: ["a", "b"])], edges: [Pairs([("a", "b")])])"#,
    ] {
        seeds.push(extra.as_bytes().to_vec());
    }
    let origin = root.join("variants/fuzz.ron").to_string_lossy().to_string();
    Target {
        name: "variant",
        seeds,
        run: Box::new(move |input| {
            let Ok(text) = read_text(input, &origin) else {
                return Ok(Outcome::Refused);
            };
            let Ok(loaded) = graphdoku::variant::parse(&text, &origin) else {
                return Ok(Outcome::Refused);
            };
            let Ok(graph) = ConstraintGraph::build(&loaded) else {
                return Ok(Outcome::Refused);
            };
            let n = graph.len();
            for (i, house) in graph.houses().iter().enumerate() {
                let mut cells = house.cells.clone();
                cells.sort_unstable();
                cells.dedup();
                if cells.len() != house.cells.len() || cells.last().is_some_and(|&c| c >= n) {
                    return Err(format!(
                        "house {i} repeats a cell or names one out of range"
                    ));
                }
                if house.cells.len() > graph.alphabet().len() {
                    return Err(format!("house {i} is larger than the alphabet"));
                }
            }
            for cell in 0..n.min(64) {
                for other in graph.neighbours(cell) {
                    if other == cell || !graph.adjacent(other, cell) {
                        return Err(format!("edge {cell}-{other} is a loop or one-way"));
                    }
                }
            }
            let _ = graphdoku::lint::warnings(&graph);
            if n <= 4096 {
                let empty = Puzzle::empty(n);
                let solver = Solver::new(&graph).with_budget(Budget::unlimited().nodes(200));
                if let Some(first) = solver.count_solutions(&empty, 1).first {
                    verify(&graph, &empty, &first).map_err(|v| format!("a wrong solution: {v}"))?;
                }
            }
            Ok(Outcome::Accepted)
        }),
    }
}

/// Takes bytes as the choices of a small colouring problem (as `arbitrary`
/// does): cells, colours, houses, extra edges and givens.
struct Choices<'a>(&'a [u8], usize);

impl Choices<'_> {
    fn take(&mut self, n: usize) -> usize {
        let byte = self.0.get(self.1).copied().unwrap_or(0);
        self.1 += 1;
        byte as usize % n
    }
}

/// A small colouring problem decoded from bytes: `n` cells, `k` colours.
pub struct SmallGraph {
    n: usize,
    k: usize,
    houses: Vec<Vec<usize>>,
    edges: Vec<(usize, usize)>,
    givens: Vec<Option<u8>>,
}

impl SmallGraph {
    /// Decodes `bytes`; every byte string gives a problem.
    pub fn decode(bytes: &[u8]) -> Self {
        let mut c = Choices(bytes, 0);
        let n = 1 + c.take(12);
        let k = 1 + c.take(6);
        let houses = (0..c.take(5))
            .map(|_| {
                let mut cells: Vec<usize> = (0..1 + c.take(k)).map(|_| c.take(n)).collect();
                cells.sort_unstable();
                cells.dedup();
                cells
            })
            .collect();
        let edges = (0..c.take(16))
            .map(|_| (c.take(n), c.take(n)))
            .filter(|(a, b)| a != b)
            .collect();
        let givens = (0..n)
            .map(|_| {
                if c.take(4) == 0 {
                    Some(c.take(k) as u8)
                } else {
                    None
                }
            })
            .collect();
        SmallGraph {
            n,
            k,
            houses,
            edges,
            givens,
        }
    }

    /// The graph, built through a variant as a user's would be.
    pub fn graph(&self) -> ConstraintGraph {
        common::graph_with_houses(self.n, self.k, &self.edges, &self.houses)
    }
}

/// The solver on small random graphs: counts equal an independent count, every
/// solution verifies and is distinct, "none" agrees, both candidate stores agree.
pub fn solver() -> Target {
    let mut rng = Rng::new(7);
    let seeds = (0..64)
        .map(|_| (0..64).map(|_| rng.next() as u8).collect())
        .collect();
    Target {
        name: "solver",
        seeds,
        run: Box::new(|input| {
            let small = SmallGraph::decode(input);
            let graph = small.graph();
            let puzzle = Puzzle::new(small.givens.clone());
            let expected = common::count_colourings(&graph, &puzzle, 1000) as u64;
            for (store, solver) in [
                ("bitboards", Solver::new(&graph)),
                ("cells", Solver::cell_major(&graph)),
            ] {
                let count = solver.count(&puzzle, 1000);
                if count != expected {
                    return Err(format!(
                        "{store}: {count} solutions counted, {expected} by brute force"
                    ));
                }
                match (solver.solve(&puzzle), expected) {
                    (None, 0) => {}
                    (Some(s), e) if e > 0 => verify(&graph, &puzzle, &s)
                        .map_err(|v| format!("{store}: wrong solution: {v}"))?,
                    (found, _) => {
                        return Err(format!(
                            "{store}: solve found {found:?}, brute force {expected}"
                        ));
                    }
                }
                let mut seen = std::collections::HashSet::new();
                for solution in solver.search(&puzzle).take(64) {
                    verify(&graph, &puzzle, &solution)
                        .map_err(|v| format!("{store}: search gave a wrong solution: {v}"))?;
                    if !seen.insert(solution) {
                        return Err(format!("{store}: search gave a solution twice"));
                    }
                }
                if seen.len() as u64 != expected.min(64) {
                    return Err(format!(
                        "{store}: search gave {}, expected {expected}",
                        seen.len()
                    ));
                }
            }
            Ok(if expected > 0 {
                Outcome::Accepted
            } else {
                Outcome::Refused
            })
        }),
    }
}

/// Every target.
pub fn all() -> Vec<Target> {
    vec![lines(), text(), ron_puzzles(), variants(), solver()]
}
