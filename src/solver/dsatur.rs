//! Which cell to branch on next: DSATUR order for precoloring extension.

use super::bits::Bits;

/// The undecided cell with the fewest candidates left (the highest saturation),
/// ties broken by the most undecided neighbours; `None` when every cell is decided.
///
/// A cell is undecided while it has two candidates or more. Linear in the cells.
#[inline]
pub(crate) fn select<B: Bits>(candidates: &[B], free_degree: &[u16]) -> Option<usize> {
    let mut best = None;
    let mut best_key = (u32::MAX, 0u16);
    for (cell, (&set, &free)) in candidates.iter().zip(free_degree).enumerate() {
        if !set.several() {
            continue;
        }
        let count = set.count();
        if count < best_key.0 || (count == best_key.0 && free > best_key.1) {
            best_key = (count, free);
            best = Some(cell);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fewest_candidates_then_most_free_neighbours() {
        let sets: [u16; 4] = [0b1, 0b111, 0b110, 0b011];
        assert_eq!(select(&sets, &[9, 9, 1, 2]), Some(3));
        assert_eq!(select(&sets, &[9, 9, 5, 2]), Some(2));
        assert_eq!(select(&[0b1u16, 0b10], &[0, 0]), None);
    }
}
