//! Moves.

use crate::piece::Role;
use crate::square::Square;

/// What kind of move a [`Move`] is; the board supplies the rest (what is
/// captured, which piece moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move of a piece from one square to another, with or without
    /// capture (including pawn steps and every bomber move).
    Normal,
    /// A pawn capturing en passant.
    EnPassant,
    /// A pawn reaching its promotion rank, becoming this role.
    Promotion(Role),
    /// Castling, written as the king's move; the rook follows.
    Castle,
    /// Beirut: the carrier on `from` explodes (`from == to`).
    Boom,
    /// Stratomic: the missile on `from` is launched at `to`.
    Launch,
}

/// A move, identified by its squares and kind. A `Move` belongs to the
/// position it was generated in (its squares are indices on that board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving (or exploding, or launched) piece stands.
    pub from: Square,
    /// Where it goes; the blast centre of a launch; `from` for a boom.
    pub to: Square,
    /// What kind of move this is.
    pub kind: MoveKind,
}

impl Move {
    /// Whether this move is an explosion (boom or launch).
    pub fn is_explosion(self) -> bool {
        matches!(self.kind, MoveKind::Boom | MoveKind::Launch)
    }
    /// The promotion role, if any.
    pub fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
}
