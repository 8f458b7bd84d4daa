//! `graphdoku completions`: a shell completion script, from the clap declarations.

use std::io::Write;

use anyhow::Result;
use clap::CommandFactory;
use clap_complete::Shell;

use super::Status;
use crate::cli::Cli;

/// Writes the completion script of `shell` for every subcommand and option.
pub(crate) fn run(shell: Shell, out: &mut impl Write) -> Result<Status> {
    let mut command = Cli::command();
    // Made in memory first: clap_complete panics on a write error (`| head`),
    // where a closed pipe must end quietly.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "graphdoku", &mut script);
    out.write_all(&script)?;
    Ok(Status::Ok)
}
