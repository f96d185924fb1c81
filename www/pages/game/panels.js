// The game page's panels that the first board does not need — the analysis board
// (www/views/analysis.js), threats mode (www/views/threats.js) and the game review (www/review/review.js with
// www/review/card.js): each module is imported at its first use (its toggle pressed, an analysis
// link, a saved review to mark on the move list), so a first visit does not download them before
// the board is ready (docs/benchmarks.md, "the page on the wire"). Until then a stand-in takes the
// page's calls: it keeps the position to show, and its toggle loads the module (the review's
// shows its card at once, its controls disabled until the module has wired them); the module's
// object then replaces it as page.analysis, page.threats or page.review. The service worker
// caches the modules in idle time (sw.js), so a first use after that is served locally.
import { reviewFits } from '../../services/store.js';

/**
 * A function that imports a module once, at its first call (later calls share the promise).
 * @template T
 * @param {() => Promise<T>} load
 * @returns {() => Promise<T>}
 */
export function once(load) {
  /** @type {Promise<T> | null} */
  let p = null;
  return () => (p ??= load().catch((e) => {
    p = null; // offline before the service worker had it: a later use tries again
    throw e;
  }));
}

/** Runs `f` when the page is idle (at the latest after 2 s). @param {() => void} f */
export function whenIdle(f) {
  if ('requestIdleCallback' in window) requestIdleCallback(f, { timeout: 2000 });
  else setTimeout(f, 200);
}

/**
 * Disables the enabled controls of `card` until the returned function is called (Playwright and
 * people alike then wait for them rather than press a button nothing listens to yet).
 * @param {HTMLElement} card
 */
function holdControls(card) {
  const held = [...card.querySelectorAll('button, select, input')].filter((c) => !(/** @type {any} */ (c).disabled));
  for (const c of held) /** @type {any} */ (c).disabled = true;
  return () => {
    for (const c of held) /** @type {any} */ (c).disabled = false;
  };
}

/**
 * The stand-in of a toggled panel (analysis, threats) whose object has `on`, `setOn(on)` and
 * `show(...args)`: `on` and the last `show` arguments are kept; switched on, it loads the module
 * (the card shows when the module has drawn it: a test that sees the card sees its contents); `make(module)` builds the object, which gets the kept position and state and
 * is handed to `install`.
 */
export class TogglePanel {
  /**
   * @param {{ toggle: HTMLElement, card: HTMLElement, load: () => Promise<any>,
   *   make: (module: any) => any, install: (panel: any) => void }} parts
   */
  constructor({ toggle, card, load, make, install }) {
    this.on = false;
    /** @type {any[] | null} */
    this.args = null;
    this.parts = { toggle, card, load, make, install };
    this.click = () => this.setOn(!this.on);
    toggle.addEventListener('click', this.click);
    /** @type {Promise<any> | null} */
    this.loading = null;
  }

  /** Keeps the position to show once the module is loaded. @param {...any} args */
  show(...args) {
    this.args = args;
  }

  /** Switched on, the module loads and shows the card with what it found (at once). @param {boolean} on */
  setOn(on) {
    this.on = on;
    this.parts.toggle.setAttribute('aria-pressed', String(on));
    if (on) this.load();
  }

  /** Loads the module and hands over to its object. */
  load() {
    const { toggle, card, load, make, install } = this.parts;
    if (this.loading) return this.loading;
    const release = holdControls(card);
    this.loading = load().then((module) => {
      release();
      toggle.removeEventListener('click', this.click);
      const panel = make(module);
      if (this.args) panel.show(...this.args);
      if (this.on) panel.setOn(true);
      install(panel);
      return panel;
    }, (e) => {
      release();
      this.loading = null;
      this.setOn(false);
      console.warn('The panel did not load.', e);
    });
    return this.loading;
  }
}

/**
 * The game review's stand-in: nothing reviewed yet marks nothing; its toggle, `open()` or a
 * saved review that fits the game (`show`) loads www/review/review.js, whose Review then replaces it.
 */
export class ReviewPanel {
  /**
   * @param {{ toggle: HTMLElement, card: HTMLElement, list: () => HTMLElement, game: () => { moves: string[] },
   *   load: () => Promise<any>, make: (module: any) => any, install: (review: any) => void }} parts
   */
  constructor(parts) {
    this.parts = parts;
    /** @type {any[] | null} */
    this.args = null;
    this.click = () => {
      const open = parts.card.hidden;
      parts.card.hidden = !open;
      parts.toggle.setAttribute('aria-pressed', String(open));
      if (open) this.load().then((r) => r && (r.setOpen(true), parts.card.scrollIntoView?.({ block: 'nearest' })));
    };
    parts.toggle.addEventListener('click', this.click);
    /** @type {Promise<any> | null} */
    this.loading = null;
  }

  /** The game on the board changed: a review of it that fits is shown by the module. @param {any} review @param {number | null} ply */
  show(review, ply) {
    this.args = [review, ply];
    if (review && reviewFits(review, this.parts.game().moves)) this.load();
  }

  /** Nothing is reviewed before the module is loaded: no marks. */
  markMoves() {}

  /** No graph to follow yet. */
  follow() {}

  /** Opens the card and starts a review (the entry points' action). @param {{ start?: boolean }} [options] */
  open(options) {
    this.parts.card.hidden = false;
    this.parts.toggle.setAttribute('aria-pressed', 'true');
    return this.load().then((r) => r?.open(options));
  }

  /** Loads the module and hands over to its Review (which marks the move list of a saved review). */
  load() {
    const { toggle, card, list, load, make, install } = this.parts;
    if (this.loading) return this.loading;
    const release = holdControls(card);
    this.loading = load().then((module) => {
      release();
      toggle.removeEventListener('click', this.click);
      const review = make(module);
      if (!card.hidden) review.setOpen(true);
      if (this.args) {
        review.show(...this.args);
        review.markMoves(list());
      }
      install(review);
      return review;
    }, /** @returns {null} */ (/** @type {unknown} */ e) => {
      release();
      this.loading = null;
      console.warn('The game review did not load.', e);
      return null;
    });
    return this.loading;
  }
}
