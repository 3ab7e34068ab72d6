//! `boomchess`: command-line tools for the boomchess rules and engine.

use std::process::ExitCode;

mod args;
mod output;

use output::out;
mod bench_cmd;
mod perft_cmd;
mod selfplay_cmd;
mod uci_cmd;

const USAGE: &str = "usage: boomchess <command> [options]

commands:
  perft --variant V [--fen FEN] --depth N [--divide] [--option O]...
        count the legal move tree (docs/rules.md §6); the last line is the count
  selfplay --variant V [--option O]... --white-level A --black-level B --games N
           [--seed S] [--nodes N] [--max-plies P] [--opening-plies K]
        engine levels A and B (1-8) play N games, colours alternating (A is White
        in games 1, 3, ...); --nodes N gives level 8 N nodes per move and the other
        levels their share of it (at least 4000 or their own budget); games longer than P plies (400) are drawn;
        the first K plies (0) are level 1's varied choices, shared by each pair of
        games; the last line is A's wins/draws/losses
  uci   speak the Universal Chess Interface on stdin/stdout (options
        UCI_Variant, Options, Level, Hash, UCI_LimitStrength, UCI_Elo)
  bench [--variant V] [--depth D] [--position N]
        search speed on fixed positions; the last line is total nodes and nodes/s
";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = argv.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "perft" => perft_cmd::run(rest),
        "selfplay" => selfplay_cmd::run(rest),
        "bench" => bench_cmd::run(rest),
        "uci" => uci_cmd::run(rest),
        "help" | "--help" | "-h" => {
            out!("{}", USAGE.trim_end());
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
