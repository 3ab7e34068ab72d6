//! Event listeners with an owner: [`Listeners`] keeps each closure together with the element it
//! listens on, and removes the listener and drops the closure when it is cleared or dropped, so a
//! board that goes leaves nothing behind.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, EventTarget};

struct Entry {
    target: EventTarget,
    kind: &'static str,
    capture: bool,
    closure: Closure<dyn FnMut(Event)>,
}

/// The event listeners of one owner (a board, the page).
#[derive(Default)]
pub struct Listeners {
    entries: Vec<Entry>,
}

impl Listeners {
    /// Calls `f` with every `kind` event on `target`, the event cast to `E` (a `PointerEvent`,
    /// a `KeyboardEvent`, …), until this owner clears or drops it.
    pub fn on<E: JsCast + 'static>(
        &mut self,
        target: &EventTarget,
        kind: &'static str,
        f: impl FnMut(E) + 'static,
    ) -> Result<(), JsValue> {
        self.add(target, kind, false, f)
    }

    /// [`Listeners::on`] in the capture phase (it sees the event before the page's own
    /// handlers can stop it).
    pub fn on_capture<E: JsCast + 'static>(
        &mut self,
        target: &EventTarget,
        kind: &'static str,
        f: impl FnMut(E) + 'static,
    ) -> Result<(), JsValue> {
        self.add(target, kind, true, f)
    }

    /// Calls `f` on every click of `target`.
    pub fn on_click(
        &mut self,
        target: &EventTarget,
        mut f: impl FnMut() + 'static,
    ) -> Result<(), JsValue> {
        self.on(target, "click", move |_: Event| f())
    }

    fn add<E: JsCast + 'static>(
        &mut self,
        target: &EventTarget,
        kind: &'static str,
        capture: bool,
        mut f: impl FnMut(E) + 'static,
    ) -> Result<(), JsValue> {
        // Boxed before wrapping: one glue shim serves every listener, whatever its closure.
        let handler: Box<dyn FnMut(Event)> = Box::new(move |e: Event| f(e.unchecked_into()));
        let closure = Closure::wrap(handler);
        target.add_event_listener_with_callback_and_bool(
            kind,
            closure.as_ref().unchecked_ref(),
            capture,
        )?;
        self.entries.push(Entry {
            target: target.clone(),
            kind,
            capture,
            closure,
        });
        Ok(())
    }

    /// Removes every listener and drops its closure.
    pub fn clear(&mut self) {
        for entry in self.entries.drain(..) {
            entry
                .target
                .remove_event_listener_with_callback_and_bool(
                    entry.kind,
                    entry.closure.as_ref().unchecked_ref(),
                    entry.capture,
                )
                .ok();
        }
    }
}

impl Drop for Listeners {
    fn drop(&mut self) {
        self.clear();
    }
}
