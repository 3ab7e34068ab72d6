#![deny(missing_docs)]
//! Game records in PGN (docs/rules.md §5c): [`ToPgn::to_pgn`] writes one,
//! [`Pgn::parse`] reads one back, [`Pgn::game`] replays it through the
//! referee and [`Pgn::public_replay`] replays what everybody may see of a
//! Beirut game whose carriers are still secret.
//!
//! ```
//! use boomchess_rules::{Game, Options, Variant};
//! use boomchess_pgn::{Pgn, PgnTags, Reveal, ToPgn};
//!
//! let mut game = Game::new(Variant::Stratomic, Options::default());
//! game.play_san("e4").unwrap();
//! let text = game.to_pgn(&PgnTags::default(), Reveal::WhenOver);
//! assert!(text.contains("[Variant \"stratomic\"]"));
//! assert!(text.ends_with("\n1. e4 *\n"));
//! let record = Pgn::parse(&text).unwrap();
//! assert_eq!(record.moves, ["e4"]);
//! assert_eq!(record.game().unwrap().position(), game.position());
//! ```

use core::fmt;
use core::str::FromStr;

use boomchess_rules::{
    Color, FenError, Game, Move, MoveError, MoveKind, OptionError, Options, Outcome, Phase, Reason,
    Role, Square, Variant, VariantPosition, SWITCH_MARK,
};

/// The longest movetext line [`ToPgn::to_pgn`] writes, so that every line fits
/// in 80 columns.
pub const PGN_LINE_WIDTH: usize = 79;

/// Tags that [`ToPgn::to_pgn`] writes from the game itself; the caller's
/// [`PgnTags::extra`] cannot replace them.
const GAME_TAGS: [&str; 13] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Variant",
    "Options",
    "SetUp",
    "FEN",
    "Carriers",
    "Termination",
];

/// What the caller knows about a game for its record: the PGN seven-tag
/// roster (without `Result`, which the game decides) and any further tags.
/// An empty value is written as the PGN "unknown", `?` (`????.??.??` for the
/// date).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnTags {
    /// The event (`Event`), e.g. `Casual game`.
    pub event: String,
    /// Where it was played (`Site`).
    pub site: String,
    /// The date (`Date`), `YYYY.MM.DD` with `??` for unknown parts.
    pub date: String,
    /// The round (`Round`).
    pub round: String,
    /// White's player (`White`), by PGN custom `Last, First`.
    pub white: String,
    /// Black's player (`Black`).
    pub black: String,
    /// Further tags, written after the game's own in this order. A name that
    /// is not letters, digits and `_`, or one of the tags the game writes
    /// itself (the roster, `Result`, `Variant`, `Options`, `SetUp`, `FEN`,
    /// `Carriers`), is left out.
    pub extra: Vec<(String, String)>,
}

impl Default for PgnTags {
    fn default() -> Self {
        PgnTags {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
            white: "?".into(),
            black: "?".into(),
            extra: Vec::new(),
        }
    }
}

/// When [`ToPgn::to_pgn`] writes the Beirut bomb carriers (the `Carriers` tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reveal {
    /// Only once the game is over, when every carrier is public (§1.8).
    WhenOver,
    /// Now, because the caller says they are public (a diagram, a game both
    /// players have agreed to show, the referee's own archive).
    Always,
}

/// The result of a record: the PGN game termination marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PgnResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: the game goes on, or its result is not known.
    Unknown,
}

impl PgnResult {
    /// The PGN text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }
    /// The result of a game that ended with `outcome`, `*` if it goes on.
    pub fn from_outcome(outcome: Option<Outcome>) -> PgnResult {
        match outcome.map(Outcome::winner) {
            None => PgnResult::Unknown,
            Some(Some(Color::White)) => PgnResult::WhiteWins,
            Some(Some(Color::Black)) => PgnResult::BlackWins,
            Some(None) => PgnResult::Draw,
        }
    }
    /// Reads `1-0`, `0-1`, `1/2-1/2` (also `½-½`) or `*`.
    pub fn parse(text: &str) -> Option<PgnResult> {
        match text {
            "1-0" => Some(PgnResult::WhiteWins),
            "0-1" => Some(PgnResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(PgnResult::Draw),
            "*" => Some(PgnResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game record read from PGN ([`Pgn::parse`]): everything needed to
/// rebuild the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pgn {
    /// Every tag pair, in the order read, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The game, from the `Variant` tag.
    pub variant: Variant,
    /// The options, from the `Options` tag (defaults without one).
    pub options: Options,
    /// The start position: the `FEN` tag, or the variant's start position,
    /// with the carriers of the `Carriers` tag marked `*` when there is one.
    pub fen: String,
    /// The moves of the main line as written (move numbers, comments,
    /// annotation glyphs and variations left out).
    pub moves: Vec<String>,
    /// The result, from the `Result` tag and the movetext's last word.
    pub result: PgnResult,
}

/// What everybody may see of a recorded game ([`Pgn::public_replay`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicReplay {
    /// The start position, with the carriers the record reveals marked.
    pub start: VariantPosition,
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// The position after each move.
    pub positions: Vec<VariantPosition>,
}

/// Why a game record was refused. The message says what and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// The text holds no game at all.
    Empty,
    /// The text is not well-formed PGN.
    Syntax {
        /// The line, counted from 1.
        line: usize,
        /// The text found there.
        found: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A tag name appears twice.
    DuplicateTag {
        /// The line of the second one.
        line: usize,
        /// The tag's name.
        name: String,
    },
    /// There is no `Variant` tag (docs/rules.md §5c: a record names its game).
    NoVariant,
    /// The `Variant` tag names no game of docs/rules.md §5b.
    Variant {
        /// The tag's line.
        line: usize,
        /// Why the name was refused.
        error: OptionError,
    },
    /// The `Options` tag was refused.
    Options {
        /// The tag's line.
        line: usize,
        /// Why.
        error: OptionError,
    },
    /// The start position was refused.
    Fen {
        /// The `FEN` tag's line, if the text came from one.
        line: Option<usize>,
        /// Why.
        error: FenError,
    },
    /// The `Carriers` tag is malformed or does not fit the start position.
    Carriers {
        /// The tag's line, if known.
        line: Option<usize>,
        /// What is wrong.
        why: String,
    },
    /// Another tag (`SetUp`, `Result`) has a value it cannot have.
    Tag {
        /// The tag's line.
        line: usize,
        /// The tag's name.
        name: String,
        /// What is wrong.
        why: &'static str,
    },
    /// The `Result` tag and the movetext's result differ.
    ResultConflict {
        /// The line of the movetext's result.
        line: usize,
        /// The `Result` tag.
        tag: PgnResult,
        /// The movetext's result.
        movetext: PgnResult,
    },
    /// A Beirut record of a game in progress without its carriers: the
    /// referee cannot go on without knowing them, and they are secret.
    CarriersSecret {
        /// How many moves the record has.
        moves: usize,
    },
    /// A move that does not fit the game at that point (the first one).
    BadMove {
        /// Its move number as written in a record (`12.` or `12...`).
        number: String,
        /// Its text.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
    /// The record's result contradicts how the rules ended the game.
    ResultMismatch {
        /// The result the record gives.
        record: PgnResult,
        /// How the game ended when replayed.
        outcome: Outcome,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Empty => f.write_str("no game record in the text"),
            PgnError::Syntax { line, found, why } => write!(f, "line {line}: {why} (at '{found}')"),
            PgnError::DuplicateTag { line, name } => {
                write!(f, "line {line}: the tag [{name}] appears a second time")
            }
            PgnError::NoVariant => f.write_str(
                "no [Variant] tag: a boomchess record names its game \
                 (beirut, stratomic or flying-bombers)",
            ),
            PgnError::Variant { line, error } => write!(f, "line {line}: [Variant]: {error}"),
            PgnError::Options { line, error } => write!(f, "line {line}: [Options]: {error}"),
            PgnError::Fen {
                line: Some(line),
                error,
            } => write!(f, "line {line}: [FEN]: {error}"),
            PgnError::Fen { line: None, error } => write!(f, "start position: {error}"),
            PgnError::Carriers {
                line: Some(line),
                why,
            } => write!(f, "line {line}: [Carriers]: {why}"),
            PgnError::Carriers { line: None, why } => write!(f, "[Carriers]: {why}"),
            PgnError::Tag { line, name, why } => write!(f, "line {line}: [{name}]: {why}"),
            PgnError::ResultConflict {
                line,
                tag,
                movetext,
            } => write!(
                f,
                "line {line}: the moves end in {movetext} but the Result tag says {tag}"
            ),
            PgnError::CarriersSecret { moves } => write!(
                f,
                "the record of this Beirut game ({moves} moves) does not say which men carry \
                 bombs: they are secret while the game goes on, so the referee cannot take it \
                 up (it can only be replayed as everybody saw it)"
            ),
            PgnError::BadMove {
                number,
                text,
                error,
            } => write!(f, "move {number} {text}: {error}"),
            PgnError::ResultMismatch { record, outcome } => write!(
                f,
                "the record gives the result {record}, but the game ended {outcome}"
            ),
        }
    }
}

impl std::error::Error for PgnError {}

// ----- Export ----------------------------------------------------------------------------

/// Writing a game's record: [`ToPgn::to_pgn`] and [`ToPgn::to_pgn_ended`].
pub trait ToPgn {
    /// The game's record; see [`ToPgn::to_pgn_ended`].
    fn to_pgn(&self, tags: &PgnTags, reveal: Reveal) -> String;
    /// The record of a game that may have ended off the board.
    fn to_pgn_ended(&self, tags: &PgnTags, reveal: Reveal, ended: Option<Outcome>) -> String;
}

impl ToPgn for Game {
    /// The game's record in PGN (docs/rules.md §5c): the seven-tag roster
    /// from `tags` with the game's result, `Variant`, `Options` when any,
    /// `SetUp` and `FEN` when the game did not start from the variant's own
    /// start position (Beirut: compared without carriers, and the `FEN` tag
    /// never marks carriers), `Carriers` for Beirut when `reveal` allows it
    /// (never during the setup), the caller's further tags, and the moves as
    /// [`Game::san_moves`] gives them, numbered, in lines of at most
    /// [`PGN_LINE_WIDTH`] characters, ending in the result (`*` while the
    /// game goes on).
    ///
    /// ```
    /// use boomchess_rules::{Game, Options, Variant};
    /// use boomchess_pgn::{PgnTags, Reveal, ToPgn};
    ///
    /// let mut game = Game::new(Variant::Beirut, Options::default());
    /// game.choose_carriers(&["g1"]).unwrap();
    /// game.choose_carriers(&["h7"]).unwrap();
    /// game.play_san("Nf3").unwrap();
    /// let tags = PgnTags { white: "Winslow, Jim".into(), ..PgnTags::default() };
    /// let secret = game.to_pgn(&tags, Reveal::WhenOver);
    /// assert!(secret.contains("[White \"Winslow, Jim\"]\n"));
    /// assert!(!secret.contains("Carriers"));
    /// let open = game.to_pgn(&tags, Reveal::Always);
    /// assert!(open.contains("[Carriers \"white g1; black h7\"]\n"));
    /// ```
    fn to_pgn(&self, tags: &PgnTags, reveal: Reveal) -> String {
        self.to_pgn_ended(tags, reveal, None)
    }

    /// [`ToPgn::to_pgn`] of a game that ended off the board, which the rules do not see: a
    /// resignation, an agreed draw, a flag (`ended`, when it did). Its result is the record's,
    /// a `Termination` tag says `normal` or `time forfeit`, and the game counts as over for
    /// [`Reveal::WhenOver`].
    fn to_pgn_ended(&self, tags: &PgnTags, reveal: Reveal, ended: Option<Outcome>) -> String {
        let variant = self.variant();
        let options = self.options();
        let start = *self.start_position();
        let result = PgnResult::from_outcome(ended.or(self.outcome()));
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            out.push('[');
            out.push_str(name);
            out.push_str(" \"");
            out.push_str(&escape(value));
            out.push_str("\"]\n");
        };
        let or_unknown = |value: &str, unknown: &'static str| -> String {
            if value.trim().is_empty() {
                unknown.to_string()
            } else {
                value.to_string()
            }
        };
        tag("Event", &or_unknown(&tags.event, "?"));
        tag("Site", &or_unknown(&tags.site, "?"));
        tag("Date", &or_unknown(&tags.date, "????.??.??"));
        tag("Round", &or_unknown(&tags.round, "?"));
        tag("White", &or_unknown(&tags.white, "?"));
        tag("Black", &or_unknown(&tags.black, "?"));
        tag("Result", result.as_str());
        tag("Variant", variant.name());
        let words: Vec<String> = options
            .words()
            .into_iter()
            .filter(|w| Options::parse(variant, &[w]).is_ok())
            .collect();
        if !words.is_empty() {
            tag("Options", &words.join(","));
        }
        let bare = without_carriers(&start);
        if bare.fen() != VariantPosition::new(variant, options).fen() {
            tag("SetUp", "1");
            tag("FEN", &bare.fen());
        }
        let public = match self.phase() {
            Phase::Setup(_) => false,
            Phase::Over(_) => true,
            Phase::Play => reveal == Reveal::Always || ended.is_some(),
        };
        if let Some(outcome) = ended {
            let how = if outcome.reason() == Reason::Timeout {
                "time forfeit"
            } else {
                "normal"
            };
            tag("Termination", how);
        }
        if variant == Variant::Beirut && public {
            tag("Carriers", &carriers_text(&start));
        }
        for (name, value) in &tags.extra {
            if is_tag_name(name) && !GAME_TAGS.contains(&name.as_str()) {
                tag(name, value);
            }
        }
        out.push('\n');
        let mut units = Vec::new();
        for (ply, san) in self.san_moves().into_iter().enumerate() {
            let before = self.position_at(ply).unwrap_or(&start);
            let number = before.fullmoves();
            units.push(match before.turn() {
                Color::White => format!("{number}. {san}"),
                Color::Black if ply == 0 => format!("{number}... {san}"),
                Color::Black => san,
            });
        }
        units.push(result.as_str().to_string());
        let mut line = String::new();
        for unit in units {
            if !line.is_empty() && line.len() + 1 + unit.len() > PGN_LINE_WIDTH {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&unit);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}

/// A tag value with `\` and `"` escaped, control characters as spaces.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The position with no carrier marked.
fn without_carriers(pos: &VariantPosition) -> VariantPosition {
    pos.view(Color::White).view(Color::Black)
}

/// The `Carriers` tag's value: `white g1, b2; black b8` (`-` for none).
fn carriers_text(pos: &VariantPosition) -> String {
    let side = |color: Color| {
        let names: Vec<String> = pos
            .carriers(color)
            .into_iter()
            .map(|sq| pos.square_name(sq))
            .collect();
        if names.is_empty() {
            "-".to_string()
        } else {
            names.join(", ")
        }
    };
    format!("white {}; black {}", side(Color::White), side(Color::Black))
}

// ----- Import: reading the text ----------------------------------------------------------

/// Characters that end a movetext word (each is a token of its own in PGN).
const DELIMITERS: &str = "{}()[];\"$*";

struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }
    /// Up to 20 characters from the current one to the next blank.
    fn snippet(&self) -> String {
        let rest = self.chars.get(self.at..).unwrap_or_default();
        let word: String = rest
            .iter()
            .take_while(|c| !c.is_whitespace())
            .take(20)
            .collect();
        match (word.is_empty(), rest.is_empty()) {
            (false, _) => word,
            (true, true) => "end of text".to_string(),
            (true, false) => "end of line".to_string(),
        }
    }
    fn error(&self, why: &'static str) -> PgnError {
        PgnError::Syntax {
            line: self.line,
            found: self.snippet(),
            why,
        }
    }
    /// Skips blanks other than a line break.
    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c != '\n' && c.is_whitespace()) {
            self.bump();
        }
    }
    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// A tag pair `[Name "value"]`, the reader on its `[`.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        self.bump();
        self.skip_spaces();
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(self.error("a tag needs a name of letters, digits and _: [Name \"value\"]"));
        }
        self.skip_spaces();
        if self.peek() != Some('"') {
            return Err(self.error("a tag's value must be a string in double quotes"));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => {
                    return Err(self.error("the tag's string is not closed with '\"' on its line"))
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('\\' | '"')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => {
                            return Err(self
                                .error("in a tag's string a backslash only escapes '\\' or '\"'"))
                        }
                    }
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        self.skip_spaces();
        if self.peek() != Some(']') {
            return Err(self.error("a tag ends with ']' after its string, on the same line"));
        }
        self.bump();
        Ok((name, value))
    }
}

/// A tag as read: name, value, line.
type ReadTag = (String, String, usize);

impl Pgn {
    /// Reads a PGN record of one game (docs/rules.md §5c): the tag pairs,
    /// then the movetext, whose comments (`{...}`, `;` to the end of the
    /// line, `%` lines), annotation glyphs (`$1`), variations (`(...)`, also
    /// nested) and move numbers (`12.`, `12...`, also glued to the move) are
    /// skipped. The text after the result, if any, must be comments only.
    /// The tags are checked: the `Variant` tag is required, `Options`,
    /// `FEN` (with `SetUp`) and `Carriers` must fit it, and the `Result` tag
    /// must agree with the movetext's result. The moves are only read here;
    /// [`Pgn::game`] plays them.
    ///
    /// ```
    /// use boomchess_rules::{Variant};
    /// use boomchess_pgn::{Pgn, PgnResult};
    ///
    /// let record = Pgn::parse(r#"[Event "Club \"open\""]
    /// [Variant "beirut"]
    /// [Options "dead-mans-switch"]
    ///
    /// 1. e4 {the usual} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 *"#).unwrap();
    /// assert_eq!(record.tag("Event"), Some("Club \"open\""));
    /// assert_eq!(record.variant, Variant::Beirut);
    /// assert!(record.options.dead_mans_switch);
    /// assert_eq!(record.moves, ["e4", "e5", "Nf3", "Nc6"]);
    /// assert_eq!(record.result, PgnResult::Unknown);
    /// ```
    pub fn parse(text: &str) -> Result<Pgn, PgnError> {
        let mut r = Reader {
            chars: text.chars().collect(),
            at: 0,
            line: 1,
        };
        let mut tags: Vec<ReadTag> = Vec::new();
        let mut moves: Vec<String> = Vec::new();
        let mut started = false;
        let mut open: Vec<usize> = Vec::new();
        let mut end: Option<(PgnResult, usize)> = None;
        let mut line_start = true;
        while let Some(c) = r.peek() {
            if c == '\n' {
                r.bump();
                line_start = true;
                continue;
            }
            if c.is_whitespace() || c == '\u{feff}' {
                r.bump();
                line_start = false;
                continue;
            }
            let first_on_line = std::mem::replace(&mut line_start, false);
            match c {
                '%' if first_on_line => r.skip_line(),
                ';' => r.skip_line(),
                '{' => {
                    let line = r.line;
                    let found = r.snippet();
                    r.bump();
                    loop {
                        match r.bump() {
                            Some('}') => break,
                            Some(_) => {}
                            None => {
                                return Err(PgnError::Syntax {
                                    line,
                                    found,
                                    why: "a comment opened with '{' is never closed with '}'",
                                })
                            }
                        }
                    }
                }
                '}' => return Err(r.error("'}' without a '{' before it")),
                '[' if started => {
                    return Err(r.error(
                        "a tag after the moves: tags come first, and a record holds one game",
                    ))
                }
                '[' => {
                    let line = r.line;
                    let (name, value) = r.tag()?;
                    if tags.iter().any(|t| t.0 == name) {
                        return Err(PgnError::DuplicateTag { line, name });
                    }
                    tags.push((name, value, line));
                }
                ']' => return Err(r.error("']' without a '[' before it")),
                '"' => return Err(r.error("a string outside a tag")),
                _ if end.is_some() => {
                    return Err(r.error("text after the result: a record holds one game"))
                }
                '(' => {
                    started = true;
                    open.push(r.line);
                    r.bump();
                }
                ')' => {
                    if open.pop().is_none() {
                        return Err(r.error("')' without a '(' before it"));
                    }
                    r.bump();
                }
                '$' => {
                    started = true;
                    let err = r.error("'$' must be followed by a number (an annotation glyph: $1)");
                    r.bump();
                    let mut digits = 0;
                    while r.peek().is_some_and(|c| c.is_ascii_digit()) {
                        r.bump();
                        digits += 1;
                    }
                    if digits == 0 {
                        return Err(err);
                    }
                }
                _ => {
                    started = true;
                    let line = r.line;
                    let mut word = String::new();
                    if c == '*' {
                        word.push(c);
                        r.bump();
                    } else {
                        while let Some(c) = r
                            .peek()
                            .filter(|c| !c.is_whitespace() && !DELIMITERS.contains(*c))
                        {
                            word.push(c);
                            r.bump();
                        }
                    }
                    if !open.is_empty() {
                        continue;
                    }
                    if let Some(result) = PgnResult::parse(&word) {
                        end = Some((result, line));
                    } else if let Some(mv) = move_word(&word) {
                        moves.push(mv.to_string());
                    }
                }
            }
        }
        if let Some(&line) = open.first() {
            return Err(PgnError::Syntax {
                line,
                found: "(".into(),
                why: "a variation opened with '(' is never closed with ')'",
            });
        }
        if tags.is_empty() && moves.is_empty() && end.is_none() {
            return Err(PgnError::Empty);
        }
        Pgn::from_parts(tags, moves, end)
    }

    /// Reads either a PGN record ([`Pgn::parse`]) or a bare position text
    /// (docs/rules.md §4) of `variant` with `options`, which becomes a record
    /// without moves. A position text is recognised by its first word
    /// holding `/`. Its `*` marks, if any, are its carriers.
    ///
    /// ```
    /// use boomchess_rules::{Options, Phase, Variant};
    /// use boomchess_pgn::{Pgn};
    ///
    /// let diagram = Pgn::import("4k2r/3N*4/8/8/8/8/8/7K w - - 0 1",
    ///     Variant::Beirut, Options::default()).unwrap();
    /// let game = diagram.game().unwrap();
    /// assert_eq!(game.phase(), Phase::Play);
    /// assert_eq!(game.legal_moves().len(), 3);
    /// ```
    pub fn import(text: &str, variant: Variant, options: Options) -> Result<Pgn, PgnError> {
        let text = text.trim_start_matches('\u{feff}').trim();
        let position_text = !text.starts_with('[')
            && text
                .split_whitespace()
                .next()
                .is_some_and(|w| w.contains('/'));
        if !position_text {
            return Pgn::parse(text);
        }
        let start = VariantPosition::from_fen(variant, options, text)
            .map_err(|error| PgnError::Fen { line: None, error })?;
        Ok(Pgn {
            tags: Vec::new(),
            variant,
            options,
            fen: start.fen(),
            moves: Vec::new(),
            result: PgnResult::Unknown,
        })
    }

    fn from_parts(
        tags: Vec<ReadTag>,
        moves: Vec<String>,
        end: Option<(PgnResult, usize)>,
    ) -> Result<Pgn, PgnError> {
        let find = |name: &str| {
            tags.iter()
                .find(|t| t.0 == name)
                .map(|t| (t.1.as_str(), t.2))
        };
        let (name, line) = find("Variant").ok_or(PgnError::NoVariant)?;
        let variant = Variant::from_name(&name.trim().to_ascii_lowercase())
            .map_err(|error| PgnError::Variant { line, error })?;
        let options = match find("Options") {
            Some((words, line)) => {
                let words: Vec<&str> = words
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .collect();
                Options::parse(variant, &words)
                    .map_err(|error| PgnError::Options { line, error })?
            }
            None => Options::default(),
        };
        let setup = match find("SetUp") {
            Some(("0", _)) => Some(false),
            Some(("1", _)) => Some(true),
            Some((_, line)) => {
                return Err(PgnError::Tag {
                    line,
                    name: "SetUp".into(),
                    why: "SetUp is \"1\" with a FEN tag, \"0\" without one",
                })
            }
            None => None,
        };
        let mut start = match (find("FEN"), setup) {
            (Some((_, line)), Some(false)) => {
                return Err(PgnError::Tag {
                    line,
                    name: "SetUp".into(),
                    why: "SetUp \"0\" says the game starts from the usual position, yet there is a FEN tag",
                })
            }
            (Some((fen, line)), _) => VariantPosition::from_fen(variant, options, fen)
                .map_err(|error| PgnError::Fen {
                    line: Some(line),
                    error,
                })?,
            (None, Some(true)) => {
                let line = find("SetUp").map_or(0, |t| t.1);
                return Err(PgnError::Tag {
                    line,
                    name: "SetUp".into(),
                    why: "SetUp \"1\" says the game starts from a set-up position, but there is no FEN tag",
                })
            }
            (None, _) => VariantPosition::new(variant, options),
        };
        if let Some((text, line)) = find("Carriers") {
            apply_carriers(&mut start, text).map_err(|why| PgnError::Carriers {
                line: Some(line),
                why,
            })?;
        }
        let tag_result = match find("Result") {
            Some((text, line)) => Some(PgnResult::parse(text.trim()).ok_or(PgnError::Tag {
                line,
                name: "Result".into(),
                why: "the result is 1-0, 0-1, 1/2-1/2 or *",
            })?),
            None => None,
        };
        let result = match (tag_result, end) {
            (Some(tag), Some((movetext, line))) if tag != movetext => {
                return Err(PgnError::ResultConflict {
                    line,
                    tag,
                    movetext,
                })
            }
            (Some(result), _) | (None, Some((result, _))) => result,
            (None, None) => PgnResult::Unknown,
        };
        Ok(Pgn {
            tags: tags.into_iter().map(|(n, v, _)| (n, v)).collect(),
            variant,
            options,
            fen: start.fen(),
            moves,
            result,
        })
    }

    /// The value of the tag `name`, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The record's roster and further tags, for writing it again with
    /// [`ToPgn::to_pgn`] (the tags the game writes itself are left out).
    pub fn headers(&self) -> PgnTags {
        let get = |name: &str, unknown: &str| self.tag(name).unwrap_or(unknown).to_string();
        PgnTags {
            event: get("Event", "?"),
            site: get("Site", "?"),
            date: get("Date", "????.??.??"),
            round: get("Round", "?"),
            white: get("White", "?"),
            black: get("Black", "?"),
            extra: self
                .tags
                .iter()
                .filter(|(n, _)| !GAME_TAGS.contains(&n.as_str()))
                .cloned()
                .collect(),
        }
    }

    /// Whether the record says who carries the bombs (a `*` in the start
    /// position): always so outside Beirut.
    pub fn carriers_known(&self) -> bool {
        self.variant != Variant::Beirut || self.fen.contains('*')
    }

    /// Rebuilds the game: the start position, then every move through the
    /// referee ([`VariantPosition::parse_move`], so SAN or coordinates), with
    /// the Dead Man's Switch mark `_` required exactly on the captures that
    /// set off a blast. The first move that does not fit is reported with
    /// its number and text; a finished game's result must agree with the
    /// record's (`*` agrees with anything; a decisive or drawn record of a
    /// game the rules did not end is accepted, as a resignation or an
    /// agreed draw).
    ///
    /// A Beirut record without carriers can only be taken up before its first
    /// move: the game is then in its setup phase and the players choose.
    /// With moves it is refused ([`PgnError::CarriersSecret`]): the carriers
    /// are secret, and no carrier is made up.
    pub fn game(&self) -> Result<Game, PgnError> {
        let mut game = Game::from_fen(self.variant, self.options, &self.fen)
            .map_err(|error| PgnError::Fen { line: None, error })?;
        if let Phase::Setup(_) = game.phase() {
            if self.moves.is_empty() {
                return Ok(game);
            }
            if self.tag("Carriers").is_some() {
                return Err(PgnError::Carriers {
                    line: None,
                    why: "it names no carrier, but a Beirut game with men on the board has some"
                        .into(),
                });
            }
            return Err(PgnError::CarriersSecret {
                moves: self.moves.len(),
            });
        }
        for text in &self.moves {
            let pos = *game.position();
            let bad = |error| PgnError::BadMove {
                number: move_number(&pos),
                text: text.clone(),
                error,
            };
            let m = pos.parse_move(text).map_err(bad)?;
            check_mark(&pos, m, text).map_err(bad)?;
            game.play(m).map_err(bad)?;
        }
        if let Some(outcome) = game.outcome() {
            let ended = PgnResult::from_outcome(Some(outcome));
            if self.result != PgnResult::Unknown && self.result != ended {
                return Err(PgnError::ResultMismatch {
                    record: self.result,
                    outcome,
                });
            }
        }
        Ok(game)
    }

    /// Replays the record as everybody may see it, without the referee's
    /// secrets: the positions after every move, for browsing a game in
    /// progress. A boom (`Boom@e5`) shows that the man on its square carries
    /// a bomb, and a capture marked `_` that the man taken did; each such man
    /// is traced back to where it stood at the start, and only these
    /// carriers are marked, from the start on. Nothing else is assumed:
    /// carriers that never exploded stay unknown. The draw rules (repetition,
    /// fifty moves, material) are not applied, since without the carriers
    /// the material cannot be judged. Works for every variant; for a record
    /// with known carriers it shows them all.
    ///
    /// ```
    /// use boomchess_pgn::Pgn;
    ///
    /// let record = Pgn::parse("[Variant \"beirut\"]\n\n1. Nf3 e6 2. Ne5 Qf6 3. Boom@e5 *").unwrap();
    /// assert!(record.game().is_err());
    /// let replay = record.public_replay().unwrap();
    /// assert_eq!(replay.start.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1");
    /// // The boom takes the knight, the pawn e6 and the queen f6.
    /// assert_eq!(replay.positions[4].fen(), "rnb1kbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3");
    /// ```
    pub fn public_replay(&self) -> Result<PublicReplay, PgnError> {
        let mut start = VariantPosition::from_fen(self.variant, self.options, &self.fen)
            .map_err(|error| PgnError::Fen { line: None, error })?;
        loop {
            match self.replay_from(&start)? {
                Replayed::Done(replay) => return Ok(*replay),
                Replayed::Revealed(color, square, error) => {
                    let mut carriers = start.carriers(color);
                    if carriers.contains(&square) {
                        // Known already, yet the move still does not fit.
                        return Err(error);
                    }
                    carriers.push(square);
                    start
                        .set_carriers(color, &carriers)
                        .map_err(|e| PgnError::Carriers {
                            line: None,
                            why: e.to_string(),
                        })?;
                }
            }
        }
    }

    /// One pass of [`Pgn::public_replay`] with the carriers of `start`.
    fn replay_from(&self, start: &VariantPosition) -> Result<Replayed, PgnError> {
        let size = start.board_size();
        // Where each piece stood at the start (none for a promoted piece).
        let mut origin: Vec<Option<Square>> = size
            .squares()
            .map(|sq| start.piece_at(sq).map(|_| sq))
            .collect();
        let mut pos = *start;
        let mut replay = PublicReplay {
            start: *start,
            moves: Vec::new(),
            positions: Vec::new(),
        };
        for text in &self.moves {
            let bad = |error| PgnError::BadMove {
                number: move_number(&pos),
                text: text.clone(),
                error,
            };
            let unknown_carrier = |sq: Square, color: Color| {
                pos.piece_at(sq)
                    .filter(|p| p.color == color && p.role != Role::King && !pos.is_carrier(sq))
                    .and_then(|_| origin[sq.usize()])
            };
            let m = match pos.parse_move(text) {
                Ok(m) => m,
                Err(error) => {
                    let boom = boom_square(&pos, text);
                    return match boom.and_then(|sq| unknown_carrier(sq, pos.turn())) {
                        Some(o) => Ok(Replayed::Revealed(pos.turn(), o, bad(error))),
                        None => Err(bad(error)),
                    };
                }
            };
            if let Err(error) = check_mark(&pos, m, text) {
                let victim = match m.kind {
                    MoveKind::EnPassant => pos.en_passant_victim(m),
                    MoveKind::Normal | MoveKind::Promotion(_) => Some(m.to),
                    _ => None,
                };
                let revealed = (has_mark(text) && pos.options().dead_mans_switch)
                    .then_some(victim)
                    .flatten()
                    .and_then(|sq| unknown_carrier(sq, !pos.turn()));
                return match revealed {
                    Some(o) => Ok(Replayed::Revealed(!pos.turn(), o, bad(error))),
                    None => Err(bad(error)),
                };
            }
            let before = pos;
            pos.play_unchecked(m);
            origin = follow(&before, &pos, m, &origin);
            replay.moves.push(m);
            replay.positions.push(pos);
        }
        Ok(Replayed::Done(Box::new(replay)))
    }
}

impl FromStr for Pgn {
    type Err = PgnError;
    fn from_str(text: &str) -> Result<Pgn, PgnError> {
        Pgn::parse(text)
    }
}

enum Replayed {
    Done(Box<PublicReplay>),
    /// The man that stood on this square at the start carries a bomb;
    /// the error stands if that does not make the move fit.
    Revealed(Color, Square, PgnError),
}

/// Where each piece of `after` stood at the start, given the same for
/// `before` and the move `m` between them.
fn follow(
    before: &VariantPosition,
    after: &VariantPosition,
    m: Move,
    origin: &[Option<Square>],
) -> Vec<Option<Square>> {
    let size = before.board_size();
    let mover = before.turn();
    let rook = |p: &VariantPosition, sq| {
        p.piece_at(sq)
            .is_some_and(|p| p.color == mover && p.role == Role::Rook)
    };
    // Castling: the rook that left its square and the one that arrived.
    let (mut rook_from, mut rook_to) = (None, None);
    if m.kind == MoveKind::Castle {
        for sq in size.squares() {
            if sq != m.from && rook(before, sq) && !rook(after, sq) {
                rook_from = Some(sq);
            }
            if sq != m.to && rook(after, sq) && !rook(before, sq) {
                rook_to = Some(sq);
            }
        }
    }
    size.squares()
        .map(|sq| {
            after.piece_at(sq)?;
            if sq == m.to && !m.is_explosion() {
                // A promoted piece is new: it carries no bomb (§1.7).
                return m
                    .promotion()
                    .is_none()
                    .then(|| origin[m.from.usize()])
                    .flatten();
            }
            if Some(sq) == rook_to {
                return rook_from.and_then(|f| origin[f.usize()]);
            }
            (after.piece_at(sq) == before.piece_at(sq))
                .then(|| origin[sq.usize()])
                .flatten()
        })
        .collect()
}

/// The move number of the move to play in `pos`, as a record writes it.
fn move_number(pos: &VariantPosition) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

/// Whether a move text carries the Dead Man's Switch mark.
fn has_mark(text: &str) -> bool {
    text.contains(SWITCH_MARK)
}

/// The mark must stand exactly on the captures that set off a blast.
fn check_mark(pos: &VariantPosition, m: Move, text: &str) -> Result<(), MoveError> {
    let blast = !m.is_explosion() && pos.explosion(m).is_some();
    let why = match (has_mark(text), blast) {
        (true, false) => {
            "the mark _ says this capture set off a Dead Man's Switch blast, but it takes no bomb carrier"
        }
        (false, true) => {
            "this capture takes a bomb carrier under Dead Man's Switch: the record marks it with _"
        }
        _ => return Ok(()),
    };
    Err(MoveError::Illegal {
        text: text.trim().to_string(),
        why,
    })
}

/// The square of a boom written `Boom@e5` or `@e5`, whether or not it is legal.
fn boom_square(pos: &VariantPosition, text: &str) -> Option<Square> {
    let text = text.trim().trim_end_matches(|c| "+#!?_".contains(c));
    let square = match text.get(..5) {
        Some(word) if word.eq_ignore_ascii_case("boom@") => text.get(5..)?,
        _ => text.strip_prefix('@')?,
    };
    pos.parse_square(square)
}

/// The move in a movetext word, without a move number glued to it (`12.`,
/// `12...Qd4`); `None` for a word that is only a number or dots.
fn move_word(word: &str) -> Option<&str> {
    let dots = ['.', '…'];
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &word[digits..];
    let word = if digits > 0 && (rest.is_empty() || rest.starts_with(dots)) {
        rest.trim_start_matches(dots)
    } else {
        word.trim_start_matches(dots)
    };
    (!word.is_empty()).then_some(word)
}

/// Reads a `Carriers` tag (`white g1, b2; black b8`, `-` for none) into the
/// start position's carriers. `*` marks already in the position must agree.
fn apply_carriers(start: &mut VariantPosition, text: &str) -> Result<(), String> {
    if start.variant() != Variant::Beirut {
        return Err(format!(
            "only Beirut has bomb carriers, not {}",
            start.variant()
        ));
    }
    let mut sides: [Option<Vec<Square>>; 2] = [None, None];
    for part in text.split(';') {
        let part = part.trim();
        let (name, list) = part.split_once(char::is_whitespace).unwrap_or((part, ""));
        let color = Color::from_name(&name.to_ascii_lowercase())
            .filter(|_| name.len() > 1)
            .ok_or_else(|| {
                format!("expected 'white ...; black ...' (squares or '-'), found '{part}'")
            })?;
        if sides[color.index()].is_some() {
            return Err(format!("{color} is named twice"));
        }
        let list = list.trim();
        let mut squares = Vec::new();
        if list != "-" {
            for name in list.split(',') {
                let name = name.trim();
                let sq = start
                    .parse_square(name)
                    .ok_or_else(|| format!("'{name}' is not a square of the board"))?;
                squares.push(sq);
            }
        }
        sides[color.index()] = Some(squares);
    }
    for color in Color::ALL {
        let Some(squares) = &sides[color.index()] else {
            return Err(format!(
                "{color}'s carriers are missing (write '-' for none)"
            ));
        };
        let marked = start.carriers(color);
        if !marked.is_empty() {
            let mut given = squares.clone();
            given.sort();
            if given != marked {
                return Err(format!(
                    "{color}'s carriers differ from the '*' marks of the start position"
                ));
            }
        }
        start
            .set_carriers(color, squares)
            .map_err(|e| format!("{color}: {e}"))?;
    }
    Ok(())
}
