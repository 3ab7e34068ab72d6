//! The speed benchmark's positions and depths, shared by `boomchess bench` and the WebAssembly
//! benchmark (`examples/wasm_bench.rs`), so both search the same trees.

use crate::{choose_carriers, Engine, Limits, Settings, Thought};
use boomchess_rules::{Color, Options, Variant, VariantPosition};
use core::sync::atomic::AtomicBool;

/// Plies of deterministic quick self-play (2000 nodes a move) before each benchmark position.
const OPENING_PLIES: [usize; 3] = [0, 10, 30];

/// The depth each game's positions are searched to: about two to three seconds natively for
/// each game (two to five million nodes), so start-up (tables, a JavaScript engine's first
/// compilation) does not count.
pub fn depth(variant: Variant) -> u32 {
    match variant {
        Variant::Beirut => 15,
        Variant::Stratomic => 8,
        Variant::FlyingBombers => 11,
    }
}

/// The benchmark positions of `variant`: the start and two positions reached by deterministic
/// self-play (Beirut: with both carriers known, searched as the referee sees it).
pub fn positions(variant: Variant) -> Vec<VariantPosition> {
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

/// The engine each benchmark position is searched with: a fresh 16 MB table (made before the
/// clock starts).
pub fn engine() -> Engine {
    Engine::new(16)
}

/// Searches `pos` to `depth` with `engine` as the benchmark does: nothing hidden.
pub fn search(engine: &mut Engine, pos: &VariantPosition, depth: u32) -> Thought {
    let mut settings = Settings::strongest(Limits::depth(depth));
    settings.enemy_carriers = Some(0);
    engine.think(pos, &[], &settings, &AtomicBool::new(false), &|| 0.0)
}
