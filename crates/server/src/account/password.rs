//! Passwords: argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane), hashed and checked on
//! tokio's blocking threads, at most [`AT_ONCE`] at a time (each takes 19 MiB and some tens of
//! milliseconds of one core), so neither the server's other work nor its memory suffers.
//!
//! A password is 8 to 1,024 bytes. The stored form is the PHC string (`$argon2id$v=19$…`), which
//! holds the salt (128 random bits) and the parameters, so a later change of parameters still
//! checks older hashes. A login under an unknown name is checked against a dummy hash, so that a
//! wrong name and a wrong password take about the same time.

use std::sync::OnceLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

/// The shortest password, in bytes.
pub const MIN_BYTES: usize = 8;
/// The longest password, in bytes.
pub const MAX_BYTES: usize = 1024;
/// Hashes computed at once (the others wait their turn).
pub const AT_ONCE: usize = 2;

static TURNS: Semaphore = Semaphore::const_new(AT_ONCE);

/// OWASP's argon2id parameters: m = 19 MiB, t = 2, p = 1.
fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("OWASP's parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Why a new password is refused (`None`: it is acceptable).
pub fn problem(password: &str) -> Option<String> {
    if password.len() < MIN_BYTES {
        Some(format!(
            "the password must be at least {MIN_BYTES} characters"
        ))
    } else if password.len() > MAX_BYTES {
        Some(format!("the password must be at most {MAX_BYTES} bytes"))
    } else {
        None
    }
}

fn hash_now(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::getrandom(&mut salt).map_err(|e| format!("no random numbers: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| format!("cannot hash the password: {e}"))
}

fn verify_now(stored: &str, password: &str) -> bool {
    PasswordHash::new(stored)
        .map(|h| argon2().verify_password(password.as_bytes(), &h).is_ok())
        .unwrap_or(false)
}

/// A hash of nothing anyone knows, checked when the name is unknown (made once).
fn dummy() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_now("no account has this password").unwrap_or_default())
}

/// Runs `job` on a blocking thread, in turn.
async fn in_turn<T: Send + 'static>(job: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
    let _turn = TURNS.acquire().await.map_err(|e| e.to_string())?;
    tokio::task::spawn_blocking(job)
        .await
        .map_err(|e| format!("the password thread failed: {e}"))
}

/// The PHC string of `password` with a fresh salt.
pub async fn hash(password: String) -> Result<String, String> {
    in_turn(move || hash_now(&password)).await?
}

/// Whether `password` is the one `stored` was made from; with no stored hash (an unknown name)
/// a dummy hash is checked all the same and the answer is false.
pub async fn verify(stored: Option<String>, password: String) -> bool {
    in_turn(move || match stored {
        Some(s) => verify_now(&s, &password),
        None => {
            let _ = verify_now(dummy(), &password);
            false
        }
    })
    .await
    .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_with_owasp_parameters_and_checks() {
        let h = hash_now("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert!(verify_now(&h, "correct horse"));
        assert!(!verify_now(&h, "correct horsf"));
        assert!(!verify_now("not a hash", "correct horse"));
        assert_ne!(
            h,
            hash_now("correct horse").unwrap(),
            "a fresh salt each time"
        );
    }

    #[test]
    fn bounds_the_length() {
        assert!(problem("short").is_some());
        assert!(problem("12345678").is_none());
        assert!(problem(&"x".repeat(MAX_BYTES)).is_none());
        assert!(problem(&"x".repeat(MAX_BYTES + 1)).is_some());
    }
}
