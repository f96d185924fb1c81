//! What the opponent threatens: every piece of the side to move that the other side could
//! capture with its next move (with the capturing piece, its method and the move), and every
//! piece of the side to move that the other side's next move would freeze. The page's threats
//! mode shows this set and never works out captures itself.
//!
//! The threats are read from the opponent's legal moves after a pass
//! ([`Position::null_move`]), and the freezes from [`Position::frozen`] after each of those
//! moves, so they hold in every game without asking which game it is; the capture method comes
//! from the game's rules (`Rules::capture_method`).
//!
//! ```
//! use baroque_engine::threats::{threats, CaptureMethod};
//! use baroque_engine::{GameId, Position, RuleOptions};
//! // ultima.md §10 A, seen from Black: White's Pincer Pawn g4-d4 would take c4 and d5.
//! let fen = "7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1";
//! let pos = Position::from_fen(GameId::Ultima, fen, RuleOptions::DEFAULT).unwrap();
//! let black = pos.null_move();
//! let t = threats(&black);
//! let g4d4: Vec<_> = t.captures.iter().filter(|c| pos.move_text(&c.mv) == "g4d4").collect();
//! assert_eq!(g4d4.len(), 2);
//! assert!(g4d4.iter().all(|c| c.method == CaptureMethod::Pincer));
//! //! ```

use alloc::vec::Vec;

use crate::games;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Role;
use crate::position::Position;

/// How a piece captures, in the rule book's words.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CaptureMethod {
    /// Custodian capture by a Pincer Pawn (ultima.md §5.2).
    Pincer,
    /// Moving directly away from the victim (Withdrawer, Pushme-pullyu).
    Withdrawal,
    /// Jumping the victim (Long Leaper).
    Leap,
    /// The Coordinator's rectangle with its King.
    Coordination,
    /// Moving up to the victim along the line of travel (Pushme-pullyu, hybrid.md §7.8).
    Approach,
    /// A Chameleon using its victim's own method (ultima.md §5.7).
    Chameleon,
    /// A Cannon's hop over one screen (hybrid.md §7.5).
    Cannon,
    /// Moving onto the victim's square (the hybrid's chess pieces, hybrid.md §5).
    Displacement,
    /// Moving onto the victim's square or taking it en passant (Omega Chess, Ultima's King).
    Ordinary,
}

impl CaptureMethod {
    /// Every method, in declaration order.
    pub const ALL: [CaptureMethod; 9] = [
        CaptureMethod::Pincer,
        CaptureMethod::Withdrawal,
        CaptureMethod::Leap,
        CaptureMethod::Coordination,
        CaptureMethod::Approach,
        CaptureMethod::Chameleon,
        CaptureMethod::Cannon,
        CaptureMethod::Displacement,
        CaptureMethod::Ordinary,
    ];

    /// The id the page's catalog words (`threat-method-<id>`).
    pub const fn id(self) -> &'static str {
        match self {
            CaptureMethod::Pincer => "pincer",
            CaptureMethod::Withdrawal => "withdrawal",
            CaptureMethod::Leap => "leap",
            CaptureMethod::Coordination => "coordination",
            CaptureMethod::Approach => "approach",
            CaptureMethod::Chameleon => "chameleon",
            CaptureMethod::Cannon => "cannon",
            CaptureMethod::Displacement => "displacement",
            CaptureMethod::Ordinary => "ordinary",
        }
    }

    /// The method a piece of `role` uses when it captures by moving onto the victim's square:
    /// the rule's name for a role that always captures one way, else `plain`.
    pub(crate) const fn of_role(role: Role, plain: CaptureMethod) -> CaptureMethod {
        match role {
            Role::Pincer => CaptureMethod::Pincer,
            Role::Withdrawer => CaptureMethod::Withdrawal,
            Role::LongLeaper => CaptureMethod::Leap,
            Role::Coordinator => CaptureMethod::Coordination,
            Role::Chameleon => CaptureMethod::Chameleon,
            Role::Cannon => CaptureMethod::Cannon,
            _ => plain,
        }
    }
}

/// One capture the opponent threatens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CaptureThreat {
    /// The threatened piece's square.
    pub victim: Square,
    /// The capturing piece's role.
    pub by: Role,
    /// How it captures.
    pub method: CaptureMethod,
    /// The capturing move (the opponent's, played after a pass).
    pub mv: Move,
}

/// One freeze the opponent threatens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FreezeThreat {
    /// The piece that would be frozen.
    pub victim: Square,
    /// The role of the piece whose move freezes it.
    pub by: Role,
    /// The freezing move.
    pub mv: Move,
}

/// Everything the opponent threatens against the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// Captures, in the opponent's move order, each victim once per move.
    pub captures: Vec<CaptureThreat>,
    /// Freezes of pieces not frozen now, in the opponent's move order.
    pub freezes: Vec<FreezeThreat>,
}

/// The threats against the side to move of `pos`: the opponent's legal moves as if the side to
/// move passed.
pub fn threats(pos: &Position) -> Threats {
    let us = pos.side_to_move();
    let them_to_move = pos.null_move();
    let mut moves = MoveList::new();
    them_to_move.legal_moves_into(&mut moves);
    let frozen_now = pos.frozen();
    let ours = pos.by_color(us);
    let mut out = Threats::default();
    for m in moves.iter() {
        if m.kind == MoveKind::Suicide {
            continue;
        }
        for victim in m.captures.iter() {
            if ours.contains(victim) {
                out.captures.push(CaptureThreat {
                    victim,
                    by: m.role,
                    method: games::capture_method(&them_to_move, m, victim),
                    mv: *m,
                });
            }
        }
        let after = them_to_move.play(m);
        let newly = after
            .frozen()
            .iter()
            .filter(|s| ours.contains(*s) && !m.captures.contains(*s) && !frozen_now.contains(*s));
        for victim in newly.collect::<Vec<Square>>() {
            out.freezes.push(FreezeThreat {
                victim,
                by: m.role,
                mv: *m,
            });
        }
    }
    out
}
