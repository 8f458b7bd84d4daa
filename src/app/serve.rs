//! `graphdoku serve`: the local web page, until interrupted.

use anyhow::{Context, Result};
use graphdoku::serve::{Limits, Server};

use super::Status;

/// Serves on `port` (0: any free one) within `max_memory` megabytes.
pub(crate) fn run(port: u16, open: bool, no_token: bool, max_memory: u64) -> Result<Status> {
    let limits = Limits {
        memory: max_memory << 20,
        ..Limits::default()
    };
    let mut server =
        Server::bind(port, limits).with_context(|| format!("cannot listen on 127.0.0.1:{port}"))?;
    if no_token {
        server = server.without_token();
        eprintln!(
            "warning: --no-token: any program on this machine can use the page's API \
             (web pages from other sites are still refused)"
        );
    }
    let url = server.url();
    // The URL on its own line, flushed at once: scripts and tests wait for it.
    println!("graphdoku serve: open {url} (Ctrl-C stops)");
    if open {
        let opener = if cfg!(target_os = "macos") {
            "open"
        } else {
            "xdg-open"
        };
        if let Err(e) = std::process::Command::new(opener).arg(&url).spawn() {
            eprintln!("warning: cannot open a browser ({opener}: {e}): open {url} yourself");
        }
    }
    server.run().context("the server stopped")?;
    Ok(Status::Ok)
}
