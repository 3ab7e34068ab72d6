//! Legal moves as the board needs them: which square a move starts from and where it lands.
//!
//! The rules crate speaks coordinate text (`e2e4`, `e7e8q`, `@e5`, `d2@f7`, `f1i1`); the board
//! turns clicks into squares, so each legal move is parsed once into a [`BoardMove`] and the
//! original text is kept to hand back to the referee unchanged.

use crate::geometry::Square;

/// What kind of action a move is, for choosing how to mark its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A piece goes from one square to another (also castling, captures, promotions).
    Step,
    /// A Beirut boom: the carrier on `to` explodes where it stands.
    Boom,
    /// A Stratomic launch: the missile on `from` is fired at `to`.
    Launch,
}

/// One legal move, parsed from the rules crate's coordinate text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardMove {
    /// The coordinate text, exactly as the rules crate produced it.
    pub uci: String,
    /// The square of the moving (or launched) piece; the carrier's square for a boom.
    pub from: Square,
    /// Where the piece lands, or the centre of the blast.
    pub to: Square,
    /// The promotion piece letter (`q`, `r`, `b`, `n`, `m`, `f`), if any.
    pub promotion: Option<char>,
    /// Step, boom or launch.
    pub kind: MoveKind,
}

impl BoardMove {
    /// Parses coordinate text; `None` for anything that is not a well-formed move.
    pub fn parse(uci: &str) -> Option<BoardMove> {
        let make = |from, to, promotion, kind| BoardMove {
            uci: uci.to_owned(),
            from,
            to,
            promotion,
            kind,
        };
        if let Some(rest) = uci.strip_prefix('@') {
            let (at, tail) = Square::parse_prefix(rest)?;
            return tail.is_empty().then(|| make(at, at, None, MoveKind::Boom));
        }
        let (from, rest) = Square::parse_prefix(uci)?;
        if let Some(rest) = rest.strip_prefix('@') {
            let (to, tail) = Square::parse_prefix(rest)?;
            return tail
                .is_empty()
                .then(|| make(from, to, None, MoveKind::Launch));
        }
        let (to, tail) = Square::parse_prefix(rest)?;
        let mut chars = tail.chars();
        let promotion = match (chars.next(), chars.next()) {
            (None, _) => None,
            (Some(c), None) if "qrbnmf".contains(c) => Some(c),
            _ => return None,
        };
        Some(make(from, to, promotion, MoveKind::Step))
    }
}
