//! The search: iterative deepening negamax alpha-beta with principal
//! variation search, a transposition table, move ordering (table move,
//! winning explosions, MVV-LVA captures, killers, history), null-move
//! pruning, late move reductions, check extension and a quiescence search
//! over captures and profitable explosions. Generic over the board size.

use crate::eval::Evaluator;
use crate::exchange::{self, exchange};
use crate::nnue::Accumulators;
use crate::rng::mix;
use crate::tt::{from_tt, Bound, Tt, MATE_BOUND, NO_EVAL};
use boomchess_rules::{
    Bits, Geometry, Move, MoveBuffer, MoveKind, Outcome, Piece, Position, Role, Square, Variant,
};
use core::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// Larger than any score.
pub(crate) const INF: i32 = 32_000;
/// The score of giving mate (or destroying the king) right now; a mate
/// `n` plies away scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// The deepest ply the search goes (extensions and quiescence included).
const MAX_PLY: usize = 100;
/// Plies of quiescence search at most.
const QS_MAX: i32 = 12;
/// Reverse futility pruning: at most this many plies from the leaves, a node whose static
/// evaluation beats beta by this margin a ply is not searched.
const REVERSE_FUTILITY_DEPTH: i32 = 6;
const REVERSE_FUTILITY_MARGIN: i32 = 90;
/// Razoring at most this many plies from the leaves, where the static evaluation is this
/// margin a ply below alpha.
const RAZOR_DEPTH: i32 = 3;
const RAZOR_MARGIN: i32 = 300;
/// Futility pruning of quiet moves at most this many plies from the leaves.
const FUTILITY_DEPTH: i32 = 5;
/// Late move pruning at most this many plies from the leaves.
const LATE_MOVE_DEPTH: i32 = 5;
/// Exchange pruning (8×8 only) at most this many plies from the leaves: a quiet move that
/// loses more than `EXCHANGE_QUIET_MARGIN` × depth² on its square by the static exchange, or a
/// capture that loses more than `EXCHANGE_CAPTURE_MARGIN` × depth, is not searched.
const EXCHANGE_DEPTH: i32 = 6;
const EXCHANGE_QUIET_MARGIN: i32 = 25;
const EXCHANGE_CAPTURE_MARGIN: i32 = 100;
/// Singular extensions at least this many plies from the leaves.
const SINGULAR_DEPTH: i32 = 8;
/// Half the width of the root's aspiration window (centipawns).
const ASPIRATION: i32 = 40;

/// What stops a search.
pub(crate) struct Budget<'a> {
    pub max_depth: u32,
    pub nodes: u64,
    /// Absolute clock time (ms) to stop at, or infinity.
    pub hard_deadline: f64,
    /// Absolute clock time (ms) after which no new iteration starts.
    pub soft_deadline: f64,
    pub stop: &'a AtomicBool,
    pub clock: &'a dyn Fn() -> f64,
    /// Told about every finished iteration.
    pub progress: &'a dyn Fn(&crate::Iteration),
    /// Nodes searched before this search (earlier hypotheses), for progress.
    pub nodes_before: u64,
    /// Which hypothesis this search is (0 when there is one).
    pub hypothesis: u32,
}

/// The result of a root search.
#[derive(Clone, Debug, Default)]
pub(crate) struct RootResult {
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    /// Scores of the root moves (upper bounds for moves refuted by the
    /// margin window), best first.
    pub scores: Vec<(Move, i32)>,
    pub pv: Vec<Move>,
}

/// One ordered move.
#[derive(Clone, Copy, Debug)]
struct Scored {
    order: i32,
    mv: Move,
    /// Captures, explosions and promotions are not quiet.
    quiet: bool,
    /// Material the move wins (see `tactic_gain`).
    gain: i32,
}

const TT_MOVE: i32 = 4_000_000;
const WIN_BOOM: i32 = 3_000_000;
const GOOD_TACTIC: i32 = 2_000_000;
/// Quiescence's delta pruning: a capture is not searched if even this much more than it wins
/// cannot raise the standing score to alpha.
const DELTA_MARGIN: i32 = 200;
/// How many of a list's best moves `pick` picks one by one before it sorts the rest.
const PICKED: usize = 3;
/// Slots of the launch de-duplication table (more than any move list).
const LAUNCH_TABLE: usize = 8192;
/// Slots of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 16;
/// The bits of an evaluation cache slot that hold the evaluation; the others hold the key's.
const EVAL_BITS: u64 = 0xFFFF;
/// Marks an empty square in `Searcher::roles`.
const NO_ROLE: u8 = 255;
const KILLER: i32 = 1_000_000;
/// History scores stay within `±HISTORY_MAX` (a bonus counts less the nearer the score is to
/// the bound), so the sum of the two histories orders quiet moves below killers.
const HISTORY_MAX: i32 = 16_384;
/// Entries of the continuation history (`8 × 128` rows of `8 × 128`).
const CONTINUATION: usize = 8 * 128 * 8 * 128;
/// `Searcher::answers` at a ply no move led to (the root, or after a pass).
const NO_ANSWER: usize = usize::MAX;
const BAD_TACTIC: i32 = -1_000_000;

pub(crate) struct Searcher<'a, G: Geometry> {
    tt: &'a mut Tt,
    budget: Budget<'a>,
    pub nodes: u64,
    stopped: bool,
    killers: Vec<[Option<Move>; 2]>,
    /// History scores by `[piece color * 8 + role][to square]`.
    history: Vec<i32>,
    /// Continuation history: how well a quiet move did as the answer to the move before it, by
    /// `[that move's role][its to square][this move's role][its to square]` (the colours follow
    /// from the side to move). Its scores stay within `±HISTORY_MAX`, so 16 bits hold them: a
    /// search makes the table afresh (two megabytes, not four).
    continuation: Vec<i16>,
    /// The continuation history's row for each ply: the offset of `[role][to]` of the move
    /// that led to the ply, or `NO_ANSWER` after a pass or at the root.
    answers: [usize; MAX_PLY + 2],
    /// Repetition keys of the game so far and the current line.
    path: Vec<u64>,
    lists: Vec<Vec<Scored>>,
    /// Quiescence's winning launch targets at each ply whose launches are not listed yet, with
    /// the most any launch there can win (see
    /// [`expand_launches`](Self::expand_launches)).
    pending: Vec<Vec<(i32, Square)>>,
    /// The stamp under which each ply's `board` and blasts were worked out: children searched
    /// since have replaced them.
    node_stamps: [u32; MAX_PLY + 2],
    /// The table's move at each ply of quiescence, if a launch: listed first when legal.
    tt_launches: [Option<Move>; MAX_PLY + 2],
    /// Tests compare quiescence with every launch listed at once.
    #[cfg(test)]
    eager_launches: bool,
    /// Whether `generate` left out launches at this ply that [`add_later`](Self::add_later)
    /// lists when the search reaches them.
    deferred: [bool; MAX_PLY + 2],
    scratch: Box<G::MoveList>,
    /// Launches seen at the current node: `(stamp, missile, emptied squares)`
    /// in an open-addressing table; a new stamp per node empties it.
    launch_seen: Vec<(u32, u8, u128)>,
    /// Piece values of the node being generated (enemy positive).
    board: [i32; 128],
    /// Role indices of the node being generated (on its occupied squares; `NO_ROLE` before any).
    roles: [u8; 128],
    stamp: u32,
    /// The blast of a launch at each square in the node being generated (valid when its stamp
    /// is the node's): the material it removes, summed from `board`, and the squares it empties.
    blasts: Box<[(u32, i32, u128); 128]>,
    /// Number of legal moves found by the last `generate` (with `tactical`, of the noisy ones
    /// other than launches).
    legal_count: usize,
    /// The move left out at each ply while the search asks whether the table's move is
    /// singular (see `negamax`).
    excluded: [Option<Move>; MAX_PLY + 2],
    /// Whether the move into each ply was a pass (a null move): two never follow each other.
    passed: [bool; MAX_PLY + 2],
    /// The static evaluation at each ply of the current line (`-INF` in check).
    static_evals: [i32; MAX_PLY + 2],
    pub eval: Evaluator<G>,
    /// The network's accumulators, a ply each, where the evaluation is the network's.
    network: Option<Accumulators<G>>,
    /// The network's evaluations of the positions met, by hash: each iteration of the
    /// deepening meets most of the last one's again. A slot holds the key's bits above
    /// `EVAL_BITS` and an `i16`.
    evals: Vec<u64>,
    noise: i32,
    seed: u64,
}

/// Late move reductions by `[depth][moves searched]` (both capped at 63): about
/// `ln(depth) · ln(moves searched) / 2`, so a late quiet move far from the leaves is searched a
/// few plies shallower, and one near them barely. Made once for every search.
fn reductions() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[0; 64]; 64];
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (searched, r) in row.iter_mut().enumerate().skip(1) {
                let ln = |n: usize| (n as f64).ln();
                *r = (0.5 + ln(depth) * ln(searched) / 2.0) as u8;
            }
        }
        table
    })
}

/// `sq` in a launch's set of emptied squares (a `u128` on either board): the rules' own single
/// bit, which WebAssembly gets without a 128-bit shift (it has none).
#[inline]
fn launch_bit(sq: Square) -> u128 {
    <u128 as Bits>::from_square(sq)
}

/// A hash of the position without any bomb marks, so that positions
/// repeat alike whatever a player knows about carriers.
pub(crate) fn repetition_key<G: Geometry>(pos: &Position<G>) -> u64 {
    pos.hash_without_carriers()
}

impl<'a, G: Geometry> Searcher<'a, G> {
    pub fn new(
        tt: &'a mut Tt,
        budget: Budget<'a>,
        eval: Evaluator<G>,
        history: Vec<u64>,
        noise: i32,
        seed: u64,
    ) -> Self {
        let network = eval.uses_network();
        Searcher {
            tt,
            budget,
            nodes: 0,
            stopped: false,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 16 * 128],
            continuation: vec![0; CONTINUATION],
            answers: [NO_ANSWER; MAX_PLY + 2],
            path: history,
            lists: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            pending: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            node_stamps: [0; MAX_PLY + 2],
            tt_launches: [None; MAX_PLY + 2],
            #[cfg(test)]
            eager_launches: false,
            deferred: [false; MAX_PLY + 2],
            scratch: Box::default(),
            launch_seen: vec![(0, 0, 0); LAUNCH_TABLE],
            board: [0; 128],
            roles: [NO_ROLE; 128],
            stamp: 0,
            blasts: Box::new([(0, 0, 0); 128]),
            legal_count: 0,
            passed: [false; MAX_PLY + 2],
            excluded: [None; MAX_PLY + 2],
            static_evals: [-INF; MAX_PLY + 2],
            network: network.then(|| Accumulators::new(MAX_PLY + 2)),
            eval,
            evals: if network {
                vec![0; EVAL_CACHE]
            } else {
                Vec::new()
            },
            noise,
            seed,
        }
    }

    /// Whether the search must stop now.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.budget.nodes {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            let late = self.budget.hard_deadline.is_finite()
                && (self.budget.clock)() >= self.budget.hard_deadline;
            if late || self.budget.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The static evaluation of `pos`, met at `ply`, plus this engine's deterministic noise.
    #[inline]
    fn evaluate(&mut self, pos: &Position<G>, ply: usize) -> i32 {
        let e = match &mut self.network {
            // The 10×10 evaluations are not cached: the table's entries hold most of those met
            // again, and the cache answered only 1–3 % of the rest in the benchmark's searches,
            // for a memory access at each.
            None => self.eval.evaluate(pos),
            Some(network) => {
                let key = pos.hash();
                let slot = &mut self.evals[key as usize & (EVAL_CACHE - 1)];
                if *slot & !EVAL_BITS == key & !EVAL_BITS {
                    i32::from(*slot as u16 as i16)
                } else {
                    let e = self.eval.with_network(pos, network.evaluate(pos, ply));
                    if let Ok(e) = i16::try_from(e) {
                        *slot = (key & !EVAL_BITS) | u64::from(e as u16);
                    }
                    e
                }
            }
        };
        if self.noise > 0 {
            let span = 2 * self.noise as u64 + 1;
            e + (mix(pos.hash() ^ self.seed) % span) as i32 - self.noise
        } else {
            e
        }
    }

    /// An evaluation as the table keeps it (`NO_EVAL` if it does not fit).
    fn eval16(e: i32) -> i16 {
        i16::try_from(e)
            .ok()
            .filter(|&e| e != NO_EVAL)
            .unwrap_or(NO_EVAL)
    }

    /// The score of a position without legal moves.
    fn terminal(pos: &Position<G>, ply: usize) -> i32 {
        match pos.outcome() {
            Some(Outcome::Decisive { winner, .. }) if winner == pos.turn() => MATE - ply as i32,
            Some(Outcome::Decisive { .. }) => -MATE + ply as i32,
            _ => 0,
        }
    }

    fn is_repetition(&self, key: u64, halfmoves: u32) -> bool {
        let n = self.path.len();
        // path[n - 1] is this position itself.
        let window = (halfmoves as usize).min(n.saturating_sub(1));
        let mut i = 2;
        while i <= window {
            if self.path[n - 1 - i] == key {
                return true;
            }
            i += 2;
        }
        false
    }

    /// Whether the side to move has a man other than its king and pawns.
    fn has_pieces(&self, pos: &Position<G>) -> bool {
        let kings_and_pawns = pos.by_role(Role::King) | pos.by_role(Role::Pawn);
        (pos.by_color(pos.turn()) & !kings_and_pawns).any()
    }

    /// Fills `board` (enemy pieces positive, ours negative, kings worth
    /// [`MATE`]) and `roles` for the position being generated, on its occupied squares: only
    /// those are read, so the empty ones keep whatever an earlier node left there.
    fn fill_board(&mut self, pos: &Position<G>) {
        let ours = pos.by_color(pos.turn());
        for role in Role::ALL {
            let v = if role == Role::King {
                MATE
            } else {
                self.eval.values[role.index()]
            };
            let set = pos.by_role(role);
            for (men, value) in [(set & ours, -v), (set & !ours, v)] {
                men.squares().for_each(|sq| {
                    let i = sq.usize() & 127;
                    self.roles[i] = role.index() as u8;
                    self.board[i] = value;
                });
            }
        }
    }

    /// Material a move wins (enemy pieces removed minus our own, the
    /// launched missile included). Reads the board filled by `fill_board`.
    #[inline]
    fn tactic_gain(&mut self, pos: &Position<G>, m: Move) -> i32 {
        let t = G::tables();
        let v = &self.eval.values;
        let at = |s: Square| self.board[s.usize() & 127];
        match m.kind {
            MoveKind::Boom => {
                let area = t.king[m.from.usize()] | G::Bits::from_square(m.from);
                (area & pos.occupied()).squares().map(at).sum()
            }
            MoveKind::Launch => self.launch_gain(pos, m).0,
            MoveKind::EnPassant => v[Role::Pawn.index()],
            _ => {
                let them = pos.by_color(!pos.turn());
                let mut gain = if them.has(m.to) { at(m.to) } else { 0 };
                if self.roles[m.from.usize() & 127] == Role::Bomber.index() as u8 {
                    gain += (t.between(m.from, m.to) & them)
                        .squares()
                        .map(at)
                        .sum::<i32>();
                }
                if let MoveKind::Promotion(r) = m.kind {
                    gain += v[r.index()] - v[Role::Pawn.index()];
                }
                gain
            }
        }
    }

    /// Generates and orders the moves of `pos` into `out`. With
    /// `tactical`, only captures, promotions to the best pieces and
    /// explosions that win material (or a king) are kept. Launches that
    /// empty the same squares as an earlier one are dropped. With `defer`, launches that win no
    /// material are left for [`add_later`](Self::add_later).
    fn generate(
        &mut self,
        pos: &Position<G>,
        out: &mut Vec<Scored>,
        tt_move: Option<Move>,
        ply: usize,
        tactical: bool,
        defer: bool,
    ) {
        out.clear();
        let us = pos.turn();
        let them = pos.by_color(!us);
        let killers = self.killers[ply.min(MAX_PLY)];
        self.new_stamp();
        self.fill_board(pos);
        // A launch whose blast reaches no enemy wins nothing. Quiescence has no use for one, and
        // the search tries one only after every quiet move, so the rules are asked for them only
        // when they are needed.
        let launching = pos.variant() == Variant::Stratomic && pos.launches_unlocked();
        let (anyone, enemies) = if launching {
            Self::blast_reach(pos)
        } else {
            (G::Bits::EMPTY, G::Bits::EMPTY)
        };
        let partial = launching && (tactical || defer);
        self.deferred[ply] = partial && !tactical;
        self.pending[ply].clear();
        self.node_stamps[ply] = self.stamp;
        let winning = if partial {
            self.winning_targets(pos, enemies, ply)
        } else {
            G::Bits::EMPTY
        };
        if tactical {
            // Quiescence: the rules generate only the moves that capture, explode or promote;
            // the launches when they are needed (`expand_launches`).
            pos.legal_noisy_moves(G::Bits::EMPTY, &mut self.scratch);
            self.legal_count = self.scratch.len();
            // The table's move goes first, if it is legal here: its target ranks as high as the
            // table's move is ordered, so its launches are listed before any other.
            let tt_launch = tt_move.filter(|m| m.kind == MoveKind::Launch);
            if let Some(m) = tt_launch {
                for (bound, target) in self.pending[ply].iter_mut() {
                    if *target == m.to {
                        *bound = TT_MOVE - GOOD_TACTIC;
                    }
                }
            }
            self.tt_launches[ply] = tt_launch;
        } else if partial {
            // The main search lists its winning launches now, all at once.
            self.pending[ply].clear();
            pos.legal_moves_launching_at(winning, &mut self.scratch);
            self.legal_count = self.scratch.len();
            if let Some(m) = tt_move.filter(|m| m.kind == MoveKind::Launch && !winning.has(m.to)) {
                // The table's move goes first even so, if it is legal here.
                let mut launches = G::MoveList::default();
                pos.legal_launches(G::Bits::from_square(m.to), &mut launches);
                if launches.contains(&m) {
                    self.scratch.push(m);
                }
            }
            if self.legal_count == 0 {
                // Whether there is a legal move at all (mate or stalemate) counts launches too.
                let mut launches = G::MoveList::default();
                pos.legal_launches(G::Bits::FULL, &mut launches);
                self.legal_count = launches.len();
            }
        } else {
            pos.legal_moves(&mut self.scratch);
            self.legal_count = self.scratch.len();
        }
        // The missiles whose launch at nothing is already listed.
        let mut launched_at_nothing = G::Bits::EMPTY;
        let exchanges_known = exchange::applies(pos);
        for idx in 0..self.scratch.len() {
            let m = self.scratch[idx];
            let gain;
            let (order, quiet) = match m.kind {
                MoveKind::Launch => {
                    // Likewise a launch that wins no material (most of them: the missile is
                    // lost): `add_later` lists it if the search gets that far.
                    let effect = self.launch_effect(pos, m, anyone);
                    let losing = !enemies.has(m.to) || effect.0 <= 0;
                    if losing && partial && Some(m) != tt_move {
                        continue;
                    }
                    let Some(scored) = self.score_launch(m, effect, &mut launched_at_nothing)
                    else {
                        continue;
                    };
                    gain = scored.1;
                    (scored.0, false)
                }
                MoveKind::Boom => {
                    gain = self.tactic_gain(pos, m);
                    if gain >= MATE / 2 {
                        (WIN_BOOM, false)
                    } else if gain > 0 {
                        (GOOD_TACTIC + gain, false)
                    } else if tactical {
                        continue;
                    } else {
                        (BAD_TACTIC + gain, false)
                    }
                }
                MoveKind::Promotion(r) => {
                    if tactical
                        && !matches!(r, Role::Queen | Role::Missile | Role::Bomber)
                        && !them.has(m.to)
                    {
                        continue;
                    }
                    gain = self.tactic_gain(pos, m);
                    (GOOD_TACTIC + gain, false)
                }
                _ => {
                    // Most moves: a step to an empty square by a man that takes nothing there.
                    let role = self.roles[m.from.usize() & 127];
                    let plain = m.kind == MoveKind::Normal
                        && !them.has(m.to)
                        && role != Role::Bomber.index() as u8;
                    if plain && tactical {
                        continue;
                    }
                    gain = if plain { 0 } else { self.tactic_gain(pos, m) };
                    let mover = Role::ALL.get(usize::from(role)).copied();
                    if gain > 0 {
                        let attacker = mover.map_or(0, |r| self.eval.values[r.index()]);
                        // A capture by a man worth more than its victim may lose the exchange
                        // on the square: such a loss is searched last, and not in quiescence.
                        let exchange = if exchanges_known && attacker > gain {
                            exchange(pos, m, &self.eval.values)
                        } else {
                            0
                        };
                        if exchange >= 0 {
                            (GOOD_TACTIC + gain * 4 - attacker / 10, false)
                        } else if tactical {
                            continue;
                        } else {
                            (BAD_TACTIC + exchange, false)
                        }
                    } else if tactical {
                        continue;
                    } else if killers[0] == Some(m) {
                        (KILLER + 2, true)
                    } else if killers[1] == Some(m) {
                        (KILLER + 1, true)
                    } else {
                        let role = mover.map_or(0, |r| r.index());
                        (self.quiet_score(us.index(), role, m.to, ply), true)
                    }
                }
            };
            let order = if Some(m) == tt_move { TT_MOVE } else { order };
            out.push(Scored {
                order,
                mv: m,
                quiet,
                gain,
            });
        }
    }

    /// How well the quiet move of `role` to `to` did before: its history plus its continuation
    /// history as the answer to the move that led to `ply`.
    #[inline]
    fn quiet_score(&self, color: usize, role: usize, to: Square, ply: usize) -> i32 {
        let own = self.history[(color * 8 + role) * 128 + to.usize()];
        match self.answers[ply] {
            NO_ANSWER => own,
            row => own + i32::from(self.continuation[row + role * 128 + to.usize()]),
        }
    }

    /// The offset of the continuation history's row for the answers to `m`.
    #[inline]
    fn answer_row(pos: &Position<G>, m: Move) -> usize {
        match pos.role_at(m.from) {
            Some(role) => (role.index() * 128 + (m.to.usize() & 127)) * 8 * 128,
            None => NO_ANSWER,
        }
    }

    /// A new stamp: forgets the launches and blasts of the node generated before.
    fn new_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.launch_seen.fill((0, 0, 0));
            self.stamp = 1;
        }
    }

    /// Scores the launches `generate` left out at `ply` (those that win no material) and adds
    /// them to `out`. None empties the same squares as a winning launch; the table move may be
    /// one of them, and is recorded first so that no other launch repeats it.
    fn add_later(&mut self, pos: &Position<G>, out: &mut Vec<Scored>, ply: usize) {
        if !core::mem::take(&mut self.deferred[ply]) {
            return;
        }
        // The children searched since have overwritten this node's board and blasts.
        self.new_stamp();
        self.fill_board(pos);
        let (anyone, enemies) = Self::blast_reach(pos);
        let mut launched_at_nothing = G::Bits::EMPTY;
        for s in out
            .iter()
            .filter(|s| s.order == TT_MOVE && s.mv.kind == MoveKind::Launch)
        {
            let effect = self.launch_effect(pos, s.mv, anyone);
            self.score_launch(s.mv, effect, &mut launched_at_nothing);
        }
        pos.legal_launches(G::Bits::FULL, &mut self.scratch);
        let start = out.len();
        for idx in 0..self.scratch.len() {
            let m = self.scratch[idx];
            if enemies.has(m.to) && self.launch_gain(pos, m).0 > 0 {
                // Listed by `generate`.
                continue;
            }
            let effect = self.launch_effect(pos, m, anyone);
            if let Some((order, gain)) = self.score_launch(m, effect, &mut launched_at_nothing) {
                out.push(Scored {
                    order,
                    mv: m,
                    quiet: false,
                    gain,
                });
            }
        }
        // Sorted now: `pick` sorts a list only once.
        out[start..].sort_unstable_by_key(|s| core::cmp::Reverse(s.order));
    }

    /// Lists quiescence's launches at `targets` (those that win material) in `out`, scored.
    fn list_launches_at(
        &mut self,
        pos: &Position<G>,
        targets: G::Bits,
        out: &mut Vec<Scored>,
        tt_move: Option<Move>,
    ) {
        // No launch at a winning target blasts only its own missile.
        let mut launched_at_nothing = G::Bits::EMPTY;
        pos.legal_launches(targets, &mut self.scratch);
        for idx in 0..self.scratch.len() {
            let m = self.scratch[idx];
            let effect = self.launch_gain(pos, m);
            if effect.0 <= 0 && Some(m) != tt_move {
                continue;
            }
            if let Some((order, gain)) = self.score_launch(m, effect, &mut launched_at_nothing) {
                out.push(Scored {
                    order: if Some(m) == tt_move { TT_MOVE } else { order },
                    mv: m,
                    quiet: false,
                    gain,
                });
            }
        }
    }

    /// Lists the launches quiescence may search next at `ply`, before it picks `list[from]`:
    /// those at the pending targets where a launch could be ordered at least as high as the
    /// best move listed. Each target's bound is the most a launch there can win, so the moves
    /// are tried in the same order as if every launch had been listed at once; but most
    /// quiescence nodes cut off at their first move or two, and most of their launches are
    /// never listed. Targets where no launch can win more than `floor` (delta pruning) are
    /// dropped. Returns whether any launch was added.
    fn expand_launches(
        &mut self,
        pos: &Position<G>,
        list: &mut Vec<Scored>,
        from: usize,
        ply: usize,
        floor: i32,
    ) -> bool {
        let mut added = false;
        loop {
            let pending = &mut self.pending[ply];
            let top = pending.iter().map(|&(bound, _)| bound).max();
            #[cfg(test)]
            let floor = if self.eager_launches { i32::MIN } else { floor };
            let Some(top) = top.filter(|&top| top > floor) else {
                pending.clear();
                return added;
            };
            // Every target that could hold a move as good as the best listed (or, with none
            // listed, the best target), at once: the rules' launch generator is asked once.
            let threshold = match list[from..].iter().map(|s| s.order).max() {
                Some(order) if order > GOOD_TACTIC + top => return added,
                Some(order) => order - GOOD_TACTIC,
                None => top,
            };
            #[cfg(test)]
            let threshold = if self.eager_launches {
                i32::MIN
            } else {
                threshold
            };
            let mut targets = G::Bits::EMPTY;
            pending.retain(|&(bound, target)| {
                if bound >= threshold {
                    targets |= G::Bits::from_square(target);
                }
                bound < threshold
            });
            if self.node_stamps[ply] != self.stamp {
                // The children searched since have replaced this node's board and blasts.
                self.new_stamp();
                self.fill_board(pos);
                self.node_stamps[ply] = self.stamp;
            }
            self.list_launches_at(pos, targets, list, self.tt_launches[ply]);
            added = true;
        }
    }

    /// The material gain of the launch `m` and the squares it empties, as
    /// [`launch_gain`](Self::launch_gain) has them. `anyone`: the squares whose blast reaches a
    /// man; elsewhere the launch only loses its missile.
    #[inline]
    fn launch_effect(&mut self, pos: &Position<G>, m: Move, anyone: G::Bits) -> (i32, u128) {
        if anyone.has(m.to) {
            self.launch_gain(pos, m)
        } else {
            (-self.eval.values[Role::Missile.index()], launch_bit(m.from))
        }
    }

    /// The order and material gain of the launch `m` of `effect` (see
    /// [`launch_effect`](Self::launch_effect)), or `None` if an earlier launch of this node
    /// leads to the same position.
    fn score_launch(
        &mut self,
        m: Move,
        (gain, key): (i32, u128),
        launched_at_nothing: &mut G::Bits,
    ) -> Option<(i32, i32)> {
        let missile = launch_bit(m.from);
        if key == missile {
            // A blast that reaches nobody but the missile only loses it: every such launch of
            // one missile leads to the same position, so one is kept.
            if launched_at_nothing.has(m.from) {
                return None;
            }
            *launched_at_nothing |= G::Bits::from_square(m.from);
        } else if !self.first_launch(m.from.index(), key) {
            return None;
        }
        Some((
            if gain > 0 {
                GOOD_TACTIC + gain
            } else {
                BAD_TACTIC + gain
            },
            gain,
        ))
    }

    /// The squares whose 3×3 blast holds a man other than a king, and those whose blast holds
    /// one of the enemy's (kings are immune to launches).
    fn blast_reach(pos: &Position<G>) -> (G::Bits, G::Bits) {
        let t = G::tables();
        let men = pos.occupied() & !pos.by_role(Role::King);
        let them = pos.by_color(!pos.turn());
        (t.neighbourhood(men), t.neighbourhood(men & them))
    }

    /// [`tactic_gain`](Self::tactic_gain) of a launch and the exact set of squares it empties
    /// (two launches emptying the same squares lead to the same position), from the blast at
    /// its target worked out once a node for all the missiles that can launch there.
    #[inline]
    fn launch_gain(&mut self, pos: &Position<G>, m: Move) -> (i32, u128) {
        let (removed, emptied) = self.blast(pos, m.to);
        let missile = launch_bit(m.from);
        // The missile is lost whether or not its own square is in the blast.
        let own = if emptied & missile != 0 {
            self.board[m.from.usize() & 127]
        } else {
            0
        };
        (
            removed - own - self.eval.values[Role::Missile.index()],
            emptied | missile,
        )
    }

    /// The material a blast at `target` removes (enemy men count for us, ours against) and the
    /// squares it empties, worked out once a node.
    #[inline]
    fn blast(&mut self, pos: &Position<G>, target: Square) -> (i32, u128) {
        let (stamp, removed, emptied) = self.blasts[target.usize() & 127];
        if stamp == self.stamp {
            (removed, emptied)
        } else {
            self.new_blast(pos, target)
        }
    }

    /// [`blast`](Self::blast) at a target not yet worked out at this node.
    #[inline]
    fn new_blast(&mut self, pos: &Position<G>, target: Square) -> (i32, u128) {
        let t = G::tables();
        let area = (t.king[target.usize()] | G::Bits::from_square(target))
            & pos.occupied()
            & !pos.by_role(Role::King);
        let removed = area.squares().map(|s| self.board[s.usize() & 127]).sum();
        let emptied = area.into();
        self.blasts[target.usize() & 127] = (self.stamp, removed, emptied);
        (removed, emptied)
    }

    /// The targets among `enemies` that some missile's launch wins material at: a launch loses
    /// its missile, so a blast must remove more than a missile's worth, or more than nothing when
    /// it takes the missile itself. Quiescence searches these launches only, and the search
    /// leaves the others for [`add_later`](Self::add_later).
    ///
    /// Each winning target goes into `pending[ply]` with the most a launch there wins: what the
    /// blast removes, less the missile unless the blast takes one of ours anyway (then that
    /// one's launch loses nothing). A target wins exactly when that bound is above nothing.
    fn winning_targets(&mut self, pos: &Position<G>, enemies: G::Bits, ply: usize) -> G::Bits {
        let t = G::tables();
        let missile = self.eval.values[Role::Missile.index()];
        let our_missiles = pos.by_piece(Piece {
            color: pos.turn(),
            role: Role::Missile,
        });
        let mut winning = G::Bits::EMPTY;
        if our_missiles.is_empty() {
            return winning;
        }
        // `generate` asks this first after a new stamp: no blast of the node is worked out yet.
        for target in enemies.squares() {
            let (removed, _) = self.new_blast(pos, target);
            if removed <= 0 {
                continue;
            }
            let area = t.king[target.usize()] | G::Bits::from_square(target);
            let cost = if (area & our_missiles).any() {
                0
            } else {
                missile
            };
            if removed > cost {
                winning |= G::Bits::from_square(target);
                self.pending[ply].push((removed - cost, target));
            }
        }
        winning
    }

    /// Records a launch's effect; false if an earlier launch of this node
    /// had the same one.
    fn first_launch(&mut self, from: u8, key: u128) -> bool {
        let h = mix((key as u64) ^ ((key >> 64) as u64).rotate_left(17) ^ u64::from(from));
        let mut i = h as usize & (LAUNCH_TABLE - 1);
        loop {
            let slot = &mut self.launch_seen[i];
            if slot.0 != self.stamp {
                *slot = (self.stamp, from, key);
                return true;
            }
            if slot.1 == from && slot.2 == key {
                return false;
            }
            i = (i + 1) & (LAUNCH_TABLE - 1);
        }
    }

    /// Moves the best-ordered of `list[i..]` to `i`. The first few are picked one by one (a
    /// cut-off usually comes before the rest are needed); then the rest are sorted at once.
    #[inline]
    fn pick(list: &mut [Scored], i: usize) {
        if i >= PICKED {
            if i == PICKED {
                Self::sort_rest(&mut list[i..]);
            }
            return;
        }
        // The best order so far is kept apart from the list, so it stays in a register.
        let (mut best, mut best_order) = (i, list[i].order);
        for (j, scored) in list.iter().enumerate().skip(i + 1) {
            if scored.order > best_order {
                (best, best_order) = (j, scored.order);
            }
        }
        list.swap(i, best);
    }

    /// Sorts the moves `pick` does not pick one by one, best first. Kept out of `pick`, which
    /// would otherwise set up the sort's stack frame on every call in WebAssembly.
    #[inline(never)]
    fn sort_rest(list: &mut [Scored]) {
        list.sort_unstable_by_key(|s| core::cmp::Reverse(s.order));
    }

    fn quiescence(
        &mut self,
        pos: &Position<G>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: i32,
        in_check: bool,
    ) -> i32 {
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
        if pos.king_of(pos.turn()).is_none() {
            return -MATE + ply as i32;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        // The table answers for quiescence too: any result it holds (a quiescence search's
        // is depth 0) bounds this one, and its evaluation spares computing another.
        let key = pos.hash();
        // Where the parent prefetched this position's bucket, the 10×10 evaluation is worked out
        // while the bucket arrives: the table holds only one in five to ten of these positions,
        // and waiting for the bucket was a tenth of the time.
        let early = (Tt::PREFETCHES && !in_check && !self.eval.uses_network())
            .then(|| self.evaluate(pos, ply));
        let entry = self.tt.probe(key);
        if let Some(e) = entry.filter(|e| e.bound != Bound::None && e.depth >= 0) {
            let s = from_tt(i32::from(e.score), ply);
            match e.bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        let stand = match (entry, early) {
            _ if in_check => -INF,
            (_, Some(e)) => e,
            (Some(e), None) if e.eval != NO_EVAL => i32::from(e.eval),
            _ => self.evaluate(pos, ply),
        };
        let eval = if in_check {
            NO_EVAL
        } else {
            Self::eval16(stand)
        };
        if stand >= beta {
            if entry.is_none() {
                self.tt.store(key, None, stand, 0, Bound::Lower, eval, ply);
            }
            return stand;
        }
        let alpha0 = alpha;
        let mut list = core::mem::take(&mut self.lists[ply]);
        self.generate(
            pos,
            &mut list,
            entry.and_then(|e| e.mv),
            ply,
            !in_check,
            false,
        );
        if !in_check {
            let floor = alpha.max(stand) - stand - DELTA_MARGIN;
            self.expand_launches(pos, &mut list, 0, ply, floor);
        }
        if list.is_empty() {
            self.lists[ply] = list;
            if in_check {
                return Self::terminal(pos, ply);
            }
            if self.legal_count == 0 {
                // Whether there is a legal move at all (stalemate) counts the quiet ones too.
                self.legal_count = usize::from(pos.has_legal_moves());
            }
            // Either no tactical move, or no legal move at all.
            return if self.legal_count == 0 {
                Self::terminal(pos, ply)
            } else {
                stand
            };
        }
        if qdepth >= QS_MAX && !in_check {
            self.lists[ply] = list;
            return stand;
        }
        let mut best = stand;
        let mut best_move = None;
        alpha = alpha.max(stand);
        let mut i = 0;
        loop {
            if i > 0
                && !in_check
                && self.expand_launches(pos, &mut list, i, ply, alpha - stand - DELTA_MARGIN)
                && i > PICKED
            {
                // `pick` sorted the rest once, at `PICKED`.
                Self::sort_rest(&mut list[i..]);
            }
            if i == list.len() {
                break;
            }
            Self::pick(&mut list, i);
            let scored = list[i];
            let m = scored.mv;
            i += 1;
            // Delta pruning: even winning this much cannot reach alpha.
            if !in_check
                && scored.order < TT_MOVE
                && scored.order >= GOOD_TACTIC
                && scored.order < WIN_BOOM
                && stand + scored.gain + DELTA_MARGIN <= alpha
            {
                continue;
            }
            let mut child = pos.copied();
            child.play_unchecked(m);
            self.tt.prefetch(child.hash());
            let gives_check = child.is_check();
            if gives_check {
                // The evasions are ordered by their history as answers to this move.
                self.answers[ply + 1] = Self::answer_row(pos, m);
            }
            let s = -self.quiescence(&child, -beta, -alpha, ply + 1, qdepth + 1, gives_check);
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, best, 0, bound, eval, ply);
        best
    }

    fn negamax(
        &mut self,
        pos: &Position<G>,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> i32 {
        if pos.king_of(pos.turn()).is_none() {
            self.nodes += 1;
            return -MATE + ply as i32;
        }
        let key = pos.hash();
        if ply > 0 {
            if pos.halfmoves() >= 100 {
                return 0;
            }
            if let Some(&rep) = self.path.last() {
                if self.is_repetition(rep, pos.halfmoves()) {
                    return 0;
                }
            }
            // Mate distance pruning.
            let a = alpha.max(-MATE + ply as i32);
            let b = beta.min(MATE - ply as i32 - 1);
            if a >= b {
                return a;
            }
        }
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(pos, alpha, beta, ply, 0, in_check);
        }
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
        let mut tt_move = None;
        let entry = self.tt.probe(key);
        let excluded = self.excluded[ply];
        if let Some(e) = entry {
            tt_move = e.mv;
            if ply > 0 && i32::from(e.depth) >= depth && excluded.is_none() {
                let s = from_tt(i32::from(e.score), ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let pv_node = beta - alpha > 1;
        let raw_eval = match entry {
            _ if in_check => -INF,
            Some(e) if e.eval != NO_EVAL => i32::from(e.eval),
            _ => {
                let e = self.evaluate(pos, ply);
                if entry.is_none() {
                    // Kept for the next visit, which may come before any result is stored.
                    self.tt
                        .store(key, None, 0, -100, Bound::None, Self::eval16(e), ply);
                }
                e
            }
        };
        self.static_evals[ply] = raw_eval;
        // Whether this side stands better than at its previous move: if not, its moves are
        // less likely to matter, and are pruned and reduced more.
        let improving = !in_check && ply >= 2 && raw_eval > self.static_evals[ply - 2];
        // The pruning below judges by the table's score where its bound says that score is
        // nearer the truth than the static evaluation.
        let static_eval = match entry.map(|e| (e.bound, from_tt(i32::from(e.score), ply))) {
            Some((bound, s)) if !in_check && s.abs() < MATE_BOUND => match bound {
                Bound::Exact => s,
                Bound::Lower if s > raw_eval => s,
                Bound::Upper if s < raw_eval => s,
                _ => raw_eval,
            },
            _ => raw_eval,
        };
        // Reverse futility: far above beta with little depth left.
        if !pv_node
            && !in_check
            && excluded.is_none()
            && depth <= REVERSE_FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval - REVERSE_FUTILITY_MARGIN * (depth - i32::from(improving)) >= beta
        {
            return static_eval;
        }
        // Razoring: far below alpha a few plies from the leaves, only a tactic can save the
        // node, and if the quiescence search finds none the node fails low untried.
        if !pv_node
            && !in_check
            && excluded.is_none()
            && depth <= RAZOR_DEPTH
            && alpha.abs() < MATE_BOUND
            && static_eval + RAZOR_MARGIN * depth <= alpha
        {
            let s = self.quiescence(pos, alpha, alpha + 1, ply, 0, false);
            if self.stopped {
                return 0;
            }
            if s <= alpha {
                return s;
            }
        }
        // Null move: if passing the turn still holds beta at a reduced depth, a real move would
        // too. Not in check, not twice in a row, not with only pawns (zugzwang is real there).
        if !pv_node
            && !in_check
            && excluded.is_none()
            && depth >= 3
            && !self.passed[ply]
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.has_pieces(pos)
        {
            if let Ok(passed) = pos.with_turn_passed() {
                // At least one full ply after the pass, so a threat of mate in one is seen.
                // Reduced more the further the evaluation stands above beta.
                let r = (3 + depth / 4 + ((static_eval - beta) / 200).min(2)).min(depth - 2);
                self.passed[ply + 1] = true;
                self.answers[ply + 1] = NO_ANSWER;
                self.path.push(repetition_key(&passed));
                let s = -self.negamax(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                self.passed[ply + 1] = false;
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    // A mate found after a pass is not proven: say only that beta holds.
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // Internal iterative reduction: a node the table knows no move for is searched a ply
        // shallower; its next visit, with a move to try first, goes deeper.
        if depth >= 4 && tt_move.is_none() {
            depth -= 1;
        }
        let mut list = core::mem::take(&mut self.lists[ply]);
        self.generate(pos, &mut list, tt_move, ply, false, true);
        if list.is_empty() {
            self.add_later(pos, &mut list, ply);
        }
        if list.is_empty() {
            self.lists[ply] = list;
            return Self::terminal(pos, ply);
        }
        let alpha0 = alpha;
        let exchanges_known = exchange::applies(pos);
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0;
        let mut i = 0;
        loop {
            if i < list.len() {
                Self::pick(&mut list, i);
            }
            // The deferred launches come among the losing tactics, after every quiet move.
            if self.deferred[ply] && (i == list.len() || list[i].order <= BAD_TACTIC) {
                self.add_later(pos, &mut list, ply);
                list[i..].sort_unstable_by_key(|s| core::cmp::Reverse(s.order));
            }
            if i == list.len() {
                break;
            }
            let Scored { mv: m, quiet, .. } = list[i];
            i += 1;
            if Some(m) == excluded {
                continue;
            }
            let extension = if Some(m) == tt_move && ply > 0 && excluded.is_none() {
                self.singular_extension(pos, entry, depth, beta, ply, in_check, m)
            } else {
                Ok(0)
            };
            let extension = match extension {
                Ok(e) => e,
                Err(cut) => {
                    self.lists[ply] = list;
                    return cut;
                }
            };
            // Late move pruning: near the leaves, the last quiet moves of a well-ordered list
            // are not tried once a few have failed, unless they give check (a mate is found).
            let late = !pv_node
                && depth <= LATE_MOVE_DEPTH
                && searched >= (3 + depth * depth) / (2 - i32::from(improving))
                && best > -MATE_BOUND;
            // Futility: a quiet move cannot lift a hopeless node near the leaves.
            let futile = searched > 0
                && depth <= FUTILITY_DEPTH
                && alpha.abs() < MATE_BOUND
                && static_eval + 100 + 150 * depth <= alpha;
            // Exchange: a move that loses material on its square, near the leaves.
            let prunable = (quiet && (late || futile))
                || (exchanges_known
                    && !pv_node
                    && searched > 0
                    && depth <= EXCHANGE_DEPTH
                    && best > -MATE_BOUND
                    && self.loses_exchange(pos, list[i - 1], depth));
            // Whether the move checks is asked only then: the rules tell most without making it.
            if prunable && !in_check && !pos.gives_check(m) {
                continue;
            }
            let mut child = pos.copied();
            child.play_unchecked(m);
            self.tt.prefetch(child.hash());
            let gives_check = child.is_check();

            self.answers[ply + 1] = Self::answer_row(pos, m);
            self.path.push(repetition_key(&child));
            let s = if searched == 0 {
                -self.negamax(
                    &child,
                    depth - 1 + extension,
                    -beta,
                    -alpha,
                    ply + 1,
                    gives_check,
                )
            } else {
                let r = if !quiet || depth < 3 || in_check || gives_check {
                    0
                } else if pv_node {
                    // Gently where the score must be exact.
                    i32::from(searched >= 3) + i32::from(searched >= 10 && depth >= 5)
                } else {
                    let r = reductions()[(depth as usize).min(63)][(searched as usize).min(63)];
                    let killer = list[i - 1].order >= KILLER;
                    // A quiet move that did well before is reduced less, one that did badly more.
                    let record = if killer {
                        0
                    } else {
                        list[i - 1].order / HISTORY_MAX
                    };
                    (i32::from(r) + i32::from(!improving) - i32::from(killer) - record)
                        .clamp(0, depth - 2)
                };
                let mut s = -self.negamax(
                    &child,
                    depth - 1 - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    gives_check,
                );
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, gives_check);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, gives_check);
                }
                s
            };
            self.path.pop();
            searched += 1;
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(m) {
                                k[1] = k[0];
                                k[0] = Some(m);
                            }
                            // The move that cut gains, the quiet moves tried before it lose.
                            let bonus = (32 * depth * depth).min(4_000);
                            self.reward(pos, m, ply, bonus);
                            for tried in &list[..i - 1] {
                                if tried.quiet {
                                    self.reward(pos, tried.mv, ply, -bonus);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        if best == -INF {
            // Every move was pruned by futility.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let eval = if in_check {
            NO_EVAL
        } else {
            Self::eval16(raw_eval)
        };
        if excluded.is_none() {
            self.tt.store(key, best_move, best, depth, bound, eval, ply);
        }
        best
    }

    /// Whether the ordered move `scored` loses more material on its square than exchange
    /// pruning allows `depth` plies from the leaves (8×8 only). A losing capture's exchange is
    /// in its order already (`BAD_TACTIC` + exchange); a quiet move's is worked out here.
    fn loses_exchange(&self, pos: &Position<G>, scored: Scored, depth: i32) -> bool {
        if scored.quiet {
            scored.mv.kind == MoveKind::Normal
                && exchange(pos, scored.mv, &self.eval.values)
                    < -EXCHANGE_QUIET_MARGIN * depth * depth
        } else {
            matches!(scored.mv.kind, MoveKind::Normal | MoveKind::EnPassant)
                && scored.order <= BAD_TACTIC
                && scored.order - BAD_TACTIC < -EXCHANGE_CAPTURE_MARGIN * depth
        }
    }

    /// Singular extension: whether the table's move `m` is much better than every other move
    /// here. A reduced search without it, against a bound just below the table's score, says;
    /// if every other move fails that low, `m` is searched a ply deeper (`Ok(1)`). If even
    /// without `m` the node holds a bound above `beta`, more than one move refutes the
    /// opponent and the node is cut at once (`Err(score)`).
    #[allow(clippy::too_many_arguments)]
    fn singular_extension(
        &mut self,
        pos: &Position<G>,
        entry: Option<crate::tt::Entry>,
        depth: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        m: Move,
    ) -> Result<i32, i32> {
        let Some(e) = entry else { return Ok(0) };
        let score = from_tt(i32::from(e.score), ply);
        if depth < SINGULAR_DEPTH
            || ply >= MAX_PLY / 2
            || !matches!(e.bound, Bound::Lower | Bound::Exact)
            || i32::from(e.depth) < depth - 3
            || score.abs() >= MATE_BOUND
        {
            return Ok(0);
        }
        let singular_beta = score - 2 * depth;
        // The search without `m` generates this node's moves again: its own deferred launches
        // are not this node's.
        let deferred = self.deferred[ply];
        self.excluded[ply] = Some(m);
        let s = self.negamax(
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            in_check,
        );
        self.excluded[ply] = None;
        self.deferred[ply] = deferred;
        if self.stopped {
            return Ok(0);
        }
        if s < singular_beta {
            Ok(1)
        } else if singular_beta >= beta {
            Err(singular_beta)
        } else {
            Ok(0)
        }
    }

    /// Adds `bonus` to the history and continuation history of the quiet move `m` at `ply`,
    /// less the nearer a score already is to `±HISTORY_MAX`: recent results outweigh old ones.
    fn reward(&mut self, pos: &Position<G>, m: Move, ply: usize, bonus: i32) {
        let Some(role) = pos.role_at(m.from) else {
            return;
        };
        let to = m.to.usize() & 127;
        let gravity = |h: i32| h + bonus - h * bonus.abs() / HISTORY_MAX;
        let own = &mut self.history[(pos.turn().index() * 8 + role.index()) * 128 + to];
        *own = gravity(*own);
        if let Some(row) = Some(self.answers[ply]).filter(|&row| row != NO_ANSWER) {
            let answer = &mut self.continuation[row + role.index() * 128 + to];
            // Within ±HISTORY_MAX (see there), which 16 bits hold.
            *answer = gravity(i32::from(*answer)) as i16;
        }
    }

    /// Iterative deepening at the root. With `margin`, every root move
    /// gets a score: each is searched with the window `(best - margin,
    /// INF)`, so moves within `margin` of the best have exact scores and
    /// the others upper bounds. Without it, principal variation search.
    pub fn root(&mut self, pos: &Position<G>, margin: Option<i32>) -> RootResult {
        self.tt.new_search();
        let mut result = RootResult::default();
        let mut list = Vec::new();
        let tt_move = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        self.generate(pos, &mut list, tt_move, 0, false, false);
        if list.is_empty() {
            return result;
        }
        list.sort_by_key(|s| core::cmp::Reverse(s.order));
        let mut order: Vec<(Move, i32)> = list.iter().map(|s| (s.mv, 0)).collect();
        result.best = Some(order[0].0);
        result.scores = order.clone();
        self.path.push(repetition_key(pos));
        for depth in 1..=self.budget.max_depth.max(1) {
            let mut best = -INF;
            let mut alpha = -INF;
            let mut done = 0;
            for (i, entry) in order.iter_mut().enumerate() {
                let m = entry.0;
                let mut child = *pos;
                child.play_unchecked(m);
                let gives_check = child.is_check();
                self.answers[1] = Self::answer_row(pos, m);
                self.path.push(repetition_key(&child));
                let d = depth as i32 - 1;
                let s = match margin {
                    Some(margin) => {
                        let lo = if i == 0 {
                            -INF
                        } else {
                            (best - margin).max(-INF + 1)
                        };
                        -self.negamax(&child, d, -INF, -lo, 1, gives_check)
                    }
                    None if i == 0 => {
                        // Aspiration: the best move's score is near the last iteration's; a
                        // narrow window finds it sooner, and one it falls outside of is
                        // searched again with no bounds.
                        let last = result.score;
                        let window = depth >= 4 && last.abs() < MATE_BOUND;
                        let (lo, hi) = if window {
                            (last - ASPIRATION, last + ASPIRATION)
                        } else {
                            (-INF, INF)
                        };
                        let s = -self.negamax(&child, d, -hi, -lo, 1, gives_check);
                        if window && (s <= lo || s >= hi) && !self.stopped {
                            -self.negamax(&child, d, -INF, INF, 1, gives_check)
                        } else {
                            s
                        }
                    }
                    None => {
                        let s = -self.negamax(&child, d, -alpha - 1, -alpha, 1, gives_check);
                        if s > alpha && !self.stopped {
                            -self.negamax(&child, d, -INF, -alpha, 1, gives_check)
                        } else {
                            s
                        }
                    }
                };
                self.path.pop();
                if self.stopped {
                    break;
                }
                entry.1 = s;
                done += 1;
                if s > best {
                    best = s;
                    alpha = s;
                }
            }
            if self.stopped {
                if result.depth == 0 && done > 0 {
                    // Not even the first iteration finished: use what it found.
                    let mut partial: Vec<(Move, i32)> = order[..done].to_vec();
                    partial.sort_by_key(|e| core::cmp::Reverse(e.1));
                    result.best = Some(partial[0].0);
                    result.score = partial[0].1;
                    result.scores = partial;
                } else if margin.is_none() && done > 1 {
                    // The unfinished iteration may already have proved a move better than the
                    // last one's best (its full-window re-search finished): play that.
                    let first = order[0].1;
                    if let Some(&(m, s)) = order[1..done]
                        .iter()
                        .filter(|e| e.1 > first)
                        .max_by_key(|e| e.1)
                    {
                        result.best = Some(m);
                        result.score = s;
                        result.scores.retain(|e| e.0 != m);
                        result.scores.insert(0, (m, s));
                    }
                }
                break;
            }
            // Stable: equal scores keep the previous order.
            order.sort_by_key(|e| core::cmp::Reverse(e.1));
            result.best = Some(order[0].0);
            result.score = order[0].1;
            result.depth = depth;
            result.scores = order.clone();
            self.tt.store(
                pos.hash(),
                result.best,
                result.score,
                depth as i32,
                Bound::Exact,
                NO_EVAL,
                0,
            );
            let pv = self.principal_variation(pos, result.best, depth as usize);
            (self.budget.progress)(&crate::Iteration {
                depth,
                score: result.score,
                nodes: self.budget.nodes_before + self.nodes,
                pv,
                hypothesis: self.budget.hypothesis,
            });
            if result.score.abs() > MATE_BOUND
                && depth as i32 > MATE - result.score.abs() + 1
                && margin.is_none()
            {
                break;
            }
            if self.budget.soft_deadline.is_finite()
                && (self.budget.clock)() >= self.budget.soft_deadline
            {
                break;
            }
        }
        self.path.pop();
        result.pv = self.principal_variation(pos, result.best, result.depth as usize);
        result
    }

    /// The expected line, read from the transposition table.
    fn principal_variation(
        &mut self,
        pos: &Position<G>,
        first: Option<Move>,
        max: usize,
    ) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut p = *pos;
        let mut next = first;
        let mut seen = Vec::new();
        while let Some(m) = next {
            if pv.len() >= max.max(1) {
                break;
            }
            let mut legal = G::MoveList::default();
            p.legal_moves(&mut legal);
            if !legal.contains(&m) {
                break;
            }
            pv.push(m);
            p.play_unchecked(m);
            let h = p.hash();
            if seen.contains(&h) {
                break;
            }
            seen.push(h);
            next = self.tt.probe(h).and_then(|e| e.mv);
        }
        pv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Engine, Limits, Settings};
    use boomchess_rules::{Board10, Options, VariantPosition};

    /// Runs `f` with a searcher of Stratomic positions and a fresh table.
    fn with_searcher<T>(f: impl FnOnce(&mut Searcher<Board10>) -> T) -> T {
        let mut tt = Tt::new(1);
        let stop = AtomicBool::new(false);
        let budget = Budget {
            max_depth: 64,
            nodes: u64::MAX,
            hard_deadline: f64::INFINITY,
            soft_deadline: f64::INFINITY,
            stop: &stop,
            clock: &|| 0.0,
            progress: &|_| {},
            nodes_before: 0,
            hypothesis: 0,
        };
        let eval = Evaluator::new(Variant::Stratomic, 0, false);
        f(&mut Searcher::new(&mut tt, budget, eval, Vec::new(), 0, 0))
    }

    /// The value of a full-window quiescence search of `pos` with a fresh table, its launches
    /// listed as needed or (`eager`) all at once, and the nodes it searched.
    fn quiescence_value(pos: &Position<Board10>, eager: bool) -> (i32, u64) {
        with_searcher(|searcher| {
            searcher.eager_launches = eager;
            let value = searcher.quiescence(pos, -INF, INF, 0, 0, pos.is_check());
            (value, searcher.nodes)
        })
    }

    /// Positions of four short Stratomic games (quick self-play from the start) where
    /// missiles can be launched and the side to move is not in check.
    fn launching_positions() -> Vec<Position<Board10>> {
        let mut engine = Engine::new(1);
        let stop = AtomicBool::new(false);
        let mut positions = Vec::new();
        for game in 0..4u64 {
            let mut pos = VariantPosition::new(Variant::Stratomic, Options::default());
            for _ in 0..60 {
                if pos.outcome().is_some() {
                    break;
                }
                if let VariantPosition::Ten(p) = &pos {
                    if p.launches_unlocked() && !p.is_check() {
                        positions.push(p.copied());
                    }
                }
                let mut settings = Settings::strongest(Limits::nodes(300 + 100 * game));
                settings.enemy_carriers = Some(0);
                let Some(m) = engine.think(&pos, &[], &settings, &stop, &|| 0.0).best else {
                    break;
                };
                pos.play_unchecked(m);
            }
        }
        positions
    }

    /// Each pending target's bound is the most a launch there wins: no legal launch at it wins
    /// more, and where one of ours stands in the blast, that missile's launch wins it all.
    #[test]
    fn no_launch_wins_more_than_its_targets_bound() {
        let (mut targets, mut own_missile_in_blast) = (0, 0);
        // Also a missile next to what it would blow up (a knight and a rook; nothing attacks
        // the missile, so it may launch).
        let next_to_them = VariantPosition::from_fen(
            Variant::Stratomic,
            Options::default(),
            "5k4/10/10/2nr6/2M7/10/10/10/10/5K3R w - - 0 1 L",
        );
        let Ok(VariantPosition::Ten(next_to_them)) = next_to_them else {
            panic!("a 10×10 position");
        };
        for pos in launching_positions().into_iter().chain([next_to_them]) {
            with_searcher(|searcher| {
                let mut list = Vec::new();
                searcher.generate(&pos, &mut list, None, 0, true, false);
                let mut launches = <Board10 as Geometry>::MoveList::default();
                for (bound, target) in searcher.pending[0].clone() {
                    pos.legal_launches(<u128 as Bits>::from_square(target), &mut launches);
                    let best = launches
                        .iter()
                        .map(|&m| searcher.launch_gain(&pos, m).0)
                        .max();
                    if let Some(best) = best {
                        assert!(best <= bound, "{best} > {bound} at {target:?}");
                        targets += 1;
                        // The bound is the blast's whole haul only with a missile of ours in it.
                        let removed = searcher.blast(&pos, target).0;
                        own_missile_in_blast += usize::from(best == bound && bound == removed);
                    }
                }
            });
        }
        assert!(
            targets > 200 && own_missile_in_blast > 0,
            "{targets} {own_missile_in_blast}"
        );
    }

    /// Listing a quiescence node's launches only when one could be the next move searched
    /// tries the same moves in the same order as listing them all at once (but for moves
    /// ordered alike), so the values agree: on positions of Stratomic games where missiles can
    /// be launched.
    #[test]
    fn launches_listed_as_needed_give_the_values_of_listing_them_all() {
        let positions = launching_positions();
        let mut with_launches = 0;
        for (i, pos) in positions.iter().enumerate() {
            let (lazy, _) = quiescence_value(pos, false);
            let (eager, eager_nodes) = quiescence_value(pos, true);
            assert_eq!(lazy, eager, "position {i}: {}", pos.fen());
            with_launches += usize::from(eager_nodes > 1);
        }
        assert!(
            positions.len() > 100 && with_launches > 50,
            "{} {with_launches}",
            positions.len()
        );
    }
}
