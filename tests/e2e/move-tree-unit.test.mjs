// The analysis move tree's model (www/move-tree.js) without a browser: the main line follows
// the game, moves away from it are variations, promote and delete, and the bindings' JSON
// round trip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MoveTree, nagText } from '../../www/move-tree.js';
import { withOptional } from '../../www/store.js';

const h = (...moves) => moves.map((m) => ({ move: m, notation: m.toUpperCase() }));

test('the main line follows the game; other moves are variations; undo drops what follows', () => {
  const t = new MoveTree();
  t.sync(h('a', 'b', 'c'));
  const [a, b, c] = t.mainLine();
  const x = t.add(a, 'x', 'X');
  const y = t.add(x, 'y', 'Y');
  assert.equal(t.add(a, 'b', 'B'), b, 'the line\'s own move is the same node');
  assert.deepEqual(t.path(y), ['a', 'x', 'y']);
  assert.equal(t.mainPly(c), 3);
  assert.equal(t.mainPly(y), -1);
  assert.ok(t.hasVariations());
  // A new game move where a variation was: it takes the main line, the old line stays.
  t.sync(h('a', 'x'));
  assert.deepEqual(t.mainLine(), [a, x]);
  assert.deepEqual(t.node(a).children, [x, b]);
  assert.equal(t.node(y), null, 'after the game\'s last move nothing stays');
});

test('promote makes a variation the main line; delete removes a variation only', () => {
  const t = new MoveTree();
  t.sync(h('a', 'b', 'c'));
  const [a, b] = t.mainLine();
  const x = t.add(a, 'x', 'X');
  const y = t.add(x, 'y', 'Y');
  assert.deepEqual(t.promote(y), ['a', 'x', 'y']);
  assert.deepEqual(t.node(a).children, [x, b]);
  assert.equal(t.remove(y), null, 'a main-line move is not deleted');
  assert.equal(t.remove(b), a);
  assert.ok(!t.hasVariations());
});

test('the JSON of the bindings goes in and out unchanged', () => {
  const json = {
    comment: 'start',
    line: [
      { move: 'a', notation: 'A', nags: [1] },
      { move: 'b', notation: 'B', comment: 'ok', variations: [[{ move: 'x', notation: 'X', before: 'or', nags: [2] }, { move: 'z', notation: 'Z' }], [{ move: 'w', notation: 'W' }]] },
      { move: 'c', notation: 'C' },
    ],
  };
  const t = MoveTree.fromJSON(json);
  assert.deepEqual(t.toJSON(), json);
  assert.deepEqual(MoveTree.fromJSON({ line: [{ nope: 1 }] }).toJSON(), { line: [] });
  assert.deepEqual(MoveTree.fromJSON(null).toJSON(), { line: [] });
  assert.equal(nagText(5), '!?');
  assert.equal(nagText(18), ' $18');
});

test('a saved record keeps its tree (an optional field) and drops a damaged one', () => {
  const tree = { line: [{ move: 'a', notation: 'A' }] };
  assert.deepEqual(withOptional({ id: 'g', tree }).tree, tree);
  assert.equal('tree' in withOptional({ id: 'g', tree: 'junk' }), false);
  assert.equal('tree' in withOptional({ id: 'g', tree: { line: 3 } }), false);
  assert.equal('tree' in withOptional({ id: 'g' }), false);
});
