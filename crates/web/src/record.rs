//! Game records (PGN, `docs/rules.md` §5c) on the page: a game written out with its variant and
//! options in tags and its moves in SAN, and a record (or a bare position text) read back in.
//!
//! The Beirut carriers are written only once they are public (the game is over, or the board
//! is a diagram, which shows them anyway). A record of a Beirut game in progress cannot be
//! refereed without them, so it opens as a diagram of the position everybody saw.

use boomchess_pgn::{Pgn, PgnError, PgnResult, PgnTags, Reveal, ToPgn};
use boomchess_rules::{Outcome, Reason, Variant};

use crate::game::Game;
use crate::spec::Mode;

/// Today as PGN writes a date, `2026.12.01` (unknown parts `??` where the clock is missing).
fn today() -> String {
    let now = js_sys::Date::new_0();
    let year = now.get_full_year();
    if year < 1000 {
        return "????.??.??".to_owned();
    }
    format!("{year}.{:02}.{:02}", now.get_month() + 1, now.get_date())
}

/// The game's record: the roster filled in as far as the page knows it (the computer and its
/// level by name), the carriers only once public.
pub fn pgn_of(game: &Game) -> String {
    let computer = |level: u8| format!("boomchess level {level}");
    let (white, black) = match game.mode() {
        Mode::Computer {
            human: boomchess_rules::Color::White,
            level,
        } => ("?".to_owned(), computer(level)),
        Mode::Computer { level, .. } => (computer(level), "?".to_owned()),
        _ => ("?".to_owned(), "?".to_owned()),
    };
    let tags = PgnTags {
        event: if game.is_diagram() {
            "Diagram".to_owned()
        } else {
            "Casual game".to_owned()
        },
        site: "boomchess".to_owned(),
        date: today(),
        white,
        black,
        ..PgnTags::default()
    };
    let reveal = if game.is_diagram() {
        Reveal::Always
    } else {
        Reveal::WhenOver
    };
    game.referee().to_pgn_ended(&tags, reveal, game.ended())
}

/// The game of a record, or of a bare position text of `variant`; with a note for the player
/// when it opens otherwise than as a game to play on (a Beirut game whose carriers are secret
/// opens as a diagram of where it stands). The error says what is wrong with the text.
pub fn game_of_pgn(text: &str, variant: Variant) -> Result<(Game, Option<String>), String> {
    let pgn = Pgn::import(text, variant, boomchess_rules::Options::default())
        .map_err(|e| e.to_string())?;
    match pgn.game() {
        Ok(referee) => {
            let mut game = Game::from_referee(referee, Mode::HotSeat);
            // A result the board does not explain: the game ended off it.
            if !game.is_over() {
                let timeout = pgn.tag("Termination") == Some("time forfeit");
                let decisive = |winner| Outcome::Decisive {
                    winner,
                    reason: if timeout {
                        Reason::Timeout
                    } else {
                        Reason::Resignation
                    },
                };
                match pgn.result {
                    PgnResult::WhiteWins => game.end(decisive(boomchess_rules::Color::White)),
                    PgnResult::BlackWins => game.end(decisive(boomchess_rules::Color::Black)),
                    PgnResult::Draw => game.end(Outcome::Draw {
                        reason: Reason::Agreement,
                    }),
                    PgnResult::Unknown => {}
                }
            }
            Ok((game, None))
        }
        Err(PgnError::CarriersSecret { .. }) => {
            let replay = pgn.public_replay().map_err(|e| e.to_string())?;
            let seen = replay.positions.last().copied().unwrap_or(replay.start);
            let referee = boomchess_rules::Game::from_fen(pgn.variant, pgn.options, &seen.fen())
                .map_err(|e| e.to_string())?;
            Ok((
                Game::from_referee(referee, Mode::Diagram),
                Some(format!(
                    "The carriers of this game are still secret, so it opens as a diagram of the \
                     position after its {} moves.",
                    replay.moves.len()
                )),
            ))
        }
        Err(e) => Err(e.to_string()),
    }
}
