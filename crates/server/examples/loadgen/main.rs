//! The load generator: N simulated games over real WebSockets on loopback against a server it
//! starts itself (this program again, as `loadgen serve`, which runs the server's own code) or one
//! given by `--url`, and a report of what it measured and checked. `docs/scaling.md` has the
//! figures and the commands that produced them.
//!
//! ```text
//! cargo run --release -p boomchess-server --example loadgen -- --games 2000 --duration 60
//! ```

mod load;

use load::{Options, Report, Target};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
loadgen: N games of online play over real WebSockets, measured

usage: loadgen [options]
       loadgen serve [server options]     (the server itself, as boomchess-server)

  --games N           games in play at once (default 1000)
  --interval SECS     each game moves once in this time (default 5)
  --ramp SECS         the games start spread over this time (default 10)
  --duration SECS     the measurement, once every game has started (default 60)
  --restart-after S   kill the server (SIGKILL) S seconds into the measurement and start it
                      again on the same database; every client reconnects
  --plies N           a game longer than N board moves is resigned and replaced (default 200)
  --seed N            seeds the random moves (default 1)
  --http N            HTTP connections for creating and joining games (default 16)
  --server PATH       the server program to start (default: this program, `serve`)
  --url HOST:PORT     use a server already running there instead of starting one; several,
                      comma-separated, that share a PostgreSQL database: each game's White
                      plays through the first and its Black through the second
  --pid PID           with --url: the server's process (several, comma-separated), for its
                      memory and CPU
  --dir DIR           where the database and the server's log go (default: a temporary
                      directory, removed afterwards)
  --json              print the report as JSON as well
";

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("loadgen: no runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    if args.first().is_some_and(|first| first == "serve") {
        args.remove(0);
        return runtime.block_on(serve(args));
    }
    let (options, dir, json) = match parse(args) {
        Ok(Some(parsed)) => parsed,
        Ok(None) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(why) => {
            eprintln!("loadgen: {why}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let temporary = match &dir {
        Some(_) => None,
        None => match tempfile::tempdir() {
            Ok(temporary) => Some(temporary),
            Err(err) => {
                eprintln!("loadgen: no temporary directory: {err}");
                return ExitCode::FAILURE;
            }
        },
    };
    let dir = dir.unwrap_or_else(|| {
        temporary
            .as_ref()
            .map_or_else(PathBuf::new, |t| t.path().to_owned())
    });
    if let Err(err) = std::fs::create_dir_all(&dir) {
        eprintln!("loadgen: {}: {err}", dir.display());
        return ExitCode::FAILURE;
    }
    println!("loadgen: {}", describe(&options));
    let report = match runtime.block_on(load::run(options, &dir)) {
        Ok(report) => report,
        Err(why) => {
            eprintln!("loadgen: {why}");
            return ExitCode::FAILURE;
        }
    };
    print!("{}", text(&report));
    if json {
        match serde_json::to_string(&report) {
            Ok(line) => println!("{line}"),
            Err(err) => eprintln!("loadgen: the report as JSON: {err}"),
        }
    }
    if !report.checks_hold() {
        eprintln!("loadgen: a check failed (lost, duplicated, mismatched, refused, or a game that did not continue)");
        ExitCode::FAILURE
    } else if report.failures > 0 || report.disconnects > 0 {
        eprintln!("loadgen: connections or requests failed (at 10,000 games or more, see the open-file limit in docs/scaling.md)");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The server, as `boomchess-server` runs it.
async fn serve(args: Vec<OsString>) -> ExitCode {
    use boomchess_server::config::{Config, ConfigError, USAGE};
    let config = match Config::from_args(args, |name| std::env::var_os(name)) {
        Ok(config) => config,
        Err(ConfigError::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(ConfigError::Bad(why)) => {
            eprintln!("loadgen serve: {why}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match boomchess_server::run(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("loadgen serve: {why}");
            ExitCode::FAILURE
        }
    }
}

fn seconds(value: Option<OsString>, name: &str) -> Result<Duration, String> {
    let text = value.ok_or(format!("{name} needs a value"))?;
    text.to_str()
        .and_then(|text| text.parse::<f64>().ok())
        .filter(|secs| secs.is_finite() && *secs >= 0.0)
        .map(Duration::from_secs_f64)
        .ok_or(format!("{name} needs a number of seconds, not {text:?}"))
}

fn number<T: std::str::FromStr>(value: Option<OsString>, name: &str) -> Result<T, String> {
    let text = value.ok_or(format!("{name} needs a value"))?;
    text.to_str()
        .and_then(|text| text.parse().ok())
        .ok_or(format!("{name} needs a number, not {text:?}"))
}

/// The options, the directory and whether to print JSON; none for `--help`.
#[allow(clippy::type_complexity)]
fn parse(args: Vec<OsString>) -> Result<Option<(Options, Option<PathBuf>, bool)>, String> {
    let program = std::env::current_exe().map_err(|err| format!("this program: {err}"))?;
    let mut options = Options {
        games: 1000,
        interval: Duration::from_secs(5),
        ramp: Duration::from_secs(10),
        duration: Duration::from_secs(60),
        restart_after: None,
        target: Target::Spawn {
            program,
            args: vec!["serve".into()],
        },
        plies: 200,
        seed: 1,
        http_connections: 16,
    };
    let (mut url, mut pids, mut server, mut dir, mut json) = (None, Vec::new(), None, None, false);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let name = arg.to_str().ok_or(format!("unknown argument {arg:?}"))?;
        match name {
            "--help" | "-h" => return Ok(None),
            "--games" => options.games = number(args.next(), name)?,
            "--interval" => options.interval = seconds(args.next(), name)?,
            "--ramp" => options.ramp = seconds(args.next(), name)?,
            "--duration" => options.duration = seconds(args.next(), name)?,
            "--restart-after" => options.restart_after = Some(seconds(args.next(), name)?),
            "--plies" => options.plies = number(args.next(), name)?,
            "--seed" => options.seed = number(args.next(), name)?,
            "--http" => options.http_connections = number(args.next(), name)?,
            "--server" => server = Some(PathBuf::from(args.next().ok_or("--server needs a path")?)),
            "--url" => {
                let value = args.next().ok_or("--url needs HOST:PORT")?;
                let text = value.to_str().ok_or("--url needs HOST:PORT")?;
                let addrs: Vec<String> = text
                    .split(',')
                    .map(|addr| {
                        let addr = addr
                            .trim_start_matches("http://")
                            .trim_start_matches("ws://");
                        addr.trim_end_matches('/').to_owned()
                    })
                    .collect();
                if addrs.iter().any(String::is_empty) {
                    return Err("--url needs HOST:PORT[,HOST:PORT…]".into());
                }
                url = Some(addrs);
            }
            "--pid" => {
                let value = args.next().ok_or("--pid needs a process id")?;
                let text = value.to_str().ok_or("--pid needs a process id")?;
                for pid in text.split(',') {
                    pids.push(pid.parse().map_err(|_| format!("--pid: {pid:?}"))?);
                }
            }
            "--dir" => dir = Some(PathBuf::from(args.next().ok_or("--dir needs a path")?)),
            "--json" => json = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if options.interval.is_zero() {
        return Err("--interval must be more than 0".into());
    }
    match (url, server) {
        (Some(_), Some(_)) => return Err("--url and --server exclude each other".into()),
        (Some(addrs), None) => {
            if options.restart_after.is_some() {
                return Err("--restart-after needs a server the generator starts".into());
            }
            options.target = Target::Running { addrs, pids };
        }
        (None, Some(program)) => {
            options.target = Target::Spawn {
                program,
                args: Vec::new(),
            }
        }
        (None, None) => {}
    }
    Ok(Some((options, dir, json)))
}

fn describe(options: &Options) -> String {
    let restart = options.restart_after.map_or(String::new(), |after| {
        format!(
            ", server killed and restarted after {:.0} s",
            after.as_secs_f64()
        )
    });
    format!(
        "{} games, one move each {} s, ramp {} s, window {} s{restart}",
        options.games,
        options.interval.as_secs_f64(),
        options.ramp.as_secs_f64(),
        options.duration.as_secs_f64(),
    )
}

fn list(items: &[(String, u64)]) -> String {
    if items.is_empty() {
        return "none".into();
    }
    items
        .iter()
        .map(|(name, count)| format!("{name} {count}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The report in words.
fn text(r: &Report) -> String {
    let mut out = String::new();
    let mut line = |text: String| {
        out.push_str(&text);
        out.push('\n');
    };
    line(format!(
        "window {:.1} s: {:.0} actions/s ({:.0} moves and booms/s); {}",
        r.window,
        r.actions_per_sec,
        r.moves_per_sec,
        list(&r.by_kind)
    ));
    line(format!(
        "sent -> opponent's event: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} measured)",
        r.latency.p50, r.latency.p99, r.latency.max, r.latency.count
    ));
    line(format!(
        "sent -> ack:              p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        r.ack.p50, r.ack.p99, r.ack.max
    ));
    line(format!(
        "errors: refusals {}, disconnects {}, failures {}, records refused {}",
        list(&r.refusals),
        r.disconnects,
        r.failures,
        r.bad_records
    ));
    line(format!(
        "checks: lost {}, duplicated {}, mismatched games {} (games started {}, ended {}, verified against the server {})",
        r.lost, r.duplicated, r.mismatched, r.games_started, r.games_ended, r.games_verified
    ));
    line(format!(
        "server memory: {:.1} MiB before, {:.1} MiB with the games: {:.1} KiB a game (generator {:.1} MiB)",
        r.rss_before_mib, r.rss_after_mib, r.rss_per_game_kib, r.generator_rss_mib
    ));
    let server = r
        .server_cpu
        .map_or("unknown".to_owned(), |c| format!("{:.1}%", c.percent));
    line(format!(
        "CPU (100% = one core of 2): server {server}, generator {:.1}%, other processes {:.1}%",
        r.generator_cpu.percent, r.others_cpu.percent
    ));
    line(format!(
        "load average: {} before, {} after",
        r.load_before, r.load_after
    ));
    if let Some(restart) = &r.restart {
        line(format!(
            "restart: listening again {:.0} ms after the kill; {}/{} clients back after {:.0} ms; {}/{} games moved on; {} actions sent again, {} acknowledged by the welcome",
            restart.listening_ms,
            restart.clients_back,
            restart.clients,
            restart.reconnected_ms,
            restart.games_continued,
            restart.games,
            restart.resent,
            restart.acked_by_welcome
        ));
    }
    out
}
