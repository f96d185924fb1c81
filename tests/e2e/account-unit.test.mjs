// The account page's calls without a browser (www/account/client.js, a fake fetch): every call
// asks for JSON and posts a form with the page's cookie; each refusal code of the server gets
// its own words in every catalog; nobody logged in is not an error; ratings shown as lichess's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.mjs';
import { call, ratingText, refusal, whoAmI } from '../../www/account/client.js';

globalThis.location = /** @type {any} */ ({ href: 'http://127.0.0.1:9/www/account.html' });

/** A fetch answering `status` and `body` (and `headers`), noting what it was asked. */
function fake(status, body, headers = {}) {
  const asked = [];
  const impl = async (url, init) => {
    asked.push({ url: String(url), init });
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name) => headers[name.toLowerCase()] ?? null },
      json: async () => body,
    };
  };
  return { impl, asked };
}

test('a call posts a form to the page\'s server, asking for JSON, with the page\'s cookie', async () => {
  const f = fake(200, { ok: true, username: 'Alice' });
  const a = await call('/login', { fields: { username: 'Alice', password: 'a long password' } }, f.impl);
  assert.deepEqual(a, { ok: true, body: { ok: true, username: 'Alice' } });
  const { url, init } = f.asked[0];
  assert.equal(url, 'http://127.0.0.1:9/login');
  assert.equal(init.method, 'POST');
  assert.equal(init.headers.Accept, 'application/json');
  assert.equal(init.credentials, 'same-origin');
  assert.equal(String(init.body), 'username=Alice&password=a+long+password');
});

test('each refusal of the server gets its message; rate limits in minutes; a network failure', async () => {
  const wrong = await call('/login', { fields: {} }, fake(401, { error: 'wrong name or password', code: 'bad-credentials' }).impl);
  assert.deepEqual(wrong, { ok: false, error: { id: 'account-error-bad-credentials' } });
  assert.deepEqual(refusal(429, { code: 'rate-limited' }, '873'), { id: 'account-error-rate-limited', args: { minutes: 15 } });
  assert.deepEqual(refusal(429, { code: 'rate-limited' }, null), { id: 'account-error-rate-limited', args: { minutes: 1 } });
  assert.deepEqual(refusal(502, null, null), { id: 'account-error-other', args: { status: 502 } });
  assert.deepEqual(refusal(400, { code: '__proto__' }, null), { id: 'account-error-other', args: { status: 400 } });
  const down = await call('/login', {}, async () => {
    throw new TypeError('failed to fetch');
  });
  assert.deepEqual(down, { ok: false, error: { id: 'account-error-network' } });
  const en = readFileSync(join(ROOT, 'www', 'i18n', 'en.ftl'), 'utf8');
  const codes = ['bad-username', 'bad-password', 'name-taken', 'bad-credentials', 'rate-limited', 'bad-origin', 'not-logged-in', 'session-needed', 'too-many-tokens', 'no-token', 'other', 'network'];
  for (const code of codes) assert.match(en, new RegExp(`^account-error-${code} =`, 'm'), code);
  for (const code of codes.slice(0, -2)) assert.equal(refusal(400, { code }, null).id, `account-error-${code}`);
});

test('nobody logged in is null; the account otherwise; ratings with ? while provisional', async () => {
  assert.equal(await whoAmI(fake(401, { code: 'not-logged-in' }).impl), null);
  const me = await whoAmI(fake(200, { username: 'Alice' }).impl);
  assert.deepEqual(me, { ok: true, body: { username: 'Alice' } });
  assert.equal(ratingText({ rating: 1500, prov: true }), '1500?');
  assert.equal(ratingText({ rating: 1712, prov: false }), '1712');
});
