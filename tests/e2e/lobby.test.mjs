// The lobby page (www/lobby.html) in headless Chromium against baroque-server: two players (two
// browser contexts), one seeks and the other takes it, and both land in the same game holding their
// seats; two players with accounts meet through a rated seek, play to a result and both see the
// rating changes Glicko-2 gives; an anonymous player sees only casual seeks; auto-pairing of two
// overlapping requests; the lobby on a phone in Chinese (screenshots in tests/artifacts/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, useBrowser } from './helpers.mjs';
import { ratedWinForWhite } from './online-harness.mjs';

const env = useBrowser();

/** A player's lobby page (its own browser context: its own storage and cookies). */
async function lobbyPage({ width = 1280, height = 900, isMobile = false, lang = 'en', context = null } = {}) {
  context ??= await env.browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${env.server.url}www/lobby.html?lang=${lang}`);
  await page.waitForFunction(() => document.querySelectorAll('#seek-variant option').length === 3);
  await page.waitForFunction(() => document.getElementById('lobby-status').textContent === '');
  return { page, context, errors };
}

/** The game page a player lands on: its game id and seat once connected. */
async function landed(page) {
  await page.waitForURL(/[?&]game=[0-9a-f]+/, { timeout: 15000 });
  await page.waitForSelector('#online-info[data-connection="open"]', { timeout: 15000 });
  const id = new URL(page.url()).searchParams.get('game');
  const seat = await page.getAttribute('#online-info', 'data-seat');
  return { id, seat };
}

test('one player seeks, the other takes it: both land in the same game holding their seats', async () => {
  const a = await lobbyPage();
  const b = await lobbyPage();
  await a.page.selectOption('#seek-variant', 'omega');
  await a.page.fill('#seek-minutes', '10');
  await a.page.fill('#seek-increment', '5');
  await a.page.selectOption('#seek-color', 'white');
  await a.page.click('#seek-form button[type=submit]');
  await a.page.waitForFunction(() => /open/.test(document.getElementById('lobby-status').textContent));
  // The seek appears on the other's list at once, with its terms; on its own list with Cancel.
  const row = b.page.locator('#seek-body tr');
  await row.first().waitFor();
  assert.deepEqual(await row.first().locator('td').allTextContents(), ['Anonymous', '—', 'Omega Chess', '10+5', 'Casual', 'White', 'Play']);
  assert.equal(await a.page.textContent('#seek-body tr button'), 'Cancel');
  const t0 = Date.now();
  await row.first().locator('button').click();
  const [ga, gb] = await Promise.all([landed(a.page), landed(b.page)]);
  assert.equal(ga.id, gb.id);
  assert.equal(ga.seat, 'white');
  assert.equal(gb.seat, 'black');
  console.log(`both players in the game ${Date.now() - t0} ms after the click (pages loaded)`);
  // The seat tokens are kept as the game page keeps its own (www/online/seats.js).
  const kept = await a.page.evaluate((id) => JSON.parse(localStorage.getItem(`baroque.online.${id}`)), ga.id);
  assert.equal(kept.seat, 'white');
  assert.match(kept.token, /^[0-9a-f]{32}$/);
  assert.deepEqual([...a.errors, ...b.errors], []);
  await a.context.close();
  await b.context.close();
});

/** Signs up `name` in `context` (the session cookie is the context's). */
async function signup(context, name) {
  const r = await context.request.post(`${env.server.url}signup`, {
    form: { username: name, password: 'a long password' },
    headers: { origin: env.server.url.replace(/\/$/, ''), accept: 'application/json' },
  });
  assert.equal(r.status(), 200, await r.text());
}

test('two players with accounts: a rated seek taken in the lobby, played to a result, both see their new ratings', async () => {
  const carolContext = await env.browser.newContext();
  const daveContext = await env.browser.newContext();
  await signup(carolContext, 'lobby_carol');
  await signup(daveContext, 'lobby_dave');
  const carol = await lobbyPage({ context: carolContext });
  const dave = await lobbyPage({ context: daveContext });
  await carol.page.selectOption('#seek-variant', 'ultima');
  await carol.page.fill('#seek-minutes', '10');
  await carol.page.fill('#seek-increment', '0');
  await carol.page.selectOption('#seek-color', 'white');
  await carol.page.check('#seek-rated');
  await carol.page.click('#seek-form button[type=submit]');
  const row = dave.page.locator('#seek-body tr');
  await row.first().waitFor();
  assert.deepEqual(await row.first().locator('td').allTextContents(), ['lobby_carol', '1500?', 'Ultima (Baroque Chess)', '10+0', 'Rated', 'White', 'Play']);
  await row.first().locator('button').click();
  const [gc, gd] = await Promise.all([landed(carol.page), landed(dave.page)]);
  assert.equal(gc.id, gd.id);
  assert.deepEqual([gc.seat, gd.seat], ['white', 'black']);
  const full = await (await fetch(`${env.server.url}api/game/${gc.id}`)).json();
  assert.deepEqual([full.white.id, full.black.id, full.rated], ['lobby_carol', 'lobby_dave', true]);
  await carol.page.waitForSelector('#board[data-ready="true"]');
  await dave.page.waitForSelector('#board[data-ready="true"]');
  // Both sides move (a game is rated only then), and Dave resigns.
  await ratedWinForWhite(carol.page, dave.page);
  await dave.page.screenshot({ path: artifact('lobby-rated-game-over.png') });
  const after = await (await fetch(`${env.server.url}api/user/lobby_carol`)).json();
  assert.equal(after.perfs.ultima.rating, 1742);
  assert.equal(after.perfs.ultima.games, 1);
  assert.deepEqual([...carol.errors, ...dave.errors], []);
  await carolContext.close();
  await daveContext.close();
});

test('an anonymous player sees only casual seeks; a player with an account sees rated ones', async () => {
  const context = await env.browser.newContext();
  await signup(context, 'lobby_alice');
  const alice = await lobbyPage({ context });
  assert.match(await alice.page.textContent('#lobby-me'), /lobby_alice/);
  await alice.page.selectOption('#seek-variant', 'ultima');
  await alice.page.check('#seek-rated');
  await alice.page.click('#seek-form button[type=submit]');
  await alice.page.waitForFunction(() => document.querySelectorAll('#seek-body tr').length === 1);
  await alice.page.selectOption('#seek-variant', 'hybrid');
  await alice.page.uncheck('#seek-rated');
  await alice.page.click('#seek-form button[type=submit]');
  await alice.page.waitForFunction(() => document.querySelectorAll('#seek-body tr').length === 2);
  const anon = await lobbyPage();
  await anon.page.waitForFunction(() => document.querySelectorAll('#seek-body tr').length === 1);
  assert.deepEqual(await anon.page.locator('#seek-body tr td').allTextContents(), ['lobby_alice', '1500?', 'Chess–Ultima Hybrid', '5+3', 'Casual', 'Random', 'Play']);
  assert.equal(await anon.page.isVisible('#lobby-anonymous-note'), true);
  assert.equal(await anon.page.isDisabled('#seek-rated'), true);
  const bobContext = await env.browser.newContext();
  await signup(bobContext, 'lobby_bob');
  const bob = await lobbyPage({ context: bobContext });
  await bob.page.waitForFunction(() => document.querySelectorAll('#seek-body tr').length === 2);
  assert.deepEqual([...alice.errors, ...anon.errors, ...bob.errors], []);
  await context.close();
  await anon.context.close();
  await bobContext.close();
});

test('two auto-pairing requests with a game in common are paired', async () => {
  const a = await lobbyPage();
  const b = await lobbyPage();
  await a.page.uncheck('input[name=auto-variant][value=hybrid]');
  await a.page.fill('#auto-clocks', '3+2');
  await a.page.click('#auto-form button[type=submit]');
  // The other sees one player looking for Ultima and one for Omega (the request's seeks are
  // stored one by one, and the counts come with the server's poll: ci20 saw Ultima's alone).
  await b.page.waitForFunction(() =>
    ['ultima', 'omega'].every((g) => document.getElementById(`looking-${g}`).textContent === '1 looking'));
  assert.equal(await b.page.textContent('#looking-hybrid'), '');
  await b.page.uncheck('input[name=auto-variant][value=ultima]');
  await b.page.fill('#auto-clocks', '1+0, 3+2');
  await b.page.click('#auto-form button[type=submit]');
  const [ga, gb] = await Promise.all([landed(a.page), landed(b.page)]);
  assert.equal(ga.id, gb.id);
  assert.notEqual(ga.seat, gb.seat);
  const game = await (await fetch(`${env.server.url}api/game/${ga.id}`)).json();
  assert.equal(game.variant.key, 'omega');
  assert.equal(game.clock.initial, 180000);
  await a.context.close();
  await b.context.close();
});

test('the lobby on a phone in Chinese', async () => {
  const seeker = await lobbyPage();
  await seeker.page.click('#seek-form button[type=submit]');
  const { page, context, errors } = await lobbyPage({ width: 360, height: 740, isMobile: true, lang: 'zh-Hans' });
  await page.waitForFunction(() => document.querySelectorAll('#seek-body tr').length === 1);
  assert.equal(await page.textContent('#auto-heading'), '寻找对手');
  assert.equal(await page.textContent('#seek-body tr button'), '应战');
  assert.match(await page.textContent('#seek-body tr'), /匿名.*随机/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  // Buttons big enough for a finger. The list is drawn again with each change the socket
  // brings (ci19 measured a row being replaced: no box), so the box is read until there is one.
  const button = page.locator('#seek-body tr button');
  let box = await button.boundingBox();
  for (let i = 0; i < 50 && !box; i++) {
    await page.waitForTimeout(100);
    box = await button.boundingBox();
  }
  assert.ok(box && box.height >= 32, `the Play button is ${box?.height}px high`);
  await page.screenshot({ path: artifact('lobby-phone-zh-Hans.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
  await seeker.context.close();
});
