//! Move-tree counting (docs/rules.md §6), the standard test of a move generator.

use crate::geometry::Geometry;
use crate::position::Position;

/// Counts the leaves of the legal move tree of `depth` plies. Draw rules
/// are ignored; finished positions have no moves.
pub fn perft<G: Geometry>(pos: &Position<G>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves();
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// [`perft`] split by first move: `(coordinate text, count)` per legal move.
pub fn divide<G: Geometry>(pos: &Position<G>, depth: u32) -> Vec<(String, u64)> {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            let count = if depth <= 1 {
                1
            } else {
                perft(&child, depth - 1)
            };
            (pos.move_to_uci(m), count)
        })
        .collect()
}
