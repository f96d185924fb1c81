//! The rules of each game, one module per game, and the dispatch that the rest of the engine
//! calls. No code outside this folder asks which game it is playing.
//!
//! Every game module provides the same functions (the [`Rules`] trait): pseudo-legal move
//! generation for a colour, the check test, frozen pieces, FEN board reading and writing with its
//! own validity checks, display notation and its facts ([`GameSpec`]).

use alloc::string::String;
use alloc::vec::Vec;

use crate::fen::FenError;
use crate::geometry::{Square, SquareSet};
use crate::moves::{Move, MoveList, MoveText};
use crate::options::RuleOptions;
use crate::piece::{Color, Role};
use crate::position::{MoveError, Position};
use crate::GameId;

pub mod hybrid;
pub mod omega;
mod spec;
pub mod ultima;
pub(crate) mod ultima_pieces;

pub use spec::{
    mirrored_castles, piece_token, CastleFiles, CastleSpec, EndPolicy, GameSpec, OptionSpec,
    PieceSpec, StartArray,
};

/// The functions every game module provides.
pub(crate) trait Rules {
    /// The game's facts.
    const SPEC: &'static GameSpec;
    /// Whether the rules forbid leaving one's King capturable under `options` (Ultima's
    /// `win=capture` has no check rule; every other game always has one).
    #[inline]
    fn check_rule(options: &RuleOptions) -> bool {
        let _ = options;
        true
    }
    /// Adds every pseudo-legal move of `us` to `out` (suicides and castling included).
    fn pseudo_moves(pos: &Position, us: Color, out: &mut MoveList);
    /// Whether `color`'s King (which exists) could be captured by the other side now.
    fn king_attacked(pos: &Position, color: Color) -> bool;
    /// The frozen pieces of both sides.
    fn frozen(pos: &Position) -> SquareSet;
    /// Reads the board field of a FEN into the empty position `pos`.
    fn read_board(pos: &mut Position, field: &str) -> Result<(), FenError>;
    /// Reads the squares of a non-empty en passant field; `board` is the FEN's board field (Omega
    /// names squares differently in its 12×12 form).
    fn read_ep_squares(pos: &Position, board: &str, field: &str) -> Result<SquareSet, FenError> {
        let _ = board;
        crate::fen::parse_square_list(pos.shape(), field)
    }
    /// Writes the board field.
    fn write_board(pos: &Position, out: &mut String);
    /// The game's own validity checks on a fully read position (castling rights, en passant,
    /// pawn ranks, ...). Common checks (one King each, side not to move in check) are done by
    /// the FEN reader.
    fn validate(pos: &Position) -> Result<(), FenError>;
    /// Display notation of the legal move `m`, with its check or mate mark where the game has one.
    fn notation(pos: &Position, m: &Move) -> String;
    /// The `promotion` field of the move JSON: the pawn's letter, or the game's name for a
    /// forced promotion; `None` when nothing promotes.
    fn promotion_json(pos: &Position, m: &Move) -> Option<String> {
        let _ = pos;
        match (m.role, m.promotion) {
            (crate::piece::Role::Pawn, Some(r)) => Self::SPEC
                .promotion_letters
                .iter()
                .find(|(_, role)| *role == r)
                .map(|(c, _)| alloc::format!("{c}")),
            _ => None,
        }
    }
    /// Fills the empty `out` with the legal moves of the side to move when the game has a faster
    /// way than filtering its pseudo-legal moves by copy-make, and returns true; returns false
    /// (leaving `out` untouched) to use the generic filter.
    fn legal_moves(pos: &Position, out: &mut MoveList) -> bool {
        let _ = (pos, out);
        false
    }
    /// The captured squares in the order the game's move JSON lists them.
    fn captures_in_order(pos: &Position, m: &Move) -> Vec<Square> {
        let _ = pos;
        let mut v: Vec<Square> = m.captures.iter().collect();
        let shape = Self::SPEC.shape;
        v.sort_by_key(|s| shape.coords(*s));
        v
    }
}

macro_rules! dispatch {
    ($game:expr, $f:ident ( $($arg:expr),* )) => {
        match $game {
            GameId::Ultima => <ultima::Ultima as Rules>::$f($($arg),*),
            GameId::Omega => <omega::Omega as Rules>::$f($($arg),*),
            GameId::Hybrid => <hybrid::Hybrid as Rules>::$f($($arg),*),
        }
    };
}

/// The facts of `game`.
pub fn spec(game: GameId) -> &'static GameSpec {
    match game {
        GameId::Ultima => <ultima::Ultima as Rules>::SPEC,
        GameId::Omega => <omega::Omega as Rules>::SPEC,
        GameId::Hybrid => <hybrid::Hybrid as Rules>::SPEC,
    }
}

#[inline]
pub(crate) fn pseudo_moves(pos: &Position, us: Color, out: &mut MoveList) {
    dispatch!(pos.game(), pseudo_moves(pos, us, out))
}

#[inline]
pub(crate) fn check_rule(game: GameId, options: &RuleOptions) -> bool {
    dispatch!(game, check_rule(options))
}

#[inline]
pub(crate) fn king_attacked(pos: &Position, color: Color) -> bool {
    dispatch!(pos.game(), king_attacked(pos, color))
}

pub(crate) fn frozen(pos: &Position) -> SquareSet {
    dispatch!(pos.game(), frozen(pos))
}

pub(crate) fn read_board(pos: &mut Position, field: &str) -> Result<(), FenError> {
    dispatch!(pos.game(), read_board(pos, field))
}

pub(crate) fn read_ep_squares(
    pos: &Position,
    board: &str,
    field: &str,
) -> Result<SquareSet, FenError> {
    dispatch!(pos.game(), read_ep_squares(pos, board, field))
}

pub(crate) fn write_board(pos: &Position, out: &mut String) {
    dispatch!(pos.game(), write_board(pos, out))
}

pub(crate) fn validate(pos: &Position) -> Result<(), FenError> {
    dispatch!(pos.game(), validate(pos))
}

pub(crate) fn notation(pos: &Position, m: &Move) -> String {
    dispatch!(pos.game(), notation(pos, m))
}

pub(crate) fn promotion_json(pos: &Position, m: &Move) -> Option<String> {
    dispatch!(pos.game(), promotion_json(pos, m))
}

#[inline]
pub(crate) fn legal_moves(pos: &Position, out: &mut MoveList) -> bool {
    dispatch!(pos.game(), legal_moves(pos, out))
}

pub(crate) fn captures_in_order(pos: &Position, m: &Move) -> Vec<Square> {
    dispatch!(pos.game(), captures_in_order(pos, m))
}

/// Whether the side to move can have any move at all: under Ultima's `win=capture` a position
/// without one of the Kings has none (ultima.md §7.3).
#[inline]
pub(crate) fn has_moves_at_all(pos: &Position) -> bool {
    pos.king(Color::White).is_some() && pos.king(Color::Black).is_some()
}

/// The rook's squares for the castling move `king_from` → `king_to`, if it is one.
pub(crate) fn castle_rook(
    game: GameId,
    king_from: Square,
    king_to: Square,
) -> Option<(Square, Square)> {
    let spec = spec(game);
    let shape = spec.shape;
    let from = shape.coords(king_from);
    let to = shape.coords(king_to);
    let c = spec
        .castles
        .iter()
        .find(|c| c.king_from == from && c.king_to == to)?;
    Some((
        shape.square(c.rook_from.0, c.rook_from.1)?,
        shape.square(c.rook_to.0, c.rook_to.1)?,
    ))
}

/// The castling rights lost when a move starts on, ends on or captures on `sq`.
#[inline]
pub(crate) fn castling_mask(game: GameId, sq: Square) -> u8 {
    let spec = spec(game);
    if spec.castles.is_empty() {
        return 0;
    }
    let at = spec.shape.coords(sq);
    let mut mask = 0;
    for c in spec.castles {
        if c.king_from == at || c.rook_from == at {
            mask |= c.right;
        }
    }
    mask
}

/// The move text of `m`: squares, plus the pawn's promotion letter.
pub(crate) fn move_text(pos: &Position, m: &Move) -> String {
    let spec = spec(pos.game());
    let mut t = m.move_text();
    t.promotion_char = match (m.role, m.promotion) {
        (Role::Pawn, Some(r)) => spec
            .promotion_letters
            .iter()
            .find(|(_, role)| *role == r)
            .map(|(c, _)| *c),
        _ => None,
    };
    t.to_string(spec.shape)
}

/// Resolves parsed move text against the legal moves, with a message saying why it fails.
pub(crate) fn resolve(
    pos: &Position,
    legal: &MoveList,
    t: &MoveText,
    raw: &str,
) -> Result<Move, MoveError> {
    let spec = spec(pos.game());
    let shape = spec.shape;
    let illegal = |why: String| MoveError::Illegal {
        text: String::from(raw),
        why,
    };
    let candidates: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from == t.from && m.to == t.to)
        .collect();
    if candidates.is_empty() {
        let from = shape.square_name(t.from);
        let why = match pos.piece_at(t.from) {
            None => alloc::format!("there is no piece on {from}"),
            Some(p) if p.color() != pos.side_to_move() => alloc::format!(
                "the piece on {from} is {}'s and it is {}'s turn",
                p.color().as_str(),
                pos.side_to_move().as_str()
            ),
            Some(p) if t.from == t.to => alloc::format!(
                "the {} on {from} cannot commit suicide here (only a frozen piece other than the King may, where the rules allow it)",
                p.role().name()
            ),
            Some(p) => alloc::format!(
                "the {} on {from} has no legal move to {}",
                p.role().name(),
                shape.square_name(t.to)
            ),
        };
        return Err(illegal(why));
    }
    let choice = candidates
        .iter()
        .any(|m| m.role == Role::Pawn && m.promotion.is_some());
    let letters = || {
        let v: Vec<String> = spec
            .promotion_letters
            .iter()
            .map(|(c, _)| alloc::format!("{c}"))
            .collect();
        v.join(", ")
    };
    match (choice, t.promotion_char) {
        (true, None) => Err(illegal(alloc::format!(
            "a pawn reaching this square must promote; add one of {}",
            letters()
        ))),
        (true, Some(c)) => {
            let role = promotion_role(spec, c).ok_or_else(|| {
                illegal(alloc::format!(
                    "'{c}' is not a promotion choice here; use one of {}",
                    letters()
                ))
            })?;
            candidates
                .iter()
                .find(|m| m.promotion == Some(role))
                .map(|m| **m)
                .ok_or_else(|| illegal(alloc::format!("promotion to '{c}' is not allowed here")))
        }
        (false, Some(c)) => Err(illegal(alloc::format!(
            "this move takes no promotion letter, but '{c}' was given"
        ))),
        (false, None) => Ok(*candidates[0]),
    }
}

fn promotion_role(spec: &GameSpec, c: char) -> Option<Role> {
    let c = c.to_ascii_lowercase();
    // Omega accepts `g` as an alias of the Champion `c` (omega.md §2).
    let c = if spec.id == GameId::Omega && c == 'g' {
        'c'
    } else {
        c
    };
    spec.promotion_letters
        .iter()
        .find(|(l, _)| *l == c)
        .map(|(_, r)| *r)
}

/// FEN validity of the castling field (omega.md §7.3, hybrid.md §4): each right needs its King
/// and an unpromoted Rook of its colour on their start squares.
pub(crate) fn check_castling_pieces(pos: &Position) -> Result<(), FenError> {
    use crate::fen::FenField;
    use crate::piece::Piece;
    let spec = spec(pos.game());
    let shape = spec.shape;
    let rights = pos.castling_rights();
    for c in spec.castles.iter().filter(|c| rights & c.right != 0) {
        let king = shape.square(c.king_from.0, c.king_from.1);
        let rook = shape.square(c.rook_from.0, c.rook_from.1);
        let has = |sq: Option<Square>, role| {
            sq.and_then(|s| pos.piece_at(s)) == Some(Piece::new(c.color, role))
        };
        if !has(king, Role::King) || !has(rook, Role::Rook) {
            let name = |sq: Option<Square>| {
                sq.map(|s| alloc::format!("{}", shape.square_name(s)))
                    .unwrap_or_default()
            };
            let color = c.color.as_str();
            return Err(FenError::new(
                FenField::Castling,
                alloc::format!(
                    "'{}' needs the {color} King on {} and an unpromoted {color} Rook on {}",
                    c.letter,
                    name(king),
                    name(rook)
                ),
            )
            .at_char(c.letter));
        }
    }
    Ok(())
}
