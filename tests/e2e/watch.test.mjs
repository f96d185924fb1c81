// The watch page (www/watch.html) in headless Chromium against baroque-server: a game being
// played (its moves posted over the Board API) is listed, opens as a spectator at /game/{id},
// and a second browser watches it on TV and sees its moves; the players' names and ratings on
// the list; a player sees a spectator's arrival by the board; the page on a phone in Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, launch, startServer } from './helpers.mjs';

let server;
let browser;
let second;
before(async () => {
  server = await startServer();
  browser = await launch();
  second = await launch();
});
after(async () => {
  await browser?.close();
  await second?.close();
  server?.stop();
});

/** Opens a challenge and plays `moves` in it, White's and Black's in turn: its id and tokens. */
async function played(moves) {
  const r = await fetch(`${server.url}api/challenge/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'variant=omega&clock.limit=300&clock.increment=2',
  });
  const g = await r.json();
  const tokens = [g.tokenWhite, g.tokenBlack];
  for (const [i, m] of moves.entries()) await move(g.id, tokens[i % 2], m);
  return { id: g.id, tokens };
}

/** Posts move `m` in game `id` with `token`. */
async function move(id, token, m) {
  const r = await fetch(`${server.url}api/board/game/${id}/move/${m}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  assert.equal(r.status, 200, await r.text());
}

/** A new account's API token (signed up and the token made as the account page does). */
async function account(name) {
  const origin = new URL(server.url).origin;
  const r = await fetch(`${server.url}signup`, {
    method: 'POST',
    headers: { origin, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: `username=${name}&password=${encodeURIComponent(`${name}'s password`)}`,
  });
  assert.equal(r.status, 200, await r.text());
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
  const t = await fetch(`${server.url}api/token`, { method: 'POST', headers: { origin, cookie, accept: 'application/json' } });
  return (await t.json()).token;
}

/** A game between two accounts (tokens `white` and `black`) with a move each: its id. */
async function between(white, black) {
  const r = await fetch(`${server.url}api/challenge/open`, {
    method: 'POST',
    headers: { authorization: `Bearer ${white}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'variant=omega&clock.limit=300&color=white',
  });
  const g = await r.json();
  const invite = g.inviteUrl.split('#invite=')[1];
  const j = await fetch(`${server.url}api/board/game/${g.id}/join`, {
    method: 'POST',
    headers: { authorization: `Bearer ${black}`, 'content-type': 'application/json' },
    body: JSON.stringify({ invite }),
  });
  assert.equal(j.status, 200, await j.text());
  await move(g.id, white, 'e1e2');
  await move(g.id, black, 'e8e7');
  return g.id;
}

/** The watch page in `b`. */
async function watchPage(b, { width = 1280, height = 900, isMobile = false, lang = 'en' } = {}) {
  const context = await b.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}www/watch.html?lang=${lang}`);
  return { page, context, errors };
}

test('a game being played is listed, and a second browser watches its moves on TV', async () => {
  const { id, tokens } = await played(['e1e2', 'e8e7']);
  const { page, context, errors } = await watchPage(browser);
  const link = page.locator(`#live-list a[data-game="${id}"]`);
  await link.waitFor({ timeout: 15000 });
  assert.match(await link.textContent(), /Omega Chess 5\+2/);
  assert.equal(new URL(await link.getAttribute('href')).pathname, `/game/${id}`);
  // The other browser: TV shows the game, then each move as it is played.
  const tv = await watchPage(second);
  await tv.page.waitForSelector(`#tv-board[data-game="${id}"]`, { timeout: 15000 });
  await move(id, tokens[0], 'f1f2');
  await tv.page.waitForSelector('#tv-board[data-last-move="f1f2"]', { timeout: 15000 });
  assert.match(await tv.page.getAttribute('#tv-board', 'fen'), /\/4PP4\//);
  await move(id, tokens[1], 'f8f7');
  await tv.page.waitForSelector('#tv-board[data-last-move="f8f7"]', { timeout: 15000 });
  await tv.page.screenshot({ path: artifact('watch-tv.png') });
  // The spectator count on the list: both pages' TV feeds watch it.
  await page.waitForFunction((g) => /2 spectators/.test(document.querySelector(`#live-list a[data-game="${g}"]`)?.textContent ?? ''), id, { timeout: 15000 });
  await page.screenshot({ path: artifact('watch-list.png') });
  // Opening the game from the list: the game page as a spectator.
  await link.click();
  await page.waitForURL(`**/game/${id}`);
  assert.deepEqual(errors, []);
  assert.deepEqual(tv.errors, []);
  await context.close();
  await tv.context.close();
});

test('on a phone in Chinese', async () => {
  await played(['e1e2', 'e8e7']);
  for (const lang of ['zh-Hans', 'zh-Hant']) {
    const { page, context, errors } = await watchPage(browser, { width: 390, height: 844, isMobile: true, lang });
    await page.waitForSelector('#live-list a', { timeout: 15000 });
    await page.waitForSelector('#tv:not([hidden])', { timeout: 15000 });
    assert.equal(await page.textContent('#live-heading'), lang === 'zh-Hans' ? '正在进行的对局' : '正在進行的對局');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(wide, 'no sideways scrolling on a phone');
    await page.screenshot({ path: artifact(`watch-phone-${lang}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a player sees a spectator arrive and leave, by the board', async () => {
  const { id, tokens } = await played(['e1e2', 'e8e7']);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}game/${id}?lang=en#token=${tokens[0]}`);
  await page.waitForSelector('#online-info[data-seat="white"][data-connection="open"]', { timeout: 15000 });
  assert.equal(await page.locator('#online-crowd:not([hidden])').count(), 0, 'nobody watches yet');
  // A spectator opens the game in the other browser: the player sees the count within seconds.
  const other = await second.newContext({ viewport: { width: 1280, height: 900 } });
  const spectator = await other.newPage();
  await spectator.goto(`${server.url}game/${id}?lang=en`);
  await page.waitForSelector('#online-crowd[data-count="1"]:not([hidden])', { timeout: 15000 });
  assert.equal(await page.textContent('#online-crowd'), '1 spectator');
  await page.screenshot({ path: artifact('watch-crowd-player.png') });
  // The same seat on a phone in Chinese sees it too (told after its welcome).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  small.on('pageerror', (e) => errors.push(String(e)));
  await small.goto(`${server.url}game/${id}?lang=zh-Hans#token=${tokens[0]}`);
  await small.waitForSelector('#online-crowd[data-count="1"]:not([hidden])', { timeout: 15000 });
  assert.equal(await small.textContent('#online-crowd'), '1 位观众');
  await small.screenshot({ path: artifact('watch-crowd-phone-zh-Hans.png') });
  // The spectator leaves: the count goes.
  await other.close();
  await page.waitForSelector('#online-crowd[data-count="0"][hidden]', { state: 'attached', timeout: 15000 });
  assert.deepEqual(errors, []);
  await phone.close();
  await context.close();
});

test('the list and TV name the players with their ratings, games between accounts first', async () => {
  const anonymous = (await played(['e1e2', 'e8e7'])).id;
  const rated = await between(await account('Carol'), await account('dave'));
  const { page, context, errors } = await watchPage(browser);
  await page.waitForSelector(`#live-list a[data-game="${rated}"] .live-players`, { timeout: 15000 });
  // New accounts are 1500, provisional (?); their game comes before the newer anonymous one.
  const order = await page.$$eval('#live-list a', (links) => links.map((a) => /** @type {HTMLElement} */ (a).dataset.game));
  assert.ok(order.indexOf(rated) < order.indexOf(anonymous), String(order));
  assert.equal(await page.textContent(`#live-list a[data-game="${rated}"] .live-players`), 'Carol (1500?) vs dave (1500?)');
  assert.equal(await page.textContent(`#live-list a[data-game="${anonymous}"] .live-players`), 'Anonymous vs Anonymous');
  // TV follows the top game: the accounts' names and ratings by the board.
  await page.waitForSelector(`#tv-board[data-game="${rated}"]`, { timeout: 15000 });
  assert.equal(await page.textContent('#tv-white'), 'White: Carol (1500?)');
  await page.screenshot({ path: artifact('watch-names.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
