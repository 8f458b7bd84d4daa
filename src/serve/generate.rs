//! The API's `generate`: a unique, minimal puzzle of the request's variant,
//! made within the request's deadline (that of a generation), its SAT
//! questions within the server's clause budget.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::json;

use super::cost;
use super::job::Job;
use super::reply::{Failure, Reply};
use super::request::{Body, graph_of, record, symbols, verified};
use crate::generate::{GenerateError, Generator, Options};
use crate::logic::Level;
use crate::solver::Stop;
use crate::write::json::{Kind, Outcome, word};
use crate::write::text;

/// `generate`: a unique, minimal puzzle from `seed` (and `difficulty`); when
/// none is made in time, `status` gave-up and why in `error`.
pub(super) fn generate(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let limits = job.limits();
    let graph = graph_of(body, limits)?;
    let difficulty = match body.difficulty.as_deref() {
        None | Some("" | "any") => None,
        Some(name) => Some(
            Level::ALL
                .into_iter()
                .find(|l| l.name() == name)
                .ok_or_else(|| {
                    Failure::bad(format!(
                        "unknown difficulty {name:?} (easy, medium, hard, fiendish, needs-search)"
                    ))
                })?,
        ),
    };
    let seed = body.seed.unwrap_or(1);
    let options = Options {
        difficulty,
        attempts: if difficulty.is_some() { 50 } else { 1 },
        ..Options::default()
    };
    job.need(cost::generation(&graph, limits.clauses))?;
    let made = Generator::new(&graph)
        .with_deadline(job.deadline())
        .with_stop(Stop::new(job.stop_flag()))
        .with_max_clauses(limits.clauses)
        .generate(&mut ChaCha8Rng::seed_from_u64(seed), &options);
    let made = match made {
        Ok(made) => made,
        Err(e) => {
            let why = match e {
                // Out of time before the deadline: a question the search
                // left that SAT could not take.
                GenerateError::OutOfTime if !job.over() => format!(
                    "no puzzle: a question the search could not settle was left (its SAT \
                     formula over this server's {} clauses, or a rule SAT does not encode)",
                    limits.clauses
                ),
                e => e.to_string(),
            };
            let mut out = json!({ "status": word(&Outcome::GaveUp) });
            out["error"] = json!(why);
            return Ok(Reply::json(200, &out));
        }
    };
    let givens = made.puzzle.givens();
    let mut out = record(Kind::Generate, &graph, Outcome::Generated);
    out["puzzle"] = json!(text::line(&graph, givens));
    out["givens"] = json!(symbols(&graph, givens));
    out["cells"] = json!(verified(&graph, &made.puzzle, &made.solution)?);
    out["clues"] = json!(made.puzzle.clue_count());
    out["level"] = json!(made.grade.as_ref().map(|g| word(&g.level)));
    out["seed"] = json!(seed);
    Ok(Reply::json(200, &out))
}
