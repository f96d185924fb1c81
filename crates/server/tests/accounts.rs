//! Issue 35's optional accounts against a real `baroque-server` on 127.0.0.1: signup, login,
//! logout and password change; names and passwords checked; one answer for a wrong name and a
//! wrong password; the login rate limit under a guessing run; no session fixation; cross-site
//! requests refused; personal API tokens; lichess's user JSON; secrets neither logged nor
//! stored in clear.

mod common;

use std::process::{Command, Stdio};

use common::{fresh_db, Server};
use reqwest::header::HeaderMap;
use serde_json::{json, Value};

const COOKIE: &str = "baroque-session";

/// A server whose standard error goes to a file (read by [`secrets_are_never_logged_nor_stored`]).
fn start(db: &std::path::Path, args: &[&str]) -> (Server, std::path::PathBuf) {
    let log = db.with_file_name("stderr.log");
    let child = Command::new(env!("CARGO_BIN_EXE_baroque-server"))
        .args(["--port", "0", "--db", &format!("sqlite://{}", db.display())])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("server starts");
    (Server::ready(child), log)
}

/// A client that does not follow redirects and keeps no cookies (each test passes them).
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(std::time::Duration::from_secs(20))
        .build()
        .unwrap()
}

/// An answer: status, headers, JSON body (Null if none).
struct Answer {
    status: u16,
    headers: HeaderMap,
    body: Value,
}

impl Answer {
    /// The session id the answer sets (`Some("")` when it clears the cookie).
    fn session(&self) -> Option<String> {
        self.set_cookie()
            .and_then(|c| c.strip_prefix(&format!("{COOKIE}=")).map(|v| v.to_string()))
            .map(|v| v.split(';').next().unwrap().to_string())
    }

    fn set_cookie(&self) -> Option<String> {
        self.headers
            .get("set-cookie")
            .map(|v| v.to_str().unwrap().to_string())
    }

    /// The `baroque-login` mark the answer sets (the page's sign that a session is open).
    fn mark(&self) -> Option<String> {
        self.headers
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap().to_string())
            .find(|c| c.starts_with("baroque-login="))
    }
}

/// What a request carries besides its fields.
#[derive(Default, Clone, Copy)]
struct With<'a> {
    session: Option<&'a str>,
    bearer: Option<&'a str>,
    origin: Option<&'a str>,
    fetch_site: Option<&'a str>,
    json: bool,
}

async fn send(rb: reqwest::RequestBuilder, w: With<'_>) -> Answer {
    let mut rb = rb;
    if let Some(s) = w.session {
        rb = rb.header("cookie", format!("{COOKIE}={s}"));
    }
    if let Some(b) = w.bearer {
        rb = rb.bearer_auth(b);
    }
    if let Some(o) = w.origin {
        rb = rb.header("origin", o);
    }
    if let Some(f) = w.fetch_site {
        rb = rb.header("sec-fetch-site", f);
    }
    if w.json {
        rb = rb.header("accept", "application/json");
    }
    let r = rb.send().await.unwrap();
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    let body = r.json().await.unwrap_or(Value::Null);
    Answer {
        status,
        headers,
        body,
    }
}

async fn post(s: &Server, path: &str, fields: &[(&str, &str)], w: With<'_>) -> Answer {
    send(client().post(format!("{}{path}", s.url)).form(fields), w).await
}

async fn get(s: &Server, path: &str, w: With<'_>) -> Answer {
    send(client().get(format!("{}{path}", s.url)), w).await
}

/// Same-origin JSON.
fn own(s: &Server) -> With<'_> {
    With {
        origin: Some(&s.url),
        json: true,
        ..With::default()
    }
}

/// Signs `name` up with `password`; gives the session id.
async fn signup(s: &Server, name: &str, password: &str) -> String {
    let a = post(
        s,
        "/signup",
        &[("username", name), ("password", password)],
        own(s),
    )
    .await;
    assert_eq!(a.status, 200, "signup {name}: {}", a.body);
    assert_eq!(a.body, json!({"ok": true, "username": name}));
    a.session().expect("a session cookie")
}

async fn login(s: &Server, name: &str, password: &str) -> Answer {
    post(
        s,
        "/login",
        &[("username", name), ("password", password)],
        own(s),
    )
    .await
}

async fn whoami(s: &Server, session: &str) -> Answer {
    get(
        s,
        "/api/account",
        With {
            session: Some(session),
            ..With::default()
        },
    )
    .await
}

#[tokio::test]
async fn signup_login_logout_and_password_change() {
    let (s, _) = start(&fresh_db(), &["--rate", "0"]);
    // A browser's form post: 303 to the page with the cookie.
    let a = post(
        &s,
        "/signup",
        &[("username", "Alice_1"), ("password", "first password")],
        With {
            origin: Some(&s.url),
            ..With::default()
        },
    )
    .await;
    assert_eq!(a.status, 303, "{}", a.body);
    assert_eq!(a.headers["location"], "/");
    let cookie = a.set_cookie().unwrap();
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP: {cookie}");
    // The page's mark: readable by scripts, no secret in it.
    let mark = a.mark().expect("the login mark is set with the session");
    assert!(mark.starts_with("baroque-login=1;"), "{mark}");
    assert!(!mark.contains("HttpOnly"), "{mark}");
    let first = a.session().unwrap();
    assert_eq!(first.len(), 32);
    let me = whoami(&s, &first).await;
    assert_eq!(me.status, 200);
    assert_eq!(
        (me.body["id"].clone(), me.body["username"].clone()),
        (json!("alice_1"), json!("Alice_1"))
    );

    // Logging in (any case) makes a second, different session.
    let a = login(&s, "ALICE_1", "first password").await;
    assert_eq!(
        (a.status, a.body.clone()),
        (200, json!({"ok": true, "username": "Alice_1"}))
    );
    let second = a.session().unwrap();
    assert_ne!(first, second);

    // A password change keeps this session and ends the others.
    let change = |old: &'static str, new: &'static str, session: String| {
        let s = &s;
        async move {
            post(
                s,
                "/account/password",
                &[("oldPassword", old), ("newPassword", new)],
                With {
                    session: Some(&session),
                    ..own(s)
                },
            )
            .await
        }
    };
    let a = change("wrong password", "second password", second.clone()).await;
    assert_eq!(
        (a.status, a.body["code"].clone()),
        (401, json!("bad-credentials"))
    );
    let a = change("first password", "short", second.clone()).await;
    assert_eq!(
        (a.status, a.body["code"].clone()),
        (400, json!("bad-password"))
    );
    let a = change("first password", "second password", second.clone()).await;
    assert_eq!(
        (a.status, a.body.clone()),
        (200, json!({"ok": true, "sessionsEnded": 1}))
    );
    assert_eq!(whoami(&s, &first).await.status, 401);
    assert_eq!(whoami(&s, &second).await.status, 200);
    assert_eq!(login(&s, "alice_1", "first password").await.status, 401);
    assert_eq!(login(&s, "alice_1", "second password").await.status, 200);

    // Logging out ends the session and clears the cookie.
    let a = post(
        &s,
        "/logout",
        &[],
        With {
            session: Some(&second),
            ..own(&s)
        },
    )
    .await;
    assert_eq!((a.status, a.body.clone()), (200, json!({"ok": true})));
    assert_eq!(a.session().as_deref(), Some(""));
    assert!(a.set_cookie().unwrap().contains("Max-Age=0"));
    assert!(
        a.mark().unwrap().contains("Max-Age=0"),
        "logout clears the mark"
    );
    let gone = whoami(&s, &second).await;
    assert_eq!(
        (gone.status, gone.body["code"].clone()),
        (401, json!("not-logged-in"))
    );
}

#[tokio::test]
async fn the_cookie_is_secure_when_a_trusted_proxy_says_https() {
    let (s, _) = start(
        &fresh_db(),
        &["--rate", "0", "--trusted-proxy", "127.0.0.1"],
    );
    let a = send(
        client()
            .post(format!("{}/signup", s.url))
            .header("x-forwarded-proto", "https")
            .form(&[("username", "bob"), ("password", "bob's password")]),
        own(&s),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.set_cookie().unwrap().ends_with("; Secure"));
}

#[tokio::test]
async fn names_and_passwords_are_checked_with_clear_errors() {
    let (s, _) = start(&fresh_db(), &["--rate", "0"]);
    signup(&s, "Carol", "carol's password").await;
    let a = post(
        &s,
        "/signup",
        &[("username", "cAROL"), ("password", "another one")],
        own(&s),
    )
    .await;
    assert_eq!(
        (a.status, a.body["code"].clone()),
        (409, json!("name-taken")),
        "{}",
        a.body
    );
    assert!(a.body["error"].as_str().unwrap().contains("has this name"));
    let long = "x".repeat(21);
    for bad in ["ab", "a b", long.as_str(), "zoë_123", "", "a/b"] {
        let a = post(
            &s,
            "/signup",
            &[("username", bad), ("password", "good password")],
            own(&s),
        )
        .await;
        assert_eq!(
            (a.status, a.body["code"].clone()),
            (400, json!("bad-username")),
            "{bad:?}"
        );
        assert!(!a.body["error"].as_str().unwrap().is_empty());
    }
    let huge = "p".repeat(1025);
    for bad in ["", "seven77", huge.as_str(), "Dave_the_player"] {
        let a = post(
            &s,
            "/signup",
            &[("username", "Dave_the_player"), ("password", bad)],
            own(&s),
        )
        .await;
        assert_eq!(
            (a.status, a.body["code"].clone()),
            (400, json!("bad-password")),
            "{}",
            a.body
        );
    }
    let ok = "p".repeat(1024);
    signup(&s, "Dave_the_player", &ok).await;
    // A JSON body works as the form does.
    let a = send(
        client()
            .post(format!("{}/signup", s.url))
            .json(&json!({"username": "Erin", "password": "erin's password"})),
        own(&s),
    )
    .await;
    assert_eq!(
        (a.status, a.body.clone()),
        (200, json!({"ok": true, "username": "Erin"}))
    );
    let a = send(
        client()
            .post(format!("{}/signup", s.url))
            .header("content-type", "application/json")
            .body("{not json"),
        own(&s),
    )
    .await;
    assert_eq!(
        (a.status, a.body["code"].clone()),
        (400, json!("bad-request"))
    );
}

#[tokio::test]
async fn a_wrong_name_and_a_wrong_password_get_the_same_answer() {
    let (s, _) = start(&fresh_db(), &["--rate", "0"]);
    signup(&s, "frank", "frank's password").await;
    let wrong_password = login(&s, "frank", "not frank's password").await;
    let wrong_name = login(&s, "frankie", "frank's password").await;
    let bad_name = login(&s, "no such name!", "frank's password").await;
    assert_eq!(wrong_password.status, 401);
    assert_eq!(
        wrong_password.body,
        json!({"error": "wrong name or password", "code": "bad-credentials"})
    );
    for other in [&wrong_name, &bad_name] {
        assert_eq!(
            (other.status, &other.body),
            (wrong_password.status, &wrong_password.body)
        );
        assert!(other.set_cookie().is_none());
    }
}

#[tokio::test]
async fn the_login_rate_limit_holds_under_a_guessing_run() {
    let (s, _) = start(&fresh_db(), &["--rate", "0"]);
    signup(&s, "grace", "grace's password").await;
    let mut statuses = Vec::new();
    for i in 0..30 {
        let a = login(&s, "Grace", &format!("guess number {i}")).await;
        if a.status == 429 {
            assert_eq!(a.body["code"], "rate-limited");
            let wait: u64 = a.headers["retry-after"].to_str().unwrap().parse().unwrap();
            assert!((1..=900).contains(&wait), "{wait}");
        }
        statuses.push(a.status);
    }
    assert_eq!(statuses[..5], [401; 5]);
    assert!(statuses[5..].iter().all(|s| *s == 429), "{statuses:?}");
    // The right password is refused while the name is limited.
    let a = login(&s, "grace", "grace's password").await;
    assert_eq!(
        (a.status, a.body["code"].clone()),
        (429, json!("rate-limited"))
    );
    assert!(a.session().is_none());

    // Per address: 20 failures over several names stop this address's logins to any name.
    signup(&s, "heidi", "heidi's password").await;
    for name in ["ivan", "judy", "mallory"] {
        for i in 0..5 {
            assert_eq!(login(&s, name, &format!("guess {i}")).await.status, 401);
        }
    }
    let a = login(&s, "heidi", "heidi's password").await;
    assert_eq!(
        (a.status, a.body["code"].clone()),
        (429, json!("rate-limited"))
    );
}

/// The scripted guessing run (issue 35), each request's address its own through a trusted
/// proxy's `X-Forwarded-For`: 200 passwords against one name, each from another address, are
/// answered 5 times (the name's limit) and refused 429 after, the right password among them
/// too; 200 names from one address are answered 20 times (the address's limit) with the same
/// answer for a wrong name as for a wrong password, then refused; meanwhile another player logs
/// in from another address. The times go to stderr (`--nocapture`; docs/online.md quotes them).
#[tokio::test]
async fn a_guessing_run_from_many_addresses_and_many_names_is_held() {
    use std::time::{Duration, Instant};
    let (s, _) = start(
        &fresh_db(),
        &["--rate", "0", "--trusted-proxy", "127.0.0.1"],
    );
    signup(&s, "oscar", "oscar's password").await;
    let known = ["trent", "victor", "wendy"];
    for name in known {
        signup(&s, name, &format!("{name}'s password")).await;
    }
    signup(&s, "peggy", "peggy's password").await;
    let from = |ip: String, name: String, password: String| {
        let s = &s;
        async move {
            let rb = client()
                .post(format!("{}/login", s.url))
                .header("x-forwarded-for", ip)
                .form(&[("username", name.as_str()), ("password", password.as_str())]);
            let at = Instant::now();
            let a = send(rb, own(s)).await;
            (a, at.elapsed())
        }
    };
    let median = |mut t: Vec<Duration>| -> Duration {
        t.sort();
        t.get(t.len() / 2).copied().unwrap_or_default()
    };
    // Many passwords against one name, from as many addresses.
    let run = Instant::now();
    let (mut answered, mut refused) = (Vec::new(), Vec::new());
    for i in 0..200u32 {
        let ip = format!("10.0.{}.{}", i / 250, 1 + i % 250);
        let password = if i == 100 {
            "oscar's password".to_string()
        } else {
            format!("guess {i}")
        };
        let (a, took) = from(ip, "Oscar".into(), password).await;
        if i < 5 {
            assert_eq!(
                (a.status, &a.body["code"]),
                (401, &json!("bad-credentials")),
                "{i}"
            );
            answered.push(took);
        } else {
            assert_eq!(
                (a.status, &a.body["code"]),
                (429, &json!("rate-limited")),
                "{i}"
            );
            assert!(a.session().is_none());
            refused.push(took);
        }
    }
    eprintln!(
        "guessing run, one name from 200 addresses: {} ms in all; 5 answered 401 (median {:?}), 195 refused 429 (median {:?})",
        run.elapsed().as_millis(),
        median(answered),
        median(refused),
    );
    // Many names from one address, a wrong name and a wrong password in turn (each known name
    // under its own limit of 5): answered alike, after alike work.
    let run = Instant::now();
    let (mut wrong_name, mut wrong_password, mut refused) = (Vec::new(), Vec::new(), Vec::new());
    let mut first = Vec::new();
    for i in 0..200u32 {
        let (name, password) = match i {
            150 => ("peggy".to_string(), "peggy's password".to_string()),
            _ if i < 20 && i % 2 == 0 => (
                known[(i as usize / 2) % 3].to_string(),
                format!("guess {i}"),
            ),
            _ => (format!("ghost{i}"), format!("guess {i}")),
        };
        let (a, took) = from("10.9.9.9".into(), name.clone(), password).await;
        if i < 20 {
            assert_eq!(a.status, 401, "{i}: {}", a.body);
            if i < 2 {
                first.push(a.body.clone());
            }
            if known.contains(&name.as_str()) {
                wrong_password.push(took);
            } else {
                wrong_name.push(took);
            }
        } else {
            assert_eq!(
                (a.status, &a.body["code"]),
                (429, &json!("rate-limited")),
                "{i}"
            );
            assert!(a.session().is_none());
            refused.push(took);
        }
    }
    assert_eq!(
        first[0], first[1],
        "a wrong password and a wrong name answered alike"
    );
    eprintln!(
        "guessing run, 200 names from one address: {} ms in all; 20 answered 401 (wrong name median {:?}, wrong password median {:?}), 180 refused 429 (median {:?})",
        run.elapsed().as_millis(),
        median(wrong_name),
        median(wrong_password),
        median(refused),
    );
    // Peggy, from her own address, still logs in (the address's refusals did not count against
    // her name); Oscar's right password is still refused while his name is limited.
    let (a, _) = from("10.5.5.5".into(), "peggy".into(), "peggy's password".into()).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.session().is_some());
    let (a, _) = from("10.5.5.6".into(), "oscar".into(), "oscar's password".into()).await;
    assert_eq!(a.status, 429);
}

#[tokio::test]
async fn a_session_id_presented_before_login_is_never_promoted() {
    let (s, _) = start(&fresh_db(), &["--rate", "0"]);
    signup(&s, "victim", "victim's password").await;
    let attacker = signup(&s, "attacker", "attacker's password").await;
    let planted = "0123456789abcdef0123456789abcdef";
    for presented in [planted, attacker.as_str()] {
        let a = post(
            &s,
            "/login",
            &[("username", "victim"), ("password", "victim's password")],
            With {
                session: Some(presented),
                ..own(&s)
            },
        )
        .await;
        assert_eq!(a.status, 200);
        let given = a.session().unwrap();
        assert_ne!(given, presented);
        assert_eq!(whoami(&s, &given).await.body["id"], "victim");
        // The presented id opens nothing now (the attacker's own session was ended).
        assert_eq!(whoami(&s, presented).await.status, 401);
    }
}

#[tokio::test]
async fn cross_site_requests_are_refused() {
    let (s, _) = start(&fresh_db(), &["--rate", "0"]);
    let session = signup(&s, "oscar", "oscar's password").await;
    let evil = "http://evil.example";
    let with = |origin: Option<&'static str>, fetch_site: Option<&'static str>| With {
        session: Some(&session),
        origin,
        fetch_site,
        json: true,
        ..With::default()
    };
    // Another site, by Origin or by Sec-Fetch-Site; no header at all (curl) with the cookie.
    for w in [
        with(Some(evil), None),
        with(None, Some("cross-site")),
        with(None, Some("same-site")),
        with(Some("null"), None),
        with(None, None),
    ] {
        let a = post(&s, "/api/token", &[], w).await;
        assert_eq!(
            (a.status, a.body["code"].clone()),
            (403, json!("bad-origin")),
            "{:?}",
            a.body
        );
        let a = post(&s, "/logout", &[], w).await;
        assert_eq!(a.status, 403);
    }
    assert_eq!(
        whoami(&s, &session).await.status,
        200,
        "the session lives on"
    );
    let a = post(
        &s,
        "/login",
        &[("username", "oscar"), ("password", "oscar's password")],
        with(Some(evil), None),
    )
    .await;
    assert_eq!(
        (a.status, a.body["code"].clone()),
        (403, json!("bad-origin"))
    );
    assert!(a.session().is_none());
    // The own page: by Origin or by Sec-Fetch-Site.
    let a = post(
        &s,
        "/api/token",
        &[],
        With {
            origin: Some(&s.url),
            ..with(None, None)
        },
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let token = a.body["token"].as_str().unwrap().to_string();
    let a = post(&s, "/api/token", &[], with(None, Some("same-origin"))).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // A script without Origin: with a token, yes.
    let id = a.body["id"].as_str().unwrap().to_string();
    let a = post(
        &s,
        &format!("/api/token/{id}/revoke"),
        &[],
        With {
            bearer: Some(&token),
            ..With::default()
        },
    )
    .await;
    assert_eq!((a.status, a.body.clone()), (200, json!({"ok": true})));
    // A script may log in without Origin (no cookie is involved yet).
    let a = post(
        &s,
        "/login",
        &[("username", "oscar"), ("password", "oscar's password")],
        With {
            json: true,
            ..With::default()
        },
    )
    .await;
    assert_eq!(a.status, 200);
}

#[tokio::test]
async fn personal_api_tokens_are_made_used_and_revoked() {
    let (s, _) = start(&fresh_db(), &["--rate", "0"]);
    let session = signup(&s, "Peggy", "peggy's password").await;
    let cookie = With {
        session: Some(&session),
        ..own(&s)
    };
    let a = post(&s, "/api/token", &[("description", "my bot")], cookie).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.headers["cache-control"], "no-store");
    let token = a.body["token"].as_str().unwrap().to_string();
    let id = a.body["id"].as_str().unwrap().to_string();
    assert!(token.starts_with("bq_") && token.len() == 35, "{token}");
    let bearer = With {
        bearer: Some(&token),
        ..With::default()
    };
    let me = get(&s, "/api/account", bearer).await;
    assert_eq!(
        (me.status, me.body["username"].clone()),
        (200, json!("Peggy"))
    );
    // The list holds no secret.
    let list = get(&s, "/api/tokens", bearer).await;
    assert_eq!(list.status, 200);
    let tokens = list.body["tokens"].as_array().unwrap();
    assert_eq!(tokens.len(), 1);
    assert_eq!(
        (tokens[0]["id"].clone(), tokens[0]["description"].clone()),
        (json!(id), json!("my bot"))
    );
    assert!(!list.body.to_string().contains(&token[3..]));
    // A token makes no token (that takes the page's session).
    let a = post(&s, "/api/token", &[], bearer).await;
    assert_eq!(
        (a.status, a.body["code"].clone()),
        (403, json!("session-needed"))
    );
    // Revoked: the token acts no more.
    let a = send(client().delete(format!("{}/api/token/{id}", s.url)), cookie).await;
    assert_eq!((a.status, a.body.clone()), (200, json!({"ok": true})));
    let me = get(&s, "/api/account", bearer).await;
    assert_eq!(
        (me.status, me.body["code"].clone()),
        (401, json!("not-logged-in"))
    );
    let a = send(client().delete(format!("{}/api/token/{id}", s.url)), cookie).await;
    assert_eq!((a.status, a.body["code"].clone()), (404, json!("no-token")));
    let junk = get(
        &s,
        "/api/account",
        With {
            bearer: Some("bq_nonsense"),
            ..With::default()
        },
    )
    .await;
    assert_eq!(junk.status, 401);
    assert_eq!(get(&s, "/api/account", With::default()).await.status, 401);
}

#[tokio::test]
async fn a_user_answers_lichess_s_json() {
    let (s, _) = start(&fresh_db(), &["--rate", "0"]);
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    signup(&s, "Quentin-Q", "quentin's password").await;
    let a = get(&s, "/api/user/QUENTIN-q", With::default()).await;
    assert_eq!(a.status, 200);
    let u = a.body;
    assert_eq!(
        (u["id"].clone(), u["username"].clone()),
        (json!("quentin-q"), json!("Quentin-Q"))
    );
    let new = json!({"rating": 1500, "rd": 500, "prog": 0, "games": 0, "prov": true});
    assert_eq!(
        u["perfs"],
        json!({"ultima": new, "omega": new, "hybrid": new})
    );
    let created = u["createdAt"].as_i64().unwrap();
    assert!(created >= before && created < before + 60_000);
    assert!(u.get("password").is_none());
    let a = get(&s, "/api/user/nobody", With::default()).await;
    assert_eq!((a.status, a.body["code"].clone()), (404, json!("no-user")));
    let a = get(&s, "/api/user/%3Cscript%3E", With::default()).await;
    assert_eq!(a.status, 404);
}

#[tokio::test]
async fn secrets_are_never_logged_nor_stored() {
    let db = fresh_db();
    let (s, log) = start(&db, &["--rate", "0"]);
    let password = "Sekret-Passw0rd-for-the-log-test";
    let new_password = "An0ther-Sekret-for-the-log-test";
    let first = signup(&s, "ruth", password).await;
    let second = login(&s, "ruth", password).await.session().unwrap();
    login(&s, "ruth", "wrong-Sekret-guess").await;
    let with = With {
        session: Some(&second),
        ..own(&s)
    };
    let token = post(&s, "/api/token", &[], with).await.body["token"]
        .as_str()
        .unwrap()
        .to_string();
    get(
        &s,
        "/api/account",
        With {
            bearer: Some(&token),
            ..With::default()
        },
    )
    .await;
    post(
        &s,
        "/account/password",
        &[("oldPassword", password), ("newPassword", new_password)],
        with,
    )
    .await;
    post(&s, "/logout", &[], with).await;
    drop(s);
    let logged = std::fs::read_to_string(&log).unwrap();
    for secret in [
        password,
        new_password,
        "wrong-Sekret-guess",
        &first,
        &second,
        &token,
        &token[3..],
    ] {
        assert!(!logged.contains(secret), "the log holds a secret: {logged}");
    }
    // The database holds hashes: argon2id for the password, SHA-256 for sessions and tokens.
    let pool = sqlx::sqlite::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let stored: String = sqlx::query_scalar("SELECT password FROM users WHERE id = 'ruth'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(
        stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{stored}"
    );
    let sessions: Vec<String> = sqlx::query_scalar("SELECT id FROM sessions")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert!(sessions.iter().all(|h| h.len() == 64), "{sessions:?}");
    let tokens: Vec<String> = sqlx::query_scalar("SELECT hash FROM api_tokens")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(tokens.len(), 1);
    assert_eq!(tokens[0].len(), 64);
    // No column of any account table holds a secret in clear.
    for table in ["users", "sessions", "api_tokens", "ratings"] {
        let rows: Vec<sqlx::sqlite::SqliteRow> = sqlx::query(&format!("SELECT * FROM {table}"))
            .fetch_all(&pool)
            .await
            .unwrap();
        for row in &rows {
            use sqlx::Row;
            for i in 0..row.len() {
                let Ok(text) = row.try_get::<String, _>(i) else {
                    continue;
                };
                for secret in [password, new_password, &first, &second, &token, &token[3..]] {
                    assert!(!text.contains(secret), "{table} holds a secret");
                }
            }
        }
    }
}

#[tokio::test]
async fn accounts_move_with_baroque_server_migrate() {
    let from = fresh_db();
    let (s, _) = start(&from, &["--rate", "0"]);
    let session = signup(&s, "Mover", "mover's password").await;
    let with = With {
        session: Some(&session),
        ..own(&s)
    };
    let token = post(&s, "/api/token", &[], with).await.body["token"]
        .as_str()
        .unwrap()
        .to_string();
    drop(s);
    let to = fresh_db();
    let migrate = || {
        let out = Command::new(env!("CARGO_BIN_EXE_baroque-server"))
            .args(["migrate", "--from", &format!("sqlite://{}", from.display())])
            .args(["--to", &format!("sqlite://{}", to.display())])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    // users 1, sessions 1, api_tokens 1, ratings 3.
    assert!(migrate().contains("6 account rows (6 new)"));
    assert!(
        migrate().contains("6 account rows (0 new)"),
        "run again: nothing new"
    );
    let (s, _) = start(&to, &["--rate", "0"]);
    assert_eq!(login(&s, "mover", "mover's password").await.status, 200);
    assert_eq!(whoami(&s, &session).await.body["username"], "Mover");
    let me = get(
        &s,
        "/api/account",
        With {
            bearer: Some(&token),
            ..With::default()
        },
    )
    .await;
    assert_eq!(me.body["perfs"]["hybrid"]["rating"], 1500);
    assert_eq!(signup_status(&s, "MOVER").await, 409);
}

async fn signup_status(s: &Server, name: &str) -> u16 {
    post(
        s,
        "/signup",
        &[("username", name), ("password", "some password")],
        own(s),
    )
    .await
    .status
}

#[tokio::test]
async fn an_account_keeps_at_most_50_sessions() {
    let (s, _) = start(&fresh_db(), &["--rate", "0"]);
    let first = signup(&s, "walter", "walter's password").await;
    let mut last = String::new();
    for _ in 0..50 {
        let a = login(&s, "walter", "walter's password").await;
        assert_eq!(a.status, 200);
        last = a.session().unwrap();
    }
    assert_eq!(whoami(&s, &first).await.status, 401, "the oldest was ended");
    assert_eq!(whoami(&s, &last).await.status, 200);
}
