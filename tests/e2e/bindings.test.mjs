// The wasm exports themselves, in Node without a browser: the JSON they return is the
// contract's (README "The command-line contract"), byte for byte, and bad input throws an error
// that says what was wrong. The same package (www/pkg) serves the page and the worker.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.mjs';

let wasm;
before(async () => {
  const pkg = join(ROOT, 'www', 'pkg');
  // Imported from a data: URL so that Node does not guess the glue's module type.
  const glue = readFileSync(join(pkg, 'baroque_web.js'), 'utf8');
  wasm = await import(`data:text/javascript;base64,${Buffer.from(glue).toString('base64')}`);
  wasm.initSync({ module: readFileSync(join(pkg, 'baroque_web_bg.wasm')) });
});

const EXAMPLE_A = '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1';

test('a move is the contract JSON, byte for byte (README, ultima.md §10 A)', () => {
  const g = new wasm.WebGame('ultima', EXAMPLE_A);
  const all = JSON.parse(g.legalMoves());
  assert.equal(all.length, 35);
  for (const m of all) assert.deepEqual(Object.keys(m), ['move', 'from', 'to', 'captures', 'promotion', 'suicide', 'notation']);
  assert.equal(g.preview('g4', 'd4'), '["c4","d5"]');
  assert.equal(g.frozen(), '["b4"]');
  assert.equal(g.play('g4d4'),
    '{"move":"g4d4","from":"g4","to":"d4","captures":["c4","d5"],"promotion":null,"suicide":false,"notation":"Pg4-d4xc4xd5"}');
  assert.equal(g.lastSentence(), 'White Pincer Pawn g4 to d4, captures Immobilizer c4 and Pincer Pawn d5.');
  const status = JSON.parse(g.status());
  assert.deepEqual(Object.keys(status), ['fen', 'side', 'in_check', 'result', 'reason']);
  assert.equal(status.side, 'black');
  assert.equal(g.undo(), 'g4d4');
  assert.equal(g.fen(), EXAMPLE_A);
  assert.equal(g.undo(), undefined);
  g.free();
});

test('checkers name the attacking piece and its capturing move (ultima.md §10 D)', () => {
  const g = new wasm.WebGame('ultima', '2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 w - - 0 1');
  g.play('g6c6');
  assert.deepEqual(JSON.parse(g.checkers()), [{ from: 'c6', to: 'd7', role: 'chameleon', name: 'Chameleon', captures: ['d7'] }]);
  assert.equal(JSON.parse(g.status()).in_check, true);
  g.free();
});

test('bad input throws a message that says what was wrong', () => {
  assert.throws(() => new wasm.WebGame('chess'), /unknown variant 'chess'; variants are ultima, omega, hybrid/);
  assert.throws(() => new wasm.WebGame('ultima', 'xyz'), /invalid FEN/);
  assert.throws(() => new wasm.WebGame('ultima', undefined, 'win=never'), /option win cannot be 'never'/);
  assert.throws(() => new wasm.WebGame('omega', undefined, 'win=capture'), /omega has no rule options/);
  const g = new wasm.WebGame('ultima');
  assert.throws(() => g.play('zz9'), /does not start with a square/);
  assert.throws(() => g.play('a1a5'), /illegal move 'a1a5'/);
  assert.throws(() => g.preview('e2', 'e8'), /no legal move from e2 to e8/);
  assert.throws(() => g.preview('e2', 'k9'), /not a square of this board/);
  assert.equal(g.plyCount(), 0);
  g.play('Pe2-e5'); // display notation works too
  assert.equal(g.moveTexts(), 'e2e5');
  g.free();
});

test('the options, variants, levels and roles the page builds its dialog from', () => {
  assert.deepEqual(JSON.parse(wasm.optionSpecs('ultima')).map((o) => o.name), ['win', 'stalemate', 'immobilizer', 'suicide', 'chameleon', 'leaper']);
  assert.deepEqual(JSON.parse(wasm.optionSpecs('hybrid')), []);
  assert.deepEqual(JSON.parse(wasm.variants()).map((v) => v.id), ['ultima', 'omega', 'hybrid']);
  assert.equal(JSON.parse(wasm.levels()).length, 8);
  assert.equal(JSON.parse(wasm.roles()).length, 26);
  const g = new wasm.WebGame('ultima', undefined, 'stalemate=draw suicide=off');
  assert.equal(g.options(), 'win=checkmate stalemate=draw immobilizer=classic suicide=off chameleon=combined leaper=multi');
  g.free();
});

test('the worker’s searcher returns a legal move with its figures', () => {
  for (const variant of ['ultima', 'omega', 'hybrid']) {
    const g = new wasm.WebGame(variant);
    const s = new wasm.WebSearcher(4);
    const infos = [];
    const r = JSON.parse(s.search(g, { depth: 2 }, (i) => infos.push(JSON.parse(i)), () => false));
    const legal = JSON.parse(g.legalMoves()).map((m) => m.move);
    assert.ok(legal.includes(r.best), `${variant}: ${r.best}`);
    assert.equal(r.pv[0], r.best);
    assert.ok(r.nodes > 0 && r.depth >= 1);
    assert.ok(infos.length >= 1 && infos.at(-1).depth === r.depth);
    // A stop request ends the search at once, still with a legal move.
    const stopped = JSON.parse(s.search(g, { depth: 30 }, undefined, () => true));
    assert.ok(legal.includes(stopped.best), `${variant} stopped: ${stopped.best}`);
    assert.throws(() => s.search(g, { level: 9 }), /level must be 1 to 8/);
    assert.throws(() => s.search(g, {}), /give a level, depth, nodes or movetime/);
    s.free();
    g.free();
  }
});
