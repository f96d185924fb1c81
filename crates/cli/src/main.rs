//! The `baroque` command-line tool: the README's command-line contract (`perft`, `moves`,
//! `status`, `uci`, `bench`), game records (`pgn`) and engine matches (`match`) over the engine
//! crate.
//!
//! Every command is a module with `run(args, out)`, where `args` are the arguments after the
//! command name and `out` is standard output; errors come back as [`error::CliError`], which
//! `main` turns into one `error:` line on stderr and exit status 2 (usage) or 1 (output).

mod args;
mod bench;
mod bot;
mod bot_account;
mod datagen;
mod diagram;
mod error;
mod files;
mod flags;
mod iterations;
mod matches;
mod moves;
mod perft;
mod pgn;
mod sets;
mod smp;
mod status;
mod uci;
mod usage;
mod wins;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use error::CliError;

fn main() -> ExitCode {
    let argv: Vec<String> = match std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect::<Result<Vec<String>, _>>()
    {
        Ok(v) => v,
        Err(bad) => {
            return fail(&CliError::usage(format!(
                "argument {:?} is not valid UTF-8",
                bad
            )))
        }
    };
    // The UCI session shares standard output with its search thread: no lock held here.
    if argv.first().map(String::as_str) == Some("uci") {
        return match uci_command(&argv[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&e),
        };
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match dispatch(&argv, &mut out).and_then(|()| out.flush().map_err(CliError::from)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// Runs the command named by `argv[0]` with the rest of the arguments.
fn dispatch(argv: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some((command, rest)) = argv.split_first() else {
        return Err(CliError::usage(
            "no command given; commands are perft, moves, status, pgn, uci, bench, match, sprt, datagen, diagram, bot, help (see 'baroque help')",
        ));
    };
    let wants_help = |rest: &[String]| rest.iter().any(|a| a == "--help" || a == "-h");
    match command.as_str() {
        "help" | "--help" | "-h" => help(out),
        _ if wants_help(rest) => help(out),
        "perft" => perft::run(rest, out),
        "pgn" => pgn::run(rest, out),
        "moves" => moves::run(rest, out),
        "status" => status::run(rest, out),
        "bench" => bench::run(rest, out),
        "match" => matches::run(rest, out),
        "sprt" => matches::sprt::run(rest, out),
        "datagen" => datagen::run(rest, out),
        "diagram" => diagram::run(rest, out),
        "bot" => bot::run(rest, out),
        other => Err(CliError::usage(format!(
            "unknown command '{other}'; commands are perft, moves, status, pgn, uci, bench, match, sprt, datagen, diagram, bot, help"
        ))),
    }
}

/// Runs `baroque uci` on standard input and output.
fn uci_command(rest: &[String]) -> Result<(), CliError> {
    if let Some(extra) = rest.first() {
        return Err(CliError::usage(format!(
            "unexpected argument '{extra}': 'uci' takes none"
        )));
    }
    uci::run(io::stdin().lock(), uci::Out::new(Box::new(io::stdout())))
}

/// Prints the usage to standard output.
fn help(out: &mut impl Write) -> Result<(), CliError> {
    out.write_all(usage::USAGE.as_bytes())?;
    Ok(())
}

/// Reports `e` on stderr (one `error:` line, unless the output pipe was closed) and returns its
/// exit status.
fn fail(e: &CliError) -> ExitCode {
    if let Some(m) = e.message() {
        eprintln!("error: {m}");
    }
    ExitCode::from(e.exit_code())
}
