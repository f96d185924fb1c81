// The move tree's value without a browser: the engine's tree (the bindings' WebTree,
// crates/web/src/tree.rs, loaded in Node) read from and written to the value a saved game and
// readPgn carry, ids checked, and a saved record keeping its tree. The controller's tree actions
// are tested in ctrl-unit.test.mjs.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasm } from './helpers.mjs';
import { withOptional } from '../../www/services/store.js';

let wasm;
before(async () => {
  wasm = await loadWasm();
});

test('the value goes in and out unchanged; bad values are refused with codes', () => {
  const tree = {
    comment: 'start',
    line: [
      { move: 'e2e5', notation: 'Pe2-e5', nags: [1] },
      { move: 'd7d4', notation: 'Pd7-d4', comment: 'ok', variations: [[{ move: 'd7d5', notation: 'Pd7-d5', before: 'or', nags: [2] }, { move: 'f2f5', notation: 'Pf2-f5' }], [{ move: 'c7c5', notation: 'Pc7-c5' }]] },
      { move: 'a2a4', notation: 'Pa2-a4' },
    ],
  };
  const game = wasm.WebGame.build('ultima', undefined, [], ['e2e5', 'd7d4', 'a2a4']);
  const t = wasm.WebTree.of(game, tree);
  assert.deepEqual(t.value(false), tree);
  const ids = t.value(true);
  assert.deepEqual([...t.mainLine()], ids.line.map((n) => n.id));
  assert.equal(t.size(), 6);
  const code = (value) => {
    try {
      wasm.WebTree.of(game, value);
      return null;
    } catch (e) {
      return e.code;
    }
  };
  assert.equal(code({ line: 'nope' }), 'tree-bad-value');
  assert.equal(code({ line: [{ move: 'a2a3' }] }), 'tree-not-the-game');
  assert.equal(code({ line: [{}, {}, {}, { move: 'zz9' }] }), 'tree-bad-move');
  let deep = [{ move: 'c7c5' }];
  for (let i = 0; i < 100; i++) deep = [{ move: 'c7c5', variations: [deep] }];
  assert.equal(code({ line: [{}, { variations: [deep] }] }), 'tree-too-deep');
  assert.equal(wasm.WebTree.of(game, null).hasNotes(), false);
  assert.equal(t.node(12345), null);
  assert.equal(t.mainPly(12345), -1);
  // A 30,000-move line past the game's moves is read in a loop; syncing with the game cuts it.
  const shuffle = ['h7h6', 'b2b3', 'h6h7', 'b3b2']; // Black moves next
  const line = [{}, {}, {}, ...Array.from({ length: 30000 }, (_, i) => ({ move: shuffle[i % 4] }))];
  const long = wasm.WebTree.of(game, { line });
  assert.equal(long.size(), 30003);
  long.sync(game);
  assert.equal(long.size(), 3);
  game.free();
});

test('a saved record keeps its tree (an optional field) and drops a damaged one', () => {
  const tree = { line: [{ move: 'a', notation: 'A' }] };
  assert.deepEqual(withOptional({ id: 'g', tree }).tree, tree);
  assert.equal('tree' in withOptional({ id: 'g', tree: 'junk' }), false);
  assert.equal('tree' in withOptional({ id: 'g', tree: { line: 3 } }), false);
  assert.equal('tree' in withOptional({ id: 'g' }), false);
});
