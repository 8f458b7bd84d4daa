//! Naked and hidden subsets (pairs, triples, quads) within one house.
//!
//! Naked: `n` open cells of a house whose candidates are `n` symbols between them
//! hold exactly those symbols, so no other cell of the house can. Hidden: `n`
//! symbols of a full house that fit only `n` cells fill those cells, so the cells
//! hold nothing else.

use super::{Board, Logic, Step, Technique};
use crate::colours::Colours;

/// The first naked subset of `size` (2 to 4) cells, in house order, that removes something.
pub(super) fn naked(logic: &Logic, board: &Board, size: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    logic
        .graph
        .houses()
        .iter()
        .enumerate()
        .find_map(|(h, house)| {
            let open = open_cells(board, &house.cells);
            let small: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| (2..=size).contains(&board.candidates[c].len()))
                .collect();
            first_combination(&small, size, &mut |cells| {
                let colours = union(cells.iter().map(|&c| board.candidates[c]));
                if colours.len() != size {
                    return None;
                }
                let others = open.iter().copied().filter(|c| !cells.contains(c));
                let eliminated = removals(board, others, |set| set.and(colours));
                step(
                    technique,
                    h,
                    cells.to_vec(),
                    colours.iter().collect(),
                    eliminated,
                )
            })
        })
}

/// The first hidden subset of `size` (2 to 4) symbols, in house order, that removes something.
pub(super) fn hidden(logic: &Logic, board: &Board, size: usize) -> Option<Step> {
    hidden_each(logic, board, size, &mut Some)
}

/// The first `Some` that `found` returns over the hidden subsets of `size`
/// symbols that remove something, in house order.
fn hidden_each<R>(
    logic: &Logic,
    board: &Board,
    size: usize,
    found: &mut impl FnMut(Step) -> Option<R>,
) -> Option<R> {
    let technique = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let houses = logic.graph.houses().iter().enumerate();
    houses
        .filter(|&(h, _)| logic.is_full(h))
        .find_map(|(h, house)| {
            let open = open_cells(board, &house.cells);
            // Where each symbol may go, as a set of positions in `open` (a house has
            // no more cells than symbols, so positions fit the same bitset).
            let places = |colour: u8| -> Colours {
                (0..open.len() as u8)
                    .filter(|&i| board.candidates[open[i as usize]].contains(colour))
                    .collect()
            };
            let missing = union(open.iter().map(|&c| board.candidates[c]));
            let few: Vec<u8> = missing
                .iter()
                .filter(|&colour| (2..=size).contains(&places(colour).len()))
                .collect();
            first_combination(&few, size, &mut |colours| {
                let positions = union(colours.iter().map(|&c| places(c)));
                if positions.len() != size {
                    return None;
                }
                let keep: Colours = colours.iter().copied().collect();
                let cells: Vec<usize> = positions.iter().map(|i| open[i as usize]).collect();
                let eliminated = removals(board, cells.iter().copied(), |set| set.minus(keep));
                step(technique, h, cells, colours.to_vec(), eliminated).and_then(&mut *found)
            })
        })
}

pub(super) fn open_cells(board: &Board, cells: &[usize]) -> Vec<usize> {
    cells
        .iter()
        .copied()
        .filter(|&c| board.placed[c].is_none())
        .collect()
}

fn union(sets: impl Iterator<Item = Colours>) -> Colours {
    sets.fold(Colours::default(), Colours::union)
}

/// (cell, colour) for each of `cells` and each candidate `removed` picks out of it.
fn removals(
    board: &Board,
    cells: impl Iterator<Item = usize>,
    removed: impl Fn(Colours) -> Colours,
) -> Vec<(usize, u8)> {
    cells
        .flat_map(|c| {
            removed(board.candidates[c])
                .iter()
                .map(move |colour| (c, colour))
        })
        .collect()
}

/// The subset step, if it removes anything.
fn step(
    technique: Technique,
    house: usize,
    cells: Vec<usize>,
    colours: Vec<u8>,
    eliminated: Vec<(usize, u8)>,
) -> Option<Step> {
    (!eliminated.is_empty())
        .then(|| Step::removing(technique, eliminated, cells, vec![house], colours))
}

/// The first `Some` that `check` returns over the `size`-element combinations of
/// `items`, in lexicographic order.
pub(super) fn first_combination<T: Copy, R>(
    items: &[T],
    size: usize,
    check: &mut impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    fn walk<T: Copy, R>(
        items: &[T],
        size: usize,
        chosen: &mut Vec<T>,
        check: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if chosen.len() == size {
            return check(chosen);
        }
        let needed = size - chosen.len();
        for i in 0..items.len().saturating_sub(needed - 1) {
            chosen.push(items[i]);
            let found = walk(&items[i + 1..], size, chosen, check);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    walk(items, size, &mut Vec::with_capacity(size), check)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_in_order() {
        let mut seen = Vec::new();
        let none: Option<()> = first_combination(&[1, 2, 3, 4], 3, &mut |c| {
            seen.push(c.to_vec());
            None
        });
        assert_eq!(none, None);
        assert_eq!(
            seen,
            vec![vec![1, 2, 3], vec![1, 2, 4], vec![1, 3, 4], vec![2, 3, 4]]
        );
        assert_eq!(
            first_combination(&[5, 6, 7], 2, &mut |c| (c[1] == 7).then(|| c.to_vec())),
            Some(vec![5, 7])
        );
        assert_eq!(first_combination(&[5], 2, &mut |c| Some(c.to_vec())), None);
    }
}
