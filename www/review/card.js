// What the game review's card shows (www/review/review.js runs the review): the evaluation graph over
// the plies (an SVG slider: winning chances from White's view, a dot on each judged move, a
// cursor on the ply shown), the summary table per side and the list of judged moves, and a ply
// in words. `rv` is the card's Review.
import { nagMark } from '../engine/engine.js';
import { t } from '../services/i18n.js';
import { JUDGEMENTS, summarize, winChance } from './judge.js';

/** @typedef {import('./review.js').Review} Review */

const SVG = 'http://www.w3.org/2000/svg';

/** A White-view score in words: "+1.25", "Mate in 3 for White", "White won". */
export function scoreWords(w) {
  if (w.mate === 0) return t('review-score-over', { winner: w.winner ?? 'draw' });
  if (w.mate !== undefined) return t('analysis-mate', { moves: Math.abs(w.mate), side: w.mate > 0 ? 'white' : 'black' });
  return t('analysis-cp', { pawns: (w.cp >= 0 ? '+' : '') + (w.cp / 100).toFixed(2) });
}

/**
 * "12." or "12…" and the move: the move's number and side as the engine numbers them (the
 * position's FEN counter).
 * @param {Review} rv @param {number} ply @param {string} notation
 */
function moveLabel(rv, ply, notation) {
  const move = rv.history()[ply - 1];
  return t('review-move', { number: move?.number ?? '', black: move?.side === 'black' ? 'yes' : 'no', notation });
}

/** The graph's x for `ply` of `n` (a margin of 5 each side, so the end dots are whole). */
function plyX(ply, n) {
  return n ? 5 + (ply / n) * 310 : 160;
}

/**
 * The evaluation graph: winning chances from White's view over the plies, marks on the judged moves.
 * @param {Review} rv
 */
export function drawGraph(rv) {
  const r = rv.review;
  const svg = rv.el.graph;
  const W = 320;
  const H = 100;
  const n = r.moves.length;
  const x = (ply) => plyX(ply, n);
  const y = (w) => (H / 2) * (1 - winChance(w));
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('tabindex', '0');
  svg.setAttribute('role', 'slider');
  svg.setAttribute('aria-label', t('review-graph-label'));
  svg.setAttribute('aria-valuemin', '0');
  svg.setAttribute('aria-valuemax', String(n));
  const pts = r.scores.map((s, i) => [x(i), y(s)]);
  const line = pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ');
  const node = (tag, attrs, text) => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text) el.textContent = text;
    return el;
  };
  const kids = [
    node('rect', { x: 0, y: 0, width: W, height: H, class: 'review-bg' }),
    // White's share lies under the line (like the analysis bar's white part).
    node('polygon', { points: `0,${H} 0,${pts[0][1].toFixed(1)} ${line} ${W},${pts[n][1].toFixed(1)} ${W},${H}`, class: 'review-area' }),
    node('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'review-mid' }),
    node('polyline', { points: line, class: 'review-line' }),
  ];
  // One column per ply to click (each the width of a ply), then the judged moves' dots.
  const colW = n ? 310 / n : W;
  for (let i = 0; i <= n; i++) {
    const col = node('rect', { x: Math.max(0, x(i) - colW / 2), y: 0, width: colW, height: H, class: 'review-hit', 'data-ply': i });
    col.append(node('title', {}, plyText(rv, i)));
    kids.push(col);
  }
  for (const m of rv.judged) {
    if (!m.kind) continue;
    const [cx, cy] = pts[m.ply];
    const dot = node('circle', { cx, cy, r: m.kind === 'blunder' ? 4 : 3, class: `review-dot review-${m.kind}`, 'data-ply': m.ply, 'data-kind': m.kind });
    dot.append(node('title', {}, plyText(rv, m.ply)));
    kids.push(dot);
  }
  kids.push(node('line', { x1: 0, y1: 0, x2: 0, y2: H, class: 'review-cursor' }));
  svg.replaceChildren(...kids);
  drawCursor(rv);
}

/** The cursor on the ply shown. @param {Review} rv */
export function drawCursor(rv) {
  const r = rv.review;
  const cursor = rv.el.graph.querySelector('.review-cursor');
  if (!r || !cursor) return;
  const n = r.moves.length;
  const ply = Math.min(rv.ply ?? n, n);
  const X = plyX(ply, n);
  cursor.setAttribute('x1', X);
  cursor.setAttribute('x2', X);
  rv.el.graph.setAttribute('aria-valuenow', String(ply));
  rv.el.graph.setAttribute('aria-valuetext', plyText(rv, ply));
  rv.el.graph.dataset.ply = String(ply);
}


/**
 * A ply in words: the move (with its mark), the score after it, and the better move.
 * @param {Review} rv
 * @param {number} ply
 */
export function plyText(rv, ply) {
  const r = rv.review;
  const score = scoreWords(r.scores[ply]);
  if (ply === 0) return t('review-point-start', { score });
  const m = rv.judged[ply - 1];
  const notation = `${rv.notations()[ply - 1] ?? r.moves[ply - 1]}${m.symbol}`;
  const move = moveLabel(rv, ply, notation);
  return m.kind
    ? t('review-point-judged', { move, score, kind: m.kind, best: m.bestNotation ?? '' })
    : t('review-point', { move, score });
}

/** The summary table: each side's judgements, average loss and accuracy. @param {Review} rv */
export function renderSummary(rv) {
  const sum = summarize(rv.judged);
  const table = document.createElement('table');
  table.className = 'review-table';
  const head = document.createElement('tr');
  const cols = ['side', 'inaccuracy', 'mistake', 'blunder', 'acpl', 'accuracy'];
  for (const c of cols) {
    const th = document.createElement('th');
    th.scope = 'col';
    const sign = JUDGEMENTS.find((j) => j.kind === c);
    if (sign) {
      // The sign is the heading; its name is the abbreviation's title and the cell's label.
      const abbr = document.createElement('abbr');
      abbr.title = t(`review-col-${c}`);
      abbr.textContent = nagMark(sign.nag);
      th.setAttribute('aria-label', abbr.title);
      th.append(abbr);
    } else th.textContent = t(`review-col-${c}`);
    head.append(th);
  }
  table.append(head);
  for (const side of ['white', 'black']) {
    const tr = document.createElement('tr');
    tr.dataset.side = side;
    const s = sum[side];
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = t('review-side', { side });
    tr.append(th);
    for (const c of cols.slice(1)) {
      const td = document.createElement('td');
      td.dataset.col = c;
      td.textContent = c === 'accuracy' ? t('review-percent', { value: s[c] }) : String(s[c]);
      tr.append(td);
    }
    table.append(tr);
  }
  rv.el.summary.replaceChildren(table);
}

/** The judged moves, each a button to its ply. @param {Review} rv */
export function renderList(rv) {
  const items = rv.judged.filter((m) => m.kind).map((m) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'link review-item';
    b.dataset.ply = String(m.ply);
    b.dataset.kind = m.kind;
    b.textContent = plyText(rv, m.ply);
    b.addEventListener('click', () => rv.pick(m.ply));
    li.append(b);
    return li;
  });
  if (!items.length) {
    const li = document.createElement('li');
    li.textContent = t('review-none');
    items.push(li);
  }
  rv.el.list.replaceChildren(...items);
}

