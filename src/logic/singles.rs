//! Naked singles (a cell with one candidate) and hidden singles (a symbol with one place in a house).

use super::{Board, Logic, Step, Technique};
use crate::colours::Colours;

/// The first open cell with a single candidate.
pub(super) fn naked(board: &Board) -> Option<Step> {
    (0..board.placed.len())
        .find(|&c| board.placed[c].is_none() && board.candidates[c].len() == 1)
        .map(|cell| {
            let colour = board.candidates[cell].iter().next().expect("one candidate");
            Step::placing(Technique::NakedSingle, cell, colour, Vec::new())
        })
}

/// The first symbol, in house order, that has one possible cell in a house
/// holding every symbol (smaller houses need not hold every symbol).
pub(super) fn hidden(logic: &Logic, board: &Board) -> Option<Step> {
    hidden_in(logic, board, &|_| true)
}

/// As [`hidden`], among the houses `wanted` picks. A hidden single in a
/// box-like house rates 1.2, in a line 1.5 (Sudoku Explainer's values).
pub(super) fn hidden_in(
    logic: &Logic,
    board: &Board,
    wanted: &dyn Fn(usize) -> bool,
) -> Option<Step> {
    for (h, house) in logic.graph.houses().iter().enumerate() {
        if !logic.is_full(h) || !wanted(h) {
            continue;
        }
        let (mut once, mut twice, mut placed) =
            (Colours::default(), Colours::default(), Colours::default());
        for &cell in &house.cells {
            match board.placed[cell] {
                Some(colour) => placed = placed.union(Colours::single(colour)),
                None => {
                    let set = board.candidates[cell];
                    twice = twice.union(once.and(set));
                    once = once.union(set);
                }
            }
        }
        if let Some(colour) = once.minus(twice).minus(placed).iter().next() {
            let cell = house
                .cells
                .iter()
                .copied()
                .find(|&c| board.placed[c].is_none() && board.candidates[c].contains(colour))
                .expect("the symbol has one open cell");
            let mut step = Step::placing(Technique::HiddenSingle, cell, colour, vec![h]);
            if logic.is_box_like(h) {
                step.se = 12;
            }
            return Some(step);
        }
    }
    None
}
