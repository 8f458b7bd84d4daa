//! `graphdoku generate`: unique, minimal puzzles of any variant, reproducible from a seed.

use std::io::{IsTerminal, Write};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::Result;
use graphdoku::generate::{GenerateError, Generator, Options};
use graphdoku::graph::Layout;
use graphdoku::write::json::{self, Kind, Outcome, PuzzleRecord};
use graphdoku::write::text;
use graphdoku::{ConstraintGraph, Puzzle, verify};
use indicatif::ProgressBar;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{Status, progress};
use crate::cli::{GenerateArgs, GenerateFormat};

pub(crate) fn run(args: &GenerateArgs, out: &mut impl Write) -> Result<Status> {
    let graph = ConstraintGraph::load(&args.variant)?;
    let seed = args.seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let seed = now.as_secs() ^ u64::from(now.subsec_nanos());
        eprintln!("seed {seed}");
        seed
    });
    // One stream for all puzzles: `--count 5` starts with the puzzles of `--count 1`.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let options = Options {
        symmetry: args.symmetry,
        clues: args.clues,
        difficulty: args.difficulty,
        attempts: args.attempts,
    };
    // A big board can take long even for one puzzle: a progress line while
    // stderr is a terminal, so that a wait never looks like a hang.
    let progress = progress::bar_on_terminal(progress::Counting::Of(args.count as u64));
    let status = make(
        args,
        &graph,
        seed,
        (&mut rng, &options),
        out,
        progress.as_ref(),
    );
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    status
}

/// Makes and prints the puzzles, counting them on `progress`.
fn make(
    args: &GenerateArgs,
    graph: &ConstraintGraph,
    seed: u64,
    (rng, options): (&mut ChaCha8Rng, &Options),
    out: &mut impl Write,
    progress: Option<&ProgressBar>,
) -> Result<Status> {
    let mut generator = Generator::new(graph);
    let format = args.format.unwrap_or(match graph.layout() {
        // A line reads well only when it is the whole rectangle, row by row.
        Layout::Grid { rows, cols, .. } if rows * cols == graph.len() => GenerateFormat::Line,
        Layout::Free => GenerateFormat::Line,
        _ => GenerateFormat::Grid,
    });
    let fail = |message: String| match progress {
        Some(bar) => bar.suspend(|| eprintln!("{message}")),
        None => eprintln!("{message}"),
    };
    for n in 1..=args.count {
        generator.set_deadline(Some(Instant::now() + args.timeout));
        let made = match generator.generate(rng, options) {
            Ok(made) => made,
            Err(GenerateError::OutOfTime) => {
                fail(format!(
                    "gave up after {} s: puzzle {n} of {} not made yet (--timeout raises the limit)",
                    args.timeout.as_secs_f64(),
                    graph.name()
                ));
                return Ok(Status::GaveUp);
            }
            Err(e @ GenerateError::GaveUp { .. }) => {
                fail(format!("error: puzzle {n}: {e}"));
                return Ok(Status::GaveUp);
            }
            Err(GenerateError::Internal) => {
                fail(format!("error: puzzle {n}: {}", GenerateError::Internal));
                return Ok(Status::Internal);
            }
            Err(e) => return Err(e.into()),
        };
        if let Some(bar) = progress {
            bar.inc(1);
        }
        // On a terminal each puzzle shows as soon as it is made, above the bar.
        let flush_now = progress.is_some() && std::io::stdout().is_terminal();
        if let Err(violation) = verify(graph, &made.puzzle, &made.solution) {
            fail(format!(
                "internal error: puzzle {n}: the generated solution is wrong: {violation}"
            ));
            return Ok(Status::Internal);
        }
        match format {
            GenerateFormat::Line => writeln!(out, "{}", text::line(graph, made.puzzle.givens()))?,
            // Freely listed cells have no rows to draw: one line, as `line` gives.
            GenerateFormat::Grid if graph.layout() == Layout::Free => {
                writeln!(out, "{}", text::line(graph, made.puzzle.givens()))?
            }
            GenerateFormat::Grid => {
                writeln!(out, "Grid {n:02}")?;
                match graph.layout() {
                    Layout::Grid { .. } => {
                        write!(out, "{}", text::drawing(graph, made.puzzle.givens()))?
                    }
                    _ => {
                        for row in rows(graph, &made.puzzle) {
                            writeln!(out, "{row}")?;
                        }
                    }
                }
            }
            GenerateFormat::Json => {
                let name = format!("{} {n} (seed {seed})", graph.name());
                let mut line =
                    PuzzleRecord::new(Kind::Generate, &name, "generate", Outcome::Generated);
                line.puzzle = Some(text::line(graph, made.puzzle.givens()));
                line.solution = Some(text::line(graph, made.solution.to_puzzle().givens()));
                line.clues = Some(made.puzzle.clue_count());
                line.level = made.grade.as_ref().map(|g| json::word(&g.level));
                line.seed = Some(seed);
                line.variant = Some(args.variant.clone());
                line.rules = Some(json::rules(graph)).filter(|r| !r.is_empty());
                writeln!(out, "{}", json::to_line(&line))?;
            }
            GenerateFormat::Ron => {
                let rows: Vec<String> = rows(graph, &made.puzzle)
                    .iter()
                    .map(|r| format!("        {r:?},\n"))
                    .collect();
                writeln!(
                    out,
                    "Puzzle(\n    name: \"{} {n} (seed {seed})\",\n    variant: {:?},\n    givens: Rows([\n{}    ]),\n)",
                    graph.name(),
                    args.variant,
                    rows.concat()
                )?;
            }
        }
        if let (true, Some(bar)) = (flush_now, progress) {
            bar.suspend(|| out.flush())?;
        }
    }
    Ok(Status::Ok)
}

/// The puzzle's cells in variant order, one string per grid row or polar sector.
fn rows(graph: &ConstraintGraph, puzzle: &Puzzle) -> Vec<String> {
    graphdoku::write::ron::givens_rows(graph, puzzle.givens())
}
