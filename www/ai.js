// The page's side of the computer player: a Web Worker (ai-worker.js) that owns its own engine.
// `think()` resolves with the search result; `moveNow()` ends a search early with the best move
// of the last completed depth; `cancel()` drops it. Both end the worker (the next search starts
// a fresh one), so the page never waits for a search that it no longer wants. The worker starts
// on the first search, or earlier with `warmUp()`, so hot-seat games never load a second engine.

export class Computer {
  constructor({ onInfo, onError } = {}) {
    this.onInfo = onInfo ?? (() => {});
    this.onError = onError ?? (() => {});
    this.pending = null;
    this.nextId = 1;
    this.worker = null;
  }

  /** Starts the worker now (it loads its own engine), if it is not running yet. */
  warmUp() {
    if (!this.worker) this.spawn();
  }

  spawn() {
    this.worker = new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      this.worker?.terminate();
      this.worker = null;
      this.fail(`the computer player stopped: ${e.message || 'worker error'}`);
    };
  }

  receive(msg) {
    const p = this.pending;
    if (msg.type === 'info' && p && msg.id === p.id) {
      p.last = msg.info;
      this.onInfo(msg.info);
    } else if (msg.type === 'bestmove' && p && msg.id === p.id) {
      this.pending = null;
      p.resolve(msg);
    } else if (msg.type === 'error') {
      if (p && (msg.id === p.id || msg.id === undefined)) this.fail(msg.message);
      else this.onError(msg.message);
    }
  }

  fail(message) {
    const p = this.pending;
    this.pending = null;
    if (p) p.reject(new Error(message));
    else this.onError(message);
  }

  get thinking() {
    return this.pending !== null;
  }

  /** Searches the position (variant, start fen, options, moves) with `limits`. */
  think({ variant, fen, options, moves, newGame }, limits) {
    if (this.pending) this.cancel();
    this.warmUp();
    const id = this.nextId++;
    this.worker.postMessage({ type: 'position', variant, fen, options, moves, newGame: !!newGame });
    this.worker.postMessage({ type: 'go', id, limits });
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, last: null, started: performance.now() };
    });
  }

  /** Ends the search now, resolving with the best move of the last completed depth (if any). */
  moveNow() {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    this.restart();
    const best = p.last?.pv?.[0] ?? null;
    p.resolve({ best, stopped: true, ...(p.last ?? {}) , pv: p.last?.pv ?? [] });
  }

  /** Drops the search; its promise resolves with `{best: null, cancelled: true}`. */
  cancel() {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    this.restart();
    p.resolve({ best: null, cancelled: true });
  }

  /** Ends the worker; the next search starts a fresh one. */
  restart() {
    this.worker?.terminate();
    this.worker = null;
  }
}
