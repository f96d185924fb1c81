//! Where each square is drawn: a grid of cells, one per (file, rank) coordinate, with Omega's
//! 12×12 box whose outer ring holds the four wizard squares at its corners and holes elsewhere.
//! All lengths are CSS pixels; the renderer scales them by the device pixel ratio.

use baroque_engine::{Color, Shape, Square};

/// The grid of a board drawn `size` CSS pixels wide, seen from `orientation`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Layout {
    /// The board's shape.
    pub shape: Shape,
    /// The side at the bottom.
    pub orientation: Color,
    /// Width (and height) of the drawn board in CSS pixels.
    pub size: f64,
}

/// A rectangle in CSS pixels.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width and height (cells are square).
    pub w: f64,
}

impl Rect {
    /// The centre point.
    pub fn center(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.w / 2.0)
    }
}

impl Layout {
    /// A layout for `shape`.
    pub fn new(shape: Shape, orientation: Color, size: f64) -> Layout {
        Layout {
            shape,
            orientation,
            size,
        }
    }

    /// Cells per row and the coordinate of the first cell: Omega's box runs from −1 to 10.
    pub fn grid(&self) -> (i8, i8) {
        match self.shape {
            Shape::Omega => (12, -1),
            s => (s.width(), 0),
        }
    }

    /// The side of one cell.
    pub fn cell(&self) -> f64 {
        self.size / self.grid().0 as f64
    }

    /// The on-screen column and row (0 = left, top) of coordinate (x, y).
    pub fn cell_of(&self, x: i8, y: i8) -> (i8, i8) {
        let (n, min) = self.grid();
        let col = x - min;
        let row = n - 1 - (y - min);
        match self.orientation {
            Color::White => (col, row),
            Color::Black => (n - 1 - col, n - 1 - row),
        }
    }

    /// The coordinate (x, y) shown in on-screen column and row (inverse of [`Layout::cell_of`]).
    pub fn coord_of_cell(&self, col: i8, row: i8) -> (i8, i8) {
        let (n, min) = self.grid();
        let (col, row) = match self.orientation {
            Color::White => (col, row),
            Color::Black => (n - 1 - col, n - 1 - row),
        };
        (col + min, n - 1 - row + min)
    }

    /// The rectangle of coordinate (x, y), square or not.
    pub fn coord_rect(&self, x: i8, y: i8) -> Rect {
        let (col, row) = self.cell_of(x, y);
        let w = self.cell();
        Rect {
            x: col as f64 * w,
            y: row as f64 * w,
            w,
        }
    }

    /// The rectangle of `sq`.
    pub fn rect(&self, sq: Square) -> Rect {
        let (x, y) = self.shape.coords(sq);
        self.coord_rect(x, y)
    }

    /// The square under the point (px, py), or `None` off the board or over an Omega hole.
    pub fn square_at(&self, px: f64, py: f64) -> Option<Square> {
        if !(px >= 0.0 && py >= 0.0 && px < self.size && py < self.size) {
            return None;
        }
        let w = self.cell();
        let n = self.grid().0;
        let col = ((px / w) as i8).min(n - 1);
        let row = ((py / w) as i8).min(n - 1);
        let (x, y) = self.coord_of_cell(col, row);
        self.shape.square(x, y)
    }

    /// Whether the square is light (x + y odd in the field's numbering, so that `a1` is dark in
    /// the 8×8 and 10×10 games); Omega colours by omega.md §1.2 (`a0` light).
    pub fn is_light(&self, sq: Square) -> bool {
        let (x, y) = self.shape.coords(sq);
        let sum = (x as i32 + y as i32).rem_euclid(2);
        match self.shape {
            Shape::Omega => sum == 0,
            _ => sum == 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_through_pixels() {
        for shape in [Shape::Eight, Shape::Ten, Shape::Omega] {
            for o in Color::ALL {
                let l = Layout::new(shape, o, 600.0);
                for sq in shape.squares() {
                    let (cx, cy) = l.rect(sq).center();
                    assert_eq!(l.square_at(cx, cy), Some(sq), "{shape:?} {o:?}");
                }
            }
        }
    }

    #[test]
    fn white_sees_a1_bottom_left_and_black_top_right() {
        let l = Layout::new(Shape::Eight, Color::White, 800.0);
        let a1 = Shape::Eight.parse_square("a1").unwrap();
        assert_eq!(
            l.rect(a1),
            Rect {
                x: 0.0,
                y: 700.0,
                w: 100.0
            }
        );
        let l = Layout::new(Shape::Eight, Color::Black, 800.0);
        assert_eq!(
            l.rect(a1),
            Rect {
                x: 700.0,
                y: 0.0,
                w: 100.0
            }
        );
        assert!(!l.is_light(a1));
    }

    #[test]
    fn omega_wizard_squares_sit_in_the_corners_and_holes_are_not_squares() {
        let s = Shape::Omega;
        let l = Layout::new(s, Color::White, 1200.0);
        let w1 = s.parse_square("w1").unwrap();
        let w3 = s.parse_square("w3").unwrap();
        assert_eq!(
            l.rect(w1),
            Rect {
                x: 0.0,
                y: 1100.0,
                w: 100.0
            }
        );
        assert_eq!(
            l.rect(w3),
            Rect {
                x: 1100.0,
                y: 0.0,
                w: 100.0
            }
        );
        // the cell right of w1 is a hole
        assert_eq!(l.square_at(150.0, 1150.0), None);
        // a0 is diagonally inside w1
        assert_eq!(l.square_at(150.0, 1050.0), s.parse_square("a0"));
        assert!(l.is_light(w1));
        assert!(l.is_light(s.parse_square("a0").unwrap()));
        assert!(!l.is_light(s.parse_square("w2").unwrap()));
        assert_eq!(l.square_at(-1.0, 5.0), None);
        assert_eq!(l.square_at(f64::NAN, 5.0), None);
    }
}
