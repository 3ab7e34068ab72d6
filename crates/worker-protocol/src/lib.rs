#![deny(missing_docs)]
//! The messages between a board (the page's module, `boomchess-web`) and the computer's Web
//! Worker (its own module, `boomchess-worker`), defined once for both sides.
//!
//! - page → worker: a [`ComputerTurn`] with the request's number as `id`
//!   (`{id, variant, options, fen, history, level, seed, enemyCarriers}`), written by
//!   [`request`] and read by [`read_request`];
//! - worker → page: a [`Reply`], `{id, move, nodes, depth, ms, score, mate, pv}` or
//!   `{id, error}`, written and read with [`to_js`] and [`Reply::from_js`]; the page keeps what
//!   the computer found as a [`Thought`].
//!
//! Everything here is plain data: the page links this crate without the engine, which only the
//! worker's module holds.

use boomchess_rules::{Color, Options, Variant};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

/// What the computer is asked to decide: everything comes from its own view of the game (never
/// the referee's position), so in Beirut it knows its own carriers only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ComputerTurn {
    /// The game.
    #[serde(with = "variant_name")]
    pub variant: Variant,
    /// Its options.
    #[serde(with = "options_fields")]
    pub options: Options,
    /// The position as the computer sees it.
    pub fen: String,
    /// The earlier positions of the game, as the computer sees them.
    pub history: Vec<String>,
    /// Its level, 1–8.
    pub level: u8,
    /// Seed of its choices: the game's secret random number mixed with the number of moves
    /// played so far.
    pub seed: u64,
    /// At most how many carriers the human still has, as far as anybody has seen (Beirut;
    /// `boomchess_rules::Game::carriers_at_most`).
    pub enemy_carriers: u8,
}

/// A variant travels as its name.
mod variant_name {
    use boomchess_rules::Variant;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(variant: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(variant.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(d)?;
        Variant::from_name(&name).map_err(serde::de::Error::custom)
    }
}

/// Options travel as their fields.
mod options_fields {
    use boomchess_rules::Options;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Fields {
        carriers: u8,
        dead_mans_switch: bool,
        immediate_landing: bool,
        super_knights: bool,
    }

    pub fn serialize<S: Serializer>(o: &Options, s: S) -> Result<S::Ok, S::Error> {
        Fields {
            carriers: o.carriers,
            dead_mans_switch: o.dead_mans_switch,
            immediate_landing: o.immediate_landing,
            super_knights: o.super_knights,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Options, D::Error> {
        let f = Fields::deserialize(d)?;
        Ok(Options {
            carriers: f.carriers,
            dead_mans_switch: f.dead_mans_switch,
            immediate_landing: f.immediate_landing,
            super_knights: f.super_knights,
        })
    }
}

/// Plain JavaScript objects (not `Map`s) for the messages.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsValue::from(js_sys::Error::new(&e.to_string())))
}

/// A request as it travels to the worker: the turn's fields, and the request's number as `id`.
pub fn request(id: u32, turn: &ComputerTurn) -> Result<JsValue, JsValue> {
    let message = to_js(turn)?;
    js_sys::Reflect::set(&message, &"id".into(), &JsValue::from(id))?;
    Ok(message)
}

/// The worker's reading of a request: its number (0 if it has none) and the turn, or why the
/// turn cannot be read (with the number, so that the failure answers the request).
pub fn read_request(message: JsValue) -> Result<(u32, ComputerTurn), (u32, String)> {
    let id = js_sys::Reflect::get(&message, &"id".into())
        .ok()
        .and_then(|id| id.as_f64())
        .unwrap_or(0.0) as u32;
    serde_wasm_bindgen::from_value(message)
        .map(|turn| (id, turn))
        .map_err(|e| (id, format!("a bad request: {e}")))
}

/// A reply as it travels back from the worker: the move and what the search found, or an error.
/// The worker's script adds `ms`, the time the call took in the worker.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    /// The number of the request it answers; 0 for a failure of the worker itself (its script
    /// did not load), which answers whatever is in flight.
    pub id: u32,
    /// The move in coordinate text.
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    pub uci: Option<String>,
    /// Search nodes.
    #[serde(default)]
    pub nodes: f64,
    /// Depth reached.
    #[serde(default)]
    pub depth: f64,
    /// Milliseconds in the worker.
    #[serde(default)]
    pub ms: f64,
    /// The score in centipawns for the side to move.
    #[serde(default)]
    pub score: i32,
    /// Moves to mate (positive: the side to move mates), if the search found one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// The expected line in coordinate text, starting with the move.
    #[serde(default)]
    pub pv: Vec<String>,
    /// Why there is no move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Reply {
    /// The failure of request `id`.
    pub fn failure(id: u32, error: impl Into<String>) -> Reply {
        Reply {
            id,
            error: Some(error.into()),
            ..Reply::default()
        }
    }

    /// Reads a message of the worker; `None` if it is not a reply.
    pub fn from_js(message: &JsValue) -> Option<Reply> {
        serde_wasm_bindgen::from_value(message.clone()).ok()
    }

    /// What it says: the move and what the computer found, or why there is none.
    pub fn answer(self) -> Result<(String, Thought), String> {
        match (self.uci, self.error) {
            (Some(uci), _) => Ok((
                uci,
                Thought {
                    ms: self.ms,
                    nodes: self.nodes,
                    depth: self.depth,
                    score: self.score,
                    mate: self.mate,
                    pv: self.pv,
                },
            )),
            (None, error) => Err(error.unwrap_or_else(|| "the computer failed".into())),
        }
    }
}

/// What the computer found: milliseconds in the worker, nodes, depth, and for an analysis the
/// score and the line.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// Time in the worker.
    pub ms: f64,
    /// Nodes searched.
    pub nodes: f64,
    /// Depth reached.
    pub depth: f64,
    /// The score in centipawns for the side to move.
    pub score: i32,
    /// Moves to mate (positive: the side to move mates), if found.
    pub mate: Option<i32>,
    /// The expected line in coordinate text.
    pub pv: Vec<String>,
}

impl Thought {
    /// The score and the mate from White's side, for a search of a position with `turn` to
    /// move (the engine scores for the side to move).
    pub fn for_white(&self, turn: Color) -> (i32, Option<i32>) {
        let sign = if turn == Color::White { 1 } else { -1 };
        (self.score * sign, self.mate.map(|n| n * sign))
    }
}
