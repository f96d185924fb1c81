//! The CLI's one error type and its exit statuses.

use std::fmt;
use std::io;

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// A wrong argument, variant, option, FEN or move: one `error:` line, exit status 2.
    Usage(String),
    /// Writing the output failed (a closed pipe, a full disk): exit status 1. A closed pipe is
    /// not reported, as other command-line tools do.
    Output(io::Error),
}

impl CliError {
    /// A usage error with `message`.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }

    /// The process exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Output(_) => 1,
        }
    }

    /// The line to print on stderr, if any (without the `error: ` prefix).
    pub fn message(&self) -> Option<String> {
        match self {
            CliError::Usage(m) => Some(one_line(m)),
            CliError::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => None,
            CliError::Output(e) => Some(format!("cannot write the output: {e}")),
        }
    }
}

/// `s` with line breaks turned into spaces, so that an error is always exactly one line.
fn one_line(s: &str) -> String {
    s.split(['\n', '\r'])
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) => f.write_str(m),
            CliError::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Output(e)
    }
}
