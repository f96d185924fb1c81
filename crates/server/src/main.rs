//! `baroque-server`: prints its URL on the first line of standard output, then serves.
//! `baroque-server migrate --from URL --to URL` copies one database into another.
//! `baroque-server house-bots --levels 2,4,6 --out FILE` makes the house bots' accounts and
//! writes their fresh API tokens to FILE (mode 0600).

use std::io::Write;
use std::process::ExitCode;

use baroque_server::config::Config;

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("migrate") {
        return migrate(&args[1..]).await;
    }
    if args.first().map(String::as_str) == Some("house-bots") {
        return house_bots(&args[1..]).await;
    }
    let config = match Config::parse(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (addr, task) = match baroque_server::start(config).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("http://localhost:{}/", addr.port());
    let _ = std::io::stdout().flush();
    match task.await {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn migrate(args: &[String]) -> ExitCode {
    let (from, to) = match baroque_server::migrate::parse(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    finish(baroque_server::migrate::run(&from, &to).await)
}

async fn house_bots(args: &[String]) -> ExitCode {
    let options = match baroque_server::house::setup::parse(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    finish(baroque_server::house::setup::run(&options).await)
}

/// A subcommand's end: its report on stdout and success, or its error on stderr and failure.
fn finish<R: std::fmt::Display, E: std::fmt::Display>(result: Result<R, E>) -> ExitCode {
    match result {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
