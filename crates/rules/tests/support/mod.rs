//! Helpers for the tests derived from the rules text (`stratomic.rs`,
//! `flying_bombers.rs`). Positions are written as piece lists such as
//! `"Ka1 Me5 kj10"` (upper case White, docs/rules.md §4 letters) so that each
//! hand-made position can be read at a glance; every expected value in the
//! tests is worked out by hand from docs/rules.md, never taken from the program.
#![allow(dead_code)]

pub mod reference;
#[path = "../common/rng.rs"]
mod rng;

// Not every test file that includes this module draws random numbers.
#[allow(unused_imports)]
pub use rng::Rng;

use boomchess_rules::{Game, Move, MoveKind, Options, Phase, Role, Variant, VariantPosition};
use std::collections::BTreeSet;

/// The FEN placement field of a 10×10 board holding `pieces`
/// (`"Kf2 Md4 kf9"`: letter, then square).
pub fn placement10(pieces: &str) -> String {
    let mut grid = [[None::<char>; 10]; 10];
    for token in pieces.split_whitespace() {
        let mut chars = token.chars();
        let letter = chars.next().expect("piece letter");
        let name: String = chars.collect();
        let file = name.as_bytes()[0].wrapping_sub(b'a') as usize;
        let rank: usize = name[1..].parse().expect("rank number");
        assert!(
            file < 10 && (1..=10).contains(&rank),
            "bad square in {token}"
        );
        assert!(grid[rank - 1][file].is_none(), "two pieces on {name}");
        grid[rank - 1][file] = Some(letter);
    }
    let mut ranks = Vec::new();
    for rank in (0..10).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for square in grid[rank] {
            match square {
                Some(c) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// A position of `variant` from a piece list and the remaining FEN fields
/// (`"w KQ - 0 1"`, plus `" L"` for unlocked Stratomic launches).
pub fn position_with(
    variant: Variant,
    options: Options,
    pieces: &str,
    rest: &str,
) -> VariantPosition {
    let fen = format!("{} {}", placement10(pieces), rest);
    VariantPosition::from_fen(variant, options, &fen)
        .unwrap_or_else(|e| panic!("hand-made position {fen} refused: {e}"))
}

/// The options given by `words` (docs/rules.md §5b names).
pub fn options(variant: Variant, words: &[&str]) -> Options {
    Options::parse(variant, words).expect("valid option words")
}

/// The placement field of `p`.
pub fn board(p: &VariantPosition) -> String {
    p.fen().split(' ').next().unwrap().to_string()
}

/// The FEN fields after the placement.
pub fn fields(p: &VariantPosition) -> String {
    let fen = p.fen();
    fen.split_once(' ').unwrap().1.to_string()
}

/// A set of move or square texts.
pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Every legal move as coordinate text.
pub fn legal(p: &VariantPosition) -> BTreeSet<String> {
    p.legal_moves_uci().into_iter().collect()
}

/// The square named `name`.
pub fn sq(p: &VariantPosition, name: &str) -> boomchess_rules::Square {
    p.parse_square(name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

/// The FEN letter of the piece on `name`, if any.
pub fn at(p: &VariantPosition, name: &str) -> Option<char> {
    p.piece_at(sq(p, name)).map(|pc| pc.char())
}

/// Legal moves (coordinate text) of the piece on `name`, launches excluded.
pub fn moves_from(p: &VariantPosition, name: &str) -> BTreeSet<String> {
    let from = sq(p, name);
    p.legal_moves()
        .into_iter()
        .filter(|m| m.from == from && m.kind != MoveKind::Launch)
        .map(|m| p.move_to_uci(m))
        .collect()
}

/// Legal launches (coordinate text).
pub fn launches(p: &VariantPosition) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .filter(|m| m.kind == MoveKind::Launch)
        .map(|m| p.move_to_uci(m))
        .collect()
}

/// Whether the coordinate text names a legal move here.
pub fn is_legal(p: &VariantPosition, text: &str) -> bool {
    legal(p).contains(text)
}

/// The legal move written `text` (coordinate text).
pub fn mv(p: &VariantPosition, text: &str) -> Move {
    p.parse_uci(text)
        .unwrap_or_else(|e| panic!("{text} should be legal in {}: {e}", p.fen()))
}

/// The position after the legal move `text`.
pub fn after(p: &VariantPosition, text: &str) -> VariantPosition {
    let m = mv(p, text);
    let mut q = *p;
    q.play(m).expect("legal move plays");
    q
}

/// The position after a sequence of legal moves.
pub fn after_all(p: &VariantPosition, texts: &[&str]) -> VariantPosition {
    texts.iter().fold(*p, |q, t| after(&q, t))
}

/// Whether the side to move has a legal move (of a piece other than the
/// one on `name`) that removes or replaces the piece on `name`.
pub fn can_take(p: &VariantPosition, name: &str) -> bool {
    let target = sq(p, name);
    let before = p.piece_at(target);
    assert!(before.is_some(), "nothing on {name}");
    p.legal_moves().into_iter().any(|m| {
        let mut q = *p;
        q.play_unchecked(m);
        m.from != target && q.piece_at(target) != before
    })
}

/// The SAN of the legal move `text`.
pub fn san(p: &VariantPosition, text: &str) -> String {
    p.move_to_san(mv(p, text))
}

/// No two legal moves share a coordinate text (docs/rules.md §3 and §6: a move
/// is identified by its text).
pub fn assert_texts_unique(p: &VariantPosition) {
    let texts = p.legal_moves_uci();
    let unique: BTreeSet<_> = texts.iter().cloned().collect();
    assert_eq!(
        texts.len(),
        unique.len(),
        "duplicate move texts in {}",
        p.fen()
    );
}

/// Every square name of the 10×10 board.
pub fn all_squares10() -> Vec<String> {
    let mut v = Vec::new();
    for rank in 1..=10 {
        for file in b'a'..=b'j' {
            v.push(format!("{}{}", file as char, rank));
        }
    }
    v
}

/// The first four FEN fields of `p`, plus the launch field in Stratomic.
pub fn fen_core(p: &VariantPosition) -> String {
    let fen = p.fen();
    let f: Vec<&str> = fen.split(' ').collect();
    let mut s = f[..4].join(" ");
    if p.variant() == Variant::Stratomic {
        s.push(' ');
        s.push_str(f.get(6).copied().unwrap_or("-"));
    }
    s
}

/// Plays `plies` pseudo-random moves from `fen` (seeded, reproducible) and
/// checks at every position that the rules crate and the reference
/// generator of `reference.rs` agree on the legal move texts and, after
/// each move, on the position. Launches are picked rarely (1 in 8) so that
/// games do not end in a few blasts. Returns how many positions were
/// compared and how many of them offered a castling, an en passant capture,
/// a launch and a promotion.
pub fn compare_with_reference(
    variant: Variant,
    words: &[&str],
    fen: &str,
    seed: u64,
    plies: usize,
) -> [usize; 5] {
    use reference::{Game, Kind, Ref};
    let opts = options(variant, words);
    let game = match variant {
        Variant::Stratomic => Game::Stratomic,
        _ => Game::Bombers,
    };
    let mut p = VariantPosition::from_fen(variant, opts, fen).expect("valid position");
    let mut r = Ref::from_fen(game, opts.super_knights, opts.immediate_landing, fen);
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let mut history: Vec<String> = Vec::new();
    let mut seen = [0usize; 5];
    for _ in 0..plies {
        assert_eq!(
            fen_core(&p),
            r.fen_core(),
            "positions differ after {history:?} from {fen}"
        );
        let mine = legal(&p);
        let reference = r.texts();
        seen[0] += 1;
        if mine != reference {
            let only_program: Vec<_> = mine.difference(&reference).collect();
            let only_reference: Vec<_> = reference.difference(&mine).collect();
            panic!(
                "move sets differ at {} (after {history:?} from {fen}):\n only the program: {only_program:?}\n only the reference: {only_reference:?}",
                p.fen()
            );
        }
        let moves = r.moves();
        for (i, kind) in [Kind::Castle, Kind::EnPassant, Kind::Launch]
            .into_iter()
            .enumerate()
        {
            if moves.iter().any(|m| m.kind == kind) {
                seen[i + 1] += 1;
            }
        }
        if moves.iter().any(|m| matches!(m.kind, Kind::Promotion(_))) {
            seen[4] += 1;
        }
        if moves.is_empty() {
            break;
        }
        let quiet: Vec<_> = moves.iter().filter(|m| m.kind != Kind::Launch).collect();
        let m = if !quiet.is_empty() && next() % 8 != 0 {
            *quiet[next() % quiet.len()]
        } else {
            moves[next() % moves.len()]
        };
        let text = r.text(m);
        p = after(&p, &text);
        r = r.play(m);
        history.push(text);
    }
    seen
}

/// Sums coverage counts of [`compare_with_reference`].
pub fn add5(a: [usize; 5], b: [usize; 5]) -> [usize; 5] {
    [
        a[0] + b[0],
        a[1] + b[1],
        a[2] + b[2],
        a[3] + b[3],
        a[4] + b[4],
    ]
}

/// Walks the whole move tree of `fen` to `depth` plies, checking at every
/// node that the rules crate and the reference generator agree on the
/// position and on the legal move texts. Returns the leaf count (perft).
pub fn compare_tree(variant: Variant, words: &[&str], fen: &str, depth: u32) -> u64 {
    use reference::{Game, Ref};
    let opts = options(variant, words);
    let game = match variant {
        Variant::Stratomic => Game::Stratomic,
        _ => Game::Bombers,
    };
    let p = VariantPosition::from_fen(variant, opts, fen).expect("valid position");
    let r = Ref::from_fen(game, opts.super_knights, opts.immediate_landing, fen);
    fn walk(p: &VariantPosition, r: &reference::Ref, depth: u32, path: &mut Vec<String>) -> u64 {
        assert_eq!(fen_core(p), r.fen_core(), "positions differ after {path:?}");
        let mine = legal(p);
        let theirs = r.texts();
        if mine != theirs {
            let only_program: Vec<_> = mine.difference(&theirs).collect();
            let only_reference: Vec<_> = theirs.difference(&mine).collect();
            panic!(
                "move sets differ at {} (after {path:?}):\n only the program: {only_program:?}\n only the reference: {only_reference:?}",
                p.fen()
            );
        }
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for m in r.moves() {
            let text = r.text(m);
            let q = after(p, &text);
            path.push(text);
            n += walk(&q, &r.play(m), depth - 1, path);
            path.pop();
        }
        n
    }
    walk(&p, &r, depth, &mut Vec::new())
}

/// A pseudo-random legal-looking position text of `variant` (seeded):
/// both kings, up to `men` other men anywhere (pawns off their first and
/// promotion ranks), castling rights where king and rook stand ready, and
/// for Stratomic a random launch field. Positions whose side not to move
/// is in check (by the reference generator) are skipped by the caller.
pub fn random_fen(variant: Variant, seed: u64, men: usize) -> String {
    let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n
    };
    let strat = variant == Variant::Stratomic;
    let letters: &[u8] = if strat { b"QRBNPMPM" } else { b"QRBNPFPF" };
    let (white_back, black_back) = if strat { (1, 8) } else { (0, 9) };
    let mut board = [0u8; 100];
    // Kings: half the time on their castling squares.
    for (king, back) in [(b'K', white_back), (b'k', black_back)] {
        loop {
            let sq = if next(2) == 0 {
                back * 10 + 5
            } else {
                next(100)
            };
            if board[sq] == 0 {
                board[sq] = king;
                break;
            }
        }
    }
    // Rooks on castling squares now and then.
    for (rook, back) in [(b'R', white_back), (b'r', black_back)] {
        for file in [1, 8] {
            if next(3) == 0 && board[back * 10 + file] == 0 {
                board[back * 10 + file] = rook;
            }
        }
    }
    for _ in 0..next(men + 1) {
        let white = next(2) == 0;
        let l = letters[next(letters.len())];
        let sq = next(100);
        let rank = sq / 10;
        if board[sq] != 0 {
            continue;
        }
        if l == b'P' {
            // Pawns between their start rank and the rank before promotion.
            let (lo, hi) = match (strat, white) {
                (true, true) => (2, 7),
                (true, false) => (2, 7),
                (false, _) => (1, 8),
            };
            if rank < lo || rank > hi {
                continue;
            }
        }
        board[sq] = if white { l } else { l.to_ascii_lowercase() };
    }
    let mut castle = String::new();
    for (c, king, rook, back, file) in [
        ('K', b'K', b'R', white_back, 8),
        ('Q', b'K', b'R', white_back, 1),
        ('k', b'k', b'r', black_back, 8),
        ('q', b'k', b'r', black_back, 1),
    ] {
        if board[back * 10 + 5] == king && board[back * 10 + file] == rook && next(4) != 0 {
            castle.push(c);
        }
    }
    if castle.is_empty() {
        castle.push('-');
    }
    let mut ranks = Vec::new();
    for r in (0..10).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for f in 0..10 {
            let p = board[r * 10 + f];
            if p == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(p as char);
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    let side = if next(2) == 0 { "w" } else { "b" };
    let mut fen = format!("{} {side} {castle} - 0 1", ranks.join("/"));
    if strat {
        fen.push_str(if next(3) == 0 { " -" } else { " L" });
    }
    fen
}

/// Compares the rules crate with the reference generator on `count` random
/// positions, each to `depth` plies. Returns how many positions were used.
pub fn compare_random_positions(
    variant: Variant,
    words: &[&str],
    seed: u64,
    count: usize,
    men: usize,
    depth: u32,
) -> usize {
    use reference::{Game, Ref};
    let game = match variant {
        Variant::Stratomic => Game::Stratomic,
        _ => Game::Bombers,
    };
    let opts = options(variant, words);
    let mut used = 0;
    let mut tries = 0u64;
    while used < count {
        tries += 1;
        let fen = random_fen(
            variant,
            seed.wrapping_mul(1_000_003).wrapping_add(tries),
            men,
        );
        let r = Ref::from_fen(game, opts.super_knights, opts.immediate_landing, &fen);
        // The side not to move may not be in check (docs/rules.md §4).
        let mut other = r.clone();
        other.white = !other.white;
        if other.in_check() {
            assert!(
                VariantPosition::from_fen(variant, opts, &fen).is_err(),
                "{fen}: the side not to move is in check, yet the position was accepted"
            );
            continue;
        }
        if let Err(e) = VariantPosition::from_fen(variant, opts, &fen) {
            panic!("{fen} refused: {e}");
        }
        compare_tree(variant, words, &fen, depth);
        used += 1;
    }
    used
}

/// Moves as sortable `(from, to, kind)` keys: two move lists compared as sets.
pub fn sorted_moves(moves: impl IntoIterator<Item = Move>) -> Vec<(usize, usize, String)> {
    let mut out: Vec<_> = moves
        .into_iter()
        .map(|m| (m.from.usize(), m.to.usize(), format!("{:?}", m.kind)))
        .collect();
    out.sort();
    out
}

/// Ends a Beirut game's setup: each side in turn marks as many of its men (never the king) as
/// it must, chosen at random.
pub fn choose_random_carriers(game: &mut Game, rng: &mut Rng) {
    while let Phase::Setup(color) = game.phase() {
        let pos = game.position();
        let men: Vec<String> = (0..pos.ranks())
            .flat_map(|r| (0..pos.files()).map(move |f| (f, r)))
            .filter_map(|(f, r)| pos.square(f, r))
            .filter(|&sq| {
                pos.piece_at(sq)
                    .is_some_and(|p| p.color == color && p.role != Role::King)
            })
            .map(|sq| pos.square_name(sq))
            .collect();
        let mut chosen: Vec<String> = Vec::new();
        while chosen.len() < game.carriers_to_choose() as usize {
            let pick = rng.pick(&men).clone();
            if !chosen.contains(&pick) {
                chosen.push(pick);
            }
        }
        game.choose_carriers(&chosen).expect("carriers of own men");
    }
}

/// Every variant with the options that change its moves.
pub const MOVE_CONFIGURATIONS: [(Variant, &[&str]); 6] = [
    (Variant::Beirut, &[]),
    (Variant::Beirut, &["carriers=3", "dead-mans-switch"]),
    (Variant::Stratomic, &[]),
    (Variant::FlyingBombers, &[]),
    (Variant::FlyingBombers, &["immediate-landing"]),
    (Variant::FlyingBombers, &["super-knights"]),
];

/// Plays `games` random games of `variant` with the option `words` (Beirut's carriers chosen at
/// random), each up to `plies` plies, and shows `visit` every position before its move. One move
/// in `forcing_one_in` is drawn from the forcing ones (every kind but a plain move, then plain
/// captures) when there are any, so that checks, promotions and explosions come often.
pub fn play_forcing_games(
    variant: Variant,
    words: &[&str],
    games: usize,
    plies: usize,
    forcing_one_in: usize,
    rng: &mut Rng,
    mut visit: impl FnMut(&VariantPosition, &mut Rng),
) {
    let options = Options::parse(variant, words).expect("options");
    for _ in 0..games {
        let mut game = Game::new(variant, options);
        choose_random_carriers(&mut game, rng);
        for _ in 0..plies {
            visit(game.position(), rng);
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let forcing: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.kind != MoveKind::Normal)
                .chain(moves.iter().copied().filter(|m| {
                    m.kind == MoveKind::Normal && game.position().piece_at(m.to).is_some()
                }))
                .collect();
            let m = if !forcing.is_empty() && rng.below(forcing_one_in) == 0 {
                *rng.pick(&forcing)
            } else {
                *rng.pick(&moves)
            };
            game.play(m).expect("a generated move is legal");
        }
    }
}
