//! Move text (docs/rules.md §5): coordinates and SAN, printed and parsed, and
//! the errors for malformed and illegal text. The expected texts were
//! written by hand from the rules.

mod common;

use boomchess_rules::{MoveError, MoveKind, Role, VariantPosition};
use common::*;

/// The SAN of each move as it is played, starting from `pos`.
fn san_sequence(mut pos: VariantPosition, uci_moves: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for text in uci_moves {
        let m = pos
            .parse_uci(text)
            .unwrap_or_else(|e| panic!("{text} in '{}': {e}", pos.fen()));
        out.push(pos.move_to_san(m));
        pos.play(m).unwrap();
    }
    out
}

/// The SAN of one coordinate move.
fn san(pos: &VariantPosition, uci: &str) -> String {
    let m = pos
        .parse_uci(uci)
        .unwrap_or_else(|e| panic!("{uci} in '{}': {e}", pos.fen()));
    pos.move_to_san(m)
}

/// The coordinate text of the move written in SAN.
fn uci_of_san(pos: &VariantPosition, text: &str) -> String {
    let m = pos
        .parse_san(text)
        .unwrap_or_else(|e| panic!("{text} in '{}': {e}", pos.fen()));
    pos.move_to_uci(m)
}

fn assert_malformed(result: Result<boomchess_rules::Move, MoveError>, text: &str) {
    match result {
        Err(e @ MoveError::Malformed { .. }) => {
            let msg = e.to_string();
            assert!(msg.contains("malformed"), "{msg}");
            assert!(
                msg.contains(text.trim()),
                "message '{msg}' should quote '{text}'"
            );
        }
        other => panic!("'{text}': expected Malformed, got {other:?}"),
    }
}

fn assert_illegal(result: Result<boomchess_rules::Move, MoveError>, text: &str) {
    match result {
        Err(e @ MoveError::Illegal { .. }) => {
            let msg = e.to_string();
            assert!(msg.contains("illegal"), "{msg}");
            assert!(
                msg.contains(text.trim()),
                "message '{msg}' should quote '{text}'"
            );
        }
        other => panic!("'{text}': expected Illegal, got {other:?}"),
    }
}

const BEIRUT_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// seeds/001 after 5...Qd4, White's carrier the knight on e5.
const WIKI: &str = "r1b1kbnr/1pp2ppp*/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6";
/// Stratomic, launches unlocked, two white missiles d2 and h2.
const TWO_MISSILES: &str = "10/5k4/10/10/10/10/10/10/3M1K1M2/10 w - - 0 1 L";
/// Flying Bombers, the back rank cleared for all five castlings.
const FIVE_CASTLINGS: &str = "5k4/10/10/10/10/10/10/10/10/FR3K2RF w KQ - 0 1";

// ----- Coordinates ---------------------------------------------------------------------

// §5: `e2e4` — from and to squares.
#[test]
fn coordinate_step() {
    let pos = beirut(BEIRUT_START);
    let m = pos.parse_uci("e2e4").unwrap();
    assert_eq!(
        (m.from, m.to, m.kind),
        (sq(&pos, "e2"), sq(&pos, "e4"), MoveKind::Normal)
    );
    assert_eq!(pos.move_to_uci(m), "e2e4");
    // Surrounding blanks are tolerated.
    assert_eq!(
        pos.parse_uci(" g1f3 ").unwrap(),
        pos.parse_uci("g1f3").unwrap()
    );
}

// §5: promotion `e7e8q` with a lower-case letter (`q r b n m f`).
#[test]
fn coordinate_promotion() {
    let pos = beirut("8/4P3/8/k7/8/8/8/4K3 w - - 0 1");
    for (text, role) in [
        ("e7e8q", Role::Queen),
        ("e7e8r", Role::Rook),
        ("e7e8b", Role::Bishop),
        ("e7e8n", Role::Knight),
    ] {
        let m = pos.parse_uci(text).unwrap();
        assert_eq!(m.kind, MoveKind::Promotion(role));
        assert_eq!(pos.move_to_uci(m), text);
    }
    // The letter is required, and only the variant's pieces are allowed.
    assert!(pos.parse_uci("e7e8").is_err());
    assert!(pos.parse_uci("e7e8m").is_err());
    assert!(pos.parse_uci("e7e8f").is_err());
    assert!(pos.parse_uci("e7e8k").is_err());
    assert!(pos.parse_uci("e7e8p").is_err());
    // 10×10: `e9e10f` in Flying Bombers, `e8e9m` in Stratomic (rank 9).
    let fb = bombers("k9/4P5/10/10/10/10/10/10/10/5K4 w - - 0 1");
    let m = fb.parse_uci("e9e10f").unwrap();
    assert_eq!(m.kind, MoveKind::Promotion(Role::Bomber));
    assert_eq!(fb.move_to_uci(m), "e9e10f");
    assert!(fb.parse_uci("e9e10m").is_err());
    let st = stratomic("10/k9/4P5/10/10/10/10/10/5K4/10 w - - 0 1 -");
    let m = st.parse_uci("e8e9m").unwrap();
    assert_eq!(m.kind, MoveKind::Promotion(Role::Missile));
    assert_eq!(st.move_to_uci(m), "e8e9m");
    assert!(st.parse_uci("e8e9f").is_err());
}

// §5: Beirut boom `@e5` — the carrier on e5.
#[test]
fn coordinate_boom() {
    let pos = beirut(WIKI);
    let m = pos.parse_uci("@e5").unwrap();
    assert_eq!(m.kind, MoveKind::Boom);
    assert_eq!(m.from, sq(&pos, "e5"));
    assert_eq!(pos.move_to_uci(m), "@e5");
    // No carrier on e4: well-formed but illegal.
    assert_illegal(pos.parse_uci("@e4"), "@e4");
}

// §5: Stratomic launch `d2@f7` — missile on d2 aimed at f7.
#[test]
fn coordinate_launch() {
    let pos = stratomic(TWO_MISSILES);
    let m = pos.parse_uci("d2@f7").unwrap();
    assert_eq!(m.kind, MoveKind::Launch);
    assert_eq!((m.from, m.to), (sq(&pos, "d2"), sq(&pos, "f7")));
    assert_eq!(pos.move_to_uci(m), "d2@f7");
    // §2: "any square other than the missile's own".
    assert!(pos.parse_uci("d2@d2").is_err());
    // 10×10 square names: rank 10.
    assert_eq!(pos.move_to_uci(pos.parse_uci("h2@j10").unwrap()), "h2@j10");
}

// §2/§4: launches need field 7 `L` (a non-pawn piece captured earlier).
#[test]
fn launches_need_the_l_field() {
    let locked = stratomic("10/5k4/10/10/10/10/10/10/3M1K1M2/10 w - - 0 1 -");
    assert!(!locked.launches_unlocked());
    assert!(locked.legal_moves_uci().iter().all(|m| !m.contains('@')));
    assert_illegal(locked.parse_uci("d2@f7"), "d2@f7");
    let unlocked = stratomic(TWO_MISSILES);
    assert!(unlocked.launches_unlocked());
    assert!(has(&unlocked, "d2@f7"));
}

// §5: castling as the king's from and to squares (`f1i1`).
#[test]
fn coordinate_castling() {
    let pos = bombers(FIVE_CASTLINGS);
    for text in ["f1h1", "f1i1", "f1d1", "f1c1", "f1b1"] {
        let m = pos.parse_uci(text).unwrap();
        assert_eq!(m.kind, MoveKind::Castle, "{text}");
        assert_eq!(pos.move_to_uci(m), text);
    }
    let pos = beirut("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for text in ["e1g1", "e1c1"] {
        assert_eq!(pos.parse_uci(text).unwrap().kind, MoveKind::Castle);
    }
    let pos = stratomic("10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1 -");
    for text in ["f2h2", "f2d2"] {
        assert_eq!(pos.parse_uci(text).unwrap().kind, MoveKind::Castle);
    }
}

// §5/§6: every legal move has its own coordinate text and parses back to
// itself.
#[test]
fn coordinate_text_round_trips_for_every_legal_move() {
    for pos in sample_positions() {
        let list = pos.legal_moves();
        let mut texts: Vec<String> = list.iter().map(|&m| pos.move_to_uci(m)).collect();
        for (&m, text) in list.iter().zip(&texts) {
            assert_eq!(pos.parse_uci(text).unwrap(), m, "{text} in {}", pos.fen());
        }
        let n = texts.len();
        texts.sort();
        texts.dedup();
        assert_eq!(
            texts.len(),
            n,
            "duplicate coordinate texts in {}",
            pos.fen()
        );
    }
}

fn sample_positions() -> Vec<VariantPosition> {
    vec![
        beirut(BEIRUT_START),
        beirut(KIWIPETE),
        beirut(WIKI),
        beirut("r3k2r/p*1ppqpb*1/bn2p*n*p1/3PN*3/1p*2P3/2N*2Q1p*/PPPBBPPP/R3K2R b KQkq - 0 1"),
        beirut("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
        beirut("8/4P3/8/k7/8/8/8/4K3 w - - 0 1"),
        stratomic(TWO_MISSILES),
        stratomic("10/mrnbqkb1rm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 5 L"),
        stratomic("10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1 -"),
        bombers("frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1"),
        bombers(FIVE_CASTLINGS),
        bombers("9k/10/10/5n4/10/10/10/10/5F4/K9 w - - 0 1"),
        bombers("k9/4P5/10/10/10/10/10/10/10/5K4 w - - 0 1"),
    ]
}

// ----- SAN ---------------------------------------------------------------------------

// §5 "SAN as in chess": piece moves, pawn pushes, captures.
#[test]
fn san_of_ordinary_moves() {
    let pos = beirut(BEIRUT_START);
    assert_eq!(san(&pos, "g1f3"), "Nf3");
    assert_eq!(san(&pos, "e2e4"), "e4");
    assert_eq!(uci_of_san(&pos, "Nf3"), "g1f3");
    assert_eq!(uci_of_san(&pos, "e4"), "e2e4");
}

// §5: en passant is written as a pawn capture onto the square passed over.
#[test]
fn san_en_passant() {
    // Black just played d7-d5; exd6 e.p. is legal, exf6 is not (f5 moved
    // earlier).
    let pos = beirut("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    assert_eq!(san(&pos, "e5d6"), "exd6");
    let m = pos.parse_san("exd6").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
    assert_eq!(pos.move_to_uci(m), "e5d6");
    assert_illegal(pos.parse_san("exf6"), "exf6");
}

// §5: promotion `e8=Q`; `+` when the new piece gives check.
#[test]
fn san_promotion() {
    let pos = beirut("8/4P3/8/k7/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&pos, "e7e8q"), "e8=Q");
    assert_eq!(san(&pos, "e7e8n"), "e8=N");
    assert_eq!(uci_of_san(&pos, "e8=Q"), "e7e8q");
    assert_eq!(uci_of_san(&pos, "e8=R"), "e7e8r");
    // Flying Bombers: the queen and rook on e10 check the king a10 along
    // the rank; a bomber cannot (nothing beyond a10 to land on).
    let fb = bombers("k9/4P5/10/10/10/10/10/10/10/5K4 w - - 0 1");
    assert_eq!(san(&fb, "e9e10q"), "e10=Q+");
    assert_eq!(san(&fb, "e9e10r"), "e10=R+");
    assert_eq!(san(&fb, "e9e10b"), "e10=B");
    assert_eq!(san(&fb, "e9e10n"), "e10=N");
    assert_eq!(san(&fb, "e9e10f"), "e10=F");
    assert_eq!(uci_of_san(&fb, "e10=F"), "e9e10f");
    // Stratomic: promotion on rank 9, also to a missile.
    let st = stratomic("10/k9/4P5/10/10/10/10/10/5K4/10 w - - 0 1 -");
    assert_eq!(san(&st, "e8e9m"), "e9=M");
    assert_eq!(san(&st, "e8e9q"), "e9=Q+");
}

// §5: `O-O` and `O-O-O` for the two-square castlings.
#[test]
fn san_castling() {
    let pos = beirut("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san(&pos, "e1g1"), "O-O");
    assert_eq!(san(&pos, "e1c1"), "O-O-O");
    assert_eq!(uci_of_san(&pos, "O-O"), "e1g1");
    assert_eq!(uci_of_san(&pos, "O-O-O"), "e1c1");
    let pos = beirut("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(san(&pos, "e8g8"), "O-O");
    assert_eq!(san(&pos, "e8c8"), "O-O-O");
    let pos = stratomic("10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1 -");
    assert_eq!(san(&pos, "f2h2"), "O-O");
    assert_eq!(san(&pos, "f2d2"), "O-O-O");
}

// §5: the longer Flying Bombers castlings as king moves `Ki1`, `Kc1`, `Kb1`.
#[test]
fn san_flying_bombers_castlings() {
    let pos = bombers(FIVE_CASTLINGS);
    assert_eq!(san(&pos, "f1h1"), "O-O");
    assert_eq!(san(&pos, "f1i1"), "Ki1");
    assert_eq!(san(&pos, "f1d1"), "O-O-O");
    assert_eq!(san(&pos, "f1c1"), "Kc1");
    assert_eq!(san(&pos, "f1b1"), "Kb1");
    for (text, uci) in [
        ("O-O", "f1h1"),
        ("Ki1", "f1i1"),
        ("O-O-O", "f1d1"),
        ("Kc1", "f1c1"),
        ("Kb1", "f1b1"),
    ] {
        let m = pos.parse_san(text).unwrap();
        assert_eq!(m.kind, MoveKind::Castle, "{text}");
        assert_eq!(pos.move_to_uci(m), uci);
    }
    // The ordinary one-step king moves stay ordinary.
    assert_eq!(san(&pos, "f1e1"), "Ke1");
    assert_eq!(san(&pos, "f1g1"), "Kg1");
}

// §5: `Boom@e5` for a boom.
#[test]
fn san_boom() {
    let pos = beirut(WIKI);
    assert_eq!(san(&pos, "@e5"), "Boom@e5");
    let m = pos.parse_san("Boom@e5").unwrap();
    assert_eq!(m.kind, MoveKind::Boom);
    assert_eq!(pos.move_to_uci(m), "@e5");
}

// §5: `+` as in chess — a boom that opens a line onto the enemy king.
#[test]
fn san_boom_giving_check() {
    // The knight carrier e4 blocks the rook e1; after the boom Re1 checks
    // e8, and the king can still go to d8 d7 f8 f7.
    let pos = beirut("4k3/8/8/8/4N*3/8/8/K3R3 w - - 0 1");
    assert_eq!(san(&pos, "@e4"), "Boom@e4+");
}

// §5: `#` as in chess — a boom that opens a line for a mate.
#[test]
fn san_boom_giving_mate() {
    // The knight carrier d8 blocks Rh8; after the boom ka8 is mated behind
    // its pawns a7 b7.
    let pos = beirut("k2N*3R/pp6/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(san(&pos, "@d8"), "Boom@d8#");
    let after = after(pos, &["@d8"]);
    assert_eq!(
        after.outcome(),
        Some(boomchess_rules::Outcome::Decisive {
            winner: boomchess_rules::Color::White,
            reason: boomchess_rules::Reason::Checkmate
        })
    );
}

// §5: "`#` also marks a move that destroys the enemy king".
#[test]
fn san_hash_for_destroying_the_king() {
    let pos = beirut("4k2r/3N*4/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(san(&pos, "@d7"), "Boom@d7#");
    // Dead Man's Switch: Qxd5 takes the knight carrier next to the king e6.
    let pos = dms("8/8/4k3/3n*4/8/8/8/K2Q4 w - - 0 1");
    assert_eq!(san(&pos, "d1d5"), "Qxd5#");
}

// §5: `M@f7` for a launch, `Md2@f7` when two missiles could launch there.
#[test]
fn san_launch() {
    let one = stratomic("10/5k4/10/10/10/10/10/10/3M1K4/10 w - - 0 1 L");
    assert_eq!(san(&one, "d2@f7"), "M@f7");
    assert_eq!(uci_of_san(&one, "M@f7"), "d2@f7");
    let two = stratomic(TWO_MISSILES);
    assert_eq!(san(&two, "d2@f7"), "Md2@f7");
    assert_eq!(san(&two, "h2@f7"), "Mh2@f7");
    assert_eq!(uci_of_san(&two, "Md2@f7"), "d2@f7");
    assert_eq!(uci_of_san(&two, "Mh2@f7"), "h2@f7");
    // Too little for two missiles: refused (see also
    // `san_underspecified_text_is_ambiguous`).
    assert!(two.parse_san("M@f7").is_err());
}

// §5: "A bomber capture names its landing square (`Fxf8`)".
#[test]
fn san_bomber_capture_names_the_landing_square() {
    // The bomber f2 bombs the knight f7 and may land on f8, f9 or f10.
    let pos = bombers("9k/10/10/5n4/10/10/10/10/5F4/K9 w - - 0 1");
    assert_eq!(san(&pos, "f2f8"), "Fxf8");
    assert_eq!(san(&pos, "f2f9"), "Fxf9");
    assert_eq!(san(&pos, "f2f10"), "Fxf10");
    // A slide and a helicopter leap onto an empty square are not captures.
    assert_eq!(san(&pos, "f2f3"), "Ff3");
    assert_eq!(san(&pos, "f2h2"), "Fh2");
    assert_eq!(uci_of_san(&pos, "Fxf8"), "f2f8");
    assert_eq!(uci_of_san(&pos, "Fxf10"), "f2f10");
}

// §5: `+` and `#` as in chess.
#[test]
fn san_check_and_mate() {
    let start = beirut(BEIRUT_START);
    assert_eq!(
        san_sequence(start, &["e2e4", "d7d6", "f1b5"]),
        ["e4", "d6", "Bb5+"]
    );
    assert_eq!(
        san_sequence(
            start,
            &["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
        ),
        ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    );
    // The suffixes are optional when reading.
    let pos = after(start, &["e2e4", "d7d6"]);
    assert_eq!(uci_of_san(&pos, "Bb5+"), "f1b5");
    assert_eq!(uci_of_san(&pos, "Bb5"), "f1b5");
}

// §5 "SAN as in chess": disambiguation by file, then by rank.
#[test]
fn san_disambiguation() {
    // Knights b1 and f3 both reach d2.
    let pos = beirut("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san(&pos, "b1d2"), "Nbd2");
    assert_eq!(san(&pos, "f3d2"), "Nfd2");
    assert_eq!(san(&pos, "b1c3"), "Nc3");
    assert_eq!(uci_of_san(&pos, "Nbd2"), "b1d2");
    assert!(pos.parse_san("Nd2").is_err());
    // Knights b1 and b5 on one file: by rank.
    let pos = beirut("4k3/8/8/1N6/8/8/8/1N2K3 w - - 0 1");
    assert_eq!(san(&pos, "b1c3"), "N1c3");
    assert_eq!(san(&pos, "b5c3"), "N5c3");
    assert_eq!(san(&pos, "b5d4"), "Nd4");
    // Rooks a1 and a5 both reach a3.
    let pos = beirut("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&pos, "a1a3"), "R1a3");
    assert_eq!(san(&pos, "a5a3"), "R5a3");
    assert_eq!(uci_of_san(&pos, "R5a3"), "a5a3");
    // Two pawns capturing on c6 (the wiki-book game): by file.
    let pos = beirut("r1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4");
    assert_eq!(san(&pos, "d7c6"), "dxc6");
    assert_eq!(san(&pos, "b7c6"), "bxc6");
}

// §5: every legal move's SAN is its own and parses back to it.
#[test]
fn san_round_trips_for_every_legal_move() {
    let mut positions = sample_positions();
    positions.push(dms("8/8/4k3/3n*4/8/8/8/K2Q4 w - - 0 1"));
    for pos in positions {
        let list = pos.legal_moves();
        let mut texts: Vec<String> = list.iter().map(|&m| pos.move_to_san(m)).collect();
        for (&m, text) in list.iter().zip(&texts) {
            assert_eq!(
                pos.parse_san(text)
                    .unwrap_or_else(|e| panic!("{text}: {e}")),
                m,
                "{text} in {}",
                pos.fen()
            );
        }
        let n = texts.len();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), n, "duplicate SAN in {}", pos.fen());
    }
}

// ----- Errors ---------------------------------------------------------------------------

// §5: text that is not a move is Malformed; a well-formed move that cannot
// be played is Illegal; both messages quote the text.
#[test]
fn malformed_versus_illegal_coordinates() {
    let pos = beirut(BEIRUT_START);
    for text in [
        "", "e2", "e2e", "xyz", "e2e4e6", "e9e4", "i2i4", "e0e1", "@", "@@e5", "e2-e4",
    ] {
        assert_malformed(pos.parse_uci(text), text);
    }
    // Well-formed but not legal here.
    for text in ["e2e5", "e1e2", "a1a8", "@e5", "@g1", "e2e4q"] {
        assert_illegal(pos.parse_uci(text), text);
    }
    // A 10×10 square on the 8×8 board.
    assert_malformed(pos.parse_uci("a10a9"), "a10a9");
}

// §5: the same distinction for SAN.
#[test]
fn malformed_versus_illegal_san() {
    let pos = beirut(BEIRUT_START);
    for text in ["", "Nf3 Nf6", "e4;", "(e4)", "N/f3"] {
        assert_malformed(pos.parse_san(text), text);
    }
    for text in ["Nf4", "Ke2", "O-O", "e5", "Boom@e5", "Qxf7"] {
        assert_illegal(pos.parse_san(text), text);
    }
}

// §5: SAN that fits more than one legal move is refused as ambiguous
// (`MoveError::Ambiguous`: "a SAN text that fits more than one legal
// move"), not as illegal — the move is legal, the text just says too little.
#[test]
fn san_underspecified_text_is_ambiguous() {
    let pos = beirut("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert!(matches!(pos.parse_san("Nd2"), Err(MoveError::Ambiguous(_))));
    let pos = beirut("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert!(matches!(pos.parse_san("Ra3"), Err(MoveError::Ambiguous(_))));
    let two = stratomic(TWO_MISSILES);
    assert!(matches!(
        two.parse_san("M@f7"),
        Err(MoveError::Ambiguous(_))
    ));
}

// §5 / issue 3 "clear errors for illegal or malformed moves", never a
// panic: SAN text with non-ASCII characters is malformed.
#[test]
fn san_with_non_ascii_text_is_malformed_not_a_panic() {
    let pos = beirut(BEIRUT_START);
    for text in ["日本", "é4", "Nf3♔", "M ♔nnQnR", "Bööm@e5"] {
        assert_malformed(pos.parse_san(text), text);
    }
    fuzz_move_text(&mut Rng::new(0xB00B_5EED), true);
}

// §5: no input makes the parsers panic; whatever they accept is legal.
#[test]
fn garbage_move_text_never_panics() {
    fuzz_move_text(&mut Rng::new(0xB00B_5EED), false);
}

/// Feeds garbage and mutated move texts to both parsers on the sample
/// positions. Without `unicode`, SAN only gets ASCII text.
fn fuzz_move_text(rng: &mut Rng, unicode: bool) {
    let alphabet: Vec<char> = "abcdefghijk0123456789@=+#xX-OoKQRBNPMFqrbnmf !?é♔\u{0}"
        .chars()
        .collect();
    let fixed = [
        "e10e11",
        "a0a1",
        "O-O-O-O",
        "Boom@",
        "M@",
        "=Q",
        "exd",
        "@j10",
        "j10@a1",
        "e2e4e4e4e4e4e4e4",
        "99999999999",
        "e99999999999e4",
        "K@e4",
        "Boom@@e4",
        "--",
        "é2é4",
        "♔e1",
        "e2\u{0}e4",
    ];
    for pos in sample_positions() {
        let mut inputs: Vec<String> = fixed.iter().map(|s| s.to_string()).collect();
        for _ in 0..300 {
            let len = rng.below(12);
            inputs.push((0..len).map(|_| *rng.pick(&alphabet)).collect());
        }
        // Mutations of real move texts reach deeper into the parsers.
        let mut real: Vec<String> = pos.legal_moves_uci();
        real.extend(pos.legal_moves().into_iter().map(|m| pos.move_to_san(m)));
        for _ in 0..300 {
            let mut chars: Vec<char> = real[rng.below(real.len())].chars().collect();
            let i = rng.below(chars.len() + 1);
            match rng.below(3) {
                0 if i < chars.len() => chars[i] = *rng.pick(&alphabet),
                1 if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.insert(i, *rng.pick(&alphabet)),
            }
            inputs.push(chars.into_iter().collect());
        }
        for text in &inputs {
            let mut results = vec![pos.parse_uci(text)];
            if unicode || text.is_ascii() {
                results.push(pos.parse_san(text));
            }
            for result in results {
                match result {
                    Ok(m) => assert!(pos.is_legal(m), "'{text}' parsed to an illegal move"),
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
        }
    }
}
