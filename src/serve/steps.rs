//! The API's solve by logic, a step at a time: the board after the steps
//! already taken, the steps taken now, and the next one, for the page's
//! step-through hints ("apply", "back", "logic up to here") and its
//! candidates overlay.
//!
//! The server keeps nothing between requests: each replays the path of
//! steps from the givens, which `Logic` finds the same way every time.

use std::time::Instant;

use serde_json::{Value, json};

use super::cost;
use super::job::Job;
use super::reply::{Failure, Reply};
use super::request::{Body, clashes, graph_of, puzzle_of, symbols};
use crate::Verdict;
use crate::logic::{Board, Logic, Step};
use crate::write::json::{Placement, StepRecord, word};

/// How a walk of steps ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// Steps are left: `next` is the first of them.
    Open,
    /// Every cell is placed.
    Solved,
    /// Logic finds no further step: a guess would be needed.
    Stuck,
    /// A step emptied a cell: the puzzle has no solution.
    Contradiction,
    /// The time allowed ran out first.
    GaveUp,
}

impl End {
    fn word(self) -> &'static str {
        match self {
            End::Open => "open",
            End::Solved => "solved",
            End::Stuck => "stuck",
            End::Contradiction => "contradiction",
            End::GaveUp => "gave-up",
        }
    }
}

/// `steps`: from the givens, `from` steps replayed, then `take` more applied
/// (all that logic finds when `take` is left out); the board then (`values`
/// placed, `candidates` of every cell), the steps applied now, and the next
/// step (not applied). `state` says how it ended: `open`, `solved`, `stuck`,
/// `contradiction` (with the emptied `cell`) or `gave-up` (past the
/// request's deadline, with the steps applied so far).
pub(super) fn steps(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let graph = graph_of(body, job.limits())?;
    let puzzle = puzzle_of(&graph, body)?;
    if let Some(cells) = clashes(&graph, &puzzle) {
        return Ok(Reply::json(
            200,
            &json!({ "state": End::Contradiction.word(), "clashes": cells, "applied": 0 }),
        ));
    }
    job.need(cost::logic(&graph))?;
    let started = Instant::now();
    // The steps of the path every door shows: in Sudoku Explainer's order
    // on a puzzle the search shows to have one solution.
    let unique = matches!(
        super::hint::verdict(&graph, &puzzle, job),
        Verdict::Unique(_)
    );
    let logic = Logic::new(&graph);
    let stepper = logic.stepper(unique, logic.budget_since(started));
    let mut board = match logic.start(&puzzle) {
        Ok(board) => board,
        Err(c) => {
            let out = json!({ "state": End::Contradiction.word(), "cell": c.cell, "applied": 0 });
            return Ok(Reply::json(200, &out));
        }
    };
    let from = body.from.unwrap_or(0);
    let last = body
        .take
        .map_or(usize::MAX, |take| from.saturating_add(take));
    let (mut applied, mut taken, mut next) = (0, Vec::new(), None);
    let mut emptied = None;
    let end = loop {
        if board.is_solved() {
            break End::Solved;
        }
        if job.over() {
            break End::GaveUp;
        }
        let Some(step) = stepper.step(&board) else {
            break End::Stuck;
        };
        if applied >= last {
            next = Some(step);
            break End::Open;
        }
        if let Err(c) = logic.apply(&mut board, &step) {
            emptied = Some(c.cell);
            break End::Contradiction;
        }
        if applied >= from {
            taken.push(step);
        }
        applied += 1;
    };
    let steps: Vec<Value> = taken.iter().map(|s| step_json(&logic, s)).collect();
    let mut out = json!({
        "state": end.word(),
        "applied": applied,
        "steps": steps,
        "next": next.map(|s| step_json(&logic, &s)),
        "values": symbols(&graph, board.to_puzzle().givens()),
        "candidates": candidates(&logic, &board),
    });
    if let Some(cell) = emptied {
        out["cell"] = json!(cell);
    }
    Ok(Reply::json(200, &out))
}

/// A step as the CLI's `--output json` gives it, with the placed cell's index.
pub(super) fn step_json(logic: &Logic, step: &Step) -> Value {
    let graph = logic.graph();
    let named = |(cell, colour): (usize, u8)| Placement {
        cell: graph.cells()[cell].name.clone(),
        symbol: graph.alphabet().symbol(colour).to_string(),
    };
    let record = StepRecord {
        technique: word(&step.technique),
        text: logic.describe(step),
        placed: step.placed.map(named),
        eliminated: step.eliminated.iter().copied().map(named).collect(),
        rule: logic
            .rule_kind(step)
            .map(|kind| crate::write::json::StepRule {
                kind,
                cells: (step.cells.iter())
                    .map(|&c| graph.cells()[c].name.clone())
                    .collect(),
            }),
    };
    let mut out = serde_json::to_value(record).unwrap_or_else(|_| json!({}));
    out["cell"] = json!(step.placed.map(|p| p.0));
    out["cells"] = json!(step.cells);
    // Every cell the step changes, for the page to highlight.
    let mut affected: Vec<usize> = step
        .placed
        .iter()
        .chain(&step.eliminated)
        .map(|p| p.0)
        .collect();
    affected.dedup();
    out["affected"] = json!(affected);
    out
}

/// Every cell's candidates on `board`, as symbols.
fn candidates(logic: &Logic, board: &Board) -> Vec<Vec<String>> {
    let alphabet = logic.graph().alphabet();
    (0..logic.graph().len())
        .map(|c| {
            (board.candidates(c).into_iter())
                .map(|k| alphabet.symbol(k).to_string())
                .collect()
        })
        .collect()
}
