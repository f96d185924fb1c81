// What changed in an online game that the seat should be told in words: its offer declined or
// accepted (from one server state to the next), its friend come or gone (from one presence to
// the next), whether it may abort rather than resign, and when it may claim the win. Catalog
// ids only: www/pages/game/online-info.js words and shows them. No DOM.

/** @typedef {import('../game/sources/network.js').GameState} GameState */
/** @typedef {import('../game/sources/network.js').Presence} Presence */
/** @typedef {'white' | 'black'} Side */

/** @param {Side} side */
const letter = (side) => (side === 'white' ? 'w' : 'b');

/** @param {Side} side @returns {Side} */
export const other = (side) => (side === 'white' ? 'black' : 'white');

/**
 * The news of the seat's own offers from state `prev` to `next`: a draw offer gone while the game
 * goes on was declined; a takeback request gone was accepted when the moves went back, else
 * declined; a rematch request gone without a rematch was declined.
 * @param {GameState | null} prev
 * @param {GameState} next
 * @param {Side | null} seat
 * @returns {string[]} catalog ids
 */
export function stateNews(prev, next, seat) {
  if (!prev || !seat) return [];
  const me = letter(seat);
  const out = [];
  const going = next.status === 'started';
  if (prev[`${me}draw`] && !next[`${me}draw`] && going) out.push('online-news-draw-declined');
  if (prev[`${me}takeback`] && !next[`${me}takeback`]) out.push(next.ply < prev.ply ? 'online-news-takeback-accepted' : 'online-news-takeback-declined');
  if (prev[`${me}rematch`] && !next[`${me}rematch`] && !next.rematch) out.push('online-news-rematch-declined');
  return out;
}

/**
 * The news of the seat's friend from presence `was` to `now`: joined or left (nothing at the
 * first presence, nothing for a spectator).
 * @param {Presence | null} was
 * @param {Presence} now
 * @param {Side | null} seat
 * @returns {string[]}
 */
export function presenceNews(was, now, seat) {
  if (!was || !seat) return [];
  const them = other(seat);
  if (!was[them] && now[them]) return ['online-news-friend-joined'];
  if (was[them] && !now[them]) return ['online-news-friend-left'];
  return [];
}

/**
 * Whether the game may still be aborted (no result) rather than resigned: not both sides have
 * made a move.
 * @param {GameState | null} state
 */
export const abortable = (state) => Boolean(state && state.status === 'started' && state.ply < 2);

/**
 * The claim of the win over a friend gone: null when there is none for this seat; else the
 * seconds left before it may be made (0: now). `offset` is the server's clock minus this
 * machine's.
 * @param {Presence | null} presence
 * @param {GameState | null} state
 * @param {Side | null} seat
 * @param {number} now this machine's time (ms)
 * @param {number} offset
 * @returns {number | null}
 */
export function claimIn(presence, state, seat, now, offset) {
  if (!presence || !state || !seat || state.status !== 'started' || presence.claimFrom === null) return null;
  if (!presence[seat] || presence[other(seat)]) return null;
  return Math.max(0, Math.ceil((presence.claimFrom - offset - now) / 1000));
}

/**
 * When the side to move must have moved in a correspondence game (this machine's ms), or null.
 * @param {GameState | null} state
 * @param {string} speed
 * @param {number} offset
 */
export function moveDeadline(state, speed, offset) {
  if (!state || speed !== 'correspondence' || state.status !== 'started' || !state.clockRunning) return null;
  const left = state.turn === 'white' ? state.wtime : state.btime;
  return left === null || left === undefined ? null : state.at - offset + left;
}

/**
 * The whole moves a game has had: the move numbers of its half-moves, as the engine numbers them
 * (its history, `PlayedMove.number`: right when Black moves first or the game starts later on).
 * @param {{ number: number }[]} history
 */
export const wholeMoves = (history) => new Set(history.map((h) => h.number)).size;
