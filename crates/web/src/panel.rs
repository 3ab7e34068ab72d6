//! The elements beside a board (status line, move list, buttons, result box, the "viewing move
//! N" indicator), found once by name and kept in step with the game: everything written here is
//! a function of the game's state, like the canvas drawing in [`crate::render`].

use boomchess_rules::{Color, VariantPosition};
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement};

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
}

impl Panel {
    /// The names of the elements, as the game page's ids.
    pub const NAMES: [&'static str; 17] = [
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

    /// Tells a screen reader `text` (through the live region).
    pub fn announce(&self, text: &str) {
        if let Some(announcer) = &self.announcer {
            announcer.set_text_content(Some(text));
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
        if let Some(line) = &self.last_move {
            let words = game.last_move_words().map(|w| format!("Last move: {w}"));
            if line.text_content() != words {
                line.set_text_content(words.as_deref());
            }
            line.set_hidden(words.is_none());
        }
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
}

/// Shows or hides an element.
fn reveal(element: &Option<HtmlElement>, visible: bool) {
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
