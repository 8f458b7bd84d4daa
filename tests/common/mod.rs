//! Helpers shared by the integration tests: the external data folder, variants
//! that are not built in, and checkers written independently of the library's
//! solver, generator and deduction engine.
#![allow(dead_code)] // each test crate uses some of these

pub mod random_rules;

use std::collections::BTreeSet;
use std::path::PathBuf;

use assert_cmd::Command;
use graphdoku::logic::{Path, Technique};
use graphdoku::variant::{
    CellSpec, CellsSpec, EdgeSpec, HouseSpec, LoadedVariant, SymbolsSpec, VariantSpec,
};
use graphdoku::{ConstraintGraph, Puzzle, Solution};

/// The Project Euler 96 example grid, one line.
pub const EXAMPLE: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// A hand-made jigsaw whose empty board has no solution, which the search
/// cannot show without learnt clauses (see `tests/engine.rs`): a search on it
/// runs until its budget does, where a test needs one to give up.
pub const HOPELESS: &str = r#"Variant(name: "jigsaw", symbols: Chars("123456789"), cells: Grid(rows: 9, cols: 9), houses: [Rows, Columns, Regions(["DBBBBBCCC", "DDAABBBBC", "DAAACCCCC", "DDAEEEFFF", "DAAEEEFFF", "DAGEEEFIF", "DGGGHHFII", "GGHGHHIII", "GGHHHHIII"])])"#;

/// The `graphdoku` binary, ready for arguments.
pub fn graphdoku() -> Command {
    Command::cargo_bin("graphdoku").unwrap()
}

/// A file of the repository's `data/`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

/// `../shared/data`, or `None` (after saying so) when it is absent outside CI.
pub fn shared_data() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{} is missing, and CI=true: the corpus tests must run in CI",
        dir.display()
    );
    skipped(&format!("{} is absent", dir.display()));
    None
}

/// Every file under `folder` (in its subfolders too) whose name ends in
/// `.extension`, sorted.
pub fn files_with_extension(folder: &std::path::Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Says, visibly, that the running test skips its work and why. Written to the
/// process's standard error itself: libtest swallows what a passing test
/// prints with `eprintln!`, and a skip nobody sees passes for a test run.
pub fn skipped(why: &str) {
    use std::io::Write;
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(std::io::stderr(), "note: {test}: skipped: {why}");
}

/// A graph from inline variant RON.
pub fn variant(source: &str) -> ConstraintGraph {
    ConstraintGraph::build(&graphdoku::variant::parse(source, "test").unwrap()).unwrap()
}

/// 9×9 with both main diagonals as houses.
pub fn x_sudoku() -> ConstraintGraph {
    ConstraintGraph::load("x-sudoku").unwrap()
}

/// 9×9 with irregular regions: the catalogue's `jigsaw9`.
pub fn jigsaw() -> ConstraintGraph {
    ConstraintGraph::load("jigsaw9").unwrap()
}

/// Counts proper colourings extending `puzzle`, up to `limit`, by backtracking
/// over the graph's edges (fewest candidates first) with naked and hidden
/// singles propagated. Written for the tests: it shares no code with the
/// library's solver.
pub fn count_colourings(graph: &ConstraintGraph, puzzle: &Puzzle, limit: usize) -> usize {
    let k = graph.alphabet().len();
    let all: u128 = if k == 128 { u128::MAX } else { (1 << k) - 1 };
    let counter = Counter {
        neighbours: (0..graph.len())
            .map(|c| graph.neighbours(c).collect())
            .collect(),
        full_houses: graph
            .houses()
            .iter()
            .filter(|h| h.cells.len() == k)
            .map(|h| h.cells.clone())
            .collect(),
        all,
        limit,
    };
    let mut state = State {
        masks: vec![all; graph.len()],
        open: vec![true; graph.len()],
    };
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(colour) = *given {
            if state.masks[cell] & 1 << colour == 0 {
                return 0;
            }
            counter.assign(&mut state, cell, 1 << colour);
        }
    }
    let mut found = 0;
    counter.walk(state, &mut found);
    found
}

struct Counter {
    neighbours: Vec<Vec<usize>>,
    full_houses: Vec<Vec<usize>>,
    all: u128,
    limit: usize,
}

#[derive(Clone)]
struct State {
    masks: Vec<u128>,
    open: Vec<bool>,
}

impl Counter {
    fn assign(&self, state: &mut State, cell: usize, bit: u128) {
        state.masks[cell] = bit;
        state.open[cell] = false;
        for &n in &self.neighbours[cell] {
            if state.open[n] {
                state.masks[n] &= !bit;
            }
        }
    }

    /// Naked and hidden singles to a fixed point; false on a contradiction.
    fn propagate(&self, state: &mut State) -> bool {
        loop {
            let mut changed = false;
            for cell in 0..state.masks.len() {
                if state.open[cell] {
                    match state.masks[cell].count_ones() {
                        0 => return false,
                        1 => {
                            self.assign(state, cell, state.masks[cell]);
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
            for house in &self.full_houses {
                // Colours seen in one open cell, in two or more, and placed.
                let (mut once, mut twice, mut placed) = (0u128, 0u128, 0u128);
                for &c in house {
                    let mask = state.masks[c];
                    if state.open[c] {
                        twice |= once & mask;
                        once |= mask;
                    } else {
                        placed |= mask;
                    }
                }
                if (once | placed) != self.all {
                    return false;
                }
                let mut hidden = once & !twice & !placed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    let Some(cell) = house
                        .iter()
                        .copied()
                        .find(|&c| state.open[c] && state.masks[c] & bit != 0)
                    else {
                        return false; // an earlier hidden single here took its only cell
                    };
                    self.assign(state, cell, bit);
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn walk(&self, mut state: State, found: &mut usize) {
        if !self.propagate(&mut state) {
            return;
        }
        let open = (0..state.masks.len()).filter(|&c| state.open[c]);
        let Some(cell) = open.min_by_key(|&c| state.masks[c].count_ones()) else {
            *found += 1;
            return;
        };
        let mut options = state.masks[cell];
        while options != 0 && *found < self.limit {
            let bit = options & options.wrapping_neg();
            options ^= bit;
            let mut child = state.clone();
            self.assign(&mut child, cell, bit);
            self.walk(child, found);
        }
    }
}

/// Asserts that `puzzle` has exactly one solution (by [`count_colourings`]) and
/// that removing any orbit of givens (single cells, or a symmetry's orbits)
/// gives it more, as counted up to 2 by `count_to_2`.
pub fn assert_unique_and_minimal(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    orbits: &[Vec<usize>],
    what: &str,
    count_to_2: &dyn Fn(&ConstraintGraph, &Puzzle) -> usize,
) {
    assert_eq!(count_colourings(graph, puzzle, 2), 1, "{what}: not unique");
    for orbit in orbits.iter().filter(|o| puzzle.givens()[o[0]].is_some()) {
        let mut fewer = puzzle.givens().to_vec();
        for &cell in orbit {
            assert!(fewer[cell].is_some(), "{what}: orbit {orbit:?} half given");
            fewer[cell] = None;
        }
        assert_eq!(
            count_to_2(graph, &Puzzle::new(fewer)),
            2,
            "{what}: not minimal: {} can go",
            graph.cells()[orbit[0]].name
        );
    }
}

/// Replays a solution path from the givens, checking each step's claim against
/// the replayed candidates (independently of the deduction engine), that no
/// step removes or contradicts `solution`, and that the path ends at it.
/// Returns the number of guesses.
pub fn replay(graph: &ConstraintGraph, puzzle: &Puzzle, path: &Path, solution: &Solution) -> usize {
    let k = graph.alphabet().len();
    let n = graph.len();
    let houses = graph.houses();
    let truth = solution.colours();
    let mut candidates: Vec<BTreeSet<u8>> = vec![(0..k as u8).collect(); n];
    let mut value: Vec<Option<u8>> = vec![None; n];
    let place = |candidates: &mut Vec<BTreeSet<u8>>,
                 value: &mut Vec<Option<u8>>,
                 cell: usize,
                 colour: u8| {
        assert!(
            candidates[cell].contains(&colour),
            "{} = {colour}: not a candidate",
            graph.cells()[cell].name
        );
        value[cell] = Some(colour);
        candidates[cell] = BTreeSet::from([colour]);
        for other in graph.neighbours(cell) {
            candidates[other].remove(&colour);
        }
    };
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(colour) = *given {
            place(&mut candidates, &mut value, cell, colour);
        }
    }
    let mut guesses = 0;
    for (i, step) in path.steps.iter().enumerate() {
        let at = format!("step {}: {step:?}", i + 1);
        let set: BTreeSet<u8> = step.colours.iter().copied().collect();
        let open = |c: usize| value[c].is_none();
        let has = |c: usize, colour: u8| candidates[c].contains(&colour);
        if let Some((cell, colour)) = step.placed {
            assert_eq!(truth[cell], colour, "{at}: places a wrong value");
            assert!(open(cell), "{at}: the cell is already placed");
        }
        for &(cell, colour) in &step.eliminated {
            assert_ne!(truth[cell], colour, "{at}: removes the solution's value");
            assert!(has(cell, colour) && open(cell), "{at}: removes nothing");
        }
        let size = match step.technique {
            Technique::NakedPair | Technique::HiddenPair => 2,
            _ => 3,
        };
        match step.technique {
            Technique::NakedSingle => {
                let (cell, colour) = step.placed.expect("a single places");
                assert_eq!(candidates[cell], BTreeSet::from([colour]), "{at}");
            }
            Technique::HiddenSingle => {
                let (cell, colour) = step.placed.expect("a single places");
                let house = &houses[step.houses[0]];
                assert_eq!(
                    house.cells.len(),
                    k,
                    "{at}: the house need not hold every symbol"
                );
                assert!(house.cells.contains(&cell), "{at}");
                assert!(
                    house.cells.iter().all(|&c| c == cell || !has(c, colour)),
                    "{at}"
                );
            }
            Technique::LockedCandidates => {
                let (a, b) = (&houses[step.houses[0]], &houses[step.houses[1]]);
                let colour = step.colours[0];
                assert_eq!(
                    a.cells.len(),
                    k,
                    "{at}: the confining house need not hold every symbol"
                );
                let places: Vec<usize> = a
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| has(c, colour))
                    .collect();
                assert_eq!(places, step.cells, "{at}");
                assert!(
                    places.iter().all(|c| b.cells.contains(c) && open(*c)),
                    "{at}"
                );
                for &(cell, removed) in &step.eliminated {
                    assert!(
                        removed == colour && b.cells.contains(&cell) && !a.cells.contains(&cell),
                        "{at}"
                    );
                }
            }
            Technique::NakedPair | Technique::NakedTriple => {
                let house = &houses[step.houses[0]];
                assert_eq!(step.cells.len(), size, "{at}");
                assert!(
                    step.cells
                        .iter()
                        .all(|c| house.cells.contains(c) && open(*c)),
                    "{at}"
                );
                let union: BTreeSet<u8> = step
                    .cells
                    .iter()
                    .flat_map(|&c| candidates[c].iter().copied())
                    .collect();
                assert!(union == set && set.len() == size, "{at}");
                for &(cell, colour) in &step.eliminated {
                    assert!(
                        house.cells.contains(&cell)
                            && !step.cells.contains(&cell)
                            && set.contains(&colour),
                        "{at}"
                    );
                }
            }
            Technique::HiddenPair | Technique::HiddenTriple => {
                let house = &houses[step.houses[0]];
                assert_eq!(
                    house.cells.len(),
                    k,
                    "{at}: the house need not hold every symbol"
                );
                assert!(step.cells.len() == size && set.len() == size, "{at}");
                for &colour in &set {
                    assert!(
                        house
                            .cells
                            .iter()
                            .all(|&c| !has(c, colour) || step.cells.contains(&c)),
                        "{at}"
                    );
                    assert!(
                        house.cells.iter().all(|&c| value[c] != Some(colour)),
                        "{at}"
                    );
                }
                for &(cell, colour) in &step.eliminated {
                    assert!(step.cells.contains(&cell) && !set.contains(&colour), "{at}");
                }
            }
            Technique::Rule => {
                // Checked against the solution above; what the rule allows is
                // `tests/rules_logic.rs`'s to check.
                let used = step.rule.as_ref().expect("a rule step names its rule");
                assert!(used.index < graph.rules().len(), "{at}");
            }
            Technique::Guess => {
                let (cell, colour) = step.placed.expect("a guess places");
                assert!(has(cell, colour), "{at}");
                guesses += 1;
            }
            // The ladder above triples (`tests/grades.rs`): checked against the
            // solution above; each step must change something.
            _ => {
                let (cell, colour) = step
                    .placed
                    .or_else(|| step.eliminated.first().copied())
                    .expect("a step places or removes");
                assert!(has(cell, colour) && open(cell), "{at}: changes nothing");
            }
        }
        for &(cell, colour) in &step.eliminated {
            candidates[cell].remove(&colour);
        }
        if let Some((cell, colour)) = step.placed {
            place(&mut candidates, &mut value, cell, colour);
        }
    }
    let reached: Vec<u8> = value
        .iter()
        .map(|v| v.expect("the path leaves a cell open"))
        .collect();
    assert_eq!(reached, truth, "the path does not end at the solution");
    guesses
}

/// A child process killed when the test ends, however it ends.
pub struct Killed(pub std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `graphdoku serve --port 0`, and the URL it prints on its first line.
pub fn serve() -> (Killed, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_graphdoku"))
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("graphdoku serve starts");
    let mut stdout = child.stdout.take().unwrap();
    let child = Killed(child);
    let mut line = Vec::new();
    let mut byte = [0u8];
    while stdout.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    let line = String::from_utf8(line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    (child, url)
}

/// POSTs `body` to `/api/{endpoint}` of the server at `addr` with its token,
/// as the page does; the HTTP status and the JSON answer.
pub fn api_post(
    addr: std::net::SocketAddr,
    token: &str,
    endpoint: &str,
    body: &serde_json::Value,
) -> (u16, serde_json::Value) {
    use std::io::{Read, Write};
    let body = body.to_string();
    let request = format!(
        "POST /api/{endpoint} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Authorization: Bearer {token}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = (answer.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"));
    let json = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let json = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {answer:?}"));
    (status, json)
}

/// A variant of `n` free cells with `k` symbols, the given edges and houses.
pub fn graph_with_houses(
    n: usize,
    k: usize,
    edges: &[(usize, usize)],
    houses: &[Vec<usize>],
) -> ConstraintGraph {
    let name = |i: usize| format!("v{i}");
    let mut spec = VariantSpec::new(
        "test graph",
        SymbolsSpec::Range(1, k as i64),
        CellsSpec::List(
            (0..n)
                .map(|i| CellSpec {
                    name: name(i),
                    x: 0.0,
                    y: 0.0,
                })
                .collect(),
        ),
    );
    spec.houses = houses
        .iter()
        .enumerate()
        .map(|(i, cells)| HouseSpec::House {
            name: format!("h{i}"),
            cells: cells.iter().map(|&c| name(c)).collect(),
        })
        .collect();
    spec.edges = vec![EdgeSpec::Pairs(
        edges.iter().map(|&(a, b)| (name(a), name(b))).collect(),
    )];
    ConstraintGraph::build(&LoadedVariant::new(spec, "test")).unwrap()
}
