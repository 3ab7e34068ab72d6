//! The three games, their options, and the rule parameters that differ
//! between them (pawns, promotion, castling).

use crate::board_size::BoardSize;
use crate::piece::Role;
use core::fmt;

/// One of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Beirut Chess, 8×8: secret bomb carriers that can go "Boom!".
    Beirut,
    /// Stratomic, 10×10: missiles that step like kings and can be launched.
    Stratomic,
    /// Flying Bombers Grand Chess, 10×10: the flying bomber, five castlings.
    FlyingBombers,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 3] = [Variant::Beirut, Variant::Stratomic, Variant::FlyingBombers];

    /// The name used on the command line, in the API and in embeds.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Beirut => "beirut",
            Variant::Stratomic => "stratomic",
            Variant::FlyingBombers => "flying-bombers",
        }
    }
    /// The name for people.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Beirut => "Beirut Chess",
            Variant::Stratomic => "Stratomic",
            Variant::FlyingBombers => "Flying Bombers Grand Chess",
        }
    }
    /// Parses a variant name (`beirut`, `stratomic`, `flying-bombers`).
    pub fn from_name(name: &str) -> Result<Variant, OptionError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or_else(|| OptionError::UnknownVariant(name.to_string()))
    }
    /// The size of this variant's board.
    pub const fn board_size(self) -> BoardSize {
        match self {
            Variant::Beirut => BoardSize::EIGHT,
            _ => BoardSize::TEN,
        }
    }
    /// Number of files.
    pub const fn files(self) -> u8 {
        match self {
            Variant::Beirut => 8,
            _ => 10,
        }
    }
    /// Number of ranks.
    pub const fn ranks(self) -> u8 {
        self.files()
    }
    /// The start position in FEN (Beirut: without carriers).
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Beirut => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Variant::Stratomic => {
                "10/mrnbqkbnrm/pppppppppp/10/10/10/10/PPPPPPPPPP/MRNBQKBNRM/10 w KQkq - 0 1 -"
            }
            Variant::FlyingBombers => {
                "frnbqkbnrf/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/FRNBQKBNRF w KQkq - 0 1"
            }
        }
    }
    /// The roles that may appear in this variant.
    pub(crate) fn has_role(self, role: Role) -> bool {
        match role {
            Role::Missile => self == Variant::Stratomic,
            Role::Bomber => self == Variant::FlyingBombers,
            _ => true,
        }
    }
    /// The rule parameters of this variant.
    pub(crate) const fn rules(self) -> &'static VariantRules {
        match self {
            Variant::Beirut => &BEIRUT,
            Variant::Stratomic => &STRATOMIC,
            Variant::FlyingBombers => &FLYING_BOMBERS,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The options of docs/rules.md §5b. Options only matter for the variant they
/// belong to; [`Options::parse`] refuses the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Beirut: carriers each side chooses in a new game (Multiple Beirut), 1–15.
    pub carriers: u8,
    /// Beirut: a captured carrier explodes (Dead Man's Switch).
    pub dead_mans_switch: bool,
    /// Flying Bombers: a bombing lands on the first square beyond the victim.
    pub immediate_landing: bool,
    /// Flying Bombers: knights also leap (1,3).
    pub super_knights: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            carriers: 1,
            dead_mans_switch: false,
            immediate_landing: false,
            super_knights: false,
        }
    }
}

impl Options {
    /// Parses option words (`carriers=3`, `dead-mans-switch`,
    /// `immediate-landing`, `super-knights`) for `variant`. Empty words are
    /// ignored, so a comma-separated list can be split and passed directly.
    pub fn parse<S: AsRef<str>>(variant: Variant, words: &[S]) -> Result<Options, OptionError> {
        let mut options = Options::default();
        for word in words {
            let word = word.as_ref().trim();
            if word.is_empty() {
                continue;
            }
            let (name, value) = match word.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (word, None),
            };
            let owner = match name {
                "carriers" | "dead-mans-switch" => Variant::Beirut,
                "immediate-landing" | "super-knights" => Variant::FlyingBombers,
                _ => return Err(OptionError::UnknownOption(word.to_string())),
            };
            if owner != variant {
                return Err(OptionError::WrongVariant {
                    option: name.to_string(),
                    variant,
                });
            }
            match (name, value) {
                ("carriers", Some(v)) => {
                    options.carriers = v
                        .parse::<u8>()
                        .ok()
                        .filter(|n| (1..=15).contains(n))
                        .ok_or_else(|| OptionError::BadCarriers(v.to_string()))?;
                }
                ("carriers", None) => return Err(OptionError::BadCarriers(String::new())),
                (_, Some(_)) => return Err(OptionError::UnexpectedValue(name.to_string())),
                ("dead-mans-switch", None) => options.dead_mans_switch = true,
                ("immediate-landing", None) => options.immediate_landing = true,
                ("super-knights", None) => options.super_knights = true,
                _ => unreachable!("option names are matched above"),
            }
        }
        Ok(options)
    }

    /// The option words that describe these options (defaults omitted).
    pub fn words(&self) -> Vec<String> {
        let mut words = Vec::new();
        if self.carriers != 1 {
            words.push(format!("carriers={}", self.carriers));
        }
        if self.dead_mans_switch {
            words.push("dead-mans-switch".to_string());
        }
        if self.immediate_landing {
            words.push("immediate-landing".to_string());
        }
        if self.super_knights {
            words.push("super-knights".to_string());
        }
        words
    }
}

/// Why a variant name or an option word was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// Not one of `beirut`, `stratomic`, `flying-bombers`.
    UnknownVariant(String),
    /// Not an option of docs/rules.md §5b.
    UnknownOption(String),
    /// The option exists but belongs to another variant.
    WrongVariant {
        /// The option name.
        option: String,
        /// The variant it was given for.
        variant: Variant,
    },
    /// `carriers=N` without N in 1..=15.
    BadCarriers(String),
    /// A value given to an option that takes none.
    UnexpectedValue(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownVariant(v) => write!(
                f,
                "unknown variant '{v}' (expected beirut, stratomic or flying-bombers)"
            ),
            OptionError::UnknownOption(o) => write!(
                f,
                "unknown option '{o}' (expected carriers=N, dead-mans-switch, immediate-landing or super-knights)"
            ),
            OptionError::WrongVariant { option, variant } => {
                write!(f, "option '{option}' does not belong to {variant}")
            }
            OptionError::BadCarriers(v) => {
                write!(f, "carriers needs a number from 1 to 15, got '{v}'")
            }
            OptionError::UnexpectedValue(o) => write!(f, "option '{o}' takes no value"),
        }
    }
}

impl std::error::Error for OptionError {}

/// One way of castling, for White; Black mirrors it on its own back rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CastlingRule {
    /// 0: towards the h/j file (`K`), 1: towards the a file (`Q`).
    pub side: usize,
    pub king_from: u8,
    pub king_to: u8,
    pub rook_from: u8,
    pub rook_to: u8,
}

/// What differs between the games apart from pieces and explosions.
#[derive(Debug)]
pub(crate) struct VariantRules {
    /// White's back rank (0-based); Black's mirrors it.
    pub back_rank: u8,
    /// White pawns' start rank (0-based), where multi-steps are allowed.
    pub pawn_start: u8,
    /// Longest pawn step from the start rank.
    pub pawn_steps: u8,
    /// The rank where White pawns promote (0-based).
    pub promotion_rank: u8,
    /// What pawns may promote to.
    pub promotions: &'static [Role],
    /// The ways of castling.
    pub castlings: &'static [CastlingRule],
    /// The king's start file.
    pub king_file: u8,
    /// Start files of the castling rooks: `[king side, queen side]`.
    pub rook_files: [u8; 2],
}

const fn castle(
    side: usize,
    king_from: u8,
    king_to: u8,
    rook_from: u8,
    rook_to: u8,
) -> CastlingRule {
    CastlingRule {
        side,
        king_from,
        king_to,
        rook_from,
        rook_to,
    }
}

// Files: a=0 b=1 c=2 d=3 e=4 f=5 g=6 h=7 i=8 j=9.
static BEIRUT: VariantRules = VariantRules {
    back_rank: 0,
    pawn_start: 1,
    pawn_steps: 2,
    promotion_rank: 7,
    promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    castlings: &[castle(0, 4, 6, 7, 5), castle(1, 4, 2, 0, 3)],
    king_file: 4,
    rook_files: [7, 0],
};

static STRATOMIC: VariantRules = VariantRules {
    back_rank: 1,
    pawn_start: 2,
    pawn_steps: 2,
    promotion_rank: 8,
    promotions: &[
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Missile,
    ],
    castlings: &[castle(0, 5, 7, 8, 6), castle(1, 5, 3, 1, 4)],
    king_file: 5,
    rook_files: [8, 1],
};

static FLYING_BOMBERS: VariantRules = VariantRules {
    back_rank: 0,
    pawn_start: 1,
    pawn_steps: 3,
    promotion_rank: 9,
    promotions: &[
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Bomber,
    ],
    castlings: &[
        castle(0, 5, 7, 8, 6),
        castle(0, 5, 8, 8, 7),
        castle(1, 5, 3, 1, 4),
        castle(1, 5, 2, 1, 3),
        castle(1, 5, 1, 1, 2),
    ],
    king_file: 5,
    rook_files: [8, 1],
};
