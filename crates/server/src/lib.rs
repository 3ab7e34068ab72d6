//! The boomchess game server: one origin serving the release build of the page (`dist/`) and
//! online play.
//!
//! - `GET /online.json`: `{"online":true,"protocol":1}`, so the page knows online play is offered
//!   (the release build's own `online.json`, for static hosts, says `{"online":false}`);
//! - `POST /api/games`: creates a game (a `NewGame`), 201 with the creator's `Seat`;
//! - `POST /api/games/{id}/join`: the free seat (409 `seats-taken` when there is none);
//! - `GET /api/games/{id}`: the game's settings, which seats are taken, and its result;
//! - `GET /api/games/{id}/socket`: the game's WebSocket (`docs/online-protocol.md`);
//! - anything else: the files of the release build.
//!
//! On a game's socket an accepted action is acknowledged (`ack`) to the connection that sent it,
//! then its `event` goes to every connection of the game, the sender's included; an action sent
//! again under a stored sequence number is acknowledged again and not applied twice.
//!
//! Games are refereed by `boomchess-online` ([`boomchess_online::OnlineGame`]): the server only
//! stores, times and relays their events, so nothing here depends on the variant. Each event is
//! stored durably ([`store::Store`]: [`sqlite::SqliteStore`], or `postgres::PostgresStore` shared
//! by several servers) before it is acknowledged or relayed.
#![deny(missing_docs)]

mod api;
pub mod config;
mod live;
mod log;
#[cfg(feature = "postgres")]
pub mod postgres;
mod socket;
pub mod sqlite;
pub mod store;

pub use config::Config;
pub use live::{Games, Seats, Summary};
pub use socket::{parse_client_message, MAX_REFUSALS};

use axum::extract::DefaultBodyLimit;
use axum::http::header::{HeaderValue, ACCESS_CONTROL_ALLOW_ORIGIN, CACHE_CONTROL};
use axum::routing::{any, get, post};
use axum::serve::ListenerExt;
use axum::Router;
use boomchess_online::message::MAX_MESSAGE_BYTES;
use std::sync::Arc;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// The server's routes over `games`, with the files of `dist` for every other path.
pub fn app(games: Games, dist: &std::path::Path) -> Router {
    // As scripts/static-server.mjs: always revalidated, and loadable by pages elsewhere (embeds).
    let files = Router::new()
        .fallback_service(ServeDir::new(dist))
        .layer(SetResponseHeaderLayer::overriding(
            CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        ));
    Router::new()
        .route("/online.json", get(api::online))
        .route("/api/games", post(api::create))
        .route("/api/games/{id}", get(api::summary))
        .route("/api/games/{id}/join", post(api::join))
        .route("/api/games/{id}/socket", get(api::connect))
        .route("/api", any(api::no_route))
        .route("/api/{*rest}", any(api::no_route))
        .layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES))
        .with_state(games)
        .fallback_service(files)
}

/// Opens the store the settings name: the store and what a log line may call it.
async fn open_store(config: &Config) -> Result<(Arc<dyn store::Store>, String), String> {
    match &config.database {
        #[cfg(feature = "postgres")]
        Some(url) => {
            let described = postgres::describe(url);
            let store = postgres::PostgresStore::open(url)
                .await
                .map_err(|err| format!("{described}: {err}"))?;
            Ok((Arc::new(store), described))
        }
        #[cfg(not(feature = "postgres"))]
        Some(_) => Err("this server was built without PostgreSQL: build it with \
             `cargo build --release -p boomchess-server --features postgres`"
            .into()),
        None => {
            let store = sqlite::SqliteStore::open(&config.data)
                .map_err(|err| format!("{}: {err}", config.data.display()))?;
            Ok((Arc::new(store), config.data.display().to_string()))
        }
    }
}

/// Opens the store, listens, and serves until the process is stopped.
pub async fn run(config: Config) -> Result<(), String> {
    let (store, data) = open_store(&config).await?;
    let games = Games::new(store, config.grace);
    if !config.dist.join("index.html").is_file() {
        log::line(format_args!(
            "{} has no index.html: build the page first (scripts/serve does)",
            config.dist.display()
        ));
    }
    let listener = tokio::net::TcpListener::bind((config.host.as_str(), config.port))
        .await
        .map_err(|err| format!("cannot listen on {}:{}: {err}", config.host, config.port))?;
    let addr = listener
        .local_addr()
        .map_err(|err| format!("no local address: {err}"))?;
    log::line(format_args!(
        "listening on http://{addr}/ (page {}, data {data})",
        config.dist.display(),
    ));
    // Game messages are small and wanted at once: no Nagle delay.
    let listener = listener.tap_io(|tcp| {
        if let Err(err) = tcp.set_nodelay(true) {
            log::line(format_args!("no TCP_NODELAY on a connection: {err}"));
        }
    });
    axum::serve(listener, app(games, &config.dist))
        .await
        .map_err(|err| format!("serving: {err}"))
}
