// The computer player's worker: owns its own WebAssembly instance and one searcher.
// In:  {type:'wasm', module: WebAssembly.Module}   (first: the page's compiled engine; without it the worker fetches it)
//      {type:'init', stop: Int32Array on a SharedArrayBuffer}   (only when the page is cross-origin isolated;
//            cell 0 stops a search, cell 1 (when the array has it) is the pondering search's ponderhit)
//      {type:'position', variant, fen, options, moves:[move text…], newGame}   (built by engine/engine.js buildGame)
//      {type:'go', id, limits:{level}|{depth,nodes,movetime}|{wtime,btime,winc,binc,level}, with ponder: true
//            for a pondering search: the position is the one after the expected reply, and the
//            time limits wait for the ponderhit (WebSearcher.search)}
//      stop: the page writes a search's id into the shared `stop` cell 0 (Atomics.store); the
//            search polls it every 1024 nodes and answers with the best move found so far.
//            A search reads no messages, so without shared memory the page stops a search by
//            terminating this worker instead (and does not ponder).
//      ponderhit: the page writes the pondering search's id into cell 1 when the player played
//            the expected move; the search's time limits start then (a search that already used
//            its soft time answers at once). A pondering search that ends before either (its
//            depth, a forced mate) answers at once; the page keeps that answer for the hit.
// Out: {type:'ready'}, {type:'info', id, info:{depth,score,nodes,nps,pv…}},
//      {type:'bestmove', id, best, ponder, score, depth, nodes, time, nps, pv, stopped, ponderhit},
//      {type:'error', id, message, code?, params?}
import { buildGame, init, WebSearcher } from './engine.js';

/** The engine's searcher, once the engine has loaded. @type {WebSearcher | null} */
let searcher = null;
/** @type {import('./engine.js').Game | null} */
let game = null;
/** The page's shared stop cell (search ids to stop, the ponderhit's), when memory is shared. @type {Int32Array | null} */
let stopCell = null;

/** The engine's loading, started once. @type {Promise<void> | null} */
let ready = null;

/** A message of the page as it posts it. @typedef {Record<string, any>} PageMessage */

/**
 * Loads the engine: from the module the page compiled and sent ({type:'wasm', module}), so the
 * wasm is not downloaded a second time, or else by fetching it.
 * @param {unknown} [module]
 * @returns {Promise<void>}
 */
function start(module) {
  ready ??= init(module instanceof WebAssembly.Module ? { module_or_path: module } : undefined)
    .then(() => {
      searcher = new WebSearcher(16);
      searcher.setSeed(Math.floor(Math.random() * 2 ** 32));
      postMessage({ type: 'ready' });
    })
    .catch((e) => postMessage({ type: 'error', code: 'computer-load', params: { message: String(e?.message ?? e) }, message: `the engine did not load: ${e?.message ?? e}` }));
  return ready;
}

/**
 * An error with a code and parameters for the page's catalog (error-<code>).
 * @param {string} code @param {Record<string, any>} params @param {string} message
 */
function failure(code, params, message) {
  return Object.assign(new Error(message), { code, params });
}

/** Sets the position to search (`{variant, fen, options, moves, newGame}`). @param {PageMessage} msg */
function setPosition(msg) {
  const { game: next, error } = buildGame(msg);
  if (error) throw Object.assign(new Error(error.message ?? error.code), error);
  game?.free();
  game = next;
  if (msg.newGame) searcher?.clear();
}

/** Searches the position set with `msg.limits`, reporting as it goes. @param {PageMessage} msg */
function go(msg) {
  if (!game || !searcher) throw failure('computer-no-position', {}, 'no position was given before go');
  const cell = stopCell;
  const onInfo = (/** @type {any} */ info) => postMessage({ type: 'info', id: msg.id, info });
  let stopped = false;
  const shouldStop = cell ? () => (stopped ||= Atomics.load(cell, 0) >= msg.id) : undefined;
  const ponderhit = cell && cell.length > 1 && msg.limits?.ponder ? () => Atomics.load(cell, 1) >= msg.id : undefined;
  const result = searcher.search(game, msg.limits, onInfo, shouldStop, ponderhit);
  postMessage({ type: 'bestmove', id: msg.id, stopped, ...result });
}

self.onmessage = async (event) => {
  const msg = event.data ?? {};
  if (msg.type === 'wasm') return void start(msg.module);
  await start();
  try {
    if (!searcher) throw failure('computer-unavailable', {}, 'the engine is not available');
    if (msg.type === 'init') stopCell = msg.stop instanceof Int32Array ? msg.stop : null;
    else if (msg.type === 'position') setPosition(msg);
    else if (msg.type === 'go') go(msg);
    else throw failure('computer-bad-message', { type: String(msg.type) }, `unknown message type '${msg.type}'`);
  } catch (e) {
    postMessage({ type: 'error', id: msg.id, message: e?.message ?? String(e), code: e?.code ?? 'internal', params: e?.params ?? { message: String(e?.message ?? e) } });
  }
};
