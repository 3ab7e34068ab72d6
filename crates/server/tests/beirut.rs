//! Beirut through the server, which knows nothing of it: commitments, a boom that opens one, a
//! restart in the middle, the final reveal and its verdict; and, differentially, two games with
//! the same public moves but different carriers, which must leave the same log lines, database
//! rows and messages to the opponent and the spectator (salts, commitments, ids and times aside)
//! until the rules reveal a carrier.

mod common;

use boomchess_online::message::SquareName;
use boomchess_online::{Action, Salt, ServerMessage, Side, What};
use common::beirut::{boom_with, commit, info_of, openings, reveal};
use common::{mv, temp_data, welcome_record, Server, WAIT};
use serde_json::{json, Value};
use std::time::Instant;

#[tokio::test]
async fn a_beirut_game_commits_booms_survives_a_restart_and_is_verified_at_the_end() {
    let (_dir, data) = temp_data();
    let mut server = Server::start(&data);
    let white = server
        .create(json!({"variant": "beirut", "side": "white"}))
        .await;
    let black = server.join(&white).await;
    let white_men = openings(Side::White, &["e2"], 1);
    let black_men = openings(Side::Black, &["a7"], 2);
    let (mut w, welcome) = server.connect(&white, Some(&white)).await;
    let info = info_of(&welcome);
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    w.act(1, mv("e2e4")).await;
    w.error("not-now").await; // no move before both have committed
    let committed = w.play(1, commit(&info, Side::White, &white_men)).await;
    assert_eq!(b.event().await, committed);
    b.play(1, commit(&info, Side::Black, &black_men)).await;
    w.event().await;
    w.play(2, mv("e2e4")).await;
    b.event().await;
    server.kill();

    let server = Server::start(&data);
    let (mut w, welcome) = server.connect(&white, Some(&white)).await;
    let (events, last_seq) = welcome_record(&welcome);
    assert_eq!((events.len(), last_seq), (5, 2), "{events:?}");
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    let (mut s, _) = server.connect(&white, None).await;
    let reply = b.play(2, mv("e7e5")).await;
    assert_eq!(w.event().await, reply);
    assert_eq!(s.event().await, reply);
    // A boom with the wrong salt does not open the e2 pawn's commitment.
    w.act(
        3,
        Action::Boom {
            square: SquareName::parse("e4").expect("e4"),
            salt: Salt([0; 16]),
        },
    )
    .await;
    w.error("bad-opening").await;
    let boom = w.play(3, boom_with(&white_men, "e4", "e2")).await;
    assert_eq!(b.event().await, boom);
    assert_eq!(s.event().await, boom);
    let resigned = b.play(3, Action::Resign).await;
    assert_eq!(w.event().await, resigned);
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(
        body["result"],
        json!(null),
        "pending until both reveal: {body}"
    );
    w.play(4, reveal(&white_men)).await;
    b.event().await;
    b.play(4, reveal(&black_men)).await;
    w.event().await;
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(body["result"]["winner"], "white", "{body}");
    assert_eq!(body["result"]["reason"], "resignation", "{body}");
}

/// `value` with times dropped and every long hexadecimal string (ids, salts, commitments) made
/// the same.
fn normalise(value: Value) -> Value {
    match value {
        Value::String(text) if text.len() >= 32 && text.bytes().all(|b| b.is_ascii_hexdigit()) => {
            Value::String("<hex>".into())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(normalise).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .filter(|(key, _)| key != "at" && key != "now" && key != "created")
                .map(|(key, value)| (key, normalise(value)))
                .collect(),
        ),
        other => other,
    }
}

fn is_reveal(message: &ServerMessage) -> bool {
    matches!(
        message,
        ServerMessage::Event { event, .. }
            if matches!(&event.what, What::Acted { action: Action::Reveal { .. }, .. })
    )
}

/// What one game left behind: log lines, database rows, and what Black and the spectator heard
/// before the first reveal, all normalised.
struct Trace {
    log: Vec<String>,
    rows: Vec<Value>,
    black: Vec<Value>,
    spectator: Vec<Value>,
}

fn before_reveal(messages: Vec<ServerMessage>) -> Vec<Value> {
    messages
        .into_iter()
        .take_while(|m| !is_reveal(m))
        .map(|m| normalise(serde_json::to_value(m).expect("serialises")))
        .collect()
}

/// Plays commit, e2e4 e7e5, White resigns, both reveal, with `carriers` (White's, Black's).
async fn play_one(carriers: [&str; 2], seed: u8) -> Trace {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let white = server
        .create(json!({"variant": "beirut", "side": "white"}))
        .await;
    let black = server.join(&white).await;
    let men = [
        openings(Side::White, &[carriers[0]], seed),
        openings(Side::Black, &[carriers[1]], seed.wrapping_add(7)),
    ];
    let (mut s, welcome) = server.connect(&white, None).await;
    let mut spectator_heard = vec![welcome.clone()];
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    spectator_heard.push(s.recv_any().await); // Black's arrival
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let mut black_heard = vec![b.recv_any().await]; // White's arrival
    spectator_heard.push(s.recv_any().await);
    let info = info_of(&welcome);
    let steps = [
        (Side::White, 1, commit(&info, Side::White, &men[0])),
        (Side::Black, 1, commit(&info, Side::Black, &men[1])),
        (Side::White, 2, mv("e2e4")),
        (Side::Black, 2, mv("e7e5")),
        (Side::White, 3, Action::Resign),
        (Side::White, 4, reveal(&men[0])),
        (Side::Black, 3, reveal(&men[1])),
    ];
    for (side, seq, action) in steps {
        match side {
            Side::White => {
                w.play(seq, action).await;
                black_heard.push(b.recv_any().await);
            }
            Side::Black => {
                b.act(seq, action).await;
                black_heard.push(b.recv_any().await); // the ack
                black_heard.push(b.recv_any().await); // the event
                w.event().await;
            }
        }
        spectator_heard.push(s.recv_any().await);
    }
    let black_heard = before_reveal(black_heard);
    let spectator_heard = before_reveal(spectator_heard);
    // One at a time, so the log's order is the order of closing; each close is told to the
    // connections left (presence) before the next closes, or a close could cross that message
    // and be logged as a broken connection instead.
    w.close().await;
    wait_closed(&server, 1).await;
    b.recv_any().await;
    s.recv_any().await;
    b.close().await;
    wait_closed(&server, 2).await;
    s.recv_any().await;
    s.close().await;
    wait_closed(&server, 3).await;
    let short = &white.game.hex()[..8];
    let log = server
        .lines()
        .into_iter()
        // The lines that name this machine's paths and port.
        .filter(|l| !l.contains("listening on") && !l.contains("index.html"))
        .map(|l| {
            let l = l.replace(short, "<game>");
            l.split(' ')
                .map(|word| {
                    let digits = word.trim_end_matches(':');
                    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                        "<n>"
                    } else {
                        word
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let conn = rusqlite::Connection::open(&data).expect("the database opens");
    let mut query = conn
        .prepare("SELECT n, side, seq, body FROM events ORDER BY n")
        .expect("a query");
    let rows = query
        .query_map([], |row| {
            let body: String = row.get(3)?;
            Ok(json!({
                "n": row.get::<_, i64>(0)?,
                "side": row.get::<_, Option<String>>(1)?,
                "seq": row.get::<_, Option<i64>>(2)?,
                "body": serde_json::from_str::<Value>(&body).unwrap_or(Value::Null),
            }))
        })
        .expect("rows")
        .map(|row| normalise(row.expect("a row")))
        .take_while(|row| !row["body"].to_string().contains("reveal"))
        .collect();
    Trace {
        log,
        rows,
        black: black_heard,
        spectator: spectator_heard,
    }
}

/// Waits until the server's log tells `count` closed connections.
async fn wait_closed(server: &Server, count: usize) {
    let started = Instant::now();
    while server
        .lines()
        .iter()
        .filter(|l| l.contains(" closed: "))
        .count()
        < count
    {
        assert!(
            started.elapsed() < WAIT,
            "connection closed: {:?}",
            server.lines()
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn two_beirut_games_with_the_same_public_moves_but_other_carriers_look_the_same() {
    let a = play_one(["b1", "a7"], 11).await;
    let b = play_one(["g1", "h8"], 99).await;
    assert!(a.log.len() >= 10, "{:?}", a.log);
    assert_eq!(a.log, b.log, "log lines");
    assert_eq!(
        a.rows.len(),
        7,
        "two seats, two commitments, two moves, a resignation"
    );
    assert_eq!(a.rows, b.rows, "database rows");
    assert_eq!(
        a.black.len(),
        8,
        "a presence update, 5 events, 2 acks: {:?}",
        a.black
    );
    assert_eq!(
        a.spectator.len(),
        8,
        "a welcome, 2 presence updates, 5 events"
    );
    assert_eq!(a.black, b.black, "what the opponent heard");
    assert_eq!(a.spectator, b.spectator, "what the spectator heard");
}
