//! [`VariantPosition`]: a position of any of the three games, whatever its
//! board size, for code that does not want to be generic.

use crate::bits::Bits;
use crate::board_size::BoardSize;
use crate::fen::FenError;
use crate::geometry::{Board10, Board8, Geometry};
use crate::moves::{Move, MoveKind};
use crate::outcome::Outcome;
use crate::perft;
use crate::piece::{Color, Piece, Role};
use crate::position::{CarrierError, PassError, Position};
use crate::square::Square;
use crate::uci::MoveError;
use crate::variant::{Options, Variant};

/// An explosion a move sets off ([`VariantPosition::explosion`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explosion {
    /// Where the exploding man stood, or the launch's target.
    pub centre: Square,
    /// The 3×3 area around the centre, clipped to the board.
    pub area: Vec<Square>,
}

/// A position of one of the games: 8×8 for Beirut, 10×10 for the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantPosition {
    /// An 8×8 position (Beirut Chess).
    Eight(Position<Board8>),
    /// A 10×10 position (Stratomic, Flying Bombers).
    Ten(Position<Board10>),
}

/// Runs `$body` with `$p` bound to the inner generic position.
macro_rules! with_position {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            VariantPosition::Eight($p) => $body,
            VariantPosition::Ten($p) => $body,
        }
    };
}

/// Runs `$body` with `$G` naming the board geometry of `$self`.
macro_rules! with_geometry {
    ($self:expr, $G:ident => $body:expr) => {
        match $self {
            VariantPosition::Eight(_) => {
                type $G = Board8;
                $body
            }
            VariantPosition::Ten(_) => {
                type $G = Board10;
                $body
            }
        }
    };
}

impl VariantPosition {
    /// The start position of `variant` (Beirut: before carriers are chosen).
    pub fn new(variant: Variant, options: Options) -> VariantPosition {
        VariantPosition::from_fen(variant, options, variant.start_fen())
            .expect("start positions are valid")
    }

    /// Parses a position text (docs/rules.md §4) of `variant`.
    pub fn from_fen(
        variant: Variant,
        options: Options,
        fen: &str,
    ) -> Result<VariantPosition, FenError> {
        Ok(match variant {
            Variant::Beirut => VariantPosition::Eight(Position::from_fen(variant, options, fen)?),
            _ => VariantPosition::Ten(Position::from_fen(variant, options, fen)?),
        })
    }

    /// The position text.
    pub fn fen(&self) -> String {
        with_position!(self, p => p.fen())
    }
    /// The game.
    pub fn variant(&self) -> Variant {
        with_position!(self, p => p.variant())
    }
    /// The options in force.
    pub fn options(&self) -> Options {
        with_position!(self, p => p.options())
    }
    /// Files of the board.
    pub fn files(&self) -> u8 {
        with_geometry!(self, G => G::FILES)
    }
    /// Ranks of the board.
    pub fn ranks(&self) -> u8 {
        with_geometry!(self, G => G::RANKS)
    }
    /// The board's size, for naming and placing its squares.
    pub fn board_size(&self) -> BoardSize {
        self.variant().board_size()
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        with_position!(self, p => p.turn())
    }
    /// Half-move clock.
    pub fn halfmoves(&self) -> u32 {
        with_position!(self, p => p.halfmoves())
    }
    /// Full-move number.
    pub fn fullmoves(&self) -> u32 {
        with_position!(self, p => p.fullmoves())
    }
    /// A hash of the full position (see [`Position::hash`]).
    pub fn hash(&self) -> u64 {
        with_position!(self, p => p.hash())
    }
    /// The square at `file` (0 = a), `rank` (0 = rank 1), if on the board.
    pub fn square(&self, file: u8, rank: u8) -> Option<Square> {
        (file < self.files() && rank < self.ranks())
            .then(|| with_geometry!(self, G => G::square(file, rank)))
    }
    /// `(file, rank)` of `sq`, both from 0.
    pub fn coords(&self, sq: Square) -> (u8, u8) {
        with_geometry!(self, G => (G::file(sq), G::rank(sq)))
    }
    /// Parses a square name of this board.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        with_geometry!(self, G => G::parse_square(name))
    }
    /// The name of `sq` (`e4`, `j10`).
    pub fn square_name(&self, sq: Square) -> String {
        with_geometry!(self, G => G::square_name(sq))
    }
    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        with_position!(self, p => p.piece_at(sq))
    }
    /// Whether this position knows `sq` holds a bomb carrier.
    pub fn is_carrier(&self, sq: Square) -> bool {
        with_position!(self, p => p.carriers.has(sq))
    }
    /// The bomb carriers of `color` that this position knows.
    pub fn carriers(&self, color: Color) -> Vec<Square> {
        with_position!(self, p => p.carriers(color).squares().collect())
    }
    /// The number of men (non-king pieces) of `color`.
    pub fn men(&self, color: Color) -> u32 {
        with_position!(self, p => (p.by_color(color) & !p.by_role(Role::King)).count())
    }
    /// The king of `color`, if still on the board.
    pub fn king_of(&self, color: Color) -> Option<Square> {
        with_position!(self, p => p.king_of(color))
    }
    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        with_position!(self, p => p.is_check())
    }
    /// Stratomic: whether launches are unlocked.
    pub fn launches_unlocked(&self) -> bool {
        with_position!(self, p => p.launches_unlocked())
    }
    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        with_position!(self, p => {
            let mut moves = Default::default();
            p.legal_moves(&mut moves);
            moves.to_vec()
        })
    }
    /// The legal moves as coordinate texts.
    pub fn legal_moves_uci(&self) -> Vec<String> {
        self.legal_moves()
            .into_iter()
            .map(|m| self.move_to_uci(m))
            .collect()
    }
    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }
    /// Plays a legal move; refuses any other without changing the position.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if !self.is_legal(m) {
            return Err(MoveError::Illegal {
                text: self.move_to_uci(m),
                why: "",
            });
        }
        self.play_unchecked(m);
        Ok(())
    }
    /// Plays a move known to be legal here.
    pub fn play_unchecked(&mut self, m: Move) {
        with_position!(self, p => p.play_unchecked(m))
    }
    /// Parses and plays a move in coordinate text.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.parse_uci(text)?;
        self.play_unchecked(m);
        Ok(m)
    }
    /// Finds the legal move written in coordinate text.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        with_position!(self, p => p.parse_uci(text))
    }
    /// Finds the legal move written in SAN.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        with_position!(self, p => p.parse_san(text))
    }
    /// The coordinate text of `m`.
    pub fn move_to_uci(&self, m: Move) -> String {
        with_position!(self, p => p.move_to_uci(m))
    }
    /// The SAN of the legal move `m`.
    pub fn move_to_san(&self, m: Move) -> String {
        with_position!(self, p => p.move_to_san(m))
    }
    /// Squares whose pieces `m` removes: captured pieces, and everything
    /// in the area of a boom, launch or Dead Man's Switch blast (not the
    /// squares a piece merely moves away from). Worked out by playing the
    /// move on a copy, so it is what the rules do.
    pub fn removed_by(&self, m: Move) -> Vec<Square> {
        let moved_away = match m.kind {
            // Castling removes nothing: king and rook only change squares.
            MoveKind::Castle => return Vec::new(),
            MoveKind::Boom | MoveKind::Launch => None,
            _ => Some(m.from),
        };
        let mut after = *self;
        after.play_unchecked(m);
        with_position!(self, p => p.occupied().squares().collect::<Vec<_>>())
            .into_iter()
            .filter(|&sq| Some(sq) != moved_away && after.piece_at(sq) != self.piece_at(sq))
            .collect()
    }
    /// The 3×3 area an explosion of `m` covers, if `m` is a boom or launch.
    pub fn blast_area(&self, m: Move) -> Vec<Square> {
        match m.kind {
            MoveKind::Boom => self.area_around(m.from),
            MoveKind::Launch => self.area_around(m.to),
            _ => Vec::new(),
        }
    }
    /// The square of the pawn the en-passant capture `m` takes (the pawn
    /// that just made a multi-step, which need not stand beside the
    /// capturer on a 10×10 board); `None` if `m` is no en-passant capture.
    pub fn en_passant_victim(&self, m: Move) -> Option<Square> {
        match m.kind {
            MoveKind::EnPassant => with_position!(self, p => p.ep_victim()),
            _ => None,
        }
    }
    /// The explosion `m` sets off, if any: a boom (centred on the carrier),
    /// a launch (on its target), or under Dead Man's Switch the capture of a
    /// carrier (on the square where the captured man stood). Only a position
    /// that knows the captured man's bomb (the referee's, or its owner's
    /// view) can tell the last; explosions are public once they happen.
    pub fn explosion(&self, m: Move) -> Option<Explosion> {
        let centre = match m.kind {
            MoveKind::Boom => m.from,
            MoveKind::Launch => m.to,
            _ if !self.options().dead_mans_switch => return None,
            MoveKind::EnPassant => self.en_passant_victim(m)?,
            MoveKind::Normal | MoveKind::Promotion(_) => m.to,
            MoveKind::Castle => return None,
        };
        let captured_carrier = matches!(m.kind, MoveKind::Boom | MoveKind::Launch)
            || (self.is_carrier(centre)
                && self
                    .piece_at(centre)
                    .is_some_and(|p| p.color != self.turn()));
        captured_carrier.then(|| Explosion {
            centre,
            area: self.area_around(centre),
        })
    }
    /// The 3×3 area centred on `centre`, clipped to the board.
    pub fn area_around(&self, centre: Square) -> Vec<Square> {
        with_geometry!(self, G => {
            let t = G::tables();
            (t.king[centre.usize()] | <G as Geometry>::Bits::from_square(centre)).squares().collect()
        })
    }
    /// The same position with the other side to move (and no en-passant
    /// capture), for showing what that side could do, as a diagram does.
    /// Refused when the side to move is in check: the other side could take
    /// its king, so no game reaches that position.
    ///
    /// ```
    /// use boomchess_rules::{Color, Options, PassError, Variant, VariantPosition};
    ///
    /// let start = VariantPosition::new(Variant::Beirut, Options::default());
    /// assert_eq!(start.with_turn_passed().unwrap().turn(), Color::Black);
    /// let check = VariantPosition::from_fen(Variant::Beirut, Options::default(),
    ///     "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
    /// assert_eq!(check.with_turn_passed(), Err(PassError::InCheck(Color::White)));
    /// ```
    pub fn with_turn_passed(&self) -> Result<VariantPosition, PassError> {
        Ok(match self {
            VariantPosition::Eight(p) => VariantPosition::Eight(p.with_turn_passed()?),
            VariantPosition::Ten(p) => VariantPosition::Ten(p.with_turn_passed()?),
        })
    }
    /// How the game stands by the board alone (see [`Position::outcome`]).
    pub fn outcome(&self) -> Option<Outcome> {
        with_position!(self, p => p.outcome())
    }
    /// Whether neither side can win any more.
    pub fn is_insufficient_material(&self) -> bool {
        with_position!(self, p => p.is_insufficient_material())
    }
    /// Whether `color`'s own pieces are mating material, bombs left out
    /// ([`Position::has_mating_material`]).
    pub fn has_mating_material(&self, color: Color) -> bool {
        with_position!(self, p => p.has_mating_material(color))
    }
    /// The position as `color` sees it (the other side's carriers unknown).
    pub fn view(&self, color: Color) -> VariantPosition {
        match self {
            VariantPosition::Eight(p) => VariantPosition::Eight(p.view(color)),
            VariantPosition::Ten(p) => VariantPosition::Ten(p.view(color)),
        }
    }
    /// Makes `squares` the carriers of `color` (Beirut).
    pub fn set_carriers(&mut self, color: Color, squares: &[Square]) -> Result<(), CarrierError> {
        with_position!(self, p => p.set_carriers(color, squares))
    }
    /// Counts the legal move tree to `depth` (docs/rules.md §6).
    pub fn perft(&self, depth: u32) -> u64 {
        with_position!(self, p => perft::perft(p, depth))
    }
    /// [`perft`](VariantPosition::perft) split by first move.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        with_position!(self, p => perft::divide(p, depth))
    }
}
