//! The game table: every static fact of a game in one [`GameSpec`] — its id and title, board
//! shape, start positions, pieces with their letters and values, rule options, promotion
//! choices, castling, en passant and how it ends. Each game module defines its own spec;
//! [`spec`](super::spec) returns it by [`GameId`]. The CLI, UCI and the web bindings read games'
//! facts from here and nowhere else.
//!
//! ```
//! use baroque_engine::games::spec;
//! use baroque_engine::{GameId, Role};
//! let ultima = spec(GameId::Ultima);
//! assert_eq!(ultima.title, "Ultima (Baroque Chess)");
//! assert_eq!(ultima.start_arrays.len(), 16);
//! assert_eq!(ultima.role_of_letter('l', false), Some(Role::LongLeaper));
//! let omega = spec(GameId::Omega);
//! assert_eq!(omega.role_of_letter('G', false), Some(Role::Champion)); // omega.md §2 alias
//! assert_eq!(omega.promotion_role('g'), Some(Role::Champion));
//! assert!(omega.en_passant && !ultima.en_passant);
//! ```

use alloc::string::String;

use crate::geometry::Shape;
use crate::options::RuleOptions;
use crate::piece::{Color, Piece, Role};
use crate::GameId;

/// Static facts about a game. Only the engine builds them (one per game module; read them with
/// [`spec`](super::spec)): the letter and value look-ups use tables built from the same modules.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct GameSpec {
    /// The game.
    pub id: GameId,
    /// The English name players know it by (the page words it through its catalog by id).
    pub title: &'static str,
    /// Its board.
    pub shape: Shape,
    /// The standard start FEN (also the first of [`GameSpec::start_arrays`]).
    pub start_fen: &'static str,
    /// Every start position the rule book allows: Ultima's 16 arrays (ultima.md §2), the
    /// standard one for the other games.
    pub start_arrays: &'static [StartArray],
    /// Every role of the game, in legend order, with its letter and value.
    pub pieces: &'static [PieceSpec],
    /// The rule options, with allowed values (default first); empty when the game has none.
    pub options: &'static [OptionSpec],
    /// Promotion letters (lowercase) of a pawn's choice, with the role each gives.
    pub promotion_letters: &'static [(char, Role)],
    /// Its castling moves (empty when the game has none).
    pub castles: &'static [CastleSpec],
    /// Whether the game has en passant captures (and so a FEN en passant field other than `-`).
    pub en_passant: bool,
    /// How the game ends.
    pub end: EndPolicy,
}

/// One start position of a game and the set-up choices it encodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartArray {
    /// A stable id: `"standard"`, or the choices joined by `-` (`"wIC-bKW"`).
    pub id: &'static str,
    /// Its FEN.
    pub fen: &'static str,
    /// The set-up choices taken, in the order White then Black: for Ultima `wIC`/`bIC`
    /// (Immobilizer and Coordinator swapped) and `wKW`/`bKW` (King and Withdrawer swapped).
    pub choices: &'static [&'static str],
}

/// One role of a game: how the FEN writes it and what the evaluation thinks it is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// The role ([`Role::id`] is its glyph and catalog key, [`Role::name`] its English name).
    pub role: Role,
    /// White's FEN letter (Black's is the lowercase one).
    pub letter: char,
    /// Whether the FEN writes a `+` before the letter (the hybrid's promoted pieces).
    pub promoted: bool,
    /// Other letters the FEN reader accepts for it (Omega's `G` for the Champion).
    pub aliases: &'static [char],
    /// Its value in centipawns, as the evaluation counts it (the King counts 0).
    pub value: i32,
}

impl PieceSpec {
    /// A piece written with one letter.
    pub const fn plain(role: Role, letter: char, value: i32) -> PieceSpec {
        PieceSpec {
            role,
            letter,
            promoted: false,
            aliases: &[],
            value,
        }
    }

    /// A piece written `+` and a letter.
    pub const fn promoted(role: Role, letter: char, value: i32) -> PieceSpec {
        PieceSpec {
            promoted: true,
            ..PieceSpec::plain(role, letter, value)
        }
    }
}

/// One rule option: its name, allowed values (default first) and where it lives in
/// [`RuleOptions`].
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The option name, as the rule book writes it.
    pub name: &'static str,
    /// Allowed values, default first.
    pub values: &'static [&'static str],
    /// The index in `values` of the option's current value.
    pub get: fn(&RuleOptions) -> usize,
    /// Sets the option to `values[i]` (`i` is below `values.len()`).
    pub set: fn(&mut RuleOptions, usize),
}

/// One castling move of a game: the right bit, and the King's and Rook's squares as
/// (file, rank) coordinates.
#[derive(Clone, Copy, Debug)]
pub struct CastleSpec {
    /// The right's bit (see [`crate::position::castling`]).
    pub right: u8,
    /// The FEN letter of the right.
    pub letter: char,
    /// Whose castling it is.
    pub color: Color,
    /// King start.
    pub king_from: (i8, i8),
    /// King destination.
    pub king_to: (i8, i8),
    /// Rook start.
    pub rook_from: (i8, i8),
    /// Rook destination.
    pub rook_to: (i8, i8),
    /// Display notation (`0-0`, `O-O-O`).
    pub notation: &'static str,
}

/// One side of a mirrored castling layout: files of the King's destination and the Rook's start
/// and destination, and the notation.
#[derive(Clone, Copy, Debug)]
pub struct CastleFiles {
    /// King destination file.
    pub king_to: i8,
    /// Rook start file.
    pub rook_from: i8,
    /// Rook destination file.
    pub rook_to: i8,
    /// Display notation.
    pub notation: &'static str,
}

/// The four castling moves (`K`, `Q`, `k`, `q`) of a game whose Black array mirrors White's
/// on the same files: White castles on `white_rank`, Black on `black_rank`, both Kings start on
/// file `king_file`.
pub const fn mirrored_castles(
    white_rank: i8,
    black_rank: i8,
    king_file: i8,
    short: CastleFiles,
    long: CastleFiles,
) -> [CastleSpec; 4] {
    const fn one(
        right: u8,
        letter: char,
        color: Color,
        rank: i8,
        king_file: i8,
        f: CastleFiles,
    ) -> CastleSpec {
        CastleSpec {
            right,
            letter,
            color,
            king_from: (king_file, rank),
            king_to: (f.king_to, rank),
            rook_from: (f.rook_from, rank),
            rook_to: (f.rook_to, rank),
            notation: f.notation,
        }
    }
    use crate::position::castling as c;
    let (w, b) = (Color::White, Color::Black);
    [
        one(c::WHITE_KING, 'K', w, white_rank, king_file, short),
        one(c::WHITE_QUEEN, 'Q', w, white_rank, king_file, long),
        one(c::BLACK_KING, 'k', b, black_rank, king_file, short),
        one(c::BLACK_QUEEN, 'q', b, black_rank, king_file, long),
    ]
}

/// How a game ends, as data (each game's rule file, "End of the game").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndPolicy {
    /// A side with no legal move that is not in check: `true` = draw ("stalemate"), `false` =
    /// decided by the game's own rule (Ultima's `stalemate` option, reason "no-moves").
    pub stalemate_is_draw_named_stalemate: bool,
    /// Only the two Kings left is a draw (`insufficient-material`).
    pub bare_kings_draw: bool,
}

impl GameSpec {
    /// The table entry of `role`, if the game has it.
    pub fn piece(&self, role: Role) -> Option<&'static PieceSpec> {
        self.pieces.iter().find(|p| p.role == role)
    }

    /// The role a FEN letter (either case, or an alias) names; `promoted` when it followed a `+`.
    pub fn role_of_letter(&self, c: char, promoted: bool) -> Option<Role> {
        let u = c.to_ascii_uppercase();
        self.pieces
            .iter()
            .find(|p| p.promoted == promoted && (p.letter == u || p.aliases.contains(&u)))
            .map(|p| p.role)
    }

    /// The FEN token of `piece` (`"L"`, `"+b"`), or `"?"` for a role the game does not have.
    pub fn token(&self, piece: Piece) -> String {
        let mut s = String::new();
        self.push_token(piece, &mut s);
        s
    }

    /// Appends the FEN token of `piece` to `out` (see [`GameSpec::token`]).
    pub fn push_token(&self, piece: Piece, out: &mut String) {
        match LETTERS[self.id.index()][piece.role().index()] {
            Some((letter, promoted)) => {
                if promoted {
                    out.push('+');
                }
                out.push(match piece.color() {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
            None => out.push('?'),
        }
    }

    /// The role a promotion letter (either case, or a piece alias of a promotion choice) gives.
    pub fn promotion_role(&self, c: char) -> Option<Role> {
        let c = c.to_ascii_lowercase();
        let direct = self.promotion_letters.iter().find(|(l, _)| *l == c);
        let via_alias = || {
            self.promotion_letters.iter().find(|(_, r)| {
                self.piece(*r)
                    .is_some_and(|p| p.aliases.contains(&c.to_ascii_uppercase()))
            })
        };
        direct.or_else(via_alias).map(|(_, r)| *r)
    }

    /// The promotion letter of `role`, if a pawn may choose it.
    pub fn promotion_letter(&self, role: Role) -> Option<char> {
        self.promotion_letters
            .iter()
            .find(|(_, r)| *r == role)
            .map(|(c, _)| *c)
    }

    /// The value of `role` in centipawns, as the evaluation counts it (0 for a role the game
    /// does not have, and for the King).
    #[inline]
    pub fn value(&self, role: Role) -> i32 {
        VALUES[self.id.index()][role.index()]
    }

    /// The option named `name`.
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }
}

/// The FEN token of a piece of `game` (`"L"`, `"+B"`, `"w"`), as the board field writes it.
///
/// ```
/// use baroque_engine::games::piece_token;
/// use baroque_engine::{Color, GameId, Piece, Role};
/// assert_eq!(piece_token(GameId::Hybrid, Piece::new(Color::Black, Role::PromotedBishop)), "+b");
/// assert_eq!(piece_token(GameId::Omega, Piece::new(Color::White, Role::Champion)), "C");
/// ```
pub fn piece_token(game: GameId, piece: Piece) -> String {
    super::spec(game).token(piece)
}

/// Each role's value per game, indexed by [`GameId::index`] and [`Role::index`], built once from
/// the piece tables (the evaluation and move ordering read it at every node).
static VALUES: [[i32; Role::COUNT]; GameId::COUNT] = [
    values_of(super::ultima::PIECES),
    values_of(super::omega::PIECES),
    values_of(super::hybrid::PIECES),
];

/// Each role's value in the table `pieces`, indexed by [`Role::index`] (0 for absent roles).
const fn values_of(pieces: &[PieceSpec]) -> [i32; Role::COUNT] {
    let mut v = [0; Role::COUNT];
    let mut i = 0;
    while i < pieces.len() {
        v[pieces[i].role.index()] = pieces[i].value;
        i += 1;
    }
    v
}

/// Each role's White letter and `+` flag per game, indexed by [`GameId::index`] and
/// [`Role::index`], built once from the piece tables (the FEN writer runs for every report).
static LETTERS: [[Option<(char, bool)>; Role::COUNT]; GameId::COUNT] = [
    letters_of(super::ultima::PIECES),
    letters_of(super::omega::PIECES),
    letters_of(super::hybrid::PIECES),
];

const fn letters_of(pieces: &[PieceSpec]) -> [Option<(char, bool)>; Role::COUNT] {
    let mut t = [None; Role::COUNT];
    let mut i = 0;
    while i < pieces.len() {
        t[pieces[i].role.index()] = Some((pieces[i].letter, pieces[i].promoted));
        i += 1;
    }
    t
}

/// A start array (for the tables of the game modules).
pub(crate) const fn array(
    id: &'static str,
    fen: &'static str,
    choices: &'static [&'static str],
) -> StartArray {
    StartArray { id, fen, choices }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::spec;
    use crate::Position;
    use alloc::vec::Vec;

    #[test]
    fn every_start_array_reads_and_the_first_is_the_start_fen() {
        for game in GameId::ALL {
            let s = spec(game);
            assert_eq!(s.start_arrays[0].fen, s.start_fen);
            assert_eq!(s.start_arrays[0].id, "standard");
            for a in s.start_arrays {
                let pos = Position::from_fen(game, a.fen, RuleOptions::DEFAULT).unwrap();
                assert_eq!(pos.fen(), a.fen, "{}", a.id);
            }
        }
    }

    #[test]
    fn ultima_arrays_are_the_sixteen_swaps_of_the_canonical_one() {
        fn swap(rank: &str, a: char, b: char) -> String {
            rank.chars()
                .map(|c| {
                    if c == a {
                        b
                    } else if c == b {
                        a
                    } else {
                        c
                    }
                })
                .collect()
        }
        let s = spec(GameId::Ultima);
        let mut ids = Vec::new();
        for a in s.start_arrays {
            let has = |c: &str| a.choices.contains(&c);
            let mut w = String::from("ILXKWXLC");
            let mut b = String::from("clxwkxli");
            if has("wIC") {
                w = swap(&w, 'I', 'C');
            }
            if has("wKW") {
                w = swap(&w, 'K', 'W');
            }
            if has("bIC") {
                b = swap(&b, 'i', 'c');
            }
            if has("bKW") {
                b = swap(&b, 'k', 'w');
            }
            let fen = alloc::format!("{b}/pppppppp/8/8/8/8/PPPPPPPP/{w} w - - 0 1");
            assert_eq!(a.fen, fen, "{}", a.id);
            let id = if a.choices.is_empty() {
                String::from("standard")
            } else {
                a.choices.join("-")
            };
            assert_eq!(a.id, id);
            ids.push(a.id);
        }
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 16);
    }

    #[test]
    fn letters_round_trip_through_tokens() {
        for game in GameId::ALL {
            let s = spec(game);
            for p in s.pieces {
                for color in [Color::White, Color::Black] {
                    let t = s.token(Piece::new(color, p.role));
                    let (promoted, l) = match t.strip_prefix('+') {
                        Some(rest) => (true, rest),
                        None => (false, t.as_str()),
                    };
                    let c = l.chars().next().unwrap();
                    assert_eq!(c.is_ascii_uppercase(), color == Color::White, "{t}");
                    assert_eq!(s.role_of_letter(c, promoted), Some(p.role), "{t}");
                }
            }
            let mut roles: Vec<Role> = s.pieces.iter().map(|p| p.role).collect();
            roles.sort_by_key(|r| r.index());
            roles.dedup();
            assert_eq!(roles.len(), s.pieces.len(), "{game}: a role listed twice");
        }
    }

    #[test]
    fn promotion_choices_are_pieces_of_the_game() {
        for game in GameId::ALL {
            let s = spec(game);
            for (c, r) in s.promotion_letters {
                assert!(s.piece(*r).is_some());
                assert_eq!(s.promotion_role(*c), Some(*r));
                assert_eq!(s.promotion_letter(*r), Some(*c));
            }
        }
    }

    #[test]
    fn option_accessors_agree_with_their_values() {
        for game in GameId::ALL {
            for o in spec(game).options {
                assert_eq!((o.get)(&RuleOptions::DEFAULT), 0, "{} default", o.name);
                for i in 0..o.values.len() {
                    let mut r = RuleOptions::DEFAULT;
                    (o.set)(&mut r, i);
                    assert_eq!((o.get)(&r), i, "{}={}", o.name, o.values[i]);
                }
            }
        }
    }
}
