//! The `graphdoku` command.

mod app;
mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    match app::run(cli::Cli::parse()) {
        Ok(status) => status.into(),
        // `graphdoku solve … | head`: the reader left; nothing more to say.
        Err(error)
            if error
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(app::Status::Invalid as u8)
        }
    }
}
