//! A 10×10 set in one WebAssembly `v128` value, for modules built with `simd128` (the
//! computer's SIMD worker module, built by `scripts/worker-simd`).
//!
//! As a `u128`, a 10×10 set is two 64-bit values in WebAssembly: two registers for V8 to find
//! (of the dozen or so it has for them) and two instructions for every `&`, `|`, `^` and `!`. A
//! `v128` is one register of the separate vector file and one instruction, while the squares are
//! still counted and walked a 64-bit lane at a time. Every operation answers exactly what the
//! `u128` one does: the engine searches the same trees either way (`wasm_ab.mjs` stops at a
//! differing node count, and the e2e tests compare this module's decisions with the plain
//! module's), only faster in V8 (docs/engine.md, "10×10 sets in SIMD registers").

use crate::bits::{fold_halves, pop_first_whole, Bits};
use crate::square::Square;
use core::arch::wasm32::{
    i64x2_add, i64x2_eq, i64x2_shl, i64x2_shuffle, u64x2, u64x2_extract_lane, u64x2_shr, v128,
    v128_and, v128_any_true, v128_not, v128_or, v128_xor,
};
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of up to 128 squares in a `v128`: squares 0–63 in lane 0, 64–127 in lane 1.
#[derive(Clone, Copy)]
pub struct Bits128(v128);

// SAFETY: a `v128` is plain data (16 bytes), like the `u128` it stands for.
unsafe impl Send for Bits128 {}
// SAFETY: as above; nothing is shared by reference.
unsafe impl Sync for Bits128 {}

impl Bits128 {
    #[inline(always)]
    const fn from_halves(low: u64, high: u64) -> Self {
        Bits128(u64x2(low, high))
    }
    #[inline(always)]
    fn low(self) -> u64 {
        u64x2_extract_lane::<0>(self.0)
    }
    #[inline(always)]
    fn high(self) -> u64 {
        u64x2_extract_lane::<1>(self.0)
    }
}

impl From<Bits128> for u128 {
    #[inline(always)]
    fn from(set: Bits128) -> u128 {
        (u128::from(set.high()) << 64) | u128::from(set.low())
    }
}

impl From<u128> for Bits128 {
    #[inline(always)]
    fn from(x: u128) -> Bits128 {
        Bits128::from_halves(x as u64, (x >> 64) as u64)
    }
}

impl PartialEq for Bits128 {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        !v128_any_true(v128_xor(self.0, other.0))
    }
}
impl Eq for Bits128 {}

impl Default for Bits128 {
    #[inline(always)]
    fn default() -> Self {
        Self::EMPTY
    }
}

impl fmt::Debug for Bits128 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}", u128::from(*self))
    }
}

impl Hash for Bits128 {
    fn hash<H: Hasher>(&self, state: &mut H) {
        u128::from(*self).hash(state);
    }
}

macro_rules! lanewise {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, $simd:ident) => {
        impl $op for Bits128 {
            type Output = Self;
            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                Bits128($simd(self.0, other.0))
            }
        }
        impl $assign for Bits128 {
            #[inline(always)]
            fn $assign_method(&mut self, other: Self) {
                self.0 = $simd(self.0, other.0);
            }
        }
    };
}
lanewise!(BitAnd, bitand, BitAndAssign, bitand_assign, v128_and);
lanewise!(BitOr, bitor, BitOrAssign, bitor_assign, v128_or);
lanewise!(BitXor, bitxor, BitXorAssign, bitxor_assign, v128_xor);

impl Not for Bits128 {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Bits128(v128_not(self.0))
    }
}

impl Shl<u32> for Bits128 {
    type Output = Self;
    #[inline]
    fn shl(self, n: u32) -> Self {
        (u128::from(self) << n).into()
    }
}

impl Shr<u32> for Bits128 {
    type Output = Self;
    #[inline]
    fn shr(self, n: u32) -> Self {
        (u128::from(self) >> n).into()
    }
}

/// Each set holding a single square, by the square's index: a load, where building it from the
/// index would take a shift and a select per lane.
static SINGLE: [Bits128; 128] = {
    let mut sets = [Bits128::from_halves(0, 0); 128];
    let mut i = 0;
    while i < 128 {
        sets[i] = if i < 64 {
            Bits128::from_halves(1 << i, 0)
        } else {
            Bits128::from_halves(0, 1 << (i - 64))
        };
        i += 1;
    }
    sets
};

impl Bits for Bits128 {
    const EMPTY: Self = Bits128::from_halves(0, 0);
    const FULL: Self = Bits128::from_halves(!0, !0);

    #[inline(always)]
    fn from_square(sq: Square) -> Self {
        SINGLE[sq.usize() & 127]
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.low().count_ones() + self.high().count_ones()
    }
    #[inline(always)]
    fn first(self) -> Square {
        let low = self.low();
        Square::from_index(if low != 0 {
            low.trailing_zeros() as u8
        } else {
            64 + self.high().trailing_zeros() as u8
        })
    }
    #[inline(always)]
    fn last(self) -> Square {
        let high = self.high();
        Square::from_index(if high != 0 {
            127 - high.leading_zeros() as u8
        } else {
            63 - self.low().leading_zeros() as u8
        })
    }
    /// `x & (x - 1)` in the register: the lower lane always takes one off (an empty lower lane
    /// stays empty), the upper one only when the lower is empty. Choosing a lane to replace by a
    /// branch compiled to a store of the chosen lane into a copy of the set in memory and a
    /// reload of the whole, which the processor cannot forward from the smaller store.
    #[inline(always)]
    fn without_first(self) -> Self {
        // Lane 0: -1; lane 1: -1 where the lower lane is empty, else 0.
        let minus_one = i64x2_shuffle::<0, 2>(Self::FULL.0, i64x2_eq(self.0, Self::EMPTY.0));
        Bits128(v128_and(self.0, i64x2_add(self.0, minus_one)))
    }
    /// Lane by lane in the register: each lane shifted, and the bits that cross from one lane to
    /// the other moved across by a shuffle with zero (WebAssembly's lane shifts count modulo 64).
    #[inline(always)]
    fn shifted(self, delta: i32) -> Self {
        let zero = Self::EMPTY.0;
        let n = delta.unsigned_abs();
        Bits128(match (delta >= 0, n) {
            (_, 0) => return self,
            // [low << n, high << n | low >> (64 - n)]
            (true, 1..=63) => v128_or(
                i64x2_shl(self.0, n),
                i64x2_shuffle::<0, 2>(zero, u64x2_shr(self.0, 64 - n)),
            ),
            // [0, low << (n - 64)]
            (true, _) => i64x2_shuffle::<0, 2>(zero, i64x2_shl(self.0, n - 64)),
            // [low >> n | high << (64 - n), high >> n]
            (false, 1..=63) => v128_or(
                u64x2_shr(self.0, n),
                i64x2_shuffle::<1, 2>(i64x2_shl(self.0, 64 - n), zero),
            ),
            // [high >> (n - 64), 0]
            (false, _) => i64x2_shuffle::<1, 2>(u64x2_shr(self.0, n - 64), zero),
        })
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        !v128_any_true(self.0)
    }
    #[inline(always)]
    fn any(self) -> bool {
        v128_any_true(self.0)
    }
    #[inline(always)]
    fn pop_first(&mut self) -> Option<Square> {
        pop_first_whole(self)
    }
    #[inline(always)]
    fn fold_squares<A, F: FnMut(A, Square) -> A>(self, init: A, f: F) -> A {
        fold_halves(self.low(), self.high(), init, f)
    }
}

/// Every operation against the `u128` one it stands for, in WebAssembly with `simd128` under
/// Node (`scripts/test`'s stage "the rules' SIMD 10×10 sets"): the sets' own cases here, where the e2e
/// tests see them only through the searches they change.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::tests::{folded, sample_sets, set_bits};
    use wasm_bindgen_test::wasm_bindgen_test;

    const SEED: u64 = 0x0128_5E75_1A4E_2026;

    #[wasm_bindgen_test]
    fn bitwise_operators_and_tests_match_u128() {
        let cases = sample_sets(SEED);
        for pair in cases.windows(2) {
            let (v, w) = (pair[0], pair[1]);
            let (a, b) = (Bits128::from(v), Bits128::from(w));
            assert_eq!(u128::from(a), v);
            assert_eq!(u128::from(a & b), v & w, "{v:#x} & {w:#x}");
            assert_eq!(u128::from(a | b), v | w, "{v:#x} | {w:#x}");
            assert_eq!(u128::from(a ^ b), v ^ w, "{v:#x} ^ {w:#x}");
            assert_eq!(u128::from(!a), !v, "!{v:#x}");
            assert_eq!(a == b, v == w, "{v:#x} == {w:#x}");
            assert_eq!(a.is_empty(), v == 0, "{v:#x}");
            assert_eq!(a.any(), v != 0, "{v:#x}");
            assert_eq!(a.count(), v.count_ones(), "{v:#x}");
            assert_eq!(a.more_than_one(), v.count_ones() > 1, "{v:#x}");
            for index in [0u8, 1, 63, 64, 65, 99, 127] {
                let sq = Square::from_index(index);
                assert_eq!(a.has(sq), v & (1 << index) != 0, "{v:#x} has {index}");
            }
        }
        for index in 0..128u8 {
            let sq = Square::from_index(index);
            assert_eq!(
                u128::from(Bits128::from_square(sq)),
                1 << index,
                "bit {index}"
            );
        }
    }

    #[wasm_bindgen_test]
    fn first_last_and_walks_match_u128() {
        for v in sample_sets(SEED) {
            let a = Bits128::from(v);
            assert_eq!(
                u128::from(a.without_first()),
                v & v.wrapping_sub(1),
                "{v:#x}"
            );
            if v != 0 {
                assert_eq!(u32::from(a.first().index()), v.trailing_zeros(), "{v:#x}");
                assert_eq!(
                    u32::from(a.last().index()),
                    127 - v.leading_zeros(),
                    "{v:#x}"
                );
            }
            let expected = set_bits(v);
            let walked: Vec<u8> = a.squares().map(|sq| sq.index()).collect();
            assert_eq!(walked, expected, "{v:#x} walked");
            assert_eq!(folded(a), expected, "{v:#x} folded");
            let mut popped = Vec::new();
            let mut rest = a;
            while let Some(sq) = rest.pop_first() {
                popped.push(sq.index());
            }
            assert_eq!(popped, expected, "{v:#x} popped");
        }
    }

    #[wasm_bindgen_test]
    fn shifts_match_u128() {
        for v in sample_sets(SEED).into_iter().step_by(7) {
            let a = Bits128::from(v);
            for delta in -127..=127i32 {
                let expected = if delta >= 0 { v << delta } else { v >> -delta };
                assert_eq!(u128::from(a.shifted(delta)), expected, "{v:#x} by {delta}");
                let n = delta.unsigned_abs();
                assert_eq!(u128::from(a << n), v << n, "{v:#x} << {n}");
                assert_eq!(u128::from(a >> n), v >> n, "{v:#x} >> {n}");
            }
        }
    }
}
