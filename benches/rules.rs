//! Puzzles with rules on the values (killer cages, thermometers, arrows, dots,
//! lines…): each solved and proven unique (count up to 2) in process, single
//! thread, with OR-Tools CP-SAT (one worker, a model over the same rules) side
//! by side in the same run when asked.
//!
//! ```text
//! cargo bench --bench rules                        # our times
//! cargo bench --bench rules -- --cpsat PYTHON      # and CP-SAT's, one worker
//! cargo bench --bench rules -- --dir DIR           # DIR's puzzles too
//! ```
//!
//! The puzzles are every RON puzzle with rules in `data/` and `data/rules/`; a
//! puzzle's kind is its file's name without a trailing `-NN` (`killer-03.ron`
//! is a `killer`). Our time is the median of repeated runs of compiling the
//! graph's solver and counting to 2 (one run past a second). `--cpsat` hands every puzzle to
//! `benches/cpsat_rules.py` as one JSON line on stdin (cells with their allowed
//! values, houses, edges outside houses, givens, the orthogonal neighbours and
//! the rules as [`graphdoku::rules::Rule`] serialises them); the script solves,
//! forbids that solution and solves again, and its time is the median of three
//! such proofs (the two `Solve()` calls, not building the model). Its solution
//! must equal ours: a difference stops the bench, since one of the two models
//! is then wrong.

use std::collections::{BTreeMap, HashSet};
use std::hint::black_box;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use graphdoku::read::read_ron_puzzles;
use graphdoku::rules::orthogonal_pairs;
use graphdoku::{ConstraintGraph, Puzzle, Solver, verify};
use serde::Serialize;

/// One puzzle to measure.
struct Case {
    /// `killer-03` or `killer.ron:2`.
    label: String,
    /// The rule kind it stands for (the file name without `-NN`).
    kind: String,
    graph: ConstraintGraph,
    puzzle: Puzzle,
}

/// What `cpsat_rules.py` reads: one puzzle, one JSON line.
#[derive(Serialize)]
struct ModelInput<'a> {
    label: &'a str,
    /// The value of each symbol, in colour order.
    values: &'a [i64],
    /// Per cell, the colours it may hold, when restricted.
    allowed: Vec<Option<&'a [u8]>>,
    /// All-different groups.
    houses: Vec<&'a [usize]>,
    /// "Differ" edges that no house covers.
    edges: Vec<(usize, usize)>,
    /// Per cell, its given colour.
    givens: &'a [Option<u8>],
    /// Every pair of orthogonal neighbours (for the negative constraints and
    /// non-consecutive).
    orthogonal: Vec<(usize, usize)>,
    rules: &'a [graphdoku::rules::Rule],
    /// CP-SAT's time limit per solve, in seconds.
    timeout: f64,
}

/// What `cpsat_rules.py` answers for one puzzle.
#[derive(serde::Deserialize, Debug)]
struct ModelOutput {
    /// `unique`, `multiple`, `infeasible`, `unknown` (time out) or `not-modelled`.
    status: String,
    /// Median seconds of the proof (both solves), when it ran.
    #[serde(default)]
    seconds: Option<f64>,
    /// The first solution, in colours.
    #[serde(default)]
    solution: Option<Vec<u8>>,
    /// Why not modelled: the rule kinds the script does not know.
    #[serde(default)]
    why: Option<String>,
}

/// Every RON puzzle with rules under `dirs`, in file-name order.
fn cases(dirs: &[PathBuf]) -> Vec<Case> {
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let shown = path.display().to_string();
        // Variant files (`*.variant.ron`) and puzzles without rules are not ours.
        let Ok(read) = read_ron_puzzles(&source, &shown) else {
            continue;
        };
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let kind = match stem.rsplit_once('-') {
            Some((kind, n)) if n.chars().all(|c| c.is_ascii_digit()) => kind.to_string(),
            _ => stem.clone(),
        };
        let several = read.records.len() > 1;
        for (i, (graph, record)) in read.records.into_iter().enumerate() {
            let (Some(graph), Ok(puzzle)) = (graph, record.puzzle) else {
                panic!("{shown}: puzzle {} does not read", i + 1);
            };
            let graph = read.graphs[graph].clone();
            if graph.rules().is_empty() {
                continue;
            }
            let label = match several {
                true => format!("{stem}:{}", i + 1),
                false => stem.clone(),
            };
            cases.push(Case {
                label,
                kind: kind.clone(),
                graph,
                puzzle,
            });
        }
    }
    cases
}

/// The median of runs of `work`: at least 3, and more until `budget` has
/// passed (50 at most); one when it takes more than a second.
fn median_time(budget: Duration, mut work: impl FnMut()) -> Duration {
    let start = Instant::now();
    let mut times = Vec::new();
    while times.is_empty()
        || (times.len() < 3 && times[0] < Duration::from_secs(1))
        || (start.elapsed() < budget && times.len() < 50)
    {
        let t = Instant::now();
        work();
        times.push(t.elapsed());
    }
    times.sort_unstable();
    times[times.len() / 2]
}

/// A ratio as `12×`, or `0.4×` below ten.
fn times(ratio: f64) -> String {
    match ratio < 10.0 {
        true => format!("{ratio:.1}×"),
        false => format!("{ratio:.0}×"),
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// The JSON line of a case for the script.
fn model_input(case: &Case) -> String {
    let graph = &case.graph;
    let mut covered = HashSet::new();
    for house in graph.houses() {
        for (i, &a) in house.cells.iter().enumerate() {
            for &b in &house.cells[i + 1..] {
                covered.insert((a.min(b), a.max(b)));
            }
        }
    }
    let g = graph.graph();
    let edges = g
        .edge_indices()
        .filter_map(|e| g.edge_endpoints(e))
        .map(|(a, b)| (a.index().min(b.index()), a.index().max(b.index())))
        .filter(|p| !covered.contains(p))
        .collect();
    let input = ModelInput {
        label: &case.label,
        values: graph.values().expect("a variant with rules has values"),
        allowed: (0..graph.len()).map(|c| graph.allowed(c)).collect(),
        houses: graph.houses().iter().map(|h| h.cells.as_slice()).collect(),
        edges,
        givens: case.puzzle.givens(),
        orthogonal: orthogonal_pairs(graph.cells()),
        rules: graph.rules(),
        timeout: 60.0,
    };
    serde_json::to_string(&input).expect("serialises")
}

/// Runs the script on every case at once; one answer per case, or why not.
fn cpsat(python: &str, cases: &[Case]) -> Result<Vec<ModelOutput>, String> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/cpsat_rules.py");
    let mut child = Command::new(python)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {python}: {e}"))?;
    {
        // The script reads all of its input before it answers.
        let mut stdin = child.stdin.take().expect("piped");
        for case in cases {
            writeln!(stdin, "{}", model_input(case)).map_err(|e| e.to_string())?;
        }
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "the script failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let answers: Vec<ModelOutput> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).map_err(|e| format!("{e}: {line}")))
        .collect::<Result<_, _>>()?;
    match answers.len() == cases.len() {
        true => Ok(answers),
        false => Err(format!(
            "{} answers for {} puzzles",
            answers.len(),
            cases.len()
        )),
    }
}

/// Our measurement of one case.
struct Ours {
    ms: f64,
    nodes: u64,
    solution: Vec<u8>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let python = args
        .iter()
        .position(|a| a == "--cpsat")
        .and_then(|i| args.get(i + 1).cloned());
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut dirs = vec![data.clone(), data.join("rules")];
    dirs.extend(
        (args.windows(2))
            .filter(|w| w[0] == "--dir")
            .map(|w| PathBuf::from(&w[1])),
    );
    let cases = cases(&dirs);
    assert!(!cases.is_empty(), "no puzzles with rules under data/");

    let mut ours = Vec::new();
    for case in &cases {
        let solver = Solver::new(&case.graph);
        let count = solver.count_solutions(&case.puzzle, 2);
        assert!(!count.gave_up, "{}: gave up", case.label);
        assert_eq!(count.solutions, 1, "{}: not unique", case.label);
        let solution = count.first.expect("a solution");
        verify(&case.graph, &case.puzzle, &solution)
            .unwrap_or_else(|v| panic!("{}: the solution fails: {v:?}", case.label));
        let time = median_time(Duration::from_millis(200), || {
            let solver = Solver::new(black_box(&case.graph));
            black_box(solver.count(black_box(&case.puzzle), 2));
        });
        ours.push(Ours {
            ms: time.as_secs_f64() * 1e3,
            nodes: count.stats.nodes,
            solution: solution.colours().to_vec(),
        });
    }

    let theirs = python.as_ref().map(|python| cpsat(python, &cases));
    if let Some(Err(why)) = &theirs {
        println!("CP-SAT: {why}\n");
    }
    let theirs = theirs.and_then(Result::ok);
    for (i, answer) in theirs.iter().flatten().enumerate() {
        if answer.status == "unique" {
            assert_eq!(
                answer.solution.as_deref(),
                Some(ours[i].solution.as_slice()),
                "{}: CP-SAT's solution differs from ours",
                cases[i].label
            );
        } else if answer.status != "not-modelled" && answer.status != "unknown" {
            panic!(
                "{}: CP-SAT says {} where we found one solution",
                cases[i].label, answer.status
            );
        }
    }
    let ratio = |i: usize| -> Option<f64> {
        let answer = theirs.as_ref()?.get(i)?;
        (answer.status == "unique").then(|| answer.seconds.unwrap_or(f64::NAN) * 1e3 / ours[i].ms)
    };

    println!("single thread; per puzzle: compile the solver, solve and prove unique (count to 2)");
    println!("times in ms (ours: median of repeated runs; CP-SAT: median of 3, 1 worker)\n");
    print!("| puzzle | kind | rules | givens | ms | nodes |");
    println!(
        "{}",
        if theirs.is_some() {
            " CP-SAT ms | ratio |"
        } else {
            ""
        }
    );
    print!("|---|---|---|---|---|---|");
    println!("{}", if theirs.is_some() { "---|---|" } else { "" });
    for (i, case) in cases.iter().enumerate() {
        print!(
            "| {} | {} | {} | {} | {:.3} | {} |",
            case.label,
            case.kind,
            case.graph.rules().len(),
            case.puzzle.clue_count(),
            ours[i].ms,
            ours[i].nodes
        );
        match theirs.as_ref().map(|t| &t[i]) {
            Some(answer) => {
                let time = match (answer.status.as_str(), answer.seconds) {
                    ("unique", Some(s)) => format!("{:.1}", s * 1e3),
                    ("not-modelled", _) => {
                        format!("not modelled ({})", answer.why.as_deref().unwrap_or("?"))
                    }
                    (status, _) => status.to_string(),
                };
                let ratio = ratio(i).map_or("-".into(), times);
                println!(" {time} | {ratio} |");
            }
            None => println!(),
        }
    }

    println!("\nper kind:\n");
    print!("| kind | puzzles | median ms | slowest ms | median nodes | most nodes |");
    println!(
        "{}",
        if theirs.is_some() {
            " CP-SAT median ms | median ratio |"
        } else {
            ""
        }
    );
    print!("|---|---|---|---|---|---|");
    println!("{}", if theirs.is_some() { "---|---|" } else { "" });
    let mut kinds: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, case) in cases.iter().enumerate() {
        kinds.entry(&case.kind).or_default().push(i);
    }
    let all: Vec<usize> = (0..cases.len()).collect();
    let rows = kinds.iter().map(|(k, v)| (*k, v)).chain([("all", &all)]);
    for (kind, members) in rows {
        let mut ms: Vec<f64> = members.iter().map(|&i| ours[i].ms).collect();
        let mut nodes: Vec<f64> = members.iter().map(|&i| ours[i].nodes as f64).collect();
        let slowest = ms.iter().copied().fold(0.0, f64::max);
        let most = nodes.iter().copied().fold(0.0, f64::max);
        print!(
            "| {kind} | {} | {:.3} | {slowest:.3} | {:.0} | {most:.0} |",
            members.len(),
            median(&mut ms),
            median(&mut nodes)
        );
        if let Some(theirs) = &theirs {
            let mut times: Vec<f64> = (members.iter())
                .filter(|&&i| theirs[i].status == "unique")
                .filter_map(|&i| theirs[i].seconds.map(|s| s * 1e3))
                .collect();
            let mut ratios: Vec<f64> = members.iter().filter_map(|&i| ratio(i)).collect();
            match ratios.is_empty() {
                true => println!(" - | - |"),
                false => println!(
                    " {:.1} | {} |",
                    median(&mut times),
                    self::times(median(&mut ratios))
                ),
            }
        } else {
            println!();
        }
    }
    let over = ours.iter().filter(|o| o.ms > 1000.0).count();
    println!(
        "\n{} puzzles, all proven unique; {over} over 1 s",
        cases.len()
    );
}
