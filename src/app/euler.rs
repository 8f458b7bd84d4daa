//! `graphdoku euler`: the Project Euler 96 answer.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use graphdoku::{ConstraintGraph, PuzzleReader, Solver};

use super::{Status, checked, open, puzzle_or_report};

pub(crate) fn run(file: Option<PathBuf>, verbose: bool, out: &mut impl Write) -> Result<Status> {
    let files = super::input_files(file.as_slice())?;
    let file = &files[0];
    let graph = ConstraintGraph::load("sudoku9")?;
    let solver = Solver::new(&graph);
    let name = file.display().to_string();
    let reader = open(file).with_context(|| format!("cannot read {name}"))?;
    let mut status = Status::Ok;
    let (mut sum, mut grids) = (0u64, 0usize);
    for record in PuzzleReader::new(&graph, reader, &name) {
        grids += 1;
        let solved = puzzle_or_report(&record, &mut io::stderr()).and_then(|puzzle| {
            let solution = solver.solve(puzzle).ok_or_else(|| {
                eprintln!("error: {}: no solution", record.label);
                Status::Unsolved
            })?;
            checked(&graph, puzzle, solution, &record.label, &mut io::stderr())
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
        anyhow::bail!(
            "{name}: no grids found (expected `Grid NN` headers followed by 9 rows of 9 digits)"
        );
    }
    if status == Status::Ok {
        writeln!(out, "{sum}")?;
    } else {
        eprintln!("error: no answer: not every grid was solved");
    }
    Ok(status)
}
