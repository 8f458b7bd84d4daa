//! The API's requests: the fields a JSON body may hold, and reading them into
//! the library's terms (the variant, its rules, the givens) within the
//! server's [`Limits`].

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{Value, json};

use super::Limits;
use super::reply::Failure;
use crate::rules::{RuleFault, RuleSpec};
use crate::variant::{self, BUILTINS, Files};
use crate::write::json::{Kind, Outcome, PuzzleRecord};
use crate::{ConstraintGraph, Puzzle, Solution, Token};

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
    /// The request's body read from JSON.
    pub fn read(bytes: &[u8]) -> Result<Body, Failure> {
        serde_json::from_slice(bytes).map_err(|e| Failure::bad(format!("bad JSON: {e}")))
    }

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

/// The graph of a request: its variant with its rules added.
pub(super) fn graph_of(body: &Body, limits: &Limits) -> Result<ConstraintGraph, Failure> {
    with_rules(shape_of(body, limits)?, body.rules(), limits)
}

/// `shape` with `rules` added, within the limits on rules (the variant's own
/// rules count too); the first rule that does not fit is the error.
pub(super) fn with_rules(
    shape: ConstraintGraph,
    rules: &[RuleSpec],
    limits: &Limits,
) -> Result<ConstraintGraph, Failure> {
    if let Some(fault) = faults(&shape, rules, limits).into_iter().next() {
        return Err(fault.into());
    }
    let graph = shape
        .with_rules(rules)
        .map_err(|fault| Failure::new(422, fault.message))?;
    match graph.rules_over(&limits.capacity) {
        Some(why) => Err(Failure::new(422, why)),
        None => Ok(graph),
    }
}

/// The rules that do not fit `shape` (an unknown cell, a line that jumps, a
/// total no digits make…), each with its index, read one by one as a RON
/// puzzle's are; or, when there are more than the limits allow (the
/// variant's own rules counted too), that alone, at the first rule too many.
pub(super) fn faults(
    shape: &ConstraintGraph,
    rules: &[RuleSpec],
    limits: &Limits,
) -> Vec<(usize, RuleFault)> {
    let most = limits.capacity.rules;
    let count = shape.rules().len() + rules.len();
    if count > most {
        let fault = RuleFault {
            message: format!(
                "{count} rules (the variant's and these) is more than the limit of {most}"
            ),
            cell: None,
            word: "rules",
        };
        return vec![(most.saturating_sub(shape.rules().len()), fault)];
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
/// [`Limits::capacity`] (its rules counted before any is read). Never a
/// file: a name is a built-in's, and a pasted variant may extend or place
/// built-ins only, so no request opens a file.
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

/// The RON text of a request's variant: pasted, or a built-in's source.
pub(super) fn ron_text(body: &Body) -> Option<&str> {
    match (&body.ron, &body.variant) {
        (Some(source), _) => Some(source),
        (None, Some(name)) => BUILTINS.iter().find(|b| b.0 == name).map(|b| b.1),
        (None, None) => None,
    }
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

/// The answer to a solution that failed the independent check: a bug.
pub(super) fn wrong(violation: crate::Violation) -> Failure {
    Failure::new(
        500,
        format!("internal error: the solver's answer is wrong: {violation}"),
    )
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
