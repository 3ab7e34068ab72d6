//! `OnlineGame` from its public record: seats, turns, clocks and deadlines, draw offers, abort,
//! and the record replayed and checked entry by entry. The moves are legal by `docs/rules.md` §2
//! (Stratomic: pawns start on ranks 3 and 8 and may step two squares from there).

use boomchess_online::message::TimeControl;
use boomchess_online::{Action, Event, GameId, GameInfo, OnlineGame, Refusal, Side, Stage, What};
use boomchess_rules::Reason;

const CREATED: u64 = 1_000_000;

fn info(variant: &str, clock: Option<TimeControl>) -> GameInfo {
    GameInfo {
        id: GameId([9; 16]),
        variant: variant.to_owned(),
        options: Vec::new(),
        clock,
        grace: 30,
        created: CREATED,
    }
}

fn mv(uci: &str) -> Action {
    Action::Move {
        uci: uci.to_owned(),
    }
}

/// A Stratomic game with both seats taken at `CREATED`.
fn seated(clock: Option<TimeControl>) -> OnlineGame {
    let mut game = OnlineGame::new(info("stratomic", clock)).unwrap();
    game.seat(Side::White, CREATED).unwrap();
    assert_eq!(game.stage(), &Stage::Seating);
    game.seat(Side::Black, CREATED).unwrap();
    assert_eq!(game.stage(), &Stage::Playing);
    game
}

#[test]
fn moves_alternate_and_refusals_leave_the_game_unchanged() {
    let mut game = seated(None);
    let before = game.events().len();
    let err = game.act(Side::Black, mv("e8e6"), CREATED + 1).unwrap_err();
    assert_eq!(err.code, Refusal::NotNow);
    let err = game.act(Side::White, mv("e3e6"), CREATED + 1).unwrap_err();
    assert_eq!(err.code, Refusal::IllegalMove);
    let err = game
        .act(Side::White, mv("banana"), CREATED + 1)
        .unwrap_err();
    assert_eq!(err.code, Refusal::IllegalMove);
    assert_eq!(game.events().len(), before);
    game.act(Side::White, mv("e3e5"), CREATED + 2).unwrap();
    game.act(Side::Black, mv("e8e6"), CREATED + 3).unwrap();
    assert_eq!(game.referee().san_moves(), ["e5", "e6"]);
    let err = game
        .act(Side::White, Action::NoBoom, CREATED + 4)
        .unwrap_err();
    assert_eq!(err.code, Refusal::NotNow, "{err}");
}

#[test]
fn a_seat_is_taken_once_and_nobody_acts_before_both_are() {
    let mut game = OnlineGame::new(info("flying-bombers", None)).unwrap();
    game.seat(Side::Black, CREATED).unwrap();
    assert_eq!(
        game.seat(Side::Black, CREATED).unwrap_err().code,
        Refusal::SeatsTaken
    );
    assert_eq!(
        game.act(Side::White, mv("e3e5"), CREATED).unwrap_err().code,
        Refusal::BadToken
    );
    assert_eq!(
        game.act(Side::Black, Action::Resign, CREATED)
            .unwrap_err()
            .code,
        Refusal::NotStarted
    );
}

#[test]
fn clocks_start_after_both_first_moves_and_count_increments() {
    let tc = TimeControl {
        initial: 60,
        increment: 2,
    };
    let mut game = seated(Some(tc));
    assert_eq!(game.running(), None);
    game.act(Side::White, mv("e3e5"), CREATED + 5_000).unwrap();
    game.act(Side::Black, mv("e8e6"), CREATED + 9_000).unwrap();
    // Neither first move was timed; White's clock runs from Black's first move.
    assert_eq!(game.running(), Some(Side::White));
    assert_eq!(game.clocks(CREATED + 9_000), Some([60_000, 60_000]));
    game.act(Side::White, mv("d3d4"), CREATED + 16_000).unwrap();
    // 7 s used, 2 s added.
    assert_eq!(game.clocks(CREATED + 16_000), Some([55_000, 60_000]));
    assert_eq!(game.clocks(CREATED + 26_000), Some([55_000, 50_000]));
    let due = game.due().unwrap();
    assert_eq!(
        (due.at, due.side, due.flag),
        (CREATED + 76_000, Side::Black, true)
    );
}

#[test]
fn a_flag_falls_at_the_moment_the_time_runs_out_and_later_moves_are_refused() {
    let tc = TimeControl {
        initial: 1,
        increment: 0,
    };
    let mut game = seated(Some(tc));
    game.act(Side::White, mv("e3e5"), CREATED + 100).unwrap();
    game.act(Side::Black, mv("e8e6"), CREATED + 200).unwrap();
    assert!(game.judge(CREATED + 1_199).is_empty());
    // Not judged yet: a move after the flag time is too late all the same.
    let err = game
        .act(Side::White, mv("d3d4"), CREATED + 1_300)
        .unwrap_err();
    assert_eq!(err.code, Refusal::NotNow, "{err}");
    let judged = game.judge(CREATED + 5_000);
    assert_eq!(
        judged,
        [Event {
            n: 4,
            at: CREATED + 1_200,
            what: What::FlagFell { side: Side::White }
        }]
    );
    let result = game.result().unwrap();
    assert_eq!(
        (result.winner, result.reason),
        (Some(Side::Black), Reason::Timeout)
    );
    assert_eq!(game.clocks(CREATED + 5_000), Some([0, 1_000]));
}

#[test]
fn a_first_move_that_never_comes_aborts_the_game() {
    let mut game = seated(None);
    game.act(Side::White, mv("e3e5"), CREATED + 1_000).unwrap();
    // Black's first move is due within the grace period (30 s) of White's.
    assert!(game.judge(CREATED + 30_999).is_empty());
    let judged = game.judge(CREATED + 40_000);
    assert_eq!(judged.len(), 1);
    assert_eq!(judged[0].what, What::DeadlineMissed { side: Side::Black });
    assert_eq!(judged[0].at, CREATED + 31_000);
    assert_eq!(game.result().unwrap().reason, Reason::Aborted);
    assert_eq!(game.result().unwrap().score(), "*");
}

#[test]
fn without_clocks_a_game_in_play_waits_for_a_move_as_long_as_it_takes() {
    let mut game = seated(None);
    game.act(Side::White, mv("e3e5"), CREATED + 1_000).unwrap();
    game.act(Side::Black, mv("e8e6"), CREATED + 2_000).unwrap();
    assert_eq!(game.due(), None);
    assert!(game.judge(CREATED + 86_400_000).is_empty());
}

#[test]
fn abort_is_only_before_both_sides_have_moved() {
    let mut game = seated(None);
    game.act(Side::White, mv("e3e5"), CREATED + 1).unwrap();
    let mut aborted = game.clone();
    aborted
        .act(Side::White, Action::Abort, CREATED + 2)
        .unwrap();
    assert_eq!(aborted.result().unwrap().reason, Reason::Aborted);
    game.act(Side::Black, mv("e8e6"), CREATED + 3).unwrap();
    assert_eq!(
        game.act(Side::Black, Action::Abort, CREATED + 4)
            .unwrap_err()
            .code,
        Refusal::NotNow
    );
}

#[test]
fn a_draw_offer_is_accepted_declined_or_lapses_when_the_opponent_moves() {
    let mut game = seated(None);
    game.act(Side::White, Action::OfferDraw, CREATED + 1)
        .unwrap();
    assert_eq!(game.draw_offer(), Some(Side::White));
    assert_eq!(
        game.act(Side::White, Action::AcceptDraw, CREATED + 2)
            .unwrap_err()
            .code,
        Refusal::NotNow
    );
    game.act(Side::White, mv("e3e5"), CREATED + 2).unwrap();
    assert_eq!(
        game.draw_offer(),
        Some(Side::White),
        "the offer stands after its maker moves"
    );
    game.act(Side::Black, mv("e8e6"), CREATED + 3).unwrap();
    assert_eq!(game.draw_offer(), None, "the opponent's move declines it");
    game.act(Side::Black, Action::OfferDraw, CREATED + 4)
        .unwrap();
    let mut declined = game.clone();
    declined
        .act(Side::White, Action::DeclineDraw, CREATED + 5)
        .unwrap();
    assert_eq!(declined.draw_offer(), None);
    assert_eq!(declined.result(), None);
    game.act(Side::White, Action::AcceptDraw, CREATED + 5)
        .unwrap();
    let result = game.result().unwrap();
    assert_eq!((result.winner, result.reason), (None, Reason::Agreement));
    assert_eq!(
        game.act(Side::White, mv("d3d4"), CREATED + 6)
            .unwrap_err()
            .code,
        Refusal::GameOver
    );
}

#[test]
fn resigning_loses() {
    let mut game = seated(None);
    game.act(Side::White, Action::Resign, CREATED + 1).unwrap();
    let result = game.result().unwrap();
    assert_eq!(result.winner, Some(Side::Black));
    assert_eq!(result.reason, Reason::Resignation);
    assert_eq!(result.score(), "0-1");
}

#[test]
fn a_replayed_record_gives_the_same_game_and_a_tampered_one_is_refused() {
    let tc = TimeControl {
        initial: 60,
        increment: 0,
    };
    let mut game = seated(Some(tc));
    for (i, (side, uci)) in [
        (Side::White, "e3e5"),
        (Side::Black, "e8e6"),
        (Side::White, "d3d4"),
    ]
    .into_iter()
    .enumerate()
    {
        game.act(side, mv(uci), CREATED + 1_000 * (i as u64 + 1))
            .unwrap();
    }
    let replayed = OnlineGame::replay(game.info().clone(), game.events()).unwrap();
    assert_eq!(replayed.events(), game.events());
    assert_eq!(
        replayed.clocks(CREATED + 9_000),
        game.clocks(CREATED + 9_000)
    );
    assert_eq!(
        replayed.referee().position().fen(),
        game.referee().position().fen()
    );

    let mut tampered = game.events().to_vec();
    tampered[2].what = What::Acted {
        side: Side::White,
        action: mv("e3e6"),
    };
    let err = OnlineGame::replay(game.info().clone(), &tampered).unwrap_err();
    assert_eq!(err.code, Refusal::IllegalMove);

    let mut skipped = game.events().to_vec();
    skipped.remove(2);
    assert_eq!(
        OnlineGame::replay(game.info().clone(), &skipped)
            .unwrap_err()
            .code,
        Refusal::OutOfOrder
    );

    let mut early_flag = game.events().to_vec();
    early_flag.push(Event {
        n: 5,
        at: CREATED + 10_000,
        what: What::FlagFell { side: Side::Black },
    });
    assert_eq!(
        OnlineGame::replay(game.info().clone(), &early_flag)
            .unwrap_err()
            .code,
        Refusal::NotNow,
        "a flag cannot be claimed before the time has run out"
    );
}

#[test]
fn settings_that_are_not_a_game_are_refused() {
    let mut bad = info("stratomic", None);
    bad.variant = "checkers".into();
    assert_eq!(OnlineGame::new(bad).unwrap_err().code, Refusal::BadSettings);
    let mut bad = info("stratomic", None);
    bad.options = vec!["carriers=3".into()];
    assert_eq!(OnlineGame::new(bad).unwrap_err().code, Refusal::BadSettings);
    let bad = info(
        "stratomic",
        Some(TimeControl {
            initial: 0,
            increment: 0,
        }),
    );
    assert_eq!(OnlineGame::new(bad).unwrap_err().code, Refusal::BadSettings);
}

#[test]
fn messages_have_the_documented_wire_form() {
    let event = Event {
        n: 3,
        at: 42,
        what: What::Acted {
            side: Side::White,
            action: mv("e3e5"),
        },
    };
    assert_eq!(
        serde_json::to_string(&event).unwrap(),
        r#"{"n":3,"at":42,"what":{"acted":{"side":"white","action":{"move":{"uci":"e3e5"}}}}}"#
    );
    let hello: boomchess_online::ClientMessage =
        serde_json::from_str(r#"{"hello":{"token":"000102030405060708090a0b0c0d0e0f"}}"#).unwrap();
    assert!(matches!(
        hello,
        boomchess_online::ClientMessage::Hello { token: Some(_) }
    ));
    let resign: boomchess_online::ClientMessage =
        serde_json::from_str(r#"{"act":{"seq":2,"action":"resign"}}"#).unwrap();
    assert_eq!(
        resign,
        boomchess_online::ClientMessage::Act {
            seq: 2,
            action: Action::Resign
        }
    );
    assert!(serde_json::from_str::<boomchess_online::ClientMessage>(
        r#"{"hello":{"token":"00","extra":1}}"#
    )
    .is_err());
}

#[test]
fn the_welcome_names_its_fields_in_camel_case() {
    let welcome = boomchess_online::ServerMessage::Welcome {
        game: info("stratomic", None),
        seat: Some(Side::Black),
        last_seq: 4,
        events: Vec::new(),
        now: 5,
        presence: Default::default(),
    };
    let text = serde_json::to_string(&welcome).unwrap();
    assert!(text.contains(r#""lastSeq":4"#), "{text}");
    assert!(text.starts_with(r#"{"welcome":{"#), "{text}");
}
