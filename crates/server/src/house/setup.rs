//! `baroque-server house-bots --db URL --levels 2,4,6 --out FILE`: makes (or keeps) one bot
//! account per engine level, named `PREFIX` + level (`baroque-level-2`), and gives each a fresh
//! API token, written to `FILE` (created with mode 0600: only its owner reads it), one line per
//! bot: `LEVEL NAME TOKEN`. Run again, it makes no new account and **rotates** the tokens: the
//! house-bot token of each account (the one described [`DESCRIPTION`]) is revoked and a new one
//! written, so the file is the only place a working token is, and a stale copy stops working.
//! No token is printed; the report names the accounts only.
//!
//! A house bot's account has no password anyone knows (a random one, hashed and forgotten):
//! it is used only by its token. A name already taken by an account that is not a bot is an
//! error (choose another `--prefix`), never taken over.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::account::{api_token, password, users};
use crate::clock::now_ms;
use crate::store::Store;
use crate::token;

/// The description of a house bot's API token (the ones the command rotates).
pub const DESCRIPTION: &str = "house bot";

/// The names' default start.
pub const DEFAULT_PREFIX: &str = "baroque-level-";

/// The usage text.
pub const USAGE: &str =
    "usage: baroque-server house-bots --levels 2,4,6 --out FILE [--db URL] [--prefix NAME]
  makes (or keeps) one bot account per engine level (1-8), named PREFIX + level
  (default baroque-level-2, ...), and writes a fresh API token for each to FILE (mode 0600),
  one line per bot: LEVEL NAME TOKEN; run again, it rotates the tokens (the old ones stop
  working). --db: as the server's (default sqlite://data/baroque.sqlite)";

/// What the command was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The database.
    pub db: String,
    /// The engine levels, one bot each, in the order given (no repeats).
    pub levels: Vec<u8>,
    /// The file the tokens go to.
    pub out: PathBuf,
    /// The names' start.
    pub prefix: String,
}

/// Reads the arguments after `house-bots`.
pub fn parse(args: &[String]) -> Result<Options, String> {
    let (mut db, mut levels, mut out, mut prefix) = (None, None, None, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))
        };
        match flag {
            "--db" => db = Some(value()?),
            "--levels" => levels = Some(read_levels(&value()?)?),
            "--out" => out = Some(PathBuf::from(value()?)),
            "--prefix" => prefix = Some(value()?),
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument '{other}'\n{USAGE}")),
        }
    }
    let (Some(levels), Some(out)) = (levels, out) else {
        return Err(format!("--levels and --out are both needed\n{USAGE}"));
    };
    let prefix = prefix.unwrap_or_else(|| DEFAULT_PREFIX.into());
    // The longest name (prefix and one digit) must be a valid account name.
    if let Some(problem) = users::problem(&format!("{prefix}8")) {
        return Err(format!("--prefix '{prefix}': {problem}"));
    }
    Ok(Options {
        db: db.unwrap_or_else(|| crate::config::DEFAULT_DB.into()),
        levels,
        out,
        prefix,
    })
}

/// `2,4,6` → the levels, each 1–8, no repeats.
fn read_levels(text: &str) -> Result<Vec<u8>, String> {
    let mut levels = Vec::new();
    for word in text.split(',').map(str::trim) {
        let level: u8 = word
            .parse()
            .ok()
            .filter(|l| baroque_engine::search::Level::get(*l).is_some())
            .ok_or_else(|| format!("--levels: '{word}' is not a level (1 to 8)"))?;
        if !levels.contains(&level) {
            levels.push(level);
        }
    }
    Ok(levels)
}

/// One bot as the command left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// Its engine level.
    pub level: u8,
    /// The account's name.
    pub name: String,
    /// Whether the account was made by this run (false: it was there).
    pub new: bool,
}

/// Makes or keeps the accounts and writes their fresh tokens to `o.out`; gives the report
/// line (names only, no token).
pub async fn run(o: &Options) -> Result<String, String> {
    let store = Store::open(&o.db).await.map_err(|e| format!("--db: {e}"))?;
    let mut made = Vec::new();
    let mut lines = String::from(
        "# house bots: LEVEL NAME TOKEN (baroque-server house-bots; secret, keep mode 0600)\n",
    );
    for &level in &o.levels {
        let name = format!("{}{level}", o.prefix);
        let new = account(&store, &name).await?;
        let token = fresh_token(&store, &users::id_of(&name)).await?;
        lines.push_str(&format!("{level} {name} {token}\n"));
        made.push(Made { level, name, new });
    }
    write_secret(&o.out, &lines)?;
    let list: Vec<String> = made
        .iter()
        .map(|m| format!("{} ({})", m.name, if m.new { "new" } else { "kept" }))
        .collect();
    let tokens = if made.len() == 1 { "token" } else { "tokens" };
    Ok(format!(
        "house bots: {}; {} fresh {tokens} written to {} (mode 0600)",
        list.join(", "),
        made.len(),
        o.out.display()
    ))
}

/// Makes bot account `name` if missing (true) or keeps it if it is a bot (false); an account
/// of that name that is not a bot is an error.
async fn account(store: &Store, name: &str) -> Result<bool, String> {
    let db = |e: sqlx::Error| format!("database error: {e}");
    match users::find(store, name).await.map_err(db)? {
        Some((user, _)) if user.is_bot() => return Ok(false),
        Some(_) => {
            return Err(format!(
                "the account '{name}' exists and is not a bot: it is not taken over \
                 (choose another --prefix)"
            ))
        }
        None => {}
    }
    // A password nobody knows: the account is used by its token only.
    let hash = password::hash(token::seat_token()?).await?;
    let new = users::create(store, name, &hash, now_ms())
        .await
        .map_err(db)?
        .is_some();
    let id = users::id_of(name);
    if !users::set_bot(store, &id).await.map_err(db)? {
        return Err(format!("the account '{name}' cannot be made a bot"));
    }
    Ok(new)
}

/// Revokes account `user`'s house-bot tokens and makes a new one: the token.
async fn fresh_token(store: &Store, user: &str) -> Result<String, String> {
    sqlx::query("DELETE FROM api_tokens WHERE user_id = $1 AND description = $2")
        .bind(user.to_string())
        .bind(DESCRIPTION)
        .execute(store.pool())
        .await
        .map_err(|e| format!("database error: {e}"))?;
    api_token::create(store, user, DESCRIPTION, now_ms())
        .await?
        .map(|(_, secret)| secret)
        .ok_or_else(|| {
            format!(
                "the account '{user}' holds {} API tokens: revoke some",
                api_token::MAX_PER_ACCOUNT
            )
        })
}

/// Writes `text` to `path` through a file only its owner may read or write (mode 0600, made
/// so before anything is written), put in place by a rename.
fn write_secret(path: &Path, text: &str) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let _ = std::fs::remove_file(&tmp);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&tmp).map_err(fail)?;
    file.write_all(text.as_bytes()).map_err(fail)?;
    file.sync_all().map_err(fail)?;
    drop(file);
    std::fs::rename(&tmp, path).map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn reads_levels_out_and_prefix_and_refuses_bad_ones() {
        let o = parse(&args(&["--levels", "2,4,6,4", "--out=bots.txt"])).unwrap();
        assert_eq!(o.levels, [2, 4, 6]);
        assert_eq!(o.out, PathBuf::from("bots.txt"));
        assert_eq!(o.prefix, DEFAULT_PREFIX);
        assert_eq!(o.db, crate::config::DEFAULT_DB);
        for bad in [
            &["--levels", "2"][..],
            &["--out", "x"],
            &["--levels", "0", "--out", "x"],
            &["--levels", "9", "--out", "x"],
            &["--levels", "two", "--out", "x"],
            &["--levels", "2", "--out", "x", "--prefix", "a b"],
            &[
                "--levels",
                "2",
                "--out",
                "x",
                "--prefix",
                "a-very-long-prefix-here-",
            ],
            &["--levels"],
            &["--bogus"],
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn the_file_is_only_its_owners_even_over_an_open_one() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("baroque-house-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bots.txt");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        write_secret(&path, "2 a bq_x\n").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "2 a bq_x\n");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
