//! The server's log: one line on standard error per thing that happened (a connection opened or
//! closed, a game created, a seat taken, a game ended, a message refused). Lines name games by
//! the first 8 hex digits of their id and never carry a token, a hash or a message body, so two
//! games with the same public moves log the same lines apart from ids.

use boomchess_online::GameId;
use std::fmt;

/// Writes one line.
pub(crate) fn line(args: fmt::Arguments<'_>) {
    eprintln!("boomchess-server: {args}");
}

/// A game's id as the log shows it: its first 8 hex digits.
pub(crate) fn short(id: &GameId) -> String {
    let mut hex = id.hex();
    hex.truncate(8);
    hex
}
