// The page's side of the computer player: a Web Worker (ai-worker.js) that owns its own engine.
// `think()` resolves with the search result; `moveNow()` ends a search early with the best move
// found so far; `cancel()` drops it. When the page is cross-origin isolated (scripts/serve.mjs
// sends COOP/COEP), both write the search's id into a shared stop cell that the search polls, so
// the worker and its hash table live on. Otherwise they end the worker (the next search starts a
// fresh one) and "Move now" plays the best move of the last completed depth. Either way the page
// never waits for a search it no longer wants. The worker starts on the first search, or
// earlier with `warmUp()`, so hot-seat games never load a second engine. Errors reach `onError`
// and the rejected promises as {code, params, message} (worded by the page's catalog).

export class Computer {
  /** `wasmModule`: the page's compiled engine, handed to the worker so it is fetched once. */
  constructor({ onInfo, onError, wasmModule = null } = {}) {
    this.wasmModule = wasmModule;
    this.onInfo = onInfo ?? (() => {});
    this.onError = onError ?? (() => {});
    this.pending = null;
    this.nextId = 1;
    this.worker = null;
    this.stopCell = globalThis.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
  }

  /** Whether searches are stopped through shared memory (true) or by ending the worker. */
  get sharedStop() {
    return this.stopCell !== null;
  }

  /** Starts the worker now (it loads its own engine), if it is not running yet. */
  warmUp() {
    if (!this.worker) this.spawn();
  }

  spawn() {
    this.worker = new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.receive(e.data);
    if (this.wasmModule) this.worker.postMessage({ type: 'wasm', module: this.wasmModule });
    if (this.stopCell) this.worker.postMessage({ type: 'init', stop: this.stopCell });
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      this.worker?.terminate();
      this.worker = null;
      this.fail({ code: 'computer-stopped', params: { message: e.message || 'worker error' }, message: `the computer player stopped: ${e.message || 'worker error'}` });
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
      const err = { code: msg.code ?? 'internal', params: msg.params ?? { message: msg.message }, message: msg.message };
      if (p && (msg.id === p.id || msg.id === undefined)) this.fail(err);
      else this.onError(err);
    }
  }

  /** Ends the pending search with `err` ({code, params, message}), or reports it. */
  fail(err) {
    const p = this.pending;
    this.pending = null;
    if (p) p.reject(Object.assign(new Error(err.message), err));
    else this.onError(err);
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

  /** Ends the search now; its promise resolves with the best move found so far (if any). */
  moveNow() {
    const p = this.pending;
    if (!p) return;
    if (this.stopCell) {
      Atomics.store(this.stopCell, 0, p.id);
      // The search answers within 1024 nodes; should it not, fall back to ending the worker.
      setTimeout(() => {
        if (this.pending === p) this.endWorkerAndPlayLast(p);
      }, 1500);
      return;
    }
    this.endWorkerAndPlayLast(p);
  }

  endWorkerAndPlayLast(p) {
    this.pending = null;
    this.restart();
    const best = p.last?.pv?.[0] ?? null;
    p.resolve({ ...(p.last ?? {}), best, stopped: true, pv: p.last?.pv ?? [] });
  }

  /** Drops the search; its promise resolves with `{best: null, cancelled: true}`. */
  cancel() {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (this.stopCell) Atomics.store(this.stopCell, 0, p.id);
    else this.restart();
    p.resolve({ best: null, cancelled: true });
  }

  /** Ends the worker; the next search starts a fresh one. */
  restart() {
    this.worker?.terminate();
    this.worker = null;
  }
}
