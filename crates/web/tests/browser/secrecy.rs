//! Hidden information against the computer (issue 9): nothing a player can observe or
//! reproduce reveals where the computer's bomb carrier is.

use std::collections::HashSet;

use boomchess_rules::{Color, Variant};
use boomchess_web::game::Stage;
use boomchess_web::spec::Mode;
use boomchess_web::Game;
use wasm_bindgen_test::*;

/// The board part of the referee's start position: it differs exactly when the carriers do.
fn carriers_of(game: &Game) -> String {
    let fen = game.referee().start_position().fen();
    fen.split(' ').next().unwrap_or_default().to_owned()
}

#[wasm_bindgen_test]
fn the_computer_does_not_pick_the_same_carrier_in_every_game() {
    // Were its choice seeded by the position alone, a player would learn its carrier from one
    // finished game (or by running the engine) and know it in every later one.
    for human in [Color::White, Color::Black] {
        let mut seen = HashSet::new();
        for _ in 0..12 {
            let mut game = Game::new(Variant::Beirut).with_mode(Mode::Computer { human, level: 3 });
            if game.stage() == Stage::Setup(human) {
                let square = if human == Color::White { "e2" } else { "e7" };
                game.choose_carriers(&[square])
                    .expect("the human's carrier");
            }
            assert!(matches!(game.stage(), Stage::Play(_)), "both sides chose");
            seen.insert(carriers_of(&game));
        }
        // The most likely single choice has a weight well under 1/5, so twelve equal draws
        // would happen less than once in a hundred million runs.
        assert!(
            seen.len() > 1,
            "the computer ({:?}) chose the same carrier in 12 games: {seen:?}",
            !human
        );
    }
}

#[wasm_bindgen_test]
fn the_seed_of_the_computers_moves_differs_between_games_of_the_same_position() {
    let fen = "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPP*PP/RNBQKBNR w KQkq - 0 1";
    let seeds: HashSet<u64> = (0..4)
        .map(|_| {
            let mut game = Game::from_fen(Variant::Beirut, fen)
                .expect("a valid position")
                .with_mode(Mode::Computer {
                    human: Color::White,
                    level: 3,
                });
            game.play("e2e4").expect("a legal move");
            let turn = game.computer_turn().expect("the computer's turn");
            assert!(
                turn.seed < 1 << 53,
                "the seed survives the trip as a JS number"
            );
            turn.seed
        })
        .collect();
    assert_eq!(seeds.len(), 4, "each game has its own secret seed");
}

#[wasm_bindgen_test]
fn the_computer_fears_only_the_carriers_it_has_not_seen_explode() {
    let fen = "rnbqkbnr/pppppp*pp/8/8/8/8/PPPPPPPP/RN*BQKBNR w KQkq - 0 1";
    let mut quiet = Game::from_fen(Variant::Beirut, fen)
        .expect("a valid position")
        .with_mode(Mode::Computer {
            human: Color::White,
            level: 1,
        });
    quiet.play("e2e4").expect("a legal move");
    let turn = quiet.computer_turn().expect("the computer's turn");
    assert_eq!(turn.enemy_carriers, 1, "White's carrier is somewhere");
    assert!(
        !turn.fen.contains("N*"),
        "but the computer does not see where"
    );

    let mut boomed = Game::from_fen(Variant::Beirut, fen)
        .expect("a valid position")
        .with_mode(Mode::Computer {
            human: Color::White,
            level: 1,
        });
    boomed.play("@b1").expect("White's knight booms");
    let turn = boomed.computer_turn().expect("the computer's turn");
    assert_eq!(
        turn.enemy_carriers, 0,
        "everybody saw White's only carrier explode"
    );
    boomchess_worker::decide(&turn).expect("a move without hidden carriers to fear");
}
