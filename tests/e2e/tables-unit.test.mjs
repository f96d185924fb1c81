// The engine's small tables as the page reads them (www/engine/engine.js over crates/web's
// tables.rs), without a browser: the levels' range agrees with the levels' list, each NAG's mark,
// the drag threshold, <baroque-board>'s level attribute clamped to the range; and the game controller's
// position for the worker (GameCtrl.position, used by <baroque-board> and the puzzles page).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildGame, init, levels, nagMark, tables } from '../../www/engine/engine.js';
import { clockName, parseClock } from '../../www/game/clock.js';
import { clampLevel } from '../../www/board-element/play.js';
import { GameCtrl } from '../../www/game/ctrl.js';

before(() => init({ module_or_path: readFileSync(new URL('../../www/pkg/baroque_web_bg.wasm', import.meta.url)) }));

test('the levels\' range is the levels\' list', () => {
  const { levelMin, levelMax } = tables();
  const list = levels().map((l) => l.level);
  assert.equal(levelMin, Math.min(...list));
  assert.equal(levelMax, Math.max(...list));
  assert.equal(list.length, levelMax - levelMin + 1);
});

test('a level attribute is clamped to the range; no number is the fallback', () => {
  const { levelMin, levelMax } = tables();
  assert.equal(clampLevel('3', 2), 3);
  assert.equal(clampLevel('99', 2), levelMax);
  assert.equal(clampLevel('-4', 2), levelMin);
  assert.equal(clampLevel('2.6', 1), 3);
  for (const none of [null, undefined, '', 'strong']) assert.equal(clampLevel(none, 2), 2, String(none));
  assert.equal(clampLevel(null, 99), levelMax, 'a fallback outside the range is clamped too');
});

test('NAG marks: the six of the PGN standard, none past them', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6].map(nagMark), ['!', '?', '!!', '??', '!?', '?!']);
  assert.equal(nagMark(0), '');
  assert.equal(nagMark(7), '');
  assert.equal(nagMark(255), '');
  assert.equal(tables().nagMarks.length, 7);
});

test('the drag threshold is a positive distance', () => {
  const d = tables().dragThreshold;
  assert.equal(typeof d, 'number');
  assert.ok(d > 0 && d < 50);
});

test('GameCtrl.position: the game as the worker takes it', () => {
  const ctrl = new GameCtrl();
  const { game } = buildGame({ variant: 'omega', options: [] });
  ctrl.start(game, { variant: 'omega', fen: '', options: [], mode: 'computer', side: 'white', level: 1, autoflip: false }, { ended: null, redo: [], clock: null });
  const first = game.legalMoves()[0].move;
  ctrl.move(first);
  const p = ctrl.position();
  assert.deepEqual(Object.keys(p), ['variant', 'fen', 'options', 'moves']);
  assert.equal(p.variant, 'omega');
  assert.equal(p.fen, game.startFen());
  assert.deepEqual(p.moves, [first]);
  assert.deepEqual(p.options, game.options());
  assert.equal(ctrl.turn(), 'computer');
  game.free();
});

test('rule options read as pairs in one place (the value may hold "=")', async () => {
  const { optionPairs } = await import('../../www/engine/engine.js');
  assert.deepEqual(optionPairs(['stalemate=draw', 'win=capture', 'x=a=b', 'bare']), [['stalemate', 'draw'], ['win', 'capture'], ['x', 'a=b'], ['bare', '']]);
  const built = buildGame({ variant: 'ultima', options: ['stalemate=draw'] });
  assert.ok(optionPairs(built.game.options()).some(([n, v]) => n === 'stalemate' && v === 'draw'));
  built.game.free();
});

test('the minutes form of a time control is read and written by the engine, with its bounds', () => {
  assert.deepEqual(parseClock('5+3'), { base: 300_000, inc: 3_000 });
  assert.deepEqual(parseClock(' 0.25+0 '), { base: 15_000, inc: 0 });
  assert.deepEqual(parseClock('600+600'), { base: 36_000_000, inc: 600_000 });
  // A start under a second is none (the engine's bound; 0.001 minutes was once 60 ms).
  for (const bad of ['0.001+0', '601+0', '5+601', '0+3', '5', 'five+3', '1/86400', '', null]) assert.equal(parseClock(bad), null, String(bad));
  assert.equal(clockName({ base: 300_000, inc: 3_000 }), '5+3');
  assert.equal(clockName({ base: 90_000, inc: 2_000 }), '1.5+2');
  assert.equal(clockName(null), '');
  assert.deepEqual(parseClock(clockName({ base: 20_000, inc: 0 })), { base: 20_000, inc: 0 });
});
