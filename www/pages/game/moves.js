// This screen's moves, undo and redo: each calls the controller (www/game/ctrl.js) and nothing
// else; the page follows from the controller's change (render.js draws, effects.js says). The
// computer's moves come through the controller's loop (www/game/sources/computer.js). Part of
// the game page (www/pages/game/main.js boots it; the page's state is in state.js).
import { errorText, t } from '../../services/i18n.js';
import { ctrl, page, viewedPly } from './state.js';
import { playInTree } from './tree.js';

/**
 * Plays move text from this screen (the board, the move box, the chooser); returns why it was
 * refused, in words, or null. Looking back with the analysis on (or in a variation), the move
 * goes into the move tree.
 * @param {string} text
 */
export function play(text) {
  if (ctrl.game && (ctrl.branch || (viewedPly() !== null && page.analysis?.on))) return playInTree(text);
  const r = ctrl.move(text);
  if (r.refused) return t(r.refused.id, r.refused.args);
  if (r.error) return errorText(r.error);
  return null;
}

/** Takes back the last move (against the computer, back to the player's turn) or the page's ending. */
export function undo() {
  if (ctrl.game) ctrl.undo();
}

/** Plays the moves undone last, back to the player's turn against the computer. */
export function redo() {
  if (ctrl.game && ctrl.canRedo()) ctrl.redo();
}

/**
 * The levels that ponder: those that think for a time at full strength (a movetime and no
 * depth or node cap; levels 6 to 8 today), where thinking on the player's time pays.
 */
export function ponderLevels() {
  return page.levelList.filter((l) => l.movetime && !l.depth && !l.nodes).map((l) => l.level);
}
