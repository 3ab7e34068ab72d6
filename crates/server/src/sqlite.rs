//! [`SqliteStore`]: the [`Store`] in one SQLite file, in WAL mode with `synchronous=FULL`, so a
//! transaction that has committed survives a crash of the process or the machine.
//!
//! One connection on a thread of its own runs every call in turn: calls queue up over a channel
//! and their results come back through a one-shot channel, so the async side never blocks.
//!
//! **Group commit.** The calls that queued up while the last transaction was committing go into
//! one transaction together (at most [`BATCH`]), each under a savepoint of its own, so a call
//! that fails is undone alone; the transaction commits once, with one `fsync`, and only then does
//! any of its calls get its answer. A call is still answered only once its change is durable, but
//! the disk's flush is paid once per batch instead of once per move: at a few milliseconds a
//! flush, one transaction per call capped the server at a few hundred moves a second.
//!
//! **Checkpoints off the commit path.** SQLite's automatic checkpoint (copying the WAL back into
//! the database file, with an `fsync` of its own) runs inside whichever commit crosses its
//! threshold of 1000 pages: under load several times a second, which kept the store's thread
//! busy most of the time and stalled every call queued behind it. The store's connection does
//! not checkpoint by itself; a second connection on a thread of its own copies the WAL back
//! every [`CHECKPOINT_EVERY`] (`PASSIVE`: it never blocks the writer). The WAL starts over only
//! when a write begins with all of it copied, which a writer that never pauses would not see,
//! so every [`WAL_RESTART_EVERY`] the store's thread, between two transactions, checkpoints what
//! little is left itself. Durability does not depend on checkpoints: a commit is durable once it
//! is in the WAL.
//!
//! The schema is in `migrations/` (applied in order, counted by `PRAGMA user_version`).

use crate::store::{
    side_named, token_hash, Change, Entry, Gained, Store, StoreError, StoreFuture, StoredGame,
};
use boomchess_online::{Event, GameId, GameInfo, What};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// The migrations, in order; the database's `user_version` counts those applied.
const MIGRATIONS: &[&str] = &[include_str!("../migrations/0001_games.sql")];

/// The most calls one transaction takes.
pub const BATCH: usize = 1024;

/// How often the WAL is copied back into the database file.
pub const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// The bytes of WAL file kept when it starts over.
const WAL_KEPT: i64 = 64 << 20;

/// How often the store's thread completes a checkpoint so that the WAL starts over.
pub const WAL_RESTART_EVERY: Duration = Duration::from_secs(2);

/// A call's work: run inside the batch's transaction (under its own savepoint), it keeps its
/// result until the batch's commit is known.
type Job = Box<dyn FnOnce(&Connection) -> Settle + Send>;

/// Gives a call its answer, once it is known whether its transaction committed.
type Settle = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// The SQLite store.
pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
    /// Dropped with the store, which stops the checkpoints.
    _checkpoints: mpsc::Sender<()>,
}

impl From<rusqlite::Error> for StoreError {
    fn from(err: rusqlite::Error) -> StoreError {
        match err.sqlite_error_code() {
            Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::Conflict(err.to_string()),
            _ => StoreError::Failed(err.to_string()),
        }
    }
}

impl SqliteStore {
    /// Opens (or creates, with its directory) the database at `path` and brings its schema up to
    /// date.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|err| {
                StoreError::Failed(format!("cannot create {}: {err}", dir.display()))
            })?;
        }
        let mut conn = Connection::open(path)?;
        let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Failed(format!(
                "{} cannot use WAL mode (journal mode {mode})",
                path.display()
            )));
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut conn)?;
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        // A WAL that grew in a burst is cut back when it starts over.
        conn.pragma_update(None, "journal_size_limit", WAL_KEPT)?;
        let checkpointer = Connection::open(path)?;
        checkpointer.pragma_update(None, "synchronous", "FULL")?;
        let (checkpoints, stop) = mpsc::channel::<()>();
        std::thread::Builder::new()
            .name("boomchess-checkpoint".into())
            .spawn(move || {
                // Until the store is dropped; a checkpoint that fails is tried again next time.
                while let Err(mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(CHECKPOINT_EVERY)
                {
                    let _ = checkpoint_complete(&checkpointer);
                }
            })
            .map_err(|err| {
                StoreError::Failed(format!("cannot start the checkpoint thread: {err}"))
            })?;
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("boomchess-store".into())
            .spawn(move || serve(&conn, &queue))
            .map_err(|err| StoreError::Failed(format!("cannot start the store's thread: {err}")))?;
        Ok(SqliteStore {
            jobs,
            _checkpoints: checkpoints,
        })
    }

    /// Runs `work` on the store's thread, all of it or none of it; answers once it is durable.
    fn run<T, F>(&self, work: F) -> StoreFuture<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let sent = self.jobs.send(Box::new(move |conn: &Connection| -> Settle {
            let result = in_savepoint(conn, work);
            Box::new(move |committed: Result<(), StoreError>| {
                // The caller may have gone; the work is done (or undone) all the same.
                let _ = reply.send(committed.and(result));
            })
        }));
        Box::pin(async move {
            sent.map_err(|_| StoreError::Failed("the store's thread has stopped".into()))?;
            answer
                .await
                .map_err(|_| StoreError::Failed("the store's thread has stopped".into()))?
        })
    }
}

/// The store's thread: runs the calls in order, as many as are waiting in one transaction.
fn serve(conn: &Connection, queue: &mpsc::Receiver<Job>) {
    let mut restarted = Instant::now();
    while let Ok(first) = queue.recv() {
        let mut jobs = vec![first];
        while jobs.len() < BATCH {
            match queue.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        batch(conn, jobs);
        if restarted.elapsed() >= WAL_RESTART_EVERY && checkpoint_complete(conn) {
            restarted = Instant::now();
        }
    }
}

/// Copies what is left of the WAL into the database; whether all of it is (then the next write
/// starts the WAL over). Busy (the other connection checkpointing) counts as not complete.
fn checkpoint_complete(conn: &Connection) -> bool {
    let counts = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, i64>(1)?,
            row.get::<_, i64>(2)?,
        ))
    });
    matches!(counts, Ok((0, log, copied)) if log == copied)
}

/// Runs `jobs` in one transaction and answers each once it has committed (or failed).
fn batch(conn: &Connection, jobs: Vec<Job>) {
    let begin = || conn.execute_batch("BEGIN IMMEDIATE").is_ok();
    let mut open = begin();
    let mut done: Vec<Settle> = Vec::with_capacity(jobs.len());
    for job in jobs {
        if !open {
            open = begin();
        }
        let settle = job(conn);
        if !open {
            // No transaction could begin: the call's savepoint was its own transaction, and its
            // result says whether it was stored.
            settle(Ok(()));
        } else if conn.is_autocommit() {
            // SQLite rolled the whole transaction back (a full disk, an I/O error): none of the
            // calls so far was stored.
            let undone = || Err(StoreError::Failed("the transaction was rolled back".into()));
            for settle in done.drain(..) {
                settle(undone());
            }
            settle(undone());
            open = false;
        } else {
            done.push(settle);
        }
    }
    if !open {
        return;
    }
    let committed = conn.execute_batch("COMMIT").map_err(StoreError::from);
    if committed.is_err() {
        // Whatever was left of the transaction is undone; nothing of it is stored.
        let _ = conn.execute_batch("ROLLBACK");
    }
    for settle in done {
        settle(committed.clone());
    }
}

/// Runs `work` under a savepoint: undone alone if it fails.
fn in_savepoint<T>(
    conn: &Connection,
    work: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    conn.execute_batch("SAVEPOINT call")?;
    let result = work(conn).and_then(|value| {
        conn.execute_batch("RELEASE call")?;
        Ok(value)
    });
    if result.is_err() {
        // Undoes the call's statements; the savepoint may already be gone with its transaction.
        let _ = conn.execute_batch("ROLLBACK TO call; RELEASE call");
    }
    result
}

/// Applies the migrations the database has not had yet, each in a transaction.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let version: usize = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if version > MIGRATIONS.len() {
        return Err(StoreError::Failed(format!(
            "the database has schema version {version}; this server knows {} (a newer server made it)",
            MIGRATIONS.len()
        )));
    }
    for (done, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", done + 1)?;
        tx.commit()?;
    }
    Ok(())
}

fn to_sql_int(value: u64) -> Result<i64, StoreError> {
    i64::try_from(value).map_err(|_| StoreError::Failed(format!("{value} is too large to store")))
}

fn from_sql_int<T: TryFrom<i64>>(value: i64) -> Result<T, StoreError> {
    T::try_from(value).map_err(|_| StoreError::Failed(format!("a stored number is {value}")))
}

/// Writes `change` to the game `id` (inside the call's savepoint).
fn write(tx: &Connection, id: &GameId, change: &Change) -> Result<(), StoreError> {
    if let Some((side, hash)) = &change.seat {
        tx.execute(
            "INSERT INTO seats (game, side, token_hash) VALUES (?1, ?2, ?3)",
            params![&id.0[..], side.name(), &hash.0[..]],
        )?;
    }
    let mut insert = tx.prepare_cached(
        "INSERT INTO events (game, n, at, side, seq, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for entry in &change.entries {
        insert.execute(params![
            &id.0[..],
            entry.event.n,
            to_sql_int(entry.event.at)?,
            entry.side().name(),
            entry.seq,
            serde_json::to_string(&entry.event.what)?,
        ])?;
    }
    if let Some(result) = &change.result {
        tx.execute(
            "UPDATE games SET result = ?2 WHERE id = ?1",
            params![&id.0[..], serde_json::to_string(result)?],
        )?;
    }
    Ok(())
}

fn read(conn: &Connection, id: &GameId, from: u32) -> Result<Option<StoredGame>, StoreError> {
    let info: Option<String> = conn
        .query_row(
            "SELECT info FROM games WHERE id = ?1",
            params![&id.0[..]],
            |row| row.get(0),
        )
        .optional()?;
    let Some(info) = info else {
        return Ok(None);
    };
    let info: GameInfo = serde_json::from_str(&info)?;
    let mut seats = Vec::new();
    let mut query = conn.prepare_cached("SELECT side, token_hash FROM seats WHERE game = ?1")?;
    let mut rows = query.query(params![&id.0[..]])?;
    while let Some(row) = rows.next()? {
        let side: String = row.get(0)?;
        seats.push((side_named(&side)?, token_hash(row.get(1)?)?));
    }
    let mut entries = Vec::new();
    let mut query = conn.prepare_cached(
        "SELECT n, at, seq, body FROM events WHERE game = ?1 AND n >= ?2 ORDER BY n",
    )?;
    let mut rows = query.query(params![&id.0[..], from])?;
    while let Some(row) = rows.next()? {
        let body: String = row.get(3)?;
        let what: What = serde_json::from_str(&body)?;
        let seq: Option<i64> = row.get(2)?;
        entries.push(Entry {
            event: Event {
                n: from_sql_int(row.get(0)?)?,
                at: from_sql_int(row.get(1)?)?,
                what,
            },
            seq: seq.map(from_sql_int).transpose()?,
        });
    }
    Ok(Some(StoredGame {
        info,
        seats,
        entries,
    }))
}

impl Store for SqliteStore {
    fn create(&self, info: GameInfo, change: Change) -> StoreFuture<()> {
        self.run(move |conn| {
            conn.execute(
                "INSERT INTO games (id, info, created) VALUES (?1, ?2, ?3)",
                params![
                    &info.id.0[..],
                    serde_json::to_string(&info)?,
                    to_sql_int(info.created)?
                ],
            )?;
            write(conn, &info.id, &change)
        })
    }

    fn load(&self, id: GameId) -> StoreFuture<Option<StoredGame>> {
        self.run(move |conn| read(conn, &id, 0))
    }

    fn since(&self, id: GameId, from: u32) -> StoreFuture<Gained> {
        self.run(move |conn| {
            let game = read(conn, &id, from)?;
            Ok(game.map_or_else(Gained::default, |game| Gained {
                entries: game.entries,
                seats: game.seats,
            }))
        })
    }

    fn append(&self, id: GameId, change: Change) -> StoreFuture<()> {
        self.run(move |conn| write(conn, &id, &change))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::TokenHash;
    use boomchess_online::{Action, GameResult, SeatToken, Side};

    fn info() -> GameInfo {
        GameInfo {
            id: GameId([9; 16]),
            variant: "stratomic".into(),
            options: vec![],
            clock: None,
            grace: 120,
            created: 1_000,
        }
    }

    fn entry(n: u32, what: What, seq: Option<u32>) -> Entry {
        Entry {
            event: Event {
                n,
                at: 1_000 + u64::from(n),
                what,
            },
            seq,
        }
    }

    #[tokio::test]
    async fn a_game_reads_back_as_stored_and_a_stored_sequence_number_cannot_repeat() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = SqliteStore::open(&dir.path().join("sub/db.sqlite3")).expect("opens");
        let hash = TokenHash::of(&SeatToken([5; 16]));
        let seated = entry(0, What::Seated { side: Side::White }, None);
        let change = Change {
            entries: vec![seated.clone()],
            seat: Some((Side::White, hash)),
            result: None,
        };
        store.create(info(), change).await.expect("created");
        let acted = entry(
            1,
            What::Acted {
                side: Side::White,
                action: Action::Resign,
            },
            Some(1),
        );
        let change = Change {
            entries: vec![acted.clone()],
            seat: None,
            result: Some(GameResult::win(
                Side::Black,
                boomchess_rules::Reason::Resignation,
            )),
        };
        store.append(info().id, change).await.expect("appended");
        let again = Change {
            entries: vec![Entry {
                event: Event {
                    n: 2,
                    ..acted.event.clone()
                },
                seq: Some(1),
            }],
            ..Change::default()
        };
        assert!(matches!(
            store.append(info().id, again).await,
            Err(StoreError::Conflict(_))
        ));
        let game = store.load(info().id).await.expect("loads").expect("exists");
        assert_eq!(game.info, info());
        assert_eq!(game.entries, vec![seated, acted.clone()]);
        let since = store.since(info().id, 1).await.expect("reads");
        assert_eq!((since.entries, since.seats.len()), (vec![acted], 1));
        assert_eq!(game.seats.len(), 1);
        assert!(game.seats[0].1 == hash);
        assert!(store.load(GameId([1; 16])).await.expect("loads").is_none());
        drop(store);
        // Opening it again runs no migration twice.
        let store = SqliteStore::open(&dir.path().join("sub/db.sqlite3")).expect("reopens");
        assert!(store.load(info().id).await.expect("loads").is_some());
    }

    #[tokio::test]
    async fn calls_queued_together_share_a_transaction_and_a_failing_one_is_undone_alone() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = SqliteStore::open(&dir.path().join("db.sqlite3")).expect("opens");
        let games: Vec<GameInfo> = (0..40u8)
            .map(|i| GameInfo {
                id: GameId([i; 16]),
                ..info()
            })
            .collect();
        let seated = |side| Change {
            entries: vec![entry(0, What::Seated { side }, None)],
            ..Change::default()
        };
        // Every call is queued before any is awaited, so they reach the store's thread together.
        let created: Vec<_> = games
            .iter()
            .map(|game| store.create(game.clone(), seated(Side::White)))
            .collect();
        for call in created {
            call.await.expect("created");
        }
        let moved = |n| Change {
            entries: vec![entry(
                n,
                What::Acted {
                    side: Side::White,
                    action: Action::Resign,
                },
                Some(1),
            )],
            ..Change::default()
        };
        let calls: Vec<_> = games
            .iter()
            .enumerate()
            // Game 7's entry 0 exists already: that call alone fails.
            .map(|(i, game)| store.append(game.id, moved(if i == 7 { 0 } else { 1 })))
            .collect();
        for (i, call) in calls.into_iter().enumerate() {
            assert_eq!(call.await.is_ok(), i != 7, "call {i}");
        }
        for (i, game) in games.iter().enumerate() {
            let stored = store.load(game.id).await.expect("loads").expect("exists");
            assert_eq!(stored.entries.len(), if i == 7 { 1 } else { 2 }, "game {i}");
        }
    }
}
