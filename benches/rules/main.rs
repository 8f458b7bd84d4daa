//! Puzzles with rules on the values (killer cages, thermometers, arrows, dots,
//! lines…): each solved and proven unique (count up to 2) in process, single
//! thread, with OR-Tools CP-SAT (one worker, a model over the same rules) or
//! the Interactive Sudoku Solver (its own solver, in node) side by side in the
//! same run when asked.
//!
//! ```text
//! cargo bench --bench rules                          # our times
//! cargo bench --bench rules -- --iss ISS_CHECKOUT    # and ISS's, on the hard collections too
//! cargo bench --bench rules -- --cpsat PYTHON        # and CP-SAT's, one worker
//! cargo bench --bench rules -- --dir DIR             # DIR's puzzles too
//! ```
//!
//! The puzzles are every RON puzzle with rules in `data/` and `data/rules/`; a
//! puzzle's kind is its file's name without a trailing `-NN` (`killer-03.ron`
//! is a `killer`). Our time is the median of repeated runs of compiling the
//! graph's solver and counting to 2 by the search alone (one run past a
//! second; a search past [`CAP`] gives up and counts as not proven).
//!
//! `--iss` adds `../shared/data/rules-hard/` (ISS's `TAREK_ALL`,
//! `EXTREME_KILLERS`, `HARD_THERMOS`, `HARD_RENBAN` as RON), and times ISS's
//! solver on those collections with `../shared/anchors/iss/time_collections.mjs`
//! (`--iss-script PATH` for another; `NODE` names node): parse, build and
//! search to two solutions, the median of three. Files are matched to ISS's
//! puzzles by the `manifest.json` beside them, and each ISS solution must equal
//! ours. The ratio is ISS's time over ours: above 1, we are faster.
//!
//! `--cpsat` hands every puzzle to `benches/cpsat_rules.py` as one JSON line
//! on stdin (cells with their allowed values, houses, edges outside houses,
//! givens, the orthogonal neighbours and the rules as
//! [`graphdoku::rules::Rule`] serialises them); the script solves, forbids that
//! solution and solves again, and its time is the median of three such proofs
//! (the two `Solve()` calls, not building the model). Its solution must equal
//! ours: a difference stops the bench, since one of the two models is then
//! wrong.

mod iss;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hint::black_box;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use graphdoku::read::read_ron_puzzles;
use graphdoku::rules::orthogonal_pairs;
use graphdoku::{Budget, ConstraintGraph, Puzzle, Solver, verify};

/// A search of ours past this gives up: the puzzle counts as not proven.
const CAP: Duration = Duration::from_secs(20);
use serde::Serialize;

/// One puzzle to measure.
struct Case {
    /// `killer-03` or `killer.ron:2`.
    label: String,
    /// The rule kind it stands for (the file name without `-NN`).
    kind: String,
    graph: ConstraintGraph,
    puzzle: Puzzle,
    /// Where it comes from in ISS's collections, if it does.
    iss: Option<iss::Entry>,
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
    let manifests: HashMap<PathBuf, iss::Entry> =
        dirs.iter().flat_map(|d| iss::manifest(d)).collect();
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
                iss: manifests.get(&path).cloned(),
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
    match ratio {
        r if r < 0.1 => format!("{r:.3}×"),
        r if r < 10.0 => format!("{r:.2}×"),
        r => format!("{r:.0}×"),
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
    /// `None`: not proven within [`CAP`].
    ms: Option<f64>,
    nodes: u64,
    solution: Vec<u8>,
}

/// Solves and proves `case` unique, then times it.
fn measure(case: &Case) -> Ours {
    let solver = Solver::new(&case.graph).with_budget(Budget::unlimited().time(CAP));
    let count = solver.count_solutions(&case.puzzle, 2);
    let solution = count.first.expect("a solution");
    verify(&case.graph, &case.puzzle, &solution)
        .unwrap_or_else(|v| panic!("{}: the solution fails: {v:?}", case.label));
    if count.gave_up {
        return Ours {
            ms: None,
            nodes: count.stats.nodes,
            solution: solution.colours().to_vec(),
        };
    }
    assert_eq!(count.solutions, 1, "{}: not unique", case.label);
    let time = median_time(Duration::from_millis(200), || {
        let solver = Solver::new(black_box(&case.graph));
        black_box(solver.count(black_box(&case.puzzle), 2));
    });
    Ours {
        ms: Some(time.as_secs_f64() * 1e3),
        nodes: count.stats.nodes,
        solution: solution.colours().to_vec(),
    }
}

/// The value of `--name VALUE`.
fn option(args: &[String], name: &str) -> Option<String> {
    let at = args.iter().position(|a| a == name)?;
    args.get(at + 1).cloned()
}

/// A time, `> 20 s` when not proven.
fn shown(ms: Option<f64>) -> String {
    match ms {
        Some(ms) if ms < 10.0 => format!("{ms:.2}"),
        Some(ms) => format!("{ms:.0}"),
        None => format!("> {} s", CAP.as_secs()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let python = option(&args, "--cpsat");
    let iss_dir = option(&args, "--iss").map(PathBuf::from);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = root.join("data");
    let mut dirs = vec![data.clone(), data.join("rules")];
    dirs.extend(
        (args.windows(2))
            .filter(|w| w[0] == "--dir")
            .map(|w| PathBuf::from(&w[1])),
    );
    let hard = root.join("../shared/data/rules-hard");
    if iss_dir.is_some() && !dirs.contains(&hard) {
        match hard.is_dir() {
            true => dirs.push(hard),
            false => println!(
                "({} is absent: ISS has nothing to be compared on)\n",
                hard.display()
            ),
        }
    }
    let cases = cases(&dirs);
    assert!(!cases.is_empty(), "no puzzles with rules under data/");

    let ours: Vec<Ours> = cases.iter().map(measure).collect();

    // ISS, on the collections our files come from.
    let iss_times = iss_dir.as_ref().map(|dir| {
        let script = option(&args, "--iss-script")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("../shared/anchors/iss/time_collections.mjs"));
        let collections: BTreeSet<String> = (cases.iter())
            .filter_map(|c| c.iss.as_ref().map(|e| e.collection.clone()))
            .collect();
        iss::time(dir, &script, &collections)
    });
    if let Some(Err(why)) = &iss_times {
        println!("ISS: {why}\n");
    }
    let iss_times = iss_times.and_then(Result::ok);
    let iss_of = |i: usize| -> Option<&iss::Timed> {
        let entry = cases[i].iss.as_ref()?;
        iss_times
            .as_ref()?
            .get(&(entry.collection.clone(), entry.index))
    };
    for (i, case) in cases.iter().enumerate() {
        if let Some(t) = iss_of(i) {
            let ours: String = ours[i]
                .solution
                .iter()
                .map(|&c| {
                    let value = case.graph.values().expect("values")[c as usize];
                    char::from_digit(value as u32, 10).unwrap_or('?')
                })
                .collect();
            assert_eq!(
                t.solutions, 1,
                "{}: ISS does not find it unique",
                case.label
            );
            assert_eq!(
                t.solution, ours,
                "{}: ISS's solution differs from ours",
                case.label
            );
        }
    }
    let iss_ratio = |i: usize| -> Option<f64> {
        let t = iss_of(i)?;
        Some(t.ms / ours[i].ms.unwrap_or(CAP.as_secs_f64() * 1e3))
    };

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
        let ours = ours[i].ms?;
        (answer.status == "unique").then(|| answer.seconds.unwrap_or(f64::NAN) * 1e3 / ours)
    };

    println!("single thread; per puzzle: compile the solver, solve and prove unique (count to 2)");
    println!(
        "times in ms (ours: median of repeated runs, the search alone, given up past {} s; \
         CP-SAT: median of 3, 1 worker; ISS: median of 3, in node)\n",
        CAP.as_secs()
    );
    let mut head = String::from("| puzzle | kind | rules | givens | ms | nodes |");
    let mut rule = String::from("|---|---|---|---|---|---|");
    if theirs.is_some() {
        head += " CP-SAT ms | ratio |";
        rule += "---|---|";
    }
    if iss_times.is_some() {
        head += " ISS ms | ratio |";
        rule += "---|---|";
    }
    println!("{head}\n{rule}");
    for (i, case) in cases.iter().enumerate() {
        print!(
            "| {} | {} | {} | {} | {} | {} |",
            case.label,
            case.kind,
            case.graph.rules().len(),
            case.puzzle.clue_count(),
            shown(ours[i].ms),
            ours[i].nodes
        );
        if let Some(t) = &theirs {
            let answer = &t[i];
            let time = match (answer.status.as_str(), answer.seconds) {
                ("unique", Some(s)) => format!("{:.1}", s * 1e3),
                ("not-modelled", _) => {
                    format!("not modelled ({})", answer.why.as_deref().unwrap_or("?"))
                }
                (status, _) => status.to_string(),
            };
            print!(" {time} | {} |", ratio(i).map_or("-".into(), times));
        }
        if iss_times.is_some() {
            match iss_of(i) {
                Some(t) => print!(
                    " {:.2} | {} |",
                    t.ms,
                    iss_ratio(i).map_or("-".into(), times)
                ),
                None => print!(" - | - |"),
            }
        }
        println!();
    }

    println!("\nper kind (ours):\n");
    println!(
        "| kind | puzzles | median ms | slowest ms | median nodes | most nodes | proven within 1 s |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut kinds: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, case) in cases.iter().enumerate() {
        kinds.entry(&case.kind).or_default().push(i);
    }
    let all: Vec<usize> = (0..cases.len()).collect();
    let capped = |i: usize| ours[i].ms.unwrap_or(CAP.as_secs_f64() * 1e3);
    for (kind, members) in kinds.iter().map(|(k, v)| (*k, v)).chain([("all", &all)]) {
        let mut ms: Vec<f64> = members.iter().map(|&i| capped(i)).collect();
        let mut nodes: Vec<f64> = members.iter().map(|&i| ours[i].nodes as f64).collect();
        // Not proven within the cap: no slowest time to show.
        let slowest = (members.iter()).try_fold(0.0, |a: f64, &i| Some(a.max(ours[i].ms?)));
        let most = nodes.iter().copied().fold(0.0, f64::max);
        let fast = members
            .iter()
            .filter(|&&i| ours[i].ms.is_some_and(|ms| ms <= 1000.0))
            .count();
        println!(
            "| {kind} | {} | {} | {} | {:.0} | {most:.0} | {fast} |",
            members.len(),
            shown(Some(median(&mut ms))),
            shown(slowest),
            median(&mut nodes)
        );
    }
    if theirs.is_some() {
        let mut ratios: Vec<f64> = (0..cases.len()).filter_map(ratio).collect();
        println!(
            "\nCP-SAT: median ratio {} over {} puzzles",
            times(median(&mut ratios)),
            ratios.len()
        );
    }

    if iss_times.is_some() {
        println!(
            "\nper ISS collection (ratio: ISS's time over ours, per puzzle; above 1 we are faster):\n"
        );
        println!(
            "| collection | puzzles | ISS median ms | our median ms | median ratio | we prove within 1 s | ISS within 1 s |"
        );
        println!("|---|---|---|---|---|---|---|");
        let mut collections: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, case) in cases.iter().enumerate() {
            if let (Some(entry), Some(_)) = (&case.iss, iss_of(i)) {
                collections
                    .entry(entry.collection.clone())
                    .or_default()
                    .push(i);
            }
        }
        for (name, members) in &collections {
            let mut theirs: Vec<f64> = members
                .iter()
                .filter_map(|&i| iss_of(i).map(|t| t.ms))
                .collect();
            let mut mine: Vec<f64> = members.iter().map(|&i| capped(i)).collect();
            let mut ratios: Vec<f64> = members.iter().filter_map(|&i| iss_ratio(i)).collect();
            let fast = members
                .iter()
                .filter(|&&i| ours[i].ms.is_some_and(|ms| ms <= 1000.0))
                .count();
            let iss_fast = theirs.iter().filter(|&&ms| ms <= 1000.0).count();
            println!(
                "| {name} | {} | {:.2} | {} | {} | {fast} of {} | {iss_fast} of {} |",
                members.len(),
                median(&mut theirs),
                shown(Some(median(&mut mine))),
                times(median(&mut ratios)),
                members.len(),
                members.len()
            );
        }
    }
    let over = ours
        .iter()
        .filter(|o| o.ms.is_none_or(|ms| ms > 1000.0))
        .count();
    println!("\n{} puzzles; {over} not proven within 1 s", cases.len());
}
