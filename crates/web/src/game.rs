//! The game as the board sees it: the referee's position, the legal moves of the side to move,
//! the selected piece and the last move. No DOM here, so every rule of the click-click input is
//! plain Rust that the tests can drive square by square.

use boomchess_rules::{Color, Options, Outcome, Piece, Role, Variant, VariantPosition};

use crate::geometry::Square;
use crate::moves::{BoardMove, MoveKind};

/// What a click on a square did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClickOutcome {
    /// A piece of the side to move is now selected.
    Selected(Square),
    /// The selection was cleared.
    Deselected,
    /// The move with this coordinate text was played.
    Played(String),
    /// A pawn reached the last rank: the promotion picker is open (see [`Game::promotion`]).
    Promoting,
    /// Nothing changed (an empty square or an enemy piece with nothing selected).
    Ignored,
}

/// A marked target of the selected piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The target square.
    pub square: Square,
    /// Whether a piece stands there (drawn as a ring instead of a dot).
    pub occupied: bool,
    /// Step/boom/launch, which decides the marker.
    pub kind: MoveKind,
}

/// The promotion picker: a pawn is about to promote and the player picks the new piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The pawn's square.
    pub from: Square,
    /// The promotion square.
    pub to: Square,
    /// The choices, each shown on its own square in a column running from `to` towards the
    /// player: (square, piece, coordinate text of the move).
    pub choices: Vec<(Square, Role, String)>,
}

/// One game on the board, refereed by `boomchess_rules`.
pub struct Game {
    variant: Variant,
    position: VariantPosition,
    legal: Vec<BoardMove>,
    selected: Option<Square>,
    last_move: Option<BoardMove>,
    promotion: Option<Promotion>,
}

impl Game {
    /// A new game of `variant` from its start position with default options (for Beirut: no
    /// carriers chosen yet, so it plays as orthodox chess).
    pub fn new(variant: Variant) -> Game {
        Game::with_position(variant, VariantPosition::new(variant, Options::default()))
    }

    /// A game from a position text; the error names what is wrong with it.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, String> {
        VariantPosition::from_fen(variant, Options::default(), fen)
            .map(|position| Game::with_position(variant, position))
            .map_err(|e| e.to_string())
    }

    fn with_position(variant: Variant, position: VariantPosition) -> Game {
        let mut game = Game {
            variant,
            position,
            legal: Vec::new(),
            selected: None,
            last_move: None,
            promotion: None,
        };
        game.refresh_moves();
        game
    }

    fn refresh_moves(&mut self) {
        self.legal = self
            .position
            .legal_moves_uci()
            .iter()
            .filter_map(|m| BoardMove::parse(m))
            .collect();
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Number of files of the board.
    pub fn files(&self) -> u8 {
        self.position.files()
    }

    /// Number of ranks of the board.
    pub fn ranks(&self) -> u8 {
        self.position.ranks()
    }

    /// The piece on a square (`None` off the board).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let sq = self.position.square(sq.file, sq.rank)?;
        self.position.piece_at(sq)
    }

    /// The square of `color`'s king, if it has one on the board.
    pub fn king_square(&self, color: Color) -> Option<Square> {
        let (file, rank) = self.position.coords(self.position.king_of(color)?);
        Some(Square::new(file, rank))
    }

    /// The square of the king of the side to move when it is in check.
    pub fn checked_king(&self) -> Option<Square> {
        if !self.position.is_check() {
            return None;
        }
        self.king_square(self.turn())
    }

    /// How the game ended, if it has (checkmate, stalemate, a destroyed king, a draw rule).
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// The position text.
    pub fn fen(&self) -> String {
        self.position.fen()
    }

    /// Coordinate texts of every legal move.
    pub fn legal_moves(&self) -> impl Iterator<Item = &str> {
        self.legal.iter().map(|m| m.uci.as_str())
    }

    /// Whether the game has ended: no legal move left, or a draw rule applies.
    pub fn is_over(&self) -> bool {
        self.legal.is_empty() || self.outcome().is_some()
    }

    /// The selected square, if any.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The last move played on this board.
    pub fn last_move(&self) -> Option<&BoardMove> {
        self.last_move.as_ref()
    }

    /// The squares the selected piece can go to (or blast), one entry per square: an ordinary
    /// move wins over a launch at the same square, as a click there plays the ordinary move.
    pub fn targets(&self) -> Vec<Target> {
        let Some(from) = self.selected.filter(|_| self.promotion.is_none()) else {
            return Vec::new();
        };
        let mut out: Vec<Target> = Vec::new();
        for m in self
            .legal
            .iter()
            .filter(|m| m.from == from && m.kind != MoveKind::Boom)
        {
            match out.iter_mut().find(|t| t.square == m.to) {
                Some(t) if m.kind == MoveKind::Step => t.kind = MoveKind::Step,
                Some(_) => {}
                None => out.push(Target {
                    square: m.to,
                    occupied: self.piece_at(m.to).is_some(),
                    kind: m.kind,
                }),
            }
        }
        out
    }

    /// The open promotion picker, if any.
    pub fn promotion(&self) -> Option<&Promotion> {
        self.promotion.as_ref()
    }

    /// Handles a click (or tap) on a square: select a piece of the side to move, play a move to
    /// a marked target, pick a promotion piece, or clear the selection. Never changes the
    /// position unless the referee accepted the move.
    pub fn click(&mut self, sq: Square) -> ClickOutcome {
        if let Some(picker) = self.promotion.take() {
            // A choice plays it; any other square cancels the promotion and the selection.
            let choice = picker.choices.into_iter().find(|c| c.0 == sq);
            return match choice.map(|(_, _, uci)| (self.play(&uci), uci)) {
                Some((Ok(()), uci)) => ClickOutcome::Played(uci),
                _ => {
                    self.selected = None;
                    ClickOutcome::Deselected
                }
            };
        }
        if let Some(from) = self.selected {
            if let Some(outcome) = self.go(from, sq) {
                return outcome;
            }
            if from == sq {
                self.selected = None;
                return ClickOutcome::Deselected;
            }
        }
        let own = self
            .piece_at(sq)
            .is_some_and(|p| p.color == self.turn() && !self.is_over());
        if own {
            self.selected = Some(sq);
            ClickOutcome::Selected(sq)
        } else if self.selected.take().is_some() {
            ClickOutcome::Deselected
        } else {
            ClickOutcome::Ignored
        }
    }

    /// Drops the selected piece on `to`: plays the move (or opens the promotion picker) as a
    /// click would; if `to` is not a target nothing changes and the piece stays selected (it
    /// snaps back).
    pub fn drop_on(&mut self, to: Square) -> Option<ClickOutcome> {
        let from = self.selected?;
        self.go(from, to)
    }

    /// Plays the move from `from` to `to`: an ordinary move if there is one, else a launch; with
    /// several promotion pieces to choose from, opens the picker instead. `None` if there is no
    /// such move.
    fn go(&mut self, from: Square, to: Square) -> Option<ClickOutcome> {
        let steps: Vec<&BoardMove> = self
            .legal
            .iter()
            .filter(|m| m.from == from && m.to == to && m.kind == MoveKind::Step)
            .collect();
        if steps.len() > 1 {
            self.promotion = Some(self.picker(from, to, &steps));
            return Some(ClickOutcome::Promoting);
        }
        let uci = steps
            .first()
            .copied()
            .or_else(|| {
                self.legal
                    .iter()
                    .find(|m| m.from == from && m.to == to && m.kind == MoveKind::Launch)
            })?
            .uci
            .clone();
        Some(match self.play(&uci) {
            Ok(()) => ClickOutcome::Played(uci),
            Err(_) => {
                self.selected = None;
                ClickOutcome::Deselected
            }
        })
    }

    /// Lays out the promotion choices in a column from the promotion square towards the middle
    /// of the board, strongest piece first.
    fn picker(&self, from: Square, to: Square, moves: &[&BoardMove]) -> Promotion {
        const ORDER: &str = "qrbnmf";
        let mut options: Vec<(usize, Role, String)> = moves
            .iter()
            .filter_map(|m| {
                let letter = m.promotion?;
                Some((ORDER.find(letter)?, Role::from_char(letter)?, m.uci.clone()))
            })
            .collect();
        options.sort_by_key(|o| o.0);
        // Towards the middle: down from a promotion square in the upper half (White's rank 8,
        // 9 or 10), up from the lower half (Black's rank 1 or, in Stratomic, 2).
        let down = to.rank >= self.ranks() / 2;
        let choices = options
            .into_iter()
            .enumerate()
            .filter_map(|(i, (_, role, uci))| {
                let i = u8::try_from(i).ok()?;
                let rank = if down {
                    to.rank.checked_sub(i)?
                } else {
                    to.rank.checked_add(i).filter(|&r| r < self.ranks())?
                };
                Some((Square::new(to.file, rank), role, uci))
            })
            .collect();
        Promotion { from, to, choices }
    }

    /// Plays a move given as coordinate text; the referee decides whether it is legal. On an
    /// error the game is unchanged.
    pub fn play(&mut self, uci: &str) -> Result<(), String> {
        let parsed = BoardMove::parse(uci).ok_or_else(|| format!("not a move: {uci:?}"))?;
        if self.is_over() {
            return Err("the game is over".to_owned());
        }
        self.position.play_uci(uci).map_err(|e| e.to_string())?;
        self.last_move = Some(parsed);
        self.selected = None;
        self.promotion = None;
        self.refresh_moves();
        Ok(())
    }
}
