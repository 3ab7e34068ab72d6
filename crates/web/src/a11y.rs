//! The board in words, for people who do not see the canvas: what a move did ("Boom on e5: black
//! queen d4, white pawn e4 and white knight e5 destroyed"), announced through a live region, and
//! what stands on a square.
//!
//! Everything said here is public: a move is described from the referee's position before it,
//! but only with what the move itself shows to both players (a quiet capture of a carrier is just
//! a capture; a blast names what it destroyed, which everybody sees go).

use boomchess_rules::{Move, MoveKind, Piece, Square, VariantPosition};

/// "white knight" / "black pawn".
pub fn piece_name(piece: Piece) -> String {
    format!("{} {}", piece.color.name(), piece.role.name())
}

/// "white knight e5".
fn piece_on(position: &VariantPosition, sq: Square) -> Option<String> {
    let piece = position.piece_at(sq)?;
    Some(format!(
        "{} {}",
        piece_name(piece),
        position.square_name(sq)
    ))
}

/// A list in words: "a", "a and b", "a, b and c".
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What the move `m`, played from `prev` (the referee's position before it), did, in words;
/// `after` is the position it led to (for check, mate and the end).
pub fn describe_move(prev: &VariantPosition, m: Move, after: &VariantPosition) -> String {
    let name = |sq| prev.square_name(sq);
    let mover = prev.piece_at(m.from);
    let side = prev.turn().title();
    let removed: Vec<String> = prev
        .removed_by(m)
        .into_iter()
        .filter_map(|sq| piece_on(prev, sq))
        .collect();
    let explosion = prev.explosion(m);
    let mut text = match m.kind {
        MoveKind::Boom => format!("{side} boom on {}", name(m.from)),
        MoveKind::Launch => format!("{side} missile {} launched at {}", name(m.from), name(m.to)),
        MoveKind::Castle => {
            let (king_file, to_file) = (prev.coords(m.from).0, prev.coords(m.to).0);
            let wing = if to_file > king_file { "king" } else { "queen" };
            if king_file.abs_diff(to_file) == 2 {
                format!("{side} castles on the {wing} side")
            } else {
                format!("{side} castles, king to {}", name(m.to))
            }
        }
        _ => {
            let who = mover.map_or_else(
                || side.to_owned(),
                |p| format!("{} {}", p.color.title(), p.role.name()),
            );
            format!("{who} {} to {}", name(m.from), name(m.to))
        }
    };
    if let Some(role) = m.promotion() {
        text.push_str(&format!(", promotes to {}", role.name()));
    }
    if explosion.is_some() {
        let what = if removed.is_empty() {
            "nothing destroyed".to_owned()
        } else {
            format!("{} destroyed", list(&removed))
        };
        let dead_mans_switch = !m.is_explosion();
        text.push_str(&if dead_mans_switch {
            format!(": the captured carrier explodes, {what}")
        } else {
            format!(": {what}")
        });
    } else if !removed.is_empty() {
        text.push_str(&format!(", takes {}", list(&removed)));
    }
    match after.outcome() {
        Some(outcome) => {
            text.push_str(&format!(". {}", outcome_words(outcome)));
        }
        None if after.is_check() => text.push_str(". Check"),
        None => {}
    }
    text.push('.');
    text
}

/// "White wins: checkmate" / "Draw: stalemate".
fn outcome_words(outcome: boomchess_rules::Outcome) -> String {
    match outcome.winner() {
        Some(winner) => format!("{} wins: {}", winner.title(), outcome.reason().describe()),
        None => format!("Draw: {}", outcome.reason().describe()),
    }
}

/// What stands on a square, as a screen reader says a cell of the board: "e4, white pawn" or
/// "e4, empty"; `carrier` adds "bomb carrier" (only for a carrier the player may see).
pub fn square_words(name: &str, piece: Option<Piece>, carrier: bool) -> String {
    match piece {
        Some(piece) if carrier => format!("{name}, {}, bomb carrier", piece_name(piece)),
        Some(piece) => format!("{name}, {}", piece_name(piece)),
        None => format!("{name}, empty"),
    }
}
