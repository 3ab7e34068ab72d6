//! Position text: the extended FEN of docs/rules.md §4.

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::piece::{Color, Piece, Role};
use crate::position::{castle_bit, Position};
use crate::variant::{Options, Variant};
use core::fmt;

/// Why a position text was refused. The message names the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 6 fields (7 allowed for Stratomic).
    FieldCount {
        /// How many fields there were.
        found: usize,
        /// What the variant takes.
        expected: &'static str,
    },
    /// The placement has the wrong number of ranks.
    RankCount {
        /// Ranks found.
        found: usize,
        /// Ranks of the board.
        expected: u8,
    },
    /// A rank describes more or fewer squares than the board is wide.
    RankWidth {
        /// The rank, counted from 1 as on the board.
        rank: u8,
        /// Squares described.
        found: usize,
        /// Files of the board.
        expected: u8,
    },
    /// A character that is not a piece letter, a number or `*`.
    BadCharacter(char),
    /// A piece letter that does not belong to the variant.
    WrongPiece {
        /// The letter.
        letter: char,
        /// The variant.
        variant: Variant,
    },
    /// A `*` bomb mark in a wrong place.
    BadCarrierMark(&'static str),
    /// A side has no king, or more than one.
    KingCount {
        /// The side.
        color: Color,
        /// Kings found.
        found: u32,
    },
    /// A side has more men than the variant's start position.
    TooManyMen {
        /// The side.
        color: Color,
        /// Men found.
        found: u32,
        /// The most allowed.
        max: u32,
    },
    /// A pawn stands on or beyond its promotion rank.
    PawnOnPromotionRank(String),
    /// The side-to-move field is not `w` or `b`.
    SideToMove(String),
    /// The castling field is malformed or names a right whose king and rook
    /// are not on their start squares.
    Castling(String),
    /// The en passant field is malformed or does not match a pawn that just
    /// made that step.
    EnPassant(String),
    /// The half-move clock is not a number.
    HalfmoveClock(String),
    /// The full-move number is not a positive number.
    FullmoveNumber(String),
    /// Stratomic's seventh field is not `L` or `-`.
    LaunchField(String),
    /// The side that is not to move is in check.
    OpponentInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount { found, expected } => {
                write!(f, "position text has {found} fields, expected {expected}")
            }
            FenError::RankCount { found, expected } => {
                write!(f, "placement has {found} ranks, expected {expected}")
            }
            FenError::RankWidth {
                rank,
                found,
                expected,
            } => write!(
                f,
                "rank {rank} describes {found} squares, expected {expected}"
            ),
            FenError::BadCharacter(c) => write!(f, "unexpected character '{c}' in the placement"),
            FenError::WrongPiece { letter, variant } => {
                write!(f, "piece letter '{letter}' does not belong to {variant}")
            }
            FenError::BadCarrierMark(why) => write!(f, "bad bomb mark '*': {why}"),
            FenError::KingCount { color, found } => {
                write!(f, "{color} has {found} kings, expected exactly one")
            }
            FenError::TooManyMen { color, found, max } => {
                write!(f, "{color} has {found} men, at most {max} are possible")
            }
            FenError::PawnOnPromotionRank(sq) => {
                write!(f, "pawn on {sq} stands on or beyond its promotion rank")
            }
            FenError::SideToMove(s) => write!(f, "side to move '{s}' is not 'w' or 'b'"),
            FenError::Castling(why) => write!(f, "castling field: {why}"),
            FenError::EnPassant(why) => write!(f, "en passant field: {why}"),
            FenError::HalfmoveClock(s) => write!(f, "half-move clock '{s}' is not a number"),
            FenError::FullmoveNumber(s) => {
                write!(f, "full-move number '{s}' is not a positive number")
            }
            FenError::LaunchField(s) => {
                write!(f, "launch field '{s}' is not 'L' or '-'")
            }
            FenError::OpponentInCheck => f.write_str("the side not to move is in check"),
        }
    }
}

impl std::error::Error for FenError {}

impl<G: Geometry> Position<G> {
    /// The start position of `variant` (Beirut: no carriers yet).
    pub fn start(variant: Variant, options: Options) -> Position<G> {
        Position::from_fen(variant, options, variant.start_fen())
            .expect("start positions are valid")
    }

    /// Parses a position text of docs/rules.md §4 for `variant`, whose board must
    /// be the geometry `G`.
    pub fn from_fen(
        variant: Variant,
        options: Options,
        text: &str,
    ) -> Result<Position<G>, FenError> {
        let t = G::tables();
        let fields: Vec<&str> = text.split_whitespace().collect();
        let stratomic = variant == Variant::Stratomic;
        let expected = if stratomic { "6 or 7" } else { "6" };
        if fields.len() != 6 && !(stratomic && fields.len() == 7) {
            return Err(FenError::FieldCount {
                found: fields.len(),
                expected,
            });
        }
        if variant.files() != G::FILES {
            return Err(FenError::RankCount {
                found: G::RANKS as usize,
                expected: variant.ranks(),
            });
        }
        let mut pos = Position::<G>::empty(variant, options);

        // 1. Placement.
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != G::RANKS as usize {
            return Err(FenError::RankCount {
                found: ranks.len(),
                expected: G::RANKS,
            });
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = G::RANKS - 1 - i as u8;
            let mut file: usize = 0;
            let mut chars = rank_text.chars().peekable();
            let mut last_piece_file: Option<usize> = None;
            while let Some(c) = chars.next() {
                if c == '0' {
                    // Runs are written without leading zeros (`8`, `10`).
                    return Err(FenError::BadCharacter('0'));
                }
                if c.is_ascii_digit() {
                    let mut run = c.to_digit(10).unwrap_or(0) as usize;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        run = run * 10 + d as usize;
                        chars.next();
                        if run > 99 {
                            break;
                        }
                    }
                    file += run;
                    last_piece_file = None;
                } else if c == '*' {
                    if variant != Variant::Beirut {
                        return Err(FenError::BadCarrierMark(
                            "bomb carriers exist only in Beirut",
                        ));
                    }
                    let Some(f) = last_piece_file.take() else {
                        return Err(FenError::BadCarrierMark("it must follow a piece letter"));
                    };
                    if f >= G::FILES as usize {
                        // The rank is too wide; reported below.
                        continue;
                    }
                    let sq = G::square(f as u8, rank);
                    if pos.by_role(Role::King).has(sq) {
                        return Err(FenError::BadCarrierMark("a king cannot carry a bomb"));
                    }
                    pos.set_carrier(t, sq, true);
                } else {
                    let piece = Piece::from_char(c).ok_or(FenError::BadCharacter(c))?;
                    if !variant.has_role(piece.role) {
                        return Err(FenError::WrongPiece { letter: c, variant });
                    }
                    if file < G::FILES as usize {
                        pos.put(t, G::square(file as u8, rank), piece);
                    }
                    last_piece_file = Some(file);
                    file += 1;
                }
            }
            if file != G::FILES as usize {
                return Err(FenError::RankWidth {
                    rank: rank + 1,
                    found: file,
                    expected: G::FILES,
                });
            }
        }
        let max_men = 2 * G::FILES as u32;
        let rules = variant.rules();
        for color in Color::ALL {
            let kings = pos.by_piece(Piece {
                color,
                role: Role::King,
            });
            let missing_allowed = variant == Variant::Beirut && kings.is_empty();
            if kings.count() != 1 && !missing_allowed {
                return Err(FenError::KingCount {
                    color,
                    found: kings.count(),
                });
            }
            let men = pos.by_color(color).count();
            if men > max_men {
                return Err(FenError::TooManyMen {
                    color,
                    found: men,
                    max: max_men,
                });
            }
            let pawns = pos.by_piece(Piece {
                color,
                role: Role::Pawn,
            });
            for sq in pawns.squares() {
                let relative = Position::<G>::relative_rank(color, G::rank(sq));
                if relative >= rules.promotion_rank {
                    return Err(FenError::PawnOnPromotionRank(G::square_name(sq)));
                }
            }
        }
        if pos.king_of(Color::White).is_none() && pos.king_of(Color::Black).is_none() {
            return Err(FenError::KingCount {
                color: Color::White,
                found: 0,
            });
        }

        // 2. Side to move.
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        pos.set_turn(t, turn);

        // 3. Castling.
        let mut rights = 0u8;
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let (color, side) = match c {
                    'K' => (Color::White, 0),
                    'Q' => (Color::White, 1),
                    'k' => (Color::Black, 0),
                    'q' => (Color::Black, 1),
                    _ => return Err(FenError::Castling(format!("unexpected letter '{c}'"))),
                };
                let bit = castle_bit(color, side);
                if rights & bit != 0 {
                    return Err(FenError::Castling(format!("letter '{c}' appears twice")));
                }
                let (king, rook) = pos.castling_squares(color, side);
                let own = pos.by_color(color);
                if !(pos.by_role(Role::King) & own).has(king)
                    || !(pos.by_role(Role::Rook) & own).has(rook)
                {
                    return Err(FenError::Castling(format!(
                        "'{c}' needs the {color} king on {} and a rook on {}",
                        G::square_name(king),
                        G::square_name(rook)
                    )));
                }
                rights |= bit;
            }
        }
        pos.set_castling(t, rights);

        // 4. En passant.
        if fields[3] != "-" {
            pos.ep = parse_ep::<G>(&pos, fields[3])?;
        }

        // 5, 6. Clocks.
        pos.halfmoves = fields[4]
            .parse()
            .map_err(|_| FenError::HalfmoveClock(fields[4].to_string()))?;
        pos.fullmoves = fields[5]
            .parse()
            .ok()
            .filter(|&n: &u32| n >= 1)
            .ok_or_else(|| FenError::FullmoveNumber(fields[5].to_string()))?;

        // 7. Stratomic launches.
        if let Some(&launch) = fields.get(6) {
            match launch {
                "L" => pos.set_launches(t, true),
                "-" => {}
                other => return Err(FenError::LaunchField(other.to_string())),
            }
        }

        // Under Dead Man's Switch the blast of a captured carrier can leave
        // the capturer in check: that position is a finished game (the
        // capturer lost), so it is accepted like a game with a king gone.
        let finished = variant == Variant::Beirut && options.dead_mans_switch;
        if pos.king_of(turn).is_some() && pos.king_attacked(!turn) && !finished {
            return Err(FenError::OpponentInCheck);
        }
        Ok(pos)
    }

    /// The position text of docs/rules.md §4 (carriers as this position knows
    /// them: a player's view shows only that player's).
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(96);
        for rank in (0..G::RANKS).rev() {
            let mut empty = 0;
            for file in 0..G::FILES {
                let sq = G::square(file, rank);
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(piece.char());
                        if self.carriers.has(sq) {
                            out.push('*');
                        }
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.turn == Color::White { 'w' } else { 'b' });
        out.push(' ');
        let letters = [
            (Color::White, 0, 'K'),
            (Color::White, 1, 'Q'),
            (Color::Black, 0, 'k'),
            (Color::Black, 1, 'q'),
        ];
        let mut any = false;
        for (color, side, letter) in letters {
            if self.castling_right(color, side) {
                out.push(letter);
                any = true;
            }
        }
        if !any {
            out.push('-');
        }
        out.push(' ');
        if self.ep.is_empty() {
            out.push('-');
        } else {
            let mut squares: Vec<_> = self.ep.squares().collect();
            if self.turn == Color::White {
                // Black passed them from the top down.
                squares.reverse();
            }
            for sq in squares {
                out.push_str(&G::square_name(sq));
            }
        }
        out.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        if self.variant == Variant::Stratomic {
            out.push_str(if self.launches { " L" } else { " -" });
        }
        out
    }
}

/// Parses the en passant field: the squares a pawn of the side not to move
/// just passed over, in the order passed.
fn parse_ep<G: Geometry>(pos: &Position<G>, text: &str) -> Result<G::Bits, FenError> {
    if !text.is_ascii() {
        return Err(FenError::EnPassant(format!(
            "'{text}' is not a list of squares"
        )));
    }
    let mover = !pos.turn;
    let rules = pos.variant.rules();
    let mut squares = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
        let end = (1 + digits).min(rest.len());
        let name = &rest[..end];
        let sq = G::parse_square(name).ok_or_else(|| {
            FenError::EnPassant(format!("'{name}' is not a square of this board"))
        })?;
        squares.push(sq);
        rest = &rest[end..];
    }
    let err = |why: &str| FenError::EnPassant(format!("'{text}' {why}"));
    if squares.is_empty() || squares.len() >= rules.pawn_steps as usize {
        return Err(err("names too many squares for one pawn step"));
    }
    let forward: i8 = if mover == Color::White { 1 } else { -1 };
    let start = G::square(
        G::file(squares[0]),
        Position::<G>::relative_rank(mover, rules.pawn_start),
    );
    let mut expected = G::offset(start, 0, forward);
    for &sq in &squares {
        if Some(sq) != expected {
            return Err(err(&format!(
                "does not list the squares a {mover} pawn passes from its start rank, in order"
            )));
        }
        if pos.occupied().has(sq) {
            return Err(err("lists an occupied square"));
        }
        expected = G::offset(sq, 0, forward);
    }
    let pawn_square = expected.ok_or_else(|| err("has no square for the pawn"))?;
    let pawn = Piece {
        color: mover,
        role: Role::Pawn,
    };
    if !pos.by_piece(pawn).has(pawn_square) || pos.occupied().has(start) {
        return Err(err(&format!(
            "does not match a {mover} pawn that just stepped to {}",
            G::square_name(pawn_square)
        )));
    }
    Ok(squares
        .into_iter()
        .fold(G::Bits::EMPTY, |acc, sq| acc | G::Bits::from_square(sq)))
}
