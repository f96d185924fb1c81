// The position editor's controls (www/editor.html): the game, its start arrays, the side to
// move, castling and en passant (the fields the game's table has), start position, clear, flip,
// the FEN box, copy buttons and the picture downloads; loading a game into the editor.
import { gameSpec, gameTable } from '../engine/engine.js';
import { has, t } from '../services/i18n.js';
import { downloadPng, downloadSvg } from '../services/download.js';
import { $, announce, canvas, editor, setup, showFenError, state } from './state.js';
import { flip, snippets } from './output.js';
import { fillPalette } from './palette.js';



/** The game chooser. */
export function fillGames() {
  const sel = $('editor-game');
  sel.replaceChildren(...gameTable().map((g) => Object.assign(document.createElement('option'), { value: g.id, textContent: t(`game-${g.id}`) })));
  sel.value = state.variant;
}


/** The start arrays of the game (shown when it has more than one). */
export function fillArrays() {
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


/** The castling and en passant fields, as the game's table has them. */
export function fillFields() {
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
export function loadGame(variant, fen = '') {
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


/** The controls' events. */
export function wireControls() {
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
    // An empty board keeps the side to move; castling and en passant go with the pieces.
    setup({ fen: '', side: state.side, castling: '-', enPassant: '-' });
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
  // same as `baroque diagram --svg`); the PNG is that SVG rasterised (www/services/download.js).
  const picture = () => editor.view.svg({ size: Math.min(4096, Math.max(480, Math.round(canvas.getBoundingClientRect().width))), title: t(`game-${state.variant}`) });
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

