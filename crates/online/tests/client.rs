//! `Session`, a client's side of the socket: one action in flight at a time, resent after a
//! reconnect unless the server stored it, renumbered after a refusal, and a server whose record
//! does not hold is caught. The "server" here is an `OnlineGame` driven by hand.

use boomchess_online::client::{Session, Update};
use boomchess_online::{
    Action, ClientMessage, Event, GameId, GameInfo, OnlineGame, Refusal, SeatToken, ServerMessage,
    Side, What,
};

fn info() -> GameInfo {
    GameInfo {
        id: GameId([5; 16]),
        variant: "stratomic".into(),
        options: Vec::new(),
        clock: None,
        grace: 60,
        created: 10,
    }
}

fn mv(uci: &str) -> Action {
    Action::Move { uci: uci.into() }
}

fn server() -> OnlineGame {
    let mut game = OnlineGame::new(info()).unwrap();
    game.seat(Side::White, 10).unwrap();
    game.seat(Side::Black, 10).unwrap();
    game
}

fn welcome(game: &OnlineGame, seat: Side, last_seq: u32) -> ServerMessage {
    welcome_as(game, Some(seat), last_seq)
}

fn welcome_as(game: &OnlineGame, seat: Option<Side>, last_seq: u32) -> ServerMessage {
    ServerMessage::Welcome {
        game: game.info().clone(),
        seat,
        last_seq,
        events: game.events().to_vec(),
        now: 20,
        presence: Default::default(),
    }
}

fn act_of(message: Option<ClientMessage>) -> (u32, Action) {
    match message {
        Some(ClientMessage::Act { seq, action }) => (seq, action),
        other => panic!("expected an action to send, got {other:?}"),
    }
}

#[test]
fn actions_wait_for_the_welcome_and_go_one_at_a_time() {
    let game = server();
    let mut session = Session::new(Some(SeatToken([1; 16])));
    assert!(matches!(
        session.hello(),
        ClientMessage::Hello { token: Some(_) }
    ));
    assert_eq!(session.act(mv("e3e5")), None, "not connected yet");
    let (update, send) = session.receive(welcome(&game, Side::White, 0)).unwrap();
    assert_eq!(update, Update::Welcomed);
    assert_eq!(act_of(send), (1, mv("e3e5")));
    assert_eq!(
        session.act(Action::OfferDraw),
        None,
        "the move is still in flight"
    );
    let (update, send) = session.receive(ServerMessage::Ack { seq: 1 }).unwrap();
    assert_eq!(update, Update::Acked(1));
    assert_eq!(act_of(send), (2, Action::OfferDraw));
    assert_eq!(session.pending().count(), 1);
}

#[test]
fn after_a_reconnect_only_what_the_server_did_not_store_is_sent_again() {
    let game = server();
    let mut session = Session::new(Some(SeatToken([1; 16])));
    session.receive(welcome(&game, Side::White, 0)).unwrap();
    assert_eq!(act_of(session.act(mv("e3e5"))), (1, mv("e3e5")));
    session.disconnected();
    assert!(!session.connected());
    // The server stored it before the connection went: nothing to send again.
    let (_, send) = session.receive(welcome(&game, Side::White, 1)).unwrap();
    assert_eq!(send, None);
    assert_eq!(session.pending().count(), 0);
    // Lost before it was stored: sent again under the same number.
    assert_eq!(act_of(session.act(mv("d3d4"))), (2, mv("d3d4")));
    session.disconnected();
    let (_, send) = session.receive(welcome(&game, Side::White, 1)).unwrap();
    assert_eq!(act_of(send), (2, mv("d3d4")));
}

#[test]
fn a_reloaded_page_numbers_on_from_the_servers_count() {
    let game = server();
    let mut session = Session::new(Some(SeatToken([1; 16])));
    session.receive(welcome(&game, Side::Black, 7)).unwrap();
    assert_eq!(act_of(session.act(Action::Resign)).0, 8);
}

#[test]
fn a_refused_action_gives_its_number_to_the_next() {
    let game = server();
    let mut session = Session::new(Some(SeatToken([1; 16])));
    session.receive(welcome(&game, Side::White, 0)).unwrap();
    session.act(mv("e3e6"));
    session.act(mv("e3e5"));
    let (update, send) = session
        .receive(ServerMessage::Error {
            seq: Some(1),
            code: Refusal::IllegalMove,
            message: "illegal".into(),
        })
        .unwrap();
    match update {
        Update::Refused { action, refusal } => {
            assert_eq!(action, Some(mv("e3e6")));
            assert_eq!(refusal.code, Refusal::IllegalMove);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(act_of(send), (1, mv("e3e5")));
}

#[test]
fn entries_are_checked_and_a_lying_server_is_caught() {
    let mut game = server();
    let mut session = Session::new(None);
    let (_, send) = session.receive(welcome_as(&game, None, 0)).unwrap();
    assert_eq!(send, None);
    assert_eq!(session.seat(), None);
    let event = game.act(Side::White, mv("e3e5"), 30).unwrap();
    let (update, _) = session
        .receive(ServerMessage::Event {
            event: event.clone(),
            now: 30,
        })
        .unwrap();
    assert_eq!(update, Update::Recorded(event));
    let forged = Event {
        n: 3,
        at: 31,
        what: What::Acted {
            side: Side::Black,
            action: mv("e8e4"),
        },
    };
    let err = session
        .receive(ServerMessage::Event {
            event: forged,
            now: 31,
        })
        .unwrap_err();
    assert_eq!(err.code, Refusal::IllegalMove);
    assert_eq!(session.game().unwrap().events().len(), 3, "unchanged");
}

#[test]
fn a_player_whose_seat_the_server_does_not_give_is_told() {
    let game = server();
    let mut session = Session::new(Some(SeatToken([1; 16])));
    let err = session.receive(welcome_as(&game, None, 0)).unwrap_err();
    assert_eq!(err.code, Refusal::BadToken);
}
