//! Omega's position text (omega.md §7): the canonical form with the wizard squares in brackets
//! after the field (`…/CRNBQKBNRC[W/W/w/w]`), always used for output, and the 12×12 form with `*`
//! holes (`w**********w/*crnbqkbnrc*/…`), accepted on input with its grid-name en passant
//! squares. The validity checks of §7.3 that go beyond the common reader live here too.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::pawns::start_rank;
use crate::fen::{self, FenError, FenField};
use crate::geometry::{Shape, SquareSet};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

const SHAPE: Shape = Shape::Omega;

/// The wizard squares in FEN order: w1, w2, w3, w4.
const WIZARD_SQUARES: [(i8, i8); 4] = [(-1, -1), (10, -1), (10, 10), (-1, 10)];

/// The role of an Omega piece letter, either case; `G` is the Champion's alias (§2).
pub(crate) fn role_of(c: char) -> Option<Role> {
    super::SPEC.role_of_letter(c, false)
}

/// The uppercase letter of an Omega role (`C` for the Champion), or `?` for a role Omega lacks.
pub(crate) fn role_letter(role: Role) -> char {
    super::SPEC.piece(role).map_or('?', |p| p.letter)
}

/// The FEN letter of `piece` (uppercase for White), from the game table.
pub(crate) fn letter(piece: Piece) -> String {
    super::SPEC.token(piece)
}

fn piece_of(c: char) -> Option<Piece> {
    let role = role_of(c)?;
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some(Piece::new(color, role))
}

/// Which form a board field is in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Form {
    /// 10 ranks and `[w1/w2/w3/w4]`.
    Canonical,
    /// The 12×12 box with `*` holes.
    Grid,
}

/// Tells the two forms apart by the placement field (§7.2, last paragraph).
pub(crate) fn form_of(field: &str) -> Result<Form, FenError> {
    if let Some((ranks, _)) = field.split_once('[') {
        let n = ranks.split('/').count();
        if n == 10 {
            return Ok(Form::Canonical);
        }
        return Err(FenError::new(
            FenField::Board,
            format!("the field before '[' needs 10 ranks separated by '/', found {n}"),
        )
        .at_char('['));
    }
    let n = field.split('/').count();
    match n {
        12 => Ok(Form::Grid),
        10 => Err(FenError::new(
            FenField::Board,
            "the 10 ranks must be followed by the wizard squares '[w1/w2/w3/w4]'",
        )),
        _ => Err(FenError::new(
            FenField::Board,
            format!(
                "needs 10 ranks followed by '[w1/w2/w3/w4]', or the 12 rows of the 12×12 form; found {n} rows"
            ),
        )),
    }
}

/// Reads the board field in either form into the empty position `pos`.
pub(crate) fn read_board(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if let Some(c) = field.chars().find(|c| {
        !(c.is_ascii_digit() || matches!(c, '/' | '[' | ']' | '-' | '*') || role_of(*c).is_some())
    }) {
        return Err(FenError::new(FenField::Board, "unknown piece letter").at_char(c));
    }
    match form_of(field)? {
        Form::Canonical => read_canonical(pos, field),
        Form::Grid => read_grid(pos, field),
    }
}

fn read_canonical(pos: &mut Position, field: &str) -> Result<(), FenError> {
    let (ranks, rest) = field
        .split_once('[')
        .ok_or_else(|| FenError::new(FenField::Board, "missing '[w1/w2/w3/w4]'"))?;
    if let Some(c) = ranks.chars().find(|c| matches!(c, '-' | '*' | ']')) {
        return Err(FenError::new(
            FenField::Board,
            "this character belongs only in the wizard squares or the 12×12 form",
        )
        .at_char(c));
    }
    let ranks: Vec<&str> = ranks.split('/').collect();
    fen::read_ranks(pos, &ranks)?;
    let wizard_err = |m: &str| FenError::new(FenField::Board, format!("wizard squares: {m}"));
    let inner = rest.strip_suffix(']').ok_or_else(|| {
        wizard_err("'[w1/w2/w3/w4]' must end with ']' and nothing may follow it")
            .at_char(rest.chars().last().unwrap_or('['))
    })?;
    let cells: Vec<&str> = inner.split('/').collect();
    if cells.len() != 4 {
        return Err(wizard_err(&format!(
            "needs four entries w1/w2/w3/w4 separated by '/', found {}",
            cells.len()
        )));
    }
    for (i, cell) in cells.iter().enumerate() {
        let mut chars = cell.chars();
        let (c, more) = (chars.next(), chars.next());
        let name = i + 1;
        match (c, more) {
            (Some('-'), None) => {}
            (Some(c), None) => {
                let piece = piece_of(c).ok_or_else(|| {
                    wizard_err(&format!("w{name} must be a piece letter or '-'")).at_char(c)
                })?;
                let (x, y) = WIZARD_SQUARES[i];
                if let Some(sq) = SHAPE.square(x, y) {
                    pos.put(sq, piece);
                }
            }
            (None, _) => {
                return Err(wizard_err(&format!(
                    "w{name} is empty; write a piece letter or '-'"
                )))
            }
            (Some(_), Some(c2)) => {
                return Err(
                    wizard_err(&format!("w{name} must be one piece letter or '-'")).at_char(c2),
                )
            }
        }
    }
    Ok(())
}

/// One cell of a 12×12 row.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Hole,
    Empty,
    Piece(Piece),
}

/// The rank label of 12×12 row `row` (1 = top) for error messages.
fn grid_row_label(row: usize) -> String {
    match row {
        1 => "w4/w3 row (12×12 row 1)".into(),
        12 => "w1/w2 row (12×12 row 12)".into(),
        r => (11 - r).to_string(),
    }
}

fn read_grid(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if let Some(c) = field.chars().find(|c| matches!(c, '[' | ']' | '-')) {
        return Err(FenError::new(
            FenField::Board,
            "the 12×12 form has no brackets and writes empty squares as digits",
        )
        .at_char(c));
    }
    for (i, row) in field.split('/').enumerate() {
        let row_no = i + 1;
        let err = |m: String| FenError::new(FenField::Board, m).at_rank(grid_row_label(row_no));
        let mut cells: Vec<(Cell, char)> = Vec::with_capacity(12);
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '*' {
                cells.push((Cell::Hole, c));
            } else if let Some(mut n) = c.to_digit(10) {
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d;
                    chars.next();
                    if n > 99 {
                        break;
                    }
                }
                if n == 0 || n > 10 {
                    return Err(
                        err(format!("{n} is not a number of empty squares (1 to 10)")).at_char(c),
                    );
                }
                for _ in 0..n {
                    cells.push((Cell::Empty, c));
                }
            } else {
                let p = piece_of(c).ok_or_else(|| err("unknown piece letter".into()).at_char(c))?;
                cells.push((Cell::Piece(p), c));
            }
            if cells.len() > 12 {
                return Err(err("a row of the 12×12 form has exactly 12 cells".into()).at_char(c));
            }
        }
        if cells.len() != 12 {
            return Err(err(format!(
                "a row of the 12×12 form has exactly 12 cells, found {}",
                cells.len()
            )));
        }
        let y = 10 - i as i8;
        for (col, (cell, c)) in cells.iter().enumerate() {
            let x = col as i8 - 1;
            match (SHAPE.square(x, y), cell) {
                (None, Cell::Hole) => {}
                (None, _) => {
                    return Err(err(format!(
                        "cell {} is a hole and must be written '*'",
                        col + 1
                    ))
                    .at_char(*c))
                }
                (Some(sq), Cell::Hole) => {
                    return Err(err(format!(
                        "'*' marks a hole, but cell {} is the square {}",
                        col + 1,
                        SHAPE.square_name(sq)
                    ))
                    .at_char(*c))
                }
                (Some(_), Cell::Empty) => {}
                (Some(sq), Cell::Piece(p)) => pos.put(sq, *p),
            }
        }
    }
    Ok(())
}

/// Writes the canonical board field: the ten ranks, then `[w1/w2/w3/w4]`.
pub(crate) fn write_board(pos: &Position, out: &mut String) {
    fen::write_ranks(pos, out);
    out.push('[');
    for (i, (x, y)) in WIZARD_SQUARES.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        match SHAPE.square(*x, *y).and_then(|s| pos.piece_at(s)) {
            Some(p) => super::SPEC.push_token(p, out),
            None => out.push('-'),
        }
    }
    out.push(']');
}

/// Reads the en passant squares: official names in the canonical form, grid names (§7.2) in
/// the 12×12 form.
pub(crate) fn read_ep_squares(board: &str, field: &str) -> Result<SquareSet, FenError> {
    match form_of(board)? {
        Form::Canonical => fen::parse_square_list(SHAPE, field),
        Form::Grid => parse_grid_names(field),
    }
}

/// Parses grid names (`f4,f5` or `f4f5`): column `a`–`l`, row `1`–`12`.
fn parse_grid_names(field: &str) -> Result<SquareSet, FenError> {
    let err = |m: String| FenError::new(FenField::EnPassant, m);
    let mut set = SquareSet::EMPTY;
    let b = field.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b',' {
            i += 1;
            continue;
        }
        let col = b[i];
        if !(b'a'..=b'l').contains(&col) {
            return Err(err(format!(
                "'{field}' is not a list of 12×12 grid names (columns a to l, rows 1 to 12)"
            ))
            .at_char(col as char));
        }
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() && i - start < 2 {
            i += 1;
        }
        let digits = &field[start..i];
        let row: i8 = match digits.parse() {
            Ok(r) if (1..=12).contains(&r) && !digits.starts_with('0') => r,
            _ => {
                return Err(err(format!(
                    "'{field}': a grid name is a column a to l and a row 1 to 12"
                ))
                .at_char(col as char))
            }
        };
        let x = (col - b'a') as i8 - 1;
        let y = row - 2;
        let sq = SHAPE.square(x, y).ok_or_else(|| {
            err(format!(
                "grid square {}{row} is a hole of the 12×12 box",
                col as char
            ))
        })?;
        if set.contains(sq) {
            return Err(err("a square is repeated".into()));
        }
        set.insert(sq);
    }
    Ok(set)
}

/// The checks of §7.3 beyond the common reader: pawns, castling letters, en passant.
pub(crate) fn validate(pos: &Position) -> Result<(), FenError> {
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            if p.role() != Role::Pawn {
                continue;
            }
            let r = SHAPE.rank(sq);
            if SHAPE.is_wizard_square(sq) || r == 0 || r == 9 {
                let name = SHAPE.square_name(sq).to_string();
                let e = FenError::new(
                    FenField::Board,
                    format!("a pawn cannot stand on {name} (rank 0, rank 9 and the wizard squares hold no pawns)"),
                )
                .at_char(letter(p).chars().next().unwrap_or('P'))
                .because(
                    "pawn-square",
                    alloc::vec![("color", p.color().as_str().into()), ("square", name.clone())],
                );
                return Err(if SHAPE.is_wizard_square(sq) {
                    e
                } else {
                    e.at_rank(r.to_string())
                });
            }
        }
    }
    crate::games::castling::check_castling_pieces(pos)?;
    validate_ep(pos)
}

/// §7.3 en passant: with Black to move, exactly `X2` with a White pawn on `X3`, or `X2,X3` with
/// a White pawn on `X4`, `X1` and the listed squares empty; mirrored with White to move.
fn validate_ep(pos: &Position) -> Result<(), FenError> {
    let ep = pos.ep_squares();
    if ep.is_empty() {
        return Ok(());
    }
    let mover = pos.side_to_move().other();
    let fwd: i8 = mover.forward();
    let start = start_rank(mover);
    let err = |m: String| Err(FenError::new(FenField::EnPassant, m));
    let names = || {
        let v: Vec<String> = ep
            .iter()
            .map(|s| SHAPE.square_name(s).to_string())
            .collect();
        v.join(",")
    };
    let Some(first) = ep.first() else {
        return Ok(());
    };
    let x = SHAPE.file(first);
    let mut want = SquareSet::EMPTY;
    let n = ep.count() as i8;
    let ok_shape = (n == 1 || n == 2) && !SHAPE.is_wizard_square(first) && (0..10).contains(&x);
    if ok_shape {
        for k in 1..=n {
            if let Some(s) = SHAPE.square(x, start + k * fwd) {
                want.insert(s);
            }
        }
    }
    if !ok_shape || want != ep {
        let (a, b, c) = (start + fwd, start + 2 * fwd, start + 3 * fwd);
        return err(format!(
            "'{}' cannot follow a {} pawn's step; with {} to move it must be X{a} (pawn on X{b}) or X{a},X{b} (pawn on X{c})",
            names(),
            mover.as_str(),
            pos.side_to_move().as_str()
        ));
    }
    let victim_sq = SHAPE.square(x, start + (n + 1) * fwd);
    let victim_ok = victim_sq.and_then(|s| pos.piece_at(s)) == Some(Piece::new(mover, Role::Pawn));
    if !victim_ok || pos.ep_victim() != victim_sq {
        return err(format!(
            "'{}' needs a {} pawn on {}",
            names(),
            mover.as_str(),
            victim_sq
                .map(|s| SHAPE.square_name(s).to_string())
                .unwrap_or_default()
        ));
    }
    let origin = SHAPE.square(x, start);
    if let Some(o) = origin {
        if !pos.is_empty(o) {
            return err(format!(
                "'{}' means a pawn just left {}, which must be empty",
                names(),
                SHAPE.square_name(o)
            ));
        }
    }
    if let Some(s) = ep.iter().find(|s| !pos.is_empty(*s)) {
        return err(format!(
            "the en passant square {} must be empty",
            SHAPE.square_name(s)
        ));
    }
    Ok(())
}
