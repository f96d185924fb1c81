//! Ultima (Baroque Chess), as `shared/rules/ultima.md` defines it.
//!
//! The board is 8×8, so the rules work on `u64` bit sets (`bits`) read from the position
//! (`view`, `placement`). Move generation is in `movegen` and `chameleon`, the capture
//! geometry in `captures`, freezing in `immobilizer`, the check test in `attacks`, legal move
//! filtering in `legal` and the display notation in `notation`.
//!
//! ```
//! use baroque_engine::{GameId, Position, RuleOptions};
//! let pos = Position::from_fen(GameId::Ultima, "7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1",
//!     RuleOptions::DEFAULT).unwrap();
//! let m = pos.parse_move("g4d4").unwrap();
//! assert_eq!(pos.notation(&m), "Pg4-d4xc4xd5");
//! ```

use alloc::string::String;

use super::spec::array;
use super::{EndPolicy, GameSpec, PieceSpec, Rules, StartArray};
use crate::fen::{self, FenError};
use crate::geometry::{Shape, SquareSet};
use crate::moves::{Move, MoveList};
use crate::options::RuleOptions;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::GameId;

pub(crate) mod attacks;
pub(crate) mod bits;
pub(crate) mod captures;
pub(crate) mod chameleon;
pub(crate) mod immobilizer;
pub(crate) mod legal;
pub(crate) mod movegen;
pub(crate) mod notation;
mod options;
pub(crate) mod placement;
pub(crate) mod view;

/// Ultima's rules.
pub struct Ultima;

/// Ultima's pieces (ultima.md §1), in legend order. The values are the evaluation's: the rule
/// book gives none; these follow the usual estimates for Baroque Chess (Immobilizer strongest,
/// Pincer Pawn weakest) and were checked by self-play.
pub(crate) const PIECES: &[PieceSpec] = &[
    PieceSpec::plain(Role::King, 'K', 0),
    PieceSpec::plain(Role::Pincer, 'P', 100),
    PieceSpec::plain(Role::LongLeaper, 'L', 350),
    PieceSpec::plain(Role::Withdrawer, 'W', 400),
    PieceSpec::plain(Role::Coordinator, 'C', 400),
    PieceSpec::plain(Role::Immobilizer, 'I', 550),
    PieceSpec::plain(Role::Chameleon, 'X', 400),
];

/// The 16 start arrays (ultima.md §2): each player chooses independently whether the
/// Immobilizer and Coordinator swap corners (`IC`) and whether the King and Withdrawer swap
/// squares (`KW`).
const START_ARRAYS: &[StartArray] = &[
    array(
        "standard",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1",
        &[],
    ),
    array(
        "bKW",
        "clxkwxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1",
        &["bKW"],
    ),
    array(
        "bIC",
        "ilxwkxlc/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1",
        &["bIC"],
    ),
    array(
        "bIC-bKW",
        "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1",
        &["bIC", "bKW"],
    ),
    array(
        "wKW",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXWKXLC w - - 0 1",
        &["wKW"],
    ),
    array(
        "wKW-bKW",
        "clxkwxli/pppppppp/8/8/8/8/PPPPPPPP/ILXWKXLC w - - 0 1",
        &["wKW", "bKW"],
    ),
    array(
        "wKW-bIC",
        "ilxwkxlc/pppppppp/8/8/8/8/PPPPPPPP/ILXWKXLC w - - 0 1",
        &["wKW", "bIC"],
    ),
    array(
        "wKW-bIC-bKW",
        "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/ILXWKXLC w - - 0 1",
        &["wKW", "bIC", "bKW"],
    ),
    array(
        "wIC",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/CLXKWXLI w - - 0 1",
        &["wIC"],
    ),
    array(
        "wIC-bKW",
        "clxkwxli/pppppppp/8/8/8/8/PPPPPPPP/CLXKWXLI w - - 0 1",
        &["wIC", "bKW"],
    ),
    array(
        "wIC-bIC",
        "ilxwkxlc/pppppppp/8/8/8/8/PPPPPPPP/CLXKWXLI w - - 0 1",
        &["wIC", "bIC"],
    ),
    array(
        "wIC-bIC-bKW",
        "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/CLXKWXLI w - - 0 1",
        &["wIC", "bIC", "bKW"],
    ),
    array(
        "wIC-wKW",
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/CLXWKXLI w - - 0 1",
        &["wIC", "wKW"],
    ),
    array(
        "wIC-wKW-bKW",
        "clxkwxli/pppppppp/8/8/8/8/PPPPPPPP/CLXWKXLI w - - 0 1",
        &["wIC", "wKW", "bKW"],
    ),
    array(
        "wIC-wKW-bIC",
        "ilxwkxlc/pppppppp/8/8/8/8/PPPPPPPP/CLXWKXLI w - - 0 1",
        &["wIC", "wKW", "bIC"],
    ),
    array(
        "wIC-wKW-bIC-bKW",
        "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/CLXWKXLI w - - 0 1",
        &["wIC", "wKW", "bIC", "bKW"],
    ),
];

/// Ultima's facts (ultima.md §1, §2, §8).
pub(crate) const SPEC: GameSpec = GameSpec {
    id: GameId::Ultima,
    title: "Ultima (Baroque Chess)",
    shape: Shape::Eight,
    start_fen: "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1",
    start_arrays: START_ARRAYS,
    pieces: PIECES,
    options: options::OPTIONS,
    castles: &[],
    promotion_letters: &[],
    en_passant: false,
    end: EndPolicy {
        stalemate_is_draw_named_stalemate: false,
        bare_kings_draw: false,
    },
};

impl Rules for Ultima {
    const SPEC: &'static GameSpec = &SPEC;

    /// None: correction history's first acceptance (1,572 pairs) replayed a 344-opening book;
    /// on 944 openings, each once, the test bench rejected it (H0 after 714 pairs, −16.1 Elo,
    /// −32.6 to +0.4; docs/ai.md, "Search techniques tried").
    fn search_features() -> u32 {
        0
    }

    fn pseudo_moves(pos: &Position, us: Color, out: &mut MoveList) {
        movegen::generate(pos, us, out);
    }

    /// Legal moves: the pseudo-legal ones whose placement after the move, seen through
    /// `view::After` without copying the position, leaves the mover's King unattacked.
    fn legal_moves(pos: &Position, out: &mut MoveList) -> bool {
        legal::legal_moves(pos, out);
        true
    }

    /// The King-safety test is spent only on the moves kept (the search's quiescence keeps
    /// only captures).
    fn legal_moves_where<F: Fn(&Move) -> bool>(
        pos: &Position,
        out: &mut MoveList,
        keep: F,
    ) -> bool {
        legal::legal_moves_where(pos, out, keep);
        true
    }

    /// Ultima's quiet wins in one move are common: a King boxed in by the Immobilizer, a side
    /// left without moves (a loss by default), and the pass of a null move hid them (two wins
    /// in 3 not found by depth 14; docs/ai.md, "Short wins").
    fn null_search_keeps_a_ply() -> bool {
        true
    }

    fn check_rule(options: &RuleOptions) -> bool {
        options::check_rule(options)
    }

    fn king_attacked(pos: &Position, color: Color) -> bool {
        attacks::king_attacked(pos, color, pos.options())
    }

    /// Each piece has one method (ultima.md §5); the King's is ordinary.
    fn capture_method(
        _pos: &Position,
        m: &Move,
        _victim: crate::geometry::Square,
    ) -> crate::threats::CaptureMethod {
        crate::threats::CaptureMethod::of_role(m.role, crate::threats::CaptureMethod::Ordinary)
    }

    /// With `win=checkmate` a lone King can never win (docs/rules-decisions.md, "Flag fall"):
    /// it checks only from beside an unfrozen enemy King, where it may never stand, and while a
    /// square is empty the other side always has a legal move, so it cannot run out of moves
    /// either. With `win=capture` the other King may walk up to it and be taken. Every other
    /// piece can win: all but the Immobilizer capture the King, and an Immobilizer freezes it
    /// for its own King to mate beside it (§7.1).
    fn can_win(pos: &Position, side: Color) -> bool {
        pos.options().win == crate::options::WinRule::Capture || !super::only_king(pos, side)
    }

    fn frozen(pos: &Position) -> SquareSet {
        let p = placement::Placement::scan(pos);
        SquareSet(immobilizer::frozen(&p, pos.options().immobilizer) as u128)
    }

    fn read_board(pos: &mut Position, field: &str) -> Result<(), FenError> {
        let ranks: alloc::vec::Vec<&str> = field.split('/').collect();
        fen::read_ranks(pos, &ranks)
    }

    fn write_board(pos: &Position, out: &mut String) {
        fen::write_ranks(pos, out);
    }

    /// ultima.md §3: any material is accepted; the common reader has already required one King
    /// of each colour and '-' castling and en passant fields, and rejects a side not to move in
    /// check under `win=checkmate`.
    fn validate(_pos: &Position) -> Result<(), FenError> {
        Ok(())
    }

    fn notation(pos: &Position, m: &Move) -> String {
        notation::notation(pos, m)
    }
}
