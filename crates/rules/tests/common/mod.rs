//! Helpers shared by the rules-text tests. Every expected value in the tests
//! is worked out by hand from docs/rules.md, never copied from the program.
#![allow(dead_code)]

mod rng;

// Not every test file that includes this module draws random numbers.
#[allow(unused_imports)]
pub use rng::Rng;

use boomchess_rules::{Color, Game, Options, Square, Variant, VariantPosition};

/// Options for `variant` from option words (docs/rules.md §5b).
pub fn opts(variant: Variant, words: &[&str]) -> Options {
    Options::parse(variant, words).unwrap_or_else(|e| panic!("options {words:?}: {e}"))
}

/// A position of `variant` with the given option words; panics with the
/// error if the text is refused.
pub fn pos_with(variant: Variant, words: &[&str], fen: &str) -> VariantPosition {
    VariantPosition::from_fen(variant, opts(variant, words), fen)
        .unwrap_or_else(|e| panic!("{variant} position '{fen}' refused: {e}"))
}

/// A Beirut position with default options.
pub fn beirut(fen: &str) -> VariantPosition {
    pos_with(Variant::Beirut, &[], fen)
}

/// A Beirut position with Dead Man's Switch on.
pub fn dms(fen: &str) -> VariantPosition {
    pos_with(Variant::Beirut, &["dead-mans-switch"], fen)
}

/// A Stratomic position.
pub fn stratomic(fen: &str) -> VariantPosition {
    pos_with(Variant::Stratomic, &[], fen)
}

/// A Flying Bombers position.
pub fn bombers(fen: &str) -> VariantPosition {
    pos_with(Variant::FlyingBombers, &[], fen)
}

/// A game from a position text.
pub fn game(variant: Variant, words: &[&str], fen: &str) -> Game {
    Game::from_fen(variant, opts(variant, words), fen)
        .unwrap_or_else(|e| panic!("{variant} game '{fen}' refused: {e}"))
}

/// The square called `name` on the board of `pos`.
pub fn sq(pos: &VariantPosition, name: &str) -> Square {
    pos.parse_square(name)
        .unwrap_or_else(|| panic!("'{name}' is not a square of this board"))
}

/// The legal moves in coordinate text, sorted.
pub fn moves(pos: &VariantPosition) -> Vec<String> {
    let mut list = pos.legal_moves_uci();
    list.sort();
    list
}

/// A sorted list of owned strings.
pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays coordinate moves, panicking with the position if one is refused.
pub fn play(pos: &mut VariantPosition, uci_moves: &[&str]) {
    for text in uci_moves {
        let before = pos.fen();
        pos.play_uci(text)
            .unwrap_or_else(|e| panic!("{text} refused in '{before}': {e}"));
    }
}

/// The position after playing `uci_moves`.
pub fn after(mut pos: VariantPosition, uci_moves: &[&str]) -> VariantPosition {
    play(&mut pos, uci_moves);
    pos
}

/// Whether the legal move list contains `text`.
pub fn has(pos: &VariantPosition, text: &str) -> bool {
    pos.legal_moves_uci().iter().any(|m| m == text)
}

/// The carriers of `color` as sorted square names.
pub fn carrier_names(pos: &VariantPosition, color: Color) -> Vec<String> {
    let mut v: Vec<String> = pos
        .carriers(color)
        .into_iter()
        .map(|s| pos.square_name(s))
        .collect();
    v.sort();
    v
}
