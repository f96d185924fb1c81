// The lobby's socket client without a browser (www/lobby/client.js, a fake socket): the list kept
// from `hello`, `added`, `removed` and `counts`, each alone or in a `batch` frame (the server's
// news of one tick, docs/online.md "The lobby"), with one `change` event per frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LobbyClient } from '../../www/lobby/client.js';

const seek = (id, variant = 'omega') => ({
  id, variant, rules: [], array: null, clock: { limit: 300, increment: 3 }, days: null, rated: false,
  color: 'random', username: null, rating: null, provisional: false, ratingRange: null,
});

/**
 * A client fed `frames` (each a message as the server sends it): its list, its counts and the
 * `change` events after the first frame (the `hello`).
 */
function fed(frames) {
  const c = new LobbyClient('ws://example.invalid/ws/lobby', /** @type {any} */ (class {}));
  let changes = 0;
  c.addEventListener('change', () => changes++);
  const [hello, ...rest] = frames;
  c.receive(JSON.stringify(hello));
  changes = 0;
  for (const f of rest) c.receive(JSON.stringify(f));
  return { ids: [...c.seeks.keys()], counts: c.counts, changes };
}

test('each message alone: the list and the counts as the server tells them', () => {
  const r = fed([
    { t: 'hello', me: null, seeks: [seek('a')], counts: { omega: 1 } },
    { t: 'added', seek: seek('b', 'ultima') },
    { t: 'removed', id: 'a' },
    { t: 'counts', counts: { ultima: 1 } },
  ]);
  assert.deepEqual(r.ids, ['b']);
  assert.deepEqual(r.counts, { ultima: 1 });
  assert.equal(r.changes, 3);
});

test('a batch frame: each of its messages in turn, one change event', () => {
  const r = fed([
    { t: 'hello', me: null, seeks: [seek('a')], counts: { omega: 1 } },
    {
      t: 'batch',
      m: [
        { t: 'added', seek: seek('b') },
        { t: 'added', seek: seek('c', 'hybrid') },
        { t: 'removed', id: 'a' },
        { t: 'counts', counts: { omega: 1, hybrid: 1 } },
      ],
    },
  ]);
  assert.deepEqual(r.ids, ['b', 'c']);
  assert.deepEqual(r.counts, { omega: 1, hybrid: 1 });
  assert.equal(r.changes, 1);
});

test('a batch of nothing it knows, or broken, changes nothing', () => {
  const r = fed([
    { t: 'hello', me: null, seeks: [seek('a')], counts: {} },
    { t: 'batch', m: [{ t: 'fly' }] },
    { t: 'batch' },
  ]);
  assert.deepEqual(r.ids, ['a']);
  assert.equal(r.changes, 0);
});
