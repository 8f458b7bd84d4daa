//! Uniform choices from a seedable generator, written out so that the same seed
//! gives the same puzzles whatever version of a sampling library is around.

use rand_core::Rng;

/// A uniform integer in `0..n`, by rejection of the biased low end.
///
/// # Panics
/// When `n` is 0.
pub(crate) fn below<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    assert!(n > 0, "below(0)");
    let n = n as u64;
    // 2^64 mod n: the values under it would favour the small results.
    let threshold = n.wrapping_neg() % n;
    loop {
        let x = rng.next_u64();
        if x >= threshold {
            return (x % n) as usize;
        }
    }
}

/// Fisher–Yates shuffle.
pub(crate) fn shuffle<T, R: Rng + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn below_is_in_range_and_reaches_every_value() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0usize; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7)] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(below(&mut rng, 1), 0);
    }

    #[test]
    fn same_seed_same_shuffle() {
        let run = |seed| {
            let mut items: Vec<u32> = (0..50).collect();
            shuffle(&mut ChaCha8Rng::seed_from_u64(seed), &mut items);
            items
        };
        assert_eq!(run(5), run(5));
        assert_ne!(run(5), run(6));
        let mut sorted = run(5);
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
    }
}
