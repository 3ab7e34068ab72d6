//! Embedded boards and share links: the diagram mode of the web `Game` (select and preview,
//! never play), the embed attributes checked with readable errors, move lists replayed in
//! coordinate text or SAN, `mountBoard` building everything inside its element, and the
//! `?game=` encoding (round trip, and no Beirut carrier ever leaked).

use boomchess_rules::{movetext_words, BoardSize, Color, Options, Square, Variant};
use boomchess_web::embed::{self, Spec};
use boomchess_web::game::Stage;
use boomchess_web::spec::{GameSpec, Mode};
use boomchess_web::{share, ClickOutcome, Game, GameHandle};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// The rules book's example: Ruy Lopez Exchange, White's carrier the g1 knight.
const RUY_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1";
const RUY_MOVES: &str = "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.Nxe5 Qd4";

fn sq(name: &str) -> Square {
    BoardSize::EIGHT.parse(name).expect("a square")
}

/// The names of squares of the 8×8 board.
fn names(squares: impl IntoIterator<Item = Square>) -> Vec<String> {
    squares
        .into_iter()
        .map(|s| BoardSize::EIGHT.name(s))
        .collect()
}

fn spec(variant: &str) -> Spec {
    Spec {
        variant: variant.to_owned(),
        ..Spec::default()
    }
}

fn ruy_diagram() -> Game {
    let board = embed::board(&Spec {
        fen: Some(RUY_START.to_owned()),
        moves: Some(RUY_MOVES.to_owned()),
        mode: Some("diagram".to_owned()),
        ..spec("beirut")
    })
    .expect("the Ruy Lopez diagram");
    board.game
}

fn error_of(s: Spec) -> String {
    match embed::board(&s) {
        Ok(_) => panic!("accepted {s:?}"),
        Err(e) => e,
    }
}

#[wasm_bindgen_test]
fn a_diagram_shows_the_carrier_and_previews_its_blast() {
    let mut game = ruy_diagram();
    assert!(game.is_diagram());
    assert_eq!(
        game.fen(),
        "r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6",
        "the position after 5...Qd4, the carrier public"
    );
    assert_eq!(game.stage(), Stage::Play(Color::White));
    assert!(!game.curtain());
    assert_eq!(game.click(sq("e5")), ClickOutcome::Selected(sq("e5")));
    let targets = names(game.targets().iter().map(|t| t.square));
    assert!(targets.contains(&"f7".to_owned()), "{targets:?}");
    let mut blast = names(game.blast_preview(None));
    blast.sort();
    assert_eq!(
        blast,
        ["d4", "d5", "d6", "e4", "e5", "e6", "f4", "f5", "f6"],
        "the 3x3 area of the boom"
    );
    assert!(game.legal_moves().any(|m| game.move_text(m) == "@e5"));
}

#[wasm_bindgen_test]
fn a_diagram_never_plays_a_move() {
    let mut game = ruy_diagram();
    let fen = game.fen();
    game.click(sq("e5"));
    // A click on a target selects what stands there or clears the selection: nothing is played.
    assert_eq!(game.click(sq("f7")), ClickOutcome::Selected(sq("f7")));
    assert_eq!(game.click(sq("f5")), ClickOutcome::Deselected);
    game.click(sq("e5"));
    assert_eq!(game.drop_on(sq("f7")), None);
    assert!(!game.boom());
    assert!(game.play("e5f7").is_err());
    assert!(game.play("@e5").unwrap_err().contains("diagram"));
    assert!(!game.undo() && !game.can_undo() && !game.redo());
    assert_eq!(game.fen(), fen);
    assert_eq!(game.san_moves().len(), 10);
}

#[wasm_bindgen_test]
fn a_diagram_shows_the_moves_of_the_side_not_to_move_too() {
    let mut game = ruy_diagram();
    // Black's queen on d4: White is to move, but a diagram previews Black's moves as well.
    assert_eq!(game.click(sq("d4")), ClickOutcome::Selected(sq("d4")));
    let targets = names(game.targets().iter().map(|t| t.square));
    assert!(targets.contains(&"e4".to_owned()), "Qxe4: {targets:?}");
    assert!(targets.contains(&"f2".to_owned()), "Qxf2: {targets:?}");
    // legalMoves() stays the side to move's.
    assert!(game
        .legal_moves()
        .all(|m| !game.move_text(m).starts_with("d4")));
    // A second click on the same piece clears the selection.
    assert_eq!(game.click(sq("d4")), ClickOutcome::Deselected);
    assert_eq!(game.selected(), None);
}

#[wasm_bindgen_test]
fn a_beirut_diagram_without_carriers_skips_the_carrier_choice() {
    let game = embed::board(&Spec {
        mode: Some("diagram".to_owned()),
        ..spec("beirut")
    })
    .expect("a diagram")
    .game;
    assert!(!game.carriers_pending());
    assert_eq!(game.stage(), Stage::Play(Color::White));
    assert_eq!(game.legal_moves().count(), 20);
}

#[wasm_bindgen_test]
fn move_lists_take_numbers_san_coordinates_and_boom() {
    assert_eq!(
        movetext_words("1.e4 e5, 2. Nf3 Nc6 5...Qd4 6.Boom! 1-0"),
        ["e4", "e5", "Nf3", "Nc6", "Qd4", "Boom!"]
    );
    let game = embed::board(&Spec {
        fen: Some(RUY_START.to_owned()),
        moves: Some("e2e4 e5 Nf3,Nc6 Bb5 a6 Bxc6 dxc6 Nxe5 Qd4 Boom!".to_owned()),
        ..spec("beirut")
    })
    .expect("replays")
    .game;
    let sans = game.san_moves();
    assert_eq!(sans.last().map(String::as_str), Some("Boom@e5"));
    assert!(game
        .referee()
        .position()
        .fen()
        .starts_with("r1b1kbnr/1pp2ppp/p1p5/8/8/8/"));
}

#[wasm_bindgen_test]
fn a_bad_move_list_names_the_move() {
    let e = error_of(Spec {
        fen: Some(RUY_START.to_owned()),
        moves: Some("1.e4 e5 2.Ke3".to_owned()),
        ..spec("beirut")
    });
    assert!(e.starts_with("data-moves: move 3 (Ke3)"), "{e}");
    let e = error_of(Spec {
        moves: Some("e4".to_owned()),
        ..spec("beirut")
    });
    assert!(e.contains("carriers"), "{e}");
    let e = error_of(Spec {
        fen: Some(RUY_START.to_owned()),
        // Black has no carrier.
        moves: Some("e4 Boom!".to_owned()),
        ..spec("beirut")
    });
    assert!(e.contains("move 2 (Boom!): no carrier may boom"), "{e}");
}

#[wasm_bindgen_test]
fn bad_attributes_get_readable_errors() {
    let cases: Vec<(Spec, &str)> = vec![
        (spec(""), "data-boomchess needs a variant"),
        (spec("atomic"), "data-boomchess: unknown variant"),
        (
            Spec {
                options: Some("super-knights".to_owned()),
                ..spec("beirut")
            },
            "data-options",
        ),
        (
            Spec {
                fen: Some("not a position".to_owned()),
                ..spec("beirut")
            },
            "data-fen",
        ),
        (
            Spec {
                mode: Some("blitz".to_owned()),
                ..spec("beirut")
            },
            "data-mode: unknown mode \"blitz\"",
        ),
        (
            Spec {
                mode: Some("ai".to_owned()),
                side: Some("red".to_owned()),
                ..spec("beirut")
            },
            "data-side",
        ),
        (
            Spec {
                side: Some("black".to_owned()),
                ..spec("beirut")
            },
            "data-side applies to data-mode=\"ai\" only",
        ),
        (
            Spec {
                mode: Some("ai".to_owned()),
                level: Some("9".to_owned()),
                ..spec("stratomic")
            },
            "data-level",
        ),
        (
            Spec {
                size: Some("huge".to_owned()),
                ..spec("stratomic")
            },
            "data-size",
        ),
        (
            Spec {
                orientation: Some("sideways".to_owned()),
                ..spec("stratomic")
            },
            "data-orientation",
        ),
        (
            Spec {
                select: Some("e4".to_owned()),
                ..spec("stratomic")
            },
            "data-select applies to data-mode=\"diagram\" only",
        ),
        (
            Spec {
                mode: Some("diagram".to_owned()),
                select: Some("e5".to_owned()),
                ..spec("beirut")
            },
            "no piece on e5",
        ),
    ];
    for (s, expected) in cases {
        let e = error_of(s.clone());
        assert!(e.contains(expected), "{s:?}: {e}");
    }
}

#[wasm_bindgen_test]
fn sizes_orientation_and_computer_games() {
    let b = embed::board(&Spec {
        size: Some("300px".to_owned()),
        mode: Some("ai".to_owned()),
        side: Some("black".to_owned()),
        level: Some("2".to_owned()),
        ..spec("flying-bombers")
    })
    .expect("a game against the computer");
    assert_eq!(b.size, 300);
    assert!(b.flipped, "the human's side (Black) at the bottom");
    assert_eq!(b.game.computer(), Some(Color::White));
    assert_eq!(b.game.level(), Some(2));
    let b = embed::board(&spec("stratomic")).expect("defaults");
    assert_eq!(b.size, embed::DEFAULT_SIZE);
    assert!(!b.flipped);
    assert!(b.game.computer().is_none() && !b.game.is_diagram());
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn host() -> web_sys::Element {
    let div = document().create_element("div").unwrap();
    div.set_text_content(Some("Loading…"));
    document().body().unwrap().append_child(&div).unwrap();
    div
}

fn options(pairs: &[(&str, &str)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        js_sys::Reflect::set(&o, &(*k).into(), &(*v).into()).unwrap();
    }
    o.into()
}

/// Calls a method of a handle as JavaScript does.
fn call(handle: &JsValue, name: &str, args: &[JsValue]) -> JsValue {
    let f: js_sys::Function = js_sys::Reflect::get(handle, &name.into())
        .unwrap()
        .dyn_into()
        .unwrap_or_else(|_| panic!("the handle has {name}"));
    let list: js_sys::Array = args.iter().cloned().collect();
    f.apply(handle, &list).unwrap()
}

/// Mounts a board into `element` and gives its typed handle.
fn mount(element: &web_sys::Element, options: JsValue) -> GameHandle {
    embed::mount_board(element.clone(), options).unwrap_or_else(|e| panic!("mounted: {e:?}"))
}

#[wasm_bindgen_test]
fn mount_board_builds_the_board_inside_its_element_and_returns_the_handle() {
    let element = host();
    let handle: JsValue = embed::mount_board(
        element.clone(),
        options(&[("variant", "stratomic"), ("size", "240")]),
    )
    .unwrap_or_else(|e| panic!("mounted: {e:?}"))
    .into();
    let canvas = element
        .query_selector("canvas.boomchess-board")
        .unwrap()
        .expect("a canvas inside the element");
    let rect = canvas.get_bounding_client_rect();
    assert!((rect.width() - 240.0).abs() < 1.0, "{}", rect.width());
    assert!(element
        .query_selector(".boomchess-status")
        .unwrap()
        .is_some());
    assert!(element.query_selector(".boomchess-undo").unwrap().is_some());
    assert!(!element
        .text_content()
        .unwrap_or_default()
        .contains("Loading"));
    for name in [
        "newGame",
        "chooseCarriers",
        "fen",
        "legalMoves",
        "play",
        "undo",
        "status",
        "squareCenter",
        "on",
    ] {
        assert!(
            js_sys::Reflect::get(&handle, &name.into())
                .unwrap()
                .is_function(),
            "{name}"
        );
    }
    let first = call(&handle, "legalMoves", &[])
        .dyn_into::<js_sys::Array>()
        .unwrap()
        .get(0);
    call(&handle, "play", &[first]);
    let moves: js_sys::Array = call(&handle, "moves", &[]).dyn_into().unwrap();
    assert_eq!(moves.length(), 1);
    // The move list of this board, and no element of the document outside it, shows the move.
    let list = element.query_selector(".boomchess-moves").unwrap().unwrap();
    assert_eq!(list.child_element_count(), 1);
    call(&handle, "unmount", &[]);
    element.remove();
}

#[wasm_bindgen_test]
fn two_boards_do_not_share_state_and_never_save() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.remove_item(boomchess_web::save::KEY).unwrap();
    let (a, b) = (host(), host());
    let ha = mount(&a, options(&[("variant", "flying-bombers")]));
    let hb = mount(&b, options(&[("variant", "flying-bombers")]));
    let before = hb.fen().unwrap();
    let first = ha.legal_moves().unwrap()[0].clone();
    let _ = ha.play(first.into());
    assert_ne!(ha.fen().unwrap(), before);
    assert_eq!(hb.fen().unwrap(), before);
    assert_eq!(storage.get_item(boomchess_web::save::KEY).unwrap(), None);
    ha.unmount();
    hb.unmount();
    a.remove();
    b.remove();
}

#[wasm_bindgen_test]
fn a_diagram_board_has_no_undo_and_starts_with_its_selection() {
    let element = host();
    let handle = mount(
        &element,
        options(&[
            ("variant", "beirut"),
            ("mode", "diagram"),
            ("fen", RUY_START),
            ("moves", RUY_MOVES),
            ("select", "e5"),
        ]),
    );
    assert_eq!(
        handle.selected().unwrap().as_string().as_deref(),
        Some("e5")
    );
    assert!(element.query_selector(".boomchess-undo").unwrap().is_none());
    assert!(element.query_selector(".boomchess-boom").unwrap().is_none());
    let status = element
        .query_selector(".boomchess-status")
        .unwrap()
        .unwrap();
    assert!(status.text_content().unwrap().starts_with("Diagram"));
    handle.unmount();
    element.remove();
}

#[wasm_bindgen_test]
fn the_move_list_of_an_embedded_board_browses_earlier_positions() {
    let element = host();
    let handle = mount(
        &element,
        options(&[
            ("variant", "beirut"),
            ("mode", "diagram"),
            ("fen", RUY_START),
            ("moves", RUY_MOVES),
        ]),
    );
    let find = |selector: &str| -> web_sys::HtmlElement {
        element
            .query_selector(selector)
            .unwrap()
            .unwrap_or_else(|| panic!("{selector}"))
            .dyn_into()
            .unwrap()
    };
    let viewing = find(".boomchess-viewing");
    assert!(viewing.hidden());
    find(".boomchess-moves [data-ply=\"2\"]").click();
    assert_eq!(handle.viewing().unwrap().as_f64(), Some(2.0));
    assert!(
        !viewing.hidden(),
        "the indicator says an earlier position is shown"
    );
    find(".boomchess-prev").click();
    assert_eq!(handle.viewing().unwrap().as_f64(), Some(1.0));
    find(".boomchess-viewing-live").click();
    assert!(handle.viewing().unwrap().is_null());
    assert!(viewing.hidden());
    handle.unmount();
    element.remove();
}

#[wasm_bindgen_test]
fn bad_options_throw_and_leave_the_element_alone() {
    let element = host();
    let err = embed::mount_board(element.clone(), options(&[("variant", "atomic")]))
        .err()
        .expect("refused");
    let message = err.dyn_into::<js_sys::Error>().unwrap().message();
    assert!(String::from(message).contains("unknown variant"));
    assert_eq!(element.text_content().as_deref(), Some("Loading…"));
    let err = embed::mount_board(
        element.clone(),
        options(&[("variant", "beirut"), ("colour", "red")]),
    )
    .err()
    .expect("unknown key");
    let message = String::from(err.dyn_into::<js_sys::Error>().unwrap().message());
    assert!(message.contains("unknown option \"colour\""), "{message}");
    element.remove();
}

#[wasm_bindgen_test]
fn base64url_round_trips_every_length() {
    for n in 0..40u8 {
        let bytes: Vec<u8> = (0..n)
            .map(|i| i.wrapping_mul(37).wrapping_add(250))
            .collect();
        let text = share::base64url(&bytes);
        assert!(text
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        assert_eq!(share::from_base64url(&text), Some(bytes));
    }
    assert_eq!(share::base64url(b"Ma"), "TWE");
    assert_eq!(share::from_base64url("a"), None);
    assert_eq!(share::from_base64url("ab*d"), None);
}

#[wasm_bindgen_test]
fn a_shared_game_comes_back_with_its_moves() {
    let mut game = Game::new(Variant::Stratomic);
    game.play("e3e4").expect("e4");
    game.play("e8e7").expect("e7");
    let text = share::encode(&game).expect("shareable");
    let back = share::decode(&text).expect("decodes");
    assert_eq!(back.variant(), Variant::Stratomic);
    assert_eq!(back.san_moves(), game.san_moves());
    assert_eq!(back.fen(), game.fen());
    let flying = Game::from_referee(
        boomchess_rules::Game::new(
            Variant::FlyingBombers,
            Options::parse(Variant::FlyingBombers, &["super-knights"]).unwrap(),
        ),
        Mode::HotSeat,
    );
    let back = share::decode(&share::encode(&flying).unwrap()).unwrap();
    assert!(back.options().super_knights);
}

#[wasm_bindgen_test]
fn beirut_is_shared_only_when_the_carriers_are_no_secret() {
    let mut game = Game::from_fen(Variant::Beirut, RUY_START)
        .expect("start")
        .without_curtain();
    game.play("e2e4").expect("e4");
    let err = share::encode(&game).expect_err("a hidden carrier");
    assert!(err.contains("secret"), "{err}");
    // Once every carrier has exploded (Black has none here), the game may be shared.
    let mut spec = game.spec();
    spec.moves.extend(
        movetext_words("e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 Nxe5 Qd4 Boom!")
            .into_iter()
            .map(str::to_owned),
    );
    let game = GameSpec::build(&spec).expect("replays").without_curtain();
    assert!(share::carriers_public(&game));
    let back = share::decode(&share::encode(&game).expect("shareable")).expect("decodes");
    assert_eq!(back.san_moves().last().map(String::as_str), Some("Boom@e5"));
    // Before any carrier is chosen there is nothing secret, and nothing but the variant in it.
    let fresh = Game::new(Variant::Beirut);
    let record = share::decode_record(&share::encode(&fresh).unwrap()).unwrap();
    assert_eq!(record.fen, None);
    // A finished game reveals everything anyway; a diagram shows its carriers.
    assert!(share::encode(&ruy_diagram()).is_ok());
}

#[wasm_bindgen_test]
fn forged_or_damaged_links_are_refused() {
    assert!(share::decode("not*base64").is_err());
    assert!(share::decode(&share::base64url(b"{\"v\":1}")).is_err());
    let forged = r#"{"v":1,"variant":"stratomic","options":"","mode":"hotseat","humanSide":"white","level":3,"fen":"10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1 -","moves":["e3e4","e3e6"]}"#;
    let err = share::decode(&share::base64url(forged.as_bytes()))
        .err()
        .expect("illegal");
    assert!(err.contains("e3e6"), "{err}");
}
