//! The text board of UCI's `d` command, drawn square by square from the position so that it
//! works the same for every game: pieces by their FEN tokens from the game table (`+B` for the
//! hybrid's promoted pieces), `.` for an empty square, rank numbers on the left, files below, and
//! squares outside the rectangle (Omega's wizard squares) at their corners.

use baroque_engine::games::piece_token;
use baroque_engine::Position;

/// The board of `pos` as lines of text, then `Fen:`, `Key:` and `Checkers:` lines.
pub fn render(pos: &Position) -> String {
    let fen = pos.fen();
    let shape = pos.shape();
    let (width, height) = (shape.width(), shape.height());
    let base = i32::from(shape.rank_base());
    // Squares beyond the rectangle (Omega's w1–w4 at (-1,-1), (10,-1), (10,10), (-1,10)).
    let outside = shape.squares().any(|sq| {
        let (x, y) = shape.coords(sq);
        x < 0 || y < 0 || x >= width || y >= height
    });
    let (lo, hi) = if outside { (-1, 1) } else { (0, 0) };
    let pad = |label: &str| format!("{label:>3} ");
    let mut s = String::new();
    for y in (lo..height + hi).rev() {
        let label = if (0..height).contains(&y) {
            (i32::from(y) + base).to_string()
        } else {
            String::new()
        };
        let mut row = pad(&label);
        for x in lo..width + hi {
            let cell = match shape.square(x, y) {
                Some(sq) => pos
                    .piece_at(sq)
                    .map_or_else(|| ".".to_string(), |p| piece_token(pos.game(), p)),
                None => String::new(),
            };
            row.push_str(&format!("{cell:<3}"));
        }
        s.push_str(row.trim_end());
        s.push('\n');
    }
    s.push_str(&pad(""));
    s.push_str(&"   ".repeat(lo.unsigned_abs() as usize));
    let files: Vec<String> = (0..width.max(0) as u8)
        .map(|f| format!("{:<3}", char::from(b'a' + f)))
        .collect();
    s.push_str(files.concat().trim_end());
    s.push('\n');
    s.push_str(&format!("\nFen: {fen}\n"));
    s.push_str(&format!("Key: {:016X}\n", pos.hash()));
    let checkers: Vec<String> = pos
        .checkers()
        .iter()
        .map(|m| shape.square_name(m.from).to_string())
        .collect();
    s.push_str(&format!("Checkers: {}\n", checkers.join(" ")));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::GameId;

    #[test]
    fn promoted_pieces_keep_their_plus() {
        let pos = Position::from_fen(
            GameId::Hybrid,
            "4k5/10/10/10/10/10/10/2+B3+h3/10/4K5 w - - 0 1",
            baroque_engine::RuleOptions::DEFAULT,
        )
        .expect("FEN");
        let text = render(&pos);
        assert!(
            text.lines()
                .any(|l| l == "  3 .  .  +B .  .  .  +h .  .  ."),
            "{text}"
        );
    }

    #[test]
    fn every_start_board_has_its_ranks_and_fen() {
        for game in GameId::ALL {
            let pos = Position::start(game);
            let text = render(&pos);
            let shape = pos.shape();
            let field_lines = text
                .lines()
                .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
                .count();
            assert_eq!(field_lines, shape.height() as usize, "{text}");
            assert!(text.contains(&format!("Fen: {}", pos.fen())));
        }
    }
}
