//! Beirut: what the enemy's public moves tell of its hidden carriers.
//!
//! A boom that removes the enemy king wins at once, and is legal unless the blast removes the
//! booming side's own king too (RULES §1). So an enemy man that stood next to our king on the
//! enemy's turn, away from its own king, and did not boom, carries no bomb: a carrier there would
//! have won. Likewise a piece that a pawn promoted to carries none (the bomb leaves the board with
//! the pawn). The engine draws its hypotheses of the enemy carriers from the other men.
//!
//! Only positions as this player saw them are read, never the referee's secret: the inference
//! gives the same answer whichever men really carry the bombs.

use boomchess_rules::{Bits, Board8, Color, Geometry, Position, Role, VariantPosition};

/// The squares of the enemy men (the enemy of the side to move in `view`) that the game so far
/// shows to carry no bomb. `history` holds the positions before `view`, oldest first, each as
/// this player saw it. Empty outside Beirut or without a history.
pub(crate) fn cleared_men(history: &[VariantPosition], view: &VariantPosition) -> u64 {
    let VariantPosition::Eight(now) = view else {
        return 0;
    };
    let us = now.turn();
    let positions: Vec<&Position<Board8>> = history
        .iter()
        .chain(core::iter::once(view))
        .filter_map(|p| match p {
            VariantPosition::Eight(p) => Some(p),
            VariantPosition::Ten(_) => None,
        })
        .collect();
    if positions.len() != history.len() + 1 {
        return 0;
    }
    let mut cleared = 0u64;
    for pair in positions.windows(2) {
        let (before, after) = (pair[0], pair[1]);
        if before.turn() == !us {
            cleared |= could_have_won(before, us);
        }
        cleared = follow(cleared, before, after, !us);
    }
    cleared & now.by_color(!us) & !now.by_role(Role::King)
}

/// The men of `us`'s enemy, to move in `pos`, whose boom would have removed `us`'s king and not
/// their own.
fn could_have_won(pos: &Position<Board8>, us: Color) -> u64 {
    let enemy = !us;
    let t = Board8::tables();
    let Some(our_king) = pos.king_of(us) else {
        return 0;
    };
    let mut men = t.king[our_king.usize()] & pos.by_color(enemy) & !pos.by_role(Role::King);
    if let Some(their_king) = pos.king_of(enemy) {
        men &= !t.king[their_king.usize()];
    }
    men
}

/// `cleared` (squares of `enemy`'s men in `before`) carried over to `after`: a man that moved
/// takes its mark along, a man that left the board loses it, and a promoted piece gains one.
fn follow(cleared: u64, before: &Position<Board8>, after: &Position<Board8>, enemy: Color) -> u64 {
    let (was, is) = (before.by_color(enemy), after.by_color(enemy));
    let (left, arrived) = (was & !is, is & !was);
    let mut carried = cleared & was & is;
    if before.turn() == enemy {
        for to in arrived.squares() {
            let role = after.role_at(to);
            let from = left
                .squares()
                .find(|&from| before.role_at(from) == role)
                .filter(|_| left.count() == arrived.count());
            match from {
                // The man on `from` moved to `to` (a castling rook is found by its role).
                Some(from) if cleared & (1 << from.index()) != 0 => carried |= 1 << to.index(),
                Some(_) => {}
                // A pawn that left, a piece that arrived: a promotion.
                None if left.count() == 1 && before.role_at(left.first()) == Some(Role::Pawn) => {
                    carried |= 1 << to.index()
                }
                None => {}
            }
        }
    }
    carried
}

#[cfg(test)]
mod tests {
    use super::*;
    use boomchess_rules::{Options, Variant};

    /// Plays `moves` (UCI) from the Beirut start with the given carriers and returns the
    /// positions as `color` saw them, the last one apart.
    fn seen(
        carriers: [&str; 2],
        moves: &[&str],
        color: Color,
    ) -> (Vec<VariantPosition>, VariantPosition) {
        let mut pos = VariantPosition::new(Variant::Beirut, Options::default());
        for (c, name) in Color::ALL.into_iter().zip(carriers) {
            let sq = pos.parse_square(name).expect("square");
            pos.set_carriers(c, &[sq]).expect("carrier");
        }
        let mut history = Vec::new();
        for m in moves {
            history.push(pos.view(color));
            pos.play_uci(m).expect("legal move");
        }
        (history, pos.view(color))
    }

    fn names(view: &VariantPosition, set: u64) -> Vec<String> {
        set.squares().map(|sq| view.square_name(sq)).collect()
    }

    #[test]
    fn a_man_next_to_our_king_that_did_not_boom_carries_no_bomb() {
        // Black's knight reaches f3, next to White's king after Ke1-e2: Black does not boom and
        // plays ...a6; the knight then moves on to d4 and keeps its mark.
        let moves = [
            "e2e4", "g8f6", "e1e2", "f6g4", "h2h3", "g4f2", "d2d3", "a7a6",
        ];
        let (history, view) = seen(["d2", "b7"], &moves, Color::White);
        assert_eq!(names(&view, cleared_men(&history, &view)), vec!["f2"]);
        let mut later = moves.to_vec();
        later.extend(["a2a3", "f2d1"]);
        let (history, view) = seen(["d2", "b7"], &later, Color::White);
        assert_eq!(names(&view, cleared_men(&history, &view)), vec!["d1"]);
    }

    #[test]
    fn a_man_next_to_both_kings_could_not_have_boomed() {
        // White's king walks to e4, next to the e5 pawn, which stands next to Black's own king
        // on e6: booming it would remove that king too, so not booming says nothing.
        let moves = [
            "d2d4", "e7e5", "e1d2", "e8e7", "d2d3", "e7e6", "d3e4", "a7a6",
        ];
        let (history, view) = seen(["c2", "b7"], &moves, Color::White);
        assert_eq!(cleared_men(&history, &view), 0);
    }

    #[test]
    fn the_answer_does_not_depend_on_the_hidden_carrier() {
        let moves = [
            "e2e4", "g8f6", "e1e2", "f6g4", "h2h3", "g4f2", "d2d3", "a7a6",
        ];
        let answers: Vec<u64> = ["b7", "g8", "h8", "c7"]
            .iter()
            .map(|black| {
                let (history, view) = seen(["d2", black], &moves, Color::White);
                cleared_men(&history, &view)
            })
            .collect();
        assert!(answers.iter().all(|&a| a == answers[0]), "{answers:?}");
    }
}
