//! `graphdoku euler`: the Project Euler 96 answer.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use graphdoku::{Budget, ConstraintGraph, PuzzleReader};

use super::{Status, open, puzzle_or_report};

/// What a Project Euler 96 file holds, for the message when a file does not.
const EXPECTED: &str = "expected `Grid NN` headers, each followed by 9 rows of 9 digits";

pub(crate) fn run(file: Option<PathBuf>, verbose: bool, out: &mut impl Write) -> Result<Status> {
    let files = super::input_files(file.as_slice())?;
    let file = &files[0];
    let graph = ConstraintGraph::load("sudoku9")?;
    let name = file.display().to_string();
    let reader = open(file).with_context(|| format!("cannot read {name}"))?;
    let mut status = Status::Ok;
    let (mut sum, mut grids) = (0u64, 0usize);
    for record in PuzzleReader::new(&graph, reader, &name) {
        // Said once, for the whole file: a first puzzle that does not read
        // as a 9×9 outside a `Grid` block is not a file of Project Euler's.
        if grids == 0
            && !record.label.starts_with("Grid")
            && let Err(e) = &record.puzzle
        {
            anyhow::bail!("{name} is not a Project Euler 96 file ({EXPECTED}): {e}");
        }
        grids += 1;
        let solved = puzzle_or_report(&record, &mut io::stderr()).and_then(|puzzle| {
            let found = super::solve_one(&graph, puzzle, Budget::unlimited(), &record.label)
                .map_err(|e| {
                    eprintln!("{e}");
                    Status::Internal
                })?;
            found.inspect_err(|&status| {
                if status == Status::Unsolved {
                    eprintln!("error: {}: no solution", record.label);
                }
            })
        });
        match solved {
            Ok(solution) => {
                let corner: String = solution.colours()[..3]
                    .iter()
                    .map(|&c| graph.alphabet().symbol(c))
                    .collect();
                if verbose {
                    eprintln!("{}: {corner}", record.label);
                }
                sum += corner.parse::<u64>().expect("sudoku9 symbols are digits");
            }
            Err(s) => status = status.max(s),
        }
    }
    if grids == 0 {
        anyhow::bail!("{name} is not a Project Euler 96 file: no grids found ({EXPECTED})");
    }
    if status == Status::Ok {
        writeln!(out, "{sum}")?;
    } else {
        eprintln!("error: no answer: not every grid was solved");
    }
    Ok(status)
}
