//! Accounts for the tests: signed up from the server's own page, with a personal API token.

use serde_json::Value;

use super::{client, Server};

/// The session cookie's name.
pub const COOKIE: &str = "baroque-session";
/// Every test account's password.
pub const PASSWORD: &str = "correct horse battery";

/// A logged-in player: its session id and a personal API token.
pub struct Account {
    /// The session id.
    pub session: String,
    /// An API token.
    pub token: String,
}

/// Signs `name` up (from the server's own page) and makes an API token.
pub async fn account(s: &Server, name: &str) -> Account {
    let r = client()
        .post(format!("{}/signup", s.url))
        .header("origin", &s.url)
        .header("accept", "application/json")
        .form(&[("username", name), ("password", PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "signup {name}");
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_string();
    let session = cookie
        .strip_prefix(&format!("{COOKIE}="))
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let t: Value = client()
        .post(format!("{}/api/token", s.url))
        .header("origin", &s.url)
        .header("cookie", format!("{COOKIE}={session}"))
        .header("accept", "application/json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    Account {
        session,
        token: t["token"].as_str().unwrap().to_string(),
    }
}
