//! The command-line interface, declared (parsing only; `app` runs it).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Sudoku-like puzzles as graph colouring: cells are vertices, "must differ"
/// rules are edges, symbols are colours, givens are a precoloring.
#[derive(Debug, Parser)]
#[command(name = "graphdoku", version, about, long_about = None)]
#[command(after_help = "\
Input formats (detected per file): Project Euler 96 files (`Grid NN` + rows), one puzzle \
per line (`.` or `0` = empty, `#` comments), boxed grids pasted as they are, and RON \
puzzle files that name their variant. `-` reads standard input.

Exit status: 0 success, 1 some puzzle has no solution, \
2 invalid input or usage, 3 internal error.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles and print each solution, verified against the constraint graph.
    Solve {
        #[command(flatten)]
        input: InputArgs,
        /// How to print each result.
        #[arg(long, short, value_enum, default_value_t = SolveFormat::Grid)]
        format: SolveFormat,
        /// Print search statistics (nodes, backtracks) to stderr.
        #[arg(long)]
        stats: bool,
        /// Also prove each solution unique; puzzles with several are reported as such.
        #[arg(long)]
        unique: bool,
    },
    /// Count solutions up to a limit: "none", "unique", "N solutions" or "at least N".
    Count {
        #[command(flatten)]
        input: InputArgs,
        /// Stop counting at this many solutions.
        #[arg(long, short, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        /// Print JSON lines instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Check variant and puzzle files; print warnings for legal but doubtful shapes.
    ///
    /// Each FILE is a variant (RON, or a built-in name), a RON puzzle file, or a
    /// text file of puzzles read with --variant. Exit status 0 when all are valid
    /// (warnings included), 2 when any is not.
    Validate {
        /// Files to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Variant of text puzzle files: a RON file or a built-in name.
        #[arg(long, short, default_value = "sudoku9", value_name = "VARIANT")]
        variant: String,
    },
    /// Describe a variant's graph: cells, edges, houses by kind, symbols, degrees.
    Info {
        /// A variant file, a built-in name, or a RON puzzle file (for its variant).
        #[arg(value_name = "VARIANT")]
        variant: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Project Euler 96: the sum of the 3-digit numbers at the top left of every solution.
    Euler {
        /// A Project Euler 96 file (`Grid NN` + 9 rows of 9 digits), or `-`.
        file: PathBuf,
        /// Also print each grid's number to stderr.
        #[arg(long, short)]
        verbose: bool,
    },
}

#[derive(Debug, Args)]
pub struct InputArgs {
    /// Variant file (RON) or built-in name: sudoku4, sudoku6, sudoku8, sudoku9, sudoku12,
    /// sudoku16, sudoku25, latin9, jigsaw9, x-sudoku, windoku, disjoint-groups,
    /// anti-knight, anti-king, samurai, pie.
    /// RON puzzle files name their own variant.
    #[arg(long, short, default_value = "sudoku9", value_name = "VARIANT")]
    pub variant: String,
    /// Puzzle files; `-` for standard input.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Worker threads for files of many puzzles (output stays in input order);
    /// default: every core.
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// A drawn grid (a table for circular shapes) under a header line.
    Grid,
    /// One line per puzzle, in the format the readers accept.
    Line,
    /// One JSON object per line.
    Json,
}
