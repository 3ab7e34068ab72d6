//! `Position::legal_noisy_moves` against the full legal move list (proven by the perft suites):
//! on positions of random games in every variant and option, it must list exactly the legal
//! moves its documentation promises (all but castling and the ordinary moves that take nothing:
//! to an empty square, by a man other than a bomber or by a bomber that flies over no enemy;
//! launches only at the squares asked for). `has_legal_moves` must
//! agree with the list there too, and on composed positions without a legal move, or with
//! launches only.

mod support;

use boomchess_rules::{Bits, Geometry, Move, MoveKind, Position, Role, Variant, VariantPosition};
use support::{play_forcing_games, sorted_moves, Rng, MOVE_CONFIGURATIONS};

/// What a position showed the test: in check, and which kinds of noisy move it had.
#[derive(Default)]
struct Seen {
    positions: usize,
    in_check: usize,
    promotions: usize,
    explosions: usize,
    bomber_moves: usize,
    bomber_flights: usize,
    quiet_bomber_moves: usize,
    quiet_dropped: usize,
}

/// Compares `legal_noisy_moves` with the filtered legal list on `pos`, for every launch target
/// set of `targets`.
fn compare<G: Geometry>(pos: &Position<G>, targets: &[G::Bits], seen: &mut Seen) {
    let mut all = G::MoveList::default();
    pos.legal_moves(&mut all);
    let them = pos.by_color(!pos.turn());
    let noisy = |m: &Move| match m.kind {
        MoveKind::Castle => false,
        // A bomber takes, besides what stands on its landing square, the enemies it flies over.
        MoveKind::Normal => {
            them.has(m.to)
                || (pos.role_at(m.from) == Some(Role::Bomber)
                    && (G::tables().between(m.from, m.to) & them).any())
        }
        _ => true,
    };
    for &launch_targets in targets {
        let mut list = G::MoveList::default();
        pos.legal_noisy_moves(launch_targets, &mut list);
        let expected = all
            .iter()
            .copied()
            .filter(|m| noisy(m) && (m.kind != MoveKind::Launch || launch_targets.has(m.to)));
        assert_eq!(
            sorted_moves(list.iter().copied()),
            sorted_moves(expected),
            "{}",
            pos.fen()
        );
    }
    assert_eq!(pos.has_legal_moves(), !all.is_empty(), "{}", pos.fen());
    seen.positions += 1;
    seen.in_check += usize::from(pos.is_check());
    let kinds = |f: &dyn Fn(&Move) -> bool| usize::from(all.iter().any(f));
    seen.promotions += kinds(&|m| matches!(m.kind, MoveKind::Promotion(_)));
    seen.explosions += kinds(&|m| m.is_explosion());
    let bomber = |m: &Move| pos.role_at(m.from) == Some(Role::Bomber);
    seen.bomber_moves += kinds(&bomber);
    seen.bomber_flights += kinds(&|m| bomber(m) && !them.has(m.to) && noisy(m));
    seen.quiet_bomber_moves += kinds(&|m| bomber(m) && !noisy(m));
    seen.quiet_dropped += kinds(&|m| !noisy(m));
}

/// Random games that prefer captures and explosions, so that checks, promotions and
/// unlocked launches come often; every position is compared.
fn play_and_compare(variant: Variant, words: &[&str], games: usize, rng: &mut Rng) -> Seen {
    let mut seen = Seen::default();
    play_forcing_games(variant, words, games, 200, 2, rng, |position, rng| {
        let random = (u128::from(rng.next()) << 64) | u128::from(rng.next());
        match position {
            VariantPosition::Eight(pos) => {
                compare(pos, &[!0, random as u64, pos.occupied()], &mut seen)
            }
            VariantPosition::Ten(pos) => compare(pos, &[!0, 0, random, pos.occupied()], &mut seen),
        }
    });
    seen
}

#[test]
fn noisy_moves_are_the_legal_moves_that_capture_explode_or_promote() {
    let mut rng = Rng::new(0x0015_E0DD);
    for (variant, words) in MOVE_CONFIGURATIONS {
        let seen = play_and_compare(variant, words, 16, &mut rng);
        // The games must reach the cases the filter treats apart, or the test proves little.
        let what = format!("{variant:?} {words:?}");
        assert!(
            seen.positions >= 1000,
            "{what}: {} positions",
            seen.positions
        );
        assert!(seen.in_check >= 20, "{what}: {} in check", seen.in_check);
        assert!(
            seen.promotions >= 5,
            "{what}: {} with promotions",
            seen.promotions
        );
        assert!(seen.quiet_dropped >= 500, "{what}: {}", seen.quiet_dropped);
        if variant != Variant::FlyingBombers {
            assert!(
                seen.explosions >= 20,
                "{what}: {} with explosions",
                seen.explosions
            );
        } else {
            assert!(
                seen.bomber_moves >= 500,
                "{what}: {} with bomber moves",
                seen.bomber_moves
            );
            // Captures of the enemy flown over (onto an empty square), and quiet bomber moves.
            assert!(
                seen.bomber_flights >= 100,
                "{what}: {} with a bomber taking what it flies over",
                seen.bomber_flights
            );
            assert!(
                seen.quiet_bomber_moves >= 500,
                "{what}: {} with quiet bomber moves",
                seen.quiet_bomber_moves
            );
        }
    }
}

#[test]
fn has_legal_moves_finds_none_in_a_stalemate_and_one_beside_it() {
    // The black king is boxed in by the queen and its king (on 10×10 with launches unlocked and
    // a white missile); then the same with a black man that can move.
    for (variant, stalemate, not) in [
        (
            Variant::Beirut,
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "7k/5Q2/6K1/8/8/8/p7/8 b - - 0 1",
        ),
        (
            Variant::Stratomic,
            "k9/2Q7/1K8/10/10/10/10/10/10/9M b - - 0 1 L",
            "k9/2Q7/1K8/10/10/10/10/10/10/m8M b - - 0 1 L",
        ),
    ] {
        for (fen, moves) in [(stalemate, false), (not, true)] {
            let pos = VariantPosition::from_fen(variant, Default::default(), fen).expect("a FEN");
            let (has, count) = match &pos {
                VariantPosition::Eight(p) => (p.has_legal_moves(), p.count_legal_moves()),
                VariantPosition::Ten(p) => (p.has_legal_moves(), p.count_legal_moves()),
            };
            assert_eq!((has, count > 0), (moves, moves), "{fen}");
        }
    }
}
