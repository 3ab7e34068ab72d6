//! Texel tuning of the 8×8 evaluation (`crates/ai/src/orthodox.rs`) from the engine's own games.
//!
//! ```sh
//! # Self-play positions with their game results (about 25 minutes on two cores):
//! cargo run --release -p boomchess-ai --example tune -- generate --games 4000 --threads 2 --out positions.txt
//! # Fit the weights to them and write the weights file (a minute):
//! cargo run --release -p boomchess-ai --example tune -- fit positions.txt crates/ai/src/orthodox_weights.rs
//! ```
//!
//! `generate` plays orthodox chess (Beirut without carriers) against itself at a fixed number of
//! nodes a move, from eight random plies, and writes every position after them where the side to
//! move is not in check and plays a quiet move, with the game's result for White (`1`, `0.5`,
//! `0`). `fit` minimises the squared difference between those results and
//! `sigmoid(K · evaluation)` over the evaluation's linear terms, the tapered middle-game and
//! end-game weight of each, starting from the weights in the source; with `--only GROUP,...`
//! only those groups' weights move (new terms fitted beside weights already tried in play).

use boomchess_ai::tuning::{self, TermCounts};
use boomchess_ai::{Engine, Limits, Rng, Settings};
use boomchess_rules::{Color, MoveKind, Options, Outcome, Variant, VariantPosition};
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => Err("usage: tune generate [--games N] [--threads T] [--nodes N] [--seed S] --out FILE | tune fit POSITIONS WEIGHTS.rs [--regularisation R] [--epochs E] [--only GROUP,...]".into()),
    };
    if let Err(e) = result {
        eprintln!("tune: {e}");
        std::process::exit(2);
    }
}

/// The value after `--name`, parsed, or `default`.
fn flag<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a value")),
    }
}

fn generate(args: &[String]) -> Result<(), String> {
    let games: u64 = flag(args, "--games", 4000)?;
    let threads: u64 = flag(args, "--threads", 2)?;
    let nodes: u64 = flag(args, "--nodes", 8000)?;
    let seed: u64 = flag(args, "--seed", 1)?;
    let out: String = flag(args, "--out", String::new())?;
    if out.is_empty() {
        return Err("generate needs --out FILE".into());
    }
    let file = std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?;
    let file = std::sync::Mutex::new(std::io::BufWriter::new(file));
    let done = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (file, done) = (&file, &done);
            scope.spawn(move || {
                let mut engine = Engine::new(16);
                let mut game = t;
                while game < games {
                    let lines = play_game(&mut engine, nodes, seed ^ (game * 0x9e37_79b9));
                    let mut f = file.lock().expect("writer");
                    for line in lines {
                        writeln!(f, "{line}").expect("write");
                    }
                    let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if n % 100 == 0 {
                        eprintln!("{n}/{games} games");
                    }
                    game += threads;
                }
            });
        }
    });
    file.into_inner()
        .map_err(|_| "writer poisoned".to_string())?
        .flush()
        .map_err(|e| e.to_string())
}

/// One self-play game: its recorded positions as `FEN;result` lines.
fn play_game(engine: &mut Engine, nodes: u64, seed: u64) -> Vec<String> {
    const RANDOM_PLIES: usize = 8;
    const MAX_PLIES: usize = 400;
    let mut rng = Rng::new(seed);
    let mut pos = VariantPosition::new(Variant::Beirut, Options::default());
    let mut history: Vec<VariantPosition> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let mut recorded = Vec::new();
    let mut settings = Settings::strongest(Limits::nodes(nodes));
    settings.enemy_carriers = Some(0);
    settings.seed = seed;
    engine.clear();
    let stop = AtomicBool::new(false);
    // Consecutive plies with the mover's score beyond the adjudication margins.
    let (mut winning, mut quiet_draw) = (0u32, 0u32);
    let mut white_score = None;
    for ply in 0..MAX_PLIES {
        if let Some(outcome) = pos.outcome() {
            white_score = Some(match outcome {
                Outcome::Decisive { winner, .. } => {
                    if winner == Color::White {
                        "1"
                    } else {
                        "0"
                    }
                }
                Outcome::Draw { .. } => "0.5",
            });
            break;
        }
        let count = seen.entry(pos.hash()).or_insert(0);
        *count += 1;
        if *count >= 3 {
            white_score = Some("0.5");
            break;
        }
        let m = if ply < RANDOM_PLIES {
            let moves = pos.legal_moves();
            moves[rng.below(moves.len() as u64) as usize]
        } else {
            let thought = engine.think(&pos, &history, &settings, &stop, &|| 0.0);
            let Some(m) = thought.best else { break };
            let quiet = matches!(m.kind, MoveKind::Normal | MoveKind::Castle)
                && pos.piece_at(m.to).is_none();
            if quiet && !pos.is_check() && thought.score.abs() < 2000 {
                recorded.push(pos.fen());
            }
            // Adjudication: a side far ahead for eight plies in a row has won; a level game
            // past move 60 for twenty plies is drawn.
            winning = if thought.score.abs() >= 900 {
                winning + 1
            } else {
                0
            };
            quiet_draw = if ply >= 120 && thought.score.abs() <= 15 {
                quiet_draw + 1
            } else {
                0
            };
            if winning >= 8 {
                let mover_wins = thought.score > 0;
                white_score = Some(if mover_wins == (pos.turn() == Color::White) {
                    "1"
                } else {
                    "0"
                });
                break;
            }
            if quiet_draw >= 20 {
                white_score = Some("0.5");
                break;
            }
            m
        };
        history.push(pos);
        pos.play_unchecked(m);
    }
    let result = white_score.unwrap_or("0.5");
    recorded
        .into_iter()
        .map(|fen| format!("{fen};{result}"))
        .collect()
}

/// One training position: its terms and game result.
struct Sample {
    terms: TermCounts,
    result: f64,
}

fn fit(args: &[String]) -> Result<(), String> {
    let [positions, weights_file, ..] = args else {
        return Err("fit needs POSITIONS and WEIGHTS.rs".into());
    };
    let regularisation: f64 = flag(args, "--regularisation", 1e-6)?;
    let epochs: i32 = flag(args, "--epochs", 3000)?;
    // `--only A,B`: only the terms of these groups are fitted; the others keep their weights.
    let only: String = flag(args, "--only", String::new())?;
    let mut free = vec![only.is_empty(); tuning::TERMS];
    for name in only.split(',').filter(|n| !n.is_empty()) {
        let terms = tuning::group_terms(name).ok_or_else(|| format!("--only: no group {name}"))?;
        free[terms].fill(true);
    }
    let file = std::fs::File::open(positions).map_err(|e| format!("{positions}: {e}"))?;
    let mut samples = Vec::new();
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let (fen, result) = line
            .rsplit_once(';')
            .ok_or_else(|| format!("line {}: no ';result'", n + 1))?;
        let result: f64 = result
            .trim()
            .parse()
            .map_err(|_| format!("line {}: bad result '{result}'", n + 1))?;
        let pos = VariantPosition::from_fen(Variant::Beirut, Options::default(), fen)
            .map_err(|e| format!("line {}: {e}", n + 1))?;
        let VariantPosition::Eight(p) = pos else {
            return Err(format!("line {}: not an 8×8 position", n + 1));
        };
        samples.push(Sample {
            terms: tuning::term_counts(&p),
            result,
        });
    }
    if samples.is_empty() {
        return Err(format!("{positions}: no positions"));
    }
    // The last tenth of the file (later games) is kept out of the fit, to show how well the
    // weights predict games they were not fitted to.
    let held_out = samples.split_off(samples.len() - samples.len() / 10);
    eprintln!(
        "{} positions to fit, {} held out, {} terms",
        samples.len(),
        held_out.len(),
        tuning::TERMS
    );
    let prior: Vec<[f64; 2]> = tuning::weights()
        .iter()
        .map(|w| [f64::from(w[0]), f64::from(w[1])])
        .collect();
    let mut weights = prior.clone();
    let k = best_scale(&samples, &weights);
    eprintln!(
        "K = {k:.5}; error with the source's weights {:.6} (held out {:.6})",
        error(&samples, &weights, k),
        error(&held_out, &weights, k)
    );
    // Adam on the mean squared error; the model is linear in the weights.
    let (rate, beta1, beta2) = (1.0, 0.9, 0.999);
    let mut m = vec![[0.0f64; 2]; weights.len()];
    let mut v = vec![[0.0f64; 2]; weights.len()];
    for epoch in 1..=epochs {
        let mut grad = vec![[0.0f64; 2]; weights.len()];
        for s in &samples {
            let e = evaluate(&s.terms, &weights);
            let p = sigmoid(k * e);
            let g = (p - s.result) * p * (1.0 - p) * k;
            let mg = s.terms.phase as f64 / 24.0;
            for &(i, c) in &s.terms.counts {
                let c = f64::from(c) * g;
                grad[usize::from(i)][0] += c * mg;
                grad[usize::from(i)][1] += c * (1.0 - mg);
            }
        }
        let n = samples.len() as f64;
        for i in (0..weights.len()).filter(|&i| free[i]) {
            for j in 0..2 {
                // A pull towards the source's weights keeps rarely seen terms (a queen reaching
                // 27 squares) from taking the values of a few games.
                let g = grad[i][j] / n + regularisation * (weights[i][j] - prior[i][j]);
                m[i][j] = beta1 * m[i][j] + (1.0 - beta1) * g;
                v[i][j] = beta2 * v[i][j] + (1.0 - beta2) * g * g;
                let mh = m[i][j] / (1.0 - beta1.powi(epoch));
                let vh = v[i][j] / (1.0 - beta2.powi(epoch));
                weights[i][j] -= rate * mh / (vh.sqrt() + 1e-8);
            }
        }
        if epoch % 250 == 0 {
            eprintln!(
                "epoch {epoch}: error {:.6} (held out {:.6})",
                error(&samples, &weights, k),
                error(&held_out, &weights, k)
            );
        }
    }
    let rounded: Vec<[i32; 2]> = weights
        .iter()
        .map(|w| [w[0].round() as i32, w[1].round() as i32])
        .collect();
    std::fs::write(weights_file, tuning::weights_source(&rounded))
        .map_err(|e| format!("{weights_file}: {e}"))?;
    eprintln!("wrote {weights_file}");
    Ok(())
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// White's evaluation of a sample with `weights` (the tempo term is among the terms).
fn evaluate(terms: &TermCounts, weights: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &terms.counts {
        mg += f64::from(c) * weights[usize::from(i)][0];
        eg += f64::from(c) * weights[usize::from(i)][1];
    }
    let phase = f64::from(terms.phase) / 24.0;
    mg * phase + eg * (1.0 - phase)
}

fn error(samples: &[Sample], weights: &[[f64; 2]], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (s.result - sigmoid(k * evaluate(&s.terms, weights))).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The scale `K` that fits the source's weights best (a golden-section search).
fn best_scale(samples: &[Sample], weights: &[[f64; 2]]) -> f64 {
    let (mut lo, mut hi) = (0.001f64, 0.02f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, weights, a) < error(samples, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}
