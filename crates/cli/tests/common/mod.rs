//! Running the `boomchess` binary from the command-line tests.

use std::process::{Command, Output};

/// Runs `boomchess` with `args` and waits for it.
pub fn boomchess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boomchess"))
        .args(args)
        .output()
        .expect("the boomchess binary runs")
}

/// Its standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}
