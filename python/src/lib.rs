//! The native half of the `graphdoku` Python package: a thin, batch-first binding
//! over the library (arrays in, arrays out, the GIL released while it works).
//!
//! The Python half (`graphdoku/__init__.py`) turns lists and networkx graphs
//! into the contiguous arrays taken here, and status codes into names. A batch
//! of puzzles is a list of strings or an `int64` array, one row per puzzle: 0 for
//! an empty cell, `k` for the variant's `k`-th symbol (its colour `k - 1`). A
//! puzzle that cannot be read gets the status `invalid` and its message, and the
//! rest of the batch still runs.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use graphdoku::canon::Canon;
use graphdoku::colouring::{self, Outcome as Coloured, Proof};
use graphdoku::generate::dress::{self, Kind as RuleKind};
use graphdoku::generate::{GenerateError, Generator, Options as GenerateOptions, SeRange};
use graphdoku::logic::{Grade, Level, Logic, Step};
use graphdoku::prove::{self, Answerer, Question};
use graphdoku::read::VariantRef;
use graphdoku::rules::RuleSpec;
use graphdoku::{
    Budget, ConstraintGraph, PlainGraph, Puzzle, PuzzleReader, Solution, Solver, Verdict, verify,
};
use numpy::ndarray::{Array1, Array2, Array3};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rayon::prelude::*;

create_exception!(
    _graphdoku,
    VariantError,
    PyValueError,
    "A variant that could not be loaded: the message names the file, line and column."
);
create_exception!(
    _graphdoku,
    InputError,
    PyValueError,
    "A puzzle that could not be read: the message names where, as the CLI does."
);
create_exception!(
    _graphdoku,
    GenerateError_,
    PyTimeoutError,
    "No puzzle came out of `generate` in time or in its attempts (the clues or difficulty \
     asked for were not met): the CLI's exit status 5, gave up."
);

/// A NumPy array of one value per puzzle.
type Column<'py, T> = Bound<'py, PyArray1<T>>;
/// A NumPy array of one row per puzzle.
type Rows<'py, T> = Bound<'py, PyArray2<T>>;

/// Status codes, in the order of `graphdoku.STATUS` (the CLI's JSON outcome words).
mod status {
    pub const SOLVED: u8 = 0;
    pub const UNIQUE: u8 = 1;
    pub const MULTIPLE: u8 = 2;
    pub const NO_SOLUTION: u8 = 3;
    pub const GAVE_UP: u8 = 4;
    pub const INTERNAL_ERROR: u8 = 5;
    pub const INVALID: u8 = 6;
}

/// A variant: its cells, houses, symbols and rules, built into a constraint graph.
#[pyclass(frozen, module = "graphdoku")]
struct Variant {
    graph: Arc<ConstraintGraph>,
    /// How a puzzle file names it: the name or path it was loaded from, or
    /// its RON text.
    source: VariantRef,
}

#[pymethods]
impl Variant {
    /// Loads a built-in variant (`"sudoku9"`, `"sudoku16"`, `"jigsaw9"`, …) or a
    /// variant file (RON); raises `VariantError` with the CLI's message.
    #[staticmethod]
    fn load(name: &str) -> PyResult<Self> {
        let graph =
            ConstraintGraph::load(name).map_err(|e| VariantError::new_err(e.to_string()))?;
        Ok(Variant {
            graph: Arc::new(graph),
            source: VariantRef::Named(name.to_string()),
        })
    }

    /// The variant of a RON puzzle file's text, with the puzzle's own rules:
    /// what its givens are read on (`origin` names it in messages; a variant
    /// it names by path is found from the working directory).
    #[staticmethod]
    #[pyo3(signature = (text, origin = "<puzzle>"))]
    fn from_puzzle(text: &str, origin: &str) -> PyResult<Self> {
        let (graph, _) = graphdoku::read::read_ron_puzzle(text, origin)
            .map_err(|e| VariantError::new_err(e.to_string()))?;
        Ok(Variant {
            source: VariantRef::Named(graph.name().to_string()),
            graph: Arc::new(graph),
        })
    }

    /// A variant from RON text, as a variant file would hold it; `origin` names it
    /// in error messages.
    #[staticmethod]
    #[pyo3(signature = (text, origin = "<ron>"))]
    fn from_ron(text: &str, origin: &str) -> PyResult<Self> {
        let loaded = graphdoku::variant::parse(text, origin)
            .map_err(|e| VariantError::new_err(e.to_string()))?;
        let graph =
            ConstraintGraph::build(&loaded).map_err(|e| VariantError::new_err(e.to_string()))?;
        Ok(Variant {
            graph: Arc::new(graph),
            source: VariantRef::Inline(text.trim().to_string()),
        })
    }

    /// The variant's name.
    #[getter]
    fn name(&self) -> String {
        self.graph.name().to_string()
    }

    /// The cell names (`r1c1`, …), in the order of a puzzle row.
    #[getter]
    fn cells(&self) -> Vec<String> {
        self.graph.cells().iter().map(|c| c.name.clone()).collect()
    }

    /// The houses (groups of cells that must all differ) as `(name, cell indices)`.
    #[getter]
    fn houses(&self) -> Vec<(String, Vec<usize>)> {
        let houses = self.graph.houses().iter();
        houses.map(|h| (h.name.clone(), h.cells.clone())).collect()
    }

    /// The symbols; value `k` in a puzzle array is `symbols[k - 1]`.
    #[getter]
    fn symbols(&self) -> Vec<String> {
        self.graph.alphabet().symbols().to_vec()
    }

    /// The rules beyond "must differ", each as JSON text (`graphdoku.Variant.rules` parses them).
    #[getter]
    fn rules_json(&self) -> PyResult<Vec<String>> {
        let rules = self.graph.rules().iter();
        rules
            .map(|r| serde_json::to_string(r).map_err(|e| PyRuntimeError::new_err(e.to_string())))
            .collect()
    }

    /// The "must differ" edges of the constraint graph as `(a, b)` cell indices.
    #[getter]
    fn edges(&self) -> Vec<(usize, usize)> {
        let graph = self.graph.graph();
        let edges = graph.edge_indices().filter_map(|e| graph.edge_endpoints(e));
        edges.map(|(a, b)| (a.index(), b.index())).collect()
    }

    fn __len__(&self) -> usize {
        self.graph.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Variant({:?}: {} cells, {} symbols, {} houses, {} rules)",
            self.graph.name(),
            self.graph.len(),
            self.graph.alphabet().len(),
            self.graph.houses().len(),
            self.graph.rules().len()
        )
    }
}

/// The budget of each puzzle: `timeout` seconds, or none.
fn budget(timeout: Option<f64>) -> PyResult<Budget> {
    let mut budget = Budget::unlimited();
    if let Some(seconds) = timeout {
        let duration = Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!("timeout {seconds}: not a number of seconds"))
        })?;
        budget = budget.time(duration);
    }
    Ok(budget)
}

/// How long a path's chains through rules may take (`Logic::with_path_budget`):
/// `seconds`, or the CLI's default.
fn path_budget(seconds: Option<f64>) -> PyResult<Duration> {
    let Some(seconds) = seconds else {
        return Ok(graphdoku::logic::PATH_BUDGET);
    };
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        PyValueError::new_err(format!("logic_budget {seconds}: not a number of seconds"))
    })
}

/// The engine every door asks (the CLI's `solve`, `check`, `count`): a
/// search capped where SAT takes over, and SAT's share of `timeout`; each
/// thread makes its [`Answerer`] from them.
fn engine(graph: &ConstraintGraph, timeout: Option<f64>) -> PyResult<(Solver, Option<Budget>)> {
    let budget = budget(timeout)?;
    let solver = Solver::new(graph).with_budget(prove::searching(graph, budget));
    Ok((solver, prove::handed_off(budget)))
}

/// A batch of puzzles as the functions take it: an `(N, cells)` array (0 for
/// empty, `k` for the `k`-th symbol) or a list of strings in any one-puzzle
/// text format the CLI reads.
#[derive(FromPyObject)]
enum Batch<'py> {
    Array(PyReadonlyArray2<'py, i64>),
    Strings(Vec<String>),
}

/// Each row's puzzle, or why it is not one (a bad value, givens that clash, text
/// that does not read): the message as the CLI would give it. Only an array
/// of the wrong width raises, as no row of it could be read.
fn rows(graph: &ConstraintGraph, batch: &Batch) -> PyResult<Vec<Result<Puzzle, String>>> {
    match batch {
        Batch::Array(array) => array_rows(graph, array),
        Batch::Strings(texts) => Ok(texts
            .iter()
            .enumerate()
            .map(|(i, text)| string_row(graph, i, text))
            .collect()),
    }
}

/// The rows of an `(N, cells)` array, each checked: every value in
/// 0..=symbols and no two givens alike where they must differ.
fn array_rows(
    graph: &ConstraintGraph,
    array: &PyReadonlyArray2<i64>,
) -> PyResult<Vec<Result<Puzzle, String>>> {
    let (count, cells) = (array.shape()[0], array.shape()[1]);
    if cells != graph.len() {
        return Err(InputError::new_err(format!(
            "puzzles have {cells} columns, the variant {} has {} cells",
            graph.name(),
            graph.len()
        )));
    }
    let symbols = graph.alphabet().len() as i64;
    let values = array.as_slice()?;
    let row = |(index, values): (usize, &[i64])| {
        let mut givens = Vec::with_capacity(cells);
        for (cell, &value) in values.iter().enumerate() {
            givens.push(match value {
                0 => None,
                v if (1..=symbols).contains(&v) => Some((v - 1) as u8),
                v => {
                    return Err(format!(
                        "puzzles[{index}][{cell}] ({}): {v} is not 0 (empty) or a symbol 1..={symbols}",
                        graph.cells()[cell].name
                    ));
                }
            });
        }
        let puzzle = Puzzle::new(givens);
        match puzzle.check(graph) {
            Ok(()) => Ok(puzzle),
            Err(e) => Err(format!("puzzles[{index}]: {e}")),
        }
    };
    Ok(values
        .chunks(cells.max(1))
        .take(count)
        .enumerate()
        .map(row)
        .collect())
}

/// The one puzzle of string `index`, named `puzzles[index]` in messages: a
/// line or grid as the CLI reads them, or a RON puzzle file's text whose
/// variant (rules and all) is the batch's.
fn string_row(graph: &ConstraintGraph, index: usize, text: &str) -> Result<Puzzle, String> {
    let name = format!("puzzles[{index}]");
    if graphdoku::read::looks_like_ron(text.as_bytes()) {
        let (own, record) =
            graphdoku::read::read_ron_puzzle(text, &name).map_err(|e| e.to_string())?;
        let same = own.name() == graph.name()
            && own.len() == graph.len()
            && own.alphabet().symbols() == graph.alphabet().symbols()
            && own.rules() == graph.rules();
        if !same {
            return Err(format!(
                "{name}: a puzzle of {:?} with {} rules, not of the batch's {:?} with {}: \
                 pass variant=graphdoku.Variant.from_puzzle(text)",
                own.name(),
                own.rules().len(),
                graph.name(),
                graph.rules().len()
            ));
        }
        return record.puzzle.map_err(|e| e.to_string());
    }
    let mut records = PuzzleReader::new(graph, text.as_bytes(), &name);
    let record = records
        .next()
        .ok_or_else(|| format!("{name}: no puzzle found"))?;
    let puzzle = record.puzzle.map_err(|e| e.to_string())?;
    match records.next() {
        None => Ok(puzzle),
        Some(_) => Err(format!("{name}: more than one puzzle in one string")),
    }
}

/// Why each unreadable row is: `(row, message)`, in row order.
type Errors = Vec<(usize, String)>;

/// Runs `work` on every readable row on `threads` threads (all cores when
/// `None`) with the GIL released, each thread with its own `init()` state; an
/// unreadable row gets `invalid` and its message goes into the errors.
fn each_row<S, T: Send + Sync + Clone>(
    py: Python<'_>,
    threads: Option<usize>,
    rows: &[Result<Puzzle, String>],
    invalid: T,
    init: impl Fn() -> S + Send + Sync,
    work: impl Fn(&mut S, &Puzzle) -> T + Send + Sync,
) -> PyResult<(Vec<T>, Errors)> {
    let results = parallel(py, threads, || {
        rows.par_iter()
            .map_init(&init, |state, row| match row {
                Ok(puzzle) => work(state, puzzle),
                Err(_) => invalid.clone(),
            })
            .collect()
    })?;
    let errors = rows.iter().enumerate();
    let errors = errors.filter_map(|(i, row)| row.as_ref().err().map(|e| (i, e.clone())));
    Ok((results, errors.collect()))
}

/// Runs `work` on `threads` threads (all cores when `None`) with the GIL released.
fn parallel<T: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| match threads {
        None => Ok(work()),
        Some(0) => Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            Ok(pool.install(work))
        }
    })
}

/// Solves a batch: `(solutions (N, cells) uint16, status uint8, errors)`.
/// With `unique`, also settles uniqueness (status unique / multiple).
#[pyfunction]
#[pyo3(signature = (variant, puzzles, unique = false, threads = None, timeout = None))]
fn solve_batch<'py>(
    py: Python<'py>,
    variant: &Variant,
    puzzles: Batch<'py>,
    unique: bool,
    threads: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<(Rows<'py, u16>, Column<'py, u8>, Errors)> {
    let graph = &*variant.graph;
    let rows = rows(graph, &puzzles)?;
    let (solver, sat) = engine(graph, timeout)?;
    let question = match unique {
        true => Question::Unique,
        false => Question::First,
    };
    let solve = |answerer: &mut Answerer, puzzle: &Puzzle| {
        let Ok(answer) = answerer.ask(puzzle, question) else {
            return (None, status::INTERNAL_ERROR);
        };
        let (found, word) = match answer.verdict() {
            Verdict::None => (None, status::NO_SOLUTION),
            Verdict::GaveUp(_) => (None, status::GAVE_UP),
            Verdict::Multiple(s, _) => (Some(s), status::MULTIPLE),
            Verdict::Unique(s) if unique => (Some(s), status::UNIQUE),
            Verdict::Unique(s) => (Some(s), status::SOLVED),
        };
        match found {
            Some(solution) if verify(graph, puzzle, &solution).is_err() => {
                (None, status::INTERNAL_ERROR)
            }
            found => (found, word),
        }
    };
    let invalid = (None, status::INVALID);
    let init = || Answerer::new(graph, &solver, sat);
    let (results, errors) = each_row(py, threads, &rows, invalid, init, solve)?;
    let cells = graph.len();
    let mut solutions = Array2::zeros((rows.len(), cells));
    let mut statuses = Vec::with_capacity(rows.len());
    for (mut row, (found, word)) in solutions.rows_mut().into_iter().zip(results) {
        if let Some(solution) = found {
            for (value, &colour) in row.iter_mut().zip(solution.colours()) {
                *value = u16::from(colour) + 1;
            }
        }
        statuses.push(word);
    }
    Ok((
        solutions.into_pyarray(py),
        statuses.into_pyarray(py),
        errors,
    ))
}

/// Counts the solutions of each puzzle up to `limit`: `(counts uint64, status uint8, errors)`.
#[pyfunction]
#[pyo3(signature = (variant, puzzles, limit = 2, threads = None, timeout = None))]
fn count_batch<'py>(
    py: Python<'py>,
    variant: &Variant,
    puzzles: Batch<'py>,
    limit: u64,
    threads: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<(Column<'py, u64>, Column<'py, u8>, Errors)> {
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1"));
    }
    let graph = &*variant.graph;
    let rows = rows(graph, &puzzles)?;
    let (solver, sat) = engine(graph, timeout)?;
    let question = match limit {
        1 => Question::First,
        2 => Question::Unique,
        _ => Question::Count(limit),
    };
    let count = |answerer: &mut Answerer, puzzle: &Puzzle| {
        let Ok(answer) = answerer.ask(puzzle, question) else {
            return (0, status::INTERNAL_ERROR);
        };
        let (found, first, gave_up) = (answer.solutions, answer.first, answer.gave_up);
        if first.is_some_and(|s| verify(graph, puzzle, &s).is_err()) {
            return (found, status::INTERNAL_ERROR);
        }
        let word = match (found, gave_up) {
            (_, true) => status::GAVE_UP,
            (0, _) => status::NO_SOLUTION,
            (1, _) => status::UNIQUE,
            _ => status::MULTIPLE,
        };
        (found, word)
    };
    let invalid = (0, status::INVALID);
    let init = || Answerer::new(graph, &solver, sat);
    let (results, errors) = each_row(py, threads, &rows, invalid, init, count)?;
    let (counts, statuses): (Vec<u64>, Vec<u8>) = results.into_iter().unzip();
    Ok((counts.into_pyarray(py), statuses.into_pyarray(py), errors))
}

/// What `grade_batch` returns: levels, guesses, statuses, errors, and the
/// Sudoku Explainer ratings (ER, EP, ED; NaN where there are none).
type Graded<'py> = (
    Column<'py, u8>,
    Column<'py, u32>,
    Column<'py, u8>,
    Errors,
    Bound<'py, PyArray2<f32>>,
);

/// One puzzle's grade: level code, guesses, status, ratings.
type GradeRow = (u8, u32, u8, [f32; 3]);

/// Grades each puzzle by the techniques its logic path needs, as the CLI's
/// `grade` does (the same path, so the same level and ratings): `(level
/// uint8, guesses uint32, status uint8, errors, ratings (N, 3) float32)`;
/// level indexes `graphdoku.LEVELS`, 255 when there is no path (no
/// solution, gave up, invalid); ratings are ER, EP and ED, NaN where the
/// path has none (a guess, or no path).
#[pyfunction]
#[pyo3(signature = (variant, puzzles, threads = None, timeout = None, logic_budget = None))]
fn grade_batch<'py>(
    py: Python<'py>,
    variant: &Variant,
    puzzles: Batch<'py>,
    threads: Option<usize>,
    timeout: Option<f64>,
    logic_budget: Option<f64>,
) -> PyResult<Graded<'py>> {
    let graph = &*variant.graph;
    let rows = rows(graph, &puzzles)?;
    let (solver, sat) = engine(graph, timeout)?;
    let budget = path_budget(logic_budget)?;
    let none = [f32::NAN; 3];
    let grade = |(answerer, logic): &mut (Answerer, Logic), puzzle: &Puzzle| -> GradeRow {
        let started = Instant::now();
        let Ok(answer) = answerer.ask(puzzle, Question::Unique) else {
            return (u8::MAX, 0, status::INTERNAL_ERROR, none);
        };
        let (solution, word) = match answer.verdict() {
            Verdict::None => return (u8::MAX, 0, status::NO_SOLUTION, none),
            Verdict::GaveUp(_) => return (u8::MAX, 0, status::GAVE_UP, none),
            Verdict::Unique(s) => (s, status::UNIQUE),
            Verdict::Multiple(s, _) => (s, status::MULTIPLE),
        };
        if verify(graph, puzzle, &solution).is_err() {
            return (u8::MAX, 0, status::INTERNAL_ERROR, none);
        }
        // The path the CLI's `grade` rates (`Logic::shown_path`).
        let budget = logic.budget_since(started);
        let path = logic.shown_path(puzzle, &solution, word == status::UNIQUE, budget);
        let Ok(path) = path else {
            return (u8::MAX, 0, status::INTERNAL_ERROR, none);
        };
        let grade = Grade::of(&path);
        let level = Level::ALL.iter().position(|l| *l == grade.level);
        let guesses = u32::try_from(grade.guesses).unwrap_or(u32::MAX);
        let tenths = |t: u16| f32::from(t) / 10.0;
        let se = (grade.se).map_or(none, |se| [tenths(se.er), tenths(se.ep), tenths(se.ed)]);
        (level.map_or(u8::MAX, |l| l as u8), guesses, word, se)
    };
    let init = || {
        let logic = Logic::new(graph).with_path_budget(budget);
        (Answerer::new(graph, &solver, sat), logic)
    };
    let invalid = (u8::MAX, 0, status::INVALID, none);
    let (results, errors) = each_row(py, threads, &rows, invalid, init, grade)?;
    let mut levels = Vec::with_capacity(results.len());
    let mut guesses = Vec::with_capacity(results.len());
    let mut statuses = Vec::with_capacity(results.len());
    let mut ratings = Vec::with_capacity(3 * results.len());
    for (level, guess, word, se) in &results {
        levels.push(*level);
        guesses.push(*guess);
        statuses.push(*word);
        ratings.extend_from_slice(se);
    }
    let ratings = Array2::from_shape_vec((results.len(), 3), ratings)
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok((
        levels.into_pyarray(py),
        guesses.into_pyarray(py),
        statuses.into_pyarray(py),
        errors,
        ratings.into_pyarray(py),
    ))
}

/// The level names, in the order of `grade_batch`'s codes.
#[pyfunction]
fn level_names() -> Vec<&'static str> {
    Level::ALL.iter().map(|l| l.name()).collect()
}

/// What `candidates_batch` returns: counts and exactness by puzzle, cell and
/// symbol, statuses and errors.
type Candidated<'py> = (
    Bound<'py, PyArray3<u64>>,
    Bound<'py, PyArray3<bool>>,
    Column<'py, u8>,
    Errors,
);

/// The true candidates of each puzzle, as `graphdoku candidates` finds them:
/// `(counts (N, cells, symbols) uint64, exact (N, cells, symbols) bool,
/// status uint8, errors)`. `counts[n, c, k]` solutions of puzzle `n` hold
/// symbol `k + 1` in cell `c`, counted up to `limit` (0: in none, or not yet
/// known when `exact` is false); a given's value counts every solution.
#[pyfunction]
#[pyo3(signature = (variant, puzzles, limit = 1000, threads = None, timeout = None))]
fn candidates_batch<'py>(
    py: Python<'py>,
    variant: &Variant,
    puzzles: Batch<'py>,
    limit: u64,
    threads: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<Candidated<'py>> {
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1"));
    }
    let graph = &*variant.graph;
    let rows = rows(graph, &puzzles)?;
    let options = graphdoku::candidates::Options {
        limit,
        budget: budget(timeout)?,
    };
    let find = |_: &mut (), puzzle: &Puzzle| {
        let found = graphdoku::candidates::candidates(graph, puzzle, options).ok();
        let word = match &found {
            None => status::INTERNAL_ERROR,
            Some(found) if found.gave_up => status::GAVE_UP,
            Some(found) => match (found.solutions.solutions, found.solutions.exact) {
                (0, _) => status::NO_SOLUTION,
                (1, true) => status::UNIQUE,
                _ => status::MULTIPLE,
            },
        };
        (found.map(Arc::new), word)
    };
    let invalid = (None, status::INVALID);
    let (results, errors) = each_row(py, threads, &rows, invalid, || (), find)?;
    let (cells, symbols) = (graph.len(), graph.alphabet().len());
    let mut counts = Array3::zeros((rows.len(), cells, symbols));
    let mut exact = Array3::from_elem((rows.len(), cells, symbols), true);
    let mut statuses = Vec::with_capacity(rows.len());
    for (n, (found, word)) in results.into_iter().enumerate() {
        statuses.push(word);
        let Some(found) = found else { continue };
        for (cell, entry) in found.cells.iter().enumerate() {
            for &(colour, tally) in &entry.values {
                counts[(n, cell, usize::from(colour))] = tally.solutions;
                exact[(n, cell, usize::from(colour))] = tally.exact;
            }
        }
    }
    Ok((
        counts.into_pyarray(py),
        exact.into_pyarray(py),
        statuses.into_pyarray(py),
        errors,
    ))
}

/// The candidates left in each cell of one puzzle (a row) after the basic
/// eliminations (its neighbours' givens, the rules' first deductions): a
/// `(cells, symbols)` bool array.
#[pyfunction]
fn pencil_marks_array<'py>(
    py: Python<'py>,
    variant: &Variant,
    puzzle: Batch<'py>,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let graph = &*variant.graph;
    let puzzle = one(graph, &puzzle)?;
    let symbols = graph.alphabet().len();
    let board = Logic::new(graph).start(&puzzle).map_err(|c| {
        InputError::new_err(format!(
            "the puzzle has no solution: {} has no candidate left",
            graph.cells()[c.cell].name
        ))
    })?;
    let mut table = Array2::from_elem((graph.len(), symbols), false);
    for cell in 0..graph.len() {
        for colour in board.candidates(cell) {
            table[(cell, usize::from(colour))] = true;
        }
    }
    Ok(table.into_pyarray(py))
}

/// The one puzzle of a batch of one, or `InputError` with why it does not read.
fn one(graph: &ConstraintGraph, batch: &Batch) -> PyResult<Puzzle> {
    let list = rows(graph, batch)?;
    match list.as_slice() {
        [puzzle] => puzzle.clone().map_err(InputError::new_err),
        other => Err(PyValueError::new_err(format!(
            "one puzzle is taken here, not {}",
            other.len()
        ))),
    }
}

/// Each puzzle's canonical form as `graphdoku canon` prints it (equivalent
/// puzzles alike): `(forms, errors)`, `""` for a row that does not read.
#[pyfunction]
#[pyo3(signature = (variant, puzzles, threads = None))]
fn canon_batch<'py>(
    py: Python<'py>,
    variant: &Variant,
    puzzles: Batch<'py>,
    threads: Option<usize>,
) -> PyResult<(Vec<String>, Errors)> {
    let graph = &*variant.graph;
    let rows = rows(graph, &puzzles)?;
    let canon = Canon::new(graph);
    let form = |_: &mut (), puzzle: &Puzzle| {
        graphdoku::write::text::line(graph, canon.form(puzzle).givens())
    };
    each_row(py, threads, &rows, String::new(), || (), form)
}

/// What `dataset verify` finds of each row, in the order of `graphdoku.DATASET`.
mod finding {
    pub const OK: u8 = 0;
    pub const WRONG_ANSWER: u8 = 1;
    pub const NO_SOLUTION: u8 = 2;
    pub const MULTIPLE: u8 = 3;
    pub const GAVE_UP: u8 = 4;
    pub const INVALID: u8 = 5;
    pub const DUPLICATE: u8 = 6;
    pub const EQUIVALENT: u8 = 7;
    pub const INTERNAL_ERROR: u8 = 8;
}

/// `graphdoku dataset verify` over rows: each answer solves its question
/// (`answers` full grids, read as they are, or `None`), each question has
/// one solution, none comes twice (with `canon`, none equivalent to an
/// earlier one): `(finding uint8, messages)`, a message for each row that is
/// not ok, as the CLI words it.
#[pyfunction]
#[pyo3(signature = (variant, questions, answers = None, canon = false, threads = None, timeout = None))]
fn verify_dataset<'py>(
    py: Python<'py>,
    variant: &Variant,
    questions: Batch<'py>,
    answers: Option<Vec<String>>,
    canon: bool,
    threads: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<(Column<'py, u8>, Errors)> {
    let graph = &*variant.graph;
    let rows = rows(graph, &questions)?;
    if let Some(answers) = &answers
        && answers.len() != rows.len()
    {
        return Err(PyValueError::new_err(format!(
            "{} answers for {} questions",
            answers.len(),
            rows.len()
        )));
    }
    let grids: Vec<Option<Puzzle>> = match &answers {
        Some(answers) => (answers.iter())
            .map(|a| graphdoku::read::csv::full_grid(graph, a))
            .collect(),
        None => vec![None; rows.len()],
    };
    let (solver, sat) = engine(graph, timeout)?;
    let forms = Canon::new(graph);
    let indexed: Vec<Result<(usize, Puzzle), String>> = (rows.iter().enumerate())
        .map(|(i, row)| row.clone().map(|p| (i, p)))
        .collect();
    let check = |answerer: &mut Answerer, (i, question): &(usize, Puzzle)| -> (u8, String) {
        if answers.is_some() {
            let Some(answer) = &grids[*i] else {
                return (
                    finding::INVALID,
                    format!("answers[{i}]: not a full grid of the variant's symbols"),
                );
            };
            let colours: Vec<u8> = answer.givens().iter().map(|g| g.unwrap_or(0)).collect();
            if let Err(violation) = verify(graph, question, &Solution::new(colours)) {
                return (
                    finding::WRONG_ANSWER,
                    format!("row {i}: the answer does not solve the question: {violation}"),
                );
            }
        }
        match answerer
            .ask(question, Question::Unique)
            .map(|a| a.verdict())
        {
            Ok(Verdict::Unique(_)) => (finding::OK, String::new()),
            Ok(Verdict::None) => (
                finding::NO_SOLUTION,
                format!("row {i}: the question has no solution"),
            ),
            Ok(Verdict::Multiple(..)) => (
                finding::MULTIPLE,
                format!("row {i}: the question has several solutions"),
            ),
            Ok(Verdict::GaveUp(_)) => (
                finding::GAVE_UP,
                format!("row {i}: gave up: the search budget ran out"),
            ),
            Err(fault) => (
                finding::INTERNAL_ERROR,
                format!("row {i}: internal error: {fault}"),
            ),
        }
    };
    let results: Vec<(u8, String)> = parallel(py, threads, || {
        (indexed.par_iter())
            .map_init(
                || Answerer::new(graph, &solver, sat),
                |answerer, row| match row {
                    Ok(row) => check(answerer, row),
                    Err(message) => (finding::INVALID, message.clone()),
                },
            )
            .collect()
    })?;
    // Repeats in row order: the first of each question (or form) is not one.
    let mut seen: HashMap<&Puzzle, usize> = HashMap::new();
    let mut seen_forms: HashMap<Puzzle, usize> = HashMap::new();
    let mut codes = Vec::with_capacity(rows.len());
    let mut messages = Vec::new();
    for (i, (row, (code, message))) in rows.iter().zip(results).enumerate() {
        let mut found = (code, message);
        if let Ok(question) = row {
            if let Some(&first) = seen.get(question) {
                if found.0 == finding::OK {
                    found = (
                        finding::DUPLICATE,
                        format!("row {i}: duplicate of row {first}"),
                    );
                }
            } else {
                seen.insert(question, i);
                if canon {
                    let form = forms.form(question);
                    match seen_forms.get(&form) {
                        Some(&first) if found.0 == finding::OK => {
                            found = (
                                finding::EQUIVALENT,
                                format!(
                                    "row {i}: equivalent to row {first} (the same canonical form)"
                                ),
                            );
                        }
                        Some(_) => {}
                        None => {
                            seen_forms.insert(form, i);
                        }
                    }
                }
            }
        }
        if found.0 != finding::OK {
            messages.push((i, found.1));
        }
        codes.push(found.0);
    }
    Ok((codes.into_pyarray(py), messages))
}

/// One step of `explain`, for Python: technique (kebab-case), text, the
/// placement `(cell, symbol)` if any, and the eliminations.
type StepTuple = (
    String,
    String,
    Option<(String, String)>,
    Vec<(String, String)>,
);

/// The solution of one puzzle step by step, easiest technique first, as
/// `graphdoku explain` gives it (`hint`: the first step only): `(status,
/// steps)`, no steps when there is no solution or the time ran out.
#[pyfunction]
#[pyo3(signature = (variant, puzzle, hint = false, timeout = None, logic_budget = None))]
fn explain_steps<'py>(
    py: Python<'py>,
    variant: &Variant,
    puzzle: Batch<'py>,
    hint: bool,
    timeout: Option<f64>,
    logic_budget: Option<f64>,
) -> PyResult<(u8, Vec<StepTuple>)> {
    let graph = &*variant.graph;
    let puzzle = one(graph, &puzzle)?;
    let (solver, sat) = engine(graph, timeout)?;
    let logic = Logic::new(graph).with_path_budget(path_budget(logic_budget)?);
    py.detach(|| {
        let started = Instant::now();
        let answer = Answerer::new(graph, &solver, sat)
            .ask(&puzzle, Question::Unique)
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let (solution, word) = match answer.verdict() {
            Verdict::None => return Ok((status::NO_SOLUTION, Vec::new())),
            Verdict::GaveUp(_) => return Ok((status::GAVE_UP, Vec::new())),
            Verdict::Unique(s) => (s, status::UNIQUE),
            Verdict::Multiple(s, _) => (s, status::MULTIPLE),
        };
        verify(graph, &puzzle, &solution)
            .map_err(|v| PyRuntimeError::new_err(format!("internal error: {v:?}")))?;
        let unique = word == status::UNIQUE;
        let budget = logic.budget_since(started);
        let path = logic
            .shown_path(&puzzle, &solution, unique, budget)
            .map_err(|c| {
                PyRuntimeError::new_err(format!(
                    "internal error: the deductions contradict the verified solution at {}",
                    graph.cells()[c.cell].name
                ))
            })?;
        let take = if hint { 1 } else { path.steps.len() };
        let named = |(cell, colour): (usize, u8)| {
            let cell = graph.cells()[cell].name.clone();
            (cell, graph.alphabet().symbol(colour).to_string())
        };
        let step = |step: &Step| -> StepTuple {
            (
                graphdoku::write::json::word(&step.technique),
                logic.describe(step),
                step.placed.map(named),
                step.eliminated.iter().copied().map(named).collect(),
            )
        };
        Ok((word, path.steps.iter().take(take).map(step).collect()))
    })
}

/// What `generate_array` returns: puzzles, solutions, and each puzzle's rules
/// (JSON) and RON puzzle file.
type Made<'py> = (
    Rows<'py, u16>,
    Rows<'py, u16>,
    Vec<Vec<String>>,
    Vec<String>,
);

/// Generates `n` unique, minimal puzzles from `seed` (the same puzzles as
/// `graphdoku generate --count n --seed seed`, and with `rules` as
/// `--rules`, `se` as `--se`): `(puzzles, solutions)` as `(n, cells)`
/// uint16 arrays, each puzzle's rules as JSON, and each as a RON puzzle file
/// (which every command reads, rules and all). A big board's hard uniqueness
/// questions go to `threads` threads (all cores when `None`); the puzzles
/// are the same for any number.
#[pyfunction]
#[pyo3(signature = (variant, n, seed, difficulty = None, clues = None, attempts = 1000, threads = None, timeout = None, rules = None, se = None))]
#[allow(clippy::too_many_arguments)]
fn generate_array<'py>(
    py: Python<'py>,
    variant: &Variant,
    n: usize,
    seed: u64,
    difficulty: Option<&str>,
    clues: Option<usize>,
    attempts: usize,
    threads: Option<usize>,
    timeout: Option<f64>,
    rules: Option<Vec<String>>,
    se: Option<&str>,
) -> PyResult<Made<'py>> {
    let se = match se {
        None => None,
        Some(range) => Some(range.parse::<SeRange>().map_err(PyValueError::new_err)?),
    };
    if se.is_some() && difficulty.is_some() {
        return Err(PyValueError::new_err(
            "difficulty and se: one or the other (as --difficulty and --se)",
        ));
    }
    let kinds: Vec<RuleKind> = (rules.unwrap_or_default().iter())
        .map(|k| k.parse::<RuleKind>().map_err(PyValueError::new_err))
        .collect::<PyResult<_>>()?;
    let graph = &*variant.graph;
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let difficulty = match difficulty {
        None => None,
        Some(word) => Some(
            Level::ALL
                .into_iter()
                .find(|l| l.name() == word)
                .ok_or_else(|| {
                    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                    PyValueError::new_err(format!(
                        "difficulty {word:?}: not one of {}",
                        names.join(", ")
                    ))
                })?,
        ),
    };
    let timeout = match timeout {
        None => None,
        Some(seconds) => Some(Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!("timeout {seconds}: not a number of seconds"))
        })?),
    };
    let options = GenerateOptions {
        clues,
        difficulty,
        se,
        attempts,
        ..GenerateOptions::default()
    };
    let cells = graph.len();
    type One = (Puzzle, Solution, Vec<RuleSpec>);
    let made = py.detach(|| -> Result<Vec<One>, GenerateError> {
        let mut generator = Generator::new(graph).with_threads(threads);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut made = Vec::with_capacity(n);
        for _ in 0..n {
            generator.set_deadline(timeout.map(|t| Instant::now() + t));
            made.push(match kinds.is_empty() {
                true => {
                    let one = generator.generate(&mut rng, &options)?;
                    (one.puzzle, one.solution, Vec::new())
                }
                false => {
                    let dressed = dress::dress(&generator, &kinds, &mut rng, &options)?;
                    (dressed.made.puzzle, dressed.made.solution, dressed.rules)
                }
            });
        }
        Ok(made)
    });
    // The CLI's exit classes: gave up (5) a timeout, a request the variant
    // cannot meet (2) a value error, a bug (3) a runtime error.
    let made = made.map_err(|e| match e {
        GenerateError::OutOfTime | GenerateError::GaveUp { .. } => {
            GenerateError_::new_err(e.to_string())
        }
        GenerateError::Internal => PyRuntimeError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    })?;
    let mut puzzles = Array2::zeros((n, cells));
    let mut solutions = Array2::zeros((n, cells));
    let (mut rules_json, mut files) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for (i, (puzzle, solution, rules)) in made.iter().enumerate() {
        for (cell, given) in puzzle.givens().iter().enumerate() {
            puzzles[(i, cell)] = given.map_or(0, |c| u16::from(c) + 1);
        }
        for (cell, &colour) in solution.colours().iter().enumerate() {
            solutions[(i, cell)] = u16::from(colour) + 1;
        }
        rules_json.push(
            (rules.iter())
                .map(|r| serde_json::to_string(r).unwrap_or_default())
                .collect(),
        );
        let name = format!("{} {} (seed {seed})", graph.name(), i + 1);
        let about = graphdoku::write::ron::PuzzleAbout {
            name: &name,
            author: None,
            rules_text: None,
            variant: &variant.source,
            rules,
        };
        files.push(graphdoku::write::ron::puzzle_file(
            graph,
            &about,
            puzzle.givens(),
        ));
    }
    Ok((
        puzzles.into_pyarray(py),
        solutions.into_pyarray(py),
        rules_json,
        files,
    ))
}

/// Writes rows of values back as the CLI's one-line text (`.` for empty).
#[pyfunction]
fn format_rows(variant: &Variant, rows: PyReadonlyArray2<'_, i64>) -> PyResult<Vec<String>> {
    let graph = &*variant.graph;
    let list = self::puzzles_unchecked(graph, &rows)?;
    Ok(list
        .iter()
        .map(|p| graphdoku::write::text::line(graph, p.givens()))
        .collect())
}

/// As [`puzzles`] without the clash check (a solution array is written as is).
fn puzzles_unchecked(
    graph: &ConstraintGraph,
    array: &PyReadonlyArray2<i64>,
) -> PyResult<Vec<Puzzle>> {
    let cells = graph.len();
    if array.shape()[1] != cells {
        return Err(InputError::new_err(format!(
            "rows have {} columns, the variant {} has {cells} cells",
            array.shape()[1],
            graph.name()
        )));
    }
    let symbols = graph.alphabet().len() as i64;
    let values = array.as_slice()?;
    values
        .chunks(cells.max(1))
        .take(array.shape()[0])
        .map(|row| {
            let givens = row.iter().map(|&v| match v {
                0 => Ok(None),
                v if (1..=symbols).contains(&v) => Ok(Some((v - 1) as u8)),
                v => Err(InputError::new_err(format!(
                    "{v} is not 0 (empty) or a symbol 1..={symbols}"
                ))),
            });
            givens.collect::<PyResult<Vec<_>>>().map(Puzzle::new)
        })
        .collect()
}

/// A plain graph of `vertices` vertices and an `(E, 2)` edge array.
fn plain(vertices: usize, edges: &PyReadonlyArray2<'_, i64>) -> PyResult<PlainGraph> {
    if edges.shape()[1] != 2 && edges.shape()[0] != 0 {
        return Err(PyValueError::new_err(format!(
            "edges have {} columns, not 2",
            edges.shape()[1]
        )));
    }
    let values = edges.as_slice()?;
    let pairs = values
        .chunks(2)
        .take(edges.shape()[0])
        .map(|pair| {
            let vertex = |v: i64| {
                u32::try_from(v)
                    .ok()
                    .filter(|&v| (v as usize) < vertices)
                    .ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "edge ({}, {}): vertex {v} is not in 0..{vertices}",
                            pair[0], pair[1]
                        ))
                    })
            };
            Ok((vertex(pair[0])?, vertex(pair[1])?))
        })
        .collect::<PyResult<Vec<_>>>()?;
    PlainGraph::new(vertices, pairs).map_err(PyValueError::new_err)
}

/// Options of the colouring searches.
fn colouring_options(timeout: Option<f64>) -> PyResult<colouring::Effort> {
    let timeout = match timeout {
        None => None,
        Some(seconds) => Some(Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!("timeout {seconds}: not a number of seconds"))
        })?),
    };
    Ok(colouring::Effort {
        timeout,
        ..colouring::Effort::default()
    })
}

/// A proper colouring with at most `k` colours: the colours (uint32, from 0);
/// `None` when none exists (proven), and `RuntimeError` when the time ran out.
#[pyfunction]
#[pyo3(signature = (vertices, edges, k, timeout = None))]
fn colour_array<'py>(
    py: Python<'py>,
    vertices: usize,
    edges: PyReadonlyArray2<'py, i64>,
    k: usize,
    timeout: Option<f64>,
) -> PyResult<Option<Bound<'py, PyArray1<u32>>>> {
    let graph = plain(vertices, &edges)?;
    let options = colouring_options(timeout)?;
    match py.detach(|| colouring::colour(&graph, k, options)) {
        Coloured::Coloured { colouring, .. } => Ok(Some(Array1::from(colouring).into_pyarray(py))),
        Coloured::Impossible(Proof::Clique(_) | Proof::Search | Proof::Precoloured(_)) => Ok(None),
        // The CLI's exit status 5, gave up: a timeout.
        Coloured::GaveUp(why) => Err(PyTimeoutError::new_err(format!(
            "no colouring with {k} colours found, none ruled out: {why}"
        ))),
    }
}

/// The chromatic number's bounds and a colouring with `upper` colours:
/// `(lower, upper, colouring uint32)`; `lower == upper` when proven.
#[pyfunction]
#[pyo3(signature = (vertices, edges, timeout = None))]
fn chromatic_array<'py>(
    py: Python<'py>,
    vertices: usize,
    edges: PyReadonlyArray2<'py, i64>,
    timeout: Option<f64>,
) -> PyResult<(usize, usize, Bound<'py, PyArray1<u32>>)> {
    let graph = plain(vertices, &edges)?;
    let options = colouring_options(timeout)?;
    let result = py.detach(|| colouring::chromatic(&graph, options, |_| {}));
    Ok((
        result.lower,
        result.upper,
        Array1::from(result.colouring).into_pyarray(py),
    ))
}

/// The native module `graphdoku._graphdoku`.
#[pymodule]
fn _graphdoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Variant>()?;
    m.add("VariantError", py.get_type::<VariantError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("GenerateError", py.get_type::<GenerateError_>())?;
    m.add_function(wrap_pyfunction!(solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(count_batch, m)?)?;
    m.add_function(wrap_pyfunction!(grade_batch, m)?)?;
    m.add_function(wrap_pyfunction!(level_names, m)?)?;
    m.add_function(wrap_pyfunction!(candidates_batch, m)?)?;
    m.add_function(wrap_pyfunction!(pencil_marks_array, m)?)?;
    m.add_function(wrap_pyfunction!(canon_batch, m)?)?;
    m.add_function(wrap_pyfunction!(verify_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(explain_steps, m)?)?;
    m.add_function(wrap_pyfunction!(generate_array, m)?)?;
    m.add_function(wrap_pyfunction!(format_rows, m)?)?;
    m.add_function(wrap_pyfunction!(colour_array, m)?)?;
    m.add_function(wrap_pyfunction!(chromatic_array, m)?)?;
    Ok(())
}
