//! Differential tests: the engine against the independent reference
//! generator of `tests/reference` (written only from docs/rules.md).
//!
//! - random playouts with fixed seeds in every variant and option, from the
//!   start positions, hand-composed positions and random composed ones: at
//!   every position the sorted legal-move lists must be equal, and after
//!   every move the position texts; in a sample of positions every legal
//!   move is played and each resulting position and move list compared;
//! - perft counts of the reference against `VariantPosition::perft`;
//! - the reference itself against hand counts and the published orthodox
//!   perft figures.
//!
//! Run with `cargo test -p boomchess-rules --profile perf --test differential`
//! (add `-- --nocapture` to see how many positions and moves of each kind
//! were compared; about 25 s on two busy cores). The `#[ignore]`d test
//! `write_perft_data` recomputes deeper counts with the reference, checks
//! them against the engine and rewrites `tests/data/perft_variants.txt`
//! (`-- --ignored write_perft_data`; about 6-11 minutes).

mod reference;

use boomchess_rules::{Options, Variant, VariantPosition};
use reference::{Color, Game, Opts, Pos, Role};
use std::collections::BTreeMap;

// ----- helpers ---------------------------------------------------------------

/// SplitMix64: a small fixed-seed random source (no dependency).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn engine(variant: &str, options: &[&str], fen: &str) -> Result<VariantPosition, String> {
    let v = Variant::from_name(variant).unwrap();
    let o = Options::parse(v, options).unwrap();
    VariantPosition::from_fen(v, o, fen).map_err(|e| format!("{e:?}"))
}

fn reference(variant: &str, options: &[&str], fen: &str) -> Pos {
    Pos::from_fen(Game::from_name(variant), Opts::parse(options), fen)
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// What differs between two sorted move lists, for a failure message.
fn list_diff(reference: &[String], engine: &[String]) -> String {
    let only_ref: Vec<&String> = reference.iter().filter(|m| !engine.contains(m)).collect();
    let only_eng: Vec<&String> = engine.iter().filter(|m| !reference.contains(m)).collect();
    format!(
        "reference only: {only_ref:?}\n  engine only: {only_eng:?}\n  reference ({}): {reference:?}\n  engine ({}): {engine:?}",
        reference.len(),
        engine.len()
    )
}

/// Counts of one configuration's playouts.
#[derive(Default)]
struct Tally {
    positions: usize,
    moves: usize,
    launches_or_booms: usize,
    /// Kinds of legal move compared (see [`classify`]).
    kinds: BTreeMap<&'static str, usize>,
    /// Kinds of move played.
    played: BTreeMap<&'static str, usize>,
    /// Percentage of positions where every legal move is played on a copy
    /// and the resulting position texts and move lists are compared too.
    every_move_percent: u64,
    /// Positions reached that way.
    children: usize,
    failures: Vec<String>,
}

/// Parses a square name of a board of width `w`.
fn square(w: i32, name: &str) -> usize {
    let file = (name.as_bytes()[0] - b'a') as i32;
    let rank: i32 = name[1..].parse().unwrap();
    ((rank - 1) * w + file) as usize
}

/// The kinds of a legal move, for the coverage counts: what the tests
/// really compared.
fn classify(parent: &Pos, text: &str, child: &Pos) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    let count = |p: &Pos| p.board.iter().filter(|s| s.is_some()).count();
    let removed = count(parent) - count(child);
    if child.is_over() {
        kinds.push("game-ending");
    }
    if !child.is_over() && child.in_check(child.turn) {
        kinds.push("check");
    }
    if text.starts_with('@') {
        kinds.push("boom");
        return kinds;
    }
    if text.contains('@') {
        kinds.push("launch");
        return kinds;
    }
    let w = parent.w;
    let split = text[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1;
    let from = square(w, &text[..split]);
    let rest = &text[split..];
    let promo = rest.ends_with(|c: char| c.is_ascii_alphabetic());
    let to = square(w, if promo { &rest[..rest.len() - 1] } else { rest });
    let (df, dr) = (
        to as i32 % w - from as i32 % w,
        to as i32 / w - from as i32 / w,
    );
    let (_, role, carrier) = parent.board[from].unwrap();
    if carrier && parent.board[to].is_some() {
        kinds.push("capture by a carrier");
    }
    match role {
        Role::King if df.abs() >= 2 => kinds.push(match df.abs() {
            2 => "castling, king 2 squares",
            3 => "castling, king 3 squares",
            _ => "castling, king 4 squares",
        }),
        Role::Pawn => {
            if df != 0 && parent.board[to].is_none() {
                kinds.push(if parent.ep.len() == 2 {
                    "en passant after a 3-step"
                } else {
                    "en passant"
                });
            }
            if dr.abs() == 3 {
                kinds.push("pawn 3-step");
            }
            if dr.abs() == 2 {
                kinds.push("pawn 2-step");
            }
            if promo {
                kinds.push(match text.chars().last().unwrap() {
                    'm' => "promotion to missile",
                    'f' => "promotion to bomber",
                    _ => "promotion",
                });
            }
        }
        Role::Bomber if removed == 2 => kinds.push("bomber double capture"),
        Role::Bomber if removed == 1 && parent.board[to].is_none() => kinds.push("bomber bombing"),
        _ => {}
    }
    if parent.opts.dead_mans_switch && removed > 1 {
        kinds.push("dead man's switch blast");
    }
    kinds
}

/// Kinds of move [`playouts`] plays more often than chance would.
const RARE: &[&str] = &[
    "en passant",
    "en passant after a 3-step",
    "castling, king 2 squares",
    "castling, king 3 squares",
    "castling, king 4 squares",
    "pawn 2-step",
    "pawn 3-step",
    "promotion",
    "promotion to missile",
    "promotion to bomber",
    "bomber double capture",
    "dead man's switch blast",
    "capture by a carrier",
];

/// Plays `games` random games of at most `plies` plies from `start`,
/// comparing moves and positions at every step. Special moves (booms,
/// launches; their text has `@`) are chosen one time in ten when available,
/// so that games are not all over in a few moves.
fn playouts(
    variant: &str,
    options: &[&str],
    starts: &[String],
    seed: u64,
    games: usize,
    plies: usize,
    tally: &mut Tally,
) {
    let mut rng = Rng(seed);
    for g in 0..games {
        let start = &starts[g % starts.len()];
        let mut eng = match engine(variant, options, start) {
            Ok(p) => p,
            Err(e) => {
                tally.failures.push(format!("engine refused {start}: {e}"));
                continue;
            }
        };
        let mut refp = reference(variant, options, start);
        for _ in 0..plies {
            let fen = refp.fen();
            let children = refp.children();
            let mut ref_moves: Vec<String> = children.iter().map(|(t, _)| t.clone()).collect();
            ref_moves.sort();
            let eng_moves = sorted(eng.legal_moves_uci());
            tally.positions += 1;
            tally.moves += ref_moves.len();
            for (t, c) in &children {
                for k in classify(&refp, t, c) {
                    *tally.kinds.entry(k).or_default() += 1;
                }
            }
            if ref_moves != eng_moves {
                tally.failures.push(format!(
                    "{variant} {options:?} moves differ at {fen}\n  {}",
                    list_diff(&ref_moves, &eng_moves)
                ));
                break;
            }
            if children.is_empty() {
                break;
            }
            if rng.chance(tally.every_move_percent) {
                for (text, child) in &children {
                    tally.children += 1;
                    let mut e = eng;
                    if let Err(err) = e.play_uci(text) {
                        tally.failures.push(format!(
                            "{variant} {options:?} engine refused {text} at {fen}: {err:?}"
                        ));
                        continue;
                    }
                    let (rf, ef) = (child.fen(), e.fen());
                    let (rm, em) = (child.legal_moves(), sorted(e.legal_moves_uci()));
                    if rf != ef || rm != em {
                        tally.failures.push(format!(
                            "{variant} {options:?} after {text} from {fen}\n  reference: {rf}\n  engine:    {ef}\n  {}",
                            list_diff(&rm, &em)
                        ));
                    }
                }
            }
            let special: Vec<usize> = (0..children.len())
                .filter(|&i| children[i].0.contains('@'))
                .collect();
            let ordinary: Vec<usize> = (0..children.len())
                .filter(|&i| !children[i].0.contains('@'))
                .collect();
            // Rare moves (en passant, castling, long pawn steps, promotions,
            // bomber captures, blasts) are played one time in four when
            // available, so that the positions after them get compared too.
            let rare: Vec<usize> = ordinary
                .iter()
                .copied()
                .filter(|&i| {
                    let (t, c) = &children[i];
                    classify(&refp, t, c).iter().any(|k| RARE.contains(k))
                })
                .collect();
            let i = if !special.is_empty() && (ordinary.is_empty() || rng.chance(10)) {
                tally.launches_or_booms += 1;
                special[rng.below(special.len())]
            } else if !rare.is_empty() && rng.chance(25) {
                rare[rng.below(rare.len())]
            } else {
                ordinary[rng.below(ordinary.len())]
            };
            let (text, next) = &children[i];
            for k in classify(&refp, text, next) {
                *tally.played.entry(k).or_default() += 1;
            }
            if let Err(e) = eng.play_uci(text) {
                tally.failures.push(format!(
                    "{variant} {options:?} engine refused {text} at {fen}: {e:?}"
                ));
                break;
            }
            if eng.fen() != next.fen() {
                tally.failures.push(format!(
                    "{variant} {options:?} position after {text} from {fen} differs\n  reference: {}\n  engine:    {}",
                    next.fen(),
                    eng.fen()
                ));
                break;
            }
            refp = next.clone();
        }
    }
}

fn report(name: &str, tally: &Tally) {
    println!(
        "{name}: {} positions, {} legal moves compared, {} booms/launches played, \
         {} positions after every legal move of a sample compared, {} failures",
        tally.positions,
        tally.moves,
        tally.launches_or_booms,
        tally.children,
        tally.failures.len()
    );
    println!("  legal moves compared by kind: {:?}", tally.kinds);
    println!("  moves played by kind: {:?}", tally.played);
    if !tally.failures.is_empty() {
        for f in tally.failures.iter().take(5) {
            println!("FAILURE {f}");
        }
        panic!(
            "{name}: {} mismatches (first: {})",
            tally.failures.len(),
            tally.failures[0]
        );
    }
}

/// The Beirut start position with `n` random carriers per side.
fn beirut_with_carriers(rng: &mut Rng, n: usize) -> String {
    let mut p = reference("beirut", &[], Game::Beirut.start_fen());
    let mut chosen = Vec::new();
    for color in [Color::White, Color::Black] {
        let mut men = p.men(color);
        for _ in 0..n {
            chosen.push(men.swap_remove(rng.below(men.len())));
        }
    }
    p.set_carriers(&chosen);
    p.fen()
}

/// A random composed position: kings (often on their start squares, with
/// castling rooks), bombers or missiles near the enemy king, pawns on their
/// start rank beside enemy pawns that could take en passant, a few other
/// pieces. Returns only positions both generators accept (the engine's
/// position-text checks are the filter; the reference must not see the side
/// not to move in check).
/// `crowd` puts more of everything on the board.
fn random_position(rng: &mut Rng, variant: &str, options: &[&str], crowd: bool) -> Option<String> {
    let game = Game::from_name(variant);
    let w = game.width();
    let mut p = reference(variant, options, game.start_fen());
    for s in p.board.iter_mut() {
        *s = None;
    }
    let sq = |f: i32, r: i32| (r * w + f) as usize;
    let back = |c: Color| {
        let white = if game == Game::Stratomic { 1 } else { 0 };
        if c == Color::White {
            white
        } else {
            w - 1 - white
        }
    };
    let king_file = if game == Game::Beirut { 4 } else { 5 };
    let rook_files = if game == Game::Beirut { [7, 0] } else { [8, 1] };
    let pawn_start = |c: Color| {
        let white = if game == Game::Stratomic { 2 } else { 1 };
        if c == Color::White {
            white
        } else {
            w - 1 - white
        }
    };
    let promo = |c: Color| {
        let white = match game {
            Game::Stratomic => 8,
            _ => w - 1,
        };
        if c == Color::White {
            white
        } else {
            w - 1 - white
        }
    };
    let put = |p: &mut Pos, s: usize, piece: (Color, Role, bool)| {
        if p.board[s].is_none() {
            p.board[s] = Some(piece);
            true
        } else {
            false
        }
    };
    let mut kings = [0usize; 2];
    for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
        let k = if rng.chance(60) {
            sq(king_file, back(c))
        } else {
            rng.below((w * w) as usize)
        };
        if !put(&mut p, k, (c, Role::King, false)) {
            return None;
        }
        kings[i] = k;
        for rf in rook_files {
            if rng.chance(60) {
                put(&mut p, sq(rf, back(c)), (c, Role::Rook, false));
            }
        }
    }
    let near = |rng: &mut Rng, centre: usize, reach: i32, orthogonal: bool| -> Option<usize> {
        let (cf, cr) = (centre as i32 % w, centre as i32 / w);
        let d = 1 + rng.below(reach as usize) as i32;
        let (df, dr) = if orthogonal {
            [(d, 0), (-d, 0), (0, d), (0, -d)][rng.below(4)]
        } else {
            (
                rng.below((2 * reach + 1) as usize) as i32 - reach,
                rng.below((2 * reach + 1) as usize) as i32 - reach,
            )
        };
        let (f, r) = (cf + df, cr + dr);
        (f >= 0 && f < w && r >= 0 && r < w).then(|| sq(f, r))
    };
    for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
        let enemy_king = kings[1 - i];
        let own_king = kings[i];
        // Special pieces near the kings.
        let special = match game {
            Game::Stratomic => Some(Role::Missile),
            Game::FlyingBombers => Some(Role::Bomber),
            Game::Beirut => None,
        };
        if let Some(role) = special {
            for _ in 0..rng.below(if crowd { 6 } else { 3 }) {
                let centre = if rng.chance(60) { enemy_king } else { own_king };
                if let Some(s) = near(rng, centre, 4, role == Role::Bomber) {
                    put(&mut p, s, (c, role, false));
                }
            }
        }
        // Officers anywhere.
        let officers = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
        for _ in 0..rng.below(if crowd { 12 } else { 6 }) {
            let role = officers[rng.below(4)];
            let s = if rng.chance(40) {
                near(rng, enemy_king, 3, false)
            } else {
                Some(rng.below((w * w) as usize))
            };
            if let Some(s) = s {
                put(&mut p, s, (c, role, false));
            }
        }
        // Pawns: on the start rank, further up, or about to promote, and
        // enemy pawns where they could take en passant after a long step.
        for _ in 0..rng.below(if crowd { 12 } else { 7 }) {
            let f = rng.below(w as usize) as i32;
            let r = match rng.below(4) {
                0 | 1 => pawn_start(c),
                2 => promo(c) - c_forward(c),
                _ => {
                    let (lo, hi) = (
                        pawn_start(c).min(promo(c) - c_forward(c)),
                        pawn_start(c).max(promo(c) - c_forward(c)),
                    );
                    lo + rng.below((hi - lo + 1) as usize) as i32
                }
            };
            put(&mut p, sq(f, r), (c, Role::Pawn, false));
            if rng.chance(50) {
                // An enemy pawn 2 or 3 ranks ahead on a neighbouring file.
                let steps = 2 + rng.below(game_steps(game)) as i32;
                let (ef, er) = (
                    f + if rng.chance(50) { 1 } else { -1 },
                    r + steps * c_forward(c),
                );
                if ef >= 0 && ef < w && er >= 0 && er < w && er != promo(c.other()) {
                    put(&mut p, sq(ef, er), (c.other(), Role::Pawn, false));
                }
            }
        }
    }
    // Castling rights where king and rook stand on their squares.
    for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
        for (side, rook_file) in rook_files.into_iter().enumerate() {
            p.castling[i][side] = p.board[sq(king_file, back(c))] == Some((c, Role::King, false))
                && p.board[sq(rook_file, back(c))] == Some((c, Role::Rook, false))
                && rng.chance(85);
        }
    }
    if game == Game::Beirut && rng.chance(80) {
        let mut chosen = Vec::new();
        for c in [Color::White, Color::Black] {
            let mut men = p.men(c);
            for _ in 0..(1 + rng.below(3)).min(men.len()) {
                chosen.push(men.swap_remove(rng.below(men.len())));
            }
        }
        p.set_carriers(&chosen);
    }
    p.turn = if rng.chance(50) {
        Color::White
    } else {
        Color::Black
    };
    p.unlocked = game == Game::Stratomic && rng.chance(75);
    p.ep.clear();
    if p.opponent_in_check() {
        return None;
    }
    let fen = p.fen();
    engine(variant, options, &fen).ok().map(|_| fen)
}

fn c_forward(c: Color) -> i32 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

/// How many long-step lengths exist (1 for 2-steps only, 2 for 2 and 3).
fn game_steps(game: Game) -> usize {
    if game == Game::FlyingBombers {
        2
    } else {
        1
    }
}

fn random_positions(
    seed: u64,
    variant: &str,
    options: &[&str],
    n: usize,
    crowd: bool,
) -> Vec<String> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < n {
        tries += 1;
        assert!(tries < 100 * n, "too few acceptable random positions");
        if let Some(f) = random_position(&mut rng, variant, options, crowd) {
            out.push(f);
        }
    }
    out
}

// ----- hand-composed positions ----------------------------------------------

/// Stratomic positions where launches are unlocked (`L`) and missiles stand
/// near kings and pieces.
const STRATOMIC_COMPOSED: &[&str] = &[
    // The start position with launches unlocked.
    "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1 L",
    // Missiles in the middle, one attacked (may not launch), castling open.
    "10/1r3k2rm/pppp2pppp/4m5/4M5/3p6/10/PPPP1PPPPP/MR3K2R1/10 w KQk - 0 12 L",
    // White in check from a missile; a launch can remove it.
    "10/5k4/10/10/10/10/10/4m5/1R3K2RM/10 w KQ - 0 30 L",
    // Pawns about to promote (rank 9 / rank 2), one promotion to missile.
    "10/5k4/2P7/10/10/10/10/8p1/5K4/10 w - - 0 40 L",
    // Not unlocked: no launches.
    "10/5k4/10/10/10/10/10/4m5/1R3K2RM/10 w KQ - 0 30 -",
    // Double step from rank 3 beside an enemy pawn on rank 5 (en passant).
    "10/5k4/10/10/10/3p6/10/4P5/5K4/10 w - - 0 20 L",
    // A launch can destroy a black rook on its start square: the castling
    // right goes with it.
    "10/1r3k2r1/10/10/10/10/10/10/M4K4/10 w kq - 0 1 L",
];

/// Flying Bombers positions: bombers near kings, castling available,
/// multi-step pawns next to enemy pawns.
const FLYING_BOMBERS_COMPOSED: &[&str] = &[
    // All five castlings open for both sides.
    "1r3k2r1/10/10/10/10/10/10/10/10/1R3K2R1 w KQkq - 0 1",
    // A black bomber on d3 attacks d1 (helicopter): the king may not pass it.
    "1r3k2r1/10/10/10/10/10/10/3f6/10/1R3K2R1 w KQkq - 0 1",
    // A black bomber on j1 beside the rook: h1 and i1 are attacked.
    "1r3k2r1/10/10/10/10/10/10/10/10/1R3K2Rf w KQkq - 0 1",
    // Bomber giving check two squares away (helicopter) and by bombing.
    "5k4/10/10/10/10/10/10/5f4/10/5K4 w - - 0 1",
    "10/5k4/10/10/10/5F4/10/10/10/4K5 b - - 0 1",
    // The inventor's diagram 1 on 10x10: bomber f4 checks the king f2
    // (two squares away), threatens f7 by f4-f8, d4 over its own e4, g4+h4.
    "K9/10/10/5b4/10/10/3rPFpr2/10/5k4/5n4 b - - 0 1",
    "K9/10/10/5b4/10/10/3rPFpr2/10/10/5n3k w - - 0 1",
    // Multi-step pawns beside enemy pawns (en passant on 1 or 2 squares).
    "5k4/10/10/10/3p6/2p1p5/6p3/10/1PPPPP4/5K4 w - - 0 1",
    "5k4/3ppp4/10/10/2P1P5/3P6/10/10/10/5K4 b - - 0 1",
    // Pawns about to promote, to a bomber too.
    "5k4/1P8/10/10/10/10/10/10/8p1/4K5 w - - 0 1",
];

// ----- playout tests ---------------------------------------------------------

#[test]
fn beirut_random_carriers() {
    let mut tally = Tally {
        every_move_percent: 5,
        ..Default::default()
    };
    for (i, n) in [1usize, 1, 2, 3, 3, 5].into_iter().enumerate() {
        let mut rng = Rng(100 + i as u64);
        let starts: Vec<String> = (0..4).map(|_| beirut_with_carriers(&mut rng, n)).collect();
        let carriers = format!("carriers={n}");
        playouts(
            "beirut",
            &[&carriers],
            &starts,
            7 + i as u64,
            40,
            120,
            &mut tally,
        );
    }
    report("beirut (carriers 1,2,3,5)", &tally);
}

#[test]
fn beirut_dead_mans_switch() {
    let mut tally = Tally {
        every_move_percent: 5,
        ..Default::default()
    };
    for (i, n) in [1usize, 2, 3, 8, 15].into_iter().enumerate() {
        let mut rng = Rng(200 + i as u64);
        let starts: Vec<String> = (0..4).map(|_| beirut_with_carriers(&mut rng, n)).collect();
        let carriers = format!("carriers={n}");
        playouts(
            "beirut",
            &["dead-mans-switch", &carriers],
            &starts,
            17 + i as u64,
            50,
            120,
            &mut tally,
        );
    }
    report("beirut dead-mans-switch", &tally);
}

#[test]
fn beirut_composed() {
    let mut tally = Tally {
        every_move_percent: 5,
        ..Default::default()
    };
    for (i, opts) in [&[][..], &["dead-mans-switch"][..]].into_iter().enumerate() {
        let starts = random_positions(300 + i as u64, "beirut", opts, 150, false);
        playouts("beirut", opts, &starts, 31 + i as u64, 300, 40, &mut tally);
        let crowded = random_positions(310 + i as u64, "beirut", opts, 100, true);
        playouts("beirut", opts, &crowded, 35 + i as u64, 100, 30, &mut tally);
        let composed: Vec<String> = BEIRUT_COMPOSED.iter().map(|s| s.to_string()).collect();
        playouts("beirut", opts, &composed, 33 + i as u64, 60, 60, &mut tally);
    }
    report("beirut composed", &tally);
}

#[test]
fn stratomic_playouts() {
    let mut tally = Tally {
        every_move_percent: 1,
        ..Default::default()
    };
    let start = vec![Game::Stratomic.start_fen().to_string()];
    playouts("stratomic", &[], &start, 41, 40, 150, &mut tally);
    let composed: Vec<String> = STRATOMIC_COMPOSED.iter().map(|s| s.to_string()).collect();
    playouts("stratomic", &[], &composed, 42, 60, 60, &mut tally);
    let random = random_positions(43, "stratomic", &[], 150, false);
    playouts("stratomic", &[], &random, 44, 300, 40, &mut tally);
    let crowded = random_positions(45, "stratomic", &[], 100, true);
    playouts("stratomic", &[], &crowded, 46, 100, 30, &mut tally);
    report("stratomic", &tally);
}

fn flying_bombers_playouts(opts: &[&str]) {
    let mut tally = Tally {
        every_move_percent: 3,
        ..Default::default()
    };
    let start = vec![Game::FlyingBombers.start_fen().to_string()];
    playouts("flying-bombers", opts, &start, 51, 30, 150, &mut tally);
    let composed: Vec<String> = FLYING_BOMBERS_COMPOSED
        .iter()
        .chain(FLYING_BOMBERS_EN_PASSANT)
        .map(|s| s.to_string())
        .collect();
    playouts("flying-bombers", opts, &composed, 52, 40, 60, &mut tally);
    let random = random_positions(53, "flying-bombers", opts, 150, false);
    playouts("flying-bombers", opts, &random, 54, 300, 40, &mut tally);
    let crowded = random_positions(55, "flying-bombers", opts, 100, true);
    playouts("flying-bombers", opts, &crowded, 56, 100, 30, &mut tally);
    report(&format!("flying-bombers {opts:?}"), &tally);
}

#[test]
fn flying_bombers_plain() {
    flying_bombers_playouts(&[]);
}

#[test]
fn flying_bombers_immediate_landing() {
    flying_bombers_playouts(&["immediate-landing"]);
}

#[test]
fn flying_bombers_super_knights() {
    flying_bombers_playouts(&["super-knights"]);
}

#[test]
fn flying_bombers_both_options() {
    flying_bombers_playouts(&["immediate-landing", "super-knights"]);
}

// ----- perft -----------------------------------------------------------------

/// Compares perft to `depth` and, on a difference, prints the divide lines
/// that differ.
fn compare_perft(variant: &str, options: &[&str], fen: &str, depth: u32) -> Result<u64, String> {
    let refp = reference(variant, options, fen);
    let eng = engine(variant, options, fen)?;
    let r = refp.perft(depth);
    let e = eng.perft(depth);
    if r == e {
        return Ok(r);
    }
    let rd = refp.divide(depth);
    let mut ed = eng.divide(depth);
    ed.sort();
    let mut lines = Vec::new();
    for (m, n) in &rd {
        match ed.iter().find(|(em, _)| em == m) {
            Some((_, en)) if en == n => {}
            Some((_, en)) => lines.push(format!("{m}: reference {n}, engine {en}")),
            None => lines.push(format!("{m}: reference {n}, engine lacks it")),
        }
    }
    for (m, n) in &ed {
        if !rd.iter().any(|(rm, _)| rm == m) {
            lines.push(format!("{m}: engine {n}, reference lacks it"));
        }
    }
    Err(format!(
        "{variant} {options:?} {fen} depth {depth}: reference {r}, engine {e}\n  {}",
        lines.join("\n  ")
    ))
}

/// (variant, options, position, depth) compared by `perft_small`.
fn perft_cases() -> Vec<(&'static str, Vec<&'static str>, String, u32)> {
    let mut v = vec![
        (
            "stratomic",
            vec![],
            Game::Stratomic.start_fen().to_string(),
            3,
        ),
        (
            "flying-bombers",
            vec![],
            Game::FlyingBombers.start_fen().to_string(),
            3,
        ),
        (
            "flying-bombers",
            vec!["immediate-landing"],
            Game::FlyingBombers.start_fen().to_string(),
            3,
        ),
        (
            "flying-bombers",
            vec!["super-knights"],
            Game::FlyingBombers.start_fen().to_string(),
            3,
        ),
    ];
    for f in STRATOMIC_COMPOSED {
        v.push(("stratomic", vec![], f.to_string(), 2));
    }
    for f in FLYING_BOMBERS_COMPOSED {
        for o in [vec![], vec!["immediate-landing"], vec!["super-knights"]] {
            v.push(("flying-bombers", o, f.to_string(), 3));
        }
    }
    for f in BEIRUT_COMPOSED.iter().chain(&[DMS_SHIELD]) {
        v.push(("beirut", vec![], f.to_string(), 3));
        v.push(("beirut", vec!["dead-mans-switch"], f.to_string(), 3));
    }
    v
}

/// Dead Man's Switch: Nc2xd4 takes a carrier; the blast removes the pawn e3
/// that shielded the white king from the rook e8, so White loses.
const DMS_SHIELD: &str = "4r1k1/8/8/8/3n*4/4P3/2N5/4K3 w - - 0 1";

#[test]
fn perft_small() {
    let mut failures = Vec::new();
    for (variant, options, fen, depth) in perft_cases() {
        match compare_perft(variant, &options, &fen, depth) {
            Ok(n) => println!("{variant}|{}|{fen}|{depth}:{n}", options.join(",")),
            Err(e) => failures.push(e),
        }
    }
    for f in &failures {
        println!("FAILURE {f}");
    }
    assert!(failures.is_empty(), "{} perft mismatches", failures.len());
}

// ----- hand-checked figures for the reference itself --------------------------

#[test]
fn reference_sanity_by_hand() {
    // Stratomic start, White to move: 10 pawns × (1 or 2 steps) = 20; the
    // knights c2 (to b4, d4, a1, e1) and h2 (to g4, i4, f1, j1) = 8;
    // the missiles a2, j2 step to a1, b1 / i1, j1 = 4; bishops d2, g2 go
    // backwards to c1, e1 / f1, h1 = 4; queen e2 to d1, e1, f1 = 3; king f2
    // to e1, f1, g1 = 3; rooks b2, i2 to b1 / i1 = 2. Total 20+8+4+4+3+3+2 = 44.
    let s = reference("stratomic", &[], Game::Stratomic.start_fen());
    assert_eq!(s.perft(1), 44);
    // Flying Bombers start: 10 pawns × 3 steps = 30; knights c1, h1 each to
    // 2 squares of rank 3 (b3, d3 / g3, i3) = 4; bombers a1, j1: helicopter
    // over the own pawn to a3 / j3 = 2. Total 36. Super-knights add the
    // (3,1)-leaps c1-b4, c1-d4, h1-g4, h1-i4 = 40.
    let f = reference("flying-bombers", &[], Game::FlyingBombers.start_fen());
    assert_eq!(f.perft(1), 36);
    let f = reference(
        "flying-bombers",
        &["super-knights"],
        Game::FlyingBombers.start_fen(),
    );
    assert_eq!(f.perft(1), 40);
    // Beirut without carriers is orthodox chess: 20, 400, 8902.
    let b = reference("beirut", &[], Game::Beirut.start_fen());
    assert_eq!(b.perft(3), 8902);
    // Kiwipete (orthodox, castling, en passant, promotions): 48, 2039, 97862.
    let k = reference(
        "beirut",
        &[],
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    assert_eq!(k.perft(3), 97862);
    // Position 3 of the chess programming wiki (en passant pins): 14, 191, 2812, 43238.
    let p3 = reference("beirut", &[], "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    assert_eq!(p3.perft(4), 43238);
    // Position 4: 6, 264, 9467.
    let p4 = reference(
        "beirut",
        &[],
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    );
    assert_eq!(p4.perft(3), 9467);

    // A lone bomber on e5 of an otherwise empty 10x10 board (kings a1,
    // j10): slides along rank 5 to a5-d5, f5-j5 (9) and file e to e1-e4,
    // e6-e10 (9). Helicopter squares c5, g5, e3, e7 are slide squares too,
    // so 18 bomber moves; king a1 has a2, b1, b2 = 3. Total 21.
    let b = reference(
        "flying-bombers",
        &[],
        "9k/10/10/10/10/4F5/10/10/10/K9 w - - 0 1",
    );
    assert_eq!(b.perft(1), 21);
    // Bomber e5 with a black pawn on e7 and e8 empty: bombing lands on e8,
    // e9 (e10 empty too, up to the edge: e8, e9, e10) = 3, the slide e6 = 1,
    // the helicopter e7 (captures e7) = 1: north gives 5 instead of 5 slides.
    // Immediate landing: e8 only, so 3 in the north. The black king is on
    // j10, not on the e-file.
    let fen = "9k/10/10/4p5/10/4F5/10/10/10/K9 w - - 0 1";
    let b = reference("flying-bombers", &[], fen);
    let north: Vec<String> = b
        .legal_moves()
        .into_iter()
        .filter(|m| m.starts_with("e5e") && m[3..].parse::<u32>().unwrap() > 5)
        .collect();
    assert_eq!(north, ["e5e10", "e5e6", "e5e7", "e5e8", "e5e9"]);
    let b = reference("flying-bombers", &["immediate-landing"], fen);
    let north: Vec<String> = b
        .legal_moves()
        .into_iter()
        .filter(|m| m.starts_with("e5e") && m[3..].parse::<u32>().unwrap() > 5)
        .collect();
    assert_eq!(north, ["e5e6", "e5e7", "e5e8"]);
    // Check by a bomber: black king e10, white bomber e8 (exactly two away,
    // helicopter) gives check; bomber e7 with e8, e9 empty does not (beyond
    // e10 is off the board, and it is 3 away).
    let c = reference(
        "flying-bombers",
        &[],
        "4k5/10/4F5/10/10/10/10/10/10/K9 b - - 0 1",
    );
    assert!(c.in_check(Color::Black));
    let c = reference(
        "flying-bombers",
        &[],
        "4k5/10/10/4F5/10/10/10/10/10/K9 b - - 0 1",
    );
    assert!(!c.in_check(Color::Black));
    // King e9 with e10 empty: bomber e5 gives check by bombing (first piece
    // met, empty square beyond).
    let c = reference(
        "flying-bombers",
        &[],
        "10/4k5/10/10/10/4F5/10/10/10/K9 b - - 0 1",
    );
    assert!(c.in_check(Color::Black));

    // Stratomic launch: White king f2, missile j2, black king f10, L. The
    // missile steps to i1, j1, i2, i3, j3 = 5 and launches to the 99 other
    // squares, all legal (kings immune, nothing attacks the missile) = 104;
    // king f2: e1, f1, g1, e2, g2, e3, f3, g3 = 8. Total 112; without L, 13.
    let l = reference(
        "stratomic",
        &[],
        "5k4/10/10/10/10/10/10/10/5K3M/10 w - - 0 1 L",
    );
    assert_eq!(l.perft(1), 112);
    let l = reference(
        "stratomic",
        &[],
        "5k4/10/10/10/10/10/10/10/5K3M/10 w - - 0 1 -",
    );
    assert_eq!(l.perft(1), 13);

    // Stratomic, white king f2 in check from the black missile e3, rooks
    // b2, i2, missile j2, not unlocked: the king goes to e1, f1, g1, g2, g3
    // or takes on e3 (e2, f3 touch the missile; no castling out of check;
    // nothing else reaches e3) = 6. With L, also the 9 launches whose blast
    // covers e3 (targets d2..f4) = 15; every other launch leaves the check.
    let fen = "10/5k4/10/10/10/10/10/4m5/1R3K2RM/10 w KQ - 0 30 -";
    assert_eq!(reference("stratomic", &[], fen).perft(1), 6);
    let fen = "10/5k4/10/10/10/10/10/4m5/1R3K2RM/10 w KQ - 0 30 L";
    assert_eq!(reference("stratomic", &[], fen).perft(1), 15);
    // Stratomic double step from rank 3: pawn e3 to e4, e5; king f2 to e1,
    // f1, g1, e2, g2, f3, g3 = 9.
    let fen = "10/5k4/10/10/10/3p6/10/4P5/5K4/10 w - - 0 20 L";
    assert_eq!(reference("stratomic", &[], fen).perft(1), 9);

    // Flying Bombers castling, kings f1/f10 and rooks b, i only: king steps
    // e1, g1, e2, f2, g2 = 5; castlings f1h1, f1d1, f1c1 = 3 (f1i1 and f1b1
    // would put the king on i1/b1, attacked by the rooks i10/b10); rook b1:
    // b2..b10, a1, c1, d1, e1 = 13; rook i1: i2..i10, j1, h1, g1 = 12. Total 33.
    let fen = "1r3k2r1/10/10/10/10/10/10/10/10/1R3K2R1 w KQkq - 0 1";
    assert_eq!(reference("flying-bombers", &[], fen).perft(1), 33);
    // The same with a black bomber on j1. It pins the rook i1 against the
    // king (with i1 empty it would bomb f1, e1 being empty), so the rook may
    // only go to h1, g1 or take j1 = 3; the king may not pass h1 (two squares
    // from the bomber: helicopter), so f1h1 and f1i1 are out, f1b1 as above:
    // castlings f1d1, f1c1 = 2; king steps 5; rook b1 13. Total 23.
    let fen = "1r3k2r1/10/10/10/10/10/10/10/10/1R3K2Rf w KQkq - 0 1";
    assert_eq!(reference("flying-bombers", &[], fen).perft(1), 23);
    // White king f1 in check from a black bomber f3 (two squares away): e1,
    // g1, e2, g2 are safe, f2 is not (bombing or helicopter onto f2 with f1
    // then empty). Total 4.
    let fen = "5k4/10/10/10/10/10/10/5f4/10/5K4 w - - 0 1";
    assert_eq!(reference("flying-bombers", &[], fen).perft(1), 4);
    // Black king f9 in check by bombing from f5 (f10 empty beyond): all 8
    // king squares but f8 (bombed over f6, f7 with f9 empty beyond) = 7.
    let fen = "10/5k4/10/10/10/5F4/10/10/10/4K5 b - - 0 1";
    assert_eq!(reference("flying-bombers", &[], fen).perft(1), 7);
    // En passant after a 3-step e2-e5 (`e3e4`): d4xe3 and f5xe4 both take
    // e5; the pawn steps d4-d3, f5-f4; the black king f10 to e10, g10, e9,
    // f9, g9. Total 2 + 2 + 5 = 9.
    let fen = "5k4/10/10/10/10/4Pp4/3p6/10/10/5K4 b - e3e4 0 1";
    let ep = reference("flying-bombers", &[], fen);
    assert_eq!(ep.perft(1), 9);
    assert!(ep.legal_moves().contains(&"d4e3".to_string()));
    assert!(ep.legal_moves().contains(&"f5e4".to_string()));

    // En passant that would expose the own king (after e2-e5, `e3e4`):
    // black king b5, pawns d4, f4, white pawn e5, rook j5. d4xe3 and f4xe3
    // would remove e5 and open rank 5: illegal. Left: d4-d3, f4-f3 and the
    // king's 8 squares = 10.
    let fen = "10/10/10/10/10/1k2P4R/3p1p4/10/10/5K4 b - e3e4 0 1";
    assert_eq!(reference("flying-bombers", &[], fen).perft(1), 10);
    // Black king a4, pawn d4 pinned by the rook j4: no d4-d3, no d4xe3;
    // the king's a5, b5, b4, a3, b3 = 5.
    let fen = "10/10/10/10/10/4P5/k2p5R/10/10/5K4 b - e3e4 0 1";
    assert_eq!(reference("flying-bombers", &[], fen).perft(1), 5);

    // Beirut: white king e1, pawns d2, e2* (the e2 boom would remove the
    // own king: illegal), black queen d5*: king d1, f1, f2; pawns d3, d4,
    // e3, e4. Total 7.
    let fen = "4k3/8/8/3q*4/8/8/3PP*3/4K3 w - - 0 1";
    assert_eq!(reference("beirut", &[], fen).perft(1), 7);

    // Dead Man's Switch, en passant on a carrier: white pawn e5, black
    // carrier pawn d5 that just made d7-d5, kings e6 and e1. White: exd6
    // and the king's d1, f1, d2, e2, f2 = 6 (e5-e6 is blocked). After exd6
    // the black king has d5, e5, f5, d6, f6, d7, f7 = 7 (e7 is attacked by
    // the pawn d6); under Dead Man's Switch the blast centred on d5 took the
    // king e6 and the game is over: 0. After each of the 5 king moves Black
    // has d7, e7, f7, f5, xe5 and d5-d4 = 6 (d6, f6 attacked by e5; the boom
    // on d5 would take the own king). Depth 2: 30 + 7 = 37, or 30 with the
    // switch.
    let fen = "8/8/4k3/3p*P3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(reference("beirut", &[], fen).divide(2).len(), 6);
    assert_eq!(reference("beirut", &[], fen).perft(2), 37);
    assert_eq!(reference("beirut", &["dead-mans-switch"], fen).perft(2), 30);

    // Dead Man's Switch, the capturer left in check: white king e1, knight
    // c2, pawn e3 against the rook e8, black carrier knight d4. White: king
    // d1, f1, d2, f2 (e2 is covered by d4), Nc2 to a1, a3, b4, xd4 and
    // e3-e4 (still shielding; exd4 would not) = 9. After Nxd4 Black has king
    // f8, h8, f7, g7, h7 and rook d8, c8, b8, a8, f8, e7, e6, e5, e4, xe3 =
    // 15; with the switch the blast on d4 took e3, White is in check after
    // its own move and has lost: no moves.
    let dms = reference("beirut", &[], DMS_SHIELD);
    assert_eq!(dms.perft(1), 9);
    assert!(dms.divide(2).contains(&("c2d4".to_string(), 15)));
    let dms = reference("beirut", &["dead-mans-switch"], DMS_SHIELD);
    assert_eq!(dms.perft(1), 9);
    assert!(dms.divide(2).contains(&("c2d4".to_string(), 0)));

    // Beirut boom: white carrier knight on d5 next to the black king e6:
    // "@d5" removes the king (legal, the game ends at once: no moves after).
    let bo = reference("beirut", &[], "8/8/4k3/3N*4/8/8/8/4K3 w - - 0 1");
    assert!(bo.legal_moves().contains(&"@d5".to_string()));
    let (_, after) = bo.children().into_iter().find(|(m, _)| m == "@d5").unwrap();
    assert_eq!(after.perft(1), 0);
}

/// The reference against the published orthodox counts of
/// `tests/data/perft_orthodox.txt` (a Beirut position without carriers is
/// orthodox chess), up to 200 000 leaves each: a check of the reference's
/// core (pins, castling, en passant, promotions) against outside figures.
#[test]
fn reference_matches_published_orthodox_counts() {
    let text = include_str!("data/perft_orthodox.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split('|').collect();
        if fields.len() != 4 || fields[0] != "beirut" || fields[1] != "-" {
            continue;
        }
        let pos = reference("beirut", &[], fields[2]);
        for dc in fields[3].split_whitespace() {
            let (d, c) = dc.split_once(':').unwrap();
            let (d, c): (u32, u64) = (d.parse().unwrap(), c.parse().unwrap());
            if c <= 200_000 {
                assert_eq!(pos.perft(d), c, "{} depth {d}", fields[2]);
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}

// ----- perft data file ------------------------------------------------------

/// Positions and depths of `tests/data/perft_variants.txt`.
fn data_cases() -> Vec<(&'static str, Vec<&'static str>, String, u32)> {
    let start_s = Game::Stratomic.start_fen().to_string();
    let start_f = Game::FlyingBombers.start_fen().to_string();
    let mut v = vec![
        ("stratomic", vec![], start_s, 5),
        ("flying-bombers", vec![], start_f.clone(), 5),
        (
            "flying-bombers",
            vec!["immediate-landing"],
            start_f.clone(),
            5,
        ),
        ("flying-bombers", vec!["super-knights"], start_f.clone(), 5),
        (
            "flying-bombers",
            vec!["immediate-landing", "super-knights"],
            start_f,
            3,
        ),
    ];
    for f in STRATOMIC_COMPOSED {
        v.push(("stratomic", vec![], f.to_string(), 3));
    }
    for f in FLYING_BOMBERS_COMPOSED {
        for o in [vec![], vec!["immediate-landing"], vec!["super-knights"]] {
            v.push(("flying-bombers", o, f.to_string(), 3));
        }
    }
    for f in FLYING_BOMBERS_EN_PASSANT {
        for o in [vec![], vec!["immediate-landing"]] {
            v.push(("flying-bombers", o, f.to_string(), 4));
        }
    }
    for f in BEIRUT_COMPOSED.iter().chain(&[DMS_SHIELD]) {
        v.push(("beirut", vec![], f.to_string(), 3));
        v.push(("beirut", vec!["dead-mans-switch"], f.to_string(), 3));
    }
    v
}

/// Flying Bombers positions with an en passant field (data file).
const FLYING_BOMBERS_EN_PASSANT: &[&str] = &[
    // After e2-e5: d4xe3 and f5xe4 both take e5.
    "5k4/10/10/10/10/4Pp4/3p6/10/10/5K4 b - e3e4 0 1",
    // After d9-d7 beside a white pawn e7 (d8 only), and a white pawn on c2
    // that can make 1-3 steps past the black pawn on b4.
    "5k4/10/10/3pP5/10/10/1p8/10/2P7/5K4 w - d8 0 2",
    // After e2-e5: taking e5 en passant (d4xe3, f4xe3) would open rank 5
    // between the white rook j5 and the black king b5: both illegal.
    "10/10/10/10/10/1k2P4R/3p1p4/10/10/5K4 b - e3e4 0 1",
    // The same idea on rank 4: the pawn d4 is pinned against the king a4.
    "10/10/10/10/10/4P5/k2p5R/10/10/5K4 b - e3e4 0 1",
];

/// Beirut positions with bombs for the data file.
const BEIRUT_COMPOSED: &[&str] = &[
    "rnbqkbnr/pppp*pppp/8/8/8/8/PPPPPPP*P/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/2N*2N2/PPPP1PPP/R1BQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN*3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn*2pnp1/3PN*3/1p2P3/2N2Q*1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "8/2p5/3p4/KP*5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/3q*4/8/8/3PP*3/4K3 w - - 0 1",
    // En passant capture of a carrier pawn: under Dead Man's Switch the
    // blast is centred on d5 and destroys the black king e6 (white wins) ...
    "8/8/4k3/3p*P3/8/8/8/4K3 w - d6 0 1",
    // ... or the white king e4 (white loses).
    "3k4/8/8/3p*P3/4K3/8/8/8 w - d6 0 1",
    // Several carriers per side (Multiple Beirut).
    "r1b1k2r/pp*p*1qppp/2n2n2/3p*4/1b1P4/2N*1PN2/PPQ*2PPP/R1B1KB*1R w KQkq - 2 7",
];

/// Recomputes the deeper counts with the reference, checks them against the
/// engine and rewrites the data file. Slow (the reference is simple).
#[test]
#[ignore = "regenerates tests/data/perft_variants.txt; minutes in the perf profile"]
fn write_perft_data() {
    let mut lines = vec![
        "# Perft counts of the variants (docs/rules.md §6), one position per line:".to_string(),
        "#   variant|options (comma-separated, or -)|fen|depth:count depth:count ...".to_string(),
        "# The counts come from the independent reference generator in tests/reference".to_string(),
        "# (written only from docs/rules.md, never from the engine's output), and the engine"
            .to_string(),
        "# agreed with every one of them when they were written (tests/differential.rs,"
            .to_string(),
        "# write_perft_data). tests/perft_variants.rs checks the engine against them.".to_string(),
    ];
    // Two workers (the reference is slow at depth 5); results kept in order.
    let cases = data_cases();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<(Vec<String>, Option<String>)>> =
        cases.iter().map(|_| Default::default()).collect();
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some((variant, options, fen, depth)) = cases.get(i) else {
                    break;
                };
                let mut counts = Vec::new();
                let mut failure = None;
                for d in 1..=*depth {
                    match compare_perft(variant, options, fen, d) {
                        Ok(n) => counts.push(format!("{d}:{n}")),
                        Err(e) => {
                            failure = Some(e);
                            break;
                        }
                    }
                }
                println!("{variant}|{options:?}|{fen}|{}", counts.join(" "));
                *results[i].lock().unwrap() = (counts, failure);
            });
        }
    });
    let mut failures = Vec::new();
    for ((variant, options, fen, _), result) in cases.iter().zip(results) {
        let (counts, failure) = result.into_inner().unwrap();
        failures.extend(failure);
        let opts = if options.is_empty() {
            "-".to_string()
        } else {
            options.join(",")
        };
        if !counts.is_empty() {
            lines.push(format!("{variant}|{opts}|{fen}|{}", counts.join(" ")));
        }
    }
    for f in &failures {
        println!("FAILURE {f}");
    }
    assert!(failures.is_empty(), "{} perft mismatches", failures.len());
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft_variants.txt");
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}
