// The computer player's worker: owns its own WebAssembly instance and one searcher.
// In:  {type:'position', variant, fen, options, moves:[move text…], newGame}
//      {type:'go', id, limits:{level}|{depth,nodes,movetime}}
// Out: {type:'ready'}, {type:'info', id, info:{depth,score,nodes,nps,pv…}},
//      {type:'bestmove', id, best, ponder, score, depth, nodes, time, nps, pv}, {type:'error', id, message}
// A search runs to its limits without reading messages; the page stops one early by
// terminating this worker (and plays the best move of the last completed depth it was told).
import init, { WebGame, WebSearcher } from './pkg/baroque_web.js';

let searcher = null;
let game = null;

const ready = init()
  .then(() => {
    searcher = new WebSearcher(16);
    searcher.setSeed(Math.floor(Math.random() * 2 ** 32));
    postMessage({ type: 'ready' });
  })
  .catch((e) => postMessage({ type: 'error', message: `the engine did not load: ${e?.message ?? e}` }));

function setPosition(msg) {
  const next = new WebGame(msg.variant, msg.fen || undefined, msg.options || undefined);
  for (const m of msg.moves ?? []) next.play(m);
  game?.free();
  game = next;
  if (msg.newGame) searcher.clear();
}

function go(msg) {
  if (!game) throw new Error('no position was given before go');
  const onInfo = (json) => postMessage({ type: 'info', id: msg.id, info: JSON.parse(json) });
  const result = JSON.parse(searcher.search(game, msg.limits, onInfo));
  postMessage({ type: 'bestmove', id: msg.id, ...result });
}

self.onmessage = async (event) => {
  await ready;
  const msg = event.data ?? {};
  try {
    if (!searcher) throw new Error('the engine is not available');
    if (msg.type === 'position') setPosition(msg);
    else if (msg.type === 'go') go(msg);
    else if (msg.type === 'stop') { /* nothing runs between messages: a search has already ended */ }
    else throw new Error(`unknown message type '${msg.type}'`);
  } catch (e) {
    postMessage({ type: 'error', id: msg.id, message: e?.message ?? String(e) });
  }
};
