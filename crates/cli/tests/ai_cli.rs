//! The engine's commands: `selfplay` and `bench`.

mod common;

use common::{boomchess, stdout};

#[test]
fn selfplay_plays_short_games_and_prints_a_summary() {
    let args = [
        "selfplay",
        "--variant",
        "beirut",
        "--white-level",
        "2",
        "--black-level",
        "1",
        "--games",
        "2",
        "--seed",
        "5",
        "--nodes",
        "1000",
        "--max-plies",
        "16",
    ];
    let out = boomchess(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{text}");
    assert!(
        games[0].contains("white A (level 2)") && games[1].contains("white B (level 1)"),
        "{text}"
    );
    assert!(text.contains("engine A (level 2): ") && text.contains("engine B (level 1): "));
    let last = text.lines().last().unwrap_or_default();
    let counts: Vec<u32> = last
        .strip_prefix("wins/draws/losses ")
        .expect("summary line")
        .split('/')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<u32>(), 2);
    // Same seed, same games.
    assert_eq!(stdout(&boomchess(&args)), text);
}

#[test]
fn selfplay_in_every_variant_and_with_options() {
    for (variant, option) in [
        ("stratomic", None),
        ("flying-bombers", Some("super-knights")),
        ("beirut", Some("carriers=3")),
    ] {
        let mut args = vec![
            "selfplay",
            "--variant",
            variant,
            "--white-level",
            "1",
            "--black-level",
            "1",
            "--games",
            "1",
            "--nodes",
            "1000",
            "--max-plies",
            "6",
        ];
        if let Some(o) = option {
            args.extend(["--option", o]);
        }
        let out = boomchess(&args);
        assert!(
            out.status.success(),
            "{variant}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout(&out).contains("6 plies"), "{}", stdout(&out));
    }
}

#[test]
fn selfplay_openings_vary_the_games_of_deterministic_levels() {
    let run = |opening: &str| {
        let out = boomchess(&[
            "selfplay",
            "--variant",
            "flying-bombers",
            "--white-level",
            "6",
            "--black-level",
            "6",
            "--games",
            "4",
            "--nodes",
            "30000",
            "--max-plies",
            "12",
            "--opening-plies",
            opening,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout(&out)
    };
    let text = run("0");
    assert!(text.contains("opening 0 plies"), "{text}");
    // Level 6 has no noise: without an opening, each colour's games are one game repeated.
    assert!(
        text.contains("distinct games: 2 of 4 (some were the same game again"),
        "{text}"
    );
    assert!(
        text.lines()
            .filter(|l| l.starts_with("game "))
            .all(|l| !l.contains(", opening ")),
        "{text}"
    );
    let text = run("4");
    assert!(text.contains("distinct games: 4 of 4\n"), "{text}");
    let openings: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| {
            l.split(", opening ")
                .nth(1)
                .expect("the opening is printed")
        })
        .collect();
    assert_eq!(openings.len(), 4);
    assert!(
        openings.iter().all(|o| o.split(' ').count() == 4),
        "{openings:?}"
    );
    // Each pair of games shares its opening; the pairs differ.
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_ne!(openings[0], openings[2]);
}

#[test]
fn selfplay_refuses_bad_levels_and_missing_arguments() {
    for args in [
        &[
            "selfplay",
            "--white-level",
            "9",
            "--black-level",
            "1",
            "--games",
            "1",
        ][..],
        &["selfplay", "--white-level", "1", "--black-level", "1"][..],
        &[
            "selfplay",
            "--white-level",
            "x",
            "--black-level",
            "1",
            "--games",
            "1",
        ][..],
        &[
            "selfplay",
            "--variant",
            "chess",
            "--white-level",
            "1",
            "--black-level",
            "1",
            "--games",
            "1",
        ][..],
        &["bench", "--depth", "0"][..],
        &["bench", "--variant", "go"][..],
        &["bench", "--position", "0"][..],
        &["bench", "--variant", "stratomic", "--position", "4"][..],
        &["bench", "--position", "first"][..],
    ] {
        let out = boomchess(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).lines().count(),
            1,
            "{args:?}"
        );
    }
}

#[test]
fn bench_prints_nodes_per_second() {
    let out = boomchess(&["bench", "--variant", "stratomic", "--depth", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert_eq!(
        text.lines().count(),
        4,
        "three positions and the total: {text}"
    );
    assert!(text.lines().all(|l| l.contains("nodes/s")), "{text}");
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("total "), "{last}");
    let nodes: u64 = last.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(nodes > 0);
}

#[test]
fn bench_searches_one_position_alone_when_asked() {
    let all = stdout(&boomchess(&[
        "bench",
        "--variant",
        "beirut",
        "--depth",
        "3",
    ]));
    let second = all.lines().nth(1).unwrap();
    let out = boomchess(&[
        "bench",
        "--variant",
        "beirut",
        "--depth",
        "3",
        "--position",
        "2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "the position and the total: {text}");
    assert!(
        lines[0].starts_with("beirut position 2 (depth 3): "),
        "{text}"
    );
    // The same search as the second of the three: the same tree, so the same node count.
    let nodes = |line: &str| {
        line.split(": ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(nodes(lines[0]), nodes(second), "{text} against {all}");
    assert!(
        lines[1].starts_with(&format!("total {} nodes", nodes(lines[0]))),
        "{text}"
    );
}
