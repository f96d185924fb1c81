// Boots the page: loads the engine, reads the URL, and runs hot-seat and computer games on the
// canvas board. The board (wasm) reports moves as DOM events; this module plays them on the
// WebGame, syncs the board and updates the panel. Legal moves only ever come from wasm.
performance.mark('baroque:boot');

import init, { BoardView, WebSearcher } from './pkg/baroque_web.js';
import { Computer } from './ai.js';
import { announce, showChecks, showMoveError, showMoves, showPageError, showStatus } from './panel.js';
import { renderLegend } from './legend.js';
import { NewGameDialog } from './dialog.js';
import { installTheme } from './theme.js';
import { arrowKeys, installDescribe, rememberFocus } from './a11y.js';
import { installLongPress, installTouchHelp, pointerKind } from './touch.js';
import { LANGUAGES, andList, errorText, initI18n, language, render, setLanguage, t } from './i18n.js';
import { buildGame, errorOf, gameSpec, gameTable } from './games.js';
import { ThreatsView } from './threats.js';
import { Analysis } from './analysis.js';
import { Hints } from './hint.js';

const $ = (id) => document.getElementById(id);
const canvas = $('board');
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
let lastInfo = null;
let levelList = [];
let theme = null; // the theme and board set (www/theme.js)
let pageErrors = []; // what the banner shows, as messages, so a language switch rewords it
let threats = null; // threats mode (www/threats.js)
let analysis = null; // the analysis board (www/analysis.js)
let hints = null; // hints in games against the computer (www/hint.js)

/** Reads the page's settings from the URL; problems are collected, never thrown. */
function settingsFromUrl(search) {
  const p = new URLSearchParams(search);
  const errors = [];
  const games = gameTable();
  const s = { variant: games[0].id, fen: '', options: [], mode: 'hotseat', side: 'white', level: 3, autoflip: false, moves: [] };
  const v = p.get('variant');
  if (v !== null) {
    if (gameSpec(v.trim().toLowerCase())) s.variant = v.trim().toLowerCase();
    else errors.push({ id: 'error-unknown-variant', args: { value: v, variants: games.map((g) => g.id).join(', '), game: s.variant } });
  }
  s.fen = p.get('fen') ?? '';
  const mode = p.get('mode');
  if (mode === 'computer' || mode === 'hotseat') s.mode = mode;
  else if (mode !== null) errors.push({ id: 'error-unknown-mode', args: { value: mode } });
  const side = p.get('side');
  if (side === 'white' || side === 'black') s.side = side;
  else if (side !== null) errors.push({ id: 'error-unknown-side', args: { value: side } });
  const level = p.get('level');
  const max = levelList.length;
  if (level !== null) {
    const n = Number(level);
    if (Number.isInteger(n) && n >= 1 && n <= max) s.level = n;
    else errors.push({ id: 'error-bad-level', args: { value: level, max } });
  }
  s.autoflip = p.get('flip') === 'auto';
  // The rest are rule options of the game; a parameter that is none is reported and skipped, so
  // it does not cost the other options.
  const names = new Set(gameSpec(s.variant).options.map((o) => o.name));
  for (const [k, val] of p) {
    if (RESERVED.has(k) || TRACKING.test(k)) continue;
    if (names.has(k)) s.options.push(`${k}=${val}`);
    else errors.push({ id: 'error-unknown-parameter', args: { name: k, value: val } });
  }
  const moves = p.get('moves');
  if (moves) s.moves = moves.split(/[\s,]+/).filter(Boolean);
  return { settings: s, errors };
}

function urlFor(s) {
  const p = new URLSearchParams({ variant: s.variant });
  const lang = new URLSearchParams(location.search).get('lang');
  if (lang) p.set('lang', lang); // a link's language stays with the page
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
  const standard = gameSpec(game.variant()).startFen;
  const fen = game.startFen() === standard ? '' : game.startFen();
  const moves = game.moveTexts().split(' ').filter(Boolean);
  return urlFor({ ...settings, fen }) + (moves.length ? `&moves=${moves.join(',')}` : '');
}

/** Shows `messages` ({id, args} or {error: {code, params}}, or a DOM node) in the banner; none hides it. */
function showErrors(messages) {
  pageErrors = messages;
  renderErrors();
}

function renderErrors() {
  showPageError(pageErrors.length ? pageErrors.map((m) => {
    if (m instanceof Node) return m;
    const div = document.createElement('div');
    div.textContent = m.error ? errorText(m.error) : t(m.id, m.args);
    return div;
  }) : null);
}

/** Starts a game; falls back step by step (options, then FEN) so a bad URL still shows a board. */
function startGame(s, errors = []) {
  stopThinking();
  computerPaused = false;
  leaveHistory();
  let g = null;
  // The URL's moves first; should one be refused, the game stops before it. Then without the
  // options, then from the start position.
  const attempts = [
    [s.fen, s.options],
    [s.fen, []],
    ['', []],
  ].filter(([f, o], i, all) => all.findIndex(([f2, o2]) => f2 === f && o2.join() === o.join()) === i);
  for (const [fen, options] of attempts) {
    const built = buildGame({ variant: s.variant, fen, options });
    if (built.error) {
      errors.push({ error: built.error });
      continue;
    }
    g = built.game;
    if (options !== s.options) s.options = [];
    if (fen !== s.fen) s.fen = '';
    break;
  }
  for (const m of s.moves) {
    try {
      g.play(m);
    } catch (e) {
      errors.push({ id: 'error-url-move', args: { move: m, error: errorText(errorOf(e)) } });
      break;
    }
  }
  s.moves = [];
  game?.free();
  game = g;
  settings = s;
  showErrors(errors);
  if (s.mode === 'computer') computer.warmUp();
  const orientation = s.mode === 'computer' ? s.side : (s.autoflip ? game.sideToMove() : 'white');
  if (board) board.free();
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  board = new BoardView(canvas, game, { orientation, movable: 'both', animation: reduceMotion ? 0 : 220, ...theme.current() });
  canvas.dataset.variant = game.variant();
  // An example for the move box: the first legal move, as move text and as notation.
  const first = JSON.parse(game.legalMoves())[0];
  moveExample = first ? { text: first.move, notation: first.notation } : null;
  renderGameWords();
  showMoveError('');
  hidePromotion();
  update({ newGame: true });
  announce(t('say-new-game', { game: t(`game-${game.variant()}`), position: render(JSON.parse(game.describe())) }));
}

let moveExample = null;

/** The words about the game that stay put during it: title, legend, options, players, the move box's example. */
function renderGameWords() {
  const title = t(`game-${game.variant()}`);
  $('game-title').textContent = t('header-game-title', { game: title });
  document.title = t('page-title', { game: title });
  renderLegend($('legend'), gameSpec(game.variant()), BoardView.drawGlyph);
  const specs = gameSpec(game.variant()).options;
  const changed = game.options().split(' ').filter(Boolean)
    .filter((pair) => { const [k, v] = pair.split('='); return specs.find((o) => o.name === k)?.values[0] !== v; });
  $('rules-info').textContent = changed.length ? t('rules-info', { options: changed.join(', ') }) : '';
  $('rules-info').hidden = changed.length === 0;
  $('players-info').textContent = settings.mode === 'computer'
    ? t('players-computer', { side: settings.side, level: settings.level, name: t(`level-${settings.level}`) })
    : t('players-hotseat', { autoflip: settings.autoflip ? 'yes' : 'no' });
  $('move-input').placeholder = moveExample ? t('move-input-example', moveExample) : '';
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
  canvas.setAttribute('aria-label', render(JSON.parse(game.describe())));
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
  threats?.show(game, viewing === null);
  analyse(game.plyCount(), status);
  hints?.reset();
  if (newGame) hints?.newGame();
  $('btn-hint').hidden = settings.mode !== 'computer';
  $('btn-hint').disabled = !humanTurn || thinking;
  if (!over && !thinking && !computerPaused && computerSide() === status.side) computerMove(newGame);
  return { status, over, checks };
}

/** Asks the analysis board (when on) to analyse the position after `ply` moves of the game. */
function analyse(ply, status = null) {
  if (!analysis) return;
  const moves = game.moveTexts().split(' ').filter(Boolean).slice(0, ply);
  const whiteFirst = game.startFen().split(' ')[1] === 'w';
  const side = (ply % 2 === 0) === whiteFirst ? 'white' : 'black';
  const over = status ? status.result !== 'ongoing' : false;
  analysis.show({ variant: game.variant(), fen: game.startFen(), options: game.options().split(' ').filter(Boolean), moves, side, over });
}

/** Plays out an analysis line on the game (as far as the rules and the players allow). */
function playLine(pv) {
  if (viewing !== null) backToGame();
  for (const m of pv) {
    const err = play(m);
    if (err) return showMoveError(err);
  }
}

/** Plays move text (from the board, the text field or the computer); returns an error or null. */
function play(text, { by = 'user' } = {}) {
  if (!game) return t('error-not-ready');
  if (by !== 'computer' && thinking) return t('error-wait-computer');
  const status = JSON.parse(game.status());
  if (status.result !== 'ongoing') return t('error-game-over');
  if (by !== 'computer' && computerSide() === status.side) return t('error-computer-turn');
  try {
    game.play(text);
  } catch (e) {
    return errorText(errorOf(e));
  }
  leaveHistory();
  board.sync(game, true);
  showMoveError('');
  const { over, checks } = update();
  const said = [render(JSON.parse(game.lastSentence()))];
  if (over) said.push(over);
  else if (checks.length) said.push($('check-info').textContent);
  announce(said.join(t('say-join')));
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

/** Reports a failure of the computer ({id, args}) and stops asking it until the user retries. */
function computerFailed(message) {
  computerPaused = true;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'small';
  retry.dataset.i18n = 'btn-try-again';
  retry.textContent = t('btn-try-again');
  retry.addEventListener('click', () => {
    computerPaused = false;
    showErrors([]);
    update();
  });
  const div = document.createElement('div');
  const text = document.createElement('span');
  text.dataset.i18n = message.id;
  text.dataset.i18nArgs = JSON.stringify(message.args);
  text.textContent = t(message.id, message.args);
  div.append(text, ' ', retry);
  showErrors([div]);
}

function computerMove(newGame) {
  thinking = true;
  lastInfo = null;
  const token = ++thinkToken;
  board.set({ movable: 'none' });
  $('thinking').hidden = false;
  $('thinking-text').textContent = t('thinking');
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
      if (r.nps) {
        lastFigures = { depth: r.depth, nodes: r.nodes, knps: Math.round(r.nps / 1000) };
        $('figures').textContent = t('figures-computer', lastFigures);
      }
      canvas.dataset.lastNps = String(r.nps ?? 0);
      const err = r.best ? play(r.best, { by: 'computer' }) : t('error-computer-no-move');
      if (err) {
        computerFailed({ id: 'error-computer-move', args: { move: r.best ?? '', error: err } });
        update();
      }
    },
    (e) => {
      if (token !== thinkToken) return;
      thinking = false;
      $('thinking').hidden = true;
      computerFailed({ id: 'error-computer-failed', args: { error: errorText(errorOf(e)) } });
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
  if (undone.length) announce(t('say-took-back', { moves: andList(undone), side: game.sideToMove() }));
}

function flip() {
  const now = canvas.dataset.orientation === 'black' ? 'white' : 'black';
  board.set({ orientation: now });
  announce(t('say-board-turned', { side: now }));
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
  const position = render(JSON.parse(game.describeAt(ply)));
  canvas.setAttribute('aria-label', position);
  canvas.dataset.viewing = String(ply);
  const history = JSON.parse(game.history());
  const text = ply === 0
    ? t('viewing-start')
    : t('viewing-after', { number: Math.ceil(ply / 2), black: ply % 2 ? 'no' : 'yes', notation: history[ply - 1].notation });
  $('viewing-text').textContent = t('viewing-text', { what: text, ply, last });
  $('viewing').hidden = false;
  threats?.show(game, false);
  analyse(ply);
  for (const el of document.querySelectorAll('#move-list .ply')) el.classList.toggle('viewed', el.dataset.ply === String(ply));
  announce(t('say-viewing', { what: text, position }));
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
  announce(t('say-back-to-game', { side: game.sideToMove() }));
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
    label.textContent = t(`role-${c.role}`);
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
    for (const b of box.children) BoardView.drawGlyph(b.querySelector('canvas'), detail.choices[[...box.children].indexOf(b)].role, color);
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
  const args = { piece: piece ? t(`role-${piece.role}`) : '', square };
  $('selection-text').textContent = t(suicide ? 'selection-frozen-suicide' : 'selection-frozen', { ...args, input: pointerKind() });
  $('btn-suicide').hidden = !suicide;
  $('btn-suicide').dataset.move = suicide ?? '';
  $('selection-hint').hidden = false;
}

/** The keyboard cursor's square in words, with what a move of the selected piece there takes. */
function describeSquare(square) {
  if (!square) return '';
  const piece = JSON.parse(game.pieceAt(square) ?? 'null');
  const frozen = piece && JSON.parse(game.frozen()).includes(square) ? 'yes' : 'no';
  const parts = [piece
    ? t('cursor-piece', { square, side: piece.color, piece: t(`role-${piece.role}`), frozen })
    : t('cursor-empty', { square })];
  const from = board.selected();
  if (from && from !== square) {
    try {
      const caps = JSON.parse(game.preview(from, square));
      parts.push(caps.length
        ? t('cursor-captures', { from, victims: andList(caps) })
        : t('cursor-can-move', { from }));
    } catch {
      // not a destination of the selected piece
    }
  }
  return parts.join(t('say-join'));
}

/** The position in words with the status and the check, for "describe the position". */
function describeAll() {
  if (!game) return '';
  const ply = viewing ?? game.plyCount();
  const parts = [$('status').textContent, render(JSON.parse(viewing === null ? game.describe() : game.describeAt(ply)))];
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
    if (!text) return showMoveError(t('error-move-empty', { example: moveExample?.text ?? '' }));
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
      announce(t('say-fen-copied'));
    } catch {
      announce(t('say-fen-copy-by-hand'));
    }
  });
  const dialog = new NewGameDialog($('new-game'), { games: gameTable(), levels: levelList });
  document.addEventListener('baroque:language', () => dialog.localize());
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
  new ResizeObserver(() => {
    board?.redraw();
    threats?.show(game, viewing === null);
  }).observe(canvas);
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
  select.addEventListener('change', () => {
    // The switch's choice is remembered; a ?lang= in the address would override it on reload.
    const url = new URL(location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang');
      history.replaceState(null, '', url);
    }
    setLanguage(select.value);
  });
  document.addEventListener('baroque:language', () => {
    select.value = language();
    if (game) refreshWords();
  });
}

let lastFigures = null;

/** Re-renders the words the page built itself (after a language switch). */
function refreshWords() {
  $('live').textContent = ''; // the last announcement was in the other language
  renderGameWords();
  renderErrors();
  if (lastFigures) $('figures').textContent = t('figures-computer', lastFigures);
  if (thinking) $('thinking-text').textContent = t('thinking');
  if (viewing !== null) viewPly(viewing);
  else update();
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
    showErrors([{ id: 'error-engine-load', args: { error: e.message } }]);
    $('status').dataset.i18n = 'status-unavailable';
    $('status').textContent = t('status-unavailable');
    return;
  }
  performance.mark('baroque:wasm-ready');
  levelList = JSON.parse(WebSearcher.levels());
  BoardView.drawGlyph($('logo'), 'immobilizer', 'white'); // the logo: a glyph, not a fact of a game
  theme = installTheme({
    colors: BoardView.colors,
    announce,
    themePicker: $('pick-theme'),
    setPicker: $('pick-board'),
    onChange: (colors) => board?.set(colors),
  });
  theme.apply();
  computer = new Computer({
    onInfo: (info) => {
      lastInfo = info;
      const score = info.score.mate !== undefined
        ? t('score-mate', { moves: Math.abs(info.score.mate) })
        : t('score-cp', { pawns: (info.score.cp / 100).toFixed(2) });
      $('thinking-text').textContent = t('thinking-depth', { depth: info.depth, score });
    },
    onError: (err) => showErrors([{ id: 'error-computer-player', args: { error: errorText(err) } }]),
  });
  canvas.dataset.aiStop = computer.sharedStop ? 'shared' : 'terminate';
  threats = new ThreatsView({
    layer: $('threat-layer'), list: $('threat-list'), toggle: $('btn-threats'), card: $('threats-card'),
    summary: $('threats-summary'), canvas, glyph: BoardView.drawGlyph, announce,
    center: (name) => board.squareCenter(name, canvas.getBoundingClientRect().width),
  });
  analysis = new Analysis({
    toggle: $('btn-analysis'), card: $('analysis-card'), bar: $('eval-bar'), number: $('eval-number'), lines: $('analysis-lines'),
    stats: $('analysis-stats'), count: $('analysis-count'), layer: $('analysis-layer'), canvas, onPlay: playLine,
    center: (name) => board.squareCenter(name, canvas.getBoundingClientRect().width),
  });
  hints = new Hints({ button: $('btn-hint'), text: $('hint-text'), used: $('hints-used'), onPiece: (sq) => board.select(sq) });
  $('btn-hint').addEventListener('click', () => {
    if (!game || viewing !== null) return;
    const request = { variant: game.variant(), fen: game.startFen(), options: game.options().split(' ').filter(Boolean), moves: game.moveTexts().split(' ').filter(Boolean), ply: game.plyCount() };
    hints.press(request, game).catch((e) => showErrors([{ id: 'error-computer-player', args: { error: errorText(e) } }]));
  });
  wire();
  const { settings: s, errors } = settingsFromUrl(location.search);
  errors.unshift(...langErrors);
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
