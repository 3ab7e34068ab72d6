//! Beirut: what the enemy's public moves tell of its hidden carriers.
//!
//! A boom that removes the enemy king wins at once, and is legal unless the blast removes the
//! booming side's own king too (RULES §1). So an enemy man that stood next to our king on the
//! enemy's turn, away from its own king, and did not boom, carries no bomb: a carrier there would
//! have won. Likewise a piece that a pawn promoted to carries none (the bomb leaves the board with
//! the pawn). And a carrier is worth more the nearer it gets to the enemy king: a man that keeps
//! stepping towards our king is more likely to carry one than a man that keeps away. The engine
//! draws its hypotheses of the enemy carriers from the men not cleared, each in proportion to
//! how its own moves approached our king.
//!
//! Only positions as this player saw them are read, never the referee's secret: the inference
//! gives the same answer whichever men really carry the bombs.

use crate::eval::{carrier_attraction, king_distance};
use boomchess_rules::{Bits, Board8, Color, Geometry, Position, Role, Square, VariantPosition};

/// How much one centipawn of approach (in [`carrier_attraction`]'s terms) weighs: a man's
/// weight is `e` to the power of its approach over this.
const APPROACH_SCALE: f64 = 60.0;
/// Approach counted at most, either way, so that no man is all but certain or all but ruled out
/// by how it moved.
const APPROACH_CAP: i32 = 240;

/// What the game so far tells of each enemy man, by the square it stands on now.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Suspicion {
    /// The men shown to carry no bomb.
    cleared: u64,
    /// For each man, the carrier attraction its own moves gained (lost if negative).
    approach: [i32; 64],
}

impl Default for Suspicion {
    /// Nothing known: every man alike.
    fn default() -> Self {
        Suspicion {
            cleared: 0,
            approach: [0; 64],
        }
    }
}

impl Suspicion {
    /// The weight of the hypothesis that the man on `sq` is a carrier (0: shown not to be).
    pub(crate) fn weight(&self, sq: Square) -> f64 {
        let i = sq.usize() & 63;
        if self.cleared & (1 << i) != 0 {
            0.0
        } else {
            (f64::from(self.approach[i].clamp(-APPROACH_CAP, APPROACH_CAP)) / APPROACH_SCALE).exp()
        }
    }

    /// The men shown to carry no bomb.
    #[cfg(test)]
    fn cleared(&self) -> u64 {
        self.cleared
    }
}

/// What the game shows of the carriers of the enemy of the side to move in `view`. `history`
/// holds the positions before `view`, oldest first, each as this player saw it. Nothing outside
/// Beirut or without a history.
pub(crate) fn suspicion(history: &[VariantPosition], view: &VariantPosition) -> Suspicion {
    let mut known = Suspicion::default();
    let VariantPosition::Eight(now) = view else {
        return known;
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
        return known;
    }
    for pair in positions.windows(2) {
        let (before, after) = (pair[0], pair[1]);
        if before.turn() == !us {
            known.cleared |= could_have_won(before, us);
        }
        known = follow(known, before, after, us);
    }
    known.cleared &= now.by_color(!us) & !now.by_role(Role::King);
    known
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

/// What was known of the enemy men in `before`, carried over to `after`: a man that moved takes
/// it along (with what its move gained in approach to `us`'s king), a man that left the board
/// loses it, and a promoted piece is cleared.
fn follow(
    known: Suspicion,
    before: &Position<Board8>,
    after: &Position<Board8>,
    us: Color,
) -> Suspicion {
    let enemy = !us;
    let (was, is) = (before.by_color(enemy), after.by_color(enemy));
    let (left, arrived) = (was & !is, is & !was);
    let stayed = was & is;
    let mut next = Suspicion {
        cleared: known.cleared & stayed,
        approach: [0; 64],
    };
    for sq in stayed.squares() {
        next.approach[sq.usize()] = known.approach[sq.usize()];
    }
    if before.turn() != enemy {
        return next;
    }
    let our_king = before.king_of(us);
    for to in arrived.squares() {
        let role = after.role_at(to);
        let from = left
            .squares()
            .find(|&from| before.role_at(from) == role)
            .filter(|_| left.count() == arrived.count());
        match from {
            // The man on `from` moved to `to` (a castling rook is found by its role).
            Some(from) => {
                next.cleared |= (known.cleared >> from.index() & 1) << to.index();
                let gained = our_king.map_or(0, |k| {
                    carrier_attraction(king_distance::<Board8>(to, k))
                        - carrier_attraction(king_distance::<Board8>(from, k))
                });
                next.approach[to.usize()] = known.approach[from.usize()] + gained;
            }
            // A pawn that left, a piece that arrived: a promotion.
            None if left.count() == 1 && before.role_at(left.first()) == Some(Role::Pawn) => {
                next.cleared |= 1 << to.index();
            }
            None => {}
        }
    }
    next
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
        assert_eq!(
            names(&view, suspicion(&history, &view).cleared()),
            vec!["f2"]
        );
        let mut later = moves.to_vec();
        later.extend(["a2a3", "f2d1"]);
        let (history, view) = seen(["d2", "b7"], &later, Color::White);
        assert_eq!(
            names(&view, suspicion(&history, &view).cleared()),
            vec!["d1"]
        );
    }

    #[test]
    fn a_man_next_to_both_kings_could_not_have_boomed() {
        // White's king walks to e4, next to the e5 pawn, which stands next to Black's own king
        // on e6: booming it would remove that king too, so not booming says nothing.
        let moves = [
            "d2d4", "e7e5", "e1d2", "e8e7", "d2d3", "e7e6", "d3e4", "a7a6",
        ];
        let (history, view) = seen(["c2", "b7"], &moves, Color::White);
        assert_eq!(suspicion(&history, &view).cleared(), 0);
    }

    #[test]
    fn a_man_that_steps_towards_our_king_is_more_suspect() {
        // Black's knight comes from g8 to f6 and g4, the a-pawn steps to a6, the b-knight does
        // not move; White's king stays on e1.
        let moves = ["a2a3", "g8f6", "a3a4", "f6g4", "b2b3", "a7a6"];
        let (history, view) = seen(["d2", "b7"], &moves, Color::White);
        let known = suspicion(&history, &view);
        let at = |name: &str| known.weight(view.parse_square(name).unwrap());
        // g8 (7 steps from e1) to f6 (5) to g4 (3): 20 centipawns of approach, none for a7-a6.
        assert!((at("g4") - (20.0 / APPROACH_SCALE).exp()).abs() < 1e-9);
        assert_eq!(at("a6"), 1.0);
        assert_eq!(at("b8"), 1.0);
    }

    #[test]
    fn the_answer_does_not_depend_on_the_hidden_carrier() {
        let moves = [
            "e2e4", "g8f6", "e1e2", "f6g4", "h2h3", "g4f2", "d2d3", "a7a6",
        ];
        let answers: Vec<Suspicion> = ["b7", "g8", "h8", "c7"]
            .iter()
            .map(|black| {
                let (history, view) = seen(["d2", black], &moves, Color::White);
                suspicion(&history, &view)
            })
            .collect();
        assert!(answers.iter().all(|a| a == &answers[0]), "{answers:?}");
    }
}
