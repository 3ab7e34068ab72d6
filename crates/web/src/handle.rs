//! The game handle JavaScript gets for a board: `window.boomchess.game` on the game page, and
//! what `mount()` of `embed.js` resolves to. One class, [`GameHandle`], for every board; its
//! methods are documented in the README's API table.
//!
//! In hot-seat Beirut everything it returns is the side to move's own view; against the
//! computer the human's view.

use std::cell::RefCell;

use boomchess_rules::Variant;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::App;
use crate::game::Game;
use crate::spec::{SpecText, API_NAMES};

/// A JavaScript `Error` with this message.
pub fn js_error(message: &str) -> JsValue {
    js_sys::Error::new(message).into()
}

/// The text of `object[key]`: a string as it is, a number as its digits, an array of strings
/// (where `lists` allows it) joined by commas; `None` when absent (`undefined` or `null`).
pub fn text_field(object: &JsValue, key: &str, lists: bool) -> Result<Option<String>, String> {
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
    if lists {
        if let Ok(words) = serde_wasm_bindgen::from_value::<Vec<String>>(value) {
            return Ok(Some(words.join(",")));
        }
    }
    Err(format!("{key:?} must be text"))
}

/// Refuses an object with a key outside `known` (a typo would be ignored silently otherwise):
/// `"{what}: unknown {noun} "colour" (expected …)"`.
pub fn check_keys(object: &JsValue, known: &[&str], what: &str, noun: &str) -> Result<(), String> {
    let Some(object) = object.dyn_ref::<js_sys::Object>() else {
        return Ok(());
    };
    for key in js_sys::Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !known.contains(&key.as_str()) {
            return Err(format!(
                "{what}: unknown {noun} {key:?} (expected {})",
                known.join(", ")
            ));
        }
    }
    Ok(())
}

/// The keys of `newGame({...})`: the API's names of the spec's fields.
const NEW_GAME_KEYS: [&str; 8] = API_NAMES.fields;

/// The spec of `newGame`'s argument: a variant name, or `{variant, options, fen, moves, mode,
/// humanSide, level}`. The error says what is wrong, naming the field.
pub fn game_from_js(arg: &JsValue) -> Result<Game, String> {
    let text = match arg.as_string() {
        Some(variant) => SpecText {
            variant: Some(variant),
            ..SpecText::default()
        },
        None if arg.is_object() && !arg.is_function() => {
            check_keys(arg, &NEW_GAME_KEYS, "newGame", "field")?;
            let field = |key: &str| text_field(arg, key, matches!(key, "options" | "moves"));
            SpecText {
                variant: field("variant")?,
                options: field("options")?,
                fen: field("fen")?,
                moves: field("moves")?,
                mode: field("mode")?,
                side: field("humanSide")?,
                level: field("level")?,
                clock: field("clock")?,
            }
        }
        None => {
            return Err(format!(
                "newGame takes a variant name or {{{}}}",
                NEW_GAME_KEYS.join(", ")
            ))
        }
    };
    text.parse()
        .and_then(|spec| spec.build())
        .map_err(|e| e.describe(&API_NAMES))
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

/// A plain JavaScript object of these fields: one function for every view the handle gives
/// out (a serde implementation for each would cost code for each).
pub fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (key, value) in fields {
        js_sys::Reflect::set(&o, &JsValue::from_str(key), value).ok();
    }
    o.into()
}

/// A JavaScript array of strings.
pub fn strings<S: AsRef<str>>(items: &[S]) -> JsValue {
    items
        .iter()
        .map(|s| JsValue::from_str(s.as_ref()))
        .collect::<js_sys::Array>()
        .into()
}

/// A string, or `null`.
fn text_or_null(text: Option<&str>) -> JsValue {
    text.map_or(JsValue::NULL, JsValue::from_str)
}

/// `status()` and the `over` event's detail.
pub fn status_js(status: &crate::game::Status) -> JsValue {
    object(&[
        ("turn", status.turn.into()),
        ("phase", status.phase.into()),
        ("result", text_or_null(status.result)),
        ("reason", text_or_null(status.reason)),
        ("curtain", status.curtain.into()),
    ])
}

/// Why a module built without the `online` feature (the embedded boards' module,
/// `crates/board`) refuses online play.
pub const NO_ONLINE: &str =
    "online play needs the game page of a boomchess server (embedded boards do not play online)";

/// `newGame({mode: 'online', ...})`: a Promise of the invite link of a new game on the page's
/// server, which `app` then plays.
#[cfg(feature = "online")]
fn new_online_game(app: App, spec: &JsValue) -> Result<JsValue, JsValue> {
    let new_game = crate::lobby::new_game_of_js(spec).map_err(|e| js_error(&e))?;
    Ok(wasm_bindgen_futures::future_to_promise(async move {
        let seat = crate::lobby::create(&new_game)
            .await
            .map_err(|e| js_error(&e))?;
        let held = crate::online::HeldSeat {
            side: seat.side,
            token: seat.token,
            openings: Vec::new(),
        };
        if !crate::online::hold_seat(seat.game, &held) {
            return Err(js_error(
                "this browser would not keep the seat (localStorage is off)",
            ));
        }
        let origin = crate::lobby::origin().map_err(|e| js_error(&e))?;
        app.open_online(&origin, seat.game, Some(held));
        let link = crate::lobby::invite_link(seat.game).map_err(|e| js_error(&e))?;
        Ok(JsValue::from_str(&link))
    })
    .into())
}

/// Without the `online` feature `newGame({mode: 'online'})` throws [`NO_ONLINE`].
#[cfg(not(feature = "online"))]
fn new_online_game(_: App, _: &JsValue) -> Result<JsValue, JsValue> {
    Err(js_error(NO_ONLINE))
}

/// `join(link)`: a Promise of the seat `app` takes in the online game of `link`.
#[cfg(feature = "online")]
fn join_online(app: App, link: String) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(async move {
        let id = crate::lobby::game_of_link(&link).map_err(|e| js_error(&e))?;
        let held = crate::lobby::seat_in(id).await.map_err(|e| js_error(&e))?;
        let side = held.as_ref().map(|h| h.side.name());
        let origin = crate::lobby::origin().map_err(|e| js_error(&e))?;
        app.open_online(&origin, id, held);
        Ok(side.map_or(JsValue::NULL, JsValue::from_str))
    })
}

/// Without the `online` feature `join` rejects with [`NO_ONLINE`].
#[cfg(not(feature = "online"))]
fn join_online(_: App, _: String) -> js_sys::Promise {
    js_sys::Promise::reject(&js_error(NO_ONLINE))
}

/// The handle of one board: the game API for tests, scripts and the page's own controls.
#[wasm_bindgen]
pub struct GameHandle {
    board: RefCell<Option<App>>,
    /// Runs after `newGame` replaced the game (the game page keeps its variant menu in step).
    after_new_game: Option<Box<dyn Fn(Variant)>>,
}

impl GameHandle {
    /// The handle of a board; `after_new_game` runs after `newGame` replaced its game.
    pub fn new(app: App, after_new_game: Option<Box<dyn Fn(Variant)>>) -> GameHandle {
        GameHandle {
            board: RefCell::new(Some(app)),
            after_new_game,
        }
    }

    /// Sends an action of this board's seat in its online game (made only when the board plays
    /// one).
    fn online_act(&self, action: impl FnOnce() -> boomchess_online::Action) -> Result<(), JsValue> {
        self.app()?.act_online(action).map_err(|e| js_error(&e))
    }

    /// The board, or the error every method gives once it is unmounted.
    fn app(&self) -> Result<App, JsValue> {
        self.board
            .borrow()
            .clone()
            .ok_or_else(|| js_error("this board was unmounted"))
    }
}

#[wasm_bindgen]
impl GameHandle {
    /// Starts a new game: a variant name or `{variant, options, fen, moves, mode, humanSide,
    /// level}` (README.md); throws an `Error` naming the problem, and the game stays. With
    /// `mode: 'online'` (`{variant, options, side, clock}`): a Promise of the invite link of a
    /// new game on the page's server, which the board then plays (a module without the `online`
    /// feature, the embedded boards', throws [`NO_ONLINE`] instead).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&self, spec: JsValue) -> Result<JsValue, JsValue> {
        let app = self.app()?;
        let online = spec.is_object()
            && js_sys::Reflect::get(&spec, &"mode".into())
                .ok()
                .and_then(|m| m.as_string())
                .is_some_and(|m| m.trim() == "online");
        if online {
            return new_online_game(app, &spec);
        }
        let game = game_from_js(&spec).map_err(|e| js_error(&e))?;
        let variant = game.variant();
        app.set_game(game);
        if let Some(after) = &self.after_new_game {
            after(variant);
        }
        Ok(JsValue::UNDEFINED)
    }

    /// Opens the online game of an invite link (or a game id): takes its free seat, or the seat
    /// this browser already holds, or watches when both are taken. A Promise of the seat
    /// (`'white'`, `'black'`, or `null` for a spectator); rejected with [`NO_ONLINE`] in a
    /// module without the `online` feature.
    pub fn join(&self, link: String) -> js_sys::Promise {
        match self.app() {
            Ok(app) => join_online(app, link),
            Err(e) => js_sys::Promise::reject(&e),
        }
    }

    /// The online game on this board: `{game, invite, seat, connected, white, black,
    /// spectators, stage, owed, waiting, problem}`, or `null` off line (always, in a module
    /// without the `online` feature).
    pub fn online(&self) -> Result<JsValue, JsValue> {
        Ok(self.app()?.online_status().unwrap_or(JsValue::NULL))
    }

    /// Online: offers a draw (or accepts the opponent's offer).
    #[wasm_bindgen(js_name = offerDraw)]
    pub fn offer_draw(&self) -> Result<(), JsValue> {
        self.online_act(|| boomchess_online::Action::OfferDraw)
    }

    /// Online: declines the opponent's draw offer.
    #[wasm_bindgen(js_name = declineDraw)]
    pub fn decline_draw(&self) -> Result<(), JsValue> {
        self.online_act(|| boomchess_online::Action::DeclineDraw)
    }

    /// Online: calls the game off before both sides have moved.
    pub fn abort(&self) -> Result<(), JsValue> {
        self.online_act(|| boomchess_online::Action::Abort)
    }

    /// Setup: the choosing side's carriers (an array of square names or a comma string);
    /// throws on a wrong count or square.
    #[wasm_bindgen(js_name = chooseCarriers)]
    pub fn choose_carriers(&self, squares: JsValue) -> Result<(), JsValue> {
        let names = square_names(&squares).map_err(|e| js_error(&e))?;
        self.app()?
            .update(|g| g.choose_carriers(&names))
            .map_err(|e| js_error(&e))
    }

    /// What a tap on the pass-the-device curtain does; `false` when none is up.
    #[wasm_bindgen(js_name = liftCurtain)]
    pub fn lift_curtain(&self) -> Result<bool, JsValue> {
        Ok(self.app()?.update(|g| g.lift_curtain()))
    }

    /// The position as the player at the board sees it.
    pub fn fen(&self) -> Result<String, JsValue> {
        Ok(self.app()?.with_game(|g| g.fen()))
    }

    /// Coordinate texts of the legal moves of the side to move, from its own view.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<Vec<String>, JsValue> {
        Ok(self
            .app()?
            .with_game(|g| g.legal_moves().map(|m| g.move_text(m)).collect()))
    }

    /// The selected square's name, or `null`.
    pub fn selected(&self) -> Result<JsValue, JsValue> {
        Ok(self.app()?.with_game(|g| {
            g.selected()
                .map_or(JsValue::NULL, |sq| g.board_size().name(sq).into())
        }))
    }

    /// The variant's name.
    pub fn variant(&self) -> Result<String, JsValue> {
        Ok(self.app()?.with_game(|g| g.variant().name().to_owned()))
    }

    /// Plays a move in coordinate text: a Promise of its SAN (against the computer: of the
    /// reply's SAN, after it; online: once the server recorded it), rejected with a clear
    /// message when refused (nothing changes).
    pub fn play(&self, text: JsValue) -> js_sys::Promise {
        let app = match self.app() {
            Ok(app) => app,
            Err(e) => return js_sys::Promise::reject(&e),
        };
        let result = match text.as_string() {
            Some(text) => app
                .update(|g| g.play(&text))
                .map(|()| app.with_game(|g| g.san_moves().last().cloned().unwrap_or_default())),
            None => Err("play takes a move in coordinate text such as 'e2e4' or '@e5'".to_owned()),
        };
        match result {
            Ok(_) if app.with_online(|_| ()).is_some() => {
                js_sys::Promise::new(&mut |resolve, reject| {
                    app.when_online_recorded(resolve, reject);
                })
            }
            Ok(_) if app.thinking() => js_sys::Promise::new(&mut |resolve, reject| {
                app.when_computer_moved(resolve, reject);
            }),
            Ok(san) => js_sys::Promise::resolve(&JsValue::from_str(&san)),
            Err(e) => js_sys::Promise::reject(&js_error(&e)),
        }
    }

    /// The player at the board resigns (hot-seat: the side to move; against the computer: the
    /// human); throws when there is no game in play.
    pub fn resign(&self) -> Result<(), JsValue> {
        let app = self.app()?;
        if app.with_online(|_| ()).is_some() {
            return self.online_act(|| boomchess_online::Action::Resign);
        }
        let player = app
            .with_game(|g| g.player())
            .ok_or_else(|| js_error("there is no game in play to resign"))?;
        app.update(|g| g.resign(player)).map_err(|e| js_error(&e))
    }

    /// Hot-seat: the players agree to a draw (the one at the board offered, the other
    /// accepted); throws against the computer or when there is no game in play.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&self) -> Result<(), JsValue> {
        if self.app()?.with_online(|_| ()).is_some() {
            return self.online_act(|| boomchess_online::Action::AcceptDraw);
        }
        self.app()?
            .update(|g| g.agree_draw())
            .map_err(|e| js_error(&e))
    }

    /// Takes back a move (against the computer: back to the human's previous turn), or a
    /// resignation or agreed draw; `false` if there is none.
    pub fn undo(&self) -> Result<bool, JsValue> {
        Ok(self.app()?.update(|g| g.undo()))
    }

    /// Replays a move taken back; `false` if there is none.
    pub fn redo(&self) -> Result<bool, JsValue> {
        Ok(self.app()?.update(|g| g.redo()))
    }

    /// `{turn, phase, result, reason, curtain}`.
    pub fn status(&self) -> Result<JsValue, JsValue> {
        Ok(status_js(&self.app()?.with_game(|g| g.status())))
    }

    /// The material of the position shown: `{white, black, balance}`, each side's surplus
    /// pieces (role names, strongest first) and White's lead in pawns.
    pub fn material(&self) -> Result<JsValue, JsValue> {
        let material = self.app()?.with_game(|g| g.material());
        let names = |roles: &[boomchess_rules::Role]| {
            strings(&roles.iter().map(|r| r.name()).collect::<Vec<_>>())
        };
        Ok(object(&[
            ("white", names(&material.white)),
            ("black", names(&material.black)),
            ("balance", material.balance.into()),
        ]))
    }

    /// The clocks of a game on the clock: `{control, white, black, running}` (milliseconds left,
    /// the side whose clock runs or `null`), or `null` for a game without clocks.
    pub fn clock(&self) -> Result<JsValue, JsValue> {
        let now = js_sys::Date::now();
        Ok(self.app()?.with_game(|g| {
            g.clock().map_or(JsValue::NULL, |c| {
                object(&[
                    ("control", c.control().text().into()),
                    (
                        "white",
                        c.left(boomchess_rules::Color::White, now).round().into(),
                    ),
                    (
                        "black",
                        c.left(boomchess_rules::Color::Black, now).round().into(),
                    ),
                    ("running", text_or_null(c.running().map(|r| r.name()))),
                ])
            })
        }))
    }

    /// The game's record in PGN (docs/rules.md §5c): Beirut carriers only once public.
    pub fn pgn(&self) -> Result<String, JsValue> {
        Ok(self.app()?.with_game(crate::record::pgn_of))
    }

    /// Opens a record (PGN) or a position text (of the variant on the board) as the game:
    /// two players on this device, or a diagram when its Beirut carriers are secret. Returns
    /// a note for the player in that case, else `null`; throws an `Error` saying what is wrong
    /// with the text, and the game stays.
    #[wasm_bindgen(js_name = loadPgn)]
    pub fn load_pgn(&self, text: String) -> Result<JsValue, JsValue> {
        let app = self.app()?;
        let variant = app.with_game(|g| g.variant());
        let (game, note) = crate::record::game_of_pgn(&text, variant).map_err(|e| js_error(&e))?;
        let variant = game.variant();
        app.set_game(game);
        if let Some(after) = &self.after_new_game {
            after(variant);
        }
        Ok(note.map_or(JsValue::NULL, |n| JsValue::from_str(&n)))
    }

    /// The moves played, in SAN.
    pub fn moves(&self) -> Result<Vec<String>, JsValue> {
        Ok(self.app()?.with_game(|g| g.san_moves()))
    }

    /// The centre of a named square in client pixels, `{x, y}`, or `null` for a name not on
    /// the board.
    #[wasm_bindgen(js_name = squareCenter)]
    pub fn square_center(&self, name: JsValue) -> Result<JsValue, JsValue> {
        let app = self.app()?;
        Ok(name
            .as_string()
            .and_then(|n| app.square_center(&n))
            .map_or(JsValue::NULL, |(x, y)| {
                object(&[("x", x.into()), ("y", y.into())])
            }))
    }

    /// Calls `callback(detail)` on every `move` (`{uci, san}`), `explosion` (`{squares}`) or
    /// `over` (the status).
    pub fn on(&self, event: String, callback: JsValue) -> Result<(), JsValue> {
        let f = callback
            .dyn_into::<js_sys::Function>()
            .map_err(|_| js_error("on(event, callback) takes a function"))?;
        self.app()?.on(&event, f).map_err(|e| js_error(&e))
    }

    /// Whether the computer is thinking.
    pub fn thinking(&self) -> Result<bool, JsValue> {
        Ok(self.app()?.thinking())
    }

    /// The computer's last move, `{ms, nodes, depth}`, or `null`.
    #[wasm_bindgen(js_name = lastThought)]
    pub fn last_thought(&self) -> Result<JsValue, JsValue> {
        Ok(self.app()?.last_thought().map_or(JsValue::NULL, |t| {
            object(&[
                ("ms", t.ms.into()),
                ("nodes", t.nodes.into()),
                ("depth", t.depth.into()),
            ])
        }))
    }

    /// Shows the position after `n` moves read-only (`null`, or the number of moves played,
    /// goes back to the game); whether the board changed.
    pub fn browse(&self, n: JsValue) -> Result<bool, JsValue> {
        let app = self.app()?;
        if n.is_null() || n.is_undefined() {
            return Ok(app.browse(None));
        }
        match n.as_f64() {
            Some(n) if n >= 0.0 && n.fract() == 0.0 => Ok(app.browse(Some(n as usize))),
            _ => Err(js_error(
                "browse takes a number of moves (0 = the start position) or null (the game)",
            )),
        }
    }

    /// The number of moves of the position shown, or `null` at the live position.
    pub fn viewing(&self) -> Result<JsValue, JsValue> {
        Ok(self
            .app()?
            .with_game(|g| g.viewing())
            .map_or(JsValue::NULL, |n| JsValue::from_f64(n as f64)))
    }

    /// Switches the engine's comments on the position shown on or off (they show once the game
    /// is over, in diagrams and on analysis boards); whether it may comment now.
    pub fn analyse(&self, on: bool) -> Result<bool, JsValue> {
        Ok(self.app()?.set_analysing(on))
    }

    /// The engine's comment on the position shown: `{fen, score, mate, depth, line}` (`score`
    /// in centipawns from White's side, `mate` in moves (negative: Black mates) or `null`,
    /// `line` the coordinate texts of its best line), or `null` while it thinks or when off.
    pub fn analysis(&self) -> Result<JsValue, JsValue> {
        let app = self.app()?;
        let Some((fen, thought)) = app.analysis() else {
            return Ok(JsValue::NULL);
        };
        // Scores come for the side to move of the position analysed; the API gives White's.
        let turn = app.with_game(|g| {
            boomchess_rules::VariantPosition::from_fen(g.variant(), g.options(), &fen)
                .map_or(boomchess_rules::Color::White, |p| p.turn())
        });
        let (score, mate) = thought.for_white(turn);
        Ok(object(&[
            ("fen", fen.into()),
            ("score", score.into()),
            ("mate", mate.map_or(JsValue::NULL, JsValue::from)),
            ("depth", thought.depth.into()),
            ("line", strings(&thought.pv)),
        ]))
    }

    /// The move queued while the computer thinks, `['e2', 'e4']`, or `null`.
    pub fn premove(&self) -> Result<JsValue, JsValue> {
        let app = self.app()?;
        Ok(app.with_game(|g| {
            g.premove().map_or(JsValue::NULL, |(from, to)| {
                let board = g.board_size();
                strings(&[board.name(from), board.name(to)])
            })
        }))
    }

    /// What the player drew with the secondary button: `{arrows: [['e2', 'e4']], marks:
    /// ['d5']}`.
    pub fn drawings(&self) -> Result<JsValue, JsValue> {
        let app = self.app()?;
        let board = app.with_game(|g| g.board_size());
        let drawings = app.drawings();
        let arrows: js_sys::Array = drawings
            .arrows
            .iter()
            .map(|&(a, b)| strings(&[board.name(a), board.name(b)]))
            .collect();
        let marks: Vec<String> = drawings.marks.iter().map(|&s| board.name(s)).collect();
        Ok(object(&[
            ("arrows", arrows.into()),
            ("marks", strings(&marks)),
        ]))
    }

    /// Draws the board in another theme: `wood` (the default) or `ice`.
    #[wasm_bindgen(js_name = setTheme)]
    pub fn set_theme(&self, name: String) -> Result<(), JsValue> {
        self.app()?.set_theme(&name).map_err(|e| js_error(&e))
    }

    /// The board's theme.
    pub fn theme(&self) -> Result<String, JsValue> {
        Ok(self.app()?.theme().to_owned())
    }

    /// Lets the board go: its listeners, animation and computer stop, and every method of
    /// this handle throws from now on. Whether it was mounted.
    pub fn unmount(&self) -> bool {
        match self.board.borrow_mut().take() {
            Some(app) => {
                app.unmount();
                true
            }
            None => false,
        }
    }

    /// Whether the board is still mounted.
    pub fn mounted(&self) -> bool {
        self.board.borrow().is_some()
    }
}
