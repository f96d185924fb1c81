// <baroque-board>: a live board for other pages (the rules wiki). No build step:
//   <script type="module" src="/www/baroque-board.js"></script>
//   <baroque-board variant="ultima" fen="…" moves="g4d4 …" orientation="black"
//                  options="stalemate=draw" interactive coordinates></baroque-board>
// Attributes map to the engine (variant, fen, options, moves: a new game) or to BoardView.set
// (orientation, coordinates, interactive). With `interactive`, legal moves can be played on it
// (hot-seat); each one fires a `move` event ({move, notation, sentence, fen}). A pawn that can
// promote to several pieces takes the first the engine lists (Omega: Queen, hybrid: Rook); the
// full page (index.html) asks. A bad attribute shows the engine's message inside the element
// instead of a board.
import init, { WebGame, BoardView } from './pkg/baroque_web.js';

let ready = null;
const engine = () => (ready ??= init());

const STYLE = `
  :host { display: inline-block; width: 360px; max-width: 100%; }
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
    root.append(style, this.canvas, this.live, this.errorBox);
    this.game = null;
    this.board = null;
    this.pending = false;
    this.canvas.addEventListener('board-move', (e) => this.play(e.detail.move));
    this.canvas.addEventListener('board-promote', (e) => this.play(e.detail.choices[0]?.move));
    this.resizer = new ResizeObserver(() => this.board?.redraw());
  }

  connectedCallback() {
    this.resizer.observe(this.canvas);
    this.rebuild();
  }

  disconnectedCallback() {
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

  configure() {
    try {
      this.board?.set(this.config());
    } catch (e) {
      this.fail(e.message);
    }
  }

  fail(message) {
    this.errorBox.textContent = `Board error: ${message}`;
    this.errorBox.hidden = false;
    this.canvas.hidden = true;
    this.dataset.state = 'error';
  }

  /** Rebuilds the game from the attributes, once per task however many attributes change. */
  rebuild() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(async () => {
      this.pending = false;
      await engine();
      let game;
      try {
        game = new WebGame(this.getAttribute('variant') ?? 'ultima', this.getAttribute('fen') || undefined,
          this.getAttribute('options') || undefined);
        for (const m of (this.getAttribute('moves') ?? '').split(/[\s,]+/).filter(Boolean)) {
          try {
            game.play(m);
          } catch (e) {
            throw new Error(`move ${m}: ${e.message}`);
          }
        }
      } catch (e) {
        game?.free();
        this.fail(e.message);
        return;
      }
      this.errorBox.hidden = true;
      this.canvas.hidden = false;
      this.game?.free();
      this.game = game;
      this.board?.free();
      this.board = new BoardView(this.canvas, game, this.config());
      this.canvas.setAttribute('aria-label', game.describe());
      this.dataset.state = 'ready';
      this.dispatchEvent(new CustomEvent('ready', { detail: { fen: game.fen() } }));
    });
  }

  play(text) {
    if (!this.game || !text) return;
    let json;
    try {
      json = JSON.parse(this.game.play(text));
    } catch (e) {
      this.live.textContent = e.message;
      return;
    }
    this.board.sync(this.game, true);
    const sentence = this.game.lastSentence() ?? '';
    this.live.textContent = sentence;
    this.canvas.setAttribute('aria-label', this.game.describe());
    this.dispatchEvent(new CustomEvent('move', { detail: { move: json.move, notation: json.notation, sentence, fen: this.game.fen() } }));
  }
}

if (!customElements.get('baroque-board')) customElements.define('baroque-board', BaroqueBoard);
