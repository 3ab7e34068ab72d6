//! Colours, roles and pieces.

use core::fmt;
use core::ops::Not;

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `0` for White, `1` for Black, for table lookups.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The lower-case English name, as used by the JavaScript API.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
    /// The name for people: `White`, `Black`.
    pub const fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
    /// Parses `white` / `black` (also `w` / `b`).
    pub fn from_name(name: &str) -> Option<Color> {
        match name {
            "white" | "w" => Some(Color::White),
            "black" | "b" => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a piece is, regardless of colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// The royal piece.
    King = 0,
    /// Queen.
    Queen = 1,
    /// Rook.
    Rook = 2,
    /// Bishop.
    Bishop = 3,
    /// Knight (with Super Jump Knights also the (1,3) leap).
    Knight = 4,
    /// Pawn.
    Pawn = 5,
    /// Stratomic missile: steps like a king, can be launched.
    Missile = 6,
    /// Flying Bombers' bomber: slides, bombs and leaps along ranks and files.
    Bomber = 7,
}

impl Role {
    /// Every role, in index order.
    pub const ALL: [Role; 8] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
        Role::Missile,
        Role::Bomber,
    ];

    /// Index for table lookups, in the order of [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The upper-case letter of FEN and SAN (`K Q R B N P M F`).
    pub const fn upper_char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Queen => 'Q',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            Role::Knight => 'N',
            Role::Pawn => 'P',
            Role::Missile => 'M',
            Role::Bomber => 'F',
        }
    }
    /// The lower-case letter, as in promotion suffixes (`e7e8q`).
    pub const fn lower_char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }
    /// The role for a FEN/SAN letter of either case.
    pub fn from_char(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.upper_char() == c.to_ascii_uppercase())
    }
    /// The English name, lower case (`flying bomber`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Queen => "queen",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Pawn => "pawn",
            Role::Missile => "missile",
            Role::Bomber => "flying bomber",
        }
    }
}

/// A piece: a role of a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.lower_char(),
        }
    }
    /// The piece for a FEN letter (upper case White).
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}
