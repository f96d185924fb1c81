// Results on the page: resignation, a draw offered and accepted (or declined) in hot-seat, the
// game-over dialog with its score and reason (also at the end of the move list), Rematch with
// the colours swapped, and undo/redo (against the computer, one undo returns to the player).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, boardAttr, openPage, typeMove, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
const url = env.url;

test('resigning ends the game with 0-1, in the dialog and the move list; undo takes it back', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await typeMove(page, 'e2e5', 1);
  await typeMove(page, 'd7d4', 2);
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes'); // resigning asks once
  await page.waitForSelector('#game-over[open]');
  assert.equal(await page.textContent('#go-score'), '0-1');
  assert.equal(await page.textContent('#go-reason'), 'Black wins: White resigned.');
  await page.screenshot({ path: artifact('game-over-en.png') });
  await page.click('#go-close');
  assert.equal(await page.textContent('#move-list li.result'), '0-1 Black wins: White resigned.');
  assert.equal(await boardAttr(page, 'data-result'), 'black');
  // The result is saved with the game.
  await page.reload();
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await page.textContent('#status'), 'Black wins: White resigned.');
  await page.click('#btn-undo');
  await waitAttr(page, 'data-result', 'ongoing');
  assert.equal(await boardAttr(page, 'data-ply'), '2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a draw offered in hot-seat: declined, then accepted; Rematch swaps the colours', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=omega'));
  await typeMove(page, 'e1e4', 1);
  await page.click('#btn-draw');
  assert.equal(await page.textContent('#draw-offer-text'), 'Black offers a draw. White: accept or decline?');
  await page.click('#btn-draw-decline');
  // The offer's panel is redrawn from the controller's change, which may come after the click
  // has returned: wait for it rather than read it at once (ci17's one failure).
  await page.waitForSelector('#draw-offer', { state: 'hidden' });
  assert.equal(await page.isHidden('#draw-offer'), true);
  await page.click('#btn-draw');
  await page.click('#btn-draw-accept');
  await page.waitForSelector('#game-over[open]');
  assert.equal(await page.textContent('#go-score'), '½-½');
  assert.equal(await page.textContent('#go-reason'), 'Draw by agreement.');
  assert.equal(await boardAttr(page, 'data-orientation'), 'white');
  await page.click('#go-rematch');
  await waitAttr(page, 'data-ply', '0');
  assert.equal(await boardAttr(page, 'data-orientation'), 'black');
  assert.equal(await boardAttr(page, 'data-result'), 'ongoing');
  assert.deepEqual(errors, []);
  await context.close();
});

test('undo and redo in hot-seat; a new move forgets the redo', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await typeMove(page, 'e2e5', 1);
  await typeMove(page, 'd7d4', 2);
  const fen = await boardAttr(page, 'data-fen');
  await page.click('#btn-undo');
  await waitAttr(page, 'data-ply', '1');
  await page.click('#btn-undo');
  await waitAttr(page, 'data-ply', '0');
  await page.click('#btn-redo');
  await waitAttr(page, 'data-ply', '1');
  await page.keyboard.press('Control+y');
  await waitAttr(page, 'data-fen', fen);
  assert.equal(await page.isDisabled('#btn-redo'), true);
  await page.click('#btn-undo');
  await typeMove(page, 'd7d5', 2);
  assert.equal(await page.isDisabled('#btn-redo'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('against the computer: one undo returns to the player, redo replays both moves', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&mode=computer&side=white&level=1'));
  await page.fill('#move-input', 'e2e5');
  await page.press('#move-input', 'Enter');
  await waitAttr(page, 'data-ply', '2', 20000);
  const fen = await boardAttr(page, 'data-fen');
  await page.click('#btn-undo');
  await waitAttr(page, 'data-ply', '0');
  assert.equal(await boardAttr(page, 'data-side'), 'white');
  await page.click('#btn-redo');
  await waitAttr(page, 'data-ply', '2');
  assert.equal(await boardAttr(page, 'data-fen'), fen);
  assert.equal(await boardAttr(page, 'data-side'), 'white');
  // Resigning against the computer is the player's resignation.
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes'); // resigning asks once
  await page.waitForSelector('#game-over[open]');
  assert.equal(await page.textContent('#go-score'), '0-1');
  assert.deepEqual(errors, []);
  await context.close();
});
