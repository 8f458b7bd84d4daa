//! `graphdoku graph`: a variant's constraint graph as DOT or JSON.

use std::io::Write;

use anyhow::Result;
use graphdoku::write::{dot, json};

use super::Status;
use crate::cli::GraphFormat;

pub(crate) fn run(variant: &str, format: GraphFormat, out: &mut impl Write) -> Result<Status> {
    let graph = super::info::load(variant)?;
    match format {
        GraphFormat::Dot => write!(out, "{}", dot::dot(&graph))?,
        GraphFormat::Json => writeln!(out, "{}", json::to_line(&json::GraphRecord::of(&graph)))?,
    }
    Ok(Status::Ok)
}
