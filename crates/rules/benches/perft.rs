//! Perft speed: boomchess against cozy-chess on the same orthodox positions
//! in the same run, printed as a ratio; and the 10×10 games beside 8×8.
//!
//! `cargo bench -p boomchess-rules --bench perft`
//!
//! Both sides count the same way: full legal move generation and copy-make
//! at every inner node, and the length of the legal move list at the last
//! ply ("bulk counting"), which is how each library's own perft works.

use boomchess_rules::{perft, Board10, Board8, Options, Position, Variant};
use std::hint::black_box;
use std::time::{Duration, Instant};

const ORTHODOX: [(&str, &str, u32); 4] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
    ),
];

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Best of `runs` timings of `f`, with its result.
fn best_of(runs: u32, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        nodes = black_box(f());
        best = best.min(start.elapsed());
    }
    (nodes, best)
}

fn mnps(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64() / 1e6
}

fn main() {
    let runs = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    println!("perft, best of {runs} runs, million nodes per second");
    println!(
        "{:<12} {:>5} {:>12} {:>10} {:>10} {:>7}",
        "position", "depth", "nodes", "boomchess", "cozy", "ratio"
    );
    let (mut ours_total, mut cozy_total) = (Duration::ZERO, Duration::ZERO);
    let mut all_nodes = 0;
    for (name, fen, depth) in ORTHODOX {
        let pos = Position::<Board8>::from_fen(Variant::Beirut, Options::default(), fen)
            .expect("valid FEN");
        let board: cozy_chess::Board = fen.parse().expect("valid FEN");
        let (n_ours, t_ours) = best_of(runs, || perft(&pos, depth));
        let (n_cozy, t_cozy) = best_of(runs, || cozy_perft(&board, depth));
        assert_eq!(n_ours, n_cozy, "{name}: node counts differ");
        println!(
            "{name:<12} {depth:>5} {n_ours:>12} {:>10.1} {:>10.1} {:>7.2}",
            mnps(n_ours, t_ours),
            mnps(n_cozy, t_cozy),
            t_cozy.as_secs_f64() / t_ours.as_secs_f64()
        );
        ours_total += t_ours;
        cozy_total += t_cozy;
        all_nodes += n_ours;
    }
    let eight = mnps(all_nodes, ours_total);
    println!(
        "orthodox total: boomchess {:.1} Mnps, cozy-chess {:.1} Mnps, ratio boomchess/cozy-chess = {:.2}",
        eight,
        mnps(all_nodes, cozy_total),
        cozy_total.as_secs_f64() / ours_total.as_secs_f64()
    );

    println!();
    println!("10x10 games beside 8x8 (ratio = 10x10 nodes/s over the orthodox 8x8 rate above)");
    for (variant, depth) in [(Variant::Stratomic, 4), (Variant::FlyingBombers, 4)] {
        let pos = Position::<Board10>::start(variant, Options::default());
        let (nodes, time) = best_of(runs, || perft(&pos, depth));
        println!(
            "{:<15} start depth {depth}: {nodes:>11} nodes {:>8.1} Mnps  ratio {:.2}",
            variant.name(),
            mnps(nodes, time),
            mnps(nodes, time) / eight
        );
    }
}
