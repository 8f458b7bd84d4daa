//! A setter's questions about their own unique puzzle: which givens, and which
//! of the puzzle's rules, could go while it stays unique.
//!
//! Each given and each rule is asked about alone (with all the others kept):
//! a redundant given may stop being redundant once another is removed. The
//! minimal puzzle reachable by removing givens is the generator's reduction,
//! [`super::Generator::reduce_puzzle`].

use crate::graph::ConstraintGraph;
use crate::puzzle::{Puzzle, Solution};
use crate::rules::{RuleFault, RuleSpec};
use crate::solver::{Budget, Goal, Solver};
use crate::{Checker, Verdict};

/// What the questions found before the budget ran out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Redundant {
    /// The items (cells of givens, or indices of rules) that can each be
    /// removed alone while the puzzle keeps its one solution, ascending.
    pub found: Vec<usize>,
    /// The items not decided: the budget ran out before them.
    pub undecided: Vec<usize>,
}

impl Redundant {
    /// Whether every item was decided.
    pub fn complete(&self) -> bool {
        self.undecided.is_empty()
    }
}

/// The givens of `puzzle` that can each be removed alone while it keeps its one
/// solution `solution`, by cell.
///
/// One search per given, with the given's own symbol taken from the cell: the
/// given is redundant exactly when that search finds nothing. The solver's
/// budget holds for the whole: the givens not reached are [`Redundant::undecided`].
///
/// # Panics
/// When `puzzle` and `solution` do not fit the solver's graph.
///
/// # Example
/// ```
/// use graphdoku::generate::setter::redundant_givens;
/// use graphdoku::{ConstraintGraph, Puzzle, Solver};
/// let graph = ConstraintGraph::load("sudoku4").unwrap();
/// let solver = Solver::new(&graph);
/// let solution = solver.solve(&Puzzle::empty(16)).unwrap();
/// // The whole solution as givens: every given alone can go.
/// let full = solution.to_puzzle();
/// let redundant = redundant_givens(&solver, &full, &solution);
/// assert_eq!(redundant.found, (0..16).collect::<Vec<_>>());
/// assert!(redundant.complete());
/// ```
pub fn redundant_givens(solver: &Solver, puzzle: &Puzzle, solution: &Solution) -> Redundant {
    let givens: Vec<usize> = (0..puzzle.givens().len())
        .filter(|&c| puzzle.givens()[c].is_some())
        .collect();
    let mut out = Redundant::default();
    let mut search = solver.search_up_to_symmetry(puzzle, Goal::Count);
    for (n, &cell) in givens.iter().enumerate() {
        let mut fewer = puzzle.clone();
        fewer.givens_mut()[cell] = None;
        // Unique without it exactly when no other symbol of the cell has a solution.
        search.restart_near(&fewer, cell, solution);
        let other = search.count_up_to(1);
        if search.gave_up() {
            out.undecided = givens[n..].to_vec();
            break;
        }
        if other == 0 {
            out.found.push(cell);
        }
    }
    out
}

/// The rules among `rules` (the puzzle's own, added to `shape`) that can each
/// be removed alone while `puzzle` keeps one solution, by index into `rules`.
///
/// One uniqueness check per rule, on the shape with the other rules, each
/// under `budget` until its deadline: the rules not reached when a check gives
/// up are [`Redundant::undecided`]. The puzzle is assumed unique with all of
/// them (a rule's removal never removes a solution).
///
/// # Errors
/// A [`RuleFault`] when a rule does not fit the shape.
///
/// # Example
/// ```
/// use graphdoku::generate::setter::redundant_rules;
/// use graphdoku::rules::RuleSpec;
/// use graphdoku::{Budget, ConstraintGraph, Puzzle};
/// let shape = ConstraintGraph::load("sudoku4").unwrap();
/// let cells = |names: &[&str]| names.iter().map(|c| c.to_string()).collect::<Vec<_>>();
/// let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
/// // variants/README.md's four.ron: r1c1 = 1 and five rules, unique.
/// let rules = [
///     RuleSpec::Killer { cells: cells(&["r2c1", "r2c2"]), total: Some(7) },
///     RuleSpec::Thermometer(cells(&["r3c2", "r3c1", "r4c2"])),
///     RuleSpec::Difference { cells: pair("r4c1", "r4c2"), value: None },
///     RuleSpec::Difference { cells: pair("r2c2", "r2c3"), value: Some(3) },
///     RuleSpec::Ratio { cells: pair("r1c4", "r2c4"), value: None },
/// ];
/// let mut givens = vec![None; 16];
/// givens[0] = Some(0);
/// let puzzle = Puzzle::new(givens);
/// let redundant = redundant_rules(&shape, &rules, &puzzle, Budget::unlimited()).unwrap();
/// // The cage alone can go, and so can the first white dot (not both).
/// assert_eq!(redundant.found, [0, 2]);
/// ```
pub fn redundant_rules(
    shape: &ConstraintGraph,
    rules: &[RuleSpec],
    puzzle: &Puzzle,
    budget: Budget,
) -> Result<Redundant, RuleFault> {
    // Every rule must fit before any is asked about.
    shape.clone().with_rules(rules)?;
    let mut out = Redundant::default();
    for i in 0..rules.len() {
        let others: Vec<RuleSpec> = (rules.iter().enumerate())
            .filter(|&(j, _)| j != i)
            .map(|(_, r)| r.clone())
            .collect();
        let graph = shape.clone().with_rules(&others)?;
        let solver = Solver::new(&graph).with_budget(budget);
        match Checker::new(&solver).uniqueness(puzzle).0 {
            Verdict::GaveUp(_) => {
                out.undecided = (i..rules.len()).collect();
                break;
            }
            Verdict::Unique(_) => out.found.push(i),
            Verdict::None | Verdict::Multiple(..) => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 4×4 puzzle of `line`.
    fn read(graph: &ConstraintGraph, line: &str) -> Puzzle {
        crate::PuzzleReader::new(graph, line.as_bytes(), "test")
            .next()
            .unwrap()
            .puzzle
            .unwrap()
    }

    /// A unique 4×4: 12.. / 3... / 2.1. / ....
    fn four() -> (ConstraintGraph, Puzzle) {
        let graph = ConstraintGraph::load("sudoku4").unwrap();
        let puzzle = read(&graph, "12..3...2.1.....");
        (graph, puzzle)
    }

    /// Each given tried alone, by counting: the definition the search must agree with.
    fn by_counting(solver: &Solver, puzzle: &Puzzle) -> Vec<usize> {
        (0..puzzle.givens().len())
            .filter(|&c| puzzle.givens()[c].is_some())
            .filter(|&c| {
                let mut fewer = puzzle.clone();
                fewer.givens_mut()[c] = None;
                solver.count(&fewer, 2) == 1
            })
            .collect()
    }

    #[test]
    fn redundant_givens_agree_with_counting() {
        let (graph, puzzle) = four();
        let solver = Solver::new(&graph);
        let solution = solver.solve(&puzzle).unwrap();
        let found = redundant_givens(&solver, &puzzle, &solution);
        assert!(found.complete());
        assert_eq!(found.found, by_counting(&solver, &puzzle));
        // Half the solution as givens: some can go, some not.
        let mut half = solution.to_puzzle();
        for c in (0..16).step_by(2) {
            half.givens_mut()[c] = None;
        }
        let found = redundant_givens(&solver, &half, &solution);
        assert_eq!(found.found, by_counting(&solver, &half));
    }

    #[test]
    fn a_spent_budget_leaves_givens_undecided() {
        let (graph, puzzle) = four();
        let solver = Solver::new(&graph).with_budget(Budget::unlimited().nodes(0));
        let solution = Solver::new(&graph).solve(&puzzle).unwrap();
        let found = redundant_givens(&solver, &puzzle, &solution);
        assert!(!found.complete());
        assert_eq!(found.found.len() + found.undecided.len(), 5);
    }

    #[test]
    fn a_needed_rule_is_not_redundant() {
        let shape = ConstraintGraph::load("sudoku4").unwrap();
        // The 4×4 of `four` without r2c1: two solutions.
        let puzzle = read(&shape, "12......2.1.....");
        assert_eq!(Solver::new(&shape).count(&puzzle, 3), 2);
        let solver = Solver::new(&shape);
        let mut search = solver.search(&puzzle);
        let solutions = [search.next().unwrap(), search.next().unwrap()];
        let differ = crate::differences(&solutions[0], &solutions[1]);
        let (a, b) = (differ[0], differ[1]);
        let names = |c: usize| shape.cells()[c].name.clone();
        let value = |c: usize| shape.values().unwrap()[solutions[0].colours()[c] as usize];
        // A relation that only the first solution meets on two differing cells.
        let pin = RuleSpec::Relation {
            pairs: vec![(names(a), names(b))],
            allowed: vec![(value(a), value(b))],
        };
        let rules = [pin.clone(), RuleSpec::Odd(vec![names(0)])];
        let found = redundant_rules(&shape, &rules, &puzzle, Budget::unlimited()).unwrap();
        assert_eq!(
            found.found,
            vec![1],
            "the relation is needed, the odd 1 is not"
        );
        let fault = redundant_rules(
            &shape,
            &[RuleSpec::Odd(vec!["r9c9".into()])],
            &puzzle,
            Budget::unlimited(),
        );
        assert!(fault.is_err());
    }
}
