//! What the CLI's server-facing tests (bot.rs, house_bots.rs) share.

use serde_json::Value;

/// Omega: White's Bishop mates in one (e2d3), from the engine's rule tests.
pub const MATE_IN_ONE: &str = "10/10/10/10/4K5/10/10/4B5/10/10[k/-/-/-] w - - 0 1";

/// A challenge to the bot account `bot` of the mate-in-one position on a 60+1 clock, the bot
/// White; as the holder of API token `bearer`, or as a guest without one: the server's answer.
pub fn mate_challenge(url: &str, bot: &str, bearer: Option<&str>) -> Value {
    let mut req = ureq::post(&format!("{url}/api/challenge/{bot}"));
    if let Some(token) = bearer {
        req = req.set("Authorization", &format!("Bearer {token}"));
    }
    req.send_form(&[
        ("variant", "omega"),
        ("fen", MATE_IN_ONE),
        ("clock.limit", "60"),
        ("clock.increment", "1"),
        ("color", "black"),
    ])
    .unwrap()
    .into_json()
    .unwrap()
}
