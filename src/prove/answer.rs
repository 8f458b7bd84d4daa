//! One way to ask a puzzle a question — a first solution, uniqueness, a
//! count — whoever settles it: the propagation search within a node budget,
//! then, for what it leaves, the SAT back end within what is left of the time.

use std::time::Instant;

use super::sat::{Reply, Sat, swapped};
use super::{Engine, ProveError, Unsupported};
use crate::colouring::Clock;
use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};
use crate::solver::{Budget, Count, Solver, Stats};
use crate::uniqueness::{Checker, Verdict};

/// The least node budget of the search before a question goes to SAT: the
/// search settles nearly every puzzle far below it (a hard 9×9 in a few
/// thousand nodes), and what it has not settled by then SAT settles sooner
/// (an impossible jigsaw, a uniqueness question late in a 25×25's
/// reduction). See [`hand_off_nodes`].
pub const HAND_OFF_NODES: u64 = 2_000;

/// Nodes of search per cell before the hand-off, on a big board: an empty
/// 49×49 takes the search up to about 20 per cell, which SAT would not
/// better.
const HAND_OFF_PER_CELL: u64 = 32;

/// Nodes of search before the hand-off on a graph with rules: there the
/// search, which learns where the conflicts are, settles what SAT takes far
/// longer over (the four extreme killers of `../shared/data/rules-hard`, by
/// `check`: 9.5, 40 and 24 s with the hand-off at [`HAND_OFF_NODES`], the
/// search alone 0.2–1.5 s in 27,000–207,000 nodes; the hardest rule puzzle
/// we know, a renban, about 840,000 nodes).
pub const HAND_OFF_RULES_NODES: u64 = 1_000_000;

/// The node budget of the search before a question on `graph` goes to SAT:
/// [`HAND_OFF_NODES`], or more on a big board (32 per cell), or
/// [`HAND_OFF_RULES_NODES`] with rules.
pub fn hand_off_nodes(graph: &ConstraintGraph) -> u64 {
    let least = match graph.rules().is_empty() {
        true => HAND_OFF_NODES,
        false => HAND_OFF_RULES_NODES,
    };
    least.max(HAND_OFF_PER_CELL * graph.len() as u64)
}

/// What is asked of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// A solution, or the proof there is none.
    First,
    /// None, exactly one, or two different solutions.
    Unique,
    /// The solutions counted up to this many. Up to 2 the SAT back end takes
    /// over what the search leaves; past 2 the search alone counts (SAT
    /// would find the solutions one at a time).
    Count(u64),
}

impl Question {
    /// The most solutions the answer counts.
    fn limit(self) -> u64 {
        match self {
            Question::First => 1,
            Question::Unique => 2,
            Question::Count(limit) => limit,
        }
    }
}

/// The answer to a [`Question`], and who settled it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// Solutions found, at most the question's limit (1 for a first
    /// solution, 2 for uniqueness).
    pub solutions: u64,
    /// The first solution found. A SAT solution is verified; check the
    /// search's with [`verify`](crate::verify) before showing it.
    pub first: Option<Solution>,
    /// A second, different solution, when uniqueness found one.
    pub second: Option<Solution>,
    /// The budget ran out before the answer was complete.
    pub gave_up: bool,
    /// Who settled it (`None` when nobody did).
    pub settled_by: Option<Engine>,
    /// The search's work.
    pub stats: Stats,
    /// Why the SAT back end did not take what the search gave up on: the
    /// search's "gave up" stands.
    pub refused: Option<Unsupported>,
}

impl Answer {
    /// The answer as a [`Verdict`]: none, unique, two solutions, or gave up.
    pub fn verdict(&self) -> Verdict {
        match (&self.first, &self.second) {
            (first, _) if self.gave_up => Verdict::GaveUp(first.clone()),
            (None, _) => Verdict::None,
            (Some(first), Some(second)) => Verdict::Multiple(first.clone(), second.clone()),
            (Some(only), None) => Verdict::Unique(only.clone()),
        }
    }

    /// The answer as a [`Count`].
    pub fn count(&self) -> Count {
        Count {
            solutions: self.solutions,
            first: self.first.clone(),
            gave_up: self.gave_up,
            stats: self.stats,
        }
    }

    /// An answer from the search's verdict.
    fn of_verdict(verdict: Verdict, stats: Stats, by: Engine) -> Self {
        let (solutions, first, second, gave_up) = match verdict {
            Verdict::None => (0, None, None, false),
            Verdict::Unique(only) => (1, Some(only), None, false),
            Verdict::Multiple(a, b) => (2, Some(a), Some(b), false),
            Verdict::GaveUp(first) => (u64::from(first.is_some()), first, None, true),
        };
        Answer {
            solutions,
            first,
            second,
            gave_up,
            settled_by: (!gave_up).then_some(by),
            stats,
            refused: None,
        }
    }
}

/// The budget of the search on `graph` before the hand-off: `budget`
/// capped at [`hand_off_nodes`], unless it names its own node limit (then
/// the search alone answers, within it).
pub fn searching(graph: &ConstraintGraph, budget: Budget) -> Budget {
    match budget.max_nodes {
        Some(_) => budget,
        None => budget.nodes(hand_off_nodes(graph)),
    }
}

/// The SAT back end's budget under `budget`: its time, deadline and stop
/// flag; `None` when `budget` limits nodes (the search alone answers).
pub fn handed_off(budget: Budget) -> Option<Budget> {
    match budget.max_nodes {
        Some(_) => None,
        None => Some(budget),
    }
}

/// Answers questions on puzzles of one graph: the search first (its
/// searches kept from one puzzle to the next, under its solver's budget),
/// then what it gave up on to the SAT back end, on a formula restricted to
/// what the puzzle's givens leave open ([`Sat::restricted`]), which serves
/// the question's every call (a first solution, then another).
///
/// # Example
/// ```
/// use graphdoku::{Budget, ConstraintGraph, Puzzle, Solver};
/// use graphdoku::prove::{self, Answerer, Engine, Question};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let budget = Budget::unlimited();
/// let solver = Solver::new(&graph).with_budget(prove::searching(&graph, budget));
/// let mut answerer = Answerer::new(&graph, &solver, prove::handed_off(budget));
/// let answer = answerer.ask(&Puzzle::empty(16), Question::Unique).unwrap();
/// assert_eq!(answer.solutions, 2);
/// assert_eq!(answer.settled_by, Some(Engine::Search));
/// ```
#[derive(Debug)]
pub struct Answerer<'s> {
    graph: &'s ConstraintGraph,
    searches: Checker<'s>,
    /// The SAT back end's budget (time, deadline, stop), per question; `None`
    /// for the search alone.
    sat_budget: Option<Budget>,
    /// The most clauses of a formula built for a question.
    clauses: usize,
}

impl<'s> Answerer<'s> {
    /// Answers with `solver`'s search (under its own budget: give it
    /// [`searching`]) and then with SAT within `sat` (from
    /// [`handed_off`]), or with the search alone when `sat` is `None`.
    pub fn new(graph: &'s ConstraintGraph, solver: &'s Solver, sat: Option<Budget>) -> Self {
        Answerer {
            graph,
            searches: Checker::new(solver),
            sat_budget: sat,
            clauses: usize::MAX,
        }
    }

    /// This answerer, building no formula of more than `clauses` clauses: a
    /// question whose formula would be larger stays as the search left it
    /// (its answer says why, in [`Answer::refused`]). Without it, no bound.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{Budget, ConstraintGraph, Puzzle, Solver};
    /// use graphdoku::prove::{Answerer, Question, Unsupported};
    /// let graph = ConstraintGraph::load("sudoku9").unwrap();
    /// // One node of search, then a formula of at most 100 clauses: none.
    /// let solver = Solver::new(&graph).with_budget(Budget::unlimited().nodes(1));
    /// let mut answerer = Answerer::new(&graph, &solver, Some(Budget::unlimited())).with_max_clauses(100);
    /// let answer = answerer.ask(&Puzzle::empty(81), Question::First).unwrap();
    /// assert!(answer.gave_up);
    /// assert_eq!(answer.refused, Some(Unsupported::TooLarge(100)));
    /// ```
    pub fn with_max_clauses(mut self, clauses: usize) -> Self {
        self.clauses = clauses;
        self
    }

    /// The solver searched with.
    pub fn solver(&self) -> &'s Solver {
        self.searches.solver()
    }

    /// The searches kept between puzzles, for questions of one's own.
    pub fn checker(&mut self) -> &mut Checker<'s> {
        &mut self.searches
    }

    /// Asks `question` of `puzzle`: the search, then SAT for what it gave up on.
    ///
    /// # Errors
    /// [`ProveError::WrongSize`] for a puzzle of another variant;
    /// [`ProveError::Unverified`] if a SAT model fails [`verify`](crate::verify) (a bug).
    pub fn ask(&mut self, puzzle: &Puzzle, question: Question) -> Result<Answer, ProveError> {
        let started = Instant::now();
        let searched = match question {
            Question::First => {
                let count = self.searches.first(puzzle);
                let stats = count.stats;
                let verdict = match (count.first, count.gave_up) {
                    (first, true) => Verdict::GaveUp(first),
                    (Some(first), false) => Verdict::Unique(first),
                    (None, false) => Verdict::None,
                };
                Answer::of_verdict(verdict, stats, Engine::Search)
            }
            Question::Unique | Question::Count(2) => {
                let (verdict, stats) = self.searches.uniqueness(puzzle);
                Answer::of_verdict(verdict, stats, Engine::Search)
            }
            Question::Count(limit) => {
                let count = self.searches.solver().count_solutions(puzzle, limit);
                return Ok(Answer {
                    solutions: count.solutions,
                    settled_by: (!count.gave_up).then_some(Engine::Search),
                    first: count.first,
                    second: None,
                    gave_up: count.gave_up,
                    stats: count.stats,
                    refused: None,
                });
            }
        };
        let Some(budget) = self.sat_budget.filter(|_| searched.gave_up) else {
            return Ok(searched);
        };
        // One deadline for the question: what is left of its time.
        let budget = since(budget, started);
        // Time is up already: no formula built for nothing (a 64×64's takes
        // a few tenths of a second).
        if Clock::new(budget).over() {
            return Ok(searched);
        }
        let graph = self.graph;
        let mut sat = match Sat::restricted_within(graph, puzzle, self.clauses, budget) {
            Ok(sat) => sat,
            Err(why) => {
                return Ok(Answer {
                    refused: Some(why),
                    ..searched
                });
            }
        };
        let answer = settle(
            (graph, &mut sat),
            puzzle,
            question.limit(),
            searched.first.clone(),
            budget,
        )?;
        Ok(Answer {
            stats: searched.stats,
            ..answer
        })
    }
}

/// Up to `limit` (1 or 2) solutions of `puzzle` by SAT, `first` (one already
/// found) kept.
fn settle(
    (graph, sat): (&ConstraintGraph, &mut Sat),
    puzzle: &Puzzle,
    limit: u64,
    first: Option<Solution>,
    budget: Budget,
) -> Result<Answer, ProveError> {
    let gave_up = |first: Option<Solution>| Answer {
        solutions: u64::from(first.is_some()),
        first,
        second: None,
        gave_up: true,
        settled_by: None,
        stats: Stats::default(),
        refused: None,
    };
    let settled = |first: Option<Solution>, second: Option<Solution>| Answer {
        solutions: u64::from(first.is_some()) + u64::from(second.is_some()),
        first,
        second,
        gave_up: false,
        settled_by: Some(Engine::Sat),
        stats: Stats::default(),
        refused: None,
    };
    let first = match first {
        Some(first) => first,
        // Up to the colours' symmetry: any solution will do, and a refutation
        // need not visit the permutations of one.
        None => match sat.representative(puzzle, budget)? {
            Reply::Found(first) => first,
            Reply::None => return Ok(settled(None, None)),
            Reply::GaveUp => return Ok(gave_up(None)),
        },
    };
    if limit < 2 {
        return Ok(settled(Some(first), None));
    }
    // Two interchangeable colours swapped: a second solution at once.
    if let [a, b, ..] = sat.interchangeable(puzzle)[..] {
        let second = swapped(&first, a, b);
        crate::verify(graph, puzzle, &second).map_err(ProveError::Unverified)?;
        return Ok(settled(Some(first), Some(second)));
    }
    Ok(match sat.other(puzzle, &first, budget)? {
        Reply::Found(second) => settled(Some(first), Some(second)),
        Reply::None => settled(Some(first), None),
        Reply::GaveUp => gave_up(Some(first)),
    })
}

/// `budget` for work that started at `started`: its timeout counted from
/// then, as a deadline.
pub fn since(budget: Budget, started: Instant) -> Budget {
    let deadline = budget.timeout.map(|t| started + t);
    Budget {
        timeout: None,
        deadline: match (deadline, budget.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        ..budget
    }
}

/// One question, one call: `question` of `puzzle` under `budget`, by the
/// search within [`hand_off_nodes`] and then by SAT within the rest of the
/// time (by the search alone, within them, when `budget` limits nodes).
///
/// # Errors
/// As [`Answerer::ask`].
///
/// # Example
/// ```
/// use graphdoku::{Budget, ConstraintGraph, Puzzle};
/// use graphdoku::prove::{self, Question};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let answer = prove::answer(&graph, &Puzzle::empty(16), Question::First, Budget::unlimited()).unwrap();
/// assert_eq!(answer.solutions, 1);
/// ```
pub fn answer(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    question: Question,
    budget: Budget,
) -> Result<Answer, ProveError> {
    let solver = Solver::new(graph).with_budget(searching(graph, budget));
    Answerer::new(graph, &solver, handed_off(budget)).ask(puzzle, question)
}
