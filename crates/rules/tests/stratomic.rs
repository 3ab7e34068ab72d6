//! Stratomic (docs/rules.md §2, §4, §5, §6): one test at least per rule, every
//! expected value worked out by hand from the rules text on hand-made
//! positions (the reasoning is in the comments), never from the program.

mod support;

use boomchess_rules::{Color, Outcome, Reason, Variant, VariantPosition};
use support::*;

const START: &str = "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1 -";

fn strato(pieces: &str, rest: &str) -> VariantPosition {
    position_with(Variant::Stratomic, Default::default(), pieces, rest)
}

fn start() -> VariantPosition {
    VariantPosition::new(Variant::Stratomic, Default::default())
}

// ---------------------------------------------------------------- setup

#[test]
fn start_position_matches_the_rules_diagram() {
    let p = start();
    assert_eq!(p.fen(), START);
    assert_eq!((p.files(), p.ranks()), (10, 10));
    for (i, file) in "abcdefghij".chars().enumerate() {
        assert_eq!(at(&p, &format!("{file}1")), None, "rank 1 starts empty");
        assert_eq!(at(&p, &format!("{file}10")), None, "rank 10 starts empty");
        assert_eq!(at(&p, &format!("{file}3")), Some('P'));
        assert_eq!(at(&p, &format!("{file}8")), Some('p'));
        let white = "MRNBQKBNRM".chars().nth(i).unwrap();
        assert_eq!(at(&p, &format!("{file}2")), Some(white));
        assert_eq!(
            at(&p, &format!("{file}9")),
            Some(white.to_ascii_lowercase())
        );
    }
    assert!(!p.launches_unlocked());
}

/// Hand count of White's first moves:
/// - pawns a3..j3: one or two steps each, 10 × 2 = 20;
/// - knights: c2 → a1, e1, b4, d4 and h2 → f1, j1, g4, i4 (a3/e3/g3/i3 hold
///   own pawns), 8;
/// - missiles: a2 → a1, b1 and j2 → j1, i1 (b2/i2 rooks, a3/b3/i3/j3
///   pawns), 4;
/// - king f2 → e1, f1, g1, 3;
/// - queen e2 → d1, e1, f1, 3;
/// - bishops d2 → c1, e1 and g2 → f1, h1, 4;
/// - rooks b2 → b1 and i2 → i1, 2;
/// - launches: none, nothing has been captured (field 7 `-`).
///
/// 20 + 8 + 4 + 3 + 3 + 4 + 2 = 44.
#[test]
fn start_position_has_44_moves() {
    let p = start();
    let mut expected = Vec::new();
    for file in "abcdefghij".chars() {
        expected.push(format!("{file}3{file}4"));
        expected.push(format!("{file}3{file}5"));
    }
    for m in [
        "c2a1", "c2e1", "c2b4", "c2d4", "h2f1", "h2j1", "h2g4", "h2i4", "a2a1", "a2b1", "j2j1",
        "j2i1", "f2e1", "f2f1", "f2g1", "e2d1", "e2e1", "e2f1", "d2c1", "d2e1", "g2f1", "g2h1",
        "b2b1", "i2i1",
    ] {
        expected.push(m.to_string());
    }
    assert_eq!(expected.len(), 44);
    assert_eq!(legal(&p), expected.into_iter().collect());
    assert_eq!(p.perft(1), 44);
    // Black's reply set mirrors White's: 44 again after any quiet first move.
    assert_eq!(after(&p, "a3a4").legal_moves().len(), 44);
}

// ---------------------------------------------------------------- missile

#[test]
fn missile_steps_and_captures_like_a_king() {
    // Missile e5: e6 holds its own knight, d6 an enemy pawn; no launch
    // (field 7 `-`). Steps: d4 e4 f4 d5 f5 f6, capture d6 = 7.
    let p = strato("Ka1 Me5 Ne6 pd6 kj10", "w - - 0 1");
    assert_eq!(
        moves_from(&p, "e5"),
        set(&["e5d4", "e5e4", "e5f4", "e5d5", "e5f5", "e5f6", "e5d6"])
    );
    let q = after(&p, "e5d6");
    assert_eq!(board(&q), placement10("Ka1 Md6 Ne6 kj10"));
    assert_eq!(san(&p, "e5d6"), "Mxd6");
    assert_eq!(san(&p, "e5f4"), "Mf4");
    // A missile does not slide: no two-square move.
    assert!(!is_legal(&p, "e5e3"));
}

#[test]
fn missile_is_not_royal_it_may_be_left_en_prise_and_captured() {
    // White to move, its missile e5 attacked by the rook e9. Not royal: the
    // king may move away from it (3 moves a2 b1 b2) and the missile may step
    // onto attacked squares (e4, e6): 3 + 8 = 11 moves.
    let p = strato("Ka1 Me5 re9 kj10", "w - - 3 20");
    assert!(!p.is_check());
    assert_eq!(p.legal_moves().len(), 11);
    assert!(is_legal(&p, "a1a2"));
    assert!(is_legal(&p, "e5e6"));
    // Black captures it: the game goes on, and a missile is a non-pawn
    // piece, so launches are unlocked (field 7 becomes L); the capture
    // resets the clock.
    let p = strato("Ka1 Me5 re9 kj10", "b - - 3 20");
    let q = after(&p, "e9e5");
    assert_eq!(
        q.fen(),
        format!("{} w - - 0 21 L", placement10("Ka1 re5 kj10"))
    );
    assert_eq!(q.outcome(), None);
    assert!(!q.legal_moves().is_empty());
}

#[test]
fn missile_gives_check_and_a_king_may_not_take_a_protected_one() {
    // Missile e5, protected by the pawn d4, next to the black king f6.
    // King moves: e5 (protected), e6, f5 (next to the missile) illegal;
    // e7, f7, g5, g6, g7 legal.
    let p = strato("Ka1 Pd4 Me5 kf6", "b - - 0 1");
    assert!(p.is_check());
    assert_eq!(legal(&p), set(&["f6e7", "f6f7", "f6g5", "f6g6", "f6g7"]));
    // Unprotected, the king simply takes it.
    let p = strato("Ka1 Me5 kf6", "b - - 0 1");
    assert!(p.is_check());
    assert!(is_legal(&p, "f6e5"));
    // A missile giving check makes SAN carry '+'.
    let p = strato("Ka1 Me4 kf6", "w - - 0 1");
    assert_eq!(san(&p, "e4e5"), "Me5+");
}

#[test]
fn king_may_not_step_next_to_an_enemy_missile() {
    // Black king g7, white missile e5: of its 8 steps only f6 touches e5.
    let p = strato("Ka1 Me5 kg7", "b - - 0 1");
    assert!(!p.is_check());
    assert_eq!(
        legal(&p),
        set(&["g7f7", "g7f8", "g7g6", "g7g8", "g7h6", "g7h7", "g7h8"])
    );
}

#[test]
fn position_with_a_king_next_to_the_enemy_missile_on_the_wrong_move_is_refused() {
    // White missile e5 gives check to f6; with White to move the side not
    // to move would be in check (docs/rules.md §4).
    let fen = format!("{} w - - 0 1 L", placement10("Ka1 Me5 kf6"));
    assert!(VariantPosition::from_fen(Variant::Stratomic, Default::default(), &fen).is_err());
}

// ---------------------------------------------------------------- launch

#[test]
fn launch_destroys_the_3x3_area_both_colours_kings_immune() {
    // Missile c2 launched at f6: area e5 f5 g5 / e6 f6 g6 / e7 f7 g7.
    // Destroyed: Ne5, Pf5, Bg6 (White), pe7, rg7 (Black) and the missile
    // c2 itself; the black king f6 survives; bd6 and ph7 are just outside.
    // The launch resets the half-move clock.
    let p = strato("Ka1 Mc2 Ne5 Pf5 Bg6 kf6 rg7 pe7 bd6 ph7", "w - - 7 1 L");
    assert!(!p.is_check());
    let launch = mv(&p, "c2@f6");
    let mut area: Vec<String> = p
        .blast_area(launch)
        .iter()
        .map(|&s| p.square_name(s))
        .collect();
    area.sort();
    assert_eq!(
        area,
        vec!["e5", "e6", "e7", "f5", "f6", "f7", "g5", "g6", "g7"]
    );
    let q = after(&p, "c2@f6");
    assert_eq!(
        q.fen(),
        format!("{} b - - 0 1 L", placement10("Ka1 kf6 bd6 ph7"))
    );
    assert_eq!(q.king_of(Color::Black), Some(sq(&q, "f6")));
    assert_eq!(q.outcome(), None, "kings are immune: no win by explosion");
}

#[test]
fn launch_spares_the_launching_sides_own_king_in_the_blast() {
    // Missile f5 launched at b3: the area a2..c4 holds the white king b2
    // (survives), the white rook a3 and the black bishop c4 (destroyed).
    let p = strato("Kb2 Ra3 Mf5 bc4 kj10", "w - - 0 1 L");
    assert!(!p.is_check());
    let q = after(&p, "f5@b3");
    assert_eq!(q.fen(), format!("{} b - - 0 1 L", placement10("Kb2 kj10")));
}

#[test]
fn launch_destroying_a_rook_takes_its_castling_right() {
    // Black: king f9, rooks b9 and i9, rights kq.
    let p = strato("Ka1 Md4 kf9 rb9 ri9", "w kq - 0 1 L");
    // Target h9: area g8..i10 holds the rook i9 → only q is left.
    let q = after(&p, "d4@h9");
    assert_eq!(
        q.fen(),
        format!("{} b q - 0 1 L", placement10("Ka1 kf9 rb9"))
    );
    // Target g9: area f8..h10 holds only the (immune) king f9 → kq stays.
    let q = after(&p, "d4@g9");
    assert_eq!(
        q.fen(),
        format!("{} b kq - 0 1 L", placement10("Ka1 kf9 rb9 ri9"))
    );
    // Target a9: area a8..b10 destroys rook b9 → only k.
    let q = after(&p, "d4@a9");
    assert_eq!(
        q.fen(),
        format!("{} b k - 0 1 L", placement10("Ka1 kf9 ri9"))
    );
}

#[test]
fn launch_at_any_square_but_the_missiles_own() {
    // One missile, unlocked, unattacked; Black has a bare king, so no launch
    // can leave the white king in check: 99 targets (100 squares minus e5),
    // plus 8 missile steps and 3 king moves = 110.
    let p = strato("Ka1 Me5 kj10", "w - - 0 1 L");
    let expected: std::collections::BTreeSet<String> = all_squares10()
        .into_iter()
        .filter(|s| s != "e5")
        .map(|s| format!("e5@{s}"))
        .collect();
    assert_eq!(expected.len(), 99);
    assert_eq!(launches(&p), expected);
    assert_eq!(p.legal_moves().len(), 110);
    // Targets include occupied squares: the own king's a1, the enemy king's j10.
    assert!(is_legal(&p, "e5@a1") && is_legal(&p, "e5@j10"));
    assert!(p.parse_uci("e5@e5").is_err(), "the missile's own square");
    // A step and a launch to the same neighbour are different moves.
    assert!(is_legal(&p, "e5f6") && is_legal(&p, "e5@f6"));
    assert_texts_unique(&p);
}

// ---------------------------------------------------------------- prerequisites

#[test]
fn no_launch_before_a_piece_is_captured() {
    // Same position with field 7 '-': only 8 steps + 3 king moves.
    let p = strato("Ka1 Me5 kj10", "w - - 0 1 -");
    assert!(!p.launches_unlocked());
    assert!(launches(&p).is_empty());
    assert_eq!(p.legal_moves().len(), 11);
    assert!(p.parse_uci("e5@f7").is_err());
    // Field 7 is optional and defaults to '-'.
    let p = strato("Ka1 Me5 kj10", "w - - 0 1");
    assert!(launches(&p).is_empty());
    assert!(p.fen().ends_with(" -"));
}

#[test]
fn capturing_a_pawn_does_not_unlock_launches() {
    // Knight c3 takes the pawn d5: field 7 stays '-' and Black's missile j8
    // still may not launch.
    let p = strato("Ka1 Nc3 pd5 be4 mj8 kj10", "w - - 0 1 -");
    let q = after(&p, "c3d5");
    assert!(q.fen().ends_with(" -"), "{}", q.fen());
    assert!(!q.launches_unlocked());
    assert!(launches(&q).is_empty());
}

#[test]
fn capturing_a_piece_unlocks_launches_for_both_sides() {
    // Knight c3 takes the bishop e4: field 7 becomes L and it is Black, the
    // side that lost the piece, whose missile j8 may now launch: 99 targets
    // (j8 unattacked — the knight on e4 covers d6 f6 c5 g5 c3 g3 d2 f2 —
    // and White's lone knight and king cannot give check after any blast).
    let p = strato("Ka1 Nc3 pd5 be4 mj8 kj10", "w - - 0 1 -");
    let q = after(&p, "c3e4");
    assert!(q.fen().ends_with(" L"), "{}", q.fen());
    assert!(q.launches_unlocked());
    assert_eq!(launches(&q).len(), 99);
    // Black taking a white piece unlocks White's missile just the same.
    let p = strato("Ka1 Mb1 Nd5 pe6 kj10", "b - - 0 1 -");
    let q = after(&p, "e6d5");
    assert!(q.fen().ends_with(" L"), "{}", q.fen());
    assert_eq!(launches(&q).len(), 99);
    // Taking a missile counts too (it is a non-pawn piece).
    let p = strato("Ka1 Mb1 md5 Ne3 kj10", "w - - 0 1 -");
    let q = after(&p, "e3d5");
    assert!(q.fen().ends_with(" L"), "{}", q.fen());
}

#[test]
fn en_passant_capture_of_a_pawn_does_not_unlock() {
    let p = strato("Ka1 Pe3 pd5 mj8 kj10", "w - - 0 1 -");
    let q = after_all(&p, &["e3e5", "d5e4"]);
    assert_eq!(board(&q), placement10("Ka1 pe4 mj8 kj10"));
    assert!(q.fen().ends_with(" -"), "{}", q.fen());
}

#[test]
fn no_launch_while_the_missile_is_attacked() {
    // (b) attacked by a bishop (h2-g3-f4-e5).
    let p = strato("Ka1 Me5 bh2 kj10", "w - - 0 1 L");
    assert!(launches(&p).is_empty());
    assert_eq!(moves_from(&p, "e5").len(), 8, "it may still step");
    // Attacked by a pawn (f6 covers e5 and g5).
    let p = strato("Ka1 Me5 pf6 kj10", "w - - 0 1 L");
    assert!(launches(&p).is_empty());
    // Attacked by an enemy missile (f6 touches e5): neither side may launch.
    let p = strato("Ka1 Me5 mf6 kj10", "w - - 0 1 L");
    assert!(launches(&p).is_empty());
    let p = strato("Ka1 Me5 mf6 kj10", "b - - 0 1 L");
    assert!(launches(&p).is_empty());
    // Pins do not matter: the bishop h8 is pinned to its king h10 by the
    // rook h1, yet it still attacks e5.
    let p = strato("Ka1 Rh1 Me5 bh8 kh10", "w - - 0 1 L");
    assert!(launches(&p).is_empty());
    // An attack by the enemy king would need the enemy king next to the
    // missile, i.e. in check from it with the missile's side to move — a
    // position docs/rules.md §4 refuses (see the test above), so it never arises.
}

#[test]
fn launch_that_opens_a_line_to_the_own_king_is_illegal() {
    // The knight a5 shields the king a1 from the rook a10. Every target whose
    // area holds a5 — a4 a5 a6 b4 b5 b6 — would leave the king in check: 93
    // legal launches; the pinned knight has no move; king a2 b1 b2; missile
    // 8 steps: 93 + 3 + 8 = 104.
    let p = strato("Ka1 Na5 Me5 ra10 kj10", "w - - 0 1 L");
    for t in ["a4", "a5", "a6", "b4", "b5", "b6"] {
        assert!(!is_legal(&p, &format!("e5@{t}")), "e5@{t} exposes the king");
    }
    assert!(is_legal(&p, "e5@c5"));
    assert!(is_legal(&p, "e5@a7"));
    assert_eq!(launches(&p).len(), 93);
    assert_eq!(p.legal_moves().len(), 104);
}

#[test]
fn launch_removing_the_checking_piece_is_legal_others_are_not() {
    // King a1 in check from the rook a8 (a2..a7 empty). Launches that
    // destroy a8 — targets a7 a8 a9 b7 b8 b9 — are legal; any other launch
    // leaves the check. King: a2 stays on the file, b1 b2 are safe. The
    // missile cannot step to the a-file.
    let p = strato("Ka1 Me5 ra8 kj10", "w - - 0 1 L");
    assert!(p.is_check());
    assert_eq!(
        legal(&p),
        set(&["e5@a7", "e5@a8", "e5@a9", "e5@b7", "e5@b8", "e5@b9", "a1b1", "a1b2"])
    );
    assert!(p.parse_uci("e5@e9").is_err());
}

#[test]
fn launch_counts_when_judging_checkmate() {
    // King a1 in check from the queen b2, protected by the king c3: every
    // king move and capture is illegal. Without launches it is mate.
    let p = strato("Ka1 Me5 qb2 kc3", "w - - 0 1 -");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: Reason::Checkmate
        })
    );
    // Unlocked, the missile (unattacked: the king c3 blocks the queen's
    // diagonal to e5) can destroy b2 with any target in a1..c3: 9 moves.
    let p = strato("Ka1 Me5 qb2 kc3", "w - - 0 1 L");
    let targets = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"];
    let expected: Vec<String> = targets.iter().map(|t| format!("e5@{t}")).collect();
    assert_eq!(legal(&p), expected.into_iter().collect());
    assert_eq!(p.outcome(), None);
}

#[test]
fn launch_at_the_enemy_king_does_not_end_the_game() {
    // Target h8 holds the black king: the rook g8 and pawn h7 go, the king
    // stays with its 8 steps, the game goes on.
    let p = strato("Ka1 Me5 kh8 rg8 ph7", "w - - 0 1 L");
    let q = after(&p, "e5@h8");
    assert_eq!(board(&q), placement10("Ka1 kh8"));
    assert_eq!(q.outcome(), None);
    assert_eq!(q.legal_moves().len(), 8);
}

#[test]
fn checkmate_ends_the_game() {
    // Ra1-a10: rank 10 is open, i10 is covered by the rook, i9 and j9 by
    // the king i8; nothing can interpose or capture.
    let p = strato("Ki8 Ra1 kj10", "w - - 0 1");
    assert_eq!(san(&p, "a1a10"), "Ra10#");
    let q = after(&p, "a1a10");
    assert!(q.is_check());
    assert!(q.legal_moves().is_empty());
    assert_eq!(
        q.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
}

// ---------------------------------------------------------------- pawns

#[test]
fn pawns_step_one_or_two_from_rank_3_then_one() {
    // e3 free: e4 e5. c3 blocked by c4: none. i3 with i5 taken: i4 only.
    // g4 has moved: g5 only.
    let p = strato("Ka1 Pc3 Pe3 Pg4 Pi3 pc4 pi5 kj10", "w - - 0 1");
    assert_eq!(moves_from(&p, "e3"), set(&["e3e4", "e3e5"]));
    assert_eq!(moves_from(&p, "c3"), set(&[]));
    assert_eq!(moves_from(&p, "i3"), set(&["i3i4"]));
    assert_eq!(moves_from(&p, "g4"), set(&["g4g5"]));
    // Black pawns double-step from rank 8.
    let p = strato("Ka1 pe8 pg7 kj10", "b - - 0 1");
    assert_eq!(moves_from(&p, "e8"), set(&["e8e7", "e8e6"]));
    assert_eq!(moves_from(&p, "g7"), set(&["g7g6"]));
}

#[test]
fn en_passant_after_a_double_step() {
    // White e3-e5 passes e4; the pawn d5 takes it there.
    let p = strato("Ka1 Pe3 pd5 kj10", "w - - 0 1");
    let q = after(&p, "e3e5");
    assert_eq!(fields(&q), "b - e4 0 1 -");
    let r = after(&q, "d5e4");
    assert_eq!(board(&r), placement10("Ka1 pe4 kj10"));
    // Only on the very next move.
    let late = after_all(&q, &["j10i10", "a1a2"]);
    assert!(!is_legal(&late, "d5e4"));
    // Black e8-e6 passes e7; the pawn f6 takes it there.
    let p = strato("Ka1 Pf6 pe8 kj10", "b - - 0 1");
    let q = after(&p, "e8e6");
    assert_eq!(fields(&q), "w - e7 0 2 -");
    let r = after(&q, "f6e7");
    assert_eq!(board(&r), placement10("Ka1 Pe7 kj10"));
}

#[test]
fn promotion_on_rank_9_to_queen_rook_bishop_knight_or_missile() {
    let p = strato("Ka1 Pe8 nd9 kj10", "w - - 0 1");
    let mut expected = Vec::new();
    for to in ["e9", "d9"] {
        for r in ["q", "r", "b", "n", "m"] {
            expected.push(format!("e8{to}{r}"));
        }
    }
    assert_eq!(moves_from(&p, "e8"), expected.into_iter().collect());
    assert!(
        p.parse_uci("e8e9").is_err(),
        "a pawn reaching rank 9 must promote"
    );
    let q = after(&p, "e8e9m");
    assert_eq!(at(&q, "e9"), Some('M'));
    assert_eq!(san(&p, "e8e9m"), "e9=M");
    // Capturing the knight while promoting unlocks launches.
    assert!(after(&p, "e8d9m").fen().ends_with(" L"));
    // Black promotes on rank 2.
    let p = strato("Ka1 pe3 kj10", "b - - 0 1");
    assert_eq!(
        moves_from(&p, "e3"),
        set(&["e3e2q", "e3e2r", "e3e2b", "e3e2n", "e3e2m"])
    );
}

// ---------------------------------------------------------------- castling

const CASTLE_W: &str = "Ma2 Rb2 Kf2 Ri2 Mj2 kf9";

#[test]
fn castling_king_f2_to_h2_and_d2() {
    let p = strato(CASTLE_W, "w KQ - 0 1");
    let king = moves_from(&p, "f2");
    assert!(king.contains("f2h2") && king.contains("f2d2"), "{king:?}");
    assert_eq!(san(&p, "f2h2"), "O-O");
    assert_eq!(san(&p, "f2d2"), "O-O-O");
    assert_eq!(p.parse_san("O-O").unwrap(), mv(&p, "f2h2"));
    assert_eq!(p.parse_san("O-O-O").unwrap(), mv(&p, "f2d2"));
    let q = after(&p, "f2h2");
    assert_eq!(
        q.fen(),
        format!("{} b - - 1 1 -", placement10("Ma2 Rb2 Rg2 Kh2 Mj2 kf9"))
    );
    let q = after(&p, "f2d2");
    assert_eq!(
        q.fen(),
        format!("{} b - - 1 1 -", placement10("Ma2 Kd2 Re2 Ri2 Mj2 kf9"))
    );
    // Black: f9-h9 with i9-g9, f9-d9 with b9-e9.
    let p = strato("ma9 rb9 kf9 ri9 mj9 Kf2", "b kq - 0 1");
    let q = after(&p, "f9h9");
    assert_eq!(board(&q), placement10("ma9 rb9 rg9 kh9 mj9 Kf2"));
    let q = after(&p, "f9d9");
    assert_eq!(board(&q), placement10("ma9 kd9 re9 ri9 mj9 Kf2"));
    // Moving a rook loses its right.
    let q = after(&strato(CASTLE_W, "w KQ - 0 1"), "i2i1");
    assert_eq!(fields(&q), "b Q - 1 1 -");
}

#[test]
fn castling_needs_empty_squares_between_king_and_rook() {
    let p = strato(&format!("{CASTLE_W} Nc2"), "w KQ - 0 1");
    assert!(!is_legal(&p, "f2d2") && is_legal(&p, "f2h2"));
    let p = strato(&format!("{CASTLE_W} Ng2"), "w KQ - 0 1");
    assert!(is_legal(&p, "f2d2") && !is_legal(&p, "f2h2"));
}

#[test]
fn castling_not_out_of_through_or_into_check() {
    let cases: [(&str, bool, bool); 8] = [
        ("rf8", false, false), // in check
        ("rg8", false, true),  // g2 passed
        ("rh8", false, true),  // h2 landing
        ("ri8", true, true),   // only the rook i2 attacked: allowed
        ("re8", true, false),  // e2 passed
        ("rd8", true, false),  // d2 landing
        ("rc8", true, true),   // c2: only the rook passes it
        ("mh3", false, true),  // a missile attacks g2 and h2 like a king
    ];
    for (extra, king_side, queen_side) in cases {
        let p = strato(&format!("{CASTLE_W} {extra}"), "w KQ - 0 1");
        assert_eq!(is_legal(&p, "f2h2"), king_side, "O-O with {extra}");
        assert_eq!(is_legal(&p, "f2d2"), queen_side, "O-O-O with {extra}");
    }
}

// ---------------------------------------------------------------- notation

#[test]
fn launch_notation_coordinates_and_san() {
    let p = strato("Ka1 Me5 kj10", "w - - 0 1 L");
    let m = mv(&p, "e5@f7");
    assert_eq!(p.move_to_uci(m), "e5@f7");
    assert_eq!(p.move_to_san(m), "M@f7");
    assert_eq!(p.parse_san("M@f7").unwrap(), m);
    // Two missiles able to launch at f7: name the launching one.
    let p = strato("Ka1 Md2 Mh2 kj10", "w - - 0 1 L");
    let m = mv(&p, "d2@f7");
    assert_eq!(p.move_to_san(m), "Md2@f7");
    assert_eq!(p.parse_san("Md2@f7").unwrap(), m);
    assert_eq!(p.parse_san("Mh2@f7").unwrap(), mv(&p, "h2@f7"));
    assert!(p.parse_san("M@f7").is_err(), "ambiguous");
    // The h2 missile attacked (bishop j4-i3-h2) may not launch, so the d2
    // launch is the only one at f7 and needs no name.
    let p = strato("Ka1 Md2 Mh2 bj4 kj10", "w - - 0 1 L");
    assert_eq!(san(&p, "d2@f7"), "M@f7");
    // A launch that mates is marked '#'. Kings are immune, so a launch mates
    // by clearing a line: the knight e10 shields the king j10 from the rook
    // a10; blasting e10 opens rank 10 (i10 covered by the rook, i9 and j9 by
    // the king i8).
    let p = strato("Ki8 Ra10 Mc5 ne10 kj10", "w - - 0 1 L");
    assert_eq!(san(&p, "c5@e10"), "M@e10#");
}

// ---------------------------------------------------------------- FEN

#[test]
fn launch_field_round_trips_and_is_checked() {
    let fen = format!("{} w - - 0 1 L", placement10("Ka1 Me5 kj10"));
    let p = VariantPosition::from_fen(Variant::Stratomic, Default::default(), &fen).unwrap();
    assert_eq!(p.fen(), fen);
    assert!(p.launches_unlocked());
    let bad = format!("{} w - - 0 1 X", placement10("Ka1 Me5 kj10"));
    assert!(VariantPosition::from_fen(Variant::Stratomic, Default::default(), &bad).is_err());
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_two_missiles_unlocked() {
    // White Ka1 Md4, Black kj10 mg7, launches unlocked.
    // Depth 1: king a2 b1 b2 (3), missile steps c3 c4 c5 d3 d5 e3 e4 e5 (8),
    // launches at the 99 other squares (d4 is unattacked, Black's missile
    // and king cannot check a1 after any blast) = 110.
    // Depth 2: after each of the 11 non-launches Black has king i10 i9 j9
    // (3), missile steps f6 f7 f8 g6 g8 h6 h7 h8 (8; White's missile never
    // gets next to g7, so g7 stays unattacked) and 99 launches = 110.
    // After a launch whose area holds g7 (targets f6..h8, 9 of them) Black
    // keeps only the king: 3. After the 90 other launches: 110.
    // 11·110 + 90·110 + 9·3 = 11137.
    let p = strato("Ka1 Md4 mg7 kj10", "w - - 0 1 L");
    assert_eq!(p.perft(1), 110);
    assert_eq!(p.perft(2), 11137);
}

#[test]
fn perft_pawns_with_en_passant() {
    // White Ka1 Pe3, Black kj10 pd5 (launches locked).
    // Depth 1: king a2 b1 b2, pawn e4 e5 = 5.
    // Depth 2: after a king move Black has i10 i9 j9 and d4 = 4 (×3 = 12);
    // after e3-e4: d4, dxe4, three king moves = 5; after e3-e5: d4, dxe4
    // en passant, three king moves = 5. 12 + 5 + 5 = 22.
    let p = strato("Ka1 Pe3 pd5 kj10", "w - - 0 1");
    assert_eq!(p.perft(1), 5);
    assert_eq!(p.perft(2), 22);
}

#[test]
fn perft_castling_position() {
    // Ma2 Rb2 Kf2 Ri2 Mj2 v kf9, rights KQ, locked.
    // King f2: e1 e2 e3 f1 f3 g1 g2 g3 + O-O + O-O-O = 10.
    // Rook b2: b1, c2 d2 e2, b3..b10 = 12. Rook i2: i1, h2 g2, i3..i10 = 11.
    // Missile a2: a1 b1 a3 b3 = 4. Missile j2: j1 i1 j3 i3 = 4. Total 41.
    let p = strato(CASTLE_W, "w KQ - 0 1");
    assert_eq!(p.perft(1), 41);
}

// ---------------------------------------------------------------- more cases

#[test]
fn a_pinned_missile_still_gives_check() {
    // The missile c3 is pinned to its king a1 by the bishop e5, yet it
    // attacks its 8 neighbours: the black king e2 may not step to d2 or d3.
    // Its other steps d1 e1 e3 f1 f2 f3 are free.
    let p = strato("Ka1 Mc3 be5 ke2", "b - - 0 1");
    assert_eq!(
        moves_from(&p, "e2"),
        set(&["e2d1", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3"])
    );
    // With White to move the pinned missile may only step along the pin.
    let p = strato("Ka1 Mc3 be5 ke2", "w - - 0 1");
    assert_eq!(moves_from(&p, "c3"), set(&["c3b2", "c3d4"]));
}

#[test]
fn launch_removing_the_checker_but_opening_another_line_is_illegal() {
    // King a1 in check from the rook a3; the knight b2 shields it from the
    // bishop h8. Targets whose area holds a3: a2 a3 a4 b2 b3 b4; of these
    // a2 a3 b2 b3 also hold b2 (the bishop would then check): only a4 and b4
    // remain. King: b1 (a2 is on the rook's file). Missile e7 is unattacked
    // and cannot reach a2. Pinned knight b2 cannot take a3.
    let p = strato("Ka1 Nb2 Me7 ra3 bh8 kj5", "w - - 0 1 L");
    assert!(p.is_check());
    assert_eq!(legal(&p), set(&["e7@a4", "e7@b4", "a1b1"]));
}

#[test]
fn a_missile_is_always_sufficient_material() {
    assert!(!strato("Ka1 Me5 kj10", "w - - 0 1").is_insufficient_material());
    assert!(!strato("Ka1 me5 kj10", "w - - 0 1 L").is_insufficient_material());
    assert!(strato("Ka1 kj10", "w - - 0 1").is_insufficient_material());
    assert!(strato("Ka1 Ne5 kj10", "w - - 0 1").is_insufficient_material());
}

#[test]
fn fen_castling_letters_need_king_and_rook_on_their_start_squares() {
    let parse = |pieces: &str, rest: &str| {
        let fen = format!("{} {rest}", placement10(pieces));
        VariantPosition::from_fen(Variant::Stratomic, Default::default(), &fen)
    };
    assert!(parse("Rb2 Kf2 Ri2 kf9", "w KQ - 0 1").is_ok());
    assert!(parse("Rb2 Kf2 kf9", "w K - 0 1").is_err(), "no rook on i2");
    assert!(parse("Rb2 Kf2 kf9", "w Q - 0 1").is_ok());
    assert!(
        parse("Rb1 Kf1 Ri1 kf9", "w KQ - 0 1").is_err(),
        "rank 1 is not the back rank"
    );
    assert!(parse("Kf2 rb9 kf9 ri9", "w kq - 0 1").is_ok());
    // Letters of the other games do not belong here.
    assert!(parse("Ka1 Fe5 kj10", "w - - 0 1").is_err());
    // An en passant square with no pawn that just made that step.
    assert!(parse("Ka1 Pe3 kj10", "b - e4 0 1").is_err());
    assert!(parse("Ka1 Pe5 kj10", "b - e4 0 1").is_ok());
}

#[test]
fn game_plays_launches_in_san() {
    use boomchess_rules::{Game, Phase};
    let fen = format!("{} w - - 0 1 L", placement10("Ka1 Me5 kh8 rg8 ph7"));
    let mut g = Game::from_fen(Variant::Stratomic, Default::default(), &fen).unwrap();
    assert_eq!(g.phase(), Phase::Play, "no setup phase in Stratomic");
    g.play_san("M@h8").unwrap();
    assert_eq!(g.san_moves(), vec!["M@h8".to_string()]);
    assert_eq!(board(g.position()), placement10("Ka1 kh8"));
    assert_eq!(
        g.phase(),
        Phase::Over(Outcome::Draw {
            reason: Reason::InsufficientMaterial
        })
    );
    assert_eq!(
        Game::new(Variant::Stratomic, Default::default()).phase(),
        Phase::Play
    );
}

#[test]
fn blasts_and_steps_do_not_wrap_around_the_board_edges() {
    // Target j5: area i4 i5 i6 j4 j5 j6 only — the a-file pieces survive.
    let p = strato("Kc1 Md2 pa4 na5 pa6 ri5 pj4 pj6 kj10", "w - - 0 1 L");
    assert_eq!(
        board(&after(&p, "d2@j5")),
        placement10("Kc1 pa4 na5 pa6 kj10")
    );
    // Target a5: area a4 a5 a6 b4 b5 b6 only — the j-file pieces survive.
    assert_eq!(
        board(&after(&p, "d2@a5")),
        placement10("Kc1 ri5 pj4 pj6 kj10")
    );
    // Corner target j1: area i1 i2 j1 j2 (the knight i2 goes, a2 stays).
    let p = strato("Kc1 Md4 Ni2 Na2 kj10", "w - - 0 1 L");
    assert_eq!(board(&after(&p, "d4@j1")), placement10("Kc1 Na2 kj10"));
    // Missiles on the edge files step to 5 squares.
    let p = strato("Ka1 Mj5 Ma7 kc10", "w - - 0 1");
    assert_eq!(
        moves_from(&p, "j5"),
        set(&["j5i4", "j5i5", "j5i6", "j5j4", "j5j6"])
    );
    assert_eq!(
        moves_from(&p, "a7"),
        set(&["a7a6", "a7a8", "a7b6", "a7b7", "a7b8"])
    );
}

#[test]
fn depth_two_from_the_start_is_44_squared() {
    // No first move of either side reaches the other's men (pawns reach
    // ranks 5 and 6, knights rank 4 and 7; no capture, no check, launches
    // locked), so every white first move leaves Black its 44 replies.
    assert_eq!(start().perft(2), 44 * 44);
}

// ---------------------------------------------------------------- reference

/// The reference generator (tests/support/reference.rs, written from
/// docs/rules.md alone) must agree with the rules crate move for move on random
/// games. Disagreements are analysed by hand against docs/rules.md.
#[test]
fn agrees_with_the_reference_generator_on_random_games() {
    let unlocked = START.strip_suffix(" -").unwrap().to_string() + " L";
    let mut n = [0; 5];
    for seed in 0..12 {
        n = add5(
            n,
            compare_with_reference(Variant::Stratomic, &[], START, seed, 160),
        );
        n = add5(
            n,
            compare_with_reference(Variant::Stratomic, &[], &unlocked, 100 + seed, 120),
        );
    }
    eprintln!("positions, with castling, en passant, launch, promotion: {n:?}");
    assert!(n[0] > 1000 && n[1..].iter().all(|&k| k > 0), "{n:?}");
}

#[test]
fn reference_generator_counts_the_start_position() {
    use support::reference::{Game, Ref};
    let r = Ref::from_fen(Game::Stratomic, false, false, START);
    assert_eq!(r.perft(1), 44);
    assert_eq!(r.perft(2), 44 * 44);
    assert_eq!(start().perft(3), r.perft(3));
}

/// Whole move trees around the tricky cases (missiles near castling
/// squares and kings, launches unlocked, en passant), checked node by node
/// against the reference generator.
#[test]
fn agrees_with_the_reference_generator_on_tactical_trees() {
    let trees: [(&str, &str, u32); 5] = [
        (
            "Ma2 Rb2 Kf2 Ri2 Mj2 Pc3 Pe3 mg4 md6 rb9 kf9 ri9 mj9 pe8",
            "w KQkq - 0 1 L",
            1,
        ),
        (
            "Ma2 Rb2 Kf2 Ri2 Mj2 Pc3 Pe3 mg4 md6 rb9 kf9 ri9 mj9 pe8",
            "b KQkq - 0 1 -",
            2,
        ),
        (
            "Kf2 Pa3 Pc3 Pe3 Pg3 Pi3 pb5 pd5 pf5 ph5 pj5 kf9",
            "w - - 0 1 -",
            3,
        ),
        ("Ka1 Nb2 Me7 ra3 bh8 kj5", "w - - 0 1 L", 2),
        ("Ka1 Me5 qb2 kc3", "w - - 0 1 L", 3),
    ];
    for (pieces, rest, depth) in trees {
        let fen = format!("{} {rest}", placement10(pieces));
        let t = std::time::Instant::now();
        let n = compare_tree(Variant::Stratomic, &[], &fen, depth);
        eprintln!("{fen} depth {depth}: {n} leaves, {:?}", t.elapsed());
        assert!(n > 0, "{fen}");
    }
}

#[test]
fn every_launch_resets_the_half_move_clock_even_into_empty_squares() {
    // docs/rules.md: any move that removes a piece resets the clock; a launch
    // always removes at least the missile itself.
    let p = strato("Ka1 Me5 kj10", "w - - 7 30 L");
    assert_eq!(fields(&after(&p, "e5@h2")), "b - - 0 30 L");
    // A plain missile step counts on.
    assert_eq!(fields(&after(&p, "e5e6")), "b - - 8 30 L");
    // The en passant square is written after a double step even when no
    // pawn can take.
    let p = strato("Ka1 Pe3 kj10", "w - - 0 1");
    assert_eq!(fields(&after(&p, "e3e5")), "b - e4 0 1 -");
}

/// Random placements (missiles, kings and pawns anywhere, edges included,
/// launches locked or not), compared with the reference generator.
#[test]
fn agrees_with_the_reference_generator_on_random_placements() {
    compare_random_positions(Variant::Stratomic, &[], 3, 1000, 14, 0);
    compare_random_positions(Variant::Stratomic, &[], 4, 60, 6, 1);
}
