//! The API's searches: solve, count (or estimate), the true candidates, and
//! check; each within its request's deadline and memory.

use serde_json::{Value, json};

use super::cost;
use super::job::Job;
use super::reply::{Failure, Reply};
use super::request::{Body, clashes, graph_of, puzzle_of, record, verified, wrong};
use crate::write::json::{CandidateRecord, Difference, EstimateRecord, Kind, Outcome};
use crate::write::text;
use crate::{ConstraintGraph, Puzzle, Solution, Solver, Verdict, differences, uniqueness};

/// The most solutions `count` counts.
const MAX_LIMIT: u64 = 1_000_000;

/// A request's `limit` (or `default`), checked to be from 1 to [`MAX_LIMIT`].
fn limit(body: &Body, default: u64) -> Result<u64, Failure> {
    let limit = body.limit.unwrap_or(default);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Failure::bad(format!(
            "\"limit\" must be from 1 to {MAX_LIMIT}"
        )));
    }
    Ok(limit)
}

/// The answer to clashing givens, if they clash: no solution, and the cells.
fn clashing(kind: Kind, graph: &ConstraintGraph, puzzle: &Puzzle) -> Option<Reply> {
    let cells = clashes(graph, puzzle)?;
    let mut out = record(kind, graph, Outcome::NoSolution);
    out["clashes"] = json!(cells);
    Some(Reply::json(200, &out))
}

/// A solver of `graph` for `job`, once the job holds the memory of a search.
pub(super) fn solver(graph: &ConstraintGraph, job: &Job) -> Result<Solver, Failure> {
    job.need(cost::search(graph))?;
    Ok(Solver::new(graph).with_budget(job.budget()))
}

/// `solve`: the first solution found, verified.
pub(super) fn solve(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let graph = graph_of(body, job.limits())?;
    let puzzle = puzzle_of(&graph, body)?;
    if let Some(reply) = clashing(Kind::Solve, &graph, &puzzle) {
        return Ok(reply);
    }
    let count = solver(&graph, job)?.count_solutions(&puzzle, 1);
    let out = match (count.first, count.gave_up) {
        (Some(solution), _) => {
            let mut out = record(Kind::Solve, &graph, Outcome::Solved);
            out["solution"] = json!(text::line(&graph, solution.to_puzzle().givens()));
            out["cells"] = json!(verified(&graph, &puzzle, &solution)?);
            out
        }
        (None, true) => record(Kind::Solve, &graph, Outcome::GaveUp),
        (None, false) => record(Kind::Solve, &graph, Outcome::NoSolution),
    };
    Ok(Reply::json(200, &out))
}

/// `count`: solutions up to `limit` (default 2), and whether the count is complete.
pub(super) fn count(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let graph = graph_of(body, job.limits())?;
    let puzzle = puzzle_of(&graph, body)?;
    let limit = limit(body, 2)?;
    if body.estimate == Some(true) {
        return estimated(&graph, &puzzle, body, job);
    }
    let count = solver(&graph, job)?.count_solutions(&puzzle, limit);
    let status = match (count.gave_up, count.solutions) {
        (true, _) => Outcome::GaveUp,
        (false, 0) => Outcome::NoSolution,
        (false, 1) => Outcome::Unique,
        (false, _) => Outcome::Multiple,
    };
    let mut out = record(Kind::Count, &graph, status);
    out["count"] = json!(count.solutions);
    // Complete: every solution counted, neither the limit nor the budget stopped it.
    out["complete"] = json!(!count.gave_up && count.solutions < limit);
    Ok(Reply::json(200, &out))
}

/// `count` with `"estimate": true`: the estimated number of solutions and
/// its interval, from as many probes as the request's time allows (or
/// `samples`, when fewer), seeded by `seed` (default 1).
fn estimated(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    body: &Body,
    job: &Job,
) -> Result<Reply, Failure> {
    job.need(cost::probes(graph))?;
    let options = crate::estimate::Options {
        samples: body.samples,
        seed: body.seed.unwrap_or(1),
        budget: job.budget(),
    };
    let found = crate::estimate::estimate(graph, puzzle, options).map_err(wrong)?;
    let mut out = record(Kind::Count, graph, Outcome::of_estimate(&found));
    if found.exact {
        out["count"] = json!(found.estimate.to_f64() as u64);
        out["complete"] = json!(true);
    }
    if let Value::Object(fields) = json!(EstimateRecord::of(&found)) {
        for (key, value) in fields {
            out[key] = value;
        }
    }
    Ok(Reply::json(200, &out))
}

/// `candidates`: the values each cell takes in some solution, counted up to
/// `limit` (default 1,000) per value; all its searches together within the
/// request's time, after which the answer says it is incomplete.
pub(super) fn candidates(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let graph = graph_of(body, job.limits())?;
    let puzzle = puzzle_of(&graph, body)?;
    let limit = limit(body, crate::candidates::DEFAULT_LIMIT)?;
    if let Some(reply) = clashing(Kind::Candidates, &graph, &puzzle) {
        return Ok(reply);
    }
    job.need(cost::candidates(&graph))?;
    let options = crate::candidates::Options {
        limit,
        budget: job.budget(),
    };
    let found = crate::candidates::candidates(&graph, &puzzle, options).map_err(wrong)?;
    let mut out = record(Kind::Candidates, &graph, Outcome::of_candidates(&found));
    out["count"] = json!(found.solutions.solutions);
    out["complete"] = json!(found.complete());
    out["cells"] = json!(CandidateRecord::of(&graph, &found));
    Ok(Reply::json(200, &out))
}

/// `check`: unique, none or multiple; two solutions and the cells they differ in.
pub(super) fn check(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let graph = graph_of(body, job.limits())?;
    let puzzle = puzzle_of(&graph, body)?;
    if let Some(reply) = clashing(Kind::Check, &graph, &puzzle) {
        return Ok(reply);
    }
    let (verdict, stats) = uniqueness(&solver(&graph, job)?, &puzzle);
    let mut out = match verdict {
        Verdict::None => record(Kind::Check, &graph, Outcome::NoSolution),
        Verdict::GaveUp(_) => record(Kind::Check, &graph, Outcome::GaveUp),
        Verdict::Unique(only) => {
            let mut out = record(Kind::Check, &graph, Outcome::Unique);
            out["solution"] = json!(text::line(&graph, only.to_puzzle().givens()));
            out["cells"] = json!(verified(&graph, &puzzle, &only)?);
            out
        }
        Verdict::Multiple(a, b) => two_solutions(&graph, &puzzle, (&a, &b))?,
    };
    out["search"] = json!({ "nodes": stats.nodes, "backtracks": stats.backtracks });
    Ok(Reply::json(200, &out))
}

/// The answer to a puzzle with (at least) two solutions: both, verified, and
/// the cells where they differ.
fn two_solutions(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    (a, b): (&Solution, &Solution),
) -> Result<Value, Failure> {
    let mut out = record(Kind::Check, graph, Outcome::Multiple);
    let (first, second) = (verified(graph, puzzle, a)?, verified(graph, puzzle, b)?);
    let cells = differences(a, b);
    let symbol = |s: &Solution, c: usize| graph.alphabet().symbol(s.colours()[c]);
    let listed: Vec<Difference> = cells
        .iter()
        .map(|&c| Difference {
            cell: graph.cells()[c].name.clone(),
            first: symbol(a, c).to_string(),
            second: symbol(b, c).to_string(),
        })
        .collect();
    out["solutions"] = json!([
        text::line(graph, a.to_puzzle().givens()),
        text::line(graph, b.to_puzzle().givens())
    ]);
    out["differences"] = json!(listed);
    out["differing"] = json!(cells);
    out["cells"] = json!(first);
    out["second"] = json!(second);
    Ok(out)
}
