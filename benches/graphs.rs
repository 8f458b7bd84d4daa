//! General graphs: chromatic numbers proven (clique, DSATUR, tabu search, exact
//! search), the heuristic alone on stand-ins for DIMACS benchmarks, and the
//! cost of loading and DSATUR-colouring big sparse graphs. Every graph is
//! generated here (no benchmark files are shipped); every colouring is checked.
//!
//! ```text
//! cargo bench --bench graphs                        # our times
//! cargo bench --bench graphs -- --cpsat PYTHON      # and CP-SAT's, one worker
//! cargo bench --bench graphs -- --quick             # skip the 60 s heuristic runs
//! cargo bench --bench graphs -- --big               # only the big sparse graphs
//! ```
//!
//! `--cpsat` runs `benches/cpsat_colour.py` with that Python (which needs
//! `ortools`) on each graph at k = χ, one worker, 60 s at most, in the same run.

use std::io::Write;
use std::process::Command;
use std::time::{Duration, Instant};

use graphdoku::PlainGraph;
use graphdoku::colouring::{
    self, Adjacency, Effort, Event, Outcome, chromatic, dsatur, large_clique, leighton, mycielski,
    planted, queen, random,
};
use graphdoku::read::read_dimacs;

/// The graphs whose χ is proven: name, graph, known χ.
fn exact_cases() -> Vec<(String, PlainGraph, usize)> {
    let mut cases = Vec::new();
    for (n, chi) in [(5, 5), (6, 7), (7, 7), (8, 9), (9, 10)] {
        cases.push((format!("queen{n}_{n}"), queen(n), chi));
    }
    for k in 3..=5 {
        cases.push((format!("myciel{k}"), mycielski(k), k + 1));
    }
    for (n, k, p) in [
        (200, 8, 0.3),
        (500, 12, 0.2),
        (1000, 5, 0.2),
        (1000, 10, 0.3),
    ] {
        let name = format!("planted n={n} k={k} p={p}");
        cases.push((name, planted(n, k, p, true, 1000 + k as u64), k));
    }
    for (n, k, m) in [(450, 15, 8168), (450, 25, 8260), (1000, 20, 30000)] {
        cases.push((
            format!("leighton n={n} k={k} m={m}"),
            leighton(n, k, m, 3),
            k,
        ));
    }
    cases
}

/// Stand-ins for the DIMACS graphs the heuristic must colour with χ colours:
/// name, what it stands for, graph, target k.
fn heuristic_cases() -> Vec<(&'static str, &'static str, PlainGraph, usize)> {
    vec![
        ("queen10_10", "queen10_10 itself", queen(10), 11),
        (
            "flat n=300 k=20 p=0.5",
            "flat300_20_0",
            planted(300, 20, 0.5, false, 7),
            20,
        ),
        ("G(125, 0.5)", "DSJC125.5", random(125, 0.5, 125), 17),
        (
            "leighton n=450 k=15",
            "le450_15a",
            leighton(450, 15, 8168, 15),
            15,
        ),
    ]
}

fn secs(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

/// The time CP-SAT takes to colour `graph` with `k` colours, or why not.
fn cpsat(python: &str, graph: &PlainGraph, k: usize) -> String {
    let dir = std::env::temp_dir().join(format!("graphdoku-cpsat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("graph.col");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    writeln!(file, "p edge {} {}", graph.len(), graph.edges().len()).unwrap();
    for &(a, b) in graph.edges() {
        writeln!(file, "e {} {}", a + 1, b + 1).unwrap();
    }
    drop(file);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/cpsat_colour.py");
    let out = Command::new(python)
        .args([script, path.to_str().unwrap(), &k.to_string(), "60"])
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    match out {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout);
            // "STATUS SECONDS"
            let mut words = text.split_whitespace();
            match (words.next(), words.next()) {
                (Some("FEASIBLE" | "OPTIMAL"), Some(t)) => t.to_string(),
                (Some(status), _) => status.to_lowercase(),
                _ => "?".into(),
            }
        }
        Ok(out) => format!("failed: {}", String::from_utf8_lossy(&out.stderr).trim()),
        Err(e) => format!("cannot run: {e}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let python = args
        .iter()
        .position(|a| a == "--cpsat")
        .and_then(|i| args.get(i + 1).cloned());
    let quick = args.iter().any(|a| a == "--quick");
    if args.iter().any(|a| a == "--big") {
        big_graphs();
        return;
    }

    println!("Chromatic number, proven (single thread; times in seconds):\n");
    print!("| graph | n | m | clique | DSATUR | χ | proven in | colour at k = χ |");
    println!(
        "{}",
        if python.is_some() {
            " CP-SAT at k = χ | ratio |"
        } else {
            ""
        }
    );
    print!("|---|---|---|---|---|---|---|---|");
    println!("{}", if python.is_some() { "---|---|" } else { "" });
    for (name, graph, chi) in exact_cases() {
        let adj = Adjacency::from_plain(&graph);
        let omega = large_clique(&adj, 200_000).vertices.len();
        let greedy = colouring::colours_used(&dsatur(&adj, &[], &[]).unwrap());
        let start = Instant::now();
        let options = Effort {
            timeout: Some(Duration::from_secs(60)),
            ..Effort::default()
        };
        let result = chromatic(&graph, options, |_| {});
        let took = start.elapsed();
        graph.check(&result.colouring).expect("a proper colouring");
        let proven = if result.proven() && result.upper == chi {
            secs(took)
        } else if result.proven() {
            panic!("{name}: proved χ = {} but it is {chi}", result.upper)
        } else {
            format!("not in 60 s ({}..{})", result.lower, result.upper)
        };
        let start = Instant::now();
        let Outcome::Coloured { colouring, .. } = colouring::colour(&graph, chi, options) else {
            panic!("{name}: no colouring with χ colours");
        };
        let ours = start.elapsed();
        graph.check(&colouring).expect("a proper colouring");
        print!(
            "| {name} | {} | {} | {omega} | {greedy} | {chi} | {proven} | {} |",
            graph.len(),
            graph.edges().len(),
            secs(ours)
        );
        match &python {
            Some(python) => {
                let theirs = cpsat(python, &graph, chi);
                let ratio = theirs
                    .parse::<f64>()
                    .map(|t| format!("{:.0}×", t / ours.as_secs_f64().max(1e-6)))
                    .unwrap_or_default();
                println!(" {theirs} | {ratio} |");
            }
            None => println!(),
        }
    }

    if !quick {
        println!("\nHeuristic only (`--heuristic`: clique, DSATUR, tabu search; seed 1; 60 s):\n");
        println!("| graph | stands for | n | m | target | best k | reached at (s) |");
        println!("|---|---|---|---|---|---|---|");
        for (name, stands_for, graph, target) in heuristic_cases() {
            let start = Instant::now();
            let mut reached = None;
            let options = Effort {
                heuristic: true,
                timeout: Some(Duration::from_secs(60)),
                ..Effort::default()
            };
            let result = chromatic(&graph, options, |event| {
                if let Event::Upper { colours, .. } = event
                    && *colours <= target
                    && reached.is_none()
                {
                    reached = Some(start.elapsed());
                }
            });
            graph.check(&result.colouring).expect("a proper colouring");
            println!(
                "| {name} | {stands_for} | {} | {} | {target} | {} | {} |",
                graph.len(),
                graph.edges().len(),
                result.upper,
                reached.map_or("not reached".into(), secs)
            );
        }
    }

    big_graphs();
}

/// Loading, DSATUR and the exact search's cost per node on big sparse graphs.
fn big_graphs() {
    println!("\nBig sparse graphs: read a DIMACS file from memory, then DSATUR:\n");
    println!("| n | m | read (s) | DSATUR (s) | colours |");
    println!("|---|---|---|---|---|");
    let mut graphs = Vec::new();
    for (n, m) in [(20_000usize, 60_000usize), (1_000_000, 3_000_000)] {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut text = format!("p edge {n} {m}\n");
        for _ in 0..m {
            let a = next() % n as u64;
            let b = (a + 1 + next() % (n as u64 - 1)) % n as u64;
            text.push_str(&format!("e {} {}\n", a + 1, b + 1));
        }
        let start = Instant::now();
        let graph = read_dimacs(text.as_bytes(), "big.col").unwrap();
        let read = start.elapsed();
        let start = Instant::now();
        let adj = Adjacency::from_plain(&graph);
        let colouring = dsatur(&adj, &[], &[]).unwrap();
        let coloured = start.elapsed();
        graph.check(&colouring).expect("a proper colouring");
        println!(
            "| {n} | {} | {} | {} | {} |",
            graph.edges().len(),
            secs(read),
            secs(coloured),
            colouring::colours_used(&colouring)
        );
        graphs.push((graph, colouring::colours_used(&colouring)));
    }
    // The engine's exact search with DSATUR's colours and one fewer, stopped
    // after a node budget: what each node costs on a graph this big.
    println!("\nExact search (the puzzle engine) with DSATUR's colours and one fewer:\n");
    println!("| n | k | nodes | seconds (compile + search) | µs per node | outcome |");
    println!("|---|---|---|---|---|---|");
    let runs = graphs
        .iter()
        .flat_map(|(g, colours)| [(g, *colours), (g, colours - 1)]);
    for (graph, k) in runs {
        let nodes = if graph.len() > 100_000 {
            200_000
        } else {
            1_000_000
        };
        let budget = graphdoku::Budget::default()
            .nodes(nodes)
            .time(Duration::from_secs(60));
        let start = Instant::now();
        let answer = colouring::k_colourable(graph, k, &[], budget);
        let took = start.elapsed();
        let (outcome, stats) = match answer {
            Ok((colouring::Decision::Coloured(c), stats)) => {
                graph.check(&c).expect("a proper colouring");
                ("coloured".to_string(), stats)
            }
            Ok((colouring::Decision::Impossible, stats)) => ("impossible".to_string(), stats),
            Ok((colouring::Decision::GaveUp, stats)) => {
                ("the search budget ran out".to_string(), stats)
            }
            Err(why) => (why, Default::default()),
        };
        println!(
            "| {} | {k} | {} | {} | {:.1} | {outcome} |",
            graph.len(),
            stats.nodes,
            secs(took),
            took.as_secs_f64() * 1e6 / stats.nodes.max(1) as f64
        );
    }
}
