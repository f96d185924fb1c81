//! Display notation (omega.md §8): official Omega algebraic, `Wa2`, `Cc7`, `dxe4`, `e9=Q`,
//! `0-0`, `0-0-0`, with disambiguation that knows wizard squares have no file or rank, and `+`
//! or `#`.

use alloc::string::{String, ToString};

use super::fen::role_letter;
use super::SPEC;
use crate::geometry::{Shape, Square};
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::position::Position;

const SHAPE: Shape = Shape::Omega;

/// The file letter of a field square (`None` for a wizard square).
fn file_char(sq: Square) -> Option<char> {
    if SHAPE.is_wizard_square(sq) {
        None
    } else {
        Some((b'a' + SHAPE.file(sq) as u8) as char)
    }
}

/// The rank digit of a field square (`None` for a wizard square).
fn rank_char(sq: Square) -> Option<char> {
    if SHAPE.is_wizard_square(sq) {
        None
    } else {
        Some((b'0' + SHAPE.rank(sq) as u8) as char)
    }
}

/// The disambiguator of a piece move (§8): empty when no other piece of the same type and
/// colour has a legal move to the destination; else the from-file if none of those stands on
/// the mover's file, else the from-rank if none stands on its rank, else the full square. A
/// wizard square has no file or rank.
fn disambiguator(pos: &Position, m: &Move) -> String {
    let legal = pos.legal_moves();
    let mut others = legal
        .iter()
        .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from)
        .map(|o| o.from)
        .peekable();
    if others.peek().is_none() {
        return String::new();
    }
    let others: alloc::vec::Vec<Square> = others.collect();
    let full = || SHAPE.square_name(m.from).to_string();
    let (Some(f), Some(r)) = (file_char(m.from), rank_char(m.from)) else {
        return full();
    };
    if others.iter().all(|o| file_char(*o) != Some(f)) {
        return f.to_string();
    }
    if others.iter().all(|o| rank_char(*o) != Some(r)) {
        return r.to_string();
    }
    full()
}

/// The display notation of the legal move `m` of `pos`.
pub(crate) fn notation(pos: &Position, m: &Move) -> String {
    let mut s = String::new();
    let dest = SHAPE.square_name(m.to).to_string();
    if m.kind == MoveKind::Castle {
        let from = SHAPE.coords(m.from);
        let to = SHAPE.coords(m.to);
        let text = SPEC
            .castles
            .iter()
            .find(|c| c.king_from == from && c.king_to == to)
            .map(|c| c.notation)
            .unwrap_or("0-0");
        s.push_str(text);
    } else if m.role == Role::Pawn {
        if m.is_capture() {
            if let Some(f) = file_char(m.from) {
                s.push(f);
            }
            s.push('x');
        }
        s.push_str(&dest);
        if let Some(r) = m.promotion {
            s.push('=');
            s.push(role_letter(r));
        }
    } else {
        s.push(role_letter(m.role));
        s.push_str(&disambiguator(pos, m));
        if m.is_capture() {
            s.push('x');
        }
        s.push_str(&dest);
    }
    let next = pos.play(m);
    if next.in_check() {
        s.push(if next.legal_moves().is_empty() {
            '#'
        } else {
            '+'
        });
    }
    s
}
