//! The server's settings, from its command line and environment.

use std::ffi::OsString;
use std::path::PathBuf;

/// What `--help` prints.
pub const USAGE: &str = "\
boomchess-server: serves the boomchess page (a release build) and online play from one origin

usage: boomchess-server [options]

  --port N       TCP port (0 picks a free one; default $PORT, else 8080)
  --host HOST    address to listen on (default 127.0.0.1)
  --dist DIR     the release build to serve (default dist)
  --data FILE    the SQLite database, created with its directory if missing
                 (default $BOOMCHESS_DATA, else data/boomchess.sqlite3)
  --database URL a PostgreSQL database (postgres://user@host:port/name) in place of SQLite,
                 which several servers may share (default $BOOMCHESS_DATABASE; needs a server
                 built with the cargo feature postgres)
  --grace SECS   seconds a player has for its first move, a statement it owes without clocks, and
                 its final reveal (default 120)
  --help         this text
";

/// The server's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on.
    pub host: String,
    /// The TCP port (0: any free one).
    pub port: u16,
    /// The directory of the release build.
    pub dist: PathBuf,
    /// The database file.
    pub data: PathBuf,
    /// A PostgreSQL database's address, used in place of `data`.
    pub database: Option<String>,
    /// `GameInfo::grace` of new games, in seconds.
    pub grace: u32,
}

/// Why the command line gave no settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// `--help` was asked for.
    Help,
    /// Something was wrong; the sentence says what.
    Bad(String),
}

impl Config {
    /// Reads `args` (without the program's name), with `env` looking up `PORT`,
    /// `BOOMCHESS_DATA` and `BOOMCHESS_DATABASE`.
    pub fn from_args(
        args: impl IntoIterator<Item = OsString>,
        env: impl Fn(&str) -> Option<OsString>,
    ) -> Result<Config, ConfigError> {
        let mut config = Config {
            host: "127.0.0.1".into(),
            port: 8080,
            dist: "dist".into(),
            data: env("BOOMCHESS_DATA")
                .filter(|data| !data.is_empty())
                .map_or_else(|| "data/boomchess.sqlite3".into(), PathBuf::from),
            database: env("BOOMCHESS_DATABASE")
                .filter(|url| !url.is_empty())
                .and_then(|url| url.into_string().ok()),
            grace: 120,
        };
        if let Some(port) = env("PORT").filter(|port| !port.is_empty()) {
            config.port = number(&port, "PORT")?;
        }
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let Some(name) = arg.to_str() else {
                return Err(ConfigError::Bad(format!("unknown argument {arg:?}")));
            };
            if name == "--help" || name == "-h" {
                return Err(ConfigError::Help);
            }
            let known = [
                "--port",
                "--host",
                "--dist",
                "--data",
                "--database",
                "--grace",
            ];
            if !known.contains(&name) {
                return Err(ConfigError::Bad(format!("unknown argument {name:?}")));
            }
            let value = args
                .next()
                .ok_or_else(|| ConfigError::Bad(format!("{name} needs a value")))?;
            match name {
                "--port" => config.port = number(&value, name)?,
                "--grace" => config.grace = number(&value, name)?,
                "--dist" => config.dist = value.into(),
                "--data" => config.data = value.into(),
                "--database" => {
                    let url = value
                        .into_string()
                        .map_err(|_| ConfigError::Bad("--database needs an address".into()))?;
                    config.database = Some(url);
                }
                _ => {
                    config.host = value
                        .into_string()
                        .map_err(|_| ConfigError::Bad("--host needs a name".into()))?
                }
            }
        }
        if let Some(url) = &config.database {
            if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                return Err(ConfigError::Bad(format!(
                    "--database takes a postgres:// address, not {url:?} (an SQLite file is --data)"
                )));
            }
        }
        Ok(config)
    }
}

fn number<T: std::str::FromStr>(value: &OsString, name: &str) -> Result<T, ConfigError> {
    value
        .to_str()
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| ConfigError::Bad(format!("{name} needs a number, not {value:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str], env: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let env: Vec<(String, OsString)> = env
            .iter()
            .map(|(k, v)| (k.to_string(), OsString::from(v)))
            .collect();
        Config::from_args(args.iter().map(OsString::from), |name| {
            env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn options_override_the_environment_which_overrides_the_defaults() {
        let config = parse(&[], &[]).expect("defaults");
        assert_eq!(config.port, 8080);
        assert_eq!(config.host, "127.0.0.1");
        assert_eq!(config.data, PathBuf::from("data/boomchess.sqlite3"));
        assert_eq!(config.dist, PathBuf::from("dist"));
        assert_eq!((config.grace, config.database), (120, None));
        let env = [("PORT", "9000"), ("BOOMCHESS_DATA", "/tmp/x.db")];
        let config = parse(&[], &env).expect("environment");
        assert_eq!((config.port, config.data), (9000, "/tmp/x.db".into()));
        let args = [
            "--port", "0", "--data", "y.db", "--dist", "d", "--grace", "5", "--host", "::1",
        ];
        let config = parse(&args, &env).expect("options");
        assert_eq!(config.port, 0);
        assert_eq!(config.data, PathBuf::from("y.db"));
        assert_eq!(config.dist, PathBuf::from("d"));
        assert_eq!((config.grace, config.host.as_str()), (5, "::1"));
        assert_eq!(parse(&["--help"], &[]), Err(ConfigError::Help));
        assert!(matches!(parse(&["--port"], &[]), Err(ConfigError::Bad(_))));
        assert!(matches!(
            parse(&["--port", "x"], &[]),
            Err(ConfigError::Bad(_))
        ));
        assert!(matches!(parse(&["--what"], &[]), Err(ConfigError::Bad(_))));
        assert!(matches!(
            parse(&[], &[("PORT", "99999")]),
            Err(ConfigError::Bad(_))
        ));
        let url = "postgres://boom@127.0.0.1:5432/games";
        let config = parse(&[], &[("BOOMCHESS_DATABASE", url)]).expect("environment");
        assert_eq!(config.database.as_deref(), Some(url));
        let config = parse(&["--database", url], &[]).expect("option");
        assert_eq!(config.database.as_deref(), Some(url));
        assert!(matches!(
            parse(&["--database", "games.sqlite3"], &[]),
            Err(ConfigError::Bad(_))
        ));
    }
}
