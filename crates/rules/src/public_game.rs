//! The public Beirut game (online play): the game as everybody — the
//! server, the opponent, a spectator — knows it, without the bomb carriers,
//! and the audit that replays it once the carriers are known
//! (docs/rules.md §1.12, "a game refereed in public").
//!
//! Nobody but its owner knows a carrier until the rules reveal it, so the
//! public game follows every man by *identity* (the square it started on)
//! and waits for the statements only an owner can make: a boom, under Dead
//! Man's Switch whether a captured man carried a bomb, and "I have no legal
//! boom" when a side has no ordinary move. It accepts them as they come;
//! [`PublicGame::audit`] checks every one of them at the end with the full
//! knowledge of the referee ([`Game`]).
//!
//! ```
//! use boomchess_rules::{Awaiting, Board8, Color, Geometry, Options, PublicGame};
//!
//! let mut game = PublicGame::new(Options::default());
//! assert_eq!(game.awaiting(), Awaiting::Move(Color::White));
//! assert_eq!(game.legal_moves().len(), 20);
//! let g1 = Board8::parse_square("g1").unwrap();
//! let f3 = Board8::parse_square("f3").unwrap();
//! let m = game.position().parse_uci("g1f3").unwrap();
//! game.play(m).unwrap();
//! // The knight that started on g1 stands on f3.
//! assert_eq!(game.origin_at(f3), Some(g1));
//! assert_eq!(game.square_of(g1), Some(f3));
//! ```

use crate::bits::Bits;
use crate::fen::FenError;
use crate::game::Game;
use crate::geometry::{Board8, Geometry};
use crate::identity::Identities;
use crate::moves::{Move, MoveKind};
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::san::SWITCH_MARK;
use crate::square::Square;
use crate::variant::{Options, Variant};
use crate::variant_position::VariantPosition;
use core::fmt;

type Bits8 = <Board8 as Geometry>::Bits;
type MoveList8 = <Board8 as Geometry>::MoveList;

/// What the public game waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaiting {
    /// This side plays an ordinary move or claims a boom.
    Move(Color),
    /// Dead Man's Switch: a man was just captured, and only its owner knows
    /// whether it carried a bomb, so the game waits for the answer
    /// ([`PublicGame::answer_switch`]).
    Switch {
        /// The side whose man was captured.
        owner: Color,
        /// Where the captured man started: the label of its commitment.
        origin: Square,
        /// Where it was captured: the centre of the blast if it carried one.
        at: Square,
    },
    /// This side has no ordinary move, but one of its men might still boom:
    /// it booms, or states that it has no legal boom
    /// ([`PublicGame::declare_no_boom`]), or resigns.
    Stuck(Color),
    /// The game is over with this result, as far as the public can know it:
    /// the audit can still find a false statement.
    Over(Outcome),
    /// The game is over by a fallen flag, and whether the opponent wins
    /// depends on a carrier nobody has seen yet: the audit settles it.
    Audit {
        /// The side whose flag fell.
        flag_fell: Color,
    },
}

/// One public action, as the public game records it (in order, with
/// [`Recorded::ply`]): enough to replay the game, and what the audit checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// An ordinary move.
    Move(Move),
    /// A boom of the man on this square (its opening showed a bomb).
    Boom(Square),
    /// The answer owed under Dead Man's Switch: did the captured man carry a
    /// bomb?
    Switch(bool),
    /// "I have no legal boom": the stuck side's statement that ends the game
    /// as checkmate or stalemate.
    NoBoom,
    /// This side resigned.
    Resign(Color),
    /// The players agreed to a draw.
    Draw,
    /// This side's flag fell.
    FlagFall(Color),
}

/// An action and when it came.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Recorded {
    /// Half-moves (ordinary moves and booms) on the board before the action:
    /// a capture's switch answer comes one ply after the capture.
    pub ply: usize,
    /// What was done.
    pub action: Action,
}

/// What a fallen flag means publicly ([`PublicGame::flag_fall`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagResult {
    /// This side (the opponent) has mating material everybody can see: it wins.
    Win(Color),
    /// The opponent cannot mate, not even with a bomb: a draw.
    Draw,
    /// The opponent has no mating material in sight, but one of its men may
    /// carry a bomb: the audit decides (a carrier on the board at that moment
    /// wins on time, else a draw).
    DependsOnCarriers,
}

/// Why a man may not boom (§1.4 and what the public knows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoomRefusal {
    /// The square holds no man of the side to move.
    NotOwnMan,
    /// A king never carries a bomb.
    King,
    /// A promoted pawn carries no bomb (§1.7).
    Promoted,
    /// §1.4 case 1: the area holds the boomer's own king.
    OwnKingInArea,
    /// §1.4 case 3: after the blast the boomer's own king would be in check.
    KingLeftInCheck,
}

/// Why the public game refused an action; a refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublicError {
    /// The game awaits something else (a switch answer, a statement, or
    /// nothing at all once it is over).
    NotAwaited(Awaiting),
    /// Not a legal ordinary move here.
    IllegalMove(Move),
    /// The man on `square` cannot boom.
    CannotBoom {
        /// Where the boom was claimed.
        square: Square,
        /// Why it is refused.
        why: BoomRefusal,
    },
    /// This side has already opened as many carriers as the game has.
    TooManyOpenings(Color),
}

impl fmt::Display for PublicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicError::NotAwaited(a) => write!(f, "not what the game awaits ({a:?})"),
            PublicError::IllegalMove(m) => {
                write!(
                    f,
                    "{} is not a legal move",
                    crate::move_to_uci::<Board8>(*m)
                )
            }
            PublicError::CannotBoom { square, why } => {
                let why = match why {
                    BoomRefusal::NotOwnMan => "it holds no man of the side to move",
                    BoomRefusal::King => "a king carries no bomb",
                    BoomRefusal::Promoted => "a promoted piece carries no bomb",
                    BoomRefusal::OwnKingInArea => "the blast would destroy its own king",
                    BoomRefusal::KingLeftInCheck => "its own king would be in check",
                };
                write!(f, "no boom on {}: {why}", Board8::square_name(*square))
            }
            PublicError::TooManyOpenings(c) => {
                write!(f, "{} has opened all its carriers already", c.title())
            }
        }
    }
}

impl std::error::Error for PublicError {}

/// What is wrong with a side's carriers as opened at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CarrierProblem {
    /// The game asks for exactly `expected` carriers.
    WrongCount {
        /// `carriers=N`, or all the side's men if it has fewer.
        expected: u8,
        /// How many were opened.
        found: usize,
    },
    /// The king cannot carry a bomb.
    King(Square),
    /// No man of this side started on this square.
    NotOwnMan(Square),
    /// The same man was named twice.
    Duplicate(Square),
}

/// A statement the audit found false, or an action the referee refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Falsehood {
    /// The side's carriers are not a valid choice.
    Carriers(CarrierProblem),
    /// A boom by a man that is not among the side's carriers.
    NotACarrier {
        /// Where the man started.
        origin: Square,
    },
    /// A boom the referee does not allow (cannot happen once the public game
    /// accepted it; kept as a check of the replay).
    IllegalBoom {
        /// Where the man started.
        origin: Square,
    },
    /// A Dead Man's Switch answer that does not match the carriers.
    FalseSwitchAnswer {
        /// The captured man's start square.
        origin: Square,
        /// What its owner said.
        said: bool,
    },
    /// "No legal boom" said by a side that had one.
    FalseNoBoom {
        /// The square of a man that could have boomed.
        boom: Square,
    },
}

/// The result of [`PublicGame::audit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audit {
    /// Every statement was true. The result as the full-knowledge referee
    /// settles it (`None`: the game did not end). A draw by insufficient
    /// material that held before the public could see it, or a fallen flag
    /// that depended on the carriers, is settled here.
    Verified(Option<Outcome>),
    /// The first false statement or inconsistency: `side` loses, whatever
    /// the game's result was (resignation, agreed draw, flag).
    Failed {
        /// The side that made it.
        side: Color,
        /// The [`Recorded::ply`] of the action (0 for the carriers).
        ply: usize,
        /// What was false.
        what: Falsehood,
    },
}

/// A capture whose switch answer is owed: how to replay it with the blast.
#[derive(Clone, Copy, Debug)]
struct Pending {
    before: Position<Board8>,
    men: Identities,
    mv: Move,
}

/// A Beirut game as everybody knows it (see the module documentation).
#[derive(Clone, Debug)]
pub struct PublicGame {
    options: Options,
    start: Position<Board8>,
    /// The position with no carrier marked.
    pos: Position<Board8>,
    men: Identities,
    /// Carriers each side has opened (booms, switch answers "yes").
    opened: [u8; 2],
    awaiting: Awaiting,
    actions: Vec<Recorded>,
    /// Every position so far, for repetition by identity.
    seen: Vec<(u64, Identities)>,
    /// SAN of each board move.
    san: Vec<String>,
    /// SAN of the last board move without `+`/`#`, which may still change.
    last_base: String,
    pending: Option<Pending>,
}

impl PublicGame {
    /// A new game from the Beirut start position.
    pub fn new(options: Options) -> PublicGame {
        PublicGame::from_fen(options, Variant::Beirut.start_fen()).expect("the start is valid")
    }

    /// A game from a Beirut position everybody knows (lessons, tests): its
    /// pieces count as unpromoted, each labelled by its square here. A text
    /// with `*` marks is refused: no carrier is public.
    pub fn from_fen(options: Options, fen: &str) -> Result<PublicGame, FenError> {
        if fen.contains('*') {
            return Err(FenError::BadCarrierMark(
                "a public position marks no carriers",
            ));
        }
        Ok(PublicGame::from_start(
            options,
            Position::from_fen(Variant::Beirut, options, fen)?,
        ))
    }

    fn from_start(options: Options, start: Position<Board8>) -> PublicGame {
        let mut game = PublicGame {
            options,
            start,
            pos: start,
            men: Identities::new(&start),
            opened: [0; 2],
            awaiting: Awaiting::Move(start.turn()),
            actions: Vec::new(),
            seen: Vec::new(),
            san: Vec::new(),
            last_base: String::new(),
            pending: None,
        };
        game.settle();
        game
    }

    // ----- What everybody can see ------------------------------------------

    /// The options in force.
    pub fn options(&self) -> Options {
        self.options
    }
    /// What the game waits for.
    pub fn awaiting(&self) -> Awaiting {
        self.awaiting
    }
    /// The position with no carrier marked. While a switch answer is owed it
    /// shows the capture without any blast.
    pub fn position(&self) -> &Position<Board8> {
        &self.pos
    }
    /// The start position.
    pub fn start_position(&self) -> &Position<Board8> {
        &self.start
    }
    /// The actions so far, in order, for storing and for the audit.
    pub fn actions(&self) -> &[Recorded] {
        &self.actions
    }
    /// The board moves in SAN as the public knows them: a capture that set
    /// off a switch blast carries [`SWITCH_MARK`]; a mate is written `#`
    /// once it is known (after the mated side's statement), `+` before; a
    /// capture still waiting for its answer has no mark and no `+`/`#`.
    pub fn san_moves(&self) -> &[String] {
        &self.san
    }
    /// Carriers `color` has opened (booms and switch answers "yes").
    pub fn carriers_opened(&self, color: Color) -> u8 {
        self.opened[color.index()]
    }
    /// The start square of the piece on `sq`: the label of its commitment.
    pub fn origin_at(&self, sq: Square) -> Option<Square> {
        self.men.origin_at(sq)
    }
    /// Where the piece that started on `origin` stands now (`None`: gone).
    pub fn square_of(&self, origin: Square) -> Option<Square> {
        self.men.square_of(origin)
    }
    /// Whether the piece on `sq` is a promoted pawn, which carries no bomb.
    pub fn promoted_at(&self, sq: Square) -> bool {
        self.men.promoted_at(sq)
    }

    /// The ordinary moves the side to move may play (none unless the game
    /// awaits a move). By §1.5 they are exactly the legal moves other than
    /// booms, whatever the carriers.
    pub fn legal_moves(&self) -> Vec<Move> {
        match self.awaiting {
            Awaiting::Move(_) => self.ordinary().to_vec(),
            _ => Vec::new(),
        }
    }

    /// The squares whose men may claim a boom now ([`PublicGame::may_boom`]).
    pub fn boom_squares(&self) -> Vec<Square> {
        match self.awaiting {
            Awaiting::Move(_) | Awaiting::Stuck(_) => self.possible_booms().squares().collect(),
            _ => Vec::new(),
        }
    }

    /// `Ok` if the man on `sq` may claim a boom, else why not: it must be a
    /// man of the side to move, not the king, not promoted, of a side that
    /// has opened fewer carriers than the game has, and §1.4 must allow its
    /// boom (own king outside the area; then the enemy king in the area, or
    /// own king not in check after the blast). Everybody can check all of
    /// this; only the opening shows whether the man carries a bomb.
    pub fn may_boom(&self, sq: Square) -> Result<(), PublicError> {
        let us = match self.awaiting {
            Awaiting::Move(c) | Awaiting::Stuck(c) => c,
            other => return Err(PublicError::NotAwaited(other)),
        };
        let refuse = |why| Err(PublicError::CannotBoom { square: sq, why });
        let own = sq.usize() < Board8::SQUARES && self.pos.by_color(us).has(sq);
        if !own {
            return refuse(BoomRefusal::NotOwnMan);
        }
        if self.pos.by_role(Role::King).has(sq) {
            return refuse(BoomRefusal::King);
        }
        if self.men.promoted_at(sq) {
            return refuse(BoomRefusal::Promoted);
        }
        if self.opened[us.index()] >= self.options.carriers {
            return Err(PublicError::TooManyOpenings(us));
        }
        let area = Board8::tables().king[sq.usize()] | Bits8::from_square(sq);
        if self.pos.king_of(us).is_some_and(|k| area.has(k)) {
            return refuse(BoomRefusal::OwnKingInArea);
        }
        if self.booms_of(Bits8::from_square(sq)).has(sq) {
            Ok(())
        } else {
            refuse(BoomRefusal::KingLeftInCheck)
        }
    }

    /// What a fallen flag of `loser` means publicly; see [`FlagResult`].
    /// The opponent wins when its own pieces are mating material (a pawn,
    /// queen or rook, or minor pieces that are not one alone or only bishops
    /// on one colour: the insufficient-material rule on its pieces alone).
    /// While a switch answer is owed the blast is not known yet; the audit
    /// judges from the referee's position.
    fn flag_result(&self, loser: Color) -> FlagResult {
        let opponent = !loser;
        if self.pos.has_mating_material(opponent) {
            FlagResult::Win(opponent)
        } else if self.could_have_carrier(opponent) {
            FlagResult::DependsOnCarriers
        } else {
            FlagResult::Draw
        }
    }

    // ----- Actions -----------------------------------------------------------

    /// Plays an ordinary move (one of [`PublicGame::legal_moves`]). Under
    /// Dead Man's Switch, capturing an unpromoted man makes the game await
    /// its owner's answer.
    pub fn play(&mut self, m: Move) -> Result<(), PublicError> {
        let Awaiting::Move(us) = self.awaiting else {
            return Err(PublicError::NotAwaited(self.awaiting));
        };
        let legal = self.ordinary();
        if !legal.contains(&m) {
            return Err(PublicError::IllegalMove(m));
        }
        let before = self.pos;
        let men = self.men;
        let victim = match m.kind {
            MoveKind::EnPassant => before.ep_victim(),
            MoveKind::Normal | MoveKind::Promotion(_) => {
                before.by_color(!us).has(m.to).then_some(m.to)
            }
            _ => None,
        };
        self.record(Action::Move(m));
        self.pos.play_unchecked(m);
        self.men = men.after(&before, m, &self.pos);
        self.push_san(before.san_without_suffix(m, &legal));
        let owed = victim.filter(|&v| self.options.dead_mans_switch && !men.promoted_at(v));
        match owed {
            Some(at) => {
                let origin = men.origin_at(at).expect("every piece has an origin");
                self.pending = Some(Pending { before, men, mv: m });
                self.awaiting = Awaiting::Switch {
                    owner: !us,
                    origin,
                    at,
                };
            }
            None => self.settle(),
        }
        Ok(())
    }

    /// The man on `sq` booms; the caller has checked that its opening shows
    /// a bomb. The public game checks [`PublicGame::may_boom`] and plays the
    /// boom with the rules crate's own explosion. A boom by a stuck side
    /// proves that the board does not end the game; if a draw rule then
    /// holds (the fifty-move rule), the game ends drawn and nothing explodes,
    /// as the referee would have ended it before the boom.
    pub fn boom(&mut self, sq: Square) -> Result<(), PublicError> {
        self.may_boom(sq)?;
        let us = self.pos.turn();
        self.opened[us.index()] += 1;
        self.record(Action::Boom(sq));
        if matches!(self.awaiting, Awaiting::Stuck(_)) {
            if let Some(draw) = self.draw_rule() {
                self.awaiting = Awaiting::Over(draw);
                return Ok(());
            }
        }
        let m = Move {
            from: sq,
            to: sq,
            kind: MoveKind::Boom,
        };
        let mut marked = self.pos;
        marked.set_carrier(Board8::tables(), sq, true);
        let mut after = marked;
        after.play_unchecked(m);
        self.men = self.men.after(&marked, m, &after);
        self.pos = after;
        self.push_san(marked.san_without_suffix(m, &[]));
        self.settle();
        Ok(())
    }

    /// The captured man's owner answers whether it carried a bomb. `true`
    /// sets off the blast exactly as the referee would (centred where the
    /// man was taken, §1.10 and §1.12) and counts as an opened carrier.
    pub fn answer_switch(&mut self, carrier: bool) -> Result<(), PublicError> {
        let Awaiting::Switch { owner, at, .. } = self.awaiting else {
            return Err(PublicError::NotAwaited(self.awaiting));
        };
        if carrier && self.opened[owner.index()] >= self.options.carriers {
            return Err(PublicError::TooManyOpenings(owner));
        }
        let pending = self.pending.expect("a switch answer has its capture");
        self.record(Action::Switch(carrier));
        if carrier {
            self.opened[owner.index()] += 1;
            let mut marked = pending.before;
            marked.set_carrier(Board8::tables(), at, true);
            let mut after = marked;
            after.play_unchecked(pending.mv);
            self.men = pending.men.after(&marked, pending.mv, &after);
            self.pos = after;
            self.last_base.push(SWITCH_MARK);
        }
        self.settle();
        Ok(())
    }

    /// The stuck side states it has no legal boom: checkmate if it is in
    /// check, else stalemate. Accepted now, checked by the audit.
    pub fn declare_no_boom(&mut self) -> Result<(), PublicError> {
        let Awaiting::Stuck(_) = self.awaiting else {
            return Err(PublicError::NotAwaited(self.awaiting));
        };
        self.record(Action::NoBoom);
        self.awaiting = Awaiting::Over(self.no_move_outcome());
        self.refresh_suffix();
        Ok(())
    }

    /// `loser` resigns.
    pub fn resign(&mut self, loser: Color) -> Result<(), PublicError> {
        self.end(Action::Resign(loser))?;
        self.awaiting = Awaiting::Over(Outcome::Decisive {
            winner: !loser,
            reason: Reason::Resignation,
        });
        Ok(())
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<(), PublicError> {
        self.end(Action::Draw)?;
        self.awaiting = Awaiting::Over(Outcome::Draw {
            reason: Reason::Agreement,
        });
        Ok(())
    }

    /// `loser`'s flag fell: the game ends, won on time by the opponent if it
    /// has mating material in sight (see [`FlagResult`]); a draw is written
    /// as a draw for [`Reason::Timeout`].
    pub fn flag_fall(&mut self, loser: Color) -> Result<FlagResult, PublicError> {
        let result = self.flag_result(loser);
        self.end(Action::FlagFall(loser))?;
        self.awaiting = match result {
            FlagResult::Win(winner) => Awaiting::Over(Outcome::Decisive {
                winner,
                reason: Reason::Timeout,
            }),
            FlagResult::Draw => Awaiting::Over(Outcome::Draw {
                reason: Reason::Timeout,
            }),
            FlagResult::DependsOnCarriers => Awaiting::Audit { flag_fell: loser },
        };
        Ok(result)
    }

    /// Performs a recorded action (to rebuild a stored game).
    pub fn apply(&mut self, action: Action) -> Result<(), PublicError> {
        match action {
            Action::Move(m) => self.play(m),
            Action::Boom(sq) => self.boom(sq),
            Action::Switch(carrier) => self.answer_switch(carrier),
            Action::NoBoom => self.declare_no_boom(),
            Action::Resign(loser) => self.resign(loser),
            Action::Draw => self.agree_draw(),
            Action::FlagFall(loser) => self.flag_fall(loser).map(|_| ()),
        }
    }

    // ----- The audit ------------------------------------------------------------

    /// Replays the game with full knowledge once every commitment is open:
    /// `white` and `black` are the start squares of each side's carriers.
    /// Checks the carrier choice, then every action in order through the
    /// referee ([`Game`] with these carriers): every boom by a real carrier
    /// and legal, every switch answer true, every "no legal boom" true. The
    /// first moment the referee's game is over while the public game went on
    /// (insufficient material that the public could not see) gives the
    /// result, and later actions are void; a flag that depended on the
    /// carriers is settled from the referee's position.
    pub fn audit(&self, white: &[Square], black: &[Square]) -> Audit {
        let sets = [white, black];
        for color in Color::ALL {
            if let Err(problem) = self.check_carriers(color, sets[color.index()]) {
                return Audit::Failed {
                    side: color,
                    ply: 0,
                    what: Falsehood::Carriers(problem),
                };
            }
        }
        let is_carrier = |color: Color, origin: Square| sets[color.index()].contains(&origin);
        let mut start = VariantPosition::Eight(self.start);
        for color in Color::ALL {
            start
                .set_carriers(color, sets[color.index()])
                .expect("carriers checked above");
        }
        let mut referee = Game::from_position(start);
        let mut public = PublicGame::from_start(self.options, self.start);
        for rec in &self.actions {
            let awaited = public.awaiting;
            let statement = matches!(
                (awaited, rec.action),
                (Awaiting::Switch { .. }, Action::Switch(_))
                    | (Awaiting::Stuck(_), Action::NoBoom | Action::Boom(_))
            );
            if !statement {
                if let Some(outcome) = referee.outcome() {
                    return Audit::Verified(Some(outcome));
                }
            }
            let fail = |side, what| Audit::Failed {
                side,
                ply: rec.ply,
                what,
            };
            let side = public.pos.turn();
            match rec.action {
                Action::Move(m) => referee
                    .play(m)
                    .expect("the public board is the referee's, so are its ordinary moves"),
                Action::Boom(sq) => {
                    let origin = public.men.origin_at(sq).expect("a boom has a man");
                    if !is_carrier(side, origin) {
                        return fail(side, Falsehood::NotACarrier { origin });
                    }
                    let boom = Move {
                        from: sq,
                        to: sq,
                        kind: MoveKind::Boom,
                    };
                    if !referee.position().is_legal(boom) {
                        return fail(side, Falsehood::IllegalBoom { origin });
                    }
                    // Over already when a stuck side's boom only showed that
                    // a draw rule ends the game.
                    if referee.outcome().is_none() {
                        referee.play(boom).expect("legal");
                    }
                }
                Action::Switch(said) => {
                    let Awaiting::Switch { owner, origin, .. } = awaited else {
                        unreachable!("a recorded answer was awaited");
                    };
                    if said != is_carrier(owner, origin) {
                        return fail(owner, Falsehood::FalseSwitchAnswer { origin, said });
                    }
                }
                Action::NoBoom => {
                    // Stuck: the referee's only moves are booms.
                    if let Some(m) = referee.position().legal_moves().first() {
                        return fail(side, Falsehood::FalseNoBoom { boom: m.from });
                    }
                }
                Action::Resign(_) | Action::Draw | Action::FlagFall(_) => {}
            }
            public.apply(rec.action).expect("a recorded action replays");
            debug_assert!(
                matches!(public.awaiting, Awaiting::Switch { .. })
                    || public.pos.fen() == referee.position().fen().replace('*', ""),
                "with true statements the boards agree (once a capture's answer is in)"
            );
        }
        if let Some(Recorded {
            action: Action::FlagFall(loser),
            ..
        }) = self.actions.last()
        {
            let VariantPosition::Eight(pos) = referee.position() else {
                unreachable!("Beirut is played on 8×8");
            };
            let opponent = !*loser;
            let wins = pos.has_mating_material(opponent) || pos.carriers(opponent).any();
            return Audit::Verified(Some(if wins {
                Outcome::Decisive {
                    winner: opponent,
                    reason: Reason::Timeout,
                }
            } else {
                Outcome::Draw {
                    reason: Reason::Timeout,
                }
            }));
        }
        match public.awaiting {
            Awaiting::Over(outcome) => Audit::Verified(Some(outcome)),
            // A statement still owed: the referee knows its answer.
            _ => Audit::Verified(referee.outcome()),
        }
    }

    /// Checks `color`'s carriers, given by start square.
    fn check_carriers(&self, color: Color, set: &[Square]) -> Result<(), CarrierProblem> {
        let start = &self.start;
        for (i, &sq) in set.iter().enumerate() {
            if sq.usize() >= Board8::SQUARES || !start.by_color(color).has(sq) {
                return Err(CarrierProblem::NotOwnMan(sq));
            }
            if start.by_role(Role::King).has(sq) {
                return Err(CarrierProblem::King(sq));
            }
            if set[..i].contains(&sq) {
                return Err(CarrierProblem::Duplicate(sq));
            }
        }
        let men = (start.by_color(color) & !start.by_role(Role::King)).count();
        let expected = men.min(u32::from(self.options.carriers)) as u8;
        if set.len() != usize::from(expected) {
            return Err(CarrierProblem::WrongCount {
                expected,
                found: set.len(),
            });
        }
        Ok(())
    }

    // ----- Inside -------------------------------------------------------------

    /// The legal moves of the public position: ordinary moves only, since it
    /// marks no carrier.
    fn ordinary(&self) -> MoveList8 {
        let mut moves = MoveList8::default();
        self.pos.legal_moves(&mut moves);
        moves
    }

    /// Men of the side to move that may still carry a bomb.
    fn boomers(&self) -> Bits8 {
        let us = self.pos.turn();
        if self.opened[us.index()] >= self.options.carriers {
            return 0;
        }
        self.pos.by_color(us) & !self.pos.by_role(Role::King) & !self.men.promoted()
    }

    /// Which of `men` (of the side to move) could boom legally, by the rules
    /// crate's own boom generator on a copy with them marked.
    fn booms_of(&self, men: Bits8) -> Bits8 {
        let t = Board8::tables();
        let mut marked = self.pos;
        for sq in men.squares() {
            marked.set_carrier(t, sq, true);
        }
        let mut moves = MoveList8::default();
        marked.legal_moves(&mut moves);
        moves
            .iter()
            .filter(|m| m.kind == MoveKind::Boom)
            .fold(0, |acc, m| acc | Bits8::from_square(m.from))
    }

    fn possible_booms(&self) -> Bits8 {
        match self.boomers() {
            0 => 0,
            men => self.booms_of(men),
        }
    }

    /// Whether `color` may still have a carrier on the board: an unpromoted
    /// man, and fewer carriers opened than the game has.
    fn could_have_carrier(&self, color: Color) -> bool {
        self.opened[color.index()] < self.options.carriers
            && (self.pos.by_color(color) & !self.pos.by_role(Role::King) & !self.men.promoted())
                .any()
    }

    fn no_move_outcome(&self) -> Outcome {
        if self.pos.is_check() {
            Outcome::Decisive {
                winner: !self.pos.turn(),
                reason: Reason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: Reason::Stalemate,
            }
        }
    }

    /// The draw rules, as far as they need no secret: repetition by
    /// identity, fifty moves, and insufficient material once no man on the
    /// board could carry a bomb.
    fn draw_rule(&self) -> Option<Outcome> {
        let here = (self.pos.hash(), self.men);
        let draw = |reason| Some(Outcome::Draw { reason });
        if self.seen.iter().filter(|&&k| k == here).count() >= 3 {
            return draw(Reason::ThreefoldRepetition);
        }
        if self.pos.halfmoves() >= 100 {
            return draw(Reason::FiftyMoves);
        }
        let hidden = Color::ALL.into_iter().any(|c| self.could_have_carrier(c));
        if !hidden && self.pos.is_insufficient_material() {
            return draw(Reason::InsufficientMaterial);
        }
        None
    }

    /// The game as a player may see it, for a board: every board move settled so far (a
    /// capture still waiting for its switch answer is not among them yet), each position with
    /// `carriers` marked where those men stand. `carriers` are (side, start square) of the men
    /// the viewer knows to carry bombs: its own, and the others once public. The view's own
    /// `outcome` knows only those carriers; what the game awaits and how it ended is this public
    /// game's.
    pub fn view(&self, carriers: &[(Color, Square)]) -> Game {
        let t = Board8::tables();
        let mark = |pos: &mut Position<Board8>, men: &Identities| {
            for &(color, origin) in carriers {
                if let Some(sq) = men.square_of(origin) {
                    if pos.by_color(color).has(sq)
                        && !men.promoted_at(sq)
                        && pos.role_at(sq) != Some(Role::King)
                    {
                        pos.set_carrier(t, sq, true);
                    }
                }
            }
        };
        let mut start = self.start;
        mark(&mut start, &Identities::new(&self.start));
        let mut replay = PublicGame::from_start(self.options, self.start);
        let mut moves = Vec::new();
        let mut capture = None;
        for rec in &self.actions {
            let m = match rec.action {
                Action::Move(m) => Some(m),
                Action::Boom(sq) => Some(Move {
                    from: sq,
                    to: sq,
                    kind: MoveKind::Boom,
                }),
                Action::Switch(_) => capture.take(),
                _ => None,
            };
            if replay.apply(rec.action).is_err() {
                break;
            }
            let Some(m) = m else {
                continue;
            };
            if replay.pending.is_some() {
                capture = Some(m);
                continue;
            }
            let mut after = replay.pos;
            mark(&mut after, &replay.men);
            let san = self.san.get(moves.len()).cloned().unwrap_or_default();
            moves.push((m, san, VariantPosition::Eight(after), Some(replay.men)));
        }
        Game::from_record(VariantPosition::Eight(start), moves)
    }

    /// After a change of the board: what the game awaits now, in the
    /// referee's order (the board first, then the draw rules).
    fn settle(&mut self) {
        self.pending = None;
        self.seen.push((self.pos.hash(), self.men));
        let turn = self.pos.turn();
        self.awaiting = if let Some(outcome) = self.pos.decided_by_kings() {
            Awaiting::Over(outcome)
        } else if self.ordinary().is_empty() {
            if self.possible_booms() == 0 {
                Awaiting::Over(self.no_move_outcome())
            } else {
                Awaiting::Stuck(turn)
            }
        } else if let Some(draw) = self.draw_rule() {
            Awaiting::Over(draw)
        } else {
            Awaiting::Move(turn)
        };
        self.refresh_suffix();
    }

    fn record(&mut self, action: Action) {
        self.actions.push(Recorded {
            ply: self.san.len(),
            action,
        });
    }

    fn push_san(&mut self, base: String) {
        self.san.push(base.clone());
        self.last_base = base;
    }

    /// `#` on the last board move once it is known to mate or destroy the
    /// enemy king, else `+` for a check (as `san.rs` ends a move).
    fn refresh_suffix(&mut self) {
        let mover = !self.pos.turn();
        let mates = matches!(
            self.awaiting,
            Awaiting::Over(Outcome::Decisive {
                winner,
                reason: Reason::Checkmate | Reason::KingDestroyed,
            }) if winner == mover
        );
        let suffix = if mates {
            "#"
        } else if self.pos.is_check() {
            "+"
        } else {
            ""
        };
        if let Some(last) = self.san.last_mut() {
            *last = format!("{}{suffix}", self.last_base);
        }
    }

    /// Records an action that ends the game off the board.
    fn end(&mut self, action: Action) -> Result<(), PublicError> {
        if matches!(self.awaiting, Awaiting::Over(_) | Awaiting::Audit { .. }) {
            return Err(PublicError::NotAwaited(self.awaiting));
        }
        self.record(action);
        Ok(())
    }
}
