//! Allocation-free move lists.

use crate::moves::Move;
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
