//! The web crate's tests in the browser: headless Chromium and Firefox run them
//! (`cargo test --target wasm32-unknown-unknown -p boomchess-web --tests`, which `scripts/test`
//! runs in each). They are one test binary, so each browser starts once for all of them; the
//! allocator's test (`tests/memory.rs`) is a binary of its own because it has its own allocator.
//! One module: `--test browser MODULE::`, e.g. `--test browser secrecy::`.

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod support;

mod a11y;
mod board;
mod clock;
mod embed;
mod features;
mod logic;
mod online;
mod save;
mod secrecy;
mod strangers;
