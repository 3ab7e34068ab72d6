//! The computer opponent: its search (`boomchess_ai`) runs in a Web Worker so the page never
//! freezes. One wasm module serves both: the worker is an ES-module worker built from a Blob URL
//! that imports this same wasm-bindgen glue by its absolute URL (`import.meta.url`) and
//! initialises it with the module the page already compiled (`wasm_bindgen::module()`, no second
//! download). The page sends the computer's own view (never the referee's position) and the
//! worker answers with the move's coordinate text.
//!
//! Protocol: page → worker `{module}` once, then `{id, variant, options, fen, history, level,
//! seed, enemyCarriers}`; worker → page `{id, move, nodes, depth, ms}` or `{id, error}`.

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;

use boomchess_ai::{Engine, Settings};
use boomchess_rules::{Options, Variant, VariantPosition};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker, WorkerOptions, WorkerType};

use crate::game::ComputerTurn;

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

/// What the computer decided.
pub struct Decision {
    /// Coordinate text of the move.
    pub uci: String,
    /// Search nodes.
    pub nodes: u64,
    /// Depth reached.
    pub depth: u32,
}

/// Decides the computer's move from its own view of the game (runs in the worker; also usable
/// directly).
pub fn decide(turn: &ComputerTurn) -> Result<Decision, String> {
    let variant = Variant::from_name(&turn.variant).map_err(|e| e.to_string())?;
    let words: Vec<&str> = turn
        .options
        .split(',')
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .collect();
    let options = Options::parse(variant, &words).map_err(|e| e.to_string())?;
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
    Ok(Decision {
        uci: view.move_to_uci(best),
        nodes: thought.nodes,
        depth: thought.depth,
    })
}

/// The worker's entry: `{variant, options, fen, history, level, seed, enemyCarriers}` in,
/// `{move, nodes, depth}` out.
#[wasm_bindgen(js_name = computerMove)]
pub fn computer_move(
    variant: String,
    options: String,
    fen: String,
    history: Vec<String>,
    level: u8,
    seed: f64,
    enemy_carriers: u8,
) -> Result<JsValue, JsValue> {
    let turn = ComputerTurn {
        variant,
        options,
        fen,
        history,
        level,
        seed: seed as u64,
        enemy_carriers,
    };
    let d = decide(&turn).map_err(|e| JsValue::from(js_sys::Error::new(&e)))?;
    let o = js_sys::Object::new();
    js_sys::Reflect::set(&o, &"move".into(), &JsValue::from_str(&d.uci))?;
    js_sys::Reflect::set(&o, &"nodes".into(), &JsValue::from_f64(d.nodes as f64))?;
    js_sys::Reflect::set(&o, &"depth".into(), &JsValue::from_f64(f64::from(d.depth)))?;
    Ok(o.into())
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
      const r = m.computerMove(d.variant, d.options, d.fen, d.history, d.level, d.seed, d.enemyCarriers);
      self.postMessage({{ id: d.id, move: r.move, nodes: r.nodes, depth: r.depth, ms: performance.now() - t0 }});
    }} catch (e) {{
      self.postMessage({{ id: d.id, error: String(e && e.message || e) }});
    }}
  }}, (e) => self.postMessage({{ id: d.id, error: 'the computer failed to start: ' + e }}));
}};
"#
    )
}

/// Starts the worker (page side). `on_message` gets every reply, `on_error` a failure of the
/// worker itself (its script or the glue failed to load).
pub fn start_worker(
    on_message: impl FnMut(MessageEvent) + 'static,
    on_error: impl FnMut(web_sys::Event) + 'static,
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
    let worker = Worker::new_with_options(&url, &options)?;
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(on_message);
    worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
    let failed = Closure::<dyn FnMut(web_sys::Event)>::new(on_error);
    worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
    failed.forget();
    let init = js_sys::Object::new();
    js_sys::Reflect::set(&init, &"module".into(), &wasm_bindgen::module())?;
    worker.post_message(&init)?;
    Ok(worker)
}

/// Asks the worker for the computer's move; `id` comes back with the answer.
pub fn request(worker: &Worker, id: u32, turn: &ComputerTurn) -> Result<(), JsValue> {
    let o = js_sys::Object::new();
    let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&o, &JsValue::from_str(k), v);
    set("id", &JsValue::from_f64(f64::from(id)))?;
    set("variant", &JsValue::from_str(&turn.variant))?;
    set("options", &JsValue::from_str(&turn.options))?;
    set("fen", &JsValue::from_str(&turn.fen))?;
    let history: js_sys::Array = turn.history.iter().map(JsValue::from).collect();
    set("history", &history)?;
    set("level", &JsValue::from_f64(f64::from(turn.level)))?;
    set("seed", &JsValue::from_f64(turn.seed as f64))?;
    set(
        "enemyCarriers",
        &JsValue::from_f64(f64::from(turn.enemy_carriers)),
    )?;
    worker.post_message(&o)
}
