//! The computer opponent: its search (`boomchess_ai`) runs in a Web Worker so the page never
//! freezes. One wasm module serves both: the worker is an ES-module worker built from a Blob URL
//! that imports this same wasm-bindgen glue by its absolute URL (`import.meta.url`) and
//! initialises it with the module the page already compiled (`wasm_bindgen::module()`, no second
//! download). The page sends the computer's own view (never the referee's position) and the
//! worker answers with the move's coordinate text.
//!
//! Protocol: page → worker `{module}` once, then a [`ComputerTurn`] with the request's `id`
//! (`{id, variant, options, fen, history, level, seed, enemyCarriers}`); worker → page
//! `{id, move, nodes, depth, ms}` or `{id, error}`.
//!
//! [`ComputerClient`] is the page's side: it owns the worker and its handlers, numbers the
//! requests (a reply to an older one is ignored), and ends the worker when it is dropped.

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;

use boomchess_ai::{Engine, Settings};
use boomchess_rules::{Options, Variant, VariantPosition};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker, WorkerOptions, WorkerType};

#[wasm_bindgen]
extern "C" {
    /// The absolute URL of this wasm-bindgen glue (the worker imports it).
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

thread_local! {
    /// The worker's engine: its transposition table is kept between moves.
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(16));
}

/// Milliseconds from the global `performance.now()` (page or worker), else `Date.now()`.
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

/// Decides the computer's move from its own view of the game (runs in the worker; also usable
/// directly).
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

/// A request as it travels to the worker: the turn's fields, and the request's number as `id`.
fn request(id: u32, turn: &ComputerTurn) -> Result<JsValue, JsValue> {
    let message = to_js(turn)?;
    js_sys::Reflect::set(&message, &"id".into(), &JsValue::from(id))?;
    Ok(message)
}

/// A reply as it travels back from the worker.
#[derive(Serialize, Deserialize, Default)]
struct Reply {
    id: u32,
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    uci: Option<String>,
    #[serde(default)]
    nodes: f64,
    #[serde(default)]
    depth: f64,
    #[serde(default)]
    ms: f64,
    #[serde(default)]
    score: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mate: Option<i32>,
    #[serde(default)]
    pv: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Plain JavaScript objects (not `Map`s) for the messages.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsValue::from(js_sys::Error::new(&e.to_string())))
}

/// The worker's entry: a request (a [`ComputerTurn`] with its `id`) in, `{id, move, nodes,
/// depth}` out.
#[wasm_bindgen(js_name = computerMove)]
pub fn computer_move(request: JsValue) -> Result<JsValue, JsValue> {
    let id = js_sys::Reflect::get(&request, &"id".into())
        .ok()
        .and_then(|id| id.as_f64())
        .unwrap_or(0.0) as u32;
    let turn: ComputerTurn = serde_wasm_bindgen::from_value(request)
        .map_err(|e| JsValue::from(js_sys::Error::new(&format!("a bad request: {e}"))))?;
    let d = decide(&turn).map_err(|e| JsValue::from(js_sys::Error::new(&e)))?;
    to_js(&Reply {
        id,
        uci: Some(d.uci),
        nodes: d.nodes as f64,
        depth: f64::from(d.depth),
        score: d.score,
        mate: d.mate,
        pv: d.pv,
        ..Reply::default()
    })
}

/// The worker's code: registers `onmessage` first (messages sent while the glue loads are
/// queued on the `ready` promise), then imports the glue and initialises it with the module.
fn worker_source(glue: &str) -> String {
    format!(
        r#"let ready = null;
self.onmessage = (event) => {{
  const d = event.data;
  if (d.module) {{
    ready = import({glue:?}).then(async (m) => {{
      await m.default({{ module_or_path: d.module }});
      return m;
    }});
    return;
  }}
  ready.then((m) => {{
    const t0 = performance.now();
    try {{
      const r = m.computerMove(d);
      r.id = d.id;
      r.ms = performance.now() - t0;
      self.postMessage(r);
    }} catch (e) {{
      self.postMessage({{ id: d.id, error: String(e && e.message || e) }});
    }}
  }}, (e) => self.postMessage({{ id: d.id, error: 'the computer failed to start: ' + e }}));
}};
"#
    )
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
    pub fn for_white(&self, turn: boomchess_rules::Color) -> (i32, Option<i32>) {
        let sign = if turn == boomchess_rules::Color::White {
            1
        } else {
            -1
        };
        (self.score * sign, self.mate.map(|n| n * sign))
    }
}

/// What a reply of the worker means for the game.
pub enum Answer {
    /// The computer plays this move (coordinate text).
    Move(String, Thought),
    /// It failed (its worker did not start, the search failed).
    Failed(String),
}

/// The worker's two handlers: its replies, and its own failure.
type Handlers = (
    Closure<dyn FnMut(MessageEvent)>,
    Closure<dyn FnMut(web_sys::Event)>,
);

/// The page's side of the computer: the worker (started on the first request), the request in
/// flight, and the handlers that own the worker's callbacks. Dropping it ends the worker.
pub struct ComputerClient {
    worker: Option<Worker>,
    handlers: Option<Handlers>,
    /// The request being thought about, and the position it is about.
    pending: Option<u32>,
    pending_fen: Option<String>,
    next_id: u32,
    /// The computer's last move.
    pub last_thought: Option<Thought>,
}

impl Default for ComputerClient {
    fn default() -> Self {
        ComputerClient {
            worker: None,
            handlers: None,
            pending: None,
            pending_fen: None,
            next_id: 1,
            last_thought: None,
        }
    }
}

impl ComputerClient {
    /// Whether a request is in flight.
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// Forgets the request in flight: its reply will be ignored.
    pub fn cancel(&mut self) {
        self.pending = None;
        self.pending_fen = None;
    }

    /// The position of the request in flight, if any.
    pub fn asked(&self) -> Option<&str> {
        self.pending.and(self.pending_fen.as_deref())
    }

    /// Whether the request in flight is about `fen`.
    pub fn asked_about(&self, fen: &str) -> bool {
        self.asked() == Some(fen)
    }

    /// Asks for the computer's move, starting the worker first if need be; `on_reply` gets
    /// every message of the worker (pass it to [`ComputerClient::answer`]).
    pub fn ask(
        &mut self,
        turn: &ComputerTurn,
        on_reply: impl FnMut(JsValue) + Clone + 'static,
    ) -> Result<(), JsValue> {
        if self.worker.is_none() {
            let mut on_message = on_reply.clone();
            let mut on_failure = on_reply;
            let message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                on_message(e.data())
            });
            // The worker itself failed (its script or the glue did not load): answered as a
            // failure of every request; the next request starts a new worker.
            let failed = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                let reply = Reply {
                    id: 0,
                    error: Some("the computer's worker failed to start".to_owned()),
                    ..Reply::default()
                };
                if let Ok(reply) = to_js(&reply) {
                    on_failure(reply);
                }
            });
            let worker = start_worker(&message, &failed)?;
            self.worker = Some(worker);
            self.handlers = Some((message, failed));
        }
        let id = self.next_id;
        self.next_id += 1;
        let request = request(id, turn)?;
        self.worker
            .as_ref()
            .map_or(Ok(()), |w| w.post_message(&request))?;
        self.pending = Some(id);
        self.pending_fen = Some(turn.fen.clone());
        Ok(())
    }

    /// Reads a reply: the answer to the request in flight, or `None` for a stale one (a new
    /// game or an undo came in between).
    pub fn answer(&mut self, data: &JsValue) -> Option<Answer> {
        let reply: Reply = serde_wasm_bindgen::from_value(data.clone()).ok()?;
        let failed_worker = reply.id == 0 && reply.error.is_some();
        if self.pending != Some(reply.id) && !(failed_worker && self.pending.is_some()) {
            return None;
        }
        self.pending = None;
        if failed_worker {
            self.stop();
        }
        Some(match (reply.uci, reply.error) {
            (Some(uci), _) => {
                let thought = Thought {
                    ms: reply.ms,
                    nodes: reply.nodes,
                    depth: reply.depth,
                    score: reply.score,
                    mate: reply.mate,
                    pv: reply.pv,
                };
                self.last_thought = Some(thought.clone());
                Answer::Move(uci, thought)
            }
            (None, error) => Answer::Failed(error.unwrap_or_else(|| "the computer failed".into())),
        })
    }

    /// Ends the worker (the next request starts another).
    pub fn stop(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
        self.handlers = None;
        self.pending = None;
    }
}

impl Drop for ComputerClient {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Starts the worker with its two handlers (which the caller keeps alive).
fn start_worker(
    on_message: &Closure<dyn FnMut(MessageEvent)>,
    on_error: &Closure<dyn FnMut(web_sys::Event)>,
) -> Result<Worker, JsValue> {
    let glue = GLUE_URL.with(String::clone);
    let source = worker_source(&glue);
    let parts = js_sys::Array::of1(&JsValue::from_str(&source));
    let bag = BlobPropertyBag::new();
    bag.set_type("text/javascript");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &bag)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(&url, &options);
    // Once the worker exists its script is its own: the address is not needed any more (the
    // browser keeps the loading script alive), so nothing is left behind when it ends.
    Url::revoke_object_url(&url).ok();
    let worker = worker?;
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let init = js_sys::Object::new();
    js_sys::Reflect::set(&init, &"module".into(), &wasm_bindgen::module())?;
    worker.post_message(&init)?;
    Ok(worker)
}
