//! The server's command-line arguments.

/// The database when `--db` is not given (relative to the working directory).
pub const DEFAULT_DB: &str = "sqlite://data/baroque.sqlite";

/// What the server runs with.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (default 127.0.0.1; 0.0.0.0 to take players from other machines).
    pub host: String,
    /// Port (0: any free port).
    pub port: u16,
    /// Whether `--port` was given: a port given is the one served or none; the default one,
    /// when taken, gives way to the next free one (as `npm start` always did).
    pub port_given: bool,
    /// Database URL: `sqlite://path` or `postgres://…`.
    pub db: String,
    /// How long a player may be gone from a live game before the opponent can claim the win.
    pub abandon_ms: i64,
    /// How long the side to move of a live game may take over its first move once its opponent
    /// is there before the game is aborted (`--first-move-secs`; [`crate::due`]).
    pub first_move_ms: i64,
    /// How long an invitation may stay untaken before its game is aborted (24 h; no flag, the
    /// tests shorten it).
    pub untaken_ms: i64,
    /// Requests per second allowed from one address (bursts of twice that); 0 turns it off.
    pub rate: u32,
    /// Origins allowed to open the WebSocket besides the server's own host.
    pub allow_origins: Vec<String>,
    /// The folder holding the page (index.html, www/ and the build's list of files).
    pub root: std::path::PathBuf,
    /// Whether the page is served cross-origin isolated (COOP/COEP).
    pub isolation: bool,
    /// Load balancers whose `X-Forwarded-For` names the client (for the rate limits).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Connections one address may hold open (0: no cap; trusted proxies are not capped).
    pub max_conns_per_ip: usize,
    /// How long a request's head and body may take to come in.
    pub header_timeout: std::time::Duration,
    /// How long a connection may stay quiet between requests.
    pub idle_timeout: std::time::Duration,
    /// Games one address may create a minute (0: no limit).
    pub games_per_min: u32,
    /// Host names the server answers to for browser pages besides IP addresses, `localhost`
    /// and `--host` (against DNS rebinding; see [`crate::guard`]).
    pub allow_hosts: Vec<String>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: "127.0.0.1".into(),
            port: 8080,
            port_given: false,
            db: DEFAULT_DB.into(),
            abandon_ms: 60_000,
            first_move_ms: crate::due::Limits::default().first_move_ms,
            untaken_ms: crate::due::Limits::default().untaken_ms,
            rate: 50,
            allow_origins: Vec::new(),
            root: ".".into(),
            isolation: true,
            trusted_proxies: Vec::new(),
            max_conns_per_ip: 64,
            header_timeout: std::time::Duration::from_secs(20),
            idle_timeout: std::time::Duration::from_secs(60),
            games_per_min: 30,
            allow_hosts: Vec::new(),
        }
    }
}

/// The usage text.
pub const USAGE: &str = "usage: baroque-server [--host ADDR] [--port N] [--db URL] \
[--abandon-secs N] [--first-move-secs N] [--rate N] [--allow-origin ORIGIN]... [--trusted-proxy ADDR]... [--root DIR] [--no-isolation]
       [--max-conns-per-ip N] [--header-timeout-secs N] [--idle-timeout-secs N]
       [--games-per-min N] [--allow-host NAME]...
  --host ADDR         address to listen on (default 127.0.0.1)
  --port N            port, 0 for any free one (default 8080, or the next free one if taken);
                      the URL is printed first
  --db URL            sqlite://FILE (default sqlite://data/baroque.sqlite) or postgres://...
  --abandon-secs N    seconds a player may be gone before the opponent may claim (default 60)
  --first-move-secs N seconds a live game's side to move has for its first move before the
                      game is aborted (default 30)
  --rate N            requests per second per address, 0 for no limit (default 50)
  --allow-origin O    another site's origin whose pages may play here (repeatable)
  --allow-host NAME   a name the server is reached by, besides IP addresses, localhost and
                      --host: pages reaching it by another name are refused (repeatable)
  --root DIR          the page's folder (default: the current one), served as the build lists it
  --no-isolation      serve the page without COOP/COEP, as a plain static host would
  --trusted-proxy IP  a load balancer whose X-Forwarded-For names the client (repeatable)
  --max-conns-per-ip N  connections one address may hold, 0 for no cap (default 64)
  --header-timeout-secs N  seconds a request's head and body may take to come in (default 20)
  --idle-timeout-secs N    seconds a connection may stay quiet between requests (default 60)
  --games-per-min N   games one address may create a minute, 0 for no limit (default 30)
Several servers may share one postgres:// database (see docs/deploy.md).
       baroque-server migrate --from URL --to URL   copies a database into another";

impl Config {
    /// Reads the arguments (after the program name).
    pub fn parse(args: &[String]) -> Result<Config, String> {
        let mut c = Config::default();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut value = || {
                it.next()
                    .cloned()
                    .ok_or_else(|| format!("{flag} needs a value"))
            };
            match flag.as_str() {
                "--host" => c.host = value()?,
                "--port" => {
                    c.port = number(flag, &value()?)?;
                    c.port_given = true;
                }
                "--db" => c.db = value()?,
                "--abandon-secs" => c.abandon_ms = number::<i64>(flag, &value()?)? * 1000,
                "--first-move-secs" => {
                    c.first_move_ms = number::<i64>(flag, &value()?)?.saturating_mul(1000)
                }
                "--rate" => c.rate = number(flag, &value()?)?,
                "--allow-origin" => c.allow_origins.push(value()?),
                "--root" => c.root = value()?.into(),
                "--no-isolation" => c.isolation = false,
                "--trusted-proxy" => {
                    let v = value()?;
                    c.trusted_proxies.push(
                        v.parse().map_err(|_| {
                            format!("--trusted-proxy needs an IP address, not '{v}'")
                        })?,
                    )
                }
                "--max-conns-per-ip" => c.max_conns_per_ip = number(flag, &value()?)?,
                "--header-timeout-secs" => c.header_timeout = seconds(flag, &value()?)?,
                "--idle-timeout-secs" => c.idle_timeout = seconds(flag, &value()?)?,
                "--games-per-min" => c.games_per_min = number(flag, &value()?)?,
                "--allow-host" => c.allow_hosts.push(value()?),
                "-h" | "--help" => return Err(USAGE.into()),
                other => return Err(format!("unknown argument '{other}'\n{USAGE}")),
            }
        }
        if c.abandon_ms < 0 {
            return Err("--abandon-secs must not be negative".into());
        }
        if c.first_move_ms < 1_000 {
            return Err("--first-move-secs must be at least 1".into());
        }
        Ok(c)
    }

    /// How long a game waits for its players ([`crate::due`]).
    pub fn limits(&self) -> crate::due::Limits {
        crate::due::Limits {
            first_move_ms: self.first_move_ms,
            untaken_ms: self.untaken_ms,
        }
    }
}

/// A whole number of seconds, at least 1.
fn seconds(flag: &str, text: &str) -> Result<std::time::Duration, String> {
    match number::<u64>(flag, text)? {
        0 => Err(format!("{flag} must be at least 1")),
        n => Ok(std::time::Duration::from_secs(n)),
    }
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} needs a number, not '{text}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn reads_flags_and_rejects_unknown_ones() {
        let c = Config::parse(&args(&["--port", "0", "--db", "sqlite://x.db"])).unwrap();
        assert_eq!((c.port, c.db.as_str()), (0, "sqlite://x.db"));
        assert!(Config::parse(&args(&["--port", "x"])).is_err());
        assert!(Config::parse(&args(&["--port"])).is_err());
        assert!(Config::parse(&args(&["--bogus"])).is_err());
        let c = Config::parse(&args(&["--trusted-proxy", "127.0.0.1"])).unwrap();
        assert_eq!(
            c.trusted_proxies,
            vec!["127.0.0.1".parse::<std::net::IpAddr>().unwrap()]
        );
        assert!(Config::parse(&args(&["--trusted-proxy", "lb.example"])).is_err());
        let c = Config::parse(&args(&[
            "--max-conns-per-ip",
            "8",
            "--header-timeout-secs",
            "2",
        ]))
        .unwrap();
        assert_eq!((c.max_conns_per_ip, c.header_timeout.as_secs()), (8, 2));
        assert!(Config::parse(&args(&["--idle-timeout-secs", "0"])).is_err());
    }
}
