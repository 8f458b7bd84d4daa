//! Locked candidates: a symbol confined, within a full house, to its intersection
//! with another house cannot be anywhere else in that other house.
//!
//! In 9×9 terms this is both "pointing" (box → row/column) and "claiming"
//! (row/column → box); here it is any pair of houses that share two cells or more.

use super::{Board, Logic, Step, Technique};
use crate::colours::Colours;

/// The first locked candidate, in the order of [`Logic`]'s house intersections,
/// that removes something.
pub(super) fn find(logic: &Logic, board: &Board) -> Option<Step> {
    let mut first = None;
    each(logic, board, &mut |step| {
        first = Some(step);
        false
    });
    first
}

/// Calls `found` on each locked candidate that removes something, while it
/// returns true. A step confined by a box-like house ("pointing") rates 2.6,
/// one confined by a line ("claiming") 2.8, as in Sudoku Explainer.
fn each(logic: &Logic, board: &Board, found: &mut dyn FnMut(Step) -> bool) {
    let houses = logic.graph.houses();
    let open = |c: &usize| board.placed[*c].is_none();
    let union = |cells: &mut dyn Iterator<Item = &usize>| {
        cells.fold(Colours::default(), |set, &c| set.union(board.candidates[c]))
    };
    for (a, b, shared) in &logic.intersections {
        let inside = union(&mut shared.iter().filter(|c| open(c)));
        let elsewhere = union(
            &mut houses[*a]
                .cells
                .iter()
                .filter(|c| open(c) && !shared.contains(c)),
        );
        for colour in inside.minus(elsewhere).iter() {
            let eliminated: Vec<(usize, u8)> = houses[*b]
                .cells
                .iter()
                .filter(|c| {
                    open(c) && !shared.contains(c) && board.candidates[**c].contains(colour)
                })
                .map(|&c| (c, colour))
                .collect();
            if eliminated.is_empty() {
                continue;
            }
            let mut step = Step::removing(
                Technique::LockedCandidates,
                eliminated,
                shared
                    .iter()
                    .copied()
                    .filter(|&c| open(&c) && board.candidates[c].contains(colour))
                    .collect(),
                vec![*a, *b],
                vec![colour],
            );
            if !logic.is_box_like(*a) {
                step.se = 28;
            }
            if !found(step) {
                return;
            }
        }
    }
}
