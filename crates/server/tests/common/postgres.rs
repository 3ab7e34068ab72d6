//! A PostgreSQL server of the test's own: a new cluster in a temporary directory, on a free port
//! of loopback, stopped when dropped. Its programs come from Debian's `postgresql` package
//! (scripts/test installs it when missing); a machine without them fails the test that needs
//! one, saying so, rather than skipping it.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A running PostgreSQL server with one database, `boomchess`.
pub struct Postgres {
    /// `postgres://boomchess@127.0.0.1:port/boomchess`.
    pub url: String,
    bin: PathBuf,
    data: PathBuf,
    /// PostgreSQL refuses to run as root: then its programs run as the `postgres` user.
    as_postgres: bool,
    _dir: tempfile::TempDir,
}

/// The directory of PostgreSQL's server programs: `$BOOMCHESS_POSTGRES_BIN`, else the newest
/// of Debian's `/usr/lib/postgresql/<version>/bin`.
fn bin_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("BOOMCHESS_POSTGRES_BIN") {
        return dir.into();
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin).unwrap_or_else(|| {
        panic!(
            "PostgreSQL's server programs (initdb, pg_ctl) are not installed: \
             scripts/test installs Debian's postgresql package (or set BOOMCHESS_POSTGRES_BIN)"
        )
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

impl Postgres {
    /// Makes a cluster and starts it; panics saying why if it cannot.
    pub fn start() -> Postgres {
        let bin = bin_dir();
        let dir = tempfile::tempdir().expect("a temporary directory");
        let as_postgres = is_root();
        if as_postgres {
            let chowned = Command::new("chown")
                .args(["postgres:postgres"])
                .arg(dir.path())
                .status()
                .expect("chown runs");
            assert!(
                chowned.success(),
                "the directory given to the postgres user"
            );
        }
        let data = dir.path().join("cluster");
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let postgres = Postgres {
            url: format!("postgres://boomchess@127.0.0.1:{port}/boomchess"),
            bin,
            data,
            as_postgres,
            _dir: dir,
        };
        // Durable as in production (fsync on): a test of losing nothing should not cheat.
        postgres.run(
            "initdb",
            &[
                "-D".as_ref(),
                postgres.data.as_os_str(),
                "-U".as_ref(),
                "boomchess".as_ref(),
                "--auth=trust".as_ref(),
                "--encoding=UTF8".as_ref(),
            ],
        );
        let options = format!(
            "-p {port} -c listen_addresses=127.0.0.1 -k {} -c max_connections=200",
            postgres.data.display()
        );
        let log = postgres.data.join("server.log");
        postgres.run(
            "pg_ctl",
            &[
                "-D".as_ref(),
                postgres.data.as_os_str(),
                "-l".as_ref(),
                log.as_os_str(),
                "-o".as_ref(),
                options.as_ref(),
                "-w".as_ref(),
                "-t".as_ref(),
                "60".as_ref(),
                "start".as_ref(),
            ],
        );
        postgres.run(
            "createdb",
            &[
                "-h".as_ref(),
                "127.0.0.1".as_ref(),
                "-p".as_ref(),
                port.to_string().as_ref(),
                "-U".as_ref(),
                "boomchess".as_ref(),
                "boomchess".as_ref(),
            ],
        );
        postgres
    }

    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if self.as_postgres {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(path);
            command
        } else {
            Command::new(path)
        }
    }

    fn run(&self, program: &str, args: &[&std::ffi::OsStr]) -> Output {
        let output = self
            .command(program)
            .args(args)
            .output()
            .unwrap_or_else(|err| panic!("{program} does not start: {err}"));
        assert!(
            output.status.success(),
            "{program} failed: {}{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
            std::fs::read_to_string(self.data.join("server.log")).unwrap_or_default()
        );
        output
    }

    /// Runs `sql` with psql; what it printed (unaligned, tuples only).
    pub fn query(&self, sql: &str) -> String {
        let psql = self.bin.join("psql");
        let psql = if psql.is_file() {
            psql
        } else {
            Path::new("psql").to_owned()
        };
        let output = Command::new(psql)
            .args(["-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d"])
            .arg(&self.url)
            .arg("-c")
            .arg(sql)
            .output()
            .expect("psql runs");
        assert!(
            output.status.success(),
            "psql: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .arg("-D")
            .arg(&self.data)
            .args(["-m", "immediate", "-w", "stop"])
            .output();
    }
}
