//! House bots: the engine as bot accounts that are always there to play ("Play the computer
//! online" in the lobby, docs/online.md). The bots themselves run beside the server, never in
//! its process: each is a `baroque bot --token bq_…` process (`scripts/start.sh` starts and
//! restarts them; docs/deploy.md for a deployment). This module holds the server's side:
//! [`setup`] (`baroque-server house-bots`: the accounts made or kept, fresh API tokens written
//! to a file only its owner may read) and [`online`] (which bot accounts are connected now, by
//! a row each bot's event stream keeps fresh, and lichess's `GET /api/bot/online`).
//!
//! Invariants: a token is written only to the file named by `--out` (mode 0600) and stored
//! only as its SHA-256 (as every API token, [`crate::account::api_token`]); an account that is
//! not a bot is never taken over.

pub mod online;
pub mod setup;
