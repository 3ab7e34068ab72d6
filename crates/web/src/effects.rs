//! What a change of the game sets off, worked out once as data: the animation to play, the sound
//! cues, the events for `on(event, callback)` listeners, and whether the computer must think.
//! [`effects_of`] is a pure function of the game after the change and the number of moves before
//! it; the board ([`crate::app`]) applies the result.
//!
//! Everything here follows from public moves: an explosion is public once it happens (it is
//! worked out on the referee's position before the move, which knows a captured carrier).

use crate::game::{Game, Status};
use crate::render::Blast;
use crate::sound::{cue_of, Cue};

/// An event for the listeners of `on(event, callback)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was played: its coordinate text and SAN.
    Move {
        /// Coordinate text.
        uci: String,
        /// SAN.
        san: String,
    },
    /// It set off an explosion: the squares blasted.
    Explosion {
        /// Square names.
        squares: Vec<String>,
    },
    /// The game is over.
    Over(Status),
}

/// The kinds of event a listener can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// `move`.
    Move,
    /// `explosion`.
    Explosion,
    /// `over`.
    Over,
}

impl EventKind {
    /// The kind named `move`, `explosion` or `over`.
    pub fn from_name(name: &str) -> Result<EventKind, String> {
        match name {
            "move" => Ok(EventKind::Move),
            "explosion" => Ok(EventKind::Explosion),
            "over" => Ok(EventKind::Over),
            other => Err(format!(
                "unknown event {other:?}: expected 'move', 'explosion' or 'over'"
            )),
        }
    }
}

impl Event {
    /// Its kind.
    pub fn kind(&self) -> EventKind {
        match self {
            Event::Move { .. } => EventKind::Move,
            Event::Explosion { .. } => EventKind::Explosion,
            Event::Over(_) => EventKind::Over,
        }
    }
}

/// What happens to the animation.
#[derive(Clone, Debug, PartialEq)]
pub enum Animation {
    /// Whatever plays goes on.
    Keep,
    /// This explosion or strike starts playing.
    Play(Blast),
    /// The animation stops (the position it belonged to is gone).
    Stop,
}

/// The effects of one change.
#[derive(Clone, Debug, PartialEq)]
pub struct Effects {
    /// The animation.
    pub animation: Animation,
    /// Sound cues, in order.
    pub sounds: Vec<Cue>,
    /// Events for the listeners, in order.
    pub events: Vec<Event>,
    /// What to tell a screen reader (the move in words), if anything.
    pub announcement: Option<String>,
    /// The move list changed or the game ended: a request to the computer in flight is out of
    /// date.
    pub moves_changed: bool,
    /// The computer is to move now.
    pub think: bool,
}

/// What the game was before a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Before {
    /// The number of moves played.
    pub moves: usize,
    /// Whether the pass-the-device curtain was up.
    pub curtain: bool,
    /// Whether the game was over.
    pub over: bool,
}

impl Before {
    /// The game as it is now, before the next change.
    pub fn of(game: &Game) -> Before {
        Before {
            moves: game.referee().moves().len(),
            curtain: game.curtain(),
            over: game.is_over(),
        }
    }
}

/// The explosion or strike to play for the move `m` from `prev` (the referee's position).
fn blast_of(prev: &boomchess_rules::VariantPosition, m: boomchess_rules::Move) -> Option<Blast> {
    match prev.explosion(m) {
        Some(explosion) => Some(Blast {
            area: explosion.area,
            centre: explosion.centre,
            debris: prev
                .removed_by(m)
                .into_iter()
                .filter_map(|s| Some((s, prev.piece_at(s)?)))
                .collect(),
            strike: None,
        }),
        // A bomber's capture: a strike on the captured squares (no 3×3 blast).
        None => Blast::bomber_strike(prev, m),
    }
}

/// The effects of a change that left `game` as it is, from what it was `before`. `motion`:
/// whether explosions are animated (not with `prefers-reduced-motion`).
pub fn effects_of(game: &Game, before: Before, motion: bool) -> Effects {
    let referee = game.referee();
    let played = referee.moves().len();
    let (before_curtain, before_over, before) = (before.curtain, before.over, before.moves);
    let mut effects = Effects {
        animation: if played == before {
            Animation::Keep
        } else {
            Animation::Stop
        },
        sounds: Vec::new(),
        events: Vec::new(),
        announcement: None,
        moves_changed: played != before || (game.is_over() && !before_over),
        think: game.computer_turn().is_some(),
    };
    // A move played (not an undo or redo of several, not a new game).
    let prev = referee.position_at(before);
    let m = referee.moves().get(before).copied();
    if let (true, Some(prev), Some(m)) = (played == before + 1, prev, m) {
        let san = referee.san_moves().last().cloned().unwrap_or_default();
        effects.events.push(Event::Move {
            uci: prev.move_to_uci(m),
            san,
        });
        effects.announcement = Some(crate::a11y::describe_move(prev, m, referee.position()));
        let explosion = prev.explosion(m);
        effects.sounds.push(cue_of(prev, m, explosion.is_some()));
        if let Some(blast) = blast_of(prev, m).filter(|_| motion) {
            effects.animation = Animation::Play(blast);
        }
        if let Some(explosion) = explosion {
            effects.events.push(Event::Explosion {
                squares: explosion
                    .area
                    .iter()
                    .map(|&s| prev.square_name(s))
                    .collect(),
            });
        }
        if game.checked_king().is_some() {
            effects.sounds.push(Cue::Check);
        }
        if game.is_over() {
            effects.events.push(Event::Over(game.status()));
        }
    }
    // An end off the board (a resignation, an agreed draw, a flag): told like any end.
    if played == before && game.is_over() && !before_over {
        let status = game.status();
        effects.announcement = game.outcome().map(crate::a11y::outcome_words);
        effects.events.push(Event::Over(status));
    }
    // Hot-seat: the player coming back from the curtain sees the opponent's last move again
    // (its explosion or strike replayed) and hears it told.
    let lifted = before_curtain && !game.curtain() && played == before;
    let last = played.checked_sub(1).and_then(|ply| {
        Some((
            referee.position_at(ply)?,
            referee.moves().get(ply).copied()?,
        ))
    });
    if let (true, Some((prev, m))) = (lifted, last) {
        if let Some(blast) = blast_of(prev, m).filter(|_| motion) {
            effects.animation = Animation::Play(blast);
        }
        effects.announcement = game
            .last_move_words()
            .map(|words| format!("Last move: {words}"));
    }
    effects
}
