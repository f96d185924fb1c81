// The first/previous/next/last buttons under the move list and an analysis line clicked (never
// the game's moves): each calls the controller. Part of the
// game page (www/pages/game/main.js boots it; the page's state is in state.js).
import { showMoveError } from '../../views/panel.js';
import { $, ctrl, viewedPly } from './state.js';
import { goToNode, playInTree, viewPly } from './tree.js';

/**
 * One step back (-1) or on (+1): in a variation along its line, else through the game's moves.
 * @param {-1 | 1} step
 */
export function stepMove(step) {
  if (!ctrl.game) return;
  if (ctrl.inVariation()) {
    const n = ctrl.tree?.node(ctrl.shownNode());
    const to = !n ? undefined : step < 0 ? n.parent : n.children[0];
    if (to !== undefined) goToNode(to);
    return;
  }
  const shown = viewedPly() ?? ctrl.game.plyCount();
  if (step < 0 && shown > 0) viewPly(shown - 1);
  if (step > 0 && viewedPly() !== null) viewPly(shown + 1);
}

/** Back to the game as it stands. */
export function backToGame() {
  ctrl.goLive();
}

/**
 * An analysis line clicked: never the game's moves. Looking back (or in a variation), it goes
 * into the move tree as a variation from the position shown; at the game's own position, the
 * board shows where the line leads (read-only) until the player goes back to the game.
 * @param {string[]} pv
 */
export function showLine(pv) {
  if (!ctrl.game || !pv.length) return;
  if (ctrl.branch || viewedPly() !== null) {
    for (let i = 0; i < pv.length; i++) {
      // A line that reaches the game's own position goes on there as the board's preview.
      if (!ctrl.branch && viewedPly() === null) return showLine(pv.slice(i));
      const err = playInTree(pv[i]);
      if (err) return showMoveError(err);
    }
    return;
  }
  ctrl.showLine(pv);
}

/** Wires the step buttons. */
export function wireSteps() {
  $('btn-first').addEventListener('click', () => {
    if (ctrl.game?.plyCount()) viewPly(0);
  });
  $('btn-prev').addEventListener('click', () => stepMove(-1));
  $('btn-next').addEventListener('click', () => stepMove(1));
  $('btn-last').addEventListener('click', backToGame);
}
