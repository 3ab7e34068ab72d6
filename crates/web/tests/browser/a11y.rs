//! The board in words (`boomchess_web::a11y`, the grid and the announcer of `panel`), run in the
//! browser like the other web tests. The expected texts are written from the rules
//! (docs/rules.md: its examples of a boom, a launch, Dead Man's Switch, the bomber, castling),
//! naming what each move removes, never a carrier the listener may not know.

use crate::support;

use boomchess_rules::{Move, Options, Square, Variant, VariantPosition};
use boomchess_web::a11y::{cell_words, curtain_words, describe_move, selection_words, Marks};
use boomchess_web::panel::Panel;
use boomchess_web::spec::Mode;
use boomchess_web::{App, Game};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::HtmlElement;

const DMS: Options = Options {
    carriers: 1,
    dead_mans_switch: true,
    immediate_landing: false,
    super_knights: false,
};

/// The words of `uci` played from `fen`.
fn told(variant: Variant, options: Options, fen: &str, uci: &str) -> String {
    let before = VariantPosition::from_fen(variant, options, fen).expect("a valid position");
    let m: Move = before.parse_uci(uci).expect("a legal move");
    let mut after = before;
    after.play(m).expect("legal");
    describe_move(&before, m, &after)
}

fn beirut(fen: &str, uci: &str) -> String {
    told(Variant::Beirut, Options::default(), fen, uci)
}

#[wasm_bindgen_test]
fn a_boom_names_everything_in_its_area() {
    // docs/rules.md §1.11, the wiki-book's boom: it removes the black queen d4, White's own pawn
    // e4 and the carrier knight e5 (Black's carrier h7 is outside the area and stays unnamed).
    assert_eq!(
        beirut(
            "r1b1kbnr/1pp2ppp*/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6",
            "@e5"
        ),
        "White boom on e5: black queen d4, white pawn e4 and white knight e5 destroyed."
    );
    // "Explosion beats check": the boom destroys the king e8 and wins.
    assert_eq!(
        beirut("4k2r/3N*4/8/8/8/8/8/7K w - - 0 1", "@d7"),
        "White boom on d7: white knight d7 and black king e8 destroyed. White wins: a king was \
         blown up."
    );
}

#[wasm_bindgen_test]
fn a_launch_names_the_missile_and_everything_but_kings_in_its_area() {
    // §2.5: c2@f6 destroys the knight e5, pawn f5, bishop g6, the black pawn e7 and rook g7, and
    // the missile itself; the black king f6 stays.
    assert_eq!(
        told(
            Variant::Stratomic,
            Options::default(),
            "10/10/10/4p1rp2/3b1kB3/4NP4/10/10/2M7/K9 w - - 7 1 L",
            "c2@f6"
        ),
        "White missile c2 launched at f6: white missile c2, white knight e5, white pawn f5, white \
         bishop g6, black pawn e7 and black rook g7 destroyed."
    );
    // §2.5, a launch that mates: the knight e10 goes, opening rank 10 to the rook a10.
    assert_eq!(
        told(
            Variant::Stratomic,
            Options::default(),
            "R3n4k/10/8K1/10/10/2M7/10/10/10/10 w - - 0 1 L",
            "c5@e10"
        ),
        "White missile c5 launched at e10: white missile c5 and black knight e10 destroyed. White \
         wins: checkmate."
    );
}

#[wasm_bindgen_test]
fn a_dead_mans_switch_capture_names_the_blast_and_the_capturer() {
    // §1.11, en passant: exd6 takes the carrier d5; the blast on d5 removes the knight c4 and the
    // capturing pawn on d6, not the pawn c7.
    assert_eq!(
        told(
            Variant::Beirut,
            DMS,
            "4k3/2p5/8/3p*P3/2N5/8/8/4K3 w - d6 0 2",
            "e5d6"
        ),
        "White pawn to d6: the captured carrier explodes, white knight c4, black pawn d5 and \
         white pawn d6 destroyed."
    );
    // §1.11, a suicidal capture: Kxd5 takes the carrier and the blast destroys the white king.
    assert_eq!(
        told(
            Variant::Beirut,
            DMS,
            "4k3/8/8/3p*4/4K3/8/8/8 w - - 0 1",
            "e4d5"
        ),
        "White king to d5: the captured carrier explodes, black pawn d5 and white king d5 \
         destroyed. Black wins: a king was blown up."
    );
    // §1.12: a capture that promotes is centred on the promotion square and destroys the new
    // piece.
    assert_eq!(
        told(
            Variant::Beirut,
            DMS,
            "r*3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "b7a8q"
        ),
        "White pawn to a8, promotes to queen: the captured carrier explodes, black rook a8 and \
         white queen a8 destroyed."
    );
}

#[wasm_bindgen_test]
fn a_quiet_capture_of_a_carrier_says_nothing_of_its_bomb() {
    // Without Dead Man's Switch a captured carrier just goes (§1.8: captured pieces are not
    // revealed): the words are those of any capture.
    assert_eq!(
        beirut("4k3/8/8/3p*4/4K3/8/8/8 w - - 0 1", "e4d5"),
        beirut("4k3/8/8/3p4/4K3/8/8/8 w - - 0 1", "e4d5")
    );
    assert_eq!(
        beirut("4k3/8/8/3p*4/4K3/8/8/8 w - - 0 1", "e4d5"),
        "White king to d5, takes black pawn d5."
    );
}

#[wasm_bindgen_test]
fn a_bomber_names_what_it_struck() {
    // §3.5, the helicopter: e5c5 takes both the pawn d5 and the knight c5.
    let helicopter = "9k/10/10/10/4P5/2npFpP3/4N5/4p5/10/K9 w - - 0 1";
    assert_eq!(
        told(
            Variant::FlyingBombers,
            Options::default(),
            helicopter,
            "e5c5"
        ),
        "White flying bomber to c5, takes black knight c5 and black pawn d5."
    );
    assert_eq!(
        told(
            Variant::FlyingBombers,
            Options::default(),
            helicopter,
            "e5e3"
        ),
        "White flying bomber to e3, takes black pawn e3."
    );
    // §3.5, bombing: over the knight f7, landing on f9.
    assert_eq!(
        told(
            Variant::FlyingBombers,
            Options::default(),
            "9k/10/10/5n4/10/10/10/10/5F4/K9 w - - 0 1",
            "f2f9"
        ),
        "White flying bomber to f9, takes black knight f7."
    );
}

#[wasm_bindgen_test]
fn castling_is_told_by_its_side_or_the_king_s_square() {
    let rooks = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(beirut(rooks, "e1g1"), "White castles on the king side.");
    assert_eq!(beirut(rooks, "e1c1"), "White castles on the queen side.");
    // Stratomic (§2.4): king f2–h2 with the rook i2–g2.
    assert_eq!(
        told(
            Variant::Stratomic,
            Options::default(),
            "5k4/10/10/10/10/10/10/10/1R3K2R1/10 w KQ - 0 1 -",
            "f2h2"
        ),
        "White castles on the king side."
    );
    // Flying Bombers (§3.3): five ways; f1–i1 and f1–c1 are not the usual two-square step.
    let bombers = "5k4/10/10/10/10/10/10/10/10/1R3K2R1 w KQ - 0 1";
    assert_eq!(
        told(Variant::FlyingBombers, Options::default(), bombers, "f1i1"),
        "White castles, king to i1."
    );
    assert_eq!(
        told(Variant::FlyingBombers, Options::default(), bombers, "f1c1"),
        "White castles, king to c1."
    );
}

#[wasm_bindgen_test]
fn promotion_check_and_checkmate_are_told() {
    assert_eq!(
        beirut("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"),
        "White pawn to a8, promotes to queen. Check."
    );
    assert_eq!(
        beirut("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n"),
        "White pawn to a8, promotes to knight."
    );
    // Fool's mate.
    assert_eq!(
        beirut(
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            "d8h4"
        ),
        "Black queen to h4. Black wins: checkmate."
    );
}

/// A hot-seat Beirut game from `fen` with the curtain lifted: White at the board.
fn white_at_the_board(fen: &str) -> Game {
    let mut game = Game::from_fen(Variant::Beirut, fen).expect("a valid position");
    assert!(
        game.lift_curtain(),
        "a game with carriers opens behind the curtain"
    );
    game
}

fn sq(game: &Game, name: &str) -> Square {
    game.square(name).expect("a square of the board")
}

fn cell(game: &Game, cursor: Option<&str>, name: &str) -> String {
    let marks = Marks::of(game, cursor.map(|c| sq(game, c)));
    cell_words(game, &marks, sq(game, name))
}

#[wasm_bindgen_test]
fn squares_tell_only_the_carriers_of_the_player_at_the_board() {
    let fen = "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1";
    let mut game = Game::from_fen(Variant::Beirut, fen).unwrap();
    assert_eq!(
        curtain_words(&game),
        "The board is covered: White to move. Pass the device to White, then press Enter or tap \
         the board."
    );
    assert!(game.lift_curtain());
    assert_eq!(cell(&game, None, "f2"), "f2, white pawn, bomb carrier");
    assert_eq!(cell(&game, None, "f7"), "f7, black pawn", "Black's carrier");
    assert_eq!(cell(&game, None, "e4"), "e4, empty");
    game.play("e2e4").unwrap();
    assert_eq!(
        curtain_words(&game),
        "The board is covered: Black to move. Pass the device to Black, then press Enter or tap \
         the board."
    );
    game.lift_curtain();
    assert_eq!(cell(&game, None, "f2"), "f2, white pawn", "White's carrier");
    assert_eq!(cell(&game, None, "f7"), "f7, black pawn, bomb carrier");
}

#[wasm_bindgen_test]
fn the_selection_its_targets_and_its_blast_are_told() {
    let mut game = white_at_the_board("rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1");
    game.click(sq(&game, "e2"));
    assert_eq!(cell(&game, None, "e2"), "e2, white pawn, selected");
    assert_eq!(cell(&game, None, "e3"), "e3, empty, a move");
    assert_eq!(cell(&game, None, "e5"), "e5, empty");
    let marks = Marks::of(&game, None);
    assert_eq!(
        selection_words(&game, &marks).as_deref(),
        Some("e2, white pawn, selected: 2 moves, e3 and e4.")
    );

    // The wiki-book's carrier on e5 (White's view): its blast, its captures, its boom.
    let mut game =
        white_at_the_board("r1b1kbnr/1pp2ppp*/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6");
    game.click(sq(&game, "e5"));
    assert_eq!(
        cell(&game, None, "e5"),
        "e5, white knight, bomb carrier, selected, in the blast"
    );
    assert_eq!(cell(&game, None, "d4"), "d4, black queen, in the blast");
    assert_eq!(
        cell(&game, None, "f7"),
        "f7, black pawn, a capture of black pawn f7",
        "Black's carrier h7 is not told; f7 is a plain capture"
    );
    assert_eq!(
        cell(&game, None, "c6"),
        "c6, black pawn, a capture of black pawn c6"
    );
    let marks = Marks::of(&game, None);
    assert_eq!(
        selection_words(&game, &marks).as_deref(),
        Some(
            "e5, white knight, bomb carrier, selected, in the blast: 8 moves, d3, f3, c4, g4, \
             c6, g6, d7 and f7; select it again, or Boom!, to set off its bomb."
        )
    );
}

#[wasm_bindgen_test]
fn a_bombers_double_capture_a_launch_check_and_the_promotion_picker_are_told() {
    let mut bombers = Game::from_fen(
        Variant::FlyingBombers,
        "9k/10/10/10/4P5/2npFpP3/4N5/4p5/10/K9 w - - 0 1",
    )
    .unwrap();
    bombers.click(sq(&bombers, "e5"));
    assert_eq!(
        cell(&bombers, None, "c5"),
        "c5, black knight, a capture of black knight c5 and black pawn d5"
    );
    assert_eq!(cell(&bombers, None, "e7"), "e7, empty, a move");

    // §2.5's launch: the missile c2 may be launched at any other square; the cursor on f6
    // previews the blast.
    let mut stratomic = Game::from_fen(
        Variant::Stratomic,
        "10/10/10/4p1rp2/3b1kB3/4NP4/10/10/2M7/K9 w - - 7 1 L",
    )
    .unwrap();
    stratomic.click(sq(&stratomic, "c2"));
    assert_eq!(cell(&stratomic, Some("f6"), "d3"), "d3, empty, a move");
    assert_eq!(
        cell(&stratomic, Some("f6"), "f6"),
        "f6, black king, a launch target, in the blast"
    );
    assert_eq!(
        cell(&stratomic, Some("f6"), "g7"),
        "g7, black rook, a launch target, in the blast"
    );
    assert_eq!(
        cell(&stratomic, Some("f6"), "h7"),
        "h7, black pawn, a launch target"
    );

    // Check, and a pawn on the last rank: the picker's squares name the pieces.
    let mut game = white_at_the_board("4k3/P7/8/8/8/8/8/R3K2r* w Q - 0 1");
    assert_eq!(cell(&game, None, "e1"), "e1, white king, in check");
    let mut promoting = white_at_the_board("4k3/P7/8/8/8/8/8/4K2R* w - - 0 1");
    promoting.click(sq(&promoting, "a7"));
    promoting.click(sq(&promoting, "a8"));
    assert_eq!(cell(&promoting, None, "a8"), "a8, promote to queen");
    assert_eq!(cell(&promoting, None, "a7"), "a7, promote to rook");
    game.click(sq(&game, "e1"));
    assert!(cell(&game, None, "e1").starts_with("e1, white king, in check, selected"));
}

#[wasm_bindgen_test]
fn a_diagram_tells_the_moves_of_the_side_not_to_move() {
    let mut diagram = Game::from_fen(
        Variant::FlyingBombers,
        "9k/10/10/10/4P5/2npFpP3/4N5/4p5/10/K9 b - - 0 1",
    )
    .unwrap()
    .with_mode(Mode::Diagram);
    // White's bomber, Black to move: its double capture is worked out with White's turn.
    diagram.click(sq(&diagram, "e5"));
    assert_eq!(
        cell(&diagram, None, "c5"),
        "c5, black knight, a capture of black knight c5 and black pawn d5"
    );
}

/// The text of the element.
fn text(element: &web_sys::Element) -> String {
    element.text_content().unwrap_or_default()
}

/// The element children of `element`, in order.
fn kids(element: &web_sys::Element) -> Vec<web_sys::Element> {
    let mut out = Vec::new();
    let mut next = element.first_element_child();
    while let Some(child) = next {
        next = child.next_element_sibling();
        out.push(child);
    }
    out
}

/// The grid's cells in the canvas, row by row, with their words.
fn cells(canvas: &web_sys::Element) -> Vec<String> {
    kids(canvas)
        .iter()
        .filter(|row| row.get_attribute("role").as_deref() == Some("row"))
        .flat_map(kids)
        .filter(|c| c.get_attribute("role").as_deref() == Some("gridcell"))
        .map(|c| text(&c))
        .collect()
}

#[wasm_bindgen_test]
fn the_canvas_is_the_grid_its_cursor_the_active_cell_and_moves_are_announced() {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas = support::canvas(320);
    let app = App::mount(canvas.clone(), Variant::Beirut).unwrap();
    let announcer: HtmlElement = document.create_element("p").unwrap().dyn_into().unwrap();
    document.body().unwrap().append_child(&announcer).unwrap();
    app.set_panel(Panel {
        announcer: Some(announcer.clone()),
        ..Panel::default()
    })
    .unwrap();
    app.set_game(
        Game::from_fen(
            Variant::Beirut,
            "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap(),
    );
    assert_eq!(canvas.get_attribute("role").as_deref(), Some("grid"));
    // Behind the curtain: one cell, no square.
    let curtain = cells(&canvas);
    assert_eq!(curtain.len(), 1);
    assert!(curtain[0].starts_with("The board is covered: White to move."));
    let active = || {
        canvas
            .get_attribute("aria-activedescendant")
            .and_then(|id| document.get_element_by_id(&id))
            .map(|e| text(&e))
    };
    assert_eq!(
        active(),
        Some(curtain[0].clone()),
        "the curtain's cell is active"
    );
    app.key("Enter");
    assert_eq!(announcer.text_content().as_deref(), Some("White to move."));
    // A row per rank, White at the bottom: a8 first, h1 last.
    let all = cells(&canvas);
    assert_eq!(all.len(), 64);
    assert_eq!(all[0], "a8, black rook");
    assert_eq!(all[63], "h1, white rook");
    assert_eq!(all[53], "f2, white pawn, bomb carrier");
    assert_eq!(all[13], "f7, black pawn", "Black's carrier");
    assert_eq!(active(), None, "no cursor yet");
    app.key("ArrowUp");
    assert_eq!(active().as_deref(), Some("e1, white king"));
    app.key("ArrowUp");
    app.key("Enter");
    assert_eq!(active().as_deref(), Some("e2, white pawn, selected"));
    assert_eq!(
        announcer.text_content().as_deref(),
        Some("e2, white pawn, selected: 2 moves, e3 and e4.")
    );
    // Arrow keys say nothing through the announcer.
    announcer.set_text_content(Some("unchanged"));
    app.key("ArrowUp");
    app.key("ArrowUp");
    assert_eq!(active().as_deref(), Some("e4, empty, a move"));
    assert_eq!(announcer.text_content().as_deref(), Some("unchanged"));
    app.key("Enter");
    assert_eq!(
        announcer.text_content().as_deref(),
        Some("White pawn to e4. Black to move — tap the board to continue.")
    );
    // Turned round, the rows run from rank 1 and the cells from the h-file (after the curtain).
    app.key("Enter");
    app.flip();
    let all = cells(&canvas);
    assert_eq!(all[0], "h1, white rook");
    assert_eq!(all[63], "a8, black rook");
    assert_eq!(
        all[50], "f7, black pawn, bomb carrier",
        "Black at the board"
    );
    app.unmount();
    canvas.remove();
    announcer.remove();
}

#[wasm_bindgen_test]
fn a_move_names_its_square_of_departure_only_when_a_twin_could_have_gone_there() {
    // As SAN writes Nbd2 when the knights b1 and f3 can both reach d2 (and Nf3 when one can).
    let two_knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    assert_eq!(beirut(two_knights, "b1d2"), "White knight b1 to d2.");
    assert_eq!(beirut(two_knights, "f3h4"), "White knight to h4.");
    assert_eq!(
        beirut(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "g1f3"
        ),
        "White knight to f3."
    );
}
