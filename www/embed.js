// The iframe page (embed.html): one <baroque-board> built from the URL's parameters, sized to the
// frame, and a postMessage interface for the host page (docs/web.md, "The iframe page").
//
// Parameters: variant, fen, moves, ply, mode, marks, caption, lang, orientation, options,
// coordinates, level, theme, board: each is the element's attribute of the same name.
//
// The host sends `{ baroque: 'first' | 'previous' | 'next' | 'last' }`, `{ baroque: 'ply', ply: n }`
// or `{ baroque: 'state' }` with `iframe.contentWindow.postMessage(…, '*')`. The frame answers
// every message, and tells the host of each change, with `{ baroque: 'ready' | 'step' | 'move' |
// 'state', ply, total, fen, moves, move, notation, captures, sentence }`; a message it does not
// understand gets `{ baroque: 'error', code: 'embed-bad-message', message }`, a board that cannot
// be built `{ baroque: 'error', code, message }`.
import './baroque-board.js';
import { initI18n, localize } from './i18n.js';

const PARAMS = ['variant', 'fen', 'moves', 'ply', 'mode', 'marks', 'caption', 'lang', 'orientation', 'options', 'coordinates', 'level', 'theme', 'board'];

const query = new URLSearchParams(location.search);
const board = /** @type {any} */ (document.createElement('baroque-board'));
for (const name of PARAMS) if (query.has(name)) board.setAttribute(name, query.get(name));
document.querySelector('main').append(board);

initI18n(query.has('lang') ? `?lang=${encodeURIComponent(query.get('lang'))}` : location.search, { page: false }).then(() => {
  localize(document);
  document.documentElement.lang = board.getAttribute('lang') ?? document.documentElement.lang;
});

const tell = (kind, extra = {}) => {
  if (window.parent === window) return;
  window.parent.postMessage({ baroque: kind, ply: board.ply, total: board.moves.length, fen: board.fen, moves: board.moves, ...extra }, '*');
};

board.addEventListener('ready', () => tell('ready'));
board.addEventListener('step', (/** @type {CustomEvent} */ e) => tell('step', e.detail));
board.addEventListener('move', (/** @type {CustomEvent} */ e) => tell('move', e.detail));
new MutationObserver(() => {
  if (board.dataset.state !== 'error') return;
  const box = board.shadowRoot.querySelector('.error');
  window.parent?.postMessage({ baroque: 'error', code: board.error?.code ?? 'internal', message: box?.textContent ?? '' }, '*');
}).observe(board, { attributes: true, attributeFilter: ['data-state'] });

const STEPS = { first: () => 0, previous: () => board.ply - 1, next: () => board.ply + 1, last: () => board.moves.length };

window.addEventListener('message', (/** @type {MessageEvent} */ e) => {
  const msg = e.data;
  const kind = msg && typeof msg === 'object' ? msg.baroque : undefined;
  if (kind === undefined) return; // not for us
  if (kind in STEPS || (kind === 'ply' && Number.isInteger(msg.ply))) {
    const to = kind === 'ply' ? msg.ply : STEPS[kind]();
    board.ply = Math.max(0, Math.min(board.moves.length, to));
    tell('state');
  } else if (kind === 'state') {
    tell('state');
  } else {
    /** @type {Window} */ (e.source)?.postMessage({ baroque: 'error', code: 'embed-bad-message', message: `unknown message ${JSON.stringify(msg).slice(0, 80)}: send first, previous, next, last, ply (with ply: n) or state` }, '*');
  }
});
