//! The board on the page: owns the canvas, the game and the layout, turns pointer input into
//! clicks on squares, and redraws after every change. Rust holds all state; the page only
//! forwards events here.

use std::cell::RefCell;
use std::rc::Rc;

use boomchess_rules::{Color, Move, MoveKind, Variant, VariantPosition};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, FocusOptions, HtmlCanvasElement, HtmlElement, KeyboardEvent,
    PointerEvent,
};

use crate::game::{ClickOutcome, Game};
use crate::geometry::{Layout, Square};
use crate::render::{draw_board_with, draw_cursor, draw_explosion, Blast, Floating, THEME};

struct State {
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    game: Game,
    layout: Layout,
    status: Option<HtmlElement>,
    drag: Option<Drag>,
    /// The keyboard cursor, shown once an arrow key was used (pointer input hides it).
    cursor: Option<Square>,
    /// The square under the mouse (for the blast preview of a launch).
    hover: Option<Square>,
    /// The move list and the buttons beside the board, kept in step with the game.
    panel: Panel,
    /// `on(event, callback)` listeners: `move`, `explosion`, `over`.
    listeners: Vec<(String, js_sys::Function)>,
    /// Whether every change of the game is saved to `localStorage` (the page only).
    persist: bool,
    /// The explosion being animated and when it started (`Date.now()` milliseconds).
    explosion: Option<(Blast, f64)>,
    /// The computer's Web Worker, started on the first game against it.
    worker: Option<web_sys::Worker>,
    /// The request the computer is thinking about (its id), if any.
    thinking: Option<u32>,
    /// The id of the next request (replies to older ones are ignored).
    next_id: u32,
    /// `play()` promises waiting for the computer's reply: (resolve, reject).
    waiters: Vec<(js_sys::Function, js_sys::Function)>,
    /// The computer's last move: milliseconds in the worker, nodes, depth.
    last_thought: Option<(f64, f64, f64)>,
    /// The move-list browsing controls (see [`App::wire_browsing`]).
    browsing: Browsing,
}

/// The controls for browsing earlier positions: the "viewing move N" indicator and the
/// first / previous / next / last buttons (each optional).
#[derive(Default)]
struct Browsing {
    indicator: Option<HtmlElement>,
    text: Option<HtmlElement>,
    first: Option<HtmlElement>,
    prev: Option<HtmlElement>,
    next: Option<HtmlElement>,
    last: Option<HtmlElement>,
}

/// How long an explosion plays, in milliseconds.
pub const EXPLOSION_MS: f64 = 750.0;

/// Whether the player asked for reduced motion (no explosion animation then).
fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Page elements beside the board (each optional: the tests mount a bare canvas).
#[derive(Default)]
pub struct Panel {
    /// `<ol>` of the moves in SAN.
    pub moves: Option<HtmlElement>,
    /// Take back a move.
    pub undo: Option<HtmlElement>,
    /// Replay a move taken back.
    pub redo: Option<HtmlElement>,
    /// Set off the selected carrier.
    pub boom: Option<HtmlElement>,
    /// Confirm the marked carriers (setup).
    pub confirm: Option<HtmlElement>,
    /// The result box shown when the game is over.
    pub result: Option<HtmlElement>,
}

/// A piece being dragged: pressed on `from`, the pointer now at (`x`, `y`) in canvas pixels.
#[derive(Clone, Copy)]
struct Drag {
    from: Square,
    start: (f64, f64),
    x: f64,
    y: f64,
    /// Moved far enough to count as a drag rather than a click.
    moved: bool,
    /// The piece was already selected when pressed: a press without a drag deselects it.
    was_selected: bool,
}

/// A board mounted on a canvas. Cloning gives another handle to the same board.
#[derive(Clone)]
pub struct App {
    state: Rc<RefCell<State>>,
}

impl App {
    /// Mounts a new game of `variant` on `canvas`: sizes the canvas to its CSS box at the
    /// screen's pixel ratio, draws the board and listens for pointer input and window resizes.
    pub fn mount(canvas: HtmlCanvasElement, variant: Variant) -> Result<App, JsValue> {
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("this browser has no 2D canvas"))?
            .dyn_into()?;
        let game = Game::new(variant);
        let layout = Layout {
            files: game.files(),
            ranks: game.ranks(),
            size: canvas.width().max(1),
            flipped: false,
        };
        let app = App {
            state: Rc::new(RefCell::new(State {
                canvas: canvas.clone(),
                ctx,
                game,
                layout,
                status: None,
                drag: None,
                cursor: None,
                hover: None,
                panel: Panel::default(),
                listeners: Vec::new(),
                persist: false,
                explosion: None,
                worker: None,
                thinking: None,
                next_id: 1,
                waiters: Vec::new(),
                last_thought: None,
                browsing: Browsing::default(),
            })),
        };
        app.fit();

        app.listen(&canvas, "pointerdown", |app, e| {
            // Primary button or a touch/pen contact only.
            if e.button() == 0 {
                e.prevent_default();
                // Keep receiving the pointer's moves outside the canvas while dragging
                // (fails harmlessly for synthetic events, which have no live pointer).
                app.canvas().set_pointer_capture(e.pointer_id()).ok();
                // preventDefault also stops the browser focusing the board; keys should go to
                // it after a click too.
                let options = FocusOptions::new();
                options.set_prevent_scroll(true);
                app.canvas().focus_with_options(&options).ok();
                app.pointer_down(f64::from(e.client_x()), f64::from(e.client_y()));
            }
        })?;
        app.listen(&canvas, "pointermove", |app, e| {
            app.pointer_move(f64::from(e.client_x()), f64::from(e.client_y()));
        })?;
        app.listen(&canvas, "pointerup", |app, e| {
            app.pointer_up(f64::from(e.client_x()), f64::from(e.client_y()));
        })?;
        app.listen(&canvas, "pointercancel", |app, _| app.cancel_drag())?;
        app.listen(&canvas, "pointerleave", |app, _| {
            // The pointer left the board: no hover preview any more.
            if app.state.borrow_mut().hover.take().is_some() {
                app.redraw();
            }
        })?;

        // Keyboard play: the canvas takes focus (Tab), arrows move a cursor, Enter or Space
        // clicks the cursor's square, Escape drops the selection.
        if !canvas.has_attribute("tabindex") {
            canvas.set_attribute("tabindex", "0")?;
        }
        let handle = app.clone();
        let on_key = Closure::<dyn FnMut(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            if !(e.alt_key() || e.ctrl_key() || e.meta_key()) && handle.key(&e.key()) {
                e.prevent_default();
            }
        });
        canvas.add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref())?;
        on_key.forget();

        if let Some(window) = web_sys::window() {
            let handle = app.clone();
            let on_resize = Closure::<dyn FnMut()>::new(move || handle.fit());
            window
                .add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref())?;
            on_resize.forget();
        }
        Ok(app)
    }

    /// Shows the side to move (or that the game is over) in `element` from now on.
    pub fn set_status_element(&self, element: Option<HtmlElement>) {
        self.state.borrow_mut().status = element;
        self.redraw();
    }

    /// Matches the canvas's pixel size to its displayed size times `devicePixelRatio` (crisp on
    /// HiDPI screens), then redraws. Called on mount and on every window resize.
    pub fn fit(&self) {
        {
            let mut st = self.state.borrow_mut();
            let rect = st.canvas.get_bounding_client_rect();
            let css = rect.width().min(rect.height());
            let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
            // A canvas that is not laid out (display: none) keeps its current size.
            if css > 0.0 && ratio > 0.0 {
                let size = (css * ratio).round().clamp(1.0, 8192.0) as u32;
                if st.canvas.width() != size || st.canvas.height() != size {
                    st.canvas.set_width(size);
                    st.canvas.set_height(size);
                }
                st.layout.size = size;
            } else {
                st.layout.size = st.canvas.width().min(st.canvas.height()).max(1);
            }
        }
        self.redraw();
    }

    /// Draws the board and updates the status text.
    pub fn redraw(&self) {
        let st = self.state.borrow();
        let floating = st.drag.filter(|d| d.moved).map(|d| Floating {
            from: d.from,
            x: d.x,
            y: d.y,
        });
        let now = js_sys::Date::now();
        let blast = st
            .explosion
            .as_ref()
            .filter(|(_, start)| now - start < EXPLOSION_MS);
        draw_board_with(
            &st.ctx,
            &st.layout,
            &st.game,
            &THEME,
            floating,
            st.hover,
            blast.is_none(),
        );
        if let Some((blast, start)) = blast {
            draw_explosion(&st.ctx, &st.layout, blast, (now - start) / EXPLOSION_MS);
        }
        if let Some(cursor) = st.cursor {
            draw_cursor(&st.ctx, &st.layout.square_rect(cursor), &THEME);
        }
        let thinking = st.thinking.is_some();
        if let Some(status) = &st.status {
            let text = if thinking {
                format!("{} — the computer is thinking…", status_text(&st.game))
            } else {
                status_text(&st.game)
            };
            status.set_text_content(Some(&text));
            status
                .toggle_attribute_with_force("data-thinking", thinking)
                .ok();
        }
        st.canvas
            .set_attribute("aria-busy", if thinking { "true" } else { "false" })
            .ok();
        update_panel(&st.panel, &st.game);
        update_browsing(&st.browsing, &st.panel, &st.game, &st.canvas);
    }

    /// Whether the computer is thinking.
    pub fn thinking(&self) -> bool {
        self.state.borrow().thinking.is_some()
    }

    /// The computer's last move: `{ms, nodes, depth}` (time measured in the worker).
    pub fn last_thought(&self) -> Option<(f64, f64, f64)> {
        self.state.borrow().last_thought
    }

    /// Waits for the computer's reply: `resolve(san)` once it has moved (`reject(error)` if it
    /// fails); at once when it is not thinking.
    pub fn when_computer_moved(&self, resolve: js_sys::Function, reject: js_sys::Function) {
        if self.thinking() {
            self.state.borrow_mut().waiters.push((resolve, reject));
        } else {
            let san = self.with_game(|g| g.san_moves().last().cloned().unwrap_or_default());
            resolve.call1(&JsValue::NULL, &JsValue::from_str(&san)).ok();
        }
    }

    /// Forgets the request in flight (a new game, an undo): its reply will be ignored; the
    /// waiting `play()` promises resolve.
    fn cancel_thinking(&self) {
        let waiters = {
            let mut st = self.state.borrow_mut();
            st.thinking = None;
            std::mem::take(&mut st.waiters)
        };
        for (resolve, _) in waiters {
            resolve.call1(&JsValue::NULL, &JsValue::NULL).ok();
        }
    }

    /// Asks the worker for the computer's move when it is its turn.
    fn maybe_think(&self) {
        let turn = {
            let st = self.state.borrow();
            if st.thinking.is_some() {
                return;
            }
            match st.game.computer_turn() {
                Some(turn) => turn,
                None => return,
            }
        };
        if self.state.borrow().worker.is_none() {
            let app = self.clone();
            let failing = self.clone();
            let started = crate::computer::start_worker(
                move |e| app.on_reply(&e.data()),
                move |_| failing.worker_failed(),
            );
            match started {
                Ok(worker) => self.state.borrow_mut().worker = Some(worker),
                Err(err) => {
                    web_sys::console::error_1(&err);
                    return;
                }
            }
        }
        let id = {
            let mut st = self.state.borrow_mut();
            let id = st.next_id;
            st.next_id += 1;
            st.thinking = Some(id);
            id
        };
        let sent = {
            let st = self.state.borrow();
            st.worker
                .as_ref()
                .map(|w| crate::computer::request(w, id, &turn))
        };
        if let Some(Err(err)) = sent {
            web_sys::console::error_1(&err);
            self.state.borrow_mut().thinking = None;
        }
        self.redraw();
    }

    /// The worker itself failed (it did not load): the request in flight fails; the next one
    /// starts a new worker.
    fn worker_failed(&self) {
        let id = {
            let mut st = self.state.borrow_mut();
            st.worker = None;
            st.thinking
        };
        if let Some(id) = id {
            let reply = js_sys::Object::new();
            js_sys::Reflect::set(&reply, &"id".into(), &f64::from(id).into()).ok();
            js_sys::Reflect::set(
                &reply,
                &"error".into(),
                &"the computer's worker failed to start".into(),
            )
            .ok();
            self.on_reply(&reply);
        }
    }

    /// A reply of the worker: plays the computer's move and settles the waiting promises.
    fn on_reply(&self, data: &JsValue) {
        let get = |k: &str| js_sys::Reflect::get(data, &JsValue::from_str(k)).unwrap_or_default();
        let id = get("id").as_f64().unwrap_or(-1.0);
        if self.state.borrow().thinking.map(f64::from) != Some(id) {
            return;
        }
        let waiters = {
            let mut st = self.state.borrow_mut();
            st.thinking = None;
            std::mem::take(&mut st.waiters)
        };
        let result = match get("move").as_string() {
            Some(uci) => {
                self.state.borrow_mut().last_thought = Some((
                    get("ms").as_f64().unwrap_or(0.0),
                    get("nodes").as_f64().unwrap_or(0.0),
                    get("depth").as_f64().unwrap_or(0.0),
                ));
                self.update(|g| g.play_computer(&uci))
            }
            None => Err(get("error")
                .as_string()
                .unwrap_or_else(|| "the computer failed".to_owned())),
        };
        match result {
            Ok(()) => {
                let san = self.with_game(|g| g.san_moves().last().cloned().unwrap_or_default());
                for (resolve, _) in waiters {
                    resolve.call1(&JsValue::NULL, &JsValue::from_str(&san)).ok();
                }
            }
            Err(e) => {
                web_sys::console::error_1(&JsValue::from_str(&format!("computer: {e}")));
                self.redraw();
                if let Some(status) = &self.state.borrow().status {
                    status.set_text_content(Some(&format!("The computer failed: {e}")));
                }
                let error: JsValue = js_sys::Error::new(&e).into();
                for (_, reject) in waiters {
                    reject.call1(&JsValue::NULL, &error).ok();
                }
            }
        }
    }

    /// Redraws on every animation frame while an explosion plays, and once more after it.
    fn animate(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let handle = self.clone();
        let frame = Closure::once_into_js(move || {
            let running = handle
                .state
                .borrow()
                .explosion
                .as_ref()
                .is_some_and(|(_, start)| js_sys::Date::now() - start < EXPLOSION_MS);
            if !running {
                handle.state.borrow_mut().explosion = None;
            }
            handle.redraw();
            if running {
                handle.animate();
            }
        });
        window.request_animation_frame(frame.unchecked_ref()).ok();
    }

    /// Ends an explosion's animation now (the next frame would draw the board as it is).
    pub fn finish_explosion(&self) {
        if self.state.borrow_mut().explosion.take().is_some() {
            self.redraw();
        }
    }

    /// Whether an explosion is being animated.
    pub fn exploding(&self) -> bool {
        self.state.borrow().explosion.is_some()
    }

    /// Sets the move list and buttons beside the board.
    pub fn set_panel(&self, panel: Panel) {
        self.state.borrow_mut().panel = panel;
        self.redraw();
    }

    /// Adds an `on(event, callback)` listener.
    pub fn on(&self, event: &str, callback: js_sys::Function) -> Result<(), String> {
        if !["move", "explosion", "over"].contains(&event) {
            return Err(format!(
                "unknown event {event:?}: expected 'move', 'explosion' or 'over'"
            ));
        }
        self.state
            .borrow_mut()
            .listeners
            .push((event.to_owned(), callback));
        Ok(())
    }

    /// Runs a change of the game, redraws, and tells the listeners about a move played (and
    /// its explosion, and the end of the game).
    pub fn update<R>(&self, f: impl FnOnce(&mut Game) -> R) -> R {
        let before = self.state.borrow().game.referee().moves().len();
        let result = f(&mut self.state.borrow_mut().game);
        let events = {
            let st = self.state.borrow();
            let referee = st.game.referee();
            let ply = referee.moves().len();
            let ply_changed = ply != before;
            let mut events: Vec<(&str, JsValue)> = Vec::new();
            let mut explosion = None;
            let mut sound = Vec::new();
            if ply == before + 1 {
                let m = referee.moves()[ply - 1];
                if let Some(prev) = referee.position_at(ply - 1) {
                    let detail = js_sys::Object::new();
                    let set = |k: &str, v: &JsValue| {
                        js_sys::Reflect::set(&detail, &JsValue::from_str(k), v).ok();
                    };
                    set("uci", &JsValue::from_str(&prev.move_to_uci(m)));
                    set(
                        "san",
                        &JsValue::from_str(referee.san_moves().last().map_or("", |s| s.as_str())),
                    );
                    events.push(("move", detail.into()));
                    let area = explosion_of(prev, m, st.game.options().dead_mans_switch);
                    let blast: js_sys::Array = area
                        .iter()
                        .map(|(_, sq)| JsValue::from_str(&sq.name()))
                        .collect();
                    if let Some(&(centre, _)) = area.first().filter(|_| !reduced_motion()) {
                        let debris = prev
                            .removed_by(m)
                            .into_iter()
                            .filter_map(|s| {
                                let (f, r) = prev.coords(s);
                                Some((Square::new(f, r), prev.piece_at(s)?))
                            })
                            .collect();
                        explosion = Some(Blast {
                            area: area.iter().map(|&(_, sq)| sq).collect(),
                            centre,
                            debris,
                            strike: None,
                        });
                    }
                    // A bomber's capture: a strike on the captured squares (no 3×3 blast).
                    if area.is_empty() && !reduced_motion() {
                        explosion = Blast::bomber_strike(prev, m);
                    }
                    sound.push(crate::sound::cue_of(prev, m, !area.is_empty()));
                    if blast.length() > 0 {
                        let detail = js_sys::Object::new();
                        js_sys::Reflect::set(&detail, &JsValue::from_str("squares"), &blast).ok();
                        events.push(("explosion", detail.into()));
                    }
                }
                if st.game.checked_king().is_some() {
                    sound.push(crate::sound::Cue::Check);
                }
                if st.game.is_over() {
                    events.push(("over", status_js(&st.game)));
                }
            }
            let listeners = st.listeners.clone();
            drop(st);
            let animated = explosion.is_some();
            for cue in sound {
                crate::sound::play(cue);
            }
            if let Some(blast) = explosion {
                self.state.borrow_mut().explosion = Some((blast, js_sys::Date::now()));
            } else if ply_changed {
                // Undo, redo of a quiet move, a new state: an old explosion means nothing here.
                self.state.borrow_mut().explosion = None;
            }
            self.redraw();
            if animated {
                self.animate();
            }
            events
                .into_iter()
                .flat_map(|(kind, detail)| {
                    listeners
                        .iter()
                        .filter(|(k, _)| k == kind)
                        .map(|(_, f)| (f.clone(), detail.clone()))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        };
        let ply = self.state.borrow().game.referee().moves().len();
        if ply != before && self.thinking() {
            self.cancel_thinking();
            self.redraw();
        }
        for (f, detail) in events {
            f.call1(&JsValue::NULL, &detail).ok();
        }
        self.save();
        self.maybe_think();
        result
    }

    /// Saves every change of the game from now on (and now).
    pub fn persist(&self) {
        self.state.borrow_mut().persist = true;
        self.save();
    }

    fn save(&self) {
        let st = self.state.borrow();
        if st.persist {
            crate::save::store(&st.game);
        }
    }

    /// Adds a pointer-event listener that lives as long as the page.
    fn listen(
        &self,
        canvas: &HtmlCanvasElement,
        kind: &str,
        f: impl Fn(&App, PointerEvent) + 'static,
    ) -> Result<(), JsValue> {
        let handle = self.clone();
        let closure = Closure::<dyn FnMut(PointerEvent)>::new(move |e: PointerEvent| f(&handle, e));
        canvas.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?;
        closure.forget();
        Ok(())
    }

    /// A pointer position in client pixels as canvas (device) pixels.
    fn to_canvas(&self, client_x: f64, client_y: f64) -> Option<(f64, f64)> {
        let st = self.state.borrow();
        let rect = st.canvas.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        Some((
            (client_x - rect.left()) * f64::from(st.canvas.width()) / rect.width(),
            (client_y - rect.top()) * f64::from(st.canvas.height()) / rect.height(),
        ))
    }

    /// A press: clicks the square under the pointer, and if that leaves a piece of the side to
    /// move selected, starts a (possible) drag of it. Pressing the already selected piece does
    /// not deselect it yet: that happens on release if the pointer did not move.
    fn pointer_down(&self, client_x: f64, client_y: f64) {
        let Some((x, y)) = self.to_canvas(client_x, client_y) else {
            return;
        };
        let Some(square) = self.state.borrow().layout.square_at(x, y) else {
            return;
        };
        self.state.borrow_mut().cursor = None;
        let was_selected = self.state.borrow().game.selected() == Some(square);
        if !was_selected {
            self.click(square);
        }
        let mut st = self.state.borrow_mut();
        st.drag = (st.game.selected() == Some(square)).then_some(Drag {
            from: square,
            start: (x, y),
            x,
            y,
            moved: false,
            was_selected,
        });
    }

    /// Moves the dragged piece with the pointer.
    fn pointer_move(&self, client_x: f64, client_y: f64) {
        let Some((x, y)) = self.to_canvas(client_x, client_y) else {
            return;
        };
        {
            let mut st = self.state.borrow_mut();
            // A few pixels of jitter during a tap is not a drag.
            let threshold = f64::from(st.layout.size) / 100.0;
            let Some(drag) = st.drag.as_mut() else {
                let hover = st.layout.square_at(x, y);
                if hover != st.hover {
                    // The blast preview follows the pointer (a launch's target, a carrier).
                    st.hover = hover;
                    drop(st);
                    self.redraw();
                }
                return;
            };
            drag.x = x;
            drag.y = y;
            if (x - drag.start.0).hypot(y - drag.start.1) > threshold {
                drag.moved = true;
            }
            if !drag.moved {
                return;
            }
        }
        self.redraw();
    }

    /// A release: drops a dragged piece (playing the move if the square under the pointer is a
    /// target, else snapping back with the piece still selected), or finishes a tap.
    fn pointer_up(&self, client_x: f64, client_y: f64) {
        let Some(drag) = self.state.borrow_mut().drag.take() else {
            return;
        };
        let target = self
            .to_canvas(client_x, client_y)
            .and_then(|(x, y)| self.state.borrow().layout.square_at(x, y));
        if drag.moved {
            if let Some(to) = target.filter(|&to| to != drag.from) {
                self.update(|g| g.drop_on(to));
            } else {
                self.redraw();
            }
        } else if drag.was_selected {
            self.click(drag.from);
        }
    }

    /// Handles a key (its `KeyboardEvent.key` name); returns whether the board used it.
    pub fn key(&self, key: &str) -> bool {
        // Screen directions: "up" is towards the far side of the board as seen.
        let step: Option<(i8, i8)> = match key {
            "ArrowUp" => Some((0, 1)),
            "ArrowDown" => Some((0, -1)),
            "ArrowLeft" => Some((-1, 0)),
            "ArrowRight" => Some((1, 0)),
            _ => None,
        };
        if let Some((dx, dy)) = step {
            let mut st = self.state.borrow_mut();
            let layout = st.layout;
            let next = match st.cursor {
                // The first arrow press shows the cursor where play is likely to start.
                None => st
                    .game
                    .selected()
                    .or_else(|| st.game.king_square(st.game.turn()))
                    .unwrap_or(Square::new(0, 0)),
                Some(c) => {
                    let (dx, dy) = if layout.flipped { (-dx, -dy) } else { (dx, dy) };
                    let file =
                        (i16::from(c.file) + i16::from(dx)).clamp(0, i16::from(layout.files) - 1);
                    let rank =
                        (i16::from(c.rank) + i16::from(dy)).clamp(0, i16::from(layout.ranks) - 1);
                    Square::new(file as u8, rank as u8)
                }
            };
            st.cursor = Some(next);
            drop(st);
            self.redraw();
            return true;
        }
        match key {
            "Enter" | " " if self.with_game(|g| g.curtain()) => {
                self.update(|g| g.lift_curtain());
                true
            }
            "Enter"
                if self.with_game(|g| {
                    g.carriers_to_choose() > 0
                        && g.marks().len() == usize::from(g.carriers_to_choose())
                }) =>
            {
                self.update(|g| g.confirm_carriers()).is_ok()
            }
            "Enter" | " " => {
                let cursor = self.state.borrow().cursor;
                if let Some(square) = cursor {
                    self.click(square);
                }
                cursor.is_some()
            }
            // Escape while an earlier position is shown goes back to the game.
            "Escape" if self.with_game(|g| g.viewing().is_some()) => self.browse(None),
            "Escape" => {
                let selected = self.state.borrow().game.selected();
                if let Some(square) = selected {
                    self.click(square);
                }
                selected.is_some()
            }
            _ => false,
        }
    }

    /// Shows the position after `ply` moves, read-only (`None`: back to the live position);
    /// returns whether the board changed. Refused while a curtain is up or carriers are chosen.
    pub fn browse(&self, ply: Option<usize>) -> bool {
        self.browsed(|g| g.browse(ply))
    }

    /// One step back (`-1`) or forward (`1`) through the moves; see [`Game::browse_step`].
    pub fn browse_step(&self, step: isize) -> bool {
        self.browsed(|g| g.browse_step(step))
    }

    /// Runs a browsing step on the game and, when the board changed, drops what belonged to the
    /// position left (a running explosion, a drag, the hover) and redraws.
    fn browsed(&self, step: impl FnOnce(&mut Game) -> bool) -> bool {
        let changed = step(&mut self.state.borrow_mut().game);
        if changed {
            {
                let mut st = self.state.borrow_mut();
                st.explosion = None;
                st.drag = None;
                st.hover = None;
            }
            self.redraw();
        }
        changed
    }

    /// Wires the move-list browsing of the page: a click on a move in `#moves` shows the
    /// position after it; in the focused list the arrow keys step through the moves, Home shows
    /// the start and End (or Escape) the live position; the `#first`, `#prev`, `#next`,
    /// `#last` buttons and `#viewing-live` do the same; `#viewing` tells which move is shown.
    pub fn wire_browsing(&self, document: &web_sys::Document) -> Result<(), JsValue> {
        self.wire_browsing_with(|id| {
            document
                .get_element_by_id(id)
                .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        })
    }

    /// [`App::wire_browsing`] with the controls found by `element(name)` for the names `moves`,
    /// `first`, `prev`, `next`, `last`, `viewing`, `viewing-text` and `viewing-live` (each
    /// optional): an embedded board passes its own elements (`embed.rs`).
    pub fn wire_browsing_with(
        &self,
        element: impl Fn(&str) -> Option<HtmlElement>,
    ) -> Result<(), JsValue> {
        type Action = fn(&App);
        let buttons: [(&str, Action); 5] = [
            ("first", |a| {
                a.browse(Some(0));
            }),
            ("prev", |a| {
                a.browse_step(-1);
            }),
            ("next", |a| {
                a.browse_step(1);
            }),
            ("last", |a| {
                a.browse(None);
            }),
            ("viewing-live", |a| {
                a.browse(None);
            }),
        ];
        for (id, action) in buttons {
            if let Some(button) = element(id) {
                let handle = self.clone();
                let closure = Closure::<dyn FnMut()>::new(move || action(&handle));
                button
                    .add_event_listener_with_callback("click", closure.as_ref().unchecked_ref())?;
                closure.forget();
            }
        }
        if let Some(list) = element("moves") {
            if !list.has_attribute("tabindex") {
                list.set_attribute("tabindex", "0")?;
            }
            let handle = self.clone();
            let on_click =
                Closure::<dyn FnMut(web_sys::MouseEvent)>::new(move |e: web_sys::MouseEvent| {
                    let ply = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .and_then(|t| t.closest("[data-ply]").ok().flatten())
                        .and_then(|t| t.get_attribute("data-ply"))
                        .and_then(|p| p.parse::<usize>().ok());
                    if let Some(ply) = ply {
                        handle.browse(Some(ply));
                    }
                });
            list.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref())?;
            on_click.forget();
            let handle = self.clone();
            let on_key = Closure::<dyn FnMut(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                if e.alt_key() || e.ctrl_key() || e.meta_key() {
                    return;
                }
                let used = match e.key().as_str() {
                    "ArrowLeft" | "ArrowUp" => {
                        handle.browse_step(-1);
                        true
                    }
                    "ArrowRight" | "ArrowDown" => {
                        handle.browse_step(1);
                        true
                    }
                    "Home" => {
                        handle.browse(Some(0));
                        true
                    }
                    "End" | "Escape" => {
                        handle.browse(None);
                        true
                    }
                    _ => false,
                };
                if used {
                    e.prevent_default();
                }
            });
            list.add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref())?;
            on_key.forget();
        }
        self.state.borrow_mut().browsing = Browsing {
            indicator: element("viewing"),
            text: element("viewing-text"),
            first: element("first"),
            prev: element("prev"),
            next: element("next"),
            last: element("last"),
        };
        self.redraw();
        Ok(())
    }

    /// The keyboard cursor's square, if shown.
    pub fn cursor(&self) -> Option<Square> {
        self.state.borrow().cursor
    }

    /// Abandons a drag (the browser took the pointer away): the piece snaps back.
    fn cancel_drag(&self) {
        if self.state.borrow_mut().drag.take().is_some() {
            self.redraw();
        }
    }

    /// Clicks a square as a player would and redraws.
    pub fn click(&self, square: Square) -> ClickOutcome {
        self.update(|g| g.click(square))
    }

    /// Starts a new game of `variant` (the board resizes to 8×8 or 10×10).
    pub fn new_game(&self, variant: Variant) {
        self.set_game(Game::new(variant));
    }

    /// Replaces the game on the board (for example one set up from a position text).
    pub fn set_game(&self, game: Game) {
        {
            let mut st = self.state.borrow_mut();
            st.layout.files = game.files();
            st.layout.ranks = game.ranks();
            // Against the computer the human's side is at the bottom.
            if let Some(computer) = game.computer() {
                st.layout.flipped = computer == Color::White;
            }
            st.game = game;
            // A drag or cursor of the old board (maybe of another size) means nothing here.
            st.drag = None;
            st.cursor = None;
            st.hover = None;
            st.explosion = None;
        }
        self.cancel_thinking();
        self.redraw();
        self.save();
        self.maybe_think();
    }

    /// Turns the board around.
    pub fn flip(&self) {
        {
            let mut st = self.state.borrow_mut();
            st.layout.flipped = !st.layout.flipped;
        }
        self.redraw();
    }

    /// Runs `f` on the game (read only).
    pub fn with_game<R>(&self, f: impl FnOnce(&Game) -> R) -> R {
        f(&self.state.borrow().game)
    }

    /// The current layout (canvas pixels per square, orientation).
    pub fn layout(&self) -> Layout {
        self.state.borrow().layout
    }

    /// The canvas the board is drawn on.
    pub fn canvas(&self) -> HtmlCanvasElement {
        self.state.borrow().canvas.clone()
    }

    /// The centre of a named square in client (CSS) pixels, for clicking it from a test or a
    /// script; `None` if the name is not a square of this board.
    pub fn square_center(&self, name: &str) -> Option<(f64, f64)> {
        let st = self.state.borrow();
        let sq = Square::parse(name, st.layout.files, st.layout.ranks)?;
        let rect = st.canvas.get_bounding_client_rect();
        let scale_x = rect.width() / f64::from(st.canvas.width().max(1));
        let scale_y = rect.height() / f64::from(st.canvas.height().max(1));
        let (x, y) = st.layout.square_rect(sq).center();
        Some((rect.left() + x * scale_x, rect.top() + y * scale_y))
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The explosion a move sets off, if any, as (centre, square) pairs of its 3×3 area: a boom,
/// a launch, or under Dead Man's Switch the capture of a carrier (centred where the captured
/// piece stood). `prev` is the referee's position before the move: a captured carrier explodes
/// in plain view, so nothing secret is given away.
fn explosion_of(prev: &VariantPosition, m: Move, dead_mans_switch: bool) -> Vec<(Square, Square)> {
    let centre = match m.kind {
        MoveKind::Boom => Some(m.from),
        MoveKind::Launch => Some(m.to),
        _ if dead_mans_switch => {
            let captured = if m.kind == MoveKind::EnPassant {
                let (to_file, _) = prev.coords(m.to);
                let (_, from_rank) = prev.coords(m.from);
                prev.square(to_file, from_rank)
            } else {
                Some(m.to)
            };
            captured.filter(|&sq| {
                prev.is_carrier(sq) && prev.piece_at(sq).is_some_and(|p| p.color != prev.turn())
            })
        }
        _ => None,
    };
    let Some(centre) = centre else {
        return Vec::new();
    };
    let (cf, cr) = prev.coords(centre);
    let mut area = Vec::new();
    for dr in -1i16..=1 {
        for df in -1i16..=1 {
            let (f, r) = (i16::from(cf) + df, i16::from(cr) + dr);
            if (0..i16::from(prev.files())).contains(&f)
                && (0..i16::from(prev.ranks())).contains(&r)
            {
                area.push((Square::new(cf, cr), Square::new(f as u8, r as u8)));
            }
        }
    }
    area
}

/// Shows or hides an element.
fn show(element: &Option<HtmlElement>, visible: bool) {
    if let Some(e) = element {
        e.set_hidden(!visible);
    }
}

/// Enables or disables a button.
fn enable(element: &Option<HtmlElement>, enabled: bool) {
    if let Some(e) = element {
        if enabled {
            e.remove_attribute("disabled").ok();
        } else {
            e.set_attribute("disabled", "").ok();
        }
    }
}

/// Fills the move list (numbered SAN pairs) and sets the buttons' states.
fn update_panel(panel: &Panel, game: &Game) {
    if let Some(list) = &panel.moves {
        let sans = game.san_moves();
        let first_black = game.referee().start_position().turn() == Color::Black;
        let mut html = String::new();
        let mut number = game.referee().start_position().fullmoves();
        let mut i = 0;
        // Each move carries the number of moves played after it (`data-ply`): a click on it
        // shows that position; the one being viewed is marked as current.
        let viewing = game.viewing();
        let cell = |ply: Option<usize>, text: &str| match ply {
            Some(ply) if viewing == Some(ply) => format!(
                "<span data-ply=\"{ply}\" class=\"current\" aria-current=\"step\">{}</span>",
                escape(text)
            ),
            Some(ply) => format!("<span data-ply=\"{ply}\">{}</span>", escape(text)),
            None => format!("<span>{}</span>", escape(text)),
        };
        while i < sans.len() {
            let (white, black) = if i == 0 && first_black {
                (cell(None, "…"), sans.first().map(|s| cell(Some(1), s)))
            } else {
                (
                    cell(Some(i + 1), &sans[i]),
                    sans.get(i + 1).map(|s| cell(Some(i + 2), s)),
                )
            };
            i += if i == 0 && first_black { 1 } else { 2 };
            html.push_str(&format!(
                "<li value=\"{number}\">{white} {}</li>",
                black.unwrap_or_else(|| cell(None, ""))
            ));
            number += 1;
        }
        // Only when the list changed: redraws (every animation frame, every hover) must not
        // replace the element under a click or pull a list the player scrolled back.
        if list.inner_html() != html {
            list.set_inner_html(&html);
            if viewing.is_none() {
                list.set_scroll_top(list.scroll_height());
            }
        }
    }
    if let Some(result) = &panel.result {
        match game.outcome() {
            Some(outcome) => {
                let who = match outcome.winner() {
                    Some(winner) => format!("{} wins", side_name(winner)),
                    None => "Draw".to_owned(),
                };
                let carriers = if game.variant() == boomchess_rules::Variant::Beirut {
                    format!("<br>{}", escape(&carriers_left(game.referee().position())))
                } else {
                    String::new()
                };
                result.set_inner_html(&format!(
                    "<strong>{}</strong>{who}: {}.{carriers}",
                    outcome.result(),
                    escape(outcome.reason().describe())
                ));
                result.set_hidden(false);
            }
            None => {
                result.set_hidden(true);
                result.set_inner_html("");
            }
        }
    }
    enable(&panel.undo, game.can_undo());
    enable(&panel.redo, game.can_redo());
    show(
        &panel.boom,
        game.selected_boom().is_some() && !game.is_diagram(),
    );
    show(&panel.confirm, game.carriers_to_choose() > 0);
    enable(
        &panel.confirm,
        game.marks().len() == usize::from(game.carriers_to_choose()),
    );
}

/// The bomb carriers still on the board, named for the game-over box (the board shows them
/// too): `Carriers: White pawn d2; Black knight f6` (`none left` for a side whose carriers are
/// gone).
fn carriers_left(position: &VariantPosition) -> String {
    let side = |color: Color| {
        let names: Vec<String> = position
            .carriers(color)
            .into_iter()
            .filter_map(|sq| {
                let piece = position.piece_at(sq)?;
                Some(format!(
                    "{} {}",
                    piece.role.name(),
                    position.square_name(sq)
                ))
            })
            .collect();
        let list = if names.is_empty() {
            "none left".to_owned()
        } else {
            names.join(", ")
        };
        format!("{} {list}", side_name(color))
    };
    format!("Carriers: {}; {}", side(Color::White), side(Color::Black))
}

/// The browsing controls and the indicator: which earlier move is shown, the buttons enabled
/// as far as they lead somewhere, the board outlined and the current move scrolled into view.
fn update_browsing(browsing: &Browsing, panel: &Panel, game: &Game, canvas: &HtmlCanvasElement) {
    let can = game.can_browse();
    let viewing = game.viewing();
    enable(&browsing.first, can && viewing != Some(0));
    enable(&browsing.prev, can && viewing != Some(0));
    enable(&browsing.next, viewing.is_some());
    enable(&browsing.last, viewing.is_some());
    show(&browsing.indicator, viewing.is_some());
    if let (Some(text), Some(ply)) = (&browsing.text, viewing) {
        text.set_text_content(Some(&viewing_text(game, ply)));
    }
    canvas
        .toggle_attribute_with_force("data-viewing", viewing.is_some())
        .ok();
    if let Some(list) = &panel.moves {
        list.toggle_attribute_with_force("data-browsable", can).ok();
        let current = list
            .query_selector(".current")
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<HtmlElement>().ok());
        // The move viewed is scrolled to the middle of the list once, when it becomes current.
        let ply = viewing.map(|n| n.to_string());
        if list.get_attribute("data-scrolled-to") != ply {
            match (&ply, current) {
                (Some(ply), Some(current)) => {
                    let middle = (list.client_height() - current.offset_height()) / 2;
                    list.set_scroll_top((current.offset_top() - middle).max(0));
                    list.set_attribute("data-scrolled-to", ply).ok();
                }
                _ => {
                    list.remove_attribute("data-scrolled-to").ok();
                }
            }
        }
    }
}

/// Adds the browsing functions to a game handle (`window.boomchess.game`): `browse(n)` shows
/// the position after `n` moves read-only (`null`, or the number of moves played, goes back to
/// the game) and returns whether the board changed; `viewing()` is the number of moves of the
/// position shown, or `null` at the live position.
pub fn browsing_api(app: &App, game: &js_sys::Object) -> Result<(), JsValue> {
    let a = app.clone();
    let browse = Closure::<dyn Fn(JsValue) -> Result<bool, JsValue>>::new(move |n: JsValue| {
        if n.is_null() || n.is_undefined() {
            return Ok(a.browse(None));
        }
        match n.as_f64() {
            Some(n) if n >= 0.0 && n.fract() == 0.0 => Ok(a.browse(Some(n as usize))),
            _ => Err(js_sys::Error::new(
                "browse takes a number of moves (0 = the start position) or null (the game)",
            )
            .into()),
        }
    });
    js_sys::Reflect::set(game, &"browse".into(), browse.as_ref())?;
    browse.forget();
    let a = app.clone();
    let viewing = Closure::<dyn Fn() -> JsValue>::new(move || {
        a.with_game(|g| g.viewing())
            .map_or(JsValue::NULL, |n| JsValue::from_f64(n as f64))
    });
    js_sys::Reflect::set(game, &"viewing".into(), viewing.as_ref())?;
    viewing.forget();
    Ok(())
}

/// "Viewing the start position" or "Viewing move 12. Nf3" / "Viewing move 12… Nc6".
pub fn viewing_text(game: &Game, ply: usize) -> String {
    let Some(san) = ply
        .checked_sub(1)
        .and_then(|i| game.san_moves().get(i).cloned())
    else {
        return "Viewing the start position".to_owned();
    };
    let start = game.referee().start_position();
    let black_first = usize::from(start.turn() == Color::Black);
    let index = ply - 1 + black_first;
    let number = start.fullmoves() as usize + index / 2;
    let dots = if index % 2 == 0 { "." } else { "…" };
    format!("Viewing move {number}{dots}\u{a0}{san}")
}

/// Escapes text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;")
}

/// `status()` for JavaScript: `{turn, phase, result, reason}`.
pub fn status_js(game: &Game) -> JsValue {
    let o = js_sys::Object::new();
    let set = |k: &str, v: JsValue| {
        js_sys::Reflect::set(&o, &JsValue::from_str(k), &v).ok();
    };
    let turn = match game.turn() {
        Color::White => "white",
        Color::Black => "black",
    };
    set("turn", JsValue::from_str(turn));
    let phase = if game.carriers_pending() {
        "setup"
    } else if game.is_over() {
        "over"
    } else {
        "play"
    };
    set("phase", JsValue::from_str(phase));
    let outcome = game.outcome();
    set(
        "result",
        outcome.map_or(JsValue::NULL, |o| JsValue::from_str(o.result())),
    );
    set(
        "reason",
        outcome.map_or(JsValue::NULL, |o| JsValue::from_str(o.reason().name())),
    );
    set("curtain", JsValue::from_bool(game.curtain()));
    o.into()
}

/// "White to move", "Black to move — check!", or how the game ended.
pub fn status_text(game: &Game) -> String {
    if game.is_diagram() && !game.is_over() {
        return format!(
            "Diagram: {} to move — click a piece to see its moves",
            side_name(game.turn())
        );
    }
    if game.curtain() {
        return if game.carriers_pending() {
            format!(
                "{} chooses carriers — tap the board to continue",
                side_name(game.turn())
            )
        } else {
            format!(
                "{} to move — tap the board to continue",
                side_name(game.turn())
            )
        };
    }
    if game.carriers_pending() {
        let n = game.carriers_to_choose();
        return format!(
            "{}: mark {} carrier{} ({} marked), then Confirm",
            side_name(game.turn()),
            n,
            if n == 1 { "" } else { "s" },
            game.marks().len()
        );
    }
    match game.outcome() {
        Some(outcome) => match outcome.winner() {
            Some(winner) => format!(
                "{} wins: {} ({})",
                side_name(winner),
                outcome.reason().describe(),
                outcome.result()
            ),
            None => format!("Draw: {} (1/2-1/2)", outcome.reason().describe()),
        },
        None if game.checked_king().is_some() => {
            format!("{} to move — check!", side_name(game.turn()))
        }
        None => format!("{} to move", side_name(game.turn())),
    }
}
