// The controller following another party (www/game/ctrl.js calls it with itself): the game
// server's moves, ending and clock taken over.
import { errorOf } from '../engine/errors.js';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../engine/types.js').MoveInfo} MoveInfo */
/** @typedef {import('../engine/types.js').EngineError} EngineError */
/** @typedef {import('./types.js').RemoteState} RemoteState */

/**
 * Brings the game to `state` as the other party (the server) has it: the moves beyond the
 * common start are taken back, the missing ones played (`by: 'network'`, sources not told),
 * the ending and the clock taken over. Announced as `sync` with the moves played and undone.
 * Returns the same, or the engine's error for a move it refuses (the game then stops there).
 * @param {GameCtrl} ctrl
 * @param {RemoteState} state
 * @returns {{ played: MoveInfo[], undone: string[], error?: EngineError }}
 */
export function follow(ctrl, state) {
  const game = ctrl.game;
  const have = game.moveTexts();
  let common = 0;
  while (common < have.length && common < state.moves.length && have[common] === state.moves[common]) common++;
  const undone = [];
  while (game.plyCount() > common) undone.push(game.undo());
  /** @type {MoveInfo[]} */
  const played = [];
  /** @type {EngineError | undefined} */
  let error;
  for (const m of state.moves.slice(common)) {
    try {
      played.push(game.play(m));
    } catch (e) {
      error = errorOf(e);
      break;
    }
  }
  const record = ctrl.record;
  if (played.length || undone.length) record.redo = [];
  record.ended = state.ended ? { ...state.ended } : null;
  if (state.clock && record.clock) {
    Object.assign(record.clock, { white: state.clock.white, black: state.clock.black, running: state.clock.running, since: state.clock.at });
  }
  ctrl.drawOffer = null;
  if (played.length || undone.length) ctrl.view = { kind: 'live' };
  ctrl.emit('sync', { played, undone });
  return error ? { played, undone, error } : { played, undone };
}

