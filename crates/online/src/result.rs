//! How an online game ended, as the record shows it to both players and stores it.

use crate::message::Side;
use boomchess_rules::{Outcome, Reason};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The result of an online game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameResult {
    /// The winner, or none for a draw or an aborted game.
    pub winner: Option<Side>,
    /// Why it ended, by the rules' name (`checkmate`, `verification-failed`, …).
    #[serde(serialize_with = "reason_name", deserialize_with = "reason_of_name")]
    pub reason: Reason,
    /// For a failed verification: what did not hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

fn reason_name<S: Serializer>(reason: &Reason, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(reason.name())
}

fn reason_of_name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Reason, D::Error> {
    let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
    Reason::from_name(&name)
        .ok_or_else(|| serde::de::Error::custom(format!("no ending is called {name:?}")))
}

impl GameResult {
    /// The result of a game the rules decided.
    pub fn of_outcome(outcome: Outcome) -> GameResult {
        GameResult {
            winner: outcome.winner().map(Side::from),
            reason: outcome.reason(),
            detail: None,
        }
    }

    /// `side` won because of `reason`.
    pub fn win(side: Side, reason: Reason) -> GameResult {
        GameResult {
            winner: Some(side),
            reason,
            detail: None,
        }
    }

    /// A draw (or, with [`Reason::Aborted`], no game).
    pub fn draw(reason: Reason) -> GameResult {
        GameResult {
            winner: None,
            reason,
            detail: None,
        }
    }

    /// The result as the rules write it.
    pub fn outcome(&self) -> Outcome {
        match self.winner {
            Some(side) => Outcome::Decisive {
                winner: side.color(),
                reason: self.reason,
            },
            None => Outcome::Draw {
                reason: self.reason,
            },
        }
    }

    /// The score as in PGN (`1-0`, `0-1`, `1/2-1/2`), or `*` for an aborted game.
    pub fn score(&self) -> &'static str {
        self.outcome().result()
    }
}
