//! Positions: the board, whose turn it is, castling, en passant, clocks and
//! (in Beirut) the bomb carriers; with legal move generation and moves.

use crate::bits::Bits;
use crate::geometry::{Geometry, Tables, DIRECTIONS, ROOK_DIRECTIONS};
use crate::movelist::{AnyMove, BulkCounter, MoveBuffer, MoveSink};
use crate::moves::{Move, MoveKind};
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, Piece, Role};
use crate::square::Square;
use crate::variant::{CastlingRule, Options, Variant, VariantRules};

const KING: usize = Role::King as usize;
const QUEEN: usize = Role::Queen as usize;
const ROOK: usize = Role::Rook as usize;
const BISHOP: usize = Role::Bishop as usize;
const KNIGHT: usize = Role::Knight as usize;
const PAWN: usize = Role::Pawn as usize;
const MISSILE: usize = Role::Missile as usize;
const BOMBER: usize = Role::Bomber as usize;

/// A position of one of the games on a board of geometry `G`.
///
/// The position is the referee's: in Beirut it knows both sides' carriers.
/// Hand a player only its [`view`](Position::view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position<G: Geometry> {
    pub(crate) by_role: [G::Bits; 8],
    pub(crate) by_color: [G::Bits; 2],
    /// Squares of bomb carriers (of both colours).
    pub(crate) carriers: G::Bits,
    /// Squares passed over by the last pawn multi-step.
    pub(crate) ep: G::Bits,
    pub(crate) turn: Color,
    /// Castling rights: bit `color * 2 + side` (side 0 = `K`, 1 = `Q`).
    pub(crate) castling: u8,
    /// Stratomic: a non-pawn piece has been captured, so launches are allowed.
    pub(crate) launches: bool,
    pub(crate) variant: Variant,
    pub(crate) options: Options,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Zobrist hash of everything but en passant (see [`Position::hash`]).
    pub(crate) hash: u64,
    /// Start squares of the kings and castling rooks: castling rights can
    /// only change when something happens there.
    castle_watch: G::Bits,
}

impl<G: Geometry> Position<G> {
    /// A copy of the position, made field by field. The same as `*self`, but for WebAssembly
    /// LLVM writes a copy of more than 64 bytes as one `memory.copy`, which V8 runs as a call
    /// into C; fields of at most 64 bytes each are copied inline. A search copies a position for
    /// every move it makes.
    #[inline(always)]
    pub fn copied(&self) -> Self {
        let r = &self.by_role;
        Position {
            // Element by element: the 10×10 boards' eight sets are 128 bytes.
            by_role: [r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]],
            by_color: self.by_color,
            carriers: self.carriers,
            ep: self.ep,
            turn: self.turn,
            castling: self.castling,
            launches: self.launches,
            variant: self.variant,
            options: self.options,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            hash: self.hash,
            castle_watch: self.castle_watch,
        }
    }

    /// An empty board (no kings: not a playable position by itself).
    pub(crate) fn empty(variant: Variant, options: Options) -> Self {
        let rules = variant.rules();
        let castle_watch = Color::ALL
            .into_iter()
            .flat_map(|color| {
                let rank = Self::relative_rank(color, rules.back_rank);
                [rules.king_file, rules.rook_files[0], rules.rook_files[1]]
                    .map(|file| G::Bits::from_square(G::square(file, rank)))
            })
            .fold(G::Bits::EMPTY, |acc, b| acc | b);
        Position {
            castle_watch,
            by_role: [G::Bits::EMPTY; 8],
            by_color: [G::Bits::EMPTY; 2],
            carriers: G::Bits::EMPTY,
            ep: G::Bits::EMPTY,
            turn: Color::White,
            castling: 0,
            launches: false,
            variant,
            options,
            halfmoves: 0,
            fullmoves: 1,
            hash: 0,
        }
    }

    // ----- Reading the position -------------------------------------------

    /// The game this position belongs to.
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// The options in force.
    pub fn options(&self) -> Options {
        self.options
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// Half-moves since the last capture, explosion or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    /// The full-move number, starting at 1 and incremented after Black moves.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// Stratomic: whether launches are unlocked (a non-pawn piece was captured).
    pub fn launches_unlocked(&self) -> bool {
        self.launches
    }
    /// Squares passed over by the last pawn multi-step (en passant targets).
    pub fn ep_squares(&self) -> G::Bits {
        self.ep
    }
    /// Whether `color` may still castle towards the h/j file (`side` 0) or
    /// the a file (`side` 1).
    pub fn castling_right(&self, color: Color, side: usize) -> bool {
        self.castling & castle_bit(color, side) != 0
    }
    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> G::Bits {
        self.by_color[0] | self.by_color[1]
    }
    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> G::Bits {
        self.by_color[color.index()]
    }
    /// The squares of pieces with `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> G::Bits {
        self.by_role[role.index()]
    }
    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> G::Bits {
        self.by_role(piece.role) & self.by_color(piece.color)
    }
    /// The bomb carriers of `color` (this position's knowledge of them).
    pub fn carriers(&self, color: Color) -> G::Bits {
        self.carriers & self.by_color(color)
    }
    /// The role on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        // Most frequent first.
        const ORDER: [Role; 8] = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
            Role::Missile,
            Role::Bomber,
        ];
        ORDER.into_iter().find(|r| self.by_role[r.index()].has(sq))
    }
    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].has(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
    /// The king of `color`, if it is still on the board.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        let k = self.by_role[KING] & self.by_color[color.index()];
        k.any().then(|| k.first())
    }
    /// A hash of the full position (pieces, carriers, side to move,
    /// castling, en passant when a capture is possible, launch state), for
    /// repetition and transposition tables.
    pub fn hash(&self) -> u64 {
        let t = G::tables();
        let mut h = self.hash;
        for sq in self.capturable_ep(t).squares() {
            h ^= t.zobrist_ep[sq.usize()];
        }
        h
    }
    /// [`Position::hash`] without the bomb marks: the same for the referee
    /// and for every player's view, so repetitions can be found from a view.
    pub fn hash_without_carriers(&self) -> u64 {
        let t = G::tables();
        self.carriers
            .squares()
            .fold(self.hash(), |h, sq| h ^ t.zobrist_carrier[sq.usize()])
    }

    /// En passant squares that a pawn of the side to move attacks.
    fn capturable_ep(&self, t: &Tables<G>) -> G::Bits {
        let mut found = G::Bits::EMPTY;
        let pawns = self.by_role[PAWN] & self.by_color[self.turn.index()];
        for sq in self.ep.squares() {
            if (t.pawn[(!self.turn).index()][sq.usize()] & pawns).any() {
                found |= G::Bits::from_square(sq);
            }
        }
        found
    }

    // ----- Changing the board (keeping the hash) ---------------------------

    #[inline]
    fn zobrist(t: &Tables<G>, sq: Square, piece: Piece) -> u64 {
        t.zobrist_piece[sq.usize()][piece.color.index() * 8 + piece.role.index()]
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub(crate) fn put(&mut self, t: &Tables<G>, sq: Square, piece: Piece) {
        let b = G::Bits::from_square(sq);
        self.by_role[piece.role.index()] |= b;
        self.by_color[piece.color.index()] |= b;
        self.hash ^= Self::zobrist(t, sq, piece);
    }

    /// Removes whatever stands on `sq` (and its bomb), returning it.
    #[inline]
    pub(crate) fn remove(&mut self, t: &Tables<G>, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        let b = G::Bits::from_square(sq);
        self.by_role[piece.role.index()] ^= b;
        self.by_color[piece.color.index()] ^= b;
        self.hash ^= Self::zobrist(t, sq, piece);
        if self.carriers.has(sq) {
            self.carriers ^= b;
            self.hash ^= t.zobrist_carrier[sq.usize()];
        }
        Some(piece)
    }

    /// Takes the known `piece` off `sq`, leaving any bomb mark in place
    /// (see [`Position::carry_bomb`]).
    #[inline]
    fn lift(&mut self, t: &Tables<G>, sq: Square, piece: Piece) {
        let b = G::Bits::from_square(sq);
        self.by_role[piece.role.index()] ^= b;
        self.by_color[piece.color.index()] ^= b;
        self.hash ^= Self::zobrist(t, sq, piece);
    }

    /// Moves a bomb mark from `from` to `to`, if there is one.
    #[inline]
    fn carry_bomb(&mut self, t: &Tables<G>, from: Square, to: Square) {
        if self.carriers.has(from) {
            self.set_carrier(t, from, false);
            self.set_carrier(t, to, true);
        }
    }

    /// Marks or unmarks `sq` as a bomb carrier.
    pub(crate) fn set_carrier(&mut self, t: &Tables<G>, sq: Square, on: bool) {
        if self.carriers.has(sq) != on {
            self.carriers ^= G::Bits::from_square(sq);
            self.hash ^= t.zobrist_carrier[sq.usize()];
        }
    }

    pub(crate) fn set_castling(&mut self, t: &Tables<G>, rights: u8) {
        for bit in 0..4 {
            if (self.castling ^ rights) & (1 << bit) != 0 {
                self.hash ^= t.zobrist_castling[bit];
            }
        }
        self.castling = rights;
    }

    pub(crate) fn set_launches(&mut self, t: &Tables<G>, on: bool) {
        if self.launches != on {
            self.launches = on;
            self.hash ^= t.zobrist_launch;
        }
    }

    pub(crate) fn set_turn(&mut self, t: &Tables<G>, color: Color) {
        if self.turn != color {
            self.turn = color;
            self.hash ^= t.zobrist_black;
        }
    }

    /// Removes every piece of `area` except those in `immune`; returns
    /// what was removed.
    fn blast(&mut self, t: &Tables<G>, area: G::Bits, immune: G::Bits) -> G::Bits {
        let hit = area & self.occupied() & !immune;
        hit.squares().for_each(|sq| {
            self.remove(t, sq);
        });
        hit
    }

    // ----- Rule parameters ---------------------------------------------

    #[inline]
    fn rules(&self) -> &'static VariantRules {
        self.variant.rules()
    }
    /// `rank` (counted from White's side) as seen from `color`'s side.
    #[inline]
    pub(crate) fn relative_rank(color: Color, rank: u8) -> u8 {
        match color {
            Color::White => rank,
            Color::Black => G::RANKS - 1 - rank,
        }
    }
    /// The squares `(king, rook)` a castling right of `color` depends on.
    pub(crate) fn castling_squares(&self, color: Color, side: usize) -> (Square, Square) {
        let rules = self.rules();
        let rank = Self::relative_rank(color, rules.back_rank);
        (
            G::square(rules.king_file, rank),
            G::square(rules.rook_files[side], rank),
        )
    }
    /// Drops every castling right whose king or rook has left its square.
    fn update_castling(&mut self, t: &Tables<G>) {
        if self.castling == 0 {
            return;
        }
        let mut rights = self.castling;
        for color in Color::ALL {
            for side in 0..2 {
                if rights & castle_bit(color, side) != 0 {
                    let (king, rook) = self.castling_squares(color, side);
                    let own = self.by_color(color);
                    if !(self.by_role[KING] & own).has(king)
                        || !(self.by_role[ROOK] & own).has(rook)
                    {
                        rights &= !castle_bit(color, side);
                    }
                }
            }
        }
        self.set_castling(t, rights);
    }

    // ----- Attacks ------------------------------------------------------------

    /// The pieces among `by` (all of colour `color`) that attack `sq` when
    /// `occupied` are the occupied squares.
    ///
    /// This is the attack test of check: a hidden bomb never attacks, and a
    /// missile attacks its neighbours like a king.
    #[inline]
    pub(crate) fn attackers(
        &self,
        t: &Tables<G>,
        sq: Square,
        color: Color,
        by: G::Bits,
        occupied: G::Bits,
    ) -> G::Bits {
        let r = &self.by_role;
        let i = sq.usize();
        let mut found = self.leaper_attackers(t, sq, color);
        // Look along lines only when a slider stands on one of them.
        let rooks = (r[ROOK] | r[QUEEN]) & by;
        if (t.rook_rays[i] & rooks).any() {
            found |= t.rook_attacks(sq, occupied) & rooks;
        }
        let bishops = (r[BISHOP] | r[QUEEN]) & by;
        if (t.bishop_rays[i] & bishops).any() {
            found |= t.bishop_attacks(sq, occupied) & bishops;
        }
        let bombers = r[BOMBER] & by;
        if bombers.is_empty() {
            return found & by;
        }
        // A bomber attacks only along the ranks and files.
        let bombers = bombers & t.rook_rays[i];
        if bombers.is_empty() {
            found & by
        } else {
            (found & by) | self.bomber_attackers(t, sq, bombers, by, occupied)
        }
    }

    /// Whether any piece among `by` (all of colour `color`) attacks `sq`: `attackers(..).any()`
    /// answered at the first kind of attacker found. Most callers (a king's step, a move's
    /// safety) need only this, and a `bool` comes back in a register where WebAssembly returns
    /// a 10×10 set through memory.
    pub(crate) fn attacked(
        &self,
        t: &Tables<G>,
        sq: Square,
        color: Color,
        by: G::Bits,
        occupied: G::Bits,
    ) -> bool {
        let r = &self.by_role;
        let i = sq.usize();
        if (self.leaper_attackers(t, sq, color) & by).any() {
            return true;
        }
        let rooks = (r[ROOK] | r[QUEEN]) & by;
        if (t.rook_rays[i] & rooks).any() && (t.rook_attacks(sq, occupied) & rooks).any() {
            return true;
        }
        let bishops = (r[BISHOP] | r[QUEEN]) & by;
        if (t.bishop_rays[i] & bishops).any() && (t.bishop_attacks(sq, occupied) & bishops).any() {
            return true;
        }
        // A bomber attacks only along the ranks and files.
        let bombers = r[BOMBER] & by & t.rook_rays[i];
        bombers.any() && self.bomber_attackers(t, sq, bombers, by, occupied).any()
    }

    /// The knights, kings, missiles and pawns, of either side, that stand where one of `color`'s
    /// would attack `sq` from; the callers keep `color`'s own.
    #[inline]
    fn leaper_attackers(&self, t: &Tables<G>, sq: Square, color: Color) -> G::Bits {
        let r = &self.by_role;
        let i = sq.usize();
        (self.knight_leaps(t, sq) & r[KNIGHT])
            | (t.king[i] & (r[KING] | r[MISSILE]))
            | (t.pawn[(!color).index()][i] & r[PAWN])
    }

    /// The squares a knight on `sq` leaps to (with Super Jump Knights, the (3,1) leaps too);
    /// the same squares are those a knight attacking `sq` stands on. `t` is the board's
    /// [`Geometry::tables`], passed by callers that already hold them.
    #[inline]
    pub fn knight_leaps(&self, t: &Tables<G>, sq: Square) -> G::Bits {
        let mut leaps = t.knight[sq.usize()];
        if self.options.super_knights {
            leaps |= t.long_knight[sq.usize()];
        }
        leaps
    }

    /// Bombers among `bombers` that could capture a piece standing on `sq`:
    /// by landing on it (a two-square leap), by bombing it (it is the first
    /// piece on their line and the square beyond it is empty), or by leaping
    /// over it from next to it onto a square not held by their own side.
    fn bomber_attackers(
        &self,
        t: &Tables<G>,
        sq: Square,
        bombers: G::Bits,
        friends: G::Bits,
        occupied: G::Bits,
    ) -> G::Bits {
        let mut found = t.dabbaba[sq.usize()] & bombers;
        for &d in &ROOK_DIRECTIONS {
            let (df, dr) = DIRECTIONS[d];
            let Some(beyond) = G::offset(sq, -df, -dr) else {
                continue;
            };
            let Some(first) = t.first_blocker(d, sq, occupied) else {
                continue;
            };
            if !bombers.has(first) {
                continue;
            }
            let adjacent = G::offset(sq, df, dr) == Some(first);
            if !occupied.has(beyond) || (adjacent && !friends.has(beyond)) {
                found |= G::Bits::from_square(first);
            }
        }
        found
    }

    /// Whether `color`'s king stands attacked.
    pub(crate) fn king_attacked(&self, color: Color) -> bool {
        match self.king_of(color) {
            Some(k) => self.attacked(
                G::tables(),
                k,
                !color,
                self.by_color(!color),
                self.occupied(),
            ),
            None => false,
        }
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> G::Bits {
        match self.king_of(self.turn) {
            Some(k) => self.attackers(
                G::tables(),
                k,
                !self.turn,
                self.by_color(!self.turn),
                self.occupied(),
            ),
            None => G::Bits::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the legal move `m` gives check. A search asks before it makes a quiet move it
    /// would skip unless it checks: most such moves are told apart without being made, by the
    /// lines and leaps through the enemy king (a man that steps off them and lands off them can
    /// neither check nor uncover one).
    pub fn gives_check(&self, m: Move) -> bool {
        let Some(king) = self.king_of(!self.turn) else {
            return false;
        };
        let t = G::tables();
        // A plain step or slide to an empty square: no capture removes anything, no explosion.
        // A bomber's move is plain when it flies over no enemy (it takes what it flies over);
        // from its landing square it attacks only along the king's rank or file.
        let bomber = self.by_role[BOMBER].has(m.from);
        let plain = m.kind == MoveKind::Normal
            && !self.occupied().has(m.to)
            && (!bomber
                || (t.between(m.from, m.to) & self.by_color[(!self.turn).index()]).is_empty());
        if plain {
            let lines = t.rook_rays[king.usize()] | t.bishop_rays[king.usize()];
            let leaps = t.knight[king.usize()] | t.long_knight[king.usize()];
            if !lines.has(m.from) && !(lines | leaps).has(m.to) {
                return false;
            }
            if !bomber {
                return self.plain_move_checks(t, king, m);
            }
        }
        let mut child = self.copied();
        child.play_unchecked(m);
        child.is_check()
    }

    /// [`gives_check`](Self::gives_check) of a plain move (to an empty square, taking nothing)
    /// of a man that is not a bomber, without making it: the mover checks from its new square,
    /// or one of our other men attacks the king across the board the move leaves, as
    /// `attackers` would find them after the move.
    fn plain_move_checks(&self, t: &Tables<G>, king: Square, m: Move) -> bool {
        let us = self.turn;
        let b = G::Bits::from_square;
        let after = (self.occupied() ^ b(m.from)) | b(m.to);
        let i = king.usize();
        let direct = match self.role_at(m.from) {
            Some(Role::Knight) => self.knight_leaps(t, king).has(m.to),
            Some(Role::King | Role::Missile) => t.king[i].has(m.to),
            Some(Role::Pawn) => t.pawn[(!us).index()][i].has(m.to),
            Some(Role::Rook) => t.rook_attacks(king, after).has(m.to),
            Some(Role::Bishop) => t.bishop_attacks(king, after).has(m.to),
            Some(Role::Queen) => {
                (t.rook_attacks(king, after) | t.bishop_attacks(king, after)).has(m.to)
            }
            Some(Role::Bomber) | None => false,
        };
        direct || self.attacked(t, king, us, self.by_color(us) & !b(m.from), after)
    }

    /// The same position with the other side to move and no en-passant
    /// capture; refused when the side to move is in check (see
    /// [`VariantPosition::with_turn_passed`](crate::VariantPosition::with_turn_passed)).
    pub fn with_turn_passed(&self) -> Result<Position<G>, PassError> {
        if self.is_check() {
            return Err(PassError::InCheck(self.turn));
        }
        let mut passed = self.copied();
        passed.ep = G::Bits::EMPTY;
        passed.set_turn(G::tables(), !self.turn);
        Ok(passed)
    }

    /// The squares a bomber on `from` could move to; with `captures_only`, only those where it
    /// takes something: an enemy on the square, or one it flies over (the first man on a line,
    /// bombed or leapt, when it is an enemy).
    fn bomber_targets(
        &self,
        t: &Tables<G>,
        from: Square,
        ours: G::Bits,
        theirs: G::Bits,
        captures_only: bool,
    ) -> G::Bits {
        let occupied = ours | theirs;
        let b = G::Bits::from_square;
        let mut targets = t.dabbaba[from.usize()] & !ours;
        let mut captures = theirs;
        for &d in &ROOK_DIRECTIONS {
            let reach = t.ray_attacks(d, from, occupied);
            let Some(victim) = t.first_blocker(d, from, occupied) else {
                targets |= reach;
                continue;
            };
            // Slides up to the first piece.
            targets |= reach & !b(victim);
            if theirs.has(victim) {
                captures |= t.rays[d][victim.usize()];
                // Bombing: land beyond the victim, up to the next piece.
                let mut landing = t.ray_attacks(d, victim, occupied) & !occupied;
                if self.options.immediate_landing {
                    // Only the square right behind the victim.
                    landing &= t.king[victim.usize()];
                }
                targets |= landing;
            }
        }
        if captures_only {
            targets & captures
        } else {
            targets
        }
    }

    // ----- Legal moves ----------------------------------------------------------

    /// Whether the game is already decided by the kings: one is gone, or
    /// (Dead Man's Switch) the side that just moved left its king in check.
    pub(crate) fn decided_by_kings(&self) -> Option<Outcome> {
        let mover = !self.turn;
        if self.king_of(mover).is_none() {
            return Some(Outcome::Decisive {
                winner: self.turn,
                reason: Reason::KingDestroyed,
            });
        }
        if self.king_of(self.turn).is_none() {
            return Some(Outcome::Decisive {
                winner: mover,
                reason: Reason::KingDestroyed,
            });
        }
        if self.options.dead_mans_switch && self.king_attacked(mover) {
            return Some(Outcome::Decisive {
                winner: self.turn,
                reason: Reason::ExposedKing,
            });
        }
        None
    }

    /// Every legal move of the side to move, into `moves` (cleared first).
    pub fn legal_moves(&self, moves: &mut G::MoveList) {
        moves.clear();
        self.generate(moves, G::Bits::FULL, false);
    }

    /// The legal moves of the side to move, but of its launches (Stratomic) only those aimed at
    /// `launch_targets`, into `moves` (cleared first). A missile may be launched at any square, so
    /// most of a position's moves are launches; a search that wants only some of them (those
    /// whose blast reaches an enemy, say) is spared making the rest.
    pub fn legal_moves_launching_at(&self, launch_targets: G::Bits, moves: &mut G::MoveList) {
        moves.clear();
        self.generate(moves, launch_targets, false);
    }

    /// The legal moves that capture, explode or promote, into `moves` (cleared first): every
    /// legal move but castling and the [`MoveKind::Normal`] moves that take nothing (those of
    /// men to empty squares, but a bomber's that flies over an enemy takes it), and of the
    /// launches (Stratomic) only those aimed at `launch_targets`. A quiescence search wants only these, and is spared
    /// generating the quiet moves it would drop.
    pub fn legal_noisy_moves(&self, launch_targets: G::Bits, moves: &mut G::MoveList) {
        moves.clear();
        self.generate(moves, launch_targets, true);
    }

    /// The legal launches of the side to move aimed at `targets` (none outside Stratomic), into
    /// `moves` (cleared first): the launches [`legal_moves_launching_at`] left out.
    ///
    /// [`legal_moves_launching_at`]: Position::legal_moves_launching_at
    pub fn legal_launches(&self, targets: G::Bits, moves: &mut G::MoveList) {
        moves.clear();
        if self.variant != Variant::Stratomic || self.decided_by_kings().is_some() {
            return;
        }
        let king = self
            .king_of(self.turn)
            .expect("checked by decided_by_kings");
        self.gen_launches(G::tables(), moves, king, targets);
    }

    /// The number of legal moves of the side to move, counted without
    /// listing them where the generator works on whole sets of squares.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = BulkCounter::default();
        self.generate(&mut counter, G::Bits::FULL, false);
        counter.total()
    }

    /// Whether the side to move has a legal move (`count_legal_moves() > 0`): the launches, a
    /// hundred targets a missile, are counted only when no other move is legal.
    pub fn has_legal_moves(&self) -> bool {
        let mut any = AnyMove::default();
        self.generate(&mut any, G::Bits::EMPTY, false);
        if any.found() {
            return true;
        }
        let mut launches = G::MoveList::default();
        self.legal_launches(G::Bits::FULL, &mut launches);
        !launches.is_empty()
    }

    /// Generates every legal move into `moves`, launches only at `launch_targets`; with
    /// `noisy_only`, only those [`legal_noisy_moves`](Position::legal_noisy_moves) lists.
    fn generate<S: MoveSink<G::Bits>>(
        &self,
        moves: &mut S,
        launch_targets: G::Bits,
        noisy_only: bool,
    ) {
        if self.decided_by_kings().is_some() {
            return;
        }
        let t = G::tables();
        let us = self.turn;
        let king = self.king_of(us).expect("checked by decided_by_kings");
        let ours = self.by_color(us);
        let theirs = self.by_color(!us);
        let occupied = ours | theirs;
        let checkers = self.attackers(t, king, !us, theirs, occupied);
        // Where the king, the pieces and the pawns may go: with `noisy_only`, only onto an enemy
        // or (pawns) onto the promotion rank.
        let reach = if noisy_only {
            let promotion_rank = Self::relative_rank(us, self.rules().promotion_rank);
            Reach {
                men: theirs,
                pawns: theirs | t.ranks[promotion_rank as usize],
            }
        } else {
            Reach {
                men: G::Bits::FULL,
                pawns: G::Bits::FULL,
            }
        };

        let their_bombers = self.by_role[BOMBER] & theirs;
        let mut bomber_danger = G::Bits::EMPTY;
        if (checkers & their_bombers).any() {
            // Whether a bomber attacks depends on what stands around its
            // target, so no check mask describes a bomber's check: generate
            // every move and test it.
            let mut candidates = G::MoveList::default();
            let list = &mut candidates;
            self.gen_piece_moves(
                t,
                list,
                ours & !self.by_role[KING] & !self.by_role[BOMBER],
                !ours & reach.men,
                G::Bits::EMPTY,
                king,
            );
            for from in (ours & self.by_role[BOMBER]).squares() {
                list.push_targets(from, self.bomber_targets(t, from, ours, theirs, noisy_only));
            }
            self.gen_pawn_moves(t, list, reach.pawns, G::Bits::EMPTY, king);
            // A move answers a check only if it changes a square that
            // check depends on: the checker's square, the squares between
            // it and the king and, for a bomber on the king's line, the
            // square behind the king. Other moves leave some check standing
            // and need no test; king steps are tested by `attackers`.
            let mut depends = [G::Bits::EMPTY; 4];
            let mut n = 0;
            let steps = t.king[king.usize()];
            for checker in checkers.squares() {
                let toward = t.between(king, checker) | G::Bits::from_square(checker);
                let mut squares = toward;
                if their_bombers.has(checker) {
                    squares |= steps & t.line(king, checker) & !toward;
                }
                if n == depends.len() {
                    // Never with the pieces of a game; test every move.
                    n = 0;
                    break;
                }
                depends[n] = squares;
                n += 1;
            }
            let depends = &depends[..n];
            for &m in candidates.iter() {
                let path = t.between(m.from, m.to)
                    | G::Bits::from_square(m.from)
                    | G::Bits::from_square(m.to);
                if depends.iter().all(|&d| (d & path).any()) && self.leaves_king_safe(t, king, m) {
                    moves.push(m);
                }
            }
            for to in (steps & !ours & reach.men).squares() {
                if !self.attacked(t, to, !us, theirs, occupied ^ G::Bits::from_square(king)) {
                    moves.push(normal(king, to));
                }
            }
        } else if their_bombers.any() {
            // No enemy bomber attacks our king now (none stands two squares
            // away: that would be a check). One can come to attack it only
            // by a bombing or jump along a line towards the king, which
            // depends on the squares between the king and the nearest enemy
            // bomber on that line, that bomber, and the square behind the
            // king (docs/rules.md §3.1). Only moves from or to one of those
            // squares need testing; king steps are tested by `attackers`.
            bomber_danger = self.bomber_lines(t, king, their_bombers);
            if bomber_danger.is_empty() {
                self.gen_with_masks(t, moves, king, checkers, reach);
            } else {
                let mut candidates = G::MoveList::default();
                self.gen_with_masks(t, &mut candidates, king, checkers, reach);
                for &m in candidates.iter() {
                    let quiet =
                        m.from == king || !(bomber_danger.has(m.from) || bomber_danger.has(m.to));
                    if quiet || self.leaves_king_safe(t, king, m) {
                        moves.push(m);
                    }
                }
            }
        } else {
            self.gen_with_masks(t, moves, king, checkers, reach);
        }
        if moves.satisfied() {
            return;
        }
        // A bomber may capture a checker or a blocker it flies over (even
        // two pieces at once), so its moves are tested, unless (out of
        // check) every square it touches — its path from its square to its
        // landing square, the pieces it takes included — lies off the lines
        // along which an enemy slider or bomber could come to attack our
        // king.
        let bombers = ours & self.by_role[BOMBER];
        if bombers.any() && (checkers & their_bombers).is_empty() {
            let danger = if checkers.is_empty() {
                let mut danger = bomber_danger;
                for sniper in self.snipers(t, king, theirs).squares() {
                    danger |= t.between(king, sniper);
                }
                danger
            } else {
                G::Bits::FULL
            };
            for from in bombers.squares() {
                let targets = self.bomber_targets(t, from, ours, theirs, noisy_only);
                // The squares before the first dangerous one on each line.
                let mut safe = G::Bits::EMPTY;
                if !danger.has(from) {
                    for &d in &ROOK_DIRECTIONS {
                        safe |= t.ray_attacks(d, from, danger);
                    }
                    safe &= !danger;
                }
                moves.push_targets(from, targets & safe);
                for to in (targets & !safe).squares() {
                    let m = normal(from, to);
                    if self.leaves_king_safe(t, king, m) {
                        moves.push(m);
                    }
                }
            }
        }
        if moves.satisfied() {
            return;
        }
        self.gen_en_passant(t, moves, king);
        if checkers.is_empty() && !noisy_only {
            self.gen_castling(t, moves, king);
        }
        match self.variant {
            Variant::Beirut => self.gen_booms(t, moves, king),
            Variant::Stratomic => self.gen_launches(t, moves, king, launch_targets),
            Variant::FlyingBombers => {}
        }
    }

    /// The squares whose change could let an enemy bomber among `bombers`
    /// (none of them attacking `king` now) bomb or jump over `king`: per
    /// line from the king, the squares up to and including the nearest
    /// enemy bomber on it, and the square behind the king.
    fn bomber_lines(&self, t: &Tables<G>, king: Square, bombers: G::Bits) -> G::Bits {
        let mut lines = G::Bits::EMPTY;
        if (t.rook_rays[king.usize()] & bombers).is_empty() {
            return lines;
        }
        for &d in &ROOK_DIRECTIONS {
            let Some(bomber) = t.first_blocker(d, king, bombers) else {
                continue;
            };
            let (df, dr) = DIRECTIONS[d];
            // With no square behind the king there is no attack this way.
            let Some(behind) = G::offset(king, -df, -dr) else {
                continue;
            };
            lines |= t.between(king, bomber)
                | G::Bits::from_square(bomber)
                | G::Bits::from_square(behind);
        }
        lines
    }

    /// King, piece and pawn moves (not bombers) filtered by the check mask
    /// and slider pins; king steps onto attacked squares are left out (a
    /// bomber's attack on the king's new square is judged with the king
    /// gone from its old one, which may be the square behind it).
    fn gen_with_masks(
        &self,
        t: &Tables<G>,
        moves: &mut impl MoveSink<G::Bits>,
        king: Square,
        checkers: G::Bits,
        reach: Reach<G::Bits>,
    ) {
        let us = self.turn;
        let ours = self.by_color(us);
        let theirs = self.by_color(!us);
        let occupied = ours | theirs;
        let steps = t.king[king.usize()] & !ours & reach.men;
        for to in steps.squares() {
            if !self.attacked(t, to, !us, theirs, occupied ^ G::Bits::from_square(king)) {
                moves.push(normal(king, to));
            }
        }
        if checkers.more_than_one() || moves.satisfied() {
            return;
        }
        let targets = if checkers.any() {
            t.between(king, checkers.first()) | checkers
        } else {
            !ours
        };
        let pinned = self.pinned(t, king, ours, theirs);
        let movers = ours & !self.by_role[KING] & !self.by_role[BOMBER];
        self.gen_piece_moves(t, moves, movers, targets & reach.men, pinned, king);
        if moves.satisfied() {
            return;
        }
        self.gen_pawn_moves(t, moves, targets & reach.pawns, pinned, king);
    }

    /// Enemy sliders (among `theirs`) on a line through `king`, blocked or not.
    fn snipers(&self, t: &Tables<G>, king: Square, theirs: G::Bits) -> G::Bits {
        let r = &self.by_role;
        ((t.rook_rays[king.usize()] & (r[ROOK] | r[QUEEN]))
            | (t.bishop_rays[king.usize()] & (r[BISHOP] | r[QUEEN])))
            & theirs
    }

    /// Our pieces pinned against our king by enemy sliders.
    fn pinned(&self, t: &Tables<G>, king: Square, ours: G::Bits, theirs: G::Bits) -> G::Bits {
        let snipers = self.snipers(t, king, theirs);
        let occupied = ours | theirs;
        let mut pinned = G::Bits::EMPTY;
        for sniper in snipers.squares() {
            let between = t.between(king, sniper) & occupied;
            if between.any() && !between.more_than_one() {
                pinned |= between & ours;
            }
        }
        pinned
    }

    /// [`Position::is_safe_after`] without playing the move: the same
    /// attack test on the squares as they stand after `m` (our `king` on
    /// `king`). Exact for every move but booms and launches (tested by
    /// playing them): the enemy pieces after the move are the enemy pieces
    /// less those it captures, so `attackers` sees the board of the played
    /// move; bombs are left out in both. The unit tests compare the two on
    /// random positions.
    fn leaves_king_safe(&self, t: &Tables<G>, king: Square, m: Move) -> bool {
        let us = self.turn;
        let b = G::Bits::from_square;
        let theirs = self.by_color(!us);
        let occupied = self.occupied();
        let (square, captured, after) = match m.kind {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                let mut captured = theirs & b(m.to);
                if self.by_role[BOMBER].has(m.from) {
                    // A bomber takes the enemy pieces it flies over too.
                    captured |= theirs & t.between(m.from, m.to);
                }
                let after = (occupied & !captured & !b(m.from)) | b(m.to);
                let square = if m.from == king { m.to } else { king };
                (square, captured, after)
            }
            MoveKind::EnPassant => {
                let Some(victim) = self.ep_victim() else {
                    return self.is_safe_after(m);
                };
                let captured = b(victim);
                (
                    king,
                    captured,
                    (occupied & !captured & !b(m.from)) | b(m.to),
                )
            }
            MoveKind::Castle => {
                let [king_from, king_to, rook_from, rook_to] = self.castling_move_squares(m);
                let after = (occupied ^ b(king_from) ^ b(rook_from)) | b(king_to) | b(rook_to);
                (king_to, G::Bits::EMPTY, after)
            }
            MoveKind::Boom | MoveKind::Launch => return self.is_safe_after(m),
        };
        !self.attacked(t, square, !us, theirs & !captured, after)
    }

    /// Whether `m` leaves the mover's king unattacked, judging captures as
    /// ordinary captures (a bomb never decides whether a move is legal).
    fn is_safe_after(&self, m: Move) -> bool {
        let mut after = self.copied();
        after.carriers = G::Bits::EMPTY;
        after.play_unchecked(m);
        !after.king_attacked(self.turn)
    }

    /// Moves of knights, sliders and missiles among `movers` (bombers move apart) to
    /// `targets`; pinned pieces stay on their line.
    fn gen_piece_moves(
        &self,
        t: &Tables<G>,
        moves: &mut impl MoveSink<G::Bits>,
        movers: G::Bits,
        targets: G::Bits,
        pinned: G::Bits,
        king: Square,
    ) {
        let r = &self.by_role;
        let ours = self.by_color(self.turn);
        let theirs = self.by_color(!self.turn);
        let occupied = ours | theirs;
        (movers & r[KNIGHT] & !pinned)
            .squares()
            .for_each(|from| moves.push_targets(from, self.knight_leaps(t, from) & targets));
        if moves.satisfied() {
            return;
        }
        // A pinned man keeps to the line through its king.
        let on_pin_line = |from: Square, reach: G::Bits| {
            if pinned.has(from) {
                reach & t.line(king, from)
            } else {
                reach
            }
        };
        (movers & (r[BISHOP] | r[QUEEN]))
            .squares()
            .for_each(|from| {
                let reach = t.bishop_attacks(from, occupied) & targets;
                moves.push_targets(from, on_pin_line(from, reach));
            });
        (movers & (r[ROOK] | r[QUEEN])).squares().for_each(|from| {
            let reach = t.rook_attacks(from, occupied) & targets;
            moves.push_targets(from, on_pin_line(from, reach));
        });
        (movers & r[MISSILE]).squares().for_each(|from| {
            moves.push_targets(from, on_pin_line(from, t.king[from.usize()] & targets));
        });
    }

    /// Pawn steps and captures (not en passant) to `targets`.
    fn gen_pawn_moves(
        &self,
        t: &Tables<G>,
        moves: &mut impl MoveSink<G::Bits>,
        targets: G::Bits,
        pinned: G::Bits,
        king: Square,
    ) {
        let pawns = self.by_role[PAWN] & self.by_color(self.turn);
        self.gen_pawn_set(t, moves, pawns & !pinned, targets);
        for pawn in (pawns & pinned).squares() {
            self.gen_pawn_set(
                t,
                moves,
                G::Bits::from_square(pawn),
                targets & t.line(king, pawn),
            );
        }
    }

    fn gen_pawn_set(
        &self,
        t: &Tables<G>,
        moves: &mut impl MoveSink<G::Bits>,
        pawns: G::Bits,
        targets: G::Bits,
    ) {
        if pawns.is_empty() {
            return;
        }
        let us = self.turn;
        let rules = self.rules();
        let w = G::FILES as i32;
        let (step, west, east) = match us {
            Color::White => (w, w - 1, w + 1),
            Color::Black => (-w, -w - 1, -w + 1),
        };
        let empty = !self.occupied() & t.all;
        let promo = t.ranks[Self::relative_rank(us, rules.promotion_rank) as usize];
        let theirs = self.by_color(!us);

        // Single steps, then further steps from the start rank.
        let mut reached = pawns.shifted(step) & empty;
        moves.push_pawn_targets(self.rules().promotions, reached & targets, step, promo);
        let mut movers = (pawns & t.ranks[Self::relative_rank(us, rules.pawn_start) as usize])
            .shifted(step)
            & empty;
        for n in 2..=rules.pawn_steps as i32 {
            movers = movers.shifted(step) & empty;
            reached = movers;
            moves.push_pawn_targets(self.rules().promotions, reached & targets, step * n, promo);
        }
        let last = t.files[G::FILES as usize - 1];
        let first = t.files[0];
        let west_caps = (pawns & !first).shifted(west) & theirs & targets;
        moves.push_pawn_targets(self.rules().promotions, west_caps, west, promo);
        let east_caps = (pawns & !last).shifted(east) & theirs & targets;
        moves.push_pawn_targets(self.rules().promotions, east_caps, east, promo);
    }

    /// The square of the pawn that just made a multi-step, if any.
    pub(crate) fn ep_victim(&self) -> Option<Square> {
        if self.ep.is_empty() {
            return None;
        }
        let w = G::FILES;
        Some(match self.turn {
            // Black stepped down: the pawn stands below the lowest square passed.
            Color::White => Square::from_index(self.ep.first().index() - w),
            Color::Black => Square::from_index(self.ep.last().index() + w),
        })
    }

    fn gen_en_passant(&self, t: &Tables<G>, moves: &mut impl MoveSink<G::Bits>, king: Square) {
        if self.ep.is_empty() {
            return;
        }
        let pawns = self.by_role[PAWN] & self.by_color(self.turn);
        for to in self.ep.squares() {
            for from in (t.pawn[(!self.turn).index()][to.usize()] & pawns).squares() {
                let m = Move {
                    from,
                    to,
                    kind: MoveKind::EnPassant,
                };
                if self.leaves_king_safe(t, king, m) {
                    moves.push(m);
                }
            }
        }
    }

    /// The rook's squares `(from, to)` in the castling move `m` of the side
    /// to move (a castling is written as the king's move).
    pub(crate) fn castling_rook(&self, m: Move) -> (Square, Square) {
        let [_, _, rook_from, rook_to] = self.castling_move_squares(m);
        (rook_from, rook_to)
    }

    /// The king's and the rook's squares `[king_from, king_to, rook_from, rook_to]` in the
    /// castling move `m` of the side to move.
    fn castling_move_squares(&self, m: Move) -> [Square; 4] {
        let rule = self
            .rules()
            .castlings
            .iter()
            .find(|r| G::file(m.to) == r.king_to)
            .expect("castling moves come from the castling rules");
        self.castling_rule_squares(rule)
    }

    fn castling_rule_squares(&self, rule: &CastlingRule) -> [Square; 4] {
        let rank = Self::relative_rank(self.turn, self.rules().back_rank);
        [
            G::square(rule.king_from, rank),
            G::square(rule.king_to, rank),
            G::square(rule.rook_from, rank),
            G::square(rule.rook_to, rank),
        ]
    }

    /// The squares a castling's king and rook pass and land on, less the two they start on:
    /// all must be empty for it (`squares` as [`Self::castling_rule_squares`] gives them).
    fn castling_must_be_empty(t: &Tables<G>, squares: [Square; 4]) -> G::Bits {
        let [king_from, king_to, rook_from, rook_to] = squares;
        let b = G::Bits::from_square;
        (t.between(king_from, king_to) | b(king_to) | t.between(rook_from, rook_to) | b(rook_to))
            & !b(king_from)
            & !b(rook_from)
    }

    fn gen_castling(&self, t: &Tables<G>, moves: &mut impl MoveSink<G::Bits>, king: Square) {
        let us = self.turn;
        if self.castling & (castle_bit(us, 0) | castle_bit(us, 1)) == 0 {
            return;
        }
        let occupied = self.occupied();
        // Every castling needs the squares between the king and its rook
        // empty (each rule's `must_be_empty` below holds them): one test per
        // side before the rules of that side are looked at.
        let mut open = [false; 2];
        for (side, open) in open.iter_mut().enumerate() {
            if self.castling & castle_bit(us, side) != 0 {
                let (king_sq, rook_sq) = self.castling_squares(us, side);
                *open = (t.between(king_sq, rook_sq) & occupied).is_empty();
            }
        }
        if !open[0] && !open[1] {
            return;
        }
        let theirs = self.by_color(!us);
        for rule in self.rules().castlings {
            if !open[rule.side] {
                continue;
            }
            let squares = self.castling_rule_squares(rule);
            let [king_from, king_to, rook_from, rook_to] = squares;
            if king_from != king {
                continue;
            }
            let b = G::Bits::from_square;
            // The landing squares first: usually one is taken.
            let landing = (b(king_to) | b(rook_to)) & !b(king_from) & !b(rook_from);
            if (landing & occupied).any() {
                continue;
            }
            if (Self::castling_must_be_empty(t, squares) & occupied).any() {
                continue;
            }
            // The king may not pass an attacked square: placed there (the
            // rook not yet moved), it would not be in check.
            let passes_attack = t.between(king_from, king_to).squares().any(|s| {
                let occ = occupied ^ b(king_from) ^ b(s);
                self.attacked(t, s, !us, theirs, occ)
            });
            if passes_attack {
                continue;
            }
            let m = Move {
                from: king_from,
                to: king_to,
                kind: MoveKind::Castle,
            };
            // The attack on the king's new square, the rook moved too (an
            // enemy bomber's attack depends on what stands around it).
            if self.leaves_king_safe(t, king, m) {
                moves.push(m);
            }
        }
    }

    /// Beirut: booms of our carriers. A boom may not destroy our own king;
    /// one that destroys the enemy king is always legal ("explosion beats
    /// check"); any other must leave our king out of check.
    fn gen_booms(&self, t: &Tables<G>, moves: &mut impl MoveSink<G::Bits>, king: Square) {
        let us = self.turn;
        let their_king = self.by_role[KING] & self.by_color(!us);
        for carrier in self.carriers(us).squares() {
            let blast = t.king[carrier.usize()] | G::Bits::from_square(carrier);
            if blast.has(king) {
                continue;
            }
            let legal = (blast & their_king).any() || {
                let alive = !blast;
                !self.attacked(
                    t,
                    king,
                    !us,
                    self.by_color(!us) & alive,
                    self.occupied() & alive,
                )
            };
            if legal {
                moves.push(Move {
                    from: carrier,
                    to: carrier,
                    kind: MoveKind::Boom,
                });
            }
        }
    }

    /// Stratomic: launches of unattacked missiles at any other square among `targets`, once
    /// unlocked, that leave our king out of check.
    fn gen_launches(
        &self,
        t: &Tables<G>,
        moves: &mut impl MoveSink<G::Bits>,
        king: Square,
        targets: G::Bits,
    ) {
        if !self.launches {
            return;
        }
        let us = self.turn;
        let occupied = self.occupied();
        let theirs = self.by_color(!us);
        let kings = self.by_role[KING];
        let checkers = self.attackers(t, king, !us, theirs, occupied);
        // A blast only removes pieces, so it can expose our king only by
        // clearing a line between it and an enemy slider.
        let shields = self
            .snipers(t, king, theirs)
            .squares()
            .fold(G::Bits::EMPTY, |acc, s| acc | t.between(king, s));
        for missile in (self.by_role[MISSILE] & self.by_color(us)).squares() {
            if self.attacked(t, missile, !us, theirs, occupied) {
                continue;
            }
            (t.all & targets & !G::Bits::from_square(missile))
                .squares()
                .for_each(|target| {
                    let removed = ((t.king[target.usize()] | G::Bits::from_square(target))
                        & !kings)
                        | G::Bits::from_square(missile);
                    if (checkers & !removed).any() {
                        return;
                    }
                    let alive = !removed;
                    if (removed & shields).is_empty()
                        || !self.attacked(t, king, !us, theirs & alive, occupied & alive)
                    {
                        moves.push(Move {
                            from: missile,
                            to: target,
                            kind: MoveKind::Launch,
                        });
                    }
                });
        }
    }

    // ----- Making moves ---------------------------------------------------------

    /// Plays `m`, which must be legal in this position (from
    /// [`legal_moves`](Position::legal_moves)); an illegal move leaves the
    /// position in an unspecified but memory-safe state.
    pub fn play_unchecked(&mut self, m: Move) {
        let t = G::tables();
        let us = self.turn;
        let them = !us;
        let ep_victim = self.ep_victim();
        self.ep = G::Bits::EMPTY;
        self.halfmoves += 1;
        let b = G::Bits::from_square;
        // Squares where pieces left or vanished, for the castling rights.
        let mut touched = G::Bits::FULL;
        match m.kind {
            MoveKind::Boom => {
                let area = t.king[m.from.usize()] | b(m.from);
                self.blast(t, area, G::Bits::EMPTY);
                self.halfmoves = 0;
            }
            MoveKind::Launch => {
                self.remove(t, m.from);
                let area = t.king[m.to.usize()] | b(m.to);
                self.blast(t, area, self.by_role[KING]);
                self.halfmoves = 0;
            }
            MoveKind::Castle => {
                let [king_from, king_to, rook_from, rook_to] = self.castling_move_squares(m);
                let rook_bomb = self.carriers.has(rook_from);
                let king = self.remove(t, king_from).expect("castling king");
                let rook = self.remove(t, rook_from).expect("castling rook");
                self.put(t, king_to, king);
                self.put(t, rook_to, rook);
                if rook_bomb {
                    self.set_carrier(t, rook_to, true);
                }
            }
            MoveKind::EnPassant => {
                let victim = ep_victim.expect("en passant needs a pawn that just stepped");
                let bomb = self.carriers.has(victim);
                self.remove(t, victim);
                self.move_piece(t, m.from, m.to);
                self.halfmoves = 0;
                if bomb && self.options.dead_mans_switch {
                    self.blast(t, t.king[victim.usize()] | b(victim), G::Bits::EMPTY);
                }
            }
            MoveKind::Normal | MoveKind::Promotion(_) => {
                touched = G::Bits::EMPTY;
                let role = self.role_at(m.from).expect("a piece on the from square");
                let mut captured = self.by_color[them.index()] & b(m.to);
                if role == Role::Bomber {
                    captured |= t.between(m.from, m.to) & self.by_color[them.index()];
                }
                let mut bomb = false;
                if captured.any() {
                    bomb = (captured & self.carriers).any();
                    if self.variant == Variant::Stratomic && (captured & !self.by_role[PAWN]).any()
                    {
                        self.set_launches(t, true);
                    }
                    captured.squares().for_each(|sq| {
                        self.remove(t, sq);
                    });
                    self.halfmoves = 0;
                }
                let moving = Piece { color: us, role };
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    self.lift(t, m.from, moving);
                    if let MoveKind::Promotion(new_role) = m.kind {
                        // A carrier pawn takes its bomb off the board with it.
                        self.set_carrier(t, m.from, false);
                        self.put(
                            t,
                            m.to,
                            Piece {
                                color: us,
                                role: new_role,
                            },
                        );
                    } else {
                        self.put(t, m.to, moving);
                        self.carry_bomb(t, m.from, m.to);
                        if G::rank(m.from).abs_diff(G::rank(m.to)) >= 2 {
                            self.ep = t.between(m.from, m.to);
                        }
                    }
                } else {
                    self.lift(t, m.from, moving);
                    self.put(t, m.to, moving);
                    self.carry_bomb(t, m.from, m.to);
                }
                touched |= captured | b(m.from) | b(m.to);
                if bomb && self.options.dead_mans_switch {
                    touched |= self.blast(t, t.king[m.to.usize()] | b(m.to), G::Bits::EMPTY);
                }
            }
        }
        if self.castling != 0 && (touched & self.castle_watch).any() {
            self.update_castling(t);
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.set_turn(t, them);
    }

    /// Moves the piece on `from` (with its bomb) to the empty square `to`.
    fn move_piece(&mut self, t: &Tables<G>, from: Square, to: Square) {
        let bomb = self.carriers.has(from);
        let piece = self.remove(t, from).expect("a piece to move");
        self.put(t, to, piece);
        if bomb {
            self.set_carrier(t, to, true);
        }
    }

    // ----- Game state -------------------------------------------------------------

    /// How the game stands by the rules of the board alone: a destroyed
    /// king, an exposed king after a Dead Man's Switch blast, checkmate or
    /// stalemate. Draws by repetition, the 50-move rule and insufficient
    /// material need the game's history: see [`Game`](crate::Game).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.decided_by_kings() {
            return Some(o);
        }
        let mut moves = G::MoveList::default();
        self.legal_moves(&mut moves);
        if !moves.is_empty() {
            None
        } else if self.is_check() {
            Some(Outcome::Decisive {
                winner: !self.turn,
                reason: Reason::Checkmate,
            })
        } else {
            Some(Outcome::Draw {
                reason: Reason::Stalemate,
            })
        }
    }

    /// Whether neither side can ever win here: no pawns, no heavy pieces,
    /// no missiles, bombers or bombs, and at most one minor piece or only
    /// bishops on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let r = &self.by_role;
        if self.carriers.any() || (r[PAWN] | r[QUEEN] | r[ROOK] | r[MISSILE] | r[BOMBER]).any() {
            return false;
        }
        let minors = r[BISHOP] | r[KNIGHT];
        if !minors.more_than_one() {
            return true;
        }
        let light = G::tables().light;
        r[KNIGHT].is_empty() && ((r[BISHOP] & light).is_empty() || (r[BISHOP] & !light).is_empty())
    }

    /// Whether `color`'s own pieces are mating material (what a flag fall is judged by): the
    /// insufficient-material rule applied to them alone, bombs left out.
    pub fn has_mating_material(&self, color: Color) -> bool {
        let t = G::tables();
        let mut alone = *self;
        for sq in self.carriers.squares() {
            alone.set_carrier(t, sq, false);
        }
        for sq in (self.by_color(!color) & !self.by_role[KING]).squares() {
            alone.remove(t, sq);
        }
        !alone.is_insufficient_material()
    }

    /// The position as `color` sees it: the other side's carriers unknown.
    pub fn view(&self, color: Color) -> Position<G> {
        let t = G::tables();
        let mut view = *self;
        for sq in self.carriers(!color).squares() {
            view.set_carrier(t, sq, false);
        }
        view
    }

    /// Makes `squares` the bomb carriers of `color` (replacing any it had).
    /// Each must hold a man of `color` other than the king.
    pub fn set_carriers(&mut self, color: Color, squares: &[Square]) -> Result<(), CarrierError> {
        if self.variant != Variant::Beirut {
            return Err(CarrierError::NotBeirut);
        }
        let t = G::tables();
        for (i, &sq) in squares.iter().enumerate() {
            if sq.usize() >= G::SQUARES {
                return Err(CarrierError::OffBoard);
            }
            match self.piece_at(sq) {
                Some(p) if p.color == color && p.role != Role::King => {}
                Some(p) if p.role == Role::King && p.color == color => {
                    return Err(CarrierError::King(G::square_name(sq)))
                }
                _ => return Err(CarrierError::NotOwnMan(G::square_name(sq))),
            }
            if squares[..i].contains(&sq) {
                return Err(CarrierError::Duplicate(G::square_name(sq)));
            }
        }
        for sq in self.carriers(color).squares() {
            self.set_carrier(t, sq, false);
        }
        for &sq in squares {
            self.set_carrier(t, sq, true);
        }
        Ok(())
    }
}

/// Why carriers could not be chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CarrierError {
    /// Only Beirut has bomb carriers.
    NotBeirut,
    /// A square outside the board.
    OffBoard,
    /// The king cannot carry a bomb.
    King(String),
    /// The square does not hold a man of the choosing side.
    NotOwnMan(String),
    /// The same square was named twice.
    Duplicate(String),
    /// The number of carriers differs from the game's option.
    WrongCount {
        /// How many the game's options ask for.
        expected: u8,
        /// How many were given.
        found: usize,
    },
    /// Carriers can only be chosen before the first move, by the side whose
    /// turn it is to choose.
    NotSetup,
}

impl core::fmt::Display for CarrierError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            CarrierError::NotBeirut => f.write_str("only Beirut Chess has bomb carriers"),
            CarrierError::OffBoard => f.write_str("carrier square is off the board"),
            CarrierError::King(s) => write!(f, "the king on {s} cannot carry a bomb"),
            CarrierError::NotOwnMan(s) => write!(f, "{s} does not hold one of your men"),
            CarrierError::Duplicate(s) => write!(f, "{s} was chosen twice"),
            CarrierError::WrongCount { expected, found } => {
                write!(f, "choose exactly {expected} carrier(s), got {found}")
            }
            CarrierError::NotSetup => f.write_str("carriers are chosen only before the first move"),
        }
    }
}

impl std::error::Error for CarrierError {}

/// Why the turn cannot be passed ([`Position::with_turn_passed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassError {
    /// This side, to move, is in check: passing would leave its king to be
    /// taken.
    InCheck(Color),
}

impl core::fmt::Display for PassError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PassError::InCheck(color) => write!(
                f,
                "{} is in check, so the turn cannot pass to {}",
                color.title(),
                (!*color).title()
            ),
        }
    }
}

impl std::error::Error for PassError {}

/// The castling-right bit of `color` on `side` (0 = `K`, 1 = `Q`).
#[inline]
pub(crate) const fn castle_bit(color: Color, side: usize) -> u8 {
    1 << (color as usize * 2 + side)
}

#[inline]
fn normal(from: Square, to: Square) -> Move {
    Move {
        from,
        to,
        kind: MoveKind::Normal,
    }
}

/// The squares the king, the pieces (not bombers) and the pawns may move to in a generation:
/// all of them, or for [`Position::legal_noisy_moves`] only those where a move captures or
/// promotes.
#[derive(Clone, Copy)]
struct Reach<B> {
    men: B,
    pawns: B,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Board10, Board8};
    use crate::xorshift::XorShift;

    /// `gen_castling` skips a side whose king and rook have a piece between
    /// them: sound only if every castling of that side needs those squares
    /// empty.
    fn castling_needs_the_squares_between<G: Geometry>(variant: Variant) {
        let t = G::tables();
        let pos = Position::<G>::empty(variant, Options::default());
        for color in Color::ALL {
            let mut pos = pos;
            pos.turn = color;
            for rule in variant.rules().castlings {
                let squares = pos.castling_rule_squares(rule);
                let [king_from, _, rook_from, _] = squares;
                let (king, rook) = pos.castling_squares(color, rule.side);
                assert_eq!((king, rook), (king_from, rook_from), "{variant}: {rule:?}");
                let must_be_empty = Position::<G>::castling_must_be_empty(t, squares);
                let between = t.between(king, rook);
                assert!(between.any(), "{variant}: {rule:?}");
                assert_eq!(
                    between & !must_be_empty,
                    G::Bits::EMPTY,
                    "{variant}: {rule:?}"
                );
            }
        }
    }

    /// Every move whose legality the generator may decide with
    /// `leaves_king_safe`, legal or not: all piece, bomber, pawn and king
    /// moves to squares not held by our own side, every en passant capture
    /// and every castling with its squares empty.
    fn candidates<G: Geometry>(pos: &Position<G>) -> Vec<Move> {
        let t = G::tables();
        let us = pos.turn;
        let king = pos.king_of(us).expect("a king");
        let ours = pos.by_color(us);
        let mut list = G::MoveList::default();
        pos.gen_piece_moves(
            t,
            &mut list,
            ours & !pos.by_role[KING],
            !ours,
            G::Bits::EMPTY,
            king,
        );
        for from in (ours & pos.by_role[BOMBER]).squares() {
            list.push_targets(
                from,
                pos.bomber_targets(t, from, ours, pos.by_color(!us), false),
            );
        }
        pos.gen_pawn_moves(t, &mut list, G::Bits::FULL, G::Bits::EMPTY, king);
        let mut moves: Vec<Move> = list.iter().copied().collect();
        for to in (t.king[king.usize()] & !ours).squares() {
            moves.push(normal(king, to));
        }
        let pawns = pos.by_role[PAWN] & ours;
        for to in pos.ep.squares() {
            for from in (t.pawn[(!us).index()][to.usize()] & pawns).squares() {
                moves.push(Move {
                    from,
                    to,
                    kind: MoveKind::EnPassant,
                });
            }
        }
        let occupied = pos.occupied();
        for rule in pos.rules().castlings {
            if pos.castling & castle_bit(us, rule.side) == 0 {
                continue;
            }
            let squares = pos.castling_rule_squares(rule);
            let [king_from, king_to, ..] = squares;
            let must_be_empty = Position::<G>::castling_must_be_empty(t, squares);
            if king_from == king && (must_be_empty & occupied).is_empty() {
                moves.push(Move {
                    from: king_from,
                    to: king_to,
                    kind: MoveKind::Castle,
                });
            }
        }
        moves
    }

    /// Plays `games` random games of at most `plies` moves from `start`, calling `visit` on each
    /// position before its move is chosen (and on a last one with no legal move).
    fn random_playouts<G: Geometry>(
        start: Position<G>,
        rng: &mut XorShift,
        games: usize,
        plies: usize,
        mut visit: impl FnMut(&Position<G>),
    ) {
        for _ in 0..games {
            let mut pos = start;
            for _ in 0..plies {
                visit(&pos);
                let mut moves = G::MoveList::default();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
    }

    /// Compares `leaves_king_safe` with playing the move on every candidate
    /// of `pos`; returns how many moves were compared.
    fn compare_safety<G: Geometry>(pos: &Position<G>) -> usize {
        let t = G::tables();
        let king = pos.king_of(pos.turn).expect("a king");
        let moves = candidates(pos);
        for &m in &moves {
            assert_eq!(
                pos.leaves_king_safe(t, king, m),
                pos.is_safe_after(m),
                "{} {m:?} ({})",
                pos.fen(),
                pos.move_to_uci(m)
            );
        }
        moves.len()
    }

    fn all_options() -> Vec<Options> {
        (0..4)
            .map(|bits| Options {
                immediate_landing: bits & 1 != 0,
                super_knights: bits & 2 != 0,
                ..Options::default()
            })
            .collect()
    }

    /// `attacked` answers what `attackers(..).any()` does, for every square and both colours,
    /// with the board as it stands and with a random man lifted off it (as a king's step
    /// lifts the king), along random playouts of every game and option.
    fn compare_attacked<G: Geometry>(variant: Variant, options: Options, seed: u64) -> usize {
        let t = G::tables();
        let mut rng = XorShift(seed);
        let mut lifting = XorShift(!seed);
        let mut compared = 0;
        let start = Position::<G>::start(variant, options);
        random_playouts(start, &mut rng, 6, 120, |pos| {
            let occupied = pos.occupied();
            let men: Vec<Square> = occupied.squares().collect();
            let lifted = G::Bits::from_square(men[lifting.below(men.len())]);
            for color in Color::ALL {
                for by in [pos.by_color(color), pos.by_color(color) & !lifted] {
                    for occ in [occupied, occupied & !lifted] {
                        for sq in t.all.squares() {
                            assert_eq!(
                                pos.attacked(t, sq, color, by, occ),
                                pos.attackers(t, sq, color, by, occ).any(),
                                "{} {color:?} {sq:?}",
                                pos.fen()
                            );
                            compared += 1;
                        }
                    }
                }
            }
        });
        compared
    }

    #[test]
    fn attacked_agrees_with_attackers_in_every_game() {
        let mut compared = compare_attacked::<Board8>(Variant::Beirut, Options::default(), 1);
        compared += compare_attacked::<Board10>(Variant::Stratomic, Options::default(), 2);
        for (seed, options) in (3..).zip(all_options()) {
            compared += compare_attacked::<Board10>(Variant::FlyingBombers, options, seed);
        }
        assert!(compared > 1_000_000, "{compared} squares compared");
    }

    /// Random playouts from the start and from bomber positions of the perft
    /// suites, every combination of options: the fast test agrees with the
    /// played move on every candidate of every position passed.
    #[test]
    fn fast_safety_matches_playing_the_move_in_flying_bombers_playouts() {
        const FENS: [&str; 6] = [
            "frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1",
            "1r3k2r1/10/10/10/10/10/10/3f6/10/1R3K2R1 w KQkq - 0 1",
            "1r3k2r1/10/10/10/10/10/10/10/10/1R3K2Rf w KQkq - 0 1",
            "5k4/10/10/10/10/10/10/5f4/10/5K4 w - - 0 1",
            "K9/10/10/5b4/10/10/3rPFpr2/10/5k4/5n4 b - - 0 1",
            "f3k4f/1p1p1p1p1p/10/10/10/10/10/10/P1P1P1P1P1/F3K4F w - - 0 1",
        ];
        let mut rng = XorShift(0x0B00_F1B0_2026_0018);
        let mut compared = 0;
        for options in all_options() {
            for fen in FENS {
                let start = Position::<Board10>::from_fen(Variant::FlyingBombers, options, fen)
                    .expect("valid FEN");
                random_playouts(start, &mut rng, 12, 80, |pos| {
                    compared += compare_safety(pos);
                });
            }
        }
        assert!(compared > 100_000, "{compared} moves compared");
    }

    /// Random sparse positions full of bombers (both kings, a few pieces of
    /// every kind, the side not to move not in check), every combination of
    /// options, with en passant squares and castling rights where they fit.
    #[test]
    fn fast_safety_matches_playing_the_move_on_random_bomber_boards() {
        let t = Board10::tables();
        let mut rng = XorShift(0x5EED_B0B0_0018_0003);
        let roles = [
            Role::Bomber,
            Role::Bomber,
            Role::Bomber,
            Role::Rook,
            Role::Queen,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
            Role::Pawn,
        ];
        let mut compared = 0;
        let mut positions = 0;
        for options in all_options() {
            let mut tries = 0;
            let mut made = 0;
            while made < 3_000 && tries < 100_000 {
                tries += 1;
                let mut pos = Position::<Board10>::empty(Variant::FlyingBombers, options);
                pos.turn = if rng.next() & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let mut free: Vec<Square> = t.all.squares().collect();
                let take = |rng: &mut XorShift, free: &mut Vec<Square>| {
                    let i = rng.below(free.len());
                    free.swap_remove(i)
                };
                // Kings near the middle lines and edges alike.
                for color in Color::ALL {
                    let sq = take(&mut rng, &mut free);
                    pos.put(
                        t,
                        sq,
                        Piece {
                            color,
                            role: Role::King,
                        },
                    );
                }
                for _ in 0..(4 + rng.below(12)) {
                    let sq = take(&mut rng, &mut free);
                    let role = roles[rng.below(roles.len())];
                    let rank = Board10::rank(sq);
                    if role == Role::Pawn && (rank == 0 || rank == 9) {
                        continue;
                    }
                    let color = if rng.next() & 1 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    pos.put(t, sq, Piece { color, role });
                }
                if pos.king_attacked(!pos.turn) {
                    continue;
                }
                // A pawn of the side not to move that may just have made a
                // two- or three-step: its en passant squares.
                let them = !pos.turn;
                let back = match them {
                    Color::White => -1,
                    Color::Black => 1,
                };
                let pawns = pos.by_role[PAWN] & pos.by_color(them);
                if let Some(pawn) = pawns.squares().nth(rng.below(3)) {
                    let steps = 2 + rng.below(2) as i8;
                    let mut passed = <Board10 as Geometry>::Bits::EMPTY;
                    let mut ok = true;
                    for n in 1..=steps {
                        match Board10::offset(pawn, 0, back * n) {
                            Some(sq) if n < steps && !pos.occupied().has(sq) => {
                                passed |= <Board10 as Geometry>::Bits::from_square(sq);
                            }
                            Some(sq) if n == steps && !pos.occupied().has(sq) => {
                                // The start square of the step: empty.
                                ok &= Board10::rank(sq) == if them == Color::White { 1 } else { 8 };
                            }
                            _ => ok = false,
                        }
                    }
                    if ok {
                        pos.ep = passed;
                    }
                }
                // Castling rights where king and rook stand on their squares.
                let mut rights = 0;
                for color in Color::ALL {
                    for side in 0..2 {
                        let (king, rook) = pos.castling_squares(color, side);
                        let own = pos.by_color(color);
                        if (pos.by_role[KING] & own).has(king)
                            && (pos.by_role[ROOK] & own).has(rook)
                        {
                            rights |= castle_bit(color, side);
                        }
                    }
                }
                pos.castling = rights;
                made += 1;
                positions += 1;
                compared += compare_safety(&pos);
            }
        }
        assert!(positions >= 10_000, "{positions} positions");
        assert!(compared > 100_000, "{compared} moves compared");
    }

    /// Random playouts of `variant` from its start with one carrier a side (in Beirut), the
    /// number of positions that `copied` copied exactly.
    fn copies_equal_their_positions<G: Geometry>(variant: Variant, rng: &mut XorShift) -> usize {
        let mut start = Position::<G>::from_fen(variant, Options::default(), variant.start_fen())
            .expect("the start position");
        if variant == Variant::Beirut {
            // White's e-pawn and Black's b-knight carry the bombs.
            start.carriers = G::Bits::from_square(G::square(4, 1))
                | G::Bits::from_square(G::square(1, G::RANKS - 1));
        }
        let mut copied = 0;
        random_playouts(start, rng, 20, 120, |pos| {
            assert_eq!(pos.copied(), *pos, "{variant}: {}", pos.fen());
            copied += 1;
        });
        copied
    }

    /// `copied` is `*self`, field by field: through random games, in which the carriers, the en
    /// passant squares, castling rights and both clocks change.
    #[test]
    fn a_copy_made_field_by_field_equals_the_position() {
        let mut rng = XorShift(0xC0B1_ED00_2026_1206);
        let copied = copies_equal_their_positions::<Board8>(Variant::Beirut, &mut rng)
            + copies_equal_their_positions::<Board10>(Variant::Stratomic, &mut rng)
            + copies_equal_their_positions::<Board10>(Variant::FlyingBombers, &mut rng);
        assert!(copied > 3_000, "{copied} positions copied");
    }

    #[test]
    fn every_castling_needs_the_squares_between_king_and_rook() {
        castling_needs_the_squares_between::<Board8>(Variant::Beirut);
        castling_needs_the_squares_between::<Board10>(Variant::Stratomic);
        castling_needs_the_squares_between::<Board10>(Variant::FlyingBombers);
    }
}
