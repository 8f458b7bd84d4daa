//! `graphdoku example`: the built-in example puzzles with rules, embedded in
//! the program, listed or printed as RON puzzle files.

use std::io::Write;

use anyhow::{Result, bail};

use super::Status;

/// Every example: its name, what it shows, and its RON puzzle file (each made
/// by this project, unique; `tests/generate_rules.rs` checks).
const EXAMPLES: &[(&str, &str, &str)] = &[
    (
        "killer",
        "killer Sudoku: cages with totals, digits do not repeat in a cage",
        include_str!("../../data/killer.ron"),
    ),
    (
        "thermo",
        "thermo Sudoku: digits increase from each thermometer's bulb",
        include_str!("../../data/thermo.ron"),
    ),
    (
        "arrow",
        "arrow Sudoku: the digits along an arrow sum to the digit in its circle",
        include_str!("../../data/arrow.ron"),
    ),
    (
        "kropki",
        "kropki Sudoku: white dots join consecutive digits, black dots a digit and its double; every white dot is given",
        include_str!("../../data/kropki.ron"),
    ),
    (
        "xv",
        "XV Sudoku: X joins digits summing to 10, V to 5; every X and V is given",
        include_str!("../../data/xv.ron"),
    ),
    (
        "whispers",
        "German whispers: neighbours along a green line differ by at least 5",
        include_str!("../../data/whispers.ron"),
    ),
    (
        "renban",
        "renban: the digits on a purple line are a set of consecutive digits, in any order",
        include_str!("../../data/renban.ron"),
    ),
    (
        "little-killer",
        "little killer Sudoku: a clue outside the grid sums the digits along its diagonal, repeats allowed",
        include_str!("../../data/little-killer.ron"),
    ),
    (
        "sandwich",
        "sandwich Sudoku: a clue outside the grid sums the digits between the 1 and the 9 of its row or column",
        include_str!("../../data/sandwich.ron"),
    ),
];

/// The RON text of the example called `name`.
pub(crate) fn find(name: &str) -> Option<&'static str> {
    EXAMPLES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, _, text)| *text)
}

/// Lists the examples, or prints the one called `name`.
pub(crate) fn run(name: Option<&str>, out: &mut impl Write) -> Result<Status> {
    match name {
        None => {
            let width = EXAMPLES.iter().map(|(n, _, _)| n.len()).max().unwrap_or(0);
            for (name, about, _) in EXAMPLES {
                writeln!(out, "{name:width$}  {about}")?;
            }
        }
        Some(name) => match find(name) {
            Some(text) => write!(out, "{text}")?,
            None => {
                let names: Vec<&str> = EXAMPLES.iter().map(|(n, _, _)| *n).collect();
                bail!(
                    "no example called {name:?} (there are: {})",
                    names.join(", ")
                );
            }
        },
    }
    Ok(Status::Ok)
}
