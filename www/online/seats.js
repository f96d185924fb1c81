// This browser's online games, in localStorage (`baroque.online.<id>`): the seat and its token
// (the secret that holds it; no link carries it), the friend's invitation made here (to show it
// again until it is used), what the Games list shows — the game, its moves, whose move it is,
// the result — and the server's last game state (its gameFull) with this seat's moves not yet
// answered, so that a reload while the server is unreachable still shows this game and sends
// those moves when it is back. Nothing here throws: storage that is full or
// forbidden keeps nothing.

const KEY = 'baroque.online.';
const ID = /^[0-9a-f]{8,64}$/;

/**
 * @typedef {object} OnlineEntry
 * @property {string} id the server's game id
 * @property {'white' | 'black' | null} seat
 * @property {string | null} token
 * @property {string} variant
 * @property {string} fen the start position ('' for the game's own)
 * @property {string[]} options
 * @property {string[]} moves
 * @property {'white' | 'black'} turn
 * @property {string} speed `live`, `correspondence` or `unlimited`
 * @property {number | null} days days per move (correspondence)
 * @property {{ result: string, reason: string } | null} ended
 * @property {string | null} [invite] the friend's one-time invitation, made by this browser
 * @property {any} [full] the server's game (gameFull) with its newest state, as last seen
 * @property {{ move: string, ply: number }[]} [pending] this seat's moves the server had not answered
 * @property {number} created
 * @property {number} updated
 */

function storage() {
  try {
    const s = globalThis.localStorage;
    s.length; // eslint-disable-line no-unused-expressions
    return s;
  } catch {
    return null;
  }
}

/** @param {any} e @returns {e is OnlineEntry} */
function valid(e) {
  return e && typeof e === 'object' && typeof e.id === 'string' && ID.test(e.id)
    && (e.seat === null || e.seat === 'white' || e.seat === 'black')
    && (e.token === null || typeof e.token === 'string') && typeof e.variant === 'string'
    && Array.isArray(e.moves) && e.moves.every((m) => typeof m === 'string') && Number.isFinite(e.updated);
}

/** The entry of game `id`, or null. @param {string} id @returns {OnlineEntry | null} */
export function onlineGame(id) {
  try {
    const e = JSON.parse(storage()?.getItem(KEY + id) ?? 'null');
    return valid(e) ? e : null;
  } catch {
    return null;
  }
}

/** Every online game kept, newest first. @returns {OnlineEntry[]} */
export function onlineGames() {
  const s = storage();
  if (!s) return [];
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(KEY)) {
      const e = onlineGame(k.slice(KEY.length));
      if (e) out.push(e);
    }
  }
  return out.sort((a, b) => b.updated - a.updated);
}

/**
 * Keeps (or updates) game `entry.id`; a token already kept stays when the entry has none.
 * @param {Partial<OnlineEntry> & { id: string }} entry
 */
export function keepOnlineGame(entry) {
  const old = onlineGame(entry.id);
  const e = { seat: null, token: null, variant: '', fen: '', options: [], moves: [], turn: 'white', speed: 'live', days: null, ended: null, created: Date.now(), ...old, updated: Date.now(), ...entry };
  if (!entry.token && old?.token) e.token = old.token;
  if (!entry.seat && old?.seat) e.seat = old.seat;
  try {
    storage()?.setItem(KEY + e.id, JSON.stringify(e));
  } catch {
    // full or forbidden: the game goes on, unkept
  }
  return e;
}

/** Forgets game `id`. @param {string} id */
export function forgetOnlineGame(id) {
  try {
    storage()?.removeItem(KEY + id);
  } catch {
    // forbidden: nothing was kept
  }
}

/** Whether it is this browser's seat's move in entry `e`. @param {OnlineEntry} e */
export const yourMove = (e) => !e.ended && e.seat !== null && e.turn === e.seat;
