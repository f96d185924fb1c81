// Hints against the computer: the first press names the piece (and selects it on the board),
// the second the move, which is legal; the game notes that a hint was used. No hint button in
// hot-seat games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();

test('a hint shows the piece, then the move, and is counted', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=ultima&mode=computer&side=white&level=1'));
  assert.equal(await page.isVisible('#btn-hint'), true);
  await page.click('#btn-hint');
  await page.waitForFunction(() => document.querySelector('#hint-text').dataset.step === 'piece', null, { timeout: 30000 });
  const piece = await page.textContent('#hint-text');
  const m = /^Hint: move the Pincer Pawn on ([a-h][1-8])\.$/.exec(piece);
  assert.ok(m, piece); // only the pawns can move from Ultima's start
  assert.match(await page.textContent('#hints-used'), /Hints used in this game: 1/);
  await page.click('#btn-hint');
  const move = await page.textContent('#hint-text');
  assert.match(move, new RegExp(`^Hint: P${m[1]}-[a-h][1-8]\\.$`));
  assert.deepEqual(errors, []);
  await context.close();
  const hot = await openPage(env.browser, env.url('variant=ultima'));
  assert.equal(await hot.page.isVisible('#btn-hint'), false);
  await hot.context.close();
});
