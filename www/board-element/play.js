// <baroque-board>'s try and play modes (www/baroque-board.js): the reader's moves and, in play
// mode, the computer's answers, all through the element's game controller (www/game/ctrl.js,
// the game page's, in the same loop): the controller decides whose turn it is, refuses a move
// out of turn and asks the computer's source (www/game/sources/computer.js) on its turn; the
// computer is the page's worker (www/engine/computer.js), loaded the first time a board plays. The element
// draws each move from the controller's change event, whoever played it.
import { tables } from '../engine/engine.js';
import { errorText, render, t } from '../services/i18n.js';
import { ComputerSource } from '../game/sources/computer.js';

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

/** @type {Promise<typeof import('../engine/computer.js').Computer> | null} */
let computerModule = null;
const computerClass = () => (computerModule ??= import('../engine/computer.js').then((m) => m.Computer));

/**
 * Gives `host`'s controller the computer (for play mode: the worker loads at its first search,
 * at the element's `level`) and draws every change of the game.
 * @param {BaroqueBoard} host
 */
export function wirePlay(host) {
  host.ctrl.setComputer(new ComputerSource({
    load: () => computerClass().then((Computer) => new Computer({ onError: (err) => host.fail(err) })),
    limits: () => ({ level: clampLevel(host.getAttribute('level'), DEFAULT_LEVEL) }),
  }));
  host.ctrl.addEventListener('change', (e) => changed(host, /** @type {CustomEvent} */ (e).detail));
}

/**
 * Plays the reader's move text on `host`'s game (try and play modes); a refusal is said.
 * @param {BaroqueBoard} host
 * @param {string} text
 */
export function play(host, text) {
  const ctrl = host.ctrl;
  if (!ctrl.game || !text) return;
  const r = ctrl.move(text);
  if (!r.move) host.live.textContent = host.say(() => (r.refused ? t(r.refused.id, r.refused.args) : errorText(r.error)));
}

/**
 * Draws a change of `host`'s game: a move played (the reader's or the computer's), the
 * computer thinking, its failure.
 * @param {BaroqueBoard} host
 * @param {{ what: string } & Record<string, any>} detail
 */
function changed(host, detail) {
  const ctrl = host.ctrl;
  if (!host.board || !ctrl.game) return;
  if (detail.what === 'ask') {
    host.board.set({ movable: 'none' });
    host.sentence.hidden = false;
    host.sentence.textContent = host.say(() => t('thinking'));
  } else if (detail.what === 'ask-failed') {
    const { error, message } = detail.failure;
    host.fail(error ?? { code: 'internal', params: { message: message ? t(message.id, message.args) : '' } });
  } else if (detail.what === 'move') {
    const by = detail.by === 'computer' ? 'computer' : 'reader';
    if (by === 'computer') host.board.set({ movable: ctrl.settings.side });
    host.history = ctrl.game.history();
    host.board.sync(ctrl.game, true);
    const h = host.history[host.history.length - 1];
    const sentence = host.say(() => render(h.sentence));
    host.live.textContent = sentence;
    host.reword();
    const move = detail.move;
    host.dispatchEvent(
      new CustomEvent('move', { detail: { move: move.move, notation: move.notation, captures: h.captures, sentence, fen: ctrl.game.fen(), by, ply: host.history.length } }),
    );
  }
}
