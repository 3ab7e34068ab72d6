//! The load generator's engine: N games at once over real WebSockets on loopback, two clients a
//! game, each driving its own [`Session`] and refereeing every entry with its own
//! [`OnlineGame`], as the page does. `main.rs` beside this file is its command line; the server's
//! test `tests/load.rs` runs it briefly.
//!
//! Every game moves once every `interval`: the side to move waits for the game's next tick (each
//! game has its own phase within the interval) and plays a random legal move of its referee's
//! position, or in Beirut now and then a boom of one of its own carriers. What an honest client
//! states by itself ([`owed_statement`]: commitments, Dead Man's Switch answers, "no boom", the
//! final reveal) goes at once. A game longer than `plies` is resigned, and every game that ends
//! is replaced by a new one in its slot, so N games are always in play.
//!
//! Measured over the window after the ramp: acknowledged actions per second, the time from an
//! action sent to the opponent receiving its event, refusals and broken connections, and the
//! server's memory and the CPU of both processes from `/proc`. Checked all along: each client's
//! acknowledged actions against its record (after every reconnect, and at the end), the two
//! clients' records against each other, and at the end every unfinished game's record against
//! the server's, through a spectator's connection.

use boomchess_online::client::{owed_statement, Session, Update};
use boomchess_online::message::{Seat, SquareName};
use boomchess_online::{
    Action, ClientMessage, Event, GameId, OnlineGame, Opening, Salt, ServerMessage, Side, Stage,
    What,
};
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde::Serialize;
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

/// The variants played, in turn from slot to slot, with their option words.
const MIX: [(&str, &[&str]); 3] = [
    ("beirut", &["carriers=3", "dead-mans-switch"]),
    ("stratomic", &[]),
    ("flying-bombers", &[]),
];
/// How long the end of a run waits for actions still in flight and the final checks.
const DRAIN: Duration = Duration::from_secs(30);
/// How long a client waits for a message the server owes it before it counts as lost.
const PATIENCE: Duration = Duration::from_secs(20);
/// One in this many turns of a Beirut side with a carrier that may boom is a boom.
const BOOM_ONE_IN: u64 = 6;

/// Where the server comes from.
#[derive(Clone, Debug)]
pub enum Target {
    /// A server process started (and, for a restart, killed and started again) by the generator:
    /// `program` with `args`, then `--port 0 --host 127.0.0.1 --data … --dist …`.
    Spawn {
        /// The executable.
        program: PathBuf,
        /// Its first arguments.
        args: Vec<OsString>,
    },
    /// Servers already running at `addrs` (`host:port`), with their process ids if known (for
    /// their memory and CPU). With two or more sharing one database, each game is created on the
    /// first, joined on the last, and its White plays through the first, its Black through the
    /// second: every move crosses the database.
    Running {
        /// `host:port` of each.
        addrs: Vec<String>,
        /// Their processes, if known.
        pids: Vec<u32>,
    },
}

/// What a run does.
#[derive(Clone, Debug)]
pub struct Options {
    /// Games in play at once.
    pub games: usize,
    /// Each game moves once in this time.
    pub interval: Duration,
    /// The games start spread over this time.
    pub ramp: Duration,
    /// How long the measurement lasts once every game has started.
    pub duration: Duration,
    /// Kill the server with SIGKILL this long into the measurement and start it again.
    pub restart_after: Option<Duration>,
    /// The server.
    pub target: Target,
    /// A game longer than this many board plies is resigned (and replaced).
    pub plies: usize,
    /// Seeds the moves' choices.
    pub seed: u64,
    /// HTTP connections kept open for creating and joining games.
    pub http_connections: usize,
}

/// Latencies, in milliseconds.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Spread {
    /// How many were measured.
    pub count: usize,
    /// The median.
    pub p50: f64,
    /// The 99th percentile.
    pub p99: f64,
    /// The largest.
    pub max: f64,
}

impl Spread {
    fn of(mut micros: Vec<u32>) -> Spread {
        if micros.is_empty() {
            return Spread::default();
        }
        micros.sort_unstable();
        let at = |fraction: f64| {
            let index = ((micros.len() as f64 * fraction) as usize).min(micros.len() - 1);
            f64::from(micros[index]) / 1000.0
        };
        Spread {
            count: micros.len(),
            p50: at(0.50),
            p99: at(0.99),
            max: at(1.0),
        }
    }
}

/// One process's use of the processor over the window.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Cpu {
    /// Percent of one core (200 is both cores of this machine).
    pub percent: f64,
}

/// What a kill and restart of the server did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Restart {
    /// From the kill to the new server listening, in milliseconds.
    pub listening_ms: f64,
    /// From the kill to the last client welcomed again, in milliseconds.
    pub reconnected_ms: f64,
    /// Clients whose connection the kill broke.
    pub clients: usize,
    /// Of them, how many were welcomed again (every one should be).
    pub clients_back: usize,
    /// Games in play across the restart (the kill cut a player's connection).
    pub games: usize,
    /// Of them, how many moved on after it (a player back had an action acknowledged) or were
    /// found over by a player back (every one should).
    pub games_continued: usize,
    /// Actions sent before the kill and sent again after it (their latency is not counted).
    pub resent: u64,
    /// Actions the server had stored whose acknowledgement the kill swallowed (the welcome's
    /// `lastSeq` acknowledged them).
    pub acked_by_welcome: u64,
}

/// What a run measured and checked.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// Games in play at once.
    pub games: usize,
    /// Seconds between two moves of a game.
    pub interval: f64,
    /// The measurement window, in seconds.
    pub window: f64,
    /// Acknowledged actions per second in the window (moves, booms, statements, resignations).
    pub actions_per_sec: f64,
    /// Of them, moves and booms (the players' own decisions) per second.
    pub moves_per_sec: f64,
    /// Acknowledged actions in the window by kind.
    pub by_kind: Vec<(String, u64)>,
    /// From an action sent to the opponent receiving its event.
    pub latency: Spread,
    /// From an action sent to its acknowledgement.
    pub ack: Spread,
    /// Refused actions by code (an honest client's legal actions: should be none).
    pub refusals: Vec<(String, u64)>,
    /// Welcomed connections that broke while the server was up.
    pub disconnects: u64,
    /// Requests and connections that failed while the server was up.
    pub failures: u64,
    /// Records a client's referee refused (a server that broke the rules).
    pub bad_records: u64,
    /// Acknowledged actions missing from a record (must be 0).
    pub lost: u64,
    /// Actions in a record more often than acknowledged, or never sent (must be 0).
    pub duplicated: u64,
    /// Games whose two players' records disagree, or whose server record disagrees with them
    /// (must be 0).
    pub mismatched: u64,
    /// Games started during the run (N at first, then one for each that ended).
    pub games_started: u64,
    /// Games that ended during the run.
    pub games_ended: u64,
    /// Unfinished games whose record was checked against the server's at the end.
    pub games_verified: u64,
    /// The server's resident memory before the games, in MiB.
    pub rss_before_mib: f64,
    /// The server's resident memory with every game in play, in MiB.
    pub rss_after_mib: f64,
    /// `(after - before) / games`, in KiB.
    pub rss_per_game_kib: f64,
    /// The generator's own resident memory at the end of the window, in MiB.
    pub generator_rss_mib: f64,
    /// The server's CPU over the window.
    pub server_cpu: Option<Cpu>,
    /// The generator's CPU over the window.
    pub generator_cpu: Cpu,
    /// The CPU of every other process on the machine over the window.
    pub others_cpu: Cpu,
    /// `/proc/loadavg` before the run.
    pub load_before: String,
    /// `/proc/loadavg` after the window.
    pub load_after: String,
    /// The kill and restart, if the run had one.
    pub restart: Option<Restart>,
}

impl Report {
    /// Whether every check held: nothing lost, duplicated or mismatched, no refusal, no record
    /// refused, and after a restart every client back and every game moving on.
    pub fn checks_hold(&self) -> bool {
        let restart_ok = self.restart.as_ref().map_or(true, |r| {
            r.clients_back == r.clients && r.games_continued == r.games
        });
        self.lost == 0
            && self.duplicated == 0
            && self.mismatched == 0
            && self.bad_records == 0
            && self.refusals.is_empty()
            && restart_ok
    }
}

/// A server process of the generator's, its log in a file.
struct ServerProcess {
    child: Child,
    addr: String,
}

impl ServerProcess {
    /// Starts `program` on the database `data`, logging to `log`; waits until it listens.
    fn start(
        program: &Path,
        args: &[OsString],
        data: &Path,
        log: &Path,
    ) -> Result<ServerProcess, String> {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .map_err(|err| format!("{}: {err}", log.display()))?;
        let from = file
            .seek(SeekFrom::End(0))
            .map_err(|err| format!("{}: {err}", log.display()))?;
        let mut child = Command::new(program)
            .args(args)
            .args(["--port", "0", "--host", "127.0.0.1", "--data"])
            .arg(data)
            .arg("--dist")
            .arg(data.with_extension("no-dist"))
            .env_remove("PORT")
            .env_remove("BOOMCHESS_DATA")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(file)
            .spawn()
            .map_err(|err| format!("cannot start {}: {err}", program.display()))?;
        let started = Instant::now();
        loop {
            let mut text = String::new();
            let mut log_file =
                File::open(log).map_err(|err| format!("{}: {err}", log.display()))?;
            log_file
                .seek(SeekFrom::Start(from))
                .and_then(|_| log_file.read_to_string(&mut text))
                .map_err(|err| format!("{}: {err}", log.display()))?;
            if let Some(rest) = text.split("listening on http://").nth(1) {
                let addr = rest.split('/').next().unwrap_or_default().to_owned();
                return Ok(ServerProcess { child, addr });
            }
            if let Ok(Some(status)) = child.try_wait() {
                return Err(format!("the server exited ({status}): {text}"));
            }
            if started.elapsed() > PATIENCE {
                let _ = child.kill();
                return Err(format!("the server did not listen in time: {text}"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL, and wait for it to be gone.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

type Sender = hyper::client::conn::http1::SendRequest<Full<Bytes>>;

/// A few kept-open HTTP/1.1 connections for creating and joining games, each with the server
/// generation it was opened under (a connection to a killed server is not used again).
struct Http {
    conns: Vec<tokio::sync::Mutex<Option<(u64, Sender)>>>,
    next: AtomicUsize,
}

impl Http {
    fn new(size: usize) -> Http {
        Http {
            conns: (0..size.max(1))
                .map(|_| tokio::sync::Mutex::new(None))
                .collect(),
            next: AtomicUsize::new(0),
        }
    }

    /// POSTs `body` to `path` on `addr`, the server of `generation`; the status and body.
    async fn post(
        &self,
        addr: &str,
        generation: u64,
        path: &str,
        body: String,
    ) -> Result<(u16, Bytes), String> {
        let index = self.next.fetch_add(1, Ordering::Relaxed) % self.conns.len();
        let mut slot = self.conns[index].lock().await;
        let kept = slot
            .take()
            .filter(|(opened, sender)| *opened == generation && !sender.is_closed());
        let sender = match kept {
            Some((_, sender)) => sender,
            None => {
                let stream = TcpStream::connect(addr)
                    .await
                    .map_err(|err| format!("HTTP connection: {err}"))?;
                let _ = stream.set_nodelay(true);
                let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
                    .await
                    .map_err(|err| format!("HTTP handshake: {err}"))?;
                tokio::spawn(conn);
                sender
            }
        };
        let mut sender = sender;
        sender
            .ready()
            .await
            .map_err(|err| format!("HTTP connection: {err}"))?;
        let request = hyper::Request::builder()
            .method("POST")
            .uri(path)
            .header("host", addr)
            .header("content-type", "application/json")
            .body(Full::new(Bytes::from(body)))
            .map_err(|err| format!("a request: {err}"))?;
        let response = sender
            .send_request(request)
            .await
            .map_err(|err| format!("HTTP request: {err}"))?;
        let status = response.status().as_u16();
        let bytes = response
            .into_body()
            .collect()
            .await
            .map_err(|err| format!("HTTP body: {err}"))?
            .to_bytes();
        *slot = Some((generation, sender));
        Ok((status, bytes))
    }
}

type Socket = WebSocketStream<TcpStream>;

/// Opens game `game`'s WebSocket on `addr`.
async fn open(addr: &str, game: GameId) -> Result<Socket, String> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|err| format!("connect: {err}"))?;
    let _ = stream.set_nodelay(true);
    let url = format!("ws://{addr}/api/games/{game}/socket");
    // Small buffers: twenty thousand sockets of the default 128 KiB each would be 2.5 GiB.
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let (socket, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
        .await
        .map_err(|err| format!("WebSocket handshake: {err}"))?;
    Ok(socket)
}

/// A small, fast pseudo-random generator (xorshift64*): the moves need no secrecy.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Counters shared by every task of a run.
#[derive(Default)]
struct Counters {
    acked: Mutex<HashMap<&'static str, u64>>,
    refusals: Mutex<HashMap<&'static str, u64>>,
    latency: Mutex<Vec<u32>>,
    ack: Mutex<Vec<u32>>,
    disconnects: AtomicU64,
    failures: AtomicU64,
    bad_records: AtomicU64,
    lost: AtomicU64,
    duplicated: AtomicU64,
    mismatched: AtomicU64,
    games_started: AtomicU64,
    games_ended: AtomicU64,
    games_verified: AtomicU64,
    resent: AtomicU64,
    acked_by_welcome: AtomicU64,
    /// Clients welcomed on their first connection.
    welcomed: AtomicUsize,
    /// Clients whose welcomed connection the kill broke.
    cut: AtomicUsize,
    /// Of them, those welcomed again.
    back: AtomicUsize,
    /// Of them, those not welcomed again yet (nor gone).
    away: AtomicUsize,
    spanning: AtomicUsize,
    continued: AtomicUsize,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

fn add(counter: &AtomicU64) {
    counter.fetch_add(1, Ordering::Relaxed);
}

/// What every task of a run shares.
struct Run {
    options: Options,
    /// The servers' addresses (one, unless several share a database).
    addrs: RwLock<Vec<String>>,
    http: Http,
    counters: Counters,
    epoch: Instant,
    measuring: AtomicBool,
    stopping: AtomicBool,
    stop: watch::Sender<bool>,
    /// Goes up by one when the server is killed and again when its successor listens (odd while
    /// it is down): a connection of an earlier generation that breaks was broken by the kill.
    generation: AtomicU64,
}

impl Run {
    /// The server `side` plays through: the first, or for Black the second if there are several.
    fn addr(&self, side: Side) -> String {
        let addrs = self.addrs.read().unwrap_or_else(PoisonError::into_inner);
        addrs[side.index() % addrs.len()].clone()
    }

    /// The server games are joined on: the last.
    fn joining_addr(&self) -> String {
        let addrs = self.addrs.read().unwrap_or_else(PoisonError::into_inner);
        addrs[addrs.len() - 1].clone()
    }

    fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    fn measuring(&self) -> bool {
        self.measuring.load(Ordering::Relaxed)
    }

    /// Whether the server has been up, the same process, since `generation`.
    fn up_since(&self, generation: u64) -> bool {
        generation % 2 == 0 && self.generation() == generation
    }

    /// A failure, counted unless the server was killed since `generation`.
    fn failed(&self, generation: u64) {
        if self.up_since(generation) {
            add(&self.counters.failures);
        }
    }

    /// The next tick of a game with `phase` after now.
    fn next_tick(&self, phase: Duration) -> Instant {
        let interval = self.options.interval.as_nanos().max(1);
        let since = self.epoch.elapsed().as_nanos();
        let phase = phase.as_nanos();
        let ticks = since.saturating_sub(phase) / interval + 1;
        let at = phase + ticks * interval;
        self.epoch + Duration::from_nanos(u64::try_from(at).unwrap_or(u64::MAX))
    }
}

/// What the two players of one game share: when each of their actions was first sent, by side
/// and sequence number (and whether it was sent again after a reconnect).
struct Table {
    phase: Duration,
    sent: Mutex<[HashMap<u32, (Instant, bool)>; 2]>,
    /// A kill broke a player's connection: the game was in play across a restart.
    spanned: AtomicBool,
    /// After that, a player came back and the game moved on (an action acknowledged) or was
    /// found over.
    continued: AtomicBool,
}

/// How one player's part of a game ended.
struct Ended {
    /// Its record.
    record: Vec<Event>,
    /// Its actions the server acknowledged, in order.
    acked: Vec<Action>,
    /// The game is over.
    over: bool,
}

fn acted_by(record: &[Event], side: Side) -> impl Iterator<Item = &Action> {
    record.iter().filter_map(move |event| match &event.what {
        What::Acted { side: s, action } if *s == side => Some(action),
        _ => None,
    })
}

/// Compares `side`'s acknowledged actions with its actions in `record`: counts those missing
/// (lost) and those there more often or never acknowledged (duplicated); whether they agree.
fn check(counters: &Counters, record: &[Event], side: Side, acked: &[Action]) -> bool {
    let stored: Vec<&Action> = acted_by(record, side).collect();
    let same = stored.len().min(acked.len());
    let differing = (0..same).filter(|&i| *stored[i] != acked[i]).count() as u64;
    let lost = acked.len().saturating_sub(stored.len()) as u64 + differing;
    let duplicated = stored.len().saturating_sub(acked.len()) as u64 + differing;
    counters.lost.fetch_add(lost, Ordering::Relaxed);
    counters.duplicated.fetch_add(duplicated, Ordering::Relaxed);
    lost == 0 && duplicated == 0
}

/// One man per own piece but the king, `carriers` of them carrying bombs, fresh salts.
fn openings(side: Side, carriers: u8, rng: &mut Rng) -> Result<Vec<Opening>, String> {
    let ranks = match side {
        Side::White => ['1', '2'],
        Side::Black => ['8', '7'],
    };
    let mut men = Vec::new();
    for rank in ranks {
        for file in 'a'..='h' {
            if file == 'e' && (rank == '1' || rank == '8') {
                continue;
            }
            let name = format!("{file}{rank}");
            men.push(SquareName::parse(&name).ok_or("a square")?.0);
        }
    }
    let mut chosen = Vec::new();
    while chosen.len() < usize::from(carriers).min(men.len()) {
        let pick = men[rng.below(men.len())];
        if !chosen.contains(&pick) {
            chosen.push(pick);
        }
    }
    let mut salts = vec![0u8; 16 * men.len()];
    getrandom::fill(&mut salts).map_err(|err| format!("no randomness: {err}"))?;
    Ok(men
        .iter()
        .zip(salts.chunks_exact(16))
        .map(|(&origin, salt)| {
            let mut bytes = [0; 16];
            bytes.copy_from_slice(salt);
            Opening {
                origin,
                carrier: chosen.contains(&origin),
                salt: Salt(bytes),
            }
        })
        .collect())
}

/// One player of one game.
struct Player {
    run: Arc<Run>,
    table: Arc<Table>,
    game: GameId,
    side: Side,
    session: Session,
    rng: Rng,
    openings: Vec<Opening>,
    /// The action in flight: its sequence number, the action, when it was (last) sent.
    pending: Option<(u32, Action, Instant)>,
    acked: Vec<Action>,
    /// The game's next tick, when this player waits for it to move.
    tick: Option<Instant>,
    /// The server's generation of the last welcome, once welcomed.
    welcomed: Option<u64>,
    /// The kill broke the welcomed connection, and no welcome has come since.
    cut: bool,
    /// Welcomed again after a cut.
    back: bool,
}

/// Why a connection's loop ended.
enum Leave {
    /// The connection broke: connect again.
    Broken,
    /// The game is over, or the run is over with nothing in flight.
    Done,
}

impl Player {
    /// Plays until the game is over or the run stops; the record and what was acknowledged.
    async fn play(mut self) -> Ended {
        let mut delay = Duration::from_millis(20);
        let mut deadline = None;
        loop {
            if self.run.stopping() {
                let end = *deadline.get_or_insert_with(|| Instant::now() + DRAIN);
                if (self.pending.is_none() && self.recorded_all()) || Instant::now() > end {
                    break;
                }
            }
            let generation = self.run.generation();
            let socket = match open(&self.run.addr(self.side), self.game).await {
                Ok(socket) => socket,
                Err(_) => {
                    self.run.failed(generation);
                    tokio::time::sleep(delay).await;
                    delay = (delay * 2).min(Duration::from_secs(1));
                    continue;
                }
            };
            delay = Duration::from_millis(20);
            match self.connection(socket, generation).await {
                Leave::Done => break,
                Leave::Broken => {
                    self.session.disconnected();
                    let counters = &self.run.counters;
                    match self.welcomed {
                        Some(welcomed) if !self.cut && !self.run.up_since(welcomed) => {
                            self.cut = true;
                            self.table.spanned.store(true, Ordering::Relaxed);
                            counters.cut.fetch_add(1, Ordering::SeqCst);
                            counters.away.fetch_add(1, Ordering::SeqCst);
                        }
                        _ if self.run.up_since(generation) && !self.run.stopping() => {
                            add(&counters.disconnects);
                        }
                        _ => {}
                    }
                    // A little spread, so the clients of a killed server do not all come at once.
                    let spread = self.rng.below(200) as u64;
                    tokio::time::sleep(Duration::from_millis(10 + spread)).await;
                }
            }
        }
        if self.cut {
            // Gone without coming back (the run stopped first).
            self.run.counters.away.fetch_sub(1, Ordering::SeqCst);
        }
        let record = self
            .session
            .game()
            .map(|game| game.events().to_vec())
            .unwrap_or_default();
        let over = self
            .session
            .game()
            .is_some_and(|game| game.result().is_some());
        if self.pending.is_some() {
            // Never settled within the drain: it may or may not be stored.
            add(&self.run.counters.failures);
        }
        Ended {
            record,
            acked: self.acked,
            over,
        }
    }

    /// Serves one connection.
    async fn connection(&mut self, mut socket: Socket, generation: u64) -> Leave {
        if send(&mut socket, &self.session.hello()).await.is_err() {
            return Leave::Broken;
        }
        let mut stop = self.run.stop.subscribe();
        let mut quiet = Instant::now() + PATIENCE;
        loop {
            let stopping = self.run.stopping();
            if stopping && self.settled() {
                let _ = socket.close(None).await;
                return Leave::Done;
            }
            let wake = if stopping || self.pending.is_some() {
                None
            } else {
                self.tick
            };
            tokio::select! {
                frame = socket.next() => {
                    let text = match frame {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
                        Some(Ok(Message::Binary(_))) => {
                            self.run.failed(generation);
                            continue;
                        }
                        Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return Leave::Broken,
                    };
                    quiet = Instant::now() + PATIENCE;
                    let Ok(message) = serde_json::from_str::<ServerMessage>(text.as_str()) else {
                        self.run.failed(generation);
                        continue;
                    };
                    match self.take(message, generation) {
                        Ok(Some(reply)) => {
                            if send(&mut socket, &reply).await.is_err() {
                                return Leave::Broken;
                            }
                        }
                        Ok(None) => {}
                        Err(()) => return Leave::Broken,
                    }
                }
                () = sleep_until(wake) => {}
                _ = stop.changed(), if !stopping => continue,
                () = tokio::time::sleep_until(quiet) => {
                    // Nothing came for too long while something was owed: count it, start over.
                    if self.pending.is_some() {
                        self.run.failed(generation);
                        return Leave::Broken;
                    }
                    quiet = Instant::now() + PATIENCE;
                }
            }
            if self.session.game().is_some_and(|g| g.result().is_some()) && self.settled() {
                let _ = socket.close(None).await;
                return Leave::Done;
            }
            if !stopping {
                if let Some(message) = self.decide() {
                    if send(&mut socket, &message).await.is_err() {
                        return Leave::Broken;
                    }
                }
            }
        }
    }

    /// Nothing in flight, and every acknowledged action of this player in its record (the ack
    /// comes before the event).
    fn settled(&self) -> bool {
        self.pending.is_none() && self.session.connected() && self.recorded_all()
    }

    /// Every acknowledged action of this player is in its record (or it has no record yet).
    fn recorded_all(&self) -> bool {
        self.session.game().map_or(self.acked.is_empty(), |game| {
            acted_by(game.events(), self.side).count() == self.acked.len()
        })
    }

    /// Takes in a server message: the answer to send, if any; `Err` when the connection should
    /// start over (the server's record did not hold).
    fn take(
        &mut self,
        message: ServerMessage,
        generation: u64,
    ) -> Result<Option<ClientMessage>, ()> {
        let last_seq = match &message {
            ServerMessage::Welcome { last_seq, .. } => Some(*last_seq),
            _ => None,
        };
        let (update, reply) = match self.session.receive(message) {
            Ok(taken) => taken,
            Err(_) => {
                add(&self.run.counters.bad_records);
                return Err(());
            }
        };
        let counters = &self.run.counters;
        match update {
            Update::Welcomed => {
                let last_seq = last_seq.unwrap_or_default();
                if self
                    .pending
                    .as_ref()
                    .is_some_and(|(seq, ..)| *seq <= last_seq)
                {
                    if let Some((_, action, _)) = self.pending.take() {
                        self.acked.push(action);
                        add(&counters.acked_by_welcome);
                    }
                }
                if let Some(game) = self.session.game() {
                    check(counters, game.events(), self.side, &self.acked);
                    if self.openings.is_empty() {
                        if let Some(beirut) = game.referee().beirut() {
                            let carriers = beirut.public().options().carriers;
                            match openings(self.side, carriers, &mut self.rng) {
                                Ok(openings) => self.openings = openings,
                                Err(_) => self.run.failed(generation),
                            }
                        }
                    }
                }
                if self.welcomed.is_none() {
                    counters.welcomed.fetch_add(1, Ordering::SeqCst);
                }
                if self.cut {
                    self.cut = false;
                    self.back = true;
                    counters.back.fetch_add(1, Ordering::SeqCst);
                    counters.away.fetch_sub(1, Ordering::SeqCst);
                    if self.session.game().is_some_and(|g| g.result().is_some()) {
                        // It ended while this player was away: nothing was left to play.
                        self.table.continued.store(true, Ordering::Relaxed);
                    }
                }
                self.welcomed = Some(generation);
                if let Some(ClientMessage::Act { seq, .. }) = &reply {
                    // Sent again: its time includes the reconnection.
                    add(&counters.resent);
                    let now = Instant::now();
                    lock(&self.table.sent)[self.side.index()].insert(*seq, (now, true));
                    if let Some(pending) = self.pending.as_mut() {
                        pending.0 = *seq;
                        pending.2 = now;
                    }
                }
                self.tick = None;
            }
            Update::Recorded(event) => {
                if let What::Acted { side, .. } = &event.what {
                    if *side != self.side {
                        self.received(*side);
                    }
                }
            }
            Update::Acked(seq) => {
                if self.pending.as_ref().is_some_and(|(s, ..)| *s == seq) {
                    if let Some((_, action, sent)) = self.pending.take() {
                        if self.run.measuring() {
                            *lock(&counters.acked).entry(action.name()).or_default() += 1;
                            let resent = lock(&self.table.sent)[self.side.index()]
                                .get(&seq)
                                .is_some_and(|(_, resent)| *resent);
                            if !resent {
                                lock(&counters.ack).push(micros(sent.elapsed()));
                            }
                        }
                        if self.back {
                            self.table.continued.store(true, Ordering::Relaxed);
                        }
                        self.acked.push(action);
                    }
                }
                if let Some(ClientMessage::Act { seq, .. }) = &reply {
                    self.sent(*seq);
                }
            }
            Update::Refused { action, refusal } => {
                *lock(&counters.refusals)
                    .entry(refusal.code.name())
                    .or_default() += 1;
                if action.is_some() {
                    if let Some((seq, ..)) = self.pending.take() {
                        lock(&self.table.sent)[self.side.index()].remove(&seq);
                    }
                }
            }
            Update::Presence(_) => {}
        }
        Ok(reply)
    }

    /// The opponent (`side`) hears of its latest action: the time since it was first sent.
    fn received(&self, side: Side) {
        let Some(game) = self.session.game() else {
            return;
        };
        // A seat's actions are numbered from 1 in the order of the record.
        let seq = acted_by(game.events(), side).count() as u32;
        let sent = lock(&self.table.sent)[side.index()].remove(&seq);
        if let Some((at, resent)) = sent {
            if !resent && self.run.measuring() {
                lock(&self.run.counters.latency).push(micros(at.elapsed()));
            }
        }
    }

    /// Notes the first sending of action `seq`.
    fn sent(&mut self, seq: u32) {
        let now = Instant::now();
        lock(&self.table.sent)[self.side.index()].insert(seq, (now, false));
    }

    /// What to do now that something changed: an action to send at once (a statement owed, or a
    /// move when the tick has come), or nothing (waiting, with the tick armed). Nothing before
    /// the event of this player's last action has come back: until then its record is behind.
    fn decide(&mut self) -> Option<ClientMessage> {
        if !self.settled() {
            return None;
        }
        let game = self.session.game()?;
        if game.result().is_some() {
            return None;
        }
        let action = match owed_statement(game, self.side, &self.openings) {
            Some(statement) => statement,
            None => {
                if *game.stage() != Stage::Playing || game.referee().turn() != self.side {
                    self.tick = None;
                    return None;
                }
                let now = Instant::now();
                match self.tick {
                    Some(at) if at <= now => {}
                    Some(_) => return None,
                    None => {
                        self.tick = Some(self.run.next_tick(self.table.phase));
                        return None;
                    }
                }
                self.tick = None;
                let game = self.session.game()?;
                choose(game, &self.openings, &mut self.rng, self.run.options.plies)?
            }
        };
        let message = self.session.act(action.clone())?;
        if let ClientMessage::Act { seq, .. } = &message {
            self.pending = Some((*seq, action, Instant::now()));
            self.sent(*seq);
        }
        Some(message)
    }
}

/// A random action of `side` to move in `game`: a legal move of its referee's position, in Beirut
/// now and then (or when stuck, always) a boom of one of its own carriers that may boom, and past
/// `plies` board moves a resignation.
fn choose(game: &OnlineGame, openings: &[Opening], rng: &mut Rng, plies: usize) -> Option<Action> {
    let referee = game.referee();
    if referee.san_moves().len() >= plies {
        return Some(Action::Resign);
    }
    let position = referee.position();
    let Some(beirut) = referee.beirut() else {
        let moves = position.legal_moves();
        let m = moves.get(rng.below(moves.len()))?;
        return Some(Action::Move {
            uci: position.move_to_uci(*m),
        });
    };
    let public = beirut.public();
    let booms: Vec<(SquareName, Salt)> = openings
        .iter()
        .filter(|o| o.carrier)
        .filter_map(|o| {
            let at = public.square_of(o.origin)?;
            public.may_boom(at).ok()?;
            Some((SquareName(at), o.salt))
        })
        .collect();
    let moves = public.legal_moves();
    if !booms.is_empty() && (moves.is_empty() || rng.next() % BOOM_ONE_IN == 0) {
        let (square, salt) = booms[rng.below(booms.len())];
        return Some(Action::Boom { square, salt });
    }
    let m = moves.get(rng.below(moves.len()))?;
    Some(Action::Move {
        uci: position.move_to_uci(*m),
    })
}

fn micros(elapsed: Duration) -> u32 {
    u32::try_from(elapsed.as_micros()).unwrap_or(u32::MAX)
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

async fn send(socket: &mut Socket, message: &ClientMessage) -> Result<(), ()> {
    let text = serde_json::to_string(message).map_err(|_| ())?;
    socket.send(Message::text(text)).await.map_err(|_| ())
}

/// Creates a game of `variant` with `options` and joins it: both seats.
async fn setup(
    run: &Run,
    generation: u64,
    variant: &str,
    options: &[&str],
) -> Result<[Seat; 2], String> {
    let addr = run.addr(Side::White);
    let body = serde_json::json!({"variant": variant, "options": options, "side": "random"});
    let (status, bytes) = run
        .http
        .post(&addr, generation, "/api/games", body.to_string())
        .await?;
    if status != 201 {
        return Err(format!("create: {status}"));
    }
    let creator: Seat = serde_json::from_slice(&bytes).map_err(|err| format!("create: {err}"))?;
    let path = format!("/api/games/{}/join", creator.game);
    let (status, bytes) = run
        .http
        .post(&run.joining_addr(), generation, &path, String::new())
        .await?;
    if status != 200 {
        return Err(format!("join: {status}"));
    }
    let joiner: Seat = serde_json::from_slice(&bytes).map_err(|err| format!("join: {err}"))?;
    Ok(match creator.side {
        Side::White => [creator, joiner],
        Side::Black => [joiner, creator],
    })
}

/// The server's record of `game`, as a spectator's welcome has it.
async fn server_record(run: &Run, game: GameId) -> Result<Vec<Event>, String> {
    let mut socket = open(&run.addr(Side::White), game).await?;
    send(&mut socket, &ClientMessage::Hello { token: None })
        .await
        .map_err(|()| "hello".to_owned())?;
    let record = loop {
        let frame = tokio::time::timeout(PATIENCE, socket.next())
            .await
            .map_err(|_| "no welcome".to_owned())?;
        let Some(Ok(Message::Text(text))) = frame else {
            return Err("no welcome".into());
        };
        if let Ok(ServerMessage::Welcome { events, .. }) = serde_json::from_str(text.as_str()) {
            break events;
        }
    };
    let _ = socket.close(None).await;
    Ok(record)
}

/// One slot of the run: a game after another until the run stops.
async fn slot(run: Arc<Run>, index: usize) {
    let start = run
        .options
        .ramp
        .mul_f64(index as f64 / run.options.games.max(1) as f64);
    tokio::time::sleep(start).await;
    let mut rng = Rng::new(run.options.seed ^ (index as u64).wrapping_mul(0x1000_0001));
    let mut played = 0usize;
    while !run.stopping() {
        let (variant, options) = MIX[(index + played) % MIX.len()];
        played += 1;
        let generation = run.generation();
        let seats = match setup(&run, generation, variant, options).await {
            Ok(seats) => seats,
            Err(_) => {
                run.failed(generation);
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        add(&run.counters.games_started);
        let phase = run
            .options
            .interval
            .mul_f64(rng.below(1_000_000) as f64 / 1_000_000.0);
        let table = Arc::new(Table {
            phase,
            sent: Mutex::new([HashMap::new(), HashMap::new()]),
            spanned: AtomicBool::new(false),
            continued: AtomicBool::new(false),
        });
        let game = seats[0].game;
        let players = seats.map(|seat| {
            let player = Player {
                run: Arc::clone(&run),
                table: Arc::clone(&table),
                game: seat.game,
                side: seat.side,
                session: Session::new(Some(seat.token)),
                rng: Rng::new(rng.next()),
                openings: Vec::new(),
                pending: None,
                acked: Vec::new(),
                tick: None,
                welcomed: None,
                cut: false,
                back: false,
            };
            tokio::spawn(player.play())
        });
        let [white, black] = players;
        let (Ok(white), Ok(black)) = (white.await, black.await) else {
            add(&run.counters.failures);
            continue;
        };
        let mut agree = check(&run.counters, &white.record, Side::White, &white.acked)
            & check(&run.counters, &black.record, Side::Black, &black.acked);
        let (short, long) = if white.record.len() <= black.record.len() {
            (&white.record, &black.record)
        } else {
            (&black.record, &white.record)
        };
        agree &= long.starts_with(short);
        if white.over && black.over {
            add(&run.counters.games_ended);
        } else {
            match server_record(&run, game).await {
                Ok(server) => {
                    add(&run.counters.games_verified);
                    agree &= server.starts_with(long)
                        && check(&run.counters, &server, Side::White, &white.acked)
                        && check(&run.counters, &server, Side::Black, &black.acked);
                }
                Err(_) => add(&run.counters.failures),
            }
        }
        if !agree {
            add(&run.counters.mismatched);
        }
        if table.spanned.load(Ordering::Relaxed) {
            run.counters.spanning.fetch_add(1, Ordering::SeqCst);
            if table.continued.load(Ordering::Relaxed) {
                run.counters.continued.fetch_add(1, Ordering::SeqCst);
            }
        }
    }
}

/// Starts a server process without blocking the runtime.
async fn start(
    program: &Path,
    args: &[OsString],
    data: &Path,
    log: &Path,
) -> Result<ServerProcess, String> {
    let (program, args, data, log) = (
        program.to_owned(),
        args.to_vec(),
        data.to_owned(),
        log.to_owned(),
    );
    tokio::task::spawn_blocking(move || ServerProcess::start(&program, &args, &data, &log))
        .await
        .map_err(|err| format!("starting the server: {err}"))?
}

/// CPU time of process `pid` (or this one), in clock ticks.
fn cpu_ticks(pid: Option<u32>) -> Option<u64> {
    let path = pid.map_or("/proc/self/stat".to_owned(), |pid| {
        format!("/proc/{pid}/stat")
    });
    let text = std::fs::read_to_string(path).ok()?;
    let fields: Vec<&str> = text.rsplit_once(')')?.1.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

/// The whole machine's busy clock ticks (all cores).
fn machine_ticks() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    let line = text.lines().next()?;
    let values: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .filter_map(|v| v.parse().ok())
        .collect();
    let idle = values.get(3)? + values.get(4)?;
    // user nice system idle iowait irq softirq steal (guest time is within user).
    Some(values.iter().take(8).sum::<u64>() - idle)
}

/// The CPU time of the processes `pids`, in clock ticks (none if any is unknown).
fn cpu_ticks_of(pids: &[u32]) -> Option<u64> {
    pids.iter().map(|&pid| cpu_ticks(Some(pid))).sum()
}

/// The resident memory of the processes `pids`, in KiB.
fn rss_kib_of(pids: &[u32]) -> u64 {
    pids.iter().filter_map(|&pid| rss_kib(Some(pid))).sum()
}

/// Resident memory of process `pid` (or this one), in KiB.
fn rss_kib(pid: Option<u32>) -> Option<u64> {
    let path = pid.map_or("/proc/self/status".to_owned(), |pid| {
        format!("/proc/{pid}/status")
    });
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn clock_ticks_per_sec() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(100.0)
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

/// Where the CPU counters stood.
struct Sample {
    at: Instant,
    server: Option<u64>,
    generator: Option<u64>,
    machine: Option<u64>,
}

fn sample(servers: &[u32]) -> Sample {
    Sample {
        at: Instant::now(),
        server: (!servers.is_empty())
            .then(|| cpu_ticks_of(servers))
            .flatten(),
        generator: cpu_ticks(None),
        machine: machine_ticks(),
    }
}

fn sorted(map: &Mutex<HashMap<&'static str, u64>>) -> Vec<(String, u64)> {
    let mut list: Vec<(String, u64)> = lock(map)
        .iter()
        .map(|(name, count)| ((*name).to_owned(), *count))
        .collect();
    list.sort();
    list
}

/// Runs the load described by `options` in `dir` (the server's database and log); what it
/// measured.
pub async fn run(options: Options, dir: &Path) -> Result<Report, String> {
    let data = dir.join("load.sqlite3");
    let log = dir.join("server.log");
    let mut server = match &options.target {
        Target::Spawn { program, args } => Some(start(program, args, &data, &log).await?),
        Target::Running { .. } => None,
    };
    let (addrs, mut pids) = match (&server, &options.target) {
        (Some(server), _) => (vec![server.addr.clone()], vec![server.pid()]),
        (None, Target::Running { addrs, pids }) if !addrs.is_empty() => {
            (addrs.clone(), pids.clone())
        }
        (None, _) => return Err("no server".into()),
    };
    let load_before = loadavg();
    let rss_before = rss_kib_of(&pids);
    let run = Arc::new(Run {
        http: Http::new(options.http_connections),
        options: options.clone(),
        addrs: RwLock::new(addrs),
        counters: Counters::default(),
        epoch: Instant::now(),
        measuring: AtomicBool::new(false),
        stopping: AtomicBool::new(false),
        stop: watch::channel(false).0,
        generation: AtomicU64::new(0),
    });
    let slots: Vec<_> = (0..options.games)
        .map(|index| tokio::spawn(slot(Arc::clone(&run), index)))
        .collect();
    // Every client welcomed (or the ramp long past): the window opens.
    let ready_by = Instant::now() + options.ramp + PATIENCE;
    while run.counters.welcomed.load(Ordering::SeqCst) < 2 * options.games
        && Instant::now() < ready_by
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let before = sample(&pids);
    run.measuring.store(true, Ordering::SeqCst);
    let mut restart = None;
    // The CPU of a server killed during the window.
    let mut killed_ticks = 0;
    match (options.restart_after, server.as_mut(), &options.target) {
        (Some(after), Some(process), Target::Spawn { program, args }) => {
            let after = after.min(options.duration);
            tokio::time::sleep(after).await;
            killed_ticks = cpu_ticks_of(&pids)
                .zip(before.server)
                .map_or(0, |(now, then)| now.saturating_sub(then));
            let killed = Instant::now();
            run.generation.fetch_add(1, Ordering::SeqCst);
            process.kill();
            let started = start(program, args, &data, &log).await?;
            let listening = killed.elapsed();
            *run.addrs.write().unwrap_or_else(PoisonError::into_inner) = vec![started.addr.clone()];
            run.generation.fetch_add(1, Ordering::SeqCst);
            pids = vec![started.pid()];
            *process = started;
            // The broken connections were noticed at once; the server took longer to start.
            let back_by = killed + PATIENCE * 3;
            let counters = &run.counters;
            while (counters.cut.load(Ordering::SeqCst) == 0
                || counters.away.load(Ordering::SeqCst) > 0)
                && Instant::now() < back_by
            {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            restart = Some(Restart {
                listening_ms: listening.as_secs_f64() * 1000.0,
                reconnected_ms: killed.elapsed().as_secs_f64() * 1000.0,
                clients: counters.cut.load(Ordering::SeqCst),
                clients_back: counters.back.load(Ordering::SeqCst),
                ..Restart::default()
            });
            tokio::time::sleep(options.duration.saturating_sub(before.at.elapsed())).await;
        }
        _ => tokio::time::sleep(options.duration).await,
    }
    run.measuring.store(false, Ordering::SeqCst);
    let after = sample(&pids);
    let rss_after = rss_kib_of(&pids);
    let generator_rss = rss_kib(None).unwrap_or(0);
    let load_after = loadavg();
    run.stopping.store(true, Ordering::SeqCst);
    run.stop.send_replace(true);
    for slot in slots {
        if tokio::time::timeout(DRAIN * 2, slot).await.is_err() {
            add(&run.counters.failures);
        }
    }
    drop(server);

    let seconds = after.at.duration_since(before.at).as_secs_f64();
    let per_sec = clock_ticks_per_sec();
    let percent = |from: Option<u64>, to: Option<u64>| match (from, to) {
        (Some(from), Some(to)) => to.saturating_sub(from) as f64 / per_sec / seconds * 100.0,
        _ => 0.0,
    };
    let server_cpu = (!pids.is_empty()).then(|| Cpu {
        percent: if restart.is_some() {
            // The killed process until the kill, the new one from its start.
            percent(Some(0), after.server.map(|ticks| ticks + killed_ticks))
        } else {
            percent(before.server, after.server)
        },
    });
    let generator_cpu = Cpu {
        percent: percent(before.generator, after.generator),
    };
    let machine = percent(before.machine, after.machine);
    let others_cpu = Cpu {
        percent: (machine - generator_cpu.percent - server_cpu.map_or(0.0, |c| c.percent)).max(0.0),
    };
    let counters = &run.counters;
    let by_kind = sorted(&counters.acked);
    let actions: u64 = by_kind.iter().map(|(_, n)| n).sum();
    let moves: u64 = by_kind
        .iter()
        .filter(|(name, _)| name == "move" || name == "boom")
        .map(|(_, n)| n)
        .sum();
    if let Some(restart) = restart.as_mut() {
        restart.games = counters.spanning.load(Ordering::SeqCst);
        restart.games_continued = counters.continued.load(Ordering::SeqCst);
        restart.resent = counters.resent.load(Ordering::SeqCst);
        restart.acked_by_welcome = counters.acked_by_welcome.load(Ordering::SeqCst);
    }
    let games = options.games.max(1) as f64;
    let latency = Spread::of(std::mem::take(&mut *lock(&counters.latency)));
    let ack = Spread::of(std::mem::take(&mut *lock(&counters.ack)));
    let report = Report {
        games: options.games,
        interval: options.interval.as_secs_f64(),
        window: seconds,
        actions_per_sec: actions as f64 / seconds,
        moves_per_sec: moves as f64 / seconds,
        by_kind,
        latency,
        ack,
        refusals: sorted(&counters.refusals),
        disconnects: counters.disconnects.load(Ordering::SeqCst),
        failures: counters.failures.load(Ordering::SeqCst),
        bad_records: counters.bad_records.load(Ordering::SeqCst),
        lost: counters.lost.load(Ordering::SeqCst),
        duplicated: counters.duplicated.load(Ordering::SeqCst),
        mismatched: counters.mismatched.load(Ordering::SeqCst),
        games_started: counters.games_started.load(Ordering::SeqCst),
        games_ended: counters.games_ended.load(Ordering::SeqCst),
        games_verified: counters.games_verified.load(Ordering::SeqCst),
        rss_before_mib: rss_before as f64 / 1024.0,
        rss_after_mib: rss_after as f64 / 1024.0,
        rss_per_game_kib: rss_after.saturating_sub(rss_before) as f64 / games,
        generator_rss_mib: generator_rss as f64 / 1024.0,
        server_cpu,
        generator_cpu,
        others_cpu,
        load_before,
        load_after,
        restart,
    };
    Ok(report)
}
