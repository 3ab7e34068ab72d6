//! Where the board's squares sit on the canvas.
//!
//! Squares are the rules crate's ([`boomchess_rules::Square`], named and placed through a
//! [`BoardSize`]). Everything here works in *device* pixels with integer square edges, so
//! neighbouring squares share an exact pixel boundary (no anti-aliased seams on HiDPI screens)
//! and pixel tests can read a square's colour at any point inside it.

use boomchess_rules::{BoardSize, Square};

/// An axis-aligned rectangle in device pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// The centre point.
    pub fn center(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// Where the board's squares are on a square canvas of `size` device pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The board drawn (8×8 or 10×10).
    pub board: BoardSize,
    /// Side of the (square) board in device pixels.
    pub size: u32,
    /// Black at the bottom instead of White.
    pub flipped: bool,
}

impl Layout {
    /// Edge `i` (0 ..= n) of a board cut into `n` strips of `size` pixels in all, rounded to
    /// whole pixels so strips tile exactly.
    fn edge(&self, i: u32, n: u8) -> f64 {
        f64::from(i * self.size / u32::from(n.max(1)))
    }

    /// The device-pixel rectangle of a square.
    pub fn square_rect(&self, sq: Square) -> Rect {
        let (files, ranks) = (self.board.files(), self.board.ranks());
        let (file, rank) = self.board.coords(sq);
        // Column from the left and row from the top, as seen by the player at the bottom.
        // (Saturating: a square off this board lands on its edge instead of panicking.)
        let (col, row) = if self.flipped {
            (
                u32::from(files.saturating_sub(file.saturating_add(1))),
                u32::from(rank.min(ranks)),
            )
        } else {
            (
                u32::from(file),
                u32::from(ranks.saturating_sub(rank.saturating_add(1))),
            )
        };
        let x = self.edge(col, files);
        let y = self.edge(row, ranks);
        Rect {
            x,
            y,
            w: self.edge(col + 1, files) - x,
            h: self.edge(row + 1, ranks) - y,
        }
    }

    /// The square under a device-pixel point, if the point is on the board.
    pub fn square_at(&self, x: f64, y: f64) -> Option<Square> {
        if !(x >= 0.0 && y >= 0.0 && x < f64::from(self.size) && y < f64::from(self.size)) {
            return None;
        }
        let (files, ranks) = (self.board.files(), self.board.ranks());
        let col = (0..u32::from(files)).find(|&c| x < self.edge(c + 1, files))? as u8;
        let row = (0..u32::from(ranks)).find(|&r| y < self.edge(r + 1, ranks))? as u8;
        if self.flipped {
            self.board.square(files - 1 - col, row)
        } else {
            self.board.square(col, ranks - 1 - row)
        }
    }

    /// Every square of the board, rank 1 first.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        self.board.squares()
    }

    /// The square `(dx, dy)` away from `from` in screen directions (right, up as the board is
    /// seen), stopping at the edge.
    pub fn step(&self, from: Square, dx: i8, dy: i8) -> Square {
        let (dx, dy) = if self.flipped { (-dx, -dy) } else { (dx, dy) };
        let (file, rank) = self.board.coords(from);
        let clamp = |v: u8, d: i8, n: u8| (i16::from(v) + i16::from(d)).clamp(0, i16::from(n) - 1);
        let file = clamp(file, dx, self.board.files()) as u8;
        let rank = clamp(rank, dy, self.board.ranks()) as u8;
        self.board.square(file, rank).unwrap_or(from)
    }
}
