//! Beirut Chess, tested against the rules text (docs/rules.md §1, §4, §6 and the
//! wiki-book chapter in seeds/001). Every expected value below was worked
//! out by hand from the rules; the comments show the reasoning.

mod common;

use boomchess_rules::{
    CarrierError, Color, Game, MoveError, MoveKind, OptionError, Options, Outcome, Phase, Reason,
    Variant,
};
use common::*;

fn white_wins_by_blast() -> Option<Outcome> {
    Some(Outcome::Decisive {
        winner: Color::White,
        reason: Reason::KingDestroyed,
    })
}

// ----- Choosing carriers -------------------------------------------------------

// §1: "Before play each side secretly chooses its bomb carrier" — a new game
// starts in a setup phase, White first, with no legal moves yet.
#[test]
fn new_game_starts_with_white_choosing_and_no_moves() {
    let game = Game::new(Variant::Beirut, Options::default());
    assert_eq!(game.phase(), Phase::Setup(Color::White));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.carriers_to_choose(), 1);
    assert_eq!(game.outcome(), None);
}

// §1: White chooses, then Black; then play starts and the carriers are on
// the board (FEN `*` right after the letter, §4).
#[test]
fn setup_white_then_black_then_play() {
    let mut game = Game::new(Variant::Beirut, Options::default());
    game.choose_carriers(&["g1"]).unwrap();
    assert_eq!(game.phase(), Phase::Setup(Color::Black));
    assert!(game.legal_moves().is_empty());
    // A pawn may carry the bomb.
    game.choose_carriers(&["e7"]).unwrap();
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(
        game.position().fen(),
        "rnbqkbnr/ppppp*ppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1"
    );
    // 20 orthodox moves plus the boom of g1 (its blast f1 g1 h1 f2 g2 h2
    // misses the king on e1).
    assert_eq!(game.legal_moves().len(), 21);
    assert!(game
        .position()
        .legal_moves_uci()
        .contains(&"@g1".to_string()));
}

// §1: a pawn is allowed as carrier, for White too.
#[test]
fn a_pawn_may_be_the_carrier() {
    let mut game = Game::new(Variant::Beirut, Options::default());
    game.choose_carriers(&["a2"]).unwrap();
    game.choose_carriers(&["h7"]).unwrap();
    assert_eq!(carrier_names(game.position(), Color::White), ["a2"]);
    assert_eq!(carrier_names(game.position(), Color::Black), ["h7"]);
}

// §1: "any one of its own men except the king".
#[test]
fn the_king_cannot_carry_the_bomb() {
    let mut game = Game::new(Variant::Beirut, Options::default());
    let err = game.choose_carriers(&["e1"]).unwrap_err();
    assert!(matches!(err, CarrierError::King(_)), "{err:?}");
    assert!(err.to_string().contains("e1"), "{err}");
    // Nothing changed: White still chooses.
    assert_eq!(game.phase(), Phase::Setup(Color::White));
    assert!(game.position().carriers(Color::White).is_empty());
}

// §1: "its own men" — not an enemy man, not an empty square.
#[test]
fn a_carrier_must_be_one_of_your_own_men() {
    let mut game = Game::new(Variant::Beirut, Options::default());
    let err = game.choose_carriers(&["e7"]).unwrap_err();
    assert!(matches!(err, CarrierError::NotOwnMan(_)), "{err:?}");
    let err = game.choose_carriers(&["e4"]).unwrap_err();
    assert!(matches!(err, CarrierError::NotOwnMan(_)), "{err:?}");
    let err = game.choose_carriers(&["z9"]).unwrap_err();
    assert!(!err.to_string().is_empty());
    assert_eq!(game.phase(), Phase::Setup(Color::White));
    game.choose_carriers(&["b1"]).unwrap();
    // Black may not choose a white man either.
    let err = game.choose_carriers(&["b1"]).unwrap_err();
    assert!(matches!(err, CarrierError::NotOwnMan(_)), "{err:?}");
    assert_eq!(game.phase(), Phase::Setup(Color::Black));
}

// §1: one carrier each by default; any other count is refused.
#[test]
fn wrong_number_of_carriers_is_refused() {
    let mut game = Game::new(Variant::Beirut, Options::default());
    let none: [&str; 0] = [];
    assert_eq!(
        game.choose_carriers(&none).unwrap_err(),
        CarrierError::WrongCount {
            expected: 1,
            found: 0
        }
    );
    assert_eq!(
        game.choose_carriers(&["b1", "g1"]).unwrap_err(),
        CarrierError::WrongCount {
            expected: 1,
            found: 2
        }
    );
    assert_eq!(game.phase(), Phase::Setup(Color::White));
}

// §1 Multiple Beirut: `carriers=N` — each side chooses exactly N.
#[test]
fn multiple_beirut_each_side_chooses_n_carriers() {
    let options = opts(Variant::Beirut, &["carriers=3"]);
    assert_eq!(options.carriers, 3);
    let mut game = Game::new(Variant::Beirut, options);
    assert_eq!(game.carriers_to_choose(), 3);
    assert_eq!(
        game.choose_carriers(&["b1", "g1"]).unwrap_err(),
        CarrierError::WrongCount {
            expected: 3,
            found: 2
        }
    );
    assert!(matches!(
        game.choose_carriers(&["b1", "g1", "b1"]).unwrap_err(),
        CarrierError::Duplicate(_)
    ));
    game.choose_carriers(&["b1", "g1", "e2"]).unwrap();
    assert_eq!(game.phase(), Phase::Setup(Color::Black));
    game.choose_carriers(&["b8", "g8", "e7"]).unwrap();
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(
        carrier_names(game.position(), Color::White),
        ["b1", "e2", "g1"]
    );
    assert_eq!(
        carrier_names(game.position(), Color::Black),
        ["b8", "e7", "g8"]
    );
    // 20 orthodox moves + @b1 + @g1; @e2 would destroy the king on e1.
    let list = game.position().legal_moves_uci();
    assert_eq!(list.len(), 22, "{list:?}");
    assert!(list.contains(&"@b1".to_string()) && list.contains(&"@g1".to_string()));
    assert!(!list.contains(&"@e2".to_string()));
}

// §1 Multiple Beirut with N = 15: every man carries a bomb. At the start
// the booms of d1 d2 e2 f1 f2 would destroy the king e1; the other ten are
// legal: 20 + 10 moves.
#[test]
fn fifteen_carriers_every_man() {
    let mut game = Game::new(Variant::Beirut, opts(Variant::Beirut, &["carriers=15"]));
    let white = [
        "a1", "b1", "c1", "d1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    ];
    let black = [
        "a8", "b8", "c8", "d8", "f8", "g8", "h8", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7",
    ];
    game.choose_carriers(&white).unwrap();
    game.choose_carriers(&black).unwrap();
    assert_eq!(
        game.position().fen(),
        "r*n*b*q*kb*n*r*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*N*B*Q*KB*N*R* w KQkq - 0 1"
    );
    assert_eq!(game.legal_moves().len(), 30);
}

// §1 / §5b: N is 1..=15, and `carriers` belongs to Beirut only.
#[test]
fn carriers_option_range_and_variant() {
    assert_eq!(opts(Variant::Beirut, &["carriers=15"]).carriers, 15);
    assert_eq!(opts(Variant::Beirut, &["carriers=1"]).carriers, 1);
    for bad in [
        "carriers=0",
        "carriers=16",
        "carriers=-1",
        "carriers=x",
        "carriers",
    ] {
        let err = Options::parse(Variant::Beirut, &[bad]).unwrap_err();
        assert!(matches!(err, OptionError::BadCarriers(_)), "{bad}: {err:?}");
    }
    assert!(matches!(
        Options::parse(Variant::Beirut, &["dead-mans-switch=1"]).unwrap_err(),
        OptionError::UnexpectedValue(_)
    ));
    assert!(matches!(
        Options::parse(Variant::Beirut, &["chain-reaction"]).unwrap_err(),
        OptionError::UnknownOption(_)
    ));
    let both = opts(Variant::Beirut, &["carriers=4", "dead-mans-switch"]);
    assert_eq!((both.carriers, both.dead_mans_switch), (4, true));
    for v in [Variant::Stratomic, Variant::FlyingBombers] {
        for word in ["carriers=2", "dead-mans-switch"] {
            let err = Options::parse(v, &[word]).unwrap_err();
            assert!(matches!(err, OptionError::WrongVariant { .. }), "{err:?}");
        }
    }
}

// §4: "The `*` marks decide how many carriers a position has" — a game
// from a FEN with marks skips the setup.
#[test]
fn game_from_fen_with_marks_skips_setup() {
    let g = game(
        Variant::Beirut,
        &[],
        "rnbqkbnr/ppppp*ppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1",
    );
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.legal_moves().len(), 21);
    let mut g = g;
    assert_eq!(
        g.choose_carriers(&["b1"]).unwrap_err(),
        CarrierError::NotSetup
    );
}

// §1: during setup no move can be played.
#[test]
fn moves_are_refused_during_setup() {
    let mut game = Game::new(Variant::Beirut, Options::default());
    let err = game.play_uci("e2e4").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err:?}");
    assert!(game.moves().is_empty());
    assert_eq!(game.phase(), Phase::Setup(Color::White));
}

// ----- The boom ------------------------------------------------------------------

// §1 Boom: the carrier and every piece of either colour on the 8 squares
// around it are removed (pawns too), nothing else; the clock resets.
#[test]
fn boom_removes_exactly_the_carrier_and_its_eight_neighbours() {
    // Around the carrier d4: c5 p, d5 n, e5 P / c4 R, e4 b / c3 P, d3 r, e3 B.
    // Just outside: d6 p, b4 P, f4 p, d2 P.
    let pos = beirut("4k3/8/3p4/2pnP3/1PRN*bp2/2PrB3/3P4/4K3 w - - 5 20");
    let boom = pos.parse_uci("@d4").unwrap();
    assert_eq!(boom.kind, MoveKind::Boom);
    let mut area: Vec<String> = pos
        .blast_area(boom)
        .into_iter()
        .map(|s| pos.square_name(s))
        .collect();
    area.sort();
    assert_eq!(
        area,
        sorted(&["c3", "d3", "e3", "c4", "d4", "e4", "c5", "d5", "e5"])
    );
    let after = after(pos, &["@d4"]);
    assert_eq!(after.fen(), "4k3/8/3p4/8/1P3p2/8/3P4/4K3 b - - 0 20");
    assert!(after.carriers(Color::White).is_empty());
}

// §1 Boom: pieces of both colours go, the booming side's own men included,
// and the enemy carrier in the area goes without exploding.
#[test]
fn boom_by_black_removes_both_colours() {
    // Black bishop carrier f6; in its blast: e7 P, g7 p, e6 r, g5 N.
    // Outside it: kh8, Ka1 and the pawn d4 (which blocks the bishop's
    // diagonal to a1).
    let pos = beirut("7k/4P1p1/4rb*2/6N1/3P4/8/8/K7 b - - 3 30");
    let after = after(pos, &["@f6"]);
    assert_eq!(after.fen(), "7k/8/8/8/3P4/8/8/K7 w - - 0 31");
}

// docs/rules.md common rules: "Any move that removes a piece (capture, boom, ...)
// resets the half-move clock" — even a boom that removes only the carrier.
#[test]
fn boom_resets_the_half_move_clock() {
    let pos = beirut("4k3/8/8/8/4N*3/8/8/K3R3 w - - 7 30");
    let after = after(pos, &["@e4"]);
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/K3R3 b - - 0 30");
}

// §1 Boom: "Castling rights of a removed rook or king are lost" — the
// enemy's rook.
#[test]
fn boom_removing_enemy_rook_loses_its_castling_right() {
    // White knight carrier b7; its blast covers a8 (rook) but not e8.
    let pos = beirut("r3k2r/1N*6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let after = after(pos, &["@b7"]);
    assert_eq!(after.fen(), "4k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
}

// §1 Boom: ... also when the booming side destroys its own rook.
#[test]
fn boom_removing_own_rook_loses_its_castling_right() {
    // Bishop carrier g2: blast f1 g1 h1 f2 h2 f3 g3 h3, takes the h1 rook.
    let pos = beirut("r3k2r/8/8/8/8/8/6B*1/R3K2R w KQkq - 0 1");
    let after = after(pos, &["@g2"]);
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R3K3 b Qkq - 0 1");
}

// §1 Winning: blowing up the enemy king wins at once; the destroyed king
// takes its castling rights with it; no move follows.
#[test]
fn blowing_up_the_enemy_king_wins_at_once() {
    // Knight carrier d7 next to the king on e8.
    let pos = beirut("r3k2r/3N*4/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let after = after(pos, &["@d7"]);
    assert_eq!(after.fen(), "r6r/8/8/8/8/8/8/R3K2R b KQ - 0 1");
    assert_eq!(after.king_of(Color::Black), None);
    assert_eq!(after.outcome(), white_wins_by_blast());
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.perft(1), 0);

    let mut g = game(
        Variant::Beirut,
        &[],
        "r3k2r/3N*4/8/8/8/8/8/R3K2R w KQkq - 0 1",
    );
    g.play_uci("@d7").unwrap();
    assert_eq!(g.phase(), Phase::Over(white_wins_by_blast().unwrap()));
    assert!(g.legal_moves().is_empty());
    assert!(g.play_uci("a8a1").is_err());
}

// §1 Winning, for Black: the knight carrier d2 blows up the king e1.
#[test]
fn black_blows_up_the_white_king() {
    let pos = beirut("4k3/8/8/8/8/8/3n*4/4K3 b - - 0 7");
    // Accepted as valid: the knight does not attack e1, and the hidden bomb
    // gives no check, so the side not to move is not in check (§4).
    assert!(!pos.is_check());
    let after = after(pos, &["@d2"]);
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/8 w - - 0 8");
    assert_eq!(
        after.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: Reason::KingDestroyed
        })
    );
}

// §1 Legality: a boom that would remove your own king is illegal.
#[test]
fn boom_that_removes_own_king_is_illegal() {
    // White pawn carrier d2 next to the white king on e1.
    let pos = beirut("4k3/8/8/8/8/8/3P*4/4K3 w - - 0 1");
    assert!(!has(&pos, "@d2"));
    let err = pos.parse_uci("@d2").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err:?}");
    // Everything else is ordinary: Kd1 e2 f1 f2, d3, d4.
    assert_eq!(
        moves(&pos),
        sorted(&["e1d1", "e1e2", "e1f1", "e1f2", "d2d3", "d2d4"])
    );
}

// §1 Legality: "also when it removes the enemy king too".
#[test]
fn boom_that_removes_both_kings_is_illegal() {
    // Carrier d4, white king c3, black king e5: both in the blast.
    let pos = beirut("8/8/8/4k3/3N*4/2K5/8/8 w - - 0 1");
    assert!(!has(&pos, "@d4"));
    assert!(pos.parse_uci("@d4").is_err());
}

// §1 Legality: "explosion beats check" — in check, a boom that destroys the
// enemy king is legal.
#[test]
fn explosion_beats_check() {
    // White Kh1 is checked by the rook h8; the knight carrier d7 is next to
    // the black king. Legal: Kg1, Kg2 (h2 stays on the file) and the boom;
    // the knight cannot reach the h-file.
    let pos = beirut("4k2r/3N*4/8/8/8/8/8/7K w - - 0 1");
    assert!(pos.is_check());
    assert_eq!(moves(&pos), sorted(&["h1g1", "h1g2", "@d7"]));
    let after = after(pos, &["@d7"]);
    assert_eq!(after.outcome(), white_wins_by_blast());
}

// §1 Legality: the boom that destroys the enemy king is legal even when it
// also opens a line onto your own king; without the enemy king in the blast
// the same boom is illegal.
#[test]
fn explosion_beats_exposure() {
    // The blast of c3 takes the bishop b2, opening h8-a1 onto Ka1.
    let wins = beirut("7b/8/8/8/8/2N*5/1B1k4/K7 w - - 0 1");
    assert!(has(&wins, "@c3"));
    let after = after(wins, &["@c3"]);
    assert_eq!(after.fen(), "7b/8/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(after.outcome(), white_wins_by_blast());
    // The black king on f2 is outside the blast: the boom only exposes Ka1.
    let exposes = beirut("7b/8/8/8/8/2N*5/1B3k2/K7 w - - 0 1");
    assert!(!has(&exposes, "@c3"));
}

// §1 Legality: a boom that removes the checking piece is legal.
#[test]
fn boom_removing_the_checker_is_legal() {
    // Rook h5 checks Kh1; the knight carrier g6 has h5 in its blast.
    // Legal: Kg1, Kg2, the block Nh4, and the boom.
    let pos = beirut("k7/8/6N*1/7r/8/8/8/7K w - - 0 1");
    assert!(pos.is_check());
    assert_eq!(moves(&pos), sorted(&["h1g1", "h1g2", "g6h4", "@g6"]));
    let after = after(pos, &["@g6"]);
    assert_eq!(after.fen(), "k7/8/8/8/8/8/8/7K b - - 0 1");
}

// §1 Legality: a boom while in check that does not resolve it is illegal.
#[test]
fn boom_that_leaves_the_check_is_illegal() {
    // Rook h8 checks Kh1; the carrier b2 is far from everything.
    let pos = beirut("4k2r/8/8/8/8/8/1N*6/7K w - - 0 1");
    assert!(pos.is_check());
    assert_eq!(moves(&pos), sorted(&["h1g1", "h1g2"]));
    assert!(pos.parse_uci("@b2").is_err());
}

// §1 Legality: a boom that removes a piece shielding your own king from a
// slider is illegal.
#[test]
fn boom_removing_a_shield_of_own_king_is_illegal() {
    // Bishop e2 shields Ke1 from the rook e8; the pawn carrier d3 has e2 in
    // its blast.
    let pos = beirut("k3r3/8/8/8/8/3P*4/4B3/4K3 w - - 0 1");
    assert!(!pos.is_check());
    assert!(!has(&pos, "@d3"));
}

// §1 Legality: the carrier itself may be the shield: booming it exposes the
// king, unless the blast also takes the pinning piece.
#[test]
fn pinned_carrier_may_boom_only_if_the_blast_takes_the_pinner() {
    // Knight carrier e4 pinned by the rook e8: the boom opens the file.
    let pinned = beirut("k3r3/8/8/8/4N*3/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves(&pinned),
        sorted(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
    // Pinned by the rook e5, which stands in the blast: the boom is legal.
    let pinner_in_blast = beirut("k7/8/8/4r3/4N*3/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves(&pinner_in_blast),
        sorted(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "@e4"])
    );
}

// ----- A hidden bomb never gives check ---------------------------------------------

// §1: "A king may stand next to an enemy carrier" — that is not check.
#[test]
fn king_next_to_enemy_carrier_is_not_in_check() {
    let pos = beirut("4k3/8/8/4n*3/4K3/8/8/8 w - - 0 1");
    assert!(!pos.is_check());
    // Black to move with its king next to a white carrier: the position is
    // valid (the side not to move is not in check) and Black is not in check.
    let pos = beirut("4k3/4N*3/8/8/8/8/8/4K3 b - - 0 1");
    assert!(!pos.is_check());
    let pos = beirut("4k3/4N*3/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!pos.is_check());
}

// §1: the king may step next to an enemy carrier; the move list is the
// same whether or not the enemy's carrier is marked.
#[test]
fn king_may_step_next_to_enemy_carrier() {
    // Ke3 vs knight e5: d3, f3 are attacked by the knight; d4 e4 f4 are next
    // to the carrier and legal.
    let marked = beirut("4k3/8/8/4n*3/8/4K3/8/8 w - - 0 1");
    let plain = beirut("4k3/8/8/4n3/8/4K3/8/8 w - - 0 1");
    let expected = sorted(&["e3d2", "e3e2", "e3f2", "e3d4", "e3e4", "e3f4"]);
    assert_eq!(moves(&marked), expected);
    assert_eq!(moves(&plain), expected);
}

// §1: "Check and the legality of ordinary moves use ordinary attacks only"
// — White's moves in Kiwipete do not depend on Black's carriers.
#[test]
fn enemy_carriers_never_change_the_move_list() {
    let plain = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let marked = "r3k2r/p*1ppqpb*1/bn2p*n*p1/3PN3/1p*2P3/2N2Q1p*/PPPBBPPP/R3K2R w KQkq - 0 1";
    let plain = beirut(plain);
    let marked = beirut(marked);
    // 48 is the published depth-1 count of Kiwipete.
    assert_eq!(moves(&plain).len(), 48);
    assert_eq!(moves(&marked), moves(&plain));
}

// §1: "Check and the legality of ordinary moves use ordinary attacks
// only" — the king may castle past and onto squares next to an enemy
// carrier.
#[test]
fn castling_next_to_an_enemy_carrier_is_legal() {
    // The black knight carrier f2 covers d1 d3 e4 g4 h1 h3: O-O (via f1 to
    // g1, both next to the bomb) is legal; O-O-O is not, for the ordinary
    // reason that the knight covers d1.
    let marked = beirut("r3k2r/8/8/8/8/8/5n*2/R3K2R w KQkq - 0 1");
    let plain = beirut("r3k2r/8/8/8/8/8/5n2/R3K2R w KQkq - 0 1");
    assert!(has(&marked, "e1g1"));
    assert!(!has(&marked, "e1c1"));
    assert_eq!(moves(&marked), moves(&plain));
}

// §1: "the web UI and the AI will only ever get a view" — the side to move
// finds exactly its legal moves in its own view (the enemy's carriers never
// matter to them).
#[test]
fn own_view_has_the_same_moves() {
    for fen in [
        "r3k2r/p*1ppqpb*1/bn2p*n*p1/3PN*3/1p*2P3/2N*2Q1p*/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p*1ppqpb*1/bn2p*n*p1/3PN*3/1p*2P3/2N*2Q1p*/PPPBBPPP/R3K2R b KQkq - 0 1",
        "r1b1kbnr/1pp2ppp*/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6",
    ] {
        let pos = beirut(fen);
        let view = pos.view(pos.turn());
        assert_eq!(moves(&view), moves(&pos), "{fen}");
    }
}

// ----- Mate and stalemate judged with the boom ------------------------------------

// §1: "a side in check that can boom its way out ... is not mated".
#[test]
fn check_with_only_a_boom_out_is_not_mate() {
    // Back-rank check by the rook a1; the pawn carrier b2 has a1 in its
    // blast and the white king g1 is far from it. The only legal move.
    let with_bomb = beirut("7k/8/8/8/8/8/1P*3PPP/r5K1 w - - 0 1");
    assert!(with_bomb.is_check());
    assert_eq!(moves(&with_bomb), ["@b2"]);
    assert_eq!(with_bomb.outcome(), None);
    // The same position without the bomb is mate.
    let without = beirut("7k/8/8/8/8/8/1P3PPP/r5K1 w - - 0 1");
    assert_eq!(
        without.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: Reason::Checkmate
        })
    );
}

// §1: a boom that would destroy your own king is no way out: still mate.
#[test]
fn illegal_boom_does_not_save_from_mate() {
    // Carrier f2 is next to the king g1.
    let pos = beirut("7k/8/8/8/8/8/5P*PP/r5K1 w - - 0 1");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: Reason::Checkmate
        })
    );
}

// §1: stalemate is judged with the boom included too.
#[test]
fn a_legal_boom_prevents_stalemate() {
    // Ka1 boxed in by Kc2 and its own blocked pawn a2; the blocked pawn
    // carrier e4 can still boom (its blast takes e5).
    let with_bomb = beirut("8/8/8/4p3/4P*3/p7/P1k5/K7 w - - 0 1");
    assert!(!with_bomb.is_check());
    assert_eq!(moves(&with_bomb), ["@e4"]);
    assert_eq!(with_bomb.outcome(), None);
    let without = beirut("8/8/8/4p3/4P3/p7/P1k5/K7 w - - 0 1");
    assert_eq!(
        without.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

// §1: a boom that would destroy your own king does not lift a stalemate.
#[test]
fn illegal_boom_does_not_prevent_stalemate() {
    // As above, but the only carrier is the pawn a2 next to the king a1.
    let pos = beirut("8/8/8/8/8/p7/P*1k5/K7 w - - 0 1");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

// ----- Promotion, captures, views ------------------------------------------------

// §1: "Promotion of a carrier pawn: the bomb leaves the board with the pawn;
// the new piece carries no bomb".
#[test]
fn promoted_carrier_pawn_loses_its_bomb() {
    let pos = beirut("7k/1P*6/8/8/8/8/8/4K3 w - - 0 1");
    let mut pos = after(pos, &["b7b8q"]);
    assert_eq!(pos.fen(), "1Q5k/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(pos.carriers(Color::White).is_empty());
    assert!(!pos.is_carrier(sq(&pos, "b8")));
    play(&mut pos, &["h8h7"]);
    assert!(pos.legal_moves_uci().iter().all(|m| !m.contains('@')));
}

// §1: without Dead Man's Switch a captured carrier simply disappears: no
// blast, and its side has no carrier any more.
#[test]
fn captured_carrier_just_disappears() {
    let pos = beirut("4k3/8/8/3p*4/4P3/8/8/4K3 w - - 0 1");
    let after = after(pos, &["e4d5"]);
    assert_eq!(after.fen(), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
    assert!(after.carriers(Color::Black).is_empty());
    assert!(after.legal_moves_uci().iter().all(|m| !m.contains('@')));
}

// §1: "A player sees its own carrier(s) only".
#[test]
fn each_view_shows_only_own_carriers() {
    let pos = beirut("rnbqkbnr/ppppp*ppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1");
    assert_eq!(
        pos.view(Color::White).fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1"
    );
    assert_eq!(
        pos.view(Color::Black).fen(),
        "rnbqkbnr/ppppp*ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(pos.view(Color::White).carriers(Color::Black).is_empty());
}

// §1 Draws: "insufficient material only counts when no carrier is left".
#[test]
fn insufficient_material_only_without_carriers() {
    // K+N* vs K: the bomb can still blow up the king.
    let bomb = beirut("4k3/8/8/8/8/8/8/1N*2K3 w - - 0 1");
    assert!(!bomb.is_insufficient_material());
    // K vs K+n*: same for Black's bomb.
    let bomb = beirut("1n*2k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!bomb.is_insufficient_material());
    // K+N vs K: dead.
    let plain = beirut("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
    assert!(plain.is_insufficient_material());
}

// §1 Draws: a boom that leaves K vs K ends the game in a draw.
#[test]
fn boom_leaving_bare_kings_is_a_draw() {
    let mut g = game(Variant::Beirut, &[], "k7/8/6N*1/7r/8/8/8/7K w - - 0 1");
    g.play_uci("@g6").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::InsufficientMaterial
        })
    );
}

// ----- Multiple Beirut ------------------------------------------------------------

// §1 Multiple Beirut and the common rule: one carrier explodes per boom;
// carriers caught in the blast are removed without exploding.
#[test]
fn multiple_beirut_no_chain_reaction() {
    // White carriers d4 (booming) and e4; black carrier c5. Had e4 exploded
    // too, f5 would go; had c5 exploded, b6 would go.
    let fen = "4k3/8/1p6/2n*2p2/3N*B*3/8/8/4K3 w - - 0 1";
    for words in [
        &[][..],
        &["carriers=2"][..],
        &["dead-mans-switch"][..],
        &["carriers=2", "dead-mans-switch"][..],
    ] {
        let pos = pos_with(Variant::Beirut, words, fen);
        assert!(has(&pos, "@d4") && has(&pos, "@e4"));
        let after = after(pos, &["@d4"]);
        assert_eq!(after.fen(), "4k3/8/1p6/5p2/8/8/8/4K3 b - - 0 1");
        assert!(after.carriers(Color::White).is_empty());
        assert!(after.carriers(Color::Black).is_empty());
    }
}

// §1 Multiple Beirut: the remaining carriers stay armed after a boom.
#[test]
fn multiple_beirut_other_carriers_stay_armed() {
    let pos = pos_with(
        Variant::Beirut,
        &["carriers=2"],
        "4k3/8/8/8/8/8/P*6P*/4K3 w - - 0 1",
    );
    let mut pos = after(pos, &["@a2", "e8d8"]);
    assert_eq!(carrier_names(&pos, Color::White), ["h2"]);
    assert!(has(&pos, "@h2"));
    play(&mut pos, &["@h2"]);
    assert_eq!(pos.fen(), "3k4/8/8/8/8/8/8/4K3 b - - 0 2");
}

// ----- Dead Man's Switch ------------------------------------------------------------

// §1 DMS: a captured carrier explodes centred on the capture square; the
// capturer is destroyed; play goes on if no king is hurt.
#[test]
fn dms_capture_explodes_on_the_capture_square() {
    // Ra1 takes the knight carrier a5; the blast a4 a6 b4 b5 b6 takes the
    // pawns b4 and b6 as well.
    let fen = "7k/7p/1p6/n*7/1P6/8/7P/R6K w - - 0 1";
    let after_dms = after(dms(fen), &["a1a5"]);
    assert_eq!(after_dms.fen(), "7k/7p/8/8/8/8/7P/7K b - - 0 1");
    assert_eq!(after_dms.outcome(), None);
    // Without the option the capture is ordinary.
    let after_plain = after(beirut(fen), &["a1a5"]);
    assert_eq!(after_plain.fen(), "7k/7p/1p6/R7/1P6/8/7P/7K b - - 0 1");
}

// §1 DMS: "for en passant: the captured pawn's square".
#[test]
fn dms_en_passant_blast_is_centred_on_the_captured_pawn() {
    // Black just played d7-d5 with its carrier pawn; exd6 e.p. The blast is
    // centred on d5: it takes the knight c4 and the capturer on d6, but not
    // the pawn c7 (which a blast on d6 would take).
    let pos = dms("4k3/2p5/8/3p*P3/2N5/8/8/4K3 w - d6 0 2");
    let m = pos.parse_uci("e5d6").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
    let after = after(pos, &["e5d6"]);
    assert_eq!(after.fen(), "4k3/2p5/8/8/8/8/8/4K3 b - - 0 2");
}

// §1 DMS rule 1: the capturer's own king destroyed → the capturer loses.
#[test]
fn dms_king_capturing_a_carrier_loses() {
    // The black carrier pawn d5 checks Ke4; Kxd5 is an ordinary legal
    // capture and blows up the white king.
    let pos = dms("4k3/8/8/3p*4/4K3/8/8/8 w - - 0 1");
    assert!(has(&pos, "e4d5"));
    let after = after(pos, &["e4d5"]);
    assert_eq!(after.king_of(Color::White), None);
    assert_eq!(
        after.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: Reason::KingDestroyed
        })
    );
    assert!(after.legal_moves().is_empty());
}

// §1 DMS rule 1: "... even if the enemy king died too".
#[test]
fn dms_both_kings_destroyed_capturer_loses() {
    // Qd1xd5 takes the knight carrier; the blast covers Kc4 and ke6.
    let pos = dms("8/8/4k3/3n*4/2K5/8/8/3Q4 w - - 0 1");
    let after = after(pos, &["d1d5"]);
    assert_eq!(after.king_of(Color::White), None);
    assert_eq!(after.king_of(Color::Black), None);
    assert_eq!(
        after.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: Reason::KingDestroyed
        })
    );
    assert!(after.legal_moves().is_empty());
}

// §1 DMS rule 1 with only the capturer's king in the blast.
#[test]
fn dms_blast_reaching_own_king_loses() {
    // Qd4xd2 takes the knight carrier next to Ke1.
    let pos = dms("4k3/8/8/8/3Q4/8/3n*4/4K3 w - - 0 1");
    assert!(has(&pos, "d4d2"));
    let after = after(pos, &["d4d2"]);
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        after.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: Reason::KingDestroyed
        })
    );
}

// §1 Boom: "Castling rights of a removed rook ... are lost" — also in a Dead
// Man's Switch blast.
#[test]
fn dms_blast_removing_a_rook_loses_its_castling_right() {
    // Rg1xg7 takes the knight carrier; the blast takes the rook h8.
    let pos = dms("r3k2r/6n*1/8/8/8/8/8/R3K1R1 w Qkq - 0 1");
    let after = after(pos, &["g1g7"]);
    assert_eq!(after.fen(), "r3k3/8/8/8/8/8/8/R3K3 b Qq - 0 1");
}

// §1 DMS rule 2: else the enemy king destroyed → the capturer wins.
#[test]
fn dms_enemy_king_destroyed_capturer_wins() {
    let pos = dms("8/8/4k3/3n*4/8/8/8/K2Q4 w - - 0 1");
    let after = after(pos, &["d1d5"]);
    assert_eq!(after.fen(), "8/8/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(after.outcome(), white_wins_by_blast());
}

// §1 DMS: rule 2 comes before rule 3 — the capturer wins by the destroyed
// enemy king even though the blast also exposed its own king.
#[test]
fn dms_enemy_king_destroyed_beats_own_exposure() {
    // Rc1xc3 takes the knight carrier; the blast takes kd2 and the bishop b2
    // that shielded Ka1 from the bishop h8.
    let pos = dms("7b/8/8/8/8/2n*5/1B1k4/K1R5 w - - 0 1");
    let after = after(pos, &["c1c3"]);
    assert_eq!(after.fen(), "7b/8/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(after.outcome(), white_wins_by_blast());
}

// §1 DMS rule 3: else the capturer's own king in check → the capturer loses.
#[test]
fn dms_blast_exposing_own_king_loses() {
    // cxd3 takes the bishop carrier; the blast takes the bishop e2 that
    // shielded Ke1 from the rook e8.
    let pos = dms("k3r3/8/8/8/8/3b*4/2P1B3/4K3 w - - 0 1");
    assert!(has(&pos, "c2d3"));
    let after = after(pos, &["c2d3"]);
    assert_eq!(after.fen(), "k3r3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        after.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: Reason::ExposedKing
        })
    );
    assert!(after.legal_moves().is_empty());
}

// §1 DMS: "Whether a capture is legal is judged as for an ordinary capture,
// ignoring the bomb" — the move list does not depend on hidden carriers.
#[test]
fn dms_capture_legality_ignores_bombs() {
    for (marked, plain) in [
        (
            "8/8/4k3/3n*4/2K5/8/8/3Q4 w - - 0 1",
            "8/8/4k3/3n4/2K5/8/8/3Q4 w - - 0 1",
        ),
        (
            "4k3/8/8/3p*4/4K3/8/8/8 w - - 0 1",
            "4k3/8/8/3p4/4K3/8/8/8 w - - 0 1",
        ),
        (
            "k3r3/8/8/8/8/3b*4/2P1B3/4K3 w - - 0 1",
            "k3r3/8/8/8/8/3b4/2P1B3/4K3 w - - 0 1",
        ),
    ] {
        assert_eq!(moves(&dms(marked)), moves(&dms(plain)), "{marked}");
    }
}

// §1 DMS rule 4: a blast that exposes the *enemy* king is just a check;
// play goes on.
#[test]
fn dms_blast_exposing_the_enemy_king_is_check() {
    // Rd1xd4 takes the knight carrier on the long diagonal; the blast opens
    // b2-h8 onto the black king.
    let pos = dms("7k/8/8/8/3n*4/8/1B6/3RK3 w - - 0 1");
    let m = pos.parse_uci("d1d4").unwrap();
    assert_eq!(pos.move_to_san(m), "Rxd4+");
    let after = after(pos, &["d1d4"]);
    assert_eq!(after.fen(), "7k/8/8/8/8/8/1B6/4K3 b - - 0 1");
    assert!(after.is_check());
    assert_eq!(after.outcome(), None);
    // The king steps out: g8 h7 (g7 is on the diagonal).
    assert_eq!(moves(&after), sorted(&["h8g8", "h8h7"]));
}

// §1 DMS: legality ignores the bomb both ways — a pinned piece may not take
// a carrier even though the blast would remove the pinning piece.
#[test]
fn dms_pinned_capturer_stays_pinned() {
    // The knight d2 is pinned by the bishop b4 against Ke1; the knight
    // carrier b3 stands next to b4, but Nxb3 is still illegal.
    let marked = dms("4k3/8/8/8/1b6/1n*6/3N4/4K3 w - - 0 1");
    let plain = dms("4k3/8/8/8/1b6/1n6/3N4/4K3 w - - 0 1");
    assert!(!has(&marked, "d2b3"));
    assert_eq!(moves(&marked), moves(&plain));
}

// §1 DMS + the common rule: only the captured carrier explodes; carriers
// in its blast (the capturer's too) are removed without exploding.
#[test]
fn dms_no_chain_reaction() {
    // R*a1 x n*a5. In the blast: B*b4 and p*b6. Had b4 exploded, c3 would
    // go; had b6 exploded, c7 would go.
    let pos = pos_with(
        Variant::Beirut,
        &["carriers=3", "dead-mans-switch"],
        "7k/2p5/1p*6/n*7/1B*6/2P5/8/R*6K w - - 0 1",
    );
    let after = after(pos, &["a1a5"]);
    assert_eq!(after.fen(), "7k/2p5/8/8/8/2P5/8/7K b - - 0 1");
}

// ----- The wiki-book example (seeds/001) ------------------------------------------------

// seeds/001: Ruy Lopez Exchange, White's carrier the g1 knight which ends on
// e5; 6.Boom! destroys the queen d4 — and the e4 pawn and the knight itself.
#[test]
fn wiki_book_ruy_lopez_boom() {
    let mut g = Game::new(Variant::Beirut, Options::default());
    g.choose_carriers(&["g1"]).unwrap();
    g.choose_carriers(&["h7"]).unwrap();
    for m in [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "Nxe5", "Qd4",
    ] {
        g.play_san(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    // The carrier travelled with the knight g1-f3-e5.
    assert_eq!(
        g.position().fen(),
        "r1b1kbnr/1pp2ppp*/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6"
    );
    // In e5's 3x3 area: d6 e6 f6 d5 f5 f4 are empty; d4 (queen), e4 (white
    // pawn) and e5 (the knight) are destroyed.
    let boom = g.position().parse_san("Boom@e5").unwrap();
    let mut removed: Vec<String> = g
        .position()
        .removed_by(boom)
        .into_iter()
        .map(|s| g.position().square_name(s))
        .collect();
    removed.sort();
    assert_eq!(removed, ["d4", "e4", "e5"]);
    g.play_san("Boom@e5").unwrap();
    assert_eq!(
        g.position().fen(),
        "r1b1kbnr/1pp2ppp*/p1p5/8/8/8/PPPP1PPP/RNBQK2R b KQkq - 0 6"
    );
    assert_eq!(
        g.san_moves(),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "Nxe5", "Qd4", "Boom@e5"]
    );
    assert_eq!(g.phase(), Phase::Play);
}

// ----- Perft (§6: booms count as moves) -------------------------------------------------

// §6 with booms: Kh1 + pawn carrier a2 vs kh8 + pawn carrier a7.
#[test]
fn perft_two_pawn_carriers() {
    let pos = beirut("7k/p*7/8/8/8/8/P*7/7K w - - 0 1");
    // White: Kg1 Kg2 Kh2, a3 a4, @a2 (no king in its blast).
    assert_eq!(
        moves(&pos),
        sorted(&["h1g1", "h1g2", "h1h2", "a2a3", "a2a4", "@a2"])
    );
    assert_eq!(pos.perft(1), 6);
    // Black always has Kg8 Kg7 Kh7, a6 a5, @a7: 6 × 6.
    assert_eq!(pos.perft(2), 36);
    // Third ply, by White's first move (× 6 black replies):
    //   Kg1: 5 king + 2 pawn + boom = 8 → 48;  Kg2: 8+2+1 = 11 → 66;
    //   Kh2: 5+2+1 = 8 → 48;  a3: 3+1+1 = 5 → 30;
    //   a4: 3+1+1 = 5, but 4 after ...a5 blocks it → 29;  @a2: 3 → 18.
    assert_eq!(pos.perft(3), 48 + 66 + 48 + 30 + 29 + 18);
}

// §6 with an explosion that ends the game: no moves after it.
#[test]
fn perft_explosion_beats_check_position() {
    let pos = beirut("4k2r/3N*4/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(pos.perft(1), 3);
    // After Kg1 or Kg2, Black has: Kd8 Kd7(xN) Ke7 Kf7 (f8 is covered by the
    // knight) and the rook's h7..h1 and g8 f8 = 4 + 9 = 13. After @d7 the
    // game is over: 0.
    assert_eq!(pos.perft(2), 13 + 13);
    let divide = pos.divide(2);
    let mut divide: Vec<(String, u64)> = divide;
    divide.sort();
    assert_eq!(
        divide,
        vec![
            ("@d7".to_string(), 0),
            ("h1g1".to_string(), 13),
            ("h1g2".to_string(), 13)
        ]
    );
}

// §6: the only legal move is a boom; then Black's king has g8 g7 h7.
#[test]
fn perft_boom_out_of_check() {
    let pos = beirut("7k/8/8/8/8/8/1P*3PPP/r5K1 w - - 0 1");
    assert_eq!(pos.perft(1), 1);
    assert_eq!(pos.perft(2), 3);
}

// §6 with Dead Man's Switch: a capture of a carrier that blows up the
// capturer's king ends the game (no moves after it).
#[test]
fn perft_dead_mans_switch() {
    // Ke4 in check from the carrier pawn d5; all eight king moves are
    // legal (the pawn covers only c4 and e4), Kxd5 included.
    let fen = "4k3/8/8/3p*4/4K3/8/8/8 w - - 0 1";
    let with = dms(fen);
    let without = beirut(fen);
    assert_eq!(with.perft(1), 8);
    assert_eq!(without.perft(1), 8);
    // Black's replies: 5 king moves (d8 f8 d7 e7 f7), ...d4 unless the
    // white king stands there, and the boom @d5 (legal even when it takes
    // the white king). After Kd3 Ke3 Kf3 Kf4 Ke5 Kf5: 7 each; after Kd4: 6.
    // After Kxd5: with the switch the white king is gone (0); without it
    // the bomb is simply gone and Black has its 5 king moves.
    assert_eq!(with.perft(2), 6 * 7 + 6);
    assert_eq!(without.perft(2), 6 * 7 + 6 + 5);
}

// §4/§6: a Beirut position without marks is orthodox chess.
#[test]
fn no_marks_is_orthodox_chess() {
    let pos = beirut("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(pos.perft(1), 20);
    assert_eq!(pos.perft(2), 400);
    assert_eq!(pos.perft(3), 8902);
}

// §1 "Captured pieces are not revealed": repetitions must be found from a
// player's view too, so the hash without bomb marks is the same for the
// referee and for both views.
#[test]
fn hash_without_carriers_is_the_same_in_every_view() {
    let referee = boomchess_rules::VariantPosition::from_fen(
        Variant::Beirut,
        Options::default(),
        "rnbqkbn*r/pppppppp/8/8/8/8/PPPPPPPP/RN*BQKBNR w KQkq - 0 1",
    )
    .unwrap();
    let plain = boomchess_rules::VariantPosition::from_fen(
        Variant::Beirut,
        Options::default(),
        Variant::Beirut.start_fen(),
    )
    .unwrap();
    let key = |p: &boomchess_rules::VariantPosition| match p {
        boomchess_rules::VariantPosition::Eight(p) => p.hash_without_carriers(),
        boomchess_rules::VariantPosition::Ten(p) => p.hash_without_carriers(),
    };
    assert_eq!(key(&referee), key(&plain));
    assert_eq!(key(&referee.view(Color::White)), key(&plain));
    assert_eq!(key(&referee.view(Color::Black)), key(&plain));
    // The full hash does tell bomb marks apart.
    assert_ne!(referee.hash(), plain.hash());
}
