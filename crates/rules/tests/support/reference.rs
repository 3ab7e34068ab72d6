//! A deliberately simple second move generator for the two 10×10 games,
//! written only from docs/rules.md §2–§6 (no code or output of the rules crate):
//! a 100-byte mailbox, every attack found by trying the attacker's moves.
//! Slow and plain on purpose, so that it can be read against the rules text
//! line by line; the tests compare it with the real generator move by move.

use std::collections::BTreeSet;

/// Which 10×10 game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// docs/rules.md §2.
    Stratomic,
    /// docs/rules.md §3.
    Bombers,
}

/// What a move does besides moving a piece from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Step, slide, leap, capture, bomber move.
    Normal,
    /// Pawn to the last rank, becoming this letter (lower case).
    Promotion(u8),
    /// En passant capture.
    EnPassant,
    /// Castling written as the king's move.
    Castle,
    /// Stratomic launch at `to`.
    Launch,
}

/// A move of the reference generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RMove {
    /// From square (rank * 10 + file).
    pub from: usize,
    /// To square (blast centre for a launch).
    pub to: usize,
    /// Kind.
    pub kind: Kind,
}

/// A position.
#[derive(Clone, Debug)]
pub struct Ref {
    /// The game.
    pub game: Game,
    /// Super Jump Knights.
    pub super_knights: bool,
    /// Immediate Landing.
    pub immediate: bool,
    /// Squares a1 = 0 .. j10 = 99; 0 empty, else the FEN letter.
    pub b: [u8; 100],
    /// White to move.
    pub white: bool,
    /// Rights K Q k q.
    pub castle: [bool; 4],
    /// Squares passed by the last 2- or 3-step, in order.
    pub ep: Vec<usize>,
    /// Stratomic launches unlocked.
    pub unlocked: bool,
}

/// Name of square `i`.
pub fn name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 10) as u8) as char, i / 10 + 1)
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..10).contains(&f) && (0..10).contains(&r)).then(|| (r * 10 + f) as usize)
}

fn fr(i: usize) -> (i32, i32) {
    ((i % 10) as i32, (i / 10) as i32)
}

fn is_white(p: u8) -> bool {
    p.is_ascii_uppercase()
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const SUPER: [(i32, i32); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];

/// One castling: king and rook files, from and to; side 0 = K, 1 = Q.
struct Castling {
    side: usize,
    king_to: i32,
    rook_from: i32,
    rook_to: i32,
}

const STRATOMIC_CASTLINGS: [Castling; 2] = [
    Castling {
        side: 0,
        king_to: 7,
        rook_from: 8,
        rook_to: 6,
    },
    Castling {
        side: 1,
        king_to: 3,
        rook_from: 1,
        rook_to: 4,
    },
];
const BOMBERS_CASTLINGS: [Castling; 5] = [
    Castling {
        side: 0,
        king_to: 7,
        rook_from: 8,
        rook_to: 6,
    },
    Castling {
        side: 0,
        king_to: 8,
        rook_from: 8,
        rook_to: 7,
    },
    Castling {
        side: 1,
        king_to: 3,
        rook_from: 1,
        rook_to: 4,
    },
    Castling {
        side: 1,
        king_to: 2,
        rook_from: 1,
        rook_to: 3,
    },
    Castling {
        side: 1,
        king_to: 1,
        rook_from: 1,
        rook_to: 2,
    },
];

impl Ref {
    /// Parses a position text (docs/rules.md §4).
    pub fn from_fen(game: Game, super_knights: bool, immediate: bool, fen: &str) -> Ref {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut b = [0u8; 100];
        for (row, text) in f[0].split('/').enumerate() {
            let rank = 9 - row;
            let mut file = 0;
            let bytes = text.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i].is_ascii_digit() {
                    let mut n = (bytes[i] - b'0') as usize;
                    if i + 1 < bytes.len() && bytes[i + 1].is_ascii_digit() {
                        n = n * 10 + (bytes[i + 1] - b'0') as usize;
                        i += 1;
                    }
                    file += n;
                } else {
                    b[rank * 10 + file] = bytes[i];
                    file += 1;
                }
                i += 1;
            }
            assert_eq!(file, 10, "rank width in {fen}");
        }
        let castle = [
            f[2].contains('K'),
            f[2].contains('Q'),
            f[2].contains('k'),
            f[2].contains('q'),
        ];
        let mut ep = Vec::new();
        if f[3] != "-" {
            let s = f[3].as_bytes();
            let mut i = 0;
            while i < s.len() {
                let file = (s[i] - b'a') as usize;
                let mut j = i + 1;
                while j < s.len() && s[j].is_ascii_digit() {
                    j += 1;
                }
                let rank: usize = f[3][i + 1..j].parse().unwrap();
                ep.push((rank - 1) * 10 + file);
                i = j;
            }
        }
        Ref {
            game,
            super_knights,
            immediate,
            b,
            white: f[1] == "w",
            castle,
            ep,
            unlocked: f.get(6) == Some(&"L"),
        }
    }

    fn enemy_of(&self, i: usize, white: bool) -> bool {
        self.b[i] != 0 && is_white(self.b[i]) != white
    }

    fn friend_of(&self, i: usize, white: bool) -> bool {
        self.b[i] != 0 && is_white(self.b[i]) == white
    }

    fn king(&self, white: bool) -> usize {
        let k = if white { b'K' } else { b'k' };
        (0..100)
            .find(|&i| self.b[i] == k)
            .expect("king on the board")
    }

    /// Bomber moves (from, to) of the bomber on `s`, pseudo-legal.
    fn bomber_targets(&self, s: usize) -> Vec<usize> {
        let white = is_white(self.b[s]);
        let (f, r) = fr(s);
        let mut out = Vec::new();
        for (df, dr) in ORTHO {
            // Slides, then a bombing over the first piece if it is an enemy
            // with an empty square beyond.
            let mut k = 1;
            while let Some(t) = at(f + k * df, r + k * dr) {
                if self.b[t] == 0 {
                    out.push(t);
                    k += 1;
                    continue;
                }
                if self.enemy_of(t, white) {
                    let mut j = k + 1;
                    while let Some(u) = at(f + j * df, r + j * dr) {
                        if self.b[u] != 0 {
                            break;
                        }
                        out.push(u);
                        if self.immediate {
                            break;
                        }
                        j += 1;
                    }
                }
                break;
            }
            // Helicopter: exactly two squares, landing empty or enemy.
            if let Some(t) = at(f + 2 * df, r + 2 * dr) {
                if !self.friend_of(t, white) {
                    out.push(t);
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// Squares whose pieces a bomber move from `s` to `t` captures.
    fn bomber_victims(&self, s: usize, t: usize) -> Vec<usize> {
        let white = is_white(self.b[s]);
        let (f, r) = fr(s);
        let (tf, tr) = fr(t);
        let (df, dr) = ((tf - f).signum(), (tr - r).signum());
        let k = (tf - f).abs().max((tr - r).abs());
        let mut v = Vec::new();
        if k == 2 {
            let mid = at(f + df, r + dr).unwrap();
            if self.enemy_of(mid, white) {
                v.push(mid);
            }
            if self.enemy_of(t, white) {
                v.push(t);
            }
        } else if k > 2 {
            for j in 1..k {
                let u = at(f + j * df, r + j * dr).unwrap();
                if self.b[u] != 0 {
                    v.push(u);
                }
            }
        }
        v
    }

    /// Whether a piece of colour `by_white` could capture a piece on `sq`
    /// (the same test for check and for an attacked missile; pins ignored).
    pub fn attacked(&self, sq: usize, by_white: bool) -> bool {
        let (f, r) = fr(sq);
        for i in 0..100 {
            let p = self.b[i];
            if p == 0 || is_white(p) != by_white {
                continue;
            }
            let (pf, pr) = fr(i);
            let (df, dr) = (f - pf, r - pr);
            let hit = match p.to_ascii_uppercase() {
                b'P' => {
                    let dir = if by_white { 1 } else { -1 };
                    dr == dir && df.abs() == 1
                }
                b'K' | b'M' => df.abs().max(dr.abs()) == 1,
                b'N' => {
                    KNIGHT.contains(&(df, dr)) || (self.super_knights && SUPER.contains(&(df, dr)))
                }
                b'R' => self.ray_hits(i, sq, &ORTHO),
                b'B' => self.ray_hits(i, sq, &DIAG),
                b'Q' => self.ray_hits(i, sq, &ORTHO) || self.ray_hits(i, sq, &DIAG),
                // A bomber only ever captures along its own rank or file.
                b'F' if df != 0 && dr != 0 => false,
                b'F' => self
                    .bomber_targets(i)
                    .into_iter()
                    .any(|t| self.bomber_victims(i, t).contains(&sq)),
                _ => false,
            };
            if hit {
                return true;
            }
        }
        false
    }

    fn ray_hits(&self, from: usize, sq: usize, dirs: &[(i32, i32)]) -> bool {
        let (f, r) = fr(from);
        for &(df, dr) in dirs {
            let mut k = 1;
            while let Some(t) = at(f + k * df, r + k * dr) {
                if t == sq {
                    return true;
                }
                if self.b[t] != 0 {
                    break;
                }
                k += 1;
            }
        }
        false
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.attacked(self.king(self.white), !self.white)
    }

    fn pawn_rules(&self) -> (i32, i32, i32, &'static [u8]) {
        // (start rank, longest step, promotion rank, promotion letters)
        match (self.game, self.white) {
            (Game::Stratomic, true) => (2, 2, 8, b"qrbnm"),
            (Game::Stratomic, false) => (7, 2, 1, b"qrbnm"),
            (Game::Bombers, true) => (1, 3, 9, b"qrbnf"),
            (Game::Bombers, false) => (8, 3, 0, b"qrbnf"),
        }
    }

    fn pseudo(&self) -> Vec<RMove> {
        let white = self.white;
        let mut out = Vec::new();
        let push = |out: &mut Vec<RMove>, from, to| {
            out.push(RMove {
                from,
                to,
                kind: Kind::Normal,
            })
        };
        for s in 0..100 {
            let p = self.b[s];
            if p == 0 || is_white(p) != white {
                continue;
            }
            let (f, r) = fr(s);
            let leaps = |out: &mut Vec<RMove>, d: &[(i32, i32)]| {
                for &(df, dr) in d {
                    if let Some(t) = at(f + df, r + dr) {
                        if !self.friend_of(t, white) {
                            push(out, s, t);
                        }
                    }
                }
            };
            let slides = |out: &mut Vec<RMove>, d: &[(i32, i32)]| {
                for &(df, dr) in d {
                    let mut k = 1;
                    while let Some(t) = at(f + k * df, r + k * dr) {
                        if self.friend_of(t, white) {
                            break;
                        }
                        push(out, s, t);
                        if self.b[t] != 0 {
                            break;
                        }
                        k += 1;
                    }
                }
            };
            match p.to_ascii_uppercase() {
                b'K' | b'M' => {
                    leaps(&mut out, &ORTHO);
                    leaps(&mut out, &DIAG);
                }
                b'N' => {
                    leaps(&mut out, &KNIGHT);
                    if self.super_knights {
                        leaps(&mut out, &SUPER);
                    }
                }
                b'R' => slides(&mut out, &ORTHO),
                b'B' => slides(&mut out, &DIAG),
                b'Q' => {
                    slides(&mut out, &ORTHO);
                    slides(&mut out, &DIAG);
                }
                b'F' => {
                    for t in self.bomber_targets(s) {
                        push(&mut out, s, t);
                    }
                }
                b'P' => {
                    let (start, longest, promo, letters) = self.pawn_rules();
                    let dir = if white { 1 } else { -1 };
                    let add = |out: &mut Vec<RMove>, t: usize, ep: bool| {
                        if (t / 10) as i32 == promo {
                            for &l in letters {
                                out.push(RMove {
                                    from: s,
                                    to: t,
                                    kind: Kind::Promotion(l),
                                });
                            }
                        } else {
                            out.push(RMove {
                                from: s,
                                to: t,
                                kind: if ep { Kind::EnPassant } else { Kind::Normal },
                            });
                        }
                    };
                    let steps = if r == start { longest } else { 1 };
                    for k in 1..=steps {
                        match at(f, r + k * dir) {
                            Some(t) if self.b[t] == 0 => add(&mut out, t, false),
                            _ => break,
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(t) = at(f + df, r + dir) {
                            if self.enemy_of(t, white) {
                                add(&mut out, t, false);
                            } else if self.b[t] == 0 && self.ep.contains(&t) {
                                add(&mut out, t, true);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        // Castling.
        let (back, rights) = match (self.game, white) {
            (Game::Stratomic, true) => (1, [0, 1]),
            (Game::Stratomic, false) => (8, [2, 3]),
            (Game::Bombers, true) => (0, [0, 1]),
            (Game::Bombers, false) => (9, [2, 3]),
        };
        let castlings: &[Castling] = match self.game {
            Game::Stratomic => &STRATOMIC_CASTLINGS,
            Game::Bombers => &BOMBERS_CASTLINGS,
        };
        let king_from = at(5, back).unwrap();
        if !self.in_check() {
            for c in castlings {
                if !self.castle[rights[c.side]] {
                    continue;
                }
                let (lo, hi) = (c.rook_from.min(5), c.rook_from.max(5));
                if ((lo + 1)..hi).any(|x| self.b[at(x, back).unwrap()] != 0) {
                    continue;
                }
                // Squares the king passes (not its landing square): the king
                // placed there, the rook not yet moved, must not be in check.
                let step = (c.king_to - 5).signum();
                let mut ok = true;
                let mut x = 5 + step;
                while x != c.king_to {
                    let mut q = self.clone();
                    q.b[king_from] = 0;
                    q.b[at(x, back).unwrap()] = if white { b'K' } else { b'k' };
                    if q.attacked(at(x, back).unwrap(), !white) {
                        ok = false;
                    }
                    x += step;
                }
                if ok {
                    out.push(RMove {
                        from: king_from,
                        to: at(c.king_to, back).unwrap(),
                        kind: Kind::Castle,
                    });
                }
            }
        }
        // Launches.
        if self.game == Game::Stratomic && self.unlocked {
            for s in 0..100 {
                if self.b[s] == if white { b'M' } else { b'm' } && !self.attacked(s, !white) {
                    for t in 0..100 {
                        if t != s {
                            out.push(RMove {
                                from: s,
                                to: t,
                                kind: Kind::Launch,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// The position after `m`.
    pub fn play(&self, m: RMove) -> Ref {
        let mut q = self.clone();
        let white = self.white;
        let mut captured: Vec<u8> = Vec::new();
        q.ep.clear();
        match m.kind {
            Kind::Launch => {
                let (f, r) = fr(m.to);
                for df in -1..=1 {
                    for dr in -1..=1 {
                        if let Some(t) = at(f + df, r + dr) {
                            if q.b[t] != 0 && !q.b[t].eq_ignore_ascii_case(&b'K') {
                                captured.push(q.b[t]);
                                q.b[t] = 0;
                            }
                        }
                    }
                }
                q.b[m.from] = 0;
            }
            Kind::Castle => {
                let back = (m.from / 10) as i32;
                let king_to = (m.to % 10) as i32;
                let castlings: &[Castling] = match self.game {
                    Game::Stratomic => &STRATOMIC_CASTLINGS,
                    Game::Bombers => &BOMBERS_CASTLINGS,
                };
                let c = castlings.iter().find(|c| c.king_to == king_to).unwrap();
                let rook = q.b[at(c.rook_from, back).unwrap()];
                let king = q.b[m.from];
                q.b[m.from] = 0;
                q.b[at(c.rook_from, back).unwrap()] = 0;
                q.b[m.to] = king;
                q.b[at(c.rook_to, back).unwrap()] = rook;
            }
            Kind::EnPassant => {
                let enemy_dir: i32 = if white { -10 } else { 10 };
                let last = *self.ep.last().unwrap() as i32;
                let victim = (last + enemy_dir) as usize;
                captured.push(q.b[victim]);
                q.b[victim] = 0;
                q.b[m.to] = q.b[m.from];
                q.b[m.from] = 0;
            }
            Kind::Normal | Kind::Promotion(_) => {
                let p = q.b[m.from];
                if p.eq_ignore_ascii_case(&b'F') {
                    for v in self.bomber_victims(m.from, m.to) {
                        captured.push(q.b[v]);
                        q.b[v] = 0;
                    }
                } else if q.b[m.to] != 0 {
                    captured.push(q.b[m.to]);
                }
                q.b[m.from] = 0;
                q.b[m.to] = match m.kind {
                    Kind::Promotion(l) if white => l.to_ascii_uppercase(),
                    Kind::Promotion(l) => l,
                    _ => p,
                };
                if p.eq_ignore_ascii_case(&b'P') {
                    let (f, r) = fr(m.from);
                    let (_, tr) = fr(m.to);
                    let dir = if white { 1 } else { -1 };
                    let mut k = 1;
                    while (r + k * dir) != tr && (tr - r).abs() >= 2 {
                        q.ep.push(at(f, r + k * dir).unwrap());
                        k += 1;
                    }
                }
            }
        }
        if captured.iter().any(|c| !c.eq_ignore_ascii_case(&b'P')) {
            q.unlocked = true;
        }
        // A right stays only while its king and rook stand on their start
        // squares.
        let back = |w: bool| match (self.game, w) {
            (Game::Stratomic, true) => 1,
            (Game::Stratomic, false) => 8,
            (Game::Bombers, true) => 0,
            (Game::Bombers, false) => 9,
        };
        for (i, (w, rook_file)) in [(true, 8), (true, 1), (false, 8), (false, 1)]
            .into_iter()
            .enumerate()
        {
            let king = if w { b'K' } else { b'k' };
            let rook = if w { b'R' } else { b'r' };
            let r = back(w);
            if q.b[at(5, r).unwrap()] != king || q.b[at(rook_file, r).unwrap()] != rook {
                q.castle[i] = false;
            }
        }
        q.white = !white;
        q
    }

    /// Legal moves.
    pub fn moves(&self) -> Vec<RMove> {
        self.pseudo()
            .into_iter()
            .filter(|&m| {
                let q = self.play(m);
                !q.attacked(q.king(self.white), !self.white)
            })
            .collect()
    }

    /// Coordinate text of `m` (docs/rules.md §5).
    pub fn text(&self, m: RMove) -> String {
        match m.kind {
            Kind::Launch => format!("{}@{}", name(m.from), name(m.to)),
            Kind::Promotion(l) => format!("{}{}{}", name(m.from), name(m.to), l as char),
            _ => format!("{}{}", name(m.from), name(m.to)),
        }
    }

    /// Legal moves as texts.
    pub fn texts(&self) -> BTreeSet<String> {
        self.moves().into_iter().map(|m| self.text(m)).collect()
    }

    /// docs/rules.md §6.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}

impl Ref {
    /// The first four FEN fields (placement, side, castling, en passant),
    /// plus ` L`/` -` for Stratomic's launch field.
    pub fn fen_core(&self) -> String {
        let mut ranks = Vec::new();
        for r in (0..10).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for f in 0..10 {
                let p = self.b[r * 10 + f];
                if p == 0 {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(p as char);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        let mut castle: String = "KQkq"
            .chars()
            .zip(self.castle)
            .filter(|&(_, on)| on)
            .map(|(c, _)| c)
            .collect();
        if castle.is_empty() {
            castle.push('-');
        }
        let ep = if self.ep.is_empty() {
            "-".to_string()
        } else {
            self.ep.iter().map(|&i| name(i)).collect()
        };
        let mut s = format!(
            "{} {} {castle} {ep}",
            ranks.join("/"),
            if self.white { "w" } else { "b" }
        );
        if self.game == Game::Stratomic {
            s.push_str(if self.unlocked { " L" } else { " -" });
        }
        s
    }
}
