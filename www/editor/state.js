// The position editor's state (www/editor.html, booted by www/pages/editor.js): the position being set
// up (game, FEN, pieces, orientation, the chosen tool), the canvas board, and the one way to
// change the position: `setup`, which asks the engine (BoardView.setup, crates/web/src/editor.rs)
// and shows the answer. Shared by the editor's modules in www/editor/.
import { errorText, t } from '../services/i18n.js';

/** @param {string} id @returns {any} */
export const $ = (id) => document.getElementById(id);
export const canvas = $('board');

/**
 * A tool of the palette: move pieces, erase them, or put a piece.
 * @typedef {{ kind: 'move' | 'erase', color?: undefined, role?: undefined } | { kind: 'piece', color: string, role: string }} Tool
 */

export const state = {
  variant: '',
  fen: '',
  /** @type {Map<string, { color: string, role: string }>} square -> piece */
  pieces: new Map(),
  columns: 8, // cells across the board's box (the dragged piece's size)
  /** @type {import('../engine/types.js').Side} the FEN's side to move */
  side: 'white',
  /** @type {string[]} the castling rights held, as the FEN's letters */
  castling: [],
  enPassant: '', // the en passant field's squares ('' for none)
  orientation: 'white',
  /** @type {Tool} */
  tool: { kind: 'move' },
  /** @type {string | null} keyboard: the square of a piece picked up with the move tool */
  held: null,
  valid: false,
};

/** The page's parts: the canvas board (BoardView) and what shows the position after a change. */
export const editor = {
  /** @type {any} */
  view: null,
  /** Shows the position (www/editor/output.js's render, set by the boot file). */
  render: () => {},
};

/** @param {string} text */
export const announce = (text) => {
  const live = $('live');
  live.textContent = '';
  requestAnimationFrame(() => (live.textContent = text));
};

/** @param {{ color: string, role: string }} p */
export const pieceWords = (p) => t('editor-piece', { color: p.color, piece: t(`role-${p.role}`) });

/**
 * Asks the engine for the position after `req` (`{fen, put, side, castling, enPassant}`) and
 * shows it; returns null, or the error `{code, params}` (nothing changes then).
 * @param {Record<string, any>} req
 */
export function setup(req) {
  try {
    /** @type {import('../engine/types.js').Draft} */
    const r = editor.view.setup({ variant: state.variant, fen: state.fen, ...req });
    state.fen = r.fen;
    state.pieces = new Map(r.pieces.map((p) => [p.square, { color: p.color, role: p.role }]));
    state.columns = r.columns;
    state.side = r.side;
    state.castling = r.castling;
    state.enPassant = r.enPassant;
    editor.render();
    return null;
  } catch (e) {
    return { code: e.code ?? 'internal', params: { ...(e.params ?? {}) }, message: e.message };
  }
}

/**
 * Puts `piece` (or nothing) on `square`, announcing the change.
 * @param {string} square
 * @param {{ color: string, role: string } | null} piece
 */
export function put(square, piece) {
  const err = setup({ put: { [square]: piece } });
  if (err) return showFenError(err);
  announce(piece ? t('editor-say-put', { piece: pieceWords(piece), square }) : t('editor-say-removed', { square }));
}

/** @param {any} err the engine's error, or null to clear it */
export function showFenError(err) {
  $('editor-fen-error').textContent = err ? errorText(err) : '';
}
