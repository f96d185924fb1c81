// The controller's endings (www/game/ctrl.js calls these with itself): the page's own decisions
// — a resignation, a draw agreed in a hot-seat game, the flag (decided by the engine's rule) —
// and an ending a record brings. An online game's endings are the server's (www/game/remote.js).
import { fallenFlag, pauseClock } from './clock.js';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../engine/types.js').Side} Side */
/** @param {Side} side @returns {Side} */
const other = (side) => (side === 'white' ? 'black' : 'white');

/**
 * Ends the game by the page's decision.
 * @param {GameCtrl} ctrl
 * @param {'white' | 'black' | 'draw'} result
 * @param {string} reason `resign`, `agreement` or `time`
 */
export function endGame(ctrl, result, reason) {
  ctrl.quiet();
  ctrl.drawOffer = null;
  ctrl.record.ended = { result, reason };
  pauseClock(ctrl.record.clock, ctrl.now());
  ctrl.emit('end', { result, reason });
}

/**
 * Takes over an ending a record says (a PGN's resignation, agreement or time) without
 * announcing an ending of this session (`ending`, not `end`).
 * @param {GameCtrl} ctrl
 * @param {{ result: 'white' | 'black' | 'draw', reason: string }} ended
 */
export function restoreEnding(ctrl, ended) {
  ctrl.quiet();
  ctrl.record.ended = ended;
  pauseClock(ctrl.record.clock, ctrl.now());
  ctrl.emit('ending', ended);
}

/** The side to move resigns (against the computer: the player). @param {GameCtrl} ctrl */
export function resign(ctrl) {
  if (!ctrl.game || ctrl.over()) return false;
  const loser = ctrl.settings.mode === 'computer' ? ctrl.settings.side : ctrl.game.sideToMove();
  endGame(ctrl, other(loser), 'resign');
  return true;
}

/** In a hot-seat game, the side to move offers a draw; the other side answers it. @param {GameCtrl} ctrl */
export function offerDraw(ctrl) {
  if (!ctrl.game || ctrl.settings.mode === 'computer' || ctrl.over() || ctrl.drawOffer) return false;
  ctrl.drawOffer = ctrl.game.sideToMove();
  ctrl.emit('draw-offer', { side: ctrl.drawOffer });
  return true;
}

/** @param {GameCtrl} ctrl @param {boolean} accept */
export function answerDraw(ctrl, accept) {
  if (ctrl.drawOffer === null) return;
  if (accept) return endGame(ctrl, 'draw', 'agreement');
  ctrl.drawOffer = null;
  ctrl.emit('draw-declined');
}

/**
 * Checks the clock: a flag that falls ends the game by the engine's rule (lost on time, or
 * drawn when the other side cannot win by any series of legal moves: `Game::flag_fall`).
 * Returns the side whose flag fell, or null.
 * @param {GameCtrl} ctrl
 * @returns {Side | null}
 */
export function tick(ctrl) {
  if (!ctrl.game || ctrl.over() || ctrl.remote()) return null;
  const flagged = fallenFlag(ctrl.record?.clock ?? null, ctrl.now());
  if (!flagged) return null;
  const { result } = ctrl.game.status(flagged);
  if (result === 'ongoing') return null;
  endGame(ctrl, result, 'time');
  return flagged;
}
