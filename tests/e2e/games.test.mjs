// Games in a real browser: Omega and the hybrid by clicks (wizard squares, promotion chooser),
// a computer game with a legal reply, and a page that stays responsive while the worker thinks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { artifact, boardAttr, clickSquare, live, openPage, startServer, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
const url = env.url;

test('omega: a triple pawn step and a Wizard leaving its wizard square, by clicks', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=omega'));
  await clickSquare(page, 'e1');
  assert.equal(await boardAttr(page, 'data-dests'), 'e2 e3 e4');
  await clickSquare(page, 'e4');
  await waitAttr(page, 'data-ply', '1');
  assert.equal(await live(page), 'White Pawn e1 to e4.');
  await clickSquare(page, 'w4');
  assert.equal(await boardAttr(page, 'data-selected'), 'w4');
  await clickSquare(page, 'a7');
  await waitAttr(page, 'data-ply', '2');
  assert.equal(await live(page), 'Black Wizard w4 to a7.');
  assert.deepEqual(await page.$$eval('#move-list .ply', (s) => s.map((x) => x.textContent).filter(Boolean)), ['e4', 'Wa7']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('hybrid: a pawn promotion asks which piece (hybrid.md §12 E3)', async () => {
  const fen = 'k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1';
  const { page, errors, context } = await openPage(env.browser, url(`variant=hybrid&fen=${encodeURIComponent(fen)}`));
  await clickSquare(page, 'e7');
  await clickSquare(page, 'd8');
  await page.waitForSelector('#promotion:not([hidden])');
  const choices = await page.$$eval('#promotion-choices button', (b) => b.map((x) => x.textContent));
  assert.deepEqual(choices, ['Rook', 'Knight', 'Bishop', 'Cannon']);
  await page.screenshot({ path: artifact('promotion.png') });
  await page.click('#promotion-choices button[data-move="e7d8z"]');
  await waitAttr(page, 'data-ply', '1');
  assert.equal(await live(page), 'White Pawn e7 to d8, captures Rook d8, becomes a Cannon.');
  assert.equal(await page.textContent('#move-list .ply.last'), 'P E7 x D8 = Ca');
  assert.deepEqual(errors, []);
  await context.close();
});

test('against the computer: it answers with a legal move, from its worker', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&mode=computer&side=white&level=2'));
  assert.equal(await page.textContent('#players-info'), 'You play White against the computer (level 2, Novice).');
  await clickSquare(page, 'e2');
  await clickSquare(page, 'e5');
  await waitAttr(page, 'data-ply', '2', 20000);
  const sentence = await live(page);
  assert.match(sentence, /^Black /);
  // The reply was played through the same legality check as a user's move, and is listed.
  const plies = await page.$$eval('#move-list .ply', (s) => s.map((x) => x.textContent).filter(Boolean));
  assert.equal(plies.length, 2);
  assert.match(await page.textContent('#status'), /White to move/);
  // Undo in a computer game takes back the reply and the user's move.
  await page.click('#btn-undo');
  await waitAttr(page, 'data-ply', '0');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the page stays responsive while the computer thinks, and “Move now” stops it', async () => {
  // The computer plays White at the strongest level (10 s per move) and starts at once.
  const { page, errors, context } = await openPage(env.browser, url('variant=omega&mode=computer&side=black&level=8'));
  await page.waitForSelector('#thinking:not([hidden])');
  // baroque-server isolates the page, so the search is stopped through shared memory.
  assert.equal(await boardAttr(page, 'data-ai-stop'), 'shared');
  await page.waitForTimeout(300);
  const t0 = Date.now();
  await page.click('#btn-flip');
  await waitAttr(page, 'data-orientation', 'white', 2000);
  const flipMs = Date.now() - t0;
  assert.ok(flipMs < 1000, `a click took ${flipMs} ms while the computer thought`);
  // A move typed now is refused politely.
  await page.fill('#move-input', 'e8e5');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('#move-error'), /computer/);
  await page.waitForFunction(() => window.baroque.lastInfo !== null, null, { timeout: 8000 });
  const t1 = Date.now();
  await page.click('#btn-stop');
  await waitAttr(page, 'data-ply', '1', 3000);
  const stopMs = Date.now() - t1;
  assert.ok(stopMs < 2000, `Move now took ${stopMs} ms`);
  assert.match(await live(page), /^White /);
  assert.equal(await page.isVisible('#thinking'), false);
  // The same worker (and its table) goes on: the next search needs no new engine.
  await clickSquare(page, 'e8');
  await clickSquare(page, 'e5');
  await waitAttr(page, 'data-ply', '2', 3000);
  await page.waitForSelector('#thinking:not([hidden])');
  await page.click('#btn-stop');
  await waitAttr(page, 'data-ply', '3', 3000);
  writeFileSync(artifact('responsiveness.json'), JSON.stringify({ flipMs, stopMs }, null, 2));
  assert.deepEqual(errors, []);
  await context.close();
});

test('without shared memory (a plain static host) “Move now” ends the worker and plays its last best move', async () => {
  const plain = await startServer('--no-isolation');
  try {
    const { page, errors, context } = await openPage(env.browser, `${plain.url}index.html?variant=hybrid&mode=computer&side=black&level=8`);
    assert.equal(await boardAttr(page, 'data-ai-stop'), 'terminate');
    await page.waitForFunction(() => window.baroque.lastInfo !== null, null, { timeout: 8000 });
    await page.click('#btn-stop');
    await waitAttr(page, 'data-ply', '1', 3000);
    assert.match(await live(page), /^White /);
    // A fresh worker answers the next turn.
    await page.fill('#move-input', 'e8e6');
    await page.press('#move-input', 'Enter');
    await waitAttr(page, 'data-ply', '2', 3000);
    await page.waitForFunction(() => window.baroque.lastInfo !== null, null, { timeout: 8000 });
    await page.click('#btn-stop');
    await waitAttr(page, 'data-ply', '3', 3000);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    plain.stop();
  }
});

for (const [variant, reply] of [['omega', 'e1e4'], ['hybrid', 'e3e5']]) {
  test(`${variant}: the computer (White, level 1) opens, and answers a reply`, async () => {
    const { page, errors, context } = await openPage(env.browser, url(`variant=${variant}&mode=computer&side=black&level=1`));
    await waitAttr(page, 'data-ply', '1', 20000);
    assert.match(await live(page), /^White /);
    // Black answers by typing a legal move (a pawn step that no White first move can block here).
    assert.equal(await boardAttr(page, 'data-side'), 'black');
    const black = reply.replace(/[0-9]+/g, (r) => String(variant === 'omega' ? 9 - Number(r) : 11 - Number(r)));
    await page.fill('#move-input', black);
    await page.press('#move-input', 'Enter');
    await waitAttr(page, 'data-ply', '3', 20000);
    assert.equal(await page.textContent('#move-error'), '');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('nodes per second in the browser are measured', async () => {
  const { page, context } = await openPage(env.browser, url('variant=ultima&mode=computer&side=black&level=6'));
  await waitAttr(page, 'data-ply', '1', 15000);
  const nps = Number(await boardAttr(page, 'data-last-nps'));
  assert.ok(nps > 0, `nps ${nps}`);
  writeFileSync(artifact('browser-nps.json'), JSON.stringify({ variant: 'ultima', level: 6, nps }, null, 2));
  await context.close();
});

test('game over is announced with its reason, and the board stops taking moves (omega.md §9.1)', async () => {
  const fen = '10/10/10/10/4K5/10/10/10/10/4B5[k/-/-/-] w - - 0 1';
  const { page, errors, context } = await openPage(env.browser, url(`variant=omega&fen=${encodeURIComponent(fen)}`));
  await clickSquare(page, 'e0');
  await clickSquare(page, 'c2');
  await waitAttr(page, 'data-result', 'white');
  assert.equal(await page.textContent('#status'), 'White wins by checkmate.');
  assert.equal(await live(page), 'White Bishop e0 to c2, check. White wins by checkmate.');
  // The game-over dialog gives the score and the reason; closed, the board is still there.
  await page.waitForSelector('#game-over[open]');
  assert.equal(await page.textContent('#go-score'), '1-0');
  assert.equal(await page.textContent('#go-reason'), 'White wins by checkmate.');
  assert.match(await page.textContent('#move-list li.result'), /^1-0 White wins by checkmate\.$/);
  await page.click('#go-close');
  await clickSquare(page, 'w1');
  assert.equal(await boardAttr(page, 'data-selected'), '');
  await page.fill('#move-input', 'w1a0');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('#move-error'), /game is over/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('omega: promotion offers Queen, Rook, Bishop, Knight, Champion and Wizard (omega.md §9.5)', async () => {
  const fen = 'k9/9P/10/10/10/10/10/10/10/K9[-/-/-/-] w - - 0 1';
  const { page, errors, context } = await openPage(env.browser, url(`variant=omega&fen=${encodeURIComponent(fen)}`));
  await clickSquare(page, 'j8');
  await clickSquare(page, 'j9');
  await page.waitForSelector('#promotion:not([hidden])');
  const choices = await page.$$eval('#promotion-choices button', (b) => b.map((x) => x.textContent));
  assert.deepEqual(choices, ['Queen', 'Rook', 'Bishop', 'Knight', 'Champion', 'Wizard']);
  // Cancel keeps the position; Escape closes the chooser too.
  await page.click('#promotion-cancel');
  assert.equal(await page.isVisible('#promotion'), false);
  assert.equal(await boardAttr(page, 'data-ply'), '0');
  await clickSquare(page, 'j8');
  await clickSquare(page, 'j9');
  await page.click('#promotion-choices button[data-move="j8j9w"]');
  await waitAttr(page, 'data-ply', '1');
  assert.equal(await live(page), 'White Pawn j8 to j9, becomes a Wizard.');
  assert.equal(await page.textContent('#move-list .ply.last'), 'j9=W');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a failing computer player is reported once, with a way to try again', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  let workers = 0;
  // A stand-in worker that fails every search.
  await page.route('**/www/engine/worker.js', (route) => route.fulfill({
    contentType: 'text/javascript',
    headers: { 'Cross-Origin-Embedder-Policy': 'require-corp' },
    body: `self.onmessage = (e) => { if (e.data.type === 'go') postMessage({ type: 'error', id: e.data.id, message: 'simulated failure' }); };`,
  }));
  page.on('worker', () => workers++);
  await page.goto(url('variant=ultima&mode=computer&side=black&level=1'));
  await page.waitForSelector('#page-error:not([hidden])');
  assert.match(await page.textContent('#page-error'), /The computer could not move: simulated failure\./);
  await page.waitForTimeout(300);
  assert.equal(await boardAttr(page, 'data-ply'), '0');
  assert.equal(await page.isVisible('#thinking'), false);
  // Not asked again in a loop: one worker, one failure.
  assert.equal(workers, 1);
  await page.click('#page-error button');
  await page.waitForSelector('#page-error:not([hidden])');
  assert.match(await page.textContent('#page-error'), /simulated failure/);
  await context.close();
});

test('ultima with win=capture: taking the King ends the game (ultima.md §7.3)', async () => {
  const fen = 'k7/K7/8/8/8/8/8/8 w - - 0 1';
  const { page, errors, context } = await openPage(env.browser, url(`variant=ultima&win=capture&fen=${encodeURIComponent(fen)}`));
  assert.equal(await page.textContent('#rules-info'), 'Rule options: win=capture');
  await clickSquare(page, 'a7');
  await clickSquare(page, 'a8');
  await waitAttr(page, 'data-result', 'white');
  assert.equal(await page.textContent('#status'), 'White wins: the Black King was captured.');
  assert.equal(await live(page), 'White King a7 to a8, captures King a8. White wins: the Black King was captured.');
  assert.deepEqual(errors, []);
  await context.close();
});
