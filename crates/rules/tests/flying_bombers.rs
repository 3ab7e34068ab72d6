//! Flying Bombers Grand Chess (docs/rules.md §3, §4, §5, §6) and every example of
//! the inventor's page (`shared/seeds/004_…`), ported to the 10×10 board.
//! Every expected value is worked out by hand from the rules text on
//! hand-made positions (the reasoning is in the comments), never taken from
//! the program.

mod support;

use boomchess_rules::{Options, Variant, VariantPosition};
use support::*;

const START: &str = "frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1";

fn fb(pieces: &str, rest: &str) -> VariantPosition {
    position_with(Variant::FlyingBombers, Options::default(), pieces, rest)
}

fn fb_opt(words: &[&str], pieces: &str, rest: &str) -> VariantPosition {
    position_with(
        Variant::FlyingBombers,
        options(Variant::FlyingBombers, words),
        pieces,
        rest,
    )
}

fn start(words: &[&str]) -> VariantPosition {
    VariantPosition::new(
        Variant::FlyingBombers,
        options(Variant::FlyingBombers, words),
    )
}

/// Coordinate texts `from`+each of `tos`.
fn to_each(from: &str, tos: &[&str]) -> std::collections::BTreeSet<String> {
    tos.iter().map(|t| format!("{from}{t}")).collect()
}

// ---------------------------------------------------------------- setup

/// Hand count of White's first moves:
/// - pawns a2..j2: 1, 2 or 3 steps each, 10 × 3 = 30;
/// - knights c1 → b3, d3 and h1 → g3, i3 (a2 e2 f2 j2... hold own pawns), 4;
/// - bombers: a1 leaps over its own pawn a2 to a3 (the helicopter move; b1
///   is its own rook and c1 its own knight, so nothing sideways), j1 → j3
///   likewise, 2;
/// - rooks, queen, bishops and king are boxed in.
///
/// 30 + 4 + 2 = 36. Super Jump Knights add the (3,1) leaps c1 → b4, d4
/// and h1 → g4, i4 (c1 → f2 and h1 → e2 hold own pawns): 40.
#[test]
fn start_position_has_36_moves_and_40_with_super_knights() {
    let p = start(&[]);
    assert_eq!(p.fen(), START);
    let mut expected = Vec::new();
    for file in "abcdefghij".chars() {
        for to in 3..=5 {
            expected.push(format!("{file}2{file}{to}"));
        }
    }
    for m in ["c1b3", "c1d3", "h1g3", "h1i3", "a1a3", "j1j3"] {
        expected.push(m.to_string());
    }
    assert_eq!(expected.len(), 36);
    assert_eq!(legal(&p), expected.iter().cloned().collect());

    let p = start(&["super-knights"]);
    assert_eq!(p.fen(), START);
    for m in ["c1b4", "c1d4", "h1g4", "h1i4"] {
        expected.push(m.to_string());
    }
    assert_eq!(legal(&p), expected.into_iter().collect());
    assert_eq!(p.perft(1), 40);
}

#[test]
fn options_belong_to_flying_bombers_only() {
    assert!(Options::parse(
        Variant::FlyingBombers,
        &["super-knights", "immediate-landing"]
    )
    .is_ok());
    assert!(Options::parse(Variant::Stratomic, &["super-knights"]).is_err());
    assert!(Options::parse(Variant::FlyingBombers, &["carriers=2"]).is_err());
    // Field 7 is Stratomic only.
    let fen = format!("{START} -");
    assert!(VariantPosition::from_fen(Variant::FlyingBombers, Options::default(), &fen).is_err());
}

// ---------------------------------------------------------------- the bomber

#[test]
fn bomber_slides_like_a_rook_without_capturing() {
    // Bomber e5 on an empty board: e6..e10 (5), e4..e1 (4), a5..d5 (4),
    // f5..j5 (5) = 18 quiet moves.
    let p = fb("Ka1 Fe5 kj10", "w - - 0 1");
    let mut tos: Vec<String> = Vec::new();
    for r in 1..=10 {
        if r != 5 {
            tos.push(format!("e{r}"));
        }
    }
    for f in "abcdfghij".chars() {
        tos.push(format!("{f}5"));
    }
    let tos: Vec<&str> = tos.iter().map(|s| s.as_str()).collect();
    assert_eq!(moves_from(&p, "e5"), to_each("e5", &tos));
    assert_eq!(san(&p, "e5e9"), "Fe9");
}

#[test]
fn bombing_flies_over_the_first_enemy_and_lands_beyond_up_to_the_next_piece() {
    // Bomber e3 looking up: e4 e5 empty, black pawn e6 (the first piece,
    // an enemy), e7 e8 empty, black knight e9. Bombing lands on e7 or e8 —
    // not on e9 (one victim only), and never on e6 itself (distance 3).
    let p = fb("Ka1 Fe3 pe6 ne9 kj10", "w - - 0 1");
    let up: Vec<String> = moves_from(&p, "e3")
        .into_iter()
        .filter(|m| {
            let r: u8 = m[3..].parse().unwrap();
            &m[2..3] == "e" && r > 3
        })
        .collect();
    assert_eq!(
        up.into_iter().collect::<std::collections::BTreeSet<_>>(),
        set(&["e3e4", "e3e5", "e3e7", "e3e8"])
    );
    for landing in ["e7", "e8"] {
        let q = after(&p, &format!("e3{landing}"));
        assert_eq!(
            board(&q),
            placement10(&format!("Ka1 F{landing} ne9 kj10")),
            "landing on {landing} captures only e6"
        );
    }
    assert_eq!(san(&p, "e3e8"), "Fxe8");
    assert_eq!(san(&p, "e3e7"), "Fxe7");
    assert!(!is_legal(&p, "e3e6") && !is_legal(&p, "e3e9") && !is_legal(&p, "e3e10"));
}

#[test]
fn no_bombing_over_a_friendly_piece_or_without_an_empty_square_beyond() {
    // Right: own pawn f4 first (black pawn g4 behind it): no bombing, but
    // the helicopter leaps the own pawn (untouched) onto g4, two away.
    // Left: black pawn d4 first, black knight c4 right behind: no bombing,
    // but the helicopter takes both (landing c4, leaping d4).
    // Up: black pawn e5, own knight e6 behind: nothing at all.
    // Down: e3 e2 e1 empty slides.
    let p = fb("Ka10 Fe4 Pf4 pg4 pd4 nc4 pe5 Ne6 kj10", "w - - 0 1");
    assert_eq!(
        moves_from(&p, "e4"),
        set(&["e4g4", "e4c4", "e4e3", "e4e2", "e4e1"])
    );
    let q = after(&p, "e4g4");
    assert_eq!(board(&q), placement10("Ka10 Pf4 Fg4 pd4 nc4 pe5 Ne6 kj10"));
    let q = after(&p, "e4c4");
    assert_eq!(board(&q), placement10("Ka10 Fc4 Pf4 pg4 pe5 Ne6 kj10"));
}

#[test]
fn helicopter_leaps_two_squares_with_double_capture() {
    // Bomber e5. Up: own pawn e6, e7 empty → leap to e7, the pawn untouched.
    // Down: own knight e4, black pawn e3 → leap captures e3, knight stays.
    // Left: black pawn d5, black knight c5 → leap to c5 takes both.
    // Right: black pawn f5, own pawn g5 → nothing.
    let p = fb("Ka1 Fe5 Pe6 Ne4 pe3 pd5 nc5 pf5 Pg5 kj10", "w - - 0 1");
    assert!(!p.is_check());
    assert_eq!(moves_from(&p, "e5"), set(&["e5e7", "e5e3", "e5c5"]));
    assert_eq!(
        board(&after(&p, "e5e7")),
        placement10("Ka1 Fe7 Pe6 Ne4 pe3 pd5 nc5 pf5 Pg5 kj10")
    );
    assert_eq!(
        board(&after(&p, "e5e3")),
        placement10("Ka1 Fe3 Pe6 Ne4 pd5 nc5 pf5 Pg5 kj10")
    );
    assert_eq!(
        board(&after(&p, "e5c5")),
        placement10("Ka1 Fc5 Pe6 Ne4 pe3 pf5 Pg5 kj10")
    );
    assert_eq!(san(&p, "e5c5"), "Fxc5");
    assert_texts_unique(&p);
}

#[test]
fn one_move_per_from_to_pair_whatever_the_reading() {
    // Black pawn d5 next to the bomber, c5 empty: e5-c5 is both a bombing
    // landing and a helicopter leap, with the same result; bombing also
    // lands on b5 and a5. Exactly one move per text.
    let p = fb("Ka10 Fe5 pd5 kj1", "w - - 0 1");
    let left: std::collections::BTreeSet<String> = moves_from(&p, "e5")
        .into_iter()
        .filter(|m| m.ends_with('5') && m[2..3] < *"e")
        .collect();
    assert_eq!(left, set(&["e5c5", "e5b5", "e5a5"]));
    for l in ["c5", "b5", "a5"] {
        assert_eq!(
            board(&after(&p, &format!("e5{l}"))),
            placement10(&format!("Ka10 F{l} kj1"))
        );
    }
    assert_texts_unique(&p);
    assert_texts_unique(&start(&[]));
}

// ---------------------------------------------------------------- check by bombers

#[test]
fn bomber_checks_by_bombing_when_the_square_beyond_the_king_is_empty() {
    // Bomber e2, king e7, e3..e6 empty.
    assert!(fb("Ka1 Fe2 ke7", "b - - 0 1").is_check(), "e8 empty");
    assert!(!fb("Ka1 Fe2 ke7 pe8", "b - - 0 1").is_check(), "e8 black");
    assert!(!fb("Ka1 Fe2 Ne8 ke7", "b - - 0 1").is_check(), "e8 white");
    // A bomber on the edge side: king on the last rank has nothing beyond.
    assert!(!fb("Ka1 Fe2 ke10", "b - - 0 1").is_check());
}

#[test]
fn bomber_checks_a_king_two_squares_away_by_helicopter() {
    // Bomber e5, king e7, e8 occupied (no bombing): the leap lands on e7
    // whatever stands on e6.
    assert!(fb("Ka1 Fe5 ke7 pe8", "b - - 0 1").is_check(), "e6 empty");
    assert!(
        fb("Ka1 Fe5 pe6 ke7 pe8", "b - - 0 1").is_check(),
        "e6 black"
    );
    assert!(
        fb("Ka1 Fe5 Pe6 ke7 pe8", "b - - 0 1").is_check(),
        "e6 white"
    );
}

#[test]
fn bomber_checks_an_adjacent_king_by_leaping_over_it() {
    // Bomber e6, king e7: the leap lands on e8 — allowed if e8 is empty or
    // holds a black piece (captured too), not if it holds a white one.
    assert!(fb("Ka1 Fe6 ke7", "b - - 0 1").is_check(), "e8 empty");
    assert!(fb("Ka1 Fe6 ke7 ne8", "b - - 0 1").is_check(), "e8 black");
    assert!(!fb("Ka1 Fe6 ke7 Ne8", "b - - 0 1").is_check(), "e8 white");
    // Adjacent king on the edge: nowhere to land.
    assert!(!fb("Ka1 Fe9 ke10", "b - - 0 1").is_check());
}

#[test]
fn king_may_not_step_into_a_bomber_attack() {
    // Bomber e2, king e7 with its own pawn e8 behind: not in check. Stepping
    // back to e6 would leave e7 empty behind it (bombing e2 over e6 to e7):
    // illegal. d6 d7 d8 f6 f7 f8 are off the bomber's lines.
    let p = fb("Ka1 Fe2 ke7 pe8", "b - - 0 1");
    assert!(!p.is_check());
    assert_eq!(
        legal(&p),
        set(&["e7d6", "e7d7", "e7d8", "e7f6", "e7f7", "e7f8"])
    );
    // SAN marks a bomber check: b5-e5 puts the king e7 two squares away.
    let p = fb("Ka1 Fb5 ke7", "w - - 0 1");
    assert_eq!(san(&p, "b5e5"), "Fe5+");
}

// ---------------------------------------------------------------- inventor's diagrams

// Diagram 1 (seed 004), ported. The 8×8 diagram is placed on a1..h8 of the
// 10×10 board. Pieces named by the text: white bomber f4 and an own piece e4
// (a pawn here); black rook d4, pawn g4, rook h4, bishop f7, king f2, knight
// f1. The text needs more than it names: the white king (a8, out of every
// line) and, because the 10×10 board goes on where the 8×8 edge stopped,
// two fillers: a black pawn on f9 (beyond f8, so f8 stays the bomber's only
// landing square behind f7, as at the 8×8 edge) and a black pawn on i4
// (beyond h4, so that without the rook h4 the pawn g4 is taken by landing
// on h4 only, as on 8×8). f1 and the a-file edge are real edges on 10×10
// too. Black is to move: the bomber gives check. The threats are shown
// after the king has moved (f2-e2, off every bomber line), as the text says
// they remain.
const DIAG1: &str = "Ka8 Ff4 Pe4 rd4 pg4 rh4 pi4 bf7 pf9 kf2 nf1";

#[test]
fn diagram_1_the_bomber_gives_check_from_two_squares_away() {
    let p = fb(DIAG1, "b - - 0 1");
    // "the bomber IS giving check to the king because it is exactly 2
    // squares away, and the bomber can land on f2".
    assert!(p.is_check());
    // The leap cannot be blocked and nothing black reaches f4, so only king
    // moves help: e1 e2 e3 g1 g2 g3 (f1 own knight; f3 stays on the file,
    // where the bomber would leap over the king onto the emptied f2).
    assert_eq!(
        legal(&p),
        set(&["f2e1", "f2e2", "f2e3", "f2g1", "f2g2", "f2g3"])
    );
}

#[test]
fn diagram_1_threats_of_the_bomber_on_f4() {
    let p = after(&fb(DIAG1, "b - - 0 1"), "f2e2");
    assert!(!p.is_check());
    // Down f3 f2 (the knight f1 has nothing beyond it), up f5 f6 and the
    // bombing f8, left the leap to d4 over the own pawn, right the leap to h4.
    assert_eq!(
        moves_from(&p, "f4"),
        set(&["f4f3", "f4f2", "f4f5", "f4f6", "f4f8", "f4d4", "f4h4"])
    );
    // "threatening to destroy the black bishop on f7 by moving f4-f8".
    assert_eq!(
        board(&after(&p, "f4f8")),
        placement10("Ka8 Ff8 Pe4 rd4 pg4 rh4 pi4 pf9 ke2 nf1")
    );
    assert_eq!(san(&p, "f4f8"), "Fxf8");
    assert!(!is_legal(&p, "f4f7"), "it cannot move onto f7");
    // "threatening the black rook on d4 by moving f4-d4 (flying over its own
    // piece ...). It cannot land on any squares beyond d4."
    assert_eq!(
        board(&after(&p, "f4d4")),
        placement10("Ka8 Fd4 Pe4 pg4 rh4 pi4 bf7 pf9 ke2 nf1")
    );
    for beyond in ["c4", "b4", "a4"] {
        assert!(!is_legal(&p, &format!("f4{beyond}")));
    }
    // "threaten f4-h4, flying over and bombing pawn on g4 and landing/bombing
    // rook on h4. Note that the bomber cannot move to g4 by capturing the
    // pawn, it must eliminate both".
    assert_eq!(
        board(&after(&p, "f4h4")),
        placement10("Ka8 Fh4 Pe4 rd4 pi4 bf7 pf9 ke2 nf1")
    );
    assert_eq!(san(&p, "f4h4"), "Fxh4");
    assert!(!is_legal(&p, "f4g4"));
    // "the bomber is not threatening the knight on f1 ... If the king moves,
    // the knight will not be under attack either."
    assert!(!can_take(&p, "f1"));
}

#[test]
fn diagram_1_without_the_rook_on_h4_the_bomber_just_takes_the_pawn() {
    // "If there was no rook on h4 then the bomber can just capture the pawn
    // by moving f4-h4."
    let p = after(
        &fb("Ka8 Ff4 Pe4 rd4 pg4 pi4 bf7 pf9 kf2 nf1", "b - - 0 1"),
        "f2e2",
    );
    let right: std::collections::BTreeSet<String> = moves_from(&p, "f4")
        .into_iter()
        .filter(|m| m.ends_with('4') && m[2..3] > *"f")
        .collect();
    assert_eq!(right, set(&["f4h4"]));
    assert_eq!(
        board(&after(&p, "f4h4")),
        placement10("Ka8 Fh4 Pe4 rd4 pi4 bf7 pf9 ke2 nf1")
    );
}

// Diagram 2 (seed 004), ported. Placed on a1..h8. Named: white bomber d4 and
// pawn f4; black king d7, rook d8, rook e4, pawn d2. Added: the white king
// h1 (off every black line) and two fillers where the 8×8 edge was: a black
// pawn d9 behind the rook d8 (so "there is no empty square beyond it" stays
// true and the pin holds) and a black pawn i4 (so that in the "if f4 was an
// empty square" variation the bombing over e4 lands on f4, g4, h4 as on the
// 8×8 board). d1 is a real edge on 10×10 as well.
const DIAG2: &str = "Kh1 Fd4 Pf4 re4 pd2 kd7 rd8 pd9 pi4";

#[test]
fn diagram_2_no_check_and_the_rook_d8_is_pinned() {
    let p = fb(DIAG2, "b - - 0 1");
    // "It is not checking the king at d7 because there is no empty square
    // behind it (and it is not exactly 2 squares away from it)."
    assert!(!p.is_check());
    // "The rook on d8 is pinned, because moving it would enable the king to
    // be captured" (d8 empty → bombing d4 over d7 lands on d8).
    assert_eq!(moves_from(&p, "d8"), set(&[]));
    // "However, the king can simply move away": c6 c7 c8 e6 e7 e8; not d6,
    // two squares from the bomber.
    assert_eq!(
        moves_from(&p, "d7"),
        set(&["d7c6", "d7c7", "d7c8", "d7e6", "d7e7", "d7e8"])
    );
    // "The rook on e4 is adjacent to the flying bomber and threatening it."
    assert!(is_legal(&p, "e4d4"));
    // "... and the rook on d8 is not threatened because there is no empty
    // square beyond it."
    let q = after(&p, "d7c7");
    assert!(!can_take(&q, "d8"));
    let up: std::collections::BTreeSet<String> = moves_from(&q, "d4")
        .into_iter()
        .filter(|m| &m[2..3] == "d" && m[3..].parse::<u8>().unwrap() > 4)
        .collect();
    assert_eq!(up, set(&["d4d5", "d4d6", "d4d7"]));
}

#[test]
fn diagram_2_the_bomber_on_d4() {
    let p = fb(DIAG2, "w - - 0 1");
    assert!(!p.is_check());
    // Up d5 d6 (no capture of d7: d8 is occupied, and d7 is three away);
    // right nothing ("the white pawn occupies f4"); down d3, d2 (helicopter
    // onto the pawn) and d1 (bombing over it); left c4 b4 a4.
    assert_eq!(
        moves_from(&p, "d4"),
        set(&["d4d5", "d4d6", "d4d3", "d4d2", "d4d1", "d4c4", "d4b4", "d4a4"])
    );
    // "It can play d4-d1 OR it can even play d4-d2 to eliminate the pawn."
    assert_eq!(
        board(&after(&p, "d4d1")),
        placement10("Kh1 Fd1 Pf4 re4 kd7 rd8 pd9 pi4")
    );
    assert_eq!(
        board(&after(&p, "d4d2")),
        placement10("Kh1 Fd2 Pf4 re4 kd7 rd8 pd9 pi4")
    );
    assert!(!can_take(&p, "e4"));
}

#[test]
fn diagram_2_variations_on_f4() {
    // "If f4 was an empty square, the bomber could capture the rook".
    let p = fb("Kh1 Fd4 re4 pd2 kd7 rd8 pd9 pi4", "w - - 0 1");
    let right: std::collections::BTreeSet<String> = moves_from(&p, "d4")
        .into_iter()
        .filter(|m| m.ends_with('4') && m[2..3] > *"d")
        .collect();
    assert_eq!(right, set(&["d4f4", "d4g4", "d4h4"]));
    assert_eq!(
        board(&after(&p, "d4g4")),
        placement10("Kh1 Fg4 pd2 kd7 rd8 pd9 pi4")
    );
    // "if there was another enemy piece on f4 instead of the white pawn,
    // then the bomber could have captured both pieces."
    let p = fb("Kh1 Fd4 re4 nf4 pd2 kd7 rd8 pd9 pi4", "w - - 0 1");
    let right: std::collections::BTreeSet<String> = moves_from(&p, "d4")
        .into_iter()
        .filter(|m| m.ends_with('4') && m[2..3] > *"d")
        .collect();
    assert_eq!(right, set(&["d4f4"]));
    assert_eq!(
        board(&after(&p, "d4f4")),
        placement10("Kh1 Ff4 pd2 kd7 rd8 pd9 pi4")
    );
}

// Diagram 3 (seed 004), ported. Named: black bomber (on rank 4, left of d4
// — a4 here, three squares away so the capture is a bombing), white pawn d4,
// white bishop (able to slide to e4), white pawn e3, black king d5. The
// text's claims fix the rest: e4, f4 and g4 are attacked, h4 is not; the
// bishop on e4 would be unprotected; after e3-e4 the pawn d4 is unprotected.
// Reconstruction: bishop d3 (covers e4; from the h1-a8 diagonal it would
// check d5 through e4), pawn e3 (covers f4 and protects d4), rook g1 (covers
// g4 only), white king h1. Filler for the 8×8 edge: a black pawn on i4, so
// the bombing lands on e4..h4 exactly as on the 8×8 board. White to move.
const DIAG3: &str = "Kh1 Rg1 Bd3 Pd4 Pe3 fa4 kd5 pi4";

#[test]
fn diagram_3_the_black_bomber_threatens_d4_and_h4_is_the_safe_landing() {
    // With Black to move: the bombing over d4 lands on e4, f4, g4 or h4.
    let p = fb(DIAG3, "b - - 0 1");
    assert!(!p.is_check());
    let bombings: std::collections::BTreeSet<String> = moves_from(&p, "a4")
        .into_iter()
        .filter(|m| m.ends_with('4') && m[2..3] > *"d")
        .collect();
    assert_eq!(bombings, set(&["a4e4", "a4f4", "a4g4", "a4h4"]));
    // All of a4's moves: b4 c4, a5..a10, a3 a2 a1 and the four bombings.
    assert_eq!(moves_from(&p, "a4").len(), 2 + 6 + 3 + 4);
    for landing in ["e4", "f4", "g4", "h4"] {
        let q = after(&p, &format!("a4{landing}"));
        assert_eq!(at(&q, "d4"), None, "the pawn d4 is captured");
        // "The squares e4, f4, and g4 are under attack" — "landing safely
        // on h4".
        assert_eq!(can_take(&q, landing), landing != "h4", "landing {landing}");
    }
}

#[test]
fn diagram_3_bishop_block_and_e3_e4_check() {
    let p = fb(DIAG3, "w - - 0 1");
    // "The bishop could have blocked the bomber by sliding to e4 but the
    // black king would capture it."
    let q = after(&p, "d3e4");
    assert!(q.is_check());
    assert!(!can_take(&q, "d4"), "the bombing over d4 is blocked");
    assert!(is_legal(&q, "d5e4"));
    assert_eq!(san(&q, "d5e4"), "Kxe4");
    // "If white plays e3-e4+, then black plays d5xd4."
    assert_eq!(san(&p, "e3e4"), "e4+");
    let q = after(&p, "e3e4");
    assert!(q.is_check());
    assert!(is_legal(&q, "d5d4"));
    assert_eq!(san(&q, "d5d4"), "Kxd4");
    // The pawn move also shuts the bomber out: nothing lands beyond d4.
    assert!(!is_legal(&q, "a4f4") && !is_legal(&q, "a4h4"));
}

// ---------------------------------------------------------------- castling

const CASTLE: &str = "Fa1 Rb1 Kf1 Ri1 Fj1 kf10";

#[test]
fn the_five_castlings() {
    let p = fb(CASTLE, "w KQ - 0 1");
    // The king's ordinary steps plus five castlings.
    assert_eq!(
        moves_from(&p, "f1"),
        to_each(
            "f1",
            &["e1", "e2", "f2", "g2", "g1", "h1", "i1", "d1", "c1", "b1"]
        )
    );
    let cases = [
        ("f1h1", "O-O", "Fa1 Rb1 Rg1 Kh1 Fj1 kf10"),
        ("f1i1", "Ki1", "Fa1 Rb1 Rh1 Ki1 Fj1 kf10"),
        ("f1d1", "O-O-O", "Fa1 Kd1 Re1 Ri1 Fj1 kf10"),
        ("f1c1", "Kc1", "Fa1 Kc1 Rd1 Ri1 Fj1 kf10"),
        ("f1b1", "Kb1", "Fa1 Kb1 Rc1 Ri1 Fj1 kf10"),
    ];
    for (text, san_text, placed) in cases {
        assert_eq!(san(&p, text), san_text);
        assert_eq!(p.parse_san(san_text).unwrap(), mv(&p, text));
        let q = after(&p, text);
        assert_eq!(
            q.fen(),
            format!("{} b - - 1 1", placement10(placed)),
            "{text}"
        );
    }
    // Black castles the same way on rank 10.
    let p = fb("fa10 rb10 kf10 ri10 fj10 Kf1", "b kq - 0 1");
    let cases = [
        ("f10h10", "fa10 rb10 rg10 kh10 fj10 Kf1"),
        ("f10i10", "fa10 rb10 rh10 ki10 fj10 Kf1"),
        ("f10d10", "fa10 kd10 re10 ri10 fj10 Kf1"),
        ("f10c10", "fa10 kc10 rd10 ri10 fj10 Kf1"),
        ("f10b10", "fa10 kb10 rc10 ri10 fj10 Kf1"),
    ];
    for (text, placed) in cases {
        assert_eq!(board(&after(&p, text)), placement10(placed), "{text}");
    }
}

#[test]
fn castling_does_not_depend_on_the_bombers_a1_j1() {
    let p = fb("Rb1 Kf1 Ri1 kf10", "w KQ - 0 1");
    for c in ["f1h1", "f1i1", "f1d1", "f1c1", "f1b1"] {
        assert!(is_legal(&p, c), "{c} without bombers");
    }
    // Other pieces on a1/j1 (outside the king-rook span) do not matter either.
    let p = fb("Na1 Rb1 Kf1 Ri1 Nj1 kf10", "w KQ - 0 1");
    for c in ["f1h1", "f1i1", "f1d1", "f1c1", "f1b1"] {
        assert!(is_legal(&p, c), "{c} with knights on a1/j1");
    }
}

const KING_SIDE: [&str; 2] = ["f1h1", "f1i1"];
const QUEEN_SIDE: [&str; 3] = ["f1d1", "f1c1", "f1b1"];

/// Which of the five castlings are legal with `extra` added to [`CASTLE`].
fn castlings_with(extra: &str) -> Vec<&'static str> {
    let p = fb(&format!("{CASTLE} {extra}"), "w KQ - 0 1");
    KING_SIDE
        .iter()
        .chain(QUEEN_SIDE.iter())
        .copied()
        .filter(|c| is_legal(&p, c))
        .collect()
}

#[test]
fn castling_needs_every_square_between_king_and_rook_empty() {
    assert_eq!(castlings_with("Ng1"), QUEEN_SIDE.to_vec());
    assert_eq!(castlings_with("Nh1"), QUEEN_SIDE.to_vec());
    assert_eq!(castlings_with("Ne1"), KING_SIDE.to_vec());
    assert_eq!(castlings_with("Nd1"), KING_SIDE.to_vec());
    assert_eq!(castlings_with("Nc1"), KING_SIDE.to_vec());
}

#[test]
fn castling_not_out_of_through_or_into_check_the_rook_may_be_attacked() {
    // Black rooks on rank 9 attack one square of rank 1 each.
    assert_eq!(castlings_with("rf9"), Vec::<&str>::new(), "in check");
    assert_eq!(castlings_with("rg9"), QUEEN_SIDE.to_vec(), "g1 passed");
    assert_eq!(
        castlings_with("rh9"),
        QUEEN_SIDE.to_vec(),
        "h1 passed/landed"
    );
    assert_eq!(
        castlings_with("ri9"),
        vec!["f1h1", "f1d1", "f1c1", "f1b1"],
        "i1: only Ki1 lands there"
    );
    assert_eq!(castlings_with("re9"), KING_SIDE.to_vec(), "e1 passed");
    assert_eq!(
        castlings_with("rd9"),
        KING_SIDE.to_vec(),
        "d1 passed/landed"
    );
    assert_eq!(
        castlings_with("rc9"),
        vec!["f1h1", "f1i1", "f1d1"],
        "c1: O-O-O's rook passes it, the king does not"
    );
    assert_eq!(
        castlings_with("rb9"),
        vec!["f1h1", "f1i1", "f1d1", "f1c1"],
        "b1: only Kb1 lands there"
    );
}

#[test]
fn castling_attacked_squares_with_bombers_depend_on_what_stands_around() {
    // An enemy bomber on a1. With the king on f1 it only bombs the rook b1.
    // King placed on c1 (rook still on b1): the helicopter a1-c1 lands on
    // it → c1 attacked, so Kc1 and Kb1 are illegal. King placed on d1: the
    // first piece on the line is the rook b1, and a bombing has one victim
    // → d1 not attacked; after O-O-O (king d1, rook e1) a1-c1 lands on an
    // empty square and the king has the rook behind it → O-O-O is legal.
    let p = fb("fa1 Rb1 Kf1 Ri1 Fj1 kf10", "w KQ - 0 1");
    assert!(!p.is_check());
    for (c, ok) in [
        ("f1h1", true),
        ("f1i1", true),
        ("f1d1", true),
        ("f1c1", false),
        ("f1b1", false),
    ] {
        assert_eq!(is_legal(&p, c), ok, "{c} with a black bomber on a1");
    }
    // A black bomber on g2, right above g1: a king on g1 has no square
    // beyond it (the edge) and the leap over it would leave the board, so
    // g1 is not attacked — all five castlings stay legal.
    assert_eq!(
        castlings_with("fg2"),
        vec!["f1h1", "f1i1", "f1d1", "f1c1", "f1b1"]
    );
    // One square further, on g3, the helicopter lands on g1: both king-side
    // castlings pass an attacked square.
    assert_eq!(castlings_with("fg3"), QUEEN_SIDE.to_vec());
    // On g4 the bomber reaches neither: g1 is first on its line with the
    // edge beyond, and its leap lands on g2.
    assert_eq!(
        castlings_with("fg4"),
        vec!["f1h1", "f1i1", "f1d1", "f1c1", "f1b1"]
    );
}

// ---------------------------------------------------------------- pawns

#[test]
fn pawns_move_one_two_or_three_from_the_start_rank_then_one() {
    let p = fb("Ka1 Pc2 Pe2 Pg2 Pi2 Pd3 pc4 pg5 pi3 kj10", "w - - 0 1");
    assert_eq!(moves_from(&p, "e2"), set(&["e2e3", "e2e4", "e2e5"]));
    assert_eq!(moves_from(&p, "c2"), set(&["c2c3"]), "c4 blocks");
    assert_eq!(moves_from(&p, "g2"), set(&["g2g3", "g2g4"]), "g5 blocks");
    assert_eq!(moves_from(&p, "i2"), set(&[]), "i3 blocks");
    assert_eq!(
        moves_from(&p, "d3"),
        set(&["d3d4", "d3c4"]),
        "moved: one step"
    );
    let p = fb("Ka1 pe9 pg8 kj10", "b - - 0 1");
    assert_eq!(moves_from(&p, "e9"), set(&["e9e8", "e9e7", "e9e6"]));
    assert_eq!(moves_from(&p, "g8"), set(&["g8g7"]));
}

#[test]
fn en_passant_field_lists_every_square_passed() {
    let p = fb("Ka1 Pe2 kj10", "w - - 0 1");
    assert_eq!(fields(&after(&p, "e2e3")), "b - - 0 1");
    assert_eq!(fields(&after(&p, "e2e4")), "b - e3 0 1");
    assert_eq!(fields(&after(&p, "e2e5")), "b - e3e4 0 1");
    let p = fb("Ka1 pe9 kj10", "b - - 0 1");
    assert_eq!(fields(&after(&p, "e9e7")), "w - e8 0 2");
    assert_eq!(fields(&after(&p, "e9e6")), "w - e8e7 0 2");
}

#[test]
fn en_passant_on_any_square_passed_next_move_only() {
    // e2-e5 passes e3 and e4: d4 takes on e3, f5 on e4.
    let p = fb("Ka1 Pe2 pd4 pf5 kj10", "w - - 0 1");
    let q = after(&p, "e2e5");
    assert_eq!(board(&after(&q, "d4e3")), placement10("Ka1 pe3 pf5 kj10"));
    assert_eq!(board(&after(&q, "f5e4")), placement10("Ka1 pd4 pe4 kj10"));
    // Next move only.
    let late = after_all(&q, &["j10i10", "a1a2"]);
    assert!(!is_legal(&late, "d4e3") && !is_legal(&late, "f5e4"));
    // e2-e4 passes e3 only.
    let q = after(&p, "e2e4");
    assert_eq!(board(&after(&q, "d4e3")), placement10("Ka1 pe3 pf5 kj10"));
    assert_eq!(board(&after(&q, "f5e4")), placement10("Ka1 pd4 pe4 kj10"));
    // A one-step gives no en passant: d4 takes e3 normally, f5 has nothing.
    let q = after(&p, "e2e3");
    assert_eq!(moves_from(&q, "f5"), set(&["f5f4"]));
}

#[test]
fn en_passant_example_of_the_inventors_page() {
    // "White pawn on a2 black pawn on b4. If the white pawn moves from a2 to
    // a4 or a5, the black pawn on b4 can capture it as if it had moved to a3."
    let p = fb("Kf1 Pa2 pb4 kf10", "w - - 0 1");
    for step in ["a2a4", "a2a5"] {
        let q = after(&p, step);
        assert_eq!(
            board(&after(&q, "b4a3")),
            placement10("Kf1 pa3 kf10"),
            "{step}"
        );
    }
    // "if the black pawn is on b5 instead and the white pawn moves to a5 from
    // a2 then the black pawn can capture the white pawn as if it moved to a4."
    let p = fb("Kf1 Pa2 pb5 kf10", "w - - 0 1");
    let q = after(&p, "a2a5");
    assert_eq!(board(&after(&q, "b5a4")), placement10("Kf1 pa4 kf10"));
    // "Note in this case the white pawn can still avoid the black pawn by
    // moving to a3 instead."
    let q = after(&p, "a2a3");
    assert!(!can_take(&q, "a3"));
}

#[test]
fn en_passant_field_is_read_and_checked() {
    let fen = format!("{} b - e3e4 0 1", placement10("Ka1 Pe5 pd4 kj10"));
    let p = VariantPosition::from_fen(Variant::FlyingBombers, Options::default(), &fen).unwrap();
    assert_eq!(p.fen(), fen);
    assert!(is_legal(&p, "d4e3"));
    // e3e4 describes a three-step to e5, not a pawn on e4.
    let bad = format!("{} b - e3e4 0 1", placement10("Ka1 Pe4 pd4 kj10"));
    assert!(VariantPosition::from_fen(Variant::FlyingBombers, Options::default(), &bad).is_err());
}

#[test]
fn promotion_on_the_last_rank_to_queen_rook_bishop_knight_or_bomber() {
    let p = fb("Ka1 Pe9 nd10 kj10", "w - - 0 1");
    let mut expected = Vec::new();
    for to in ["e10", "d10"] {
        for r in ["q", "r", "b", "n", "f"] {
            expected.push(format!("e9{to}{r}"));
        }
    }
    assert_eq!(moves_from(&p, "e9"), expected.into_iter().collect());
    assert!(p.parse_uci("e9e10m").is_err(), "no missile in this game");
    assert_eq!(at(&after(&p, "e9e10f"), "e10"), Some('F'));
    assert_eq!(san(&p, "e9e10f"), "e10=F");
    let p = fb("Ka1 pe2 kj10", "b - - 0 1");
    assert_eq!(
        moves_from(&p, "e2"),
        set(&["e2e1q", "e2e1r", "e2e1b", "e2e1n", "e2e1f"])
    );
}

// ---------------------------------------------------------------- options

#[test]
fn immediate_landing_keeps_only_the_first_square_beyond() {
    // Victim three away (e6), e7 e8 empty, knight e9: default lands e7 e8,
    // immediate landing e7 only.
    let p = fb_opt(&["immediate-landing"], "Ka1 Fe3 pe6 ne9 kj10", "w - - 0 1");
    assert!(is_legal(&p, "e3e7") && !is_legal(&p, "e3e8"));
    // Adjacent victim d5, c5..a5 empty: default c5 b5 a5, immediate c5.
    let p = fb_opt(&["immediate-landing"], "Ka10 Fe5 pd5 kj1", "w - - 0 1");
    let left: std::collections::BTreeSet<String> = moves_from(&p, "e5")
        .into_iter()
        .filter(|m| m.ends_with('5') && m[2..3] < *"e")
        .collect();
    assert_eq!(left, set(&["e5c5"]));
    // The helicopter is unchanged: it still takes c5 over an empty d5 (and
    // the bombing over c5 lands on b5 only), and still takes two at once.
    let p = fb_opt(&["immediate-landing"], "Ka10 Fe5 pc5 kj1", "w - - 0 1");
    let left: std::collections::BTreeSet<String> = moves_from(&p, "e5")
        .into_iter()
        .filter(|m| m.ends_with('5') && m[2..3] < *"e")
        .collect();
    assert_eq!(left, set(&["e5d5", "e5c5", "e5b5"]));
    let p = fb_opt(&["immediate-landing"], "Ka10 Fe5 pd5 nc5 kj1", "w - - 0 1");
    assert_eq!(board(&after(&p, "e5c5")), placement10("Ka10 Fc5 kj1"));
    // Without the option the same position lands on b5 and a5 too.
    let p = fb("Ka10 Fe5 pc5 kj1", "w - - 0 1");
    assert!(is_legal(&p, "e5b5") && is_legal(&p, "e5a5"));
}

#[test]
fn super_knights_also_leap_three_one() {
    // Knight e5 on an open board: 8 ordinary leaps, plus (1,3)/(3,1): d8 f8
    // d2 f2 b6 h6 b4 h4.
    let ordinary = ["d7", "f7", "c6", "g6", "c4", "g4", "d3", "f3"];
    let extra = ["d8", "f8", "d2", "f2", "b6", "h6", "b4", "h4"];
    let p = fb("Ka1 Ne5 kj10", "w - - 0 1");
    assert_eq!(moves_from(&p, "e5"), to_each("e5", &ordinary));
    let p = fb_opt(&["super-knights"], "Ka1 Ne5 kj10", "w - - 0 1");
    let all: Vec<&str> = ordinary.iter().chain(extra.iter()).copied().collect();
    assert_eq!(moves_from(&p, "e5"), to_each("e5", &all));
    // ... and give check with it.
    assert!(fb_opt(&["super-knights"], "Ka1 Ne5 kh6", "b - - 0 1").is_check());
    assert!(!fb("Ka1 Ne5 kh6", "b - - 0 1").is_check());
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_bomber_against_king_and_pawn() {
    // White Ka1 Fe4, Black kj10 pe7.
    // Depth 1: king a2 b1 b2 (3); bomber d4 c4 b4 a4, f4 g4 h4 i4 j4,
    // e3 e2 e1, e5 e6, bombing over e7 to e8 e9 e10 (17) = 20.
    // Depth 2 (Black: king i10 i9 j9, pawn e7-e6 when e6 is empty):
    //   king moves 3×4 = 12; bomber to a4..d4 4×4 = 16, f4 g4 h4 3×4 = 12;
    //   i4: i9 would be bombed (i10 empty beyond) → 2+1 = 3;
    //   j4: j9 would be bombed (j10 empty beyond) → 2+1 = 3;
    //   e3 e2 e1 3×4 = 12; e5 4; e6 blocks the pawn 3;
    //   e8 (pawn gone): 3; e9: i9 bombed along rank 9 (j9 empty beyond) → 2;
    //   e10: i10 bombed along rank 10 (j10 empty once the king left) → 2.
    //   12+16+12+3+3+12+4+3+3+2+2 = 72.
    let p = fb("Ka1 Fe4 pe7 kj10", "w - - 0 1");
    assert_eq!(p.perft(1), 20);
    assert_eq!(p.perft(2), 72);
}

#[test]
fn perft_pawn_steps_and_en_passant() {
    // White Ka1 Pe2, Black kj10 pd4 pf5.
    // Depth 1: king a2 b1 b2, pawn e3 e4 e5 = 6.
    // Depth 2: after a king move Black has i10 i9 j9, d3, f4 = 5 (×3 = 15);
    // after e2-e3: d3, dxe3, f4, king 3 = 6; after e2-e4: d3, dxe3 e.p., f4,
    // fxe4, king 3 = 7; after e2-e5: d3, dxe3 e.p., f4, fxe4 e.p., king 3 = 7.
    // 15 + 6 + 7 + 7 = 35.
    let p = fb("Ka1 Pe2 pd4 pf5 kj10", "w - - 0 1");
    assert_eq!(p.perft(1), 6);
    assert_eq!(p.perft(2), 35);
}

#[test]
fn perft_castling_position() {
    // Fa1 Rb1 Kf1 Ri1 Fj1 v kf10, rights KQ.
    // King: e1 e2 f2 g2 g1 + five castlings = 10. Rook b1: c1 d1 e1, b2..b10
    // = 12. Rook i1: h1 g1, i2..i10 = 11. Bomber a1: a2..a10, leap over the
    // rook to c1 = 10. Bomber j1: j2..j10, leap to h1 = 10. Total 53.
    let p = fb(CASTLE, "w KQ - 0 1");
    assert_eq!(p.perft(1), 53);
}

// ---------------------------------------------------------------- more cases

#[test]
fn a_bombing_check_can_be_met_by_filling_the_square_behind_the_king() {
    // Bomber e2, king e7, e8 empty: check by bombing. Answers: the rook h8
    // to e8 (nothing beyond the king any more), the knight g6 to e5 (the
    // bombing then takes the knight and stops at the king), or a king step
    // off the file: d6 d7 d8 f6 f7 f8 (e6 and e8 stay on the file with an
    // empty square beyond).
    let p = fb("Ka1 Fe2 ke7 ng6 rh8", "b - - 0 1");
    assert!(p.is_check());
    assert_eq!(
        legal(&p),
        set(&["h8e8", "g6e5", "e7d6", "e7d7", "e7d8", "e7f6", "e7f7", "e7f8"])
    );
}

#[test]
fn a_king_may_stand_next_to_a_bomber_whose_leap_is_blocked() {
    // Bomber e5, black king d6. With a white pawn on e7 the leap over e6 has
    // nowhere to land, so e6 is safe; e7 itself (taking the pawn) is two
    // squares from the bomber; d5 would be leapt over onto c5; c5 bombed
    // (b5 empty beyond); e5 takes the unprotected bomber.
    let p = fb("Ka1 Fe5 Pe7 kd6", "b - - 0 1");
    assert_eq!(
        moves_from(&p, "d6"),
        set(&["d6c6", "d6c7", "d6d7", "d6e5", "d6e6"])
    );
    // Without the pawn, e6 is leapt over onto the empty e7.
    let p = fb("Ka1 Fe5 kd6", "b - - 0 1");
    assert_eq!(moves_from(&p, "d6"), set(&["d6c6", "d6c7", "d6d7", "d6e5"]));
}

#[test]
fn a_pinned_bomber_still_gives_check() {
    // The bomber c3 is pinned to a1 by the bishop e5, yet bombs along rank 3
    // (d3..g3 empty, i3 empty beyond h3). King steps g3 and i3 stay on the
    // rank with an empty square beyond.
    let p = fb("Ka1 Fc3 be5 kh3", "b - - 0 1");
    assert!(p.is_check());
    assert_eq!(
        moves_from(&p, "h3"),
        set(&["h3g2", "h3g4", "h3h2", "h3h4", "h3i2", "h3i4"])
    );
    // The bishop may take the bomber or block on g3.
    assert!(is_legal(&p, "e5c3") && is_legal(&p, "e5g3"));
    assert!(!is_legal(&p, "e5d6"));
}

#[test]
fn castling_and_bomber_helicopters_on_rank_3() {
    // A black bomber on rank 3 attacks the rank-1 square two below it.
    assert_eq!(castlings_with("fh3"), QUEEN_SIDE.to_vec(), "h1");
    assert_eq!(
        castlings_with("fi3"),
        vec!["f1h1", "f1d1", "f1c1", "f1b1"],
        "i1"
    );
    assert_eq!(castlings_with("fe3"), KING_SIDE.to_vec(), "e1");
    assert_eq!(castlings_with("fd3"), KING_SIDE.to_vec(), "d1");
    assert_eq!(castlings_with("fc3"), vec!["f1h1", "f1i1", "f1d1"], "c1");
    assert_eq!(
        castlings_with("fb3"),
        vec!["f1h1", "f1i1", "f1d1", "f1c1"],
        "b1"
    );
    // Castling out of a bomber's check is not allowed (f3 two above f1).
    assert_eq!(castlings_with("ff3"), Vec::<&str>::new());
}

#[test]
fn a_rook_taken_by_a_leap_or_a_bombing_loses_its_castling_right() {
    // The black bomber a1 leaps (or bombs) over the rook b1.
    let p = fb("fa1 Rb1 Kf1 Ri1 Fj1 kf10", "b KQ - 3 1");
    for landing in ["c1", "d1", "e1"] {
        let q = after(&p, &format!("a1{landing}"));
        assert!(q.fen().ends_with(" w K - 0 2"), "{landing}: {}", q.fen());
        assert_eq!(at(&q, "b1"), None);
    }
    // A white bomber i8 leaps the black pawn i9 onto the rook i10 (double
    // capture): Black loses k.
    let p = fb("Ka1 Fi8 pi9 kf10 ri10", "w k - 0 1");
    let q = after(&p, "i8i10");
    assert_eq!(board(&q), placement10("Ka1 Fi10 kf10"));
    assert!(q.fen().contains(" b - - 0 1"), "{}", q.fen());
}

#[test]
fn san_disambiguates_bombers_as_in_chess() {
    // Two bombers on rank 5 slide to e5: name the file.
    let p = fb("Ka1 Fa5 Fj5 kj10", "w - - 0 1");
    assert_eq!(san(&p, "a5e5"), "Fae5");
    assert_eq!(san(&p, "j5e5"), "Fje5");
    assert_eq!(p.parse_san("Fae5").unwrap(), mv(&p, "a5e5"));
    // Two bombers on the e-file: name the rank.
    let p = fb("Ka1 Fe2 Fe9 kj10", "w - - 0 1");
    assert_eq!(san(&p, "e2e5"), "F2e5");
    assert_eq!(san(&p, "e9e5"), "F9e5");
}

#[test]
fn a_bomber_is_always_sufficient_material() {
    assert!(!fb("Ka1 Fe5 kj10", "w - - 0 1").is_insufficient_material());
    assert!(!fb("Ka1 fe5 kj10", "w - - 0 1").is_insufficient_material());
    assert!(fb("Ka1 Ne5 kj10", "w - - 0 1").is_insufficient_material());
}

#[test]
fn fen_castling_letters_and_piece_letters() {
    let parse = |pieces: &str, rest: &str| {
        let fen = format!("{} {rest}", placement10(pieces));
        VariantPosition::from_fen(Variant::FlyingBombers, Options::default(), &fen)
    };
    assert!(parse("Rb1 Kf1 Ri1 kf10", "w KQ - 0 1").is_ok());
    assert!(parse("Rb1 Kf1 kf10", "w K - 0 1").is_err(), "no rook on i1");
    assert!(
        parse("Ra1 Kf1 Rj1 kf10", "w KQ - 0 1").is_err(),
        "rooks start on b1/i1"
    );
    assert!(
        parse("Ka1 Me5 kj10", "w - - 0 1").is_err(),
        "no missile here"
    );
}

#[test]
fn moves_do_not_wrap_around_the_board_edges() {
    // Bomber i5, black pawn j5 beside it: nothing beyond the edge, so no
    // move to the right at all (a leap "two squares right" must not reach
    // a6). Left a5..h5, up i6..i10, down i1..i4: 17.
    let p = fb("Ka1 Fi5 pj5 na6 kc10", "w - - 0 1");
    let mut tos = vec![];
    for f in "abcdefgh".chars() {
        tos.push(format!("{f}5"));
    }
    for r in [1, 2, 3, 4, 6, 7, 8, 9, 10] {
        tos.push(format!("i{r}"));
    }
    let tos: Vec<&str> = tos.iter().map(|s| s.as_str()).collect();
    assert_eq!(moves_from(&p, "i5"), to_each("i5", &tos));
    // Bomber b5 with a black pawn a5: no leap to j4 (two squares left of b5
    // in square numbering), no bombing.
    let p = fb("Ka1 Fb5 pa5 nj4 kc10", "w - - 0 1");
    assert!(moves_from(&p, "b5")
        .iter()
        .all(|m| m.ends_with('5') || &m[2..3] == "b"));
    assert!(!can_take(&p, "j4") && !can_take(&p, "a5"));
    // Super knight on i5: 6 ordinary and 6 extra leaps stay on the board.
    let p = fb_opt(&["super-knights"], "Ka1 Ni5 kc10", "w - - 0 1");
    assert_eq!(
        moves_from(&p, "i5"),
        to_each(
            "i5",
            &["g6", "g4", "h7", "j7", "h3", "j3", "h8", "j8", "h2", "j2", "f6", "f4"]
        )
    );
}

#[test]
fn depth_two_from_the_start_is_the_square_of_depth_one() {
    // No first move of either side reaches the other side's men or king (the
    // furthest pawns reach ranks 5 and 6, the leaping bombers a3/j3 find
    // a9 with a10 occupied behind it), so every white first move leaves
    // Black its own 36 (40) replies.
    assert_eq!(start(&[]).perft(2), 36 * 36);
    assert_eq!(start(&["super-knights"]).perft(2), 40 * 40);
}

// ---------------------------------------------------------------- reference

/// The reference generator (tests/support/reference.rs, written from
/// docs/rules.md alone) must agree with the rules crate move for move on random
/// games, with every combination of options.
#[test]
fn agrees_with_the_reference_generator_on_random_games() {
    let mut n = [0; 5];
    for (i, words) in [
        &[][..],
        &["immediate-landing"][..],
        &["super-knights"][..],
        &["immediate-landing", "super-knights"][..],
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 0..4 {
            n = add5(
                n,
                compare_with_reference(
                    Variant::FlyingBombers,
                    words,
                    START,
                    seed + 50 * i as u64,
                    160,
                ),
            );
        }
    }
    eprintln!("positions, with castling, en passant, launch, promotion: {n:?}");
    assert!(n[0] > 1000 && n[1] > 0 && n[2] > 0 && n[4] > 0, "{n:?}");
}

#[test]
fn reference_generator_counts_the_start_position() {
    use support::reference::{Game, Ref};
    let r = Ref::from_fen(Game::Bombers, false, false, START);
    assert_eq!(r.perft(1), 36);
    assert_eq!(r.perft(2), 36 * 36);
    assert_eq!(start(&[]).perft(3), r.perft(3));
}

/// Whole move trees around the tricky cases (bombers next to castling
/// squares, multi-step pawns facing en passant, the inventor's diagrams),
/// checked node by node against the reference generator.
#[test]
fn agrees_with_the_reference_generator_on_tactical_trees() {
    let trees: [(&[&str], &str, &str, u32); 7] = [
        (
            &[],
            "Fa1 Rb1 Kf1 Ri1 Fj1 Pc2 Pe2 Ph2 fc4 fg5 Fe6 pd9 pg8 fa10 rb10 kf10 ri10 fj10",
            "w KQkq - 0 1",
            2,
        ),
        (
            &["immediate-landing"],
            "Fa1 Rb1 Kf1 Ri1 Fj1 Pc2 Pe2 Ph2 fc4 fg5 Fe6 pd9 pg8 fa10 rb10 kf10 ri10 fj10",
            "b KQkq - 0 1",
            2,
        ),
        (
            &[],
            "Kf1 Pa2 Pc2 Pe2 Pg2 Pi2 pb4 pd5 pf4 ph5 pj4 kf10",
            "w - - 0 1",
            3,
        ),
        (
            &[],
            "Kf1 pa9 pc9 pe9 pg9 pi9 Pb7 Pd6 Pf7 Ph6 Pj7 kf10",
            "b - - 0 1",
            3,
        ),
        (&[], DIAG1, "b - - 0 1", 2),
        (&[], DIAG2, "w - - 0 1", 2),
        (&["super-knights"], DIAG3, "w - - 0 1", 2),
    ];
    for (words, pieces, rest, depth) in trees {
        let fen = format!("{} {rest}", placement10(pieces));
        let t = std::time::Instant::now();
        let n = compare_tree(Variant::FlyingBombers, words, &fen, depth);
        eprintln!("{fen} depth {depth}: {n} leaves, {:?}", t.elapsed());
        assert!(n > 0, "{fen}");
    }
}

#[test]
fn clock_and_game_record_with_bombers_and_long_castlings() {
    use boomchess_rules::{Game, Phase};
    // A bomber slide counts on; a bombing resets.
    let p = fb("Ka1 Fe3 pe6 kj10", "w - - 5 9");
    assert_eq!(fields(&after(&p, "e3e4")), "b - - 6 9");
    assert_eq!(fields(&after(&p, "e3e9")), "b - - 0 9");
    // A game records the long castlings as king moves.
    let fen = format!("{} w KQ - 0 1", placement10(CASTLE));
    let mut g = Game::from_fen(Variant::FlyingBombers, Options::default(), &fen).unwrap();
    assert_eq!(g.phase(), Phase::Play);
    g.play_san("Ki1").unwrap();
    g.play_uci("f10e10").unwrap();
    assert_eq!(g.san_moves(), vec!["Ki1".to_string(), "Ke10".to_string()]);
    assert_eq!(board(g.position()), placement10("Fa1 Rb1 Rh1 Ki1 Fj1 ke10"));
}

/// Random placements (bombers, kings and pawns anywhere, edges included),
/// compared with the reference generator (the position and, for some,
/// every position one ply on).
#[test]
fn agrees_with_the_reference_generator_on_random_placements() {
    for (i, words) in [&[][..], &["immediate-landing"][..], &["super-knights"][..]]
        .into_iter()
        .enumerate()
    {
        compare_random_positions(Variant::FlyingBombers, words, 7 + i as u64, 800, 16, 0);
        compare_random_positions(Variant::FlyingBombers, words, 70 + i as u64, 80, 8, 1);
    }
}
