//! `graphdoku grade`: the techniques a puzzle needs, its guesses, its level,
//! and its Sudoku Explainer ratings (ER/EP/ED).

use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use graphdoku::logic::Grade;
use graphdoku::prove::Answerer;
use graphdoku::write::json::{self, Kind, Outcome, PuzzleRecord, SeRecord, SearchRecord, Use};
use graphdoku::{ConstraintGraph, Record};

use super::explain::{analyse_or_report, status};
use super::{Report, Status};

pub(crate) fn run(
    graph: &ConstraintGraph,
    answerer: &mut Answerer,
    record: &Record,
    budget: Duration,
    json: bool,
    report: &mut Report,
) -> Result<Status> {
    let out = &mut report.out;
    let analysis = match analyse_or_report(
        graph,
        budget,
        answerer,
        record,
        json.then_some(Kind::Grade),
        out,
        &mut report.err,
    )? {
        Ok((_, analysis)) => analysis,
        Err(status) => return Ok(status),
    };
    let grade = Grade::of(&analysis.path);
    let search = analysis.stats;
    if json {
        let mut line = PuzzleRecord::new(
            Kind::Grade,
            &record.label,
            &record.location.to_string(),
            Outcome::uniqueness(analysis.unique),
        );
        line.level = Some(json::word(&grade.level));
        line.hardest = grade.hardest.map(|t| json::word(&t));
        line.uses = Some(
            grade
                .uses
                .iter()
                .map(|(t, n)| Use {
                    technique: json::word(t),
                    count: *n,
                })
                .collect(),
        );
        line.guesses = Some(grade.guesses);
        line.se = grade.se.map(|se| SeRecord {
            er: f64::from(se.er) / 10.0,
            ep: f64::from(se.ep) / 10.0,
            ed: f64::from(se.ed) / 10.0,
        });
        line.search = Some(SearchRecord {
            nodes: search.nodes,
            backtracks: search.backtracks,
        });
        writeln!(out, "{}", json::to_line(&line))?;
    } else {
        let uses: Vec<String> = grade
            .uses
            .iter()
            .map(|(t, n)| format!("{} ×{n}", t.name()))
            .collect();
        writeln!(
            out,
            "{}: {}{}{} ({}; search: {}, {})",
            record.label,
            grade.level,
            grade.se.map_or(String::new(), |se| format!(" {se}")),
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
