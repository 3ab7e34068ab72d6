//! Orthodox perft suite against published counts (tests/data/perft_orthodox.txt).
//!
//! Heavy: run in the optimised test profile, `cargo test --profile perf`.
//! In unoptimised builds only the shallow depths run.

mod perft_data;

use perft_data::{check_suite, Depths};

#[test]
fn orthodox_perft_shallow() {
    check_suite(include_str!("data/perft_orthodox.txt"), Depths::UpTo(3));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: run with --profile perf")]
fn orthodox_perft_published_depths() {
    check_suite(include_str!("data/perft_orthodox.txt"), Depths::All);
}
