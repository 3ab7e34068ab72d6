//! Coordinate move text (docs/rules.md §5): `e2e4`, `e7e8q`, `f1i1`, `@e5`, `d2@f7`.

use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::position::Position;
use crate::square::Square;
use core::fmt;

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in the expected notation.
    Malformed {
        /// The text given.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// Well-formed, but not a legal move in this position.
    Illegal {
        /// The text given.
        text: String,
        /// Why, when a specific reason is known.
        why: &'static str,
    },
    /// A SAN text that fits more than one legal move.
    Ambiguous(String),
    /// `Boom!` alone, where no single carrier may boom: why not.
    NoSingleBoom(&'static str),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text, expected } => {
                write!(f, "malformed move '{text}': expected {expected}")
            }
            MoveError::Illegal { text, why: "" } => {
                write!(f, "illegal move '{text}' in this position")
            }
            MoveError::Illegal { text, why } => write!(f, "illegal move '{text}': {why}"),
            MoveError::Ambiguous(text) => {
                write!(f, "ambiguous move '{text}': name the piece's file or rank")
            }
            MoveError::NoSingleBoom(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for MoveError {}

pub(crate) const COORDINATE_FORMS: &str =
    "coordinates such as e2e4, e7e8q, @e5 (boom) or d2@f7 (launch)";

/// The coordinate text of `m` on board `G`.
pub fn move_to_uci<G: Geometry>(m: Move) -> String {
    let from = G::square_name(m.from);
    let to = G::square_name(m.to);
    match m.kind {
        MoveKind::Boom => format!("@{from}"),
        MoveKind::Launch => format!("{from}@{to}"),
        MoveKind::Promotion(role) => format!("{from}{to}{}", role.lower_char()),
        MoveKind::Normal | MoveKind::EnPassant | MoveKind::Castle => format!("{from}{to}"),
    }
}

/// Splits a leading square name (`e4`, `j10`) off `text`.
fn take_square<G: Geometry>(text: &str) -> Option<(Square, &str)> {
    let bytes = text.as_bytes();
    if bytes.is_empty() || !bytes[0].is_ascii_lowercase() {
        return None;
    }
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    // Try the longest rank number first (`e10`), then a shorter one, so
    // that `a1a10` and `a10a1` both split correctly.
    for len in (1..=digits.min(2)).rev() {
        if let Some(sq) = G::parse_square(&text[..1 + len]) {
            return Some((sq, &text[1 + len..]));
        }
    }
    None
}

/// What a coordinate text says, before checking it against the position.
enum Parsed {
    Boom(Square),
    Launch(Square, Square),
    Step(Square, Square, Option<Role>),
}

fn parse_coordinates<G: Geometry>(text: &str) -> Option<Parsed> {
    if !text.is_ascii() {
        return None;
    }
    if let Some(rest) = text.strip_prefix('@') {
        let (sq, tail) = take_square::<G>(rest)?;
        return tail.is_empty().then_some(Parsed::Boom(sq));
    }
    let (from, rest) = take_square::<G>(text)?;
    if let Some(rest) = rest.strip_prefix('@') {
        let (to, tail) = take_square::<G>(rest)?;
        return tail.is_empty().then_some(Parsed::Launch(from, to));
    }
    let (to, tail) = take_square::<G>(rest)?;
    let promotion = match tail {
        "" => None,
        t if t.len() == 1 => {
            let c = t.chars().next()?;
            if !c.is_ascii_lowercase() {
                return None;
            }
            Some(Role::from_char(c).filter(|r| !matches!(r, Role::King | Role::Pawn))?)
        }
        _ => return None,
    };
    Some(Parsed::Step(from, to, promotion))
}

impl<G: Geometry> Position<G> {
    /// The coordinate text of `m`.
    pub fn move_to_uci(&self, m: Move) -> String {
        move_to_uci::<G>(m)
    }

    /// Finds the legal move written as coordinate text.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let parsed = parse_coordinates::<G>(text).ok_or_else(|| MoveError::Malformed {
            text: text.to_string(),
            expected: COORDINATE_FORMS,
        })?;
        let mut moves = G::MoveList::default();
        self.legal_moves(&mut moves);
        let found = moves.iter().copied().find(|m| match parsed {
            Parsed::Boom(sq) => m.kind == MoveKind::Boom && m.from == sq,
            Parsed::Launch(from, to) => m.kind == MoveKind::Launch && m.from == from && m.to == to,
            Parsed::Step(from, to, promotion) => {
                !m.is_explosion() && m.from == from && m.to == to && m.promotion() == promotion
            }
        });
        found.ok_or_else(|| {
            let why = match parsed {
                Parsed::Step(from, to, None)
                    if moves
                        .iter()
                        .any(|m| m.from == from && m.to == to && m.promotion().is_some()) =>
                {
                    "a promotion needs the new piece's letter, e.g. e7e8q"
                }
                _ if self.outcome().is_some() => "the game is over",
                _ => "",
            };
            MoveError::Illegal {
                text: text.to_string(),
                why,
            }
        })
    }
}
