//! Fuzzing the server's reading of a text frame (`parse_client_message`): hundreds of thousands of
//! inputs made from valid messages by bit flips, truncations, splices, huge numbers, deep nesting
//! and stray characters. None may panic; each is a message or a refusal of the two input kinds,
//! and every message read re-reads as itself.

use boomchess_online::client::owed_statement;
use boomchess_online::message::{SquareName, WireOpening, MAX_MESSAGE_BYTES};
use boomchess_online::{
    Action, ClientMessage, GameId, GameInfo, OnlineGame, Opening, Refusal, Salt, SeatToken, Side,
};
use boomchess_server::parse_client_message;
use std::time::Instant;

/// Inputs tried.
const INPUTS: usize = 250_000;

/// xorshift64*: a fixed seed, so a failure repeats.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn square(name: &str) -> SquareName {
    SquareName::parse(name).expect("a square")
}

/// One valid message of every kind.
fn seeds() -> Vec<String> {
    let salt = Salt([0x5a; 16]);
    let men: Vec<Opening> = (0..16)
        .filter(|&i| i != 4)
        .map(|i| Opening {
            origin: boomchess_rules::Square::from_index(i),
            carrier: i == 9,
            salt: Salt([i; 16]),
        })
        .collect();
    let info = GameInfo {
        id: GameId([0x42; 16]),
        variant: "beirut".into(),
        options: vec![],
        clock: None,
        grace: 30,
        created: 0,
    };
    let mut game = OnlineGame::new(info).expect("a Beirut game");
    game.seat(Side::White, 0).expect("seated");
    game.seat(Side::Black, 0).expect("seated");
    let commit = owed_statement(&game, Side::White, &men).expect("commitments are owed");
    let openings = (0..15)
        .map(|i| WireOpening {
            square: SquareName(boomchess_rules::Square::from_index(i)),
            carrier: i % 5 == 0,
            salt: Salt([i; 16]),
        })
        .collect();
    let actions = vec![
        commit,
        Action::Move { uci: "e2e4".into() },
        Action::Move {
            uci: "e9e10f".into(),
        },
        Action::Move {
            uci: "d2@f7".into(),
        },
        Action::Boom {
            square: square("e5"),
            salt,
        },
        Action::Switch {
            carrier: true,
            salt,
        },
        Action::NoBoom,
        Action::OfferDraw,
        Action::AcceptDraw,
        Action::DeclineDraw,
        Action::Resign,
        Action::Abort,
        Action::Reveal { openings },
    ];
    let mut messages = vec![
        ClientMessage::Hello { token: None },
        ClientMessage::Hello {
            token: Some(SeatToken([0xc3; 16])),
        },
    ];
    messages.extend(
        actions
            .into_iter()
            .enumerate()
            .map(|(i, action)| ClientMessage::Act {
                seq: i as u32 + 1,
                action,
            }),
    );
    let mut texts: Vec<String> = messages
        .iter()
        .map(|m| serde_json::to_string(m).expect("serialises"))
        .collect();
    // Some of them again with whitespace between their tokens.
    let spaced: Vec<String> = messages
        .iter()
        .take(4)
        .map(|m| serde_json::to_string_pretty(m).expect("serialises"))
        .collect();
    texts.extend(spaced);
    texts
}

const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "-0",
    "1.5",
    "1e400",
    "-1e400",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999999999999999999999999",
    "NaN",
    "Infinity",
    "0x10",
    "00",
];

const STRAY: &[&str] = &[
    "\"",
    "\\",
    "\\u0000",
    "\\ud800",
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "null",
    "true",
    "é",
    "💣",
    "\u{0}",
    "\"type\":",
    "\"act\":",
    "\"seq\":1,",
    "\"kind\":",
    "\"move\"",
    "\"token\":null,",
];

/// One mutation of `text` (or of `text` and `other`).
fn mutate(rng: &mut Rng, text: &str, other: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    match rng.below(8) {
        0 if !bytes.is_empty() => {
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(bytes.len());
                bytes[at] ^= 1 << rng.below(8);
            }
        }
        1 => bytes.truncate(rng.below(bytes.len() + 1)),
        2 => {
            let cut = rng.below(bytes.len() + 1);
            let from = rng.below(other.len() + 1);
            bytes.truncate(cut);
            bytes.extend_from_slice(&other.as_bytes()[from..]);
        }
        3 => {
            // A number replaced by a huge, negative, fractional or malformed one.
            let digits: Vec<usize> = (0..bytes.len())
                .filter(|&i| bytes[i].is_ascii_digit())
                .collect();
            if let Some(&at) = digits.get(rng.below(digits.len())) {
                let end = (at..bytes.len())
                    .find(|&i| !bytes[i].is_ascii_digit())
                    .unwrap_or(bytes.len());
                let number = NUMBERS[rng.below(NUMBERS.len())];
                bytes.splice(at..end, number.bytes());
            }
        }
        4 => {
            // Deep nesting around or inside the message.
            let depth = if rng.below(20) == 0 {
                1 + rng.below(20_000)
            } else {
                1 + rng.below(1_500)
            };
            let (open, close) = if rng.below(2) == 0 {
                ("[", "]")
            } else {
                ("{\"a\":", "}")
            };
            let at = rng.below(bytes.len() + 1);
            let mut nested = open.repeat(depth).into_bytes();
            if rng.below(2) == 0 {
                nested.extend_from_slice(close.repeat(depth).as_bytes());
            }
            bytes.splice(at..at, nested);
        }
        5 => {
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len() + 1);
                let stray = STRAY[rng.below(STRAY.len())];
                bytes.splice(at..at, stray.bytes());
            }
        }
        6 => {
            // A field repeated, a value emptied, or the message doubled.
            match rng.below(3) {
                0 => {
                    let at = rng.below(bytes.len() + 1);
                    let chunk: Vec<u8> = bytes[at..]
                        .iter()
                        .take(1 + rng.below(40))
                        .copied()
                        .collect();
                    bytes.splice(at..at, chunk);
                }
                1 => bytes.retain(|&b| b != b'"' || rng.below(4) != 0),
                _ => bytes = format!("{text}{text}").into_bytes(),
            }
        }
        _ => {
            // Random bytes, sometimes past the size limit.
            let len = if rng.below(50) == 0 {
                MAX_MESSAGE_BYTES + 1 + rng.below(100)
            } else {
                rng.below(64)
            };
            bytes = (0..len).map(|_| rng.next() as u8).collect();
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn a_quarter_million_mutated_messages_are_read_or_refused_without_a_panic() {
    let seeds = seeds();
    for seed in &seeds {
        assert!(
            parse_client_message(seed).is_ok(),
            "a seed is a valid message: {seed}"
        );
    }
    let started = Instant::now();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut read, mut refused, mut too_large) = (0usize, 0usize, 0usize);
    let mut text = seeds[0].clone();
    for n in 0..INPUTS {
        // Mostly a fresh seed; sometimes the last input mutated again.
        if n % 4 != 0 || text.len() > 4 * MAX_MESSAGE_BYTES {
            text = seeds[rng.below(seeds.len())].clone();
        }
        let other = &seeds[rng.below(seeds.len())];
        text = mutate(&mut rng, &text, other);
        match parse_client_message(&text) {
            Ok(message) => {
                read += 1;
                let again = serde_json::to_string(&message).expect("serialises");
                assert_eq!(
                    parse_client_message(&again).as_ref(),
                    Ok(&message),
                    "{text:?} re-reads as itself"
                );
            }
            Err(err) if err.code == Refusal::TooLarge => {
                assert!(text.len() > MAX_MESSAGE_BYTES);
                too_large += 1;
            }
            Err(err) => {
                assert_eq!(err.code, Refusal::BadMessage, "{text:?}: {err}");
                assert!(!err.message.is_empty());
                refused += 1;
            }
        }
    }
    println!(
        "fuzzed parse_client_message with {INPUTS} inputs in {:.2} s: {read} read, {refused} bad-message, {too_large} too-large",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(read + refused + too_large, INPUTS);
    assert!(
        read > 1000 && refused > 100_000 && too_large > 100,
        "the mutations reach every outcome"
    );
}
