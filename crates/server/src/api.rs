//! The HTTP side of online play: the routes under `/api/`, their handlers, and [`ApiError`], the
//! refusal that becomes a JSON response (`{"code": "...", "message": "..."}`).

use crate::live::{Games, Summary};
use crate::log;
use crate::socket::{self, FRAME_LIMIT, READ_BUFFER};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use boomchess_online::message::{NewGame, Seat};
use boomchess_online::{GameId, Refusal, Refused};
use serde::Serialize;

/// The version of the protocol this server speaks (`GET /online.json`).
pub const PROTOCOL: u32 = 1;

/// A refused request, as its JSON response.
#[derive(Debug)]
pub struct ApiError(pub Refused);

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> ApiError {
        ApiError(refused)
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    code: Refusal,
    message: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        log::line(format_args!("request refused: {}", self.0.code.name()));
        let status = match self.0.code {
            Refusal::UnknownGame => StatusCode::NOT_FOUND,
            Refusal::SeatsTaken | Refusal::GameOver => StatusCode::CONFLICT,
            Refusal::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Refusal::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::BAD_REQUEST,
        };
        let body = ErrorBody {
            code: self.0.code,
            message: &self.0.message,
        };
        (status, Json(body)).into_response()
    }
}

/// The game named by the path's `{id}`: an id that is not 32 hex digits names no game.
pub struct GamePath(pub GameId);

impl<S: Send + Sync> FromRequestParts<S> for GamePath {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GamePath, ApiError> {
        let unknown = || ApiError(Refused::new(Refusal::UnknownGame, "there is no such game"));
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| unknown())?;
        GameId::parse(&id).map(GamePath).map_err(|_| unknown())
    }
}

#[derive(Serialize)]
pub(crate) struct Online {
    online: bool,
    protocol: u32,
}

/// `GET /online.json`: online play is offered here (in place of the release build's own
/// `online.json`, which says it is not, for static hosts).
pub(crate) async fn online() -> Json<Online> {
    Json(Online {
        online: true,
        protocol: PROTOCOL,
    })
}

/// `POST /api/games`: creates a game; the creator's seat.
pub(crate) async fn create(
    State(games): State<Games>,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Seat>), ApiError> {
    let body = body.map_err(|rejection| {
        let code = if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Refusal::TooLarge
        } else {
            Refusal::BadMessage
        };
        ApiError(Refused::new(code, rejection.body_text()))
    })?;
    let new: NewGame = serde_json::from_slice(&body).map_err(|err| {
        ApiError(Refused::new(
            Refusal::BadMessage,
            format!("not a new game: {err}"),
        ))
    })?;
    let seat = games.create(new).await?;
    Ok((StatusCode::CREATED, Json(seat)))
}

/// `POST /api/games/{id}/join`: takes the free seat.
pub(crate) async fn join(
    State(games): State<Games>,
    GamePath(id): GamePath,
) -> Result<Json<Seat>, ApiError> {
    Ok(Json(games.join(id).await?))
}

/// `GET /api/games/{id}`: the game's settings, its seats and its result.
pub(crate) async fn summary(
    State(games): State<Games>,
    GamePath(id): GamePath,
) -> Result<Json<Summary>, ApiError> {
    Ok(Json(games.summary(id).await?))
}

/// `GET /api/games/{id}/socket`: the game's WebSocket.
pub(crate) async fn connect(
    State(games): State<Games>,
    GamePath(id): GamePath,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // An unknown game is answered before the upgrade (this also loads the game).
    games.summary(id).await?;
    Ok(upgrade
        .read_buffer_size(READ_BUFFER)
        .max_message_size(FRAME_LIMIT)
        .max_frame_size(FRAME_LIMIT)
        .on_upgrade(move |ws| socket::serve(ws, games, id)))
}

/// Any other path under `/api/`: 404, not the page's files.
pub(crate) async fn no_route() -> Response {
    let body = ErrorBody {
        code: Refusal::BadMessage,
        message: "no such request of the online API",
    };
    (StatusCode::NOT_FOUND, Json(body)).into_response()
}
