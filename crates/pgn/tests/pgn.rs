//! Game records in PGN (docs/rules.md §5c): export, import, the Carriers tag,
//! the Dead Man's Switch mark `_`, secret carriers and the public replay, and
//! refused records. Every expected text is written by hand from the rules and
//! the PGN standard (tag pairs, movetext, comments, variations, results),
//! never copied from the program's output.

// The rules crate's test helpers, shared rather than copied.
#[path = "../../rules/tests/common/mod.rs"]
mod common;

use boomchess_pgn::{Pgn, PgnError, PgnResult, PgnTags, Reveal, ToPgn, PGN_LINE_WIDTH};
use boomchess_rules::{
    Color, Game, MoveError, Options, Outcome, Phase, Reason, Variant, VariantPosition, SWITCH_MARK,
};
use common::*;

/// The seven-tag roster with every value unknown and the given result.
fn roster(result: &str) -> String {
    format!(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n"
    )
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for text in moves {
        let fen = game.position().fen();
        let m = game
            .position()
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in '{fen}': {e}"));
        game.play(m)
            .unwrap_or_else(|e| panic!("{text} in '{fen}': {e}"));
    }
}

fn parse(text: &str) -> Pgn {
    Pgn::parse(text).unwrap_or_else(|e| panic!("refused: {e}\n{text}"))
}

fn rebuild(text: &str) -> Game {
    parse(text)
        .game()
        .unwrap_or_else(|e| panic!("not replayed: {e}\n{text}"))
}

/// The wiki-book game (§1.11): White's carrier the knight g1, Black's the pawn h7.
fn wiki_game() -> Game {
    let mut g = Game::new(Variant::Beirut, Options::default());
    g.choose_carriers(&["g1"]).unwrap();
    g.choose_carriers(&["h7"]).unwrap();
    play_all(
        &mut g,
        &[
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "Nxe5", "Qd4", "Boom@e5",
        ],
    );
    g
}

const WIKI_MOVES: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Boom@e5";
/// §1.11: the position after 6.Boom@e5, as the referee knows it.
const WIKI_AFTER: &str = "r1b1kbnr/1pp2ppp*/p1p5/8/8/8/PPPP1PPP/RNBQK2R b KQkq - 0 6";

// ----- Export ----------------------------------------------------------------------------

// §5c.1: the roster, then Variant; no Options, no FEN from the usual start; §5c.2 numbered
// moves ending in `*`.
#[test]
fn export_of_a_game_in_progress() {
    let mut g = Game::new(Variant::Stratomic, Options::default());
    // Stratomic pawns start on rank 3 (White) and 8 (Black): e3-e5 and f8-f6 are double steps.
    play_all(&mut g, &["e5", "f6"]);
    let expected = format!("{}[Variant \"stratomic\"]\n\n1. e5 f6 *\n", roster("*"));
    assert_eq!(g.to_pgn(&PgnTags::default(), Reveal::WhenOver), expected);
}

// §5c.1: the caller's roster, escapes in values, further tags after the game's own, and tags the
// game writes itself cannot be given twice.
#[test]
fn export_tags_escaped_and_in_order() {
    let g = Game::new(
        Variant::FlyingBombers,
        opts(Variant::FlyingBombers, &["super-knights"]),
    );
    let tags = PgnTags {
        event: r#"Club "Open" \ 2024"#.into(),
        site: "Zürich".into(),
        date: "2024.05.01".into(),
        round: "3".into(),
        white: "Daniel, Charles".into(),
        black: "".into(),
        extra: vec![
            ("Annotator".into(), "line\nbreak".into()),
            ("Result".into(), "1-0".into()),
            ("Bad Name".into(), "x".into()),
            ("FEN".into(), "8/8/8/8/8/8/8/8 w - - 0 1".into()),
        ],
    };
    let expected = "[Event \"Club \\\"Open\\\" \\\\ 2024\"]\n\
                    [Site \"Zürich\"]\n\
                    [Date \"2024.05.01\"]\n\
                    [Round \"3\"]\n\
                    [White \"Daniel, Charles\"]\n\
                    [Black \"?\"]\n\
                    [Result \"*\"]\n\
                    [Variant \"flying-bombers\"]\n\
                    [Options \"super-knights\"]\n\
                    [Annotator \"line break\"]\n\
                    \n\
                    *\n";
    assert_eq!(g.to_pgn(&tags, Reveal::Always), expected);
    // Read back: the values come back unescaped (the line break was made a space).
    let record = parse(expected);
    assert_eq!(record.tag("Event"), Some(r#"Club "Open" \ 2024"#));
    assert_eq!(record.tag("Annotator"), Some("line break"));
    let back = record.headers();
    assert_eq!(back.event, tags.event);
    assert_eq!(back.black, "?");
    assert_eq!(
        back.extra,
        [("Annotator".to_string(), "line break".to_string())]
    );
    assert!(record.options.super_knights);
}

// §5c.1: carriers only once public. The wiki-book game in progress has no Carriers tag; with
// Reveal::Always it names g1 and h7. No FEN tag: the game began at Beirut's start.
#[test]
fn export_of_the_wiki_book_boom_game() {
    let g = wiki_game();
    let secret = format!("{}[Variant \"beirut\"]\n\n{WIKI_MOVES} *\n", roster("*"));
    assert_eq!(g.to_pgn(&PgnTags::default(), Reveal::WhenOver), secret);
    let public = format!(
        "{}[Variant \"beirut\"]\n[Carriers \"white g1; black h7\"]\n\n{WIKI_MOVES} *\n",
        roster("*")
    );
    assert_eq!(g.to_pgn(&PgnTags::default(), Reveal::Always), public);
}

// §1.11 "explosion beats check": a finished game shows its carriers even with WhenOver; the FEN
// tag has no `*`; the result is 1-0 (`#` for the destroyed king).
#[test]
fn export_of_a_finished_game_reveals_the_carriers() {
    let mut g = game(Variant::Beirut, &[], "4k2r/3N*4/8/8/8/8/8/7K w - - 0 1");
    play_all(&mut g, &["@d7"]);
    let expected = format!(
        "{}[Variant \"beirut\"]\n[SetUp \"1\"]\n[FEN \"4k2r/3N4/8/8/8/8/8/7K w - - 0 1\"]\n\
         [Carriers \"white d7; black -\"]\n\n1. Boom@d7# 1-0\n",
        roster("1-0")
    );
    assert_eq!(g.to_pgn(&PgnTags::default(), Reveal::WhenOver), expected);
}

// §5c.1: Options lists the words of §5b joined by commas; the Carriers tag lists squares from a1
// along each rank upwards (g1 before b2, h7 before b8).
#[test]
fn export_options_and_several_carriers() {
    let mut g = Game::new(
        Variant::Beirut,
        opts(Variant::Beirut, &["carriers=2", "dead-mans-switch"]),
    );
    g.choose_carriers(&["b2", "g1"]).unwrap();
    g.choose_carriers(&["b8", "h7"]).unwrap();
    let text = g.to_pgn(&PgnTags::default(), Reveal::Always);
    assert!(
        text.contains("[Variant \"beirut\"]\n[Options \"carriers=2,dead-mans-switch\"]\n[Carriers \"white g1, b2; black h7, b8\"]\n\n*\n"),
        "{text}"
    );
}

// §5c.2: a record that starts with Black to move begins `N...`.
#[test]
fn export_starting_with_black() {
    let mut g = game(
        Variant::Beirut,
        &[],
        "r1b1kbnr/1pp2ppp*/p1p5/4N*3/3qP3/8/PPPP1PPP/RNBQK2R b KQkq - 1 5",
    );
    play_all(&mut g, &["Qd5", "Boom@e5"]);
    let text = g.to_pgn(&PgnTags::default(), Reveal::WhenOver);
    assert!(
        text.ends_with(
            "[FEN \"r1b1kbnr/1pp2ppp/p1p5/4N3/3qP3/8/PPPP1PPP/RNBQK2R b KQkq - 1 5\"]\n\n\
             5... Qd5 6. Boom@e5 *\n"
        ),
        "{text}"
    );
}

// §5c.2: lines of at most 79 characters, broken between moves, a number kept with its move, and
// no line that could have taken the next move.
#[test]
fn movetext_is_wrapped_at_80_columns() {
    for variant in Variant::ALL {
        let g = random_game(variant, Options::default(), 7, 150);
        let text = g.to_pgn(&PgnTags::default(), Reveal::Always);
        let movetext = text
            .split("\n\n")
            .nth(1)
            .expect("a blank line before the moves");
        let lines: Vec<&str> = movetext.lines().collect();
        assert!(lines.len() > 3, "a long game: {movetext}");
        for (i, line) in lines.iter().enumerate() {
            assert!(line.len() <= PGN_LINE_WIDTH, "{} chars: {line}", line.len());
            assert!(!line.starts_with(' ') && !line.ends_with(' '), "'{line}'");
            assert!(!line.ends_with('.'), "a number left alone: '{line}'");
            if let Some(next) = lines.get(i + 1) {
                let words: Vec<&str> = next.split(' ').collect();
                let unit = if words[0].ends_with('.') {
                    format!("{} {}", words[0], words[1])
                } else {
                    words[0].to_string()
                };
                assert!(
                    line.len() + 1 + unit.len() > PGN_LINE_WIDTH,
                    "'{unit}' would fit after '{line}'"
                );
            }
        }
        // The lines joined again are the numbered SAN list.
        let joined = lines.join(" ");
        let words: Vec<&str> = joined.split(' ').filter(|w| !w.ends_with('.')).collect();
        let mut sans = g.san_moves();
        sans.push(PgnResult::from_outcome(g.outcome()).as_str().to_string());
        assert_eq!(words, sans);
        assert_eq!(PGN_LINE_WIDTH, 79);
    }
}

// ----- The Dead Man's Switch mark ---------------------------------------------------------

// §5c.2: a capture that sets off a blast carries `_` before `+`/`#`, in the move list and the
// record; the same capture without the option, or of a man without a bomb, has no mark.
#[test]
fn the_switch_mark_in_the_move_list() {
    assert_eq!(SWITCH_MARK, '_');
    // §5.2's example: the queen takes the carrier next to the king e6, whose blast kills it.
    let mut g = game(
        Variant::Beirut,
        &["dead-mans-switch"],
        "8/8/4k3/3n*4/8/8/8/K2Q4 w - - 0 1",
    );
    play_all(&mut g, &["d1d5"]);
    assert_eq!(g.san_moves(), ["Qxd5_#"]);
    let expected = format!(
        "{}[Variant \"beirut\"]\n[Options \"dead-mans-switch\"]\n[SetUp \"1\"]\n\
         [FEN \"8/8/4k3/3n4/8/8/8/K2Q4 w - - 0 1\"]\n[Carriers \"white -; black d5\"]\n\n\
         1. Qxd5_# 1-0\n",
        roster("1-0")
    );
    assert_eq!(g.to_pgn(&PgnTags::default(), Reveal::WhenOver), expected);
    // §1.11's en passant: exd6 takes the carrier d5.
    let fen = "4k3/2p5/8/3p*P3/2N5/8/8/4K3 w - d6 0 2";
    let mut g = game(Variant::Beirut, &["dead-mans-switch"], fen);
    play_all(&mut g, &["e5d6"]);
    assert_eq!(g.san_moves(), ["exd6_"]);
    let mut quiet = game(Variant::Beirut, &[], fen);
    play_all(&mut quiet, &["e5d6"]);
    assert_eq!(quiet.san_moves(), ["exd6"]);
    // The blast removes both knights and opens the e-file: check, written after the mark.
    let mut g = game(
        Variant::Beirut,
        &["dead-mans-switch"],
        "4k3/8/8/8/4n*3/8/3N4/4R1K1 w - - 0 1",
    );
    play_all(&mut g, &["d2e4"]);
    assert_eq!(g.san_moves(), ["Nxe4_+"]);
    // A man without a bomb: no blast, no mark (Black's carrier is the e4 knight, not d5).
    let mut g = game(
        Variant::Beirut,
        &["dead-mans-switch"],
        "4k3/8/8/3p4/4n*3/2N5/8/4R1K1 w - - 0 1",
    );
    play_all(&mut g, &["c3d5"]);
    assert_eq!(g.san_moves(), ["Nxd5"]);
}

// §5.2 "Reading SAN": the mark is optional; it may stand once, among the endings.
#[test]
fn san_with_and_without_the_mark() {
    let pos = dms("8/8/4k3/3n*4/8/8/8/K2Q4 w - - 0 1");
    let m = pos.parse_uci("d1d5").unwrap();
    for text in [
        "Qxd5_#", "Qxd5_", "Qxd5", "Qxd5#", "Qd5_", "Qd1d5_#", "Qxd5_!",
    ] {
        assert_eq!(pos.parse_san(text), Ok(m), "{text}");
        assert_eq!(pos.parse_move(text), Ok(m), "{text}");
    }
    for text in ["Q_xd5", "Qxd5__", "_Qxd5", "Qx_d5#"] {
        assert!(
            matches!(pos.parse_san(text), Err(MoveError::Malformed { .. })),
            "{text}"
        );
    }
    // The SAN of the move in the position has no mark; the record's has.
    assert_eq!(pos.move_to_san(m), "Qxd5#");
    assert_eq!(pos.move_to_record_san(m), "Qxd5_#");
}

// §5c.3: the mark must agree with the carriers when the record names them.
#[test]
fn a_wrong_or_missing_mark_is_refused() {
    let head = "[Variant \"beirut\"]\n[Options \"dead-mans-switch\"]\n[SetUp \"1\"]\n\
                [FEN \"4k3/2p5/8/3pP3/2N5/8/8/4K3 w - d6 0 2\"]\n";
    // d5 carries the bomb: exd6 without the mark is refused.
    let record = parse(&format!(
        "{head}[Carriers \"white -; black d5\"]\n\n2. exd6 *"
    ));
    match record.game() {
        Err(PgnError::BadMove {
            number,
            text,
            error: MoveError::Illegal { why, .. },
        }) => {
            assert_eq!((number.as_str(), text.as_str()), ("2.", "exd6"));
            assert!(why.contains('_'), "{why}");
        }
        other => panic!("{other:?}"),
    }
    // c7 carries it, not d5: exd6_ is refused.
    let record = parse(&format!(
        "{head}[Carriers \"white -; black c7\"]\n\n2. exd6_ *"
    ));
    let err = record.game().unwrap_err();
    assert!(
        matches!(&err, PgnError::BadMove { number, .. } if number == "2."),
        "{err:?}"
    );
    assert!(err.to_string().contains("move 2. exd6_"), "{err}");
    // Marked correctly: the blast centred d5 takes the knight c4 and the pawn d6 (§1.11).
    let g = rebuild(&format!(
        "{head}[Carriers \"white -; black d5\"]\n\n2. exd6_ *"
    ));
    assert_eq!(g.position().fen(), "4k3/2p5/8/8/8/8/8/4K3 b - - 0 2");
}

// ----- Import ----------------------------------------------------------------------------

// §5c.3: comments, `;` and `%` lines, NAGs, nested variations, glued and spaced move numbers,
// annotation glyphs and check marks are all skipped or tolerated.
#[test]
fn import_skips_comments_nags_and_variations() {
    let text = "\u{feff}[Event \"Casual\"]\n\
                [Variant \"Beirut\"] ; the variant's name in any case\n\
                [Carriers \"black h7; white g1\"]\n\
                \n\
                % an escaped line 1. d4\n\
                {A comment\nover two lines (with a parenthesis} 1.e4 $1 e5 (1... c5 2. Nf3\n\
                (2. c3 {deep}) d6) 2. Nf3 ; Nf3 is the usual move\n\
                Nc6!? 3. Bb5 $14 a6 4. Bxc6 dxc6 5.Nxe5 5... Qd4 6. ... Boom@e5 {boom} *\n";
    let record = parse(text);
    assert_eq!(
        record.moves,
        ["e4", "e5", "Nf3", "Nc6!?", "Bb5", "a6", "Bxc6", "dxc6", "Nxe5", "Qd4", "Boom@e5"]
    );
    assert_eq!(record.variant, Variant::Beirut);
    assert_eq!(record.result, PgnResult::Unknown);
    assert_eq!(record.tag("Event"), Some("Casual"));
    assert_eq!(
        record.fen,
        "rnbqkbnr/pppppppp*/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1"
    );
    assert!(record.carriers_known());
    let g = record.game().unwrap();
    assert_eq!(g.position().fen(), WIKI_AFTER);
    assert_eq!(g.phase(), Phase::Play);
}

// Export → import → the same game, for each variant, from random legal games (Beirut with
// carriers public, and with both options).
#[test]
fn round_trips_for_every_variant() {
    let cases = [
        (Variant::Beirut, vec![]),
        (Variant::Beirut, vec!["carriers=3", "dead-mans-switch"]),
        (Variant::Stratomic, vec![]),
        (Variant::FlyingBombers, vec![]),
        (
            Variant::FlyingBombers,
            vec!["immediate-landing", "super-knights"],
        ),
    ];
    for (variant, words) in cases {
        for seed in 1..=6 {
            let g = random_game(variant, opts(variant, &words), seed, 90);
            let text = g.to_pgn(&PgnTags::default(), Reveal::Always);
            let record = parse(&text);
            assert_eq!(record.moves, g.san_moves(), "{text}");
            assert_eq!(record.result, PgnResult::from_outcome(g.outcome()));
            let back = record.game().unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.moves(), g.moves(), "{text}");
            assert_eq!(back.position(), g.position(), "{text}");
            assert_eq!(back.start_position(), g.start_position(), "{text}");
            assert_eq!(back.outcome(), g.outcome(), "{text}");
            assert_eq!(back.san_moves(), g.san_moves());
            // Written again, the record is the same text.
            assert_eq!(back.to_pgn(&record.headers(), Reveal::Always), text);
        }
    }
}

// The wiki-book game read back from a hand-written record: §1.11's position after the boom.
#[test]
fn a_beirut_boom_game_read_back() {
    let text = format!(
        "{}[Variant \"beirut\"]\n[Carriers \"white g1; black h7\"]\n\n{WIKI_MOVES} *\n",
        roster("*")
    );
    let g = rebuild(&text);
    assert_eq!(g.position().fen(), WIKI_AFTER);
    assert_eq!(g.san_moves(), wiki_game().san_moves());
    assert_eq!(g.view(Color::Black).fen(), WIKI_AFTER);
    assert_eq!(
        g.view(Color::White).fen(),
        "r1b1kbnr/1pp2ppp/p1p5/8/8/8/PPPP1PPP/RNBQK2R b KQkq - 0 6"
    );
}

// §2.5: launches `M@f6`, and `Md2@f7` / `Mh2@f7` when two missiles could; `M@f7` alone is
// ambiguous there.
#[test]
fn stratomic_launches() {
    let text = "[Variant \"stratomic\"]\n[SetUp \"1\"]\n\
                [FEN \"10/10/10/4p1rp2/3b1kB3/4NP4/10/10/2M7/K9 w - - 7 1 L\"]\n\n\
                1. M@f6 h6 *";
    let g = rebuild(text);
    // After the launch (§2.5) Black's h7 pawn steps to h6.
    assert_eq!(
        g.position().fen(),
        "10/10/10/10/3b1k1p2/10/10/10/10/K9 w - - 0 2 L"
    );
    assert_eq!(g.san_moves(), ["M@f6", "h6"]);
    let two =
        "[Variant \"stratomic\"]\n[FEN \"10/5k4/10/10/10/10/10/10/3M1K1M2/10 w - - 0 1 L\"]\n\n";
    let g = rebuild(&format!("{two}1. Md2@f7 *"));
    assert_eq!(g.moves().len(), 1);
    assert_eq!(
        g.position().fen(),
        "10/5k4/10/10/10/10/10/10/5K1M2/10 b - - 0 1 L"
    );
    let g = rebuild(&format!("{two}1. h2@f7 *"));
    assert_eq!(g.san_moves(), ["Mh2@f7"]);
    match parse(&format!("{two}1. M@f7 *")).game() {
        Err(PgnError::BadMove {
            number,
            text,
            error: MoveError::Ambiguous(_),
        }) => assert_eq!((number.as_str(), text.as_str()), ("1.", "M@f7")),
        other => panic!("{other:?}"),
    }
}

// §3.2 castlings written as king moves (`Kc1`, `Ki1`) and §3.1 bomber captures naming the
// landing square (`Fxa6`).
#[test]
fn flying_bombers_castlings_and_bomber_captures() {
    let text = "[Variant \"flying-bombers\"]\n[SetUp \"1\"]\n\
                [FEN \"5k4/10/10/10/10/n9/10/10/10/FR3K2RF w KQ - 0 1\"]\n\n\
                1. Kc1 Ke10 2. Fxa6 *";
    let g = rebuild(text);
    // Kc1: king f1-c1, rook b1-d1. Fxa6: the bomber a1 flies over the knight a5 and lands a6.
    assert_eq!(
        g.position().fen(),
        "4k5/10/10/10/F9/10/10/10/10/2KR4RF b - - 0 2"
    );
    let exported = g.to_pgn(&PgnTags::default(), Reveal::WhenOver);
    assert!(
        exported.ends_with("\n\n1. Kc1 Ke10 2. Fxa6 *\n"),
        "{exported}"
    );
    // All five castlings of §3.2, each read back from its SAN.
    let five = "5k4/10/10/10/10/10/10/10/10/FR3K2RF w KQ - 0 1";
    for (san, rank1) in [
        ("O-O", "FR4RK1F"),
        ("Ki1", "FR5RKF"),
        ("O-O-O", "F2KR3RF"),
        ("Kc1", "F1KR4RF"),
        ("Kb1", "FKR5RF"),
    ] {
        let g = rebuild(&format!(
            "[Variant \"flying-bombers\"]\n[FEN \"{five}\"]\n\n1. {san} *"
        ));
        assert_eq!(
            g.position().fen(),
            format!("5k4/10/10/10/10/10/10/10/10/{rank1} b - - 1 1"),
            "{san}"
        );
        assert_eq!(g.san_moves(), [san]);
    }
}

// §5c.3: a bare position text is a record without moves; its marks are its carriers.
#[test]
fn import_of_a_position_text() {
    let record = Pgn::import(
        " 7k/8/8/8/8/8/1P*3PPP/r5K1 w - - 0 1\n",
        Variant::Beirut,
        Options::default(),
    )
    .unwrap();
    assert!(record.moves.is_empty() && record.tags.is_empty());
    let g = record.game().unwrap();
    // §1.11 "a boom as the only way out".
    assert_eq!(moves(g.position()), ["@b2"]);
    // Without marks: a new game's setup.
    let record = Pgn::import(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        Variant::Beirut,
        Options::default(),
    )
    .unwrap();
    assert_eq!(record.game().unwrap().phase(), Phase::Setup(Color::White));
    // A 10×10 text for the 8×8 game is refused by §4.
    let err = Pgn::import(
        Variant::Stratomic.start_fen(),
        Variant::Beirut,
        Options::default(),
    )
    .unwrap_err();
    assert!(matches!(err, PgnError::Fen { .. }), "{err:?}");
    // A PGN goes to the PGN reader.
    let record = Pgn::import(
        "[Variant \"stratomic\"]\n\n1. e5 *",
        Variant::Beirut,
        Options::default(),
    )
    .unwrap();
    assert_eq!(record.variant, Variant::Stratomic);
    // A FEN tag with marks and no Carriers tag: the marks are the carriers.
    let g = rebuild(
        "[Variant \"beirut\"]\n[FEN \"4k2r/3N*4/8/8/8/8/8/7K w - - 0 1\"]\n\n1. Boom@d7# 1-0",
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: Reason::KingDestroyed
        })
    );
}

// ----- Secret carriers ---------------------------------------------------------------------

// §5c.4: a Beirut game in progress without its carriers cannot be refereed; before the first
// move no carrier matters and the game begins with the setup.
#[test]
fn secret_carriers_cannot_be_refereed() {
    let text = wiki_game().to_pgn(&PgnTags::default(), Reveal::WhenOver);
    let record = parse(&text);
    assert!(!record.carriers_known());
    let err = record.game().unwrap_err();
    assert_eq!(err, PgnError::CarriersSecret { moves: 11 });
    assert!(err.to_string().contains("secret"), "{err}");
    let mut fresh = Game::new(Variant::Beirut, Options::default());
    fresh.choose_carriers(&["g1"]).unwrap();
    fresh.choose_carriers(&["h7"]).unwrap();
    let record = parse(&fresh.to_pgn(&PgnTags::default(), Reveal::WhenOver));
    let g = record.game().unwrap();
    assert_eq!(g.phase(), Phase::Setup(Color::White));
    assert_eq!(g.carriers_to_choose(), 1);
}

// §5c.4: the public replay marks only the carriers the record showed: White's g1 knight boomed
// on e5; Black's h7 pawn never exploded and stays unknown.
#[test]
fn public_replay_of_the_wiki_book_game() {
    let record = parse(&wiki_game().to_pgn(&PgnTags::default(), Reveal::WhenOver));
    let replay = record.public_replay().unwrap();
    assert_eq!(
        replay.start.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN*R w KQkq - 0 1"
    );
    assert_eq!(replay.positions.len(), 11);
    assert_eq!(
        replay.positions[8].fen(),
        "r1bqkbnr/1pp2ppp/p1p5/4N*3/4P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5"
    );
    assert_eq!(
        replay.positions[10].fen(),
        "r1b1kbnr/1pp2ppp/p1p5/8/8/8/PPPP1PPP/RNBQK2R b KQkq - 0 6"
    );
}

// §5c.2/§5c.4: with the mark a Dead Man's Switch game in progress replays. Black's carrier d7
// is taken on d5 and explodes, removing the capturing pawn; White's carrier (a1) stays secret.
#[test]
fn public_replay_of_a_dead_mans_switch_game() {
    let mut g = Game::new(
        Variant::Beirut,
        opts(Variant::Beirut, &["dead-mans-switch"]),
    );
    g.choose_carriers(&["a1"]).unwrap();
    g.choose_carriers(&["d7"]).unwrap();
    play_all(&mut g, &["e4", "d5", "exd5", "Nf6", "Nf3"]);
    let text = g.to_pgn(&PgnTags::default(), Reveal::WhenOver);
    assert!(
        text.ends_with("[Options \"dead-mans-switch\"]\n\n1. e4 d5 2. exd5_ Nf6 3. Nf3 *\n"),
        "{text}"
    );
    let record = parse(&text);
    assert_eq!(
        record.game().unwrap_err(),
        PgnError::CarriersSecret { moves: 5 }
    );
    let replay = record.public_replay().unwrap();
    assert_eq!(
        replay.start.fen(),
        "rnbqkbnr/pppp*pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        replay.positions[2].fen(),
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
    assert_eq!(
        replay.positions[4].fen(),
        "rnbqkb1r/ppp1pppp/5n2/8/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3"
    );
    // Without the mark the same capture is an ordinary one: the pawn stays on d5.
    let unmarked = text.replace("exd5_", "exd5");
    let replay = parse(&unmarked).public_replay().unwrap();
    assert_eq!(
        replay.positions[2].fen(),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
    // With the carriers public the referee takes the game up again.
    let g2 = rebuild(&g.to_pgn(&PgnTags::default(), Reveal::Always));
    assert_eq!(g2.position(), g.position());
    assert_eq!(g2.phase(), Phase::Play);
}

// §5c.4: a carrier that moved is traced back to its start square; one that was promoted, or a
// king, cannot have boomed.
#[test]
fn public_replay_traces_carriers_back() {
    // The carrier pawn e2 goes e4, d5 (capturing) and booms there.
    let text = "[Variant \"beirut\"]\n\n1. e4 d5 2. exd5 Nf6 3. Boom@d5 *";
    let replay = parse(text).public_replay().unwrap();
    assert_eq!(
        replay.start.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPP*PPP/RNBQKBNR w KQkq - 0 1"
    );
    // The area c4–e6 holds only the pawn d5 (c6, e6 and the knight f6 are outside).
    assert_eq!(
        replay.positions[4].fen(),
        "rnbqkb1r/ppp1pppp/5n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // The rook h1 castles to f1, goes to e1 and booms there: it is traced back to h1. The area
    // d1–f2 takes the queen d1 and the pawns d2 and f2; the king g1 is just outside.
    let text = "[Variant \"beirut\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Be7 4. O-O Nf6 5. Re1 d6 \
                6. Boom@e1 *";
    let replay = parse(text)
        .public_replay()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        replay.start.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR* w KQkq - 0 1"
    );
    assert_eq!(
        replay.positions[10].fen(),
        "r1bqk2r/ppp1bppp/2np1n2/4p3/2B1P3/5N2/PPP3PP/RNB3K1 b kq - 0 6"
    );
    // A king cannot carry a bomb: `Boom@e1` is refused with its move number.
    let err = parse("[Variant \"beirut\"]\n\n1. Boom@e1 *")
        .public_replay()
        .unwrap_err();
    assert!(
        matches!(&err, PgnError::BadMove { number, text, .. } if number == "1." && text == "Boom@e1"),
        "{err:?}"
    );
    // A mark on a capture without Dead Man's Switch is refused.
    let err = parse("[Variant \"beirut\"]\n\n1. e4 d5 2. exd5_ *")
        .public_replay()
        .unwrap_err();
    assert!(
        matches!(&err, PgnError::BadMove { number, .. } if number == "2."),
        "{err:?}"
    );
}

// The public replay agrees with the referee on every board, and marks only real carriers, in
// random Beirut games with several carriers and Dead Man's Switch.
#[test]
fn public_replay_agrees_with_the_referee() {
    let bare = |p: &VariantPosition| p.view(Color::White).view(Color::Black);
    for seed in 1..=25 {
        let options = opts(Variant::Beirut, &["carriers=4", "dead-mans-switch"]);
        let g = random_game(Variant::Beirut, options, seed, 80);
        let text = g.to_pgn(&PgnTags::default(), Reveal::WhenOver);
        let replay = parse(&text)
            .public_replay()
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(replay.moves, g.moves());
        for color in Color::ALL {
            let known = replay.start.carriers(color);
            let real = g.start_position().carriers(color);
            assert!(known.iter().all(|s| real.contains(s)), "{text}");
        }
        for (ply, pos) in replay.positions.iter().enumerate() {
            let referee = g.position_at(ply + 1).unwrap();
            assert_eq!(bare(pos), bare(referee), "ply {ply}\n{text}");
        }
    }
}

// ----- Refused records ---------------------------------------------------------------------

/// A record, refused: the error and its message.
fn refused(text: &str) -> (PgnError, String) {
    let err = Pgn::parse(text).and_then(|r| r.game()).expect_err(text);
    let msg = err.to_string();
    (err, msg)
}

#[test]
fn malformed_records_are_refused_with_their_line() {
    let v = "[Variant \"beirut\"]\n";
    let cases: Vec<(String, usize, &str)> = vec![
        (format!("{v}\n1. e4 {{never closed\n"), 3, "never closed"),
        (format!("{v}\n1. e4 (1. d4 e5\n2. c4 *"), 3, "never closed"),
        (format!("{v}\n1. e4 ) *"), 3, "')'"),
        (format!("{v}\n1. e4 }} *"), 3, "'}'"),
        (format!("{v}\n1. e4 $ *"), 3, "'$'"),
        (
            format!("{v}\n1. e4 e5\n[Event \"x\"]\n*"),
            4,
            "tag after the moves",
        ),
        (format!("{v}\n1. e4 * 2. e5"), 3, "after the result"),
        (format!("{v}[Event \"open\n\"]\n"), 2, "not closed"),
        (format!("{v}[Event \"a\\nb\"]\n"), 2, "backslash"),
        (format!("{v}[Event open]\n"), 2, "double quotes"),
        (format!("{v}[ \"x\"]\n"), 2, "name"),
        (format!("{v}[Event \"x\" *\n"), 2, "']'"),
        (format!("{v}\"loose\"\n"), 2, "string outside"),
    ];
    for (text, line, words) in cases {
        match Pgn::parse(&text) {
            Err(e @ PgnError::Syntax { .. }) => {
                let PgnError::Syntax { line: at, .. } = e else {
                    unreachable!()
                };
                assert_eq!(at, line, "{text}: {e}");
                let msg = e.to_string();
                assert!(msg.contains(words), "'{msg}' should say '{words}'");
                assert!(msg.starts_with(&format!("line {line}:")), "{msg}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn records_with_bad_tags_are_refused() {
    assert_eq!(Pgn::parse("").unwrap_err(), PgnError::Empty);
    assert_eq!(
        Pgn::parse(" {only a comment}\n").unwrap_err(),
        PgnError::Empty
    );
    // §5c.3: no Variant tag — not taken for Beirut.
    let (err, msg) = refused("[Event \"x\"]\n\n1. e4 e5 *");
    assert_eq!(err, PgnError::NoVariant);
    assert!(msg.contains("Variant") && msg.contains("beirut"), "{msg}");
    assert_eq!(refused("1. e4 e5 *").0, PgnError::NoVariant);
    let (err, msg) = refused("[Event \"x\"]\n[Variant \"chess\"]\n");
    assert!(matches!(err, PgnError::Variant { line: 2, .. }), "{err:?}");
    assert!(msg.contains("chess"), "{msg}");
    let (err, _) = refused("[Variant \"beirut\"]\n[Options \"super-knights\"]\n");
    assert!(matches!(err, PgnError::Options { line: 2, .. }), "{err:?}");
    let (err, _) = refused("[Variant \"beirut\"]\n[Options \"carriers=16\"]\n");
    assert!(matches!(err, PgnError::Options { line: 2, .. }), "{err:?}");
    let (err, msg) =
        refused("[Variant \"beirut\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n");
    assert!(
        matches!(err, PgnError::Fen { line: Some(3), .. }),
        "{err:?}"
    );
    assert!(msg.starts_with("line 3: [FEN]"), "{msg}");
    let (err, _) = refused("[Variant \"beirut\"]\n[SetUp \"1\"]\n");
    assert!(
        matches!(err, PgnError::Tag { line: 2, ref name, .. } if name == "SetUp"),
        "{err:?}"
    );
    let (err, _) =
        refused("[Variant \"beirut\"]\n[SetUp \"0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n");
    assert!(matches!(err, PgnError::Tag { .. }), "{err:?}");
    let (err, _) = refused("[Variant \"beirut\"]\n[Result \"2-0\"]\n");
    assert!(
        matches!(err, PgnError::Tag { line: 2, ref name, .. } if name == "Result"),
        "{err:?}"
    );
    let (err, msg) = refused("[Variant \"beirut\"]\n[Variant \"beirut\"]\n");
    assert!(
        matches!(err, PgnError::DuplicateTag { line: 2, .. }),
        "{err:?}"
    );
    assert!(msg.contains("second time"), "{msg}");
    // The Result tag and the movetext's result must agree.
    let (err, msg) = refused("[Variant \"stratomic\"]\n[Result \"1-0\"]\n\n1. e5\n0-1");
    assert_eq!(
        err,
        PgnError::ResultConflict {
            line: 5,
            tag: PgnResult::WhiteWins,
            movetext: PgnResult::BlackWins
        }
    );
    assert!(msg.contains("1-0") && msg.contains("0-1"), "{msg}");
}

#[test]
fn bad_carriers_tags_are_refused() {
    let bad = [
        ("[Variant \"stratomic\"]\n[Carriers \"white -; black -\"]\n", "only Beirut"),
        ("[Variant \"beirut\"]\n[Carriers \"white g1\"]\n", "black's carriers are missing"),
        ("[Variant \"beirut\"]\n[Carriers \"white g1; white b1\"]\n", "twice"),
        ("[Variant \"beirut\"]\n[Carriers \"white e7; black e2\"]\n", "e7"),
        ("[Variant \"beirut\"]\n[Carriers \"white e1; black e2\"]\n", "king"),
        ("[Variant \"beirut\"]\n[Carriers \"white z9; black e7\"]\n", "z9"),
        ("[Variant \"beirut\"]\n[Carriers \"g1, h7\"]\n", "white"),
        (
            "[Variant \"beirut\"]\n[FEN \"4k2r/3N*4/8/8/8/8/8/7K w - - 0 1\"]\n[Carriers \"white -; black h8\"]\n",
            "differ",
        ),
    ];
    for (text, words) in bad {
        let (err, msg) = refused(text);
        assert!(matches!(err, PgnError::Carriers { .. }), "{text}: {err:?}");
        assert!(msg.contains(words), "'{msg}' should say '{words}'");
    }
}

#[test]
fn bad_moves_are_reported_with_number_and_text() {
    let head = "[Variant \"beirut\"]\n[Carriers \"white b1; black b8\"]\n\n";
    // 2. Ke3: the king e1 cannot reach e3.
    let (err, msg) = refused(&format!("{head}1. e4 e5 2. Ke3 Nc6 *"));
    assert!(
        matches!(&err, PgnError::BadMove { number, text, error: MoveError::Illegal { .. } }
            if number == "2." && text == "Ke3"),
        "{err:?}"
    );
    assert!(msg.starts_with("move 2. Ke3:"), "{msg}");
    // Black's second move.
    let (err, _) = refused(&format!("{head}1. e4 e5 2. Nf3 Qxe4+ *"));
    assert!(
        matches!(&err, PgnError::BadMove { number, text, .. } if number == "2..." && text == "Qxe4+"),
        "{err:?}"
    );
    // Gibberish is malformed.
    let (err, _) = refused(&format!("{head}1. e4 <e5> *"));
    assert!(
        matches!(
            &err,
            PgnError::BadMove {
                error: MoveError::Malformed { .. },
                ..
            }
        ),
        "{err:?}"
    );
    // A move after the mate.
    let (err, _) = refused(&format!("{head}1. f3 e5 2. g4 Qh4# 3. a3 0-1"));
    assert!(
        matches!(&err, PgnError::BadMove { number, .. } if number == "3."),
        "{err:?}"
    );
    // Fool's mate is Black's win: a record giving 1-0 contradicts it; `*` does not.
    let (err, msg) = refused(&format!("{head}1. f3 e5 2. g4 Qh4# 1-0"));
    assert_eq!(
        err,
        PgnError::ResultMismatch {
            record: PgnResult::WhiteWins,
            outcome: Outcome::Decisive {
                winner: Color::Black,
                reason: Reason::Checkmate
            }
        }
    );
    assert!(msg.contains("1-0"), "{msg}");
    assert!(rebuild(&format!("{head}1. f3 e5 2. g4 Qh4# *"))
        .outcome()
        .is_some());
    // A resignation: the rules did not end the game, the record says 0-1.
    let g = rebuild(&format!("{head}1. f3 e5 0-1"));
    assert_eq!(g.phase(), Phase::Play);
}

// No record, however broken, makes the reader, the referee or the public replay panic.
#[test]
fn mutated_records_never_panic() {
    let seeds = [
        wiki_game().to_pgn(&PgnTags::default(), Reveal::Always),
        wiki_game().to_pgn(&PgnTags::default(), Reveal::WhenOver),
        random_game(Variant::FlyingBombers, Options::default(), 3, 40)
            .to_pgn(&PgnTags::default(), Reveal::Always),
        random_game(Variant::Stratomic, Options::default(), 4, 40)
            .to_pgn(&PgnTags::default(), Reveal::Always),
        "[Variant \"beirut\"]\n[Options \"dead-mans-switch\"]\n[FEN \"4k3/2p5/8/3p*P3/2N5/8/8/4K3 w - d6 0 2\"]\n\n\
         {c} 2. exd5_ (2. Nb6 $3 {x}) ; end\n*"
            .to_string(),
    ];
    let pieces = [
        "[",
        "]",
        "\"",
        "\\",
        "{",
        "}",
        "(",
        ")",
        ";",
        "$",
        "*",
        "%",
        "\n",
        " ",
        ".",
        "_",
        "@",
        "1-0",
        "Boom@",
        "M@",
        "x",
        "#",
        "é",
        "½",
        "0",
        "9",
        "e4",
        "O-O",
        "[Carriers \"",
        "…",
    ];
    let mut rng = Rng::new(0xB00C);
    for round in 0..3000 {
        let mut text: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..=rng.below(4) {
            let at = rng.below(text.len() + 1);
            match rng.below(4) {
                0 if at < text.len() => {
                    text.remove(at);
                }
                1 => {
                    let piece: Vec<char> = rng.pick(&pieces).chars().collect();
                    text.splice(at..at, piece);
                }
                2 if at < text.len() => {
                    let end = (at + rng.below(12)).min(text.len());
                    text.drain(at..end);
                }
                _ => {
                    let from = rng.below(text.len());
                    let end = (from + rng.below(20)).min(text.len());
                    let copy: Vec<char> = text[from..end].to_vec();
                    text.splice(at..at, copy);
                }
            }
        }
        let text: String = text.into_iter().collect();
        match Pgn::parse(&text) {
            Ok(record) => {
                if let Ok(g) = record.game() {
                    // What was read back writes out and reads back again.
                    let again = g.to_pgn(&record.headers(), Reveal::Always);
                    assert!(Pgn::parse(&again).is_ok(), "{again}");
                }
                let _ = record.public_replay();
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        let _ = Pgn::import(&text, Variant::Beirut, Options::default());
    }
}

// ----- Helpers ---------------------------------------------------------------------------

/// A game of random legal moves (booms and launches included), with random carriers in
/// Beirut, stopping at the end or after `plies` moves.
fn random_game(variant: Variant, options: Options, seed: u64, plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut g = Game::new(variant, options);
    while let Phase::Setup(color) = g.phase() {
        let mut men: Vec<String> = g
            .start_position()
            .board_size()
            .squares()
            .filter(|&s| {
                g.start_position()
                    .piece_at(s)
                    .is_some_and(|p| p.color == color && p.role != boomchess_rules::Role::King)
            })
            .map(|s| g.start_position().square_name(s))
            .collect();
        let mut chosen = Vec::new();
        for _ in 0..g.carriers_to_choose() {
            chosen.push(men.remove(rng.below(men.len())));
        }
        g.choose_carriers(&chosen).unwrap();
    }
    for _ in 0..plies {
        let list = g.legal_moves();
        if list.is_empty() {
            break;
        }
        // Explosions now and then, but not so often that every game ends at once.
        let booms: Vec<_> = list.iter().copied().filter(|m| m.is_explosion()).collect();
        let m = if !booms.is_empty() && rng.below(12) == 0 {
            *rng.pick(&booms)
        } else {
            let quiet: Vec<_> = list.iter().copied().filter(|m| !m.is_explosion()).collect();
            if quiet.is_empty() {
                *rng.pick(&list)
            } else {
                *rng.pick(&quiet)
            }
        };
        g.play(m).unwrap();
    }
    g
}
