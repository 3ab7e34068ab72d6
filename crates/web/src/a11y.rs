//! The board in words, for people who do not see the canvas: what a move did ("Boom on e5: black
//! queen d4, white pawn e4 and white knight e5 destroyed"), announced through a live region, and
//! what stands on a square.
//!
//! Everything said about a move is public: a move is described from the referee's position
//! before it, but only with what the move itself shows to both players (a quiet capture of a
//! carrier is just a capture; a blast names what it destroyed, which everybody sees go). The
//! squares ([`cell_words`]) are told from the position the player at the board sees, as the
//! canvas draws it: only the carriers that player may see, none behind the curtain.

use boomchess_rules::{Move, MoveKind, Piece, Role, Square, VariantPosition};

use crate::game::{Game, Target};

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
    let mut removed: Vec<String> = prev
        .removed_by(m)
        .into_iter()
        .filter_map(|sq| piece_on(prev, sq))
        .collect();
    let explosion = prev.explosion(m);
    // A Dead Man's Switch blast also destroys the capturing piece where it landed (as what it
    // promoted to), which stood elsewhere before the move.
    if let (Some(_), false, Some(capturer)) = (&explosion, m.is_explosion(), mover) {
        let role = m.promotion().unwrap_or(capturer.role);
        removed.push(format!(
            "{} {}",
            piece_name(Piece { role, ..capturer }),
            name(m.to)
        ));
    }
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
            // As SAN does: the piece and where it goes, and where it came from only when
            // another piece of its kind could have gone there too.
            let twin = mover.is_some_and(|p| {
                prev.legal_moves()
                    .into_iter()
                    .any(|o| o.to == m.to && o.from != m.from && prev.piece_at(o.from) == Some(p))
            });
            if twin {
                format!("{who} {} to {}", name(m.from), name(m.to))
            } else {
                format!("{who} to {}", name(m.to))
            }
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
pub fn outcome_words(outcome: boomchess_rules::Outcome) -> String {
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

/// What the selection makes of the squares, worked out once for the whole board (see
/// [`cell_words`]): everything here comes from the position drawn and the moves of the player at
/// the board, as the canvas's marks do.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The selected square.
    pub selected: Option<Square>,
    /// The selected piece's targets, each with what the move there would do ("a move", "a
    /// capture of black pawn e5").
    pub targets: Vec<(Square, String)>,
    /// The squares the selected missile may be launched at.
    pub launches: Vec<Square>,
    /// The squares a boom or launch would blast: the selected carrier's boom, a launch at the
    /// keyboard cursor, or the boom of a carrier under it.
    pub blast: Vec<Square>,
    /// The king in check.
    pub check: Option<Square>,
    /// The promotion picker's choices.
    pub promotion: Vec<(Square, Role)>,
}

impl Marks {
    /// The marks of `game` with the keyboard cursor on `cursor` (it previews a blast as the
    /// pointer does).
    pub fn of(game: &Game, cursor: Option<Square>) -> Marks {
        let selected = game.selected();
        let targets = match selected {
            Some(from) => game
                .targets()
                .iter()
                .map(|t| (t.square, target_words(game, from, t)))
                .collect(),
            None => Vec::new(),
        };
        let launches = match selected {
            Some(from) if game.promotion().is_none() => game
                .legal_moves()
                .filter(|m| m.kind == MoveKind::Launch && m.from == from)
                .map(|m| m.to)
                .collect(),
            _ => Vec::new(),
        };
        Marks {
            selected,
            targets,
            launches,
            blast: game.blast_preview(cursor),
            check: game.checked_king(),
            promotion: game
                .promotion()
                .map(|p| p.choices.iter().map(|&(sq, role, _)| (sq, role)).collect())
                .unwrap_or_default(),
        }
    }
}

/// What moving the selected piece from `from` to the target `t` would do: "a move", "castling",
/// "a move, promotes", "a capture of black pawn e5" (a bomber's double capture names both),
/// worked out on the position drawn (the player's own view: an enemy carrier's blast is never
/// foretold).
fn target_words(game: &Game, from: Square, t: &Target) -> String {
    if t.kind == MoveKind::Castle {
        return "castling".to_owned();
    }
    let shown = game.shown();
    // A diagram also shows the moves of the side not to move: work them out with its turn.
    let mover = game.piece_at(from).map(|p| p.color);
    let position = if mover.is_some_and(|c| c != shown.turn()) {
        shown.with_turn_passed().ok()
    } else {
        Some(*shown)
    };
    let m = Move {
        from,
        to: t.square,
        kind: t.kind,
    };
    // The target is one of the game's legal moves, so legal in that position.
    let taken: Vec<String> = position
        .map(|p| {
            p.removed_by(m)
                .into_iter()
                .filter_map(|sq| piece_on(&p, sq))
                .collect()
        })
        .unwrap_or_default();
    let mut words = if taken.is_empty() {
        "a move".to_owned()
    } else {
        format!("a capture of {}", list(&taken))
    };
    if t.kind == MoveKind::EnPassant {
        words.push_str(" en passant");
    }
    if matches!(t.kind, MoveKind::Promotion(_)) {
        words.push_str(", promotes");
    }
    words
}

/// One square of the board as a screen reader says it: what stands there as the player at the
/// board sees it ([`square_words`]), then what the game makes of it: "e1, white king, in check",
/// "e2, white pawn, selected", "e4, empty, a move", "d5, black pawn, a capture of black pawn
/// d5", "f7, black pawn, a launch target, in the blast", "e8, promote to queen".
pub fn cell_words(game: &Game, marks: &Marks, sq: Square) -> String {
    let name = game.board_size().name(sq);
    if let Some((_, role)) = marks.promotion.iter().find(|(s, _)| *s == sq) {
        return format!("{name}, promote to {}", role.name());
    }
    let mut text = square_words(&name, game.piece_at(sq), game.shows_carrier(sq));
    if marks.check == Some(sq) {
        text.push_str(", in check");
    }
    if marks.selected == Some(sq) {
        text.push_str(", selected");
    }
    if let Some((_, words)) = marks.targets.iter().find(|(s, _)| *s == sq) {
        text.push_str(", ");
        text.push_str(words);
    } else if marks.launches.contains(&sq) {
        text.push_str(", a launch target");
    }
    if marks.blast.contains(&sq) {
        text.push_str(", in the blast");
    }
    text
}

/// What selecting a piece offers, told when it is selected: "e2, white pawn, selected: 2
/// moves, e3 and e4." A carrier that may boom and a missile that may be launched say so.
pub fn selection_words(game: &Game, marks: &Marks) -> Option<String> {
    let from = marks.selected?;
    let mut text = cell_words(game, marks, from);
    let size = game.board_size();
    let squares: Vec<String> = marks.targets.iter().map(|(s, _)| size.name(*s)).collect();
    text.push_str(&match squares.len() {
        0 => ": no moves".to_owned(),
        1 => format!(": 1 move, {}", squares[0]),
        n if n <= 8 => format!(": {n} moves, {}", list(&squares)),
        n => format!(": {n} moves"),
    });
    if !marks.launches.is_empty() {
        text.push_str(&format!(
            "; it may be launched at {} squares",
            marks.launches.len()
        ));
    }
    let boom = game
        .legal_moves()
        .any(|m| m.kind == MoveKind::Boom && m.from == from);
    if boom && !game.is_diagram() {
        text.push_str("; select it again, or Boom!, to set off its bomb");
    }
    text.push('.');
    Some(text)
}

/// The board behind the pass-the-device curtain, in words (no square, no piece, no carrier):
/// "The board is covered: Black to move. Pass the device, then press Enter or tap the board."
pub fn curtain_words(game: &Game) -> String {
    let who = game.turn().title();
    let what = if game.carriers_pending() {
        "chooses carriers"
    } else {
        "to move"
    };
    format!(
        "The board is covered: {who} {what}. Pass the device to {who}, then press Enter or tap the \
         board."
    )
}

/// A row of the board: "Rank 8".
pub fn rank_words(rank: u8) -> String {
    format!("Rank {}", u32::from(rank) + 1)
}

/// How to play the board from the keyboard (the board's description).
pub const KEYS_HELP: &str = "Arrow keys move the cursor over the squares; Enter or Space clicks \
                             the square under it; Escape drops the selection.";
