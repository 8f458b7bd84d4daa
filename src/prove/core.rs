//! Why a puzzle has no solution: a small set of its givens and rules that has none together.
//!
//! The formula is the graph's cells and houses, every rule's primitives under
//! a selector of the rule's own ([`Encoding::guarded`]), and no givens. A question assumes each
//! given and each selector; when there is no solution, CaDiCaL's failed
//! assumptions are a set of them that already has none (an unsatisfiable
//! core). The core is then shrunk one member at a time: left out, if the rest
//! still has no solution the member goes (with whatever else the smaller proof
//! did not use), else it stays. What is left when every member has been tried
//! is minimal: leave out any one and there is a solution. The houses are the
//! puzzle's shape and always hold; the givens and rules are what a setter
//! changes, so they are what a core names.

use std::time::Instant;

use super::ProveError;
use super::answer::since;
use super::cnf::Lit;
use super::encode::Encoding;
use crate::colouring::Clock;
use crate::graph::ConstraintGraph;
use crate::puzzle::Puzzle;
use crate::solver::Budget;

/// A set of a puzzle's givens and its graph's rules that has no solution
/// together, the houses holding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Core {
    /// The cells whose givens are in the set, in cell order.
    pub givens: Vec<usize>,
    /// The rules in the set, as indices into the graph's
    /// [`rules`](ConstraintGraph::rules), in their order.
    pub rules: Vec<usize>,
    /// Whether every member was tried and found needed (the budget did not
    /// run out while shrinking): leave out any one and there is a solution.
    pub minimal: bool,
}

impl Core {
    /// The members for people: `r1c1=5` for a given, the rule's name and
    /// cells (`killer cage r1c1 r1c2 r1c3`; a rule over the whole grid by its
    /// name alone), givens first.
    ///
    /// ```
    /// use graphdoku::{ConstraintGraph, Puzzle, Budget};
    /// use graphdoku::rules::RuleSpec;
    /// let graph = ConstraintGraph::load("sudoku4").unwrap()
    ///     .with_rules(&[RuleSpec::Killer { cells: vec!["r1c1".into(), "r1c2".into()], total: Some(3) }])
    ///     .unwrap();
    /// let mut givens = vec![None; 16];
    /// givens[0] = Some(2); // a 3 in r1c1: the cage's other cell would be 0
    /// let puzzle = Puzzle::new(givens);
    /// let core = graphdoku::prove::core(&graph, &puzzle, Budget::unlimited()).unwrap().unwrap();
    /// assert_eq!(core.names(&graph, &puzzle), ["r1c1=3", "killer cage r1c1 r1c2"]);
    /// assert!(core.minimal);
    /// ```
    pub fn names(&self, graph: &ConstraintGraph, puzzle: &Puzzle) -> Vec<String> {
        let cell = |c: usize| graph.cells()[c].name.as_str();
        let givens = self.givens.iter().filter_map(|&c| {
            let colour = puzzle.givens().get(c).copied().flatten()?;
            Some(format!("{}={}", cell(c), graph.alphabet().symbol(colour)))
        });
        let rules = self.rules.iter().filter_map(|&r| {
            let rule = graph.rules().get(r)?;
            let cells: Vec<&str> = rule.cells().into_iter().map(cell).collect();
            Some(match cells.is_empty() {
                true => rule.name().to_string(),
                false => format!("{} {}", rule.name(), cells.join(" ")),
            })
        });
        givens.chain(rules).collect()
    }

    /// Every cell a member speaks of, each once, in cell order: what a
    /// picture marks.
    pub fn cells(&self, graph: &ConstraintGraph) -> Vec<usize> {
        let mut cells: Vec<usize> = self.givens.clone();
        for &r in &self.rules {
            if let Some(rule) = graph.rules().get(r) {
                cells.extend(rule.cells());
            }
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

/// A member of a core: a given (its cell) or a rule (its index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Member {
    Given(usize),
    Rule(usize),
}

/// A small set of `puzzle`'s givens and `graph`'s rules with no solution
/// together, found and shrunk within `budget` (its time and stop flag; node
/// limits are the search's): `None` when the puzzle has a solution, or when
/// the budget ran out before the first answer. A core found but not shrunk
/// to the end in time says so ([`Core::minimal`] false).
///
/// # Complexity
/// One SAT call to find a core, then at most one per member to shrink it;
/// on a 9×9 each call takes milliseconds.
///
/// # Errors
/// [`ProveError::Unsupported`] for a graph whose rules have no encoding;
/// [`ProveError::WrongSize`] for a puzzle of another size.
pub fn core(
    graph: &ConstraintGraph,
    puzzle: &Puzzle,
    budget: Budget,
) -> Result<Option<Core>, ProveError> {
    if puzzle.givens().len() != graph.len() {
        return Err(ProveError::WrongSize {
            expected: graph.len(),
            found: puzzle.givens().len(),
        });
    }
    let budget = since(budget, Instant::now());
    let (encoding, selectors) = Encoding::guarded(graph, budget)?;
    let mut members: Vec<(Member, Lit)> = Vec::new();
    for (cell, given) in puzzle.givens().iter().enumerate() {
        let Some(colour) = *given else { continue };
        match encoding.lit(cell, colour) {
            Some(lit) => members.push((Member::Given(cell), lit)),
            // A given its cell does not allow: no solution on its own.
            None => {
                return Ok(Some(Core {
                    givens: vec![cell],
                    rules: Vec::new(),
                    minimal: true,
                }));
            }
        }
    }
    members.extend(
        (selectors.iter().enumerate()).map(|(rule, &selector)| (Member::Rule(rule), selector)),
    );
    let mut solver: cadical::Solver<Clock> = cadical::Solver::new();
    for clause in encoding.cnf().clauses() {
        solver.add_clause(clause.iter().copied());
    }
    // No solution under `set` (indices into `members`): the members the
    // proof used; a solution: `Some(None)`; out of time: `None`.
    let mut refute = |set: &[usize]| -> Option<Option<Vec<usize>>> {
        let clock = Clock::new(budget);
        if clock.over() {
            return None;
        }
        solver.set_callbacks(Some(clock));
        match solver.solve_with(set.iter().map(|&i| members[i].1))? {
            true => Some(None),
            false => Some(Some(
                set.iter()
                    .copied()
                    .filter(|&i| solver.failed(members[i].1))
                    .collect(),
            )),
        }
    };
    let all: Vec<usize> = (0..members.len()).collect();
    let Some(Some(mut set)) = refute(&all) else {
        return Ok(None);
    };
    // Givens are tried first, so that what stays says which rules conflict.
    let mut needed: Vec<usize> = Vec::new();
    let mut minimal = true;
    while let Some(&next) = set.iter().find(|i| !needed.contains(i)) {
        let without: Vec<usize> = set.iter().copied().filter(|&i| i != next).collect();
        match refute(&without) {
            Some(Some(smaller)) => set = smaller,
            Some(None) => needed.push(next),
            None => {
                minimal = false;
                break;
            }
        }
    }
    let mut core = Core {
        givens: Vec::new(),
        rules: Vec::new(),
        minimal,
    };
    for &i in &set {
        match members[i].0 {
            Member::Given(cell) => core.givens.push(cell),
            Member::Rule(rule) => core.rules.push(rule),
        }
    }
    Ok(Some(core))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSpec;

    fn names(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn a_solvable_puzzle_has_no_core() {
        let graph = ConstraintGraph::load("sudoku4").unwrap();
        let found = core(&graph, &Puzzle::empty(16), Budget::unlimited()).unwrap();
        assert_eq!(found, None);
    }

    #[test]
    fn two_rules_that_cannot_both_hold_are_the_core_and_nothing_else() {
        // A thermometer r1c1 < r1c2 and a greater-than sign r1c1 > r1c2, among
        // rules and givens that have nothing to do with them.
        let rules = [
            RuleSpec::Thermometer(names(&["r1c1", "r1c2"])),
            RuleSpec::Killer {
                cells: names(&["r3c3", "r3c4"]),
                total: Some(7),
            },
            RuleSpec::GreaterThan("r1c1".into(), "r1c2".into()),
        ];
        let graph = ConstraintGraph::load("sudoku4")
            .unwrap()
            .with_rules(&rules)
            .unwrap();
        let mut givens = vec![None; 16];
        givens[15] = Some(0);
        let puzzle = Puzzle::new(givens);
        let found = core(&graph, &puzzle, Budget::unlimited()).unwrap().unwrap();
        assert_eq!(
            (found.givens.as_slice(), found.rules.as_slice()),
            (&[][..], &[0, 2][..])
        );
        assert!(found.minimal);
        assert_eq!(found.cells(&graph), [0, 1]);
        // Each alone has a solution: the core is minimal indeed.
        for keep in [0, 2] {
            let one = ConstraintGraph::load("sudoku4")
                .unwrap()
                .with_rules(&rules[keep..=keep])
                .unwrap();
            assert_eq!(core(&one, &puzzle, Budget::unlimited()).unwrap(), None);
        }
    }

    #[test]
    fn givens_that_break_a_rule_are_named_with_it() {
        // Killer r1c1+r1c2 = 3 on a 4×4: r1c1 = 1 and r1c2 = 1 clash in the
        // row; r1c1 = 4 breaks the cage.
        let graph = ConstraintGraph::load("sudoku4")
            .unwrap()
            .with_rules(&[RuleSpec::Killer {
                cells: names(&["r1c1", "r1c2"]),
                total: Some(3),
            }])
            .unwrap();
        let mut givens = vec![None; 16];
        givens[0] = Some(3);
        givens[10] = Some(1);
        let puzzle = Puzzle::new(givens);
        let found = core(&graph, &puzzle, Budget::unlimited()).unwrap().unwrap();
        assert_eq!(
            found.names(&graph, &puzzle),
            ["r1c1=4", "killer cage r1c1 r1c2"]
        );
    }
}
