// The players by the clocks in an online game (issue 35), in headless Chromium against
// baroque-server: Alice (logged in) opens her challenge and sees her name and rating on White and
// the catalog's word for the open seat; Bob opens the invitation logged in and Alice's page names
// him at once (the server's `players` message); a spectator sees both, in English on a desktop
// and in Chinese on a phone (screenshots in tests/artifacts). Each name links to its player page;
// a bot account has its BOT title before its name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, useBrowser } from './helpers.mjs';
import { connected, contextWithErrors, signupAt } from './online-harness.mjs';

const env = useBrowser();

/** A browser context on the server; page errors collected. */
const context = (options) => contextWithErrors(env.browser, options);

/** Signs `name` up on the server's account page in `page`. */
const signup = (page, name) => signupAt(page, env.server.url, name);

/** Each seat's line above the clocks, once `side`'s names `who` (its data-player; '' anonymous). */
async function players(page, side, who) {
  await page.waitForSelector(`#online-players [data-side="${side}"][data-player="${who}"]`);
  return page.$$eval('#online-players p', (ps) => ps.map((p) => p.textContent));
}

test("each seat's account name and rating by the clocks, for both players and a spectator, in English and Chinese", async () => {
  const a = await context();
  const b = await context();
  await signup(a.page, 'Alice');
  await signup(b.page, 'Bob');
  const made = await a.page.evaluate(async () => {
    const res = await fetch('/api/challenge/open', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'ultima', color: 'white', clock: { limit: 600, increment: 0 } }),
    });
    return res.json();
  });
  await a.page.goto(`${env.server.url}game/${made.id}`);
  await a.page.waitForSelector('#board[data-ready="true"]');
  await connected(a.page);
  assert.deepEqual(await players(a.page, 'white', 'alice'), ['White: Alice 1500?', 'Black: Anonymous']);
  assert.match(await a.page.getAttribute('#online-players [data-side="white"] a', 'href'), /\/@\/Alice$/);

  // Bob takes the open seat on his account: Alice's page names him without a reload.
  await b.page.goto(made.inviteUrl);
  await b.page.waitForSelector('#board[data-ready="true"]');
  await connected(b.page);
  const both = ['White: Alice 1500?', 'Black: Bob 1500?'];
  assert.deepEqual(await players(b.page, 'black', 'bob'), both);
  assert.deepEqual(await players(a.page, 'black', 'bob'), both);
  await a.page.screenshot({ path: artifact('seat-names-en.png') });

  // A spectator, on a desktop in English and on a phone in Chinese (Simplified and Traditional).
  const s = await context();
  await s.page.goto(`${env.server.url}index.html?game=${made.id}`);
  await connected(s.page);
  assert.equal(await s.page.getAttribute('#online-info', 'data-seat'), 'spectator');
  assert.deepEqual(await players(s.page, 'black', 'bob'), both);
  await s.page.goto(`${env.server.url}index.html?game=${made.id}&lang=zh-Hans`);
  await connected(s.page);
  assert.deepEqual(await players(s.page, 'black', 'bob'), ['白方： Alice 1500?', '黑方： Bob 1500?']);
  await s.page.screenshot({ path: artifact('seat-names-zh-Hans.png') });
  const phone = await context({ width: 390, height: 844, isMobile: true });
  for (const [lang, words] of [['zh-Hans', ['白方： Alice 1500?', '黑方： Bob 1500?']], ['zh-Hant', ['白方： Alice 1500?', '黑方： Bob 1500?']], ['en', both]]) {
    await phone.page.goto(`${env.server.url}index.html?game=${made.id}&lang=${lang}`);
    await connected(phone.page);
    assert.deepEqual(await players(phone.page, 'black', 'bob'), words, lang);
    await phone.page.locator('#online-players').scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: artifact(`seat-names-phone-${lang}.png`) });
  }
  // The name is a link to the player's page.
  await s.page.click('#online-players [data-side="black"] a');
  await s.page.waitForURL(/\/@\/Bob$/);
  for (const c of [a, b, s, phone]) assert.deepEqual(c.errors, []);
  for (const c of [a, b, s, phone]) await c.ctx.close();
});

test('an anonymous game names no account: both seats show the catalog word', async () => {
  const a = await context({ width: 1280, height: 900 });
  await a.page.goto(`${env.server.url}index.html?lang=zh-Hans`);
  const made = await a.page.evaluate(async () => {
    const res = await fetch('/api/challenge/open', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ variant: 'omega' }) });
    return res.json();
  });
  await a.page.goto(`${env.server.url}index.html?game=${made.id}&lang=zh-Hans`);
  await connected(a.page);
  assert.deepEqual(await players(a.page, 'white', ''), ['白方： 匿名玩家', '黑方： 匿名玩家']);
  await a.page.screenshot({ path: artifact('seat-names-anonymous-zh-Hans.png') });
  assert.deepEqual(a.errors, []);
  await a.ctx.close();
});

test("a bot account's seat shows its BOT title", async () => {
  const a = await context();
  const r = await context();
  await signup(a.page, 'Dana');
  await signup(r.page, 'Robo');
  const token = await r.page.evaluate(async () => (await (await fetch('/api/token', { method: 'POST' })).json()).token);
  const bearer = { Authorization: `Bearer ${token}` };
  assert.equal((await fetch(`${env.server.url}api/bot/account/upgrade`, { method: 'POST', headers: bearer })).status, 200);
  const made = await a.page.evaluate(async () => {
    const res = await fetch('/api/challenge/open', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ variant: 'hybrid', color: 'white' }) });
    return res.json();
  });
  await a.page.goto(`${env.server.url}game/${made.id}`);
  await connected(a.page);
  // The bot takes the seat with its API token and opens its game stream (as a lichess bot does).
  const invite = new URL(made.inviteUrl).hash.replace('#invite=', '');
  const joined = await fetch(`${env.server.url}api/board/game/${made.id}/join`, { method: 'POST', headers: { ...bearer, 'Content-Type': 'application/json' }, body: JSON.stringify({ invite }) });
  assert.equal(joined.status, 200);
  const stream = await fetch(`${env.server.url}api/bot/game/stream/${made.id}`, { headers: bearer });
  assert.deepEqual(await players(a.page, 'black', 'robo'), ['White: Dana 1500?', 'Black: BOT Robo 1500?']);
  assert.equal(await a.page.textContent('#online-players [data-side="black"] .player-title'), 'BOT');
  await a.page.screenshot({ path: artifact('seat-names-bot.png') });
  await stream.body?.cancel();
  assert.deepEqual(a.errors, []);
  for (const c of [a, r]) await c.ctx.close();
});
