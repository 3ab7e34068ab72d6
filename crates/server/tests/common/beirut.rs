//! Beirut as an honest client plays it: openings, commitments, booms' salts, the final reveal.

use boomchess_online::client::owed_statement;
use boomchess_online::message::{SquareName, WireOpening};
use boomchess_online::{
    openings_of, Action, GameInfo, OnlineGame, Opening, Salt, ServerMessage, Side,
};

/// One opening per man of `side` but the king, the men that start on `carriers` carrying bombs,
/// the salts drawn from `seed`.
pub fn openings(side: Side, carriers: &[&str], seed: u8) -> Vec<Opening> {
    let carriers: Vec<_> = carriers
        .iter()
        .map(|name| SquareName::parse(name).expect("a square").0)
        .collect();
    let mut next = seed;
    openings_of(side.color(), &carriers, || {
        next = next.wrapping_add(1);
        Salt([next ^ (side.index() as u8 * 0x80); 16])
    })
}

/// `side`'s commitments to `openings` in the game `info`, as an honest client makes them.
pub fn commit(info: &GameInfo, side: Side, openings: &[Opening]) -> Action {
    let mut game = OnlineGame::new(info.clone()).expect("a game");
    for seated in Side::BOTH {
        game.seat(seated, info.created).expect("seated");
    }
    owed_statement(&game, side, openings).expect("commitments are owed")
}

/// The final reveal of `openings`.
pub fn reveal(openings: &[Opening]) -> Action {
    Action::Reveal {
        openings: openings.iter().map(|&o| WireOpening::from(o)).collect(),
    }
}

pub fn salt_of(openings: &[Opening], square: &str) -> Salt {
    let origin = SquareName::parse(square).expect("a square").0;
    openings
        .iter()
        .find(|o| o.origin == origin)
        .expect("an opening of that man")
        .salt
}

/// A boom of the carrier that started on `origin`, now on `square`.
pub fn boom_with(openings: &[Opening], square: &str, origin: &str) -> Action {
    Action::Boom {
        square: SquareName::parse(square).expect("a square"),
        salt: salt_of(openings, origin),
    }
}

pub fn info_of(welcome: &ServerMessage) -> GameInfo {
    match welcome {
        ServerMessage::Welcome { game, .. } => game.clone(),
        other => panic!("a welcome was expected, not {other:?}"),
    }
}
