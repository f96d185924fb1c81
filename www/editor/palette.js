// The position editor's palette (www/editor.html): the move and erase tools and a button per
// piece of the game's table in each colour (its glyph drawn by the board), chosen by click or
// arrow keys (a radio group); a press on a piece starts a drag onto the board
// (www/editor/drag.js).
import { BoardView, gameSpec } from '../engine/engine.js';
import { t } from '../services/i18n.js';
import { $, announce, pieceWords, state } from './state.js';
import { startDrag } from './drag.js';

/** @typedef {import('./state.js').Tool} Tool */

/** Fills the palette with the game's pieces; a chosen piece the game lacks goes back to the move tool. */
export function fillPalette() {
  const spec = gameSpec(state.variant);
  const pal = $('palette');
  const tools = [
    { kind: 'move', label: t('editor-tool-move'), mark: '✥' },
    { kind: 'erase', label: t('editor-tool-erase'), mark: '✕' },
  ];
  const buttons = [];
  for (const tool of tools) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'palette-tool';
    b.dataset.tool = tool.kind;
    b.setAttribute('aria-label', tool.label);
    b.title = tool.label;
    const mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = tool.mark;
    b.append(mark);
    buttons.push(b);
  }
  const rows = [];
  for (const color of ['white', 'black']) {
    const row = document.createElement('div');
    row.className = 'palette-row';
    row.dataset.color = color;
    for (const p of spec.pieces) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'palette-piece';
      b.dataset.role = p.role;
      b.dataset.color = color;
      const words = pieceWords({ color, role: p.role });
      b.setAttribute('aria-label', words);
      b.title = words;
      const c = document.createElement('canvas');
      c.setAttribute('aria-hidden', 'true');
      b.append(c);
      row.append(b);
      buttons.push(b);
    }
    rows.push(row);
  }
  const toolRow = document.createElement('div');
  toolRow.className = 'palette-tools';
  toolRow.append(...buttons.slice(0, 2));
  pal.replaceChildren(toolRow, ...rows);
  for (const b of buttons) b.setAttribute('role', 'radio');
  requestAnimationFrame(() => {
    for (const b of pal.querySelectorAll('.palette-piece')) BoardView.drawGlyph(b.querySelector('canvas'), b.dataset.role, b.dataset.color);
  });
  const still = state.tool.kind === 'piece' && spec.pieces.some((p) => p.role === state.tool.role);
  if (!still) state.tool = { kind: 'move' };
  markTool();
}


const toolButtons = () => /** @type {HTMLButtonElement[]} */ ([...$('palette').querySelectorAll('button')]);
/** @param {HTMLElement} b @returns {Tool} */
function toolOf(b) {
  if (b.dataset.tool) return { kind: /** @type {'move' | 'erase'} */ (b.dataset.tool) };
  return { kind: 'piece', color: b.dataset.color, role: b.dataset.role };
}
/** @param {Tool} a @param {Tool} b */
function sameTool(a, b) {
  return a.kind === b.kind && a.role === b.role && a.color === b.color;
}
function markTool() {
  for (const b of toolButtons()) {
    const on = sameTool(toolOf(b), state.tool);
    b.setAttribute('aria-checked', String(on));
    b.tabIndex = on ? 0 : -1;
  }
}
/** @param {Tool} tool @param {boolean} [say] */
function chooseTool(tool, say = true) {
  state.tool = tool;
  state.held = null;
  markTool();
  if (say) announce(t('editor-say-tool', { tool: toolWords(tool) }));
}
/** @param {Tool} tool */
const toolWords = (tool) => (tool.kind === 'piece' ? pieceWords(tool) : t(`editor-tool-${tool.kind}`));

/** The palette's keys, clicks and drags. */
export function wirePalette() {
  const pal = $('palette');
  pal.addEventListener('keydown', (e) => {
    const bs = toolButtons();
    const i = bs.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    if (i < 0) return;
    let next = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = bs[(i + 1) % bs.length];
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = bs[(i - 1 + bs.length) % bs.length];
    else if (e.key === 'Home') next = bs[0];
    else if (e.key === 'End') next = bs.at(-1);
    else return;
    e.preventDefault();
    chooseTool(toolOf(next), false);
    next.focus();
  });
  pal.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b && !b.dataset.dragged) chooseTool(toolOf(b));
  });
  pal.addEventListener('pointerdown', (e) => {
    const b = e.target.closest('button.palette-piece');
    if (!b || e.button !== 0) return;
    delete b.dataset.dragged;
    startDrag(e, { color: b.dataset.color, role: b.dataset.role }, null, b);
  });
}
