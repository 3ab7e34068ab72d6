//! `Position::legal_noisy_moves` against the full legal move list (proven by the perft suites):
//! on positions of random games in every variant and option, it must list exactly the legal
//! moves its documentation promises (all but castling and the ordinary moves of men other than
//! bombers to empty squares; launches only at the squares asked for).

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
        MoveKind::Normal => them.has(m.to) || pos.role_at(m.from) == Some(Role::Bomber),
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
    seen.positions += 1;
    seen.in_check += usize::from(pos.is_check());
    let kinds = |f: &dyn Fn(&Move) -> bool| usize::from(all.iter().any(f));
    seen.promotions += kinds(&|m| matches!(m.kind, MoveKind::Promotion(_)));
    seen.explosions += kinds(&|m| m.is_explosion());
    seen.bomber_moves += kinds(&|m| pos.role_at(m.from) == Some(Role::Bomber));
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
        }
    }
}
