//! Seat tokens, invitation codes and game ids: random bits from the operating system's
//! generator.
//!
//! A seat token is 128 random bits in hexadecimal; it is the only proof of a seat, so it is never
//! logged, never stored (the database keeps its SHA-256, [`hash`]) and compared in constant time.
//! An invitation code is 128 random bits too, stored hashed; the seat token it gives is stored
//! sealed with a key only the code gives ([`seal`], [`unseal`]), so the database holds no secret
//! in clear.

use sha2::{Digest, Sha256};

/// A new seat token: 128 random bits as 32 hexadecimal digits.
pub fn seat_token() -> Result<String, String> {
    random_hex::<16>()
}

/// A new one-time invitation code: 128 random bits as 32 hexadecimal digits.
pub fn invite_code() -> Result<String, String> {
    random_hex::<16>()
}

/// A secret (seat token, invitation code) as the database keeps it: its SHA-256 in hexadecimal
/// (64 digits). The secrets are 128 random bits, so no salt is needed.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Whether `stored` is already a hash (64 hex digits) rather than a clear token (32): rows
/// written before tokens were hashed hold them in clear until the start's migration.
pub fn is_hash(stored: &str) -> bool {
    stored.len() == 64 && stored.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The key stream `code` gives for sealing (32 bytes, not the code's stored hash).
fn key(code: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"baroque invite seal\0");
    h.update(code.as_bytes());
    h.finalize().into()
}

/// `token` (at most 32 bytes) sealed with `code`: its bytes XOR a key derived from the code, in
/// hexadecimal. Only the code opens it ([`unseal`]); the code itself is stored only hashed.
pub fn seal(token: &str, code: &str) -> Option<String> {
    let t = token.as_bytes();
    if t.len() > 32 {
        return None;
    }
    let k = key(code);
    Some(hex(&t
        .iter()
        .zip(k)
        .map(|(a, b)| a ^ b)
        .collect::<Vec<u8>>()))
}

/// The token `sealed` holds, opened with `code` (`None` if it is not a sealed token).
pub fn unseal(sealed: &str, code: &str) -> Option<String> {
    if sealed.len() % 2 != 0 || sealed.len() > 64 {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..sealed.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(sealed.get(i..i + 2)?, 16).ok())
        .collect();
    let k = key(code);
    String::from_utf8(bytes?.iter().zip(k).map(|(a, b)| a ^ b).collect()).ok()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new game id: 64 random bits as 16 hexadecimal digits (public: it is in spectator links).
pub fn game_id() -> Result<String, String> {
    random_hex::<8>()
}

fn random_hex<const N: usize>() -> Result<String, String> {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes).map_err(|e| format!("no random numbers: {e}"))?;
    Ok(hex(&bytes))
}

/// Whether `given` equals `expected`, in time that does not depend on where they differ.
pub fn same(given: &str, expected: &str) -> bool {
    let (a, b) = (given.as_bytes(), expected.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_and_differ() {
        let a = seat_token().unwrap();
        let b = seat_token().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(game_id().unwrap().len(), 16);
    }

    #[test]
    fn hashes_and_seals() {
        let t = seat_token().unwrap();
        let code = invite_code().unwrap();
        assert_eq!(hash(&t).len(), 64);
        assert!(is_hash(&hash(&t)) && !is_hash(&t));
        assert_ne!(hash(&t), hash(&code));
        let sealed = seal(&t, &code).unwrap();
        assert!(!sealed.contains(&t));
        assert_eq!(unseal(&sealed, &code).as_deref(), Some(t.as_str()));
        assert_ne!(
            unseal(&sealed, &invite_code().unwrap()).as_deref(),
            Some(t.as_str())
        );
        assert_eq!(unseal("zz", &code), None);
    }

    #[test]
    fn same_compares_whole_strings() {
        assert!(same("abc", "abc"));
        assert!(!same("abd", "abc"));
        assert!(!same("ab", "abc"));
    }
}
