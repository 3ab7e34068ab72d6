//! Boards embedded in other pages (a chess-variant wiki, a blog): `www/embed.js` loads the
//! boards' module once (`crates/board`: this crate without the `online` feature) and calls
//! [`mount_board`] for every element with a `data-boomchess` attribute (and for
//! `mount(element, options)` from script).
//!
//! Everything of an embedded board lives inside its element: the canvas (also the grid of
//! squares that assistive technology reads) and a compact panel (status, an announcer for screen
//! readers, move list, the buttons its mode needs), found through the element, never by id, so
//! any number of boards share a page without meeting. An embedded board does not read the
//! page's address and never touches `localStorage` (only the game page saves its game).

use boomchess_rules::{Color, Square};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlElement};

use crate::app::App;
use crate::game::Game;
use crate::handle::{check_keys, js_error, text_field, GameHandle};
use crate::panel::Panel;
use crate::render::THEMES;
use crate::spec::{Mode, SpecText, ATTRIBUTE_NAMES};

/// Board size in CSS pixels when none is given.
pub const DEFAULT_SIZE: u32 = 360;
/// The smallest and largest board sizes accepted, in CSS pixels.
pub const SIZES: std::ops::RangeInclusive<u32> = 160..=1200;

/// The option names of `mount(element, options)`, each the name of a `data-` attribute.
const KEYS: [&str; 11] = [
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
    "theme",
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
    /// The board's colours: `wood` (default) or `ice`.
    pub theme: Option<String>,
}

impl Spec {
    /// The spec of `mount()`'s options object: its keys are the attribute names without
    /// `data-` (`variant`, `options`, `fen`, `moves`, `mode`, `side`, `level`, `size`,
    /// `orientation`, `select`); an unknown key is an error (a typo would be ignored otherwise).
    pub fn from_js(options: &JsValue) -> Result<Spec, String> {
        if !options.is_object() || options.is_function() {
            return Err(
                "mount(element, options) takes an options object such as {variant: 'beirut'}"
                    .to_owned(),
            );
        }
        check_keys(options, &KEYS, "mount", "option").map_err(|e| {
            // "mount: unknown option …": the element's error names the option only.
            e.trim_start_matches("mount: ").to_owned()
        })?;
        let text = |key: &str| {
            text_field(options, key, matches!(key, "options" | "moves"))
                .map_err(|e| format!("option {e}"))
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
            theme: text("theme")?,
        })
    }

    /// The game's part of the spec.
    fn game_text(&self) -> SpecText {
        SpecText {
            variant: Some(self.variant.clone()),
            options: self.options.clone(),
            fen: self.fen.clone(),
            moves: self.moves.clone(),
            mode: self.mode.clone(),
            side: self.side.clone(),
            level: self.level.clone(),
            // Clocks are the game page's: an embedded board plays without.
            clock: None,
        }
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
    /// The board's colours.
    pub theme: &'static str,
}

/// Checks a spec and builds its game (moves replayed); the error is one sentence naming the
/// attribute and what is wrong with it.
pub fn board(spec: &Spec) -> Result<Board, String> {
    let game_spec = spec
        .game_text()
        .parse()
        .map_err(|e| e.describe(&ATTRIBUTE_NAMES))?;
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
        None => matches!(
            game_spec.mode,
            Mode::Computer {
                human: Color::Black,
                ..
            }
        ),
        Some("white") => false,
        Some("black") => true,
        Some(other) => return Err(format!("data-orientation: {other:?} is not white or black")),
    };
    let diagram = game_spec.mode == Mode::Diagram;
    if spec.select.is_some() && !diagram {
        return Err("data-select applies to data-mode=\"diagram\" only".to_owned());
    }
    let game = game_spec
        .build()
        .map_err(|e| e.describe(&ATTRIBUTE_NAMES))?;
    let select = match spec.select.as_deref().map(str::trim) {
        None => None,
        Some(name) => {
            let square = game
                .square(name)
                .ok_or_else(|| format!("data-select: {name:?} is not a square of this board"))?;
            if game.piece_at(square).is_none() {
                return Err(format!("data-select: there is no piece on {name}"));
            }
            Some(square)
        }
    };
    let theme = match spec.theme.as_deref().map(str::trim) {
        None => THEMES[0].0,
        Some(name) => THEMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, _)| *n)
            .ok_or_else(|| format!("data-theme: {name:?} is not wood or ice"))?,
    };
    Ok(Board {
        game,
        size,
        flipped,
        select,
        theme,
    })
}

/// Mounts a board into `element`: checks the options (see [`Spec::from_js`]), replaces the
/// element's content with the board and its panel, and returns the board's [`GameHandle`] (the
/// same class as the game page's `window.boomchess.game`; its `unmount()` lets the board go).
/// On bad options it throws an `Error` whose message names the attribute and the problem, and
/// leaves the element unchanged (`embed.js` shows the message in it).
#[wasm_bindgen(js_name = mountBoard)]
pub fn mount_board(element: Element, options: JsValue) -> Result<GameHandle, JsValue> {
    let spec = Spec::from_js(&options).map_err(|e| js_error(&e))?;
    let board = board(&spec).map_err(|e| js_error(&e))?;
    if element.owner_document().is_none() {
        return Err(js_error("the element is not in a document"));
    }
    let diagram = board.game.is_diagram();
    let variant = board.game.variant();

    let commented = matches!(board.game.mode(), Mode::Diagram | Mode::Analysis);
    // The board and its compact panel, from one template: the parts a mode does not use are
    // left out (a diagram plays nothing; only diagrams and analysis boards are commented). The
    // status line is read, not announced: the announcer tells each move and change once (the
    // canvas itself is the grid of squares, see `crate::panel::A11y`).
    let actions = if diagram {
        ""
    } else {
        r#"<div class="boomchess-actions"><button type="button" class="boomchess-confirm" hidden>Confirm carriers</button><button type="button" class="boomchess-boom" hidden>Boom!</button></div>"#
    };
    let takeback = if diagram {
        ""
    } else {
        r#"<button type="button" class="boomchess-undo">Undo</button><button type="button" class="boomchess-redo">Redo</button>"#
    };
    let analysis = if commented {
        r#"<div class="boomchess-analysis"><button type="button" class="boomchess-analyse" aria-pressed="false">Analysis</button><p class="boomchess-eval" role="meter" hidden></p></div><p class="boomchess-line" hidden></p>"#
    } else {
        ""
    };
    let (mode, what) = if diagram {
        ("diagram", "diagram")
    } else {
        ("play", "board")
    };
    let html = format!(
        r#"<div class="boomchess-embed" data-mode="{mode}"><canvas class="boomchess-board" aria-label="{title} {what}" style="width: {size}px; max-width: 100%; aspect-ratio: 1 / 1"></canvas><div class="boomchess-panel"><p class="boomchess-status"></p><p class="boomchess-announcer boomchess-sr-only" aria-live="polite" aria-atomic="true"></p>{actions}<p class="boomchess-result" hidden></p><p class="boomchess-viewing" role="status" hidden><span class="boomchess-viewing-text"></span><button type="button" class="boomchess-viewing-live">Back to the game</button></p><ol class="boomchess-moves" aria-label="Moves: click a move, or use the arrow keys, to see earlier positions"></ol><div class="boomchess-nav"><button type="button" class="boomchess-prev" aria-label="Previous move" title="Previous move">‹</button><button type="button" class="boomchess-next" aria-label="Next move" title="Next move">›</button>{takeback}<button type="button" class="boomchess-flip" aria-label="Flip board">Flip</button></div>{analysis}</div></div>"#,
        title = variant.title(),
        size = board.size,
    );
    // The board is laid out before the App measures it.
    element.set_inner_html(&html);
    element.set_attribute("data-boomchess-mounted", "")?;
    let find = |class: &str| {
        element
            .query_selector(&format!(".boomchess-{class}"))
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    };
    let canvas: HtmlCanvasElement = find("board")
        .ok_or_else(|| js_error("the board's canvas is missing"))?
        .dyn_into()?;
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let pixels = (f64::from(board.size) * ratio).round() as u32;
    canvas.set_width(pixels);
    canvas.set_height(pixels);
    // The panel's parts by their classes (the analysis ones are named shorter there).
    let panel = Panel::find(|name| {
        find(match name {
            "analysis" => "analyse",
            "eval-bar" => "eval",
            "analysis-line" => "line",
            other => other,
        })
    });
    let app = App::mount(canvas, variant)?;
    app.set_panel(panel)?;
    app.set_game(board.game);
    if app.layout().flipped != board.flipped {
        app.flip();
    }
    if let Some(square) = board.select {
        app.click(square);
    }
    app.set_theme(board.theme).map_err(|e| js_error(&e))?;
    app.hush();
    Ok(GameHandle::new(app, None))
}
