//! Move animation as a diff, the way chessground animates: compare the pieces before and after,
//! slide the moved piece from its old square and fade out each piece that vanished. Castling's
//! rook and a released Dog are found by the same diff.

use baroque_engine::{Piece, Square};

use super::state::Snapshot;

/// A piece sliding from one square to another.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Slide {
    /// The piece as it stands after the move.
    pub piece: Piece,
    /// Where it starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
}

/// An animation in progress.
#[derive(Clone, PartialEq, Debug)]
pub struct Anim {
    /// Start time in milliseconds.
    pub start: f64,
    /// Duration in milliseconds.
    pub duration: f64,
    /// Pieces that move.
    pub slides: Vec<Slide>,
    /// Pieces that disappear, with their squares.
    pub fades: Vec<(Piece, Square)>,
}

impl Anim {
    /// The animation from `old` to `new` starting at `now`, or `None` when nothing moves or
    /// the duration is too short to see (chessground skips under 70 ms).
    pub fn diff(old: &Snapshot, new: &Snapshot, now: f64, duration: f64) -> Option<Anim> {
        if duration < 70.0 || old.shape != new.shape {
            return None;
        }
        let n = old.pieces.len().min(new.pieces.len());
        let mut vanished: Vec<(Piece, Square)> = Vec::new();
        let mut appeared: Vec<(Piece, Square)> = Vec::new();
        let squares: Vec<Square> = new.shape.squares().collect();
        for i in 0..n {
            let Some(&sq) = squares.get(i) else {
                continue;
            };
            let (a, b) = (old.pieces[i], new.pieces[i]);
            if a == b {
                continue;
            }
            if let Some(p) = a {
                vanished.push((p, sq));
            }
            if let Some(p) = b {
                appeared.push((p, sq));
            }
        }
        let mut slides = Vec::new();
        // The mover first: it left the last move's start square and stands on its destination,
        // possibly with a new role (a promotion).
        if let Some(l) = new.last.as_ref().filter(|l| l.from != l.to) {
            let arrived = appeared.iter().position(|(_, s)| *s == l.to);
            let left = vanished.iter().position(|(_, s)| *s == l.from);
            if let (Some(a), Some(v)) = (arrived, left) {
                if appeared[a].0.color() == vanished[v].0.color() {
                    let (piece, to) = appeared.remove(a);
                    let (_, from) = vanished.remove(v);
                    slides.push(Slide { piece, from, to });
                }
            }
        }
        // Then every other piece that moved (a castling rook): from the nearest vanished twin.
        let shape = new.shape;
        for (p, to) in appeared {
            let (tx, ty) = shape.coords(to);
            let pick = vanished
                .iter()
                .enumerate()
                .filter(|(_, (q, _))| *q == p)
                .min_by_key(|(_, (_, s))| {
                    let (x, y) = shape.coords(*s);
                    (x as i32 - tx as i32).pow(2) + (y as i32 - ty as i32).pow(2)
                })
                .map(|(i, _)| i);
            if let Some(i) = pick {
                let (_, from) = vanished.remove(i);
                slides.push(Slide { piece: p, from, to });
            }
        }
        if slides.is_empty() && vanished.is_empty() {
            return None;
        }
        Some(Anim {
            start: now,
            duration,
            slides,
            fades: vanished,
        })
    }

    /// Progress at `now`, eased, from 0 to 1.
    pub fn progress(&self, now: f64) -> f64 {
        let t = ((now - self.start) / self.duration).clamp(0.0, 1.0);
        // easeInOutCubic, as chessground uses.
        if t < 0.5 {
            4.0 * t * t * t
        } else {
            (t - 1.0) * (2.0 * t - 2.0) * (2.0 * t - 2.0) + 1.0
        }
    }

    /// Whether the animation has ended at `now`.
    pub fn done(&self, now: f64) -> bool {
        now - self.start >= self.duration
    }

    /// Whether `sq`'s piece (in the new position) is drawn by the animation instead.
    pub fn moving_to(&self, sq: Square) -> bool {
        self.slides.iter().any(|s| s.to == sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::LastMove;
    use baroque_engine::{Color, Role, Shape, SquareSet};

    #[test]
    fn a_capture_slides_the_mover_and_fades_the_victims() {
        let s = Shape::Eight;
        let sq = |n: &str| s.parse_square(n).unwrap();
        let wp = Piece::new(Color::White, Role::Pincer);
        let bp = Piece::new(Color::Black, Role::Pincer);
        let mut old = Snapshot::empty(s);
        old.pieces[sq("g4").index()] = Some(wp);
        old.pieces[sq("c4").index()] = Some(bp);
        old.pieces[sq("d5").index()] = Some(bp);
        let mut new = Snapshot::empty(s);
        new.pieces[sq("d4").index()] = Some(wp);
        new.last = Some(LastMove {
            from: sq("g4"),
            to: sq("d4"),
            captures: SquareSet::EMPTY,
            suicide: false,
        });
        let a = Anim::diff(&old, &new, 1000.0, 200.0).unwrap();
        assert_eq!(
            a.slides,
            vec![Slide {
                piece: wp,
                from: sq("g4"),
                to: sq("d4")
            }]
        );
        assert_eq!(a.fades.len(), 2);
        assert!(a.moving_to(sq("d4")));
        assert_eq!(a.progress(1000.0), 0.0);
        assert_eq!(a.progress(1100.0), 0.5);
        assert_eq!(a.progress(5000.0), 1.0);
        assert!(a.done(1200.0));
        assert!(Anim::diff(&old, &new, 0.0, 50.0).is_none());
        assert!(Anim::diff(&old, &old, 0.0, 200.0).is_none());
    }

    #[test]
    fn castling_slides_the_king_and_the_rook() {
        let s = Shape::Omega;
        let sq = |n: &str| s.parse_square(n).unwrap();
        let k = Piece::new(Color::White, Role::King);
        let r = Piece::new(Color::White, Role::Rook);
        let mut old = Snapshot::empty(s);
        old.pieces[sq("f0").index()] = Some(k);
        old.pieces[sq("i0").index()] = Some(r);
        let mut new = Snapshot::empty(s);
        new.pieces[sq("h0").index()] = Some(k);
        new.pieces[sq("g0").index()] = Some(r);
        new.last = Some(LastMove {
            from: sq("f0"),
            to: sq("h0"),
            captures: SquareSet::EMPTY,
            suicide: false,
        });
        let a = Anim::diff(&old, &new, 0.0, 200.0).unwrap();
        assert_eq!(
            a.slides,
            vec![
                Slide {
                    piece: k,
                    from: sq("f0"),
                    to: sq("h0")
                },
                Slide {
                    piece: r,
                    from: sq("i0"),
                    to: sq("g0")
                },
            ]
        );
        assert!(a.fades.is_empty());
    }

    #[test]
    fn a_promotion_slides_the_pawn_into_its_new_piece() {
        let s = Shape::Ten;
        let sq = |n: &str| s.parse_square(n).unwrap();
        let mut old = Snapshot::empty(s);
        old.pieces[sq("e7").index()] = Some(Piece::new(Color::White, Role::Pawn));
        old.pieces[sq("d8").index()] = Some(Piece::new(Color::Black, Role::Rook));
        let mut new = Snapshot::empty(s);
        new.pieces[sq("d8").index()] = Some(Piece::new(Color::White, Role::Cannon));
        new.last = Some(LastMove {
            from: sq("e7"),
            to: sq("d8"),
            captures: SquareSet::from_square(sq("d8")),
            suicide: false,
        });
        let a = Anim::diff(&old, &new, 0.0, 200.0).unwrap();
        assert_eq!(a.slides.len(), 1);
        assert_eq!(a.slides[0].from, sq("e7"));
        assert_eq!(
            a.fades,
            vec![(Piece::new(Color::Black, Role::Rook), sq("d8"))]
        );
    }
}
