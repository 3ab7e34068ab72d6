//! Optional sound effects, synthesised with the Web Audio API (no sound files): a soft click for
//! a move, a sharper one for a capture, a noise burst with a low thump for an explosion (a boom, a
//! launch, a Dead Man's Switch blast), a falling whistle and a pop for a bomber's strike, and a
//! two-note chime for check.
//!
//! Off by default. The page's `#sound` button switches it; the choice is remembered in
//! `localStorage` under `boomchess.sound` (`on` / `off`), apart from the saved game. The
//! `AudioContext` is created only once the player has interacted with the page (a pointer or
//! key press) and sound is on; a browser without Web Audio (or one that refuses it) simply
//! stays silent: nothing here ever throws.
//!
//! Every cue follows from a move everybody sees: nothing is ever played on selecting a square,
//! so a sound can never tell a hidden Beirut carrier from another piece.

use std::cell::RefCell;

use boomchess_rules::{Move, MoveKind, Role, VariantPosition};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    AudioBuffer, AudioContext, AudioContextState, AudioNode, BiquadFilterType, Document,
    HtmlElement, OscillatorType, Window,
};

/// The `localStorage` key of the choice.
pub const STORAGE_KEY: &str = "boomchess.sound";

/// A sound effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A quiet move.
    Move,
    /// A capture (of any kind but a bomber's or a blast).
    Capture,
    /// A boom, a launch or a Dead Man's Switch blast.
    Explosion,
    /// A bomber's capture (bombing or helicopter).
    Strike,
    /// The side to move is in check.
    Check,
}

/// The cue of a move played from `prev` (the position before it): whether it set off an
/// explosion, else whether a bomber captured, else whether anything was captured.
pub fn cue_of(prev: &VariantPosition, m: Move, exploded: bool) -> Cue {
    if exploded || matches!(m.kind, MoveKind::Boom | MoveKind::Launch) {
        return Cue::Explosion;
    }
    let captured = !prev.removed_by(m).is_empty();
    let bomber = prev
        .piece_at(m.from)
        .is_some_and(|p| p.role == Role::Bomber);
    match (captured, bomber) {
        (true, true) => Cue::Strike,
        (true, false) => Cue::Capture,
        _ => Cue::Move,
    }
}

#[derive(Default)]
struct State {
    enabled: bool,
    /// A pointer or key press has happened on the page (browsers let audio start after one).
    gesture: bool,
    /// Web Audio failed once (missing or refused): stay silent from then on.
    unavailable: bool,
    ctx: Option<AudioContext>,
    /// One second of white noise, made once.
    noise: Option<AudioBuffer>,
    /// Cues played (for tests and the console).
    played: u32,
    /// The page's switch.
    button: Option<HtmlElement>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Whether sound is on.
pub fn enabled() -> bool {
    STATE.with(|s| s.borrow().enabled)
}

/// How many cues have been played since the page loaded.
pub fn played() -> u32 {
    STATE.with(|s| s.borrow().played)
}

/// The audio context's state (`running`, `suspended`, `closed`), or `None` before it exists.
pub fn context_state() -> Option<&'static str> {
    STATE.with(|s| {
        s.borrow().ctx.as_ref().map(|c| match c.state() {
            AudioContextState::Running => "running",
            AudioContextState::Suspended => "suspended",
            AudioContextState::Closed => "closed",
            _ => "unknown",
        })
    })
}

/// Switches sound on or off, remembers the choice and updates the page's button. Switching on
/// from a click is a user gesture: the audio context may start right away.
pub fn set_enabled(on: bool) {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.enabled = on;
        if on {
            s.gesture = true;
        }
        show(&s);
    });
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        storage
            .set_item(STORAGE_KEY, if on { "on" } else { "off" })
            .ok();
    }
    if on {
        context();
    }
}

/// Shows the state on the button: `aria-pressed`, and `on` / `off` in its `.sound-state` part
/// (or as its whole text, `Sound: on`, when it has none).
fn show(s: &State) {
    if let Some(button) = &s.button {
        let state = if s.enabled { "on" } else { "off" };
        match button.query_selector(".sound-state").ok().flatten() {
            Some(part) => part.set_text_content(Some(state)),
            None => button.set_text_content(Some(&format!("Sound: {state}"))),
        }
        button
            .set_attribute("aria-pressed", if s.enabled { "true" } else { "false" })
            .ok();
    }
}

/// Reads the remembered choice, wires the `#sound` button (if the page has one), notes the
/// first user gesture, and adds `window.boomchess.sound`: `enabled()`, `set(on)`, `played()`,
/// `context()` (the audio context's state or `null`).
pub fn wire(window: &Window, document: &Document) -> Result<(), JsValue> {
    let remembered = window
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    let button = document
        .get_element_by_id("sound")
        .and_then(|e| e.dyn_into::<HtmlElement>().ok());
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.enabled = remembered.as_deref() == Some("on");
        s.button = button.clone();
        show(&s);
    });
    if let Some(button) = button {
        let toggle = Closure::<dyn FnMut()>::new(|| set_enabled(!enabled()));
        button.add_event_listener_with_callback("click", toggle.as_ref().unchecked_ref())?;
        toggle.forget();
    }
    // The first pointer or key press allows audio: a remembered "on" takes effect from then.
    let gesture = Closure::<dyn FnMut()>::new(|| {
        let on = STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.gesture = true;
            s.enabled
        });
        if on {
            context();
        }
    });
    for kind in ["pointerdown", "keydown"] {
        window.add_event_listener_with_callback_and_bool(
            kind,
            gesture.as_ref().unchecked_ref(),
            true,
        )?;
    }
    gesture.forget();

    let api = js_sys::Object::new();
    let put = |name: &str, f: &JsValue| js_sys::Reflect::set(&api, &name.into(), f);
    let f = Closure::<dyn Fn() -> bool>::new(enabled);
    put("enabled", f.as_ref())?;
    f.forget();
    let f = Closure::<dyn Fn(JsValue)>::new(|on: JsValue| set_enabled(on.is_truthy()));
    put("set", f.as_ref())?;
    f.forget();
    let f = Closure::<dyn Fn() -> u32>::new(played);
    put("played", f.as_ref())?;
    f.forget();
    let f = Closure::<dyn Fn() -> JsValue>::new(|| {
        context_state().map_or(JsValue::NULL, JsValue::from_str)
    });
    put("context", f.as_ref())?;
    f.forget();
    let key = JsValue::from_str("boomchess");
    let mut handle = js_sys::Reflect::get(window, &key)?;
    if !handle.is_object() {
        handle = js_sys::Object::new().into();
        js_sys::Reflect::set(window, &key, &handle)?;
    }
    js_sys::Reflect::set(&handle, &"sound".into(), &api)?;
    Ok(())
}

/// The audio context, created on first use once sound is on and the player has interacted with
/// the page; resumed if the browser suspended it. `None` if Web Audio is missing or refused.
fn context() -> Option<AudioContext> {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if !s.enabled || !s.gesture || s.unavailable {
            return None;
        }
        if s.ctx.is_none() {
            let present = web_sys::window()
                .is_some_and(|w| js_sys::Reflect::has(&w, &"AudioContext".into()).unwrap_or(false));
            match AudioContext::new().ok().filter(|_| present) {
                Some(ctx) => s.ctx = Some(ctx),
                None => {
                    s.unavailable = true;
                    return None;
                }
            }
        }
        let ctx = s.ctx.clone()?;
        if ctx.state() == AudioContextState::Suspended {
            // A rejected resume only means silence.
            if let Ok(promise) = ctx.resume() {
                let ignore = Closure::<dyn FnMut(JsValue)>::new(|_| {});
                let _ = promise.catch(&ignore);
                ignore.forget();
            }
        }
        Some(ctx)
    })
}

/// Plays a cue if sound is on (silently nothing otherwise, or without Web Audio).
pub fn play(cue: Cue) {
    let Some(ctx) = context() else {
        return;
    };
    if synth(&ctx, cue).is_ok() {
        STATE.with(|s| s.borrow_mut().played += 1);
    }
}

/// The noise buffer (one second of white noise), made on first use.
fn noise(ctx: &AudioContext) -> Result<AudioBuffer, JsValue> {
    if let Some(buffer) = STATE.with(|s| s.borrow().noise.clone()) {
        return Ok(buffer);
    }
    let rate = ctx.sample_rate();
    let len = rate as u32;
    let buffer = ctx.create_buffer(1, len, rate)?;
    // A small xorshift generator: the noise needs no quality, only no pattern to the ear.
    let mut x: u32 = 0x9E37_79B9;
    let samples: Vec<f32> = (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x as f32 / u32::MAX as f32) * 2.0 - 1.0
        })
        .collect();
    buffer.copy_to_channel(&samples, 0)?;
    STATE.with(|s| s.borrow_mut().noise = Some(buffer.clone()));
    Ok(buffer)
}

/// A gain node going to the speakers with an envelope: silent, up to `peak` at `at + attack`,
/// then down to silence over `decay` seconds.
fn envelope(
    ctx: &AudioContext,
    at: f64,
    attack: f64,
    peak: f32,
    decay: f64,
) -> Result<web_sys::GainNode, JsValue> {
    let gain = ctx.create_gain()?;
    let g = gain.gain();
    g.set_value_at_time(0.0001, at)?;
    g.exponential_ramp_to_value_at_time(peak, at + attack)?;
    g.exponential_ramp_to_value_at_time(0.0001, at + attack + decay)?;
    gain.connect_with_audio_node(&ctx.destination())?;
    Ok(gain)
}

/// A tone gliding from `f0` to `f1` Hz into `out`, from `at` for `len` seconds.
fn tone(
    ctx: &AudioContext,
    out: &AudioNode,
    kind: OscillatorType,
    (f0, f1): (f32, f32),
    at: f64,
    len: f64,
) -> Result<(), JsValue> {
    let osc = ctx.create_oscillator()?;
    osc.set_type(kind);
    osc.frequency().set_value_at_time(f0, at)?;
    osc.frequency()
        .exponential_ramp_to_value_at_time(f1, at + len)?;
    osc.connect_with_audio_node(out)?;
    osc.start_with_when(at)?;
    osc.stop_with_when(at + len + 0.05)?;
    Ok(())
}

/// Filtered noise into `out`: a filter of `kind` whose cutoff glides from `f0` to `f1` Hz.
fn hiss(
    ctx: &AudioContext,
    out: &AudioNode,
    kind: BiquadFilterType,
    (f0, f1): (f32, f32),
    at: f64,
    len: f64,
) -> Result<(), JsValue> {
    let source = ctx.create_buffer_source()?;
    source.set_buffer(Some(&noise(ctx)?));
    let filter = ctx.create_biquad_filter()?;
    filter.set_type(kind);
    filter.frequency().set_value_at_time(f0, at)?;
    filter
        .frequency()
        .exponential_ramp_to_value_at_time(f1, at + len)?;
    source.connect_with_audio_node(&filter)?;
    filter.connect_with_audio_node(out)?;
    let scheduled: &web_sys::AudioScheduledSourceNode = &source;
    scheduled.start_with_when(at)?;
    scheduled.stop_with_when(at + len.min(0.99))?;
    Ok(())
}

fn synth(ctx: &AudioContext, cue: Cue) -> Result<(), JsValue> {
    use BiquadFilterType::{Bandpass, Lowpass};
    use OscillatorType::{Sine, Triangle};
    let now = ctx.current_time() + 0.01;
    match cue {
        Cue::Move => {
            let out = envelope(ctx, now, 0.003, 0.18, 0.07)?;
            tone(ctx, &out, Triangle, (700.0, 260.0), now, 0.07)?;
        }
        Cue::Capture => {
            let out = envelope(ctx, now, 0.002, 0.3, 0.12)?;
            hiss(ctx, &out, Bandpass, (2400.0, 900.0), now, 0.1)?;
            let body = envelope(ctx, now, 0.003, 0.25, 0.12)?;
            tone(ctx, &body, Triangle, (330.0, 140.0), now, 0.12)?;
        }
        Cue::Explosion => {
            // The roar: noise through a closing low-pass filter.
            let roar = envelope(ctx, now, 0.008, 0.7, 1.1)?;
            hiss(ctx, &roar, Lowpass, (3200.0, 160.0), now, 0.99)?;
            // The thump: a low sine dropping in pitch.
            let thump = envelope(ctx, now, 0.005, 0.9, 0.55)?;
            tone(ctx, &thump, Sine, (120.0, 38.0), now, 0.55)?;
        }
        Cue::Strike => {
            let whistle = envelope(ctx, now, 0.02, 0.08, 0.3)?;
            tone(ctx, &whistle, Sine, (1500.0, 520.0), now, 0.3)?;
            let pop = envelope(ctx, now + 0.28, 0.004, 0.45, 0.2)?;
            hiss(ctx, &pop, Lowpass, (1800.0, 300.0), now + 0.28, 0.2)?;
            tone(ctx, &pop, Sine, (160.0, 60.0), now + 0.28, 0.2)?;
        }
        Cue::Check => {
            for (i, f) in [660.0, 880.0].into_iter().enumerate() {
                let at = now + 0.11 * i as f64;
                let out = envelope(ctx, at, 0.005, 0.12, 0.16)?;
                tone(ctx, &out, Sine, (f, f), at, 0.16)?;
            }
        }
    }
    Ok(())
}
