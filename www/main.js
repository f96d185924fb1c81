// Boots the page: loads the engine, reads the URL, and runs hot-seat and computer games on the
// canvas board. The board (wasm) reports moves as DOM events; this module plays them on the
// WebGame, syncs the board and updates the panel. Legal moves only ever come from wasm.
performance.mark('baroque:boot');

import { Computer } from './ai.js';
import { announce, resultText, showChecks, showMoveError, showMoves, showPageError, showStatus } from './panel.js';
import { renderLegend } from './legend.js';
import { NewGameDialog, clockName, parseClock } from './dialog.js';
import { installTheme } from './theme.js';
import { arrowKeys, installDescribe, rememberFocus } from './a11y.js';
import { installLongPress, installTouchHelp, pointerKind } from './touch.js';
import { andList, errorText, initI18n, language, render, t, wireLanguageSwitch } from './i18n.js';
import { BoardView, buildGame, colors, errorOf, gameSpec, gameTable, init, levels, readPgn } from './engine/engine.js';
import { ThreatsView } from './threats.js';
import { Analysis } from './analysis.js';
import { Hints } from './hint.js';
import { GameStore, newId } from './store.js';
import { GamesList } from './games-list.js';
import { GameOverDialog, addGameOverAction, scoreOf } from './game-over.js';
import { Review, annotateTree, reviewFits } from './review.js';
import { play as playSound } from './sound.js';
import { loadPrefs, savePrefs } from './prefs.js';
import { download, downloadPng, downloadSvg } from './download.js';
import { MoveTree } from './move-tree.js';
import { GameCtrl } from './game/ctrl.js';
import { clockText, newClock } from './game/clock.js';

/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);
const canvas = $('board');
const RESERVED = new Set(['variant', 'fen', 'mode', 'side', 'level', 'flip', 'moves', 'lang', 'clock', 'analysis', 'pgn']);
/** Parameters that links pick up on the way (analytics, ad clicks): ignored without a word. */
const TRACKING = /^(utm_.*|fbclid|gclid|gclsrc|dclid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl|ref)$/i;

let tree = new MoveTree(); // the analysis move tree: the game's moves and the variations (www/move-tree.js)
let branch = null; // the tree node shown away from the game's last move with analysis on: {id, game}
let expectedReply = null; // the reply the computer's last search expected: {moves (the game's then), move}
let board = null;
let computer = null;
let thinkToken = 0; // the search whose answer is awaited; older answers are ignored
let computerPaused = false; // set when the computer failed, so it is not asked again in a loop
/** @type {import('./engine/types.js').SearchInfo | null} */
let lastInfo = null;
/** @type {import('./engine/types.js').Level[]} */
let levelList = [];
let theme = null; // the theme and board set (www/theme.js)
let pageErrors = []; // what the banner shows, as messages, so a language switch rewords it
let threats = null; // threats mode (www/threats.js)
let analysis = null; // the analysis board (www/analysis.js)
let hints = null; // hints in games against the computer (www/hint.js)
let review = null; // the game review (www/review.js)
const store = new GameStore();
// The game, its settings, its record (www/store.js: id, rev, created, name, ended, redo, clock),
// the draw offer, whether the computer thinks, and the view (live, a past ply, a tree node).
const ctrl = new GameCtrl();
let storeProblems = []; // what the storage notice shows, as messages
let gamesList = null;
let gameOver = null; // the game-over dialog (www/game-over.js)
let prefs = loadPrefs(); // sound, coordinates, animation, last level and clock (www/prefs.js)

/** Reads the page's settings from the URL; problems are collected, never thrown. */
function settingsFromUrl(search) {
  const p = new URLSearchParams(search);
  const errors = [];
  const games = gameTable();
  const s = { variant: games[0].id, fen: '', options: [], mode: 'hotseat', side: 'white', level: 3, autoflip: false, clock: null, moves: [] };
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
  const clock = p.get('clock');
  if (clock !== null) {
    s.clock = parseClock(clock);
    if (!s.clock) errors.push({ id: 'error-bad-clock', args: { value: clock } });
  }
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
  // Whether the address names a game at all (not only a language or tracking tags).
  const fromLink = [...p.keys()].some((k) => k !== 'lang' && !TRACKING.test(k));
  return { settings: s, errors, fromLink };
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
  if (s.clock) p.set('clock', clockName(s.clock));
  return `${location.pathname}?${p}`;
}

/** A link that reopens this game: its start position, options, players and moves so far. */
function shareUrl() {
  const standard = gameSpec(ctrl.game.variant()).startFen;
  const fen = ctrl.game.startFen() === standard ? '' : ctrl.game.startFen();
  const moves = ctrl.game.moveTexts();
  return urlFor({ ...ctrl.settings, fen }) + (moves.length ? `&moves=${moves.join(',')}` : '');
}

/**
 * Keeps the address bar on this game (replaceState: no new history entry), so a copied address
 * reopens it; a `lang` of the address stays.
 */
function followInAddressBar() {
  const lang = new URLSearchParams(location.search).get('lang');
  const url = shareUrl() + (lang ? `&lang=${encodeURIComponent(lang)}` : '');
  if (location.pathname + location.search !== url) history.replaceState(history.state, '', url);
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
function startGame(s, errors = [], saved = null, { orientation: wanted = null } = {}) {
  stopThinking();
  computerPaused = false;
  if ($('game-over').open) $('game-over').close();
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
  tree = MoveTree.fromJSON(saved?.tree ?? s.tree);
  ctrl.start(g, s, saved
    ? { ...saved }
    : { id: newId(), rev: 0, created: Date.now(), name: '', ended: null, redo: [], clock: newClock(s.clock) });
  store.setCurrent(saved ? saved.id : null);
  showErrors(errors);
  if (s.mode === 'computer') computer.warmUp();
  const orientation = wanted ?? saved?.orientation ?? (s.mode === 'computer' ? s.side : (s.autoflip ? ctrl.game.sideToMove() : 'white'));
  if (board) board.free();
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  board = new BoardView(canvas, ctrl.game, { orientation, movable: 'both', animation: reduceMotion || !prefs.animation ? 0 : 220, coordinates: prefs.coordinates, ...theme.current() });
  canvas.dataset.variant = ctrl.game.variant();
  // An example for the move box: the first legal move, as move text and as notation.
  const first = ctrl.game.legalMoves()[0];
  moveExample = first ? { text: first.move, notation: first.notation } : null;
  renderGameWords();
  showMoveError('');
  hidePromotion();
  update({ newGame: true });
  announce(t('say-new-game', { game: t(`game-${ctrl.game.variant()}`), position: render(ctrl.game.describe()) }));
}

let moveExample = null;

/** The words about the game that stay put during it: title, legend, options, players, the move box's example. */
function renderGameWords() {
  const title = t(`game-${ctrl.game.variant()}`);
  $('game-title').textContent = t('header-game-title', { game: title });
  document.title = t('page-title', { game: title });
  renderLegend($('legend'), gameSpec(ctrl.game.variant()), BoardView.drawGlyph);
  const specs = gameSpec(ctrl.game.variant()).options;
  const changed = ctrl.game.options()
    .filter((pair) => { const [k, v] = pair.split('='); return specs.find((o) => o.name === k)?.values[0] !== v; });
  $('rules-info').textContent = changed.length ? t('rules-info', { options: changed.join(', ') }) : '';
  $('rules-info').hidden = changed.length === 0;
  $('players-info').textContent = ctrl.settings.mode === 'computer'
    ? t('players-computer', { side: ctrl.settings.side, level: ctrl.settings.level, name: t(`level-${ctrl.settings.level}`) })
    : t('players-hotseat', { autoflip: ctrl.settings.autoflip ? 'yes' : 'no' });
  $('move-input').placeholder = moveExample ? t('move-input-example', moveExample) : '';
}



/** The game's status: the engine's, unless the page ended the game (resignation, agreement, time). */
const currentStatus = () => ctrl.status();
const computerSide = () => ctrl.computerSide();

/** The ply shown while looking back through the moves (or a variation's base), or null for the game. */
const viewedPly = () => (ctrl.view.kind === 'live' ? null : ctrl.view.ply);

/** Refreshes everything that shows the game, and lets the computer move when it is its turn. */
function update({ newGame = false } = {}) {
  const status = currentStatus();
  const over = showStatus(status, { thinkingSide: ctrl.thinking ? computerSide() : null });
  const checks = ctrl.game.checkers();
  showChecks(checks, status.side);
  if (newGame) hints?.newGame(ctrl.record?.hints ?? []); // before the move list, which marks the hinted moves
  showMoves(ctrl.game.history());
  showTree();
  review?.show(ctrl.record?.review, viewedPly());
  review?.markMoves($('move-list'));
  hints?.markMoves($('move-list'));
  if (status.result !== 'ongoing') showResultInList(status, over);
  showClocks();
  canvas.setAttribute('aria-label', render(ctrl.game.describe()));
  canvas.dataset.fen = ctrl.game.fen();
  canvas.dataset.side = status.side;
  canvas.dataset.result = status.result;
  canvas.dataset.ply = String(ctrl.game.plyCount());
  $('fen-out').value = ctrl.game.fen();
  // The position editor opens on the position shown (www/editor.html).
  $('link-editor').href = `www/editor.html?${new URLSearchParams({ variant: ctrl.game.variant(), fen: ctrl.game.fen() })}`;
  $('share-link').href = shareUrl();
  followInAddressBar();
  const humanTurn = !over && computerSide() !== status.side;
  board.set({ movable: humanTurn && !ctrl.thinking ? 'both' : 'none' });
  if (ctrl.settings.mode === 'hotseat' && ctrl.settings.autoflip && !over) board.set({ orientation: status.side });
  $('btn-undo').disabled = ctrl.game.plyCount() === 0 && !ctrl.record?.ended;
  $('btn-redo').disabled = !ctrl.record?.redo?.length || over !== null;
  $('btn-resign').disabled = over !== null;
  $('btn-draw').hidden = ctrl.settings.mode === 'computer';
  $('btn-draw').disabled = over !== null || ctrl.drawOffer !== null;
  $('draw-offer').hidden = ctrl.drawOffer === null || over !== null;
  hideSelectionHint();
  hidePromotion();
  threats?.show(ctrl.game, viewedPly() === null);
  analyse(ctrl.game.plyCount(), status);
  hints?.reset();
  $('btn-hint').hidden = ctrl.settings.mode !== 'computer';
  $('btn-hint').disabled = !humanTurn || ctrl.thinking;
  if (!over && !ctrl.thinking && !computerPaused && computerSide() === status.side) computerMove(newGame);
  persist();
  return { status, over, checks };
}

/** Asks the analysis board (when on) to analyse the position after `ply` moves of the game. */
function analyse(ply, status = null) {
  if (!analysis) return;
  const moves = ctrl.game.moveTexts().slice(0, ply);
  const whiteFirst = ctrl.game.startSide() === 'white';
  const side = (ply % 2 === 0) === whiteFirst ? 'white' : 'black';
  const over = status ? status.result !== 'ongoing' : false;
  analysis.show({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves, side, over });
}

/** Plays out an analysis line on the game (as far as the rules and the players allow). */
function playLine(pv) {
  // Away from the game's last move with the tree on, the line goes into the tree as a variation.
  if (branch || (viewedPly() !== null && analysis?.on)) {
    for (const m of pv) {
      // Once the line reaches the game's last move, the rest are the game's moves.
      const err = branch || viewedPly() !== null ? playInTree(m) : play(m);
      if (err) return showMoveError(err);
    }
    return;
  }
  if (viewedPly() !== null) backToGame();
  for (const m of pv) {
    const err = play(m);
    if (err) return showMoveError(err);
  }
}

// ----- the analysis move tree (www/move-tree.js) -----

/** A game of this game's start and rules with `moves` played (the caller frees it), or null. */
function buildAt(moves) {
  const built = buildGame({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves });
  return built.error ? null : built.game;
}

/** Brings the tree's main line to the game's moves and shows the variations in the move list. */
function showTree() {
  tree.sync(ctrl.game.history());
  const whiteFirst = ctrl.game.startSide() === 'white';
  tree.renderInto($('move-list'), { current: currentNode(), whiteFirst });
  markCurrentNode();
}

/** The tree node the board shows. */
function currentNode() {
  return branch ? branch.id : tree.mainNode(viewedPly() ?? ctrl.game.plyCount());
}

/** Marks the node shown in the move list and sets what the tree buttons can do. */
function markCurrentNode() {
  const current = currentNode();
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#move-list [data-node]'))) el.classList.toggle('current', el.dataset.node === String(current));
  const inVariation = branch !== null && tree.mainPly(branch.id) < 0;
  $('btn-tree-promote').disabled = !inVariation;
  $('btn-tree-delete').disabled = !inVariation;
  canvas.dataset.treeNodes = String(tree.nodes.size - 1);
}

/** Plays a move in the tree from the node shown (a variation unless it is the line's own move). */
function playInTree(text) {
  const at = currentNode();
  const g = buildAt(tree.path(at));
  if (!g) return t('error-not-ready');
  let last;
  try {
    g.play(text);
    last = g.history().at(-1);
  } catch (e) {
    return errorText(errorOf(e));
  } finally {
    g.free();
  }
  goToNode(tree.add(at, last.move, last.notation));
  sound('move');
  persist();
  return null;
}

/** Shows tree node `id`: a move of the game (as a look back), or a variation's. */
function goToNode(id) {
  if (!tree.node(id)) return;
  const ply = tree.mainPly(id);
  if (ply === ctrl.game.plyCount()) return backToGame();
  if (ply >= 0) return viewPly(ply);
  const moves = tree.path(id);
  const built = buildAt(moves);
  if (!built) return;
  let base = id;
  while (tree.mainPly(base) < 0) base = tree.node(base).parent;
  const from = branch?.game.plyCount() ?? -1;
  leaveHistory();
  ctrl.view = { kind: 'node', id, ply: tree.mainPly(base) };
  branch = { id, game: built };
  board.sync(built, Math.abs(from - built.plyCount()) === 1);
  const status = built.status();
  board.set({ movable: status.result === 'ongoing' ? 'both' : 'none' });
  const position = render(built.describe());
  canvas.setAttribute('aria-label', position);
  canvas.dataset.viewing = String(viewedPly());
  canvas.dataset.node = String(id);
  canvas.dataset.fen = built.fen();
  const last = built.history().at(-1);
  $('viewing-text').textContent = t('tree-viewing', { notation: last.notation, moves: moves.length - viewedPly(), ply: viewedPly() });
  $('viewing').hidden = false;
  threats?.show(ctrl.game, false);
  analysis?.show({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves, side: status.side, over: status.result !== 'ongoing' });
  renderMoveList();
  announce(t('say-viewing', { what: $('viewing-text').textContent, position }));
}

/** Rebuilds the move list: the game's moves, the tree's variations, the review's marks. */
function renderMoveList() {
  showMoves(ctrl.game.history());
  showTree();
  review?.markMoves($('move-list'));
  hints?.markMoves($('move-list'));
}

/** Makes the variation shown the main line: the game's moves become that line's. */
function promoteVariation() {
  if (!branch || tree.mainPly(branch.id) >= 0) return;
  const id = branch.id;
  const built = buildAt(tree.promote(id));
  if (!built) return;
  stopThinking();
  leaveHistory();
  ctrl.start(built, ctrl.settings, { ...ctrl.record, redo: [] });
  board.sync(ctrl.game, false);
  update();
  goToNode(id);
  announce(t('say-tree-promoted'));
}

/** Deletes the variation shown from its move on, and shows the move before it. */
function deleteVariation() {
  if (!branch || tree.mainPly(branch.id) >= 0) return;
  const parent = tree.remove(branch.id);
  persist();
  goToNode(parent ?? 0);
  renderMoveList();
  announce(t('say-tree-deleted'));
}

/** Starts analysing the text of the analysis card's box: a PGN, else a FEN of this game. */
function analyseText(text) {
  if (!text.trim()) return showMoveError(t('error-analyse-empty'));
  const s = { ...ctrl.settings, mode: 'hotseat', fen: '', moves: [], options: [...ctrl.settings.options] };
  // A FEN is one line of fields whose second is the side to move; anything else is a record.
  const fen = /^\S+\s+[wb](\s|$)/.test(text.trim()) && !text.trim().includes('\n');
  const problem = checkSettings(fen ? { ...s, fen: text.trim() } : { ...s, pgn: text });
  if (problem) return showErrors([{ id: 'error-analyse-text', args: { error: problem } }]);
  if (fen) {
    s.fen = text.trim();
    history.replaceState(null, '', urlFor(s));
    startGame(s);
  } else startFromPgn(text, s);
  analysis.setOn(true);
}

/** Opens the analysis on the game shown (the game-over dialog's and the Games list's Analyse). */
function analyseGame() {
  if (!analysis.on) analysis.setOn(true);
  update();
  $('analysis-card').scrollIntoView?.({ block: 'nearest' });
}

// ----- saved games (www/store.js, www/games-list.js) -----

/** The record of this game as it stands (what a reload, Back or a new tab restores). */
function snapshot() {
  const standard = gameSpec(ctrl.game.variant()).startFen;
  const status = ctrl.game.status();
  const ended = ctrl.record.ended;
  return {
    ...ctrl.record,
    variant: ctrl.game.variant(),
    fen: ctrl.game.startFen() === standard ? '' : ctrl.game.startFen(),
    options: [...ctrl.settings.options],
    moves: ctrl.game.moveTexts(),
    mode: ctrl.settings.mode,
    side: ctrl.settings.side,
    level: ctrl.settings.level,
    autoflip: ctrl.settings.autoflip,
    orientation: canvas.dataset.orientation === 'black' ? 'black' : 'white',
    clock: ctrl.record.clock ? { ...ctrl.record.clock, ...ctrl.clockLeft() } : null,
    final: { fen: ctrl.game.fen(), result: ended?.result ?? status.result, reason: ended?.reason ?? status.reason ?? '' },
    // Optional fields: the game review (www/review.js) while it fits the moves, the plies of the hints.
    review: reviewFits(ctrl.record.review, ctrl.game.moveTexts()) ? ctrl.record.review : undefined,
    hints: hints?.plies.length ? [...hints.plies] : undefined,
    tree: tree.hasVariations() || tree.comment || [...tree.nodes.values()].some((n) => n.nags?.length || n.comment) ? tree.toJSON() : undefined,
  };
}

/** Saves the game after every change; a game not yet moved in is not saved. */
function persist() {
  if (!ctrl.game || !ctrl.record || (ctrl.record.rev === 0 && ctrl.game.plyCount() === 0 && !ctrl.record.ended)) return;
  const saved = store.save(snapshot());
  if (!saved.ok) return showStoreProblems([saved.problem]);
  if (saved.forked) showStoreProblems([{ id: 'store-forked', args: {} }]);
  else if (storeProblems.some((p) => p.id === 'store-full' || p.id === 'store-unavailable')) showStoreProblems([]);
  ctrl.record = saved.record;
}

/** Shows messages about the saved games in the storage notice (none hides it). */
function showStoreProblems(list) {
  storeProblems = list;
  renderStoreProblems();
}

function renderStoreProblems() {
  const el = $('store-notice');
  el.replaceChildren(...storeProblems.map((m) => {
    const div = document.createElement('div');
    div.dataset.problem = m.id ?? m.error.code;
    div.textContent = m.error ? errorText(m.error) : t(m.id, m.args);
    return div;
  }));
  el.hidden = storeProblems.length === 0;
}

/** Whether saved record `r` is the game that settings `s` (from the URL) describe. */
function sameGame(r, s) {
  const sorted = (a) => [...a].sort().join(' ');
  return r.variant === s.variant && r.fen === s.fen.trim() && sorted(r.options) === sorted(s.options)
    && r.moves.join(' ') === s.moves.join(' ') && r.mode === s.mode
    && (s.mode !== 'computer' || (r.side === s.side && r.level === s.level))
    && clockName(r.clock) === clockName(s.clock);
}

/** The settings a saved record starts from. */
function settingsOf(r) {
  return { variant: r.variant, fen: r.fen, options: [...r.options], mode: r.mode, side: r.side, level: r.level, autoflip: !!r.autoflip, clock: r.clock ? { base: r.clock.base, inc: r.clock.inc } : null, moves: [...r.moves] };
}

/** Opens a saved game (from the Games list). */
function openSaved(r) {
  if (r.id === ctrl.record?.id) return;
  history.replaceState(null, '', urlFor(settingsOf(r)));
  startGame(settingsOf(r), [], r);
}

/** The board picture of a saved game, for the Games list. */
function thumbnail(cv, r) {
  const built = buildGame({ variant: r.variant, fen: r.fen, options: r.options, moves: r.moves });
  if (built.error) return null;
  try {
    return new BoardView(cv, built.game, { orientation: r.orientation ?? 'white', movable: 'none', coordinates: false, animation: 0, ...theme.current() });
  } catch {
    return null;
  } finally {
    built.game.free();
  }
}

/** What is wrong with the new-game settings' PGN or FEN, in words, or null (the dialog's check). */
function checkSettings(s) {
  if (s.pgn) {
    try {
      readPgn(s.pgn, s.variant, 1);
      return null;
    } catch (e) {
      return errorText(errorOf(e));
    }
  }
  if (!s.fen) return null;
  const built = buildGame({ variant: s.variant, fen: s.fen, options: s.options });
  if (built.error) return errorText(built.error);
  built.game.free();
  return null;
}

/** Starts the first game of a PGN text (checked), with the players of `s`; its result is kept. */
function startFromPgn(text, s) {
  const g = readPgn(text, s.variant, 1);
  const standard = gameSpec(g.variant).startFen;
  const specs = gameSpec(g.variant).options;
  const options = g.options.filter((pair) => { const [k, v] = pair.split('='); return specs.find((o) => o.name === k)?.values[0] !== v; });
  const next = { ...s, variant: g.variant, fen: g.fen === standard ? '' : g.fen, options, moves: g.moves, pgn: '', tree: g.tree };
  const tag = (name) => g.tags.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
  const tc = /^(\d+)\+(\d+)$/.exec(tag('TimeControl') ?? '');
  if (tc) next.clock = { base: Number(tc[1]) * 1000, inc: Number(tc[2]) * 1000 };
  history.replaceState(null, '', urlFor(next));
  startGame(next);
  delete /** @type {any} */ (ctrl.settings).tree;
  // A result the moves do not decide (a resignation, an agreement, time) comes from the record.
  const reason = tag('Termination');
  if (g.result !== 'ongoing' && ctrl.game.status().result === 'ongoing') {
    ctrl.record.ended = { result: g.result, reason: ['resign', 'agreement', 'time'].includes(reason) ? reason : 'record' };
    update();
  }
  if (tag('Event') && tag('Event') !== '?') ctrl.record.name = tag('Event');
  persist();
}

/** Downloads a saved game's record as PGN. */
function exportRecord(r) {
  const built = buildGame({ variant: r.variant, fen: r.fen, options: r.options, moves: r.moves });
  if (built.error) return showStoreProblems([{ error: built.error }]);
  const text = pgnOf(built.game, r);
  built.game.free();
  download(new Blob([text], { type: 'application/x-chess-pgn' }), `${fileName(r)}.pgn`);
}

/** The PGN of `g` with the tags of record `r` (players, date, a result the page decided). */
function pgnOf(g, r) {
  const d = new Date(r.created);
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const you = t('pgn-you');
  const computerName = t('pgn-computer', { level: r.level });
  const [white, black] = r.mode === 'computer' ? (r.side === 'white' ? [you, computerName] : [computerName, you]) : ['?', '?'];
  const tags = [`Event=${r.name || '?'}`, `Site=Baroque`, `Date=${date}`, `White=${white}`, `Black=${black}`];
  if (r.clock?.base) tags.push(`TimeControl=${Math.round(r.clock.base / 1000)}+${Math.round(r.clock.inc / 1000)}`);
  if (r.ended) tags.push(`Termination=${r.ended.reason}`);
  if (r.hints?.length) tags.push(`Hints=${r.hints.length}`); // docs/pgn.md: the hints used (www/hint.js)
  // The saved tree's variations, NAGs and comments, with the review's evaluations, NAGs and
  // judgements and the hints' comments added as its annotations (www/review.js annotateTree);
  // should the tree not fit the moves, the moves with the review's annotations alone.
  const review = reviewFits(r.review, r.moves) ? r.review : null;
  const notes = { review, hints: r.hints ?? [], hintWords: t('hint-mark-title'), plies: r.moves.length };
  if (r.tree) {
    try {
      return g.pgn(tags, r.ended?.result ?? undefined, annotateTree(r.tree, notes));
    } catch (e) {
      console.warn('The move tree does not fit the ctrl.game; its variations are left out.', e);
    }
  }
  return g.pgn(tags, r.ended?.result ?? undefined, annotateTree(null, notes));
}

function fileName(r) {
  const d = new Date(r.updated ?? Date.now());
  return `baroque-${r.variant}-${d.toISOString().slice(0, 16).replace(/[:T]/g, '-')}`;
}

/**
 * Plays move text (from the board, the text field or the computer); returns an error or null.
 * @param {string} text
 * @param {{ by?: 'user' | 'computer' | 'redo' }} [opts]
 */
function play(text, { by = 'user' } = {}) {
  if (by === 'user' && ctrl.game && (branch || (viewedPly() !== null && analysis?.on))) return playInTree(text);
  const r = ctrl.move(text, { by });
  if (r.refused) return t(r.refused.id, r.refused.args);
  if (r.error) return errorText(r.error);
  leaveHistory();
  board.sync(ctrl.game, true);
  showMoveError('');
  const { over, checks } = update();
  const said = [render(ctrl.game.lastSentence())];
  sound(over ? 'end' : checks.length ? 'check' : r.move.captures.length ? 'capture' : 'move');
  if (over) {
    said.push(over);
    showGameOver();
  }
  else if (checks.length) said.push($('check-info').textContent);
  announce(said.join(t('say-join')));
  return null;
}

/** Drops a running search (its answer will be ignored) and any pondering on the player's time. */
function stopThinking() {
  computer?.stopPondering();
  if (ctrl.thinking) {
    thinkToken++;
    computer.cancel();
  }
  ctrl.thinking = false;
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
  ctrl.thinking = true;
  lastInfo = null;
  const token = ++thinkToken;
  board.set({ movable: 'none' });
  $('thinking').hidden = false;
  $('thinking-text').textContent = t('thinking');
  showStatus(currentStatus(), { thinkingSide: computerSide() });
  const position = {
    variant: ctrl.game.variant(),
    fen: ctrl.game.startFen(),
    options: ctrl.game.options(),
    moves: ctrl.game.moveTexts(),
    newGame,
  };
  computer.think(position, ctrl.clockLimits() ?? { level: ctrl.settings.level }).then(
    (r) => {
      if (token !== thinkToken || r.cancelled) return;
      ctrl.thinking = false;
      $('thinking').hidden = true;
      if (r.nps) {
        lastFigures = { depth: r.depth, nodes: r.nodes, knps: Math.round(r.nps / 1000) };
        $('figures').textContent = t('figures-computer', lastFigures);
      }
      canvas.dataset.lastNps = String(r.nps ?? 0);
      // For the tests: whether the answer came from pondering, with the ponderhit seen by a
      // running search ('ponderhit') or from a search that had already ended ('pondered').
      canvas.dataset.lastAnswer = r.pondered ? (r.ponderhit ? 'ponderhit' : 'pondered') : 'search';
      canvas.dataset.lastNodes = String(r.nodes ?? 0);
      const err = r.best ? play(r.best, { by: 'computer' }) : t('error-computer-no-move');
      if (err) {
        computerFailed({ id: 'error-computer-move', args: { move: r.best ?? '', error: err } });
        update();
      } else {
        expectedReply = { moves: ctrl.game.moveTexts().join(' '), move: r.ponder ?? null };
        ponder(r.ponder);
      }
    },
    (e) => {
      if (token !== thinkToken) return;
      ctrl.thinking = false;
      $('thinking').hidden = true;
      computerFailed({ id: 'error-computer-failed', args: { error: errorText(errorOf(e)) } });
      update();
    },
  );
}

/**
 * Thinks on the player's time about the reply `expected` (the computer's last search predicted
 * it for the game's moves now), when the setting is on, the level is one of `ponderLevels()` and
 * it is the player's turn.
 */
function ponder(expected) {
  if (!ctrl.game || expectedReply?.moves !== ctrl.game.moveTexts().join(' ')) return;
  const status = currentStatus();
  if (!expected || !prefs.ponder || ctrl.settings.mode !== 'computer' || !ponderLevels().includes(ctrl.settings.level)) return;
  if (status.result !== 'ongoing' || computerSide() === status.side || ctrl.thinking) return;
  const position = { variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves: ctrl.game.moveTexts() };
  computer.ponder(position, ctrl.clockLimits() ?? { level: ctrl.settings.level }, expected);
}

/**
 * The levels that ponder: those that think for a time at full strength (a movetime and no
 * depth or node cap; levels 6 to 8 today), where thinking on the player's time pays.
 */
function ponderLevels() {
  return levelList.filter((l) => l.movetime && !l.depth && !l.nodes).map((l) => l.level);
}

function undo() {
  if (!ctrl.game) return;
  stopThinking();
  computerPaused = false;
  leaveHistory();
  const { ending, undone } = ctrl.undo();
  board.sync(ctrl.game, false);
  update();
  // The resignation, the agreed draw or the fall of the flag is taken back, not a move.
  if (ending) return void announce(t('say-took-back-end'));
  if (undone.length) announce(t('say-took-back', { moves: andList(undone), side: ctrl.game.sideToMove() }));
}

/** Plays the moves undone last, back to the player's turn against the computer. */
function redo() {
  if (!ctrl.game || !ctrl.canRedo()) return;
  stopThinking();
  leaveHistory();
  const played = ctrl.redo();
  board.sync(ctrl.game, true);
  const { over } = update();
  if (played.length) announce(t('say-redone', { moves: new Intl.ListFormat(language(), { type: 'conjunction' }).format(played) }));
  if (over) showGameOver();
}

// ----- results: resignation, draw offers, the game-over dialog -----

/** Ends the game by the page's decision (`result` white/black/draw, `reason` resign/agreement/time). */
function endGame(result, reason) {
  stopThinking();
  if (result) ctrl.endGame(result, reason);
  sound('end');
  const { over } = update();
  announce(over);
  showGameOver();
}

/** The side to move resigns (against the computer: the player). */
function resign() {
  stopThinking();
  if (ctrl.resign()) endGame(null, null);
}

/** In a hot-seat game, the side to move offers a draw; the other side accepts or declines. */
function offerDraw() {
  if (!ctrl.offerDraw()) return;
  $('draw-offer-text').textContent = t('draw-offered', { side: ctrl.drawOffer });
  update();
  announce($('draw-offer-text').textContent);
  $('btn-draw-accept').focus();
}

/** @param {boolean} accept */
function answerDraw(accept) {
  if (ctrl.drawOffer === null) return;
  if (accept) return endGame('draw', 'agreement');
  ctrl.answerDraw(false);
  update();
  announce(t('say-draw-declined'));
}

/** The result after the last move of the list: "1-0 (White wins by checkmate.)". */
function showResultInList(status, sentence) {
  const li = document.createElement('li');
  li.className = 'result';
  li.dataset.result = status.result;
  li.textContent = t('moves-result', { score: scoreOf(status.result), reason: sentence });
  $('move-list').append(li);
}

function showGameOver() {
  const status = currentStatus();
  if (status.result === 'ongoing') return;
  gameOver.show(status, resultText(status), {
    variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves: ctrl.game.moveTexts(), result: status.result, reason: status.reason,
  });
}

/** The same game again with the colours swapped. */
function rematch() {
  const standard = gameSpec(ctrl.game.variant()).startFen;
  const s = { ...ctrl.settings, fen: ctrl.game.startFen() === standard ? '' : ctrl.game.startFen(), moves: [] };
  const flipped = (c) => (c === 'white' ? 'black' : 'white');
  if (s.mode === 'computer') s.side = flipped(s.side);
  const orientation = flipped(canvas.dataset.orientation === 'black' ? 'black' : 'white');
  history.replaceState(null, '', urlFor(s));
  startGame(s, [], null, { orientation });
}

/** Plays a sound when sounds are on; the board notes the last one (for tests). */
function sound(name) {
  if (playSound(name, prefs.sound)) canvas.dataset.sound = name;
}

/** The Appearance card's switches: sounds, coordinates, animation, pondering (remembered). */
function wirePrefs() {
  const boxes = { sound: $('pref-sound'), coordinates: $('pref-coordinates'), animation: $('pref-animation'), ponder: $('pref-ponder') };
  const levels = ponderLevels();
  const note = $('pref-ponder-note');
  // The note's message takes the levels as arguments: the markup carries no data-i18n of its own,
  // or the first localize() would word it without them.
  if (computer.canPonder) {
    const args = { from: Math.min(...levels), to: Math.max(...levels) };
    note.dataset.i18n = 'pref-ponder-note';
    note.dataset.i18nArgs = JSON.stringify(args);
    note.textContent = t('pref-ponder-note', args);
  } else {
    // Without shared memory a running search cannot be told of the ponderhit (www/ai.js).
    boxes.ponder.disabled = true;
    note.dataset.i18n = 'pref-ponder-unavailable';
    note.textContent = t('pref-ponder-unavailable');
  }
  for (const [key, box] of Object.entries(boxes)) {
    box.checked = prefs[key];
    box.addEventListener('change', () => {
      prefs = savePrefs({ [key]: box.checked });
      if (key === 'ponder' && !prefs.ponder) computer?.stopPondering();
      if (key === 'ponder' && prefs.ponder) ponder(expectedReply?.move);
      if (key === 'coordinates') board?.set({ coordinates: prefs.coordinates });
      if (key === 'animation') board?.set({ animation: prefs.animation && !matchMedia('(prefers-reduced-motion: reduce)').matches ? 220 : 0 });
      if (key === 'sound') sound('move');
    });
  }
}

// ----- the chess clock (www/game/clock.js; the controller owns it) -----

function showClocks() {
  const left = ctrl.clockLeft();
  $('clocks').hidden = !left;
  if (!left) return;
  for (const side of /** @type {const} */ (['white', 'black'])) {
    const el = $(`clock-${side}`);
    el.textContent = t('clock-side', { side, time: clockText(left[side]) });
    el.dataset.running = String(ctrl.record.clock.running === side);
    el.dataset.low = String(left[side] < 10000);
    el.dataset.ms = String(Math.round(left[side]));
  }
}

/** Ticks the clocks; a flag that falls ends the game (a draw when the other side cannot win). */
function tickClock() {
  if (!ctrl.game || !ctrl.record?.clock?.running || ctrl.over()) return;
  if (ctrl.tick()) endGame(null, null);
  else showClocks();
}

function flip() {
  const now = canvas.dataset.orientation === 'black' ? 'white' : 'black';
  board.set({ orientation: now });
  persist();
  announce(t('say-board-turned', { side: now }));
}

// ----- looking back through the moves -----

/** Shows the position after `ply` moves, read-only; the current ply returns to the game. */
function viewPly(ply) {
  if (!ctrl.game) return;
  const last = ctrl.game.plyCount();
  ply = Math.max(0, Math.min(ply, last));
  if (ply === last) return backToGame();
  const from = viewedPly() ?? last;
  ctrl.view = { kind: 'past', ply };
  branch?.game.free();
  branch = null;
  if (analysis?.on) {
    // With the analysis on, a move from here goes into the move tree: the board gets a game
    // of this position to move in.
    const built = buildAt(ctrl.game.moveTexts().slice(0, ply));
    branch = built && { id: tree.mainNode(ply), game: built };
  }
  if (branch) {
    board.sync(branch.game, Math.abs(from - ply) === 1);
    board.set({ movable: 'both' });
  } else {
    board.showPly(ctrl.game, ply, Math.abs(from - ply) === 1);
    board.set({ movable: 'none' });
  }
  delete canvas.dataset.node;
  const position = render(ctrl.game.describeAt(ply));
  canvas.setAttribute('aria-label', position);
  canvas.dataset.viewing = String(ply);
  const history = ctrl.game.history();
  const text = ply === 0
    ? t('viewing-start')
    : t('viewing-after', { number: Math.ceil(ply / 2), black: ply % 2 ? 'no' : 'yes', notation: history[ply - 1].notation });
  $('viewing-text').textContent = t('viewing-text', { what: text, ply, last });
  $('viewing').hidden = false;
  threats?.show(ctrl.game, false);
  analyse(ply);
  review?.follow(ply);
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#move-list .ply'))) el.classList.toggle('viewed', el.dataset.ply === String(ply));
  markCurrentNode();
  announce(t('say-viewing', { what: text, position }));
}

/** Forgets the look back (a move or an undo brings the board back to the game anyway). */
function leaveHistory() {
  ctrl.view = { kind: 'live' };
  branch?.game.free();
  branch = null;
  delete canvas.dataset.viewing;
  $('viewing').hidden = true;
}

function backToGame() {
  if (viewedPly() === null) return;
  const from = viewedPly();
  leaveHistory();
  board.showPly(ctrl.game, ctrl.game.plyCount(), ctrl.game.plyCount() - from === 1);
  update();
  announce(t('say-back-to-game', { side: ctrl.game.sideToMove() }));
}

// ----- promotion chooser -----

function showPromotion(detail) {
  const box = $('promotion-choices');
  box.replaceChildren();
  const color = ctrl.game.sideToMove();
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
  const frozen = ctrl.game.frozen();
  if (!frozen.includes(square)) return hideSelectionHint();
  const piece = ctrl.game.pieceAt(square);
  const args = { piece: piece ? t(`role-${piece.role}`) : '', square };
  $('selection-text').textContent = t(suicide ? 'selection-frozen-suicide' : 'selection-frozen', { ...args, input: pointerKind() });
  $('btn-suicide').hidden = !suicide;
  $('btn-suicide').dataset.move = suicide ?? '';
  $('selection-hint').hidden = false;
}

/** The keyboard cursor's square in words, with what a move of the selected piece there takes. */
function describeSquare(square) {
  if (!square) return '';
  const piece = ctrl.game.pieceAt(square);
  const frozen = piece && ctrl.game.frozen().includes(square) ? 'yes' : 'no';
  const parts = [piece
    ? t('cursor-piece', { square, side: piece.color, piece: t(`role-${piece.role}`), frozen })
    : t('cursor-empty', { square })];
  const from = board.selected();
  if (from && from !== square) {
    try {
      const caps = ctrl.game.preview(from, square);
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
  if (!ctrl.game) return '';
  const ply = viewedPly() ?? ctrl.game.plyCount();
  const parts = [$('status').textContent, render(viewedPly() === null ? ctrl.game.describe() : ctrl.game.describeAt(ply))];
  if (viewedPly() === null && !$('check-info').hidden) parts.push($('check-info').textContent);
  return parts.join(' ');
}

/** The piece under a point of the board (CSS pixels from its corner), for the long press. */
function pieceAtPoint(x, y) {
  const square = board?.squareAt(x, y, canvas.getBoundingClientRect().width);
  const piece = square && ctrl.game.pieceAt(square);
  return piece ? { square, ...piece } : null;
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
  $('btn-redo').addEventListener('click', redo);
  $('btn-resign').addEventListener('click', resign);
  $('btn-draw').addEventListener('click', offerDraw);
  $('btn-draw-accept').addEventListener('click', () => answerDraw(true));
  $('btn-draw-decline').addEventListener('click', () => answerDraw(false));
  gameOver = new GameOverDialog($('game-over'), { rematch, newGame: () => $('btn-new').click() });
  $('btn-live').addEventListener('click', backToGame);
  const pickPly = (e) => {
    const node = e.target.closest?.('.var-ply[data-node]')?.dataset.node;
    if (node) return goToNode(Number(node));
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
  $('btn-tree-promote').addEventListener('click', promoteVariation);
  // The analysis toggle (its own handler runs first): a look back becomes movable into the tree
  // when it goes on, and a variation is left when it goes off.
  $('btn-analysis').addEventListener('click', () => {
    if (!analysis.on && branch && tree.mainPly(branch.id) < 0) backToGame();
    else if (viewedPly() !== null) viewPly(viewedPly());
  });
  $('btn-tree-delete').addEventListener('click', deleteVariation);
  $('analyse-form').addEventListener('submit', (e) => {
    e.preventDefault();
    analyseText($('analyse-input').value);
  });
  gamesList = new GamesList($('games'), {
    analyse: (r) => {
      openSaved(r);
      analyseGame();
    },
    store,
    open: openSaved,
    exportPgn: exportRecord,
    review: (r) => {
      openSaved(r);
      review.open();
    },
    thumbnail,
    currentId: () => ctrl.record?.id,
    problems: (list) => showStoreProblems(list),
    changed: (r) => {
      if (r.id !== ctrl.record?.id) return;
      // This tab's game was renamed, deleted or brought back: carry on from what is stored.
      if (r.deleted) ctrl.record = { ...ctrl.record, id: newId(), rev: 0, created: Date.now() };
      else ctrl.record = { ...ctrl.record, name: r.name, rev: r.rev };
    },
  });
  $('btn-games').addEventListener('click', () => {
    const focusBack = rememberFocus();
    gamesList.show();
    $('games').addEventListener('close', focusBack, { once: true });
  });
  $('btn-stop').addEventListener('click', () => computer.moveNow());
  $('btn-copy-pgn').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(pgnOf(ctrl.game, snapshot()));
      announce(t('say-pgn-copied'));
    } catch {
      announce(t('say-pgn-copy-failed'));
    }
  });
  $('btn-download-pgn').addEventListener('click', () => exportRecord(snapshot()));
  $('pgn-file').addEventListener('change', async (e) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const text = await file.text();
    const problem = checkSettings({ ...ctrl.settings, pgn: text });
    if (problem) return showErrors([{ id: 'error-pgn-file', args: { name: file.name, error: problem } }]);
    startFromPgn(text, ctrl.settings);
  });
  // The board as it is shown (an earlier ply while looking back), through the board's SVG writer;
  // the PNG has the canvas's pixel size (at least 480 px).
  const boardSvg = () => board.svg({ size: Math.min(4096, Math.max(480, Math.round(canvas.getBoundingClientRect().width))) });
  $('btn-download-svg').addEventListener('click', () => downloadSvg(boardSvg(), fileName(snapshot())));
  $('btn-download-png').addEventListener('click', () =>
    downloadPng(boardSvg(), fileName(snapshot()), Math.min(4096, Math.max(480, canvas.width))).catch((e) => announce(t('say-picture-failed', { error: String(e?.message ?? e) }))),
  );
  $('btn-copy-fen').addEventListener('click', async () => {
    $('fen-out').select();
    try {
      await navigator.clipboard.writeText(ctrl.game.fen());
      announce(t('say-fen-copied'));
    } catch {
      announce(t('say-fen-copy-by-hand'));
    }
  });
  const dialog = new NewGameDialog($('new-game'), { games: gameTable(), levels: levelList, check: checkSettings });
  document.addEventListener('baroque:language', () => dialog.localize());
  $('btn-new').addEventListener('click', async () => {
    const focusBack = rememberFocus();
    const s = await dialog.open(ctrl.settings);
    focusBack();
    if (!s) return;
    prefs = savePrefs({ level: s.level, clock: s.clock, autoflip: s.autoflip });
    if (s.pgn) return startFromPgn(s.pgn, s);
    history.replaceState(null, '', urlFor(s));
    startGame(s);
  });
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'Escape') {
      hidePromotion();
      board.select(null);
    } else if ((e.ctrlKey || e.metaKey) && (e.key === 'y' || (e.shiftKey && e.key.toLowerCase() === 'z'))) {
      e.preventDefault();
      redo();
    } else if ((e.ctrlKey || e.metaKey) && e.key === 'z') {
      e.preventDefault();
      undo();
    } else if (e.key === 'f' && !e.ctrlKey && !e.metaKey && !e.altKey) flip();
    else if (e.key === 'End') backToGame();
    else if (e.key === 'Home' && ctrl.game?.plyCount()) viewPly(0);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      // Arrows step through the moves, except on the board, where they move its cursor.
      if (e.target !== document.body && !/** @type {Element} */ (e.target).closest?.('#move-list')) return;
      if (branch && tree.mainPly(branch.id) < 0) {
        // In a variation: back to the move before, on to the line's next move.
        const n = tree.node(branch.id);
        const to = e.key === 'ArrowLeft' ? n.parent : n.children[0];
        if (to !== undefined) goToNode(to);
        return;
      }
      if (e.key === 'ArrowLeft' && ctrl.game?.plyCount()) viewPly((viewedPly() ?? ctrl.game.plyCount()) - 1);
      if (e.key === 'ArrowRight' && viewedPly() !== null) viewPly(viewedPly() + 1);
    }
  });
  new ResizeObserver(() => {
    board?.redraw();
    threats?.show(ctrl.game, viewedPly() === null);
  }).observe(canvas);
  setInterval(tickClock, 100);
  matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener?.('change', () => board?.redraw());
}

let lastFigures = null;

/** Re-renders the words the page built itself (after a language switch). */
function refreshWords() {
  $('live').textContent = ''; // the last announcement was in the other language
  renderGameWords();
  renderErrors();
  renderStoreProblems();
  if (lastFigures) $('figures').textContent = t('figures-computer', lastFigures);
  if (ctrl.thinking) $('thinking-text').textContent = t('thinking');
  if (viewedPly() !== null) viewPly(viewedPly());
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
  document.addEventListener('baroque:language', () => {
    if (ctrl.game) refreshWords();
  });
  let wasmModule = null;
  try {
    // Compiled here once and handed to the computer's worker, so the wasm is downloaded once.
    wasmModule = await WebAssembly.compileStreaming(fetch(new URL('./pkg/baroque_web_bg.wasm', import.meta.url)))
      .catch(() => null);
    await init(wasmModule ? { module_or_path: wasmModule } : undefined);
  } catch (e) {
    showErrors([{ id: 'error-engine-load', args: { error: e.message } }]);
    $('status').dataset.i18n = 'status-unavailable';
    $('status').textContent = t('status-unavailable');
    return;
  }
  performance.mark('baroque:wasm-ready');
  levelList = levels();
  BoardView.drawGlyph($('logo'), 'immobilizer', 'white'); // the logo: a glyph, not a fact of a game
  theme = installTheme({
    colors,
    announce,
    themePicker: $('pick-theme'),
    setPicker: $('pick-board'),
    onChange: (colors) => board?.set(colors),
  });
  theme.apply();
  computer = new Computer({
    wasmModule,
    onInfo: (info) => {
      lastInfo = info;
      const score = info.score.mate !== undefined
        ? t('score-mate', { moves: Math.abs(info.score.mate) })
        : t('score-cp', { pawns: (info.score.cp / 100).toFixed(2) });
      $('thinking-text').textContent = t('thinking-depth', { depth: info.depth, score });
    },
    onError: (err) => showErrors([{ id: 'error-computer-player', args: { error: errorText(err) } }]),
    // For the tests (docs/testing.md): the searches the worker runs, the move pondered on.
    onState: ({ running, ponder: move, ponderDepth, ponderNodes }) => {
      canvas.dataset.aiRunning = String(running);
      if (move) {
        canvas.dataset.ponder = move;
        canvas.dataset.ponderDepth = String(ponderDepth);
        canvas.dataset.ponderNodes = String(ponderNodes);
      } else {
        for (const k of ['ponder', 'ponderDepth', 'ponderNodes']) delete canvas.dataset[k];
      }
    },
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
  hints = new Hints({ button: $('btn-hint'), text: $('hint-text'), used: $('hints-used'), onPiece: (sq) => board.select(sq), onUsed: () => persist() });
  $('btn-hint').addEventListener('click', () => {
    if (!ctrl.game || viewedPly() !== null) return;
    const request = { variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves: ctrl.game.moveTexts(), ply: ctrl.game.plyCount() };
    hints.press(request, ctrl.game).catch((e) => showErrors([{ id: 'error-computer-player', args: { error: errorText(e) } }]));
  });
  review = new Review({
    card: $('review-card'), toggle: $('btn-review'), announce,
    goTo: (ply) => viewPly(ply),
    game: () => ({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves: ctrl.game.moveTexts() }),
    saved: (r) => {
      ctrl.record.review = r;
      if (viewedPly() === null) update();
      else persist();
    },
  });
  const reviewAction = 'review'; // the dialog button's data-action
  addGameOverAction({ id: reviewAction, label: 'btn-review-game', run: () => review.open() });
  const analyseAction = 'analyse'; // the dialog button's data-action
  addGameOverAction({ id: analyseAction, label: 'btn-analyse-game', run: analyseGame });
  wire();
  wirePrefs();
  // Leaving the page (or its freezing in the back-forward cache) ends the thinking on the player's time.
  addEventListener('pagehide', () => computer.stopPondering());
  const { settings: s, errors, fromLink } = settingsFromUrl(location.search);
  errors.unshift(...langErrors);
  // This tab's game (a reload, Back/Forward) or, in a new tab, the last game played, unless the
  // address names another game.
  const { problems } = store.list();
  if (problems.length) showStoreProblems(problems);
  if (!fromLink) {
    // A visit without a link starts (if nothing is saved) with the last level and clock chosen.
    if (prefs.level && prefs.level <= levelList.length) s.level = prefs.level;
    s.clock = prefs.clock;
    s.autoflip = prefs.autoflip;
  }
  const saved = store.game(store.current());
  const query = new URLSearchParams(location.search);
  const analyseLink = query.get('analysis') === '1' || query.has('pgn');
  if (analyseLink) s.mode = 'hotseat'; // an analysis link opens a hot-seat game to analyse
  if (saved && (!fromLink || sameGame(saved, s)) && !query.has('pgn')) startGame(settingsOf(saved), errors, saved);
  else startGame(s, errors);
  if (query.has('pgn')) {
    // `?pgn=`: the record's first game with its variations (a bad record: the message, and the
    // position of the other parameters stays).
    const problem = checkSettings({ ...s, pgn: query.get('pgn') });
    if (problem) showErrors([...errors, { id: 'error-url-pgn', args: { error: problem } }]);
    else startFromPgn(query.get('pgn'), s);
  }
  if (analyseLink) analysis.setOn(true);
  requestAnimationFrame(() => {
    performance.mark('baroque:first-board');
    performance.measure('baroque:time-to-board', { start: 0, end: 'baroque:first-board' });
    canvas.dataset.ready = 'true';
  });
  // Test and embedding hook: geometry of the live board, nothing that bypasses the rules.
  /** @type {any} */ (window).baroque = {
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
