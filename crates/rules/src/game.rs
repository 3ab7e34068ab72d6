//! A game from start to finish: the Beirut setup phase, the moves played
//! (with undo and redo), and the draw rules that need the game's history.

use crate::fen::FenError;
use crate::identity::Identities;
use crate::moves::{Move, MoveKind};
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::position::CarrierError;
use crate::uci::MoveError;
use crate::variant::{Options, Variant};
use crate::variant_position::VariantPosition;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Beirut, before the first move: this side secretly chooses its carriers.
    Setup(Color),
    /// Moves are being played.
    Play,
    /// The game has ended.
    Over(Outcome),
}

/// One game: the referee's full knowledge, plus history.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position before the first move (carriers included once chosen).
    start: VariantPosition,
    /// Side still to choose carriers, in order (White, then Black).
    choosing: Vec<Color>,
    /// The moves played, with their SAN and the position after each.
    played: Vec<Played>,
    /// Moves taken back, most recent last, for redo.
    undone: Vec<Move>,
    /// Beirut: the men at the start, each its own identity. Repetition in
    /// Beirut compares men by identity (docs/rules.md §1.12).
    start_men: Option<Identities>,
}

#[derive(Clone, Debug)]
struct Played {
    mv: Move,
    san: String,
    after: VariantPosition,
    /// Beirut: who stands where after the move, by identity.
    men: Option<Identities>,
}

/// The identities of a Beirut position's men (none for the other games,
/// whose repetitions do not depend on them).
fn identities(pos: &VariantPosition) -> Option<Identities> {
    match pos {
        VariantPosition::Eight(p) if p.variant() == Variant::Beirut => Some(Identities::new(p)),
        _ => None,
    }
}

impl Game {
    /// A new game from the variant's start position. Beirut starts in its
    /// setup phase.
    pub fn new(variant: Variant, options: Options) -> Game {
        Game::from_position(VariantPosition::new(variant, options))
    }

    /// A game from a position text. A Beirut position with `*` marks is
    /// ready to play; without any, both sides first choose carriers.
    pub fn from_fen(variant: Variant, options: Options, fen: &str) -> Result<Game, FenError> {
        Ok(Game::from_position(VariantPosition::from_fen(
            variant, options, fen,
        )?))
    }

    /// A game from a position (carriers included when it marks any).
    pub(crate) fn from_position(start: VariantPosition) -> Game {
        let needs_setup = start.variant() == Variant::Beirut
            && start.carriers(Color::White).is_empty()
            && start.carriers(Color::Black).is_empty()
            && start.outcome().is_none();
        let choosing = if needs_setup {
            Color::ALL
                .into_iter()
                .filter(|&c| start.men(c) > 0)
                .collect()
        } else {
            Vec::new()
        };
        Game {
            start_men: identities(&start),
            start,
            choosing,
            played: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// A game already played: `start` and each move with its SAN, the position after it and
    /// who stands where (the public game's view of a game, [`crate::PublicGame::view`]).
    pub(crate) fn from_record(
        start: VariantPosition,
        moves: Vec<(Move, String, VariantPosition, Option<Identities>)>,
    ) -> Game {
        Game {
            start_men: identities(&start),
            start,
            choosing: Vec::new(),
            played: moves
                .into_iter()
                .map(|(mv, san, after, men)| Played {
                    mv,
                    san,
                    after,
                    men,
                })
                .collect(),
            undone: Vec::new(),
        }
    }

    /// The game's variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }
    /// The options in force.
    pub fn options(&self) -> Options {
        self.start.options()
    }
    /// The position before the first move.
    pub fn start_position(&self) -> &VariantPosition {
        &self.start
    }
    /// The current position, as the referee knows it (all carriers).
    pub fn position(&self) -> &VariantPosition {
        self.played.last().map_or(&self.start, |p| &p.after)
    }
    /// The current position as `color` sees it. Once the game is over every
    /// carrier is revealed.
    pub fn view(&self, color: Color) -> VariantPosition {
        match self.phase() {
            Phase::Over(_) => *self.position(),
            _ => self.position().view(color),
        }
    }
    /// The moves played so far.
    pub fn moves(&self) -> Vec<Move> {
        self.played.iter().map(|p| p.mv).collect()
    }
    /// At most how many carriers `color` still has, from what both players have seen: the
    /// carriers it started with, less those that exploded in front of everybody (its booms and,
    /// under Dead Man's Switch, its captured carriers). Carriers removed without exploding (taken
    /// without Dead Man's Switch, caught in a blast, promoted) are not public, so they still
    /// count: the other side cannot know they are gone.
    pub fn carriers_at_most(&self, color: Color) -> u8 {
        let started = self.start.carriers(color).len();
        let exploded = self
            .played
            .iter()
            .enumerate()
            .filter(|&(i, p)| {
                let Some(before) = self.position_at(i) else {
                    return false;
                };
                let m = p.mv;
                if m.kind == MoveKind::Boom {
                    return before.turn() == color;
                }
                if !before.options().dead_mans_switch || before.turn() == color {
                    return false;
                }
                // The square of the man taken (en passant: beside the capturing pawn's target).
                let taken = if m.kind == MoveKind::EnPassant {
                    let (file, _) = before.coords(m.to);
                    let (_, rank) = before.coords(m.from);
                    before.square(file, rank)
                } else {
                    Some(m.to)
                };
                taken.is_some_and(|s| {
                    before.is_carrier(s) && before.piece_at(s).is_some_and(|p| p.color == color)
                })
            })
            .count();
        u8::try_from(started.saturating_sub(exploded)).unwrap_or(u8::MAX)
    }
    /// The moves played so far, in SAN as the game record writes them: a
    /// capture that set off a Dead Man's Switch blast carries the mark `_`
    /// (`Qxd5_#`, docs/rules.md §5c), since everybody saw it explode.
    pub fn san_moves(&self) -> Vec<String> {
        self.played.iter().map(|p| p.san.clone()).collect()
    }
    /// The position after `ply` moves (0 = the start), for browsing.
    pub fn position_at(&self, ply: usize) -> Option<&VariantPosition> {
        match ply {
            0 => Some(&self.start),
            n => self.played.get(n - 1).map(|p| &p.after),
        }
    }

    /// Beirut: who stands where after `ply` moves, by identity.
    fn men_at(&self, ply: usize) -> Option<Identities> {
        match ply {
            0 => self.start_men,
            n => self.played.get(n - 1).and_then(|p| p.men),
        }
    }

    /// The phase: setup, play, or over with the outcome.
    pub fn phase(&self) -> Phase {
        if let Some(&c) = self.choosing.first() {
            return Phase::Setup(c);
        }
        match self.outcome() {
            Some(o) => Phase::Over(o),
            None => Phase::Play,
        }
    }

    /// How many carriers the choosing side must name: the option's count,
    /// or all its men if it has fewer.
    pub fn carriers_to_choose(&self) -> u8 {
        match self.choosing.first() {
            Some(&c) => (self.options().carriers as u32).min(self.start.men(c)) as u8,
            None => 0,
        }
    }

    /// The choosing side names its carriers (square names such as `e2`).
    pub fn choose_carriers<S: AsRef<str>>(&mut self, squares: &[S]) -> Result<(), CarrierError> {
        let Some(&color) = self.choosing.first() else {
            return Err(CarrierError::NotSetup);
        };
        let expected = self.carriers_to_choose();
        if squares.len() != expected as usize {
            return Err(CarrierError::WrongCount {
                expected,
                found: squares.len(),
            });
        }
        let parsed = squares
            .iter()
            .map(|s| {
                self.start
                    .parse_square(s.as_ref())
                    .ok_or_else(|| CarrierError::NotOwnMan(s.as_ref().to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.start.set_carriers(color, &parsed)?;
        self.choosing.remove(0);
        Ok(())
    }

    /// The legal moves now (none during setup or after the end).
    pub fn legal_moves(&self) -> Vec<Move> {
        match self.phase() {
            Phase::Play => self.position().legal_moves(),
            _ => Vec::new(),
        }
    }

    /// Plays a legal move. Anything else is refused and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        let pos = *self.position();
        let refuse = |why| MoveError::Illegal {
            text: pos.move_to_uci(m),
            why,
        };
        match self.phase() {
            Phase::Setup(_) => return Err(refuse("carriers must be chosen first")),
            Phase::Over(_) => return Err(refuse("the game is over")),
            Phase::Play => {}
        }
        if !pos.is_legal(m) {
            return Err(refuse(""));
        }
        let san = pos.move_to_record_san(m);
        let mut after = pos;
        after.play_unchecked(m);
        let men = match (self.men_at(self.played.len()), &pos, &after) {
            (Some(men), VariantPosition::Eight(b), VariantPosition::Eight(a)) => {
                Some(men.after(b, m, a))
            }
            _ => None,
        };
        self.played.push(Played {
            mv: m,
            san,
            after,
            men,
        });
        if self.undone.last() == Some(&m) {
            self.undone.pop();
        } else {
            self.undone.clear();
        }
        Ok(())
    }

    /// Parses a move in coordinate text and plays it.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        if !matches!(self.phase(), Phase::Play) {
            let why = match self.phase() {
                Phase::Setup(_) => "carriers must be chosen first",
                _ => "the game is over",
            };
            return Err(MoveError::Illegal {
                text: text.trim().to_string(),
                why,
            });
        }
        let m = self.position().parse_uci(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Parses a move in SAN and plays it.
    pub fn play_san(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.position().parse_san(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let p = self.played.pop()?;
        self.undone.push(p.mv);
        Some(p.mv)
    }

    /// Plays again the last move taken back.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.undone.last()?;
        self.play(m).ok()?;
        Some(m)
    }

    /// Whether a move was taken back and can be replayed.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The result, if the game is over: by the board (mate, stalemate, a
    /// destroyed or exposed king), else by threefold repetition, the
    /// fifty-move rule or insufficient material, all automatic. In Beirut a
    /// repetition needs the same men, by identity, on the same squares
    /// (docs/rules.md §1.12), so that it says nothing about the carriers.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.choosing.is_empty() {
            return None;
        }
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        let draw = |reason| Some(Outcome::Draw { reason });
        let hash = pos.hash();
        let men = self.men_at(self.played.len());
        let repeats = core::iter::once((&self.start, self.start_men))
            .chain(self.played.iter().map(|p| (&p.after, p.men)))
            .filter(|(p, m)| p.hash() == hash && *m == men)
            .count();
        if repeats >= 3 {
            return draw(Reason::ThreefoldRepetition);
        }
        if pos.halfmoves() >= 100 {
            return draw(Reason::FiftyMoves);
        }
        if pos.is_insufficient_material() {
            return draw(Reason::InsufficientMaterial);
        }
        None
    }
}
