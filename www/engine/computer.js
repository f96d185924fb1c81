// The page's side of the computer player: a Web Worker (ai-worker.js) that owns its own engine.
// `think()` resolves with the search result; `moveNow()` ends a search early with the best move
// found so far; `cancel()` drops it. When the page is cross-origin isolated (baroque-server
// sends COOP/COEP), both write the search's id into a shared stop cell that the search polls, so
// the worker and its hash table live on. Otherwise they end the worker (the next search starts a
// fresh one) and "Move now" plays the best move of the last completed depth. Either way the page
// never waits for a search it no longer wants. The worker starts on the first search, or
// earlier with `warmUp()`, so hot-seat games never load a second engine. Errors reach `onError`
// and the rejected promises as {code, params, message} (worded by the page's catalog).
//
// Pondering (only with the shared stop cell, `canPonder`): `ponder()` searches the position
// after the reply the computer expects, with its limits waiting (`ponder: true`). The next
// `think()` on exactly that position is a ponderhit: the page writes the pondering search's id
// into the shared cell 1, the search's time limits start, and its answer is the move (at once
// when it had already ended or thought for its soft time). A `think()` on any other position,
// `stopPondering()` and `cancel()` stop it; the worker then answers it and the answer is dropped.
// `onState({running, ponder, ponderDepth, ponderNodes})` reports the searches the worker still runs (a
// stopped one counts until it has answered), the move being pondered on and the pondering
// search's last completed depth and its nodes then; the page shows them as data- attributes for its tests.

/**
 * A position for the worker: the game, its start FEN (none: the game's start), its rule options
 * and the moves played from the start.
 * @typedef {{ variant: string, fen?: string | null, options?: string[] | string | null, moves: string[], newGame?: boolean }} SearchPosition
 */
/** A search's limits as the worker reads them (depth, nodes, movetime, clocks, ponder…). @typedef {Record<string, any>} SearchLimits */
/** A message of the worker (info, bestmove, error, ready) as it posts it. @typedef {Record<string, any>} WorkerMessage */
/** A failure of the computer: its catalog code, the code's arguments and a message. @typedef {{ code: string, params: Record<string, any>, message: string }} ComputerError */

/** A same-origin module that imports the worker's real script, made once per page. @type {string | null} */
let wrapper = null;

/**
 * Starts the computer's module worker. On the page's own origin it is www/engine/worker.js itself;
 * on another site's page (a <baroque-board> embedded with the script line) a worker cannot be
 * started from this file's origin, so it starts from a blob: module of the page's origin that
 * imports the real script (a CORS request: the server sends `Access-Control-Allow-Origin`).
 * The blob worker inherits the page's cross-origin isolation, so shared memory works there too.
 */
function startWorker() {
  const url = new URL('./worker.js', import.meta.url);
  if (url.origin === globalThis.location?.origin) return new Worker(url, { type: 'module' });
  wrapper ??= URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' }));
  return new Worker(wrapper, { type: 'module' });
}

export class Computer {
  /**
   * `wasmModule`: the page's compiled engine, handed to the worker so it is fetched once.
   * @param {{ onInfo?: (info: import('./types.js').SearchInfo) => void, onError?: (e: any) => void, onState?: (s: any) => void, wasmModule?: WebAssembly.Module | null }} [hooks]
   */
  constructor({ onInfo, onError, onState, wasmModule = null } = {}) {
    this.wasmModule = wasmModule;
    this.onInfo = onInfo ?? (() => {});
    this.onError = onError ?? (() => {});
    this.onState = onState ?? (() => {});
    this.pending = null;
    /** The pondering search: {id, key, move, answer, depth, last}, until a think() or a stop. */
    this.pondering = null;
    /** Ids of the searches the worker has been given and not answered yet. */
    this.running = new Set();
    this.nextId = 1;
    this.worker = null;
    // Cell 0: the id of the last search to stop; cell 1: the id of the pondering search whose
    // expected move was played (ponderhit).
    this.stopCell = globalThis.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(8)) : null;
  }

  /** Whether this computer can think on the player's time (it needs the shared stop cell). */
  get canPonder() {
    return this.stopCell !== null;
  }

  /** Reports the searches running, the move pondered on and its depth. */
  report() {
    const pd = this.pondering;
    this.onState({ running: this.running.size, ponder: pd?.move ?? null, ponderDepth: pd?.depth ?? 0, ponderNodes: pd?.last?.nodes ?? 0 });
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
    this.worker = startWorker();
    this.worker.onmessage = (e) => this.receive(e.data);
    if (this.wasmModule) this.worker.postMessage({ type: 'wasm', module: this.wasmModule });
    if (this.stopCell) this.worker.postMessage({ type: 'init', stop: this.stopCell });
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      this.restart();
      this.fail({ code: 'computer-stopped', params: { message: e.message || 'worker error' }, message: `the computer player stopped: ${e.message || 'worker error'}` });
    };
  }

  /** @param {WorkerMessage} msg */
  receive(msg) {
    const p = this.pending;
    const pd = this.pondering;
    if ((msg.type === 'bestmove' || msg.type === 'error') && this.running.delete(msg.id)) this.report();
    if (msg.type === 'info' && p && msg.id === p.id) {
      p.last = msg.info;
      this.onInfo(msg.info);
    } else if (msg.type === 'info' && pd && msg.id === pd.id) {
      pd.last = msg.info;
      pd.depth = msg.info.depth;
      this.report();
    } else if (msg.type === 'bestmove' && p && msg.id === p.id) {
      this.pending = null;
      p.resolve({ ...msg, pondered: !!p.pondered });
    } else if (msg.type === 'bestmove' && pd && msg.id === pd.id) {
      pd.answer = msg; // ended before the player moved: kept for the ponderhit
    } else if (msg.type === 'error' && pd && msg.id === pd.id) {
      this.pondering = null;
      this.report();
    } else if (msg.type === 'error') {
      const err = { code: msg.code ?? 'internal', params: msg.params ?? { message: msg.message }, message: msg.message };
      if (p && (msg.id === p.id || msg.id === undefined)) this.fail(err);
      else this.onError(err);
    }
  }

  /** Ends the pending search with `err` ({code, params, message}), or reports it. @param {ComputerError} err */
  fail(err) {
    const p = this.pending;
    this.pending = null;
    if (p) p.reject(Object.assign(new Error(err.message), err));
    else this.onError(err);
  }

  get thinking() {
    return this.pending !== null;
  }

  /**
   * Posts a search of the position with `limits`; returns its id.
   * @param {SearchPosition} position @param {SearchLimits} limits @returns {number}
   */
  start({ variant, fen, options, moves, newGame }, limits) {
    this.warmUp();
    const id = this.nextId++;
    this.worker.postMessage({ type: 'position', variant, fen, options, moves, newGame: !!newGame });
    this.worker.postMessage({ type: 'go', id, limits });
    this.running.add(id);
    return id;
  }

  /**
   * Searches the position (variant, start fen, options, moves) with `limits`. When the
   * computer is pondering on exactly this position, its pondering search gives the answer
   * (`pondered: true` on the result; `ponderhit: true` when the search was still running at
   * the hit); otherwise the pondering stops and a new search starts.
   * @param {SearchPosition} position @param {SearchLimits} limits
   */
  think(position, limits) {
    if (this.pending) this.cancel();
    const pd = this.pondering;
    this.pondering = null;
    if (pd && pd.key === positionKey(position)) {
      return new Promise((resolve, reject) => {
        if (pd.answer) {
          this.report();
          resolve({ ...pd.answer, pondered: true });
          return;
        }
        Atomics.store(this.stopCell, 1, pd.id);
        this.pending = { id: pd.id, resolve, reject, last: pd.last ?? null, pondered: true, started: performance.now() };
        this.report();
      });
    }
    if (pd) this.stopSearch(pd.id);
    const id = this.start(position, limits);
    this.report();
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, last: null, started: performance.now() };
    });
  }

  /**
   * Thinks on the player's time: searches the position after `expected` (the reply the last
   * search predicted) with `limits`, whose time waits for the ponderhit. Does nothing (false)
   * without the shared stop cell or an expected move.
   * @param {SearchPosition} position @param {SearchLimits} limits @param {string | null | undefined} expected
   */
  ponder(position, limits, expected) {
    this.stopPondering();
    if (!this.canPonder || !expected || this.pending) return false;
    const after = { ...position, moves: [...position.moves, expected], newGame: false };
    const id = this.start(after, { ...limits, ponder: true });
    this.pondering = { id, key: positionKey(after), move: expected, answer: null, depth: 0, last: null };
    this.report();
    return true;
  }

  /** Stops the pondering search, if any (its answer is dropped). */
  stopPondering() {
    const pd = this.pondering;
    if (!pd) return;
    this.pondering = null;
    this.stopSearch(pd.id);
    this.report();
  }

  /** Asks the worker to stop search `id` (through the shared cell; without it, ends the worker). @param {number} id */
  stopSearch(id) {
    if (!this.running.has(id)) return;
    if (this.stopCell) Atomics.store(this.stopCell, 0, Math.max(id, Atomics.load(this.stopCell, 0)));
    else this.restart();
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

  /** Ends the worker and answers search `p` with the best move of its last report. @param {any} p */
  endWorkerAndPlayLast(p) {
    this.pending = null;
    this.restart();
    const best = p.last?.pv?.[0] ?? null;
    p.resolve({ ...(p.last ?? {}), best, stopped: true, pv: p.last?.pv ?? [] });
  }

  /** Drops the search and any pondering; the search's promise resolves with `{best: null, cancelled: true}`. */
  cancel() {
    this.stopPondering();
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    this.stopSearch(p.id);
    this.report();
    p.resolve({ best: null, cancelled: true });
  }

  /** Ends the worker; the next search starts a fresh one. */
  restart() {
    this.worker?.terminate();
    this.worker = null;
    this.running.clear();
    this.pondering = null;
    this.report();
  }
}

/** The identity of a position request: variant, start, options and moves. @param {SearchPosition} position */
function positionKey({ variant, fen, options, moves }) {
  return JSON.stringify([variant, fen ?? '', Array.isArray(options) ? options.join(' ') : String(options ?? ''), moves]);
}
