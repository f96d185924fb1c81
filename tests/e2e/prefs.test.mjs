// Sounds and settings: sounds are off until turned on, then a move, a capture, a check and the
// end each play one (synthesised); coordinates, animation, the last level and time control are
// remembered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardAttr, openPage, typeMove, useBrowser } from './helpers.mjs';

const env = useBrowser();
const url = env.url;

test('sounds are off by default; turned on, a move and the end of the game sound', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await typeMove(page, 'e2e5', 1);
  assert.equal(await boardAttr(page, 'data-sound'), null);
  await page.click('.appearance-card summary');
  await page.check('#pref-sound');
  await typeMove(page, 'd7d4', 2);
  assert.equal(await boardAttr(page, 'data-sound'), 'move');
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes'); // resigning asks once
  assert.equal(await boardAttr(page, 'data-sound'), 'end');
  assert.deepEqual(errors, []);
  await context.close();
});

test('coordinates, the level and the time control are remembered', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await page.click('.appearance-card summary');
  await page.uncheck('#pref-coordinates');
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await page.check('input[name="mode"][value="computer"]');
  await page.selectOption('#ng-level', '5');
  await page.selectOption('#ng-clock', '5+3');
  await page.click('#ng-start');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('clock') === '5+3');
  // A new tab without a saved game (nothing was played) starts with them.
  const other = await context.newPage();
  await other.goto(url(''));
  await other.waitForSelector('#board[data-ready="true"]');
  await other.click('.appearance-card summary');
  assert.equal(await other.isChecked('#pref-coordinates'), false);
  assert.equal(await other.textContent('#clock-white'), 'White 5:00');
  await other.click('#btn-new');
  await other.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await other.check('input[name="mode"][value="computer"]');
  assert.equal(await other.inputValue('#ng-level'), '5');
  assert.equal(await other.inputValue('#ng-clock'), '5+3');
  assert.deepEqual(errors, []);
  await context.close();
});
