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
    + Into<u128>
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
    /// The set moved by `delta` squares' indices (positive: towards higher ones); squares
    /// moved past either end are dropped. `delta` is less than the type's width either way.
    fn shifted(self, delta: i32) -> Self;

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
    /// Takes the lowest square out of the set (`None` if it is empty).
    fn pop_first(&mut self) -> Option<Square>;
    /// Folds `f` over the squares of the set, lowest first: what [`SquareIter`]'s `fold`,
    /// `for_each` and `sum` run, so that a 10×10 set is walked a 64-bit half at a time.
    fn fold_squares<A, F: FnMut(A, Square) -> A>(self, init: A, f: F) -> A;
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

/// Each `u128` holding a single bit, by the bit's index.
static BITS_U128: [u128; 128] = {
    let mut bits = [0; 128];
    let mut i = 0;
    while i < 128 {
        bits[i] = 1 << i;
        i += 1;
    }
    bits
};

/// The `u128` holding only bit `index` (below 128), looked up: WebAssembly has no 128-bit
/// shift, and a shift by a variable amount calls a library routine (`__ashlti3`).
#[inline]
fn bit_u128(index: u32) -> u128 {
    BITS_U128[index as usize & 127]
}

/// `x` shifted by `delta` bits, made of 64-bit shifts for the reason of [`bit_u128`].
#[inline]
fn shift_u128(x: u128, delta: i32) -> u128 {
    let (low, high) = (x as u64, (x >> 64) as u64);
    let n = delta.unsigned_abs();
    let join = |high: u64, low: u64| (u128::from(high) << 64) | u128::from(low);
    match (delta >= 0, n) {
        (_, 0) => x,
        (true, 1..=63) => join((high << n) | (low >> (64 - n)), low << n),
        (true, _) => join(low.checked_shl(n - 64).unwrap_or(0), 0),
        (false, 1..=63) => join(high >> n, (low >> n) | (high << (64 - n))),
        (false, _) => join(0, high.checked_shr(n - 64).unwrap_or(0)),
    }
}

/// `x` shifted by `delta` bits.
#[inline]
fn shift_u64(x: u64, delta: i32) -> u64 {
    if delta >= 0 {
        x << delta as u32
    } else {
        x >> delta.unsigned_abs()
    }
}

/// [`Bits::pop_first`] with the type's own operations.
#[inline]
pub(crate) fn pop_first_whole<B: Bits>(set: &mut B) -> Option<Square> {
    if set.is_empty() {
        None
    } else {
        let sq = set.first();
        *set = set.without_first();
        Some(sq)
    }
}

/// [`Bits::pop_first`] of a `u128`, natively a 64-bit half at a time: the lower half's lowest
/// bit is found and cleared without touching the upper one, which spares the 128-bit
/// subtraction and the select between the halves' trailing zeros. On the 10×10 benchmark it
/// ran 3 % fewer instructions; in WebAssembly the whole-value walk was faster (docs/engine.md).
#[inline]
fn pop_first_u128(set: &mut u128) -> Option<Square> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let (low, high) = (*set as u64, (*set >> 64) as u64);
        if low != 0 {
            *set = (u128::from(high) << 64) | u128::from(low & (low - 1));
            Some(Square::from_index(low.trailing_zeros() as u8))
        } else if high != 0 {
            *set = u128::from(high & (high - 1)) << 64;
            Some(Square::from_index(64 + high.trailing_zeros() as u8))
        } else {
            None
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        pop_first_whole(set)
    }
}

#[inline]
fn fold_whole<B: Bits, A, F: FnMut(A, Square) -> A>(mut set: B, init: A, mut f: F) -> A {
    let mut acc = init;
    while let Some(sq) = pop_first_whole(&mut set) {
        acc = f(acc, sq);
    }
    acc
}

/// Each half on its own, with no test of which half a square is in.
#[inline]
fn fold_u128<A, F: FnMut(A, Square) -> A>(set: u128, init: A, f: F) -> A {
    fold_halves(set as u64, (set >> 64) as u64, init, f)
}

/// [`Bits::fold_squares`] of a 128-bit set given as its lower and upper 64-bit halves.
#[inline]
pub(crate) fn fold_halves<A, F: FnMut(A, Square) -> A>(
    low: u64,
    high: u64,
    init: A,
    mut f: F,
) -> A {
    let mut acc = init;
    for (mut half, base) in [(low, 0), (high, 64)] {
        while half != 0 {
            acc = f(acc, Square::from_index(base + half.trailing_zeros() as u8));
            half &= half - 1;
        }
    }
    acc
}

macro_rules! impl_bits {
    ($t:ty, $count:expr, $bit:expr, $shift:expr, $pop:expr, $fold:ident) => {
        impl Bits for $t {
            const EMPTY: Self = 0;
            const FULL: Self = !0;
            #[inline]
            fn from_square(sq: Square) -> Self {
                $bit(u32::from(sq.index()))
            }
            #[inline]
            fn shifted(self, delta: i32) -> Self {
                $shift(self, delta)
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
            #[inline]
            fn pop_first(&mut self) -> Option<Square> {
                $pop(self)
            }
            #[inline]
            fn fold_squares<A, F: FnMut(A, Square) -> A>(self, init: A, f: F) -> A {
                $fold(self, init, f)
            }
        }
    };
}
impl_bits!(
    u64,
    u64::count_ones,
    |index: u32| 1u64 << index,
    shift_u64,
    pop_first_whole,
    fold_whole
);
impl_bits!(
    u128,
    count_u128,
    bit_u128,
    shift_u128,
    pop_first_u128,
    fold_u128
);

/// Iterator over the squares of a [`Bits`] set.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
    #[inline]
    fn fold<A, F: FnMut(A, Square) -> A>(self, init: A, f: F) -> A {
        self.0.fold_squares(init, f)
    }
}

impl<B: Bits> ExactSizeIterator for SquareIter<B> {}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::xorshift::XorShift;

    #[test]
    fn u128_count_matches_count_ones() {
        let mut rng = XorShift(0x0B00_4C4E_5353_2026);
        let mut next = || rng.next();
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

    /// The squares of a set, by definition: the indices of its set bits, lowest first.
    pub(crate) fn set_bits(v: u128) -> Vec<u8> {
        (0..128u8).filter(|&i| v >> i & 1 == 1).collect()
    }

    /// The squares of a set as `fold` (and `for_each` and `sum` through it) walks them: its own
    /// way, not `next`'s.
    pub(crate) fn folded<B: Bits>(set: B) -> Vec<u8> {
        set.squares().fold(Vec::new(), |mut acc, s| {
            acc.push(s.index());
            acc
        })
    }

    /// 128-bit sets to test on, from `seed`: the edge cases, then random ones, dense and
    /// sparse, with a half empty or full.
    pub(crate) fn sample_sets(seed: u64) -> Vec<u128> {
        let mut rng = XorShift(seed);
        let mut next = || rng.next();
        let mut cases = vec![0u128, !0, 1, 1 << 63, 1 << 64, 1 << 127, !0 << 64, !0 >> 64];
        for _ in 0..2_000 {
            let (a, b, c) = (next(), next(), next());
            cases.push((u128::from(a) << 64) | u128::from(b));
            cases.push((u128::from(a & b & c) << 64) | u128::from(a & c));
            cases.push(u128::from(a & b) << 64);
            cases.push(u128::from(a | c));
        }
        cases
    }

    #[test]
    fn squares_are_the_set_bits_lowest_first() {
        for v in sample_sets(0x5A0A_2E5C_4A11_2026) {
            let squares: Vec<u8> = v.squares().map(|s| s.index()).collect();
            assert_eq!(squares, set_bits(v), "{v:#x}");
            assert_eq!(v.squares().len(), squares.len(), "{v:#x}");
            assert_eq!(folded(v), squares, "{v:#x}");
            let low = v as u64;
            let squares: Vec<u8> = low.squares().map(|s| s.index()).collect();
            assert_eq!(squares, set_bits(u128::from(low)), "{low:#x}");
            assert_eq!(folded(low), squares, "{low:#x}");
        }
    }

    #[test]
    fn single_bits_and_shifts_match_the_native_operators() {
        for index in 0..128u8 {
            let sq = Square::from_index(index);
            assert_eq!(u128::from_square(sq), 1u128 << index, "u128 bit {index}");
            if index < 64 {
                assert_eq!(u64::from_square(sq), 1u64 << index, "u64 bit {index}");
            }
        }
        let mut rng = XorShift(0x5EED_0F54_17F7_ED01);
        let mut next = || rng.next();
        for _ in 0..2_000 {
            let v = (u128::from(next()) << 64) | u128::from(next());
            let w = next();
            for delta in -127..=127i32 {
                let expected = if delta >= 0 { v << delta } else { v >> -delta };
                assert_eq!(v.shifted(delta), expected, "{v:#x} by {delta}");
                if delta.abs() < 64 {
                    let expected = if delta >= 0 { w << delta } else { w >> -delta };
                    assert_eq!(w.shifted(delta), expected, "{w:#x} by {delta}");
                }
            }
        }
    }
}
