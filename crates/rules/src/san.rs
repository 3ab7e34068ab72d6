//! Standard algebraic notation for people (docs/rules.md §5): `Nf3`, `exd6`,
//! `e8=Q`, `O-O`, `Ki1`, `Boom@e5`, `M@f7`, `Md2@f7`, `Fxf8`.

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveKind};
use crate::outcome::Reason;
use crate::piece::Role;
use crate::position::Position;
use crate::uci::MoveError;

const SAN_FORMS: &str = "a move such as Nf3, exd5, e8=Q, O-O, Boom@e5 or M@f7";

/// The mark a game record puts on a capture that set off a Dead Man's Switch
/// blast (docs/rules.md §5c): `Qxd5_#`, `exd6_`. It stands after the move
/// (and its promotion) and before `+` or `#`. An underscore means nothing
/// else in SAN or PGN, yet PGN counts it as part of the move's symbol, so a
/// PGN reader keeps `Nxd5_` as one word.
pub const SWITCH_MARK: char = '_';

impl<G: Geometry> Position<G> {
    /// The SAN of the legal move `m`, with `+` or `#`.
    pub fn move_to_san(&self, m: Move) -> String {
        let mut moves = G::MoveList::default();
        self.legal_moves(&mut moves);
        let mut san = self.san_without_suffix(m, &moves);
        san.push_str(self.suffix(m));
        san
    }

    /// The SAN of the legal move `m` as a game record writes it once it is
    /// played: [`move_to_san`](Position::move_to_san), with the
    /// [`SWITCH_MARK`] before any `+`/`#` when `m` is a capture whose victim
    /// carried a bomb under Dead Man's Switch (the blast is public).
    pub fn move_to_record_san(&self, m: Move) -> String {
        let mut san = self.move_to_san(m);
        if self.sets_off_switch(m) {
            let end = san.trim_end_matches(['+', '#']).len();
            san.insert(end, SWITCH_MARK);
        }
        san
    }

    /// Whether `m` captures a bomb carrier with Dead Man's Switch on, so that
    /// it explodes.
    fn sets_off_switch(&self, m: Move) -> bool {
        if !self.options().dead_mans_switch {
            return false;
        }
        let victim = match m.kind {
            MoveKind::EnPassant => self.ep_victim(),
            MoveKind::Normal | MoveKind::Promotion(_) => Some(m.to),
            MoveKind::Castle | MoveKind::Boom | MoveKind::Launch => None,
        };
        victim.is_some_and(|sq| self.carriers(!self.turn).has(sq))
    }

    /// `#` when `m` mates or destroys the enemy king, `+` when it checks.
    fn suffix(&self, m: Move) -> &'static str {
        let mut after = *self;
        after.play_unchecked(m);
        match after.outcome() {
            Some(o)
                if o.winner() == Some(self.turn)
                    && matches!(o.reason(), Reason::Checkmate | Reason::KingDestroyed) =>
            {
                "#"
            }
            _ if after.is_check() => "+",
            _ => "",
        }
    }

    /// The SAN of `m` without `+`/`#`, disambiguated against `legal`.
    pub(crate) fn san_without_suffix(&self, m: Move, legal: &[Move]) -> String {
        let from = G::square_name(m.from);
        let to = G::square_name(m.to);
        match m.kind {
            MoveKind::Boom => return format!("Boom@{from}"),
            MoveKind::Launch => {
                let shared = legal
                    .iter()
                    .any(|o| o.kind == MoveKind::Launch && o.to == m.to && o.from != m.from);
                return if shared {
                    format!("M{from}@{to}")
                } else {
                    format!("M@{to}")
                };
            }
            MoveKind::Castle => {
                let (f, t) = (G::file(m.from), G::file(m.to));
                return match f.abs_diff(t) {
                    2 if t > f => "O-O".to_string(),
                    2 => "O-O-O".to_string(),
                    _ => format!("K{to}"),
                };
            }
            _ => {}
        }
        let role = self.role_at(m.from).unwrap_or(Role::Pawn);
        let theirs = self.by_color(!self.turn);
        let mut captures = theirs.has(m.to) || m.kind == MoveKind::EnPassant;
        if role == Role::Bomber {
            captures |= (G::tables().between(m.from, m.to) & theirs).any();
        }
        let mut san = String::new();
        if role == Role::Pawn {
            if captures {
                san.push((b'a' + G::file(m.from)) as char);
                san.push('x');
            }
            san.push_str(&to);
            if let MoveKind::Promotion(r) = m.kind {
                san.push('=');
                san.push(r.upper_char());
            }
            return san;
        }
        san.push(role.upper_char());
        let rivals: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && o.kind == MoveKind::Normal
                    && self.role_at(o.from) == Some(role)
            })
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|o| G::file(o.from) == G::file(m.from));
            let same_rank = rivals.iter().any(|o| G::rank(o.from) == G::rank(m.from));
            if !same_file {
                san.push((b'a' + G::file(m.from)) as char);
            } else if !same_rank {
                san.push_str(&(G::rank(m.from) + 1).to_string());
            } else {
                san.push_str(&from);
            }
        }
        if captures {
            san.push('x');
        }
        san.push_str(&to);
        san
    }

    /// The fully spelled-out form (`Ng1f3`, `e2e4`), also accepted as input.
    fn long_form(&self, m: Move) -> String {
        let from = G::square_name(m.from);
        let to = G::square_name(m.to);
        let letter = match self.role_at(m.from) {
            Some(Role::Pawn) | None => String::new(),
            Some(r) => r.upper_char().to_string(),
        };
        let promotion = m
            .promotion()
            .map(|r| r.upper_char().to_string())
            .unwrap_or_default();
        format!("{letter}{from}{to}{promotion}")
    }

    /// Finds the legal move written in SAN. Check marks, `x`, `=`, the
    /// Dead Man's Switch mark [`SWITCH_MARK`] and annotations (`!?`) are
    /// optional; `0-0` is read as `O-O`; an over-specified origin (`Ng1f3`)
    /// is accepted. The mark, like `+`, is not checked against the position:
    /// the reader of a game record does that (`Pgn::game`).
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let wanted = normalize(text);
        // The mark may only stand among the suffixes, once.
        let suffixes = text.len() - text.trim_end_matches(|c| "+#!?_".contains(c)).len();
        let marks = text.matches(SWITCH_MARK).count();
        let mark_placed =
            marks == 0 || (marks == 1 && text[text.len() - suffixes..].contains(SWITCH_MARK));
        let well_formed = !wanted.is_empty()
            && wanted.len() <= 16
            && mark_placed
            && text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "@=+#x-!?_".contains(c));
        if !well_formed {
            return Err(MoveError::Malformed {
                text: text.to_string(),
                expected: SAN_FORMS,
            });
        }
        let mut moves = G::MoveList::default();
        self.legal_moves(&mut moves);
        let mut found: Option<Move> = None;
        for &m in moves.iter() {
            let san = self.san_without_suffix(m, &moves);
            if normalize(&san) == wanted || normalize(&self.long_form(m)) == wanted {
                if found.is_some_and(|f| f != m) {
                    return Err(MoveError::Ambiguous(text.to_string()));
                }
                found = Some(m);
            }
        }
        found.ok_or_else(|| {
            // `Nd2` when knights on b1 and f3 both reach d2: ambiguous, not illegal.
            let fits = moves
                .iter()
                .filter(|&&m| normalize(&self.bare_form(m)) == wanted)
                .count();
            if fits > 1 {
                MoveError::Ambiguous(text.to_string())
            } else {
                MoveError::Illegal {
                    text: text.to_string(),
                    why: "",
                }
            }
        })
    }

    /// The SAN of `m` without any disambiguation (`Nd2`, `M@f7`).
    fn bare_form(&self, m: Move) -> String {
        let to = G::square_name(m.to);
        match (m.kind, self.role_at(m.from)) {
            (MoveKind::Launch, _) => format!("M@{to}"),
            (MoveKind::Normal, Some(role)) if role != Role::Pawn => {
                format!("{}{to}", role.upper_char())
            }
            _ => String::new(),
        }
    }
}

/// The comparable core of a SAN text: without `x = + # ! ? _` and `-`, with
/// `0` castling read as `O` and the boom word in any case.
fn normalize(text: &str) -> String {
    let text = text.replace("0-0-0", "O-O-O").replace("0-0", "O-O");
    let mut core: String = text.chars().filter(|c| !"x=+#!?-_".contains(*c)).collect();
    if core
        .get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case("boom"))
    {
        core.replace_range(..4, "Boom");
    }
    core
}

impl crate::variant_position::VariantPosition {
    /// The SAN of the legal move `m` as the game record writes it once
    /// played: with the Dead Man's Switch mark (`Qxd5_#`) when the capture
    /// sets off a blast (see [`Position::move_to_record_san`]).
    ///
    /// ```
    /// use boomchess_rules::{Options, Variant, VariantPosition};
    ///
    /// let options = Options::parse(Variant::Beirut, &["dead-mans-switch"]).unwrap();
    /// let pos = VariantPosition::from_fen(Variant::Beirut, options,
    ///     "8/8/4k3/3n*4/8/8/8/K2Q4 w - - 0 1").unwrap();
    /// let m = pos.parse_move("Qxd5").unwrap();
    /// assert_eq!(pos.move_to_san(m), "Qxd5#");
    /// assert_eq!(pos.move_to_record_san(m), "Qxd5_#");
    /// assert_eq!(pos.parse_move("Qxd5_#"), Ok(m));
    /// ```
    pub fn move_to_record_san(&self, m: Move) -> String {
        use crate::variant_position::VariantPosition as V;
        match self {
            V::Eight(p) => p.move_to_record_san(m),
            V::Ten(p) => p.move_to_record_san(m),
        }
    }
}
