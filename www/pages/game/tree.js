// The analysis move tree on the game page: the engine's tree (ctrl.tree, the bindings'
// WebTree) drawn into the move list, and going to a node, playing into the tree, promoting and
// deleting a variation through the controller (www/game/ctrl.js). Part of the game page
// (www/main.js boots it; the page's state is in state.js).
import { announce, showMoveError, showMoves } from '../../panel.js';
import { buildGame } from '../../engine/engine.js';
import { errorText, render, t } from '../../i18n.js';
import { $, canvas, ctrl, page, viewedPly } from './state.js';
import { startGame, update } from './play.js';
import { sound } from './results.js';
import { checkSettings, persist, startFromPgn } from './saved.js';
import { showErrors, urlFor } from './url.js';
import { backToGame, leaveHistory, viewPly } from './view.js';

/** @typedef {import('../../engine/types.js').TreeNode} TreeNode */

/** The game from its start through `moves` (null if the engine refuses them); the caller frees it. */
export function buildAt(/** @type {string[]} */ moves) {
  const built = buildGame({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves });
  return built.error ? null : built.game;
}

/** The usual glyph of NAGs 1–6 (`!`, `?`, `!!`, `??`, `!?`, `?!`), else `$n`. @param {number} nag */
export function nagText(nag) {
  return ['', '!', '?', '!!', '??', '!?', '?!'][nag] ?? ` $${nag}`;
}

/** @param {number[] | undefined} nags */
const glyph = (nags) => (nags ?? []).map(nagText).join('');

/** Shows the tree's variations in the move list (its main line is the game's moves). */
export function showTree() {
  if (!ctrl.tree) return;
  const whiteFirst = ctrl.game.startSide() === 'white';
  renderTree($('move-list'), ctrl.tree.value(true).line ?? [], whiteFirst);
  markCurrentNode();
}

/**
 * Puts the variations into the move list built by panel.js's showMoves: each main-line move gets
 * its node id (and NAG glyphs); after the row of each main-line move that has alternatives comes
 * a row per variation, its moves inline with nested variations in parentheses. Every variation
 * move is a button with `data-node`.
 * @param {HTMLElement} list
 * @param {TreeNode[]} line
 * @param {boolean} whiteFirst
 */
function renderTree(list, line, whiteFirst) {
  const rows = [...list.querySelectorAll('li')].filter((li) => li.querySelector('.ply[data-ply]'));
  /** @type {Map<string, HTMLElement>} */
  const plies = new Map();
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll('.ply[data-ply]'))) plies.set(el.dataset.ply, el);
  const last = new Map(); // row → the last element put after it
  line.forEach((n, i) => {
    const el = plies.get(String(i + 1));
    if (!el) return;
    el.dataset.node = String(n.id);
    if (n.nags?.length) el.dataset.nags = glyph(n.nags);
    const row = rows.find((li) => li.contains(el));
    // Each row's variations in the order of their moves: those of its White move first.
    for (const alt of n.variations ?? []) {
      const li = document.createElement('li');
      li.className = 'variation';
      renderLine(li, alt, i + 1, whiteFirst, 1);
      (last.get(row) ?? row).after(li);
      last.set(row, li);
    }
  });
}

/**
 * One line's moves into `box`, from ply `ply`, nested variations in parentheses.
 * @param {HTMLElement} box
 * @param {TreeNode[]} line
 * @param {number} ply
 * @param {boolean} whiteFirst
 * @param {number} depth
 */
function renderLine(box, line, ply, whiteFirst, depth) {
  let forced = true;
  for (const n of line) {
    const b = document.createElement('span');
    b.className = 'var-ply';
    b.tabIndex = 0;
    b.setAttribute('role', 'button');
    b.dataset.node = String(n.id);
    b.dataset.move = n.move;
    const white = (ply % 2 === 1) === whiteFirst;
    const number = Math.floor((ply + (whiteFirst ? 1 : 2)) / 2);
    const label = white ? `${number}.` : (forced ? `${number}...` : '');
    b.textContent = `${label ? `${label} ` : ''}${n.notation}${glyph(n.nags)}`;
    box.append(b, ' ');
    forced = false;
    for (const alt of n.variations ?? []) {
      const sub = document.createElement('span');
      sub.className = 'subvariation';
      sub.dataset.depth = String(depth);
      sub.append('(');
      renderLine(sub, alt, ply, whiteFirst, depth + 1);
      sub.lastChild?.remove?.();
      sub.append(')');
      box.append(sub, ' ');
      forced = true;
    }
    ply++;
  }
}

/** The tree node the board shows. */
export function currentNode() {
  return ctrl.shownNode();
}

/** Marks the node shown in the move list and sets what the tree buttons can do. */
export function markCurrentNode() {
  const current = String(ctrl.shownNode());
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#move-list [data-node]'))) el.classList.toggle('current', el.dataset.node === current);
  $('btn-tree-promote').disabled = !ctrl.inVariation();
  $('btn-tree-delete').disabled = !ctrl.inVariation();
  canvas.dataset.treeNodes = String(ctrl.tree?.size() ?? 0);
}

/** Plays a move in the tree from the node shown (a variation unless it is the line's own move). */
export function playInTree(text) {
  const from = ctrl.branch?.game.plyCount() ?? -1;
  const done = ctrl.moveInTree(text);
  if (done.refused) return t(done.refused.id, done.refused.args);
  if (done.error) return errorText(done.error);
  showNode(from);
  sound('move');
  persist();
  return null;
}

/** Shows tree node `id`: a move of the game (as a look back), or a variation's. */
export function goToNode(id) {
  const from = ctrl.branch?.game.plyCount() ?? viewedPly() ?? ctrl.game.plyCount();
  const ply = ctrl.tree?.mainPly(id) ?? -1;
  if (ply === ctrl.game.plyCount()) return backToGame();
  if (ply >= 0) return viewPly(ply);
  if (!ctrl.goToNode(id)) return;
  showNode(from);
}

/**
 * Draws the view the controller is in after a tree move or a node change (a variation's node,
 * else the past ply or the game).
 * @param {number} from the ply shown before (animates one step)
 */
function showNode(from) {
  const view = ctrl.view;
  if (view.kind === 'live') {
    // The game's own next move, played from its last position: the game as it stands.
    leaveHistory();
    page.board.showPly(ctrl.game, ctrl.game.plyCount(), true);
    return update();
  }
  if (view.kind === 'past') return viewPly(view.ply);
  const built = ctrl.branch.game;
  page.board.sync(built, Math.abs(from - built.plyCount()) === 1);
  const status = built.status();
  page.board.set({ movable: status.result === 'ongoing' ? 'both' : 'none' });
  const position = render(built.describe());
  canvas.setAttribute('aria-label', position);
  canvas.dataset.viewing = String(viewedPly());
  canvas.dataset.node = String(view.id);
  canvas.dataset.fen = built.fen();
  const last = built.history().at(-1);
  $('viewing-text').textContent = t('tree-viewing', { notation: last.notation, moves: built.plyCount() - viewedPly(), ply: viewedPly() });
  $('viewing').hidden = false;
  page.threats?.show(ctrl.game, false);
  page.analysis?.show({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves: built.moveTexts(), side: status.side, over: status.result !== 'ongoing' });
  renderMoveList();
  announce(t('say-viewing', { what: $('viewing-text').textContent, position }));
}

/** Rebuilds the move list: the game's moves, the tree's variations, the review's marks. */
export function renderMoveList() {
  showMoves(ctrl.game.history());
  showTree();
  page.review?.markMoves($('move-list'));
  page.hints?.markMoves($('move-list'));
}

/** Makes the variation shown the main line: the game's moves become that line's. */
export function promoteVariation() {
  if (!ctrl.inVariation()) return;
  const from = ctrl.branch?.game.plyCount() ?? -1;
  if (!ctrl.promote()) return;
  page.board.sync(ctrl.game, false);
  update(); // the game's new moves: the move list, the status, the saved game
  showNode(from);
  announce(t('say-tree-promoted'));
}

/** Deletes the variation shown from its move on, and shows the move before it. */
export function deleteVariation() {
  const from = ctrl.branch?.game.plyCount() ?? -1;
  if (!ctrl.deleteVariation()) return;
  persist();
  showNode(from);
  renderMoveList();
  announce(t('say-tree-deleted'));
}

/** Starts analysing the text of the analysis card's box: a PGN, else a FEN of this game. */
export function analyseText(text) {
  if (!text.trim()) return showMoveError(t('error-analyse-empty'));
  const s = { ...ctrl.settings, mode: 'hotseat', fen: '', moves: [], options: [...ctrl.settings.options] };
  // A FEN is one line of fields whose second is the side to move; anything else is a record.
  const fen = /^\S+\s+[wb](\s|$)/.test(text.trim()) && !text.trim().includes('\n');
  const problem = checkSettings(fen ? { ...s, fen: text.trim() } : { ...s, pgn: text });
  if (problem) return showErrors([{ id: 'error-analyse-text', args: { error: problem } }]);
  if (fen) {
    s.fen = text.trim();
    history.replaceState(null, '', urlFor(s));
    startGame(s);
  } else startFromPgn(text, s);
  page.analysis.setOn(true);
}

/** Opens the analysis on the game shown (the game-over dialog's and the Games list's Analyse). */
export function analyseGame() {
  if (!page.analysis.on) page.analysis.setOn(true);
  update();
  $('analysis-card').scrollIntoView?.({ block: 'nearest' });
}
