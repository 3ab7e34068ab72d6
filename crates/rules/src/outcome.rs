//! How a game ends.

use crate::piece::Color;
use core::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move (booms included).
    Checkmate,
    /// A king was destroyed by an explosion (or, under Dead Man's Switch,
    /// a king died in the blast of a captured carrier).
    KingDestroyed,
    /// Dead Man's Switch: the blast of a captured carrier exposed the
    /// capturer's own king to check.
    ExposedKing,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The same position occurred for the third time.
    ThreefoldRepetition,
    /// Fifty moves by each side without capture, explosion or pawn move.
    FiftyMoves,
    /// Neither side can win any more.
    InsufficientMaterial,
    /// The loser resigned (an event of the game, not of the board).
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// The loser's clock ran out.
    Timeout,
    /// Online play: the game was called off before both sides had moved; it counts for
    /// nobody (its PGN result is `*`).
    Aborted,
    /// Online play: the loser let the deadline of something it owed pass (a statement about
    /// its carriers, its final reveal).
    DeadlineMissed,
    /// Online play (Beirut): replayed with every carrier known, one of the loser's statements or
    /// openings did not hold (see `PublicGame::audit`).
    VerificationFailed,
}

impl Reason {
    /// Every reason, in the order of the enum.
    pub const ALL: [Reason; 13] = [
        Reason::Checkmate,
        Reason::KingDestroyed,
        Reason::ExposedKing,
        Reason::Stalemate,
        Reason::ThreefoldRepetition,
        Reason::FiftyMoves,
        Reason::InsufficientMaterial,
        Reason::Resignation,
        Reason::Agreement,
        Reason::Timeout,
        Reason::Aborted,
        Reason::DeadlineMissed,
        Reason::VerificationFailed,
    ];

    /// The reason with this [`name`](Reason::name).
    pub fn from_name(name: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.name() == name)
    }

    /// A short machine-friendly name (`checkmate`, `king-destroyed`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::KingDestroyed => "king-destroyed",
            Reason::ExposedKing => "exposed-king",
            Reason::Stalemate => "stalemate",
            Reason::ThreefoldRepetition => "threefold-repetition",
            Reason::FiftyMoves => "fifty-moves",
            Reason::InsufficientMaterial => "insufficient-material",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::Timeout => "timeout",
            Reason::Aborted => "aborted",
            Reason::DeadlineMissed => "deadline-missed",
            Reason::VerificationFailed => "verification-failed",
        }
    }
    /// A sentence for people.
    pub const fn describe(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::KingDestroyed => "a king was blown up",
            Reason::ExposedKing => "the blast of a captured bomb left the capturer's king in check",
            Reason::Stalemate => "stalemate",
            Reason::ThreefoldRepetition => "threefold repetition",
            Reason::FiftyMoves => "fifty moves without capture, explosion or pawn move",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Resignation => "the other side resigned",
            Reason::Agreement => "agreed by the players",
            Reason::Timeout => "the other side's time ran out",
            Reason::Aborted => "the game was aborted",
            Reason::DeadlineMissed => "the other side did not answer in time",
            Reason::VerificationFailed => "verification failed",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// How.
        reason: Reason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: Reason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
    /// Why the game ended.
    pub fn reason(self) -> Reason {
        match self {
            Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
    /// The result as in PGN: `1-0`, `0-1` or `1/2-1/2` (`*` for an aborted game).
    pub fn result(self) -> &'static str {
        match (self.winner(), self.reason()) {
            (_, Reason::Aborted) => "*",
            (Some(Color::White), _) => "1-0",
            (Some(Color::Black), _) => "0-1",
            (None, _) => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.reason().describe())
    }
}

#[cfg(test)]
mod tests {
    use super::Reason;

    #[test]
    fn every_reason_has_its_own_name() {
        for reason in Reason::ALL {
            assert_eq!(Reason::from_name(reason.name()), Some(reason));
        }
        assert_eq!(Reason::from_name("forfeit"), None);
    }
}
