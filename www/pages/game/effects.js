// The game page's side effects of the controller's changes (www/game/ctrl.js `change`), in one
// place: what is heard and said (sounds, the live region), the dialogs and banners a change
// opens (the game over, the computer's failure), and, once the changes of a task are done,
// saving the game and following it in the address bar (an online game: its entry in this
// browser's list and its link). The drawing itself is render.js's, at the next frame. Part of
// the game page (www/pages/game/main.js boots it; the page's state is in state.js).
import { announce, checkText, resultText, showMoveError } from '../../views/panel.js';
import { andList, errorText, language, render as words, t } from '../../services/i18n.js';
import { $, canvas, ctrl, page, currentStatus } from './state.js';
import { persist } from './saved.js';
import { followInAddressBar, showErrors } from './url.js';
import { keepShown, onlineAddress, onlineGameShown, showOnline } from './online.js';
import { sound } from './appearance.js';
import { hidePromotion } from './board.js';
import { viewedAfter, viewWords } from './render.js';

/** @typedef {import('../../game/types.js').SourceFailure} SourceFailure */

/** Changes that move no piece and save nothing. */
const QUIET = new Set(['view', 'ask', 'ask-end', 'retry', 'ask-failed']);
/** Changes of the position on the board: the promotion chooser and the hint start afresh. */
const POSITION = new Set(['start', 'move', 'undo', 'redo', 'sync', 'promote', 'view', 'end', 'ending']);

/** Whether the game was over after the last change (an online game's end is said once). */
let wasOver = false;
/** @type {Set<string> | null} the changes of the current task, for the effects run once after it */
let taskDue = null;

/** Opens the game-over dialog (www/views/game-over.js) on the game's result; nothing while it goes on. */
function showGameOver() {
  const status = currentStatus();
  if (status.result === 'ongoing') return;
  const game = {
    variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves: ctrl.game.moveTexts(), result: status.result, reason: status.reason,
  };
  page.gameOver().then((d) => d.show(status, resultText(status), game), () => {});
}

/**
 * The controller's change: its sounds, words and dialogs now; saving and the address bar once
 * after the changes of one task.
 * @param {CustomEvent} e
 * @returns {void}
 */
export function onChange(e) {
  const detail = e.detail;
  const what = detail.what;
  if (POSITION.has(what)) {
    hidePromotion();
    // A new game's hints are its record's (before it is saved again); any other change of the
    // position starts the next hint afresh.
    if (what === 'start') page.hints?.newGame(ctrl.record?.hints ?? []);
    else if (what !== 'view') page.hints?.reset();
  }
  if (what === 'move') moved(detail.by, detail.move);
  else if (what === 'undo') undone(detail);
  else if (what === 'redo') redone(detail.played);
  else if (what === 'end') ended();
  else if (what === 'sync') followed(detail);
  else if (what === 'view') viewed();
  else if (what === 'tree-move') sound('move');
  else if (what === 'promote') announce(t('say-tree-promoted'));
  else if (what === 'delete') announce(t('say-tree-deleted'));
  else if (what === 'draw-offer') offered(detail.side);
  else if (what === 'draw-declined') announce(t('say-draw-declined'));
  else if (what === 'ask-failed') computerFailed(detail.failure);
  if (ctrl.game) wasOver = ctrl.over();
  if (QUIET.has(what)) return;
  if (taskDue) return void taskDue.add(what);
  taskDue = new Set([what]);
  queueMicrotask(afterTask);
}

/** Once after the changes of one task: the game saved and followed in the address bar. */
function afterTask() {
  taskDue = null;
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
}

/** A move played (this screen's or the computer's): its sound and words, the game over. @param {string} by @param {import('../../engine/types.js').MoveInfo} move */
function moved(by, move) {
  showMoveError('');
  if (by === 'computer') showAnswer();
  const status = ctrl.status();
  const over = resultText(status);
  const checks = ctrl.game.checkers();
  const said = [words(ctrl.game.lastSentence())];
  sound(over ? 'end' : checks.length ? 'check' : move.captures.length ? 'capture' : 'move');
  if (over) {
    said.push(over);
    showGameOver();
  } else if (checks.length) said.push(checkText(checks, status.side));
  announce(said.join(t('say-join')));
}

/** @param {{ ending: boolean, undone: string[] }} detail */
function undone({ ending, undone: moves }) {
  // The resignation, the agreed draw or the fall of the flag is taken back, not a move.
  if (ending) return announce(t('say-took-back-end'));
  if (moves.length) announce(t('say-took-back', { moves: andList(moves), side: ctrl.game.sideToMove() }));
}

/** @param {string[]} played */
function redone(played) {
  if (played.length) announce(t('say-redone', { moves: new Intl.ListFormat(language(), { type: 'conjunction' }).format(played) }));
  if (ctrl.over()) showGameOver();
}

/** The page ended the game (a resignation, an agreed draw, the flag). */
function ended() {
  sound('end');
  announce(resultText(ctrl.status()) ?? '');
  showGameOver();
}

/** A draw offered in a hot-seat game: said, and its Accept focused. @param {string} side */
function offered(side) {
  $('draw-offer-text').textContent = t('draw-offered', { side });
  $('draw-offer').hidden = false;
  announce($('draw-offer-text').textContent);
  $('btn-draw-accept').focus();
}

/** The board shows another position: said (the look back, a variation, a line, the game again). */
function viewed() {
  if (ctrl.view.kind === 'live') {
    showMoveError('');
    return announce(t('say-back-to-game', { side: ctrl.game.sideToMove() }));
  }
  const what = viewWords();
  const view = ctrl.view;
  if (view.kind === 'line') return announce(what);
  const shown = view.kind === 'node' && ctrl.branch ? ctrl.branch.game.describe() : ctrl.game.positionAt(view.ply, true).words;
  const part = view.kind === 'past' ? viewedAfter(view.ply) : what;
  announce(t('say-viewing', { what: part, position: words(shown) }));
}

/**
 * The server's state followed: the moves it brought (or took back), their sound and words, and
 * the game-over dialog at its end.
 * @param {{ played: import('../../engine/types.js').MoveInfo[], undone: string[] }} change
 */
function followed({ played, undone: back }) {
  if (!page.board) return;
  const status = ctrl.status();
  const over = resultText(status);
  const checks = ctrl.game.checkers();
  if (played.length || back.length) {
    sound(over ? 'end' : checks.length ? 'check' : played.at(-1)?.captures.length ? 'capture' : 'move');
    if (played.length) announce(words(ctrl.game.lastSentence()) + (over ? t('say-join') + over : ''));
  } else if (over && !wasOver) {
    sound('end');
    announce(over);
  }
  if (over && !wasOver) showGameOver();
}

/** The computer's last search: its figures, and for the tests whether pondering gave the move. */
function showAnswer() {
  const r = ctrl.computer?.last;
  if (!r) return;
  if (r.nps) {
    page.lastFigures = { depth: r.depth ?? 0, nodes: r.nodes ?? 0, knps: Math.round(r.nps / 1000) };
    $('figures').textContent = t('figures-computer', page.lastFigures);
  }
  canvas.dataset.lastNps = String(r.nps ?? 0);
  // For the tests: whether the answer came from pondering, with the ponderhit seen by a
  // running search ('ponderhit') or from a search that had already ended ('pondered').
  canvas.dataset.lastAnswer = r.pondered ? (r.ponderhit ? 'ponderhit' : 'pondered') : 'search';
  canvas.dataset.lastNodes = String(r.nodes ?? 0);
}

/**
 * The computer gave no move (the worker failed, or answered a move the game refuses): said
 * with a Try again button; the controller asks it no more until then.
 * @param {SourceFailure} failure
 */
function computerFailed(failure) {
  const said = failure.message ? t(failure.message.id, failure.message.args) : errorText(failure.error);
  const message = failure.move !== null || failure.message
    ? { id: 'error-computer-move', args: { move: failure.move ?? '', error: said } }
    : { id: 'error-computer-failed', args: { error: said } };
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'small';
  retry.dataset.i18n = 'btn-try-again';
  retry.textContent = t('btn-try-again');
  retry.addEventListener('click', () => {
    showErrors([]);
    ctrl.retry();
  });
  const div = document.createElement('div');
  const text = document.createElement('span');
  text.dataset.i18n = message.id;
  text.dataset.i18nArgs = JSON.stringify(message.args);
  text.textContent = t(message.id, message.args);
  div.append(text, ' ', retry);
  showErrors([div]);
}
