//! A game tree: the moves of a game with its variations, and what is written about each move
//! (NAGs and comments), as a PGN record holds them (docs/pgn.md, "Variations, comments and
//! NAGs").
//!
//! The tree starts at a position; every node is a legal move played from its parent's position
//! (the start for the nodes at the top). A node's first child continues its line; the others
//! are variations, alternatives to that first child. The main line is the chain of first
//! children from the top.
//!
//! ```
//! use baroque_engine::pgn::{self, Annotation, GameTree};
//! use baroque_engine::{GameId, Position};
//! let mut tree = GameTree::new(Position::start(GameId::Ultima));
//! let e5 = tree.play_text(None, "e2e5").unwrap();
//! let d4 = tree.play_text(Some(e5), "d7d4").unwrap();
//! let d5 = tree.play_text(Some(e5), "d7d5").unwrap(); // a variation to d4
//! tree.annotation_mut(d5).nags.push(2);
//! tree.annotation_mut(d5).comment = "too hasty".into();
//! assert_eq!(tree.main_line(), [e5, d4]);
//! let text = pgn::write_tree(&tree, &[], None);
//! assert!(text.contains("1. Pe2-e5 Pd7-d4 (1... Pd7-d5 $2 {too hasty}) *"), "{text}");
//! let back = pgn::read(&text, GameId::Ultima).unwrap();
//! assert_eq!(back[0].tree, tree);
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use crate::game::Game;
use crate::moves::Move;
use crate::position::{MoveError, Position};

/// A node of a [`GameTree`]: an index that stays valid while the tree lives (a removed node's
/// id is never given out again, and no longer found among the children).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

impl NodeId {
    /// The node's index in the tree's table (the order nodes were added, from 0).
    pub fn index(self) -> usize {
        self.0
    }
}

/// What a record says about a move: its NAGs (`$1` "good move" … `$255`; `!`, `?`, `!!`, `??`,
/// `!?`, `?!` are read as `$1`–`$6`), the comment after it, and the comment before it (written
/// where a line starts: `( {comment} 4... Pb7-b5 )`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    /// The NAGs, in the order written.
    pub nags: Vec<u8>,
    /// The comment after the move (whitespace runs are one space; empty for none).
    pub comment: String,
    /// The comment before the move (empty for none).
    pub before: String,
}

impl Annotation {
    /// Whether the annotation says nothing.
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comment.is_empty() && self.before.is_empty()
    }
}

/// A move of a [`GameTree`].
#[derive(Clone, Debug)]
pub struct Node {
    parent: Option<NodeId>,
    mv: Move,
    after: Position,
    children: Vec<NodeId>,
    /// Its NAGs and comments.
    pub annotation: Annotation,
}

impl Node {
    /// The move.
    pub fn mv(&self) -> &Move {
        &self.mv
    }

    /// The position after the move.
    pub fn position(&self) -> &Position {
        &self.after
    }

    /// The node the move was played after (`None` for a move of the start position).
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The moves played after it: the first continues the line, the others are variations.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }
}

/// A game with its variations and annotations (see the module's documentation).
#[derive(Clone, Debug)]
pub struct GameTree {
    start: Position,
    nodes: Vec<Node>,
    top: Vec<NodeId>,
    /// The comment before the first move (the game's comment; empty for none).
    pub comment: String,
}

impl GameTree {
    /// A tree with no moves from `start`.
    pub fn new(start: Position) -> GameTree {
        GameTree {
            start,
            nodes: Vec::new(),
            top: Vec::new(),
            comment: String::new(),
        }
    }

    /// The tree whose main line is `game`'s moves, without variations or annotations.
    pub fn from_game(game: &Game) -> GameTree {
        let mut tree = GameTree::new(*game.start());
        let mut at = None;
        for m in game.moves() {
            at = Some(tree.play(at, m));
        }
        tree
    }

    /// The first position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Node `id`.
    ///
    /// # Panics
    /// If `id` is not a node of this tree.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    /// The annotation of node `id`, to change.
    pub fn annotation_mut(&mut self, id: NodeId) -> &mut Annotation {
        &mut self.nodes[id.0].annotation
    }

    /// The moves played after `at` (`None`: the start position), the line's own first.
    pub fn children(&self, at: Option<NodeId>) -> &[NodeId] {
        match at {
            Some(id) => &self.nodes[id.0].children,
            None => &self.top,
        }
    }

    /// The position after `at` (`None`: the start position).
    pub fn position(&self, at: Option<NodeId>) -> &Position {
        match at {
            Some(id) => &self.nodes[id.0].after,
            None => &self.start,
        }
    }

    /// Plays the legal move `m` after `at`: the node of that move if it is there already, else
    /// a new one, which continues the line if `at` has no move after it and is a variation
    /// otherwise.
    pub fn play(&mut self, at: Option<NodeId>, m: &Move) -> NodeId {
        if let Some(&have) = self.children(at).iter().find(|c| self.nodes[c.0].mv == *m) {
            return have;
        }
        let after = self.position(at).play(m);
        let id = NodeId(self.nodes.len());
        self.nodes.push(Node {
            parent: at,
            mv: *m,
            after,
            children: Vec::new(),
            annotation: Annotation::default(),
        });
        match at {
            Some(p) => self.nodes[p.0].children.push(id),
            None => self.top.push(id),
        }
        id
    }

    /// Parses move text or display notation in the position after `at` and plays it there
    /// (see [`GameTree::play`]).
    pub fn play_text(&mut self, at: Option<NodeId>, text: &str) -> Result<NodeId, MoveError> {
        let m = self.position(at).parse_move(text)?;
        Ok(self.play(at, &m))
    }

    /// The main line: from the top, each node's first child.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut next = self.top.first().copied();
        while let Some(id) = next {
            line.push(id);
            next = self.nodes[id.0].children.first().copied();
        }
        line
    }

    /// The nodes from the top down to `id` (`id` last).
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = Some(id);
        while let Some(n) = at {
            path.push(n);
            at = self.nodes[n.0].parent;
        }
        path.reverse();
        path
    }

    /// The game that reaches `at`: the start and the moves down to it (`None`: no moves), made
    /// from the positions the nodes keep (no move is played again).
    pub fn game_at(&self, at: Option<NodeId>) -> Game {
        let mut game = Game::new(self.start);
        for id in at.map(|id| self.path(id)).unwrap_or_default() {
            let node = &self.nodes[id.0];
            game.push_played(&node.mv, node.after);
        }
        game
    }

    /// The node of index `index` ([`NodeId::index`]) if it is in the tree (not removed, nor
    /// under a removed node): how an id that went out as a number comes back checked.
    pub fn node_id(&self, index: usize) -> Option<NodeId> {
        if index >= self.nodes.len() {
            return None;
        }
        let mut at = NodeId(index);
        loop {
            let parent = self.nodes[at.0].parent;
            if !self.children(parent).contains(&at) {
                return None;
            }
            match parent {
                Some(p) => at = p,
                None => return Some(NodeId(index)),
            }
        }
    }

    /// Makes `moves` (legal from the start, in order) the main line: each becomes its parent's
    /// first child (a node already there moves up, the line it displaced staying as a
    /// variation), and what followed the last of them goes (the tree of a game whose moves were
    /// taken back). A loop, not recursion: a line may run thousands of moves deep.
    pub fn set_main_line(&mut self, moves: &[Move]) {
        let mut at = None;
        for m in moves {
            let id = self.play(at, m);
            let siblings = self.siblings_mut(id);
            if let Some(i) = siblings.iter().position(|s| *s == id) {
                siblings[..=i].rotate_right(1);
            }
            at = Some(id);
        }
        match at {
            Some(p) => self.nodes[p.0].children.clear(),
            None => self.top.clear(),
        }
    }

    /// The game of the main line.
    pub fn main_game(&self) -> Game {
        self.game_at(self.main_line().last().copied())
    }

    /// Whether `id` is on the main line.
    pub fn is_main_line(&self, id: NodeId) -> bool {
        self.path(id)
            .iter()
            .all(|n| self.children(self.nodes[n.0].parent).first() == Some(n))
    }

    /// Moves the variation that holds `id` one step up: the nearest node from `id` up that is
    /// not its parent's first child takes the place of the one before it. Returns whether
    /// anything moved (not on the main line).
    pub fn promote(&mut self, id: NodeId) -> bool {
        let Some(n) = self
            .path(id)
            .into_iter()
            .rev()
            .find(|n| self.children(self.nodes[n.0].parent).first() != Some(n))
        else {
            return false;
        };
        let siblings = self.siblings_mut(n);
        let i = siblings.iter().position(|s| *s == n).unwrap_or(0);
        siblings.swap(i, i - 1);
        true
    }

    /// Promotes `id`'s line until it is the main line: each node from the top down to `id`
    /// becomes its parent's first child, the ones before it moving one place down (what
    /// promoting it again and again does, in one pass: time linear in the depth).
    pub fn make_main_line(&mut self, id: NodeId) {
        for n in self.path(id) {
            let siblings = self.siblings_mut(n);
            if let Some(i) = siblings.iter().position(|s| *s == n) {
                siblings[..=i].rotate_right(1);
            }
        }
    }

    /// Removes `id` and every move after it.
    pub fn remove(&mut self, id: NodeId) {
        self.siblings_mut(id).retain(|s| *s != id);
    }

    fn siblings_mut(&mut self, id: NodeId) -> &mut Vec<NodeId> {
        match self.nodes[id.0].parent {
            Some(p) => &mut self.nodes[p.0].children,
            None => &mut self.top,
        }
    }

    /// How many moves the tree holds (removed ones not counted).
    pub fn len(&self) -> usize {
        let mut count = 0;
        let mut stack: Vec<NodeId> = self.top.clone();
        while let Some(id) = stack.pop() {
            count += 1;
            stack.extend_from_slice(&self.nodes[id.0].children);
        }
        count
    }

    /// Whether the tree has no moves.
    pub fn is_empty(&self) -> bool {
        self.top.is_empty()
    }
}

/// Two trees are equal when they start from the same position, have the same comment, and have
/// the same moves in the same order with the same annotations (node ids do not count).
impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        if self.start != other.start || self.comment != other.comment {
            return false;
        }
        let mut stack: Vec<(Option<NodeId>, Option<NodeId>)> = alloc::vec![(None, None)];
        while let Some((a, b)) = stack.pop() {
            let (ca, cb) = (self.children(a), other.children(b));
            if ca.len() != cb.len() {
                return false;
            }
            for (x, y) in ca.iter().zip(cb) {
                let (nx, ny) = (self.node(*x), other.node(*y));
                if nx.mv != ny.mv || nx.annotation != ny.annotation {
                    return false;
                }
                stack.push((Some(*x), Some(*y)));
            }
        }
        true
    }
}

impl Eq for GameTree {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameId;

    fn tree() -> (GameTree, [NodeId; 4]) {
        let mut t = GameTree::new(Position::start(GameId::Ultima));
        let a = t.play_text(None, "e2e5").unwrap();
        let b = t.play_text(Some(a), "d7d4").unwrap();
        let c = t.play_text(Some(a), "d7d5").unwrap();
        let d = t.play_text(Some(c), "f2f5").unwrap();
        (t, [a, b, c, d])
    }

    #[test]
    fn a_move_played_twice_is_one_node_and_a_new_one_is_a_variation() {
        let (mut t, [a, b, c, d]) = tree();
        assert_eq!(t.play_text(Some(a), "d7d5").unwrap(), c);
        assert_eq!(t.children(Some(a)), [b, c]);
        assert_eq!(t.main_line(), [a, b]);
        assert_eq!(t.path(d), [a, c, d]);
        assert_eq!(t.len(), 4);
        assert!(t.is_main_line(b) && !t.is_main_line(d));
        assert_eq!(t.game_at(Some(d)).moves().len(), 3);
        assert_eq!(t.main_game().moves().len(), 2);
        assert!(
            t.play_text(Some(a), "e2e5").is_err(),
            "White does not move twice"
        );
    }

    #[test]
    fn promote_and_remove_change_the_lines() {
        let (mut t, [a, b, c, d]) = tree();
        assert!(!t.promote(b), "the main line stays");
        assert!(t.promote(d));
        assert_eq!(t.main_line(), [a, c, d]);
        assert_eq!(t.children(Some(a)), [c, b]);
        t.remove(c);
        assert_eq!(t.main_line(), [a, b]);
        assert_eq!(t.len(), 2);
        let (mut u, [_, _, c2, d2]) = tree();
        u.make_main_line(d2);
        assert!(u.is_main_line(c2) && u.is_main_line(d2));
    }

    #[test]
    fn the_main_line_follows_a_game_and_ids_come_back_checked() {
        let (mut t, [a, b, c, d]) = tree();
        let line: Vec<Move> = [a, c].iter().map(|n| *t.node(*n).mv()).collect();
        t.set_main_line(&line);
        assert_eq!(t.main_line(), [a, c], "d, after the game's last move, went");
        assert_eq!(
            t.children(Some(a)),
            [c, b],
            "the old line stays a variation"
        );
        assert_eq!(t.node_id(d.index()), None);
        assert_eq!(t.node_id(b.index()), Some(b));
        assert_eq!(t.node_id(99), None);
        let game = t.game_at(Some(c));
        assert_eq!(game.positions().len(), 3);
        assert_eq!(game.position(), t.position(Some(c)));
        t.set_main_line(&[]);
        assert!(t.is_empty());
        // A line 30,000 moves deep: set, then cut, without recursion.
        let mut deep = GameTree::new(Position::start(GameId::Ultima));
        let mut at = None;
        for i in 0..30_000 {
            at = Some(
                deep.play_text(at, ["a2a3", "h7h6", "a3a2", "h6h7"][i % 4])
                    .unwrap(),
            );
        }
        let first = *deep.node(deep.main_line()[0]).mv();
        deep.set_main_line(&[first]);
        assert_eq!(deep.main_line().len(), 1);
    }

    #[test]
    fn equality_ignores_ids_and_sees_annotations() {
        let (mut t, [a, ..]) = tree();
        let (u, _) = tree();
        assert_eq!(t, u);
        t.annotation_mut(a).nags.push(1);
        assert_ne!(t, u);
        let (mut v, [_, b, ..]) = tree();
        v.remove(b);
        assert_ne!(v, u);
    }
}
