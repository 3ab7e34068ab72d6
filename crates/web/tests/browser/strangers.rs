//! Text from strangers (issue 9): saved games, share links, embed attributes and move text,
//! mutated from real games with a fixed budget and seed. Nothing may panic (a panic aborts the
//! wasm test), every refusal must say something, an accepted game must be a valid position, and a
//! refused move must leave the game as it was.

use boomchess_ai::Rng;
use boomchess_rules::{Variant, VariantPosition};
use boomchess_web::embed::{self, Spec};
use boomchess_web::save::{self, Record};
use boomchess_web::{share, Game};
use wasm_bindgen_test::*;

/// Mutated inputs per target.
const BUDGET: usize = 1_500;

/// A number in `0..n` from the seeded generator (the same inputs on every run).
fn below(rng: &mut Rng, n: usize) -> usize {
    rng.below(n as u64) as usize
}

/// Characters that matter to the parsers, and some that should never appear.
const ALPHABET: &[char] = &[
    'a', 'e', 'h', 'j', 'k', '0', '1', '8', '9', 'K', 'Q', 'R', 'B', 'N', 'P', 'M', 'F', 'L', 'q',
    'n', 'p', 'm', 'f', '*', '/', '-', '@', '=', ' ', ',', '.', 'x', '+', '#', '"', '{', '}', '[',
    ']', ':', 'é', '☃', '\0', '\n',
];

/// One to four random edits of `text`: replace, insert, delete, truncate, repeat a slice.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=below(rng, 4) {
        let at = below(rng, chars.len() + 1);
        match below(rng, 5) {
            0 if at < chars.len() => chars[at] = ALPHABET[below(rng, ALPHABET.len())],
            1 => chars.insert(at, ALPHABET[below(rng, ALPHABET.len())]),
            2 if at < chars.len() => {
                chars.remove(at);
            }
            3 => chars.truncate(at),
            _ => {
                let end = (at + below(rng, 8)).min(chars.len());
                let slice: Vec<char> = chars[at..end].to_vec();
                for (i, c) in slice.into_iter().enumerate() {
                    chars.insert(end + i, c);
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// Real games to mutate: each variant (Beirut with carriers, ending in a boom) after a few
/// seeded random moves.
fn real_games(rng: &mut Rng) -> Vec<Game> {
    let starts = [
        (
            Variant::Beirut,
            "r*nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1",
        ),
        (Variant::Stratomic, ""),
        (Variant::FlyingBombers, ""),
    ];
    starts
        .iter()
        .map(|&(variant, fen)| {
            let mut game = if fen.is_empty() {
                Game::new(variant)
            } else {
                Game::from_fen(variant, fen).expect("a valid start")
            }
            .without_curtain();
            for _ in 0..12 {
                let moves: Vec<String> = game.legal_moves().map(|m| game.move_text(m)).collect();
                if moves.is_empty() {
                    break;
                }
                let pick = moves[below(rng, moves.len())].clone();
                game.play(&pick).expect("a legal move plays");
            }
            game
        })
        .collect()
}

/// An accepted game must hold a position that reads back from its own text.
fn assert_valid(game: &Game, input: &str) {
    let position = game.referee().position();
    let text = position.fen();
    let again = VariantPosition::from_fen(game.variant(), game.options(), &text)
        .unwrap_or_else(|e| panic!("{input:?} gave a position that does not read back: {e}"));
    assert_eq!(again.fen(), text, "from {input:?}");
}

fn json_of(record: &Record) -> String {
    let value = serde_wasm_bindgen::to_value(record).expect("a record converts");
    js_sys::JSON::stringify(&value).expect("JSON").into()
}

/// A record with one field edited.
fn mutate_record(rng: &mut Rng, record: &Record) -> Record {
    let mut r = record.clone();
    match below(rng, 7) {
        0 => r.variant = mutate(rng, &r.variant),
        1 => r.options = mutate(rng, &r.options),
        2 => r.mode = mutate(rng, &r.mode),
        3 => r.human_side = mutate(rng, &r.human_side),
        4 => r.level = rng.next_u64() as u8,
        5 => r.fen = r.fen.as_deref().map(|f| mutate(rng, f)),
        _ if !r.moves.is_empty() => {
            let i = below(rng, r.moves.len());
            r.moves[i] = mutate(rng, &r.moves[i]);
        }
        _ => r.moves.push(mutate(rng, "e2e4")),
    }
    r
}

#[wasm_bindgen_test]
fn saved_games_edited_or_damaged_are_refused_with_a_message_or_restored_valid() {
    let mut rng = Rng::new(0x5A7E_0001);
    let records: Vec<Record> = real_games(&mut rng).iter().map(save::record).collect();
    let (mut restored, mut refused) = (0, 0);
    for i in 0..BUDGET {
        let record = &records[i % records.len()];
        // Half edit the record's fields (past the armour), half damage the stored text itself.
        let text = if i % 2 == 0 {
            save::encode(&mutate_record(&mut rng, record))
        } else {
            mutate(&mut rng, &save::encode(record))
        };
        match save::load(&text) {
            Ok(game) => {
                assert_valid(&game, &text);
                restored += 1;
            }
            Err(message) => {
                assert!(!message.trim().is_empty(), "a silent refusal of {text:?}");
                refused += 1;
            }
        }
    }
    assert!(
        restored > 0 && refused > 0,
        "{restored} restored, {refused} refused"
    );
}

#[wasm_bindgen_test]
fn share_links_edited_or_damaged_are_refused_with_a_message_or_open_valid() {
    let mut rng = Rng::new(0x5A7E_0002);
    let records: Vec<Record> = real_games(&mut rng).iter().map(save::record).collect();
    let (mut opened, mut refused) = (0, 0);
    for i in 0..BUDGET {
        let record = &records[i % records.len()];
        let link = if i % 2 == 0 {
            share::base64url(json_of(&mutate_record(&mut rng, record)).as_bytes())
        } else {
            mutate(&mut rng, &share::base64url(json_of(record).as_bytes()))
        };
        match share::decode(&link) {
            Ok(game) => {
                assert_valid(&game, &link);
                opened += 1;
            }
            Err(message) => {
                assert!(!message.trim().is_empty(), "a silent refusal of {link:?}");
                refused += 1;
            }
        }
    }
    assert!(
        opened > 0 && refused > 0,
        "{opened} opened, {refused} refused"
    );
}

#[wasm_bindgen_test]
fn embed_attributes_edited_are_refused_with_a_message_or_mount_valid() {
    let mut rng = Rng::new(0x5A7E_0003);
    let diagram = Spec {
        variant: "beirut".to_owned(),
        options: Some("dead-mans-switch".to_owned()),
        fen: Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1".to_owned()),
        moves: Some("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.Nxe5 Qd4".to_owned()),
        mode: Some("diagram".to_owned()),
        size: Some("320".to_owned()),
        orientation: Some("black".to_owned()),
        select: Some("e5".to_owned()),
        ..Spec::default()
    };
    let against_computer = Spec {
        variant: "flying-bombers".to_owned(),
        options: Some("super-knights".to_owned()),
        moves: Some("e2e4".to_owned()),
        mode: Some("ai".to_owned()),
        side: Some("black".to_owned()),
        level: Some("2".to_owned()),
        size: Some("400".to_owned()),
        ..Spec::default()
    };
    let goods = [diagram, against_computer];
    for good in &goods {
        if let Err(e) = embed::board(good) {
            panic!("the unedited attributes are refused: {e}");
        }
    }
    let (mut mounted, mut refused) = (0, 0);
    for i in 0..BUDGET {
        let mut spec = goods[i % 2].clone();
        let edit = |rng: &mut Rng, field: &mut Option<String>| {
            *field = Some(mutate(rng, field.as_deref().unwrap_or_default()));
        };
        match below(&mut rng, 10) {
            0 => spec.variant = mutate(&mut rng, &spec.variant),
            1 => edit(&mut rng, &mut spec.options),
            2 => edit(&mut rng, &mut spec.fen),
            3 => edit(&mut rng, &mut spec.moves),
            4 => edit(&mut rng, &mut spec.mode),
            5 => edit(&mut rng, &mut spec.side),
            6 => edit(&mut rng, &mut spec.level),
            7 => edit(&mut rng, &mut spec.size),
            8 => edit(&mut rng, &mut spec.orientation),
            _ => edit(&mut rng, &mut spec.select),
        }
        match embed::board(&spec) {
            Ok(board) => {
                assert_valid(&board.game, &format!("{spec:?}"));
                mounted += 1;
            }
            Err(message) => {
                assert!(!message.trim().is_empty(), "a silent refusal of {spec:?}");
                refused += 1;
            }
        }
    }
    assert!(
        mounted > 0 && refused > 0,
        "{mounted} mounted, {refused} refused"
    );
}

#[wasm_bindgen_test]
fn move_text_edited_is_refused_and_changes_nothing_or_plays_a_legal_move() {
    let mut rng = Rng::new(0x5A7E_0004);
    let mut games = real_games(&mut rng);
    let (mut played, mut refused) = (0, 0);
    for i in 0..BUDGET {
        let game = &mut games[i % 3];
        let legal: Vec<String> = game.legal_moves().map(|m| game.move_text(m)).collect();
        if legal.is_empty() {
            continue;
        }
        let original = legal[below(&mut rng, legal.len())].clone();
        let text = mutate(&mut rng, &original);
        let (fen, plies) = (game.referee().position().fen(), game.san_moves().len());
        match game.play(&text) {
            Ok(()) => {
                assert_eq!(
                    game.san_moves().len(),
                    plies + 1,
                    "{text:?} played one move"
                );
                assert_valid(game, &text);
                played += 1;
            }
            Err(message) => {
                assert!(!message.trim().is_empty(), "a silent refusal of {text:?}");
                assert_eq!(
                    game.referee().position().fen(),
                    fen,
                    "{text:?} changed the game"
                );
                assert_eq!(game.san_moves().len(), plies);
                refused += 1;
            }
        }
    }
    assert!(
        played > 0 && refused > 0,
        "{played} played, {refused} refused"
    );
}
