//! The board's state as plain data: the position it shows ([`Snapshot`]), the selection, the
//! pointer and a drag in progress. Pointer input comes in as squares and CSS-pixel points and
//! leaves as an [`Action`]; nothing here touches the browser.

use baroque_engine::{Color, Game, MoveKind, Piece, Role, Shape, Square, SquareSet};

use super::config::Config;

/// One legal move as the board needs it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardMove {
    /// Contract move text (`g4d4`, `e8e9q`, `c4c4`).
    pub text: String,
    /// Start square.
    pub from: Square,
    /// Destination (the start square for a suicide).
    pub to: Square,
    /// The squares whose pieces the move removes (for a suicide, its own square).
    pub captures: SquareSet,
    /// The role a pawn chooses, when the move is one of several promotion choices.
    pub choice: Option<Role>,
    /// Whether it is a suicide.
    pub suicide: bool,
}

/// The last move, as shown on the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LastMove {
    /// Start square.
    pub from: Square,
    /// Destination.
    pub to: Square,
    /// Removed pieces' squares.
    pub captures: SquareSet,
    /// Whether it was a suicide.
    pub suicide: bool,
}

/// An enemy piece giving check, and the move by which it would take the King.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Check {
    /// The King in check.
    pub king: Square,
    /// The checking piece.
    pub attacker: Square,
    /// Where the checking move would end.
    pub to: Square,
    /// The checking piece's role.
    pub role: Role,
}

/// A position as the board shows it, with its legal moves and markers.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Snapshot {
    /// The board shape.
    pub shape: Shape,
    /// The piece on each square, by square index.
    pub pieces: Vec<Option<Piece>>,
    /// The side to move.
    pub side: Color,
    /// Every legal move.
    pub moves: Vec<BoardMove>,
    /// Frozen pieces of both sides.
    pub frozen: SquareSet,
    /// The checks against the side to move.
    pub checks: Vec<Check>,
    /// The move that led here.
    pub last: Option<LastMove>,
    /// Whether the game is over (no moves may be made).
    pub over: bool,
}

impl Snapshot {
    /// An empty board of `shape`.
    pub fn empty(shape: Shape) -> Snapshot {
        Snapshot {
            shape,
            pieces: vec![None; shape.len()],
            side: Color::White,
            moves: Vec::new(),
            frozen: SquareSet::EMPTY,
            checks: Vec::new(),
            last: None,
            over: false,
        }
    }

    /// A position being set up (the position editor): its pieces and side to move, read-only
    /// (no moves, nothing to select).
    pub fn from_draft(d: &baroque_engine::draft::Draft) -> Snapshot {
        let shape = d.shape();
        Snapshot {
            pieces: shape.squares().map(|s| d.piece_at(s)).collect(),
            side: d.side_to_move(),
            over: true,
            ..Snapshot::empty(shape)
        }
    }

    /// The snapshot of `game`'s current position.
    pub fn from_game(game: &Game) -> Snapshot {
        Snapshot::from_game_at(game, game.moves().len())
    }

    /// The snapshot of `game` after its first `ply` moves (clamped to the moves played). An
    /// earlier position is shown read-only: it has no legal moves and counts as over.
    pub fn from_game_at(game: &Game, ply: usize) -> Snapshot {
        let ply = ply.min(game.moves().len());
        let live = ply == game.moves().len();
        let pos = &game.positions()[ply];
        let shape = pos.shape();
        let pieces = shape.squares().map(|s| pos.piece_at(s)).collect();
        let over = !live || game.status().is_over();
        let legal = if over {
            Default::default()
        } else {
            pos.legal_moves()
        };
        let moves = legal
            .iter()
            .map(|m| {
                let twins = legal.iter().filter(|o| o.from == m.from && o.to == m.to);
                let choice = if twins.count() > 1 { m.promotion } else { None };
                BoardMove {
                    text: pos.move_text(m),
                    from: m.from,
                    to: m.to,
                    captures: m.captures,
                    choice,
                    suicide: m.kind == MoveKind::Suicide,
                }
            })
            .collect();
        let checks = match pos.king(pos.side_to_move()) {
            Some(king) if pos.in_check() => pos
                .checkers()
                .iter()
                .map(|m| Check {
                    king,
                    attacker: m.from,
                    to: m.to,
                    role: m.role,
                })
                .collect(),
            _ => Vec::new(),
        };
        let last = ply
            .checked_sub(1)
            .map(|i| game.moves()[i])
            .map(|m| LastMove {
                from: m.from,
                to: m.to,
                captures: m.captures,
                suicide: m.kind == MoveKind::Suicide,
            });
        Snapshot {
            shape,
            pieces,
            side: pos.side_to_move(),
            moves,
            frozen: pos.frozen(),
            checks,
            last,
            over,
        }
    }

    /// The piece on `sq`.
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        self.pieces.get(sq.index()).copied().flatten()
    }

    /// The legal moves from `from`.
    pub fn moves_from(&self, from: Square) -> impl Iterator<Item = &BoardMove> {
        self.moves.iter().filter(move |m| m.from == from)
    }

    /// The destinations of the piece on `from`, its own square excluded (suicide).
    pub fn dests(&self, from: Square) -> SquareSet {
        self.moves_from(from)
            .filter(|m| !m.suicide)
            .map(|m| m.to)
            .collect()
    }

    /// The suicide move of the piece on `sq`, if it has one.
    pub fn suicide(&self, sq: Square) -> Option<&BoardMove> {
        self.moves_from(sq).find(|m| m.suicide)
    }
}

/// A drag in progress (or a press that may become one).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Drag {
    /// The square the piece was lifted from.
    pub from: Square,
    /// Where the press started.
    pub start: (f64, f64),
    /// Where the pointer is now.
    pub pos: (f64, f64),
    /// Whether the pointer moved past the threshold (a press until then).
    pub started: bool,
    /// Whether the piece was already selected when pressed.
    pub was_selected: bool,
    /// Whether a finger drags it (then it is drawn above the finger, where it can be seen).
    pub touch: bool,
}

impl Drag {
    /// Where the dragged piece is drawn on a board of cells `cell` pixels wide: the top-left
    /// corner and side of its box. A mouse or pen holds it at its centre, a little enlarged; a
    /// finger would hide it, so it is drawn larger, its bottom edge just above the finger.
    pub fn drawn_at(&self, cell: f64) -> (f64, f64, f64) {
        let (x, y) = self.pos;
        if self.touch {
            let side = cell * 1.6;
            (x - side / 2.0, y - side - cell * 0.35, side)
        } else {
            let side = cell * 1.15;
            (x - side / 2.0, y - side / 2.0, side)
        }
    }
}

/// What a pointer event asks the host to do.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    /// Nothing to do.
    None,
    /// Only the picture changed.
    Redraw,
    /// Play this move text.
    Move(String),
    /// Ask which piece the pawn becomes: the square pair and one (role, move text) per choice.
    Promote {
        /// Start square.
        from: Square,
        /// Destination.
        to: Square,
        /// The choices.
        choices: Vec<(Role, String)>,
    },
    /// The selection changed (to the square, or to nothing).
    Select(Option<Square>),
}

/// Distance in CSS pixels a press must travel to become a drag.
pub const DRAG_THRESHOLD: f64 = 4.0;

/// The board's state.
#[derive(Clone, PartialEq, Debug)]
pub struct BoardState {
    /// The position shown.
    pub snap: Snapshot,
    /// The settings.
    pub config: Config,
    /// The selected square.
    pub selected: Option<Square>,
    /// The square under the pointer.
    pub hover: Option<Square>,
    /// The drag in progress.
    pub drag: Option<Drag>,
    /// The keyboard cursor, shown while the board has keyboard focus.
    pub cursor: Option<Square>,
    /// Whether the pointer now pressing is a finger (set by the host before `pointer_down`).
    pub touch: bool,
    /// The author's marks and arrows (drawn over everything but the dragged piece).
    pub notes: Vec<super::notes::Note>,
    /// The player's own arrows and circles (right-button drawing), drawn over the notes.
    pub drawable: super::drawable::Drawable,
}

impl BoardState {
    /// A board showing `snap`.
    pub fn new(snap: Snapshot, config: Config) -> BoardState {
        BoardState {
            snap,
            config,
            selected: None,
            hover: None,
            drag: None,
            cursor: None,
            touch: false,
            notes: Vec::new(),
            drawable: Default::default(),
        }
    }

    /// Replaces the position; the selection survives only if that piece can still move.
    pub fn set_snapshot(&mut self, snap: Snapshot) {
        self.snap = snap;
        self.drag = None;
        if let Some(s) = self.selected {
            if !self.can_select(s) {
                self.selected = None;
            }
        }
    }

    /// Whether the user may pick up the piece on `sq` now.
    pub fn can_select(&self, sq: Square) -> bool {
        !self.snap.over
            && self.config.movable.allows(self.snap.side)
            && self
                .snap
                .piece(sq)
                .is_some_and(|p| p.color() == self.snap.side)
            && self.snap.moves_from(sq).next().is_some()
    }

    /// The selected (or dragged) piece's destinations.
    pub fn dests(&self) -> SquareSet {
        match self.active() {
            Some(s) => self.snap.dests(s),
            None => SquareSet::EMPTY,
        }
    }

    /// The square whose moves are being shown: the dragged piece, else the selected one.
    pub fn active(&self) -> Option<Square> {
        self.drag.map(|d| d.from).or(self.selected)
    }

    /// The squares the move to the hovered destination would capture (the capture preview).
    pub fn preview(&self) -> SquareSet {
        let (Some(from), Some(to)) = (self.active(), self.hover) else {
            return SquareSet::EMPTY;
        };
        self.snap
            .moves_from(from)
            .find(|m| m.to == to && !m.suicide)
            .map(|m| m.captures)
            .unwrap_or(SquareSet::EMPTY)
    }

    /// Selects `sq` (or clears the selection), as a click or a keyboard would.
    pub fn select(&mut self, sq: Option<Square>) -> Action {
        let sq = sq.filter(|s| self.can_select(*s));
        if sq == self.selected {
            return Action::None;
        }
        self.selected = sq;
        Action::Select(sq)
    }

    /// The action for moving the active piece from `from` to `to`: a move, a promotion choice,
    /// or `None` when it is not a destination.
    pub fn move_action(&self, from: Square, to: Square) -> Option<Action> {
        let ms: Vec<&BoardMove> = self
            .snap
            .moves_from(from)
            .filter(|m| m.to == to && !m.suicide)
            .collect();
        match ms.as_slice() {
            [] => None,
            [m] => Some(Action::Move(m.text.clone())),
            many => Some(Action::Promote {
                from,
                to,
                choices: many
                    .iter()
                    .filter_map(|m| m.choice.map(|r| (r, m.text.clone())))
                    .collect(),
            }),
        }
    }

    /// A press on `sq` (or off the board) at `pos`.
    pub fn pointer_down(&mut self, sq: Option<Square>, pos: (f64, f64)) -> Action {
        self.hover = sq;
        let Some(sq) = sq else {
            return self.select(None);
        };
        if let Some(from) = self.selected {
            if from != sq {
                if let Some(a) = self.move_action(from, sq) {
                    self.selected = None;
                    return a;
                }
            }
        }
        if self.can_select(sq) {
            let was_selected = self.selected == Some(sq);
            self.selected = Some(sq);
            self.drag = Some(Drag {
                from: sq,
                start: pos,
                pos,
                started: false,
                was_selected,
                touch: self.touch,
            });
            return if was_selected {
                Action::Redraw
            } else {
                Action::Select(Some(sq))
            };
        }
        self.select(None)
    }

    /// The pointer moved over `sq` (or off the board) to `pos`.
    pub fn pointer_move(&mut self, sq: Option<Square>, pos: (f64, f64)) -> Action {
        let mut changed = self.hover != sq;
        self.hover = sq;
        if let Some(d) = self.drag.as_mut() {
            d.pos = pos;
            let (dx, dy) = (pos.0 - d.start.0, pos.1 - d.start.1);
            if !d.started && (dx * dx + dy * dy).sqrt() >= DRAG_THRESHOLD {
                d.started = true;
            }
            changed |= d.started;
        }
        if changed {
            Action::Redraw
        } else {
            Action::None
        }
    }

    /// The press ended over `sq` (or off the board).
    pub fn pointer_up(&mut self, sq: Option<Square>) -> Action {
        let Some(d) = self.drag.take() else {
            return Action::None;
        };
        if d.started {
            if let Some(a) = sq.and_then(|to| self.move_action(d.from, to)) {
                self.selected = None;
                return a;
            }
            // An illegal drop snaps back; the piece stays selected.
            return Action::Redraw;
        }
        if d.was_selected && sq == Some(d.from) {
            if let Some(m) = self.snap.suicide(d.from) {
                self.selected = None;
                return Action::Move(m.text.clone());
            }
            self.selected = None;
            return Action::Select(None);
        }
        Action::Redraw
    }

    /// A click on `sq` (a press and a release without moving), as the keyboard makes one.
    pub fn click(&mut self, sq: Square) -> Action {
        let down = self.pointer_down(Some(sq), (0.0, 0.0));
        if matches!(down, Action::Move(_) | Action::Promote { .. }) {
            return down;
        }
        match self.pointer_up(Some(sq)) {
            Action::None | Action::Redraw => down,
            up => up,
        }
    }

    /// Moves the keyboard cursor by (dx, dy) in board coordinates (files, ranks). The cursor
    /// appears on the selected piece (or the middle of the board) first; a step into an Omega
    /// hole slides sideways onto the wizard square next to it. The hovered square follows the
    /// cursor, so the capture preview works from the keyboard too.
    pub fn move_cursor(&mut self, dx: i8, dy: i8) -> Action {
        let shape = self.snap.shape;
        let Some(cur) = self.cursor.or(self.selected) else {
            let mid = shape.square(shape.width() / 2 - 1, shape.height() / 2 - 1);
            self.cursor = mid;
            self.hover = mid;
            return Action::Redraw;
        };
        let (x, y) = shape.coords(cur);
        let (nx, ny) = (x + dx, y + dy);
        let next = shape.square(nx, ny).or_else(|| {
            // Sideways neighbours of a hole: only wizard squares can be there.
            let sides = if dx != 0 {
                [(nx, ny - 1), (nx, ny + 1)]
            } else {
                [(nx - 1, ny), (nx + 1, ny)]
            };
            sides.iter().find_map(|&(a, b)| shape.square(a, b))
        });
        match next {
            Some(n) => {
                self.cursor = Some(n);
                self.hover = Some(n);
                Action::Redraw
            }
            None => Action::None,
        }
    }

    /// The pointer left the board or the press was cancelled.
    pub fn pointer_cancel(&mut self) -> Action {
        let had = self.drag.take().is_some() || self.hover.is_some();
        self.hover = None;
        if had {
            Action::Redraw
        } else {
            Action::None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baroque_engine::{GameId, Position, RuleOptions};

    fn board(game: GameId, fen: Option<&str>) -> (BoardState, Shape) {
        let pos = match fen {
            Some(f) => Position::from_fen(game, f, RuleOptions::DEFAULT).unwrap(),
            None => Position::start(game),
        };
        let g = Game::new(pos);
        (
            BoardState::new(Snapshot::from_game(&g), Config::default()),
            game.shape(),
        )
    }

    fn sq(shape: Shape, n: &str) -> Square {
        shape.parse_square(n).unwrap()
    }

    #[test]
    fn earlier_positions_are_shown_read_only() {
        let mut g = Game::new(Position::start(GameId::Omega));
        g.play_text("e1e4").unwrap();
        g.play_text("e8e5").unwrap();
        let s = g.position().shape();
        let then = Snapshot::from_game_at(&g, 1);
        assert!(then.over && then.moves.is_empty());
        assert_eq!(then.side, Color::Black);
        assert_eq!(then.last.as_ref().map(|l| l.to), s.parse_square("e4"));
        assert!(then.piece(sq(s, "e8")).is_some());
        assert_eq!(Snapshot::from_game_at(&g, 0).last, None);
        assert_eq!(Snapshot::from_game_at(&g, 99), Snapshot::from_game(&g));
        assert!(!Snapshot::from_game(&g).over);
    }

    #[test]
    fn snapshot_copies_pieces_and_side() {
        let (b, s) = board(GameId::Ultima, None);
        assert_eq!(b.snap.pieces.len(), 64);
        assert_eq!(
            b.snap.piece(sq(s, "a1")),
            Some(Piece::new(Color::White, Role::Immobilizer))
        );
        assert_eq!(b.snap.side, Color::White);
        assert!(b.snap.last.is_none());
    }

    /// A hand-made snapshot so these tests do not wait for the game modules.
    fn hand_made() -> (BoardState, Shape) {
        let s = Shape::Eight;
        let mut snap = Snapshot::empty(s);
        snap.pieces[sq(s, "g4").index()] = Some(Piece::new(Color::White, Role::Pincer));
        snap.pieces[sq(s, "b4").index()] = Some(Piece::new(Color::White, Role::Pincer));
        snap.pieces[sq(s, "c4").index()] = Some(Piece::new(Color::Black, Role::Immobilizer));
        snap.pieces[sq(s, "d5").index()] = Some(Piece::new(Color::Black, Role::Pincer));
        let mv = |f: &str, t: &str, caps: &[&str], suicide: bool| BoardMove {
            text: format!("{f}{t}"),
            from: sq(s, f),
            to: sq(s, t),
            captures: caps.iter().map(|c| sq(s, c)).collect(),
            choice: None,
            suicide,
        };
        snap.moves = vec![
            mv("g4", "d4", &["c4", "d5"], false),
            mv("g4", "e4", &[], false),
            mv("b4", "b4", &["b4"], true),
        ];
        snap.frozen = [sq(s, "b4")].into_iter().collect();
        (BoardState::new(snap, Config::default()), s)
    }

    #[test]
    fn click_click_plays_and_hover_previews_captures() {
        let (mut b, s) = hand_made();
        assert_eq!(
            b.pointer_down(Some(sq(s, "g4")), (0.0, 0.0)),
            Action::Select(Some(sq(s, "g4")))
        );
        assert_eq!(b.pointer_up(Some(sq(s, "g4"))), Action::Redraw);
        assert_eq!(b.dests().count(), 2);
        b.pointer_move(Some(sq(s, "d4")), (10.0, 0.0));
        assert_eq!(
            b.preview(),
            [sq(s, "c4"), sq(s, "d5")]
                .into_iter()
                .collect::<SquareSet>()
        );
        b.pointer_move(Some(sq(s, "e4")), (10.0, 0.0));
        assert!(b.preview().is_empty());
        assert_eq!(
            b.pointer_down(Some(sq(s, "d4")), (0.0, 0.0)),
            Action::Move("g4d4".into())
        );
        assert_eq!(b.selected, None);
    }

    #[test]
    fn drag_and_drop_plays_and_illegal_drop_snaps_back() {
        let (mut b, s) = hand_made();
        b.pointer_down(Some(sq(s, "g4")), (0.0, 0.0));
        b.pointer_move(Some(sq(s, "a8")), (50.0, 50.0));
        assert!(b.drag.unwrap().started);
        assert_eq!(b.pointer_up(Some(sq(s, "a8"))), Action::Redraw);
        assert_eq!(b.selected, Some(sq(s, "g4")));
        assert!(b.drag.is_none());
        b.pointer_down(Some(sq(s, "g4")), (0.0, 0.0));
        b.pointer_move(Some(sq(s, "e4")), (50.0, 0.0));
        assert_eq!(b.pointer_up(Some(sq(s, "e4"))), Action::Move("g4e4".into()));
    }

    #[test]
    fn a_finger_drags_the_piece_above_itself() {
        let (mut b, s) = hand_made();
        let cell = 40.0;
        b.touch = true;
        b.pointer_down(Some(sq(s, "g4")), (100.0, 200.0));
        b.pointer_move(Some(sq(s, "g5")), (100.0, 170.0));
        let d = b.drag.unwrap();
        assert!(d.started && d.touch);
        let (x, y, side) = d.drawn_at(cell);
        assert!(
            y + side < 170.0,
            "the whole piece is above the finger: {y} + {side}"
        );
        assert!(
            (x + side / 2.0 - 100.0).abs() < 1e-9,
            "centred over the finger"
        );
        assert!(side > cell, "drawn larger than a square");
        b.pointer_up(Some(sq(s, "g4")));
        b.touch = false;
        b.pointer_down(Some(sq(s, "g4")), (100.0, 200.0));
        b.pointer_move(Some(sq(s, "g5")), (100.0, 170.0));
        let (x, y, side) = b.drag.unwrap().drawn_at(cell);
        assert!(
            y < 170.0 && y + side > 170.0 && x < 100.0,
            "a mouse holds it at its centre"
        );
    }

    #[test]
    fn clicking_a_selected_frozen_piece_again_is_its_suicide() {
        let (mut b, s) = hand_made();
        b.pointer_down(Some(sq(s, "b4")), (0.0, 0.0));
        b.pointer_up(Some(sq(s, "b4")));
        assert_eq!(b.selected, Some(sq(s, "b4")));
        assert!(b.dests().is_empty());
        b.pointer_down(Some(sq(s, "b4")), (0.0, 0.0));
        assert_eq!(b.pointer_up(Some(sq(s, "b4"))), Action::Move("b4b4".into()));
        // a piece without a suicide is just deselected by a second click
        b.pointer_down(Some(sq(s, "g4")), (0.0, 0.0));
        b.pointer_up(Some(sq(s, "g4")));
        b.pointer_down(Some(sq(s, "g4")), (0.0, 0.0));
        assert_eq!(b.pointer_up(Some(sq(s, "g4"))), Action::Select(None));
    }

    #[test]
    fn enemy_pieces_and_locked_sides_cannot_be_selected() {
        let (mut b, s) = hand_made();
        assert_eq!(b.pointer_down(Some(sq(s, "c4")), (0.0, 0.0)), Action::None);
        assert_eq!(b.selected, None);
        b.config.movable = super::super::config::Movable::Black;
        assert!(!b.can_select(sq(s, "g4")));
        b.config.movable = super::super::config::Movable::Both;
        b.snap.over = true;
        assert!(!b.can_select(sq(s, "g4")));
    }

    #[test]
    fn the_keyboard_cursor_selects_moves_and_previews() {
        let (mut b, s) = hand_made();
        b.cursor = Some(sq(s, "g3"));
        assert_eq!(b.move_cursor(0, 1), Action::Redraw);
        assert_eq!(b.cursor, Some(sq(s, "g4")));
        assert_eq!(b.click(sq(s, "g4")), Action::Select(Some(sq(s, "g4"))));
        for _ in 0..3 {
            b.move_cursor(-1, 0);
        }
        assert_eq!(b.cursor, Some(sq(s, "d4")));
        assert_eq!(b.preview().count(), 2);
        assert_eq!(b.click(sq(s, "d4")), Action::Move("g4d4".into()));
        // the edge stops the cursor
        b.cursor = Some(sq(s, "a1"));
        assert_eq!(b.move_cursor(-1, 0), Action::None);
        // a frozen piece: two clicks are its suicide
        b.click(sq(s, "b4"));
        assert_eq!(b.click(sq(s, "b4")), Action::Move("b4b4".into()));
    }

    #[test]
    fn the_cursor_reaches_omega_wizard_squares() {
        let s = Shape::Omega;
        let mut b = BoardState::new(Snapshot::empty(s), Config::default());
        b.cursor = Some(sq(s, "a0"));
        b.move_cursor(-1, 0);
        assert_eq!(b.cursor, Some(sq(s, "w1")));
        b.move_cursor(1, 0);
        assert_eq!(b.cursor, Some(sq(s, "a0")));
        b.cursor = None;
        b.move_cursor(1, 0);
        assert_eq!(b.cursor, Some(sq(s, "e4")));
    }

    #[test]
    fn promotion_choices_become_a_chooser() {
        let s = Shape::Ten;
        let mut snap = Snapshot::empty(s);
        snap.pieces[sq(s, "e7").index()] = Some(Piece::new(Color::White, Role::Pawn));
        for (c, r) in [
            ('r', Role::Rook),
            ('n', Role::Knight),
            ('b', Role::Bishop),
            ('z', Role::Cannon),
        ] {
            snap.moves.push(BoardMove {
                text: format!("e7e8{c}"),
                from: sq(s, "e7"),
                to: sq(s, "e8"),
                captures: SquareSet::EMPTY,
                choice: Some(r),
                suicide: false,
            });
        }
        let mut b = BoardState::new(snap, Config::default());
        b.pointer_down(Some(sq(s, "e7")), (0.0, 0.0));
        b.pointer_up(Some(sq(s, "e7")));
        match b.pointer_down(Some(sq(s, "e8")), (0.0, 0.0)) {
            Action::Promote { choices, .. } => {
                assert_eq!(choices.len(), 4);
                assert_eq!(choices[3], (Role::Cannon, "e7e8z".into()));
            }
            a => panic!("{a:?}"),
        }
    }
}
