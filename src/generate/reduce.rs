//! The removal loop of a reduction: givens taken away in a random order for
//! as long as the puzzle stays unique.
//!
//! Most removals are settled at once by the givens' singles and Kempe chains
//! ([`forced`](super::forced)). The rest are questions for the search, then
//! for SAT, which late in a big board's reduction take nearly all the time.
//! With more than one thread they are asked ahead of the removal order: a
//! question is asked as if the removals still in flight before it all fail,
//! as late in a reduction nearly all do. Its answer "not unique" holds
//! whatever they turn out to be (a second solution of a puzzle with more
//! givens is one of the puzzle with fewer), so only an answer "unique" that
//! comes after a removal is asked again. The puzzle is the one a single
//! thread makes, on any number of threads.

use std::collections::VecDeque;
use std::mem;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

use rand_core::Rng;

use super::random::shuffle;
use super::{GenerateError, Generator, forced};
use crate::prove::{ProveError, Reply, Sat, Unsupported};
use crate::puzzle::{Puzzle, Solution};
use crate::solver::{Goal, Search};

/// Questions in flight per thread at most, answered or not: how far ahead
/// of the first unsettled removal the threads may go.
const AHEAD: usize = 4;

/// Removals whose uniqueness questions share one SAT formula: each question
/// reuses what the others learnt (three times faster than a formula each on
/// a late 25×25), and a formula that leaves more cells open is slower.
const SAT_BATCH: usize = 10;

/// How far a generator's reductions have come, updated as they run: share
/// one through [`Generator::with_progress`] and read it from another thread,
/// for a progress line (a 25×25 takes a minute for one puzzle).
///
/// # Example
/// ```
/// use std::sync::Arc;
/// use graphdoku::generate::{Generator, Options, Progress};
/// use graphdoku::ConstraintGraph;
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let graph = ConstraintGraph::load("sudoku9").unwrap();
/// let progress = Arc::new(Progress::default());
/// let generator = Generator::new(&graph).with_progress(Arc::clone(&progress));
/// let made = generator.generate(&mut ChaCha8Rng::seed_from_u64(3), &Options::default()).unwrap();
/// let now = progress.now();
/// assert_eq!((now.reduction, now.tried, now.removals), (1, 81, 81));
/// assert_eq!(now.clues, made.puzzle.clue_count());
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    reductions: AtomicUsize,
    tried: AtomicUsize,
    removals: AtomicUsize,
    clues: AtomicUsize,
}

/// What a [`Progress`] reads at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reducing {
    /// Reductions started so far, this one included (0: none yet): a
    /// puzzle takes one, or one per attempt with a clue count or level.
    pub reduction: usize,
    /// Removals looked at in this reduction (those in flight included).
    pub tried: usize,
    /// Removals this reduction has to look at: a given each, or an orbit of
    /// givens with a symmetry.
    pub removals: usize,
    /// Clues the puzzle has now.
    pub clues: usize,
}

impl Progress {
    /// What it reads now. Read while a reduction runs, the counts may be
    /// one removal apart.
    pub fn now(&self) -> Reducing {
        Reducing {
            reduction: self.reductions.load(Ordering::Relaxed),
            tried: self.tried.load(Ordering::Relaxed),
            removals: self.removals.load(Ordering::Relaxed),
            clues: self.clues.load(Ordering::Relaxed),
        }
    }

    /// A reduction of `removals` removals starts, from `clues` clues.
    fn start(&self, removals: usize, clues: usize) {
        self.tried.store(0, Ordering::Relaxed);
        self.removals.store(removals, Ordering::Relaxed);
        self.clues.store(clues, Ordering::Relaxed);
        self.reductions.fetch_add(1, Ordering::Relaxed);
    }

    /// `tried` removals looked at, `clues` clues left.
    fn at(&self, tried: usize, clues: usize) {
        self.tried.store(tried, Ordering::Relaxed);
        self.clues.store(clues, Ordering::Relaxed);
    }
}

impl<'g> Generator<'g> {
    /// [`Generator::reduce`] from the givens of `start`, a puzzle whose one
    /// solution is `solution`: only its givens are removed (the given cells of
    /// each orbit together).
    ///
    /// # Errors
    /// [`GenerateError::OutOfTime`] when the deadline passes first.
    pub(crate) fn reduce_from<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        start: &Puzzle,
        solution: &Solution,
        orbits: &[Vec<usize>],
        floor: usize,
    ) -> Result<Puzzle, GenerateError> {
        let given = |c: &usize| start.givens()[*c].is_some();
        let orbits: Vec<Vec<usize>> = orbits
            .iter()
            .map(|orbit| orbit.iter().copied().filter(given).collect::<Vec<_>>())
            .filter(|orbit| !orbit.is_empty())
            .collect();
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        shuffle(rng, &mut order);
        let mut orbits = orbits;
        let orbits: Vec<Vec<usize>> = order.iter().map(|&o| mem::take(&mut orbits[o])).collect();
        let orbits = orbits.as_slice();
        let mut removal = Removal::new(self, start, solution, orbits, floor);
        if self.threads < 2 {
            return removal.run(&mut Askers::here(None));
        }
        thread::scope(|scope| {
            // Each thread keeps its own search and formula; a question goes
            // to whichever is free. Made only once a question needs SAT: a
            // 9×9 never does, and makes thousands of puzzles a second.
            let start = move || {
                let (questions, queue) = mpsc::channel::<Question>();
                let (replies, answers) = mpsc::channel();
                let queue = Arc::new(Mutex::new(queue));
                for _ in 0..self.threads {
                    let (replies, queue) = (replies.clone(), Arc::clone(&queue));
                    scope.spawn(move || {
                        let next = || queue.lock().ok()?.recv().ok();
                        let mut asker = Asker::new();
                        // Ends once the loop has let go of the questions.
                        while let Some(question) = next() {
                            let Question { at, puzzle } = &question;
                            let answer = asker.unique(self, (orbits, *at), puzzle, solution);
                            // Nobody listens when the loop ended on an error.
                            let _ = replies.send((*at, answer));
                        }
                    });
                }
                Workers {
                    threads: self.threads,
                    questions,
                    answers,
                }
            };
            let mut askers = Askers::here(Some(Box::new(start)));
            let reduced = removal.run(&mut askers);
            // The workers end once they see no more questions can come.
            drop(askers);
            reduced
        })
    }
}

/// Whether `puzzle`, a unique puzzle less the givens of the orbit at `at`
/// in the removal order, is still unique.
struct Question {
    at: usize,
    puzzle: Puzzle,
}

/// A question whose answer is awaited, in the removal order.
struct Flight {
    at: usize,
    /// Removals made when it was asked: its answer "unique" holds only if no
    /// other was made since.
    removals: usize,
    answer: Option<Result<bool, GenerateError>>,
}

/// The worker threads, once started.
struct Workers {
    threads: usize,
    questions: Sender<Question>,
    answers: Receiver<Answer>,
}

/// An answer, with its question's place in the removal order.
type Answer = (usize, Result<bool, GenerateError>);

/// Who answers the questions: this thread, at once, until a question needs
/// SAT; then worker threads, if there are to be any (before, questions are
/// settled in microseconds, quicker than threads could start).
struct Askers<'a, 'g, 's> {
    here: Asker<'a, 'g>,
    start: Option<Box<dyn FnOnce() -> Workers + 's>>,
    workers: Option<Workers>,
}

impl<'a, 'g, 's> Askers<'a, 'g, 's> {
    fn here(start: Option<Box<dyn FnOnce() -> Workers + 's>>) -> Self {
        Askers {
            here: Asker::new(),
            start,
            workers: None,
        }
    }

    /// Questions that may be answered at once.
    fn threads(&self) -> usize {
        self.workers.as_ref().map_or(1, |w| w.threads)
    }

    /// Asks whether `puzzle`, without the orbit at `at`, is still unique:
    /// the answer, when given here at once.
    fn ask(
        &mut self,
        generator: &'a Generator<'g>,
        (orbits, at): (&[Vec<usize>], usize),
        puzzle: &Puzzle,
        solution: &Solution,
    ) -> Option<Result<bool, GenerateError>> {
        match &self.workers {
            // The workers outlive the loop: the channel is open.
            Some(workers) => {
                let question = Question {
                    at,
                    puzzle: puzzle.clone(),
                };
                workers.questions.send(question).expect("workers");
                None
            }
            None => {
                let answer = self.here.unique(generator, (orbits, at), puzzle, solution);
                if self.here.sat.is_some() {
                    self.workers = self.start.take().map(|start| start());
                }
                Some(answer)
            }
        }
    }

    /// Waits for the workers' next answer and files it with its flight.
    fn await_answer(&mut self, flights: &mut VecDeque<Flight>) {
        let workers = self
            .workers
            .as_ref()
            .expect("answers awaited from the workers");
        let (at, answer) = workers.answers.recv().expect("workers");
        if let Some(flight) = flights.iter_mut().find(|f| f.at == at) {
            flight.answer = Some(answer);
        }
    }
}

/// What a thread keeps from one question to the next.
struct Asker<'a, 'g> {
    /// One search, restarted for every question: no set-up cost per question.
    search: Option<Search<'a>>,
    /// What the search leaves goes to SAT, a formula for a few questions.
    sat: Option<Sat<'g>>,
}

impl<'a, 'g> Asker<'a, 'g> {
    fn new() -> Self {
        Asker {
            search: None,
            sat: None,
        }
    }

    /// Whether `puzzle`, without the orbit at `at` of `orbits`, is still
    /// unique, `solution` being its one solution before: by the search, or
    /// SAT for what it leaves.
    fn unique(
        &mut self,
        generator: &'a Generator<'g>,
        (orbits, at): (&[Vec<usize>], usize),
        puzzle: &Puzzle,
        solution: &Solution,
    ) -> Result<bool, GenerateError> {
        let search = (self.search).get_or_insert_with(|| {
            let mut search = generator.solver.search_up_to_symmetry(puzzle, Goal::Count);
            search.cap_nodes(generator.question_nodes);
            search
        });
        let unique = match orbits[at].as_slice() {
            // Unique exactly when no other colour of the cell has a
            // solution: the subtree of the known solution is skipped.
            // The known colours first elsewhere: a second solution
            // near the known one is found at once (on the late 25×25
            // removals, 91 settled by the search instead of 29).
            &[cell] => {
                search.restart_near(puzzle, cell, solution);
                search.count_up_to(1) == 0
            }
            _ => {
                search.restart(puzzle);
                search.count_up_to(2) == 1
            }
        };
        match search.gave_up() {
            false => Ok(unique),
            // A search stopped short has found nothing, which proves
            // nothing: SAT settles it, if there is time.
            true => self.unique_by_sat(generator, (orbits, at), puzzle, solution),
        }
    }

    /// [`Asker::unique`] by SAT: no solution differs from `solution` in the
    /// orbit.
    ///
    /// The formula is restricted to what the givens leave open
    /// ([`Sat::restricted`]): small, late in a reduction, where the search
    /// struggles. It leaves open the cells of the next orbits too
    /// ([`SAT_BATCH`] from this one on), so that it serves their questions,
    /// with what it learnt; it is made again when a question's givens are no
    /// longer within it.
    fn unique_by_sat(
        &mut self,
        generator: &Generator<'g>,
        (orbits, at): (&[Vec<usize>], usize),
        puzzle: &Puzzle,
        solution: &Solution,
    ) -> Result<bool, GenerateError> {
        generator.in_time()?;
        if !generator.hand_off {
            return Err(GenerateError::OutOfTime);
        }
        let sat = match &mut self.sat {
            Some(sat) if sat.covers(puzzle) => sat,
            sat => {
                let mut base = puzzle.clone();
                for &cell in orbits[at..].iter().take(SAT_BATCH).flatten() {
                    base.givens_mut()[cell] = None;
                }
                let room = (generator.clauses, generator.budget());
                let made = match Sat::restricted_for_answers(generator.graph, &base, room) {
                    Err(Unsupported::TooLarge(_) | Unsupported::OutOfTime) => {
                        return Err(GenerateError::OutOfTime);
                    }
                    made => made.map_err(ProveError::from)?,
                };
                sat.insert(made)
            }
        };
        match sat.differing(puzzle, solution, &orbits[at], generator.budget())? {
            Reply::None => Ok(true),
            Reply::Found(_) => Ok(false),
            Reply::GaveUp => Err(GenerateError::OutOfTime),
        }
    }
}

/// A reduction under way.
struct Removal<'r, 'g> {
    generator: &'r Generator<'g>,
    solution: &'r Solution,
    /// In the removal order.
    orbits: &'r [Vec<usize>],
    floor: usize,
    puzzle: Puzzle,
    clues: usize,
    /// The cheap tests, on the givens of `puzzle`.
    forced: forced::Givens,
    /// A Kempe chain's swap keeps every edge but not a sum or an order: with
    /// rules on values, only the singles and the search decide.
    chains: bool,
}

impl<'r, 'g> Removal<'r, 'g> {
    fn new(
        generator: &'r Generator<'g>,
        start: &Puzzle,
        solution: &'r Solution,
        orbits: &'r [Vec<usize>],
        floor: usize,
    ) -> Self {
        let colours = solution.colours();
        let mut forced = generator.forced.clone();
        forced.fill(colours);
        for cell in (0..colours.len()).filter(|&c| start.givens()[c].is_none()) {
            forced.remove(cell);
        }
        Removal {
            generator,
            solution,
            orbits,
            floor,
            puzzle: start.clone(),
            clues: start.clue_count(),
            forced,
            chains: generator.graph.rules().is_empty(),
        }
    }

    /// Tries every orbit in turn; the questions the cheap tests leave go to
    /// `askers`, as many in flight as there are threads.
    fn run(&mut self, askers: &mut Askers<'r, 'g, '_>) -> Result<Puzzle, GenerateError> {
        let mut flights: VecDeque<Flight> = VecDeque::new();
        let mut removals = 0;
        let mut next = 0;
        let progress = self.generator.progress.as_deref();
        if let Some(progress) = progress {
            progress.start(self.orbits.len(), self.clues);
        }
        loop {
            // Answers are taken in the removal order.
            while let Some(answer) = flights.front_mut().and_then(|f| f.answer.take()) {
                let flight = flights.pop_front().expect("a front");
                match answer? {
                    false => {}
                    true if flight.removals == removals => {
                        self.remove(flight.at);
                        removals += 1;
                    }
                    // Asked before a removal since: asked again.
                    true => {
                        self.take(flight.at);
                        let question = (self.orbits, flight.at);
                        let answer =
                            askers.ask(self.generator, question, &self.puzzle, self.solution);
                        self.put_back(flight.at);
                        flights.push_front(Flight {
                            removals,
                            answer,
                            ..flight
                        });
                    }
                }
            }
            if let Some(progress) = progress {
                progress.at(next, self.clues);
            }
            let orbit = self.orbits.get(next);
            if orbit.is_none() && flights.is_empty() {
                return Ok(self.puzzle.clone());
            }
            // Another question may go out while fewer than there are threads
            // await answers. With a floor, an orbit is looked at only when
            // the removals in flight cannot change whether it may go.
            let free = |orbit: &Vec<usize>| {
                let threads = askers.threads();
                let waiting = flights.iter().filter(|f| f.answer.is_none()).count();
                let in_flight: usize = flights.iter().map(|f| self.orbits[f.at].len()).sum();
                waiting < threads
                    && flights.len() < AHEAD * threads
                    && (self.floor == 0 || self.clues >= self.floor + in_flight + orbit.len())
            };
            let Some(orbit) = orbit.filter(|o| flights.is_empty() || free(o)) else {
                askers.await_answer(&mut flights);
                continue;
            };
            if self.clues <= self.floor {
                return Ok(self.puzzle.clone());
            }
            next += 1;
            if self.clues - orbit.len() < self.floor {
                continue;
            }
            self.generator.in_time()?;
            let at = next - 1;
            self.take(at);
            match self.cheap(at) {
                Some(true) if flights.is_empty() => self.clues -= orbit.len(),
                Some(false) => self.put_back(at),
                // Holds only if the removals in flight fail: looked at again
                // once they are settled.
                Some(true) => {
                    self.put_back(at);
                    next -= 1;
                    askers.await_answer(&mut flights);
                }
                None => {
                    let question = (self.orbits, at);
                    match askers.ask(self.generator, question, &self.puzzle, self.solution) {
                        // Answered here, nothing before it in flight: settled.
                        Some(answer) if flights.is_empty() => match answer? {
                            true => self.clues -= orbit.len(),
                            false => self.put_back(at),
                        },
                        answer => {
                            self.put_back(at);
                            flights.push_back(Flight {
                                at,
                                removals,
                                answer,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Whether the puzzle stays unique without orbit `at`, taken away, by the
    /// cheap tests alone: `None` when they cannot tell.
    fn cheap(&self, at: usize) -> Option<bool> {
        let colours = self.solution.colours();
        let orbit = &self.orbits[at];
        // Most removals, early on, leave a single; most that fail, late,
        // leave a Kempe chain with no given: no search needed.
        if orbit.iter().all(|&c| self.forced.forced(c, colours[c])) {
            Some(true)
        } else if self.chains && orbit.iter().any(|&c| self.forced.unguarded(c)) {
            Some(false)
        } else if orbit.iter().all(|&c| self.forced.determined(c, colours[c])) {
            Some(true)
        } else {
            None
        }
    }

    /// Takes orbit `at` away for good: the puzzle stays unique without it.
    fn remove(&mut self, at: usize) {
        self.take(at);
        self.clues -= self.orbits[at].len();
    }

    /// Takes the givens of orbit `at` away.
    fn take(&mut self, at: usize) {
        for &cell in &self.orbits[at] {
            self.puzzle.givens_mut()[cell] = None;
            self.forced.remove(cell);
        }
    }

    /// Gives the cells of orbit `at` back their colours.
    fn put_back(&mut self, at: usize) {
        for &cell in &self.orbits[at] {
            let colour = self.solution.colours()[cell];
            self.puzzle.givens_mut()[cell] = Some(colour);
            self.forced.restore(cell, colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    use super::*;
    use crate::generate::{Options, Symmetry};
    use crate::graph::ConstraintGraph;
    use crate::solver::Solver;

    /// Every question goes to SAT after one node, so to the threads, which
    /// run ahead and ask again what a removal made stale: the puzzles must be
    /// those of one thread, unique and minimal.
    #[test]
    fn threads_make_the_puzzles_of_one_thread() {
        let cases = [
            ("sudoku9", Symmetry::None, None),
            ("sudoku9", Symmetry::Rot180, None),
            ("sudoku9", Symmetry::None, Some(30)),
            ("jigsaw9", Symmetry::None, None),
            ("sudoku16", Symmetry::None, None),
        ];
        for (variant, symmetry, clues) in cases {
            let graph = ConstraintGraph::load(variant).unwrap();
            let solver = Solver::new(&graph);
            let options = Options {
                symmetry,
                clues,
                ..Options::default()
            };
            for seed in 0..4 {
                let made = |threads| {
                    let generator = Generator::new(&graph)
                        .with_threads(threads)
                        .with_question_nodes(1);
                    let mut rng = ChaCha8Rng::seed_from_u64(seed);
                    generator.generate(&mut rng, &options).unwrap().puzzle
                };
                let (one, three) = (made(1), made(3));
                assert_eq!(one, three, "{variant} {symmetry} {clues:?} seed {seed}");
                assert_eq!(solver.count(&three, 2), 1);
                if let Some(clues) = clues {
                    assert_eq!(three.clue_count(), clues);
                    continue;
                }
                for orbit in options.orbits(&graph).unwrap() {
                    let mut fewer = three.clone();
                    for &cell in &orbit {
                        fewer.givens_mut()[cell] = None;
                    }
                    if fewer != three {
                        assert_eq!(
                            solver.count(&fewer, 2),
                            2,
                            "{variant} seed {seed}: {orbit:?} could go"
                        );
                    }
                }
            }
        }
    }
}
