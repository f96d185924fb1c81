// Game records on the page: PGN download and upload round-trip (with the result), a FEN pasted
// into the New game dialog, the dialog refusing a bad FEN or PGN in place with the engine's
// message, a FEN of another game cleared when the game changes, and the board as a PNG.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { artifact, boardAttr, openPage, typeMove, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
const url = env.url;

async function downloaded(page, click) {
  const wait = page.waitForEvent('download');
  await click();
  const d = await wait;
  const path = artifact(d.suggestedFilename());
  await d.saveAs(path);
  return { path, name: d.suggestedFilename() };
}

test('PGN download and upload round-trip: moves, options and a resignation', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&stalemate=draw'));
  await typeMove(page, 'e2e5', 1);
  await typeMove(page, 'd7d4', 2);
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes'); // resigning asks once
  await page.click('#go-close');
  const fen = await boardAttr(page, 'data-fen');
  await page.click('.position-card summary');
  const { path, name } = await downloaded(page, () => page.click('#btn-download-pgn'));
  assert.match(name, /^baroque-ultima-.*\.pgn$/);
  const text = readFileSync(path, 'utf8');
  assert.match(text, /\[Result "0-1"\]/);
  assert.match(text, /\[Stalemate "draw"\]/);
  assert.match(text, /\[Termination "resign"\]/);
  // A new hot-seat game of another variant, then the file opened again.
  await page.goto(url('variant=omega'));
  await page.waitForSelector('#board[data-ready="true"]');
  await page.click('.position-card summary');
  await page.setInputFiles('#pgn-file', path);
  await waitAttr(page, 'data-fen', fen);
  assert.equal(await boardAttr(page, 'data-variant'), 'ultima');
  assert.equal(await page.textContent('#status'), 'Black wins: White resigned.');
  assert.match(await page.textContent('#rules-info'), /stalemate=draw/);
  // A PNG of the board.
  const png = await downloaded(page, () => page.click('#btn-download-png'));
  assert.deepEqual([...readFileSync(png.path).subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the New game dialog: a pasted FEN starts there, a bad FEN or PGN is refused in place', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await typeMove(page, 'e2e5', 1);
  const fen = await page.inputValue('#fen-out');
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await page.click('#ng-more > summary'); // FEN and PGN are in the folded part
  await page.fill('#ng-fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w');
  await page.click('#ng-start');
  assert.equal(await page.isVisible('#new-game'), true);
  assert.match(await page.textContent('#ng-error'), /FEN|piece/);
  await page.fill('#ng-fen', fen);
  // Switching to Omega clears an Ultima FEN; back to Ultima it is typed again.
  await page.check('input[name="variant"][value="omega"]');
  assert.equal(await page.inputValue('#ng-fen'), '');
  await page.check('input[name="variant"][value="ultima"]');
  await page.fill('#ng-fen', fen);
  await page.fill('#ng-pgn', '1. e2e5 zz9 *');
  await page.click('#ng-start');
  assert.equal(await page.isVisible('#new-game'), true);
  assert.match(await page.textContent('#ng-error'), /^Game 1, line 1: move 1 \(Black\) “zz9” is refused/);
  await page.fill('#ng-pgn', '');
  await page.click('#ng-start');
  // The old game shows the same FEN (after e2e5): wait for the new game's ply 0, then its FEN.
  await waitAttr(page, 'data-ply', '0');
  assert.equal(await boardAttr(page, 'data-fen'), fen);
  // The dialog in Chinese words the engine's message through the catalog.
  await page.selectOption('#lang-select', 'zh-Hans');
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await page.fill('#ng-pgn', '1. e2e5 zz9 *');
  await page.click('#ng-start');
  assert.match(await page.textContent('#ng-error'), /^第 1 局第 1 行/);
  assert.deepEqual(errors, []);
  await context.close();
});
