//! `graphdoku grade`: the techniques a puzzle needs, its guesses, and its level.

use std::io::Write;

use anyhow::Result;
use graphdoku::logic::Grade;
use graphdoku::{ConstraintGraph, Record, Solver};
use serde_json::json;

use super::explain::{analyse_or_report, status};
use super::{Report, Status};

pub(crate) fn run(
    graph: &ConstraintGraph,
    solver: &Solver,
    record: Record,
    json: bool,
    report: &mut Report,
) -> Result<Status> {
    let out = &mut report.out;
    let analysis = match analyse_or_report(graph, solver, &record, json, out, &mut report.err)? {
        Ok((_, analysis)) => analysis,
        Err(status) => return Ok(status),
    };
    let grade = Grade::of(&analysis.path);
    let search = analysis.stats;
    if json {
        let uses: Vec<_> = grade
            .uses
            .iter()
            .map(|(t, n)| json!({ "technique": t, "count": n }))
            .collect();
        let line = json!({
            "label": record.label,
            "location": record.location.to_string(),
            "verdict": if analysis.unique { "unique" } else { "multiple" },
            "level": grade.level,
            "hardest": grade.hardest,
            "uses": uses,
            "guesses": grade.guesses,
            "search": { "nodes": search.nodes, "backtracks": search.backtracks },
        });
        writeln!(out, "{line}")?;
    } else {
        let uses: Vec<String> = grade
            .uses
            .iter()
            .map(|(t, n)| format!("{} ×{n}", t.name()))
            .collect();
        writeln!(
            out,
            "{}: {}{} ({}; search: {}, {})",
            record.label,
            grade.level,
            if analysis.unique { "" } else { ", not unique" },
            if uses.is_empty() {
                "already solved".to_string()
            } else {
                uses.join(", ")
            },
            super::counted(search.nodes as usize, "node", "nodes"),
            super::counted(search.backtracks as usize, "backtrack", "backtracks")
        )?;
    }
    Ok(status(&analysis))
}
