//! `graphdoku generate`: unique, minimal puzzles of any variant, reproducible from a seed.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::Result;
use graphdoku::generate::dress::{self, dress};
use graphdoku::generate::{GenerateError, Generator, Options, Progress};
use graphdoku::graph::Layout;
use graphdoku::read::PuzzleSpec;
use graphdoku::rules::RuleSpec;
use graphdoku::write::json::{self, Kind, Outcome, PuzzleRecord};
use graphdoku::write::ron;
use graphdoku::write::text;
use graphdoku::{ConstraintGraph, Puzzle, verify};
use indicatif::ProgressBar;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{Status, progress};
use crate::cli::{GenerateArgs, GenerateFormat};

/// Where the puzzles come from.
enum Source {
    /// Random solutions of the variant, reduced.
    Variant,
    /// Random solutions dressed with rules of these kinds.
    Dress(Vec<dress::Kind>),
    /// One puzzle (a RON file's), reduced under its rules.
    Reduce {
        /// Its givens.
        puzzle: Puzzle,
        /// Its rules, as written.
        rules: Vec<RuleSpec>,
        /// Its variant, as written.
        variant: graphdoku::read::VariantRef,
    },
}

pub(crate) fn run(args: &GenerateArgs, out: &mut impl Write) -> Result<Status> {
    #[cfg(not(feature = "se"))]
    if args.se.is_some() {
        eprintln!(
            "error: --se rates on Sudoku Explainer's scale, which this build leaves out (built without the `se` feature)"
        );
        return Ok(Status::Invalid);
    }
    let (graph, source) = match &args.from {
        Some(from) => reduced(from)?,
        None if !args.rules.is_empty() => (
            ConstraintGraph::load(&args.variant)?,
            Source::Dress(args.rules.clone()),
        ),
        None => (ConstraintGraph::load(&args.variant)?, Source::Variant),
    };
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
        se: args.se,
        attempts: args.attempts,
    };
    // A big board can take long even for one puzzle: a progress line while
    // stderr is a terminal, so that a wait never looks like a hang.
    let reduction = Arc::new(Progress::default());
    let counting = progress::Counting::Of(args.count as u64, Arc::clone(&reduction));
    let progress = progress::bar_on_terminal(counting);
    let status = make(
        args,
        (&graph, &source),
        seed,
        (&mut rng, &options),
        out,
        progress.as_ref().map(|bar| (bar, reduction)),
    );
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    status
}

/// Makes and prints the puzzles, counting them on `progress` (its bar, and
/// where the generator reports how far a reduction has come).
fn make(
    args: &GenerateArgs,
    (graph, source): (&ConstraintGraph, &Source),
    seed: u64,
    (rng, options): (&mut ChaCha8Rng, &Options),
    out: &mut impl Write,
    progress: Option<(&ProgressBar, Arc<Progress>)>,
) -> Result<Status> {
    let (progress, reduction) = progress.unzip();
    let mut generator = Generator::new(graph).with_threads(super::jobs(args.jobs));
    if let Some(reduction) = reduction {
        generator = generator.with_progress(reduction);
    }
    let with_rules = !graph.rules().is_empty() || !matches!(source, Source::Variant);
    let format = args.format().unwrap_or(match graph.layout() {
        // Only a puzzle file keeps the rules.
        _ if with_rules => GenerateFormat::Ron,
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
        let result = match source {
            Source::Variant => generator
                .generate(rng, options)
                .map(|made| (None, made, Vec::new())),
            Source::Dress(kinds) => dress(&generator, kinds, rng, options)
                .map(|dressed| (Some(dressed.graph), dressed.made, dressed.rules)),
            Source::Reduce { puzzle, rules, .. } => generator
                .reduce_puzzle(rng, puzzle, options)
                .map(|made| (None, made, rules.clone())),
        };
        let (dressed, made, rules) = match result {
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
        let graph = dressed.as_ref().unwrap_or(graph);
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
            GenerateFormat::Csv => {
                if n == 1 {
                    writeln!(out, "question,answer")?;
                }
                let question = text::line(graph, made.puzzle.givens());
                let answer = text::line(graph, made.solution.to_puzzle().givens());
                writeln!(out, "{question},{answer}")?;
            }
            GenerateFormat::Json => {
                let name = format!("{} {n} (seed {seed})", graph.name());
                let mut line =
                    PuzzleRecord::new(Kind::Generate, &name, "generate", Outcome::Generated);
                line.puzzle = Some(text::line(graph, made.puzzle.givens()));
                line.solution = Some(text::line(graph, made.solution.to_puzzle().givens()));
                line.clues = Some(made.puzzle.clue_count());
                line.level = made.grade.as_ref().map(|g| json::word(&g.level));
                line.se = made
                    .grade
                    .as_ref()
                    .and_then(|g| g.se)
                    .map(|se| json::SeRecord {
                        er: f64::from(se.er) / 10.0,
                        ep: f64::from(se.ep) / 10.0,
                        ed: f64::from(se.ed) / 10.0,
                    });
                line.seed = Some(seed);
                line.variant = Some(match source {
                    Source::Reduce { variant, .. } => variant.label().to_string(),
                    _ => args.variant.clone(),
                });
                line.rules = Some(json::rules(graph)).filter(|r| !r.is_empty());
                writeln!(out, "{}", json::to_line(&line))?;
            }
            GenerateFormat::Ron => {
                let rows: Vec<String> = rows(graph, &made.puzzle)
                    .iter()
                    .map(|r| format!("        {r:?},\n"))
                    .collect();
                let rules: Vec<String> = (rules.iter())
                    .map(|r| format!("        {},\n", ron::rule(r)))
                    .collect();
                let rules = match rules.is_empty() {
                    true => String::new(),
                    false => format!("    rules: [\n{}    ],\n", rules.concat()),
                };
                let (name, variant) = match source {
                    Source::Variant => (graph.name().to_string(), format!("{:?}", args.variant)),
                    Source::Dress(kinds) => {
                        let kinds: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
                        (
                            format!("{} {}", kinds.join("+"), graph.name()),
                            format!("{:?}", args.variant),
                        )
                    }
                    Source::Reduce { variant, .. } => {
                        (format!("{} reduced", graph.name()), variant.to_ron())
                    }
                };
                writeln!(
                    out,
                    "Puzzle(\n    name: \"{name} {n} (seed {seed})\",\n    variant: {variant},\n    givens: Rows([\n{}    ]),\n{rules})",
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

/// The graph and puzzle of `from` (a RON puzzle file, `-`, or a built-in
/// example), with its rules and variant as written, to reduce.
fn reduced(from: &str) -> Result<(ConstraintGraph, Source)> {
    let path = std::path::Path::new(from);
    let text = match super::example::find(from) {
        Some(text) if !path.exists() => text.to_string(),
        _ => graphdoku::read::read_text(super::open(path)?, from)?,
    };
    let (graph, record) = graphdoku::read::read_ron_puzzle(&text, from)?;
    let puzzle = record.puzzle?;
    // Read once more for what the graph no longer says: the rules and the
    // variant as written (the reading above has checked them).
    let spec: PuzzleSpec = ::ron::Options::default()
        .with_default_extension(::ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(&text)?;
    Ok((
        graph,
        Source::Reduce {
            puzzle,
            rules: spec.rules,
            variant: spec.variant,
        },
    ))
}
