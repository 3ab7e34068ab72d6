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

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const EMPTY: Self = 0;
            const FULL: Self = !0;
            #[inline]
            fn from_square(sq: Square) -> Self {
                1 << sq.index()
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
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
impl_bits!(u64);
impl_bits!(u128);

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
