// The game page drawn from the controller (www/game/ctrl.js), in one direction: actions call the
// controller, the controller announces each change (`change`), and this module redraws once per
// frame (requestAnimationFrame) by reading the controller — the status, the move list, the
// clocks, the board at the view shown (the game, a past ply, a tree node, an analysis line), the
// buttons, the look-back bar, and the panels' positions. Nothing here changes the game. Part of
// the game page (www/pages/game/main.js boots it; the page's state is in state.js).
import { showChecks, showStatus } from '../../views/panel.js';
import { renderLegend } from '../../views/legend.js';
import { render as words, t } from '../../services/i18n.js';
import { BoardView, buildGame, gameSpec } from '../../engine/engine.js';
import { clockText } from '../../game/clock.js';
import { $, canvas, ctrl, page } from './state.js';
import { renderMoveList } from './movelist.js';
import { shareUrl } from './url.js';
import { showOnline } from './online.js';

/** @typedef {import('../../engine/types.js').Status} Status */
/** @typedef {import('../../engine/engine.js').Game} Game */

/**
 * Where analysis line `line` leads: a game from the game's position (its FEN, the engine's)
 * through the line's moves, nothing replayed from the start; null if the engine refuses them.
 * The caller frees it.
 * @param {string[]} line
 */
function lineGame(line) {
  const built = buildGame({ variant: ctrl.game.variant(), fen: ctrl.game.fen(), options: ctrl.game.options(), moves: line });
  return built.error ? null : built.game;
}

/** What was drawn last, so an unchanged part is not drawn again (the board, the panels' searches). */
const drawn = {
  /** @type {any} */ board: null,
  key: '',
  ply: -1,
  thinking: false,
  analysis: '',
  threats: '',
  review: '',
  /** @type {number | null} */ followed: null,
  /** @type {{ key: string, notation: string }} the analysis line's moves in notation */
  line: { key: '', notation: '' },
};

/** @type {Set<string> | null} the changes since the last frame */
let due = null;

/**
 * The controller's change: a redraw is due at the next frame (one per frame, whatever the number
 * of changes). Also called for the page's own changes (a language, a saved review): `what`.
 * @param {string} [what]
 * @returns {void}
 */
export function redraw(what = 'page') {
  if (due) return void due.add(what);
  due = new Set([what]);
  requestAnimationFrame(() => {
    const changes = due ?? new Set();
    due = null;
    render(changes);
  });
}

/**
 * Draws the game as the controller has it.
 * @param {Set<string>} changes what changed since the last frame (`start`: a new game)
 */
export function render(changes = new Set(['page'])) {
  if (!ctrl.game || !page.board) return;
  // Words drawn in another language are drawn again (the panels' too).
  if (changes.has('language')) Object.assign(drawn, { threats: '', analysis: '', review: '' });
  const game = ctrl.game;
  const status = ctrl.status();
  const over = showStatus(status, { thinkingSide: ctrl.thinking ? ctrl.computerSide() : null });
  if (ctrl.thinking && !drawn.thinking) $('thinking-text').textContent = t('thinking');
  $('thinking').hidden = !ctrl.thinking;
  drawn.thinking = ctrl.thinking;
  showChecks(game.checkers(), status.side);
  showReview(changes);
  renderMoveList(status, over);
  showClocks();
  drawBoard(status, over);
  showAttributes(status, over);
  showButtons(status, over);
  showViewing();
  showPanels(status);
}

/** The review's card and marks follow the game's moves and the ply shown. @param {Set<string>} changes */
function showReview(changes) {
  const ply = ctrl.view.kind === 'live' ? null : ctrl.view.ply;
  const key = `${ctrl.game.moveTexts().join(' ')}|${ctrl.record?.review ? 'reviewed' : ''}`;
  if (key !== drawn.review || changes.has('start') || changes.has('review')) {
    drawn.review = key;
    page.review?.show(ctrl.record?.review, ply);
  } else if (ply !== drawn.followed) page.review?.follow(ply);
  drawn.followed = ply;
}

/** The board at the view shown: the game (animated one move on), a past ply, a tree node, where a line leads. @param {Status} status @param {string | null} over */
function drawBoard(status, over) {
  const view = ctrl.view;
  const moves = ctrl.game.moveTexts().join(' ');
  const board = page.board;
  let key;
  let ply;
  let movable;
  if (view.kind === 'live') {
    key = `live|${moves}`;
    ply = ctrl.game.plyCount();
    // Whose moves this screen plays: its own side's (not the computer's, not the network's).
    const humanTurn = !over && ctrl.sourceOf(status.side).kind === 'screen';
    movable = humanTurn && !ctrl.thinking ? 'both' : 'none';
  } else if (view.kind === 'line') {
    key = `line|${moves}|${view.line.join(' ')}`;
    ply = view.ply + view.line.length;
    movable = 'none';
  } else if (ctrl.branch) {
    key = `branch|${moves}|${ctrl.branch.id}`;
    ply = ctrl.branch.game.plyCount();
    movable = ctrl.branch.game.status().result === 'ongoing' ? 'both' : 'none';
  } else {
    key = `past|${moves}|${view.ply}`;
    ply = view.ply;
    movable = 'none';
  }
  if (board !== drawn.board || key !== drawn.key) {
    // One step (a move played, a step through the moves) slides; anything else is drawn at once.
    const step = board === drawn.board && (view.kind === 'live' ? ply - drawn.ply === 1 : Math.abs(ply - drawn.ply) === 1);
    if (view.kind === 'live') board.sync(ctrl.game, step);
    else if (view.kind === 'line') {
      const built = lineGame(view.line);
      if (built) {
        board.sync(built, false);
        built.free();
      }
    } else if (ctrl.branch) board.sync(ctrl.branch.game, step);
    else board.showPly(ctrl.game, view.ply, step);
    drawn.board = board;
    drawn.key = key;
    drawn.ply = ply;
    hideSelectionHint();
  }
  board.set({ movable });
  if (view.kind === 'live' && ctrl.settings.mode === 'hotseat' && ctrl.settings.autoflip && !over) board.set({ orientation: status.side });
}

/** The board's attributes (the tests' and assistive technology's view of it), the FEN box and the links. @param {Status} status @param {string | null} over */
function showAttributes(status, over) {
  const game = ctrl.game;
  const view = ctrl.view;
  const shown = view.kind === 'node' && ctrl.branch ? ctrl.branch.game : null;
  const described = shown ? shown.describe() : view.kind === 'past' ? game.positionAt(view.ply, true).words : game.describe();
  // The result first once over, on the live game.
  canvas.setAttribute('aria-label', over && view.kind === 'live' ? `${over} ${words(described)}` : words(described));
  canvas.dataset.fen = shown ? shown.fen() : game.fen();
  canvas.dataset.side = status.side;
  canvas.dataset.result = status.result;
  canvas.dataset.ply = String(game.plyCount());
  if (view.kind === 'live') delete canvas.dataset.viewing;
  else canvas.dataset.viewing = String(view.ply);
  if (view.kind === 'node') canvas.dataset.node = String(view.id);
  else delete canvas.dataset.node;
  if (view.kind === 'line') canvas.dataset.line = view.line.join(' ');
  else delete canvas.dataset.line;
  $('fen-out').value = game.fen();
  // The position editor opens on the position shown (www/editor.html).
  $('link-editor').href = `www/editor.html?${new URLSearchParams({ variant: game.variant(), fen: game.fen() })}`;
  $('share-link').href = shareUrl();
}

/** The game's buttons and the step buttons. @param {Status} status @param {string | null} over */
function showButtons(status, over) {
  const game = ctrl.game;
  const remote = ctrl.remote();
  const seat = ctrl.settings.online?.seat;
  // Online, Undo asks the opponent for a takeback; an ending is the server's.
  $('btn-undo').disabled = remote ? game.plyCount() === 0 || over !== null || seat === null : game.plyCount() === 0 && !ctrl.record?.ended;
  $('btn-redo').disabled = !ctrl.record?.redo?.length || over !== null || remote;
  $('btn-resign').disabled = over !== null || (remote && seat === null);
  // A spectator of an online game has no move box: its moves come from the players.
  $('move-card').hidden = remote && seat === null;
  $('btn-draw').hidden = ctrl.settings.mode === 'computer';
  $('btn-draw').disabled = over !== null || ctrl.drawOffer !== null;
  $('draw-offer').hidden = ctrl.drawOffer === null || over !== null;
  if (ctrl.drawOffer !== null) $('draw-offer-text').textContent = t('draw-offered', { side: ctrl.drawOffer });
  if (over !== null) {
    // Resign's confirmation gives way once the game is over.
    $('resign-confirm').hidden = true;
    $('btn-resign').hidden = false;
  }
  const humanTurn = !over && ctrl.sourceOf(status.side).kind === 'screen';
  $('btn-hint').hidden = ctrl.settings.mode !== 'computer';
  $('btn-hint').disabled = !humanTurn || ctrl.thinking;
  // The step buttons: back while there is a move before the position shown, on while looking back.
  const live = ctrl.view.kind === 'live';
  const inVariation = ctrl.inVariation();
  const shown = ctrl.shownPly();
  $('btn-first').disabled = shown === 0 && !inVariation;
  $('btn-prev').disabled = shown === 0 && !inVariation;
  $('btn-next').disabled = live || (inVariation && !ctrl.tree?.node(ctrl.shownNode())?.children.length);
  $('btn-last').disabled = live;
}

/** The words of the view shown (the look-back bar and what is said on going there), or '' for the game. */
export function viewWords() {
  const view = ctrl.view;
  const game = ctrl.game;
  if (view.kind === 'live') return '';
  if (view.kind === 'line') {
    const key = `${game.moveTexts().join(' ')}|${view.line.join(' ')}`;
    if (drawn.line.key !== key) {
      const built = lineGame(view.line);
      const notation = built ? built.history().map((h) => h.notation).join(' ') : view.line.join(' ');
      built?.free();
      drawn.line = { key, notation };
    }
    return t('analysis-line-viewing', { line: drawn.line.notation });
  }
  if (view.kind === 'node' && ctrl.branch) {
    const built = ctrl.branch.game;
    const last = built.history().at(-1);
    return t('tree-viewing', { notation: last?.notation ?? '', moves: built.plyCount() - view.ply, ply: view.ply });
  }
  return t('viewing-text', { what: viewedAfter(view.ply), ply: view.ply, last: game.plyCount() });
}

/** "After 3. … e4" (the move's number and side are the engine's), or the start. @param {number} ply */
export function viewedAfter(ply) {
  if (ply === 0) return t('viewing-start');
  const move = ctrl.game.history()[ply - 1];
  return t('viewing-after', { number: move.number, black: move.side === 'black' ? 'yes' : 'no', notation: move.notation });
}

/** The look-back bar: what the board shows instead of the game. */
function showViewing() {
  const text = viewWords();
  $('viewing').hidden = text === '';
  if (text) $('viewing-text').textContent = text;
}

/** The panels' positions: threats of the game's own position, the analysis of the position shown. @param {Status} status */
function showPanels(status) {
  const game = ctrl.game;
  const view = ctrl.view;
  const live = view.kind === 'live';
  const threats = `${live}|${game.moveTexts().join(' ')}`;
  if (threats !== drawn.threats) {
    drawn.threats = threats;
    page.threats?.show(game, live);
  }
  if (!page.analysis || view.kind === 'line') return; // a line clicked keeps its analysis
  const base = { variant: game.variant(), fen: game.startFen(), options: game.options() };
  let request;
  if (view.kind === 'node' && ctrl.branch) {
    const s = ctrl.branch.game.status();
    request = { ...base, moves: ctrl.branch.game.moveTexts(), at: ctrl.branch.game.fen(), side: s.side, over: s.result !== 'ongoing' };
  } else {
    const ply = live ? game.plyCount() : view.ply;
    const { fen, side } = game.positionAt(ply);
    request = { ...base, moves: game.moveTexts().slice(0, ply), at: fen, side, over: live && status.result !== 'ongoing' };
  }
  const key = JSON.stringify(request);
  if (key !== drawn.analysis) {
    drawn.analysis = key;
    page.analysis.show(request);
  }
}

/** The clocks (also redrawn by the clock's ticking: www/pages/game/wire.js). */
export function showClocks() {
  const left = ctrl.clockLeft();
  $('clocks').hidden = !left;
  if (!left) return;
  for (const side of /** @type {const} */ (['white', 'black'])) {
    const el = $(`clock-${side}`);
    el.textContent = t('clock-side', { side, time: clockText(left[side]) });
    el.dataset.running = String(ctrl.record?.clock?.running === side);
    el.dataset.low = String(left[side] < 10000);
    el.dataset.ms = String(Math.round(left[side]));
  }
}

/** Hides the frozen piece's words (the position changed). */
export function hideSelectionHint() {
  $('selection-hint').hidden = true;
  $('btn-suicide').hidden = true;
}

/** The words about the game that stay put during it: title, legend, options, players, the move box's example. */
export function renderGameWords() {
  const title = t(`game-${ctrl.game.variant()}`);
  $('game-title').textContent = t('header-game-title', { game: title });
  document.title = t('page-title', { game: title });
  renderLegend($('legend'), gameSpec(ctrl.game.variant()), BoardView.drawGlyph, ctrl.game.options());
  const changed = ctrl.game.options(true);
  $('rules-info').textContent = changed.length ? t('rules-info', { options: changed.join(', ') }) : '';
  $('rules-info').hidden = changed.length === 0;
  const online = ctrl.settings.online;
  $('players-info').textContent = online
    ? t('players-online', { seat: online.seat ?? 'spectator', days: online.days ?? 0 })
    : ctrl.settings.mode === 'computer'
      ? t('players-computer', { side: ctrl.settings.side, level: ctrl.settings.level, name: t(`level-${ctrl.settings.level}`) })
      : t('players-hotseat', { autoflip: ctrl.settings.autoflip ? 'yes' : 'no' });
  showOnline();
  $('move-input').placeholder = page.moveExample ? t('move-input-example', page.moveExample) : '';
}
