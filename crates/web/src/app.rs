//! The board on the page: owns the canvas, the game and the layout, turns pointer input into
//! clicks on squares, and redraws after every change. Rust holds all state; the page only
//! forwards events here.

use std::cell::RefCell;
use std::rc::Rc;

use boomchess_rules::{Color, Variant};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, FocusOptions, HtmlCanvasElement, HtmlElement, KeyboardEvent,
    PointerEvent,
};

use crate::game::{ClickOutcome, Game};
use crate::geometry::{Layout, Square};
use crate::render::{draw_board, draw_cursor, Floating, THEME};

struct State {
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    game: Game,
    layout: Layout,
    status: Option<HtmlElement>,
    drag: Option<Drag>,
    /// The keyboard cursor, shown once an arrow key was used (pointer input hides it).
    cursor: Option<Square>,
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
        draw_board(&st.ctx, &st.layout, &st.game, &THEME, floating);
        if let Some(cursor) = st.cursor {
            draw_cursor(&st.ctx, &st.layout.square_rect(cursor), &THEME);
        }
        if let Some(status) = &st.status {
            status.set_text_content(Some(&status_text(&st.game)));
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
                self.state.borrow_mut().game.drop_on(to);
            }
            self.redraw();
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
            "Enter" | " " => {
                let cursor = self.state.borrow().cursor;
                if let Some(square) = cursor {
                    self.click(square);
                }
                cursor.is_some()
            }
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
        let outcome = self.state.borrow_mut().game.click(square);
        if outcome != ClickOutcome::Ignored {
            self.redraw();
        }
        outcome
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
            st.game = game;
            // A drag or cursor of the old board (maybe of another size) means nothing here.
            st.drag = None;
            st.cursor = None;
        }
        self.redraw();
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

/// "White to move", "Black to move — check!", or how the game ended.
pub fn status_text(game: &Game) -> String {
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
        None if game.is_over() => format!("{} has no legal move", side_name(game.turn())),
        None if game.checked_king().is_some() => {
            format!("{} to move — check!", side_name(game.turn()))
        }
        None => format!("{} to move", side_name(game.turn())),
    }
}
