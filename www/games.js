// The games as the engine's table describes them, and the one way the page, the embed element
// and the worker start a game: variant + FEN + options + moves through WebGame.build. Errors
// come back as {code, params} (the engine's error code and its named parameters), which the
// page words through its catalog (i18n.js's errorText).
import { WebGame } from './pkg/baroque_web.js';

let table = null;

/** Every game of the engine's table: id, title, startFen, startArrays, pieces, options, promotions. */
export function gameTable() {
  table ??= JSON.parse(WebGame.games());
  return table;
}

/** The table's entry for game `id`, or null. */
export function gameSpec(id) {
  return gameTable().find((g) => g.id === id) ?? null;
}

/** `{code, params}` of an error thrown by the bindings (or any other error). */
export function errorOf(e) {
  if (e && typeof e.code === 'string') return { code: e.code, params: { ...(e.params ?? {}) }, message: e.message };
  return { code: 'internal', params: { message: String(e?.message ?? e) }, message: String(e?.message ?? e) };
}

/**
 * Builds a game: `{ game }` (a WebGame the caller frees) or `{ error: {code, params} }`.
 * `options` are `name=value` pairs (an array, or one string separated by spaces); `moves` are
 * move texts or notation (an array, or one string separated by spaces or commas).
 */
export function buildGame({ variant = gameTable()[0].id, fen = '', options = [], moves = [] } = {}) {
  const list = (v, sep) => (Array.isArray(v) ? v : String(v ?? '').split(sep)).map((x) => String(x).trim()).filter(Boolean);
  try {
    return { game: WebGame.build(variant, fen || undefined, list(options, /\s+/), list(moves, /[\s,]+/)) };
  } catch (e) {
    return { error: errorOf(e) };
  }
}
