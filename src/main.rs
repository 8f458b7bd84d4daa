//! The `graphdoku` command.

mod app;
mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    match app::run(cli::Cli::parse()) {
        Ok(status) => status.into(),
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(app::Status::Invalid as u8)
        }
    }
}
