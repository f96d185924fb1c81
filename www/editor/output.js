// What the position editor shows of the position (www/editor.html): the FEN box, the side to
// move, castling and en passant fields, the engine's verdict (the one builder starts a game from
// the FEN, or says what is wrong), the play and analyse links and the snippets
// (www/editor/links.js).
import { buildGame } from '../engine/engine.js';
import { errorText, t } from '../services/i18n.js';
import { $, announce, canvas, editor, state } from './state.js';
import { analyseUrl, playUrl, snippetTexts } from './links.js';

/** Shows the position: every field, the verdict, the links and the snippets. */
export function render() {
  const fenBox = $('editor-fen');
  if (document.activeElement !== fenBox) fenBox.value = state.fen;
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="editor-side"]'))) r.checked = r.value === state.side;
  for (const c of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('#editor-castling input'))) c.checked = state.castling.includes(c.value);
  const ep = $('editor-ep');
  if (document.activeElement !== ep) ep.value = state.enPassant;
  check();
  snippets();
  canvas.dataset.fen = state.fen;
}

/** The position the links are for. */
const position = () => ({ variant: state.variant, fen: state.fen, lang: new URLSearchParams(location.search).get('lang') });

/** The engine's verdict: the one builder starts a game from the FEN, or says what is wrong. */
function check() {
  const built = buildGame({ variant: state.variant, fen: state.fen });
  state.valid = !!built.game;
  const status = $('editor-status');
  if (built.game) {
    built.game.free();
    status.textContent = t('editor-valid');
    status.classList.remove('editor-invalid');
  } else {
    status.textContent = errorText(built.error);
    status.classList.add('editor-invalid');
  }
  canvas.dataset.valid = String(state.valid);
  link($('editor-play'), playUrl(position()));
  link($('editor-analyse'), analyseUrl(position()));
}

/** @param {HTMLAnchorElement} a @param {string} href */
function link(a, href) {
  if (state.valid) {
    a.href = href;
    a.removeAttribute('aria-disabled');
  } else {
    a.removeAttribute('href');
    a.setAttribute('aria-disabled', 'true');
  }
}

/** Fills the snippet boxes. */
export function snippets() {
  const s = snippetTexts({ ...position(), orientation: state.orientation, base: new URL('.', location.href), title: t(`game-${state.variant}`), linkText: t('embed-fallback-link') });
  $('snippet-element').value = s.element;
  $('snippet-iframe').value = s.iframe;
  $('snippet-command').value = s.command;
}

/** Turns the board round. */
export function flip() {
  state.orientation = state.orientation === 'white' ? 'black' : 'white';
  editor.view.set({ orientation: state.orientation });
  canvas.dataset.orientation = state.orientation;
  snippets();
  announce(t('editor-say-flip', { side: state.orientation }));
}
