//! Live games: one task per loaded game, which owns its [`OnlineGame`], its connections and its
//! timer, and does every change to that game in turn. [`Games`] finds a game's task (loading the
//! game from the store on first use) and talks to it over a channel.
//!
//! Every change is stored before anybody hears of it: the task applies it to a copy of the game,
//! stores the new entries all at once, and only then adopts the copy, acknowledges and
//! broadcasts. A refused action or a failed store leaves the game as it was.
//!
//! A task with no connection stops after [`IDLE`]; judgements that fell due meanwhile are made
//! when the game is loaded again.
//!
//! With a store that several servers share, a game may be loaded on more than one of them (its
//! two players connected to different servers). The store decides who was first: a change made
//! on a copy that is behind is refused as a [`StoreError::Conflict`], and the task reads what it
//! missed and tries again. The store's notices make each task catch up as soon as another server
//! changed its game, so its connections hear of the change; an action this copy would refuse is
//! checked again after catching up, as it may only be behind.
//!
//! Who is connected is also shared: each server tells the others (through the store) when its
//! connections to a game change, and that it is alive every [`HEARTBEAT`]; a game's presence is
//! its own connections and those the other servers told of, and those of a server not heard from
//! for [`SERVER_GONE`] are forgotten.

use crate::log::{self, short};
use crate::store::{Change, Entry, Notice, Store, StoreError, TokenHash};
use axum::extract::ws::Utf8Bytes;
use boomchess_online::message::{NewGame, Presence, Seat, SideChoice};
use boomchess_online::table::settings_of;
use boomchess_online::{
    Action, GameId, GameInfo, GameResult, Millis, OnlineGame, Refusal, Refused, SeatToken,
    ServerMessage, Side, What,
};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::time::Instant;

/// How long a game with no connection stays loaded.
const IDLE: Duration = Duration::from_secs(60);
/// Commands waiting for a game's task.
const INBOX: usize = 64;
/// Messages waiting for a connection; a connection that falls this far behind is dropped.
pub(crate) const OUTBOX: usize = 256;
/// How often a call is tried when the game's task stopped under it (it went idle), and how often
/// a change is tried when another server changed the game first.
const ATTEMPTS: usize = 3;
/// How soon a judgement that could not be stored is tried again.
const RETRY: Duration = Duration::from_secs(1);
/// How often a server sharing its store tells the others it is alive.
const HEARTBEAT: Duration = Duration::from_secs(2);
/// A server not heard from for this long has stopped, and its connections with it.
const SERVER_GONE: Duration = Duration::from_secs(10);
/// How long a server forgotten for silence is remembered as such (one back later is a stranger,
/// heard of as its connections change; a restarted server has a new number anyway).
const FORGOTTEN_FOR: Duration = Duration::from_secs(3600);

/// A connection's number (for the log and the game's task).
pub(crate) type ConnId = u64;

/// The server's clock: milliseconds since the Unix epoch.
pub(crate) fn now() -> Millis {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A server message as it goes on the wire.
pub(crate) fn encode(message: &ServerMessage) -> Utf8Bytes {
    // The messages are plain data with string keys, so this does not fail; if it did, the
    // client would hear that the server could not answer.
    serde_json::to_string(message)
        .or_else(|_| {
            serde_json::to_string(&ServerMessage::Error {
                seq: None,
                code: Refusal::Unavailable,
                message: "the server could not write its answer".into(),
            })
        })
        .unwrap_or_default()
        .into()
}

fn unavailable() -> Refused {
    Refused::new(
        Refusal::Unavailable,
        "the server could not do this just now; nothing was changed; try again",
    )
}

fn unknown_game() -> Refused {
    Refused::new(Refusal::UnknownGame, "there is no such game")
}

/// A number for this server among those sharing its store: random, or from the process and the
/// time if the operating system gives no randomness.
fn server_number() -> u64 {
    random()
        .ok()
        .and_then(|bytes| bytes.first_chunk::<8>().copied())
        .map_or_else(
            || (u64::from(std::process::id()) << 32) ^ now(),
            u64::from_le_bytes,
        )
}

/// 16 bytes from the operating system's random source.
fn random() -> Result<[u8; 16], Refused> {
    let mut bytes = [0; 16];
    getrandom::fill(&mut bytes).map_err(|err| {
        log::line(format_args!(
            "no randomness from the operating system: {err}"
        ));
        unavailable()
    })?;
    Ok(bytes)
}

/// Which seats of a game are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Seats {
    /// White's seat is taken.
    pub white: bool,
    /// Black's seat is taken.
    pub black: bool,
}

/// What `GET /api/games/{id}` tells anybody about a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Its settings.
    pub game: GameInfo,
    /// Which seats are taken.
    pub seats: Seats,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
}

enum Command {
    Join {
        reply: oneshot::Sender<Result<Seat, Refused>>,
    },
    Summary {
        reply: oneshot::Sender<Result<Summary, Refused>>,
    },
    Connect {
        conn: ConnId,
        token: Option<SeatToken>,
        outbox: mpsc::Sender<Utf8Bytes>,
        reply: oneshot::Sender<Result<Option<Side>, Refused>>,
    },
    Act {
        side: Side,
        seq: u32,
        action: Action,
        reply: oneshot::Sender<Result<u32, Refused>>,
    },
    Leave {
        conn: ConnId,
    },
    /// Another server changed the game: its record has `entries` entries (none: maybe).
    CatchUp {
        entries: Option<u32>,
    },
    /// Another server's connections to the game are now `presence` (its `version`th notice).
    Presence {
        server: u64,
        version: u64,
        presence: Presence,
    },
    /// Server `server` has stopped (or was not heard from), and its connections with it.
    ServerGone {
        server: u64,
    },
    /// Tell the other servers who is connected here (one of them had forgotten).
    Announce,
}

impl Command {
    fn refuse(self, refused: Refused) {
        // A caller that has gone needs no answer.
        match self {
            Command::Join { reply } => drop(reply.send(Err(refused))),
            Command::Summary { reply } => drop(reply.send(Err(refused))),
            Command::Connect { reply, .. } => drop(reply.send(Err(refused))),
            Command::Act { reply, .. } => drop(reply.send(Err(refused))),
            Command::Leave { .. }
            | Command::CatchUp { .. }
            | Command::Presence { .. }
            | Command::ServerGone { .. }
            | Command::Announce => {}
        }
    }
}

/// A loaded game's task, as the registry knows it.
#[derive(Clone)]
struct Handle {
    /// Tells this task from a later one of the same game.
    generation: u64,
    inbox: mpsc::Sender<Command>,
}

struct Inner {
    store: Arc<dyn Store>,
    /// Other servers share the store: a game's copy here may be behind.
    shared: bool,
    /// This server's number among those sharing the store (random).
    server: u64,
    /// When each other server was last heard from.
    heard: Mutex<HashMap<u64, Instant>>,
    /// Servers forgotten for silence (their presences with them): one heard from again is asked
    /// for them.
    forgotten: Mutex<HashMap<u64, Instant>>,
    /// A presence could not be told: the next heartbeat that can be sent tells all again.
    unsure: AtomicBool,
    grace: u32,
    /// How long a game with no connection stays loaded ([`IDLE`]).
    idle: Duration,
    live: Mutex<HashMap<GameId, Handle>>,
    counter: AtomicU64,
}

/// Every game of the server: creates games and reaches the live ones.
#[derive(Clone)]
pub struct Games {
    inner: Arc<Inner>,
}

/// A player's or spectator's place in a live game, held by its WebSocket.
pub(crate) struct Connection {
    conn: ConnId,
    /// The seat, or none for a spectator.
    pub(crate) seat: Option<Side>,
    game: mpsc::Sender<Command>,
}

impl Connection {
    /// This seat's action `seq`; the sequence number to acknowledge.
    pub(crate) async fn act(&self, seq: u32, action: Action) -> Result<u32, Refused> {
        let side = self
            .seat
            .ok_or_else(|| Refused::new(Refusal::Spectator, "a spectator cannot act"))?;
        let (reply, answer) = oneshot::channel();
        let command = Command::Act {
            side,
            seq,
            action,
            reply,
        };
        self.game.send(command).await.map_err(|_| unavailable())?;
        answer.await.map_err(|_| unavailable())?
    }

    /// The connection has closed.
    pub(crate) async fn leave(self) {
        // A task that has stopped has no connection to forget.
        let _ = self.game.send(Command::Leave { conn: self.conn }).await;
    }
}

impl Games {
    /// The games of `store`; new games get `grace` seconds for what they owe (`GameInfo::grace`).
    pub fn new(store: Arc<dyn Store>, grace: u32) -> Games {
        Games::with_idle(store, grace, IDLE)
    }

    /// The same, with games unloaded after `idle` without a connection.
    pub(crate) fn with_idle(store: Arc<dyn Store>, grace: u32, idle: Duration) -> Games {
        let notices = store.notices();
        let games = Games {
            inner: Arc::new(Inner {
                store,
                shared: notices.is_some(),
                server: server_number(),
                heard: Mutex::new(HashMap::new()),
                forgotten: Mutex::new(HashMap::new()),
                unsure: AtomicBool::new(false),
                grace,
                idle,
                live: Mutex::new(HashMap::new()),
                counter: AtomicU64::new(1),
            }),
        };
        if let Some(notices) = notices {
            tokio::spawn(forward(Arc::downgrade(&games.inner), notices));
            tokio::spawn(heartbeat(Arc::downgrade(&games.inner)));
        }
        games
    }

    /// A fresh number for a connection or a game's task.
    pub(crate) fn next_number(&self) -> u64 {
        self.inner.counter.fetch_add(1, Ordering::Relaxed)
    }

    /// Creates the game `new` asks for, with its creator seated; the creator's seat.
    pub async fn create(&self, new: NewGame) -> Result<Seat, Refused> {
        let created = now();
        let id = GameId(random()?);
        let mut info = GameInfo {
            id,
            variant: new.variant,
            options: new.options,
            clock: new.clock,
            grace: self.inner.grace,
            created,
        };
        let (variant, options) = settings_of(&info)?;
        info.variant = variant.name().to_owned();
        info.options = options.words();
        let mut game = OnlineGame::new(info.clone())?;
        let side = match new.side {
            SideChoice::White => Side::White,
            SideChoice::Black => Side::Black,
            SideChoice::Random if random()?[0] & 1 == 0 => Side::White,
            SideChoice::Random => Side::Black,
        };
        let token = SeatToken(random()?);
        let event = game.seat(side, created)?;
        let change = Change {
            entries: vec![Entry { event, seq: None }],
            seat: Some((side, TokenHash::of(&token))),
            result: None,
        };
        self.inner
            .store
            .create(info.clone(), change)
            .await
            .map_err(|err| {
                log::line(format_args!("game {} not stored: {err}", short(&id)));
                unavailable()
            })?;
        let clock = info.clock.map_or("no clock".to_owned(), |c| {
            format!("{}+{}", c.initial, c.increment)
        });
        log::line(format_args!(
            "game {} created: {} [{}] {clock}",
            short(&id),
            info.variant,
            info.options.join(" ")
        ));
        log::line(format_args!(
            "game {}: {} seat taken",
            short(&id),
            side.name()
        ));
        Ok(Seat {
            game: id,
            side,
            token,
        })
    }

    /// Takes the free seat of game `id`.
    pub async fn join(&self, id: GameId) -> Result<Seat, Refused> {
        self.call(id, |reply| Command::Join { reply })
            .await
            .map(|(seat, _)| seat)
    }

    /// What anybody may know of game `id` now.
    pub async fn summary(&self, id: GameId) -> Result<Summary, Refused> {
        self.call(id, |reply| Command::Summary { reply })
            .await
            .map(|(summary, _)| summary)
    }

    /// Joins connection `conn` to game `id`, as the player whose seat `token` holds, or as a
    /// spectator without one. The welcome is the first message in `outbox`.
    pub(crate) async fn connect(
        &self,
        id: GameId,
        conn: ConnId,
        token: Option<SeatToken>,
        outbox: mpsc::Sender<Utf8Bytes>,
    ) -> Result<Connection, Refused> {
        let (seat, game) = self
            .call(id, |reply| Command::Connect {
                conn,
                token,
                outbox: outbox.clone(),
                reply,
            })
            .await?;
        Ok(Connection { conn, seat, game })
    }

    /// Sends a command to game `id`'s task (starting it if needed) and waits for the answer; a
    /// task that stopped before answering (it went idle) is replaced and asked again.
    async fn call<T>(
        &self,
        id: GameId,
        command: impl Fn(oneshot::Sender<Result<T, Refused>>) -> Command,
    ) -> Result<(T, mpsc::Sender<Command>), Refused> {
        for _ in 0..ATTEMPTS {
            let handle = self.task(id);
            let (reply, answer) = oneshot::channel();
            if handle.inbox.send(command(reply)).await.is_ok() {
                if let Ok(result) = answer.await {
                    return result.map(|value| (value, handle.inbox));
                }
            }
            self.retire(id, handle.generation);
        }
        Err(unavailable())
    }

    /// Game `id`'s task, started if there is none.
    fn task(&self, id: GameId) -> Handle {
        let mut live = self
            .inner
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(handle) = live.get(&id).filter(|h| !h.inbox.is_closed()) {
            return handle.clone();
        }
        let (inbox, commands) = mpsc::channel(INBOX);
        let handle = Handle {
            generation: self.next_number(),
            inbox,
        };
        live.insert(id, handle.clone());
        tokio::spawn(run(self.clone(), id, handle.generation, commands));
        handle
    }

    /// Forgets game `id`'s task of `generation` (not a later one).
    fn retire(&self, id: GameId, generation: u64) {
        let mut live = self
            .inner
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if live.get(&id).is_some_and(|h| h.generation == generation) {
            live.remove(&id);
        }
    }
}

/// Passes the store's notices to the tasks of the games they concern, until the games or the
/// store are gone.
async fn forward(games: Weak<Inner>, mut notices: broadcast::Receiver<Notice>) {
    loop {
        let notice = notices.recv().await;
        let Some(inner) = games.upgrade() else { return };
        match notice {
            Ok(Notice::Changed { game, entries }) => inner.tell(Some(game), || Command::CatchUp {
                entries: Some(entries),
            }),
            Ok(Notice::Missed) | Err(broadcast::error::RecvError::Lagged(_)) => {
                inner.tell(None, || Command::CatchUp { entries: None });
                // Presences told meanwhile were missed too.
                inner.ask();
            }
            Ok(Notice::Presence {
                server,
                game,
                version,
                presence,
            }) if server != inner.server => {
                if inner.hear(server) {
                    inner.ask();
                }
                inner.tell(Some(game), || Command::Presence {
                    server,
                    version,
                    presence,
                });
            }
            Ok(Notice::Alive { server }) if server != inner.server => {
                if inner.hear(server) {
                    // Forgotten for silence, and back: what it told is forgotten here.
                    inner.ask();
                }
            }
            Ok(Notice::Ask { server }) if server != inner.server => {
                inner.tell(None, || Command::Announce);
            }
            Ok(Notice::Presence { .. } | Notice::Alive { .. } | Notice::Ask { .. }) => {}
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// Tells the other servers this one is alive, and forgets the servers not heard from, until the
/// games are gone.
async fn heartbeat(games: Weak<Inner>) {
    let mut ticks = tokio::time::interval(HEARTBEAT);
    loop {
        ticks.tick().await;
        let Some(inner) = games.upgrade() else { return };
        let publish = inner.store.publish(Notice::Alive {
            server: inner.server,
        });
        // A heartbeat that could not be sent is sent again at the next tick; once one is, the
        // presences that may not have been told are told again.
        if publish.await.is_ok() && inner.unsure.swap(false, Ordering::Relaxed) {
            inner.tell(None, || Command::Announce);
        }
        let gone: Vec<u64> = {
            let mut heard = inner.heard.lock().unwrap_or_else(PoisonError::into_inner);
            let gone = heard
                .iter()
                .filter(|(_, at)| at.elapsed() >= SERVER_GONE)
                .map(|(server, _)| *server)
                .collect();
            heard.retain(|_, at| at.elapsed() < SERVER_GONE);
            gone
        };
        {
            let mut forgotten = inner
                .forgotten
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            forgotten.retain(|_, at| at.elapsed() < FORGOTTEN_FOR);
            forgotten.extend(gone.iter().map(|server| (*server, Instant::now())));
        }
        for server in gone {
            inner.tell(None, || Command::ServerGone { server });
        }
    }
}

impl Inner {
    /// Asks the other servers to tell their presences again, if this one has games they could
    /// concern.
    fn ask(&self) {
        if self
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_empty()
        {
            return;
        }
        let store = Arc::clone(&self.store);
        let ask = Notice::Ask {
            server: self.server,
        };
        tokio::spawn(async move { store.publish(ask).await });
    }

    /// Notes that `server` was heard from; whether it had been forgotten for silence.
    fn hear(&self, server: u64) -> bool {
        self.heard
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(server, Instant::now());
        self.forgotten
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&server)
            .is_some()
    }

    /// Sends `command()` to game `game`'s task if it is loaded (none: to every loaded game).
    fn tell(&self, game: Option<GameId>, command: impl Fn() -> Command) {
        let targets: Vec<Handle> = {
            let live = self.live.lock().unwrap_or_else(PoisonError::into_inner);
            match game {
                Some(game) => live.get(&game).cloned().into_iter().collect(),
                None => live.values().cloned().collect(),
            }
        };
        for handle in targets {
            if let Err(mpsc::error::TrySendError::Full(command)) = handle.inbox.try_send(command())
            {
                // A busy game hears of it when it has room; the others need not wait.
                tokio::spawn(async move { handle.inbox.send(command).await });
            }
        }
    }
}

/// A game's task: loads the game, then serves its commands and its timer until it is idle.
async fn run(games: Games, id: GameId, generation: u64, mut commands: mpsc::Receiver<Command>) {
    let mut game = match LiveGame::load(&games, id).await {
        Ok(game) => game,
        Err(refused) => {
            games.retire(id, generation);
            commands.close();
            while let Some(command) = commands.recv().await {
                command.refuse(refused.clone());
            }
            return;
        }
    };
    game.judge().await;
    let idle_after = games.inner.idle;
    let mut touched = Instant::now();
    loop {
        let idle = game.conns.is_empty().then(|| touched + idle_after);
        let wake = match (game.wake(), idle) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        tokio::select! {
            command = commands.recv() => {
                let Some(command) = command else { break };
                // What other servers tell does not keep a game with no connection loaded.
                let from_elsewhere = matches!(
                    command,
                    Command::CatchUp { .. }
                        | Command::Presence { .. }
                        | Command::ServerGone { .. }
                        | Command::Announce
                );
                game.handle(command).await;
                if game.broken {
                    break;
                }
                if !from_elsewhere {
                    touched = Instant::now();
                }
            }
            () = sleep_until(wake) => {
                if game.conns.is_empty() && touched.elapsed() >= idle_after {
                    break;
                }
                game.judge().await;
            }
        }
    }
    // Commands still queued are dropped unanswered: their callers ask the game's next task.
    games.retire(id, generation);
}

async fn sleep_until(wake: Option<Instant>) {
    match wake {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Why one try of an action did not take.
enum Tried {
    /// This copy refuses it (it may be behind).
    Refused(Refused),
    /// Another server stored an entry first: this copy is behind.
    Conflict,
    /// The store failed; nothing was changed.
    Failed,
}

/// A connection of a live game.
struct Conn {
    seat: Option<Side>,
    outbox: mpsc::Sender<Utf8Bytes>,
}

/// A loaded game and everything its task keeps.
struct LiveGame {
    games: Games,
    id: GameId,
    game: OnlineGame,
    /// The hash of each seat's token.
    seats: [Option<TokenHash>; 2],
    /// For each seat, the record entry of each of its actions by sequence number
    /// (`seqs[side][seq - 1]`).
    seqs: [Vec<u32>; 2],
    conns: HashMap<ConnId, Conn>,
    /// Who is connected through each other server sharing the store, with the number of the
    /// notice that told it.
    others: HashMap<u64, (u64, Presence)>,
    /// This task has told the other servers a presence (so it tells them again when asked).
    told: bool,
    /// When a judgement that could not be stored is tried again.
    retry: Option<Instant>,
    /// The store's record did not continue this copy's: the task stops, and the game is loaded
    /// afresh when next asked for.
    broken: bool,
}

impl LiveGame {
    async fn load(games: &Games, id: GameId) -> Result<LiveGame, Refused> {
        let stored = games
            .inner
            .store
            .load(id)
            .await
            .map_err(|err| {
                log::line(format_args!("game {} not loaded: {err}", short(&id)));
                unavailable()
            })?
            .ok_or_else(unknown_game)?;
        let events: Vec<_> = stored.entries.iter().map(|e| e.event.clone()).collect();
        let game = OnlineGame::replay(stored.info, &events).map_err(|refused| {
            log::line(format_args!(
                "game {}: its stored record does not replay ({})",
                short(&id),
                refused.code.name()
            ));
            unavailable()
        })?;
        let mut seats = [None; 2];
        for (side, hash) in stored.seats {
            seats[side.index()] = Some(hash);
        }
        let mut seqs = [Vec::new(), Vec::new()];
        for entry in &stored.entries {
            if let Some(seq) = entry.seq {
                let list: &mut Vec<u32> = &mut seqs[entry.side().index()];
                if seq as usize != list.len() + 1 {
                    log::line(format_args!(
                        "game {}: its stored sequence numbers have a gap",
                        short(&id)
                    ));
                    return Err(unavailable());
                }
                list.push(entry.event.n);
            }
        }
        Ok(LiveGame {
            games: games.clone(),
            id,
            game,
            seats,
            seqs,
            conns: HashMap::new(),
            others: HashMap::new(),
            told: false,
            retry: None,
            broken: false,
        })
    }

    /// When the timer should fire: the next judgement due, or a retry of one not stored.
    fn wake(&self) -> Option<Instant> {
        let due = self.game.due()?;
        // A deadline too far away to count in (a huge grace) never fires.
        let at = Instant::now().checked_add(Duration::from_millis(due.at.saturating_sub(now())))?;
        Some(self.retry.map_or(at, |retry| retry.max(at)))
    }

    async fn handle(&mut self, command: Command) {
        if matches!(
            command,
            Command::Join { .. } | Command::Summary { .. } | Command::Connect { .. }
        ) {
            if self.games.inner.shared && self.catch_up().await.is_err() {
                command.refuse(unavailable());
                return;
            }
            self.judge().await;
        }
        match command {
            Command::Join { reply } => {
                let seat = self.join().await;
                let _ = reply.send(seat);
            }
            Command::Summary { reply } => {
                let _ = reply.send(Ok(self.summary()));
            }
            Command::Connect {
                conn,
                token,
                outbox,
                reply,
            } => {
                let _ = reply.send(self.connect(conn, token, outbox));
            }
            Command::Act {
                side,
                seq,
                action,
                reply,
            } => {
                let acked = self.act(side, seq, action).await;
                let _ = reply.send(acked);
            }
            Command::Leave { conn } => {
                if self.conns.remove(&conn).is_some() {
                    self.own_presence_changed(None);
                }
            }
            Command::Presence {
                server,
                version,
                presence,
            } => {
                let before = self.presence();
                let known = self.others.get(&server).map(|(known, _)| *known);
                if known.map_or(true, |known| known < version) {
                    self.others.insert(server, (version, presence));
                }
                if known.is_none() && !self.conns.is_empty() {
                    // A server that has just loaded the game does not know who is here.
                    self.tell_presence();
                }
                if self.presence() != before {
                    self.send_presence(None);
                }
            }
            Command::ServerGone { server } => {
                if self.others.remove(&server).is_some() {
                    self.send_presence(None);
                }
            }
            Command::Announce => {
                if self.told {
                    self.tell_presence();
                }
            }
            Command::CatchUp { entries } => {
                let behind = entries.map_or(true, |n| n as usize > self.game.events().len());
                if behind && self.catch_up().await.is_ok() {
                    // What another server judged may have moved this game's deadlines.
                    self.judge().await;
                }
            }
        }
    }

    /// Reads what the store has that this copy lacks (another server stored it), adopts it and
    /// tells every connection; how many entries were new.
    async fn catch_up(&mut self) -> Result<usize, Refused> {
        let from = self.game.events().len() as u32;
        let stored = self
            .games
            .inner
            .store
            .since(self.id, from)
            .await
            .map_err(|err| {
                log::line(format_args!("game {} not read: {err}", short(&self.id)));
                unavailable()
            })?;
        for (side, hash) in stored.seats {
            self.seats[side.index()] = Some(hash);
        }
        let new = stored.entries.len();
        let sent = now();
        for entry in stored.entries {
            let side = entry.side().index();
            let continues = entry.event.n as usize == self.game.events().len()
                && entry
                    .seq
                    .map_or(true, |seq| seq as usize == self.seqs[side].len() + 1);
            if !continues || self.game.record(entry.event.clone()).is_err() {
                log::line(format_args!(
                    "game {}: the stored record does not continue this server's copy",
                    short(&self.id)
                ));
                self.broken = true;
                return Err(unavailable());
            }
            if entry.seq.is_some() {
                self.seqs[side].push(entry.event.n);
            }
            self.send_all(&ServerMessage::Event {
                event: entry.event,
                now: sent,
            });
        }
        Ok(new)
    }

    fn summary(&self) -> Summary {
        Summary {
            game: self.game.info().clone(),
            seats: Seats {
                white: self.game.is_seated(Side::White),
                black: self.game.is_seated(Side::Black),
            },
            result: self.game.result().cloned(),
        }
    }

    /// Records the judgements of time that fell due.
    async fn judge(&mut self) {
        for _ in 0..ATTEMPTS {
            let mut next = self.game.clone();
            let judged = next.judge(now());
            if judged.is_empty() {
                return;
            }
            let entries = judged
                .into_iter()
                .map(|event| Entry { event, seq: None })
                .collect();
            match self.commit(next, entries, None).await {
                Ok(()) => {
                    self.retry = None;
                    return;
                }
                // Another server stored something first (perhaps this very judgement).
                Err(StoreError::Conflict(_)) if self.catch_up().await.is_ok() => {}
                Err(_) => break,
            }
        }
        self.retry = Some(Instant::now() + RETRY);
    }

    async fn join(&mut self) -> Result<Seat, Refused> {
        if self.game.result().is_some() {
            return Err(Refused::new(Refusal::GameOver, "the game is over"));
        }
        let side = Side::BOTH
            .into_iter()
            .find(|side| !self.game.is_seated(*side))
            .ok_or_else(|| {
                Refused::new(
                    Refusal::SeatsTaken,
                    "both seats are taken: the game can be watched",
                )
            })?;
        let token = SeatToken(random()?);
        let mut next = self.game.clone();
        let event = next.seat(side, now())?;
        let seat = (side, TokenHash::of(&token));
        match self
            .commit(next, vec![Entry { event, seq: None }], Some(seat))
            .await
        {
            Ok(()) => {}
            // Another server changed the game first (perhaps giving this seat away): look again.
            Err(StoreError::Conflict(_)) if self.games.inner.shared => {
                self.catch_up().await?;
                return Box::pin(self.join()).await;
            }
            Err(_) => return Err(unavailable()),
        }
        log::line(format_args!(
            "game {}: {} seat taken",
            short(&self.id),
            side.name()
        ));
        Ok(Seat {
            game: self.id,
            side,
            token,
        })
    }

    fn connect(
        &mut self,
        conn: ConnId,
        token: Option<SeatToken>,
        outbox: mpsc::Sender<Utf8Bytes>,
    ) -> Result<Option<Side>, Refused> {
        let seat = match token {
            None => None,
            Some(token) => {
                let hash = TokenHash::of(&token);
                let side = Side::BOTH
                    .into_iter()
                    .find(|side| self.seats[side.index()] == Some(hash))
                    .ok_or_else(|| {
                        Refused::new(Refusal::BadToken, "this token holds no seat of this game")
                    })?;
                Some(side)
            }
        };
        self.conns.insert(
            conn,
            Conn {
                seat,
                outbox: outbox.clone(),
            },
        );
        let welcome = ServerMessage::Welcome {
            game: self.game.info().clone(),
            seat,
            last_seq: seat.map_or(0, |side| self.last_seq(side)),
            events: self.game.events().to_vec(),
            now: now(),
            presence: self.presence(),
        };
        if outbox.try_send(encode(&welcome)).is_err() {
            self.conns.remove(&conn);
            return Err(unavailable());
        }
        self.own_presence_changed(Some(conn));
        Ok(seat)
    }

    fn last_seq(&self, side: Side) -> u32 {
        self.seqs[side.index()].len() as u32
    }

    /// `side`'s action number `seq`: applied and stored once, acknowledged as often as it comes.
    /// A copy that is behind another server's changes catches up and tries again.
    async fn act(&mut self, side: Side, seq: u32, action: Action) -> Result<u32, Refused> {
        let mut caught_up = false;
        for _ in 0..ATTEMPTS {
            match self.try_act(side, seq, &action).await {
                Ok(seq) => return Ok(seq),
                Err(Tried::Refused(refused)) => {
                    if !self.games.inner.shared || caught_up || self.catch_up().await? == 0 {
                        return Err(refused);
                    }
                }
                Err(Tried::Conflict) => {
                    self.catch_up().await?;
                }
                Err(Tried::Failed) => return Err(unavailable()),
            }
            caught_up = true;
        }
        Err(unavailable())
    }

    /// One try of [`LiveGame::act`] on this copy of the game.
    async fn try_act(&mut self, side: Side, seq: u32, action: &Action) -> Result<u32, Tried> {
        let last = self.last_seq(side);
        if seq == 0 {
            return Err(Tried::Refused(Refused::new(
                Refusal::OutOfOrder,
                "sequence numbers start at 1",
            )));
        }
        if seq <= last {
            let n = self.seqs[side.index()][seq as usize - 1];
            return match self.game.events().get(n as usize).map(|e| &e.what) {
                Some(What::Acted { action: stored, .. }) if stored == action => Ok(seq),
                _ => Err(Tried::Refused(Refused::new(
                    Refusal::SequenceReused,
                    format!("action {seq} of this seat was a different one"),
                ))),
            };
        }
        let expected = last.saturating_add(1);
        if seq > expected {
            return Err(Tried::Refused(Refused::new(
                Refusal::OutOfOrder,
                format!("the next action of this seat is number {expected}"),
            )));
        }
        let at = now();
        let mut next = self.game.clone();
        let mut entries: Vec<Entry> = next
            .judge(at)
            .into_iter()
            .map(|event| Entry { event, seq: None })
            .collect();
        let acted = next.act(side, action.clone(), at);
        if let Ok(event) = &acted {
            entries.push(Entry {
                event: event.clone(),
                seq: Some(seq),
            });
        }
        if !entries.is_empty() {
            self.commit(next, entries, None)
                .await
                .map_err(|err| match err {
                    StoreError::Conflict(_) => Tried::Conflict,
                    StoreError::Failed(_) => Tried::Failed,
                })?;
        }
        acted.map(|_| seq).map_err(Tried::Refused)
    }

    /// Stores `entries` (and `seat`), then makes `next` the game and tells every connection.
    async fn commit(
        &mut self,
        next: OnlineGame,
        entries: Vec<Entry>,
        seat: Option<(Side, TokenHash)>,
    ) -> Result<(), StoreError> {
        let ended = next
            .result()
            .filter(|_| self.game.result().is_none())
            .cloned();
        let change = Change {
            entries: entries.clone(),
            seat,
            result: ended.clone(),
        };
        self.games
            .inner
            .store
            .append(self.id, change)
            .await
            .inspect_err(|err| {
                if let StoreError::Failed(_) = err {
                    log::line(format_args!("game {} not stored: {err}", short(&self.id)));
                }
            })?;
        self.game = next;
        if let Some((side, hash)) = seat {
            self.seats[side.index()] = Some(hash);
        }
        let sent = now();
        for entry in entries {
            if entry.seq.is_some() {
                self.seqs[entry.side().index()].push(entry.event.n);
            }
            self.send_all(&ServerMessage::Event {
                event: entry.event,
                now: sent,
            });
        }
        if let Some(result) = ended {
            log::line(format_args!(
                "game {} ended: {} {}",
                short(&self.id),
                result.score(),
                result.reason.name()
            ));
        }
        Ok(())
    }

    /// Who is connected to the game, through this server or another.
    fn presence(&self) -> Presence {
        self.others
            .values()
            .fold(self.own_presence(), |all, (_, other)| Presence {
                white: all.white || other.white,
                black: all.black || other.black,
                spectators: all.spectators.saturating_add(other.spectators),
            })
    }

    /// Who is connected to the game through this server.
    fn own_presence(&self) -> Presence {
        let mut presence = Presence::default();
        for conn in self.conns.values() {
            match conn.seat {
                Some(Side::White) => presence.white = true,
                Some(Side::Black) => presence.black = true,
                None => presence.spectators += 1,
            }
        }
        presence
    }

    /// This server's connections changed: tells every connection but `except`, and the other
    /// servers.
    fn own_presence_changed(&mut self, except: Option<ConnId>) {
        self.send_presence(except);
        self.tell_presence();
    }

    /// Tells the other servers sharing the store who is connected here.
    fn tell_presence(&mut self) {
        let inner = &self.games.inner;
        if !inner.shared {
            return;
        }
        self.told = true;
        let notice = Notice::Presence {
            server: inner.server,
            game: self.id,
            version: self.games.next_number(),
            presence: self.own_presence(),
        };
        let games = Arc::downgrade(inner);
        let store = Arc::clone(&inner.store);
        tokio::spawn(async move {
            if store.publish(notice).await.is_err() {
                if let Some(inner) = games.upgrade() {
                    inner.unsure.store(true, Ordering::Relaxed);
                }
            }
        });
    }

    /// Tells every connection but `except` who is connected.
    fn send_presence(&mut self, except: Option<ConnId>) {
        let message = encode(&ServerMessage::Presence {
            presence: self.presence(),
        });
        self.send(message, except);
    }

    fn send_all(&mut self, message: &ServerMessage) {
        self.send(encode(message), None);
    }

    /// Queues `text` for every connection but `except`; a connection too far behind (or gone) is
    /// dropped, and the others hear of it.
    fn send(&mut self, text: Utf8Bytes, except: Option<ConnId>) {
        let before = self.conns.len();
        self.conns
            .retain(|id, conn| Some(*id) == except || conn.outbox.try_send(text.clone()).is_ok());
        if self.conns.len() != before {
            self.own_presence_changed(None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sqlite::SqliteStore;

    impl Games {
        fn is_live(&self, id: GameId) -> bool {
            let live = self
                .inner
                .live
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            live.contains_key(&id)
        }
    }

    #[tokio::test]
    async fn a_game_left_alone_is_unloaded_and_loaded_again_when_asked_for() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = SqliteStore::open(&dir.path().join("db.sqlite3")).expect("a store");
        let games = Games::with_idle(Arc::new(store), 120, Duration::from_millis(50));
        let new = NewGame {
            variant: "stratomic".into(),
            options: vec![],
            side: SideChoice::Black,
            clock: None,
        };
        let seat = games.create(new).await.expect("created");
        assert_eq!(seat.side, Side::Black);
        assert!(!games.is_live(seat.game), "creating a game loads nothing");
        let joined = games.join(seat.game).await.expect("joined");
        assert_eq!(joined.side, Side::White);
        assert!(games.is_live(seat.game));
        let deadline = Instant::now() + Duration::from_secs(5);
        while games.is_live(seat.game) {
            assert!(Instant::now() < deadline, "the idle game was not unloaded");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let summary = games.summary(seat.game).await.expect("loaded again");
        assert_eq!(
            summary.seats,
            Seats {
                white: true,
                black: true
            }
        );
        let refused = games.join(seat.game).await.expect_err("no seat left");
        assert_eq!(refused.code, Refusal::SeatsTaken);
        let unknown = games.summary(GameId([3; 16])).await.expect_err("unknown");
        assert_eq!(unknown.code, Refusal::UnknownGame);
        assert!(
            !games.is_live(GameId([3; 16])),
            "an unknown game is not kept"
        );
    }
}
