//! `baroque-server migrate --from URL --to URL`: copies every game, its events, its
//! invitations and the accounts ([`crate::account::copy`]) from one database to another (a
//! club's SQLite file to the PostgreSQL database of several servers).
//! The target's tables are made if missing; rows already there are kept, so the command can be
//! run again after an interruption. Run it with the servers on the source stopped.

use crate::store::Store;

/// Rows read and written per transaction.
const BATCH: i64 = 500;

/// The usage text.
pub const USAGE: &str = "usage: baroque-server migrate --from URL --to URL
  copies every game and event from one database to another (sqlite://FILE or postgres://...);
  rows already in the target are kept, so it can be run again";

/// Reads `--from URL --to URL` (after `migrate`).
pub fn parse(args: &[String]) -> Result<(String, String), String> {
    let (mut from, mut to) = (None, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--from" => from = Some(value()?),
            "--to" => to = Some(value()?),
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument '{other}'\n{USAGE}")),
        }
    }
    match (from, to) {
        (Some(f), Some(t)) if f == t => Err("--from and --to are the same database".into()),
        (Some(f), Some(t)) => Ok((f, t)),
        _ => Err(format!("--from and --to are both needed\n{USAGE}")),
    }
}

/// Copies `from` into `to`; gives the report line.
pub async fn run(from: &str, to: &str) -> Result<String, String> {
    if let Some(path) = from
        .strip_prefix("sqlite://")
        .or_else(|| from.strip_prefix("sqlite:"))
    {
        let file = path.split('?').next().unwrap_or("");
        if !std::path::Path::new(file).is_file() {
            return Err(format!("--from: no SQLite file at '{file}'"));
        }
    }
    let source = Store::open(from)
        .await
        .map_err(|e| format!("--from: {e}"))?;
    let target = Store::open(to).await.map_err(|e| format!("--to: {e}"))?;
    let db = |e: sqlx::Error| format!("database error: {e}");
    let (mut games, mut new_games) = (0u64, 0u64);
    let mut after = String::new();
    loop {
        let batch = source.games_after(&after, BATCH).await.map_err(db)?;
        let Some(last) = batch.last() else { break };
        after = last.id.clone();
        games += batch.len() as u64;
        new_games += target.import(&batch, &[]).await.map_err(db)?.0;
    }
    let (mut events, mut new_events) = (0u64, 0u64);
    let mut at = (String::new(), 0i64);
    loop {
        let batch = source
            .events_after((&at.0, at.1), BATCH)
            .await
            .map_err(db)?;
        let Some(last) = batch.last() else { break };
        at = (last.0.clone(), last.1);
        events += batch.len() as u64;
        new_events += target.import(&[], &batch).await.map_err(db)?.1;
    }
    let (invites, new_invites) = crate::invite::copy(&source, &target).await.map_err(db)?;
    let (accounts, new_accounts) = crate::account::copy::copy(&source, &target)
        .await
        .map_err(db)?;
    let (tg, te) = target.counts().await.map_err(db)?;
    Ok(format!(
        "copied {games} games ({new_games} new) and {events} events ({new_events} new); \
         the target now holds {tg} games and {te} events; {invites} invitations \
         ({new_invites} new); {accounts} account rows ({new_accounts} new)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn needs_both_databases_and_two_different_ones() {
        assert_eq!(
            parse(&args(&["--from", "sqlite://a", "--to", "postgres://b"])),
            Ok(("sqlite://a".into(), "postgres://b".into()))
        );
        assert!(parse(&args(&["--from", "sqlite://a"])).is_err());
        assert!(parse(&args(&["--from", "x", "--to", "x"])).is_err());
        assert!(parse(&args(&["--to"])).is_err());
        assert!(parse(&args(&["--bogus"])).is_err());
    }
}
