//! The API's `hint` (the next explained step) and `grade` (the level of the
//! whole path of steps): a uniqueness search, then logic's path, each within
//! its share of the request's time.

use std::time::Instant;

use serde_json::{Value, json};

use super::cost;
use super::job::Job;
use super::reply::{Failure, Reply};
use super::request::{Body, clashes, graph_of, puzzle_of, record, verified};
use super::steps::step_json;
use crate::logic::{Contradiction, Grade, Logic, Path, Stepper};
use crate::write::json::{Kind, Outcome, word};
use crate::{ConstraintGraph, Puzzle, Solution, Solver, Verdict, uniqueness};

/// `hint`: the next step of the path, and the puzzle's level.
pub(super) fn hint(body: &Body, job: &Job) -> Result<Reply, Failure> {
    explained(body, job, true)
}

/// `grade`: the level of the whole path, its hardest technique and guesses.
pub(super) fn grade(body: &Body, job: &Job) -> Result<Reply, Failure> {
    explained(body, job, false)
}

/// `hint` (`next`) or `grade`: the search first, within the search budget's
/// time, then the path of steps until the deadline.
fn explained(body: &Body, job: &Job, next: bool) -> Result<Reply, Failure> {
    let kind = if next { Kind::Hint } else { Kind::Grade };
    let graph = graph_of(body, job.limits())?;
    let puzzle = puzzle_of(&graph, body)?;
    if let Some(cells) = clashes(&graph, &puzzle) {
        let mut out = record(kind, &graph, Outcome::NoSolution);
        out["clashes"] = json!(cells);
        return Ok(Reply::json(200, &out));
    }
    job.need(cost::logic(&graph))?;
    let started = Instant::now();
    let (solution, unique) = match verdict(&graph, &puzzle, job) {
        Verdict::None => return Ok(Reply::json(200, &record(kind, &graph, Outcome::NoSolution))),
        Verdict::GaveUp(_) => return Ok(Reply::json(200, &record(kind, &graph, Outcome::GaveUp))),
        Verdict::Unique(only) => (only, true),
        Verdict::Multiple(first, _) => (first, false),
    };
    verified(&graph, &puzzle, &solution)?;
    let logic = Logic::new(&graph);
    let contradiction = |c: Contradiction| {
        Failure::new(
            500,
            format!(
                "internal error: the deductions contradict the verified solution at {}",
                graph.cells()[c.cell].name
            ),
        )
    };
    let status = if unique {
        Outcome::Unique
    } else {
        Outcome::Multiple
    };
    let stepper = logic.stepper(unique, logic.budget_since(started));
    let (path, whole) =
        path_within(&logic, &stepper, &puzzle, &solution, job).map_err(contradiction)?;
    if !whole {
        // A path too long to find in time (a big empty board): the grade gives
        // up; a hint is still the first step, without the puzzle's level.
        let Some(first) = path.steps.first().filter(|_| next) else {
            return Ok(Reply::json(200, &record(kind, &graph, Outcome::GaveUp)));
        };
        let mut out = record(kind, &graph, status);
        out["level"] = Value::Null;
        out["steps"] = json!([step_json(&logic, first)]);
        return Ok(Reply::json(200, &out));
    }
    let grade = Grade::of(&path);
    let mut out = record(kind, &graph, status);
    out["level"] = json!(word(&grade.level));
    if next {
        let steps: Vec<Value> = path
            .steps
            .iter()
            .take(1)
            .map(|s| step_json(&logic, s))
            .collect();
        out["steps"] = json!(steps);
    } else {
        out["hardest"] = json!(grade.hardest.map(|t| word(&t)));
        out["guesses"] = json!(grade.guesses);
        out["count"] = json!(path.steps.len());
    }
    Ok(Reply::json(200, &out))
}

/// The search's verdict on `puzzle`, within the request's search time.
pub(super) fn verdict(graph: &ConstraintGraph, puzzle: &Puzzle, job: &Job) -> Verdict {
    let searched = match job.limits().budget.timeout {
        Some(time) => Instant::now() + time,
        None => job.deadline(),
    };
    let solver = Solver::new(graph).with_budget(job.budget_until(searched));
    uniqueness(&solver, puzzle).0
}

/// The path every door shows ([`Logic::shown_path`], its steps from
/// `stepper`) while `job` has time, and whether it is whole: the steps
/// found by then otherwise. (Each step scans the whole board, so a big empty
/// board's path takes minutes.)
fn path_within(
    logic: &Logic,
    stepper: &Stepper,
    puzzle: &Puzzle,
    solution: &Solution,
    job: &Job,
) -> Result<(Path, bool), Contradiction> {
    let mut board = logic.start(puzzle)?;
    let mut steps = Vec::new();
    while !board.is_solved() {
        if job.over() {
            return Ok((Path { steps }, false));
        }
        let step = (stepper.step(&board)).unwrap_or_else(|| logic.guess(&board, solution));
        logic.apply(&mut board, &step)?;
        steps.push(step);
    }
    // As in `Logic::path`: sound deductions cannot leave a true solution.
    let colours = solution.colours();
    match (0..colours.len()).find(|&c| board.value(c) != Some(colours[c])) {
        Some(cell) => Err(Contradiction { cell }),
        None => Ok((Path { steps }, true)),
    }
}
