// The game server as the page sees it (crates/server, docs/online.md): on the page's own origin.
// Whether it is there, a challenge made from the new-game dialog's settings, an invitation
// redeemed for its seat's token, a link to continue on another device, a game's state without
// a seat, the WebSocket's address, and the page's links to an online game (docs/online.md,
// "Seats and invitations"). No DOM: `fetch` is passed in by tests.

import { inviteOf, pageUrl } from './address.js';
import { optionPairs } from '../engine/engine.js';

export { gameLink, gameOfUrl, inviteOf, pageUrl } from './address.js';

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
 * a live clock or days per move, rated (when asked), and the rule options by name.
 * @param {{ variant: string, fen: string, options: string[], clock: { base: number, inc: number } | null, online?: { color: string, days: number | null, rated?: boolean } }} s
 */
export function challengeBody(s) {
  /** @type {Record<string, any>} */
  const body = { variant: s.variant, color: s.online?.color ?? 'random' };
  if (s.online?.rated) body.rated = true;
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
 * @returns {Promise<{ id: string, creatorColor: 'white' | 'black', tokenWhite: string, tokenBlack: string, inviteUrl?: string, creatorUrl?: string }>}
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

/**
 * A JSON call to the game server: resolves with `{ status, body }` (body null when it is not
 * JSON), or `{ status: 0 }` when nothing answered.
 * @param {string} path
 * @param {RequestInit} init
 * @param {typeof fetch} fetchImpl
 * @returns {Promise<{ status: number, body: any }>}
 */
async function call(path, init, fetchImpl) {
  let res;
  try {
    res = await fetchImpl(new URL(path, pageUrl()), { cache: 'no-store', ...init });
  } catch {
    return { status: 0, body: null };
  }
  let body = null;
  try {
    body = await res.json();
  } catch {
    // not the game server's JSON
  }
  return { status: res.status, body };
}

/**
 * Redeems the one-time invitation `invite` of game `id` (`POST /api/board/game/{id}/join`): the
 * seat's token, or why not — `seat-taken` (used already; `color` the seat), `bad-invite`,
 * `no-game`, `unreachable`, and for a rated game's seat `login-needed` and `own-challenge`.
 * @param {string} id
 * @param {string} invite
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<{ token: string, color: 'white' | 'black' } | { code: string, color: 'white' | 'black' | null }>}
 */
export async function redeemInvite(id, invite, fetchImpl = fetch) {
  const { status, body } = await call(`/api/board/game/${id}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invite }),
  }, fetchImpl);
  const color = body?.color === 'white' || body?.color === 'black' ? body.color : null;
  if (status === 200 && typeof body?.token === 'string' && color) return { token: body.token, color };
  const code = status === 0 ? 'unreachable' : status === 404 ? 'no-game' : typeof body?.code === 'string' ? body.code : 'unreachable';
  return { code, color };
}

/**
 * A fresh one-time invitation for this seat, to continue on another device
 * (`POST /api/board/game/{id}/transfer`): its code and when it expires (ms), or the refusal.
 * @param {string} id
 * @param {string} token
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<{ invite: string, expiresAt: number } | { code: string }>}
 */
export async function transferInvite(id, token, fetchImpl = fetch) {
  const { status, body } = await call(`/api/board/game/${id}/transfer`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }, fetchImpl);
  const invite = status === 200 ? inviteOf(body?.url) : null;
  if (invite) return { invite, expiresAt: Number(body.expiresAt) };
  return { code: status === 0 ? 'unreachable' : typeof body?.code === 'string' ? body.code : 'unreachable' };
}

/**
 * Game `id` as the server has it now (`GET /api/game/{id}`: its gameFull), or null.
 * @param {string} id
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<import('../game/sources/network.js').GameFull | null>}
 */
export async function fetchGame(id, fetchImpl = fetch) {
  const { status, body } = await call(`/api/game/${id}`, {}, fetchImpl);
  return status === 200 && body?.state && typeof body.state.moves === 'string' ? body : null;
}
