//! Playing through the real server: seats, spectators, moves relayed, refusals, the endings a
//! player makes (resignation, agreement, abort), and a clock that runs out.

mod common;

use boomchess_online::{Action, ServerMessage, Side, What};
use common::{is_act, mv, temp_data, welcome_record, Server};
use serde_json::json;

#[tokio::test]
async fn two_players_and_a_spectator_see_every_move_of_flying_bombers() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let (white, black) = server.game("flying-bombers").await;
    assert_eq!((white.side, black.side), (Side::White, Side::Black));
    let join = format!("/api/games/{}/join", white.game);
    let (status, body) = server.http("POST", &join, None).await;
    assert_eq!(status, 409, "a third join: {body}");
    assert_eq!(body["code"], "seats-taken");
    let (status, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["game"]["variant"], "flying-bombers");
    assert_eq!(body["seats"], json!({"white": true, "black": true}));
    assert_eq!(body["result"], json!(null));

    let (mut w, welcome) = server.connect(&white, Some(&white)).await;
    let ServerMessage::Welcome { seat, events, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(seat, Some(Side::White));
    assert_eq!(events.len(), 2, "both seats taken: {events:?}");
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    let (mut s, welcome) = server.connect(&white, None).await;
    let ServerMessage::Welcome { seat, presence, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(seat, None, "no token: a spectator");
    assert!(presence.white && presence.black && presence.spectators == 1);

    let played = w.play(1, mv("e2e4")).await;
    assert!(is_act(&played, &mv("e2e4")));
    assert_eq!(b.event().await, played, "Black sees White's move");
    assert_eq!(s.event().await, played, "the spectator sees it");
    let played = b.play(1, mv("e9e7")).await;
    assert_eq!(w.event().await, played, "White sees Black's move");
    assert_eq!(s.event().await, played);
    assert!(matches!(
        played.what,
        What::Acted {
            side: Side::Black,
            ..
        }
    ));
}

#[tokio::test]
async fn an_illegal_move_and_a_move_out_of_turn_are_refused_and_change_nothing() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let (white, black) = server.game("flying-bombers").await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    b.act(1, mv("e9e8")).await;
    b.error("not-now").await;
    w.act(1, mv("e2e6")).await;
    w.error("illegal-move").await;
    w.act(1, mv("z9z9")).await;
    w.error("illegal-move").await;
    // Refused actions use up no sequence number, and the game is as it was.
    let played = w.play(1, mv("e2e5")).await;
    assert_eq!(b.event().await, played);
    let (_s, welcome) = server.connect(&white, None).await;
    let (events, _) = welcome_record(&welcome);
    assert_eq!(events.len(), 3, "two seats and one move: {events:?}");
    assert_eq!(events[2], played);
}

#[tokio::test]
async fn resigning_ends_the_game_for_the_other_side() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let (white, black) = server.game("stratomic").await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    w.play(1, mv("e3e4")).await;
    b.event().await;
    let resigned = b.play(1, Action::Resign).await;
    assert_eq!(w.event().await, resigned);
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(body["result"]["winner"], "white", "{body}");
    assert_eq!(body["result"]["reason"], "resignation", "{body}");
    w.act(2, mv("d3d4")).await;
    w.error("game-over").await;
    let (status, body) = server
        .http("POST", &format!("/api/games/{}/join", white.game), None)
        .await;
    assert_eq!((status, body["code"].as_str()), (409, Some("game-over")));
}

#[tokio::test]
async fn a_draw_offered_and_accepted_ends_the_game_drawn() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let (white, black) = server.game("flying-bombers").await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    w.play(1, mv("d2d4")).await;
    b.event().await;
    b.act(1, Action::AcceptDraw).await;
    b.error("not-now").await;
    let offer = b.play(1, Action::OfferDraw).await;
    assert_eq!(w.event().await, offer);
    let accepted = w.play(2, Action::AcceptDraw).await;
    assert_eq!(b.event().await, accepted);
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(body["result"]["winner"], json!(null), "{body}");
    assert_eq!(body["result"]["reason"], "agreement", "{body}");
}

#[tokio::test]
async fn a_game_can_be_aborted_before_both_sides_have_moved_and_not_after() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let (white, black) = server.game("stratomic").await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    w.play(1, mv("e3e4")).await;
    b.event().await;
    let aborted = b.play(1, Action::Abort).await;
    assert_eq!(w.event().await, aborted);
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(body["result"]["reason"], "aborted", "{body}");

    let (white, black) = server.game("stratomic").await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    w.play(1, mv("e3e4")).await;
    b.event().await;
    b.play(1, mv("e8e7")).await;
    w.event().await;
    w.act(2, Action::Abort).await;
    w.error("not-now").await;
}

#[tokio::test]
async fn a_stratomic_clock_of_one_second_runs_out_and_black_wins_on_time() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let white = server
        .create(json!({
            "variant": "stratomic",
            "side": "white",
            "clock": {"initial": 1, "increment": 0},
        }))
        .await;
    let black = server.join(&white).await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    w.play(1, mv("e3e4")).await;
    b.event().await;
    // White's clock starts with Black's first move; nobody acts after it.
    let started = b.play(1, mv("e8e7")).await;
    w.event().await;
    let flag = w.event().await;
    assert_eq!(flag.what, What::FlagFell { side: Side::White });
    assert_eq!(flag.at, started.at + 1000, "judged at the moment it fell");
    assert_eq!(b.event().await, flag, "Black hears of it too");
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(body["result"]["winner"], "black", "{body}");
    assert_eq!(body["result"]["reason"], "timeout", "{body}");
    w.act(2, mv("d3d4")).await;
    w.error("game-over").await;
    assert!(
        server.logs("ended: 0-1").await,
        "the end is logged: {:?}",
        server.lines()
    );
}

#[tokio::test]
async fn the_page_and_the_api_come_from_one_origin() {
    let (dir, data) = temp_data();
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).expect("a dist directory");
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>boom</title>",
    )
    .expect("a page");
    let server = Server::start_full(&data, 120, &dist);
    let (status, page) = server.http_text("GET", "/").await;
    assert_eq!(status, 200);
    assert!(page.contains("<title>boom</title>"), "{page}");
    let (status, body) = server.http("GET", "/online.json", None).await;
    assert_eq!(
        (status, body),
        (200, json!({"online": true, "protocol": 1}))
    );
    let (status, body) = server.http("GET", "/api/nothing", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("bad-message")));
    let (status, _) = server.http_text("GET", "/missing.js").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn http_refusals_are_json_with_their_codes_and_statuses() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let unknown = "00112233445566778899aabbccddeeff";
    for (method, path) in [
        ("GET", format!("/api/games/{unknown}")),
        ("POST", format!("/api/games/{unknown}/join")),
        ("GET", "/api/games/not-an-id".to_owned()),
    ] {
        let (status, body) = server.http(method, &path, None).await;
        assert_eq!(status, 404, "{method} {path}: {body}");
        assert_eq!(body["code"], "unknown-game");
    }
    let bad = [
        (json!({"variant": "chess", "side": "white"}), "bad-settings"),
        (
            json!({"variant": "stratomic", "side": "white", "options": ["super-knights"]}),
            "bad-settings",
        ),
        (
            json!({"variant": "stratomic", "side": "white", "clock": {"initial": 0, "increment": 0}}),
            "bad-settings",
        ),
        (
            json!({"variant": "stratomic", "side": "left"}),
            "bad-message",
        ),
        (
            json!({"variant": "stratomic", "side": "white", "x": 1}),
            "bad-message",
        ),
        (json!([1, 2, 3]), "bad-message"),
    ];
    for (new, code) in bad {
        let (status, body) = server.http("POST", "/api/games", Some(new.clone())).await;
        assert_eq!((status, body["code"].as_str()), (400, Some(code)), "{new}");
    }
    let huge = json!({"variant": "stratomic", "side": "white", "options": ["x".repeat(20_000)]});
    let (status, body) = server.http("POST", "/api/games", Some(huge)).await;
    assert_eq!((status, body["code"].as_str()), (413, Some("too-large")));
    let random = server
        .create(
            json!({"variant": "flying-bombers", "side": "random", "options": ["super-knights"]}),
        )
        .await;
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", random.game), None)
        .await;
    assert_eq!(body["game"]["options"], json!(["super-knights"]));
    let taken = match random.side {
        Side::White => json!({"white": true, "black": false}),
        Side::Black => json!({"white": false, "black": true}),
    };
    assert_eq!(body["seats"], taken);
    let url = format!("ws://{}/api/games/{unknown}/socket", server.addr);
    let refused = tokio_tungstenite::connect_async(url).await;
    assert!(
        matches!(&refused, Err(tokio_tungstenite::tungstenite::Error::Http(r)) if r.status() == 404),
        "a socket of an unknown game: {refused:?}"
    );
}

#[tokio::test]
async fn a_first_move_not_made_within_the_grace_aborts_the_game() {
    let (_dir, data) = temp_data();
    let server = Server::start_with(&data, 1);
    let (white, black) = server.game("flying-bombers").await;
    let (mut b, welcome) = server.connect(&white, Some(&black)).await;
    let ServerMessage::Welcome { game, events, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(game.grace, 1, "the server's --grace");
    let missed = b.event().await;
    assert_eq!(missed.what, What::DeadlineMissed { side: Side::White });
    assert_eq!(
        missed.at,
        events[1].at + 1000,
        "one second after both were seated"
    );
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(body["result"]["reason"], "aborted", "{body}");
}
