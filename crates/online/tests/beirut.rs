//! Beirut online, refereed from the public record: commitments, booms that open them, Dead Man's
//! Switch answers, the final reveal and its replay. Honest clients state what they owe with
//! `owed_statement`; each cheat of `docs/online-protocol.md` is played and must be caught. The
//! games are the examples of `docs/rules.md` §1.11.

use boomchess_online::client::owed_statement;
use boomchess_online::message::{Labelled, SquareName, WireOpening};
use boomchess_online::{
    openings_of, Action, GameId, GameInfo, OnlineGame, Opening, Refusal, Salt, Side, Stage,
};
use boomchess_rules::Reason;

const ID: GameId = GameId([0x42; 16]);

fn info(options: &[&str]) -> GameInfo {
    GameInfo {
        id: ID,
        variant: "beirut".into(),
        options: options.iter().map(|o| o.to_string()).collect(),
        clock: None,
        grace: 30,
        created: 1_000,
    }
}

fn sq(name: &str) -> SquareName {
    SquareName::parse(name).unwrap()
}

/// One opening per man of `side` but the king, `carriers` among them, each with its own salt.
fn openings(side: Side, carriers: &[&str]) -> Vec<Opening> {
    let carriers: Vec<_> = carriers.iter().map(|name| sq(name).0).collect();
    let mut next = 0u8;
    openings_of(side.color(), &carriers, || {
        next += 1;
        Salt([next ^ (side.index() as u8 * 0x80); 16])
    })
}

struct Table {
    game: OnlineGame,
    now: u64,
    openings: [Vec<Opening>; 2],
}

impl Table {
    /// Both seated; each side commits to `white` / `black` carriers.
    fn new(options: &[&str], white: &[&str], black: &[&str]) -> Table {
        let mut game = OnlineGame::new(info(options)).unwrap();
        game.seat(Side::White, 1_000).unwrap();
        game.seat(Side::Black, 1_000).unwrap();
        assert_eq!(game.stage(), &Stage::Committing([true, true]));
        let mut table = Table {
            game,
            now: 1_000,
            openings: [openings(Side::White, white), openings(Side::Black, black)],
        };
        table.statements();
        assert_eq!(table.game.stage(), &Stage::Playing);
        table
    }

    fn act(&mut self, side: Side, action: Action) -> Result<(), boomchess_online::Refused> {
        self.now += 1_000;
        self.game.act(side, action, self.now).map(|_| ())
    }

    /// Every statement an honest client owes, made.
    fn statements(&mut self) {
        loop {
            let owed = Side::BOTH.into_iter().find_map(|side| {
                owed_statement(&self.game, side, &self.openings[side.index()])
                    .map(|action| (side, action))
            });
            let Some((side, action)) = owed else {
                return;
            };
            self.act(side, action).unwrap();
        }
    }

    fn play(&mut self, side: Side, uci: &str) {
        self.act(side, Action::Move { uci: uci.into() })
            .unwrap_or_else(|e| panic!("{uci}: {e}"));
        self.statements();
    }

    fn opening(&self, side: Side, name: &str) -> Opening {
        *self.openings[side.index()]
            .iter()
            .find(|o| o.origin == sq(name).0)
            .unwrap()
    }

    fn boom(
        &mut self,
        side: Side,
        at: &str,
        origin: &str,
    ) -> Result<(), boomchess_online::Refused> {
        let salt = self.opening(side, origin).salt;
        self.act(
            side,
            Action::Boom {
                square: sq(at),
                salt,
            },
        )?;
        self.statements();
        Ok(())
    }

    fn result(&self) -> &boomchess_online::GameResult {
        self.game.result().expect("the game is over")
    }
}

/// §1.11, the wiki-book's boom: 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.Nxe5 Qd4.
const WIKI_BOOK: [&str; 10] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "f3e5", "d8d4",
];

fn wiki_book(options: &[&str]) -> Table {
    let mut table = Table::new(options, &["g1"], &["h7"]);
    for (i, uci) in WIKI_BOOK.iter().enumerate() {
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        table.play(side, uci);
    }
    table
}

#[test]
fn the_wiki_book_boom_is_refereed_without_the_carriers_and_verified_at_the_end() {
    let mut table = wiki_book(&[]);
    // The g1 knight now on e5 booms, opening its commitment.
    table.boom(Side::White, "e5", "g1").unwrap();
    assert_eq!(
        table.game.referee().position().fen(),
        "r1b1kbnr/1pp2ppp/p1p5/8/8/8/PPPP1PPP/RNBQK2R b KQkq - 0 6"
    );
    assert_eq!(table.game.referee().san_moves().last().unwrap(), "Boom@e5");
    // Only the opened carrier is known.
    let beirut = table.game.referee().beirut().unwrap();
    assert_eq!(beirut.known_carriers(Side::White), [sq("g1").0]);
    assert!(beirut.known_carriers(Side::Black).is_empty());
    table.act(Side::Black, Action::Resign).unwrap();
    assert!(matches!(table.game.stage(), Stage::Revealing { .. }));
    table.statements();
    let result = table.result();
    assert_eq!(
        (result.winner, result.reason),
        (Some(Side::White), Reason::Resignation)
    );
    let beirut = table.game.referee().beirut().unwrap();
    assert_eq!(beirut.known_carriers(Side::Black), [sq("h7").0]);
}

#[test]
fn a_forged_boom_is_refused_at_once_and_changes_nothing() {
    let mut table = wiki_book(&[]);
    // The a2 pawn is no carrier: its opening says so.
    let before = table.game.events().len();
    let salt = table.opening(Side::White, "a2").salt;
    let err = table
        .act(
            Side::White,
            Action::Boom {
                square: sq("a2"),
                salt,
            },
        )
        .unwrap_err();
    assert_eq!(err.code, Refusal::BadOpening, "{err}");
    // A made-up salt for the real carrier does not open it either.
    let err = table
        .act(
            Side::White,
            Action::Boom {
                square: sq("e5"),
                salt: Salt([7; 16]),
            },
        )
        .unwrap_err();
    assert_eq!(err.code, Refusal::BadOpening, "{err}");
    assert_eq!(table.game.events().len(), before);
}

#[test]
fn a_commitment_of_another_game_opens_nothing_here() {
    let other = Opening {
        origin: sq("g1").0,
        carrier: true,
        salt: Salt([1; 16]),
    };
    assert!(!other.opens(
        other.commitment(GameId([1; 16]), boomchess_rules::Color::White),
        ID,
        boomchess_rules::Color::White
    ));
}

#[test]
fn commitments_are_one_for_each_man_never_the_king() {
    let mut game = OnlineGame::new(info(&[])).unwrap();
    game.seat(Side::White, 1).unwrap();
    game.seat(Side::Black, 1).unwrap();
    let labelled = |openings: &[Opening]| -> Vec<Labelled> {
        let mut all: Vec<Labelled> = openings
            .iter()
            .map(|o| Labelled {
                square: SquareName(o.origin),
                commitment: o.commitment(ID, boomchess_rules::Color::White),
            })
            .collect();
        all.sort_by_key(|c| c.square);
        all
    };
    let commit = |openings: &[Opening]| Action::Commit {
        commitments: labelled(openings),
    };
    // In any other order than the squares' the order could say something: refused.
    let mut shuffled = labelled(&openings(Side::White, &["g1"]));
    shuffled.swap(0, 5);
    let err = game
        .act(
            Side::White,
            Action::Commit {
                commitments: shuffled,
            },
            2,
        )
        .unwrap_err();
    assert_eq!(err.code, Refusal::BadOpening, "{err}");
    let mut all = openings(Side::White, &["g1"]);
    let fewer = commit(&all[1..]);
    assert_eq!(
        game.act(Side::White, fewer, 2).unwrap_err().code,
        Refusal::BadOpening
    );
    all.push(Opening {
        origin: sq("e1").0,
        carrier: true,
        salt: Salt([3; 16]),
    });
    let err = game.act(Side::White, commit(&all), 2).unwrap_err();
    assert_eq!(err.code, Refusal::BadOpening);
    assert!(err.message.contains("e1"), "{err}");
    let black_men = commit(&openings(Side::Black, &["h7"]));
    assert_eq!(
        game.act(Side::White, black_men, 2).unwrap_err().code,
        Refusal::BadOpening
    );
    assert_eq!(game.stage(), &Stage::Committing([true, true]));
}

#[test]
fn dead_mans_switch_answers_are_openings_checked_at_once() {
    // White's carrier is the g1 knight; Black's the c6 knight (b8), which White captures.
    let mut table = Table::new(&["dead-mans-switch"], &["g1"], &["b8"]);
    for (side, uci) in [
        (Side::White, "e2e4"),
        (Side::Black, "b8c6"),
        (Side::White, "f1b5"),
        (Side::Black, "a7a6"),
    ] {
        table.play(side, uci);
    }
    // Bxc6: Black owes its answer; a lie ("no bomb") does not open its commitment.
    table
        .act(Side::White, Action::Move { uci: "b5c6".into() })
        .unwrap();
    let salt = table.opening(Side::Black, "b8").salt;
    let err = table
        .act(
            Side::Black,
            Action::Switch {
                carrier: false,
                salt,
            },
        )
        .unwrap_err();
    assert_eq!(err.code, Refusal::BadOpening, "{err}");
    let err = table
        .act(Side::Black, Action::Move { uci: "d7c6".into() })
        .unwrap_err();
    assert_eq!(err.code, Refusal::NotNow, "the answer comes first: {err}");
    assert_eq!(
        table.game.referee().owed(),
        boomchess_online::referee::Owed::Switch
    );
    // The truth sets off the blast centred on c6: the bishop and the pawns b7, c7, d7 go.
    table.statements();
    let fen = table.game.referee().position().fen();
    assert_eq!(
        fen,
        "r1bqkbnr/4pppp/p7/8/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0 3"
    );
    assert!(
        table.game.referee().san_moves()[4].ends_with('_'),
        "{:?}",
        table.game.referee().san_moves()
    );
    // Qxd2+ takes a pawn without a bomb: White answers "no" and nothing explodes.
    table.play(Side::Black, "d8d2");
    let fen = table.game.referee().position().fen();
    assert!(fen.contains("/PPPq1PPP/RNBQK1NR w "), "{fen}");
}

#[test]
fn a_false_statement_loses_whatever_the_result_was() {
    // Too few carriers: Black committed to none, and White resigns; the replay finds Black's
    // choice wrong, so Black loses after all.
    let mut table = Table::new(&[], &["g1"], &[]);
    table.play(Side::White, "e2e4");
    table.act(Side::White, Action::Resign).unwrap();
    table.statements();
    let result = table.result();
    assert_eq!(result.reason, Reason::VerificationFailed);
    assert_eq!(result.winner, Some(Side::White));
    assert!(
        result
            .detail
            .as_deref()
            .unwrap()
            .contains("Black opened 0 carriers"),
        "{result:?}"
    );
}

#[test]
fn too_many_carriers_are_refused_at_the_second_boom_and_lose_at_the_end() {
    // White committed to two carriers in a one-carrier game.
    let mut table = Table::new(&[], &["g1", "b1"], &["h7"]);
    for (side, uci) in [
        (Side::White, "g1f3"),
        (Side::Black, "e7e5"),
        (Side::White, "b1c3"),
        (Side::Black, "d7d5"),
    ] {
        table.play(side, uci);
    }
    table.boom(Side::White, "f3", "g1").unwrap();
    table.play(Side::Black, "a7a6");
    let err = table.boom(Side::White, "c3", "b1").unwrap_err();
    assert_eq!(err.code, Refusal::BadOpening, "{err}");
    table.act(Side::White, Action::OfferDraw).unwrap();
    table.act(Side::Black, Action::AcceptDraw).unwrap();
    table.statements();
    let result = table.result();
    assert_eq!(
        (result.winner, result.reason),
        (Some(Side::Black), Reason::VerificationFailed)
    );
}

#[test]
fn a_changed_carrier_cannot_be_revealed_and_a_missing_reveal_loses() {
    let mut table = wiki_book(&[]);
    table.act(Side::White, Action::Resign).unwrap();
    // Black claims at the end that h7 carried nothing: that opening does not open.
    let mut lie: Vec<WireOpening> = table.openings[1]
        .iter()
        .map(|&o| WireOpening::from(o))
        .collect();
    for opening in &mut lie {
        opening.carrier = false;
    }
    let err = table
        .act(Side::Black, Action::Reveal { openings: lie })
        .unwrap_err();
    assert_eq!(err.code, Refusal::BadOpening, "{err}");
    // White reveals; Black never does, and the grace period (30 s) passes.
    let white = owed_statement(&table.game, Side::White, &table.openings[0]).unwrap();
    table.act(Side::White, white).unwrap();
    let judged = table.game.judge(table.now + 31_000);
    assert_eq!(judged.len(), 1);
    let result = table.result();
    assert_eq!(
        (result.winner, result.reason),
        (Some(Side::White), Reason::DeadlineMissed)
    );
}

#[test]
fn an_owed_answer_that_never_comes_loses() {
    let mut table = Table::new(&["dead-mans-switch"], &["g1"], &["h7"]);
    table.play(Side::White, "e2e4");
    table.play(Side::Black, "d7d5");
    table
        .act(Side::White, Action::Move { uci: "e4d5".into() })
        .unwrap();
    // Black owes its answer and stalls past the grace period.
    assert!(table.game.judge(table.now + 29_000).is_empty());
    table.game.judge(table.now + 31_000);
    // In Beirut the reveal follows; Black's stall stands once every statement checks out.
    assert!(matches!(table.game.stage(), Stage::Revealing { .. }));
    table.now += 31_000;
    table.statements();
    let result = table.result();
    assert_eq!(
        (result.winner, result.reason),
        (Some(Side::White), Reason::DeadlineMissed)
    );
}

#[test]
fn a_replayed_record_checks_every_opening_again() {
    let mut table = wiki_book(&["dead-mans-switch"]);
    table.boom(Side::White, "e5", "g1").unwrap();
    let replayed = OnlineGame::replay(table.game.info().clone(), table.game.events()).unwrap();
    assert_eq!(
        replayed.referee().position().fen(),
        table.game.referee().position().fen()
    );
    // The same record with the boom's salt changed is refused where the boom is.
    let mut tampered = table.game.events().to_vec();
    for event in &mut tampered {
        if let boomchess_online::What::Acted {
            action: Action::Boom { salt, .. },
            ..
        } = &mut event.what
        {
            *salt = Salt([0; 16]);
        }
    }
    let err = OnlineGame::replay(table.game.info().clone(), &tampered).unwrap_err();
    assert_eq!(err.code, Refusal::BadOpening);
}

/// Sam Loyd's ten-move stalemate: 1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6 6.Qxd7+ Kf7
/// 7.Qxb7 Qd3 8.Qxb8 Qh7 9.Qxc8 Kg6 10.Qe6, after which Black has no ordinary move.
const LOYD: [&str; 19] = [
    "e2e3", "a7a5", "d1h5", "a8a6", "h5a5", "h7h5", "h2h4", "a6h6", "a5c7", "f7f6", "c7d7", "e8f7",
    "d7b7", "d8d3", "b7b8", "d3h7", "b8c8", "f7g6", "c8e6",
];

fn loyd(black: &[&str]) -> Table {
    let mut table = Table::new(&[], &["g1"], black);
    for (i, uci) in LOYD.iter().enumerate() {
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        table
            .act(side, Action::Move { uci: (*uci).into() })
            .unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
    table
}

#[test]
fn a_stuck_side_without_a_carrier_states_so_and_the_stalemate_is_verified() {
    // Black's carrier was the b8 knight, taken on move 8: no boom is left to it.
    let mut table = loyd(&["b8"]);
    assert_eq!(
        table.game.referee().owed(),
        boomchess_online::referee::Owed::Stuck
    );
    assert_eq!(
        owed_statement(&table.game, Side::Black, &table.openings[1]),
        Some(Action::NoBoom)
    );
    table.statements();
    let result = table.result();
    assert_eq!((result.winner, result.reason), (None, Reason::Stalemate));
}

#[test]
fn a_false_stalemate_is_caught_by_the_replay() {
    // Black's carrier is the g8 knight, still on the board and free to boom (its blast holds
    // neither its king on g6 nor leaves it in check): an honest client would not say "no boom".
    let mut table = loyd(&["g8"]);
    assert_eq!(
        owed_statement(&table.game, Side::Black, &table.openings[1]),
        None
    );
    table.act(Side::Black, Action::NoBoom).unwrap();
    table.statements();
    let result = table.result();
    assert_eq!(
        (result.winner, result.reason),
        (Some(Side::White), Reason::VerificationFailed)
    );
    assert!(
        result
            .detail
            .as_deref()
            .unwrap()
            .contains("said it had no legal boom, but the man on g8"),
        "{result:?}"
    );
}
