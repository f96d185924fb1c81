//! [`Position`]: one position of any of the three games, with copy-make move application,
//! incremental Zobrist hashing, legal move generation and move parsing.
//!
//! The state common to every game lives here; what a move may do is decided by the game's
//! module under `games/`. A move is applied by copying (`play`) or in place (`play_mut`): the
//! position is small (about 200 bytes), so search keeps one copy per ply instead of unmaking.
//!
//! ```
//! use baroque_engine::{GameId, Position};
//! let pos = Position::start(GameId::Ultima);
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 32);
//! let m = pos.parse_move("e2e5").unwrap();
//! let next = pos.play(&m);
//! assert_eq!(next.fen(), "clxwkxli/pppppppp/8/4P3/8/8/PPPP1PPP/ILXKWXLC b - - 1 1");
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::games;
use crate::geometry::{Shape, Square, SquareSet, MAX_SQUARES};
use crate::moves::{Move, MoveKind, MoveList, MoveTextError};
use crate::options::RuleOptions;
use crate::piece::{ByColor, Color, Piece, Role};
use crate::zobrist;
use crate::GameId;

/// Castling-right bits, in FEN order `KQkq`.
pub mod castling {
    /// White, king side (`K`).
    pub const WHITE_KING: u8 = 1;
    /// White, queen side (`Q`).
    pub const WHITE_QUEEN: u8 = 2;
    /// Black, king side (`k`).
    pub const BLACK_KING: u8 = 4;
    /// Black, queen side (`q`).
    pub const BLACK_QUEEN: u8 = 8;
}

/// A position of one of the games.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    board: [Option<Piece>; MAX_SQUARES],
    by_color: ByColor<SquareSet>,
    kings: ByColor<Option<Square>>,
    side: Color,
    castling: u8,
    ep: SquareSet,
    ep_victim: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    game: GameId,
    options: RuleOptions,
}

/// Why a move given as text cannot be played here.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The text is not move text.
    Syntax(MoveTextError),
    /// The text is well formed but names no legal move.
    Illegal {
        /// The move as written.
        text: String,
        /// Why not.
        reason: IllegalMove,
    },
}

/// Why well-formed move text names no legal move. Squares are as the game names them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    /// Nothing stands on the start square.
    NoPiece {
        /// The start square.
        square: String,
    },
    /// The piece on the start square is the other side's.
    NotYourPiece {
        /// The start square.
        square: String,
        /// Its owner.
        owner: Color,
        /// The side to move.
        to_move: Color,
    },
    /// `from == to` names a suicide this piece may not make.
    NoSuicide {
        /// The piece.
        role: Role,
        /// Its square.
        square: String,
    },
    /// The piece has no legal move to that square.
    NoMoveTo {
        /// The piece.
        role: Role,
        /// Its square.
        from: String,
        /// The destination.
        to: String,
    },
    /// A pawn reaching the square must promote and no letter was given.
    MustPromote {
        /// The promotion letters, comma-separated.
        letters: String,
    },
    /// The letter is not a promotion choice of the game.
    NotAChoice {
        /// The letter given.
        letter: char,
        /// The promotion letters, comma-separated.
        letters: String,
    },
    /// The letter is a promotion choice, but not for this move.
    PromotionNotAllowed {
        /// The letter given.
        letter: char,
    },
    /// The move does not promote, but a letter was given.
    NoPromotion {
        /// The letter given.
        letter: char,
    },
}

impl IllegalMove {
    /// A stable kebab-case id of the reason.
    pub fn code(&self) -> &'static str {
        match self {
            IllegalMove::NoPiece { .. } => "move-no-piece",
            IllegalMove::NotYourPiece { .. } => "move-not-your-piece",
            IllegalMove::NoSuicide { .. } => "move-no-suicide",
            IllegalMove::NoMoveTo { .. } => "move-no-move-to",
            IllegalMove::MustPromote { .. } => "move-must-promote",
            IllegalMove::NotAChoice { .. } => "move-not-a-promotion-choice",
            IllegalMove::PromotionNotAllowed { .. } => "move-promotion-not-allowed",
            IllegalMove::NoPromotion { .. } => "move-no-promotion",
        }
    }

    /// The reason's named parameters (squares, colours, role ids, letters).
    pub fn params(&self) -> Vec<(&'static str, String)> {
        use alloc::string::ToString;
        match self {
            IllegalMove::NoPiece { square } => alloc::vec![("square", square.clone())],
            IllegalMove::NotYourPiece {
                square,
                owner,
                to_move,
            } => alloc::vec![
                ("square", square.clone()),
                ("owner", owner.as_str().into()),
                ("to_move", to_move.as_str().into()),
            ],
            IllegalMove::NoSuicide { role, square } => {
                alloc::vec![("role", role.id().into()), ("square", square.clone())]
            }
            IllegalMove::NoMoveTo { role, from, to } => alloc::vec![
                ("role", role.id().into()),
                ("from", from.clone()),
                ("to", to.clone()),
            ],
            IllegalMove::MustPromote { letters } => alloc::vec![("letters", letters.clone())],
            IllegalMove::NotAChoice { letter, letters } => {
                alloc::vec![("letter", letter.to_string()), ("letters", letters.clone())]
            }
            IllegalMove::PromotionNotAllowed { letter } | IllegalMove::NoPromotion { letter } => {
                alloc::vec![("letter", letter.to_string())]
            }
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoPiece { square } => write!(f, "there is no piece on {square}"),
            IllegalMove::NotYourPiece {
                square,
                owner,
                to_move,
            } => write!(
                f,
                "the piece on {square} is {}'s and it is {}'s turn",
                owner.as_str(),
                to_move.as_str()
            ),
            IllegalMove::NoSuicide { role, square } => write!(
                f,
                "the {} on {square} cannot commit suicide here (only a frozen piece other than the King may, where the rules allow it)",
                role.name()
            ),
            IllegalMove::NoMoveTo { role, from, to } => {
                write!(f, "the {} on {from} has no legal move to {to}", role.name())
            }
            IllegalMove::MustPromote { letters } => write!(
                f,
                "a pawn reaching this square must promote; add one of {letters}"
            ),
            IllegalMove::NotAChoice { letter, letters } => write!(
                f,
                "'{letter}' is not a promotion choice here; use one of {letters}"
            ),
            IllegalMove::PromotionNotAllowed { letter } => {
                write!(f, "promotion to '{letter}' is not allowed here")
            }
            IllegalMove::NoPromotion { letter } => write!(
                f,
                "this move takes no promotion letter, but '{letter}' was given"
            ),
        }
    }
}

impl MoveError {
    /// A stable kebab-case id of the error (`"move-no-piece"`, `"move-text-bad-from"`).
    pub fn code(&self) -> &'static str {
        match self {
            MoveError::Syntax(e) => e.code(),
            MoveError::Illegal { reason, .. } => reason.code(),
        }
    }

    /// The error's named parameters, the move text as written (`text`) among them.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            MoveError::Syntax(e) => e.params(),
            MoveError::Illegal { text, reason } => {
                let mut p = alloc::vec![("text", text.clone())];
                p.extend(reason.params());
                p
            }
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(e) => write!(f, "{e}"),
            MoveError::Illegal { text, reason } => write!(f, "illegal move '{text}': {reason}"),
        }
    }
}

impl core::error::Error for MoveError {}

impl From<MoveTextError> for MoveError {
    fn from(e: MoveTextError) -> Self {
        MoveError::Syntax(e)
    }
}

impl Position {
    /// An empty board of `game` with White to move (used while reading a FEN).
    pub(crate) fn empty(game: GameId, options: RuleOptions) -> Position {
        Position {
            board: [None; MAX_SQUARES],
            by_color: ByColor([SquareSet::EMPTY; 2]),
            kings: ByColor([None; 2]),
            side: Color::White,
            castling: 0,
            ep: SquareSet::EMPTY,
            ep_victim: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            game,
            options,
        }
    }

    /// The start position of `game` with default options.
    pub fn start(game: GameId) -> Position {
        Position::start_with(game, RuleOptions::DEFAULT)
    }

    /// The start position of `game` with `options`.
    pub fn start_with(game: GameId, options: RuleOptions) -> Position {
        match Position::from_fen(game, game.start_fen(), options) {
            Ok(p) => p,
            // Every start FEN is checked by a test; an empty board keeps this total.
            Err(_) => Position::empty(game, options),
        }
    }

    /// Reads a FEN (see [`crate::fen`]).
    pub fn from_fen(
        game: GameId,
        fen: &str,
        options: RuleOptions,
    ) -> Result<Position, crate::fen::FenError> {
        crate::fen::read(game, fen, options)
    }

    /// Writes the canonical FEN.
    pub fn fen(&self) -> String {
        crate::fen::write(self)
    }

    // ----- accessors -----

    /// Which game this is.
    #[inline]
    pub fn game(&self) -> GameId {
        self.game
    }
    /// The board shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.game.shape()
    }
    /// The rule options in force.
    #[inline]
    pub fn options(&self) -> &RuleOptions {
        &self.options
    }
    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> SquareSet {
        self.by_color[color]
    }
    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.by_color.0[0] | self.by_color.0[1]
    }
    /// Whether `sq` is empty.
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.board[sq.index()].is_none()
    }
    /// The square of `color`'s King (`None` only after a King capture under `win=capture`).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color]
    }
    /// Castling rights as [`castling`] bits.
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    /// The en passant squares (squares a pawn passed over on the last ply).
    #[inline]
    pub fn ep_squares(&self) -> SquareSet {
        self.ep
    }
    /// The pawn an en passant capture would remove.
    #[inline]
    pub fn ep_victim(&self) -> Option<Square> {
        self.ep_victim
    }
    /// Plies since the last capture, suicide or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    /// The fullmove number.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    /// The Zobrist hash, kept incrementally.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The squares of `color`'s pieces of `role`.
    pub fn pieces(&self, color: Color, role: Role) -> SquareSet {
        let want = Piece::new(color, role);
        self.by_color[color]
            .iter()
            .filter(|&s| self.board[s.index()] == Some(want))
            .collect()
    }

    // ----- setters used by FEN reading and the games -----

    /// Puts `piece` on the empty square `sq`, updating sets, kings and hash.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.board[sq.index()].is_none());
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color()].insert(sq);
        if piece.role() == Role::King {
            self.kings[piece.color()] = Some(sq);
        }
        self.hash ^= zobrist::piece(piece, sq);
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board[sq.index()].take()?;
        self.by_color[p.color()].remove(sq);
        if p.role() == Role::King && self.kings[p.color()] == Some(sq) {
            self.kings[p.color()] = None;
        }
        self.hash ^= zobrist::piece(p, sq);
        Some(p)
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        if self.side != side {
            self.hash ^= zobrist::black_to_move();
        }
        self.side = side;
    }

    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.hash ^= zobrist::castling(self.castling) ^ zobrist::castling(rights);
        self.castling = rights & 15;
    }

    pub(crate) fn set_ep(&mut self, squares: SquareSet, victim: Option<Square>) {
        for s in self.ep {
            self.hash ^= zobrist::ep(s);
        }
        self.ep = squares;
        self.ep_victim = victim;
        for s in self.ep {
            self.hash ^= zobrist::ep(s);
        }
    }

    pub(crate) fn set_clocks(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    /// Recomputes the hash from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            if let Some(p) = self.board[sq.index()] {
                h ^= zobrist::piece(p, sq);
            }
        }
        if self.side == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h ^= zobrist::castling(self.castling);
        for s in self.ep {
            h ^= zobrist::ep(s);
        }
        h
    }

    // ----- moves -----

    /// Every pseudo-legal move of `color` (as if it were `color`'s turn), suicides included.
    pub fn pseudo_moves_for(&self, color: Color, out: &mut MoveList) {
        out.clear();
        games::pseudo_moves(self, color, out);
    }

    /// Whether the rules forbid leaving one's King capturable (false under Ultima's `win=capture`).
    #[inline]
    pub fn has_check_rule(&self) -> bool {
        games::check_rule(self.game, &self.options)
    }

    /// Whether `side` could still win by some series of legal moves; `false` only when the
    /// game's rules prove it cannot (a lone King in Omega and the hybrid, and in Ultima with
    /// `win=checkmate`; docs/rules-decisions.md, "Flag fall"). A flag fall asks it
    /// ([`crate::Game::flag_fall`]).
    pub fn can_win(&self, side: Color) -> bool {
        games::can_win(self, side)
    }

    /// Whether the side to move can have any move at all: under Ultima's `win=capture` a position
    /// without one of the Kings has none (ultima.md §7.3).
    #[inline]
    pub(crate) fn has_moves_at_all(&self) -> bool {
        self.kings[Color::White].is_some() && self.kings[Color::Black].is_some()
    }

    /// Fills `out` with every legal move of the side to move.
    pub fn legal_moves_into(&self, out: &mut MoveList) {
        out.clear();
        if !self.has_moves_at_all() {
            return;
        }
        if self.has_check_rule() && games::legal_moves(self, out) {
            return;
        }
        games::pseudo_moves(self, self.side, out);
        if self.has_check_rule() {
            let us = self.side;
            out.retain(|m| !self.play(m).is_king_attacked(us));
        }
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut l = MoveList::new();
        self.legal_moves_into(&mut l);
        l
    }

    /// Whether `m` (pseudo-legal here) is legal: it does not leave the mover's King in check.
    pub fn is_legal(&self, m: &Move) -> bool {
        !self.has_check_rule() || !self.play(m).is_king_attacked(self.side)
    }

    /// Whether `color`'s King could be captured by the other side if that side were to move now
    /// (the rule book's check). False when `color` has no King.
    #[inline]
    pub fn is_king_attacked(&self, color: Color) -> bool {
        self.kings[color].is_some() && games::king_attacked(self, color)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_king_attacked(self.side)
    }

    /// The same test as [`Position::is_king_attacked`], made the slow way: generate every
    /// pseudo-legal move of the opponent and look for one that removes the King. Tests use it to
    /// check the fast per-game attack code.
    pub fn is_king_attacked_slow(&self, color: Color) -> bool {
        let Some(k) = self.kings[color] else {
            return false;
        };
        let mut l = MoveList::new();
        games::pseudo_moves(self, color.other(), &mut l);
        l.iter()
            .any(|m| m.captures.contains(k) && m.kind != MoveKind::Suicide)
    }

    /// The enemy pieces that give check to the side to move, with one capturing move each
    /// (for the board's check display).
    pub fn checkers(&self) -> Vec<Move> {
        let us = self.side;
        let Some(k) = self.kings[us] else {
            return Vec::new();
        };
        let mut l = MoveList::new();
        games::pseudo_moves(self, us.other(), &mut l);
        let mut out: Vec<Move> = Vec::new();
        for m in l.iter() {
            if m.captures.contains(k)
                && m.kind != MoveKind::Suicide
                && !out.iter().any(|o| o.from == m.from)
            {
                out.push(*m);
            }
        }
        out
    }

    /// The pieces of both sides that are immobilized now.
    pub fn frozen(&self) -> SquareSet {
        games::frozen(self)
    }

    /// Applies `m` to a copy and returns it.
    #[inline]
    pub fn play(&self, m: &Move) -> Position {
        let mut p = *self;
        p.play_mut(m);
        p
    }

    /// Applies a move generated for this position, in place.
    pub fn play_mut(&mut self, m: &Move) {
        let us = self.side;
        let moving = self.board[m.from.index()];
        let shape = self.shape();
        if self.ep.any() || self.ep_victim.is_some() {
            self.set_ep(SquareSet::EMPTY, None);
        }
        for c in m.captures {
            self.take(c);
        }
        if m.kind != MoveKind::Suicide {
            if let Some(piece) = moving {
                self.take(m.from);
                let mut placed = match m.promotion {
                    Some(r) => piece.with_role(r),
                    None => piece,
                };
                if let MoveKind::Release { left, becomes } = m.kind {
                    placed = piece.with_role(becomes);
                    self.put(m.from, piece.with_role(left));
                }
                if let Some(p) = self.board[m.to.index()] {
                    // Only reachable for malformed moves; keep the board consistent.
                    let _ = p;
                    self.take(m.to);
                }
                self.put(m.to, placed);
                if m.kind == MoveKind::Castle {
                    if let Some((rf, rt)) = games::castling::castle_rook(self.game, m.from, m.to) {
                        if let Some(rook) = self.take(rf) {
                            self.put(rt, rook);
                        }
                    }
                }
                if m.kind == MoveKind::PawnLeap {
                    let (fx, fy) = shape.coords(m.from);
                    let (_, ty) = shape.coords(m.to);
                    let dir = if ty > fy { 1 } else { -1 };
                    let mut passed = SquareSet::EMPTY;
                    let mut y = fy + dir;
                    while y != ty {
                        if let Some(s) = shape.square(fx, y) {
                            passed.insert(s);
                        }
                        y += dir;
                    }
                    self.set_ep(passed, Some(m.to));
                }
            }
        }
        if self.castling != 0 {
            let mut clear = games::castling::castling_mask(self.game, m.from)
                | games::castling::castling_mask(self.game, m.to);
            for c in m.captures {
                clear |= games::castling::castling_mask(self.game, c);
            }
            if clear & self.castling != 0 {
                self.set_castling(self.castling & !clear);
            }
        }
        if m.captures.any() || m.role == Role::Pawn {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.set_side(us.other());
    }

    /// The position after a pass (the search's null move): the other side to move, no en passant
    /// squares, the halfmove clock reset; board, castling rights and fullmove number unchanged.
    ///
    /// ```
    /// use baroque_engine::{Color, GameId, Position};
    /// let pos = Position::start(GameId::Omega);
    /// let pos = pos.play(&pos.parse_move("e1e4").unwrap()); // sets en passant squares
    /// let null = pos.null_move();
    /// assert_eq!(null.side_to_move(), Color::White);
    /// assert!(null.ep_squares().is_empty());
    /// assert_eq!(null.hash(), null.compute_hash());
    /// assert_eq!(null.fen().split(' ').next(), pos.fen().split(' ').next());
    /// ```
    pub fn null_move(&self) -> Position {
        let mut p = *self;
        p.set_ep(SquareSet::EMPTY, None);
        p.set_side(self.side.other());
        p.set_clocks(0, self.fullmove);
        p
    }

    /// Finds the legal move that `text` names: the game's display notation written exactly, the
    /// contract's move text, or the notation in another case when only one move has it (the
    /// page's move box accepts all three; see `games/move_text.rs`).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        games::move_text::parse(self, text)
    }

    /// The move text of `m` (`g4d4`, `e8e9q`, `c4c4`).
    pub fn move_text(&self, m: &Move) -> String {
        games::move_text::move_text(self, m)
    }

    /// The human notation of the legal move `m` (`Pg4-d4xc4xd5`, `Nxe4+`, `L B10 - H4 x C9`).
    pub fn notation(&self, m: &Move) -> String {
        games::notation(self, m)
    }

    /// The captured squares of `m` in the order the game's move JSON lists them.
    pub fn captures_in_order(&self, m: &Move) -> Vec<Square> {
        games::captures_in_order(self, m)
    }

    /// A key for repetition: the hash, where en passant squares count only if a legal en
    /// passant capture exists (omega.md §6, hybrid.md §9.3).
    pub fn repetition_key(&self) -> u64 {
        if self.ep.is_empty() {
            return self.hash;
        }
        let has_ep = self
            .legal_moves()
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant);
        if has_ep {
            self.hash
        } else {
            let mut h = self.hash;
            for s in self.ep {
                h ^= zobrist::ep(s);
            }
            h
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}
