//! Where games are kept: the [`Store`] trait, which the server's game tasks call without blocking,
//! and the records it stores. [`crate::sqlite::SqliteStore`] is the implementation in use.
//!
//! A store holds each game's settings, the hashes of its seat tokens and its public record. A call
//! that changes a game is atomic (SQLite: a savepoint within a transaction that other games' calls
//! may share): it returns only once the change is durable, and a failed call changes nothing, so
//! the server acknowledges and relays an event only after it is stored.

use boomchess_online::{Event, GameId, GameInfo, GameResult, SeatToken, Side, What};
use sha2::{Digest, Sha256};
use std::fmt;
use std::future::Future;
use std::pin::Pin;

/// What a store call returns: a future that owns everything it needs.
pub type StoreFuture<T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'static>>;

/// A store call that failed (the store is unreachable, a disk error, a stored row that does not
/// read back). Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "store: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

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

/// Where games are kept. Every method returns at once with a future; the work (blocking I/O for
/// SQLite) happens elsewhere, so game tasks never block the runtime.
pub trait Store: Send + Sync + 'static {
    /// Stores a new game with its first change (the creator's seat and entry).
    fn create(&self, info: GameInfo, change: Change) -> StoreFuture<()>;

    /// The game `id`, or none if there is no such game.
    fn load(&self, id: GameId) -> StoreFuture<Option<StoredGame>>;

    /// Applies `change` to the game `id`.
    fn append(&self, id: GameId, change: Change) -> StoreFuture<()>;
}
