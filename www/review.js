// Game review: the engine analyses every position of the game on the board (a worker of its
// own, a third `Computer` of ai.js, so the page and the computer opponent are never held up) at
// a chosen strength, with a progress bar and a cancel button. The finished review draws an
// evaluation graph over the moves (White's view; click or arrow keys go to a ply), marks
// inaccuracies, mistakes and blunders (?!, ?, ??) with the better move in display notation, and
// sums each side up (counts, average centipawn loss, accuracy). The page keeps it in the saved
// game (record.review) and writes it into the PGN as NAGs and comments.
//
// What is judged is the drop in the mover's winning chances between the position before a move
// and the position after it, both searched at the same strength (docs/learn.md, "Game review").
import { Computer } from './ai.js';
import { buildGame } from './engine/engine.js';
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

/** The strengths a review can run at: a depth per position, capped by a time per position (ms). */
export const PRESETS = {
  quick: { depth: 3 },
  normal: { depth: 5, movetime: 2000 },
  deep: { depth: 7, movetime: 5000 },
};

/** The version of the saved review's shape. */
export const REVIEW_VERSION = 1;

/**
 * The judgements, worst first: a move is one when it drops the mover's winning chances
 * (−1…1, see winChance) by at least `drop`. `nag` is the PGN NAG, `symbol` its sign.
 */
export const JUDGEMENTS = [
  { kind: 'blunder', drop: 0.3, nag: 4, symbol: '??' },
  { kind: 'mistake', drop: 0.2, nag: 2, symbol: '?' },
  { kind: 'inaccuracy', drop: 0.1, nag: 6, symbol: '?!' },
];

/** The slope of the winning-chance logistic, per centipawn (lichess's fit of chess games). */
const SLOPE = 0.00368208;
/** Centipawn scores (and a mate's stand-in) are clipped to ±this for the average loss. */
const CP_CLIP = 1000;

/**
 * Winning chances from White's view, −1 (Black wins) … 1 (White wins), of a White-view score:
 * `{cp}`, `{mate}` (>0 White mates, <0 Black mates) or `{mate: 0, winner}` (the game is over).
 */
export function winChance(w) {
  if (w.mate !== undefined) {
    if (w.mate === 0) return w.winner === 'white' ? 1 : w.winner === 'black' ? -1 : 0;
    return w.mate > 0 ? 1 : -1;
  }
  return 2 / (1 + Math.exp(-SLOPE * w.cp)) - 1;
}

/** A White-view score as centipawns clipped to ±CP_CLIP (a mate counts as the clip). */
export function clippedCp(w) {
  if (w.mate !== undefined) return winChance(w) * CP_CLIP;
  return Math.max(-CP_CLIP, Math.min(CP_CLIP, w.cp));
}

/** A move's accuracy (0–100) from the mover's win percentage before and after (lichess's curve). */
export function moveAccuracy(before, after) {
  const drop = Math.max(0, (before - after) * 50); // winning chances −1…1 → percentage points
  return Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * drop) - 3.1669));
}

/**
 * Judges every move of a review: `{ ply, side, drop, loss, accuracy, kind, symbol, nag, best,
 * bestNotation }` for each ply reviewed (1-based; `side` the mover). A move the engine would
 * have played itself is never marked.
 */
export function judge(review) {
  const out = [];
  for (let ply = 1; ply < review.scores.length; ply++) {
    const side = sideAt(review.first, ply - 1);
    const k = side === 'white' ? 1 : -1;
    const before = review.scores[ply - 1];
    const after = review.scores[ply];
    const same = review.best[ply - 1] === review.moves[ply - 1];
    const drop = same ? 0 : Math.max(0, k * (winChance(before) - winChance(after)));
    const loss = same ? 0 : Math.max(0, k * (clippedCp(before) - clippedCp(after)));
    const j = JUDGEMENTS.find((x) => drop >= x.drop) ?? null;
    out.push({
      ply, side, drop, loss,
      accuracy: same ? 100 : moveAccuracy(k * winChance(before), k * winChance(after)),
      kind: j?.kind ?? null, symbol: j?.symbol ?? '', nag: j?.nag ?? 0,
      best: j ? review.best[ply - 1] : null, bestNotation: j ? review.bestNotation[ply - 1] : null,
    });
  }
  return out;
}

/** Per side: counts of each judgement, the average centipawn loss and the mean accuracy. */
export function summarize(judged) {
  const sum = {};
  for (const side of ['white', 'black']) {
    const mine = judged.filter((m) => m.side === side);
    const n = mine.length;
    sum[side] = {
      moves: n,
      inaccuracy: mine.filter((m) => m.kind === 'inaccuracy').length,
      mistake: mine.filter((m) => m.kind === 'mistake').length,
      blunder: mine.filter((m) => m.kind === 'blunder').length,
      acpl: n ? Math.round(mine.reduce((a, m) => a + m.loss, 0) / n) : 0,
      accuracy: n ? Math.round(mine.reduce((a, m) => a + m.accuracy, 0) / n) : 100,
    };
  }
  return sum;
}

/** The side to move after `ply` plies of a game whose first mover is `first`. */
function sideAt(first, ply) {
  const other = first === 'white' ? 'black' : 'white';
  return ply % 2 === 0 ? first : other;
}

const isScore = (s) => s && typeof s === 'object'
  && ((Number.isFinite(s.cp) && s.mate === undefined) || (Number.isInteger(s.mate) && s.cp === undefined));

/**
 * Whether `r` is a review of (a beginning of) the game whose moves are `moves`: its shape is
 * right and its moves begin the game's. Anything else (a damaged record, a game taken back
 * past the review) is not shown.
 */
export function reviewFits(r, moves) {
  if (!r || typeof r !== 'object' || r.version !== REVIEW_VERSION) return false;
  if (!Array.isArray(r.moves) || !Array.isArray(r.scores) || !Array.isArray(r.best) || !Array.isArray(r.bestNotation)) return false;
  const n = r.moves.length;
  if (r.scores.length !== n + 1 || r.best.length !== n + 1 || r.bestNotation.length !== n + 1) return false;
  if (r.first !== 'white' && r.first !== 'black') return false;
  if (!r.scores.every(isScore) || !r.moves.every((m) => typeof m === 'string')) return false;
  return n <= moves.length && r.moves.every((m, i) => m === moves[i]);
}

/** A White-view score in words: "+1.25", "Mate in 3 for White", "White won". */
export function scoreWords(w) {
  if (w.mate === 0) return t('review-score-over', { winner: w.winner ?? 'draw' });
  if (w.mate !== undefined) return t('analysis-mate', { moves: Math.abs(w.mate), side: w.mate > 0 ? 'white' : 'black' });
  return t('analysis-cp', { pawns: (w.cp >= 0 ? '+' : '') + (w.cp / 100).toFixed(2) });
}

/** "12." or "12…" and the move: the move's number in the move list's terms. */
function moveLabel(first, ply, notation) {
  const blackFirst = first === 'black';
  const index = ply - 1 + (blackFirst ? 1 : 0);
  return t('review-move', { number: Math.floor(index / 2) + 1, black: index % 2 ? 'yes' : 'no', notation });
}

/** The graph's x for `ply` of `n` (a margin of 5 each side, so the end dots are whole). */
function plyX(ply, n) {
  return n ? 5 + (ply / n) * 310 : 160;
}

export class Review {
  /**
   * `card`: the review's panel section; `toggle`: the Review button; `goTo(ply)`: shows the
   * position after `ply`; `saved(review|null)`: the review to keep with the game; `game()`:
   * the game on the board as {variant, fen, options, moves} (fen the start, '' for standard).
   */
  constructor({ card, toggle, goTo, saved, game, announce }) {
    this.card = card;
    this.toggle = toggle;
    this.goTo = goTo;
    this.saved = saved;
    this.game = game;
    this.announce = announce;
    this.computer = new Computer({});
    this.review = null; // the review shown (of the game on the board)
    this.judged = [];
    this.running = null; // {cancelled} while a review runs
    this.note = null; // the note under the buttons, as {id, args} (a language switch rewords it)
    this.ply = null;
    const $ = (sel) => card.querySelector(sel);
    this.el = {
      preset: $('#review-preset'), start: $('#review-start'), cancel: $('#review-cancel'), progress: $('#review-progress'),
      progressText: $('#review-progress-text'), graph: $('#review-graph'), summary: $('#review-summary'), list: $('#review-list'),
      note: $('#review-note'), legend: $('#review-legend'),
    };
    toggle.addEventListener('click', () => {
      this.setOpen(this.card.hidden);
      if (!this.card.hidden) this.card.scrollIntoView?.({ block: 'nearest' });
    });
    this.el.start.addEventListener('click', () => this.run());
    this.el.cancel.addEventListener('click', () => this.cancel());
    this.el.graph.addEventListener('keydown', (e) => this.graphKey(e));
    this.el.graph.addEventListener('click', (e) => {
      const ply = e.target.closest?.('[data-ply]')?.dataset.ply;
      if (ply !== undefined) this.pick(Number(ply));
    });
    this.setState('idle');
    document.addEventListener('baroque:language', () => {
      if (!this.card.hidden) this.render();
    });
  }

  setOpen(open) {
    this.card.hidden = !open;
    this.toggle.setAttribute('aria-pressed', String(open));
    if (open) this.render();
  }

  /** Opens the card and starts a review of the game on the board (the entry points' action). */
  open({ start = true } = {}) {
    this.setOpen(true);
    if (start && !this.running && !this.review) this.run();
    this.card.scrollIntoView?.({ block: 'nearest' });
  }

  setState(state) {
    this.card.dataset.state = state;
    const running = state === 'running';
    this.el.start.hidden = running;
    this.el.cancel.hidden = !running;
    this.el.preset.disabled = running;
    this.el.progress.parentElement.hidden = !running;
  }

  /** The game on the board changed (a move, an undo, another game): shows its review, if any. */
  show(review, ply) {
    const g = this.game();
    if (this.running && !this.sameGame(this.running.game, g)) this.cancel();
    this.review = reviewFits(review, g.moves) ? review : null;
    this.judged = this.review ? judge(this.review) : [];
    this.ply = ply;
    if (!this.card.hidden) this.render();
  }

  sameGame(a, b) {
    return a.variant === b.variant && a.fen === b.fen && a.options.join(' ') === b.options.join(' ')
      && a.moves.length <= b.moves.length && a.moves.every((m, i) => m === b.moves[i]);
  }

  /** Follows the ply shown on the board (the graph's marker). */
  follow(ply) {
    this.ply = ply;
    this.drawCursor();
  }

  /** Reviews the game on the board at the chosen preset. */
  async run() {
    if (this.running) return;
    const g = this.game();
    const preset = PRESETS[this.el.preset.value] ? this.el.preset.value : 'normal';
    const limits = PRESETS[preset];
    const built = buildGame({ variant: g.variant, fen: g.fen, options: g.options });
    if (built.error) return;
    const walker = built.game;
    const first = walker.sideToMove();
    const n = g.moves.length;
    const run = { cancelled: false, game: g };
    this.running = run;
    this.setState('running');
    this.note = null;
    this.el.note.textContent = '';
    const scores = [];
    const best = [];
    const bestNotation = [];
    try {
      for (let i = 0; i <= n; i++) {
        this.progress(i, n + 1);
        const status = walker.status();
        if (status.result !== 'ongoing') {
          // Only the last position can end the game: its score is the result, not a search.
          scores.push(status.result === 'draw' ? { cp: 0 } : { mate: 0, winner: status.result });
          best.push(null);
          bestNotation.push(null);
        } else {
          const r = await this.computer.think({ variant: g.variant, fen: g.fen, options: g.options, moves: g.moves.slice(0, i), newGame: i === 0 }, { ...limits });
          if (run.cancelled || r.cancelled) return;
          const side = walker.sideToMove();
          const k = side === 'white' ? 1 : -1;
          scores.push(r.score.mate !== undefined ? { mate: r.score.mate * k } : { cp: r.score.cp * k });
          const legal = walker.legalMoves();
          const m = legal.find((x) => x.move === r.best);
          best.push(m ? m.move : null);
          bestNotation.push(m ? m.notation : null);
        }
        if (i < n) walker.play(g.moves[i]);
      }
      this.progress(n + 1, n + 1);
      const review = { version: REVIEW_VERSION, preset, limits, first, moves: [...g.moves], scores, best, bestNotation, date: Date.now() };
      this.running = null;
      this.setState('done');
      this.review = review;
      this.judged = judge(review);
      this.saved(review);
      this.render();
      this.announce?.(this.summaryText());
    } catch (e) {
      if (this.running === run) {
        this.running = null;
        this.setState('failed');
        this.note = { id: 'review-failed', args: { error: String(e?.message ?? e) } };
        this.render();
      }
    } finally {
      walker.free();
    }
  }

  progress(done, total) {
    this.el.progress.max = total;
    this.el.progress.value = done;
    this.card.dataset.done = String(done);
    this.el.progressText.textContent = t('review-progress', { done, total });
  }

  /** Stops a running review: the worker's search is dropped; what was found is forgotten. */
  cancel() {
    const run = this.running;
    if (!run) return;
    run.cancelled = true;
    this.running = null;
    this.computer.cancel();
    this.setState('cancelled');
    this.note = { id: 'review-cancelled', args: {} };
    this.render();
  }

  /** Goes to `ply` from the graph or the list. */
  pick(ply) {
    if (!this.review) return;
    this.ply = Math.max(0, Math.min(ply, this.review.moves.length));
    this.goTo(this.ply);
    this.drawCursor();
  }

  graphKey(e) {
    if (!this.review) return;
    const last = this.review.moves.length;
    const now = this.ply ?? last;
    const next = { ArrowLeft: now - 1, ArrowDown: now - 1, ArrowRight: now + 1, ArrowUp: now + 1, Home: 0, End: last, PageUp: now + 10, PageDown: now - 10 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    this.pick(next);
  }

  render() {
    const r = this.review;
    const kept = ['cancelled', 'failed'].includes(this.card.dataset.state) ? this.card.dataset.state : 'idle';
    if (!this.running) this.setState(r ? 'done' : kept);
    if (r && !this.running && !['review-cancelled', 'review-failed'].includes(this.note?.id)) {
      const partOf = r.moves.length < this.game().moves.length;
      this.note = { id: 'review-done', args: { preset: r.preset, depth: r.limits?.depth ?? 0, partial: partOf ? 'yes' : 'no', plies: r.moves.length } };
    }
    this.el.graph.toggleAttribute('hidden', !r); // an SVG element has no `hidden` property
    this.el.summary.hidden = !r;
    this.el.list.hidden = !r;
    this.el.legend.hidden = !r;
    this.el.note.textContent = this.note ? t(this.note.id, this.note.args) : '';
    if (!r) {
      this.el.graph.replaceChildren();
      this.el.summary.replaceChildren();
      this.el.list.replaceChildren();
      return;
    }
    this.drawGraph();
    this.renderSummary();
    this.renderList();
  }

  /** The evaluation graph: winning chances from White's view over the plies, marks on the judged moves. */
  drawGraph() {
    const r = this.review;
    const svg = this.el.graph;
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
      col.append(node('title', {}, this.plyText(i)));
      kids.push(col);
    }
    for (const m of this.judged) {
      if (!m.kind) continue;
      const [cx, cy] = pts[m.ply];
      const dot = node('circle', { cx, cy, r: m.kind === 'blunder' ? 4 : 3, class: `review-dot review-${m.kind}`, 'data-ply': m.ply, 'data-kind': m.kind });
      dot.append(node('title', {}, this.plyText(m.ply)));
      kids.push(dot);
    }
    kids.push(node('line', { x1: 0, y1: 0, x2: 0, y2: H, class: 'review-cursor' }));
    svg.replaceChildren(...kids);
    this.drawCursor();
  }

  drawCursor() {
    const r = this.review;
    const cursor = this.el.graph.querySelector('.review-cursor');
    if (!r || !cursor) return;
    const n = r.moves.length;
    const ply = Math.min(this.ply ?? n, n);
    const X = plyX(ply, n);
    cursor.setAttribute('x1', X);
    cursor.setAttribute('x2', X);
    this.el.graph.setAttribute('aria-valuenow', String(ply));
    this.el.graph.setAttribute('aria-valuetext', this.plyText(ply));
    this.el.graph.dataset.ply = String(ply);
  }

  /** A ply in words: the move (with its mark), the score after it, and the better move. */
  plyText(ply) {
    const r = this.review;
    const score = scoreWords(r.scores[ply]);
    if (ply === 0) return t('review-point-start', { score });
    const m = this.judged[ply - 1];
    const notation = `${this.notations()[ply - 1] ?? r.moves[ply - 1]}${m.symbol}`;
    const move = moveLabel(r.first, ply, notation);
    return m.kind
      ? t('review-point-judged', { move, score, kind: m.kind, best: m.bestNotation ?? '' })
      : t('review-point', { move, score });
  }

  /** The reviewed moves in display notation (from the engine's history of the game). */
  notations() {
    if (this.cachedFor === this.review) return this.cachedNotations;
    const r = this.review;
    const built = buildGame({ variant: this.game().variant, fen: this.game().fen, options: this.game().options, moves: r.moves });
    this.cachedFor = r;
    this.cachedNotations = built.error ? [] : built.game.history().map((h) => h.notation || h.move);
    built.game?.free();
    return this.cachedNotations;
  }

  renderSummary() {
    const sum = summarize(this.judged);
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
        abbr.textContent = sign.symbol;
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
    this.el.summary.replaceChildren(table);
  }

  renderList() {
    const items = this.judged.filter((m) => m.kind).map((m) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link review-item';
      b.dataset.ply = String(m.ply);
      b.dataset.kind = m.kind;
      b.textContent = this.plyText(m.ply);
      b.addEventListener('click', () => this.pick(m.ply));
      li.append(b);
      return li;
    });
    if (!items.length) {
      const li = document.createElement('li');
      li.textContent = t('review-none');
      items.push(li);
    }
    this.el.list.replaceChildren(...items);
  }

  /** The text of the summary for the live region. */
  summaryText() {
    const sum = summarize(this.judged);
    return ['white', 'black'].map((side) => t('review-say-side', { side, ...sum[side] })).join(t('say-join'));
  }

  /** Adds each judged move's sign (?!, ?, ??) to the move list's plies (`list`: the #move-list). */
  markMoves(list) {
    for (const m of this.judged) {
      if (!m.kind) continue;
      const span = list.querySelector(`.ply[data-ply="${m.ply}"]`);
      if (!span) continue;
      const nag = document.createElement('span');
      nag.className = `nag review-${m.kind}`;
      nag.textContent = m.symbol;
      span.append(nag);
      span.dataset.nag = m.symbol;
      span.title = `${span.title} — ${t(`review-kind-${m.kind}`)}${m.bestNotation ? ` ${t('review-better', { best: m.bestNotation })}` : ''}`;
    }
  }
}

/**
 * What the PGN writer adds to each reviewed move of `review`: `{ ply, nags: [n], comment }` —
 * the engine's evaluation after the move as `[%eval …]` (pawns from White's view, `#n` for a
 * mate), then for a judged move its NAG ($6 ?!, $2 ?, $4 ??) and the better move in words.
 */
export function pgnAnnotations(review) {
  return judge(review).map((m) => {
    const w = review.scores[m.ply];
    const ev = w.mate === 0 ? '' : w.mate !== undefined ? `[%eval #${w.mate}]` : `[%eval ${(w.cp / 100).toFixed(2)}]`;
    const words = m.kind ? t('review-pgn-comment', { kind: m.kind, best: m.bestNotation ?? '' }) : '';
    return { ply: m.ply, nags: m.nag ? [m.nag] : [], comment: [ev, words].filter(Boolean).join(' ') };
  });
}

/**
 * Adds a game's review and hints to the JSON of its game tree (the PGN writer's input,
 * `WebGame.pgn`'s `tree`: `{comment, line: [{move, nags, comment, variations}…]}`, node i of
 * `line` being the game's move i + 1): each reviewed move gets its `pgnAnnotations`, each move
 * played after a hint the comment `hintWords`. What the tree already says is kept (NAGs merged,
 * comments joined). `plies` is the number of the game's moves; nothing is added past it.
 */
export function annotateTree(tree, { review = null, hints = [], hintWords = '', plies }) {
  const out = tree ? JSON.parse(JSON.stringify(tree)) : {};
  out.line = Array.isArray(out.line) ? out.line : [];
  const node = (ply) => {
    while (out.line.length < ply) out.line.push({});
    return out.line[ply - 1];
  };
  const add = (ply, nags, comment) => {
    if (ply < 1 || ply > plies) return;
    const n = node(ply);
    const all = [...(n.nags ?? []), ...nags.filter((x) => !(n.nags ?? []).includes(x))];
    if (all.length) n.nags = all;
    if (comment) n.comment = n.comment ? `${n.comment} ${comment}` : comment;
  };
  if (review) for (const a of pgnAnnotations(review)) add(a.ply, a.nags, a.comment);
  for (const p of hints) add(p + 1, [], hintWords);
  return out;
}
