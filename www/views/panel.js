// The side panel: status line, check explanation, move list and the live region, in the
// page's language (i18n.js).
import { andList, has, render, t } from '../services/i18n.js';

/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);

/** "White wins by checkmate.", "Draw by repetition.", or null while the game goes on. */
export function resultText(status) {
  if (status.result === 'ongoing') return null;
  // `side` is the side to move when the game ended; a reason without its own message says its id.
  const args = { side: status.side, winner: status.result, reason: status.reason ?? '' };
  const id = status.result === 'draw' ? `result-draw-${status.reason}` : `result-win-${status.reason}`;
  return has(id) ? t(id, args) : t(status.result === 'draw' ? 'result-draw-other' : 'result-win-other', args);
}

/** Updates the status line; returns the game-over sentence, if any. */
/**
 * @param {import('../engine/types.js').Status} status
 * @param {{ thinkingSide?: string }} [opts]
 */
export function showStatus(status, { thinkingSide } = {}) {
  const el = $('status');
  const over = resultText(status);
  el.dataset.side = status.side;
  el.dataset.over = over ? 'true' : 'false';
  el.dataset.result = status.result;
  el.dataset.reason = status.reason ?? '';
  delete el.dataset.i18n;
  el.textContent = over ?? t('status-turn', {
    side: status.side,
    check: status.in_check ? 'yes' : 'no',
    computer: thinkingSide === status.side ? 'yes' : 'no',
  });
  return over;
}

/** The checks in words: which piece attacks the King and how ('' for none). */
export function checkText(checkers, side) {
  if (!checkers.length) return '';
  const parts = checkers.map((c) => t('check-checker', {
    piece: t(`role-${c.role}`),
    from: c.from,
    to: c.to,
    method: t(has(`check-method-${c.role}`) ? `check-method-${c.role}` : 'check-method-default'),
  }));
  return t('check-info', { side, checkers: andList(parts) });
}

/** Explains the checks: which piece attacks the King and how. */
export function showChecks(checkers, side) {
  const el = $('check-info');
  const text = checkText(checkers, side);
  el.textContent = text;
  el.hidden = text === '';
  return text;
}

/** Rebuilds the move list from the history JSON. */
export function showMoves(history) {
  const list = $('move-list');
  list.replaceChildren();
  if (!history.length) {
    const li = document.createElement('li');
    const span = document.createElement('span');
    span.className = 'empty';
    span.textContent = t('moves-empty');
    li.append(span);
    list.append(li);
    return;
  }
  // A row per full move, numbered as the engine numbers it (a game where Black moves first
  // starts with an empty White cell); `listed` is the notation with the mate's `#`.
  for (let i = 0; i < history.length;) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${history[i].number}.`;
    li.append(num);
    const cells = history[i].side === 'white' ? [i, history[i + 1]?.side === 'black' ? i + 1 : -1] : [-1, i];
    for (const j of cells) {
      const span = document.createElement('span');
      span.className = 'ply';
      if (j >= 0) {
        // Long Ultima captures wrap where they must (CSS overflow-wrap): the text itself stays
        // what it says, so a copy of the list carries no invisible characters.
        span.textContent = history[j].listed || history[j].notation || history[j].move;
        span.title = render(history[j].sentence);
        span.dataset.move = history[j].move;
        span.dataset.ply = String(j + 1);
        span.tabIndex = 0;
        span.setAttribute('role', 'button');
        if (j === history.length - 1) span.classList.add('last');
      }
      li.append(span);
    }
    list.append(li);
    i = Math.max(...cells) + 1;
  }
  list.scrollTop = list.scrollHeight;
}

let lastSaid = '';
/** Says `text` through the polite live region (repeats are made distinct so they are read). */
export function announce(text) {
  const live = $('live');
  const t = text === lastSaid ? `${text}\u00a0` : text;
  lastSaid = t;
  live.textContent = t;
}

export function showMoveError(text) {
  $('move-error').textContent = text;
}

export function showPageError(html) {
  const el = $('page-error');
  if (!html) {
    el.hidden = true;
    el.replaceChildren();
    return;
  }
  el.hidden = false;
  el.replaceChildren(...html);
}

/** `1-0`, `0-1` or `½-½` (the move list's and the game-over dialog's score). */
export function scoreOf(/** @type {string} */ result) {
  return result === 'white' ? '1-0' : result === 'black' ? '0-1' : '½-½';
}
