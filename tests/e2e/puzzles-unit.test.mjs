// The puzzle page's data without a browser (www/puzzles/record.js): the puzzle files' lines,
// the player's record read back (damaged records start afresh) and the rating's update.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judge } from '../../www/puzzles/judge.js';
import { readFileSync } from 'node:fs';
import { parsePuzzles, puzzleRating, readRecord, score, solvedCount, START_RATING } from '../../www/puzzles/record.js';

test('puzzle lines: goals, sources, and bad lines skipped', () => {
  const text = [
    '# a comment',
    'p1 | 8/8/8/8/8/8/8/K6k w - - 0 1 | a1a2 | mate 2 | corner',
    'p2 | FEN | b1b2 | capture 1 | fork | book',
    'p3 | FEN | c1c2 | win | mined',
    'p4 | FEN | c1c2 | draw | nothing to find',
    'p5 | FEN |  | mate 1 | no solution',
    '',
  ].join('\n');
  const out = parsePuzzles(text, 'chess', 'puzzles-chess.txt');
  assert.deepEqual(out.map((p) => [p.id, p.kind, p.n, p.source]), [
    ['p1', 'mate', 2, 'puzzles-chess.txt'],
    ['p2', 'capture', 1, 'book'],
    ['p3', 'win', 1, 'puzzles-chess.txt'],
  ]);
  assert.equal(out[0].fen, '8/8/8/8/8/8/8/K6k w - - 0 1');
  assert.equal(out[0].solution, 'a1a2');
});

test('the files the page serves parse, every line of them', () => {
  for (const variant of ['ultima', 'omega', 'hybrid']) {
    const text = readFileSync(new URL(`../data/puzzles-${variant}.txt`, import.meta.url), 'utf8');
    const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    assert.equal(parsePuzzles(text, variant, 'f').length, lines.length, variant);
  }
});

test('a damaged record starts afresh; a good one reads back', () => {
  for (const bad of [null, '', 'not json', '[]', '{"rating":"high","results":[1],"at":7}']) {
    const r = readRecord(bad);
    assert.equal(r.rating, START_RATING, String(bad));
    assert.deepEqual([r.results, r.at], [{}, {}], String(bad));
  }
  const good = { rating: 1333.5, results: { 'ultima/p1': 'solved' }, at: { ultima: 4 } };
  assert.deepEqual(readRecord(JSON.stringify(good)), good);
});

test('the rating moves once per puzzle, by Elo against the puzzle\'s rating', () => {
  const mate1 = { id: 'a', variant: 'ultima', fen: '', solution: '', kind: 'mate', n: 1, source: '' };
  const mate3 = { ...mate1, id: 'b', n: 3 };
  assert.equal(puzzleRating(mate1), 1000);
  assert.equal(puzzleRating(mate3), 1400);
  const r = readRecord(null);
  score(r, mate1, true);
  // Expected score against a 1000 puzzle at 1200: 1 / (1 + 10^(-0.5)) ≈ 0.760.
  assert.ok(Math.abs(r.rating - (1200 + 32 * (1 - 1 / (1 + 10 ** -0.5)))) < 1e-9);
  const after = r.rating;
  score(r, mate1, false);
  assert.equal(r.rating, after, 'a second result does not count');
  assert.equal(r.results['ultima/a'], 'solved', 'a failure after a solve keeps the solve');
  score(r, mate3, false);
  assert.ok(r.rating < after);
  assert.equal(r.results['ultima/b'], 'failed');
  score(r, mate3, true);
  assert.equal(r.results['ultima/b'], 'solved', 'solved on a later try');
  assert.equal(solvedCount(r, [mate1, mate3, { ...mate1, id: 'c' }]), 2);
});

test('the judge: the first move must be the solution; a later one must keep the mate in time; a win is right', () => {
  const mate2 = { id: 'm', variant: 'ultima', fen: '', solution: 'a1a2', kind: 'mate', n: 2, source: 'x' };
  const capture = { ...mate2, kind: 'capture', n: 1 };
  const mated = (n) => ({ score: { mate: -n } });
  assert.deepEqual(judge(mate2, { first: true, left: 2 }, { text: 'a1a2', won: false, reply: mated(1) }), { right: true, solved: false });
  assert.deepEqual(judge(mate2, { first: true, left: 2 }, { text: 'a1a3', won: false, reply: mated(1) }), { right: false, solved: false }, 'not the solution');
  assert.deepEqual(judge(mate2, { first: false, left: 1 }, { text: 'b1b2', won: true, reply: null }), { right: true, solved: true }, 'the mate itself');
  assert.deepEqual(judge({ ...mate2, n: 3 }, { first: false, left: 2 }, { text: 'b1b2', won: false, reply: mated(1) }), { right: true, solved: false });
  assert.deepEqual(judge({ ...mate2, n: 3 }, { first: false, left: 2 }, { text: 'b1b2', won: false, reply: mated(2) }), { right: false, solved: false }, 'the mate takes too long');
  assert.deepEqual(judge({ ...mate2, n: 3 }, { first: false, left: 2 }, { text: 'b1b2', won: false, reply: { score: { cp: 900 } } }), { right: false, solved: false }, 'no mate seen');
  assert.deepEqual(judge({ ...mate2, n: 3 }, { first: false, left: 2 }, { text: 'b1b2', won: false, reply: null }), { right: false, solved: false }, 'no reply');
  assert.deepEqual(judge(capture, { first: true, left: 1 }, { text: 'a1a2', won: false, reply: { score: { cp: -300 } } }), { right: true, solved: true }, 'a capture puzzle is one move');
});
