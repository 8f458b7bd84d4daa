//! Sets of colours (symbol indices) as 256-bit bitsets: wide enough for every
//! alphabet ([`crate::symbols::MAX_SYMBOLS`]). Shared by the logic grader, the
//! flat checks and the solver's widest store.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Words in a set.
const WORDS: usize = 4;

/// A set of colours: bit `i` is colour `i`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Colours([u64; WORDS]);

impl Colours {
    /// The empty set.
    pub(crate) const EMPTY: Colours = Colours([0; WORDS]);

    /// How many colours fit.
    pub(crate) const CAPACITY: usize = 64 * WORDS;

    /// Colours `0..k`.
    pub(crate) fn first(k: usize) -> Self {
        let mut words = [0; WORDS];
        for (i, word) in words.iter_mut().enumerate() {
            let below = k.saturating_sub(64 * i).min(64);
            *word = if below == 64 { !0 } else { (1 << below) - 1 };
        }
        Colours(words)
    }

    pub(crate) fn single(colour: u8) -> Self {
        let mut words = [0; WORDS];
        words[colour as usize / 64] = 1 << (colour % 64);
        Colours(words)
    }

    pub(crate) fn contains(self, colour: u8) -> bool {
        self.0[colour as usize / 64] >> (colour % 64) & 1 == 1
    }

    pub(crate) fn remove(&mut self, colour: u8) {
        self.0[colour as usize / 64] &= !(1 << (colour % 64));
    }

    pub(crate) fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    pub(crate) fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub(crate) fn union(self, other: Self) -> Self {
        self | other
    }

    pub(crate) fn and(self, other: Self) -> Self {
        self & other
    }

    pub(crate) fn minus(self, other: Self) -> Self {
        self & !other
    }

    /// The smallest colour, if any.
    pub(crate) fn min(self) -> Option<u8> {
        let (i, word) = self.0.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some((64 * i + word.trailing_zeros() as usize) as u8)
    }

    /// The colours, ascending.
    pub(crate) fn iter(self) -> impl Iterator<Item = u8> {
        let mut rest = self;
        std::iter::from_fn(move || {
            let colour = rest.min()?;
            rest.remove(colour);
            Some(colour)
        })
    }

    /// The low 128 colours as a `u128`.
    pub(crate) fn low(self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 64
    }
}

impl FromIterator<u8> for Colours {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        iter.into_iter()
            .fold(Colours::EMPTY, |set, c| set.union(Colours::single(c)))
    }
}

macro_rules! word_by_word {
    ($($op:ident $f:ident $assign:ident $g:ident),*) => {$(
        impl $op for Colours {
            type Output = Colours;
            #[inline(always)]
            fn $f(self, other: Colours) -> Colours {
                Colours(std::array::from_fn(|i| $op::$f(self.0[i], other.0[i])))
            }
        }
        impl $assign for Colours {
            #[inline(always)]
            fn $g(&mut self, other: Colours) {
                *self = $op::$f(*self, other);
            }
        }
    )*};
}

word_by_word!(
    BitAnd bitand BitAndAssign bitand_assign,
    BitOr bitor BitOrAssign bitor_assign,
    BitXor bitxor BitXorAssign bitxor_assign
);

impl Not for Colours {
    type Output = Colours;
    #[inline(always)]
    fn not(self) -> Colours {
        Colours(self.0.map(|w| !w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let set: Colours = [0, 3, 127, 200].into_iter().collect();
        assert_eq!(set.len(), 4);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 3, 127, 200]);
        assert!(set.contains(200) && set.contains(127) && !set.contains(1));
        let mut less = set;
        less.remove(3);
        assert_eq!(set.minus(less), Colours::single(3));
        assert_eq!(Colours::first(128).len(), 128);
        assert_eq!(Colours::first(255).len(), 255);
        assert_eq!(Colours::first(256).len(), 256);
        assert_eq!(Colours::first(9).iter().last(), Some(8));
        assert_eq!(Colours::first(200).iter().last(), Some(199));
        assert_eq!(Colours::first(100).low(), (1 << 100) - 1);
        assert!(Colours::default().is_empty());
        assert_eq!(
            (!Colours::first(250)).iter().collect::<Vec<_>>(),
            vec![250, 251, 252, 253, 254, 255]
        );
    }
}
