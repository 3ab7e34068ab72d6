//! The harness of the server's integration tests: the real binary on a free port with a
//! temporary database, an HTTP client (hyper) and a WebSocket client (tokio-tungstenite).
//! Every wait has a timeout that fails the test with a message saying what did not come.
#![allow(dead_code)] // each test file uses its own part of the harness

pub mod beirut;
pub mod postgres;

use boomchess_online::message::{Presence, Seat};
use boomchess_online::{Action, ClientMessage, Event, ServerMessage, What};
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any one expected message or answer may take.
pub const WAIT: Duration = Duration::from_secs(10);

/// A running `boomchess-server`.
pub struct Server {
    child: Child,
    /// `127.0.0.1:port`.
    pub addr: String,
    /// Every line it has logged.
    pub log: Arc<Mutex<Vec<String>>>,
    /// Its database file (empty for PostgreSQL).
    pub data: PathBuf,
}

impl Server {
    /// Starts the server on a free port with the database `data`.
    pub fn start(data: &Path) -> Server {
        Server::start_with(data, 120)
    }

    /// The same, with `grace` seconds for what a player owes.
    pub fn start_with(data: &Path, grace: u32) -> Server {
        Server::start_full(data, grace, &data.with_extension("no-dist"))
    }

    /// The same, serving the page in `dist`.
    pub fn start_full(data: &Path, grace: u32, dist: &Path) -> Server {
        let args = [
            "--grace".into(),
            grace.to_string().into(),
            "--data".into(),
            data.into(),
            "--dist".into(),
            dist.into(),
        ];
        Server::spawn(&args, data)
    }

    /// Starts the server on a free port with the PostgreSQL database at `url`.
    pub fn start_on(url: &str) -> Server {
        let no_dist = std::env::temp_dir().join("boomchess-no-dist");
        let args = [
            "--database".into(),
            url.into(),
            "--dist".into(),
            no_dist.into(),
        ];
        Server::spawn(&args, Path::new(""))
    }

    fn spawn(args: &[std::ffi::OsString], data: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boomchess-server"))
            .args(["--port", "0", "--host", "127.0.0.1"])
            .args(args)
            .env_remove("PORT")
            .env_remove("BOOMCHESS_DATABASE")
            .env_remove("BOOMCHESS_DATA")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server binary starts");
        let stderr = child.stderr.take().expect("its standard error is piped");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (found, listening) = mpsc::channel();
        let lines = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.split("listening on http://").nth(1) {
                    let addr = rest.split('/').next().unwrap_or_default().to_owned();
                    let _ = found.send(addr);
                }
                lines.lock().expect("the log").push(line);
            }
        });
        let addr = listening.recv_timeout(WAIT).unwrap_or_else(|_| {
            panic!(
                "the server did not say it was listening within {WAIT:?}; it logged {:?}",
                log.lock().expect("the log")
            )
        });
        Server {
            child,
            addr,
            log,
            data: data.to_owned(),
        }
    }

    /// Kills the process with SIGKILL (no chance to tidy up) and waits for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The lines logged so far.
    pub fn lines(&self) -> Vec<String> {
        self.log.lock().expect("the log").clone()
    }

    /// Whether a line containing `text` is logged within [`WAIT`]: the log is read from the
    /// server's output by another thread, so a line written just now may not be in it yet.
    pub async fn logs(&self, text: &str) -> bool {
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            if self.lines().iter().any(|l| l.contains(text)) {
                return true;
            }
            if std::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Sends an HTTP request; the status and the JSON body (null if it is not JSON).
    pub async fn http(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let body = body.map_or_else(String::new, |b| b.to_string());
        let (status, bytes) = self.request(method, path, body).await;
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    /// Sends an HTTP request without a body; the status and the body as text.
    pub async fn http_text(&self, method: &str, path: &str) -> (u16, String) {
        let (status, bytes) = self.request(method, path, String::new()).await;
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }

    async fn request(&self, method: &str, path: &str, body: String) -> (u16, Bytes) {
        let request = async {
            let stream = TcpStream::connect(&self.addr).await.expect("connects");
            let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
                .await
                .expect("an HTTP/1.1 handshake");
            tokio::spawn(conn);
            let request = hyper::Request::builder()
                .method(method)
                .uri(path)
                .header("host", &self.addr)
                .header("content-type", "application/json")
                .body(Full::new(Bytes::from(body)))
                .expect("a request");
            let response = sender.send_request(request).await.expect("an answer");
            let status = response.status().as_u16();
            let bytes = response
                .into_body()
                .collect()
                .await
                .expect("the body")
                .to_bytes();
            (status, bytes)
        };
        tokio::time::timeout(WAIT, request)
            .await
            .unwrap_or_else(|_| panic!("no answer to {method} {path} within {WAIT:?}"))
    }

    /// Creates a game; the creator's seat.
    pub async fn create(&self, new: Value) -> Seat {
        let (status, body) = self.http("POST", "/api/games", Some(new)).await;
        assert_eq!(status, 201, "creating a game: {body}");
        serde_json::from_value(body).expect("a seat")
    }

    /// Takes the free seat of `game`.
    pub async fn join(&self, game: &Seat) -> Seat {
        let path = format!("/api/games/{}/join", game.game);
        let (status, body) = self.http("POST", &path, None).await;
        assert_eq!(status, 200, "joining a game: {body}");
        serde_json::from_value(body).expect("a seat")
    }

    /// A game of `variant` (White for the creator, no clock) with both seats taken.
    pub async fn game(&self, variant: &str) -> (Seat, Seat) {
        let white = self
            .create(json!({"variant": variant, "side": "white"}))
            .await;
        let black = self.join(&white).await;
        (white, black)
    }

    /// Opens a WebSocket on `game` and says hello with `seat`'s token (none: a spectator);
    /// the client and the welcome.
    pub async fn connect(&self, game: &Seat, seat: Option<&Seat>) -> (Client, ServerMessage) {
        let mut client = self.socket(game).await;
        client
            .send(&ClientMessage::Hello {
                token: seat.map(|s| s.token),
            })
            .await;
        let welcome = client.recv().await;
        assert!(
            matches!(welcome, ServerMessage::Welcome { .. }),
            "a welcome, not {welcome:?}"
        );
        (client, welcome)
    }

    /// Opens a WebSocket on `game` without saying anything.
    pub async fn socket(&self, game: &Seat) -> Client {
        let url = format!("ws://{}/api/games/{}/socket", self.addr, game.game);
        let (ws, _) = tokio::time::timeout(
            WAIT,
            tokio_tungstenite::connect_async_with_config(url, None, true),
        )
        .await
        .expect("the WebSocket opens in time")
        .expect("the WebSocket opens");
        Client { ws, presence: None }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A WebSocket client of one game.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The last presence the server told (in its welcome or an update).
    presence: Option<Presence>,
}

impl Client {
    /// Sends a message of the protocol.
    pub async fn send(&mut self, message: &ClientMessage) {
        let text = serde_json::to_string(message).expect("serialises");
        self.send_text(&text).await;
    }

    /// Sends any text frame.
    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::text(text))
            .await
            .expect("the frame is sent");
    }

    /// Sends any frame.
    pub async fn send_frame(&mut self, frame: Message) {
        self.ws.send(frame).await.expect("the frame is sent");
    }

    /// Sends action `seq`.
    pub async fn act(&mut self, seq: u32, action: Action) {
        self.send(&ClientMessage::Act { seq, action }).await;
    }

    /// The next message of the server, presence updates included.
    pub async fn recv_any(&mut self) -> ServerMessage {
        self.recv_within(WAIT).await
    }

    /// The next message of the server, which must come within `wait`.
    pub async fn recv_within(&mut self, wait: Duration) -> ServerMessage {
        loop {
            let frame = tokio::time::timeout(wait, self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("no message from the server within {wait:?}"));
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let message = serde_json::from_str(text.as_str())
                        .unwrap_or_else(|err| panic!("not a server message: {text} ({err})"));
                    if let ServerMessage::Welcome { presence, .. }
                    | ServerMessage::Presence { presence } = &message
                    {
                        self.presence = Some(*presence);
                    }
                    return message;
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                other => panic!("a message was expected, not {other:?}"),
            }
        }
    }

    /// The next message of the server that is not a presence update.
    pub async fn recv(&mut self) -> ServerMessage {
        loop {
            match self.recv_any().await {
                ServerMessage::Presence { .. } => continue,
                message => return message,
            }
        }
    }

    /// Reads presence updates until the server has said `expected` (perhaps already), which
    /// must come within `wait` and before anything else.
    pub async fn presence_becomes(&mut self, expected: Presence, wait: Duration) {
        let deadline = tokio::time::Instant::now() + wait;
        while self.presence != Some(expected) {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.recv_within(left).await {
                ServerMessage::Presence { .. } => continue,
                other => panic!("presence {expected:?} was expected, not {other:?}"),
            }
        }
    }

    /// The next event, which must come before anything else (presence aside).
    pub async fn event(&mut self) -> Event {
        match self.recv().await {
            ServerMessage::Event { event, .. } => event,
            other => panic!("an event was expected, not {other:?}"),
        }
    }

    /// Expects the acknowledgement of `seq`.
    pub async fn ack(&mut self, seq: u32) {
        match self.recv().await {
            ServerMessage::Ack { seq: acked } => assert_eq!(acked, seq, "the ack's number"),
            other => panic!("the ack of {seq} was expected, not {other:?}"),
        }
    }

    /// Expects an error with `code` (its wire name); its message.
    pub async fn error(&mut self, code: &str) -> String {
        match self.recv().await {
            ServerMessage::Error {
                code: got, message, ..
            } => {
                assert_eq!(got.name(), code, "the error's code ({message})");
                message
            }
            other => panic!("an error {code} was expected, not {other:?}"),
        }
    }

    /// Sends action `seq` and expects its ack and then its event; the event.
    pub async fn play(&mut self, seq: u32, action: Action) -> Event {
        self.act(seq, action).await;
        self.ack(seq).await;
        self.event().await
    }

    /// Expects the server to close the connection (a close frame or the end of the stream).
    pub async fn closed(&mut self) {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("the server did not close within {WAIT:?}"));
            match frame {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(other)) => panic!("the connection should close, not send {other:?}"),
            }
        }
    }

    /// Closes the connection from this side.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// An ordinary move.
pub fn mv(uci: &str) -> Action {
    Action::Move { uci: uci.into() }
}

/// Whether `event` is `side`'s action `action`.
pub fn is_act(event: &Event, action: &Action) -> bool {
    matches!(&event.what, What::Acted { action: a, .. } if a == action)
}

/// The welcome's record and last sequence number.
pub fn welcome_record(welcome: &ServerMessage) -> (Vec<Event>, u32) {
    match welcome {
        ServerMessage::Welcome {
            events, last_seq, ..
        } => (events.clone(), *last_seq),
        other => panic!("a welcome was expected, not {other:?}"),
    }
}

/// A temporary directory and a database path inside it.
pub fn temp_data() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = dir.path().join("data/boomchess.sqlite3");
    (dir, data)
}

/// White's and Black's pawn steps in Stratomic that never meet nor give check: every pawn one
/// square and then another (White to rank 5, Black to rank 6), alternating, 40 plies.
pub fn stratomic_pawn_moves() -> Vec<String> {
    let files = "abcdefghij";
    let mut moves = Vec::new();
    for (white_from, black_from) in [(3, 8), (4, 7)] {
        for file in files.chars() {
            moves.push(format!("{file}{white_from}{file}{}", white_from + 1));
            moves.push(format!("{file}{black_from}{file}{}", black_from - 1));
        }
    }
    moves
}
