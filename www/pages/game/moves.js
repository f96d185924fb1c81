// Moves from this screen, the board and words after each move played (this screen's or the
// computer's: the controller asks the computer, www/game/sources/computer.js), the computer's
// failures, undo and redo. Part of the game page (www/main.js boots it; the page's state is in state.js).
import { announce, showMoveError, showStatus } from '../../panel.js';
import { andList, errorText, language, render, t } from '../../i18n.js';
import { $, canvas, ctrl, page, viewedPly } from './state.js';
import { update } from './play.js';
import { showGameOver, sound } from './results.js';
import { playInTree } from './tree.js';
import { showErrors } from './url.js';
import { leaveHistory } from './view.js';

/**
 * Plays move text from this screen (the board, the move box, the chooser); returns an error or
 * null. The board and the words follow from the controller's `move` change (showMove).
 * @param {string} text
 */
export function play(text) {
  if (ctrl.game && (ctrl.branch || (viewedPly() !== null && page.analysis?.on))) return playInTree(text);
  const r = ctrl.move(text);
  if (r.refused) return t(r.refused.id, r.refused.args);
  if (r.error) return errorText(r.error);
  return null;
}

/**
 * The board, sound and words after a move played on the controller (this screen's or the
 * computer's answer).
 * @param {'user' | 'computer' | 'redo' | 'network'} by
 * @param {import('../../engine/types.js').MoveInfo} move
 */
export function showMove(by, move) {
  leaveHistory();
  page.board.sync(ctrl.game, true);
  showMoveError('');
  if (by === 'computer') showAnswer();
  const { over, checks } = update();
  const said = [render(ctrl.game.lastSentence())];
  sound(over ? 'end' : checks.length ? 'check' : move.captures.length ? 'capture' : 'move');
  if (over) {
    said.push(over);
    showGameOver();
  }
  else if (checks.length) said.push($('check-info').textContent);
  announce(said.join(t('say-join')));
}

/** The computer's last search: its figures, and for the tests whether pondering gave the move. */
function showAnswer() {
  const r = ctrl.computer?.last;
  if (!r) return;
  if (r.nps) {
    page.lastFigures = { depth: r.depth, nodes: r.nodes, knps: Math.round(r.nps / 1000) };
    $('figures').textContent = t('figures-computer', page.lastFigures);
  }
  canvas.dataset.lastNps = String(r.nps ?? 0);
  // For the tests: whether the answer came from pondering, with the ponderhit seen by a
  // running search ('ponderhit') or from a search that had already ended ('pondered').
  canvas.dataset.lastAnswer = r.pondered ? (r.ponderhit ? 'ponderhit' : 'pondered') : 'search';
  canvas.dataset.lastNodes = String(r.nodes ?? 0);
}

/** The computer starts on its move: the thinking line, the status, the board waits. */
export function showThinking() {
  $('thinking').hidden = false;
  $('thinking-text').textContent = t('thinking');
  update();
}

/**
 * The computer gave no move (the worker failed, or answered a move the game refuses): said
 * with a Try again button; the controller asks it no more until then.
 * @param {import('../../game/types.js').SourceFailure} failure
 */
export function computerFailed(failure) {
  const words = failure.message ? t(failure.message.id, failure.message.args) : errorText(failure.error);
  const message = failure.move !== null || failure.message
    ? { id: 'error-computer-move', args: { move: failure.move ?? '', error: words } }
    : { id: 'error-computer-failed', args: { error: words } };
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
  update();
}

/**
 * The levels that ponder: those that think for a time at full strength (a movetime and no
 * depth or node cap; levels 6 to 8 today), where thinking on the player's time pays.
 */
export function ponderLevels() {
  return page.levelList.filter((l) => l.movetime && !l.depth && !l.nodes).map((l) => l.level);
}

export function undo() {
  if (!ctrl.game) return;
  leaveHistory();
  const { ending, undone } = ctrl.undo();
  page.board.sync(ctrl.game, false);
  update();
  // The resignation, the agreed draw or the fall of the flag is taken back, not a move.
  if (ending) return void announce(t('say-took-back-end'));
  if (undone.length) announce(t('say-took-back', { moves: andList(undone), side: ctrl.game.sideToMove() }));
}

/** Plays the moves undone last, back to the player's turn against the computer. */
export function redo() {
  if (!ctrl.game || !ctrl.canRedo()) return;
  leaveHistory();
  const played = ctrl.redo();
  page.board.sync(ctrl.game, true);
  const { over } = update();
  if (played.length) announce(t('say-redone', { moves: new Intl.ListFormat(language(), { type: 'conjunction' }).format(played) }));
  if (over) showGameOver();
}
