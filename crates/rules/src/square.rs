//! Squares, as indices into a board of a given [`Geometry`](crate::Geometry).

use core::fmt;

/// A square of a board, numbered `rank * files + file` from a1 = 0.
///
/// A `Square` only has meaning together with the board size it was made
/// for; use [`Geometry::square`](crate::Geometry::square) and
/// [`Geometry::parse_square`](crate::Geometry::parse_square) to make one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with this index (`rank * files + file`).
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        Square(index)
    }
    /// The index of this square (`rank * files + file`).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The index as `usize`, for table lookups.
    #[inline]
    pub const fn usize(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.0)
    }
}

/// Name of the square at `file` (0 = a) and `rank` (0 = rank 1), e.g. `e10`.
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// Parses a square name such as `e4` or `j10` into `(file, rank)`, both
/// counted from 0, if it fits a board of `files` × `ranks`.
pub fn parse_square_name(text: &str, files: u8, ranks: u8) -> Option<(u8, u8)> {
    let bytes = text.as_bytes();
    let (&file_char, digits) = bytes.split_first()?;
    if !file_char.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
        return None;
    }
    if digits[0] == b'0' || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let rank: u32 = core::str::from_utf8(digits).ok()?.parse().ok()?;
    let file = file_char - b'a';
    if file >= files || rank == 0 || rank > u32::from(ranks) {
        return None;
    }
    Some((file, (rank - 1) as u8))
}
