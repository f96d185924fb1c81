//! Highlights as data: which squares carry which mark and which arrows are drawn. The renderer
//! draws them in the order of [`MarkKind`]; tests read them directly.

use baroque_engine::Square;

use super::state::BoardState;

/// What a marked square means.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum MarkKind {
    /// The last move's start square.
    LastFrom,
    /// The last move's destination.
    LastTo,
    /// A square whose piece the last move removed.
    LastCapture,
    /// An immobilized piece (either side).
    Frozen,
    /// The King in check.
    Check,
    /// A piece giving check.
    Checker,
    /// The selected piece.
    Selected,
    /// A destination of the selected piece that captures nothing.
    Dest,
    /// A destination whose move captures something.
    DestCapture,
    /// The selected frozen piece can remove itself (click it again).
    Suicide,
    /// The destination under the pointer.
    Hover,
    /// An enemy piece the hovered move would capture.
    Preview,
    /// The keyboard cursor.
    Cursor,
}

/// One marked square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mark {
    /// The square.
    pub sq: Square,
    /// What it means.
    pub kind: MarkKind,
}

/// What an arrow shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArrowKind {
    /// The path of the last move.
    LastMove,
    /// The move by which a checking piece would take the King.
    Check,
}

/// An arrow from one square to another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Arrow {
    /// Tail.
    pub from: Square,
    /// Head.
    pub to: Square,
    /// What it shows.
    pub kind: ArrowKind,
}

/// Every marked square of the board, sorted by kind (the drawing order).
pub fn marks(state: &BoardState) -> Vec<Mark> {
    let snap = &state.snap;
    let mut out = Vec::new();
    let mut add = |sq, kind| out.push(Mark { sq, kind });
    if let Some(l) = &snap.last {
        if !l.suicide {
            add(l.from, MarkKind::LastFrom);
            add(l.to, MarkKind::LastTo);
        }
        for c in l.captures {
            add(c, MarkKind::LastCapture);
        }
    }
    for s in snap.frozen {
        add(s, MarkKind::Frozen);
    }
    for c in &snap.checks {
        add(c.attacker, MarkKind::Checker);
    }
    if let Some(c) = snap.checks.first() {
        add(c.king, MarkKind::Check);
    }
    if let Some(a) = state.active() {
        add(a, MarkKind::Selected);
        if state.config.show_dests {
            for m in snap.moves_from(a) {
                if m.suicide {
                    add(a, MarkKind::Suicide);
                } else if m.captures.any() {
                    add(m.to, MarkKind::DestCapture);
                } else {
                    add(m.to, MarkKind::Dest);
                }
            }
        }
        if let Some(h) = state.hover {
            if snap.dests(a).contains(h) {
                add(h, MarkKind::Hover);
            }
        }
        for p in state.preview() {
            add(p, MarkKind::Preview);
        }
    }
    if let Some(c) = state.cursor {
        add(c, MarkKind::Cursor);
    }
    out.sort_by_key(|m| m.kind);
    out.dedup();
    out
}

/// The arrows: the last move's path and each check's capturing move.
pub fn arrows(state: &BoardState) -> Vec<Arrow> {
    let snap = &state.snap;
    let mut out = Vec::new();
    if let Some(l) = &snap.last {
        if l.from != l.to {
            out.push(Arrow {
                from: l.from,
                to: l.to,
                kind: ArrowKind::LastMove,
            });
        }
    }
    for c in &snap.checks {
        out.push(Arrow {
            from: c.attacker,
            to: c.to,
            kind: ArrowKind::Check,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::state::{BoardMove, BoardState, Check, LastMove, Snapshot};
    use baroque_engine::{Color, Piece, Role, Shape, SquareSet};

    fn sq(n: &str) -> Square {
        Shape::Eight.parse_square(n).unwrap()
    }

    fn kinds_at(ms: &[Mark], s: &str) -> Vec<MarkKind> {
        ms.iter()
            .filter(|m| m.sq == sq(s))
            .map(|m| m.kind)
            .collect()
    }

    #[test]
    fn last_move_frozen_and_check_are_always_marked() {
        let mut snap = Snapshot::empty(Shape::Eight);
        snap.last = Some(LastMove {
            from: sq("g4"),
            to: sq("d4"),
            captures: [sq("c4"), sq("d5")].into_iter().collect(),
            suicide: false,
        });
        snap.frozen = SquareSet::from_square(sq("b4"));
        snap.checks = vec![Check {
            king: sq("e8"),
            attacker: sq("c6"),
            to: sq("d7"),
            role: Role::Chameleon,
        }];
        let b = BoardState::new(snap, Config::default());
        let ms = marks(&b);
        assert_eq!(kinds_at(&ms, "g4"), vec![MarkKind::LastFrom]);
        assert_eq!(kinds_at(&ms, "c4"), vec![MarkKind::LastCapture]);
        assert_eq!(kinds_at(&ms, "b4"), vec![MarkKind::Frozen]);
        assert_eq!(kinds_at(&ms, "e8"), vec![MarkKind::Check]);
        assert_eq!(kinds_at(&ms, "c6"), vec![MarkKind::Checker]);
        let ar = arrows(&b);
        assert_eq!(ar.len(), 2);
        assert_eq!(ar[1].kind, ArrowKind::Check);
    }

    #[test]
    fn hovering_a_capturing_destination_previews_its_victims() {
        let mut snap = Snapshot::empty(Shape::Eight);
        snap.pieces[sq("g4").index()] = Some(Piece::new(Color::White, Role::Pincer));
        snap.moves = vec![
            BoardMove {
                text: "g4d4".into(),
                from: sq("g4"),
                to: sq("d4"),
                captures: [sq("c4"), sq("d5")].into_iter().collect(),
                choice: None,
                suicide: false,
            },
            BoardMove {
                text: "g4h4".into(),
                from: sq("g4"),
                to: sq("h4"),
                captures: SquareSet::EMPTY,
                choice: None,
                suicide: false,
            },
        ];
        let mut b = BoardState::new(snap, Config::default());
        b.selected = Some(sq("g4"));
        b.hover = Some(sq("d4"));
        let ms = marks(&b);
        assert_eq!(
            kinds_at(&ms, "d4"),
            vec![MarkKind::DestCapture, MarkKind::Hover]
        );
        assert_eq!(kinds_at(&ms, "h4"), vec![MarkKind::Dest]);
        assert_eq!(kinds_at(&ms, "c4"), vec![MarkKind::Preview]);
        assert_eq!(kinds_at(&ms, "d5"), vec![MarkKind::Preview]);
        b.hover = Some(sq("h4"));
        assert!(marks(&b).iter().all(|m| m.kind != MarkKind::Preview));
    }
}
