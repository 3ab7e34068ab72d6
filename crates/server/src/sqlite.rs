//! [`SqliteStore`]: the [`Store`] in one SQLite file, in WAL mode with `synchronous=FULL`, so a
//! transaction that has returned survives a crash of the process or the machine.
//!
//! One connection on a thread of its own runs every call in turn: calls queue up over a channel
//! and their results come back through a one-shot channel, so the async side never blocks.
//! The schema is in `migrations/` (applied in order, counted by `PRAGMA user_version`).

use crate::store::{Change, Entry, Store, StoreError, StoreFuture, StoredGame, TokenHash};
use boomchess_online::{Event, GameId, GameInfo, Side, What};
use rusqlite::{params, Connection, OptionalExtension, Transaction};
use std::path::Path;
use std::sync::mpsc;
use tokio::sync::oneshot;

/// The migrations, in order; the database's `user_version` counts those applied.
const MIGRATIONS: &[&str] = &[include_str!("../migrations/0001_games.sql")];

type Job = Box<dyn FnOnce(&mut Connection) + Send>;

/// The SQLite store.
pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
}

impl From<rusqlite::Error> for StoreError {
    fn from(err: rusqlite::Error) -> StoreError {
        StoreError(err.to_string())
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(err: serde_json::Error) -> StoreError {
        StoreError(format!("a stored value does not read back: {err}"))
    }
}

impl SqliteStore {
    /// Opens (or creates, with its directory) the database at `path` and brings its schema up to
    /// date.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|err| StoreError(format!("cannot create {}: {err}", dir.display())))?;
        }
        let mut conn = Connection::open(path)?;
        let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError(format!(
                "{} cannot use WAL mode (journal mode {mode})",
                path.display()
            )));
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut conn)?;
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("boomchess-store".into())
            .spawn(move || {
                for job in queue {
                    job(&mut conn);
                }
            })
            .map_err(|err| StoreError(format!("cannot start the store's thread: {err}")))?;
        Ok(SqliteStore { jobs })
    }

    /// Runs `work` on the store's thread.
    fn run<T, F>(&self, work: F) -> StoreFuture<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let sent = self.jobs.send(Box::new(move |conn: &mut Connection| {
            // The caller may have gone; the work is done (or undone) all the same.
            let _ = reply.send(work(conn));
        }));
        Box::pin(async move {
            sent.map_err(|_| StoreError("the store's thread has stopped".into()))?;
            answer
                .await
                .map_err(|_| StoreError("the store's thread has stopped".into()))?
        })
    }
}

/// Applies the migrations the database has not had yet, each in a transaction.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let version: usize = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if version > MIGRATIONS.len() {
        return Err(StoreError(format!(
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

fn side_of(name: &str) -> Result<Side, StoreError> {
    match name {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        other => Err(StoreError(format!("a stored side is {other:?}"))),
    }
}

fn to_sql_int(value: u64) -> Result<i64, StoreError> {
    i64::try_from(value).map_err(|_| StoreError(format!("{value} is too large to store")))
}

fn from_sql_int<T: TryFrom<i64>>(value: i64) -> Result<T, StoreError> {
    T::try_from(value).map_err(|_| StoreError(format!("a stored number is {value}")))
}

/// Writes `change` to the game `id` inside `tx`.
fn write(tx: &Transaction<'_>, id: &GameId, change: &Change) -> Result<(), StoreError> {
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

fn read(conn: &Connection, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
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
        let hash: Vec<u8> = row.get(1)?;
        let hash: [u8; 32] = hash
            .try_into()
            .map_err(|_| StoreError("a stored token hash is not 32 bytes".into()))?;
        seats.push((side_of(&side)?, TokenHash(hash)));
    }
    let mut entries = Vec::new();
    let mut query =
        conn.prepare_cached("SELECT n, at, seq, body FROM events WHERE game = ?1 ORDER BY n")?;
    let mut rows = query.query(params![&id.0[..]])?;
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
            let tx = conn.transaction()?;
            tx.execute(
                "INSERT INTO games (id, info, created) VALUES (?1, ?2, ?3)",
                params![
                    &info.id.0[..],
                    serde_json::to_string(&info)?,
                    to_sql_int(info.created)?
                ],
            )?;
            write(&tx, &info.id, &change)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn load(&self, id: GameId) -> StoreFuture<Option<StoredGame>> {
        self.run(move |conn| read(conn, &id))
    }

    fn append(&self, id: GameId, change: Change) -> StoreFuture<()> {
        self.run(move |conn| {
            let tx = conn.transaction()?;
            write(&tx, &id, &change)?;
            tx.commit()?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boomchess_online::{Action, GameResult, SeatToken};

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
        assert!(store.append(info().id, again).await.is_err());
        let game = store.load(info().id).await.expect("loads").expect("exists");
        assert_eq!(game.info, info());
        assert_eq!(game.entries, vec![seated, acted]);
        assert_eq!(game.seats.len(), 1);
        assert!(game.seats[0].1 == hash);
        assert!(store.load(GameId([1; 16])).await.expect("loads").is_none());
        drop(store);
        // Opening it again runs no migration twice.
        let store = SqliteStore::open(&dir.path().join("sub/db.sqlite3")).expect("reopens");
        assert!(store.load(info().id).await.expect("loads").is_some());
    }
}
