//! Optional sound effects, synthesised with the Web Audio API (no sound files): a soft click for
//! a move, a sharper one for a capture, a noise burst with a low thump for an explosion (a boom, a
//! launch, a Dead Man's Switch blast), a falling whistle and a pop for a bomber's strike, and a
//! two-note chime for check.
//!
//! Off by default. The game page owns its [`Sound`]; the page's `#sound` button switches it; the choice is remembered in
//! `localStorage` under `boomchess.sound` (`on` / `off`), apart from the saved game. The
//! `AudioContext` is created only once the player has interacted with the page (a pointer or
//! key press) and sound is on; a browser without Web Audio (or one that refuses it) simply
//! stays silent: nothing here ever throws.
//!
//! Every cue follows from a move everybody sees: nothing is ever played on selecting a square,
//! so a sound can never tell a hidden Beirut carrier from another piece.

use std::cell::RefCell;
use std::rc::Rc;

use boomchess_rules::{Move, MoveKind, Role, VariantPosition};
use wasm_bindgen::prelude::*;
use web_sys::{
    AudioBuffer, AudioContext, AudioContextState, AudioNode, BiquadFilterType, HtmlElement,
    OscillatorType, Window,
};

use crate::listeners::Listeners;

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
    /// Swallows a refused `resume()` (made once, kept for every call).
    ignore: Option<Closure<dyn FnMut(JsValue)>>,
}

/// The sound effects of the game page: on or off, the audio context once allowed, and the
/// switch on the page. Cloning gives another handle to the same sound.
#[derive(Clone, Default)]
pub struct Sound {
    state: Rc<RefCell<State>>,
}

impl Sound {
    /// Sound as remembered in `localStorage` (off when nothing is remembered), with the page's
    /// `#sound` switch (if any) showing it.
    pub fn new(window: &Window, button: Option<HtmlElement>) -> Sound {
        let remembered = window
            .local_storage()
            .ok()
            .flatten()
            .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
        let sound = Sound::default();
        {
            let mut s = sound.state.borrow_mut();
            s.enabled = remembered.as_deref() == Some("on");
            s.button = button;
            show(&s);
        }
        sound
    }

    /// Wires the switch and notes the first user gesture; the listeners belong to `listeners`.
    pub fn listen(&self, window: &Window, listeners: &mut Listeners) -> Result<(), JsValue> {
        let button = self.state.borrow().button.clone();
        if let Some(button) = button {
            let sound = self.clone();
            listeners.on_click(&button, move || sound.set_enabled(!sound.enabled()))?;
        }
        // The first pointer or key press allows audio: a remembered "on" takes effect from then.
        for kind in ["pointerdown", "keydown"] {
            let sound = self.clone();
            listeners.on_capture(window, kind, move |_: web_sys::Event| {
                let on = {
                    let mut s = sound.state.borrow_mut();
                    s.gesture = true;
                    s.enabled
                };
                if on {
                    sound.context();
                }
            })?;
        }
        Ok(())
    }

    /// Whether sound is on.
    pub fn enabled(&self) -> bool {
        self.state.borrow().enabled
    }

    /// How many cues have been played since the page loaded.
    pub fn played(&self) -> u32 {
        self.state.borrow().played
    }

    /// The audio context's state (`running`, `suspended`, `closed`), or `None` before it exists.
    pub fn context_state(&self) -> Option<&'static str> {
        self.state.borrow().ctx.as_ref().map(|c| match c.state() {
            AudioContextState::Running => "running",
            AudioContextState::Suspended => "suspended",
            AudioContextState::Closed => "closed",
            _ => "unknown",
        })
    }

    /// Switches sound on or off, remembers the choice and updates the page's button. Switching
    /// on from a click is a user gesture: the audio context may start right away.
    pub fn set_enabled(&self, on: bool) {
        {
            let mut s = self.state.borrow_mut();
            s.enabled = on;
            if on {
                s.gesture = true;
            }
            show(&s);
        }
        if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
            storage
                .set_item(STORAGE_KEY, if on { "on" } else { "off" })
                .ok();
        }
        if on {
            self.context();
        }
    }

    /// The audio context, created on first use once sound is on and the player has interacted
    /// with the page; resumed if the browser suspended it. `None` if Web Audio is missing or
    /// refused.
    fn context(&self) -> Option<AudioContext> {
        let mut s = self.state.borrow_mut();
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
                let ignore = s
                    .ignore
                    .get_or_insert_with(|| Closure::<dyn FnMut(JsValue)>::new(|_| {}));
                let _ = promise.catch(ignore);
            }
        }
        Some(ctx)
    }

    /// Plays a cue if sound is on (silently nothing otherwise, or without Web Audio).
    pub fn play(&self, cue: Cue) {
        let Some(ctx) = self.context() else {
            return;
        };
        if synth(&ctx, &self.noise_buffer(&ctx), cue).is_ok() {
            self.state.borrow_mut().played += 1;
        }
    }

    /// The noise buffer, made on first use.
    fn noise_buffer(&self, ctx: &AudioContext) -> Option<AudioBuffer> {
        if let Some(buffer) = self.state.borrow().noise.clone() {
            return Some(buffer);
        }
        let buffer = noise(ctx).ok()?;
        self.state.borrow_mut().noise = Some(buffer.clone());
        Some(buffer)
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

/// `window.boomchess.sound`: `enabled()`, `set(on)`, `played()`, `context()` (the audio
/// context's state or `null`).
#[wasm_bindgen]
pub struct SoundHandle {
    sound: Sound,
}

impl SoundHandle {
    /// The handle of this sound.
    pub fn new(sound: Sound) -> SoundHandle {
        SoundHandle { sound }
    }
}

#[wasm_bindgen]
impl SoundHandle {
    /// Whether sound is on.
    pub fn enabled(&self) -> bool {
        self.sound.enabled()
    }
    /// Switches sound on (a truthy value) or off.
    pub fn set(&self, on: JsValue) {
        self.sound.set_enabled(on.is_truthy());
    }
    /// How many cues have been played since the page loaded.
    pub fn played(&self) -> u32 {
        self.sound.played()
    }
    /// The audio context's state (`running`, `suspended`, `closed`), or `null` before it
    /// exists.
    pub fn context(&self) -> JsValue {
        self.sound
            .context_state()
            .map_or(JsValue::NULL, JsValue::from_str)
    }
}

/// One second of white noise.
fn noise(ctx: &AudioContext) -> Result<AudioBuffer, JsValue> {
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
    noise: &Option<AudioBuffer>,
    out: &AudioNode,
    kind: BiquadFilterType,
    (f0, f1): (f32, f32),
    at: f64,
    len: f64,
) -> Result<(), JsValue> {
    let source = ctx.create_buffer_source()?;
    source.set_buffer(noise.as_ref());
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

fn synth(ctx: &AudioContext, noise: &Option<AudioBuffer>, cue: Cue) -> Result<(), JsValue> {
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
            hiss(ctx, noise, &out, Bandpass, (2400.0, 900.0), now, 0.1)?;
            let body = envelope(ctx, now, 0.003, 0.25, 0.12)?;
            tone(ctx, &body, Triangle, (330.0, 140.0), now, 0.12)?;
        }
        Cue::Explosion => {
            // The roar: noise through a closing low-pass filter.
            let roar = envelope(ctx, now, 0.008, 0.7, 1.1)?;
            hiss(ctx, noise, &roar, Lowpass, (3200.0, 160.0), now, 0.99)?;
            // The thump: a low sine dropping in pitch.
            let thump = envelope(ctx, now, 0.005, 0.9, 0.55)?;
            tone(ctx, &thump, Sine, (120.0, 38.0), now, 0.55)?;
        }
        Cue::Strike => {
            let whistle = envelope(ctx, now, 0.02, 0.08, 0.3)?;
            tone(ctx, &whistle, Sine, (1500.0, 520.0), now, 0.3)?;
            let pop = envelope(ctx, now + 0.28, 0.004, 0.45, 0.2)?;
            hiss(ctx, noise, &pop, Lowpass, (1800.0, 300.0), now + 0.28, 0.2)?;
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
