//! Online play of the boomchess games, the part the server and the page share:
//!
//! - [`message`]: the messages, as JSON: creating and joining a game over HTTP, and what a
//!   game's WebSocket carries;
//! - [`ids`]: game ids, seat tokens and salts (128 random bits each);
//! - [`commitment`]: Beirut carrier commitments (SHA-256 over a fixed byte layout);
//! - [`client`]: a client's session with a game (numbering, resending, checking), without the
//!   socket;
//! - [`beirut`]: Beirut refereed in public: the rules' public game with the players'
//!   commitments, and the verdict of the final replay;
//! - [`table`]: [`OnlineGame`], a game as its public record makes it, refereed alike by the
//!   server, each player and each spectator; [`referee`], the rules behind it;
//! - [`result`]: how an online game ended.
//!
//! The protocol, who knows what when, and the attacks it stops are described in
//! `docs/online-protocol.md`.
#![deny(missing_docs)]

pub mod beirut;
pub mod client;
pub mod commitment;
pub mod ids;
pub mod message;
pub mod referee;
pub mod result;
pub mod table;

pub use commitment::{openings_of, Commitment, Opening};
pub use ids::{GameId, Salt, SeatToken};
pub use message::{
    Action, ClientMessage, Event, GameInfo, Refusal, Refused, ServerMessage, Side, What,
};
pub use result::GameResult;
pub use table::{Due, Millis, OnlineGame, Stage};
