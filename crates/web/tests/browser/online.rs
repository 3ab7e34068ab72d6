//! The board of an online Beirut game (crates/web/src/online.rs): built from the public record and
//! the seat's own openings, it shows that seat's carriers and nobody else's, lets it move only on
//! its turn and only once nothing of its own waits for the server, and sends a move instead of
//! playing it. The record is made with the online crate, as the server would keep it.

use boomchess_online::client::owed_statement;
use boomchess_online::message::SquareName;
use boomchess_online::referee::Owed;
use boomchess_online::{openings_of, Action, GameId, GameInfo, OnlineGame, Opening, Salt, Side};
use boomchess_rules::{Color, Variant};
use boomchess_web::game::{Online, Stage};
use boomchess_web::online::board_view;
use boomchess_web::Game;
use wasm_bindgen_test::*;

const ID: GameId = GameId([3; 16]);

/// One opening per man but the king, `carrier` the one with a bomb.
fn openings(side: Side, carrier: &str) -> Vec<Opening> {
    let carrier = SquareName::parse(carrier).unwrap().0;
    let mut next = 0u8;
    openings_of(side.color(), &[carrier], || {
        next += 1;
        Salt([next; 16])
    })
}

/// A plain Beirut game without clocks.
fn info() -> GameInfo {
    GameInfo {
        id: ID,
        variant: "beirut".into(),
        options: Vec::new(),
        clock: None,
        grace: 60,
        created: 1,
    }
}

/// A Beirut game both sides have committed to: White's carrier the g1 knight, Black's the h7
/// pawn; then 1.e4.
fn record() -> (OnlineGame, [Vec<Opening>; 2]) {
    let mut game = OnlineGame::new(info()).unwrap();
    game.seat(Side::White, 1).unwrap();
    game.seat(Side::Black, 1).unwrap();
    let secrets = [openings(Side::White, "g1"), openings(Side::Black, "h7")];
    for side in Side::BOTH {
        let commit = owed_statement(&game, side, &secrets[side.index()]).unwrap();
        game.act(side, commit, 2).unwrap();
    }
    game.act(Side::White, Action::Move { uci: "e2e4".into() }, 3)
        .unwrap();
    (game, secrets)
}

fn board(game: &OnlineGame, seat: Option<Side>, openings: &[Opening], waiting: bool) -> Game {
    let online = Online {
        stage: game.stage().clone(),
        owed: game.referee().owed(),
        waiting,
    };
    Game::online(
        board_view(game, seat, openings),
        seat.map(Side::color),
        online,
    )
}

#[wasm_bindgen_test]
fn each_seat_sees_its_own_carrier_and_a_spectator_none() {
    let (game, secrets) = record();
    let white = board(&game, Some(Side::White), &secrets[0], false);
    let black = board(&game, Some(Side::Black), &secrets[1], false);
    let watcher = board(&game, None, &[], false);
    assert_eq!(
        white.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBN*R b KQkq e3 0 1"
    );
    assert_eq!(
        black.fen(),
        "rnbqkbnr/pppppppp*/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert!(!watcher.fen().contains('*'));
    // Also in the history: the start position as each seat may see it.
    for (view, own) in [(&white, "N*"), (&black, "p*")] {
        let start = view.referee().start_position().fen();
        assert_eq!(start.matches('*').count(), 1, "{start}");
        assert!(start.contains(own), "{start}");
    }
    assert_eq!(watcher.variant(), Variant::Beirut);
    assert_eq!(white.san_moves(), ["e4"]);
}

#[wasm_bindgen_test]
fn only_the_side_to_move_may_move_and_a_move_is_sent_not_played() {
    let (game, secrets) = record();
    let white = board(&game, Some(Side::White), &secrets[0], false);
    assert_eq!(white.legal_moves().count(), 0, "Black is to move");
    let mut black = board(&game, Some(Side::Black), &secrets[1], false);
    assert_eq!(black.stage(), Stage::Play(Color::Black));
    // The twenty moves of the start, and the boom of its own carrier (the h7 pawn).
    assert_eq!(black.legal_moves().count(), 21);
    assert!(black.legal_moves().any(|m| black.move_text(m) == "@h7"));
    black.play("e7e5").unwrap();
    // Sent, and shown once the server has recorded it: the board is as it was, and waits.
    assert_eq!(black.san_moves(), ["e4"]);
    assert_eq!(
        black.take_outgoing().map(|m| black.move_text(m)).as_deref(),
        Some("e7e5")
    );
    assert_eq!(
        black.legal_moves().count(),
        0,
        "nothing more until the server answers"
    );
    let mut waiting = board(&game, Some(Side::Black), &secrets[1], true);
    assert_eq!(waiting.legal_moves().count(), 0);
    assert!(
        !waiting.undo() && !waiting.can_undo(),
        "nothing is taken back online"
    );
    assert_eq!(game.referee().owed(), Owed::Move);
}

#[wasm_bindgen_test]
fn carriers_are_chosen_on_the_board_and_kept_for_the_commitment() {
    let mut game = OnlineGame::new(info()).unwrap();
    game.seat(Side::White, 1).unwrap();
    game.seat(Side::Black, 1).unwrap();
    let mut white = board(&game, Some(Side::White), &[], false);
    assert_eq!(white.stage(), Stage::Setup(Color::White));
    assert_eq!(white.carriers_to_choose(), 1);
    assert!(white.choose_carriers(&["e1"]).is_err(), "never the king");
    assert!(
        white.choose_carriers(&["e7"]).is_err(),
        "never the other side's man"
    );
    white.choose_carriers(&["g1"]).unwrap();
    let chosen = white.take_chosen().unwrap();
    assert_eq!(chosen, [white.square("g1").unwrap()]);
    // While the commitment travels, the board waits rather than asking again.
    assert_ne!(white.stage(), Stage::Setup(Color::White));
}
