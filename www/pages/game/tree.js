// The analysis move tree on the game page: playing into it, going to a node, promoting and
// deleting variations. Part of the game page (www/main.js boots it; the page's state is in
// state.js).
import { announce, showMoveError, showMoves } from '../../panel.js';
import { errorText, render, t } from '../../i18n.js';
import { buildGame, errorOf } from '../../engine/engine.js';
import { $, canvas, ctrl, page, viewedPly } from './state.js';
import { redo, stopThinking } from './moves.js';
import { startGame, update } from './play.js';
import { sound } from './results.js';
import { checkSettings, persist, startFromPgn } from './saved.js';
import { showErrors, urlFor } from './url.js';
import { backToGame, leaveHistory, viewPly } from './view.js';

/** A game of this game's start and rules with `moves` played (the caller frees it), or null. */
export function buildAt(moves) {
  const built = buildGame({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves });
  return built.error ? null : built.game;
}

/** Brings the tree's main line to the game's moves and shows the variations in the move list. */
export function showTree() {
  page.tree.sync(ctrl.game.history());
  const whiteFirst = ctrl.game.startSide() === 'white';
  page.tree.renderInto($('move-list'), { current: currentNode(), whiteFirst });
  markCurrentNode();
}

/** The tree node the board shows. */
export function currentNode() {
  return page.branch ? page.branch.id : page.tree.mainNode(viewedPly() ?? ctrl.game.plyCount());
}

/** Marks the node shown in the move list and sets what the tree buttons can do. */
export function markCurrentNode() {
  const current = currentNode();
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#move-list [data-node]'))) el.classList.toggle('current', el.dataset.node === String(current));
  const inVariation = page.branch !== null && page.tree.mainPly(page.branch.id) < 0;
  $('btn-tree-promote').disabled = !inVariation;
  $('btn-tree-delete').disabled = !inVariation;
  canvas.dataset.treeNodes = String(page.tree.nodes.size - 1);
}

/** Plays a move in the tree from the node shown (a variation unless it is the line's own move). */
export function playInTree(text) {
  const at = currentNode();
  const g = buildAt(page.tree.path(at));
  if (!g) return t('error-not-ready');
  let last;
  try {
    g.play(text);
    last = g.history().at(-1);
  } catch (e) {
    return errorText(errorOf(e));
  } finally {
    g.free();
  }
  goToNode(page.tree.add(at, last.move, last.notation));
  sound('move');
  persist();
  return null;
}

/** Shows tree node `id`: a move of the game (as a look back), or a variation's. */
export function goToNode(id) {
  if (!page.tree.node(id)) return;
  const ply = page.tree.mainPly(id);
  if (ply === ctrl.game.plyCount()) return backToGame();
  if (ply >= 0) return viewPly(ply);
  const moves = page.tree.path(id);
  const built = buildAt(moves);
  if (!built) return;
  let base = id;
  while (page.tree.mainPly(base) < 0) base = page.tree.node(base).parent;
  const from = page.branch?.game.plyCount() ?? -1;
  leaveHistory();
  ctrl.view = { kind: 'node', id, ply: page.tree.mainPly(base) };
  page.branch = { id, game: built };
  page.board.sync(built, Math.abs(from - built.plyCount()) === 1);
  const status = built.status();
  page.board.set({ movable: status.result === 'ongoing' ? 'both' : 'none' });
  const position = render(built.describe());
  canvas.setAttribute('aria-label', position);
  canvas.dataset.viewing = String(viewedPly());
  canvas.dataset.node = String(id);
  canvas.dataset.fen = built.fen();
  const last = built.history().at(-1);
  $('viewing-text').textContent = t('tree-viewing', { notation: last.notation, moves: moves.length - viewedPly(), ply: viewedPly() });
  $('viewing').hidden = false;
  page.threats?.show(ctrl.game, false);
  page.analysis?.show({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves, side: status.side, over: status.result !== 'ongoing' });
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
  if (!page.branch || page.tree.mainPly(page.branch.id) >= 0) return;
  const id = page.branch.id;
  const built = buildAt(page.tree.promote(id));
  if (!built) return;
  stopThinking();
  leaveHistory();
  ctrl.start(built, ctrl.settings, { ...ctrl.record, redo: [] });
  page.board.sync(ctrl.game, false);
  update();
  goToNode(id);
  announce(t('say-tree-promoted'));
}

/** Deletes the variation shown from its move on, and shows the move before it. */
export function deleteVariation() {
  if (!page.branch || page.tree.mainPly(page.branch.id) >= 0) return;
  const parent = page.tree.remove(page.branch.id);
  persist();
  goToNode(parent ?? 0);
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
