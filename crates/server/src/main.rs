//! `boomchess-server`: see `boomchess-server --help` and the library's documentation.

use boomchess_server::config::{ConfigError, USAGE};
use boomchess_server::Config;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let config = match Config::from_args(std::env::args_os().skip(1), |name| std::env::var_os(name))
    {
        Ok(config) => config,
        Err(ConfigError::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(ConfigError::Bad(why)) => {
            eprintln!("boomchess-server: {why}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match boomchess_server::run(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("boomchess-server: {why}");
            ExitCode::FAILURE
        }
    }
}
