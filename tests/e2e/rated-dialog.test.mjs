// A rated game made from the game page's new-game dialog (issue 35), in headless Chromium
// against baroque-server: Alice (logged in) ticks Rated under "Play a friend online", Bob opens
// the link logged in and they play; at Bob's resignation both game-over dialogs show the rating
// changes. Rated asked with a rule option: the server answers `casual-only`, the game is made
// casual and the page says so. Without an account the dialog offers no Rated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, useBrowser } from './helpers.mjs';
import { connected, contextWithErrors, signupAt, ratedWinForWhite } from './online-harness.mjs';

const env = useBrowser();

/** A browser context on the server; page errors collected. */
const context = (options) => contextWithErrors(env.browser, options);

/** Signs `name` up on the server's account page in `page`. */
const signup = (page, name) => signupAt(page, env.server.url, name);

/** The game page's new-game dialog on "Play a friend online" (Ultima, White, 5+3). */
async function onlineDialog(page) {
  await page.goto(`${env.server.url}index.html?variant=ultima`);
  await page.waitForSelector('#board[data-ready="true"]');
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]');
  await page.check('input[name="variant"][value="ultima"]');
  await page.check('input[name="mode"][value="online"]');
  await page.selectOption('select[name="online-color"]', 'white');
  await page.selectOption('#ng-clock', '5+3');
  await page.waitForSelector('#ng-online-status[data-reachable="true"]');
}

/** Makes the invite from the open dialog; gives the friend's link and the game's id. */
async function makeInvite(page) {
  await page.click('#ng-start');
  await page.waitForSelector('#online-invite-link');
  const invite = await page.inputValue('#online-invite-link');
  await page.click('#online-invite-close');
  return { invite, id: new URL(page.url()).searchParams.get('game') };
}

/** The server's gameFull of game `id`. */
const gameFull = (page, id) => page.evaluate(async (g) => (await fetch(`/api/game/${g}`)).json(), id);

test('Rated from the dialog: the friend logged in plays, and both see the rating changes', async () => {
  const a = await context();
  const b = await context();
  await signup(a.page, 'Alice');
  await signup(b.page, 'Bob');
  await onlineDialog(a.page);
  assert.equal(await a.page.isVisible('#ng-online-rated'), true);
  await a.page.check('input[name="online-rated"]');
  await a.page.screenshot({ path: artifact('rated-dialog.png') });
  const { invite, id } = await makeInvite(a.page);
  assert.equal((await gameFull(a.page, id)).rated, true);
  await connected(a.page);

  await b.page.goto(invite);
  await b.page.waitForSelector('#board[data-ready="true"]');
  await connected(b.page);
  assert.equal(await b.page.getAttribute('#online-info', 'data-seat'), 'black');
  await ratedWinForWhite(a.page, b.page);
  for (const p of [a.page, b.page]) {
    // By the clocks: the ratings the game was played at, and their changes.
    assert.deepEqual(await p.$$eval('#online-players p', (ps) => ps.map((x) => x.textContent)), ['White: Alice 1500? +242', 'Black: Bob 1500? -242']);
  }
  await a.page.click('#go-close');
  await a.page.screenshot({ path: artifact('rated-dialog-end.png') });
  for (const c of [a, b]) assert.deepEqual(c.errors, []);
  for (const c of [a, b]) await c.ctx.close();
});

test('Rated with a rule option: the server makes it casual, and the page says so', async () => {
  const a = await context();
  await signup(a.page, 'Carol');
  await onlineDialog(a.page);
  await a.page.check('input[name="online-rated"]');
  await a.page.click('#ng-more summary');
  await a.page.selectOption('[name="opt-stalemate"]', 'draw');
  const { id } = await makeInvite(a.page);
  await connected(a.page);
  await a.page.waitForSelector('#online-info [data-online="note"]');
  assert.equal(await a.page.textContent('#online-info [data-online="note"]'), 'Rated games are played in the standard rules and start position: this game is casual.');
  const full = await gameFull(a.page, id);
  assert.deepEqual([full.rated, full.rules.includes('stalemate=draw')], [false, true]);
  assert.deepEqual(a.errors, []);
  await a.ctx.close();
});

test('without an account the dialog offers no Rated', async () => {
  const a = await context();
  await onlineDialog(a.page);
  assert.equal(await a.page.isVisible('#ng-online-rated'), false);
  assert.deepEqual(a.errors, []);
  await a.ctx.close();
});
