// <baroque-board>: a live board for other pages (the rules wiki). No build step:
//   <script type="module" src="/www/baroque-board.js"></script>
//   <baroque-board variant="ultima" fen="…" moves="g4d4 …" orientation="black"
//                  options="stalemate=draw" interactive coordinates></baroque-board>
// Attributes map to the engine (variant, fen, options, moves: a new game) or to BoardView.set
// (orientation, coordinates, interactive). With `interactive`, legal moves can be played on it
// (hot-seat); each one fires a `move` event ({move, notation, sentence, fen}); a pawn that can
// promote to several pieces asks which. A bad attribute shows the engine's message inside the
// element instead of a board. Its words (the error, the chooser, the board's label and the move
// sentences) come from the page's catalogs in the visitor's language (i18n.js; ?lang=, the
// remembered choice, the browser's languages), and follow a language switch on the page.
import init, { BoardView } from './pkg/baroque_web.js';
import { buildGame, errorOf } from './games.js';
import { errorText, initI18n, render, t } from './i18n.js';
import { arrowKeys } from './a11y.js';

let ready = null;
const engine = () => (ready ??= Promise.all([init(), initI18n(location.search, { page: false })]));

const STYLE = `
  :host { display: inline-block; width: 360px; max-width: 100%; position: relative; }
  .chooser { position: absolute; inset: 0; display: flex; flex-wrap: wrap; align-content: center; justify-content: center;
             gap: 6px; background: rgba(20, 14, 8, 0.55); }
  [hidden] { display: none !important; }
  .chooser button { width: 22%; aspect-ratio: 1 / 1; padding: 4px; border: 2px solid transparent; border-radius: 8px;
                    background: var(--square-light); cursor: pointer; }
  .chooser button:focus-visible, .chooser button:hover { border-color: var(--board-highlight); }
  .chooser canvas { width: 100%; height: 100%; display: block; }
  canvas { display: block; width: 100%; aspect-ratio: 1 / 1; touch-action: none; user-select: none; }
  .error { font: 14px system-ui, sans-serif; color: #7a1510; background: #fde8e6; border: 1px solid #f2b8b3;
           border-radius: 8px; padding: 0.6em 0.8em; }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export class BaroqueBoard extends HTMLElement {
  static observedAttributes = ['variant', 'fen', 'options', 'moves', 'orientation', 'coordinates', 'interactive'];

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.canvas = document.createElement('canvas');
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('role', 'img');
    this.live = document.createElement('div');
    this.live.className = 'sr';
    this.live.setAttribute('aria-live', 'polite');
    this.errorBox = document.createElement('div');
    this.errorBox.className = 'error';
    this.errorBox.setAttribute('role', 'alert');
    this.errorBox.hidden = true;
    this.chooser = document.createElement('div');
    this.chooser.className = 'chooser';
    this.chooser.setAttribute('role', 'dialog');
    this.chooser.dataset.label = 'promotion-title';
    this.chooser.hidden = true;
    arrowKeys(this.chooser, () => this.closeChooser());
    root.append(style, this.canvas, this.chooser, this.live, this.errorBox);
    this.game = null;
    this.board = null;
    this.pending = false;
    this.canvas.addEventListener('board-move', (e) => this.play(e.detail.move));
    this.canvas.addEventListener('board-promote', (e) => this.choose(e.detail.choices));
    this.resizer = new ResizeObserver(() => this.board?.redraw());
  }

  connectedCallback() {
    this.resizer.observe(this.canvas);
    this.onLanguage ??= () => this.reword();
    document.addEventListener('baroque:language', this.onLanguage);
    this.rebuild();
  }

  disconnectedCallback() {
    document.removeEventListener('baroque:language', this.onLanguage);
    this.resizer.disconnect();
    this.board?.free();
    this.board = null;
  }

  attributeChangedCallback(name, oldValue, value) {
    if (oldValue === value || !this.isConnected) return;
    if (['variant', 'fen', 'options', 'moves'].includes(name)) this.rebuild();
    else this.configure();
  }

  /** The game's FEN now, or null before it is ready. */
  get fen() {
    return this.game?.fen() ?? null;
  }

  config() {
    const interactive = this.hasAttribute('interactive');
    return {
      orientation: this.getAttribute('orientation') === 'black' ? 'black' : 'white',
      coordinates: this.getAttribute('coordinates') !== 'false',
      movable: interactive ? 'both' : 'none',
    };
  }

  /** Hides the promotion chooser; the focus goes back to the board. */
  closeChooser() {
    this.chooser.hidden = true;
    this.canvas.focus();
  }

  configure() {
    // A board that takes moves is an application (it handles the arrow keys); else a picture.
    this.canvas.setAttribute('role', this.hasAttribute('interactive') ? 'application' : 'img');
    try {
      this.board?.set(this.config());
    } catch (e) {
      this.fail(errorOf(e));
    }
  }

  /** Shows `error` ({code, params}) instead of the board. */
  fail(error) {
    this.error = error;
    this.errorBox.textContent = t('embed-error', { error: errorText(error) });
    this.errorBox.hidden = false;
    this.canvas.hidden = true;
    this.dataset.state = 'error';
  }

  /** Words everything again in the current language. */
  reword() {
    if (this.error) this.fail(this.error);
    this.chooser.setAttribute('aria-label', t('promotion-title'));
    if (this.game) this.canvas.setAttribute('aria-label', render(JSON.parse(this.game.describe())));
  }

  /** Rebuilds the game from the attributes, once per task however many attributes change. */
  rebuild() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(async () => {
      this.pending = false;
      await engine();
      // The chooser's tiles take the board's own colours (one table: palette.rs).
      const colors = JSON.parse(BoardView.colors('light', 'wood'));
      this.chooser.style.setProperty('--square-light', colors.light);
      this.chooser.style.setProperty('--board-highlight', colors.highlight);
      const { game, error } = buildGame({
        variant: this.getAttribute('variant') ?? undefined, // the table's first game by default
        fen: this.getAttribute('fen') ?? '',
        options: this.getAttribute('options') ?? '',
        moves: this.getAttribute('moves') ?? '',
      });
      if (error) {
        this.fail(error);
        return;
      }
      this.error = null;
      this.errorBox.hidden = true;
      this.canvas.hidden = false;
      this.game?.free();
      this.game = game;
      this.board?.free();
      this.board = new BoardView(this.canvas, game, this.config());
      this.configure();
      this.reword();
      this.dataset.state = 'ready';
      this.dispatchEvent(new CustomEvent('ready', { detail: { fen: game.fen() } }));
    });
  }

  /** Shows the promotion choices with their glyphs; one click plays it. */
  choose(choices) {
    const color = this.game.sideToMove();
    this.chooser.replaceChildren();
    for (const c of choices) {
      const b = document.createElement('button');
      b.type = 'button';
      b.title = t(`role-${c.role}`);
      b.setAttribute('aria-label', b.title);
      b.dataset.move = c.move;
      const cv = document.createElement('canvas');
      b.append(cv);
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

  play(text) {
    if (!this.game || !text) return;
    let json;
    try {
      json = JSON.parse(this.game.play(text));
    } catch (e) {
      this.live.textContent = errorText(errorOf(e));
      return;
    }
    this.board.sync(this.game, true);
    const sentence = render(JSON.parse(this.game.lastSentence() ?? 'null'));
    this.live.textContent = sentence;
    this.canvas.setAttribute('aria-label', render(JSON.parse(this.game.describe())));
    this.dispatchEvent(new CustomEvent('move', { detail: { move: json.move, notation: json.notation, sentence, fen: this.game.fen() } }));
  }
}

if (!customElements.get('baroque-board')) customElements.define('baroque-board', BaroqueBoard);
