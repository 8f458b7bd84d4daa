//! The API's pictures: `variant` (the shape and its empty drawing, tagged
//! for the page) and `render` (a puzzle drawn, or its download), within the
//! memory their estimate holds and the size an answer may have.

use serde_json::{Value, json};

use super::cost;
use super::job::Job;
use super::reply::{Failure, Reply};
use super::request::{Body, faults, graph_of, ron_text, shape_of, values, with_rules};
use crate::ConstraintGraph;
use crate::graph::{Coord, Layout};
use crate::rules::RuleSpec;
use crate::write::svg;

/// 422 unless an answer of `bytes` is within the limit of an answer.
pub(super) fn fits(job: &Job, bytes: usize) -> Result<(), Failure> {
    let most = job.limits().answer;
    if bytes > most {
        return Err(Failure::new(
            422,
            format!("the answer would be {bytes} bytes, more than the {most} an answer may have"),
        ));
    }
    Ok(())
}

/// `variant`: the shape's cells, symbols, layout and an empty tagged drawing.
pub(super) fn variant_info(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let graph = graph_of(body, job.limits())?;
    job.need(cost::drawing(&graph, graph.name().len()))?;
    let cells: Vec<Value> = graph
        .cells()
        .iter()
        .map(|cell| {
            let at = match cell.coord {
                Coord::Grid { row, col } => json!([row, col]),
                Coord::Polar { sector, ring } => json!([sector, ring]),
                Coord::Free { x, y } => json!([y, x]),
            };
            json!({ "name": cell.name, "at": at })
        })
        .collect();
    let layout = match graph.layout() {
        Layout::Grid { .. } => "grid",
        Layout::Polar { .. } => "polar",
        Layout::Free => "free",
    };
    let empty = vec![None; graph.len()];
    let values = svg::Values {
        givens: &empty,
        solved: None,
    };
    let picture = svg::svg_tagged(&graph, values, graph.name());
    fits(job, picture.len())?;
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

/// `render`: the givens (and a solution over them) drawn, cells tagged (or,
/// for a download, the picture as it is saved). Rules that do not fit are left
/// out of the picture and listed in `faults`, so that the page still shows
/// the rest while one is being drawn.
pub(super) fn render(body: &Body, job: &Job) -> Result<Reply, Failure> {
    let limits = job.limits();
    let shape = shape_of(body, limits)?;
    let faults = faults(&shape, body.rules(), limits);
    let fitting: Vec<RuleSpec> = (body.rules().iter().enumerate())
        .filter(|(i, _)| !faults.iter().any(|(f, _)| f == i))
        .map(|(_, rule)| rule.clone())
        .collect();
    let graph = with_rules(shape, &fitting, limits)?;
    let picture = picture(&graph, body, body.download == Some(true), job)?;
    fits(job, picture.len())?;
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
/// Within the memory of its estimate.
pub(super) fn picture(
    graph: &ConstraintGraph,
    body: &Body,
    download: bool,
    job: &Job,
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
    let words = title.len() + body.rules_text().map_or(0, str::len);
    job.need(cost::drawing(graph, words))?;
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
