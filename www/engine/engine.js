// The one way into the engine's bindings (www/pkg, built from crates/web): the wasm's loader and
// its classes, the games as the engine's table describes them, and the one way the page, the
// embed element and the worker start a game: variant + FEN + options + moves through
// WebGame.build. Every answer is a value of a shape in ./types.js. Errors come back as
// {code, params} (the engine's error code and its named parameters), which the page words
// through its catalog (i18n.js's errorText).
import init, { BoardView, WebGame, WebSearcher, WebTree, clockOfMinutes, engineTables, minutesOfClock, timeControlTag as tagOfClock } from '../pkg/baroque_web.js';
import { errorOf } from './errors.js';

export { init, BoardView, WebSearcher, WebTree, errorOf };

/** @typedef {import('./types.js').Game} Game */
/** @typedef {import('./types.js').GameEntry} GameEntry */
/** @typedef {import('./types.js').EngineError} EngineError */

/** @type {GameEntry[] | null} */
let table = null;

/** Every game of the engine's table: id, title, startFen, startArrays, pieces, options, promotions. */
export function gameTable() {
  table ??= /** @type {GameEntry[]} */ (WebGame.games());
  return table;
}

/**
 * The table's entry for game `id`, or null.
 * @param {string} id
 */
export function gameSpec(id) {
  return gameTable().find((g) => g.id === id) ?? null;
}


/**
 * Rule options as `[name, value]` pairs: the page's one reader of the rule book's `name=value`
 * option text (kept as text in saved games, addresses and embed attributes, and given so by
 * `WebGame.options`).
 * @param {readonly string[]} options
 * @returns {[string, string][]}
 */
export function optionPairs(options) {
  return options.map((o) => {
    const i = o.indexOf('=');
    return i < 0 ? [o, ''] : [o.slice(0, i), o.slice(i + 1)];
  });
}

/**
 * Builds a game: `{ game }` (a WebGame the caller frees) or `{ error: {code, params} }`.
 * `options` are `name=value` pairs (an array, or one string separated by spaces); `moves` are
 * move texts or notation (an array, or one string separated by spaces or commas).
 * @param {{ variant?: string, fen?: string | null, options?: string[] | string, moves?: string[] | string }} [setup]
 * @returns {{ game: Game, error?: undefined } | { game?: undefined, error: EngineError }}
 */
export function buildGame({ variant = gameTable()[0].id, fen = '', options = [], moves = [] } = {}) {
  /** @param {string[] | string} v @param {RegExp} sep */
  const list = (v, sep) => (Array.isArray(v) ? v : String(v ?? '').split(sep)).map((x) => String(x).trim()).filter(Boolean);
  try {
    const game = WebGame.build(variant, fen || undefined, list(options, /\s+/), list(moves, /[\s,]+/));
    return { game: /** @type {Game} */ (/** @type {unknown} */ (game)) };
  } catch (e) {
    return { error: errorOf(e) };
  }
}

/**
 * Game `number` (from 1) of PGN `text` (a game without a `Variant` tag is a game of `variant`).
 * Throws the reader's error (`code`, `params`).
 * @param {string} text
 * @param {string} variant
 * @param {number} number
 * @returns {import('./types.js').PgnGame}
 */
export const readPgn = (text, variant, number) => WebGame.readPgn(text, variant, number);

/**
 * The PGN `TimeControl` tag of a chess clock (ms), as the engine writes it (`300+3`); throws the
 * engine's error for a clock out of its bounds.
 * @param {{ base: number, inc: number }} clock
 * @returns {string}
 */
export const timeControlTag = ({ base, inc }) => tagOfClock(base, inc);

/**
 * A chess clock written in the minutes form of the dialog and links (`5+3`, `0.25+0`) as
 * `{base, inc}` ms, read by the engine with its bounds; null for a text that is not one.
 * @param {string} text
 * @returns {{ base: number, inc: number } | null}
 */
export const minutesClock = (text) => {
  const c = clockOfMinutes(text);
  return c ? { base: c[0], inc: c[1] } : null;
};

/**
 * A chess clock's minutes form (`5+3`), as the engine writes it.
 * @param {{ base: number, inc: number }} clock
 * @returns {string}
 */
export const minutesText = ({ base, inc }) => minutesOfClock(base, inc);

/**
 * The computer's levels, weakest first.
 * @returns {import('./types.js').Level[]}
 */
export const levels = () => WebSearcher.levels();

/** @type {import('./types.js').EngineTables | null} */
let small = null;

/**
 * The engine's small tables (crates/web/src/tables.rs): the levels' range, the NAGs' marks and
 * the distance a press travels to become a drag. The page keeps no copy of these numbers.
 * @returns {import('./types.js').EngineTables}
 */
export const tables = () => (small ??= engineTables());

/**
 * The annotation mark of NAG `nag` (`4` → `??`), or `''` for a NAG without one.
 * @param {number} nag
 */
export const nagMark = (nag) => tables().nagMarks[nag] ?? '';

/**
 * The colours around the board in `theme` and board set `set`.
 * @param {string} theme
 * @param {string} set
 * @returns {import('./types.js').Colors}
 */
export const colors = (theme, set) => BoardView.colors(theme, set);
