//! The JSON API's handlers: each reads a request, calls the library, and answers.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Deserialize;
use serde_json::{Value, json};

use super::{Limits, exchange, setter, steps};
use crate::generate::{Generator, Options};
use crate::logic::{Grade, Level, Logic, Step};
use crate::rules::{RuleFault, RuleSpec};
use crate::variant::{self, BUILTINS, Files, VariantError};
use crate::write::json::{
    CandidateRecord, Difference, EstimateRecord, Kind, Outcome, Placement, PuzzleRecord,
    StepRecord, word,
};
use crate::write::{svg, text};
use crate::{ConstraintGraph, Puzzle, Solution, Solver, Token, Verdict, differences, uniqueness};

/// An answer: status, content type and body.
#[derive(Debug)]
pub(super) struct Reply {
    pub status: u16,
    pub content_type: String,
    pub body: Vec<u8>,
}

impl Reply {
    /// A 200 answer of `content_type`.
    pub fn text(content_type: &str, body: &str) -> Reply {
        Reply {
            status: 200,
            content_type: content_type.to_string(),
            body: body.as_bytes().to_vec(),
        }
    }

    /// A JSON answer.
    pub fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json".to_string(),
            body: value.to_string().into_bytes(),
        }
    }
}

/// A JSON error answer: `{"error": message}`.
pub(super) fn error(status: u16, message: &str) -> Reply {
    Failure::new(status, message).reply()
}

/// Why a request failed: its status, message, and place in a pasted variant
/// or among the request's rules.
#[derive(Debug)]
pub(super) struct Failure {
    status: u16,
    message: String,
    line: usize,
    column: usize,
    /// The request's rule at fault (its index in `rules`), and the cell it names.
    rule: Option<(usize, Option<String>)>,
}

impl Failure {
    pub fn new(status: u16, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
            line: 0,
            column: 0,
            rule: None,
        }
    }

    pub fn bad(message: impl Into<String>) -> Failure {
        Failure::new(400, message)
    }

    /// The same failure at `line` and `column` of the request's text.
    pub fn at(mut self, line: usize, column: usize) -> Failure {
        (self.line, self.column) = (line, column);
        self
    }

    /// `{"error", "line", "column", "rule", "cell"}`, the places only when known.
    pub fn reply(&self) -> Reply {
        let mut body = json!({ "error": self.message });
        if self.line > 0 {
            body["line"] = json!(self.line);
            body["column"] = json!(self.column);
        }
        if let Some((rule, cell)) = &self.rule {
            body["rule"] = json!(rule);
            if let Some(cell) = cell {
                body["cell"] = json!(cell);
            }
        }
        Reply::json(self.status, &body)
    }
}

impl From<(usize, RuleFault)> for Failure {
    /// 422 naming the request's rule at fault (by index) and its cell.
    fn from((index, fault): (usize, RuleFault)) -> Failure {
        let mut failure = Failure::new(422, format!("rule {}: {}", index + 1, fault.message));
        failure.rule = Some((index, fault.cell));
        failure
    }
}

impl From<VariantError> for Failure {
    /// 422 with the line and column of the offending item, when known; 400 for
    /// a reference to a file (the rule is broken, not the variant).
    fn from(e: VariantError) -> Failure {
        let mut inner = &e;
        while let VariantError::Within { source, .. } = inner {
            inner = source;
        }
        let status = match inner {
            VariantError::NotBuiltin { .. } => 400,
            _ => 422,
        };
        let location = match &e {
            VariantError::Syntax { location, .. }
            | VariantError::Invalid { location, .. }
            | VariantError::Within { location, .. } => Some(location.clone()),
            _ => None,
        };
        let mut failure = Failure::new(status, e.to_string());
        if let Some(location) = location {
            failure.line = location.line;
            failure.column = location.column;
        }
        failure
    }
}

/// Every request's fields; each endpoint reads those it needs.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct Body {
    /// A built-in variant's name.
    pub variant: Option<String>,
    /// A pasted RON variant (wins over `variant`).
    pub ron: Option<String>,
    /// One entry per cell, in variant order: a symbol, or null (or "" / ".") for empty.
    pub givens: Option<Vec<Option<String>>>,
    /// Values drawn over the givens in blue (render).
    pub solution: Option<Vec<Option<String>>>,
    /// Count up to this many solutions.
    pub limit: Option<u64>,
    /// Seed of a generated puzzle.
    pub seed: Option<u64>,
    /// Difficulty of a generated puzzle: easy, medium, hard, fiendish, needs-search.
    pub difficulty: Option<String>,
    /// An f-puzzles string to import.
    pub fpuzzles: Option<String>,
    /// A title (render) or name (puzzle).
    pub title: Option<String>,
    /// Estimate the number of solutions instead of counting them (count).
    pub estimate: Option<bool>,
    /// Probes of an estimate, at most.
    pub samples: Option<u64>,
    /// Rules the puzzle adds to its variant, as the RON schema's rules in
    /// JSON (`{"Killer": {"cells": ["r1c1", "r1c2"], "total": 3}}`): what the
    /// page draws. Read by the same definitions as a RON puzzle file's.
    pub rules: Option<Vec<RuleSpec>>,
    /// Who set the puzzle (exports, the picture's title line).
    pub author: Option<String>,
    /// The rules in words, for solvers (exports).
    pub rules_text: Option<String>,
    /// A picture to download (render, png): no cell tags, the title, author
    /// and rules text in the SVG's own `<title>` and `<desc>`.
    pub download: Option<bool>,
    /// PNG pixels per SVG pixel (png).
    pub scale: Option<f32>,
    /// Steps already applied (steps).
    pub from: Option<usize>,
    /// Steps to apply now (steps); none given: every step logic finds.
    pub take: Option<usize>,
    /// A rule written in RON (rule).
    pub text: Option<String>,
}

impl Body {
    /// The puzzle's own rules (none when not given).
    pub fn rules(&self) -> &[RuleSpec] {
        self.rules.as_deref().unwrap_or(&[])
    }

    /// A text field with something in it, trimmed.
    fn filled(field: &Option<String>) -> Option<&str> {
        field.as_deref().map(str::trim).filter(|t| !t.is_empty())
    }

    /// The puzzle's title, when given.
    pub fn title(&self) -> Option<&str> {
        Self::filled(&self.title)
    }

    /// The setter's name, when given.
    pub fn author(&self) -> Option<&str> {
        Self::filled(&self.author)
    }

    /// The rules in words, when given.
    pub fn rules_text(&self) -> Option<&str> {
        Self::filled(&self.rules_text)
    }
}

/// The most solutions `count` counts.
const MAX_LIMIT: u64 = 1_000_000;
/// The most rules a request may add: far more than any puzzle has, and few
/// enough that a rule over every cell (non-consecutive) cannot be repeated
/// into a solver of millions of propagators.
const MAX_RULES: usize = 500;
/// Generations running at once (they cannot be cut short: see [`generate`]).
const MAX_GENERATING: usize = 2;
static GENERATING: AtomicUsize = AtomicUsize::new(0);

/// `GET /api/variants`: the built-in variants' names.
pub(super) fn variants() -> Reply {
    let names: Vec<&str> = BUILTINS.iter().map(|b| b.0).collect();
    Reply::json(200, &json!({ "variants": names }))
}

/// `POST /api/<endpoint>` with a JSON body.
pub(super) fn post(endpoint: &str, body: &[u8], limits: &Limits) -> Reply {
    let body: Body = match serde_json::from_slice(body) {
        Ok(body) => body,
        Err(e) => return error(400, &format!("bad JSON: {e}")),
    };
    let answer = match endpoint {
        "variant" => variant_info(&body, limits),
        "render" => render(&body, limits),
        "solve" => solve(&body, limits),
        "count" => count(&body, limits),
        "check" => check(&body, limits),
        "hint" => hint(&body, limits, true),
        "grade" => hint(&body, limits, false),
        "generate" => generate(&body, limits),
        "import" => exchange::import(&body),
        "puzzle" => exchange::puzzle(&body, limits),
        "export" => exchange::export(&body, limits),
        "png" => exchange::png(&body, limits),
        "rule" => exchange::rule(&body, limits),
        "steps" => steps::steps(&body, limits),
        "setter" => setter::setter(&body, limits),
        "candidates" => true_candidates(&body, limits),
        _ => Err(Failure::new(404, format!("no API endpoint {endpoint:?}"))),
    };
    match answer {
        Ok(reply) => reply,
        Err(failure) => failure.reply(),
    }
}

/// The graph of a request: its variant with its rules added.
pub(super) fn graph_of(body: &Body, limits: &Limits) -> Result<ConstraintGraph, Failure> {
    with_rules(shape_of(body, limits)?, body.rules())
}

/// `shape` with `rules` added; the first rule that does not fit is the error.
pub(super) fn with_rules(
    shape: ConstraintGraph,
    rules: &[RuleSpec],
) -> Result<ConstraintGraph, Failure> {
    if let Some(fault) = faults(&shape, rules).into_iter().next() {
        return Err(fault.into());
    }
    shape
        .with_rules(rules)
        .map_err(|fault| Failure::new(422, fault.message))
}

/// The rules that do not fit `shape` (an unknown cell, a line that jumps, a
/// total no digits make…), each with its index, read one by one as a RON
/// puzzle's are.
fn faults(shape: &ConstraintGraph, rules: &[RuleSpec]) -> Vec<(usize, RuleFault)> {
    if rules.len() > MAX_RULES {
        let fault = RuleFault {
            message: format!("more than {MAX_RULES} rules"),
            cell: None,
            word: "rules",
        };
        return vec![(MAX_RULES, fault)];
    }
    let by_name: HashMap<&str, usize> = (shape.cells().iter().enumerate())
        .map(|(i, c)| (c.name.as_str(), i))
        .collect();
    let index = |name: &str| by_name.get(name).copied();
    let cx = crate::rules::Context {
        cells: shape.cells(),
        values: shape.values(),
        index: &index,
        houses: shape.houses(),
    };
    (rules.iter().enumerate())
        .filter_map(|(i, rule)| rule.resolve(&cx).err().map(|fault| (i, fault)))
        .collect()
}

/// The variant a request names: pasted RON, or a built-in, within
/// [`Limits::capacity`]. Never a file: a name is a built-in's, and a pasted
/// variant may extend or place built-ins only, so no request opens a file.
pub(super) fn shape_of(body: &Body, limits: &Limits) -> Result<ConstraintGraph, Failure> {
    let loaded = match (&body.ron, &body.variant) {
        (Some(source), _) => variant::parse_with(source, "pasted variant", Files::Off)?,
        (None, Some(name)) => {
            let Some((name, source)) = BUILTINS.iter().find(|b| b.0 == name) else {
                return Err(Failure::bad(format!("no built-in variant {name:?}")));
            };
            variant::parse(source, name)?
        }
        (None, None) => return Err(Failure::bad("name a \"variant\" or paste a \"ron\"")),
    };
    Ok(ConstraintGraph::build_within(&loaded, &limits.capacity)?)
}

/// Cell values by symbol, one per cell; `what` names the field in errors.
pub(super) fn values(
    graph: &ConstraintGraph,
    given: Option<&Vec<Option<String>>>,
    what: &str,
) -> Result<Vec<Option<u8>>, Failure> {
    let Some(given) = given else {
        return Ok(vec![None; graph.len()]);
    };
    if given.len() != graph.len() {
        return Err(Failure::bad(format!(
            "\"{what}\" has {}, but the variant has {}",
            crate::names::counted(given.len(), "entry", "entries"),
            crate::names::counted(graph.len(), "cell", "cells")
        )));
    }
    let alphabet = graph.alphabet();
    given
        .iter()
        .enumerate()
        .map(|(cell, value)| match value.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => match alphabet.token(text) {
                Token::Symbol(colour) => Ok(Some(colour)),
                Token::Empty => Ok(None),
                Token::Unknown => Err(Failure::bad(format!(
                    "{what}: cell {}: {text:?} is not a symbol of this variant ({})",
                    graph.cells()[cell].name,
                    alphabet.expected()
                ))),
            },
        })
        .collect()
}

/// The puzzle of a request's givens.
pub(super) fn puzzle_of(graph: &ConstraintGraph, body: &Body) -> Result<Puzzle, Failure> {
    Ok(Puzzle::new(values(graph, body.givens.as_ref(), "givens")?))
}

/// Symbols by cell, for the page.
pub(super) fn symbols(graph: &ConstraintGraph, values: &[Option<u8>]) -> Vec<Option<String>> {
    let alphabet = graph.alphabet();
    values
        .iter()
        .map(|v| v.map(|c| alphabet.symbol(c).to_string()))
        .collect()
}

/// A solution by cell, after the independent check every shown solution gets.
pub(super) fn verified(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    solution: &Solution,
) -> Result<Vec<Option<String>>, Failure> {
    crate::verify(graph, puzzle, solution).map_err(wrong)?;
    Ok(symbols(graph, solution.to_puzzle().givens()))
}

/// The versioned record of the CLI's `--output json`, as JSON to extend.
pub(super) fn record(kind: Kind, graph: &ConstraintGraph, status: Outcome) -> Value {
    let record = PuzzleRecord::new(kind, graph.name(), "request", status);
    serde_json::to_value(record).unwrap_or_else(|_| json!({}))
}

/// Cells whose givens clash, as the page highlights them; `None` if none do.
pub(super) fn clashes(graph: &ConstraintGraph, puzzle: &Puzzle) -> Option<Vec<usize>> {
    let clashes = puzzle.clashes(graph);
    let mut cells: Vec<usize> = clashes.iter().flat_map(|c| [c.first, c.second]).collect();
    cells.sort_unstable();
    cells.dedup();
    (!cells.is_empty()).then_some(cells)
}

/// `variant`: the shape's cells, symbols, layout and an empty tagged drawing.
fn variant_info(body: &Body, limits: &Limits) -> Result<Reply, Failure> {
    let graph = graph_of(body, limits)?;
    let cells: Vec<Value> = graph
        .cells()
        .iter()
        .map(|cell| {
            let at = match cell.coord {
                crate::graph::Coord::Grid { row, col } => json!([row, col]),
                crate::graph::Coord::Polar { sector, ring } => json!([sector, ring]),
                crate::graph::Coord::Free { x, y } => json!([y, x]),
            };
            json!({ "name": cell.name, "at": at })
        })
        .collect();
    let layout = match graph.layout() {
        crate::graph::Layout::Grid { .. } => "grid",
        crate::graph::Layout::Polar { .. } => "polar",
        crate::graph::Layout::Free => "free",
    };
    let empty = vec![None; graph.len()];
    let picture = svg::svg_tagged(
        &graph,
        svg::Values {
            givens: &empty,
            solved: None,
        },
        graph.name(),
    );
    Ok(Reply::json(
        200,
        &json!({
            "name": graph.name(),
            "layout": layout,
            "symbols": graph.alphabet().symbols(),
            "cells": cells,
            "houses": graph.houses().len(),
            "svg": picture,
            // The text of the variant, for the page's RON box: the pasted one,
            // or the built-in's own.
            "ron": ron_text(body),
        }),
    ))
}

/// The RON text of a request's variant: pasted, or a built-in's source.
fn ron_text(body: &Body) -> Option<&str> {
    match (&body.ron, &body.variant) {
        (Some(source), _) => Some(source),
        (None, Some(name)) => BUILTINS.iter().find(|b| b.0 == name).map(|b| b.1),
        (None, None) => None,
    }
}

/// `render`: the givens (and a solution over them) drawn, cells tagged (or,
/// for a download, the picture as it is saved). Rules that do not fit are left
/// out of the picture and listed in `faults`, so that the page still shows
/// the rest while one is being drawn.
fn render(body: &Body, limits: &Limits) -> Result<Reply, Failure> {
    let shape = shape_of(body, limits)?;
    let faults = faults(&shape, body.rules());
    let fitting: Vec<RuleSpec> = (body.rules().iter().enumerate())
        .filter(|(i, _)| !faults.iter().any(|(f, _)| f == i))
        .map(|(_, rule)| rule.clone())
        .collect();
    let graph = with_rules(shape, &fitting)?;
    let picture = picture(&graph, body, body.download == Some(true))?;
    let faults: Vec<Value> = (faults.into_iter())
        .map(|(i, fault)| json!({ "rule": i, "error": fault.message, "cell": fault.cell }))
        .collect();
    Ok(Reply::json(
        200,
        &json!({ "svg": picture, "faults": faults }),
    ))
}

/// The picture of a request's givens (and `solution` over them) on `graph`,
/// titled with the puzzle's title and author; for a download, untagged and
/// with the title, author and rules text in the SVG's `<title>` and `<desc>`.
pub(super) fn picture(
    graph: &ConstraintGraph,
    body: &Body,
    download: bool,
) -> Result<String, Failure> {
    let givens = values(graph, body.givens.as_ref(), "givens")?;
    let solved = match &body.solution {
        Some(_) => Some(values(graph, body.solution.as_ref(), "solution")?),
        None => None,
    };
    let title = body.title().unwrap_or(graph.name());
    let title = match body.author() {
        Some(author) => format!("{title} by {author}"),
        None => title.to_string(),
    };
    let values = svg::Values {
        givens: &givens,
        solved: solved.as_deref(),
    };
    if !download {
        return Ok(svg::svg_tagged(graph, values, &title));
    }
    let picture = svg::svg(graph, values, &title);
    // The words travel with the picture, where SVG keeps them.
    let escape = |text: &str| {
        text.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let mut about = format!("<title>{}</title>\n", escape(&title));
    if let Some(text) = body.rules_text() {
        about += &format!("<desc>{}</desc>\n", escape(text));
    }
    Ok(match picture.split_once('\n') {
        Some((head, rest)) => format!("{head}\n{about}{rest}"),
        None => picture,
    })
}

/// `solve`: the first solution found, verified.
fn solve(body: &Body, limits: &Limits) -> Result<Reply, Failure> {
    let graph = graph_of(body, limits)?;
    let puzzle = puzzle_of(&graph, body)?;
    if let Some(cells) = clashes(&graph, &puzzle) {
        let mut out = record(Kind::Solve, &graph, Outcome::NoSolution);
        out["clashes"] = json!(cells);
        return Ok(Reply::json(200, &out));
    }
    let solver = Solver::new(&graph).with_budget(limits.budget);
    let count = solver.count_solutions(&puzzle, 1);
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
fn count(body: &Body, limits: &Limits) -> Result<Reply, Failure> {
    let graph = graph_of(body, limits)?;
    let puzzle = puzzle_of(&graph, body)?;
    let limit = body.limit.unwrap_or(2);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Failure::bad(format!(
            "\"limit\" must be from 1 to {MAX_LIMIT}"
        )));
    }
    if body.estimate == Some(true) {
        return estimated(&graph, &puzzle, body, limits);
    }
    let solver = Solver::new(&graph).with_budget(limits.budget);
    let count = solver.count_solutions(&puzzle, limit);
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
/// its interval, from as many probes as one search's budget allows (or
/// `samples`, when fewer), seeded by `seed` (default 1).
fn estimated(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    body: &Body,
    limits: &Limits,
) -> Result<Reply, Failure> {
    let options = crate::estimate::Options {
        samples: body.samples,
        seed: body.seed.unwrap_or(1),
        budget: limits.budget,
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
/// `limit` (default 1,000) per value; all its searches together within one
/// search's budget, after which the answer says it is incomplete.
fn true_candidates(body: &Body, limits: &Limits) -> Result<Reply, Failure> {
    let graph = graph_of(body, limits)?;
    let puzzle = puzzle_of(&graph, body)?;
    let limit = body.limit.unwrap_or(crate::candidates::DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Failure::bad(format!(
            "\"limit\" must be from 1 to {MAX_LIMIT}"
        )));
    }
    if let Some(cells) = clashes(&graph, &puzzle) {
        let mut out = record(Kind::Candidates, &graph, Outcome::NoSolution);
        out["clashes"] = json!(cells);
        return Ok(Reply::json(200, &out));
    }
    let options = crate::candidates::Options {
        limit,
        budget: limits.budget,
    };
    let found = crate::candidates::candidates(&graph, &puzzle, options).map_err(wrong)?;
    let mut out = record(Kind::Candidates, &graph, Outcome::of_candidates(&found));
    out["count"] = json!(found.solutions.solutions);
    out["complete"] = json!(found.complete());
    out["cells"] = json!(CandidateRecord::of(&graph, &found));
    Ok(Reply::json(200, &out))
}

/// The answer to a solution that failed the independent check: a bug.
fn wrong(violation: crate::Violation) -> Failure {
    Failure::new(
        500,
        format!("internal error: the solver's answer is wrong: {violation}"),
    )
}

/// `check`: unique, none or multiple; two solutions and the cells they differ in.
fn check(body: &Body, limits: &Limits) -> Result<Reply, Failure> {
    let graph = graph_of(body, limits)?;
    let puzzle = puzzle_of(&graph, body)?;
    if let Some(cells) = clashes(&graph, &puzzle) {
        let mut out = record(Kind::Check, &graph, Outcome::NoSolution);
        out["clashes"] = json!(cells);
        return Ok(Reply::json(200, &out));
    }
    let solver = Solver::new(&graph).with_budget(limits.budget);
    let (verdict, stats) = uniqueness(&solver, &puzzle);
    let mut out = match verdict {
        Verdict::None => record(Kind::Check, &graph, Outcome::NoSolution),
        Verdict::GaveUp(_) => record(Kind::Check, &graph, Outcome::GaveUp),
        Verdict::Unique(only) => {
            let mut out = record(Kind::Check, &graph, Outcome::Unique);
            out["solution"] = json!(text::line(&graph, only.to_puzzle().givens()));
            out["cells"] = json!(verified(&graph, &puzzle, &only)?);
            out
        }
        Verdict::Multiple(a, b) => {
            let mut out = record(Kind::Check, &graph, Outcome::Multiple);
            let (first, second) = (
                verified(&graph, &puzzle, &a)?,
                verified(&graph, &puzzle, &b)?,
            );
            let cells = differences(&a, &b);
            let symbol = |s: &Solution, c: usize| graph.alphabet().symbol(s.colours()[c]);
            let listed: Vec<Difference> = cells
                .iter()
                .map(|&c| Difference {
                    cell: graph.cells()[c].name.clone(),
                    first: symbol(&a, c).to_string(),
                    second: symbol(&b, c).to_string(),
                })
                .collect();
            out["solutions"] = json!([
                text::line(&graph, a.to_puzzle().givens()),
                text::line(&graph, b.to_puzzle().givens())
            ]);
            out["differences"] = json!(listed);
            out["differing"] = json!(cells);
            out["cells"] = json!(first);
            out["second"] = json!(second);
            out
        }
    };
    out["search"] = json!({ "nodes": stats.nodes, "backtracks": stats.backtracks });
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

/// `hint` (the next explained step) or `grade` (the level of the whole path).
fn hint(body: &Body, limits: &Limits, next: bool) -> Result<Reply, Failure> {
    let kind = if next { Kind::Hint } else { Kind::Grade };
    let graph = graph_of(body, limits)?;
    let puzzle = puzzle_of(&graph, body)?;
    if let Some(cells) = clashes(&graph, &puzzle) {
        let mut out = record(kind, &graph, Outcome::NoSolution);
        out["clashes"] = json!(cells);
        return Ok(Reply::json(200, &out));
    }
    let solver = Solver::new(&graph).with_budget(limits.budget);
    let (solution, unique) = match uniqueness(&solver, &puzzle).0 {
        Verdict::None => return Ok(Reply::json(200, &record(kind, &graph, Outcome::NoSolution))),
        Verdict::GaveUp(_) => return Ok(Reply::json(200, &record(kind, &graph, Outcome::GaveUp))),
        Verdict::Unique(only) => (only, true),
        Verdict::Multiple(first, _) => (first, false),
    };
    verified(&graph, &puzzle, &solution)?;
    let logic = Logic::new(&graph);
    let contradiction = |c: crate::logic::Contradiction| {
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
    let within = limits.budget.timeout.unwrap_or(Duration::from_secs(2));
    let Some(path) = path_within(&logic, &puzzle, &solution, within).map_err(contradiction)? else {
        // A path too long to find in time (a big empty board): the grade gives
        // up; a hint is still the first step, without the puzzle's level.
        if !next {
            return Ok(Reply::json(200, &record(kind, &graph, Outcome::GaveUp)));
        }
        let board = logic.start(&puzzle).map_err(contradiction)?;
        let step = logic
            .next_step(&board)
            .unwrap_or_else(|| logic.guess(&board, &solution));
        let mut out = record(kind, &graph, status);
        out["level"] = Value::Null;
        out["steps"] = json!([step_json(&logic, &step)]);
        return Ok(Reply::json(200, &out));
    };
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

/// [`Logic::path`] within `time`: `None` when the path is not found by then.
/// (Each step scans the whole board, so a big empty board takes minutes.)
fn path_within(
    logic: &Logic,
    puzzle: &Puzzle,
    solution: &Solution,
    time: Duration,
) -> Result<Option<crate::logic::Path>, crate::logic::Contradiction> {
    let started = Instant::now();
    let mut board = logic.start(puzzle)?;
    let mut steps = Vec::new();
    while !board.is_solved() {
        if started.elapsed() > time {
            return Ok(None);
        }
        let step = logic
            .next_step(&board)
            .unwrap_or_else(|| logic.guess(&board, solution));
        logic.apply(&mut board, &step)?;
        steps.push(step);
    }
    // As in `Logic::path`: sound deductions cannot leave a true solution.
    let colours = solution.colours();
    match (0..colours.len()).find(|&c| board.value(c) != Some(colours[c])) {
        Some(cell) => Err(crate::logic::Contradiction { cell }),
        None => Ok(Some(crate::logic::Path { steps })),
    }
}

/// `generate`: a unique, minimal puzzle from `seed` (and `difficulty`).
///
/// It runs on its own thread with a deadline of [`Limits::generate`], when the
/// request gives up on it and so does the generator; at most
/// [`MAX_GENERATING`] run at once.
fn generate(body: &Body, limits: &Limits) -> Result<Reply, Failure> {
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
    if GENERATING.fetch_add(1, Ordering::SeqCst) >= MAX_GENERATING {
        GENERATING.fetch_sub(1, Ordering::SeqCst);
        return Err(Failure::new(503, "busy: other puzzles are being generated"));
    }
    let (send, receive) = mpsc::channel();
    let deadline = std::time::Instant::now() + limits.generate;
    let options = Options {
        difficulty,
        attempts: if difficulty.is_some() { 50 } else { 1 },
        ..Options::default()
    };
    let spawned = std::thread::Builder::new()
        .name("serve-generate".to_string())
        .spawn(move || {
            super::http::below_the_page();
            let made = std::panic::catch_unwind(|| {
                // Past the wait the page gets no puzzle: stop working then.
                Generator::new(&graph)
                    .with_deadline(deadline)
                    .generate(&mut ChaCha8Rng::seed_from_u64(seed), &options)
                    .map(|made| (graph, made))
            });
            GENERATING.fetch_sub(1, Ordering::SeqCst);
            let _ = send.send(made);
        });
    if spawned.is_err() {
        GENERATING.fetch_sub(1, Ordering::SeqCst);
        return Err(Failure::new(503, "could not start the generator"));
    }
    let (graph, made) = match receive.recv_timeout(limits.generate) {
        Err(_) => {
            let mut out = json!({ "status": word(&Outcome::GaveUp) });
            out["error"] = json!(format!(
                "no puzzle within {} s",
                limits.generate.as_secs_f32()
            ));
            return Ok(Reply::json(200, &out));
        }
        Ok(Err(_)) => return Err(Failure::new(500, "internal error: the generator panicked")),
        Ok(Ok(Err(e))) => {
            let mut out = json!({ "status": word(&Outcome::GaveUp) });
            out["error"] = json!(e.to_string());
            return Ok(Reply::json(200, &out));
        }
        Ok(Ok(Ok(made))) => made,
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
