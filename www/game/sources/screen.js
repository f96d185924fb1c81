// This screen as a source of moves (www/game/ctrl.js MoveSource): the board, the move box and
// the keyboard play for the side whose source this is. It needs nothing else: the page turns
// the screen's input into GameCtrl.move calls, and the controller refuses them on a side whose
// moves come from elsewhere.

/** @typedef {import('../ctrl.js').MoveSource} MoveSource */

/** @returns {MoveSource} */
export function screenSource() {
  return { kind: 'screen' };
}
