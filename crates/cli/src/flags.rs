//! The one reader of command-line flags, shared by every command (`perft`, `moves`, `status`,
//! `pgn`, `diagram`, `bench`, `match`): `--name value` or `--name=value`, switches, and
//! positional arguments (a number such as `-1` is positional, so that `perft -1` says "bad
//! depth"). Each command matches the flag names it knows and words its own "unknown argument"
//! error; the reader words the errors every command shares:
//!
//! - `--name needs a value` when the value is missing (or is the next `--flag`: a value that
//!   starts with `--` is written inline, `--caption=--x`);
//! - `bad --name 'v': expected a whole number` for a number that is not one;
//! - `--name takes no value` for a switch given `=value`.
//!
//! ```text
//! let mut flags = Flags::new(argv);
//! while let Some(arg) = flags.next() {
//!     match arg {
//!         Arg::Flag("--depth") => depth = flags.number()?,
//!         Arg::Flag(other) => return Err(unknown(other)),
//!         Arg::Positional(p) => …,
//!     }
//! }
//! ```

use crate::error::CliError;

/// One argument of the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg<'a> {
    /// A flag's name (`--variant`, `-o`), without an inline `=value`.
    Flag(&'a str),
    /// Anything else, numbers included (`perft 3`, `perft -1`).
    Positional(&'a str),
}

/// A command line being read, one argument at a time.
#[derive(Debug)]
pub struct Flags<'a> {
    argv: &'a [String],
    /// The index of the next argument.
    next: usize,
    /// The flag last returned, with its inline value (`--name=value`).
    flag: &'a str,
    inline: Option<&'a str>,
    /// Where the argument last returned starts.
    start: usize,
}

impl<'a> Flags<'a> {
    /// A reader of `argv` (the arguments after the command's name).
    pub fn new(argv: &'a [String]) -> Flags<'a> {
        Flags {
            argv,
            next: 0,
            flag: "",
            inline: None,
            start: 0,
        }
    }

    /// The next argument, or `None` at the end.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Arg<'a>> {
        let arg = self.argv.get(self.next)?.as_str();
        self.start = self.next;
        self.next += 1;
        if !is_flag(arg) {
            self.flag = "";
            self.inline = None;
            return Some(Arg::Positional(arg));
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (arg, None),
        };
        self.flag = flag;
        self.inline = inline;
        Some(Arg::Flag(flag))
    }

    /// The value of the flag last returned: its inline `=value`, or the next argument unless
    /// that is a `--flag`.
    pub fn value(&mut self) -> Result<&'a str, CliError> {
        if let Some(v) = self.inline.take() {
            return Ok(v);
        }
        match self.argv.get(self.next) {
            Some(v) if !v.starts_with("--") => {
                self.next += 1;
                Ok(v)
            }
            _ => Err(CliError::usage(format!("{} needs a value", self.flag))),
        }
    }

    /// The flag's value as a whole number (`bad --games 'x': expected a whole number`).
    pub fn number(&mut self) -> Result<u64, CliError> {
        let v = self.value()?;
        v.trim().parse::<u64>().map_err(|_| {
            CliError::usage(format!("bad {} '{v}': expected a whole number", self.flag))
        })
    }

    /// Checks that the switch last returned was given no `=value`.
    pub fn no_value(&self) -> Result<(), CliError> {
        match self.inline {
            Some(_) => Err(CliError::usage(format!("{} takes no value", self.flag))),
            None => Ok(()),
        }
    }

    /// The argument last returned, as it was written (`--variant=omega`).
    pub fn raw(&self) -> &'a str {
        &self.argv[self.start]
    }

    /// Every argument from the one last returned to the end (`--moves` takes them all); the
    /// reader is then at the end.
    pub fn take_rest(&mut self) -> &'a [String] {
        self.next = self.argv.len();
        &self.argv[self.start..]
    }
}

/// Whether `arg` is a flag: it starts with `-`, and is neither `-` alone (standard input) nor a
/// number.
fn is_flag(arg: &str) -> bool {
    let is_number = |digits: &str| digits.bytes().all(|b| b.is_ascii_digit());
    match arg.strip_prefix('-') {
        Some(rest) => !rest.is_empty() && !is_number(rest),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn flags_take_separate_or_inline_values_and_numbers_are_positional() {
        let a = argv("--variant omega --fen=x/y -1 - --divide --games 12");
        let mut f = Flags::new(&a);
        assert_eq!(f.next(), Some(Arg::Flag("--variant")));
        assert_eq!(f.value().expect("value"), "omega");
        assert_eq!(f.next(), Some(Arg::Flag("--fen")));
        assert_eq!(f.raw(), "--fen=x/y");
        assert_eq!(f.value().expect("inline"), "x/y");
        assert_eq!(f.next(), Some(Arg::Positional("-1")));
        assert_eq!(f.next(), Some(Arg::Positional("-")));
        assert_eq!(f.next(), Some(Arg::Flag("--divide")));
        assert!(f.no_value().is_ok());
        assert_eq!(f.next(), Some(Arg::Flag("--games")));
        assert_eq!(f.number().expect("number"), 12);
        assert_eq!(f.next(), None);
    }

    #[test]
    fn missing_and_bad_values_are_named_by_their_flag() {
        let a = argv("--fen --moves a b");
        let mut f = Flags::new(&a);
        f.next();
        assert_eq!(
            f.value().expect_err("missing").to_string(),
            "--fen needs a value"
        );
        assert_eq!(f.next(), Some(Arg::Flag("--moves")));
        assert_eq!(f.take_rest(), &a[1..]);
        assert_eq!(f.next(), None);
        let a = argv("--games x --divide=yes");
        let mut f = Flags::new(&a);
        f.next();
        assert_eq!(
            f.number().expect_err("bad").to_string(),
            "bad --games 'x': expected a whole number"
        );
        f.next();
        assert_eq!(
            f.no_value().expect_err("switch").to_string(),
            "--divide takes no value"
        );
    }
}
