// Putting pieces on the position editor's board (www/editor.html): dragging (palette → board,
// board → board, board → off the board, which removes the piece), a click or Enter with the
// chosen tool, the right button to remove, and the keys on the board's cursor. A press becomes a
// drag past the engine's threshold (engineTables().dragThreshold, the board's own).
import { BoardView, tables } from '../engine/engine.js';
import { t } from '../services/i18n.js';
import { $, announce, canvas, editor, pieceWords, put, setup, showFenError, state } from './state.js';
import { flip } from './output.js';

/**
 * A press that may become a drag: the piece, the square it left (null from the palette), the
 * FEN without it, where the press began, and the ghost drawn under the pointer.
 * @type {Record<string, any> | null}
 */
let drag = null;

/** The square under the page point (x, y), or null off the board. @param {number} x @param {number} y */
function squareAtPoint(x, y) {
  const r = canvas.getBoundingClientRect();
  if (x < r.left || y < r.top || x > r.right || y > r.bottom) return null;
  return editor.view.squareAt(x - r.left, y - r.top, r.width) ?? null;
}


/**
 * Starts a press on `source` (the board or a palette button) with `piece` from square `from`.
 * @param {PointerEvent} e
 * @param {{ color: string, role: string } | null} piece
 * @param {string | null} from
 * @param {HTMLElement} source
 */
export function startDrag(e, piece, from, source) {
  drag = { piece, from, base: null, x0: e.clientX, y0: e.clientY, started: false, touch: e.pointerType === 'touch', ghost: null, source, id: e.pointerId };
  source.setPointerCapture?.(e.pointerId);
}


/** @param {PointerEvent} e */
function moveDrag(e) {
  if (!drag || e.pointerId !== drag.id) return;
  if (!drag.started) {
    if (Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < tables().dragThreshold) return;
    drag.started = true;
    if (drag.source.dataset) drag.source.dataset.dragged = 'true';
    const before = state.fen;
    if (drag.from) {
      // The piece leaves its square while it is carried.
      setup({ put: { [drag.from]: null } });
      drag.base = state.fen;
      drag.restore = before;
    } else drag.base = before;
    const ghost = document.createElement('canvas');
    ghost.className = 'drag-ghost';
    ghost.setAttribute('aria-hidden', 'true');
    const cell = canvas.getBoundingClientRect().width / state.columns;
    const side = drag.touch ? cell * 1.6 : cell * 1.15;
    ghost.style.width = ghost.style.height = `${side}px`;
    document.body.append(ghost);
    BoardView.drawGlyph(ghost, drag.piece.role, drag.piece.color);
    drag.ghost = ghost;
    drag.side = side;
    drag.cell = cell;
  }
  const { side, cell } = drag;
  const x = e.clientX - side / 2;
  const y = drag.touch ? e.clientY - side - cell * 0.35 : e.clientY - side / 2;
  drag.ghost.style.transform = `translate(${x}px, ${y}px)`;
  canvas.dataset.dragOver = squareAtPoint(e.clientX, e.clientY) ?? '';
}


/** @param {PointerEvent} e @param {boolean} [cancelled] */
function endDrag(e, cancelled = false) {
  if (!drag || e.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  d.ghost?.remove();
  delete canvas.dataset.dragOver;
  if (d.source.dataset?.dragged) setTimeout(() => delete d.source.dataset.dragged, 0);
  if (!d.started) {
    if (d.source === canvas && !cancelled) clickSquare(squareAtPoint(e.clientX, e.clientY));
    return;
  }
  if (cancelled) {
    if (d.restore) setup({ fen: d.restore });
    return;
  }
  const to = squareAtPoint(e.clientX, e.clientY);
  if (to) {
    const err = setup({ fen: d.base, put: { [to]: d.piece } });
    if (err) return showFenError(err);
    announce(d.from ? t('editor-say-moved', { piece: pieceWords(d.piece), from: d.from, to }) : t('editor-say-put', { piece: pieceWords(d.piece), square: to }));
  } else if (d.from) {
    announce(t('editor-say-removed', { square: d.from }));
  }
}

/** A click (or Enter) on `square` with the chosen tool. */
function clickSquare(square) {
  if (!square) return;
  const here = state.pieces.get(square);
  const tool = state.tool;
  if (tool.kind === 'erase') {
    if (here) put(square, null);
  } else if (tool.kind === 'piece') {
    // The same piece again takes it away (a toggle, as on a paper diagram).
    if (here && here.color === tool.color && here.role === tool.role) put(square, null);
    else put(square, { color: tool.color, role: tool.role });
  } else if (state.held) {
    const from = state.held;
    state.held = null;
    if (from !== square) {
      const piece = state.pieces.get(from);
      const err = setup({ put: { [from]: null, [square]: piece } });
      if (err) return showFenError(err);
      announce(t('editor-say-moved', { piece: pieceWords(piece), from, to: square }));
    } else announce(t('editor-say-dropped'));
  } else if (here) {
    state.held = square;
    announce(t('editor-say-held', { piece: pieceWords(here), square }));
  }
}


/** The board's pointer and key events. */
export function wireBoard() {
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const sq = squareAtPoint(e.clientX, e.clientY);
    const piece = sq ? state.pieces.get(sq) : null;
    startDrag(e, piece ?? null, piece ? sq : null, canvas);
    if (!piece) drag.noPiece = true;
  });
  const move = (e) => {
    if (drag?.noPiece) return; // a press on an empty square is a click, never a drag
    moveDrag(e);
  };
  for (const target of [canvas, $('palette')]) {
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', (e) => endDrag(e));
    target.addEventListener('pointercancel', (e) => endDrag(e, true));
  }
  canvas.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    const sq = squareAtPoint(e.clientX, e.clientY);
    if (sq && state.pieces.get(sq)) put(sq, null);
  });
  // Keyboard: the board moves its own cursor (arrow keys, `board-cursor`); the editor acts on
  // the square the cursor was on when the key was pressed.
  let cursorBefore = null;
  canvas.parentElement.addEventListener('keydown', () => (cursorBefore = canvas.dataset.cursor || null), true);
  canvas.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.key === 'Enter' || e.key === ' ') && cursorBefore) clickSquare(cursorBefore);
    else if ((e.key === 'Delete' || e.key === 'Backspace') && cursorBefore) {
      e.preventDefault();
      if (state.pieces.get(cursorBefore)) put(cursorBefore, null);
    } else if (e.key === 'Escape' && state.held) {
      state.held = null;
      announce(t('editor-say-dropped'));
    } else if (e.key === 'f' || e.key === 'F') flip();
  });
  canvas.addEventListener('board-cursor', (e) => {
    const sq = e.detail.square;
    if (!sq) return;
    const p = state.pieces.get(sq);
    announce(p ? t('cursor-piece', { square: sq, side: p.color, piece: t(`role-${p.role}`), frozen: 'no' }) : t('cursor-empty', { square: sq }));
  });
}
