// The computer as a source of moves (www/game/ctrl.js MoveSource): its side's moves come from
// the search in the page's worker (www/ai.js). The page's play loop (www/pages/game/moves.js)
// asks it when GameCtrl.turn() says it is the computer's turn and plays its answer with
// `by: 'computer'`; the controller refuses this screen's moves for that side meanwhile.

/** @typedef {import('../ctrl.js').MoveSource} MoveSource */

/** @returns {MoveSource} */
export function computerSource() {
  return { kind: 'computer' };
}
