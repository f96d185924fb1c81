//! Words for screen readers, as message ids and parameters that the page renders through its
//! catalog (`www/i18n/*.ftl`): a sentence per move (the live region) and a description of the
//! whole position (the canvas's label). Nothing here is English: a [`Words`] value names
//! messages, pieces (by role id) and lists, and carries squares as the rule book writes them.

use baroque_engine::{Color, GameId, Move, MoveKind, Position, Role, Shape, Square};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// A phrase for the page to word, a value of this shape (its serde form, `Words` in
/// www/engine/types.js):
///
/// | variant | value | the page renders |
/// |---|---|---|
/// | `Text` | `"g4"` | as is (squares, move text) |
/// | `Msg` | `{"id":"move-step","args":{…}}` | the message with its rendered arguments |
/// | `Role` | `{"role":"long-leaper"}` | the piece's name, message `role-<id>` |
/// | `Game` | `{"game":"omega"}` | the game's title, message `game-<id>` |
/// | `And` | `{"and":[…]}` | a list in the language's way ("a, b and c", "a、b和c") |
/// | `Seq` | `{"seq":[…],"join":"id"}` | the parts one after another, joined by message `join` (none when empty) |
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Words {
    /// Passed through unchanged.
    Text(String),
    /// A catalog message with named arguments.
    Msg(&'static str, Vec<(&'static str, Words)>),
    /// A piece's name.
    Role(Role),
    /// A game's title.
    Game(GameId),
    /// A list joined with the language's "and".
    And(Vec<Words>),
    /// Parts in a row, joined by the message with this id (or nothing for `""`).
    Seq(&'static str, Vec<Words>),
}

impl Words {
    /// A message without arguments.
    pub fn msg(id: &'static str) -> Words {
        Words::Msg(id, Vec::new())
    }
}

/// The value the page reads (see the table on [`Words`]): a message's arguments are an object
/// whose keys are the argument names.
impl Serialize for Words {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Words::Text(t) => s.serialize_str(t),
            Words::Msg(id, args) => {
                let mut m = s.serialize_struct("Msg", 2)?;
                m.serialize_field("id", id)?;
                m.serialize_field("args", &Args(args))?;
                m.end()
            }
            Words::Role(r) => {
                let mut m = s.serialize_struct("Role", 1)?;
                m.serialize_field("role", r.id())?;
                m.end()
            }
            Words::Game(g) => {
                let mut m = s.serialize_struct("Game", 1)?;
                m.serialize_field("game", g.as_str())?;
                m.end()
            }
            Words::And(items) => {
                let mut m = s.serialize_struct("And", 1)?;
                m.serialize_field("and", items)?;
                m.end()
            }
            Words::Seq(join, items) => {
                let mut m = s.serialize_struct("Seq", 2)?;
                m.serialize_field("seq", items)?;
                m.serialize_field("join", join)?;
                m.end()
            }
        }
    }
}

/// A message's arguments as an object (their names are the engine's own, known at build time).
struct Args<'a>(&'a [(&'static str, Words)]);

impl Serialize for Args<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Args", self.0.len())?;
        for (name, value) in self.0 {
            m.serialize_field(name, value)?;
        }
        m.end()
    }
}

fn side(c: Color) -> Words {
    Words::Text(c.as_str().into())
}

fn square(shape: Shape, sq: Square) -> Words {
    Words::Text(shape.square_name(sq).to_string())
}

/// The sentence for `m`, played in `before` and leading to `after`: a `Seq` of clauses, e.g.
/// `move-step` (White Pincer Pawn g4 to d4), `move-captures` (captures Immobilizer c4 and Pincer
/// Pawn d5), `move-check`, closed by `move-end`.
pub fn move_sentence(before: &Position, m: &Move, after: &Position) -> Words {
    let shape = before.shape();
    let mover = before.side_to_move();
    let role = before.piece_at(m.from).map(|p| p.role()).unwrap_or(m.role);
    let mut clauses = Vec::new();
    let who = vec![("side", side(mover)), ("piece", Words::Role(role))];
    if m.kind == MoveKind::Suicide {
        let mut args = who;
        args.push(("square", square(shape, m.from)));
        clauses.push(Words::Msg("move-suicide", args));
    } else {
        let mut args = who;
        args.push(("from", square(shape, m.from)));
        args.push(("to", square(shape, m.to)));
        clauses.push(Words::Msg("move-step", args));
    }
    if m.kind == MoveKind::Castle {
        clauses.push(Words::msg("move-castles"));
    }
    if m.kind != MoveKind::Suicide {
        let victims: Vec<Words> = before
            .captures_in_order(m)
            .iter()
            .map(|sq| match before.piece_at(*sq) {
                Some(p) => Words::Msg(
                    "move-victim",
                    vec![
                        ("piece", Words::Role(p.role())),
                        ("square", square(shape, *sq)),
                    ],
                ),
                None => square(shape, *sq),
            })
            .collect();
        if !victims.is_empty() {
            let id = if m.kind == MoveKind::EnPassant {
                "move-captures-en-passant"
            } else {
                "move-captures"
            };
            clauses.push(Words::Msg(id, vec![("victims", Words::And(victims))]));
        }
    }
    if let MoveKind::Release { left, .. } = m.kind {
        // The piece left behind (the hybrid's Dog), read from the move itself.
        clauses.push(Words::Msg(
            "move-releases",
            vec![
                ("piece", Words::Role(left)),
                ("square", square(shape, m.from)),
            ],
        ));
    } else if let Some(p) = after.piece_at(m.to) {
        if m.kind != MoveKind::Suicide && p.role() != role {
            clauses.push(Words::Msg(
                "move-becomes",
                vec![("piece", Words::Role(p.role()))],
            ));
        }
    }
    if after.in_check() {
        clauses.push(Words::msg("move-check"));
    }
    clauses.push(Words::msg("move-end"));
    Words::Seq("", clauses)
}

/// The position in words: the game and whose turn (`pos-turn`), then each side's pieces grouped
/// by role (`pos-side`), then the frozen pieces (`pos-frozen`); sentences joined by `pos-join`.
pub fn position(pos: &Position) -> Words {
    let shape = pos.shape();
    let mut out = vec![Words::Msg(
        "pos-turn",
        vec![
            ("game", Words::Game(pos.game())),
            ("side", side(pos.side_to_move())),
            (
                "check",
                Words::Text(if pos.in_check() { "yes" } else { "no" }.into()),
            ),
        ],
    )];
    for c in Color::ALL {
        let groups: Vec<Words> = Role::ALL
            .iter()
            .filter_map(|&role| {
                let squares: Vec<String> = pos
                    .pieces(c, role)
                    .iter()
                    .map(|s| shape.square_name(s).to_string())
                    .collect();
                (!squares.is_empty()).then(|| {
                    Words::Msg(
                        "pos-group",
                        vec![
                            ("piece", Words::Role(role)),
                            ("squares", Words::Text(squares.join(" "))),
                        ],
                    )
                })
            })
            .collect();
        let id = if groups.is_empty() {
            "pos-side-empty"
        } else {
            "pos-side"
        };
        out.push(Words::Msg(
            id,
            vec![
                ("side", side(c)),
                ("groups", Words::Seq("pos-group-join", groups)),
            ],
        ));
    }
    let frozen: Vec<String> = pos
        .frozen()
        .iter()
        .map(|s| shape.square_name(s).to_string())
        .collect();
    if !frozen.is_empty() {
        out.push(Words::Msg(
            "pos-frozen",
            vec![("squares", Words::Text(frozen.join(" ")))],
        ));
    }
    Words::Seq("pos-join", out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;
    use baroque_engine::{Piece, RuleOptions, SquareSet};

    fn t(s: &str) -> Words {
        Words::Text(s.into())
    }

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
        let victim = |r, n| {
            Words::Msg(
                "move-victim",
                vec![("piece", Words::Role(r)), ("square", t(n))],
            )
        };
        assert_eq!(
            move_sentence(&pos, &m, &after),
            Words::Seq(
                "",
                vec![
                    Words::Msg(
                        "move-step",
                        vec![
                            ("side", t("white")),
                            ("piece", Words::Role(Role::Pincer)),
                            ("from", t("g4")),
                            ("to", t("d4"))
                        ]
                    ),
                    Words::Msg(
                        "move-captures",
                        vec![(
                            "victims",
                            Words::And(vec![
                                victim(Role::Immobilizer, "c4"),
                                victim(Role::Pincer, "d5")
                            ])
                        )]
                    ),
                    Words::msg("move-end"),
                ]
            )
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
        let json = json(&move_sentence(&pos, &m, &pos.play(&m)));
        assert_eq!(
            json,
            "{\"seq\":[{\"id\":\"move-step\",\"args\":{\"side\":\"white\",\"piece\":{\"role\":\"promoted-bishop\"},\
             \"from\":\"a3\",\"to\":\"c5\"}},{\"id\":\"move-releases\",\"args\":{\"piece\":{\"role\":\"dog\"},\"square\":\"a3\"}},\
             {\"id\":\"move-end\",\"args\":{}}],\"join\":\"\"}"
        );
        assert!(!json.contains("move-becomes"), "{json}");
    }

    #[test]
    fn positions_list_pieces_by_side() {
        let d = json(&position(&Position::start(GameId::Ultima)));
        assert!(
            d.starts_with(
                "{\"seq\":[{\"id\":\"pos-turn\",\"args\":{\"game\":{\"game\":\"ultima\"},\
                 \"side\":\"white\",\"check\":\"no\"}}"
            ),
            "{d}"
        );
        assert!(
            d.contains(
                "{\"id\":\"pos-side\",\"args\":{\"side\":\"white\",\"groups\":{\"seq\":[{\"id\":\"pos-group\",\
                 \"args\":{\"piece\":{\"role\":\"king\"},\"squares\":\"d1\"}},{\"id\":\"pos-group\",\"args\":\
                 {\"piece\":{\"role\":\"pincer\"},\"squares\":\"a2 b2 c2 d2 e2 f2 g2 h2\"}}"
            ),
            "{d}"
        );
        assert!(d.ends_with("],\"join\":\"pos-join\"}"), "{d}");
        assert!(!d.contains("pos-frozen"), "{d}");
    }

    #[test]
    fn text_and_lists_are_values() {
        assert_eq!(json(&Words::Text("a\"b".into())), "\"a\\\"b\"");
        assert_eq!(json(&Words::And(vec![])), "{\"and\":[]}");
    }
}
