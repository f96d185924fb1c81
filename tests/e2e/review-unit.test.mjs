// The game review's arithmetic (www/review/judge.js) and the saved record's optional fields
// (www/services/store.js), without a browser: winning chances, the judgement thresholds and their signs
// (the NAGs' marks from the engine's table), the summary, a review that no longer fits its game,
// and damaged optional fields dropped on reading.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildGame, init } from '../../www/engine/engine.js';
import { JUDGEMENTS, judge, reviewFits, summarize, winChance } from '../../www/review/judge.js';
import { GameStore, withOptional } from '../../www/services/store.js';

// The page's engine module, as the page loads it (the marks come from its tables).
before(() => init({ module_or_path: readFileSync(new URL('../../www/pkg/baroque_web_bg.wasm', import.meta.url)) }));

/** The movers of moves a b c d of a game White starts (the engine's history gives them on the page). */
const WB = ['white', 'black', 'white', 'black'];

/** A review of moves a b c d with White-view scores `scores` and the engine's best moves. */
const review = (scores, best = ['x', 'x', 'x', 'x', null]) => ({
  version: 1, first: 'white', moves: ['a', 'b', 'c', 'd'], scores, best, bestNotation: best.map((m) => m && m.toUpperCase()), preset: 'quick', limits: { depth: 3 },
});

test('winning chances: a logistic of the centipawns, mates and results at the ends', () => {
  assert.equal(winChance({ cp: 0 }), 0);
  assert.ok(Math.abs(winChance({ cp: 300 }) - 0.5) < 0.01); // a minor piece up: three-quarters of the win
  assert.ok(Math.abs(winChance({ cp: -300 }) + 0.5) < 0.01);
  assert.equal(winChance({ mate: 3 }), 1);
  assert.equal(winChance({ mate: -1 }), -1);
  assert.equal(winChance({ mate: 0, winner: 'black' }), -1);
  assert.equal(winChance({ mate: 0, winner: 'white' }), 1);
});

test('a move is an inaccuracy, mistake or blunder by the drop in its mover\'s winning chances', () => {
  // White: 0 → -300 (drop 0.50: ??); Black: -300 → -270 (0.04 for Black: nothing);
  // White: -270 → -500 (0.27: ?); Black: -500 → -330 (0.19 for Black: ?!).
  const j = judge(review([{ cp: 0 }, { cp: -300 }, { cp: -270 }, { cp: -500 }, { cp: -330 }]), WB);
  assert.deepEqual(j.map((m) => m.symbol), ['??', '', '?', '?!']);
  assert.deepEqual(j.map((m) => m.side), ['white', 'black', 'white', 'black']);
  assert.deepEqual(j.map((m) => m.nag), [4, 0, 2, 6]);
  assert.equal(j[0].bestNotation, 'X');
  assert.equal(j[1].bestNotation, null);
  assert.deepEqual(JUDGEMENTS.map((x) => x.drop), [0.3, 0.2, 0.1]);
  const sum = summarize(j);
  assert.deepEqual([sum.white.blunder, sum.white.mistake, sum.white.inaccuracy], [1, 1, 0]);
  assert.deepEqual([sum.black.blunder, sum.black.mistake, sum.black.inaccuracy], [0, 0, 1]);
  assert.equal(sum.white.acpl, 265); // (300 + 230) / 2
  assert.equal(sum.black.acpl, 100); // (30 + 170) / 2
  assert.ok(sum.white.accuracy < sum.black.accuracy);
});

test('the engine\'s own move is never marked, and a won game stays won', () => {
  const same = judge(review([{ cp: 0 }, { cp: -300 }, { cp: 0 }, { cp: 0 }, { cp: 0 }], ['a', 'x', 'x', 'x', null]), WB);
  assert.equal(same[0].symbol, '');
  assert.equal(same[0].loss, 0);
  // Mate for White all along, then White mates: no drop.
  const won = judge(review([{ mate: 3 }, { mate: 2 }, { mate: 2 }, { mate: 1 }, { mate: 0, winner: 'white' }]), WB);
  assert.deepEqual(won.map((m) => m.symbol), ['', '', '', '']);
});

test('the movers are the engine\'s: a game Black starts is judged from Black\'s side first', () => {
  // The engine's history of a game from a position with Black to move gives the movers.
  const start = buildGame({}).game;
  const fen = start.fen().replace(' w ', ' b ');
  start.free();
  const g = buildGame({ fen }).game;
  for (let i = 0; i < 4; i++) g.play(g.legalMoves()[0].move);
  const sides = g.history().map((h) => h.side);
  const moves = g.moveTexts();
  g.free();
  assert.deepEqual(sides, ['black', 'white', 'black', 'white']);
  const black = judge({ ...review([{ cp: 0 }, { cp: 400 }, { cp: 400 }, { cp: 400 }, { cp: 400 }]), first: 'black', moves }, sides);
  assert.deepEqual(black.map((m) => m.side), sides);
  assert.equal(black[0].symbol, '??');
  assert.equal(black[1].symbol, '', 'White loses nothing at +4');
});

test('a review fits its game while its moves begin the game\'s', () => {
  const r = review([{ cp: 0 }, { cp: 0 }, { cp: 0 }, { cp: 0 }, { cp: 0 }]);
  assert.equal(reviewFits(r, ['a', 'b', 'c', 'd']), true);
  assert.equal(reviewFits(r, ['a', 'b', 'c', 'd', 'e']), true); // the game went on
  assert.equal(reviewFits(r, ['a', 'b', 'c']), false); // taken back past the review
  assert.equal(reviewFits(r, ['a', 'b', 'c', 'e']), false);
  assert.equal(reviewFits({ ...r, scores: r.scores.slice(1) }, ['a', 'b', 'c', 'd']), false);
  assert.equal(reviewFits({ ...r, scores: [{ cp: 'x' }, ...r.scores.slice(1)] }, ['a', 'b', 'c', 'd']), false);
  assert.equal(reviewFits({ ...r, version: 2 }, ['a', 'b', 'c', 'd']), false);
  assert.equal(reviewFits(null, []), false);
});

test('the saved record keeps a review and hints, and drops damaged ones without losing the game', () => {
  const data = new Map();
  const local = {
    get length() { return data.size; },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => data.set(k, String(v)),
    removeItem: (k) => data.delete(k),
  };
  const store = new GameStore({ local, session: null });
  const game = { id: 'g1', rev: 0, created: 1, name: '', variant: 'omega', fen: '', options: [], moves: ['a'], redo: [], mode: 'computer', side: 'white', level: 1, clock: null, ended: null };
  const r = review([{ cp: 0 }, { cp: 0 }, { cp: 0 }, { cp: 0 }, { cp: 0 }]);
  assert.equal(store.save({ ...game, review: r, hints: [0, 4] }).ok, true);
  assert.deepEqual(store.game('g1').review, r);
  assert.deepEqual(store.game('g1').hints, [0, 4]);
  const raw = JSON.parse(data.get('baroque.game.g1'));
  data.set('baroque.game.g1', JSON.stringify({ ...raw, review: 'broken', hints: [1, -2] }));
  const back = store.game('g1');
  assert.equal(back.moves.join(), 'a');
  assert.equal('review' in back, false);
  assert.equal('hints' in back, false);
  assert.deepEqual(withOptional({ id: 'x' }), { id: 'x' });
});

test('the review and the hints go into the game tree the PGN writer reads, beside what it holds', async () => {
  const { annotateTree } = await import('../../www/review/review.js');
  const r = review([{ cp: 0 }, { cp: -300 }, { cp: -270 }, { cp: -270 }, { mate: 2 }], ['x', 'x', 'c', 'x', null]);
  const tree = annotateTree({ line: [{ nags: [1], comment: 'played fast' }, {}, {}, { variations: [[{ move: 'e' }]] }] }, { review: r, sides: WB, hints: [1, 3, 9], hintWords: 'Played after a hint', plies: 4 });
  assert.equal(tree.line.length, 4);
  assert.deepEqual(tree.line[0].nags, [1, 4]);
  assert.match(tree.line[0].comment, /^played fast \[%eval -3\.00\] /);
  assert.deepEqual(tree.line[1].nags ?? [], []); // Black's -300 → -270: no judgement
  assert.equal(tree.line[1].comment, '[%eval -2.70] Played after a hint');
  assert.equal(tree.line[2].comment, '[%eval -2.70]'); // the engine's own move
  assert.match(tree.line[3].comment, /^\[%eval #2\] .* Played after a hint$/);
  assert.deepEqual(tree.line[3].variations, [[{ move: 'e' }]]);
  // Without a review: only the hints; nothing past the game's moves.
  assert.deepEqual(annotateTree(null, { hints: [0, 5], hintWords: 'H', plies: 2 }), { line: [{ comment: 'H' }] });
});
