//! How an online game ended, as the record shows it to both players and stores it.

use crate::message::Side;
use boomchess_rules::{Outcome, Reason};
use serde::{Deserialize, Serialize};

/// Why an online game ended: the rules' [`Reason`], as the wire names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// Checkmate.
    Checkmate,
    /// A king was blown up.
    KingDestroyed,
    /// Dead Man's Switch: the blast exposed the capturer's king.
    ExposedKing,
    /// Stalemate.
    Stalemate,
    /// Threefold repetition.
    ThreefoldRepetition,
    /// The fifty-move rule.
    FiftyMoves,
    /// Neither side could win any more.
    InsufficientMaterial,
    /// The loser resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// The loser's clock ran out.
    Timeout,
    /// Called off before both sides had moved (or a first move or commitment never came).
    Aborted,
    /// The loser let the deadline of a statement it owed, or of its final reveal, pass.
    DeadlineMissed,
    /// The loser's statements or openings did not hold when the game was replayed with every
    /// carrier known.
    VerificationFailed,
}

impl Ending {
    /// The ending that stands for a rules reason.
    pub fn of_reason(reason: Reason) -> Ending {
        match reason {
            Reason::Checkmate => Ending::Checkmate,
            Reason::KingDestroyed => Ending::KingDestroyed,
            Reason::ExposedKing => Ending::ExposedKing,
            Reason::Stalemate => Ending::Stalemate,
            Reason::ThreefoldRepetition => Ending::ThreefoldRepetition,
            Reason::FiftyMoves => Ending::FiftyMoves,
            Reason::InsufficientMaterial => Ending::InsufficientMaterial,
            Reason::Resignation => Ending::Resignation,
            Reason::Agreement => Ending::Agreement,
            Reason::Timeout => Ending::Timeout,
            Reason::Aborted => Ending::Aborted,
            Reason::DeadlineMissed => Ending::DeadlineMissed,
            Reason::VerificationFailed => Ending::VerificationFailed,
        }
    }

    /// The rules' reason.
    pub fn reason(self) -> Reason {
        match self {
            Ending::Checkmate => Reason::Checkmate,
            Ending::KingDestroyed => Reason::KingDestroyed,
            Ending::ExposedKing => Reason::ExposedKing,
            Ending::Stalemate => Reason::Stalemate,
            Ending::ThreefoldRepetition => Reason::ThreefoldRepetition,
            Ending::FiftyMoves => Reason::FiftyMoves,
            Ending::InsufficientMaterial => Reason::InsufficientMaterial,
            Ending::Resignation => Reason::Resignation,
            Ending::Agreement => Reason::Agreement,
            Ending::Timeout => Reason::Timeout,
            Ending::Aborted => Reason::Aborted,
            Ending::DeadlineMissed => Reason::DeadlineMissed,
            Ending::VerificationFailed => Reason::VerificationFailed,
        }
    }
}

/// The result of an online game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameResult {
    /// The winner, or none for a draw or an aborted game.
    pub winner: Option<Side>,
    /// Why it ended.
    pub ending: Ending,
    /// For a failed verification: what did not hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl GameResult {
    /// The result of a game the rules decided.
    pub fn of_outcome(outcome: Outcome) -> GameResult {
        GameResult {
            winner: outcome.winner().map(Side::from),
            ending: Ending::of_reason(outcome.reason()),
            detail: None,
        }
    }

    /// `side` won because of `ending`.
    pub fn win(side: Side, ending: Ending) -> GameResult {
        GameResult {
            winner: Some(side),
            ending,
            detail: None,
        }
    }

    /// A draw (or, with [`Ending::Aborted`], no game).
    pub fn draw(ending: Ending) -> GameResult {
        GameResult {
            winner: None,
            ending,
            detail: None,
        }
    }

    /// The result as the rules write it.
    pub fn outcome(&self) -> Outcome {
        let reason = self.ending.reason();
        match self.winner {
            Some(side) => Outcome::Decisive {
                winner: side.color(),
                reason,
            },
            None => Outcome::Draw { reason },
        }
    }

    /// The score as in PGN (`1-0`, `0-1`, `1/2-1/2`), or `*` for an aborted game.
    pub fn score(&self) -> &'static str {
        self.outcome().result()
    }
}
