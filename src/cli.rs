//! The command-line interface, declared (parsing only; `app` runs it).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use graphdoku::Budget;
use graphdoku::generate::Symmetry;
use graphdoku::generate::dress::Kind;
use graphdoku::logic::Level;

/// Sudoku-like puzzles as graph colouring: cells are vertices, "must differ"
/// rules are edges, symbols are colours, givens are a precoloring.
#[derive(Debug, Parser)]
#[command(name = "graphdoku", version, about, long_about = None)]
#[command(after_help = "\
Input formats (detected per file): Project Euler 96 files (`Grid NN` + rows), one puzzle \
per line (`.` = empty, and `0` with at most nine symbols; `#` comments), boxed grids pasted as they are, and RON \
puzzle files that name their variant. `-` reads standard input.

Exit status: 0 success, 1 some puzzle has no solution, \
2 invalid input or usage, 3 internal error, 4 some puzzle has several solutions \
(check, grade, explain, hint, solve --unique), 5 gave up: the search budget ran out \
(--timeout, --max-nodes) or generate met no --clues, --difficulty or --se within --attempts, \
6 I/O error: a file could not be read (missing, unreadable, a directory) or the output \
could not be written; when several apply: 3, then 6, then 2, then 5, then 1, then 4. \
A closed output pipe (`| head`) ends the run quietly with 0; Ctrl-C stops it at once \
(130), `count` after printing how far it got.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles and print each solution, verified against the constraint graph.
    ///
    /// Plain `solve` prints the first solution found and does not look for a
    /// second: "solved" says nothing about uniqueness. With --unique a puzzle of
    /// several solutions is reported as such (exit 4; `several solutions` in place
    /// of the line with `-f line`, `"status": "multiple"` in JSON).
    Solve {
        #[command(flatten)]
        input: InputArgs,
        /// How to print each result.
        #[arg(long, short, value_enum, default_value_t = SolveFormat::Grid)]
        format: SolveFormat,
        /// The same as `--format json`.
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// Print search statistics (nodes, backtracks) to stderr.
        #[arg(long)]
        stats: bool,
        /// Also prove each solution unique; puzzles with several are reported as such
        /// and make the exit status 4.
        #[arg(long)]
        unique: bool,
    },
    /// Count solutions up to a limit: "none", "unique", "N solutions" or "at least N".
    Count {
        #[command(flatten)]
        input: InputArgs,
        /// Stop counting at this many solutions [default: 2, or no limit with --all].
        #[arg(long, short, value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        /// Also print every solution, one line each, after its running number.
        #[arg(long)]
        all: bool,
        /// Estimate the number of solutions instead of counting them, for spaces
        /// too large to count: the mean of random probes of the search tree
        /// (unbiased), with a 99% interval. Runs 3 seconds a puzzle unless
        /// --timeout or --samples says otherwise.
        #[arg(long, conflicts_with_all = ["limit", "all"])]
        estimate: bool,
        /// With --estimate: stop after this many probes.
        #[arg(long, value_name = "N", requires = "estimate", value_parser = clap::value_parser!(u64).range(1..))]
        samples: Option<u64>,
        /// With --estimate: the seed of the probes' random draws (the same seed
        /// and --samples give the same estimate).
        #[arg(long, requires = "estimate", default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        output: CountArgs,
    },
    /// The true candidates of every empty cell: the values it takes in some
    /// solution, and how many solutions use each, up to --limit.
    ///
    /// A count that reached the limit is printed `≥1000`; `unique` marks a value
    /// whose placement leaves exactly one solution. --timeout and --max-nodes
    /// bound all the searches of a puzzle together; past them the counts are
    /// lower bounds, and `?` marks a value not yet known to be in a solution
    /// (exit status 5).
    Candidates {
        #[command(flatten)]
        input: InputArgs,
        /// Count at most this many solutions per value.
        #[arg(long, short, default_value_t = graphdoku::candidates::DEFAULT_LIMIT, value_parser = clap::value_parser!(u64).range(1..))]
        limit: u64,
        #[command(flatten)]
        output: ReportArgs,
    },
    /// Check each puzzle has exactly one solution: "unique", "none", or "multiple"
    /// with two solutions and the cells where they differ (exit 4).
    Check {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        output: ReportArgs,
    },
    /// Generate puzzles with exactly one solution that are minimal (every given is needed).
    Generate(GenerateArgs),
    /// Grade puzzles: the techniques needed without guessing, the guesses, and the level.
    ///
    /// Levels, by the hardest technique needed (the easiest is always tried first):
    /// easy = naked and hidden singles; rules = one rule on values applied alone (a
    /// killer cage's combinations, a thermometer's order; puzzles with rules only);
    /// medium = locked candidates; hard = naked or hidden pairs, X-wing; fiendish =
    /// naked or hidden triples, swordfish; diabolical = wings, quads, jellyfish;
    /// extreme = chains and forcing chains; needs-search = logic runs out and a guess
    /// is needed. A puzzle with one solution also gets its Sudoku Explainer ratings,
    /// as serate prints them: ED=ER/EP/ED (hardest step, hardest up to the first
    /// placement, first step).
    Grade {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        output: ReportArgs,
        #[command(flatten)]
        logic: LogicArgs,
    },
    /// Explain each puzzle's solution step by step, easiest technique first (a rule's
    /// deduction is a step named after the rule).
    Explain {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        output: ReportArgs,
        #[command(flatten)]
        logic: LogicArgs,
    },
    /// The next step only, as `explain` would give it.
    Hint {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        output: ReportArgs,
        #[command(flatten)]
        logic: LogicArgs,
    },
    /// Check variant and puzzle files; print warnings for legal but doubtful shapes.
    ///
    /// Each FILE is a variant (RON, or a built-in name), a RON puzzle file, or a
    /// text file of puzzles read with --variant; `-` reads standard input. Exit
    /// status 0 when all are valid (warnings included), 2 when any is not (an
    /// input with no puzzle at all included).
    Validate {
        /// Files to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Variant of text puzzle files: a RON file or a built-in name [default: sudoku9].
        /// RON puzzle files name their own (given anyway, a warning says it is not used).
        #[arg(long, short, value_name = "VARIANT")]
        variant: Option<String>,
    },
    /// Describe a variant's graph: cells, edges, houses by kind, symbols, degrees.
    Info {
        #[command(flatten)]
        variant: VariantArg,
        #[command(flatten)]
        output: ReportArgs,
    },
    /// Draw a puzzle (or its solution) as an SVG or PNG picture, from the variant's layout.
    ///
    /// FILE is a puzzle file (its first puzzle is drawn); without FILE, --variant
    /// draws the empty shape. The picture goes to standard output as SVG, or to
    /// -o: `.svg` writes an SVG, `.png` a PNG; any other name is refused.
    Render {
        /// A puzzle file; `-` for standard input; omit to draw --variant's empty shape.
        #[arg(value_name = "FILE", required_unless_present = "variant")]
        file: Option<PathBuf>,
        /// Variant of a text puzzle file, or the shape to draw without FILE
        /// (a RON file or a built-in name) [default: sudoku9].
        #[arg(long, short, value_name = "VARIANT")]
        variant: Option<String>,
        /// Draw the solution (givens in black, found values in blue).
        #[arg(long)]
        solution: bool,
        /// Write the picture here: `.svg` for SVG, `.png` for PNG (nothing else).
        #[arg(long, short, value_name = "OUT")]
        output: Option<PathBuf>,
        /// Scale of a PNG (2 doubles its pixels).
        #[arg(long, default_value_t = 1.0, value_name = "FACTOR")]
        scale: f32,
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// Export a variant's constraint graph: DOT (Graphviz) or JSON.
    Graph {
        #[command(flatten)]
        variant: VariantArg,
        /// Output format.
        #[arg(long, short, value_enum, default_value_t = GraphFormat::Dot)]
        format: GraphFormat,
        /// The same as `--format json`.
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// Label every DOT edge with its house or rule [default: only up to 300 edges].
        #[arg(long, overrides_with = "no_labels")]
        labels: bool,
        /// Leave DOT edges unlabelled (cell names stay).
        #[arg(long, overrides_with = "labels")]
        no_labels: bool,
    },
    /// Import a puzzle from f-puzzles, SudokuPad, the Interactive Sudoku Solver or
    /// the page's share link: write a RON variant and puzzle, or solve it.
    ///
    /// Size, givens, regions, diagonals, anti-knight, anti-king, extra regions and
    /// disjoint groups are kept, and the title, author and rules text; rules on
    /// the digits are imported as rules (cages, thermometers, arrows, kropki dots
    /// and their negative constraints, XV, whispers, renban, sandwiches, X-sums,
    /// skyscrapers, little killers, lines of every kind graphdoku has…). A
    /// constraint without a rule is refused, naming each one (exit 2), and so are
    /// SudokuPad's drawings (lines, overlays…), which do not say what rule they
    /// draw; cosmetic text, lines, shapes and cages are left out with a note.
    /// Existing files are not overwritten without --force.
    Import {
        /// An f-puzzles JSON file, or a text file holding a link or string (`-`
        /// for standard input); or, when no such file exists, the link or string
        /// itself: an f-puzzles link or its `?load=` string (`N4Ig…`), a
        /// SudokuPad link (`sudokupad.app/fpuzzles…`, `/fpuz…`, `/scl…`,
        /// `/scf…`, `?puzzle=…`, `?puzzleid=…`), an Interactive Sudoku Solver
        /// link (`…?q=…`), constraint string (`.Cage~16~R1C1~R1C2…`) or killer
        /// grid, a plain grid of givens (`53..7....`), or the page's share link
        /// (`…/#p=…`). SudokuPad short links are refused: open them in SudokuPad
        /// and copy the full link.
        #[arg(value_name = "SOURCE")]
        source: String,
        /// Write PREFIX.variant.ron and PREFIX.ron [default: the file's path
        /// without its extension, or the format's name (`fpuzzles`,
        /// `sudokupad`, `iss`, `grid`, `shared`) for a link].
        #[arg(long, short, value_name = "PREFIX", conflicts_with = "solve")]
        output: Option<PathBuf>,
        /// Overwrite files that exist.
        #[arg(long, conflicts_with = "solve")]
        force: bool,
        /// Solve it and print the solution instead of writing files (the same
        /// engine as `solve`: the search, then SAT).
        #[arg(long)]
        solve: bool,
        #[command(flatten)]
        budget: BudgetArgs,
    },
    /// Export a puzzle, rules and all, as an f-puzzles or SudokuPad link (or
    /// f-puzzles JSON).
    ///
    /// Prints `https://www.f-puzzles.com/?load=…` (the f-puzzles JSON,
    /// lz-string-compressed to base64, as f-puzzles writes its links), or with
    /// `-f sudokupad` the same puzzle as a SudokuPad link
    /// (`https://sudokupad.app/fpuzzles…`, as the page's export gives it), which
    /// `import` reads back to the same graph, givens and rules. An N×N grid (up
    /// to 16×16) with rows, columns and regions can be written, with diagonals,
    /// extra regions, disjoint groups, anti-knight, anti-king and the rules
    /// f-puzzles has fields for; anything else (samurai, pie and other shapes,
    /// sum cages with repeats, slow thermometers, other sums and relations) is
    /// refused, naming every part that cannot be written (exit 2).
    Export {
        /// A puzzle file; `-` for standard input; omit to export --variant's empty shape.
        #[arg(value_name = "FILE", required_unless_present = "variant")]
        file: Option<PathBuf>,
        /// Variant of a text puzzle file, or the shape to export without FILE
        /// (a RON file or a built-in name) [default: sudoku9].
        #[arg(long, short, value_name = "VARIANT")]
        variant: Option<String>,
        /// What to print.
        #[arg(long, short, value_enum, default_value_t = ExportFormat::Fpuzzles)]
        format: ExportFormat,
        /// The same as `--format json`: the plain f-puzzles JSON (what
        /// f-puzzles saves).
        #[arg(long, conflicts_with = "format")]
        json: bool,
    },
    /// Print a shell completion script to standard output.
    ///
    /// Install with, for example: `graphdoku completions bash >
    /// ~/.local/share/bash-completion/completions/graphdoku`, `graphdoku completions
    /// zsh > ~/.zfunc/_graphdoku`, or `graphdoku completions fish >
    /// ~/.config/fish/completions/graphdoku.fish`.
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// List the built-in example puzzles with rules, or print one as a RON
    /// puzzle file: `graphdoku example killer | graphdoku solve -`.
    Example {
        /// The example's name [default: list them all].
        name: Option<String>,
    },
    /// Print the manual page (roff) to standard output.
    ///
    /// Install with `graphdoku man > ~/.local/share/man/man1/graphdoku.1`, or read it
    /// at once with `graphdoku man | man -l -`.
    Man,
    /// Colour a general graph (DIMACS .col, edge list, JSON graph) with K colours,
    /// or prove it cannot be; without --colours, with as few as the heuristics find.
    ///
    /// Exit status 0 coloured, 1 no colouring with K colours (a clique too large,
    /// or an exhaustive search), 5 gave up (--timeout, --max-nodes, --heuristic).
    Colour(ColourArgs),
    /// The chromatic number of a general graph, proven by a clique (lower bound)
    /// and a colouring (upper bound) that meet; each improvement is printed.
    ///
    /// Exit status 0 proven, 5 stopped (--timeout, --max-nodes, --heuristic, more
    /// colours than the exact search handles) with the best bounds printed.
    Chromatic(ChromaticArgs),
    /// Serve a local web page for designing puzzles, on 127.0.0.1 only.
    ///
    /// Pick or paste a variant, click cells to set givens, and check, solve,
    /// hint or generate with the same engine as the other commands. Runs until
    /// interrupted (Ctrl-C).
    Serve {
        /// Port to listen on; 0 picks a free one.
        #[arg(long, short, default_value_t = 8787)]
        port: u16,
        /// Open the page in the default browser.
        #[arg(long)]
        open: bool,
        /// Let the API answer without this run's secret token (printed in the
        /// page's address): any program on this machine may then use it.
        #[arg(long)]
        no_token: bool,
        /// The server's memory in megabytes: each request reserves what its
        /// estimate says before it builds anything big, and waits (or gets 503)
        /// while the rest is taken.
        #[arg(long, value_name = "MB", default_value_t = 512, value_parser = clap::value_parser!(u64).range(64..=1 << 20))]
        max_memory: u64,
    },
    /// Print each puzzle's canonical form, one line each: equivalent puzzles print alike.
    ///
    /// On the 9×9 Sudoku, the smallest equivalent grid under transposition, band,
    /// stack, row (within a band) and column (within a stack) permutations and
    /// relabelling of the digits; on other variants, under relabelling of the
    /// symbols (in order of first appearance). Reads CSV datasets too: a CSV
    /// dataset's forms are a CSV (`question,canon`) whose first column is the
    /// question as the dataset writes it, a key to join on.
    Canon {
        #[command(flatten)]
        input: InputArgs,
        /// How to print each form [default: line, or csv for a CSV dataset].
        #[arg(long, short, value_enum)]
        format: Option<CanonFormat>,
        /// The same as `--format json`.
        #[arg(long, conflicts_with = "format")]
        json: bool,
    },
    /// Work on CSV datasets (`question,answer[,rating]`, `puzzle,solution,…`,
    /// `quizzes,solutions`: the columns are found by name in the header).
    #[command(subcommand)]
    Dataset(DatasetCommand),
    /// Project Euler 96: the sum of the 3-digit numbers at the top left of every solution.
    Euler {
        /// A Project Euler 96 file (`Grid NN` + 9 rows of 9 digits), or `-`
        /// [default: standard input, when it is not a terminal].
        file: Option<PathBuf>,
        /// Also print each grid's number to stderr.
        #[arg(long)]
        verbose: bool,
    },
}

/// The `dataset` subcommands.
#[derive(Debug, Subcommand)]
pub enum DatasetCommand {
    /// Check every row: the answer solves the question, the question has exactly
    /// one solution, and no question comes twice. Each problem is reported with
    /// its line (exit status: the worst found); the last line counts the rows.
    Verify(DatasetVerifyArgs),
}

#[derive(Debug, Args)]
pub struct DatasetVerifyArgs {
    /// The CSV file; `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Variant file (RON) or built-in name [default: sudoku9].
    #[arg(long, short, value_name = "VARIANT")]
    pub variant: Option<String>,
    /// Also report questions equivalent to an earlier one (the same canonical
    /// form, see `graphdoku canon`).
    #[arg(long)]
    pub canon: bool,
    /// Worker threads; default: every core.
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

#[derive(Debug, Args)]
pub struct ColourArgs {
    #[command(flatten)]
    pub graph: GraphArgs,
    /// Colours to use (numbered 1..K) [default: as few as the heuristics find].
    #[arg(long, short = 'k', value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub colours: Option<u32>,
    /// How to print the colouring.
    #[arg(long = "format", short = 'f', value_enum, default_value_t = ColouringOutput::Text)]
    pub output: ColouringOutput,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "output")]
    pub json: bool,
}

impl ColourArgs {
    /// The format asked for, `--json` included.
    pub fn format(&self) -> ColouringOutput {
        match self.json {
            true => ColouringOutput::Json,
            false => self.output,
        }
    }
}

#[derive(Debug, Args)]
pub struct ChromaticArgs {
    #[command(flatten)]
    pub graph: GraphArgs,
    /// Also print the colouring found, after the bounds (in this format).
    #[arg(long = "format", short = 'f', value_enum, value_name = "FORMAT")]
    pub output: Option<ColouringOutput>,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "output")]
    pub json: bool,
}

impl ChromaticArgs {
    /// The format asked for, `--json` included.
    pub fn format(&self) -> Option<ColouringOutput> {
        match self.json {
            true => Some(ColouringOutput::Json),
            false => self.output,
        }
    }
}

/// A general graph file and how hard to work on it.
#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The graph file; `-` for standard input.
    #[arg(value_name = "GRAPH")]
    pub file: PathBuf,
    /// The file's format [default: detected from its content].
    #[arg(long = "input-format", value_enum, value_name = "FORMAT")]
    pub format: Option<GraphFormatArg>,
    /// Stop after this many seconds (exit status 5 when unfinished).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Nodes at most of each exact search (exit status 5 when unfinished).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Heuristics only (clique, DSATUR, tabu search until --timeout): no exact search.
    #[arg(long)]
    pub heuristic: bool,
    /// Seed of the tabu search: the same seed gives the same colourings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GraphFormatArg {
    /// DIMACS `.col`: `p edge N M`, `e U V`, `c` comments.
    Dimacs,
    /// One edge `U V` per line, `#` comments.
    Edges,
    /// `{"nodes": [...], "edges": [[U, V], ...]}`, or what `graph -f json` writes.
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColouringOutput {
    /// `vertex colour` lines.
    Text,
    /// One object: the colouring by name and the colour classes.
    Json,
    /// Graphviz DOT, vertices filled with their colour.
    Dot,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Variant file (RON) or built-in name: sudoku4, sudoku9, sudoku16, sudoku25, pie.
    #[arg(long, short, default_value = "sudoku9", value_name = "VARIANT")]
    pub variant: String,
    /// Dress each random solution with rules of these kinds (comma-separated):
    /// killer, thermo, arrow, kropki (every dot, negative constraint),
    /// kropki-partial (some dots), xv, xv-partial, whispers, renban,
    /// little-killer, sandwich, x-sum, skyscraper, between, lockout,
    /// double-arrow, palindrome, zipper, entropic, modular, nabner. Rules are
    /// added until few givens are needed; the puzzle is printed as RON.
    #[arg(
        long,
        value_name = "KIND",
        value_delimiter = ',',
        conflicts_with = "from"
    )]
    pub rules: Vec<Kind>,
    /// Reduce this RON puzzle instead (a file, `-`, or a built-in example's
    /// name): its variant and rules kept, givens removed while it stays unique.
    #[arg(long, value_name = "PUZZLE", conflicts_with = "variant")]
    pub from: Option<String>,
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: usize,
    /// Seed of the random generator: the same seed gives the same puzzles on every
    /// machine [default: from the clock, printed to stderr].
    #[arg(long, short)]
    pub seed: Option<u64>,
    /// Exactly this many clues (removal stops there: unique, but not always minimal).
    #[arg(long)]
    pub clues: Option<usize>,
    /// Clue pattern symmetry: none, rot180, rot90, mirror, diagonal (as the shape allows).
    #[arg(long, default_value = "none")]
    pub symmetry: Symmetry,
    /// Only puzzles of this level, as `grade` gives it (with --rules and --from
    /// too, rules and all): easy, rules, medium, hard, fiendish, diabolical,
    /// extreme, needs-search.
    #[arg(long)]
    pub difficulty: Option<Level>,
    /// Only puzzles with a Sudoku Explainer rating (ER) in this range, as `grade`
    /// rates them: 6.0..7.5, 7.5.. (at least), ..4.5 (at most), 7.1, or a level
    /// name for its range (easy 1.0..2.5, medium 2.6..2.9, hard 3.0..3.5,
    /// fiendish 3.6..4.1, diabolical 4.2..6.4, extreme 6.5..). Random minimal
    /// puzzles are rated until one is in range; one rated above it gets clues
    /// back until it is. Works with --rules (each dressed puzzle rated under its
    /// rules) and --from (random reductions of the puzzle rated). With --se,
    /// --clues is a floor, not an exact count.
    #[arg(long, value_name = "RANGE", conflicts_with = "difficulty")]
    pub se: Option<graphdoku::generate::SeRange>,
    /// Full solutions to try per puzzle (random reductions with --from) before
    /// giving up on --clues, --difficulty or --se.
    #[arg(long, default_value_t = 1000)]
    pub attempts: usize,
    /// Threads for a big board's hardest uniqueness questions [default: every
    /// core]; the puzzles are the same for any number.
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    /// Give up on a puzzle after this many seconds (exit status 5); raise it for
    /// big boards.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "60")]
    pub timeout: Duration,
    /// How to print each puzzle [default: line where the shape is a whole
    /// rectangle, grid for shapes with gaps (samurai) and circular ones (pie)].
    #[arg(long, short, value_enum)]
    pub format: Option<GenerateFormat>,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

impl GenerateArgs {
    /// The format asked for, `--json` included.
    pub fn format(&self) -> Option<GenerateFormat> {
        match self.json {
            true => Some(GenerateFormat::Json),
            false => self.format,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// One puzzle per line (`.` = empty).
    Line,
    /// A `Grid NN` header and the puzzle drawn (a line per sector for polar shapes;
    /// as `line` for freely listed cells).
    Grid,
    /// A RON puzzle file naming the variant (one document per puzzle; `solve` and
    /// `validate` read a file of several).
    Ron,
    /// One JSON object per line: the puzzle, its solution, clues and seed.
    Json,
    /// A CSV dataset: a `question,answer` header, then one row per puzzle.
    Csv,
}

#[derive(Debug, Args)]
pub struct InputArgs {
    /// Variant file (RON) or built-in name: sudoku4, sudoku6, sudoku8, sudoku9, sudoku12,
    /// sudoku16, sudoku25, sudoku36, sudoku49, latin9, jigsaw9, x-sudoku, windoku, disjoint-groups,
    /// anti-knight, anti-king, samurai, pie.
    /// RON puzzle files name their own variant (given anyway, it is not used for
    /// them, with a warning). [default: sudoku9]
    #[arg(long, short, value_name = "VARIANT")]
    pub variant: Option<String>,
    /// Puzzle files; `-` for standard input [default: standard input, when it is
    /// not a terminal].
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Worker threads for files of many puzzles (output stays in input order);
    /// default: every core.
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

impl InputArgs {
    /// The search budget of each puzzle.
    pub fn budget(&self) -> Budget {
        self.budget.budget()
    }
}

/// The search budget of each puzzle a command solves: the puzzle commands',
/// `render --solution`'s and `import --solve`'s.
#[derive(Debug, Clone, Copy, Args)]
pub struct BudgetArgs {
    /// Give up on a puzzle after this many seconds of search (exit status 5).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Give up on a puzzle after this many search nodes (exit status 5).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

impl BudgetArgs {
    /// The search budget.
    pub fn budget(self) -> Budget {
        Budget {
            max_nodes: self.max_nodes,
            timeout: self.timeout,
            ..Budget::default()
        }
    }
}

/// Seconds, whole or not, as a duration.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, found `{text}`"))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("{text}: not a duration in seconds"))
}

/// How long the logic of grade, explain and hint may look for chains through
/// rules.
#[derive(Debug, Clone, Copy, Args)]
pub struct LogicArgs {
    /// On a puzzle with rules, the seconds a solve path may spend on chains
    /// through rules, all steps together, before it guesses where only they
    /// would go on [default: 8]. Less for a quick look over many puzzles
    /// (fewer are solved without a guess), more to push the hardest further.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub logic_budget: Option<Duration>,
}

impl LogicArgs {
    /// The path budget asked for, or the library's default.
    pub fn path_budget(self) -> Duration {
        self.logic_budget.unwrap_or(graphdoku::logic::PATH_BUDGET)
    }
}

/// How the report commands (count, check, grade, explain, hint, info) print:
/// `-f json` as `solve` takes it, or `--json`, which says the same.
#[derive(Debug, Clone, Copy, Args)]
pub struct ReportArgs {
    /// How to print each result: text, or JSON (one object per line).
    #[arg(long, short, value_enum, value_name = "FORMAT")]
    pub format: Option<ReportFormat>,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

impl ReportArgs {
    /// True when JSON was asked for, either way.
    pub fn json(self) -> bool {
        self.json || self.format == Some(ReportFormat::Json)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Text for people.
    Text,
    /// JSON, one object per line.
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// A drawn grid (a table for circular shapes) under a header line.
    #[value(alias = "text")]
    Grid,
    /// One line per puzzle, in the format the readers accept.
    Line,
    /// One JSON object per line.
    Json,
    /// A CSV dataset: a `question,answer,status` header, then one row per
    /// puzzle in input order (the answer empty where there is none to give).
    Csv,
}

/// How `count` prints: the report formats, and a CSV dataset.
#[derive(Debug, Clone, Copy, Args)]
pub struct CountArgs {
    /// How to print each result: text, JSON (one object per line), or a CSV
    /// dataset (`question,answer,status,count`; the answer when unique).
    #[arg(long, short, value_enum, value_name = "FORMAT")]
    pub format: Option<CountFormat>,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

impl CountArgs {
    /// True when JSON was asked for, either way.
    pub fn json(self) -> bool {
        self.json || self.format == Some(CountFormat::Json)
    }

    /// True when a CSV dataset was asked for.
    pub fn csv(self) -> bool {
        self.format == Some(CountFormat::Csv)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountFormat {
    /// Text for people.
    Text,
    /// JSON, one object per line.
    Json,
    /// A CSV dataset, one row per puzzle.
    Csv,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GraphFormat {
    /// Graphviz DOT: nodes named by cell, edges labelled by their house or rule.
    Dot,
    /// One JSON object: nodes, edges and houses.
    Json,
}

/// The variant a command describes: positional, or with `-v/--variant` as
/// every other command takes it.
#[derive(Debug, Clone, Args)]
pub struct VariantArg {
    /// A variant file, a built-in name, or a RON puzzle file (for its variant);
    /// `-` reads either from standard input.
    #[arg(value_name = "VARIANT", required_unless_present = "variant_option")]
    pub variant: Option<String>,
    /// The same as the VARIANT argument.
    #[arg(
        long = "variant",
        short = 'v',
        value_name = "VARIANT",
        id = "variant_option",
        conflicts_with = "variant"
    )]
    pub variant_option: Option<String>,
}

impl VariantArg {
    /// The variant named, either way.
    pub fn name(&self) -> &str {
        self.variant
            .as_deref()
            .or(self.variant_option.as_deref())
            .unwrap_or("sudoku9")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// An f-puzzles link (`https://www.f-puzzles.com/?load=…`).
    #[value(alias = "link")]
    Fpuzzles,
    /// A SudokuPad link to the same f-puzzles puzzle (`https://sudokupad.app/fpuzzles…`).
    Sudokupad,
    /// The plain f-puzzles JSON, as f-puzzles saves it.
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CanonFormat {
    /// One form per line.
    Line,
    /// A `question,canon` header, then one row per puzzle: the question as
    /// its input writes it, and its form.
    Csv,
    /// One JSON object per line: `{"question": …, "canon": …}`.
    Json,
}
