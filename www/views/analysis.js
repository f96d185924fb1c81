// The analysis board: the engine analyses the position shown, continuously (`infinite` in the
// worker, a second Computer so the opponent's search is never disturbed), and the panel shows an
// evaluation bar with its number from White's view (or "mate in N"), the best 1–5 lines
// (MultiPV) in display notation with depth and speed, and the best move as an arrow on the
// board. Clicking a line plays it out on the game. Off until its toggle is pressed. The search's
// reports are kept as they come and drawn once per animation frame (www/services/frame.js), never per
// report: the main thread stays free while the worker thinks.
import { Computer } from '../engine/computer.js';
import { buildGame } from '../engine/engine.js';
import { t } from '../services/i18n.js';
import { perFrame } from '../services/frame.js';
import { speedWords, whiteView } from '../services/score-words.js';

const SVG = 'http://www.w3.org/2000/svg';

/** The bar's share for White (0–1): a logistic of the centipawns, mates at the ends. */
export function barShare(w) {
  if (w.mate !== undefined) return w.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-w.cp / 400));
}

export class Analysis {
  constructor({ toggle, card, bar, number, lines, stats, count, layer, canvas, center, onPlay }) {
    this.toggle = toggle;
    this.card = card;
    this.bar = bar;
    this.number = number;
    this.lines = lines;
    this.stats = stats;
    this.count = count;
    this.layer = layer;
    this.canvas = canvas;
    this.center = center;
    this.onPlay = onPlay;
    this.on = false;
    this.computer = new Computer({ onInfo: (info) => this.info(info) });
    this.request = null;
    this.found = [];
    /** Draws the reports kept, once per frame. */
    this.draw = perFrame(() => this.drawFound());
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.classList.add('analysis-arrows');
    this.svg.setAttribute('aria-hidden', 'true');
    toggle.addEventListener('click', () => this.setOn(!this.on));
    count.addEventListener('change', () => this.start(this.request));
  }

  setOn(on) {
    this.on = on;
    this.toggle.setAttribute('aria-pressed', String(on));
    this.card.hidden = !on;
    this.layer.hidden = !on;
    if (on) this.start(this.request);
    else this.stop();
  }

  /**
   * Analyses a position: { variant, fen, options, moves, at, side } (`fen` the game's start,
   * `at` the FEN of the position analysed, `side` its side to move); null stops.
   */
  show(request) {
    this.request = request;
    if (this.on) this.start(request);
  }

  stop() {
    this.computer.cancel();
    this.draw.cancel();
    this.svg.replaceChildren();
  }

  start(request) {
    this.stop();
    this.found = [];
    this.lines.replaceChildren();
    this.stats.textContent = '';
    this.number.textContent = '';
    this.card.dataset.depth = '0';
    if (!request || !this.on) return;
    if (request.over) {
      this.number.textContent = t('analysis-game-over');
      return;
    }
    const multipv = Number(this.count.value) || 3;
    this.current = request;
    this.computer.think(request, { infinite: true, multipv }).catch(() => {});
  }

  info(info) {
    const r = this.current;
    if (!r || !this.on) return;
    const k = (info.multipv ?? 1) - 1;
    if (k === 0) this.found = [];
    this.found[k] = info;
    this.draw();
  }

  /** Draws what the reports kept say: the best line's score, bar and arrow, and every line. */
  drawFound() {
    if (!this.current || !this.on) return;
    if (this.found[0]) this.render();
    else this.renderLines();
  }

  render() {
    const best = this.found[0];
    const w = whiteView(best.score, this.current.side);
    this.bar.style.setProperty('--white-share', String(barShare(w)));
    this.card.dataset.depth = String(best.depth);
    this.card.dataset.score = w.mate !== undefined ? `mate ${w.mate}` : `cp ${w.cp}`;
    this.number.textContent = this.scoreText(w);
    this.stats.textContent = best.nps > 0
      ? t('analysis-stats', { depth: best.depth, speed: speedWords(best.nps) })
      : t('analysis-stats-start', { depth: best.depth });
    this.renderLines();
    this.drawBest(best.pv[0]);
  }

  scoreText(w) {
    if (w.mate !== undefined) return t('analysis-mate', { moves: Math.abs(w.mate), side: w.mate > 0 ? 'white' : 'black' });
    return t('analysis-cp', { pawns: (w.cp / 100 >= 0 ? '+' : '') + (w.cp / 100).toFixed(2) });
  }

  renderLines() {
    const items = this.found.filter(Boolean).map((info) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link analysis-line';
      b.dataset.moves = info.pv.join(' ');
      b.dataset.depth = String(info.depth);
      const score = document.createElement('span');
      score.className = 'analysis-score';
      score.textContent = this.scoreText(whiteView(info.score, this.current.side));
      const moves = document.createElement('span');
      moves.textContent = ` ${info.notation.join(' ')}`;
      b.append(score, moves);
      b.title = t('analysis-play-line');
      b.addEventListener('click', () => this.onPlay?.(info.pv));
      li.append(b);
      return li;
    });
    this.lines.replaceChildren(...items);
  }

  /**
   * The squares of `move` in the position analysed, as the engine's legal moves give them (built
   * from that position's FEN, once per position and move), or null.
   * @param {string | undefined} move
   */
  squaresOf(move) {
    const r = this.current;
    if (!move || !r?.at) return null;
    const key = `${r.variant}|${r.options.join(' ')}|${r.at}|${move}`;
    if (this.arrow?.key !== key) {
      const built = buildGame({ variant: r.variant, fen: r.at, options: r.options });
      const m = built.error ? null : built.game.legalMoves().find((x) => x.move === move) ?? null;
      built.game?.free();
      this.arrow = { key, squares: m && { from: m.from, to: m.to } };
    }
    return this.arrow.squares;
  }

  /** The best move as an arrow over the board. */
  drawBest(move) {
    const c = this.canvas;
    Object.assign(this.layer.style, { left: `${c.offsetLeft}px`, top: `${c.offsetTop}px`, width: `${c.clientWidth}px`, height: `${c.clientHeight}px` });
    this.svg.setAttribute('viewBox', `0 0 ${c.clientWidth} ${c.clientHeight}`);
    if (!this.svg.isConnected) this.layer.append(this.svg);
    this.svg.replaceChildren();
    this.layer.dataset.best = move ?? '';
    const m = this.squaresOf(move);
    if (!m || m.from === m.to) return;
    const [x1, y1] = this.center(m.from);
    const [x2, y2] = this.center(m.to);
    const w = Math.max(4, c.clientWidth / 70);
    this.svg.innerHTML = `<defs><marker id="analysis-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3.5" markerHeight="3.5" orient="auto"><path d="M0 0 L10 5 L0 10 z" class="analysis-head"/></marker></defs>`;
    const line = document.createElementNS(SVG, 'line');
    Object.entries({ x1, y1, x2, y2, 'stroke-width': w, class: 'analysis-line-arrow', 'marker-end': 'url(#analysis-head)' }).forEach(([k, v]) => line.setAttribute(k, v));
    this.svg.append(line);
  }
}
