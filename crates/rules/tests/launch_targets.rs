//! `Position::legal_moves_launching_at` and `Position::legal_launches` against the full legal
//! move list (proven by the perft suites): on positions of random Stratomic games, with the
//! launches unlocked, each must list exactly the legal moves the filter it promises keeps.

use boomchess_rules::{
    Bits, Board10, Geometry, Move, MoveKind, Position, Variant, VariantPosition,
};

mod support;

use support::{sorted_moves, Rng};

type List = <Board10 as Geometry>::MoveList;

fn legal(pos: &Position<Board10>) -> Vec<Move> {
    let mut list = List::default();
    pos.legal_moves(&mut list);
    list.iter().copied().collect()
}

/// Positions of random games that prefer captures (so launches unlock early).
fn positions(games: usize) -> Vec<Position<Board10>> {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    for _ in 0..games {
        let VariantPosition::Ten(mut pos) =
            VariantPosition::new(Variant::Stratomic, Default::default())
        else {
            unreachable!("Stratomic is played on 10×10");
        };
        for _ in 0..80 {
            let moves = legal(&pos);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| pos.occupied().has(m.to) && m.kind != MoveKind::Launch)
                .collect();
            let from = if !captures.is_empty() && rng.next() % 2 == 0 {
                &captures
            } else {
                &moves
            };
            pos.play_unchecked(from[(rng.next() % from.len() as u64) as usize]);
            out.push(pos);
        }
    }
    out
}

#[test]
fn launching_at_a_set_lists_the_legal_moves_with_only_those_launches() {
    let mut rng = Rng::new(7);
    let (mut checked, mut with_launches) = (0, 0);
    for pos in positions(24) {
        let all = legal(&pos);
        if all.iter().any(|m| m.kind == MoveKind::Launch) {
            with_launches += 1;
        }
        let random =
            (u128::from(rng.next()) << 64 | u128::from(rng.next())) & Board10::tables().all;
        for targets in [0, !0, random, pos.occupied()] {
            let mut list = List::default();
            pos.legal_moves_launching_at(targets, &mut list);
            let expected = all
                .iter()
                .copied()
                .filter(|m| m.kind != MoveKind::Launch || targets.has(m.to));
            assert_eq!(
                sorted_moves(list.iter().copied()),
                sorted_moves(expected),
                "{}",
                pos.fen()
            );
            pos.legal_launches(targets, &mut list);
            let expected = all
                .iter()
                .copied()
                .filter(|m| m.kind == MoveKind::Launch && targets.has(m.to));
            assert_eq!(
                sorted_moves(list.iter().copied()),
                sorted_moves(expected),
                "{}",
                pos.fen()
            );
            checked += 1;
        }
    }
    // The games must reach positions where launches are legal, or the test proves nothing.
    assert!(
        with_launches >= 100,
        "only {with_launches} positions with launches"
    );
    assert!(checked > 1000);
}
