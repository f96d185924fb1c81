// The first/previous/next/last buttons under the move list, an analysis line clicked (never
// the game's moves), and the resignation's confirmation. Part of the game page (www/main.js
// boots it; the page's state is in state.js).
import { announce, showMoveError } from '../../panel.js';
import { t } from '../../i18n.js';
import { $, canvas, ctrl, page, viewedPly } from './state.js';
import { confirmResign, hideResignConfirm } from './results.js';
import { buildAt, goToNode, playInTree } from './tree.js';
import { backToGame, viewPly } from './view.js';

/** Enables the step buttons for the position shown; puts Resign back once the game is over. */
export function markNav() {
  if (!ctrl.game) return;
  const last = ctrl.game.plyCount();
  const shown = viewedPly() ?? last;
  const inVariation = ctrl.inVariation();
  $('btn-first').disabled = shown === 0 && !inVariation;
  $('btn-prev').disabled = shown === 0 && !inVariation;
  $('btn-next').disabled = viewedPly() === null || (inVariation && !ctrl.tree?.node(ctrl.shownNode())?.children.length);
  $('btn-last').disabled = viewedPly() === null;
  if (ctrl.over()) hideResignConfirm();
}

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

// ----- an analysis line -----

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
  const moves = ctrl.game.moveTexts();
  const built = buildAt([...moves, ...pv]);
  if (!built) return;
  const notation = built.history().slice(moves.length).map((h) => h.notation).join(' ');
  ctrl.dropBranch();
  ctrl.view = { kind: 'past', ply: moves.length };
  page.board.sync(built, false);
  built.free();
  page.board.set({ movable: 'none' });
  canvas.dataset.viewing = String(moves.length);
  canvas.dataset.line = pv.join(' ');
  $('viewing-text').textContent = t('analysis-line-viewing', { line: notation });
  $('viewing').hidden = false;
  markNav();
  announce($('viewing-text').textContent);
}

/** Wires the step buttons and the resignation's confirmation. */
export function wireSteps() {
  $('btn-first').addEventListener('click', () => {
    if (ctrl.game?.plyCount()) viewPly(0);
  });
  $('btn-prev').addEventListener('click', () => stepMove(-1));
  $('btn-next').addEventListener('click', () => stepMove(1));
  $('btn-last').addEventListener('click', backToGame);
  $('btn-resign-yes').addEventListener('click', () => confirmResign(true));
  $('btn-resign-no').addEventListener('click', () => confirmResign(false));
  $('resign-confirm').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') confirmResign(false);
  });
  // The buttons follow whatever changes the position shown (a move, a look back, a variation).
  new MutationObserver(markNav).observe(canvas, { attributes: true, attributeFilter: ['data-viewing', 'data-node', 'data-ply', 'data-result'] });
}
