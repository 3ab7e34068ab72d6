//! `boomchess uci`: the Universal Chess Interface on stdin/stdout, so chess
//! GUIs, match runners and python-chess can drive the engine.
//!
//! The search runs on its own thread; the input thread keeps answering
//! (`isready`, `stop`, `quit`) while it thinks. Nothing the GUI sends can
//! make the engine panic: a bad command or position gets an
//! `info string error: ...` line and the previous state is kept.

use crate::output::out;
use boomchess_ai::{mate_in, Engine, Iteration, Limits, Settings};
use boomchess_rules::{Color, Options, Variant, VariantPosition};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Estimated ratings of the levels (`UCI_Elo`), from games against
/// Stockfish 15.1 with `UCI_LimitStrength` at 0.1 s a move in orthodox chess
/// (`tools/uci_match.py`, 6 December 2026, the engine with the second 8×8
/// network): level 1 ≈ 901 (100 games against UCI_Elo 1350 and 1700), level 2
/// ≈ 1183, level 3 ≈ 1547, level 4 ≈ 1760 (40 games each against 1350 and
/// 1700), level 5 ≈ 1900, level 6 ≈ 2057, level 7 ≈ 2135 (40 games each against
/// 1700 and 2100), level 8 ≈ 2162 (40 games against 2100 and 2300; at 0.1 s a
/// move the searches of levels 6 to 8 are cut by the time, not their budgets,
/// and differ little). Rough figures: Stockfish's own scale is calibrated for
/// longer games, and level 8 rates ≈ 2300 at 1 s a move.
pub const LEVEL_ELO: [(u8, u32); 8] = [
    (1, 900),
    (2, 1180),
    (3, 1550),
    (4, 1760),
    (5, 1900),
    (6, 2060),
    (7, 2140),
    (8, 2160),
];

const DEFAULT_HASH_MB: usize = 16;

/// What the GUI has set up.
struct Session {
    variant: Variant,
    option_words: String,
    level: Option<u8>,
    limit_strength: bool,
    elo: u32,
    hash_mb: usize,
    position: VariantPosition,
    history: Vec<VariantPosition>,
    /// Beirut: the booms each side has made in the moves given (public: they lower the number
    /// of hidden carriers the engine must fear).
    booms: [u8; 2],
    engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    /// Whether the running search is `go infinite` (it waits for `stop`).
    infinite: bool,
    seed: u64,
}

/// Runs the UCI loop until `quit` or the end of input.
pub fn run(argv: &[String]) -> Result<(), String> {
    if let Some(extra) = argv.first() {
        return Err(format!("uci takes no arguments, got '{extra}'"));
    }
    let mut session = Session::new();
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if !session.handle(line.trim()) {
            session.stop_search();
            return Ok(());
        }
    }
    // End of input without `quit`: let a bounded search finish and answer.
    session.finish_search();
    Ok(())
}

fn say(line: &str) {
    // stdout is line-buffered: each line reaches the GUI at once.
    out!("{line}");
}

fn error(message: &str) {
    say(&format!("info string error: {message}"));
}

impl Session {
    fn new() -> Session {
        Session {
            variant: Variant::Beirut,
            option_words: String::new(),
            level: None,
            limit_strength: false,
            elo: LEVEL_ELO[7].1,
            hash_mb: DEFAULT_HASH_MB,
            position: VariantPosition::new(Variant::Beirut, Options::default()),
            history: Vec::new(),
            booms: [0; 2],
            engine: Arc::new(Mutex::new(Engine::new(DEFAULT_HASH_MB))),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
            infinite: false,
            seed: 0,
        }
    }

    /// Handles one command; `false` to quit.
    fn handle(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => self.identify(),
            "isready" => say("readyok"),
            "ucinewgame" => {
                self.stop_search();
                self.lock_engine().clear();
                self.seed = self.seed.wrapping_add(1);
            }
            "setoption" => {
                self.stop_search();
                if let Err(e) = self.set_option(&rest) {
                    error(&e);
                }
            }
            "position" => {
                self.stop_search();
                if let Err(e) = self.set_position(&rest) {
                    error(&e);
                }
            }
            "go" => {
                self.stop_search();
                if let Err(e) = self.go(&rest) {
                    error(&e);
                }
            }
            "stop" => self.stop_search(),
            "quit" => return false,
            "debug" | "register" | "ponderhit" => {}
            other => error(&format!("unknown command '{other}'")),
        }
        true
    }

    fn identify(&self) {
        say(&format!("id name boomchess {}", env!("CARGO_PKG_VERSION")));
        say("id author the boomchess developers");
        // `chess` (what python-chess and GUIs send for orthodox chess) is a
        // Beirut game without bomb carriers (docs/rules.md §4).
        say("option name UCI_Variant type combo default beirut var beirut var stratomic var flying-bombers var chess");
        say("option name Options type string default <empty>");
        say("option name Level type spin default 8 min 1 max 8");
        say("option name Hash type spin default 16 min 1 max 1024");
        say("option name UCI_LimitStrength type check default false");
        let (low, high) = (LEVEL_ELO[0].1, LEVEL_ELO[7].1);
        say(&format!(
            "option name UCI_Elo type spin default {high} min {low} max {high}"
        ));
        say("uciok");
    }

    fn lock_engine(&self) -> std::sync::MutexGuard<'_, Engine> {
        // A panic cannot happen inside the engine, but a poisoned lock must
        // not take the session down with it either.
        self.engine.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let text = words.join(" ");
        let body = text
            .strip_prefix("name ")
            .ok_or("setoption needs 'name <id> [value <x>]'")?;
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let name = if value == "chess" { "beirut" } else { value };
                let variant = Variant::from_name(name).map_err(|e| e.to_string())?;
                // The options may belong to the old variant: drop them.
                self.variant = variant;
                self.option_words.clear();
                self.position = VariantPosition::new(variant, Options::default());
                self.history.clear();
            }
            "options" => {
                let value = if value == "<empty>" { "" } else { value };
                let words: Vec<&str> = value.split(',').collect();
                let options = Options::parse(self.variant, &words).map_err(|e| e.to_string())?;
                self.option_words = value.to_string();
                self.position = VariantPosition::new(self.variant, options);
                self.history.clear();
            }
            "level" => {
                let level: u8 = value
                    .parse()
                    .ok()
                    .filter(|l| (1..=8).contains(l))
                    .ok_or_else(|| format!("Level must be 1 to 8, got '{value}'"))?;
                self.level = Some(level);
            }
            "hash" => {
                let mb: usize = value
                    .parse()
                    .ok()
                    .filter(|m| (1..=1024).contains(m))
                    .ok_or_else(|| format!("Hash must be 1 to 1024 MB, got '{value}'"))?;
                self.hash_mb = mb;
                *self.lock_engine() = Engine::new(mb);
            }
            "uci_limitstrength" => {
                self.limit_strength = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("UCI_LimitStrength is true or false, got '{value}'")),
                };
            }
            "uci_elo" => {
                self.elo = value
                    .parse()
                    .map_err(|_| format!("UCI_Elo needs a number, got '{value}'"))?;
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn options(&self) -> Result<Options, String> {
        let words: Vec<&str> = self.option_words.split(',').collect();
        Options::parse(self.variant, &words).map_err(|e| e.to_string())
    }

    /// `position startpos|fen FEN [moves ...]`; on any error the previous
    /// position stays.
    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let options = self.options()?;
        let (mut position, rest) = match words.split_first() {
            Some((&"startpos", rest)) => (VariantPosition::new(self.variant, options), rest),
            Some((&"fen", rest)) => {
                let end = rest
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(rest.len());
                let fen = rest[..end].join(" ");
                let position = VariantPosition::from_fen(self.variant, options, &fen)
                    .map_err(|e| format!("bad FEN '{fen}': {e}"))?;
                (position, &rest[end..])
            }
            _ => return Err("position needs 'startpos' or 'fen <FEN>'".to_string()),
        };
        let mut history = Vec::new();
        let mut booms = [0u8; 2];
        match rest.split_first() {
            None => {}
            Some((&"moves", moves)) => {
                for text in moves {
                    if text.starts_with('@') {
                        let side = &mut booms[position.turn().index()];
                        *side = side.saturating_add(1);
                    }
                    history.push(position);
                    play_seen_move(&mut position, text)?;
                }
            }
            Some((other, _)) => return Err(format!("expected 'moves', got '{other}'")),
        }
        self.position = position;
        self.history = history;
        self.booms = booms;
        Ok(())
    }

    /// The search settings for `go`: the level or rating if set, else the
    /// strongest play within the limits given.
    fn settings(&self, limits: Limits) -> Settings {
        let level = if self.limit_strength {
            Some(level_for_elo(self.elo))
        } else {
            self.level
        };
        let mut settings = match level {
            Some(l) if l < 8 => {
                let mut s = Settings::for_level(l, self.seed);
                // The level's own depth and node cap, within the GUI's limits.
                s.limits = Limits {
                    depth: min_option(s.limits.depth, limits.depth),
                    nodes: min_option(s.limits.nodes, limits.nodes),
                    time_ms: min_option_f(s.limits.time_ms, limits.time_ms),
                    spend_all_time: limits.spend_all_time,
                };
                s
            }
            _ => Settings::strongest(limits),
        };
        settings.seed = self.seed;
        if self.position.variant() == Variant::Beirut {
            let enemy = !self.position.turn();
            settings.enemy_carriers = if self.position.carriers(Color::White).is_empty()
                && self.position.carriers(Color::Black).is_empty()
            {
                // A Beirut position without any bomb mark is orthodox chess (docs/rules.md §4):
                // there are no hidden carriers to fear.
                Some(0)
            } else {
                // The option's count, less the enemy's booms seen in the moves.
                Some(
                    self.position
                        .options()
                        .carriers
                        .saturating_sub(self.booms[enemy.index()]),
                )
            };
        }
        settings
    }

    fn go(&mut self, words: &[&str]) -> Result<(), String> {
        let mut limits = Limits {
            depth: None,
            nodes: None,
            time_ms: None,
            spend_all_time: false,
        };
        let mut infinite = false;
        let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) =
            (None, None, 0.0, 0.0, None);
        let mut i = 0;
        let number = |i: usize| -> Result<f64, String> {
            words
                .get(i + 1)
                .and_then(|w| w.parse::<f64>().ok())
                .filter(|n| n.is_finite() && *n >= 0.0)
                .ok_or_else(|| format!("go {} needs a non-negative number", words[i]))
        };
        while i < words.len() {
            match words[i] {
                "infinite" => {
                    infinite = true;
                    i += 1;
                    continue;
                }
                "ponder" => {
                    i += 1;
                    continue;
                }
                "depth" => limits.depth = Some(number(i)?.clamp(1.0, 64.0) as u32),
                "nodes" => limits.nodes = Some(number(i)?.max(1.0) as u64),
                "movetime" => {
                    limits.time_ms = Some(number(i)?);
                    limits.spend_all_time = true;
                }
                "wtime" => wtime = Some(number(i)?),
                "btime" => btime = Some(number(i)?),
                "winc" => winc = number(i)?,
                "binc" => binc = number(i)?,
                "movestogo" => movestogo = Some(number(i)?),
                "mate" => limits.depth = Some((2.0 * number(i)?).clamp(1.0, 64.0) as u32),
                "searchmoves" => return Err("searchmoves is not supported".to_string()),
                other => return Err(format!("unknown go parameter '{other}'")),
            }
            i += 2;
        }
        let (left, inc) = match self.position.turn() {
            Color::White => (wtime, winc),
            Color::Black => (btime, binc),
        };
        if let (Some(left), None) = (left, limits.time_ms) {
            // Spend a share of the time left, keeping a reserve.
            let moves = movestogo.unwrap_or(30.0).max(1.0);
            let budget = (left / moves + inc * 0.8).min(left * 0.5) - 20.0;
            limits.time_ms = Some(budget.max(5.0));
        }
        let settings = self.settings(limits);
        let position = self.position;
        let history = self.history.clone();
        let engine = Arc::clone(&self.engine);
        let stop = Arc::clone(&self.stop);
        self.stop.store(false, Ordering::SeqCst);
        self.infinite = infinite;
        self.search = Some(std::thread::spawn(move || {
            let start = Instant::now();
            let clock = move || start.elapsed().as_secs_f64() * 1000.0;
            let report = |depth: u32, score: i32, nodes: u64, pv: &[boomchess_rules::Move]| {
                let elapsed = start.elapsed().as_secs_f64().max(1e-6);
                let score = match mate_in(score) {
                    Some(n) => format!("mate {n}"),
                    None => format!("cp {score}"),
                };
                let pv: Vec<String> = pv.iter().map(|&m| position.move_to_uci(m)).collect();
                say(&format!(
                    "info depth {depth} score {score} nodes {nodes} nps {} time {} pv {}",
                    (nodes as f64 / elapsed) as u64,
                    (elapsed * 1000.0) as u64,
                    pv.join(" ")
                ));
            };
            let progress = |it: &Iteration| report(it.depth, it.score, it.nodes, &it.pv);
            let thought = {
                let mut engine = engine.lock().unwrap_or_else(|p| p.into_inner());
                engine.think_with_progress(&position, &history, &settings, &stop, &clock, &progress)
            };
            // The final line: the decision, aggregated over Beirut hypotheses.
            report(thought.depth, thought.score, thought.nodes, &thought.pv);
            if position.variant() == Variant::Beirut {
                say(&format!(
                    "info string placements of hidden enemy carriers searched: {}",
                    thought.hypotheses
                ));
            }
            // In infinite mode the answer waits for `stop` (UCI protocol).
            while infinite && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(2));
            }
            match thought.best {
                Some(m) => say(&format!("bestmove {}", position.move_to_uci(m))),
                None => say("bestmove 0000"),
            }
        }));
        Ok(())
    }

    /// Waits for a running search to answer, stopping it only if it would
    /// otherwise wait for `stop` forever.
    fn finish_search(&mut self) {
        if self.infinite {
            self.stop.store(true, Ordering::SeqCst);
        }
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(handle) = self.search.take() {
            self.stop.store(true, Ordering::SeqCst);
            let _ = handle.join();
        }
    }
}

/// Plays a move sent by the GUI. In Beirut the position is this engine's
/// view: an enemy boom comes from a carrier the view does not know, which
/// the explosion reveals, so it is marked before the boom is played.
fn play_seen_move(position: &mut VariantPosition, text: &str) -> Result<(), String> {
    match position.parse_uci(text) {
        Ok(m) => {
            position.play_unchecked(m);
            Ok(())
        }
        Err(e) => {
            if let Some(name) = text.strip_prefix('@') {
                if let Some(sq) = position.parse_square(name) {
                    let mut revealed = *position;
                    let color = revealed.turn();
                    let mut carriers = revealed.carriers(color);
                    carriers.push(sq);
                    if revealed.set_carriers(color, &carriers).is_ok() {
                        if let Ok(m) = revealed.parse_uci(text) {
                            revealed.play_unchecked(m);
                            *position = revealed;
                            return Ok(());
                        }
                    }
                }
            }
            Err(e.to_string())
        }
    }
}

/// The strongest level whose estimated rating does not exceed `elo`.
pub fn level_for_elo(elo: u32) -> u8 {
    LEVEL_ELO
        .iter()
        .rev()
        .find(|&&(_, rating)| rating <= elo)
        .map_or(1, |&(level, _)| level)
}

fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn min_option_f(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
