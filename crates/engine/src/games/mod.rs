//! The rules of each game, one module per game (`ultima`, `omega`, `hybrid`), behind the
//! crate-private `Rules` trait; the game table ([`GameSpec`], `spec.rs`); and the dispatch from
//! a position's [`GameId`] to its game's code. The rest of the engine calls the free functions
//! here or reads the table; outside this folder only the evaluation (`search/eval`) asks which
//! game it is, to pick that game's evaluation and tuned weights.
//!
//! Every game module provides the same functions (the `Rules` trait): pseudo-legal move
//! generation for a colour, the check rule and check test, frozen pieces, an optional faster
//! legal generator, FEN board reading and writing with its own validity checks, display
//! notation and its facts ([`GameSpec`]). Helpers that read the table for every game live beside
//! the trait: `castling` (castling as data) and `move_text` (move text against a position).
//!
//! One dependency cycle is deliberate: [`Position`] is the facade the games work on, so
//! `position` calls into `games` (the dispatch) and the games call back into `position` (its
//! accessors and setters); likewise `fen` reads the common fields and asks `games` for the
//! board field, whose readers fill the position through `fen`'s rank reader. Splitting them would
//! only move the shared `Position` type into a fourth module that all three import.

use alloc::string::String;
use alloc::vec::Vec;

use crate::fen::FenError;
use crate::geometry::{Square, SquareSet};
use crate::moves::{Move, MoveList};
use crate::options::RuleOptions;
use crate::piece::Color;
use crate::position::Position;
use crate::threats::CaptureMethod;
use crate::GameId;

pub(crate) mod castling;
pub(crate) mod hybrid;
pub(crate) mod move_text;
pub(crate) mod omega;
pub(crate) mod see;
mod spec;
pub(crate) mod ultima;

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
    /// Whether `side` could still win by some series of legal moves (both sides' moves, however
    /// bad): `false` only when the game's rules make a win impossible, as its module proves from
    /// the material (FIDE 6.9's "cannot checkmate by any series of legal moves"). Sound, not
    /// complete: a `true` may still be a dead position. A flag fall asks it
    /// ([`crate::Game::flag_fall`]).
    fn can_win(pos: &Position, side: Color) -> bool;
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
    /// Like [`Rules::legal_moves`], keeping only the moves that `keep` accepts (in the same
    /// order); a game may spend its legality test only on the moves kept. Returns false (leaving
    /// `out` untouched) to use the generic filter.
    #[inline]
    fn legal_moves_where<F: Fn(&Move) -> bool>(
        pos: &Position,
        out: &mut MoveList,
        keep: F,
    ) -> bool {
        if !Self::legal_moves(pos, out) {
            return false;
        }
        out.retain(keep);
        true
    }
    /// Whether the search may prune a late quiet move of a shallow node (depth 2 or more: at
    /// depth 1 the check may be a mate) without making it first to see whether it gives check
    /// (checking moves are otherwise never pruned): true where that check test costs about as
    /// much as searching the move would.
    #[inline]
    fn prune_checks_unseen() -> bool {
        false
    }
    /// Whether the null move's reduced search keeps a ply of real moves (from depth 4) instead
    /// of going to quiescence: true where a win in one quiet move is common, which quiescence
    /// (captures only) cannot see and the pass would hide.
    #[inline]
    fn null_search_keeps_a_ply() -> bool {
        false
    }
    /// The search techniques on by default in this game (a mask of `search::feature`'s
    /// bits): those the test bench accepted for it (docs/ai.md, "Search techniques tried").
    #[inline]
    fn search_features() -> u32 {
        0
    }
    /// Whether `by` could capture by displacement a piece standing on `sq` on the current
    /// board (a piece of `by` attacks the square), for the search's exchange test of captures
    /// that land on their victim's square; `None` when the game has no such fast test (its
    /// captures need not land on the victim, as in Ultima).
    #[inline]
    fn square_attacked(pos: &Position, sq: Square, by: Color) -> Option<bool> {
        let _ = (pos, sq, by);
        None
    }
    /// The static exchange evaluation of the move `m` (legal in `pos`): the material balance
    /// in centipawns, for the side making it, of the exchange it starts on its destination,
    /// each side taking back there with its least valuable piece while that pays (the piece
    /// values of the game table, as the search's ordering and evaluation count them; the
    /// swap list of [`see`]). `None` when the game has no such evaluation for the move: a move
    /// that does not capture by landing on its victim's square, or a game whose captures need
    /// not (Ultima, the default).
    #[inline]
    fn see(pos: &Position, m: &Move) -> Option<i32> {
        let _ = (pos, m);
        None
    }
    /// How the legal move `m` captures the piece on `victim` (one of its captures), for the
    /// threats view; by default an ordinary capture.
    fn capture_method(pos: &Position, m: &Move, victim: Square) -> CaptureMethod {
        let _ = (pos, m, victim);
        CaptureMethod::Ordinary
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

/// See [`Rules::null_search_keeps_a_ply`].
#[inline]
pub(crate) fn null_search_keeps_a_ply(pos: &Position) -> bool {
    dispatch!(pos.game(), null_search_keeps_a_ply())
}

/// See [`Rules::search_features`].
#[inline]
pub(crate) fn search_features(game: GameId) -> u32 {
    dispatch!(game, search_features())
}

/// See [`Rules::prune_checks_unseen`].
#[inline]
pub(crate) fn prune_checks_unseen(pos: &Position) -> bool {
    dispatch!(pos.game(), prune_checks_unseen())
}

/// See [`Rules::square_attacked`].
#[inline]
pub(crate) fn square_attacked(pos: &Position, sq: Square, by: Color) -> Option<bool> {
    dispatch!(pos.game(), square_attacked(pos, sq, by))
}

/// See [`Rules::see`].
#[inline]
pub(crate) fn see(pos: &Position, m: &Move) -> Option<i32> {
    dispatch!(pos.game(), see(pos, m))
}

pub(crate) fn frozen(pos: &Position) -> SquareSet {
    dispatch!(pos.game(), frozen(pos))
}

/// See [`Rules::can_win`].
pub(crate) fn can_win(pos: &Position, side: Color) -> bool {
    dispatch!(pos.game(), can_win(pos, side))
}

/// Whether `side` has nothing but its King (the material test every game's
/// [`Rules::can_win`] starts from).
pub(crate) fn only_king(pos: &Position, side: Color) -> bool {
    pos.by_color(side).count() <= 1
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

/// See [`Rules::legal_moves_where`].
#[inline]
pub(crate) fn legal_moves_where(
    pos: &Position,
    out: &mut MoveList,
    keep: impl Fn(&Move) -> bool,
) -> bool {
    dispatch!(pos.game(), legal_moves_where(pos, out, keep))
}

pub(crate) fn captures_in_order(pos: &Position, m: &Move) -> Vec<Square> {
    dispatch!(pos.game(), captures_in_order(pos, m))
}

pub(crate) fn capture_method(pos: &Position, m: &Move, victim: Square) -> CaptureMethod {
    dispatch!(pos.game(), capture_method(pos, m, victim))
}
