//! What a graph's rules will cost the solver, counted before one is built.

use std::cell::Cell as Counter;

use super::ConstraintGraph;
use super::build::Capacity;

impl ConstraintGraph {
    /// How many cells the rules' propagators watch, counted with repeats:
    /// twice each cell a rule names (a line's pairs, a cage's sum), and
    /// twice each pair of orthogonal neighbours for a rule that holds
    /// everywhere (non-consecutive, the negative constraints). The solver's
    /// work per node and its memory for the rules grow with it; a copy of a
    /// rule counts again, as the solver builds it again.
    ///
    /// # Complexity
    /// Linear in the cells and the rules' cells.
    ///
    /// # Example
    /// ```
    /// use graphdoku::{ConstraintGraph, rules::RuleSpec};
    /// let g = ConstraintGraph::load("sudoku9").unwrap();
    /// // 144 pairs of orthogonal neighbours on a 9×9, each watched from both ends.
    /// let g = g.with_rules(&[RuleSpec::NonConsecutive, RuleSpec::NonConsecutive]).unwrap();
    /// assert_eq!(g.rule_cells(), 2 * 2 * 144);
    /// ```
    pub fn rule_cells(&self) -> u64 {
        let mut everywhere = None;
        let mut total = 0u64;
        for rule in self.rules() {
            let named = Counter::new(0u64);
            rule.map_cells(|cell| {
                named.set(named.get() + 1);
                cell
            });
            let cells = match named.get() {
                0 => *everywhere.get_or_insert_with(|| {
                    crate::rules::orthogonal_pairs(self.cells()).len() as u64
                }),
                n => n,
            };
            total = total.saturating_add(2 * cells);
        }
        total
    }

    /// Why this graph's rules are more than `capacity` allows, if they are:
    /// more rules than [`Capacity::rules`], or more watched cells
    /// ([`ConstraintGraph::rule_cells`]) than [`Capacity::rule_cells`].
    pub fn rules_over(&self, capacity: &Capacity) -> Option<String> {
        rules_over(self.rules().len(), capacity).or_else(|| {
            let cells = self.rule_cells();
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
        assert_eq!(g.rule_cells(), 2 * 3 + 2 * 24);
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
