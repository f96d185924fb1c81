//! Vector drawings of every piece of the three games, as SVG path data in a 100×100 box, drawn
//! with `Path2D` so that a piece looks the same in every browser and on every platform (no
//! fonts). A glyph is a stack of layers: `Body` is filled in the piece's colour and outlined,
//! `Ink` is filled and `Line` stroked in the contrasting colour, and promoted hybrid pieces carry
//! a red badge with a plus sign.
//!
//! The Ultima pieces keep the shapes players know from chess-set stand-ins where those do not
//! clash with a real chess piece of the hybrid: the Immobilizer is the traditional upside-down
//! Rook; the others get emblems of how they capture (the Pincer's claws, the Leaper's jump arc,
//! the Withdrawer's arrow away, the Coordinator's rectangle corners, the Chameleon's spiral).

use baroque_engine::Role;

/// How a layer is painted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Paint {
    /// Filled with the piece's colour and outlined.
    Body,
    /// Filled with the contrasting colour.
    Ink,
    /// Stroked with the contrasting colour.
    Line,
    /// The promotion badge: red, outlined.
    Badge,
    /// Drawn white on the badge.
    BadgeInk,
}

/// One path of a glyph.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Layer {
    /// How it is painted.
    pub paint: Paint,
    /// SVG path data in the 100×100 box.
    pub d: &'static str,
}

const fn body(d: &'static str) -> Layer {
    Layer {
        paint: Paint::Body,
        d,
    }
}
const fn ink(d: &'static str) -> Layer {
    Layer {
        paint: Paint::Ink,
        d,
    }
}
const fn line(d: &'static str) -> Layer {
    Layer {
        paint: Paint::Line,
        d,
    }
}

const BASE: &str = "M19 87 H81 L77 76 H23 Z";

const KING: &[Layer] = &[
    body(BASE),
    body("M25 76 C25 62 30 52 34 45 H66 C70 52 75 62 75 76 Z"),
    body("M31 45 H69 V37 H31 Z"),
    body("M46 37 V28 H38 V20 H46 V10 H54 V20 H62 V28 H54 V37 Z"),
    line("M30 63 H70"),
];

const QUEEN: &[Layer] = &[
    body(BASE),
    body("M26 76 L31 47 H69 L74 76 Z"),
    body("M29 48 L19 23 L35 35 L41 15 L50 31 L59 15 L65 35 L81 23 L71 48 Z"),
    body("M15 23 A4 4 0 1 0 23 23 A4 4 0 1 0 15 23 Z M37 15 A4 4 0 1 0 45 15 A4 4 0 1 0 37 15 Z M55 15 A4 4 0 1 0 63 15 A4 4 0 1 0 55 15 Z M77 23 A4 4 0 1 0 85 23 A4 4 0 1 0 77 23 Z"),
    line("M31 63 H69"),
];

const ROOK: &[Layer] = &[
    body(BASE),
    body("M29 76 L32 42 H68 L71 76 Z"),
    body("M25 43 V18 H36 V27 H44 V18 H56 V27 H64 V18 H75 V43 Z"),
    line("M32 66 H68"),
];

const BISHOP: &[Layer] = &[
    body(BASE),
    body("M31 76 C33 68 40 66 40 61 H60 C60 66 67 68 69 76 Z"),
    body("M50 16 C63 25 69 38 63 50 Q60 56 50 56 Q40 56 37 50 C31 38 37 25 50 16 Z"),
    body("M37 61 H63 V55 H37 Z"),
    body("M45.5 11 A4.5 4.5 0 1 0 54.5 11 A4.5 4.5 0 1 0 45.5 11 Z"),
    line("M55 28 L45 41"),
];

const KNIGHT_HEAD: &str = "M30 76 C30 63 37 56 45 50 C41 49 33 53 29 58 C22 57 19 50 23 45 L39 29 L41 17 L48 24 C63 24 75 37 75 57 L75 76 Z";

const KNIGHT: &[Layer] = &[
    body(BASE),
    body(KNIGHT_HEAD),
    ink("M40.5 36 A3 3 0 1 0 46.5 36 A3 3 0 1 0 40.5 36 Z"),
    line("M61 32 C68 42 70 54 68 67"),
];

const PAWN: &[Layer] = &[
    body(BASE),
    body("M29 76 C31 65 39 61 42 57 H58 C61 61 69 65 71 76 Z"),
    body("M37 57 H63 V51 H37 Z"),
    body("M37 37 A13 13 0 1 0 63 37 A13 13 0 1 0 37 37 Z"),
];

const PINCER: &[Layer] = &[
    body(BASE),
    body("M29 76 C31 65 39 61 42 57 H58 C61 61 69 65 71 76 Z"),
    body("M37 57 H63 V51 H37 Z"),
    body("M42 51 C29 45 25 29 35 15 L41 20 C36 30 39 40 49 46 Z"),
    body("M58 51 C71 45 75 29 65 15 L59 20 C64 30 61 40 51 46 Z"),
];

const LONG_LEAPER: &[Layer] = &[
    body(BASE),
    body("M27 76 C27 58 37 48 50 48 C63 48 73 58 73 76 Z"),
    body("M14 46 C16 16 66 6 79 30 L86 25 L85 45 L67 39 L74 35 C63 19 31 22 24 46 Z"),
    body("M43.5 36 A6.5 6.5 0 1 0 56.5 36 A6.5 6.5 0 1 0 43.5 36 Z"),
    line("M36 64 H64"),
];

const WITHDRAWER: &[Layer] = &[
    body(BASE),
    body("M27 76 L35 47 H65 L73 76 Z"),
    body("M50 7 L75 31 H61 V47 H39 V31 H25 Z"),
    ink("M45 64 A5 5 0 1 0 55 64 A5 5 0 1 0 45 64 Z"),
];

const COORDINATOR: &[Layer] = &[
    body(BASE),
    body("M28 76 L30 36 H70 L72 76 Z"),
    body("M25 37 V14 H47 V23 H34 V37 Z"),
    body("M75 37 V14 H53 V23 H66 V37 Z"),
    line("M40 47 H60 V66 H40 Z"),
    ink("M36.5 47 A3.5 3.5 0 1 0 43.5 47 A3.5 3.5 0 1 0 36.5 47 Z M56.5 66 A3.5 3.5 0 1 0 63.5 66 A3.5 3.5 0 1 0 56.5 66 Z"),
];

/// The traditional Immobilizer: a Rook turned upside down.
const IMMOBILIZER: &[Layer] = &[
    body("M19 13 H81 L77 24 H23 Z"),
    body("M29 24 L32 58 H68 L71 24 Z"),
    body("M25 57 V82 H36 V73 H44 V82 H56 V73 H64 V82 H75 V57 Z"),
    line("M32 34 H68"),
];

const CHAMELEON: &[Layer] = &[
    body(BASE),
    body("M31 76 C33 68 40 66 40 61 H60 C60 66 67 68 69 76 Z"),
    body("M50 12 C66 20 72 36 64 50 Q58 57 50 57 Q42 57 36 50 C28 36 34 20 50 12 Z"),
    body("M37 61 H63 V55 H37 Z"),
    line("M50 37 A3 3 0 1 1 53 40 A7 7 0 1 1 46 33 A11 11 0 1 1 60 45"),
];

const CHAMPION: &[Layer] = &[
    body(BASE),
    body("M28 76 L32 56 H68 L72 76 Z"),
    body("M26 14 H74 V38 C74 52 63 61 50 68 C37 61 26 52 26 38 Z"),
    line("M50 20 V60 M33 34 H67"),
];

const WIZARD: &[Layer] = &[
    body(BASE),
    body("M28 76 L38 52 H62 L72 76 Z"),
    body("M19 53 Q50 41 81 53 Q50 63 19 53 Z"),
    body("M33 51 L56 7 L67 49 Z"),
    ink("M52.0 24.0 L54.0 29.2 L59.6 29.5 L55.2 33.1 L56.7 38.5 L52.0 35.4 L47.3 38.5 L48.8 33.1 L44.4 29.5 L50.0 29.2 Z"),
];

const ARCHBISHOP: &[Layer] = &[
    body(BASE),
    body("M63 3 C75 10 79 21 73 33 H53 C47 21 51 10 63 3 Z"),
    body(KNIGHT_HEAD),
    ink("M40.5 36 A3 3 0 1 0 46.5 36 A3 3 0 1 0 40.5 36 Z"),
    line("M67 9 L60 20 M61 32 C68 42 70 54 68 67"),
];

const CHANCELLOR: &[Layer] = &[
    body(BASE),
    body("M44 40 V8 H53 V15 H60 V8 H68 V15 H75 V8 H84 V40 Z"),
    body(KNIGHT_HEAD),
    ink("M40.5 36 A3 3 0 1 0 46.5 36 A3 3 0 1 0 40.5 36 Z"),
    line("M61 32 C68 42 70 54 68 67"),
];

const CANNON: &[Layer] = &[
    body(BASE),
    body("M14 52 L72 24 L79 38 L21 66 Z"),
    body("M70 20 L82 14 L90 31 L78 37 Z"),
    body("M28 66 A16 16 0 1 0 60 66 A16 16 0 1 0 28 66 Z"),
    line("M44 54 V78 M32 66 H56 M36 58 L52 74 M52 58 L36 74"),
    ink("M40 66 A4 4 0 1 0 48 66 A4 4 0 1 0 40 66 Z"),
];

const DOG: &[Layer] = &[
    body(BASE),
    body("M29 76 C27 62 27 50 30 40 C31 27 42 20 54 22 L69 26 C77 28 83 34 81 41 C79 47 71 47 65 47 L63 51 C61 59 63 69 69 76 Z"),
    ink("M37 27 C29 34 27 47 34 56 C41 51 44 38 43 28 Z"),
    ink("M50 33 A3 3 0 1 0 56 33 A3 3 0 1 0 50 33 Z M77 38 A3.5 3.5 0 1 0 84 38 A3.5 3.5 0 1 0 77 38 Z"),
    line("M68 45 C64 46 60 45 57 43"),
];

const PUSHME_PULLYU: &[Layer] = &[
    body(BASE),
    body("M29 76 L37 47 H63 L71 76 Z"),
    body("M10 30 L29 13 V23 H71 V13 L90 30 L71 47 V37 H29 V47 Z"),
    line("M38 62 H62"),
];

const BADGE: Layer = Layer {
    paint: Paint::Badge,
    d: "M67 17 A13 13 0 1 0 93 17 A13 13 0 1 0 67 17 Z",
};
const BADGE_PLUS: Layer = Layer {
    paint: Paint::BadgeInk,
    d: "M77.5 8.5 H82.5 V14.5 H88.5 V19.5 H82.5 V25.5 H77.5 V19.5 H71.5 V14.5 H77.5 Z",
};
/// The Dog a promoted Bishop still carries: a paw print.
const PAW: Layer = Layer {
    paint: Paint::Badge,
    d: "M10 78 A8 7 0 1 0 26 78 A8 7 0 1 0 10 78 Z M7 67 A3.5 4 0 1 0 14 67 A3.5 4 0 1 0 7 67 Z M14.5 62 A3.5 4 0 1 0 21.5 62 A3.5 4 0 1 0 14.5 62 Z M22 67 A3.5 4 0 1 0 29 67 A3.5 4 0 1 0 22 67 Z",
};

/// The unpromoted shape a role is drawn with, and whether it carries the promotion badge.
fn base(role: Role) -> (&'static [Layer], bool) {
    match role {
        Role::King => (KING, false),
        Role::Pincer => (PINCER, false),
        Role::LongLeaper => (LONG_LEAPER, false),
        Role::Withdrawer => (WITHDRAWER, false),
        Role::Coordinator => (COORDINATOR, false),
        Role::Immobilizer => (IMMOBILIZER, false),
        Role::Chameleon => (CHAMELEON, false),
        Role::Pawn => (PAWN, false),
        Role::Queen => (QUEEN, false),
        Role::Rook => (ROOK, false),
        Role::Bishop => (BISHOP, false),
        Role::Knight => (KNIGHT, false),
        Role::Champion => (CHAMPION, false),
        Role::Wizard => (WIZARD, false),
        Role::Archbishop => (ARCHBISHOP, false),
        Role::Chancellor => (CHANCELLOR, false),
        Role::Cannon => (CANNON, false),
        Role::Dog => (DOG, false),
        Role::PushmePullyu => (PUSHME_PULLYU, false),
        Role::PromotedQueen => (QUEEN, true),
        Role::PromotedChancellor => (CHANCELLOR, true),
        Role::PromotedArchbishop => (ARCHBISHOP, true),
        Role::PromotedRook => (ROOK, true),
        Role::PromotedKnight => (KNIGHT, true),
        Role::PromotedBishop | Role::DragonHorse => (BISHOP, true),
    }
}

/// The layers of `role`'s glyph, bottom first.
pub fn layers(role: Role) -> Vec<Layer> {
    let (layers, promoted) = base(role);
    let mut v = layers.to_vec();
    if promoted {
        v.push(BADGE);
        v.push(BADGE_PLUS);
    }
    if role == Role::PromotedBishop {
        v.push(PAW);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every role has a glyph, and no two roles share one.
    #[test]
    fn every_role_has_its_own_glyph() {
        let all: Vec<Vec<Layer>> = Role::ALL.iter().map(|r| layers(*r)).collect();
        for (i, a) in all.iter().enumerate() {
            assert!(
                a.iter().any(|l| l.paint == Paint::Body),
                "{:?}",
                Role::ALL[i]
            );
            for (j, b) in all.iter().enumerate().skip(i + 1) {
                assert_ne!(a, b, "{:?} and {:?} look alike", Role::ALL[i], Role::ALL[j]);
            }
        }
    }

    /// Path data uses only the commands Path2D and the tests' parser understand, with
    /// coordinates inside the box.
    #[test]
    fn path_data_stays_in_the_box() {
        for r in Role::ALL {
            for l in layers(r) {
                for tok in
                    l.d.split(|c: char| c.is_whitespace() || c.is_ascii_alphabetic())
                {
                    if tok.is_empty() {
                        continue;
                    }
                    let v: f64 = tok.parse().unwrap_or_else(|_| panic!("{r:?}: {tok}"));
                    assert!((-20.0..=100.0).contains(&v), "{r:?}: {v}");
                }
                assert!(l.d.starts_with('M'), "{r:?}");
            }
        }
    }
}
