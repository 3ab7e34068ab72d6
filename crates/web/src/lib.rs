//! boomchess in the browser, as a small game engine: Rust owns the state (with
//! `boomchess_rules` as the referee) and draws it on an HTML canvas; the page only provides the
//! elements and forwards input.
//!
//! - [`spec`]: what game to set up ([`spec::GameSpec`], [`spec::Mode`]), read once from the API,
//!   embed attributes, saves and share links;
//! - [`game`]: the game as the board sees it (the referee, what the player may see, selection,
//!   input as actions, browsing);
//! - [`effects`]: what a change sets off, as data (animation, sounds, events, the computer's
//!   turn);
//! - [`app`]: a board on a canvas, applying input and effects; [`panel`], the elements beside
//!   it; [`render`] and [`pieces`], drawing as a function of the state; [`geometry`], squares on
//!   the canvas;
//! - [`clock`]: chess clocks (time controls, flag fall), as pure arithmetic on times;
//! - [`computer`]: the page's client of the computer, which runs in a Web Worker from a module
//!   of its own (`boomchess-worker`: this module holds no search);
//! - [`handle`]: [`handle::GameHandle`], the typed JavaScript handle of a board;
//! - [`listeners`]: event listeners owned by a board, removed when it goes;
//! - [`a11y`]: the board in words, for screen readers;
//! - [`record`]: game records (PGN) written and read;
//! - [`page`]: the game page; [`embed`]: boards embedded in other pages; [`save`], [`share`]:
//!   saved games and share links; [`sound`]: sound effects.
//!
//! On load, [`start`] mounts the game page's board when the page is the game page
//! (`<canvas id="board" data-boomchess-page>`); embedded boards are mounted by `www/embed.js`
//! through [`embed::mount_board`].
//!
//! The default feature `online` is online play ([`online`], [`lobby`]: a friend through the
//! page's server). Without it (the embedded boards' module, `crates/board`) its entry points
//! refuse (`newGame({mode: 'online'})`, `join`) and nothing reaches its code, which the linker
//! leaves out of the module.

pub mod a11y;
pub mod app;
pub mod clock;
pub mod computer;
pub mod effects;
pub mod embed;
pub mod game;
pub mod geometry;
pub mod handle;
pub mod listeners;
pub mod lobby;
pub mod online;
pub mod page;
pub mod panel;
pub mod pieces;
pub mod record;
pub mod render;
pub mod save;
pub mod share;
pub mod sound;
pub mod spec;

pub use app::App;
pub use game::{ClickOutcome, Game};
pub use geometry::Layout;
pub use handle::GameHandle;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CustomEvent, CustomEventInit, Window};

/// Entry point, run when the module is instantiated. Does nothing on a page without the game
/// page's `<canvas id="board" data-boomchess-page>` (the wasm-bindgen test pages, a wiki page
/// embedding boards with `embed.js`), so the same module can be loaded anywhere.
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
    match page::start(&window, &document) {
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
