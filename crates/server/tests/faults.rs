//! Faults and bad input: actions sent twice, reconnects, a server killed with SIGKILL and
//! started again, malformed and hostile messages, and what the database and the log keep.

mod common;

use boomchess_online::message::MAX_MESSAGE_BYTES;
use boomchess_online::{Action, ClientMessage, OnlineGame, SeatToken, ServerMessage, Side, What};
use common::{mv, stratomic_pawn_moves, temp_data, welcome_record, Server};
use serde_json::json;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn the_same_action_twice_is_one_event_and_two_acks_a_changed_one_or_a_gap_is_refused() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let (white, black) = server.game("stratomic").await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    let played = w.play(1, mv("e3e4")).await;
    w.act(1, mv("e3e4")).await;
    w.ack(1).await;
    w.act(1, mv("d3d4")).await;
    w.error("sequence-reused").await;
    assert_eq!(b.event().await, played);
    b.act(3, mv("e8e7")).await;
    b.error("out-of-order").await;
    b.act(0, mv("e8e7")).await;
    b.error("out-of-order").await;
    // Black's next event is its own move: White's repeated action was not applied again.
    let reply = b.play(1, mv("e8e7")).await;
    assert!(matches!(
        reply.what,
        What::Acted {
            side: Side::Black,
            ..
        }
    ));
    assert_eq!(w.event().await, reply);
    let (_s, welcome) = server.connect(&white, None).await;
    let (events, _) = welcome_record(&welcome);
    let moves = events
        .iter()
        .filter(|e| matches!(e.what, What::Acted { .. }))
        .count();
    assert_eq!(moves, 2, "one event per action: {events:?}");
}

#[tokio::test]
async fn a_player_who_reconnects_gets_the_whole_record_and_plays_on() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let (white, black) = server.game("flying-bombers").await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    w.play(1, mv("e2e4")).await;
    b.event().await;
    b.play(1, mv("e9e7")).await;
    w.event().await;
    w.close().await;
    // Black hears that White has gone.
    loop {
        if let ServerMessage::Presence { presence } = b.recv_any().await {
            if !presence.white {
                break;
            }
        }
    }
    let (mut w, welcome) = server.connect(&white, Some(&white)).await;
    let ServerMessage::Welcome {
        seat,
        last_seq,
        events,
        presence,
        ..
    } = welcome
    else {
        unreachable!()
    };
    assert_eq!((seat, last_seq), (Some(Side::White), 1));
    assert_eq!(events.len(), 4, "two seats and two moves: {events:?}");
    assert!(presence.white && presence.black);
    let played = w.play(2, mv("d2d4")).await;
    assert_eq!(b.event().await, played);
    b.play(2, mv("d9d7")).await;
    w.event().await;
}

#[tokio::test]
async fn a_server_killed_mid_game_comes_back_with_every_acknowledged_move_and_its_clocks() {
    let (_dir, data) = temp_data();
    let mut server = Server::start(&data);
    let white = server
        .create(json!({
            "variant": "stratomic",
            "side": "white",
            "clock": {"initial": 60, "increment": 0},
        }))
        .await;
    let black = server.join(&white).await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    let moves = stratomic_pawn_moves();
    let mut seqs = [0u32; 2];
    for (ply, uci) in moves.iter().take(6).enumerate() {
        let (me, other) = if ply % 2 == 0 {
            (&mut w, &mut b)
        } else {
            (&mut b, &mut w)
        };
        seqs[ply % 2] += 1;
        let event = me.play(seqs[ply % 2], mv(uci)).await;
        assert_eq!(other.event().await, event);
    }
    // White's seventh ply is sent and acknowledged, and the server dies before anything else.
    seqs[0] += 1;
    w.act(seqs[0], mv(&moves[6])).await;
    w.ack(seqs[0]).await;
    let (_s, before) = server.connect(&white, None).await;
    let (record, _) = welcome_record(&before);
    server.kill();
    let killed = Instant::now();
    tokio::time::sleep(Duration::from_millis(300)).await;

    let mut server = Server::start(&data);
    let (mut w, welcome) = server.connect(&white, Some(&white)).await;
    let (events, last_seq) = welcome_record(&welcome);
    assert_eq!(events, record, "the record survives, times and all");
    assert_eq!(last_seq, 4, "White's four acknowledged actions");
    assert!(
        matches!(&events[8].what, What::Acted { action, .. } if *action == mv(&moves[6])),
        "the last acknowledged move is there: {:?}",
        events[8]
    );
    let (mut b, welcome) = server.connect(&white, Some(&black)).await;
    assert_eq!(welcome_record(&welcome).1, 3);
    let ServerMessage::Welcome { game, now, .. } = &welcome else {
        unreachable!()
    };
    let replayed = OnlineGame::replay(game.clone(), &events).expect("the record replays");
    let clocks = replayed.clocks(*now).expect("the game has clocks");
    let last = events.last().expect("events").at;
    let elapsed = now - last;
    assert!(
        elapsed >= killed.elapsed().as_millis() as u64 - 50,
        "the restart took time"
    );
    assert_eq!(
        clocks[Side::Black.index()],
        replayed.clocks(last).expect("clocks")[1] - elapsed,
        "Black's clock ran on from the stored time of White's move"
    );
    // The game goes on and ends.
    let played = b.play(4, mv(&moves[7])).await;
    assert_eq!(w.event().await, played);
    assert!(played.at >= last + elapsed, "{played:?}");
    w.act(4, mv(&moves[6])).await;
    w.ack(4).await; // the very action stored before the crash, sent again: acknowledged again
    let resigned = w.play(5, Action::Resign).await;
    assert_eq!(b.event().await, resigned);
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(body["result"]["winner"], "black", "{body}");
    server.kill();
}

#[tokio::test]
async fn bad_input_gets_errors_naming_the_problem_and_the_game_is_unchanged() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let (white, black) = server.game("stratomic").await;

    // Hand-made frames start from real ones, whatever the wire format.
    let text = |message: &ClientMessage| serde_json::to_string(message).expect("serialises");
    let act = |seq: u32, action: Action| text(&ClientMessage::Act { seq, action });
    let stranger = SeatToken([7; 16]);
    let hello = text(&ClientMessage::Hello {
        token: Some(stranger),
    });

    let mut early = server.socket(&white).await;
    early.act(1, mv("e3e4")).await;
    early.error("not-hello").await;
    early
        .send_text(&hello.replace(&stranger.hex(), "xyz"))
        .await;
    early.error("bad-message").await;
    early.send_text(&hello).await;
    early.error("bad-token").await;
    early.closed().await;

    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let (mut s, _) = server.connect(&white, None).await;
    w.send_text(&act(1, mv(&"e".repeat(MAX_MESSAGE_BYTES))))
        .await;
    let message = w.error("too-large").await;
    assert!(message.contains("8192"), "{message}");
    let resign = act(1, Action::Resign);
    w.send_text(&resign[..resign.len() / 2]).await;
    w.error("bad-message").await;
    let dance = text(&ClientMessage::Hello { token: None }).replace("hello", "dance");
    w.send_text(&dance).await;
    let message = w.error("bad-message").await;
    assert!(
        message.contains("dance"),
        "names the unknown type: {message}"
    );
    w.send_text(&format!("{},\"x\":1}}", &resign[..resign.len() - 1]))
        .await;
    w.error("bad-message").await;
    assert!(resign.contains("\"seq\":1"), "{resign}");
    w.send_text(&resign.replace("\"seq\":1", "\"seq\":99999999999"))
        .await;
    w.error("bad-message").await;
    w.send(&ClientMessage::Hello { token: None }).await;
    w.error("not-hello").await;
    w.send_frame(Message::binary(vec![1u8, 2, 3])).await;
    w.error("bad-message").await;
    s.act(1, mv("e3e4")).await;
    s.error("spectator").await;
    s.act(1, Action::Resign).await;
    s.error("spectator").await;

    // The game is as it was: White's first action is still number 1.
    let played = w.play(1, mv("e3e4")).await;
    assert_eq!(s.event().await, played);
    let (_b, welcome) = server.connect(&white, Some(&black)).await;
    assert_eq!(welcome_record(&welcome).0.len(), 3);

    // A frame far above the limit breaks the connection at the WebSocket layer.
    let mut huge = server.socket(&white).await;
    huge.send_text(&"x".repeat(100 * 1024)).await;
    huge.closed().await;
    let (status, _) = server.http("GET", "/online.json", None).await;
    assert_eq!(status, 200, "the server still answers");
}

#[tokio::test]
async fn ten_refusals_close_the_connection_and_the_server_serves_the_others() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let (white, black) = server.game("flying-bombers").await;
    let (mut b, _) = server.connect(&white, Some(&black)).await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    for n in 0..10 {
        w.send_text(&format!("not json {n}")).await;
        w.error("bad-message").await;
    }
    w.error("abuse").await;
    w.closed().await;
    let (mut w, _) = server.connect(&white, Some(&white)).await;
    let played = w.play(1, mv("e2e3")).await;
    assert_eq!(b.event().await, played, "the others are served");
    let log = server.lines();
    assert!(
        log.iter().any(|l| l.ends_with("refused abuse")),
        "the abuse is logged: {log:?}"
    );
}

#[tokio::test]
async fn the_database_and_the_log_hold_no_seat_token() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let mut seats = Vec::new();
    for variant in ["stratomic", "flying-bombers"] {
        let (white, black) = server.game(variant).await;
        let (mut w, _) = server.connect(&white, Some(&white)).await;
        w.play(1, Action::Resign).await;
        seats.push(white);
        seats.push(black);
    }
    let log = server.lines().join("\n");
    let mut stored = Vec::new();
    for suffix in ["", "-wal", "-shm"] {
        let mut path = data.clone().into_os_string();
        path.push(suffix);
        stored.extend(std::fs::read(&path).unwrap_or_default());
    }
    assert!(stored.len() > 4096, "the database was read");
    let contains = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).any(|w| w == needle);
    let conn = rusqlite::Connection::open(&data).expect("the database opens");
    for seat in &seats {
        let hex = seat.token.hex();
        assert!(
            !contains(&stored, &seat.token.0),
            "token bytes in the database"
        );
        assert!(
            !contains(&stored, hex.as_bytes()),
            "token hex in the database"
        );
        assert!(
            !contains(&stored, hex.to_uppercase().as_bytes()),
            "token HEX in the database"
        );
        assert!(!log.contains(&hex), "a token in the log");
        let hash: Vec<u8> = conn
            .query_row(
                "SELECT token_hash FROM seats WHERE game = ?1 AND side = ?2",
                rusqlite::params![&seat.game.0[..], seat.side.name()],
                |row| row.get(0),
            )
            .expect("the seat's row");
        use sha2::Digest;
        assert_eq!(hash, sha2::Sha256::digest(seat.token.0).to_vec());
    }
    assert!(
        !log.contains("e3e4") && !log.contains("resign\""),
        "no bodies: {log}"
    );
}

#[tokio::test]
async fn a_move_reaches_the_other_player_within_milliseconds() {
    let (_dir, data) = temp_data();
    let server = Server::start(&data);
    let mut times = Vec::new();
    while times.len() < 100 {
        let (white, black) = server.game("stratomic").await;
        let (mut w, _) = server.connect(&white, Some(&white)).await;
        let (mut b, _) = server.connect(&white, Some(&black)).await;
        let mut seqs = [0u32; 2];
        for (ply, uci) in stratomic_pawn_moves().iter().enumerate() {
            let (me, other) = if ply % 2 == 0 {
                (&mut w, &mut b)
            } else {
                (&mut b, &mut w)
            };
            seqs[ply % 2] += 1;
            let sent = Instant::now();
            me.act(seqs[ply % 2], mv(uci)).await;
            let event = other.event().await;
            times.push(sent.elapsed());
            me.ack(seqs[ply % 2]).await;
            assert_eq!(me.event().await, event);
        }
    }
    times.truncate(100);
    times.sort();
    println!(
        "move to the other player's board over loopback, {} moves: median {:.2} ms, max {:.2} ms",
        times.len(),
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3
    );
    assert!(times[times.len() / 2] < Duration::from_millis(500));
}

#[tokio::test]
async fn a_flag_that_fell_while_the_server_was_down_is_judged_when_the_game_is_loaded() {
    let (_dir, data) = temp_data();
    let mut server = Server::start(&data);
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
    let started = b.play(1, mv("e8e7")).await;
    server.kill();
    tokio::time::sleep(Duration::from_millis(1200)).await;

    let server = Server::start(&data);
    let (_w, welcome) = server.connect(&white, Some(&white)).await;
    let (events, _) = welcome_record(&welcome);
    let flag = events.last().expect("events");
    assert_eq!(
        flag.what,
        What::FlagFell { side: Side::White },
        "{events:?}"
    );
    assert_eq!(flag.at, started.at + 1000, "judged at the moment it fell");
    let (_, body) = server
        .http("GET", &format!("/api/games/{}", white.game), None)
        .await;
    assert_eq!(body["result"]["reason"], "timeout", "{body}");
}
