//! The game page (`index.html`): one board on `<canvas id="board" data-boomchess-page>`, the
//! panel around it found by id, the variant menu, Share, Sound, and the `window.boomchess`
//! handle. A shared game (`?game=`, [`crate::share`]) or the saved one ([`crate::save`]) is
//! restored on load, and every change is saved.
//!
//! Everything the page registers belongs to its board: the page's own listeners are handed to
//! the board ([`App::adopt`]) and go with it.

use std::cell::Cell;
use std::rc::Rc;

use boomchess_rules::Variant;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, HtmlElement, HtmlSelectElement, Window};

use crate::app::App;
use crate::handle::{js_error, GameHandle};
use crate::listeners::Listeners;
use crate::panel::Panel;
use crate::sound::{Sound, SoundHandle};
use crate::spec::GameSpec;
use crate::{save, share};

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

fn element(document: &Document, id: &str) -> Option<HtmlElement> {
    document
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
}

/// Starts the game page: mounts the board, wires the page's controls, restores a shared or
/// saved game and fills in `window.boomchess`.
pub fn start(window: &Window, document: &Document) -> Result<(), JsValue> {
    let canvas = document
        .get_element_by_id("board")
        .ok_or("no #board canvas")?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .map_err(|_| JsValue::from_str("#board is not a <canvas>"))?;
    let variant = query_param(window, "variant")
        .and_then(|name| Variant::from_name(&name).ok())
        .unwrap_or(Variant::Beirut);
    let app = App::mount(canvas, variant)?;
    app.set_panel(Panel::of_page(document))?;
    let mut listeners = Listeners::default();

    if let Some(select) = document
        .get_element_by_id("variant")
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
    {
        select.set_value(variant.name());
        wire_variant_menu(document, &app, &select, &mut listeners)?;
    }
    // "New game…" opens the new-game dialog of index.html, which calls `game.newGame`.
    let sound = Sound::new(window, element(document, "sound"));
    sound.listen(window, &mut listeners)?;
    app.set_sound(Some(sound.clone()));
    let notice = element(document, "notice");
    if let Some(button) = element(document, "share") {
        let board = app.downgrade();
        let notice = notice.clone();
        // Swallows a refused clipboard write (made once, owned by the Share button's listener).
        let ignore = Rc::new(Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {}));
        listeners.on_click(&button, move || {
            if let Some(app) = board.upgrade() {
                show_share_link(&app, notice.as_ref(), &ignore);
            }
        })?;
    }
    if let (Some(button), Some(field)) = (
        element(document, "invite-copy"),
        element(document, "invite-link"),
    ) {
        let ignore = Rc::new(Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {}));
        listeners.on_click(&button, move || {
            if let Some(input) = field.dyn_ref::<web_sys::HtmlInputElement>() {
                input.select();
                copy_to_clipboard(&input.value(), &ignore);
            }
        })?;
    }
    #[cfg(feature = "online")]
    let invited = start_online(window, document, &app, notice.clone());
    // A module without online play (the `online` feature) has no invite links to open.
    #[cfg(not(feature = "online"))]
    let invited = false;
    if !invited && !restore_shared(window, &app, notice.as_ref()) {
        restore_saved(window, &app, notice);
    }
    app.persist();
    // The page as it opens (a restored game too) is read, not announced.
    app.hush();
    app.adopt(listeners);
    expose_handle(window, &app, sound)
}

/// Online play on the game page (the `online` feature): offers it when the page's server plays
/// it, keeps the variant menu in step with an online game arriving on the board, and opens the
/// game of the invite link the page was opened with. Returns whether the address had one.
#[cfg(feature = "online")]
fn start_online(
    window: &Window,
    document: &Document,
    app: &App,
    notice: Option<HtmlElement>,
) -> bool {
    offer_online(document);
    let menu = document.clone();
    app.on_online_game(Rc::new(move |variant| show_variant(Some(&menu), variant)));
    match query_param(window, crate::lobby::INVITE_PARAM) {
        Some(link) => {
            join_invited(app, &link, notice);
            true
        }
        None => false,
    }
}

/// Offers "Play a friend" in the new-game dialog (`#mode-online`) when the page's server plays
/// online games; a static host does not, and the choice stays hidden.
#[cfg(feature = "online")]
fn offer_online(document: &Document) {
    let Some(choice) = element(document, "mode-online") else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        if crate::lobby::offered().await {
            choice.set_hidden(false);
        }
    });
}

/// Opens the online game of the invite link this page was opened with (`?online=<id>`): the
/// seat this browser holds or the free one, else as a spectator. A problem is told in the
/// notice and the board stays as it is.
#[cfg(feature = "online")]
fn join_invited(app: &App, link: &str, notice: Option<HtmlElement>) {
    let board = app.downgrade();
    let link = link.to_owned();
    wasm_bindgen_futures::spawn_local(async move {
        let joined = async {
            let id = crate::lobby::game_of_link(&link)?;
            let held = crate::lobby::seat_in(id).await?;
            Ok::<_, String>((id, held, crate::lobby::origin()?))
        };
        match (joined.await, board.upgrade()) {
            (Ok((id, held, origin)), Some(app)) => app.open_online(&origin, id, held),
            (Err(problem), Some(_)) => {
                if let Some(notice) = &notice {
                    notice.set_text_content(Some(&format!(
                        "Cannot open the online game: {problem}."
                    )));
                    notice.set_hidden(false);
                }
            }
            (_, None) => {}
        }
    });
}

/// The header's variant menu: picking a variant starts a new game of it in the same mode (against
/// the computer with the same side and level); a game in progress is only given up once the
/// player confirms it in `#switch-dialog` (without one, the browser's own confirm asks).
fn wire_variant_menu(
    document: &Document,
    app: &App,
    select: &HtmlSelectElement,
    listeners: &mut Listeners,
) -> Result<(), JsValue> {
    let dialog = document
        .get_element_by_id("switch-dialog")
        .and_then(|e| e.dyn_into::<web_sys::HtmlDialogElement>().ok());
    let text = element(document, "switch-text");
    // The variant waiting for the player's answer.
    let pending: Rc<Cell<Option<Variant>>> = Rc::default();
    let start = {
        let board = app.downgrade();
        move |variant: Variant| {
            if let Some(app) = board.upgrade() {
                let mode = app.with_game(|g| g.mode());
                let mut spec = GameSpec::new(variant);
                spec.mode = mode;
                if let Ok(game) = spec.build() {
                    app.set_game(game);
                }
            }
        }
    };
    let showing = {
        let select = select.clone();
        let board = app.downgrade();
        move || {
            if let Some(app) = board.upgrade() {
                select.set_value(app.with_game(|g| g.variant()).name());
            }
        }
    };
    {
        let board = app.downgrade();
        let chooser = select.clone();
        let (dialog, pending, start, showing) = (
            dialog.clone(),
            pending.clone(),
            start.clone(),
            showing.clone(),
        );
        listeners.on(select, "change", move |_: web_sys::Event| {
            let (Some(app), Ok(variant)) = (board.upgrade(), Variant::from_name(&chooser.value()))
            else {
                return;
            };
            if !app.with_game(|g| g.in_progress()) {
                start(variant);
                return;
            }
            let question = format!(
                "Start a new game of {}? The game in progress will be lost.",
                variant.title()
            );
            match &dialog {
                Some(dialog) => {
                    if let Some(text) = &text {
                        text.set_text_content(Some(&question));
                    }
                    pending.set(Some(variant));
                    // The menu shows the game on the board until the player has answered.
                    showing();
                    dialog.show_modal().ok();
                }
                None => {
                    let yes = web_sys::window()
                        .and_then(|w| w.confirm_with_message(&question).ok())
                        .unwrap_or(false);
                    if yes {
                        start(variant);
                    } else {
                        showing();
                    }
                }
            }
        })?;
    }
    if let Some(dialog) = dialog {
        for (id, confirmed) in [("switch-confirm", true), ("switch-cancel", false)] {
            let Some(button) = element(document, id) else {
                continue;
            };
            let (dialog, pending, start) = (dialog.clone(), pending.clone(), start.clone());
            listeners.on_click(&button, move || {
                dialog.close();
                if let (true, Some(variant)) = (confirmed, pending.take()) {
                    start(variant);
                }
                pending.set(None);
            })?;
        }
    }
    Ok(())
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
            if let Ok(history) = window.history() {
                let path = window.location().pathname().unwrap_or_default();
                history
                    .replace_state_with_url(&JsValue::NULL, "", Some(&path))
                    .ok();
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

/// Fills in `window.boomchess` (created by `index.html`, or here): `game`, the board's
/// [`GameHandle`]; a few of its methods on `window.boomchess` itself (`squareCenter`, `fen`,
/// `legalMoves`, `selected`, `variant`, `newGame`); `shareLink()`; and `sound`.
fn expose_handle(window: &Window, app: &App, sound: Sound) -> Result<(), JsValue> {
    let key = JsValue::from_str("boomchess");
    let mut api = js_sys::Reflect::get(window, &key)?;
    if !api.is_object() {
        api = js_sys::Object::new().into();
        js_sys::Reflect::set(window, &key, &api)?;
    }
    let document = window.document();
    let handle = GameHandle::new(
        app.clone(),
        Some(Box::new(move |variant| {
            show_variant(document.as_ref(), variant)
        })),
    );
    let game = JsValue::from(handle);
    for name in [
        "squareCenter",
        "fen",
        "legalMoves",
        "selected",
        "variant",
        "newGame",
    ] {
        let method: js_sys::Function = js_sys::Reflect::get(&game, &name.into())?.dyn_into()?;
        js_sys::Reflect::set(&api, &name.into(), &method.bind0(&game))?;
    }
    let share = {
        let board = app.downgrade();
        Closure::<dyn Fn() -> Result<String, JsValue>>::new(move || {
            let app = board.upgrade().ok_or_else(|| js_error("no board"))?;
            share_link(&app).map_err(|e| js_error(&e))
        })
    };
    js_sys::Reflect::set(&api, &"shareLink".into(), share.as_ref())?;
    // The page's API lives as long as the page: the closure is handed to JavaScript for good.
    share.into_js_value();
    js_sys::Reflect::set(&api, &"game".into(), &game)?;
    js_sys::Reflect::set(&api, &"sound".into(), &SoundHandle::new(sound).into())?;
    Ok(())
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
fn show_share_link(app: &App, notice: Option<&HtmlElement>, ignore: &Closure<dyn FnMut(JsValue)>) {
    let Some(notice) = notice else {
        return;
    };
    match share_link(app) {
        Ok(url) => {
            let copied = copy_to_clipboard(&url, ignore);
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

/// Asks `navigator.clipboard.writeText` to copy the text; whether the browser offers it. A
/// refusal (no permission, page not focused) leaves the link on the page anyway.
fn copy_to_clipboard(text: &str, ignore: &Closure<dyn FnMut(JsValue)>) -> bool {
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
            if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
                let _ = promise.catch(ignore);
            }
            true
        }
        _ => false,
    }
}
