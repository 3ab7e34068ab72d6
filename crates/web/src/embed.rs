//! Boards embedded in other pages (a chess-variant wiki, a blog): `www/embed.js` loads this
//! module once and calls [`mount_board`] for every element with a `data-boomchess` attribute
//! (and for `mount(element, options)` from script).
//!
//! Everything of an embedded board lives inside its element: the canvas and a compact panel
//! (status, move list, the buttons its mode needs), found through the element, never by id, so
//! any number of boards share a page without meeting. An embedded board does not read the
//! page's address and never touches `localStorage` (only the game page saves its game).

use boomchess_rules::{Color, MoveKind as RulesMoveKind, Variant};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlCanvasElement, HtmlElement};

use crate::app::{App, Panel};
use crate::game::Game;
use crate::geometry::Square;
use crate::moves::BoardMove;

/// Board size in CSS pixels when none is given.
pub const DEFAULT_SIZE: u32 = 360;
/// The smallest and largest board sizes accepted, in CSS pixels.
pub const SIZES: std::ops::RangeInclusive<u32> = 160..=1200;

/// The option names of `mount(element, options)`, each the name of a `data-` attribute.
const KEYS: [&str; 10] = [
    "variant",
    "options",
    "fen",
    "moves",
    "mode",
    "side",
    "level",
    "size",
    "orientation",
    "select",
];

/// What to mount, from the element's `data-` attributes or `mount()`'s options (text as in the
/// attributes; `level` and `size` may also be numbers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spec {
    /// `beirut`, `stratomic` or `flying-bombers`.
    pub variant: String,
    /// Option words, comma- or space-separated (`carriers=2, dead-mans-switch`).
    pub options: Option<String>,
    /// The starting position.
    pub fen: Option<String>,
    /// Moves replayed from the start, coordinate text or SAN, separated by spaces or commas;
    /// move numbers (`1.`, `5...`) and a result are skipped.
    pub moves: Option<String>,
    /// `hotseat` (default), `ai` or `diagram`.
    pub mode: Option<String>,
    /// `ai`: the human's side, `white` (default) or `black`.
    pub side: Option<String>,
    /// `ai`: the computer's level, 1–8 (default 3).
    pub level: Option<String>,
    /// The board's width and height in CSS pixels.
    pub size: Option<String>,
    /// `white` or `black` at the bottom (default: the human's side against the computer, else
    /// White).
    pub orientation: Option<String>,
    /// `diagram`: a square whose piece is selected from the start (its moves and blast shown).
    pub select: Option<String>,
}

impl Spec {
    /// The spec of `mount()`'s options object: its keys are the attribute names without
    /// `data-` (`variant`, `options`, `fen`, `moves`, `mode`, `side`, `level`, `size`,
    /// `orientation`, `select`); an unknown key is an error (a typo would be ignored otherwise).
    pub fn from_js(options: &JsValue) -> Result<Spec, String> {
        let object = options
            .dyn_ref::<js_sys::Object>()
            .filter(|_| !options.is_function())
            .ok_or("mount(element, options) takes an options object such as {variant: 'beirut'}")?;
        for key in js_sys::Object::keys(object).iter() {
            let key = key.as_string().unwrap_or_default();
            if !KEYS.contains(&key.as_str()) {
                return Err(format!(
                    "unknown option {key:?} (expected {})",
                    KEYS.join(", ")
                ));
            }
        }
        let text = |key: &str| -> Result<Option<String>, String> {
            let value = js_sys::Reflect::get(object, &key.into()).unwrap_or_default();
            if value.is_undefined() || value.is_null() {
                return Ok(None);
            }
            if let Some(s) = value.as_string() {
                return Ok(Some(s));
            }
            if let Some(n) = value.as_f64() {
                // Whole numbers as their digits; anything else is refused when checked.
                return Ok(Some(if n.fract() == 0.0 && n.abs() < 1e9 {
                    format!("{}", n as i64)
                } else {
                    format!("{n}")
                }));
            }
            if key == "options" || key == "moves" {
                if let Ok(words) = serde_wasm_bindgen::from_value::<Vec<String>>(value) {
                    return Ok(Some(words.join(",")));
                }
            }
            Err(format!("option {key:?} must be text"))
        };
        Ok(Spec {
            variant: text("variant")?.unwrap_or_default(),
            options: text("options")?,
            fen: text("fen")?,
            moves: text("moves")?,
            mode: text("mode")?,
            side: text("side")?,
            level: text("level")?,
            size: text("size")?,
            orientation: text("orientation")?,
            select: text("select")?,
        })
    }
}

/// A checked spec: the game to show (moves replayed) and how to show it.
pub struct Board {
    /// The game, ready to mount.
    pub game: Game,
    /// Board size in CSS pixels.
    pub size: u32,
    /// Black at the bottom.
    pub flipped: bool,
    /// The square selected from the start (diagrams).
    pub select: Option<Square>,
}

/// Checks a spec and builds its game; the error is one sentence naming the attribute and what
/// is wrong with it.
pub fn board(spec: &Spec) -> Result<Board, String> {
    let variant_name = spec.variant.trim();
    if variant_name.is_empty() {
        return Err(
            "data-boomchess needs a variant: beirut, stratomic or flying-bombers".to_owned(),
        );
    }
    let variant = Variant::from_name(variant_name).map_err(|e| format!("data-boomchess: {e}"))?;
    let mode = spec.mode.as_deref().map(str::trim).unwrap_or("hotseat");
    if !["hotseat", "ai", "diagram"].contains(&mode) {
        return Err(format!(
            "data-mode: unknown mode {mode:?} (expected hotseat, ai or diagram)"
        ));
    }
    let side = spec.side.as_deref().map(str::trim);
    let level = spec.level.as_deref().map(str::trim);
    if mode != "ai" && (side.is_some() || level.is_some()) {
        let which = if side.is_some() {
            "data-side"
        } else {
            "data-level"
        };
        return Err(format!("{which} applies to data-mode=\"ai\" only"));
    }
    let human = match side {
        None | Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(other) => {
            return Err(format!(
                "data-side: unknown side {other:?} (expected white or black)"
            ))
        }
    };
    let level = match level {
        None => 3,
        Some(text) => match text.parse::<u8>() {
            Ok(n @ 1..=8) => n,
            _ => return Err(format!("data-level: {text:?} is not a level from 1 to 8")),
        },
    };
    let size = match spec.size.as_deref().map(str::trim) {
        None => DEFAULT_SIZE,
        Some(text) => match text.trim_end_matches("px").trim().parse::<u32>() {
            Ok(n) if SIZES.contains(&n) => n,
            _ => {
                return Err(format!(
                    "data-size: {text:?} is not a size in CSS pixels from {} to {}",
                    SIZES.start(),
                    SIZES.end()
                ))
            }
        },
    };
    let flipped = match spec.orientation.as_deref().map(str::trim) {
        None => mode == "ai" && human == Color::Black,
        Some("white") => false,
        Some("black") => true,
        Some(other) => return Err(format!("data-orientation: {other:?} is not white or black")),
    };

    let words: Vec<String> = spec
        .options
        .as_deref()
        .unwrap_or("")
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    let options = boomchess_rules::Options::parse(variant, &words)
        .map_err(|e| format!("data-options: {e}"))?;
    let game = match spec.fen.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        Some(fen) => Game::from_fen_with_options(variant, options, fen)
            .map_err(|e| format!("data-fen: {e}"))?,
        None => Game::with_options(variant, options),
    };
    let mut game = match mode {
        "ai" => game.against_computer(!human, level),
        "diagram" => game.as_diagram(),
        _ => game,
    };
    if let Some(moves) = &spec.moves {
        replay(&mut game, moves).map_err(|e| format!("data-moves: {e}"))?;
    }
    let select = match spec.select.as_deref().map(str::trim) {
        None => None,
        Some(_) if mode != "diagram" => {
            return Err("data-select applies to data-mode=\"diagram\" only".to_owned())
        }
        Some(name) => {
            let square = Square::parse(name, game.files(), game.ranks())
                .ok_or_else(|| format!("data-select: {name:?} is not a square of this board"))?;
            if game.piece_at(square).is_none() {
                return Err(format!("data-select: there is no piece on {name}"));
            }
            Some(square)
        }
    };
    Ok(Board {
        game,
        size,
        flipped,
        select,
    })
}

/// The words of a move list: separated by spaces or commas, without move numbers (`1.`, `1.e4`,
/// `5...Qd4`) and results (`1-0`, `0-1`, `1/2-1/2`, `*`).
pub fn move_words(text: &str) -> Vec<String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter_map(|word| {
            let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let word = match word[digits..].strip_prefix('.') {
                Some(rest) if digits > 0 => rest.trim_start_matches('.'),
                _ => word,
            };
            let result = ["1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&word);
            (!word.is_empty() && !result).then(|| word.to_owned())
        })
        .collect()
}

/// Replays a move list (coordinate text or SAN, as [`move_words`] splits it) through the
/// referee. `Boom!` alone sets off the side to move's carrier when it has one that may boom.
/// The error names the first move that fails and why.
pub fn replay(game: &mut Game, text: &str) -> Result<(), String> {
    for (i, word) in move_words(text).iter().enumerate() {
        let position = *game.referee().position();
        let uci = if BoardMove::parse(word).is_some() {
            Ok(word.clone())
        } else if word.trim_end_matches('!').eq_ignore_ascii_case("boom") {
            let booms: Vec<_> = position
                .legal_moves()
                .into_iter()
                .filter(|m| m.kind == RulesMoveKind::Boom)
                .collect();
            match booms.as_slice() {
                [one] => Ok(position.move_to_uci(*one)),
                [] => Err("no carrier may boom here".to_owned()),
                _ => Err("several carriers may boom: write Boom@e5".to_owned()),
            }
        } else {
            position
                .parse_san(word)
                .map(|m| position.move_to_uci(m))
                .map_err(|e| e.to_string())
        };
        uci.and_then(|uci| game.replay(&uci)).map_err(|e| {
            let hint = if game.carriers_pending() || e.contains("carriers must be chosen") {
                " (a Beirut board that replays moves needs a data-fen with the carriers marked *)"
            } else {
                ""
            };
            format!("move {} ({word}): {e}{hint}", i + 1)
        })?;
    }
    Ok(())
}

fn create(document: &Document, tag: &str, class: &str) -> Result<HtmlElement, JsValue> {
    let element: HtmlElement = document.create_element(tag)?.dyn_into()?;
    element.set_class_name(class);
    Ok(element)
}

fn button(document: &Document, class: &str, text: &str) -> Result<HtmlElement, JsValue> {
    let b = create(document, "button", class)?;
    b.set_attribute("type", "button")?;
    b.set_text_content(Some(text));
    Ok(b)
}

fn variant_title(variant: Variant) -> &'static str {
    match variant {
        Variant::Beirut => "Beirut Chess",
        Variant::Stratomic => "Stratomic",
        Variant::FlyingBombers => "Flying Bombers Grand Chess",
    }
}

/// Mounts a board into `element`: checks the options (see [`Spec::from_js`]), replaces the
/// element's content with the board and its panel, and returns the board's game handle (the
/// same object as the game page's `window.boomchess.game`, [`crate::game_handle`]). On bad
/// options it throws an `Error` whose message names the attribute and the problem, and leaves
/// the element unchanged (`embed.js` shows the message in it).
#[wasm_bindgen(js_name = mountBoard)]
pub fn mount_board(element: Element, options: JsValue) -> Result<js_sys::Object, JsValue> {
    let spec = Spec::from_js(&options).map_err(|e| crate::js_error(&e))?;
    let board = board(&spec).map_err(|e| crate::js_error(&e))?;
    let document = element
        .owner_document()
        .ok_or_else(|| crate::js_error("the element is not in a document"))?;
    let diagram = board.game.is_diagram();
    let variant = board.game.variant();

    let root = create(&document, "div", "boomchess-embed")?;
    root.set_attribute("data-mode", if diagram { "diagram" } else { "play" })?;
    let canvas: HtmlCanvasElement = document.create_element("canvas")?.dyn_into()?;
    canvas.set_class_name("boomchess-board");
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let pixels = (f64::from(board.size) * ratio).round() as u32;
    canvas.set_width(pixels);
    canvas.set_height(pixels);
    // Square, `size` wide, narrower where the page is narrower.
    let style = canvas.style();
    style.set_property("width", &format!("{}px", board.size))?;
    style.set_property("max-width", "100%")?;
    style.set_property("aspect-ratio", "1 / 1")?;
    let label = if diagram {
        format!("{} diagram", variant_title(variant))
    } else {
        format!("{} board", variant_title(variant))
    };
    canvas.set_attribute("aria-label", &label)?;
    root.append_child(&canvas)?;

    let side = create(&document, "div", "boomchess-panel")?;
    let status = create(&document, "p", "boomchess-status")?;
    status.set_attribute("role", "status")?;
    status.set_attribute("aria-live", "polite")?;
    side.append_child(&status)?;
    let (confirm, boom) = if diagram {
        (None, None)
    } else {
        let actions = create(&document, "div", "boomchess-actions")?;
        let confirm = button(&document, "boomchess-confirm", "Confirm carriers")?;
        confirm.set_hidden(true);
        let boom = button(&document, "boomchess-boom", "Boom!")?;
        boom.set_hidden(true);
        actions.append_child(&confirm)?;
        actions.append_child(&boom)?;
        side.append_child(&actions)?;
        (Some(confirm), Some(boom))
    };
    let result = create(&document, "p", "boomchess-result")?;
    result.set_hidden(true);
    side.append_child(&result)?;
    // Browsing the moves: "viewing move N" with a way back, shown while an earlier position is
    // on the board.
    let viewing = create(&document, "p", "boomchess-viewing")?;
    viewing.set_attribute("role", "status")?;
    viewing.set_hidden(true);
    let viewing_text = create(&document, "span", "boomchess-viewing-text")?;
    let viewing_live = button(&document, "boomchess-viewing-live", "Back to the game")?;
    viewing.append_child(&viewing_text)?;
    viewing.append_child(&viewing_live)?;
    side.append_child(&viewing)?;
    let moves = create(&document, "ol", "boomchess-moves")?;
    moves.set_attribute(
        "aria-label",
        "Moves: click a move, or use the arrow keys, to see earlier positions",
    )?;
    side.append_child(&moves)?;
    let nav = create(&document, "div", "boomchess-nav")?;
    let prev = button(&document, "boomchess-prev", "‹")?;
    prev.set_attribute("aria-label", "Previous move")?;
    prev.set_attribute("title", "Previous move")?;
    let next = button(&document, "boomchess-next", "›")?;
    next.set_attribute("aria-label", "Next move")?;
    next.set_attribute("title", "Next move")?;
    nav.append_child(&prev)?;
    nav.append_child(&next)?;
    let (undo, redo) = if diagram {
        (None, None)
    } else {
        let undo = button(&document, "boomchess-undo", "Undo")?;
        let redo = button(&document, "boomchess-redo", "Redo")?;
        nav.append_child(&undo)?;
        nav.append_child(&redo)?;
        (Some(undo), Some(redo))
    };
    let flip = button(&document, "boomchess-flip", "Flip")?;
    flip.set_attribute("aria-label", "Flip board")?;
    nav.append_child(&flip)?;
    side.append_child(&nav)?;
    root.append_child(&side)?;

    // The board is laid out before the App measures it.
    element.set_inner_html("");
    element.append_child(&root)?;
    element.set_attribute("data-boomchess-mounted", "")?;

    let app = App::mount(canvas, variant)?;
    app.set_status_element(Some(status));
    // Spelled out in full, and open to fields the panel may gain.
    #[allow(clippy::needless_update)]
    app.set_panel(Panel {
        moves: Some(moves.clone()),
        undo: undo.clone(),
        redo: redo.clone(),
        boom: boom.clone(),
        confirm: confirm.clone(),
        result: Some(result),
        ..Panel::default()
    });
    if let Some(undo) = &undo {
        let a = app.clone();
        crate::listen_click(undo, move || {
            a.update(|g| g.undo());
        })?;
    }
    if let Some(redo) = &redo {
        let a = app.clone();
        crate::listen_click(redo, move || {
            a.update(|g| g.redo());
        })?;
    }
    if let Some(boom) = &boom {
        let a = app.clone();
        crate::listen_click(boom, move || {
            a.update(|g| g.boom());
        })?;
    }
    if let Some(confirm) = &confirm {
        let a = app.clone();
        crate::listen_click(confirm, move || {
            a.update(|g| g.confirm_carriers()).ok();
        })?;
    }
    let a = app.clone();
    crate::listen_click(&flip, move || a.flip())?;
    app.wire_browsing_with(|name| match name {
        "moves" => Some(moves.clone()),
        "prev" => Some(prev.clone()),
        "next" => Some(next.clone()),
        "viewing" => Some(viewing.clone()),
        "viewing-text" => Some(viewing_text.clone()),
        "viewing-live" => Some(viewing_live.clone()),
        _ => None,
    })?;

    app.set_game(board.game);
    if app.layout().flipped != board.flipped {
        app.flip();
    }
    if let Some(square) = board.select {
        app.click(square);
    }
    crate::game_handle(&app, |_| {})
}
