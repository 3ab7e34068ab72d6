//! Allocation-free move lists.

use crate::bits::Bits;
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::square::Square;
use arrayvec::ArrayVec;
use core::ops::{Deref, DerefMut};

/// What the move generator needs from a move list.
pub trait MoveBuffer:
    Default + Deref<Target = [Move]> + DerefMut + Clone + core::fmt::Debug
{
    /// Appends a move. The capacity is chosen per board so that it never
    /// fills up for a valid position.
    fn push(&mut self, m: Move);
    /// Keeps only the moves for which `keep` is true.
    fn retain(&mut self, keep: impl FnMut(&Move) -> bool);
    /// Removes every move.
    fn clear(&mut self);
}

/// A fixed-capacity list of moves, stored inline.
#[derive(Clone, Debug, Default)]
pub struct MoveList<const N: usize>(ArrayVec<Move, N>);

impl<const N: usize> Deref for MoveList<N> {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl<const N: usize> DerefMut for MoveList<N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl<const N: usize> MoveBuffer for MoveList<N> {
    #[inline]
    fn push(&mut self, m: Move) {
        // Position validation bounds the number of men per side, which
        // keeps every legal position below N; dropping a move beyond it
        // keeps even an impossible composed position from panicking.
        let _ = self.0.try_push(m);
    }
    fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.0.retain(|m| keep(m));
    }
    fn clear(&mut self) {
        self.0.clear();
    }
}

/// Where the move generator puts the moves it finds: a [`MoveList`], or a
/// [`MoveCounter`] that only counts them (perft's last ply).
pub trait MoveSink<B: Bits> {
    /// Adds one move.
    fn push(&mut self, m: Move);

    /// Whether the sink has all it wants, so the generator may stop early (between groups of
    /// moves; it may still add more). A list or a counter wants every move.
    #[inline]
    fn satisfied(&self) -> bool {
        false
    }

    /// Adds a normal move from `from` to each square of `targets`.
    #[inline]
    fn push_targets(&mut self, from: Square, targets: B) {
        targets.squares().for_each(|to| {
            self.push(Move {
                from,
                to,
                kind: MoveKind::Normal,
            })
        });
    }

    /// Adds pawn moves to each square of `targets`, from `delta` squares
    /// back; those on `promotion_rank` once per role of `promotions`.
    #[inline]
    fn push_pawn_targets(
        &mut self,
        promotions: &[Role],
        targets: B,
        delta: i32,
        promotion_rank: B,
    ) {
        let origin = |to: Square| Square::from_index((i32::from(to.index()) - delta) as u8);
        (targets & !promotion_rank).squares().for_each(|to| {
            self.push(Move {
                from: origin(to),
                to,
                kind: MoveKind::Normal,
            })
        });
        for to in (targets & promotion_rank).squares() {
            for &role in promotions {
                self.push(Move {
                    from: origin(to),
                    to,
                    kind: MoveKind::Promotion(role),
                });
            }
        }
    }
}

impl<const N: usize, B: Bits> MoveSink<B> for MoveList<N> {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveBuffer::push(self, m);
    }
}

/// Counts moves instead of listing them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCounter(pub u64);

impl<B: Bits> MoveSink<B> for MoveCounter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline]
    fn push_targets(&mut self, _: Square, targets: B) {
        self.0 += u64::from(targets.count());
    }
    #[inline]
    fn push_pawn_targets(&mut self, promotions: &[Role], targets: B, _: i32, promotion_rank: B) {
        self.0 += u64::from((targets & !promotion_rank).count())
            + u64::from((targets & promotion_rank).count()) * promotions.len() as u64;
    }
}

/// Counts moves like [`MoveCounter`], with fewer population counts: target
/// sets are gathered into one set while they do not overlap (the size of a
/// union of disjoint sets is the sum of their sizes), and the gathered set
/// is counted only when a set overlapping it comes, and at the end.
///
/// Without a population count instruction counting a set costs a few dozen
/// instructions, an `&`, a test and an `|` a handful.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BulkCounter<B> {
    counted: u64,
    gathered: B,
}

impl<B: Bits> BulkCounter<B> {
    /// Adds the squares of `targets` as one move each.
    #[inline]
    fn gather(&mut self, targets: B) {
        if (self.gathered & targets).any() {
            self.counted += u64::from(self.gathered.count());
            self.gathered = targets;
        } else {
            self.gathered |= targets;
        }
    }

    /// The number of moves added.
    #[inline]
    pub(crate) fn total(self) -> u64 {
        self.counted + u64::from(self.gathered.count())
    }
}

impl<B: Bits> MoveSink<B> for BulkCounter<B> {
    #[inline]
    fn push(&mut self, _: Move) {
        self.counted += 1;
    }
    #[inline]
    fn push_targets(&mut self, _: Square, targets: B) {
        self.gather(targets);
    }
    #[inline]
    fn push_pawn_targets(&mut self, promotions: &[Role], targets: B, _: i32, promotion_rank: B) {
        let promoting = targets & promotion_rank;
        if promoting.any() {
            self.counted += u64::from(promoting.count()) * promotions.len() as u64;
        }
        self.gather(targets & !promotion_rank);
    }
}

/// Finds whether there is a move at all: satisfied by the first, so the generator stops at the
/// end of the group of moves it is in.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AnyMove {
    found: bool,
}

impl AnyMove {
    /// Whether a move was added.
    #[inline]
    pub(crate) fn found(self) -> bool {
        self.found
    }
}

impl<B: Bits> MoveSink<B> for AnyMove {
    #[inline]
    fn push(&mut self, _: Move) {
        self.found = true;
    }
    #[inline]
    fn satisfied(&self) -> bool {
        self.found
    }
    #[inline]
    fn push_targets(&mut self, _: Square, targets: B) {
        self.found |= targets.any();
    }
    #[inline]
    fn push_pawn_targets(&mut self, _: &[Role], targets: B, _: i32, _: B) {
        self.found |= targets.any();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::XorShift;

    #[test]
    fn bulk_counter_counts_like_move_counter() {
        let mut rng = XorShift(0x2026_0B00_4C4E_5353);
        let mut next = || rng.next();
        let promotions = [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Bomber,
        ];
        let from = Square::from_index(0);
        for round in 0..2_000 {
            let mut simple = MoveCounter::default();
            let mut bulk = BulkCounter::<u128>::default();
            let promotion_rank: u128 = 0x3ff << 90;
            for _ in 0..(round % 24) {
                // Sparse sets, so that many of them are disjoint.
                let a = (u128::from(next() & next() & next()) << 64) | u128::from(next() & next());
                match next() % 4 {
                    0 => {
                        MoveSink::<u128>::push(
                            &mut simple,
                            Move {
                                from,
                                to: from,
                                kind: MoveKind::Normal,
                            },
                        );
                        MoveSink::<u128>::push(
                            &mut bulk,
                            Move {
                                from,
                                to: from,
                                kind: MoveKind::Normal,
                            },
                        );
                    }
                    1 => {
                        simple.push_pawn_targets(&promotions, a, 10, promotion_rank);
                        bulk.push_pawn_targets(&promotions, a, 10, promotion_rank);
                    }
                    _ => {
                        simple.push_targets(from, a);
                        bulk.push_targets(from, a);
                    }
                }
            }
            assert_eq!(bulk.total(), simple.0);
        }
    }
}
