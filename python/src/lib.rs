//! The native half of the `graphdoku` Python package: a thin, batch-first binding
//! over the library (arrays in, arrays out, the GIL released while it works).
//!
//! The Python half (`graphdoku/__init__.py`) turns lists and networkx graphs
//! into the contiguous arrays taken here, and status codes into names. A batch
//! of puzzles is a list of strings or an `int64` array, one row per puzzle: 0 for
//! an empty cell, `k` for the variant's `k`-th symbol (its colour `k - 1`). A
//! puzzle that cannot be read gets the status `invalid` and its message, and the
//! rest of the batch still runs.

use std::sync::Arc;
use std::time::{Duration, Instant};

use graphdoku::colouring::{self, Outcome as Coloured, Proof};
use graphdoku::generate::{GenerateError, Generator, Options as GenerateOptions};
use graphdoku::logic::{Grade, Level, Logic};
use graphdoku::{
    Budget, Checker, ConstraintGraph, PlainGraph, Puzzle, PuzzleReader, Solution, Solver, Verdict,
    verify,
};
use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
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
    PyRuntimeError,
    "No puzzle came out of `generate` (the clues or difficulty asked for were not met in time)."
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

/// A solver for `variant` whose every search stops after `timeout` seconds.
fn solver(graph: &ConstraintGraph, timeout: Option<f64>) -> PyResult<Solver> {
    let mut budget = Budget::unlimited();
    if let Some(seconds) = timeout {
        let duration = Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!("timeout {seconds}: not a number of seconds"))
        })?;
        budget = budget.time(duration);
    }
    Ok(Solver::new(graph).with_budget(budget))
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

/// The one puzzle of string `index`, named `puzzles[index]` in messages.
fn string_row(graph: &ConstraintGraph, index: usize, text: &str) -> Result<Puzzle, String> {
    let name = format!("puzzles[{index}]");
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
    let solver = solver(graph, timeout)?;
    let solve = |checker: &mut Checker, puzzle: &Puzzle| {
        let (found, word) = if unique {
            match checker.uniqueness(puzzle).0 {
                Verdict::None => (None, status::NO_SOLUTION),
                Verdict::Unique(s) => (Some(s), status::UNIQUE),
                Verdict::Multiple(s, _) => (Some(s), status::MULTIPLE),
                Verdict::GaveUp(_) => (None, status::GAVE_UP),
            }
        } else {
            let count = checker.first(puzzle);
            match (count.first, count.gave_up) {
                (Some(s), _) => (Some(s), status::SOLVED),
                (None, true) => (None, status::GAVE_UP),
                (None, false) => (None, status::NO_SOLUTION),
            }
        };
        match found {
            Some(solution) if verify(graph, puzzle, &solution).is_err() => {
                (None, status::INTERNAL_ERROR)
            }
            found => (found, word),
        }
    };
    let invalid = (None, status::INVALID);
    let (results, errors) = each_row(py, threads, &rows, invalid, || Checker::new(&solver), solve)?;
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
    let solver = solver(graph, timeout)?;
    let count = |checker: &mut Checker, puzzle: &Puzzle| {
        let (found, first, gave_up) = match limit {
            1 => {
                let c = checker.first(puzzle);
                (c.solutions, c.first, c.gave_up)
            }
            2 => match checker.uniqueness(puzzle).0 {
                Verdict::None => (0, None, false),
                Verdict::Unique(s) => (1, Some(s), false),
                Verdict::Multiple(s, _) => (2, Some(s), false),
                Verdict::GaveUp(s) => (u64::from(s.is_some()), s, true),
            },
            _ => {
                let c = checker.solver().count_solutions(puzzle, limit);
                (c.solutions, c.first, c.gave_up)
            }
        };
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
    let (results, errors) = each_row(py, threads, &rows, invalid, || Checker::new(&solver), count)?;
    let (counts, statuses): (Vec<u64>, Vec<u8>) = results.into_iter().unzip();
    Ok((counts.into_pyarray(py), statuses.into_pyarray(py), errors))
}

/// What `grade_batch` returns: levels, guesses, statuses and errors.
type Graded<'py> = (Column<'py, u8>, Column<'py, u32>, Column<'py, u8>, Errors);

/// Grades each puzzle by the techniques its logic path needs, as the CLI's
/// `grade` does (the same path, so the same level): `(level uint8,
/// guesses uint32, status uint8, errors)`; level indexes `graphdoku.LEVELS`,
/// 255 when there is no path (no solution, gave up, invalid).
#[pyfunction]
#[pyo3(signature = (variant, puzzles, threads = None, timeout = None))]
fn grade_batch<'py>(
    py: Python<'py>,
    variant: &Variant,
    puzzles: Batch<'py>,
    threads: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<Graded<'py>> {
    let graph = &*variant.graph;
    let rows = rows(graph, &puzzles)?;
    let solver = solver(graph, timeout)?;
    let grade = |(checker, logic): &mut (Checker, Logic), puzzle: &Puzzle| {
        let (solution, word) = match checker.uniqueness(puzzle).0 {
            Verdict::None => return (u8::MAX, 0, status::NO_SOLUTION),
            Verdict::GaveUp(_) => return (u8::MAX, 0, status::GAVE_UP),
            Verdict::Unique(s) => (s, status::UNIQUE),
            Verdict::Multiple(s, _) => (s, status::MULTIPLE),
        };
        if verify(graph, puzzle, &solution).is_err() {
            return (u8::MAX, 0, status::INTERNAL_ERROR);
        }
        // The CLI's `grade`: Sudoku Explainer's ladder (with the rule steps)
        // for a puzzle with one solution, the classic path for several.
        let path = match word == status::UNIQUE {
            true => logic.graded_path(puzzle, &solution),
            false => logic.path(puzzle, &solution),
        };
        match path {
            Ok(path) => {
                let grade = Grade::of(&path);
                let level = Level::ALL.iter().position(|l| *l == grade.level);
                let guesses = u32::try_from(grade.guesses).unwrap_or(u32::MAX);
                (level.map_or(u8::MAX, |l| l as u8), guesses, word)
            }
            Err(_) => (u8::MAX, 0, status::INTERNAL_ERROR),
        }
    };
    let init = || (Checker::new(&solver), Logic::new(graph));
    let invalid = (u8::MAX, 0, status::INVALID);
    let (results, errors) = each_row(py, threads, &rows, invalid, init, grade)?;
    let mut levels = Vec::with_capacity(results.len());
    let mut guesses = Vec::with_capacity(results.len());
    let mut statuses = Vec::with_capacity(results.len());
    for (level, guess, word) in results {
        levels.push(level);
        guesses.push(guess);
        statuses.push(word);
    }
    Ok((
        levels.into_pyarray(py),
        guesses.into_pyarray(py),
        statuses.into_pyarray(py),
        errors,
    ))
}

/// The level names, in the order of `grade_batch`'s codes.
#[pyfunction]
fn level_names() -> Vec<&'static str> {
    Level::ALL.iter().map(|l| l.name()).collect()
}

/// The candidates left in each cell of one puzzle (a row) after the basic
/// eliminations: a `(cells, symbols)` bool array.
#[pyfunction]
fn candidates_array<'py>(
    py: Python<'py>,
    variant: &Variant,
    puzzle: Batch<'py>,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let graph = &*variant.graph;
    let list = rows(graph, &puzzle)?;
    let [puzzle] = list.as_slice() else {
        return Err(PyValueError::new_err("candidates takes one puzzle"));
    };
    let puzzle = puzzle
        .as_ref()
        .map_err(|e| InputError::new_err(e.clone()))?;
    let symbols = graph.alphabet().len();
    let board = Logic::new(graph).start(puzzle).map_err(|c| {
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

/// Generates `n` unique, minimal puzzles from `seed` (the same puzzles as
/// `graphdoku generate --count n --seed seed`): `(puzzles, solutions)` as
/// `(n, cells)` uint16 arrays. A big board's hard uniqueness questions go to
/// `threads` threads (all cores when `None`); the puzzles are the same for any
/// number.
#[pyfunction]
#[pyo3(signature = (variant, n, seed, difficulty = None, clues = None, attempts = 1000, threads = None, timeout = None))]
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
) -> PyResult<(Rows<'py, u16>, Rows<'py, u16>)> {
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
        attempts,
        ..GenerateOptions::default()
    };
    let cells = graph.len();
    let made = py.detach(|| -> Result<Vec<(Puzzle, Solution)>, GenerateError> {
        let mut generator = Generator::new(graph).with_threads(threads);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut made = Vec::with_capacity(n);
        for _ in 0..n {
            generator.set_deadline(timeout.map(|t| Instant::now() + t));
            let one = generator.generate(&mut rng, &options)?;
            made.push((one.puzzle, one.solution));
        }
        Ok(made)
    });
    let made = made.map_err(|e| GenerateError_::new_err(e.to_string()))?;
    let mut puzzles = Array2::zeros((n, cells));
    let mut solutions = Array2::zeros((n, cells));
    for (i, (puzzle, solution)) in made.iter().enumerate() {
        for (cell, given) in puzzle.givens().iter().enumerate() {
            puzzles[(i, cell)] = given.map_or(0, |c| u16::from(c) + 1);
        }
        for (cell, &colour) in solution.colours().iter().enumerate() {
            solutions[(i, cell)] = u16::from(colour) + 1;
        }
    }
    Ok((puzzles.into_pyarray(py), solutions.into_pyarray(py)))
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
        Coloured::GaveUp(why) => Err(PyRuntimeError::new_err(format!(
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
    m.add_function(wrap_pyfunction!(candidates_array, m)?)?;
    m.add_function(wrap_pyfunction!(generate_array, m)?)?;
    m.add_function(wrap_pyfunction!(format_rows, m)?)?;
    m.add_function(wrap_pyfunction!(colour_array, m)?)?;
    m.add_function(wrap_pyfunction!(chromatic_array, m)?)?;
    Ok(())
}
