// Session fixation in headless Chromium against baroque-server (issue 35): a session id planted
// in the browser's cookie jar before the login (an attacker's made-up id, or the attacker's own
// logged-in session) is never the one the server uses after it — the login issues a fresh id and
// ends the planted one, so the attacker's copy opens nothing — and the login mark cookie
// `baroque-login` (readable by scripts, no secret) grants nothing on its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useBrowser } from './helpers.mjs';

const SESSION = 'baroque-session';
const MARK = 'baroque-login';

const env = useBrowser();

/** A fresh browser context on the server, with `cookies` ({name: value}) planted in its jar. */
async function context(cookies = {}) {
  const ctx = await env.browser.newContext();
  await ctx.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: env.server.url, httpOnly: name === SESSION, sameSite: 'Lax' })));
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { ctx, page, errors };
}

/** The session id in `ctx`'s jar, or null. */
async function sessionOf(ctx) {
  return (await ctx.cookies(env.server.url)).find((c) => c.name === SESSION)?.value ?? null;
}

/** The account page of `page`, once it says whether it is logged in. */
async function accountPage(page) {
  await page.goto(`${env.server.url}www/account.html`);
  await page.waitForSelector('#logged-out:not([hidden]), #logged-in:not([hidden])');
}

/** Signs `name` up on `page`'s account page. */
async function signup(page, name) {
  await accountPage(page);
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', 'a good password');
  await page.click('#signup-form button[type=submit]');
  await page.waitForSelector('#logged-in:not([hidden])');
}

/** Logs `name` in on `page`'s account page (logged out there). */
async function login(page, name) {
  await accountPage(page);
  await page.waitForSelector('#logged-out:not([hidden])');
  await page.fill('#login-name', name);
  await page.fill('#login-password', 'a good password');
  await page.click('#login-form button[type=submit]');
  await page.waitForSelector('#logged-in:not([hidden])');
}

/** What the server answers `page`'s cookie-authenticated calls: the account, and a token's making. */
function calls(page) {
  return page.evaluate(async () => {
    const account = await fetch('/api/account');
    const token = await fetch('/api/token', { method: 'POST' });
    return { account: account.status, name: account.ok ? (await account.json()).username : null, token: token.status };
  });
}

test('a made-up session id planted before the login is replaced, and opens nothing', async () => {
  const setup = await context();
  await signup(setup.page, 'Victim');
  await setup.ctx.close();

  const planted = randomBytes(16).toString('hex');
  const v = await context({ [SESSION]: planted });
  await accountPage(v.page);
  assert.equal(await v.page.isVisible('#logged-out'), true, 'an unknown id is no session');
  await login(v.page, 'victim');
  const fresh = await sessionOf(v.ctx);
  assert.match(fresh ?? '', /^[0-9a-f]{32}$/);
  assert.notEqual(fresh, planted);
  assert.equal((await calls(v.page)).name, 'Victim');

  // The attacker, holding the planted id, has nothing.
  const attacker = await context({ [SESSION]: planted });
  await accountPage(attacker.page);
  assert.equal(await attacker.page.isVisible('#logged-out'), true);
  assert.deepEqual(await calls(attacker.page), { account: 401, name: null, token: 401 });
  for (const c of [v, attacker]) assert.deepEqual(c.errors, []);
  for (const c of [v, attacker]) await c.ctx.close();
});

test("the attacker's own session planted in the victim's browser is never the victim's, and a login over it ends it", async () => {
  const m = await context();
  await signup(m.page, 'Mallory');
  const mallory = await sessionOf(m.ctx);
  assert.match(mallory ?? '', /^[0-9a-f]{32}$/);

  const v = await context({ [SESSION]: mallory, [MARK]: '1' });
  await accountPage(v.page);
  // Logged in as Mallory (the planted session), the victim logs out of it and in as herself.
  await v.page.waitForSelector('#logged-in:not([hidden])');
  await v.page.click('#btn-logout');
  await v.page.waitForSelector('#logged-out:not([hidden])');
  await login(v.page, 'victim');
  const fresh = await sessionOf(v.ctx);
  assert.notEqual(fresh, mallory);
  assert.equal((await calls(v.page)).name, 'Victim');
  // Mallory's copy of the id she planted neither opens the victim's account nor her own.
  assert.deepEqual(await calls(m.page), { account: 401, name: null, token: 401 });

  // Planted again, and the victim logs in over it without logging out: the same.
  const again = await context();
  await signup(again.page, 'Mallory2');
  const mallory2 = await sessionOf(again.ctx);
  const w = await context({ [SESSION]: mallory2 });
  await w.page.goto(`${env.server.url}www/account.html`);
  await w.page.waitForSelector('#logged-in:not([hidden])');
  const status = await w.page.evaluate(async () => {
    const r = await fetch('/login', { method: 'POST', headers: { Accept: 'application/json' }, body: new URLSearchParams({ username: 'victim', password: 'a good password' }) });
    return r.status;
  });
  assert.equal(status, 200);
  const fresh2 = await sessionOf(w.ctx);
  assert.match(fresh2 ?? '', /^[0-9a-f]{32}$/);
  assert.notEqual(fresh2, mallory2);
  assert.equal((await calls(w.page)).name, 'Victim');
  assert.deepEqual(await calls(again.page), { account: 401, name: null, token: 401 });
  for (const c of [m, v, again, w]) assert.deepEqual(c.errors, []);
  for (const c of [m, v, again, w]) await c.ctx.close();
});

test('the login mark cookie grants nothing', async () => {
  for (const mark of ['1', 'victim', 'Victim']) {
    const c = await context({ [MARK]: mark });
    await accountPage(c.page);
    assert.equal(await c.page.isVisible('#logged-out'), true, `mark ${mark}`);
    assert.deepEqual(await calls(c.page), { account: 401, name: null, token: 401 }, `mark ${mark}`);
    assert.deepEqual(c.errors, []);
    await c.ctx.close();
  }
});
