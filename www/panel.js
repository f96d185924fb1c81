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

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** "White wins by checkmate.", "Draw by repetition.", or null while the game goes on. */
export function resultText(status) {
  if (status.result === 'ongoing') return null;
  const mover = cap(status.side); // the side to move when the game ended
  if (status.result === 'draw') {
    switch (status.reason) {
      case 'stalemate': return 'Draw by stalemate.';
      case 'repetition': return 'Draw by threefold repetition.';
      case 'fifty-move': return 'Draw by the fifty-move rule.';
      case 'insufficient-material': return 'Draw: only the two Kings are left.';
      case 'no-moves': return `Draw: ${mover} has no legal move.`;
      default: return `Draw (${status.reason}).`;
    }
  }
  const winner = cap(status.result);
  const loser = status.result === 'white' ? 'Black' : 'White';
  switch (status.reason) {
    case 'checkmate': return `${winner} wins by checkmate.`;
    case 'king-captured': return `${winner} wins: the ${loser} King was captured.`;
    case 'no-moves': return `${winner} wins: ${loser} has no legal move.`;
    default: return `${winner} wins (${status.reason}).`;
  }
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
        span.dataset.ply = String(j + 1);
        span.tabIndex = 0;
        span.setAttribute('role', 'button');
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
