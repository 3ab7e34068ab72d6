//! [`BoardSize`]: the size of a board as a value, for code that meets both
//! board sizes at run time (a page drawing squares, a server naming them)
//! and so cannot be generic over a [`Geometry`](crate::Geometry).

use crate::square::{parse_square_name, square_name, Square};

/// The files and ranks of a board: 8×8 for Beirut, 10×10 for Stratomic and
/// Flying Bombers. Its squares are numbered as the geometry's are
/// (`rank * files + file` from a1 = 0), so a [`Square`] made here is the same
/// square a position of that size uses.
///
/// ```
/// use boomchess_rules::{BoardSize, Variant};
///
/// let board = Variant::Stratomic.board_size();
/// let j10 = board.parse("j10").unwrap();
/// assert_eq!(board.coords(j10), (9, 9));
/// assert_eq!(board.name(j10), "j10");
/// assert_eq!(Variant::Beirut.board_size().parse("j10"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    files: u8,
    ranks: u8,
}

impl BoardSize {
    /// The 8×8 board.
    pub const EIGHT: BoardSize = BoardSize { files: 8, ranks: 8 };
    /// The 10×10 board.
    pub const TEN: BoardSize = BoardSize {
        files: 10,
        ranks: 10,
    };

    /// Number of files.
    pub const fn files(self) -> u8 {
        self.files
    }
    /// Number of ranks.
    pub const fn ranks(self) -> u8 {
        self.ranks
    }
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on this board.
    pub fn square(self, file: u8, rank: u8) -> Option<Square> {
        (file < self.files && rank < self.ranks)
            .then(|| Square::from_index(rank * self.files + file))
    }
    /// `(file, rank)` of `sq`, both from 0.
    pub const fn coords(self, sq: Square) -> (u8, u8) {
        (sq.index() % self.files, sq.index() / self.files)
    }
    /// Whether `sq` lies on this board.
    pub const fn contains(self, sq: Square) -> bool {
        sq.index() < self.files * self.ranks
    }
    /// The square `(df, dr)` away from `sq`, if it is on the board.
    pub fn offset(self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        let (file, rank) = self.coords(sq);
        let file = u8::try_from(i16::from(file) + i16::from(df)).ok()?;
        let rank = u8::try_from(i16::from(rank) + i16::from(dr)).ok()?;
        self.square(file, rank)
    }
    /// The name of `sq` (`e4`, `j10`).
    pub fn name(self, sq: Square) -> String {
        let (file, rank) = self.coords(sq);
        square_name(file, rank)
    }
    /// Parses a square name of this board (`e4`, `j10`); `None` for anything
    /// else, including a square off this board.
    pub fn parse(self, name: &str) -> Option<Square> {
        let (file, rank) = parse_square_name(name, self.files, self.ranks)?;
        self.square(file, rank)
    }
    /// Every square, a1 first, then along rank 1, then rank 2, ….
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.files * self.ranks).map(Square::from_index)
    }
    /// Whether `sq` is a light square (a1 is dark on both board sizes).
    pub const fn is_light(self, sq: Square) -> bool {
        let (file, rank) = self.coords(sq);
        (file + rank) % 2 == 1
    }
}
