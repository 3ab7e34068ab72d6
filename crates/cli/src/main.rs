//! `boomchess`: command-line tools for the boomchess rules and engine.

use std::process::ExitCode;

mod args;
mod perft_cmd;

const USAGE: &str = "usage: boomchess <command> [options]

commands:
  perft --variant V [--fen FEN] --depth N [--divide] [--option O]...
        count the legal move tree (RULES.md §6); the last line is the count
";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = argv.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "perft" => perft_cmd::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}' (try 'boomchess help')")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("boomchess: {message}");
            ExitCode::from(2)
        }
    }
}
