#![deny(missing_docs)]
//! The computer's Web Worker module for browsers with WebAssembly's 128-bit SIMD (every current
//! one): the same module as `boomchess-worker`, whose entry it re-exports, with the engine's
//! network summed eight numbers at a time (`boomchess-ai`'s `simd` feature). It searches about
//! 1.5 times as fast in Beirut (docs/engine.md). A browser without SIMD could not even load it, so
//! the worker's script asks `WebAssembly.validate` first and loads the plain module there.

pub use boomchess_worker::computer_move;
