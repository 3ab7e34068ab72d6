//! Behaviour of the engine: tactics in every game, limits, determinism,
//! Beirut fairness (hidden carriers) and the beginner level's safety.

use boomchess_ai::{choose_carriers, Engine, Limits, Rng, Settings, Thought, MATE};
use boomchess_rules::{Color, Game, MoveKind, Options, Outcome, Reason, Variant, VariantPosition};
use std::cell::Cell;
use std::sync::atomic::AtomicBool;

fn pos(variant: Variant, fen: &str) -> VariantPosition {
    VariantPosition::from_fen(variant, Options::default(), fen).expect("valid test FEN")
}

fn think(p: &VariantPosition, settings: &Settings) -> Thought {
    Engine::new(8).think(p, &[], settings, &AtomicBool::new(false), &|| 0.0)
}

/// Best-move settings to `depth`, the position taken as complete.
fn exact(depth: u32) -> Settings {
    let mut s = Settings::strongest(Limits::depth(depth));
    s.enemy_carriers = Some(0);
    s
}

fn uci(p: &VariantPosition, t: &Thought) -> String {
    p.move_to_uci(t.best.expect("a move"))
}

#[test]
fn finds_mate_in_one() {
    let p = pos(Variant::Beirut, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let t = think(&p, &exact(3));
    assert_eq!(uci(&p, &t), "d1d8");
    assert_eq!(t.score, MATE - 1);
    assert_eq!(t.mate_in(), Some(1));
}

#[test]
fn finds_mate_in_two() {
    // Rook ladder: 1. Rb7 (not Ra8+?) Kg8 2. Ra8#; no mate in one exists.
    let p = pos(Variant::Beirut, "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
    let t = think(&p, &exact(5));
    assert_eq!(t.mate_in(), Some(2), "score {}", t.score);
    let mut after = p;
    after.play(t.best.unwrap()).unwrap();
    // Whatever Black replies, White mates at once.
    for reply in after.legal_moves() {
        let mut next = after;
        next.play(reply).unwrap();
        let mate = next.legal_moves().into_iter().any(|m| {
            let mut end = next;
            end.play(m).unwrap();
            end.outcome().and_then(Outcome::winner) == Some(Color::White)
        });
        assert!(mate, "no mate after {}", after.move_to_uci(reply));
    }
}

#[test]
fn takes_a_hanging_queen() {
    let p = pos(Variant::Beirut, "4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1");
    assert_eq!(uci(&p, &think(&p, &exact(3))), "e3d5");
    // Also at every level, without noise getting in the way.
    for level in 1..=8 {
        let mut s = Settings::fixed_nodes(level, 7);
        s.enemy_carriers = Some(0);
        s.limits.nodes = s.limits.nodes.map(|n| n.min(40_000));
        assert_eq!(uci(&p, &think(&p, &s)), "e3d5", "level {level}");
    }
}

#[test]
fn finds_the_winning_boom() {
    // White's carrier knight stands next to the black king: Boom wins at
    // once, although White does not know Black's carrier.
    let p = pos(Variant::Beirut, "4k3/3N*3p/8/8/8/8/3PPP2/4K3 w - - 0 1");
    let t = think(&p, &Settings::fixed_nodes(5, 1));
    assert_eq!(uci(&p, &t), "@d7");
    assert!(t.hypotheses > 0, "Black's carrier was unknown");
    let mut after = p;
    after.play(t.best.unwrap()).unwrap();
    assert_eq!(
        after.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: Reason::KingDestroyed
        })
    );
}

#[test]
fn finds_the_winning_launch() {
    // Black's queen and rook stand together: one launch removes both.
    let p = pos(
        Variant::Stratomic,
        "5k4/10/10/2qr6/10/10/10/10/M9/5K3R w - - 0 1 L",
    );
    let t = think(&p, &exact(3));
    let m = t.best.unwrap();
    assert_eq!(m.kind, MoveKind::Launch, "{}", p.move_to_uci(m));
    let removed = p.removed_by(m);
    let c7 = p.parse_square("c7").unwrap();
    let d7 = p.parse_square("d7").unwrap();
    assert!(
        removed.contains(&c7) && removed.contains(&d7),
        "{removed:?}"
    );
    // A rook up afterwards.
    assert!(t.score > 300, "score {}", t.score);
}

#[test]
fn no_launch_before_they_are_unlocked() {
    let p = pos(
        Variant::Stratomic,
        "5k4/10/10/2qr6/10/10/10/10/M9/5K4 w - - 0 1 -",
    );
    let t = think(&p, &exact(2));
    assert_ne!(t.best.unwrap().kind, MoveKind::Launch);
}

#[test]
fn finds_the_bomber_double_capture() {
    // The bomber on a1 leaps to a3: the rook there and the knight on a2.
    let p = pos(
        Variant::FlyingBombers,
        "5k4/10/10/10/10/10/10/r9/n9/F4K4 w - - 0 1",
    );
    let t = think(&p, &exact(3));
    let m = t.best.unwrap();
    assert_eq!(p.move_to_uci(m), "a1a3");
    assert_eq!(p.removed_by(m).len(), 2);
}

#[test]
fn keeps_its_king_away_from_men_that_may_carry_the_bomb() {
    // Black has three men; one of them carries the bomb, White does not
    // know which. Next to all three (d6) White is blown up in every
    // hypothesis; c6 and e6 touch two of them.
    let p = pos(Variant::Beirut, "k7/3K4/8/2ppp3/8/8/8/8 w - - 0 1");
    let t = think(&p, &Settings::fixed_nodes(6, 3));
    let to = p.move_to_uci(t.best.unwrap());
    assert!(t.hypotheses > 0);
    assert!(
        !["d7c6", "d7d6", "d7e6"].contains(&to.as_str()),
        "played {to}"
    );
    // Without bombs the same engine walks towards the pawns.
    let mut orthodox = Settings::fixed_nodes(6, 3);
    orthodox.enemy_carriers = Some(0);
    let t = think(&p, &orthodox);
    let to = p.move_to_uci(t.best.unwrap());
    assert!(
        ["d7c6", "d7d6", "d7e6"].contains(&to.as_str()),
        "orthodox played {to}"
    );
}

#[test]
fn decision_does_not_depend_on_the_hidden_enemy_carrier() {
    let start = VariantPosition::new(Variant::Beirut, Options::default());
    let sq = |n: &str| start.parse_square(n).unwrap();
    // (moves played, carrier of the side to move, candidate enemy carriers)
    let cases: [(&[&str], &str, [&str; 4]); 2] = [
        (
            &["e2e4", "e7e5", "g1f3", "b8c6"],
            "f3",
            ["c6", "e5", "d8", "h7"],
        ),
        (&["d2d4", "d7d5", "c1f4"], "c8", ["f4", "d4", "b1", "a2"]),
    ];
    for (moves, own, enemies) in cases {
        let mut first: Option<(String, u64, i32)> = None;
        for enemy in enemies {
            let mut referee = start;
            for m in moves {
                referee.play_uci(m).unwrap();
            }
            let me = referee.turn();
            referee.set_carriers(me, &[sq(own)]).unwrap();
            referee.set_carriers(!me, &[sq(enemy)]).unwrap();
            let view = referee.view(me);
            // The view really hides the enemy carrier and keeps ours.
            assert!(view.carriers(!me).is_empty());
            assert_eq!(view.carriers(me), vec![sq(own)]);
            assert_eq!(view.fen().matches('*').count(), 1);
            assert_eq!(referee.fen().matches('*').count(), 2);
            let t = Engine::new(4).think(
                &view,
                &[],
                &Settings::fixed_nodes(4, 11),
                &AtomicBool::new(false),
                &|| 0.0,
            );
            assert!(t.hypotheses > 0);
            let decision = (view.move_to_uci(t.best.unwrap()), t.nodes, t.score);
            match &first {
                None => first = Some(decision),
                Some(d) => assert_eq!(d, &decision, "enemy carrier on {enemy}"),
            }
        }
    }
}

#[test]
fn respects_node_and_depth_limits() {
    let p = VariantPosition::new(Variant::FlyingBombers, Options::default());
    let t = think(&p, &Settings::strongest(Limits::nodes(5_000)));
    assert!(t.nodes <= 5_000, "{} nodes", t.nodes);
    assert!(
        t.nodes >= 4_000,
        "{} nodes: the budget should be used",
        t.nodes
    );
    assert!(p.is_legal(t.best.unwrap()));
    let t = think(&p, &Settings::strongest(Limits::depth(2)));
    assert_eq!(t.depth, 2);
    // Even a budget of one node gives a legal move.
    let t = think(&p, &Settings::strongest(Limits::nodes(1)));
    assert!(p.is_legal(t.best.unwrap()) && t.nodes <= 1);
}

#[test]
fn stops_on_the_callers_clock_and_flag() {
    let p = VariantPosition::new(Variant::Stratomic, Options::default());
    let now = Cell::new(0.0);
    let clock = || {
        // Read every 1024 nodes: a millisecond per reading.
        now.set(now.get() + 1.0);
        now.get()
    };
    let settings = Settings::strongest(Limits {
        depth: None,
        nodes: None,
        time_ms: Some(50.0),
        spend_all_time: false,
    });
    let t = Engine::new(4).think(&p, &[], &settings, &AtomicBool::new(false), &clock);
    assert!(p.is_legal(t.best.unwrap()));
    assert!(
        t.elapsed_ms >= 25.0 && t.elapsed_ms < 200.0,
        "{} ms",
        t.elapsed_ms
    );
    // A fixed time a move (UCI's `movetime`) is thought for in full, to the last millisecond.
    let all = Settings::strongest(Limits {
        spend_all_time: true,
        ..settings.limits
    });
    now.set(0.0);
    let t = Engine::new(4).think(&p, &[], &all, &AtomicBool::new(false), &clock);
    assert!(p.is_legal(t.best.unwrap()));
    assert!(
        t.elapsed_ms >= 50.0 && t.elapsed_ms < 200.0,
        "{} ms",
        t.elapsed_ms
    );
    let stopped = AtomicBool::new(true);
    let t = Engine::new(4).think(
        &p,
        &[],
        &Settings::strongest(Limits::depth(30)),
        &stopped,
        &|| 0.0,
    );
    assert!(p.is_legal(t.best.unwrap()) && t.nodes < 5_000);
}

#[test]
fn deterministic_per_seed() {
    for variant in Variant::ALL {
        let p = VariantPosition::new(variant, Options::default());
        let mut seen = Vec::new();
        for seed in 0..6 {
            let s = Settings::fixed_nodes(2, seed);
            let a = think(&p, &s);
            let b = think(&p, &s);
            assert_eq!(
                (a.best, a.nodes, a.score),
                (b.best, b.nodes, b.score),
                "{variant} seed {seed}"
            );
            seen.push(a.best);
        }
        seen.dedup();
        assert!(
            seen.len() > 1,
            "{variant}: level 2 varies its opening move with the seed"
        );
    }
}

#[test]
fn carriers_are_own_men_distinct_and_seeded() {
    let p = VariantPosition::new(Variant::Beirut, Options::default());
    for color in Color::ALL {
        let mut different = Vec::new();
        for seed in 0..12 {
            let c = choose_carriers(&p, color, 3, seed);
            assert_eq!(c, choose_carriers(&p, color, 3, seed));
            assert_eq!(c.len(), 3);
            for (i, sq) in c.iter().enumerate() {
                let piece = p.piece_at(*sq).unwrap();
                assert_eq!(piece.color, color);
                assert_ne!(piece.role, boomchess_rules::Role::King);
                assert!(!c[..i].contains(sq));
            }
            different.push(c);
        }
        different.sort();
        different.dedup();
        assert!(different.len() > 3, "the choice is not predictable");
    }
    assert_eq!(choose_carriers(&p, Color::White, 40, 1).len(), 15);
    let mut game = Game::new(
        Variant::Beirut,
        Options::parse(Variant::Beirut, &["carriers=2"]).unwrap(),
    );
    for color in Color::ALL {
        let names: Vec<String> = choose_carriers(
            game.start_position(),
            color,
            game.carriers_to_choose().into(),
            5,
        )
        .into_iter()
        .map(|s| p.square_name(s))
        .collect();
        game.choose_carriers(&names).unwrap();
    }
}

/// Whether the side to move can mate (or blow up the king) at once.
fn has_mate_in_one(p: &VariantPosition) -> bool {
    let me = p.turn();
    p.legal_moves().into_iter().any(|m| {
        let mut q = *p;
        q.play_unchecked(m);
        q.outcome().and_then(Outcome::winner) == Some(me)
    })
}

#[test]
fn beginner_never_allows_a_mate_in_one_when_it_can_avoid_it() {
    // Positions from short random games where some moves allow a mate in
    // one and others do not. Level 1 searches two plies, so every mate in
    // one against it scores -MATE, far outside its soft-max window: the
    // bound is zero blunders, not merely "rarely".
    let mut rng = Rng::new(2024);
    let mut positions = Vec::new();
    let mut tries = 0;
    while positions.len() < 12 && tries < 3000 {
        tries += 1;
        let mut p = VariantPosition::new(Variant::Beirut, Options::default());
        let plies = 4 + rng.below(14);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        if p.outcome().is_some() {
            continue;
        }
        let (mut blunders, mut safe) = (0, 0);
        for m in p.legal_moves() {
            let mut q = p;
            q.play_unchecked(m);
            if q.outcome().is_none() && has_mate_in_one(&q) {
                blunders += 1;
            } else {
                safe += 1;
            }
        }
        if blunders > 0 && safe > 0 {
            positions.push(p);
        }
    }
    assert!(
        positions.len() >= 8,
        "found {} test positions",
        positions.len()
    );
    let mut blunders = 0;
    let mut decisions = 0;
    for p in &positions {
        for seed in 0..6 {
            let mut s = Settings::fixed_nodes(1, seed);
            s.enemy_carriers = Some(0);
            let m = think(p, &s).best.unwrap();
            let mut q = *p;
            q.play_unchecked(m);
            decisions += 1;
            if q.outcome().is_none() && has_mate_in_one(&q) {
                blunders += 1;
            }
        }
    }
    assert_eq!(
        blunders, 0,
        "{blunders} of {decisions} level-1 moves allowed a mate in one"
    );
}

#[test]
fn every_level_plays_legal_moves_in_every_game() {
    let games = [
        (Variant::Beirut, &[][..]),
        (Variant::Beirut, &["dead-mans-switch", "carriers=4"][..]),
        (Variant::Stratomic, &[][..]),
        (Variant::FlyingBombers, &[][..]),
        (
            Variant::FlyingBombers,
            &["immediate-landing", "super-knights"][..],
        ),
    ];
    for (variant, words) in games {
        let mut game = Game::new(variant, Options::parse(variant, words).unwrap());
        for color in Color::ALL {
            if game.carriers_to_choose() > 0 {
                let count = game.carriers_to_choose().into();
                let c: Vec<String> =
                    choose_carriers(&game.start_position().view(color), color, count, 9)
                        .into_iter()
                        .map(|s| game.start_position().square_name(s))
                        .collect();
                game.choose_carriers(&c).unwrap();
            }
        }
        for ply in 0..8u8 {
            if game.outcome().is_some() {
                break;
            }
            let me = game.position().turn();
            let view = game.view(me);
            let level = 1 + ply % 4;
            let t = Engine::new(2).think(
                &view,
                &[],
                &Settings::fixed_nodes(level, u64::from(ply)),
                &AtomicBool::new(false),
                &|| 0.0,
            );
            game.play(t.best.unwrap()).unwrap();
        }
    }
}

#[test]
fn odd_requests_do_not_panic() {
    // The game is over: Black's king was blown up.
    let over = pos(Variant::Beirut, "8/8/8/8/8/8/3PPP2/4K3 b - - 0 1");
    let t = think(&over, &Settings::fixed_nodes(8, 0));
    assert_eq!(t.best, None);
    // Checkmated and stalemated sides have no move either.
    let mated = pos(Variant::Beirut, "3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    assert_eq!(think(&mated, &exact(4)).best, None);
    // Zero limits, no hypotheses, negative or absurd settings.
    let start = VariantPosition::new(Variant::Beirut, Options::default());
    let weird = Settings {
        limits: Limits {
            depth: Some(0),
            nodes: Some(0),
            time_ms: Some(-5.0),
            spend_all_time: false,
        },
        seed: u64::MAX,
        noise_cp: 10_000,
        temperature_cp: -3,
        margin_cp: -100,
        hypotheses: 0,
        enemy_carriers: Some(200),
    };
    let t = Engine::new(0).think(&start, &[], &weird, &AtomicBool::new(false), &|| f64::NAN);
    assert!(start.is_legal(t.best.unwrap()));
    // Carriers only exist in Beirut.
    let strat = VariantPosition::new(Variant::Stratomic, Options::default());
    assert!(choose_carriers(&strat, Color::White, 3, 1).is_empty());
    assert!(choose_carriers(&start, Color::White, 0, 1).is_empty());
}

#[test]
fn level_8_keeps_to_about_a_second_on_the_clock() {
    use std::time::Instant;
    let origin = Instant::now();
    let clock = || origin.elapsed().as_secs_f64() * 1000.0;
    for variant in Variant::ALL {
        let mut view = VariantPosition::new(variant, Options::default());
        if variant == Variant::Beirut {
            let own = choose_carriers(&view, Color::White, 1, 4);
            view.set_carriers(Color::White, &own).unwrap();
        }
        let started = clock();
        let t = Engine::new(16).think(
            &view,
            &[],
            &Settings::for_level(8, 1),
            &AtomicBool::new(false),
            &clock,
        );
        let spent = clock() - started;
        assert!(view.is_legal(t.best.unwrap()));
        assert!(spent < 1300.0, "{variant}: {spent:.0} ms");
        assert!(t.elapsed_ms <= spent + 1.0);
    }
}
