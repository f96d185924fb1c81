// Playing a friend online in the browser (issue 24, the page side): two browser contexts play
// each other by clicking, from the invite link the new-game dialog makes; one goes offline for
// 10 s and comes back (its move made meanwhile reaches the other), one reloads mid-game, a
// spectator on a phone in Chinese follows, the Games list shows the games ("your move" for
// correspondence, PGN once over), and on a static host the online choice says the server is not
// reachable.
//
// Serving: tests/e2e/online-harness.mjs (the page's files, baroque-server, one origin).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact } from './helpers.mjs';
import { clickMove, connected, onlineTests, ply } from './online-harness.mjs';

const { env, player, makeInvite, done } = onlineTests();

test('two players by clicking from the invite link: offline 10 s, a reload, a spectator on a Chinese phone, resignation, PGN, rematch', async () => {
  const a = await player(`${env.proxy.url}index.html`);
  const { invite, spectator } = await makeInvite(a.page, { shot: 'online-en' });
  assert.match(invite, /\?game=[0-9a-f]+#invite=[0-9a-f]{32}$/, 'the friend\'s link carries a one-time invitation');
  assert.match(spectator, /\?game=[0-9a-f]+$/, 'the spectator\'s link holds no secret');
  assert.match(a.page.url(), /\?game=[0-9a-f]+$/, 'the creator\'s address bar holds no secret');
  await connected(a.page);
  assert.equal(await a.page.getAttribute('#online-info', 'data-seat'), 'white');

  const b = await player(invite);
  await connected(b.page);
  assert.match(b.page.url(), /\?game=[0-9a-f]+$/, 'the invitation is out of the friend\'s address bar once used');
  assert.equal(await b.page.getAttribute('#online-info', 'data-seat'), 'black');
  assert.equal(await b.page.getAttribute('#board', 'data-orientation'), 'black', 'Black sees the board from its side');
  await b.page.waitForSelector('[data-turn="theirs"]');

  await clickMove(a.page, 'a2', 'a5', 1);
  await ply(b.page, 1);
  // Not Black's screen's turn for White: a click on a White piece does nothing.
  await clickMove(b.page, 'h7', 'h4', 2);
  await ply(a.page, 2);
  await clickMove(a.page, 'b2', 'b5', 3);
  await ply(b.page, 3);
  assert.equal(await a.page.getAttribute('#clocks', 'hidden'), null, 'the live clock shows');

  // The spectator: a phone, in Chinese.
  const c = await player(`${spectator}&lang=zh-Hans`, { width: 390, height: 844, isMobile: true });
  await connected(c.page);
  await ply(c.page, 3);
  assert.equal(await c.page.getAttribute('#online-info', 'data-seat'), 'spectator');
  assert.match(await c.page.textContent('#online-info'), /观战中/);
  await c.page.screenshot({ path: artifact('online-zh-phone.png'), fullPage: false });

  // Black goes offline for 10 s and moves meanwhile: the move reaches White when it is back.
  await b.context.setOffline(true);
  await b.page.waitForSelector('#online-info[data-connection="offline"]', { timeout: 5000 });
  await clickMove(b.page, 'g7', 'g4', 4);
  await a.page.waitForTimeout(10000);
  assert.equal(await a.page.getAttribute('#board', 'data-ply'), '3', 'nothing reached White while Black was offline');
  await b.context.setOffline(false);
  await connected(b.page, 20000);
  await ply(a.page, 4, 20000);
  await ply(c.page, 4);

  // White reloads mid-game: the same seat, the same game.
  await a.page.reload();
  await a.page.waitForSelector('#board[data-ready="true"]');
  await connected(a.page);
  await ply(a.page, 4);
  assert.equal(await a.page.getAttribute('#online-info', 'data-seat'), 'white');
  await clickMove(a.page, 'c2', 'c5', 5);
  await ply(b.page, 5);
  await a.page.screenshot({ path: artifact('online-en-game.png') });

  // A draw offer the opponent declines, then Black resigns: the server's result everywhere.
  await a.page.click('#btn-draw');
  await b.page.waitForSelector('[data-offer="draw"]');
  await b.page.click('[data-offer="draw"] [data-answer="no"]');
  await a.page.waitForFunction(() => !document.querySelector('[data-offered="draw"]'));
  // Resign asks once, as at one screen.
  await b.page.click('#btn-resign');
  await b.page.click('#btn-resign-yes');
  for (const p of [a.page, b.page, c.page]) await p.waitForSelector('#board[data-result="white"]');
  assert.equal(await a.page.getAttribute('#status', 'data-reason'), 'resign');

  // The Games list: the online game with its PGN.
  await a.page.waitForSelector('#game-over[open]');
  await a.page.keyboard.press('Escape');
  await a.page.click('#btn-games');
  await a.page.waitForSelector('#games[open]'); // the list's module loads at first use
  const item = a.page.locator('#games-items li[data-online]');
  await item.first().waitFor();
  const [download] = await Promise.all([a.page.waitForEvent('download'), item.first().locator('[data-action="export"]').click()]);
  const pgn = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(pgn).toString('utf8');
  assert.match(text, /1-0/);
  assert.match(text, /\[Termination "resign"\]/);
  await a.page.keyboard.press('Escape');

  // A rematch both ask for (the game-over dialog's Rematch): a new game, colours swapped.
  const first = new URL(a.page.url()).searchParams.get('game');
  await b.page.waitForSelector('#game-over[open]');
  await b.page.click('#go-rematch');
  await a.page.waitForSelector('[data-offer="rematch"]');
  await a.page.click('[data-offer="rematch"] [data-answer="yes"]');
  for (const [who, seat] of [[a, 'black'], [b, 'white']]) {
    await who.page.waitForFunction((g) => new URLSearchParams(location.search).get('game') !== g, first);
    await who.page.waitForSelector(`#online-info[data-seat="${seat}"][data-connection="open"]`);
    await ply(who.page, 0);
  }
  await clickMove(b.page, 'a2', 'a5', 1);
  await ply(a.page, 1);
  await done(a, b, c);
});

test('correspondence: "your move" in the Games list; the Chinese dialog', async () => {
  const res = await fetch(`${env.proxy.url}api/challenge/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'omega', days: 3, color: 'white' }),
  });
  const made = await res.json();
  // An old link with the seat's token: it plays, and the token leaves the address bar at once.
  const a = await player(`${env.proxy.url}index.html?game=${made.id}&lang=zh-Hans#token=${made.tokenWhite}`);
  await connected(a.page);
  assert.equal(new URL(a.page.url()).hash, '', 'no token in the address bar');
  assert.equal(await a.page.getAttribute('#online-info', 'data-seat'), 'white');
  assert.match(await a.page.textContent('#players-info'), /每步 3 天/);
  await a.page.click('#btn-games');
  await a.page.waitForSelector('#games[open]'); // the list's module loads at first use
  const item = a.page.locator(`#games-items li[data-online="${made.id}"]`);
  await item.waitFor();
  assert.equal(await item.getAttribute('data-your-move'), 'true');
  assert.match(await item.textContent(), /轮到你走/);
  await a.page.keyboard.press('Escape');
  await a.page.click('#btn-new');
  await a.page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await a.page.check('input[name="mode"][value="online"]');
  await a.page.waitForSelector('#ng-online-status[data-reachable="true"]');
  await a.page.screenshot({ path: artifact('online-zh-dialog.png') });
  assert.deepEqual(a.errors, []);
  await a.context.close();
  // The invite on a phone.
  const phone = await player(`${env.proxy.url}index.html`, { width: 390, height: 844, isMobile: true });
  await makeInvite(phone.page, { color: 'random', days: '7', shot: 'online-phone' });
  await connected(phone.page);
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});

test('a static host without the game server: the online choice says it is not reachable', async () => {
  const a = await player(`${env.page.url}index.html`);
  await a.page.click('#btn-new');
  await a.page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await a.page.check('input[name="mode"][value="online"]');
  await a.page.waitForSelector('#ng-online-status[data-reachable="false"]');
  assert.ok(await a.page.isDisabled('#ng-start'));
  assert.match(await a.page.textContent('#ng-online-status'), /not reachable/);
  await a.context.close();
});
