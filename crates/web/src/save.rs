//! The saved game: after every change the game is written to `localStorage` under one key, and
//! restored on the next page load by replaying its moves through the rules crate (a tampered
//! record cannot produce an illegal position).
//!
//! The record is JSON, XORed with a keystream of a fixed-seed generator and written as letters `k`–`z` (two per
//! byte), so
//! the carriers are not in plain text. This is obfuscation, not secrecy: anyone with the
//! developer tools can decode it (the README says so).

use boomchess_rules::{Color, Outcome, Reason};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

use crate::clock::Clock;
use crate::game::Game;
use crate::spec::{Field, Mode, SpecText, API_NAMES, DEFAULT_LEVEL};

/// The `localStorage` key of the saved game.
pub const KEY: &str = "boomchess.save";
/// The version of the record; another version is refused.
pub const VERSION: u32 = 1;

/// What is saved of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Record {
    /// Format version ([`VERSION`]).
    pub v: u32,
    /// Variant name (docs/rules.md).
    pub variant: String,
    /// Option words, comma-separated.
    pub options: String,
    /// `hotseat`, `ai` or `diagram`.
    pub mode: String,
    /// Against the computer: `white` or `black`.
    pub human_side: String,
    /// Against the computer: its level, 1–8.
    pub level: u8,
    /// The referee's start position with its carriers; `None` while carriers are being chosen
    /// (the game restarts its setup).
    pub fen: Option<String>,
    /// The moves played, in coordinate text.
    pub moves: Vec<String>,
    /// How the game ended off the board, if it did: `0-1 resignation`, `1/2-1/2 agreement`,
    /// `1-0 timeout` (the result, then the reason's name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// A game on the clock: its time control (`5+3`) and the milliseconds each side had left
    /// when it was saved (White's first); the clocks wait until the game is played on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<(String, [u32; 2])>,
}

/// The record of a game: its [`Game::spec`] in the record's fields.
pub fn record(game: &Game) -> Record {
    let spec = game.spec();
    let (human, level) = match spec.mode {
        Mode::Computer { human, level } => (human, level),
        _ => (Color::White, DEFAULT_LEVEL),
    };
    Record {
        v: VERSION,
        variant: spec.variant.name().to_owned(),
        options: spec.options.words().join(","),
        mode: spec.mode.name().to_owned(),
        human_side: human.name().to_owned(),
        level,
        moves: if spec.fen.is_some() {
            spec.moves
        } else {
            Vec::new()
        },
        fen: spec.fen,
        end: game
            .ended()
            .map(|o| format!("{} {}", o.result(), o.reason().name())),
        clock: game.clock().map(|c| {
            (
                c.control().text(),
                c.both_left(js_sys::Date::now()).map(|ms| ms.round() as u32),
            )
        }),
    }
}

/// The end off the board a record names (`0-1 resignation`), if it is one.
fn ending(text: &str) -> Option<Outcome> {
    let (result, reason) = text.split_once(' ')?;
    let reason = [Reason::Resignation, Reason::Agreement, Reason::Timeout]
        .into_iter()
        .find(|r| r.name() == reason)?;
    match (result, reason) {
        ("1/2-1/2", Reason::Agreement) => Some(Outcome::Draw { reason }),
        ("1-0", Reason::Resignation | Reason::Timeout) => Some(Outcome::Decisive {
            winner: Color::White,
            reason,
        }),
        ("0-1", Reason::Resignation | Reason::Timeout) => Some(Outcome::Decisive {
            winner: Color::Black,
            reason,
        }),
        _ => None,
    }
}

/// The keystream: xorshift64* from a fixed seed.
fn keystream(len: usize) -> impl Iterator<Item = u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len).map(move |_| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
    })
}

fn xor(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .zip(keystream(bytes.len()))
        .map(|(b, k)| b ^ k)
        .collect()
}

/// The text alphabet: sixteen letters from `k` to `z`, one per half byte. No digit and no
/// letter of a file name (`a`–`j`) ever appears, so the stored text cannot even by chance spell
/// a square name, and no `*`.
const ALPHABET: &[u8; 16] = b"klmnopqrstuvwxyz";

/// Bytes as text of [`ALPHABET`] letters (two per byte).
pub fn armor(bytes: &[u8]) -> String {
    bytes
        .iter()
        .flat_map(|b| [ALPHABET[usize::from(b >> 4)], ALPHABET[usize::from(b & 15)]])
        .map(char::from)
        .collect()
}

/// The bytes of [`armor`]ed text; `None` for anything else.
pub fn unarmor(text: &str) -> Option<Vec<u8>> {
    let text = text.trim().as_bytes();
    if text.len() % 2 != 0 {
        return None;
    }
    let nibble = |c: u8| ALPHABET.iter().position(|&a| a == c).map(|n| n as u8);
    text.chunks(2)
        .map(|pair| Some((nibble(pair[0])? << 4) | nibble(pair[1])?))
        .collect()
}

/// The record as JSON text (stored obfuscated here; in share links as base64url).
pub fn to_json(record: &Record) -> String {
    let value = serde_wasm_bindgen::to_value(record).unwrap_or(JsValue::NULL);
    js_sys::JSON::stringify(&value)
        .map(String::from)
        .unwrap_or_default()
}

/// Why JSON text is not a record of this [`VERSION`] (each reader words it for its source).
#[derive(Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not JSON at all.
    NotJson,
    /// JSON, but not the fields of a record (serde's message).
    Malformed(String),
    /// A record of another version.
    Version(u32),
}

/// The record in JSON text.
pub fn from_json(json: &str) -> Result<Record, RecordError> {
    let value = js_sys::JSON::parse(json).map_err(|_| RecordError::NotJson)?;
    let record: Record =
        serde_wasm_bindgen::from_value(value).map_err(|e| RecordError::Malformed(e.to_string()))?;
    if record.v != VERSION {
        return Err(RecordError::Version(record.v));
    }
    Ok(record)
}

/// The record as stored text.
pub fn encode(record: &Record) -> String {
    armor(&xor(to_json(record).as_bytes()))
}

/// The record from stored text; the error says what is wrong with it.
pub fn decode(text: &str) -> Result<Record, String> {
    let bytes = unarmor(text).ok_or("the saved game is not valid text (letters k to z)")?;
    let json = String::from_utf8(xor(&bytes)).map_err(|_| "the saved game is garbled")?;
    from_json(&json).map_err(|e| match e {
        RecordError::NotJson => "the saved game is not valid JSON".to_owned(),
        RecordError::Malformed(e) => format!("the saved game is malformed: {e}"),
        RecordError::Version(v) => format!("the saved game has version {v}, expected {VERSION}"),
    })
}

/// The game of a record: its spec read as `newGame`'s would be, then every move replayed by
/// the referee.
pub fn restore(record: &Record) -> Result<Game, String> {
    if record.fen.is_none() && !record.moves.is_empty() {
        return Err("the saved game has moves but no start position".to_owned());
    }
    // A side and level are part of the record whatever the mode (they mean something only
    // against the computer), and must be sound in every record.
    if Color::from_name(&record.human_side).is_none() || record.human_side.len() < 5 {
        return Err(format!(
            "the saved game has humanSide {:?} (expected white or black)",
            record.human_side
        ));
    }
    if !(1..=8).contains(&record.level) {
        return Err(format!(
            "the saved game has level {} (expected 1 to 8)",
            record.level
        ));
    }
    let computer = record.mode == "ai";
    let text = SpecText {
        variant: Some(record.variant.clone()),
        options: Some(record.options.clone()),
        fen: record.fen.clone(),
        moves: Some(record.moves.join(" ")),
        mode: Some(record.mode.clone()),
        side: computer.then(|| record.human_side.clone()),
        level: computer.then(|| record.level.to_string()),
        clock: record.clock.as_ref().map(|(control, _)| control.clone()),
    };
    let end = match &record.end {
        None => None,
        Some(text) => Some(ending(text).ok_or_else(|| {
            format!("the saved game has an end {text:?} that is not a resignation, agreement or timeout")
        })?),
    };
    let mut game = text
        .parse()
        .and_then(|spec| spec.build())
        .map_err(|e| match e.field {
            Field::Moves => format!(
                "the saved game has an illegal move ({})",
                e.describe(&API_NAMES)
            ),
            _ => e.describe(&API_NAMES),
        })?;
    if let (Some((_, left)), Some(clock)) = (&record.clock, game.clock()) {
        let control = clock.control();
        game.set_clock(Some(Clock::with_left(control, left.map(f64::from))));
    }
    if let Some(outcome) = end {
        if game.is_over() {
            return Err("the saved game ended on the board and again off it".to_owned());
        }
        game.end(outcome);
    }
    Ok(game)
}

/// The game of stored text.
pub fn load(text: &str) -> Result<Game, String> {
    restore(&decode(text)?)
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Writes the game to `localStorage` (silently does nothing where storage is unavailable).
pub fn store(game: &Game) {
    if let Some(storage) = storage() {
        storage.set_item(KEY, &encode(&record(game))).ok();
    }
}

/// The saved text, if any.
pub fn stored() -> Option<String> {
    storage()?.get_item(KEY).ok().flatten()
}

/// Forgets the saved game.
pub fn discard() {
    if let Some(storage) = storage() {
        storage.remove_item(KEY).ok();
    }
}
