//! Share links: the page's address can carry a game, `?game=<text>`, so that opening the link
//! restores it (variant, options, mode, the start position and the moves, replayed through the
//! rules crate like a saved game).
//!
//! `<text>` is the game's [`save::Record`] as JSON in base64url (RFC 4648 §5, no padding): only
//! letters, digits, `-` and `_`, so it needs no escaping in an address. It is not obfuscated: a
//! link is public by nature. That is why a Beirut game is shared only when its start position's
//! carriers are no secret any more: once the game is over, when every carrier of both sides has
//! been revealed by its own explosion (a boom, or a capture under Dead Man's Switch), in a diagram
//! (which shows every carrier), or before any carrier is chosen (then the link holds the variant
//! and options only).

use boomchess_rules::{Color, Phase, Variant};

use crate::game::Game;
use crate::save::{self, Record, RecordError};

/// The query parameter of a share link.
pub const PARAM: &str = "game";

const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Bytes as base64url text without padding.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(BASE64URL[(n >> (18 - 6 * i)) as usize & 63]));
        }
    }
    out
}

/// The bytes of base64url text (padding `=` tolerated); `None` for anything else.
pub fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let text = text.trim().trim_end_matches('=').as_bytes();
    if text.len() % 4 == 1 {
        return None;
    }
    let value = |c: u8| BASE64URL.iter().position(|&a| a == c).map(|v| v as u32);
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

/// Whether every carrier of the start position has been revealed by its own explosion: a boom
/// by its side, or (Dead Man's Switch) its capture. A carrier captured quietly or caught in
/// another blast was never shown, so it still counts as secret
/// ([`boomchess_rules::Game::carriers_at_most`] counts the same public explosions).
pub fn carriers_public(game: &Game) -> bool {
    Color::ALL
        .into_iter()
        .all(|c| game.referee().carriers_at_most(c) == 0)
}

/// Why this game may not be shared now (Beirut with secret carriers), if it may not.
pub fn refusal(game: &Game) -> Option<&'static str> {
    let secret = game.variant() == Variant::Beirut
        && !game.is_diagram()
        && !matches!(game.referee().phase(), Phase::Setup(_) | Phase::Over(_))
        && !carriers_public(game);
    secret.then_some(
        "in Beirut the carriers are secret: a game can be shared once it is over or every carrier \
         has exploded",
    )
}

/// The value of `?game=` for this game, or why it cannot be shared yet.
pub fn encode(game: &Game) -> Result<String, String> {
    if let Some(why) = refusal(game) {
        return Err(why.to_owned());
    }
    Ok(base64url(save::to_json(&save::record(game)).as_bytes()))
}

/// The record of a `?game=` value; the error says what is wrong with it.
pub fn decode_record(text: &str) -> Result<Record, String> {
    let bytes = from_base64url(text).ok_or("the link is damaged (not base64url text)")?;
    let json = String::from_utf8(bytes).map_err(|_| "the link is damaged (not UTF-8)")?;
    save::from_json(&json).map_err(|e| match e {
        RecordError::NotJson => "the link is damaged (not JSON)".to_owned(),
        RecordError::Malformed(e) => format!("the link does not describe a game: {e}"),
        RecordError::Version(v) => {
            format!("the link has version {v}, expected {}", save::VERSION)
        }
    })
}

/// The game of a `?game=` value: built and replayed move by move through the referee (a forged
/// link cannot produce an illegal position).
pub fn decode(text: &str) -> Result<Game, String> {
    save::restore(&decode_record(text)?).map(|game| {
        // A shared hot-seat game is opened for the people at this device: no curtain to lift first
        // (its carriers are public, or it has none yet).
        if game.curtain() && !game.carriers_pending() {
            let mut game = game;
            game.lift_curtain();
            game
        } else {
            game
        }
    })
}
