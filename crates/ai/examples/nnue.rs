//! Trains the 8×8 evaluation's network (`crates/ai/src/nnue.rs`) on the engine's own games.
//!
//! ```sh
//! # Self-play positions with the search's scores and the games' results (about 1.8 million an
//! # hour on two cores):
//! cargo run --release -p boomchess-ai --example nnue -- generate --games 60000 --nodes 5000 --out positions.txt
//! # The network, written as the engine reads it (about a minute an epoch for 5 million positions):
//! cargo run --release -p boomchess-ai --example nnue -- train positions.txt --out crates/ai/src/network.bin
//! ```
//!
//! `generate` plays orthodox chess (Beirut without carriers) against itself at a fixed number of
//! nodes a move, from eight random plies, and writes every position after them where the side to
//! move is not in check and plays a quiet move, as `FEN;result;score`: the game's result for
//! White (`1`, `0.5`, `0`) and the search's score for White in centipawns.
//!
//! `train` learns each position as a blend of its result and its score, as the side to move's
//! expected score:
//! `λ · sigmoid(K · score) + (1 − λ) · result`, where `K` is fitted so that the scores predict
//! the results best. The network's output `o` predicts it as `sigmoid(K · SCALE · o)`, so its
//! evaluation is in the engine's centipawns. Adam on the mean squared error, the weights kept
//! within what their integers hold; the last fiftieth of the positions (the last games; `--held-out
//! N`: the last N) is held out to show how well the network predicts games it did not learn from.

use boomchess_ai::nnue::{self, HIDDEN, INPUTS, OUTPUT_LIMIT, SCALE, WEIGHT_LIMIT};
use boomchess_ai::{piece_values, Engine, Limits, Rng, Settings};
use boomchess_rules::{Color, MoveKind, Options, Outcome, Variant, VariantPosition};
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

const H: usize = HIDDEN;
/// Inputs a position has at most (32 men).
const MEN: usize = 32;
const NONE: u16 = u16::MAX;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("train") => train(&args[1..]),
        _ => Err("usage: nnue generate [--games N] [--threads T] [--nodes N] [--seed S] --out FILE | nnue train POSITIONS... --out NETWORK [--epochs E] [--batch B] [--lambda L] [--rate R] [--threads T] [--seed S] [--held-out N]".into()),
    };
    if let Err(e) = result {
        eprintln!("nnue: {e}");
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

/// The training positions: White's inputs (padded with `NONE`), the side to move, White's
/// result and the search's score for White.
struct Samples {
    inputs: Vec<[u16; MEN]>,
    white_to_move: Vec<bool>,
    result: Vec<f32>,
    score: Vec<f32>,
}

/// The network's real-valued weights in one vector (and, alike, their gradients and Adam's
/// moments): the first layer by input, each input's direct share of the output (its material),
/// the first layer's bias, the output weights, the output's bias.
#[derive(Clone)]
struct Net(Vec<f32>);

const MATERIAL: usize = INPUTS * H;
const BIAS: usize = MATERIAL + INPUTS;
const OUTPUT: usize = BIAS + H;
const OUTPUT_BIAS: usize = OUTPUT + 2 * H;
const WEIGHTS: usize = OUTPUT_BIAS + 1;

impl Net {
    fn zero() -> Net {
        Net(vec![0.0; WEIGHTS])
    }

    /// Small random weights, and the material of the engine's piece values.
    fn initial(rng: &mut Rng) -> Net {
        let mut uniform = |limit: f32| (rng.below(1 << 24) as f32 / (1 << 23) as f32 - 1.0) * limit;
        let mut net = Net::zero();
        net.0[..MATERIAL]
            .iter_mut()
            .for_each(|w| *w = uniform(0.05));
        net.0[OUTPUT..OUTPUT_BIAS]
            .iter_mut()
            .for_each(|w| *w = uniform(0.06));
        // King, queen, rook, bishop, knight, pawn (`nnue::feature`'s order); own men count for,
        // enemy men against.
        let values = piece_values(Variant::Beirut, false);
        for (input, m) in net.0[MATERIAL..BIAS].iter_mut().enumerate() {
            let (relative, role) = (input / 384, (input / 64) % 6);
            let sign = if relative == 0 { 1.0 } else { -1.0 };
            *m = sign * values[role] as f32 / SCALE as f32;
        }
        net
    }

    /// The weights as the engine's integers hold them.
    fn rounded(&self) -> Net {
        let mut net = self.clone();
        for (i, w) in net.0.iter_mut().enumerate() {
            let scale = match i {
                _ if (MATERIAL..BIAS).contains(&i) || i == OUTPUT_BIAS => {
                    (nnue::QA * nnue::QB) as f32
                }
                _ if i < OUTPUT => nnue::QA as f32,
                _ => nnue::QB as f32,
            };
            *w = (*w * scale).round() / scale;
        }
        net
    }

    fn encode(&self) -> Vec<u8> {
        let w = &self.0;
        nnue::encode(
            &w[..MATERIAL],
            &w[MATERIAL..BIAS],
            &w[BIAS..OUTPUT],
            &w[OUTPUT..OUTPUT_BIAS],
            w[OUTPUT_BIAS],
        )
    }
}

fn train(args: &[String]) -> Result<(), String> {
    let files: Vec<&String> = args
        .iter()
        .enumerate()
        .take_while(|(_, a)| !a.starts_with("--"))
        .map(|(_, a)| a)
        .collect();
    if files.is_empty() {
        return Err("train needs POSITIONS".into());
    }
    let out: String = flag(args, "--out", String::new())?;
    if out.is_empty() {
        return Err("--out NETWORK is needed".into());
    }
    let epochs: usize = flag(args, "--epochs", 20)?;
    let batch: usize = flag(args, "--batch", 16_384)?;
    let lambda: f32 = flag(args, "--lambda", 0.7)?;
    let rate: f32 = flag(args, "--rate", 0.001)?;
    let threads: usize = flag(args, "--threads", 2)?;
    let seed: u64 = flag(args, "--seed", 1)?;

    let mut samples = Samples {
        inputs: Vec::new(),
        white_to_move: Vec::new(),
        result: Vec::new(),
        score: Vec::new(),
    };
    for file in &files {
        read(file, &mut samples)?;
    }
    let n = samples.result.len();
    if n < 100 {
        return Err(format!("{n} positions are too few"));
    }
    let held_out: usize = flag(args, "--held-out", n / 50)?.clamp(1, n - 1);
    let train = n - held_out;
    let k = best_scale(&samples);
    eprintln!("{train} positions to learn, {held_out} held out; K = {k:.5}");
    let mut rng = Rng::new(seed);
    let mut net = Net::initial(&mut rng);
    let (mut m, mut v) = (Net::zero(), Net::zero());
    let mut step = 0;
    let mut order: Vec<u32> = (0..train as u32).collect();
    for epoch in 1..=epochs {
        // Three steps of the learning rate: the full rate for 60 % of the epochs, then 30 % of
        // it, then 9 %.
        let progress = (epoch - 1) as f32 / epochs as f32;
        let lr = rate
            * if progress < 0.6 {
                1.0
            } else if progress < 0.85 {
                0.3
            } else {
                0.09
            };
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut loss = 0.0;
        for chunk in order.chunks(batch) {
            let (grad, l) = gradients(
                &net,
                &samples,
                chunk,
                k,
                lambda,
                threads,
                Some(epoch as u64),
            );
            loss += l;
            step += 1;
            adam(
                &mut net,
                &grad,
                &mut m,
                &mut v,
                lr,
                step,
                chunk.len() as f32,
            );
        }
        let held: Vec<u32> = (train as u32..n as u32).collect();
        let (_, held_loss) = gradients(&net, &samples, &held, k, lambda, threads, None);
        let (_, rounded_loss) =
            gradients(&net.rounded(), &samples, &held, k, lambda, threads, None);
        eprintln!(
            "epoch {epoch}: error {:.6}, held out {:.6}, with the integer weights {:.6} (rate {lr})",
            loss / train as f64,
            held_loss / held_out as f64,
            rounded_loss / held_out as f64
        );
        std::fs::write(&out, net.encode()).map_err(|e| format!("{out}: {e}"))?;
    }
    eprintln!("wrote {out}");
    Ok(())
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

/// One self-play game: its recorded positions as `FEN;result;score` lines (the result and the
/// search's score in centipawns both from White's side).
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
                let white = if pos.turn() == Color::White { 1 } else { -1 };
                recorded.push((pos.fen(), white * thought.score));
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
        .map(|(fen, score)| format!("{fen};{result};{score}"))
        .collect()
}

/// Adds the positions of `file` to `samples`.
fn read(file: &str, samples: &mut Samples) -> Result<(), String> {
    let reader = std::fs::File::open(file).map_err(|e| format!("{file}: {e}"))?;
    for (n, line) in std::io::BufReader::new(reader).lines().enumerate() {
        let line = line.map_err(|e| format!("{file}: {e}"))?;
        let bad = |what: &str| format!("{file} line {}: {what}", n + 1);
        let mut fields = line.split(';');
        let (Some(fen), Some(result), Some(score)) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(bad("not FEN;result;score"));
        };
        let result: f32 = result.trim().parse().map_err(|_| bad("bad result"))?;
        let score: f32 = score.trim().parse().map_err(|_| bad("bad score"))?;
        let pos = VariantPosition::from_fen(Variant::Beirut, Options::default(), fen)
            .map_err(|e| bad(&e.to_string()))?;
        let VariantPosition::Eight(p) = pos else {
            return Err(bad("not an 8×8 position"));
        };
        let mut inputs = [NONE; MEN];
        for (slot, f) in inputs.iter_mut().zip(nnue::features(&p, Color::White)) {
            *slot = f as u16;
        }
        samples.inputs.push(inputs);
        samples.white_to_move.push(p.turn() == Color::White);
        samples.result.push(result);
        samples.score.push(score);
    }
    Ok(())
}

/// Black's input for White's input `f` (see `nnue::feature`): own and enemy swap, the board
/// turns upside down.
#[inline]
fn flip(f: usize) -> usize {
    let (relative, role, square) = (f / 384, (f / 64) % 6, f % 64);
    ((1 - relative) * 6 + role) * 64 + (square ^ 56)
}

/// What position `i` is learnt as: the side to move's expected score, a blend of the search's
/// score and the game's result.
fn target(samples: &Samples, i: usize, k: f32, lambda: f32) -> f32 {
    let (sign, result) = if samples.white_to_move[i] {
        (1.0, samples.result[i])
    } else {
        (-1.0, 1.0 - samples.result[i])
    };
    lambda * sigmoid(k * sign * samples.score[i]) + (1.0 - lambda) * result
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The scale that makes `sigmoid(K · score)` predict the results best (a golden-section search).
fn best_scale(samples: &Samples) -> f32 {
    let error = |k: f32| -> f64 {
        samples
            .score
            .iter()
            .zip(&samples.result)
            .map(|(&s, &r)| f64::from(r - sigmoid(k * s)).powi(2))
            .sum()
    };
    let (mut lo, mut hi) = (0.0005f32, 0.02f32);
    let ratio = (5f32.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The summed gradient of the squared error over the positions `chunk`, and the summed error,
/// computed on `threads` threads. With `mirror`, about half the positions (chosen anew by its
/// value) are learnt mirrored left to right, which chess allows (the network sees no castling
/// rights): twice the positions to learn from.
fn gradients(
    net: &Net,
    samples: &Samples,
    chunk: &[u32],
    k: f32,
    lambda: f32,
    threads: usize,
    mirror: Option<u64>,
) -> (Net, f64) {
    let part = chunk.len().div_ceil(threads.max(1)).max(1);
    let results: Vec<(Net, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = chunk
            .chunks(part)
            .map(|indices| {
                scope.spawn(move || gradient_part(net, samples, indices, k, lambda, mirror))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("gradient thread"))
            .collect()
    });
    let mut total = Net::zero();
    let mut loss = 0.0;
    for (g, l) in results {
        loss += l;
        for (t, x) in total.0.iter_mut().zip(&g.0) {
            *t += x;
        }
    }
    (total, loss)
}

fn gradient_part(
    net: &Net,
    samples: &Samples,
    indices: &[u32],
    k: f32,
    lambda: f32,
    mirror: Option<u64>,
) -> (Net, f64) {
    let mut grad = Net::zero();
    let mut loss = 0.0f64;
    let mut white_inputs = Vec::with_capacity(MEN);
    let mut black_inputs = Vec::with_capacity(MEN);
    for &i in indices {
        let i = i as usize;
        white_inputs.clear();
        black_inputs.clear();
        // Files a to h become h to a: the square's three lowest bits.
        let files = match mirror {
            Some(seed) => {
                7 * ((i as u64 ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63) as usize
            }
            None => 0,
        };
        for &f in samples.inputs[i].iter().take_while(|&&f| f != NONE) {
            let f = usize::from(f) ^ files;
            white_inputs.push(f);
            black_inputs.push(flip(f));
        }
        let white = samples.white_to_move[i];
        let (ours, theirs) = if white {
            (&white_inputs, &black_inputs)
        } else {
            (&black_inputs, &white_inputs)
        };
        let accumulate = |inputs: &[usize]| -> [f32; H] {
            let mut acc = [0.0; H];
            acc.copy_from_slice(&net.0[BIAS..OUTPUT]);
            for &f in inputs {
                for (a, w) in acc.iter_mut().zip(&net.0[f * H..(f + 1) * H]) {
                    *a += w;
                }
            }
            acc
        };
        let (acc_ours, acc_theirs) = (accumulate(ours), accumulate(theirs));
        let activation = |x: f32| {
            let c = x.clamp(0.0, 1.0);
            c * c
        };
        let material = |inputs: &[usize]| inputs.iter().map(|&f| net.0[MATERIAL + f]).sum::<f32>();
        let mut out = net.0[OUTPUT_BIAS] + (material(ours) - material(theirs)) / 2.0;
        for j in 0..H {
            out += net.0[OUTPUT + j] * activation(acc_ours[j]);
            out += net.0[OUTPUT + H + j] * activation(acc_theirs[j]);
        }
        let target = target(samples, i, k, lambda);
        let p = sigmoid(k * SCALE as f32 * out);
        let error = p - target;
        loss += f64::from(error * error);
        let g = 2.0 * error * p * (1.0 - p) * k * SCALE as f32;
        grad.0[OUTPUT_BIAS] += g;
        for &f in ours.iter() {
            grad.0[MATERIAL + f] += g / 2.0;
        }
        for &f in theirs.iter() {
            grad.0[MATERIAL + f] -= g / 2.0;
        }
        let mut back = |acc: &[f32; H], offset: usize, inputs: &[usize]| {
            let mut d = [0.0f32; H];
            for j in 0..H {
                let x = acc[j];
                grad.0[OUTPUT + offset + j] += g * activation(x);
                if x > 0.0 && x < 1.0 {
                    d[j] = g * net.0[OUTPUT + offset + j] * 2.0 * x;
                }
            }
            for (b, dj) in grad.0[BIAS..OUTPUT].iter_mut().zip(&d) {
                *b += dj;
            }
            for &f in inputs {
                for (w, dj) in grad.0[f * H..(f + 1) * H].iter_mut().zip(&d) {
                    *w += dj;
                }
            }
        };
        back(&acc_ours, 0, ours);
        back(&acc_theirs, H, theirs);
    }
    (grad, loss)
}

/// One step of Adam with the mean gradient of `count` positions; the weights are then kept
/// within what the engine's integers hold.
fn adam(net: &mut Net, grad: &Net, m: &mut Net, v: &mut Net, lr: f32, step: i32, count: f32) {
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let c1 = 1.0 - beta1.powi(step);
    let c2 = 1.0 - beta2.powi(step);
    for (i, w) in net.0.iter_mut().enumerate() {
        let g = grad.0[i] / count;
        m.0[i] = beta1 * m.0[i] + (1.0 - beta1) * g;
        v.0[i] = beta2 * v.0[i] + (1.0 - beta2) * g * g;
        *w -= lr * (m.0[i] / c1) / ((v.0[i] / c2).sqrt() + 1e-8);
        let limit = match i {
            _ if i < MATERIAL => WEIGHT_LIMIT,
            _ if (OUTPUT..OUTPUT_BIAS).contains(&i) => OUTPUT_LIMIT,
            _ => f32::MAX,
        };
        *w = w.clamp(-limit, limit);
    }
}
