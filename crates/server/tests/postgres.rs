//! Several servers on one PostgreSQL database (`--database`, cargo feature `postgres`): a real
//! PostgreSQL from Debian's packages, started by the test in a temporary directory on a free port
//! (common/postgres.rs), and two server processes. The two players of a game sit on different
//! servers, so every move crosses the database and each sees who is connected through the
//! other; a server killed mid-game leaves its player to carry on through the other, whose
//! players see it gone; an action delivered to both servers is stored once; a flag falls
//! once, whichever server's clock judges it.

mod common;

use boomchess_online::message::Presence;
use boomchess_online::{ServerMessage, Side, What};
use common::beirut::{boom_with, commit, info_of, openings, reveal};
use common::postgres::Postgres;
use common::{mv, welcome_record, Server, WAIT};
use serde_json::json;
use std::time::Duration;

/// How soon a server notices that another has stopped: ten seconds of silence, checked every
/// two (the server's `SERVER_GONE` and `HEARTBEAT`), and a margin for a slow machine.
const SERVER_GONE: Duration = Duration::from_secs(20);

#[tokio::test]
async fn a_beirut_game_between_two_servers_goes_on_through_one_when_the_other_is_killed() {
    let postgres = Postgres::start();
    let mut a = Server::start_on(&postgres.url);
    let b = Server::start_on(&postgres.url);
    // Created on one server, joined on the other.
    let white = a
        .create(json!({"variant": "beirut", "side": "white"}))
        .await;
    let black = b.join(&white).await;
    assert_eq!(black.side, Side::Black);
    let white_men = openings(Side::White, &["g1"], 3);
    let black_men = openings(Side::Black, &["d7"], 4);
    let (mut w, welcome) = a.connect(&white, Some(&white)).await;
    let info = info_of(&welcome);
    let (mut bk, welcome) = b.connect(&white, Some(&black)).await;
    let (events, _) = welcome_record(&welcome);
    assert_eq!(events.len(), 2, "both seats, whichever server took them");
    // A spectator on the server White is not on.
    let (mut s, _) = b.connect(&white, None).await;
    // Each server's connections see who is connected through the other.
    let everyone = Presence {
        white: true,
        black: true,
        spectators: 1,
    };
    for client in [&mut w, &mut bk, &mut s] {
        client.presence_becomes(everyone, WAIT).await;
    }

    // Every event reaches the other server's connections.
    let committed = w.play(1, commit(&info, Side::White, &white_men)).await;
    assert_eq!(bk.event().await, committed);
    assert_eq!(s.event().await, committed);
    let committed = bk.play(1, commit(&info, Side::Black, &black_men)).await;
    assert_eq!(w.event().await, committed);
    s.event().await;
    for (side, seq, uci) in [
        (Side::White, 2, "g1f3"),
        (Side::Black, 2, "a7a6"),
        (Side::White, 3, "f3g5"),
        (Side::Black, 3, "a6a5"),
    ] {
        let (mover, other) = match side {
            Side::White => (&mut w, &mut bk),
            Side::Black => (&mut bk, &mut w),
        };
        let played = mover.play(seq, mv(uci)).await;
        assert_eq!(
            other.event().await,
            played,
            "{uci} reached the other server"
        );
        assert_eq!(s.event().await, played);
    }

    // White's server dies: it falls silent, and Black's server forgets who was connected
    // through it. White comes back through Black's and finds everything.
    a.kill();
    w.closed().await;
    let white_gone = Presence {
        white: false,
        ..everyone
    };
    bk.presence_becomes(white_gone, SERVER_GONE).await;
    s.presence_becomes(white_gone, WAIT).await;
    let (mut w, welcome) = b.connect(&white, Some(&white)).await;
    bk.presence_becomes(everyone, WAIT).await;
    let (events, last_seq) = welcome_record(&welcome);
    assert_eq!((events.len(), last_seq), (8, 3), "{events:?}");
    let captured = w.play(4, mv("g5f7")).await;
    assert_eq!(bk.event().await, captured);
    let played = bk.play(4, mv("a5a4")).await;
    assert_eq!(w.event().await, played);
    // The knight that took on f7 carries White's bomb: its blast holds the black king.
    let boom = w.play(5, boom_with(&white_men, "f7", "g1")).await;
    assert_eq!(bk.event().await, boom);
    let summary = format!("/api/games/{}", white.game);
    let (_, body) = b.http("GET", &summary, None).await;
    assert_eq!(body["result"], json!(null), "pending until both reveal");
    w.play(6, reveal(&white_men)).await;
    bk.event().await;
    bk.play(5, reveal(&black_men)).await;
    w.event().await;
    let (_, body) = b.http("GET", &summary, None).await;
    assert_eq!(body["result"]["winner"], "white", "{body}");
    assert_eq!(body["result"]["reason"], "king-destroyed", "{body}");

    // What the database holds: every entry once, in order, the result, no token.
    let rows = postgres.query("SELECT n, side, seq FROM events ORDER BY n");
    let rows: Vec<&str> = rows.lines().collect();
    assert_eq!(
        rows,
        [
            "0|white|",
            "1|black|",
            "2|white|1",
            "3|black|1",
            "4|white|2",
            "5|black|2",
            "6|white|3",
            "7|black|3",
            "8|white|4",
            "9|black|4",
            "10|white|5",
            "11|white|6",
            "12|black|5",
        ]
    );
    let result = postgres.query("SELECT result FROM games");
    assert!(result.contains("king-destroyed"), "{result}");
    let stored = postgres.query("SELECT string_agg(body, ' ') FROM events");
    for token in [&white.token, &black.token] {
        assert!(!stored.contains(&token.hex()), "a token was stored");
    }
}

#[tokio::test]
async fn an_action_sent_to_both_servers_is_stored_once_and_a_flag_falls_once() {
    let postgres = Postgres::start();
    let a = Server::start_on(&postgres.url);
    let b = Server::start_on(&postgres.url);
    let white = a
        .create(json!({
            "variant": "stratomic",
            "side": "white",
            "clock": {"initial": 3, "increment": 0},
        }))
        .await;
    let black = b.join(&white).await;
    let (mut w, _) = a.connect(&white, Some(&white)).await;
    let (mut bk, _) = b.connect(&white, Some(&black)).await;
    // White's first move, delivered to both servers (as a client that reconnected elsewhere
    // before its acknowledgement came would send it again): both acknowledge, one is stored.
    let (mut w2, _) = b.connect(&white, Some(&white)).await;
    let first = mv("a3a4");
    w.play(1, first.clone()).await;
    w2.act(1, first.clone()).await;
    let event = bk.event().await;
    assert!(matches!(&event.what, What::Acted { action, .. } if *action == first));
    // Server B may hear of the move from A before or after the copy reaches it.
    let mut heard = [w2.recv().await, w2.recv().await];
    heard.sort_by_key(|message| !matches!(message, ServerMessage::Ack { .. }));
    assert!(
        matches!(heard[0], ServerMessage::Ack { seq: 1 }),
        "{heard:?}"
    );
    assert!(
        matches!(&heard[1], ServerMessage::Event { event: e, .. } if *e == event),
        "one event, heard on both servers: {heard:?}"
    );
    bk.play(1, mv("a8a7")).await;
    w.event().await;
    w2.event().await;
    // White's clock runs now (both first moves were untimed): three seconds, and no move comes.
    w.play(2, mv("b3b4")).await;
    bk.event().await;
    w2.event().await;
    // Black lets its second pass; both servers time the game, one stores the flag.
    let flag = bk.event().await;
    assert_eq!(flag.what, What::FlagFell { side: Side::Black }, "{flag:?}");
    assert_eq!(w.event().await, flag);
    assert_eq!(w2.event().await, flag);
    let rows = postgres.query("SELECT count(*) FROM events WHERE body LIKE '%flagFell%'");
    assert_eq!(rows.trim(), "1");
    let rows = postgres.query("SELECT count(*) FROM events WHERE side = 'white' AND seq = 1");
    assert_eq!(rows.trim(), "1");
    // Neither server hears anything more of the game: no second flag, no doubled event.
    let (_, body) = a
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(body["result"]["winner"], "white", "{body}");
    let (_, welcome) = a.connect(&white, None).await;
    let (events, _) = welcome_record(&welcome);
    assert_eq!(
        events.len(),
        6,
        "two seats, three moves, a flag: {events:?}"
    );
    assert!(matches!(welcome, ServerMessage::Welcome { .. }));
}
