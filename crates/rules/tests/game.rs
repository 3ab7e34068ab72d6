//! Game-level rules (docs/rules.md "common to all games", §1 views): the end of
//! the game by mate, stalemate and the automatic draws, undo/redo, the SAN
//! record, refused moves, and what each player gets to see. Expected values
//! worked out by hand from the rules.

mod common;

use boomchess_rules::{
    Color, Game, MoveError, Options, Outcome, Phase, Reason, Variant, VariantPosition,
};
use common::*;

fn draw(reason: Reason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

fn play_all(game: &mut Game, uci_moves: &[&str]) {
    for text in uci_moves {
        game.play_uci(text)
            .unwrap_or_else(|e| panic!("{text} in '{}': {e}", game.position().fen()));
    }
}

/// A new Beirut game with carriers chosen on squares that play no part.
fn beirut_game(white: &str, black: &str) -> Game {
    let mut g = Game::new(Variant::Beirut, Options::default());
    g.choose_carriers(&[white]).unwrap();
    g.choose_carriers(&[black]).unwrap();
    g
}

// ----- Mate and stalemate ---------------------------------------------------------

// Orthodox checkmate (fool's mate); White's carrier a2 cannot touch h4 or
// e8, so it is no way out.
#[test]
fn checkmate_ends_the_game() {
    let mut g = beirut_game("a2", "h7");
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_san(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let mate = Outcome::Decisive {
        winner: Color::Black,
        reason: Reason::Checkmate,
    };
    assert_eq!(g.outcome(), Some(mate));
    assert_eq!(g.phase(), Phase::Over(mate));
    assert_eq!(mate.result(), "0-1");
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.san_moves(), ["f3", "e5", "g4", "Qh4#"]);
    // Nothing more can be played.
    let err = g.play_uci("a2a3").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err:?}");
    assert_eq!(g.moves().len(), 4);
}

// Stalemate is a draw: Qb6 leaves the king a8 no move and no check.
#[test]
fn stalemate_is_a_draw() {
    let mut g = game(Variant::Beirut, &[], "k7/8/8/1Q6/8/8/7P*/7K w - - 0 1");
    assert_eq!(g.phase(), Phase::Play);
    g.play_uci("b5b6").unwrap();
    assert_eq!(g.outcome(), draw(Reason::Stalemate));
    assert_eq!(g.san_moves(), ["Qb6"]);
    assert_eq!(g.outcome().unwrap().result(), "1/2-1/2");
}

// ----- Automatic draws -------------------------------------------------------------

// Threefold repetition, automatic: the start position after 0, 4 and 8
// plies of knight shuffling.
#[test]
fn threefold_repetition_by_knight_shuffle() {
    let mut g = beirut_game("a2", "a7");
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play_all(&mut g, &shuffle);
    assert_eq!(g.outcome(), None, "second occurrence only");
    play_all(&mut g, &shuffle[..3]);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &shuffle[3..]);
    assert_eq!(g.outcome(), draw(Reason::ThreefoldRepetition));
    assert_eq!(
        g.phase(),
        Phase::Over(draw(Reason::ThreefoldRepetition).unwrap())
    );
    assert!(g.legal_moves().is_empty());
}

// "counted on the full position": the same placement with other castling
// rights is another position.
#[test]
fn repetition_counts_castling_rights() {
    let mut g = game(
        Variant::Beirut,
        &[],
        "r3k2r/p7/8/8/8/8/P*7/R3K2R w KQkq - 0 1",
    );
    let shuffle = ["e1f1", "e8f8", "f1e1", "f8e8"];
    play_all(&mut g, &shuffle);
    play_all(&mut g, &shuffle);
    // The start placement stood there three times (plies 0, 4, 8), but at
    // ply 0 with all castling rights: only two equal positions so far.
    assert_eq!(g.position().fen(), "r3k2r/p7/8/8/8/8/P*7/R3K2R w - - 8 5");
    assert_eq!(g.outcome(), None);
    // Ke1-f1, ...Ke8-f8 gives the position of plies 2 and 6 a third time.
    play_all(&mut g, &shuffle[..2]);
    assert_eq!(g.outcome(), draw(Reason::ThreefoldRepetition));
}

// FIDE (docs/rules.md: "everything not stated here follows orthodox chess"):
// positions are the same when the same moves are possible; an en passant
// square that no pawn can capture onto changes nothing.
#[test]
fn repetition_ignores_an_unusable_en_passant_square() {
    let mut g = beirut_game("a2", "a7");
    // After 1.e4 the text carries `e3`, but no black pawn can take on e3.
    g.play_uci("e2e4").unwrap();
    let shuffle = ["g8f6", "g1f3", "f6g8", "f3g1"];
    play_all(&mut g, &shuffle);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &shuffle[..3]);
    assert_eq!(g.outcome(), None);
    // The position after 1.e4 stands here for the third time.
    play_all(&mut g, &shuffle[3..]);
    assert_eq!(g.outcome(), draw(Reason::ThreefoldRepetition));
}

// ... but a usable en passant capture makes the position different.
#[test]
fn repetition_counts_a_usable_en_passant_square() {
    // Black's d-pawn on d4 can take e3 after e2-e4.
    let mut g = game(
        Variant::Beirut,
        &[],
        "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 3",
    );
    g.play_uci("e2e4").unwrap();
    let shuffle = ["g8f6", "g1f3", "f6g8", "f3g1"];
    play_all(&mut g, &shuffle);
    play_all(&mut g, &shuffle);
    // The placement after e4 stands here for the third time (plies 1, 5,
    // 9), but only the first time with ...dxe3 possible: two repetitions.
    assert_eq!(g.outcome(), None);
    // ...Nf6 gives the position of plies 2 and 6 a third time.
    play_all(&mut g, &shuffle[..1]);
    assert_eq!(g.outcome(), draw(Reason::ThreefoldRepetition));
}

// docs/rules.md §1.12, repetition by identity: the knights b1 and g1 trade
// squares in twelve plies (b1-d2-f3-g1 and g1-e2-c3-b1, the black king
// stepping e8-d8 and back), so the start placement comes back with the
// knights swapped at ply 12 and as it was at ply 24. The carrier is the pawn
// a2, so the placement and the carriers are the same all along: counted by
// squares and carriers the start position would stand there a third time at
// ply 24. Counted by men it stands there a second time at ply 24 (the
// swapped one at 12 and 36), and the third time at ply 48.
#[test]
fn beirut_repetition_counts_men_by_identity() {
    let start = "4k3/8/8/8/8/8/P*7/1N2K1N1 w - - 0 1";
    let cycle = [
        "b1d2", "e8d8", "g1e2", "d8e8", "d2f3", "e8d8", "e2c3", "d8e8", "f3g1", "e8d8", "c3b1",
        "d8e8",
    ];
    let mut g = game(Variant::Beirut, &[], start);
    for round in 1..=4 {
        play_all(&mut g, &cycle);
        // The same placement, side to move and clock fields as at the start.
        assert_eq!(
            g.position().fen(),
            format!(
                "4k3/8/8/8/8/8/P*7/1N2K1N1 w - - {} {}",
                12 * round,
                1 + 6 * round
            )
        );
        let expected = if round == 4 {
            draw(Reason::ThreefoldRepetition)
        } else {
            None
        };
        assert_eq!(g.outcome(), expected, "after {round} rounds");
    }
    // A shuffle that brings each knight back to its own square repeats as
    // before (plies 0, 4 and 8).
    let mut g = beirut_game("a2", "a7");
    play_all(&mut g, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    play_all(&mut g, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(g.outcome(), draw(Reason::ThreefoldRepetition));
}

// Fifty-move rule, automatic: a quiet move with the clock at 99.
#[test]
fn fifty_move_rule() {
    let fen = "4k3/8/8/8/8/8/P*7/4K2R w - - 99 80";
    let mut g = game(Variant::Beirut, &[], fen);
    assert_eq!(g.outcome(), None);
    g.play_uci("h1h2").unwrap();
    assert_eq!(g.position().halfmoves(), 100);
    assert_eq!(g.outcome(), draw(Reason::FiftyMoves));
    // A pawn move resets the clock instead.
    let mut g = game(Variant::Beirut, &[], fen);
    g.play_uci("a2a3").unwrap();
    assert_eq!(g.position().halfmoves(), 0);
    assert_eq!(g.outcome(), None);
    // So does a boom ("any move that removes a piece").
    let mut g = game(Variant::Beirut, &[], fen);
    g.play_uci("@a2").unwrap();
    assert_eq!(g.position().halfmoves(), 0);
    assert_eq!(g.outcome(), None);
}

// FIDE: a checkmate on the move that completes the fifty moves stands.
#[test]
fn mate_on_the_hundredth_half_move_is_mate() {
    let mut g = game(Variant::Beirut, &[], "k7/8/1K6/8/8/8/P*7/7R w - - 99 80");
    g.play_san("Rh8#").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
}

// Dead positions by insufficient material, as docs/rules.md and FIDE: no pawn,
// no heavy piece, no bomb, and at most one minor piece or only bishops on
// squares of one colour.
#[test]
fn insufficient_material_positions() {
    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        // K+B vs K, K+N vs K, K vs K+N.
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true),
        ("1n2k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        // K+B vs K+B, both bishops on light squares (c4, f7).
        ("4k3/5b2/8/8/2B5/8/8/4K3 w - - 0 1", true),
        // K+B+B vs K, both light (c4, e2).
        ("4k3/8/8/8/2B5/8/4B3/4K3 w - - 0 1", true),
        // K+B vs K+B on opposite colours (c4 light, f8 dark): a mate exists.
        ("4kb2/8/8/8/2B5/8/8/4K3 w - - 0 1", false),
        // K+N vs K+N, K+B vs K+N, K+N+N vs K: mates exist (not dead).
        ("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false),
        ("1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", false),
        // K+B+B on both colours (c1 dark, f1 light).
        ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false),
        // Any pawn, rook or queen.
        ("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false),
        ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", false),
    ] {
        let pos = beirut(fen);
        assert_eq!(pos.is_insufficient_material(), dead, "{fen}");
    }
    // Missiles and bombers are always sufficient (docs/rules.md, common rules).
    assert!(!stratomic("10/5k4/10/10/10/10/10/10/M4K4/10 w - - 0 1 -").is_insufficient_material());
    assert!(!bombers("5k4/10/10/10/10/10/10/10/10/F4K4 w - - 0 1").is_insufficient_material());
    assert!(stratomic("10/5k4/10/10/10/10/10/10/N4K4/10 w - - 0 1 -").is_insufficient_material());
}

// K vs K is drawn at once by the game.
#[test]
fn bare_kings_game_is_drawn() {
    let g = game(Variant::Beirut, &[], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(g.outcome(), draw(Reason::InsufficientMaterial));
    assert!(g.legal_moves().is_empty());
}

// A capture that leaves K+N vs K (no carrier left) ends the game in a draw;
// likewise K+B vs K+B with same-coloured bishops.
#[test]
fn capture_leaving_insufficient_material_draws() {
    // The black carrier pawn d2 checks Ke1; Kxd2 leaves K+N vs K.
    let mut g = game(Variant::Beirut, &[], "4k3/8/8/8/8/8/3p*4/4K1N1 w - - 0 1");
    g.play_uci("e1d2").unwrap();
    assert_eq!(g.outcome(), draw(Reason::InsufficientMaterial));
    // Bishops c8 and f1 are both on light squares.
    let mut g = game(Variant::Beirut, &[], "2b1k3/8/8/8/8/8/3p*4/4KB2 w - - 0 1");
    g.play_uci("e1d2").unwrap();
    assert_eq!(g.outcome(), draw(Reason::InsufficientMaterial));
    // With the carrier still on the board it is not a draw (§1).
    let g = game(Variant::Beirut, &[], "4k3/8/8/8/8/8/8/1N*2K3 w - - 0 1");
    assert_eq!(g.outcome(), None);
}

// ----- Undo, redo, the record ---------------------------------------------------------

// Undo takes back the last move, redo plays it again; a new move clears redo.
#[test]
fn undo_and_redo() {
    let start = "rnbqkbnr/ppppp*ppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1";
    let after_e4 = "rnbqkbnr/ppppp*ppp/8/8/4P3/8/PPPP1PPP/RNBQKBN*R b KQkq e3 0 1";
    let mut g = game(Variant::Beirut, &[], start);
    assert_eq!(g.undo(), None);
    assert!(!g.can_redo());
    let e4 = g.play_uci("e2e4").unwrap();
    assert_eq!(g.position().fen(), after_e4);
    assert_eq!(g.undo(), Some(e4));
    assert_eq!(g.position().fen(), start);
    assert!(g.moves().is_empty() && g.san_moves().is_empty());
    assert!(g.can_redo());
    assert_eq!(g.redo(), Some(e4));
    assert_eq!(g.position().fen(), after_e4);
    assert_eq!(g.san_moves(), ["e4"]);
    assert!(!g.can_redo());
    // Two undos, then two redos, in order.
    g.play_uci("e7e5").unwrap();
    g.undo();
    g.undo();
    assert_eq!(g.position().fen(), start);
    g.redo();
    g.redo();
    assert_eq!(g.san_moves(), ["e4", "e5"]);
    // A different move after an undo drops the redo list.
    g.undo();
    g.play_uci("c7c5").unwrap();
    assert!(!g.can_redo());
    assert_eq!(g.redo(), None);
    assert_eq!(g.san_moves(), ["e4", "c5"]);
    assert_eq!(g.position_at(0).unwrap().fen(), start);
    assert_eq!(g.position_at(1).unwrap().fen(), after_e4);
    assert!(g.position_at(3).is_none());
}

// Undo after the end of the game reopens it.
#[test]
fn undo_after_the_end_reopens_the_game() {
    let mut g = game(Variant::Beirut, &[], "4k2r/3N*4/8/8/8/8/8/7K w - - 0 1");
    g.play_uci("@d7").unwrap();
    assert!(matches!(g.phase(), Phase::Over(_)));
    g.undo();
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.legal_moves().len(), 3);
}

// The record is in SAN (§5), booms included.
#[test]
fn san_record() {
    let mut g = beirut_game("g1", "a7");
    play_all(
        &mut g,
        &[
            "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1", "@a6",
        ],
    );
    assert_eq!(
        g.san_moves(),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "Boom@a6"]
    );
}

// ----- Refused moves -----------------------------------------------------------------

// `play` refuses an illegal move and changes nothing (redo list included).
#[test]
fn illegal_moves_are_refused_without_change() {
    let mut g = game(
        Variant::Beirut,
        &[],
        "rnbqkbnr/ppppp*ppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1",
    );
    g.play_uci("e2e4").unwrap();
    g.play_uci("e7e5").unwrap();
    g.undo();
    let fen = g.position().fen();
    for text in ["e4e5", "e7e4", "d1h5x", "@e7", "@g1x", ""] {
        assert!(g.play_uci(text).is_err(), "{text}");
    }
    for text in ["Ke2", "Nf5", "Boom@g1", "O-O"] {
        assert!(g.play_san(text).is_err(), "{text}");
    }
    // A move from another position: White's e2e4 is not Black's move.
    let foreign = VariantPosition::new(Variant::Beirut, Options::default())
        .parse_uci("e2e4")
        .unwrap();
    let err = g.play(foreign).unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err:?}");
    assert_eq!(g.position().fen(), fen);
    assert_eq!(g.san_moves(), ["e4"]);
    assert!(g.can_redo());
}

// ----- Views -----------------------------------------------------------------------

// §1: "A player sees its own carrier(s) only; the opponent's are shown when
// they explode and when the game ends."
#[test]
fn view_hides_enemy_carriers_until_the_end() {
    let mut g = game(Variant::Beirut, &[], "4k2r/3N*4/8/8/8/p*7/8/7K w - - 0 1");
    assert_eq!(
        g.view(Color::White).fen(),
        "4k2r/3N*4/8/8/8/p7/8/7K w - - 0 1"
    );
    assert_eq!(
        g.view(Color::Black).fen(),
        "4k2r/3N4/8/8/8/p*7/8/7K w - - 0 1"
    );
    g.play_uci("@d7").unwrap();
    assert!(matches!(g.phase(), Phase::Over(_)));
    for color in Color::ALL {
        assert_eq!(g.view(color).fen(), "7r/8/8/8/8/p*7/8/7K b - - 0 1");
    }
}

// §1: booms are public, and under Dead Man's Switch so is a captured carrier's blast; nothing
// else tells a player that an enemy carrier is gone.
#[test]
fn carriers_at_most_counts_only_the_explosions_everybody_saw() {
    // Multiple Beirut: White carriers a2 and c2 (side by side with b2 between), Black g7 and h7.
    let mut g = game(
        Variant::Beirut,
        &["carriers=2"],
        "4k3/6p*p*/8/8/8/8/P*PP*5/4K3 w - - 0 1",
    );
    assert_eq!(g.carriers_at_most(Color::White), 2);
    assert_eq!(g.carriers_at_most(Color::Black), 2);
    // White's a2 booms and takes b2 with it; c2 is outside the blast.
    g.play_uci("@a2").unwrap();
    assert_eq!(g.carriers_at_most(Color::White), 1);
    // Black's g7 booms and h7 is caught in the blast: removed without exploding, which Black's
    // opponent cannot tell from an ordinary man's loss.
    g.play_uci("@g7").unwrap();
    assert_eq!(g.carriers_at_most(Color::Black), 1);
    // Undo brings the count back.
    g.undo();
    assert_eq!(g.carriers_at_most(Color::Black), 2);
}

#[test]
fn a_captured_carrier_is_public_only_under_dead_mans_switch() {
    let fen = "4k3/8/8/3p*4/8/4N3/8/4K3 w - - 0 1";
    let mut quiet = game(Variant::Beirut, &[], fen);
    quiet.play_uci("e3d5").unwrap();
    assert_eq!(
        quiet.carriers_at_most(Color::Black),
        1,
        "captured pieces are not revealed"
    );
    let mut switch = game(Variant::Beirut, &["dead-mans-switch"], fen);
    switch.play_uci("e3d5").unwrap();
    assert_eq!(
        switch.carriers_at_most(Color::Black),
        0,
        "it exploded when taken"
    );
    // En passant: the captured pawn's square is the one that explodes.
    let mut passant = game(
        Variant::Beirut,
        &["dead-mans-switch"],
        "4k3/3p*4/8/4P3/8/8/8/4K3 b - - 0 1",
    );
    play_all(&mut passant, &["d7d5", "e5d6"]);
    assert_eq!(passant.carriers_at_most(Color::Black), 0);
}

// §1: the carriers are secret from the setup on.
#[test]
fn view_during_setup_hides_the_other_choice() {
    let mut g = Game::new(Variant::Beirut, Options::default());
    g.choose_carriers(&["g1"]).unwrap();
    assert_eq!(
        g.view(Color::White).fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1"
    );
    assert_eq!(
        g.view(Color::Black).fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

// The 10×10 games have no setup phase.
#[test]
fn other_variants_start_in_play() {
    for v in [Variant::Stratomic, Variant::FlyingBombers] {
        let mut g = Game::new(v, Options::default());
        assert_eq!(g.phase(), Phase::Play);
        assert!(!g.legal_moves().is_empty());
        assert!(g.choose_carriers(&["e2"]).is_err());
    }
}
