//! Candidate sets as machine-word bitsets, one width per alphabet size.

use crate::colours::Colours;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of colours as the bits of an unsigned integer; bit `i` is colour `i`.
///
/// The solver is generic over this so a 9-symbol variant uses `u16` and a
/// 100-symbol one `u128`, chosen once when the graph is compiled.
pub(crate) trait Bits:
    Copy
    + Eq
    + Send
    + Sync
    + std::fmt::Debug
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set.
    const ZERO: Self;
    /// How many colours fit.
    const CAPACITY: usize;
    /// The set holding only colour `i`.
    fn bit(i: usize) -> Self;
    /// The set of colours `0..k`.
    fn first(k: usize) -> Self;
    /// Number of colours in the set.
    fn count(self) -> u32;
    /// The smallest colour in a non-empty set.
    fn index(self) -> usize;
    /// The set holding only the smallest colour of this one.
    fn lowest(self) -> Self;
    /// True when the set holds two colours or more.
    fn several(self) -> bool;
    /// The colours of `set` that fit (all of them, where the search narrows
    /// the widest kind to a store's own).
    fn narrow(set: Colours) -> Self;
    /// The set as a 128-bit mask (the colours below 128), as rules read it.
    fn wide(self) -> u128;
    /// The set of a 128-bit mask.
    fn from_wide(mask: u128) -> Self;
}

macro_rules! impl_bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            const ZERO: Self = 0;
            const CAPACITY: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline(always)]
            fn first(k: usize) -> Self {
                if k >= Self::CAPACITY { !0 } else { (1 << k) - 1 }
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn index(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn several(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }
            #[inline(always)]
            fn narrow(set: Colours) -> Self {
                set.low() as $t
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_wide(mask: u128) -> Self {
                mask as $t
            }
        }
    )*};
}

impl_bits!(u16, u32, u64, u128);

/// The widest sets, for alphabets of more than 128 colours.
impl Bits for Colours {
    const ZERO: Self = Colours::EMPTY;
    const CAPACITY: usize = Colours::CAPACITY;
    fn bit(i: usize) -> Self {
        Colours::single(i as u8)
    }
    fn first(k: usize) -> Self {
        Colours::first(k)
    }
    fn count(self) -> u32 {
        self.len() as u32
    }
    fn index(self) -> usize {
        self.min().map_or(Self::CAPACITY, usize::from)
    }
    fn lowest(self) -> Self {
        self.min().map_or(Self::ZERO, Colours::single)
    }
    fn several(self) -> bool {
        self.len() > 1
    }
    fn narrow(set: Colours) -> Self {
        set
    }
    fn wide(self) -> u128 {
        self.low()
    }
    fn from_wide(mut mask: u128) -> Self {
        let mut set = Colours::EMPTY;
        while mask != 0 {
            set = set.union(Colours::single(mask.trailing_zeros() as u8));
            mask &= mask - 1;
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        assert_eq!(<u16 as Bits>::first(9), 0b1_1111_1111);
        assert_eq!(<u16 as Bits>::first(16), u16::MAX);
        assert_eq!(<u128 as Bits>::first(128), u128::MAX);
        assert_eq!(0b1011_0000u32.lowest(), 0b1_0000);
        assert_eq!(0b1011_0000u32.index(), 4);
        assert!(0b11u64.several() && !0b10u64.several() && !0u64.several());
        let wide = Colours::single(200) | Colours::single(130);
        assert_eq!(Bits::index(wide), 130);
        assert_eq!(Bits::lowest(wide), Colours::single(130));
        assert!(Bits::several(wide) && !Bits::several(Colours::single(7)));
        assert_eq!(<u16 as Bits>::narrow(Colours::first(3)), 0b111);
    }
}
