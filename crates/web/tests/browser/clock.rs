//! Chess clocks, from the rules of play on a clock (the FIDE Laws' Fischer mode): the side to
//! move's clock runs, a completed move adds the increment to the mover's time, the flag falls at
//! zero, and a stopped clock keeps its time. Times are passed in, so nothing waits.

use boomchess_rules::Color::{Black, White};
use boomchess_web::clock::{format_left, Clock, TimeControl};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn time_controls_read_as_minutes_and_an_increment() {
    let five_three = TimeControl::parse("5+3").unwrap();
    assert_eq!((five_three.seconds, five_three.increment), (300, 3));
    assert_eq!(TimeControl::parse("10").unwrap().seconds, 600);
    assert_eq!(TimeControl::parse(" 0.5 + 0 ").unwrap().seconds, 30);
    assert_eq!(TimeControl::parse("0.1+0").unwrap().seconds, 6);
    for text in ["5+3", "0.5+0", "0.1+0", "180+60", "1+0"] {
        let control = TimeControl::parse(text).unwrap();
        assert_eq!(TimeControl::parse(&control.text()), Ok(control), "{text}");
    }
    for bad in [
        "", "five", "5+x", "0+0", "0.01+0", "181+0", "5+61", "-1+0", "5+-1", "0.011+0",
    ] {
        assert!(TimeControl::parse(bad).is_err(), "{bad:?}");
    }
}

#[wasm_bindgen_test]
fn the_side_to_move_runs_and_a_move_adds_the_increment() {
    let mut clock = Clock::new(TimeControl::parse("1+2").unwrap());
    assert_eq!(clock.both_left(0.0), [60_000.0, 60_000.0]);
    clock.start(White, 1_000.0);
    assert_eq!(clock.left(White, 11_000.0), 50_000.0, "ten seconds used");
    assert_eq!(
        clock.left(Black, 11_000.0),
        60_000.0,
        "Black's clock stands"
    );
    // White moves after 10 s: its clock stops with the 2 s increment; Black's runs.
    clock.moved(White, 11_000.0);
    clock.start(Black, 11_000.0);
    assert_eq!(clock.left(White, 20_000.0), 52_000.0);
    assert_eq!(clock.left(Black, 20_000.0), 51_000.0);
    assert_eq!(clock.running(), Some(Black));
}

#[wasm_bindgen_test]
fn a_stopped_clock_keeps_its_time_and_the_flag_falls_at_zero() {
    let mut clock = Clock::new(TimeControl::parse("0.1+0").unwrap());
    clock.start(White, 0.0);
    clock.stop(2_500.0);
    // Behind the curtain: stopped, no time passes however long.
    assert_eq!(clock.left(White, 1_000_000.0), 3_500.0);
    assert_eq!(clock.flag(1_000_000.0), None);
    clock.start(White, 1_000_000.0);
    assert_eq!(clock.flag(1_003_499.0), None);
    assert_eq!(clock.flag(1_003_500.0), Some(White));
    assert_eq!(clock.left(White, 1_010_000.0), 0.0, "never below zero");
    assert_eq!(clock.flag(1_010_000.0), Some(White));
}

#[wasm_bindgen_test]
fn restored_clocks_start_where_they_were() {
    let control = TimeControl::parse("3+2").unwrap();
    let clock = Clock::with_left(control, [12_345.0, -5.0]);
    assert_eq!(clock.both_left(0.0), [12_345.0, 0.0]);
    assert_eq!(clock.running(), None);
}

#[wasm_bindgen_test]
fn times_read_as_on_a_clock() {
    assert_eq!(format_left(300_000.0), "5:00");
    assert_eq!(format_left(59_001.0), "1:00");
    assert_eq!(format_left(42_000.0), "0:42");
    assert_eq!(format_left(9_750.0), "0:09.7");
    assert_eq!(format_left(0.0), "0:00.0");
    assert_eq!(format_left(3_725_000.0), "1:02:05");
}
