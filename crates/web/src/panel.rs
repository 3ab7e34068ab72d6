//! The elements beside a board (status line, move list, buttons, result box, the "viewing move
//! N" indicator), found once by name and kept in step with the game: everything written here is
//! a function of the game's state, like the canvas drawing in [`crate::render`].
//!
//! The board itself is told to assistive technology here too ([`A11y`]): the canvas is a
//! `role="grid"` whose fallback content holds a row per rank and a cell per square, labelled
//! from the position the player at the board sees ([`crate::a11y::cell_words`]), with the
//! keyboard cursor's cell as its `aria-activedescendant`; and the announcer, a polite live
//! region, tells each move in words with what comes next, and each other change of the status
//! or the selection, once.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boomchess_rules::{BoardSize, Color, Square, VariantPosition};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlElement};

use crate::a11y::{self, Marks};
use crate::game::Game;

/// The elements beside a board, each optional (a test mounts a bare canvas). The game page finds
/// them by id, an embedded board among its own elements; [`Panel::NAMES`] lists the names.
#[derive(Clone, Default)]
pub struct Panel {
    /// The status line: whose turn, check, the result.
    pub status: Option<HtmlElement>,
    /// `<ol>` of the moves in SAN; a click on one shows the position after it.
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
    /// Turn the board around.
    pub flip: Option<HtmlElement>,
    /// Browsing: the start position.
    pub first: Option<HtmlElement>,
    /// Browsing: one move back.
    pub prev: Option<HtmlElement>,
    /// Browsing: one move on.
    pub next: Option<HtmlElement>,
    /// Browsing: the live position.
    pub last: Option<HtmlElement>,
    /// The "viewing move N" indicator, shown while an earlier position is on the board.
    pub viewing: Option<HtmlElement>,
    /// Its text.
    pub viewing_text: Option<HtmlElement>,
    /// Its way back to the game.
    pub viewing_live: Option<HtmlElement>,
    /// A polite live region: each move is told here in words, for screen readers.
    pub announcer: Option<HtmlElement>,
    /// The last move in words (what a blast or a strike destroyed).
    pub last_move: Option<HtmlElement>,
    /// Resign (enabled while the player at the board may resign).
    pub resign: Option<HtmlElement>,
    /// Offer a draw (hot-seat only: the computer takes no offers).
    pub draw: Option<HtmlElement>,
    /// The material beside the board: what each side is up ([`Game::material`]).
    pub material: Option<HtmlElement>,
    /// Switches the engine's comments (enabled where it may comment: [`Game::can_analyse`]).
    pub analysis: Option<HtmlElement>,
    /// The evaluation bar: its `--white` CSS variable is White's share, its text the score.
    pub eval_bar: Option<HtmlElement>,
    /// The engine's best line, in SAN.
    pub analysis_line: Option<HtmlElement>,
    /// White's clock (in a game on the clock).
    pub clock_white: Option<HtmlElement>,
    /// Black's clock.
    pub clock_black: Option<HtmlElement>,
    /// Online: the box of the online game (its status, the invite link, abort).
    pub online: Option<HtmlElement>,
    /// Online: the sentence on the connection, the opponent and what is awaited.
    pub online_status: Option<HtmlElement>,
    /// Online: the invite link (a read-only text field) and its box.
    pub invite: Option<HtmlElement>,
    /// The invite link's text field.
    pub invite_link: Option<HtmlElement>,
    /// Online: copies the invite link.
    pub invite_copy: Option<HtmlElement>,
    /// Online: calls the game off before both sides have moved.
    pub abort: Option<HtmlElement>,
    /// Online: declines the opponent's draw offer.
    pub draw_decline: Option<HtmlElement>,
    /// What the board last told assistive technology (the grid in the canvas, the last
    /// announcement), so that only a change is written.
    pub a11y: A11y,
}

impl Panel {
    /// The names of the elements, as the game page's ids.
    pub const NAMES: [&'static str; 32] = [
        "status",
        "moves",
        "undo",
        "redo",
        "boom",
        "confirm",
        "result",
        "flip",
        "first",
        "prev",
        "next",
        "last",
        "viewing",
        "viewing-text",
        "viewing-live",
        "announcer",
        "last-move",
        "resign",
        "draw",
        "material",
        "clock-white",
        "clock-black",
        "analysis",
        "eval-bar",
        "analysis-line",
        "online",
        "online-status",
        "invite",
        "invite-link",
        "invite-copy",
        "abort",
        "draw-decline",
    ];

    /// The panel of the elements `element(name)` finds for the [`Panel::NAMES`].
    pub fn find(element: impl Fn(&str) -> Option<HtmlElement>) -> Panel {
        Panel {
            status: element("status"),
            moves: element("moves"),
            undo: element("undo"),
            redo: element("redo"),
            boom: element("boom"),
            confirm: element("confirm"),
            result: element("result"),
            flip: element("flip"),
            first: element("first"),
            prev: element("prev"),
            next: element("next"),
            last: element("last"),
            viewing: element("viewing"),
            viewing_text: element("viewing-text"),
            viewing_live: element("viewing-live"),
            announcer: element("announcer"),
            last_move: element("last-move"),
            resign: element("resign"),
            draw: element("draw"),
            material: element("material"),
            analysis: element("analysis"),
            eval_bar: element("eval-bar"),
            analysis_line: element("analysis-line"),
            clock_white: element("clock-white"),
            clock_black: element("clock-black"),
            online: element("online"),
            online_status: element("online-status"),
            invite: element("invite"),
            invite_link: element("invite-link"),
            invite_copy: element("invite-copy"),
            abort: element("abort"),
            draw_decline: element("draw-decline"),
            a11y: A11y::default(),
        }
    }

    /// The game page's panel: the elements with those ids.
    pub fn of_page(document: &web_sys::Document) -> Panel {
        Panel::find(|id| {
            document
                .get_element_by_id(id)
                .and_then(|e| e.dyn_into::<HtmlElement>().ok())
        })
    }

    /// Shows the engine's comment on the position shown: the bar (White's share of the
    /// evaluation, the score as text) and the best line in SAN, or that it is thinking; hidden
    /// when comments are off or not allowed now.
    pub fn show_analysis(
        &self,
        game: &Game,
        on: bool,
        found: Option<(&str, &crate::computer::Thought)>,
    ) {
        let allowed = game.can_analyse();
        if let Some(button) = &self.analysis {
            enable(&self.analysis, allowed);
            button
                .set_attribute("aria-pressed", if on { "true" } else { "false" })
                .ok();
        }
        let shown = on && allowed;
        reveal(&self.eval_bar, shown);
        reveal(&self.analysis_line, shown);
        if !shown {
            return;
        }
        let (share, score, line) = match found {
            Some((fen, thought)) => analysis_words(game, fen, thought),
            None if game.analysis_turn().is_some() => {
                (50.0, "…".to_owned(), "The engine is thinking…".to_owned())
            }
            None => (50.0, "–".to_owned(), "No moves to look at here.".to_owned()),
        };
        if let Some(bar) = &self.eval_bar {
            bar.style()
                .set_property("--white", &format!("{share:.1}%"))
                .ok();
            if bar.text_content().as_deref() != Some(score.as_str()) {
                bar.set_text_content(Some(&score));
            }
            bar.set_attribute("aria-label", &format!("Evaluation {score}"))
                .ok();
        }
        if let Some(element) = &self.analysis_line {
            if element.text_content().as_deref() != Some(line.as_str()) {
                element.set_text_content(Some(&line));
            }
        }
    }

    /// Shows the clocks as they stand at `now` (hidden in a game without clocks): the time left,
    /// which one runs, and a low one (under ten seconds) marked.
    pub fn show_clocks(&self, game: &Game, now: f64) {
        for (element, color) in [
            (&self.clock_white, Color::White),
            (&self.clock_black, Color::Black),
        ] {
            let Some(element) = element else {
                continue;
            };
            let Some(clock) = game.clock() else {
                element.set_hidden(true);
                continue;
            };
            let left = clock.left(color, now);
            let text = format!("{} {}", color.title(), crate::clock::format_left(left));
            if element.text_content().as_deref() != Some(text.as_str()) {
                element.set_text_content(Some(&text));
            }
            element.set_hidden(false);
            element
                .toggle_attribute_with_force("data-running", clock.running() == Some(color))
                .ok();
            element
                .toggle_attribute_with_force("data-low", left < 10_000.0)
                .ok();
        }
    }

    /// Tells a screen reader `text` (a move in words) through the live region, at the next
    /// [`Panel::show`], followed by what comes next ("Black to move.", "The computer is
    /// thinking.").
    pub fn announce(&self, text: &str) {
        self.a11y.0.borrow_mut().pending.push(text.to_owned());
    }

    /// Says nothing about the game as it stands now, and takes back what the announcer said:
    /// the next [`Panel::show`] takes the game as told (a board mounted with its game, its
    /// moves replayed and a square selected, is not announced).
    pub fn hush(&self) {
        {
            let mut told = self.a11y.0.borrow_mut();
            told.seen = None;
            told.pending.clear();
        }
        if let Some(announcer) = &self.announcer {
            announcer.set_text_content(None);
        }
    }

    /// Writes the game's state into the panel (only what changed is rewritten in the move
    /// list), with what the board is doing besides (`board`).
    pub fn show(&self, game: &Game, board: &BoardState, canvas: &HtmlCanvasElement) {
        let thinking = board.thinking;
        if let Some(status) = &self.status {
            let text = if thinking {
                format!("{} — the computer is thinking…", status_text(game))
            } else {
                status_text(game)
            };
            // Only a change is written: a live region re-reads text set again.
            if status.text_content().as_deref() != Some(text.as_str()) {
                status.set_text_content(Some(&text));
            }
            status
                .toggle_attribute_with_force("data-thinking", thinking)
                .ok();
        }
        canvas
            .set_attribute("aria-busy", if thinking { "true" } else { "false" })
            .ok();
        let marks = Marks::of(game, board.cursor);
        self.a11y.write_grid(game, &marks, board, canvas);
        if let Some(text) = self.a11y.speech(game, &marks) {
            if let Some(announcer) = &self.announcer {
                // Set even when the same words come again: the live region reads them again.
                announcer.set_text_content(Some(&text));
            }
        }
        if let Some(line) = &self.last_move {
            let words = game.last_move_words().map(|w| format!("Last move: {w}"));
            if line.text_content() != words {
                line.set_text_content(words.as_deref());
            }
            line.set_hidden(words.is_none());
        }
        self.show_clocks(game, js_sys::Date::now());
        update_panel(self, game, board);
        update_browsing(self, game, canvas);
    }
}

/// What the board is doing besides the game's state, as the panel shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardState {
    /// The computer is thinking.
    pub thinking: bool,
    /// An explosion or strike is playing: the result of a game it ended waits for it.
    pub exploding: bool,
    /// The keyboard cursor's square, if shown.
    pub cursor: Option<boomchess_rules::Square>,
    /// Black at the bottom: the grid's rows run from rank 1, its cells from the last file.
    pub flipped: bool,
}

/// What a board last told assistive technology: the grid of squares written into its canvas
/// and what the announcer last said, kept between redraws so that only a change is written
/// (every animation frame and pointer move redraws). Shared by the clones of a [`Panel`].
#[derive(Clone, Default)]
pub struct A11y(Rc<RefCell<Told>>);

#[derive(Default)]
struct Told {
    /// The grid written into the canvas.
    grid: Option<Grid>,
    /// What the last [`Panel::show`] saw (`None` before the first: nothing is said then).
    seen: Option<Seen>,
    /// Moves in words, to be told at the next [`Panel::show`].
    pending: Vec<String>,
}

/// The grid in the canvas: its shape, its cells with the words written in each, and the cell
/// named as the active descendant.
struct Grid {
    shape: Shape,
    prefix: String,
    cells: Vec<(Option<Square>, Element, String)>,
    active: Option<String>,
}

/// What decides the grid's rows and cells: the board's size, its orientation, the curtain
/// (behind it the grid is one cell saying so: no square, no piece).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Shape {
    board: BoardSize,
    flipped: bool,
    curtain: bool,
}

/// What the announcer follows: the status line (without "the computer is thinking"), the
/// selection, the promotion picker and the number of moves.
#[derive(Clone, PartialEq, Eq)]
struct Seen {
    status: String,
    selected: Option<Square>,
    promoting: bool,
    moves: usize,
}

thread_local! {
    /// Numbers the grids of canvases without an id (embedded boards), for their cells' ids.
    static GRIDS: Cell<u32> = const { Cell::new(0) };
}

impl A11y {
    /// Writes the grid into the canvas (its fallback content, which the accessibility tree
    /// shows): rebuilt when its shape changes, else only the cells whose words changed; the
    /// cursor's cell (behind the curtain, the curtain's) is the active descendant.
    fn write_grid(
        &self,
        game: &Game,
        marks: &Marks,
        board: &BoardState,
        canvas: &HtmlCanvasElement,
    ) {
        let shape = Shape {
            board: game.board_size(),
            flipped: board.flipped,
            curtain: game.curtain(),
        };
        let mut told = self.0.borrow_mut();
        if told.grid.as_ref().map(|g| g.shape) != Some(shape) {
            let prefix = told.grid.take().map(|g| g.prefix).unwrap_or_else(|| {
                let id = canvas.id();
                if id.is_empty() {
                    let n = GRIDS.with(|c| {
                        c.set(c.get() + 1);
                        c.get()
                    });
                    format!("boomchess-board-{n}")
                } else {
                    id
                }
            });
            told.grid = build_grid(canvas, shape, prefix).ok();
        }
        let Some(grid) = told.grid.as_mut() else {
            return;
        };
        for (square, cell, written) in &mut grid.cells {
            let words = match square {
                Some(sq) => a11y::cell_words(game, marks, *sq),
                None => a11y::curtain_words(game),
            };
            if *written != words {
                cell.set_text_content(Some(&words));
                *written = words;
            }
        }
        let active = if shape.curtain {
            Some(format!("{}-curtain", grid.prefix))
        } else {
            board
                .cursor
                .filter(|&sq| shape.board.contains(sq))
                .map(|sq| format!("{}-{}", grid.prefix, shape.board.name(sq)))
        };
        if grid.active != active {
            match &active {
                Some(id) => canvas.set_attribute("aria-activedescendant", id).ok(),
                None => canvas.remove_attribute("aria-activedescendant").ok(),
            };
            grid.active = active;
        }
    }

    /// What to announce now, if anything: the moves told since the last show with what comes
    /// next; else a change of the number of moves (undo, redo), of the selection or the picker,
    /// or of the status line. Nothing at the first show (the page as it loads), nothing when
    /// only the cursor moved.
    fn speech(&self, game: &Game, marks: &Marks) -> Option<String> {
        let now = Seen {
            status: status_text(game),
            selected: game.selected(),
            promoting: game.promotion().is_some(),
            moves: game.referee().moves().len(),
        };
        let mut told = self.0.borrow_mut();
        let pending = std::mem::take(&mut told.pending);
        let before = told.seen.replace(now.clone())?;
        let mut parts = pending;
        if !parts.is_empty() {
            if let Some(next) = next_words(game, &now.status) {
                parts.push(next);
            }
            return Some(parts.join(" "));
        }
        if now.moves != before.moves {
            if now.moves < before.moves && game.can_redo() {
                let n = before.moves - now.moves;
                parts.push(if n == 1 {
                    "Move taken back.".to_owned()
                } else {
                    format!("{n} moves taken back.")
                });
            } else if now.moves > before.moves && game.can_undo() {
                let n = now.moves - before.moves;
                parts.push(if n == 1 {
                    "Move replayed.".to_owned()
                } else {
                    format!("{n} moves replayed.")
                });
            }
            parts.extend(next_words(game, &now.status));
        } else {
            if now.promoting && !before.promoting {
                parts.push(promotion_words(game));
            } else if now.selected != before.selected {
                parts.push(
                    a11y::selection_words(game, marks)
                        .unwrap_or_else(|| "Nothing selected.".to_owned()),
                );
            }
            if now.status != before.status {
                parts.push(sentence(&now.status));
            }
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }
}

/// Writes the grid's rows and cells into the canvas, replacing what it held: the rows from the
/// viewer's side (the top rank first as the board is drawn), each cell's id the prefix and its
/// square's name; behind the curtain one row with one cell. The canvas becomes the grid, its
/// description the keys.
fn build_grid(
    canvas: &HtmlCanvasElement,
    shape: Shape,
    prefix: String,
) -> Result<Grid, wasm_bindgen::JsValue> {
    let document = canvas
        .owner_document()
        .ok_or_else(|| wasm_bindgen::JsValue::from_str("the canvas has no document"))?;
    canvas.set_inner_html("");
    canvas.remove_attribute("aria-activedescendant")?;
    canvas.set_attribute("role", "grid")?;
    let keys = document.create_element("p")?;
    keys.set_id(&format!("{prefix}-keys"));
    keys.set_attribute("hidden", "")?;
    keys.set_text_content(Some(a11y::KEYS_HELP));
    canvas.append_child(&keys)?;
    canvas.set_attribute("aria-describedby", &keys.id())?;
    let mut cells = Vec::new();
    let cell = |id: &str| -> Result<Element, wasm_bindgen::JsValue> {
        let cell = document.create_element("div")?;
        cell.set_attribute("role", "gridcell")?;
        cell.set_id(id);
        Ok(cell)
    };
    if shape.curtain {
        let row = document.create_element("div")?;
        row.set_attribute("role", "row")?;
        let curtain = cell(&format!("{prefix}-curtain"))?;
        row.append_child(&curtain)?;
        canvas.append_child(&row)?;
        cells.push((None, curtain, String::new()));
    } else {
        let (files, ranks) = (shape.board.files(), shape.board.ranks());
        for row_index in 0..ranks {
            let rank = if shape.flipped {
                row_index
            } else {
                ranks - 1 - row_index
            };
            let row = document.create_element("div")?;
            row.set_attribute("role", "row")?;
            row.set_attribute("aria-label", &a11y::rank_words(rank))?;
            for col in 0..files {
                let file = if shape.flipped { files - 1 - col } else { col };
                let Some(sq) = shape.board.square(file, rank) else {
                    continue;
                };
                let square = cell(&format!("{prefix}-{}", shape.board.name(sq)))?;
                row.append_child(&square)?;
                cells.push((Some(sq), square, String::new()));
            }
            canvas.append_child(&row)?;
        }
    }
    Ok(Grid {
        shape,
        prefix,
        cells,
        active: None,
    })
}

/// What the player must do next, as a sentence after a move: the status line ("Black to move
/// — tap the board to continue."), "The computer is thinking." on its turn, nothing once the
/// game is over (the move's words say how it ended).
fn next_words(game: &Game, status: &str) -> Option<String> {
    if game.is_over() {
        None
    } else if game.computer_to_move() {
        Some("The computer is thinking.".to_owned())
    } else {
        Some(sentence(status))
    }
}

/// The promotion picker in words: "Promotion: queen on e8, rook on e7, bishop on e6 or knight on
/// e5; click one."
fn promotion_words(game: &Game) -> String {
    let size = game.board_size();
    let choices: Vec<String> = game
        .promotion()
        .map(|p| {
            p.choices
                .iter()
                .map(|&(sq, role, _)| format!("{} on {}", role.name(), size.name(sq)))
                .collect()
        })
        .unwrap_or_default();
    let list = match choices.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    format!("Promotion: {list}; click one, any other square cancels.")
}

/// `text` ending as a sentence.
fn sentence(text: &str) -> String {
    if text.ends_with(['.', '!', '?', '…']) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

/// Shows or hides an element.
fn reveal(element: &Option<HtmlElement>, visible: bool) {
    if let Some(e) = element {
        e.set_hidden(!visible);
    }
}

/// Sets an element's text when it differs (a redraw writes nothing that did not change).
fn set_text(element: &HtmlElement, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}

/// What the online box shows ([`Panel::show_online`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OnlineView {
    /// The sentence on the connection, the opponent and what is awaited.
    pub status: String,
    /// The invite link, while the second seat is free.
    pub invite: Option<String>,
    /// The game may be aborted now by this seat.
    pub can_abort: bool,
    /// The opponent's draw offer stands (the draw button accepts it).
    pub offered_to_me: bool,
    /// This seat's draw offer stands.
    pub offered_by_me: bool,
}

impl Panel {
    /// Shows the online game's box (hidden off line).
    pub fn show_online(&self, view: Option<&OnlineView>) {
        let Some(view) = view else {
            reveal(&self.online, false);
            return;
        };
        reveal(&self.online, true);
        if let Some(status) = &self.online_status {
            set_text(status, &view.status);
        }
        reveal(&self.invite, view.invite.is_some());
        if let (Some(field), Some(link)) = (&self.invite_link, &view.invite) {
            if let Some(input) = field.dyn_ref::<web_sys::HtmlInputElement>() {
                if input.value() != *link {
                    input.set_value(link);
                }
            }
        }
        reveal(&self.abort, view.can_abort);
        if let Some(draw) = &self.draw {
            let label = if view.offered_to_me {
                "Accept the draw"
            } else if view.offered_by_me {
                "Draw offered"
            } else {
                "Offer a draw"
            };
            set_text(draw, label);
            if view.offered_by_me {
                draw.set_attribute("disabled", "").ok();
            }
        }
        reveal(&self.draw_decline, view.offered_to_me);
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
fn update_panel(panel: &Panel, game: &Game, board: &BoardState) {
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
        match game.outcome().filter(|_| !board.exploding) {
            Some(outcome) => {
                let who = match outcome.winner() {
                    Some(winner) => format!("{} wins", winner.title()),
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
    if let Some(element) = &panel.material {
        let (html, label) = material_html(game);
        if element.inner_html() != html {
            element.set_inner_html(&html);
            element.set_attribute("aria-label", &label).ok();
        }
    }
    enable(&panel.resign, game.player().is_some());
    reveal(&panel.draw, game.computer().is_none() && !game.is_diagram());
    enable(
        &panel.draw,
        game.player().is_some() && game.computer().is_none(),
    );
    if game.online_state().is_none() {
        reveal(&panel.online, false);
        reveal(&panel.draw_decline, false);
        if let Some(draw) = &panel.draw {
            set_text(draw, "Offer a draw");
        }
    }
    enable(&panel.undo, game.can_undo());
    enable(&panel.redo, game.can_redo());
    reveal(
        &panel.boom,
        game.selected_boom().is_some() && !game.is_diagram(),
    );
    reveal(&panel.confirm, game.carriers_to_choose() > 0);
    enable(
        &panel.confirm,
        game.marks().len() == usize::from(game.carriers_to_choose()),
    );
}

/// The engine's comment in words: White's share of the bar (0–100), the score from White's side
/// (`+0.4`, `-2.1`, `#3` White mates in three, `#-2` Black does), and the line in SAN with move
/// numbers and the depth.
fn analysis_words(
    game: &Game,
    fen: &str,
    thought: &crate::computer::Thought,
) -> (f64, String, String) {
    let Ok(mut position) =
        boomchess_rules::VariantPosition::from_fen(game.variant(), game.options(), fen)
    else {
        return (50.0, "–".to_owned(), String::new());
    };
    let (cp, mate) = thought.for_white(position.turn());
    let (share, score) = match mate {
        Some(n) => (if n > 0 { 100.0 } else { 0.0 }, format!("#{n}")),
        None => {
            let cp = f64::from(cp);
            // A smooth share: ±4 pawns fill about nine tenths of the bar.
            let share = 50.0 + 50.0 * (2.0 / (1.0 + (-0.004 * cp).exp()) - 1.0);
            (share, format!("{:+.1}", cp / 100.0))
        }
    };
    let mut words = Vec::new();
    let mut number = position.fullmoves();
    if position.turn() == Color::Black {
        words.push(format!("{number}…"));
    }
    for uci in &thought.pv {
        let Ok(m) = position.parse_uci(uci) else {
            break;
        };
        if position.turn() == Color::White {
            words.push(format!("{number}."));
        }
        words.push(position.move_to_san(m));
        if position.turn() == Color::Black {
            number += 1;
        }
        position.play_unchecked(m);
    }
    let line = format!("{} (depth {})", words.join(" "), thought.depth);
    (share, score, line)
}

/// The material line: each side's surplus pieces as chess figures (letters for the missile and
/// the bomber, which have none), the side that is up with its `+N`; and the same in words.
fn material_html(game: &Game) -> (String, String) {
    let material = game.material();
    let glyph = |role: boomchess_rules::Role| match role {
        boomchess_rules::Role::Queen => "♛",
        boomchess_rules::Role::Rook => "♜",
        boomchess_rules::Role::Bishop => "♝",
        boomchess_rules::Role::Knight => "♞",
        boomchess_rules::Role::Pawn => "♟",
        boomchess_rules::Role::Missile => "M",
        boomchess_rules::Role::Bomber => "F",
        boomchess_rules::Role::King => "♚",
    };
    let side = |color: Color, pieces: &[boomchess_rules::Role], up: i32| {
        let figures: String = pieces.iter().map(|&r| glyph(r)).collect();
        let score = if up > 0 {
            format!(" <span class=\"material-score\">+{up}</span>")
        } else {
            String::new()
        };
        format!(
            "<span class=\"material-side\" data-side=\"{}\"><span class=\"material-pieces\">{figures}</span>{score}</span>",
            color.name()
        )
    };
    let html = format!(
        "{}{}",
        side(Color::White, &material.white, material.balance),
        side(Color::Black, &material.black, -material.balance)
    );
    let label = match material.balance {
        0 => "Material: even".to_owned(),
        n if n > 0 => format!("Material: White is up {n}"),
        n => format!("Material: Black is up {}", -n),
    };
    (html, label)
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
        format!("{} {list}", color.title())
    };
    format!("Carriers: {}; {}", side(Color::White), side(Color::Black))
}

/// The browsing controls and the indicator: which earlier move is shown, the buttons enabled
/// as far as they lead somewhere, the board outlined and the current move scrolled into view.
fn update_browsing(panel: &Panel, game: &Game, canvas: &HtmlCanvasElement) {
    let can = game.can_browse();
    let viewing = game.viewing();
    enable(&panel.first, can && viewing != Some(0));
    enable(&panel.prev, can && viewing != Some(0));
    enable(&panel.next, viewing.is_some());
    enable(&panel.last, viewing.is_some());
    reveal(&panel.viewing, viewing.is_some());
    if let (Some(text), Some(ply)) = (&panel.viewing_text, viewing) {
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

/// "White to move", "Black to move — check!", or how the game ended.
pub fn status_text(game: &Game) -> String {
    if game.verifying() {
        return "The game is over: verifying every statement about the carriers…".to_owned();
    }
    if game
        .online_state()
        .is_some_and(|o| o.stage == boomchess_online::Stage::Seating)
    {
        return "Waiting for the second player to open the invite link".to_owned();
    }
    if game.is_diagram() && !game.is_over() {
        return format!(
            "Diagram: {} to move — click a piece to see its moves",
            game.turn().title()
        );
    }
    if game.curtain() {
        return if game.carriers_pending() {
            format!(
                "{} chooses carriers — tap the board to continue",
                game.turn().title()
            )
        } else {
            format!(
                "{} to move — tap the board to continue",
                game.turn().title()
            )
        };
    }
    if game.carriers_pending() {
        let n = game.carriers_to_choose();
        return format!(
            "{}: mark {} carrier{} ({} marked), then Confirm",
            game.turn().title(),
            n,
            if n == 1 { "" } else { "s" },
            game.marks().len()
        );
    }
    match game.outcome() {
        Some(outcome) => match outcome.winner() {
            Some(winner) => format!(
                "{} wins: {} ({})",
                winner.title(),
                outcome.reason().describe(),
                outcome.result()
            ),
            None => format!("Draw: {} (1/2-1/2)", outcome.reason().describe()),
        },
        None if game.checked_king().is_some() => {
            format!("{} to move — check!", game.turn().title())
        }
        None if game.selected_launches() => format!(
            "{} to move — click any square to launch the missile there, or a marked square to \
             move it",
            game.turn().title()
        ),
        None => format!("{} to move", game.turn().title()),
    }
}
