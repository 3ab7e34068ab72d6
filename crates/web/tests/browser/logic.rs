//! Square names, board geometry and move parsing: the pure parts of the web crate, run in the
//! browser like the drawing tests (the web crate is built for wasm32 only in the test command).

use boomchess_rules::{
    BoardSize, Color, Move, MoveError, MoveKind, Options, Role, Square, Variant, VariantPosition,
};
use boomchess_web::game::{ClickOutcome, Stage};
use boomchess_web::geometry::Layout;
use boomchess_web::spec::Mode;
use boomchess_web::Game;
use wasm_bindgen_test::wasm_bindgen_test;

/// A game ready to play with nothing hidden: Beirut with carriers on f2 and f7 (next to the
/// kings, so neither may boom), no curtain.
fn playable(variant: Variant) -> Game {
    match variant {
        Variant::Beirut => Game::from_fen(
            variant,
            "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1",
        )
        .expect("valid position")
        .without_curtain(),
        _ => Game::new(variant),
    }
}

#[wasm_bindgen_test]
fn square_names_round_trip_on_both_board_sizes() {
    for board in [BoardSize::EIGHT, BoardSize::TEN] {
        for rank in 0..board.ranks() {
            for file in 0..board.files() {
                let sq = board.square(file, rank).expect("on the board");
                assert_eq!(board.coords(sq), (file, rank));
                assert_eq!(board.parse(&board.name(sq)), Some(sq));
            }
        }
    }
    let ten = BoardSize::TEN;
    assert_eq!(ten.name(ten.square(9, 9).unwrap()), "j10");
    assert_eq!(BoardSize::EIGHT.parse("i1"), None);
    assert_eq!(BoardSize::EIGHT.parse("a9"), None);
    for bad in ["", "a", "a0", "a11", "k1", "A1", "e2e4", "1a", "é1", "a-1"] {
        assert_eq!(ten.parse(bad), None, "{bad:?}");
    }
}

#[wasm_bindgen_test]
fn layout_maps_points_back_to_the_squares_it_drew() {
    for flipped in [false, true] {
        for (board, size) in [
            (BoardSize::EIGHT, 397u32),
            (BoardSize::TEN, 401),
            (BoardSize::TEN, 1000),
        ] {
            let layout = Layout {
                board,
                size,
                flipped,
            };
            let mut covered = 0.0;
            for sq in layout.squares() {
                let r = layout.square_rect(sq);
                covered += r.w * r.h;
                let (cx, cy) = r.center();
                assert_eq!(layout.square_at(cx, cy), Some(sq));
                assert_eq!(layout.square_at(r.x, r.y), Some(sq), "top-left pixel");
                assert_eq!(layout.square_at(r.x + r.w - 0.5, r.y + r.h - 0.5), Some(sq));
            }
            // Whole-pixel squares tile the board exactly: no gaps, no overlaps.
            assert_eq!(covered, f64::from(size) * f64::from(size));
            assert_eq!(layout.square_at(-1.0, 5.0), None);
            assert_eq!(layout.square_at(f64::from(size), 5.0), None);
            assert_eq!(layout.square_at(f64::NAN, 5.0), None);
        }
    }
    let eight = BoardSize::EIGHT;
    let layout = Layout {
        board: eight,
        size: 800,
        flipped: false,
    };
    // Squares off the board do not panic (they land on the edge): i9 of the 10×10 board, and
    // the last square index there is.
    for sq in [
        BoardSize::TEN.square(8, 8).unwrap(),
        Square::from_index(u8::MAX),
    ] {
        assert!(!eight.contains(sq));
        let r = layout.square_rect(sq);
        assert!(r.x.is_finite() && r.y.is_finite());
        let r = Layout {
            flipped: true,
            ..layout
        }
        .square_rect(sq);
        assert!(r.x.is_finite() && r.y.is_finite());
    }
    assert_eq!(
        layout.square_at(10.0, 790.0),
        eight.square(0, 0),
        "a1 bottom left"
    );
    let flipped = Layout {
        flipped: true,
        ..layout
    };
    assert_eq!(
        flipped.square_at(10.0, 790.0),
        eight.square(7, 7),
        "h8 bottom left"
    );
}

/// A position of `variant` from its text (default options).
fn position(variant: Variant, fen: &str) -> VariantPosition {
    VariantPosition::from_fen(variant, Options::default(), fen).expect("valid position")
}

/// The squares' names and the kind of the legal move written `text` in `pos`.
fn parsed(pos: &VariantPosition, text: &str) -> (String, String, MoveKind) {
    let m = pos
        .parse_uci(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let board = pos.board_size();
    (board.name(m.from), board.name(m.to), m.kind)
}

#[wasm_bindgen_test]
fn coordinate_texts_parse_into_squares() {
    // Each text in a position where it is a legal move (the referee parses moves against the
    // position: the page has no move parser of its own any more).
    let beirut = position(
        Variant::Beirut,
        "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(
        parsed(&beirut, "e2e4"),
        ("e2".into(), "e4".into(), MoveKind::Normal)
    );
    // A white pawn on e9 of the 10×10 board (Flying Bombers promotes on rank 10).
    let promote = position(
        Variant::FlyingBombers,
        "k9/4P5/10/10/10/10/10/10/10/5K4 w - - 0 1",
    );
    let m = promote.parse_uci("e9e10q").unwrap();
    assert_eq!(
        (promote.board_size().name(m.to), m.promotion()),
        ("e10".into(), Some(Role::Queen))
    );
    // A black rook on a10.
    let rook = position(
        Variant::FlyingBombers,
        "r4k4/10/10/10/10/10/10/10/10/5K4 b - - 0 1",
    );
    let (from, to, _) = parsed(&rook, "a10a9");
    assert_eq!((from, to), ("a10".into(), "a9".into()));
    let boom = position(
        Variant::Beirut,
        "r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6",
    );
    assert_eq!(
        parsed(&boom, "@e5"),
        ("e5".into(), "e5".into(), MoveKind::Boom)
    );
    // docs/rules.md §2.5, "naming the missile": d2 can reach f7.
    let launch = position(
        Variant::Stratomic,
        "10/5k4/10/10/10/10/10/10/3M1K1M2/10 w - - 0 1 L",
    );
    assert_eq!(
        parsed(&launch, "d2@f7"),
        ("d2".into(), "f7".into(), MoveKind::Launch)
    );
    // Flying Bombers' castling onto the rook's square: the text survives the round trip.
    let castle = position(
        Variant::FlyingBombers,
        "5k4/10/10/10/10/10/10/10/10/1R3K2R1 w KQ - 0 1",
    );
    let m = castle.parse_uci("f1i1").unwrap();
    assert_eq!(castle.move_to_uci(m), "f1i1");
    for bad in [
        "", "e2", "e2e", "e2e4qq", "e2e4k", "@", "@e", "d2@", "e2@e4x", "z1a1", "e2-e4",
    ] {
        for pos in [&beirut, &launch, &castle] {
            assert!(
                matches!(pos.parse_uci(bad), Err(MoveError::Malformed { .. })),
                "{bad:?}: {:?}",
                pos.parse_uci(bad)
            );
        }
    }
}

#[wasm_bindgen_test]
fn every_start_move_parses_and_targets_follow_the_referee() {
    for variant in [Variant::Beirut, Variant::Stratomic, Variant::FlyingBombers] {
        let mut game = playable(variant);
        let moves: Vec<Move> = game.legal_moves().collect();
        assert!(!moves.is_empty(), "{variant:?} has start moves");
        for &m in &moves {
            let text = game.move_text(m);
            assert_eq!(game.shown().parse_uci(&text), Ok(m), "{variant:?}: {text}");
        }
        let board = game.board_size();
        // Select each piece of the side to move: its targets are exactly its legal moves.
        for sq in (Layout {
            board,
            size: 100,
            flipped: false,
        })
        .squares()
        {
            game.click(sq);
            if game.selected() == Some(sq) {
                let mut from_here: Vec<String> = moves
                    .iter()
                    .filter(|m| m.from == sq && m.kind != MoveKind::Boom)
                    .map(|m| board.name(m.to))
                    .collect();
                from_here.sort();
                from_here.dedup();
                let mut targets: Vec<String> = game
                    .targets()
                    .iter()
                    .map(|t| board.name(t.square))
                    .collect();
                targets.sort();
                assert_eq!(targets, from_here, "{variant:?} {}", board.name(sq));
                game.click(sq);
            }
        }
    }
}

#[wasm_bindgen_test]
fn illegal_play_is_refused_without_a_change() {
    let mut game = playable(Variant::Beirut);
    let fen = game.fen();
    for bad in ["e2e5", "e7e5", "", "zz", "@e2", "e2e4q", "a1a1"] {
        assert!(game.play(bad).is_err(), "{bad:?}");
        assert_eq!(game.fen(), fen);
    }
    assert!(game.play("e2e4").is_ok());
    assert_eq!(
        game.last_move().map(|m| game.move_text(m)),
        Some("e2e4".to_owned())
    );
}

/// The piece placement field of a position text.
fn placement(fen: &str) -> &str {
    fen.split(' ').next().unwrap_or("")
}

fn sq(name: &str) -> Square {
    BoardSize::EIGHT.parse(name).unwrap()
}

#[wasm_bindgen_test]
fn beirut_setup_marks_confirms_and_hides_carriers_behind_the_curtain() {
    let mut game = Game::new(Variant::Beirut);
    assert_eq!(game.stage(), Stage::Setup(Color::White));
    assert_eq!(game.legal_moves().count(), 0, "no moves in setup");
    assert!(game.play("e2e4").is_err());
    // The king cannot carry; an enemy man neither; a man of one's own can.
    assert_eq!(game.click(sq("e1")), ClickOutcome::Ignored);
    assert_eq!(game.click(sq("h7")), ClickOutcome::Ignored);
    assert_eq!(game.click(sq("b1")), ClickOutcome::Marked);
    // With one carrier to choose, marking another moves the mark.
    assert_eq!(game.click(sq("g1")), ClickOutcome::Marked);
    assert_eq!(game.marks(), &[sq("g1")]);
    assert!(game.shows_carrier(sq("g1")) && !game.shows_carrier(sq("b1")));
    game.confirm_carriers().expect("one carrier marked");
    // The curtain: Black chooses next, nobody's carrier is shown.
    assert_eq!(game.stage(), Stage::Curtain(Color::Black));
    assert!(!game.fen().contains('*'), "{}", game.fen());
    assert!(!game.shows_carrier(sq("g1")));
    assert_eq!(game.click(sq("e4")), ClickOutcome::CurtainLifted);
    assert_eq!(game.stage(), Stage::Setup(Color::Black));
    assert!(
        !game.fen().contains('*'),
        "Black does not see White's carrier"
    );
    assert!(!game.shows_carrier(sq("g1")));
    assert!(game.choose_carriers(&["g1"]).is_err(), "not Black's man");
    assert!(
        game.choose_carriers(&["e8"]).is_err(),
        "the king cannot carry"
    );
    game.choose_carriers(&["h7"]).expect("Black's pawn");
    assert_eq!(game.stage(), Stage::Curtain(Color::White));
    assert_eq!(game.legal_moves().count(), 0, "no moves behind the curtain");
    assert!(game.play("e2e4").is_err(), "no move behind the curtain");
    assert!(game.lift_curtain());
    assert!(!game.lift_curtain(), "lifting twice is a no-op");
    assert_eq!(game.stage(), Stage::Play(Color::White));
    assert_eq!(
        placement(&game.fen()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN*R",
        "White sees only its own carrier"
    );
    assert!(game.legal_moves().any(|m| game.move_text(m) == "@g1"));
    assert!(!game.legal_moves().any(|m| game.move_text(m) == "@h7"));
    assert!(
        game.play("@h7").is_err(),
        "nobody can probe the other side's carrier"
    );
}

/// A hot-seat Beirut game after setup (White g1, Black h7) and the moves given, each followed by
/// lifting the curtain.
fn beirut_after(moves: &[&str]) -> Game {
    let mut game = Game::new(Variant::Beirut);
    game.choose_carriers(&["g1"]).unwrap();
    game.lift_curtain();
    game.choose_carriers(&["h7"]).unwrap();
    game.lift_curtain();
    for m in moves {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert!(game.curtain(), "the curtain after {m}");
        assert!(!game.fen().contains('*'));
        game.lift_curtain();
    }
    game
}

const TO_BOOM: [&str; 10] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "f3e5", "d8d4",
];

#[wasm_bindgen_test]
fn a_second_click_on_the_selected_carrier_booms_and_undo_redo_follow_the_referee() {
    let mut game = beirut_after(&TO_BOOM);
    assert_eq!(
        placement(&game.fen()),
        "r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R"
    );
    assert_eq!(game.click(sq("e5")), ClickOutcome::Selected(sq("e5")));
    assert!(game.selected_boom().is_some());
    let mut preview = game.blast_preview(None);
    let board = game.board_size();
    preview.sort_by_key(|&s| {
        let (file, rank) = board.coords(s);
        (rank, file)
    });
    let names: Vec<String> = preview.iter().map(|&s| board.name(s)).collect();
    assert_eq!(
        names,
        ["d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"].map(str::to_owned)
    );
    let boom = Move {
        from: sq("e5"),
        to: sq("e5"),
        kind: MoveKind::Boom,
    };
    assert_eq!(game.move_text(boom), "@e5");
    assert_eq!(game.click(sq("e5")), ClickOutcome::Played(boom));
    assert_eq!(game.san_moves().last().map(String::as_str), Some("Boom@e5"));
    assert!(game.curtain());
    assert_eq!(
        placement(&game.fen()),
        "r1b1kbnr/1pp2ppp/p1p5/8/8/8/PPPP1PPP/RNBQK2R"
    );
    // Undo: the knight and the queen are back; the seat passes back behind the curtain.
    assert!(game.undo());
    assert!(game.curtain());
    game.lift_curtain();
    assert_eq!(game.turn(), Color::White);
    assert!(game.fen().contains("4N*3/3qP3"), "{}", game.fen());
    assert!(game.can_redo());
    assert!(game.redo());
    assert_eq!(game.san_moves().len(), 11);
    assert!(!game.can_redo());
}

#[wasm_bindgen_test]
fn a_non_carrier_clicked_twice_is_only_deselected() {
    let mut game = beirut_after(&[]);
    assert_eq!(game.click(sq("b1")), ClickOutcome::Selected(sq("b1")));
    assert!(game.selected_boom().is_none());
    assert!(game.blast_preview(None).is_empty());
    assert_eq!(game.click(sq("b1")), ClickOutcome::Deselected);
    assert!(!game.boom(), "no carrier selected");
    assert_eq!(game.san_moves().len(), 0);
}

#[wasm_bindgen_test]
fn the_end_of_the_game_reveals_every_carrier() {
    // Fool's mate to come, White's carrier on a2 and Black's on h7.
    let fen = "rnbqkbnr/pppp1ppp*/8/4p3/6P1/5P2/P*PPPP2P/RNBQKBNR b KQkq - 0 2";
    let mut game = Game::from_fen(Variant::Beirut, fen).unwrap();
    assert!(
        game.curtain(),
        "a game set up with carriers starts behind the curtain"
    );
    assert!(!game.fen().contains('*'));
    game.lift_curtain();
    assert_eq!(
        placement(&game.fen()),
        "rnbqkbnr/pppp1ppp*/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR"
    );
    game.play("d8h4").unwrap();
    assert!(game.is_over());
    assert!(!game.curtain(), "no curtain once it is over");
    assert_eq!(
        placement(&game.fen()),
        "rnb1kbnr/pppp1ppp*/8/4p3/6Pq/5P2/P*PPPP2P/RNBQKBNR"
    );
    assert!(game.shows_carrier(sq("a2")) && game.shows_carrier(sq("h7")));
    assert_eq!(game.outcome().map(|o| o.result()), Some("0-1"));
}

/// Against the computer in Beirut: it chooses its carriers at once, the human sees only their
/// own, the computer is asked from its own view (never the human's carriers), its move is
/// checked and played, and undo goes back to the human's previous turn.
/// Whether a position text marks a carrier (`*`) of `color`.
fn marks_carrier(fen: &str, color: Color) -> bool {
    let board = fen.split(' ').next().unwrap_or_default().as_bytes();
    board.windows(2).any(|w| {
        w[1] == b'*'
            && match color {
                Color::White => w[0].is_ascii_uppercase(),
                Color::Black => w[0].is_ascii_lowercase(),
            }
    })
}

#[wasm_bindgen_test]
fn beirut_against_the_computer_keeps_each_side_to_its_own_view() {
    // The computer plays Black.
    let mut game = Game::new(Variant::Beirut).with_mode(Mode::Computer {
        human: Color::White,
        level: 1,
    });
    assert_eq!(game.stage(), Stage::Setup(Color::White));
    game.choose_carriers(&["d2"]).expect("the human's carrier");
    assert_eq!(game.stage(), Stage::Play(Color::White), "no curtain");
    assert!(
        marks_carrier(&game.fen(), Color::White),
        "the human sees their carrier"
    );
    assert!(
        !marks_carrier(&game.fen(), Color::Black),
        "but not the computer's"
    );
    assert!(game.computer_turn().is_none(), "the human moves first");
    game.play("e2e4").expect("a legal move");
    assert_eq!(
        game.legal_moves().count(),
        0,
        "no moves offered on the computer's turn"
    );
    // While the computer is to move a click can only queue a premove: nothing is played.
    assert_eq!(game.click(sq("d2")), ClickOutcome::Selected(sq("d2")));
    assert_eq!(game.click(sq("d4")), ClickOutcome::Premoved);
    assert_eq!(
        game.san_moves().len(),
        1,
        "nothing played on the computer's turn"
    );
    assert_eq!(game.premove(), Some((sq("d2"), sq("d4"))));
    assert_eq!(
        game.click(sq("a5")),
        ClickOutcome::Deselected,
        "a click drops it"
    );
    assert_eq!(game.premove(), None);
    let turn = game.computer_turn().expect("the computer's turn");
    // Its carrier is any of its men (chosen at random per game).
    assert!(
        marks_carrier(&turn.fen, Color::Black),
        "the computer knows its carrier"
    );
    assert!(
        !marks_carrier(&turn.fen, Color::White),
        "but not the human's"
    );
    assert!(turn.history.iter().all(|f| !marks_carrier(f, Color::White)));
    let decision = boomchess_worker::decide(&turn).expect("a move");
    assert!(
        game.play_computer("e2e4").is_err(),
        "an illegal reply is refused"
    );
    game.play_computer(&decision.uci)
        .expect("its own move is legal");
    assert_eq!(game.stage(), Stage::Play(Color::White));
    assert!(!marks_carrier(&game.fen(), Color::Black));
    assert_eq!(game.san_moves().len(), 2);
    assert!(game.undo());
    assert_eq!(
        game.san_moves().len(),
        0,
        "undo takes back the reply and the human move"
    );
    assert_eq!(game.stage(), Stage::Play(Color::White));
}

#[wasm_bindgen_test]
fn undo_never_takes_back_only_the_computers_opening_move() {
    // The human plays Black: the computer (White) moves first.
    let mut game = Game::new(Variant::Stratomic).with_mode(Mode::Computer {
        human: Color::Black,
        level: 1,
    });
    let turn = game.computer_turn().expect("the computer opens");
    let decision = boomchess_worker::decide(&turn).expect("a move");
    game.play_computer(&decision.uci)
        .expect("its move is legal");
    assert_eq!(game.san_moves().len(), 1);
    assert!(!game.can_undo(), "no move of the human to take back");
    assert!(!game.undo());
    assert_eq!(game.san_moves().len(), 1, "the opening move stays");
    game.play("f8f7").expect("a human move");
    assert!(game.can_undo());
}
