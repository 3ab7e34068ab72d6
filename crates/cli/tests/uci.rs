//! `boomchess uci` driven as a separate process, as a GUI would.

use boomchess_rules::{Options, Variant, VariantPosition};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

struct Uci {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boomchess"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("boomchess uci starts");
        let input = child.stdin.take().expect("stdin");
        let output = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("engine reads its input");
        self.input.flush().expect("flush");
    }

    /// Lines up to and including the first one starting with `prefix`.
    fn until(&mut self, prefix: &str, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no '{prefix}' within {within:?}; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().expect("engine exits");
        assert!(status.success(), "engine exit status {status}");
    }
}

fn bestmove(lines: &[String]) -> String {
    lines
        .last()
        .and_then(|l| l.strip_prefix("bestmove "))
        .map(|m| m.split_whitespace().next().unwrap_or_default().to_string())
        .expect("a bestmove line")
}

const LONG: Duration = Duration::from_secs(30);

#[test]
fn handshake_lists_the_options() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.until("uciok", LONG);
    assert!(lines[0].starts_with("id name boomchess"));
    for option in [
        "UCI_Variant",
        "Options",
        "Level",
        "Hash",
        "UCI_LimitStrength",
        "UCI_Elo",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} "))),
            "option {option} missing: {lines:?}"
        );
    }
    uci.send("isready");
    uci.until("readyok", LONG);
    uci.quit();
}

#[test]
fn go_depth_reports_info_and_a_legal_bestmove() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go depth 3");
    let lines = uci.until("bestmove", LONG);
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    for field in [" score ", " nodes ", " nps ", " pv "] {
        assert!(info.contains(field), "info lacks{field}: {info}");
    }
    let mut pos = VariantPosition::new(Variant::Beirut, Options::default());
    pos.play_uci("e2e4").unwrap();
    pos.play_uci("e7e5").unwrap();
    assert!(pos.parse_uci(&bestmove(&lines)).is_ok(), "{lines:?}");
    uci.quit();
}

#[test]
fn answers_isready_and_stop_while_searching() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    uci.send("isready");
    let lines = uci.until("readyok", LONG);
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "readyok took {:?}",
        asked.elapsed()
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "infinite search answered early"
    );
    let stopped = Instant::now();
    uci.send("stop");
    let lines = uci.until("bestmove", LONG);
    assert!(
        stopped.elapsed() < Duration::from_secs(2),
        "stop took {:?}",
        stopped.elapsed()
    );
    let pos = VariantPosition::new(Variant::Beirut, Options::default());
    assert!(pos.parse_uci(&bestmove(&lines)).is_ok());
    uci.quit();
}

#[test]
fn movetime_is_respected() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    let started = Instant::now();
    uci.send("go movetime 300");
    uci.until("bestmove", LONG);
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(100),
        "answered after {took:?}"
    );
    assert!(took < Duration::from_secs(3), "answered after {took:?}");
    uci.quit();
}

#[test]
fn bad_input_gets_an_error_and_the_engine_keeps_working() {
    let mut uci = Uci::start();
    for bad in [
        "position fen not a fen",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5",
        "position sideways",
        "frobnicate",
        "go depth",
        "go nodes -5",
        "setoption name Level value 99",
        "setoption name Options value super-knights",
        "setoption name UCI_Variant value atomic",
        "setoption name Nonsense value 1",
    ] {
        uci.send(bad);
        let lines = uci.until("info string error", LONG);
        assert!(
            lines.last().unwrap().len() > "info string error: ".len(),
            "{bad}"
        );
    }
    // The illegal move left the previous (start) position in place.
    uci.send("go depth 2");
    let lines = uci.until("bestmove", LONG);
    let pos = VariantPosition::new(Variant::Beirut, Options::default());
    assert!(pos.parse_uci(&bestmove(&lines)).is_ok(), "{lines:?}");
    uci.quit();
}

#[test]
fn plays_the_other_variants() {
    for (variant, options) in [
        ("stratomic", "<empty>"),
        ("flying-bombers", "super-knights,immediate-landing"),
    ] {
        let mut uci = Uci::start();
        uci.send(&format!("setoption name UCI_Variant value {variant}"));
        uci.send(&format!("setoption name Options value {options}"));
        uci.send("position startpos");
        uci.send("go depth 2");
        let lines = uci.until("bestmove", LONG);
        let v = Variant::from_name(variant).unwrap();
        let words: Vec<&str> = if options == "<empty>" {
            vec![]
        } else {
            options.split(',').collect()
        };
        let pos = VariantPosition::new(v, Options::parse(v, &words).unwrap());
        assert!(
            pos.parse_uci(&bestmove(&lines)).is_ok(),
            "{variant}: {lines:?}"
        );
        uci.quit();
    }
}

#[test]
fn beirut_view_accepts_an_enemy_boom_it_did_not_know_about() {
    let mut uci = Uci::start();
    // Black's view: its own carrier on g8; White's carrier (the e5 knight)
    // is unknown until White plays Boom@e5 (the wiki-book example).
    let view = "r1b1kbn*r/1pp2ppp/p1p5/4N3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6";
    uci.send(&format!("position fen {view} moves @e5"));
    uci.send("go depth 2");
    let lines = uci.until("bestmove", LONG);
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    // After the boom the queen on d4 and the knight are gone.
    let options = Options::default();
    let mut referee = VariantPosition::from_fen(
        Variant::Beirut,
        options,
        "r1b1kbn*r/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6",
    )
    .unwrap();
    referee.play_uci("@e5").unwrap();
    assert!(referee.parse_uci(&bestmove(&lines)).is_ok(), "{lines:?}");
    uci.quit();
}

#[test]
fn after_the_enemys_only_carrier_boomed_no_hidden_carrier_is_feared() {
    // Black's view as in the wiki-book example: before White's boom Black must guess where
    // White's one carrier is; once Boom@e5 has been seen, White has none left.
    let view = "r1b1kbn*r/1pp2ppp/p1p5/4N3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6";
    let searched = |position: &str| {
        let mut uci = Uci::start();
        uci.send(&format!("position {position}"));
        uci.send("go depth 2");
        let lines = uci.until("bestmove", LONG);
        uci.quit();
        let line = lines
            .iter()
            .find(|l| l.starts_with("info string placements of hidden enemy carriers"))
            .unwrap_or_else(|| panic!("no placements line in {lines:?}"))
            .clone();
        line.rsplit(' ').next().unwrap().parse::<u32>().unwrap()
    };
    assert!(
        searched(&format!("fen {view} moves a2a3")) > 0,
        "Black guesses where White's carrier is"
    );
    assert_eq!(
        searched(&format!("fen {view} moves @e5")),
        0,
        "after Boom@e5 White has no carrier left to fear"
    );
}

#[test]
fn limit_strength_and_level_still_answer() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_LimitStrength value true");
    uci.send("setoption name UCI_Elo value 1000");
    uci.send("position startpos");
    uci.send("go movetime 200");
    uci.until("bestmove", LONG);
    uci.send("setoption name UCI_LimitStrength value false");
    uci.send("setoption name Level value 1");
    uci.send("go movetime 200");
    uci.until("bestmove", LONG);
    uci.quit();
}

#[test]
fn end_of_input_lets_a_bounded_search_answer() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boomchess"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut input = child.stdin.take().unwrap();
    writeln!(input, "position startpos\ngo depth 3").unwrap();
    drop(input);
    let out = child.wait_with_output().expect("exits");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
}

#[test]
fn reports_every_finished_iteration() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go depth 4");
    let lines = uci.until("bestmove", LONG);
    let depths: Vec<u64> = info_lines(&lines)
        .iter()
        .filter_map(|l| info_number(l, "depth"))
        .collect();
    // One line per iteration, 1 to 4, then the final decision at depth 4.
    assert_eq!(depths, vec![1, 2, 3, 4, 4], "{lines:?}");
    uci.quit();
}

/// `field`'s number in an `info depth ...` line (`depth`, `nodes`, ...).
fn info_number(line: &str, field: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == field)?;
    words.next()?.parse().ok()
}

/// The `info depth` lines of one search.
fn info_lines(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .collect()
}

/// Ways of asking for the strongest play: `Level` 8, `UCI_LimitStrength`
/// with the top `UCI_Elo`, and a low `UCI_Elo` that `UCI_LimitStrength` (off)
/// does not switch on.
const STRONG: [(&str, &[&str]); 3] = [
    ("Level 8", &["setoption name Level value 8"]),
    (
        "UCI_LimitStrength with UCI_Elo 2160",
        &[
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 2160",
        ],
    ),
    (
        "UCI_Elo 900 without UCI_LimitStrength",
        &[
            "setoption name UCI_LimitStrength value false",
            "setoption name UCI_Elo value 900",
        ],
    ),
];

/// Ways of asking for level 1, the beginner (README: `UCI_Elo` plays the level whose
/// rating is at most it; 900 is the lowest, level 1's rating).
const WEAK: [(&str, &[&str]); 2] = [
    ("Level 1", &["setoption name Level value 1"]),
    (
        "UCI_LimitStrength with UCI_Elo 900",
        &[
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 900",
        ],
    ),
];

/// One engine set up by `setup`, searching `position` with `go` once per seed
/// (`ucinewgame` moves the seed on); the lines of each search.
fn searches(setup: &[&str], position: &str, go: &str, seeds: usize) -> Vec<Vec<String>> {
    let mut uci = Uci::start();
    for line in setup {
        uci.send(line);
    }
    let mut all = Vec::new();
    for _ in 0..seeds {
        uci.send("ucinewgame");
        uci.send(&format!("position {position}"));
        uci.send(go);
        all.push(uci.until("bestmove", LONG));
    }
    uci.quit();
    assert!(
        !all.iter().flatten().any(|l| l.contains("error")),
        "{setup:?}: {all:?}"
    );
    all
}

#[test]
fn level_and_uci_elo_cap_the_depth_and_nodes_of_the_same_go() {
    // Levels 1-2 search two plies (crates/ai LEVELS), stopping at four times
    // level 1's 3 000-node budget at the latest; level 8 goes as deep as `go` asks.
    const LEVEL_1_DEPTH: u64 = 2;
    const LEVEL_1_NODES: u64 = 4 * 3_000;
    let go = "go depth 5";
    for position in [
        "startpos moves e2e4 e7e5 g1f3 b8c6",
        "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P4PPP/R1BQKB1R w KQ - 1 9",
    ] {
        let mut strong_nodes = Vec::new();
        for (name, setup) in STRONG {
            let lines = &searches(setup, position, go, 1)[0];
            let info = info_lines(lines);
            let depths: Vec<u64> = info
                .iter()
                .filter_map(|l| info_number(l, "depth"))
                .collect();
            assert_eq!(
                depths,
                vec![1, 2, 3, 4, 5, 5],
                "{name} at {position}: every iteration up to go's depth 5: {lines:?}"
            );
            strong_nodes.push(info_number(info.last().unwrap(), "nodes").unwrap());
        }
        for (name, setup) in WEAK {
            let lines = &searches(setup, position, go, 1)[0];
            let info = info_lines(lines);
            assert!(!info.is_empty(), "{name}: no info line: {lines:?}");
            for line in &info {
                let depth = info_number(line, "depth").unwrap();
                let nodes = info_number(line, "nodes").unwrap();
                assert!(
                    (1..=LEVEL_1_DEPTH).contains(&depth),
                    "{name} at {position}: level 1 searches two plies, not {depth}: {lines:?}"
                );
                assert!(
                    nodes <= LEVEL_1_NODES,
                    "{name} at {position}: {nodes} nodes, level 1 stops by {LEVEL_1_NODES}: {lines:?}"
                );
            }
            let nodes = info_number(info.last().unwrap(), "nodes").unwrap();
            assert!(
                strong_nodes.iter().all(|&strong| nodes < strong),
                "{name} at {position}: {nodes} nodes, no fewer than full strength's {strong_nodes:?}"
            );
        }
    }
}

/// The moves of the side to move that mate at once.
fn mates_in_one(pos: &VariantPosition) -> Vec<String> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            child.is_check() && child.legal_moves().is_empty()
        })
        .map(|m| pos.move_to_uci(m))
        .collect()
}

/// The first moves after which every reply allows a mate in one.
fn mate_in_two_keys(pos: &VariantPosition) -> Vec<String> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            let replies = child.legal_moves();
            !replies.is_empty()
                && replies.into_iter().all(|r| {
                    let mut grandchild = child;
                    grandchild.play_unchecked(r);
                    !mates_in_one(&grandchild).is_empty()
                })
        })
        .map(|m| pos.move_to_uci(m))
        .collect()
}

#[test]
fn level_8_always_plays_a_mate_in_two_that_level_1_misses() {
    // Orthodox chess (Beirut without carriers). Each is a mate in two with one
    // key, a quiet move (no check, no capture): three plies, one more than
    // level 1's two (crates/ai LEVELS: levels 1-2 "miss a deeper tactic").
    // Level 8 gets a node budget smaller than it ever plays with (a tenth of a second
    // searches about 100 000), not a nominal depth: forward pruning (reverse futility at
    // the defender's node) may leave a nominal depth of 5 short of three plies.
    let problems = [
        ("8/8/8/5p1Q/2K5/8/8/k7 w - - 0 1", "c4b3"),
        ("2R5/8/8/8/1p6/8/1K3R2/4k3 w - - 0 1", "f2h2"),
        ("7k/8/8/1p1N2K1/8/8/R7/8 w - - 0 1", "g5g6"),
        ("8/1R6/6K1/4R3/7k/8/8/6n1 w - - 0 1", "e5g5"),
    ];
    for (fen, key) in problems {
        let pos = VariantPosition::from_fen(Variant::Beirut, Options::default(), fen).unwrap();
        assert_eq!(mates_in_one(&pos), Vec::<String>::new(), "{fen}");
        assert_eq!(mate_in_two_keys(&pos), vec![key], "{fen}");
        let m = pos.parse_uci(key).unwrap();
        let mut after = pos;
        after.play_unchecked(m);
        assert!(!after.is_check(), "{fen}: {key} is quiet");
    }
    const SEEDS: usize = 3;
    let go = "go nodes 20000";
    for (name, setup) in STRONG {
        for (fen, key) in problems {
            for lines in searches(setup, &format!("fen {fen}"), go, SEEDS) {
                assert_eq!(bestmove(&lines), key, "{name} at {fen}: {lines:?}");
                let last = info_lines(&lines).pop().unwrap().clone();
                assert!(last.contains(" score mate 2 "), "{name} at {fen}: {last}");
            }
        }
    }
    for (name, setup) in WEAK {
        let mut found = 0;
        for (fen, key) in problems {
            for lines in searches(setup, &format!("fen {fen}"), go, SEEDS) {
                let chosen = bestmove(&lines);
                let pos =
                    VariantPosition::from_fen(Variant::Beirut, Options::default(), fen).unwrap();
                assert!(pos.parse_uci(&chosen).is_ok(), "{name}: {lines:?}");
                found += usize::from(chosen == key);
            }
        }
        let tries = problems.len() * SEEDS;
        eprintln!("{name}: played the key in {found} of {tries} searches");
        assert!(
            found < tries,
            "{name} found every mate in two, as if it were level 8"
        );
    }
}
