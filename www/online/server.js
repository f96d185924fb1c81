// The game server as the page sees it (crates/server, docs/online.md): on the page's own origin.
// Whether it is there, a challenge made from the new-game dialog's settings, the WebSocket's
// address, and the page's links to an online game (a seat's carries its token after `#`, which
// browsers never send to a server; the spectator's holds no secret). No DOM.

import { pageUrl } from './address.js';
import { optionPairs } from '../engine/engine.js';

export { gameLink, gameOfUrl, pageUrl } from './address.js';

/** The WebSocket's address for game `id` on the page's origin. @param {string} id */
export function socketUrl(id) {
  const url = new URL(`/ws/game/${id}`, pageUrl());
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * Whether the game server answers on the page's origin: its seat call refuses a request without
 * a token with its own error (a static host answers 404 or not at all).
 * @param {typeof fetch} [fetchImpl]
 */
export async function serverReachable(fetchImpl = fetch) {
  try {
    const res = await fetchImpl(new URL('/api/board/seat', pageUrl()), { cache: 'no-store' });
    if (res.status !== 401) return false;
    const body = await res.json();
    return typeof body?.code === 'string';
  } catch {
    return false;
  }
}

/**
 * The challenge's request body (docs/online.md, JSON): the game, its start, the creator's colour,
 * a live clock or days per move, and the rule options by name.
 * @param {{ variant: string, fen: string, options: string[], clock: { base: number, inc: number } | null, online?: { color: string, days: number | null } }} s
 */
export function challengeBody(s) {
  /** @type {Record<string, any>} */
  const body = { variant: s.variant, color: s.online?.color ?? 'random' };
  if (s.fen) body.fen = s.fen;
  if (s.online?.days) body.days = s.online.days;
  else if (s.clock) body.clock = { limit: Math.round(s.clock.base / 1000), increment: Math.round(s.clock.inc / 1000) };
  for (const [k, v] of optionPairs(s.options)) body[k] = v;
  return body;
}

/**
 * Creates the challenge; resolves with the server's answer (`id`, `creatorColor`, the tokens) or
 * rejects with `{ code, message }` (the server's refusal, or `unreachable`).
 * @param {Parameters<typeof challengeBody>[0]} s
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<{ id: string, creatorColor: 'white' | 'black', tokenWhite: string, tokenBlack: string }>}
 */
export async function createChallenge(s, fetchImpl = fetch) {
  let res;
  try {
    res = await fetchImpl(new URL('/api/challenge/open', pageUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(challengeBody(s)),
    });
  } catch (e) {
    throw { code: 'unreachable', message: String(e?.message ?? e) };
  }
  let body = null;
  try {
    body = await res.json();
  } catch {
    // not the game server
  }
  if (!res.ok || !body?.id) throw { code: body?.code ?? 'unreachable', message: body?.error ?? `HTTP ${res.status}` };
  return body;
}
