#![deny(missing_docs)]
//! The computer opponent in the browser: the WebAssembly module of its Web Worker, the only one
//! that holds the engine (`boomchess_ai`'s search, evaluation, transposition table and Beirut
//! hypotheses). The page's module (`boomchess-web`) never searches, so it leaves all that out.
//!
//! The page starts the worker from a Blob URL whose script imports this module's wasm-bindgen
//! glue by its absolute address (beside the page's own glue, so it works from another origin
//! too), initialises it, and calls [`computer_move`] (`computerMove`) for every request. The
//! messages are those of `boomchess_worker_protocol`: a `ComputerTurn` with its `id` in, a
//! `Reply` out.
//!
//! The worker is started when a board first needs the computer (its move, or an analysis), so a
//! board that never does downloads none of this.

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;

use boomchess_ai::{Engine, Settings};
use boomchess_rules::VariantPosition;
use boomchess_worker_protocol::{read_request, to_js, ComputerTurn, Reply};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

thread_local! {
    /// The worker's engine: its transposition table is kept between moves.
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(16));
}

/// Milliseconds from the global `performance.now()` (worker or page), else `Date.now()`.
fn now_ms() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| {
            let now = js_sys::Reflect::get(&p, &"now".into()).ok()?;
            let f = now.dyn_into::<js_sys::Function>().ok()?;
            f.call0(&p).ok()?.as_f64()
        })
        .unwrap_or_else(js_sys::Date::now)
}

/// What the computer decided.
pub struct Decision {
    /// Coordinate text of the move.
    pub uci: String,
    /// Search nodes.
    pub nodes: u64,
    /// Depth reached.
    pub depth: u32,
    /// Its score in centipawns for the side to move.
    pub score: i32,
    /// Moves to mate (positive: the side to move mates), if the search found one.
    pub mate: Option<i32>,
    /// The expected line, in coordinate text, starting with the move.
    pub pv: Vec<String>,
}

/// Decides the computer's move from its own view of the game (what [`computer_move`] does for
/// each request; also callable directly, as the web crate's tests do).
pub fn decide(turn: &ComputerTurn) -> Result<Decision, String> {
    let (variant, options) = (turn.variant, turn.options);
    let view = VariantPosition::from_fen(variant, options, &turn.fen).map_err(|e| e.to_string())?;
    let history: Vec<VariantPosition> = turn
        .history
        .iter()
        .filter_map(|f| VariantPosition::from_fen(variant, options, f).ok())
        .collect();
    let mut settings = Settings::for_level(turn.level, turn.seed);
    // The enemy's carriers it must still fear: no more than the game has left them in public.
    settings.enemy_carriers = Some(turn.enemy_carriers);
    let stop = AtomicBool::new(false);
    let thought = ENGINE.with_borrow_mut(|e| e.think(&view, &history, &settings, &stop, &now_ms));
    let best = thought.best.ok_or("the computer has no move")?;
    let mut line = view;
    let pv = thought
        .pv
        .iter()
        .map_while(|&m| {
            let text = line.move_to_uci(m);
            line.play(m).ok().map(|()| text)
        })
        .collect();
    Ok(Decision {
        uci: view.move_to_uci(best),
        nodes: thought.nodes,
        depth: thought.depth,
        score: thought.score,
        mate: thought.mate_in(),
        pv,
    })
}

/// The worker's entry: a request (a `ComputerTurn` with its `id`) in, its `Reply` out (the move
/// and what the search found, or `{id, error}`).
#[wasm_bindgen(js_name = computerMove)]
pub fn computer_move(request: JsValue) -> Result<JsValue, JsValue> {
    console_error_panic_hook::set_once();
    let reply = match read_request(request) {
        Ok((id, turn)) => match decide(&turn) {
            Ok(d) => Reply {
                id,
                uci: Some(d.uci),
                nodes: d.nodes as f64,
                depth: f64::from(d.depth),
                score: d.score,
                mate: d.mate,
                pv: d.pv,
                ..Reply::default()
            },
            Err(error) => Reply::failure(id, error),
        },
        Err((id, error)) => Reply::failure(id, error),
    };
    to_js(&reply)
}
