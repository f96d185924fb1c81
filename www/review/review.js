// Game review: the engine analyses every position of the game on the board (a worker of its
// own, a `Computer` of www/engine/computer.js, so the page and the computer opponent are never
// held up) at a chosen strength, with a progress bar and a cancel button. The finished review draws an
// evaluation graph over the moves (White's view; click or arrow keys go to a ply), marks
// inaccuracies, mistakes and blunders (?!, ?, ??: the NAGs' marks in the engine's table) with the
// better move in display notation, and sums each side up (counts, average centipawn loss,
// accuracy). The page keeps it in the saved game (record.review) and writes it into the PGN as
// NAGs and comments.
//
// This file is the card's controller (running, cancelling, following the board); the arithmetic
// is www/review/judge.js (no DOM, tested in Node), the drawing www/review/card.js; the
// review's annotations in the PGN are at the end of this file.
import { Computer } from '../engine/computer.js';
import { buildGame } from '../engine/engine.js';
import { t } from '../services/i18n.js';
import { PRESETS, REVIEW_VERSION, judge, reviewFits, summarize } from './judge.js';
import * as drawing from './card.js';

export { JUDGEMENTS, PRESETS, REVIEW_VERSION, clippedCp, judge, moveAccuracy, reviewFits, summarize, winChance } from './judge.js';

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
    this.judged = this.review ? judge(this.review, this.sides()) : [];
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
    drawing.drawCursor(this);
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
      this.judged = judge(review, this.sides());
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
    drawing.drawCursor(this);
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
    drawing.drawGraph(this);
    drawing.renderSummary(this);
    drawing.renderList(this);
  }

  /** The movers of the reviewed moves (from the engine's history of the game). */
  sides() {
    return this.history().map((h) => h.side);
  }

  /** The reviewed moves in display notation (from the engine's history of the game). */
  notations() {
    return this.history().map((h) => h.notation || h.move);
  }

  /**
   * The engine's history of the reviewed moves: each with its notation, number and side.
   * @returns {import('../engine/types.js').PlayedMove[]}
   */
  history() {
    if (this.cachedFor === this.review) return this.cachedHistory;
    const r = this.review;
    const built = buildGame({ variant: this.game().variant, fen: this.game().fen, options: this.game().options, moves: r.moves });
    this.cachedFor = r;
    this.cachedHistory = built.error ? [] : built.game.history();
    built.game?.free();
    return this.cachedHistory;
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

// ----- the review in the PGN (www/pages/game/saved.js writes it) -----

/**
 * What the PGN writer adds to each reviewed move of `review`: `{ ply, nags: [n], comment }` —
 * the engine's evaluation after the move as `[%eval …]` (pawns from White's view, `#n` for a
 * mate), then for a judged move its NAG ($6 ?!, $2 ?, $4 ??) and the better move in words.
 * `sides`: the game's movers, from the engine's history (see judge).
 */
export function pgnAnnotations(review, sides) {
  return judge(review, sides).map((m) => {
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
 * comments joined). `plies` is the number of the game's moves; nothing is added past it;
 * `sides` the movers of the game's moves, from the engine's history (the review's judgements).
 */
export function annotateTree(tree, { review = null, sides = [], hints = [], hintWords = '', plies }) {
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
  if (review) for (const a of pgnAnnotations(review, sides)) add(a.ply, a.nags, a.comment);
  for (const p of hints) add(p + 1, [], hintWords);
  return out;
}
