// The account page (www/account.html): log in or create an account, then the account's ratings,
// log out, change the password, make and revoke personal API tokens. The calls are
// www/account/client.js's; every word is a catalog message (account-*).
import { startPageI18n, t } from '../services/i18n.js';
import { call, ratingText, whoAmI } from '../account/client.js';

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** @typedef {{ id: string, args?: Record<string, string | number> }} Message */

/**
 * What the page shows now: the account's JSON (lichess's user shape), or null (logged out).
 * @type {{ username: string, perfs?: Record<string, any> } | null}
 */
let account = null;
/** The last message shown, so a change of language re-renders it. @type {Message | null | undefined} */
let said = null;

/** Shows `message` in the status line (null clears it). @param {Message | null | undefined} message */
function say(message) {
  said = message;
  $('account-status').textContent = message ? t(message.id, message.args) : '';
}

/** Renders the account (or the forms). */
function render() {
  $('logged-out').hidden = account !== null;
  $('logged-in').hidden = account === null;
  if (!account) return;
  $('account-name').textContent = t('account-logged-in-as', { name: account.username });
  $('account-player').href = new URL(`/@/${encodeURIComponent(account.username)}`, location.href).href;
  const rows = Object.entries(account.perfs ?? {}).map(([game, perf]) => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = t(`game-${game}`);
    const rating = document.createElement('td');
    rating.textContent = ratingText(perf);
    const games = document.createElement('td');
    games.textContent = String(perf.games);
    tr.append(th, rating, games);
    return tr;
  });
  $('account-ratings-body').replaceChildren(...rows);
}

async function refresh() {
  const a = await whoAmI();
  account = a && a.ok ? a.body : null;
  if (a && !a.ok) say(a.error);
  render();
  if (account) await listTokens();
}

async function listTokens() {
  const a = await call('/api/tokens', { method: 'GET' });
  if (!a.ok) return say(a.error);
  const items = a.body.tokens.map((/** @type {{ id: number, description: string, createdAt: number }} */ tok) => {
    const li = document.createElement('li');
    const label = document.createElement('span');
    label.textContent = t('account-token-item', { id: tok.id, description: tok.description || '—', date: new Date(tok.createdAt).toLocaleDateString(document.documentElement.lang) });
    const revoke = document.createElement('button');
    revoke.type = 'button';
    revoke.className = 'small';
    revoke.textContent = t('account-token-revoke');
    revoke.addEventListener('click', async () => {
      const r = await call(`/api/token/${encodeURIComponent(tok.id)}/revoke`);
      say(r.ok ? { id: 'account-token-revoked' } : r.error);
      await listTokens();
    });
    li.append(label, ' ', revoke);
    return li;
  });
  $('token-list').replaceChildren(...items);
  $('token-none').hidden = items.length > 0;
}

/**
 * Posts `form`'s fields to `path`; on success runs `then` with the answer's body.
 * @param {HTMLFormElement} form @param {string} path @param {(body: any) => Promise<void>} then
 */
function wire(form, path, then) {
  form.addEventListener('submit', async (/** @type {Event} */ e) => {
    e.preventDefault();
    const fields = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
    const a = await call(path, { fields });
    if (!a.ok) return say(a.error);
    form.reset();
    await then(a.body);
  });
}

wire($('login-form'), '/login', async () => {
  say(null);
  await refresh();
});
wire($('signup-form'), '/signup', async () => {
  say({ id: 'account-welcome' });
  await refresh();
});
wire($('password-form'), '/account/password', async (/** @type {any} */ body) => say({ id: 'account-password-changed', args: { sessions: body.sessionsEnded } }));
wire($('token-form'), '/api/token', async (/** @type {any} */ body) => {
  $('token-new-value').value = body.token;
  $('token-new').hidden = false;
  say({ id: 'account-token-made' });
  await listTokens();
});
$('btn-logout').addEventListener('click', async () => {
  const a = await call('/logout');
  if (!a.ok) return say(a.error);
  $('token-new').hidden = true;
  say({ id: 'account-logged-out' });
  await refresh();
});

startPageI18n($('lang-select'), () => {
  render();
  say(said);
}).then(refresh);
