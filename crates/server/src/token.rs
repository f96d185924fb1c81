//! Seat tokens and game ids: random bits from the operating system's generator.
//!
//! A seat token is 128 random bits in hexadecimal; it is the only proof of a seat, so it is never
//! logged, and it is compared in constant time.

/// A new seat token: 128 random bits as 32 hexadecimal digits.
pub fn seat_token() -> Result<String, String> {
    random_hex::<16>()
}

/// A new game id: 64 random bits as 16 hexadecimal digits (public: it is in spectator links).
pub fn game_id() -> Result<String, String> {
    random_hex::<8>()
}

fn random_hex<const N: usize>() -> Result<String, String> {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes).map_err(|e| format!("no random numbers: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
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
    fn same_compares_whole_strings() {
        assert!(same("abc", "abc"));
        assert!(!same("abd", "abc"));
        assert!(!same("ab", "abc"));
    }
}
