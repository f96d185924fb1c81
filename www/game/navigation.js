// The controller's view and move tree (www/game/ctrl.js calls these with itself): which ply or
// tree node the board shows, going there without replaying the game (the engine's tree keeps
// each node's position), playing into the tree, promoting and deleting a variation.
import { errorOf } from '../engine/errors.js';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../engine/engine.js').Game} Game */
/** @typedef {import('../engine/types.js').EngineError} EngineError */
/** @typedef {import('./types.js').Message} Message */

/** The ply shown: the past ply looked at, or the game's. @param {GameCtrl} ctrl */
export function shownPly(ctrl) {
  return ctrl.view.kind === 'live' ? ctrl.game.plyCount() : ctrl.view.ply;
}

/**
 * Shows the position after `ply` moves (clamped); the game's own ply is the live view. With
 * `branch` (the tree is on) the past position gets a game to move in (`ctrl.branch`), whose
 * moves go into the tree. Returns the view's previous ply.
 * @param {GameCtrl} ctrl
 * @param {number} ply
 * @param {{ branch?: boolean }} [opts]
 */
export function goToPly(ctrl, ply, { branch = false } = {}) {
  const from = ctrl.shownPly();
  const last = ctrl.game.plyCount();
  ply = Math.max(0, Math.min(ply, last));
  ctrl.view = ply === last ? { kind: 'live' } : { kind: 'past', ply };
  ctrl.dropBranch();
  if (branch && ply !== last && ctrl.tree) takeBranch(ctrl, ply === 0 ? 0 : ctrl.tree.mainLine()[ply - 1]);
  ctrl.emit('view', { from });
  return from;
}

/**
 * Shows node `id` of the move tree (0: the start): a main-line node as that past ply (with a
 * game to move in), a variation's as the node view. Returns whether there is such a node.
 * @param {GameCtrl} ctrl
 * @param {number} id
 */
export function goToNode(ctrl, id) {
  if (!ctrl.tree) return false;
  const ply = ctrl.tree.mainPly(id);
  if (ply >= 0) {
    ctrl.goToPly(ply, { branch: true });
    return true;
  }
  let node = ctrl.tree.node(id);
  if (!node) return false;
  const from = ctrl.shownPly();
  while (!node.main && node.parent !== 0) node = ctrl.tree.node(node.parent);
  ctrl.dropBranch();
  takeBranch(ctrl, id);
  ctrl.view = { kind: 'node', id, ply: node.main ? node.ply : 0 };
  ctrl.emit('view', { from });
  return true;
}

/**
 * Shows where analysis line `line` (move texts) leads from the game's position, read-only; the
 * game is unchanged. Returns whether the engine takes the line's moves.
 * @param {GameCtrl} ctrl
 * @param {string[]} line
 */
export function showLine(ctrl, line) {
  const from = ctrl.shownPly();
  const ply = ctrl.game.plyCount();
  ctrl.dropBranch();
  ctrl.view = { kind: 'line', ply, line: [...line] };
  ctrl.emit('view', { from });
  return true;
}

/** Back to the game as it stands. @param {GameCtrl} ctrl */
export function goLive(ctrl) {
  if (ctrl.view.kind === 'live') return;
  const from = ctrl.shownPly();
  ctrl.view = { kind: 'live' };
  ctrl.dropBranch();
  ctrl.emit('view', { from });
}

/** The tree node shown: the variation's, the past ply's, or the game's last move's (0: the start). @param {GameCtrl} ctrl */
export function shownNode(ctrl) {
  if (ctrl.view.kind === 'node') return ctrl.view.id;
  const ply = ctrl.shownPly();
  return ply === 0 || !ctrl.tree ? 0 : ctrl.tree.mainLine()[ply - 1];
}

/** Whether the node shown is in a variation (promote and delete apply). @param {GameCtrl} ctrl */
export function inVariation(ctrl) {
  return ctrl.view.kind === 'node' && ctrl.tree?.mainPly(ctrl.view.id) === -1;
}

/**
 * Plays `text` into the tree after the node shown: a variation, unless it is the line's own
 * move (the game's next move from its last position is the live game again). Returns the
 * node, or why it was refused.
 * @param {GameCtrl} ctrl
 * @param {string} text
 * @returns {{ node: number, error?: undefined, refused?: undefined } | { error: EngineError, node?: undefined, refused?: undefined } | { refused: Message, node?: undefined, error?: undefined }}
 */
export function moveInTree(ctrl, text) {
  if (!ctrl.tree) return { refused: { id: 'error-not-ready' } };
  let node;
  try {
    node = ctrl.tree.play(ctrl.shownNode(), text);
  } catch (e) {
    return { error: errorOf(e) };
  }
  ctrl.goToNode(node);
  ctrl.emit('tree-move', { node });
  return { node };
}

/**
 * Makes the variation shown the main line: the game's moves become that line's (the moves
 * undone for Redo are forgotten). Returns whether it did.
 * @param {GameCtrl} ctrl
 */
export function promote(ctrl) {
  if (!ctrl.inVariation()) return false;
  ctrl.quiet();
  const id = /** @type {{ id: number }} */ (ctrl.view).id;
  ctrl.tree.makeMain(id);
  const line = ctrl.tree.mainLine();
  const game = /** @type {Game} */ (/** @type {unknown} */ (ctrl.tree.gameAt(line.at(-1) ?? 0)));
  ctrl.dropBranch();
  ctrl.game.free();
  ctrl.game = game;
  ctrl.record.redo = [];
  ctrl.drawOffer = null;
  ctrl.view = { kind: 'live' };
  ctrl.goToNode(id);
  ctrl.emit('promote', { node: id });
  ctrl.askSoon();
  return true;
}

/** Deletes the variation shown from its move on and shows the move before it. Returns whether it did. @param {GameCtrl} ctrl */
export function deleteVariation(ctrl) {
  if (!ctrl.inVariation()) return false;
  const id = /** @type {{ id: number }} */ (ctrl.view).id;
  const parent = ctrl.tree.remove(id);
  ctrl.goToNode(parent ?? 0);
  ctrl.emit('delete', { node: id, parent });
  return true;
}

/** @param {number} id @param {GameCtrl} ctrl */
export function takeBranch(ctrl, id) {
  ctrl.branch = { id, game: /** @type {Game} */ (/** @type {unknown} */ (ctrl.tree.gameAt(id))) };
}

/** Frees the game at the tree node shown. @param {GameCtrl} ctrl */
export function dropBranch(ctrl) {
  ctrl.branch?.game.free();
  ctrl.branch = null;
}

