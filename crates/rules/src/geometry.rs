//! Board geometry: the 8×8 and 10×10 boards and their precomputed tables.
//!
//! Everything that depends on the board size lives behind [`Geometry`]: the
//! bit set type, square names and the attack tables. The move generator is
//! generic over it, so one code path serves both sizes.

use crate::bits::Bits;
use crate::magics::{self, Magic};
use crate::movelist::{MoveBuffer, MoveList, MoveSink};
use crate::square::{parse_square_name, square_name, Square};
use core::fmt::Debug;
use core::hash::Hash;
use std::sync::OnceLock;

/// One of the eight directions of the board, as `(file step, rank step)`.
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),   // north
    (1, 0),   // east
    (1, 1),   // north-east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, 0),  // west
    (-1, -1), // south-west
    (1, -1),  // south-east
];
/// The directions along ranks and files, as indices into [`Tables::rays`]: directions 0..4
/// go to higher square indices, 4..8 to lower ones, and direction `d + 4` is the opposite of
/// `d`; the rook uses 0, 1, 4, 5 and the bishop 2, 3, 6, 7.
///
/// Loops over them read this constant (`for &d in &ROOK_DIRECTIONS`) rather than an array
/// literal, which WebAssembly builds would copy into a stack frame in linear memory on every
/// call.
pub const ROOK_DIRECTIONS: [usize; 4] = [0, 1, 4, 5];

/// A board size and everything precomputed for it.
pub trait Geometry: Copy + Debug + Default + Eq + Hash + Send + Sync + 'static {
    /// Number of files (columns).
    const FILES: u8;
    /// Number of ranks (rows).
    const RANKS: u8;
    /// Number of squares.
    const SQUARES: usize;
    /// The bit set type that holds one bit per square.
    type Bits: Bits;
    /// A move list large enough for any legal position on this board.
    type MoveList: MoveBuffer + MoveSink<Self::Bits>;

    /// The precomputed tables for this board size (built on first use).
    fn tables() -> &'static Tables<Self>;

    /// Rook moves from `sq` over `occupied`, including the first blocker of
    /// each line. The default walks the rays; a board may use faster tables.
    #[inline]
    fn rook_attacks(t: &Tables<Self>, sq: Square, occupied: Self::Bits) -> Self::Bits {
        t.classical_rook_attacks(sq, occupied)
    }
    /// Bishop moves from `sq` over `occupied`, as [`Geometry::rook_attacks`].
    #[inline]
    fn bishop_attacks(t: &Tables<Self>, sq: Square, occupied: Self::Bits) -> Self::Bits {
        t.classical_bishop_attacks(sq, occupied)
    }

    /// The square at `file` (0 = a) and `rank` (0 = rank 1).
    #[inline]
    fn square(file: u8, rank: u8) -> Square {
        debug_assert!(file < Self::FILES && rank < Self::RANKS);
        Square::from_index(rank * Self::FILES + file)
    }
    /// The file of `sq`, 0 = a.
    #[inline]
    fn file(sq: Square) -> u8 {
        sq.index() % Self::FILES
    }
    /// The rank of `sq`, 0 = rank 1.
    #[inline]
    fn rank(sq: Square) -> u8 {
        sq.index() / Self::FILES
    }
    /// The square `(df, dr)` away from `sq`, if it is on the board.
    #[inline]
    fn offset(sq: Square, df: i8, dr: i8) -> Option<Square> {
        let f = Self::file(sq) as i8 + df;
        let r = Self::rank(sq) as i8 + dr;
        if (0..Self::FILES as i8).contains(&f) && (0..Self::RANKS as i8).contains(&r) {
            Some(Self::square(f as u8, r as u8))
        } else {
            None
        }
    }
    /// Parses a square name (`e4`, `j10`) that lies on this board.
    fn parse_square(text: &str) -> Option<Square> {
        parse_square_name(text, Self::FILES, Self::RANKS).map(|(f, r)| Self::square(f, r))
    }
    /// The name of `sq`, e.g. `e4`.
    fn square_name(sq: Square) -> String {
        square_name(Self::file(sq), Self::rank(sq))
    }
}

/// Attack and line tables for one board size, plus Zobrist keys.
#[derive(Debug)]
pub struct Tables<G: Geometry> {
    /// Every square of the board.
    pub all: G::Bits,
    /// Squares of each file.
    pub files: Vec<G::Bits>,
    /// Squares of each rank.
    pub ranks: Vec<G::Bits>,
    /// Squares of the light colour (for bishops and insufficient material).
    pub light: G::Bits,
    /// Knight leaps (1,2).
    pub knight: SquareMap<G::Bits>,
    /// Long knight leaps (1,3) of Super Jump Knights.
    pub long_knight: SquareMap<G::Bits>,
    /// The eight neighbours (king, missile, blast area without its centre).
    pub king: SquareMap<G::Bits>,
    /// Orthogonal leaps of exactly two squares (the bomber's helicopter).
    pub dabbaba: SquareMap<G::Bits>,
    /// Squares a pawn of each colour attacks: `[color][square]`.
    pub pawn: [SquareMap<G::Bits>; 2],
    /// Rook lines from each square on an empty board.
    pub rook_rays: SquareMap<G::Bits>,
    /// Bishop lines from each square on an empty board.
    pub bishop_rays: SquareMap<G::Bits>,
    /// Rays to the edge in each of the eight directions: `[direction][square]`.
    pub rays: [SquareMap<G::Bits>; 8],
    /// Squares strictly between two squares on a common line, else empty.
    between: Vec<G::Bits>,
    /// The whole line through two squares (edge to edge), else empty.
    line: Vec<G::Bits>,
    /// Magic multipliers (rooks 0..64, bishops 64..128), 8×8 only.
    pub(crate) magics: SquareMap<Magic>,
    /// Slider attacks indexed through `magics`, 8×8 only.
    pub(crate) magic_attacks: Vec<G::Bits>,
    /// Zobrist keys of pieces: `[square][color * 8 + role]`.
    pub(crate) zobrist_piece: SquareMap<[u64; 16]>,
    /// Zobrist keys of bomb carriers per square.
    pub(crate) zobrist_carrier: SquareMap<u64>,
    /// Zobrist keys of en passant squares.
    pub(crate) zobrist_ep: SquareMap<u64>,
    /// Zobrist keys of castling rights (one per right bit).
    pub(crate) zobrist_castling: [u64; 4],
    /// Zobrist key of Black to move.
    pub(crate) zobrist_black: u64,
    /// Zobrist key of unlocked launches.
    pub(crate) zobrist_launch: u64,
}

impl<G: Geometry> Tables<G> {
    fn build() -> Self {
        let n = G::SQUARES;
        let squares = || (0..n as u8).map(Square::from_index);
        let bit = G::Bits::from_square;
        let leaper = |steps: &[(i8, i8)]| -> SquareMap<G::Bits> {
            SquareMap::from_fn(n, |sq| {
                steps
                    .iter()
                    .filter_map(|&(df, dr)| G::offset(sq, df, dr))
                    .fold(G::Bits::EMPTY, |acc, t| acc | bit(t))
            })
        };
        let symmetric = |a: i8, b: i8| -> Vec<(i8, i8)> {
            let mut v = Vec::new();
            for (x, y) in [(a, b), (b, a)] {
                for sx in [-1, 1] {
                    for sy in [-1, 1] {
                        if !v.contains(&(x * sx, y * sy)) {
                            v.push((x * sx, y * sy));
                        }
                    }
                }
            }
            v
        };
        let ray = |sq: Square, (df, dr): (i8, i8)| -> G::Bits {
            let mut acc = G::Bits::EMPTY;
            let mut cur = sq;
            while let Some(next) = G::offset(cur, df, dr) {
                acc |= bit(next);
                cur = next;
            }
            acc
        };
        let rays: [SquareMap<G::Bits>; 8] =
            core::array::from_fn(|d| SquareMap::from_fn(n, |sq| ray(sq, DIRECTIONS[d])));
        let mut between = vec![G::Bits::EMPTY; n * n];
        let mut line = vec![G::Bits::EMPTY; n * n];
        for a in squares() {
            for (d, dir) in DIRECTIONS.iter().enumerate() {
                let opposite = (d + 4) % 8;
                let mut path = G::Bits::EMPTY;
                let mut cur = a;
                while let Some(b) = G::offset(cur, dir.0, dir.1) {
                    between[a.usize() * n + b.usize()] = path;
                    line[a.usize() * n + b.usize()] =
                        rays[d][a.usize()] | rays[opposite][a.usize()] | bit(a);
                    path |= bit(b);
                    cur = b;
                }
            }
        }
        let all = squares().fold(G::Bits::EMPTY, |acc, sq| acc | bit(sq));
        let files = (0..G::FILES)
            .map(|f| (0..G::RANKS).fold(G::Bits::EMPTY, |acc, r| acc | bit(G::square(f, r))))
            .collect();
        let ranks = (0..G::RANKS)
            .map(|r| (0..G::FILES).fold(G::Bits::EMPTY, |acc, f| acc | bit(G::square(f, r))))
            .collect();
        let light = squares()
            .filter(|&sq| (G::file(sq) + G::rank(sq)) % 2 == 1)
            .fold(G::Bits::EMPTY, |acc, sq| acc | bit(sq));
        let mut rng = SplitMix64(0x0B00_4C4E_5353_2026 ^ n as u64);
        let lines = |dirs: [usize; 4]| {
            SquareMap::from_fn(n, |sq| {
                dirs.iter()
                    .fold(G::Bits::EMPTY, |acc, &d| acc | rays[d][sq.usize()])
            })
        };
        let rook_rays = lines(ROOK_DIRECTIONS);
        let bishop_rays = lines([2, 3, 6, 7]);
        Tables {
            all,
            rook_rays,
            bishop_rays,
            files,
            ranks,
            light,
            knight: leaper(&symmetric(1, 2)),
            long_knight: leaper(&symmetric(1, 3)),
            king: leaper(&DIRECTIONS),
            dabbaba: leaper(&[(0, 2), (0, -2), (2, 0), (-2, 0)]),
            pawn: [leaper(&[(-1, 1), (1, 1)]), leaper(&[(-1, -1), (1, -1)])],
            rays,
            between,
            line,
            magics: SquareMap::from_fn(0, |_| Magic::default()),
            magic_attacks: Vec::new(),
            zobrist_piece: SquareMap::from_fn(n, |_| core::array::from_fn(|_| rng.next())),
            zobrist_carrier: SquareMap::from_fn(n, |_| rng.next()),
            zobrist_ep: SquareMap::from_fn(n, |_| rng.next()),
            zobrist_castling: core::array::from_fn(|_| rng.next()),
            zobrist_black: rng.next(),
            zobrist_launch: rng.next(),
        }
    }

    /// Every square within one king step of a square of `set`, `set` included: the squares that
    /// 3×3 blasts centred on `set` reach. Worked out with shifts of the whole set, not square by
    /// square.
    #[inline]
    pub fn neighbourhood(&self, set: G::Bits) -> G::Bits {
        let width = i32::from(G::FILES);
        let west = (set & !self.files[0]).shifted(-1);
        let east = (set & !self.files[usize::from(G::FILES) - 1]).shifted(1);
        let row = set | west | east;
        (row | row.shifted(width) | row.shifted(-width)) & self.all
    }

    /// Squares strictly between `a` and `b` if they share a rank, file or
    /// diagonal; empty otherwise.
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> G::Bits {
        self.between[a.usize() * G::SQUARES + b.usize()]
    }

    /// The full line through `a` and `b` if they share a rank, file or
    /// diagonal; empty otherwise.
    #[inline]
    pub fn line(&self, a: Square, b: Square) -> G::Bits {
        self.line[a.usize() * G::SQUARES + b.usize()]
    }

    /// The first occupied square from `sq` (exclusive) in direction `d`.
    #[inline]
    pub fn first_blocker(&self, d: usize, sq: Square, occupied: G::Bits) -> Option<Square> {
        let blockers = self.rays[d][sq.usize()] & occupied;
        if blockers.is_empty() {
            None
        } else if d < 4 {
            Some(blockers.first())
        } else {
            Some(blockers.last())
        }
    }

    /// Squares reached from `sq` in direction `d` up to and including the
    /// first occupied square.
    #[inline]
    pub fn ray_attacks(&self, d: usize, sq: Square, occupied: G::Bits) -> G::Bits {
        let ray = self.rays[d][sq.usize()];
        match self.first_blocker(d, sq, occupied) {
            Some(first) => ray ^ self.rays[d][first.usize()],
            None => ray,
        }
    }

    /// Rook moves from `sq` over `occupied`, including the first blocker of
    /// each line.
    #[inline]
    pub fn rook_attacks(&self, sq: Square, occupied: G::Bits) -> G::Bits {
        G::rook_attacks(self, sq, occupied)
    }

    /// Bishop moves from `sq` over `occupied`, including the first blocker
    /// of each line.
    #[inline]
    pub fn bishop_attacks(&self, sq: Square, occupied: G::Bits) -> G::Bits {
        G::bishop_attacks(self, sq, occupied)
    }

    /// Rook moves found by walking the four rays.
    #[inline]
    pub fn classical_rook_attacks(&self, sq: Square, occupied: G::Bits) -> G::Bits {
        ROOK_DIRECTIONS.iter().fold(G::Bits::EMPTY, |acc, &d| {
            acc | self.ray_attacks(d, sq, occupied)
        })
    }

    /// Bishop moves found by walking the four rays.
    #[inline]
    pub fn classical_bishop_attacks(&self, sq: Square, occupied: G::Bits) -> G::Bits {
        [2, 3, 6, 7].iter().fold(G::Bits::EMPTY, |acc, &d| {
            acc | self.ray_attacks(d, sq, occupied)
        })
    }
}

/// One entry per square. Sized for the largest possible board (128
/// squares) and indexed modulo 128, so that a lookup needs no bounds check;
/// held inline in the tables, so that it needs no pointer either.
#[derive(Clone, Debug)]
pub struct SquareMap<T>([T; 128]);

impl<T: Copy + Default> SquareMap<T> {
    /// Fills the first `n` entries with `f(square)`.
    pub(crate) fn from_fn(n: usize, mut f: impl FnMut(Square) -> T) -> Self {
        let mut map = [T::default(); 128];
        for (i, entry) in map.iter_mut().enumerate().take(n) {
            *entry = f(Square::from_index(i as u8));
        }
        SquareMap(map)
    }
}

impl<T> core::ops::Index<usize> for SquareMap<T> {
    type Output = T;
    #[inline]
    fn index(&self, index: usize) -> &T {
        &self.0[index & 127]
    }
}

/// A small deterministic generator for the Zobrist keys.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The 8×8 board of Beirut Chess (and orthodox chess).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board8;

#[inline]
fn magic_lookup(t: &Tables<Board8>, index: usize, occupied: u64) -> u64 {
    let m = &t.magics[index];
    let slot = ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    t.magic_attacks[m.offset as usize + slot]
}

/// The 10×10 board of Stratomic and Flying Bombers Grand Chess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board10;

impl Geometry for Board8 {
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
    const SQUARES: usize = 64;
    type Bits = u64;
    /// At most 16 men a side: 218 ordinary moves is the known maximum,
    /// plus up to 15 booms; 512 leaves room for odd composed positions.
    type MoveList = MoveList<512>;
    fn tables() -> &'static Tables<Self> {
        static TABLES: OnceLock<Tables<Board8>> = OnceLock::new();
        TABLES.get_or_init(|| {
            let mut t = Tables::build();
            (t.magics, t.magic_attacks) = magics::build(&t);
            t
        })
    }
    #[inline]
    fn rook_attacks(t: &Tables<Self>, sq: Square, occupied: u64) -> u64 {
        magic_lookup(t, sq.usize(), occupied)
    }
    #[inline]
    fn bishop_attacks(t: &Tables<Self>, sq: Square, occupied: u64) -> u64 {
        magic_lookup(t, 64 + sq.usize(), occupied)
    }
}

impl Geometry for Board10 {
    const FILES: u8 = 10;
    const RANKS: u8 = 10;
    const SQUARES: usize = 100;
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    type Bits = u128;
    /// In a module built with `simd128`, one vector register (see [`crate::Bits128`]).
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    type Bits = crate::Bits128;
    /// At most 20 men a side; 19 missiles could launch at 99 squares each.
    type MoveList = MoveList<4096>;
    fn tables() -> &'static Tables<Self> {
        static TABLES: OnceLock<Tables<Board10>> = OnceLock::new();
        TABLES.get_or_init(Tables::build)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::XorShift;

    /// The neighbourhood of a set is the union of each square's 3×3 area, by definition.
    fn neighbourhood_is_the_union_of_areas<G: Geometry>() {
        let t = G::tables();
        let mut rng = XorShift(0x2026_1202);
        for _ in 0..2000 {
            let mut set = G::Bits::EMPTY;
            for _ in 0..rng.below(12) {
                set |= G::Bits::from_square(Square::from_index(rng.below(G::SQUARES) as u8));
            }
            let expected = set.squares().fold(G::Bits::EMPTY, |acc, s| {
                acc | t.king[s.usize()] | G::Bits::from_square(s)
            });
            assert!(
                t.neighbourhood(set) == expected,
                "{:?}",
                set.squares().collect::<Vec<_>>()
            );
        }
        assert!(t.neighbourhood(t.all) == t.all);
        assert!(t.neighbourhood(G::Bits::EMPTY).is_empty());
    }

    #[test]
    fn neighbourhood_on_8x8() {
        neighbourhood_is_the_union_of_areas::<Board8>();
    }

    #[test]
    fn neighbourhood_on_10x10() {
        neighbourhood_is_the_union_of_areas::<Board10>();
    }
}
