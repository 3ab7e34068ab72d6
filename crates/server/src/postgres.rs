//! [`PostgresStore`]: the [`Store`] in a PostgreSQL database, which several servers may share
//! (cargo feature `postgres`, `--database postgres://…`).
//!
//! Each call is one transaction on one of [`CONNECTIONS`] connections, so calls of different
//! games run side by side and PostgreSQL flushes the commits that arrive together with one
//! `fsync` (its own group commit); a call answers only once its transaction has committed.
//!
//! **Notices.** A change that adds entries to a game sends `NOTIFY boomchess` in its transaction
//! (delivered only if it commits) with the game's id and its record's new length. Every server
//! `LISTEN`s on a connection of its own and passes them on as [`Notice::Changed`]; when that
//! connection is lost, or was just opened, it says [`Notice::Missed`], so every loaded game reads
//! what it may have missed. A notice only wakes a server: what it reads comes from the tables.
//!
//! A connection that broke is opened again for the next call; a call whose connection broke
//! before its commit was answered fails (it may or may not be stored: a client sends it again
//! under the same sequence number, which is stored once).
//!
//! The schema is in `migrations/postgres/` (applied in order under an advisory lock, so servers
//! starting together migrate once, and counted in the table `boomchess_schema`). No TLS: the
//! database belongs on loopback or a private network (`docs/scaling.md`).

use crate::store::{
    side_named, token_hash, Change, Entry, Gained, Notice, Store, StoreError, StoreFuture,
    StoredGame,
};
use boomchess_online::message::Presence;
use boomchess_online::{Event, GameId, GameInfo, What};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot, Mutex};
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, Client, Config, NoTls, Statement};

/// The migrations, in order; `boomchess_schema.version` counts those applied.
const MIGRATIONS: &[&str] = &[include_str!("../migrations/postgres/0001_games.sql")];

/// The connections that run calls.
pub const CONNECTIONS: usize = 8;

/// The channel that carries the notices.
const CHANNEL: &str = "boomchess";

/// How long after losing its connection the listener connects again.
const RECONNECT: Duration = Duration::from_millis(500);

/// Notices kept for a server that is slow to take them (after that it hears `Missed`).
const NOTICES: usize = 16_384;

/// Any number, the same for every boomchess server: the advisory lock held while migrating.
const MIGRATION_LOCK: i64 = 0x626f_6f6d_6368;

/// The PostgreSQL store.
pub struct PostgresStore {
    jobs: mpsc::UnboundedSender<Job>,
    notices: broadcast::Sender<Notice>,
    listener: tokio::task::JoinHandle<()>,
}

impl Drop for PostgresStore {
    fn drop(&mut self) {
        // The workers stop with the job queue; the listener would go on by itself.
        self.listener.abort();
    }
}

fn failed(err: tokio_postgres::Error) -> StoreError {
    // A database error's own message says more than the driver's "db error".
    let what = err
        .as_db_error()
        .map_or_else(|| err.to_string(), |db| db.message().to_owned());
    if err.code() == Some(&SqlState::UNIQUE_VIOLATION) {
        StoreError::Conflict(what)
    } else {
        StoreError::Failed(what)
    }
}

fn to_sql_int(value: u64) -> Result<i64, StoreError> {
    i64::try_from(value).map_err(|_| StoreError::Failed(format!("{value} is too large to store")))
}

fn to_sql_u32(value: u32) -> Result<i32, StoreError> {
    i32::try_from(value).map_err(|_| StoreError::Failed(format!("{value} is too large to store")))
}

fn from_sql_int<T: TryFrom<i64>>(value: i64) -> Result<T, StoreError> {
    T::try_from(value).map_err(|_| StoreError::Failed(format!("a stored number is {value}")))
}

/// A call for a worker, with where its answer goes.
enum Job {
    Create(GameInfo, Change, oneshot::Sender<Result<(), StoreError>>),
    Load(
        GameId,
        oneshot::Sender<Result<Option<StoredGame>, StoreError>>,
    ),
    Since(GameId, u32, oneshot::Sender<Result<Gained, StoreError>>),
    Append(GameId, Change, oneshot::Sender<Result<(), StoreError>>),
    Publish(String, oneshot::Sender<Result<(), StoreError>>),
}

impl Job {
    fn fail(self, err: StoreError) {
        // A caller that has gone needs no answer.
        match self {
            Job::Create(.., reply) | Job::Append(.., reply) | Job::Publish(.., reply) => {
                drop(reply.send(Err(err)))
            }
            Job::Load(.., reply) => drop(reply.send(Err(err))),
            Job::Since(.., reply) => drop(reply.send(Err(err))),
        }
    }

    async fn run(self, db: &mut Db) {
        match self {
            Job::Create(info, change, reply) => drop(reply.send(db.create(&info, &change).await)),
            Job::Load(id, reply) => drop(reply.send(db.load(&id).await)),
            Job::Since(id, from, reply) => drop(reply.send(db.since(&id, from).await)),
            Job::Append(id, change, reply) => drop(reply.send(db.append(&id, &change).await)),
            Job::Publish(payload, reply) => drop(reply.send(db.publish(&payload).await)),
        }
    }
}

/// One connection and its prepared statements.
struct Db {
    client: Client,
    st: Statements,
}

/// The statements every call uses, prepared once per connection.
struct Statements {
    insert_game: Statement,
    insert_seat: Statement,
    insert_event: Statement,
    set_result: Statement,
    notify: Statement,
    info: Statement,
    seats: Statement,
    events: Statement,
}

/// Connects to `config`; the connection is driven by a task of its own until it closes.
async fn connect(config: &Config) -> Result<Client, StoreError> {
    let (client, connection) = config.connect(NoTls).await.map_err(failed)?;
    tokio::spawn(async move {
        // Its end is seen by the client (`is_closed`), which is asked before every call.
        let _ = connection.await;
    });
    Ok(client)
}

impl Db {
    async fn open(config: &Config) -> Result<Db, StoreError> {
        Db::prepare(connect(config).await?).await
    }

    async fn prepare(client: Client) -> Result<Db, StoreError> {
        let prepare = |sql: &'static str| {
            let client = &client;
            async move { client.prepare(sql).await.map_err(failed) }
        };
        let st = Statements {
            insert_game: prepare("INSERT INTO games (id, info, created) VALUES ($1, $2, $3)")
                .await?,
            insert_seat: prepare("INSERT INTO seats (game, side, token_hash) VALUES ($1, $2, $3)")
                .await?,
            insert_event: prepare(
                "INSERT INTO events (game, n, at, side, seq, body) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .await?,
            set_result: prepare("UPDATE games SET result = $2 WHERE id = $1").await?,
            notify: prepare("SELECT pg_notify($1, $2)").await?,
            info: prepare("SELECT info FROM games WHERE id = $1").await?,
            seats: prepare("SELECT side, token_hash FROM seats WHERE game = $1").await?,
            events: prepare(
                "SELECT n, at, seq, body FROM events WHERE game = $1 AND n >= $2 ORDER BY n",
            )
            .await?,
        };
        Ok(Db { client, st })
    }

    async fn create(&mut self, info: &GameInfo, change: &Change) -> Result<(), StoreError> {
        let body = serde_json::to_string(info)?;
        let created = to_sql_int(info.created)?;
        let tx = self.client.transaction().await.map_err(failed)?;
        tx.execute(&self.st.insert_game, &[&&info.id.0[..], &body, &created])
            .await
            .map_err(failed)?;
        write(&tx, &self.st, &info.id, change).await?;
        tx.commit().await.map_err(failed)
    }

    async fn append(&mut self, id: &GameId, change: &Change) -> Result<(), StoreError> {
        let tx = self.client.transaction().await.map_err(failed)?;
        write(&tx, &self.st, id, change).await?;
        if let Some(last) = change.entries.last() {
            let payload = payload_of(&Notice::Changed {
                game: *id,
                entries: last.event.n + 1,
            });
            tx.execute(&self.st.notify, &[&CHANNEL, &payload])
                .await
                .map_err(failed)?;
        }
        tx.commit().await.map_err(failed)
    }

    async fn publish(&mut self, payload: &str) -> Result<(), StoreError> {
        self.client
            .execute(&self.st.notify, &[&CHANNEL, &payload])
            .await
            .map_err(failed)?;
        Ok(())
    }

    async fn load(&mut self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let key = &id.0[..];
        let row = self
            .client
            .query_opt(&self.st.info, &[&key])
            .await
            .map_err(failed)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let info: String = row.try_get(0).map_err(failed)?;
        let info: GameInfo = serde_json::from_str(&info)?;
        let gained = self.since(id, 0).await?;
        Ok(Some(StoredGame {
            info,
            seats: gained.seats,
            entries: gained.entries,
        }))
    }

    async fn since(&mut self, id: &GameId, from: u32) -> Result<Gained, StoreError> {
        let key = &id.0[..];
        let from = to_sql_u32(from)?;
        // Both queries go out at once (one round trip), the entries' first: the seats are read
        // after them, so every seat an entry names is there.
        let event_params: [&(dyn tokio_postgres::types::ToSql + Sync); 2] = [&key, &from];
        let seat_params: [&(dyn tokio_postgres::types::ToSql + Sync); 1] = [&key];
        let (rows, seat_rows) = tokio::try_join!(
            self.client.query(&self.st.events, &event_params),
            self.client.query(&self.st.seats, &seat_params),
        )
        .map_err(failed)?;
        let mut entries = Vec::with_capacity(rows.len());
        for row in rows {
            let n: i32 = row.try_get(0).map_err(failed)?;
            let at: i64 = row.try_get(1).map_err(failed)?;
            let seq: Option<i32> = row.try_get(2).map_err(failed)?;
            let body: String = row.try_get(3).map_err(failed)?;
            let what: What = serde_json::from_str(&body)?;
            entries.push(Entry {
                event: Event {
                    n: from_sql_int(n.into())?,
                    at: from_sql_int(at)?,
                    what,
                },
                seq: seq.map(|seq| from_sql_int(seq.into())).transpose()?,
            });
        }
        let mut seats = Vec::with_capacity(seat_rows.len());
        for row in seat_rows {
            let side: String = row.try_get(0).map_err(failed)?;
            seats.push((
                side_named(&side)?,
                token_hash(row.try_get(1).map_err(failed)?)?,
            ));
        }
        Ok(Gained { entries, seats })
    }
}

/// Writes `change` to the game `id` inside `tx`.
async fn write(
    tx: &tokio_postgres::Transaction<'_>,
    st: &Statements,
    id: &GameId,
    change: &Change,
) -> Result<(), StoreError> {
    let key = &id.0[..];
    if let Some((side, hash)) = &change.seat {
        tx.execute(&st.insert_seat, &[&key, &side.name(), &&hash.0[..]])
            .await
            .map_err(failed)?;
    }
    for entry in &change.entries {
        let body = serde_json::to_string(&entry.event.what)?;
        let seq = entry.seq.map(to_sql_u32).transpose()?;
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 6] = [
            &key,
            &to_sql_u32(entry.event.n)?,
            &to_sql_int(entry.event.at)?,
            &entry.side().name(),
            &seq,
            &body,
        ];
        tx.execute(&st.insert_event, &params)
            .await
            .map_err(failed)?;
    }
    if let Some(result) = &change.result {
        let result = serde_json::to_string(result)?;
        tx.execute(&st.set_result, &[&key, &result])
            .await
            .map_err(failed)?;
    }
    Ok(())
}

/// Applies the migrations the database has not had yet, in one transaction under the lock.
async fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(failed)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(failed)?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS boomchess_schema (version INTEGER NOT NULL)")
        .await
        .map_err(failed)?;
    let version: i32 = match tx
        .query_opt("SELECT version FROM boomchess_schema", &[])
        .await
        .map_err(failed)?
    {
        Some(row) => row.try_get(0).map_err(failed)?,
        None => {
            tx.execute("INSERT INTO boomchess_schema (version) VALUES (0)", &[])
                .await
                .map_err(failed)?;
            0
        }
    };
    let known = MIGRATIONS.len();
    let done = usize::try_from(version).unwrap_or(usize::MAX);
    if done > known {
        return Err(StoreError::Failed(format!(
            "the database has schema version {version}; this server knows {known} (a newer server made it)"
        )));
    }
    for sql in &MIGRATIONS[done..] {
        tx.batch_execute(sql).await.map_err(failed)?;
    }
    tx.execute(
        "UPDATE boomchess_schema SET version = $1",
        &[&to_sql_u32(known as u32)?],
    )
    .await
    .map_err(failed)?;
    tx.commit().await.map_err(failed)
}

/// A worker: runs the queued calls one at a time on its connection, opened again when it broke.
async fn worker(config: Config, queue: Arc<Mutex<mpsc::UnboundedReceiver<Job>>>, db: Option<Db>) {
    let mut db = db;
    loop {
        let job = queue.lock().await.recv().await;
        let Some(job) = job else { return };
        if db.as_ref().map_or(true, |db| db.client.is_closed()) {
            db = match Db::open(&config).await {
                Ok(db) => Some(db),
                Err(err) => {
                    job.fail(err);
                    continue;
                }
            };
        }
        if let Some(db) = db.as_mut() {
            job.run(db).await;
        }
    }
}

/// A notice as a `NOTIFY` payload: words separated by spaces, the first naming the kind
/// (`changed <game> <entries>`, `presence <server> <game> <version> <white> <black>
/// <spectators>`, `alive <server>`, `ask <server>`). `Missed` is this server's own and is never sent.
fn payload_of(notice: &Notice) -> String {
    match notice {
        Notice::Changed { game, entries } => format!("changed {game} {entries}"),
        Notice::Presence {
            server,
            game,
            version,
            presence,
        } => format!(
            "presence {server} {game} {version} {} {} {}",
            u8::from(presence.white),
            u8::from(presence.black),
            presence.spectators
        ),
        Notice::Alive { server } => format!("alive {server}"),
        Notice::Ask { server } => format!("ask {server}"),
        Notice::Missed => "missed".into(),
    }
}

/// What a notice's payload says ([`payload_of`]); none for anything else.
fn notice_of(payload: &str) -> Option<Notice> {
    let words: Vec<&str> = payload.split(' ').collect();
    let flag = |word: &str| match word {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    };
    match words[..] {
        ["changed", game, entries] => Some(Notice::Changed {
            game: GameId::parse(game).ok()?,
            entries: entries.parse().ok()?,
        }),
        ["presence", server, game, version, white, black, spectators] => Some(Notice::Presence {
            server: server.parse().ok()?,
            game: GameId::parse(game).ok()?,
            version: version.parse().ok()?,
            presence: Presence {
                white: flag(white)?,
                black: flag(black)?,
                spectators: spectators.parse().ok()?,
            },
        }),
        ["alive", server] => Some(Notice::Alive {
            server: server.parse().ok()?,
        }),
        ["ask", server] => Some(Notice::Ask {
            server: server.parse().ok()?,
        }),
        _ => None,
    }
}

/// The listener: `LISTEN`s for as long as the store lives, connecting again when it must.
async fn listen(config: Config, notices: broadcast::Sender<Notice>) {
    loop {
        if let Ok((client, mut connection)) = config.connect(NoTls).await {
            let (heard, mut hearing) = mpsc::unbounded_channel();
            let driver = tokio::spawn(async move {
                while let Some(message) =
                    std::future::poll_fn(|cx| connection.poll_message(cx)).await
                {
                    match message {
                        Ok(AsyncMessage::Notification(notification)) => {
                            if heard.send(notification).is_err() {
                                break;
                            }
                        }
                        Ok(_) => {}
                        Err(_) => break,
                    }
                }
            });
            if client
                .batch_execute(&format!("LISTEN {CHANNEL}"))
                .await
                .is_ok()
            {
                // Whatever changed before this LISTEN was not heard.
                let _ = notices.send(Notice::Missed);
                while let Some(notification) = hearing.recv().await {
                    if let Some(notice) = notice_of(notification.payload()) {
                        let _ = notices.send(notice);
                    }
                }
            }
            driver.abort();
        }
        tokio::time::sleep(RECONNECT).await;
    }
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user@host:port/name`), brings its schema
    /// up to date and starts listening.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let mut config: Config = url
            .parse()
            .map_err(|err| StoreError::Failed(format!("the database address: {err}")))?;
        // A database that vanished is noticed within a minute even with nothing to send.
        config.keepalives_idle(Duration::from_secs(30));
        let mut client = connect(&config).await?;
        migrate(&mut client).await?;
        let first = Db::prepare(client).await?;
        let (jobs, queue) = mpsc::unbounded_channel();
        let queue = Arc::new(Mutex::new(queue));
        let mut first = Some(first);
        for _ in 0..CONNECTIONS {
            tokio::spawn(worker(config.clone(), Arc::clone(&queue), first.take()));
        }
        let (notices, _) = broadcast::channel(NOTICES);
        let listener = tokio::spawn(listen(config, notices.clone()));
        Ok(PostgresStore {
            jobs,
            notices,
            listener,
        })
    }

    /// Queues a call and waits for its answer.
    fn call<T: Send + 'static>(
        &self,
        job: impl FnOnce(oneshot::Sender<Result<T, StoreError>>) -> Job,
    ) -> StoreFuture<T> {
        let (reply, answer) = oneshot::channel();
        let sent = self.jobs.send(job(reply));
        Box::pin(async move {
            let gone = || StoreError::Failed("the store's workers have stopped".into());
            sent.map_err(|_| gone())?;
            answer.await.map_err(|_| gone())?
        })
    }
}

/// The database's name and host as a log line may show them (never a password).
pub fn describe(url: &str) -> String {
    let Ok(config) = url.parse::<Config>() else {
        return "a PostgreSQL database".into();
    };
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .map(|host| match host {
            tokio_postgres::config::Host::Tcp(name) => name.clone(),
            tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
        })
        .collect();
    format!(
        "PostgreSQL database {} on {}",
        config.get_dbname().unwrap_or("(the user's)"),
        hosts.join(",")
    )
}

impl Store for PostgresStore {
    fn create(&self, info: GameInfo, change: Change) -> StoreFuture<()> {
        self.call(|reply| Job::Create(info, change, reply))
    }

    fn load(&self, id: GameId) -> StoreFuture<Option<StoredGame>> {
        self.call(|reply| Job::Load(id, reply))
    }

    fn since(&self, id: GameId, from: u32) -> StoreFuture<Gained> {
        self.call(|reply| Job::Since(id, from, reply))
    }

    fn append(&self, id: GameId, change: Change) -> StoreFuture<()> {
        self.call(|reply| Job::Append(id, change, reply))
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        Some(self.notices.subscribe())
    }

    fn publish(&self, notice: Notice) -> StoreFuture<()> {
        let payload = payload_of(&notice);
        self.call(|reply| Job::Publish(payload, reply))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_read_back_as_written_and_nothing_else_reads_as_one() {
        let game = GameId([0xab; 16]);
        let notices = [
            Notice::Changed { game, entries: 7 },
            Notice::Presence {
                server: 12_345,
                game,
                version: 9,
                presence: Presence {
                    white: true,
                    black: false,
                    spectators: 3,
                },
            },
            Notice::Alive { server: u64::MAX },
            Notice::Ask { server: 0 },
        ];
        for notice in notices {
            assert_eq!(notice_of(&payload_of(&notice)), Some(notice));
        }
        assert_eq!(
            payload_of(&Notice::Changed { game, entries: 7 }),
            format!("changed {} 7", game.hex())
        );
        for bad in [
            "nonsense".to_owned(),
            "missed".to_owned(),
            format!("changed {} x", game.hex()),
            format!("changed {} 7 8", game.hex()),
            format!("presence 1 {} 2 1 2 0", game.hex()),
            "alive".to_owned(),
            "ask 1 2".to_owned(),
        ] {
            assert_eq!(notice_of(&bad), None, "{bad}");
        }
    }

    #[test]
    fn a_database_is_described_without_its_password() {
        let text = describe("postgres://boom:secret@db.example:5433/games");
        assert_eq!(text, "PostgreSQL database games on db.example");
        assert!(!text.contains("secret"));
        // A Unix socket's directory, as docs/scaling.md shows it.
        let text = describe("postgres://boom@%2Fvar%2Frun%2Fpostgresql/games");
        assert_eq!(text, "PostgreSQL database games on /var/run/postgresql");
    }
}
