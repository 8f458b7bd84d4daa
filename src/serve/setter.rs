//! The API's setter tools: on the designer's own unique puzzle, which givens
//! and which of its rules could each go, and the minimal puzzle reachable by
//! removing givens (the generator's reduction), all within one deadline.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::json;

use super::cost;
use super::job::Job;
use super::reply::{Failure, Reply};
use super::request::{Body, clashes, puzzle_of, record, shape_of, symbols, verified, with_rules};
use crate::generate::setter::{redundant_givens, redundant_rules};
use crate::generate::{GenerateError, Generator, Options};
use crate::prove::{ProveError, Unsupported};
use crate::solver::Stop;
use crate::write::json::{Kind, Outcome};
use crate::{Solver, Verdict, uniqueness};

/// `setter`: for a unique puzzle, `redundant_givens` (cells), `redundant_rules`
/// (indices into the request's `rules`), each asked about alone, and `minimal`
/// (the givens of a minimal puzzle reached by removing givens in the order of
/// `seed`, and their count); what the request's deadline (that of a
/// generation) left undecided in `undecided_givens`, `undecided_rules` (and
/// `minimal` null). A puzzle that is not unique answers its status (with the
/// cells where two solutions differ) and nothing else.
pub(super) fn setter(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let limits = job.limits();
    let shape = shape_of(body, limits)?;
    let graph = with_rules(shape.clone(), body.rules(), limits)?;
    let puzzle = puzzle_of(&graph, body)?;
    if let Some(cells) = clashes(&graph, &puzzle) {
        let mut out = record(Kind::Check, &graph, Outcome::NoSolution);
        out["clashes"] = json!(cells);
        return Ok(Reply::json(200, &out));
    }
    // One deadline for the whole: every search below stops by then.
    job.need(cost::setter(&graph, limits.clauses))?;
    let budget = job.unlimited_nodes();
    let solver = Solver::new(&graph).with_budget(budget);
    let solution = match uniqueness(&solver, &puzzle).0 {
        Verdict::Unique(only) => only,
        Verdict::None => {
            return Ok(Reply::json(
                200,
                &record(Kind::Check, &graph, Outcome::NoSolution),
            ));
        }
        Verdict::GaveUp(_) => {
            return Ok(Reply::json(
                200,
                &record(Kind::Check, &graph, Outcome::GaveUp),
            ));
        }
        Verdict::Multiple(a, b) => {
            let mut out = record(Kind::Check, &graph, Outcome::Multiple);
            out["differing"] = json!(crate::differences(&a, &b));
            return Ok(Reply::json(200, &out));
        }
    };
    verified(&graph, &puzzle, &solution)?;
    let givens = redundant_givens(&solver, &puzzle, &solution);
    let rules = redundant_rules(&shape, body.rules(), &puzzle, budget)
        .map_err(|fault| Failure::new(422, fault.message))?;
    let mut rng = ChaCha8Rng::seed_from_u64(body.seed.unwrap_or(1));
    let minimal = match Generator::new(&graph)
        .with_deadline(job.deadline())
        .with_stop(Stop::new(job.stop_flag()))
        .with_max_clauses(limits.clauses)
        .reduce_puzzle(&mut rng, &puzzle, &Options::default())
    {
        Ok(made) => json!({
            "givens": symbols(&graph, made.puzzle.givens()),
            "clues": made.puzzle.clue_count(),
        }),
        // Out of time, or a question whose formula is over the budget.
        Err(
            GenerateError::OutOfTime
            | GenerateError::Sat(ProveError::Unsupported(
                Unsupported::TooLarge(_) | Unsupported::OutOfTime,
            )),
        ) => serde_json::Value::Null,
        Err(e) => return Err(Failure::new(500, format!("internal error: {e}"))),
    };
    let mut out = record(Kind::Check, &graph, Outcome::Unique);
    out["clues"] = json!(puzzle.clue_count());
    out["complete"] = json!(givens.complete() && rules.complete() && !minimal.is_null());
    out["redundant_givens"] = json!(givens.found);
    out["undecided_givens"] = json!(givens.undecided);
    out["redundant_rules"] = json!(rules.found);
    out["undecided_rules"] = json!(rules.undecided);
    out["minimal"] = minimal;
    Ok(Reply::json(200, &out))
}
