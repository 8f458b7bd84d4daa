//! `graphdoku graph`: a variant's constraint graph as DOT or JSON.

use std::io::Write;

use anyhow::Result;
use graphdoku::write::{dot, json};

use super::Status;
use crate::cli::GraphFormat;

/// Writes `variant`'s graph in `format` to `out`. DOT edges are labelled as
/// `labels` says (`--labels` / `--no-labels`), or, when it says nothing, up to
/// [`dot::LABEL_LIMIT`] edges, with a note on standard error past it.
pub(crate) fn run(
    variant: &str,
    format: GraphFormat,
    labels: Option<bool>,
    out: &mut impl Write,
) -> Result<Status> {
    let graph = super::info::load(variant)?;
    match format {
        GraphFormat::Dot => {
            let edges = graph.graph().edge_count();
            let labels = labels.unwrap_or_else(|| {
                let few = edges <= dot::LABEL_LIMIT;
                if !few {
                    eprintln!(
                        "note: {edges} edges, more than {}: edges are not labelled with their house, \
                         which would hide the drawing (--labels labels them)",
                        dot::LABEL_LIMIT
                    );
                }
                few
            });
            write!(out, "{}", dot::dot(&graph, labels))?
        }
        GraphFormat::Json => writeln!(out, "{}", json::to_line(&json::GraphRecord::of(&graph)))?,
    }
    Ok(Status::Ok)
}
