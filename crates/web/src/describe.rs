//! Words for screen readers: a sentence per move (for the page's live region) and a
//! description of the whole position (for the canvas's label).

use baroque_engine::{Color, Move, MoveKind, Position, Role, Shape, Square};

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn name(shape: Shape, sq: Square) -> String {
    shape.square_name(sq).to_string()
}

/// Joins words as "a", "a and b", "a, b and c".
fn join(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {}", rest.join(", "), last),
    }
}

/// The sentence for `m`, played in `before` and leading to `after`, e.g. "White Pincer Pawn g4
/// to d4, captures Immobilizer c4 and Pincer Pawn d5."
pub fn move_sentence(before: &Position, m: &Move, after: &Position) -> String {
    let shape = before.shape();
    let mover = before.side_to_move();
    let role = before.piece_at(m.from).map(|p| p.role()).unwrap_or(m.role);
    let mut s = if m.kind == MoveKind::Suicide {
        format!(
            "{} {} on {} removes itself (suicide)",
            side(mover),
            role.name(),
            name(shape, m.from)
        )
    } else {
        format!(
            "{} {} {} to {}",
            side(mover),
            role.name(),
            name(shape, m.from),
            name(shape, m.to)
        )
    };
    if m.kind == MoveKind::Castle {
        s.push_str(", castles");
    }
    if m.kind != MoveKind::Suicide {
        let victims: Vec<String> = before
            .captures_in_order(m)
            .iter()
            .map(|sq| match before.piece_at(*sq) {
                Some(p) => format!("{} {}", p.role().name(), name(shape, *sq)),
                None => name(shape, *sq),
            })
            .collect();
        if !victims.is_empty() {
            s.push_str(", captures ");
            s.push_str(&join(&victims));
            if m.kind == MoveKind::EnPassant {
                s.push_str(" en passant");
            }
        }
    }
    if let Some(p) = after.piece_at(m.to) {
        let released = role == Role::PromotedBishop && p.role() == Role::DragonHorse;
        if m.kind != MoveKind::Suicide && p.role() != role && !released {
            s.push_str(", becomes ");
            s.push_str(article(p.role().name()));
            s.push_str(p.role().name());
        }
    }
    if role == Role::PromotedBishop && after.piece_at(m.from).map(|p| p.role()) == Some(Role::Dog) {
        s.push_str(", releases its Dog on ");
        s.push_str(&name(shape, m.from));
    }
    if after.in_check() {
        s.push_str(", check");
    }
    s.push('.');
    s
}

fn article(word: &str) -> &'static str {
    match word.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'U' | 'a' | 'e' | 'i' | 'o' | 'u') => "an ",
        _ => "a ",
    }
}

/// The position in words: whose turn, then each side's pieces grouped by role.
pub fn position(pos: &Position) -> String {
    let shape = pos.shape();
    let mut out = format!(
        "{}, {} to move{}.",
        pos.game().title(),
        side(pos.side_to_move()),
        if pos.in_check() { ", in check" } else { "" }
    );
    for c in Color::ALL {
        let mut groups: Vec<String> = Vec::new();
        for role in Role::ALL {
            let squares: Vec<String> = pos.pieces(c, role).iter().map(|s| name(shape, s)).collect();
            if !squares.is_empty() {
                groups.push(format!("{} {}", role.name(), squares.join(" ")));
            }
        }
        out.push_str(&format!(
            " {}: {}.",
            side(c),
            if groups.is_empty() {
                "no pieces".to_string()
            } else {
                groups.join("; ")
            }
        ));
    }
    let frozen: Vec<String> = pos.frozen().iter().map(|s| name(shape, s)).collect();
    if !frozen.is_empty() {
        out.push_str(&format!(" Frozen: {}.", frozen.join(" ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::{GameId, Piece, RuleOptions, SquareSet};

    #[test]
    fn sentences_name_the_mover_and_each_victim() {
        let pos = Position::from_fen(
            GameId::Ultima,
            "7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1",
            RuleOptions::DEFAULT,
        )
        .unwrap();
        let s = Shape::Eight;
        let sq = |n: &str| s.parse_square(n).unwrap();
        // Built by hand: the game modules may not generate it yet.
        let m = Move::new(
            Role::Pincer,
            sq("g4"),
            sq("d4"),
            [sq("c4"), sq("d5")].into_iter().collect::<SquareSet>(),
        );
        let after = pos.play(&m);
        assert_eq!(
            move_sentence(&pos, &m, &after),
            "White Pincer Pawn g4 to d4, captures Immobilizer c4 and Pincer Pawn d5."
        );
        assert_eq!(
            after.piece_at(sq("d4")),
            Some(Piece::new(Color::White, Role::Pincer))
        );
    }

    #[test]
    fn a_dog_release_is_said_once() {
        let pos = Position::from_fen(
            GameId::Hybrid,
            "k9/10/10/10/10/10/10/+B9/10/K9 w - - 0 1",
            RuleOptions::DEFAULT,
        )
        .unwrap();
        let m = pos.parse_move("a3c5").unwrap();
        assert_eq!(
            move_sentence(&pos, &m, &pos.play(&m)),
            "White promoted Bishop a3 to c5, releases its Dog on a3."
        );
    }

    #[test]
    fn positions_list_pieces_by_side() {
        let d = position(&Position::start(GameId::Ultima));
        assert!(
            d.starts_with("Ultima (Baroque Chess), White to move."),
            "{d}"
        );
        assert!(
            d.contains("White: King d1; Pincer Pawn a2 b2 c2 d2 e2 f2 g2 h2;"),
            "{d}"
        );
        assert!(d.contains("Immobilizer a1"), "{d}");
        assert!(d.contains("Black: King e8;"), "{d}");
    }

    #[test]
    fn joins_like_english() {
        let w = |v: &[&str]| join(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(w(&["a"]), "a");
        assert_eq!(w(&["a", "b"]), "a and b");
        assert_eq!(w(&["a", "b", "c"]), "a, b and c");
    }
}
