//! One graph's formula in an incremental SAT solver, asked many questions:
//! each puzzle's givens are assumptions, and what a single question adds
//! (another solution than a known one, the colours' symmetry broken) is
//! switched on by a selector assumed for that question alone.

use std::collections::HashMap;
use std::fmt;

use super::ProveError;
use super::cnf::Lit;
use super::encode::{Encoding, Unsupported};
use crate::colouring::Clock;
use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};
use crate::solver::Budget;
use crate::verify::verify;

/// Clauses handed to CaDiCaL between two looks at the clock and stop flag.
const CLAUSES_BETWEEN_CHECKS: usize = 1 << 16;

/// What the formula says of one question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Reply {
    /// A solution, verified.
    Found(Solution),
    /// None: the formula is unsatisfiable under the question's assumptions.
    None,
    /// Interrupted by the budget's deadline or stop flag.
    GaveUp,
}

/// One graph's formula in an incremental SAT solver: ask it many questions
/// (puzzles as assumptions, solutions excluded one question at a time).
pub(crate) struct Sat<'g> {
    graph: &'g ConstraintGraph,
    encoding: Encoding,
    solver: cadical::Solver<Clock>,
    /// Whether every colour is like every other (no rules on values, no
    /// allowed lists): a solution's colours unused by the givens can then be
    /// permuted into another solution.
    symmetric: bool,
    /// A house with as many cells as colours, where the symmetry is broken.
    full_house: Option<usize>,
    /// The selector of each set of interchangeable colours' symmetry breaking.
    breaking: HashMap<Vec<u8>, Lit>,
    /// The highest variable in use.
    vars: Lit,
    /// The givens every question's puzzle holds (the formula's restriction).
    base: Puzzle,
}

impl fmt::Debug for Sat<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sat")
            .field("graph", &self.graph.name())
            .field("vars", &self.vars)
            .field("clauses", &self.encoding.cnf().clauses().len())
            .finish()
    }
}

impl<'g> Sat<'g> {
    /// Encodes `graph` and loads its clauses.
    ///
    /// # Errors
    /// [`Unsupported`] for a rule without an encoding.
    pub fn new(graph: &'g ConstraintGraph) -> Result<Self, Unsupported> {
        Sat::restricted(graph, &Puzzle::empty(graph.len()))
    }

    /// The formula of [`Encoding::restricted_within`] to `puzzle`: for questions on
    /// `puzzle` and on puzzles with more givens. Much smaller than the
    /// whole formula on a big board with many givens.
    ///
    /// # Errors
    /// [`Unsupported`] for a rule without an encoding.
    pub fn restricted(graph: &'g ConstraintGraph, puzzle: &Puzzle) -> Result<Self, Unsupported> {
        Sat::restricted_within(graph, puzzle, usize::MAX, Budget::unlimited())
    }

    /// [`Sat::restricted`], built only as far as `clauses` clauses and
    /// `budget`'s deadline and stop flag allow (see
    /// [`Encoding::restricted_within`]): a question whose formula would be
    /// larger is left unanswered rather than fill the memory.
    ///
    /// # Errors
    /// [`Unsupported::TooLarge`], [`Unsupported::OutOfTime`], or a rule
    /// without an encoding.
    pub fn restricted_within(
        graph: &'g ConstraintGraph,
        puzzle: &Puzzle,
        clauses: usize,
        budget: Budget,
    ) -> Result<Self, Unsupported> {
        let room = (clauses, budget);
        Sat::restricted_in(graph, puzzle, room, cadical::Solver::new())
    }

    /// [`Sat::restricted`], with CaDiCaL set for questions that mostly have
    /// an answer (its `sat` configuration): a reduction's last removals, most
    /// of which leave a second solution. On the 157 such questions of
    /// `generate -v sudoku25 --seed 1` that the search left, 52 s → 36 s.
    ///
    /// # Errors
    /// [`Unsupported`] for a rule without an encoding.
    pub fn restricted_for_answers(
        graph: &'g ConstraintGraph,
        puzzle: &Puzzle,
        (clauses, budget): (usize, Budget),
    ) -> Result<Self, Unsupported> {
        let solver = cadical::Solver::with_config("sat").expect("CaDiCaL's `sat` configuration");
        Sat::restricted_in(graph, puzzle, (clauses, budget), solver)
    }

    fn restricted_in(
        graph: &'g ConstraintGraph,
        puzzle: &Puzzle,
        (clauses, budget): (usize, Budget),
        mut solver: cadical::Solver<Clock>,
    ) -> Result<Self, Unsupported> {
        let encoding = Encoding::restricted_within(graph, puzzle, clauses, budget)?;
        let clock = Clock::new(budget);
        for (i, clause) in encoding.cnf().clauses().iter().enumerate() {
            // Handing 3 million clauses over takes a second: the time counts.
            if i % CLAUSES_BETWEEN_CHECKS == 0 && clock.over() {
                return Err(Unsupported::OutOfTime);
            }
            solver.add_clause(clause.iter().copied());
        }
        let colours = graph.alphabet().len();
        let symmetric =
            graph.rules().is_empty() && (0..graph.len()).all(|c| graph.allowed(c).is_none());
        let full_house = graph.houses().iter().position(|h| h.cells.len() == colours);
        Ok(Sat {
            graph,
            vars: encoding.cnf().vars(),
            encoding,
            solver,
            symmetric,
            full_house,
            breaking: HashMap::new(),
            base: puzzle.clone(),
        })
    }

    /// Adds a clause for every question from now on.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause.iter().copied());
    }

    /// Rules out `solution` for every question from now on.
    pub fn block(&mut self, solution: &Solution) {
        let clause = self.encoding.blocking(solution);
        self.add_clause(&clause);
    }

    /// Whether the formula holds under `assumptions`: `None` when interrupted
    /// by `budget`. After `Some(true)`, [`Sat::model`] reads the colouring.
    pub fn solve_assuming(&mut self, assumptions: &[Lit], budget: Budget) -> Option<bool> {
        let clock = Clock::new(budget);
        if clock.over() {
            return None;
        }
        self.solver.set_callbacks(Some(clock));
        self.solver.solve_with(assumptions.iter().copied())
    }

    /// The colouring of the last satisfiable call.
    pub fn model(&self) -> Solution {
        self.encoding
            .decode(|lit| self.solver.value(lit) == Some(true))
    }

    /// A solution of `puzzle` (its givens assumed), verified; none; or
    /// interrupted.
    ///
    /// # Errors
    /// [`ProveError::WrongSize`] for a puzzle of another variant;
    /// [`ProveError::Unverified`] if a model fails [`verify`] (a bug).
    pub fn solve(&mut self, puzzle: &Puzzle, budget: Budget) -> Result<Reply, ProveError> {
        self.ask(puzzle, Vec::new(), budget)
    }

    /// A solution of `puzzle` other than `known` (one of its solutions): the
    /// proof, when there is none, that `known` is its only one.
    ///
    /// # Errors
    /// As [`Sat::solve`]; [`ProveError::NotOther`] if the model
    /// found is `known` (a bug).
    pub fn other(
        &mut self,
        puzzle: &Puzzle,
        known: &Solution,
        budget: Budget,
    ) -> Result<Reply, ProveError> {
        let open: Vec<usize> = (0..puzzle.givens().len())
            .filter(|&cell| puzzle.givens()[cell].is_none())
            .collect();
        self.differing(puzzle, known, &open, budget)
    }

    /// A solution of `puzzle` that differs from `known` in one of `cells`:
    /// when `puzzle` with `cells` given as in `known` has no other solution,
    /// the proof there is none is the proof that `puzzle` has no other either.
    ///
    /// # Errors
    /// As [`Sat::solve`]; [`ProveError::NotOther`] if the model
    /// found is `known` on every one of those cells (a bug).
    pub fn differing(
        &mut self,
        puzzle: &Puzzle,
        known: &Solution,
        cells: &[usize],
        budget: Budget,
    ) -> Result<Reply, ProveError> {
        let differs: Vec<Lit> = cells
            .iter()
            .filter_map(|&cell| self.encoding.lit(cell, known.colours()[cell]).map(|v| -v))
            .collect();
        let reply = match differs.as_slice() {
            [] => return Ok(Reply::None),
            // One cell: its other colours, without a clause.
            &[lit] => self.ask(puzzle, vec![lit], budget)?,
            _ => {
                let selector = self.fresh();
                let mut clause = differs;
                clause.push(-selector);
                self.add_clause(&clause);
                let reply = self.ask(puzzle, vec![selector], budget);
                // Retired: the clause never constrains a later question.
                self.add_clause(&[-selector]);
                reply?
            }
        };
        // Checked apart from the formula, as `ask` checks the puzzle: a second
        // solution equal to the first would make a unique puzzle look ambiguous.
        if let Reply::Found(other) = &reply {
            let same = |&cell: &usize| other.colours()[cell] == known.colours()[cell];
            if cells.iter().all(same) {
                return Err(ProveError::NotOther);
            }
        }
        Ok(reply)
    }

    /// The colours of `puzzle` that any solution may permute among themselves
    /// into another: those no given uses, when every colour is like every
    /// other (none, unless at least two).
    pub fn interchangeable(&self, puzzle: &Puzzle) -> Vec<u8> {
        if !self.symmetric {
            return Vec::new();
        }
        let mut used = vec![false; self.graph.alphabet().len()];
        for &colour in puzzle.givens().iter().flatten() {
            if let Some(u) = used.get_mut(colour as usize) {
                *u = true;
            }
        }
        let free: Vec<u8> = (0..used.len() as u8)
            .filter(|&c| !used[c as usize])
            .collect();
        match free.len() {
            0 | 1 => Vec::new(),
            _ => free,
        }
    }

    /// A solution of `puzzle` up to a permutation of its
    /// [interchangeable](Sat::interchangeable) colours: one of each class of
    /// solutions equal up to such a permutation. The symmetry is broken by
    /// value precedence in a full house (the free colours appear there in
    /// increasing order), which leaves a solution from every class: much
    /// faster to refute (an impossible jigsaw: 9! classes of assignments
    /// become one).
    ///
    /// # Errors
    /// As [`Sat::solve`].
    pub fn representative(&mut self, puzzle: &Puzzle, budget: Budget) -> Result<Reply, ProveError> {
        let free = self.interchangeable(puzzle);
        let Some(house) = self.full_house.filter(|_| !free.is_empty()) else {
            return self.solve(puzzle, budget);
        };
        let selector = match self.breaking.get(&free) {
            Some(&selector) => selector,
            None => {
                let selector = self.fresh();
                let cells = self.graph.houses()[house].cells.clone();
                for pair in free.windows(2) {
                    let (before, after) = (pair[0], pair[1]);
                    // `after` in a cell: `before` in an earlier cell of the house.
                    for (i, &cell) in cells.iter().enumerate() {
                        let Some(here) = self.encoding.lit(cell, after) else {
                            continue;
                        };
                        let mut clause = vec![-selector, -here];
                        clause.extend(
                            cells[..i]
                                .iter()
                                .filter_map(|&earlier| self.encoding.lit(earlier, before)),
                        );
                        self.add_clause(&clause);
                    }
                }
                self.breaking.insert(free, selector);
                selector
            }
        };
        self.ask(puzzle, vec![selector], budget)
    }

    /// Whether the formula serves `puzzle`: its givens include those it was
    /// restricted to.
    pub fn covers(&self, puzzle: &Puzzle) -> bool {
        let holds = |(base, given): (&Option<u8>, &Option<u8>)| base.is_none() || base == given;
        puzzle.givens().len() == self.graph.len()
            && self.base.givens().iter().zip(puzzle.givens()).all(holds)
    }

    /// A new variable, for a selector.
    fn fresh(&mut self) -> Lit {
        self.vars += 1;
        self.vars
    }

    /// The formula under the givens of `puzzle` and `extra` assumptions.
    fn ask(
        &mut self,
        puzzle: &Puzzle,
        mut extra: Vec<Lit>,
        budget: Budget,
    ) -> Result<Reply, ProveError> {
        if puzzle.givens().len() != self.graph.len() {
            return Err(ProveError::WrongSize {
                expected: self.graph.len(),
                found: puzzle.givens().len(),
            });
        }
        if !self.covers(puzzle) {
            return Err(ProveError::Narrower);
        }
        for (cell, given) in puzzle.givens().iter().enumerate() {
            if let Some(colour) = *given {
                match self.encoding.lit(cell, colour) {
                    Some(lit) => extra.push(lit),
                    // A given the cell does not allow: no solution.
                    None => return Ok(Reply::None),
                }
            }
        }
        match self.solve_assuming(&extra, budget) {
            None => Ok(Reply::GaveUp),
            Some(false) => Ok(Reply::None),
            Some(true) => {
                let solution = self.model();
                verify(self.graph, puzzle, &solution).map_err(ProveError::Unverified)?;
                Ok(Reply::Found(solution))
            }
        }
    }
}

/// `solution` with colours `a` and `b` swapped: another solution when both
/// are interchangeable for its puzzle.
pub(crate) fn swapped(solution: &Solution, a: u8, b: u8) -> Solution {
    let swap = |c: u8| match c {
        c if c == a => b,
        c if c == b => a,
        c => c,
    };
    Solution::new(solution.colours().iter().map(|&c| swap(c)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_formula_answers_many_questions() {
        let graph = ConstraintGraph::load("sudoku4").unwrap();
        let mut sat = Sat::new(&graph).unwrap();
        let empty = Puzzle::empty(16);
        let Reply::Found(first) = sat.solve(&empty, Budget::unlimited()).unwrap() else {
            panic!("the empty board has solutions")
        };
        // Another solution of the empty board; none of the full one.
        assert!(matches!(
            sat.other(&empty, &first, Budget::unlimited()).unwrap(),
            Reply::Found(_)
        ));
        let full = first.to_puzzle();
        assert_eq!(
            sat.other(&full, &first, Budget::unlimited()).unwrap(),
            Reply::None
        );
    }

    #[test]
    fn the_representative_of_the_empty_board_is_one_class_of_many() {
        let graph = ConstraintGraph::load("sudoku4").unwrap();
        let sat = Sat::new(&graph).unwrap();
        let empty = Puzzle::empty(16);
        assert_eq!(sat.interchangeable(&empty), [0, 1, 2, 3]);
        // Representatives: the free colours in increasing order in the first
        // full house. 288 solutions / 4! orders = 12 classes, each counted once.
        let mut classes = 0;
        let mut puzzle_sat = Sat::new(&graph).unwrap();
        while let Reply::Found(found) = puzzle_sat
            .representative(&empty, Budget::unlimited())
            .unwrap()
        {
            puzzle_sat.block(&found);
            classes += 1;
            assert!(classes <= 12);
        }
        assert_eq!(classes, 12);
        // A given colour is no longer free.
        let mut one = vec![None; 16];
        one[0] = Some(2);
        assert_eq!(sat.interchangeable(&Puzzle::new(one)), [0, 1, 3]);
    }

    #[test]
    fn a_swap_of_free_colours_is_another_solution() {
        let graph = ConstraintGraph::load("sudoku4").unwrap();
        let mut sat = Sat::new(&graph).unwrap();
        let empty = Puzzle::empty(16);
        let Reply::Found(found) = sat.representative(&empty, Budget::unlimited()).unwrap() else {
            panic!("solvable")
        };
        let image = swapped(&found, 0, 3);
        assert_ne!(image, found);
        assert_eq!(verify(&graph, &empty, &image), Ok(()));
    }
}
