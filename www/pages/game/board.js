// The game page's board beyond its drawing (render.js draws it): its choosers and words — the
// promotion chooser, the selection hint (frozen pieces, suicide), why the board does not move,
// the piece under the mouse and the words for squares and the position. Part of the game page (www/pages/game/main.js boots it; the page's
// state is in state.js).
import { showMoveError } from '../../views/panel.js';
import { pointerKind } from '../../views/touch.js';
import { andList, render, t } from '../../services/i18n.js';
import { $, canvas, ctrl, page, viewedPly } from './state.js';
import { play } from './actions.js';
import { hideSelectionHint } from './render.js';

// ----- why the board does not move; the piece under the mouse -----

/** A press on the board that cannot move anything says why (the computer thinks, a look back). */
function explainPress(/** @type {PointerEvent} */ e) {
  if (e.button !== 0 || !ctrl.game) return;
  if (ctrl.thinking) showMoveError(t('board-wait-computer'));
  else if (viewedPly() !== null && !ctrl.branch) showMoveError(t('board-looking-back', { ply: viewedPly() }));
}

/** @type {{ key: string, game: import('../../engine/engine.js').Game } | null} the look back's game, for tooltips */
let shownGame = null;

/**
 * The game whose last position the board shows (the game, a variation, or a look back: the
 * game at that node of the engine's move tree, from the positions it keeps, not replayed).
 */
function gameShown() {
  if (ctrl.branch) return ctrl.branch.game;
  if (ctrl.view.kind === 'line') return null;
  const ply = viewedPly();
  if (ply === null || !ctrl.tree) return ply === null ? ctrl.game : null;
  const node = ctrl.shownNode();
  const key = `${ctrl.game.moveTexts().slice(0, ply).join(' ')}|${node}`;
  if (shownGame?.key !== key) {
    shownGame?.game.free();
    shownGame = { key, game: /** @type {any} */ (ctrl.tree.gameAt(node)) };
  }
  return shownGame.game;
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

/** Wires the board's press and hover words. */
export function wireBoard() {
  canvas.addEventListener('pointerdown', explainPress);
  canvas.addEventListener('pointermove', titlePiece);
  canvas.addEventListener('pointerleave', () => {
    canvas.title = '';
  });
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

/** The board asks which piece a promoting move makes. @param {{ choices: import('../../views/promotion.js').Choice[] }} detail */
export function showPromotion(detail) {
  promotion().then((c) => c.show(detail.choices, ctrl.game.sideToMove()));
}

export function hidePromotion() {
  chooser?.hide();
}

// ----- selection hint (frozen pieces and suicide) -----

/** A piece selected on the board: a frozen one says so. @param {{ square: string | null, suicide?: string | null }} detail */
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
export function describeSquare(/** @type {string | null} */ square) {
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
  const parts = [$('status').textContent, render(viewedPly() === null ? ctrl.game.describe() : ctrl.game.positionAt(ply, true).words)];
  if (viewedPly() === null && !$('check-info').hidden) parts.push($('check-info').textContent);
  return parts.join(' ');
}

/** The piece under a point of the board (CSS pixels from its corner), for the long press. */
export function pieceAtPoint(/** @type {number} */ x, /** @type {number} */ y) {
  const square = page.board?.squareAt(x, y, canvas.getBoundingClientRect().width);
  const piece = square && ctrl.game.pieceAt(square);
  return piece ? { square, ...piece } : null;
}
