//! The WebAssembly module of boards embedded in other pages: `www/embed.js` imports its glue
//! (`boomchess-board.js`) and mounts every board through `mountBoard`. It is the browser game of
//! `boomchess-web` built without the `online` feature, so none of online play's code (the
//! client's referee of the record, SHA-256 commitments, the messages, the socket) is in it: an
//! embedded board never plays online, and one board's download stays small. The game page keeps
//! its own module, with online play.
//!
//! Every `#[wasm_bindgen]` export of `boomchess-web` is an export of this module too (the game
//! handle's class and `mountBoard` among them); re-exporting `mount_board` links the crate in.

pub use boomchess_web::embed::mount_board;
