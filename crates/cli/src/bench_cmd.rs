//! `boomchess bench`: search speed on a fixed set of positions per game.

use crate::args::Args;
use crate::output::out;
use boomchess_ai::{choose_carriers, Engine, Limits, Settings};
use boomchess_rules::{Color, Options, Variant, VariantPosition};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Plies of deterministic quick self-play (2000 nodes a move) before each
/// benchmark position.
const OPENING_PLIES: [usize; 3] = [0, 10, 30];

/// The benchmark positions of `variant`: the start and two positions
/// reached by deterministic self-play (Beirut: with both carriers known,
/// searched as the referee sees it).
fn positions(variant: Variant) -> Vec<VariantPosition> {
    let mut pos = VariantPosition::new(variant, Options::default());
    if variant == Variant::Beirut {
        for (i, color) in Color::ALL.into_iter().enumerate() {
            let chosen = choose_carriers(&pos.view(color), color, 1, 3 + i as u64);
            // Choosing one's own men at the start cannot fail.
            let _ = pos.set_carriers(color, &chosen);
        }
    }
    let mut out = Vec::new();
    let mut engine = Engine::new(4);
    let stop = AtomicBool::new(false);
    let mut ply = 0;
    for &target in &OPENING_PLIES {
        while ply < target && pos.outcome().is_none() {
            let mut settings = Settings::strongest(Limits::nodes(2_000));
            settings.enemy_carriers = Some(0);
            match engine.think(&pos, &[], &settings, &stop, &|| 0.0).best {
                Some(m) => pos.play_unchecked(m),
                None => break,
            }
            ply += 1;
        }
        out.push(pos);
    }
    out
}

/// Runs the bench command; the last line has the total nodes and nodes/s.
pub fn run(argv: &[String]) -> Result<(), String> {
    let args = Args::parse(argv, &[], &["variant", "depth"])?;
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
    let mut total_nodes = 0u64;
    let mut total_ms = 0f64;
    for variant in variants {
        let d = depth.unwrap_or(match variant {
            Variant::Beirut => 7,
            Variant::Stratomic => 4,
            Variant::FlyingBombers => 5,
        });
        for (i, pos) in positions(variant).iter().enumerate() {
            let mut engine = Engine::new(16);
            let mut settings = Settings::strongest(Limits::depth(d));
            settings.enemy_carriers = Some(0);
            let start = Instant::now();
            let thought = engine.think(pos, &[], &settings, &AtomicBool::new(false), &|| 0.0);
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
