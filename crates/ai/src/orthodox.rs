//! The 8×8 evaluation's chess knowledge (Beirut, and the orthodox chess it is without carriers):
//! a sum of named terms, each a count in the position times a middle-game and an end-game weight,
//! blended by the material left (the phase). Being linear in its weights, it can be fitted to
//! game results (Texel tuning: `examples/tune.rs`); the weights are in `orthodox_weights.rs`.
//!
//! The terms are counted by one function, [`Orthodox::terms`], for the engine (which sums them
//! with the weights) and for the tuner (which records the counts), so the two cannot disagree.

use boomchess_rules::{Bits, Color, Geometry, Position, Role, Square};

/// Men with a material term, in this order.
const MATERIAL_ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// One group of terms: a name and how many terms it has.
pub(crate) struct Group {
    pub name: &'static str,
    pub len: usize,
    pub doc: &'static str,
}

/// The groups of terms, in the order of the weights.
pub(crate) const GROUPS: [Group; 19] = [
    Group { name: "MATERIAL", len: 5, doc: "a pawn, knight, bishop, rook, queen" },
    Group { name: "PLACEMENT", len: 6 * 32, doc: "a pawn, knight, bishop, rook, queen, king on each square of a half board (rank from its own side × file from the nearer edge)" },
    Group { name: "KNIGHT_MOBILITY", len: 9, doc: "a knight reaching 0..8 squares that hold no man of its side nor an enemy pawn's target" },
    Group { name: "BISHOP_MOBILITY", len: 14, doc: "a bishop reaching 0..13 such squares" },
    Group { name: "ROOK_MOBILITY", len: 15, doc: "a rook reaching 0..14 such squares" },
    Group { name: "QUEEN_MOBILITY", len: 28, doc: "a queen reaching 0..27 such squares" },
    Group { name: "BISHOP_PAIR", len: 1, doc: "two bishops or more" },
    Group { name: "DOUBLED_PAWN", len: 1, doc: "a pawn with a pawn of its side ahead on its file" },
    Group { name: "ISOLATED_PAWN", len: 1, doc: "a pawn without a pawn of its side on the files beside" },
    Group { name: "PROTECTED_PAWN", len: 1, doc: "a pawn defended by a pawn of its side" },
    Group { name: "PASSED_PAWN", len: 8, doc: "a passed pawn on each rank from its own side" },
    Group { name: "ROOK_OPEN_FILE", len: 1, doc: "a rook on a file without pawns" },
    Group { name: "ROOK_HALF_OPEN_FILE", len: 1, doc: "a rook on a file with enemy pawns only" },
    Group { name: "KING_SHIELD", len: 1, doc: "a pawn of the king's side next to it, at most three" },
    Group { name: "KING_ATTACK", len: 12, doc: "two or more men attacking the squares around the enemy king, by their summed weight (queen 4, rook 3, minor 2)" },
    Group { name: "PAWN_THREAT", len: 1, doc: "a man other than a pawn attacked by an enemy pawn" },
    Group { name: "TEMPO", len: 1, doc: "the side to move" },
    Group { name: "THREAT", len: 20, doc: "an enemy pawn, knight, bishop, rook or queen attacked by a minor, a rook, a queen or the king of the side, when it is undefended or worth more than its attacker (attacker × victim)" },
    Group { name: "SAFE_CHECK", len: 4, doc: "a square from which a knight, bishop, rook or queen of the side could check the enemy king, not attacked by the enemy nor held by the side" },
];

/// Where each group's terms start.
const fn start(group: usize) -> usize {
    let mut i = 0;
    let mut s = 0;
    while i < group {
        s += GROUPS[i].len;
        i += 1;
    }
    s
}

const MATERIAL: usize = start(0);
const PLACEMENT: usize = start(1);
const MOBILITY: [usize; 4] = [start(2), start(3), start(4), start(5)];
const BISHOP_PAIR: usize = start(6);
const DOUBLED_PAWN: usize = start(7);
const ISOLATED_PAWN: usize = start(8);
const PROTECTED_PAWN: usize = start(9);
const PASSED_PAWN: usize = start(10);
const ROOK_OPEN_FILE: usize = start(11);
const ROOK_HALF_OPEN_FILE: usize = start(12);
const KING_SHIELD: usize = start(13);
const KING_ATTACK: usize = start(14);
const PAWN_THREAT: usize = start(15);
const TEMPO: usize = start(16);
const THREAT: usize = start(17);
const SAFE_CHECK: usize = start(18);
/// The number of terms.
pub(crate) const TERMS: usize = start(GROUPS.len());

/// The phase of a full board: knights and bishops 1, rooks 2, queens 4.
pub(crate) const FULL_PHASE: i32 = 24;

/// Receives the terms of a position: `count` times term `index`, for `color`.
pub(crate) trait Terms {
    fn add(&mut self, color: Color, index: usize, count: i32);
}

/// A term's two weights in one number, the end game's in the high 32 bits: one addition sums
/// both.
pub(crate) type Packed = i64;

/// `weights` packed for [`Orthodox::evaluate`].
pub(crate) const fn pack(weights: &[[i32; 2]; TERMS]) -> [Packed; TERMS] {
    let mut packed = [0; TERMS];
    let mut i = 0;
    while i < TERMS {
        packed[i] = ((weights[i][1] as i64) << 32) + weights[i][0] as i64;
        i += 1;
    }
    packed
}

/// Sums the terms with weights (the engine's evaluation), one sum for each colour.
struct Sum<'a> {
    weights: &'a [Packed; TERMS],
    sums: [Packed; 2],
}

impl Terms for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, color: Color, index: usize, count: i32) {
        self.sums[color.index()] += Packed::from(count) * self.weights[index];
    }
}

/// Square tables for the terms, made once for a board.
#[derive(Clone, Debug)]
pub(crate) struct Orthodox<G: Geometry> {
    /// The squares ahead of a pawn of each colour on its file and the files beside.
    front_span: [[G::Bits; 128]; 2],
    /// The squares ahead of a pawn of each colour on its own file.
    file_ahead: [[G::Bits; 128]; 2],
    /// The files beside each square's file.
    beside: [G::Bits; 128],
}

impl<G: Geometry> Orthodox<G> {
    pub fn new() -> Self {
        let t = G::tables();
        let mut front_span = [[G::Bits::EMPTY; 128]; 2];
        let mut file_ahead = [[G::Bits::EMPTY; 128]; 2];
        let mut beside = [G::Bits::EMPTY; 128];
        for i in 0..G::SQUARES {
            let sq = Square::from_index(i as u8);
            let file = usize::from(G::file(sq));
            let last = usize::from(G::FILES) - 1;
            beside[i] = (file.saturating_sub(1)..=(file + 1).min(last))
                .filter(|&f| f != file)
                .fold(G::Bits::EMPTY, |acc, f| acc | t.files[f]);
            for c in Color::ALL {
                let ahead = (0..G::RANKS)
                    .filter(|&r| {
                        relative_rank::<G>(c, G::square(G::file(sq), r)) > relative_rank::<G>(c, sq)
                    })
                    .fold(G::Bits::EMPTY, |acc, r| acc | t.ranks[usize::from(r)]);
                file_ahead[c.index()][i] = ahead & t.files[file];
                front_span[c.index()][i] = ahead & (t.files[file] | beside[i]);
            }
        }
        Orthodox {
            front_span,
            file_ahead,
            beside,
        }
    }

    /// The phase: 0 (bare kings and pawns) to [`FULL_PHASE`] (all pieces).
    pub fn phase(pos: &Position<G>) -> i32 {
        let count = |r: Role| pos.by_role(r).count() as i32;
        (count(Role::Knight) + count(Role::Bishop) + 2 * count(Role::Rook) + 4 * count(Role::Queen))
            .min(FULL_PHASE)
    }

    /// The evaluation in centipawns for the side to move.
    #[inline]
    pub fn evaluate(&self, pos: &Position<G>, weights: &[Packed; TERMS]) -> i32 {
        let mut sum = Sum {
            weights,
            sums: [0; 2],
        };
        self.terms(pos, &mut sum);
        let total = sum.sums[Color::White.index()] - sum.sums[Color::Black.index()];
        let mg = total as i32;
        let eg = ((total - Packed::from(mg)) >> 32) as i32;
        let phase = Self::phase(pos);
        let white = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
        if pos.turn() == Color::White {
            white
        } else {
            -white
        }
    }

    /// Counts every term of `pos` into `out`.
    #[inline]
    pub fn terms<T: Terms>(&self, pos: &Position<G>, out: &mut T) {
        let t = G::tables();
        let occ = pos.occupied();
        let pawns = pos.by_role(Role::Pawn);
        out.add(pos.turn(), TEMPO, 1);
        // The squares each side's men attack, by the attacker's role (the threats and checks
        // below need both sides' before either is counted).
        let mut attacks_by = [[G::Bits::EMPTY; 6]; 2];
        for c in Color::ALL {
            let own = pos.by_color(c);
            let them = pos.by_color(!c);
            let own_pawns = pawns & own;
            let enemy_pawns = pawns & them;
            let mut pawn_targets = G::Bits::EMPTY;
            for s in enemy_pawns.squares() {
                pawn_targets |= t.pawn[(!c).index()][s.usize()];
            }
            attacks_by[(!c).index()][Role::Pawn.index()] = pawn_targets;
            let enemy_zone = pos.king_of(!c).map_or(G::Bits::EMPTY, |k| {
                t.king[k.usize()] | G::Bits::from_square(k)
            });
            let (mut attackers, mut attack_weight) = (0, 0);
            for (m, role) in MATERIAL_ROLES.into_iter().enumerate() {
                let set = pos.by_role(role) & own;
                let n = set.count() as i32;
                if n == 0 {
                    continue;
                }
                out.add(c, MATERIAL + m, n);
                for sq in set.squares() {
                    let i = sq.usize();
                    out.add(c, PLACEMENT + 32 * m + table_square::<G>(c, sq), 1);
                    let attacks = match role {
                        Role::Pawn => {
                            self.pawn_terms(c, sq, own_pawns, enemy_pawns, out);
                            continue;
                        }
                        Role::Knight => t.knight[i],
                        Role::Bishop => t.bishop_attacks(sq, occ),
                        Role::Rook => {
                            let file = t.files[usize::from(G::file(sq))];
                            if (file & pawns).is_empty() {
                                out.add(c, ROOK_OPEN_FILE, 1);
                            } else if (file & own_pawns).is_empty() {
                                out.add(c, ROOK_HALF_OPEN_FILE, 1);
                            }
                            t.rook_attacks(sq, occ)
                        }
                        _ => t.rook_attacks(sq, occ) | t.bishop_attacks(sq, occ),
                    };
                    attacks_by[c.index()][role.index()] |= attacks;
                    let reach = (attacks & !own & !pawn_targets).count() as usize;
                    let group = m - 1;
                    out.add(c, MOBILITY[group] + reach.min(GROUPS[2 + group].len - 1), 1);
                    if pawn_targets.has(sq) {
                        out.add(c, PAWN_THREAT, 1);
                    }
                    if (attacks & enemy_zone).any() {
                        attackers += 1;
                        attack_weight += match role {
                            Role::Queen => 4,
                            Role::Rook => 3,
                            _ => 2,
                        };
                    }
                }
            }
            if (pos.by_role(Role::Bishop) & own).more_than_one() {
                out.add(c, BISHOP_PAIR, 1);
            }
            if attackers >= 2 {
                out.add(c, KING_ATTACK + attack_weight.min(GROUPS[14].len - 1), 1);
            }
            if let Some(k) = pos.king_of(c) {
                out.add(c, PLACEMENT + 32 * 5 + table_square::<G>(c, k), 1);
                attacks_by[c.index()][Role::King.index()] = t.king[k.usize()];
                let shield = (t.king[k.usize()] & own_pawns).count() as i32;
                if shield > 0 {
                    out.add(c, KING_SHIELD, shield.min(3));
                }
            }
        }
        for c in Color::ALL {
            self.threat_terms(pos, c, &attacks_by, out);
        }
    }

    /// The threats of `c`'s men on enemy men and its safe checks on the enemy king, from both
    /// sides' attacks by role.
    fn threat_terms<T: Terms>(
        &self,
        pos: &Position<G>,
        c: Color,
        attacks_by: &[[G::Bits; 6]; 2],
        out: &mut T,
    ) {
        let t = G::tables();
        let mine = &attacks_by[c.index()];
        let theirs = &attacks_by[(!c).index()];
        let defended = theirs.iter().fold(G::Bits::EMPTY, |acc, &a| acc | a);
        let them = pos.by_color(!c);
        // Attackers by class (a minor, a rook, a queen, the king) with their worth: a victim
        // worth no more than its attacker counts only undefended.
        let minors = mine[Role::Knight.index()] | mine[Role::Bishop.index()];
        let attackers = [
            (minors, 3),
            (mine[Role::Rook.index()], 5),
            (mine[Role::Queen.index()], 9),
            (mine[Role::King.index()], i32::MAX),
        ];
        for (v, (victim, worth)) in [
            (Role::Pawn, 1),
            (Role::Knight, 3),
            (Role::Bishop, 3),
            (Role::Rook, 5),
            (Role::Queen, 9),
        ]
        .into_iter()
        .enumerate()
        {
            let victims = pos.by_role(victim) & them;
            if victims.is_empty() {
                continue;
            }
            for (a, &(attacked, attacker_worth)) in attackers.iter().enumerate() {
                let open = if worth > attacker_worth {
                    victims
                } else {
                    victims & !defended
                };
                let n = (open & attacked).count() as i32;
                if n > 0 {
                    out.add(c, THREAT + 5 * a + v, n);
                }
            }
        }
        let Some(king) = pos.king_of(!c) else {
            return;
        };
        let occ = pos.occupied();
        let safe = !defended & !pos.by_color(c);
        let diagonal = t.bishop_attacks(king, occ);
        let straight = t.rook_attacks(king, occ);
        for (i, (role, checks)) in [
            (Role::Knight, t.knight[king.usize()]),
            (Role::Bishop, diagonal),
            (Role::Rook, straight),
            (Role::Queen, diagonal | straight),
        ]
        .into_iter()
        .enumerate()
        {
            let n = (mine[role.index()] & checks & safe).count() as i32;
            if n > 0 {
                out.add(c, SAFE_CHECK + i, n);
            }
        }
    }

    fn pawn_terms<T: Terms>(
        &self,
        c: Color,
        sq: Square,
        own_pawns: G::Bits,
        enemy_pawns: G::Bits,
        out: &mut T,
    ) {
        let t = G::tables();
        let i = sq.usize();
        if (self.file_ahead[c.index()][i] & own_pawns).any() {
            out.add(c, DOUBLED_PAWN, 1);
        }
        if (self.beside[i] & own_pawns).is_empty() {
            out.add(c, ISOLATED_PAWN, 1);
        }
        // The squares a pawn of the other colour would attack from here hold the pawns that
        // defend this one.
        if (t.pawn[(!c).index()][i] & own_pawns).any() {
            out.add(c, PROTECTED_PAWN, 1);
        }
        if (self.front_span[c.index()][i] & enemy_pawns).is_empty() {
            out.add(c, PASSED_PAWN + usize::from(relative_rank::<G>(c, sq)), 1);
        }
    }
}

/// The rank of `sq` counted from `color`'s side.
#[inline]
fn relative_rank<G: Geometry>(color: Color, sq: Square) -> u8 {
    match color {
        Color::White => G::rank(sq),
        Color::Black => G::RANKS - 1 - G::rank(sq),
    }
}

/// `sq` on the half board of a placement table: rank from `color`'s side, file from the nearer
/// edge.
#[inline]
fn table_square<G: Geometry>(color: Color, sq: Square) -> usize {
    let file = G::file(sq);
    let file = file.min(G::FILES - 1 - file);
    usize::from(relative_rank::<G>(color, sq)) * 4 + usize::from(file.min(3))
}

/// The terms of one position, White's counts less Black's, for fitting the weights.
#[derive(Clone, Debug, Default)]
pub struct TermCounts {
    /// The position's phase, 0 (no pieces) to 24 (all pieces).
    pub phase: i32,
    /// `(term, count)` for each term whose count is not zero.
    pub counts: Vec<(u16, i16)>,
}

/// Records counts (the tuner).
struct Record([i32; TERMS]);

impl Terms for Record {
    fn add(&mut self, color: Color, index: usize, count: i32) {
        self.0[index] += if color == Color::White { count } else { -count };
    }
}

/// The terms of an 8×8 position, White's less Black's.
pub fn term_counts(pos: &Position<boomchess_rules::Board8>) -> TermCounts {
    // The tables are made once, not for each of the tuner's positions.
    static TABLES: std::sync::OnceLock<Orthodox<boomchess_rules::Board8>> =
        std::sync::OnceLock::new();
    let mut record = Record([0; TERMS]);
    TABLES.get_or_init(Orthodox::new).terms(pos, &mut record);
    TermCounts {
        phase: Orthodox::phase(pos),
        counts: record
            .0
            .iter()
            .enumerate()
            .filter(|(_, &n)| n != 0)
            .map(|(i, &n)| (i as u16, n as i16))
            .collect(),
    }
}

/// The terms of the group named `name` (as in the weights file), if there is one.
pub fn group_terms(name: &str) -> Option<core::ops::Range<usize>> {
    let i = GROUPS.iter().position(|g| g.name == name)?;
    let first = start(i);
    Some(first..first + GROUPS[i].len)
}

/// The weights file for `weights` (`[middle game, end game]` of each term), as Rust source.
pub fn weights_source(weights: &[[i32; 2]]) -> String {
    let mut s = String::from(
        "//! The weights of the 8×8 evaluation's terms (`orthodox.rs`), `[middle game, end game]`\n\
         //! in centipawns, fitted to self-play results by `examples/tune.rs` (written by it).\n\n\
         use crate::orthodox::TERMS;\n\n\
         /// The weights, group after group as in `orthodox::GROUPS`.\n\
         #[rustfmt::skip]\n\
         pub(crate) const WEIGHTS: [[i32; 2]; TERMS] = [\n",
    );
    let mut i = 0;
    for g in &GROUPS {
        s.push_str(&format!("    // {}: {}.\n", g.name, g.doc));
        for row in weights[i..i + g.len].chunks(8) {
            s.push_str("    ");
            let cells: Vec<String> = row
                .iter()
                .map(|w| format!("[{}, {}],", w[0], w[1]))
                .collect();
            s.push_str(&cells.join(" "));
            s.push('\n');
        }
        i += g.len;
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::{pack, term_counts, Orthodox, Packed, TEMPO, TERMS};
    use crate::orthodox_weights::WEIGHTS;

    const PACKED: [Packed; TERMS] = pack(&WEIGHTS);
    use boomchess_rules::{Board8, Options, Position, Variant, VariantPosition};

    fn position(fen: &str) -> Position<Board8> {
        match VariantPosition::from_fen(Variant::Beirut, Options::default(), fen).unwrap() {
            VariantPosition::Eight(p) => p,
            VariantPosition::Ten(_) => unreachable!(),
        }
    }

    /// `fen` with the board turned round and the colours swapped: the same position for the
    /// other side.
    fn mirrored(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let board: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| rank.chars().map(swap).collect())
            .collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        let castling: String = if fields[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = fields[2].chars().map(swap).collect();
            c.sort();
            c.into_iter().collect()
        };
        let ep = if fields[3] == "-" {
            "-".to_string()
        } else {
            let (file, rank) = fields[3].split_at(1);
            format!("{file}{}", 9 - rank.parse::<u8>().unwrap())
        };
        format!(
            "{} {turn} {castling} {ep} {} {}",
            board.join("/"),
            fields[4],
            fields[5]
        )
    }

    #[test]
    fn at_the_start_only_the_move_counts() {
        let start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let terms = term_counts(&start);
        assert_eq!(terms.counts, vec![(TEMPO as u16, 1)]);
        assert_eq!(terms.phase, 24);
        assert_eq!(Orthodox::new().evaluate(&start, &PACKED), WEIGHTS[TEMPO][0]);
    }

    #[test]
    fn each_side_is_judged_alike() {
        for fen in [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 2 8",
            "8/5pk1/6p1/3P4/1p3P2/1P4PP/5K2/8 b - - 0 41",
            "2r3k1/1q3ppp/p3p3/1p1nP3/3Q4/1B3N2/PP3PPP/3R2K1 w - - 0 24",
            "rnbqkb1r/ppp2ppp/4pn2/3pP3/3P4/8/PPP2PPP/RNBQKBNR w KQkq d6 0 4",
        ] {
            let (a, b) = (position(fen), position(&mirrored(fen)));
            let o = Orthodox::new();
            assert_eq!(o.evaluate(&a, &PACKED), o.evaluate(&b, &PACKED), "{fen}");
            let negated: Vec<(u16, i16)> = term_counts(&b)
                .counts
                .iter()
                .map(|&(i, n)| (i, -n))
                .collect();
            assert_eq!(term_counts(&a).counts, negated, "{fen}");
        }
    }

    #[test]
    fn a_passed_pawn_an_isolated_pawn_and_a_doubled_pawn_are_counted() {
        // White: a passed pawn on d5 (no black pawn on c, d or e ahead of it), isolated; doubled
        // pawns on g2 and g3 (g2's own file has g3 ahead of it).
        let p = position("6k1/p7/8/3P4/8/6P1/6P1/6K1 w - - 0 1");
        let counts = term_counts(&p).counts;
        let count = |index: usize| {
            counts
                .iter()
                .find(|c| usize::from(c.0) == index)
                .map_or(0, |c| c.1)
        };
        assert_eq!(count(super::DOUBLED_PAWN), 1);
        // d5 and the two g-pawns are white's isolated pawns; a7 is black's.
        assert_eq!(count(super::ISOLATED_PAWN), 3 - 1);
        // d5 is passed on its fifth rank (index 4); a7 on black's second (index 1) is passed too.
        assert_eq!(count(super::PASSED_PAWN + 4), 1);
        assert_eq!(count(super::PASSED_PAWN + 1), -1 + 1);
    }
    /// The count of term `index` (White's less Black's) in `fen`.
    fn count_in(fen: &str, index: usize) -> i16 {
        term_counts(&position(fen))
            .counts
            .iter()
            .find(|c| usize::from(c.0) == index)
            .map_or(0, |c| c.1)
    }

    #[test]
    fn threats_count_undefended_men_and_men_worth_more_than_their_attacker() {
        use super::THREAT;
        let (minor, king) = (0, 3);
        let (pawn, bishop, rook) = (0, 2, 3);
        // A knight on e4 attacks a rook on d6: worth more, so it counts defended or not.
        assert_eq!(
            count_in(
                "4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1",
                THREAT + 5 * minor + rook
            ),
            1
        );
        assert_eq!(
            count_in(
                "4k3/2p5/3r4/8/4N3/8/8/4K3 w - - 0 1",
                THREAT + 5 * minor + rook
            ),
            1
        );
        // A bishop on d6 is worth as much: it counts only while c7's pawn does not defend it.
        assert_eq!(
            count_in(
                "4k3/8/3b4/8/4N3/8/8/4K3 w - - 0 1",
                THREAT + 5 * minor + bishop
            ),
            1
        );
        assert_eq!(
            count_in(
                "4k3/2p5/3b4/8/4N3/8/8/4K3 w - - 0 1",
                THREAT + 5 * minor + bishop
            ),
            0
        );
        // The king threatens an undefended pawn beside it (not one a5's bishop defends);
        // Black's threats count against.
        assert_eq!(
            count_in("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", THREAT + 5 * king + pawn),
            1
        );
        assert_eq!(
            count_in("8/8/8/3Pk3/8/8/8/4K3 w - - 0 1", THREAT + 5 * king + pawn),
            -1
        );
        assert_eq!(
            count_in("4k3/8/8/b7/8/8/3p4/4K3 w - - 0 1", THREAT + 5 * king + pawn),
            0
        );
    }

    #[test]
    fn safe_checks_are_squares_the_enemy_does_not_attack() {
        use super::SAFE_CHECK;
        let (knight, rook) = (0, 2);
        // The knight on e4 can check from d6 (taking the rook, which nothing defends) but not
        // from f6 (the rook guards it).
        assert_eq!(
            count_in("4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1", SAFE_CHECK + knight),
            1
        );
        // Black's rook could check from d1, but White's king guards it.
        assert_eq!(
            count_in("4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1", SAFE_CHECK + rook),
            0
        );
        // Against a king on f2 the rook can check from d2 and from f6, neither guarded.
        assert_eq!(
            count_in("4k3/8/3r4/8/8/8/5K2/8 w - - 0 1", SAFE_CHECK + rook),
            -2
        );
    }
}

#[cfg(test)]
mod packing {
    use super::{pack, Orthodox, TERMS};
    use boomchess_rules::{Board8, Color, Options, Position, Variant, VariantPosition};

    /// Packed sums unpack to the same middle- and end-game sums as weights summed apart, with
    /// negative weights and counts.
    #[test]
    fn packed_weights_sum_like_separate_ones() {
        let mut weights = [[0i32; 2]; TERMS];
        for (i, w) in weights.iter_mut().enumerate() {
            let i = i as i32;
            *w = [(i * 37) % 501 - 250, (i * 53) % 701 - 350];
        }
        let packed = pack(&weights);
        let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 2 8";
        let pos: Position<Board8> =
            match VariantPosition::from_fen(Variant::Beirut, Options::default(), fen).unwrap() {
                VariantPosition::Eight(p) => p,
                VariantPosition::Ten(_) => unreachable!(),
            };
        let counts = super::term_counts(&pos);
        let (mut mg, mut eg) = (0, 0);
        for &(i, n) in &counts.counts {
            mg += i32::from(n) * weights[usize::from(i)][0];
            eg += i32::from(n) * weights[usize::from(i)][1];
        }
        let phase = counts.phase;
        let white = (mg * phase + eg * (24 - phase)) / 24;
        assert_eq!(pos.turn(), Color::White);
        assert_eq!(Orthodox::new().evaluate(&pos, &packed), white);
    }
}
