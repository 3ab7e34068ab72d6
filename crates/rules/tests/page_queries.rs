//! The queries the browser page asks the referee (`BoardSize`,
//! `en_passant_victim`, `explosion`, `area_around`, `with_turn_passed`,
//! `parse_move`, `movetext_words`, `Color::title`), tested against the rules
//! text: docs/rules.md §1 (Beirut, Dead Man's Switch), §2 (Stratomic launches),
//! §3 (Flying Bombers pawns and en passant), §4 (position text), §5 (move
//! text) and docs/rules.md. Every expected value was worked out by
//! hand from those texts; the comments show the reasoning.

mod common;

use boomchess_rules::{
    movetext_words, BoardSize, Color, Explosion, Move, MoveError, MoveKind, Outcome, PassError,
    Role, Square, Variant, VariantPosition,
};
use common::*;

// ----- Helpers -------------------------------------------------------------------

/// Sorted names of `squares` on the board of `pos`.
fn names(pos: &VariantPosition, squares: &[Square]) -> Vec<String> {
    let mut v: Vec<String> = squares.iter().map(|&s| pos.square_name(s)).collect();
    v.sort();
    v
}

/// The legal move written `text` in coordinates; panics if it is not legal.
fn mv(pos: &VariantPosition, text: &str) -> Move {
    pos.parse_uci(text)
        .unwrap_or_else(|e| panic!("{text} in '{}': {e}", pos.fen()))
}

/// The first field of the position text (the placement).
fn placement(pos: &VariantPosition) -> String {
    pos.fen().split(' ').next().unwrap().to_string()
}

/// Field `i` (0-based) of the position text.
fn field(pos: &VariantPosition, i: usize) -> String {
    pos.fen().split(' ').nth(i).unwrap_or("").to_string()
}

/// The explosion of `text`, with its centre and area as sorted names.
fn blast(pos: &VariantPosition, text: &str) -> Option<(String, Vec<String>)> {
    pos.explosion(mv(pos, text))
        .map(|Explosion { centre, area }| (pos.square_name(centre), names(pos, &area)))
}

/// Squares of `area` that hold a piece in `pos`, as sorted names.
fn occupied(pos: &VariantPosition, area: &[Square]) -> Vec<String> {
    let full: Vec<Square> = area
        .iter()
        .copied()
        .filter(|&s| pos.piece_at(s).is_some())
        .collect();
    names(pos, &full)
}

// ----- Color::title --------------------------------------------------------------

#[test]
fn colour_titles_are_the_names_for_people() {
    assert_eq!(Color::White.title(), "White");
    assert_eq!(Color::Black.title(), "Black");
}

// ----- BoardSize ----------------------------------------------------------------

// §1: Beirut is played on 8x8; §2, §3: Stratomic and Flying Bombers on 10x10.
#[test]
fn each_variant_has_its_board_size() {
    assert_eq!(Variant::Beirut.board_size(), BoardSize::EIGHT);
    assert_eq!(Variant::Stratomic.board_size(), BoardSize::TEN);
    assert_eq!(Variant::FlyingBombers.board_size(), BoardSize::TEN);
    assert_eq!((BoardSize::EIGHT.files(), BoardSize::EIGHT.ranks()), (8, 8));
    assert_eq!((BoardSize::TEN.files(), BoardSize::TEN.ranks()), (10, 10));
    for variant in Variant::ALL {
        let pos =
            VariantPosition::from_fen(variant, Default::default(), variant.start_fen()).unwrap();
        assert_eq!(pos.board_size(), variant.board_size(), "{variant}");
        assert_eq!(pos.board_size().files(), pos.files());
        assert_eq!(pos.board_size().ranks(), pos.ranks());
    }
}

// Every square name of either board reads back as itself (§4 files a..h or
// a..j, ranks 1..8 or 1..10).
#[test]
fn square_names_round_trip_on_both_sizes() {
    for (board, files, ranks) in [(BoardSize::EIGHT, 8u8, 8u8), (BoardSize::TEN, 10, 10)] {
        for rank in 0..ranks {
            for file in 0..files {
                let name = format!("{}{}", (b'a' + file) as char, rank + 1);
                let sq = board
                    .parse(&name)
                    .unwrap_or_else(|| panic!("{name} refused"));
                assert_eq!(board.name(sq), name);
                assert_eq!(board.coords(sq), (file, rank), "{name}");
                assert_eq!(board.square(file, rank), Some(sq), "{name}");
                assert!(board.contains(sq), "{name}");
            }
        }
    }
    let ten = BoardSize::TEN;
    assert_eq!(ten.coords(ten.parse("j10").unwrap()), (9, 9));
    assert_eq!(ten.coords(ten.parse("a10").unwrap()), (0, 9));
    assert_eq!(ten.coords(ten.parse("j1").unwrap()), (9, 0));
}

#[test]
fn names_off_the_board_or_not_square_names_are_refused() {
    let eight = BoardSize::EIGHT;
    let ten = BoardSize::TEN;
    // Off the 8x8 board, but on the 10x10 one.
    for name in ["i1", "j1", "a9", "a10", "j10", "h9", "i8"] {
        assert_eq!(eight.parse(name), None, "{name} on 8x8");
        assert!(ten.parse(name).is_some(), "{name} on 10x10");
    }
    // Off both boards, or not a square name at all.
    for name in [
        "a11", "k1", "a0", "j0", "z9", "A1", "H8", "e2e4", "é1", "", "a", "1", "10", "a-1", "a01",
        "a100", " a1", "a1 ", "a1\n", "1a", "@e5", "e", "ａ1", "a١", "aa1",
    ] {
        assert_eq!(eight.parse(name), None, "{name:?} on 8x8");
        assert_eq!(ten.parse(name), None, "{name:?} on 10x10");
    }
}

// a1 is dark, the corner on each player's right is light (h1, j1; h8 / j10
// are dark again because the boards have an even number of ranks).
#[test]
fn a1_is_dark_and_the_right_hand_corner_light() {
    let eight = BoardSize::EIGHT;
    let ten = BoardSize::TEN;
    let light8 = |n: &str| eight.is_light(eight.parse(n).unwrap());
    let light10 = |n: &str| ten.is_light(ten.parse(n).unwrap());
    assert!(!light8("a1"));
    assert!(light8("h1"));
    assert!(light8("a8"));
    assert!(!light8("h8"));
    // The white queen stands on her own colour: d1 light; e1 dark.
    assert!(light8("d1"));
    assert!(!light8("e1"));
    assert!(light8("e4"));
    assert!(!light8("d4"));
    assert!(!light10("a1"));
    assert!(light10("j1"));
    assert!(light10("a10"));
    assert!(!light10("j10"));
    assert!(light10("b1"));
    assert!(!light10("b2"));
    // Half the squares are light on each board, and neighbours alternate.
    for board in [eight, ten] {
        let light = board.squares().filter(|&s| board.is_light(s)).count();
        assert_eq!(light * 2, board.squares().count());
        for s in board.squares() {
            if let Some(right) = board.offset(s, 1, 0) {
                assert_ne!(board.is_light(s), board.is_light(right));
            }
            if let Some(up) = board.offset(s, 0, 1) {
                assert_ne!(board.is_light(s), board.is_light(up));
            }
        }
    }
}

#[test]
fn offsets_stop_at_the_edges_and_never_wrap() {
    let eight = BoardSize::EIGHT;
    let ten = BoardSize::TEN;
    let at = |b: BoardSize, n: &str| b.parse(n).unwrap();
    let off = |b: BoardSize, n: &str, df: i8, dr: i8| b.offset(at(b, n), df, dr).map(|s| b.name(s));
    assert_eq!(off(eight, "a1", -1, 0), None);
    assert_eq!(off(eight, "a1", 0, -1), None);
    assert_eq!(off(eight, "a1", -1, -1), None);
    assert_eq!(off(eight, "a1", 1, 1).as_deref(), Some("b2"));
    assert_eq!(off(eight, "a1", 7, 7).as_deref(), Some("h8"));
    assert_eq!(off(eight, "a1", 8, 0), None);
    assert_eq!(off(eight, "a1", 0, 8), None);
    // h1 + one file is off the 8x8 board (not a2, the next index).
    assert_eq!(off(eight, "h1", 1, 0), None);
    assert_eq!(off(ten, "h1", 1, 0).as_deref(), Some("i1"));
    assert_eq!(off(ten, "j1", 1, 0), None);
    // a2 - one file is off the board (not h1 / j1, the previous index).
    assert_eq!(off(eight, "a2", -1, 0), None);
    assert_eq!(off(ten, "a2", -1, 0), None);
    assert_eq!(off(eight, "h8", 0, 1), None);
    assert_eq!(off(eight, "h8", 1, 0), None);
    assert_eq!(off(eight, "h8", -7, -7).as_deref(), Some("a1"));
    assert_eq!(off(ten, "j10", 0, 1), None);
    assert_eq!(off(ten, "j10", 1, 1), None);
    assert_eq!(off(ten, "j10", -9, -9).as_deref(), Some("a1"));
    assert_eq!(off(ten, "a1", 9, 9).as_deref(), Some("j10"));
    assert_eq!(off(ten, "e5", 0, 0).as_deref(), Some("e5"));
    assert_eq!(off(ten, "e5", -2, 3).as_deref(), Some("c8"));
    for (df, dr) in [
        (i8::MAX, 0),
        (0, i8::MAX),
        (i8::MIN, 0),
        (0, i8::MIN),
        (i8::MIN, i8::MIN),
    ] {
        assert_eq!(off(eight, "d4", df, dr), None, "{df},{dr}");
        assert_eq!(off(ten, "e5", df, dr), None, "{df},{dr}");
    }
}

#[test]
fn squares_and_contains_cover_the_board_exactly() {
    let eight = BoardSize::EIGHT;
    let ten = BoardSize::TEN;
    assert_eq!(eight.squares().count(), 64);
    assert_eq!(ten.squares().count(), 100);
    // a1 first, then along rank 1, then rank 2.
    let names8: Vec<String> = eight.squares().map(|s| eight.name(s)).collect();
    assert_eq!(names8[..3], ["a1", "b1", "c1"]);
    assert_eq!(names8[7], "h1");
    assert_eq!(names8[8], "a2");
    assert_eq!(names8[63], "h8");
    let names10: Vec<String> = ten.squares().map(|s| ten.name(s)).collect();
    assert_eq!(names10[9], "j1");
    assert_eq!(names10[10], "a2");
    assert_eq!(names10[99], "j10");
    let mut unique = names10.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 100);
    assert!(eight.squares().all(|s| eight.contains(s)));
    assert!(ten.squares().all(|s| ten.contains(s)));
    assert!(!eight.contains(Square::from_index(64)));
    assert!(ten.contains(Square::from_index(64)));
    assert!(!ten.contains(Square::from_index(100)));
    assert!(!ten.contains(Square::from_index(u8::MAX)));
    assert_eq!(eight.square(8, 0), None);
    assert_eq!(eight.square(0, 8), None);
    assert_eq!(ten.square(10, 0), None);
    assert_eq!(ten.square(0, 10), None);
    assert_eq!(ten.square(u8::MAX, u8::MAX), None);
    assert!(ten.square(9, 9).is_some());
}

// A square made by BoardSize is the square the position of that size uses.
#[test]
fn board_size_agrees_with_the_position() {
    for variant in Variant::ALL {
        let pos =
            VariantPosition::from_fen(variant, Default::default(), variant.start_fen()).unwrap();
        let board = pos.board_size();
        for file in 0..=pos.files() {
            for rank in 0..=pos.ranks() {
                assert_eq!(
                    board.square(file, rank),
                    pos.square(file, rank),
                    "{variant}"
                );
            }
        }
        for sq in board.squares() {
            assert_eq!(board.name(sq), pos.square_name(sq), "{variant}");
            assert_eq!(board.coords(sq), pos.coords(sq), "{variant}");
            assert_eq!(pos.parse_square(&board.name(sq)), Some(sq), "{variant}");
            assert_eq!(board.parse(&pos.square_name(sq)), Some(sq), "{variant}");
        }
        // Pieces of the start position on the squares BoardSize names.
        let e1 = board.parse("e1").unwrap();
        let king = pos.piece_at(e1);
        match variant {
            // Beirut: orthodox setup, the white king on e1.
            Variant::Beirut => assert_eq!(king.map(|p| p.color), Some(Color::White)),
            // Stratomic: rank 1 starts empty.
            Variant::Stratomic => assert_eq!(king, None),
            // Flying Bombers: rank 1 is F R N B Q K ..., e1 holds the queen.
            Variant::FlyingBombers => assert_eq!(king.map(|p| p.color), Some(Color::White)),
        }
        // The white king: e1 (orthodox), f2 (§2), f1 (§3).
        let king_square = match variant {
            Variant::Beirut => "e1",
            Variant::Stratomic => "f2",
            Variant::FlyingBombers => "f1",
        };
        assert_eq!(
            pos.king_of(Color::White).map(|s| board.name(s)).as_deref(),
            Some(king_square)
        );
    }
}

// ----- en_passant_victim ----------------------------------------------------------

// Orthodox en passant in Beirut: the victim is the pawn that made the
// 2-step, beside the capturer, one rank behind the capture square.
#[test]
fn beirut_en_passant_victim_is_the_pawn_that_stepped() {
    // Black d7-d5; White e5xd6 e.p. takes the pawn on d5.
    let pos = after(beirut("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), &["d7d5"]);
    assert_eq!(field(&pos, 3), "d6");
    let ep = mv(&pos, "e5d6");
    assert_eq!(ep.kind, MoveKind::EnPassant);
    assert_eq!(pos.en_passant_victim(ep), Some(sq(&pos, "d5")));
    assert_eq!(pos.removed_by(ep), [sq(&pos, "d5")]);
    assert_eq!(pos.en_passant_victim(mv(&pos, "e5e6")), None);
    assert_eq!(pos.en_passant_victim(mv(&pos, "e1d1")), None);
    let played = after(pos, &["e5d6"]);
    assert_eq!(placement(&played), "4k3/8/3P4/8/8/8/8/4K3");

    // White d2-d4; Black e4xd3 e.p. takes the pawn on d4.
    let pos = after(beirut("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1"), &["d2d4"]);
    assert_eq!(field(&pos, 3), "d3");
    let ep = mv(&pos, "e4d3");
    assert_eq!(ep.kind, MoveKind::EnPassant);
    assert_eq!(pos.en_passant_victim(ep), Some(sq(&pos, "d4")));
    assert_eq!(pos.removed_by(ep), [sq(&pos, "d4")]);
    assert_eq!(pos.en_passant_victim(mv(&pos, "e4e3")), None);
    let played = after(pos, &["e4d3"]);
    assert_eq!(placement(&played), "4k3/8/8/8/8/3p4/8/4K3");
}

// The en passant field alone (§4) is enough: the same victim as after
// playing the step.
#[test]
fn en_passant_victim_from_the_position_text() {
    let pos = beirut("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(
        pos.en_passant_victim(mv(&pos, "e5d6")),
        Some(sq(&pos, "d5"))
    );
    // An ordinary capture of the pawn that just double-stepped is no en
    // passant: Nc3xd5.
    let pos = beirut("4k3/8/8/3pP3/8/2N5/8/4K3 w - d6 0 2");
    let take = mv(&pos, "c3d5");
    assert_eq!(take.kind, MoveKind::Normal);
    assert_eq!(pos.en_passant_victim(take), None);
    assert_eq!(pos.removed_by(take), [sq(&pos, "d5")]);
    let pos = beirut("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let take = mv(&pos, "e4d5");
    assert_eq!(take.kind, MoveKind::Normal);
    assert_eq!(pos.en_passant_victim(take), None);
}

// §3: a 3-step pawn may be captured en passant on any square it passed
// over; the victim is the pawn that moved, which may stand two ranks from
// the capturer's destination.
#[test]
fn flying_bombers_three_step_victim_on_each_square_passed() {
    // White e2-e5 passes e3 and e4 (§4: `e3e4`).
    let pos = after(
        bombers("9k/10/10/10/10/5p4/3p6/10/4P5/K9 w - - 0 1"),
        &["e2e5"],
    );
    assert_eq!(field(&pos, 3), "e3e4");
    let e5 = sq(&pos, "e5");
    // d4xe3: lands two ranks below the victim on e5.
    let low = mv(&pos, "d4e3");
    assert_eq!(low.kind, MoveKind::EnPassant);
    assert_eq!(pos.en_passant_victim(low), Some(e5));
    assert_eq!(pos.removed_by(low), [e5]);
    // f5xe4: lands right behind the victim.
    let high = mv(&pos, "f5e4");
    assert_eq!(high.kind, MoveKind::EnPassant);
    assert_eq!(pos.en_passant_victim(high), Some(e5));
    assert_eq!(pos.removed_by(high), [e5]);
    // Other moves take nothing en passant.
    assert_eq!(pos.en_passant_victim(mv(&pos, "d4d3")), None);
    assert_eq!(pos.en_passant_victim(mv(&pos, "f5f4")), None);
    assert_eq!(pos.en_passant_victim(mv(&pos, "j10i10")), None);
    // No Flying Bombers option explodes anything.
    assert_eq!(pos.explosion(low), None);
    let played = after(pos, &["d4e3"]);
    assert_eq!(placement(&played), "9k/10/10/10/10/5p4/10/4p5/10/K9");

    // Black e9-e6 passes e8 and e7 (§4: `e8e7`).
    let pos = after(
        bombers("9k/4p5/10/3P6/5P4/10/10/10/10/K9 b - - 0 1"),
        &["e9e6"],
    );
    assert_eq!(field(&pos, 3), "e8e7");
    let e6 = sq(&pos, "e6");
    // d7xe8: two ranks above the victim on e6.
    let high = mv(&pos, "d7e8");
    assert_eq!(high.kind, MoveKind::EnPassant);
    assert_eq!(pos.en_passant_victim(high), Some(e6));
    assert_eq!(pos.removed_by(high), [e6]);
    let low = mv(&pos, "f6e7");
    assert_eq!(low.kind, MoveKind::EnPassant);
    assert_eq!(pos.en_passant_victim(low), Some(e6));
    assert_eq!(pos.removed_by(low), [e6]);
    let played = after(pos, &["d7e8"]);
    assert_eq!(placement(&played), "9k/10/4P5/10/5P4/10/10/10/10/K9");
}

// §3: a 2-step on the 10x10 board passes one square; the pawn beside the
// stepped pawn's new square captures it normally, not en passant.
#[test]
fn flying_bombers_two_step_victim() {
    let pos = after(
        bombers("9k/10/10/10/10/5p4/3p6/10/4P5/K9 w - - 0 1"),
        &["e2e4"],
    );
    assert_eq!(field(&pos, 3), "e3");
    let ep = mv(&pos, "d4e3");
    assert_eq!(ep.kind, MoveKind::EnPassant);
    assert_eq!(pos.en_passant_victim(ep), Some(sq(&pos, "e4")));
    let take = mv(&pos, "f5e4");
    assert_eq!(take.kind, MoveKind::Normal);
    assert_eq!(pos.en_passant_victim(take), None);
    assert_eq!(pos.removed_by(take), [sq(&pos, "e4")]);
}

// §2: Stratomic pawns double-step from rank 3 / 8 and are taken en passant
// as usual.
#[test]
fn stratomic_en_passant_victim() {
    let pos = after(
        stratomic("10/5k4/10/10/10/3p6/10/4P5/5K4/10 w - - 0 1 -"),
        &["e3e5"],
    );
    assert_eq!(field(&pos, 3), "e4");
    let ep = mv(&pos, "d5e4");
    assert_eq!(ep.kind, MoveKind::EnPassant);
    assert_eq!(pos.en_passant_victim(ep), Some(sq(&pos, "e5")));
    assert_eq!(pos.removed_by(ep), [sq(&pos, "e5")]);
    assert_eq!(pos.explosion(ep), None);
    assert_eq!(pos.en_passant_victim(mv(&pos, "d5d4")), None);
}

// ----- explosion and area_around ---------------------------------------------------

// §1 Boom: the carrier and every piece of either colour on the 8
// surrounding squares are removed (pawns and kings too).
#[test]
fn boom_explodes_on_the_carrier_and_its_eight_neighbours() {
    // Every square around the carrier d4 is full, of both colours.
    let pos = beirut("6k1/8/8/2pPn3/2NB*b3/2PpR3/8/6K1 w - - 0 1");
    let area = ["c3", "c4", "c5", "d3", "d4", "d5", "e3", "e4", "e5"];
    let boom = mv(&pos, "@d4");
    assert_eq!(boom.kind, MoveKind::Boom);
    assert_eq!(blast(&pos, "@d4"), Some(("d4".to_string(), sorted(&area))));
    assert_eq!(names(&pos, &pos.area_around(sq(&pos, "d4"))), sorted(&area));
    assert_eq!(names(&pos, &pos.blast_area(boom)), sorted(&area));
    assert_eq!(names(&pos, &pos.removed_by(boom)), sorted(&area));
    let played = after(pos, &["@d4"]);
    assert_eq!(placement(&played), "6k1/8/8/8/8/8/8/6K1");
}

// The area is the same whether or not the squares hold pieces; only the
// occupied ones lose something.
#[test]
fn boom_removes_only_what_stands_in_the_area() {
    // Knight carrier e4, a black pawn d5 inside the area, one f6 outside.
    let pos = beirut("4k3/8/5p2/3p4/4N*3/8/8/4K3 w - - 0 1");
    let area = ["d3", "d4", "d5", "e3", "e4", "e5", "f3", "f4", "f5"];
    let boom = mv(&pos, "@e4");
    let explosion = pos.explosion(boom).unwrap();
    assert_eq!(pos.square_name(explosion.centre), "e4");
    assert_eq!(names(&pos, &explosion.area), sorted(&area));
    assert_eq!(names(&pos, &pos.removed_by(boom)), sorted(&["d5", "e4"]));
    assert_eq!(
        names(&pos, &pos.removed_by(boom)),
        occupied(&pos, &explosion.area)
    );
    let played = after(pos, &["@e4"]);
    assert_eq!(placement(&played), "4k3/8/5p2/8/8/8/8/4K3");
}

// §1: kings are not spared by a boom; blowing up the enemy king wins.
#[test]
fn boom_takes_the_enemy_king_in_its_area() {
    let pos = beirut("8/8/8/3k4/4N*3/8/8/4K3 w - - 0 1");
    let boom = mv(&pos, "@e4");
    let explosion = pos.explosion(boom).unwrap();
    assert!(explosion.area.contains(&sq(&pos, "d5")));
    assert_eq!(names(&pos, &pos.removed_by(boom)), sorted(&["d5", "e4"]));
    let played = after(pos, &["@e4"]);
    assert_eq!(played.king_of(Color::Black), None);
    assert!(matches!(
        played.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            ..
        })
    ));
}

// The 3x3 area clipped to the board: 4 squares in a corner, 6 on an edge.
#[test]
fn boom_area_is_clipped_at_corners_and_edges() {
    // Black rook carrier in the corner a8.
    let pos = beirut("r*3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        blast(&pos, "@a8"),
        Some(("a8".to_string(), sorted(&["a7", "a8", "b7", "b8"])))
    );
    // White rook carrier in the corner h1.
    let pos = beirut("4k3/8/8/8/8/8/8/K6R* w - - 0 1");
    assert_eq!(
        blast(&pos, "@h1"),
        Some(("h1".to_string(), sorted(&["g1", "g2", "h1", "h2"])))
    );
    // White queen carrier on the edge d1.
    let pos = beirut("4k3/8/8/8/8/8/8/3Q*2K1 w - - 0 1");
    assert_eq!(
        blast(&pos, "@d1"),
        Some((
            "d1".to_string(),
            sorted(&["c1", "c2", "d1", "d2", "e1", "e2"])
        ))
    );
    // A carrier on the a-file edge.
    let pos = beirut("4k3/8/8/8/N*7/8/8/4K3 w - - 0 1");
    assert_eq!(
        blast(&pos, "@a4"),
        Some((
            "a4".to_string(),
            sorted(&["a3", "a4", "a5", "b3", "b4", "b5"])
        ))
    );
    // area_around itself on both boards.
    let st = VariantPosition::new(Variant::Stratomic, Default::default());
    assert_eq!(st.area_around(sq(&st, "a1")).len(), 4);
    assert_eq!(st.area_around(sq(&st, "j10")).len(), 4);
    assert_eq!(st.area_around(sq(&st, "j1")).len(), 4);
    assert_eq!(st.area_around(sq(&st, "a10")).len(), 4);
    assert_eq!(st.area_around(sq(&st, "e10")).len(), 6);
    assert_eq!(st.area_around(sq(&st, "j5")).len(), 6);
    assert_eq!(st.area_around(sq(&st, "i9")).len(), 9);
    // i9 on 10x10 is an inner square; its area reaches j10.
    assert_eq!(
        names(&st, &st.area_around(sq(&st, "i9"))),
        sorted(&["h8", "h9", "h10", "i8", "i9", "i10", "j8", "j9", "j10"])
    );
    // h1 on 8x8 is a corner: nothing from the next rank's a-file.
    let b = beirut("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        names(&b, &b.area_around(sq(&b, "h1"))),
        sorted(&["g1", "g2", "h1", "h2"])
    );
    assert_eq!(
        names(&b, &b.area_around(sq(&b, "a2"))),
        sorted(&["a1", "a2", "a3", "b1", "b2", "b3"])
    );
}

// Moves that are neither boom, launch nor a Dead Man's Switch capture set
// off nothing.
#[test]
fn ordinary_moves_explode_nothing() {
    // A carrier that moves or captures without the option does not explode.
    let pos = beirut("4k3/8/5p2/3p4/4N*3/8/8/4K3 w - - 0 1");
    for text in ["e4f6", "e4d6", "e1d1"] {
        assert_eq!(blast(&pos, text), None, "{text}");
    }
    let pos = beirut("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for m in pos.legal_moves() {
        assert_eq!(pos.explosion(m), None, "{}", pos.move_to_uci(m));
        assert!(pos.blast_area(m).is_empty());
    }
}

// §2 Launch: the blast is centred on the target; every piece except kings
// on the target and its 8 neighbours is destroyed, and the launched missile
// wherever it stood.
#[test]
fn launch_explodes_on_the_target() {
    // Missile a2 at f7: rook f7 and pawn e8 go, the king g8 stays, and the
    // missile a2 (outside the area) is destroyed.
    let pos = stratomic("10/10/4p1k3/5r4/10/10/10/10/M9/9K w - - 0 1 L");
    let launch = mv(&pos, "a2@f7");
    assert_eq!(launch.kind, MoveKind::Launch);
    let area = ["e6", "e7", "e8", "f6", "f7", "f8", "g6", "g7", "g8"];
    assert_eq!(
        blast(&pos, "a2@f7"),
        Some(("f7".to_string(), sorted(&area)))
    );
    assert_eq!(names(&pos, &pos.blast_area(launch)), sorted(&area));
    assert_eq!(
        names(&pos, &pos.removed_by(launch)),
        sorted(&["a2", "e8", "f7"])
    );
    let played = after(pos, &["a2@f7"]);
    assert_eq!(placement(&played), "10/10/6k3/10/10/10/10/10/10/9K");
    // Targets in a corner and on an edge.
    assert_eq!(
        blast(&pos, "a2@j10"),
        Some(("j10".to_string(), sorted(&["i9", "i10", "j9", "j10"])))
    );
    assert_eq!(
        blast(&pos, "a2@a5"),
        Some((
            "a5".to_string(),
            sorted(&["a4", "a5", "a6", "b4", "b5", "b6"])
        ))
    );
    // An empty target explodes too (any square, occupied or not): only the
    // missile is lost.
    let empty = mv(&pos, "a2@c5");
    assert_eq!(pos.explosion(empty).map(|e| e.area.len()), Some(9));
    assert_eq!(names(&pos, &pos.removed_by(empty)), ["a2"]);
    // Stepping the missile explodes nothing.
    assert_eq!(blast(&pos, "a2b3"), None);
}

// §2: with the whole area full, everything but the kings is destroyed.
#[test]
fn launch_spares_only_kings_in_a_full_area() {
    // Target e5. Area d4 e4 f4 d5 e5 f5 d6 e6 f6, all full: black king f6,
    // white king d4 (both immune), men of both colours elsewhere.
    let pos = stratomic("10/10/10/10/3pbk4/3BrN4/3KPn4/10/M9/10 w - - 0 1 L");
    let launch = mv(&pos, "a2@e5");
    let explosion = pos.explosion(launch).unwrap();
    assert_eq!(pos.square_name(explosion.centre), "e5");
    assert_eq!(occupied(&pos, &explosion.area).len(), 9);
    let mut expected: Vec<Square> = explosion
        .area
        .iter()
        .copied()
        .filter(|&s| pos.piece_at(s).is_some_and(|p| p.role != Role::King))
        .collect();
    expected.push(sq(&pos, "a2"));
    assert_eq!(names(&pos, &pos.removed_by(launch)), names(&pos, &expected));
    assert_eq!(
        names(&pos, &pos.removed_by(launch)),
        sorted(&["a2", "d5", "d6", "e4", "e5", "e6", "f4", "f5"])
    );
    let played = after(pos, &["a2@e5"]);
    assert_eq!(placement(&played), "10/10/10/10/5k4/10/3K6/10/10/10");
}

// §1 Dead Man's Switch: a captured carrier explodes centred on the capture
// square; the capturer is destroyed too.
#[test]
fn dms_capture_of_a_carrier_explodes_where_it_stood() {
    // Nb4xd5 takes the carrier knight d5; every square around it is full.
    // The pawns h2 and h7 keep mating material on the board.
    let fen = "4k3/7p/2pBb3/2Pn*R3/1NNpP3/8/7P/4K3 w - - 0 1";
    let pos = dms(fen);
    let area = ["c4", "c5", "c6", "d4", "d5", "d6", "e4", "e5", "e6"];
    let take = mv(&pos, "b4d5");
    assert_eq!(blast(&pos, "b4d5"), Some(("d5".to_string(), sorted(&area))));
    // Everything in the area is destroyed (the capturer came from outside).
    assert_eq!(names(&pos, &pos.removed_by(take)), sorted(&area));
    let played = after(pos, &["b4d5"]);
    assert_eq!(placement(&played), "4k3/7p/8/8/8/8/7P/4K3");
    assert_eq!(played.outcome(), None);

    // The same capture without the option is an ordinary capture.
    let plain = beirut(fen);
    assert_eq!(blast(&plain, "b4d5"), None);
    assert_eq!(names(&plain, &plain.removed_by(mv(&plain, "b4d5"))), ["d5"]);

    // A capture of a man that carries no bomb sets off nothing, even with
    // the option and a carrier elsewhere (here the bishop e6).
    let pos = dms("4k3/7p/2pBb*3/2PnR3/1NNpP3/8/7P/4K3 w - - 0 1");
    assert_eq!(blast(&pos, "b4d5"), None);
    assert_eq!(names(&pos, &pos.removed_by(mv(&pos, "b4d5"))), ["d5"]);
    // ... and the capture of that carrier (Re5xe6) does.
    assert_eq!(blast(&pos, "e5e6").map(|(c, _)| c).as_deref(), Some("e6"));
}

// §1 DMS: only the captured carrier explodes; a carrier that captures does
// not, and a carrier that moves does not.
#[test]
fn dms_a_capturing_carrier_explodes_nothing() {
    let pos = dms("4k3/8/5p2/3p4/4N*3/8/8/4K3 w - - 0 1");
    assert_eq!(blast(&pos, "e4f6"), None);
    assert_eq!(blast(&pos, "e4d6"), None);
    assert_eq!(names(&pos, &pos.removed_by(mv(&pos, "e4f6"))), ["f6"]);
    // The boom is still a boom under the option.
    assert_eq!(
        blast(&pos, "@e4").map(|(c, a)| (c, a.len())),
        Some(("e4".to_string(), 9))
    );
}

// §1 DMS, en passant: "the captured pawn's square".
#[test]
fn dms_en_passant_of_a_carrier_is_centred_on_the_victim() {
    // Black's carrier pawn just played e7-e5; White d5xe6 e.p. The blast is
    // centred on e5 (not e6): it takes the bishop d6, the knight f4 (which
    // a blast on e6 would miss) and the capturer on e6.
    let pos = dms("4k3/8/3b4/3Pp*3/5N2/8/8/4K3 w - e6 0 2");
    let ep = mv(&pos, "d5e6");
    assert_eq!(ep.kind, MoveKind::EnPassant);
    assert_eq!(pos.en_passant_victim(ep), Some(sq(&pos, "e5")));
    let area = ["d4", "d5", "d6", "e4", "e5", "e6", "f4", "f5", "f6"];
    assert_eq!(blast(&pos, "d5e6"), Some(("e5".to_string(), sorted(&area))));
    assert_eq!(
        names(&pos, &pos.removed_by(ep)),
        sorted(&["d6", "e5", "f4"])
    );
    let played = after(pos, &["d5e6"]);
    assert_eq!(placement(&played), "4k3/8/8/8/8/8/8/4K3");

    // A piece on rank 7 is in reach of a blast on e6 but not of one on e5:
    // it must survive.
    let pos = dms("4k3/3p4/8/3Pp*3/8/8/8/4K3 w - e6 0 2");
    let (centre, area) = blast(&pos, "d5e6").unwrap();
    assert_eq!(centre, "e5");
    assert!(!area.contains(&"d7".to_string()));
    let played = after(pos, &["d5e6"]);
    assert!(played.piece_at(sq(&played, "d7")).is_some());

    // Black takes a white carrier pawn en passant: centred on e4.
    let pos = dms("4k3/8/8/8/3pP*3/8/8/4K3 b - e3 0 1");
    let ep = mv(&pos, "d4e3");
    assert_eq!(pos.en_passant_victim(ep), Some(sq(&pos, "e4")));
    assert_eq!(
        blast(&pos, "d4e3"),
        Some((
            "e4".to_string(),
            sorted(&["d3", "d4", "d5", "e3", "e4", "e5", "f3", "f4", "f5"])
        ))
    );
    assert_eq!(names(&pos, &pos.removed_by(ep)), ["e4"]);

    // The same en passant of a pawn without a bomb sets off nothing.
    let pos = dms("4k3/8/8/8/3pP3/8/8/N*3K3 b - e3 0 1");
    assert_eq!(blast(&pos, "d4e3"), None);
    // ... nor without the option.
    let pos = beirut("4k3/8/8/8/3pP*3/8/8/4K3 b - e3 0 1");
    assert_eq!(blast(&pos, "d4e3"), None);
}

// docs/rules.md: a DMS promotion capture blasts on the promotion
// square and destroys the new piece.
#[test]
fn dms_promotion_capture_of_a_carrier() {
    let pos = dms("4k2r*/6Pp/8/8/8/8/8/4K3 w - - 0 1");
    let promote = mv(&pos, "g7h8q");
    assert_eq!(
        blast(&pos, "g7h8q"),
        Some(("h8".to_string(), sorted(&["g7", "g8", "h7", "h8"])))
    );
    assert_eq!(names(&pos, &pos.removed_by(promote)), sorted(&["h7", "h8"]));
    let played = after(pos, &["g7h8q"]);
    assert_eq!(placement(&played), "4k3/8/8/8/8/8/8/4K3");
    // The capture that promotes without the option explodes nothing.
    let plain = beirut("4k2r*/6Pp/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(blast(&plain, "g7h8q"), None);
}

// §1: castling removes nothing and sets off nothing, with the option on and
// a carrier rook castling.
#[test]
fn dms_castling_explodes_nothing() {
    let pos = dms("r3k2r/8/8/8/8/8/8/R*3K2R* w KQkq - 0 1");
    for text in ["e1g1", "e1c1"] {
        let m = mv(&pos, text);
        assert_eq!(m.kind, MoveKind::Castle);
        assert_eq!(pos.explosion(m), None, "{text}");
        assert!(pos.removed_by(m).is_empty(), "{text}");
    }
}

// §1: the referee knows both carriers; a player sees only its own, so a
// player's view cannot tell that capturing an enemy carrier will explode.
#[test]
fn dms_explosion_needs_the_carrier_known() {
    let pos = dms("4k3/7p/2pBb3/2Pn*R3/1NNpP3/8/7P/4K3 w - - 0 1");
    let take = mv(&pos, "b4d5");
    assert!(pos.explosion(take).is_some());
    assert_eq!(pos.view(Color::White).explosion(take), None);
    assert_eq!(
        pos.view(Color::Black)
            .explosion(take)
            .map(|e| pos.square_name(e.centre))
            .as_deref(),
        Some("d5")
    );
}

// ----- with_turn_passed ------------------------------------------------------------

#[test]
fn passing_flips_the_turn_and_keeps_the_board() {
    let pos = beirut("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let passed = pos.with_turn_passed().unwrap();
    assert_eq!(passed.turn(), Color::Black);
    assert_eq!(placement(&passed), placement(&pos));
    assert_eq!(field(&passed, 1), "b");
    assert_eq!(field(&passed, 2), "KQkq");
    assert_eq!(field(&passed, 3), "-");
    // Black's 20 orthodox first moves.
    let black = moves(&passed);
    assert_eq!(black.len(), 20);
    assert!(has(&passed, "e7e5"));
    assert!(has(&passed, "g8f6"));
    assert!(!has(&passed, "e2e4"));
    // Passing back gives White's moves again.
    let back = passed.with_turn_passed().unwrap();
    assert_eq!(back.turn(), Color::White);
    assert_eq!(moves(&back), moves(&pos));
    // The passed position is a valid position text that reads back.
    let reread = VariantPosition::from_fen(Variant::Beirut, pos.options(), &passed.fen())
        .unwrap_or_else(|e| panic!("'{}' refused: {e}", passed.fen()));
    assert_eq!(reread.fen(), passed.fen());
    assert_eq!(reread.hash(), passed.hash());
    assert_ne!(passed.hash(), pos.hash());
}

// §4: the en passant right belongs to the very next move only; after a pass
// it is gone.
#[test]
fn passing_clears_en_passant() {
    let pos = beirut("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(has(&pos, "e4d3"));
    let white = pos.with_turn_passed().unwrap();
    assert_eq!(field(&white, 3), "-");
    let black = white.with_turn_passed().unwrap();
    assert_eq!(black.turn(), Color::Black);
    assert_eq!(field(&black, 3), "-");
    assert!(!has(&black, "e4d3"));
    assert!(has(&black, "e4e3"));
    assert_eq!(placement(&black), placement(&pos));
    // Reads back as a position without en passant.
    let reread = beirut(&white.fen());
    assert_eq!(reread.hash(), white.hash());
    // Flying Bombers: the two squares of a 3-step are both cleared.
    let pos = after(
        bombers("9k/10/10/10/10/5p4/3p6/10/4P5/K9 w - - 0 1"),
        &["e2e5"],
    );
    let white = pos.with_turn_passed().unwrap();
    assert_eq!(field(&white, 3), "-");
    let black = white.with_turn_passed().unwrap();
    assert!(!has(&black, "d4e3"));
    assert!(!has(&black, "f5e4"));
}

// §1: "A hidden bomb never gives check": White's king beside Black's
// carrier is not in check, so the turn may pass; Black may then boom.
#[test]
fn passing_keeps_the_carriers() {
    let pos = beirut("4k3/8/8/8/8/N*7/3r*4/4K3 w - - 0 1");
    assert!(!pos.is_check());
    let passed = pos.with_turn_passed().unwrap();
    assert_eq!(passed.turn(), Color::Black);
    assert_eq!(carrier_names(&passed, Color::White), ["a3"]);
    assert_eq!(carrier_names(&passed, Color::Black), ["d2"]);
    assert_eq!(placement(&passed), placement(&pos));
    // The boom of d2 covers e1: legal for Black, and it wins.
    assert!(has(&passed, "@d2"));
    assert!(!has(&passed, "@a3"));
    assert!(!has(&pos, "@d2"));
    assert!(has(&pos, "@a3"));
}

// §2: passing keeps the launch state (field 7) and shows the other side's
// launches.
#[test]
fn passing_keeps_the_launch_state() {
    let pos = stratomic("10/10/4p1k3/5r4/10/10/10/10/M9/9K b - - 0 1 L");
    assert!(!has(&pos, "a2@f7"));
    let passed = pos.with_turn_passed().unwrap();
    assert!(passed.launches_unlocked());
    assert_eq!(field(&passed, 6), "L");
    assert!(has(&passed, "a2@f7"));
    let locked = stratomic("10/10/4p1k3/5r4/10/10/10/10/M9/9K b - - 0 1 -");
    let passed = locked.with_turn_passed().unwrap();
    assert!(!passed.launches_unlocked());
    assert!(!has(&passed, "a2@f7"));
}

// A side in check cannot pass: its king could be taken.
#[test]
fn passing_in_check_is_refused() {
    let pos = beirut("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let err = pos.with_turn_passed().unwrap_err();
    assert_eq!(err, PassError::InCheck(Color::White));
    let text = err.to_string();
    assert!(text.contains("White") && text.contains("Black"), "{text}");

    let pos = beirut("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1");
    let err = pos.with_turn_passed().unwrap_err();
    assert_eq!(err, PassError::InCheck(Color::Black));
    let text = err.to_string();
    assert!(text.contains("White") && text.contains("Black"), "{text}");

    // §3: a bomber that could capture the king gives check (helicopter
    // leap e8-e10).
    let pos = bombers("4k5/10/4F5/10/10/10/10/10/10/K9 b - - 0 1");
    assert!(pos.is_check());
    assert_eq!(
        pos.with_turn_passed(),
        Err(PassError::InCheck(Color::Black))
    );
    // §2: a missile gives check like any attacker.
    let pos = stratomic("10/5k4/5M4/10/10/10/10/10/5K4/10 b - - 0 1 -");
    assert!(pos.is_check());
    assert_eq!(
        pos.with_turn_passed(),
        Err(PassError::InCheck(Color::Black))
    );
}

// ----- parse_move ------------------------------------------------------------------

fn same(pos: &VariantPosition, a: &str, b: &str) -> Move {
    let ma = pos
        .parse_move(a)
        .unwrap_or_else(|e| panic!("{a} in '{}': {e}", pos.fen()));
    let mb = pos
        .parse_move(b)
        .unwrap_or_else(|e| panic!("{b} in '{}': {e}", pos.fen()));
    assert_eq!(ma, mb, "{a} vs {b}");
    assert!(pos.is_legal(ma));
    ma
}

// §5: coordinate text and SAN name the same moves.
#[test]
fn san_and_coordinates_give_the_same_move() {
    let start = beirut("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for (san, uci) in [
        ("e4", "e2e4"),
        ("Nf3", "g1f3"),
        ("Nc3", "b1c3"),
        ("a3", "a2a3"),
        ("h4", "h2h4"),
    ] {
        let m = same(&start, san, uci);
        assert_eq!(start.parse_uci(uci), Ok(m));
        assert_eq!(start.parse_san(san), Ok(m));
    }
    // Surrounding spaces are ignored.
    same(&start, "  Nf3 ", "g1f3");

    let castles = beirut("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(same(&castles, "O-O", "e1g1").kind, MoveKind::Castle);
    assert_eq!(same(&castles, "O-O-O", "e1c1").kind, MoveKind::Castle);
    same(&castles, "0-0", "e1g1");

    let capture = beirut("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    same(&capture, "exd5", "e4d5");

    let promote = beirut("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        same(&promote, "b8=Q", "b7b8q").promotion(),
        Some(Role::Queen)
    );
    assert_eq!(
        same(&promote, "b8=N", "b7b8n").promotion(),
        Some(Role::Knight)
    );
    // A promotion must name the new piece.
    assert!(promote.parse_move("b7b8").is_err());
    assert!(promote.parse_move("b7b8k").is_err());

    let boom = beirut("4k3/8/8/3p4/4N*3/8/8/4K3 w - - 0 1");
    assert_eq!(same(&boom, "Boom@e4", "@e4").kind, MoveKind::Boom);

    // §3: the longer castlings as king moves; the bomber names its landing
    // square.
    let fb = bombers("4k5/10/10/10/10/10/10/10/10/1R3K4 w Q - 0 1");
    assert_eq!(same(&fb, "Kb1", "f1b1").kind, MoveKind::Castle);
    assert_eq!(same(&fb, "Kc1", "f1c1").kind, MoveKind::Castle);
    assert_eq!(same(&fb, "O-O-O", "f1d1").kind, MoveKind::Castle);
    let fb = bombers("9k/10/10/5n4/10/10/10/10/5F4/K9 w - - 0 1");
    same(&fb, "Fxf8", "f2f8");
    same(&fb, "Fxf10", "f2f10");

    // §2: the launch `M@f7` and a promotion to a missile on rank 9.
    let st = stratomic("10/10/4p1k3/5r4/10/10/10/10/M9/9K w - - 0 1 L");
    assert_eq!(same(&st, "M@f7", "a2@f7").kind, MoveKind::Launch);
    let st = stratomic("10/k9/4P5/10/10/10/10/10/5K4/10 w - - 0 1 -");
    assert_eq!(
        same(&st, "e9=M", "e8e9m").kind,
        MoveKind::Promotion(Role::Missile)
    );
}

// §5: `Md2@f7` when two missiles could.
#[test]
fn launch_needs_the_missile_named_when_two_could() {
    let st = stratomic("10/10/4p1k3/5r4/10/10/10/10/M8M/9K w - - 0 1 L");
    assert!(matches!(
        st.parse_move("M@f7"),
        Err(MoveError::Ambiguous(_))
    ));
    same(&st, "Ma2@f7", "a2@f7");
    same(&st, "Mj2@f7", "j2@f7");
    // §2 (a): without a non-pawn capture, no launch.
    let locked = stratomic("10/10/4p1k3/5r4/10/10/10/10/M8M/9K w - - 0 1 -");
    assert!(locked.parse_move("Ma2@f7").is_err());
    assert!(locked.parse_move("a2@f7").is_err());
}

#[test]
fn ambiguous_san_is_refused_and_disambiguated() {
    let pos = beirut("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let err = pos.parse_move("Nd2").unwrap_err();
    assert!(matches!(err, MoveError::Ambiguous(_)), "{err:?}");
    assert!(err.to_string().contains("Nd2"), "{err}");
    same(&pos, "Nbd2", "b1d2");
    same(&pos, "Nfd2", "f3d2");
}

// `Boom!` alone: the boom of the side to move's only carrier that may boom.
#[test]
fn boom_alone_with_one_carrier() {
    let pos = beirut("4k3/8/8/3p4/4N*3/8/8/4K3 w - - 0 1");
    let boom = pos.parse_move("Boom!").unwrap();
    assert_eq!(boom, mv(&pos, "@e4"));
    assert_eq!(pos.parse_move("Boom"), Ok(boom));
    assert_eq!(pos.parse_move(" Boom! "), Ok(boom));
    // Two carriers, but the one beside its own king may not boom (§1: a
    // boom may not remove your own king): `Boom!` is the other one.
    let pos = beirut("4k3/8/8/8/1N*6/8/3N*4/4K3 w - - 0 1");
    assert!(!has(&pos, "@d2"));
    assert_eq!(pos.parse_move("Boom!"), Ok(mv(&pos, "@b4")));
}

#[test]
fn boom_alone_with_no_carrier_that_may_boom() {
    let cases = [
        // Orthodox: no carrier at all.
        beirut("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        // Only Black has a carrier; White is to move.
        beirut("4k3/3n*4/8/8/8/8/8/4K3 w - - 0 1"),
        // White's carrier stands beside its own king.
        beirut("4k3/8/8/8/8/8/3N*4/4K3 w - - 0 1"),
        // Stratomic has no carriers.
        stratomic("10/10/4p1k3/5r4/10/10/10/10/M9/9K w - - 0 1 L"),
    ];
    for pos in cases {
        for text in ["Boom!", "Boom"] {
            let err = pos.parse_move(text).unwrap_err();
            let message = err.to_string().to_lowercase();
            assert!(
                message.contains("no carrier") && message.contains("boom"),
                "{text} in '{}': {err}",
                pos.fen()
            );
        }
    }
}

#[test]
fn boom_alone_with_two_carriers_asks_which() {
    let pos = beirut("4k3/8/8/8/1N*4N*1/8/8/4K3 w - - 0 1");
    assert!(has(&pos, "@b4") && has(&pos, "@g4"));
    let err = pos.parse_move("Boom!").unwrap_err();
    assert!(err.to_string().contains("Boom@"), "{err}");
    same(&pos, "Boom@b4", "@b4");
    same(&pos, "Boom@g4", "@g4");
}

#[test]
fn illegal_and_malformed_text_is_refused_with_a_message() {
    let start = beirut("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for text in [
        "e2e5", "Nf6", "e7e5", "O-O", "O-O-O", "Boom@e4", "@e2", "Qxh7#", "e2e4q", "Ke2", "e5",
        "b1d2", "a1a3",
    ] {
        let err = start.parse_move(text).unwrap_err();
        assert!(matches!(err, MoveError::Illegal { .. }), "{text}: {err:?}");
        assert!(err.to_string().contains(text), "{text}: {err}");
    }
    for text in [
        "", "   ", "xyz", "@", "@@e4", "e2e4e5", "z9z9", "e9e10", "i2i4", "e2-", "Nf3Nf6", "1.",
        "e2e4,", "??", "---",
    ] {
        let err = start.parse_move(text).unwrap_err();
        assert!(!err.to_string().is_empty(), "{text:?}");
        if !text.trim().is_empty() {
            assert!(err.to_string().contains(text.trim()), "{text:?}: {err}");
        }
    }
}

#[test]
fn odd_and_huge_input_never_panics() {
    let positions = [
        beirut("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        beirut("4k3/8/8/3p4/4N*3/8/8/4K3 w - - 0 1"),
        stratomic("10/10/4p1k3/5r4/10/10/10/10/M9/9K w - - 0 1 L"),
        bombers("frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1"),
    ];
    let odd = [
        "é4",
        "e2é4",
        "♘f3",
        "Ｎf3",
        "ｅ２ｅ４",
        "e2e4\u{200b}",
        "\u{feff}e4",
        "e\u{0301}4",
        "🙂",
        "Boom！",
        "Boom\u{0301}",
        "Bööm",
        "İ",
        "ß",
        "\u{0}",
        "e2\u{0}e4",
        "@é5",
        "a2@ｆ7",
        "M@f\u{0667}",
        "e٤",
        "½-½",
        "Ⅻ",
        "\u{202e}4e2e",
    ];
    let huge = [
        "e2e4".repeat(100_000),
        "a".repeat(100_000),
        "1".repeat(10_000),
        "@".repeat(10_000),
        "é".repeat(50_000),
        format!("e2{}", "4".repeat(10_000)),
        format!("Boom@{}", "e".repeat(10_000)),
    ];
    for pos in &positions {
        for text in odd.iter().copied().chain(huge.iter().map(String::as_str)) {
            let got = pos.parse_move(text);
            assert!(
                got.is_err(),
                "{:?} accepted",
                text.chars().take(20).collect::<String>()
            );
            let _ = got.unwrap_err().to_string();
        }
    }
    // Random text from an alphabet of move characters and odd ones: never
    // a panic, and whatever is accepted is a legal move.
    let alphabet: Vec<char> = "abcdefghijkKQRBNPMFOo0123456789@x=+#-!? .,é♘\u{200b}½"
        .chars()
        .collect();
    let mut rng = Rng::new(0x5eed_6181);
    for pos in &positions {
        for _ in 0..3000 {
            let len = rng.below(9);
            let text: String = (0..len).map(|_| *rng.pick(&alphabet)).collect();
            if let Ok(m) = pos.parse_move(&text) {
                assert!(pos.is_legal(m), "{text:?}");
            }
        }
    }
}

// ----- movetext_words --------------------------------------------------------------

#[test]
fn movetext_drops_numbers_and_results() {
    assert_eq!(
        movetext_words("1. e4 e5 2. Nf3 Nc6"),
        ["e4", "e5", "Nf3", "Nc6"]
    );
    assert_eq!(movetext_words("1.e4 e5 2.Nf3"), ["e4", "e5", "Nf3"]);
    assert_eq!(movetext_words("12... Qd4"), ["Qd4"]);
    assert_eq!(movetext_words("12...Qd4 13.Nc3"), ["Qd4", "Nc3"]);
    assert_eq!(movetext_words("1... e5"), ["e5"]);
    assert_eq!(movetext_words("100. Kg2"), ["Kg2"]);
    for result in ["1-0", "0-1", "1/2-1/2", "*", "½-½"] {
        assert_eq!(
            movetext_words(&format!("1. e4 e5 {result}")),
            ["e4", "e5"],
            "{result}"
        );
        assert!(movetext_words(result).is_empty(), "{result}");
    }
    // Castling written with zeros is a move, not a result.
    assert_eq!(movetext_words("5. 0-0 0-0-0"), ["0-0", "0-0-0"]);
    assert_eq!(movetext_words("5. O-O O-O-O"), ["O-O", "O-O-O"]);
}

// `12. ... Qd4` is the usual way to write a Black move after a break in the
// text; the `...` belongs to the move number, as in `12... Qd4`.
#[test]

fn movetext_drops_a_separate_ellipsis_after_the_number() {
    assert_eq!(movetext_words("12. ... Qd4"), ["Qd4"]);
    assert_eq!(
        movetext_words("1. e4 1. ... e5 2. Nf3"),
        ["e4", "e5", "Nf3"]
    );
}

#[test]
fn movetext_splits_on_commas_and_any_whitespace() {
    assert_eq!(movetext_words("e2e4, e7e5,g1f3"), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(
        movetext_words("1. e4\n1... e5\r\n2. Nf3\tNc6\n"),
        ["e4", "e5", "Nf3", "Nc6"]
    );
    assert_eq!(movetext_words("e4\u{a0}e5"), ["e4", "e5"]);
    assert!(movetext_words("").is_empty());
    assert!(movetext_words("   ,, \n\t ,").is_empty());
    assert!(movetext_words("1. 2. 3...").is_empty());
}

// §5: the explosive moves and the 10x10 coordinates are words like any other.
#[test]
fn movetext_keeps_explosive_and_ten_by_ten_moves() {
    assert_eq!(
        movetext_words("1. Boom@e5 Boom! 2. @e5 d2@f7 3.M@f7 Md2@f7 e9e10q Fxf8 Ki1 1-0"),
        ["Boom@e5", "Boom!", "@e5", "d2@f7", "M@f7", "Md2@f7", "e9e10q", "Fxf8", "Ki1"]
    );
    assert_eq!(movetext_words("10.e2e5 10...e9e6"), ["e2e5", "e9e6"]);
    assert_eq!(movetext_words("Nxe5+ Qh5# exd6"), ["Nxe5+", "Qh5#", "exd6"]);
}

// The page reads a whole game: words, then each move in either notation.
#[test]
fn a_written_game_plays_through_parse_move() {
    let mut pos = beirut("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let text = "1. e4 e5 2. Nf3, b8c6\n3.Bb5 a6 4. Ba4 Nf6 5. O-O 5...Be7 *";
    for word in movetext_words(text) {
        let m = pos
            .parse_move(word)
            .unwrap_or_else(|e| panic!("{word} in '{}': {e}", pos.fen()));
        pos.play(m).unwrap();
    }
    // The Ruy Lopez after 5...Be7; four half-moves since 3...a6.
    assert_eq!(
        pos.fen(),
        "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6"
    );
}
