//! The `boomchess` binary, run as a separate process.

mod common;

use common::{boomchess, stdout};
use std::process::{Command, Output};

fn last_line(out: &Output) -> String {
    stdout(out).lines().last().unwrap_or_default().to_string()
}

/// A refused command: exit code 2 and exactly one line on stderr.
fn assert_refused(args: &[&str], mentions: &str) {
    let out = boomchess(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "one-line error for {args:?}: {err}");
    assert!(
        err.contains(mentions),
        "{args:?}: '{err}' should mention '{mentions}'"
    );
}

#[test]
fn perft_start_position_counts_are_the_published_ones() {
    let out = boomchess(&["perft", "--variant", "beirut", "--depth", "3"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "8902");
}

#[test]
fn perft_depth_zero_is_one() {
    assert_eq!(last_line(&boomchess(&["perft", "--depth", "0"])), "1");
}

#[test]
fn perft_on_a_fen() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = boomchess(&["perft", "--fen", kiwipete, "--depth", "2"]);
    assert_eq!(last_line(&out), "2039");
}

#[test]
fn divide_prints_one_line_per_move_then_the_total() {
    let out = boomchess(&["perft", "--depth", "2", "--divide"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21, "20 moves and the total");
    assert!(lines.contains(&"e2e4 20"));
    assert!(lines.contains(&"g1f3 20"));
    assert_eq!(lines[20], "400");
}

#[test]
fn perft_counts_booms_of_beirut_carriers() {
    // White: Ke1, carrier pawn a2; Black: Ke8. White has 5 king moves, the
    // pawn's 2 steps and 1 boom (it destroys only the pawn itself).
    let out = boomchess(&[
        "perft",
        "--fen",
        "4k3/8/8/8/8/8/P*7/4K3 w - - 0 1",
        "--depth",
        "1",
        "--divide",
    ]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "@a2 1"), "{text}");
    assert_eq!(last_line(&out), "8");
}

#[test]
fn the_other_variants_and_options() {
    let depth1 = |args: &[&str]| {
        let mut all = vec!["perft", "--depth", "1"];
        all.extend_from_slice(args);
        last_line(&boomchess(&all))
    };
    assert_eq!(depth1(&["--variant", "stratomic"]), "44");
    assert_eq!(depth1(&["--variant", "flying-bombers"]), "36");
    assert_eq!(
        depth1(&["--variant", "flying-bombers", "--option", "super-knights"]),
        "40"
    );
    assert_eq!(
        depth1(&[
            "--variant",
            "beirut",
            "--option",
            "dead-mans-switch",
            "--option",
            "carriers=2"
        ]),
        "20"
    );
}

#[test]
fn unknown_variant_is_refused() {
    assert_refused(
        &["perft", "--variant", "atomic", "--depth", "1"],
        "unknown variant 'atomic'",
    );
}

#[test]
fn option_of_another_variant_is_refused() {
    assert_refused(
        &[
            "perft",
            "--variant",
            "stratomic",
            "--depth",
            "1",
            "--option",
            "dead-mans-switch",
        ],
        "does not belong to stratomic",
    );
}

#[test]
fn bad_fen_is_refused_with_the_reason() {
    assert_refused(
        &[
            "perft",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "--depth",
            "1",
        ],
        "ranks",
    );
    assert_refused(
        &[
            "perft",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "--depth",
            "1",
        ],
        "king",
    );
}

#[test]
fn bad_arguments_are_refused() {
    assert_refused(&["perft"], "--depth is required");
    assert_refused(&["perft", "--depth", "x"], "--depth needs a number");
    assert_refused(
        &["perft", "--depth", "1", "--fast"],
        "unknown option '--fast'",
    );
    assert_refused(&["frobnicate"], "unknown command");
}

#[test]
fn a_closed_output_pipe_ends_the_program_quietly() {
    use std::process::Stdio;
    // Depth 6 takes a while before the first line, so the pipe is closed
    // (as when `| head` has exited) before the program writes to it.
    let mut child = Command::new(env!("CARGO_BIN_EXE_boomchess"))
        .args(["perft", "--depth", "6", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("exits");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "status {}: {err}", out.status);
}
