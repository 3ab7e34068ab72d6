//! Chess clocks: a time control (minutes and an increment) and the two clocks that run from it.
//! Pure arithmetic on times the caller passes in (milliseconds), so the rules of the clock are
//! tested without waiting: the side to move's clock runs, a completed move adds the increment,
//! a clock that reaches zero has its flag fall, and the clock can pause (behind the hot-seat
//! curtain, while carriers are chosen, once the game is over).

use boomchess_rules::Color;

/// A time control: each side's time for the game and what a move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start, in seconds.
    pub seconds: u32,
    /// Seconds added after each move of a side.
    pub increment: u32,
}

impl TimeControl {
    /// Parses `minutes+increment` (`5+3`, `0.5+0`, `10`): from 5 seconds to 180 minutes (whole
    /// seconds), an increment of 0 to 60 seconds.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let (minutes, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let minutes: f64 = minutes
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a time control such as 5+3"))?;
        let increment: u32 = increment
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a time control such as 5+3"))?;
        let seconds = minutes * 60.0;
        if !(5.0..=10_800.0).contains(&seconds) || seconds.fract().abs() > 1e-9 {
            return Err(format!(
                "{text:?}: the time must be from 5 seconds to 180 minutes, in whole seconds"
            ));
        }
        if increment > 60 {
            return Err(format!(
                "{text:?}: the increment must be 60 seconds or less"
            ));
        }
        Ok(TimeControl {
            seconds: seconds.round() as u32,
            increment,
        })
    }

    /// The text [`TimeControl::parse`] reads back: `5+3`, `0.5+0`.
    pub fn text(self) -> String {
        let minutes = f64::from(self.seconds) / 60.0;
        // Whole seconds as minutes that read back to the same seconds (`0.1` for 6 s).
        let mut text = format!("{minutes}");
        for digits in 0..6 {
            let short = format!("{minutes:.digits$}");
            if short
                .parse::<f64>()
                .is_ok_and(|m| (m * 60.0).round() as u32 == self.seconds)
            {
                text = short;
                break;
            }
        }
        format!("{text}+{}", self.increment)
    }
}

/// The two clocks of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    control: TimeControl,
    /// Milliseconds left, White's and Black's, as of the last stop.
    left: [f64; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Color, f64)>,
}

impl Clock {
    /// Both clocks full, stopped.
    pub fn new(control: TimeControl) -> Clock {
        let full = f64::from(control.seconds) * 1000.0;
        Clock {
            control,
            left: [full, full],
            running: None,
        }
    }

    /// Clocks set to what was left (a restored game), stopped.
    pub fn with_left(control: TimeControl, left: [f64; 2]) -> Clock {
        Clock {
            control,
            left: left.map(|ms| ms.max(0.0)),
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(color, _)| color)
    }

    /// Milliseconds left on `color`'s clock at `now` (never below zero).
    pub fn left(&self, color: Color, now: f64) -> f64 {
        let spent = match self.running {
            Some((running, since)) if running == color => (now - since).max(0.0),
            _ => 0.0,
        };
        (self.left[color.index()] - spent).max(0.0)
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flag(&self, now: f64) -> Option<Color> {
        self.running().filter(|&color| self.left(color, now) <= 0.0)
    }

    /// Stops the clock that runs, keeping what it used.
    pub fn stop(&mut self, now: f64) {
        if let Some((color, _)) = self.running {
            self.left[color.index()] = self.left(color, now);
            self.running = None;
        }
    }

    /// Runs `color`'s clock from `now` (stopping the other).
    pub fn start(&mut self, color: Color, now: f64) {
        if self.running() != Some(color) {
            self.stop(now);
            self.running = Some((color, now));
        }
    }

    /// `color` completed a move at `now`: its clock stops and gains the increment.
    pub fn moved(&mut self, color: Color, now: f64) {
        if self.running() == Some(color) {
            self.stop(now);
        }
        self.left[color.index()] += f64::from(self.control.increment) * 1000.0;
    }

    /// Both clocks' milliseconds left at `now`, White's first.
    pub fn both_left(&self, now: f64) -> [f64; 2] {
        [self.left(Color::White, now), self.left(Color::Black, now)]
    }
}

/// A clock's time as it is shown: `5:00`, `0:42`, `0:09.7` under ten seconds.
pub fn format_left(ms: f64) -> String {
    let ms = ms.max(0.0);
    if ms < 10_000.0 {
        let tenths = (ms / 100.0).floor() as u64;
        return format!("0:{:02}.{}", tenths / 10, tenths % 10);
    }
    let seconds = (ms / 1000.0).ceil() as u64;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}
