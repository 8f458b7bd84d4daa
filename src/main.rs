//! The `graphdoku` command.

/// Every `eprintln!` of this binary: the standard one, except that a message
/// that cannot be written (standard error closed or full, `2>/dev/full`) is
/// lost instead of panicking, so the exit status still says what happened.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod app;
mod cli;

use std::io;
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    match app::run(cli::Cli::parse()) {
        Ok(status) => status.into(),
        // `graphdoku solve … | head`: the reader left; nothing more to say.
        Err(error) if io_error(&error).is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) => {
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {}", message(&error));
            // A file that cannot be read or output that cannot be written is
            // not the input's fault: its own status.
            let status = match io_error(&error) {
                Some(_) => app::Status::Io,
                None => app::Status::Invalid,
            };
            status.into()
        }
    }
}

/// `error` and its causes, each said once: a cause whose text the message so
/// far already quotes (`cannot read FILE: REASON`, then REASON) is left out.
fn message(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let said = cause.to_string();
        if text.contains(&said) {
            continue;
        }
        if !text.is_empty() {
            text += ": ";
        }
        text += &said;
    }
    text
}

/// The I/O error behind `error`, if one is.
fn io_error(error: &anyhow::Error) -> Option<&io::Error> {
    error.chain().find_map(|e| e.downcast_ref::<io::Error>())
}
