//! The public Beirut game and its audit (online play; docs/rules.md §1.12,
//! "a game refereed in public"), tested against the rules text: men followed
//! by identity, who may boom (§1.4), Dead Man's Switch answers (§1.10), the
//! stuck side's statement (§1.6), the draw rules that need no secret, fallen
//! flags, and the audit that replays everything with the true carriers.
//! Every expected value is worked out by hand from docs/rules.md; the last
//! test plays random games through the referee (`Game`) and mirrors them.

mod common;

use boomchess_rules::{
    Action, Audit, Awaiting, Board8, BoomRefusal, CarrierProblem, Color, Falsehood, FlagResult,
    Game, Geometry, Move, MoveKind, Options, Outcome, Phase, PublicError, PublicGame, Reason,
    Square, Variant, VariantPosition,
};
use common::{opts, Rng};

// ----- helpers ---------------------------------------------------------------------

fn sq(name: &str) -> Square {
    Board8::parse_square(name).unwrap_or_else(|| panic!("{name} is no square"))
}

fn squares(names: &[&str]) -> Vec<Square> {
    names.iter().map(|n| sq(n)).collect()
}

/// A public game from a referee's position text (docs/rules.md §4): the
/// `*` marks are dropped, and returned as the carriers' squares (which are
/// their origins, since the game starts there).
fn public_from(words: &[&str], fen: &str) -> (PublicGame, Vec<Square>, Vec<Square>) {
    let referee = VariantPosition::from_fen(Variant::Beirut, opts(Variant::Beirut, words), fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    let game = PublicGame::from_fen(opts(Variant::Beirut, words), &fen.replace('*', ""))
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    (
        game,
        referee.carriers(Color::White),
        referee.carriers(Color::Black),
    )
}

fn new_game(words: &[&str]) -> PublicGame {
    PublicGame::new(opts(Variant::Beirut, words))
}

fn fen(game: &PublicGame) -> String {
    game.position().fen()
}

/// Plays ordinary moves in coordinates; answers every switch "no".
fn play(game: &mut PublicGame, uci: &[&str]) {
    for text in uci {
        let m = game
            .position()
            .parse_uci(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", fen(game)));
        game.play(m)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", fen(game)));
    }
}

fn uci_sorted(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves
        .iter()
        .map(|&m| boomchess_rules::move_to_uci::<Board8>(m))
        .collect();
    v.sort();
    v
}

fn win(winner: Color, reason: Reason) -> Outcome {
    Outcome::Decisive { winner, reason }
}

fn draw(reason: Reason) -> Outcome {
    Outcome::Draw { reason }
}

fn failed(side: Color, ply: usize, what: Falsehood) -> Audit {
    Audit::Failed { side, ply, what }
}

// ----- Identity of men ----------------------------------------------------------------

// §1.1 "for a rook, when it castles": the rook h1 keeps its identity on f1.
#[test]
fn castling_moves_the_rook_identity() {
    let mut g = new_game(&[]);
    play(
        &mut g,
        &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1"],
    );
    assert_eq!(g.origin_at(sq("g1")), Some(sq("e1")));
    assert_eq!(g.origin_at(sq("f1")), Some(sq("h1")));
    assert_eq!(g.origin_at(sq("h1")), None);
    assert_eq!(g.square_of(sq("h1")), Some(sq("f1")));
    assert_eq!(g.square_of(sq("e1")), Some(sq("g1")));
    assert_eq!(g.square_of(sq("g1")), Some(sq("f3")));
    assert!(!g.promoted_at(sq("f1")));
}

// En passant removes the pawn that stepped, not a piece on the target.
#[test]
fn en_passant_removes_the_pawn_that_stepped() {
    let mut g = new_game(&[]);
    play(&mut g, &["e2e4", "a7a6", "e4e5", "d7d5", "e5d6"]);
    assert_eq!(g.origin_at(sq("d6")), Some(sq("e2")));
    assert_eq!(g.square_of(sq("d7")), None);
    assert_eq!(g.origin_at(sq("d5")), None);
    assert_eq!(g.square_of(sq("e2")), Some(sq("d6")));
    assert_eq!(g.san_moves(), ["e4", "a6", "e5", "d5", "exd6"]);
}

// §1.7: a promoted pawn keeps its origin but carries no bomb.
#[test]
fn a_promoted_pawn_keeps_its_origin_and_cannot_boom() {
    let mut g = new_game(&[]);
    // 1.h4 g5 2.hxg5 h6 3.gxh6 Nf6 4.h7 Rg8 5.hxg8=Q
    play(
        &mut g,
        &[
            "h2h4", "g7g5", "h4g5", "h7h6", "g5h6", "g8f6", "h6h7", "h8g8", "h7g8q",
        ],
    );
    assert_eq!(g.origin_at(sq("g8")), Some(sq("h2")));
    assert!(g.promoted_at(sq("g8")));
    assert_eq!(g.square_of(sq("h2")), Some(sq("g8")));
    // The rook h8 was taken on g8, the g7 pawn on g5, the h7 pawn on h6.
    for gone in ["h8", "g7", "h7"] {
        assert_eq!(g.square_of(sq(gone)), None, "{gone}");
    }
    assert_eq!(g.origin_at(sq("f6")), Some(sq("g8")));
    // Black to move; back to White after a quiet move: the queen g8 may not
    // boom, another man may.
    play(&mut g, &["a7a6"]);
    assert_eq!(
        g.may_boom(sq("g8")),
        Err(PublicError::CannotBoom {
            square: sq("g8"),
            why: BoomRefusal::Promoted
        })
    );
    assert!(!g.boom_squares().contains(&sq("g8")));
    assert_eq!(g.may_boom(sq("a2")), Ok(()));
}

// ----- Who may boom: §1.4 -----------------------------------------------------------

// §1.4 case 1: the own king in the area forbids the boom, also with the
// enemy king in it (d2's area holds e1 and c3).
#[test]
fn a_boom_with_the_own_king_in_its_area_is_refused() {
    let (g, _, _) = public_from(&[], "8/8/8/8/8/2k5/3N4/4K3 w - - 0 1");
    let refusal = |square: &str, why| {
        Err(PublicError::CannotBoom {
            square: sq(square),
            why,
        })
    };
    assert_eq!(
        g.may_boom(sq("d2")),
        refusal("d2", BoomRefusal::OwnKingInArea)
    );
    assert!(g.boom_squares().is_empty());
    // Not a man of the side to move: the king, the enemy king, an empty square.
    assert_eq!(g.may_boom(sq("e1")), refusal("e1", BoomRefusal::King));
    assert_eq!(g.may_boom(sq("c3")), refusal("c3", BoomRefusal::NotOwnMan));
    assert_eq!(g.may_boom(sq("a1")), refusal("a1", BoomRefusal::NotOwnMan));
    let (g, _, _) = public_from(&[], "4k3/8/8/8/8/8/6N1/7K w - - 0 1");
    assert_eq!(
        g.may_boom(sq("g2")),
        refusal("g2", BoomRefusal::OwnKingInArea)
    );
}

// §1.4 case 3: a boom that takes away the shield of its own king is illegal
// (d4's blast removes the knight e3 in front of Ke1, and the rook e6 would
// check; e3's own blast opens the file too); a pinned carrier may boom when
// its blast takes the pinning rook as well.
#[test]
fn a_boom_may_not_expose_the_own_king() {
    let (g, _, _) = public_from(&[], "4k3/8/4r3/8/3N4/4N3/8/4K3 w - - 0 1");
    for square in ["d4", "e3"] {
        assert_eq!(
            g.may_boom(sq(square)),
            Err(PublicError::CannotBoom {
                square: sq(square),
                why: BoomRefusal::KingLeftInCheck
            }),
            "{square}"
        );
    }
    let (g, _, _) = public_from(&[], "4k3/8/8/8/4r3/4N3/8/4K3 w - - 0 1");
    assert_eq!(g.may_boom(sq("e3")), Ok(()));
}

// §1.11 "Explosion beats check": Kg1, Kg2 and the boom d7, which destroys
// the king e8 although White is in check.
#[test]
fn explosion_beats_check() {
    let (mut g, white, _) = public_from(&[], "4k2r/3N*4/8/8/8/8/8/7K w - - 0 1");
    // Black's only man is its carrier.
    let black = squares(&["h8"]);
    assert_eq!(g.awaiting(), Awaiting::Move(Color::White));
    assert_eq!(uci_sorted(&g.legal_moves()), ["h1g1", "h1g2"]);
    assert_eq!(g.boom_squares(), [sq("d7")]);
    g.boom(sq("d7")).unwrap();
    let result = win(Color::White, Reason::KingDestroyed);
    assert_eq!(g.awaiting(), Awaiting::Over(result));
    assert_eq!(g.san_moves(), ["Boom@d7#"]);
    assert_eq!(g.carriers_opened(Color::White), 1);
    assert_eq!(g.audit(&white, &black), Audit::Verified(Some(result)));
    // Nothing more can happen.
    assert_eq!(
        g.resign(Color::Black),
        Err(PublicError::NotAwaited(Awaiting::Over(result)))
    );
}

// §1.11 "A boom as the only way out": no ordinary move, so the public game
// is stuck; the boom b2 (its area holds the rook a1) is allowed.
#[test]
fn a_boom_as_the_only_way_out() {
    let (mut g, white, _) = public_from(&[], "7k/8/8/8/8/8/1P*3PPP/r5K1 w - - 0 1");
    let black = squares(&["a1"]);
    assert_eq!(g.awaiting(), Awaiting::Stuck(Color::White));
    assert!(g.legal_moves().is_empty());
    // f2, g2 and h2 would blow up their own king g1.
    assert_eq!(g.boom_squares(), [sq("b2")]);
    assert_eq!(
        g.play(Move {
            from: sq("g1"),
            to: sq("f1"),
            kind: MoveKind::Normal
        }),
        Err(PublicError::NotAwaited(Awaiting::Stuck(Color::White)))
    );
    let mut boomed = g.clone();
    boomed.boom(sq("b2")).unwrap();
    assert_eq!(fen(&boomed), "7k/8/8/8/8/8/5PPP/6K1 b - - 0 1");
    assert_eq!(boomed.awaiting(), Awaiting::Move(Color::Black));
    assert_eq!(boomed.san_moves(), ["Boom@b2"]);
    assert_eq!(boomed.audit(&white, &black), Audit::Verified(None));

    // "I have no legal boom" is accepted as checkmate, and found false by the
    // audit, which names a boom White had.
    g.declare_no_boom().unwrap();
    let mate = win(Color::Black, Reason::Checkmate);
    assert_eq!(g.awaiting(), Awaiting::Over(mate));
    assert_eq!(
        g.audit(&white, &black),
        failed(Color::White, 0, Falsehood::FalseNoBoom { boom: sq("b2") })
    );
    // "Without the * the same position is checkmate": with the carrier g2
    // the statement was true.
    assert_eq!(
        g.audit(&squares(&["g2"]), &black),
        Audit::Verified(Some(mate))
    );
}

// §1.6: the public game ends a position without ordinary moves at once when
// no man could boom: f2, g2 and h2 all have the king g1 in their area.
#[test]
fn no_possible_boom_is_mate_at_once() {
    let (g, _, _) = public_from(&[], "7k/8/8/8/8/8/5PPP/r5K1 w - - 0 1");
    assert_eq!(
        g.awaiting(),
        Awaiting::Over(win(Color::Black, Reason::Checkmate))
    );
    assert!(g.boom_squares().is_empty());
}

// Fool's mate is mate only if the pawn g4 (from g2) carries no bomb: its
// blast would take the queen h4 (§1.6). The public game waits for White's
// statement and writes the mate `#` only once it is made.
#[test]
fn a_mate_is_written_once_the_statement_is_made() {
    let mut g = new_game(&[]);
    play(&mut g, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(g.awaiting(), Awaiting::Stuck(Color::White));
    assert_eq!(g.boom_squares(), [sq("g4")]);
    assert_eq!(g.san_moves(), ["f3", "e5", "g4", "Qh4+"]);
    g.declare_no_boom().unwrap();
    let mate = win(Color::Black, Reason::Checkmate);
    assert_eq!(g.awaiting(), Awaiting::Over(mate));
    assert_eq!(g.san_moves(), ["f3", "e5", "g4", "Qh4#"]);
    let black = squares(&["h7"]);
    assert_eq!(
        g.audit(&squares(&["a2"]), &black),
        Audit::Verified(Some(mate))
    );
    assert_eq!(
        g.audit(&squares(&["g2"]), &black),
        failed(Color::White, 4, Falsehood::FalseNoBoom { boom: sq("g4") })
    );
}

// ----- The wiki-book game -----------------------------------------------------------

// §1.11: White chose the g1 knight, Black the h7 pawn; 6.Boom@e5 removes the
// queen d4, the pawn e4 and the knight.
#[test]
fn the_wiki_book_game_in_public() {
    let mut g = new_game(&[]);
    play(
        &mut g,
        &[
            "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "f3e5", "d8d4",
        ],
    );
    assert_eq!(
        fen(&g),
        "r1b1kbnr/1pp2ppp/p1p5/4N3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6"
    );
    assert_eq!(g.origin_at(sq("e5")), Some(sq("g1")));
    g.boom(sq("e5")).unwrap();
    assert_eq!(
        fen(&g),
        "r1b1kbnr/1pp2ppp/p1p5/8/8/8/PPPP1PPP/RNBQK2R b KQkq - 0 6"
    );
    assert_eq!(g.awaiting(), Awaiting::Move(Color::Black));
    assert_eq!(
        g.san_moves(),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "Nxe5", "Qd4", "Boom@e5"]
    );
    assert_eq!(g.actions().len(), 11);
    assert_eq!(g.actions()[10].ply, 10);
    assert_eq!(g.actions()[10].action, Action::Boom(sq("e5")));
    let (white, black) = (squares(&["g1"]), squares(&["h7"]));
    assert_eq!(g.audit(&white, &black), Audit::Verified(None));
    // A boom by a man that was not chosen is a false statement.
    assert_eq!(
        g.audit(&squares(&["b1"]), &black),
        failed(
            Color::White,
            10,
            Falsehood::NotACarrier { origin: sq("g1") }
        )
    );
    // The stored actions rebuild the same game.
    let mut again = new_game(&[]);
    for rec in g.actions() {
        again.apply(rec.action).unwrap();
    }
    assert_eq!(fen(&again), fen(&g));
    assert_eq!(again.san_moves(), g.san_moves());
}

// ----- Dead Man's Switch ------------------------------------------------------------

// §1.11, en passant: the blast is centred on d5, where the pawn taken stood;
// it removes the knight c4 and the capturing pawn on d6, not the pawn c7.
// The knight, removed by the blast, owes no answer.
#[test]
fn switch_blast_after_en_passant() {
    let (mut g, white, black) = public_from(
        &["dead-mans-switch"],
        "4k3/2p5/8/3p*P3/2N5/8/8/4K3 w - d6 0 2",
    );
    // White's carrier: one of its two men, say the knight.
    assert!(white.is_empty());
    let white = squares(&["c4"]);
    let mut liar = g.clone();
    play(&mut g, &["e5d6"]);
    assert_eq!(
        g.awaiting(),
        Awaiting::Switch {
            owner: Color::Black,
            origin: sq("d5"),
            at: sq("d5")
        }
    );
    assert!(g.legal_moves().is_empty());
    g.answer_switch(true).unwrap();
    assert_eq!(fen(&g), "4k3/2p5/8/8/8/8/8/4K3 b - - 0 2");
    assert_eq!(g.awaiting(), Awaiting::Move(Color::Black));
    assert_eq!(g.san_moves(), ["exd6_"]);
    assert_eq!(g.carriers_opened(Color::Black), 1);
    assert_eq!(g.actions()[1].action, Action::Switch(true));
    assert_eq!(g.actions()[1].ply, 1);
    assert_eq!(g.audit(&white, &black), Audit::Verified(None));

    // Saying "no" keeps the pawn on d6; the audit finds it false.
    play(&mut liar, &["e5d6"]);
    liar.answer_switch(false).unwrap();
    assert_eq!(fen(&liar), "4k3/2p5/3P4/8/2N5/8/8/4K3 b - - 0 2");
    assert_eq!(liar.san_moves(), ["exd6"]);
    assert_eq!(
        liar.audit(&white, &black),
        failed(
            Color::Black,
            1,
            Falsehood::FalseSwitchAnswer {
                origin: sq("d5"),
                said: false
            }
        )
    );
}

// §1.11, a suicidal capture: Kxd5 takes the carrier pawn that checks it and
// the blast destroys the white king. Saying "no" would leave bare kings,
// a draw everybody can see (no man left to carry a bomb).
#[test]
fn switch_blast_of_a_suicidal_capture() {
    let (mut g, white, black) =
        public_from(&["dead-mans-switch"], "4k3/8/8/3p*4/4K3/8/8/8 w - - 0 1");
    assert!(white.is_empty());
    assert_eq!(black, squares(&["d5"]));
    let mut liar = g.clone();
    play(&mut g, &["e4d5"]);
    g.answer_switch(true).unwrap();
    let result = win(Color::Black, Reason::KingDestroyed);
    assert_eq!(g.awaiting(), Awaiting::Over(result));
    assert_eq!(fen(&g), "4k3/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.san_moves(), ["Kxd5_"]);
    assert_eq!(g.audit(&white, &black), Audit::Verified(Some(result)));

    play(&mut liar, &["e4d5"]);
    liar.answer_switch(false).unwrap();
    assert_eq!(
        liar.awaiting(),
        Awaiting::Over(draw(Reason::InsufficientMaterial))
    );
    assert_eq!(
        liar.audit(&white, &black),
        failed(
            Color::Black,
            1,
            Falsehood::FalseSwitchAnswer {
                origin: sq("d5"),
                said: false
            }
        )
    );
}

// §1.10, the order of the results after a blast, and §5.2's example:
// - Qxd5 takes the carrier knight next to the king e6: the enemy king is
//   destroyed, the capturer wins (`Qxd5_#`);
// - Nxe5 takes the carrier pawn e5, whose area holds both kings (d4, f6):
//   the capturer's own king is destroyed, so the capturer loses;
// - Nxd4 takes the carrier knight d4, whose blast removes the pawn e3 that
//   shielded Ke1 from the rook e8: the capturer loses, `exposed-king`.
#[test]
fn switch_blast_results_in_the_order_of_the_rules() {
    for (fen_text, uci, winner, reason, san) in [
        (
            "8/8/4k3/3n*4/8/8/8/K2Q4 w - - 0 1",
            "d1d5",
            Color::White,
            Reason::KingDestroyed,
            "Qxd5_#",
        ),
        (
            "8/8/5k2/4p*3/2NK4/8/8/8 w - - 0 1",
            "c4e5",
            Color::Black,
            Reason::KingDestroyed,
            "Nxe5_",
        ),
        (
            "k3r3/8/8/8/3n*4/4P3/2N5/4K3 w - - 0 1",
            "c2d4",
            Color::Black,
            Reason::ExposedKing,
            "Nxd4_",
        ),
    ] {
        let (mut g, _, black) = public_from(&["dead-mans-switch"], fen_text);
        // White's carrier: its first man from a1 on (every choice fits).
        let white_men: Vec<Square> = (0..64)
            .map(Square::from_index)
            .filter(|&s| {
                g.position().piece_at(s).is_some_and(|p| {
                    p.color == Color::White && p.role != boomchess_rules::Role::King
                })
            })
            .collect();
        play(&mut g, &[uci]);
        assert!(
            matches!(
                g.awaiting(),
                Awaiting::Switch {
                    owner: Color::Black,
                    ..
                }
            ),
            "{fen_text}"
        );
        g.answer_switch(true).unwrap();
        let result = win(winner, reason);
        assert_eq!(g.awaiting(), Awaiting::Over(result), "{fen_text}");
        assert_eq!(g.san_moves(), [san], "{fen_text}");
        assert_eq!(
            g.audit(&white_men[..1], &black),
            Audit::Verified(Some(result)),
            "{fen_text}"
        );
    }
}

// §1.12: a capture that promotes blasts on the promotion square and destroys
// the new queen. 1.h4 g5 2.hxg5 h6 3.gxh6 Nf6 4.h7 Rg8 5.hxg8=Q with the
// rook h8 as Black's carrier: the area f7-h8 loses the pawn f7, the bishop
// f8 and the queen; g7, h7 and h8 are empty by then.
#[test]
fn switch_blast_of_a_capture_that_promotes() {
    let mut g = new_game(&["dead-mans-switch"]);
    for (i, text) in [
        "h2h4", "g7g5", "h4g5", "h7h6", "g5h6", "g8f6", "h6h7", "h8g8",
    ]
    .iter()
    .enumerate()
    {
        play(&mut g, &[text]);
        // 2.hxg5 and 3.gxh6 take pawns: their owner answers.
        if let Awaiting::Switch { owner, origin, .. } = g.awaiting() {
            assert_eq!(owner, Color::Black);
            assert!(i == 2 || i == 4, "{text}");
            assert_eq!(origin, sq(if i == 2 { "g7" } else { "h7" }));
            g.answer_switch(false).unwrap();
        }
    }
    play(&mut g, &["h7g8q"]);
    assert_eq!(
        g.awaiting(),
        Awaiting::Switch {
            owner: Color::Black,
            origin: sq("h8"),
            at: sq("g8")
        }
    );
    g.answer_switch(true).unwrap();
    assert_eq!(
        fen(&g),
        "rnbqk3/ppppp3/5n2/8/8/8/PPPPPPP1/RNBQKBNR b KQq - 0 5"
    );
    assert_eq!(g.san_moves().last().unwrap(), "hxg8=Q_");
    assert_eq!(
        g.audit(&squares(&["b1"]), &squares(&["h8"])),
        Audit::Verified(None)
    );
}

// A promoted man carries no bomb (§1.7): taking it owes no answer; taking an
// unpromoted man by promoting does (centre a8).
#[test]
fn a_promoted_man_taken_owes_no_answer() {
    let (mut g, _, _) = public_from(&["dead-mans-switch"], "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let mut other = g.clone();
    play(&mut g, &["b7b8q"]);
    assert_eq!(g.san_moves(), ["b8=Q+"]);
    assert!(g.promoted_at(sq("b8")));
    play(&mut g, &["a8b8"]);
    assert_eq!(g.awaiting(), Awaiting::Move(Color::White));
    assert_eq!(fen(&g), "1r2k3/8/8/8/8/8/8/4K3 w - - 0 2");
    play(&mut other, &["b7a8q"]);
    assert_eq!(
        other.awaiting(),
        Awaiting::Switch {
            owner: Color::Black,
            origin: sq("a8"),
            at: sq("a8")
        }
    );
}

// §1.10: with carriers=1 a side that has boomed has opened its only carrier:
// another boom, or "yes" to a switch, would be a second one and is refused.
#[test]
fn too_many_openings_are_refused() {
    let mut g = new_game(&["dead-mans-switch"]);
    play(&mut g, &["g1f3", "e7e6", "f3e5", "d8f6"]);
    g.boom(sq("e5")).unwrap();
    assert_eq!(
        fen(&g),
        "rnb1kbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3"
    );
    play(&mut g, &["f8b4"]);
    assert_eq!(
        g.may_boom(sq("a2")),
        Err(PublicError::TooManyOpenings(Color::White))
    );
    assert!(g.boom_squares().is_empty());
    assert_eq!(
        g.boom(sq("a2")),
        Err(PublicError::TooManyOpenings(Color::White))
    );
    play(&mut g, &["a2a3", "b4d2"]);
    let owed = Awaiting::Switch {
        owner: Color::White,
        origin: sq("d2"),
        at: sq("d2"),
    };
    assert_eq!(g.awaiting(), owed);
    assert_eq!(
        g.answer_switch(true),
        Err(PublicError::TooManyOpenings(Color::White))
    );
    assert_eq!(g.awaiting(), owed, "a refused answer changes nothing");
    g.answer_switch(false).unwrap();
    assert_eq!(g.awaiting(), Awaiting::Move(Color::White));
    assert_eq!(g.san_moves().last().unwrap(), "Bxd2+");
}

// ----- The audit's checks of the carriers -----------------------------------------

// §1.1 and §1.10: each side names exactly `carriers=N` of its own men, never
// the king, each once.
#[test]
fn the_audit_checks_the_carrier_choice() {
    let g = new_game(&[]);
    let (good_w, good_b) = (squares(&["g1"]), squares(&["h7"]));
    let carriers = |p| Falsehood::Carriers(p);
    let cases: [(&[&str], &[&str], Color, CarrierProblem); 7] = [
        (
            &["g1", "b1"],
            &["h7"],
            Color::White,
            CarrierProblem::WrongCount {
                expected: 1,
                found: 2,
            },
        ),
        (
            &[],
            &["h7"],
            Color::White,
            CarrierProblem::WrongCount {
                expected: 1,
                found: 0,
            },
        ),
        (
            &["e1"],
            &["h7"],
            Color::White,
            CarrierProblem::King(sq("e1")),
        ),
        (
            &["e7"],
            &["h7"],
            Color::White,
            CarrierProblem::NotOwnMan(sq("e7")),
        ),
        (
            &["e4"],
            &["h7"],
            Color::White,
            CarrierProblem::NotOwnMan(sq("e4")),
        ),
        (
            &["g1"],
            &["g1"],
            Color::Black,
            CarrierProblem::NotOwnMan(sq("g1")),
        ),
        (
            &["g1"],
            &["e8"],
            Color::Black,
            CarrierProblem::King(sq("e8")),
        ),
    ];
    for (w, b, side, problem) in cases {
        assert_eq!(
            g.audit(&squares(w), &squares(b)),
            failed(side, 0, carriers(problem)),
            "{w:?} {b:?}"
        );
    }
    assert_eq!(g.audit(&good_w, &good_b), Audit::Verified(None));
    let g = new_game(&["carriers=2"]);
    assert_eq!(
        g.audit(&squares(&["g1", "g1"]), &squares(&["h7", "a7"])),
        failed(
            Color::White,
            0,
            carriers(CarrierProblem::Duplicate(sq("g1")))
        )
    );
    assert_eq!(
        g.audit(&squares(&["g1", "b1"]), &squares(&["h7", "a7"])),
        Audit::Verified(None)
    );
}

// ----- Draws ----------------------------------------------------------------------

// §1.9 "only once no carrier is left on the board", applied from the first
// moment it holds. 1...Rxa2 takes White's carrier a2 and 2.Nxa2 Black's
// only man: K+N vs K and no carrier. The public cannot know that the knight
// is no carrier, so play goes on; the audit draws the game from ply 2, and
// what came after (here a resignation) is void.
#[test]
fn insufficient_material_from_its_first_moment() {
    let (mut g, _, _) = public_from(&[], "4k3/8/8/8/8/8/Pr6/2N3K1 b - - 0 1");
    let black = squares(&["b2"]);
    play(&mut g, &["b2a2", "c1a2"]);
    assert_eq!(g.awaiting(), Awaiting::Move(Color::Black));
    play(&mut g, &["e8d7", "a2b4"]);
    g.resign(Color::Black).unwrap();
    assert_eq!(
        g.audit(&squares(&["a2"]), &black),
        Audit::Verified(Some(draw(Reason::InsufficientMaterial)))
    );
    // With the knight as the carrier the game was still on: the resignation
    // stands.
    assert_eq!(
        g.audit(&squares(&["c1"]), &black),
        Audit::Verified(Some(win(Color::White, Reason::Resignation)))
    );
}

// Repetition by identity (§1.12): the knights b1 and g1 trade squares every
// twelve plies, so the start placement stands there at plies 12, 24 and 36
// without a third occurrence of the same men on the same squares; that
// comes at ply 48. The referee counts the same way.
#[test]
fn repetition_by_identity_knights_swapping() {
    let referee_fen = "4k3/8/8/8/8/8/P*7/1N2K1N1 w - - 0 1";
    let (mut g, white, black) = public_from(&[], referee_fen);
    let mut referee = Game::from_fen(Variant::Beirut, Options::default(), referee_fen).unwrap();
    let cycle = [
        "b1d2", "e8d8", "g1e2", "d8e8", "d2f3", "e8d8", "e2c3", "d8e8", "f3g1", "e8d8", "c3b1",
        "d8e8",
    ];
    for round in 1..=4 {
        play(&mut g, &cycle);
        for text in cycle {
            referee.play_uci(text).unwrap();
        }
        let swapped = round % 2 == 1;
        assert_eq!(
            g.origin_at(sq("b1")),
            Some(sq(if swapped { "g1" } else { "b1" }))
        );
        let expected = (round == 4).then_some(draw(Reason::ThreefoldRepetition));
        match expected {
            Some(o) => {
                assert_eq!(g.awaiting(), Awaiting::Over(o));
                assert_eq!(referee.phase(), Phase::Over(o));
            }
            None => {
                assert_eq!(g.awaiting(), Awaiting::Move(Color::White), "round {round}");
                assert_eq!(referee.outcome(), None);
            }
        }
    }
    assert_eq!(
        g.audit(&white, &black),
        Audit::Verified(Some(draw(Reason::ThreefoldRepetition)))
    );
}

// The fifty-move rule while a side is stuck: 1...Ra1+ is the hundredth
// half-move. If White has the boom b2 the board does not end the game and
// the referee draws it; if not, it is mate (the board first, §"the order of
// the end checks"). White's boom proves the draw; nothing explodes.
#[test]
fn fifty_moves_while_stuck() {
    let (mut g, _, _) = public_from(&[], "r6k/8/8/8/8/8/1P3PPP/6K1 b - - 99 60");
    let black = squares(&["a8"]);
    play(&mut g, &["a8a1"]);
    assert_eq!(g.awaiting(), Awaiting::Stuck(Color::White));
    let mut declared = g.clone();
    g.boom(sq("b2")).unwrap();
    let fifty = draw(Reason::FiftyMoves);
    assert_eq!(g.awaiting(), Awaiting::Over(fifty));
    assert_eq!(fen(&g), "7k/8/8/8/8/8/1P3PPP/r5K1 w - - 100 61");
    assert_eq!(g.san_moves(), ["Ra1+"]);
    assert_eq!(
        g.audit(&squares(&["b2"]), &black),
        Audit::Verified(Some(fifty))
    );
    assert_eq!(
        g.audit(&squares(&["f2"]), &black),
        failed(Color::White, 1, Falsehood::NotACarrier { origin: sq("b2") })
    );
    declared.declare_no_boom().unwrap();
    let mate = win(Color::Black, Reason::Checkmate);
    assert_eq!(declared.san_moves(), ["Ra1#"]);
    assert_eq!(
        declared.audit(&squares(&["h2"]), &black),
        Audit::Verified(Some(mate))
    );
    assert_eq!(
        declared.audit(&squares(&["b2"]), &black),
        failed(Color::White, 1, Falsehood::FalseNoBoom { boom: sq("b2") })
    );
}

// ----- Flags ------------------------------------------------------------------------

// A fallen flag loses when the opponent has mating material in sight.
#[test]
fn flag_fall_with_mating_material_in_sight() {
    let mut g = new_game(&[]);
    assert_eq!(g.flag_fall(Color::Black), Ok(FlagResult::Win(Color::White)));
    let result = win(Color::White, Reason::Timeout);
    assert_eq!(g.awaiting(), Awaiting::Over(result));
    assert_eq!(g.actions()[0].action, Action::FlagFall(Color::Black));
    assert_eq!(
        g.audit(&squares(&["g1"]), &squares(&["h7"])),
        Audit::Verified(Some(result))
    );
}

// K+N alone cannot mate, unless the knight carries a bomb: the audit settles
// it. After 1...Rxa2 2.Nxa2 Black still has its pawn h7, so the board is
// not dead; Black's flag falls.
#[test]
fn flag_fall_that_depends_on_the_carriers() {
    let (mut g, _, _) = public_from(&[], "4k3/7p/8/8/8/8/Pr6/2N3K1 b - - 0 1");
    play(&mut g, &["b2a2", "c1a2"]);
    let mut white_flag = g.clone();
    assert_eq!(g.flag_fall(Color::Black), Ok(FlagResult::DependsOnCarriers));
    assert_eq!(
        g.awaiting(),
        Awaiting::Audit {
            flag_fell: Color::Black
        }
    );
    let black = squares(&["h7"]);
    // The carrier a2 is gone: a draw.
    assert_eq!(
        g.audit(&squares(&["a2"]), &black),
        Audit::Verified(Some(draw(Reason::Timeout)))
    );
    // The knight carries the bomb: White wins on time.
    assert_eq!(
        g.audit(&squares(&["c1"]), &black),
        Audit::Verified(Some(win(Color::White, Reason::Timeout)))
    );
    // White's flag: Black's pawn is mating material.
    assert_eq!(
        white_flag.flag_fall(Color::White),
        Ok(FlagResult::Win(Color::Black))
    );
    // A bare king cannot win on time.
    let (mut g, _, _) = public_from(&[], "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
    assert_eq!(g.flag_fall(Color::White), Ok(FlagResult::Draw));
    assert_eq!(g.awaiting(), Awaiting::Over(draw(Reason::Timeout)));
}

// ----- Random games through the referee -------------------------------------------

/// The referee's rule for a flag (as the audit settles it): the opponent
/// wins with a pawn, queen or rook, with minor pieces that are not a single
/// one or only bishops of one square colour, or with a carrier on the board.
fn flag_oracle(pos: &VariantPosition, loser: Color) -> Outcome {
    let opponent = !loser;
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_colours = [false; 2];
    let mut heavy = false;
    for i in 0..64 {
        let s = Square::from_index(i);
        let Some(p) = pos.piece_at(s) else { continue };
        if p.color != opponent {
            continue;
        }
        use boomchess_rules::Role;
        match p.role {
            Role::Pawn | Role::Queen | Role::Rook => heavy = true,
            Role::Knight => {
                minors += 1;
                knights += 1;
            }
            Role::Bishop => {
                minors += 1;
                let (f, r) = pos.coords(s);
                bishop_colours[usize::from((f + r) % 2 == 1)] = true;
            }
            _ => {}
        }
    }
    let mating = heavy
        || (minors > 1 && (knights > 0 || (bishop_colours[0] && bishop_colours[1])))
        || !pos.carriers(opponent).is_empty();
    if mating {
        win(opponent, Reason::Timeout)
    } else {
        draw(Reason::Timeout)
    }
}

fn stripped(pos: &VariantPosition) -> String {
    pos.fen().replace('*', "")
}

/// How a random game ended, for the summary.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    plies: usize,
    booms: usize,
    switches: usize,
    declarations: usize,
    unseen_draws: usize,
    flags: usize,
    false_switch_answers: usize,
    false_no_booms: usize,
}

/// One random game: the referee plays random legal moves (booms now and
/// then), the public game mirrors it, and both must agree at every step.
fn random_game(seed: u64, words: &[&str], tally: &mut Tally) {
    let options = opts(Variant::Beirut, words);
    let mut rng = Rng::new(seed);
    let start = VariantPosition::new(Variant::Beirut, options);
    let mut carriers: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    for color in Color::ALL {
        let mut men: Vec<Square> = (0..64)
            .map(Square::from_index)
            .filter(|&s| {
                start
                    .piece_at(s)
                    .is_some_and(|p| p.color == color && p.role != boomchess_rules::Role::King)
            })
            .collect();
        for _ in 0..options.carriers {
            let i = rng.below(men.len());
            carriers[color.index()].push(men.swap_remove(i));
        }
    }
    let mut referee = Game::new(Variant::Beirut, options);
    for color in Color::ALL {
        let names: Vec<String> = carriers[color.index()]
            .iter()
            .map(|&s| Board8::square_name(s))
            .collect();
        referee.choose_carriers(&names).unwrap();
    }
    let mut public = PublicGame::new(options);
    let audit = |public: &PublicGame| public.audit(&carriers[0], &carriers[1]);
    tally.games += 1;
    for ply in 0.. {
        let pos = *referee.position();
        let context = format!("seed {seed} {words:?} ply {ply} {}", pos.fen());
        assert_eq!(fen(&public), stripped(&pos), "{context}");
        // The identities follow the carriers as the referee's marks do.
        for i in 0..64 {
            let s = Square::from_index(i);
            let Some(p) = pos.piece_at(s) else { continue };
            let origin = public.origin_at(s).expect("every piece has an origin");
            let carrier = p.role != boomchess_rules::Role::King
                && !public.promoted_at(s)
                && carriers[p.color.index()].contains(&origin);
            assert_eq!(
                pos.is_carrier(s),
                carrier,
                "{context} on {}",
                Board8::square_name(s)
            );
        }
        let all = pos.legal_moves();
        let (booms, ordinary): (Vec<Move>, Vec<Move>) =
            all.iter().partition(|m| m.kind == MoveKind::Boom);
        let turn = pos.turn();
        if let Some(outcome) = referee.outcome() {
            match public.awaiting() {
                Awaiting::Over(o) => assert_eq!(o, outcome, "{context}"),
                Awaiting::Stuck(c) => {
                    assert_eq!(c, turn, "{context}");
                    assert!(all.is_empty(), "{context}");
                    public.declare_no_boom().unwrap();
                    tally.declarations += 1;
                    assert_eq!(public.awaiting(), Awaiting::Over(outcome), "{context}");
                }
                Awaiting::Move(_) => {
                    // Only a draw the public cannot see: no carrier is left
                    // on the board, but some man might still carry one.
                    assert_eq!(outcome, draw(Reason::InsufficientMaterial), "{context}");
                    assert_eq!(public.san_moves(), referee.san_moves(), "{context}");
                    tally.unseen_draws += 1;
                    // Whatever comes after is void.
                    for _ in 0..4 {
                        let moves = public.legal_moves();
                        if moves.is_empty() {
                            break;
                        }
                        public.play(moves[rng.below(moves.len())]).unwrap();
                        if let Awaiting::Switch { .. } = public.awaiting() {
                            public.answer_switch(false).unwrap();
                        }
                    }
                }
                other => panic!("{context}: {other:?}"),
            }
            if let Awaiting::Over(_) = public.awaiting() {
                assert_eq!(public.san_moves(), referee.san_moves(), "{context}");
            }
            assert_eq!(audit(&public), Audit::Verified(Some(outcome)), "{context}");
            return;
        }
        if ordinary.is_empty() {
            assert_eq!(public.awaiting(), Awaiting::Stuck(turn), "{context}");
        } else {
            assert_eq!(public.awaiting(), Awaiting::Move(turn), "{context}");
            assert_eq!(
                uci_sorted(&public.legal_moves()),
                uci_sorted(&ordinary),
                "{context}"
            );
        }
        let possible = public.boom_squares();
        assert!(
            booms.iter().all(|b| possible.contains(&b.from)),
            "{context}"
        );
        // A lie now and then: "no legal boom" by a side that has one.
        if ordinary.is_empty() && rng.below(2) == 0 {
            public.declare_no_boom().unwrap();
            tally.false_no_booms += 1;
            let Audit::Failed {
                side,
                ply: at,
                what,
            } = audit(&public)
            else {
                panic!("{context}: a false statement passed");
            };
            assert_eq!((side, at), (turn, ply), "{context}");
            assert!(
                matches!(what, Falsehood::FalseNoBoom { boom } if booms.iter().any(|b| b.from == boom)),
                "{context}: {what:?}"
            );
            return;
        }
        // A flag now and then.
        if rng.below(1000) == 0 {
            let loser = if rng.below(2) == 0 { turn } else { !turn };
            public.flag_fall(loser).unwrap();
            tally.flags += 1;
            assert_eq!(
                audit(&public),
                Audit::Verified(Some(flag_oracle(&pos, loser))),
                "{context}"
            );
            return;
        }
        if ply >= 240 {
            assert_eq!(public.san_moves(), referee.san_moves(), "{context}");
            assert_eq!(audit(&public), Audit::Verified(None), "{context}");
            return;
        }
        let m = if !booms.is_empty() && (ordinary.is_empty() || rng.below(30) == 0) {
            booms[rng.below(booms.len())]
        } else {
            ordinary[rng.below(ordinary.len())]
        };
        let blast = m.kind != MoveKind::Boom && pos.explosion(m).is_some();
        referee.play(m).unwrap();
        tally.plies += 1;
        if m.kind == MoveKind::Boom {
            public.boom(m.from).unwrap();
            tally.booms += 1;
        } else {
            public.play(m).unwrap();
        }
        match public.awaiting() {
            Awaiting::Switch { owner, origin, at } => {
                assert_eq!(owner, !turn, "{context}");
                let truth = carriers[owner.index()].contains(&origin);
                assert_eq!(truth, blast, "{context}");
                // Where the man was taken: the centre of a blast (§1.10).
                assert_eq!(at, pos.en_passant_victim(m).unwrap_or(m.to), "{context}");
                tally.switches += 1;
                if rng.below(20) == 0 {
                    // A lie: the opposite answer, if the game takes it.
                    if public.answer_switch(!truth).is_ok() {
                        tally.false_switch_answers += 1;
                        assert_eq!(
                            audit(&public),
                            failed(
                                owner,
                                ply + 1,
                                Falsehood::FalseSwitchAnswer {
                                    origin,
                                    said: !truth
                                }
                            ),
                            "{context}"
                        );
                        return;
                    }
                }
                public.answer_switch(truth).unwrap();
            }
            _ => assert!(!blast, "{context}: a blast without a switch"),
        }
    }
}

// Random games, plain and Dead Man's Switch, one and three carriers: the
// public game agrees with the referee at every step (board, ordinary moves,
// stuck exactly when the referee has no ordinary move, every result it
// announces), the referee's booms are among the public's possible ones, the
// move lists are the same, and the audit returns the referee's result (or
// catches the lie that was told).
#[test]
fn random_games_agree_with_the_referee() {
    let mut tally = Tally::default();
    let configs: [&[&str]; 4] = [
        &[],
        &["dead-mans-switch"],
        &["carriers=3"],
        &["carriers=3", "dead-mans-switch"],
    ];
    for (c, words) in configs.iter().enumerate() {
        for seed in 0..75 {
            random_game(1 + seed * 4 + c as u64, words, &mut tally);
        }
    }
    println!("{tally:?}");
    assert_eq!(tally.games, 300);
    assert!(tally.booms > 100 && tally.switches > 100, "{tally:?}");
    assert!(
        tally.declarations > 0 && tally.unseen_draws > 0,
        "{tally:?}"
    );
    // A side without ordinary moves but with a boom is rare in random play
    // (false_no_booms counts it); the hand-made tests above cover it.
    assert!(
        tally.flags > 0 && tally.false_switch_answers > 0,
        "{tally:?}"
    );
}

/// The views of §1.11's example: each side sees its own carrier where it stands, never the
/// other's; once the knight has boomed it is gone from every view.
#[test]
fn each_side_views_the_public_game_with_its_own_carriers() {
    let mut g = new_game(&[]);
    play(
        &mut g,
        &[
            "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "f3e5", "d8d4",
        ],
    );
    let white = g.view(&[(Color::White, sq("g1"))]);
    assert_eq!(
        white.position().fen(),
        "r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6"
    );
    let black = g.view(&[(Color::Black, sq("h7"))]);
    assert_eq!(
        black.position().fen(),
        "r1b1kbnr/1pp2ppp*/p1p5/4N3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6"
    );
    assert_eq!(black.start_position().fen().matches('*').count(), 1);
    assert_eq!(black.san_moves(), g.san_moves());
    assert_eq!(black.moves().len(), 10);
    g.boom(sq("e5")).unwrap();
    let after = g.view(&[(Color::White, sq("g1")), (Color::Black, sq("h7"))]);
    assert_eq!(
        after.position().fen(),
        "r1b1kbnr/1pp2ppp*/p1p5/8/8/8/PPPP1PPP/RNBQK2R b KQkq - 0 6"
    );
    assert_eq!(after.san_moves().last().unwrap(), "Boom@e5");
}

/// A capture waiting for its Dead Man's Switch answer is not on the board of a view yet.
#[test]
fn a_view_waits_for_the_answer_to_a_capture() {
    let mut g = new_game(&["dead-mans-switch"]);
    play(&mut g, &["e2e4", "d7d5", "e4d5"]);
    assert!(matches!(g.awaiting(), Awaiting::Switch { .. }));
    let view = g.view(&[]);
    assert_eq!(view.moves().len(), 2);
    g.answer_switch(false).unwrap();
    assert_eq!(g.view(&[]).moves().len(), 3);
}
