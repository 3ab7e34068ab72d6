//! [`OnlineGame`]: an online game as its public record makes it, refereed the same way by the
//! server (which stores the record), by each player's page (which checks every entry it
//! receives) and by a spectator's.
//!
//! Every change is an [`Event`]: a player's action, a seat taken, or a judgement of time (a flag
//! fall, a missed deadline) that the server makes at the moment it happens. [`OnlineGame::record`]
//! checks an event against the rules and the clocks and appends it, or refuses it and leaves the
//! game as it was, so a record replayed from storage or received over the network is checked
//! entry by entry. The result is not an event: it follows from the record.

use crate::message::{Action, Event, GameInfo, Refusal, Refused, Side, TimeControl, What};
use crate::referee::{Owed, Referee};
use crate::result::GameResult;
use boomchess_rules::Reason;
use boomchess_rules::{Options, Variant};

/// Milliseconds since the Unix epoch, by the server's clock.
pub type Millis = u64;

/// Where an online game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Waiting for the second player to take its seat.
    Seating,
    /// Beirut: waiting for these sides' commitments (`[white, black]`: still owed).
    Committing([bool; 2]),
    /// Moves are being played.
    Playing,
    /// Beirut: the game is over on the board but its result waits for the final reveal of these
    /// sides (`[white, black]`: still owed); `provisional` is the result if every statement holds.
    Revealing {
        /// Reveals still owed.
        owed: [bool; 2],
        /// The result as the public record has it, before the replay with every carrier known.
        provisional: Provisional,
    },
    /// The game is over.
    Over(GameResult),
}

/// A result before the final replay (Beirut).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Provisional {
    /// The result, unless a statement turns out false.
    Result(GameResult),
    /// `side`'s flag fell while its opponent may still win with a carrier on the board: the
    /// opponent wins if it had one, otherwise it is a draw.
    FlagFell(Side),
}

impl Provisional {
    /// The result shown while the reveal is awaited: a fallen flag shows as the opponent's
    /// win, which the reveal may still turn into a draw.
    pub fn outcome(&self) -> boomchess_rules::Outcome {
        match self {
            Provisional::Result(result) => result.outcome(),
            Provisional::FlagFell(side) => boomchess_rules::Outcome::Decisive {
                winner: side.other().color(),
                reason: boomchess_rules::Reason::Timeout,
            },
        }
    }
}

/// The next judgement of time a game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    /// When it falls due.
    pub at: Millis,
    /// The side it concerns.
    pub side: Side,
    /// A flag fall (else a missed deadline).
    pub flag: bool,
}

/// An online game: its settings, its public record and the referee's state after it.
#[derive(Clone, Debug)]
pub struct OnlineGame {
    info: GameInfo,
    referee: Referee,
    events: Vec<Event>,
    stage: Stage,
    seated: [bool; 2],
    /// Whether each side has made its first move (before both have, the game can be aborted and
    /// the clocks do not run).
    moved: [bool; 2],
    draw_offer: Option<Side>,
    /// Milliseconds left on each clock, as of `since` for the side whose clock runs.
    clocks: Option<[u64; 2]>,
    /// When the current wait began: the last turn change, statement owed or stage change.
    since: Millis,
}

/// The settings of a game, read from the words of [`GameInfo`].
pub fn settings_of(info: &GameInfo) -> Result<(Variant, Options), Refused> {
    let variant = Variant::from_name(&info.variant)
        .map_err(|err| Refused::new(Refusal::BadSettings, err.to_string()))?;
    let options = Options::parse(variant, &info.options)
        .map_err(|err| Refused::new(Refusal::BadSettings, err.to_string()))?;
    if let Some(clock) = info.clock {
        check_time_control(clock)?;
    }
    Ok((variant, options))
}

/// Refuses time controls outside 1 s – 3 h with at most 3 minutes' increment.
pub fn check_time_control(clock: TimeControl) -> Result<(), Refused> {
    if !(1..=10_800).contains(&clock.initial) || clock.increment > 180 {
        return Err(Refused::new(
            Refusal::BadSettings,
            "a time control has 1 to 10800 seconds and an increment of 0 to 180 seconds",
        ));
    }
    Ok(())
}

impl OnlineGame {
    /// A new game with no seat taken yet.
    pub fn new(info: GameInfo) -> Result<OnlineGame, Refused> {
        let (variant, options) = settings_of(&info)?;
        let clocks = info.clock.map(|c| [u64::from(c.initial) * 1000; 2]);
        Ok(OnlineGame {
            since: info.created,
            referee: Referee::new(variant, options),
            info,
            events: Vec::new(),
            stage: Stage::Seating,
            seated: [false; 2],
            moved: [false; 2],
            draw_offer: None,
            clocks,
        })
    }

    /// A game rebuilt from its stored record, every entry checked again.
    pub fn replay(info: GameInfo, events: &[Event]) -> Result<OnlineGame, Refused> {
        let mut game = OnlineGame::new(info)?;
        for event in events {
            game.record(event.clone())?;
        }
        Ok(game)
    }

    /// The game's settings.
    pub fn info(&self) -> &GameInfo {
        &self.info
    }

    /// The referee, for reading the position.
    pub fn referee(&self) -> &Referee {
        &self.referee
    }

    /// The public record.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Where the game stands.
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The result, once final.
    pub fn result(&self) -> Option<&GameResult> {
        match &self.stage {
            Stage::Over(result) => Some(result),
            _ => None,
        }
    }

    /// Whether `side`'s seat is taken.
    pub fn is_seated(&self, side: Side) -> bool {
        self.seated[side.index()]
    }

    /// Whether a player may still abort the game: it has not ended and not both sides have
    /// moved.
    pub fn abortable(&self) -> bool {
        !matches!(self.stage, Stage::Over(_) | Stage::Revealing { .. }) && self.moved != [true; 2]
    }

    /// The standing draw offer, if any: who made it.
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }

    /// Whether the clocks run (a time control, both sides have moved, the game in play).
    fn clock_runs(&self) -> bool {
        self.clocks.is_some() && self.moved == [true; 2] && self.stage == Stage::Playing
    }

    /// The side whose clock is running, if one is.
    pub fn running(&self) -> Option<Side> {
        self.clock_runs().then(|| self.referee.turn())
    }

    /// Milliseconds left on each clock at `now` (`[white, black]`), if the game has clocks.
    pub fn clocks(&self, now: Millis) -> Option<[u64; 2]> {
        let mut clocks = self.clocks?;
        if let Some(side) = self.running() {
            let left = &mut clocks[side.index()];
            *left = left.saturating_sub(now.saturating_sub(self.since));
        }
        Some(clocks)
    }

    fn grace_ms(&self) -> u64 {
        u64::from(self.info.grace) * 1000
    }

    /// The next judgement of time the game waits for, if any.
    pub fn due(&self) -> Option<Due> {
        let grace = self.since + self.grace_ms();
        let missed = |side: Side, at: Millis| Due {
            at,
            side,
            flag: false,
        };
        match &self.stage {
            Stage::Seating | Stage::Over(_) => None,
            Stage::Committing(owed) => Side::BOTH
                .into_iter()
                .find(|side| owed[side.index()])
                .map(|side| missed(side, grace)),
            Stage::Revealing { owed, .. } => Side::BOTH
                .into_iter()
                .find(|side| owed[side.index()])
                .map(|side| missed(side, grace)),
            Stage::Playing => {
                let side = self.referee.turn();
                if let Some(side) = self.running() {
                    let left = self.clocks.map_or(0, |c| c[side.index()]);
                    return Some(Due {
                        at: self.since + left,
                        side,
                        flag: true,
                    });
                }
                let owes_statement = self.referee.owed() != Owed::Move;
                (!self.moved[side.index()] || owes_statement).then(|| missed(side, grace))
            }
        }
    }

    /// The judgements that fell due by `now`, recorded (the server calls this before every
    /// action and when a timer it set from [`OnlineGame::due`] fires, and stores what it returns).
    pub fn judge(&mut self, now: Millis) -> Vec<Event> {
        let mut judged = Vec::new();
        while let Some(due) = self.due().filter(|due| due.at <= now) {
            let what = if due.flag {
                What::FlagFell { side: due.side }
            } else {
                What::DeadlineMissed { side: due.side }
            };
            let event = Event {
                n: self.events.len() as u32,
                at: due.at,
                what,
            };
            self.record(event.clone())
                .expect("a judgement the game reports due is accepted");
            judged.push(event);
        }
        judged
    }

    /// `side` takes its seat at `now` (the server, when a player joins).
    pub fn seat(&mut self, side: Side, now: Millis) -> Result<Event, Refused> {
        self.push(What::Seated { side }, now)
    }

    /// `side` acts at `now`; the accepted event, to store and send to everybody. The caller has
    /// judged the game at `now` first.
    pub fn act(&mut self, side: Side, action: Action, now: Millis) -> Result<Event, Refused> {
        self.push(What::Acted { side, action }, now)
    }

    fn push(&mut self, what: What, now: Millis) -> Result<Event, Refused> {
        let event = Event {
            n: self.events.len() as u32,
            at: now.max(self.last_at()),
            what,
        };
        self.record(event.clone())?;
        Ok(event)
    }

    fn last_at(&self) -> Millis {
        self.events.last().map_or(self.info.created, |e| e.at)
    }

    /// Checks `event` against the rules and the clocks and appends it; refused, the game is
    /// unchanged.
    pub fn record(&mut self, event: Event) -> Result<(), Refused> {
        if event.n as usize != self.events.len() {
            return Err(Refused::new(
                Refusal::OutOfOrder,
                format!(
                    "entry {} of the record was expected, not entry {}",
                    self.events.len(),
                    event.n
                ),
            ));
        }
        if event.at < self.last_at() {
            return Err(Refused::new(
                Refusal::BadMessage,
                "an entry of the record cannot be older than the one before it",
            ));
        }
        let mut next = self.clone();
        next.apply(&event)?;
        next.events.push(event);
        *self = next;
        Ok(())
    }

    /// Applies one entry to the state (on a copy: an error leaves the game untouched).
    fn apply(&mut self, event: &Event) -> Result<(), Refused> {
        let at = event.at;
        match &event.what {
            What::Seated { side } => {
                if self.seated[side.index()] {
                    return Err(Refused::new(
                        Refusal::SeatsTaken,
                        format!("{}'s seat is taken", side.name()),
                    ));
                }
                self.seated[side.index()] = true;
                if self.seated == [true; 2] {
                    self.since = at;
                    self.stage = if self.referee.needs_commitments() {
                        Stage::Committing([true; 2])
                    } else {
                        Stage::Playing
                    };
                }
                Ok(())
            }
            What::FlagFell { side } | What::DeadlineMissed { side } => {
                let flag = matches!(event.what, What::FlagFell { .. });
                match self.due() {
                    Some(due) if due.side == *side && due.flag == flag && due.at <= at => {}
                    _ => {
                        return Err(Refused::new(
                            Refusal::NotNow,
                            format!("nothing of {}'s was due then", side.name()),
                        ))
                    }
                }
                if flag {
                    self.flag_fell(*side, at);
                } else {
                    self.deadline_missed(*side, at);
                }
                Ok(())
            }
            What::Acted { side, action } => self.acted(*side, action, at),
        }
    }

    fn acted(&mut self, side: Side, action: &Action, at: Millis) -> Result<(), Refused> {
        if !self.seated[side.index()] {
            return Err(Refused::new(Refusal::BadToken, "that seat is not taken"));
        }
        if let Some(due) = self.due().filter(|due| due.at <= at) {
            return Err(Refused::new(
                Refusal::NotNow,
                format!(
                    "too late: {}'s {} came first",
                    due.side.name(),
                    if due.flag { "flag fall" } else { "deadline" }
                ),
            ));
        }
        match (&self.stage, action) {
            (Stage::Over(_), _) => Err(Refused::new(Refusal::GameOver, "the game is over")),
            (Stage::Seating, Action::Abort) => {
                self.stage = Stage::Over(GameResult::draw(Reason::Aborted));
                Ok(())
            }
            (Stage::Seating, _) => Err(Refused::new(
                Refusal::NotStarted,
                "the game starts when the second player takes the other seat",
            )),
            (Stage::Committing(_) | Stage::Playing, Action::Abort) => {
                if self.moved == [true; 2] {
                    return Err(Refused::new(
                        Refusal::NotNow,
                        "a game can only be aborted before both sides have moved",
                    ));
                }
                self.stage = Stage::Over(GameResult::draw(Reason::Aborted));
                Ok(())
            }
            (Stage::Committing(owed), Action::Commit { commitments }) => {
                let mut owed = *owed;
                if !owed[side.index()] {
                    return Err(Refused::new(Refusal::NotNow, "this side has committed"));
                }
                self.referee.commit(side, commitments)?;
                owed[side.index()] = false;
                self.since = at;
                self.stage = if owed == [false; 2] {
                    Stage::Playing
                } else {
                    Stage::Committing(owed)
                };
                Ok(())
            }
            (Stage::Committing(_), _) => Err(Refused::new(
                Refusal::NotNow,
                "play starts when both sides have committed to their carriers",
            )),
            (Stage::Playing, Action::Resign) => {
                self.referee.resigned(side);
                self.end(GameResult::win(side.other(), Reason::Resignation), at);
                Ok(())
            }
            (Stage::Playing, Action::OfferDraw | Action::AcceptDraw)
                if self.draw_offer == Some(side.other()) =>
            {
                self.referee.agreed_draw();
                self.end(GameResult::draw(Reason::Agreement), at);
                Ok(())
            }
            (Stage::Playing, Action::OfferDraw) => {
                if self.draw_offer == Some(side) {
                    return Err(Refused::new(Refusal::NotNow, "this side's offer stands"));
                }
                self.draw_offer = Some(side);
                Ok(())
            }
            (Stage::Playing, Action::AcceptDraw | Action::DeclineDraw) => {
                if self.draw_offer != Some(side.other()) {
                    return Err(Refused::new(Refusal::NotNow, "no draw is on offer"));
                }
                self.draw_offer = None;
                Ok(())
            }
            (
                Stage::Playing,
                Action::Move { .. } | Action::Boom { .. } | Action::Switch { .. } | Action::NoBoom,
            ) => {
                if self.referee.turn() != side {
                    return Err(Refused::new(Refusal::NotNow, "it is the other side's turn"));
                }
                let turn_passes = self.referee.play(self.info.id, side, action)?;
                if turn_passes {
                    self.turn_passed(side, at);
                } else if self.referee.owed() != Owed::Move {
                    self.since = at;
                }
                if let Some(result) = self.referee.public_result() {
                    self.end(result, at);
                }
                Ok(())
            }
            (Stage::Playing, Action::Commit { .. } | Action::Reveal { .. }) => Err(Refused::new(
                Refusal::NotNow,
                format!("no {} during play", action.name()),
            )),
            (Stage::Revealing { owed, provisional }, Action::Reveal { openings }) => {
                let mut owed = *owed;
                if !owed[side.index()] {
                    return Err(Refused::new(Refusal::NotNow, "this side has revealed"));
                }
                self.referee.reveal(self.info.id, side, openings)?;
                owed[side.index()] = false;
                if owed == [false; 2] {
                    let provisional = provisional.clone();
                    self.stage = Stage::Over(self.referee.verdict(&provisional));
                } else {
                    self.stage = Stage::Revealing {
                        owed,
                        provisional: provisional.clone(),
                    };
                }
                Ok(())
            }
            (Stage::Revealing { .. }, _) => Err(Refused::new(
                Refusal::NotNow,
                "the game is over; only the final reveal is owed",
            )),
        }
    }

    /// `side` moved at `at`: its clock stops (with the increment), the opponent's starts, and a
    /// draw offer by the opponent lapses.
    fn turn_passed(&mut self, side: Side, at: Millis) {
        if self.clock_runs() {
            let increment = self.info.clock.map_or(0, |c| u64::from(c.increment) * 1000);
            if let Some(clocks) = &mut self.clocks {
                let left = &mut clocks[side.index()];
                *left = left.saturating_sub(at - self.since) + increment;
            }
        }
        self.moved[side.index()] = true;
        if self.draw_offer == Some(side.other()) {
            self.draw_offer = None;
        }
        self.since = at;
    }

    fn flag_fell(&mut self, side: Side, at: Millis) {
        if let Some(clocks) = &mut self.clocks {
            clocks[side.index()] = 0;
        }
        let provisional = match self.referee.flag_fell(side) {
            Some(true) => Provisional::Result(GameResult::win(side.other(), Reason::Timeout)),
            Some(false) => Provisional::Result(GameResult::draw(Reason::InsufficientMaterial)),
            None => Provisional::FlagFell(side),
        };
        self.end_provisionally(provisional, at);
    }

    fn deadline_missed(&mut self, side: Side, at: Millis) {
        match &self.stage {
            Stage::Committing(_) => self.stage = Stage::Over(GameResult::draw(Reason::Aborted)),
            Stage::Playing if !self.moved[side.index()] && self.referee.owed() == Owed::Move => {
                self.stage = Stage::Over(GameResult::draw(Reason::Aborted));
            }
            Stage::Playing => {
                self.referee.resigned(side);
                self.end(GameResult::win(side.other(), Reason::DeadlineMissed), at);
            }
            Stage::Revealing { owed, .. } => {
                // A side that does not reveal loses, whatever the board said; if neither does,
                // nobody can be shown to have won.
                let result = if owed[side.other().index()] {
                    GameResult::draw(Reason::DeadlineMissed)
                } else {
                    GameResult::win(side.other(), Reason::DeadlineMissed)
                };
                self.stage = Stage::Over(result);
            }
            Stage::Seating | Stage::Over(_) => {}
        }
    }

    /// The game is over on the board or by the players (resignation, agreement).
    fn end(&mut self, result: GameResult, at: Millis) {
        self.end_provisionally(Provisional::Result(result), at);
    }

    fn end_provisionally(&mut self, provisional: Provisional, at: Millis) {
        self.draw_offer = None;
        self.since = at;
        self.stage = if self.referee.needs_commitments() {
            Stage::Revealing {
                owed: [true; 2],
                provisional,
            }
        } else {
            match provisional {
                Provisional::Result(result) => Stage::Over(result),
                Provisional::FlagFell(side) => {
                    Stage::Over(GameResult::win(side.other(), Reason::Timeout))
                }
            }
        };
    }
}
