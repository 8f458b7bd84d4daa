//! What a graph's rules will cost the solver, counted before one is built.

use std::cell::Cell as Counter;

use super::ConstraintGraph;
use super::build::Capacity;

/// How much the rules of a graph will make its solver watch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RuleWork {
    /// Cells watched by the rules' propagators, counted with repeats: twice
    /// each cell a rule names (a line's pairs, a cage's sum), and twice each
    /// pair of orthogonal neighbours for a rule that holds everywhere
    /// (non-consecutive, the negative constraints). A copy of a rule counts
    /// again, as the solver builds it again.
    pub cells: u64,
    /// Cells watched by at least one rule.
    pub distinct: usize,
}

impl ConstraintGraph {
    /// What the rules will make the solver watch ([`RuleWork`]): its work
    /// per node and its memory for the rules grow with it.
    ///
    /// # Complexity
    /// Linear in the cells and the rules' cells.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, rules::RuleSpec};
    /// let g = ConstraintGraph::load("sudoku9").unwrap();
    /// // 144 pairs of orthogonal neighbours on a 9×9, each watched from both
    /// // ends; a rule written twice is compiled once.
    /// let g = g.with_rules(&[RuleSpec::NonConsecutive, RuleSpec::NonConsecutive]).unwrap();
    /// let work = g.rule_work();
    /// assert_eq!((work.cells, work.distinct), (2 * 144, 81));
    /// ```
    pub fn rule_work(&self) -> RuleWork {
        let mut everywhere = None;
        let watched = std::cell::RefCell::new(vec![false; self.len()]);
        let mut cells = 0u64;
        // Rules written twice are lowered once (`rules::primitive::lower`).
        let mut once = std::collections::HashSet::new();
        for rule in self.rules().iter().filter(|&r| once.insert(r)) {
            let named = Counter::new(0u64);
            rule.map_cells(|cell| {
                named.set(named.get() + 1);
                if let Some(seen) = watched.borrow_mut().get_mut(cell) {
                    *seen = true;
                }
                cell
            });
            let count = match named.get() {
                0 => *everywhere.get_or_insert_with(|| {
                    let pairs = crate::rules::orthogonal_pairs(self.cells());
                    let mut watched = watched.borrow_mut();
                    for &(a, b) in &pairs {
                        (watched[a], watched[b]) = (true, true);
                    }
                    pairs.len() as u64
                }),
                n => n,
            };
            cells = cells.saturating_add(2 * count);
        }
        let distinct = watched.borrow().iter().filter(|&&w| w).count();
        RuleWork { cells, distinct }
    }

    /// Why this graph's rules are more than `capacity` allows, if they are:
    /// more rules than [`Capacity::rules`], or more watched cells
    /// ([`RuleWork::cells`]) than [`Capacity::rule_cells`].
    pub fn rules_over(&self, capacity: &Capacity) -> Option<String> {
        rules_over(self.rules().len(), capacity).or_else(|| {
            let cells = self.rule_work().cells;
            (cells > capacity.rule_cells).then(|| {
                format!(
                    "the rules cover {cells} cells, counted with repeats (each pair twice, each \
                     copy of a rule again): more than the limit of {}, too much work for the solver",
                    capacity.rule_cells
                )
            })
        })
    }
}

/// Why `rules` rules are more than `capacity` allows, if they are.
pub(crate) fn rules_over(rules: usize, capacity: &Capacity) -> Option<String> {
    (rules > capacity.rules)
        .then(|| format!("{rules} rules is more than the limit of {}", capacity.rules))
}

#[cfg(test)]
mod tests {
    use crate::ConstraintGraph;
    use crate::graph::Capacity;
    use crate::rules::{Mark, RuleSpec};

    #[test]
    fn lines_count_their_cells_and_global_rules_their_pairs() {
        let g = ConstraintGraph::load("sudoku4").unwrap();
        let cells = |names: &[&str]| names.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let thermo = RuleSpec::Thermometer(cells(&["r1c1", "r1c2", "r1c3"]));
        let g = g
            .with_rules(&[thermo, RuleSpec::Negative(Mark::XV)])
            .unwrap();
        // 3 cells, and the 24 pairs of orthogonal neighbours of a 4×4.
        assert_eq!(g.rule_work().cells, 2 * 3 + 2 * 24);
        assert_eq!(g.rule_work().distinct, 16);
        let tight = Capacity {
            rule_cells: 2 * 3 + 2 * 24 - 1,
            ..Capacity::LIBRARY
        };
        let why = g.rules_over(&tight).unwrap();
        assert!(why.contains("more than the limit of 53"), "{why}");
        assert!(g.rules_over(&Capacity::LIBRARY).is_none());
        let one = Capacity {
            rules: 1,
            ..Capacity::LIBRARY
        };
        assert_eq!(
            g.rules_over(&one).unwrap(),
            "2 rules is more than the limit of 1"
        );
    }
}
