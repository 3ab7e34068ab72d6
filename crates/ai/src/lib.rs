//! The boomchess computer opponent for Beirut Chess, Stratomic and Flying
//! Bombers Grand Chess.
//!
//! Pure Rust with no platform dependencies: it runs natively (command
//! line) and in the browser (WebAssembly). The clock is the caller's, as a
//! function returning milliseconds, because `std::time::Instant` does not
//! exist on `wasm32-unknown-unknown`.
//!
//! * [`Engine::think`] searches a position **as one player sees it**. In
//!   Beirut that player knows only its own bomb carriers; the engine
//!   samples hypotheses of where the enemy's carriers are, searches each
//!   and aggregates the scores of every move (mean, pulled towards the
//!   worst case), so its decision never depends on hidden information.
//! * [`choose_carriers`] picks a side's carriers before a Beirut game.
//! * [`LEVELS`] defines playing levels 1 (beginner) to 8 (strongest within
//!   about a second), and [`Settings::for_level`] /
//!   [`Settings::fixed_nodes`] turn one into search settings.
//!
//! ```
//! use boomchess_ai::{Engine, Settings};
//! use boomchess_rules::{Options, Variant, VariantPosition};
//! use std::sync::atomic::AtomicBool;
//!
//! let pos = VariantPosition::new(Variant::Stratomic, Options::default());
//! let mut engine = Engine::new(4);
//! let settings = Settings::fixed_nodes(3, 7);
//! let thought = engine.think(&pos, &[], &settings, &AtomicBool::new(false), &|| 0.0);
//! assert!(pos.is_legal(thought.best.unwrap()));
//! ```
#![deny(missing_docs)]

pub mod bench;
mod eval;
mod exchange;
pub mod nnue;
mod rng;
mod search;
mod tt;

pub use eval::{piece_values, CARRIER_BONUS, LAUNCH_BONUS};
pub use rng::Rng;

pub use search::MATE;

use boomchess_rules::{
    Bits, Color, Geometry, Move, Position, Role, Square, Variant, VariantPosition,
};
use core::sync::atomic::AtomicBool;
use eval::Evaluator;
use search::{repetition_key, Budget, RootResult, Searcher};
use tt::Tt;

/// What limits a search. `None` means no limit of that kind; with no
/// time limit the search never reads the clock, so it is deterministic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Deepest iteration (plies, before extensions and quiescence).
    pub depth: Option<u32>,
    /// Nodes to search at most (all hypotheses together).
    pub nodes: Option<u64>,
    /// Milliseconds of the caller's clock to think at most.
    pub time_ms: Option<f64>,
    /// Think for all of `time_ms` (a fixed time a move, UCI's `movetime`), finishing with a
    /// part of an iteration, rather than stop once another iteration would likely not finish
    /// (a budget from a clock, or a level's time, where a quick answer is better).
    pub spend_all_time: bool,
}

impl Limits {
    /// A depth limit only.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
            time_ms: None,
            spend_all_time: false,
        }
    }
    /// A node limit only.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            time_ms: None,
            spend_all_time: false,
        }
    }
}

/// How the engine thinks and chooses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// When to stop.
    pub limits: Limits,
    /// Seeds every random choice (evaluation noise, soft-max choice,
    /// carrier hypotheses): the same seed and position give the same move.
    pub seed: u64,
    /// Evaluation noise: each evaluated position gets a fixed offset in
    /// `-noise_cp..=noise_cp` derived from its hash and the seed.
    pub noise_cp: i32,
    /// Soft-max temperature for choosing among near-best moves (0: always
    /// the best). A move `d` centipawns worse than the best is chosen with
    /// relative weight `exp(-d / temperature_cp)`.
    pub temperature_cp: i32,
    /// Only moves within this many centipawns of the best are candidates
    /// for the soft-max choice and for hypothesis aggregation.
    pub margin_cp: i32,
    /// Beirut: how many hypotheses of the enemy's carriers to search.
    pub hypotheses: u32,
    /// Beirut: how many carriers the enemy is assumed to have, when the
    /// position does not mark them. `None`: the `carriers` option, capped
    /// by the enemy's men; `Some(0)`: play as if there were none (the
    /// position is complete, e.g. orthodox chess or the referee's view).
    pub enemy_carriers: Option<u8>,
}

/// One playing level (see [`LEVELS`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// 1 (beginner) to 8 (strongest).
    pub level: u8,
    /// Deepest iteration.
    pub depth: u32,
    /// Node budget per move when playing without a clock (self-play,
    /// tests); also a cap when playing on time.
    pub nodes: u64,
    /// Thinking time per move on the clock, in milliseconds.
    pub time_ms: f64,
    /// Evaluation noise (centipawns).
    pub noise_cp: i32,
    /// Soft-max temperature (centipawns; 0 = best move).
    pub temperature_cp: i32,
    /// Candidate window for the soft-max choice (centipawns).
    pub margin_cp: i32,
    /// Beirut: hypotheses of the enemy carriers searched.
    pub hypotheses: u32,
}

/// The playing levels, weakest first.
///
/// * Levels 1–2 search two plies (so they always see a mate in one
///   against them) with evaluation noise, and pick by soft-max among the
///   moves within `margin_cp` of the best: they make human-like mistakes
///   (a slightly worse plan, a missed deeper tactic) but never hang a
///   queen for nothing or allow a mate in one when another move avoids it.
/// * Levels 3–5 search deeper with less noise and sharper choice.
/// * Levels 6–8 play the best move found; their budgets grow about
///   threefold per level, up to level 8 which thinks up to one second per
///   move on the clock (two million nodes without one).
///
/// | level | depth | nodes | time (ms) | noise | temperature | margin | hypotheses |
/// |------:|------:|------:|----------:|------:|------------:|-------:|-----------:|
/// | 1 | 2 | 3 000 | 100 | 70 | 100 | 200 | 2 |
/// | 2 | 2 | 6 000 | 120 | 30 | 40 | 90 | 2 |
/// | 3 | 3 | 12 000 | 150 | 20 | 25 | 60 | 3 |
/// | 4 | 4 | 25 000 | 150 | 12 | 12 | 40 | 3 |
/// | 5 | 6 | 50 000 | 150 | 6 | 5 | 20 | 4 |
/// | 6 | 8 | 120 000 | 300 | 0 | 0 | 0 | 4 |
/// | 7 | 12 | 350 000 | 600 | 0 | 0 | 0 | 5 |
/// | 8 | 64 | 2 000 000 | 1000 | 0 | 0 | 0 | 5 |
///
/// Level 8 searches as many Beirut hypotheses as level 7, each deeper. (Before
/// null-move pruning three scored 70 % against level 7 and six 50 %; since
/// it, three score 50 % and five 66 %, 40 games each: `boomchess selfplay
/// --variant beirut --white-level 8 --black-level 7 --games 40`. With the
/// network, a million nodes scored 64.4 % in Beirut over 80 games, under the
/// ladder's 65 %; two million score 66.9 %, docs/engine.md.)
///
/// On a clock ([`Settings::for_level`]) a level stops at whichever of its
/// depth, time, or four times its node budget comes first.
pub const LEVELS: [Level; 8] = [
    Level {
        level: 1,
        depth: 2,
        nodes: 3_000,
        time_ms: 100.0,
        noise_cp: 70,
        temperature_cp: 100,
        margin_cp: 200,
        hypotheses: 2,
    },
    Level {
        level: 2,
        depth: 2,
        nodes: 6_000,
        time_ms: 120.0,
        noise_cp: 30,
        temperature_cp: 40,
        margin_cp: 90,
        hypotheses: 2,
    },
    Level {
        level: 3,
        depth: 3,
        nodes: 12_000,
        time_ms: 150.0,
        noise_cp: 20,
        temperature_cp: 25,
        margin_cp: 60,
        hypotheses: 3,
    },
    Level {
        level: 4,
        depth: 4,
        nodes: 25_000,
        time_ms: 150.0,
        noise_cp: 12,
        temperature_cp: 12,
        margin_cp: 40,
        hypotheses: 3,
    },
    Level {
        level: 5,
        depth: 6,
        nodes: 50_000,
        time_ms: 150.0,
        noise_cp: 6,
        temperature_cp: 5,
        margin_cp: 20,
        hypotheses: 4,
    },
    Level {
        level: 6,
        depth: 8,
        nodes: 120_000,
        time_ms: 300.0,
        noise_cp: 0,
        temperature_cp: 0,
        margin_cp: 0,
        hypotheses: 4,
    },
    Level {
        level: 7,
        depth: 12,
        nodes: 350_000,
        time_ms: 600.0,
        noise_cp: 0,
        temperature_cp: 0,
        margin_cp: 0,
        hypotheses: 5,
    },
    Level {
        level: 8,
        depth: 64,
        nodes: 2_000_000,
        time_ms: 1000.0,
        noise_cp: 0,
        temperature_cp: 0,
        margin_cp: 0,
        hypotheses: 5,
    },
];

/// The level `level` (clamped to 1..=8).
pub fn level(level: u8) -> &'static Level {
    &LEVELS[usize::from(level.clamp(1, 8)) - 1]
}

impl Settings {
    fn from_level(l: &Level, limits: Limits, seed: u64) -> Settings {
        Settings {
            limits,
            seed,
            noise_cp: l.noise_cp,
            temperature_cp: l.temperature_cp,
            margin_cp: l.margin_cp,
            hypotheses: l.hypotheses,
            enemy_carriers: None,
        }
    }
    /// Settings of `level` for play on a clock: its depth, node cap and
    /// thinking time.
    pub fn for_level(level_number: u8, seed: u64) -> Settings {
        let l = level(level_number);
        let limits = Limits {
            depth: Some(l.depth),
            nodes: Some(l.nodes.max(1) * 4),
            time_ms: Some(l.time_ms),
            spend_all_time: false,
        };
        Settings::from_level(l, limits, seed)
    }
    /// Settings of `level` without a clock: its depth and node budget
    /// (deterministic).
    pub fn fixed_nodes(level_number: u8, seed: u64) -> Settings {
        let l = level(level_number);
        let limits = Limits {
            depth: Some(l.depth),
            nodes: Some(l.nodes),
            time_ms: None,
            spend_all_time: false,
        };
        Settings::from_level(l, limits, seed)
    }
    /// Best-move settings with the given limits, no noise, no hypotheses
    /// beyond the default four.
    pub fn strongest(limits: Limits) -> Settings {
        Settings {
            limits,
            seed: 0,
            noise_cp: 0,
            temperature_cp: 0,
            margin_cp: 0,
            hypotheses: 4,
            enemy_carriers: None,
        }
    }
}

/// What a search passes to [`Engine::think`]'s helpers.
struct Run<'a> {
    settings: &'a Settings,
    stop: &'a AtomicBool,
    clock: &'a dyn Fn() -> f64,
    progress: &'a dyn Fn(&Iteration),
}

/// One finished iteration of a search (see [`Engine::think_with_progress`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    /// The depth just completed.
    pub depth: u32,
    /// The best score found at that depth, for the side to move.
    pub score: i32,
    /// Nodes searched so far in this call (all hypotheses).
    pub nodes: u64,
    /// The expected line.
    pub pv: Vec<Move>,
    /// Beirut: which hypothesis of the enemy carriers (0 when only one).
    pub hypothesis: u32,
}

/// The result of [`Engine::think`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Thought {
    /// The move chosen; `None` when there is no legal move.
    pub best: Option<Move>,
    /// Its score in centipawns for the side to move ([`MATE`] − plies for
    /// a forced win, aggregated over hypotheses in Beirut).
    pub score: i32,
    /// The deepest completed iteration (the smallest over hypotheses).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Clock time spent (0 without a time limit, when the clock is not read).
    pub elapsed_ms: f64,
    /// The expected line, starting with the best move by score (from the
    /// first hypothesis in Beirut).
    pub pv: Vec<Move>,
    /// Every root move that was scored, with its (aggregated) score, best first.
    pub candidates: Vec<(Move, i32)>,
    /// Beirut: how many hypotheses of the enemy carriers were searched (0
    /// when the position was searched as it is).
    pub hypotheses: u32,
}

impl Thought {
    /// Nodes per second, if time was measured.
    pub fn nodes_per_second(&self) -> Option<f64> {
        (self.elapsed_ms > 0.0).then(|| self.nodes as f64 * 1000.0 / self.elapsed_ms)
    }
    /// Moves until mate (positive: the side to move mates), if the score is a mate score.
    pub fn mate_in(&self) -> Option<i32> {
        mate_in(self.score)
    }
}

/// Full moves until mate for a mate score: positive when the side to move
/// wins, negative when it loses.
pub fn mate_in(score: i32) -> Option<i32> {
    let plies = MATE - score.abs();
    (score.abs() > tt::MATE_BOUND).then(|| {
        let moves = (plies + 1) / 2;
        if score > 0 {
            moves
        } else {
            -moves
        }
    })
}

/// A hash of a position that ignores bomb marks, so the same position
/// repeats alike for the referee and for each player's view.
pub fn repetition_hash(pos: &VariantPosition) -> u64 {
    match pos {
        VariantPosition::Eight(p) => repetition_key(p),
        VariantPosition::Ten(p) => repetition_key(p),
    }
}

/// The engine: a transposition table kept between moves.
#[derive(Clone, Debug)]
pub struct Engine {
    tt: Tt,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

/// Score of a move that no hypothesis scored.
const UNSCORED: i32 = -search::MATE - 1;
/// Scores are clamped to this before averaging over hypotheses, so that
/// one catastrophic hypothesis weighs like a large loss, not infinity.
const AGGREGATE_CLAMP: i32 = 1500;

impl Engine {
    /// An engine whose transposition table uses about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: Tt::new(tt_megabytes),
        }
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Chooses a move for the side to move of `view`, the position as that
    /// player sees it. `history` lists the earlier positions of the game
    /// (any view of them; used to avoid or seek repetitions). `stop` ends
    /// the search early when set (the best move so far is returned);
    /// `clock` returns milliseconds and is only read when
    /// `settings.limits.time_ms` is set.
    ///
    /// In Beirut, unless `settings.enemy_carriers` is `Some(0)` or the
    /// position already marks enemy carriers, the enemy's carriers are
    /// unknown: the engine searches `settings.hypotheses` placements of
    /// them, drawn from the seed and the view alone, and aggregates.
    pub fn think(
        &mut self,
        view: &VariantPosition,
        history: &[VariantPosition],
        settings: &Settings,
        stop: &AtomicBool,
        clock: &dyn Fn() -> f64,
    ) -> Thought {
        self.think_with_progress(view, history, settings, stop, clock, &|_| {})
    }

    /// [`Engine::think`], telling `progress` about every finished iteration
    /// (UCI `info` lines, a "thinking" display).
    pub fn think_with_progress(
        &mut self,
        view: &VariantPosition,
        history: &[VariantPosition],
        settings: &Settings,
        stop: &AtomicBool,
        clock: &dyn Fn() -> f64,
        progress: &dyn Fn(&Iteration),
    ) -> Thought {
        let keys: Vec<u64> = history.iter().map(repetition_hash).collect();
        let run = Run {
            settings,
            stop,
            clock,
            progress,
        };
        match view {
            VariantPosition::Eight(p) => self.think_generic(p, keys, &run),
            VariantPosition::Ten(p) => self.think_generic(p, keys, &run),
        }
    }

    fn think_generic<G: Geometry>(
        &mut self,
        view: &Position<G>,
        history: Vec<u64>,
        run: &Run<'_>,
    ) -> Thought {
        let (settings, stop, clock) = (run.settings, run.stop, run.clock);
        let timed = settings.limits.time_ms.is_some();
        let start = if timed { clock() } else { 0.0 };
        let us = view.turn();
        let enemy_men = (view.by_color(!us) & !view.by_role(Role::King)).count();
        let hidden = if view.variant() != Variant::Beirut || view.carriers(!us).any() {
            0
        } else {
            let assumed = settings
                .enemy_carriers
                .map_or(u32::from(view.options().carriers), u32::from);
            assumed.min(enemy_men)
        };
        let hypotheses = if hidden == 0 {
            1
        } else {
            settings.hypotheses.max(1)
        };
        let options = view.options();
        let choose_by_softmax = settings.temperature_cp > 0;
        let margin = if hidden > 0 {
            Some(settings.margin_cp.max(200))
        } else if choose_by_softmax {
            Some(settings.margin_cp.max(1))
        } else {
            None
        };
        let total_nodes = settings.limits.nodes.unwrap_or(u64::MAX);
        let mut rng = Rng::new(rng::mix(settings.seed ^ view.hash()));
        let mut thought = Thought {
            hypotheses: if hidden > 0 { hypotheses } else { 0 },
            ..Thought::default()
        };
        let mut results: Vec<RootResult> = Vec::new();
        let men: Vec<Square> = (view.by_color(!us) & !view.by_role(Role::King))
            .squares()
            .collect();
        // Orthodox chess (a Beirut position where nobody has or can have a carrier) fears no blast.
        let no_carriers =
            hidden == 0 && view.carriers(us).is_empty() && view.carriers(!us).is_empty();
        let feared = if no_carriers { 0 } else { options.carriers };
        let eval = Evaluator::<G>::new(view.variant(), feared, options.super_knights);
        for h in 0..hypotheses {
            let mut pos = *view;
            if hidden > 0 {
                let chosen = sample(&mut rng, &men, hidden as usize);
                // Marks on the enemy's own men: always accepted in Beirut.
                let _ = pos.set_carriers(!us, &chosen);
            }
            let used: u64 = thought.nodes;
            let share = (total_nodes.saturating_sub(used)) / u64::from(hypotheses - h);
            let (soft, hard) = match settings.limits.time_ms {
                Some(ms) => {
                    let slice_end = start + ms * f64::from(h + 1) / f64::from(hypotheses);
                    let now = clock();
                    let soft = if settings.limits.spend_all_time {
                        1.0
                    } else {
                        0.5
                    };
                    (now + (slice_end - now) * soft, slice_end)
                }
                None => (f64::INFINITY, f64::INFINITY),
            };
            let budget = Budget {
                max_depth: settings.limits.depth.unwrap_or(64).clamp(1, 64),
                nodes: share.max(1),
                hard_deadline: hard,
                soft_deadline: soft,
                stop,
                clock,
                progress: run.progress,
                nodes_before: used,
                hypothesis: h,
            };
            let mut searcher = Searcher::new(
                &mut self.tt,
                budget,
                eval.clone(),
                history.clone(),
                settings.noise_cp,
                settings.seed,
            );
            let r = searcher.root(&pos, margin);
            thought.nodes += searcher.nodes;
            results.push(r);
        }
        thought.depth = results.iter().map(|r| r.depth).min().unwrap_or(0);
        thought.pv = results.first().map(|r| r.pv.clone()).unwrap_or_default();
        // Aggregate per root move.
        let candidates: Vec<(Move, i32, i32)> = if hidden == 0 {
            results
                .first()
                .map(|r| r.scores.iter().map(|&(m, s)| (m, s, s)).collect())
                .unwrap_or_default()
        } else {
            aggregate(&results)
        };
        if timed {
            thought.elapsed_ms = (clock() - start).max(0.0);
        }
        if candidates.is_empty() {
            return thought;
        }
        let best = candidates[0].1;
        let chosen = if choose_by_softmax && best.abs() < tt::MATE_BOUND {
            let window = settings.margin_cp.max(0);
            let pool: Vec<&(Move, i32, i32)> =
                candidates.iter().filter(|c| c.1 >= best - window).collect();
            let t = f64::from(settings.temperature_cp.max(1));
            let weights: Vec<f64> = pool
                .iter()
                .map(|c| (f64::from(c.1 - best) / t).exp())
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = rng.unit() * total;
            let mut pick = pool[0];
            for (c, w) in pool.iter().zip(&weights) {
                if x < *w {
                    pick = c;
                    break;
                }
                x -= w;
            }
            *pick
        } else {
            candidates[0]
        };
        thought.best = Some(chosen.0);
        thought.score = chosen.1;
        if thought.pv.first() != Some(&chosen.0) {
            thought.pv = vec![chosen.0];
        }
        thought.candidates = candidates.iter().map(|c| (c.0, c.1)).collect();
        thought
    }
}

/// `count` distinct squares of `men`, uniformly at random.
fn sample(rng: &mut Rng, men: &[Square], count: usize) -> Vec<Square> {
    let mut pool = men.to_vec();
    let mut chosen = Vec::with_capacity(count);
    while chosen.len() < count && !pool.is_empty() {
        let i = rng.below(pool.len() as u64) as usize;
        chosen.push(pool.swap_remove(i));
    }
    chosen
}

/// Per root move over all hypotheses: `(move, aggregate, mean)` sorted best
/// first. The aggregate is the mean of the clamped scores pulled a quarter
/// of the way to the worst one; the unclamped mean breaks ties (a faster
/// win, a slower loss).
fn aggregate(results: &[RootResult]) -> Vec<(Move, i32, i32)> {
    let Some(first) = results.first() else {
        return Vec::new();
    };
    let mut out: Vec<(Move, i32, i32)> = Vec::new();
    for &(m, _) in &first.scores {
        let scores: Vec<i32> = results
            .iter()
            .filter_map(|r| r.scores.iter().find(|s| s.0 == m).map(|s| s.1))
            .collect();
        if scores.is_empty() {
            out.push((m, UNSCORED, UNSCORED));
            continue;
        }
        let n = scores.len() as i64;
        let clamped: Vec<i64> = scores
            .iter()
            .map(|&s| i64::from(s.clamp(-AGGREGATE_CLAMP, AGGREGATE_CLAMP)))
            .collect();
        let mean = clamped.iter().sum::<i64>() / n;
        let worst = *clamped.iter().min().unwrap_or(&mean);
        let agg = mean + (worst - mean) / 4;
        let raw_mean = scores.iter().map(|&s| i64::from(s)).sum::<i64>() / n;
        out.push((m, agg as i32, raw_mean as i32));
    }
    out.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)));
    out
}

/// Chooses `count` bomb carriers for `color` in a Beirut position (normally
/// the start position): men that are cheap to lose, mobile and central and
/// so likely to get near the enemy king — centre pawns and knights first,
/// bishops next, rooks and the queen rarely — drawn at random with those
/// preferences, deterministically from `seed`. Returns at most as many
/// squares as `color` has men (never the king); empty for other games.
pub fn choose_carriers(
    pos: &VariantPosition,
    color: Color,
    count: usize,
    seed: u64,
) -> Vec<Square> {
    if pos.variant() != Variant::Beirut {
        return Vec::new();
    }
    let enemy_king = pos.king_of(!color).map(|k| pos.coords(k));
    let mut weighted: Vec<(Square, u64)> = Vec::new();
    for rank in 0..pos.ranks() {
        for file in 0..pos.files() {
            let Some(sq) = pos.square(file, rank) else {
                continue;
            };
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            if piece.color != color || piece.role == Role::King {
                continue;
            }
            let centre = 3 - i64::from(
                (2 * i32::from(file) - (i32::from(pos.files()) - 1)).unsigned_abs() as u8 / 2,
            )
            .min(3);
            let mut w: i64 = match piece.role {
                Role::Pawn => 20 + 25 * centre,
                Role::Knight => 70,
                Role::Bishop => 35,
                Role::Queen => 8,
                Role::Rook => 4,
                _ => 10,
            };
            if let Some((kf, kr)) = enemy_king {
                let d = i64::from(file.abs_diff(kf).max(rank.abs_diff(kr)));
                w += (8 - d).max(0) * 3;
            }
            weighted.push((sq, w.max(1) as u64));
        }
    }
    let mut rng = Rng::new(rng::mix(
        seed ^ 0xB0B5_u64 ^ ((color.index() as u64) << 40) ^ pos.hash(),
    ));
    let mut chosen = Vec::new();
    while chosen.len() < count && !weighted.is_empty() {
        let total: u64 = weighted.iter().map(|w| w.1).sum();
        let mut x = rng.below(total);
        let mut index = 0;
        for (i, w) in weighted.iter().enumerate() {
            if x < w.1 {
                index = i;
                break;
            }
            x -= w.1;
        }
        chosen.push(weighted.remove(index).0);
    }
    chosen
}

/// Convenience: the move `level` plays in `view` without a clock (its
/// fixed node budget), from `seed`.
pub fn best_move(view: &VariantPosition, level_number: u8, seed: u64) -> Option<Move> {
    let mut engine = Engine::new(8);
    let settings = Settings::fixed_nodes(level_number, seed);
    engine
        .think(view, &[], &settings, &AtomicBool::new(false), &|| 0.0)
        .best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_in_counts_full_moves() {
        assert_eq!(mate_in(MATE - 1), Some(1));
        assert_eq!(mate_in(MATE - 3), Some(2));
        assert_eq!(mate_in(-MATE + 2), Some(-1));
        assert_eq!(mate_in(120), None);
    }

    #[test]
    fn levels_are_numbered_in_order_and_grow() {
        for (i, l) in LEVELS.iter().enumerate() {
            assert_eq!(usize::from(l.level), i + 1);
        }
        for w in LEVELS.windows(2) {
            assert!(w[1].nodes > w[0].nodes && w[1].depth >= w[0].depth);
            assert!(w[1].noise_cp <= w[0].noise_cp && w[1].time_ms >= w[0].time_ms);
        }
        assert_eq!(level(0).level, 1);
        assert_eq!(level(99).level, 8);
    }
}
