//! Standard output that survives a closed pipe (`boomchess perft ... | head`).

use std::io::Write;

/// Writes one line to stdout. When the reader has gone away, there is no
/// one left to tell anything, so the program ends quietly instead of
/// panicking the way `println!` does.
pub fn line(args: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    if writeln!(stdout, "{args}")
        .and_then(|()| stdout.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// `println!` for the command line: see [`line`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::line(format_args!($($arg)*))
    };
}
pub(crate) use out;
