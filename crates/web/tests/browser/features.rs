//! Tests of the page's extras, in headless Chromium and Firefox
//! (`cargo test --target wasm32-unknown-unknown -p boomchess-web --test browser features::`): browsing the
//! move list (read-only earlier positions that never show a hidden carrier), the bomber-capture
//! effect of Flying Bombers (canvas pixels during the effect), and the sound switch.

use boomchess_rules::{BoardSize, Color, Square, Variant};
use boomchess_web::game::{ClickOutcome, Game};
use boomchess_web::App;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support;

use support::{canvas, click, context, near, pixel};

fn sq(name: &str) -> Square {
    BoardSize::EIGHT.parse(name).unwrap()
}

fn play(game: &mut Game, moves: &[&str]) {
    for m in moves {
        game.lift_curtain();
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[wasm_bindgen_test]
fn browsing_shows_earlier_positions_read_only() {
    // Orthodox-like Beirut without a curtain: carriers f2/f7 are public here.
    let mut game = Game::from_fen(
        Variant::Beirut,
        "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1",
    )
    .unwrap()
    .without_curtain();
    assert!(
        !game.can_browse(),
        "nothing to browse before the first move"
    );
    assert!(!game.browse(Some(0)));
    play(&mut game, &["e2e4", "e7e5", "g1f3"]);
    let live = game.fen();
    assert!(game.browse(Some(1)));
    assert_eq!(game.viewing(), Some(1));
    assert_eq!(game.fen(), live, "fen() stays the live position");
    // The board shows the position after 1. e4: the pawn on e4, e5 still empty, g1 knight home.
    assert!(game.piece_at(sq("e4")).is_some());
    assert!(game.piece_at(sq("e5")).is_none());
    assert!(game.piece_at(sq("g1")).is_some());
    assert_eq!(
        game.last_move().map(|m| game.move_text(m)),
        Some("e2e4".to_owned())
    );
    // Read-only: nothing to play, clicks ignored, play() refused.
    assert_eq!(game.legal_moves().count(), 0);
    assert_eq!(game.click(sq("d7")), ClickOutcome::Ignored);
    assert!(game
        .play("d7d5")
        .unwrap_err()
        .contains("go back to the game"));
    assert_eq!(game.fen(), live);
    // Steps: back to the start, forward past the last move returns to the game.
    assert!(game.browse_step(-1));
    assert_eq!(game.viewing(), Some(0));
    assert!(!game.browse_step(-1), "nothing before the start");
    assert_eq!(game.last_move(), None);
    assert!(game.browse_step(1) && game.browse_step(1));
    assert_eq!(game.viewing(), Some(2));
    assert!(game.browse_step(1));
    assert_eq!(
        game.viewing(),
        None,
        "past the last move: the live position"
    );
    assert!(game.legal_moves().count() > 0);
    // Browsing then playing: a move returns to the live position.
    assert!(game.browse(Some(2)));
    game.browse(None);
    play(&mut game, &["b8c6"]);
    assert_eq!(game.viewing(), None);
    assert!(game.browse(Some(3)));
    assert!(game.undo(), "undo from a viewed position");
    assert_eq!(game.viewing(), None);
}

#[wasm_bindgen_test]
fn hot_seat_browsing_never_shows_the_other_sides_carriers() {
    // White's carrier on g1 (the knight), Black's on h7.
    let mut game = Game::from_fen(
        Variant::Beirut,
        "rnbqkbnr/pppppppp*/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1",
    )
    .unwrap();
    play(&mut game, &["e2e4", "e7e5", "g1f3"]);
    // The curtain is up (Black to look): no browsing at all.
    assert!(game.curtain());
    assert!(!game.can_browse());
    assert!(!game.browse(Some(0)));
    assert_eq!(game.viewing(), None);
    game.lift_curtain();
    // Black browses: its own carrier (h7) shows, White's knight (g1, then f3) never does.
    for ply in 0..3 {
        assert!(game.browse(Some(ply)) || game.viewing() == Some(ply));
        assert!(
            game.shows_carrier(sq("h7")),
            "ply {ply}: Black's own carrier"
        );
        for name in ["g1", "f3"] {
            assert!(
                !game.shows_carrier(sq(name)),
                "ply {ply}: White's carrier on {name} must not show"
            );
        }
    }
    // A move brings the curtain down and ends the browsing.
    game.browse(None);
    play(&mut game, &["b8c6"]);
    assert!(game.curtain());
    assert_eq!(game.viewing(), None);
    assert!(!game.browse(Some(1)));
    // White browses after lifting: its own knight carrier, never Black's h7.
    game.lift_curtain();
    assert!(game.browse(Some(0)));
    assert!(game.shows_carrier(sq("g1")));
    assert!(!game.shows_carrier(sq("h7")));
    assert_eq!(game.turn(), Color::White);
}

#[wasm_bindgen_test]
fn after_the_game_every_carrier_shows_while_browsing() {
    // Fool's mate with carriers on a2 (White) and h7 (Black).
    let mut game = Game::from_fen(
        Variant::Beirut,
        "rnbqkbnr/pppp1ppp*/8/4p3/6P1/5P2/P*PPPP2P/RNBQKBNR b KQkq - 0 2",
    )
    .unwrap();
    play(&mut game, &["d8h4"]);
    assert!(game.is_over());
    assert!(game.browse(Some(0)));
    assert!(game.shows_carrier(sq("a2")) && game.shows_carrier(sq("h7")));
    assert!(game.piece_at(sq("h4")).is_none(), "before the mate");
}

#[wasm_bindgen_test]
fn the_board_draws_the_browsed_position_and_marks_it() {
    let app = App::mount(canvas(400), Variant::Stratomic).expect("board mounts");
    click(&app, "e3");
    click(&app, "e5");
    let pawn_on_e5 = pixel(&app, "e5", 0.5, 0.3);
    assert!(app.browse(Some(0)));
    assert!(
        app.canvas().has_attribute("data-viewing"),
        "the board is marked"
    );
    assert!(
        near(pixel(&app, "e3", 0.5, 0.3), pawn_on_e5),
        "the pawn is back on e3"
    );
    assert!(
        near(pixel(&app, "e5", 0.5, 0.3), pixel(&app, "c5", 0.5, 0.3)),
        "e5 is empty like c5"
    );
    // A click on the board does not play while browsing.
    click(&app, "d3");
    click(&app, "d4");
    assert_eq!(app.with_game(|g| g.san_moves().len()), 1);
    // Escape on the board goes back to the game.
    assert!(app.key("Escape"));
    assert_eq!(app.with_game(|g| g.viewing()), None);
    assert!(!app.canvas().has_attribute("data-viewing"));
    assert!(near(pixel(&app, "e5", 0.5, 0.3), pawn_on_e5));
}

/// A white bomber on a8 that can leap to a10 over a black pawn (a9), taking the pawn and the
/// black bomber: a helicopter double capture.
const HELICOPTER: &str = "f4k4/p9/F9/10/10/10/10/10/10/5K4 w - - 0 1";

fn square10(name: &str) -> Square {
    BoardSize::TEN.parse(name).unwrap()
}

#[wasm_bindgen_test]
fn a_bomber_capture_plays_a_strike_on_the_captured_squares() {
    use boomchess_rules::{Options, VariantPosition};
    use boomchess_web::render::{draw_board, draw_explosion, Blast, THEME};
    let app = App::mount(canvas(400), Variant::FlyingBombers).expect("board mounts");
    app.set_game(Game::from_fen(Variant::FlyingBombers, HELICOPTER).unwrap());
    let b9 = pixel(&app, "b9", 0.5, 0.5);
    let pawn = pixel(&app, "a9", 0.5, 0.3);
    click(&app, "a8");
    click(&app, "a10");
    let fen = app.with_game(|g| g.fen());
    assert!(fen.starts_with("F4k4/10/10/"), "both captured: {fen}");
    // The strike is animated; its first frame still shows the pawn on a9 (the bomb falls on it).
    assert!(app.exploding(), "the strike plays");
    assert!(
        near(pixel(&app, "a9", 0.5, 0.3), pawn),
        "the pawn is drawn until the bomb hits"
    );
    assert!(
        near(pixel(&app, "b9", 0.5, 0.5), b9),
        "nothing beside it is lit"
    );
    app.finish_explosion();
    assert!(!app.exploding());
    assert!(
        !near(pixel(&app, "a9", 0.5, 0.3), pawn),
        "the pawn is gone after the strike"
    );

    // The frames in between, drawn directly: the victims in flight order (a9, then a10), and at
    // the impact a bright burst in the middle of a9 while b9 stays dark.
    let prev =
        VariantPosition::from_fen(Variant::FlyingBombers, Options::default(), HELICOPTER).unwrap();
    let m = prev.parse_uci("a8a10").unwrap();
    let strike = Blast::bomber_strike(&prev, m).expect("a bomber capture");
    assert_eq!(strike.area, vec![square10("a9"), square10("a10")]);
    assert_eq!(strike.strike, Some((square10("a8"), square10("a10"))));
    let ctx = context(&app);
    let layout = app.layout();
    let frame = |t: f64| {
        app.with_game(|g| draw_board(&ctx, &layout, g, &THEME, None));
        draw_explosion(&ctx, &layout, &strike, t);
    };
    app.with_game(|g| draw_board(&ctx, &layout, g, &THEME, None));
    let landed = pixel(&app, "a10", 0.5, 0.5);
    frame(0.22);
    assert!(
        near(pixel(&app, "a10", 0.5, 0.5), landed),
        "the landed bomber stays in sight above the piece it takes"
    );
    let falling = pixel(&app, "a9", 0.5, 0.5 - 0.45); // the streak above the pawn
    assert!(
        falling[0] > 200 && falling[1] > 200,
        "a bright streak falls onto a9: {falling:?}"
    );
    frame(0.27);
    let burst = pixel(&app, "a9", 0.5, 0.5);
    assert!(
        burst[0] > 215 && burst[1] > 200 && burst[2] > 150,
        "white-yellow burst on a9: {burst:?}"
    );
    assert!(
        near(pixel(&app, "b9", 0.5, 0.5), b9),
        "b9 is outside the strike"
    );
    frame(0.42);
    let second = pixel(&app, "a10", 0.5, 0.5);
    assert!(
        second[0] > 215 && second[1] > 190,
        "then the burst on a10: {second:?}"
    );
    // A bomber's slide captures nothing: no strike; nor does any other piece's capture.
    let slide = prev.parse_uci("a8a1").unwrap();
    assert_eq!(Blast::bomber_strike(&prev, slide), None);
}

#[wasm_bindgen_test]
fn each_move_gets_its_sound_cue() {
    use boomchess_rules::{Options, VariantPosition};
    use boomchess_web::sound::{cue_of, Cue};
    let cue = |variant: Variant, fen: &str, uci: &str| {
        let options = Options::default();
        let prev = VariantPosition::from_fen(variant, options, fen).unwrap();
        let m = prev.parse_uci(uci).unwrap();
        let exploded = !prev.blast_area(m).is_empty();
        cue_of(&prev, m, exploded)
    };
    let start = "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(cue(Variant::Beirut, start, "e2e4"), Cue::Move);
    let boom = "r1b1kbnr/1pp2ppp/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 6";
    assert_eq!(cue(Variant::Beirut, boom, "@e5"), Cue::Explosion);
    assert_eq!(cue(Variant::Beirut, boom, "a2a3"), Cue::Move);
    // A capture of a (hidden) carrier without Dead Man's Switch sounds like any capture.
    let capture = "4k3/8/8/3p*4/8/4N3/8/4K3 w - - 0 1";
    assert_eq!(cue(Variant::Beirut, capture, "e3d5"), Cue::Capture);
    assert_eq!(
        cue(Variant::Beirut, "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5"),
        Cue::Capture
    );
    let launch = "10/mrnbqkbnrm/ppppp1pppp/10/5p4/10/3P6/PPP1PPPPPP/MRNBQKBNRM/10 w KQkq - 0 2 L";
    assert_eq!(cue(Variant::Stratomic, launch, "a2@f6"), Cue::Explosion);
    assert_eq!(
        cue(Variant::FlyingBombers, HELICOPTER, "a8a10"),
        Cue::Strike
    );
    assert_eq!(cue(Variant::FlyingBombers, HELICOPTER, "a8a2"), Cue::Move);
}
