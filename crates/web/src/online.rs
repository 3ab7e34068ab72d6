//! Online play's connection: a game's WebSocket, kept open for as long as the board plays the
//! game. [`Connection`] owns the socket and its handlers, says hello on every (re)connection,
//! reconnects by itself with a growing delay when the connection drops, and hands every
//! message to its [`Session`] (numbering, resending, checking each entry of the record), so the
//! board sees only checked [`Update`]s. Dropping it closes the socket and cancels the retry.
//!
//! Also here: the server's address for a game, asking whether the page's server offers online
//! play at all, and the seats this browser holds (`localStorage`).

use std::cell::Cell;
use std::rc::Rc;

use boomchess_online::client::{owed_statement, Session, Update};
use boomchess_online::message::{ClientMessage, Refusal, Refused, ServerMessage};
use boomchess_online::referee::Referee;
use boomchess_online::OnlineGame;
use boomchess_online::{GameId, SeatToken};
use boomchess_rules::{Color, Game as RulesGame};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

/// What happened on the socket, for the board's handler.
pub enum SocketEvent {
    /// A text message arrived.
    Message(String),
    /// The connection opened.
    Opened,
    /// The connection closed (or never opened).
    Closed,
    /// The wait before connecting again is over.
    Retry,
}

/// A handler of socket events (holds the board weakly).
pub type OnSocket = Rc<dyn Fn(SocketEvent)>;

type Handlers = (
    Closure<dyn FnMut()>,
    Closure<dyn FnMut(MessageEvent)>,
    Closure<dyn FnMut(CloseEvent)>,
);

/// A pending reconnection: the timer and its callback.
struct RetryTimer {
    id: i32,
    _callback: Closure<dyn FnMut()>,
}

/// How the connection stands, for the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// Connecting (or reconnecting after this many failures).
    Connecting(u32),
    /// Connected and welcomed.
    Open,
}

/// A board's connection to one online game.
pub struct Connection {
    url: String,
    session: Session,
    socket: Option<(WebSocket, Handlers)>,
    retry: Option<RetryTimer>,
    failures: u32,
    on_socket: OnSocket,
    /// Set when the connection is dropped, so a late callback does nothing.
    gone: Rc<Cell<bool>>,
    /// The server's clock minus this one's (milliseconds), from the last message that told it.
    offset: f64,
}

/// The WebSocket address of game `id` on the page's own server.
pub fn socket_url(origin_http: &str, id: GameId) -> String {
    let ws = origin_http
        .strip_prefix("https://")
        .map(|rest| format!("wss://{rest}"))
        .or_else(|| {
            origin_http
                .strip_prefix("http://")
                .map(|rest| format!("ws://{rest}"))
        })
        .unwrap_or_else(|| origin_http.to_owned());
    format!("{ws}/api/games/{id}/socket")
}

/// Writes a message as JSON text.
pub fn to_json<T: Serialize>(value: &T) -> Result<String, JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let value = value.serialize(&serializer)?;
    js_sys::JSON::stringify(&value).map(String::from)
}

/// Reads JSON text as a message.
pub fn from_json<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, String> {
    let value = js_sys::JSON::parse(text).map_err(|_| "not JSON".to_owned())?;
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

impl Connection {
    /// Connects to `url` as the holder of `token` (a spectator without one); `on_socket` gets
    /// every event of the socket (pass it to [`Connection::handle`]).
    pub fn open(url: String, token: Option<SeatToken>, on_socket: OnSocket) -> Connection {
        let mut connection = Connection {
            url,
            session: Session::new(token),
            socket: None,
            retry: None,
            failures: 0,
            on_socket,
            gone: Rc::new(Cell::new(false)),
            offset: 0.0,
        };
        connection.connect();
        connection
    }

    /// The server's time now (milliseconds since the epoch), by this clock and the offset the
    /// server's last message showed.
    pub fn server_time(&self) -> f64 {
        js_sys::Date::now() + self.offset
    }

    /// The session: the game as checked so far, the seat, what waits to be acknowledged.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// How the connection stands.
    pub fn link(&self) -> Link {
        if self.session.connected() {
            Link::Open
        } else {
            Link::Connecting(self.failures)
        }
    }

    fn connect(&mut self) {
        self.retry = None;
        let Ok(socket) = WebSocket::new(&self.url) else {
            self.schedule_retry();
            return;
        };
        let gone = self.gone.clone();
        let handler = self.on_socket.clone();
        let opened = Closure::<dyn FnMut()>::new(move || {
            if !gone.get() {
                handler(SocketEvent::Opened)
            }
        });
        let gone = self.gone.clone();
        let handler = self.on_socket.clone();
        let message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            if let (false, Some(text)) = (gone.get(), e.data().as_string()) {
                handler(SocketEvent::Message(text))
            }
        });
        let gone = self.gone.clone();
        let handler = self.on_socket.clone();
        let closed = Closure::<dyn FnMut(CloseEvent)>::new(move |_: CloseEvent| {
            if !gone.get() {
                handler(SocketEvent::Closed)
            }
        });
        socket.set_onopen(Some(opened.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(closed.as_ref().unchecked_ref()));
        self.socket = Some((socket, (opened, message, closed)));
    }

    /// Closes the socket without reconnecting.
    fn close_socket(&mut self) {
        if let Some((socket, _handlers)) = self.socket.take() {
            socket.set_onopen(None);
            socket.set_onmessage(None);
            socket.set_onclose(None);
            socket.close().ok();
        }
    }

    /// Tries again after a delay that doubles with each failure (0.5 s to 8 s).
    fn schedule_retry(&mut self) {
        self.close_socket();
        self.session.disconnected();
        let Some(window) = web_sys::window() else {
            return;
        };
        let delay = 500 * (1 << self.failures.min(4));
        self.failures += 1;
        let gone = self.gone.clone();
        let handler = self.on_socket.clone();
        let callback = Closure::<dyn FnMut()>::new(move || {
            if !gone.get() {
                handler(SocketEvent::Retry);
            }
        });
        if let Ok(id) = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            callback.as_ref().unchecked_ref(),
            delay,
        ) {
            self.retry = Some(RetryTimer {
                id,
                _callback: callback,
            });
        }
    }

    fn send(&self, message: &ClientMessage) {
        if let (Some((socket, _)), Ok(text)) = (&self.socket, to_json(message)) {
            socket.send_with_str(&text).ok();
        }
    }

    /// Sends a player's action (now, or once connected and the actions before it are settled).
    pub fn act(&mut self, action: boomchess_online::Action) {
        if let Some(message) = self.session.act(action) {
            self.send(&message);
        }
    }

    /// Handles an event of the socket: what it changed for the board, if anything. An error is
    /// a message or entry that does not hold (the connection is dropped and opened again, so
    /// the record is fetched whole).
    pub fn handle(&mut self, event: SocketEvent) -> Result<Option<Update>, Refused> {
        match event {
            SocketEvent::Opened => {
                self.send(&self.session.hello());
                Ok(None)
            }
            SocketEvent::Retry => {
                self.connect();
                Ok(None)
            }
            SocketEvent::Closed => {
                self.schedule_retry();
                Ok(None)
            }
            SocketEvent::Message(text) => {
                let message: ServerMessage = from_json(&text).map_err(|why| {
                    Refused::new(Refusal::BadMessage, format!("the server sent {why}"))
                })?;
                let welcome = matches!(message, ServerMessage::Welcome { .. });
                if let ServerMessage::Welcome { now, .. } | ServerMessage::Event { now, .. } =
                    &message
                {
                    self.offset = *now as f64 - js_sys::Date::now();
                }
                match self.session.receive(message) {
                    Ok((update, reply)) => {
                        if welcome {
                            self.failures = 0;
                        }
                        if let Some(reply) = reply {
                            self.send(&reply);
                        }
                        Ok(Some(update))
                    }
                    Err(refused) => {
                        self.schedule_retry();
                        Err(refused)
                    }
                }
            }
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.gone.set(true);
        self.close_socket();
        if let (Some(retry), Some(window)) = (self.retry.take(), web_sys::window()) {
            window.clear_timeout_with_handle(retry.id);
        }
    }
}

/// A seat this browser holds, kept in `localStorage` under `boomchess.online.<game id>`, with
/// the Beirut openings of its men (which never leave the browser before the rules make them
/// public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HeldSeat {
    /// The seat's side.
    pub side: boomchess_online::Side,
    /// The seat's token.
    pub token: SeatToken,
    /// Beirut: the openings of this side's men, once chosen.
    #[serde(default)]
    pub openings: Vec<boomchess_online::message::WireOpening>,
}

fn storage_key(id: GameId) -> String {
    format!("boomchess.online.{id}")
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The seat this browser holds in game `id`, if any.
pub fn held_seat(id: GameId) -> Option<HeldSeat> {
    let text = local_storage()?.get_item(&storage_key(id)).ok().flatten()?;
    from_json(&text).ok()
}

/// Keeps `seat` for game `id`; false if the browser would not store it.
pub fn hold_seat(id: GameId, seat: &HeldSeat) -> bool {
    let (Some(storage), Ok(text)) = (local_storage(), to_json(seat)) else {
        return false;
    };
    storage.set_item(&storage_key(id), &text).is_ok()
}

/// 16 random bytes from the browser's `crypto.getRandomValues` (there is no fallback: a salt
/// or a secret must not come from `Math.random`).
pub fn random_bytes() -> Result<[u8; 16], String> {
    let mut bytes = [0u8; 16];
    web_sys::window()
        .and_then(|w| w.crypto().ok())
        .ok_or("this browser has no Web Crypto")?
        .get_random_values_with_u8_array(&mut bytes)
        .map_err(|_| "the browser's random numbers failed".to_owned())?;
    Ok(bytes)
}

/// A board's online game: its connection, the seat this browser holds (with its secrets), and
/// the server's clock relative to this one.
pub struct OnlineLink {
    connection: Connection,
    id: GameId,
    held: Option<HeldSeat>,
    /// The length of the record when the last statement was sent: nothing more is stated
    /// until the record has grown (the statement is recorded, or refused and owed still).
    stated_at: Option<usize>,
}

impl OnlineLink {
    /// Opens game `id` on the server at `origin` (`https://host`), as the holder of `held` or as
    /// a spectator.
    pub fn open(origin: &str, id: GameId, held: Option<HeldSeat>, on_socket: OnSocket) -> Self {
        let token = held.as_ref().map(|h| h.token);
        OnlineLink {
            connection: Connection::open(socket_url(origin, id), token, on_socket),
            id,
            held,
            stated_at: None,
        }
    }

    /// The game's id.
    pub fn id(&self) -> GameId {
        self.id
    }

    /// The connection (its session: the checked record, the seat).
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// Handles an event of the socket (see [`Connection::handle`]).
    pub fn handle(&mut self, event: SocketEvent) -> Result<Option<Update>, Refused> {
        self.connection.handle(event)
    }

    /// The openings of this seat's men (Beirut, once its carriers are chosen).
    pub fn openings(&self) -> Vec<boomchess_online::Opening> {
        self.held
            .iter()
            .flat_map(|held| &held.openings)
            .map(|&o| boomchess_online::Opening::from(o))
            .collect()
    }

    /// Sends what this seat's client states by itself now (its commitments, a Dead Man's
    /// Switch answer, "no legal boom", the final reveal: [`owed_statement`]), once nothing of
    /// its own waits for the server.
    pub fn send_owed(&mut self) {
        let session = self.connection.session();
        if session.pending().next().is_some() || !session.connected() {
            return;
        }
        let (Some(game), Some(seat)) = (session.game(), session.seat()) else {
            return;
        };
        let length = game.events().len();
        if self.stated_at == Some(length) {
            return;
        }
        if let Some(action) = owed_statement(game, seat, &self.openings()) {
            self.stated_at = Some(length);
            self.connection.act(action);
        }
    }

    /// The action that plays `m` (a boom opens the exploding man's commitment).
    pub fn action_of(
        &self,
        m: boomchess_rules::Move,
        uci: String,
    ) -> Option<boomchess_online::Action> {
        if m.kind != boomchess_rules::MoveKind::Boom {
            return Some(boomchess_online::Action::Move { uci });
        }
        let game = self.connection.session().game()?;
        let origin = game.referee().beirut()?.public().origin_at(m.from)?;
        let opening = self.openings().into_iter().find(|o| o.origin == origin)?;
        Some(boomchess_online::Action::Boom {
            square: boomchess_online::message::SquareName(m.from),
            salt: opening.salt,
        })
    }

    /// Beirut: makes `carriers` (starting squares) this seat's carriers: draws a fresh salt for
    /// each of its men but the king and keeps every opening in this browser
    /// first; the commitments go to the server with the next statement owed
    /// ([`OnlineLink::send_owed`]).
    pub fn choose(&mut self, carriers: &[boomchess_rules::Square]) -> Result<(), String> {
        let id = self.id;
        let held = self
            .held
            .as_mut()
            .ok_or("a spectator chooses no carriers")?;
        let salts = (0..15)
            .map(|_| random_bytes().map(boomchess_online::Salt))
            .collect::<Result<Vec<_>, _>>()?;
        let mut salts = salts.into_iter();
        let openings = boomchess_online::openings_of(held.side.color(), carriers, || {
            salts.next().unwrap_or(boomchess_online::Salt([0; 16]))
        })
        .into_iter()
        .map(boomchess_online::message::WireOpening::from)
        .collect();
        held.openings = openings;
        if !hold_seat(id, held) {
            return Err(
                "this browser would not keep the carriers (localStorage is off)".to_owned(),
            );
        }
        Ok(())
    }

    /// Sends one of this seat's actions.
    pub fn act(&mut self, action: boomchess_online::Action) {
        self.connection.act(action);
    }
}

/// The game as `seat` may see it, for the board: in Stratomic and Flying Bombers the referee's
/// own game (nothing is secret); in Beirut the public game with this seat's own carriers (from
/// `openings`) and the carriers everybody knows of (opened by booms and Dead Man's Switch
/// answers, and every one once revealed at the end).
pub fn board_view(
    game: &OnlineGame,
    seat: Option<boomchess_online::Side>,
    openings: &[boomchess_online::Opening],
) -> RulesGame {
    match game.referee() {
        Referee::Open(rules) => (**rules).clone(),
        Referee::Beirut(beirut) => {
            let mut carriers: Vec<(Color, boomchess_rules::Square)> = Vec::new();
            for side in boomchess_online::Side::BOTH {
                for &origin in beirut.known_carriers(side) {
                    carriers.push((side.color(), origin));
                }
            }
            if let Some(seat) = seat {
                for opening in openings.iter().filter(|o| o.carrier) {
                    carriers.push((seat.color(), opening.origin));
                }
            }
            beirut.public().view(&carriers)
        }
    }
}

/// The board's state of an online game, from the session.
pub fn online_state(session: &Session) -> Option<crate::game::Online> {
    let game = session.game()?;
    Some(crate::game::Online {
        stage: game.stage().clone(),
        owed: game.referee().owed(),
        waiting: session.pending().next().is_some(),
    })
}

/// The server's clocks as the board's clocks, at `server_now`: what is left and whose runs.
pub fn board_clock(
    game: &OnlineGame,
    server_now: f64,
) -> Option<(crate::clock::Clock, Option<Color>)> {
    let control = game.info().clock?;
    let left = game.clocks(server_now as u64)?;
    let control = crate::clock::TimeControl {
        seconds: control.initial,
        increment: control.increment,
    };
    let clock = crate::clock::Clock::with_left(control, left.map(|ms| ms as f64));
    Some((clock, game.running().map(|side| side.color())))
}

/// The wire name of an online game's stage.
pub fn stage_name(stage: &boomchess_online::Stage) -> &'static str {
    use boomchess_online::Stage;
    match stage {
        Stage::Seating => "seating",
        Stage::Committing(_) => "committing",
        Stage::Playing => "playing",
        Stage::Revealing { .. } => "revealing",
        Stage::Over(_) => "over",
    }
}

/// What `online()` tells of the board's online game; `problem` is the last thing to tell the
/// player (a refusal, a record that did not hold).
pub fn status_js(link: &OnlineLink, problem: Option<&str>) -> JsValue {
    use crate::handle::object;
    use boomchess_online::referee::Owed;
    let connection = link.connection();
    let session = connection.session();
    let presence = session.presence();
    let side = |side: Option<boomchess_online::Side>| {
        side.map_or(JsValue::NULL, |s| JsValue::from_str(s.name()))
    };
    let game = session.game();
    let owed = game.map(|g| match g.referee().owed() {
        Owed::Move => "move",
        Owed::Switch => "switch",
        Owed::Stuck => "stuck",
    });
    let text = |t: Option<&str>| t.map_or(JsValue::NULL, JsValue::from_str);
    object(&[
        ("game", JsValue::from_str(&link.id().hex())),
        (
            "invite",
            text(crate::lobby::invite_link(link.id()).ok().as_deref()),
        ),
        ("seat", side(session.seat())),
        ("connected", JsValue::from_bool(session.connected())),
        ("white", JsValue::from_bool(presence.white)),
        ("black", JsValue::from_bool(presence.black)),
        (
            "spectators",
            JsValue::from_f64(f64::from(presence.spectators)),
        ),
        ("stage", text(game.map(|g| stage_name(g.stage())))),
        ("owed", text(owed)),
        (
            "waiting",
            JsValue::from_bool(session.pending().next().is_some()),
        ),
        ("drawOffer", side(game.and_then(|g| g.draw_offer()))),
        ("problem", text(problem)),
    ])
}

/// What the online box says of the board's online game.
pub fn panel_view(link: &OnlineLink, problem: Option<&str>) -> crate::panel::OnlineView {
    use boomchess_online::referee::Owed;
    use boomchess_online::Stage;
    let connection = link.connection();
    let session = connection.session();
    let seat = session.seat();
    let mut view = crate::panel::OnlineView::default();
    let Some(game) = session.game().filter(|_| session.connected()) else {
        view.status = match connection.link() {
            Link::Connecting(0) => "Connecting to the server…".to_owned(),
            _ => "The connection to the server was lost: reconnecting…".to_owned(),
        };
        return view;
    };
    let presence = session.presence();
    let title = |side: boomchess_online::Side| side.color().title();
    let present = |side: boomchess_online::Side| match side {
        boomchess_online::Side::White => presence.white,
        boomchess_online::Side::Black => presence.black,
    };
    let mut words = Vec::new();
    match seat {
        Some(me) => words.push(format!("You play {}.", title(me))),
        None => words.push("You are watching.".to_owned()),
    }
    let turn = game.referee().turn();
    match game.stage() {
        Stage::Seating => {
            words.push("Waiting for your friend: send them the invite link.".to_owned());
            view.invite = crate::lobby::invite_link(link.id()).ok();
        }
        Stage::Committing(owed) => {
            for side in boomchess_online::Side::BOTH {
                if owed[side.index()] && Some(side) != seat {
                    words.push(format!("Waiting for {} to choose carriers.", title(side)));
                }
            }
            if seat.is_some_and(|me| owed[me.index()]) {
                words.push(
                    "Your carriers stay on this device until the rules reveal them.".to_owned(),
                );
            }
        }
        Stage::Playing => match game.referee().owed() {
            Owed::Switch if Some(turn) != seat => words.push(format!(
                "Waiting for {}'s answer: did the captured man carry a bomb?",
                title(turn)
            )),
            Owed::Stuck if Some(turn) == seat => {
                words.push("You have no ordinary move: boom or resign.".to_owned())
            }
            Owed::Stuck => words.push(format!("{} has no ordinary move.", title(turn))),
            _ => {}
        },
        Stage::Revealing { .. } => words.push(
            "Verifying: both sides open their carrier commitments and the game is replayed."
                .to_owned(),
        ),
        Stage::Over(result) => words.push(match result.reason {
            boomchess_rules::Reason::VerificationFailed => format!(
                "Verification failed{}.",
                result
                    .detail
                    .as_deref()
                    .map(|d| format!(": {d}"))
                    .unwrap_or_default()
            ),
            _ if game.referee().needs_commitments() => {
                "Verified: every statement about the carriers held.".to_owned()
            }
            _ => "The game is over.".to_owned(),
        }),
    }
    if !matches!(game.stage(), Stage::Over(_)) {
        for side in boomchess_online::Side::BOTH {
            if Some(side) != seat && game.is_seated(side) {
                words.push(if present(side) {
                    format!("{} is connected.", title(side))
                } else {
                    format!(
                        "{} is away (they can come back with the link).",
                        title(side)
                    )
                });
            }
        }
    }
    if let Some(offer) = game.draw_offer().filter(|_| game.result().is_none()) {
        words.push(if Some(offer) == seat {
            "You offered a draw.".to_owned()
        } else {
            format!("{} offers a draw.", title(offer))
        });
    }
    if let Some(problem) = problem {
        words.push(problem.to_owned());
    }
    view.status = words.join(" ");
    view.can_abort = seat.is_some() && game.abortable();
    view.offered_to_me = seat.is_some() && game.draw_offer() == seat.map(|s| s.other());
    view.offered_by_me = seat.is_some() && game.draw_offer() == seat;
    view
}
