// Clocks: only the side to move runs, the increment is added, a reload keeps the times, undo
// pauses, a flag fall loses (or draws against a bare King), the dialog offers the controls,
// and against the computer the worker gets the clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardAttr, openPage, typeMove, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
const url = env.url;
const ms = async (page, side) => Number(await page.getAttribute(`#clock-${side}`, 'data-ms'));

test('a 3+2 clock: only the side to move runs, the increment is added, a reload keeps it, undo pauses', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&clock=3%2B2'));
  assert.equal(await page.isVisible('#clocks'), true);
  assert.equal(await page.textContent('#clock-white'), 'White 3:00');
  await typeMove(page, 'e2e5', 1);
  // White moved: its clock got the 2 s increment, Black's runs.
  assert.ok((await ms(page, 'white')) > 180000, String(await ms(page, 'white')));
  assert.equal(await page.getAttribute('#clock-black', 'data-running'), 'true');
  await page.waitForTimeout(600);
  const black = await ms(page, 'black');
  assert.ok(black < 180000 - 300, String(black));
  const white = await ms(page, 'white');
  await page.reload();
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await boardAttr(page, 'data-ply'), '1');
  assert.equal(await ms(page, 'white'), white);
  assert.ok(Math.abs((await ms(page, 'black')) - black) < 1500);
  await page.click('#btn-undo');
  await waitAttr(page, 'data-ply', '0');
  const paused = await ms(page, 'black');
  await page.waitForTimeout(400);
  assert.equal(await ms(page, 'black'), paused);
  assert.equal(await page.getAttribute('#clock-black', 'data-running'), 'false');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the flag falls: a loss on time, or a draw when the other side has only its King', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&clock=0.02%2B0'));
  await typeMove(page, 'e2e5', 1);
  await page.waitForSelector('#game-over[open]', { timeout: 5000 });
  assert.equal(await page.textContent('#go-score'), '1-0');
  assert.equal(await page.textContent('#go-reason'), 'White wins on time.');
  await context.close();
  const fen = '7k/8/8/8/8/8/1p6/K7 w - - 0 1';
  const second = await openPage(env.browser, url(`variant=ultima&clock=0.02%2B0&fen=${encodeURIComponent(fen)}`));
  await second.page.fill('#move-input', 'a1a2');
  await second.page.press('#move-input', 'Enter');
  await second.page.waitForSelector('#game-over[open]', { timeout: 5000 });
  assert.equal(await second.page.textContent('#go-score'), '½-½');
  assert.equal(await second.page.textContent('#go-reason'), 'Draw: Black’s time ran out, but White cannot win.');
  assert.deepEqual([...errors, ...second.errors], []);
  await second.context.close();
});

test('the dialog offers the time controls; against the computer the worker plays on the clock', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await page.check('input[name="mode"][value="computer"]');
  await page.selectOption('#ng-level', '6');
  await page.selectOption('#ng-clock', 'custom');
  await page.fill('input[name="clock-minutes"]', '1');
  await page.fill('input[name="clock-increment"]', '1');
  await page.click('#ng-start');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('clock') === '1+1');
  const start = Date.now();
  await page.fill('#move-input', 'e2e5');
  await page.press('#move-input', 'Enter');
  await waitAttr(page, 'data-ply', '2', 20000);
  // Level 6 thinks a second per move without a clock; with one minute it budgets about 2 s
  // (60 s / 31 + 3/4 of the increment) and the clock shows what it spent.
  assert.ok(Date.now() - start < 10000);
  assert.ok((await ms(page, 'black')) < 60000 + 1000);
  assert.deepEqual(errors, []);
  await context.close();
});
