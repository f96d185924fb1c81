// <baroque-board>'s steps and diagram modes (www/baroque-board.js): the controls of the mode
// (first/previous/next/last and the clickable move list in steps mode, reset in try and play),
// stepping through the line (the game controller's past-ply view, www/game/ctrl.js), the arrow
// keys, and the FEN of each position of the line.
import { render } from '../services/i18n.js';

/** @typedef {import('../baroque-board.js').BaroqueBoard} BaroqueBoard */
/** @typedef {import('../engine/engine.js').Game} Game */

/**
 * Whether `mode` shows a fixed line (steps, diagram) rather than a game the reader plays.
 * @param {string} mode
 */
export const showsLine = (mode) => mode === 'steps' || mode === 'diagram';

/**
 * The FEN after each ply of `game`'s moves (index 0: the start).
 * @param {Game} game
 * @returns {string[]}
 */
export function positionsOf(game) {
  return Array.from({ length: game.plyCount() + 1 }, (_, ply) => game.positionAt(ply).fen);
}

/** @param {string} tag @param {Record<string, any>} [props] @param {...(Node | string)} children */
export const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

/**
 * Builds the controls of `host`'s mode: step buttons and the move list, or reset.
 * @param {BaroqueBoard} host
 */
export function layout(host) {
  const mode = host.mode;
  /** @param {string} label @param {string} action @param {() => void} onClick */
  const button = (label, action, onClick) => {
    const b = el('button', { type: 'button' });
    b.dataset.label = label;
    b.dataset.action = action;
    b.addEventListener('click', onClick);
    return b;
  };
  host.controls.replaceChildren();
  host.moveList.replaceChildren();
  // A board that takes moves is an application (it handles the arrow keys); else a picture,
  // and in steps mode the figure takes the arrow keys.
  const moving = !showsLine(mode);
  host.canvas.setAttribute('role', moving ? 'application' : 'img');
  host.canvas.tabIndex = moving ? 0 : -1;
  host.figure.tabIndex = mode === 'steps' ? 0 : -1;
  if (mode === 'steps') {
    host.controls.append(
      button('wiki-first', 'first', () => step(host, 0, false)),
      button('wiki-previous', 'previous', () => step(host, host.shown - 1, true)),
      button('wiki-next', 'next', () => step(host, host.shown + 1, true)),
      button('wiki-last', 'last', () => step(host, host.history.length, false)),
      el('span', { className: 'counter' }),
    );
    host.history.forEach((h, i) => {
      const b = el('button', { type: 'button', textContent: h.notation });
      b.dataset.ply = String(i + 1);
      b.addEventListener('click', () => step(host, i + 1, i + 1 === host.shown + 1));
      host.moveList.append(el('li', {}, b));
    });
  } else if (moving) {
    host.controls.append(button('wiki-reset', 'reset', () => host.rebuild()));
  }
  host.controls.hidden = mode === 'diagram';
  host.moveList.hidden = mode !== 'steps' || host.history.length === 0;
  host.sentence.hidden = mode === 'diagram' && !host.history.length;
  updateControls(host);
}

/** @param {BaroqueBoard} host */
function updateControls(host) {
  if (host.mode !== 'steps') return;
  const n = host.history.length;
  /** @param {string} a @returns {HTMLButtonElement} */
  const at = (a) => host.controls.querySelector(`[data-action="${a}"]`);
  at('first').disabled = at('previous').disabled = host.shown === 0;
  at('next').disabled = at('last').disabled = host.shown === n;
  for (const b of host.moveList.querySelectorAll('button')) {
    if (Number(b.dataset.ply) === host.shown) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
  }
}

/**
 * Shows the position after `ply` moves (steps and diagram modes), sliding when `animate`.
 * @param {BaroqueBoard} host
 * @param {number | null} ply
 * @param {boolean} animate
 */
export function step(host, ply, animate) {
  const ctrl = host.ctrl;
  if (!ctrl.game || ply === null || !showsLine(host.mode)) return;
  const from = host.shown;
  const target = Math.max(0, Math.min(host.history.length, ply));
  if (target === from) return;
  ctrl.goToPly(target);
  // Only a single step forward slides; other jumps redraw at once.
  host.board.showPly(ctrl.game, target, animate && target === from + 1);
  updateControls(host);
  host.reword();
  const h = host.history[target - 1] ?? null;
  const sentence = h ? host.say(() => render(h.sentence)) : '';
  host.live.textContent = sentence;
  host.dispatchEvent(
    new CustomEvent('step', { detail: { ply: target, move: h?.move ?? null, notation: h?.notation ?? null, captures: h?.captures ?? [], sentence, fen: host.fen } }),
  );
}

/**
 * The arrow keys, Home and End of the steps mode.
 * @param {BaroqueBoard} host
 * @param {KeyboardEvent} e
 */
export function stepKey(host, e) {
  if (host.mode !== 'steps' || e.ctrlKey || e.metaKey || e.altKey) return;
  const to = { ArrowLeft: host.shown - 1, ArrowRight: host.shown + 1, Home: 0, End: host.history.length }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  step(host, to, e.key === 'ArrowRight');
}
