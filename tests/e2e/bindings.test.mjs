// The wasm exports themselves, in Node without a browser: they answer with values (never JSON
// text) whose JSON is the contract's (README "The command-line contract"), byte for byte, and bad input throws an error
// that says what was wrong. The same package (www/pkg) serves the page and the worker.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasm } from './helpers.mjs';

let wasm;
before(async () => {
  wasm = await loadWasm();
});

const EXAMPLE_A = '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1';

test('a move is a value whose JSON is the contract’s, byte for byte (README, ultima.md §10 A)', () => {
  const g = wasm.WebGame.build('ultima', EXAMPLE_A, [], []);
  const all = g.legalMoves();
  assert.equal(all.length, 35);
  for (const m of all) assert.deepEqual(Object.keys(m), ['move', 'from', 'to', 'captures', 'promotion', 'suicide', 'notation']);
  assert.deepEqual(g.preview('g4', 'd4'), ['c4', 'd5']);
  assert.deepEqual(g.frozen(), ['b4']);
  assert.equal(JSON.stringify(g.play('g4d4')),
    '{"move":"g4d4","from":"g4","to":"d4","captures":["c4","d5"],"promotion":null,"suicide":false,"notation":"Pg4-d4xc4xd5"}');
  const said = g.lastSentence();
  assert.deepEqual(said.seq.map((c) => c.id), ['move-step', 'move-captures', 'move-end']);
  assert.deepEqual(said.seq[1].args.victims.and, [
    { id: 'move-victim', args: { piece: { role: 'immobilizer' }, square: 'c4' } },
    { id: 'move-victim', args: { piece: { role: 'pincer' }, square: 'd5' } },
  ]);
  const status = g.status();
  assert.deepEqual(Object.keys(status), ['fen', 'side', 'in_check', 'result', 'reason']);
  assert.equal(status.side, 'black');
  assert.equal(g.undo(), 'g4d4');
  assert.equal(g.fen(), EXAMPLE_A);
  assert.equal(g.undo(), undefined);
  g.free();
});

test('checkers name the attacking piece and its capturing move (ultima.md §10 D)', () => {
  const g = wasm.WebGame.build('ultima', '2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 w - - 0 1', [], []);
  g.play('g6c6');
  assert.deepEqual(g.checkers(), [{ from: 'c6', to: 'd7', role: 'chameleon', name: 'Chameleon', captures: ['d7'] }]);
  assert.equal(g.status().in_check, true);
  g.free();
});

test('bad input throws an error with a code, parameters and the engine’s message', () => {
  const thrown = (f) => {
    try {
      f();
    } catch (e) {
      return e;
    }
    assert.fail('did not throw');
  };
  let e = thrown(() => wasm.WebGame.build('chess', undefined, [], []));
  assert.equal(e.code, 'variant-unknown');
  assert.equal(e.params.variant, 'chess');
  assert.match(e.message, /unknown variant 'chess'; variants are ultima, omega, hybrid/);
  assert.match(thrown(() => wasm.WebGame.build('ultima', 'xyz', [], [])).message, /invalid FEN/);
  e = thrown(() => wasm.WebGame.build('ultima', undefined, ['win=never'], []));
  assert.match(e.message, /option win cannot be 'never'/);
  assert.equal(e.code, 'option-bad-value');
  assert.deepEqual([e.params.name, e.params.value], ['win', 'never']);
  assert.match(thrown(() => wasm.WebGame.build('omega', undefined, ['win=capture'], [])).message, /omega has no rule options/);
  e = thrown(() => wasm.WebGame.build('ultima', undefined, [], ['e2e5', 'a1a5']));
  assert.equal(e.params.ply, '2');
  assert.equal(e.params.move, 'a1a5');
  const g = wasm.WebGame.build('ultima', undefined, [], []);
  assert.match(thrown(() => g.play('zz9')).message, /does not start with a square/);
  assert.match(thrown(() => g.play('a1a5')).message, /illegal move 'a1a5'/);
  assert.throws(() => g.preview('e2', 'e8'), /no legal move from e2 to e8/);
  assert.throws(() => g.preview('e2', 'k9'), /not a square of this board/);
  assert.equal(g.plyCount(), 0);
  g.play('Pe2-e5'); // display notation works too
  assert.deepEqual(g.moveTexts(), ['e2e5']);
  assert.equal(g.startSide(), 'white');
  g.free();
});

test('the game table, levels and glyph keys the page builds its screens from', () => {
  const games = wasm.WebGame.games();
  assert.deepEqual(games.map((g) => g.id), ['ultima', 'omega', 'hybrid']);
  const ultima = games[0];
  assert.deepEqual(ultima.options.map((o) => o.name), ['win', 'stalemate', 'immobilizer', 'suicide', 'chameleon', 'leaper']);
  assert.equal(ultima.startArrays.length, 16);
  assert.equal(ultima.startArrays[0].fen, ultima.startFen);
  assert.deepEqual(games[2].options, []);
  assert.deepEqual(ultima.pieces.map((p) => p.role), ['king', 'pincer', 'long-leaper', 'withdrawer', 'coordinator', 'immobilizer', 'chameleon']);
  assert.equal(wasm.WebSearcher.levels().length, 8);
  for (const k of ['variants', 'optionSpecs', 'levels', 'roles', 'drawGlyph']) assert.equal(wasm[k], undefined, `${k} is still a free function`);
  const g = wasm.WebGame.build('ultima', undefined, ['stalemate=draw', 'suicide=off'], []);
  assert.deepEqual(g.options(), ['win=checkmate', 'stalemate=draw', 'immobilizer=classic', 'suicide=off', 'chameleon=combined', 'leaper=multi']);
  g.free();
});

test('requests and answers are values: PGN tags as pairs, options as the engine tells them apart', () => {
  const g = wasm.WebGame.build('ultima', undefined, ['stalemate=draw', 'win=checkmate'], ['e2e5']);
  // Only the options that differ from the game's standard, in the set-up format.
  assert.deepEqual(g.options(true), ['stalemate=draw']);
  assert.equal(g.options().length, 6);
  const text = g.pgn([['White', 'Ann = Bo'], ['Event', 'x']], 'black', undefined);
  assert.match(text, /\[White "Ann = Bo"\]/);
  assert.match(text, /\[Result "0-1"\]/);
  const back = wasm.WebGame.readPgn(text, 'omega', 1);
  assert.deepEqual(back.options, ['stalemate=draw']);
  assert.deepEqual(back.moves, ['e2e5']);
  for (const bad of ['White=Ann', [['White']], [['White', 3]], [{ 0: 'a', 1: 'b' }]]) {
    assert.throws(() => g.pgn(/** @type {any} */ (bad), undefined, undefined), (e) => e.code === 'pgn-tags-not-pairs', JSON.stringify(bad));
  }
  assert.match(g.pgn(undefined, undefined, undefined), /\[Result "\*"\]/);
  // Absent fields are null, as the contract writes them, never undefined.
  assert.equal(g.status().reason, null);
  assert.equal(g.legalMoves()[0].promotion, null);
  const level = wasm.WebSearcher.levels()[0];
  assert.equal(level.movetime, null);
  assert.deepEqual(wasm.engineTables().nagMarks.slice(0, 3), ['', '!', '?']);
  g.free();
});

test('the bindings export four types with at most 25 methods each', () => {
  const exported = Object.entries(wasm).filter(([, v]) => typeof v === 'function' && /^[A-Z]/.test(v.name));
  assert.deepEqual(exported.map(([k]) => k).sort(), ['BoardView', 'WebGame', 'WebSearcher', 'WebTree']);
  for (const [name, cls] of exported) {
    const methods = [...Object.getOwnPropertyNames(cls.prototype), ...Object.getOwnPropertyNames(cls)]
      .filter((m) => !['constructor', 'length', 'name', 'prototype', 'free', '__destroy_into_raw', '__wrap', '__wbg_ptr'].includes(m) && !m.startsWith('__') && !m.startsWith('Symbol'));
    assert.ok(methods.length <= 25, `${name} has ${methods.length} methods: ${methods.join(', ')}`);
  }
});

test('the worker’s searcher returns a legal move with its figures', () => {
  for (const variant of ['ultima', 'omega', 'hybrid']) {
    const g = wasm.WebGame.build(variant, undefined, [], []);
    const s = new wasm.WebSearcher(4);
    const infos = [];
    const r = s.search(g, { depth: 2 }, (i) => infos.push(i), () => false);
    const legal = g.legalMoves().map((m) => m.move);
    assert.ok(legal.includes(r.best), `${variant}: ${r.best}`);
    assert.equal(r.pv[0], r.best);
    assert.ok(r.nodes > 0 && r.depth >= 1);
    assert.ok(infos.length >= 1 && infos.at(-1).depth === r.depth);
    // A stop request ends the search at once, still with a legal move.
    const stopped = s.search(g, { depth: 30 }, undefined, () => true);
    assert.ok(legal.includes(stopped.best), `${variant} stopped: ${stopped.best}`);
    assert.throws(() => s.search(g, { level: 9 }), /level must be 1 to 8/);
    assert.throws(() => s.search(g, {}), /give a level, depth, nodes or movetime/);
    s.free();
    g.free();
  }
});

test('a search report says how long it has searched and how fast, also without a time limit', () => {
  // A depth or infinite search has no clock of the engine's own: the reports got time 0 and
  // nps 0, so the analysis card said "0 thousand positions a second" (issue 26 §3).
  const g = wasm.WebGame.build('hybrid', undefined, [], []);
  const s = new wasm.WebSearcher(16);
  const start = Date.now();
  const infos = [];
  const r = s.search(g, { depth: 7, multipv: 2 }, (i) => infos.push({ ...i, seen: Date.now() - start }));
  const last = infos.at(-1);
  assert.ok(last.depth === 7 && last.time > 0, `time ${last.time} after ${last.seen} ms`);
  assert.ok(last.time <= last.seen + 1, `time ${last.time} ≤ ${last.seen}`);
  assert.equal(last.nps, Math.floor(last.nodes * 1000 / last.time));
  for (const [a, b] of infos.slice(1).map((x, i) => [infos[i], x])) assert.ok(b.time >= a.time, 'time only grows');
  assert.ok(r.time >= last.time);
  s.free();
  g.free();
});
