// Boots the page: loads the engine, reads the URL, and runs hot-seat and computer games on the
// canvas board. The board (wasm) reports moves as DOM events; this module plays them on the
// WebGame, syncs the board and updates the panel. Legal moves only ever come from wasm.
performance.mark('baroque:boot');

import init, { WebGame, BoardView, boardColors, drawGlyph, optionSpecs, levels, roles, variants } from './pkg/baroque_web.js';
import { Computer } from './ai.js';
import { announce, showChecks, showMoveError, showMoves, showPageError, showStatus } from './panel.js';
import { renderLegend } from './legend.js';
import { NewGameDialog } from './dialog.js';
import { installTheme } from './theme.js';
import { arrowKeys, installDescribe, rememberFocus } from './a11y.js';
import { installLongPress, installTouchHelp } from './touch.js';
import { LANGUAGES, initI18n, language, setLanguage, t } from './i18n.js';

const $ = (id) => document.getElementById(id);
const canvas = $('board');
const VARIANTS = ['ultima', 'omega', 'hybrid'];
const RESERVED = new Set(['variant', 'fen', 'mode', 'side', 'level', 'flip', 'moves', 'lang']);
/** Parameters that links pick up on the way (analytics, ad clicks): ignored without a word. */
const TRACKING = /^(utm_.*|fbclid|gclid|gclsrc|dclid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl|ref)$/i;

let game = null;
let board = null;
let settings = null;
let computer = null;
let thinking = false;
let viewing = null; // the ply shown while looking back through the moves, or null for the game
let thinkToken = 0; // the search whose answer is awaited; older answers are ignored
let computerPaused = false; // set when the computer failed, so it is not asked again in a loop
let roleNames = {};
let lastInfo = null;
let variantsJson = '[]';
let levelList = [];
let theme = null; // the theme and board set (www/theme.js)

/** Reads the page's settings from the URL; problems are collected, never thrown. */
function settingsFromUrl(search) {
  const p = new URLSearchParams(search);
  const errors = [];
  const s = { variant: 'ultima', fen: '', options: [], mode: 'hotseat', side: 'white', level: 3, autoflip: false, moves: [] };
  const v = p.get('variant');
  if (v !== null) {
    if (VARIANTS.includes(v.trim().toLowerCase())) s.variant = v.trim().toLowerCase();
    else errors.push(`Unknown variant “${v}”: the variants are ultima, omega and hybrid. Showing Ultima instead.`);
  }
  s.fen = p.get('fen') ?? '';
  const mode = p.get('mode');
  if (mode === 'computer' || mode === 'hotseat') s.mode = mode;
  else if (mode !== null) errors.push(`Unknown mode “${mode}” (use hotseat or computer).`);
  const side = p.get('side');
  if (side === 'white' || side === 'black') s.side = side;
  else if (side !== null) errors.push(`Unknown side “${side}” (use white or black).`);
  const level = p.get('level');
  if (level !== null) {
    const n = Number(level);
    if (Number.isInteger(n) && n >= 1 && n <= 8) s.level = n;
    else errors.push(`Level “${level}” is not a number from 1 to 8.`);
  }
  s.autoflip = p.get('flip') === 'auto';
  // The rest are rule options of the game; a parameter that is none is reported and skipped, so
  // it does not cost the other options.
  const names = new Set(JSON.parse(optionSpecs(s.variant)).map((o) => o.name));
  for (const [k, val] of p) {
    if (RESERVED.has(k) || TRACKING.test(k)) continue;
    if (names.has(k)) s.options.push(`${k}=${val}`);
    else errors.push(t('error-unknown-parameter', { name: k, value: val }));
  }
  const moves = p.get('moves');
  if (moves) s.moves = moves.split(/[\s,]+/).filter(Boolean);
  return { settings: s, errors };
}

function urlFor(s) {
  const p = new URLSearchParams({ variant: s.variant });
  if (s.fen) p.set('fen', s.fen);
  for (const o of s.options) {
    const [k, v] = o.split('=');
    p.set(k, v);
  }
  if (s.mode === 'computer') {
    p.set('mode', 'computer');
    p.set('side', s.side);
    p.set('level', String(s.level));
  } else if (s.autoflip) p.set('flip', 'auto');
  return `${location.pathname}?${p}`;
}

/** A link that reopens this game: its start position, options, players and moves so far. */
function shareUrl() {
  const standard = JSON.parse(variantsJson).find((v) => v.id === game.variant())?.startFen;
  const fen = game.startFen() === standard ? '' : game.startFen();
  const moves = game.moveTexts().split(' ').filter(Boolean);
  return urlFor({ ...settings, fen }) + (moves.length ? `&moves=${moves.join(',')}` : '');
}

function errorNodes(messages) {
  return messages.map((m) => {
    const div = document.createElement('div');
    div.textContent = m;
    return div;
  });
}

/** Starts a game; falls back step by step (options, then FEN) so a bad URL still shows a board. */
function startGame(s, errors = []) {
  stopThinking();
  computerPaused = false;
  leaveHistory();
  let g = null;
  const attempts = [
    [s.fen, s.options.join(' ')],
    [s.fen, ''],
    ['', ''],
  ].filter(([f, o], i, all) => all.findIndex(([f2, o2]) => f2 === f && o2 === o) === i);
  for (const [fen, opts] of attempts) {
    try {
      g = new WebGame(s.variant, fen || undefined, opts || undefined);
      if (opts !== s.options.join(' ')) s.options = [];
      if (fen !== s.fen) s.fen = '';
      break;
    } catch (e) {
      errors.push(`${e.message}.`);
    }
  }
  for (const m of s.moves) {
    try {
      g.play(m);
    } catch (e) {
      errors.push(`Move “${m}” from the URL was not played: ${e.message}.`);
      break;
    }
  }
  s.moves = [];
  game?.free();
  game = g;
  settings = s;
  showPageError(errors.length ? errorNodes(errors) : null);
  if (s.mode === 'computer') computer.warmUp();
  const orientation = s.mode === 'computer' ? s.side : (s.autoflip ? game.sideToMove() : 'white');
  if (board) board.free();
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  board = new BoardView(canvas, game, { orientation, movable: 'both', animation: reduceMotion ? 0 : 220, ...theme.current() });
  canvas.dataset.variant = game.variant();
  $('game-title').textContent = `— ${game.title()}`;
  document.title = `${game.title()} — Baroque`;
  renderLegend($('legend'), game.variant(), roleNames, drawGlyph);
  const specs = JSON.parse(optionSpecs(game.variant()));
  const changed = game.options().split(' ').filter(Boolean)
    .filter((pair) => { const [k, v] = pair.split('='); return specs.find((o) => o.name === k)?.values[0] !== v; });
  $('rules-info').textContent = changed.length ? `Rule options: ${changed.join(', ')}` : '';
  $('rules-info').hidden = changed.length === 0;
  const level = levelList.find((l) => l.level === s.level);
  $('players-info').textContent = s.mode === 'computer'
    ? `You play ${cap(s.side)} against the computer (level ${s.level}${level ? `, ${level.name}` : ''}).`
    : `Two players at this screen${s.autoflip ? '; the board turns for the player to move' : ''}.`;
  $('move-input').placeholder = { ultima: 'g4d4 or Pg4-d4', omega: 'e1e4 or e4', hybrid: 'e3e5 or P E3 - E5' }[game.variant()];
  showMoveError('');
  hidePromotion();
  update({ newGame: true });
  announce(`New game: ${game.title()}. ${game.describe()}`);
}

function computerSide() {
  if (settings.mode !== 'computer') return null;
  return settings.side === 'white' ? 'black' : 'white';
}

/** Refreshes everything that shows the game, and lets the computer move when it is its turn. */
function update({ newGame = false } = {}) {
  const status = JSON.parse(game.status());
  const over = showStatus(status, { thinkingSide: thinking ? computerSide() : null });
  const checks = JSON.parse(game.checkers());
  showChecks(checks, status.side);
  showMoves(JSON.parse(game.history()));
  canvas.setAttribute('aria-label', game.describe());
  canvas.dataset.fen = game.fen();
  canvas.dataset.side = status.side;
  canvas.dataset.result = status.result;
  canvas.dataset.ply = String(game.plyCount());
  $('fen-out').value = game.fen();
  $('share-link').href = shareUrl();
  const humanTurn = !over && computerSide() !== status.side;
  board.set({ movable: humanTurn && !thinking ? 'both' : 'none' });
  if (settings.mode === 'hotseat' && settings.autoflip && !over) board.set({ orientation: status.side });
  $('btn-undo').disabled = game.plyCount() === 0;
  hideSelectionHint();
  hidePromotion();
  if (!over && !thinking && !computerPaused && computerSide() === status.side) computerMove(newGame);
  return { status, over, checks };
}

/** Plays move text (from the board, the text field or the computer); returns an error or null. */
function play(text, { by = 'user' } = {}) {
  if (!game) return 'The game is not ready.';
  if (by !== 'computer' && thinking) return 'Wait for the computer’s move (or press “Move now”).';
  const status = JSON.parse(game.status());
  if (status.result !== 'ongoing') return 'The game is over. Start a new game or undo.';
  if (by !== 'computer' && computerSide() === status.side) return 'It is the computer’s turn.';
  try {
    game.play(text);
  } catch (e) {
    return `${e.message}.`;
  }
  leaveHistory();
  board.sync(game, true);
  showMoveError('');
  const { over, checks } = update();
  const said = [game.lastSentence()];
  if (over) said.push(over);
  else if (checks.length) said.push($('check-info').textContent);
  announce(said.join(' '));
  return null;
}

/** Drops a running search (its answer will be ignored). */
function stopThinking() {
  if (thinking) {
    thinkToken++;
    computer.cancel();
  }
  thinking = false;
  $('thinking').hidden = true;
}

/** Reports a failure of the computer and stops asking it until the user retries. */
function computerFailed(message) {
  computerPaused = true;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'small';
  retry.textContent = 'Try again';
  retry.addEventListener('click', () => {
    computerPaused = false;
    showPageError(null);
    update();
  });
  const div = document.createElement('div');
  div.append(`${message} `, retry);
  showPageError([div]);
}

function computerMove(newGame) {
  thinking = true;
  lastInfo = null;
  const token = ++thinkToken;
  board.set({ movable: 'none' });
  $('thinking').hidden = false;
  $('thinking-text').textContent = 'The computer is thinking…';
  showStatus(JSON.parse(game.status()), { thinkingSide: computerSide() });
  const position = {
    variant: game.variant(),
    fen: game.startFen(),
    options: game.options(),
    moves: game.moveTexts().split(' ').filter(Boolean),
    newGame,
  };
  computer.think(position, { level: settings.level }).then(
    (r) => {
      if (token !== thinkToken || r.cancelled) return;
      thinking = false;
      $('thinking').hidden = true;
      if (r.nps) $('figures').textContent = `Computer: depth ${r.depth}, ${r.nodes} nodes, ${Math.round(r.nps / 1000)} k nodes/s in this browser`;
      canvas.dataset.lastNps = String(r.nps ?? 0);
      const err = r.best ? play(r.best, { by: 'computer' }) : 'it found no move';
      if (err) {
        computerFailed(`The computer’s move ${r.best ?? ''} was not played: ${err}`);
        update();
      }
    },
    (e) => {
      if (token !== thinkToken) return;
      thinking = false;
      $('thinking').hidden = true;
      computerFailed(`The computer could not move: ${e.message}.`);
      update();
    },
  );
}

function undo() {
  if (!game) return;
  stopThinking();
  computerPaused = false;
  const plies = settings.mode === 'computer' && computerSide() !== game.sideToMove() && game.plyCount() >= 2 ? 2 : 1;
  const undone = [];
  for (let i = 0; i < plies; i++) {
    const m = game.undo();
    if (m) undone.push(m);
  }
  leaveHistory();
  board.sync(game, false);
  update();
  if (undone.length) announce(`Took back ${undone.join(' and ')}. ${cap(game.sideToMove())} to move.`);
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function flip() {
  const now = canvas.dataset.orientation === 'black' ? 'white' : 'black';
  board.set({ orientation: now });
  announce(`Board turned: ${cap(now)} at the bottom.`);
}

// ----- looking back through the moves -----

/** Shows the position after `ply` moves, read-only; the current ply returns to the game. */
function viewPly(ply) {
  if (!game) return;
  const last = game.plyCount();
  ply = Math.max(0, Math.min(ply, last));
  if (ply === last) return backToGame();
  const from = viewing ?? last;
  viewing = ply;
  board.showPly(game, ply, Math.abs(from - ply) === 1);
  board.set({ movable: 'none' });
  canvas.setAttribute('aria-label', game.describeAt(ply));
  canvas.dataset.viewing = String(ply);
  const history = JSON.parse(game.history());
  const text = ply === 0 ? 'Start position' : `After ${Math.ceil(ply / 2)}${ply % 2 ? '.' : '…'} ${history[ply - 1].notation}`;
  $('viewing-text').textContent = `${text} (move ${ply} of ${last}).`;
  $('viewing').hidden = false;
  for (const el of document.querySelectorAll('#move-list .ply')) el.classList.toggle('viewed', el.dataset.ply === String(ply));
  announce(`${text}. ${game.describeAt(ply)}`);
}

/** Forgets the look back (a move or an undo brings the board back to the game anyway). */
function leaveHistory() {
  viewing = null;
  delete canvas.dataset.viewing;
  $('viewing').hidden = true;
}

function backToGame() {
  if (viewing === null) return;
  const from = viewing;
  leaveHistory();
  board.showPly(game, game.plyCount(), game.plyCount() - from === 1);
  update();
  announce(`Back to the game. ${cap(game.sideToMove())} to move.`);
}

// ----- promotion chooser -----

function showPromotion(detail) {
  const box = $('promotion-choices');
  box.replaceChildren();
  const color = game.sideToMove();
  for (const c of detail.choices) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.move = c.move;
    const cv = document.createElement('canvas');
    cv.setAttribute('aria-hidden', 'true');
    const label = document.createElement('span');
    label.textContent = c.name;
    b.append(cv, label);
    b.addEventListener('click', () => {
      hidePromotion();
      const err = play(c.move);
      if (err) showMoveError(err);
    });
    box.append(b);
  }
  $('promotion').hidden = false;
  requestAnimationFrame(() => {
    for (const b of box.children) drawGlyph(b.querySelector('canvas'), detail.choices[[...box.children].indexOf(b)].role, color);
    box.firstElementChild?.focus();
  });
}

function hidePromotion() {
  const hadFocus = $('promotion').contains(document.activeElement);
  $('promotion').hidden = true;
  if (hadFocus) canvas.focus();
}

// ----- selection hint (frozen pieces and suicide) -----

function hideSelectionHint() {
  $('selection-hint').hidden = true;
  $('btn-suicide').hidden = true;
}

function onSelect({ square, suicide }) {
  if (!square) return hideSelectionHint();
  const frozen = JSON.parse(game.frozen());
  if (!frozen.includes(square)) return hideSelectionHint();
  const piece = JSON.parse(game.pieceAt(square) ?? 'null');
  const name = piece ? piece.name : 'piece';
  $('selection-text').textContent = suicide
    ? `The ${name} on ${square} is frozen. Click it again to remove it from the board (suicide).`
    : `The ${name} on ${square} is frozen and cannot move.`;
  $('btn-suicide').hidden = !suicide;
  $('btn-suicide').dataset.move = suicide ?? '';
  $('selection-hint').hidden = false;
}

/** The keyboard cursor's square in words, with what a move of the selected piece there takes. */
function describeSquare(square) {
  if (!square) return '';
  const piece = JSON.parse(game.pieceAt(square) ?? 'null');
  let text = `${square}: ${piece ? `${cap(piece.color)} ${piece.name}` : 'empty'}`;
  if (piece && JSON.parse(game.frozen()).includes(square)) text += ', frozen';
  const from = board.selected();
  if (from && from !== square) {
    try {
      const caps = JSON.parse(game.preview(from, square));
      text += caps.length ? `. Moving ${from} here captures ${caps.join(' and ')}` : `. ${from} can move here`;
    } catch {
      // not a destination of the selected piece
    }
  }
  return `${text}.`;
}

/** The position in words with the status and the check, for "describe the position". */
function describeAll() {
  if (!game) return '';
  const ply = viewing ?? game.plyCount();
  const parts = [$('status').textContent, viewing === null ? game.describe() : game.describeAt(ply)];
  if (viewing === null && !$('check-info').hidden) parts.push($('check-info').textContent);
  return parts.join(' ');
}

/** The piece under a point of the board (CSS pixels from its corner), for the long press. */
function pieceAtPoint(x, y) {
  const square = board?.squareAt(x, y, canvas.getBoundingClientRect().width);
  const piece = square && game.pieceAt(square);
  return piece ? { square, ...JSON.parse(piece) } : null;
}

// ----- wiring -----

function wire() {
  canvas.addEventListener('board-move', (e) => {
    const err = play(e.detail.move);
    if (err) showMoveError(err);
  });
  canvas.addEventListener('board-promote', (e) => showPromotion(e.detail));
  canvas.addEventListener('contextmenu', (e) => e.preventDefault()); // long presses on phones
  canvas.addEventListener('board-select', (e) => onSelect(e.detail));
  canvas.addEventListener('board-cursor', (e) => announce(describeSquare(e.detail.square)));
  $('promotion-cancel').addEventListener('click', hidePromotion);
  arrowKeys($('promotion'), hidePromotion);
  installDescribe({ button: $('btn-describe'), describe: describeAll, announce });
  installTouchHelp(canvas, $('board-help'));
  installLongPress({ canvas, card: $('piece-card'), legend: $('legend'), announce, pieceAt: pieceAtPoint });
  $('btn-suicide').addEventListener('click', () => {
    const err = play($('btn-suicide').dataset.move);
    if (err) showMoveError(err);
  });
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('move-input');
    const text = input.value.trim();
    if (!text) return showMoveError('Type a move first, e.g. ' + input.placeholder.split(' or ')[0] + '.');
    const err = play(text);
    if (err) showMoveError(err);
    else input.value = '';
  });
  $('btn-undo').addEventListener('click', undo);
  $('btn-live').addEventListener('click', backToGame);
  const pickPly = (e) => {
    const ply = e.target.closest?.('.ply[data-ply]')?.dataset.ply;
    if (ply) viewPly(Number(ply));
  };
  $('move-list').addEventListener('click', pickPly);
  $('move-list').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pickPly(e);
    }
  });
  $('btn-flip').addEventListener('click', flip);
  $('btn-stop').addEventListener('click', () => computer.moveNow());
  $('btn-copy-fen').addEventListener('click', async () => {
    $('fen-out').select();
    try {
      await navigator.clipboard.writeText(game.fen());
      announce('FEN copied.');
    } catch {
      announce('Select the FEN and copy it with Ctrl+C.');
    }
  });
  const dialog = new NewGameDialog($('new-game'), { optionSpecs, levels: levelList });
  $('btn-new').addEventListener('click', async () => {
    const focusBack = rememberFocus();
    const s = await dialog.open(settings);
    focusBack();
    if (!s) return;
    history.replaceState(null, '', urlFor(s));
    startGame(s);
  });
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'Escape') {
      hidePromotion();
      board.select(null);
    } else if ((e.ctrlKey || e.metaKey) && e.key === 'z') {
      e.preventDefault();
      undo();
    } else if (e.key === 'f' && !e.ctrlKey && !e.metaKey && !e.altKey) flip();
    else if (e.key === 'End') backToGame();
    else if (e.key === 'Home' && game?.plyCount()) viewPly(0);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      // Arrows step through the moves, except on the board, where they move its cursor.
      if (e.target !== document.body && !e.target.closest?.('#move-list')) return;
      if (e.key === 'ArrowLeft' && game?.plyCount()) viewPly((viewing ?? game.plyCount()) - 1);
      if (e.key === 'ArrowRight' && viewing !== null) viewPly(viewing + 1);
    }
  });
  new ResizeObserver(() => board?.redraw()).observe(canvas);
  matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener?.('change', () => board?.redraw());
}

/** The language switch: one option per catalog, each named in its own language. */
function wireLanguageSwitch(select) {
  select.replaceChildren(
    ...LANGUAGES.map(({ code, name }) => {
      const o = document.createElement('option');
      o.value = code;
      o.lang = code;
      o.textContent = name;
      return o;
    }),
  );
  select.value = language();
  select.addEventListener('change', () => setLanguage(select.value));
  document.addEventListener('baroque:language', () => {
    select.value = language();
    if (game) refreshWords();
  });
}

/** Re-renders the words the page built itself (after a language switch). */
function refreshWords() {
  update();
}

async function main() {
  let langErrors = [];
  try {
    langErrors = await initI18n();
  } catch (e) {
    console.warn('The message catalogs did not load; the page stays in English.', e);
  }
  wireLanguageSwitch($('lang-select'));
  try {
    await init();
  } catch (e) {
    showPageError(errorNodes([`The game engine could not be loaded: ${e.message}. This page needs a browser with WebAssembly.`]));
    $('status').textContent = 'Not available';
    return;
  }
  performance.mark('baroque:wasm-ready');
  roleNames = Object.fromEntries(JSON.parse(roles()).map((r) => [r.id, r.name]));
  variantsJson = variants();
  levelList = JSON.parse(levels());
  drawGlyph($('logo'), 'immobilizer', 'white');
  theme = installTheme({
    boardColors,
    announce,
    themePicker: $('pick-theme'),
    setPicker: $('pick-board'),
    onChange: (colors) => board?.set(colors),
  });
  theme.apply();
  computer = new Computer({
    onInfo: (info) => {
      lastInfo = info;
      const score = info.score.mate !== undefined ? `mate in ${Math.abs(info.score.mate)}` : `${(info.score.cp / 100).toFixed(2)}`;
      $('thinking-text').textContent = `The computer is thinking… depth ${info.depth}, ${score}`;
    },
    onError: (m) => showPageError(errorNodes([`Computer player: ${m}`])),
  });
  canvas.dataset.aiStop = computer.sharedStop ? 'shared' : 'terminate';
  wire();
  const { settings: s, errors } = settingsFromUrl(location.search);
  errors.unshift(...langErrors.map(({ id, args }) => t(id, args)));
  startGame(s, errors);
  requestAnimationFrame(() => {
    performance.mark('baroque:first-board');
    performance.measure('baroque:time-to-board', { start: 0, end: 'baroque:first-board' });
    canvas.dataset.ready = 'true';
  });
  // Test and embedding hook: geometry of the live board, nothing that bypasses the rules.
  window.baroque = {
    squareCenter(name) {
      const r = canvas.getBoundingClientRect();
      const [x, y] = board.squareCenter(name, r.width);
      return [r.left + x, r.top + y];
    },
    get lastInfo() {
      return lastInfo;
    },
  };
}

/**
 * Offline play: registers the service worker (sw.js at the root, which caches the page for the
 * next visit) once the page has loaded. Only over http(s) in a secure context (https or
 * localhost); a failure is logged, never shown or thrown.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !isSecureContext || !/^https?:$/.test(location.protocol)) return;
  const register = () =>
    navigator.serviceWorker
      .register(new URL('../sw.js', import.meta.url), { updateViaCache: 'none' })
      .catch((e) => console.warn('Offline play is not available: the service worker did not register.', e));
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

main();
registerServiceWorker();
