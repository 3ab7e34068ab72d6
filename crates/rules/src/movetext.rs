//! Move lists as people write them (`1. e4 e5 2. Nf3`, `e2e4, e7e5`): the
//! words of a list, and a move read in either notation of docs/rules.md §5.

use crate::moves::{Move, MoveKind};
use crate::uci::MoveError;
use crate::variant_position::VariantPosition;

/// The move words of a move list: separated by spaces or commas, without
/// move numbers (`1.`, `5...`, `5…`, also glued on as in `1.e4` or
/// `5...Qd4`, or with the dots apart as in `5. ... Qd4`) and results (`1-0`,
/// `0-1`, `1/2-1/2`, `½-½`, `*`).
///
/// ```
/// use boomchess_rules::movetext_words;
///
/// assert_eq!(movetext_words("1. e4 e5 2.Nf3, 2...Nc6 1-0"), ["e4", "e5", "Nf3", "Nc6"]);
/// assert_eq!(movetext_words("12. ... Qd4 13… Bb4"), ["Qd4", "Bb4"]);
/// ```
pub fn movetext_words(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter_map(|word| {
            let dots = ['.', '…'];
            let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let rest = &word[digits..];
            let word = if digits > 0 && rest.starts_with(dots) {
                rest.trim_start_matches(dots)
            } else {
                word
            };
            let only_dots = word.chars().all(|c| dots.contains(&c));
            let result = ["1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&word);
            (!only_dots && !result).then_some(word)
        })
        .collect()
}

impl VariantPosition {
    /// Reads a legal move written in either notation: coordinate text
    /// (`e2e4`, `@e5`, `d2@f7`) or SAN (`Nf3`, `Boom@e5`, `M@f7`). `Boom!`
    /// (or `Boom`) alone is the boom of the side to move's carrier when
    /// exactly one may boom. The error says what is wrong.
    ///
    /// ```
    /// use boomchess_rules::{Options, Variant, VariantPosition};
    ///
    /// let pos = VariantPosition::new(Variant::Beirut, Options::default());
    /// assert_eq!(pos.parse_move("Nf3"), pos.parse_move("g1f3"));
    /// assert!(pos.parse_move("Nf6").is_err());
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        if text.trim_end_matches('!').eq_ignore_ascii_case("boom") {
            let booms: Vec<Move> = self
                .legal_moves()
                .into_iter()
                .filter(|m| m.kind == MoveKind::Boom)
                .collect();
            return match booms.as_slice() {
                [one] => Ok(*one),
                [] => Err(MoveError::NoSingleBoom("no carrier may boom here")),
                _ => Err(MoveError::NoSingleBoom(
                    "several carriers may boom: write Boom@e5",
                )),
            };
        }
        match self.parse_uci(text) {
            Err(MoveError::Malformed { .. }) => self.parse_san(text),
            coordinate => coordinate,
        }
    }
}
