//! The one versioned JSON schema of graphdoku's output: every record, as serde structs.
//!
//! Every record is one JSON object on one line (JSON Lines for batches) and
//! carries `"version"` ([`VERSION`]) and `"record"` (what it is: [`Kind`]).
//! Results of puzzles are all [`PuzzleRecord`]s: `label`, `location` and
//! `status` ([`Outcome`]) always, the rest as the command has them.
//! Cells are named as in the variant (`r1c1`), symbols written as in its
//! alphabet, and a puzzle or solution is a line in the format the readers take.
//! Rules on the values go with the graph they belong to ([`RuleRecord`]:
//! `graph` and `info` records, and `generate`'s), left out when there are none.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{edges, position, why_label};
use crate::graph::ConstraintGraph;
use crate::rules::{Direction, Mark, Rule};

/// The schema version every record carries; raised when a field changes meaning
/// or goes away (new fields may appear without it).
pub const VERSION: u32 = 1;

/// One record as a line of JSON (no newline).
///
/// ```
/// use graphdoku::write::json::{GraphRecord, to_line};
/// let g = graphdoku::ConstraintGraph::load("sudoku4").unwrap();
/// let line = to_line(&GraphRecord::of(&g));
/// assert!(line.starts_with(r#"{"version":1,"record":"graph""#));
/// ```
pub fn to_line(record: &impl Serialize) -> String {
    serde_json::to_string(record).expect("records serialise")
}

/// What a record is: the command that printed it, or what it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// `solve`: a puzzle's solution.
    Solve,
    /// `count`: how many solutions.
    Count,
    /// `count --all`: one of the solutions counted.
    Solution,
    /// `check`: whether the solution is unique.
    Check,
    /// `grade`: the level and techniques.
    Grade,
    /// `explain`: every step.
    Explain,
    /// `hint`: the next step.
    Hint,
    /// `generate`: a new puzzle.
    Generate,
    /// `info`: a variant in numbers.
    Info,
    /// `graph`: a variant's graph.
    Graph,
    /// `colour` and `chromatic -f json`: a colouring of a general graph.
    Colouring,
    /// `candidates`: the values each cell takes in some solution.
    Candidates,
}

/// The outcome of a puzzle, the same words for every command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// A solution was found (uniqueness not asked).
    Solved,
    /// Exactly one solution.
    Unique,
    /// Several solutions.
    Multiple,
    /// No solution.
    NoSolution,
    /// The search budget ran out first.
    GaveUp,
    /// The input could not be read; `error` says why.
    Invalid,
    /// A file could not be opened or read (missing, unreadable, a directory).
    IoError,
    /// The solver's answer failed verification: a bug.
    InternalError,
    /// `generate`: a new puzzle, unique and checked.
    Generated,
    /// `count --estimate`: the number of solutions estimated, not counted.
    Estimated,
}

impl Outcome {
    /// What an estimate settles: the count itself when a probe went through the
    /// whole tree, else [`Outcome::Estimated`] ([`Outcome::GaveUp`] without a
    /// probe).
    pub fn of_estimate(found: &crate::estimate::Estimate) -> Self {
        match (found.exact, found.estimate.to_f64()) {
            (true, 0.0) => Outcome::NoSolution,
            (true, n) => Outcome::uniqueness(n == 1.0),
            (false, _) if found.samples == 0 => Outcome::GaveUp,
            (false, _) => Outcome::Estimated,
        }
    }

    /// What true candidates say of the whole puzzle: [`Outcome::GaveUp`] when
    /// the budget ran out, else how many solutions it has.
    pub fn of_candidates(found: &crate::candidates::Candidates) -> Self {
        match found.solutions.solutions {
            _ if found.gave_up => Outcome::GaveUp,
            0 => Outcome::NoSolution,
            n => Outcome::uniqueness(n == 1 && found.solutions.exact),
        }
    }

    /// [`Outcome::Unique`] or [`Outcome::Multiple`].
    pub fn uniqueness(unique: bool) -> Self {
        if unique {
            Outcome::Unique
        } else {
            Outcome::Multiple
        }
    }
}

/// One puzzle's result, from any command: `version`, `record`, `label`,
/// `location` and `status` always; the other fields when the command has them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// [`VERSION`].
    pub version: u32,
    /// The command.
    pub record: Kind,
    /// The puzzle's label: `Grid 01`, `line 7`, a RON puzzle's name.
    pub label: String,
    /// Where it starts: `file:line`.
    pub location: String,
    /// The outcome.
    pub status: Outcome,
    /// Why the input is invalid.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub error: Option<String>,
    /// The puzzle (`generate`), as a line.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub puzzle: Option<String>,
    /// A solution as a line (for `multiple`, the first found).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub solution: Option<String>,
    /// `count`: solutions found (up to the limit).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub count: Option<u64>,
    /// `count`: whether `count` is all there are (the limit was not reached).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub complete: Option<bool>,
    /// `check`: two different solutions, when there are several.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub solutions: Option<Vec<String>>,
    /// `check`: the cells where those two differ.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub differences: Option<Vec<Difference>>,
    /// `grade`, `explain`, `hint`, `generate`: the level (`easy` … `needs-search`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub level: Option<String>,
    /// `grade`: the hardest technique needed.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub hardest: Option<String>,
    /// `grade`: how often each technique was used.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub uses: Option<Vec<Use>>,
    /// `grade`: guesses needed after logic ran out.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub guesses: Option<usize>,
    /// `grade`: the Sudoku Explainer ratings (none when a guess was needed).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub se: Option<SeRecord>,
    /// `grade`: the solver's work.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub search: Option<SearchRecord>,
    /// `explain` (every step), `hint` (the first).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub steps: Option<Vec<StepRecord>>,
    /// `generate`: the number of givens.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub clues: Option<usize>,
    /// `generate`: the seed that makes it again.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub seed: Option<u64>,
    /// `generate`: the variant, as given.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub variant: Option<String>,
    /// `generate`: the rules the puzzle is under, when it has some.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub rules: Option<Vec<RuleRecord>>,
    /// `solve`, `check`, `count`: who settled it, `search` or `sat` (absent
    /// when nothing was asked: an invalid puzzle).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub settled_by: Option<String>,
    /// `candidates`: one entry per cell, in the variant's order.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub cells: Option<Vec<CandidateRecord>>,
    /// `count --estimate`: the estimate and its interval.
    #[serde(flatten, default)]
    pub estimate: Option<EstimateRecord>,
}

impl PuzzleRecord {
    /// A record with the fields every command has, and no others.
    pub fn new(record: Kind, label: &str, location: &str, status: Outcome) -> Self {
        PuzzleRecord {
            version: VERSION,
            record,
            label: label.to_string(),
            location: location.to_string(),
            status,
            error: None,
            puzzle: None,
            solution: None,
            count: None,
            complete: None,
            solutions: None,
            differences: None,
            level: None,
            hardest: None,
            uses: None,
            guesses: None,
            se: None,
            search: None,
            steps: None,
            clues: None,
            seed: None,
            variant: None,
            rules: None,
            settled_by: None,
            cells: None,
            estimate: None,
        }
    }
}

/// `candidates`: the values of one cell in the puzzle's solutions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CandidateRecord {
    /// The cell's name.
    pub cell: String,
    /// Each value some solution may use (a given: its one value), and the
    /// solutions counted that use it.
    pub counts: std::collections::BTreeMap<String, u64>,
    /// Every count is exact: no cap was reached and no budget ran out.
    pub complete: bool,
    /// The values whose count is a lower bound (the cap was reached, or the
    /// budget ran out: with a count of 0, not yet known).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub at_least: Vec<String>,
    /// The values whose placement leaves exactly one solution, when the
    /// puzzle has several.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub unique_with: Vec<String>,
}

impl CandidateRecord {
    /// The records of every cell of `found`, a puzzle of `graph`.
    pub fn of(graph: &ConstraintGraph, found: &crate::candidates::Candidates) -> Vec<Self> {
        let symbol = |c: u8| graph.alphabet().symbol(c).to_string();
        (found.cells.iter().enumerate())
            .map(|(cell, entry)| CandidateRecord {
                cell: graph.cells()[cell].name.clone(),
                counts: (entry.values.iter())
                    .map(|&(c, tally)| (symbol(c), tally.solutions))
                    .collect(),
                complete: entry.complete(),
                at_least: (entry.values.iter())
                    .filter(|(_, tally)| !tally.exact)
                    .map(|&(c, _)| symbol(c))
                    .collect(),
                unique_with: found.unique_with(cell).into_iter().map(symbol).collect(),
            })
            .collect()
    }
}

/// `count --estimate`: the estimated number of solutions and its interval
/// (each `null` past the largest `f64`, about 1.8e308).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct EstimateRecord {
    /// The estimate: the mean of the probes, unbiased.
    pub estimate: Option<f64>,
    /// The interval's lower end.
    pub low: Option<f64>,
    /// Its upper end.
    pub high: Option<f64>,
    /// The probes made.
    pub samples: u64,
    /// The interval's confidence level.
    pub confidence: f64,
}

impl EstimateRecord {
    /// The record of `found`.
    pub fn of(found: &crate::estimate::Estimate) -> Self {
        let finite = |w: crate::solver::Weight| Some(w.to_f64()).filter(|x| x.is_finite());
        EstimateRecord {
            estimate: finite(found.estimate),
            low: finite(found.low),
            high: finite(found.high),
            samples: found.samples,
            confidence: match found.exact {
                true => 1.0,
                false => crate::estimate::CONFIDENCE,
            },
        }
    }
}

/// A cell where two solutions differ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difference {
    /// The cell's name.
    pub cell: String,
    /// Its symbol in the first solution.
    pub first: String,
    /// In the second.
    pub second: String,
}

/// How often a technique was used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Use {
    /// The technique (`naked-single`, …).
    pub technique: String,
    /// How many times.
    pub count: usize,
}

/// A puzzle's ratings on the Sudoku Explainer scale, as `serate` gives them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SeRecord {
    /// The hardest step (`7.1`).
    pub er: f64,
    /// The hardest step up to the first placement.
    pub ep: f64,
    /// The first step.
    pub ed: f64,
}

/// The solver's work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRecord {
    /// Search nodes.
    pub nodes: u64,
    /// Backtracks.
    pub backtracks: u64,
}

/// One deduction step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRecord {
    /// The technique (`hidden-single`, …).
    pub technique: String,
    /// The step in words.
    pub text: String,
    /// The symbol it placed, if any.
    pub placed: Option<Placement>,
    /// The candidates it removed.
    pub eliminated: Vec<Placement>,
    /// The rule a `rule` step applies.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub rule: Option<StepRule>,
}

/// The rule of a rule step: its kind and the cells the step speaks of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRule {
    /// The kind (`killer-cage`, `thermometer`, `white-dot`, …).
    pub kind: String,
    /// The rule's cells, by name, in its order (a grid-wide rule: the pair of
    /// the step).
    pub cells: Vec<String>,
}

/// A symbol in a cell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// The cell's name.
    pub cell: String,
    /// The symbol.
    pub symbol: String,
}

/// `count --all`: one solution, numbered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolutionRecord {
    /// [`VERSION`].
    pub version: u32,
    /// Always [`Kind::Solution`].
    pub record: Kind,
    /// The puzzle's label.
    pub label: String,
    /// 1 for the first solution found.
    pub n: u64,
    /// The solution as a line.
    pub solution: String,
}

/// `info --json`: a variant in numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InfoRecord {
    /// [`VERSION`].
    pub version: u32,
    /// Always [`Kind::Info`].
    pub record: Kind,
    /// The variant's name.
    pub name: String,
    /// The file (or `builtin:NAME`) it came from.
    pub origin: String,
    /// `grid 9×9`, `polar 12 sectors × 6 rings`, `free`.
    pub shape: String,
    /// Number of cells.
    pub cells: usize,
    /// Number of edges.
    pub edges: usize,
    /// The symbols.
    pub symbols: Vec<String>,
    /// Houses by kind (plural): `{"rows": 9, …}`.
    pub houses: std::collections::BTreeMap<String, usize>,
    /// Whether every house has one cell per symbol.
    pub all_houses_full: bool,
    /// Smallest degree.
    pub degree_min: usize,
    /// Largest degree.
    pub degree_max: usize,
    /// Mean degree.
    pub degree_mean: f64,
    /// Cells restricted to some symbols.
    pub restricted_cells: usize,
    /// Doubtful but legal features of the shape.
    pub warnings: Vec<String>,
    /// The rules on the values; left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub rules: Vec<RuleRecord>,
}

/// The kebab-case word serde gives a unit enum value (a level, a technique).
///
/// ```
/// use graphdoku::write::json::{Outcome, word};
/// assert_eq!(word(&Outcome::NoSolution), "no-solution");
/// ```
pub fn word(value: &impl Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        other => format!("{other:?}"),
    }
}

/// `graph --format json`: a variant's constraint graph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GraphRecord {
    /// [`VERSION`].
    pub version: u32,
    /// Always [`Kind::Graph`].
    pub record: Kind,
    /// The variant's name.
    pub name: String,
    /// The file (or `builtin:NAME`) it came from.
    pub origin: String,
    /// The symbols, in colour order.
    pub symbols: Vec<String>,
    /// The cells (vertices), in vertex order.
    pub nodes: Vec<NodeRecord>,
    /// The "must differ" pairs.
    pub edges: Vec<EdgeRecord>,
    /// The houses (all-different groups).
    pub houses: Vec<HouseRecord>,
    /// The rules on the values (cages, thermometers, dots…); left out when
    /// there are none.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub rules: Vec<RuleRecord>,
}

/// A cell of a [`GraphRecord`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeRecord {
    /// The cell's name.
    pub name: String,
    /// Layout position in cell units (x right, y down), when the shape has one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub x: Option<f64>,
    /// See `x`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub y: Option<f64>,
    /// The symbols it may hold, when the variant restricts it.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub allowed: Option<Vec<String>>,
}

/// An edge of a [`GraphRecord`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EdgeRecord {
    /// One cell's name.
    pub a: String,
    /// The other's.
    pub b: String,
    /// The first house holding both, or the rule: `anti-knight`, `anti-king`, `edge rule`.
    pub reason: String,
}

/// A house of a [`GraphRecord`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HouseRecord {
    /// Its name: `row 1`, `box 5`, `wedge 3`.
    pub name: String,
    /// The rule that made it: `row`, `column`, `box`, `region`, …
    pub kind: String,
    /// Its cells' names.
    pub cells: Vec<String>,
}

impl GraphRecord {
    /// The record of `graph`.
    pub fn of(graph: &ConstraintGraph) -> Self {
        let name = |c: usize| graph.cells()[c].name.clone();
        let symbols = |colours: &[u8]| {
            colours
                .iter()
                .map(|&c| graph.alphabet().symbol(c).to_string())
                .collect()
        };
        GraphRecord {
            version: VERSION,
            record: Kind::Graph,
            name: graph.name().into(),
            origin: graph.origin().into(),
            symbols: graph.alphabet().symbols().to_vec(),
            nodes: (0..graph.len())
                .map(|c| {
                    let at = position(graph, c);
                    NodeRecord {
                        name: name(c),
                        x: at.map(|p| round(p.0)),
                        y: at.map(|p| round(p.1)),
                        allowed: graph.allowed(c).map(symbols),
                    }
                })
                .collect(),
            edges: edges(graph)
                .into_iter()
                .map(|(a, b, why)| EdgeRecord {
                    a: name(a),
                    b: name(b),
                    reason: why_label(graph, why).into(),
                })
                .collect(),
            houses: graph
                .houses()
                .iter()
                .map(|h| HouseRecord {
                    name: h.name.clone(),
                    kind: h.kind.singular().into(),
                    cells: h.cells.iter().map(|&c| name(c)).collect(),
                })
                .collect(),
            rules: rules(graph),
        }
    }
}

/// A rule of a [`GraphRecord`] (and of `info` and `generate` records): its kind
/// as the RON schema writes it ([`crate::rules::RuleSpec`]: `Killer`,
/// `Thermometer`, `X`, `Odd`…) and its fields under the schema's names, cells
/// by name; a field the rule does not have is left out.
///
/// | kind | fields |
/// |---|---|
/// | `Killer` | `cells`, `total` (when given) |
/// | `Cage` | `cells`, `total` |
/// | `Arrow` | `circle` (most significant first), `line` |
/// | `Sum` | `cells`, `weights`, `total` |
/// | `Thermometer`, `SlowThermometer`, `Renban` | `cells`, from the bulb / in line order |
/// | `Difference`, `Ratio` | `cells` (two), `value` |
/// | `X`, `V` | `cells` (two) |
/// | `Negative` | `mark`: `Difference`, `Ratio` or `XV` |
/// | `Whispers` | `cells`, `difference` |
/// | `NonConsecutive` | none |
/// | `Odd`, `Even` | `cells` |
/// | `Relation` | `pairs` of cells, `allowed` pairs of values |
///
/// ```
/// use graphdoku::write::json::{GraphRecord, to_line};
/// let source = r#"Puzzle(variant: "sudoku4", givens: Rows(["....", "....", "....", "...."]),
///     rules: [Killer(cells: ["r1c1", "r1c2"], total: 3)])"#;
/// let (graph, _) = graphdoku::read::read_ron_puzzle(source, "k.ron").unwrap();
/// let line = to_line(&GraphRecord::of(&graph));
/// assert!(line.ends_with(r#""rules":[{"kind":"Killer","cells":["r1c1","r1c2"],"total":3}]}"#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleRecord {
    /// The rule's word in RON.
    pub kind: String,
    /// The cells, in the rule's order.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub cells: Vec<String>,
    /// `Arrow`: the circle or pill.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub circle: Option<Vec<String>>,
    /// `Arrow`: the cells along the arrow, from the circle out.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub line: Option<Vec<String>>,
    /// `Sum`: one weight per cell.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub weights: Option<Vec<i64>>,
    /// `Killer`, `Cage`, `Sum`: the total.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub total: Option<i64>,
    /// `Difference`, `Ratio`: the dot's value.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub value: Option<i64>,
    /// `Whispers`: the least difference.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub difference: Option<i64>,
    /// `Negative`: the kind of mark.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub mark: Option<String>,
    /// `Relation`: ordered pairs of cells.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub pairs: Option<Vec<(String, String)>>,
    /// `Relation`: the allowed (first, second) values.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub allowed: Option<Vec<(i64, i64)>>,
    /// Outside clues (`LittleKiller`, `Sandwich`, `XSum`, `Skyscraper`): the
    /// direction from the clue into the grid (`cells` start next to the clue).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub towards: Option<Direction>,
    /// `Skyscraper`: how many are seen.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub count: Option<i64>,
    /// `Quadruple`: the digits around the corner.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub digits: Option<Vec<i64>>,
    /// `RegionSum`: the line cut where it changes box; `Clone`: the two
    /// groups of cloned cells.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub segments: Option<Vec<Vec<String>>>,
    /// A rule without fields of its own here (`Regex`): its other fields,
    /// as the RON schema names them (`{"pattern": "[1-3]*9"}`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub parameters: Option<serde_json::Map<String, Value>>,
}

impl RuleRecord {
    /// The record of `rule`, a rule of `graph`.
    pub fn of(graph: &ConstraintGraph, rule: &Rule) -> Self {
        let name = |c: &usize| graph.cells()[*c].name.clone();
        let names = |cells: &[usize]| cells.iter().map(name).collect::<Vec<_>>();
        let two = |(a, b): &(usize, usize)| vec![name(a), name(b)];
        let mut record = RuleRecord {
            kind: String::new(),
            cells: vec![],
            circle: None,
            line: None,
            weights: None,
            total: None,
            value: None,
            difference: None,
            mark: None,
            pairs: None,
            allowed: None,
            towards: None,
            count: None,
            digits: None,
            segments: None,
            parameters: None,
        };
        // Every rule has its fields here, or falls to the last arm.
        let kind = match rule {
            Rule::Killer { cells, total } => {
                record.cells = names(cells);
                record.total = *total;
                "Killer"
            }
            Rule::Cage { cells, total } => {
                record.cells = names(cells);
                record.total = Some(*total);
                "Cage"
            }
            Rule::Arrow { circle, line } => {
                record.circle = Some(names(circle));
                record.line = Some(names(line));
                "Arrow"
            }
            Rule::Sum {
                cells,
                weights,
                total,
            } => {
                record.cells = names(cells);
                record.weights = Some(weights.clone());
                record.total = Some(*total);
                "Sum"
            }
            Rule::Thermometer(cells) => {
                record.cells = names(cells);
                "Thermometer"
            }
            Rule::SlowThermometer(cells) => {
                record.cells = names(cells);
                "SlowThermometer"
            }
            Rule::Difference { cells, value } => {
                record.cells = two(cells);
                record.value = Some(*value);
                "Difference"
            }
            Rule::Ratio { cells, value } => {
                record.cells = two(cells);
                record.value = Some(*value);
                "Ratio"
            }
            Rule::Xv { cells, sum } => {
                record.cells = two(cells);
                match sum {
                    10 => "X",
                    _ => "V",
                }
            }
            Rule::Negative(mark) => {
                record.mark = Some(
                    match mark {
                        Mark::Difference => "Difference",
                        Mark::Ratio => "Ratio",
                        Mark::XV => "XV",
                    }
                    .into(),
                );
                "Negative"
            }
            Rule::Whispers { cells, difference } => {
                record.cells = names(cells);
                record.difference = Some(*difference);
                "Whispers"
            }
            Rule::Renban(cells) => {
                record.cells = names(cells);
                "Renban"
            }
            Rule::NonConsecutive => "NonConsecutive",
            Rule::Parity { cells, odd } => {
                record.cells = names(cells);
                match odd {
                    true => "Odd",
                    false => "Even",
                }
            }
            Rule::Relation { pairs, allowed } => {
                record.pairs = Some(pairs.iter().map(|(a, b)| (name(a), name(b))).collect());
                record.allowed = Some(allowed.clone());
                "Relation"
            }
            Rule::LittleKiller {
                cells,
                towards,
                total,
            }
            | Rule::Sandwich {
                cells,
                towards,
                total,
            }
            | Rule::XSum {
                cells,
                towards,
                total,
            } => {
                record.cells = names(cells);
                record.towards = Some(*towards);
                record.total = Some(*total);
                match rule {
                    Rule::LittleKiller { .. } => "LittleKiller",
                    Rule::Sandwich { .. } => "Sandwich",
                    _ => "XSum",
                }
            }
            Rule::Skyscraper {
                cells,
                towards,
                count,
            } => {
                record.cells = names(cells);
                record.towards = Some(*towards);
                record.count = Some(*count);
                "Skyscraper"
            }
            Rule::Lockout { cells, difference } => {
                record.cells = names(cells);
                record.difference = Some(*difference);
                "Lockout"
            }
            Rule::Quadruple { cells, digits } => {
                record.cells = names(cells);
                record.digits = Some(digits.clone());
                "Quadruple"
            }
            Rule::Extremum { cells, minimum } => {
                record.cells = names(cells);
                match minimum {
                    true => "Minimum",
                    false => "Maximum",
                }
            }
            Rule::GreaterThan { cells } => {
                record.cells = two(cells);
                "GreaterThan"
            }
            Rule::RegionSum { segments } => {
                record.cells = segments.iter().flat_map(|s| names(s)).collect();
                record.segments = Some(segments.iter().map(|s| names(s)).collect());
                "RegionSum"
            }
            Rule::Clone(a, b) => {
                record.segments = Some(vec![names(a), names(b)]);
                "Clone"
            }
            Rule::Between(cells)
            | Rule::Palindrome(cells)
            | Rule::Zipper(cells)
            | Rule::DoubleArrow(cells)
            | Rule::Entropic(cells)
            | Rule::Modular(cells)
            | Rule::Nabner(cells) => {
                record.cells = names(cells);
                match rule {
                    Rule::Between(_) => "Between",
                    Rule::Palindrome(_) => "Palindrome",
                    Rule::Zipper(_) => "Zipper",
                    Rule::DoubleArrow(_) => "DoubleArrow",
                    Rule::Entropic(_) => "Entropic",
                    Rule::Modular(_) => "Modular",
                    _ => "Nabner",
                }
            }
            // Its word is its variant's name, its cells by name, the rest
            // as serde writes it.
            other => {
                record.cells = names(&other.cells());
                let Ok(Value::Object(tagged)) = serde_json::to_value(other) else {
                    unreachable!("a rule with fields serialises as a tagged object");
                };
                let (word, fields) = tagged.into_iter().next().expect("one tag");
                if let Value::Object(mut fields) = fields {
                    fields.remove("cells");
                    record.parameters = Some(fields);
                }
                record.kind = word;
                return record;
            }
        };
        record.kind = kind.into();
        record
    }
}

/// The records of every rule of `graph`, in its order.
pub fn rules(graph: &ConstraintGraph) -> Vec<RuleRecord> {
    graph
        .rules()
        .iter()
        .map(|r| RuleRecord::of(graph, r))
        .collect()
}

/// Four decimals are plenty for a drawing and keep the output stable.
fn round(x: f64) -> f64 {
    (x * 1e4).round() / 1e4 + 0.0
}
