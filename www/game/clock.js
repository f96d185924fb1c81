// The chess clock (optional per game; Fischer increment) as data: `{base, inc, white, black,
// running, since}` in milliseconds, kept in the game's record (www/services/store.js) and changed only by
// these functions. No DOM: the game controller (ctrl.js) owns the clock, the page shows it. The
// minutes form of a time control (`5+3`) is the engine's to read and write, with its bounds.
import { minutesClock, minutesText } from '../engine/engine.js';

/** @typedef {'white' | 'black'} Side */
/**
 * @typedef {object} Clock
 * @property {number} base the time each side starts with
 * @property {number} inc the increment added after each move
 * @property {number} white White's time left when the clock last changed
 * @property {number} black Black's time left when the clock last changed
 * @property {Side | null} running the side whose time runs, or null (before the first move, paused)
 * @property {number} since when the clock last changed (ms since the epoch)
 */

/**
 * A clock for time control `tc` ({base, inc} ms), not running until the first move.
 * @param {{ base: number, inc: number } | null | undefined} tc
 * @param {number} [now]
 * @returns {Clock | null}
 */
export function newClock(tc, now = Date.now()) {
  return tc ? { base: tc.base, inc: tc.inc, white: tc.base, black: tc.base, running: null, since: now } : null;
}

/**
 * Each side's time left at `now` (ms).
 * @param {Clock} c
 * @param {number} [now]
 */
export function clockLeft(c, now = Date.now()) {
  const left = { white: c.white, black: c.black };
  if (c.running) left[c.running] -= now - c.since;
  return left;
}

/**
 * After `mover`'s move: its time is charged, the increment added, the other side's clock runs.
 * @param {Clock | null} c
 * @param {Side} mover
 * @param {number} [now]
 */
export function clockAfterMove(c, mover, now = Date.now()) {
  if (!c) return;
  Object.assign(c, clockLeft(c, now));
  c[mover] += c.inc;
  c.running = mover === 'white' ? 'black' : 'white';
  c.since = now;
}

/**
 * Stops the clock (undo, the end of the game); the next move starts it again.
 * @param {Clock | null} c
 * @param {number} [now]
 */
export function pauseClock(c, now = Date.now()) {
  if (!c || !c.running) return;
  Object.assign(c, clockLeft(c, now));
  c.running = null;
}

/**
 * The side whose flag has fallen at `now` (its time is then set to 0 and the clock stopped), or
 * null.
 * @param {Clock | null} c
 * @param {number} [now]
 * @returns {Side | null}
 */
export function fallenFlag(c, now = Date.now()) {
  if (!c || !c.running) return null;
  const left = clockLeft(c, now);
  if (left[c.running] > 0) return null;
  const flagged = c.running;
  Object.assign(c, left);
  c[flagged] = 0;
  c.running = null;
  return flagged;
}

/**
 * The computer's limits under the clock: UCI's wtime/btime/winc/binc, with its level.
 * @param {Clock | null} c
 * @param {number} level
 * @param {number} [now]
 */
export function clockLimits(c, level, now = Date.now()) {
  if (!c) return null;
  const left = clockLeft(c, now);
  return { wtime: Math.max(0, left.white), btime: Math.max(0, left.black), winc: c.inc, binc: c.inc, level };
}

/**
 * `m:ss` (`h:mm:ss` from an hour), or `0:0s.t` under ten seconds.
 * @param {number} ms
 */
export function clockText(ms) {
  const t10 = Math.max(0, Math.ceil(ms / 100));
  if (t10 < 100) return `0:0${(t10 / 10).toFixed(1)}`;
  const sec = Math.ceil(ms / 1000);
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const ss = String(sec % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A time control written minutes+seconds (`5+3`) as `{base, inc}` milliseconds, or null. @param {unknown} text @returns {{ base: number, inc: number } | null} */
export function parseClock(text) {
  return minutesClock(String(text ?? ''));
}

/** `{base, inc}` written as minutes+seconds (`5+3`), or '' for none. @param {{ base: number, inc: number } | null | undefined} clock */
export function clockName(clock) {
  return clock ? minutesText(clock) : '';
}
