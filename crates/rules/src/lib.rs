//! Rules of three explosive chess variants — Beirut Chess (8×8), Stratomic
//! and Flying Bombers Grand Chess (10×10) — as specified in the project's
//! `docs/rules.md`: positions, fully legal move generation, explosions, game
//! outcomes, extended FEN and move notation.
//!
//! For Beirut played online, [`PublicGame`] keeps the game as everybody
//! knows it, without the secret carriers, and audits it once they are open.
//!
//! One move generator serves every game and both board sizes: it is
//! generic over a [`Geometry`] (8×8 with `u64` bit sets, 10×10 with
//! `u128`, or one SIMD register in WebAssembly built with `simd128`), so the 8×8 game pays
//! nothing for the larger board.
//!
//! ```
//! use boomchess_rules::{Options, Variant, VariantPosition};
//!
//! let mut pos = VariantPosition::new(Variant::Beirut, Options::default());
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(pos.perft(2), 400);
//! pos.play_uci("e2e4").unwrap();
//! assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! ```
#![deny(missing_docs)]

mod bits;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod bits_v128;
mod board_size;
mod fen;
mod game;
mod geometry;
mod identity;
mod magics;
mod movelist;
mod moves;
mod movetext;
mod outcome;
mod perft;
mod piece;
mod position;
mod public_game;
mod san;
mod square;
mod uci;
mod variant;
mod variant_position;
#[cfg(test)]
mod xorshift;

pub use bits::{Bits, SquareIter};
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub use bits_v128::Bits128;
pub use board_size::BoardSize;
pub use fen::FenError;
pub use game::{Game, Phase};
pub use geometry::{Board10, Board8, Geometry, Tables, ROOK_DIRECTIONS};
pub use movelist::{MoveBuffer, MoveCounter, MoveList, MoveSink};
pub use moves::{Move, MoveKind};
pub use movetext::movetext_words;
pub use outcome::{Outcome, Reason};
pub use perft::{divide, perft};
pub use piece::{Color, Piece, Role};
pub use position::{CarrierError, PassError, Position};
pub use public_game::{
    Action, Audit, Awaiting, BoomRefusal, CarrierProblem, Falsehood, FlagResult, PublicError,
    PublicGame, Recorded,
};
pub use san::SWITCH_MARK;
pub use square::Square;
pub use uci::{move_to_uci, MoveError};
pub use variant::{OptionError, Options, Variant};
pub use variant_position::{Explosion, VariantPosition};

/// The README's Rust examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
