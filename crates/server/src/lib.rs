//! The Baroque game server: challenge links (accounts optional: a logged-in player's seat is
//! bound to the account, and games between two accounts may be rated), a Board API in lichess's
//! shape (NDJSON streams, moves, resign, draw, takeback, claim-victory), a WebSocket for the
//! page, server clocks, players' games, ratings and leaderboards, and every game's numbered
//! events kept in SQLite or PostgreSQL.
//!
//! The server decides everything: the engine checks every move and reports the game's end;
//! the clocks are the server's; every accepted change is committed to the database before any
//! player hears of it (see [`hub`]).

#![deny(missing_docs, unsafe_code)]

#[cfg(feature = "serve")]
pub mod account;
#[cfg(feature = "serve")]
pub mod announce;
#[cfg(feature = "serve")]
pub mod answer;
#[cfg(feature = "serve")]
pub mod api;
#[cfg(feature = "serve")]
pub mod bot_api;
#[cfg(feature = "serve")]
pub mod challenges;
#[cfg(feature = "serve")]
pub mod clock;
#[cfg(feature = "serve")]
pub mod compact;
#[cfg(feature = "serve")]
pub mod config;
#[cfg(feature = "serve")]
pub mod conn;
#[cfg(feature = "serve")]
pub mod crowd;
#[cfg(feature = "serve")]
pub mod delta;
#[cfg(feature = "serve")]
pub mod due;
#[cfg(feature = "serve")]
pub mod ending;
#[cfg(feature = "serve")]
pub mod fanout;
#[cfg(feature = "serve")]
pub mod game_chat;
#[cfg(feature = "serve")]
pub mod game_page;
#[cfg(feature = "serve")]
pub mod guard;
#[cfg(feature = "serve")]
pub mod house;
#[cfg(feature = "serve")]
pub mod hub;
#[cfg(feature = "serve")]
pub mod invite;
#[cfg(feature = "serve")]
pub mod lag;
#[cfg(feature = "serve")]
pub mod limit;
#[cfg(feature = "serve")]
pub mod listed;
#[cfg(feature = "serve")]
pub mod lobby;
pub mod message;
#[cfg(feature = "serve")]
pub mod migrate;
#[cfg(feature = "serve")]
pub mod outage;
#[cfg(feature = "serve")]
pub mod outgoing;
#[cfg(feature = "serve")]
pub mod page;
#[cfg(feature = "serve")]
pub mod players;
#[cfg(feature = "serve")]
pub mod presence;
#[cfg(feature = "serve")]
pub mod quota;
pub mod rating;
#[cfg(feature = "serve")]
pub mod ratings;
#[cfg(feature = "serve")]
pub mod record;
#[cfg(feature = "serve")]
pub mod standing;
#[cfg(feature = "serve")]
pub mod store;
#[cfg(feature = "serve")]
pub mod token;
#[cfg(feature = "serve")]
pub mod tv;
#[cfg(feature = "serve")]
pub mod user_events;
#[cfg(feature = "serve")]
pub mod ws;

/// The JSON lines of docs/online.md's first fenced `json` block after the line `heading` starts:
/// what the tests of the typed messages ([`outgoing`], [`lobby`]'s socket) hold them to, byte
/// for byte.
#[cfg(test)]
pub(crate) fn documented_block(heading: &str) -> Vec<&'static str> {
    let doc = include_str!("../../../docs/online.md");
    let at = doc
        .find(heading)
        .unwrap_or_else(|| panic!("docs/online.md has no {heading:?}"));
    doc[at..]
        .lines()
        .skip_while(|l| !l.starts_with("```json"))
        .skip(1)
        .take_while(|l| !l.starts_with("```"))
        .collect()
}

#[cfg(feature = "serve")]
use std::net::SocketAddr;
#[cfg(feature = "serve")]
use std::sync::Arc;

/// How often games nobody uses are looked for (they leave memory after two sweeps in a row).
#[cfg(feature = "serve")]
const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

/// The largest request body the game routes read.
#[cfg(feature = "serve")]
const MAX_BODY: usize = 16 * 1024;

/// How many ports after the default one are tried when it is taken.
#[cfg(feature = "serve")]
const PORTS_TRIED: u16 = 100;

/// Listens on the configured port; when none was given and the default one is taken, on the
/// next free one after it (saying so on standard error).
#[cfg(feature = "serve")]
async fn bind(config: &config::Config) -> Result<tokio::net::TcpListener, String> {
    let host = config.host.as_str();
    let fail = |port: u16, e: std::io::Error| format!("cannot listen on {host}:{port}: {e}");
    let first = match tokio::net::TcpListener::bind((host, config.port)).await {
        Ok(l) => return Ok(l),
        Err(e) => e,
    };
    if config.port_given || config.port == 0 || first.kind() != std::io::ErrorKind::AddrInUse {
        return Err(fail(config.port, first));
    }
    for port in (config.port + 1..=u16::MAX).take(usize::from(PORTS_TRIED)) {
        if let Ok(l) = tokio::net::TcpListener::bind((host, port)).await {
            eprintln!("port {} is taken; serving on {port}", config.port);
            return Ok(l);
        }
    }
    Err(fail(config.port, first))
}

/// The game's routes: the HTTP API's ([`api::routes`]), the WebSocket's ([`ws::routes`]) and
/// watching's ([`tv::routes`]),
/// which know nothing of each other, under one request-body limit and one rate bucket per
/// address (a stream or WebSocket counts once, when it opens).
#[cfg(feature = "serve")]
fn game_routes(hub: Arc<hub::Hub>, config: &config::Config) -> axum::Router {
    let limiter = limit::Limiter::behind(config.rate, config.trusted_proxies.clone());
    api::routes()
        .merge(ws::routes())
        .merge(tv::routes())
        .with_state(hub)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(limiter, limit::layer))
}

#[cfg(feature = "serve")]
/// Starts the server on `config`: opens the database (running the migrations; no game is
/// loaded until asked for), binds the port and returns the bound address and the task serving it.
pub async fn start(
    config: config::Config,
) -> Result<(SocketAddr, tokio::task::JoinHandle<std::io::Result<()>>), String> {
    let store = store::Store::open(&config.db).await?;
    let (page, warning) = page::Page::open(&config.root, config.isolation);
    if let Some(w) = warning {
        eprintln!("warning: {w}");
    }
    let listener = bind(&config).await?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let hub = hub::Hub::new(store, config.clone());
    // Nothing is loaded: games are read when asked for, and the flags of games nobody holds
    // are kept through the database's deadlines (after working out those of older rows).
    let filled = hub.fill_deadlines().await?;
    if filled > 0 {
        eprintln!("worked out the clock deadlines of {filled} older games");
    }
    // Time no server could take a move is given back to the going games, before serving.
    let server = token::game_id()?;
    let credit = outage::credit_at_start(&hub, &server).await?;
    if credit.credited_ms > 0 {
        eprintln!(
            "no server was up for {} ms: {} ms given back to {} going games",
            credit.gap_ms, credit.credited_ms, credit.games
        );
    }
    tokio::spawn(outage::heartbeat(Arc::clone(&hub), server.clone()));
    tokio::spawn(hub::crowds(Arc::clone(&hub), server.clone()));
    let lobby = lobby::Lobby::new(Arc::clone(&hub), server);
    tokio::spawn(lobby::run(Arc::clone(&lobby)));
    if hub.store().is_pg() {
        tokio::spawn(fanout::listen(
            Arc::clone(&hub),
            hub.store().url().to_string(),
        ));
        tokio::spawn(hub::heartbeat(Arc::clone(&hub)));
    }
    tokio::spawn(hub::sweeps(Arc::clone(&hub), SWEEP_EVERY));
    tokio::spawn(hub::deadlines(Arc::clone(&hub)));
    tokio::spawn(challenges::sweeps(Arc::clone(&hub)));
    // WebSocket messages count against a bucket per address of their own (`--rate`).
    let messages = quota::AddressMessages(limit::Limiter::behind(
        config.rate,
        config.trusted_proxies.clone(),
    ));
    let page = page.router();
    let app = game_routes(Arc::clone(&hub), &config)
        .merge(account::router(hub.store().clone(), &config))
        .merge(players::router(Arc::clone(&hub)))
        .merge(lobby.router(&config))
        .merge(game_page::router(page.clone()))
        .merge(page)
        .layer(axum::Extension(messages))
        .layer(axum::middleware::from_fn_with_state(
            guard::Guard::new(&config),
            guard::layer,
        ));
    // Connections counted per address and in all, timed, their long request lines shortened
    // before the parser sees them (conn, page::head); `tap_io` only lends the wrapped listener
    // axum's connection-address support.
    let open_files = conn::raise_open_files();
    let capacity = conn::capacity(open_files);
    let gate = conn::Gate::new(
        config.max_conns_per_ip,
        capacity,
        config.trusted_proxies.clone(),
    );
    let per_ip = match config.max_conns_per_ip {
        0 => "no cap per address".to_string(),
        n => format!("{n} from one address"),
    };
    eprintln!("open-files limit {open_files}: up to {capacity} connections, {per_ip}");
    let timeouts = page::head::Timeouts {
        head: config.header_timeout,
        idle: config.idle_timeout,
    };
    let listener =
        axum::serve::ListenerExt::tap_io(conn::Gated::new(listener, gate, timeouts), |_| {});
    let task = tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
    });
    Ok((addr, task))
}
