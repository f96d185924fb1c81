// An online game's address as the page reads and writes it: `?game=ID` (the page's links) or
// `/game/ID` (the server's). A link never carries a seat's secret: the friend's link holds a
// one-time invitation after `#` (`#invite=CODE`, which browsers never send to a server), redeemed
// once for the seat's token, which stays in this browser (www/online/seats.js). Old links'
// `#token=T` are still read (and taken out of the address bar at once). Apart from
// www/online/server.js so that the game page's boot reads its address without loading the
// server's part (docs/benchmarks.md, "the page on the wire"). No DOM.

/** An online game's id as the server makes them (hex). */
const GAME_ID = /^[0-9a-f]{8,64}$/;
/** A seat token or an invitation code (128 bits, hex). */
const SECRET = /^[0-9a-f]{16,128}$/;

/**
 * The page's own address (index.html beside www/), the base of its links; a page served as
 * `/game/{id}` by the server links the same way.
 */
export const pageUrl = () => new URL('../../index.html', import.meta.url).href;

/**
 * The online game an address names: `?game=ID` (the page's links) or `/game/ID` (the server's),
 * with the invitation of its `#invite=` and an old link's seat token (`#token=`); null when it
 * names none.
 * @param {{ search: string, pathname: string, hash: string }} loc
 * @returns {{ id: string, token: string | null, invite: string | null } | null}
 */
export function gameOfUrl(loc) {
  const id = new URLSearchParams(loc.search).get('game') ?? /\/game\/([^/]+)$/.exec(loc.pathname)?.[1] ?? null;
  if (!id || !GAME_ID.test(id)) return null;
  const hash = new URLSearchParams(loc.hash.replace(/^#/, ''));
  const secret = (/** @type {string} */ key) => {
    const s = hash.get(key);
    return s && SECRET.test(s) ? s : null;
  };
  return { id, token: secret('token'), invite: secret('invite') };
}

/**
 * The invitation code of a link the server made (`ORIGIN/game/ID#invite=CODE`), or null.
 * @param {string | null | undefined} url
 */
export function inviteOf(url) {
  if (!url) return null;
  try {
    return gameOfUrl(new URL(url))?.invite ?? null;
  } catch {
    return null;
  }
}

/**
 * The page's link to game `id`: the spectator's (and the seat's own address: its token stays in
 * this browser), or with a one-time invitation `invite` for a seat; a `lang` of the page stays
 * with it.
 * @param {string} id
 * @param {{ lang?: string | null, invite?: string | null }} [opts]
 */
export function gameLink(id, { lang = null, invite = null } = {}) {
  const url = new URL(pageUrl());
  url.searchParams.set('game', id);
  if (lang) url.searchParams.set('lang', lang);
  if (invite) url.hash = `invite=${invite}`;
  return url.href;
}
