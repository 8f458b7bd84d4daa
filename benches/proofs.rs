//! The SAT back end: impossible jigsaw maps and chromatic numbers, each side by
//! side with plain CaDiCaL on a direct encoding, in one run.
//!
//! ```text
//! cargo bench --bench proofs                     # jigsaws (20,000 maps) and graphs
//! cargo bench --bench proofs -- --maps N         # N maps
//! cargo bench --bench proofs -- --dimacs DIR     # also DIR's DSJC125.9.col, flat300_20_0.col, …
//! cargo bench --bench proofs -- --jigsaws        # the jigsaws only
//! ```
//!
//! **Jigsaws.** Random 9×9 region maps grown from the boxes by swapping border
//! cells between regions, every region kept connected (seeded: the same maps
//! on every run), as empty boards; from near-boxes (40 swaps) to shuffled
//! beyond recognition (400), where most maps have no solution. graphdoku
//! asks them as `solve` does ([`prove::answer`]: the search within its
//! hand-off budget, then the SAT back end), 2 s in all. Plain CaDiCaL gets
//! the standard direct encoding of Sudoku (exactly one symbol per cell, each
//! symbol exactly once per row, column and region), 2 s. A map is invalid
//! when either proves it has no solution. Nearly every random map has a
//! solution the search finds at once: the collection is the maps among
//! 20,000 that a search of 1,000 nodes does not solve.
//!
//! **Graphs.** `chromatic` as the command runs it (clique, DSATUR, tabu
//! search, the exact search under the hand-off budget, then `prove::close`: the
//! lower bounds, the exact cover, branch and bound, SAT bottom-up),
//! 60 s, and plain CaDiCaL asked k = χ − 1 (the refutation) on the direct
//! encoding with no symmetry breaking, 60 s.

use std::time::{Duration, Instant};

use graphdoku::colouring::{self, Effort, mycielski, queen};
use graphdoku::prove::{self, Closing, Engine, Question};
use graphdoku::read::{GraphFormat, read_graph};
use graphdoku::{Budget, ConstraintGraph, PlainGraph, Puzzle, Solver, variant};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// The limit of one map.
const MAP_SECONDS: f64 = 2.0;

/// Nodes of the search that screens maps for the collection.
const SCREEN_NODES: u64 = 1_000;

/// The limit of one graph.
const GRAPH_SECONDS: u64 = 60;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let maps: usize = value("--maps")
        .and_then(|m| m.parse().ok())
        .unwrap_or(20_000);
    jigsaws(maps);
    if args.iter().any(|a| a == "--jigsaws") {
        return;
    }
    graphs(value("--dimacs"));
}

/// A random jigsaw region map: the 3×3 boxes reshaped by `swaps` exchanges of
/// two cells of different regions, each next to the other's region, that keep
/// both regions connected.
fn random_regions(rng: &mut ChaCha8Rng, swaps: usize) -> Vec<Vec<u8>> {
    let mut map: Vec<Vec<u8>> = (0..9)
        .map(|r| (0..9).map(|c| (r / 3 * 3 + c / 3) as u8).collect())
        .collect();
    let steps = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let near = |(r, c): (usize, usize)| {
        steps.iter().filter_map(move |(dr, dc)| {
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            ((0..9).contains(&nr) && (0..9).contains(&nc)).then_some((nr as usize, nc as usize))
        })
    };
    let connected = |map: &Vec<Vec<u8>>, region: u8| {
        let cells: Vec<(usize, usize)> = (0..81)
            .map(|i| (i / 9, i % 9))
            .filter(|&(r, c)| map[r][c] == region)
            .collect();
        let mut seen = vec![cells[0]];
        let mut i = 0;
        while i < seen.len() {
            for next in near(seen[i]) {
                if map[next.0][next.1] == region && !seen.contains(&next) {
                    seen.push(next);
                }
            }
            i += 1;
        }
        seen.len() == cells.len()
    };
    let mut done = 0;
    while done < swaps {
        let mut cell = || ((rng.next_u32() % 9) as usize, (rng.next_u32() % 9) as usize);
        let (a, b) = (cell(), cell());
        let (ra, rb) = (map[a.0][a.1], map[b.0][b.1]);
        let touches =
            |map: &Vec<Vec<u8>>, region: u8, at| near(at).any(|(r, c)| map[r][c] == region);
        if ra == rb || !touches(&map, rb, a) || !touches(&map, ra, b) {
            continue;
        }
        map[a.0][a.1] = rb;
        map[b.0][b.1] = ra;
        if connected(&map, ra) && connected(&map, rb) {
            done += 1;
        } else {
            map[a.0][a.1] = ra;
            map[b.0][b.1] = rb;
        }
    }
    map
}

/// The jigsaw variant of a region map.
fn jigsaw(map: &[Vec<u8>]) -> ConstraintGraph {
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
    ConstraintGraph::build(&variant::parse(&ron, "bench").unwrap()).unwrap()
}

/// What one engine said of one map, and when.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Said {
    Solved(f64),
    Refuted(f64),
    Lost,
}

/// graphdoku as `solve` asks: the search within the hand-off budget, then
/// SAT; and whether SAT settled it.
fn ours(graph: &ConstraintGraph) -> (Said, bool) {
    let empty = Puzzle::empty(graph.len());
    let start = Instant::now();
    let budget = Budget::unlimited().time(Duration::from_secs_f64(MAP_SECONDS));
    let answer = prove::answer(graph, &empty, Question::First, budget).unwrap();
    let seconds = start.elapsed().as_secs_f64();
    let said = match (answer.gave_up, answer.first.is_some()) {
        (true, _) => Said::Lost,
        (false, true) => Said::Solved(seconds),
        (false, false) => Said::Refuted(seconds),
    };
    (said, answer.settled_by == Some(Engine::Sat))
}

/// CaDiCaL on the standard direct encoding of Sudoku, stopped at the limit:
/// one variable per cell and symbol; each cell holds exactly one symbol,
/// each house each symbol exactly once (pairwise at-most-one clauses; at
/// least once in a house of as many cells as symbols).
fn plain_cadical(graph: &ConstraintGraph) -> Said {
    let k = graph.alphabet().len();
    let var = |cell: usize, colour: usize| (cell * k + colour + 1) as i32;
    let mut sat: cadical::Solver = cadical::Solver::new();
    let start = Instant::now();
    let exactly_one = |sat: &mut cadical::Solver, lits: &[i32]| {
        if lits.len() == k {
            sat.add_clause(lits.iter().copied());
        }
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                sat.add_clause([-a, -b]);
            }
        }
    };
    for cell in 0..graph.len() {
        let lits: Vec<i32> = (0..k).map(|c| var(cell, c)).collect();
        exactly_one(&mut sat, &lits);
    }
    for house in graph.houses() {
        for c in 0..k {
            let lits: Vec<i32> = house.cells.iter().map(|&cell| var(cell, c)).collect();
            exactly_one(&mut sat, &lits);
        }
    }
    sat.set_callbacks(Some(cadical::Timeout::new(MAP_SECONDS as f32)));
    let answer = sat.solve();
    let seconds = start.elapsed().as_secs_f64();
    match answer {
        Some(true) => Said::Solved(seconds),
        Some(false) => Said::Refuted(seconds),
        None => Said::Lost,
    }
}

fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    match times.len() {
        0 => f64::NAN,
        n => times[n / 2],
    }
}

fn jigsaws(maps: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(2121);
    let (mut valid, mut invalid, mut unknown, mut handed) = (0, 0, 0, 0);
    // Per engine: refuted within the limit, times of the invalid maps (the limit when lost).
    let mut refuted = [0usize; 2];
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut collected = 0;
    for _ in 0..maps {
        // 40 to 400 swaps: from near-boxes to maps shuffled beyond recognition.
        let swaps = 40 + (rng.next_u32() % 361) as usize;
        let graph = jigsaw(&random_regions(&mut rng, swaps));
        // The collection: the maps a short search does not solve (nearly
        // every map has a solution found at once; the invalid ones hide
        // among the rest).
        let screen = Solver::new(&graph).with_budget(Budget::unlimited().nodes(SCREEN_NODES));
        if screen.solve(&Puzzle::empty(graph.len())).is_some() {
            continue;
        }
        collected += 1;
        let (a, by_sat) = ours(&graph);
        let b = plain_cadical(&graph);
        handed += by_sat as usize;
        let either = [a, b];
        if either.iter().any(|s| matches!(s, Said::Solved(_))) {
            assert!(
                !either.iter().any(|s| matches!(s, Said::Refuted(_))),
                "engines disagree"
            );
            valid += 1;
            continue;
        }
        if !either.iter().any(|s| matches!(s, Said::Refuted(_))) {
            unknown += 1;
            continue;
        }
        invalid += 1;
        for (i, said) in either.iter().enumerate() {
            match *said {
                Said::Refuted(t) => {
                    refuted[i] += 1;
                    times[i].push(t);
                }
                _ => times[i].push(MAP_SECONDS),
            }
        }
    }
    println!(
        "Jigsaw maps: of {maps} random maps (seed 2121), the {collected} that a search of \
         {SCREEN_NODES} nodes does not solve, as empty boards: {valid} valid, {invalid} invalid, \
         {unknown} unsettled by both; {handed} settled by SAT after graphdoku's search (> {} nodes)\n",
        prove::hand_off_nodes(&jigsaw(&random_regions(&mut rng, 0)))
    );
    println!("| engine | invalid refuted within {MAP_SECONDS} s | median (s) | worst (s) |");
    println!("|---|---|---|---|");
    for (i, name) in [
        "graphdoku (search, then SAT)",
        "CaDiCaL, standard direct encoding",
    ]
    .iter()
    .enumerate()
    {
        let worst = times[i].iter().copied().fold(0.0, f64::max);
        println!(
            "| {name} | {} of {invalid} | {:.3} | {:.3} |",
            refuted[i],
            median(&mut times[i]),
            worst
        );
    }
    println!();
}

/// The graphs of the issue: name, graph, χ (known).
fn cases(dimacs: Option<String>) -> Vec<(String, PlainGraph, usize)> {
    let mut cases = vec![
        ("queen10_10".to_string(), queen(10), 11),
        ("queen11_11".to_string(), queen(11), 11),
        ("myciel6".to_string(), mycielski(6), 7),
    ];
    if let Some(dir) = dimacs {
        for (name, chi) in [
            ("DSJC125.9", 44),
            ("flat300_20_0", 20),
            ("DSJC125.5", 17),
            ("myciel7", 8),
        ] {
            let path = std::path::Path::new(&dir).join(format!("{name}.col"));
            let Ok(file) = std::fs::File::open(&path) else {
                println!("({} not found: skipped)", path.display());
                continue;
            };
            let reader = std::io::BufReader::new(file);
            match read_graph(reader, &path.display().to_string(), GraphFormat::Dimacs) {
                Ok(graph) => cases.push((name.to_string(), graph, chi)),
                Err(e) => println!("({e}: skipped)"),
            }
        }
    }
    cases
}

fn graphs(dimacs: Option<String>) {
    println!(
        "Chromatic numbers: `chromatic` (exact search, then `prove::close`: the lower bounds, the exact cover, branch and bound over the maximal stable sets, SAT bottom-up) and plain CaDiCaL refuting χ − 1, {GRAPH_SECONDS} s each\n"
    );
    println!(
        "| graph | n | m | χ | bounds | lower bound's kind | proven in (s) | plain CaDiCaL, χ − 1 (s) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (name, graph, chi) in cases(dimacs) {
        let start = Instant::now();
        let options = Effort {
            timeout: Some(Duration::from_secs(GRAPH_SECONDS)),
            max_nodes: Some(prove::HAND_OFF_NODES),
            ..Effort::default()
        };
        let mut result = colouring::chromatic(&graph, options, |_| {});
        let mut kind = match result.proven() {
            true => format!("clique of {} or exact search", result.clique.len()),
            false => String::new(),
        };
        let budget = Budget::unlimited().until(start + Duration::from_secs(GRAPH_SECONDS));
        prove::close(&graph, &mut result, budget, |step| match step {
            Closing::Bound(bound) => kind = bound.to_string(),
            Closing::Refuted(k, by) => kind = format!("refuted {k} by {by}"),
            Closing::Coloured(..) => {}
        })
        .unwrap();
        let seconds = start.elapsed().as_secs_f64();
        assert!(graph.check(&result.colouring).is_ok());
        let proven = match result.proven() {
            true => {
                assert_eq!(result.upper, chi, "{name}");
                format!("{seconds:.2}")
            }
            false => format!("not proven ({seconds:.0} s)"),
        };
        let plain = plain_refutation(&graph, chi - 1);
        println!(
            "| {name} | {} | {} | {chi} | {}–{} | {kind} | {proven} | {plain} |",
            graph.len(),
            graph.edges().len(),
            result.lower,
            result.upper
        );
    }
    println!();
}

/// CaDiCaL on the direct encoding of `graph` with `k` colours (one colour per
/// vertex, none shared across an edge; no symmetry breaking), stopped at the limit.
fn plain_refutation(graph: &PlainGraph, k: usize) -> String {
    let var = |v: usize, c: usize| (v * k + c + 1) as i32;
    let mut sat: cadical::Solver = cadical::Solver::new();
    let start = Instant::now();
    for v in 0..graph.len() {
        sat.add_clause((0..k).map(|c| var(v, c)));
    }
    for &(a, b) in graph.edges() {
        for c in 0..k {
            sat.add_clause([-var(a as usize, c), -var(b as usize, c)]);
        }
    }
    sat.set_callbacks(Some(cadical::Timeout::new(GRAPH_SECONDS as f32)));
    match sat.solve() {
        Some(false) => format!("{:.2}", start.elapsed().as_secs_f64()),
        Some(true) => "coloured (wrong χ?)".into(),
        None => format!("no answer in {GRAPH_SECONDS} s"),
    }
}
