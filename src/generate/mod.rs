//! Puzzle generation for any variant: a random full colouring, then givens
//! removed in random order for as long as the puzzle keeps a unique solution.
//!
//! Under rules on values (a variant's own, or a puzzle file's) uniqueness is
//! the solver's, with the rules; symbols are not relabelled and the Kempe-chain
//! shortcut is off, since both assume "differ" is the only relation; a puzzle
//! may end with no givens at all. [`dress`] adds rules to a solution first.
//!
//! Removing givens in one pass gives a *minimal* puzzle: a given that could not
//! be removed at some point cannot be removed later either (fewer givens never
//! means fewer solutions). Randomness comes only from the caller's seedable
//! generator, through its own sampling (`random.rs`), so a seed names the same puzzles
//! on every machine.

pub mod dress;
mod forced;
mod random;
mod rated;
mod reduce;
pub mod setter;
mod symmetry;

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use rand_core::Rng;
use thiserror::Error;

pub use rated::SeRange;
pub use reduce::{Progress, Reducing};
pub use symmetry::Symmetry;

use crate::graph::ConstraintGraph;
use crate::logic::{Grade, Level, Logic};
use crate::prove::{self, Answerer, Encoding, ProveError, Question};
use crate::puzzle::{Puzzle, Solution};
use crate::solver::{Budget, Solver, Stop};
use random::{below, shuffle};

/// Steps of [`Generator::wander`].
const WANDER_STEPS: usize = 12;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Clue pattern symmetry; minimal then means no orbit can be removed.
    pub symmetry: Symmetry,
    /// Exactly this many clues: removal stops there, so the puzzle is unique but
    /// minimal only if no further orbit could have gone anyway.
    pub clues: Option<usize>,
    /// Only puzzles of this level (see [`Level`]).
    pub difficulty: Option<Level>,
    /// Only puzzles whose Sudoku Explainer rating (ER) is in this range, as
    /// `grade` rates them, with or without rules; a puzzle rated above it
    /// gets givens back until it is in it (see `Generator::generate_rated`).
    /// With it, `clues` is a floor of removal, not an exact count. Needs the
    /// `se` feature ([`GenerateError::Unrated`] without it).
    pub se: Option<SeRange>,
    /// Full colourings to try before giving up on `clues`, `difficulty` or
    /// `se` (random reductions, for [`Generator::reduce_puzzle`]).
    pub attempts: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            symmetry: Symmetry::None,
            clues: None,
            difficulty: None,
            se: None,
            attempts: 1000,
        }
    }
}

impl Options {
    /// The orbits of the clue symmetry on `graph`: the groups of cells that
    /// are given or removed together.
    fn orbits(&self, graph: &ConstraintGraph) -> Result<Vec<Vec<usize>>, GenerateError> {
        if self.se.is_some() && !cfg!(feature = "se") {
            return Err(GenerateError::Unrated);
        }
        self.symmetry.orbits(graph).map_err(GenerateError::Symmetry)
    }

    /// What was asked for, in words, for [`GenerateError::GaveUp`]: "level
    /// hard, symmetry rot180"; `otherwise` when nothing was.
    fn wanted(&self, otherwise: &str) -> String {
        let mut wanted = Vec::new();
        if let Some(clues) = self.clues {
            wanted.push(match self.se {
                Some(_) => format!("at least {clues} clues"),
                None => format!("{clues} clues"),
            });
        }
        if let Some(level) = self.difficulty {
            wanted.push(format!("level {level}"));
        }
        if let Some(range) = self.se {
            wanted.push(format!("a Sudoku Explainer rating in {range}"));
        }
        if self.symmetry != Symmetry::None {
            wanted.push(format!("symmetry {}", self.symmetry));
        }
        match wanted.is_empty() {
            true => otherwise.to_string(),
            false => wanted.join(", "),
        }
    }
}

/// A generated puzzle with its solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: unique, and minimal unless [`Options::clues`] stopped it early.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Solution,
    /// Its grade, when [`Options::difficulty`] or [`Options::se`] asked for
    /// one (with the ratings, [`Grade::se`], for the latter).
    pub grade: Option<Grade>,
    /// How many full colourings it took.
    pub attempts: usize,
}

/// Why no puzzle came out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The variant's layout does not support the symmetry.
    #[error("{0}")]
    Symmetry(String),
    /// The variant cannot be coloured at all.
    #[error("the variant has no solution at all, so no puzzle either")]
    NoColouring,
    /// More clues were asked for than the variant has cells.
    #[error("{clues} clues asked for, but the variant has only {cells} cells")]
    TooManyClues {
        /// Clues asked for.
        clues: usize,
        /// Cells of the variant.
        cells: usize,
    },
    /// No attempt met the clue count, difficulty or rating.
    #[error("no puzzle with {wanted} in {attempts} attempt{}", if *.attempts == 1 { "" } else { "s" })]
    GaveUp {
        /// What was asked for, in words.
        wanted: String,
        /// Attempts made.
        attempts: usize,
    },
    /// A kind of rule needs what the variant lacks (see [`dress::dress`]).
    #[error("{kind} needs {why}")]
    Unfit {
        /// The kind's name.
        kind: &'static str,
        /// What it needs, and that the variant lacks it.
        why: String,
    },
    /// A rule made for a solution was refused when loaded: a bug.
    #[error("internal error: a rule made for the solution was refused: {0}")]
    Dressing(String),
    /// The puzzle to reduce has no solution (see [`Generator::reduce_puzzle`]).
    #[error("the puzzle has no solution, so nothing to reduce")]
    Unsolvable,
    /// The deadline passed (see [`Generator::with_deadline`]) before a puzzle was made.
    #[error("the time allowed ran out before a puzzle was made")]
    OutOfTime,
    /// A rating was asked for ([`Options::se`]) of a build without Sudoku
    /// Explainer's ladder.
    #[error(
        "a Sudoku Explainer rating was asked for, which this build leaves out (built without the `se` feature)"
    )]
    Unrated,
    /// The logic engine contradicted the solver: a bug.
    #[error("internal error: the solution path does not reach the solver's solution")]
    Internal,
    /// The SAT back end failed (a model that fails verification: a bug).
    #[error(transparent)]
    Sat(#[from] ProveError),
}

/// Generates puzzles of one variant.
///
/// # Example
/// ```
/// use graphdoku::generate::{Generator, Options};
/// use graphdoku::{ConstraintGraph, Solver};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let graph = ConstraintGraph::load("sudoku9").unwrap();
/// let generator = Generator::new(&graph);
/// let made = generator.generate(&mut ChaCha8Rng::seed_from_u64(7), &Options::default()).unwrap();
/// let solver = Solver::new(&graph);
/// assert_eq!(solver.count(&made.puzzle, 2), 1);
/// // Minimal: every given is needed.
/// let givens = made.puzzle.givens();
/// for cell in (0..81).filter(|&c| givens[c].is_some()) {
///     let mut fewer = givens.to_vec();
///     fewer[cell] = None;
///     assert!(solver.count(&graphdoku::Puzzle::new(fewer), 2) > 1);
/// }
/// // The same seed, the same puzzle.
/// let again = generator.generate(&mut ChaCha8Rng::seed_from_u64(7), &Options::default()).unwrap();
/// assert_eq!(again.puzzle, made.puzzle);
/// ```
#[derive(Debug, Clone)]
pub struct Generator<'g> {
    graph: &'g ConstraintGraph,
    solver: Solver,
    logic: Logic<'g>,
    /// The solver's first colouring of the empty board, once needed.
    base: OnceLock<Option<Solution>>,
    /// The cheap test for removals, with no givens yet.
    forced: forced::Givens,
    /// When to give up, if ever.
    deadline: Option<Instant>,
    /// A flag that stops it as its deadline would, if any.
    stop: Option<Stop>,
    /// Whether what the search does not settle within its hand-off budget
    /// goes to the SAT back end (every rule of the graph encodes).
    hand_off: bool,
    /// Threads for the uniqueness questions of a reduction.
    threads: usize,
    /// Nodes of search for such a question before SAT takes it.
    question_nodes: u64,
    /// The most clauses of a formula built for a question.
    clauses: usize,
    /// Where its reductions report how far they have come.
    progress: Option<Arc<Progress>>,
}

impl<'g> Generator<'g> {
    /// A generator for `graph`.
    pub fn new(graph: &'g ConstraintGraph) -> Self {
        let mut generator = Generator {
            graph,
            solver: Solver::new(graph),
            logic: Logic::new(graph),
            base: OnceLock::new(),
            forced: forced::Givens::new(graph),
            deadline: None,
            stop: None,
            hand_off: Encoding::supports(graph).is_ok(),
            threads: 1,
            question_nodes: prove::HAND_OFF_NODES,
            clauses: usize::MAX,
            progress: None,
        };
        generator.set_deadline(None);
        generator
    }

    /// This generator, giving up with [`GenerateError::OutOfTime`] once
    /// `deadline` has passed: every search it starts stops by then, and a search
    /// stopped short never counts as a proof of uniqueness.
    ///
    /// # Example
    /// ```
    /// use std::time::Instant;
    /// use graphdoku::generate::{GenerateError, Generator, Options};
    /// use graphdoku::ConstraintGraph;
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_core::SeedableRng;
    ///
    /// let graph = ConstraintGraph::load("sudoku16").unwrap();
    /// let generator = Generator::new(&graph).with_deadline(Instant::now());
    /// let made = generator.generate(&mut ChaCha8Rng::seed_from_u64(1), &Options::default());
    /// assert_eq!(made.unwrap_err(), GenerateError::OutOfTime);
    /// ```
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.set_deadline(Some(deadline));
        self
    }

    /// This generator, asking a reduction's hard uniqueness questions on
    /// `threads` threads (1 and 0: this thread alone). Only a big board has
    /// such questions (a 25×25's last removals, which SAT settles); the
    /// puzzles are the same for any number of threads. Where puzzles are
    /// already made side by side on every core (as `graphdoku dataset` does),
    /// leave it at 1: the threads would only compete.
    ///
    /// # Example
    /// ```
    /// use graphdoku::generate::{Generator, Options};
    /// use graphdoku::ConstraintGraph;
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_core::SeedableRng;
    ///
    /// let graph = ConstraintGraph::load("sudoku16").unwrap();
    /// let alone = Generator::new(&graph);
    /// let three = Generator::new(&graph).with_threads(3);
    /// let made = |g: &Generator| g.generate(&mut ChaCha8Rng::seed_from_u64(4), &Options::default()).unwrap();
    /// assert_eq!(made(&alone).puzzle, made(&three).puzzle);
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// This generator, stopped by `stop` as by its deadline: every search it
    /// starts (and every SAT call) ends once the flag is set, and the
    /// generation gives up.
    pub fn with_stop(mut self, stop: Stop) -> Self {
        self.stop = Some(stop);
        let deadline = self.deadline;
        self.set_deadline(deadline);
        self
    }

    /// This generator, building no SAT formula of more than `clauses`
    /// clauses (see [`Answerer::with_max_clauses`]): a question whose
    /// formula would be larger is not settled, and the generation gives up
    /// as it does at its deadline. Without it, no bound.
    pub fn with_max_clauses(mut self, clauses: usize) -> Self {
        self.clauses = clauses;
        self
    }

    /// This generator, reporting how far each reduction has come to
    /// `progress` (see [`Progress`]).
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Self {
        self.progress = Some(progress);
        self
    }

    /// This generator, handing a reduction's questions to SAT after `nodes`
    /// of search: with few, tests make a small board's questions go to SAT,
    /// and so to the threads.
    #[cfg(test)]
    pub(crate) fn with_question_nodes(mut self, nodes: u64) -> Self {
        self.question_nodes = nodes;
        self
    }

    /// Sets or clears the deadline (see [`Generator::with_deadline`]), keeping
    /// what the generator has learnt of the variant.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        let budget = self.budget();
        self.solver.set_budget(match self.hand_off {
            true => prove::searching(self.graph, budget),
            false => budget,
        });
    }

    /// The budget of a question: until the deadline.
    fn budget(&self) -> Budget {
        let budget = match self.deadline {
            Some(deadline) => Budget::unlimited().until(deadline),
            None => Budget::unlimited(),
        };
        match self.stop {
            Some(stop) => budget.stopped_by(stop),
            None => budget,
        }
    }

    /// Asks the search, then SAT for what it leaves, within the deadline.
    fn answerer(&self) -> Answerer<'_> {
        Answerer::new(
            self.graph,
            &self.solver,
            self.hand_off.then(|| self.budget()),
        )
        .with_max_clauses(self.clauses)
    }

    /// The first solution of `puzzle`, if any.
    ///
    /// # Errors
    /// [`GenerateError::OutOfTime`] when the deadline passes first.
    fn first(
        &self,
        answerer: &mut Answerer,
        puzzle: &Puzzle,
    ) -> Result<Option<Solution>, GenerateError> {
        Ok(self.settled(answerer.ask(puzzle, Question::First)?)?.first)
    }

    /// [`GenerateError::OutOfTime`] once the deadline has passed.
    fn in_time(&self) -> Result<(), GenerateError> {
        match (self.deadline, self.stop) {
            (Some(deadline), _) if Instant::now() >= deadline => Err(GenerateError::OutOfTime),
            (_, Some(stop)) if stop.is_set() => Err(GenerateError::OutOfTime),
            _ => Ok(()),
        }
    }

    /// `answer` unless it ran out of time.
    fn settled(&self, answer: prove::Answer) -> Result<prove::Answer, GenerateError> {
        match answer.gave_up {
            true => Err(GenerateError::OutOfTime),
            false => Ok(answer),
        }
    }

    /// A random full colouring.
    ///
    /// The solver's search is deterministic, so randomness is put in front of it,
    /// always on top of a known colouring so that the solver only ever completes
    /// solvable puzzles (searching a sparse but unsolvable one can take long on
    /// some shapes): the symbols of the last colouring are relabelled at random
    /// (when the variant does not restrict symbols per cell, relabelling keeps
    /// any colouring proper), a random half of its cells is kept as givens,
    /// and the solver completes them into the next colouring. Three rounds, from
    /// the solver's solution of the empty board (found once per generator).
    /// Under rules on values, which relabelling would break, a short random
    /// walk from that solution instead (see `wander`).
    ///
    /// # Errors
    /// [`GenerateError::NoColouring`] when the variant has no solution.
    pub fn solution<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Solution, GenerateError> {
        let n = self.graph.len();
        let base = match self.base.get() {
            Some(base) => base.clone(),
            // Not kept when the search ran out of time: that proves nothing.
            None => {
                let first = self.first(&mut self.answerer(), &Puzzle::empty(n))?;
                self.base.get_or_init(|| first).clone()
            }
        };
        let mut current = base.ok_or(GenerateError::NoColouring)?;
        if !self.graph.rules().is_empty() {
            return self.wander(rng, current);
        }
        let mut cells: Vec<usize> = (0..n).collect();
        // One search for the rounds.
        let mut answerer = self.answerer();
        let mut puzzle = Puzzle::empty(n);
        // A start of its own: a few cells (as many as there are colours, at most
        // an eighth) given random colours their given neighbours lack, completed
        // by the search. (Rounds from the one
        // base solution alone stay close to it: completions keep its pattern.)
        shuffle(rng, &mut cells);
        let colours = self.graph.alphabet().len();
        for &cell in &cells[..(n / 8).min(colours)] {
            let free: Vec<u8> = (0..colours as u8)
                .filter(|&k| self.graph.allowed(cell).is_none_or(|a| a.contains(&k)))
                .filter(|&k| (self.graph.neighbours(cell)).all(|m| puzzle.givens()[m] != Some(k)))
                .collect();
            if !free.is_empty() {
                puzzle.givens_mut()[cell] = Some(free[below(rng, free.len())]);
            }
        }
        if let Some(first) = self.first(&mut answerer, &puzzle)? {
            current = first;
        }
        for _ in 0..3 {
            current = self.relabel(rng, &current);
            shuffle(rng, &mut cells);
            puzzle.givens_mut().fill(None);
            for &cell in &cells[..n / 2] {
                puzzle.givens_mut()[cell] = Some(current.colours()[cell]);
            }
            // Always Some in time: `current` completes these givens.
            current = self.first(&mut answerer, &puzzle)?.unwrap_or(current);
        }
        Ok(self.relabel(rng, &current))
    }

    /// A random solution reached from `current` when the variant has rules on
    /// values, where relabelling symbols would break them: each of a few steps
    /// keeps a random quarter of the last solution as givens, gives one other
    /// cell a random other colour, and lets the solver complete that, when it
    /// can, into the next solution.
    fn wander<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        mut current: Solution,
    ) -> Result<Solution, GenerateError> {
        let n = self.graph.len();
        let colours = self.graph.alphabet().len();
        let mut answerer = self.answerer();
        let mut cells: Vec<usize> = (0..n).collect();
        let mut puzzle = Puzzle::empty(n);
        for _ in 0..WANDER_STEPS {
            self.in_time()?;
            shuffle(rng, &mut cells);
            puzzle.givens_mut().fill(None);
            for &cell in &cells[..n / 4] {
                puzzle.givens_mut()[cell] = Some(current.colours()[cell]);
            }
            let (moved, old) = (cells[n - 1], current.colours()[cells[n - 1]]);
            if colours > 1 {
                let other = (old as usize + 1 + random::below(rng, colours - 1)) % colours;
                puzzle.givens_mut()[moved] = Some(other as u8);
            }
            if let Some(next) = self.first(&mut answerer, &puzzle)? {
                current = next;
            }
        }
        Ok(current)
    }

    /// `solution` with its symbols permuted at random, when the variant allows
    /// every symbol in every cell and has no rules on values (a sum or an order
    /// tells symbols apart, so a permuted solution would break it); else
    /// `solution` itself.
    fn relabel<R: Rng + ?Sized>(&self, rng: &mut R, solution: &Solution) -> Solution {
        if !self.graph.rules().is_empty()
            || (0..self.graph.len()).any(|c| self.graph.allowed(c).is_some())
        {
            return solution.clone();
        }
        let mut relabel: Vec<u8> = (0..self.graph.alphabet().len()).map(|c| c as u8).collect();
        shuffle(rng, &mut relabel);
        Solution::new(
            solution
                .colours()
                .iter()
                .map(|&c| relabel[c as usize])
                .collect(),
        )
    }

    /// Removes the orbits of `solution`'s cells in random order while the puzzle
    /// stays unique, stopping once it has `floor` clues.
    ///
    /// With `floor` 0 the result is minimal: no orbit can be removed.
    ///
    /// # Errors
    /// [`GenerateError::OutOfTime`] when the deadline passes first.
    pub fn reduce<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        solution: &Solution,
        orbits: &[Vec<usize>],
        floor: usize,
    ) -> Result<Puzzle, GenerateError> {
        self.reduce_from(rng, &solution.to_puzzle(), solution, orbits, floor)
    }

    /// `puzzle` with givens removed while it stays unique under the variant's
    /// rules (in random orbits of `options`' symmetry, down to `options.clues`
    /// when given): a designer's puzzle made minimal. A puzzle with several
    /// solutions is first completed to the one the solver finds first, and
    /// reduced from there.
    ///
    /// With [`Options::difficulty`] or [`Options::se`], each attempt is
    /// another random reduction of the same puzzle, graded as in
    /// [`Generator::generate`]; one rated above the range gets givens of the
    /// solution back until it is in it (possibly more givens than `puzzle`
    /// had).
    ///
    /// # Errors
    /// [`GenerateError::Unsolvable`], an unsupported symmetry,
    /// [`GenerateError::GaveUp`] when no attempt met the level or rating,
    /// [`GenerateError::OutOfTime`] past the deadline.
    ///
    /// # Example
    /// ```
    /// use graphdoku::generate::{Generator, Options};
    /// use graphdoku::{ConstraintGraph, Solver};
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_core::SeedableRng;
    ///
    /// let text = std::fs::read_to_string("data/thermo.ron").unwrap();
    /// let (graph, record) = graphdoku::read::read_ron_puzzle(&text, "thermo.ron").unwrap();
    /// let puzzle = record.puzzle.unwrap();
    /// let generator = Generator::new(&graph);
    /// let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let made = generator.reduce_puzzle(&mut rng, &puzzle, &Options::default()).unwrap();
    /// assert!(made.puzzle.clue_count() <= puzzle.clue_count());
    /// assert_eq!(Solver::new(&graph).count(&made.puzzle, 2), 1);
    /// ```
    pub fn reduce_puzzle<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        puzzle: &Puzzle,
        options: &Options,
    ) -> Result<Generated, GenerateError> {
        let orbits = options.orbits(self.graph)?;
        self.in_time()?;
        let count = self.settled(self.answerer().ask(puzzle, Question::Count(2))?)?;
        let solution = count.first.ok_or(GenerateError::Unsolvable)?;
        let start = match count.solutions {
            1 => puzzle.clone(),
            _ => solution.to_puzzle(),
        };
        self.attempts(options, options.attempts.max(1), || {
            let reduced =
                self.reduce_from(rng, &start, &solution, &orbits, options.clues.unwrap_or(0))?;
            let aimed = self.aim(rng, reduced, &solution, &orbits, options)?;
            Ok(aimed.map(|(puzzle, grade)| (puzzle, solution.clone(), grade)))
        })
    }

    /// Runs `attempt` up to `tries` times, within the deadline, until it
    /// makes a puzzle (with its solution and grade); else
    /// [`GenerateError::GaveUp`] with what `options` asked for.
    fn attempts(
        &self,
        options: &Options,
        tries: usize,
        mut attempt: impl FnMut() -> Result<Option<(Puzzle, Solution, Option<Grade>)>, GenerateError>,
    ) -> Result<Generated, GenerateError> {
        for attempts in 1..=tries {
            self.in_time()?;
            if let Some((puzzle, solution, grade)) = attempt()? {
                return Ok(Generated {
                    puzzle,
                    solution,
                    grade,
                    attempts,
                });
            }
        }
        Err(GenerateError::GaveUp {
            wanted: options.wanted("the options asked for"),
            attempts: options.attempts,
        })
    }

    /// One puzzle as `options` ask: each attempt a random solution reduced to
    /// a minimal puzzle, kept when it meets the clue count, the level and the
    /// rating asked for (see `Generator::generate_rated`, with the `se`
    /// feature, for the rating).
    ///
    /// # Errors
    /// An unsupported symmetry, too many clues, a variant with no colouring,
    /// [`GenerateError::GaveUp`] when no attempt met the clue count, level or
    /// rating, [`GenerateError::OutOfTime`] past the deadline.
    pub fn generate<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        options: &Options,
    ) -> Result<Generated, GenerateError> {
        let orbits = options.orbits(self.graph)?;
        if let Some(clues) = options.clues.filter(|&c| c > self.graph.len()) {
            return Err(GenerateError::TooManyClues {
                clues,
                cells: self.graph.len(),
            });
        }
        self.attempts(options, options.attempts, || {
            let solution = self.solution(rng)?;
            let puzzle = self.reduce(rng, &solution, &orbits, options.clues.unwrap_or(0))?;
            // A rating may give clues back: the count is a floor then.
            if options.se.is_none() && options.clues.is_some_and(|c| c != puzzle.clue_count()) {
                return Ok(None);
            }
            let aimed = self.aim(rng, puzzle, &solution, &orbits, options)?;
            Ok(aimed.map(|(puzzle, grade)| (puzzle, solution, grade)))
        })
    }
}
