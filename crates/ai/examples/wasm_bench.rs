//! Search speed in WebAssembly, on the positions and depths of `boomchess bench`
//! ([`boomchess_ai::bench`]): `prepare(variant, position)` sets up position `position` (0–2) of
//! game `variant` (0 = Beirut, 1 = Stratomic, 2 = Flying Bombers) with a fresh engine and returns
//! the benchmark's depth for it; `bench(depth)` searches it and returns the nodes searched. The
//! JavaScript caller times `bench` alone (`examples/wasm_bench.mjs`, and `scripts/speed`, which
//! runs it under Node and in a Web Worker of headless Chromium beside the native bench).

use boomchess_ai::{bench, Engine};
use boomchess_rules::{Variant, VariantPosition};
use std::sync::Mutex;

/// The prepared position and its engine.
static PREPARED: Mutex<Option<(VariantPosition, Engine)>> = Mutex::new(None);

/// Prepares position `position` of game `variant`; the benchmark's depth for it (0 if there is
/// no such game or position).
#[no_mangle]
pub extern "C" fn prepare(variant: u32, position: u32) -> u32 {
    let Some(&variant) = Variant::ALL.get(variant as usize) else {
        return 0;
    };
    let Some(&pos) = bench::positions(variant).get(position as usize) else {
        return 0;
    };
    let mut prepared = PREPARED.lock().unwrap_or_else(|p| p.into_inner());
    *prepared = Some((pos, bench::engine()));
    bench::depth(variant)
}

/// Searches the prepared position to `depth`; the nodes searched (0 if nothing is prepared).
#[no_mangle]
pub extern "C" fn bench(depth: u32) -> f64 {
    let mut prepared = PREPARED.lock().unwrap_or_else(|p| p.into_inner());
    match prepared.as_mut() {
        Some((pos, engine)) => bench::search(engine, pos, depth.clamp(1, 30)).nodes as f64,
        None => 0.0,
    }
}
