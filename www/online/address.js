// An online game's address as the page reads and writes it: `?game=ID` (the page's links) or
// `/game/ID` (the server's), a seat's token after `#` (browsers never send it to a server).
// Apart from www/online/server.js so that the game page's boot reads its address without
// loading the server's part (docs/benchmarks.md, "the page on the wire"). No DOM.

/** An online game's id as the server makes them (hex). */
const GAME_ID = /^[0-9a-f]{8,64}$/;
/** A seat token (128 bits, hex). */
const TOKEN = /^[0-9a-f]{16,128}$/;

/**
 * The page's own address (index.html beside www/), the base of its links; a page served as
 * `/game/{id}` by the server links the same way.
 */
export const pageUrl = () => new URL('../../index.html', import.meta.url).href;

/**
 * The online game an address names: `?game=ID` (the page's links) or `/game/ID` (the server's),
 * with the seat token of its `#token=`; null when it names none.
 * @param {{ search: string, pathname: string, hash: string }} loc
 * @returns {{ id: string, token: string | null } | null}
 */
export function gameOfUrl(loc) {
  const id = new URLSearchParams(loc.search).get('game') ?? /\/game\/([^/]+)$/.exec(loc.pathname)?.[1] ?? null;
  if (!id || !GAME_ID.test(id)) return null;
  const token = new URLSearchParams(loc.hash.replace(/^#/, '')).get('token');
  return { id, token: token && TOKEN.test(token) ? token : null };
}

/**
 * The page's link to game `id`: a seat's with its token, the spectator's without; a `lang` of
 * the page stays with it.
 * @param {string} id
 * @param {string | null} [token]
 * @param {string | null} [lang]
 */
export function gameLink(id, token = null, lang = null) {
  const url = new URL(pageUrl());
  url.searchParams.set('game', id);
  if (lang) url.searchParams.set('lang', lang);
  if (token) url.hash = `token=${token}`;
  return url.href;
}
