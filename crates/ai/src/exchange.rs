//! Static exchange evaluation on the 8×8 board: what a capture wins once both sides have
//! recaptured on its square with their least valuable men for as long as it pays. Beirut's men
//! move as in orthodox chess (a boom is a move of its own, not a capture), so this is chess's
//! exchange; the 10×10 games' missiles and bombers capture in ways it does not model, and it is
//! not used there.

use boomchess_rules::{Bits, Color, Geometry, Move, Piece, Position, Role, Variant};

/// The least valuable first: the order in which men join an exchange.
const CHEAPEST_FIRST: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Whether [`exchange`] models the captures of `pos`'s game: Beirut's, not the 10×10 games'.
pub(crate) fn applies<G: Geometry>(pos: &Position<G>) -> bool {
    pos.variant() == Variant::Beirut
}

/// The material the side to move wins by the capture `m` and the best replies on its square,
/// with `values` indexed by [`Role::index`] (a king counts as more than everything else).
pub(crate) fn exchange<G: Geometry>(pos: &Position<G>, m: Move, values: &[i32; 8]) -> i32 {
    let t = G::tables();
    let value = |r: Role| {
        if r == Role::King {
            20_000
        } else {
            values[r.index()]
        }
    };
    let to = m.to;
    let Some(mut on_square) = pos.role_at(m.from) else {
        return 0;
    };
    // The exchange is followed for at most fifteen captures, far beyond what games reach (the
    // estimate stops there). Sixteen entries are 64 bytes, which WebAssembly clears inline where
    // more would be a call into C (`memory.fill`).
    let mut gains = [0i32; 16];
    gains[0] = pos.role_at(to).map_or(0, value);
    let mut occupied = pos.occupied() & !G::Bits::from_square(m.from);
    let mut side = !pos.turn();
    let diagonal = pos.by_role(Role::Bishop) | pos.by_role(Role::Queen);
    let straight = pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    let mut depth = 0;
    loop {
        // Every man still on the board that reaches `to` (sliders through the men gone).
        let attackers = ((t.knight[to.usize()] & pos.by_role(Role::Knight))
            | (t.king[to.usize()] & pos.by_role(Role::King))
            | (t.pawn[Color::White.index()][to.usize()]
                & pos.by_piece(Piece {
                    color: Color::Black,
                    role: Role::Pawn,
                }))
            | (t.pawn[Color::Black.index()][to.usize()]
                & pos.by_piece(Piece {
                    color: Color::White,
                    role: Role::Pawn,
                }))
            | (t.bishop_attacks(to, occupied) & diagonal)
            | (t.rook_attacks(to, occupied) & straight))
            & occupied;
        let ours = attackers & pos.by_color(side);
        let Some((role, from)) = CHEAPEST_FIRST.iter().find_map(|&r| {
            let set = ours & pos.by_role(r);
            set.squares().next().map(|s| (r, s))
        }) else {
            break;
        };
        // A king may not take into the other side's attack.
        if role == Role::King && (attackers & pos.by_color(!side) & occupied).any() {
            break;
        }
        if depth + 1 >= gains.len() {
            break;
        }
        depth += 1;
        // This side's balance if the exchange stops after its capture.
        gains[depth] = value(on_square) - gains[depth - 1];
        on_square = role;
        occupied &= !G::Bits::from_square(from);
        side = !side;
    }
    // Each side, from the last capture back, either makes its capture or stops before it.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::exchange;
    use boomchess_rules::{Options, Variant, VariantPosition};

    /// The exchange value of the move `uci` in `fen`, with the engine's Beirut values.
    fn see(fen: &str, uci: &str) -> i32 {
        let pos = VariantPosition::from_fen(Variant::Beirut, Options::default(), fen).unwrap();
        let m = pos.parse_uci(uci).unwrap();
        let VariantPosition::Eight(p) = pos else {
            unreachable!()
        };
        exchange(&p, m, &crate::piece_values(Variant::Beirut, false))
    }

    #[test]
    fn an_undefended_pawn_is_won() {
        assert_eq!(
            see("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
    }

    #[test]
    fn a_queen_taking_a_pawn_defended_by_a_pawn_loses_the_queen_for_it() {
        assert_eq!(see("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), 100 - 950);
    }

    /// Knight takes pawn; knight takes knight, rook takes knight, bishop takes rook, queen (behind
    /// the rook) takes bishop, queen (behind the bishop) takes queen: White does best to stop
    /// after the first recapture, losing the knight for the pawn.
    #[test]
    fn x_rays_join_the_exchange_and_each_side_stops_when_it_pays() {
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert_eq!(see(fen, "d3e5"), 100 - 320);
    }

    #[test]
    fn a_king_recaptures_only_an_undefended_man() {
        assert_eq!(see("4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1", "d1d7"), 100 - 500);
        assert_eq!(see("4k3/3p4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 100);
    }
}
