// The move list drawn from the controller (www/game/ctrl.js): the game's moves (panel.js), the
// engine's move tree's variations and NAG glyphs (ctrl.tree, the bindings' WebTree), the
// review's and the hints' marks, the result line, the ply or node shown. Drawing only: clicks on
// it are wired in wire.js. Part of the game page (render.js calls it).
import { showMoves } from '../../views/panel.js';
import { t } from '../../services/i18n.js';
import { scoreOf } from '../../views/panel.js';
import { $, canvas, ctrl, page } from './state.js';

/** @typedef {import('../../engine/types.js').TreeNode} TreeNode */
/** @typedef {import('../../engine/types.js').Status} Status */

/**
 * Rebuilds the move list: the game's moves, the tree's variations, the review's and hints'
 * marks, the result after the last move, and the position shown marked.
 * @param {Status} status
 * @param {string | null} over the game-over sentence, if the game is over
 */
export function renderMoveList(status, over) {
  showMoves(ctrl.game.history());
  if (ctrl.tree) renderTree($('move-list'), ctrl.tree.value(true).line ?? []);
  page.review?.markMoves($('move-list'));
  page.hints?.markMoves($('move-list'));
  if (over) showResultInList(status, over);
  markShown();
}

/**
 * Puts the variations into the move list built by panel.js's showMoves: each main-line move gets
 * its node id (and the engine's NAG glyphs); after the row of each main-line move that has
 * alternatives comes a row per variation, its moves inline with nested variations in
 * parentheses, numbered as the engine numbers them. Every variation move is a button with
 * `data-node`.
 * @param {HTMLElement} list
 * @param {TreeNode[]} line
 */
function renderTree(list, line) {
  const rows = [...list.querySelectorAll('li')].filter((li) => li.querySelector('.ply[data-ply]'));
  /** @type {Map<string, HTMLElement>} */
  const plies = new Map();
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll('.ply[data-ply]'))) plies.set(el.dataset.ply ?? '', el);
  /** @type {Map<Element | undefined, HTMLElement>} row → the last element put after it */
  const last = new Map();
  line.forEach((n, i) => {
    const el = plies.get(String(i + 1));
    if (!el) return;
    el.dataset.node = String(n.id);
    if (n.glyphs) el.dataset.nags = n.glyphs;
    const row = rows.find((li) => li.contains(el));
    // Each row's variations in the order of their moves: those of its White move first.
    for (const alt of n.variations ?? []) {
      const li = document.createElement('li');
      li.className = 'variation';
      renderLine(li, alt, 1);
      (last.get(row) ?? row)?.after(li);
      last.set(row, li);
    }
  });
}

/**
 * One line's moves into `box`, nested variations in parentheses: a White move and the first
 * move of a line (or after a variation) carry their number.
 * @param {HTMLElement} box
 * @param {TreeNode[]} line
 * @param {number} depth
 */
function renderLine(box, line, depth) {
  let forced = true;
  for (const n of line) {
    const b = document.createElement('span');
    b.className = 'var-ply';
    b.tabIndex = 0;
    b.setAttribute('role', 'button');
    b.dataset.node = String(n.id);
    b.dataset.move = n.move;
    const label = n.side === 'white' ? `${n.number}.` : (forced ? `${n.number}...` : '');
    b.textContent = `${label ? `${label} ` : ''}${n.notation}${n.glyphs ?? ''}`;
    box.append(b, ' ');
    forced = false;
    for (const alt of n.variations ?? []) {
      const sub = document.createElement('span');
      sub.className = 'subvariation';
      sub.dataset.depth = String(depth);
      sub.append('(');
      renderLine(sub, alt, depth + 1);
      sub.lastChild?.remove?.();
      sub.append(')');
      box.append(sub, ' ');
      forced = true;
    }
  }
}

/** Marks the ply looked back at and the tree node shown; sets what the tree buttons can do. */
function markShown() {
  const view = ctrl.view;
  const viewed = view.kind === 'past' ? String(view.ply) : null;
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#move-list .ply'))) el.classList.toggle('viewed', el.dataset.ply === viewed);
  const current = String(ctrl.shownNode());
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#move-list [data-node]'))) el.classList.toggle('current', el.dataset.node === current);
  $('btn-tree-promote').disabled = !ctrl.inVariation();
  $('btn-tree-delete').disabled = !ctrl.inVariation();
  canvas.dataset.treeNodes = String(ctrl.tree?.size() ?? 0);
}

/**
 * The result after the last move of the list: "1-0 (White wins by checkmate.)" (the mating
 * move's `#` is the engine's: PlayedMove.listed).
 * @param {Status} status
 * @param {string} sentence
 */
function showResultInList(status, sentence) {
  const li = document.createElement('li');
  li.className = 'result';
  li.dataset.result = status.result;
  li.textContent = t('moves-result', { score: scoreOf(status.result), reason: sentence });
  $('move-list').append(li);
}
