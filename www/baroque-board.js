// <baroque-board>: a live board for other pages (the rules wiki, any site). One module, no build:
//   <script type="module" src="/www/baroque-board.js"></script>
//   <baroque-board variant="ultima" fen="…" moves="g4d4 …" ply="0" mode="steps"
//                  marks="d3 d5:red d2>d8" caption="…" orientation="black"></baroque-board>
//
// Modes (`mode`): `diagram` (the default: a picture), `steps` (first/previous/next/last buttons,
// ←/→/Home/End and a clickable move list step through `moves`; each step slides and marks what it
// captured, and its sentence shows under the board), `try` (the reader moves freely from the
// position; a reset button), `play` (a game against the computer from the position, `level`
// (the engine's range, 1–8), the page's worker code www/engine/computer.js). `interactive` is the old name of `try`.
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
// Drawing is crates/web's BoardView (the game page's board), never a copy; the game is the game
// page's controller (www/game/ctrl.js) in every mode, the promotion chooser the game page's
// (www/views/promotion.js). This file is the element (attributes, building, words); its modes
// live in www/board-element/ (steps.js: the line and its controls; play.js: the reader's and the
// computer's moves; style.js: the shadow root's styles).
import { BoardView, buildGame, colors, errorOf, init } from './engine/engine.js';
import { errorText, inLanguage, initI18n, loadLanguage, render, t } from './services/i18n.js';
import { arrowKeys } from './views/a11y.js';
import { GameCtrl } from './game/ctrl.js';
import { STYLE } from './board-element/style.js';
import { el, layout, positionsOf, showsLine, step, stepKey } from './board-element/steps.js';
import { DEFAULT_LEVEL, clampLevel, play, wirePlay } from './board-element/play.js';

/** @type {Promise<unknown> | null} */
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

export class BaroqueBoard extends HTMLElement {
  static observedAttributes = [...GAME_ATTRS, ...VIEW_ATTRS, 'ply', 'caption', 'size', 'level'];

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.canvas = /** @type {HTMLCanvasElement} */ (el('canvas'));
    this.chooserBox = el('div', { className: 'chooser', hidden: true });
    this.chooserBox.setAttribute('role', 'dialog');
    /** @type {import('./views/promotion.js').PromotionChooser | null} the promotion chooser, loaded when first needed */
    this.chooser = null;
    arrowKeys(this.chooserBox, () => this.chooser?.hide());
    this.boardBox = el('div', { className: 'board' }, this.canvas, this.chooserBox);
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
    this.figure.addEventListener('keydown', (e) => stepKey(this, e));
    root.append(el('style', { textContent: STYLE }), this.figure);
    /** The game, its mode of play and the position shown (a past ply in steps and diagram modes). */
    this.ctrl = new GameCtrl();
    /** @type {any} the canvas board (BoardView) */
    this.board = null;
    /** @type {import('./engine/types.js').PlayedMove[]} the line's moves, or the game's so far */
    this.history = [];
    /** @type {string[]} the FEN after each ply of the line (steps and diagram modes) */
    this.fens = [];
    /** @type {import('./engine/types.js').EngineError | null} */
    this.error = null;
    this.pending = false;
    this.awake = false;
    /** @type {string | null} the element's own language, when `lang` names one */
    this.code = null;
    /** @type {(() => void) | null} */
    this.onLanguage = null;
    wirePlay(this);
    this.canvas.addEventListener('board-move', (e) => play(this, /** @type {CustomEvent} */ (e).detail.move));
    this.canvas.addEventListener('board-promote', (e) => this.promote(/** @type {CustomEvent} */ (e).detail.choices));
    this.resizer = new ResizeObserver(() => this.board?.redraw());
  }

  /**
   * Asks which piece a promoting move makes (the chooser's module loads the first time).
   * @param {import('./views/promotion.js').Choice[]} choices
   */
  async promote(choices) {
    const { PromotionChooser } = await import('./views/promotion.js');
    this.chooser ??= new PromotionChooser({
      dialog: this.chooserBox,
      box: this.chooserBox,
      named: 'title',
      say: (fn) => this.say(fn),
      focusBack: () => this.canvas.focus(),
      onChoose: (move) => play(this, move),
    });
    if (this.game) this.chooser.show(choices, this.game.sideToMove());
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
    this.ctrl.quiet();
    this.board?.free();
    this.board = null;
  }

  /** Called by the shared observer when the board comes near the viewport. */
  wake() {
    this.awake = true;
    this.rebuild();
  }

  /** @param {string} name @param {string | null} oldValue @param {string | null} value */
  attributeChangedCallback(name, oldValue, value) {
    if (oldValue === value || !this.isConnected) return;
    if (name === 'size') this.applySize();
    else if (name === 'caption') this.applyCaption();
    else if (!this.awake || name === 'level') return;
    else if (GAME_ATTRS.includes(name)) this.rebuild();
    else if (name === 'ply') step(this, this.requestedPly(), true);
    else this.configure();
  }

  /** The game (the controller's), or null before it is ready. */
  get game() {
    return this.ctrl.game;
  }

  /** The mode: one of MODES (an unknown value is reported by `rebuild`). */
  get mode() {
    const m = this.getAttribute('mode');
    if (m === null) return this.hasAttribute('interactive') ? 'try' : 'diagram';
    return m;
  }

  /** The number of moves in the position shown. */
  get shown() {
    return this.game ? this.ctrl.shownPly() : 0;
  }

  /** The game's FEN in the position shown, or null before it is ready. */
  get fen() {
    if (!this.game) return null;
    return showsLine(this.mode) ? this.fens[this.shown] : this.game.fen();
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
    return this.shown;
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

  /**
   * Runs `fn` in the element's language.
   * @template T
   * @param {() => T} fn
   * @returns {T}
   */
  say(fn) {
    return inLanguage(this.code, fn);
  }

  /** The board's configuration from the attributes and the mode. */
  config() {
    const mode = this.mode;
    const movable = mode === 'try' ? 'both' : mode === 'play' ? this.ctrl.settings?.side ?? 'none' : 'none';
    /** @type {Record<string, any>} */
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

  configure() {
    try {
      this.board?.set(this.config());
    } catch (e) {
      this.fail(errorOf(e));
    }
  }

  /**
   * Shows `error` ({code, params}) instead of the board.
   * @param {import('./engine/types.js').EngineError | { code: string, params: Record<string, string> }} error
   */
  fail(error) {
    this.error = /** @type {import('./engine/types.js').EngineError} */ (error);
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
      this.chooserBox.setAttribute('aria-label', t('promotion-title'));
      for (const b of /** @type {NodeListOf<HTMLElement>} */ (this.controls.querySelectorAll('button'))) b.textContent = t(b.dataset.label);
      const counter = this.controls.querySelector('.counter');
      if (counter) counter.textContent = t('wiki-step-counter', { ply: this.ply, total: this.history.length });
      this.moveList.setAttribute('aria-label', t('wiki-move-list'));
      this.figure.setAttribute('aria-label', t(`wiki-mode-${this.mode}`, { game: t(`game-${this.game.variant()}`) }));
      const shown = this.shown;
      this.canvas.setAttribute('aria-label', render(this.game.positionAt(shown, true).words));
      const last = this.history[shown - 1];
      this.sentence.textContent = last ? render(last.sentence) : '';
    });
  }

  /** The ply the `ply` attribute asks for (clamped), its default for the mode, or null when it is no number. */
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
      this.chooserBox.style.setProperty('--square-light', palette.light);
      this.chooserBox.style.setProperty('--board-highlight', palette.highlight);
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
      const game = all.game;
      if (!showsLine(this.mode)) {
        // The reader starts from the position after `ply` moves: the later ones are taken back
        // (the game keeps its positions; nothing is replayed).
        while (game.plyCount() > ply) game.undo();
        this.history = game.history();
      }
      this.fens = showsLine(this.mode) ? positionsOf(game) : [];
      this.error = null;
      this.errorBox.hidden = true;
      this.boardBox.hidden = false;
      // Play mode is a game against the computer from here, the reader on the side to move;
      // try mode is the reader on both sides.
      const side = game.sideToMove();
      const settings = {
        variant: game.variant(), fen: game.startFen(), options: game.options(), mode: /** @type {'computer' | 'hotseat'} */ (this.mode === 'play' ? 'computer' : 'hotseat'),
        side, level: clampLevel(this.getAttribute('level'), DEFAULT_LEVEL), autoflip: false, clock: null,
      };
      this.ctrl.start(game, settings, { ended: null, redo: [], clock: null });
      if (showsLine(this.mode)) this.ctrl.goToPly(ply);
      this.board?.free();
      try {
        this.board = new BoardView(this.canvas, game, this.config());
        this.board.set({ marks: this.getAttribute('marks') ?? '' });
      } catch (e) {
        return this.fail(errorOf(e));
      }
      this.board.showPly(game, this.shown, false);
      layout(this);
      this.reword();
      this.dataset.state = 'ready';
      this.dispatchEvent(new CustomEvent('ready', { detail: { fen: this.fen, ply: this.ply } }));
    });
  }
}

if (!customElements.get('baroque-board')) customElements.define('baroque-board', BaroqueBoard);
