//! Beirut's online referee: the rules' [`PublicGame`] with the players' commitments.

use crate::commitment::{committed_men, Commitment, Opening};
use crate::ids::GameId;
use crate::message::{Action, Labelled, Refusal, Refused, Side, SquareName, WireOpening};
use crate::result::GameResult;
use crate::table::Provisional;
use boomchess_rules::Reason;
use boomchess_rules::{
    Audit, Awaiting, CarrierProblem, Color, Falsehood, FlagResult, Options, PublicError,
    PublicGame, Square, VariantPosition,
};

/// A Beirut game refereed in public: the public game, each side's commitments, the openings
/// made public during play, and the final reveals.
#[derive(Clone, Debug)]
pub struct Beirut {
    public: PublicGame,
    /// The public position, as every variant's referee shows it.
    shown: VariantPosition,
    /// Each side's commitments, by starting square (`None`: no man of that side started there).
    commitments: [[Option<Commitment>; 64]; 2],
    /// Carriers opened during play (booms, Dead Man's Switch answers "yes"), by starting square.
    opened: [Vec<Square>; 2],
    /// Each side's carriers, once it has revealed every opening.
    revealed: [Option<Vec<Square>>; 2],
}

fn refuse(code: Refusal, message: impl Into<String>) -> Refused {
    Refused::new(code, message)
}

fn square_name(sq: Square) -> String {
    SquareName(sq).name()
}

/// A refusal of the public game, in words.
fn public_refusal(err: PublicError) -> Refused {
    let code = match err {
        PublicError::IllegalMove(_) | PublicError::CannotBoom { .. } => Refusal::IllegalMove,
        PublicError::TooManyOpenings(_) => Refusal::BadOpening,
        PublicError::NotAwaited(_) => Refusal::NotNow,
    };
    refuse(code, err.to_string())
}

impl Beirut {
    /// A new game.
    pub fn new(options: Options) -> Beirut {
        let public = PublicGame::new(options);
        Beirut {
            shown: VariantPosition::Eight(*public.position()),
            public,
            commitments: [[None; 64]; 2],
            opened: [Vec::new(), Vec::new()],
            revealed: [None, None],
        }
    }

    /// The public game.
    pub fn public(&self) -> &PublicGame {
        &self.public
    }

    /// The public position.
    pub fn position(&self) -> &VariantPosition {
        &self.shown
    }

    /// The carriers of `side` everybody knows of now: those opened during play, or all of them
    /// once it has revealed (by starting square).
    pub fn known_carriers(&self, side: Side) -> &[Square] {
        match &self.revealed[side.index()] {
            Some(all) => all,
            None => &self.opened[side.index()],
        }
    }

    /// Records `side`'s commitments: exactly one for each of its men but the king, in the order
    /// of their squares.
    pub fn commit(&mut self, side: Side, commitments: &[Labelled]) -> Result<(), Refused> {
        let men = committed_men(side.color());
        let labels: Vec<Square> = commitments.iter().map(|c| c.square.0).collect();
        if labels.windows(2).any(|pair| pair[0] >= pair[1]) {
            return Err(refuse(
                Refusal::BadOpening,
                "the commitments go in the order of their squares (a1, b1, …, h8), each once",
            ));
        }
        if let Some(stray) = labels.iter().find(|sq| !men.contains(sq)) {
            return Err(refuse(
                Refusal::BadOpening,
                format!(
                    "{} is not the starting square of one of {}'s men (never the king)",
                    square_name(*stray),
                    side.color().title()
                ),
            ));
        }
        if let Some(missing) = men.iter().find(|sq| !labels.contains(sq)) {
            return Err(refuse(
                Refusal::BadOpening,
                format!(
                    "no commitment for the man that starts on {}",
                    square_name(*missing)
                ),
            ));
        }
        let mut table = [None; 64];
        for labelled in commitments {
            table[labelled.square.0.usize()] = Some(labelled.commitment);
        }
        self.commitments[side.index()] = table;
        Ok(())
    }

    /// Checks that `opening` opens `side`'s commitment for its man.
    fn check_opening(&self, game: GameId, side: Side, opening: Opening) -> Result<(), Refused> {
        let committed = self.commitments[side.index()]
            .get(opening.origin.usize())
            .copied()
            .flatten();
        match committed {
            Some(commitment) if opening.opens(commitment, game, side.color()) => Ok(()),
            Some(_) => Err(refuse(
                Refusal::BadOpening,
                format!(
                    "that does not open the commitment of the man that started on {}",
                    square_name(opening.origin)
                ),
            )),
            None => Err(refuse(
                Refusal::BadOpening,
                format!(
                    "no commitment for a man that started on {}",
                    square_name(opening.origin)
                ),
            )),
        }
    }

    /// Plays `side`'s move-like action; whether the turn passed.
    pub fn play(&mut self, game: GameId, side: Side, action: &Action) -> Result<bool, Refused> {
        let passes = match action {
            Action::Move { uci } => {
                let m = self
                    .shown
                    .parse_uci(uci)
                    .map_err(|e| refuse(Refusal::IllegalMove, e.to_string()))?;
                self.public.play(m).map_err(public_refusal)?;
                true
            }
            Action::Boom { square, salt } => {
                let origin = self.public.origin_at(square.0).ok_or_else(|| {
                    refuse(
                        Refusal::IllegalMove,
                        format!("no man on {} to boom", square.name()),
                    )
                })?;
                self.public.may_boom(square.0).map_err(public_refusal)?;
                self.check_opening(
                    game,
                    side,
                    Opening {
                        origin,
                        carrier: true,
                        salt: *salt,
                    },
                )?;
                self.public.boom(square.0).map_err(public_refusal)?;
                self.opened[side.index()].push(origin);
                true
            }
            Action::Switch { carrier, salt } => {
                let Awaiting::Switch { owner, origin, .. } = self.public.awaiting() else {
                    return Err(refuse(Refusal::NotNow, "no captured man awaits its answer"));
                };
                if Side::from(owner) != side {
                    return Err(refuse(
                        Refusal::NotNow,
                        "only the captured man's owner answers",
                    ));
                }
                self.check_opening(
                    game,
                    side,
                    Opening {
                        origin,
                        carrier: *carrier,
                        salt: *salt,
                    },
                )?;
                self.public
                    .answer_switch(*carrier)
                    .map_err(public_refusal)?;
                if *carrier {
                    self.opened[side.index()].push(origin);
                }
                false
            }
            Action::NoBoom => {
                self.public.declare_no_boom().map_err(public_refusal)?;
                false
            }
            other => {
                return Err(refuse(Refusal::NotNow, format!("no {} now", other.name())));
            }
        };
        self.shown = VariantPosition::Eight(*self.public.position());
        Ok(passes)
    }

    /// Records `side`'s final reveal: one opening for each of its men, each opening its
    /// commitment. Which men are carriers is checked by the replay ([`Beirut::verdict`]).
    pub fn reveal(
        &mut self,
        game: GameId,
        side: Side,
        openings: &[WireOpening],
    ) -> Result<(), Refused> {
        let mut carriers = Vec::new();
        let mut seen = Vec::new();
        for opening in openings {
            let opening = Opening {
                origin: opening.square.0,
                carrier: opening.carrier,
                salt: opening.salt,
            };
            if seen.contains(&opening.origin) {
                return Err(refuse(
                    Refusal::BadOpening,
                    format!(
                        "two openings for the man that started on {}",
                        square_name(opening.origin)
                    ),
                ));
            }
            self.check_opening(game, side, opening)?;
            seen.push(opening.origin);
            if opening.carrier {
                carriers.push(opening.origin);
            }
        }
        let committed = (0..64u8)
            .map(Square::from_index)
            .filter(|sq| self.commitments[side.index()][sq.usize()].is_some());
        if let Some(missing) = committed.into_iter().find(|sq| !seen.contains(sq)) {
            return Err(refuse(
                Refusal::BadOpening,
                format!(
                    "no opening for the man that started on {}",
                    square_name(missing)
                ),
            ));
        }
        self.revealed[side.index()] = Some(carriers);
        Ok(())
    }
}

impl Beirut {
    /// `loser` resigned, or let a statement's deadline pass: the public game ends there (the
    /// replay at the end still checks every statement made before).
    pub fn resigned(&mut self, loser: Side) {
        self.public.resign(loser.color()).ok();
    }

    /// The players agreed to a draw.
    pub fn agreed_draw(&mut self) {
        self.public.agree_draw().ok();
    }

    /// `loser`'s flag fell: whether its opponent wins (`None`: the opponent's hidden carriers
    /// decide, at the end).
    pub fn flag_fell(&mut self, loser: Side) -> Option<bool> {
        match self.public.flag_fall(loser.color()) {
            Ok(FlagResult::Win(_)) => Some(true),
            Ok(FlagResult::Draw) => Some(false),
            Ok(FlagResult::DependsOnCarriers) => None,
            // The public game had already ended; the table has too.
            Err(_) => Some(true),
        }
    }

    /// The result the public game knows for sure, if it is over on the board.
    pub fn public_result(&self) -> Option<GameResult> {
        match self.public.awaiting() {
            Awaiting::Over(outcome) => Some(GameResult::of_outcome(outcome)),
            _ => None,
        }
    }

    /// The final result once both sides have revealed: the game replayed with every carrier
    /// known ([`PublicGame::audit`]). The first false statement loses for its side, whatever
    /// the result was; a result the carriers decide (a flag that fell, a draw by insufficient
    /// material the public could not see) is settled; otherwise the provisional result stands.
    pub fn verdict(&self, provisional: &Provisional) -> GameResult {
        let carriers = |side: Side| self.revealed[side.index()].clone().unwrap_or_default();
        match self
            .public
            .audit(&carriers(Side::White), &carriers(Side::Black))
        {
            Audit::Failed { side, ply, what } => GameResult {
                winner: Some(Side::from(!side)),
                reason: Reason::VerificationFailed,
                detail: Some(falsehood_words(side, ply, what)),
            },
            Audit::Verified(Some(outcome)) => match provisional {
                Provisional::FlagFell(_) => GameResult::of_outcome(outcome),
                // The board was dead before the public could see it.
                Provisional::Result(_)
                    if outcome.reason() == boomchess_rules::Reason::InsufficientMaterial =>
                {
                    GameResult::of_outcome(outcome)
                }
                Provisional::Result(result) => result.clone(),
            },
            Audit::Verified(None) => match provisional {
                Provisional::Result(result) => result.clone(),
                Provisional::FlagFell(side) => GameResult::win(side.other(), Reason::Timeout),
            },
        }
    }
}

/// What did not hold, in words: who said what, when.
fn falsehood_words(side: Color, ply: usize, what: Falsehood) -> String {
    let who = side.title();
    let at = format!("(move {})", ply / 2 + 1);
    match what {
        Falsehood::Carriers(problem) => match problem {
            CarrierProblem::WrongCount { expected, found } => {
                format!("{who} opened {found} carriers; the game has {expected}")
            }
            CarrierProblem::King(sq) => {
                format!("{who} named its king ({}) a carrier", square_name(sq))
            }
            CarrierProblem::NotOwnMan(sq) => {
                format!(
                    "{who} named {} a carrier, which is not one of its men",
                    square_name(sq)
                )
            }
            CarrierProblem::Duplicate(sq) => {
                format!("{who} named the man of {} twice", square_name(sq))
            }
        },
        Falsehood::NotACarrier { origin } => format!(
            "{who} set off the man that started on {}, which is not one of its carriers {at}",
            square_name(origin)
        ),
        Falsehood::IllegalBoom { origin } => format!(
            "{who}'s boom of the man that started on {} was not legal {at}",
            square_name(origin)
        ),
        Falsehood::FalseSwitchAnswer { origin, said } => format!(
            "{who} said the captured man of {} {} a bomb {at}",
            square_name(origin),
            if said { "carried" } else { "carried no" }
        ),
        Falsehood::FalseNoBoom { boom } => format!(
            "{who} said it had no legal boom, but the man on {} could boom {at}",
            square_name(boom)
        ),
    }
}
