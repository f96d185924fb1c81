// Looking back through the moves, the promotion chooser, the selection hint, why the board does
// not move, the piece under the mouse and the words for squares. Part of the game page (www/main.js boots it; the
// page's state is in state.js).
import { announce, showMoveError } from '../../panel.js';
import { pointerKind } from '../../touch.js';
import { andList, render, t } from '../../i18n.js';
import { $, canvas, ctrl, page, viewedPly } from './state.js';
import { play } from './moves.js';
import { analyse, update } from './play.js';
import { buildAt, markCurrentNode } from './tree.js';
import { markNav, wireSteps } from './steps.js';

/** Shows the position after `ply` moves, read-only; the current ply returns to the game. */
export function viewPly(ply) {
  if (!ctrl.game) return;
  const last = ctrl.game.plyCount();
  ply = Math.max(0, Math.min(ply, last));
  if (ply === last) return backToGame();
  const from = viewedPly() ?? last;
  // With the analysis on, a move from here goes into the move tree: the controller gives the
  // board a game of this position to move in (ctrl.branch, from the tree's positions).
  ctrl.goToPly(ply, { branch: Boolean(page.analysis?.on) });
  if (ctrl.branch) {
    page.board.sync(ctrl.branch.game, Math.abs(from - ply) === 1);
    page.board.set({ movable: 'both' });
  } else {
    page.board.showPly(ctrl.game, ply, Math.abs(from - ply) === 1);
    page.board.set({ movable: 'none' });
  }
  delete canvas.dataset.node;
  const position = render(ctrl.game.describeAt(ply));
  canvas.setAttribute('aria-label', position);
  canvas.dataset.viewing = String(ply);
  const history = ctrl.game.history();
  const text = ply === 0
    ? t('viewing-start')
    : t('viewing-after', { number: Math.ceil(ply / 2), black: ply % 2 ? 'no' : 'yes', notation: history[ply - 1].notation });
  $('viewing-text').textContent = t('viewing-text', { what: text, ply, last });
  $('viewing').hidden = false;
  page.threats?.show(ctrl.game, false);
  analyse(ply);
  page.review?.follow(ply);
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#move-list .ply'))) el.classList.toggle('viewed', el.dataset.ply === String(ply));
  markCurrentNode();
  markNav();
  announce(t('say-viewing', { what: text, position }));
}

/** Forgets the look back (a move or an undo brings the board back to the game anyway). */
export function leaveHistory() {
  const looked = ctrl.view.kind !== 'live';
  ctrl.goLive();
  delete canvas.dataset.viewing;
  delete canvas.dataset.line;
  $('viewing').hidden = true;
  if (looked) showMoveError('');
  markNav();
}

// ----- why the board does not move; the piece under the mouse -----

/** A press on the board that cannot move anything says why (the computer thinks, a look back). */
function explainPress(/** @type {PointerEvent} */ e) {
  if (e.button !== 0 || !ctrl.game) return;
  if (ctrl.thinking) showMoveError(t('board-wait-computer'));
  else if (viewedPly() !== null && !ctrl.branch) showMoveError(t('board-looking-back', { ply: viewedPly() }));
}

/** @type {{ moves: string, game: import('../../engine/engine.js').Game } | null} the look back's game, for tooltips */
let shownGame = null;

/** The game whose last position the board shows (the game, a variation, or a look back). */
function gameShown() {
  if (ctrl.branch) return ctrl.branch.game;
  const ply = viewedPly();
  if (ply === null || canvas.dataset.line) return canvas.dataset.line ? null : ctrl.game;
  const moves = ctrl.game.moveTexts().slice(0, ply);
  if (shownGame?.moves !== moves.join(' ')) {
    shownGame?.game.free();
    const g = buildAt(moves);
    shownGame = g && { moves: moves.join(' '), game: g };
  }
  return shownGame?.game ?? null;
}

/** The board's tooltip: the piece under the mouse, by name (empty squares have none). */
function titlePiece(/** @type {PointerEvent} */ e) {
  if (e.pointerType !== 'mouse' || !page.board || !ctrl.game) return;
  const r = canvas.getBoundingClientRect();
  const square = page.board.squareAt(e.clientX - r.left, e.clientY - r.top, r.width);
  const g = square ? gameShown() : null;
  const piece = g && g.pieceAt(square);
  const title = piece
    ? t('piece-title', { side: piece.color, piece: t(`role-${piece.role}`), square, frozen: g.frozen().includes(square) ? 'yes' : 'no' })
    : '';
  if (canvas.title !== title) canvas.title = title;
}

/** Wires the step buttons, the resignation's confirmation and the board's press and hover words. */
export function wireView() {
  wireSteps();
  canvas.addEventListener('pointerdown', explainPress);
  canvas.addEventListener('pointermove', titlePiece);
  canvas.addEventListener('pointerleave', () => {
    canvas.title = '';
  });
}

export function backToGame() {
  if (viewedPly() === null) return;
  const from = viewedPly();
  leaveHistory();
  page.board.showPly(ctrl.game, ctrl.game.plyCount(), ctrl.game.plyCount() - from === 1);
  update();
  announce(t('say-back-to-game', { side: ctrl.game.sideToMove() }));
}

// ----- promotion chooser (the one chooser, www/views/promotion.js, loaded when first needed) -----

/** @type {import('../../views/promotion.js').PromotionChooser | null} */
let chooser = null;
/** @type {Promise<import('../../views/promotion.js').PromotionChooser> | null} */
let loading = null;
const promotion = () => (loading ??= import('../../views/promotion.js').then(({ PromotionChooser }) => (chooser = new PromotionChooser({
  dialog: $('promotion'),
  box: $('promotion-choices'),
  focusBack: () => canvas.focus(),
  onChoose: (move) => {
    const err = play(move);
    if (err) showMoveError(err);
  },
}))));

export function showPromotion(detail) {
  promotion().then((c) => c.show(detail.choices, ctrl.game.sideToMove()));
}

export function hidePromotion() {
  chooser?.hide();
}

// ----- selection hint (frozen pieces and suicide) -----

export function hideSelectionHint() {
  $('selection-hint').hidden = true;
  $('btn-suicide').hidden = true;
}

export function onSelect({ square, suicide }) {
  if (!square) return hideSelectionHint();
  const frozen = ctrl.game.frozen();
  if (!frozen.includes(square)) return hideSelectionHint();
  const piece = ctrl.game.pieceAt(square);
  const args = { piece: piece ? t(`role-${piece.role}`) : '', square };
  $('selection-text').textContent = t(suicide ? 'selection-frozen-suicide' : 'selection-frozen', { ...args, input: pointerKind() });
  $('btn-suicide').hidden = !suicide;
  $('btn-suicide').dataset.move = suicide ?? '';
  $('selection-hint').hidden = false;
}

/** The keyboard cursor's square in words, with what a move of the selected piece there takes. */
export function describeSquare(square) {
  if (!square) return '';
  const piece = ctrl.game.pieceAt(square);
  const frozen = piece && ctrl.game.frozen().includes(square) ? 'yes' : 'no';
  const parts = [piece
    ? t('cursor-piece', { square, side: piece.color, piece: t(`role-${piece.role}`), frozen })
    : t('cursor-empty', { square })];
  const from = page.board.selected();
  if (from && from !== square) {
    try {
      const caps = ctrl.game.preview(from, square);
      parts.push(caps.length
        ? t('cursor-captures', { from, victims: andList(caps) })
        : t('cursor-can-move', { from }));
    } catch {
      // not a destination of the selected piece
    }
  }
  return parts.join(t('say-join'));
}

/** The position in words with the status and the check, for "describe the position". */
export function describeAll() {
  if (!ctrl.game) return '';
  const ply = viewedPly() ?? ctrl.game.plyCount();
  const parts = [$('status').textContent, render(viewedPly() === null ? ctrl.game.describe() : ctrl.game.describeAt(ply))];
  if (viewedPly() === null && !$('check-info').hidden) parts.push($('check-info').textContent);
  return parts.join(' ');
}

/** The piece under a point of the board (CSS pixels from its corner), for the long press. */
export function pieceAtPoint(x, y) {
  const square = page.board?.squareAt(x, y, canvas.getBoundingClientRect().width);
  const piece = square && ctrl.game.pieceAt(square);
  return piece ? { square, ...piece } : null;
}
