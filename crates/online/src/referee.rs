//! The referee of an online game: for Stratomic and Flying Bombers, which have no secrets, the
//! rules' own [`Game`]; for Beirut, the rules' public game with the players' commitments
//! ([`Beirut`]), which never sees a carrier before the rules make it public.

use crate::beirut::Beirut;
use crate::ids::GameId;
use crate::message::{Action, Labelled, Refusal, Refused, Side, WireOpening};
use crate::result::GameResult;
use crate::table::Provisional;
use boomchess_rules::Reason;
use boomchess_rules::{Awaiting, Game, MoveError, Options, Variant, VariantPosition};

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
    Open(Box<Game>),
    /// Beirut, refereed in public.
    Beirut(Box<Beirut>),
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
        match variant {
            Variant::Beirut => Referee::Beirut(Box::new(Beirut::new(options))),
            _ => Referee::Open(Box::new(Game::new(variant, options))),
        }
    }

    /// Whether the players commit to secret carriers (Beirut).
    pub fn needs_commitments(&self) -> bool {
        matches!(self, Referee::Beirut(_))
    }

    /// Beirut's public referee, if this is Beirut.
    pub fn beirut(&self) -> Option<&Beirut> {
        match self {
            Referee::Beirut(beirut) => Some(beirut),
            Referee::Open(_) => None,
        }
    }

    /// The position as everybody may see it.
    pub fn position(&self) -> &VariantPosition {
        match self {
            Referee::Open(game) => game.position(),
            Referee::Beirut(beirut) => beirut.position(),
        }
    }

    /// The moves so far in SAN.
    pub fn san_moves(&self) -> Vec<String> {
        match self {
            Referee::Open(game) => game.san_moves(),
            Referee::Beirut(beirut) => beirut.public().san_moves().to_vec(),
        }
    }

    /// The side to move (also the side that owes a Dead Man's Switch answer: its man was just
    /// taken).
    pub fn turn(&self) -> Side {
        self.position().turn().into()
    }

    /// What the side to move owes.
    pub fn owed(&self) -> Owed {
        match self {
            Referee::Beirut(beirut) => match beirut.public().awaiting() {
                Awaiting::Switch { .. } => Owed::Switch,
                Awaiting::Stuck(_) => Owed::Stuck,
                _ => Owed::Move,
            },
            Referee::Open(_) => Owed::Move,
        }
    }

    /// Records `side`'s commitments (Beirut).
    pub fn commit(&mut self, side: Side, commitments: &[Labelled]) -> Result<(), Refused> {
        match self {
            Referee::Beirut(beirut) => beirut.commit(side, commitments),
            Referee::Open(game) => Err(not_in(
                game.variant(),
                &Action::Commit {
                    commitments: Vec::new(),
                },
            )),
        }
    }

    /// Plays `side`'s move-like action; whether the turn passed to the other side.
    pub fn play(&mut self, game_id: GameId, side: Side, action: &Action) -> Result<bool, Refused> {
        match (self, action) {
            (Referee::Beirut(beirut), action) => beirut.play(game_id, side, action),
            (Referee::Open(game), Action::Move { uci }) => {
                game.play_uci(uci).map_err(illegal)?;
                Ok(true)
            }
            (Referee::Open(game), other) => Err(not_in(game.variant(), other)),
        }
    }

    /// `loser` resigned (or missed a statement's deadline).
    pub fn resigned(&mut self, loser: Side) {
        if let Referee::Beirut(beirut) = self {
            beirut.resigned(loser);
        }
    }

    /// The players agreed to a draw.
    pub fn agreed_draw(&mut self) {
        if let Referee::Beirut(beirut) = self {
            beirut.agreed_draw();
        }
    }

    /// `loser`'s flag fell: whether its opponent wins; `Some(false)` when it has too little
    /// material ever to mate (a bare king, a lone minor piece, or bishops on one colour of
    /// squares), `None` when only hidden carriers would decide it (Beirut).
    pub fn flag_fell(&mut self, loser: Side) -> Option<bool> {
        match self {
            Referee::Beirut(beirut) => beirut.flag_fell(loser),
            Referee::Open(game) => Some(game.position().has_mating_material(loser.other().color())),
        }
    }

    /// The result the rules give now, if the game is over on the board.
    pub fn public_result(&self) -> Option<GameResult> {
        match self {
            Referee::Open(game) => game.outcome().map(GameResult::of_outcome),
            Referee::Beirut(beirut) => beirut.public_result(),
        }
    }

    /// Records `side`'s final reveal (Beirut).
    pub fn reveal(
        &mut self,
        game_id: GameId,
        side: Side,
        openings: &[WireOpening],
    ) -> Result<(), Refused> {
        match self {
            Referee::Beirut(beirut) => beirut.reveal(game_id, side, openings),
            Referee::Open(game) => Err(not_in(
                game.variant(),
                &Action::Reveal {
                    openings: Vec::new(),
                },
            )),
        }
    }

    /// The final result once both sides have revealed (Beirut); without secrets, the provisional
    /// result stands.
    pub fn verdict(&self, provisional: &Provisional) -> GameResult {
        match (self, provisional) {
            (Referee::Beirut(beirut), provisional) => beirut.verdict(provisional),
            (Referee::Open(_), Provisional::Result(result)) => result.clone(),
            (Referee::Open(_), Provisional::FlagFell(side)) => {
                GameResult::win(side.other(), Reason::Timeout)
            }
        }
    }
}
