//! boomchess in the browser.
//!
//! Rust owns the game state (with `boomchess_rules` as the referee) and draws it on an HTML
//! canvas; the page (`index.html`) only provides the elements and forwards input. On load,
//! [`start`] finds the page's `<canvas id="board" data-boomchess-page>`, mounts an [`App`] on it,
//! wires the variant selector and buttons, restores a shared (`?game=`, [`share`]) or saved game,
//! and fills in the `window.boomchess` handle that `index.html` created:
//!
//! - `ready`: a Promise that resolves once the board is drawn (created by `index.html`);
//! - `squareCenter('e2')`: `{x, y}` in client pixels, or `null` for a name not on the board;
//! - `fen()`, `legalMoves()`, `selected()`, `variant()`;
//! - `newGame('stratomic')` or `newGame({variant, options, fen, mode, humanSide, level})`: throws
//!   on bad input;
//! - `game`: the game API of issue 6 (`newGame`, `chooseCarriers`, `liftCurtain`, `fen`,
//!   `legalMoves`, `play` (a Promise), `undo`, `redo`, `status`, `moves`, `squareCenter`, `on`).
//!   In hot-seat Beirut everything it returns is the side to move's own view (README.md);
//! - `shareLink()`: the address that reopens the game ([`share`]).
//!
//! Boards embedded in other pages (`www/embed.js`) are mounted by [`embed::mount_board`]; every
//! board's handle, the page's and the embedded ones, comes from [`game_handle`].
//!
//! The modules are public so the wasm-bindgen tests (and later pages) can reuse them.

pub mod app;
pub mod computer;
pub mod embed;
pub mod game;
pub mod geometry;
pub mod moves;
pub mod pieces;
pub mod render;
pub mod save;
pub mod share;
pub mod sound;

pub use app::App;
pub use game::{ClickOutcome, Game};
pub use geometry::{Layout, Square};

use boomchess_rules::{Color, Options, Variant};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CustomEvent, CustomEventInit, Document, HtmlElement, HtmlSelectElement, Window};

/// The argument of `newGame`: `{variant, options, fen, mode, humanSide, level}` (all but the
/// variant optional; names as in RULES.md §5b; `mode` is `hotseat`, `ai` or `diagram`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NewGame {
    variant: String,
    #[serde(default)]
    options: Option<OptionWords>,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    mode: Option<String>,
    #[serde(default)]
    human_side: Option<String>,
    #[serde(default)]
    level: Option<f64>,
}

/// Options as an array of words or one comma-separated string.
#[derive(Deserialize)]
#[serde(untagged)]
enum OptionWords {
    List(Vec<String>),
    Text(String),
}

/// A game from `newGame`'s argument: a variant name, or `{variant, options, fen, mode,
/// humanSide, level}`. The error says what is wrong (unknown variant or option, bad position
/// text, an unknown mode, wrong argument).
pub fn game_from_js(arg: JsValue) -> Result<Game, String> {
    let spec = match arg.as_string() {
        Some(variant) => NewGame {
            variant,
            options: None,
            fen: None,
            mode: None,
            human_side: None,
            level: None,
        },
        None => {
            check_keys(&arg)?;
            serde_wasm_bindgen::from_value::<NewGame>(arg).map_err(|e| {
            format!("newGame takes a variant name or {{variant, options, fen, mode, humanSide, level}}: {e}")
        })?
        }
    };
    let variant = Variant::from_name(&spec.variant).map_err(|e| e.to_string())?;
    let words: Vec<String> = match spec.options {
        None => Vec::new(),
        Some(OptionWords::List(words)) => words,
        Some(OptionWords::Text(text)) => text
            .split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect(),
    };
    let options = Options::parse(variant, &words).map_err(|e| e.to_string())?;
    let diagram = match spec.mode.as_deref() {
        None | Some("hotseat") | Some("ai") => false,
        Some("diagram") => true,
        Some(other) => {
            return Err(format!(
                "unknown mode {other:?}: expected 'hotseat', 'ai' or 'diagram'"
            ))
        }
    };
    let computer = (spec.mode.as_deref() == Some("ai")).then(|| {
        if spec.human_side.as_deref() == Some("black") {
            Color::White
        } else {
            Color::Black
        }
    });
    if let Some(side) = spec.human_side.as_deref() {
        if side != "white" && side != "black" {
            return Err(format!(
                "unknown humanSide {side:?}: expected 'white' or 'black'"
            ));
        }
    }
    if let Some(level) = spec.level {
        if !(1.0..=8.0).contains(&level) || level.fract() != 0.0 {
            return Err(format!("level {level} is not a whole number from 1 to 8"));
        }
    }
    let game = match spec.fen {
        Some(fen) => Game::from_fen_with_options(variant, options, &fen)?,
        None => Game::with_options(variant, options),
    };
    Ok(match computer {
        Some(color) => game.against_computer(color, spec.level.map_or(3, |l| l as u8)),
        None if diagram => game.as_diagram(),
        None => game,
    })
}

/// Refuses a `newGame` argument with a field it does not know (a typo would be ignored
/// silently otherwise).
fn check_keys(arg: &JsValue) -> Result<(), String> {
    const KNOWN: [&str; 6] = ["variant", "options", "fen", "mode", "humanSide", "level"];
    if let Some(object) = arg.dyn_ref::<js_sys::Object>() {
        for key in js_sys::Object::keys(object).iter() {
            let key = key.as_string().unwrap_or_default();
            if !KNOWN.contains(&key.as_str()) {
                return Err(format!(
                    "newGame: unknown field {key:?} (expected variant, options, fen, mode, humanSide, level)"
                ));
            }
        }
    }
    Ok(())
}

/// Square names from JavaScript: an array of names or one comma-separated string.
fn square_names(arg: &JsValue) -> Result<Vec<String>, String> {
    if let Some(text) = arg.as_string() {
        return Ok(text
            .split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect());
    }
    serde_wasm_bindgen::from_value::<Vec<String>>(arg.clone())
        .map_err(|_| "chooseCarriers takes an array of square names such as ['e2']".to_owned())
}

/// A JavaScript `Error` with this message.
pub fn js_error(message: &str) -> JsValue {
    js_sys::Error::new(message).into()
}

/// A point in client pixels, as handed to JavaScript.
#[derive(Serialize)]
struct Point {
    x: f64,
    y: f64,
}

/// Entry point, run when the module is instantiated. Does nothing on a page without the game
/// page's `<canvas id="board" data-boomchess-page>` (the wasm-bindgen test pages, the computer's
/// Web Worker, a wiki page embedding boards with `embed.js`), so the same module can be loaded
/// anywhere.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let page = document
        .get_element_by_id("board")
        .is_some_and(|board| board.has_attribute("data-boomchess-page"));
    if !page {
        return;
    }
    match start_page(&window, &document) {
        Ok(()) => dispatch(&window, "boomchess-ready", &JsValue::UNDEFINED),
        Err(err) => {
            let message = err
                .as_string()
                .or_else(|| err.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
                .unwrap_or_else(|| "the game failed to start".to_owned());
            web_sys::console::error_1(&err);
            if let Some(status) = document.get_element_by_id("status") {
                status.set_text_content(Some(&format!("Error: {message}")));
            }
            dispatch(&window, "boomchess-failed", &JsValue::from_str(&message));
        }
    }
}

/// Fires a `CustomEvent` on the window (`index.html` settles `boomchess.ready` on these).
fn dispatch(window: &Window, name: &str, detail: &JsValue) {
    let init = CustomEventInit::new();
    init.set_detail(detail);
    if let Ok(event) = CustomEvent::new_with_event_init_dict(name, &init) {
        window.dispatch_event(&event).ok();
    }
}

/// The variant named by the page's `?variant=` query parameter, else Beirut.
fn initial_variant(window: &Window) -> Variant {
    query_param(window, "variant")
        .and_then(|name| Variant::from_name(&name).ok())
        .unwrap_or(Variant::Beirut)
}

fn start_page(window: &Window, document: &Document) -> Result<(), JsValue> {
    let canvas = document
        .get_element_by_id("board")
        .ok_or("no #board canvas")?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .map_err(|_| JsValue::from_str("#board is not a <canvas>"))?;
    let variant = initial_variant(window);
    let app = App::mount(canvas, variant)?;
    app.set_status_element(
        document
            .get_element_by_id("status")
            .and_then(|e| e.dyn_into::<HtmlElement>().ok()),
    );

    if let Some(select) = document
        .get_element_by_id("variant")
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
    {
        select.set_value(variant.name());
        let handle = app.clone();
        let chooser = select.clone();
        let on_change = Closure::<dyn FnMut()>::new(move || {
            if let Ok(v) = Variant::from_name(&chooser.value()) {
                handle.new_game(v);
            }
        });
        select.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref())?;
        on_change.forget();
    }
    // "New game…" opens the new-game dialog of index.html, which calls `game.newGame`.
    on_click(document, "flip", {
        let handle = app.clone();
        move || handle.flip()
    })?;
    on_click(document, "undo", {
        let handle = app.clone();
        move || {
            handle.update(|g| g.undo());
        }
    })?;
    on_click(document, "redo", {
        let handle = app.clone();
        move || {
            handle.update(|g| g.redo());
        }
    })?;
    on_click(document, "boom", {
        let handle = app.clone();
        move || {
            handle.update(|g| g.boom());
        }
    })?;
    on_click(document, "confirm", {
        let handle = app.clone();
        move || {
            handle.update(|g| g.confirm_carriers()).ok();
        }
    })?;
    let element = |id: &str| {
        document
            .get_element_by_id(id)
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    };
    app.set_panel(app::Panel {
        moves: element("moves"),
        undo: element("undo"),
        redo: element("redo"),
        boom: element("boom"),
        confirm: element("confirm"),
        result: element("result"),
    });
    app.wire_browsing(document)?;
    sound::wire(window, document)?;
    let notice = element("notice");
    on_click(document, "share", {
        let handle = app.clone();
        let notice = notice.clone();
        move || show_share_link(&handle, notice.as_ref())
    })?;
    if !restore_shared(window, &app, notice.as_ref()) {
        restore_saved(window, &app, notice);
    }
    app.persist();
    expose_handle(window, &app)
}

/// Opens the game of a share link (`?game=`, [`share`]): it wins over the saved game, and the
/// parameter is then taken out of the address (a reload restores the saved game, which is now
/// this one). A bad link is reported in `#notice`. Returns whether the address had a link.
fn restore_shared(window: &Window, app: &App, notice: Option<&HtmlElement>) -> bool {
    let Some(value) = query_param(window, share::PARAM) else {
        return false;
    };
    match share::decode(&value) {
        Ok(game) => {
            let variant = game.variant();
            app.set_game(game);
            show_variant(window.document().as_ref(), variant);
            if let Ok(history) = js_sys::Reflect::get(window, &"history".into()) {
                let path = window.location().pathname().unwrap_or_default();
                let replace = js_sys::Reflect::get(&history, &"replaceState".into())
                    .ok()
                    .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
                if let Some(replace) = replace {
                    replace
                        .call3(&history, &JsValue::NULL, &"".into(), &path.into())
                        .ok();
                }
            }
            true
        }
        Err(err) => {
            if let Some(notice) = notice {
                notice.set_text_content(Some(&format!(
                    "The shared game could not be opened: {err}."
                )));
                notice.set_hidden(false);
            }
            false
        }
    }
}

/// Restores the saved game (unless a `?variant=` link asks for a new one); a corrupt or
/// tampered save is discarded and reported in `#notice`, and the fresh game stays.
fn restore_saved(window: &Window, app: &App, notice: Option<HtmlElement>) {
    if query_param(window, "variant").is_some() {
        return;
    }
    let Some(text) = save::stored() else {
        return;
    };
    match save::load(&text) {
        Ok(game) => app.set_game(game),
        Err(err) => {
            save::discard();
            if let Some(notice) = notice {
                notice.set_text_content(Some(&format!(
                    "Your saved game could not be restored ({err}), so a new game has started."
                )));
                notice.set_hidden(false);
            }
        }
    }
}

/// Calls `f` on clicks of the element with this id, if the page has one.
fn on_click(document: &Document, id: &str, f: impl FnMut() + 'static) -> Result<(), JsValue> {
    match document.get_element_by_id(id) {
        Some(element) => listen_click(&element, f),
        None => Ok(()),
    }
}

/// Calls `f` on every click of `target` (for as long as the page lives).
pub(crate) fn listen_click(
    target: &web_sys::EventTarget,
    f: impl FnMut() + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn FnMut()>::new(f);
    target.add_event_listener_with_callback("click", closure.as_ref().unchecked_ref())?;
    closure.forget();
    Ok(())
}

/// The value of a query parameter of the page's address (`?variant=…`, `?game=…`).
fn query_param(window: &Window, name: &str) -> Option<String> {
    let search = window.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

/// Keeps the page's variant selector in step with a game started otherwise (from script, a
/// share link).
fn show_variant(document: Option<&Document>, variant: Variant) {
    if let Some(select) = document
        .and_then(|d| d.get_element_by_id("variant"))
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
    {
        select.set_value(variant.name());
    }
}

/// Adds the page's functions to `window.boomchess` (created by `index.html`, or here): the game
/// handle of [`game_handle`] as `game`, a few of its functions on `window.boomchess` itself,
/// and `shareLink()`.
fn expose_handle(window: &Window, app: &App) -> Result<(), JsValue> {
    let key = JsValue::from_str("boomchess");
    let mut handle = js_sys::Reflect::get(window, &key)?;
    if !handle.is_object() {
        handle = js_sys::Object::new().into();
        js_sys::Reflect::set(window, &key, &handle)?;
    }
    let doc = window.document();
    let game = game_handle(app, move |variant| show_variant(doc.as_ref(), variant))?;
    for name in [
        "squareCenter",
        "fen",
        "legalMoves",
        "selected",
        "variant",
        "newGame",
    ] {
        let f = js_sys::Reflect::get(&game, &name.into())?;
        js_sys::Reflect::set(&handle, &name.into(), &f)?;
    }
    let a = app.clone();
    let share = Closure::<dyn Fn() -> Result<String, JsValue>>::new(move || {
        share_link(&a).map_err(|e| js_error(&e))
    });
    js_sys::Reflect::set(&handle, &"shareLink".into(), share.as_ref())?;
    share.forget();
    js_sys::Reflect::set(&handle, &"game".into(), &game)?;
    Ok(())
}

/// The game handle of a board: the object the page offers as `window.boomchess.game` and that
/// `mount()` of the embed module resolves to, built the same way for every board. Its functions
/// (`newGame`, `chooseCarriers`, `liftCurtain`, `fen`, `legalMoves`, `selected`, `variant`,
/// `play`, `undo`, `redo`, `status`, `moves`, `squareCenter`, `on`, `thinking`, `lastThought`)
/// are described in README.md. `after_new_game` runs after `newGame` replaced the game.
pub fn game_handle(
    app: &App,
    after_new_game: impl Fn(Variant) + 'static,
) -> Result<js_sys::Object, JsValue> {
    let game = js_sys::Object::new();
    let put = |name: &str, f: &JsValue| js_sys::Reflect::set(&game, &JsValue::from_str(name), f);

    let a = app.clone();
    let new_game = Closure::<dyn Fn(JsValue) -> Result<(), JsValue>>::new(move |arg: JsValue| {
        let game = game_from_js(arg).map_err(|e| js_error(&e))?;
        let variant = game.variant();
        a.set_game(game);
        after_new_game(variant);
        Ok(())
    });
    put("newGame", new_game.as_ref())?;
    new_game.forget();

    let a = app.clone();
    let square_center = Closure::<dyn Fn(JsValue) -> JsValue>::new(move |name: JsValue| {
        name.as_string()
            .and_then(|n| a.square_center(&n))
            .and_then(|(x, y)| serde_wasm_bindgen::to_value(&Point { x, y }).ok())
            .unwrap_or(JsValue::NULL)
    });
    put("squareCenter", square_center.as_ref())?;
    square_center.forget();

    let a = app.clone();
    let fen = Closure::<dyn Fn() -> String>::new(move || a.with_game(|g| g.fen()));
    put("fen", fen.as_ref())?;
    fen.forget();

    let a = app.clone();
    let legal = Closure::<dyn Fn() -> JsValue>::new(move || {
        let moves: Vec<String> = a.with_game(|g| g.legal_moves().map(str::to_owned).collect());
        serde_wasm_bindgen::to_value(&moves).unwrap_or(JsValue::NULL)
    });
    put("legalMoves", legal.as_ref())?;
    legal.forget();

    let a = app.clone();
    let selected = Closure::<dyn Fn() -> JsValue>::new(move || {
        a.with_game(|g| g.selected())
            .map_or(JsValue::NULL, |sq| JsValue::from_str(&sq.name()))
    });
    put("selected", selected.as_ref())?;
    selected.forget();

    let a = app.clone();
    let variant =
        Closure::<dyn Fn() -> String>::new(move || a.with_game(|g| g.variant().name().to_owned()));
    put("variant", variant.as_ref())?;
    variant.forget();

    let a = app.clone();
    let choose = Closure::<dyn Fn(JsValue) -> Result<(), JsValue>>::new(move |arg: JsValue| {
        let names = square_names(&arg).map_err(|e| js_error(&e))?;
        a.update(|g| g.choose_carriers(&names))
            .map_err(|e| js_error(&e))
    });
    put("chooseCarriers", choose.as_ref())?;
    choose.forget();

    let a = app.clone();
    let lift = Closure::<dyn Fn() -> bool>::new(move || a.update(|g| g.lift_curtain()));
    put("liftCurtain", lift.as_ref())?;
    lift.forget();

    let a = app.clone();
    let play = Closure::<dyn Fn(JsValue) -> js_sys::Promise>::new(move |arg: JsValue| {
        let result = match arg.as_string() {
            Some(text) => a
                .update(|g| g.play(&text))
                .map(|()| a.with_game(|g| g.san_moves().last().cloned().unwrap_or_default())),
            None => Err("play takes a move in coordinate text such as 'e2e4' or '@e5'".to_owned()),
        };
        match result {
            Ok(_) if a.thinking() => {
                let waiting = a.clone();
                js_sys::Promise::new(&mut |resolve, reject| {
                    waiting.when_computer_moved(resolve, reject);
                })
            }
            Ok(san) => js_sys::Promise::resolve(&JsValue::from_str(&san)),
            Err(e) => js_sys::Promise::reject(&js_error(&e)),
        }
    });
    put("play", play.as_ref())?;
    play.forget();

    let a = app.clone();
    let undo = Closure::<dyn Fn() -> bool>::new(move || a.update(|g| g.undo()));
    put("undo", undo.as_ref())?;
    undo.forget();

    let a = app.clone();
    let redo = Closure::<dyn Fn() -> bool>::new(move || a.update(|g| g.redo()));
    put("redo", redo.as_ref())?;
    redo.forget();

    let a = app.clone();
    let status = Closure::<dyn Fn() -> JsValue>::new(move || a.with_game(app::status_js));
    put("status", status.as_ref())?;
    status.forget();

    let a = app.clone();
    let moves = Closure::<dyn Fn() -> JsValue>::new(move || {
        serde_wasm_bindgen::to_value(&a.with_game(|g| g.san_moves())).unwrap_or(JsValue::NULL)
    });
    put("moves", moves.as_ref())?;
    moves.forget();

    let a = app.clone();
    let on = Closure::<dyn Fn(String, JsValue) -> Result<(), JsValue>>::new(
        move |event: String, callback: JsValue| {
            let f = callback
                .dyn_into::<js_sys::Function>()
                .map_err(|_| js_error("on(event, callback) takes a function"))?;
            a.on(&event, f).map_err(|e| js_error(&e))
        },
    );
    put("on", on.as_ref())?;
    on.forget();

    let a = app.clone();
    let thinking = Closure::<dyn Fn() -> bool>::new(move || a.thinking());
    put("thinking", thinking.as_ref())?;
    thinking.forget();

    let a = app.clone();
    let last_thought = Closure::<dyn Fn() -> JsValue>::new(move || match a.last_thought() {
        Some((ms, nodes, depth)) => {
            let o = js_sys::Object::new();
            js_sys::Reflect::set(&o, &"ms".into(), &ms.into()).ok();
            js_sys::Reflect::set(&o, &"nodes".into(), &nodes.into()).ok();
            js_sys::Reflect::set(&o, &"depth".into(), &depth.into()).ok();
            o.into()
        }
        None => JsValue::NULL,
    });
    put("lastThought", last_thought.as_ref())?;
    last_thought.forget();

    app::browsing_api(app, &game)?;
    Ok(game)
}

/// The address that reopens the board's game (`?game=`, see [`share`]), or why it cannot be
/// shared yet.
fn share_link(app: &App) -> Result<String, String> {
    let value = app.with_game(share::encode)?;
    let location = web_sys::window().ok_or("no window")?.location();
    let base = format!(
        "{}{}",
        location.origin().map_err(|_| "no page address")?,
        location.pathname().map_err(|_| "no page address")?
    );
    Ok(format!("{base}?{}={value}", share::PARAM))
}

/// Shows the share link in `#notice` (and copies it to the clipboard where the browser allows),
/// or why the game cannot be shared yet.
fn show_share_link(app: &App, notice: Option<&HtmlElement>) {
    let Some(notice) = notice else {
        return;
    };
    match share_link(app) {
        Ok(url) => {
            let copied = copy_to_clipboard(&url);
            notice.set_inner_html(&format!(
                "{} <a class=\"share-link\" href=\"{url}\">{url}</a>",
                if copied {
                    "Link to this game (copied):"
                } else {
                    "Link to this game:"
                },
                url = url
                    .replace('&', "&amp;")
                    .replace('"', "&quot;")
                    .replace('<', "&lt;")
            ));
        }
        Err(err) => notice.set_text_content(Some(&format!("Cannot share this game: {err}."))),
    }
    notice.set_hidden(false);
}

/// Asks `navigator.clipboard.writeText` to copy the text; whether the browser offers it.
fn copy_to_clipboard(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let clipboard = js_sys::Reflect::get(&window, &"navigator".into())
        .and_then(|navigator| js_sys::Reflect::get(&navigator, &"clipboard".into()))
        .ok()
        .filter(|c| c.is_object());
    let Some(clipboard) = clipboard else {
        return false;
    };
    let write = js_sys::Reflect::get(&clipboard, &"writeText".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match write.map(|f| f.call1(&clipboard, &JsValue::from_str(text))) {
        Some(Ok(promise)) => {
            // A refusal (no permission, page not focused) leaves the link on the page anyway.
            if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
                let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
                let _ = promise.catch(&ignore);
                ignore.forget();
            }
            true
        }
        _ => false,
    }
}
