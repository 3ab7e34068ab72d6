//! Men followed by identity (Beirut, docs/rules.md §1.12): for every piece
//! on the board, the square it stood on when the game started, and whether
//! it is a promoted pawn. Bomb carriers are fixed to men, so two positions
//! with the same men on the same squares have the same carriers: counting
//! repetitions this way needs no secret, and the public game
//! ([`PublicGame`](crate::PublicGame)) names men by their start square.

use crate::bits::Bits;
use crate::geometry::Board8;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::square::Square;

/// The bit that marks a promoted pawn in an entry.
const PROMOTED: u8 = 0x80;

/// Who stands on each square of the 8×8 board. An entry is 0 for an empty
/// square, else 1 + the index of the man's start square, with [`PROMOTED`]
/// added once it has promoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Identities([u8; 64]);

impl Identities {
    /// Every piece of `start` is its own origin; none has promoted (a
    /// position text cannot say so).
    pub(crate) fn new(start: &Position<Board8>) -> Identities {
        let mut men = [0; 64];
        for sq in start.occupied().squares() {
            men[sq.usize()] = sq.index() + 1;
        }
        Identities(men)
    }

    fn entry(&self, sq: Square) -> u8 {
        self.0.get(sq.usize()).copied().unwrap_or(0)
    }

    /// The start square of the piece on `sq`.
    pub(crate) fn origin_at(&self, sq: Square) -> Option<Square> {
        match self.entry(sq) {
            0 => None,
            e => Some(Square::from_index((e & !PROMOTED) - 1)),
        }
    }

    /// Whether the piece on `sq` is a promoted pawn.
    pub(crate) fn promoted_at(&self, sq: Square) -> bool {
        self.entry(sq) & PROMOTED != 0
    }

    /// The squares of promoted pawns.
    pub(crate) fn promoted(&self) -> u64 {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, &e)| e & PROMOTED != 0)
            .fold(0, |acc, (i, _)| acc | 1 << i)
    }

    /// Where the piece that started on `origin` stands now.
    pub(crate) fn square_of(&self, origin: Square) -> Option<Square> {
        self.0
            .iter()
            .position(|&e| e != 0 && (e & !PROMOTED) - 1 == origin.index())
            .map(|i| Square::from_index(i as u8))
    }

    /// The identities after the legal move `m` took `before` to `after`: the
    /// moving piece keeps its identity (a castling rook too; a promoted pawn
    /// is marked), and whatever `after` no longer has on a square — captured,
    /// taken en passant, blown up — is gone.
    pub(crate) fn after(
        &self,
        before: &Position<Board8>,
        m: Move,
        after: &Position<Board8>,
    ) -> Identities {
        let mut men = self.0;
        let (from, to) = (m.from.usize(), m.to.usize());
        match m.kind {
            MoveKind::Boom | MoveKind::Launch => {}
            MoveKind::Castle => {
                let (rook_from, rook_to) = before.castling_rook(m);
                let (king, rook) = (men[from], men[rook_from.usize()]);
                men[from] = 0;
                men[rook_from.usize()] = 0;
                men[to] = king;
                men[rook_to.usize()] = rook;
            }
            MoveKind::EnPassant => {
                if let Some(victim) = before.ep_victim() {
                    men[victim.usize()] = 0;
                }
                men[to] = men[from];
                men[from] = 0;
            }
            MoveKind::Normal => {
                men[to] = men[from];
                men[from] = 0;
            }
            MoveKind::Promotion(_) => {
                men[to] = men[from] | PROMOTED;
                men[from] = 0;
            }
        }
        let occupied = after.occupied();
        for (i, entry) in men.iter_mut().enumerate() {
            if occupied & (1 << i) == 0 {
                *entry = 0;
            }
        }
        debug_assert!(
            occupied.squares().all(|sq| men[sq.usize()] != 0),
            "every piece keeps an identity"
        );
        Identities(men)
    }
}
