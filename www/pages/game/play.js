// Starting a game, the one refresh of everything that shows it (update), and the analysis of the
// position shown. Part of the game page (www/main.js boots it; the page's state is in state.js).
import { announce, showChecks, showMoveError, showMoves, showStatus } from '../../panel.js';
import { renderLegend } from '../../legend.js';
import { errorText, render, t } from '../../i18n.js';
import { BoardView, buildGame, errorOf, gameSpec } from '../../engine/engine.js';
import { newId } from '../../store.js';
import { newClock } from '../../game/clock.js';
import { $, canvas, ctrl, store, page, currentStatus, computerSide, viewedPly } from './state.js';
import { computerFailed, showMove, showThinking } from './moves.js';
import { showClocks, showGameOver, showResultInList, sound } from './results.js';
import { persist } from './saved.js';
import { showTree } from './tree.js';
import { followInAddressBar, shareUrl, showErrors } from './url.js';
import { hidePromotion, hideSelectionHint, leaveHistory } from './view.js';
import { keepShown, leaveOnline, onlineAddress, onlineGameShown, showOnline } from './online.js';
import { whenIdle } from './panels.js';

/** Starts a game; falls back step by step (options, then FEN) so a bad URL still shows a board. */
export function startGame(s, errors = [], saved = null, { orientation: wanted = null } = {}) {
  // A game of this page's own: the online game's connection closes, this screen and the
  // computer are the sources again (online.js sets the network after starting its game).
  if (s.mode !== 'online') leaveOnline();
  if (ctrl.sources) ctrl.setSources(null);
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
  ctrl.start(g, s, saved
    ? { ...saved }
    : { id: newId(), rev: 0, created: Date.now(), name: '', ended: null, redo: [], clock: newClock(s.clock) });
  store.setCurrent(saved ? saved.id : null);
  showErrors(errors);
  // The computer's worker starts (it loads its own engine) once the first board is drawn and the
  // page is idle; a computer to move at once starts it with its search.
  if (s.mode === 'computer') page.firstBoard.then(() => whenIdle(() => ctrl.computer?.warmUp?.()));
  const orientation = wanted ?? saved?.orientation ?? (s.mode === 'computer' ? s.side : (s.autoflip ? ctrl.game.sideToMove() : 'white'));
  if (page.board) page.board.free();
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  page.board = new BoardView(canvas, ctrl.game, { orientation, movable: 'both', animation: reduceMotion || !page.prefs.animation ? 0 : 220, coordinates: page.prefs.coordinates, ...page.theme.current() });
  canvas.dataset.variant = ctrl.game.variant();
  // An example for the move box: the first legal move, as move text and as notation.
  const first = ctrl.game.legalMoves()[0];
  page.moveExample = first ? { text: first.move, notation: first.notation } : null;
  renderGameWords();
  showMoveError('');
  hidePromotion();
  update({ newGame: true });
  announce(t('say-new-game', { game: t(`game-${ctrl.game.variant()}`), position: render(ctrl.game.describe()) }));
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





/** Refreshes everything that shows the game, and lets the computer move when it is its turn. */
export function update({ newGame = false } = {}) {
  const status = currentStatus();
  const over = showStatus(status, { thinkingSide: ctrl.thinking ? computerSide() : null });
  $('thinking').hidden = !ctrl.thinking;
  const checks = ctrl.game.checkers();
  showChecks(checks, status.side);
  if (newGame) page.hints?.newGame(ctrl.record?.hints ?? []); // before the move list, which marks the hinted moves
  showMoves(ctrl.game.history());
  showTree();
  page.review?.show(ctrl.record?.review, viewedPly());
  page.review?.markMoves($('move-list'));
  page.hints?.markMoves($('move-list'));
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
  // Whose moves this screen plays: its own side's (not the computer's, not the network's).
  const humanTurn = !over && ctrl.sourceOf(status.side).kind === 'screen';
  page.board.set({ movable: humanTurn && !ctrl.thinking ? 'both' : 'none' });
  if (ctrl.settings.mode === 'hotseat' && ctrl.settings.autoflip && !over) page.board.set({ orientation: status.side });
  const remote = ctrl.remote();
  // Online, Undo asks the opponent for a takeback; an ending is the server's.
  $('btn-undo').disabled = remote ? ctrl.game.plyCount() === 0 || over !== null || ctrl.settings.online?.seat === null : ctrl.game.plyCount() === 0 && !ctrl.record?.ended;
  $('btn-redo').disabled = !ctrl.record?.redo?.length || over !== null || remote;
  $('btn-resign').disabled = over !== null || (remote && ctrl.settings.online?.seat === null);
  $('btn-draw').hidden = ctrl.settings.mode === 'computer';
  $('btn-draw').disabled = over !== null || ctrl.drawOffer !== null;
  $('draw-offer').hidden = ctrl.drawOffer === null || over !== null;
  hideSelectionHint();
  hidePromotion();
  page.threats?.show(ctrl.game, viewedPly() === null);
  analyse(ctrl.game.plyCount(), status);
  page.hints?.reset();
  $('btn-hint').hidden = ctrl.settings.mode !== 'computer';
  $('btn-hint').disabled = !humanTurn || ctrl.thinking;
  return { status, over, checks };
}

let effectsDue = /** @type {Set<string> | null} */ (null);

/**
 * The page's side effects of the controller's changes, in one place (wire.js hangs it off the
 * `change` event). A move played (this screen's or the computer's) is drawn at once, and so is
 * the computer's thinking and its failure; the rest runs once after the changes of one task
 * (the action's own redraw first). A game of this page: saved, followed in the address bar. An
 * online game: the server's states shown as they come (board, sounds, the game-over dialog),
 * kept in this browser's list, its link in the address bar.
 * @param {CustomEvent} e
 */
export function onCtrlChange(e) {
  const what = e.detail.what;
  if (what === 'view') return;
  if (what === 'sync') followed(e.detail);
  if (what === 'move' && page.board) showMove(e.detail.by, e.detail.move);
  if (what === 'ask') return showThinking();
  if (what === 'ask-end' || what === 'retry') return void update();
  if (what === 'ask-failed') return computerFailed(e.detail.failure);
  if (effectsDue) return void effectsDue.add(what);
  effectsDue = new Set([what]);
  queueMicrotask(() => {
    const due = effectsDue;
    effectsDue = null;
    if (!ctrl.game) return;
    if (ctrl.remote() || onlineGameShown()) {
      keepShown();
      const url = onlineAddress();
      if (url && location.href !== url) history.replaceState(history.state, '', url);
      showOnline();
      return;
    }
    persist();
    followInAddressBar();
  });
}

/**
 * The board after the server's state: the moves it brought (or took back), their sound and
 * words, and the game-over dialog at its end.
 * @param {{ played: import('../../engine/types.js').MoveInfo[], undone: string[] }} change
 */
function followed({ played, undone }) {
  if (!page.board) return;
  const wasOver = canvas.dataset.result && canvas.dataset.result !== 'ongoing';
  leaveHistory();
  page.board.sync(ctrl.game, played.length > 0 && undone.length === 0);
  const { over, checks } = update();
  if (played.length || undone.length) {
    sound(over ? 'end' : checks.length ? 'check' : played.at(-1)?.captures.length ? 'capture' : 'move');
    if (played.length) announce(render(ctrl.game.lastSentence()) + (over ? t('say-join') + over : ''));
  } else if (over && !wasOver) {
    sound('end');
    announce(over);
  }
  if (over && !wasOver) showGameOver();
}

/** Asks the analysis board (when on) to analyse the position after `ply` moves of the game. */
export function analyse(ply, status = null) {
  if (!page.analysis) return;
  const moves = ctrl.game.moveTexts().slice(0, ply);
  const whiteFirst = ctrl.game.startSide() === 'white';
  const side = (ply % 2 === 0) === whiteFirst ? 'white' : 'black';
  const over = status ? status.result !== 'ongoing' : false;
  page.analysis.show({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves, side, over });
}
