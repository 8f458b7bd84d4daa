//! Sets of colours (symbol indices) as a bitset.

/// A set of colours: bit `i` is colour `i`. Wide enough for every alphabet
/// ([`crate::symbols::MAX_SYMBOLS`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Colours(u128);

impl Colours {
    /// Colours `0..k`.
    pub(crate) fn first(k: usize) -> Self {
        Colours(if k >= 128 { u128::MAX } else { (1 << k) - 1 })
    }

    pub(crate) fn single(colour: u8) -> Self {
        Colours(1 << colour)
    }

    pub(crate) fn contains(self, colour: u8) -> bool {
        self.0 >> colour & 1 == 1
    }

    pub(crate) fn remove(&mut self, colour: u8) {
        self.0 &= !(1 << colour);
    }

    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub(crate) fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub(crate) fn union(self, other: Self) -> Self {
        Colours(self.0 | other.0)
    }

    pub(crate) fn and(self, other: Self) -> Self {
        Colours(self.0 & other.0)
    }

    pub(crate) fn minus(self, other: Self) -> Self {
        Colours(self.0 & !other.0)
    }

    /// The colours, ascending.
    pub(crate) fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let colour = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                colour
            })
        })
    }
}

impl FromIterator<u8> for Colours {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        iter.into_iter()
            .fold(Colours(0), |set, c| set.union(Colours::single(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let set: Colours = [0, 3, 127].into_iter().collect();
        assert_eq!(set.len(), 3);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 3, 127]);
        assert!(set.contains(127) && !set.contains(1));
        let mut less = set;
        less.remove(3);
        assert_eq!(set.minus(less), Colours::single(3));
        assert_eq!(Colours::first(128).len(), 128);
        assert_eq!(Colours::first(9).iter().last(), Some(8));
        assert!(Colours::default().is_empty());
    }
}
