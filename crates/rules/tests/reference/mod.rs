//! A deliberately simple second move generator, written only from
//! `docs/rules.md` (the project's rules reference) and the seed documents, never
//! from the engine's source. It exists to check the engine: the differential
//! tests compare its legal-move lists, position texts and perft counts with
//! the engine's.
//!
//! Design, chosen for being obviously right rather than fast:
//! - a mailbox board, one `Option<(Color, Role, carrier)>` per square,
//!   `index = rank * width + file` (width 8 or 10);
//! - every move is produced as *(coordinate text, resulting position)*: the
//!   move is made on a copy of the position, and it is legal when the mover's
//!   own king is then not attacked;
//! - "is a square attacked" scans every enemy piece on the board and asks
//!   whether that piece, by its own movement rules, could capture there.
//!
//! Quotations in the comments are from docs/rules.md unless stated otherwise.
#![allow(dead_code)]

use std::fmt::Write as _;

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    /// Moves first; upper-case letters.
    White,
    /// Lower-case letters.
    Black,
}

impl Color {
    /// The other side.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// The rank direction in which this side's pawns move.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    /// 0 for White, 1 for Black.
    fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
}

/// The kinds of piece of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// P
    Pawn,
    /// N
    Knight,
    /// B
    Bishop,
    /// R
    Rook,
    /// Q
    Queen,
    /// K
    King,
    /// M — Stratomic missile.
    Missile,
    /// F — Flying Bombers' flying bomber.
    Bomber,
}

impl Role {
    fn letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
            Role::Missile => 'm',
            Role::Bomber => 'f',
        }
    }
    fn from_letter(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            'm' => Role::Missile,
            'f' => Role::Bomber,
            _ => return None,
        })
    }
}

/// The three games (docs/rules.md §1–§3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// §1, 8×8.
    Beirut,
    /// §2, 10×10.
    Stratomic,
    /// §3, 10×10.
    FlyingBombers,
}

impl Game {
    /// From the names of docs/rules.md §5b.
    pub fn from_name(name: &str) -> Game {
        match name {
            "beirut" => Game::Beirut,
            "stratomic" => Game::Stratomic,
            "flying-bombers" => Game::FlyingBombers,
            _ => panic!("unknown variant {name}"),
        }
    }
    /// Board width (= height).
    pub fn width(self) -> i32 {
        match self {
            Game::Beirut => 8,
            _ => 10,
        }
    }
    /// The start position, copied from docs/rules.md §4.
    pub fn start_fen(self) -> &'static str {
        match self {
            Game::Beirut => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Game::Stratomic => {
                "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1 -"
            }
            Game::FlyingBombers => {
                "frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1"
            }
        }
    }
    /// White's back rank (0-based): where king and rooks start.
    /// Beirut: rank 1; Stratomic: "king f2, rooks b2 and i2"; Flying
    /// Bombers: "king f1, rooks b1 and i1". Black mirrors.
    fn back_rank(self, color: Color) -> i32 {
        let white = match self {
            Game::Stratomic => 1,
            _ => 0,
        };
        match color {
            Color::White => white,
            Color::Black => self.width() - 1 - white,
        }
    }
    /// The king's start file: e (orthodox), f (both 10×10 games).
    fn king_file(self) -> i32 {
        match self {
            Game::Beirut => 4,
            _ => 5,
        }
    }
    /// The castling rook's start file, side 0 = `K` ("towards the h/j
    /// file"), side 1 = `Q` ("towards the a file").
    fn rook_file(self, side: usize) -> i32 {
        match (self, side) {
            (Game::Beirut, 0) => 7, // h
            (Game::Beirut, _) => 0, // a
            (_, 0) => 8,            // i2 / i1
            (_, _) => 1,            // b2 / b1
        }
    }
    /// The castlings as (side, king from, king to, rook from, rook to), files only.
    fn castlings(self) -> &'static [(usize, i32, i32, i32, i32)] {
        match self {
            // §1: orthodox chess: K e1-g1 R h1-f1; K e1-c1 R a1-d1.
            Game::Beirut => &[(0, 4, 6, 7, 5), (1, 4, 2, 0, 3)],
            // §2: "king side K f2-h2, R i2-g2; queen side K f2-d2, R b2-e2".
            Game::Stratomic => &[(0, 5, 7, 8, 6), (1, 5, 3, 1, 4)],
            // §3: "K f1-h1 R i1-g1; K f1-i1 R i1-h1; K f1-d1 R b1-e1;
            // K f1-c1 R b1-d1; K f1-b1 R b1-c1".
            Game::FlyingBombers => &[
                (0, 5, 7, 8, 6),
                (0, 5, 8, 8, 7),
                (1, 5, 3, 1, 4),
                (1, 5, 2, 1, 3),
                (1, 5, 1, 1, 2),
            ],
        }
    }
    /// The rank (0-based) from which a pawn may make a longer step.
    /// Beirut: orthodox rank 2/7. Stratomic: "Pawns start on ranks 3 / 8".
    /// Flying Bombers: "from their start rank (2 / 9)".
    fn pawn_start_rank(self, color: Color) -> i32 {
        let white = match self {
            Game::Stratomic => 2,
            _ => 1,
        };
        match color {
            Color::White => white,
            Color::Black => self.width() - 1 - white,
        }
    }
    /// Longest step from the start rank: 2, or 3 in Flying Bombers
    /// ("may move 1, 2 or 3 squares forward").
    fn pawn_max_steps(self) -> i32 {
        match self {
            Game::FlyingBombers => 3,
            _ => 2,
        }
    }
    /// Where pawns promote. Stratomic: "promote on rank 9 (White) / rank 2
    /// (Black)"; Flying Bombers "Promotion on the last rank (10 / 1)";
    /// Beirut orthodox.
    fn promotion_rank(self, color: Color) -> i32 {
        let white = match self {
            Game::Stratomic => 8,
            _ => self.width() - 1,
        };
        match color {
            Color::White => white,
            Color::Black => self.width() - 1 - white,
        }
    }
    /// "to Q, R, B, N or M" (Stratomic), "to Q, R, B, N or F" (Flying Bombers).
    fn promotion_roles(self) -> &'static [Role] {
        match self {
            Game::Beirut => &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
            Game::Stratomic => &[
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Missile,
            ],
            Game::FlyingBombers => &[
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Bomber,
            ],
        }
    }
}

/// The options that change move generation (docs/rules.md §5b). `carriers=N`
/// only matters when carriers are chosen for a new game; the `*` marks of a
/// position decide (§4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Opts {
    /// Beirut: a captured carrier explodes.
    pub dead_mans_switch: bool,
    /// Flying Bombers: bombing lands on the first square beyond the victim.
    pub immediate_landing: bool,
    /// Flying Bombers: knights also leap (3,1).
    pub super_knights: bool,
}

impl Opts {
    /// From option words (`carriers=3` is accepted and ignored).
    pub fn parse(words: &[&str]) -> Opts {
        let mut o = Opts::default();
        for w in words {
            match w.trim() {
                "" => {}
                "dead-mans-switch" => o.dead_mans_switch = true,
                "immediate-landing" => o.immediate_landing = true,
                "super-knights" => o.super_knights = true,
                w if w.starts_with("carriers=") => {}
                w => panic!("unknown option {w}"),
            }
        }
        o
    }
}

/// What stands on a square: colour, role, and whether it is a Beirut bomb carrier.
pub type Piece = (Color, Role, bool);

/// A position of any of the games.
#[derive(Clone, Debug)]
pub struct Pos {
    /// The game.
    pub game: Game,
    /// Options in force.
    pub opts: Opts,
    /// Board width and height.
    pub w: i32,
    /// `board[rank * w + file]`.
    pub board: Vec<Option<Piece>>,
    /// Side to move.
    pub turn: Color,
    /// `castling[color][side]`, side 0 = K, 1 = Q.
    pub castling: [[bool; 2]; 2],
    /// The squares passed over by the last 2- or 3-step, in the order passed.
    pub ep: Vec<usize>,
    /// Half-move clock.
    pub halfmoves: u32,
    /// Full-move number.
    pub fullmoves: u32,
    /// Stratomic: a non-pawn piece has been captured (FEN field 7 `L`).
    pub unlocked: bool,
    /// The game ended on the last move in a way the board alone does not show
    /// (a Dead Man's Switch capturer left in check).
    pub over: bool,
}

impl Pos {
    // ----- squares -------------------------------------------------------

    fn sq(&self, file: i32, rank: i32) -> usize {
        (rank * self.w + file) as usize
    }
    fn file(&self, s: usize) -> i32 {
        s as i32 % self.w
    }
    fn rank(&self, s: usize) -> i32 {
        s as i32 / self.w
    }
    /// The square `df` files and `dr` ranks away from `s`, if on the board.
    fn offset(&self, s: usize, df: i32, dr: i32) -> Option<usize> {
        let (f, r) = (self.file(s) + df, self.rank(s) + dr);
        (f >= 0 && f < self.w && r >= 0 && r < self.w).then(|| self.sq(f, r))
    }
    /// `e4`, `j10`.
    pub fn name(&self, s: usize) -> String {
        format!(
            "{}{}",
            (b'a' + self.file(s) as u8) as char,
            self.rank(s) + 1
        )
    }
    /// The square and its 8 neighbours (those on the board): a blast area.
    fn area(&self, centre: usize) -> Vec<usize> {
        let mut v = Vec::new();
        for dr in -1..=1 {
            for df in -1..=1 {
                if let Some(s) = self.offset(centre, df, dr) {
                    v.push(s);
                }
            }
        }
        v
    }
    fn king_of(&self, color: Color) -> Option<usize> {
        (0..self.board.len()).find(|&s| self.board[s] == Some((color, Role::King, false)))
    }

    // ----- position text (docs/rules.md §4) ----------------------------------

    /// Reads a position text. Only as much checking as the tests need.
    pub fn from_fen(game: Game, opts: Opts, fen: &str) -> Pos {
        let w = game.width();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        assert!(fields.len() >= 6, "FEN needs 6 fields: {fen}");
        let mut board = vec![None; (w * w) as usize];
        // 1. "Placement, top rank first ... runs of empty squares as numbers
        // (`10` allowed) ... A Beirut bomb carrier has `*` right after its letter."
        let ranks: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(ranks.len() as i32, w, "rank count in {fen}");
        for (i, text) in ranks.iter().enumerate() {
            let rank = w - 1 - i as i32;
            let mut file = 0;
            let chars: Vec<char> = text.chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                if c.is_ascii_digit() {
                    let mut n = 0;
                    while k < chars.len() && chars[k].is_ascii_digit() {
                        n = n * 10 + chars[k].to_digit(10).unwrap() as i32;
                        k += 1;
                    }
                    file += n;
                    continue;
                }
                let role = Role::from_letter(c).unwrap_or_else(|| panic!("letter {c} in {fen}"));
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let carrier = chars.get(k + 1) == Some(&'*');
                board[(rank * w + file) as usize] = Some((color, role, carrier));
                file += 1;
                k += if carrier { 2 } else { 1 };
            }
            assert_eq!(file, w, "rank width in {fen}");
        }
        // 2. side to move
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => panic!("side {s}"),
        };
        // 3. castling: "K/k: the rook towards the h/j file; Q/q: towards the a file"
        let mut castling = [[false; 2]; 2];
        for c in fields[2].chars() {
            match c {
                'K' => castling[0][0] = true,
                'Q' => castling[0][1] = true,
                'k' => castling[1][0] = true,
                'q' => castling[1][1] = true,
                '-' => {}
                _ => panic!("castling {c}"),
            }
        }
        let mut pos = Pos {
            game,
            opts,
            w,
            board,
            turn,
            castling,
            ep: Vec::new(),
            halfmoves: fields[4].parse().unwrap(),
            fullmoves: fields[5].parse().unwrap(),
            // 7. "`L` once launches are unlocked ..., else `-` (default)"
            unlocked: fields.get(6) == Some(&"L"),
            over: false,
        };
        // 4. "En passant: `-`, or the square(s) passed over ... (White e2-e5: `e3e4`)"
        if fields[3] != "-" {
            let chars: Vec<char> = fields[3].chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let file = (chars[k] as u8 - b'a') as i32;
                k += 1;
                let mut rank = 0;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    rank = rank * 10 + chars[k].to_digit(10).unwrap() as i32;
                    k += 1;
                }
                let s = pos.sq(file, rank - 1);
                pos.ep.push(s);
            }
        }
        pos
    }

    /// Writes the position text in the format of docs/rules.md §4.
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..self.w).rev() {
            let mut empty = 0;
            for file in 0..self.w {
                match self.board[self.sq(file, rank)] {
                    None => empty += 1,
                    Some((color, role, carrier)) => {
                        if empty > 0 {
                            write!(out, "{empty}").unwrap();
                            empty = 0;
                        }
                        let c = role.letter();
                        out.push(if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                        if carrier {
                            out.push('*');
                        }
                    }
                }
            }
            if empty > 0 {
                write!(out, "{empty}").unwrap();
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.turn == Color::White {
            " w "
        } else {
            " b "
        });
        let mut rights = String::new();
        for (c, letters) in [(0, ['K', 'Q']), (1, ['k', 'q'])] {
            for (side, letter) in letters.into_iter().enumerate() {
                if self.castling[c][side] {
                    rights.push(letter);
                }
            }
        }
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        out.push(' ');
        if self.ep.is_empty() {
            out.push('-');
        } else {
            for &s in &self.ep {
                out.push_str(&self.name(s));
            }
        }
        write!(out, " {} {}", self.halfmoves, self.fullmoves).unwrap();
        if self.game == Game::Stratomic {
            out.push_str(if self.unlocked { " L" } else { " -" });
        }
        out
    }

    // ----- attacks and check --------------------------------------------

    /// Whether the piece standing on `from` could capture a piece of the
    /// other colour standing on `target` (pins do not matter). This is the
    /// one attack test used for check, for castling and for the missile
    /// launch condition (§2: "the same attack test as for check").
    fn attacks(&self, from: usize, target: usize) -> bool {
        let (color, role, _) = self.board[from].expect("a piece");
        let df = self.file(target) - self.file(from);
        let dr = self.rank(target) - self.rank(from);
        match role {
            // Pawns capture one square diagonally forward.
            Role::Pawn => dr == color.forward() && df.abs() == 1,
            Role::Knight => {
                let (a, b) = (df.abs(), dr.abs());
                // "Super Jump Knights — knights also leap (3,1)."
                (a == 1 && b == 2)
                    || (a == 2 && b == 1)
                    || (self.game == Game::FlyingBombers
                        && self.opts.super_knights
                        && ((a == 3 && b == 1) || (a == 1 && b == 3)))
            }
            Role::Bishop => df.abs() == dr.abs() && df != 0 && self.path_clear(from, target),
            Role::Rook => (df == 0) != (dr == 0) && self.path_clear(from, target),
            Role::Queen => {
                ((df == 0) != (dr == 0) || (df.abs() == dr.abs() && df != 0))
                    && self.path_clear(from, target)
            }
            // King; and §2 "Missile (M): moves and captures one step in any
            // direction, like a king but not royal; ... it gives check like
            // any attacker".
            Role::King | Role::Missile => df.abs().max(dr.abs()) == 1,
            // §3 "A king is in check from a bomber if any bomber move could
            // capture it."
            Role::Bomber => {
                if (df == 0) == (dr == 0) {
                    return false; // "along ranks and files ... never diagonally"
                }
                let dist = df.abs() + dr.abs();
                let (ux, uy) = (df.signum(), dr.signum());
                // Helicopter landing on the target: "a leap of exactly two
                // squares ... The landing square must be empty or hold an
                // enemy (captured)".
                if dist == 2 {
                    return true;
                }
                // Helicopter over the target: "the square leapt over ... its
                // enemy piece is captured too" — needs a legal landing square.
                if dist == 1 {
                    if let Some(land) = self.offset(from, 2 * ux, 2 * uy) {
                        match self.board[land] {
                            None => return true,
                            Some((c, _, _)) if c != color => return true,
                            _ => {}
                        }
                    }
                }
                // Bombing: "the first piece met ... must be an enemy, and the
                // square immediately beyond it must be empty".
                self.path_clear(from, target)
                    && self
                        .offset(target, ux, uy)
                        .is_some_and(|beyond| self.board[beyond].is_none())
            }
        }
    }

    /// The squares strictly between `a` and `b` (same line) are all empty.
    fn path_clear(&self, a: usize, b: usize) -> bool {
        let df = (self.file(b) - self.file(a)).signum();
        let dr = (self.rank(b) - self.rank(a)).signum();
        let mut s = self.offset(a, df, dr).unwrap();
        while s != b {
            if self.board[s].is_some() {
                return false;
            }
            s = self.offset(s, df, dr).unwrap();
        }
        true
    }

    /// Whether some piece of `by` attacks `target` (scanning every piece).
    fn attacked_by(&self, target: usize, by: Color) -> bool {
        (0..self.board.len()).any(|s| {
            s != target
                && matches!(self.board[s], Some((c, _, _)) if c == by)
                && self.attacks(s, target)
        })
    }

    /// Whether `color`'s king is attacked. "A hidden bomb never gives check":
    /// only ordinary attacks count. A side without a king is not in check.
    pub fn in_check(&self, color: Color) -> bool {
        match self.king_of(color) {
            Some(k) => self.attacked_by(k, color.other()),
            None => false,
        }
    }

    /// §6: "A position where the game is over by checkmate, stalemate or a
    /// destroyed king (or a lost Dead Man's Switch capture) has no moves."
    /// (Mate and stalemate need no flag: they have no legal move anyway.)
    pub fn is_over(&self) -> bool {
        self.over || self.king_of(Color::White).is_none() || self.king_of(Color::Black).is_none()
    }

    // ----- making moves --------------------------------------------------

    /// Book-keeping common to every move, done on the new position `p`
    /// after the board has been changed by a move of `self.turn` from `from`.
    fn finish(&self, mut p: Pos, from: Option<usize>, resets_clock: bool) -> Pos {
        // Castling rights: lost when the king or that rook moves, or when
        // either is captured or "removed"/"destroyed" (§1, §2).
        for color in [Color::White, Color::Black] {
            let rank = self.game.back_rank(color);
            let king_sq = p.sq(self.game.king_file(), rank);
            for side in 0..2 {
                let rook_sq = p.sq(self.game.rook_file(side), rank);
                let keep = from != Some(king_sq)
                    && from != Some(rook_sq)
                    && p.board[king_sq] == Some((color, Role::King, false))
                    && matches!(p.board[rook_sq], Some((c, Role::Rook, _)) if c == color);
                p.castling[color.index()][side] &= keep;
            }
        }
        // "Any move that removes a piece (capture, boom, launch, blast) or
        // moves a pawn resets the half-move clock."
        p.halfmoves = if resets_clock { 0 } else { self.halfmoves + 1 };
        if self.turn == Color::Black {
            p.fullmoves = self.fullmoves + 1;
        }
        p.turn = self.turn.other();
        p
    }

    /// An ordinary move: the piece on `from` goes to `to`, the pieces on
    /// `captured` are removed first, `promotion` replaces a pawn. Returns the
    /// position before any Dead Man's Switch blast.
    fn make_ordinary(
        &self,
        from: usize,
        to: usize,
        captured: &[usize],
        promotion: Option<Role>,
    ) -> Pos {
        let mut p = self.clone();
        p.ep.clear();
        let (color, role, carrier) = p.board[from].take().unwrap();
        for &c in captured {
            let victim = p.board[c].take().expect("a victim");
            // §2 / §4 field 7: launches unlock once "a non-pawn piece (of
            // either colour) has been captured".
            if victim.1 != Role::Pawn {
                p.unlocked = true;
            }
        }
        p.board[to] = Some(match promotion {
            // "the new piece carries no bomb"
            Some(r) => (color, r, false),
            None => (color, role, carrier),
        });
        if role == Role::Pawn {
            // §4: "the square(s) passed over by the last 2- or 3-step in the
            // order passed ..., written after every such step".
            let steps = (self.rank(to) - self.rank(from)).abs();
            if steps >= 2 {
                for k in 1..steps {
                    p.ep.push(self.offset(from, 0, k * color.forward()).unwrap());
                }
            }
        }
        self.finish(p, Some(from), role == Role::Pawn || !captured.is_empty())
    }

    /// Every legal move: (coordinate text of §5, resulting position).
    pub fn children(&self) -> Vec<(String, Pos)> {
        let mut out: Vec<(String, Pos)> = Vec::new();
        if self.is_over() {
            return out;
        }
        let us = self.turn;
        for from in 0..self.board.len() {
            let Some((color, role, carrier)) = self.board[from] else {
                continue;
            };
            if color != us {
                continue;
            }
            match role {
                Role::Pawn => self.pawn_moves(from, &mut out),
                Role::Knight => {
                    let mut jumps = vec![
                        (1, 2),
                        (2, 1),
                        (2, -1),
                        (1, -2),
                        (-1, -2),
                        (-2, -1),
                        (-2, 1),
                        (-1, 2),
                    ];
                    if self.game == Game::FlyingBombers && self.opts.super_knights {
                        // "knights also leap (3,1)"
                        jumps.extend([
                            (1, 3),
                            (3, 1),
                            (3, -1),
                            (1, -3),
                            (-1, -3),
                            (-3, -1),
                            (-3, 1),
                            (-1, 3),
                        ]);
                    }
                    for (df, dr) in jumps {
                        if let Some(to) = self.offset(from, df, dr) {
                            self.simple(from, to, &mut out);
                        }
                    }
                }
                Role::Bishop => self.slides(from, &DIAGONAL, &mut out),
                Role::Rook => self.slides(from, &ORTHOGONAL, &mut out),
                Role::Queen => {
                    self.slides(from, &ORTHOGONAL, &mut out);
                    self.slides(from, &DIAGONAL, &mut out);
                }
                Role::King => {
                    for (df, dr) in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
                        if let Some(to) = self.offset(from, *df, *dr) {
                            self.simple(from, to, &mut out);
                        }
                    }
                    self.castling_moves(from, &mut out);
                }
                Role::Missile => {
                    for (df, dr) in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
                        if let Some(to) = self.offset(from, *df, *dr) {
                            self.simple(from, to, &mut out);
                        }
                    }
                    self.launches(from, &mut out);
                }
                Role::Bomber => self.bomber_moves(from, &mut out),
            }
            if carrier && self.game == Game::Beirut {
                self.boom(from, &mut out);
            }
        }
        // §6: "a move is distinct by its coordinate text".
        let mut texts: Vec<&str> = out.iter().map(|(t, _)| t.as_str()).collect();
        texts.sort();
        for pair in texts.windows(2) {
            assert_ne!(
                pair[0],
                pair[1],
                "two moves with one text in {}",
                self.fen()
            );
        }
        out
    }

    /// Adds an ordinary move if legal: "a move may not leave your own king in
    /// check". Under Dead Man's Switch, a captured carrier then explodes.
    fn push_ordinary(
        &self,
        from: usize,
        to: usize,
        captured: &[usize],
        promotion: Option<Role>,
        out: &mut Vec<(String, Pos)>,
    ) {
        let after = self.make_ordinary(from, to, captured, promotion);
        // DMS: "Whether a capture is legal is judged as for an ordinary
        // capture, ignoring the bomb".
        if after.in_check(self.turn) {
            return;
        }
        let mut text = format!("{}{}", self.name(from), self.name(to));
        if let Some(r) = promotion {
            text.push(r.letter());
        }
        let mut after = after;
        if self.game == Game::Beirut && self.opts.dead_mans_switch {
            for &c in captured {
                if self.board[c].unwrap().2 {
                    after = self.dead_mans_switch(after, c);
                }
            }
        }
        out.push((text, after));
    }

    /// §1 Dead Man's Switch: "when a carrier is captured it explodes centred
    /// on the square where the capture happened (for en passant: the captured
    /// pawn's square). The capturing piece is on that square and is destroyed
    /// too; kings in the blast are destroyed."
    fn dead_mans_switch(&self, mut after: Pos, centre: usize) -> Pos {
        for s in self.area(centre) {
            // "carriers caught in a blast are simply removed"
            after.board[s] = None;
        }
        // A blast can remove a castling rook or king.
        after = after.recheck_castling();
        let me = self.turn;
        // "After the blast, in this order: if the capturer's own king is
        // destroyed, the capturer loses (even if the enemy king died too);
        // else if the enemy king is destroyed, the capturer wins; else if the
        // capturer's own king is now in check ..., the capturer loses; else
        // play goes on." Any of the first three ends the game.
        if after.king_of(me).is_none() || after.king_of(me.other()).is_none() || after.in_check(me)
        {
            after.over = true;
        }
        after
    }

    /// Drops castling rights whose king or rook is no longer on its square.
    fn recheck_castling(mut self) -> Pos {
        for color in [Color::White, Color::Black] {
            let rank = self.game.back_rank(color);
            let king_sq = self.sq(self.game.king_file(), rank);
            for side in 0..2 {
                let rook_sq = self.sq(self.game.rook_file(side), rank);
                let keep = self.board[king_sq] == Some((color, Role::King, false))
                    && matches!(self.board[rook_sq], Some((c, Role::Rook, _)) if c == color);
                self.castling[color.index()][side] &= keep;
            }
        }
        self
    }

    /// A step or leap to `to`: onto an empty square, or capturing an enemy.
    fn simple(&self, from: usize, to: usize, out: &mut Vec<(String, Pos)>) {
        match self.board[to] {
            None => self.push_ordinary(from, to, &[], None, out),
            Some((c, _, _)) if c != self.turn => self.push_ordinary(from, to, &[to], None, out),
            _ => {}
        }
    }

    /// Bishop, rook and queen: along each line over empty squares, capturing
    /// the first enemy met.
    fn slides(&self, from: usize, dirs: &[(i32, i32)], out: &mut Vec<(String, Pos)>) {
        for &(df, dr) in dirs {
            let mut s = from;
            while let Some(to) = self.offset(s, df, dr) {
                self.simple(from, to, out);
                if self.board[to].is_some() {
                    break;
                }
                s = to;
            }
        }
    }

    /// Pawn moves: steps, captures, en passant, promotion.
    fn pawn_moves(&self, from: usize, out: &mut Vec<(String, Pos)>) {
        let us = self.turn;
        let fwd = us.forward();
        let promo_rank = self.game.promotion_rank(us);
        let push = |to: usize, captured: &[usize], out: &mut Vec<(String, Pos)>| {
            if self.rank(to) == promo_rank {
                for &r in self.game.promotion_roles() {
                    self.push_ordinary(from, to, captured, Some(r), out);
                }
            } else {
                self.push_ordinary(from, to, captured, None, out);
            }
        };
        // Forward over empty squares: 1 step, or from the start rank up to
        // 2 (3 in Flying Bombers).
        let max = if self.rank(from) == self.game.pawn_start_rank(us) {
            self.game.pawn_max_steps()
        } else {
            1
        };
        for k in 1..=max {
            match self.offset(from, 0, k * fwd) {
                Some(to) if self.board[to].is_none() => push(to, &[], out),
                _ => break,
            }
        }
        // Diagonal captures, and en passant: "may ... be captured en passant
        // by an enemy pawn that could capture diagonally onto any square it
        // passed over"; "a capture may land on any square listed".
        for df in [-1, 1] {
            let Some(to) = self.offset(from, df, fwd) else {
                continue;
            };
            match self.board[to] {
                Some((c, _, _)) if c != us => push(to, &[to], out),
                None if self.ep.contains(&to) => {
                    // The pawn that stepped stands one square beyond the last
                    // square it passed over.
                    let last = *self.ep.last().unwrap();
                    let victim = self.offset(last, 0, us.other().forward()).unwrap();
                    if self.board[victim] == Some((us.other(), Role::Pawn, false))
                        || self.board[victim] == Some((us.other(), Role::Pawn, true))
                    {
                        push(to, &[victim], out);
                    }
                }
                _ => {}
            }
        }
    }

    /// Castling (§1 orthodox, §2, §3).
    fn castling_moves(&self, from: usize, out: &mut Vec<(String, Pos)>) {
        let us = self.turn;
        let rank = self.game.back_rank(us);
        if from != self.sq(self.game.king_file(), rank) {
            return;
        }
        for &(side, kf, kt, rf, rt) in self.game.castlings() {
            if !self.castling[us.index()][side] {
                continue;
            }
            let (king_from, king_to) = (self.sq(kf, rank), self.sq(kt, rank));
            let (rook_from, rook_to) = (self.sq(rf, rank), self.sq(rt, rank));
            if !matches!(self.board[rook_from], Some((c, Role::Rook, _)) if c == us) {
                continue;
            }
            // "Every square between king and rook must be empty".
            let (lo, hi) = (kf.min(rf), kf.max(rf));
            if (lo + 1..hi).any(|f| self.board[self.sq(f, rank)].is_some()) {
                continue;
            }
            // "the king may not be in check"
            if self.in_check(us) {
                continue;
            }
            // "nor pass or land on an attacked square; the rook may. ... 'The
            // king passes an attacked square' means: the king, placed on that
            // square (the rook not yet moved), would be in check". When the
            // square is the rook's own (f1-i1, f1-b1), the king placed there
            // stands in the rook's stead.
            let step = (kt - kf).signum();
            let mut attacked = false;
            let mut f = kf;
            while f != kt {
                f += step;
                let mut placed = self.clone();
                let king = placed.board[king_from].take();
                placed.board[self.sq(f, rank)] = king;
                if placed.in_check(us) {
                    attacked = true;
                    break;
                }
            }
            if attacked {
                continue;
            }
            let mut p = self.clone();
            p.ep.clear();
            let king = p.board[king_from].take();
            let rook = p.board[rook_from].take();
            p.board[king_to] = king;
            p.board[rook_to] = rook;
            let p = self.finish(p, Some(king_from), false);
            // And, as for every move, the king is not in check afterwards.
            if p.in_check(us) {
                continue;
            }
            out.push((format!("{}{}", self.name(king_from), self.name(king_to)), p));
        }
    }

    /// §1 Boom: "The carrier and every piece of either colour on the 8
    /// surrounding squares are removed (pawns and kings too)."
    fn boom(&self, carrier: usize, out: &mut Vec<(String, Pos)>) {
        let us = self.turn;
        let mut p = self.clone();
        p.ep.clear();
        for s in self.area(carrier) {
            p.board[s] = None;
        }
        let p = self.finish(p, None, true);
        // "illegal if it would remove your own king (also when it removes the
        // enemy king too). A boom that removes the enemy king is legal even if
        // your own king is in check ... Any other boom is legal only if your
        // king is not in check afterwards."
        let legal = if p.king_of(us).is_none() {
            false
        } else if p.king_of(us.other()).is_none() {
            true
        } else {
            !p.in_check(us)
        };
        if legal {
            out.push((format!("@{}", self.name(carrier)), p));
        }
    }

    /// §2 Launch: "a player launches one missile at any square other than the
    /// missile's own, occupied or not. Every piece except kings on the target
    /// square and its 8 neighbours is destroyed, both colours; the launched
    /// missile is destroyed wherever it stood."
    fn launches(&self, missile: usize, out: &mut Vec<(String, Pos)>) {
        if self.game != Game::Stratomic {
            return;
        }
        // (a) "a non-pawn piece (of either colour) has been captured earlier"
        if !self.unlocked {
            return;
        }
        // (b) "the missile is not attacked by any enemy piece — the same
        // attack test as for check ... and pins do not matter"
        if self.attacked_by(missile, self.turn.other()) {
            return;
        }
        for target in 0..self.board.len() {
            if target == missile {
                continue;
            }
            let mut p = self.clone();
            p.ep.clear();
            p.board[missile] = None;
            for s in self.area(target) {
                if !matches!(p.board[s], Some((_, Role::King, _))) {
                    p.board[s] = None;
                }
            }
            let p = self.finish(p, Some(missile), true);
            // (c) "your king is not in check afterwards"
            if !p.in_check(self.turn) {
                out.push((format!("{}@{}", self.name(missile), self.name(target)), p));
            }
        }
    }

    /// §3 The flying bomber: slide, bombing, helicopter. "A move is
    /// identified by its from and to squares; all readings of the same
    /// from-to pair have the same result" — so each reaching square is
    /// listed once (and we check the readings do agree).
    fn bomber_moves(&self, from: usize, out: &mut Vec<(String, Pos)>) {
        let us = self.turn;
        let enemy = |s: usize| matches!(self.board[s], Some((c, _, _)) if c != us);
        // (to, captured squares)
        let mut found: Vec<(usize, Vec<usize>)> = Vec::new();
        let mut add = |to: usize, mut captured: Vec<usize>| {
            captured.sort();
            match found.iter().find(|(t, _)| *t == to) {
                Some((_, c)) => assert_eq!(*c, captured, "two readings disagree"),
                None => found.push((to, captured)),
            }
        };
        for &(df, dr) in &ORTHOGONAL {
            // Slide: "like a rook, over empty squares, without capturing".
            let mut s = from;
            let mut first = None;
            while let Some(next) = self.offset(s, df, dr) {
                if self.board[next].is_some() {
                    first = Some(next);
                    break;
                }
                add(next, vec![]);
                s = next;
            }
            // Bombing: "the first piece met (after any number of empty
            // squares) must be an enemy, and the square immediately beyond it
            // must be empty. The bomber flies over it, captures it, and lands
            // on any empty square beyond it up to the next piece or the edge."
            // Immediate Landing: "a bombing must land on the first square
            // beyond the victim".
            if let Some(victim) = first.filter(|&v| enemy(v)) {
                let mut s = victim;
                while let Some(land) = self.offset(s, df, dr) {
                    if self.board[land].is_some() {
                        break;
                    }
                    add(land, vec![victim]);
                    if self.opts.immediate_landing {
                        break;
                    }
                    s = land;
                }
            }
            // Helicopter: "a leap of exactly two squares ... The landing
            // square must be empty or hold an enemy (captured). The square
            // leapt over is untouched if empty or friendly, and its enemy
            // piece is captured too (double capture)."
            if let Some(land) = self.offset(from, 2 * df, 2 * dr) {
                if self.board[land].is_none() || enemy(land) {
                    let over = self.offset(from, df, dr).unwrap();
                    let mut captured = vec![];
                    if enemy(over) {
                        captured.push(over);
                    }
                    if enemy(land) {
                        captured.push(land);
                    }
                    add(land, captured);
                }
            }
        }
        for (to, captured) in found {
            self.push_ordinary(from, to, &captured, None, out);
        }
    }

    // ----- counting --------------------------------------------------------

    /// The legal moves' texts, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self.children().into_iter().map(|(t, _)| t).collect();
        v.sort();
        v
    }

    /// §6: "`perft(0) = 1`; `perft(d)` sums `perft(d-1)` over every legal move".
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let children = self.children();
        if depth == 1 {
            return children.len() as u64;
        }
        children.iter().map(|(_, p)| p.perft(depth - 1)).sum()
    }

    /// Perft split by first move, sorted by move text.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut v: Vec<(String, u64)> = self
            .children()
            .into_iter()
            .map(|(t, p)| (t, p.perft(depth.saturating_sub(1))))
            .collect();
        v.sort();
        v
    }

    /// Makes `squares` the bomb carriers (Beirut), replacing any others.
    pub fn set_carriers(&mut self, squares: &[usize]) {
        for s in 0..self.board.len() {
            if let Some(p) = &mut self.board[s] {
                p.2 = squares.contains(&s);
            }
        }
    }

    /// Squares holding men (non-king pieces) of `color`.
    pub fn men(&self, color: Color) -> Vec<usize> {
        (0..self.board.len())
            .filter(|&s| matches!(self.board[s], Some((c, r, _)) if c == color && r != Role::King))
            .collect()
    }

    /// Whether the side not to move is in check (what a position text may not show).
    pub fn opponent_in_check(&self) -> bool {
        self.in_check(self.turn.other())
    }
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
