//! Drawing and input tests of the web crate, run in headless Chromium and Firefox
//! (`cargo test --target wasm32-unknown-unknown -p boomchess-web --tests`).
//!
//! They mount the real board on a canvas in the test page, read back canvas pixels, and click
//! squares by dispatching real `pointerdown` events at the squares' client coordinates.

use boomchess_rules::{BoardSize, Color, Role, Square, Variant};
use boomchess_web::game::{ClickOutcome, Game};
use boomchess_web::geometry::Layout;
use boomchess_web::panel::status_text;
use boomchess_web::pieces::fill_color;
use boomchess_web::render::THEME;
use boomchess_web::App;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{KeyboardEvent, KeyboardEventInit};

use crate::support;

use support::{canvas, center, click, context, near, pixel, pointer, Rgba};

/// Beirut's start with carriers on f2 and f7 (next to the kings, so neither may boom): a game
/// that plays like orthodox chess for the drawing and input tests.
pub const BEIRUT_CARRIERS: &str = "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1";

/// A board showing everything (no pass-the-device curtain), ready to play.
fn mount(variant: Variant) -> App {
    let app = App::mount(canvas(400), variant).expect("board mounts");
    if variant == Variant::Beirut {
        app.set_game(open(BEIRUT_CARRIERS));
    }
    app
}

/// A Beirut game from a position text, without the curtain.
fn open(fen: &str) -> Game {
    Game::from_fen(Variant::Beirut, fen)
        .expect("valid position")
        .without_curtain()
}

fn hex(css: &str) -> Rgba {
    let v = u32::from_str_radix(css.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8, 255]
}

fn assert_color(actual: Rgba, expected: Rgba, what: &str) {
    assert!(
        near(actual, expected),
        "{what}: got {actual:?}, expected {expected:?}"
    );
}

fn brightness(c: Rgba) -> u32 {
    u32::from(c[0]) + u32::from(c[1]) + u32::from(c[2])
}

/// Drags from one square to another: press, move in steps, release.
fn drag(app: &App, from: &str, to: &str) {
    let (x0, y0) = center(app, from);
    let (x1, y1) = center(app, to);
    pointer(app, "pointerdown", x0, y0);
    for i in 1..=4 {
        let t = f64::from(i) / 4.0;
        pointer(app, "pointermove", x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
    }
    pointer(app, "pointerup", x1, y1);
}

fn selected(app: &App) -> Option<String> {
    app.with_game(|g| g.selected().map(|s| g.board_size().name(s)))
}

/// The square of this name on the board shown (8×8 or 10×10).
fn square(app: &App, name: &str) -> Square {
    app.with_game(|g| g.square(name))
        .expect("square on the board")
}

/// The name of a square of the board shown.
fn name(app: &App, sq: Square) -> String {
    app.layout().board.name(sq)
}

#[wasm_bindgen_test]
fn canvas_matches_its_css_size_times_pixel_ratio() {
    let app = mount(Variant::Beirut);
    let ratio = web_sys::window().unwrap().device_pixel_ratio();
    let expected = (400.0 * ratio).round() as u32;
    assert_eq!(app.canvas().width(), expected);
    assert_eq!(app.canvas().height(), expected);
    assert_eq!(app.layout().size, expected);
}

#[wasm_bindgen_test]
fn empty_squares_show_the_light_and_dark_colours() {
    let app = mount(Variant::Beirut);
    // e4 is light, d4 dark, a1 dark, h1 light (a1 is always dark).
    assert_color(pixel(&app, "e4", 0.5, 0.5), hex(THEME.light), "e4");
    assert_color(pixel(&app, "d4", 0.5, 0.5), hex(THEME.dark), "d4");
    assert_color(
        pixel(&app, "a1", 0.5, 0.06),
        hex(THEME.dark),
        "a1 above its rook",
    );
    assert_color(
        pixel(&app, "h1", 0.5, 0.06),
        hex(THEME.light),
        "h1 above its rook",
    );
}

#[wasm_bindgen_test]
fn pieces_are_drawn_in_their_side_colours() {
    let app = mount(Variant::Beirut);
    // The middle of a pawn's head, and of a king's crown.
    assert_color(
        pixel(&app, "e2", 0.5, 0.31),
        hex(fill_color(Color::White)),
        "white pawn",
    );
    assert_color(
        pixel(&app, "d7", 0.5, 0.31),
        hex(fill_color(Color::Black)),
        "black pawn",
    );
    assert_color(
        pixel(&app, "e1", 0.40, 0.60),
        hex(fill_color(Color::White)),
        "white king",
    );
    assert_color(
        pixel(&app, "e8", 0.40, 0.60),
        hex(fill_color(Color::Black)),
        "black king",
    );
}

#[wasm_bindgen_test]
fn coordinates_are_drawn_on_the_edge_squares() {
    let app = mount(Variant::Beirut);
    // Pixels in the corner where the rank number sits differ from the plain square.
    let layout = app.layout();
    let a4 = square(&app, "a4");
    let r = layout.square_rect(a4); // a4: empty, label "4" at top left
    let ctx = context(&app);
    let data = ctx
        .get_image_data(r.x, r.y, (r.w * 0.3).ceil(), (r.h * 0.3).ceil())
        .unwrap()
        .data();
    assert!(layout.board.is_light(a4));
    let base = hex(THEME.light);
    let differing = data
        .chunks(4)
        .filter(|p| !near([p[0], p[1], p[2], p[3]], base))
        .count();
    assert!(differing > 5, "rank label pixels: {differing}");
}

#[wasm_bindgen_test]
fn ten_by_ten_boards_hold_missiles_and_bombers() {
    let app = mount(Variant::Stratomic);
    assert_eq!(
        (app.layout().board.files(), app.layout().board.ranks()),
        (10, 10)
    );
    let a2 = BoardSize::TEN.square(0, 1).unwrap();
    assert_eq!(
        app.with_game(|g| g.piece_at(a2).map(|p| p.role)),
        Some(Role::Missile)
    );
    // Missile bodies on a2 (white) and j9 (black), below the porthole.
    assert_color(
        pixel(&app, "a2", 0.44, 0.64),
        hex(fill_color(Color::White)),
        "white missile",
    );
    assert_color(
        pixel(&app, "j9", 0.44, 0.64),
        hex(fill_color(Color::Black)),
        "black missile",
    );
    // The red warhead band.
    let band = pixel(&app, "a2", 0.5, 0.285);
    assert!(
        band[0] > 150 && band[1] < 90,
        "warhead band is red: {band:?}"
    );

    app.new_game(Variant::FlyingBombers);
    assert_eq!(app.layout().board.files(), 10);
    let j1 = BoardSize::TEN.square(9, 0).unwrap();
    assert_eq!(
        app.with_game(|g| g.piece_at(j1).map(|p| p.role)),
        Some(Role::Bomber)
    );
    // Fuselage and a wing of the bombers on a1 and j10.
    assert_color(
        pixel(&app, "a1", 0.5, 0.45),
        hex(fill_color(Color::White)),
        "white fuselage",
    );
    assert_color(
        pixel(&app, "a1", 0.15, 0.57),
        hex(fill_color(Color::White)),
        "white wing",
    );
    assert_color(
        pixel(&app, "j10", 0.5, 0.45),
        hex(fill_color(Color::Black)),
        "black fuselage",
    );
}

#[wasm_bindgen_test]
fn clicking_a_piece_selects_it_and_marks_its_moves() {
    let app = mount(Variant::Beirut);
    let e2_before = pixel(&app, "e2", 0.5, 0.06);
    let e3_before = pixel(&app, "e3", 0.5, 0.5);
    let e4_before = pixel(&app, "e4", 0.5, 0.5);
    let e5_before = pixel(&app, "e5", 0.5, 0.5);

    click(&app, "e2");
    assert_eq!(selected(&app).as_deref(), Some("e2"));
    let e2 = pixel(&app, "e2", 0.5, 0.06);
    assert!(
        !near(e2, e2_before),
        "selected square is highlighted: {e2:?}"
    );
    assert!(
        e2[0] > e2[2] + 60 && e2[1] > e2[2] + 40,
        "highlight is yellow: {e2:?}"
    );
    // Dots on e3 and e4 (darker), nothing on e5.
    assert!(brightness(pixel(&app, "e3", 0.5, 0.5)) + 60 < brightness(e3_before));
    assert!(brightness(pixel(&app, "e4", 0.5, 0.5)) + 60 < brightness(e4_before));
    assert_color(pixel(&app, "e5", 0.5, 0.5), e5_before, "e5 is not a target");
}

#[wasm_bindgen_test]
fn clicking_two_squares_plays_a_move() {
    let app = mount(Variant::Beirut);
    click(&app, "g1");
    click(&app, "f3");
    assert_eq!(selected(&app), None);
    let fen = app.with_game(|g| g.fen());
    assert!(
        fen.starts_with("rnbqkbnr/pppppp*pp/8/8/8/5N2/PPPPPP*PP/RNBQKB1R b "),
        "{fen}"
    );
    // The knight is now on f3 (white body pixel) and g1 is empty (base colour plus the
    // last-move wash, not the knight).
    assert_color(
        pixel(&app, "f3", 0.6, 0.7),
        hex(fill_color(Color::White)),
        "knight on f3",
    );
    assert!(!near(
        pixel(&app, "g1", 0.6, 0.7),
        hex(fill_color(Color::White))
    ));

    // Now Black: a white piece cannot be selected, a black one can.
    click(&app, "e2");
    assert_eq!(selected(&app), None);
    click(&app, "e7");
    assert_eq!(selected(&app).as_deref(), Some("e7"));
    click(&app, "e5");
    assert!(app.with_game(|g| g.fen()).contains(" w "));
}

#[wasm_bindgen_test]
fn clicking_elsewhere_deselects_and_bad_targets_change_nothing() {
    let app = mount(Variant::Beirut);
    let fen = app.with_game(|g| g.fen());
    click(&app, "e2");
    assert_eq!(selected(&app).as_deref(), Some("e2"));
    // e5 is not reachable: the click clears the selection, the position is unchanged.
    click(&app, "e5");
    assert_eq!(selected(&app), None);
    assert_eq!(app.with_game(|g| g.fen()), fen);
    // Clicking the selected piece again also deselects; an enemy piece is ignored.
    click(&app, "b1");
    assert_eq!(app.click(square(&app, "b1")), ClickOutcome::Deselected);
    assert_eq!(app.click(square(&app, "e7")), ClickOutcome::Ignored);
    // Switching to another own piece moves the selection.
    click(&app, "b1");
    click(&app, "g1");
    assert_eq!(selected(&app).as_deref(), Some("g1"));
    assert_eq!(app.with_game(|g| g.fen()), fen);
}

#[wasm_bindgen_test]
fn flipped_board_puts_black_at_the_bottom() {
    let app = mount(Variant::Beirut);
    app.flip();
    let layout: Layout = app.layout();
    let a1 = layout.square_rect(BoardSize::EIGHT.square(0, 0).unwrap());
    let h8 = layout.square_rect(BoardSize::EIGHT.square(7, 7).unwrap());
    assert!(a1.x > h8.x && a1.y < h8.y, "a1 top right, h8 bottom left");
    // Clicks still land on the right squares.
    click(&app, "e2");
    assert_eq!(selected(&app).as_deref(), Some("e2"));
}

#[wasm_bindgen_test]
fn square_center_rejects_names_off_the_board() {
    let app = mount(Variant::Beirut);
    assert!(app.square_center("i1").is_none());
    assert!(app.square_center("a9").is_none());
    assert!(app.square_center("").is_none());
    assert!(app.square_center("e2e4").is_none());
    app.new_game(Variant::Stratomic);
    assert!(app.square_center("j10").is_some());
}

#[wasm_bindgen_test]
fn a_king_in_check_glows_red_and_mate_ends_the_game() {
    let app = mount(Variant::Beirut);
    let before = pixel(&app, "e1", 0.2, 0.25);
    // Fool's mate: White is checkmated.
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    app.set_game(Game::from_fen(Variant::Beirut, mate).expect("valid position"));
    let glow = pixel(&app, "e1", 0.2, 0.25);
    assert!(
        glow[0] > before[0] || glow[1] + 20 < before[1],
        "{before:?} -> {glow:?}"
    );
    assert!(glow[0] > glow[1] + 60, "reddish: {glow:?}");
    let status = app.with_game(status_text);
    assert!(
        status.starts_with("Black wins") && status.contains("checkmate"),
        "{status}"
    );
    // Nothing can be selected any more.
    click(&app, "e2");
    assert_eq!(selected(&app), None);
    assert!(Game::from_fen(Variant::Beirut, "not a position").is_err());
}

#[wasm_bindgen_test]
fn a_selected_missile_frames_the_board_and_a_click_launches_it() {
    let app = mount(Variant::Stratomic);
    // Launches unlocked (`L`), a black pawn on f6 with empty squares around it.
    let fen = "10/mrnbqkbnrm/ppppp1pppp/10/5p4/10/3P6/PPP1PPPPPP/MRNBQKBNRM/10 w KQkq - 0 2 L";
    app.set_game(Game::from_fen(Variant::Stratomic, fen).expect("valid position"));
    let before = pixel(&app, "e6", 0.5, 0.5);
    let edge_before = pixel(&app, "a5", 0.02, 0.5);
    click(&app, "a2");
    assert_eq!(selected(&app).as_deref(), Some("a2"));
    // It may be launched at nearly any square: a red frame round the board says so, and the
    // squares themselves carry no dot (a dot on each would bury the pieces).
    let frame = pixel(&app, "a5", 0.02, 0.5);
    assert!(
        frame[0] > frame[1] + 40 && !near(frame, edge_before),
        "red launch frame: {edge_before:?} -> {frame:?}"
    );
    assert_color(pixel(&app, "e6", 0.5, 0.5), before, "no launch dot on e6");
    // b1 is a plain step (dark dot, not red).
    let step = pixel(&app, "b1", 0.5, 0.5);
    assert!(step[0] < step[1] + 40, "step dot is not red: {step:?}");

    click(&app, "f6");
    let after = app.with_game(|g| g.fen());
    assert_eq!(
        app.with_game(|g| g.last_move().map(|m| g.move_text(m))),
        Some("a2@f6".to_owned())
    );
    let (a2, f6) = (square(&app, "a2"), square(&app, "f6"));
    assert!(
        app.with_game(|g| g.piece_at(a2)).is_none(),
        "missile gone: {after}"
    );
    assert!(
        app.with_game(|g| g.piece_at(f6)).is_none(),
        "f6 blown up: {after}"
    );
    assert!(after.contains(" b "), "{after}");
}

#[wasm_bindgen_test]
fn dragging_a_piece_plays_a_move_and_bad_drops_snap_back() {
    let app = mount(Variant::Beirut);
    let start = app.with_game(|g| g.fen());
    // A drop on a square the knight cannot reach: nothing changes, the knight stays selected.
    drag(&app, "g1", "g3");
    assert_eq!(app.with_game(|g| g.fen()), start);
    assert_eq!(selected(&app).as_deref(), Some("g1"));
    assert_color(
        pixel(&app, "g1", 0.6, 0.7),
        hex(fill_color(Color::White)),
        "knight back on g1",
    );
    // A drop on a target plays the move.
    drag(&app, "g1", "f3");
    assert!(app
        .with_game(|g| g.fen())
        .starts_with("rnbqkbnr/pppppp*pp/8/8/8/5N2/"));
    assert_eq!(selected(&app), None);
    assert_color(
        pixel(&app, "f3", 0.6, 0.7),
        hex(fill_color(Color::White)),
        "knight on f3",
    );
}

#[wasm_bindgen_test]
fn while_dragging_the_piece_follows_the_pointer() {
    let app = mount(Variant::Beirut);
    let (x0, y0) = center(&app, "e2");
    let (x1, y1) = center(&app, "e4");
    let e4_empty = pixel(&app, "e4", 0.5, 0.3);
    pointer(&app, "pointerdown", x0, y0);
    pointer(&app, "pointermove", x1, y1);
    // The pawn's head is drawn at the pointer over e4, and e2 shows no pawn.
    let over = pixel(&app, "e4", 0.5, 0.3);
    assert!(!near(over, e4_empty), "floating pawn over e4: {over:?}");
    assert!(
        !near(pixel(&app, "e2", 0.5, 0.31), hex(fill_color(Color::White))),
        "e2 emptied"
    );
    pointer(&app, "pointerup", x1, y1);
    assert!(app.with_game(|g| g.fen()).contains("4P3"));
}

#[wasm_bindgen_test]
fn tapping_the_selected_piece_deselects_it() {
    let app = mount(Variant::Beirut);
    click(&app, "d2");
    assert_eq!(selected(&app).as_deref(), Some("d2"));
    click(&app, "d2");
    assert_eq!(selected(&app), None);
}

/// Presses keys (their `KeyboardEvent.key` names) on the focused board.
fn keys(app: &App, names: &[&str]) {
    for name in names {
        let init = KeyboardEventInit::new();
        init.set_key(name);
        init.set_bubbles(true);
        init.set_cancelable(true);
        let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        app.canvas().dispatch_event(&event).unwrap();
    }
}

#[wasm_bindgen_test]
fn the_keyboard_moves_a_cursor_and_plays() {
    let app = mount(Variant::Beirut);
    assert_eq!(app.canvas().get_attribute("tabindex").as_deref(), Some("0"));
    let e2_plain = pixel(&app, "e2", 0.03, 0.5);
    // The first arrow shows the cursor on the king; then up to e2, select, up twice, play.
    keys(&app, &["ArrowUp"]);
    assert_eq!(app.cursor().map(|s| name(&app, s)).as_deref(), Some("e1"));
    keys(&app, &["ArrowUp"]);
    let outlined = pixel(&app, "e2", 0.03, 0.5);
    assert!(
        !near(outlined, e2_plain),
        "cursor outline on e2: {outlined:?}"
    );
    keys(&app, &["Enter"]);
    assert_eq!(selected(&app).as_deref(), Some("e2"));
    keys(&app, &["Escape"]);
    assert_eq!(selected(&app), None);
    keys(&app, &[" ", "ArrowUp", "ArrowUp", "Enter"]);
    assert!(app.with_game(|g| g.fen()).contains("4P3"), "e2e4 played");
    // The cursor stops at the edge of the board.
    keys(&app, &["ArrowLeft"; 12]);
    assert_eq!(app.cursor().map(|s| name(&app, s)).as_deref(), Some("a4"));
    // A pointer press hides it again.
    click(&app, "h7");
    assert_eq!(app.cursor(), None);
}

#[wasm_bindgen_test]
fn promotion_opens_a_picker_and_the_chosen_piece_is_played() {
    let app = mount(Variant::Beirut);
    let fen = "k7/4P*3/8/8/8/8/8/4K3 w - - 0 1";
    app.set_game(open(fen));
    let d4_plain = pixel(&app, "d4", 0.5, 0.5);
    click(&app, "e7");
    click(&app, "e8");
    // Not played yet: the picker shows queen, rook, bishop, knight on e8, e7, e6, e5 and veils
    // the rest of the board.
    assert_eq!(app.with_game(|g| g.fen()), fen);
    let choices: Vec<(String, Role)> = app.with_game(|g| {
        g.promotion()
            .map(|p| {
                let board = g.board_size();
                p.choices.iter().map(|c| (board.name(c.0), c.1)).collect()
            })
            .unwrap_or_default()
    });
    let expected = [
        ("e8", Role::Queen),
        ("e7", Role::Rook),
        ("e6", Role::Bishop),
        ("e5", Role::Knight),
    ]
    .map(|(s, r)| (s.to_owned(), r));
    assert_eq!(choices, expected);
    assert!(
        brightness(pixel(&app, "d4", 0.5, 0.5)) + 90 < brightness(d4_plain),
        "veiled"
    );
    click(&app, "e6");
    let after = app.with_game(|g| g.fen());
    assert!(after.starts_with("k3B3/8/"), "bishop promoted: {after}");

    // Clicking outside the picker cancels it with no move.
    app.set_game(open(fen));
    click(&app, "e7");
    click(&app, "e8");
    click(&app, "a4");
    assert_eq!(app.with_game(|g| g.fen()), fen);
    assert!(app.with_game(|g| g.promotion().is_none() && g.selected().is_none()));
}

#[wasm_bindgen_test]
fn stratomic_promotion_offers_the_missile_and_black_promotes_downwards() {
    let app = mount(Variant::Stratomic);
    // Black pawn on c3 promotes on rank 2 (docs/rules.md §2); kings far away.
    let fen = "10/5k4/10/10/10/10/10/2p7/10/5K4 b - - 0 1";
    app.set_game(Game::from_fen(Variant::Stratomic, fen).expect("valid position"));
    click(&app, "c3");
    click(&app, "c2");
    let squares: Vec<(String, Role)> = app.with_game(|g| {
        g.promotion()
            .map(|p| {
                let board = g.board_size();
                p.choices.iter().map(|c| (board.name(c.0), c.1)).collect()
            })
            .unwrap_or_default()
    });
    assert_eq!(squares.len(), 5, "{squares:?}");
    assert_eq!(squares[0], ("c2".to_owned(), Role::Queen));
    assert_eq!(
        squares[4],
        ("c6".to_owned(), Role::Missile),
        "upwards from c2"
    );
    click(&app, "c6");
    assert_eq!(
        app.with_game(|g| g.last_move().map(|m| g.move_text(m))),
        Some("c3c2m".to_owned())
    );
}

#[wasm_bindgen_test]
fn white_promotion_on_stratomic_rank_nine_lists_every_choice() {
    let app = mount(Variant::Stratomic);
    let fen = "10/10/3P6/10/5k4/10/10/10/10/5K4 w - - 0 1";
    app.set_game(Game::from_fen(Variant::Stratomic, fen).expect("valid position"));
    click(&app, "d8");
    click(&app, "d9");
    let squares: Vec<String> = app.with_game(|g| {
        g.promotion()
            .map(|p| {
                let board = g.board_size();
                p.choices.iter().map(|c| board.name(c.0)).collect()
            })
            .unwrap_or_default()
    });
    assert_eq!(squares, ["d9", "d8", "d7", "d6", "d5"]);
    click(&app, "d8");
    assert_eq!(
        app.with_game(|g| g.last_move().map(|m| g.move_text(m))),
        Some("d8d9r".to_owned())
    );
}

#[wasm_bindgen_test]
fn hot_seat_beirut_draws_only_the_viewers_carriers_and_a_curtain_between_turns() {
    let app = App::mount(canvas(400), Variant::Beirut).expect("board mounts");
    // The badge sits in a carrier's top right corner; g1 and b1 both hold knights.
    let plain = pixel(&app, "g1", 0.8, 0.22);
    click(&app, "g1");
    let badge = pixel(&app, "g1", 0.8, 0.22);
    assert!(
        brightness(badge) + 200 < brightness(plain),
        "bomb badge: {plain:?} -> {badge:?}"
    );
    assert!(app.key("Enter"), "Enter confirms the marked carrier");
    // The curtain covers every square.
    for square in ["a1", "g1", "h8", "d5"] {
        assert_color(pixel(&app, square, 0.1, 0.1), hex("#23201c"), square);
    }
    assert!(app
        .with_game(status_text)
        .starts_with("Black chooses carriers"));
    click(&app, "e4"); // a tap lifts it
    assert_color(
        pixel(&app, "g1", 0.8, 0.22),
        plain,
        "Black does not see White's carrier",
    );
    click(&app, "h7");
    assert!(app.key("Enter"));
    click(&app, "a1");
    // White's turn: its own carrier is drawn again, Black's is not.
    let h7_plain = pixel(&app, "f7", 0.8, 0.22); // a light square with a pawn, like h7
    assert!(brightness(pixel(&app, "g1", 0.8, 0.22)) + 200 < brightness(plain));
    assert_color(
        pixel(&app, "h7", 0.8, 0.22),
        h7_plain,
        "no badge on Black's h7",
    );
    assert_eq!(app.with_game(status_text), "White to move");
}

#[wasm_bindgen_test]
fn a_selected_carrier_previews_its_blast_and_a_second_click_booms() {
    let app = mount(Variant::Beirut);
    app.set_game(open(
        "r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6",
    ));
    let f6 = pixel(&app, "f6", 0.5, 0.5);
    let c6 = pixel(&app, "b6", 0.5, 0.5);
    // Hovering over the carrier previews its blast; moving away clears the preview.
    let (x, y) = center(&app, "e5");
    pointer(&app, "pointermove", x, y);
    let hovered = pixel(&app, "f6", 0.5, 0.5);
    assert!(
        hovered[0] > hovered[1] + 40,
        "hover preview on f6: {hovered:?}"
    );
    let (x, y) = center(&app, "a1");
    pointer(&app, "pointermove", x, y);
    assert_color(
        pixel(&app, "f6", 0.5, 0.5),
        f6,
        "no preview away from the carrier",
    );
    let (x, y) = center(&app, "e5");
    pointer(&app, "pointermove", x, y);
    pointer(&app, "pointerleave", -5.0, -5.0);
    assert_color(
        pixel(&app, "f6", 0.5, 0.5),
        f6,
        "no preview once the pointer left",
    );
    click(&app, "e5");
    let f6_preview = pixel(&app, "f6", 0.5, 0.5);
    assert!(
        f6_preview[0] > f6_preview[1] + 40,
        "red wash on f6: {f6:?} -> {f6_preview:?}"
    );
    assert_color(pixel(&app, "b6", 0.5, 0.5), c6, "b6 is outside the blast");
    click(&app, "e5");
    let fen = app.with_game(|g| g.fen());
    assert!(fen.starts_with("r1b1kbnr/1pp2ppp/p1p5/8/8/8/"), "{fen}");
    // The first frame of the explosion: a bright flash over the area, not the bare square.
    assert!(app.exploding());
    let flash = pixel(&app, "e6", 0.5, 0.5);
    assert!(
        flash[0] > 240 && flash[0] > flash[2] + 80,
        "orange flash on e6: {flash:?}"
    );
    assert_color(pixel(&app, "b6", 0.5, 0.5), c6, "no flash outside the area");
    app.finish_explosion();
    assert!(!app.exploding());
    // The blasted squares are empty (and marked as the last move's): the queen's d4 looks like
    // f4 and the pawn's e4 like d5, squares of the same colour in the blast that held nothing.
    assert_color(
        pixel(&app, "d4", 0.5, 0.5),
        pixel(&app, "f4", 0.5, 0.5),
        "d4 emptied",
    );
    assert_color(
        pixel(&app, "e4", 0.5, 0.5),
        pixel(&app, "d5", 0.5, 0.5),
        "e4 emptied",
    );
}

#[wasm_bindgen_test]
fn a_captured_carrier_explodes_under_dead_mans_switch() {
    use boomchess_rules::Options;
    use boomchess_web::spec::Mode;
    let app = mount(Variant::Beirut);
    let options = Options::parse(Variant::Beirut, &["dead-mans-switch"]).unwrap();
    // The knight on e3 takes Black's carrier on d5: it blows up with the pawn.
    let referee =
        boomchess_rules::Game::from_fen(Variant::Beirut, options, DMS_FEN).expect("valid position");
    let game = Game::from_referee(referee, Mode::HotSeat).without_curtain();
    app.set_game(game);
    click(&app, "e3");
    click(&app, "d5");
    assert!(app.exploding(), "the blast is animated");
    let flash = pixel(&app, "d6", 0.5, 0.5);
    assert!(
        flash[0] > 240 && flash[0] > flash[2] + 80,
        "flash: {flash:?}"
    );
    app.finish_explosion();
    let fen = app.with_game(|g| g.fen());
    assert!(
        fen.starts_with("4k3/8/8/8/8/8/8/4K3 "),
        "knight and pawn gone: {fen}"
    );
    // Without the option the same capture is an ordinary one.
    app.set_game(open(DMS_FEN));
    click(&app, "e3");
    click(&app, "d5");
    assert!(!app.exploding());
}

/// A knight on e3 that can take Black's carrier on d5.
const DMS_FEN: &str = "4k3/8/8/3p*4/8/4N3/8/4K3 w - - 0 1";

#[wasm_bindgen_test]
fn coordinates_on_a_small_ten_by_ten_board_are_large_enough_to_read() {
    // An embedded board's default size: 360 CSS pixels for ten files, 36 a square.
    let app = App::mount(canvas(360), Variant::Stratomic).expect("board mounts");
    let layout = app.layout();
    let a1 = layout.board.parse("a1").unwrap();
    let r = layout.square_rect(a1);
    // The rank number "1" stands in a1's top left corner, in the light squares' colour (a1 is
    // dark). Its height in device pixels: the rows of that corner holding its colour.
    let label = hex(THEME.light);
    let data = context(&app)
        .get_image_data(r.x, r.y, (r.w / 2.0).ceil(), (r.h / 2.0).ceil())
        .unwrap();
    let (w, h) = (data.width() as usize, data.height() as usize);
    let pixels = data.data();
    let rows = (0..h)
        .filter(|&y| {
            (0..w).any(|x| {
                let i = (y * w + x) * 4;
                near(
                    [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]],
                    label,
                )
            })
        })
        .count();
    let ratio = web_sys::window().unwrap().device_pixel_ratio();
    assert!(
        rows as f64 >= 6.0 * ratio,
        "the rank number is {rows} device pixels tall on a 36 px square"
    );
}
