//! The game as the board sees it: the referee's position, the legal moves of the side to move,
//! the selected piece and the last move. No DOM here, so every rule of the click-click input is
//! plain Rust that the tests can drive square by square.

use boomchess_rules::{
    BoardSize, CarrierError, Color, Game as RulesGame, Move, MoveKind, Options, Outcome, Phase,
    Piece, Reason, Role, Square, Variant, VariantPosition,
};

use boomchess_online::referee::Owed;
use boomchess_online::Stage as OnlineStage;

use crate::clock::Clock;
use crate::computer::ComputerTurn;
use crate::spec::{GameSpec, Mode};

/// What a click on a square did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClickOutcome {
    /// A piece of the side to move is now selected.
    Selected(Square),
    /// The selection was cleared.
    Deselected,
    /// This move was played.
    Played(Move),
    /// A pawn reached the last rank: the promotion picker is open (see [`Game::promotion`]).
    Promoting,
    /// Nothing changed (an empty square or an enemy piece with nothing selected).
    Ignored,
    /// The pass-the-device curtain was lifted.
    CurtainLifted,
    /// Setup: a carrier mark was set or removed.
    Marked,
    /// Against the computer, while it thinks: a move was queued (played on its reply).
    Premoved,
}

/// A marked target of the selected piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The target square.
    pub square: Square,
    /// Whether a piece stands there (drawn as a ring instead of a dot).
    pub occupied: bool,
    /// The kind of move (a launch is marked differently).
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
    /// player: (square, piece, the move).
    pub choices: Vec<(Square, Role, Move)>,
}

/// Where the game stands, as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Beirut: this side is marking its carriers.
    Setup(Color),
    /// Hot-seat Beirut: the pass-the-device curtain is up; the next player to look is this side.
    Curtain(Color),
    /// Moves are being played; this side is to move.
    Play(Color),
    /// The game has ended.
    Over(Outcome),
}

/// An online game as the board shows it ([`Mode::Online`]): where its record stands and what
/// the side to move owes. The board's referee is then the game as this seat may see it (its own
/// carriers, and the others once public), rebuilt by the board's owner after every entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Online {
    /// Where the online game stands.
    pub stage: OnlineStage,
    /// What the side to move owes.
    pub owed: Owed,
    /// One of this seat's actions waits for the server (nothing more is played till it is
    /// settled).
    pub waiting: bool,
}

/// 64 random bits from the browser's `crypto.getRandomValues` (`Math.random` where there is no
/// Web Crypto).
fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    let crypto = web_sys::window().and_then(|w| w.crypto().ok());
    if crypto.is_some_and(|c| c.get_random_values_with_u8_array(&mut bytes).is_ok()) {
        return u64::from_le_bytes(bytes);
    }
    let half = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (half() << 32) | half()
}

/// One game on the board, refereed by `boomchess_rules::Game` (which keeps the history for undo
/// and redo). In hot-seat Beirut only what the player at the board may know is ever drawn or
/// handed out: [`Game::shown`] is the position from the side to move's view (none of the other
/// side's carriers; no carriers at all while the curtain is up; every carrier once it is over).
pub struct Game {
    referee: RulesGame,
    mode: Mode,
    /// Hot-seat Beirut: a curtain comes down between turns (see [`Game::without_curtain`]).
    curtains: bool,
    /// The curtain is up now.
    curtain: bool,
    /// Browsing the move list: the number of moves of the earlier position shown (read-only)
    /// instead of the live one, and that position as the player at the board may see it.
    viewing: Option<(usize, VariantPosition)>,
    /// The position drawn, and the legal moves of the side to move from its own view (in a
    /// diagram also those of the other side).
    shown: VariantPosition,
    legal: Vec<Move>,
    /// Setup: the squares the choosing side has marked so far.
    marks: Vec<Square>,
    selected: Option<Square>,
    promotion: Option<Promotion>,
    /// How the game ended off the board, if it did: a resignation, an agreed draw, a flag.
    ended: Option<Outcome>,
    /// Against the computer: a move queued while it thinks (from, to).
    premove: Option<(Square, Square)>,
    /// The clocks, in a game on the clock, and the number of moves they have counted.
    clock: Option<Clock>,
    clock_moves: usize,
    /// Online: where the record stands, the move sent and not yet recorded, and the carriers
    /// chosen and not yet committed to.
    online: Option<Online>,
    outgoing: Option<Move>,
    chosen: Option<Vec<Square>>,
    /// A random number drawn for this game and never shown: it seeds the computer's carrier
    /// choice and its moves, so neither can be predicted by running the engine on the position
    /// (a fixed seed would make it pick the same carrier in every game).
    secret: u64,
}

impl Game {
    /// A new hot-seat game of `variant` from its start position with default options (Beirut
    /// starts in its setup phase).
    pub fn new(variant: Variant) -> Game {
        Game::from_referee(RulesGame::new(variant, Options::default()), Mode::HotSeat)
    }

    /// A hot-seat game from a position text; the error names what is wrong with it. A Beirut
    /// text without `*` marks starts in the setup phase.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, String> {
        RulesGame::from_fen(variant, Options::default(), fen)
            .map(|referee| Game::from_referee(referee, Mode::HotSeat))
            .map_err(|e| e.to_string())
    }

    /// A game refereed by `referee`, played in `mode`. Against the computer there is no
    /// curtain and the board shows the human's view only (the computer's carriers stay hidden
    /// until they explode or the game ends); in Beirut the computer chooses its own carriers
    /// from its own view. A diagram shows every carrier, previews the moves of either side and
    /// plays nothing; a Beirut diagram without carriers is shown as it is (no carrier choice).
    pub fn from_referee(referee: RulesGame, mode: Mode) -> Game {
        let curtains = mode == Mode::HotSeat && referee.variant() == Variant::Beirut;
        // A game that starts with carriers already on the board hides them until the first
        // player to move lifts the curtain.
        let curtain = curtains && matches!(referee.phase(), Phase::Play);
        let shown = *referee.position();
        let mut game = Game {
            referee,
            mode,
            curtains,
            curtain,
            viewing: None,
            shown,
            legal: Vec::new(),
            marks: Vec::new(),
            selected: None,
            promotion: None,
            ended: None,
            premove: None,
            clock: None,
            clock_moves: 0,
            online: None,
            outgoing: None,
            chosen: None,
            secret: random_u64(),
        };
        game.computer_setup();
        game.refresh();
        game
    }

    /// The same game (its referee and history) played in another mode, as a new game on the
    /// board: no selection, a new secret.
    pub fn with_mode(self, mode: Mode) -> Game {
        Game::from_referee(self.referee, mode)
    }

    /// An online game: `view` is the game as `seat` may see it (a spectator: nobody's
    /// carriers), `online` where its record stands.
    pub fn online(view: RulesGame, seat: Option<Color>, online: Online) -> Game {
        let mut game = Game::from_referee(view, Mode::Online { seat });
        game.online = Some(online);
        game.ended = game.ended_online();
        game.refresh();
        game
    }

    /// Online: the game after a new entry of its record (`view` and `online` as in
    /// [`Game::online`]). A new move shows the live position again; the carriers being marked
    /// stay while they are still to be chosen.
    pub fn sync_online(&mut self, view: RulesGame, online: Online) {
        let moved = view.moves().len() != self.referee.moves().len();
        self.referee = view;
        self.online = Some(online);
        self.outgoing = None;
        self.ended = self.ended_online();
        if moved || self.is_over() {
            self.viewing = None;
            self.selected = None;
            self.promotion = None;
        }
        if !matches!(self.stage(), Stage::Setup(_)) {
            self.marks.clear();
        }
        self.refresh();
    }

    /// Online (Beirut): the game is over on the board and its result waits for both sides'
    /// final reveal and the replay with every carrier known.
    pub fn verifying(&self) -> bool {
        self.online
            .as_ref()
            .is_some_and(|o| matches!(o.stage, OnlineStage::Revealing { .. }))
    }

    /// Online: where the record stands, if this is an online game.
    pub fn online_state(&self) -> Option<&Online> {
        self.online.as_ref()
    }

    /// Online: this board's seat (none for a spectator or off line).
    pub fn seat(&self) -> Option<Color> {
        match self.mode {
            Mode::Online { seat } => seat,
            _ => None,
        }
    }

    /// Online: the move this board's player made, to send (taken once).
    pub fn take_outgoing(&mut self) -> Option<Move> {
        self.outgoing.take()
    }

    /// Online: the carriers this board's player chose, to commit to (taken once).
    pub fn take_chosen(&mut self) -> Option<Vec<Square>> {
        self.chosen.take()
    }

    /// Online: an end the board cannot see for itself (a resignation, an agreement, a flag, a
    /// missed deadline, a failed verification, an abort), as the record gives it.
    fn ended_online(&self) -> Option<Outcome> {
        let outcome = match &self.online.as_ref()?.stage {
            OnlineStage::Over(result) => result.outcome(),
            _ => return None,
        };
        // An end on the board is the board's own (the view knows it).
        match self.referee.position().outcome() {
            Some(board) if board == outcome => None,
            _ => Some(outcome),
        }
    }

    /// Online: the stage as the record gives it.
    fn online_stage(&self, online: &Online) -> Stage {
        match &online.stage {
            OnlineStage::Over(result) => Stage::Over(result.outcome()),
            // The board's game is over, its result not yet: shown once verified.
            OnlineStage::Revealing { .. } => Stage::Play(self.referee.position().turn()),
            OnlineStage::Committing(owed) => match self.seat() {
                Some(seat) if owed[seat.index()] && !online.waiting => Stage::Setup(seat),
                _ => Stage::Play(self.referee.position().turn()),
            },
            OnlineStage::Seating | OnlineStage::Playing => {
                Stage::Play(self.referee.position().turn())
            }
        }
    }

    /// How the game is played.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The spec that sets this game up again: its variant, options, start position (with its
    /// carriers, once chosen), mode and the moves played (coordinate text).
    pub fn spec(&self) -> GameSpec {
        let referee = &self.referee;
        let setup = matches!(referee.phase(), Phase::Setup(_));
        let moves = referee.moves();
        GameSpec {
            variant: referee.variant(),
            options: referee.options(),
            fen: (!setup).then(|| referee.start_position().fen()),
            moves: moves
                .iter()
                .enumerate()
                .filter_map(|(i, &m)| referee.position_at(i).map(|p| p.move_to_uci(m)))
                .collect(),
            mode: self.mode,
            clock: self.clock.as_ref().map(Clock::control),
        }
    }

    /// Puts the game on the clock (or off it, with `None`); the clocks start when a side is to
    /// move ([`Game::sync_clock`]).
    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
        self.clock_moves = self.referee.moves().len();
    }

    /// Online: the server's clocks, `left` as of `now` (milliseconds by this page's clock),
    /// with `running`'s clock going from then.
    pub fn set_online_clock(&mut self, clock: Option<(Clock, Option<Color>)>, now: f64) {
        self.clock = clock.map(|(mut clock, running)| {
            if let Some(color) = running {
                clock.start(color, now);
            }
            clock
        });
    }

    /// The clocks, in a game on the clock.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Brings the clocks up to `now` (milliseconds) after a change: a move completed adds its
    /// side's increment; the side to move's clock runs while it may play (the computer's too,
    /// while it thinks) and stops behind the curtain, during the carrier choice and at the end.
    pub fn sync_clock(&mut self, now: f64) {
        // Online the clocks are the server's ([`Game::set_clock`] after each entry).
        if self.online.is_some() {
            return;
        }
        let played = self.referee.moves().len();
        let stage = self.stage();
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        for ply in self.clock_moves..played {
            if let Some(before) = self.referee.position_at(ply) {
                clock.moved(before.turn(), now);
            }
        }
        self.clock_moves = played;
        match stage {
            Stage::Play(turn) => clock.start(turn, now),
            _ => clock.stop(now),
        }
    }

    /// Ends the game when a flag has fallen by `now`: the other side wins on time. Whether it
    /// did.
    pub fn check_flag(&mut self, now: f64) -> bool {
        // Online the server judges the clocks.
        if self.online.is_some() {
            return false;
        }
        let Some(flagged) = self.clock.as_ref().and_then(|c| c.flag(now)) else {
            return false;
        };
        if let Some(clock) = self.clock.as_mut() {
            clock.stop(now);
        }
        self.end(Outcome::Decisive {
            winner: !flagged,
            reason: Reason::Timeout,
        });
        true
    }

    /// The side the computer plays, if any.
    pub fn computer(&self) -> Option<Color> {
        self.mode.computer()
    }

    /// The computer's level (1–8), if any.
    pub fn level(&self) -> Option<u8> {
        match self.mode {
            Mode::Computer { level, .. } => Some(level),
            _ => None,
        }
    }

    /// Whether the computer is to move now.
    pub fn computer_to_move(&self) -> bool {
        matches!((self.stage(), self.computer()), (Stage::Play(t), Some(c)) if t == c)
    }

    /// Beirut: the computer chooses its carriers when it is its turn to choose.
    fn computer_setup(&mut self) {
        let Some(color) = self.computer() else {
            return;
        };
        if self.referee.phase() != Phase::Setup(color) {
            return;
        }
        let view = self.referee.start_position().view(color);
        let count = usize::from(self.referee.carriers_to_choose());
        let squares: Vec<String> =
            boomchess_ai::choose_carriers(&view, color, count, self.secret ^ view.hash())
                .into_iter()
                .map(|sq| view.square_name(sq))
                .collect();
        self.referee.choose_carriers(&squares).ok();
    }

    /// The computer's task when it is to move: its own view, the history as it saw it, its
    /// level and a seed.
    pub fn computer_turn(&self) -> Option<ComputerTurn> {
        let color = self.computer()?;
        let level = self.level()?;
        if !self.computer_to_move() {
            return None;
        }
        let ply = self.referee.moves().len();
        let history = (0..ply)
            .filter_map(|i| self.referee.position_at(i))
            .map(|p| p.view(color).fen())
            .collect();
        Some(ComputerTurn {
            variant: self.variant(),
            options: self.options(),
            fen: self.referee.view(color).fen(),
            history,
            level,
            enemy_carriers: self.referee.carriers_at_most(!color),
            // 53 bits: the seed travels to the worker as a JavaScript number.
            seed: (self.secret ^ (ply as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
                & ((1 << 53) - 1),
        })
    }

    /// Plays the computer's move (coordinate text, as the worker answers), checked against its
    /// own view.
    pub fn play_computer(&mut self, uci: &str) -> Result<(), String> {
        let Some(color) = self.computer() else {
            return Err("not a game against the computer".to_owned());
        };
        if !self.computer_to_move() {
            return Err("it is not the computer's turn".to_owned());
        }
        let view = self.referee.view(color);
        let m = view.parse_uci(uci.trim()).map_err(|e| e.to_string())?;
        self.referee.play(m).map_err(|e| e.to_string())?;
        self.after_change();
        Ok(())
    }

    /// Whether this game is a diagram ([`Mode::Diagram`]).
    pub fn is_diagram(&self) -> bool {
        self.mode == Mode::Diagram
    }

    /// A diagram's moves: those of the side to move, and those the other side would have if it
    /// were its turn (none when the turn cannot pass, with the side to move in check).
    fn diagram_moves(&self) -> Vec<Move> {
        if self.shown.outcome().is_some() {
            return Vec::new();
        }
        let mut moves = self.shown.legal_moves();
        if let Ok(passed) = self.shown.with_turn_passed() {
            if passed.outcome().is_none() {
                moves.extend(passed.legal_moves());
            }
        }
        moves
    }

    /// The same game without the pass-the-device curtain (for a board everybody may see in
    /// full, such as tests of the board's drawing).
    pub fn without_curtain(mut self) -> Game {
        self.curtains = false;
        self.curtain = false;
        self.refresh();
        self
    }

    /// Recomputes what is shown and the legal moves after any change.
    fn refresh(&mut self) {
        let position = *self.referee.position();
        let human = self.computer().map(|c| !c);
        let online = self.online.is_some();
        self.shown = match self.stage() {
            _ if self.is_diagram() => position,
            Stage::Over(_) if online => position,
            Stage::Setup(c) if online => self.referee.start_position().view(c),
            _ if online => self.seen_by_seat(position),
            Stage::Over(_) => position,
            Stage::Setup(_) if human.is_some() => self
                .referee
                .start_position()
                .view(human.unwrap_or(Color::White)),
            _ if human.is_some() => position.view(human.unwrap_or(Color::White)),
            _ if !self.curtains => position,
            Stage::Setup(c) => self.referee.start_position().view(c),
            Stage::Curtain(_) => position.view(Color::White).view(Color::Black),
            Stage::Play(c) => position.view(c),
        };
        self.legal = match self.stage() {
            // A diagram previews the moves of both sides.
            _ if self.is_diagram() => self.diagram_moves(),
            // Online: this seat's moves on its turn, once nothing of its own waits for the server
            // and no statement is owed first.
            Stage::Play(turn) if online => match &self.online {
                Some(o)
                    if self.seat() == Some(turn)
                        && o.stage == OnlineStage::Playing
                        && o.owed != Owed::Switch
                        && !o.waiting =>
                {
                    self.shown.legal_moves()
                }
                _ => Vec::new(),
            },
            Stage::Play(c) if self.computer() != Some(c) => self.shown.legal_moves(),
            // While the computer thinks: the human's moves as if it were its turn, for premoves
            // (moves only: a boom or a launch waits for the real turn).
            Stage::Play(_) => self
                .shown
                .with_turn_passed()
                .map(|p| {
                    p.legal_moves()
                        .into_iter()
                        .filter(|m| !m.is_explosion())
                        .collect()
                })
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        // Browsing: the earlier position as this player may see it, and nothing to play.
        self.viewing = self
            .viewing
            .take()
            .and_then(|(ply, _)| Some((ply, self.seen_at(ply)?)));
        if self.viewing.is_some() {
            self.legal.clear();
        }
    }

    /// The position after `ply` moves as the player at the board may see it (for browsing the
    /// move list): in hot-seat Beirut only the side to move's own carriers, against the
    /// computer only the human's, every carrier once the game is over. `None` when browsing is
    /// not allowed now (a curtain is up, carriers are being chosen) or there is no such ply.
    fn seen_at(&self, ply: usize) -> Option<VariantPosition> {
        if !self.can_browse() {
            return None;
        }
        let position = *self.referee.position_at(ply)?;
        Some(match (self.stage(), self.computer()) {
            (Stage::Over(_), _) => position,
            _ if self.online.is_some() => self.seen_by_seat(position),
            (_, Some(computer)) => position.view(!computer),
            _ if !self.curtains => position,
            (Stage::Play(c), None) => position.view(c),
            _ => return None,
        })
    }

    /// Online: `position` as this board's seat may see it (its own carriers; a spectator sees
    /// none). The view it comes from holds no secret of the other side anyway; this is the
    /// second lock.
    fn seen_by_seat(&self, position: VariantPosition) -> VariantPosition {
        match self.seat() {
            Some(seat) => position.view(seat),
            None => position.view(Color::White).view(Color::Black),
        }
    }

    /// Whether the move list may be browsed now: a move has been played, and neither a curtain
    /// is up nor are carriers being chosen (the side to move's view is the one shown).
    pub fn can_browse(&self) -> bool {
        !self.referee.moves().is_empty() && matches!(self.stage(), Stage::Play(_) | Stage::Over(_))
    }

    /// The number of moves of the earlier position being viewed, or `None` at the live position.
    pub fn viewing(&self) -> Option<usize> {
        self.viewing.as_ref().map(|v| v.0)
    }

    /// Shows the position after `ply` moves on the board, read-only; `None` (or the number of
    /// moves played, or more) goes back to the live position. Returns whether what is shown
    /// changed (`false` also when browsing is not allowed now, see [`Game::can_browse`]).
    pub fn browse(&mut self, ply: Option<usize>) -> bool {
        let played = self.referee.moves().len();
        let target = ply.filter(|&n| n < played);
        if target == self.viewing() || (target.is_some() && !self.can_browse()) {
            return false;
        }
        self.viewing = target.map(|n| (n, self.shown));
        self.selected = None;
        self.promotion = None;
        self.refresh();
        true
    }

    /// One step through the move list: `-1` back, `1` forward; from the live position a step
    /// back shows the position before the last move. Returns whether what is shown changed.
    pub fn browse_step(&mut self, step: isize) -> bool {
        let played = self.referee.moves().len();
        let at = self.viewing().unwrap_or(played);
        let next = at.saturating_add_signed(step).min(played);
        self.browse(Some(next))
    }

    /// The position drawn on the board: the live one as shown, or the earlier one browsed to.
    fn board(&self) -> &VariantPosition {
        self.viewing.as_ref().map_or(&self.shown, |v| &v.1)
    }

    /// The stage: setup, curtain, play or over.
    pub fn stage(&self) -> Stage {
        if let Some(online) = &self.online {
            return self.online_stage(online);
        }
        if let Some(outcome) = self.ended {
            return Stage::Over(outcome);
        }
        match self.referee.phase() {
            // A Beirut diagram without carriers: shown as it is, no carrier choice.
            Phase::Setup(_) if self.is_diagram() => Stage::Play(self.referee.position().turn()),
            Phase::Setup(c) if self.curtain => Stage::Curtain(c),
            Phase::Setup(c) => Stage::Setup(c),
            Phase::Play if self.curtain => Stage::Curtain(self.referee.position().turn()),
            Phase::Play => Stage::Play(self.referee.position().turn()),
            Phase::Over(o) => Stage::Over(o),
        }
    }

    /// The referee (all carriers: never hand its positions to the page in hot-seat Beirut).
    pub fn referee(&self) -> &RulesGame {
        &self.referee
    }

    /// The position as the player at the board may see it.
    pub fn shown(&self) -> &VariantPosition {
        &self.shown
    }

    /// Whether the pass-the-device curtain is up.
    pub fn curtain(&self) -> bool {
        self.curtain
    }

    /// Lifts the curtain (a no-op when none is up).
    pub fn lift_curtain(&mut self) -> bool {
        if !self.curtain {
            return false;
        }
        self.curtain = false;
        self.selected = None;
        self.refresh();
        true
    }

    /// Raises the curtain after the seat changes hands (hot-seat Beirut, game not over).
    fn pass_device(&mut self) {
        self.curtain = self.curtains && !matches!(self.referee.phase(), Phase::Over(_));
    }

    /// Whether carriers are still to be chosen (setup phase, curtain or not).
    pub fn carriers_pending(&self) -> bool {
        if let Some(online) = &self.online {
            return matches!(online.stage, OnlineStage::Committing(_));
        }
        !self.is_diagram() && matches!(self.referee.phase(), Phase::Setup(_))
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        self.referee.variant()
    }

    /// The options in force.
    pub fn options(&self) -> Options {
        self.referee.options()
    }

    /// The board's size.
    pub fn board_size(&self) -> BoardSize {
        self.variant().board_size()
    }

    /// The square with this name on this board, if any.
    pub fn square(&self, name: &str) -> Option<Square> {
        self.board_size().parse(name.trim())
    }

    /// The piece on a square of the position drawn (`None` off the board).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board_size()
            .contains(sq)
            .then(|| self.board().piece_at(sq))
            .flatten()
    }

    /// Whether a carrier is shown on this square: a confirmed carrier of the shown position, or
    /// one being marked in the setup phase.
    pub fn shows_carrier(&self, sq: Square) -> bool {
        self.marks.contains(&sq) || (self.board_size().contains(sq) && self.board().is_carrier(sq))
    }

    /// The squares marked so far in the setup phase.
    pub fn marks(&self) -> &[Square] {
        &self.marks
    }

    /// How many carriers the choosing side must mark (0 outside the setup phase).
    pub fn carriers_to_choose(&self) -> u8 {
        match self.stage() {
            Stage::Setup(_) if self.online.is_some() => self.options().carriers,
            Stage::Setup(_) => self.referee.carriers_to_choose(),
            _ => 0,
        }
    }

    /// Setup: marks or unmarks a man of the choosing side (not the king). Returns whether the
    /// marks changed. Marking one more than allowed replaces the oldest mark.
    pub fn toggle_mark(&mut self, sq: Square) -> bool {
        let Stage::Setup(color) = self.stage() else {
            return false;
        };
        if let Some(i) = self.marks.iter().position(|&m| m == sq) {
            self.marks.remove(i);
            return true;
        }
        let own_man = self
            .piece_at(sq)
            .is_some_and(|p| p.color == color && p.role != Role::King);
        if !own_man {
            return false;
        }
        let n = usize::from(self.carriers_to_choose());
        if n == 0 {
            return false;
        }
        if self.marks.len() >= n {
            self.marks.remove(0);
        }
        self.marks.push(sq);
        true
    }

    /// Setup: confirms the marked squares as the choosing side's carriers.
    pub fn confirm_carriers(&mut self) -> Result<(), String> {
        let size = self.board_size();
        let names: Vec<String> = self.marks.iter().map(|&s| size.name(s)).collect();
        self.choose_carriers(&names)
    }

    /// Setup: the choosing side names its carriers (square names); then the device passes to
    /// the other side.
    pub fn choose_carriers<S: AsRef<str>>(&mut self, squares: &[S]) -> Result<(), String> {
        if !matches!(self.stage(), Stage::Setup(_)) {
            return Err(match self.stage() {
                Stage::Curtain(_) => "the curtain is up: lift it first".to_owned(),
                _ => "carriers are chosen only in the setup phase".to_owned(),
            });
        }
        if self.online.is_some() {
            // Online the choice stays on this device: the board's owner commits to it, once the
            // rules accept it as the carriers of this seat.
            let chosen = squares
                .iter()
                .map(|name| {
                    let name = name.as_ref();
                    self.board_size()
                        .parse(name.trim())
                        .ok_or_else(|| format!("no square {name:?} on this board"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let expected = self.options().carriers;
            if chosen.len() != usize::from(expected) {
                let found = chosen.len();
                return Err(CarrierError::WrongCount { expected, found }.to_string());
            }
            let (Stage::Setup(color), mut start) = (self.stage(), *self.referee.start_position())
            else {
                return Err("carriers are chosen only in the setup phase".to_owned());
            };
            start
                .set_carriers(color, &chosen)
                .map_err(|e| e.to_string())?;
            if let Some(online) = &mut self.online {
                online.waiting = true;
            }
            self.chosen = Some(chosen);
            self.marks.clear();
            self.refresh();
            return Ok(());
        }
        self.referee
            .choose_carriers(squares)
            .map_err(|e| e.to_string())?;
        self.marks.clear();
        self.selected = None;
        self.computer_setup();
        self.pass_device();
        self.refresh();
        Ok(())
    }

    /// The square of `color`'s king, if it has one on the board.
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.board().king_of(color)
    }

    /// The square of the king of the side to move when it is in check (in the position drawn).
    pub fn checked_king(&self) -> Option<Square> {
        let board = self.board();
        if !board.is_check() {
            return None;
        }
        self.king_square(board.turn())
    }

    /// How the game ended, if it has (checkmate, stalemate, a destroyed king, a draw rule).
    pub fn outcome(&self) -> Option<Outcome> {
        match self.stage() {
            Stage::Over(o) => Some(o),
            _ => None,
        }
    }

    /// The side to move (in the setup phase: the side choosing).
    pub fn turn(&self) -> Color {
        if let (Some(_), Stage::Setup(c)) = (&self.online, self.stage()) {
            return c;
        }
        match self.referee.phase() {
            Phase::Setup(c) if !self.is_diagram() => c,
            _ => self.referee.position().turn(),
        }
    }

    /// The position text as the player at the board sees it.
    pub fn fen(&self) -> String {
        self.shown.fen()
    }

    /// Every legal move of the side to move, from its own view (none in setup, behind the
    /// curtain, or once over).
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        // A diagram also holds the other side's moves (for its previews): not handed out here.
        let turn = self.turn();
        self.legal
            .iter()
            .copied()
            .filter(move |m| self.piece_at(m.from).is_some_and(|p| p.color == turn))
    }

    /// The coordinate text of a move of the position drawn.
    pub fn move_text(&self, m: Move) -> String {
        self.shown.move_to_uci(m)
    }

    /// Whether the engine may comment on the position shown: once the game is over, in a
    /// diagram and on an analysis board; never while a game is being played (it would play for
    /// one side), nor before the carriers are chosen.
    pub fn can_analyse(&self) -> bool {
        (self.is_over() || self.is_diagram() || self.mode == Mode::Analysis)
            && !self.carriers_pending()
    }

    /// What the engine is asked when it comments on the position shown ([`Game::can_analyse`]):
    /// that position with everything the viewer sees, which is everything (a finished game shows
    /// every carrier, and so do diagrams and analysis boards).
    pub fn analysis_turn(&self) -> Option<ComputerTurn> {
        if !self.can_analyse() {
            return None;
        }
        let board = self.board();
        if board.outcome().is_some() {
            return None;
        }
        Some(ComputerTurn {
            variant: self.variant(),
            options: self.options(),
            fen: board.fen(),
            history: Vec::new(),
            level: 8,
            seed: 1,
            enemy_carriers: 0,
        })
    }

    /// The side that may resign or offer a draw now: the player at the board in hot-seat (the
    /// side to move), the human against the computer; `None` in a diagram, during the carrier
    /// choice or once the game is over.
    pub fn player(&self) -> Option<Color> {
        if self.online.is_some() {
            return match self.online.as_ref().map(|o| &o.stage) {
                Some(OnlineStage::Playing) => self.seat(),
                _ => None,
            };
        }
        match (self.stage(), self.computer()) {
            (Stage::Play(_) | Stage::Curtain(_), Some(computer)) => Some(!computer),
            (Stage::Play(turn), None) if !self.is_diagram() && self.mode != Mode::Analysis => {
                Some(turn)
            }
            _ => None,
        }
    }

    /// `color` resigns: the other side wins. Refused outside a game in play, or by a side that
    /// is not the player at the board ([`Game::player`]).
    pub fn resign(&mut self, color: Color) -> Result<(), String> {
        if self.player() != Some(color) {
            return Err(match self.player() {
                None => "there is no game in play to resign".to_owned(),
                Some(player) => format!("only {} may resign now", player.title()),
            });
        }
        self.end(Outcome::Decisive {
            winner: !color,
            reason: Reason::Resignation,
        });
        Ok(())
    }

    /// The players agree to a draw (hot-seat: the one at the board offered, the other
    /// accepted). Refused against the computer, which does not take offers, and outside play.
    pub fn agree_draw(&mut self) -> Result<(), String> {
        if self.computer().is_some() {
            return Err("the computer does not accept draw offers".to_owned());
        }
        if self.player().is_none() {
            return Err("there is no game in play to draw".to_owned());
        }
        self.end(Outcome::Draw {
            reason: Reason::Agreement,
        });
        Ok(())
    }

    /// Ends the game off the board (see [`Game::resign`]): everything is shown, as at any end.
    pub fn end(&mut self, outcome: Outcome) {
        self.ended = Some(outcome);
        self.curtain = false;
        self.viewing = None;
        self.selected = None;
        self.promotion = None;
        self.marks.clear();
        self.refresh();
    }

    /// How the game ended off the board, if it did (a resignation, an agreed draw, a flag).
    pub fn ended(&self) -> Option<Outcome> {
        self.ended
    }

    /// Whether a game is going on that starting another would throw away: a move has been
    /// played and it has not ended.
    pub fn in_progress(&self) -> bool {
        if self.online.is_some() {
            return !self.is_over();
        }
        !self.is_over() && !self.referee.moves().is_empty()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        matches!(self.stage(), Stage::Over(_))
    }

    /// The selected square, if any.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The last move played (after undo: the one before).
    pub fn last_move(&self) -> Option<Move> {
        // While browsing: the move that led to the position viewed.
        let ply = self.viewing().unwrap_or(self.referee.moves().len());
        self.referee.moves().get(ply.checked_sub(1)?).copied()
    }

    /// The last move (as [`Game::last_move`]) with the referee's position before it: what
    /// everybody saw happen (a blast, a capture), for marking and telling it.
    fn last_move_played(&self) -> Option<(&VariantPosition, Move)> {
        let ply = self.viewing().unwrap_or(self.referee.moves().len());
        let before = self.referee.position_at(ply.checked_sub(1)?)?;
        Some((before, self.last_move()?))
    }

    /// The squares whose pieces the last move removed (captured, blasted or struck), to mark
    /// them on the board: public, as everybody saw them go.
    pub fn last_move_removed(&self) -> Vec<Square> {
        self.last_move_played()
            .map(|(before, m)| match before.explosion(m) {
                Some(explosion) => explosion.area,
                None => before.removed_by(m),
            })
            .unwrap_or_default()
    }

    /// The last move in words ("Black boom on d5: white pawn e4 and black pawn d5 destroyed."),
    /// hidden behind the curtain.
    pub fn last_move_words(&self) -> Option<String> {
        if self.curtain {
            return None;
        }
        let (before, m) = self.last_move_played()?;
        let mut after = *before;
        after.play_unchecked(m);
        Some(crate::a11y::describe_move(before, m, &after))
    }

    /// The moves played, in SAN.
    pub fn san_moves(&self) -> Vec<String> {
        self.referee.san_moves()
    }

    /// The boom of the selected carrier, if it may boom now.
    pub fn selected_boom(&self) -> Option<Move> {
        let from = self.selected?;
        self.legal
            .iter()
            .copied()
            .find(|m| m.kind == MoveKind::Boom && m.from == from)
    }

    /// Sets off the selected carrier (the Boom button). `false` if no carrier that may boom is
    /// selected.
    pub fn boom(&mut self) -> bool {
        if self.is_diagram() {
            return false;
        }
        match self.selected_boom() {
            Some(boom) => self.play_move(boom).is_ok(),
            None => false,
        }
    }

    /// The squares a boom or launch would blast, for the preview: the selected carrier's boom,
    /// a launch of the selected missile at `hover`, or, with nothing selected, the boom of a
    /// carrier of the side to move under the pointer.
    pub fn blast_preview(&self, hover: Option<Square>) -> Vec<Square> {
        let find = |kind: MoveKind, from: Square, to: Square| {
            self.legal
                .iter()
                .copied()
                .find(|m| m.kind == kind && m.from == from && m.to == to)
        };
        let chosen = match (self.selected, hover) {
            _ if self.promotion.is_some() => None,
            (Some(from), _) if self.selected_boom().is_some() => find(MoveKind::Boom, from, from),
            (Some(from), Some(h)) => find(MoveKind::Launch, from, h)
                // A diagram shows any carrier's blast under the pointer, whatever is selected.
                .or_else(|| find(MoveKind::Boom, h, h).filter(|_| self.is_diagram())),
            (None, Some(h)) => find(MoveKind::Boom, h, h),
            _ => None,
        };
        chosen.map(|m| self.shown.blast_area(m)).unwrap_or_default()
    }

    /// Whether the selected piece is a missile that may be launched (at nearly any square: the
    /// board marks that as a whole rather than with a dot on every square).
    pub fn selected_launches(&self) -> bool {
        self.selected.is_some_and(|from| {
            self.promotion.is_none()
                && self
                    .legal
                    .iter()
                    .any(|m| m.kind == MoveKind::Launch && m.from == from)
        })
    }

    /// The squares the selected piece can move to, one entry per square (its launches are not
    /// among them: see [`Game::selected_launches`]).
    pub fn targets(&self) -> Vec<Target> {
        let Some(from) = self.selected.filter(|_| self.promotion.is_none()) else {
            return Vec::new();
        };
        let mut out: Vec<Target> = Vec::new();
        for m in self
            .legal
            .iter()
            .filter(|m| m.from == from && !m.is_explosion())
        {
            match out.iter_mut().find(|t| t.square == m.to) {
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
        if self.is_diagram() {
            // Select/preview only: any piece (either side) is selected, everything else
            // (its own square again, an empty square, a target) clears the selection.
            return if self.selected != Some(sq) && self.piece_at(sq).is_some() {
                self.selected = Some(sq);
                ClickOutcome::Selected(sq)
            } else if self.selected.take().is_some() {
                ClickOutcome::Deselected
            } else {
                ClickOutcome::Ignored
            };
        }
        if self.lift_curtain() {
            return ClickOutcome::CurtainLifted;
        }
        // Browsing an earlier position (read-only).
        if self.viewing.is_some() {
            return ClickOutcome::Ignored;
        }
        // Waiting for the computer: a move can be queued (a premove), played on its reply.
        if self.computer_to_move() {
            return self.click_premove(sq);
        }
        if let Stage::Setup(_) = self.stage() {
            return if self.toggle_mark(sq) {
                ClickOutcome::Marked
            } else {
                ClickOutcome::Ignored
            };
        }
        if let Some(picker) = self.promotion.take() {
            // A choice plays it; any other square cancels the promotion and the selection.
            let choice = picker.choices.into_iter().find(|c| c.0 == sq);
            return match choice.map(|(_, _, m)| (self.play_move(m), m)) {
                Some((Ok(()), m)) => ClickOutcome::Played(m),
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
                // Clicking the selected carrier again sets off its bomb.
                if let Some(boom) = self.selected_boom() {
                    return match self.play_move(boom) {
                        Ok(()) => ClickOutcome::Played(boom),
                        Err(_) => ClickOutcome::Deselected,
                    };
                }
                self.selected = None;
                return ClickOutcome::Deselected;
            }
        }
        let own = self
            .piece_at(sq)
            .is_some_and(|p| p.color == self.turn() && !self.is_over());
        self.select_or_drop(sq, own)
    }

    /// Selects `sq` when it holds a piece of the player's (`own`), else drops the selection.
    fn select_or_drop(&mut self, sq: Square, own: bool) -> ClickOutcome {
        if own {
            self.selected = Some(sq);
            ClickOutcome::Selected(sq)
        } else if self.selected.take().is_some() {
            ClickOutcome::Deselected
        } else {
            ClickOutcome::Ignored
        }
    }

    /// A click while the computer thinks: on one of the human's pieces it selects it; on a square
    /// it could go to, it queues that move; anywhere else (or on a queued move) it clears both.
    fn click_premove(&mut self, sq: Square) -> ClickOutcome {
        if self.premove.take().is_some() {
            self.selected = None;
            return ClickOutcome::Deselected;
        }
        if let Some(from) = self.selected {
            if self.legal.iter().any(|m| m.from == from && m.to == sq) {
                self.premove = Some((from, sq));
                self.selected = None;
                return ClickOutcome::Premoved;
            }
        }
        let own = self.human().is_some_and(|human| {
            self.piece_at(sq).is_some_and(|p| p.color == human) && self.selected != Some(sq)
        });
        self.select_or_drop(sq, own)
    }

    /// The human's side against the computer.
    fn human(&self) -> Option<Color> {
        self.computer().map(|c| !c)
    }

    /// The move queued while the computer thought, if any: (from, to).
    pub fn premove(&self) -> Option<(Square, Square)> {
        self.premove
    }

    /// Plays the queued move once it is the human's turn, if it is legal then (a promotion
    /// becomes a queen); drops it otherwise. Whether it was played.
    pub fn play_premove(&mut self) -> bool {
        if self.computer_to_move() {
            return false;
        }
        let Some((from, to)) = self.premove.take() else {
            return false;
        };
        let candidates: Vec<Move> = self
            .legal
            .iter()
            .copied()
            .filter(|m| m.from == from && m.to == to && !m.is_explosion())
            .collect();
        let chosen = candidates
            .iter()
            .copied()
            .find(|m| matches!(m.promotion(), None | Some(Role::Queen)))
            .or_else(|| candidates.first().copied());
        match chosen {
            Some(m) => self.play_move(m).is_ok(),
            None => {
                self.refresh();
                false
            }
        }
    }

    /// Drops the selected piece on `to`: plays the move (or opens the promotion picker) as a
    /// click would; if `to` is not a target nothing changes and the piece stays selected (it
    /// snaps back).
    pub fn drop_on(&mut self, to: Square) -> Option<ClickOutcome> {
        if self.is_diagram() {
            return None;
        }
        let from = self.selected?;
        self.go(from, to)
    }

    /// Plays the move from `from` to `to`: an ordinary move if there is one, else a launch; with
    /// several promotion pieces to choose from, opens the picker instead. `None` if there is no
    /// such move.
    fn go(&mut self, from: Square, to: Square) -> Option<ClickOutcome> {
        let steps: Vec<Move> = self
            .legal
            .iter()
            .copied()
            .filter(|m| {
                m.from == from && m.to == to && !matches!(m.kind, MoveKind::Boom | MoveKind::Launch)
            })
            .collect();
        if steps.len() > 1 {
            self.promotion = Some(self.picker(from, to, &steps));
            return Some(ClickOutcome::Promoting);
        }
        let m = steps.first().copied().or_else(|| {
            self.legal
                .iter()
                .copied()
                .find(|m| m.from == from && m.to == to && m.kind == MoveKind::Launch)
        })?;
        Some(match self.play_move(m) {
            Ok(()) => ClickOutcome::Played(m),
            Err(_) => {
                self.selected = None;
                ClickOutcome::Deselected
            }
        })
    }

    /// Lays out the promotion choices in a column from the promotion square towards the middle
    /// of the board, strongest piece first.
    fn picker(&self, from: Square, to: Square, moves: &[Move]) -> Promotion {
        const ORDER: [Role; 6] = [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Missile,
            Role::Bomber,
        ];
        let mut options: Vec<(usize, Role, Move)> = moves
            .iter()
            .filter_map(|&m| {
                let role = m.promotion()?;
                Some((ORDER.iter().position(|&r| r == role)?, role, m))
            })
            .collect();
        options.sort_by_key(|o| o.0);
        // Towards the middle: down from a promotion square in the upper half (White's rank 8,
        // 9 or 10), up from the lower half (Black's rank 1 or, in Stratomic, 2).
        let size = self.board_size();
        let down = size.coords(to).1 >= size.ranks() / 2;
        let choices = options
            .into_iter()
            .enumerate()
            .filter_map(|(i, (_, role, m))| {
                let i = i8::try_from(i).ok()?;
                let square = size.offset(to, 0, if down { -i } else { i })?;
                Some((square, role, m))
            })
            .collect();
        Promotion { from, to, choices }
    }

    /// Plays a move given as coordinate text; the referee decides whether it is legal. On an
    /// error the game is unchanged. Only moves of the side to move's own view are accepted (so
    /// nobody can probe for the other side's carriers).
    pub fn play(&mut self, uci: &str) -> Result<(), String> {
        let text = uci.trim();
        self.playable()?;
        let m = self.shown.parse_uci(text).map_err(|e| e.to_string())?;
        self.play_move(m)
    }

    /// Why no move may be played now, if none may.
    fn playable(&self) -> Result<(), String> {
        if self.is_diagram() {
            return Err(
                "this board is a diagram: it shows a position, no moves are played".to_owned(),
            );
        }
        match self.stage() {
            Stage::Setup(_) => Err("carriers must be chosen first".to_owned()),
            Stage::Curtain(_) => Err("the curtain is up: lift it first".to_owned()),
            Stage::Over(_) => Err("the game is over".to_owned()),
            Stage::Play(_) if self.viewing.is_some() => {
                Err("an earlier position is shown: go back to the game to play".to_owned())
            }
            Stage::Play(_) => Ok(()),
        }
    }

    /// Plays a legal move of the side to move's own view (see [`Game::play`]).
    pub fn play_move(&mut self, m: Move) -> Result<(), String> {
        self.playable()?;
        if !self.legal.contains(&m) {
            return Err(format!("illegal move: {}", self.shown.move_to_uci(m)));
        }
        if let Some(online) = &mut self.online {
            // Online the server's record decides: the move is sent, and shown once recorded.
            online.waiting = true;
            self.outgoing = Some(m);
            self.selected = None;
            self.promotion = None;
            self.refresh();
            return Ok(());
        }
        self.referee.play(m).map_err(|e| e.to_string())?;
        self.after_change();
        Ok(())
    }

    /// Replays a recorded move (coordinate text or SAN) through the referee, which refuses an
    /// illegal one, whatever the curtain or the side to move; the curtain comes down after it
    /// as after any move.
    pub fn replay(&mut self, text: &str) -> Result<(), String> {
        if self.online.is_some() {
            return Err("an online game's moves come from its server".to_owned());
        }
        if self.is_over() {
            return Err("the game is over".to_owned());
        }
        if self.carriers_pending() {
            return Err("carriers must be chosen first".to_owned());
        }
        let m = self
            .referee
            .position()
            .parse_move(text)
            .map_err(|e| e.to_string())?;
        self.referee.play(m).map_err(|e| e.to_string())?;
        self.after_change();
        Ok(())
    }

    fn after_change(&mut self) {
        // A move, an undo or a redo shows the live position again.
        self.viewing = None;
        self.selected = None;
        self.promotion = None;
        self.marks.clear();
        self.pass_device();
        self.refresh();
    }

    /// Takes back the last move (the seat passes back, behind the curtain in hot-seat Beirut).
    /// Against the computer: back to the human's previous turn (its reply and the human's move).
    pub fn undo(&mut self) -> bool {
        if self.online.is_some() {
            return false;
        }
        self.premove = None;
        // Taking back a resignation or an agreed draw: the game goes on where it stood.
        if self.ended.take().is_some() {
            self.pass_device();
            self.refresh();
            return true;
        }
        if self.is_diagram() || !self.can_undo() {
            return false;
        }
        self.referee.undo();
        if let Some(c) = self.computer() {
            // Back to the human's previous turn: the computer's reply goes
            // together with the human move it answered.
            if self.referee.phase() == Phase::Play && self.referee.position().turn() == c {
                self.referee.undo();
            }
        }
        self.after_change();
        true
    }

    /// Plays again the last move taken back (against the computer: with its reply).
    pub fn redo(&mut self) -> bool {
        if self.is_diagram() || self.online.is_some() || self.referee.redo().is_none() {
            return false;
        }
        if self.computer_to_move() && self.referee.can_redo() {
            self.referee.redo();
        }
        self.after_change();
        true
    }

    /// Whether a move can be taken back / replayed.
    pub fn can_undo(&self) -> bool {
        if self.online.is_some() {
            return false;
        }
        if self.ended.is_some() {
            return true;
        }
        if self.is_diagram() {
            return false;
        }
        let played = self.referee.moves().len();
        match self.computer() {
            None => played > 0,
            // Only the human's own moves can be taken back: an opening
            // move of the computer stays (it would only be played again).
            Some(c) => {
                let first = self.referee.start_position().turn();
                let human_moves = if first == c {
                    played / 2
                } else {
                    played.div_ceil(2)
                };
                human_moves > 0
            }
        }
    }

    /// Whether a move taken back can be replayed.
    pub fn can_redo(&self) -> bool {
        !self.is_diagram() && self.online.is_none() && self.referee.can_redo()
    }
}

/// The material on the board, as lichess shows it beside the board: for each side the pieces it
/// has more of than the other (what it has won, net of what it lost, promotions included), and
/// the balance in pawns (the engine's values, rounded).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// White's surplus pieces, strongest first.
    pub white: Vec<Role>,
    /// Black's surplus pieces, strongest first.
    pub black: Vec<Role>,
    /// White's material minus Black's, in pawns.
    pub balance: i32,
}

/// Where the game stands, as the JavaScript API reports it (`status()`, the `over` event).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// `white` or `black`: the side to move (in setup, the side choosing).
    pub turn: &'static str,
    /// `setup`, `play` or `over`.
    pub phase: &'static str,
    /// `1-0`, `0-1`, `1/2-1/2`, or `None` while the game goes on.
    pub result: Option<&'static str>,
    /// How it ended (`checkmate`, `king-destroyed`, …), if it has.
    pub reason: Option<&'static str>,
    /// Whether the pass-the-device curtain is up.
    pub curtain: bool,
}

impl Game {
    /// The material of the position drawn (public: the pieces on the board).
    pub fn material(&self) -> Material {
        const ORDER: [Role; 7] = [
            Role::Queen,
            Role::Bomber,
            Role::Rook,
            Role::Missile,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        let board = self.board();
        let values = boomchess_ai::piece_values(self.variant(), self.options().super_knights);
        let count = |color: Color, role: Role| {
            self.board_size()
                .squares()
                .filter(|&sq| board.piece_at(sq) == Some(Piece { color, role }))
                .count() as i32
        };
        let mut material = Material::default();
        let mut centipawns = 0;
        for role in ORDER {
            let diff = count(Color::White, role) - count(Color::Black, role);
            centipawns += diff * values[role.index()];
            let side = if diff > 0 {
                &mut material.white
            } else {
                &mut material.black
            };
            side.extend(std::iter::repeat(role).take(diff.unsigned_abs() as usize));
        }
        material.balance = (f64::from(centipawns) / 100.0).round() as i32;
        material
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        let outcome = self.outcome();
        Status {
            turn: self.turn().name(),
            phase: if self.carriers_pending() {
                "setup"
            } else if self.is_over() {
                "over"
            } else {
                "play"
            },
            result: outcome.map(|o| o.result()),
            reason: outcome.map(|o| o.reason().name()),
            curtain: self.curtain(),
        }
    }
}
