//! Board geometry: squares, their names, and where they sit on the canvas.
//!
//! Everything here works in *device* pixels with integer square edges, so neighbouring squares
//! share an exact pixel boundary (no anti-aliased seams on HiDPI screens) and pixel tests can
//! read a square's colour at any point inside it.

/// A square of the board: `file` 0 is the a-file, `rank` 0 is rank 1 (as in `boomchess_rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    /// 0 = a … 9 = j.
    pub file: u8,
    /// 0 = rank 1 … 9 = rank 10.
    pub rank: u8,
}

impl Square {
    /// A square from its coordinates (no bounds check: boards differ in size).
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// The square's name in coordinate text: `e4`, `j10`.
    pub fn name(self) -> String {
        format!(
            "{}{}",
            char::from(b'a' + self.file),
            u32::from(self.rank) + 1
        )
    }

    /// Whether the square is a light one (a1 is dark on every board size).
    pub const fn is_light(self) -> bool {
        (self.file + self.rank) % 2 == 1
    }

    /// Parses a whole square name such as `e4` or `j10` on a board of the given size.
    pub fn parse(text: &str, files: u8, ranks: u8) -> Option<Square> {
        match Square::parse_prefix(text) {
            Some((sq, rest)) if rest.is_empty() && sq.file < files && sq.rank < ranks => Some(sq),
            _ => None,
        }
    }

    /// Parses a square name at the start of `text` (a file letter `a`–`j`, then rank 1–10) and
    /// returns it with the rest of the text. `e10q` gives `e10` and `q`; `e1e2` gives `e1`.
    pub fn parse_prefix(text: &str) -> Option<(Square, &str)> {
        let bytes = text.as_bytes();
        let file = *bytes.first()?;
        if !(b'a'..=b'j').contains(&file) {
            return None;
        }
        let digits = bytes[1..]
            .iter()
            .take(2)
            .take_while(|b| b.is_ascii_digit())
            .count();
        // "10" is the only two-digit rank; "e1e" must stay rank 1.
        let len = if digits == 2 && &bytes[1..3] == b"10" {
            2
        } else {
            digits.min(1)
        };
        if len == 0 {
            return None;
        }
        let rank: u8 = text[1..1 + len].parse().ok()?;
        if !(1..=10).contains(&rank) {
            return None;
        }
        Some((Square::new(file - b'a', rank - 1), &text[1 + len..]))
    }
}

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
    /// Number of files (8 or 10).
    pub files: u8,
    /// Number of ranks (8 or 10).
    pub ranks: u8,
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
        // Column from the left and row from the top, as seen by the player at the bottom.
        // (Saturating: a square off this board lands on its edge instead of panicking.)
        let (col, row) = if self.flipped {
            (
                u32::from(self.files.saturating_sub(sq.file.saturating_add(1))),
                u32::from(sq.rank),
            )
        } else {
            (
                u32::from(sq.file),
                u32::from(self.ranks.saturating_sub(sq.rank.saturating_add(1))),
            )
        };
        let x = self.edge(col, self.files);
        let y = self.edge(row, self.ranks);
        Rect {
            x,
            y,
            w: self.edge(col + 1, self.files) - x,
            h: self.edge(row + 1, self.ranks) - y,
        }
    }

    /// The square under a device-pixel point, if the point is on the board.
    pub fn square_at(&self, x: f64, y: f64) -> Option<Square> {
        if !(x >= 0.0 && y >= 0.0 && x < f64::from(self.size) && y < f64::from(self.size)) {
            return None;
        }
        let col = (0..u32::from(self.files)).find(|&c| x < self.edge(c + 1, self.files))?;
        let row = (0..u32::from(self.ranks)).find(|&r| y < self.edge(r + 1, self.ranks))?;
        let (col, row) = (col as u8, row as u8);
        Some(if self.flipped {
            Square::new(self.files - 1 - col, row)
        } else {
            Square::new(col, self.ranks - 1 - row)
        })
    }

    /// Every square of the board, rank 1 first.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        let (files, ranks) = (self.files, self.ranks);
        (0..ranks).flat_map(move |r| (0..files).map(move |f| Square::new(f, r)))
    }
}
