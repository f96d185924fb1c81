// The puzzle page: for one puzzle of each game (the first of tests/data/puzzles-<game>.txt) a
// wrong move is refused with what it allows and the solution is accepted (the engine answers
// with its defence when the game goes on); progress and rating are remembered over a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, artifact, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();
const page = (query) => `${env.server.url}www/puzzles.html?${query}`;

function firstPuzzle(variant) {
  const line = readFileSync(join(ROOT, 'tests', 'data', `puzzles-${variant}.txt`), 'utf8')
    .split('\n').find((l) => l.trim() && !l.startsWith('#'));
  const [id, fen, solution] = line.split(' | ').map((s) => s.trim());
  return { id, fen, solution };
}

/** Plays move text by dragging on the board (from and to squares are the text's two squares). */
async function drag(p, move) {
  const m = /^([a-z]\d+)-?([a-z]\d+)/.exec(move);
  // window.puzzleBoard is the page's geometry hook (like window.baroque on the game page).
  const at = async (sq) => p.evaluate((s) => window.puzzleBoard.center(s), sq);
  const [x1, y1] = await at(m[1]);
  const [x2, y2] = await at(m[2]);
  await p.mouse.click(x1, y1);
  await p.mouse.click(x2, y2);
}

for (const variant of ['ultima', 'omega', 'hybrid']) {
  test(`${variant}: a wrong move is refused and explained, the solution is accepted`, async () => {
    const pz = firstPuzzle(variant);
    const { page: p, errors, context } = await openPage(env.browser, page(`variant=${variant}&puzzle=${pz.id}`));
    assert.equal(await p.getAttribute('#board', 'data-puzzle'), `${variant}/${pz.id}`);
    // A wrong move: the first legal move that is not the solution.
    const wrong = await p.evaluate((sol) => window.puzzleBoard.legal().find((m) => m !== sol && !/^([a-z]\d+)\1$/.test(m)), pz.solution);
    await drag(p, wrong);
    await p.waitForFunction(() => document.querySelector('#board').dataset.state === 'wrong', null, { timeout: 30000 });
    assert.match(await p.textContent('#puzzle-feedback'), /is not the answer/);
    assert.equal(await p.evaluate(() => window.puzzleBoard.fen()), pz.fen, 'the wrong move is taken back');
    await drag(p, pz.solution);
    await p.waitForFunction(() => document.querySelector('#puzzle-feedback').dataset.result === 'right', null, { timeout: 30000 });
    assert.equal(await p.getAttribute('#puzzle-feedback', 'data-result'), 'right');
    if (variant === 'ultima') await p.screenshot({ path: artifact('puzzles-en.png') });
    const stored = await p.evaluate(() => JSON.parse(localStorage.getItem('baroque.puzzles')));
    assert.equal(stored.results[`${variant}/${pz.id}`], 'solved');
    assert.ok(stored.rating < 1200, 'the rating counts the first try, which was wrong');
    await p.reload();
    await p.waitForSelector('#board[data-ready="true"]');
    assert.equal((await p.textContent('#puzzle-rating')).replace(/\D/g, ''), String(Math.round(stored.rating)));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the puzzle page in Chinese', async () => {
  const pz = firstPuzzle('omega');
  const { page: p, errors, context } = await openPage(env.browser, page(`variant=omega&puzzle=${pz.id}&lang=zh-Hans`));
  await drag(p, pz.solution);
  await p.waitForFunction(() => document.querySelector('#puzzle-feedback').dataset.result === 'right', null, { timeout: 30000 });
  const words = (await Promise.all(['#puzzle-title', '#puzzle-goal', '#puzzle-feedback', '#puzzle-rating', '#btn-puzzle-next']
    .map((sel) => p.textContent(sel)))).join(' ');
  assert.match(words, /解开了|正确/);
  // Nothing English but the puzzle's id and the move's notation.
  assert.doesNotMatch(words.replace(pz.id, '').replace(/[A-Za-z]?[a-z]\d+[-x]?[a-z]?\d*[+#]?/g, ''), /[A-Za-z]{2,}/);
  await p.screenshot({ path: artifact('puzzles-zh-Hans.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
