//! How a game stands and how it ended, typed: lichess's status word ([`Status`]), why it ended
//! ([`Reason`]) and the colour words. Each is stored as its word (the `games` table's `status`,
//! `reason` and `winner` columns) and read back from it; a word the server never writes is a
//! clear error ([`UnknownWord`]), never a panic.

use std::fmt;
use std::str::FromStr;

use baroque_engine::Color;

/// lichess's status of a game (its `status` word).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on (`started`).
    Started,
    /// Ended before it started: nobody came, or a side aborted (`aborted`).
    Aborted,
    /// Checkmate (`mate`).
    Mate,
    /// A side resigned (`resign`).
    Resign,
    /// Stalemate (`stalemate`).
    Stalemate,
    /// The win claimed against an opponent gone too long (`timeout`).
    Timeout,
    /// Drawn: agreed, repetition, fifty moves, material (`draw`).
    Draw,
    /// A flag fell (`outoftime`).
    Outoftime,
    /// An ending of the variant's own: a King captured, no moves (`variantEnd`).
    VariantEnd,
}

impl Status {
    /// Every status, in the order above.
    pub const ALL: [Status; 9] = [
        Status::Started,
        Status::Aborted,
        Status::Mate,
        Status::Resign,
        Status::Stalemate,
        Status::Timeout,
        Status::Draw,
        Status::Outoftime,
        Status::VariantEnd,
    ];

    /// lichess's word.
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Started => "started",
            Status::Aborted => "aborted",
            Status::Mate => "mate",
            Status::Resign => "resign",
            Status::Stalemate => "stalemate",
            Status::Timeout => "timeout",
            Status::Draw => "draw",
            Status::Outoftime => "outoftime",
            Status::VariantEnd => "variantEnd",
        }
    }
}

impl FromStr for Status {
    type Err = UnknownWord;
    fn from_str(word: &str) -> Result<Status, UnknownWord> {
        Status::ALL
            .into_iter()
            .find(|s| s.as_str() == word)
            .ok_or_else(|| UnknownWord::new("status", word))
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game ended: an ending of the rules (the engine's), or one of the players or the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The engine's ending (its word: `checkmate`, `king-captured`, `repetition`, ...).
    Rules(baroque_engine::Reason),
    /// A side resigned (`resign`).
    Resign,
    /// A draw offered and accepted (`agreement`).
    Agreement,
    /// The side to move's flag fell (`flag`).
    Flag,
    /// The win claimed against an opponent gone too long (`abandonment`).
    Abandonment,
    /// A side aborted a game not both sides had moved in (`abort`).
    Abort,
    /// The game never started: a seat never taken, or a first move never made (`noStart`).
    NoStart,
}

/// The engine's endings, each once (its words are read back through this list).
const RULES: [baroque_engine::Reason; 9] = {
    use baroque_engine::Reason as R;
    [
        R::Checkmate,
        R::Stalemate,
        R::KingCaptured,
        R::Repetition,
        R::FiftyMove,
        R::InsufficientMaterial,
        R::NoMoves,
        R::Timeout,
        R::TimeoutVsInsufficientMaterial,
    ]
};

/// Fails to compile when the engine gains an ending that [`RULES`] does not list.
const _: fn(baroque_engine::Reason) = |r| {
    use baroque_engine::Reason as R;
    match r {
        R::Checkmate
        | R::Stalemate
        | R::KingCaptured
        | R::Repetition
        | R::FiftyMove
        | R::InsufficientMaterial
        | R::NoMoves
        | R::Timeout
        | R::TimeoutVsInsufficientMaterial => {}
    }
};

impl Reason {
    /// The endings that are not the engine's.
    const OWN: [Reason; 6] = [
        Reason::Resign,
        Reason::Agreement,
        Reason::Flag,
        Reason::Abandonment,
        Reason::Abort,
        Reason::NoStart,
    ];

    /// Its word.
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Rules(r) => r.as_str(),
            Reason::Resign => "resign",
            Reason::Agreement => "agreement",
            Reason::Flag => "flag",
            Reason::Abandonment => "abandonment",
            Reason::Abort => "abort",
            Reason::NoStart => "noStart",
        }
    }

    /// Every reason: the engine's endings, then the others.
    pub fn all() -> impl Iterator<Item = Reason> {
        RULES.into_iter().map(Reason::Rules).chain(Reason::OWN)
    }
}

impl FromStr for Reason {
    type Err = UnknownWord;
    fn from_str(word: &str) -> Result<Reason, UnknownWord> {
        Reason::all()
            .find(|r| r.as_str() == word)
            .ok_or_else(|| UnknownWord::new("reason", word))
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The colour named `word` (`white` or `black`, as the API and the `winner` column write it).
pub fn color_named(word: &str) -> Option<Color> {
    Color::ALL.into_iter().find(|c| c.as_str() == word)
}

/// The winner stored as `word` (`white`, `black`, or empty for none).
pub fn winner_from_word(word: &str) -> Result<Option<Color>, UnknownWord> {
    if word.is_empty() {
        return Ok(None);
    }
    color_named(word)
        .map(Some)
        .ok_or_else(|| UnknownWord::new("winner", word))
}

/// The reason stored as `word` (empty while the game goes on).
pub fn reason_from_word(word: &str) -> Result<Option<Reason>, UnknownWord> {
    if word.is_empty() {
        return Ok(None);
    }
    word.parse().map(Some)
}

/// A stored word the server does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWord {
    /// What it should have named (`status`, `reason`, `winner`).
    pub what: &'static str,
    /// The word found.
    pub word: String,
}

impl UnknownWord {
    fn new(what: &'static str, word: &str) -> UnknownWord {
        UnknownWord {
            what,
            word: word.into(),
        }
    }
}

impl fmt::Display for UnknownWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} '{}'", self.what, self.word)
    }
}

impl std::error::Error for UnknownWord {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_reads_back_from_its_word() {
        for s in Status::ALL {
            assert_eq!(s.as_str().parse::<Status>(), Ok(s));
        }
        let words: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            words,
            [
                "started",
                "aborted",
                "mate",
                "resign",
                "stalemate",
                "timeout",
                "draw",
                "outoftime",
                "variantEnd"
            ]
        );
        assert_eq!(
            "Started".parse::<Status>().unwrap_err().to_string(),
            "unknown status 'Started'"
        );
        assert!("".parse::<Status>().is_err());
    }

    #[test]
    fn every_reason_reads_back_from_its_word() {
        let all: Vec<Reason> = Reason::all().collect();
        assert_eq!(all.len(), 15);
        for r in &all {
            assert_eq!(r.as_str().parse::<Reason>().as_ref(), Ok(r));
            assert_eq!(reason_from_word(r.as_str()), Ok(Some(*r)));
        }
        assert_eq!(
            "checkmate".parse(),
            Ok(Reason::Rules(baroque_engine::Reason::Checkmate))
        );
        assert_eq!("noStart".parse(), Ok(Reason::NoStart));
        assert_eq!(reason_from_word(""), Ok(None));
        assert_eq!(
            reason_from_word("boredom").unwrap_err().to_string(),
            "unknown reason 'boredom'"
        );
    }

    #[test]
    fn the_winner_reads_back_from_its_word() {
        for c in Color::ALL {
            assert_eq!(winner_from_word(c.as_str()), Ok(Some(c)));
            assert_eq!(color_named(c.as_str()), Some(c));
        }
        assert_eq!(winner_from_word(""), Ok(None));
        assert_eq!(
            winner_from_word("draw").unwrap_err(),
            UnknownWord::new("winner", "draw")
        );
        assert_eq!(color_named("White"), None);
    }
}
