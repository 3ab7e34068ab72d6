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
    let depths: Vec<u32> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect();
    // One line per iteration, 1 to 4, then the final decision at depth 4.
    assert_eq!(depths, vec![1, 2, 3, 4, 4], "{lines:?}");
    uci.quit();
}
