//! Position text (FEN) as the rule book's README defines it:
//! `<board> <side> <castling> <en passant> <halfmove> <fullmove>`, where a FEN may stop after the
//! side to move. Errors name the field, the rank and the character.
//!
//! The board field is each game's own (letters, Omega's wizard squares, the hybrid's `+`
//! pieces); the helpers here read and write the rectangular ranks they share.
//!
//! ```
//! use baroque_engine::{fen, GameId, RuleOptions};
//! let err = fen::read(GameId::Ultima, "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLQ w", RuleOptions::DEFAULT)
//!     .unwrap_err();
//! assert_eq!(err.to_string(), "invalid FEN: board field, rank 1, character 'Q': unknown piece letter");
//! ```

use alloc::string::{String, ToString};
use core::fmt;

use crate::games;
use crate::geometry::{Shape, Square, SquareSet};
use crate::options::RuleOptions;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::GameId;

/// The FEN field an error is in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenField {
    /// The placement of the pieces.
    Board,
    /// The side to move.
    Side,
    /// Castling rights.
    Castling,
    /// En passant squares.
    EnPassant,
    /// The halfmove clock.
    Halfmove,
    /// The fullmove number.
    Fullmove,
    /// Text after the sixth field.
    Extra,
    /// The position as a whole (kings, check).
    Position,
}

impl FenField {
    fn as_str(self) -> &'static str {
        match self {
            FenField::Board => "board field",
            FenField::Side => "side-to-move field",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en passant field",
            FenField::Halfmove => "halfmove clock field",
            FenField::Fullmove => "fullmove number field",
            FenField::Extra => "extra text",
            FenField::Position => "position",
        }
    }
}

/// A rejected FEN: which field, which rank and character where they apply, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FenError {
    /// The field.
    pub field: FenField,
    /// The rank as the game names it (`"10"`, `"0"`), or a 12×12 row, when the error is in one.
    pub rank: Option<String>,
    /// The offending character, when there is one.
    pub ch: Option<char>,
    /// What is wrong.
    pub message: String,
    /// What is wrong as data, for the checks a position editor's user meets (one King each,
    /// the side not to move in check, a pawn's square, castling pieces, en passant): a stable
    /// id and its parameters, so a page can word it in its own language.
    pub reason: Option<FenReason>,
}

/// Why a position was refused, as a stable kebab-case `id` (`"king-count"`, `"side-in-check"`,
/// `"pawn-square"`, `"castling-pieces"`, `"en-passant"`) with named parameters.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FenReason {
    /// The reason's id.
    pub id: &'static str,
    /// Its named parameters (`color`, `count`, `square`, ...).
    pub params: alloc::vec::Vec<(&'static str, String)>,
}

impl FenError {
    /// An error in `field` with `message`.
    pub fn new(field: FenField, message: impl Into<String>) -> FenError {
        FenError {
            field,
            rank: None,
            ch: None,
            message: message.into(),
            reason: None,
        }
    }
    /// The same error with its reason as data (see [`FenReason`]).
    pub fn because(
        mut self,
        id: &'static str,
        params: alloc::vec::Vec<(&'static str, String)>,
    ) -> FenError {
        self.reason = Some(FenReason { id, params });
        self
    }
    /// The same error located in a rank.
    pub fn at_rank(mut self, rank: impl Into<String>) -> FenError {
        self.rank = Some(rank.into());
        self
    }
    /// The same error at a character.
    pub fn at_char(mut self, ch: char) -> FenError {
        self.ch = Some(ch);
        self
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.field.as_str())?;
        if let Some(r) = &self.rank {
            write!(f, ", rank {r}")?;
        }
        if let Some(c) = self.ch {
            write!(f, ", character '{}'", c.escape_debug())?;
        }
        write!(f, ": {}", self.message)
    }
}

impl FenError {
    /// A stable kebab-case id of the error: the field it is in (`"fen-board"`, `"fen-castling"`,
    /// `"fen-en-passant"`, `"fen-position"`, ...). The detail is in the `detail` parameter.
    pub fn code(&self) -> &'static str {
        match self.field {
            FenField::Board => "fen-board",
            FenField::Side => "fen-side",
            FenField::Castling => "fen-castling",
            FenField::EnPassant => "fen-en-passant",
            FenField::Halfmove => "fen-halfmove",
            FenField::Fullmove => "fen-fullmove",
            FenField::Extra => "fen-extra",
            FenField::Position => "fen-position",
        }
    }

    /// The error's named parameters: `rank` and `char` where the error has them, `detail`,
    /// the English description of what is wrong, and, for the checks of a whole position,
    /// `reason` (the [`FenReason`] id) with the reason's own parameters.
    pub fn params(&self) -> alloc::vec::Vec<(&'static str, String)> {
        let mut p = alloc::vec::Vec::new();
        if let Some(r) = &self.reason {
            p.push(("reason", String::from(r.id)));
            p.extend(r.params.iter().cloned());
        }
        if let Some(r) = &self.rank {
            p.push(("rank", r.clone()));
        }
        if let Some(c) = self.ch {
            p.push(("char", c.to_string()));
        }
        p.push(("detail", self.message.clone()));
        p
    }
}

impl core::error::Error for FenError {}

/// Reads a FEN of `game`: its fields ([`read_fields`]), then the checks of the position as a
/// whole ([`check`]).
pub fn read(game: GameId, fen: &str, options: RuleOptions) -> Result<Position, FenError> {
    let pos = read_fields(game, fen, options)?;
    check(&pos)?;
    Ok(pos)
}

/// Reads the fields of a FEN of `game` (their syntax, piece letters, squares) without judging
/// the position as a whole: it may lack a King or break the game's rules. Crate-private: such a
/// position leaves the crate only inside a [`crate::draft::Draft`].
pub(crate) fn read_fields(
    game: GameId,
    fen: &str,
    options: RuleOptions,
) -> Result<Position, FenError> {
    let mut fields = fen.split_whitespace();
    let board = fields
        .next()
        .ok_or_else(|| FenError::new(FenField::Board, "the FEN is empty"))?;
    let mut pos = Position::empty(game, options);
    games::read_board(&mut pos, board)?;
    let side = fields.next().ok_or_else(|| {
        FenError::new(
            FenField::Side,
            "missing; a FEN needs at least the board and the side to move",
        )
    })?;
    let side = match side {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            let c = other
                .chars()
                .find(|c| *c != 'w' && *c != 'b')
                .unwrap_or('?');
            return Err(FenError::new(FenField::Side, "must be 'w' or 'b'").at_char(c));
        }
    };
    pos.set_side(side);
    let castling = fields.next().unwrap_or("-");
    pos.set_castling(read_castling(game, castling)?);
    let ep = fields.next().unwrap_or("-");
    let (squares, victim) = read_ep(&pos, board, ep)?;
    pos.set_ep(squares, victim);
    let halfmove = match fields.next() {
        None => 0,
        Some(s) => parse_number(s, FenField::Halfmove, 0)?,
    };
    let fullmove = match fields.next() {
        None => 1,
        Some(s) => parse_number(s, FenField::Fullmove, 1)?,
    };
    pos.set_clocks(halfmove, fullmove);
    if let Some(extra) = fields.next() {
        return Err(FenError::new(
            FenField::Extra,
            alloc::format!("unexpected '{extra}' after the fullmove number"),
        ));
    }
    debug_assert_eq!(pos.hash(), pos.compute_hash());
    Ok(pos)
}

/// The checks a position read field by field must pass before a game is played from it: one
/// King each, the game's own checks (pawn squares, castling pieces, en passant), and the side
/// not to move not in check where the King may not be left capturable.
pub fn check(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let n = pos.pieces(color, Role::King).count();
        if n != 1 {
            return Err(FenError::new(
                FenField::Board,
                alloc::format!("{} must have exactly one King, found {n}", color.as_str()),
            )
            .because(
                "king-count",
                alloc::vec![("color", color.as_str().into()), ("count", n.to_string())],
            ));
        }
    }
    games::validate(pos).map_err(|e| match e.field {
        FenField::EnPassant if e.reason.is_none() => {
            let squares = write(pos).split(' ').nth(3).unwrap_or("-").to_string();
            e.because("en-passant", alloc::vec![("squares", squares)])
        }
        _ => e,
    })?;
    let side = pos.side_to_move();
    if pos.has_check_rule() && pos.is_king_attacked(side.other()) {
        return Err(FenError::new(
            FenField::Position,
            alloc::format!(
                "{} is to move but {} is in check, which cannot arise in a game",
                side.as_str(),
                side.other().as_str()
            ),
        )
        .because(
            "side-in-check",
            alloc::vec![
                ("side", side.as_str().into()),
                ("color", side.other().as_str().into())
            ],
        ));
    }
    Ok(())
}

fn parse_number(s: &str, field: FenField, min: u32) -> Result<u32, FenError> {
    if let Some(c) = s.chars().find(|c| !c.is_ascii_digit()) {
        return Err(FenError::new(field, "must be a whole number").at_char(c));
    }
    let n: u32 = s
        .parse()
        .map_err(|_| FenError::new(field, "number too large"))?;
    if n < min {
        return Err(FenError::new(
            field,
            alloc::format!("must be at least {min}"),
        ));
    }
    Ok(n)
}

fn read_castling(game: GameId, s: &str) -> Result<u8, FenError> {
    if s == "-" {
        return Ok(0);
    }
    let spec = games::spec(game);
    if spec.castles.is_empty() {
        return Err(FenError::new(
            FenField::Castling,
            alloc::format!("{} has no castling; this field must be '-'", game.as_str()),
        )
        .at_char(s.chars().next().unwrap_or('?')));
    }
    let mut rights = 0u8;
    for c in s.chars() {
        let spec_c = spec.castles.iter().find(|k| k.letter == c).ok_or_else(|| {
            FenError::new(FenField::Castling, "must be '-' or letters from KQkq").at_char(c)
        })?;
        if rights & spec_c.right != 0 {
            return Err(FenError::new(FenField::Castling, "repeated letter").at_char(c));
        }
        rights |= spec_c.right;
    }
    Ok(rights)
}

/// Reads the en passant field: `-` or square names separated by commas (or written together).
/// The victim is the square beyond the passed squares in the direction of the side that moved.
fn read_ep(pos: &Position, board: &str, s: &str) -> Result<(SquareSet, Option<Square>), FenError> {
    if s == "-" {
        return Ok((SquareSet::EMPTY, None));
    }
    if !games::spec(pos.game()).en_passant {
        return Err(FenError::new(
            FenField::EnPassant,
            alloc::format!(
                "{} has no en passant; this field must be '-'",
                pos.game().as_str()
            ),
        )
        .at_char(s.chars().next().unwrap_or('?')));
    }
    let squares = games::read_ep_squares(pos, board, s)?;
    if squares.is_empty() {
        return Err(FenError::new(FenField::EnPassant, "no square given"));
    }
    let shape = pos.shape();
    let mover = pos.side_to_move().other();
    let f = mover.forward();
    // The furthest passed square in the mover's direction, then one more step.
    let last = squares
        .iter()
        .max_by_key(|s| shape.rank(*s) * f)
        .ok_or_else(|| FenError::new(FenField::EnPassant, "no square given"))?;
    let victim = shape.offset(last, 0, f);
    Ok((squares, victim))
}

/// Parses comma-separated or concatenated square names of `shape`.
pub(crate) fn parse_square_list(shape: Shape, s: &str) -> Result<SquareSet, FenError> {
    let mut set = SquareSet::EMPTY;
    let mut rest = s;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix(',') {
            rest = r;
            continue;
        }
        let (sq, n) = shape.parse_square_prefix(rest).ok_or_else(|| {
            FenError::new(
                FenField::EnPassant,
                alloc::format!("'{s}' is not a list of squares"),
            )
            .at_char(rest.chars().next().unwrap_or('?'))
        })?;
        if set.contains(sq) {
            return Err(FenError::new(FenField::EnPassant, "a square is repeated"));
        }
        set.insert(sq);
        rest = &rest[n..];
    }
    Ok(set)
}

/// Reads the ranks of a rectangular field (`ranks`, top rank first) of `shape` into `pos`, with
/// the letters of the game's piece table (a `+` before a letter for a promoted piece). Digit runs
/// are one number of empty squares.
pub(crate) fn read_ranks(pos: &mut Position, ranks: &[&str]) -> Result<(), FenError> {
    let spec = games::spec(pos.game());
    let shape = pos.shape();
    let (w, h) = (shape.width(), shape.height());
    if ranks.len() != h as usize {
        return Err(FenError::new(
            FenField::Board,
            alloc::format!("needs {h} ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let y = h - 1 - i as i8;
        let label = (y as i32 + shape.rank_base() as i32).to_string();
        let err = |m: &str| FenError::new(FenField::Board, m).at_rank(label.clone());
        let mut x: i32 = 0;
        let mut chars = rank.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '0' {
                return Err(err("a count of empty squares cannot start with 0").at_char(c));
            }
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0);
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d;
                    chars.next();
                    if n > 99 {
                        break;
                    }
                }
                if n == 0 || n > w as u32 {
                    return Err(err(&alloc::format!(
                        "{n} is not a number of empty squares (1 to {w})"
                    ))
                    .at_char(c));
                }
                x += n as i32;
                if x > w as i32 {
                    return Err(
                        err(&alloc::format!("the rank has more than {w} squares")).at_char(c)
                    );
                }
                continue;
            }
            let (promoted, lc) = if c == '+' {
                match chars.next() {
                    Some(n) => (true, n),
                    None => return Err(err("'+' must be followed by a piece letter").at_char(c)),
                }
            } else {
                (false, c)
            };
            let role = spec.role_of_letter(lc, promoted).ok_or_else(|| {
                err(if promoted {
                    "not a promoted piece letter"
                } else {
                    "unknown piece letter"
                })
                .at_char(lc)
            })?;
            if x >= w as i32 {
                return Err(err(&alloc::format!("the rank has more than {w} squares")).at_char(c));
            }
            let color = if lc.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if let Some(sq) = shape.square(x as i8, y) {
                pos.put(sq, Piece::new(color, role));
            }
            x += 1;
        }
        if x != w as i32 {
            return Err(err(&alloc::format!("the rank has {x} squares, not {w}")));
        }
    }
    Ok(())
}

/// Writes the ranks of the rectangular field, top first, with maximal digit runs and the tokens
/// of the game's piece table.
pub(crate) fn write_ranks(pos: &Position, out: &mut String) {
    let spec = games::spec(pos.game());
    let shape = pos.shape();
    for y in (0..shape.height()).rev() {
        let mut empty = 0;
        for x in 0..shape.width() {
            match shape.square(x, y).and_then(|s| pos.piece_at(s)) {
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    spec.push_token(p, out);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
}

/// Writes the canonical FEN of `pos`.
pub fn write(pos: &Position) -> String {
    let mut s = String::new();
    games::write_board(pos, &mut s);
    s.push(' ');
    s.push(pos.side_to_move().fen_char());
    s.push(' ');
    let spec = games::spec(pos.game());
    let rights = pos.castling_rights();
    if rights == 0 {
        s.push('-');
    } else {
        for c in spec.castles {
            if rights & c.right != 0 {
                s.push(c.letter);
            }
        }
    }
    s.push(' ');
    let ep = pos.ep_squares();
    if ep.is_empty() {
        s.push('-');
    } else {
        // In the order the pawn passed them.
        let shape = pos.shape();
        let f = pos.side_to_move().other().forward();
        let mut v: alloc::vec::Vec<Square> = ep.iter().collect();
        v.sort_by_key(|sq| shape.rank(*sq) * f);
        for (i, sq) in v.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&shape.square_name(*sq).to_string());
        }
    }
    use core::fmt::Write;
    let _ = write!(s, " {} {}", pos.halfmove_clock(), pos.fullmove_number());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_empty_squares_cannot_start_with_zero() {
        // README: digits count empty squares; `010` is not a way to write ten.
        let cases = [
            (GameId::Ultima, "k7/8/8/8/8/8/8/08K w"),
            (GameId::Hybrid, "k9/10/10/10/10/10/10/10/10/010K w"),
            (GameId::Omega, "k9/10/10/10/10/10/10/10/10/010K[-/-/-/-] w"),
        ];
        for (game, fen) in cases {
            let e = read(game, fen, RuleOptions::DEFAULT).unwrap_err();
            assert_eq!(e.field, FenField::Board, "{game}: {e}");
        }
    }

    #[test]
    fn error_names_field_rank_and_character() {
        let e = read(GameId::Ultima, "k7/8/8/8/8/8/8/7K x", RuleOptions::DEFAULT).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid FEN: side-to-move field, character 'x': must be 'w' or 'b'"
        );
        let e = read(GameId::Ultima, "k7/8/8/8/8/8/8/9 w", RuleOptions::DEFAULT).unwrap_err();
        assert_eq!(e.rank.as_deref(), Some("1"));
    }
}
