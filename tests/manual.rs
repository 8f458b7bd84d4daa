//! Shell completions and the manual page, generated from the clap declarations.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::graphdoku;

/// The subcommands `graphdoku --help` lists (so new ones are checked too).
fn subcommands() -> Vec<String> {
    let help = graphdoku().arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let list = help
        .split("Commands:\n")
        .nth(1)
        .expect("a Commands: section")
        .split("\n\n")
        .next()
        .unwrap();
    let names: Vec<String> = list
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(String::from)
        .collect();
    assert!(names.len() >= 10, "{names:?}");
    names
}

/// Every shell's script is generated and completes every subcommand; the
/// bash and zsh ones parse (`-n`) where those shells are installed.
#[test]
fn completions_cover_every_subcommand() {
    let names = subcommands();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = graphdoku().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell} lacks {name}");
        }
        assert!(script.contains("variant"), "{shell} lacks --variant");
        if matches!(shell, "bash" | "zsh") {
            let Ok(mut check) = Command::new(shell)
                .arg("-n")
                .stdin(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
            else {
                common::skipped(&format!("no {shell} here: its script is not parsed"));
                continue;
            };
            check
                .stdin
                .take()
                .unwrap()
                .write_all(script.as_bytes())
                .unwrap();
            let done = check.wait_with_output().unwrap();
            assert!(
                done.status.success(),
                "{shell} -n: {}",
                String::from_utf8_lossy(&done.stderr)
            );
        }
    }
    graphdoku().args(["completions", "tcsh"]).assert().code(2);
}

/// The manual page is roff with a section per subcommand, and the exit codes.
#[test]
fn the_man_page_covers_every_subcommand() {
    let out = graphdoku().arg("man").output().unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains(".TH graphdoku 1"), "{page}");
    for name in subcommands() {
        let heading = format!(".SH \"GRAPHDOKU {}\"", name.to_uppercase());
        assert!(page.contains(&heading), "no {heading}");
    }
    assert!(page.contains(".SH \"INPUT AND EXIT STATUS\""));
    assert!(page.contains("6 I/O error"));
}
