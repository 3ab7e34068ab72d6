//! `Position::gives_check` against its definition: a move gives check when the position it
//! leads to has the side to move in check. Every legal move of positions of random games in
//! every variant and option is made and compared.

mod support;

use boomchess_rules::{Bits, Geometry, MoveKind, Position, Role, Variant, VariantPosition};
use support::{options, play_forcing_games, random_fen, Rng, MOVE_CONFIGURATIONS};

/// The checks the games showed: the test proves little unless they are many and of each kind.
#[derive(Default)]
struct Seen {
    moves: usize,
    checks: usize,
    /// Checks by a plain move (no capture) whose mover does not check from where it lands:
    /// the lines it left open give the check.
    discovered: usize,
    /// Checks by moves that are not plain steps (captures, explosions, castling, promotions).
    other: usize,
    /// Checks by a bomber's move that took nothing (Flying Bombers), which the rules judge
    /// without making the move.
    quiet_bomber: usize,
    /// Checks by a plain move from the mover's new square, by the mover's role (`Role::index`).
    direct: [usize; 8],
}

fn compare<G: Geometry>(pos: &Position<G>, seen: &mut Seen) {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    for &m in moves.iter() {
        let mut child = *pos;
        child.play_unchecked(m);
        let expected = child.is_check();
        assert_eq!(pos.gives_check(m), expected, "{m:?} in {}", pos.fen());
        seen.moves += 1;
        if !expected {
            continue;
        }
        seen.checks += 1;
        if pos.role_at(m.from) == Some(Role::Bomber)
            && child.occupied().count() == pos.occupied().count()
        {
            seen.quiet_bomber += 1;
        }
        let plain = m.kind == MoveKind::Normal && pos.piece_at(m.to).is_none();
        if plain {
            // Did the man on its new square take part in the check?
            let checkers = child.checkers();
            if !checkers.has(m.to) {
                seen.discovered += 1;
            } else if let Some(role) = pos.role_at(m.from) {
                seen.direct[role.index()] += 1;
            }
        } else {
            seen.other += 1;
        }
    }
}

/// Random games that prefer captures and explosions, so that checks come often.
fn play_and_compare(variant: Variant, words: &[&str], games: usize, rng: &mut Rng) -> Seen {
    let mut seen = Seen::default();
    play_forcing_games(
        variant,
        words,
        games,
        160,
        3,
        rng,
        |position, _| match position {
            VariantPosition::Eight(pos) => compare(pos, &mut seen),
            VariantPosition::Ten(pos) => compare(pos, &mut seen),
        },
    );
    seen
}

#[test]
fn a_move_gives_check_exactly_when_the_position_it_leads_to_is_check() {
    let mut rng = Rng::new(0x00C4_EC25);
    for (variant, words) in MOVE_CONFIGURATIONS {
        let seen = play_and_compare(variant, words, 12, &mut rng);
        let what = format!("{variant:?} {words:?}");
        assert!(seen.moves >= 20_000, "{what}: {} moves", seen.moves);
        assert!(seen.checks >= 300, "{what}: {} checks", seen.checks);
        assert!(
            seen.discovered >= 5,
            "{what}: {} discovered",
            seen.discovered
        );
        assert!(seen.other >= 20, "{what}: {} other checks", seen.other);
        if variant == Variant::FlyingBombers {
            assert!(
                seen.quiet_bomber >= 100,
                "{what}: {} checks by bombers that took nothing",
                seen.quiet_bomber
            );
        }
    }
}

/// Random placements bring men next to the enemy king that games seldom do: a missile's step
/// beside it among them (a missile attacks its neighbours).
#[test]
fn on_random_10x10_positions_too() {
    for (variant, words) in [
        (Variant::Stratomic, &[][..]),
        (Variant::FlyingBombers, &["super-knights"][..]),
    ] {
        let mut seen = Seen::default();
        let mut positions = 0;
        for seed in 0..3_000u64 {
            let fen = random_fen(variant, seed, 14);
            // Placements the rules refuse (the side not to move in check) are skipped.
            let Ok(VariantPosition::Ten(pos)) =
                VariantPosition::from_fen(variant, options(variant, words), &fen)
            else {
                continue;
            };
            compare(&pos, &mut seen);
            positions += 1;
        }
        let what = format!("{variant:?} {words:?}");
        assert!(positions >= 1_000, "{what}: {positions} positions");
        let direct = |role: Role| seen.direct[role.index()];
        for role in [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ] {
            assert!(
                direct(role) >= 10,
                "{what}: {} checks by a {role:?}",
                direct(role)
            );
        }
        if variant == Variant::Stratomic {
            assert!(
                direct(Role::Missile) >= 10,
                "{what}: {} checks by a missile's step",
                direct(Role::Missile)
            );
        }
        assert!(
            seen.discovered >= 10,
            "{what}: {} discovered",
            seen.discovered
        );
    }
}
