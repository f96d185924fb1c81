// The analysis move tree in a real browser (www/pages/game/tree.js, movelist.js): with the analysis on, a
// move played away from the game's line is a variation shown in the move list; variations
// survive a reload and a PGN round trip (export, import, the same tree); "Make main line"
// promotes one and "Delete variation" removes one; the analysis opens from a saved game (the
// Games list), from a PGN and a FEN in the address, and from the game-over dialog; a bad PGN
// or FEN in the address gets a message, never a broken page.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { artifact, boardAttr, loadWasm, openPage, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
let wasm;
before(async () => {
  wasm = await loadWasm();
});

async function typeMove(page, move) {
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
}

/** The variation moves in the move list, as move texts. */
const variationMoves = (page) => page.$$eval('#move-list .var-ply', (els) => els.map((e) => e.dataset.move));
const mainMoves = (page) => page.$$eval('#move-list .ply[data-ply]', (els) => els.map((e) => e.dataset.move));

/** The PGN that Download PGN gives. */
async function downloadPgn(page) {
  if (!(await page.isVisible('#btn-download-pgn'))) await page.click('.position-card summary');
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#btn-download-pgn')]);
  return readFileSync(await file.path(), 'utf8');
}

const movetext = (pgn) => pgn.split('\n\n').slice(1).join(' ').split(/\s+/).filter(Boolean).join(' ');

test('variations: played in analysis, kept over a reload and a PGN round trip, promoted, deleted', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('analysis=1&variant=ultima&moves=e2e5,d7d4,f2f5'));
  assert.equal(await page.isVisible('#analysis-card'), true, 'analysis=1 turns the analysis on');
  // Back to move 1, then other moves: a variation (the game keeps its three moves).
  await page.click('#move-list .ply[data-ply="1"]');
  // The list is redrawn from the controller's change: wait for it before typing (ci18 typed
  // d7d5 while the board still showed move 3, where it is not a move).
  await page.waitForSelector('#move-list .ply.current[data-ply="1"]');
  await typeMove(page, 'd7d5');
  await page.waitForSelector('#move-list .var-ply[data-move="d7d5"]');
  await typeMove(page, 'a2a4');
  await page.waitForSelector('#move-list .var-ply[data-move="a2a4"]');
  assert.deepEqual(await variationMoves(page), ['d7d5', 'a2a4']);
  assert.deepEqual(await mainMoves(page), ['e2e5', 'd7d4', 'f2f5']);
  assert.equal((await page.textContent('#move-list li.variation')).trim(), '1... Pd7-d5 2. Pa2-a4');
  assert.ok(await page.isVisible('#move-list .var-ply.current[data-move="a2a4"]'));
  assert.equal(await page.isDisabled('#btn-tree-promote'), false);
  await page.screenshot({ path: artifact('tree-variation-en.png') });
  // Keyboard: back along the variation, on again.
  await page.focus('#move-list .var-ply[data-move="a2a4"]');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('#move-list .var-ply.current[data-move="d7d5"]');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#move-list .var-ply.current[data-move="a2a4"]');
  // A reload keeps the tree.
  await page.reload();
  await page.waitForSelector('#board[data-ready="true"]');
  assert.deepEqual(await variationMoves(page), ['d7d5', 'a2a4']);
  // Export: the PGN has the variation; import it: the same tree, the same PGN.
  const pgn = await downloadPgn(page);
  assert.match(movetext(pgn), /1\. Pe2-e5 Pd7-d4 \(1\.\.\. Pd7-d5 2\. Pa2-a4\) 2\. Pf2-f5 \*/);
  if (!(await page.isVisible('#analysis-card'))) await page.click('#btn-analysis'); // the card with its box
  await page.fill('#analyse-input', pgn);
  await page.click('#analyse-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .var-ply').length === 2);
  assert.deepEqual(await variationMoves(page), ['d7d5', 'a2a4']);
  assert.equal(movetext(await downloadPgn(page)), movetext(pgn));
  // Promote: the variation becomes the game's line; the old line a variation.
  await page.click('#move-list .var-ply[data-move="a2a4"]');
  await page.click('#btn-tree-promote');
  await page.waitForFunction(() => document.querySelector('#move-list .ply[data-ply="3"]')?.dataset.move === 'a2a4');
  assert.deepEqual(await mainMoves(page), ['e2e5', 'd7d5', 'a2a4']);
  assert.deepEqual(await variationMoves(page), ['d7d4', 'f2f5']);
  assert.equal(await boardAttr(page, 'data-ply'), '3');
  // Delete the old line.
  await page.click('#move-list .var-ply[data-move="d7d4"]');
  await page.click('#btn-tree-delete');
  await page.waitForFunction(() => document.querySelectorAll('#move-list .var-ply').length === 0);
  assert.deepEqual(await mainMoves(page), ['e2e5', 'd7d5', 'a2a4']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('analysis from a PGN and a FEN in the address; bad ones get a message', async () => {
  const pgn = '[Variant "omega"]\n\n1. e4 (1. d4 d7) 1... e7 *';
  const { page, errors, context } = await openPage(env.browser, env.url(`pgn=${encodeURIComponent(pgn)}`));
  await page.waitForSelector('#move-list .var-ply');
  assert.equal(await page.isVisible('#analysis-card'), true);
  assert.equal(await boardAttr(page, 'data-variant'), 'omega');
  assert.deepEqual(await variationMoves(page), ['d1d4', 'd8d7']);
  const fen = 'clxwkxli/pppppppp/8/8/4P3/8/PPPP1PPP/CLXKWXLI b - - 0 1';
  await page.goto(env.url(`analysis=1&variant=ultima&fen=${encodeURIComponent(fen)}`));
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await boardAttr(page, 'data-fen'), fen);
  assert.equal(await page.isVisible('#analysis-card'), true);
  await page.goto(env.url(`pgn=${encodeURIComponent('1. e2e5 zz9 *')}`));
  await page.waitForSelector('#board[data-ready="true"]');
  await page.waitForSelector('#page-error:not([hidden])');
  assert.match(await page.textContent('#page-error'), /pgn.*line 1.*zz9/is);
  await page.goto(env.url('analysis=1&fen=not-a-fen'));
  await page.waitForSelector('#board[data-ready="true"]');
  await page.waitForSelector('#page-error:not([hidden])');
  assert.ok((await page.textContent('#page-error')).length > 10);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Analyse in the game-over dialog and in the Games list opens the analysis on that game', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=ultima&moves=e2e5,d7d4'));
  assert.equal(await page.isVisible('#analysis-card'), false, 'off by default');
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes'); // resigning asks once
  await page.waitForSelector('#game-over[open] [data-action="analyse"]');
  await page.click('#game-over [data-action="analyse"]');
  await page.waitForSelector('#analysis-card:not([hidden])');
  assert.equal(await boardAttr(page, 'data-ply'), '2');
  await page.click('#btn-analysis'); // off again
  // Another game, then the first one from the Games list.
  await page.goto(env.url('variant=omega&moves=e1e4'));
  await page.waitForSelector('#board[data-ready="true"]');
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // the list's module loads at first use
  const item = page.locator('#games-items li', { hasText: /Ultima/ }).first();
  await item.locator('[data-action="analyse"]').click();
  await waitAttr(page, 'data-variant', 'ultima');
  await page.waitForSelector('#analysis-card:not([hidden])');
  assert.equal(await boardAttr(page, 'data-ply'), '2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an engine line clicked at an earlier move is played out into the tree', async () => {
  const moves = ['a2a3', 'h7h6', 'b2b3'];
  const { page, errors, context } = await openPage(env.browser, env.url(`analysis=1&variant=ultima&moves=${moves.join(',')}`));
  await page.click('#move-list .ply[data-ply="1"]');
  await page.waitForFunction(() => Number(document.querySelector('#analysis-card').dataset.depth) >= 2, null, { timeout: 60000 });
  // Read the line and click it in one task of the page: a deeper result arriving in between
  // would replace the lines (the test once read one line and clicked its successor).
  const pv = (await page.locator('#analysis-lines .analysis-line').first().evaluate((el) => {
    const m = el.dataset.moves;
    el.click();
    return m;
  })).split(' ');
  // The board shows the position after the game's first move and the line.
  const g = wasm.WebGame.build('ultima', undefined, [], [moves[0], ...pv]);
  await waitAttr(page, 'data-fen', g.fen(), 20000);
  assert.equal(await boardAttr(page, 'data-ply'), '3', 'the game keeps its moves');
  if (pv[0] !== moves[1]) assert.deepEqual((await variationMoves(page)).slice(0, pv.length), pv, 'a variation');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game where Black moves first, from move 7: the move list, a variation and the look back number moves as the engine does', async () => {
  const fen = 'clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC b - - 0 7';
  const { page, errors, context } = await openPage(env.browser, env.url(`variant=ultima&fen=${encodeURIComponent(fen)}&moves=a7a4,h2h5,b7b4&analysis=1`));
  await waitAttr(page, 'data-ply', '3', 10000);
  // Rows by full move: 7. (White's cell empty) … a7-a4, then 8. h2-h5 b7-b4.
  const rows = await page.$$eval('#move-list li', (lis) => lis.map((li) => [...li.children].map((c) => c.textContent)));
  assert.deepEqual(rows[0].slice(0, 3).map((x) => x.split(' ')[0]), ['7.', '', 'Pa7-a4']);
  assert.equal(rows[1][0], '8.');
  // Looking back at Black's first move says it is Black's move 7.
  await page.click('#move-list .ply[data-ply="1"]');
  await waitAttr(page, 'data-viewing', '1', 5000);
  assert.match(await page.textContent('#viewing-text'), /^After 7…/);
  // A variation from there: White's move 8, numbered by the engine.
  await typeMove(page, 'g2g5');
  await page.waitForSelector('#move-list .var-ply');
  assert.match(await page.textContent('#move-list .var-ply'), /^8\. /);
  assert.deepEqual(errors, []);
  await context.close();
});
