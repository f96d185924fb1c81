// Moves from this screen and from the computer (its search, its failures, pondering), undo and
// redo. Part of the game page (www/main.js boots it; the page's state is in state.js).
import { announce, showMoveError, showStatus } from '../../panel.js';
import { andList, errorText, language, render, t } from '../../i18n.js';
import { errorOf } from '../../engine/engine.js';
import { $, canvas, ctrl, page, currentStatus, computerSide, viewedPly } from './state.js';
import { computerTurn, update } from './play.js';
import { showGameOver, sound } from './results.js';
import { playInTree } from './tree.js';
import { showErrors } from './url.js';
import { leaveHistory } from './view.js';

/**
 * Plays move text (from the board, the text field or the computer); returns an error or null.
 * @param {string} text
 * @param {{ by?: 'user' | 'computer' | 'redo' }} [opts]
 */
export function play(text, { by = 'user' } = {}) {
  if (by === 'user' && ctrl.game && (ctrl.branch || (viewedPly() !== null && page.analysis?.on))) return playInTree(text);
  const r = ctrl.move(text, { by });
  if (r.refused) return t(r.refused.id, r.refused.args);
  if (r.error) return errorText(r.error);
  leaveHistory();
  page.board.sync(ctrl.game, true);
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
export function stopThinking() {
  page.computer?.stopPondering();
  if (ctrl.thinking) {
    page.thinkToken++;
    page.computer.cancel();
  }
  ctrl.thinking = false;
  $('thinking').hidden = true;
}

/** Reports a failure of the computer ({id, args}) and stops asking it until the user retries. */
export function computerFailed(message) {
  page.computerPaused = true;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'small';
  retry.dataset.i18n = 'btn-try-again';
  retry.textContent = t('btn-try-again');
  retry.addEventListener('click', () => {
    page.computerPaused = false;
    showErrors([]);
    update();
    computerTurn();
  });
  const div = document.createElement('div');
  const text = document.createElement('span');
  text.dataset.i18n = message.id;
  text.dataset.i18nArgs = JSON.stringify(message.args);
  text.textContent = t(message.id, message.args);
  div.append(text, ' ', retry);
  showErrors([div]);
}

export function computerMove(newGame) {
  ctrl.thinking = true;
  page.lastInfo = null;
  const token = ++page.thinkToken;
  page.board.set({ movable: 'none' });
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
  page.computer.think(position, ctrl.clockLimits() ?? { level: ctrl.settings.level }).then(
    (r) => {
      if (token !== page.thinkToken || r.cancelled) return;
      ctrl.thinking = false;
      $('thinking').hidden = true;
      if (r.nps) {
        page.lastFigures = { depth: r.depth, nodes: r.nodes, knps: Math.round(r.nps / 1000) };
        $('figures').textContent = t('figures-computer', page.lastFigures);
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
        page.expectedReply = { moves: ctrl.game.moveTexts().join(' '), move: r.ponder ?? null };
        ponder(r.ponder);
      }
    },
    (e) => {
      if (token !== page.thinkToken) return;
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
export function ponder(expected) {
  if (!ctrl.game || page.expectedReply?.moves !== ctrl.game.moveTexts().join(' ')) return;
  const status = currentStatus();
  if (!expected || !page.prefs.ponder || ctrl.settings.mode !== 'computer' || !ponderLevels().includes(ctrl.settings.level)) return;
  if (status.result !== 'ongoing' || computerSide() === status.side || ctrl.thinking) return;
  const position = { variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves: ctrl.game.moveTexts() };
  page.computer.ponder(position, ctrl.clockLimits() ?? { level: ctrl.settings.level }, expected);
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
  stopThinking();
  page.computerPaused = false;
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
  stopThinking();
  leaveHistory();
  const played = ctrl.redo();
  page.board.sync(ctrl.game, true);
  const { over } = update();
  if (played.length) announce(t('say-redone', { moves: new Intl.ListFormat(language(), { type: 'conjunction' }).format(played) }));
  if (over) showGameOver();
}
