//! Colours, roles (every piece type of the three games) and pieces.
//!
//! Letters are not a property of a role: `C` is a Coordinator in Ultima, a Champion in Omega and a
//! Chancellor in the hybrid. Each game's `spec` module maps letters to roles.
//!
//! ```
//! use baroque_engine::piece::{Color, Piece, Role};
//! let p = Piece::new(Color::Black, Role::Chameleon);
//! assert_eq!(p.color(), Color::Black);
//! assert_eq!(p.role(), Role::Chameleon);
//! ```

use core::num::NonZeroU8;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// Moves first; uppercase letters.
    White = 0,
    /// Lowercase letters.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`, as the CLI's JSON writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The FEN side letter, `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// +1 for White (pawns go up the board), −1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

/// A value per colour, indexed by [`Color`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> core::ops::Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        &self.0[c as usize]
    }
}
impl<T> core::ops::IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c as usize]
    }
}

impl<T> ByColor<T> {
    /// White's value and Black's.
    #[inline]
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor([white, black])
    }

    /// Each colour's value, made by `f`.
    #[inline]
    pub fn from_fn(f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor(Color::ALL.map(f))
    }

    /// Each value changed by `f`.
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor(self.0.map(f))
    }

    /// The colours with their values, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        Color::ALL.into_iter().zip(self.0.iter())
    }
}

/// Every piece type of the three games, by its rule-book name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// King (all games).
    King = 0,
    /// Ultima's Pincer Pawn: moves like a rook, captures by custodian pinning.
    Pincer,
    /// Long Leaper (Ultima, hybrid).
    LongLeaper,
    /// Withdrawer (Ultima, hybrid).
    Withdrawer,
    /// Coordinator (Ultima, hybrid).
    Coordinator,
    /// Immobilizer (Ultima, hybrid).
    Immobilizer,
    /// Chameleon (Ultima).
    Chameleon,
    /// Orthodox pawn (Omega, hybrid).
    Pawn,
    /// Queen.
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
    /// Omega's Champion (WAD leaper).
    Champion,
    /// Omega's Wizard (FC leaper).
    Wizard,
    /// Hybrid Archbishop (Bishop + Knight).
    Archbishop,
    /// Hybrid Chancellor (Rook + Knight).
    Chancellor,
    /// Hybrid Cannon.
    Cannon,
    /// Hybrid Dog (released by a promoted Bishop).
    Dog,
    /// Hybrid Pushme-pullyu.
    PushmePullyu,
    /// Hybrid promoted Queen `+Q`.
    PromotedQueen,
    /// Hybrid promoted Chancellor `+C`.
    PromotedChancellor,
    /// Hybrid promoted Archbishop `+A`.
    PromotedArchbishop,
    /// Hybrid promoted Rook `+R` (Dragon King).
    PromotedRook,
    /// Hybrid promoted Knight `+N` (Knight + Camel).
    PromotedKnight,
    /// Hybrid promoted Bishop `+B` (Dragon Horse) that has not yet released its Dog.
    PromotedBishop,
    /// Hybrid promoted Bishop `+H` after its Dog is released.
    DragonHorse,
}

impl Role {
    /// Number of roles.
    pub const COUNT: usize = 26;

    /// Every role in declaration order.
    pub const ALL: [Role; Role::COUNT] = [
        Role::King,
        Role::Pincer,
        Role::LongLeaper,
        Role::Withdrawer,
        Role::Coordinator,
        Role::Immobilizer,
        Role::Chameleon,
        Role::Pawn,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Champion,
        Role::Wizard,
        Role::Archbishop,
        Role::Chancellor,
        Role::Cannon,
        Role::Dog,
        Role::PushmePullyu,
        Role::PromotedQueen,
        Role::PromotedChancellor,
        Role::PromotedArchbishop,
        Role::PromotedRook,
        Role::PromotedKnight,
        Role::PromotedBishop,
        Role::DragonHorse,
    ];

    /// The rule-book name, e.g. `"Long Leaper"`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "King",
            Role::Pincer => "Pincer Pawn",
            Role::LongLeaper => "Long Leaper",
            Role::Withdrawer => "Withdrawer",
            Role::Coordinator => "Coordinator",
            Role::Immobilizer => "Immobilizer",
            Role::Chameleon => "Chameleon",
            Role::Pawn => "Pawn",
            Role::Queen => "Queen",
            Role::Rook => "Rook",
            Role::Bishop => "Bishop",
            Role::Knight => "Knight",
            Role::Champion => "Champion",
            Role::Wizard => "Wizard",
            Role::Archbishop => "Archbishop",
            Role::Chancellor => "Chancellor",
            Role::Cannon => "Cannon",
            Role::Dog => "Dog",
            Role::PushmePullyu => "Pushme-pullyu",
            Role::PromotedQueen => "promoted Queen",
            Role::PromotedChancellor => "promoted Chancellor",
            Role::PromotedArchbishop => "promoted Archbishop",
            Role::PromotedRook => "promoted Rook",
            Role::PromotedKnight => "promoted Knight",
            Role::PromotedBishop => "promoted Bishop",
            Role::DragonHorse => "promoted Bishop (Dog released)",
        }
    }

    /// A stable lowercase identifier (`"long-leaper"`), used by the page for glyphs and legends.
    pub const fn id(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Pincer => "pincer",
            Role::LongLeaper => "long-leaper",
            Role::Withdrawer => "withdrawer",
            Role::Coordinator => "coordinator",
            Role::Immobilizer => "immobilizer",
            Role::Chameleon => "chameleon",
            Role::Pawn => "pawn",
            Role::Queen => "queen",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Champion => "champion",
            Role::Wizard => "wizard",
            Role::Archbishop => "archbishop",
            Role::Chancellor => "chancellor",
            Role::Cannon => "cannon",
            Role::Dog => "dog",
            Role::PushmePullyu => "pushme-pullyu",
            Role::PromotedQueen => "promoted-queen",
            Role::PromotedChancellor => "promoted-chancellor",
            Role::PromotedArchbishop => "promoted-archbishop",
            Role::PromotedRook => "promoted-rook",
            Role::PromotedKnight => "promoted-knight",
            Role::PromotedBishop => "promoted-bishop",
            Role::DragonHorse => "dragon-horse",
        }
    }

    /// Index in [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A coloured piece, packed in one non-zero byte so that `Option<Piece>` is one byte too.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// Number of distinct pieces (roles × colours); [`Piece::index`] is below it.
    pub const COUNT: usize = Role::COUNT * 2;

    /// The piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        let code = 1 + ((role as u8) << 1 | color as u8);
        match NonZeroU8::new(code) {
            Some(n) => Piece(n),
            None => unreachable_piece(),
        }
    }

    /// The piece's colour.
    #[inline]
    pub const fn color(self) -> Color {
        if (self.0.get() - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The piece's role.
    #[inline]
    pub const fn role(self) -> Role {
        Role::ALL[((self.0.get() - 1) >> 1) as usize]
    }

    /// A dense index below [`Piece::COUNT`] (for tables such as Zobrist keys).
    #[inline]
    pub const fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }

    /// The same role with another colour.
    #[inline]
    pub const fn with_role(self, role: Role) -> Piece {
        Piece::new(self.color(), role)
    }
}

const fn unreachable_piece() -> Piece {
    // 1 + anything is never zero for the u8 range used by roles (< 128).
    Piece(NonZeroU8::MIN)
}

impl core::fmt::Debug for Piece {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?} {:?}", self.color(), self.role())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_packs_and_unpacks() {
        for role in Role::ALL {
            for color in Color::ALL {
                let p = Piece::new(color, role);
                assert_eq!(p.role(), role);
                assert_eq!(p.color(), color);
                assert!(p.index() < Piece::COUNT);
            }
        }
        assert_eq!(core::mem::size_of::<Option<Piece>>(), 1);
        for (i, r) in Role::ALL.iter().enumerate() {
            assert_eq!(r.index(), i);
        }
    }

    #[test]
    fn by_color_is_indexed_and_made_by_colour() {
        let mut b = ByColor::new(1, 2);
        assert_eq!((b[Color::White], b[Color::Black]), (1, 2));
        b[Color::Black] += 10;
        assert_eq!(b, ByColor([1, 12]));
        assert_eq!(
            ByColor::from_fn(Color::other),
            ByColor::new(Color::Black, Color::White)
        );
        assert_eq!(b.map(|n| n * 2), ByColor::new(2, 24));
        let mut pairs = b.iter();
        assert_eq!(pairs.next(), Some((Color::White, &1)));
        assert_eq!(pairs.next(), Some((Color::Black, &12)));
        assert_eq!(pairs.next(), None);
        for c in Color::ALL {
            assert_eq!(c.other().other(), c);
            assert_ne!(c.other(), c);
            assert_eq!(Color::ALL[c.index()], c);
        }
    }
}
