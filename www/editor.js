// The position editor (www/editor.html): pick a game, put pieces on its board from a palette
// (drag and drop, or choose a piece and click or press Enter on squares), move and remove them,
// set the side to move, castling and en passant; the engine checks the position and the page
// offers its FEN, snippets for <baroque-board>, the iframe page and `baroque diagram --svg`, and
// links to play or analyse it. The games, their pieces, start arrays and FEN fields come from the
// engine's table (engine/engine.js); the board is the page's canvas board (BoardView), which shows the
// position being set up through `BoardView.setup` (crates/web/src/editor.rs) even while it is no
// position a game can start from; the one builder (WebGame.build) says what is wrong with it.
import { BoardView, buildGame, colors, gameSpec, gameTable, init } from './engine/engine.js';
import { errorText, has, startPageI18n, t } from './i18n.js';
import { installTheme } from './theme.js';
import { downloadPng, downloadSvg } from './download.js';
import { boardSnippet, scriptLine } from './embed-snippet.js';

/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);
const canvas = $('board');
/** Distance in CSS pixels a press must travel to become a drag (the board's own threshold). */
const DRAG_THRESHOLD = 4;

const state = {
  variant: '',
  fen: '',
  pieces: new Map(), // square -> {color, role}
  columns: 8, // cells across the board's box (the dragged piece's size)
  orientation: 'white',
  tool: { kind: 'move' }, // 'move' | 'erase' | {kind: 'piece', color, role}
  held: null, // keyboard: the square of a piece picked up with the move tool
  valid: false,
};
let view = null;
let theme = null;
let drag = null; // {piece, from (square|null), base (FEN without the piece), x0, y0, started, touch, ghost}

const announce = (text) => {
  const live = $('live');
  live.textContent = '';
  requestAnimationFrame(() => (live.textContent = text));
};
const pieceWords = (p) => t('editor-piece', { color: p.color, piece: t(`role-${p.role}`) });
const fields = (fen) => {
  const f = fen.trim().split(/\s+/);
  return { board: f[0] ?? '', side: f[1] === 'b' ? 'black' : 'white', castling: f[2] ?? '-', ep: f[3] ?? '-' };
};

/**
 * Asks the engine for the position after `req` (`{fen, put, side, castling, enPassant}`) and
 * shows it; returns null, or the error `{code, params}` (nothing changes then).
 */
function setup(req) {
  try {
    const r = view.setup({ variant: state.variant, fen: state.fen, ...req });
    state.fen = r.fen;
    state.pieces = new Map(r.pieces.map((p) => [p.square, { color: p.color, role: p.role }]));
    state.columns = r.columns;
    render();
    return null;
  } catch (e) {
    return { code: e.code ?? 'internal', params: { ...(e.params ?? {}) }, message: e.message };
  }
}

/** Puts `piece` (or nothing) on `square`, announcing the change. */
function put(square, piece) {
  const err = setup({ put: { [square]: piece } });
  if (err) return showFenError(err);
  announce(piece ? t('editor-say-put', { piece: pieceWords(piece), square }) : t('editor-say-removed', { square }));
}

function showFenError(err) {
  $('editor-fen-error').textContent = err ? errorText(err) : '';
}

// ----- what the page shows -----

function render() {
  const f = fields(state.fen);
  const fenBox = $('editor-fen');
  if (document.activeElement !== fenBox) fenBox.value = state.fen;
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="editor-side"]'))) r.checked = r.value === f.side;
  for (const c of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('#editor-castling input'))) c.checked = f.castling.includes(c.value);
  const ep = $('editor-ep');
  if (document.activeElement !== ep) ep.value = f.ep === '-' ? '' : f.ep;
  check();
  snippets();
  canvas.dataset.fen = state.fen;
}

/** The engine's verdict: the one builder starts a game from the FEN, or says what is wrong. */
function check() {
  const built = buildGame({ variant: state.variant, fen: state.fen });
  state.valid = !!built.game;
  const status = $('editor-status');
  if (built.game) {
    built.game.free();
    status.textContent = t('editor-valid');
    status.classList.remove('editor-invalid');
  } else {
    status.textContent = errorText(built.error);
    status.classList.add('editor-invalid');
  }
  canvas.dataset.valid = String(state.valid);
  link($('editor-play'), playUrl());
  link($('editor-analyse'), analyseUrl());
}

function link(a, href) {
  if (state.valid) {
    a.href = href;
    a.removeAttribute('aria-disabled');
  } else {
    a.removeAttribute('href');
    a.setAttribute('aria-disabled', 'true');
  }
}

const langParam = () => {
  const lang = new URLSearchParams(location.search).get('lang');
  return lang ? `&lang=${encodeURIComponent(lang)}` : '';
};
/** The game page from this position (its `variant` and `fen` parameters, docs/web.md). */
const playUrl = () => `../index.html?${new URLSearchParams({ variant: state.variant, fen: state.fen })}${langParam()}`;
/**
 * The analysis board from this position: the game page from this FEN with the analysis board on
 * (`analysis=1`, the analysis link of docs/web.md's URL parameters).
 */
const analyseUrl = () => `../index.html?${new URLSearchParams({ variant: state.variant, fen: state.fen, analysis: '1' })}${langParam()}`;

function snippets() {
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const flip = state.orientation === 'black';
  const base = new URL('.', location.href);
  /** @type {Array<[string, string]>} */
  const attrs = [['variant', state.variant], ['fen', state.fen]];
  if (flip) attrs.push(['orientation', 'black']);
  // The caption and a link to the game show until the script runs (www/embed-snippet.js).
  $('snippet-element').value = `${scriptLine(base)}\n${boardSnippet(attrs, { www: base, linkText: t('embed-fallback-link') })}`;
  const q = new URLSearchParams({ variant: state.variant, fen: state.fen });
  if (flip) q.set('orientation', 'black');
  $('snippet-iframe').value = `<iframe src="${esc(`${new URL('embed.html', base)}?${q}`)}" width="360" height="400" title="${esc(t(`game-${state.variant}`))}"></iframe>`;
  const sh = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
  $('snippet-command').value = `baroque diagram --svg --variant ${state.variant} --fen ${sh(state.fen)}${flip ? ' --orientation black' : ''} --out position.svg`;
}

// ----- the palette -----

function fillPalette() {
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

const toolButtons = () => [...$('palette').querySelectorAll('button')];
function toolOf(b) {
  if (b.dataset.tool) return { kind: b.dataset.tool };
  return { kind: 'piece', color: b.dataset.color, role: b.dataset.role };
}
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
function chooseTool(tool, say = true) {
  state.tool = tool;
  state.held = null;
  markTool();
  if (say) announce(t('editor-say-tool', { tool: toolWords(tool) }));
}
const toolWords = (tool) => (tool.kind === 'piece' ? pieceWords(tool) : t(`editor-tool-${tool.kind}`));

function wirePalette() {
  const pal = $('palette');
  pal.addEventListener('keydown', (e) => {
    const bs = toolButtons();
    const i = bs.indexOf(document.activeElement);
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

// ----- dragging (palette → board, board → board, board → off the board) -----

function squareAtPoint(x, y) {
  const r = canvas.getBoundingClientRect();
  if (x < r.left || y < r.top || x > r.right || y > r.bottom) return null;
  return view.squareAt(x - r.left, y - r.top, r.width) ?? null;
}

function startDrag(e, piece, from, source) {
  drag = { piece, from, base: null, x0: e.clientX, y0: e.clientY, started: false, touch: e.pointerType === 'touch', ghost: null, source, id: e.pointerId };
  source.setPointerCapture?.(e.pointerId);
}

function moveDrag(e) {
  if (!drag || e.pointerId !== drag.id) return;
  if (!drag.started) {
    if (Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < DRAG_THRESHOLD) return;
    drag.started = true;
    if (drag.source.dataset) drag.source.dataset.dragged = 'true';
    const before = state.fen;
    if (drag.from) {
      // The piece leaves its square while it is carried.
      setup({ put: { [drag.from]: null } });
      drag.base = state.fen;
      drag.restore = before;
    } else drag.base = before;
    const ghost = document.createElement('canvas');
    ghost.className = 'drag-ghost';
    ghost.setAttribute('aria-hidden', 'true');
    const cell = canvas.getBoundingClientRect().width / state.columns;
    const side = drag.touch ? cell * 1.6 : cell * 1.15;
    ghost.style.width = ghost.style.height = `${side}px`;
    document.body.append(ghost);
    BoardView.drawGlyph(ghost, drag.piece.role, drag.piece.color);
    drag.ghost = ghost;
    drag.side = side;
    drag.cell = cell;
  }
  const { side, cell } = drag;
  const x = e.clientX - side / 2;
  const y = drag.touch ? e.clientY - side - cell * 0.35 : e.clientY - side / 2;
  drag.ghost.style.transform = `translate(${x}px, ${y}px)`;
  canvas.dataset.dragOver = squareAtPoint(e.clientX, e.clientY) ?? '';
}

function endDrag(e, cancelled = false) {
  if (!drag || e.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  d.ghost?.remove();
  delete canvas.dataset.dragOver;
  if (d.source.dataset?.dragged) setTimeout(() => delete d.source.dataset.dragged, 0);
  if (!d.started) {
    if (d.source === canvas && !cancelled) clickSquare(squareAtPoint(e.clientX, e.clientY));
    return;
  }
  if (cancelled) {
    if (d.restore) setup({ fen: d.restore });
    return;
  }
  const to = squareAtPoint(e.clientX, e.clientY);
  if (to) {
    const err = setup({ fen: d.base, put: { [to]: d.piece } });
    if (err) return showFenError(err);
    announce(d.from ? t('editor-say-moved', { piece: pieceWords(d.piece), from: d.from, to }) : t('editor-say-put', { piece: pieceWords(d.piece), square: to }));
  } else if (d.from) {
    announce(t('editor-say-removed', { square: d.from }));
  }
}

/** A click (or Enter) on `square` with the chosen tool. */
function clickSquare(square) {
  if (!square) return;
  const here = state.pieces.get(square);
  const tool = state.tool;
  if (tool.kind === 'erase') {
    if (here) put(square, null);
  } else if (tool.kind === 'piece') {
    // The same piece again takes it away (a toggle, as on a paper diagram).
    if (here && here.color === tool.color && here.role === tool.role) put(square, null);
    else put(square, { color: tool.color, role: tool.role });
  } else if (state.held) {
    const from = state.held;
    state.held = null;
    if (from !== square) {
      const piece = state.pieces.get(from);
      const err = setup({ put: { [from]: null, [square]: piece } });
      if (err) return showFenError(err);
      announce(t('editor-say-moved', { piece: pieceWords(piece), from, to: square }));
    } else announce(t('editor-say-dropped'));
  } else if (here) {
    state.held = square;
    announce(t('editor-say-held', { piece: pieceWords(here), square }));
  }
}

function wireBoard() {
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const sq = squareAtPoint(e.clientX, e.clientY);
    const piece = sq ? state.pieces.get(sq) : null;
    startDrag(e, piece ?? null, piece ? sq : null, canvas);
    if (!piece) drag.noPiece = true;
  });
  const move = (e) => {
    if (drag?.noPiece) return; // a press on an empty square is a click, never a drag
    moveDrag(e);
  };
  for (const target of [canvas, $('palette')]) {
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', (e) => endDrag(e));
    target.addEventListener('pointercancel', (e) => endDrag(e, true));
  }
  canvas.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    const sq = squareAtPoint(e.clientX, e.clientY);
    if (sq && state.pieces.get(sq)) put(sq, null);
  });
  // Keyboard: the board moves its own cursor (arrow keys, `board-cursor`); the editor acts on
  // the square the cursor was on when the key was pressed.
  let cursorBefore = null;
  canvas.parentElement.addEventListener('keydown', () => (cursorBefore = canvas.dataset.cursor || null), true);
  canvas.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.key === 'Enter' || e.key === ' ') && cursorBefore) clickSquare(cursorBefore);
    else if ((e.key === 'Delete' || e.key === 'Backspace') && cursorBefore) {
      e.preventDefault();
      if (state.pieces.get(cursorBefore)) put(cursorBefore, null);
    } else if (e.key === 'Escape' && state.held) {
      state.held = null;
      announce(t('editor-say-dropped'));
    } else if (e.key === 'f' || e.key === 'F') flip();
  });
  canvas.addEventListener('board-cursor', (e) => {
    const sq = e.detail.square;
    if (!sq) return;
    const p = state.pieces.get(sq);
    announce(p ? t('cursor-piece', { square: sq, side: p.color, piece: t(`role-${p.role}`), frozen: 'no' }) : t('cursor-empty', { square: sq }));
  });
}

// ----- the controls -----

function flip() {
  state.orientation = state.orientation === 'white' ? 'black' : 'white';
  view.set({ orientation: state.orientation });
  canvas.dataset.orientation = state.orientation;
  snippets();
  announce(t('editor-say-flip', { side: state.orientation }));
}

function fillGames() {
  const sel = $('editor-game');
  sel.replaceChildren(...gameTable().map((g) => Object.assign(document.createElement('option'), { value: g.id, textContent: t(`game-${g.id}`) })));
  sel.value = state.variant;
}

function fillArrays() {
  const spec = gameSpec(state.variant);
  const sel = $('editor-array');
  $('editor-array-row').hidden = spec.startArrays.length < 2;
  sel.replaceChildren(
    ...spec.startArrays.map((a) => {
      const choices = a.choices.map((c) => (has(`ng-choice-${c}`) ? t(`ng-choice-${c}`) : c));
      const label = choices.length ? choices.join(t('editor-array-join')) : t('editor-array-standard');
      return Object.assign(document.createElement('option'), { value: a.id, textContent: label });
    }),
  );
  const match = spec.startArrays.find((a) => a.fen === state.fen);
  if (match) sel.value = match.id;
}

function fillFields() {
  const spec = gameSpec(state.variant);
  const box = $('editor-castling');
  box.hidden = spec.castling.length === 0;
  box.replaceChildren(
    box.querySelector('legend') ?? document.createElement('legend'),
    ...spec.castling.map((c) => {
      const label = document.createElement('label');
      const input = Object.assign(document.createElement('input'), { type: 'checkbox', value: c.letter });
      label.append(input, ` ${t('editor-castle', { color: c.color, notation: c.notation })}`);
      return label;
    }),
  );
  $('editor-ep-row').hidden = !spec.enPassant;
}

function setFields() {
  const side = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="editor-side"]:checked'))?.value ?? 'white';
  const castling = [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('#editor-castling input:checked'))].map((c) => c.value).join('') || '-';
  const ep = $('editor-ep').value.trim() || '-';
  const err = setup({ side, castling, enPassant: gameSpec(state.variant).enPassant ? ep : '-' });
  showFenError(err);
}

/** Shows game `variant` from `fen` (its start position when blank). */
function loadGame(variant, fen = '') {
  state.variant = variant;
  state.held = null;
  const spec = gameSpec(variant);
  fillPalette();
  fillFields();
  const err = setup({ fen: fen || spec.startFen });
  if (err) {
    setup({ fen: spec.startFen });
    showFenError(err);
  } else showFenError(null);
  fillArrays();
  $('editor-game').value = variant;
  canvas.setAttribute('aria-label', t('editor-board-label', { game: t(`game-${variant}`) }));
}

function wireControls() {
  $('editor-game').addEventListener('change', () => {
    loadGame($('editor-game').value);
    announce(t('editor-say-game', { game: t(`game-${state.variant}`) }));
  });
  $('editor-array').addEventListener('change', () => {
    const a = gameSpec(state.variant).startArrays.find((x) => x.id === $('editor-array').value);
    if (a) setup({ fen: a.fen });
    showFenError(null);
  });
  $('btn-editor-start').addEventListener('click', () => {
    const a = gameSpec(state.variant).startArrays.find((x) => x.id === $('editor-array').value);
    setup({ fen: a?.fen ?? gameSpec(state.variant).startFen });
    showFenError(null);
    announce(t('editor-say-start'));
  });
  $('btn-editor-clear').addEventListener('click', () => {
    const f = fields(state.fen);
    // An empty board keeps the side to move; castling and en passant go with the pieces.
    setup({ fen: '', side: f.side, castling: '-', enPassant: '-' });
    showFenError(null);
    announce(t('editor-say-cleared'));
  });
  $('btn-editor-flip').addEventListener('click', flip);
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="editor-side"]'))) r.addEventListener('change', setFields);
  $('editor-castling').addEventListener('change', setFields);
  $('editor-ep').addEventListener('change', setFields);
  const fen = $('editor-fen');
  fen.addEventListener('input', () => {
    const text = fen.value.trim();
    if (!text) return;
    const err = setup({ fen: text });
    showFenError(err);
    if (!err) fillArrays();
  });
  fen.addEventListener('blur', () => (fen.value = state.fen));
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-copy]'))) {
    b.addEventListener('click', async () => {
      const box = $(b.dataset.copy);
      box.select();
      try {
        await navigator.clipboard.writeText(box.value);
        announce(t('editor-say-copied'));
      } catch {
        announce(t('editor-say-copy-by-hand'));
      }
    });
  }
  // The pictures are what the board shows, from the board's own SVG writer (BoardView.svg, the
  // same as `baroque diagram --svg`); the PNG is that SVG rasterised (www/download.js).
  const picture = () => view.svg({ size: Math.min(4096, Math.max(480, Math.round(canvas.getBoundingClientRect().width))), title: t(`game-${state.variant}`) });
  const name = () => `${state.variant}-position`;
  $('btn-editor-svg').addEventListener('click', () => downloadSvg(picture(), name()));
  $('btn-editor-png').addEventListener('click', () =>
    downloadPng(picture(), name(), Math.min(4096, Math.max(480, canvas.width))).catch((e) => announce(t('say-picture-failed', { error: String(e?.message ?? e) }))),
  );
  for (const a of [$('editor-play'), $('editor-analyse')]) {
    a.addEventListener('click', (e) => {
      if (!state.valid) e.preventDefault();
    });
  }
}

/** Words that follow the language: refilled after a change. */
function relabel() {
  fillGames();
  fillPalette();
  fillFields();
  fillArrays();
  render();
  canvas.setAttribute('aria-label', t('editor-board-label', { game: t(`game-${state.variant}`) }));
}

async function main() {
  await startPageI18n($('lang-select'), relabel);
  await init();
  const params = new URLSearchParams(location.search);
  const wanted = (params.get('variant') ?? '').trim().toLowerCase();
  const variant = gameSpec(wanted) ? wanted : gameTable()[0].id;
  if (params.get('orientation') === 'black') state.orientation = 'black';
  const start = buildGame({ variant });
  theme = installTheme({
    colors,
    onChange: (c) => view?.set(c),
    announce,
    themePicker: document.createElement('select'),
    setPicker: document.createElement('select'),
  });
  view = new BoardView(canvas, start.game, { orientation: state.orientation, movable: 'none', animation: 0, coordinates: true, drawable: false, ...theme.current() });
  start.game.free();
  state.variant = variant;
  fillGames();
  wirePalette();
  wireBoard();
  wireControls();
  loadGame(variant, params.get('fen') ?? '');
  canvas.dataset.orientation = state.orientation;
  new ResizeObserver(() => view.redraw()).observe(canvas);
  canvas.dataset.ready = 'true';
  // Test hook: the board's geometry, nothing that bypasses the page.
  /** @type {any} */ (window).editor = {
    center(name) {
      const r = canvas.getBoundingClientRect();
      const [x, y] = view.squareCenter(name, r.width);
      return [r.left + x, r.top + y];
    },
    fen: () => state.fen,
  };
}

main().catch((e) => {
  console.error(e);
  const box = $('page-error');
  box.hidden = false;
  box.textContent = t('error-engine-load', { error: String(e?.message ?? e) });
});
