//! The referee of an online game: for Stratomic and Flying Bombers, which have no secrets, the
//! rules' own [`Game`]; for Beirut, the rules' public game, which knows that hidden carriers exist
//! and checks every opening against its commitment.

use crate::message::{Action, Refusal, Refused, Side};
use crate::result::GameResult;
use crate::table::Provisional;
use boomchess_rules::{Color, Game, MoveError, Options, Role, Variant, VariantPosition};

/// What the side to move owes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// A move (or a boom).
    Move,
    /// Beirut with Dead Man's Switch: its answer for the man just captured.
    Switch,
    /// Beirut: it has no ordinary move, so a boom, or the statement that it has none.
    Stuck,
}

/// The referee of one online game.
#[derive(Clone, Debug)]
pub enum Referee {
    /// A game without secrets, refereed completely.
    Open(Game),
}

fn illegal(err: MoveError) -> Refused {
    Refused::new(Refusal::IllegalMove, err.to_string())
}

fn not_in(variant: Variant, action: &Action) -> Refused {
    Refused::new(
        Refusal::NotNow,
        format!("{} has no {}", variant.title(), action.name()),
    )
}

impl Referee {
    /// The referee of a new game.
    pub fn new(variant: Variant, options: Options) -> Referee {
        Referee::Open(Game::new(variant, options))
    }

    /// Whether the players commit to secret carriers (Beirut).
    pub fn needs_commitments(&self) -> bool {
        false
    }

    /// The position as everybody may see it.
    pub fn position(&self) -> &VariantPosition {
        match self {
            Referee::Open(game) => game.position(),
        }
    }

    /// The moves so far in SAN.
    pub fn san_moves(&self) -> Vec<String> {
        match self {
            Referee::Open(game) => game.san_moves(),
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.position().turn().into()
    }

    /// What the side to move owes.
    pub fn owed(&self) -> Owed {
        Owed::Move
    }

    /// Records `side`'s commitments (Beirut).
    pub fn commit(
        &mut self,
        _game: crate::ids::GameId,
        _side: Side,
        _commitments: std::collections::BTreeMap<
            crate::message::SquareName,
            crate::commitment::Commitment,
        >,
    ) -> Result<(), Refused> {
        Err(Refused::new(
            Refusal::NotNow,
            "only Beirut has carriers to commit to",
        ))
    }

    /// Plays `side`'s move-like action; whether the turn passed to the other side.
    pub fn play(
        &mut self,
        _game: crate::ids::GameId,
        _side: Side,
        action: &Action,
    ) -> Result<bool, Refused> {
        match (self, action) {
            (Referee::Open(game), Action::Move { uci }) => {
                game.play_uci(uci).map_err(illegal)?;
                Ok(true)
            }
            (Referee::Open(game), other) => Err(not_in(game.variant(), other)),
        }
    }

    /// The result the rules give now, if the game is over on the board.
    pub fn public_result(&self) -> Option<GameResult> {
        match self {
            Referee::Open(game) => game.outcome().map(GameResult::of_outcome),
        }
    }

    /// Whether `side` wins when its opponent's flag falls: `Some(false)` when it has too little
    /// material ever to mate (a bare king, a lone minor piece, or bishops on one colour of
    /// squares), `None` when only hidden carriers would decide it (Beirut).
    pub fn can_win_on_time(&self, side: Side) -> Option<bool> {
        Some(has_mating_material(self.position(), side.color()))
    }

    /// Records `side`'s final reveal (Beirut).
    pub fn reveal(
        &mut self,
        _game: crate::ids::GameId,
        _side: Side,
        _openings: &[crate::message::WireOpening],
    ) -> Result<(), Refused> {
        Err(Refused::new(
            Refusal::NotNow,
            "only Beirut has carriers to reveal",
        ))
    }

    /// The final result once both sides have revealed (Beirut); without secrets, the provisional
    /// result stands.
    pub fn verdict(&self, provisional: &Provisional) -> GameResult {
        match provisional {
            Provisional::Result(result) => result.clone(),
            Provisional::FlagFell(side) => {
                GameResult::win(side.other(), crate::result::Ending::Timeout)
            }
        }
    }
}

/// Whether `color`'s own men could ever mate: a pawn, a queen, a rook, a missile, a bomber, or
/// minor pieces other than a lone one or bishops all on one colour of squares.
pub(crate) fn has_mating_material(position: &VariantPosition, color: Color) -> bool {
    let (files, ranks) = (position.files(), position.ranks());
    let mut knights = 0;
    let mut bishops = [0u32; 2];
    for rank in 0..ranks {
        for file in 0..files {
            let Some(piece) = position
                .square(file, rank)
                .and_then(|sq| position.piece_at(sq))
                .filter(|piece| piece.color == color)
            else {
                continue;
            };
            match piece.role {
                Role::King => {}
                Role::Knight => knights += 1,
                Role::Bishop => bishops[usize::from((file + rank) % 2)] += 1,
                _ => return true,
            }
        }
    }
    let minors = knights + bishops[0] + bishops[1];
    minors > 1 && !(knights == 0 && (bishops[0] == 0 || bishops[1] == 0))
}
