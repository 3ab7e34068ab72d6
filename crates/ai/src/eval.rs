//! Static evaluation that knows the three games. On 8×8 (Beirut, and the orthodox chess it is
//! without carriers) the men's placement is judged by a network trained on the engine's games
//! (`nnue.rs`), and the blasts by Beirut's own terms (men that may carry a bomb next to a king,
//! known carriers near the enemy king). On 10×10: material (missiles and bombers included),
//! piece placement and mobility, pawns, king safety against ordinary attacks and against blasts
//! (Stratomic missiles that could launch at the pieces around a king), launch availability and
//! bomber lines.

use crate::nnue::Network;
use boomchess_rules::{
    Bits, Color, Geometry, Piece, Position, Role, Square, Variant, ROOK_DIRECTIONS,
};
use core::marker::PhantomData;

/// Piece values in centipawns for `variant`, indexed by [`Role::index`].
pub fn piece_values(variant: Variant, super_knights: bool) -> [i32; 8] {
    // King, Queen, Rook, Bishop, Knight, Pawn, Missile, Bomber.
    match variant {
        Variant::Beirut => [0, 950, 500, 330, 320, 100, 0, 0],
        // On 10x10 a knight covers less of the board; a missile steps like
        // a king and can be launched, which makes it worth about a rook
        // once launches are unlocked (see `LAUNCH_BONUS`).
        Variant::Stratomic => [0, 1000, 520, 345, 290, 100, 420, 0],
        Variant::FlyingBombers => {
            let knight = if super_knights { 360 } else { 290 };
            [0, 1000, 520, 345, knight, 100, 0, 650]
        }
    }
}

/// Extra value of a missile while launches are unlocked.
pub const LAUNCH_BONUS: i32 = 60;
/// Extra value of one of our own (known) Beirut bomb carriers.
pub const CARRIER_BONUS: i32 = 60;

/// Evaluation tables for one game on one board size.
#[derive(Clone, Debug)]
pub(crate) struct Evaluator<G: Geometry> {
    pub values: [i32; 8],
    variant: Variant,
    /// How much enemy men near a Beirut king are feared: the game's number of carriers (at
    /// most three), 0 when nobody can have one (orthodox chess).
    carriers_option: i32,
    /// Whether the men's placement is the network's to judge (the 8×8 board).
    network: bool,
    /// Centralisation, 0 at the rim growing towards the centre.
    centre: [i32; 128],
    back_rank: u8,
    /// Sum of both sides' non-pawn, non-king material at the start.
    full_phase: i32,
    /// For a pawn of each colour on each square, the squares ahead of it on its file and the
    /// files beside: it is passed when no enemy pawn stands there.
    front_span: [[G::Bits; 128]; 2],
    /// A pawn's bonus for its advance on each square, by colour; and the extra of a passed one.
    pawn_advance: [[i32; 128]; 2],
    pawn_passed: [[i32; 128]; 2],
    /// The squares two steps (as a king steps) from each square.
    second_ring: [G::Bits; 128],
    _board: PhantomData<G>,
}

const ALL_ROLES: [Role; 7] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
    Role::Missile,
    Role::Bomber,
];

/// The men of one side that attack the enemy king's zone (its square and those around it), and
/// their weight by role.
#[derive(Default)]
struct KingPressure {
    attackers: i32,
    weight: i32,
}

impl KingPressure {
    /// Counts a man attacking the squares `attacks` with `weight`, if any is in `zone`.
    #[inline]
    fn add<B: Bits>(&mut self, attacks: B, zone: B, weight: i32) {
        if (attacks & zone).any() {
            self.attackers += 1;
            self.weight += weight;
        }
    }
}

/// King-zone attack penalty by the weighted number of attackers.
const KING_ATTACK: [i32; 12] = [0, 0, 12, 30, 55, 85, 120, 160, 200, 240, 280, 320];

impl<G: Geometry> Evaluator<G> {
    /// The evaluator of `variant`, where `carriers_option` carriers a side are to be feared
    /// (0: none can exist).
    pub fn new(variant: Variant, carriers_option: u8, super_knights: bool) -> Self {
        let mut centre = [0; 128];
        let (f, r) = (i32::from(G::FILES), i32::from(G::RANKS));
        for (i, c) in centre.iter_mut().enumerate().take(G::SQUARES) {
            let sq = Square::from_index(i as u8);
            let df = (2 * i32::from(G::file(sq)) - (f - 1)).abs();
            let dr = (2 * i32::from(G::rank(sq)) - (r - 1)).abs();
            // 0 on the rim, (f-1)/2 in the centre.
            *c = (f - 1 - df.max(dr)) / 2 + (f - 1 - (df + dr) / 2) / 4;
        }
        let (pawn_start, promotion, back_rank) = match variant {
            Variant::Beirut => (1, 7, 0),
            Variant::Stratomic => (2, 8, 1),
            Variant::FlyingBombers => (1, 9, 0),
        };
        let values = piece_values(variant, super_knights);
        let per_side: i32 = match variant {
            Variant::Beirut => values[1] + 2 * (values[2] + values[3] + values[4]),
            Variant::Stratomic => values[1] + 2 * (values[2] + values[3] + values[4] + values[6]),
            Variant::FlyingBombers => {
                values[1] + 2 * (values[2] + values[3] + values[4] + values[7])
            }
        };
        let t = G::tables();
        let mut front_span = [[G::Bits::EMPTY; 128]; 2];
        let (mut pawn_advance, mut pawn_passed) = ([[0; 128]; 2], [[0; 128]; 2]);
        let mut second_ring = [G::Bits::EMPTY; 128];
        for i in 0..G::SQUARES {
            let sq = Square::from_index(i as u8);
            let around = t.king[i] | G::Bits::from_square(sq);
            let two = around
                .squares()
                .fold(G::Bits::EMPTY, |acc, s| acc | t.king[s.usize()]);
            second_ring[i] = two & !around;
            let file = usize::from(G::file(sq));
            let files = t.files[file.saturating_sub(1)..=(file + 1).min(usize::from(G::FILES) - 1)]
                .iter()
                .fold(G::Bits::EMPTY, |acc, &f| acc | f);
            for c in Color::ALL {
                let ahead = (0..G::RANKS)
                    .filter(|&r| {
                        let square = G::square(G::file(sq), r);
                        Self::relative_rank(c, square) > Self::relative_rank(c, sq)
                    })
                    .fold(G::Bits::EMPTY, |acc, r| acc | t.ranks[usize::from(r)]);
                front_span[c.index()][i] = files & ahead;
                let (advance, passed) = Self::pawn_terms(c, sq, pawn_start, promotion);
                pawn_advance[c.index()][i] = advance;
                pawn_passed[c.index()][i] = passed;
            }
        }
        Evaluator {
            front_span,
            pawn_advance,
            pawn_passed,
            second_ring,
            values,
            variant,
            carriers_option: i32::from(carriers_option.min(3)),
            network: variant == Variant::Beirut,
            centre,
            back_rank,
            full_phase: 2 * per_side,
            _board: PhantomData,
        }
    }

    /// The value of whatever stands on `sq` (0 for a king or an empty square).
    #[inline]
    pub fn value_at(&self, pos: &Position<G>, sq: Square) -> i32 {
        pos.role_at(sq).map_or(0, |r| self.values[r.index()])
    }

    #[inline]
    fn relative_rank(color: Color, sq: Square) -> u8 {
        match color {
            Color::White => G::rank(sq),
            Color::Black => G::RANKS - 1 - G::rank(sq),
        }
    }

    /// Whether this game's evaluation is the 8×8 network's (plus Beirut's own terms), which
    /// the search computes incrementally and hands to [`with_network`](Self::with_network).
    pub fn uses_network(&self) -> bool {
        self.network
    }

    /// The evaluation given the network's judgement of `pos` (see
    /// [`uses_network`](Self::uses_network)).
    #[inline]
    pub fn with_network(&self, pos: &Position<G>, network: i32) -> i32 {
        network + self.beirut_terms(pos)
    }

    /// The evaluation in centipawns from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position<G>) -> i32 {
        if self.uses_network() {
            return self.with_network(pos, Network::shipped().evaluate(pos));
        }
        let t = G::tables();
        let occ = pos.occupied();
        let kings = pos.by_role(Role::King);
        let mut phase = 0;
        for role in [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Missile,
            Role::Bomber,
        ] {
            phase += pos.by_role(role).count() as i32 * self.values[role.index()];
        }
        // 256 = opening, 0 = bare endgame.
        let phase = (phase * 256 / self.full_phase.max(1)).min(256);
        let pawns = pos.by_role(Role::Pawn);
        let mut score = [0i32; 2];
        for c in Color::ALL {
            let own = pos.by_color(c);
            let them = pos.by_color(!c);
            let enemy_king = pos.king_of(!c);
            let enemy_zone = enemy_king.map_or(G::Bits::EMPTY, |k| {
                t.king[k.usize()] | G::Bits::from_square(k)
            });
            let mut s = 0;
            for role in ALL_ROLES {
                s += (pos.by_role(role) & own).count() as i32 * self.values[role.index()];
            }
            // Each role in a loop of its own: no choice to make per man.
            let mut pressure = KingPressure::default();
            let (own_pawns, enemy_pawns) = (pawns & own, pawns & them);
            s += own_pawns
                .squares()
                .map(|sq| self.pawn_bonus(c, sq, enemy_pawns))
                .sum::<i32>();
            (pos.by_role(Role::Knight) & own).squares().for_each(|sq| {
                let a = pos.knight_leaps(t, sq);
                s += 5 * self.centre[sq.usize()] + 3 * (a & !own).count() as i32;
                pressure.add(a, enemy_zone, 2);
            });
            (pos.by_role(Role::Bishop) & own).squares().for_each(|sq| {
                let a = t.bishop_attacks(sq, occ);
                s += 2 * self.centre[sq.usize()] + 4 * (a & !own).count() as i32;
                pressure.add(a, enemy_zone, 2);
            });
            (pos.by_role(Role::Rook) & own).squares().for_each(|sq| {
                let a = t.rook_attacks(sq, occ);
                s += 2 * (a & !own).count() as i32;
                let file = t.files[usize::from(G::file(sq))];
                if (file & own_pawns).is_empty() {
                    s += if (file & pawns).is_empty() { 20 } else { 10 };
                }
                pressure.add(a, enemy_zone, 3);
            });
            (pos.by_role(Role::Queen) & own).squares().for_each(|sq| {
                let a = t.rook_attacks(sq, occ) | t.bishop_attacks(sq, occ);
                s += self.centre[sq.usize()] + (a & !own).count() as i32;
                pressure.add(a, enemy_zone, 4);
            });
            let missiles = pos.by_role(Role::Missile) & own;
            if missiles.any() && pos.launches_unlocked() {
                s += missiles.count() as i32 * LAUNCH_BONUS;
            }
            missiles.squares().for_each(|sq| {
                s += 3 * self.centre[sq.usize()];
                pressure.add(t.king[sq.usize()], enemy_zone, 1);
            });
            (pos.by_role(Role::Bomber) & own).squares().for_each(|sq| {
                let (a, threats) = self.bomber_lines(pos, sq, them);
                s += 3 * (a & !occ).count() as i32 + threats;
                pressure.add(a | t.dabbaba[sq.usize()], enemy_zone, 3);
            });
            let KingPressure {
                attackers,
                weight: attack_weight,
            } = pressure;
            // Pressure on the enemy king.
            if attackers >= 2 {
                let w = (attack_weight as usize).min(KING_ATTACK.len() - 1);
                s += KING_ATTACK[w] * phase / 256;
            }
            if let Some(k) = pos.king_of(c) {
                s += self.king_placement(pos, c, k, phase);
                s += self.blast_safety(pos, k, own, them, kings);
            }
            if self.variant == Variant::Beirut {
                s += self.carrier_terms(pos, c, enemy_king);
            }
            score[c.index()] = s;
        }
        let us = pos.turn();
        score[us.index()] - score[(!us).index()] + 10
    }

    /// Beirut's own terms, for the side to move: blasts near each king, known carriers.
    fn beirut_terms(&self, pos: &Position<G>) -> i32 {
        let kings = pos.by_role(Role::King);
        let mut score = [0; 2];
        for c in Color::ALL {
            let (own, them) = (pos.by_color(c), pos.by_color(!c));
            let enemy_king = pos.king_of(!c);
            let mut s = self.carrier_terms(pos, c, enemy_king);
            if let Some(k) = pos.king_of(c) {
                s += self.blast_safety(pos, k, own, them, kings);
            }
            score[c.index()] = s;
        }
        let us = pos.turn();
        score[us.index()] - score[(!us).index()]
    }

    #[inline]
    fn pawn_bonus(&self, c: Color, sq: Square, enemy_pawns: G::Bits) -> i32 {
        let (c, i) = (c.index(), sq.usize() & 127);
        // Passed pawn: no enemy pawn ahead on this or a neighbouring file.
        let passed = (self.front_span[c][i] & enemy_pawns).is_empty();
        self.pawn_advance[c][i] + if passed { self.pawn_passed[c][i] } else { 0 }
    }

    /// The bonus of a pawn of `c` on `sq` for its advance from `pawn_start` towards
    /// `promotion` (relative ranks), and the extra it earns when passed.
    fn pawn_terms(c: Color, sq: Square, pawn_start: u8, promotion: u8) -> (i32, i32) {
        let rel = i32::from(Self::relative_rank(c, sq));
        let start = i32::from(pawn_start);
        let total = (i32::from(promotion) - start).max(1);
        let progress = (rel - start).max(0);
        let mut advance = progress * progress * 50 / (total * total);
        let file = i32::from(G::file(sq));
        // Centre pawns a little forward are good.
        let centre_file = (2 * file - (i32::from(G::FILES) - 1)).abs() <= 3;
        if centre_file && progress >= 1 {
            advance += 8;
        }
        (advance, 10 + progress * progress * 90 / (total * total))
    }

    fn king_placement(&self, pos: &Position<G>, c: Color, k: Square, phase: i32) -> i32 {
        let t = G::tables();
        let rel = i32::from(Self::relative_rank(c, k)) - i32::from(self.back_rank);
        let file = i32::from(G::file(k));
        let files = i32::from(G::FILES);
        // Middlegame: stay home, towards a wing, behind pawns.
        let mut mg = -30 * rel.abs();
        let from_centre = (2 * file - (files - 1)).abs();
        if from_centre >= files / 2 {
            mg += 15;
        }
        let shield = (t.king[k.usize()]
            & pos.by_piece(Piece {
                color: c,
                role: Role::Pawn,
            }))
        .count() as i32;
        mg += 8 * shield.min(3);
        // Endgame: centralise.
        let eg = 8 * self.centre[k.usize()];
        (mg * phase + eg * (256 - phase)) / 256
    }

    /// Dangers to the men around `c`'s king from explosions.
    fn blast_safety(
        &self,
        pos: &Position<G>,
        k: Square,
        own: G::Bits,
        them: G::Bits,
        kings: G::Bits,
    ) -> i32 {
        let t = G::tables();
        let around = t.king[k.usize()];
        match self.variant {
            Variant::Beirut => {
                // Any enemy man might carry a bomb: enemy men next to our
                // king are a danger whatever we know, the more carriers the
                // game has.
                let near = (around & them & !kings).count() as i32;
                let ring2 = (self.second_ring[k.usize()] & them & !kings).count() as i32;
                -(near * 18 + ring2 * 4) * self.carriers_option
            }
            Variant::Stratomic => {
                // Kings are immune to blasts, the men around them are not:
                // enemy missiles could launch at them.
                let missiles = (pos.by_role(Role::Missile) & them).count() as i32;
                if missiles == 0 {
                    return 0;
                }
                // Counted a role at a time: no square asked what stands on it.
                let near = around & own & !kings;
                let exposed: i32 = ALL_ROLES
                    .iter()
                    .map(|&r| (pos.by_role(r) & near).count() as i32 * self.values[r.index()])
                    .sum();
                let weight = if pos.launches_unlocked() { 2 } else { 1 };
                -(exposed.min(1500) * missiles.min(2) * weight) / 40
            }
            Variant::FlyingBombers => {
                // Enemy bombers on our king's lines with at most one piece
                // between them and the king.
                let occ = pos.occupied();
                let bombers = pos.by_role(Role::Bomber) & them & t.rook_rays[k.usize()];
                let mut s = 0;
                for b in bombers.squares() {
                    if !(t.between(b, k) & occ).more_than_one() {
                        s -= 30;
                    }
                }
                s
            }
        }
    }

    /// A bomber's lines, walked once for both what they give: the squares it attacks as a rook
    /// does, and its bombing threats (along each line, the first piece met is an enemy with an
    /// empty square beyond it).
    fn bomber_lines(&self, pos: &Position<G>, sq: Square, them: G::Bits) -> (G::Bits, i32) {
        let t = G::tables();
        let occ = pos.occupied();
        let (mut attacks, mut threats) = (G::Bits::EMPTY, 0);
        for &d in &ROOK_DIRECTIONS {
            let ray = t.rays[d][sq.usize()];
            let Some(first) = t.first_blocker(d, sq, occ) else {
                attacks |= ray;
                continue;
            };
            let beyond = t.rays[d][first.usize()];
            attacks |= ray ^ beyond;
            // The square right behind the first piece, on the same line.
            let behind = beyond & t.king[first.usize()];
            if them.has(first) && (behind & !occ).any() {
                threats += self.value_at(pos, first) / 12;
            }
        }
        (attacks, threats)
    }

    /// Beirut: our own known carriers are worth keeping, and worth more
    /// near the enemy king.
    fn carrier_terms(&self, pos: &Position<G>, c: Color, enemy_king: Option<Square>) -> i32 {
        let mut s = 0;
        for sq in pos.carriers(c).squares() {
            s += CARRIER_BONUS;
            if let Some(k) = enemy_king {
                let d = G::file(sq)
                    .abs_diff(G::file(k))
                    .max(G::rank(sq).abs_diff(G::rank(k)));
                s += match d {
                    0 | 1 => 150,
                    2 => 60,
                    3 => 20,
                    _ => 0,
                };
            }
        }
        s
    }
}
