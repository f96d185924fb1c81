// The player pages' pure parts, without a browser: the rating chart's arithmetic
// (www/players/chart.js `plot`) and a game's result from one player's side
// (www/players/client.js `resultOf`).
import { test } from 'node:test';
import assert from 'node:assert/strict';

globalThis.location = /** @type {any} */ ({ href: 'http://127.0.0.1:9/@/alice' });
const { plot } = await import('../../www/players/chart.js');
const { resultOf, readJson } = await import('../../www/players/client.js');

test('the chart spans its box: time along x, rating up y, bounds on 50s', () => {
  const { lines, low, high } = plot([
    { name: 'omega', points: [[2026, 11, 1, 1742], [2026, 11, 7, 1600]] },
    { name: 'ultima', points: [] },
    { name: 'hybrid', points: [[2026, 11, 4, 1258]] },
  ], 600, 220, 28);
  assert.deepEqual([low, high], [1200, 1800]);
  assert.deepEqual(lines.map((l) => l.name), ['omega', 'hybrid'], 'a game without points has no line');
  const [omega, hybrid] = lines;
  assert.deepEqual(omega.xy[0], [28, Math.round((28 + 164 * (1800 - 1742) / 600) * 10) / 10]);
  assert.equal(omega.xy[1][0], 572, 'the newest day at the right edge');
  assert.equal(hybrid.xy[0][0], 300, 'half way in time');
  assert.equal(hybrid.xy[0][1], Math.round((220 - 28 - 164 * (1258 - 1200) / 600) * 10) / 10);
  // One day only: the points spread evenly.
  const one = plot([{ name: 'omega', points: [[2026, 11, 7, 1500], [2026, 11, 7, 1520]] }], 600, 220, 28);
  assert.deepEqual(one.lines[0].xy.map((p) => p[0]), [28, 572]);
  assert.deepEqual(plot([], 600, 220, 28).lines, []);
});

test('a game from one player’s side: result, opponent, rating change', () => {
  const g = {
    status: 'resign', winner: 'white', players: {
      white: { user: { id: 'alice', name: 'alice' }, rating: 1500, ratingDiff: 242 },
      black: { user: { id: 'bob', name: 'bob' }, rating: 1500, ratingDiff: -242 },
    },
  };
  assert.deepEqual(resultOf(g, 'alice'), { result: 'win', opponent: 'bob', diff: 242 });
  assert.deepEqual(resultOf(g, 'bob'), { result: 'loss', opponent: 'alice', diff: -242 });
  assert.deepEqual(resultOf({ status: 'draw', players: { white: { user: { id: 'alice' } }, black: {} } }, 'alice'), { result: 'draw', opponent: null, diff: null });
  assert.equal(resultOf({ ...g, status: 'aborted', winner: undefined }, 'alice').result, 'aborted');
  assert.equal(resultOf({ ...g, status: 'started', winner: undefined }, 'bob').result, 'going');
});

test('NDJSON answers are read line by line; a failed call never throws', async () => {
  const fake = async () => new Response('{"id":"a"}\n\n{"id":"b"}\n', { status: 200 });
  const a = await readJson('/api/games/user/alice', 'application/x-ndjson', /** @type {any} */ (fake));
  assert.deepEqual(a, { ok: true, status: 200, body: [{ id: 'a' }, { id: 'b' }] });
  const down = async () => { throw new TypeError('failed to fetch'); };
  assert.deepEqual(await readJson('/api/player', undefined, /** @type {any} */ (down)), { ok: false, status: 0, body: null });
});
