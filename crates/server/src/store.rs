//! Where games are kept: the [`Store`] trait, which the server's game tasks call without blocking,
//! and the records it stores. Two implementations: [`crate::sqlite::SqliteStore`] (the default:
//! one server, one file) and, with the cargo feature `postgres`, `PostgresStore` (several servers
//! sharing one database).
//!
//! A store holds each game's settings, the hashes of its seat tokens and its public record. A call
//! that changes a game is atomic (SQLite: a savepoint within a transaction that other games' calls
//! may share): it returns only once the change is durable, and a failed call changes nothing, so
//! the server acknowledges and relays an event only after it is stored.
//!
//! **Several servers.** The record's keys make the store the referee of who was first: an entry
//! is keyed by its game and number, an action also by its game, seat and sequence number, a seat
//! by its game and side. A server whose copy of a game is behind (another server stored entries
//! it has not read yet) fails to add an entry under a number already taken, gets
//! [`StoreError::Conflict`], reads what it missed ([`Store::since`]) and tries again. A store
//! shared by several servers also says when a game changed ([`Store::notices`]), so that each
//! server tells its own connections at once; a notice only wakes a server, the entries it reads
//! come from the store.

use boomchess_online::message::Presence;
use boomchess_online::{Event, GameId, GameInfo, GameResult, SeatToken, Side, What};
use sha2::{Digest, Sha256};
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use tokio::sync::broadcast;

/// What a store call returns: a future that owns everything it needs.
pub type StoreFuture<T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'static>>;

/// A store call that failed. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The change adds an entry under a number, a sequence number or a seat that is taken
    /// already: another server stored something first. Catch up and try again.
    Conflict(String),
    /// The store is unreachable, a disk error, a stored row that does not read back.
    Failed(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Conflict(what) => write!(f, "store: taken already: {what}"),
            StoreError::Failed(what) => write!(f, "store: {what}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// What a store shared by several servers tells each of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Game `game`'s record now has `entries` entries (or more).
    Changed {
        /// The game.
        game: GameId,
        /// The length of its record after the change.
        entries: u32,
    },
    /// Notices may have been missed (the store's connection was lost, or this server fell
    /// behind): every loaded game should catch up.
    Missed,
    /// Server `server`'s connections to game `game` are now `presence` (`version` orders one
    /// server's notices of a game, which may arrive out of order).
    Presence {
        /// The server that tells it.
        server: u64,
        /// The game.
        game: GameId,
        /// Its count of this server's notices: a later one has a larger number.
        version: u64,
        /// Who is connected to the game through that server.
        presence: Presence,
    },
    /// Server `server` is running (sent every few seconds; a server not heard from for a while
    /// has stopped, and its connections with it).
    Alive {
        /// The server.
        server: u64,
    },
    /// Server `server` may have missed presences (it lost its store connection, or forgot a
    /// server for silence that is back): every server tells it its games' presences again.
    Ask {
        /// The server.
        server: u64,
    },
}

/// The SHA-256 of a seat token: all a store keeps of it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct TokenHash(pub [u8; 32]);

impl TokenHash {
    /// The hash of `token`'s 16 bytes.
    pub fn of(token: &SeatToken) -> TokenHash {
        TokenHash(Sha256::digest(token.0).into())
    }
}

/// Hashes are not secrets, but they need not show up in logs either.
impl fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TokenHash(…)")
    }
}

/// One stored entry of a game's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The entry.
    pub event: Event,
    /// For a player's action, the seat's sequence number of it.
    pub seq: Option<u32>,
}

impl Entry {
    /// The side the entry concerns (every kind of entry names one).
    pub fn side(&self) -> Side {
        match &self.event.what {
            What::Seated { side }
            | What::Acted { side, .. }
            | What::FlagFell { side }
            | What::DeadlineMissed { side } => *side,
        }
    }
}

/// A change to one game, stored all at once or not at all.
#[derive(Clone, Debug, Default)]
pub struct Change {
    /// New entries of the record, in order, continuing it.
    pub entries: Vec<Entry>,
    /// A seat taken with this change, and its token's hash.
    pub seat: Option<(Side, TokenHash)>,
    /// The result, when this change ends the game.
    pub result: Option<GameResult>,
}

/// A game as the store has it.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// Its settings.
    pub info: GameInfo,
    /// The seats taken, with their tokens' hashes.
    pub seats: Vec<(Side, TokenHash)>,
    /// The record, in order.
    pub entries: Vec<Entry>,
}

/// What a game's record gained since a given entry, as [`Store::since`] reads it.
#[derive(Clone, Debug, Default)]
pub struct Gained {
    /// The record's entries from the one asked for on, in order.
    pub entries: Vec<Entry>,
    /// Every seat taken, with its token's hash, read after the entries (so no entry names a seat
    /// missing here).
    pub seats: Vec<(Side, TokenHash)>,
}

/// The side a store wrote as [`Side::name`].
pub(crate) fn side_named(name: &str) -> Result<Side, StoreError> {
    Side::BOTH
        .into_iter()
        .find(|side| side.name() == name)
        .ok_or_else(|| StoreError::Failed(format!("a stored side is {name:?}")))
}

/// A stored token hash, which must be 32 bytes.
pub(crate) fn token_hash(bytes: Vec<u8>) -> Result<TokenHash, StoreError> {
    let hash: [u8; 32] = bytes
        .try_into()
        .map_err(|_| StoreError::Failed("a stored token hash is not 32 bytes".into()))?;
    Ok(TokenHash(hash))
}

impl From<serde_json::Error> for StoreError {
    fn from(err: serde_json::Error) -> StoreError {
        StoreError::Failed(format!("a stored value does not read back: {err}"))
    }
}

/// Where games are kept. Every method returns at once with a future; the work (blocking I/O for
/// SQLite) happens elsewhere, so game tasks never block the runtime.
pub trait Store: Send + Sync + 'static {
    /// Stores a new game with its first change (the creator's seat and entry).
    fn create(&self, info: GameInfo, change: Change) -> StoreFuture<()>;

    /// The game `id`, or none if there is no such game.
    fn load(&self, id: GameId) -> StoreFuture<Option<StoredGame>>;

    /// The entries of game `id`'s record from number `from` on, and its seats.
    fn since(&self, id: GameId, from: u32) -> StoreFuture<Gained>;

    /// Applies `change` to the game `id`.
    fn append(&self, id: GameId, change: Change) -> StoreFuture<()>;

    /// For a store that other servers share, what they change and tell; none for a store of
    /// this server alone.
    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        None
    }

    /// Tells the other servers sharing the store `notice` (a presence, that this server is
    /// alive, or that it asks for presences; changes are told by the store itself). A store of one server has nobody to tell.
    fn publish(&self, notice: Notice) -> StoreFuture<()> {
        let _ = notice;
        Box::pin(async { Ok(()) })
    }
}
