//! The messages of online play, as JSON (`serde`): the HTTP requests that create and join a game,
//! and what travels over a game's WebSocket. `docs/online-protocol.md` describes them with
//! examples; the names here are the wire names.
//!
//! Every field a player sends is public by the rules at the moment it is sent: a carrier's
//! opening travels only in a boom, a Dead Man's Switch answer or the final reveal.

use crate::commitment::Commitment;
use crate::ids::{GameId, Salt, SeatToken};
use boomchess_rules::Color;
use serde::{Deserialize, Serialize};

/// The largest message a client may send, in bytes (a final reveal of 15 openings is ~1.3 KB).
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;

/// A side, as the wire names it (`"white"`, `"black"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The rules' colour.
    pub fn color(self) -> Color {
        match self {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The wire name.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// Which side the player who creates a game takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Decided by the server at random.
    Random,
}

/// A time control: minutes for the game and an increment added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TimeControl {
    /// Each side's time for the game, in seconds (1 to 10,800).
    pub initial: u32,
    /// Seconds added to a side's clock after each of its moves (0 to 180).
    pub increment: u32,
}

/// `POST /api/games`: the game its creator asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewGame {
    /// `beirut`, `stratomic` or `flying-bombers` (`docs/rules.md` §5b).
    pub variant: String,
    /// Option words of that variant (`carriers=2`, `dead-mans-switch`, ...).
    #[serde(default)]
    pub options: Vec<String>,
    /// The creator's side.
    pub side: SideChoice,
    /// The time control, or none for a game without clocks.
    #[serde(default)]
    pub clock: Option<TimeControl>,
}

/// A game as everybody may know it before a move is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameInfo {
    /// The game's id.
    pub id: GameId,
    /// The variant's name.
    pub variant: String,
    /// The option words in force, in the rules' own order.
    pub options: Vec<String>,
    /// The time control, if the game has clocks.
    pub clock: Option<TimeControl>,
    /// Seconds a player has for a statement it owes (without clocks), for the final reveal, and
    /// for its first move or commitments before the game is aborted.
    pub grace: u32,
    /// When the game was created (milliseconds since the Unix epoch, the server's clock).
    pub created: u64,
}

/// The answer to `POST /api/games` and `POST /api/games/{id}/join`: the seat taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Seat {
    /// The game.
    pub game: GameId,
    /// The side of this seat.
    pub side: Side,
    /// The seat's secret: keep it, send it in [`ClientMessage::Hello`].
    pub token: SeatToken,
}

/// One man's opening, as it travels (on the 8×8 Beirut board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WireOpening {
    /// The man's starting square (`a1`..`h8`).
    pub square: SquareName,
    /// Whether it carries a bomb.
    pub carrier: bool,
    /// The commitment's salt.
    pub salt: Salt,
}

impl From<crate::commitment::Opening> for WireOpening {
    fn from(opening: crate::commitment::Opening) -> WireOpening {
        WireOpening {
            square: SquareName(opening.origin),
            carrier: opening.carrier,
            salt: opening.salt,
        }
    }
}

impl From<WireOpening> for crate::commitment::Opening {
    fn from(opening: WireOpening) -> crate::commitment::Opening {
        crate::commitment::Opening {
            origin: opening.square.0,
            carrier: opening.carrier,
            salt: opening.salt,
        }
    }
}

/// A square's name on the 8×8 board (`e4`), as it travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareName(pub boomchess_rules::Square);

impl SquareName {
    /// Reads `a1`..`h8`.
    pub fn parse(text: &str) -> Option<SquareName> {
        let bytes = text.as_bytes();
        if bytes.len() != 2
            || !(b'a'..=b'h').contains(&bytes[0])
            || !(b'1'..=b'8').contains(&bytes[1])
        {
            return None;
        }
        Some(SquareName(boomchess_rules::Square::from_index(
            (bytes[1] - b'1') * 8 + (bytes[0] - b'a'),
        )))
    }

    /// The name, `a1`..`h8`.
    pub fn name(self) -> String {
        let index = self.0.index();
        format!("{}{}", (b'a' + index % 8) as char, index / 8 + 1)
    }
}

impl Serialize for SquareName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for SquareName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        SquareName::parse(&text)
            .ok_or_else(|| serde::de::Error::custom("a square of the 8×8 board, a1 to h8"))
    }
}

/// One man's commitment, labelled by the square the man started on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Labelled {
    /// The man's starting square.
    pub square: SquareName,
    /// Its commitment.
    pub commitment: Commitment,
}

/// What a player does in a game. Each is sent in a [`ClientMessage::Act`] with its sequence
/// number and stored as an [`Event`] once accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum Action {
    /// Beirut, before play: a commitment to every man but the king, labelled by its starting
    /// square, in the order of the squares (a1, b1, …, h8), so their order says nothing.
    Commit {
        /// One commitment for each of the side's men but the king.
        commitments: Vec<Labelled>,
    },
    /// An ordinary move, in coordinate notation (`e2e4`, `e7e8q`; `docs/rules.md` §5.1).
    Move {
        /// The move.
        uci: String,
    },
    /// Beirut: the man on `square` goes "Boom!"; the salt opens its commitment with carrier 1.
    Boom {
        /// Where the exploding man stands now.
        square: SquareName,
        /// The salt of its commitment.
        salt: Salt,
    },
    /// Beirut with Dead Man's Switch: the owner's answer for the man just captured, opening its
    /// commitment.
    Switch {
        /// Whether it carried a bomb (then the blast goes off).
        carrier: bool,
        /// The salt of its commitment.
        salt: Salt,
    },
    /// Beirut: the side to move, which has no ordinary move, states it has no legal boom either
    /// (so it is checkmated, or stalemated). Checked at the end.
    NoBoom,
    /// Offers a draw (or accepts the opponent's standing offer).
    OfferDraw,
    /// Accepts the opponent's draw offer.
    AcceptDraw,
    /// Declines the opponent's draw offer.
    DeclineDraw,
    /// Resigns the game.
    Resign,
    /// Calls the game off before both sides have moved; it counts for nobody.
    Abort,
    /// Beirut, after the game: every opening of this side.
    Reveal {
        /// One opening for each committed man.
        openings: Vec<WireOpening>,
    },
}

impl Action {
    /// Whether this action is a move on the board: an ordinary move or a boom.
    pub fn is_move(&self) -> bool {
        matches!(self, Action::Move { .. } | Action::Boom { .. })
    }

    /// The action's wire name (for error messages and logs).
    pub fn name(&self) -> &'static str {
        match self {
            Action::Commit { .. } => "commit",
            Action::Move { .. } => "move",
            Action::Boom { .. } => "boom",
            Action::Switch { .. } => "switch",
            Action::NoBoom => "noBoom",
            Action::OfferDraw => "offerDraw",
            Action::AcceptDraw => "acceptDraw",
            Action::DeclineDraw => "declineDraw",
            Action::Resign => "resign",
            Action::Abort => "abort",
            Action::Reveal { .. } => "reveal",
        }
    }
}

/// One entry of a game's public record, in order. The record is the game: the server stores it,
/// and both players and every spectator replay it through the same referee.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Event {
    /// Its place in the record, from 0.
    pub n: u32,
    /// When the server accepted it (milliseconds since the Unix epoch, the server's clock).
    pub at: u64,
    /// What happened.
    pub what: What,
}

/// What an [`Event`] records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum What {
    /// A player took its seat.
    Seated {
        /// Its side.
        side: Side,
    },
    /// A player's action, as accepted.
    Acted {
        /// Who acted.
        side: Side,
        /// What it did.
        action: Action,
    },
    /// `side`'s clock ran out (judged by the server at the moment it did).
    FlagFell {
        /// Whose flag.
        side: Side,
    },
    /// `side` let a deadline pass: its commitments or first move (the game is aborted), a
    /// statement it owed or its final reveal (it loses).
    DeadlineMissed {
        /// Who missed it.
        side: Side,
    },
}

/// A client's message on a game's WebSocket (`/api/games/{id}/socket`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: who this is. With a seat's token, the player of that seat; without,
    /// a spectator.
    Hello {
        /// The seat's token, if the client holds one.
        #[serde(default)]
        token: Option<SeatToken>,
    },
    /// A player's action, numbered: `seq` starts at 1 and goes up by one with each action of
    /// that seat, so a message sent twice (after a reconnect) is recognised and acknowledged
    /// again without being applied twice.
    Act {
        /// The seat's sequence number of this action.
        seq: u32,
        /// The action.
        action: Action,
    },
}

/// Who is connected, by seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Presence {
    /// White's seat has a connection.
    pub white: bool,
    /// Black's seat has a connection.
    pub black: bool,
    /// Spectators connected.
    pub spectators: u32,
}

/// The server's message on a game's WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum ServerMessage {
    /// The answer to [`ClientMessage::Hello`]: the game and its whole record.
    Welcome {
        /// The game.
        game: GameInfo,
        /// The seat of this connection, or none for a spectator.
        seat: Option<Side>,
        /// The sequence number this seat's last stored action had (0 before any): resend what
        /// was sent after it.
        last_seq: u32,
        /// The public record so far.
        events: Vec<Event>,
        /// The server's clock now (milliseconds since the Unix epoch), to show clocks by.
        now: u64,
        /// Who is connected.
        presence: Presence,
    },
    /// A new entry of the record (sent to every connection of the game, the actor's included).
    Event {
        /// The entry.
        event: Event,
        /// The server's clock when it was sent.
        now: u64,
    },
    /// The action with this sequence number is stored durably (sent to the actor only).
    Ack {
        /// The sequence number.
        seq: u32,
    },
    /// A message was refused; the game is unchanged.
    Error {
        /// The sequence number of the refused action, if it had one.
        seq: Option<u32>,
        /// What was wrong.
        code: Refusal,
        /// The same in words, naming what was wrong.
        message: String,
    },
    /// Who is connected changed.
    Presence {
        /// Who is connected.
        presence: Presence,
    },
}

/// Why a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refusal {
    /// Not a message of this protocol (bad JSON, unknown type or field, a value out of range).
    BadMessage,
    /// Larger than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// No such game.
    UnknownGame,
    /// The token holds no seat of this game.
    BadToken,
    /// A spectator cannot act.
    Spectator,
    /// The first message must be a hello, and only the first.
    NotHello,
    /// The sequence number is not the next one of this seat.
    OutOfOrder,
    /// The sequence number was used for a different action.
    SequenceReused,
    /// Not this side's turn, or not this action's moment.
    NotNow,
    /// The move is not legal here.
    IllegalMove,
    /// An opening does not open its commitment, or a set of commitments or openings is wrong.
    BadOpening,
    /// The game is over.
    GameOver,
    /// The game is not ready (its second seat is empty).
    NotStarted,
    /// Both seats are taken.
    SeatsTaken,
    /// The request's settings are not a game (unknown variant, bad option, bad time control).
    BadSettings,
    /// Too many messages refused on this connection: it is closed.
    Abuse,
    /// The server could not store the action; nothing was changed; send it again.
    Unavailable,
}

impl Refusal {
    /// The wire name (`bad-message`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Refusal::BadMessage => "bad-message",
            Refusal::TooLarge => "too-large",
            Refusal::UnknownGame => "unknown-game",
            Refusal::BadToken => "bad-token",
            Refusal::Spectator => "spectator",
            Refusal::NotHello => "not-hello",
            Refusal::OutOfOrder => "out-of-order",
            Refusal::SequenceReused => "sequence-reused",
            Refusal::NotNow => "not-now",
            Refusal::IllegalMove => "illegal-move",
            Refusal::BadOpening => "bad-opening",
            Refusal::GameOver => "game-over",
            Refusal::NotStarted => "not-started",
            Refusal::SeatsTaken => "seats-taken",
            Refusal::BadSettings => "bad-settings",
            Refusal::Abuse => "abuse",
            Refusal::Unavailable => "unavailable",
        }
    }
}

/// A refusal with its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// What kind.
    pub code: Refusal,
    /// A sentence naming what was wrong.
    pub message: String,
}

impl Refused {
    /// A refusal of kind `code`.
    pub fn new(code: Refusal, message: impl Into<String>) -> Refused {
        Refused {
            code,
            message: message.into(),
        }
    }
}

impl core::fmt::Display for Refused {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.code.name(), self.message)
    }
}

impl std::error::Error for Refused {}
