// The analysis move tree's actions on the game page: going to a node, playing into the tree,
// promoting and deleting a variation — each through the controller (www/game/ctrl.js and
// www/game/navigation.js; the tree is the engine's, the bindings' WebTree); the move list that shows
// it is movelist.js's. Also analysing a text (a PGN or a FEN) and the game shown. Part of the
// game page (www/pages/game/main.js boots it; the page's state is in state.js).
import { showMoveError } from '../../views/panel.js';
import { errorText, t } from '../../services/i18n.js';
import { $, ctrl, page } from './state.js';
import { startGame } from './start.js';
import { checkSettings, startFromPgn } from './saved.js';
import { showErrors, urlFor } from './url.js';
import { redraw } from './render.js';

/**
 * Plays a move in the tree from the node shown (a variation unless it is the line's own move);
 * returns why it was refused, in words, or null.
 * @param {string} text
 */
export function playInTree(text) {
  const done = ctrl.moveInTree(text);
  if (done.refused) return t(done.refused.id, done.refused.args);
  if (done.error) return errorText(done.error);
  return null;
}

/**
 * Shows tree node `id`: a move of the game (as a look back; the game's last: the game itself),
 * or a variation's.
 * @param {number} id
 */
export function goToNode(id) {
  const ply = ctrl.tree?.mainPly(id) ?? -1;
  if (ply === ctrl.game.plyCount()) return ctrl.goLive();
  if (ply >= 0) return viewPly(ply);
  ctrl.goToNode(id);
}

/**
 * Shows the position after `ply` moves, read-only (with the analysis on, a game to move in:
 * moves from there go into the tree); the current ply returns to the game.
 * @param {number} ply
 */
export function viewPly(ply) {
  if (!ctrl.game) return;
  ctrl.goToPly(ply, { branch: Boolean(page.analysis?.on) });
}

/** Makes the variation shown the main line: the game's moves become that line's. */
export function promoteVariation() {
  if (ctrl.inVariation()) ctrl.promote();
}

/** Deletes the variation shown from its move on, and shows the move before it. */
export function deleteVariation() {
  ctrl.deleteVariation();
}

/** Starts analysing the text of the analysis card's box: a PGN, else a FEN of this game. @param {string} text */
export function analyseText(text) {
  if (!text.trim()) return showMoveError(t('error-analyse-empty'));
  const s = { ...ctrl.settings, mode: 'hotseat', fen: '', moves: /** @type {string[]} */ ([]), options: [...ctrl.settings.options] };
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
  redraw();
  $('analysis-card').scrollIntoView?.({ block: 'nearest' });
}
