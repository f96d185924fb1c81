// A rated game in headless Chromium against baroque-server (issue 35): two players sign up,
// Alice makes a rated challenge link, Bob opens it logged in, they play by clicking and Bob
// resigns; both game-over dialogs show the rating changes Glicko-2 gives two new players
// (1500 ± 242, RD 500 → 397, still provisional). Then the account's games on another device
// (Alice logged in on a fresh browser: her Games list), the player page and the leaderboard in
// Chinese on a phone (screenshots in tests/artifacts), and a guest told to log in for a rated seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, useBrowser } from './helpers.mjs';
import { connected, contextWithErrors, signupAt, ratedWinForWhite } from './online-harness.mjs';

const env = useBrowser();

/** A browser context on the server; page errors collected. */
const context = (options) => contextWithErrors(env.browser, options);

/** Signs `name` up on the server's account page in `page`. */
const signup = (page, name) => signupAt(page, env.server.url, name);

/** Calls the server from `page` (its cookie and Origin, as the page's own scripts do). */
function call(page, path, body = null) {
  return page.evaluate(async ([p, b]) => {
    const init = b === null ? { method: 'POST' } : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) };
    const res = await fetch(p, init);
    return { status: res.status, body: await res.json().catch(() => null) };
  }, [path, body]);
}

/** A rated Ultima challenge of `page`'s account, White: the server's answer. */
async function ratedChallenge(page) {
  const made = await call(page, '/api/challenge/open', { variant: 'ultima', rated: true, color: 'white', clock: { limit: 600, increment: 0 } });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  assert.equal(made.body.rated, true);
  return made.body;
}

test('a rated game between two accounts: both see the Glicko-2 change; the games on another device; the player page and leaderboard in Chinese on a phone', async () => {
  const a = await context();
  const b = await context();
  await signup(a.page, 'Alice');
  await signup(b.page, 'Bob');
  const made = await ratedChallenge(a.page);
  // Alice opens the game: her account holds White (no token in this browser needed).
  await a.page.goto(`${env.server.url}game/${made.id}`);
  await a.page.waitForSelector('#board[data-ready="true"]');
  await connected(a.page);
  assert.equal(await a.page.getAttribute('#online-info', 'data-seat'), 'white');
  // Bob opens the invitation logged in: Black, on his account.
  await b.page.goto(made.inviteUrl);
  await b.page.waitForSelector('#board[data-ready="true"]');
  await connected(b.page);
  assert.equal(await b.page.getAttribute('#online-info', 'data-seat'), 'black');
  const full = await b.page.evaluate(async (id) => (await fetch(`/api/game/${id}`)).json(), made.id);
  assert.deepEqual([full.white.id, full.black.id, full.rated], ['alice', 'bob', true]);

  await ratedWinForWhite(a.page, b.page);
  await a.page.screenshot({ path: artifact('rated-game-over.png') });

  // Nine more rated games by the API (each moves once and one resigns, winners alternating):
  // ten games each put both on the Ultima leaderboard (RD 500 → 149).
  for (let i = 1; i < 10; i++) {
    const g = await ratedChallenge(a.page);
    const code = new URL(g.inviteUrl).hash.replace('#invite=', '');
    assert.equal((await call(b.page, `/api/board/game/${g.id}/join`, { invite: code })).status, 200);
    assert.equal((await call(a.page, `/api/board/game/${g.id}/move/a2a5`)).status, 200);
    assert.equal((await call(b.page, `/api/board/game/${g.id}/move/h7h4`)).status, 200);
    assert.equal((await call(i % 2 ? a.page : b.page, `/api/board/game/${g.id}/resign`)).status, 200);
  }

  // Alice on another device: logged in, her Games list holds the account's games.
  const c = await context();
  await c.page.goto(`${env.server.url}www/account.html`);
  await c.page.waitForSelector('#logged-out:not([hidden])');
  await c.page.fill('#login-name', 'alice');
  await c.page.fill('#login-password', 'a good password');
  await c.page.click('#login-form button[type=submit]');
  await c.page.waitForSelector('#logged-in:not([hidden])');
  await c.page.goto(`${env.server.url}index.html`);
  await c.page.waitForSelector('#board[data-ready="true"]');
  await c.page.click('#btn-games');
  await c.page.waitForSelector('#games[open]');
  await c.page.waitForFunction(() => document.querySelectorAll('#games-items li[data-online]').length === 10);
  assert.equal(await c.page.getAttribute(`#games-items li[data-online="${made.id}"]`, 'data-online'), made.id);

  // The account page links to the player page.
  await c.page.goto(`${env.server.url}www/account.html`);
  await c.page.waitForSelector('#logged-in:not([hidden])');
  assert.match(await c.page.getAttribute('#account-player', 'href'), /\/@\/alice$/i);

  // The player page and the leaderboard on a phone, in Chinese.
  const phone = await context({ width: 390, height: 844, isMobile: true });
  await phone.page.goto(`${env.server.url}@/alice?lang=zh-Hans`);
  await phone.page.waitForSelector('#player:not([hidden])');
  assert.equal(await phone.page.textContent('#player-heading'), 'Alice');
  const rows = await phone.page.locator('#player-ratings tr').allTextContents();
  assert.ok(rows.some((r) => r.includes('终极象棋') || /Ultima/.test(r)), rows.join(' | '));
  assert.equal(await phone.page.locator('#player-chart svg polyline').count(), 1, 'one game rated: one line');
  assert.match(await phone.page.textContent('#player-counts'), /共 10 局：胜 5，负 5，和 0（计分 10 局）/);
  assert.equal(await phone.page.locator('#player-games li').count(), 10);
  const first = phone.page.locator('#player-games li').last();
  assert.match(await first.textContent(), /胜.*Bob|胜.*bob/);
  assert.match(await first.locator('a').first().getAttribute('href'), new RegExp(`/game/${made.id}$`));
  assert.match(await phone.page.getAttribute('#player-pgn', 'href'), /\/api\/games\/user\/alice\?max=300$/);
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page fits the phone (${width} px)`);
  await phone.page.screenshot({ path: artifact('player-zh-phone.png'), fullPage: true });

  await phone.page.goto(`${env.server.url}www/leaderboard.html?game=ultima&lang=zh-Hans`);
  await phone.page.waitForFunction(() => document.querySelectorAll('#leaderboard li').length === 2);
  const board = await phone.page.locator('#leaderboard li').allTextContents();
  assert.match(board.join('\n'), /Alice \d{4}/);
  assert.match(board.join('\n'), /Bob \d{4}/);
  assert.equal(await phone.page.getAttribute('#leaderboard-games [data-game="ultima"]', 'aria-pressed'), 'true');
  await phone.page.click('#leaderboard-games [data-game="omega"]');
  await phone.page.waitForSelector('#leaderboard-status:has-text("还没有人")');
  await phone.page.click('#leaderboard-games [data-game="ultima"]');
  await phone.page.waitForFunction(() => document.querySelectorAll('#leaderboard li').length === 2);
  await phone.page.screenshot({ path: artifact('leaderboard-zh-phone.png'), fullPage: true });

  // A guest opening a rated game's invitation is told to log in and open the link again (the
  // address bar never shows a secret; the link itself is unused).
  const guest = await context();
  const open = await ratedChallenge(a.page);
  await guest.page.goto(open.inviteUrl);
  await guest.page.waitForSelector('#board[data-ready="true"]');
  await guest.page.waitForFunction(() => /log in/.test(document.querySelector('#online-info')?.textContent ?? ''));
  const unused = await call(b.page, `/api/board/game/${open.id}/join`, { invite: new URL(open.inviteUrl).hash.replace('#invite=', '') });
  assert.equal(unused.status, 200, 'the invitation is still good for a logged-in player');

  for (const x of [a, b, c, phone, guest]) {
    assert.deepEqual(x.errors, []);
    await x.ctx.close();
  }
});
