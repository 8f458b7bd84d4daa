//! `graphdoku man`: the manual page (roff), from the clap declarations.

use std::io::Write;

use anyhow::Result;
use clap::CommandFactory;

use super::Status;
use crate::cli::Cli;

/// Writes graphdoku(1): the top-level sections, then one section per
/// subcommand (synopsis, description, options as subsections), so that one
/// page covers the whole tool, then the input formats and exit status.
pub(crate) fn run(out: &mut impl Write) -> Result<Status> {
    let command = Cli::command();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    for sub in command.get_subcommands() {
        let name = format!("graphdoku {}", sub.get_name());
        let page = clap_mangen::Man::new(sub.clone().bin_name(&name));
        let mut text = Vec::new();
        page.render_synopsis_section(&mut text)?;
        page.render_description_section(&mut text)?;
        page.render_options_section(&mut text)?;
        let text = String::from_utf8(text)?.replace("\n.SH ", "\n.SS ");
        writeln!(out, ".SH \"{}\"", name.to_uppercase())?;
        out.write_all(text.as_bytes())?;
    }
    let mut extra = Vec::new();
    man.render_extra_section(&mut extra)?;
    let extra = String::from_utf8(extra)?.replace(".SH EXTRA", ".SH \"INPUT AND EXIT STATUS\"");
    out.write_all(extra.as_bytes())?;
    man.render_version_section(out)?;
    Ok(Status::Ok)
}
