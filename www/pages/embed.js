// The iframe page (embed.html): one <baroque-board> built from the URL's parameters, sized to the
// frame, and a postMessage interface for the host page (docs/web.md, "The iframe page").
//
// Parameters: variant, fen, moves, ply, mode, marks, caption, lang, orientation, options,
// coordinates, level, theme, board: each is the element's attribute of the same name.
//
// The host sends `{ baroque: 'first' | 'previous' | 'next' | 'last' }`, `{ baroque: 'ply', ply: n }`
// or `{ baroque: 'state' }` with `iframe.contentWindow.postMessage(…, '*')`. The frame answers
// every message that has a `baroque` field (other messages are not for it and get no answer),
// and tells the host of each change, with `{ baroque: 'ready' | 'step' | 'move' | 'state', ply,
// total, fen, moves, move, notation, captures, sentence }` (`ply` always a whole number). Errors:
// - `{ baroque: 'error', code: 'embed-bad-message', message }`: a `baroque` that is not a string
//   or not one of the names above (inherited names such as `toString` or `__proto__` included),
//   or a `ply` message whose `ply` is not a whole number (NaN, "3", 1.5, Infinity, a BigInt);
// - `{ baroque: 'error', code: 'embed-not-ready', message }`: a step or ply before the board is
//   ready (or when it could not be built); `state` is still answered;
// - `{ baroque: 'error', code, message }` once, unasked, when the board cannot be built.
// The answers carry none of the message's own values, so whatever it held (a cycle, a BigInt)
// cannot make the answer fail.
import '../baroque-board.js';
import { initI18n, localize } from '../services/i18n.js';

const PARAMS = ['variant', 'fen', 'moves', 'ply', 'mode', 'marks', 'caption', 'lang', 'orientation', 'options', 'coordinates', 'level', 'theme', 'board'];

const query = new URLSearchParams(location.search);
const board = /** @type {any} */ (document.createElement('baroque-board'));
for (const name of PARAMS) if (query.has(name)) board.setAttribute(name, query.get(name));
document.querySelector('main').append(board);

initI18n(query.has('lang') ? `?lang=${encodeURIComponent(query.get('lang'))}` : location.search, { page: false }).then(() => {
  localize(document);
  document.documentElement.lang = board.getAttribute('lang') ?? document.documentElement.lang;
});

/** The board's ply, a whole number (0 before the board is built). */
const shownPly = () => (Number.isInteger(board.ply) ? board.ply : 0);

/** @param {string} kind @param {object} [extra] */
const tell = (kind, extra = {}) => {
  if (window.parent === window) return;
  window.parent.postMessage({ baroque: kind, ply: shownPly(), total: board.moves.length, fen: board.fen, moves: board.moves, ...extra }, '*');
};

board.addEventListener('ready', () => tell('ready'));
board.addEventListener('step', (/** @type {CustomEvent} */ e) => tell('step', e.detail));
board.addEventListener('move', (/** @type {CustomEvent} */ e) => tell('move', e.detail));
new MutationObserver(() => {
  if (board.dataset.state !== 'error') return;
  const box = board.shadowRoot.querySelector('.error');
  window.parent?.postMessage({ baroque: 'error', code: board.error?.code ?? 'internal', message: box?.textContent ?? '' }, '*');
}).observe(board, { attributes: true, attributeFilter: ['data-state'] });

/** The steps the host may ask for, by name (a Map: no inherited name is a step). */
const STEPS = new Map([
  ['first', () => 0],
  ['previous', () => shownPly() - 1],
  ['next', () => shownPly() + 1],
  ['last', () => board.moves.length],
]);

const USAGE = 'send first, previous, next, last, ply (with ply: a whole number) or state';

/**
 * What the frame does with a message's `baroque` field and `ply`: `null` when it has done it
 * (the answer is then the board's state), else the error to answer with.
 * @param {unknown} kind
 * @param {unknown} ply
 * @returns {{ code: string, message: string } | null}
 */
function handle(kind, ply) {
  if (typeof kind !== 'string') return { code: 'embed-bad-message', message: `the field baroque must be a string, not ${kind === null ? 'null' : typeof kind}: ${USAGE}` };
  if (kind === 'state') return null;
  if (kind === 'ply' && !Number.isInteger(ply)) {
    const what = typeof ply === 'number' ? String(ply) : ply === null ? 'null' : typeof ply;
    return { code: 'embed-bad-message', message: `ply must be a whole number, not ${what}` };
  }
  if (kind !== 'ply' && !STEPS.has(kind)) return { code: 'embed-bad-message', message: `unknown message “${kind.slice(0, 40)}”: ${USAGE}` };
  if (board.dataset.state !== 'ready') return { code: 'embed-not-ready', message: 'the board is not ready (wait for its ready message)' };
  const to = kind === 'ply' ? /** @type {number} */ (ply) : STEPS.get(kind)();
  board.ply = Math.max(0, Math.min(board.moves.length, to));
  return null;
}

window.addEventListener('message', (/** @type {MessageEvent} */ e) => {
  const msg = e.data;
  if (msg === null || typeof msg !== 'object' || !Object.hasOwn(msg, 'baroque')) return; // not for us
  const error = handle(msg.baroque, msg.ply);
  if (!error) tell('state');
  else /** @type {Window} */ (e.source)?.postMessage({ baroque: 'error', ...error }, '*');
});
