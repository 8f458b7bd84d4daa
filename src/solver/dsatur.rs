//! Which cell to branch on next: DSATUR order for precoloring extension.

use super::bits::Bits;

/// The undecided cell with the fewest candidates left (the highest saturation),
/// ties broken by the most undecided neighbours, then by the lowest index; `None`
/// when every cell is decided.
///
/// A cell is undecided while it has two candidates or more. `undecided_neighbours`
/// is asked only about the tied cells: counting there is cheaper than keeping
/// every cell's count up to date through propagation. Linear in the cells.
#[inline]
pub(crate) fn select<B: Bits>(
    candidates: &[B],
    undecided_neighbours: impl Fn(usize) -> usize,
) -> Option<usize> {
    let mut fewest = u32::MAX;
    for &set in candidates {
        if set.several() {
            fewest = fewest.min(set.count());
            if fewest == 2 {
                break; // nothing undecided has fewer
            }
        }
    }
    if fewest == u32::MAX {
        return None;
    }
    let mut best: Option<(usize, usize)> = None;
    for (cell, &set) in candidates.iter().enumerate() {
        if set.several() && set.count() == fewest {
            let free = undecided_neighbours(cell);
            if best.is_none_or(|(_, most)| free > most) {
                best = Some((cell, free));
            }
        }
    }
    best.map(|(cell, _)| cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fewest_candidates_then_most_free_neighbours() {
        let sets: [u16; 4] = [0b1, 0b111, 0b110, 0b011];
        assert_eq!(select(&sets, |c| [9, 9, 1, 2][c]), Some(3));
        assert_eq!(select(&sets, |c| [9, 9, 5, 2][c]), Some(2));
        assert_eq!(select(&sets, |c| [9, 9, 2, 2][c]), Some(2));
        assert_eq!(select(&[0b1u16, 0b10], |_| 0), None);
    }
}
