//! What game to set up: one [`GameSpec`] (variant, options, start position, moves and
//! [`Mode`]), read once from text with one set of error messages, whatever the text came from:
//! `newGame({...})`, an embedded board's `data-` attributes, a saved game or a share link.
//!
//! Each source names the fields its own way (`humanSide` in the API, `data-side` on an element);
//! a [`Names`] table maps the fields to those names, so an error says which attribute or field
//! is wrong without a second parser.

use boomchess_rules::{movetext_words, Color, Game as RulesGame, Options, Variant};

use crate::clock::{Clock, TimeControl};
use crate::game::Game;

/// How a game is played on this board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Two players on one device (in Beirut with a pass-the-device curtain between turns).
    HotSeat,
    /// A human against the computer, which plays the other side at `level` (1–8).
    Computer {
        /// The human's side.
        human: Color,
        /// The computer's level, 1–8.
        level: u8,
    },
    /// A position to look at: every carrier shown, clicks preview moves, nothing is played.
    Diagram,
    /// A free analysis board: either side moves, nothing is hidden, the engine may comment.
    Analysis,
    /// A game against a friend on another device, refereed by the server
    /// ([`crate::online`]): this board holds `seat`, or watches (`None`).
    Online {
        /// The side this board plays, none for a spectator.
        seat: Option<Color>,
    },
}

impl Mode {
    /// The name of the mode in the API, attributes and saves: `hotseat`, `ai`, `diagram`,
    /// `analysis`, `online`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::HotSeat => "hotseat",
            Mode::Computer { .. } => "ai",
            Mode::Diagram => "diagram",
            Mode::Analysis => "analysis",
            Mode::Online { .. } => "online",
        }
    }

    /// The side the computer plays, if it plays.
    pub fn computer(self) -> Option<Color> {
        match self {
            Mode::Computer { human, .. } => Some(!human),
            _ => None,
        }
    }
}

/// The computer's level when none is given.
pub const DEFAULT_LEVEL: u8 = 3;

/// A game to set up, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The game.
    pub variant: Variant,
    /// Its options.
    pub options: Options,
    /// The start position (its text), if not the variant's own; a Beirut text without `*` marks
    /// starts with the carrier choice.
    pub fen: Option<String>,
    /// Moves replayed from the start (coordinate text or SAN).
    pub moves: Vec<String>,
    /// How it is played.
    pub mode: Mode,
    /// The time control, if the game is played on the clock.
    pub clock: Option<TimeControl>,
}

/// The fields of a spec, as one source wrote them. Every field is text (a number or a list
/// from JavaScript is turned into text first), `None` when absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpecText {
    /// `beirut`, `stratomic` or `flying-bombers`.
    pub variant: Option<String>,
    /// Option words, separated by commas or spaces (`carriers=2, dead-mans-switch`).
    pub options: Option<String>,
    /// The start position.
    pub fen: Option<String>,
    /// A move list: coordinate text or SAN, separated by spaces or commas; move numbers and a
    /// result are skipped.
    pub moves: Option<String>,
    /// `hotseat` (default), `ai` or `diagram`.
    pub mode: Option<String>,
    /// `ai`: the human's side, `white` (default) or `black`.
    pub side: Option<String>,
    /// `ai`: the computer's level, 1–8.
    pub level: Option<String>,
    /// A time control, `minutes+increment` (`5+3`); none for a game without clocks.
    pub clock: Option<String>,
}

/// A field of a spec (for naming it in an error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The variant.
    Variant,
    /// The options.
    Options,
    /// The start position.
    Fen,
    /// The moves replayed.
    Moves,
    /// The mode.
    Mode,
    /// The human's side against the computer.
    Side,
    /// The computer's level.
    Level,
    /// The time control.
    Clock,
}

/// What one source calls each field.
#[derive(Clone, Copy, Debug)]
pub struct Names {
    /// The names of variant, options, fen, moves, mode, side, level and clock, in that order.
    pub fields: [&'static str; 8],
    /// How the source writes "mode is ai" (for "applies to … only").
    pub computer_mode: &'static str,
}

impl Names {
    /// The name of a field.
    pub fn of(&self, field: Field) -> &'static str {
        self.fields[field as usize]
    }
}

/// `newGame({variant, options, fen, moves, mode, humanSide, level})`, saves and share links.
pub const API_NAMES: Names = Names {
    fields: [
        "variant",
        "options",
        "fen",
        "moves",
        "mode",
        "humanSide",
        "level",
        "clock",
    ],
    computer_mode: "mode: 'ai'",
};

/// An embedded board's attributes.
pub const ATTRIBUTE_NAMES: Names = Names {
    fields: [
        "data-boomchess",
        "data-options",
        "data-fen",
        "data-moves",
        "data-mode",
        "data-side",
        "data-level",
        "data-clock",
    ],
    computer_mode: "data-mode=\"ai\"",
};

/// Why a spec was refused: the field and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The field at fault.
    pub field: Field,
    /// What is wrong, in words (without the field's name).
    pub problem: Problem,
}

/// What is wrong with a field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The variant is missing.
    NoVariant,
    /// A side or level was given outside a game against the computer.
    OnlyAgainstComputer,
    /// Anything else, said in words.
    Says(String),
}

impl SpecError {
    fn new(field: Field, problem: impl Into<String>) -> SpecError {
        SpecError {
            field,
            problem: Problem::Says(problem.into()),
        }
    }

    /// The error as one sentence, naming the field as `names` calls it.
    pub fn describe(&self, names: &Names) -> String {
        let name = names.of(self.field);
        match &self.problem {
            Problem::NoVariant => {
                format!("{name} needs a variant: beirut, stratomic or flying-bombers")
            }
            Problem::OnlyAgainstComputer => {
                format!("{name} applies to {} only", names.computer_mode)
            }
            Problem::Says(problem) => format!("{name}: {problem}"),
        }
    }
}

/// Words separated by commas or white space.
pub fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect()
}

impl SpecText {
    /// Checks every field and gives the spec; the error names the first field at fault.
    pub fn parse(&self) -> Result<GameSpec, SpecError> {
        let trimmed = |v: &Option<String>| v.as_deref().map(str::trim).map(str::to_owned);
        let variant_name = trimmed(&self.variant).unwrap_or_default();
        if variant_name.is_empty() {
            return Err(SpecError {
                field: Field::Variant,
                problem: Problem::NoVariant,
            });
        }
        let variant = Variant::from_name(&variant_name)
            .map_err(|e| SpecError::new(Field::Variant, e.to_string()))?;
        let options = Options::parse(variant, &words(self.options.as_deref().unwrap_or("")))
            .map_err(|e| SpecError::new(Field::Options, e.to_string()))?;
        let side = trimmed(&self.side);
        let level = trimmed(&self.level);
        let mode = match trimmed(&self.mode).as_deref() {
            None | Some("hotseat") => Mode::HotSeat,
            Some("diagram") => Mode::Diagram,
            Some("analysis") => Mode::Analysis,
            Some("ai") => {
                let human = match side.as_deref() {
                    None => Color::White,
                    Some(name) => Color::from_name(name)
                        .filter(|_| name.len() > 1)
                        .ok_or_else(|| {
                            SpecError::new(
                                Field::Side,
                                format!("unknown side {name:?} (expected white or black)"),
                            )
                        })?,
                };
                let level = match level.as_deref() {
                    None => DEFAULT_LEVEL,
                    Some(text) => match text.parse::<u8>() {
                        Ok(n @ 1..=8) => n,
                        _ => {
                            return Err(SpecError::new(
                                Field::Level,
                                format!("{text:?} is not a level from 1 to 8"),
                            ))
                        }
                    },
                };
                Mode::Computer { human, level }
            }
            Some(other) => {
                return Err(SpecError::new(
                    Field::Mode,
                    format!("unknown mode {other:?} (expected hotseat, ai, diagram or analysis)"),
                ))
            }
        };
        if mode.computer().is_none() {
            let stray = match (&side, &level) {
                (Some(_), _) => Some(Field::Side),
                (None, Some(_)) => Some(Field::Level),
                (None, None) => None,
            };
            if let Some(field) = stray {
                return Err(SpecError {
                    field,
                    problem: Problem::OnlyAgainstComputer,
                });
            }
        }
        let clock = match trimmed(&self.clock).filter(|c| !c.is_empty() && c != "none") {
            None => None,
            Some(_) if mode == Mode::Diagram => {
                return Err(SpecError::new(Field::Clock, "a diagram has no clock"))
            }
            Some(text) => {
                Some(TimeControl::parse(&text).map_err(|e| SpecError::new(Field::Clock, e))?)
            }
        };
        let fen = trimmed(&self.fen).filter(|f| !f.is_empty());
        let moves = movetext_words(self.moves.as_deref().unwrap_or(""))
            .into_iter()
            .map(str::to_owned)
            .collect();
        Ok(GameSpec {
            variant,
            options,
            fen,
            moves,
            mode,
            clock,
        })
    }
}

impl GameSpec {
    /// A new game of `variant` from its start, two players on this device.
    pub fn new(variant: Variant) -> GameSpec {
        GameSpec {
            variant,
            options: Options::default(),
            fen: None,
            moves: Vec::new(),
            mode: Mode::HotSeat,
            clock: None,
        }
    }

    /// Sets up the game: the start position, the mode, then every move replayed through the
    /// referee. The error names the field at fault (the position, or the first move refused).
    pub fn build(&self) -> Result<Game, SpecError> {
        let referee = match &self.fen {
            Some(fen) => RulesGame::from_fen(self.variant, self.options, fen)
                .map_err(|e| SpecError::new(Field::Fen, e.to_string()))?,
            None => RulesGame::new(self.variant, self.options),
        };
        let mut game = Game::from_referee(referee, self.mode);
        for (i, word) in self.moves.iter().enumerate() {
            game.replay(word).map_err(|e| {
                let hint = if game.carriers_pending() {
                    " (a Beirut game that replays moves needs a start position with the carriers \
                     marked *)"
                } else {
                    ""
                };
                SpecError::new(Field::Moves, format!("move {} ({word}): {e}{hint}", i + 1))
            })?;
        }
        if let Some(control) = self.clock {
            game.set_clock(Some(Clock::new(control)));
        }
        Ok(game)
    }
}
