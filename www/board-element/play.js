// <baroque-board>'s try and play modes (www/baroque-board.js): the reader's moves and, in play
// mode, the computer's answers, all through the element's game controller (www/game/ctrl.js,
// the game page's): the controller decides whose turn it is and refuses a move out of turn; the
// computer is the page's worker (www/ai.js), loaded the first time a board plays.
import { tables } from '../engine/engine.js';
import { errorText, render, t } from '../i18n.js';

/** @typedef {import('../baroque-board.js').BaroqueBoard} BaroqueBoard */

/** The level of a board whose `level` attribute names none (one of the weaker ones: a reader's first game). */
export const DEFAULT_LEVEL = 2;

/**
 * The computer's level `n` clamped to the engine's range; `fallback` for no number at all.
 * @param {unknown} n
 * @param {number} fallback
 */
export function clampLevel(n, fallback) {
  const { levelMin, levelMax } = tables();
  const v = Number(n);
  if (n === null || n === undefined || n === '' || !Number.isFinite(v)) return Math.max(levelMin, Math.min(levelMax, fallback));
  return Math.max(levelMin, Math.min(levelMax, Math.round(v)));
}

/** @type {Promise<typeof import('../ai.js').Computer> | null} */
let computerModule = null;
const computerClass = () => (computerModule ??= import('../ai.js').then((m) => m.Computer));

/**
 * Plays move text on `host`'s game (try and play modes); `by` is `reader` or `computer`.
 * @param {BaroqueBoard} host
 * @param {string} text
 * @param {'reader' | 'computer'} [by]
 */
export function play(host, text, by = 'reader') {
  const ctrl = host.ctrl;
  if (!ctrl.game || !text) return;
  const r = ctrl.move(text, { by: by === 'computer' ? 'computer' : 'user' });
  if (!r.move) {
    host.live.textContent = host.say(() => (r.refused ? t(r.refused.id, r.refused.args) : errorText(r.error)));
    return;
  }
  host.history = ctrl.game.history();
  host.board.sync(ctrl.game, true);
  const h = host.history[host.history.length - 1];
  const sentence = host.say(() => render(h.sentence));
  host.live.textContent = sentence;
  host.reword();
  host.dispatchEvent(
    new CustomEvent('move', { detail: { move: r.move.move, notation: r.move.notation, captures: h.captures, sentence, fen: ctrl.game.fen(), by, ply: host.history.length } }),
  );
  if (host.mode === 'play') think(host);
}

/**
 * In play mode, lets the computer answer when the controller says it is its turn.
 * @param {BaroqueBoard} host
 */
export async function think(host) {
  const ctrl = host.ctrl;
  const game = ctrl.game;
  if (!game || ctrl.turn() !== 'computer' || ctrl.thinking) return;
  ctrl.thinking = true;
  host.board.set({ movable: 'none' });
  const Computer = await computerClass();
  host.computer ??= new Computer({ onError: (err) => host.fail(err) });
  host.sentence.hidden = false;
  host.sentence.textContent = host.say(() => t('thinking'));
  let r;
  try {
    r = await host.computer.think(ctrl.position(), { level: clampLevel(host.getAttribute('level'), DEFAULT_LEVEL) });
  } catch (err) {
    if (game === ctrl.game) {
      ctrl.thinking = false;
      host.fail(err);
    }
    return;
  }
  // A rebuilt board has a new game (and a controller that thinks no more).
  if (game !== ctrl.game) return;
  ctrl.thinking = false;
  if (r.cancelled || !r.best) return;
  host.board.set({ movable: ctrl.settings.side });
  play(host, r.best, 'computer');
}
