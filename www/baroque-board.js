// <baroque-board>: a live board for other pages (the rules wiki, any site). One module, no build:
//   <script type="module" src="/www/baroque-board.js"></script>
//   <baroque-board variant="ultima" fen="…" moves="g4d4 …" ply="0" mode="steps"
//                  marks="d3 d5:red d2>d8" caption="…" orientation="black"></baroque-board>
//
// Modes (`mode`): `diagram` (the default: a picture), `steps` (first/previous/next/last buttons,
// ←/→/Home/End and a clickable move list step through `moves`; each step slides and marks what it
// captured, and its sentence shows under the board), `try` (the reader moves freely from the
// position; a reset button), `play` (a game against the computer from the position, `level`
// 1–8, the page's worker code www/ai.js). `interactive` is the old name of `try`.
// Attributes: variant, fen, options ("stalemate=draw win=capture"), moves, ply (the position
// shown first: after that many moves; default all of them in diagram mode, 0 in steps mode),
// orientation (white/black), coordinates ("false" hides them), marks (squares and arrows, see
// crates/board/src/notes.rs: `d3 d5:red d2>d8:blue`, colours green/red/blue/yellow), caption,
// size (a CSS width: "300" is 300px), lang (en, zh-Hans, zh-Hant; default: the page's), level,
// theme (light/dark) and board (wood/slate). Changing any attribute re-renders. Properties:
// `ply` (read/write), `fen`, `moves` (move texts). Events: `move` (a move was played on the board
// or by the computer), `step` (the position shown changed), `ready`. A bad attribute shows the
// engine's message, worded by the catalog, inside the element.
//
// Cheap for the host page: every board on the page shares one WebAssembly instance, which loads
// only when the first board comes within 300px of the viewport (IntersectionObserver); a board
// builds its game only when it nears the viewport itself. While loading it reserves its square.
// Drawing is crates/web's BoardView (the game page's board), never a copy.
import { BoardView, buildGame, colors, errorOf, init } from './engine/engine.js';
import { errorText, inLanguage, initI18n, loadLanguage, render, t } from './i18n.js';
import { arrowKeys } from './a11y.js';

let ready = null;
const engine = () => (ready ??= Promise.all([init(), initI18n(location.search, { page: false })]));

const MODES = ['diagram', 'steps', 'try', 'play'];
const GAME_ATTRS = ['variant', 'fen', 'options', 'moves', 'mode', 'interactive', 'lang'];
const VIEW_ATTRS = ['orientation', 'coordinates', 'marks', 'theme', 'board'];

// One observer for every board: a board builds when it comes near the viewport.
const near = new IntersectionObserver(
  (entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      near.unobserve(e.target);
      /** @type {BaroqueBoard} */ (e.target).wake();
    }
  },
  { rootMargin: '300px' },
);

let computerModule = null;
const computerClass = () => (computerModule ??= import('./ai.js').then((m) => m.Computer));

const STYLE = `
  :host { display: inline-block; width: 360px; max-width: 100%; position: relative; vertical-align: top;
          font: 14px/1.4 system-ui, sans-serif; color: inherit; }
  figure { margin: 0; }
  figure:focus-visible { outline: 3px solid #2a6fdb; outline-offset: 3px; border-radius: 4px; }
  .board { position: relative; }
  :host([data-state="loading"]) .board { aspect-ratio: 1 / 1; background: rgba(128, 112, 90, 0.15); border-radius: 4px; }
  .chooser { position: absolute; inset: 0; display: flex; flex-wrap: wrap; align-content: center; justify-content: center;
             gap: 6px; background: rgba(20, 14, 8, 0.55); }
  [hidden] { display: none !important; }
  .chooser button { width: 22%; aspect-ratio: 1 / 1; padding: 4px; border: 2px solid transparent; border-radius: 8px;
                    background: var(--square-light); cursor: pointer; }
  .chooser button:focus-visible, .chooser button:hover { border-color: var(--board-highlight); }
  .chooser canvas { width: 100%; height: 100%; display: block; }
  .board > canvas { display: block; width: 100%; aspect-ratio: 1 / 1; touch-action: none; user-select: none; }
  .controls { display: flex; gap: 4px; margin-top: 6px; flex-wrap: wrap; align-items: center; }
  .controls button, .moves button { font: inherit; padding: 3px 10px; border-radius: 6px; border: 1px solid #8a7a66;
                    background: #fbf7f0; color: #2a241d; cursor: pointer; min-height: 30px; }
  .controls button:disabled { opacity: 0.45; cursor: default; }
  .controls button:focus-visible, .moves button:focus-visible { outline: 3px solid #2a6fdb; outline-offset: 1px; }
  .counter { margin-left: auto; font-variant-numeric: tabular-nums; }
  .moves { list-style: none; padding: 0; margin: 6px 0 0; display: flex; flex-wrap: wrap; gap: 3px; }
  .moves button { padding: 1px 6px; min-height: 26px; font-size: 13px; }
  .moves button[aria-current="step"] { background: #2a241d; color: #fbf7f0; }
  .sentence { margin: 6px 0 0; min-height: 1.4em; }
  figcaption { margin-top: 4px; font-style: italic; }
  .error { color: #7a1510; background: #fde8e6; border: 1px solid #f2b8b3; border-radius: 8px; padding: 0.6em 0.8em; }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

export class BaroqueBoard extends HTMLElement {
  static observedAttributes = [...GAME_ATTRS, ...VIEW_ATTRS, 'ply', 'caption', 'size', 'level'];

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.canvas = el('canvas');
    this.chooser = el('div', { className: 'chooser', hidden: true });
    this.chooser.setAttribute('role', 'dialog');
    arrowKeys(this.chooser, () => this.closeChooser());
    this.boardBox = el('div', { className: 'board' }, this.canvas, this.chooser);
    this.controls = el('div', { className: 'controls', hidden: true });
    this.sentence = el('p', { className: 'sentence', hidden: true });
    this.sentence.setAttribute('aria-live', 'polite');
    this.moveList = el('ol', { className: 'moves', hidden: true });
    this.captionBox = el('figcaption', { hidden: true });
    this.errorBox = el('div', { className: 'error', hidden: true });
    this.errorBox.setAttribute('role', 'alert');
    this.live = el('div', { className: 'sr' });
    this.live.setAttribute('aria-live', 'polite');
    this.figure = el('figure', {}, this.boardBox, this.controls, this.sentence, this.moveList, this.captionBox, this.errorBox, this.live);
    this.figure.addEventListener('keydown', (e) => this.key(e));
    root.append(el('style', { textContent: STYLE }), this.figure);
    /** @type {import('./engine/engine.js').Game | null} */
    this.game = null;
    this.board = null;
    this.history = [];
    this.shown = 0;
    this.pending = false;
    this.awake = false;
    this.code = null; // the element's own language, when `lang` names one
    /** @type {(() => void) | null} */
    this.onLanguage = null;
    /** @type {import('./ai.js').Computer | null} */
    this.computer = null;
    this.canvas.addEventListener('board-move', (e) => this.play(e.detail.move));
    this.canvas.addEventListener('board-promote', (e) => this.choose(e.detail.choices));
    this.resizer = new ResizeObserver(() => this.board?.redraw());
  }

  connectedCallback() {
    this.resizer.observe(this.canvas);
    this.onLanguage ??= () => this.reword();
    document.addEventListener('baroque:language', this.onLanguage);
    this.applySize();
    this.applyCaption();
    if (!this.dataset.state) this.dataset.state = 'loading';
    if (this.awake) this.rebuild();
    else near.observe(this);
  }

  disconnectedCallback() {
    document.removeEventListener('baroque:language', this.onLanguage);
    near.unobserve(this);
    this.resizer.disconnect();
    this.computer?.cancel();
    this.board?.free();
    this.board = null;
  }

  /** Called by the shared observer when the board comes near the viewport. */
  wake() {
    this.awake = true;
    this.rebuild();
  }

  attributeChangedCallback(name, oldValue, value) {
    if (oldValue === value || !this.isConnected) return;
    if (name === 'size') this.applySize();
    else if (name === 'caption') this.applyCaption();
    else if (!this.awake || name === 'level') return;
    else if (GAME_ATTRS.includes(name)) this.rebuild();
    else if (name === 'ply') this.step(this.requestedPly(), true);
    else this.configure();
  }

  /** The mode: one of MODES (an unknown value is reported by `rebuild`). */
  get mode() {
    const m = this.getAttribute('mode');
    if (m === null) return this.hasAttribute('interactive') ? 'try' : 'diagram';
    return m;
  }

  /** The game's FEN in the position shown, or null before it is ready. */
  get fen() {
    if (!this.game) return null;
    return this.mode === 'steps' || this.mode === 'diagram' ? this.fens[this.shown] : this.game.fen();
  }

  /** The move texts: of the line (diagram, steps) or of the game played so far (try, play). */
  get moves() {
    return this.history.map((h) => h.move);
  }

  set moves(list) {
    this.setAttribute('moves', Array.isArray(list) ? list.join(' ') : String(list));
  }

  /** The number of moves played in the position shown. */
  get ply() {
    return this.mode === 'steps' || this.mode === 'diagram' ? this.shown : this.history.length;
  }

  set ply(n) {
    this.setAttribute('ply', String(n));
  }

  applySize() {
    const size = this.getAttribute('size');
    this.style.width = size ? (/^\d+(\.\d+)?$/.test(size) ? `${size}px` : size) : '';
  }

  applyCaption() {
    const c = this.getAttribute('caption');
    this.captionBox.textContent = c ?? '';
    this.captionBox.hidden = !c;
  }

  /** Runs `fn` in the element's language. */
  say(fn) {
    return inLanguage(this.code, fn);
  }

  config() {
    const mode = this.mode;
    const movable = mode === 'try' ? 'both' : mode === 'play' ? this.humanSide : 'none';
    const c = {
      orientation: this.getAttribute('orientation') === 'black' ? 'black' : 'white',
      coordinates: this.getAttribute('coordinates') !== 'false',
      movable,
      marks: this.getAttribute('marks') ?? '',
    };
    if (this.hasAttribute('theme')) c.theme = this.getAttribute('theme');
    if (this.hasAttribute('board')) c.boardSet = this.getAttribute('board');
    return c;
  }

  /** Hides the promotion chooser; the focus goes back to the board. */
  closeChooser() {
    this.chooser.hidden = true;
    this.canvas.focus();
  }

  configure() {
    try {
      this.board?.set(this.config());
    } catch (e) {
      this.fail(errorOf(e));
    }
  }

  /** Shows `error` ({code, params}) instead of the board. */
  fail(error) {
    this.error = error;
    this.say(() => (this.errorBox.textContent = t('embed-error', { error: errorText(error) })));
    this.errorBox.hidden = false;
    for (const e of [this.boardBox, this.controls, this.sentence, this.moveList]) e.hidden = true;
    this.dataset.state = 'error';
  }

  /** Words everything again in the element's language. */
  reword() {
    if (this.error) {
      this.fail(this.error);
      return;
    }
    if (!this.game) return;
    this.say(() => {
      this.chooser.setAttribute('aria-label', t('promotion-title'));
      for (const b of this.controls.querySelectorAll('button')) b.textContent = t(b.dataset.label);
      const n = this.history.length;
      const counter = this.controls.querySelector('.counter');
      if (counter) counter.textContent = t('wiki-step-counter', { ply: this.ply, total: n });
      this.moveList.setAttribute('aria-label', t('wiki-move-list'));
      this.figure.setAttribute('aria-label', t(`wiki-mode-${this.mode}`, { game: t(`game-${this.game.variant()}`) }));
      const shown = this.mode === 'steps' || this.mode === 'diagram' ? this.shown : n;
      this.canvas.setAttribute('aria-label', render(this.game.describeAt(shown)));
      const last = this.history[shown - 1];
      this.sentence.textContent = last ? render(last.sentence) : '';
    });
  }

  requestedPly() {
    const n = this.history.length;
    const raw = this.getAttribute('ply');
    if (raw === null || raw.trim() === '') return this.mode === 'steps' ? 0 : n;
    const p = Number(raw);
    return Number.isInteger(p) ? Math.max(0, Math.min(n, p)) : null;
  }

  /** Rebuilds the game from the attributes, once per task however many attributes change. */
  rebuild() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(async () => {
      this.pending = false;
      await engine();
      // The chooser's tiles take the board's own colours (one table: palette.rs).
      const palette = colors('light', 'wood');
      this.chooser.style.setProperty('--square-light', palette.light);
      this.chooser.style.setProperty('--board-highlight', palette.highlight);
      const lang = this.getAttribute('lang');
      this.code = lang ? await loadLanguage(lang) : null;
      if (lang && !this.code) return this.fail({ code: 'wiki-bad-lang', params: { value: lang } });
      if (!MODES.includes(this.mode)) return this.fail({ code: 'wiki-bad-mode', params: { value: this.mode } });
      const all = buildGame({
        variant: this.getAttribute('variant') ?? undefined, // the table's first game by default
        fen: this.getAttribute('fen') ?? '',
        options: this.getAttribute('options') ?? '',
        moves: this.getAttribute('moves') ?? '',
      });
      if (all.error) return this.fail(all.error);
      this.history = all.game.history();
      const ply = this.requestedPly();
      if (ply === null) {
        all.game.free();
        return this.fail({ code: 'wiki-bad-ply', params: { value: this.getAttribute('ply'), total: String(this.history.length) } });
      }
      let game = all.game;
      if (this.mode === 'try' || this.mode === 'play') {
        // The reader starts from the position after `ply` moves.
        game = buildGame({ variant: all.game.variant(), fen: all.game.startFen(), options: all.game.options(), moves: this.moves.slice(0, ply) }).game;
        all.game.free();
        this.history = game.history();
      }
      this.fens = this.positionsOf(game);
      this.error = null;
      this.errorBox.hidden = true;
      this.boardBox.hidden = false;
      this.game?.free();
      this.game = game;
      this.humanSide = game.sideToMove();
      this.board?.free();
      this.shown = this.mode === 'steps' || this.mode === 'diagram' ? ply : this.history.length;
      try {
        this.board = new BoardView(this.canvas, game, this.config());
        this.board.set({ marks: this.getAttribute('marks') ?? '' });
      } catch (e) {
        return this.fail(errorOf(e));
      }
      this.board.showPly(game, this.shown, false);
      this.layout();
      this.reword();
      this.dataset.state = 'ready';
      this.dispatchEvent(new CustomEvent('ready', { detail: { fen: this.fen, ply: this.ply } }));
      if (this.mode === 'play') this.maybeThink();
    });
  }

  /** The FEN after each ply of `game`'s moves (index 0: the start). */
  positionsOf(game) {
    if (this.mode !== 'steps' && this.mode !== 'diagram') return [];
    const replay = buildGame({ variant: game.variant(), fen: game.startFen(), options: game.options() }).game;
    const fens = [replay.fen()];
    for (const h of this.history) {
      replay.play(h.move);
      fens.push(replay.fen());
    }
    replay.free();
    return fens;
  }

  /** Builds the controls of the mode: step buttons and the move list, or reset. */
  layout() {
    const mode = this.mode;
    const button = (label, action, onClick) => {
      const b = el('button', { type: 'button' });
      b.dataset.label = label;
      b.dataset.action = action;
      b.addEventListener('click', onClick);
      return b;
    };
    this.controls.replaceChildren();
    this.moveList.replaceChildren();
    // A board that takes moves is an application (it handles the arrow keys); else a picture,
    // and in steps mode the figure takes the arrow keys.
    const moving = mode === 'try' || mode === 'play';
    this.canvas.setAttribute('role', moving ? 'application' : 'img');
    this.canvas.tabIndex = moving ? 0 : -1;
    this.figure.tabIndex = mode === 'steps' ? 0 : -1;
    if (mode === 'steps') {
      this.controls.append(
        button('wiki-first', 'first', () => this.step(0, false)),
        button('wiki-previous', 'previous', () => this.step(this.shown - 1, true)),
        button('wiki-next', 'next', () => this.step(this.shown + 1, true)),
        button('wiki-last', 'last', () => this.step(this.history.length, false)),
        el('span', { className: 'counter' }),
      );
      this.history.forEach((h, i) => {
        const b = el('button', { type: 'button', textContent: h.notation });
        b.dataset.ply = String(i + 1);
        b.addEventListener('click', () => this.step(i + 1, i + 1 === this.shown + 1));
        this.moveList.append(el('li', {}, b));
      });
    } else if (moving) {
      this.controls.append(button('wiki-reset', 'reset', () => this.rebuild()));
    }
    this.controls.hidden = mode === 'diagram';
    this.moveList.hidden = mode !== 'steps' || this.history.length === 0;
    this.sentence.hidden = mode === 'diagram' && !this.history.length;
    this.updateControls();
  }

  updateControls() {
    if (this.mode !== 'steps') return;
    const n = this.history.length;
    const at = (a) => this.controls.querySelector(`[data-action="${a}"]`);
    at('first').disabled = at('previous').disabled = this.shown === 0;
    at('next').disabled = at('last').disabled = this.shown === n;
    for (const b of this.moveList.querySelectorAll('button')) {
      if (Number(b.dataset.ply) === this.shown) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
  }

  /** Shows the position after `ply` moves (steps and diagram modes), sliding when `animate`. */
  step(ply, animate) {
    if (!this.game || ply === null || (this.mode !== 'steps' && this.mode !== 'diagram')) return;
    const n = this.history.length;
    const target = Math.max(0, Math.min(n, ply));
    if (target === this.shown) return;
    // Only a single step forward slides; other jumps redraw at once.
    this.board.showPly(this.game, target, animate && target === this.shown + 1);
    this.shown = target;
    this.updateControls();
    this.reword();
    const h = this.history[target - 1] ?? null;
    const sentence = h ? this.say(() => render(h.sentence)) : '';
    this.live.textContent = sentence;
    this.dispatchEvent(
      new CustomEvent('step', { detail: { ply: target, move: h?.move ?? null, notation: h?.notation ?? null, captures: h?.captures ?? [], sentence, fen: this.fen } }),
    );
  }

  key(e) {
    if (this.mode !== 'steps' || e.ctrlKey || e.metaKey || e.altKey) return;
    const to = { ArrowLeft: this.shown - 1, ArrowRight: this.shown + 1, Home: 0, End: this.history.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.step(to, e.key === 'ArrowRight');
  }

  /** Shows the promotion choices with their glyphs; one click plays it. */
  choose(choices) {
    const color = this.game.sideToMove();
    this.chooser.replaceChildren();
    for (const c of choices) {
      const b = el('button', { type: 'button', title: this.say(() => t(`role-${c.role}`)) });
      b.setAttribute('aria-label', b.title);
      b.dataset.move = c.move;
      b.append(el('canvas'));
      b.addEventListener('click', () => {
        this.closeChooser();
        this.play(c.move);
      });
      this.chooser.append(b);
    }
    this.chooser.hidden = false;
    requestAnimationFrame(() => {
      [...this.chooser.children].forEach((b, i) => BoardView.drawGlyph(b.firstChild, choices[i].role, color));
      this.chooser.firstElementChild?.focus();
    });
  }

  /** Plays move text on the game (try and play modes); `by` is `reader` or `computer`. */
  play(text, by = 'reader') {
    if (!this.game || !text) return;
    let json;
    try {
      json = this.game.play(text);
    } catch (e) {
      this.live.textContent = this.say(() => errorText(errorOf(e)));
      return;
    }
    this.history = this.game.history();
    this.board.sync(this.game, true);
    const h = this.history[this.history.length - 1];
    const sentence = this.say(() => render(h.sentence));
    this.live.textContent = sentence;
    this.reword();
    this.dispatchEvent(
      new CustomEvent('move', { detail: { move: json.move, notation: json.notation, captures: h.captures, sentence, fen: this.game.fen(), by, ply: this.history.length } }),
    );
    if (this.mode === 'play') this.maybeThink();
  }

  /** In play mode, lets the computer answer when it is its turn and the game goes on. */
  async maybeThink() {
    const game = this.game;
    const status = game.status();
    if (status.result !== 'ongoing' || game.sideToMove() === this.humanSide) return;
    this.board.set({ movable: 'none' });
    const Computer = await computerClass();
    this.computer ??= new Computer({ onError: (err) => this.fail(err) });
    const level = Math.max(1, Math.min(8, Number(this.getAttribute('level')) || 2));
    const position = { variant: game.variant(), fen: game.startFen(), options: game.options(), moves: game.moveTexts() };
    this.sentence.hidden = false;
    this.sentence.textContent = this.say(() => t('thinking'));
    let r;
    try {
      r = await this.computer.think(position, { level });
    } catch (err) {
      if (game === this.game) this.fail(err);
      return;
    }
    if (game !== this.game || r.cancelled || !r.best) return;
    this.board.set({ movable: this.humanSide });
    this.play(r.best, 'computer');
  }
}

if (!customElements.get('baroque-board')) customElements.define('baroque-board', BaroqueBoard);
