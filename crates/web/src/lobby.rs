//! Creating and joining online games over HTTP (`docs/online-protocol.md`): whether the page's
//! own server offers online play, a new game with its invite link, and taking the free seat of
//! a game from its link (or watching, when both are taken). The game itself is then played
//! over its WebSocket ([`crate::online`]).

use boomchess_online::message::{NewGame, Seat, SideChoice, TimeControl};
use boomchess_online::GameId;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Request, RequestInit, Response};

use crate::handle::{check_keys, text_field};
use crate::online::{from_json, to_json, HeldSeat};

/// The query parameter of an invite link: `?online=<game id>`.
pub const INVITE_PARAM: &str = "online";

/// The page's origin (`https://host:port`), where its server answers.
pub fn origin() -> Result<String, String> {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .ok_or_else(|| "this page has no origin".to_owned())
}

/// The invite link of game `id`: this page's address with `?online=<id>`.
pub fn invite_link(id: GameId) -> Result<String, String> {
    let location = web_sys::window().ok_or("no window")?.location();
    let page = location
        .pathname()
        .map_err(|_| "this page has no address")?;
    Ok(format!("{}{page}?{INVITE_PARAM}={id}", origin()?))
}

/// Puts game `id`'s invite in the game page's address (`?online=<id>`), so a reload comes back
/// to it; `None` takes it out again (another game was started). Only on the game page: an
/// embedded board leaves its host page's address alone.
pub fn show_in_address(id: Option<GameId>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let page = window
        .document()
        .and_then(|d| d.get_element_by_id("board"))
        .is_some_and(|board| board.has_attribute("data-boomchess-page"));
    let (Ok(history), Ok(path)) = (window.history(), window.location().pathname()) else {
        return;
    };
    if !page {
        return;
    }
    let address = match id {
        Some(id) => format!("{path}?{INVITE_PARAM}={id}"),
        None => path,
    };
    history
        .replace_state_with_url(&JsValue::NULL, "", Some(&address))
        .ok();
}

/// The game an invite link (or a bare game id) names.
pub fn game_of_link(text: &str) -> Result<GameId, String> {
    let text = text.trim();
    let id = match text.split_once(&format!("{INVITE_PARAM}=")) {
        Some((_, rest)) => rest.split(['&', '#']).next().unwrap_or(""),
        None => text,
    };
    GameId::parse(id).map_err(|_| format!("{text:?} is not an invite link of an online game"))
}

async fn request(method: &str, url: &str, body: Option<String>) -> Result<Response, String> {
    let window = web_sys::window().ok_or("no window")?;
    let init = RequestInit::new();
    init.set_method(method);
    if let Some(body) = &body {
        init.set_body(&JsValue::from_str(body));
        let headers = web_sys::Headers::new().map_err(|_| "no headers")?;
        headers
            .set("content-type", "application/json")
            .map_err(|_| "no headers")?;
        init.set_headers(&headers);
    }
    let request =
        Request::new_with_str_and_init(url, &init).map_err(|_| format!("could not ask {url}"))?;
    let response = JsFuture::from(window.fetch_with_request(&request))
        .await
        .map_err(|_| "the server could not be reached".to_owned())?;
    response
        .dyn_into::<Response>()
        .map_err(|_| "the server's answer was not a response".to_owned())
}

async fn text_of(response: &Response) -> String {
    match response.text() {
        Ok(promise) => JsFuture::from(promise)
            .await
            .ok()
            .and_then(|t| t.as_string())
            .unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// The words of an error answer `{code, message}`, or its status.
async fn failure(response: &Response) -> String {
    #[derive(serde::Deserialize)]
    struct Failure {
        message: String,
    }
    let text = text_of(response).await;
    from_json::<Failure>(&text)
        .map(|f| f.message)
        .unwrap_or_else(|_| format!("the server answered {}", response.status()))
}

/// Whether the page's server offers online play: `online.json` beside the page says so. The
/// release build ships one saying `{"online": false}` (a static host serves it as it is, so
/// asking never fails and logs nothing); the game server answers in its place with
/// `{"online": true, "protocol": 1}`.
pub async fn offered() -> bool {
    #[derive(serde::Deserialize)]
    struct Offer {
        online: bool,
        #[serde(default)]
        protocol: u32,
    }
    let Ok(origin) = origin() else {
        return false;
    };
    match request("GET", &format!("{origin}/online.json"), None).await {
        Ok(response) if response.ok() => {
            from_json::<Offer>(&text_of(&response).await).is_ok_and(|o| o.online && o.protocol == 1)
        }
        _ => false,
    }
}

/// Creates a game on the page's server: the creator's seat.
pub async fn create(new_game: &NewGame) -> Result<Seat, String> {
    let body = to_json(new_game).map_err(|_| "the game could not be written")?;
    let response = request("POST", &format!("{}/api/games", origin()?), Some(body)).await?;
    if response.status() == 404 {
        return Err(
            "online play needs the boomchess game server, and this page is served without it"
                .to_owned(),
        );
    }
    if !response.ok() {
        return Err(failure(&response).await);
    }
    from_json(&text_of(&response).await)
}

/// Takes the free seat of game `id`; `None` when both are taken (then the page watches).
pub async fn join(id: GameId) -> Result<Option<Seat>, String> {
    let url = format!("{}/api/games/{id}/join", origin()?);
    let response = request("POST", &url, None).await?;
    match response.status() {
        409 => Ok(None),
        _ if response.ok() => from_json(&text_of(&response).await).map(Some),
        _ => Err(failure(&response).await),
    }
}

/// The seat this browser holds in game `id`, taking the free one if it holds none; `None` for
/// a spectator.
pub async fn seat_in(id: GameId) -> Result<Option<HeldSeat>, String> {
    if let Some(held) = crate::online::held_seat(id) {
        return Ok(Some(held));
    }
    let Some(seat) = join(id).await? else {
        return Ok(None);
    };
    let held = HeldSeat {
        side: seat.side,
        token: seat.token,
        openings: Vec::new(),
    };
    if !crate::online::hold_seat(id, &held) {
        return Err("this browser would not keep the seat (localStorage is off)".to_owned());
    }
    Ok(Some(held))
}

/// The keys of `newGame({mode: 'online', ...})`.
const ONLINE_KEYS: [&str; 5] = ["mode", "variant", "options", "side", "clock"];

/// The game `newGame({mode: 'online', variant, options, side, clock})` asks the server for:
/// `side` is `white`, `black` or `random` (the default), `clock` minutes and increment as in
/// the other games (`5+3`; none for no clocks). The error names the field.
pub fn new_game_of_js(spec: &JsValue) -> Result<NewGame, String> {
    check_keys(spec, &ONLINE_KEYS, "newGame", "field")?;
    let field = |key: &str| text_field(spec, key, key == "options");
    let variant =
        field("variant")?.ok_or("newGame needs a variant: beirut, stratomic or flying-bombers")?;
    let variant =
        boomchess_rules::Variant::from_name(variant.trim()).map_err(|e| format!("variant: {e}"))?;
    let words = field("options")?.unwrap_or_default();
    let options = boomchess_rules::Options::parse(variant, &crate::spec::words(&words))
        .map_err(|e| format!("options: {e}"))?;
    let side = match field("side")?.as_deref().map(str::trim) {
        None | Some("random") => SideChoice::Random,
        Some("white") => SideChoice::White,
        Some("black") => SideChoice::Black,
        Some(other) => {
            return Err(format!(
                "side: unknown side {other:?} (expected white, black or random)"
            ))
        }
    };
    let clock = match field("clock")?.as_deref().map(str::trim) {
        None | Some("") | Some("none") => None,
        Some(text) => {
            let control =
                crate::clock::TimeControl::parse(text).map_err(|e| format!("clock: {e}"))?;
            Some(TimeControl {
                initial: control.seconds,
                increment: control.increment,
            })
        }
    };
    Ok(NewGame {
        variant: variant.name().to_owned(),
        options: options.words(),
        side,
        clock,
    })
}
