//! Search speed in WebAssembly: `bench(variant, depth)` searches the
//! start position of a game (0 = Beirut with the carriers `boomchess
//! bench` chooses, 1 = Stratomic, 2 = Flying Bombers) to `depth` and
//! returns the number of nodes; the JavaScript caller times it
//! (`examples/wasm_bench.mjs`). Native builds export the same function.

use boomchess_ai::{choose_carriers, Engine, Limits, Settings};
use boomchess_rules::{Color, Options, Variant, VariantPosition};
use std::sync::atomic::AtomicBool;

/// Nodes searched from the start position of game `variant` to `depth`
/// (0 for an unknown game).
#[no_mangle]
pub extern "C" fn bench(variant: u32, depth: u32) -> f64 {
    let Some(&variant) = Variant::ALL.get(variant as usize) else {
        return 0.0;
    };
    let mut pos = VariantPosition::new(variant, Options::default());
    if variant == Variant::Beirut {
        for (i, color) in Color::ALL.into_iter().enumerate() {
            let chosen = choose_carriers(&pos.view(color), color, 1, 3 + i as u64);
            let _ = pos.set_carriers(color, &chosen);
        }
    }
    let mut settings = Settings::strongest(Limits::depth(depth.clamp(1, 30)));
    settings.enemy_carriers = Some(0);
    let thought = Engine::new(16).think(&pos, &[], &settings, &AtomicBool::new(false), &|| 0.0);
    thought.nodes as f64
}

/// Perft of the start position of game `variant` (as [`bench`]), to compare
/// the move generator's speed with the search's.
#[no_mangle]
pub extern "C" fn perft(variant: u32, depth: u32) -> f64 {
    let Some(&variant) = Variant::ALL.get(variant as usize) else {
        return 0.0;
    };
    VariantPosition::new(variant, Options::default()).perft(depth.min(6)) as f64
}
