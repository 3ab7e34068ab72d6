//! A game's WebSocket (`/api/games/{id}/socket`): the first message says who is connecting, then
//! a player's actions go to the game's task and everything the game says comes back.
//!
//! Every text frame goes through [`parse_client_message`]. A message that is refused (bad input,
//! an action the game does not allow) gets an `error` naming the problem and changes nothing;
//! after [`MAX_REFUSALS`] refusals the connection gets `abuse` and is closed.

use crate::live::{encode, Games, OUTBOX};
use crate::log::{self, short};
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket};
use boomchess_online::message::MAX_MESSAGE_BYTES;
use boomchess_online::{ClientMessage, GameId, Refusal, Refused, SeatToken, ServerMessage};
use std::time::Duration;
use tokio::sync::mpsc;

/// Refusals a connection may earn before it is closed.
pub const MAX_REFUSALS: u32 = 10;

/// The WebSocket layer's limit for one message or frame: above [`MAX_MESSAGE_BYTES`], so that a
/// message somewhat too large is answered with `too-large`; a larger one breaks the connection.
pub(crate) const FRAME_LIMIT: usize = 4 * MAX_MESSAGE_BYTES;

/// The WebSocket layer's read buffer for one connection. Its default, 128 KiB, is allocated up
/// front and zeroed before every read: with thousands of connections that was most of the
/// server's memory (256 KiB a game) and its largest single cost in the processor. Messages are a
/// few hundred bytes (a reveal about 1.3 KB); a larger frame grows the buffer as it needs.
pub(crate) const READ_BUFFER: usize = 4 * 1024;

/// How long a new connection has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(30);

/// Reads one text frame of a client: a message of the protocol, or why it is not one.
pub fn parse_client_message(text: &str) -> Result<ClientMessage, Refused> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(Refused::new(
            Refusal::TooLarge,
            format!(
                "a message has at most {MAX_MESSAGE_BYTES} bytes; this one has {}",
                text.len()
            ),
        ));
    }
    serde_json::from_str(text).map_err(|err| {
        Refused::new(
            Refusal::BadMessage,
            format!("not a message of this protocol: {err}"),
        )
    })
}

/// What a frame from the client amounts to.
enum Frame {
    Message(ClientMessage),
    Refused(Refused),
    /// A ping or pong (the WebSocket layer answers pings).
    Skip,
    Closed,
}

fn read(frame: Option<Result<Message, axum::Error>>) -> Frame {
    match frame {
        Some(Ok(Message::Text(text))) => match parse_client_message(text.as_str()) {
            Ok(message) => Frame::Message(message),
            Err(refused) => Frame::Refused(refused),
        },
        Some(Ok(Message::Binary(_))) => Frame::Refused(Refused::new(
            Refusal::BadMessage,
            "binary frames are not messages of this protocol: messages are JSON text",
        )),
        Some(Ok(Message::Ping(_) | Message::Pong(_))) => Frame::Skip,
        Some(Ok(Message::Close(_))) | Some(Err(_)) | None => Frame::Closed,
    }
}

fn not_hello() -> Refused {
    Refused::new(
        Refusal::NotHello,
        "the first message is a hello, and only the first",
    )
}

/// One WebSocket of game `game`.
struct Link {
    socket: WebSocket,
    game: GameId,
    conn: u64,
    refusals: u32,
}

/// Serves one WebSocket of game `id` until it closes.
pub(crate) async fn serve(socket: WebSocket, games: Games, id: GameId) {
    let conn = games.next_number();
    log::line(format_args!(
        "connection {conn} opened: game {}",
        short(&id)
    ));
    let mut link = Link {
        socket,
        game: id,
        conn,
        refusals: 0,
    };
    let (who, why) = link.run(&games).await;
    log::line(format_args!(
        "connection {conn} closed: game {}, {who}, {why}",
        short(&id)
    ));
}

impl Link {
    /// Who the connection was and why it closed.
    async fn run(&mut self, games: &Games) -> (&'static str, &'static str) {
        let token = match self.hello().await {
            Ok(token) => token,
            Err(why) => return ("no hello", why),
        };
        let (outbox, mut inbox) = mpsc::channel(OUTBOX);
        let connection = match games.connect(self.game, self.conn, token, outbox).await {
            Ok(connection) => connection,
            Err(refused) => {
                self.log_refusal(&refused);
                let _ = self.send_error(None, &refused).await;
                self.close(refused.code.name()).await;
                return ("refused", "its hello was refused");
            }
        };
        let who = connection.seat.map_or("spectator", |side| side.name());
        let why = loop {
            tokio::select! {
                frame = self.socket.recv() => match read(frame) {
                    Frame::Message(ClientMessage::Act { seq, action }) => {
                        let kept = match connection.act(seq, action).await {
                            Ok(seq) => self.send(&ServerMessage::Ack { seq }).await,
                            // The server's own trouble is not the client's fault.
                            Err(refused) if refused.code == Refusal::Unavailable => {
                                self.send_error(Some(seq), &refused).await
                            }
                            Err(refused) => self.refuse(Some(seq), &refused).await,
                        };
                        if !kept {
                            break "closed by the server";
                        }
                    }
                    Frame::Message(ClientMessage::Hello { .. }) => {
                        if !self.refuse(None, &not_hello()).await {
                            break "closed by the server";
                        }
                    }
                    Frame::Refused(refused) => {
                        if !self.refuse(None, &refused).await {
                            break "closed by the server";
                        }
                    }
                    Frame::Skip => {}
                    Frame::Closed => {
                        self.close_reply().await;
                        break "closed by the client";
                    }
                },
                text = inbox.recv() => match text {
                    Some(text) => {
                        if self.socket.send(Message::Text(text)).await.is_err() {
                            break "broken";
                        }
                    }
                    None => {
                        self.close("too slow").await;
                        break "dropped: it fell behind";
                    }
                },
            }
        };
        connection.leave().await;
        (who, why)
    }

    /// Waits for the hello: its token, if any, or why the connection ended first.
    async fn hello(&mut self) -> Result<Option<SeatToken>, &'static str> {
        loop {
            let Ok(frame) = tokio::time::timeout(HELLO_WITHIN, self.socket.recv()).await else {
                let _ = self.send_error(None, &not_hello()).await;
                self.close("no hello").await;
                return Err("no hello in time");
            };
            let (seq, refused) = match read(frame) {
                Frame::Message(ClientMessage::Hello { token }) => return Ok(token),
                Frame::Message(ClientMessage::Act { seq, .. }) => (Some(seq), not_hello()),
                Frame::Refused(refused) => (None, refused),
                Frame::Skip => continue,
                Frame::Closed => {
                    self.close_reply().await;
                    return Err("closed by the client");
                }
            };
            if !self.refuse(seq, &refused).await {
                return Err("closed by the server");
            }
        }
    }

    fn log_refusal(&self, refused: &Refused) {
        log::line(format_args!(
            "connection {}: refused {}",
            self.conn,
            refused.code.name()
        ));
    }

    /// Answers a refused message; after too many, says `abuse` and closes. Whether the connection
    /// stays open.
    async fn refuse(&mut self, seq: Option<u32>, refused: &Refused) -> bool {
        self.log_refusal(refused);
        self.refusals += 1;
        if !self.send_error(seq, refused).await {
            return false;
        }
        if self.refusals < MAX_REFUSALS {
            return true;
        }
        let abuse = Refused::new(
            Refusal::Abuse,
            format!("{MAX_REFUSALS} messages were refused on this connection: it is closed"),
        );
        self.log_refusal(&abuse);
        let _ = self.send_error(None, &abuse).await;
        self.close("abuse").await;
        false
    }

    async fn send_error(&mut self, seq: Option<u32>, refused: &Refused) -> bool {
        self.send(&ServerMessage::Error {
            seq,
            code: refused.code,
            message: refused.message.clone(),
        })
        .await
    }

    /// Sends `message`; whether the connection still works.
    async fn send(&mut self, message: &ServerMessage) -> bool {
        self.socket
            .send(Message::Text(encode(message)))
            .await
            .is_ok()
    }

    /// Completes a close the client began (the WebSocket layer has the reply queued).
    async fn close_reply(&mut self) {
        // The other end may be gone already.
        let _ = self.socket.send(Message::Close(None)).await;
    }

    async fn close(&mut self, reason: &'static str) {
        let frame = CloseFrame {
            code: close_code::POLICY,
            reason: reason.into(),
        };
        // The other end may be gone already.
        let _ = self.socket.send(Message::Close(Some(frame))).await;
    }
}
