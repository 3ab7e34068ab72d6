//! The load generator (`examples/loadgen`), briefly, as a test: a few hundred games of all three
//! variants moving several times a second through the real server binary, the server killed with
//! SIGKILL in the middle and started again on the same database. No timing is judged (the machine
//! is shared); every acknowledged action must be in the records exactly once, the two players'
//! records and the server's must agree, every client must come back and every game move on.

// The command line uses the engine's other parts (a server given by its address).
#[allow(dead_code)]
#[path = "../examples/loadgen/load.rs"]
mod load;

use load::{Options, Target};
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_games_survive_a_kill_with_nothing_lost_or_duplicated() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let options = Options {
        games: 300,
        interval: Duration::from_millis(200),
        ramp: Duration::from_secs(1),
        duration: Duration::from_secs(6),
        restart_after: Some(Duration::from_secs(3)),
        target: Target::Spawn {
            program: env!("CARGO_BIN_EXE_boomchess-server").into(),
            args: Vec::new(),
        },
        // Short games, so that some end (resigned or on the board, then revealed) and new ones
        // take their slots.
        plies: 16,
        seed: 17,
        http_connections: 8,
    };
    let started = Instant::now();
    let report = load::run(options, dir.path()).await.expect("the run");
    let summary = format!("{report:#?}");
    assert_eq!(report.lost, 0, "{summary}");
    assert_eq!(report.duplicated, 0, "{summary}");
    assert_eq!(report.mismatched, 0, "{summary}");
    assert_eq!(report.bad_records, 0, "{summary}");
    assert!(report.refusals.is_empty(), "{summary}");
    assert_eq!((report.disconnects, report.failures), (0, 0), "{summary}");
    assert!(report.checks_hold(), "{summary}");
    let restart = report.restart.as_ref().expect("a restart");
    assert_eq!(restart.clients_back, restart.clients, "{summary}");
    assert!(restart.games > 0, "{summary}");
    assert_eq!(restart.games_continued, restart.games, "{summary}");
    assert!(report.games_ended > 0, "some games ended: {summary}");
    assert!(
        report.games_verified > 0,
        "unfinished games checked against the server: {summary}"
    );
    let kinds: Vec<&str> = report.by_kind.iter().map(|(k, _)| k.as_str()).collect();
    for kind in ["commit", "move", "boom", "reveal"] {
        assert!(kinds.contains(&kind), "no {kind} acknowledged: {summary}");
    }
    eprintln!("{summary}\n(in {:?})", started.elapsed());
}
