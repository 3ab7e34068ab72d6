//! `boomchess bench`: search speed on a fixed set of positions per game.

use crate::args::Args;
use crate::output::out;
use boomchess_ai::bench;
use boomchess_rules::Variant;
use std::time::Instant;

/// Runs the bench command; the last line has the total nodes and nodes/s.
pub fn run(argv: &[String]) -> Result<(), String> {
    let args = Args::parse(argv, &[], &["variant", "depth", "position"])?;
    let variants = match args.value("variant") {
        Some(name) => vec![Variant::from_name(name).map_err(|e| e.to_string())?],
        None => Variant::ALL.to_vec(),
    };
    let depth: Option<u32> = match args.value("depth") {
        Some(_) => {
            let d: u32 = args.number("depth")?;
            if !(1..=30).contains(&d) {
                return Err(format!("--depth must be 1 to 30, got {d}"));
            }
            Some(d)
        }
        None => None,
    };
    // One position alone, so that a benchmark can pair each native search with the same search
    // elsewhere (scripts/speed.mjs) instead of comparing whole runs minutes apart.
    let position: Option<usize> = match args.value("position") {
        Some(_) => Some(args.number("position")?),
        None => None,
    };
    let mut total_nodes = 0u64;
    let mut total_ms = 0f64;
    for variant in variants {
        let d = depth.unwrap_or(bench::depth(variant));
        let positions = bench::positions(variant);
        if let Some(p) = position {
            if !(1..=positions.len()).contains(&p) {
                return Err(format!(
                    "--position must be 1 to {}, got {p}",
                    positions.len()
                ));
            }
        }
        for (i, pos) in positions.iter().enumerate() {
            if position.is_some_and(|p| p != i + 1) {
                continue;
            }
            let mut engine = bench::engine();
            let start = Instant::now();
            let thought = bench::search(&mut engine, pos, d);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            total_nodes += thought.nodes;
            total_ms += ms;
            let best = thought.best.map_or("-".to_string(), |m| pos.move_to_uci(m));
            out!(
                "{variant} position {} (depth {d}): {} nodes, {:.0} ms, {:.0} nodes/s, best {best}",
                i + 1,
                thought.nodes,
                ms,
                thought.nodes as f64 * 1000.0 / ms.max(0.001)
            );
        }
    }
    out!(
        "total {} nodes, {:.0} ms, {:.0} nodes/s",
        total_nodes,
        total_ms,
        total_nodes as f64 * 1000.0 / total_ms.max(0.001)
    );
    Ok(())
}
