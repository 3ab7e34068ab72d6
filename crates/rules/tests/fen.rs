//! Position text (docs/rules.md §4): round trips and every rejection the rules
//! list, each with the error variant and a message that names the problem.
//! All expected texts were written by hand from the rules.

mod common;

use boomchess_rules::{Color, FenError, Options, Outcome, Reason, Variant, VariantPosition};
use common::*;

fn parse(variant: Variant, fen: &str) -> Result<VariantPosition, FenError> {
    VariantPosition::from_fen(variant, Options::default(), fen)
}

/// The error for `fen`, which must be refused.
fn refused(variant: Variant, fen: &str) -> FenError {
    match parse(variant, fen) {
        Ok(p) => panic!("{variant} accepted '{fen}' as '{}'", p.fen()),
        Err(e) => e,
    }
}

/// Asserts `fen` parses and prints back unchanged.
fn round_trip(variant: Variant, fen: &str) -> VariantPosition {
    let pos = parse(variant, fen).unwrap_or_else(|e| panic!("'{fen}' refused: {e}"));
    assert_eq!(pos.fen(), fen, "round trip of {variant} position");
    let again = parse(variant, &pos.fen()).unwrap();
    assert_eq!(again, pos);
    pos
}

fn message_has(err: &FenError, words: &[&str]) {
    let text = err.to_string();
    for w in words {
        assert!(
            text.to_lowercase().contains(&w.to_lowercase()),
            "message '{text}' should mention '{w}'"
        );
    }
}

const BEIRUT_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const STRATOMIC_START: &str =
    "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1 -";
const BOMBERS_START: &str =
    "frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1";

// ----- Round trips ---------------------------------------------------------------

// §4 Start positions, exactly as written in the rules.
#[test]
fn start_positions_are_as_in_the_rules() {
    for (variant, fen) in [
        (Variant::Beirut, BEIRUT_START),
        (Variant::Stratomic, STRATOMIC_START),
        (Variant::FlyingBombers, BOMBERS_START),
    ] {
        assert_eq!(variant.start_fen(), fen);
        assert_eq!(VariantPosition::new(variant, Options::default()).fen(), fen);
        round_trip(variant, fen);
    }
}

// §4: Beirut carriers as `*` after the letter, with partial castling, an en
// passant square and clocks.
#[test]
fn beirut_round_trips() {
    round_trip(
        Variant::Beirut,
        "rnbqkbnr/ppppp*ppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1",
    );
    round_trip(
        Variant::Beirut,
        "r3k2r/p*p1ppppp/8/2pP4/8/8/PPP1PPP*P/R3K2R w Kq c6 0 10",
    );
    round_trip(
        Variant::Beirut,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    round_trip(
        Variant::Beirut,
        "r3k2r/p*1ppqpb*1/bn2p*n*p1/3PN3/1p*2P3/2N2Q1p*/PPPBBPPP/R3K2R b - - 37 112",
    );
    round_trip(Variant::Beirut, "8/8/8/4k3/3N*4/2K5/8/8 w - - 0 1");
}

// §4: the en passant field is written after every two-square step, whether
// or not a capture is possible.
#[test]
fn beirut_en_passant_field_after_every_double_step() {
    let mut pos = VariantPosition::new(Variant::Beirut, Options::default());
    play(&mut pos, &["e2e4"]);
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    play(&mut pos, &["c7c5"]);
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"
    );
    play(&mut pos, &["g1f3"]);
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    round_trip(Variant::Beirut, &pos.fen());
}

// §4: Stratomic's seventh field — `-` by default (and when omitted), `L`
// once launches are unlocked.
#[test]
fn stratomic_launch_field() {
    let pos = round_trip(Variant::Stratomic, STRATOMIC_START);
    assert!(!pos.launches_unlocked());
    // Six fields: the seventh defaults to `-` and is printed.
    let six = "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1";
    let pos = parse(Variant::Stratomic, six).unwrap();
    assert!(!pos.launches_unlocked());
    assert_eq!(pos.fen(), STRATOMIC_START);
    // A black knight was captured: launches unlocked.
    let unlocked = round_trip(
        Variant::Stratomic,
        "10/mrnbqkb1rm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 5 L",
    );
    assert!(unlocked.launches_unlocked());
}

// §4: Stratomic pawns double-step from rank 3; the field names the square
// passed over.
#[test]
fn stratomic_double_step_en_passant() {
    let mut pos = VariantPosition::new(Variant::Stratomic, Options::default());
    play(&mut pos, &["e3e5"]);
    assert_eq!(
        pos.fen(),
        "10/mrnbqkbnrm/pppppppppp/10/10/4P5/10/PPPP1PPPPP/MRNBQKBNRM/10 b KQkq e4 0 1 -"
    );
    round_trip(Variant::Stratomic, &pos.fen());
}

// §4: "White e2-e5: `e3e4`; Black e9-e6: `e8e7`"; a two-step gives one square.
#[test]
fn bombers_multi_step_en_passant_fields() {
    let mut pos = VariantPosition::new(Variant::FlyingBombers, Options::default());
    play(&mut pos, &["e2e5"]);
    assert_eq!(
        pos.fen(),
        "frnbqkbnrf/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/FRNBQKBNRF b KQkq e3e4 0 1"
    );
    round_trip(Variant::FlyingBombers, &pos.fen());
    play(&mut pos, &["e9e6"]);
    assert_eq!(
        pos.fen(),
        "frnbqkbnrf/pppp1ppppp/10/10/4p5/4P5/10/10/PPPP1PPPPP/FRNBQKBNRF w KQkq e8e7 0 2"
    );
    round_trip(Variant::FlyingBombers, &pos.fen());

    let mut pos = VariantPosition::new(Variant::FlyingBombers, Options::default());
    play(&mut pos, &["e2e4"]);
    assert_eq!(
        pos.fen(),
        "frnbqkbnrf/pppppppppp/10/10/10/10/4P5/10/PPPP1PPPPP/FRNBQKBNRF b KQkq e3 0 1"
    );
}

// §4 / §1: a view marks only its own carriers, and is itself valid text.
#[test]
fn views_round_trip() {
    let pos = beirut("rnbqkbnr/ppppp*ppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1");
    for color in Color::ALL {
        let view = pos.view(color);
        round_trip(Variant::Beirut, &view.fen());
    }
}

// §4: a finished Beirut game, where a king was blown up, is accepted.
#[test]
fn finished_beirut_game_without_a_king_is_accepted() {
    let pos = round_trip(Variant::Beirut, "r6r/8/8/8/8/8/8/R3K2R b KQ - 0 1");
    assert_eq!(pos.king_of(Color::Black), None);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: Reason::KingDestroyed
        })
    );
    assert!(pos.legal_moves().is_empty());
}

// §4 does not foresee it: after a Dead Man's Switch blast that exposed the
// capturer's own king (§1 rule 3), the finished position has the side not to
// move in check. Like the finished game with a king gone, it is the legal
// end of a game and the program prints it, so it must read back.
#[test]
fn finished_dead_mans_switch_game_reads_back() {
    let options = Options::parse(Variant::Beirut, &["dead-mans-switch"]).unwrap();
    let mut pos = VariantPosition::from_fen(
        Variant::Beirut,
        options,
        "k3r3/8/8/8/8/3b*4/2P1B3/4K3 w - - 0 1",
    )
    .unwrap();
    play(&mut pos, &["c2d3"]);
    let lost = Some(Outcome::Decisive {
        winner: Color::Black,
        reason: Reason::ExposedKing,
    });
    assert_eq!(pos.outcome(), lost);
    let again = VariantPosition::from_fen(Variant::Beirut, options, &pos.fen())
        .unwrap_or_else(|e| panic!("'{}' refused: {e}", pos.fen()));
    assert_eq!(again.outcome(), lost);
}

// A finished game where a king was blown up may also leave the winner "in
// check" (explosion beats check): it reads back too.
#[test]
fn finished_game_with_winner_in_check_reads_back() {
    let pos = after(beirut("4k2r/3N*4/8/8/8/8/8/7K w - - 0 1"), &["@d7"]);
    let again = round_trip(Variant::Beirut, &pos.fen());
    assert_eq!(again.fen(), "7r/8/8/8/8/8/8/7K b - - 0 1");
    assert_eq!(
        again.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: Reason::KingDestroyed
        })
    );
}

// ----- Rejections (§4 "A position text is rejected ... when") -------------------

// "a field is malformed": wrong number of fields.
#[test]
fn wrong_field_count() {
    let five = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0";
    let err = refused(Variant::Beirut, five);
    assert!(
        matches!(err, FenError::FieldCount { found: 5, .. }),
        "{err:?}"
    );
    message_has(&err, &["5", "fields"]);
    // The seventh field is Stratomic only.
    let seven = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
    let err = refused(Variant::Beirut, seven);
    assert!(
        matches!(err, FenError::FieldCount { found: 7, .. }),
        "{err:?}"
    );
    let err = refused(Variant::FlyingBombers, &format!("{BOMBERS_START} L"));
    assert!(
        matches!(err, FenError::FieldCount { found: 7, .. }),
        "{err:?}"
    );
    let err = refused(Variant::Stratomic, &format!("{STRATOMIC_START} L"));
    assert!(
        matches!(err, FenError::FieldCount { found: 8, .. }),
        "{err:?}"
    );
}

// "a field is malformed": side to move, clocks, Stratomic's seventh field.
#[test]
fn malformed_fields() {
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    );
    assert!(matches!(err, FenError::SideToMove(_)), "{err:?}");
    message_has(&err, &["side to move", "x"]);

    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a 1",
    );
    assert!(matches!(err, FenError::HalfmoveClock(_)), "{err:?}");
    message_has(&err, &["half-move", "a"]);
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    );
    assert!(matches!(err, FenError::HalfmoveClock(_)), "{err:?}");

    for bad in ["0", "x", "-3"] {
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 {bad}");
        let err = refused(Variant::Beirut, &fen);
        assert!(matches!(err, FenError::FullmoveNumber(_)), "{bad}: {err:?}");
        message_has(&err, &["full-move"]);
    }

    let fen = "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1 X";
    let err = refused(Variant::Stratomic, fen);
    assert!(matches!(err, FenError::LaunchField(_)), "{err:?}");
    message_has(&err, &["launch", "X"]);

    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1",
    );
    assert!(matches!(err, FenError::Castling(_)), "{err:?}");
    message_has(&err, &["castling"]);

    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq zz 0 1",
    );
    assert!(matches!(err, FenError::EnPassant(_)), "{err:?}");
    message_has(&err, &["en passant"]);

    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBXR w KQkq - 0 1",
    );
    assert!(matches!(err, FenError::BadCharacter('X')), "{err:?}");
    message_has(&err, &["X"]);
}

// "a rank has the wrong width".
#[test]
fn wrong_rank_width() {
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(
        err,
        FenError::RankWidth {
            rank: 7,
            found: 7,
            expected: 8
        }
    );
    message_has(&err, &["rank 7", "7", "8"]);
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(
        matches!(err, FenError::RankWidth { rank: 2, .. }),
        "{err:?}"
    );
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/9/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(
        matches!(err, FenError::RankWidth { rank: 4, .. }),
        "{err:?}"
    );
    // `10` is a width only on the 10×10 boards.
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/10/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(
        matches!(err, FenError::RankWidth { rank: 5, .. }),
        "{err:?}"
    );
    let err = refused(
        Variant::FlyingBombers,
        "frnbqkbnrf/pppppppppp/10/10/9/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1",
    );
    assert!(
        matches!(
            err,
            FenError::RankWidth {
                rank: 6,
                found: 9,
                expected: 10
            }
        ),
        "{err:?}"
    );
}

// "a rank has the wrong width" — or the placement the wrong number of ranks.
#[test]
fn wrong_rank_count() {
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(
        err,
        FenError::RankCount {
            found: 7,
            expected: 8
        }
    );
    message_has(&err, &["7", "8", "ranks"]);
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(
        matches!(err, FenError::RankCount { found: 9, .. }),
        "{err:?}"
    );
    // An 8×8 text given to a 10×10 game.
    let err = refused(Variant::FlyingBombers, BEIRUT_START);
    assert!(
        matches!(err, FenError::RankCount { .. } | FenError::RankWidth { .. }),
        "{err:?}"
    );
}

// "a piece letter does not belong to the variant".
#[test]
fn piece_letter_not_in_the_variant() {
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w Kkq - 0 1",
    );
    assert_eq!(
        err,
        FenError::WrongPiece {
            letter: 'M',
            variant: Variant::Beirut
        }
    );
    message_has(&err, &["'M'", "beirut"]);
    let err = refused(
        Variant::Beirut,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNf w Qkq - 0 1",
    );
    assert!(
        matches!(err, FenError::WrongPiece { letter: 'f', .. }),
        "{err:?}"
    );
    let err = refused(
        Variant::Stratomic,
        "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/FRNBQKBNRM/10 w KQkq - 0 1 -",
    );
    assert_eq!(
        err,
        FenError::WrongPiece {
            letter: 'F',
            variant: Variant::Stratomic
        }
    );
    message_has(&err, &["'F'", "stratomic"]);
    let err = refused(
        Variant::FlyingBombers,
        "frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/MRNBQKBNRF w KQkq - 0 1",
    );
    assert!(
        matches!(err, FenError::WrongPiece { letter: 'M', .. }),
        "{err:?}"
    );
}

// "a side has no king or more than one".
#[test]
fn king_count() {
    let err = refused(Variant::Beirut, "4k3/8/8/8/8/8/8/3KK3 w - - 0 1");
    assert_eq!(
        err,
        FenError::KingCount {
            color: Color::White,
            found: 2
        }
    );
    message_has(&err, &["white", "2", "king"]);
    let err = refused(Variant::Beirut, "2k1k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(
        matches!(
            err,
            FenError::KingCount {
                color: Color::Black,
                found: 2
            }
        ),
        "{err:?}"
    );
    // No king: only a finished Beirut game may lack one.
    let err = refused(
        Variant::Stratomic,
        "10/5k4/10/10/10/10/10/10/10/10 w - - 0 1 -",
    );
    assert_eq!(
        err,
        FenError::KingCount {
            color: Color::White,
            found: 0
        }
    );
    message_has(&err, &["white", "0", "king"]);
    let err = refused(
        Variant::FlyingBombers,
        "10/10/10/10/10/10/10/10/10/5K4 w - - 0 1",
    );
    assert!(
        matches!(
            err,
            FenError::KingCount {
                color: Color::Black,
                found: 0
            }
        ),
        "{err:?}"
    );
}

// "a castling letter has no king and rook on their start squares".
#[test]
fn castling_needs_king_and_rook_on_start_squares() {
    for (variant, fen) in [
        // No rook at all.
        (Variant::Beirut, "4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        // The h1 rook is missing.
        (Variant::Beirut, "r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1"),
        // The king left e1.
        (Variant::Beirut, "r3k2r/8/8/8/8/8/8/R2K3R w Q - 0 1"),
        // Black: the h8 rook is missing.
        (Variant::Beirut, "r3k3/8/8/8/8/8/8/4K3 w k - 0 1"),
        // Black: the a8 rook is on b8.
        (Variant::Beirut, "1r2k2r/8/8/8/8/8/8/4K3 w q - 0 1"),
        // Stratomic: king f2 and rook i2 needed for K.
        (
            Variant::Stratomic,
            "10/5k4/10/10/10/10/10/10/5K3R/10 w K - 0 1 -",
        ),
        // Flying Bombers: rook b1 needed for Q.
        (
            Variant::FlyingBombers,
            "5k4/10/10/10/10/10/10/10/10/5K3R w Q - 0 1",
        ),
    ] {
        let err = refused(variant, fen);
        assert!(matches!(err, FenError::Castling(_)), "{fen}: {err:?}");
        message_has(&err, &["castling"]);
    }
    // The right conditions on all three boards are accepted.
    round_trip(Variant::Beirut, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    round_trip(
        Variant::Stratomic,
        "10/1r3k2r1/10/10/10/10/10/10/1R3K2R1/10 w KQkq - 0 1 -",
    );
    round_trip(
        Variant::FlyingBombers,
        "fr3k2rf/10/10/10/10/10/10/10/10/FR3K2RF w KQkq - 0 1",
    );
}

// "an en passant field does not match a pawn that just made that step".
#[test]
fn en_passant_must_match_a_pawn_that_just_stepped() {
    for (variant, fen) in [
        // No pawn on e4 behind e3 (the start position).
        (
            Variant::Beirut,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
        ),
        // The pawn is on e4 but the field says d3.
        (
            Variant::Beirut,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1",
        ),
        // A white step, but White to move: it was not the last move.
        (
            Variant::Beirut,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
        ),
        // The square passed over is occupied.
        (
            Variant::Beirut,
            "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
        ),
        // The start square is occupied: no pawn came from e2.
        (
            Variant::Beirut,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RNBQK1NR b KQkq e3 0 1",
        ),
        // A square not on rank 3 or 6.
        (
            Variant::Beirut,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
        ),
        // Flying Bombers e2-e5: `e4` alone is not what the step passed.
        (
            Variant::FlyingBombers,
            "frnbqkbnrf/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/FRNBQKBNRF b KQkq e4 0 1",
        ),
        // Flying Bombers e2-e4 passed e3 only.
        (
            Variant::FlyingBombers,
            "frnbqkbnrf/pppppppppp/10/10/10/10/4P5/10/PPPP1PPPPP/FRNBQKBNRF b KQkq e3e4 0 1",
        ),
    ] {
        let err = refused(variant, fen);
        assert!(matches!(err, FenError::EnPassant(_)), "{fen}: {err:?}");
        message_has(&err, &["en passant"]);
    }
}

// "a `*` is on a king or outside Beirut".
#[test]
fn carrier_mark_misplaced() {
    for (variant, fen) in [
        (Variant::Beirut, "4k*3/8/8/8/8/8/8/4K3 w - - 0 1"),
        (Variant::Beirut, "4k3/8/8/8/8/8/8/4K*3 w - - 0 1"),
        (
            Variant::Stratomic,
            "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPP*PPPPP/MRNBQKBNRM/10 w KQkq - 0 1 -",
        ),
        (
            Variant::FlyingBombers,
            "frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/F*RNBQKBNRF w KQkq - 0 1",
        ),
    ] {
        let err = refused(variant, fen);
        assert!(matches!(err, FenError::BadCarrierMark(_)), "{fen}: {err:?}");
        message_has(&err, &["*"]);
    }
    // A mark that follows no piece letter, or a doubled mark.
    for fen in [
        "*3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "3*k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N**2K3 w - - 0 1",
    ] {
        assert!(parse(Variant::Beirut, fen).is_err(), "{fen}");
    }
}

// "the side not to move is in check".
#[test]
fn side_not_to_move_in_check() {
    let err = refused(Variant::Beirut, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    assert_eq!(err, FenError::OpponentInCheck);
    message_has(&err, &["check"]);
    // A missile gives check like any attacker (§2).
    let err = refused(
        Variant::Stratomic,
        "10/5k4/5M4/10/10/10/10/10/5K4/10 w - - 0 1 -",
    );
    assert_eq!(err, FenError::OpponentInCheck);
    // The side to move may be in check.
    let pos = beirut("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1");
    assert!(pos.is_check());
    // A hidden bomb never gives check (§1): a king next to an enemy carrier
    // with the carrier's side to move is fine.
    beirut("4k3/4N*3/8/8/8/8/8/4K3 w - - 0 1");
}

// §4 errors never panic: garbage text returns an error.
#[test]
fn garbage_is_refused_without_panic() {
    let huge = "99999999999999999999";
    let inputs = [
        String::new(),
        " ".to_string(),
        "\n\t".to_string(),
        "hello".to_string(),
        "日本語 の テキスト".to_string(),
        "♔♕♖♗♘♙/8/8/8/8/8/8/8 w - - 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\u{0}".to_string(),
        "/////// w - - 0 1".to_string(),
        "8/8/8/8/8/8/8/8 w - - 0 1 2 3 4".to_string(),
        format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {huge} 1"),
        format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 {huge}"),
        format!("rnbqkbnr/pppppppp/{huge}/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq {huge} 0 1"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqKQkqKQkq - 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3e4e5e6 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq é3 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq a99 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1".to_string(),
        "x".repeat(100_000),
    ];
    for variant in Variant::ALL {
        for text in &inputs {
            assert!(
                parse(variant, text).is_err(),
                "{variant} accepted garbage '{}'",
                text.chars().take(80).collect::<String>()
            );
        }
    }
}

// §4 "runs of empty squares as numbers": a run is a number from 1 to the
// board width written plainly; `08` or `00000008` is not how any FEN writes
// eight empty squares, and a zero run is meaningless, so both are malformed.
#[test]
fn empty_run_with_leading_zero_is_refused() {
    for rank in ["08", "00000008"] {
        let fen = format!("rnbqkbnr/pppppppp/{rank}/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(parse(Variant::Beirut, &fen).is_err(), "{fen}");
    }
}

// §4: a run of zero empty squares is refused.
#[test]
fn empty_run_of_zero_is_refused() {
    let fen = "rnbqkbnr/pppppppp/8/0/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(parse(Variant::Beirut, fen).is_err(), "{fen}");
    let fen = "rnbqkbnr/pppppppp/8/80/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(parse(Variant::Beirut, fen).is_err(), "{fen}");
}

// §4: nothing panics on mutated or random text; whatever is accepted prints
// back as text that is accepted again, and has a move list.
#[test]
fn mutated_and_random_text_never_panics() {
    let mut rng = Rng::new(0x5eed_f00d);
    let alphabet: Vec<char> = "rnbqkpmfRNBQKPMF0123456789/ *wb-KQkqLe3é♔\u{0}"
        .chars()
        .collect();
    let seeds = [
        (Variant::Beirut, BEIRUT_START),
        (
            Variant::Beirut,
            "r3k2r/p*1ppqpb*1/bn2p*n*p1/3PN3/1p*2P3/2N2Q1p*/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            Variant::Beirut,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        ),
        (Variant::Stratomic, STRATOMIC_START),
        (Variant::FlyingBombers, BOMBERS_START),
        (
            Variant::FlyingBombers,
            "frnbqkbnrf/pppppppppp/10/10/10/4P5/10/10/PPPP1PPPPP/FRNBQKBNRF b KQkq e3e4 0 1",
        ),
    ];
    for round in 0..3000 {
        let (variant, seed) = seeds[round % seeds.len()];
        let mut chars: Vec<char> = seed.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(chars.len());
            match rng.below(3) {
                0 => chars[i] = *rng.pick(&alphabet),
                1 => {
                    chars.remove(i);
                }
                _ => chars.insert(i, *rng.pick(&alphabet)),
            }
            if chars.is_empty() {
                break;
            }
        }
        let text: String = chars.into_iter().collect();
        for v in Variant::ALL {
            if let Ok(pos) = parse(v, &text) {
                let printed = pos.fen();
                let again = parse(v, &printed)
                    .unwrap_or_else(|e| panic!("'{text}' printed as '{printed}' refused: {e}"));
                assert_eq!(again.fen(), printed);
                let _ = pos.legal_moves();
                let _ = pos.outcome();
            }
        }
        let _ = variant;
    }
    for _ in 0..2000 {
        let len = rng.below(60);
        let text: String = (0..len).map(|_| *rng.pick(&alphabet)).collect();
        for v in Variant::ALL {
            let _ = parse(v, &text);
        }
    }
}
