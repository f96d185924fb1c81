//! The player's own arrows and circles, as chessground's `drawable` draws them: a right-button
//! press and release on one square circles it, a right-button drag from one square to another
//! draws an arrow between them. Drawing a shape again in the same colour removes it, in another
//! colour recolours it. The modifier keys held at the press pick the colour (chessground's
//! brushes): none green, Shift or Ctrl red, Alt or Meta blue, both yellow. A left-button press
//! on the board erases them all (the host calls [`Drawable::clear`]).
//!
//! The shapes are [`Note`]s, drawn like an author's marks (`scene` paints them over the pieces)
//! and written in the marks syntax for the page's tests (`data-drawn`).

use baroque_engine::Square;

use super::notes::{Note, NoteColor};

/// The modifier keys held when a drawing starts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Modifiers {
    /// Shift.
    pub shift: bool,
    /// Control.
    pub ctrl: bool,
    /// Alt (Option).
    pub alt: bool,
    /// Meta (Command).
    pub meta: bool,
}

impl Modifiers {
    /// The colour these keys pick: none green, Shift or Ctrl red, Alt or Meta blue, both yellow.
    pub fn color(self) -> NoteColor {
        match (self.shift || self.ctrl, self.alt || self.meta) {
            (false, false) => NoteColor::Green,
            (true, false) => NoteColor::Red,
            (false, true) => NoteColor::Blue,
            (true, true) => NoteColor::Yellow,
        }
    }
}

/// A drawing in progress: from the pressed square towards the square under the pointer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Drawing {
    /// The square pressed.
    pub from: Square,
    /// The square under the pointer now (off the board: none).
    pub to: Option<Square>,
    /// Its colour.
    pub color: NoteColor,
}

impl Drawing {
    /// The shape the drawing makes if released now: a circle on the pressed square, an arrow
    /// to another square, nothing off the board.
    pub fn shape(&self) -> Option<Note> {
        let to = self.to?;
        Some(if to == self.from {
            Note::Square {
                sq: to,
                color: self.color,
            }
        } else {
            Note::Arrow {
                from: self.from,
                to,
                color: self.color,
            }
        })
    }
}

/// The shapes drawn and the drawing in progress.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Drawable {
    /// The shapes drawn, oldest first.
    pub shapes: Vec<Note>,
    /// The drawing in progress, if a right button is held.
    pub current: Option<Drawing>,
}

/// Where a shape stands, whatever its colour.
fn place(n: &Note) -> (Square, Option<Square>) {
    match *n {
        Note::Square { sq, .. } => (sq, None),
        Note::Arrow { from, to, .. } => (from, Some(to)),
    }
}

impl Drawable {
    /// A right-button press on `sq` (off the board: nothing starts). Returns whether the
    /// picture changes.
    pub fn start(&mut self, sq: Option<Square>, keys: Modifiers) -> bool {
        let Some(from) = sq else {
            return false;
        };
        self.current = Some(Drawing {
            from,
            to: Some(from),
            color: keys.color(),
        });
        true
    }

    /// The pointer moved over `sq` during a drawing. Returns whether the picture changes.
    pub fn move_to(&mut self, sq: Option<Square>) -> bool {
        match self.current.as_mut() {
            Some(d) if d.to != sq => {
                d.to = sq;
                true
            }
            _ => false,
        }
    }

    /// The right button was released: the drawing's shape is added, or removed when the same
    /// shape is there already, or recoloured when it is there in another colour. Returns
    /// whether the picture changes.
    pub fn end(&mut self) -> bool {
        let Some(d) = self.current.take() else {
            return false;
        };
        let Some(shape) = d.shape() else {
            return true;
        };
        match self.shapes.iter().position(|s| place(s) == place(&shape)) {
            Some(i) if self.shapes[i] == shape => {
                self.shapes.remove(i);
            }
            Some(i) => self.shapes[i] = shape,
            None => self.shapes.push(shape),
        }
        true
    }

    /// Drops the drawing in progress (the press was cancelled). Returns whether it was there.
    pub fn cancel(&mut self) -> bool {
        self.current.take().is_some()
    }

    /// Erases every shape (a left-button press). Returns whether there were any.
    pub fn clear(&mut self) -> bool {
        let had = !self.shapes.is_empty() || self.current.is_some();
        self.shapes.clear();
        self.current = None;
        had
    }

    /// What to draw: the shapes, then the drawing in progress.
    pub fn visible(&self) -> impl Iterator<Item = Note> + '_ {
        self.shapes
            .iter()
            .copied()
            .chain(self.current.and_then(|d| d.shape()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notes::write_notes;
    use baroque_engine::Shape;

    fn sq(n: &str) -> Option<Square> {
        Shape::Eight.parse_square(n)
    }

    fn draw(d: &mut Drawable, from: &str, to: &str, keys: Modifiers) {
        assert!(d.start(sq(from), keys));
        d.move_to(sq(to));
        assert!(d.end());
    }

    fn text(d: &Drawable) -> String {
        write_notes(Shape::Eight, &d.visible().collect::<Vec<_>>())
    }

    const NONE: Modifiers = Modifiers {
        shift: false,
        ctrl: false,
        alt: false,
        meta: false,
    };

    #[test]
    fn a_right_click_circles_and_a_right_drag_draws_an_arrow() {
        let mut d = Drawable::default();
        draw(&mut d, "e2", "e2", NONE);
        draw(&mut d, "e2", "e4", NONE);
        assert_eq!(text(&d), "e2 e2>e4");
    }

    #[test]
    fn the_drawing_shows_while_the_button_is_held() {
        let mut d = Drawable::default();
        d.start(sq("d2"), NONE);
        assert_eq!(text(&d), "d2");
        assert!(d.move_to(sq("d5")));
        assert!(!d.move_to(sq("d5")), "the same square changes nothing");
        assert_eq!(text(&d), "d2>d5");
        d.move_to(None);
        assert_eq!(text(&d), "", "off the board: nothing");
        assert!(d.end());
        assert!(d.shapes.is_empty(), "released off the board: nothing drawn");
    }

    #[test]
    fn modifiers_pick_the_colour() {
        let cases = [
            (NONE, NoteColor::Green),
            (
                Modifiers {
                    shift: true,
                    ..NONE
                },
                NoteColor::Red,
            ),
            (Modifiers { ctrl: true, ..NONE }, NoteColor::Red),
            (Modifiers { alt: true, ..NONE }, NoteColor::Blue),
            (Modifiers { meta: true, ..NONE }, NoteColor::Blue),
            (
                Modifiers {
                    shift: true,
                    alt: true,
                    ..NONE
                },
                NoteColor::Yellow,
            ),
        ];
        for (keys, color) in cases {
            assert_eq!(keys.color(), color, "{keys:?}");
        }
    }

    #[test]
    fn the_same_shape_again_removes_it_and_another_colour_recolours_it() {
        let mut d = Drawable::default();
        draw(&mut d, "a1", "h8", NONE);
        draw(&mut d, "c3", "c3", NONE);
        draw(
            &mut d,
            "a1",
            "h8",
            Modifiers {
                shift: true,
                ..NONE
            },
        );
        assert_eq!(text(&d), "a1>h8:red c3");
        draw(
            &mut d,
            "a1",
            "h8",
            Modifiers {
                shift: true,
                ..NONE
            },
        );
        draw(&mut d, "c3", "c3", NONE);
        assert_eq!(text(&d), "");
        // An arrow the other way is another arrow.
        draw(&mut d, "a1", "h8", NONE);
        draw(&mut d, "h8", "a1", NONE);
        assert_eq!(text(&d), "a1>h8 h8>a1");
    }

    #[test]
    fn a_left_click_clears_and_a_cancel_drops_the_drawing() {
        let mut d = Drawable::default();
        assert!(!d.clear(), "nothing to clear");
        assert!(!d.start(None, NONE), "a press off the board draws nothing");
        draw(&mut d, "a1", "a2", NONE);
        d.start(sq("b1"), NONE);
        assert!(d.cancel());
        assert_eq!(text(&d), "a1>a2");
        assert!(d.clear());
        assert_eq!(text(&d), "");
        assert!(!d.end(), "no drawing to end");
    }
}
