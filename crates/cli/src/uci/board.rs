//! The text board of UCI's `d` command, drawn from the canonical FEN so that it works the same
//! for every game: pieces by their FEN letters (`+B` for the hybrid's promoted pieces), `.` for
//! an empty square, rank numbers on the left, files below, and Omega's wizard squares at the
//! corners.

use baroque_engine::{Position, Shape};

/// One square's text: a piece letter (with its `+`) or `.`.
fn cells(rank: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d;
            while let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(next);
                chars.next();
            }
            out.extend((0..n.min(64)).map(|_| ".".to_string()));
        } else if c == '+' {
            let letter = chars.next().map(String::from).unwrap_or_default();
            out.push(format!("+{letter}"));
        } else if c == '-' {
            out.push(".".to_string());
        } else {
            out.push(c.to_string());
        }
    }
    out
}

/// The board of `pos` as lines of text, then `Fen:`, `Key:` and `Checkers:` lines.
pub fn render(pos: &Position) -> String {
    let fen = pos.fen();
    let field = fen.split(' ').next().unwrap_or("");
    let (ranks, wizards) = match field.split_once('[') {
        Some((r, w)) => (r, Some(w.trim_end_matches(']'))),
        None => (field, None),
    };
    let shape = pos.shape();
    let base = i32::from(shape.rank_base());
    let top = i32::from(shape.height()) - 1 + base;
    // Omega's wizard squares: w1 w2 below the field, w4 w3 above (omega.md §1).
    let wiz: Vec<String> = wizards
        .map(|w| w.split('/').flat_map(cells).collect())
        .unwrap_or_default();
    let wiz_at = |i: usize| wiz.get(i).cloned().unwrap_or_else(|| ".".into());
    let width = shape.width().max(0) as usize;
    let mut s = String::new();
    let pad = |label: &str| format!("{label:>3} ");
    let corner_row = |left: String, right: String| {
        let row = format!("{}{left:<3}{}{right}", pad(""), "   ".repeat(width));
        format!("{}\n", row.trim_end())
    };
    if shape == Shape::Omega {
        s.push_str(&corner_row(wiz_at(3), wiz_at(2)));
    }
    let indent = if shape == Shape::Omega { "   " } else { "" };
    let rows: Vec<&str> = ranks.split('/').collect();
    for i in 0..shape.height().max(0) as usize {
        let label = (top - i as i32).to_string();
        s.push_str(&pad(&label));
        s.push_str(indent);
        let mut row = cells(rows.get(i).copied().unwrap_or(""));
        row.resize(width, ".".to_string());
        let row: Vec<String> = row.iter().map(|c| format!("{c:<3}")).collect();
        s.push_str(row.concat().trim_end());
        s.push('\n');
    }
    if shape == Shape::Omega {
        s.push_str(&corner_row(wiz_at(0), wiz_at(1)));
    }
    s.push_str(&pad(""));
    s.push_str(indent);
    let files: Vec<String> = (0..width)
        .map(|f| format!("{:<3}", char::from(b'a' + (f as u8))))
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
    fn cells_expand_runs_and_promoted_pieces() {
        assert_eq!(
            cells("2+Bk10"),
            [".", ".", "+B", "k"]
                .iter()
                .map(|s| s.to_string())
                .chain((0..10).map(|_| ".".to_string()))
                .collect::<Vec<_>>()
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
