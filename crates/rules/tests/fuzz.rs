//! Property tests with a fixed budget: random and mutated inputs for the
//! text parsers, and random legal play in every variant and option checking
//! invariants after every move. Deterministic (fixed seeds); raise the
//! budget with `BOOMCHESS_FUZZ_SCALE=10` for a longer run.
//!
//! Inputs that once failed are kept in `REGRESSIONS` below.

use boomchess_rules::{Color, MoveKind, Options, Role, Variant, VariantPosition};

mod support;

use support::{choose_random_carriers, Rng};

fn scale() -> usize {
    std::env::var("BOOMCHESS_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// Every variant with each of its options, as `(variant, option words)`.
fn configurations() -> Vec<(Variant, Vec<&'static str>)> {
    vec![
        (Variant::Beirut, vec![]),
        (Variant::Beirut, vec!["carriers=3"]),
        (Variant::Beirut, vec!["dead-mans-switch"]),
        (Variant::Beirut, vec!["dead-mans-switch", "carriers=4"]),
        (Variant::Stratomic, vec![]),
        (Variant::FlyingBombers, vec![]),
        (Variant::FlyingBombers, vec!["immediate-landing"]),
        (Variant::FlyingBombers, vec!["super-knights"]),
        (
            Variant::FlyingBombers,
            vec!["immediate-landing", "super-knights"],
        ),
    ]
}

const SEED_FENS: [(Variant, &str); 8] = [
    (
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        Variant::Beirut,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        Variant::Beirut,
        "rnbqkb*nr/pppppppp/8/8/4P3/8/PPPP1PPP/RN*BQKBNR b KQkq e3 0 1",
    ),
    (
        Variant::Stratomic,
        "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1 -",
    ),
    (
        Variant::Stratomic,
        "10/mr1bqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MR1BQKBNRM/10 w KQkq - 0 5 L",
    ),
    (
        Variant::FlyingBombers,
        "frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1",
    ),
    (
        Variant::FlyingBombers,
        "frnbqkbnrf/ppppp1pppp/10/10/5p4/4P5/10/10/PPPP1PPPPP/FRNBQKBNRF b KQkq e3e4 0 1",
    ),
    (Variant::Beirut, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
];

/// Inputs that once broke something; each must parse or fail cleanly.
const REGRESSIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR9* w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq é3 0 1",
    "k7/8/8/8/8/8/8/K7 w - a3a4a5 0 1",
    "99999999999999999999/8/8/8/8/8/8/K6k w - - 0 1",
    "",
    "8/8/8/8/8/8/8/K6k w - - 0 0",
];

const FEN_ALPHABET: &[u8] = b"kqrbnpmfKQRBNPMF*/0123456789 -wbL@abcdefghijxyz\xc3\xa9";

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(3) {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 if at < bytes.len() => bytes[at] = *rng.pick(FEN_ALPHABET),
            _ => bytes.insert(at, *rng.pick(FEN_ALPHABET)),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn fen_parse_never_panics_and_round_trips() {
    let mut rng = Rng::new(0x5EED_F3A1);
    let (mut executions, mut accepted) = (0, 0);
    for text in REGRESSIONS {
        for variant in Variant::ALL {
            let _ = VariantPosition::from_fen(variant, Options::default(), text);
        }
    }
    for _ in 0..20_000 * scale() {
        let (variant, seed) = *rng.pick(&SEED_FENS);
        let text = mutate(&mut rng, seed);
        executions += 1;
        let Ok(pos) = VariantPosition::from_fen(variant, Options::default(), &text) else {
            continue;
        };
        accepted += 1;
        let printed = pos.fen();
        let again = VariantPosition::from_fen(variant, Options::default(), &printed)
            .unwrap_or_else(|e| panic!("printed FEN '{printed}' (from '{text}') refused: {e}"));
        assert_eq!(again, pos, "round trip of '{text}' via '{printed}'");
        assert_eq!(again.fen(), printed);
    }
    println!("fen fuzz: {executions} inputs, {accepted} accepted");
    assert!(
        accepted > 100,
        "mutations should still produce valid positions"
    );
}

#[test]
fn move_text_parsers_never_panic_on_garbage() {
    let mut rng = Rng::new(0xBADC_0FFE);
    let alphabet = b"abcdefghijk0123456789@=+#xO-QRBNKMFqrbnmf*Boom \xe2\x82\xac";
    let positions: Vec<VariantPosition> = SEED_FENS
        .iter()
        .map(|(v, f)| VariantPosition::from_fen(*v, Options::default(), f).expect("seed FEN"))
        .collect();
    let mut executions = 0;
    for _ in 0..20_000 * scale() {
        let pos = rng.pick(&positions);
        let len = rng.below(9);
        let bytes: Vec<u8> = (0..len).map(|_| *rng.pick(alphabet)).collect();
        let text = String::from_utf8_lossy(&bytes);
        executions += 1;
        if let Ok(m) = pos.parse_uci(&text) {
            assert!(pos.is_legal(m));
        }
        if let Ok(m) = pos.parse_san(&text) {
            assert!(pos.is_legal(m));
        }
    }
    println!("move text fuzz: {executions} inputs");
}

/// Checks what a move did against what the rules say it must do.
fn check_move_effects(before: &VariantPosition, after: &VariantPosition, m: boomchess_rules::Move) {
    let occupied = |p: &VariantPosition| -> Vec<_> {
        (0..p.ranks())
            .flat_map(|r| (0..p.files()).map(move |f| (f, r)))
            .filter_map(|(f, r)| p.square(f, r))
            .filter(|&sq| p.piece_at(sq).is_some())
            .collect()
    };
    match m.kind {
        MoveKind::Boom => {
            // Everything in the 3×3 area goes, kings too; nothing else changes.
            let area = before.blast_area(m);
            for sq in occupied(before) {
                let gone = after.piece_at(sq).is_none();
                assert_eq!(
                    gone,
                    area.contains(&sq),
                    "boom {m:?}: square {}",
                    before.square_name(sq)
                );
                if !gone {
                    assert_eq!(after.piece_at(sq), before.piece_at(sq));
                }
            }
        }
        MoveKind::Launch => {
            // Everything but kings in the area goes, and the missile itself.
            let area = before.blast_area(m);
            for sq in occupied(before) {
                let is_king = before.piece_at(sq).map(|p| p.role) == Some(Role::King);
                let must_go = sq == m.from || (area.contains(&sq) && !is_king);
                assert_eq!(after.piece_at(sq).is_none(), must_go, "launch {m:?}");
            }
        }
        _ => {}
    }
}

/// Invariants every position reached by legal play must keep.
fn check_position(pos: &VariantPosition) {
    // Castling rights imply king and rook on their start squares: the FEN
    // reader checks exactly that, so a position that reads back keeps it.
    let fen = pos.fen();
    let decided = pos.outcome().is_some();
    match VariantPosition::from_fen(pos.variant(), pos.options(), &fen) {
        Ok(again) => {
            assert_eq!(again.fen(), fen);
            assert_eq!(again.hash(), pos.hash(), "hash of {fen} depends on history");
        }
        // A Dead Man's Switch capture can leave the capturer in check; that
        // position ends the game and is not a valid FEN to read (RULES §4).
        Err(e) => assert!(decided, "position after legal play refused: {fen}: {e}"),
    }
    // A player's view shows only its own carriers.
    for color in Color::ALL {
        let view = pos.view(color);
        assert!(
            view.carriers(!color).is_empty(),
            "view of {color} shows enemy carriers: {fen}"
        );
        assert_eq!(view.carriers(color), pos.carriers(color));
        // Its legal moves are the referee's when it is that side's turn.
        if color == pos.turn() && !decided {
            let mut a = view.legal_moves_uci();
            let mut b = pos.legal_moves_uci();
            a.sort();
            b.sort();
            assert_eq!(a, b, "view changes the legal moves: {fen}");
        }
    }
}

#[test]
fn random_legal_play_keeps_every_invariant() {
    let mut rng = Rng::new(0x00C0_FFEE);
    let mut moves_played = 0;
    let mut explosions = 0;
    for (variant, words) in configurations() {
        let options = Options::parse(variant, &words).expect("options");
        for game_index in 0..12 * scale() {
            let mut game = boomchess_rules::Game::new(variant, options);
            if variant == Variant::Stratomic && game_index % 2 == 1 {
                // Unlocked launches from the start, so they are played often.
                let fen =
                    "10/mr1bqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MR1BQKBNRM/10 w KQkq - 0 5 L";
                game = boomchess_rules::Game::from_fen(variant, options, fen).expect("FEN");
            }
            choose_random_carriers(&mut game, &mut rng);
            for _ in 0..150 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    assert!(game.outcome().is_some(), "no moves but no outcome");
                    break;
                }
                // Explosions are rare among the moves; pick them more often.
                let explosive: Vec<_> =
                    moves.iter().copied().filter(|m| m.is_explosion()).collect();
                let m = if !explosive.is_empty() && rng.below(6) == 0 {
                    *rng.pick(&explosive)
                } else {
                    *rng.pick(&moves)
                };
                let before = *game.position();
                // Coordinate and SAN text round-trip through the parsers.
                let uci = before.move_to_uci(m);
                assert_eq!(before.parse_uci(&uci), Ok(m), "{uci} in {}", before.fen());
                let san = before.move_to_san(m);
                assert_eq!(before.parse_san(&san), Ok(m), "{san} in {}", before.fen());
                game.play(m).expect("a generated move is legal");
                moves_played += 1;
                explosions += usize::from(m.is_explosion());
                let after = *game.position();
                check_move_effects(&before, &after, m);
                check_position(&after);
            }
        }
    }
    println!("random play: {moves_played} moves, {explosions} explosions");
    assert!(explosions > 0, "the games should include explosions");
}
