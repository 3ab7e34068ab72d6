//! Beirut carrier commitments: how a player binds itself to its secret carriers without showing
//! them.
//!
//! Before play, each player commits to **every one of its men** except the king: for the man that
//! started on square `s`, the commitment is
//!
//! ```text
//! SHA-256( "boomchess carrier commitment v1" (31 bytes, ASCII)
//!        ‖ game id (16 bytes)
//!        ‖ colour (1 byte: 0 White, 1 Black)
//!        ‖ starting square (1 byte: file + 8 × rank, a1 = 0, h8 = 63)
//!        ‖ carrier (1 byte: 1 a carrier, 0 not)
//!        ‖ salt (16 random bytes) )
//! ```
//!
//! The commitments go to the server and the opponent labelled by starting square, so their
//! order says nothing; the openings (carrier bit and salt) stay on the player's device until the
//! rules make the man public: its boom, its capture under Dead Man's Switch, or the end of the
//! game. The game id and colour inside the hash keep a commitment from being replayed in another
//! game or for the other side.

use crate::ids::{from_hex, to_hex, GameId, Salt};
use boomchess_rules::{Color, Square};
use core::fmt;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

/// The domain tag that starts every committed byte string.
pub const DOMAIN: &[u8; 31] = b"boomchess carrier commitment v1";

/// A SHA-256 commitment to one man's carrier bit.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Commitment(pub [u8; 32]);

impl fmt::Debug for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Commitment({})", to_hex(&self.0))
    }
}

impl Serialize for Commitment {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&to_hex(&self.0))
    }
}

impl<'de> Deserialize<'de> for Commitment {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        from_hex(&text)
            .map(Commitment)
            .ok_or_else(|| serde::de::Error::custom("a commitment is 64 hexadecimal digits"))
    }
}

/// What opens one commitment: the man (by its starting square), whether it carries a bomb, and
/// the salt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The square the man started on (on the 8×8 board).
    pub origin: Square,
    /// Whether the man carries a bomb.
    pub carrier: bool,
    /// The commitment's salt.
    pub salt: Salt,
}

impl Opening {
    /// The commitment this opening opens, for `color`'s man in game `game`.
    pub fn commitment(&self, game: GameId, color: Color) -> Commitment {
        let mut hash = Sha256::new();
        hash.update(DOMAIN);
        hash.update(game.0);
        hash.update([
            color.index() as u8,
            self.origin.index(),
            u8::from(self.carrier),
        ]);
        hash.update(self.salt.0);
        Commitment(hash.finalize().into())
    }

    /// Whether this opening opens `commitment`.
    pub fn opens(&self, commitment: Commitment, game: GameId, color: Color) -> bool {
        self.commitment(game, color) == commitment
    }
}

/// The starting squares of `color`'s men but the king in the Beirut start position: the labels
/// of its commitments, in the order of the squares.
pub fn committed_men(color: Color) -> Vec<Square> {
    let start = boomchess_rules::VariantPosition::new(
        boomchess_rules::Variant::Beirut,
        boomchess_rules::Options::default(),
    );
    (0..64u8)
        .map(Square::from_index)
        .filter(|&sq| {
            start
                .piece_at(sq)
                .is_some_and(|p| p.color == color && p.role != boomchess_rules::Role::King)
        })
        .collect()
}

/// The openings of every man of `color` but the king in the Beirut start position, the men that
/// start on `carriers` carrying bombs, each with the next salt `salt` gives.
pub fn openings_of(
    color: Color,
    carriers: &[Square],
    mut salt: impl FnMut() -> Salt,
) -> Vec<Opening> {
    committed_men(color)
        .into_iter()
        .map(|origin| Opening {
            origin,
            carrier: carriers.contains(&origin),
            salt: salt(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout, checked against an independent SHA-256 of the bytes written out by hand
    /// (computed with Python's `hashlib.sha256`, see the test's bytes).
    #[test]
    fn the_committed_bytes_are_the_documented_layout() {
        let game = GameId([0x11; 16]);
        let opening = Opening {
            origin: Square::from_index(6), // g1
            carrier: true,
            salt: Salt([0x22; 16]),
        };
        let mut bytes = DOMAIN.to_vec();
        bytes.extend([0x11; 16]);
        bytes.extend([0, 6, 1]);
        bytes.extend([0x22; 16]);
        assert_eq!(bytes.len(), 66);
        let expected: [u8; 32] = Sha256::digest(&bytes).into();
        assert_eq!(opening.commitment(game, Color::White).0, expected);
        // python3 -c "import hashlib; print(hashlib.sha256(b'boomchess carrier commitment v1'
        //   + b'\x11'*16 + bytes([0,6,1]) + b'\x22'*16).hexdigest())"
        assert_eq!(
            to_hex(&expected),
            "abb83b31903b9bebd2b2d9f9fa94e759d560b05a1c67abb064cf05b2bba86783"
        );
    }

    #[test]
    fn the_openings_are_one_for_each_man_but_the_king() {
        let g1 = Square::from_index(6);
        let white = openings_of(Color::White, &[g1], || Salt([0; 16]));
        assert_eq!(white.len(), 15);
        assert!(white
            .iter()
            .all(|o| o.origin.index() < 16 && o.origin.index() != 4));
        assert_eq!(
            white
                .iter()
                .filter(|o| o.carrier)
                .map(|o| o.origin)
                .collect::<Vec<_>>(),
            [g1]
        );
        let black = openings_of(Color::Black, &[], || Salt([0; 16]));
        assert!(black
            .iter()
            .all(|o| o.origin.index() >= 48 && o.origin.index() != 60));
    }

    #[test]
    fn every_field_changes_the_commitment() {
        let game = GameId([1; 16]);
        let base = Opening {
            origin: Square::from_index(9),
            carrier: false,
            salt: Salt([3; 16]),
        };
        let commitment = base.commitment(game, Color::Black);
        assert!(base.opens(commitment, game, Color::Black));
        assert!(!base.opens(commitment, GameId([2; 16]), Color::Black));
        assert!(!base.opens(commitment, game, Color::White));
        for other in [
            Opening {
                carrier: true,
                ..base
            },
            Opening {
                origin: Square::from_index(10),
                ..base
            },
            Opening {
                salt: Salt([4; 16]),
                ..base
            },
        ] {
            assert!(!other.opens(commitment, game, Color::Black), "{other:?}");
        }
    }
}
