// The side panel: status line, check explanation, move list and the live region.

const $ = (id) => document.getElementById(id);

const METHOD = {
  king: 'stepping onto it',
  pincer: 'pinning it against a friendly piece',
  'long-leaper': 'jumping over it',
  withdrawer: 'withdrawing from it',
  coordinator: 'coordinating with its own King',
  chameleon: 'stepping onto it, as a King would',
  'pushme-pullyu': 'withdrawal or approach',
  cannon: 'hopping over a screen',
};

const REASON = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  'king-captured': 'the King was captured',
  repetition: 'threefold repetition',
  'fifty-move': 'the fifty-move rule',
  'insufficient-material': 'only the Kings are left',
  'no-moves': 'no legal move',
};

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** "White wins by checkmate.", "Draw by stalemate.", or null while the game goes on. */
export function resultText(status) {
  if (status.result === 'ongoing') return null;
  const why = REASON[status.reason] ?? status.reason ?? 'the rules';
  if (status.result === 'draw') return `Draw: ${why}.`;
  if (status.reason === 'no-moves') {
    const loser = status.result === 'white' ? 'Black' : 'White';
    return `${cap(status.result)} wins: ${loser} has no legal move.`;
  }
  return `${cap(status.result)} wins by ${why}.`;
}

/** Updates the status line; returns the game-over sentence, if any. */
export function showStatus(status, { thinkingSide } = {}) {
  const el = $('status');
  const over = resultText(status);
  el.dataset.side = status.side;
  el.dataset.over = over ? 'true' : 'false';
  el.dataset.result = status.result;
  el.dataset.reason = status.reason ?? '';
  if (over) el.textContent = over;
  else {
    let t = `${cap(status.side)} to move`;
    if (status.in_check) t += ' — check!';
    if (thinkingSide === status.side) t += ' (computer)';
    el.textContent = t;
  }
  return over;
}

/** Explains the checks: which piece attacks the King and how. */
export function showChecks(checkers, side) {
  const el = $('check-info');
  if (!checkers.length) {
    el.hidden = true;
    el.textContent = '';
    return '';
  }
  const parts = checkers.map((c) => `the ${c.name} on ${c.from} (${c.from}–${c.to} would take it by ${METHOD[c.role] ?? 'landing on it'})`);
  const text = `${cap(side)}'s King is in check from ${parts.join(' and ')}.`;
  el.textContent = text;
  el.hidden = false;
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
    span.textContent = 'No moves yet.';
    li.append(span);
    list.append(li);
    return;
  }
  for (let i = 0; i < history.length; i += 2) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${i / 2 + 1}.`;
    li.append(num);
    for (const j of [i, i + 1]) {
      const span = document.createElement('span');
      span.className = 'ply';
      if (history[j]) {
        // Long Ultima captures may break before each captured square.
        span.textContent = (history[j].notation || history[j].move).replace(/(?<=.)x(?=[a-j]\d)/g, '\u200bx');
        span.title = history[j].sentence;
        span.dataset.move = history[j].move;
        if (j === history.length - 1) span.classList.add('last');
      }
      li.append(span);
    }
    list.append(li);
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
