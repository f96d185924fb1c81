//! The Chess–Ultima Hybrid, as `shared/rules/hybrid.md` defines it: orthodox and Capablanca
//! pieces, five Ultima pieces, the Cannon, shogi-like forced promotion and the Dog that a
//! promoted Bishop leaves behind, with check, checkmate and stalemate as in chess.
//!
//! | module | holds |
//! |---|---|
//! | `roles` | which roles slide, leap and step; promotion and the camps (§2, §7, §8) |
//! | `movegen` | pseudo-legal moves, displacement pieces, suicides (§5–§9.1) |
//! | `pawn`, `cannon`, `dog`, `ultima_moves`, `castling_moves` | each piece's own moves (§7) |
//! | `ultima_captures` | the capture geometry of the five Ultima pieces (§7.8) |
//! | `freeze` | immobilization (§6) |
//! | `attacks`, `rays` | the quick check test (§9.2) and the ray masks it walks |
//! | `see` | static exchange evaluation of the displacement captures |
//! | `legal`, `after` | legal moves, testing only the moves that could expose the King, on the board after the move read without making it (§9.2) |
//! | `fen` | the board field and FEN validity (§4) |
//! | `notation` | notation, capture order, promotion field (§10) |
//!
//! ```
//! use baroque_engine::{GameId, Position};
//! let pos = Position::start(GameId::Hybrid);
//! let m = pos.parse_move("c2d4").unwrap();
//! assert_eq!(pos.notation(&m), "A C2 - D4");
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use super::spec::array;
use super::{mirrored_castles, CastleFiles, CastleSpec, EndPolicy, GameSpec, PieceSpec, Rules};
use crate::fen::FenError;
use crate::geometry::{Shape, Square, SquareSet};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::GameId;

mod after;
mod attacks;
mod cannon;
mod castling_moves;
mod dog;
pub mod fen;
mod freeze;
mod legal;
mod movegen;
pub mod notation;
mod pawn;
mod rays;
mod roles;
mod see;
mod ultima_captures;
mod ultima_moves;

/// The hybrid's rules.
pub struct Hybrid;

/// Castling (hybrid.md §7.2): King f2→i2 with Rook j2→h2, King f2→c2 with Rook a2→d2; Black
/// on rank 9.
const CASTLES: [CastleSpec; 4] = mirrored_castles(
    1,
    8,
    5,
    CastleFiles {
        king_to: 8,
        rook_from: 9,
        rook_to: 7,
        notation: "O-O",
    },
    CastleFiles {
        king_to: 2,
        rook_from: 0,
        rook_to: 3,
        notation: "O-O-O",
    },
);

/// The hybrid's pieces (hybrid.md §2, §4), in legend order. The values are the evaluation's:
/// Capablanca values for the chess pieces, Ultima's for the Ultima pieces, promoted pieces at
/// their base value plus what they gain.
pub(crate) const PIECES: &[PieceSpec] = &[
    PieceSpec::plain(Role::King, 'K', 0),
    PieceSpec::plain(Role::Queen, 'Q', 950),
    PieceSpec::plain(Role::Rook, 'R', 500),
    PieceSpec::plain(Role::Bishop, 'B', 350),
    PieceSpec::plain(Role::Knight, 'N', 300),
    PieceSpec::plain(Role::Archbishop, 'A', 800),
    PieceSpec::plain(Role::Chancellor, 'C', 850),
    PieceSpec::plain(Role::Pawn, 'P', 100),
    PieceSpec::plain(Role::Cannon, 'Z', 400),
    PieceSpec::plain(Role::Dog, 'D', 150),
    PieceSpec::plain(Role::Immobilizer, 'I', 500),
    PieceSpec::plain(Role::LongLeaper, 'L', 350),
    PieceSpec::plain(Role::Withdrawer, 'W', 400),
    PieceSpec::plain(Role::Coordinator, 'O', 400),
    PieceSpec::plain(Role::PushmePullyu, 'U', 450),
    PieceSpec::promoted(Role::PromotedQueen, 'Q', 1050),
    PieceSpec::promoted(Role::PromotedChancellor, 'C', 950),
    PieceSpec::promoted(Role::PromotedArchbishop, 'A', 900),
    PieceSpec::promoted(Role::PromotedRook, 'R', 650),
    PieceSpec::promoted(Role::PromotedKnight, 'N', 500),
    PieceSpec::promoted(Role::PromotedBishop, 'B', 650),
    PieceSpec::promoted(Role::DragonHorse, 'H', 500),
];

const START_FEN: &str =
    "ilwouuowli/rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR/ILWOUUOWLI w KQkq - 0 1";

/// The hybrid's facts (hybrid.md §2, §3, §7.2, §7.4, §9.3).
pub(crate) const SPEC: GameSpec = GameSpec {
    id: GameId::Hybrid,
    title: "Chess–Ultima Hybrid",
    shape: Shape::Ten,
    start_fen: START_FEN,
    start_arrays: &[array("standard", START_FEN, &[])],
    pieces: PIECES,
    options: &[],
    castles: &CASTLES,
    promotion_letters: &[
        ('r', Role::Rook),
        ('n', Role::Knight),
        ('b', Role::Bishop),
        ('z', Role::Cannon),
    ],
    en_passant: true,
    end: EndPolicy {
        stalemate_is_draw_named_stalemate: true,
        bare_kings_draw: true,
    },
};

impl Rules for Hybrid {
    const SPEC: &'static GameSpec = &SPEC;

    fn pseudo_moves(pos: &Position, us: Color, out: &mut MoveList) {
        movegen::pseudo_moves(pos, us, out);
    }

    fn legal_moves(pos: &Position, out: &mut MoveList) -> bool {
        legal::legal_moves_where(pos, out, |_| true);
        true
    }

    fn legal_moves_where<F: Fn(&Move) -> bool>(
        pos: &Position,
        out: &mut MoveList,
        keep: F,
    ) -> bool {
        legal::legal_moves_where(pos, out, keep);
        true
    }

    fn king_attacked(pos: &Position, color: Color) -> bool {
        attacks::king_attacked(pos, color)
    }

    /// Only a lone King can never mate (hybrid.md §9): a King checks only from beside an
    /// unfrozen enemy King, where it may never stand, and it freezes nothing; stalemate is a
    /// draw. Any other piece might mate with the opponent's help (an Immobilizer freezes the
    /// King for its own King to step beside it; a Pawn promotes).
    fn can_win(pos: &Position, side: Color) -> bool {
        !super::only_king(pos, side)
    }

    fn frozen(pos: &Position) -> SquareSet {
        freeze::frozen(pos)
    }

    /// The check test of §9.2 walks every line through the King and the Coordinators' routes:
    /// making a late quiet move and testing it costs about what searching it would, so the
    /// search prunes those moves unmade (measured, docs/ai.md).
    fn prune_checks_unseen() -> bool {
        true
    }

    fn see(pos: &Position, m: &Move) -> Option<i32> {
        see::see(pos, m)
    }

    /// The static exchange evaluation (SPRT H1 after 460 pairs of 776 distinct openings, +42.9
    /// Elo, +21.0 to +65.1, at 2 000 nodes; the first run's 928 pairs replayed its book's 176
    /// openings: docs/ai.md, "Search techniques tried").
    fn search_features() -> u32 {
        crate::search::feature::SEE
    }

    /// The Ultima pieces' methods (hybrid.md §7.8: the Pushme-pullyu's victim beside its start
    /// square, behind it, is taken by withdrawal, the other by approach), the Cannon's hop, and
    /// displacement for every other chess piece (§5).
    fn capture_method(
        pos: &Position,
        m: &Move,
        victim: crate::geometry::Square,
    ) -> crate::threats::CaptureMethod {
        use crate::threats::CaptureMethod;
        if m.role == crate::piece::Role::PushmePullyu {
            let shape = pos.shape();
            let (fx, fy) = shape.coords(m.from);
            let (tx, ty) = shape.coords(m.to);
            let behind = shape.offset(m.from, -(tx - fx).signum(), -(ty - fy).signum());
            return if behind == Some(victim) {
                CaptureMethod::Withdrawal
            } else {
                CaptureMethod::Approach
            };
        }
        CaptureMethod::of_role(m.role, CaptureMethod::Displacement)
    }

    fn read_board(pos: &mut Position, field: &str) -> Result<(), FenError> {
        fen::read_board(pos, field)
    }

    fn write_board(pos: &Position, out: &mut String) {
        fen::write_board(pos, out);
    }

    fn validate(pos: &Position) -> Result<(), FenError> {
        fen::validate(pos)
    }

    fn notation(pos: &Position, m: &Move) -> String {
        notation::notation(pos, m)
    }

    fn promotion_json(_pos: &Position, m: &Move) -> Option<String> {
        notation::promotion_json(m)
    }

    fn captures_in_order(pos: &Position, m: &Move) -> Vec<Square> {
        notation::captures_in_order(pos, m)
    }
}
