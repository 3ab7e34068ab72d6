//! Bit sets of squares ("bitboards") for boards of up to 128 squares.
//!
//! An 8×8 board uses `u64`, a 10×10 board `u128`; the move generator is
//! written once against the [`Bits`] trait and monomorphised for each size,
//! so the 8×8 games pay nothing for the larger board.

use crate::square::Square;
use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares stored one bit per square.
pub trait Bits:
    Copy
    + Eq
    + Default
    + Debug
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const EMPTY: Self;
    /// Every bit set (including bits beyond the board; mask before use).
    const FULL: Self;

    /// The set holding only `sq`.
    fn from_square(sq: Square) -> Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// Lowest square of a non-empty set.
    fn first(self) -> Square;
    /// Highest square of a non-empty set.
    fn last(self) -> Square;
    /// The set without its lowest square.
    fn without_first(self) -> Self;

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// Whether the set holds at least one square.
    #[inline]
    fn any(self) -> bool {
        self != Self::EMPTY
    }
    /// Whether the set holds `sq`.
    #[inline]
    fn has(self, sq: Square) -> bool {
        (self & Self::from_square(sq)).any()
    }
    /// Whether the set holds two or more squares.
    #[inline]
    fn more_than_one(self) -> bool {
        self.without_first().any()
    }
    /// Iterates over the squares of the set, lowest first.
    #[inline]
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
}

/// The number of set bits of a `u128`.
///
/// Without a population count instruction (x86-64's baseline has none)
/// `u128::count_ones` counts each half in full; adding the halves' 4-bit
/// counts (at most 8 each) before the byte sums needs one multiply instead
/// of two. Where the instruction exists `count_ones` is used.
#[inline]
fn count_u128(x: u128) -> u32 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    {
        const M1: u64 = 0x5555_5555_5555_5555;
        const M2: u64 = 0x3333_3333_3333_3333;
        const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        const H01: u64 = 0x0101_0101_0101_0101;
        let (a, b) = (x as u64, (x >> 64) as u64);
        let a = a - ((a >> 1) & M1);
        let b = b - ((b >> 1) & M1);
        let a = (a & M2) + ((a >> 2) & M2);
        let b = (b & M2) + ((b >> 2) & M2);
        // Each 4-bit field of `a` and `b` is at most 4, of the sum at most 8.
        let s = a + b;
        let s = (s & M4) + ((s >> 4) & M4);
        // Each byte is at most 16, the total at most 128: it fits the top byte.
        (s.wrapping_mul(H01) >> 56) as u32
    }
    #[cfg(not(all(target_arch = "x86_64", not(target_feature = "popcnt"))))]
    {
        x.count_ones()
    }
}

macro_rules! impl_bits {
    ($t:ty, $count:expr) => {
        impl Bits for $t {
            const EMPTY: Self = 0;
            const FULL: Self = !0;
            #[inline]
            fn from_square(sq: Square) -> Self {
                1 << sq.index()
            }
            #[inline]
            fn count(self) -> u32 {
                $count(self)
            }
            #[inline]
            fn first(self) -> Square {
                Square::from_index(self.trailing_zeros() as u8)
            }
            #[inline]
            fn last(self) -> Square {
                Square::from_index((<$t>::BITS - 1 - self.leading_zeros()) as u8)
            }
            #[inline]
            fn without_first(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}
impl_bits!(u64, u64::count_ones);
impl_bits!(u128, count_u128);

/// Iterator over the squares of a [`Bits`] set.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            let sq = self.0.first();
            self.0 = self.0.without_first();
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bits> ExactSizeIterator for SquareIter<B> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u128_count_matches_count_ones() {
        let mut x: u64 = 0x0B00_4C4E_5353_2026;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut cases = vec![0u128, !0, 1, 1 << 127, u128::from(u64::MAX), !0 << 64];
        for _ in 0..10_000 {
            let (a, b, c) = (next(), next(), next());
            cases.push((u128::from(a) << 64) | u128::from(b));
            // Sparse and dense sets as well.
            cases.push((u128::from(a & b & c) << 64) | u128::from(a & c));
            cases.push(!((u128::from(a & b) << 64) | u128::from(b & c)));
        }
        for v in cases {
            assert_eq!(v.count(), v.count_ones(), "{v:#x}");
        }
    }
}
