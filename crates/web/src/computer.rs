//! The computer opponent, as the page sees it: its search runs in a Web Worker so the page never
//! freezes, from a WebAssembly module of its own (`boomchess-worker`, the only one with the
//! engine), which the page's module does not contain. The worker is an ES-module worker built
//! from a Blob URL whose script imports the worker's wasm-bindgen glue by its absolute URL:
//! [`WORKER_SIMD_GLUE`] (where the browser has WebAssembly's SIMD) or [`WORKER_GLUE`], beside this
//! module's own glue (`import.meta.url`), so boards embedded in a page of another origin find it
//! too. It is started on a board's first request, so a board
//! that never asks the computer downloads none of it. The page sends the computer's own view
//! (never the referee's position) and the worker answers with the move's coordinate text.
//!
//! The messages are `boomchess_worker_protocol`'s, shared with the worker: a [`ComputerTurn`]
//! with the request's `id` out, a `Reply` back (`{id, move, nodes, depth, ms, score, mate, pv}`
//! or `{id, error}`).
//!
//! [`ComputerClient`] is the page's side: it owns the worker and its handlers, numbers the
//! requests (a reply to an older one is ignored), and ends the worker when it is dropped.

use boomchess_worker_protocol::{request, to_js, Reply};
pub use boomchess_worker_protocol::{ComputerTurn, Thought};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker, WorkerOptions, WorkerType};

/// The worker module's glue, beside the page's and the embedded boards' (`index.html` has Trunk
/// build it into `dist/` under this name; the glue finds `boomchess-worker_bg.wasm` beside
/// itself).
pub const WORKER_GLUE: &str = "boomchess-worker.js";
/// The same module for browsers with WebAssembly's SIMD (`crates/worker-simd`: its network's
/// sums eight at a time), beside it, which the worker loads where the browser validates a SIMD
/// instruction (every current browser; a module with SIMD would not even load elsewhere).
pub const WORKER_SIMD_GLUE: &str = "boomchess-worker-simd.js";

/// A WebAssembly module whose one function uses a SIMD instruction (`i8x16.popcnt`, of the
/// final SIMD proposal): it validates exactly where SIMD modules load.
const SIMD_PROBE: [u8; 31] = [
    0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253,
    15, 253, 98, 11,
];

#[wasm_bindgen]
extern "C" {
    /// The absolute URL of this module's wasm-bindgen glue (the worker's glue is beside it).
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

/// Whether this browser runs WebAssembly's SIMD (then the worker loads [`WORKER_SIMD_GLUE`]).
fn has_simd() -> bool {
    js_sys::WebAssembly::validate(&js_sys::Uint8Array::from(&SIMD_PROBE[..]).into())
        .unwrap_or(false)
}

/// The worker's code: starts loading the worker module's glue (`glue`, an absolute URL) and
/// its wasm at once, and answers every message once they are ready (messages that come while
/// they load wait for them).
fn worker_source(glue: &str) -> String {
    format!(
        r#"const ready = import({glue:?}).then(async (m) => {{
  await m.default();
  return m;
}});
// A failure to load is answered to each request.
ready.catch(() => {{}});
self.onmessage = (event) => {{
  const d = event.data;
  ready.then((m) => {{
    const t0 = performance.now();
    try {{
      const r = m.computerMove(d);
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
                let reply = Reply::failure(0, "the computer's worker failed to start");
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
        let reply = Reply::from_js(data)?;
        let failed_worker = reply.id == 0 && reply.error.is_some();
        if self.pending != Some(reply.id) && !(failed_worker && self.pending.is_some()) {
            return None;
        }
        self.pending = None;
        if failed_worker {
            self.stop();
        }
        Some(match reply.answer() {
            Ok((uci, thought)) => {
                self.last_thought = Some(thought.clone());
                Answer::Move(uci, thought)
            }
            Err(error) => Answer::Failed(error),
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
    let name = if has_simd() {
        WORKER_SIMD_GLUE
    } else {
        WORKER_GLUE
    };
    let glue = GLUE_URL.with(|page| Url::new_with_base(name, page))?.href();
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
    Ok(worker)
}
