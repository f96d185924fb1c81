//! An author's marks on a diagram: squares and arrows in a small text syntax, shared by the
//! `<baroque-board>` element (its `marks` attribute), the iframe page and `baroque diagram`.
//!
//! The syntax: marks separated by spaces or commas; a mark is a square (`d5`) or an arrow
//! (`d2>d8`), optionally followed by `:` and a colour (`d5:red`, `d2>d8:blue`). The colours are
//! [`NoteColor`]'s names (`green`, the default, `red`, `blue`, `yellow`) or their first letters.
//! `d3 d5 d7:r d2>d8` marks d3 and d5 green, d7 red, and draws a green arrow from d2 to d8.

use baroque_engine::{Shape, Square};

/// The colour of an author's mark (the values are in [`super::palette::note_color`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum NoteColor {
    /// The default.
    #[default]
    Green,
    /// For danger, captures.
    Red,
    /// For a second line or idea.
    Blue,
    /// For attention.
    Yellow,
}

impl NoteColor {
    /// Every colour, in the order of the documentation.
    pub const ALL: [NoteColor; 4] = [
        NoteColor::Green,
        NoteColor::Red,
        NoteColor::Blue,
        NoteColor::Yellow,
    ];

    /// The colour's name (`green`).
    pub fn as_str(self) -> &'static str {
        match self {
            NoteColor::Green => "green",
            NoteColor::Red => "red",
            NoteColor::Blue => "blue",
            NoteColor::Yellow => "yellow",
        }
    }

    /// The colour named `s` (its name or first letter).
    pub fn parse(s: &str) -> Option<NoteColor> {
        NoteColor::ALL
            .into_iter()
            .find(|c| c.as_str() == s || c.as_str()[..1] == *s)
    }
}

/// One mark.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Note {
    /// A circled square.
    Square {
        /// The square.
        sq: Square,
        /// Its colour.
        color: NoteColor,
    },
    /// An arrow.
    Arrow {
        /// Tail.
        from: Square,
        /// Head.
        to: Square,
        /// Its colour.
        color: NoteColor,
    },
}

/// A mark that does not parse: the mark's text (the catalog's `error-marks-bad` words it).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NoteError {
    /// The mark as written.
    pub mark: String,
}

impl core::fmt::Display for NoteError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "bad mark '{}': write a square (d5) or an arrow (d2>d8), optionally with :green, :red, :blue or :yellow",
            self.mark
        )
    }
}

impl NoteError {
    /// The error's code, for the message catalog.
    pub fn code(&self) -> &'static str {
        "marks-bad"
    }
}

/// Parses `text` (see the module's documentation) for a board of `shape`.
pub fn parse_notes(shape: Shape, text: &str) -> Result<Vec<Note>, NoteError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|token| parse_note(shape, token).ok_or_else(|| NoteError { mark: token.into() }))
        .collect()
}

fn parse_note(shape: Shape, token: &str) -> Option<Note> {
    let (body, color) = match token.split_once(':') {
        Some((b, c)) => (b, NoteColor::parse(&c.to_ascii_lowercase())?),
        None => (token, NoteColor::default()),
    };
    let square = |s: &str| shape.parse_square(&s.to_ascii_lowercase());
    Some(match body.split_once('>') {
        Some((a, b)) => Note::Arrow {
            from: square(a)?,
            to: square(b)?,
            color,
        },
        None => Note::Square {
            sq: square(body)?,
            color,
        },
    })
}

/// The marks written back in the syntax (`d5 d2>d8:blue`), the default colour left out.
pub fn write_notes(shape: Shape, notes: &[Note]) -> String {
    let color = |c: NoteColor| {
        if c == NoteColor::default() {
            String::new()
        } else {
            format!(":{}", c.as_str())
        }
    };
    notes
        .iter()
        .map(|n| match *n {
            Note::Square { sq, color: c } => format!("{}{}", shape.square_name(sq), color(c)),
            Note::Arrow { from, to, color: c } => format!(
                "{}>{}{}",
                shape.square_name(from),
                shape.square_name(to),
                color(c)
            ),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(shape: Shape, n: &str) -> Square {
        shape.parse_square(n).unwrap()
    }

    #[test]
    fn squares_and_arrows_with_colours_parse_and_write_back() {
        let s = Shape::Eight;
        let notes = parse_notes(s, "d3, d5 d7:r d2>d8 a1>h8:Blue").unwrap();
        assert_eq!(notes.len(), 5);
        assert_eq!(
            notes[2],
            Note::Square {
                sq: sq(s, "d7"),
                color: NoteColor::Red
            }
        );
        assert_eq!(
            notes[3],
            Note::Arrow {
                from: sq(s, "d2"),
                to: sq(s, "d8"),
                color: NoteColor::Green
            }
        );
        assert_eq!(write_notes(s, &notes), "d3 d5 d7:red d2>d8 a1>h8:blue");
        assert_eq!(parse_notes(s, "  ").unwrap(), vec![]);
    }

    #[test]
    fn wizard_squares_are_squares_of_omega_only() {
        assert!(parse_notes(Shape::Omega, "w1 w1>a0:y").is_ok());
        let e = parse_notes(Shape::Eight, "d3 w1").unwrap_err();
        assert_eq!(e.mark, "w1");
        assert_eq!(e.code(), "marks-bad");
    }

    #[test]
    fn bad_marks_are_refused_with_their_text() {
        for bad in ["d9", "d2>", ">d2", "d2>d3:purple", "d2:", "e4e5", "x"] {
            let e = parse_notes(Shape::Eight, &format!("a1 {bad}")).unwrap_err();
            assert_eq!(e.mark, bad);
            assert!(e.to_string().contains(bad));
        }
    }
}
