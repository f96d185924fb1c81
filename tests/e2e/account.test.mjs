// The account page (www/account.html) in headless Chromium against baroque-server: sign up, the
// ratings, a token made and revoked, the password changed, log out and in again; a page of a
// second origin cannot make a token with the player's cookie; the page on a phone in Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

/** The account page at `origin` (the server's own, `http://localhost:PORT/`). */
async function accountPage(origin = env.server.url, { width = 1280, height = 900, isMobile = false, lang = 'en' } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${origin}www/account.html?lang=${lang}`);
  await page.waitForSelector('#logged-out:not([hidden]), #logged-in:not([hidden])');
  return { page, context, errors };
}

const tokenCount = (page) => page.locator('#token-list li').count();

// The tests share one server and run in order: the second one meets the first one's account.
test('sign up, see the ratings, make and revoke a token, change the password, log out and in', async () => {
  const { page, context, errors } = await accountPage();
  // A document page on a desktop: the header above the forms, not the game page's side column
  // (the page once took the board grid of style.css, its header floating at the right).
  const top = await page.locator('header.top').boundingBox();
  const main = await page.locator('main.account-main').boundingBox();
  assert.ok(top && main && top.y + top.height <= main.y + 1, `header ${JSON.stringify(top)} above main ${JSON.stringify(main)}`);
  assert.ok(top.x < main.x + main.width && main.x < top.x + top.width, 'the header stands over the forms');
  await page.fill('#signup-name', 'Alice_1');
  await page.fill('#signup-password', 'first password');
  await page.click('#signup-form button[type=submit]');
  await page.waitForSelector('#logged-in:not([hidden])');
  assert.match(await page.textContent('#account-name'), /Alice_1/);
  const ratings = await page.locator('#account-ratings-body tr td:first-of-type').allTextContents();
  assert.deepEqual(ratings, ['1500?', '1500?', '1500?']);
  // The cookie is the server's, out of the page's reach.
  assert.equal(await page.evaluate(() => document.cookie.includes('baroque-session')), false);

  await page.fill('#token-description', 'my bot');
  await page.click('#token-form button[type=submit]');
  await page.waitForSelector('#token-new:not([hidden])');
  const token = await page.inputValue('#token-new-value');
  assert.match(token, /^bq_[0-9a-f]{32}$/);
  await page.waitForFunction(() => document.querySelectorAll('#token-list li').length === 1);
  const me = await fetch(`${env.server.url}api/account`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal((await me.json()).username, 'Alice_1');
  await page.click('#token-list li button');
  await page.waitForFunction(() => document.querySelectorAll('#token-list li').length === 0);
  assert.equal((await fetch(`${env.server.url}api/account`, { headers: { Authorization: `Bearer ${token}` } })).status, 401);

  await page.fill('#old-password', 'first password');
  await page.fill('#new-password', 'second password');
  await page.click('#password-form button[type=submit]');
  await page.waitForFunction(() => /password is changed/.test(document.getElementById('account-status').textContent));

  await page.click('#btn-logout');
  await page.waitForSelector('#logged-out:not([hidden])');
  await page.fill('#login-name', 'alice_1');
  await page.fill('#login-password', 'first password');
  await page.click('#login-form button[type=submit]');
  await page.waitForFunction(() => document.getElementById('account-status').textContent === 'Wrong name or password.');
  await page.fill('#login-password', 'second password');
  await page.click('#login-form button[type=submit]');
  await page.waitForSelector('#logged-in:not([hidden])');
  assert.deepEqual(errors, []);

  // A page of another origin (127.0.0.1 rather than localhost) posts with the player's cookie:
  // no token is made.
  const other = env.server.url.replace('localhost', '127.0.0.1');
  const evil = await context.newPage();
  await evil.goto(`${other}www/account.html`);
  await evil.evaluate(async (target) => {
    for (const path of ['api/token', 'logout']) {
      await fetch(`${target}${path}`, { method: 'POST', mode: 'no-cors', credentials: 'include' }).catch(() => {});
    }
  }, env.server.url);
  await page.reload();
  await page.waitForSelector('#logged-in:not([hidden])');
  assert.equal(await tokenCount(page), 0);
  await context.close();
});

test('the account page on a phone in Chinese', async () => {
  const { page, context, errors } = await accountPage(env.server.url, { width: 360, height: 740, isMobile: true, lang: 'zh-Hans' });
  assert.equal(await page.textContent('#logged-out h2'), '登录');
  assert.equal(await page.textContent('#signup-form button'), '注册');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  // The server's refusal in Chinese: the name the first test took, in another case.
  await page.fill('#signup-password', 'a good password');
  await page.fill('#signup-name', 'ALICE_1');
  await page.click('#signup-form button[type=submit]');
  await page.waitForFunction(() => document.getElementById('account-status').textContent.includes('已被使用'));
  assert.deepEqual(errors, []);
  await context.close();
});
