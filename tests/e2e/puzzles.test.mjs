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

test('a promotion asks which piece, with the game page\'s chooser; the wrong piece is a wrong answer', async () => {
  // A puzzle of our own, served in place of the hybrid files: the pawn takes on d8 and must
  // become a Knight (hybrid.md §12 E3's position).
  const fen = 'k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1';
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route('**/tests/data/puzzles-hybrid.txt', (r) => r.fulfill({ status: 200, contentType: 'text/plain', body: `promo1 | ${fen} | e7d8n | capture 1 | promotion\n` }));
  await context.route('**/tests/data/mined-hybrid.txt', (r) => r.fulfill({ status: 200, contentType: 'text/plain', body: '' }));
  const p = await context.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(page('variant=hybrid&puzzle=promo1'));
  await p.waitForSelector('#board[data-ready="true"]');
  assert.equal(await p.getAttribute('#board', 'data-puzzle'), 'hybrid/promo1');
  const choose = async (move) => {
    await drag(p, 'e7d8');
    await p.waitForSelector('#promotion:not([hidden])');
    const choices = await p.$$eval('#promotion-choices button', (b) => b.map((x) => x.dataset.move));
    assert.deepEqual(choices.sort(), ['e7d8b', 'e7d8n', 'e7d8r', 'e7d8z']);
    await p.click(`#promotion-choices button[data-move="${move}"]`);
  };
  await choose('e7d8r');
  await p.waitForFunction(() => document.querySelector('#board').dataset.state === 'wrong', null, { timeout: 30000 });
  assert.equal(await p.evaluate(() => window.puzzleBoard.fen()), fen, 'the wrong piece is taken back');
  // Cancel keeps the position.
  await drag(p, 'e7d8');
  await p.waitForSelector('#promotion:not([hidden])');
  await p.click('#promotion-cancel');
  assert.equal(await p.isVisible('#promotion'), false);
  assert.equal(await p.evaluate(() => window.puzzleBoard.fen()), fen);
  await choose('e7d8n');
  await p.waitForFunction(() => document.querySelector('#puzzle-feedback').dataset.result === 'right', null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await context.close();
});
