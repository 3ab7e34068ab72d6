//! A board on the page: owns the canvas, the game, the layout and the input state; turns pointer
//! and keyboard input into actions on the game (clicks on squares), applies what a change sets
//! off ([`crate::effects`]) and redraws. Rust holds all state; the page only forwards events.
//!
//! A board owns everything it registers: its listeners ([`Listeners`]), the animation frame it
//! asked for, the computer's worker ([`ComputerClient`]). Every closure holds the board weakly,
//! so the board goes when its last [`App`] handle goes, and [`App::unmount`] lets it go at once.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use boomchess_rules::{Color, Square, Variant};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Event, FocusOptions, HtmlCanvasElement, KeyboardEvent, MouseEvent,
    PointerEvent,
};

use crate::computer::{Answer, ComputerClient, Thought};
use crate::effects::{effects_of, Animation, Before, Effects, Event as GameEvent, EventKind};
use crate::game::{ClickOutcome, Game};
use crate::geometry::Layout;
use crate::listeners::Listeners;
use crate::online::{board_clock, board_view, online_state, OnlineLink, SocketEvent};
use crate::panel::Panel;
use crate::render::{
    draw_board_with, draw_cursor, draw_drawings, draw_explosion, Blast, Drawings, Theme, THEMES,
};
use crate::sound::Sound;

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

/// The interval that keeps a running clock shown and watches for its flag.
struct Ticker {
    id: i32,
    _callback: Closure<dyn FnMut()>,
}

/// The animation frame a board asked for, and the closure the browser will call.
struct Frame {
    id: Option<i32>,
    callback: Closure<dyn FnMut()>,
}

/// The online game a board plays, if any. Built without the `online` feature (the embedded
/// boards' module, `crates/board`) it holds none and says so as a constant: nothing of online
/// play's code is reached, and the module keeps none of it.
#[derive(Default)]
struct OnlineSlot {
    #[cfg(feature = "online")]
    link: Option<OnlineLink>,
}

impl OnlineSlot {
    /// The online game's link.
    fn get(&self) -> Option<&OnlineLink> {
        #[cfg(feature = "online")]
        return self.link.as_ref();
        #[cfg(not(feature = "online"))]
        None
    }

    /// The online game's link, to act on.
    fn get_mut(&mut self) -> Option<&mut OnlineLink> {
        #[cfg(feature = "online")]
        return self.link.as_mut();
        #[cfg(not(feature = "online"))]
        None
    }

    /// Plays `link`'s game (the one played before, if any, is left: its connection closes).
    #[cfg(feature = "online")]
    fn set(&mut self, link: OnlineLink) {
        self.link = Some(link);
    }

    /// Leaves the online game (its connection closes).
    fn clear(&mut self) {
        #[cfg(feature = "online")]
        {
            self.link = None;
        }
    }
}

struct State {
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    game: Game,
    layout: Layout,
    drag: Option<Drag>,
    /// The keyboard cursor, shown once an arrow key was used (pointer input hides it).
    cursor: Option<Square>,
    /// The square under the mouse (for the blast preview of a launch).
    hover: Option<Square>,
    /// The elements beside the board, kept in step with the game.
    panel: Panel,
    /// The board's own event listeners: canvas input, window resizes.
    listeners: Listeners,
    /// The listeners of the panel's controls.
    panel_listeners: Listeners,
    /// Listeners of the page around the board, handed over by [`App::adopt`].
    adopted: Vec<Listeners>,
    /// `on(event, callback)` subscribers.
    subscribers: Vec<(EventKind, js_sys::Function)>,
    /// Whether every change of the game is saved to `localStorage` (the game page only).
    persist: bool,
    /// The explosion being animated and when it started (`Date.now()` milliseconds).
    explosion: Option<(Blast, f64)>,
    frame: Option<Frame>,
    /// While a clock runs: the interval showing it.
    ticker: Option<Ticker>,
    /// The computer's side: its worker and the request in flight.
    computer: ComputerClient,
    /// The engine commenting on the position shown (a worker of its own), whether the player
    /// asked for it, and its last comment: the position it is about and what it found.
    analyst: ComputerClient,
    analysing: bool,
    analysis: Option<(String, Thought)>,
    /// `play()` promises waiting for the computer's reply: (resolve, reject).
    waiters: Vec<(js_sys::Function, js_sys::Function)>,
    /// The sound effects (the game page only; embedded boards are silent).
    sound: Option<Sound>,
    /// The board's colours.
    theme: (&'static str, &'static Theme),
    /// Arrows and square marks drawn with the secondary button, and where one begins.
    drawings: Drawings,
    marking: Option<Square>,
    /// An online game: its connection, the seat this browser holds, and the last problem to
    /// tell the player (a refused action, a record that did not hold).
    online: OnlineSlot,
    online_problem: Option<String>,
    /// `play()` promises waiting for the server to record the move sent: (resolve, reject).
    online_waiters: Vec<(js_sys::Function, js_sys::Function)>,
    /// Told the variant when an online game arrives on the board (the game page's menu).
    on_online_game: Option<Rc<dyn Fn(Variant)>>,
}

impl State {
    /// The engine's comment if it is about the position shown: (that position, what it found).
    fn current_analysis(&self) -> Option<(&str, &Thought)> {
        let turn = self.game.analysis_turn()?;
        self.analysis
            .as_ref()
            .filter(|(fen, _)| *fen == turn.fen)
            .map(|(fen, thought)| (fen.as_str(), thought))
    }
}

/// A board mounted on a canvas. Cloning gives another handle to the same board.
#[derive(Clone)]
pub struct App {
    state: Rc<RefCell<State>>,
}

/// A handle that does not keep the board alive (for the closures of the board's listeners).
#[derive(Clone)]
pub struct WeakApp(Weak<RefCell<State>>);

impl WeakApp {
    /// The board, if it still exists.
    pub fn upgrade(&self) -> Option<App> {
        self.0.upgrade().map(|state| App { state })
    }
}

impl App {
    /// A weak handle to this board.
    pub fn downgrade(&self) -> WeakApp {
        WeakApp(Rc::downgrade(&self.state))
    }

    /// Makes `listeners` the board's own: they go when it is unmounted (the game page's own
    /// controls, registered around the board).
    pub fn adopt(&self, listeners: Listeners) {
        self.state.borrow_mut().adopted.push(listeners);
    }

    /// Mounts a new game of `variant` on `canvas`: sizes the canvas to its CSS box at the
    /// screen's pixel ratio, draws the board and listens for pointer and keyboard input and
    /// window resizes.
    pub fn mount(canvas: HtmlCanvasElement, variant: Variant) -> Result<App, JsValue> {
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("this browser has no 2D canvas"))?
            .dyn_into()?;
        let game = Game::new(variant);
        let layout = Layout {
            board: game.board_size(),
            size: canvas.width().max(1),
            flipped: false,
        };
        let app = App {
            state: Rc::new(RefCell::new(State {
                canvas: canvas.clone(),
                ctx,
                game,
                layout,
                drag: None,
                cursor: None,
                hover: None,
                panel: Panel::default(),
                listeners: Listeners::default(),
                panel_listeners: Listeners::default(),
                adopted: Vec::new(),
                subscribers: Vec::new(),
                persist: false,
                explosion: None,
                frame: None,
                ticker: None,
                computer: ComputerClient::default(),
                analyst: ComputerClient::default(),
                analysing: false,
                analysis: None,
                waiters: Vec::new(),
                sound: None,
                theme: THEMES[0],
                drawings: Drawings::default(),
                marking: None,
                online: OnlineSlot::default(),
                online_problem: None,
                online_waiters: Vec::new(),
                on_online_game: None,
            })),
        };
        app.fit();
        app.listen_to_input(&canvas)?;
        Ok(app)
    }

    /// A closure that runs `f` on this board while it exists (it holds the board weakly).
    fn weakly<A>(&self, f: impl Fn(&App, A) + 'static) -> impl FnMut(A) + 'static {
        let weak = self.downgrade();
        move |a| {
            if let Some(app) = weak.upgrade() {
                f(&app, a);
            }
        }
    }

    /// Listens to the canvas (pointer and keys) and to window resizes.
    fn listen_to_input(&self, canvas: &HtmlCanvasElement) -> Result<(), JsValue> {
        let mut listeners = Listeners::default();
        listeners.on(
            canvas,
            "pointerdown",
            self.weakly(|app, e: PointerEvent| {
                // The secondary button draws: an arrow, or a mark on one square.
                if e.button() == 2 {
                    e.prevent_default();
                    app.mark_start(f64::from(e.client_x()), f64::from(e.client_y()));
                    return;
                }
                // Primary button or a touch/pen contact only.
                if e.button() == 0 {
                    e.prevent_default();
                    // Keep receiving the pointer's moves outside the canvas while dragging
                    // (fails harmlessly for synthetic events, which have no live pointer).
                    app.canvas().set_pointer_capture(e.pointer_id()).ok();
                    // preventDefault also stops the browser focusing the board; keys should go
                    // to it after a click too.
                    let options = FocusOptions::new();
                    options.set_prevent_scroll(true);
                    app.canvas().focus_with_options(&options).ok();
                    app.pointer_down(f64::from(e.client_x()), f64::from(e.client_y()));
                }
            }),
        )?;
        listeners.on(
            canvas,
            "pointermove",
            self.weakly(|app, e: PointerEvent| {
                app.pointer_move(f64::from(e.client_x()), f64::from(e.client_y()));
            }),
        )?;
        listeners.on(
            canvas,
            "pointerup",
            self.weakly(|app, e: PointerEvent| {
                if e.button() == 2 {
                    app.mark_end(f64::from(e.client_x()), f64::from(e.client_y()));
                    return;
                }
                app.pointer_up(f64::from(e.client_x()), f64::from(e.client_y()));
            }),
        )?;
        // The secondary button is the board's own: no context menu over it.
        listeners.on(
            canvas,
            "contextmenu",
            self.weakly(|_, e: Event| e.prevent_default()),
        )?;
        listeners.on(
            canvas,
            "pointercancel",
            self.weakly(|app, _: Event| app.cancel_drag()),
        )?;
        listeners.on(
            canvas,
            "pointerleave",
            self.weakly(|app, _: Event| {
                // The pointer left the board: no hover preview any more.
                if app.state.borrow_mut().hover.take().is_some() {
                    app.redraw();
                }
            }),
        )?;
        // Keyboard play: the canvas takes focus (Tab), arrows move a cursor, Enter or Space
        // clicks the cursor's square, Escape drops the selection.
        if !canvas.has_attribute("tabindex") {
            canvas.set_attribute("tabindex", "0")?;
        }
        listeners.on(
            canvas,
            "keydown",
            self.weakly(|app, e: KeyboardEvent| {
                if !(e.alt_key() || e.ctrl_key() || e.meta_key()) && app.key(&e.key()) {
                    e.prevent_default();
                }
            }),
        )?;
        if let Some(window) = web_sys::window() {
            listeners.on(&window, "resize", self.weakly(|app, _: Event| app.fit()))?;
        }
        self.state.borrow_mut().listeners = listeners;
        Ok(())
    }

    /// Lets the board go: removes every listener it registered, stops its animation and the
    /// computer's worker, settles the `play()` promises still waiting, and forgets the panel.
    /// The canvas keeps its last picture; nothing of the board runs any more.
    pub fn unmount(&self) {
        let waiters = {
            let mut st = self.state.borrow_mut();
            st.listeners.clear();
            st.panel_listeners.clear();
            st.adopted.clear();
            if let (Some(frame), Some(window)) = (st.frame.take(), web_sys::window()) {
                if let Some(id) = frame.id {
                    window.cancel_animation_frame(id).ok();
                }
            }
            st.computer.stop();
            st.analyst.stop();
            if let (Some(ticker), Some(window)) = (st.ticker.take(), web_sys::window()) {
                window.clear_interval_with_handle(ticker.id);
            }
            st.subscribers.clear();
            st.panel = Panel::default();
            st.sound = None;
            st.persist = false;
            st.explosion = None;
            std::mem::take(&mut st.waiters)
        };
        let error: JsValue = js_sys::Error::new("the board was unmounted").into();
        for (_, reject) in waiters {
            reject.call1(&JsValue::NULL, &error).ok();
        }
    }

    /// Sets the elements beside the board and wires their controls (the buttons, the move
    /// list's clicks and keys): the same wiring for the game page and for embedded boards.
    pub fn set_panel(&self, panel: Panel) -> Result<(), JsValue> {
        let mut listeners = Listeners::default();
        type Action = fn(&App);
        let buttons: [(&Option<web_sys::HtmlElement>, Action); 13] = [
            (&panel.undo, |a| {
                a.update(|g| g.undo());
            }),
            (&panel.redo, |a| {
                a.update(|g| g.redo());
            }),
            (&panel.boom, |a| {
                a.update(|g| g.boom());
            }),
            (&panel.confirm, |a| {
                a.update(|g| g.confirm_carriers()).ok();
            }),
            (&panel.flip, |a| a.flip()),
            (&panel.first, |a| {
                a.browse(Some(0));
            }),
            (&panel.prev, |a| {
                a.browse_step(-1);
            }),
            (&panel.next, |a| {
                a.browse_step(1);
            }),
            (&panel.last, |a| {
                a.browse(None);
            }),
            (&panel.viewing_live, |a| {
                a.browse(None);
            }),
            (&panel.analysis, |a| {
                a.set_analysing(!a.analysing());
            }),
            (&panel.abort, |a| {
                a.act_online(|| boomchess_online::Action::Abort).ok();
            }),
            (&panel.draw_decline, |a| {
                a.act_online(|| boomchess_online::Action::DeclineDraw).ok();
            }),
        ];
        for (button, action) in buttons {
            if let Some(button) = button {
                listeners.on(button, "click", self.weakly(move |a, _: Event| action(a)))?;
            }
        }
        if let Some(list) = &panel.moves {
            if !list.has_attribute("tabindex") {
                list.set_attribute("tabindex", "0")?;
            }
            listeners.on(
                list,
                "click",
                self.weakly(|app, e: MouseEvent| {
                    let ply = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .and_then(|t| t.closest("[data-ply]").ok().flatten())
                        .and_then(|t| t.get_attribute("data-ply"))
                        .and_then(|p| p.parse::<usize>().ok());
                    if let Some(ply) = ply {
                        app.browse(Some(ply));
                    }
                }),
            )?;
            listeners.on(
                list,
                "keydown",
                self.weakly(|app, e: KeyboardEvent| {
                    if e.alt_key() || e.ctrl_key() || e.meta_key() {
                        return;
                    }
                    let step = match e.key().as_str() {
                        "ArrowLeft" | "ArrowUp" => Some(Some(-1)),
                        "ArrowRight" | "ArrowDown" => Some(Some(1)),
                        "Home" => Some(None),
                        "End" | "Escape" => {
                            app.browse(None);
                            None
                        }
                        _ => return,
                    };
                    match step {
                        Some(Some(step)) => {
                            app.browse_step(step);
                        }
                        Some(None) => {
                            app.browse(Some(0));
                        }
                        None => {}
                    }
                    e.prevent_default();
                }),
            )?;
        }
        {
            let mut st = self.state.borrow_mut();
            // The board's input listeners stay; the old panel's go.
            st.panel = panel;
            st.panel_listeners = listeners;
        }
        self.redraw();
        Ok(())
    }

    /// Draws the board in the theme named `name` (`wood`, `ice`).
    pub fn set_theme(&self, name: &str) -> Result<(), String> {
        let theme = THEMES
            .into_iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| {
                let names: Vec<&str> = THEMES.iter().map(|(n, _)| *n).collect();
                format!("unknown theme {name:?} (expected {})", names.join(" or "))
            })?;
        self.state.borrow_mut().theme = theme;
        self.redraw();
        Ok(())
    }

    /// The name of the board's theme.
    pub fn theme(&self) -> &'static str {
        self.state.borrow().theme.0
    }

    /// Announces nothing of the game as it stands now (a board that appears with its game is
    /// not told; only what happens on it from now on), and redraws.
    pub fn hush(&self) {
        self.state.borrow().panel.hush();
        self.redraw();
    }

    /// Plays the sound effects of the game's moves from now on (the game page's sound).
    pub fn set_sound(&self, sound: Option<Sound>) {
        self.state.borrow_mut().sound = sound;
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

    /// Draws the board and updates the panel.
    pub fn redraw(&self) {
        let st = self.state.borrow();
        let floating = st
            .drag
            .filter(|d| d.moved)
            .map(|d| crate::render::Floating {
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
            st.theme.1,
            floating,
            // The keyboard cursor previews a launch's blast as the pointer does.
            st.hover.or(st.cursor),
            blast.is_none(),
        );
        if let Some((blast, start)) = blast {
            draw_explosion(&st.ctx, &st.layout, blast, (now - start) / EXPLOSION_MS);
        }
        // Neither the player's drawings nor the keyboard cursor go over the pass-the-device
        // curtain (the cursor would hint where play goes on).
        let curtain_drawn = st.game.curtain() && blast.is_none();
        if !curtain_drawn {
            draw_drawings(&st.ctx, &st.layout, &st.drawings);
        }
        if let Some(cursor) = st.cursor.filter(|_| !curtain_drawn) {
            draw_cursor(&st.ctx, &st.layout.square_rect(cursor), st.theme.1);
        }
        let board = crate::panel::BoardState {
            thinking: st.computer.thinking(),
            exploding: blast.is_some(),
            cursor: st.cursor,
            flipped: st.layout.flipped,
        };
        st.panel.show(&st.game, &board, &st.canvas);
        let online = st
            .online
            .get()
            .map(|link| crate::online::panel_view(link, st.online_problem.as_deref()));
        st.panel.show_online(online.as_ref());
        let found = if st.analysing {
            st.current_analysis()
        } else {
            None
        };
        st.panel.show_analysis(&st.game, st.analysing, found);
    }

    /// Whether the computer is thinking.
    pub fn thinking(&self) -> bool {
        self.state.borrow().computer.thinking()
    }

    /// The computer's last move: time in the worker, nodes, depth.
    pub fn last_thought(&self) -> Option<Thought> {
        self.state.borrow().computer.last_thought.clone()
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
            st.computer.cancel();
            std::mem::take(&mut st.waiters)
        };
        for (resolve, _) in waiters {
            resolve.call1(&JsValue::NULL, &JsValue::NULL).ok();
        }
    }

    /// Asks the worker for the computer's move when it is its turn.
    fn think(&self) {
        let turn = {
            let st = self.state.borrow();
            if st.computer.thinking() {
                return;
            }
            match st.game.computer_turn() {
                Some(turn) => turn,
                None => return,
            }
        };
        let on_reply = {
            let weak = self.downgrade();
            move |data: JsValue| {
                if let Some(app) = weak.upgrade() {
                    app.on_reply(&data);
                }
            }
        };
        let asked = self.state.borrow_mut().computer.ask(&turn, on_reply);
        if let Err(err) = asked {
            web_sys::console::error_1(&err);
        }
        self.redraw();
    }

    /// A reply of the worker: plays the computer's move and settles the waiting promises.
    fn on_reply(&self, data: &JsValue) {
        let Some(answer) = self.state.borrow_mut().computer.answer(data) else {
            return;
        };
        let waiters = std::mem::take(&mut self.state.borrow_mut().waiters);
        let result = match answer {
            Answer::Move(uci, _) => self.update(|g| g.play_computer(&uci)),
            Answer::Failed(error) => Err(error),
        };
        match result {
            Ok(()) => {
                // A move the human queued meanwhile is played now (if still legal); the promises
                // settle with the computer's reply either way.
                let san = self.with_game(|g| g.san_moves().last().cloned().unwrap_or_default());
                self.update(|g| g.play_premove());
                for (resolve, _) in waiters {
                    resolve.call1(&JsValue::NULL, &JsValue::from_str(&san)).ok();
                }
            }
            Err(e) => {
                web_sys::console::error_1(&JsValue::from_str(&format!("computer: {e}")));
                let words = format!("The computer failed: {e}");
                // The status line is not a live region: a screen reader hears it from the
                // announcer, told at this redraw.
                self.state.borrow().panel.announce(&words);
                self.redraw();
                if let Some(status) = &self.state.borrow().panel.status {
                    status.set_text_content(Some(&words));
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
        let mut st = self.state.borrow_mut();
        if st.frame.as_ref().is_some_and(|f| f.id.is_some()) {
            return;
        }
        if st.frame.is_none() {
            let mut on_frame = self.weakly(|app, ()| app.on_frame());
            st.frame = Some(Frame {
                id: None,
                callback: Closure::new(move || on_frame(())),
            });
        }
        if let Some(frame) = st.frame.as_mut() {
            frame.id = window
                .request_animation_frame(frame.callback.as_ref().unchecked_ref())
                .ok();
        }
    }

    fn on_frame(&self) {
        let running = {
            let mut st = self.state.borrow_mut();
            if let Some(frame) = st.frame.as_mut() {
                frame.id = None;
            }
            let running = st
                .explosion
                .as_ref()
                .is_some_and(|(_, start)| js_sys::Date::now() - start < EXPLOSION_MS);
            if !running {
                st.explosion = None;
            }
            running
        };
        self.redraw();
        if running {
            self.animate();
        }
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

    /// Adds an `on(event, callback)` subscriber.
    pub fn on(&self, event: &str, callback: js_sys::Function) -> Result<(), String> {
        let kind = EventKind::from_name(event)?;
        self.state.borrow_mut().subscribers.push((kind, callback));
        Ok(())
    }

    /// Runs a change of the game, then applies what it set off ([`effects_of`]).
    pub fn update<R>(&self, f: impl FnOnce(&mut Game) -> R) -> R {
        let before = Before::of(&self.state.borrow().game);
        let result = f(&mut self.state.borrow_mut().game);
        self.send_online();
        self.state.borrow_mut().game.sync_clock(js_sys::Date::now());
        let effects = self.with_game(|g| effects_of(g, before, !reduced_motion()));
        self.apply(effects);
        result
    }

    /// Applies the effects of a change: the animation, the sounds, a request to the computer
    /// out of date, the redraw, the events, the save and the computer's turn.
    fn apply(&self, effects: Effects) {
        let animate = {
            let mut st = self.state.borrow_mut();
            match effects.animation {
                Animation::Keep => false,
                Animation::Play(blast) => {
                    st.explosion = Some((blast, js_sys::Date::now()));
                    true
                }
                Animation::Stop => {
                    st.explosion = None;
                    false
                }
            }
        };
        if let Some(sound) = self.state.borrow().sound.clone() {
            for cue in &effects.sounds {
                sound.play(*cue);
            }
        }
        if effects.moves_changed && self.thinking() {
            self.cancel_thinking();
        }
        if effects.moves_changed {
            // What was drawn was about the position before.
            self.state.borrow_mut().drawings.clear();
        }
        if let Some(text) = &effects.announcement {
            self.state.borrow().panel.announce(text);
        }
        self.redraw();
        if animate {
            self.animate();
        }
        let calls: Vec<(js_sys::Function, JsValue)> = {
            let st = self.state.borrow();
            effects
                .events
                .iter()
                .flat_map(|event| {
                    let detail = event_detail(event);
                    st.subscribers
                        .iter()
                        .filter(move |(kind, _)| *kind == event.kind())
                        .map(move |(_, f)| (f.clone(), detail.clone()))
                })
                .collect()
        };
        for (f, detail) in calls {
            f.call1(&JsValue::NULL, &detail).ok();
        }
        self.save();
        if effects.think {
            self.think();
        }
        self.keep_clock_ticking();
        self.analyse();
    }

    /// Plays online game `id` on the server at `origin` (`https://host`): as the holder of
    /// `held`, or watching. The board shows the game once the server has sent its record. The
    /// only way into online play (with the `online` feature: `newGame`, `join` and the game
    /// page's invite links call it).
    #[cfg(feature = "online")]
    pub fn open_online(
        &self,
        origin: &str,
        id: boomchess_online::GameId,
        held: Option<crate::online::HeldSeat>,
    ) {
        let weak = self.downgrade();
        let on_socket: crate::online::OnSocket = Rc::new(move |event| {
            if let Some(app) = weak.upgrade() {
                app.on_socket(event);
            }
        });
        let link = OnlineLink::open(origin, id, held, on_socket);
        let mut st = self.state.borrow_mut();
        st.online.set(link);
        st.online_problem = None;
        crate::lobby::show_in_address(Some(id));
    }

    /// Calls `hook` with the variant whenever an online game arrives on the board.
    pub fn on_online_game(&self, hook: Rc<dyn Fn(Variant)>) {
        self.state.borrow_mut().on_online_game = Some(hook);
    }

    /// The online game's link, if the board plays one.
    pub fn with_online<R>(&self, f: impl FnOnce(&OnlineLink) -> R) -> Option<R> {
        self.state.borrow().online.get().map(f)
    }

    /// What `online()` tells of the online game, if the board plays one.
    pub fn online_status(&self) -> Option<JsValue> {
        let st = self.state.borrow();
        let link = st.online.get()?;
        Some(crate::online::status_js(link, st.online_problem.as_deref()))
    }

    /// Sends one of this seat's actions in the online game (resign, a draw offer, abort). The
    /// action is made only when the board plays online: a module without online play keeps no
    /// code of it.
    pub fn act_online(
        &self,
        action: impl FnOnce() -> boomchess_online::Action,
    ) -> Result<(), String> {
        let mut st = self.state.borrow_mut();
        let link = st
            .online
            .get_mut()
            .ok_or("this board plays no online game")?;
        link.act(action());
        Ok(())
    }

    /// What the online game's socket brought: a checked entry of the record, a refusal, a
    /// problem to tell. Its handler is made by `open_online` (the `online` feature) only.
    #[cfg_attr(not(feature = "online"), allow(dead_code))]
    fn on_socket(&self, event: SocketEvent) {
        let result = match self.state.borrow_mut().online.get_mut() {
            Some(link) => link.handle(event),
            None => return,
        };
        use boomchess_online::client::Update;
        let seat = self.with_game(|g| g.seat().map(boomchess_online::Side::from));
        let problem = match &result {
            Ok(Some(Update::Refused { refusal, action })) => {
                if action
                    .as_ref()
                    .is_some_and(boomchess_online::Action::is_move)
                {
                    self.settle_online_waiters(Err(refusal.message.clone()));
                }
                Some(format!("The server refused that: {}.", refusal.message))
            }
            Ok(_) => None,
            Err(refused) => Some(format!(
                "The server sent something that does not hold ({}); reconnecting.",
                refused.message
            )),
        };
        if problem.is_some() {
            self.state.borrow_mut().online_problem = problem;
        }
        self.sync_online();
        if let Ok(Some(Update::Recorded(event))) = &result {
            let moved = matches!(
                &event.what,
                boomchess_online::What::Acted { side, action } if Some(*side) == seat && action.is_move()
            );
            if moved {
                let san = self.with_game(|g| g.san_moves().last().cloned().unwrap_or_default());
                self.settle_online_waiters(Ok(san));
            }
        }
    }

    /// Waits for the server to record the move just sent: `resolve(san)`, or `reject(error)`
    /// when it is refused.
    pub fn when_online_recorded(&self, resolve: js_sys::Function, reject: js_sys::Function) {
        self.state
            .borrow_mut()
            .online_waiters
            .push((resolve, reject));
    }

    /// Settles the `play()` promises waiting for the server to record a move.
    #[cfg_attr(not(feature = "online"), allow(dead_code))]
    fn settle_online_waiters(&self, outcome: Result<String, String>) {
        let waiters = std::mem::take(&mut self.state.borrow_mut().online_waiters);
        for (resolve, reject) in waiters {
            match &outcome {
                Ok(san) => resolve.call1(&JsValue::NULL, &JsValue::from_str(san)),
                Err(why) => reject.call1(&JsValue::NULL, &crate::handle::js_error(why)),
            }
            .ok();
        }
    }

    /// Shows the online game as its checked record now stands.
    #[cfg_attr(not(feature = "online"), allow(dead_code))]
    fn sync_online(&self) {
        let synced = {
            let st = self.state.borrow();
            st.online.get().and_then(|link| {
                let session = link.connection().session();
                let game = session.game()?;
                Some((
                    board_view(game, session.seat(), &link.openings()),
                    session.seat().map(|side| side.color()),
                    online_state(session)?,
                    board_clock(game, link.connection().server_time()),
                ))
            })
        };
        let Some((view, seat, state, clock)) = synced else {
            self.redraw();
            return;
        };
        let now = js_sys::Date::now();
        let playing = self.with_game(|g| g.online_state().is_some());
        if playing {
            self.update(|g| {
                g.sync_online(view, state);
                g.set_online_clock(clock, now);
            });
        } else {
            let mut game = Game::online(view, seat, state);
            game.set_online_clock(clock, now);
            let variant = game.variant();
            self.set_game(game);
            let hook = self.state.borrow().on_online_game.clone();
            if let Some(hook) = hook {
                hook(variant);
            }
        }
        self.send_owed();
    }

    /// Sends what this seat owes and states by itself (see [`OnlineLink::send_owed`]).
    #[cfg_attr(not(feature = "online"), allow(dead_code))]
    fn send_owed(&self) {
        if let Some(link) = self.state.borrow_mut().online.get_mut() {
            link.send_owed();
        }
    }

    /// Sends what the player just did on the board (a move, the carriers chosen).
    fn send_online(&self) {
        let mut st = self.state.borrow_mut();
        let st = &mut *st;
        let Some(link) = st.online.get_mut() else {
            return;
        };
        if let Some(m) = st.game.take_outgoing() {
            let uci = st.game.move_text(m);
            if let Some(action) = link.action_of(m, uci) {
                link.act(action);
            }
        }
        if let Some(carriers) = st.game.take_chosen() {
            match link.choose(&carriers) {
                Ok(()) => link.send_owed(),
                Err(problem) => st.online_problem = Some(problem),
            }
        }
    }

    /// Switches the engine's comments on or off; whether it may comment now (see
    /// [`Game::can_analyse`]).
    pub fn set_analysing(&self, on: bool) -> bool {
        self.state.borrow_mut().analysing = on;
        if !on {
            let mut st = self.state.borrow_mut();
            st.analyst.stop();
            st.analysis = None;
        }
        self.analyse();
        self.redraw();
        self.with_game(|g| g.can_analyse())
    }

    /// Whether the engine's comments are switched on.
    pub fn analysing(&self) -> bool {
        self.state.borrow().analysing
    }

    /// The engine's comment on the position shown, if it has one: (its position, what it found).
    pub fn analysis(&self) -> Option<(String, Thought)> {
        let st = self.state.borrow();
        st.current_analysis()
            .map(|(fen, thought)| (fen.to_owned(), thought.clone()))
    }

    /// Asks the engine about the position shown when comments are on and it has not been
    /// asked about it yet (a new position drops the request about the old one).
    fn analyse(&self) {
        let turn = {
            let st = self.state.borrow();
            if !st.analysing {
                return;
            }
            match st.game.analysis_turn() {
                Some(turn) => turn,
                None => return,
            }
        };
        let fen = turn.fen.clone();
        {
            let st = self.state.borrow();
            let known = st.analysis.as_ref().is_some_and(|(f, _)| *f == fen);
            if known || st.analyst.asked_about(&fen) {
                return;
            }
        }
        let on_reply = {
            let weak = self.downgrade();
            move |data: JsValue| {
                if let Some(app) = weak.upgrade() {
                    app.on_analysis(&data);
                }
            }
        };
        let asked = self.state.borrow_mut().analyst.ask(&turn, on_reply);
        if let Err(err) = asked {
            web_sys::console::error_1(&err);
        }
    }

    /// The engine's comment arrived: kept for the position it is about, shown.
    fn on_analysis(&self, data: &JsValue) {
        let answer = {
            let mut st = self.state.borrow_mut();
            let fen = st.analyst.asked().map(str::to_owned);
            st.analyst.answer(data).zip(fen)
        };
        if let Some((Answer::Move(_, thought), fen)) = answer {
            self.state.borrow_mut().analysis = Some((fen, thought));
            self.redraw();
        }
    }

    /// Runs the ticker while a clock runs (ten times a second: the display, and the flag) and
    /// stops it when none does.
    fn keep_clock_ticking(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let running = self.with_game(|g| g.clock().and_then(|c| c.running()).is_some());
        let mut st = self.state.borrow_mut();
        match (running, st.ticker.is_some()) {
            (true, false) => {
                let mut tick = self.weakly(|app, ()| app.tick());
                let callback = Closure::<dyn FnMut()>::new(move || tick(()));
                if let Ok(id) = window.set_interval_with_callback_and_timeout_and_arguments_0(
                    callback.as_ref().unchecked_ref(),
                    100,
                ) {
                    st.ticker = Some(Ticker {
                        id,
                        _callback: callback,
                    });
                }
            }
            (false, true) => {
                if let Some(ticker) = st.ticker.take() {
                    window.clear_interval_with_handle(ticker.id);
                }
            }
            _ => {}
        }
    }

    /// One tick of a running clock: a fallen flag ends the game, else the clocks are shown.
    fn tick(&self) {
        let now = js_sys::Date::now();
        let flagged = self.with_game(|g| g.clock().and_then(|c| c.flag(now)).is_some());
        if flagged {
            self.update(|g| g.check_flag(now));
        } else {
            let st = self.state.borrow();
            st.panel.show_clocks(&st.game, now);
        }
    }

    /// Saves every change of the game from now on (and now).
    pub fn persist(&self) {
        self.state.borrow_mut().persist = true;
        self.save();
    }

    fn save(&self) {
        let st = self.state.borrow();
        // An online game is kept by its server (and its seat by `crate::online`).
        if st.persist && st.online.get().is_none() {
            crate::save::store(&st.game);
        }
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

    /// A secondary-button press: where an arrow or a mark begins.
    fn mark_start(&self, client_x: f64, client_y: f64) {
        let square = self
            .to_canvas(client_x, client_y)
            .and_then(|(x, y)| self.state.borrow().layout.square_at(x, y));
        self.state.borrow_mut().marking = square;
    }

    /// A secondary-button release: on the square where it began, marks (or unmarks) it; on
    /// another, draws (or takes away) the arrow between them.
    fn mark_end(&self, client_x: f64, client_y: f64) {
        let end = self
            .to_canvas(client_x, client_y)
            .and_then(|(x, y)| self.state.borrow().layout.square_at(x, y));
        let Some(start) = self.state.borrow_mut().marking.take() else {
            return;
        };
        if let Some(end) = end {
            self.state.borrow_mut().drawings.toggle(start, end);
            self.redraw();
        }
    }

    /// The arrows and square marks drawn on the board.
    pub fn drawings(&self) -> Drawings {
        self.state.borrow().drawings.clone()
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
        {
            // A click on the board wipes what was drawn on it.
            let mut st = self.state.borrow_mut();
            st.cursor = None;
            st.drawings.clear();
        }
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
                    .unwrap_or(Square::from_index(0)),
                Some(c) => layout.step(c, dx, dy),
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
            self.analyse();
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
        let before = Before::of(&game);
        {
            let mut st = self.state.borrow_mut();
            st.layout.board = game.board_size();
            // Against the computer or online the player's side is at the bottom; otherwise White.
            st.layout.flipped =
                game.computer() == Some(Color::White) || game.seat() == Some(Color::Black);
            if game.online_state().is_none() && st.online.get().is_some() {
                // Another game: the online one is left (its connection closes), and a reload
                // no longer goes back to it.
                st.online.clear();
                st.online_problem = None;
                crate::lobby::show_in_address(None);
            }
            st.game = game;
            // A drag or cursor of the old board (maybe of another size) means nothing here.
            st.drag = None;
            st.cursor = None;
            st.hover = None;
            st.explosion = None;
            st.drawings.clear();
            st.game.sync_clock(js_sys::Date::now());
        }
        self.cancel_thinking();
        let effects = self.with_game(|g| effects_of(g, before, false));
        self.apply(effects);
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
        let sq = st.layout.board.parse(name.trim())?;
        let rect = st.canvas.get_bounding_client_rect();
        let scale_x = rect.width() / f64::from(st.canvas.width().max(1));
        let scale_y = rect.height() / f64::from(st.canvas.height().max(1));
        let (x, y) = st.layout.square_rect(sq).center();
        Some((rect.left() + x * scale_x, rect.top() + y * scale_y))
    }
}

/// The `detail` an event's listeners get: `{uci, san}`, `{squares}` or the status.
fn event_detail(event: &GameEvent) -> JsValue {
    use crate::handle::{object, status_js, strings};
    match event {
        GameEvent::Move { uci, san } => object(&[
            ("uci", JsValue::from_str(uci)),
            ("san", JsValue::from_str(san)),
        ]),
        GameEvent::Explosion { squares } => object(&[("squares", strings(squares))]),
        GameEvent::Over(status) => status_js(status),
    }
}
