//! The random names of online play: a game's id, a seat's token, a commitment's salt. Each is
//! 128 random bits written as 32 lowercase hexadecimal digits, so they can travel in JSON, URLs
//! and `localStorage` as they are. Randomness comes from the caller (the server's operating
//! system, the browser's `crypto.getRandomValues`): this crate only names and checks.

use core::fmt;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value that is not 32 hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexError {
    /// What the value was meant to be (`game id`, `seat token`, `salt`).
    pub what: &'static str,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a {} is 32 hexadecimal digits", self.what)
    }
}

impl std::error::Error for HexError {}

/// Writes `bytes` as lowercase hexadecimal digits.
pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(DIGITS[usize::from(byte >> 4)] as char);
        text.push(DIGITS[usize::from(byte & 15)] as char);
    }
    text
}

/// Reads exactly `N` bytes of hexadecimal digits (either case).
pub fn from_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N {
        return None;
    }
    let mut bytes = [0; N];
    for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
        let high = (pair[0] as char).to_digit(16)?;
        let low = (pair[1] as char).to_digit(16)?;
        *byte = (high * 16 + low) as u8;
    }
    Some(bytes)
}

macro_rules! random_name {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub [u8; 16]);

        impl $name {
            /// What this name is called in error messages.
            pub const WHAT: &'static str = $what;

            /// Reads the 32 hexadecimal digits.
            pub fn parse(text: &str) -> Result<$name, HexError> {
                from_hex(text).map($name).ok_or(HexError { what: $what })
            }

            /// The 32 hexadecimal digits.
            pub fn hex(&self) -> String {
                to_hex(&self.0)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.hex())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.hex())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                $name::parse(&text).map_err(serde::de::Error::custom)
            }
        }
    };
}

random_name!(
    /// A game's id: in the invite link, in every message about the game, and inside every
    /// carrier commitment (so a commitment of one game means nothing in another).
    GameId,
    "game id"
);

random_name!(
    /// The secret that holds a seat: given to the player who takes it, kept in that browser,
    /// shown by nobody else. The server stores only its hash.
    SeatToken,
    "seat token"
);

random_name!(
    /// The fresh random salt of one carrier commitment: without it, the 15 possible openings of a
    /// commitment could be tried one by one.
    Salt,
    "salt"
);

impl fmt::Debug for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameId({self})")
    }
}

impl fmt::Debug for Salt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Salt({self})")
    }
}

/// A token's debug text never shows the token: it may end up in a log.
impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_rejects_what_is_not_32_digits() {
        let id = GameId([
            0, 1, 2, 0xab, 0xcd, 0xef, 0x10, 0x99, 7, 8, 9, 10, 11, 12, 13, 0xff,
        ]);
        assert_eq!(id.hex(), "000102abcdef10990708090a0b0c0dff");
        assert_eq!(GameId::parse(&id.hex()), Ok(id));
        assert_eq!(GameId::parse("000102ABCDEF10990708090A0B0C0DFF"), Ok(id));
        for bad in [
            "",
            "00",
            "000102abcdef10990708090a0b0c0dfz",
            "000102abcdef10990708090a0b0c0dff0",
        ] {
            assert_eq!(GameId::parse(bad), Err(HexError { what: "game id" }));
        }
        assert!(format!("{:?}", SeatToken([7; 16])).contains('…'));
        assert!(!format!("{:?}", SeatToken([7; 16])).contains("0707"));
    }
}
