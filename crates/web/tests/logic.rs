//! Square names, board geometry and move parsing: the pure parts of the web crate, run in the
//! browser like the drawing tests (the web crate is built for wasm32 only in the test command).

use boomchess_rules::Variant;
use boomchess_web::geometry::{Layout, Square};
use boomchess_web::moves::{BoardMove, MoveKind};
use boomchess_web::Game;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn square_names_round_trip_on_both_board_sizes() {
    for (files, ranks) in [(8, 8), (10, 10)] {
        for rank in 0..ranks {
            for file in 0..files {
                let sq = Square::new(file, rank);
                assert_eq!(Square::parse(&sq.name(), files, ranks), Some(sq));
            }
        }
    }
    assert_eq!(Square::new(9, 9).name(), "j10");
    assert_eq!(Square::parse("i1", 8, 8), None);
    assert_eq!(Square::parse("a9", 8, 8), None);
    for bad in ["", "a", "a0", "a11", "k1", "A1", "e2e4", "1a", "é1", "a-1"] {
        assert_eq!(Square::parse(bad, 10, 10), None, "{bad:?}");
    }
}

#[wasm_bindgen_test]
fn layout_maps_points_back_to_the_squares_it_drew() {
    for flipped in [false, true] {
        for (n, size) in [(8u8, 397u32), (10, 401), (10, 1000)] {
            let layout = Layout {
                files: n,
                ranks: n,
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
    let layout = Layout {
        files: 8,
        ranks: 8,
        size: 800,
        flipped: false,
    };
    // Squares off the board do not panic (they land on the edge).
    for sq in [Square::new(8, 8), Square::new(255, 255)] {
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
        Some(Square::new(0, 0)),
        "a1 bottom left"
    );
    let flipped = Layout {
        flipped: true,
        ..layout
    };
    assert_eq!(
        flipped.square_at(10.0, 790.0),
        Some(Square::new(7, 7)),
        "h8 bottom left"
    );
}

#[wasm_bindgen_test]
fn coordinate_texts_parse_into_squares() {
    let m = BoardMove::parse("e2e4").unwrap();
    assert_eq!(
        (m.from.name(), m.to.name(), m.kind),
        ("e2".into(), "e4".into(), MoveKind::Step)
    );
    let m = BoardMove::parse("e9e10q").unwrap();
    assert_eq!((m.to.name(), m.promotion), ("e10".into(), Some('q')));
    let m = BoardMove::parse("a10a9").unwrap();
    assert_eq!((m.from.name(), m.to.name()), ("a10".into(), "a9".into()));
    let m = BoardMove::parse("@e5").unwrap();
    assert_eq!(
        (m.from.name(), m.to.name(), m.kind),
        ("e5".into(), "e5".into(), MoveKind::Boom)
    );
    let m = BoardMove::parse("d2@f7").unwrap();
    assert_eq!(
        (m.from.name(), m.to.name(), m.kind),
        ("d2".into(), "f7".into(), MoveKind::Launch)
    );
    let m = BoardMove::parse("f1i1").unwrap();
    assert_eq!(m.uci, "f1i1");
    for bad in [
        "", "e2", "e2e", "e2e4qq", "e2e4k", "@", "@e", "d2@", "e2@e4x", "z1a1", "e2-e4",
    ] {
        assert_eq!(BoardMove::parse(bad), None, "{bad:?}");
    }
}

#[wasm_bindgen_test]
fn every_start_move_parses_and_targets_follow_the_referee() {
    for variant in [Variant::Beirut, Variant::Stratomic, Variant::FlyingBombers] {
        let mut game = Game::new(variant);
        let moves: Vec<String> = game.legal_moves().map(str::to_owned).collect();
        assert!(!moves.is_empty(), "{variant:?} has start moves");
        for m in &moves {
            assert!(BoardMove::parse(m).is_some(), "{variant:?}: {m}");
        }
        // Select each piece of the side to move: its targets are exactly its legal moves.
        for sq in (Layout {
            files: game.files(),
            ranks: game.ranks(),
            size: 100,
            flipped: false,
        })
        .squares()
        {
            game.click(sq);
            if game.selected() == Some(sq) {
                let mut from_here: Vec<String> = moves
                    .iter()
                    .filter_map(|m| BoardMove::parse(m))
                    .filter(|m| m.from == sq && m.kind != MoveKind::Boom)
                    .map(|m| m.to.name())
                    .collect();
                from_here.sort();
                from_here.dedup();
                let mut targets: Vec<String> =
                    game.targets().iter().map(|t| t.square.name()).collect();
                targets.sort();
                assert_eq!(targets, from_here, "{variant:?} {}", sq.name());
                game.click(sq);
            }
        }
    }
}

#[wasm_bindgen_test]
fn illegal_play_is_refused_without_a_change() {
    let mut game = Game::new(Variant::Beirut);
    let fen = game.fen();
    for bad in ["e2e5", "e7e5", "", "zz", "@e2", "e2e4q", "a1a1"] {
        assert!(game.play(bad).is_err(), "{bad:?}");
        assert_eq!(game.fen(), fen);
    }
    assert!(game.play("e2e4").is_ok());
    assert_eq!(game.last_move().map(|m| m.uci.as_str()), Some("e2e4"));
}
